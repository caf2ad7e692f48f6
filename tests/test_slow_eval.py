"""Retrieval quality on the eval set with the real embedder must not fall below the recorded baseline."""

from __future__ import annotations

import pytest

from paperchat.config import ROOT
from paperchat.engine import Engine
from paperchat.evaluate import load_questions, retrieval_row, summarize

pytestmark = pytest.mark.slow

# recorded in README ("Evaluation"); a change that lowers these fails here
BASELINE = {"recall@5": 0.99, "filter precision": 1.0, "abstention accuracy": 0.9, "false refusals": 0.05}


def test_eval_does_not_regress(real_settings) -> None:
    settings = real_settings.model_copy(deep=True)
    settings.llm.backend = "none"
    engine = Engine.from_settings(settings)
    rows = [retrieval_row(engine, r) for r in load_questions(ROOT / "eval" / "questions.jsonl")]
    table = summarize(rows)
    assert table["all answerable"]["recall@5"] >= BASELINE["recall@5"]
    assert table["comparative"]["recall@5"] >= 0.9
    assert table["overall"]["filter precision"] >= BASELINE["filter precision"]
    assert table["overall"]["abstention accuracy"] >= BASELINE["abstention accuracy"]
    assert table["overall"]["false refusals"] <= BASELINE["false refusals"]
