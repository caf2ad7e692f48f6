"""Conversations: follow-ups narrow the papers shown, a new topic starts fresh (fake embedder, real Chroma)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from paperchat.conversation import missing_venue, next_turn
from paperchat.engine import Engine
from paperchat.schema import Evidence, Filters, Plan, Turn

WATERMARKS = "How do the watermarking papers differ in what they protect and how?"


def _talk(engine: Engine, *questions: str):
    history: list[Turn] = []
    answer = None
    for q in questions:
        answer = engine.answer(q, history)
        history.append(next_turn(q, answer))
    return answer, history


def test_which_of_these_narrows_the_shown_papers_by_venue(settings, seed_index) -> None:
    engine = Engine(settings, seed_index)
    first, history = _talk(engine, WATERMARKS)
    shown_2025 = [pid for pid in history[0].shown if engine.paper(pid).year == 2025 and engine.paper(pid).venue == "ICLR"]
    assert shown_2025, "the seeds hold an ICLR 2025 watermark paper among those shown"
    answer = engine.answer("Which of these came out at ICLR 2025?", history)
    assert not answer.abstained
    assert set(answer.shown) <= set(history[0].shown)  # no new search that drifts away
    assert {c.paper.paper_id for c in answer.citations} <= set(shown_2025)


def test_a_new_topic_with_compare_in_it_starts_fresh(settings, seed_index) -> None:
    engine = Engine(settings, seed_index)
    answer, _ = _talk(engine, WATERMARKS, "Compare the approaches that make diffusion sampling faster.")
    assert "watermark" not in answer.query.lower()
    titles = " ".join(c.paper.title for c in answer.citations).lower()
    assert "watermark" not in titles and "noiseprints" not in titles


def test_an_ordinal_follows_the_order_the_person_saw(settings, seed_index) -> None:
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, WATERMARKS)
    second = history[0].shown[1]
    answer = engine.answer("What does the second one propose?", history)
    assert answer.shown == [second] and [c.paper.paper_id for c in answer.citations] == [second]


def test_a_pronoun_follow_up_stays_on_the_paper(settings, seed_index) -> None:
    engine = Engine(settings, seed_index)
    answer, history = _talk(engine, "Tell me about the Halton scheduler.", "Does it need retraining?")
    assert answer.citations and all("Halton" in c.paper.title for c in answer.citations)


def test_it_asked_about_right_after_a_noun_still_points_back(settings, seed_index) -> None:
    """Over ICLR 2026, "What is FutureX?" then "How many models does it evaluate?" answered about
    ProfBench and RewardEval: "models … it" was read as a pronoun pointing inside the question."""
    from paperchat import conversation as C

    engine = Engine(settings, seed_index)
    answer, _ = _talk(engine, "Tell me about the Halton scheduler.", "Which models does it improve?")
    assert answer.citations and all("Halton" in c.paper.title for c in answer.citations)
    for own in ("Which papers are about watermarking, and how do they differ?",
                "Which method is the fastest, and why is it faster?"):
        assert C._OWN_REFERENT.search(own) and not C._ASKED_OF.search(own), own
    assert not C._OWN_REFERENT.search("Which papers use it?")  # a plural noun is not what "it" points at


def test_which_of_these_with_no_match_says_so_and_offers_the_whole_collection(settings, seed_index) -> None:
    engine = Engine(settings, seed_index)
    answer, _ = _talk(engine, "Tell me about the Halton scheduler.", "Which of these came out at ICLR 2019?")
    assert answer.abstained and answer.citations == []
    assert answer.text.startswith("None of the papers shown before is from ICLR 2019")
    assert "whole collection" in answer.text


def test_a_venue_the_collection_lacks_is_said_plainly(settings, seed_index) -> None:
    assert missing_venue("Summarize the NeurIPS 2023 papers on speech recognition.", ["ICLR", "ICML"])[1] \
        == "NeurIPS 2023"
    assert missing_venue("ICLR 2025 papers on diffusion", ["ICLR", "ICML"]) == ("", "")
    answer = Engine(settings, seed_index).answer("Summarize the NeurIPS 2023 papers on watermarking.")
    assert "The collection has no NeurIPS 2023 papers" in answer.text
    assert "ICLR 2025" in answer.text.split("papers")[1]  # it says what it does hold


def test_the_cli_batch_and_the_app_give_the_same_last_turn_sources(settings, seed_index, monkeypatch,
                                                                   capsys, tmp_path) -> None:
    import json

    from paperchat import cli, ui

    engine = Engine(settings, seed_index)
    monkeypatch.setattr(cli, "_engine", lambda args: engine)
    turns = [WATERMARKS, "Which of these came out at ICLR 2025?"]
    batch = tmp_path / "b.jsonl"
    batch.write_text(json.dumps({"id": "c", "turns": turns}) + "\n")
    assert cli.main(["ask", "--batch", str(batch)]) == 0
    cli_cited = [c["paper_id"] for c in json.loads(capsys.readouterr().out)["citations"]]
    chat, state = [], []
    for q in turns:
        *_, (chat, _, state, _) = ui.respond(engine, q, chat, state, [], [], 5)
    assert [c.paper.paper_id for c in state[-1]["answer"].citations] == cli_cited


def test_which_of_them_means_the_papers_the_answer_was_about_not_every_card(settings, seed_index) -> None:
    """Read in the app: after "Which papers study memorization in diffusion models?" (one paper
    quoted, four more source cards), "Which of them needs no training?" quoted two of the cards
    that are not about memorization."""
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, WATERMARKS)
    assert history[0].answered and set(history[0].answered) < set(history[0].shown)
    answer = engine.answer("Which of them came out in 2026?", history)
    assert set(answer.shown) <= set(history[0].answered)


def test_the_first_two_are_the_first_two_the_person_saw(settings, seed_index) -> None:
    """Over ICLR 2026, "Compare the first two." after a table of video-generation papers was answered
    about the first paper alone: "the first" was read, "two" was not."""
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, WATERMARKS)
    shown = history[0].shown
    assert len(shown) >= 3
    answer = engine.answer("Compare the first two.", history)
    assert answer.table is not None and [r.paper_id for r in answer.table.rows] == shown[:2]
    assert set(engine.answer("What do the last two protect?", history).shown) == set(shown[-2:])


def test_what_about_something_else_asks_the_last_question_of_it(settings, seed_index) -> None:
    """Over ICLR 2026, "Are there papers on membership inference attacks against diffusion models?" then
    "What about against LLMs?" was read as a new question and answered with LLM alignment papers."""
    from paperchat import conversation as C

    engine = Engine(settings, seed_index)
    first = "Which papers speed up speculative decoding?"
    answer, history = _talk(engine, first, "What about for diffusion language models?")
    assert first in answer.query
    assert C._WHAT_ABOUT.match("And how about images?") and not C._WHAT_ABOUT.match("What is known about PEARL?")


def test_what_about_another_venue_replaces_the_venue_and_stays_a_comparison(settings, seed_index) -> None:
    """Read in the app: "What about ICLR 2026?" after an ICML 2026 comparison searched ICML and ICLR
    2026 together, and was answered as a question about one paper (no table)."""
    engine = Engine(settings, seed_index)
    answer, _ = _talk(engine, "Which ICML 2026 papers are about diffusion language models?", "What about ICLR 2026?")
    assert answer.filters == {"venues": ["ICLR"], "years": [2026]}
    assert answer.table is not None and len(answer.table.rows) >= 2
    assert all((c.paper.venue, c.paper.year) == ("ICLR", 2026) for c in answer.citations)


def test_which_of_them_is_about_a_topic_picks_the_papers_that_hold_it(settings, seed_index) -> None:
    """Read in the app: after the two classifier-free guidance papers, "Which of them is about
    discrete diffusion?" quoted both; only one says "discrete"."""
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, "Which papers study classifier-free guidance, and what do they find?")
    discrete = next(pid for pid, p in engine.papers().items() if p.title.startswith("What Exactly Does Guidance"))
    assert discrete in history[0].answered and len(history[0].answered) >= 2
    answer = engine.answer("Which of them is about discrete diffusion?", history)
    assert {c.paper.paper_id for c in answer.citations} == {discrete}
    assert answer.answered == [discrete]


def test_a_pick_is_read_as_holding_or_doing_without() -> None:
    from paperchat.conversation import picks

    assert picks("Which of them is about discrete diffusion?") == picks("Which of these papers use a Halton sequence?") \
        == picks("Which one also covers diffusion models?") == "holding"
    assert picks("Which of them needs no training?") == picks("Which of these doesn't retrain the model?") == "without"
    assert not picks("Does it need retraining?") and not picks("Which one of the papers uses VAEs?")
    # over ICLR 2026, "Which ones are open-source?" after vision-language-action papers was read as a new question
    assert picks("Which ones are open-source?") == "holding" and not picks("Which ones of the papers use VAEs?")


def test_a_negated_pick_keeps_the_papers_that_say_they_do_without(settings, seed_index) -> None:
    """Read in the app: after the parallel-decoding papers, "Which of them needs no retraining?"
    quoted all four and the model's "[2] needs no retraining" named PEARL, whose abstract says
    nothing of training; Prophet's says "a training-free fast decoding paradigm" and "requires no
    additional training", and dParallel's is "a novel training strategy"."""
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, "Which papers work on parallel decoding?")
    titles = {p.title.split(":")[0]: pid for pid, p in engine.papers().items()}
    prophet, dparallel = titles["Diffusion Language Model Knows the Answer Before It Decodes"], titles["dParallel"]
    assert {prophet, dparallel} <= set(history[0].answered)
    answer = engine.answer("Which of them needs no retraining?", history)
    assert answer.answered == [prophet]
    assert {c.paper.paper_id for c in answer.citations} == {prophet}
    assert "training-free" in answer.text or "requires no additional training" in answer.text  # the sentence that says so


def test_a_fresh_comparison_asked_without_something_keeps_the_papers_that_say_they_do_without(settings,
                                                                                                 seed_index) -> None:
    """Over ICLR 2026, "Which papers learn from human feedback without a reward model, and how do they differ?" tabled
    five reward-model papers: the question's words find them. As a pick does ("Which of them needs no retraining?"),
    a fresh comparison keeps the papers on its topic (the question less its "without …") that say they do without
    it, or says none does."""
    from paperchat.claims import unnegated

    assert unnegated("Which papers learn from human feedback without a reward model, and how do they differ?") == (
        "Which papers learn from human feedback, and how do they differ?")
    engine = Engine(settings, seed_index)
    titles = {p.title.split(":")[0]: pid for pid, p in engine.papers().items()}
    prophet, dparallel = titles["Diffusion Language Model Knows the Answer Before It Decodes"], titles["dParallel"]
    answer = engine.answer("Which papers make diffusion language models decode faster without training, and how do "
                           "they differ?")
    assert prophet in answer.answered and dparallel not in answer.answered  # dParallel is "a novel training strategy"
    answer = engine.answer("Which papers generate images in one or a few steps without distillation, and how do they "
                           "differ?")
    assert answer.text.startswith("*None of these abstracts says it needs no distillation. What they say:*")
    # one that says so past the fifth hit is on the topic as much as the first five are: over ICML 2026 "Which papers
    # merge fine-tuned models without training data, …?" was told none says it does, though the sixth hit is "a
    # training-free and data-free" merging method; over the seeds, Motion Prior Distillation ("inference-time sampling
    # … without additional training") is past the fifth here
    mpd = titles["Motion Prior Distillation in Time Reversal Sampling for Generative Inbetweening"]
    answer = engine.answer("Which papers sample from diffusion models without retraining, and how do they differ?")
    assert mpd in answer.answered and not answer.text.startswith("*None of these abstracts")


def test_a_negated_pick_none_of_them_fits_says_so(settings, seed_index) -> None:
    """Read in the app: "Which of them do not use reinforcement learning?" after RL papers was
    answered over them as if they were the ones."""
    from paperchat.claims import without_phrase

    assert without_phrase("Which of them do not use reinforcement learning?") == "reinforcement learning"
    assert without_phrase("Which of these does not need any extra data?") == "extra data"
    # over ICLR 2026 the note said "None of these abstracts says it does without access to the model."
    assert without_phrase("Does any of them work without access to the model's logits?") == "access to the model's logits"
    # over ICLR 2026 "Which of them avoid a reference model?" after DPO variants was told none of them uses the word
    # "avoid"; avoiding a harm ("mode collapse") is no doing without
    from paperchat.claims import asks_without
    assert without_phrase("Which of them avoid a reference model?") == "reference model"
    assert without_phrase("Which one eliminates the need for a draft model?") == "draft model"
    assert without_phrase("Do any of them avoid a fixed vocabulary?") == "fixed vocabulary"
    assert not asks_without("Which of them avoid mode collapse?")
    assert not asks_without("Which of them avoid overfitting to the training data?")
    # over ICML 2026 "Do any of them remove the critic?" after GRPO variants was told none of them uses the words
    # "remove the critic"; removing data is what unlearning does, no doing without
    assert without_phrase("Do any of them remove the critic?") == "critic"
    assert without_phrase("Which of them drop the reference model?") == "reference model"
    assert not asks_without("Do any of them remove training data?")
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, "Which papers use reinforcement learning, and how do they differ?")
    answer = engine.answer("Which of them do not use reinforcement learning?", history)
    assert answer.text.startswith("*None of these abstracts says it needs no reinforcement learning. What they say:*")
    assert set(answer.answered) == set(history[0].answered)
    # a word most papers hold is not checked, so nothing is said of it
    unchecked = engine.answer("Which of them do not use a model?", history)
    assert not unchecked.text.startswith("*None of these abstracts")


def test_do_any_of_them_picks_as_which_of_them_does(settings, seed_index) -> None:
    """Over ICML 2026, "Do any of them use reinforcement learning?" after four papers on making
    diffusion models follow the prompt was read as a question of its own: the model's "Yes, recent
    papers use reinforcement learning" was withheld, and nothing said that none of them does."""
    from paperchat.conversation import picked_phrase, picks

    assert picks("Do any of them use reinforcement learning?") == picks("Are any of these papers about antibodies?") \
        == picks("Does any of them cover images?") == "holding"
    assert picks("Do any of them need no labels?") == "without"
    assert picked_phrase("Do any of these papers use RL?") == "RL"
    # over ICLR 2026 the note read "None of these abstracts uses the words “help … extrapolation”"
    assert picked_phrase("Do any of them help length extrapolation?") == "length extrapolation"
    # over the seeds, "Does either use classifier guidance?" after the two unlearning papers was no pick, and the
    # model's reply ran out of tokens; "Do any of them need retraining?" was told none uses "need retraining"
    assert picks("Does either use classifier guidance?") == picks("Is either of them lossless?") == "holding"
    assert picked_phrase("Do any of them need retraining?") == "retraining"
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, "Which papers study watermarking, and how do they differ?")
    none = engine.answer("Are any of them about antibodies?", history)
    assert none.text.startswith("*None of these abstracts uses the word “antibodies”. What they say:*")
    assert set(none.answered) == set(history[0].answered)
    # and the model is not asked: over ICLR 2026 "Do any of them reduce communication cost?" after routing papers
    # had its "In short" on what two of them propose, no word of it on communication
    from .conftest import ScriptedChat

    model = ScriptedChat("NoisePrints embeds watermarks in the initial noise [1].")
    none = Engine(settings, seed_index, model).answer("Are any of them about antibodies?", history)
    assert not model.prompts and "In short" not in none.text and none.text.startswith("*None of these abstracts")
    # "diffusion" is in most of the seeds, too many to be a comparison's topic, but it still picks among three
    noiseprints = next(pid for pid, p in engine.papers().items() if p.title.startswith("NoisePrints"))
    assert noiseprints in history[0].answered and len(history[0].answered) >= 2
    assert engine.answer("Do any of them use diffusion models?", history).answered == [noiseprints]
    _, history = _talk(engine, "Which papers are about unlearning?")
    tilt = next(pid for pid, p in engine.papers().items() if p.title.startswith("Temper-Then-Tilt"))
    assert tilt in history[0].answered and len(history[0].answered) == 2
    assert engine.answer("Does either use classifier guidance?", history).answered == [tilt]


def test_do_any_with_no_noun_of_its_own_picks_among_the_papers_shown(settings, seed_index) -> None:
    """Over ICLR 2026, "Are any evaluated on Atari 100k?" after a table of world-model papers was a new search,
    answered over Octax and other Atari papers, not the two tabled ones that report Atari 100k."""
    from paperchat.conversation import picked_phrase, picks

    assert picks("Are any evaluated on Atari 100k?") == picks("Do any use diffusion models?") == "holding"
    assert picked_phrase("Are any evaluated on Atari 100k?") == "evaluated on Atari 100k"
    assert picks("Do any need no labels?") == "without"
    # a noun of its own asks the collection
    assert picks("Do any papers use diffusion models?") == picks("Are any other methods faster?") == ""
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, "Which papers study watermarking, and how do they differ?")
    noiseprints = next(pid for pid, p in engine.papers().items() if p.title.startswith("NoisePrints"))
    assert noiseprints in history[0].answered and len(history[0].answered) >= 2
    assert engine.answer("Do any use diffusion models?", history).answered == [noiseprints]
    none = engine.answer("Are any about antibodies?", history)
    assert none.text.startswith("*None of these abstracts uses the word “antibodies”. What they say:*")
    assert set(none.answered) == set(history[0].answered)


def test_a_pick_quotes_the_sentence_that_holds_what_it_picks_by(settings, seed_index) -> None:
    """Over ICML 2026, "Do any of them need training?" after hallucination-mitigation papers quoted each one's opening
    on hallucination, closest to the conversation, not "Our method is training-free" or "HaloProbe uses balanced
    training …". Over the seeds, dParallel's quote lacked its "a novel training strategy"."""
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, "Which papers work on parallel decoding?")
    dparallel = next(pid for pid, p in engine.papers().items() if p.title.startswith("dParallel"))
    assert dparallel in history[0].answered
    answer = engine.answer("Do any of them need training?", history)
    quoted = next(line for line in answer.text.splitlines() if "**dParallel**" in line)
    assert "a novel training strategy" in quoted


def test_a_negated_pick_checks_a_word_half_the_papers_hold(settings, seed_index) -> None:
    """Over ICML 2026, "Which of them needs no training?" after five KV-cache papers quoted all five
    with nothing said: "training" is in half the papers, so it was not checked. Over the seeds, only
    Prophet says it is training-free; a word most papers hold ("model") is still not checked."""
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, "Which papers work on parallel decoding?")
    prophet = next(pid for pid, p in engine.papers().items() if p.title.startswith("Diffusion Language Model Knows"))
    assert len(history[0].answered) >= 3
    assert engine.answer("Which of them needs no training?", history).answered == [prophet]
    assert not engine.answer("Which of them do not use a model?", history).text.startswith("*None of these abstracts")


def test_a_pick_set_against_an_alternative_picks_what_it_asks_for(settings, seed_index) -> None:
    """Over ICLR 2026, "Which of them are about data rather than model size?" after five scaling-law
    papers was read as a negated pick and answered "None of these abstracts says it does without model
    size"; "Which one is training-free?" was read as a pick of papers that mention training."""
    from paperchat.claims import without_phrase
    from paperchat.conversation import picks, uncontrasted

    assert uncontrasted("Which of them are about data rather than model size?") == "Which of them are about data"
    assert uncontrasted("Which papers use images rather than text?") == "Which papers use images rather than text?"
    assert picks("Which one is training-free?") == "without" and without_phrase("Which one is training-free?") == "training"
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, "Which papers study watermarking, and how do they differ?")
    noiseprints = next(pid for pid, p in engine.papers().items() if p.title.startswith("NoisePrints"))
    answer = engine.answer("Which of them is about images rather than text?", history)
    assert answer.answered == [noiseprints] and not answer.text.startswith("*None of these abstracts")


def test_is_that_consistent_with_a_named_paper_sets_them_side_by_side(settings, seed_index) -> None:
    """Over ICML 2026, "Is that consistent with To Grok Grokking?" after the Grokking Finite-Dimensional
    Algebra paper quoted that paper alone, and the model's "This is consistent with To Grok Grokking,
    which suggests that grokking is a fundamental aspect …" (To Grok Grokking says it is not an
    inherent failure mode) was kept, cited to the other paper. Nor did search find To Grok Grokking
    by its title: MiniLM puts "Grok" beside GRPO."""
    engine = Engine(settings, seed_index)
    titles = {p.title.split(":")[0]: pid for pid, p in engine.papers().items()}
    spans, stitching, lunch = titles["Flow of Spans"], titles["Generative View Stitching"], titles["No Free Lunch"]
    _, history = _talk(engine, "What does Flow of Spans do?")
    assert history[0].answered == [spans]
    assert set(engine.answer("Is that consistent with Generative View Stitching?", history).answered) == {spans, stitching}
    assert set(engine.answer("Does it agree with No Free Lunch?", history).answered) == {spans, lunch}
    # a title's lead written whole names its paper, when its words are rare enough to name one
    papers = list(engine.papers().values())
    assert engine._retriever._named_by_lead("Is that consistent with Flow of Spans?", papers) == {spans}
    assert not engine._retriever._named_by_lead("How do flow matching papers differ?", papers)


def test_a_follow_up_naming_a_paper_shown_is_about_that_paper(settings, seed_index) -> None:
    """Over the seeds, "How much faster is dParallel?" after a table of diffusion language models was read
    as the table's question again and answered with a table of two papers; "What does dParallel do?" with
    a table of four."""
    engine = Engine(settings, seed_index)
    dparallel = next(pid for pid, p in engine.papers().items() if p.title.startswith("dParallel"))
    _, history = _talk(engine, "Which papers work on parallel decoding, and how do they differ?")
    assert dparallel in history[0].shown and len(history[0].answered) >= 2
    for follow_up in ("How much faster is dParallel?", "What does dParallel do?"):
        answer = engine.answer(follow_up, history)
        assert answer.table is None and answer.answered == [dparallel], follow_up
    # set against another, it is a comparison still
    assert engine.answer("How does dParallel compare to the others?", history).table is not None


def test_a_pick_none_of_them_mentions_says_so_and_answers_over_them_all(settings, seed_index) -> None:
    """Over ICLR 2026, "Which of them is about antibodies?" after four protein-design papers was
    answered with two of them and no word that none of them mentions antibodies."""
    from paperchat.conversation import picked_phrase

    assert picked_phrase("Which of them is about antibodies?") == "antibodies"
    assert picked_phrase("Which of these papers uses graph neural networks?") == "graph neural networks"
    # over ICLR 2026 the phrase was cut at five words, and the note read "None of these abstracts uses the words
    # “longer contexts than seen in”"; it now ends where the question does, and never on a function word
    assert picked_phrase("Do any of them handle longer contexts than seen in training?") == (
        "longer contexts than seen in training")
    assert picked_phrase("Which of them is about antibodies? I mean proteins.") == "antibodies"
    # over ICLR 2026, "Which of them run in real time?" after autoregressive video papers, one titled "Real-Time …", was
    # told none of them uses the word "run": the verb is how it asks, not what
    assert picked_phrase("Which of them run in real time?") == "in real time"
    from paperchat.retrieve import _words_for
    from paperchat.text import tokenize

    assert _words_for("longer contexts than seen in training", set(tokenize("longer contexts seen", query=True))) == (
        "longer contexts … seen")
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, "Which papers study watermarking, and how do they differ?")
    answer = engine.answer("Which of them is about antibodies?", history)
    # a matter of words, said as one: "Which of them is about vision?" over video and image papers is too
    assert answer.text.startswith("*None of these abstracts uses the word “antibodies”. What they say:*")
    assert set(answer.answered) == set(history[0].answered)
    held = engine.answer("Which of them is about diffusion models?", history)  # one does: no such note
    assert not held.text.startswith("*None of these abstracts")
    hits = engine.search("Which papers study watermarking, and how do they differ?").hits[:3]
    assert engine._retriever.unmentioned(picked_phrase("Which one also covers diffusion models?"), hits) == ""
    # Over ICLR 2026, "Does any of them use an ensemble of reward models?" after reward-hacking papers quoted the
    # three with nothing said: all speak of reward models, none of an ensemble. The word none holds is named
    answer = engine.answer("Does any of them use an ensemble of watermarks?", history)
    assert answer.text.startswith("*None of these abstracts uses the word “ensemble”. What they say:*")
    # Over ICLR 2026, "Which of them rewire the graph?" after seven graph papers quoted the three that say "graph"
    # most: no abstract of the collection writes "rewire", so none of them does it, and the word is named
    answer = engine.answer("Which of them rewire the watermark?", history)
    assert answer.text.startswith("*None of these abstracts uses the word “rewire”. What they say:*")
    assert set(answer.answered) == set(history[0].answered)
    assert engine._retriever.unwritten("rewire the watermark", hits) == {"rewir"}
    assert engine._retriever.unwritten("Which of them use watermarks?", hits) == set()
    # Over ICLR 2026, "Which of them report designability?" after protein-design papers quoted two that "design" RNA or
    # DNA: a property in -ability is held where it, or its -able form, is written, not its verb ("remove")
    assert any("remov" in f"{h.paper.title} {h.paper.abstract}".lower() for h in hits)
    assert engine._retriever.unwritten("Which of them report removability?", hits) == {"remov"}
    answer = engine.answer("Which of them report removability?", history)
    assert answer.text.startswith("*None of these abstracts uses the word “removability”. What they say:*")
    removable = [replace(h, paper=replace(h.paper, abstract=h.paper.abstract + " The mark is removable."))
                  for h in hits]
    assert engine._retriever.unwritten("Which of them report removability?", removable) == set()
    assert engine._retriever.unwritten("Which of them report scalability?", hits) == set()  # "scalabl": its own word


def test_an_acronym_inside_a_word_or_a_plural_is_mentioned(settings, seed_index) -> None:
    """"Compare GenVP and GenCape." then "Which one uses a VAE?" was told "None of these abstracts
    uses the word “VAE”", under GenVP ("… Contrastive Hierarchical VAEs") and GenCape ("… Variational
    Autoencoder (i-SVAE)")."""
    engine = Engine(settings, seed_index)
    hits = [h for h in engine.search("GenVP and GenCape").hits if h.paper.title.startswith(("GenVP", "GenCape"))]
    assert len(hits) == 2
    assert engine._retriever.unmentioned("VAE", hits) == ""
    assert engine._retriever.unmentioned("antibodies", hits) == "antibodies"


def test_which_one_after_a_comparison_picks_among_its_papers(settings, seed_index) -> None:
    """Read in the app: "Which one also covers diffusion models?" after the two VAE
    generalization papers was read as a new question and answered with a third paper."""
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, "Compare the two VAE generalization papers.")
    both, vae = (next(pid for pid, p in engine.papers().items() if p.title.startswith(t))
                 for t in ("Generalization in VAE and Diffusion", "Information-Theoretic Generalization Bounds for VAEs"))
    assert {both, vae} <= set(history[0].answered)  # GenVP ("… Hierarchical VAEs", "OOD generalization") too
    answer = engine.answer("Which one also covers diffusion models?", history)
    assert answer.answered == [both]


def test_how_does_it_compare_to_a_named_paper_sets_the_paper_it_points_at_beside_that_one(settings, seed_index) -> None:
    """Read in the app: after "What does the Landing paper do?", "How does it compare to the
    projected gradient ascent paper?" was read as a new question and tabled the gradient-ascent
    paper beside two unrelated ones: the Landing paper, what "it" means, was gone."""
    engine = Engine(settings, seed_index)
    landing, pga = (next(p for p in seed_index.snapshot().papers.values() if p.title.startswith(t))
                    for t in ("Efficient Diffusion Models under Nonconvex", "Projected Gradient Ascent"))
    history = [Turn("What does the Landing paper do?", "What does the Landing paper do?", titles=[landing.title],
                    shown=[landing.paper_id], cited=[landing.paper_id], answered=[landing.paper_id])]
    for question in ("How does it compare to the projected gradient ascent paper?",
                     "Is it better than the projected gradient ascent paper?"):
        answer = engine.answer(question, history)
        assert answer.table is not None
        assert {r.paper_id for r in answer.table.rows} == {landing.paper_id, pga.paper_id}
        assert landing.title in answer.query
    # a title is put in as written, a LaTeX backslash included (not read as a regex escape)
    titled = [Turn(history[0].question, history[0].query, titles=[r"Landing with $\delta$-constraints"],
                   shown=history[0].shown, cited=history[0].cited, answered=history[0].answered)]
    answer = engine.answer("How does it compare to the projected gradient ascent paper?", titled)
    assert r"Landing with $\delta$-constraints" in answer.query


def test_how_does_it_compare_to_other_papers_of_a_kind_sets_it_beside_them(settings, seed_index) -> None:
    """Over ICML 2026, "How does it compare to other sub-1-bit methods?" after "What is NanoQuant and how many bits
    does it use?" was answered over NanoQuant alone: "it" was read as the whole question. Set against others of a
    kind, it is the question asked with its name (asked so, NanoQuant and two other sub-1-bit papers were tabled);
    against "previous methods", the baselines its abstract sets it against, it is still about the paper alone."""
    engine = Engine(settings, seed_index)
    dparallel = next(p for p in seed_index.snapshot().papers.values() if p.title.startswith("dParallel"))
    history = [Turn("What is dParallel?", "What is dParallel?", titles=[dparallel.title], shown=[dparallel.paper_id],
                    cited=[dparallel.paper_id], answered=[dparallel.paper_id])]
    answer = engine.answer("How does it compare to other diffusion language model decoding methods?", history)
    assert answer.query == "How does dParallel compare to other diffusion language model decoding methods?"
    assert answer.table is not None and dparallel.paper_id in {r.paper_id for r in answer.table.rows}
    assert len(answer.table.rows) >= 2
    answer = engine.answer("How does it compare to previous methods?", history)
    assert answer.table is None and answer.answered == [dparallel.paper_id]


def test_an_ordinal_set_against_a_named_paper_keeps_both(settings, seed_index) -> None:
    """Read in the app: "How does the first one compare to NoisePrints?" answered over the first
    paper alone; NoisePrints, which it names, was dropped."""
    engine = Engine(settings, seed_index)
    papers = list(seed_index.snapshot().papers.values())
    first = next(p for p in papers if p.title.startswith("A Watermark for Order-Agnostic"))
    noise = next(p for p in papers if p.title.startswith("NoisePrints"))
    history = [Turn("Which papers do watermarking?", "Which papers do watermarking?", titles=[first.title],
                    shown=[first.paper_id], cited=[first.paper_id], answered=[first.paper_id])]
    answer = engine.answer("How does the first one compare to NoisePrints?", history)
    assert {first.paper_id, noise.paper_id} <= set(answer.shown)
    assert answer.table is not None and {r.paper_id for r in answer.table.rows} == {first.paper_id, noise.paper_id}


def test_a_follow_up_with_no_topic_of_its_own_asks_about_the_papers_just_shown(settings, seed_index) -> None:
    """Read in a conversation: after the table for "Which papers make diffusion model training
    faster?", "By how much?" was read as a new question and answered with ZIP-RC alone."""
    engine = Engine(settings, seed_index)
    papers = list(seed_index.snapshot().papers.values())
    faps, memo = (next(p for p in papers if p.title.startswith(t)) for t in ("FaPS", "Detecting and Mitigating"))
    first = "Which papers make diffusion model training faster?"
    history = [Turn(first, first, titles=[faps.title], shown=[faps.paper_id, memo.paper_id],
                    cited=[faps.paper_id], answered=[faps.paper_id, memo.paper_id])]
    for question in ("By how much?", "Why?", "Which datasets?"):
        answer = engine.answer(question, history)
        assert set(answer.shown) <= {faps.paper_id, memo.paper_id}, (question, answer.shown)
        assert first in answer.query
    # still a comparison: the table's rows are the papers the last table had
    answer = engine.answer("By how much?", history)
    assert answer.table is not None and {r.paper_id for r in answer.table.rows} <= {faps.paper_id, memo.paper_id}
    # a question that asks the collection is a new one
    assert engine.answer("Which papers propose benchmarks?", history).query == "Which papers propose benchmarks?"


def test_how_is_that_different_from_a_named_paper_keeps_the_paper_that_points_at(settings, seed_index) -> None:
    """Read in a conversation: after "What does Query Lens interpret?", "How is that different from
    Hierarchical Concept-based Interpretable Models?" answered about the second paper alone."""
    engine = Engine(settings, seed_index)
    papers = list(seed_index.snapshot().papers.values())
    lens, hicem = (next(p for p in papers if p.title.startswith(t)) for t in ("Query Lens", "Hierarchical Concept"))
    first = "What does Query Lens interpret?"
    history = [Turn(first, first, titles=[lens.title], shown=[lens.paper_id], cited=[lens.paper_id],
                    answered=[lens.paper_id])]
    answer = engine.answer("How is that different from Hierarchical Concept-based Interpretable Models?", history)
    assert answer.table is not None
    assert {r.paper_id for r in answer.table.rows} == {lens.paper_id, hicem.paper_id}
    assert lens.title in answer.query


def test_which_with_a_verb_and_the_limitations_ask_about_the_papers_just_compared(settings, seed_index) -> None:
    """Read in a conversation: after "Compare NoisePrints and the order-agnostic watermark.",
    "Which is more robust?" was a new search for "robust" that quoted five other papers (Gen-DFL,
    TrustGen, …); after "Which papers are about memory in transformers?", "What are the
    limitations?" quoted five papers that mention limitations."""
    engine = Engine(settings, seed_index)
    papers = list(seed_index.snapshot().papers.values())
    noise, order = (next(p for p in papers if p.title.startswith(t)) for t in ("NoisePrints", "A Watermark for Order"))
    first = "Compare NoisePrints and the order-agnostic watermark."
    pair = [noise.paper_id, order.paper_id]
    history = [Turn(first, first, titles=[noise.title, order.title], shown=pair, cited=pair, answered=pair)]
    for question in ("Which is more robust?", "What are the limitations?", "Which needs the model weights?"):
        answer = engine.answer(question, history)
        assert answer.citations and {c.paper.paper_id for c in answer.citations} <= set(pair), question


def test_tell_me_more_quotes_what_the_last_answer_did_not(settings, seed_index) -> None:
    """Read in a conversation: "Tell me about Gen-DFL." "Tell me more." quoted the same three
    sentences again."""
    engine = Engine(settings, seed_index)
    first, history = _talk(engine, "Tell me about Gen-DFL.")
    again = engine.answer("Tell me more.", history)
    before = {s for c in first.citations for s in c.support}
    after = {s for c in again.citations for s in c.support}
    assert before and after and not before & after
    assert {c.paper.paper_id for c in again.citations} == {c.paper.paper_id for c in first.citations}
    # asked about the same papers without asking for more, the best sentences are quoted, seen or not
    assert {s for c in engine.answer("Why?", history).citations for s in c.support} & before


def test_a_follow_up_about_a_paper_quotes_what_answers_it(settings, embedder, tmp_path) -> None:
    """Over ICLR 2026, "What is FutureX?" then "How many models does it evaluate?" quoted the three
    sentences that define FutureX again, not "We evaluate 25 LLM/agent models …", and the model
    wrote "It evaluates 100 models" (withheld). The follow-up's own words now pick with the conversation's."""
    import json

    from paperchat.corpus import read_paths
    from paperchat.index import PaperIndex

    future = ("FutureX is a live benchmark for future prediction by agents. FutureX is the largest live benchmark "
              "for future prediction. FutureX supports real-time daily updates for future prediction. FutureX "
              "gathers questions for future prediction with an automated pipeline. We evaluate 25 models, "
              "including those with search and tools. FutureX is a live benchmark of future prediction for the field.")
    corpus = tmp_path / "c.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in (
        {"id": "f1", "title": "FutureX: A Live Benchmark for Future Prediction", "venue": "ICLR", "year": 2026,
         "abstract": future},
        {"id": "o1", "title": "Weather Forecasting with Graphs", "venue": "ICLR", "year": 2026,
         "abstract": "We forecast the weather with graph networks. Forecasts improve by 12% over baselines."})))
    index = PaperIndex(settings, embedder)
    index.ingest(read_paths([corpus]), progress=False)
    engine = Engine(settings.changed(answer={"single_paper_sentences": 3}), index)
    embedded: list[str] = []
    embed = engine._embed
    engine._embed = lambda texts: (embedded.extend(texts), embed(texts))[1]  # type: ignore[method-assign]
    answer, _ = _talk(engine, "What is FutureX?", "How many models does it evaluate?")
    assert answer.answered == ["f1"] and "We evaluate 25 models" in answer.text
    # the bag-of-words test embedder finds that sentence either way; MiniLM did not: the question itself is read
    assert "How many models does it evaluate?" in embedded
    # a follow-up that only points or picks a venue has no words of its own to read (its vector quoted worse
    # sentences in the eval: "Which of these are from ICML 2026?", "How does the first one work?")
    from paperchat.conversation import asks_its_own

    assert not any(asks_its_own(q) for q in ("Which of these are from?", "How does the first one work?"))
    assert asks_its_own("What speedup does it achieve?")
    # one word, the thing asked of them between "what" and "do they" (ICML 2026, after RL-trained tool-use agents)
    assert asks_its_own("What rewards do they use?") and asks_its_own("Which datasets does it train on?")
    assert not asks_its_own("Which one does it?")


def test_a_follow_up_of_its_own_quotes_the_sentences_holding_its_rarest_word(settings, seed_index) -> None:
    """Over ICML 2026 "How robust are they to paraphrasing?" after LLM watermarking papers quoted Catch-22's opening and
    its proposal, not its "Experiments … under paraphrasing attacks corroborate …": of what the follow-up asks, the
    word the fewest papers shown hold picks the sentence quoted, where one holds it."""
    engine = Engine(settings, seed_index)
    answer, history = _talk(engine, "Which papers study watermarking, and how do they differ?",
                            "How robust are they to attacks?")
    noiseprints = next(c.paper for c in answer.citations if c.paper.title.startswith("NoisePrints"))
    assert "demonstrate the robustness of our method under various manipulations" in noiseprints.abstract
    assert "demonstrate the robustness of our method under various manipulations" in answer.text
    pattern = next(c.paper for c in answer.citations if "Order-Agnostic" in c.paper.title)
    quoted = answer.text.split(pattern.title[:20], 1)[1].split("\n")[0]
    assert "robustness" in quoted
    assert engine._retriever.rarest_held("How robust are they to attacks?", [noiseprints, pattern]) == {"robust"}


def test_a_follow_up_answer_says_the_earlier_questions_words_only_of_papers_that_use_them(settings, seed_index) -> None:
    """Over ICML 2026, "What do they find?" after "Which papers study why deep networks have redundant layers?" kept
    the model's "Low-dimensional topology of deep neural networks shows that deep neural networks have redundant layers
    due to …", whose abstract never says "redundant": in an answer about two papers or more the verifier holds the
    conversation's questions against each paper a sentence speaks of, not only the last question, under a table."""
    from .conftest import ScriptedChat

    asked = ("Which papers make speculative decoding faster with lossless guarantees?", "What do they find?")
    shown, _ = _talk(Engine(settings, seed_index), *asked)
    pearl = next(c.n for c in shown.citations if c.paper.title.startswith("PEARL"))  # its abstract never says "lossless"
    claim = f"PEARL finds that its drafts are lossless [{pearl}]."
    answer, _ = _talk(Engine(settings, seed_index, ScriptedChat(claim)), *asked)
    assert answer.table is None and len(answer.citations) >= 2
    assert claim not in answer.text
    assert any("“lossless”" in reason for reason in answer.verification.dropped_reasons)
    from paperchat.engine import _frame

    one = Plan("What is PEARL?", "What is PEARL?", Filters())
    assert _frame(one, Evidence([], {1: ["a"]}, "")) == ""


def test_the_model_reads_a_follow_up_as_the_question_after_the_earlier_one(settings, seed_index) -> None:
    """Over ICLR 2026, "Is there a paper on watermarking diffusion model outputs?" then "How robust is
    it to removal attacks?" was answered "Yes, there is a paper on watermarking …": the model was
    given the two run together as one question, and answered the first."""
    from .conftest import ScriptedChat

    chat = ScriptedChat("It adds a watermark [1].")
    engine = Engine(settings, seed_index, chat)
    _talk(engine, WATERMARKS, "How robust are they to removal attacks?")
    first, follow_up = (m[-1]["content"] for m in chat.prompts)
    assert f"Question: {WATERMARKS}" in first and "Earlier question" not in first
    assert follow_up.count("Question: How robust are they to removal attacks?") == 1
    assert f"Earlier question: {WATERMARKS}\n" in follow_up


def test_they_are_every_paper_the_answer_was_about(settings, seed_index) -> None:
    """Over ICLR 2026, "What privacy guarantees do they give?" after a table of four federated-learning-with-DP
    papers was answered over the one closest to the two questions together: "they" are all the papers the answer
    was about, each answering in its own words, and all of them when there are more than k."""
    from paperchat.conversation import about_them

    assert about_them("What privacy guarantees do they give?") and about_them("Do both need training?")
    assert not about_them("What does it protect?") and not about_them("Which of them use diffusion models?")
    engine = Engine(settings, seed_index)
    first, history = _talk(engine, "Compare the papers on efficient decoding.")
    assert len(first.answered) > 2
    answer = engine.answer("What data do they evaluate on?", history, k=2)
    assert set(answer.answered) == set(first.answered)


def test_an_amount_asked_in_a_few_words_after_one_paper_is_asked_of_it(settings, seed_index) -> None:
    """Over ICML 2026, "How much faster is training?" after "What does SpecForge do?" was a new search, answered over
    an activation-function paper and FaPS, and SpecForge's "up to 9.9x faster EAGLE-3 training" was not shown."""
    from paperchat.schema import Filters

    engine = Engine(settings, seed_index)
    first, history = _talk(engine, "What does PEARL do?")
    assert len(first.answered) == 1
    answer = engine.answer("How much faster is inference?", history)
    assert answer.answered == first.answered
    plan = engine._plan("How much faster is training with FP8 on GPUs?", history, Filters(), Filters(), None)
    assert plan.reading != "narrow"  # a question of its own


def test_a_rank_asked_after_an_answer_is_among_its_papers(settings, seed_index) -> None:
    """Over ICLR 2026, "How do papers evaluate LLM agents on web tasks?" then "Which benchmark is the
    largest?" was read as a new question and answered over other benchmarks."""
    from paperchat import conversation as C

    assert C.bare("Which benchmark is the largest?") and C.bare("Which is fastest?")
    assert not C.bare("Which papers train the largest models?")  # asks the collection
    engine = Engine(settings, seed_index)
    answer, history = _talk(engine, WATERMARKS, "Which one is the most robust?")
    assert set(answer.shown) <= set(history[0].shown)
    answer, history = _talk(engine, WATERMARKS, "Which benchmark is the largest?")
    assert set(answer.shown) <= set(history[0].shown)


def test_a_question_whose_subject_points_back_is_about_those_papers(settings, seed_index) -> None:
    """Over ICLR 2026, "Which papers propose test-time adaptation …?" then "Do they need access to source
    data?" was answered over two privacy papers, and "Which achieves the highest compression ratio?"
    after a KV-cache question over a weight-compression paper: four content words, or "which" with a
    verb the rule did not list, were read as a new question."""
    from paperchat import conversation as C

    for subject in ("Do they need access to source data?", "How many decoding steps does it need on GSM8K?",
                    "How well do they handle long sequences of images?", "Is it robust to removal attacks?",
                    # over ICML 2026, after dataset-distillation papers: answered over three papers on other things
                    "How many images per class do they use?", "Which benchmarks for long video generation do they use?"):
        assert C._SUBJECT.match(subject), subject
    for own in ("Which papers use diffusion for planning, and do they need demonstrations?",
                "Which papers use diffusion and do they need demonstrations?",
                "Are there papers on watermarking?"):
        assert not C._SUBJECT.match(own), own
    assert C.picks("Which achieves the highest compression ratio?")
    engine = Engine(settings, seed_index)
    answer, history = _talk(engine, WATERMARKS, "Do they need access to the original training data of the model?")
    assert answer.shown and set(answer.shown) <= set(history[0].shown)
    answer, history = _talk(engine, WATERMARKS, "Which achieves the highest bit accuracy under attacks?")
    assert answer.shown and set(answer.shown) <= set(history[0].shown)


def test_are_there_limitations_and_each_ask_about_the_papers_just_shown(settings, seed_index) -> None:
    """Over ICLR 2026, "Are there any limitations?" after a question on sparse autoencoders was read as a
    new question ("are there" asked the collection) and quoted papers with "limit" in their titles;
    "How many tasks does each have?" after web-agent benchmarks quoted a robotics paper."""
    from paperchat import conversation as C

    assert C.bare("Are there any limitations?") and not C.bare("Are there papers on watermarking?")
    assert C._SET.search("How many tasks does each have?") and C._SET.search("What does each one evaluate on?")
    assert C._SET.search("Does either need labeled anomalies?") and C._SET.search("Is either of them lossless?")
    assert not C._SET.search("Which papers evaluate each layer?")
    engine = Engine(settings, seed_index)
    for follow_up in ("Are there any limitations?", "How many bits does each embed?"):
        answer, history = _talk(engine, WATERMARKS, follow_up)
        assert answer.shown and set(answer.shown) <= set(history[0].shown), follow_up


def test_the_first_two_after_a_narrowed_turn_are_the_first_two_of_the_list_before(settings, seed_index) -> None:
    """Over ICML 2026: "Which papers study model merging …?", "What data does the second one use?", then "Compare the
    first two." answered about the second paper alone: the last turn had shown only it."""
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, WATERMARKS, "What does the second one protect?")
    assert len(history[-1].shown) == 1
    answer = engine.answer("Compare the first two.", history)
    assert answer.answered == list(history[0].shown[:2])


def test_which_of_them_has_the_most_sets_all_their_figures_side_by_side(settings, seed_index) -> None:
    """Over ICML 2026, "Which of them reports the biggest gain?" after five RAG papers picked the one whose abstract
    holds "gain" and quoted its background; "Which one is fastest?" was told no abstract uses "fastest". Which has
    the most is read from the figures of them all."""
    from paperchat.answer import intent
    from paperchat.claims import asks_most
    from paperchat.conversation import picks

    assert picks("Which of them reports the biggest gain?")  # a question about the papers shown, as before
    # over the seeds, "Which is faster?" after dParallel and Prophet was told no abstract uses "faster"
    assert asks_most("Which is faster?") and asks_most("Which one of them is more accurate?")
    assert asks_most("Which one reports the lowest attack success rate?") and asks_most("Which has the lowest memory?")
    assert not asks_most("Which papers make diffusion language models decode faster?")  # asks the collection
    # over ICML 2026, "Which one uses the fewest parameters?" after LoRA papers was told no abstract uses "fewest"
    assert asks_most("Which one uses the fewest parameters?") and asks_most("Which needs the least memory?")
    # over ICML 2026, "Which one uses the least compute?" after test-time scaling papers was told none uses "least"
    assert asks_most("Which one uses the least compute?") and asks_most("Which one takes the least time?")
    assert not asks_most("Which papers study the most common failure modes?")
    # over ICLR 2026, "Which one keeps accuracy best?" after KV-cache compression papers was told none of them uses the
    # words "keeps … best", and "… preserves accuracy best?" picked two papers by those words
    assert asks_most("Which one keeps accuracy best?") and asks_most("Which of them preserves quality the best?")
    assert not asks_most("Which papers keep accuracy while pruning?")
    # over ICML 2026, "Which one needs less training?" after d3LLM was told none of them uses the word "less"
    assert asks_most("Which one needs less training?") and asks_most("Which of them uses fewer parameters?")
    assert not asks_most("Which papers need less labelled data?")
    # over ICLR 2026 "Which works best?" after membership-inference papers was told none of them uses "best"
    assert asks_most("Which works best?") and asks_most("Which one of them performs best?")
    assert not asks_most("Which papers work best for small data?")
    assert intent("Which of them reports the biggest gain?") == intent("Which one is fastest?") == "number"
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, WATERMARKS)
    answer = engine.answer("Which of them reports the biggest gain?", history)
    assert set(answer.answered) == set(history[0].answered)


def test_which_of_them_is_fastest_reads_every_paper_shown_and_sets_them_in_order(settings, seed_index) -> None:
    """Over ICML 2026, "Which of them report the largest speedup?" after a table of 14 speculative decoding papers was
    answered over the 5 closest to it, without Dustin's 9.17× end-to-end speedup, in the search's order, and the
    model's one sentence restated the question. Every paper shown is read, and they are set in order by the largest
    speed figure each abstract states, the note saying so."""
    from paperchat.claims import figure_as_written, largest_figure, ranked_kind
    from paperchat.text import sentences

    from .conftest import ScriptedChat

    assert ranked_kind("Which of them report the largest speedup?") == ranked_kind("Which one is fastest?") == "speed"
    assert ranked_kind("Which of them has the highest compression ratio?") == "compression"
    for unordered in ("Which needs the least memory?", "Which of them reports the biggest gain?",
                      "Which has the highest accuracy?", "Which papers make diffusion language models decode faster?"):
        assert ranked_kind(unordered) == "", unordered
    nanospec = ("As a complementary plug-and-play module, NanoSpec cuts draft inference time by an average of 51.6%, "
                "delivering a 1.12-1.32× end-to-end speedup over the state-of-the-art speculative decoding method EAGLE-2.")
    assert largest_figure("speed", ["We propose NanoSpec.", nanospec]) == (1, 1.32, 1)  # a factor before a share
    assert largest_figure("speed", ["It slashes the vocabulary size by over 40×."]) is None  # not a speed
    # over ICML 2026, what is kept of a speed is no speedup
    assert largest_figure("speed", ["PTA retains 92% of CLIP's inference speed on ImageNet-1K."]) is None
    # a figure is of the measure written nearest it: accuracy here, a speedup there (both over ICML 2026)
    assert largest_figure("speed", ["The cache-based TDA achieves a lower accuracy of 67.97% and operates at only 50% "
                                    "of CLIP's inference speed."]) is None  # and a share of a speed is no gain
    assert largest_figure("speed", ["TwinQuant preserves near-FP16 accuracy and delivers up to 2.11× end-to-end "
                                    "speedup over an FP16 baseline."]) == (1, 2.11, 0)
    epicache = ("EpiCache achieves near-full-cache accuracy under 4–6× compression, and reduces latency and peak memory "
                "by up to 2.4× and 3.7×, respectively.")  # over ICML 2026: each figure of its own kind
    assert largest_figure("speed", [epicache]) == (1, 2.4, 0)
    # a compression figure is one of memory ("the largest memory reduction": KVTC's "up to 20x compression", ICLR 2026)
    assert largest_figure("memory", [epicache]) == (1, 6, 0)
    assert largest_figure("memory", [epicache.replace("4–6× compression", "full-cache accuracy")]) == (1, 3.7, 0)
    pearl = ("PEARL achieves speedups of up to 4.43× and 1.50×, compared to auto-regressive decoding and vanilla "
             "speculative decoding, respectively.")  # paired with baselines, not kinds: read by the words beside them
    assert largest_figure("speed", [pearl]) == (1, 4.43, 0)
    # a figure that goes on after "and" with no measure word of its own is of the figure before's (ICML 2026)
    parallel = ("Our method achieves up to **22.58×** speedup without any performance drop, and up to **57.51×** when "
                "combined with KV-Cache.")
    assert largest_figure("speed", [parallel]) == (1, 57.51, 0)
    assert largest_figure("memory", [parallel]) is None
    # a figure written right before its own measure word is of that word, though another figure's is as near
    # ("Which of them reports the largest memory saving?" over ICML 2026 had put TriAttention among the papers that
    # state no memory figure)
    tri = ("TriAttention matches Full Attention reasoning accuracy while achieving 2.5× higher throughput or 10.7× KV "
           "memory reduction.")
    assert largest_figure("memory", [tri]) == (1, 10.7, 0)
    assert largest_figure("speed", [tri]) == (1, 2.5, 0)
    # figures that go on from a part naming only their measure ("Which of them is fastest?" after video-generation
    # papers, over ICML 2026, had said Video-SVD states no speed figure); not from one naming two measures, nor a bare
    # figure after a part with figures of its own ("50% pruning … (Qwen3: 54%→15%)" is no speedup)
    svd = ("Video-SVD achieves significant end-to-end speedup while maintaining high visual quality, reaching 1.92× on "
           "HunyuanVideo, 1.75× on Wan2.1-1.3B, and 1.99× on Wan2.1-14B.")
    assert largest_figure("speed", [svd]) == (1, 1.99, 0)
    assert largest_figure("speed", [svd.replace("high visual quality", "memory")]) is None
    assert largest_figure("speed", ["Cores deliver 2× throughput but demand 50% pruning, a ratio that collapses "
                                    "accuracy: 54%→15%."]) == (1, 2.0, 0)
    ahn = "AHNs reduce inference FLOPs by 40.5% and memory cache by 74.0%."  # "and" parts a figure from a word
    assert largest_figure("memory", [ahn]) == (0, 74.0, 0)
    # a factor in words (ICLR 2026: MotionStream had been left out of "Which one is the fastest?", Flow Caching's 6.7×
    # said to be the only speed figure), named as the abstract writes it
    motion = ("Our models achieve state-of-the-art results in motion following and video quality while being two "
              "orders of magnitude faster, uniquely enabling infinite-length streaming.")
    assert largest_figure("speed", [motion]) == (1, 100.0, 0)
    assert figure_as_written(motion, (1, 100.0, 0)) == "two orders of magnitude"
    assert figure_as_written(parallel, (1, 57.51, 0)) == "57.51×"
    assert largest_figure("speed", ["The error drops by two orders of magnitude."]) is None
    dmsampler = "It needs only 4–8 steps, yielding an order-of-magnitude speedup."  # ICML 2026
    assert largest_figure("speed", [dmsampler]) == (1, 10.0, 0)
    assert figure_as_written(dmsampler, (1, 10.0, 0)) == "an order-of-magnitude"
    engine = Engine(settings, seed_index)
    history: list[Turn] = []
    first = engine.answer("Compare the papers on efficient decoding.", history)
    history.append(next_turn("Compare the papers on efficient decoding.", first))
    assert len(first.answered) > 2
    answer = engine.answer("Which one is fastest?", history, k=2)
    assert set(answer.answered) == set(first.answered)  # all of them, not the k (here 2) closest
    figures = [largest_figure("speed", sentences(engine.paper(pid).abstract)) for pid in answer.answered]
    stated = [f[:2] for f in figures if f]
    assert stated and stated == sorted(stated, reverse=True) and not any(figures[len(stated):])
    assert answer.text.startswith("*Set in order by the largest speed figure each abstract states (dParallel 10.5×")
    # the note and the quotes are the answer: the model, asked, restated the question or said "largest" of one
    chat = ScriptedChat("Both differ [1][2].")
    engine = Engine(settings, seed_index, chat)
    answer = engine.answer("Which one is fastest?", history, k=2)
    assert not chat.prompts and "Both differ" not in answer.text and answer.text.startswith("*Set in order")
    # none of the seeds' decoding papers gives a memory figure, and that is said, not an order of other figures
    answer = engine.answer("Which of them reports the largest memory reduction?", history)
    assert answer.text.startswith("*None of these abstracts gives a memory figure as a factor or percentage.")


def test_a_word_written_with_a_hyphen_in_the_abstract_is_mentioned(settings, seed_index) -> None:
    """Over ICML 2026, "Does any of them study warmup?" was told "None of these abstracts uses the word “warmup”"
    above "Why Do We Need Warm-up? A Theoretical Perspective"."""
    engine = Engine(settings, seed_index)
    hits = [h for h in engine.search("fine-tuning", k=20).hits
            if "fine-tuning" in h.paper.abstract and "finetuning" not in h.paper.abstract.lower()]
    assert hits
    assert engine._retriever.unmentioned("finetuning", hits) == engine._retriever.unmentioned("fine-tuning", hits) == ""


def test_an_amount_of_a_kind_no_figure_of_the_abstract_gives_is_said_to_be_missing(settings, seed_index) -> None:
    """Over ICLR 2026, "How much memory does the second one save?" after optimizers set in order by speed quoted
    DOIT, whose abstract gives speedups and accuracy gains and no memory figure, with no word of it: its figures
    counted as an answer, and the model's "The second paper saves 10% of memory" was withheld."""
    from paperchat.claims import amount_kind, has_figure

    assert amount_kind("How much memory does the second one save?") == "memory"
    assert amount_kind("How much faster is dParallel?") == amount_kind("What speedup does it report?") == "speed"
    assert amount_kind("How much does KV cache compression save?") == ""  # the topic's word, not the amount asked
    # over ICLR 2026 "Which one is the most energy efficient?" after spiking networks said two of them "give a figure
    # for this", their figures being accuracy and an attack's success rate
    assert amount_kind("Which one is the most energy efficient?") == amount_kind("Which uses the least energy?") == \
        "energy"
    assert amount_kind("Which one is best?") == ""
    doit = ("Experiments show that DOIT effectively enhances the training, achieving faster convergence (i.e., 2% to "
            "10% faster) and higher accuracy (i.e., 1% to 3% improvement). It also keeps memory low.")
    assert has_figure(doit) and has_figure(doit, "speed") and not has_figure(doit, "memory")
    assert has_figure("It reduces peak memory by 3.7× while keeping accuracy.", "memory")
    # over ICML 2026 WUSH was said to give no accuracy figure: its sentence's parts hold the word and the figure apart
    assert has_figure("WUSH improves W4A4 accuracy over the baselines (e.g., on Llama-3.1-8B, it gains +2.8 average "
                      "points with RTN).", "accuracy")
    engine = Engine(settings, seed_index)
    answer, _ = _talk(engine, "What is dParallel?", "How much memory does it save?")
    assert answer.text.startswith("*The abstract of dParallel gives no memory figure. What it says:*")
    answer, _ = _talk(engine, "What is dParallel?", "How much faster is it?")
    assert "gives no" not in answer.text


def test_many_abstracts_without_the_count_asked_are_counted_not_named() -> None:
    """Over ICLR 2026, "How many problems do they have?" after 16 code-generation benchmarks named 14 titles before
    the quotes; past four, the few that give it are named instead, or both are counted."""
    from paperchat.answer import without_figures
    from paperchat.schema import Evidence, Paper, Source

    def source(n: int, abstract: str) -> Source:
        return Source(n, Paper(f"p{n}", f"Bench {n}", abstract, "ICLR", 2026), f"Bench {n}")

    sources = [source(1, "It has 500 problems."), *(source(n, "A benchmark for code.") for n in range(2, 8))]
    ev = Evidence(sources, {s.n: [s.paper.abstract] for s in sources}, "")
    assert without_figures("How many problems do they have?", ev) == ("Only the abstract of Bench 1 says how many "
                                                                        "problems; the other 6 do not.")
    many = [source(n, "It has 500 problems.") for n in range(8, 13)]
    ev = Evidence(sources + many, {s.n: [s.paper.abstract] for s in sources + many}, "")
    assert without_figures("How many problems do they have?", ev) == "6 of these 12 abstracts never say how many problems."
    ev = Evidence(sources[1:4], {s.n: [s.paper.abstract] for s in sources[1:4]}, "")
    assert without_figures("What accuracy do they reach?", ev) == "None of these abstracts gives an accuracy figure. What they say:"
    ev = Evidence(sources[:3], {s.n: [s.paper.abstract] for s in sources[:3]}, "")
    assert without_figures("How many problems do they have?", ev) == ("The abstracts of Bench 2 and Bench 3 never say "
                                                                        "how many problems.")


STRAT = ("Experimental results show that Strat-Reasoner substantially improves strategic abilities of underlying LLMs, "
         "achieving 22.1% average performance improvements across various multi-agent games.")  # ICML 2026
H1 = ("Empirically, our method generalizes remarkably well: curriculum training on composed 6th-grade level math problems "
      "(GSM8K) improves accuracy on longer, competition-level benchmarks (GSM-Symbolic, MATH-500, AIME).")  # ICML 2026


@pytest.mark.parametrize(("question", "where"), [
    ("Which of them reports the biggest gain on math benchmarks?", "math benchmarks"),
    ("How much do they improve accuracy on ImageNet?", "ImageNet"),
    ("Which one reports the largest speedup on long contexts?", "long contexts"),
    ("How much faster are they?", ""),
    ("How much does it improve on the baseline?", ""),  # what it improves on, no setting
    ("How much do they improve in accuracy?", ""),
])
def test_the_setting_an_amount_is_asked_on(question: str, where: str) -> None:
    from paperchat.claims import amount_setting

    assert amount_setting(question)[0] == where


def test_a_figure_said_of_another_setting_is_not_the_one_asked_for() -> None:
    """Over ICML 2026 "Which of them reports the biggest gain on math benchmarks?", after papers that use RL for LLM
    reasoning, was told "Only the abstract of Strat-Reasoner gives a figure for this": its 22.1% is over multi-agent
    games; h1, on math benchmarks, states no figure."""
    from paperchat.answer import without_figures
    from paperchat.claims import amount_setting, has_figure, largest_figure
    from paperchat.schema import Evidence, Paper, Source

    math = amount_setting("Which of them reports the biggest gain on math benchmarks?")[1]
    assert has_figure(STRAT) and not has_figure(STRAT, setting=math)
    assert has_figure("It gains 3.1 points on MATH-500.", setting=math)  # "math" of "MATH-500", "mathematical"
    assert has_figure("It improves mathematical reasoning by 4%.", setting=math)
    strat = Source(1, Paper("p1", "Strat-Reasoner", STRAT, "ICML", 2026), "Strat-Reasoner")
    h1 = Source(2, Paper("p2", "h1", H1, "ICML", 2026), "h1")
    ev = Evidence([h1, strat], {1: [STRAT], 2: [H1]}, "")
    assert without_figures("Which of them reports the biggest gain on math benchmarks?", ev) == (
        "None of these abstracts gives a figure on math benchmarks. What they say:")
    assert without_figures("Which of them reports the biggest gain?", ev) == (
        "The abstract of h1 gives no figure for this.")
    long = amount_setting("Which one reports the largest speedup on long contexts?")[1]
    said = ["It is 3× faster on short prompts.", "It is 2× faster at a 32k context length.", "It is 4× faster on GPUs."]
    assert largest_figure("speed", said) == (1, 4.0, 2) and largest_figure("speed", said, long) is None
    # one of its words in the sentence, the other in the abstract (Dustin: "at a 32k sequence length" on LongBench)
    said[0] = "It serves long contexts."
    assert largest_figure("speed", said, long) == (1, 2.0, 1)
    h100 = amount_setting("Which of them reports the largest speedup on H100 GPUs?")[1]
    assert not has_figure("Evaluated on an AMD MI210 GPU, our system achieves 2.2× speedup.", "speed", h100)
    assert not has_figure("It gains 4% on image classification.", setting=amount_setting("How much on ImageNet?")[1])


def test_which_is_the_largest_asks_each_ones_size() -> None:
    """Over ICML 2026 "Which of them is the largest?" after code-agent benchmarks was read as a pick by its words, and
    quoted FormulaCode alone, for its "large, real-world codebases"; it asks each one's size."""
    from paperchat.answer import without_figures
    from paperchat.claims import asks_most, asks_size, counts_things
    from paperchat.schema import Evidence, Paper, Source

    assert asks_size("Which of them is the largest?") and asks_most("Which one is the biggest dataset?")
    assert not asks_size("Which of them is the largest language model?") and not asks_size("Is it the largest?")
    assert counts_things("CoDA-Bench comprises 1,202 tasks spanning 53 communities.") and counts_things("10k images")
    assert not counts_things("It reaches a success rate of 56.1%.") and not counts_things("It appeared in 2025 .")
    coda = Source(1, Paper("p1", "CoDA-Bench", "CoDA-Bench comprises 1,202 tasks. Agents reach 56.1%.", "ICML", 2026),
                  "CoDA-Bench")
    vero = Source(2, Paper("p2", "VeRO", "VeRO is an evaluation harness. It improves agents by 12%.", "ICML", 2026), "VeRO")
    ev = Evidence([coda, vero], {1: [coda.paper.abstract], 2: [vero.paper.abstract]}, "")
    assert without_figures("Which of them is the largest?", ev) == (
        "The abstract of VeRO gives no size (a count of tasks, items or examples).")


def test_which_has_the_most_tasks_sets_them_in_order_by_their_counts(settings, embedder, tmp_path) -> None:
    """Over ICML 2026 "Which of them has the most tasks?" after code-agent benchmarks quoted CoDA-Bench's "success rate
    of only 56.1%", not its "1,202 tasks", beside each other paper's closest sentence, unordered: each one's count of
    the things asked is quoted, largest first, and those giving none are named."""
    import numpy as np

    from paperchat.answer import counting, evidence, ranked
    from paperchat.claims import largest_count, most_counted
    from paperchat.markers import split_sentences
    from paperchat.schema import Filters, Paper, Plan, Source

    assert most_counted("Which of them has the most tasks?") == ("tasks", False)
    assert most_counted("Which one covers the fewest languages?") == ("languages", True)
    assert most_counted("Which benchmark has the largest number of problems?") == ("problems", False)
    # measured amounts and the countable things read as figures keep their own reading (claims.asks_most)
    assert most_counted("Which of them reports the largest gains?") == ("", False)
    assert most_counted("Which one needs the fewest sampling steps?") == ("", False)
    assert largest_count("tasks", ["CoDA-Bench comprises 1,202 tasks spanning 53 communities."]) == (
        1202.0, 0, "1,202 tasks")
    assert largest_count("tasks", ["It gives a reproducible 450-task toolkit."]) == (450.0, 0, "450-task")
    assert largest_count("tasks", ["Across 7 simulation tasks and 12 models."]) == (7.0, 0, "7 simulation tasks")
    # qualities of the things counted, past three words or with "new"/"different" among them (ICLR 2026, 200 counts
    # of tasks, datasets, benchmarks, models, … were missed so); each number read on its own: the one before it no
    # longer swallows the words after it ("five diverse LLMs and four distinct tasks")
    assert largest_count("tasks", ["a benchmark of 15 existing and new software-engineering tasks"]) == (
        15.0, 0, "15 existing and new software-engineering tasks")
    assert largest_count("tasks", ["We evaluate on 5 different tasks."]) == (5.0, 0, "5 different tasks")
    assert largest_count("tasks", ["We test five diverse LLMs and four distinct tasks."]) == (4.0, 0, "four distinct tasks")
    assert largest_count("models", ["across six diverse benchmarks and three models"]) == (3.0, 0, "three models")
    assert largest_count("tasks", ["a benchmark of 7,186 instances across seven tasks"]) == (7.0, 0, "seven tasks")
    # a share of them, one of them, a number in a name, a year: no count of tasks
    for text in ("The best agent solves only 50.0% of tasks.", "One of the tasks is hard.", "GPT-4 tasks fail.",
                 "Trajectories involve more than 60 tool calls on average.",  # counts calls, not tools (ICML 2026)
                 "Released in 2025 tasks were added.",
                 # a number of other things before them, past three words
                 "We run 168 configurations spanning hard benchmark tasks.",
                 "It handles 32-dimensional option-pricing tasks."):
        assert largest_count("tools" if "tool" in text else "tasks", [text]) is None, text

    def source(n: int, name: str, abstract: str) -> Source:
        return Source(n, Paper(f"p{n}", name, abstract, "ICML", 2026), name, sentences=split_sentences(abstract))

    shown = [source(1, "GameDevBench", "We present GameDevBench, a benchmark for code agents. It consists of 168 tasks."),
             source(2, "CoDA-Bench", "Agents reach a success rate of only 56.1% on it. CoDA-Bench comprises 1,202 tasks."),
             source(3, "VeRO", "VeRO is an evaluation harness for coding agents.")]
    for s in shown:
        s.vectors = np.ones((len(s.sentences), 2), dtype=np.float32)
    plan = Plan("Which of them has the most tasks?", "code agent benchmarks", Filters(), reading="narrow")
    assert counting(plan) == ("tasks", False)
    assert counting(Plan(plan.question, plan.query, Filters())) == ("", False)  # a question of its own is a search
    ev = evidence(np.ones(2, dtype=np.float32), shown, [1, 2, 3], 3, counted="tasks")
    assert ev.quotes[2] == ["CoDA-Bench comprises 1,202 tasks."] and ev.quotes[1] == ["It consists of 168 tasks."]
    assert ranked(plan, ev) == ("Set in order by the most tasks each abstract gives (GameDevBench 168 tasks, CoDA-Bench "
                                "1,202 tasks). Each is the largest count its abstract gives; read each one's sentence. "
                                "VeRO gives no count of tasks.")
    # over an index, the follow-up sets the papers shown in order, the largest count first, and the model is not asked
    import json

    from paperchat.corpus import read_paths
    from paperchat.index import PaperIndex

    from .conftest import ScriptedChat

    corpus = tmp_path / "c.jsonl"
    corpus.write_text("".join(json.dumps({"id": p.paper_id, "title": p.title, "venue": "ICML", "year": 2026,
                                          "abstract": f"{p.title} is a benchmark for code agents. {p.abstract}"}) + "\n"
                              for p in (s.paper for s in shown)))
    index = PaperIndex(settings, embedder)
    index.ingest(read_paths([corpus]), progress=False)
    chat = ScriptedChat("CoDA-Bench has the most tasks [1].")
    answer, history = _talk(Engine(settings, index, chat), "Which papers are benchmarks for code agents?",
                            "Which of them has the most tasks?")
    assert answer.shown[:2] == ["p2", "p1"] and len(chat.prompts) == 1  # the first question's answer alone
    assert answer.text.startswith("*Set in order by the most tasks each abstract gives (CoDA-Bench 1,202 tasks, "
                                  "GameDevBench 168 tasks).")


def test_the_lowest_bit_width_sets_them_in_order_by_each_ones_fewest_bits(settings, embedder, tmp_path) -> None:
    """Over ICML 2026 "Which one reaches the lowest bit width?" after KV-cache quantization papers was read as a pick
    and told "None of these abstracts uses the word “reaches”": the fewest bits, each paper's lowest width (GSRQ's
    "sub-1-bit regime", PatternKV's "2-bit"), set in order, and those giving none named."""
    import json

    from paperchat.claims import asked_count, lowest_bits, most_counted
    from paperchat.corpus import read_paths
    from paperchat.index import PaperIndex

    from .conftest import ScriptedChat

    for question in ("Which one reaches the lowest bit width?", "Which of them uses the fewest bits?",
                     "Which has the lowest bit-width?"):
        assert most_counted(question) == ("bits", True), question
    assert most_counted("Which has the lowest latency?") == ("", False)
    assert most_counted("Which has the lowest precision?") == ("", False)  # a measure too: not read as bits
    assert lowest_bits(["pushing KV cache storage toward the sub-1-bit regime"]) == (0.5, 0, "sub-1-bit")
    assert lowest_bits(["consistent 2-bit gains, with a 0.08% average 4-bit drop"]) == (2.0, 0, "2-bit")
    assert lowest_bits(["It improves W4A4 accuracy", "in MXFP4 and INT8"]) == (4.0, 0, "W4A4")
    assert lowest_bits(["Tequila quantizes to ternary weights"]) == (1.58, 0, "ternary")
    assert lowest_bits(["Released in 2024, it cuts memory by 4x."]) is None
    assert asked_count("bits", ["4-bit and 2-bit keys"]) == (2.0, 0, "2-bit")  # the lowest, not the largest
    corpus = tmp_path / "c.jsonl"
    abstracts = {"gsrq": "GSRQ quantizes the KV cache with vectors, pushing KV cache storage toward the sub-1-bit regime.",
                 "pattern": "PatternKV quantizes the KV cache by its patterns and delivers consistent 2-bit gains.",
                 "star": "STAR-KV quantizes the KV cache with low-rank factors and mixed precision for long contexts."}
    corpus.write_text("".join(json.dumps({"id": k, "title": f"{k} KV cache quantization", "venue": "ICML",
                                          "year": 2026, "abstract": v + " We evaluate it on long-context benchmarks."})
                              + "\n" for k, v in abstracts.items()))
    index = PaperIndex(settings, embedder)
    index.ingest(read_paths([corpus]), progress=False)
    chat = ScriptedChat("GSRQ reaches the lowest bit width [1].")
    answer, _ = _talk(Engine(settings, index, chat), "Compare the papers that quantize the KV cache.",
                      "Which one reaches the lowest bit width?")
    assert answer.shown == ["gsrq", "pattern", "star"]
    assert answer.text.startswith("*Set in order by the fewest bits each abstract gives (gsrq KV cache quantization "
                                  "sub-1-bit, pattern KV cache quantization 2-bit). Each is the lowest width its abstract "
                                  "gives; read each one's sentence.")
    assert "gives no width in bits" in answer.text
    # and "it" then is the one asked for, the first in that order ("How much memory does it save?" had been answered
    # over all six papers shown)
    answer, _ = _talk(Engine(settings, index, chat), "Compare the papers that quantize the KV cache.",
                      "Which one reaches the lowest bit width?", "How much memory does it save?")
    assert answer.answered == ["gsrq"]
    answer, _ = _talk(Engine(settings, index, chat), "Compare the papers that quantize the KV cache.",
                      "Which one reaches the lowest bit width?", "How much memory do they save?")
    assert set(answer.answered) == {"gsrq", "pattern", "star"}


def test_how_many_quotes_the_sentence_that_counts_the_things_asked() -> None:
    """Over ICML 2026 "How many tasks do they have?" after code-agent benchmarks quoted CVE-Factory's "66.2% verified
    success" and "over 1,000 executable training environments, … agentic tasks", not its "benchmark of 190 tasks"."""
    import numpy as np

    from paperchat.answer import pick_evidence
    from paperchat.claims import counted
    from paperchat.schema import Paper, Source

    said = ["CVE-Factory is evaluated on the latest vulnerabilities and achieves a 66.2% verified success.",
            "First, we construct LiveCVEBench, a benchmark of 190 tasks spanning 14 languages.",
            "Second, we synthesize over 1,000 executable training environments, scaling agentic tasks."]
    cve = Source(1, Paper("p1", "CVE-Factory", " ".join(said), "ICML", 2026), "CVE-Factory", sentences=said)
    cve.vectors = np.array([[1.0, 0.0], [0.2, 0.98], [0.9, 0.44]], dtype=np.float32)
    question = "How many tasks do they have?"
    assert counted(question) == "tasks"
    before = pick_evidence(np.array([1.0, 0.0], dtype=np.float32), cve, 2, "number")
    assert said[1] not in before  # closeness and figures alone
    assert said[1] in pick_evidence(np.array([1.0, 0.0], dtype=np.float32), cve, 2, "number",
                                    how_many=counted(question))


def test_a_compression_figure_answers_how_much_memory() -> None:
    """Over ICML 2026 "How much memory do they save?" after KV-cache compression papers said "Only the abstract of
    EpiCache gives a memory figure; the other 8 do not", above xKV's "up to 8× KV-Cache compression" and STAR-KV's
    "up to 20× overall KV cache reduction"."""
    from paperchat.answer import without_figures
    from paperchat.claims import has_figure
    from paperchat.schema import Evidence, Paper, Source

    xkv = "Across widely used LLMs, xKV achieves up to 8× KV-Cache compression while preserving accuracy."
    assert has_figure(xkv, "memory") and has_figure(xkv, "compression")
    assert not has_figure("FAFO provides 1.20-2.71x latency speedup over the original model.", "memory")
    assert not has_figure("Our algorithm reduces the compression loss by more than half on 29 datasets.", "memory")
    sources = [Source(1, Paper("p1", "xKV", xkv, "ICML", 2026), "xKV"),
               Source(2, Paper("p2", "FAFO", "FAFO provides 1.20-2.71x latency speedup.", "ICML", 2026), "FAFO")]
    ev = Evidence(sources, {1: [xkv], 2: [sources[1].paper.abstract]}, "")
    assert without_figures("How much memory do they save?", ev) == "The abstract of FAFO gives no memory figure."


def test_a_count_of_steps_or_a_factor_in_words_is_a_figure_for_the_fewest_or_fastest() -> None:
    """Over ICML 2026 "Which one needs the fewest sampling steps?" after diffusion samplers said the distilled
    sampler's abstract gives no figure; it "needs only 4–8 steps, yielding an order-of-magnitude speedup"."""
    from paperchat.answer import without_figures
    from paperchat.claims import has_figure
    from paperchat.schema import Evidence, Paper, Source

    assert has_figure("yielding an order-of-magnitude speedup") and has_figure("two orders of magnitude faster")
    assert not has_figure("It needs only 4 steps.")  # a count alone is no measured amount …
    steps = Source(1, Paper("p1", "Distilled sampler", "Our sampler needs only 4–8 steps.", "ICML", 2026), "Distilled")
    none = Source(2, Paper("p2", "Adaptive sampler", "We allocate finer steps where needed.", "ICML", 2026), "Adaptive")
    ev = Evidence([steps, none], {1: [steps.paper.abstract], 2: [none.paper.abstract]}, "")
    # … but it is the figure a question for the fewest steps asks for
    assert without_figures("Which one needs the fewest sampling steps?", ev) == ("The abstract of Adaptive gives no "
                                                                                 "figure for this.")


def test_a_count_no_number_of_the_abstract_gives_is_said_to_be_missing(settings, seed_index) -> None:
    """Over ICLR 2026, "How many tasks does the second one have?" after a list of web benchmarks
    quoted three sentences of WebDevJudge, whose abstract gives no number of tasks, and said nothing
    of it (the model's "The second benchmark has 10 tasks" was withheld)."""
    from paperchat.claims import counted, states_count

    assert counted("How many tasks does the second one have?") == "tasks"
    assert counted("How many decoding steps does it need on GSM8K?") == "decoding steps"
    assert states_count("It cuts decoding steps from 256 to 24.", "decoding steps")
    assert states_count("a benchmark of three hundred tasks", "task")
    assert not states_count("We evaluate on many tasks released in 2024 and on 3 datasets of images.", "tasks")
    # over ICML 2026 NanoQuant's abstract was said to never say how many bits; it says "binary (1-bit)"
    assert states_count("existing methods fail to compress models to binary (1-bit)", "bits")
    assert states_count("state-of-the-art accuracy even at sub-1-bit compression rates", "bits")
    assert not states_count("a GPT-4 judge scores the outputs", "bits")
    # over ICML 2026 "How many experts do they use?" after MoE papers was told Beyond Sunk Costs says: a number right
    # before the plural of another thing counts that thing
    assert not states_count("converged Mixture-of-Experts (MoE) models through two dimensions: layer copying and "
                            "noisy expert duplication", "experts")
    assert states_count("Our model routes each token to 8 experts in each of 4 layers.", "experts")
    # one thing per another (ICML 2026, after dataset-distillation papers): "never says how many images per" had cut
    # the question short, and ImageNet-100 had been read as a count of images
    assert counted("How many images per class do they use?") == "images per class"
    assert states_count("We distill 10 images per class.", "images per class")
    assert not states_count("Experiments on CIFAR-10/100 and Tiny-ImageNet show gains.", "images per class")
    assert not states_count("It stores 10 images. Each class is small per design.", "images per class")
    assert not states_count("tool planning tasks on 4 benchmarks", "tasks")
    # over ICLR 2026 "How many tasks do they have?" after software-engineering agent benchmarks said no abstract gives
    # it: PwP's count stands five words before "tasks", qualities between (a hyphen parts two)
    pwp = "PwP-Bench, a benchmark of 15 existing and new software-engineering tasks spanning multiple modalities"
    # "How many examples do their benchmarks have?": Figma2Code's "3,055 samples" (ICLR 2026) had been said to be none
    assert states_count("This process yields 3,055 samples, from which designers curate a balanced dataset.", "examples")
    assert not states_count("This process yields 3,055 samples.", "tasks")
    assert states_count(pwp, "tasks")
    assert not states_count("We run 168 configurations spanning four benchmark suites and many hard tasks.", "tasks")
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, "Tell me about dParallel.")
    assert "never says" not in engine.answer("How many decoding steps does it need?", history).text
    answer = engine.answer("How many GPUs does it use?", history)
    assert "never says how many GPUs" in answer.text and "dParallel" in answer.text


def test_an_amount_asked_against_a_name_the_abstract_never_writes_says_so(settings, seed_index) -> None:
    """Over ICML 2026, "How much faster is it than EAGLE?" after "What does Dustin do?" was answered with Dustin's
    9.17× end-to-end speedup, measured against plain decoding: its abstract never names EAGLE. The note says so before
    what the abstract does say; a name it writes ("LLaDA") gets no such note."""
    from paperchat.claims import compared_with

    assert compared_with("How much faster is it than EAGLE?") == ["EAGLE"]
    assert compared_with("What speedup over FlashAttention-2 does it give?") == ["FlashAttention-2"]
    assert compared_with("Is it faster than autoregressive decoding?") == compared_with("Is it better than the Transformer?") == []
    engine = Engine(settings, seed_index)
    _, history = _talk(engine, "What does dParallel do?")
    answer = engine.answer("How much faster is it than EAGLE?", history)
    # no seed abstract writes EAGLE at all, and the note says so (engine._unused)
    assert answer.text.startswith("*No paper in this collection uses the word “EAGLE”. What the abstract of dParallel says:*")
    assert "8.5×" in answer.text  # and what it does say
    assert not engine.answer("How much faster is it than LLaDA?", history).text.startswith("*")


def test_the_things_the_last_question_asked_about_are_the_papers_just_shown() -> None:
    """Over ICML 2026 "How much do the small models gain?" after "Which papers distill reasoning from large models
    into small ones?" was a new search (its words alone found three papers on small models that distill nothing):
    "the small models" are what the last question asked about."""
    from paperchat.conversation import read
    from paperchat.schema import Filters, Retrieved

    last = Turn(question="Which papers distill reasoning from large models into small ones?",
                query="Which papers distill reasoning from large models into small ones?",
                shown=["d1", "d2", "d3"], answered=["d1", "d2", "d3"])

    def probe(query: str, filters: Filters) -> Retrieved:  # elsewhere in the collection
        return Retrieved(query, filters, [], confidence=1.0)

    query, filters, reading, _ = read("How much do the small models gain?", Filters(), [last], probe)
    assert reading == "again" and filters.papers == ["d1", "d2", "d3"] and query.startswith(last.query)
    # a word of its own, or no pointing back, is a question of its own
    assert read("How much do the small language models gain?", Filters(), [last], probe)[2] == "fresh"
    assert read("How much do small models gain?", Filters(), [last], probe)[2] == "fresh"


def test_a_comparison_asked_without_something_rows_each_paper_on_its_topic_that_does_without(settings, embedder,
                                                                                              tmp_path) -> None:
    """Over ICLR 2026 "Compare continual learning methods that avoid catastrophic forgetting without replay." tabled
    one paper: the "Exemplar-Free" one, 20th, was past the margin of the closest papers, most of which replay. A paper
    on the whole topic that says it does without what is asked is a row wherever the search ranked it, and doing without
    exemplars or rehearsal is doing without replay."""
    import json

    from paperchat.claims import does_without, done_without
    from paperchat.corpus import read_paths
    from paperchat.index import PaperIndex

    assert does_without("replay", done_without("Cycle Consistency for Exemplar-Free Class-Incremental Learning. x"))
    assert does_without("rehears", done_without("Replay-Free Continual Multimodal Learning. x"))
    assert not does_without("replay", done_without("A training-free method for continual learning. x"))
    replaying = ("Continual learning methods avoid catastrophic forgetting with experience replay of stored samples. "
                 "We compare continual learning methods that replay a buffer to avoid catastrophic forgetting.")
    records = [{"id": f"r{i}", "title": f"Replay Buffer Method {i} for Continual Learning", "venue": "ICLR", "year": 2026,
                "abstract": replaying + f" Variant {i} keeps the buffer at {i}0 samples."} for i in range(1, 5)]
    records += [
        {"id": "f1", "title": "Replay-Free Continual Learning", "venue": "ICLR", "year": 2026,
         "abstract": "Continual learning methods avoid catastrophic forgetting, and we compare continual learning "
                     "methods. We propose a replay-free continual learning method that avoids catastrophic forgetting."},
        {"id": "e1", "title": "Bidirectional Alignment for Exemplar-Free Class-Incremental Learning", "venue": "ICLR",
         "year": 2026, "abstract": "Continual learning should avoid catastrophic forgetting. Two projector maps "
                                   "trained with stop-gradient gating keep old skills on "
                                   "standard class-incremental benchmarks, where accuracy rises by 9 points."},
        {"id": "o1", "title": "Weather Forecasting with Graphs", "venue": "ICLR", "year": 2026,
         "abstract": "We forecast the weather with graph networks. Forecasts improve by 12% over baselines."}]
    corpus = tmp_path / "c.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in records))
    index = PaperIndex(settings, embedder)
    index.ingest(read_paths([corpus]), progress=False)
    answer = Engine(settings, index).answer(
        "Compare continual learning methods that avoid catastrophic forgetting without replay.")
    assert set(answer.answered) == {"f1", "e1"}


def test_a_method_named_by_what_it_is_free_of_asks_for_nothing_done_without(settings, seed_index) -> None:
    """"How do the papers on classifier-free guidance in diffusion differ?" was read as asking for papers that use no
    classifier, and once such papers were rowed wherever ranked, it tabled GenDA, which only uses the guidance."""
    from paperchat.claims import asks_without, without_phrase
    from paperchat.conversation import picks

    assert not asks_without("How do the papers on classifier-free guidance in diffusion differ?")
    assert without_phrase("Which papers do model-free reinforcement learning?") == ""
    assert picks("Which of them use classifier-free guidance?") == "holding"
    assert without_phrase("Which of them is training-free?") == "training"
    assert without_phrase("Which of them are classifier-free?") == "classifier"  # a property, not the method's name
    engine = Engine(settings, seed_index)
    answer = engine.answer("How do the papers on classifier-free guidance in diffusion differ?")
    assert answer.answered and all("guidance" in engine.paper(pid).title.lower() for pid in answer.answered)
