"""The sizing table of "Running for a team": papers, chunks, disk, app memory, up to 100k papers.

    python bench/sizing.py          # builds the real 10k index and the synthetic 100k one if missing

For the 76 seeds, the 10,090 real abstracts and the synthetic 100,900-paper index
(bench/synth.py): chunks, the index folder's size on disk, and the peak RSS of an
app process (a child: `Engine.open` with MiniLM and Qwen 1.5B loaded, warmed up,
then 3 answers), its start time and its median answer time. Indexes are cached in
$PAPERCHAT_BENCH_CACHE (~/.cache/paperchat/bench), like bench/run.py's.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CACHE, ROOT, SHARED, child, median, peak_rss_gb, settings_for, table  # noqa: E402
from ingest_search import fresh_index  # noqa: E402

from paperchat.index import SCHEMA  # noqa: E402

QUESTIONS = ["How does PEARL speed up speculative decoding?", "Which papers propose watermarks, and how do they differ?",
             "What is the Halton scheduler for MaskGIT?"]


def child_app(index: str) -> dict[str, Any]:
    from paperchat.engine import Engine

    start = time.perf_counter()
    engine = Engine.open(settings_for(Path(index)))
    engine.warm_up()
    ready = time.perf_counter() - start
    times = []
    for q in QUESTIONS:
        t = time.perf_counter()
        engine.answer(q)
        times.append(time.perf_counter() - t)
    return {"papers": len(engine.papers()), "start_s": ready, "answer_p50_s": median(times),
            "peak_rss_gb": peak_rss_gb()}


def disk_mb(folder: Path) -> float:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 1e6


def main() -> int:
    CACHE.mkdir(parents=True, exist_ok=True)
    seeds = fresh_index(CACHE / "seeds-index", [ROOT / "data"])
    real = fresh_index(CACHE / "real-10k-index", [SHARED])
    huge = CACHE / "synthetic-100k-index"
    if json.loads((huge / "manifest.json").read_text() if (huge / "manifest.json").exists() else "{}").get(
            "schema") != SCHEMA:
        print("building the synthetic 100k index from the 10k one (bench/synth.py) …", file=sys.stderr, flush=True)
        from synth import build

        build(real, huge)
    rows = []
    for name, folder in (("seeds", seeds), ("real 10k", real), ("synthetic 100k", huge)):
        manifest = json.loads((folder / "manifest.json").read_text())
        app = child("app", str(folder))
        rows.append({"index": name, "papers": app["papers"], "chunks": manifest.get("chunks"),
                     "disk MB": round(disk_mb(folder), 1), "app peak RSS GB": round(app["peak_rss_gb"], 2),
                     "app start s": round(app["start_s"], 1), "answer p50 s": round(app["answer_p50_s"], 1)})
    print(table("Sizing (bench/sizing.py)", rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
