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
