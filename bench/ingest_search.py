"""Ingest and search benchmarks: papers/s, re-ingest, peak RSS, search latency at 76 / 10k / 100k."""

from __future__ import annotations

import gzip
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from common import (
    CACHE,
    ROOT,
    SHARED,
    child,
    median,
    peak_rss_gb,
    percentile,
    read_gz_lines,
    settings_for,
)

from paperchat.errors import PaperchatError
from paperchat.index import SCHEMA


def run_ingest(paths: list[Path], index: Path) -> dict[str, Any]:
    """`paperchat ingest` in a child; its report, wall seconds, own peak RSS, index size."""
    start = time.perf_counter()
    report = child("ingest", str(index), *map(str, paths))
    size = sum(f.stat().st_size for f in index.rglob("*") if f.is_file())
    return {**report, "seconds": time.perf_counter() - start, "disk_mb": size / 1e6}


def child_ingest(index: str, paths: list[str]) -> dict[str, Any]:
    from paperchat.corpus import read_paths
    from paperchat.index import PaperIndex

    report = PaperIndex.open(settings_for(Path(index))).ingest(read_paths([Path(p) for p in paths]), progress=False)
    return {**report.to_json(), "peak_rss_gb": peak_rss_gb()}


def changed_copy(src: Path, dst: Path, share: float) -> int:
    """A copy of a JSONL.gz corpus with `share` of the abstracts edited (every k-th)."""
    lines = read_gz_lines(src)
    step, changed = max(int(1 / share), 1), 0
    with gzip.open(dst, "wt", encoding="utf-8") as f:
        for i, line in enumerate(lines):
            rec = json.loads(line)
            if i % step == 0:
                rec["abstract"] += " (Revised version.)"
                changed += 1
            f.write(json.dumps(rec) + "\n")
    return changed


def ingest_row(name: str, first: dict[str, Any], seconds: float | None = None) -> dict[str, Any]:
    seconds = seconds or first["seconds"]
    return {"corpus": name, "papers": first["papers"], "chunks": first["chunks"], "seconds": seconds,
            "papers/s": first["papers"] / seconds, "chunks/s": first["chunks"] / seconds,
            "peak RSS GB": first["peak_rss_gb"], "index MB": first["disk_mb"]}


def bench_ingest(quick: bool) -> list[dict[str, Any]]:
    """Seeds; ICLR 2026 from scratch; then ICML 2026 added to it (all 10,090), with
    unchanged and 1%-changed re-ingests. The 10k index is kept for the search bench."""
    work = Path(tempfile.mkdtemp(prefix="paperchat-bench-"))
    seeds = work / "seeds"
    first = run_ingest([ROOT / "data"], seeds)
    rows = [{**ingest_row("seeds (76)", first), "unchanged re-ingest s": run_ingest([ROOT / "data"], seeds)["seconds"]}]
    iclr, icml = SHARED / "iclr2026.jsonl.gz", SHARED / "icml2026.jsonl.gz"
    if quick or not (iclr.exists() and icml.exists()):
        shutil.rmtree(work, ignore_errors=True)
        return rows
    big = work / "all"
    first = run_ingest([iclr], big)
    rows.append({**ingest_row("ICLR 2026 (4,302)", first),
                 "unchanged re-ingest s": run_ingest([iclr], big)["seconds"]})
    added = run_ingest([iclr, icml], big)
    assert added["added"] == 5788, added
    row = ingest_row("all 10,090 (ICML added to the ICLR index)", added, first["seconds"] + added["seconds"])
    row["peak RSS GB"] = max(first["peak_rss_gb"], added["peak_rss_gb"])
    row["unchanged re-ingest s"] = run_ingest([iclr, icml], big)["seconds"]
    edited = [work / "iclr_1pct.jsonl.gz", work / "icml_1pct.jsonl.gz"]
    n = changed_copy(iclr, edited[0], 0.01) + changed_copy(icml, edited[1], 0.01)
    upd = run_ingest(edited, big)
    assert upd["updated"] == n and upd["added"] == 0, (upd, n)
    row["1% changed re-ingest s"] = upd["seconds"]
    row["updated"] = upd["updated"]
    rows.append(row)
    target = CACHE / "real-10k-index"
    shutil.rmtree(target, ignore_errors=True)
    shutil.move(str(big), target)
    shutil.rmtree(work, ignore_errors=True)
    return rows


# ---------------------------------------------------------------- search


def search_latency(index_dir: Path, queries: list[str], repeats: int = 3) -> dict[str, float]:
    from paperchat.engine import Engine

    engine = Engine.open(settings_for(index_dir), model=False)
    for q in queries[:3]:
        engine.search(q)  # warm-up: model, Chroma, BM25 weights
    times = []
    for _ in range(repeats):
        for q in queries:
            start = time.perf_counter()
            engine.search(q)
            times.append(time.perf_counter() - start)
    stats = engine.stats()
    return {"papers": stats["papers"], "chunks": stats["chunks"], "queries": len(times),
            "p50 ms": 1000 * median(times), "p95 ms": 1000 * percentile(times, 0.95),
            "max ms": 1000 * max(times)}


def titles(n: int) -> list[str]:
    lines = read_gz_lines(SHARED / "iclr2026.jsonl.gz")
    return [json.loads(line)["title"] for line in lines[:: max(len(lines) // n, 1)][:n]]


def fresh_index(folder: Path, paths: list[Path]) -> Path:
    """`folder` if it holds an index built with the current embedder and chunking, else rebuilt."""
    from paperchat.index import PaperIndex

    try:
        if PaperIndex.open(settings_for(folder)).require():
            return folder
    except PaperchatError:
        pass
    shutil.rmtree(folder, ignore_errors=True)
    print(f"building {folder.name} …", file=sys.stderr, flush=True)
    run_ingest(paths, folder)
    return folder


def bench_search(quick: bool, questions: list[str]) -> list[dict[str, Any]]:
    rows = [{"corpus": "seeds", **search_latency(fresh_index(CACHE / "seeds-index", [ROOT / "data"]), questions)}]
    if quick or not SHARED.exists():
        return rows
    big = fresh_index(CACHE / "real-10k-index", [SHARED])
    rows.append({"corpus": "real 10k", **search_latency(big, questions + titles(40))})
    huge = CACHE / "synthetic-100k-index"
    if json.loads((huge / "manifest.json").read_text() if (huge / "manifest.json").exists() else "{}").get(
            "schema") != SCHEMA:
        print("building the synthetic 100k index once from the 10k one (bench/synth.py) …", file=sys.stderr)
        from synth import build

        build(big, huge)
    rows.append({"corpus": "synthetic 100k", **search_latency(huge, questions + titles(40), repeats=2)})
    return rows
