"""The real default model, greedy, over the seeds: answers whose citations all verify."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.slow

CASES = [
    ("Which papers are about speculative decoding, and how do they differ?", ["PEARL", "Self-Speculative Decoding"]),
    ("What is the Halton scheduler for MaskGIT?", ["Halton Scheduler"]),
    ("Which papers propose watermarks, and how do they differ?", ["A Watermark for Order-Agnostic", "NoisePrints"]),
]


@pytest.mark.parametrize(("question", "expected"), CASES)
def test_answer_cites_the_expected_papers_and_every_citation_verifies(real_engine, question, expected) -> None:
    answer = real_engine.answer(question)
    assert not answer.abstained
    titles = [c.paper.title for c in answer.citations]
    for name in expected:
        assert any(t.startswith(name) for t in titles), titles
    markers = {int(n) for n in re.findall(r"\[(\d+)\]", answer.text)}
    assert markers == {c.n for c in answer.citations if c.support}  # every [n] shown has its backing
    for c in answer.citations:  # backing sentences are the abstract's (or its title); a withheld one marks it
        assert all(s in c.paper.abstract or s == c.paper.title for s in c.support) and c.supported == (not c.withheld)
    assert answer.model.startswith("qwen2.5-coder")


def test_abstains_on_a_question_the_corpus_cannot_answer(real_engine) -> None:
    answer = real_engine.answer("How do I bake sourdough bread?")
    assert answer.abstained and answer.citations == []


def test_prompt_lookup_drafting_checks_several_copied_tokens_in_one_pass(real_settings) -> None:
    """llm.draft_tokens: a reply that copies the prompt takes fewer model passes than tokens."""
    from paperchat.chat import LlamaCppChat
    from paperchat.fetch import gguf_path

    sentence = ("Experiments on various text generation benchmarks demonstrate the effectiveness of our PEARL, "
                "leading to a superior speedup performance up to 4.43x compared to auto-regressive decoding.")
    messages = [{"role": "system", "content": "Repeat the user's sentence exactly, and nothing else."},
                {"role": "user", "content": sentence}]
    model = LlamaCppChat(gguf_path(real_settings.llm.model, real_settings.models_dir), 2, 2048, 0.0, draft_tokens=4)
    passes: list[int] = []
    stock_eval = model._llm.eval
    model._llm.eval = lambda tokens: (passes.append(len(tokens)), stock_eval(tokens))[1]
    reply = "".join(model.stream(messages, 60))
    assert "4.43x" in reply and "text generation benchmarks" in reply, reply
    decoding = passes[1:]  # the first pass is the prompt
    assert max(decoding) > 1  # drafts were checked in a batch
    assert len(decoding) < len(model._llm.tokenize(reply.encode(), add_bos=False))  # and some were kept
