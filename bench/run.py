"""paperchat benchmarks: ingest, search, answers, and the plain llama-index baseline, in one run.

    python bench/run.py            # standard run (~30 min on 2 cores; see README)
    python bench/run.py --quick    # seeds only, the 0.5B model, a few questions (< 3 min after set-up)

Prints Markdown tables and writes bench/results/<date>.json. Every timing is a
median over repeats after a warm-up; spread is reported as p95 or max.
Ingest, each model and the baseline run in child processes, so each peak RSS
is that process's own.

The answer questions are eval questions with gold papers (half comparative), so
the same runs give speed and citation quality. The baseline is what a user
would assemble from llama-index: a `VectorStoreIndex` over Chroma built with
the same MiniLM embedder, answered by `CitationQueryEngine` with the same local
model (through a `CustomLLM` adapter), scored by the same checks as paperchat.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from answers import bench_answers, bench_baseline, child_answers, child_baseline, pick_questions  # noqa: E402
from common import CACHE, ROOT, table  # noqa: E402
from ingest_search import bench_ingest, bench_search, child_ingest, fresh_index  # noqa: E402
from sizing import child_app  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--skip", nargs="*", default=[], choices=["ingest", "search", "answer", "baseline"])
    parser.add_argument("--all-backends", action="store_true",
                        help="also the Qwen models on transformers (adds ~20 min on 2 cores)")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, *rest = args.child
        fn = {"ingest": lambda: child_ingest(rest[0], rest[1:]), "answers": lambda: child_answers(*rest),
              "baseline": lambda: child_baseline(*rest), "app": lambda: child_app(rest[0])}[kind]
        print(json.dumps(fn(), default=str))
        return 0
    started = time.perf_counter()
    CACHE.mkdir(parents=True, exist_ok=True)
    questions = pick_questions(4 if args.quick else 20)
    question_file = CACHE / "bench-questions.json"
    question_file.write_text(json.dumps(questions))
    results: dict[str, Any] = {"date": time.strftime("%Y-%m-%d %H:%M"), "quick": args.quick,
                               "machine": f"{os.cpu_count()} cores, {_cpu()}",
                               "questions": [q["id"] for q in questions]}
    out = []

    def show(key: str, title: str, rows: list[dict[str, Any]]) -> None:
        results[key] = rows
        out.append(table(title, rows))
        print(out[-1], flush=True)

    if "ingest" not in args.skip:
        show("ingest", "Ingest", bench_ingest(args.quick))
    if "search" not in args.skip:
        show("search", "Search latency (model loaded)", bench_search(args.quick, [q["turns"][-1] for q in questions]))
    default = "qwen2.5-coder-0.5b" if args.quick else "qwen2.5-coder-1.5b"
    raw: dict[str, Any] = {}
    if "answer" not in args.skip or "baseline" not in args.skip:
        fresh_index(CACHE / "seeds-index", [ROOT / "data"])
        runs = [(default, "llama_cpp")] if args.quick or "answer" in args.skip else [
            ("qwen2.5-coder-1.5b", "llama_cpp"), ("qwen2.5-coder-0.5b", "llama_cpp"),
            ("smollm2-135m", "llama_cpp"), ("smollm2-135m", "transformers")] + (
            [("qwen2.5-coder-0.5b", "transformers"), ("qwen2.5-coder-1.5b", "transformers")]
            if args.all_backends else [])
        rows, raw = bench_answers(runs, question_file)
        results["answers_raw"] = raw
        if "answer" not in args.skip:
            show("answer", f"Answers over the seeds ({len(questions)} eval questions, half comparative)", rows)
    if "baseline" not in args.skip and f"{default}/llama_cpp" in raw:
        picked = questions[:1] if args.quick else questions[:3] + questions[10:13]
        subset = CACHE / "bench-baseline-questions.json"
        subset.write_text(json.dumps(picked))
        show("baseline", "paperchat vs plain llama-index CitationQueryEngine (same embedder, model, questions)",
             bench_baseline(default, subset, raw[f"{default}/llama_cpp"]))
    results["bench_minutes"] = (time.perf_counter() - started) / 60
    print(f"\nbench took {results['bench_minutes']:.1f} min")
    folder = ROOT / "bench" / "results"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{time.strftime('%Y-%m-%d-%H%M')}{'-quick' if args.quick else ''}.json"
    path.write_text(json.dumps(results, indent=1, default=str))
    print(f"results: {path}")
    if not args.quick and results.get("search") and results.get("ingest"):
        from plot import plot

        print(f"plot: {plot(results, ROOT / 'docs' / 'scaling.png')}")
    return 0


def _cpu() -> str:
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown CPU"


if __name__ == "__main__":
    sys.exit(main())
