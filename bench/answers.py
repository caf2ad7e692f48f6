"""Answer benchmarks: speed and citation quality per model, and the plain llama-index baseline.

The baseline is what a user would assemble from llama-index: a
`VectorStoreIndex` over Chroma built with the same MiniLM embedder, answered by
`CitationQueryEngine` with the same local model (through a `CustomLLM`
adapter), scored by the same checks as paperchat (`Engine.check`).
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from common import CACHE, ROOT, child, median, peak_rss_gb, settings_for, table


def check_citations(engine: Any, text: str, by_n: dict[int, Any]) -> tuple[int, int]:
    """(sentences with a [n] marker, those the verifier finds supported by exactly the
    papers they cite): the same check for paperchat's answers and the baseline's."""
    cited = supported = 0
    for sentence, checked in engine.check(text, {n: p for n, p in by_n.items() if p is not None}):
        says = {int(n) for n in re.findall(r"\[(\d+)\]", sentence)}
        if says:
            cited += 1
            supported += checked.text is not None and set(checked.cited) <= says
    return cited, supported



def child_answers(model: str, backend: str, question_file: str) -> dict[str, Any]:
    from paperchat.engine import Engine
    from paperchat.evaluate import answer_row

    questions = json.loads(Path(question_file).read_text())
    settings = settings_for(CACHE / "seeds-index", llm={"model": model, "backend": backend})
    start = time.perf_counter()
    engine = Engine.open(settings)
    engine.warm_up()
    engine.answer(questions[0]["turns"][-1])  # warm-up: first prompt, caches
    load_s = time.perf_counter() - start
    rows = []
    for q in questions:
        row = answer_row(engine, q)
        by_n = {int(n): engine.papers()[pid] for n, pid in row["citations"].items()}
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
    from paperchat.fetch import gguf_path

    rows, raw = [], {}
    for model, backend in runs:
        if not gguf_path(model, settings_for(CACHE).models_dir).exists():
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

    from paperchat.chat import load_chat_model
    from paperchat.corpus import read_paths
    from paperchat.documents import paper_document
    from paperchat.engine import Engine
    from paperchat.index import PaperIndex

    questions = json.loads(Path(question_file).read_text())
    settings = settings_for(CACHE / "seeds-index", llm={"model": model})
    engine = Engine.open(settings, model=False)  # only to score with the same checks
    chat = load_chat_model(settings.llm, settings.models_dir)
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
                                            embed_model=PaperIndex.open(settings).embedder)
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
        by_n = {i: engine.paper(node.node.metadata.get("paper_id") or node.node.ref_doc_id)
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



def pick_questions(n: int) -> list[dict[str, Any]]:
    """n single-turn eval questions with gold papers: half comparative, half by name or paraphrase."""
    from paperchat.evaluate import load_questions

    rows = [r for r in load_questions(ROOT / "eval" / "questions.jsonl") if len(r["turns"]) == 1 and r["gold"]]
    comparative = [r for r in rows if r["category"] == "comparative"]
    single = [r for r in rows if r["category"] in ("name", "paraphrase")]
    half = n // 2
    return (comparative[:: max(len(comparative) // half, 1)][:half]
            + single[:: max(len(single) // (n - half), 1)][:n - half])
