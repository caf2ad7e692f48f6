"""The eval set on disk is what eval/make_questions.py writes (questions added by hand to the .jsonl
were lost the next time the script ran)."""

from __future__ import annotations

import importlib.util
import json

from .conftest import ROOT


def test_questions_file_is_the_scripts_output():
    spec = importlib.util.spec_from_file_location("make_questions", ROOT / "eval" / "make_questions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    on_disk = [json.loads(line) for line in (ROOT / "eval" / "questions.jsonl").read_text().splitlines()]
    assert module.build() == on_disk
    assert len({q["id"] for q in on_disk}) == len(on_disk)


def test_the_judged_real_corpus_rows_are_well_formed():
    """eval/real_rows.jsonl: each question asked of one real corpus, a paper judged on or off the question,
    never both, each id one of that corpus's (eval/real_rows.py reads it against an index of it)."""
    import gzip

    judged = [json.loads(line) for line in (ROOT / "eval" / "real_rows.jsonl").read_text().splitlines()]
    assert len({q["id"] for q in judged}) == len(judged) >= 16
    corpora = ROOT.parent / "shared" / "corpora"
    ids = {}
    for q in judged:
        assert q["corpus"] in ("icml2026", "iclr2026") and q["question"].strip() and q["set"] in set("abcdefghijklmnopq")
        assert (q["on"] or q["off"]) and not set(q["on"]) & set(q["off"]), q["id"]
        where = corpora / f"{q['corpus']}.jsonl.gz"
        if where.is_file():  # the corpora are read from ../shared, not committed
            if q["corpus"] not in ids:
                with gzip.open(where, "rt", encoding="utf-8") as lines:
                    ids[q["corpus"]] = {json.loads(line)["id"] for line in lines}
            assert set(q["on"]) | set(q["off"]) <= ids[q["corpus"]], q["id"]
