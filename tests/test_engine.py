"""Engine.ask end to end with the fake embedder, real Chroma and a scripted model."""

from __future__ import annotations

import json
import re

import pytest

from paperchat import answer as A
from paperchat import cli
from paperchat.answer import IN_SHORT, UNFINISHED
from paperchat.conversation import next_turn
from paperchat.engine import Engine
from paperchat.errors import QuestionError
from paperchat.schema import Filters

from .conftest import ScriptedChat

QUESTION = "Which papers are about speculative decoding, and how do they differ?"


def _engine(settings, seed_index, reply: str = "", fail: bool = False) -> Engine:
    return Engine(settings, seed_index, ScriptedChat(reply, fail) if reply or fail else None)


def test_events_come_in_order_sources_first(settings, seed_index) -> None:
    engine = _engine(settings, seed_index, "PEARL adapts the draft length of speculative decoding [1].")
    kinds = [e.kind for e in engine.ask(QUESTION)]
    assert kinds[0] == "sources" and kinds[-1] == "answer" and "token" in kinds[1:-1]


def test_the_model_stops_writing_once_the_synthesis_has_its_sentences(settings, seed_index) -> None:
    reply = ("PEARL adapts the draft length of speculative decoding [1]. "
             "PEARL proposes pre-verify to verify the first draft token in advance during the drafting phase [1]. "
             "PEARL parallels the drafting phase and the verification phase [1]. " * 5)
    engine = _engine(settings, seed_index, reply)
    answer = engine.answer("What is PEARL?")
    chat = engine._chat
    synthesis = answer.text.split(IN_SHORT)[1]
    assert synthesis.count("[1]") == 2 and "parallels the drafting phase" not in synthesis
    assert not chat.finished and chat.read < len(reply.split(" ")) // 4  # closed after the 2nd sentence


def test_answer_quotes_evidence_and_keeps_a_verified_synthesis(settings, seed_index) -> None:
    engine = _engine(settings, seed_index, "PEARL adapts the draft length of speculative decoding [1]. "
                                           "It also cures cancer in mice [1].")
    answer = engine.answer(QUESTION)
    assert not answer.abstained
    assert "PEARL" in answer.text and "**How they differ:** PEARL adapts the draft length" in answer.text
    assert "cancer" not in answer.text
    assert answer.verification.unsupported == 1
    assert answer.verification.dropped_sentences == ["It also cures cancer in mice [1]."]
    shown = {c.n for c in answer.citations}
    assert shown and all(f"[{n}]" in answer.text for n in shown)
    for c in answer.citations:  # every quote in the answer is from the abstract it cites
        assert all(s in c.paper.abstract for s in c.support)
    # PEARL's citation is marked: a sentence that cited it was not supported by it
    assert [(c.n, c.supported, c.withheld) for c in answer.citations if not c.supported] == [
        (1, False, ["It also cures cancer in mice [1]."])]


def test_past_max_tokens_the_sentence_under_way_may_end_and_no_other_begins(settings, seed_index) -> None:
    first = "PEARL adapts the draft length of speculative decoding [1]."  # 9 words
    second = "PEARL parallels the drafting phase and the verification phase [1]."  # 10 more
    reply = f"{first} {second} Speculative decoding accelerates large language model inference [1]."
    chat = ScriptedChat(reply)
    tight = settings.changed(llm={"max_tokens": 12}, answer={"max_sentences": 3})
    answer = Engine(tight, seed_index, chat).answer("What is PEARL?")
    synthesis = answer.text.split(IN_SHORT)[1]
    assert "the verification phase [1]." in synthesis and not answer.verification.dropped_reasons
    assert chat.read == 20 and "accelerates" not in synthesis  # the third was not begun: one word read, dropped
    chat = ScriptedChat(reply)
    answer = Engine(tight.changed(answer={"finish_tokens": 0}), seed_index, chat).answer("What is PEARL?")
    assert "verification phase" not in answer.text.split(IN_SHORT)[1] and chat.read == 12
    assert answer.verification.dropped_reasons[0].startswith("cut off")


def test_a_reply_cut_off_mid_sentence_loses_its_stub_not_its_sentences(settings, seed_index) -> None:
    # the model hit max_tokens: its last words are half a sentence that would still match the topic
    engine = _engine(settings, seed_index, "PEARL adapts the draft length of speculative decoding [1]. "
                                           "PEARL parallels the drafting phase and the verification phase, while the Sl")
    answer = engine.answer("What is PEARL?")
    synthesis = answer.text.split(IN_SHORT)[1]
    assert "adapts the draft length of speculative decoding [1]." in synthesis and "the Sl" not in synthesis
    assert answer.verification.unsupported == 0 and answer.verification.checked == 1  # not the verifier's verdict
    assert answer.verification.dropped_sentences == ["PEARL parallels the drafting phase and the verification phase, while the Sl"]
    # the scripted model stopped there, short of max_tokens: it did not run out of tokens, and is not said to;
    # what it finished before the cut verifies, and is shown
    assert answer.verification.dropped_reasons[0].startswith(UNFINISHED) and answer.verification.trimmed == 1
    assert "PEARL parallels the drafting phase and the verification phase [1]." in synthesis
    # over ICML 2026 the model answered "How much memory do KV cache compression methods save?" with a list of bare
    # amounts and no stop, four of five another paper's: withheld, as the model's own stop short of max_tokens
    answer = _engine(settings, seed_index, "[1] PEARL: 4.43×\n[2] dParallel: 8.5×").answer("What is PEARL?")
    assert IN_SHORT not in answer.text and answer.verification.dropped_reasons == [UNFINISHED]
    # a marker after a stop opens the next sentence, as its subject: it is not the stub's
    answer = _engine(settings, seed_index, "PEARL adapts the draft length of speculative decoding [1]. "
                                           "[1] parallels the drafting phase and the verification phase.").answer(
        "What is PEARL?")
    synthesis = answer.text.split(IN_SHORT)[1]
    assert "[1]. PEARL parallels the drafting phase" in synthesis  # named, not ". parallels …"
    # a last sentence that ends with its stop and markers, or markers after the stop, is kept
    for ending in ("[1].", ". [1]"):
        reply = f"PEARL adapts the draft length of speculative decoding {ending}".replace(" .", ".")
        answer = _engine(settings, seed_index, reply).answer("What is PEARL?")
        assert answer.verification.checked == 1 and not answer.verification.dropped_sentences

def test_every_marker_in_the_answer_resolves_to_a_citation(settings, seed_index) -> None:
    engine = _engine(settings, seed_index, "PEARL [1] and a paper [9] adapt the draft length of speculative decoding.")
    answer = engine.answer(QUESTION)
    import re
    numbers = {int(n) for n in re.findall(r"\[(\d+)\]", answer.text)}
    assert numbers == {c.n for c in answer.citations}
    assert answer.verification.removed >= 1


def test_model_failure_gives_the_extractive_answer(settings, seed_index) -> None:
    answer = _engine(settings, seed_index, fail=True).answer(QUESTION)
    assert answer.citations and "In short" not in answer.text
    assert "speculative" in answer.text.lower()


def test_no_model_gives_the_extractive_answer(settings, seed_index) -> None:
    answer = _engine(settings, seed_index).answer("What is the Halton scheduler for MaskGIT?")
    assert answer.citations[0].paper.title.startswith("Halton")
    assert answer.text.startswith("- **Halton Scheduler")


def test_abstains_without_citations_and_suggests_topics(settings, seed_index) -> None:
    answer = _engine(settings, seed_index, "Sourdough needs time [1].").answer(
        "What are good recipes for sourdough bread baking at home?")
    assert answer.abstained and answer.citations == []
    assert answer.text.startswith("The collection has no paper on this")
    assert answer.suggestions


def test_filters_with_no_papers_abstain(settings, seed_index) -> None:
    answer = _engine(settings, seed_index).answer("ICLR 2019 papers on diffusion models")
    assert answer.abstained and answer.filters == {"venues": ["ICLR"], "years": [2019]}


def test_followup_uses_history(settings, seed_index) -> None:
    engine = _engine(settings, seed_index)
    first = engine.answer("What is the Halton scheduler for MaskGIT?")
    follow = engine.answer("What does it improve?", [next_turn("What is the Halton scheduler for MaskGIT?", first)])
    assert "Halton" in follow.query
    assert follow.citations[0].paper.title.startswith("Halton")


def test_stated_filters_apply_unless_ignored(settings, seed_index) -> None:
    engine = _engine(settings, seed_index)
    answer = engine.answer("ICML 2026 papers on diffusion models")
    assert answer.filters == {"venues": ["ICML"], "years": [2026]}
    assert all(c.paper.venue == "ICML" for c in answer.citations)
    events = list(engine.ask("ICML 2026 papers on diffusion models", ignore=Filters(["ICML"], [2026])))
    assert events[0].filters.venues == [] and events[0].filters.years == []


@pytest.mark.parametrize("question", ["", "   ", "x" * 5000, "What is \ud800 PEARL?"])
def test_bad_questions_are_refused_clearly(settings, seed_index, question) -> None:
    with pytest.raises(QuestionError):
        list(_engine(settings, seed_index).ask(question))
    if len(question) < 5000:  # a long claim is judged (search reads its start)
        with pytest.raises(QuestionError):
            _engine(settings, seed_index).check_claim(question)


def test_ask_json_shape(settings, seed_index, monkeypatch, capsys) -> None:
    engine = _engine(settings, seed_index, "PEARL adapts the draft length of speculative decoding [1].")
    monkeypatch.setattr(cli, "_engine", lambda args: engine)
    assert cli.main(["ask", QUESTION, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"answer", "citations", "abstained", "verification", "timings"}
    assert set(out["timings"]) >= {"retrieve_s", "first_token_s", "total_s"}
    assert set(out["citations"][0]) >= {"n", "paper_id", "title", "venue", "year", "url", "abstract", "supported"}
    assert set(out["verification"]) >= {"checked", "moved", "removed", "unsupported"}


def test_ask_batch_answers_the_last_turn(settings, seed_index, monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.setattr(cli, "_engine", lambda args: _engine(settings, seed_index))
    batch = tmp_path / "b.jsonl"
    batch.write_text(json.dumps({"id": "c1", "turns": ["What is the Halton scheduler for MaskGIT?",
                                                        "What does it improve?"]}) + "\n")
    assert cli.main(["ask", "--batch", str(batch)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["id"] == "c1" and out["citations"][0]["title"].startswith("Halton")


@pytest.mark.parametrize(("command", "line", "problem"), [
    ("ask", {"id": "a", "turns": [1, 2]}, "\"turns\" must be a non-empty list of questions"),
    ("ask", {"id": "a", "turns": "pose"}, "\"turns\" must be a non-empty list of questions"),
    ("ask", {"id": "a", "turns": []}, "\"turns\" must be a non-empty list of questions"),
    ("search", {"id": "s", "query": "diffusion", "year": "abc"}, "\"year\" must be a year"),
    ("search", {"id": "s", "query": 42}, "\"query\" must be a non-empty string"),
    ("search", {"id": "s", "query": "  "}, "\"query\" must be a non-empty string"),
])
def test_batch_lines_of_the_wrong_shape_are_named_before_anything_runs(settings, seed_index, monkeypatch, capsys,
                                                                       tmp_path, command, line, problem) -> None:
    monkeypatch.setattr(cli, "_engine", lambda args: _engine(settings, seed_index))
    monkeypatch.setattr(Engine, "open", classmethod(lambda cls, s, **kw: _engine(settings, seed_index)))
    batch = tmp_path / "b.jsonl"
    good = {"id": "ok", "turns": ["What is PEARL?"]} if command == "ask" else {"id": "ok", "query": "PEARL"}
    batch.write_text(json.dumps(good) + "\n" + json.dumps(line) + "\n")
    assert cli.main([command, "--batch", str(batch)]) == 2
    captured = capsys.readouterr()
    assert f"{batch}:2: {problem}" in captured.err and "Traceback" not in captured.err
    assert captured.out == ""  # the good first line was not run either



def test_a_model_sentence_that_only_restates_the_question_is_left_out(settings, seed_index) -> None:
    echo = ("The papers about speculative decoding differ [1]. They differ in their problem, approach and result. "
            "They differ in their respective problem statements, approaches, and results [1].")
    answer = _engine(settings, seed_index, f"{echo} PEARL adapts the draft length of speculative decoding [1].").answer(QUESTION)
    assert "papers about speculative decoding differ" not in answer.text
    assert "problem, approach" not in answer.text and "problem statements" not in answer.text
    assert "PEARL adapts the draft length" in answer.text
    assert answer.verification.unsupported == 0  # said nothing: left out, not counted as a false claim
    # over ICLR 2026: "ImpossibleBench evaluates on ImpossibleBench [2]." for "Which papers evaluate on SWE-bench?"
    for echo in ("PEARL decodes with PEARL [1].", "[1] decodes with PEARL."):  # as the model wrote it, over ICLR 2026
        named = _engine(settings, seed_index, f"{echo} PEARL adapts the draft length of speculative decoding "
                        "[1].").answer(QUESTION)
        assert "decodes with PEARL" not in named.text and "PEARL adapts the draft length" in named.text, echo


def test_a_yes_or_no_that_echoes_the_question_is_checked_and_its_withholding_said(settings, seed_index) -> None:
    """Read in the app: "Does FaPS need extra training data?" got "No, FaPS does not need extra
    training data." from the model, which was dropped as an echo of the question, unverified and
    uncounted, and the quotes stood alone with no word why. It is a claim: it is checked (the
    abstract does not say it) and the answer says that the model's answer is not shown."""

    reply = "No, FaPS does not need extra training data."
    answer = _engine(settings, seed_index, reply).answer("Does FaPS need extra training data?")
    assert not answer.abstained and answer.citations
    assert answer.verification.checked == 1 and reply in answer.verification.dropped_sentences
    assert "does not need" not in answer.text and A.ALL_WITHHELD in answer.text
    assert A.takes_a_side("Yes, it does [1].", "Does it?") and not A.takes_a_side("FaPS needs data.", "Does FaPS need data?")



@pytest.mark.parametrize(("reply", "question", "shown"), [
    # over ICLR 2026, "Do any of them need training data?" after a table of model-merging papers
    ("Yes, OptMerge builds improved MLLMs without requiring training data [2].", "Do any of them need training data?",
     "OptMerge builds improved MLLMs without requiring training data [2]."),
    ("No, MASS is fully training-free [5].", "Is any of them training-free?", "MASS is fully training-free [5]."),
    ("[1] Yes, MASS is training-free.", "Do they need training?", "[1] MASS is training-free."),
    # the reply agrees with its own words, or negates something else: it stands
    ("No, OptMerge works without training data [2].", "Do any of them need training data?", None),
    ("Yes, MASS does not need training data [5].", "Does any of them work without training data?", None),
    ("Yes, MergOPT fine-tunes on data but does not use labels [1].", "Do any of them need training data?", None),
    ("Yes, it is training-free [1].", "What do they need?", None),  # no yes/no question
    # over ICML 2026: the reply's own words say the other way
    ("Yes, longer reasoning chains can even be detrimental to accuracy [1].", "Does longer thinking always help?",
     "Longer reasoning chains can even be detrimental to accuracy [1]."),
    ("Yes, it improves accuracy [2].", "Does the second one hurt accuracy?", "It improves accuracy [2]."),
    ("Yes, it improves accuracy but can hurt recall [2].", "Does it help?", None),
    ("No, it can be detrimental [1].", "Does longer thinking always help?", None),
    # over ICLR 2026, after AI-text detectors: a yes to whether any has a property, its own words naming none of it
    ("Yes, papers detect AI-generated text by using context-aware detection methods like Anchor [1].",
     "Are any of them robust to paraphrasing attacks?",
     "Papers detect AI-generated text by using context-aware detection methods like Anchor [1]."),
    ("Yes, D&R is robust to paraphrasing [3].", "Are any of them robust to paraphrasing attacks?", None),
    ("Yes, Temper-Then-Tilt uses classifier guidance [2].", "Does either use classifier guidance?", None),
    # over ICML 2026, after weight-quantization papers: asked of them all, a yes that names none of it
    ("Yes, the papers quantize LLM weights [2].", "Do they need calibration data?",
     "The papers quantize LLM weights [2]."),
    ("Yes, GPTQ uses a small calibration set [2].", "Do they need calibration data?", None),
    # over ICLR 2026, after watermarking papers: a reply on earlier work says nothing of these papers
    ("Yes, most existing watermarking methods require access to the decoding process [1].",
     "Do any of them need access to the model weights?",
     "Most existing watermarking methods require access to the decoding process [1]."),
    # over ICLR 2026, after causal-discovery papers: a yes that names one of the three things asked ("assumption")
    ("Yes, TCD-Arena demonstrates robustness profiles for 27 distinct assumption violations [1].",
     "Do they assume no hidden confounders?",
     "TCD-Arena demonstrates robustness profiles for 27 distinct assumption violations [1]."),
    ("Yes, TCD-Arena assumes there are no hidden confounders [1].", "Do they assume no hidden confounders?", None),
    ("Yes, VecMol uses the QM9 benchmark [1].", "Do any of them use QM9 benchmarks?", None)])
def test_a_yes_or_no_its_own_words_contradict_is_left_out(reply: str, question: str, shown: str | None) -> None:
    assert A.unsaid_reply(reply, question) == (shown or reply)


def test_a_yes_before_a_copied_opening_on_the_field_is_left_out() -> None:
    """Over ICLR 2026, "Do they work on unseen generators?" after AI-generated-image detectors was answered "Yes,
    Semantic Visual Anomaly Detection …: The rapid advancement of AI-generated content …", the abstract's opening on
    the field: true, and no answer to the question."""
    from paperchat.schema import Paper, Source

    opening = ("The rapid advancement of AI-generated content (AIGC) has enabled the synthesis of visually convincing "
               "images; however, many such outputs exhibit subtle semantic anomalies.")
    said = "We build AnomReason, a benchmark of semantic anomalies with reasoning annotations."
    paper = Paper("a", "Semantic Visual Anomaly Detection and Reasoning in AI-Generated Images",
                  f"{opening} {said}", "ICLR", 2026)
    source = Source(1, paper, "Semantic Visual Anomaly Detection and Reasoning in…", [opening, said])
    source.roles = ["background", "method"]
    asked = "Do they work on unseen generators?"
    reply = f"Yes, Semantic Visual Anomaly Detection and Reasoning in…: {opening} [1]"
    assert A.reply_to_opening(reply, asked, [source]) == reply[len("Yes, "):]
    assert A.reply_to_opening(f"Yes, {opening} [1]", asked, [source]) == f"{opening} [1]"
    # a reply in words of its own, on a sentence that is no opening on the field, to no yes/no question, or a title
    # that opens with "No", keeps its first word
    for kept in ("Yes, it detects anomalies in images from unseen generators [1].", f"Yes, {said} [1]"):
        assert A.reply_to_opening(kept, asked, [source]) == kept
    assert A.reply_to_opening(f"Yes, {opening} [1]", "What data do they use?", [source]) == f"Yes, {opening} [1]"
    assert A.reply_to_opening(f"No Free Lunch: {opening} [1]", asked, [source]) == f"No Free Lunch: {opening} [1]"
    source.roles = ["method", "method"]
    assert A.reply_to_opening(f"Yes, {opening} [1]", asked, [source]) == f"Yes, {opening} [1]"


def test_the_stream_judges_a_contradicted_reply_without_its_yes(settings, seed_index) -> None:
    answer = _engine(settings, seed_index, "Yes, FaPS does not need extra training data [1].").answer(
        "Does FaPS need extra training data?")
    assert "Yes" not in " ".join(answer.verification.dropped_sentences) + answer.text


@pytest.mark.parametrize(("reply", "shown"), [
    # the eval's answers, under "In short" (four of 250 answers opened so)
    ("The evidence states that Transformer FeedForward layers function as memory [1].",
     "Transformer FeedForward layers function as memory [1]."),
    ("According to the provided evidence, dParallel halves the decoding steps [2].",
     "dParallel halves the decoding steps [2]."),
    ("[1] The quoted text shows that it adapts the draft length.", "[1] It adapts the draft length."),
    # what the papers or an abstract show is a claim about them, not about the prompt
    ("The papers show that drafting helps [1].", None), ("The evidence states that.", None)])
def test_the_models_words_about_its_prompt_are_not_shown(reply: str, shown: str | None) -> None:
    assert A.unframed(reply) == (shown or reply)


def test_a_framed_sentence_is_judged_and_shown_without_its_frame(settings, seed_index) -> None:
    answer = _engine(settings, seed_index, "The evidence states that PEARL adapts the draft length of speculative "
                                           "decoding [1].").answer("What is PEARL?")
    assert "PEARL adapts the draft length of speculative decoding [1]." in answer.text.split(IN_SHORT)[1]
    assert "evidence states" not in answer.text and answer.verification.checked == 1


def test_a_yes_to_the_earlier_question_is_no_answer_to_a_follow_up(settings, seed_index) -> None:
    """Over ICLR 2026, "Are there papers on federated learning with differential privacy?" then "What
    privacy guarantees do they give?" was answered "Yes, there are papers on federated learning with
    differential privacy [1].": the first question's answer, kept as a side taken."""
    for reply in ("Yes, there are papers on watermarking the outputs of diffusion models [1].",
                  "[1] Yes, there are papers on watermarking the outputs of diffusion models."):  # as the model wrote it
        engine = _engine(settings, seed_index, reply)
        first = "Are there papers on watermarking the outputs of diffusion models?"
        answer = engine.answer(first)
        assert answer.verification.checked == 1  # a yes to a yes/no question is a claim: checked
        answer = engine.answer("What do they protect against?", [next_turn(first, answer)])
        assert "Yes, there are papers" not in answer.text and answer.verification.checked == 0
    assert not A.takes_a_side("Yes, there are papers on X.", "Are there papers on X? What do they do?",
                              "What do they do?")
    assert A.takes_a_side("Yes, it does [1].", "Does it?", "Does it?")


def test_a_question_the_model_writes_is_no_answer(settings, seed_index) -> None:
    """Over ICML 2026, after "Which papers propose new optimizers for training LLMs?", "How do they compare
    to AdamW?" was answered "Earlier question: Which papers propose new optimizers for training LLMs [1]?
    Do The authors Need Adam [1]?", both kept: the prompt's label copied, then a title asked back."""
    reply = ("Earlier question: What is PEARL [1]? Is PEARL fast [1]? "
             "PEARL adapts the draft length of speculative decoding [1].")
    answer = _engine(settings, seed_index, reply).answer("What is PEARL?")
    synthesis = answer.text.split(IN_SHORT)[1]
    assert "?" not in synthesis and "PEARL adapts the draft length" in synthesis
    assert answer.verification.checked == 1  # left out unjudged, as a repeat is
    # on the seeds, "Does the Halton scheduler require retraining?" got "No. [1]", withheld as a claim no
    # sentence states, and the answer said the abstracts do not state it: a bare reply is left out unjudged
    bare = _engine(settings, seed_index, "No. [1]").answer("Does the Halton scheduler require retraining?")
    assert bare.verification.checked == 0 and A.ALL_WITHHELD not in bare.text
    assert A._ASKS_BACK.search("[1] Yes.") and not A._ASKS_BACK.search("No, it does not need retraining [1].")


def test_a_sentence_opening_pasted_into_another_is_left_out(settings, seed_index) -> None:
    """Over the seeds, "How does GenCape compare to GenVP?" got "…, while GenVP uses further, compared to SOTA
    generative approaches, which struggle to solve RPMs …, GenVP efficiently generalizes …": a table cell's
    opening pasted into the middle of a sentence, kept."""
    reply = ("PEARL uses pre-verify, while the Halton scheduler uses further, compared to random schedulers, the Halton "
             "scheduler spreads tokens [1][2]. PEARL adapts the draft length of speculative decoding [1].")
    answer = _engine(settings, seed_index, reply).answer("What is PEARL?")
    assert "uses further," not in answer.text and "PEARL adapts the draft length" in answer.text
    assert A._PASTED.search("GenVP uses further, compared to SOTA") and not A._PASTED.search("Further, GenVP uses it.")
    assert not A._PASTED.search("PEARL is fast; moreover, it adapts the draft length.")
    # over the seeds: "NoisePrints is a natural solution is to embed watermarks for later verification [1]"
    assert A._PASTED.search("NoisePrints is a natural solution is to embed watermarks for later verification")
    assert not A._PASTED.search("NEO is a test-time adaptation method that is efficient")
    assert not A._PASTED.search("The goal of PEARL is to adapt the draft length")
    assert A._PASTED.search("A^2TG proposes Gaussian Splatting has emerged as a powerful representation")
    assert not A._PASTED.search("PEARL shows that adaptive draft lengths have become faster")
    assert not A._PASTED.search("GenVP proposes a model that has gained attention")
    # over ICLR 2026, a true row summary left out for its unit: "PARD: up to 3.67× speedup …, reaching 264.88 tokens
    # per second, which is 1.15× faster than EAGLE-3."
    assert not A._PASTED.search("reaching 264.88 tokens per second, which is 1.15× faster than EAGLE-3")
    assert not A._PASTED.search("PEARL is the second, after SpecDec, to adapt the draft length")


def test_the_authors_we_copied_from_an_abstract_is_shown_as_the_authors(settings, seed_index) -> None:
    # judged as the model wrote it; shown in the answer's voice, where "we" would read as paperchat
    answer = _engine(settings, seed_index, "To this end, we adapt the draft length of speculative decoding "
                                           "in our framework [1].").answer("What is PEARL?")
    synthesis = answer.text.split(IN_SHORT)[1]
    assert "the authors adapt the draft length of speculative decoding in their framework [1]." in synthesis
    assert answer.verification.checked == 1 and answer.verification.unsupported == 0


def test_a_comparison_no_paper_holds_the_topic_of_says_so_and_names_the_closest(settings, seed_index) -> None:
    """Read in the app: "Which ICML 2026 papers are about diffusion language models?" tabled five
    ICML 2026 papers, none of which says "language" (the seeds' diffusion language model papers are
    ICLR's)."""
    engine = Engine(settings, seed_index)
    answer = engine.answer("Which ICML 2026 papers are about diffusion language models?")
    assert answer.abstained and answer.table is None and not answer.citations
    assert answer.text.startswith("The collection has no paper on this matching ICML 2026.")
    assert "The closest papers it does have are:" in answer.text
    assert not engine.answer("Which ICLR 2026 papers are about diffusion language models?").abstained


def test_a_streamed_sentence_does_not_end_inside_an_open_parenthesis(settings, seed_index) -> None:
    reply = ("PEARL adapts the draft length (pre-verify vs [1]. post-verify) of speculative decoding [1]. "
             "PEARL adapts the draft length of speculative decoding [1].")
    answer = _engine(settings, seed_index, reply).answer(QUESTION)
    said = answer.text.split(A.HOW_THEY_DIFFER if answer.table else A.IN_SHORT)[-1]
    assert "vs [1]. " not in said and "vs [1]." not in answer.verification.dropped_sentences
    assert all(s.count("(") <= s.count(")") for s in answer.verification.dropped_sentences)


def test_a_which_question_over_papers_quoted_asks_what_each_does_that_answers_it(settings, seed_index) -> None:
    """Asked to "answer the question", the model replied "[1]" to "Which papers combine diffusion
    models with reinforcement learning?": a which-question asks it to say what each paper does."""
    from paperchat.answer import TASK_ANSWER, TASK_ANSWER_AMOUNT, TASK_WHICH

    chat = ScriptedChat("GoRL trains expressive generative policies for online reinforcement learning [1].")
    engine = Engine(settings, seed_index, chat)
    engine.answer("Which papers address hallucination in generative models?")
    engine.answer("What is PEARL?")
    # "What is Tvcache?" then "How much does it speed up tool calls?" over ICML 2026: asked to answer, the model
    # defined it again and ran out of room before the figure; asked for an amount, it leads with it
    engine.answer("How much faster is PEARL than auto-regressive decoding?")
    tasks = [messages[-1]["content"].splitlines()[-1] for messages in chat.prompts]
    assert tasks == [TASK_WHICH, TASK_ANSWER, TASK_ANSWER_AMOUNT]


def test_an_amount_asked_of_an_abstract_that_states_none_is_said_so(settings, seed_index) -> None:
    """Read in a conversation: "What does SlerpFlow correct, and how much does it improve inversion?"
    quoted three sentences without an amount (its abstract states none) and the model's sentence
    was withheld: the answer did not say that the abstract gives no figure."""
    engine = Engine(settings, seed_index)
    slerp = engine.answer("How much does SlerpFlow improve inversion?")
    assert slerp.citations and all("SlerpFlow" in c.paper.title for c in slerp.citations)
    assert slerp.text.startswith("*The abstract of SlerpFlow gives no figure for this. What it says:*")
    faps = engine.answer("How much faster does FaPS train?")  # "up to 3× faster training": a figure
    assert "gives no figure" not in faps.text
    assert "gives no figure" not in engine.answer("How does SlerpFlow correct inversion?").text
    # over ICML 2026, "How accurate are they?" after five hallucination detectors, four of which give no figure
    assert engine.answer("How accurate is SlerpFlow?").text.startswith("*The abstract of SlerpFlow gives no figure")
    from paperchat.answer import intent
    assert intent("How accurate are they?") == intent("How effective is it?") == "number"


def test_notes_before_the_quotes_lead_into_them_once() -> None:
    """Over ICLR 2026 "How much faster is DFlash than autoregressive decoding?" read "None of these abstracts uses
    the word “DFlash”. What they say: The abstract of ParallelBench gives no figure for this."."""
    unused = "None of these abstracts uses the word “DFlash”. What they say:"
    assert A.joined_notes(unused, "", "The abstract of ParallelBench gives no figure for this.") == \
        "The abstract of ParallelBench gives no figure for this. " + unused
    both = A.joined_notes(unused, "None of these abstracts gives a figure for this. What they say:")
    assert both.count("What they say:") == 1 and both.endswith("What they say:")
    assert A.joined_notes("", "") == "" and A.joined_notes("", unused) == unused


def test_an_answer_that_opens_with_it_names_the_paper_it_cites(settings, seed_index) -> None:
    """Read in a comparison whose first model sentences were withheld: the answer began "It
    develops a Markov-chain-based watermark generator … [2]", and the reader could not tell
    which paper "it" was."""
    reply = ("PEARL is a watermark for images [1]. It adapts the draft length of speculative decoding to avoid "
             "the mutual waiting problem [1].")
    answer = _engine(settings, seed_index, reply).answer("What is PEARL?")
    synthesis = answer.text.split(IN_SHORT)[-1]
    assert "watermark for images" not in synthesis  # withheld: the abstract says nothing of images
    assert synthesis.startswith("PEARL adapts the draft length"), synthesis


def test_it_after_a_sentence_about_another_paper_names_the_paper_it_cites(settings, seed_index) -> None:
    """Over ICLR 2026: "Mobile-GS addresses … real-time rendering on edge devices [1]. It achieves … by
    dynamically adjusting the opacity of Gaussian primitives … [2]": "it" read as Mobile-GS, the claim
    CLoD-GS's."""
    reply = "PEARL adapts the draft length of speculative decoding [1]. It spreads the unmasked tokens uniformly over " \
            "the image [2]."
    said = _engine(settings, seed_index, reply).answer("Compare PEARL and the Halton scheduler.").text.split("**")[-1]
    assert "It spreads" not in said and "spreads the unmasked tokens" in said, said
    reply = "PEARL adapts the draft length of speculative decoding [1]. It parallels the drafting phase and the " \
            "verification phase [1]."
    said = _engine(settings, seed_index, reply).answer("What is PEARL?").text.split(IN_SHORT)[-1]
    assert "It parallels" in said, said  # the same paper as the sentence before: "it" is clear
    # "They" is no one paper: in the run at 5970968 "They differ in approach … [1]" became "Flow Straight and Fast in
    # Hilbert Space differ in approach …"
    reply = "PEARL adapts the draft length of speculative decoding [1]. They spread the unmasked tokens uniformly over " \
            "the image [2]."
    said = _engine(settings, seed_index, reply).answer("Compare PEARL and the Halton scheduler.").text
    assert "They spread" in said, said


def test_a_sentence_of_references_alone_is_left_out(settings, seed_index) -> None:
    """On the seeds, "How much faster is it?" after diffusion-sampling questions got "Faster Diffusion
    Sampling with Randomized Midpoints: Chen et al., 2023c; Benton et al., 2023; Lee et al., 2022 [1].",
    kept as a quote of the abstract."""
    reply = ("Faster Diffusion Sampling with Randomized Midpoints: Chen et al., 2023c; Benton et al., 2023; Lee et al., "
             "2022 [1].")
    answer = _engine(settings, seed_index, reply).answer("What does the randomized midpoints paper show?")
    assert answer.citations and "Randomized Midpoints" in answer.citations[0].paper.title
    assert IN_SHORT not in answer.text or "Benton" not in answer.text.split(IN_SHORT)[1], answer.text


def test_a_name_put_in_twice_reads_once() -> None:
    # over ICLR 2026 "Hubble presents Hubble, a suite of …"; in fb64a45's eval "Shortcut Models proposes Shortcut
    # Models, a family of generative models …"
    from paperchat.answer import _named_once

    assert _named_once("Yes, Hubble presents Hubble, a suite of open-source LLMs [1].") == \
        "Yes, Hubble is a suite of open-source LLMs [1]."
    assert _named_once("PEARL proposes PEARL-2, a method [1].") == "PEARL proposes PEARL-2, a method [1]."
    # the run at 5970968: "NoisePrints: proposes a lightweight watermarking scheme …"
    assert _named_once("NoisePrints: proposes a lightweight scheme [1].") == "NoisePrints proposes a lightweight scheme [1]."
    # over ICLR 2026: "UltraViCo: A training-free method that suppresses attention …"
    assert _named_once("UltraViCo: A training-free method [1].") == "UltraViCo is a training-free method [1]."
    # over ICML 2026: "ParisKV: ParisKV supports CPU-offloaded KV caches …"
    assert _named_once("ParisKV: ParisKV supports CPU-offloaded KV caches [4].") == "ParisKV supports CPU-offloaded KV caches [4]."
    assert _named_once("ParisKV: ParisKVs are fast [4].") == "ParisKV: ParisKVs are fast [4]."
    # over ICLR 2026: "CrossPL: It introduces CrossPL, the first benchmark for …" (a shown paper's name only)
    assert _named_once("CrossPL: It introduces CrossPL, the first benchmark for CPL code [2].", ["CrossPL"]) == \
        "CrossPL is the first benchmark for CPL code [2]."
    assert _named_once("Key difference: They differ in data [1][2].", ["CrossPL"]) == \
        "Key difference: They differ in data [1][2]."
    # over ICML 2026: "Realistic Adaptive Merging: This paper proposes …"
    assert _named_once("Realistic Adaptive Merging: This paper studies LoRA recycling [1].",
                       ["Realistic Adaptive Merging"]) == "Realistic Adaptive Merging studies LoRA recycling [1]."
    assert _named_once("Key difference: This paper uses data [1].", ["CrossPL"]) == "Key difference: This paper uses data [1]."
    # over ICLR 2026: "Spherical Watermark demonstrates that Spherical Watermark consistently preserves …"
    assert _named_once("Spherical Watermark demonstrates that Spherical Watermark consistently preserves fidelity [2].") \
        == "Spherical Watermark demonstrates that it consistently preserves fidelity [2]."
    assert _named_once("PEARL shows that PEARL-2 is faster [1].") == "PEARL shows that PEARL-2 is faster [1]."


def test_a_sentence_that_only_gives_each_result_a_word_says_nothing() -> None:
    # the run at e571731: "Two-Layer Convolutional Autoencoders …'s result is visualized, while Swift Hydra's result is
    # highlighted [1][2]." was kept (each half true of its paper) and told the reader nothing
    from paperchat.answer import _says_nothing

    assert _says_nothing("Two-Layer Convolutional Autoencoders's result is visualized, while Swift Hydra's result is "
                         "highlighted [1][2].")
    assert _says_nothing("CpAEs's result is visual, while Swift Hydra's result is empirical [1][2].")
    assert not _says_nothing("DiffStyle3D's result is higher stylization quality and visual realism [1].")
    assert not _says_nothing("SAL's results are demonstrated with synthetic and real-world problems [2].")
    assert not _says_nothing("Hubble's result is 20% better, while PEARL's result is faster [1][2].")  # a figure


def test_a_coined_name_is_shown_as_the_paper_writes_it() -> None:
    # over ICML 2026: "Frigid uses forward fragmentation models …" of FRIGID
    from paperchat.answer import _as_written

    names = ["FRIGID", "SynLaD", "Flow of Spans", "Go"]
    assert _as_written("Frigid uses fragments, while Synlad generates latents [1][2].", names) == \
        "FRIGID uses fragments, while SynLaD generates latents [1][2]."
    assert _as_written("It keeps frigid water and Flow Of Spans as they are [1].", names) == \
        "It keeps frigid water and Flow Of Spans as they are [1]."  # lower case, or no coined name: left alone
    assert _as_written("Go-Explore differs [1].", names) == "Go-Explore differs [1]."


def test_under_a_table_a_sentence_that_copies_a_cell_is_left_out(settings, seed_index) -> None:
    """Over ICLR 2026, "Which papers propose benchmarks for LLM agents?" had, under its table, "How they
    differ: Graph-of-Agents: Problem: While frameworks like Mixture-of-Agents (MoA) attempt …": the
    Problem cell again. 11 of 156 kept difference sentences of an eval run copied one cell."""
    table = _engine(settings, seed_index).answer(QUESTION).table
    assert table is not None and len(table.rows) >= 2
    first, second = table.rows[0], table.rows[1]
    copy = f"{first.cells['Approach'].text.rstrip('.')} [{first.n}]."
    labelled = f"{second.title}: Result: {second.cells['Result'].text.rstrip('.')} [{second.n}]."
    chat = ScriptedChat(f"{copy} {labelled}")
    answer = Engine(settings.changed(answer={"max_sentences": 3}), seed_index, chat).answer(QUESTION)
    assert answer.table is not None and A.HOW_THEY_DIFFER not in answer.text  # neither sentence is shown
    assert answer.verification.checked == 0  # left out before any check, as a repeat is
    # the same sentence is what a single-paper answer says: no table to copy, so it is judged and kept
    alone = Engine(settings, seed_index, ScriptedChat(copy)).answer(f"What is {first.title.split(':')[0]}?")
    assert alone.table is None and IN_SHORT in alone.text
    # as the model wrote it over ICLR 2026: a marker, then a title longer than 80 characters, then the column
    long = "[1] Evaluating GFlowNet from partial episodes for stable and flexible policy-based training: Approach: The"
    assert A._AS_CELL.match(long) and not A._AS_CELL.match("The key problem: drafts are slow [1].")
    # on the seeds, "Which papers do anomaly detection, and how?": a cell copied without the references it cites
    cell = ("Anomaly detection refers to the techniques that identify (probably unseen) rare or suspicious data that "
            "deviate significantly from the pre-defined normal data (Chalapathy & Chawla, 2019; Ruff et al., 2021).")
    assert A._copies(f"{cell.split(' (Chalapathy')[0]} [1].", [cell], settings.answer.echo_overlap)


@pytest.mark.parametrize(("question", "about"), [
    ("What can I ask about?", True), ("What's in the collection?", True), ("help", True),
    ("What kinds of questions can I ask here?", True), ("What topics are covered?", True),
    ("What can I do to speed up decoding?", False), ("Help me compare PEARL and dParallel", False),
    ("What papers do you have on diffusion?", False), ("What is in the collection about watermarks?", False)])
def test_a_question_about_the_collection_is_told_what_it_holds(settings, seed_index, question: str, about: bool) -> None:
    """A new user's first question on the seeds, "What can I ask about?", was told "The collection has no
    paper on this" and three random titles. It is told what the collection holds and how to ask it, with
    examples from its own papers."""
    assert A.about_collection(question) is about
    if not about:
        return
    engine = Engine(settings, seed_index)
    answer = engine.answer(question)
    assert not answer.abstained and not answer.citations and answer.table is None
    for venue, count in engine.stats()["by_venue"].items():
        assert f"{venue} ({count})" in answer.text
    named = re.search(r"“What is (\S+)\?”", answer.text)
    assert named and any(p.title.startswith(named.group(1)) for p in engine.papers().values())


def test_the_model_is_shown_the_tables_first_rows_and_never_more_than_its_context_holds(settings, seed_index) -> None:
    """A table may hold more rows than three sentences can set apart (a comparison looks past the first
    five hits): the model is shown the first `answer.table_prompt_rows`, and a table whose cells would take
    the prompt past the context less the reply loses its last rows, so llama.cpp never refuses it."""
    from paperchat.answer import CHARS_PER_TOKEN, TEMPLATE_TOKENS

    question = "How do the flow matching papers differ?"
    chat = ScriptedChat("They differ [1].")
    answer = Engine(settings.changed(answer={"table_prompt_rows": 2}), seed_index, chat).answer(question)
    assert answer.table is not None and len(answer.table.rows) > 2
    # "They differ [1]." says nothing: the model is asked again (the rows as prose), shown the same rows
    assert len(chat.prompts) == 2
    for prompt in chat.prompts:
        shown = prompt[-1]["content"]
        assert [r.n for r in answer.table.rows if f"[{r.n}]" in shown] == [1, 2]

    small = settings.changed(llm={"n_ctx": 512})
    chat = ScriptedChat("They differ [1].")
    answer = Engine(small, seed_index, chat).answer(question)
    room = 512 - small.llm.max_tokens - small.answer.finish_tokens
    for messages in chat.prompts:
        assert sum(len(m["content"]) for m in messages) / CHARS_PER_TOKEN + TEMPLATE_TOKENS <= room
        assert "[1]" in messages[-1]["content"] and f"[{len(answer.table.rows)}]" not in messages[-1]["content"]


def test_a_comparison_that_finds_one_paper_on_its_topic_says_so(settings, seed_index) -> None:
    """"Which papers make training diffusion models faster or cheaper?" was answered over ICML 2026 papers with
    FaPS's sentences alone, as if it were the answer to a question about FaPS: asked for papers, the answer
    says that one paper found is on it and that the others shown are not quoted. A question about one
    method ("How much faster is the … metric than earlier … methods?") is not told so."""
    engine = Engine(settings, seed_index)
    answer = engine.answer("Which papers study memorization in diffusion models, and how do they differ?")
    assert answer.table is None and len(answer.citations) >= 1
    assert answer.text.startswith("*Only one paper found is on this: Detecting and Mitigating Memorization")
    assert "shown below are not quoted.*" in answer.text.split("\n")[0]
    one = engine.answer("How much faster is the anisotropy-based memorization detection metric than earlier "
                        "denoising-free methods?")
    assert not one.text.startswith("*Only one paper")
    assert "Only one paper" not in engine.answer(QUESTION).text


def test_under_a_table_the_model_is_not_shown_the_question_unless_it_says_what_to_compare(settings,
                                                                                         seed_index) -> None:
    """Shown "Question: Which papers change how language models handle tokens …?" above a table, the model
    wrote "X changes how language models handle tokens by …" of each paper, words their abstracts never
    use, and the verifier withheld them (18 sentences over the 67 held-out comparative questions). The
    question is left out of a table's prompt unless it says what to compare ("differ in robustness") or
    asks for amounts; a single-paper answer keeps it."""
    chat = ScriptedChat("They differ [1].")
    engine = Engine(settings, seed_index, chat)
    for question, shown in ((QUESTION, False),
                            ("How do the watermarking papers differ in robustness?", True),
                            ("What is GenCape?", True),
                            ("Which datasets do the speculative decoding papers evaluate on, and how do they differ?", True)):
        asked = len(chat.prompts)
        answer = engine.answer(question)
        assert (answer.table is not None) == (question != "What is GenCape?"), question
        prompt = chat.prompts[asked][-1]["content"]  # the first (a reply that says nothing is asked again)
        assert ("Question:" in prompt) == shown, question
        # a table with a Data column (the question asks what data): the model is asked for the data, not how the
        # papers differ in approach (over ICML 2026 "What datasets do the papers on time series foundation models
        # use?" was answered with their approaches)
        data = answer.table is not None and "Data" in answer.table.columns
        assert (A.TASK_TABLE_DATA in prompt) == data == question.startswith("Which datasets"), question


def test_under_a_table_the_model_is_shown_approach_and_result_not_the_problem(settings, seed_index) -> None:
    """Shown each row's Problem cell (the abstract's opening on its field), the model restated each paper's
    topic ("PEARL addresses speculative decoding, while the second focuses on self-speculative decoding")
    and read a prompt a third longer. Its prompt holds the Approach and Result cells; a row with only a
    Problem cell keeps it, so no row reaches the model empty."""
    from paperchat import answer as A
    from paperchat.schema import Cell, Evidence, Filters, Plan, Row, Source, Table

    chat = ScriptedChat("They differ [1].")
    answer = Engine(settings, seed_index, chat).answer(QUESTION)
    assert answer.table is not None
    shown = chat.prompts[0][-1]["content"]  # the first (a reply that says nothing is asked again)
    for row in answer.table.rows[:settings.answer.table_prompt_rows]:
        for column, cell in row.cells.items():
            if cell.sentence >= 0:
                assert (cell.text in shown) == (column != "Problem"), (column, cell.text)
    assert "Approach:" in shown and "Problem:" not in shown
    only = Row(1, "p", "X", "ICLR", 2026, {"Problem": Cell("X studies the field.", "background", 0),
                                            "Approach": Cell("—", "", -1), "Result": Cell("—", "", -1)})
    paper = next(iter(seed_index.snapshot().papers.values()))
    ev = Evidence([Source(1, paper, "X", [])], {}, "", Table(["Problem", "Approach", "Result"], [only]))
    plan = Plan(question=QUESTION, query=QUESTION, filters=Filters(), comparative=True)
    assert "Problem: X studies the field." in A.prompt(plan, ev, 5)[-1]["content"]


def test_a_single_paper_answer_that_misses_half_the_question_says_so(settings, seed_index) -> None:
    """Over ICML 2026, "What does the paper on test-time training for video generation propose?" quoted a
    test-time training paper that never writes "video", though the papers found beside it are titled on
    video, with no word that the question's other half is missed. Here a watermarking paper answers a
    question on watermarking for anomaly detection, with the seeds' anomaly detection papers beside it."""
    engine = _engine(settings, seed_index)
    answer = engine.answer("What does the paper on watermarking for anomaly detection propose?")
    texts = [f"{c.paper.title} {c.paper.abstract}".lower() for c in answer.citations]
    missed = [word for word, stem in (("watermarking", "watermark"), ("anomaly", "anomal"))
              if texts and all(stem not in t for t in texts)]
    assert missed  # the seeds have no paper on both: the papers quoted are on one half
    first = answer.text.split("\n")[0]
    assert first.startswith("*None of these abstracts uses the word") and missed[0] in first
    # a paper that covers both halves is quoted without a note
    both = engine.answer("What does the paper on watermarking for speculative sampling propose?")
    assert not both.text.startswith("*None of these abstracts")


def test_a_paper_whose_abstract_changed_is_read_anew_not_from_the_cache(settings, seed_index) -> None:
    """The engine keeps each paper's sentences and vectors for the next question; it kept them by id alone, so an
    abstract re-ingested under the same id while the app ran was still quoted and judged as it was (a slow test
    showing two papers under one id was judged against the other's sentences)."""
    from paperchat.schema import Paper

    engine = Engine(settings, seed_index)
    first = Paper(paper_id="same", title="Saguaro", venue="ICLR", year=2026,
                  abstract="We introduce Saguaro. Saguaro is up to 5× faster than autoregressive decoding.")
    [(_, checked)] = engine.check("Saguaro is up to 5× faster than autoregressive decoding [1].", {1: first})
    assert checked.text is not None
    changed = Paper(paper_id="same", title="Saguaro", venue="ICLR", year=2026,
                    abstract="We introduce Saguaro. Saguaro is up to 2× faster than autoregressive decoding.")
    [(_, checked)] = engine.check("Saguaro is up to 5× faster than autoregressive decoding [1].", {1: changed})
    assert checked.text is None and "5" in checked.reason


def test_a_sentence_naming_its_paper_by_the_same_long_title_is_no_repeat(settings, seed_index) -> None:
    """Over ICLR 2026, "The KV-Cache Transform Coding for Compact Storage in LLM Inference paper achieves up to 20x
    compression", after a sentence on what that paper uses, was left out as a repeat: the nine words of the title
    were most of what the two sentences shared. A paper's name is not what a sentence says."""
    title = "PEARL: Parallel Speculative Decoding with Adaptive Draft Length"
    reply = (f"{title} verifies the first draft token in advance [1]. "
             f"{title} reaches a speedup of up to 4.43× [1].")
    synthesis = _engine(settings, seed_index, reply).answer("What is PEARL?").text.split(IN_SHORT)[1]
    assert "verifies the first draft token" in synthesis and "4.43×" in synthesis
    assert A._repeats(f"{title} verifies the first draft token in advance.", [f"{title} reaches 4.43×."], 0.6)
    # the same sentence twice is still a repeat, named or not
    again = f"{title} verifies the first draft token in advance."
    assert A._repeats(again, [again], 0.6, [title]) and not A._repeats(f"{title} reaches 4.43×.", [again], 0.6, [title])


def test_every_part_of_a_withheld_sentence_that_holds_alone_is_shown(settings, seed_index) -> None:
    """Over ICLR 2026, "KVTC achieves up to 20x compression, while FreqKV … consistently outperforms existing KV cache
    compression methods" was withheld and only FreqKV's part shown, though KVTC's holds alone too."""
    reply = ("PEARL reaches a speedup of up to 4.43× [1], while dParallel reduces decoding steps from 256 to 30 on "
             "GSM8K [2], while the Halton")  # the model stopped mid-sentence
    answer = _engine(settings, seed_index, reply).answer("How do PEARL and dParallel differ?")
    synthesis = answer.text.split(A.HOW_THEY_DIFFER)[1]
    assert "4.43×" in synthesis and "256 to 30" in synthesis and "Halton" not in synthesis
    assert answer.verification.trimmed == 1  # one sentence withheld, shown in its parts
    assert "its parts" in answer.verification.dropped_reasons[0]
    # but not a later part that leans on the one before: "… supports this with experiments [2]" (the eval's
    # comparative-03, withheld for saying how one paper bears on another) says nothing alone
    leaning = ("PEARL reaches a speedup of up to 4.43× [1], while dParallel likewise reduces decoding steps from 256 "
               "to 30 on GSM8K [2], while the Halton")
    synthesis = _engine(settings, seed_index, leaning).answer("How do PEARL and dParallel differ?").text
    assert "4.43×" in synthesis and "256 to 30" not in synthesis.split(A.HOW_THEY_DIFFER)[1]


@pytest.mark.parametrize(("later", "shown"), [
    ("dParallel likewise reduces decoding steps from 256 to 30 on GSM8K [2]", False),
    ("dParallel also reduces decoding steps from 256 to 30 on GSM8K [2]", False),
    ("dParallel reduces decoding steps from 256 to 30 on GSM8K [2]", True),
])
def test_a_part_leaning_on_a_withheld_part_is_not_shown(settings, seed_index, later, shown) -> None:
    """A later part that can only lean on the part before it is not shown when that part is withheld: "PEARL is a
    survey of image editing with GANs [1], while dParallel likewise reduces …" showed "dParallel likewise reduces
    decoding steps …" alone, agreeing with a claim the reader never sees."""
    reply = f"PEARL is a survey of image editing with generative adversarial networks [1], while {later}. "
    answer = _engine(settings, seed_index, reply).answer("How do PEARL and dParallel differ?")
    synthesis = answer.text.split(A.HOW_THEY_DIFFER)[1] if A.HOW_THEY_DIFFER in answer.text else ""
    assert ("256 to 30" in synthesis) is shown and "survey" not in synthesis


def test_a_later_part_saying_both_of_its_own_subject_still_shows(settings, seed_index) -> None:
    """"Both" said of the part's own subject leans on nothing (the eval's comparative-16)."""
    reply = ("Scalable Energy-Based Models via Adversarial Training [1] focuses on inference-time control, while RNE [2] "
             "is modality-agnostic and applicable to both continuous and discrete diffusion models.")
    answer = _engine(settings, seed_index, reply).answer("Which papers are about energy-based models?")
    assert "applicable to both continuous and discrete" in answer.text.split(A.HOW_THEY_DIFFER)[1]


def test_a_comparison_searches_deeper_in_a_large_collection(settings, seed_index, monkeypatch) -> None:
    """Over ICML 2026 (5,788 papers) some twenty papers speed up speculative decoding; ten ranks held 6 of them.
    A collection of DEEP_FROM papers or more is searched four times k deep for a comparison, a small one twice."""
    import paperchat.engine as E

    engine = _engine(settings, seed_index)
    k, comparison = settings.retrieval.k, "Which papers speed up speculative decoding, and how do they differ?"
    assert engine._depth(comparison, None) == 2 * k and engine._depth("What is PEARL?", None) == k
    monkeypatch.setattr(E, "DEEP_FROM", len(seed_index.snapshot().papers))
    assert engine._depth(comparison, None) == 4 * k and engine._depth("What is PEARL?", None) == k


def test_a_free_word_a_last_clause_asks_of_them_picks_no_rows(settings, embedder, tmp_path) -> None:
    """"Which papers do test-time adaptation for VLMs, and are they training-free?" (ICML 2026) tabled D^2O alone, the
    one paper on it that says it is training-free, and said no other was on the question: what the last clause asks of
    them is said of each row, while "Which papers do training-free test-time adaptation …?" asks for those alone."""
    from paperchat.corpus import read_paths
    from paperchat.index import PaperIndex

    abstracts = {"free": "We propose a training-free test-time adaptation method for vision-language models that "
                         "debiases their zero-shot predictions under distribution shift.",
                 "proto": "We propose prototype-based test-time adaptation for vision-language models that updates "
                          "class prototypes from test samples under distribution shift.",
                 "prompt": "We propose test-time prompt tuning for vision-language models that adapts prompts on each "
                           "test sample under distribution shift.",
                 "other": "We study the calibration of image classifiers trained with label smoothing and report "
                          "their accuracy on natural images."}
    corpus = tmp_path / "c.jsonl"
    corpus.write_text("".join(json.dumps({"id": k, "title": f"{k} study", "venue": "ICML", "year": 2026,
                                          "abstract": v}) + "\n" for k, v in abstracts.items()))
    index = PaperIndex(settings, embedder)
    index.ingest(read_paths([corpus]), progress=False)
    engine = Engine(settings, index, None)
    asked = engine.answer("Which papers do test-time adaptation for vision-language models, and are they training-free?")
    assert asked.table is not None and {r.paper_id for r in asked.table.rows} == {"free", "proto", "prompt"}
    only = engine.answer("Which papers do training-free test-time adaptation for vision-language models?")
    assert only.answered == ["free"]


def test_a_sentence_of_titles_alone_is_left_out(settings, seed_index) -> None:
    """Over ICLR 2026, under a table of text-to-3D papers, the model wrote "Table 1: Text-to-3D by Stitching a
    Multi-view Reconstruction Network to a Video Generator Table 2: PAT3D …", shown as "How they differ: Text-to-3D by
    Stitching a Multi-view Reconstruction… [1] PAT3D [2]": papers' titles and places, and nothing said of them."""
    from paperchat.answer import _names_only

    titles = ["Text-to-3D by Stitching a Multi-view Reconstruction Network to a Video Generator", "PAT3D"]
    assert _names_only("Table 1: Text-to-3D by Stitching a Multi-view Reconstruction Network to a Video Generator "
                       "Table 2: PAT3D", titles)
    assert _names_only("[1] PAT3D [2].", titles)
    assert not _names_only("PAT3D integrates physics simulation [2].", titles)
    reply = ("Table 1: PEARL: Parallel Speculative Decoding with Adaptive Draft Length Table 2: Self-Speculative "
             "Decoding Accelerates Lossless Inference in Any-Order and Any-Subset Autoregressive Models. PEARL adapts "
             "the draft length [1].")
    answer = _engine(settings, seed_index, reply).answer("Compare PEARL and self-speculative decoding.")
    said = re.split(r"(?:In short|How they differ):\*\*", answer.text)[-1]
    assert "adapts the draft length" in said and "Adaptive Draft Length" not in said, said


def test_they_differ_backed_by_one_paper_is_withheld(settings, seed_index) -> None:
    """Over ICLR 2026, to "Do any of them need retraining for each task?" after diffusion inverse-problem papers, the
    model's "They differ in their approach to enforcing measurement consistency …" was kept with [1] alone and shown as
    "Noise-Adaptive Diffusion Sampling … differ in their approach …": a difference one paper cannot back."""
    alone = _engine(settings, seed_index, "They differ in how PEARL adapts the draft length of speculative decoding [1].")
    answer = alone.answer(QUESTION)
    assert A.DIFFERS_ALONE in answer.verification.dropped_reasons
    assert "differ in how PEARL" not in answer.text
    kept = _engine(settings, seed_index, "PEARL adapts the draft length of speculative decoding [1].").answer(QUESTION)
    assert A.DIFFERS_ALONE not in kept.verification.dropped_reasons
