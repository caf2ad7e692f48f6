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
from paperchat.conversation import next_turn
from paperchat.engine import Engine
from paperchat.errors import PaperchatError
from paperchat.metrics import (
    fmt,
    format_table,
    mean,
    median,
    percentile,
    summarize,
    summarize_answers,
)
from paperchat.schema import Turn


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
    found = engine.search(last, k=10, history=history)
    seconds = time.perf_counter() - start
    ranked = [h.paper.paper_id for h in found.hits]
    gold = set(row["gold"])
    out: dict[str, Any] = {"id": row["id"], "category": row["category"], "ranked": ranked[:10],
                           "abstained": found.abstain, "confidence": found.confidence, "search_s": seconds}
    if gold:
        first = next((i for i, pid in enumerate(ranked) if pid in gold), None)
        out.update(recall5=len(gold & set(ranked[:5])) / len(gold), recall10=len(gold & set(ranked[:10])) / len(gold),
                   mrr=1 / (first + 1) if first is not None else 0.0, ndcg10=_ndcg(ranked, gold))
    if row["category"] == "filtered" and gold:
        papers = engine.papers()
        want = {(papers[g].venue, papers[g].year) for g in gold}
        hits = [(h.paper.venue, h.paper.year) for h in found.hits]
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
        "id": row["id"], "category": row["category"], "split": row.get("split", "tune"),
        "abstained": answer.abstained, "gold": row["gold"], "stale": row.get("stale", []),
        "cited_ids": sorted({c.paper.paper_id for c in answer.citations if c.support}),
        "markers": len(markers), "markers_resolved": sum(n in shown for n in markers),
        "model_checked": v.checked, "model_unsupported": v.unsupported, "moved": v.moved, "removed": v.removed,
        "model_cited_checked": v.checked - v.uncited, "model_cited_unsupported": v.unsupported - v.uncited_unsupported,
        "trimmed": v.trimmed,
        "gold_any": bool(gold & cited) if gold else None, "gold_all": gold <= cited if gold else None,
        "first_token_s": answer.timings.get("first_token_s"), "first_model_token_s": answer.timings.get("first_model_token_s"),
        "total_s": answer.timings.get("total_s"), "sources_s": t.get("retrieve_s"),
        "model_pieces": pieces, "pieces_per_s": (pieces - 1) / decoding if pieces > 1 and decoding > 0 else None,
        "answer": answer.text, "citations": {c.n: c.paper.paper_id for c in answer.citations},
        "fact_recall": fact_recall(answer.text, row.get("must_mention", [])),
        "table_rows": [r.paper_id for r in answer.table.rows] if answer.table else None,
    }


def fact_recall(text: str, facts: list[str]) -> float | None:
    """The share of the facts a correct answer states that `text` states ("a|b": either)."""
    if not facts:
        return None
    low = text.lower().replace("\\", "")
    return sum(any(alt.lower() in low for alt in f.split("|")) for f in facts) / len(facts)


def title_check(engine: Engine, n: int, seed: int = 0) -> dict[str, float]:
    papers = [p for p in engine.papers().values() if not p.title_derived]
    sample = random.Random(seed).sample(papers, min(n, len(papers)))
    top1 = top5 = 0
    times = []
    for p in sample:
        start = time.perf_counter()
        hits = engine.search(p.title, k=5).hits
        times.append(time.perf_counter() - start)
        ids = [h.paper.paper_id for h in hits]
        top1 += bool(ids) and ids[0] == p.paper_id
        top5 += p.paper_id in ids
    return {"papers in index": len(engine.papers()), "queries": len(sample), "top-1": top1 / len(sample),
            "top-5": top5 / len(sample), "search p50 ms": 1000 * median(times),
            "search p95 ms": 1000 * percentile(times, 0.95)}


# eval/claims.jsonl (eval/make_claims.py): faithful, then altered to be false
CLAIM_KINDS = ("verbatim", "reworded", "number", "negation", "direction", "credit-own", "credit-borrowed", "measure")


def claim_rows(engine: Engine, path: Path) -> list[dict[str, Any]]:
    """`check` on every claim of eval/claims.jsonl against its own abstract."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            c = json.loads(line)
            got = engine.check_claim(c["claim"], abstract=c["abstract"], title=c["title"])
            rows.append({"id": c["id"], "kind": c["kind"], "split": c["split"], "expected": c["expected"],
                         "verdict": got.verdict, "reason": got.reason, "seconds": got.seconds})
    return rows


def summarize_claims(rows: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per split and kind: the share judged as expected (faithful accepted, altered rejected)."""
    table: dict[str, dict[str, float]] = {}
    for split in ("tune", "test"):
        group = [r for r in rows if r["split"] == split]
        table[split] = {k: mean([float(r["verdict"] == r["expected"]) for r in group if r["kind"] == k])
                        for k in CLAIM_KINDS}
        table[split]["n"] = len(group)
        table[split]["check p50 ms"] = 1000 * median([r["seconds"] for r in group])
    return table


def run_eval(settings: Settings, questions: Path, answers: bool = False, limit: int | None = None,
             out: Path | None = None, titles: int = 0, claims: Path | None = None) -> int:
    engine = Engine.open(settings, model=answers)
    engine.warm_up()
    results: dict[str, Any] = {"date": time.strftime("%Y-%m-%d %H:%M"), "index": str(settings.index_dir)}
    if claims:
        rows = claim_rows(engine, claims)
        results["claims"], results["claim_rows"] = summarize_claims(rows), rows
        print("| split | n | verbatim accepted | reworded accepted | number rejected | negation rejected "
              "| direction rejected | own name introduced: accepted | borrowed name introduced: rejected "
              "| measure swapped: rejected | check p50 ms |\n|---|---|---|---|---|---|---|---|---|---|---|")
        for split, t in results["claims"].items():
            print(f"| {split} | {t['n']:.0f} | " + " | ".join(fmt(t[k]) for k in (*CLAIM_KINDS, "check p50 ms")) + " |")
        out = out or ROOT / "eval" / "results" / "claims.json"
    elif titles:
        results["titles"] = title_check(engine, titles)
        print("\n".join(f"- {k}: {fmt(v) if isinstance(v, float) else v}" for k, v in results["titles"].items()))
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
            results["model"] = engine.model_name
            print("\n" + "\n".join(f"- {k}: {fmt(v)}" for k, v in results["answers"].items()))
    out = out or ROOT / "eval" / "results" / "latest.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1, default=str))
    print(f"results: {out}")
    return 0
