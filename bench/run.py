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
sys.path.insert(0, str(ROOT / "bench"))

from paperchat.errors import PaperchatError  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def median(values: list[Any]) -> float:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def table(title: str, rows: list[dict[str, Any]]) -> str:
    if not rows:
        return f"\n### {title}\n(nothing measured)\n"
    cols = list(dict.fromkeys(k for r in rows for k in r))
    out = [f"\n### {title}", "| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for r in rows:
        out.append("| " + " | ".join(_cell(r.get(c, "")) for c in cols) + " |")
    return "\n".join(out)


def _cell(v: Any) -> str:
    return f"{v:.3g}" if isinstance(v, float) else str(v)


def child(*args: str) -> dict[str, Any]:
    """Run `bench/run.py --child ...` and return the JSON it prints last."""
    out = subprocess.run([sys.executable, str(Path(__file__)), "--child", *args],
                         capture_output=True, text=True, cwd=ROOT)
    if out.returncode:
        raise RuntimeError(f"child {args[:2]} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def peak_rss_gb() -> float:
    """This process's own peak RSS. Not ru_maxrss: Linux carries that across fork and
    exec, so a child would report its parent's peak when the parent's is higher."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1e6  # kB -> GB
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6


# ---------------------------------------------------------------- ingest


def run_ingest(paths: list[Path], index: Path) -> dict[str, Any]:
    """`paperchat ingest` in a child; its report, wall seconds, own peak RSS, index size."""
    start = time.perf_counter()
    report = child("ingest", str(index), *map(str, paths))
    size = sum(f.stat().st_size for f in index.rglob("*") if f.is_file())
    return {**report, "seconds": time.perf_counter() - start, "disk_mb": size / 1e6}


def child_ingest(index: str, paths: list[str]) -> dict[str, Any]:
    from paperchat.config import Settings
    from paperchat.corpus import read_paths
    from paperchat.index import PaperIndex
    from paperchat.models import load_embedder

    settings = Settings.load(env={})
    settings.index.dir = Path(index)
    report = PaperIndex(settings, load_embedder(settings.embedder)).ingest(
        read_paths([Path(p) for p in paths]), progress=False)
    return {**report.to_json(), "peak_rss_gb": peak_rss_gb()}


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
    return {"papers": len(index.papers), "chunks": index.chunk_count(), "queries": len(times),
            "p50 ms": 1000 * statistics.median(times), "p95 ms": 1000 * pct(times, 0.95),
            "max ms": 1000 * max(times)}


def titles(n: int) -> list[str]:
    lines = read_gz_lines(SHARED / "iclr2026.jsonl.gz")
    return [json.loads(line)["title"] for line in lines[:: max(len(lines) // n, 1)][:n]]


def fresh_index(folder: Path, paths: list[Path]) -> Path:
    """`folder` if it holds an index built with the current embedder and chunking, else rebuilt."""
    from paperchat.config import Settings
    from paperchat.index import PaperIndex
    from paperchat.models import load_embedder

    settings = Settings.load(env={})
    try:
        if PaperIndex(settings, load_embedder(settings.embedder), folder=folder).exists:
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
    if not (huge / "manifest.json").exists():
        print("building the synthetic 100k index once from the 10k one (bench/synth.py) …", file=sys.stderr)
        from synth import build

        build(big, huge)
    rows.append({"corpus": "synthetic 100k", **search_latency(huge, questions + titles(40), repeats=2)})
    return rows


# ---------------------------------------------------------------- answers


def check_citations(engine: Any, text: str, by_n: dict[int, Any]) -> tuple[int, int]:
    """(sentences with a [n] marker, those the verifier finds supported by exactly the
    papers they cite): the same check for paperchat's answers and the baseline's."""
    from paperchat.cite import Source, split_sentences
    from paperchat.schema import Verification

    sources = [Source(n, p, p.title) for n, p in by_n.items() if p is not None]
    engine._prepare(sources)
    cited = supported = 0
    for sentence in split_sentences(text.replace("**In short:**", "")):
        says = {int(n) for n in re.findall(r"\[(\d+)\]", sentence)}
        if says:
            cited += 1
            checked = engine.verifier.check(sentence, sources, Verification())
            supported += checked.text is not None and set(checked.cited) <= says
    return cited, supported



def child_answers(model: str, backend: str, question_file: str) -> dict[str, Any]:
    from paperchat.config import Settings
    from paperchat.engine import Engine
    from paperchat.evaluate import answer_row

    questions = json.loads(Path(question_file).read_text())
    settings = Settings.load(env={})
    settings.index.dir = CACHE / "seeds-index"
    settings.llm.model, settings.llm.backend = model, backend  # type: ignore[assignment]
    start = time.perf_counter()
    engine = Engine.from_settings(settings)
    engine.warm_up()
    engine.answer(questions[0]["turns"][-1])  # warm-up: first prompt, caches
    load_s = time.perf_counter() - start
    rows = []
    for q in questions:
        row = answer_row(engine, q)
        by_n = {int(n): engine.index.papers[pid] for n, pid in row["citations"].items()}
        row["cited_sentences"], row["supported"] = check_citations(engine, row["answer"], by_n)
        rows.append(row)
    return {"rows": rows, "load_s": load_s, "peak_rss_gb": peak_rss_gb()}


def answer_summary(model: str, backend: str, got: dict[str, Any]) -> dict[str, Any]:
    rows = got["rows"]
    comparative = [r for r in rows if r["category"] == "comparative"]
    return {"model": model, "backend": backend, "questions": len(rows), "load + warm-up s": got["load_s"],
            "sources p50 s": median([r["sources_s"] for r in rows]),
            "first token p50 s": median([r["first_token_s"] for r in rows]),
            "first model token p50 s": median([r["first_model_token_s"] for r in rows]),
            "decode pieces/s p50": median([r["pieces_per_s"] for r in rows]),
            "total p50 s": median([r["total_s"] for r in rows]), "total max s": max(r["total_s"] for r in rows),
            "peak RSS GB": got["peak_rss_gb"],
            "gold cited": statistics.mean(float(bool(r["gold_any"])) for r in rows),
            "all gold cited (comparative)": statistics.mean(float(bool(r["gold_all"])) for r in comparative)
            if comparative else float("nan")}


def bench_answers(runs: list[tuple[str, str]], question_file: Path) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    from paperchat.models import gguf_path

    rows, raw = [], {}
    for model, backend in runs:
        if not gguf_path(model).exists():
            rows.append({"model": model, "backend": backend, "questions": f"not fetched (paperchat models fetch {model})"})
            continue
        got = child("answers", model, backend, str(question_file))
        raw[f"{model}/{backend}"] = got
        rows.append(answer_summary(model, backend, got))
        print(table("", rows[-1:]).splitlines()[-1], file=sys.stderr, flush=True)
    return rows, raw


# ---------------------------------------------------------------- baseline


def child_baseline(model: str, question_file: str) -> dict[str, Any]:
    """CitationQueryEngine over a VectorStoreIndex on Chroma: the same model and questions."""
    import chromadb
    from llama_index.core import StorageContext, VectorStoreIndex
    from llama_index.core.llms import CompletionResponse, CustomLLM, LLMMetadata
    from llama_index.core.llms.callbacks import llm_completion_callback
    from llama_index.core.query_engine import CitationQueryEngine
    from llama_index.vector_stores.chroma import ChromaVectorStore

    from paperchat.config import Settings
    from paperchat.corpus import read_paths
    from paperchat.engine import Engine
    from paperchat.index import paper_document

    questions = json.loads(Path(question_file).read_text())
    settings = Settings.load(env={})
    settings.index.dir = CACHE / "seeds-index"
    settings.llm.model = model
    engine = Engine.from_settings(settings)
    engine.warm_up()
    chat = engine.chat
    assert chat is not None

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
        def stream_complete(self, prompt: str, formatted: bool = False, **kw: Any) -> Any:
            text = ""
            for piece in chat.stream([{"role": "user", "content": prompt}], 200):
                text += piece
                yield CompletionResponse(text=text, delta=piece)

    folder = Path(tempfile.mkdtemp(prefix="paperchat-baseline-"))
    client = chromadb.PersistentClient(path=str(folder))
    store = ChromaVectorStore(chroma_collection=client.get_or_create_collection("baseline"))
    docs = [paper_document(p) for p in read_paths([ROOT / "data"])]
    index = VectorStoreIndex.from_documents(docs, storage_context=StorageContext.from_defaults(vector_store=store),
                                            embed_model=engine.index.embedder)
    qe = CitationQueryEngine.from_args(index, llm=LocalLLM(), similarity_top_k=5, citation_chunk_size=512,
                                       streaming=True)
    qe.query("warm up")
    rows = []
    for row in questions:
        q, gold = row["turns"][-1], set(row["gold"])
        start = time.perf_counter()
        resp = qe.query(q)
        first, text = None, ""
        for piece in resp.response_gen:
            first = first or time.perf_counter() - start
            text += piece
        total = time.perf_counter() - start
        # scored like paperchat: markers resolve, gold papers cited, cited sentences supported
        by_n = {i: engine.index.papers.get(node.node.metadata.get("paper_id") or node.node.ref_doc_id)
                for i, node in enumerate(resp.source_nodes, 1)}
        markers = [int(n) for n in re.findall(r"\[(\d+)\]", text)]
        cited, supported = check_citations(engine, text, by_n)
        ids = {by_n[n].paper_id for n in markers if by_n.get(n) is not None}
        rows.append({"id": row["id"], "category": row["category"], "first_token_s": first or total,
                     "total_s": total, "markers": len(markers), "markers_resolved": sum(n in by_n for n in markers),
                     "cited_sentences": cited, "supported": supported,
                     "gold_any": bool(gold & ids), "gold_all": gold <= ids, "answer": text})
    shutil.rmtree(folder, ignore_errors=True)
    return {"rows": rows, "peak_rss_gb": peak_rss_gb()}


def bench_baseline(model: str, question_file: Path, ours: dict[str, Any]) -> list[dict[str, Any]]:
    """Baseline vs paperchat on the same questions; paperchat's side is taken from its
    answer run with the same model (same questions, same index, same settings)."""
    base = child("baseline", model, str(question_file))["rows"]
    ours.setdefault("baseline_rows", base)  # kept in the results file with the answers
    ids = {r["id"] for r in base}
    mine = [r for r in ours["rows"] if r["id"] in ids]
    out = []
    for name, rs in (("llama-index CitationQueryEngine", base), ("paperchat", mine)):
        comp = [r for r in rs if r["category"] == "comparative"]
        supported, cited = sum(r["supported"] for r in rs), sum(r["cited_sentences"] for r in rs)
        out.append({"pipeline": name, "model": model, "questions": len(rs),
                    "first token p50 s": median([r["first_token_s"] for r in rs]),
                    "total p50 s": median([r["total_s"] for r in rs]),
                    "markers resolved": sum(r["markers_resolved"] for r in rs) / max(sum(r["markers"] for r in rs), 1),
                    "cited sentences": cited, "cited sentences supported": supported / max(cited, 1),
                    "gold cited": statistics.mean(float(r["gold_any"]) for r in rs),
                    "all gold cited (comparative)": statistics.mean(float(r["gold_all"]) for r in comp)
                    if comp else float("nan")})
    return out


# ---------------------------------------------------------------- main


def pick_questions(n: int) -> list[dict[str, Any]]:
    """n single-turn eval questions with gold papers: half comparative, half by name or paraphrase."""
    from paperchat.evaluate import load_questions

    rows = [r for r in load_questions(ROOT / "eval" / "questions.jsonl") if len(r["turns"]) == 1 and r["gold"]]
    comparative = [r for r in rows if r["category"] == "comparative"]
    single = [r for r in rows if r["category"] in ("name", "paraphrase")]
    half = n // 2
    return (comparative[:: max(len(comparative) // half, 1)][:half]
            + single[:: max(len(single) // (n - half), 1)][:n - half])


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
              "baseline": lambda: child_baseline(*rest)}[kind]
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
