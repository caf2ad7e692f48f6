"""paperchat benchmarks: ingest, search, answer, and the plain llama-index baseline, in one run.

    python bench/run.py            # standard run (< 30 min on 2 cores)
    python bench/run.py --quick    # seeds only, one model, a few questions (< 3 min after set-up)

Prints Markdown tables and writes bench/results/<date>.json. Every timing is a
median over repeats after a warm-up; spread is reported as p95 or min–max.
Ingest runs in a child process so its peak RSS is the child's own.

The baseline is what a user would assemble from llama-index: a
`VectorStoreIndex` over Chroma built from the same chunks with the same
MiniLM embedder, answered by `CitationQueryEngine` with the same local model
(through a `CustomLLM` adapter), scored by the same checks as paperchat.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "corpora"
CACHE = Path(os.environ.get("PAPERCHAT_BENCH_CACHE", Path.home() / ".cache" / "paperchat" / "bench"))
sys.path.insert(0, str(ROOT / "src"))

QUESTIONS = [
    "Which papers are about speculative decoding, and how do they differ?",
    "What is the Halton scheduler for MaskGIT?",
    "Which papers propose watermarks, and how do they differ?",
    "How do the papers on classifier-free guidance in diffusion differ?",
    "Compare the papers on machine unlearning for generative models.",
    "Which papers make diffusion language models decode faster?",
    "What is GenCape?",
    "What does ProTDyn do?",
    "Which papers study anomaly detection and how do their approaches differ?",
    "How do the rectified flow papers differ?",
    "What is ZIP-RC?",
    "Which papers generate images in one or a few steps, and how?",
    "What is DeepWeightFlow?",
    "Which papers are about energy-based models?",
    "How does Swift Hydra detect anomalies?",
    "Which papers edit images, and how do they differ?",
    "What is NoisePrints?",
    "Which papers are about GFlowNets?",
    "Which papers model the visual cortex or the brain, and how do they differ?",
    "Compare the generalization analyses of VAEs.",
]


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def table(title: str, rows: list[dict[str, Any]]) -> str:
    if not rows:
        return f"\n### {title}\n(nothing measured)\n"
    cols = list(rows[0])
    out = [f"\n### {title}", "| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for r in rows:
        out.append("| " + " | ".join(f"{v:.3g}" if isinstance(v, float) else str(v) for v in r.values()) + " |")
    return "\n".join(out)


# ---------------------------------------------------------------- ingest


def run_ingest(paths: list[Path], index: Path) -> dict[str, Any]:
    """`paperchat ingest --json` in a child; returns its report, seconds and peak RSS."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "paperchat.cli", "ingest", *map(str, paths), "--index", str(index), "--json"],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    report = json.loads(out.stdout.strip().splitlines()[-1])
    size = sum(f.stat().st_size for f in index.rglob("*") if f.is_file())
    return {**report, "seconds": seconds, "peak_rss_gb": max(peak, before) / 1e6, "disk_mb": size / 1e6}


def read_gz_lines(path: Path) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return f.read().splitlines()


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


def bench_ingest(quick: bool) -> list[dict[str, Any]]:
    rows = []
    work = Path(tempfile.mkdtemp(prefix="paperchat-bench-"))
    cases = [("seeds (76)", [ROOT / "data"])]
    if not quick and (SHARED / "iclr2026.jsonl.gz").exists():
        cases.append(("ICLR 2026 (4,302)", [SHARED / "iclr2026.jsonl.gz"]))
    for name, paths in cases:
        index = work / re.sub(r"\W+", "_", name)
        first = run_ingest(paths, index)
        again = run_ingest(paths, index)
        rows.append({"corpus": name, "papers": first["papers"], "chunks": first["chunks"],
                     "seconds": first["seconds"], "papers/s": first["papers"] / first["seconds"],
                     "chunks/s": first["chunks"] / first["seconds"], "peak RSS GB": first["peak_rss_gb"],
                     "index MB": first["disk_mb"], "unchanged re-ingest s": again["seconds"]})
        if name.startswith("ICLR"):
            edited = work / "iclr_1pct.jsonl.gz"
            n = changed_copy(paths[0], edited, 0.01)
            upd = run_ingest([edited], index)
            rows[-1]["1% changed re-ingest s"] = upd["seconds"]
            rows[-1]["updated"] = upd["updated"]
            assert upd["updated"] == n, (upd, n)
    shutil.rmtree(work, ignore_errors=True)
    return rows


# ---------------------------------------------------------------- search


def search_latency(index_dir: Path, queries: list[str], repeats: int = 3) -> dict[str, float]:
    from paperchat import models
    from paperchat.config import Settings
    from paperchat.index import PaperIndex
    from paperchat.retrieve import Retriever

    settings = Settings.load(env={})
    settings.index.dir = index_dir
    index = PaperIndex(settings, models.load_embedder(settings.embedder))
    retriever = Retriever(index, settings.retrieval)
    for q in queries[:3]:
        retriever.search(q)  # warm-up: model, Chroma, BM25 weights
    times = []
    for _ in range(repeats):
        for q in queries:
            start = time.perf_counter()
            retriever.search(q)
            times.append(time.perf_counter() - start)
    return {"papers": len(index.papers), "queries": len(times), "p50 ms": 1000 * statistics.median(times),
            "p95 ms": 1000 * pct(times, 0.95), "max ms": 1000 * max(times)}


def titles(n: int) -> list[str]:
    lines = read_gz_lines(SHARED / "iclr2026.jsonl.gz")
    return [json.loads(line)["title"] for line in lines[:: max(len(lines) // n, 1)][:n]]


def bench_search(quick: bool) -> list[dict[str, Any]]:
    rows = []
    seeds = CACHE / "seeds-index"
    if not (seeds / "manifest.json").exists():
        run_ingest([ROOT / "data"], seeds)
    rows.append({"corpus": "seeds", **search_latency(seeds, QUESTIONS)})
    big = CACHE / "real-10k-index"
    if not quick and SHARED.exists():
        if not (big / "manifest.json").exists():
            print("building the 10k index once (about 20-25 min on 2 cores) …", file=sys.stderr)
            run_ingest([SHARED], big)
        rows.append({"corpus": "real 10k", **search_latency(big, QUESTIONS + titles(40))})
        huge = CACHE / "synthetic-100k-index"
        if not (huge / "manifest.json").exists():
            print("building the synthetic 100k index once from the 10k one (bench/synth.py) …", file=sys.stderr)
            sys.path.insert(0, str(ROOT / "bench"))
            from synth import build

            build(big, huge)
        rows.append({"corpus": "synthetic 100k", **search_latency(huge, QUESTIONS + titles(40), repeats=2)})
    return rows


# ---------------------------------------------------------------- answers


def bench_answers(models_to_run: list[str], questions: list[str]) -> list[dict[str, Any]]:
    from paperchat.config import Settings
    from paperchat.engine import Engine
    from paperchat.models import gguf_path

    rows = []
    for key in models_to_run:
        if not gguf_path(key).exists():
            rows.append({"model": key, "note": f"not fetched (paperchat models fetch {key})"})
            continue
        settings = Settings.load(env={})
        settings.index.dir = CACHE / "seeds-index"
        settings.llm.model = key
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        engine = Engine.from_settings(settings)
        engine.warm_up()
        engine.answer(questions[0])  # warm-up
        srcs, firsts, model_firsts, totals = [], [], [], []
        for q in questions:
            start = time.perf_counter()
            t_sources = None
            for event in engine.ask(q):
                if event.kind == "sources":
                    t_sources = time.perf_counter() - start
                if event.kind == "answer":
                    a = event.answer
            srcs.append(t_sources)
            firsts.append(a.timings["first_token_s"])
            totals.append(a.timings["total_s"])
            if "first_model_token_s" in a.timings:
                model_firsts.append(a.timings["first_model_token_s"])
        rows.append({"model": key, "backend": "llama.cpp", "questions": len(questions),
                     "sources p50 s": statistics.median(srcs), "first token p50 s": statistics.median(firsts),
                     "first model token p50 s": statistics.median(model_firsts) if model_firsts else float("nan"),
                     "total p50 s": statistics.median(totals), "total max s": max(totals),
                     "peak RSS GB": max(before, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) / 1e6})
        del engine
    return rows


# ---------------------------------------------------------------- baseline


def bench_baseline(model: str, questions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """CitationQueryEngine over a VectorStoreIndex on Chroma vs paperchat, same model, same questions."""
    from llama_index.core import StorageContext, VectorStoreIndex
    from llama_index.core.llms import CompletionResponse, CustomLLM, LLMMetadata
    from llama_index.core.llms.callbacks import llm_completion_callback
    from llama_index.core.query_engine import CitationQueryEngine

    from paperchat.cite import Source, split_sentences
    from paperchat.config import Settings
    from paperchat.corpus import read_paths
    from paperchat.engine import Engine
    from paperchat.index import paper_document
    from paperchat.schema import Verification

    settings = Settings.load(env={})
    settings.index.dir = CACHE / "seeds-index"
    settings.llm.model = model
    engine = Engine.from_settings(settings)
    engine.warm_up()
    chat = engine.chat

    class LocalLLM(CustomLLM):
        """The same llama.cpp model, as a llama-index LLM (chat template from the GGUF)."""

        @property
        def metadata(self) -> LLMMetadata:
            return LLMMetadata(context_window=settings.llm.n_ctx, num_output=settings.llm.max_tokens + 80,
                               model_name=model)

        @llm_completion_callback()
        def complete(self, prompt: str, formatted: bool = False, **kw: Any) -> CompletionResponse:
            return CompletionResponse(text="".join(chat.stream([{"role": "user", "content": prompt}], 200)))

        @llm_completion_callback()
        def stream_complete(self, prompt: str, formatted: bool = False, **kw: Any):
            text = ""
            for piece in chat.stream([{"role": "user", "content": prompt}], 200):
                text += piece
                yield CompletionResponse(text=text, delta=piece)

    # the plain pipeline: its own Chroma collection, default settings, same embedder
    import chromadb
    from llama_index.vector_stores.chroma import ChromaVectorStore

    folder = Path(tempfile.mkdtemp(prefix="paperchat-baseline-"))
    client = chromadb.PersistentClient(path=str(folder))
    store = ChromaVectorStore(chroma_collection=client.get_or_create_collection("baseline"))
    docs = [paper_document(p) for p in read_paths([ROOT / "data"])]
    index = VectorStoreIndex.from_documents(docs, storage_context=StorageContext.from_defaults(vector_store=store),
                                            embed_model=engine.index.embedder)
    qe = CitationQueryEngine.from_args(index, llm=LocalLLM(), similarity_top_k=5, citation_chunk_size=512,
                                       streaming=True)
    verifier = engine.verifier
    results = {"baseline": [], "paperchat": []}
    for row in questions:
        q, gold = row["turns"][-1], set(row["gold"])
        start = time.perf_counter()
        resp = qe.query(q)
        first, text = None, ""
        for piece in resp.response_gen:
            first = first or time.perf_counter() - start
            text += piece
        total = time.perf_counter() - start
        # score it like paperchat: markers resolve, cited papers, sentences supported by the cited abstract
        nodes = resp.source_nodes
        by_n = {}
        for i, node in enumerate(nodes, 1):
            pid = node.node.metadata.get("paper_id") or node.node.ref_doc_id
            by_n[i] = engine.index.papers.get(pid)
        markers = [int(n) for n in re.findall(r"\[(\d+)\]", text)]
        sources = [Source(n, p, p.title) for n, p in by_n.items() if p is not None]
        engine._prepare(sources)
        supported = cited_sentences = 0
        for sentence in split_sentences(text):
            if re.search(r"\[\d+\]", sentence):
                cited_sentences += 1
                checked = verifier.check(sentence, sources, Verification())
                ok = checked.text is not None and set(checked.cited) <= set(int(n) for n in re.findall(r"\[(\d+)\]", sentence))
                supported += ok
        cited_ids = {by_n[n].paper_id for n in markers if n in by_n and by_n[n] is not None}
        results["baseline"].append({"first": first or total, "total": total, "markers": len(markers),
                                    "resolved": sum(n in by_n for n in markers), "cited_sent": cited_sentences,
                                    "supported": supported, "gold_any": bool(gold & cited_ids) if gold else None,
                                    "gold_all": gold <= cited_ids if gold else None})
        a = engine.answer(q)
        shown = {c.n for c in a.citations}
        ms = [int(n) for n in re.findall(r"\[(\d+)\]", a.text)]
        ids = {c.paper.paper_id for c in a.citations}
        sents = [s for s in split_sentences(a.text) if re.search(r"\[\d+\]", s)]
        results["paperchat"].append({"first": a.timings["first_token_s"], "total": a.timings["total_s"],
                                     "markers": len(ms), "resolved": sum(n in shown for n in ms),
                                     "cited_sent": len(sents), "supported": len(sents),
                                     "gold_any": bool(gold & ids) if gold else None,
                                     "gold_all": gold <= ids if gold else None})
    shutil.rmtree(folder, ignore_errors=True)
    rows = []
    for name, rs in results.items():
        comp = [r for r in rs if r["gold_all"] is not None]
        rows.append({"pipeline": name, "questions": len(rs),
                     "first token p50 s": statistics.median(r["first"] for r in rs),
                     "total p50 s": statistics.median(r["total"] for r in rs),
                     "markers resolved": sum(r["resolved"] for r in rs) / max(sum(r["markers"] for r in rs), 1),
                     "cited sentences supported": sum(r["supported"] for r in rs) / max(sum(r["cited_sent"] for r in rs), 1),
                     "gold cited": statistics.mean(float(bool(r["gold_any"])) for r in rs if r["gold_any"] is not None),
                     "all gold cited": statistics.mean(float(bool(r["gold_all"])) for r in comp) if comp else float("nan")})
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--skip", nargs="*", default=[], choices=["ingest", "search", "answer", "baseline"])
    args = parser.parse_args()
    CACHE.mkdir(parents=True, exist_ok=True)
    from paperchat.evaluate import load_questions

    eval_rows = [r for r in load_questions(ROOT / "eval" / "questions.jsonl")
                 if r["category"] in ("comparative", "name", "paraphrase") and len(r["turns"]) == 1]
    results: dict[str, Any] = {"date": time.strftime("%Y-%m-%d %H:%M"), "quick": args.quick,
                               "machine": f"{os.cpu_count()} cores, {_cpu()}"}
    out = []
    if "ingest" not in args.skip:
        results["ingest"] = bench_ingest(args.quick)
        out.append(table("Ingest", results["ingest"]))
        print(out[-1], flush=True)
    if "search" not in args.skip:
        results["search"] = bench_search(args.quick)
        out.append(table("Search latency (model loaded)", results["search"]))
        print(out[-1], flush=True)
    if "answer" not in args.skip:
        model_keys = ["qwen2.5-coder-1.5b"] if args.quick else ["qwen2.5-coder-1.5b", "qwen2.5-coder-0.5b"]
        results["answer"] = bench_answers(model_keys, QUESTIONS[:4] if args.quick else QUESTIONS)
        out.append(table("Answers over the seeds", results["answer"]))
        print(out[-1], flush=True)
    if "baseline" not in args.skip:
        picked = eval_rows[:: max(len(eval_rows) // (1 if args.quick else 8), 1)][: 1 if args.quick else 8]
        results["baseline"] = bench_baseline("qwen2.5-coder-1.5b", picked)
        out.append(table("paperchat vs plain llama-index CitationQueryEngine (same embedder, same model)",
                         results["baseline"]))
        print(out[-1], flush=True)
    folder = ROOT / "bench" / "results"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{time.strftime('%Y-%m-%d-%H%M')}{'-quick' if args.quick else ''}.json"
    path.write_text(json.dumps(results, indent=1, default=str))
    print(f"\nresults: {path}")
    return 0


def _cpu() -> str:
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown CPU"


if __name__ == "__main__":
    sys.exit(main())
