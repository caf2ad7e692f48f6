"""Team-path figures: ingest papers/s by embedder path, and concurrent answers through model servers.

    python bench/team.py [--papers 600] [--skip-ingest] [--skip-servers]

Ingest: the first `papers` real abstracts of ../shared/corpora into a fresh
embedded index, once per path (MiniLM fp32 in-process, int8, fp32 with
--workers 2); papers/s is papers divided by the wall time of the ingest call
(the embedder already loaded, the corpus already read). Servers: llama_cpp.server
answers one request at a time, so one answer alone is timed against 2 threads,
then two at once against two 1-thread servers (llm.parallel 1) and against one
2-thread server; the ratio is the wall time of the pair over the single answer.
Prints one table each.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.conftest import free_port, serve_process  # noqa: E402

SHARED = ROOT.parent / "shared" / "corpora"
QUESTIONS = ["What is the Halton scheduler for MaskGIT?", "How does PEARL speed up speculative decoding?"]


def ingest_rows(papers: int) -> list[dict]:
    from paperchat.config import Settings
    from paperchat.corpus import read_paths
    from paperchat.index import PaperIndex

    with tempfile.TemporaryDirectory() as tmp:
        lines: list[str] = []
        for name in ("iclr2026.jsonl.gz", "icml2026.jsonl.gz"):
            with gzip.open(SHARED / name, "rt", encoding="utf-8") as f:
                lines += f.read().splitlines()
        corpus = Path(tmp) / "part.jsonl"
        corpus.write_text("\n".join(lines[:papers]) + "\n")
        records = read_paths([corpus])
        rows = []
        int8 = {"quantize": "int8"}
        for label, embedder, workers, index in (
                ("fp32, 1 process (default)", {}, 1, {}), ("int8, 1 process", int8, 1, {}),
                ("fp32, --workers 2", {}, 2, {}), ("int8, --workers 2", int8, 2, {})):
            settings = Settings.load(env={}).changed(index={"dir": Path(tmp) / str(len(label)), **index},
                                                     embedder=embedder)
            index = PaperIndex.open(settings)
            index.embedder.get_text_embedding("warm up")
            start = time.perf_counter()
            report = index.ingest(records, progress=False, workers=workers)
            wall = time.perf_counter() - start
            rows.append({"path": label, "papers": report.papers, "chunks": report.chunks, "wall s": round(wall, 1),
                         "papers/s": round(report.papers / wall, 1)})
        return rows


@contextlib.contextmanager
def servers(count: int, threads: int) -> list[str]:
    from paperchat.config import Settings
    from paperchat.fetch import gguf_path

    model = gguf_path("qwen2.5-coder-1.5b", Settings.load(env={}).models_dir)
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        urls = []
        for i in range(count):
            port = free_port()
            url = f"http://127.0.0.1:{port}/v1"
            stack.enter_context(serve_process([sys.executable, "-m", "llama_cpp.server", "--model", str(model),
                                               "--port", str(port), "--n_ctx", "2048", "--n_threads", str(threads),
                                               "--model_alias", "local"], url + "/models", Path(tmp) / f"{i}.log",
                                              wait_s=180))
            urls.append(url)
        yield urls


def timed(urls: list[str], questions: list[str]) -> float:
    from paperchat.config import Settings
    from paperchat.engine import Engine
    settings = Settings.load(env={}).changed(llm={"backend": "openai_like", "api_base": ",".join(urls), "parallel": 1,
                                                  "max_tokens": 80}, answer={"synthesis": True})
    engine = Engine.open(settings, build_missing=True)
    engine.answer("warm up question about diffusion")
    start = time.perf_counter()
    threads = [threading.Thread(target=engine.answer, args=(q,)) for q in questions]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start


def server_rows() -> list[dict]:
    rows = []
    with servers(1, 2) as one:
        alone = timed(one, QUESTIONS[:1])
        serial = timed(one, QUESTIONS)
    with servers(2, 1) as two:
        pair = timed(two, QUESTIONS)
    rows.append({"setup": "1 answer, one 2-thread server", "wall s": round(alone, 1), "× one answer": 1.0})
    rows.append({"setup": "2 answers at once, one 2-thread server (queued)", "wall s": round(serial, 1),
                 "× one answer": round(serial / alone, 2)})
    rows.append({"setup": "2 answers at once, two 1-thread servers", "wall s": round(pair, 1),
                 "× one answer": round(pair / alone, 2)})
    return rows


def table(rows: list[dict]) -> None:
    keys = list(rows[0])
    print("| " + " | ".join(keys) + " |\n|" + "---|" * len(keys))
    for r in rows:
        print("| " + " | ".join(str(r[k]) for k in keys) + " |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--papers", type=int, default=600)
    parser.add_argument("--skip-ingest", action="store_true")
    parser.add_argument("--skip-servers", action="store_true")
    args = parser.parse_args()
    if not args.skip_ingest:
        table(ingest_rows(args.papers))
    if not args.skip_servers:
        table(server_rows())
