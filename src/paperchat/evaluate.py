"""`paperchat eval`: retrieval (and optionally answer) quality on eval/questions.jsonl.

Retrieval metrics per category: recall@5 and @10 (share of gold papers in the
top k), MRR and nDCG@10; filter precision (hits of venue/year questions that
match the gold papers' venue/year); abstention accuracy (unanswerable questions
refused) and false refusals (answerable ones refused). Follow-ups are run turn
by turn through the engine, exactly as a user would.

With `--answers` every question is also answered by the configured model and
the citations are scored: markers that resolve to a shown source, cited
sentences verified, gold papers cited. `--titles N` instead samples N papers of
the index and queries each by its title (gold = that paper): the check on the
real corpora.
"""

from __future__ import annotations

import json
import math
import random
import re
import time
from pathlib import Path
from typing import Any

from paperchat.config import ROOT, Settings
from paperchat.engine import Engine, next_turn
from paperchat.errors import PaperchatError
from paperchat.retrieve import Turn


def load_questions(path: Path) -> list[dict[str, Any]]:
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                row = json.loads(line)
                row["turns"], row["gold"]  # noqa: B018 - both are required
            except (json.JSONDecodeError, KeyError) as e:
                raise PaperchatError(f"{path}:{number}: expected {{id, category, turns, gold}} ({e})") from None
            rows.append(row)
    return rows


def _ndcg(ranked: list[str], gold: set[str], k: int = 10) -> float:
    dcg = sum(1 / math.log2(i + 2) for i, pid in enumerate(ranked[:k]) if pid in gold)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(len(gold), k)))
    return dcg / ideal if ideal else 0.0


def retrieval_row(engine: Engine, row: dict[str, Any]) -> dict[str, Any]:
    """Run the conversation's turns; score retrieval of the last one."""
    history: list[Turn] = []
    for question in row["turns"][:-1]:
        history.append(next_turn(question, engine.answer(question, history)))
    last = row["turns"][-1]
    start = time.perf_counter()
    events = engine.ask(last, history, k=10)
    sources = next(events)
    seconds = time.perf_counter() - start
    events.close()
    ranked = [h.paper.paper_id for h in sources.hits]
    gold = set(row["gold"])
    top = sources.hits[:engine.settings.retrieval.k]
    confidence = engine.retriever.confidence(sources.query, top)
    out: dict[str, Any] = {"id": row["id"], "category": row["category"], "ranked": ranked[:10],
                           "abstained": not top or confidence < engine.settings.retrieval.abstain_below,
                           "confidence": confidence, "search_s": seconds}
    if gold:
        first = next((i for i, pid in enumerate(ranked) if pid in gold), None)
        out.update(recall5=len(gold & set(ranked[:5])) / len(gold), recall10=len(gold & set(ranked[:10])) / len(gold),
                   mrr=1 / (first + 1) if first is not None else 0.0, ndcg10=_ndcg(ranked, gold))
    if row["category"] == "filtered" and gold:
        papers = engine.index.papers
        want = {(papers[g].venue, papers[g].year) for g in gold}
        hits = [(h.paper.venue, h.paper.year) for h in sources.hits]
        out["filter_precision"] = sum(v in want for v in hits) / max(len(hits), 1)
    return out


def answer_row(engine: Engine, row: dict[str, Any]) -> dict[str, Any]:
    history: list[Turn] = []
    answer = None
    for question in row["turns"]:
        answer = engine.answer(question, history)
        history.append(next_turn(question, answer))
    assert answer is not None
    shown = {c.n for c in answer.citations}
    markers = [int(n) for n in re.findall(r"\[(\d+)\]", answer.text)]
    cited = {c.paper.paper_id for c in answer.citations}
    gold = set(row["gold"])
    v, t = answer.verification, answer.timings
    pieces = int(t.get("model_pieces", 0))
    decoding = t.get("last_model_token_s", 0.0) - t.get("first_model_token_s", 0.0)
    return {
        "id": row["id"], "category": row["category"], "abstained": answer.abstained,
        "markers": len(markers), "markers_resolved": sum(n in shown for n in markers),
        "model_checked": v.checked, "model_unsupported": v.unsupported, "moved": v.moved, "removed": v.removed,
        "gold_any": bool(gold & cited) if gold else None, "gold_all": gold <= cited if gold else None,
        "first_token_s": answer.timings.get("first_token_s"), "first_model_token_s": answer.timings.get("first_model_token_s"),
        "total_s": answer.timings.get("total_s"), "sources_s": t.get("retrieve_s"),
        "model_pieces": pieces, "pieces_per_s": (pieces - 1) / decoding if pieces > 1 and decoding > 0 else None,
        "answer": answer.text, "citations": {c.n: c.paper.paper_id for c in answer.citations},
    }


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def summarize(rows: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    table: dict[str, dict[str, float]] = {}
    cats = sorted({r["category"] for r in rows}) + ["all answerable"]
    for cat in cats:
        group = [r for r in rows if (r["category"] == cat if cat != "all answerable" else r["category"] != "unanswerable")]
        scored = [r for r in group if "recall5" in r]
        table[cat] = {
            "n": len(group),
            "recall@5": _mean([r["recall5"] for r in scored]),
            "recall@10": _mean([r["recall10"] for r in scored]),
            "MRR": _mean([r["mrr"] for r in scored]),
            "nDCG@10": _mean([r["ndcg10"] for r in scored]),
        }
    filt = [r["filter_precision"] for r in rows if "filter_precision" in r]
    unans = [r for r in rows if r["category"] == "unanswerable"]
    answerable = [r for r in rows if r["category"] != "unanswerable"]
    table["overall"] = {
        "filter precision": _mean(filt),
        "abstention accuracy": _mean([float(r["abstained"]) for r in unans]),
        "false refusals": _mean([float(r["abstained"]) for r in answerable]),
        "search p50 ms": 1000 * sorted(r["search_s"] for r in rows)[len(rows) // 2],
    }
    return table


def summarize_answers(rows: list[dict[str, Any]]) -> dict[str, float]:
    answerable = [r for r in rows if r["category"] != "unanswerable"]
    comparative = [r for r in answerable if r["category"] == "comparative"]
    unans = [r for r in rows if r["category"] == "unanswerable"]
    checked = sum(r["model_checked"] for r in rows)
    firsts = sorted(r["first_token_s"] for r in rows if r["first_token_s"] is not None)
    models = sorted(r["first_model_token_s"] for r in rows if r["first_model_token_s"] is not None)
    totals = sorted(r["total_s"] for r in rows)
    return {
        "markers resolved": sum(r["markers_resolved"] for r in rows) / max(sum(r["markers"] for r in rows), 1),
        "model sentences verified": 1 - sum(r["model_unsupported"] for r in rows) / max(checked, 1),
        "gold cited (answerable)": _mean([float(bool(r["gold_any"])) for r in answerable]),
        "all gold cited (comparative)": _mean([float(bool(r["gold_all"])) for r in comparative]),
        "correct abstention": _mean([float(r["abstained"]) for r in unans]),
        "first token p50 s": firsts[len(firsts) // 2] if firsts else float("nan"),
        "first model token p50 s": models[len(models) // 2] if models else float("nan"),
        "total p50 s": totals[len(totals) // 2] if totals else float("nan"),
    }


def format_table(table: dict[str, dict[str, float]]) -> str:
    lines = []
    cats = [c for c in table if c != "overall"]
    cols = ["n", "recall@5", "recall@10", "MRR", "nDCG@10"]
    lines.append("| category | " + " | ".join(cols) + " |")
    lines.append("|---" * (len(cols) + 1) + "|")
    for c in cats:
        lines.append(f"| {c} | " + " | ".join(_fmt(table[c][k]) for k in cols) + " |")
    lines.append("")
    lines += [f"- {k}: {_fmt(v)}" for k, v in table["overall"].items()]
    return "\n".join(lines)


def _fmt(v: float) -> str:
    if isinstance(v, int):
        return str(v)
    return "–" if v != v else f"{v:.3f}"


def title_check(engine: Engine, n: int, seed: int = 0) -> dict[str, float]:
    papers = [p for p in engine.index.papers.values() if not p.title_derived]
    sample = random.Random(seed).sample(papers, min(n, len(papers)))
    top1 = top5 = 0
    times = []
    for p in sample:
        start = time.perf_counter()
        hits = engine.retriever.search(p.title, k=5)
        times.append(time.perf_counter() - start)
        ids = [h.paper.paper_id for h in hits]
        top1 += bool(ids) and ids[0] == p.paper_id
        top5 += p.paper_id in ids
    times.sort()
    return {"papers in index": len(engine.index.papers), "queries": len(sample), "top-1": top1 / len(sample),
            "top-5": top5 / len(sample), "search p50 ms": 1000 * times[len(times) // 2],
            "search p95 ms": 1000 * times[int(len(times) * 0.95)]}


def run_eval(settings: Settings, questions: Path, answers: bool = False, limit: int | None = None,
             out: Path | None = None, titles: int = 0) -> int:
    if not answers:
        settings.llm.backend = "none"
    engine = Engine.from_settings(settings)
    engine.warm_up()
    results: dict[str, Any] = {"date": time.strftime("%Y-%m-%d %H:%M"), "index": str(settings.index_dir)}
    if titles:
        results["titles"] = title_check(engine, titles)
        print("\n".join(f"- {k}: {_fmt(v) if isinstance(v, float) else v}" for k, v in results["titles"].items()))
    else:
        rows = load_questions(questions)[:limit]
        retrieval = [retrieval_row(engine, r) for r in rows]
        results["retrieval"] = summarize(retrieval)
        results["retrieval_rows"] = retrieval
        print(format_table(results["retrieval"]))
        misses = [r["id"] for r in retrieval if r.get("recall5", 1) < 1]
        print(f"- misses at 5: {', '.join(misses) or 'none'}")
        if answers:
            answered = [answer_row(engine, r) for r in rows]
            results["answers"] = summarize_answers(answered)
            results["answer_rows"] = answered
            results["model"] = engine._model_name()
            print("\n" + "\n".join(f"- {k}: {_fmt(v)}" for k, v in results["answers"].items()))
    out = out or ROOT / "eval" / "results" / "latest.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1, default=str))
    print(f"results: {out}")
    return 0
