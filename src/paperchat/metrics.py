"""The numbers eval and bench report, computed one way: means, medians, percentiles, summaries.

`summarize` turns retrieval rows into recall/MRR/nDCG per category and the
overall filter, abstention and latency figures; `summarize_answers` turns
answer rows into citation and timing figures. A median is the statistics
module's (the mean of the middle two for an even count) everywhere, and a
percentile is the nearest rank, so eval and bench print comparable figures.
"""

from __future__ import annotations

import statistics
import time
from typing import Any


class Clock:
    """Seconds since the question arrived, recorded under names."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.marks: dict[str, float] = {}

    def __call__(self) -> float:
        return time.perf_counter() - self.start

    def mark(self, name: str) -> None:
        self.marks[name] = self()


def median(values: list[Any]) -> float:
    kept = [v for v in values if v is not None]
    return float(statistics.median(kept)) if kept else float("nan")


def percentile(values: list[float], q: float) -> float:
    kept = sorted(v for v in values if v is not None)
    if not kept:
        return float("nan")
    return kept[min(len(kept) - 1, int(round(q * (len(kept) - 1))))]


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def summarize(rows: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    table: dict[str, dict[str, float]] = {}
    cats = sorted({r["category"] for r in rows}) + ["all answerable"]
    for cat in cats:
        group = [r for r in rows if (r["category"] == cat if cat != "all answerable" else not _refuse(r))]
        scored = [r for r in group if "recall5" in r]
        table[cat] = {
            "n": len(group),
            "recall@5": mean([r["recall5"] for r in scored]),
            "recall@10": mean([r["recall10"] for r in scored]),
            "MRR": mean([r["mrr"] for r in scored]),
            "nDCG@10": mean([r["ndcg10"] for r in scored]),
        }
    filt = [r["filter_precision"] for r in rows if "filter_precision" in r]
    unans = [r for r in rows if _refuse(r)]
    answerable = [r for r in rows if not _refuse(r)]
    table["overall"] = {
        "filter precision": mean(filt),
        "abstention accuracy": mean([float(r["abstained"]) for r in unans]),
        "false refusals": mean([float(r["abstained"]) for r in answerable]),
        "search p50 ms": 1000 * median([r["search_s"] for r in rows]),
    }
    return table


def summarize_answers(rows: list[dict[str, Any]]) -> dict[str, float]:
    answerable = [r for r in rows if not _refuse(r)]
    comparative = [r for r in answerable if r["category"] == "comparative" and r.get("split", "tune") == "tune"]
    splits = sorted({r["split"] for r in answerable if r["category"] == "comparative"} - {"tune"})
    unans = [r for r in rows if _refuse(r)]
    checked = sum(r["model_checked"] for r in rows)
    cited = sum(r.get("model_cited_checked", 0) for r in rows)  # rows of runs before it was counted have none
    return {
        "markers resolved": sum(r["markers_resolved"] for r in rows) / max(sum(r["markers"] for r in rows), 1),
        "model sentences kept by the verifier (its own verdict, not correctness)": 1 - sum(r["model_unsupported"] for r in rows) / max(checked, 1),
        "cited model sentences kept by the verifier (its own verdict)":
            1 - sum(r.get("model_cited_unsupported", 0) for r in rows) / cited if cited else float("nan"),
        # a withheld sentence stays withheld in the figures above; these are the ones whose part that verifies
        # alone was shown in their place
        "withheld sentences shown in part": float(sum(r.get("trimmed", 0) for r in rows)),
        "gold cited (answerable)": mean([float(bool(r["gold_any"])) for r in answerable]),
        "all gold cited (comparative)": mean([float(bool(r["gold_all"])) for r in comparative]),
        "cited papers that are gold (precision, questions naming one paper)": _share(
            [r for r in answerable if r["category"] in ("name", "detail")], "cited_ids", "gold"),
        "correct abstention": mean([float(r["abstained"]) for r in unans]),
        "fact recall (questions with must_mention)": mean([r["fact_recall"] for r in rows
                                                           if r.get("fact_recall") is not None]),
        **_comparative(comparative),
        **{f"{name}, {split}": value for split in splits for name, value in _comparative(
            [r for r in answerable if r["category"] == "comparative" and r.get("split") == split]).items()},
        "last turn: all gold cited (conversations)": mean([float(set(r["gold"]) <= set(r["cited_ids"]))
                                                           for r in answerable if r["category"] == "conversation"]),
        "last turn: stale papers cited (conversations)": float(sum(len(set(r.get("stale", [])) & set(r["cited_ids"]))
                                                                   for r in rows)),
        "first token p50 s": median([r["first_token_s"] for r in rows]),
        "first model token p50 s": median([r["first_model_token_s"] for r in rows]),
        "total p50 s": median([r["total_s"] for r in rows]),
    }


def _comparative(rows: list[dict[str, Any]]) -> dict[str, float]:
    return {
        "gold papers with a table row (comparative)": mean([float(set(r["gold"]) <= set(r["table_rows"] or []))
                                                            for r in rows]),
        "table rows on gold papers (precision)": _share(rows, "table_rows", "gold"),
        "cited papers that are gold (precision, comparative)": _share(rows, "cited_ids", "gold"),
    }


def _refuse(row: dict[str, Any]) -> bool:
    """Rows whose right answer is a refusal: off-collection questions, "none of these" follow-ups."""
    return row["category"] in ("unanswerable", "conversation-none")


def _share(rows: list[dict[str, Any]], got: str, gold: str) -> float:
    """Of all the papers in `got` across rows, the share that are in that row's `gold`."""
    total = sum(len(r.get(got) or []) for r in rows)
    return sum(len(set(r.get(got) or []) & set(r[gold])) for r in rows) / total if total else float("nan")


def format_table(table: dict[str, dict[str, float]]) -> str:
    lines = []
    cats = [c for c in table if c != "overall"]
    cols = ["n", "recall@5", "recall@10", "MRR", "nDCG@10"]
    lines.append("| category | " + " | ".join(cols) + " |")
    lines.append("|---" * (len(cols) + 1) + "|")
    for c in cats:
        lines.append(f"| {c} | " + " | ".join(fmt(table[c][k]) for k in cols) + " |")
    lines.append("")
    lines += [f"- {k}: {fmt(v)}" for k, v in table["overall"].items()]
    return "\n".join(lines)


def fmt(v: float) -> str:
    if isinstance(v, int):
        return str(v)
    return "–" if v != v else f"{v:.3f}"
