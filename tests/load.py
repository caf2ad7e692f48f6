"""Load test: people in browsers and programs on the /ask API, all asking at once.

    python -m tests.load --api 5 --browsers 3 --seconds 120   # what `make soak` runs
    python -m tests.load --api 3 --browsers 2 --rounds 1       # the short form CI runs

Starts the real app (app.py, the configured model) on a free port on
127.0.0.1 unless `--url` names one, then runs every session at the same
moment: API sessions ask /ask through gradio_client in threads; browser
sessions are separate Chromium contexts (separate Gradio sessions) that ask a
question and a follow-up. Each session has its own topic, so cross-talk shows:
an API answer must cite its own paper; a browser's chat must hold exactly its
own questions, and its sources panel its own paper. Loops are bounded by
`--seconds` and `--rounds`; nothing leaves the machine. Prints one table row
and returns the figures (tests/test_slow_load.py asserts on them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"

# (question, a follow-up, the title its answer must cite first): one topic per session
TOPICS = [
    ("What is the Halton scheduler for MaskGIT?", "What does it improve?", "Halton Scheduler"),
    ("What is PEARL for speculative decoding?", "How much faster is it?", "PEARL"),
    ("How does DeepWeightFlow generate neural network weights?", "What does it use?", "DeepWeightFlow"),
    ("What does ZIP-RC predict about a generation?", "How is it used?", "ZIP-RC"),
    ("How does NoisePrints prove who made an image?", "What does it need?", "NoisePrints"),
    ("What is dParallel and how many decoding steps does it need?", "What does it train?", "dParallel"),
    ("What does guidance do in masked discrete diffusion?", "What does it show?", "What Exactly Does Guidance Do"),
    ("Why should low-probability tokens not dominate GRPO updates?", "What does it propose?", "Do Not Let Low-Probability"),
]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def api_session(url: str, topic: tuple[str, str, str], deadline: float, rounds: int, out: dict[str, Any]) -> None:
    from gradio_client import Client

    client = Client(url, verbose=False)
    question, _, title = topic
    for _ in range(rounds):
        if time.monotonic() > deadline:
            break
        start = time.perf_counter()
        try:
            got = client.predict(question, api_name="/ask")
            got = json.loads(got) if isinstance(got, str) else got
        except Exception as e:  # noqa: BLE001 - a failed call is what the test counts
            out["errors"].append(f"api {title}: {type(e).__name__}: {e}")
            continue
        out["seconds"].append(time.perf_counter() - start)
        cited = [c["title"] for c in got.get("citations", [])]
        if got.get("error") or got.get("abstained") or not cited:
            out["errors"].append(f"api {title}: no answer ({got.get('error') or 'abstained'})")
        elif not cited[0].startswith(title):
            out["crosstalk"].append(f"api {title}: cited {cited[0]!r} first")
        out["answers"] += 1


async def browser_session(browser: Any, url: str, topic: tuple[str, str, str], deadline: float,
                          rounds: int, out: dict[str, Any]) -> None:
    context = await browser.new_context(viewport={"width": 1300, "height": 900})
    page = await context.new_page()
    question, follow_up, title = topic
    try:
        await page.goto(url)
        asked: list[str] = []
        for _ in range(rounds):
            if time.monotonic() > deadline:
                break
            for q in (question, follow_up):
                start = time.perf_counter()
                done = len(asked)
                asked.append(q)
                await page.fill("#question textarea", q)
                await page.click("#ask")
                # a finished answer ends with its footer, an abstention or a warning
                await page.wait_for_function(
                    "(document.querySelector('#chat').innerText"
                    f".match(/verified against|has no paper on this|⚠️/g) || []).length > {done}",
                    timeout=600_000)
                out["seconds"].append(time.perf_counter() - start)
                out["answers"] += 1
            chat = await page.inner_text("#chat")
            mine = [q for q in asked if q in chat]
            foreign = [t[0] for t in TOPICS if t[0] not in asked and t[0] in chat]
            if mine != asked or foreign:
                out["crosstalk"].append(f"browser {title}: chat holds {foreign or 'not all of its questions'}")
            first_card = await page.inner_text("#src-1")
            if title not in first_card:
                out["crosstalk"].append(f"browser {title}: first source is {first_card[:60]!r}")
    except Exception as e:  # noqa: BLE001 - a broken session is what the test counts
        out["errors"].append(f"browser {title}: {type(e).__name__}: {str(e)[:200]}")
    finally:
        await context.close()


async def browsers(url: str, topics: list[tuple[str, str, str]], deadline: float, rounds: int,
                   out: dict[str, Any]) -> None:
    if not topics:
        return
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        await asyncio.gather(*(browser_session(browser, url, t, deadline, rounds, out) for t in topics))
        await browser.close()


def run(url: str, pid: int | None, api: int, browser_count: int, seconds: float, rounds: int) -> dict[str, Any]:
    """All sessions at once against the app at `url`; the figures, with errors and cross-talk listed."""
    out: dict[str, Any] = {"answers": 0, "seconds": [], "errors": [], "crosstalk": []}
    topics = [TOPICS[i % len(TOPICS)] for i in range(api + browser_count)]
    before = rss_mb(pid) if pid else float("nan")
    start = time.perf_counter()
    deadline = time.monotonic() + seconds
    threads = [threading.Thread(target=api_session, args=(url, t, deadline, rounds, out)) for t in topics[:api]]
    for t in threads:
        t.start()
    asyncio.run(browsers(url, topics[api:], deadline, rounds, out))
    for t in threads:
        t.join()
    times = sorted(out["seconds"])
    return {"sessions": f"{api} API + {browser_count} browser", "wall s": round(time.perf_counter() - start, 1),
            "answers": out["answers"], "errors": out["errors"], "crosstalk": out["crosstalk"],
            "alive": pid is None or Path(f"/proc/{pid}").exists(),
            "answer p50 s": round(times[len(times) // 2], 1) if times else None,
            "answer max s": round(times[-1], 1) if times else None,
            "RSS before MB": round(before), "RSS after MB": round(rss_mb(pid)) if pid else None}


def main() -> int:
    from tests.conftest import free_port, serve_process

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="an app already running (default: start app.py on a free port)")
    parser.add_argument("--api", type=int, default=5)
    parser.add_argument("--browsers", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--rounds", type=int, default=100)
    args = parser.parse_args()
    if args.url:
        result = run(args.url, None, args.api, args.browsers, args.seconds, args.rounds)
    else:
        port = free_port()
        url = f"http://127.0.0.1:{port}/"
        log = Path(os.environ.get("TMPDIR", "/tmp")) / f"paperchat-soak-{port}.log"
        with serve_process([sys.executable, str(ROOT / "app.py"), "--port", str(port)], url, log) as proc:
            result = run(url, proc.pid, args.api, args.browsers, args.seconds, args.rounds)
    print("| " + " | ".join(result) + " |\n|" + "---|" * len(result))
    print("| " + " | ".join(str(len(v) if isinstance(v, list) else v) for v in result.values()) + " |")
    for line in result["errors"] + result["crosstalk"]:
        print("-", line)
    return 0 if result["alive"] and not result["errors"] and not result["crosstalk"] else 1


if __name__ == "__main__":
    sys.exit(main())
