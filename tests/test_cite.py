"""Citation parsing and verification on crafted answers."""

from __future__ import annotations

import numpy as np
import pytest

from paperchat.cite import (
    _NOUN_MARKER,
    NO_SENTENCE,
    Verifier,
    _clauses,
    _leads,
    _own_name_as_subject,
    _owner,
)
from paperchat.config import AnswerSettings
from paperchat.markers import parse, split_sentences, with_markers
from paperchat.schema import Paper, Source, Synthesis, Verification
from paperchat.text import restates, sentences, third_person

from .conftest import WordEmbedding

PEARL = ("Speculative decoding uses a draft model to propose tokens that the target model verifies in parallel. "
         "PEARL adapts the draft length with pre-verify and post-verify strategies. "
         "It achieves up to 4.4 times speedup over autoregressive decoding.")
HALTON = ("MaskGIT unmasks image tokens with a confidence scheduler. "
          "We propose a Halton scheduler that spreads the unmasked tokens uniformly over the image. "
          "It improves image quality and diversity without retraining.")


def _paper(pid: str, title: str, abstract: str) -> Paper:
    return Paper(paper_id=pid, title=title, abstract=abstract, venue="ICLR", year=2025)


def _shown(verifier: Verifier, *papers: tuple[Paper, str]) -> list[Source]:
    """The papers as the answer shows them, numbered [1], [2], … under their labels, embedded."""
    srcs = [Source(n, paper, label) for n, (paper, label) in enumerate(papers, 1)]
    verifier.prepare(srcs)
    return srcs


# bag-of-words cosines run lower than MiniLM's
LENIENT = AnswerSettings(support_threshold=0.35, min_term_overlap=0.3)


@pytest.fixture
def sources() -> list[Source]:
    e = WordEmbedding(model_name="t")
    srcs = [Source(1, _paper("a", "PEARL: Parallel Speculative Decoding", PEARL), "PEARL"),
            Source(2, _paper("b", "Halton Scheduler for MaskGIT", HALTON), "Halton Scheduler for MaskGIT")]
    Verifier(lambda t: np.asarray(e.get_text_embedding_batch(t)), LENIENT).prepare(srcs)
    return srcs


@pytest.fixture
def verifier() -> Verifier:
    e = WordEmbedding(model_name="t")
    return Verifier(lambda t: np.asarray(e.get_text_embedding_batch(t)), LENIENT)


@pytest.mark.parametrize(
    ("text", "numbers"),
    [("A [1].", [1]), ("A [1, 2] and [3]", [1, 2, 3]), ("A.[1][2]", [1, 2]), ("A [2-4]", [2, 3, 4]),
     ("no markers", []), ("A [1] [1]", [1])],
)
def test_parse(text: str, numbers: list[int]) -> None:
    assert parse(text) == numbers


def test_markers_glued_after_the_stop_stay_with_their_sentence() -> None:
    assert split_sentences("PEARL adapts drafts.[1] Halton spreads tokens.[2]") == [
        "PEARL adapts drafts[1].", "Halton spreads tokens[2]."]
    assert with_markers("PEARL adapts drafts [3].", [1]) == "PEARL adapts drafts [1]."
    # a list, one paper a line: a line's leading marker is that line's (over ICLR 2026, "[1] Saguaro: … fast.\n[2] PARD:
    # …" had cited Saguaro's line [2]); a line of markers alone is the line before's
    assert split_sentences("[1] Saguaro: up to twice as fast.\n[2] PARD: up to 3.67× speedup.") == [
        "[1] Saguaro: up to twice as fast.", "[2] PARD: up to 3.67× speedup."]
    assert split_sentences("Saguaro is fast.\n[2]\nPARD is faster [4].") == ["Saguaro is fast [2].", "PARD is faster [4]."]
    # a sentence opening with a title in curly quotes is a sentence of its own (the eval's k06: read as one, the
    # second paper's "unlearning" was in the first paper's clause)
    assert split_sentences("X uses a metric [1]. “Unlearning in diffusion models aims …” deals with unlearning [2].") == [
        "X uses a metric [1].", "“Unlearning in diffusion models aims …” deals with unlearning [2]."]


def test_supported_sentence_keeps_its_citation(verifier, sources) -> None:
    report = Verification()
    out = verifier.check("PEARL adapts the draft length of speculative decoding [1].", sources, report)
    assert out.text == "PEARL adapts the draft length of speculative decoding [1]."
    assert out.support[1] and report.checked == 1 and report.moved == report.unsupported == 0


def test_number_that_was_not_shown_is_removed(verifier, sources) -> None:
    report = Verification()
    out = verifier.check("PEARL adapts the draft length of speculative decoding [1][7].", sources, report)
    assert out.cited == [1] and "[7]" not in out.text and report.removed == 1


def test_misattributed_sentence_is_moved_to_the_supporting_source(verifier, sources) -> None:
    report = Verification()
    out = verifier.check("The Halton scheduler spreads unmasked image tokens uniformly [1].", sources, report)
    assert out.cited == [2] and out.text.endswith("[2].") and report.moved == 1


def test_unsupported_sentence_is_caught(verifier, sources) -> None:
    report = Verification()
    out = verifier.check("Both papers train reinforcement learning agents for robotics [1][2].", sources, report)
    assert out.text is None and report.unsupported == 1
    assert report.dropped_sentences == ["Both papers train reinforcement learning agents for robotics [1][2]."]
    # the same without a citation is counted apart: "cited sentences kept" divides by cited ones
    verifier.check("Both papers train reinforcement learning agents for robotics.", sources, report)
    verifier.check("PEARL adapts the draft length for speculative decoding.", sources, report)
    assert (report.checked, report.unsupported, report.uncited, report.uncited_unsupported) == (3, 2, 2, 1)


def test_a_sentence_about_work_an_abstract_cites_is_withheld(verifier) -> None:
    """Over ICLR 2026, "Which of them use positional encodings?" was answered "Huang et al. (2024) study length
    generalization in transformers [1]": the abstract's "Prior work by Huang et al. (2024) established …", true of
    Huang et al., who are not the paper [1] the reader can open. The paper's own claim beside theirs stays."""
    bound = _paper("lg", "Quantitative Bounds for Length Generalization in Transformers",
                   "We study the problem of length generalization (LG) in transformers. Prior work by Huang et al. "
                   "(2024) established that transformers eventually achieve length generalization once the training "
                   "sequence length exceeds some finite threshold. We provide the first quantitative bounds on it.")
    shown = _shown(verifier, (bound, "Quantitative Bounds for Length Generalization"))
    report = Verification()
    for said in ("Huang et al. (2024) study length generalization in transformers [1].",
                 "Prior work by Huang et al. established that transformers eventually achieve length generalization [1].",
                 "[1] Huang et al. show that transformers achieve length generalization past a finite threshold."):
        out = verifier.check(said, shown, report)
        assert out.text is None and "Huang et al" in out.reason and "earlier work" in out.reason, said
    assert (report.checked, report.unsupported, report.uncited) == (3, 3, 0)
    kept = verifier.check("Quantitative Bounds for Length Generalization provides the first quantitative bounds on "
                          "length generalization in transformers, which Huang et al. (2024) established [1].", shown,
                          report)
    assert kept.text is not None

def test_sentence_naming_a_paper_it_does_not_cite_is_caught(verifier, sources) -> None:
    report = Verification()
    claim = "PEARL spreads unmasked image tokens uniformly with a Halton scheduler [2]."
    assert verifier.check(claim, sources, report).text is None


def test_a_paper_named_as_the_subject_keeps_its_claim_or_the_sentence_is_withheld(verifier, sources) -> None:
    """Moving the citation of "[1] spreads …" (the Halton scheduler's claim) to [2] would show
    PEARL's name on it; so would the whole title written out ("Halton Scheduler for MaskGIT adapts
    …" cited to PEARL, whose first word looks like no name)."""
    halton = "spreads the unmasked image tokens uniformly over the image"
    assert verifier.check(f"[1] {halton}.", sources, Verification()).text is None
    assert verifier.check(f"PEARL adapts the draft length, while [1] {halton}.", sources, Verification()).text is None
    out = verifier.check(f"[2] {halton}.", sources, Verification())
    assert out.text is not None and out.cited == [2]
    pearl = "adapts the draft length with pre-verify and post-verify strategies"
    assert verifier.check(f"Halton Scheduler for MaskGIT {pearl} [1].", sources, Verification()).text is None
    out = verifier.check(f"The scheduler {pearl} [2].", sources, Verification())
    assert out.text is not None and out.cited == [1]  # no name: moved
    # a frame names both papers but claims nothing of them; the clause after it is about [1]
    speedup = "achieves up to 4.4 times speedup over autoregressive decoding"
    out = verifier.check(f"[1] and [2] differ in that [1] {speedup}, while [2] {halton}.", sources, Verification())
    assert out.text is not None and out.cited == [1, 2]
    # "with [1] doing …" names it too (not "with doing …" once the marker is moved to the end)
    out = verifier.check("Both differ, with [1] adapting the draft length with pre-verify strategies.", sources,
                         Verification())
    assert out.text is not None and out.text.startswith("Both differ, with PEARL adapting") and out.cited == [1]
    assert verifier.check("Both differ, with [2] adapting the draft length with pre-verify strategies.", sources,
                          Verification()).text is None


def test_a_subject_marker_is_never_lost(verifier, sources) -> None:
    """"…, while [2] does Y" keeps a subject: [2]'s title words in the clause before it do not name
    the subject of its own clause, and a marker of a paper not shown is not moved to one that was
    (the clause would read "while does Y", or claim Y of another paper)."""
    halton = "spreads the unmasked tokens uniformly over the image"
    out = verifier.check(f"[1] adapts the draft length of the Halton Scheduler, while [2] {halton}.", sources,
                         Verification())
    assert out.text is not None and f", while Halton Scheduler for MaskGIT {halton}" in out.text
    out = verifier.check(f"PEARL [1] adapts the draft length for Halton Scheduler for MaskGIT tokens, while [2] "
                         f"{halton}.", sources, Verification())
    assert out.text is None or f", while Halton Scheduler for MaskGIT {halton}" in out.text
    # an adverb between the marker and its verb (over ICLR 2026: "…, while [2] further remains robust …" was shown
    # as "…, while further remains robust …")
    out = verifier.check(f"[1] adapts the draft length, while [2] also {halton}.", sources, Verification())
    assert out.text is not None and f", while Halton Scheduler for MaskGIT also {halton}" in out.text
    out = verifier.check("[1] adapts the draft length, while [2] uniformly spreads the unmasked tokens over the "
                         "image.", sources, Verification())
    assert out.text is not None and ", while Halton Scheduler for MaskGIT uniformly spreads" in out.text
    for stranger in (f"[3] {halton}.", f"PEARL adapts the draft length [1], while [3] {halton}."):
        report = Verification()
        out = verifier.check(stranger, sources, report)
        assert out.text is None and report.dropped_reasons == ["it says [3] does this, but no paper [3] was shown"]


def test_a_label_made_from_the_abstract_is_put_in_as_a_quoted_name(verifier) -> None:
    """An untitled paper's label is the opening of its abstract: put in for its marker it would read
    as prose ("MaskGIT unmasks image tokens with a confidence… spreads …"), so it is quoted, and it is
    no part of the claim."""
    label = "MaskGIT unmasks image tokens with a confidence…"
    untitled = Paper(paper_id="u", title=label, abstract=HALTON, venue="ICLR", year=2025, title_derived=True)
    srcs = [Source(1, untitled, label)]
    verifier.prepare(srcs)
    out = verifier.check("[1] spreads the unmasked tokens uniformly over the image.", srcs, Verification())
    assert out.text == f"“{label}” spreads the unmasked tokens uniformly over the image [1]."
    out = verifier.check("While PEARL adapts the draft length, [1] spreads the unmasked tokens uniformly over the "
                         "image.", srcs, Verification())
    assert out.text is None or "“MaskGIT" in out.text
    # a label that is the method's name found in the abstract reads as a name already
    assert Paper(paper_id="n", title="ASIR", abstract=HALTON, venue="ICLR", year=2025, title_derived=True).name == "ASIR"


def test_the_first_and_the_second_paper_are_named_where_that_is_unambiguous(verifier, sources) -> None:
    pearl, halton = "adapts the draft length of speculative decoding", "spreads the unmasked tokens uniformly over the image"
    out = verifier.check(f"The first paper {pearl}, while the second paper {halton} [1][2].", sources, Verification())
    assert out.text == f"PEARL {pearl}, while Halton Scheduler for MaskGIT {halton} [1][2]."
    swapped = f"The first paper {halton}, while the second paper {pearl} [1][2]."
    assert verifier.check(swapped, sources, Verification()).text is None  # each half on the wrong paper
    out = verifier.check(f"[1] The first paper {pearl}, while the second paper {halton}.", sources, Verification())
    assert out.text == f"PEARL {pearl}, while Halton Scheduler for MaskGIT {halton} [1][2]."
    # no markers: the first and second papers shown
    out = verifier.check(f"The first paper {pearl}, while the second paper {halton}.", sources, Verification())
    assert out.text is not None and out.cited == [1, 2]
    # cites [2] alone: "the first paper" could be [1] or [2], so it stays as written (and is judged so)
    out = verifier.check(f"The first paper {halton} [2].", sources, Verification())
    assert out.text is not None and out.text.startswith("The first paper")
    # "Table 1 presents …, while Table 2 introduces …" (over ICLR 2026, under a table of rows [1] … [5]): the rows'
    # numbers, as the model was shown them
    out = verifier.check(f"Table 1 {pearl}, while Table 2 {halton}.", sources, Verification())
    assert out.text == f"PEARL {pearl}, while Halton Scheduler for MaskGIT {halton} [1][2]."
    assert verifier.check(f"Table 1 {halton}, while Table 2 {pearl}.", sources, Verification()).text is None
    assert verifier.check(f"Paper 3 {pearl}.", sources, Verification()).text is None  # no row 3 was shown


def test_the_second_alone_and_a_markers_possessive_name_their_papers(verifier, sources) -> None:
    """Over the comparative questions the model wrote "[1] uses …, while the second uses …" citing [1] alone,
    and "[1]'s approach …, while [2]'s approach …": the second paper's clause was judged against the first
    (withheld, though true), and "[2]'s" became "while's approach"."""
    pearl, halton = "adapts the draft length of speculative decoding", "spreads the unmasked tokens uniformly over the image"
    out = verifier.check(f"PEARL [1] {pearl}, while the second {halton}.", sources, Verification())
    assert out.text == f"PEARL {pearl}, while Halton Scheduler for MaskGIT {halton} [1][2]."
    assert verifier.check(f"PEARL [1] {pearl}, while the second {pearl}.", sources, Verification()).text is None
    out = verifier.check(f"[1]'s method {pearl}, while [2]'s scheduler {halton}.", sources, Verification())
    assert out.text == f"PEARL's method {pearl}, while Halton Scheduler for MaskGIT's scheduler {halton} [1][2]."
    assert verifier.check(f"[1]'s method {halton}, while [2]'s scheduler {pearl}.", sources, Verification()).text is None


def test_comparison_needs_each_clause_supported(verifier, sources) -> None:
    report = Verification()
    good = ("PEARL adapts the draft length for speculative decoding [1], while the Halton scheduler "
            "spreads unmasked image tokens uniformly [2].")
    out = verifier.check(good, sources, report)
    assert out.cited == [1, 2] and report.unsupported == 0


def test_markers_used_as_names_become_names(verifier, sources) -> None:
    report = Verification()
    out = verifier.check("[1] adapts the draft length for speculative decoding.", sources, report)
    assert out.text == "PEARL [1] adapts the draft length for speculative decoding [1]." or out.text.startswith("PEARL")


def test_the_and_that_ends_a_list_is_no_clause_boundary(verifier, sources) -> None:
    listed = "PEARL proposes a simple, flexible, and general framework to boost decoding"
    other = "Halton spreads the unmasked tokens uniformly over the image"
    assert _clauses(f"{listed}, while {other}", 2) == [listed, other]
    # two clauses joined by ", and" are still checked one by one
    assert _clauses("It achieves a large speedup over decoding, and it needs no draft model at all", 2) == [
        "It achieves a large speedup over decoding", "it needs no draft model at all"]
    out = verifier.check("PEARL [1] adapts the draft length with pre-verify, post-verify, and parallel strategies, "
                         "while [2] spreads the unmasked tokens uniformly over the image.", sources, Verification())
    assert out.cited == [1, 2]


def test_markers_after_a_name_are_left_alone(verifier, sources) -> None:
    report = Verification()
    out = verifier.check("PEARL [1] adapts the draft length for speculative decoding.", sources, report)
    assert out.text == "PEARL adapts the draft length for speculative decoding [1]."


def test_a_verbatim_quote_is_supported_even_where_its_clauses_embed_poorly(sources) -> None:
    # a verifier that finds nothing similar: only the verbatim rule can pass the quote
    strict = Verifier(lambda t: np.zeros((len(t), sources[0].vectors.shape[1])),
                      AnswerSettings(support_threshold=0.99, min_term_overlap=0.3))
    quote = "“We propose a Halton scheduler that spreads the unmasked tokens uniformly over the image.” [2]"
    out = strict.check(quote, sources, Verification())
    assert out.cited == [2] and "Halton scheduler" in (out.text or "")
    # the same words cited to the wrong paper are moved to the one that holds them
    assert strict.check(quote.replace("[2]", "[1]"), sources, Verification()).cited == [2]
    # a quoted sentence whose last clause is too short to judge alone
    added = "“It achieves up to 4.4 times speedup over autoregressive decoding, and it needs no draft model at all.”"
    assert strict.check(added + " [1]", sources, Verification()).text is None  # a quote with a claim added
    whole = "“Speculative decoding uses a draft model to propose tokens that the target model verifies in parallel.” [1]"
    assert strict.check(whole.replace("propose tokens", "propose tokens, in parallel"), sources, Verification()).text is None
    assert strict.check(whole, sources, Verification()).cited == [1]
    # and a changed word is no longer a quote
    assert strict.check(quote.replace("uniformly", "randomly"), sources, Verification()).text is None


@pytest.mark.parametrize(("sentence", "echo"), [
    ("The papers that train language models with reinforcement learning are [1].", True),
    ("[1] and [2] both train language models with reinforcement learning.", True),
    ("The papers train language models, and they differ in the following ways:", True),
    ("PEARL trains language models with reinforcement learning [1].", False),
    ("Both use reinforcement learning, but [1] reweights low-probability tokens.", False),
])
def test_a_sentence_that_only_restates_the_question(sentence, echo) -> None:
    question = "Compare the papers that train language models with reinforcement learning."
    assert restates(sentence, question) is echo
    assert not restates(sentence, "")


def test_a_figure_the_question_does_not_give_is_no_restatement() -> None:
    """Over ICML 2026, "Tvcache speeds up tool calls by up to 6.9×." to "What is Tvcache? How much does it speed
    up tool calls?" was left out as an echo of the question: every word of it is the question's but the figure."""
    question = "What is Tvcache? How much does it speed up tool calls?"
    assert not restates("Tvcache speeds up tool calls by up to 6.9× [1].", question)
    assert restates("Tvcache speeds up tool calls [1].", question)
    assert restates("Does it speed up tool calls 2 times?", "Does it speed up tool calls 2 times?")


@pytest.mark.parametrize("sentence, shown", [
    ("We present a sampler for batch BO [1].", "The authors present a sampler for batch BO [1]."),
    ("Our model's capability spans puzzles [1].", "Their model's capability spans puzzles [1]."),
    ("It beats ours and lets us see it [2].", "It beats theirs and lets them see it [2]."),
    ("US patents were weighed by the answer [1].", "US patents were weighed by the answer [1]."),  # not "us"
    ("Swept bowers answer it [1].", "Swept bowers answer it [1]."),  # whole words only
])
def test_the_abstracts_we_reads_as_the_authors(sentence, shown) -> None:
    assert third_person(sentence) == shown


def test_a_title_with_we_in_it_is_a_name_and_stays() -> None:
    """Over ICML 2026 "Do We Need Adam? Surprisingly Strong …" was shown as "Do The authors Need Adam"."""
    title = "Do We Need Adam? Surprisingly Strong and Sparse Reinforcement Learning with SGD in LLMs"
    assert third_person(f"{title} shows we can drop Adam [1].", [title, "PEARL"]) == \
        f"{title} shows the authors can drop Adam [1]."
    # its opening words name it too: over ICLR 2026 "In Agents We Trust, models consistently exhibit …"
    # was shown as "In Agents The authors Trust, …"
    agents = "In Agents We Trust, but Who Do Agents Trust? Latent Preferences Steer LLM Generations"
    said = "In Agents We Trust, models consistently exhibit strong source preferences [3]."
    assert third_person(said, [agents]) == said
    assert third_person("Do We Need Adam? shows we can drop it.", [title]) == "Do We Need Adam? shows the authors can drop it."


def test_a_leading_marker_becomes_the_papers_whole_title_never_a_cut_label(verifier) -> None:
    title = "A Halton Scheduler That Spreads Unmasked Tokens Uniformly over the Image for MaskGIT"
    source = Source(1, _paper("b", title, HALTON), "A Halton Scheduler That Spreads Unmasked Tokens Uniformly…")
    verifier.prepare([source])
    checked = verifier.check("[1] spreads the unmasked tokens uniformly over the image.", [source], Verification())
    assert checked.text and checked.text.startswith(title) and "…" not in checked.text


def test_a_marker_before_the_name_the_model_wrote_is_not_filled_twice(verifier, sources) -> None:
    said = "[2] Halton Scheduler for MaskGIT spreads the unmasked tokens uniformly over the image."
    assert verifier.check(said, sources, Verification()).text == (
        "Halton Scheduler for MaskGIT spreads the unmasked tokens uniformly over the image [2].")
    # a whole title longer than the shown label, written before its marker, is not written twice
    long_title = "A Halton Scheduler That Spreads Unmasked Tokens Uniformly over the Image for Masked Generative Models"
    long = Source(2, _paper("b", long_title, HALTON), "A Halton Scheduler That Spreads Unmasked Tokens…")
    verifier.prepare([long])
    written = verifier.check(f"{long_title} [2] proposes a scheduler that spreads the unmasked tokens uniformly.", [long],
                             Verification())
    assert (written.text or "").count("A Halton Scheduler") == 1
    # the title's words later in the sentence are its topic, not a name: the marker is still named
    topic = verifier.check("[2] spreads the unmasked tokens uniformly with the Halton scheduler for MaskGIT.", sources,
                           Verification())
    assert (topic.text or "").startswith("Halton Scheduler for MaskGIT spreads")
    # after a contrast word a marker before a verb is the subject: named, so no "while demonstrates"
    contrast = verifier.check("PEARL adapts the draft length [1], while [2] spreads the unmasked tokens uniformly "
                              "over the image.", sources, Verification())
    assert "while Halton Scheduler for MaskGIT spreads" in (contrast.text or "")
    # a list item's capital verb reads on after the name
    listed = verifier.check("[1] Proposes pre-verify and post-verify strategies that adapt the draft length.",
                            sources, Verification())
    assert listed.text == "PEARL proposes pre-verify and post-verify strategies that adapt the draft length [1]."
    listed = verifier.check("[1] Adapts the draft length with pre-verify and post-verify strategies.", sources,
                            Verification())  # any verb in the third person, not only the common ones
    assert listed.text == "PEARL adapts the draft length with pre-verify and post-verify strategies [1]."


def test_a_name_put_in_for_a_marker_is_not_judged_as_part_of_the_claim() -> None:
    # the model wrote "[1] Spreads …"; the sentence shown leads with the long title, judged without it
    e = WordEmbedding(model_name="t")
    verifier = Verifier(lambda t: np.asarray(e.get_text_embedding_batch(t)),
                        AnswerSettings(support_threshold=0.7, min_term_overlap=0.3))
    title = "Orthogonal Quantum Widgets with Entirely Unrelated Words Beyond Any Vocabulary Overlap Whatsoever"
    source = Source(1, _paper("b", title, HALTON), "Orthogonal Quantum Widgets")
    verifier.prepare([source])
    checked = verifier.check("[1] Spreads the unmasked tokens uniformly over the image.", [source], Verification())
    assert checked.text and checked.text.startswith("Orthogonal Quantum Widgets") and checked.cited == [1]


CELLS = ("Single-cell sequencing measures gene expression at one time. "
         "We infer trajectories from static snapshots. "
         "Experiments on three datasets show accurate trajectories.")


@pytest.mark.parametrize(("claim", "kept"), [
    ("[1] models temporal single-cell data with latent Gaussian processes.", True),
    ("Modeling Temporal Single-Cell Data [1] models temporal single-cell data with latent Gaussian processes.", True),
    ("[1] models protein structures with latent Gaussian processes.", False),  # a word the paper never uses
    ("[1] does not use latent Gaussian processes for temporal single-cell data.", False),  # negated
    ("[1] models 5 temporal single-cell datasets with latent Gaussian processes.", False),  # a number it lacks
    ("[1] uses reinforcement learning.", False),
])
def test_a_claim_that_restates_the_title_is_supported_by_it(verifier, claim, kept) -> None:
    """The title is on the source card: "[1] models temporal single-cell data with latent Gaussian
    processes" is what it says, though no sentence of the abstract does; a claim that adds a word
    the paper never uses, negates the title or adds a number is not."""
    title = "Modeling Temporal Single-Cell Data with Latent Gaussian Processes and Optimal Transport"
    srcs = [Source(1, _paper("c", title, CELLS), title)]
    verifier.prepare(srcs)
    checked = verifier.check(claim, srcs, Verification())
    assert (checked.text is not None) == kept, checked.reason
    if kept:
        assert checked.cited == [1]


def test_a_title_opening_with_a_or_the_is_named_though_the_sentence_has_that_word(verifier) -> None:
    """"The first paper …, while [2] proposes …": the "The" before [2] is no name of the paper
    whose title opens with "The", so its name is put in; "PEARL [1] adapts …" is not named twice."""
    brain = "The Brain Interprets Visual Information Through Priors"
    srcs = [Source(1, _paper("a", "PEARL: Parallel Speculative Decoding", PEARL), "PEARL"),
            Source(2, _paper("b", brain, "We model visual inference with a learned prior. It fits the data."), brain)]
    verifier.prepare(srcs)
    checked = verifier.check("The first paper adapts the draft length [1], while [2] proposes a learned prior.", srcs,
                             Verification())
    said = checked.text or checked.said
    assert f"{brain} [2] proposes" in said or f"{brain} proposes" in said
    checked = verifier.check("PEARL [1] adapts the draft length with pre-verify and post-verify strategies.", srcs,
                             Verification())
    assert (checked.text or checked.said).count("PEARL") == 1


def test_a_marker_is_named_even_when_another_cited_title_holds_its_words() -> None:
    """'Ratio Matching in Discrete Diffusion Language Models [1] uses …, while [2] uses …': the words
    'Diffusion Language Model' before [2] are [1]'s title, so [2] still gets its own name."""
    e = WordEmbedding(model_name="t")
    one = _paper("a", "Efficient Perplexity Bound and Ratio Matching in Discrete Diffusion Language Models",
                 "We derive an upper bound of the perplexity for discrete diffusion language models.")
    two = _paper("b", "Diffusion Language Model Knows the Answer Before It Decodes",
                 "Early commit decoding stops when the answer has converged.")
    srcs = [Source(1, one, "Efficient Perplexity Bound…"), Source(2, two, "Diffusion Language Model Knows…")]
    verifier = Verifier(lambda t: np.asarray(e.get_text_embedding_batch(t)), LENIENT)
    verifier.prepare(srcs)
    out = verifier.check("[1] uses an upper bound of the perplexity, while [2] uses early commit decoding.", srcs,
                         Verification())
    shown = out.text or out.said
    assert "while Diffusion Language Model Knows the Answer Before It Decodes" in shown, shown


AGENTS = "In Agents We Trust, but Who Do Agents Trust? Latent Preferences Steer LLM Generations"


def test_a_stop_inside_a_title_ends_no_sentence() -> None:
    """Over ICLR 2026 a reply that wrote this title was cut at its "?": "In Agents We Trust, but Who Do Agents
    Trust?" was judged as a sentence, and what followed was shown without its subject."""
    reply = f"WebDS benchmarks data science [2]. {AGENTS} [3] studies source preferences. Do We Need Adam? shows SGD works."
    titles = [AGENTS, "Do We Need Adam?"]
    assert split_sentences(reply, titles) == ["WebDS benchmarks data science [2].",
                                              f"{AGENTS} [3] studies source preferences.",
                                              "Do We Need Adam? shows SGD works."]
    # the title's opening alone, as a model may write it, holds too; without the titles, the cut as before
    assert len(split_sentences("In Agents We Trust, but Who Do Agents Trust? Latent bias is studied [3].", titles)) == 1
    assert len(split_sentences(reply)) == 4
    # a title is text, not a pattern: "\\1" in one is no group reference
    assert split_sentences("A \\1 Title? Really works [1]. B fails [2].", ["A \\1 Title? Really"]) == [
        "A \\1 Title? Really works [1].", "B fails [2]."]
    # and a clause is not cut at the title's ", but"
    body = f"{AGENTS} studies source preferences, while WebFactory compresses intelligence into web agents"
    assert _clauses(body, 4, [AGENTS, "WebFactory"]) == [f"{AGENTS} studies source preferences",
                                                         "WebFactory compresses intelligence into web agents"]


def _streamed(reply: str, verifier: Verifier, shown: list[Source]) -> tuple[list[str], Synthesis]:
    """What `verified_stream` yields for a model that writes `reply`, and the synthesis it returns."""
    from paperchat.answer import verified_stream

    from .conftest import ScriptedChat

    stream = verified_stream(ScriptedChat(reply), [], 60, verifier, shown, LENIENT, lambda: 0.0)
    said = []
    try:
        while True:
            said.append(next(stream))
    except StopIteration as done:
        return said, done.value


def test_a_streamed_title_with_a_question_mark_is_one_sentence_with_its_verb(verifier) -> None:
    """The title's "?" ends no sentence; and the sentence, judged with the whole title the model wrote, is shown
    with the paper's label, as its table row names it: a title of 90 characters had made "how they differ"
    anything but short (90 of the 135 such paragraphs of the eval's full run held a run of seven or more title-case
    words, a whole title)."""
    agents = _paper("a", AGENTS, "LLM agents filter information for users. We find that several models consistently "
                    "exhibit strong and predictable source preferences.")
    shown = _shown(verifier, (agents, "In Agents We Trust, but Who Do Agents Trust? Latent…"))
    said, synthesis = _streamed(f"{AGENTS} [1] finds that models exhibit strong and predictable source preferences.",
                                verifier, shown)
    assert "".join(said).startswith("In Agents We Trust, but Who Do Agents Trust? Latent… finds that models exhibit")
    assert synthesis.sentences[0].text == "".join(said).strip()
    assert not synthesis.report.dropped_sentences


def test_a_labelled_sentence_is_judged_as_it_will_read(verifier) -> None:
    """Over ICLR 2026 the model wrote "[3] VenusX: A diverse set of popular and open-source models." It was judged as
    a label and shown as "VenusX is a diverse set of …", which the abstract does not say (it assesses such models).
    The form shown is judged too."""
    venusx = _paper("v", "VenusX: Unlocking Fine-Grained Functional Understanding of Proteins", VENUSX)
    shown = _shown(verifier, (venusx, "VenusX"))
    said, synthesis = _streamed("[1] VenusX: A diverse set of popular and open-source models.", verifier, shown)
    assert not "".join(said).strip() and not synthesis.sentences
    assert "which its abstract does not" in synthesis.report.dropped_reasons[-1]
    said, synthesis = _streamed("[1] VenusX: A benchmark designed to assess protein representation learning.",
                                verifier, shown)
    assert "".join(said).startswith("VenusX is a benchmark designed to assess protein representation learning")


def test_a_streamed_abbreviation_ends_no_sentence(verifier) -> None:
    """Over ICLR 2026 the model's "… quantization techniques w.r.t. perplexity." was streamed as two sentences:
    "… w.r.t." kept, cut short, and "perplexity." withheld."""
    bof4 = _paper("b", "Improving Block-Wise LLM Quantization by 4-bit Block-Wise Optimal Float (BOF4)",
                  "Block-wise quantization reduces the memory of LLMs. BOF4 achieves top performance among 4-bit "
                  "block-wise quantization techniques w.r.t. perplexity.")
    shown = _shown(verifier, (bof4, "Improving Block-Wise LLM Quantization by 4-bit…"))
    said, synthesis = _streamed("[1] achieves top performance among 4-bit block-wise quantization techniques w.r.t. "
                                "perplexity.", verifier, shown)
    assert "w.r.t. perplexity [1]." in "".join(said), said
    assert len(synthesis.sentences) == 1 and not synthesis.report.dropped_sentences


def test_and_before_a_paper_s_name_opens_its_own_clause(verifier) -> None:
    """Over ICML 2026 "Mind the Gap [2] focuses on evidence drops and Efficient Hallucination Detection …
    [3] leverages uncertainty-aware attention heads …" was one clause, judged as Mind the Gap's and
    withheld as the words of [3]'s abstract: the "and" before [3]'s name opens [3]'s own clause."""
    gap = _paper("g", "Mind the Gap: Evidence Drops in Reasoning",
                 "Language models hallucinate while reasoning. Hallucinations are characterized as evidence drops, "
                 "sudden declines in local evidence support along the reasoning trace.")
    heads = _paper("h", "Efficient Hallucination Detection for LLMs Using Uncertainty-Aware Attention Heads",
                   "Language models hallucinate facts. The method leverages uncertainty-aware attention heads that "
                   "reduce their focus on preceding tokens when incorrect information is generated.")
    shown = _shown(verifier, (gap, "Mind the Gap"), (heads, "Efficient Hallucination Detection for LLMs Using…"))
    said = ("Mind the Gap [1] focuses on evidence drops and Efficient Hallucination Detection for LLMs Using "
            "Uncertainty-Aware Attention Heads [2] leverages uncertainty-aware attention heads to detect "
            "hallucinations.")
    assert verifier.check(said, shown, Verification()).text is not None
    # each clause is still its own paper's: the same words with the papers swapped are withheld
    swapped = ("Mind the Gap [1] leverages uncertainty-aware attention heads to detect hallucinations and Efficient "
               "Hallucination Detection for LLMs Using Uncertainty-Aware Attention Heads [2] focuses on evidence drops.")
    assert verifier.check(swapped, shown, Verification()).text is None


def test_a_claim_that_spells_an_acronym_out_is_read_against_the_sentence_that_says_it(verifier) -> None:
    """Over ICML 2026 "… proposes that sparse autoencoders (SAEs) can be used for visual interpretability without
    training dedicated vision SAEs" was withheld as a negation of the abstract's opening ("… have yet to
    effectively translate to the visual domain"): the sentence that says it writes "SAEs" alone, and no
    "proposes"."""
    vista = _paper("v", "Interpretability Transfer from Language to Vision via Sparse Autoencoders",
                   "Sparse autoencoders (SAEs) are used for the interpretability of language models, and dedicated "
                   "vision SAEs are trained for visual interpretability. VISTA maps visual tokens into a labeled "
                   "textual SAE space. This approach enables visual interpretability without training dedicated "
                   "vision SAEs.")
    shown = _shown(verifier, (vista, "Interpretability Transfer from Language to Vision via…"))
    said = ("[1] proposes that sparse autoencoders (SAEs) can be used for visual interpretability without training "
            "dedicated vision SAEs.")
    assert verifier.check(said, shown, Verification()).text is not None
    # a claim that does without what no sentence does without is still withheld
    assert verifier.check("[1] proposes that sparse autoencoders (SAEs) can be used for visual interpretability "
                          "without any labeled textual SAE space.", shown, Verification()).text is None


def test_what_a_claim_does_without_may_be_said_in_another_sentence_of_the_paper(verifier) -> None:
    """Over ICML 2026, "Which of them needs no training?" after KV cache eviction papers: "EpiCache proposes a
    smarter KV cache eviction strategy that reduces memory usage without requiring training" was withheld as a
    negation of its closest sentence, on earlier work; the abstract calls EpiCache "training-free" elsewhere."""
    epicache = _paper("e", "EpiCache: Episodic KV Cache Management for Long-Term Conversation",
                      "While recent KV cache compression methods attempt to reduce memory usage, most apply cache "
                      "eviction after processing the entire context, incurring unbounded peak memory usage. In this "
                      "paper, we introduce EpiCache, a training-free KV cache management framework for long "
                      "conversational question answering under fixed memory budgets. EpiCache reduces latency and "
                      "peak memory by up to 2.4× and 3.7×.")
    shown = _shown(verifier, (epicache, "EpiCache"))
    said = "[1] proposes a smarter KV cache eviction strategy that reduces memory usage without requiring training."
    out = verifier.check(said, shown, Verification())
    assert out.text is not None and any("training-free" in s for s in out.support[1])
    # doing without what no sentence of its own does without, or denying the rest, is still withheld
    for wrong in ("[1] proposes a KV cache eviction strategy that reduces memory usage without requiring any memory.",
                  "[1] proposes a KV cache eviction strategy that does not reduce memory usage without training."):
        assert verifier.check(wrong, shown, Verification()).text is None, wrong


def test_a_short_reply_on_what_papers_do_without_is_backed_by_their_own_sentences(verifier) -> None:
    """Over ICML 2026, "Do any of them need training?" after two training-free token-pruning papers: "Neither needs
    training [1][2]" was too far from "We propose SpecFlow, a training-free framework that shifts the paradigm …" to
    be backed by it, and "none of the papers need training" had been read as negating "of the papers"."""
    lite = _paper("l", "CLIP Tricks You: Training-free Token Pruning for Efficient Pixel Grounding",
                  "Visual tokens constitute the majority of input tokens. Motivated by this insight, we introduce "
                  "LiteLVLM, a training-free, text-guided token pruning strategy for efficient pixel grounding "
                  "inference. LiteLVLM maintains 90% of the original performance with a 22% speedup.")
    spec = _paper("s", "Spectral Heat Flow for Conservative Token Condensation in Vision-Language Models",
                  "Vision-Language Models (VLMs) are costly at inference time because they must process long sequences "
                  "of visual tokens. We propose SpecFlow, a training-free framework that shifts the paradigm from "
                  "destructive pruning to conservative condensation, strictly enforcing spatial coverage and "
                  "statistical conservation to ensure stability. SpecFlow retains 95.6% of performance.")
    trained = _paper("t", "Learned Token Pruning for Vision-Language Models",
                     "Vision-Language Models process long sequences of visual tokens. We propose a learned pruner that "
                     "is trained jointly with the model to drop redundant visual tokens, keeping 95% of accuracy.")
    shown = _shown(verifier, (lite, "CLIP Tricks You"), (spec, "Spectral Heat Flow…"))
    for said in ("Neither needs training [1][2].", "Both are training-free [1][2].",
                 "No, none of the papers need training [1][2]."):
        out = verifier.check(said, shown, Verification())
        assert out.text is not None and any("training-free" in s for s in out.support[2]), said
    # said of every paper, citing one; or of a paper that trains; or more than what they do without
    assert verifier.check("No, none of the papers need training [2].", shown, Verification()).text is None
    # after a reply word too ("Yes, the papers study reward hacking in RLHF and propose fixes [3]", ICML 2026)
    assert verifier.check("Yes, the papers are training-free [2].", shown, Verification()).text is None
    assert verifier.check("Yes, SpecFlow is training-free [2].", shown, Verification()).text is not None
    assert verifier.check("Neither needs training [1][2].", _shown(verifier, (lite, "CLIP Tricks You"),
                                                                   (trained, "Learned Token Pruning")),
                          Verification()).text is None
    assert verifier.check("Neither needs labels [1][2].", shown, Verification()).text is None


MANTIS = ("Mantis: Lightweight Foundation Model for Time Series Classification",
          "While foundation models have revolutionized various domains, their application to time series "
          "classification remains rather under-explored. To bridge this gap, we introduce Mantis, a transformer-based "
          "foundation model pre-trained exclusively on synthetic data via self-supervised contrastive learning. "
          "Extensive experiments demonstrate that Mantis establishes a new state-of-the-art, outperforming existing "
          "foundation models across four diverse dataset collections covering various application domains.")
OLIVIA = ("Olivia: Harmonizing Time Series Foundation Models with Power Spectral Density",
          "Time series foundation models rely on large-scale pretraining over diverse datasets across domains, yet "
          "their heterogeneity in temporal patterns could hinder the effectiveness of training and learning "
          "transferable time series representations. Specifically, we propose Harmonizer, a module that reshapes "
          "spectral structures and implicitly harmonizing PSDs across datasets. Then, we propose Olivia, a novel time "
          "series foundation model built upon these harmonization mechanisms. Extensive experiments on two "
          "large-scale benchmarks (TSLib and GIFT-Eval) and extra 6 datasets from GluonTS, demonstrate Olivia "
          "consistently achieves state-of-the-art performance under zero-shot, few-shot, and full-shot forecasting "
          "scenarios.")


def test_the_data_a_paper_names_backs_a_claim_of_what_it_is_evaluated_on(verifier) -> None:
    """Over ICML 2026, asked what datasets the time series foundation models use: a short clause of rare dataset
    names sits far from the long sentence that names them (cosine 0.38), so "Olivia is evaluated on TSLib and
    GIFT-Eval" was withheld; and a sentence naming Mantis and Olivia, cited to [2] alone, was kept: a one-word
    title lead ("Mantis: …") is the paper's name, as a name with inner capitals is."""
    shown = _shown(verifier, (_paper("m", *MANTIS), "Mantis"), (_paper("o", *OLIVIA), "Olivia"))
    for said in ("Olivia is evaluated on TSLib and GIFT-Eval [2].",
                 "[2] uses two large-scale benchmarks, TSLib and GIFT-Eval, and 6 datasets from GluonTS."):
        assert verifier.check(said, shown, Verification()).text is not None, said
    for wrong in ("Olivia is evaluated on TSLib and ImageNet [2].",  # a dataset the abstract does not name
                  "Mantis is evaluated on TSLib and GIFT-Eval [1].",  # another paper's
                  "Olivia is not evaluated on TSLib and GIFT-Eval [2].",
                  "Olivia uses TSLib and GIFT-Eval and 7 datasets from GluonTS [2].",
                  "The papers on time series foundation models use synthetic data via self-supervised contrastive "
                  "learning for Mantis and large-scale benchmarks for Olivia [2]."):
        assert verifier.check(wrong, shown, Verification()).text is None, wrong


def test_the_sentence_that_names_the_claims_datasets_is_found_whatever_the_cosine(verifier) -> None:
    from paperchat.cite import _naming_its_data

    [source] = _shown(verifier, (_paper("o", *OLIVIA), "Olivia"))
    names = ["Olivia", OLIVIA[0]]
    assert _naming_its_data("Olivia is evaluated on TSLib and GIFT-Eval", source, names) == 3
    assert _naming_its_data("Olivia uses 6 datasets from GluonTS", source, names) == 3
    for unsaid in ("Olivia is evaluated on TSLib and ImageNet",  # a name the abstract lacks
                   "Olivia beats TSLib and GIFT-Eval",  # no word of using data
                   "Olivia is evaluated on TSLib and fails"):  # a word its sentence lacks
        assert _naming_its_data(unsaid, source, names) is None, unsaid


def test_a_name_the_paper_is_measured_against_is_not_its_name(verifier) -> None:
    """Over ICML 2026, "What speedup does EAGLE-style drafting get in these papers?" was answered
    "EAGLE-3 achieves up to 1.6× end-to-end speedup over EAGLE-3 … [1]" and kept: the model had written
    "[1] EAGLE-3 achieves …", EAGLE-3 was taken for the name ARC-Decode coined and judged apart, and the
    rest is ARC-Decode's own words. Its abstract measures itself against EAGLE-3."""
    title = "ARC-Decode: Accelerated Decoding with Risk-Bounded Acceptance"
    abstract = ("Autoregressive inference of large language models is expensive. Integrated into the "
                "state-of-the-art EAGLE-3 pipeline, ARC-Decode increases accept length per cycle and reduces "
                "verification compute, achieving up to 1.6× end-to-end speedup over EAGLE-3 under sampling.")
    arc = [Source(1, _paper("a", title, abstract), "ARC-Decode")]
    verifier.prepare(arc)
    for said in ("[1] EAGLE-3 achieves up to 1.6× end-to-end speedup over EAGLE-3 under sampling.",
                 "[1] EAGLE-3 achieves up to 1.6× end-to-end speedup under sampling."):
        out = verifier.check(said, arc, Verification())
        assert out.text is None and "EAGLE-3" in out.reason
    out = verifier.check("[1] achieves up to 1.6× end-to-end speedup over EAGLE-3 under sampling.", arc, Verification())
    assert out.text is not None and out.text.startswith("ARC-Decode achieves")


def test_a_name_the_paper_coined_after_a_leading_marker_is_its_name(verifier) -> None:
    """'[1] Prophet is a training-free …' read 'Diffusion Language Model Knows the Answer Before It
    Decodes Prophet is …' once the title was put in: Prophet is the method's name in the abstract."""
    title = "Diffusion Language Model Knows the Answer Before It Decodes"
    abstract = ("Diffusion language models decode in parallel but need many refinement steps. "
                "We introduce Prophet, a training-free fast decoding paradigm that enables early commit decoding.")
    prophet = [Source(1, _paper("p", title, abstract), title)]
    verifier.prepare(prophet)
    out = verifier.check("[1] Prophet is a training-free fast decoding paradigm that enables early commit decoding.",
                         prophet, Verification())
    assert out.text == "Prophet is a training-free fast decoding paradigm that enables early commit decoding [1]."
    # a word the abstract also writes in lower case is no name, and no title is put in before it either: the
    # marker labels the sentence ("Diffusion Language Model … Decodes Early commit decoding is …" read as one)
    common = verifier.check("[1] Early commit decoding is a training-free fast decoding paradigm.", prophet,
                            Verification())
    assert (common.text or common.said).startswith("Early commit decoding is"), common


def test_a_name_that_opens_a_word_after_its_marker_is_still_put_in(verifier) -> None:
    """Over ICML 2026 "[1] uses a lightweight training-free TTA method, while [2] uses …" read "uses a lightweight
    …": the paper is "USE: A Unified Self-Ensembling Framework …", and "uses" was taken for its name already
    written after the marker, so none was put in and the sentence lost its subject."""
    title = "USE: A Unified Self-Ensembling Framework for Test-Time Prompt Tuning"
    abstract = ("Test-time prompt tuning adapts vision-language models to each test sample. "
                "Notably, SE can also act as a lightweight training-free TTA method.")
    use = [Source(1, _paper("u", title, abstract), "USE")]
    verifier.prepare(use)
    out = verifier.check("[1] uses a lightweight training-free TTA method.", use, Verification())
    assert (out.text or out.said).startswith("USE uses a lightweight"), out
    # written after its marker, the name is not put in twice
    named = verifier.check("[1] USE acts as a lightweight training-free TTA method.", use, Verification())
    assert (named.text or named.said).startswith("USE acts"), named


def test_a_name_after_a_leading_marker_and_an_article_is_not_filled_twice(verifier, sources) -> None:
    """'[2] The Halton scheduler spreads …' read 'Halton Scheduler for MaskGIT The Halton scheduler …'."""
    out = verifier.check("[2] The Halton scheduler spreads the unmasked tokens uniformly over the image.", sources,
                         Verification())
    assert out.text == "The Halton scheduler spreads the unmasked tokens uniformly over the image [2]."
    # a title whose first word is a stopword, written after the marker: not written twice
    title = "No Free Lunch: Fundamental Limits of Learning Non-Hallucinating Generative Models"
    lunch = [Source(1, _paper("n", title, "We propose a principled approach to addressing hallucinations in "
                                           "learning generative models."), "No Free Lunch")]
    verifier.prepare(lunch)
    out = verifier.check("[1] No Free Lunch proposes a principled approach to addressing hallucinations.", lunch,
                         Verification())
    assert (out.text or out.said).count("No Free Lunch") == 1, out.text or out.said
    # nor one that opens with an article
    title = "A Watermark for Order-Agnostic Language Models"
    mark = [Source(1, _paper("w", title, "We introduce a pattern-based watermarking framework for order-agnostic "
                                         "language models."), title)]
    verifier.prepare(mark)
    out = verifier.check(f"[1] {title} introduces a pattern-based watermarking framework.", mark, Verification())
    assert (out.text or out.said).count(title) == 1, out.text or out.said


def test_a_pronoun_after_a_leading_marker_gives_way_to_the_name(sources) -> None:
    """'[1] This paper adapts …' read 'PEARL This paper adapts …' once the name was put in."""
    verifier = Verifier(lambda t: np.asarray(WordEmbedding(model_name="t").get_text_embedding_batch(t)), LENIENT)
    out = verifier.check("[1] This paper adapts the draft length with pre-verify and post-verify strategies.",
                         sources, Verification())
    shown = out.text or out.said
    assert "This paper" not in shown and shown.startswith("PEARL"), shown
    kept = verifier.check("[1] This paper's draft length adapts with pre-verify and post-verify strategies.",
                          sources, Verification())
    assert "This paper's" in (kept.text or kept.said)  # not a subject followed by its verb: left as written
    # copied from the abstract: "Efficient Diffusion Models … via Landing Their method achieves …"
    ours = verifier.check("[1] Our method adapts the draft length with pre-verify and post-verify strategies.",
                          sources, Verification())
    shown = ours.text or ours.said
    assert "method" not in shown and shown.startswith("PEARL adapts"), shown


def test_a_short_clause_with_its_own_subject_is_judged_alone(verifier, sources) -> None:
    """"…, while [2] spreads tokens uniformly": without the name put in for [2], its clause has
    three key terms, too few to stand alone, and was judged as part of [1]'s clause, so [1] had to
    back it and the true sentence was withheld. Cut where the named sentence is cut, it is judged
    alone; a false short clause is still caught."""
    good = "[1] adapts the draft length with pre-verify and post-verify strategies, while [2] spreads tokens uniformly."
    out = verifier.check(good, sources, Verification())
    assert out.text is not None and out.cited == [1, 2], out.reason
    assert "while Halton Scheduler for MaskGIT spreads" in out.text
    for short in ("verifies drafts", "never spreads tokens uniformly"):  # off its paper; negated
        bad = f"[1] adapts the draft length with pre-verify and post-verify strategies, while [2] {short}."
        assert verifier.check(bad, sources, Verification()).text is None, short


DRAFTERS = ("Speculative decoding drafts tokens with a small draft model. "
            "We show that the draft length of speculative decoding matters, and train the draft model to match the "
            "target model. Experiments show higher acceptance rates.")


@pytest.mark.parametrize(("sentence", "kept"), [
    ("[1] adapts the draft length of speculative decoding with pre-verify and post-verify strategies, while [2] "
     "trains the draft model to match the target model.", True),
    # [2]'s abstract is on this topic too ("the draft length of speculative decoding"), but the claim is PEARL's
    ("[1] achieves up to 4.4 times speedup, while [2] adapts the draft length of speculative decoding with "
     "pre-verify and post-verify strategies.", False),
    # the names written by the model, not put in: the clause is about its named paper all the same
    ("PEARL [1] adapts the draft length of speculative decoding with pre-verify and post-verify strategies, while "
     "Aligned Drafters for Faster Inference [2] trains the draft model to match the target model.", True),
    ("PEARL [1] achieves up to 4.4 times speedup, while Aligned Drafters for Faster Inference [2] adapts the draft "
     "length of speculative decoding with pre-verify and post-verify strategies.", False),
    # names as subjects and the markers at the end (read in the app: "GRACE achieves state-of-the-art results
    # on personalized reward model benchmarks, while P-GenRM … [2][1]" was kept; that result is P-GenRM's)
    ("PEARL adapts the draft length of speculative decoding with pre-verify and post-verify strategies, while "
     "Aligned Drafters for Faster Inference trains the draft model to match the target model [1][2].", True),
    ("Aligned Drafters for Faster Inference adapts the draft length of speculative decoding with pre-verify and "
     "post-verify strategies [2][1].", False),
    # and with no marker at all (read in the app: the model wrote the GRACE sentence without one)
    ("PEARL trains the draft model to match the target model, while Aligned Drafters for Faster Inference adapts "
     "the draft length of speculative decoding with pre-verify and post-verify strategies.", False),
    ("PEARL adapts the draft length of speculative decoding with pre-verify and post-verify strategies, while "
     "Aligned Drafters for Faster Inference trains the draft model to match the target model.", True),
])
def test_a_claim_far_closer_to_another_shown_paper_is_that_papers(sentence, kept) -> None:
    e = WordEmbedding(model_name="t")
    verifier = Verifier(lambda t: np.asarray(e.get_text_embedding_batch(t)),
                        AnswerSettings(support_threshold=0.35, min_term_overlap=0.3))
    srcs = [Source(1, _paper("a", "PEARL: Parallel Speculative Decoding", PEARL), "PEARL"),
            Source(2, _paper("b", "Aligned Drafters for Faster Inference", DRAFTERS), "Aligned Drafters for Faster Inference")]
    verifier.prepare(srcs)
    out = verifier.check(sentence, srcs, Verification())
    assert (out.text is not None) == kept, out.reason
    if not kept:  # the claim is put back on its paper, or its subject does not back it at all
        assert "it is what PEARL says" in out.reason or "but that paper does not support it" in out.reason


def test_a_marker_before_any_third_person_verb_is_a_subject(verifier, sources) -> None:
    """"However, [2] spreads …" showed as "However, spreads …": only listed verbs made a marker a
    subject. "[1] across tasks" is still no subject."""
    out = verifier.check("However, [2] spreads the unmasked tokens uniformly over the image.", sources, Verification())
    assert out.text is not None and "Halton Scheduler for MaskGIT spreads" in out.text, out.reason
    assert not _NOUN_MARKER.search("a speedup [1] across tasks") and not _NOUN_MARKER.search("[1] thus")
    # a hyphenated verb (the eval's t01 at 7f74e26 kept "…, while post-trains the hypernetwork …", its subject lost)
    assert _NOUN_MARKER.search("while [2] post-trains the hypernetwork") and _NOUN_MARKER.search("[1] re-weights tokens")
    assert not _NOUN_MARKER.search("the model [1] in-context examples")


@pytest.mark.parametrize(("sentence", "kept"), [
    ("Both papers adapt the draft length with pre-verify and post-verify strategies [1].", False),
    ("The results of both papers show up to 4.4 times speedup over autoregressive decoding [1].", False),
    ("However, both papers adapt the draft length with pre-verify and post-verify strategies [1][2].", False),
    ("The Halton scheduler improves both image quality and diversity without retraining [2].", True),  # no subject
    # over ICLR 2026: one paper's 17x, said of "recent papers"
    ("Recent papers achieve up to 4.4 times speedup over autoregressive decoding [1].", False),
    ("Several papers adapt the draft length with pre-verify and post-verify strategies [1].", False),
    # over ICML 2026, to "What speedups do the papers on sparse attention report?": one paper's 2.75x, said of all four
    ("The papers on speculative decoding achieve up to 4.4 times speedup over autoregressive decoding [1].", False),
    ("Several papers on speculative decoding adapt the draft length [1].", False),
    ("The papers on speculative decoding differ in how they set the draft length [1].", True),  # a frame
    # over ICML 2026, to "How much faster is FlashAttention-style kernel work reported in these papers?"
    ("Speculative decoding reported in these papers is up to 4.4 times faster than autoregressive decoding [1].", False),
    ("Across the papers, the draft length is adapted with pre-verify and post-verify strategies [1].", False),
    ("One of these papers adapts the draft length with pre-verify and post-verify strategies [1].", True),
    # read in the app: a list of approaches that names the one paper is no claim about several
    ("The approaches to speculative decoding include PEARL, which adapts the draft length with pre-verify and "
     "post-verify strategies [1].", True),
    ("The approaches include adapting the draft length with pre-verify and post-verify strategies [1].", False),
])
def test_a_claim_about_both_papers_needs_both(verifier, sources, sentence, kept) -> None:
    """"Both papers demonstrate … [1]" put one paper's claim on two: shown as verified before."""
    out = verifier.check(sentence, sources, Verification())
    assert (out.text is not None) == kept, out.reason
    if not kept:
        assert "several papers" in out.reason or "does not support" in out.reason


def test_a_list_of_the_cited_papers_says_its_kind_of_each(verifier, sources) -> None:
    """The eval's comparative-m02: "The papers that bound the generalization error of generative models include
    [1]." was withheld as said of several papers, though its list is the one paper it cites, which does that."""
    kept = "The papers that adapt the draft length with pre-verify and post-verify strategies include [1]."
    assert verifier.check(kept, sources, Verification()).text == kept
    false = "The papers that prove convergence rates for federated optimization include [1]."
    assert verifier.check(false, sources, Verification()).text is None


ORDER_AGNOSTIC = ("Watermarks for language models assume tokens are generated left to right. Our extensive evaluations on "
                  "order-agnostic language models such as ProteinMPNN, CMLM, masked diffusion protein designers, insertion "
                  "transformers, and non-autoregressive translation systems trained on several public corpora demonstrate "
                  "the enhanced detection efficiency, generation quality, and robustness of PATTERN-MARK, positioning it "
                  "as a superior watermarking technique for order-agnostic language models.")
TRADE_OFF = ("A watermark for language models must keep generation quality and detection efficiency high in many "
             "settings. Detection improves without sacrificing efficiency or generation quality. Our findings uncover "
             "a principle that unites speculative sampling and watermarking.")


@pytest.mark.parametrize(("claim", "kept"), [
    ("demonstrates enhanced detection efficiency, generation quality, and robustness", True),
    ("does not demonstrate enhanced detection efficiency, generation quality, and robustness", False),
])
def test_a_clause_about_one_named_paper_is_checked_against_that_paper_alone(verifier, claim, kept) -> None:
    """Judged without its name, [1]'s clause is too far from [1]'s long sentence, so it is judged
    with the names; the meaning checks then read it against the papers that back it. [2]'s closest
    sentence ("… without sacrificing …") negates it, but the clause says what [1] does, not [2]:
    that withheld c02's true sentence. A clause that does negate its own paper is still caught."""
    t1 = "A Watermark for Order-Agnostic Language Models"
    t2 = "Break the Trade-off Between Watermark Strength and Speculative Sampling Efficiency for Language Models"
    srcs = [Source(1, _paper("a", t1, ORDER_AGNOSTIC), t1), Source(2, _paper("b", t2, TRADE_OFF), t2)]
    verifier.prepare(srcs)
    sentence = f"{t1} [1] {claim}, while {t2} [2] reveals a principle that unites speculative sampling and watermarking."
    out = verifier.check(sentence, srcs, Verification())
    assert (out.text is not None) == kept, out.reason
    if kept:
        assert out.cited == [1, 2]


GENCAPE = ("Category-agnostic pose estimation localizes keypoints from a few support examples. "
           "We propose GenCape, a generative framework that infers keypoint relationships from support images. "
           "Experimental results on the MP-100 dataset show that our method achieves substantial gains over "
           "graph-support baselines under both 1- and 5-shot settings, while maintaining competitive performance "
           "against text-support counterparts.")


@pytest.mark.parametrize(("said", "kept"), [
    ("GenCape is evaluated on the MP-100 dataset [1].", True),  # one part of a long sentence (read in the app)
    ("GenCape is not evaluated on the MP-100 dataset [1].", False),  # the part's sentence says otherwise
    ("GenCape is evaluated on the MP-200 dataset [1].", False),
    ("GenCape improves sampling speed on the MP-100 dataset [1].", False),  # two terms the sentence lacks
])
def test_a_short_claim_is_judged_against_the_part_of_a_long_sentence_it_restates(said, kept) -> None:
    e = WordEmbedding(model_name="t")
    verifier = Verifier(lambda t: np.asarray(e.get_text_embedding_batch(t)), AnswerSettings())
    source = Source(1, _paper("g", "GenCape: Structure-Inductive Generative Modeling", GENCAPE), "GenCape")
    verifier.prepare([source])
    assert (verifier.check(said, [source], Verification()).text is not None) is kept


def test_the_parts_of_a_paper_are_embedded_once_for_every_question_that_shows_it() -> None:
    e = WordEmbedding(model_name="t")
    batches: list[int] = []

    def embed(texts: list[str]) -> np.ndarray:
        batches.append(len(texts))
        return np.asarray(e.get_text_embedding_batch(texts))

    verifier = Verifier(embed, AnswerSettings())
    paper = _paper("g", "GenCape: Structure-Inductive Generative Modeling", GENCAPE)
    for _ in range(2):  # two questions, each with its own sources
        source = Source(1, paper, "GenCape")
        verifier.prepare([source])
        assert verifier.check("GenCape is evaluated on the MP-100 dataset [1].", [source], Verification()).text
    parts = len([b for b in batches if b > 3])  # the sentences (3) are embedded per question; parts are more
    assert parts == 1, batches


def test_a_claim_that_two_papers_are_both_something_needs_both(verifier, sources) -> None:
    """Read in the app: "Pearl and self-speculative decoding are both methods for any-order models
    [1]" was kept on the any-order paper alone (and "Pearl" was not read as PEARL's name)."""
    from paperchat.cite import _SEVERAL

    out = verifier.check("PEARL and the Halton scheduler are both methods that adapt the draft length [1].",
                         sources, Verification())
    assert out.text is None and "several papers" in out.reason
    out = verifier.check("Pearl spreads the unmasked tokens uniformly over the image [2].", sources, Verification())
    assert out.text is None and "PEARL" in out.reason
    assert _SEVERAL.search("They both adapt the draft length") and _SEVERAL.search("X and Y are both speculative methods")
    assert not _SEVERAL.search("so that the trajectories are both high-quality and close to the data")


def test_a_clause_about_the_papers_its_words_describe_needs_a_paper_they_describe(verifier, sources) -> None:
    """Read in the app: "The normalizing flow papers demonstrate superior performance in
    high-quality image generation, while … [2]" was kept on SlerpFlow, a rectified-flow paper."""
    out = verifier.check("The speculative decoding papers spread the unmasked tokens uniformly over the image [2].",
                         sources, Verification())
    assert out.text is None and "speculative decoding papers" in out.reason
    kept = verifier.check("The token scheduler papers spread the unmasked tokens uniformly over the image [2].",
                          sources, Verification())
    assert kept.text is not None


def test_a_stop_inside_an_open_parenthesis_ends_no_sentence() -> None:
    """Read in the eval: "… differ in their problem (Speculative decoding vs [1]. Any-Subset
    Speculative Decoding), and result (…) [2][1]." was shown as two verified sentences, the
    first ending "(Speculative decoding vs [1]."."""
    reply = ("The papers differ in their problem (Speculative decoding vs [1]. Any-Subset Speculative Decoding), "
             "and result [2][1]. PEARL adapts drafts [1].")
    assert split_sentences(reply) == [reply[:reply.index(" PEARL")], "PEARL adapts drafts [1]."]
    assert split_sentences("A (e.g. B) works [1]. C fails [2].") == ["A (e.g. B) works [1].", "C fails [2]."]


HALTON_FID = ("We then propose a new sampling strategy based on our Halton scheduler instead of the original Confidence "
          "scheduler. Our scheduler does not require retraining or noise injection. Evaluation on ImageNet and COCO "
          "demonstrates that the Halton scheduler outperforms the Confidence scheduler quantitatively by reducing "
          "the FID and qualitatively by generating more diverse and more detailed images.")


@pytest.mark.parametrize(("sentence", "kept"), [
    # read in the app: withheld as "the abstract negates what the claim states", its closest sentence
    # being the one with "instead of"; the sentence that says it holds all its key terms but one
    ("The Halton scheduler improves over the Confidence scheduler by reducing the FID and qualitatively by "
     "generating more diverse and more detailed images [1].", True),
    ("The Halton scheduler requires retraining [1].", False),  # the sentence that says it negates it
])
def test_a_claim_closest_to_a_negated_sentence_is_read_in_the_sentence_that_says_it(sentence, kept) -> None:
    def embed(texts: list[str]) -> np.ndarray:  # as MiniLM had it: the claim closest to the "instead of" sentence
        v = np.array([[1.0, float("instead" in t or "improves over" in t), 0.3] for t in texts])
        return v / np.linalg.norm(v, axis=1, keepdims=True)

    verifier = Verifier(embed, AnswerSettings(support_threshold=0.35, min_term_overlap=0.3))
    srcs = [Source(1, _paper("h", "Halton Scheduler for Masked Generative Image Transformer", HALTON_FID), "Halton")]
    verifier.prepare(srcs)
    out = verifier.check(sentence, srcs, Verification())
    assert (out.text is not None) == kept, out.reason


def test_a_paper_that_proposes_its_own_name_is_not_named_twice(verifier) -> None:
    """Read in a conversation: '[1] proposes DiffStyle3D, a novel …' read 'DiffStyle3D proposes
    DiffStyle3D, a novel …' once the name was put in for the marker."""
    title = "DiffStyle3D: Consistent 3D Gaussian Stylization via Attention Optimization"
    abstract = ("3D style transfer enables the creation of visually expressive 3D content. "
                "We propose DiffStyle3D, a novel diffusion-based paradigm for 3DGS style transfer that directly "
                "optimizes in the latent space.")
    style = [Source(1, _paper("d", title, abstract), "DiffStyle3D")]
    verifier.prepare(style)
    out = verifier.check("[1] proposes DiffStyle3D, a novel diffusion-based paradigm for 3DGS style transfer.",
                         style, Verification())
    shown = out.text or out.said
    assert shown.count("DiffStyle3D") == 1 and shown.startswith("DiffStyle3D"), shown
    bare = verifier.check("[1] proposes DiffStyle3D to optimize 3DGS style transfer in the latent space.", style,
                          Verification())
    assert (bare.text or bare.said).count("DiffStyle3D") == 1, bare
    # the paper's name opening a longer one is another name: "is proposed Unlearning (T3-Unlearning)" read badly
    longer = _own_name_as_subject(" introduces Temper-Then-Tilt Unlearning (T3-Unlearning), which …", "Temper-Then-Tilt")
    assert longer == " introduces Temper-Then-Tilt Unlearning (T3-Unlearning), which …"


def test_a_marker_after_a_preposition_mid_sentence_gets_the_name(verifier, sources) -> None:
    """Read in a conversation: "The limitations … are highlighted in [2], while …" read "… are
    highlighted in, while …" once the marker was moved to the end."""
    out = verifier.check("Adaptive draft lengths are proposed in [1], while uniform unmasking is proposed in [2].",
                         sources, Verification())
    shown = out.text or out.said
    assert "in PEARL" in shown and " in," not in shown, shown


def test_a_marker_before_a_sentence_copied_from_the_abstract_labels_it(verifier, sources) -> None:
    """Read in a comparison: "[3] Detection experiments on Stable Diffusion … show …" read
    "Detecting and Mitigating Memorization … Detection experiments on …" once the title was put in."""
    out = verifier.check("[2] MaskGIT unmasks image tokens with a confidence scheduler.", sources, Verification())
    assert out.text == "MaskGIT unmasks image tokens with a confidence scheduler [2].", out.text or out.said
    # "[2] Our method can …": the name takes the place of "Our method" before a modal verb too
    ours = verifier.check("[1] Our method can adapt the draft length with pre-verify and post-verify strategies.",
                          sources, Verification())
    assert (ours.text or ours.said).startswith("PEARL can adapt"), ours
    # "[1] 4-bit block-wise optimal float (BOF4) reduces …" (over ICLR 2026) read "Improving Block-Wise LLM
    # Quantization … 4-bit block-wise optimal float (BOF4) reduces …": a subject opening with a digit is no verb
    digit = verifier.check("[1] 4.4 times speedup over autoregressive decoding is achieved by adapting the draft length.",
                           sources, Verification())
    assert (digit.text or digit.said).startswith("4.4 times speedup"), digit


def test_the_words_an_abstract_spells_its_name_out_with_are_a_name() -> None:
    """Read in a comparison: "[1] Frequency-aware Patch Selection (FaPS) achieves up to 3× faster
    training" was withheld ("the number 3× is not one the abstract states"): judged with the
    spelled-out name, it was closest to "we propose Frequency-aware Patch Selection (FaPS)", and
    the sentence that states 3× lacks those words."""
    e = WordEmbedding(model_name="t")
    verifier = Verifier(lambda t: np.asarray(e.get_text_embedding_batch(t)), LENIENT)
    abstract = ("Training diffusion models is slow. We propose Frequency-aware Patch Selection (FaPS), a general and "
                "fast training method that selects image patches by frequency. Our experiments demonstrate that FaPS "
                "achieves up to 3× faster training while maintaining generation quality.")
    faps = [Source(1, _paper("f", "FaPS: A General and Fast Training Method for Diffusion Models", abstract), "FaPS")]
    verifier.prepare(faps)
    out = verifier.check("[1] Frequency-aware Patch Selection (FaPS) achieves up to 3× faster training.", faps,
                         Verification())
    assert out.text, out.reason
    assert not verifier.check("[1] Frequency-aware Patch Selection (FaPS) achieves up to 5× faster training.", faps,
                              Verification()).text  # the number is still read


def test_a_coined_name_spelled_out_is_no_evidence_for_what_the_sentence_says() -> None:
    """Over ICML 2026 "Do any of them use online data?" kept "Yes, Regret-based Preference Optimization (RePO) uses
    online data [1]", whose abstract never says "online": the spelled-out name's three words made it close to the
    sentence introducing RePO (the paper's title names no RePO), while "RePO uses online data [1]" was withheld."""
    e = WordEmbedding(model_name="t")
    verifier = Verifier(lambda t: np.asarray(e.get_text_embedding_batch(t)), LENIENT)
    abstract = ("Many language tasks lack reliable verifiers. We introduce Regret-based Preference Optimization (RePO), "
                "which reframes RLHF through regret minimization rather than reward maximization. Within a "
                "KL-regularized framework, RePO admits a closed-form policy update. Experiments on mathematical "
                "reasoning benchmarks demonstrate consistent performance gains.")
    repo = [Source(1, _paper("r", "A Regret Minimization Framework on Preference Learning in RLHF", abstract),
                   "A Regret Minimization Framework on Preference Learning in…")]
    verifier.prepare(repo)
    for said in ("Yes, Regret-based Preference Optimization (RePO) uses online data [1].",
                 "RePO uses online data [1]."):
        out = verifier.check(said, repo, Verification())
        assert not out.text, said
    for said in ("Regret-based Preference Optimization (RePO) reframes RLHF through regret minimization [1].",
                 "Regret-based Preference Optimization admits a closed-form policy update [1]."):
        out = verifier.check(said, repo, Verification())
        assert out.text, (said, out.reason)
    # nor do words the abstract says only of the approaches before it (ICML 2026, to "Do any of them run in real
    # time?": "Yes, Hierarchical Diffusion-Flow (HDFlow) runs in real time [2]", backed by the sentence coining it)
    abstract = ("Generative models have shown promise in generating behavior plans. While these approaches have achieved "
                "promising results, they struggle with the computational demands of real-time execution, due to their "
                "iterative denoising process. In this work, we introduce Hierarchical Diffusion-Flow (HDFlow), a novel "
                "hierarchical planning framework that leverages diffusion and rectified flow models. We evaluate "
                "HDFlow on four furniture assembly tasks, where it outperforms state-of-the-art methods.")
    hdflow = [Source(1, _paper("h", "HDFlow: Hierarchical Diffusion-Flow Planning", abstract), "HDFlow")]
    verifier.prepare(hdflow)
    assert not verifier.check("Yes, Hierarchical Diffusion-Flow (HDFlow) runs in real-time execution [1].", hdflow,
                              Verification()).text
    said = "Hierarchical Diffusion-Flow (HDFlow) outperforms state-of-the-art methods on furniture assembly tasks [1]."
    assert verifier.check(said, hdflow, Verification()).text


def test_a_fault_of_earlier_work_said_of_the_paper_is_withheld(verifier) -> None:
    """Read in a conversation: "Tell me about Gen-DFL." "What are its limitations?" got "Gen-DFL has
    been shown to struggle in high-dimensional and risk-sensitive settings", which the abstract
    says of DFL, the earlier approach Gen-DFL addresses."""
    abstract = ("While DFL has been shown to provide substantial advantages, it has also been shown to struggle in "
                "high-dimensional and risk-sensitive settings, limiting its applicability in real-world settings. "
                "We propose Gen-DFL, a generative framework that samples from the tail of the learned distribution.")
    dfl = [Source(1, _paper("g", "Gen-DFL: Decision-Focused Generative Learning for Robust Decision Making",
                            abstract), "Gen-DFL")]
    verifier.prepare(dfl)
    out = verifier.check("Gen-DFL has been shown to struggle in high-dimensional and risk-sensitive settings [1].", dfl,
                         Verification())
    assert out.text is None and "earlier work" in out.reason
    said_of_dfl = verifier.check("DFL has been shown to struggle in high-dimensional and risk-sensitive settings [1].",
                                 dfl, Verification())
    assert said_of_dfl.text, said_of_dfl.reason


def test_papers_named_together_as_the_subject_each_hold_the_claim(verifier, sources) -> None:
    """Over ICLR 2026, "Helmsman and Riemannian Federated Learning via Averaging Gradient Streams address
    federated learning with LLMs [1][2]" was kept: only the first name was read as a subject, and
    "LLMs", in Helmsman's title, excused the word for the other paper, which never mentions them."""
    from paperchat.cite import _joint_subjects

    names = {1: "PEARL", 2: "Halton Scheduler for MaskGIT"}
    assert _joint_subjects("PEARL and Halton Scheduler for MaskGIT both use tokens.", names) == [1, 2]
    assert _joint_subjects("PEARL [1], and the Halton Scheduler for MaskGIT [2] use tokens.", names) == [1, 2]
    assert _joint_subjects("PEARL adapts drafts, while Halton Scheduler for MaskGIT spreads tokens.", names) == []
    helmsman = ("Federated learning trains models on decentralized data. We introduce Helmsman, a multi-agent "
                "framework of LLM agents that synthesizes federated learning systems from user specifications.")
    riemann = ("Federated learning trains models on decentralized data. We study federated learning algorithms on "
               "Riemannian manifolds by averaging gradient streams.")
    rfl = "Riemannian Federated Learning via Averaging Gradient Streams"
    two = [Source(1, _paper("h", "Helmsman: Synthesis of Federated Learning Systems via LLM Agents", helmsman),
                  "Helmsman", sentences(helmsman)), Source(2, _paper("r", rfl, riemann), rfl, sentences(riemann))]
    verifier.prepare(two)
    out = verifier.check(f"Helmsman and {rfl} address federated learning with LLMs [1][2].", two, Verification())
    assert out.text is None  # it was kept, citing [2] alone
    true = f"Helmsman and {rfl} study federated learning on decentralized data [1][2]."
    assert verifier.check(true, two, Verification()).text == true


def test_they_after_papers_named_together_is_each_of_them(verifier) -> None:
    """Over ICLR 2026: "Can Language Models Discover Scaling Laws? and What Scales in Cross-Entropy Scaling
    Law? study scaling laws, and they find that only error-entropy follows a robust power-law scaling"
    was kept [1][2]: the finding is the second paper's, and "they" went unread as the two of them."""
    discover = ("Discovering scaling laws for predicting model performance at scale is an open-ended challenge. This "
                "paper introduces SLDAgent, an evolution-based agent that co-optimizes the scaling law model.")
    entropy = ("The cross-entropy scaling law has long served as a key tool for guiding the development of large "
               "language models. We find that only error-entropy follows a robust power-law scaling, while the other "
               "two terms remain largely invariant.")
    a, b = "Can Language Models Discover Scaling Laws?", "What Scales in Cross-Entropy Scaling Law?"
    two = [Source(1, _paper("d", a, discover), a, sentences(discover)),
           Source(2, _paper("e", b, entropy), b, sentences(entropy))]
    verifier.prepare(two)
    out = verifier.check(f"{a} and {b} study scaling laws, and they find that only error-entropy follows a robust "
                         "power-law scaling [1][2].", two, Verification())
    assert out.text is None and "only [2]" in out.reason
    # said of the one that finds it, it stands
    alone = verifier.check(f"{b} finds that only error-entropy follows a robust power-law scaling [2].", two,
                           Verification())
    assert alone.text


def test_a_name_put_in_for_a_marker_is_not_written_twice(verifier, sources) -> None:
    """In the eval (held-out-l): '[2], "Swift Hydra," addresses …' read 'Swift Hydra, "Swift Hydra,"
    addresses …' once the marker became the name."""
    out = verifier.check('[1], "PEARL," adapts the draft length with pre-verify and post-verify strategies.', sources,
                         Verification())
    assert out.text == "PEARL adapts the draft length with pre-verify and post-verify strategies [1]."
    from paperchat.cite import _once

    # a title with a backslash is written as it is, not read as an escape
    assert _once('A $\\alpha$ net, "A $\\alpha$ net," works.', ["A $\\alpha$ net"]) == "A $\\alpha$ net works."


def test_a_paper_set_against_another_by_its_marker_is_withheld(verifier, sources) -> None:
    """Over ICLR 2026: "[2] is faster than [1] and in inference" was kept as "Ada-Diffuser is faster than
    Dichotomous Diffusion Policy Optimization and in inference [1][2]", and "[2] outperforms [1] on
    locomotion benchmarks" read "Ada-Diffuser outperforms on locomotion benchmarks [2]": the marker,
    taken for a citation, left the claim judged without what it compares with. One abstract cannot
    say how its paper compares with another paper it never names."""
    for claim in ("[2] is faster than [1] and in inference.", "[2] outperforms [1] on masked token generation.",
                  "[1] achieves more acceptance than [2].", "[2] spreads tokens better than [1]."):
        out = verifier.check(claim, sources, Verification())
        assert out.text is None and "compares a paper with" in out.reason, (claim, out.text)
    # set against something else, it is judged as before
    out = verifier.check("[1] adapts the draft length, while [2] spreads tokens in image generation.", sources,
                         Verification())
    assert "compares" not in out.reason


def test_the_questions_frame_said_of_a_paper_that_never_uses_it_is_withheld(verifier, sources) -> None:
    """In the eval (held-out-m, written before the change): "Which papers trace the provenance of generated text
    or images?" got "TrustGen traces the provenance of generated images by introducing TrustGen, a dynamic and
    modular benchmarking system" and "GenCtrl traces the provenance …", kept: each row given the question's
    frame, which neither abstract speaks of (also "Generative View Stitching edits videos", "No Free Lunch
    studies both anomaly detection and hallucination")."""
    asked = "Which papers trace the provenance of images, and how do they differ?"
    claim = "Halton Scheduler for MaskGIT traces the provenance of images by spreading tokens uniformly [2]."
    out = verifier.check(claim, sources, Verification(), asked)
    assert out.text is None and "does what the question asks" in out.reason and "proven" in out.reason
    # what the abstract does say stands, and so do words of asking and of nearly every abstract
    said = "Halton Scheduler for MaskGIT spreads the unmasked tokens uniformly over the image [2]."
    assert verifier.check(said, sources, Verification(), "Which papers spread tokens over the image?").text
    assert verifier.check(said, sources, Verification(), "Which papers study image generation models?").text
    # without the question (not under a table) it is judged as before
    assert "does what the question asks" not in verifier.check(claim, sources, Verification()).reason
    from paperchat.cite import _asked_unheld

    halton = sources[1].paper
    assert _asked_unheld("generates in-between frames", "Which papers generate in-between frames?", _paper(
        "x", "Inbetweening", "We propose generative inbetweening of video frames.")) == ""
    assert _asked_unheld("spreads tokens", "Which papers spread tokens?", halton) == ""


def test_the_verb_a_last_clause_asks_of_the_papers_is_no_frame_put_on_them() -> None:
    """Over ICLR 2026, "Which papers study the safety of LLM agents, and what risks do they measure?" got
    "OpenAgentSafety measures safety risks across eight categories", withheld for "measur": its abstract evaluates
    agents "across eight critical risk categories". The verb the last clause asks of the papers is the relation the
    answer states; the words it asks about, and the topic's, are still the question's words put on a paper."""
    from paperchat.cite import _asked_unheld

    asked = "Which papers study the safety of LLM agents, and what risks do they measure?"
    paper = _paper("x", "OpenAgentSafety", "We evaluate agents across eight critical risk categories.")
    assert _asked_unheld("measures safety risks across eight categories", asked, paper) == ""
    assert _asked_unheld("measures safety risks across eight categories", "Which papers measure safety risks?", paper)
    assert _asked_unheld("measures the safety of LLM agents", asked, paper)  # "safety" and "LLM" it never writes
    # and the verb a follow-up asks of them: over ICML 2026 "How do they store memories?" after LLM-agent memory papers
    # withheld "PlugMem uses a compact … memory graph to store episodic memories" (its abstract structures them so)
    plug = _paper("p", "PlugMem", "We structure episodic memories into a compact knowledge-centric memory graph.")
    frame = "Which papers give LLM agents long-term memory? How do they store memories?"
    assert _asked_unheld("uses a compact memory graph to store episodic memories", frame, plug) == ""
    assert _asked_unheld("uses a memory graph to store memories", "Which papers store memories in graphs?", plug)


def test_a_direction_earlier_work_has_is_not_what_the_paper_says_of_itself(verifier) -> None:
    """Over ICML 2026, asked which watermarking papers are robust to paraphrasing, the model wrote PASA's own
    result, "PASA … remains robust even under strong paraphrasing attacks while preserving high text quality", and
    it was withheld ("the claim says 'robust' where the abstract says 'vulnerable'"): the closest sentence was
    "existing watermarking methods are often vulnerable to …", what the paper sets itself against. The paper's own
    sentence is read instead; the claim flipped is still withheld."""
    pasa = _paper("p", "PASA: Embedding-Space Watermarking", "However, existing watermarking methods are often "
                  "vulnerable to semantic-invariant attacks, such as paraphrasing. We propose PASA, a watermarking "
                  "method in the embedding space. Evaluations demonstrate that PASA watermarking methods are robust to "
                  "semantic-invariant attacks even under strong paraphrasing.")
    sources = _shown(verifier, (pasa, "PASA"))
    true = verifier.check("PASA watermarking methods are often robust to semantic-invariant attacks, such as "
                          "paraphrasing [1].", sources, Verification())
    assert true.text and "robust to semantic-invariant attacks even under" in true.support[1][0], true.reason
    flipped = verifier.check("PASA watermarking methods are often vulnerable to semantic-invariant attacks, such as "
                             "paraphrasing [1].", sources, Verification())
    assert flipped.text is None


def test_being_evaluated_on_data_the_paper_names_is_no_word_of_the_question_put_on_it() -> None:
    """Over ICML 2026, "Which papers use graph neural networks for molecules, and what datasets do they evaluate
    on?" got "Sheaf Neural Networks on SPD Manifolds [3] uses …, evaluates on 6/7 MoleculeNet benchmarks",
    withheld for "evalu": its abstract "achieves SOTA on 6/7 MoleculeNet benchmarks", which is being evaluated
    on them. A data word with no data the paper names is still the question's word put on it."""
    from paperchat.cite import _asked_unheld

    asked = "Which papers use graph neural networks for molecules, and what datasets do they evaluate on?"
    sheaf = _paper("x", "Sheaf Neural Networks on SPD Manifolds", "We develop a sheaf neural network on the SPD "
                   "manifold. Our dual-stream architecture achieves SOTA on 6/7 MoleculeNet benchmarks.")
    assert _asked_unheld("Sheaf Neural Networks evaluates on 6/7 MoleculeNet benchmarks", asked, sheaf) == ""
    assert _asked_unheld("Sheaf Neural Networks evaluates on high-quality molecular representations", asked,
                         sheaf) == "evaluate"
    # data the abstract names only as earlier work's is not the paper's
    earlier = _paper("y", "Sheaf", "Prior methods were tested on QM9. We develop a sheaf neural network.")
    assert _asked_unheld("Sheaf evaluates on QM9", asked, earlier) == "evaluate"
    # over ICLR 2026 "SWE-RM evaluates on SWE-bench, …" was withheld though its abstract reports "… on SWE-Bench
    # Verified": a name is matched in any case, but the paper's own name is none of its data
    asked = "Which papers evaluate on SWE-bench, and what do they report?"
    swe = _paper("z", "SWE-RM: Execution-free Feedback for Software Engineering Agents", "We introduce SWE-RM, a reward "
                 "model. It increases accuracy from 51.6% to 62.0% on SWE-Bench Verified.")
    assert _asked_unheld("evaluates on SWE-bench", asked, swe) == ""  # the verifier takes the paper's names out first
    assert _asked_unheld("SWE-RM evaluates on code review", asked, swe) == "evaluate"


HUMANLM = ("Large Language Models (LLMs) are increasingly used to simulate how specific users respond to any context. "
           "To address these limitations, we propose a novel training framework, HumanLM, which builds user simulators "
           "that accurately reflect real users. For extensive evaluation, we develop Humanual, a comprehensive "
           "benchmark on simulating real users. Across the datasets, HumanLM significantly outperforms the best "
           "alternative approaches by an average relative improvement of 16.3% on alignment score from an LLM judge.")


@pytest.mark.parametrize(("claim", "kept"), [
    ("HumanLM is a large-scale language model that significantly outperforms the best alternative approaches on "
     "alignment score from an LLM judge [1].", False),
    ("HumanLM is a training framework that builds user simulators that accurately reflect real users [1].", True),
    ("HumanLM is a novel method that builds user simulators that accurately reflect real users [1].", True),  # any kind
    ("HumanLM is a variant of user simulators that accurately reflect real users [1].", True),  # said by relation
    ("Humanual is a comprehensive benchmark on simulating real users [1].", True),  # a name the abstract coins
    ("Humanual is a language model for simulating real users [1].", False),
])
def test_what_a_sentence_calls_a_paper_its_abstract_must_call_it(verifier, claim, kept) -> None:
    """Over ICML 2026 "What does HumanLM do …?" got "HumanLM is a large-scale language model that significantly
    outperforms …", kept: its abstract proposes "a novel training framework, HumanLM" and says "large language
    models" only of others. What a clause says a paper (or a name its abstract coins) is, the abstract must say."""
    shown = _shown(verifier, (_paper("h", "HumanLM: Simulating Users with State Alignment Beats Response Imitation",
                                     HUMANLM), "HumanLM"))
    out = verifier.check(claim, shown, Verification())
    assert (out.text is not None) is kept, (claim, out.reason)
    if not kept:
        assert "which its abstract does not" in out.reason


D3LLM = ("Diffusion large language models (dLLMs) offer capabilities beyond those of autoregressive (AR) LLMs, such as "
         "parallel decoding and random-order generation. To address this limitation, we propose d3LLM (Pseudo-Distilled "
         "Diffusion Large Language Model), striking a balance between accuracy and parallelism. Experiments demonstrate "
         "that our d3LLM achieves up to 10× speedup over vanilla LLaDA/Dream.")


@pytest.mark.parametrize(("claim", "kept"), [
    ("d3LLM is an autoregressive language model that achieves up to 10× speedup over vanilla LLaDA/Dream [1].", False),
    ("d3LLM is a diffusion large language model that achieves up to 10× speedup over vanilla LLaDA/Dream [1].", True),
    ("d3LLM is a large language model that achieves up to 10× speedup over vanilla LLaDA/Dream [1].", True),
])
def test_a_paper_called_the_opposite_kind_of_what_it_calls_itself_is_withheld(verifier, claim, kept) -> None:
    """Over ICML 2026 "d3LLM is an autoregressive language model" was kept: the kind's last word ("model") is what its
    abstract calls it, and "autoregressive" is said only of other LLMs; its title and proposal call it a diffusion
    model."""
    shown = _shown(verifier, (_paper("d", "d3LLM: Ultra-Fast Diffusion LLM using Pseudo-Trajectory Distillation",
                                     D3LLM), "d3LLM"))
    out = verifier.check(claim, shown, Verification())
    assert (out.text is not None) is kept, (claim, out.reason)


VENUSX = ("This study introduces VenusX, the first benchmark designed to assess protein representation learning with a "
          "focus on fine-grained intra-protein functional understanding. The benchmark features over 878,000 samples "
          "curated from major open-source databases such as InterPro, BioLiP, and SAbDab. For baseline evaluation, we "
          "assess a diverse set of popular and open-source models, including pre-trained protein language models.")


@pytest.mark.parametrize(("claim", "kept"), [
    ("VenusX is a diverse set of popular and open-source models [1].", False),  # what it assesses
    ("VenusX is a set of open-source databases such as InterPro, BioLiP, and SAbDab [1].", False),  # its samples' source
    ("VenusX assesses a diverse set of popular and open-source models [1].", True),
    ("VenusX is a benchmark designed to assess protein representation learning [1].", True),
])
def test_a_set_is_of_the_kind_of_its_members(verifier, claim, kept) -> None:
    """Over ICLR 2026 "What datasets do the papers on protein structure generation use?" got "VenusX is a diverse
    set of popular and open-source models [3]", kept: "a set" was read as a relation ("a variant of Muon"), so
    what VenusX was called went unchecked. A set, family or suite of models is models, and the abstract calls
    VenusX a benchmark."""
    shown = _shown(verifier, (_paper("v", "VenusX: Unlocking Fine-Grained Functional Understanding of Proteins",
                                     VENUSX), "VenusX"))
    out = verifier.check(claim, shown, Verification())
    assert (out.text is not None) is kept, (claim, out.reason)
    if not kept:
        assert "which its abstract does not" in out.reason


GOEDEL = ("Automated theorem proving (ATP) is a critical challenge at the intersection of mathematics and AI. "
          "We introduce Goedel-Prover-V2, a family of two language models that establish a new state-of-the-art in "
          "open-source ATP, using the Lean proof assistant. The prover is trained to self-correct using Lean compiler "
          "feedback. Our small model, Goedel-Prover-V2-8B, reaches 84.6% pass@32 on MiniF2F and outperforms "
          "DeepSeek-Prover-V2-671B despite being 80x smaller.")


@pytest.mark.parametrize(("claim", "kept"), [
    ("Goedel-Prover-V2 trains its prover using the Lean proof assistant, which is a formal proof assistant that "
     "allows users to write and verify mathematical proofs [1].", False),
    ("Goedel-Prover-V2-8B reaches 84.6% pass@32 on MiniF2F, which is a measure of the model's ability to solve "
     "problems in the MiniF2F benchmark [1].", False),
    ("Goedel-Prover-V2 trains its prover using the Lean proof assistant [1].", True),  # the same without it
    # a definition the abstract does say, in other words around it, and a kind word ("method") it need not use
    ("The paper proposes Goedel-Prover-V2, which is a family of two language models for open-source ATP [1].", True),
    ("Goedel-Prover-V2 uses Lean compiler feedback, which is the method by which the prover is trained to "
     "self-correct [1].", True),
    # an apposition that says what a thing is and does, or where it comes from
    ("Goedel-Prover-V2 uses Lean, an interactive theorem prover developed by Microsoft Research [1].", False),
    ("Goedel-Prover-V2 trains its prover using the Lean proof assistant, a formal proof assistant that allows users "
     "to write and verify mathematical proofs [1].", False),
    ("Goedel-Prover-V2, a family of two language models that establish a new state-of-the-art in open-source ATP, "
     "uses the Lean proof assistant [1].", True),
    ("In addition, a prover that is trained to self-correct using Lean compiler feedback is part of Goedel-Prover-V2 "
     "[1].", True),  # words that open a sentence are no thing
    # read with the title: over ICML 2026 "CGPO, a diffusion-based reinforcement learning approach that …" had been
    # withheld, the title saying "Diffusion-based Reinforcement Learning" and a sentence the rest
    ("Goedel-Prover-V2 introduces two language models, a formal theorem proving approach that is trained to "
     "self-correct using Lean compiler feedback [1].", True),
])
def test_what_a_relative_clause_or_an_apposition_says_a_thing_is_the_abstract_must_say(verifier, claim, kept) -> None:
    """Over ICLR 2026 "How does Goedel-Prover-V2 train its prover?" got "… using the Lean proof assistant, which is a
    formal proof assistant that allows users to write and verify mathematical proofs [1]", kept (checked 2,
    unsupported 0): the rest of the sentence carried the definition, which the abstract does not give, past the
    topic check. What a relative clause or an apposition says a thing is, one sentence of the abstract must say."""
    shown = _shown(verifier, (_paper("g", "Goedel-Prover-V2: Scaling Formal Theorem Proving with Scaffolded Data "
                                     "Synthesis and Self-Correction", GOEDEL), "Goedel-Prover-V2"))
    out = verifier.check(claim, shown, Verification())
    assert (out.text is not None) is kept, (claim, out.reason)
    if not kept:
        assert out.reason.startswith("no sentence of the abstract says that"), out.reason
        assert "uses" not in out.reason  # the thing, not the words before it ("… says that Lean is …")


def test_a_list_of_the_papers_clauses_is_judged_clause_by_clause(verifier) -> None:
    """Over ICML 2026 the protein-design answer was withheld whole: "DeCoDe decouples diffusion processes, while
    Proteo-R1 uses CoT reasoning, MoMST learns relative preference signals, and String Method probes diffusion
    models." A comma before a paper's name ends the clause of the paper named before it, and a name one paper
    coined (MoMST, not its title) names that paper; a clause put on the wrong paper is still withheld."""
    srcs = _shown(
        verifier,
        (_paper("d", "DeCoDe: Decoupling Binding Position and Molecular Conformation", "We propose DeCoDe, a diffusion "
                "framework that decouples the diffusion processes of the binding position and molecular conformation."),
         "DeCoDe"),
        (_paper("p", "Proteo-R1: Thinking Foundation Models for Protein Binder Design", "By embedding chain-of-thought "
                "reasoning into the generative trajectory, the model transforms diffusion into a process of thought."),
         "Proteo-R1"),
        (_paper("m", "Multi-Objective Protein Design via Memory-Aware Test-Time Scaling", "We introduce a memory-aware "
                "test-time scaling method. We derive relative preference signals from successful and failed cases to "
                "guide protein generation. Evaluations demonstrate that MoMST exhibits remarkable performance."),
         "Multi-Objective Protein Design via…"))
    listed = ("DeCoDe decouples the diffusion processes of the binding position, Proteo-R1 embeds chain-of-thought "
              "reasoning into the generative trajectory, and MoMST derives relative preference signals from failed cases.")
    out = verifier.check(listed, srcs, Verification())
    assert out.text and out.text.endswith("[1][2][3]."), out.reason
    swapped = ("DeCoDe decouples the diffusion processes of the binding position, and MoMST embeds chain-of-thought "
               "reasoning into the generative trajectory.")
    assert verifier.check(swapped, srcs, Verification()).text is None


def test_a_name_holding_but_is_not_put_in_twice(verifier) -> None:
    """Over ICML 2026: "[2] proposes …" read "Sparse but Wrong Sparse but Wrong proposes …": the name put in
    for the marker was cut at its "but", as a clause is, and so not seen before the marker."""
    wrong = ("Sparse Autoencoders (SAEs) extract features from LLM internal activations. We show that an "
             "incorrect L0 leads to incorrect features.")
    topic = "Sparse autoencoders are used to analyze embeddings. We derive the SAE objective from a topic model."
    shown = _shown(verifier, (_paper("t", "Sparse Autoencoders are Topic Models", topic), "Sparse Autoencoders are Topic Models"),
                   (_paper("w", "Sparse but Wrong: Incorrect L0 Leads to Incorrect Features", wrong), "Sparse but Wrong"))
    out = verifier.check("[2] shows that an incorrect L0 leads to incorrect features.", shown, Verification())
    assert out.text == "Sparse but Wrong shows that an incorrect L0 leads to incorrect features [2].", out.text


def test_markers_listed_as_the_things_named_become_names(verifier, sources) -> None:
    """Over ICLR 2026: "Yes, several papers use Muon, including [1], [2], [3], [4], and [5]." was shown as
    "… including,,,, and [4]." once the markers of the papers that did not back it were taken out."""
    out = verifier.check("Several papers verify tokens in parallel, including [1] and [2].", sources, Verification())
    assert out.text is None or ("PEARL" in out.text and "Halton" in out.text)  # it was "including PEARL and [1]."
    assert out.text is None and "Halton Scheduler for MaskGIT" in out.reason  # the one that does not back it


def test_a_count_of_the_papers_it_cites_is_no_amount(verifier, sources) -> None:
    # over ICLR 2026, "There are two approaches for molecule generation with diffusion: [1] …, and [2] …"
    # was withheld as "the number 2 is not one the abstract states"
    two = ("There are two approaches: [1] PEARL adapts the draft length of speculative decoding, "
           "and [2] the Halton scheduler spreads the unmasked tokens uniformly over the image.")
    out = verifier.check(two, sources, Verification())
    assert out.text and "two approaches" in out.text  # shown as written
    assert not verifier.check(two.replace("two", "three"), sources, Verification()).text  # not what it cites


def test_two_papers_of_one_name_each_hold_their_own_claims(verifier) -> None:
    # two ICLR 2026 papers are "DUET"; every sentence that named one was withheld, as "it names DUET but
    # that paper does not support it", because the other DUET did not
    mixtures = _paper("m", "DUET: Optimizing LLM Training Data Mixtures",
                      "Our paper presents DUET, a global-to-local algorithm that optimizes training data mixtures. "
                      "DUET is flexible enough to incorporate different data selection methods.")
    unlearning = _paper("u", "DUET: Distilled LLM Unlearning",
                        "Tuning-based unlearning is computationally heavy. We propose DUET, a distillation-based "
                        "unlearning method that combines the merits of these two lines of work.")
    srcs = _shown(verifier, (mixtures, "DUET"), (unlearning, "DUET"))
    for claim in ("DUET is flexible enough to incorporate different data selection methods [1].",
                  "DUET is flexible enough to incorporate different data selection methods.",
                  "DUET is a distillation-based unlearning method [2]."):
        out = verifier.check(claim, srcs, Verification())
        assert out.text, claim
    wrong = verifier.check("DUET is a distillation-based unlearning method [1].", srcs, Verification())
    assert wrong.cited == [2]  # moved to the DUET that says it


def test_a_claim_close_to_its_paper_only_by_the_title_it_writes_is_withheld(verifier) -> None:
    # kept in an eval run: "A Statistical Learning Perspective on … Optimal Transport Solvers demonstrates
    # results on Euclidean and spherical datasets [1]", the other paper's experiments, close to the first
    # paper's opening sentence by the words of its title alone
    ot = _paper("o", "A Statistical Learning Perspective on Semi-dual Adversarial Neural Optimal Transport Solvers",
                "Adversarial neural optimal transport solvers based on semi-dual formulations are a recent direction. "
                "Our work establishes upper bounds on the generalization error of the minimax optimal transport solver.")
    tree = _paper("t", "TS-Sobolev",
                  "We introduce TS-Sobolev, a tree-sliced metric over random tree systems. Experiments on Euclidean "
                  "and spherical datasets show that TS-Sobolev and its spherical variant improve downstream "
                  "performance in gradient flows, self-supervised learning, generative modeling, and text topic "
                  "modeling over recent sliced Wasserstein variants.")
    srcs = _shown(verifier, (ot, "A Statistical Learning Perspective on Semi-dual…"), (tree, "TS-Sobolev"))
    for claim in (f"{ot.title} demonstrates results on Euclidean and spherical datasets [1].",
                  f"{ot.title} demonstrates results on Euclidean and spherical datasets, while TS-Sobolev "
                  "improves gradient flows and generative modeling [1][2]."):
        assert verifier.check(claim, srcs, Verification()).text is None, claim
    kept = verifier.check(f"{ot.title} establishes upper bounds on the generalization error [1].", srcs,
                          Verification())
    assert kept.text


def test_a_marker_after_and_before_a_plural_verb_gets_the_name(verifier, sources) -> None:
    # eval filtered-06 showed "…, while SlerpFlow and address inversion …": the model wrote "SlerpFlow and [3]
    # address", and the marker, read as no name, was moved to the end
    out = verifier.check("PEARL and [2] spread tokens uniformly without retraining [1][2].", sources, Verification())
    shown = out.text or out.said
    assert "PEARL and Halton Scheduler for MaskGIT" in shown, shown
    # a marker after "and" that a preposition follows is no subject
    out = verifier.check("PEARL adapts the draft length [1] and [2] in image generation.", sources, Verification())
    assert "Halton Scheduler" not in (out.text or out.said)


def test_the_first_word_of_a_title_with_no_short_name_names_no_paper(verifier) -> None:
    # over ICLR 2026, RLBFF's own sentence "… can outperform Bradley-Terry models …" quoted with [2] was
    # withheld: "it names Bradley-Terry and Multi-Objective Reward Modeling Are… but that paper does not support it"
    rlbff = _paper("r", "RLBFF: Binary Flexible Feedback",
                   "We show that reward models trained in this manner can outperform Bradley-Terry models when "
                   "matched for data. Users can specify principles of interest at inference time.")
    bt = _paper("b", "Bradley-Terry and Multi-Objective Reward Modeling Are Complementary",
                "RLHF remains vulnerable to reward hacking. Our framework improves the robustness of reward models.")
    srcs = _shown(verifier, (rlbff, "RLBFF"), (bt, "Bradley-Terry and Multi-Objective Reward Modeling Are…"))
    out = verifier.check("Reward models trained in this manner can outperform Bradley-Terry models when matched "
                         "for data [1].", srcs, Verification())
    assert out.text and out.cited == [1]
    named = verifier.check("Bradley-Terry and Multi-Objective Reward Modeling Are Complementary can outperform "
                           "Bradley-Terry models when matched for data [1].", srcs, Verification())
    assert named.text is None  # the whole title still names it


def test_a_claim_closest_to_a_sentence_without_its_negation_is_read_in_the_sentence_that_says_it(verifier) -> None:
    # over ICLR 2026: "MotionSight focuses on improving fine-grained motion understanding without training" was
    # withheld as negating the abstract's opening sentence, closer in words than the one that says it
    motion = _paper("m", "MotionSight: Boosting Fine-Grained Motion Understanding",
                    "The proficiency of multimodal models in fine-grained video motion understanding remains "
                    "limited. We introduce MotionSight, a zero-shot method using visual prompts to effectively "
                    "improve fine-grained motion understanding without training.")
    srcs = _shown(verifier, (motion, "MotionSight"))
    kept = verifier.check("MotionSight improves fine-grained video motion understanding without training [1].", srcs,
                          Verification())
    assert kept.text
    for wrong in ("MotionSight improves fine-grained video motion understanding without visual prompts [1].",
                  "MotionSight improves fine-grained video motion understanding without any zero-shot method [1]."):
        assert verifier.check(wrong, srcs, Verification()).text is None, wrong


def test_a_claim_in_another_shown_papers_words_is_that_papers(verifier) -> None:
    """Over ICLR 2026, "How do the papers on LLM unlearning evaluate forgetting?": "The DUET paper evaluates
    forgetting by comparing the predictive probability of the unlearned data to the distribution of unseen data
    from the same class [1]" was kept on DUET. The words are FaLW's; by cosine DUET's sentences were as close
    (0.64 against 0.67), and "The DUET paper" was not read as the clause's subject."""
    duet = ("LLM unlearning removes undesirable knowledge from the model without retraining. We propose DUET, a "
            "distillation-based unlearning method. We evaluate forgetting of the unlearned data by the predictive "
            "probability of each class, and compare it with unseen data.")
    falw = ("Machine unlearning removes the influence of specific data. We propose FaLW, a loss reweighting method. "
            "FaLW assesses the unlearning state of each sample by comparing its predictive probability to the "
            "distribution of unseen data from the same class.")
    two = [Source(1, _paper("u", "DUET: Distilled LLM Unlearning", duet), "DUET", sentences(duet)),
           Source(2, _paper("f", "FaLW: Forgetting-aware Loss Reweighting", falw), "FaLW", sentences(falw))]
    verifier.prepare(two)
    claim = ("The DUET paper evaluates forgetting by comparing the predictive probability of the unlearned data to "
             "the distribution of unseen data from the same class [1].")
    out = verifier.check(claim, two, Verification())
    assert out.text is None and "FaLW says, word for word" in out.reason
    kept = verifier.check("FaLW assesses the unlearning state of each sample by comparing its predictive probability "
                          "to the distribution of unseen data from the same class [2].", two, Verification())
    assert kept.text is not None
    # its own words stand, whatever short phrases another abstract shares ("unlearning removes")
    own = verifier.check("DUET evaluates forgetting of the unlearned data by the predictive probability of each "
                         "class [1].", two, Verification())
    assert own.text is not None


def test_a_claim_in_its_own_papers_shorter_words_is_no_copy_of_another(verifier) -> None:
    """"… while dParallel [2] introduces dParallel, which reduces the number of decoding steps while maintaining
    performance" was withheld as Prophet's words: Prophet writes "reduces the number of decoding steps" (4 content
    words), dParallel "reduce the number of decoding steps while maintaining performance", whose run with the claim
    ("number of decoding steps", 3) was counted 0, under the 4 a copied phrase needs."""
    prophet = ("Diffusion language models decode slowly. We introduce Prophet, a training-free fast decoding paradigm "
               "that enables early commit decoding. Prophet reduces the number of decoding steps by up to 3.4x while "
               "preserving high generation quality.")
    dparallel = ("Diffusion large language models need many decoding steps. We introduce dParallel, a method that "
                 "unlocks parallel decoding of dLLMs. Experiments demonstrate that our method can dramatically reduce "
                 "the number of decoding steps while maintaining performance.")
    two = [Source(1, _paper("p", "Diffusion Language Model Knows the Answer Before It Decodes", prophet), "Prophet",
                  sentences(prophet)),
           Source(2, _paper("d", "dParallel: Learnable Parallel Decoding for dLLMs", dparallel), "dParallel",
                  sentences(dparallel))]
    verifier.prepare(two)
    out = verifier.check("dParallel [2] introduces dParallel, which reduces the number of decoding steps while "
                         "maintaining performance.", two, Verification())
    assert out.text is not None, out.reason


def test_a_claim_said_of_a_group_of_shown_papers_needs_more_than_one(verifier) -> None:
    """Over ICLR 2026: "The speculative decoding papers report speedups of over 1.8× ~ 4.5× … [1]", SpecBranch's
    figure said of the five speculative decoding papers shown, was kept."""
    texts = {"SpecBranch": "Speculative decoding accelerates inference. SpecBranch achieves speedups of 1.8× to 4.5× "
                           "over autoregressive decoding.",
             "FLy": "Speculative decoding verifies draft tokens in parallel. FLy achieves a 2.81× speedup on "
                    "Llama-3.1-70B."}
    two = [Source(n, _paper(k, f"{k}: speculative decoding", v), k, sentences(v))
           for n, (k, v) in enumerate(texts.items(), 1)]
    verifier.prepare(two)
    out = verifier.check("The speculative decoding papers report speedups of 1.8× to 4.5× over autoregressive "
                         "decoding [1].", two, Verification())
    assert out.text is None and "only [1]" in out.reason
    kept = verifier.check("SpecBranch reports speedups of 1.8× to 4.5× over autoregressive decoding [1].", two,
                          Verification())
    assert kept.text is not None


def test_a_claim_joining_two_sentences_holds_the_number_its_own_sentence_counts(verifier) -> None:
    """Over ICML 2026: "BEST [1] proposes a new benchmark for evaluating LLM-generated codes in both time and space,
    with 440 coding tasks rigorously constructed by experts" was withheld ("the number 440 is not one the abstract
    states"): the closest sentences are the benchmark's, and the number sits in another ("It comprises 440 coding
    tasks …")."""
    best = ("Benchmarks evaluate LLM-generated codes for correctness and for their time and space. This paper "
            "introduces BEST, the first benchmark for evaluating the efficiency of LLM-generated codes in both time and "
            "space. It comprises 440 coding tasks that are rigorously constructed by experts. A new benchmark for "
            "evaluating the time and space of LLM-generated codes is needed.")
    one = [Source(1, _paper("b", "BEST: Benchmarking Efficiency in Space and Time", best), "BEST", sentences(best))]
    verifier.prepare(one)
    kept = verifier.check("BEST proposes a new benchmark for evaluating LLM-generated codes in both time and space, "
                          "with 440 coding tasks rigorously constructed by experts [1].", one, Verification())
    assert kept.text is not None
    # over ICLR 2026, "PoseX [3] reports the performance of a novel dataset comprising 718 entries …": "reports",
    # a word of asking, is no word the abstract must hold
    kept = verifier.check("BEST reports the performance of a new benchmark for evaluating LLM-generated codes in both "
                          "time and space, with 440 coding tasks rigorously constructed by experts [1].", one,
                          Verification())
    assert kept.text is not None
    # … and one more word may be the claim's own ("reducing decoding steps from 256 to 24" of dParallel's "cuts
    # decoding steps from 256 to 24", over the seeds)
    kept = verifier.check("BEST reports the performance of a new benchmark for judging LLM-generated codes in both "
                          "time and space, with 440 coding tasks rigorously constructed by experts [1].", one,
                          Verification())
    assert kept.text is not None
    # the number given to something its sentence does not count stays withheld
    out = verifier.check("BEST proposes a new benchmark for evaluating LLM-generated codes in both time and space, "
                         "with 440 programming languages [1].", one, Verification())
    assert out.text is None


def test_a_title_with_a_negation_put_in_for_its_marker_is_no_negation_of_the_claim(verifier) -> None:
    """Over ICLR 2026 "[2] Let's (not) just put things in Context: This paper shows that qTTT improves average
    accuracy by +12.6 …", the abstract's own sentence, was withheld as negating it: "Let" was taken out of the
    title first, leaving "'s (not) just …"."""
    title = "Let's (not) just put things in Context: Test-time Training for Long-context LLMs"
    abstract = ("Long contexts challenge language models. We propose query-only test-time training (qTTT). "
                "On Qwen3-4B, qTTT improves average accuracy by +12.6 and +14.1 absolute points on LongBench-v2 "
                "and ZeroSCROLLS, respectively.")
    shown = [Source(1, _paper("q", title, abstract), "Let's (not) just put things in Context", sentences(abstract))]
    verifier.prepare(shown)
    out = verifier.check("[1] Let's (not) just put things in Context: This paper shows that qTTT improves average "
                         "accuracy by +12.6 and +14.1 absolute points on LongBench-v2 and ZeroSCROLLS, respectively.",
                         shown, Verification())
    assert out.text is not None, out.reason
    flipped = verifier.check("[1] Let's (not) just put things in Context: This paper shows that qTTT does not improve "
                             "average accuracy on LongBench-v2.", shown, Verification())
    assert flipped.text is None


def test_a_claim_its_own_paper_objects_to_is_not_moved_to_another(verifier) -> None:
    """Over ICLR 2026 ("Which papers propose new optimizers for training LLMs?"), the uncited "Cautious Optimizers use
    a theoretical result to preserve Adam's Hamiltonian function and maintain convergence guarantees" was withheld by
    its own abstract (a meaning check: its "does not break the convergence guarantee" read as a negation) and then
    cited to COSMOS, which shares "optimizers" and MiniLM puts as close, but never says "Hamiltonian". The paper whose
    words the claim holds and no other shown abstract does, and that objected, owns it: not moved."""
    cautious = ("AdamW has been the default optimizer for transformer pretraining. We propose a single-line "
                "modification to any momentum-based optimizer, which we call the cautious optimizer. Our theoretical "
                "result shows that this modification preserves Adam's Hamiltonian function and it does not break the "
                "convergence guarantee.")
    cosmos = ("While adaptive optimizers such as AdamW are widely used, they suffer from critical limitations, including "
              "high memory consumption. We propose COSMOS, a hybrid optimizer that achieves memory efficiency without "
              "compromising optimization performance, with a theoretical result.")
    srcs = _shown(verifier, (_paper("c", "Cautious Optimizers: Improving Training with One Line of Code", cautious),
                             "Cautious Optimizers"), (_paper("s", "COSMOS: A Hybrid Adaptive Optimizer", cosmos), "COSMOS"))
    by_n = {s.n: s for s in srcs}
    claim = "A theoretical result preserves Adam's Hamiltonian function and breaks the convergence guarantee"
    assert _owner(claim, by_n, 2, {1: "the abstract negates what the claim states"}) == 1
    assert _owner(claim, by_n, 2, {1: NO_SENTENCE}) is None  # off its topic is no objection
    assert _owner("A hybrid optimizer achieves memory efficiency", by_n, 2, {1: "the abstract negates …"}) is None
    # a claim only another paper's abstract holds is still moved there
    moved = verifier.check("COSMOS achieves memory efficiency without compromising optimization performance [1].",
                           srcs, Verification())
    assert moved.text is not None and parse(moved.text) == [2]


def test_a_plural_name_opens_its_clause_with_a_plural_verb() -> None:
    """Over ICLR 2026, "Cautious Optimizers use a theoretical result …" was read with no subject, so against
    every paper shown, because the verb took no s."""
    assert _leads("Cautious Optimizers use a theoretical result", "Cautious Optimizers")
    assert _leads("PEARL adapts the draft, while Shortcut Models train one network", "Shortcut Models")
    assert not _leads("PEARL use the draft", "PEARL")  # a singular name still needs its s
    assert not _leads("Shortcut Models and PEARL differ", "Shortcut Models")


def test_a_named_subject_keeps_a_clause_it_backs_though_another_paper_is_closer(verifier) -> None:
    """Over ICML 2026, "…, while Think Twice Before You Act isolates the influence of the tool" (no marker) was
    withheld as not Think Twice's: its abstract backs it ("With this influence isolated, the tool …"), but
    ComplexMCP's, which backs it too, was closer by cosine, so the clause went to ComplexMCP."""
    guard = _paper("a", "Think Twice Before You Act", "We propose isolated planning for LLM agents. With this "
                   "influence isolated, the tool can continue to be used to support the task.")
    bench = _paper("b", "ComplexMCP", "ComplexMCP provides stateful sandboxes of tools. Each sandbox isolates the "
                   "influence of the tool state on the tool calls of the agent.")
    srcs = _shown(verifier, (guard, "Think Twice Before You Act"), (bench, "ComplexMCP"))
    out = verifier.check("Think Twice Before You Act isolates the influence of the tool.", srcs, Verification())
    assert out.text is not None and out.cited == [1]
    out = verifier.check("ComplexMCP isolates the influence of the tool.", srcs, Verification())
    assert out.text is not None and out.cited == [2]
    # a clause its named paper does not back is still withheld, however close another paper is
    assert verifier.check("Think Twice Before You Act provides stateful sandboxes of tools.", srcs,
                          Verification()).text is None


# three ICML 2026 abstracts, as cleaned at ingest
DHSA = (
    "The quadratic cost of attention limits the scalability of long-context LLMs, especially under "
    "limited hardware memory budgets. While attention is often sparse, existing static sparse methods "
    "cannot adapt to task- or input-dependent variations, and recent dynamic approaches rely on "
    "predefined templates or heuristics that may sacrifice generality. We propose Dynamic Hierarchical "
    "Sparse Attention (DHSA), a data-driven framework that predicts attention sparsity online while "
    "keeping the LLM backbone frozen. DHSA performs hierarchical routing by estimating importance at the "
    "chunk level and propagating it to token-level interactions, preserving causally important "
    "dependencies while enabling efficient sparsification. Across Needle-in-a-Haystack and LongBench, "
    "DHSA maintains near-dense accuracy in highly sparse regimes, achieving 12-20% relative accuracy "
    "gains over Block Sparse Attention at comparable prefill cost. With a memory-efficient tiled backend, "
    "DHSA delivers up to 10× prefill speedup at 128K context length. On LLaMA-3.1-8B (4-bit), DHSA scales "
    "to 100K context on a single 24GB GPU, where dense attention fails. We provide complementary GPU and "
    "CPU backends, enabling DHSA to run across diverse hardware environments and multiple open-weight "
    "model families. These results demonstrate DHSA as an efficient and adaptable solution for "
    "memory-constrained long-context LLM inference.")
TSA = (
    "The quadratic complexity of attention remains the central bottleneck in long-context inference for "
    "large language models. Prior acceleration methods either sparsify the attention map with structured "
    "patterns or permanently evict tokens at specific layers, which can retain irrelevant tokens or rely "
    "on irreversible early decisions despite the layer-/head-wise dynamics of token importance. In this "
    "paper, we propose Token Sparse Attention, a lightweight and dynamic token-level sparsification "
    "mechanism that compresses per-head Q, K, V to a reduced token set during attention and then "
    "decompresses the output back to the original sequence, enabling token information to be reconsidered "
    "in subsequent layers. Furthermore, Token Sparse Attention exposes a new design point at the "
    "intersection of token selection and sparse attention. Our approach is fully compatible with dense "
    "attention implementations, including Flash Attention, and can be seamlessly composed with existing "
    "sparse attention kernels. Experimental results show that Token Sparse Attention consistently "
    "improves accuracy–latency trade-off, achieving up to ×3.23 attention speedup at 128K context with "
    "less than 1% accuracy degradation. These results demonstrate that dynamic and interleaved "
    "token-level sparsification is a complementary and effective strategy for scalable long-context "
    "inference.")
SALE = (
    "Many advanced Large Language Model (LLM) applications require long-context processing, but the "
    "self-attention module becomes a bottleneck during the prefilling stage of inference due to its "
    "quadratic time complexity with respect to sequence length. Existing sparse attention methods "
    "accelerate attention computation by skipping less significant regions of the attention map. However, "
    "these approaches typically perform coarse-grained inspection of the attention map, resulting in "
    "their suboptimal performance. In this paper, we propose SALE, a fine-grained sparse attention method "
    "that accelerates the long-context prefilling stage of LLM with negligible loss in model accuracy. "
    "SALE achieves fast and accurate fine-grained attention map estimation using low-bit quantized "
    "query-key products to approximate attention weights, followed by the application of a novel Relative "
    "Attention Score metric to assess the importance of query-key pairs. This design enables us to "
    "accurately identify important regions in the attention map, thereby constructing a highly sparse "
    "attention mask. We implement a custom CUDA kernel in SALE optimized for hardware efficiency, "
    "reducing overhead to approximately 11% of the full attention latency. Notably, SALE requires no "
    "parameter training and can be seamlessly integrated into existing systems with trivial code "
    "modifications. Experiments on long-context benchmarks demonstrate that our method outperforms "
    "existing approaches in accuracy-efficiency trade-offs, achieving at least 3.36× speedups on "
    "Llama-3.1-8B for sequences longer than 64K while maintaining model quality.")


def _sparse_attention(verifier: Verifier) -> list[Source]:
    return _shown(verifier,
                  (_paper("d", "Long-Context Modeling with Dynamic Hierarchical Sparse Attention for "
                          "Memory-Constrained LLM Inference", DHSA), "Long-Context Modeling with Dynamic…"),
                  (_paper("t", "Token Sparse Attention: Efficient Long-Context Inference with Interleaved Token "
                          "Selection", TSA), "Token Sparse Attention"),
                  (_paper("s", "SALE : Low-bit Estimation for Efficient Sparse Attention in Long-context LLM "
                          "Prefilling", SALE), "SALE"))


def test_a_clause_that_repeats_its_papers_name_in_lower_case_is_still_its_own(verifier) -> None:
    """Over ICML 2026, "…, while Token Sparse Attention [2] introduces token sparse attention, SALE [3] uses
    low-bit quantization …" was withheld as not Token Sparse Attention's: with its name taken out wherever it
    was written, in any case, "introduces" was all that was left, too little to be a clause, so it was joined to
    SALE's and judged against SALE. A name is taken out once, as written."""
    srcs = _sparse_attention(verifier)
    listed = ("Token Sparse Attention [2] introduces token sparse attention, SALE [3] uses low-bit quantized "
              "query-key products for attention map estimation.")
    out = verifier.check(listed, srcs, Verification())
    assert out.text is not None and out.cited == [2, 3], out.reason
    # the clauses are still judged each against its own paper
    swapped = ("Token Sparse Attention [2] uses low-bit quantized query-key products for attention map estimation, "
               "SALE [3] introduces token sparse attention.")
    assert verifier.check(swapped, srcs, Verification()).text is None



def test_a_sentence_copied_whole_after_its_papers_title_and_a_colon_is_a_quote(verifier) -> None:
    """Over ICLR 2026 "[1] Entropy-Based Block Pruning for Efficient Large Language Models: Extensive experiments
    demonstrate that our entropy-based pruning approach surpasses … while preserving accuracy, …", the abstract's
    last sentence copied whole, was withheld: with the title taken out, the ": " left in front kept it from reading
    as a quote, so it was cut at "while" and its first half judged alone."""
    from tests.test_claims import ENTROPY

    srcs = _shown(verifier, (_paper("e", "Entropy-Based Block Pruning for Efficient Large Language Models", ENTROPY),
                             "Entropy-Based Block Pruning for Efficient…"))
    from paperchat.cite import _without

    copied = f"[1] Entropy-Based Block Pruning for Efficient Large Language Models: {sentences(ENTROPY)[-1]}"
    out = verifier.check(copied, srcs, Verification())
    assert out.text is not None and out.cited == [1], out.reason
    bare, clauses = _without(copied[4:], ["Entropy-Based Block Pruning for Efficient Large Language Models"], 3)
    assert bare == sentences(ENTROPY)[-1] and clauses[0].startswith("Extensive")  # the quote, whole


def test_a_name_of_several_words_in_other_case_describes_and_is_not_taken_out() -> None:
    """Over ICML 2026 "Balanced LoRA [1] proposes a balanced LoRA approach that converges faster and achieves
    superior performance" was withheld: "balanced LoRA" was read as the paper's short name "Balanced LoRA" and
    taken out before the clause was embedded, leaving it too far from "BaLoRA converges faster than standard LoRA
    and achieves superior performance …". A name of several words is matched as written; one word in any case."""
    from paperchat.cite import _short_name

    balanced = Source(1, _paper("b", "Balanced LoRA: Removing Parameter Invariance to Accelerate Convergence",
                                "BaLoRA converges faster than standard LoRA."), "Balanced LoRA")
    assert _short_name(balanced, "a balanced LoRA approach that converges faster and performs well") == ""
    assert _short_name(balanced, "Balanced LoRA converges faster and performs well") == "Balanced LoRA"
    gencape = Source(2, _paper("g", "GenCape: Structure-Inductive Generative Modeling", "We propose GenCape."), "GenCape")
    assert _short_name(gencape, "gencape estimates poses of unseen categories") == "GenCape"


def test_a_clause_saying_how_one_paper_bears_on_anothers_claim_is_withheld(verifier, sources) -> None:
    """"… suggests a time-varying guidance schedule, while What Exactly Does Guidance Do … supports this with
    experiments [1][2]" (the eval's comparative-03): "this" is the first paper's claim, which the second abstract
    never mentions. Its own claim, or its own work supported, stays."""
    pearl, halton = "adapts the draft length of speculative decoding", "spreads the unmasked tokens uniformly over the image"
    for relation in ("confirms this by", "builds on it by", "supports their finding by"):
        said = f"PEARL {pearl}, while Halton Scheduler for MaskGIT {relation} spreading the unmasked tokens uniformly [1][2]."
        out = verifier.check(said, sources, Verification())
        assert out.text is None and "bears on another" in out.reason, relation
    assert verifier.check(f"PEARL {pearl}, while Halton Scheduler for MaskGIT {halton} [1][2].", sources,
                          Verification()).text is not None
    # "confirms that …" opens what the paper finds, not a relation to the clause before (over the eval's t02)
    out = verifier.check(f"PEARL {pearl}, while Halton Scheduler for MaskGIT confirms that it spreads the unmasked "
                         "tokens uniformly over the image [1][2].", sources, Verification())
    assert "bears on another" not in (out.reason or "")
    # one paper's own claim, then its own support for it
    out = verifier.check(f"PEARL {pearl} and confirms this with a speedup over autoregressive decoding [1].", sources,
                         Verification())
    assert "bears on another" not in (out.reason or "")


def test_parts_are_the_pieces_of_a_sentence_that_read_alone() -> None:
    from paperchat.answer import parts

    assert parts("SALE reduces overhead to approximately 11% of the full attention latency, which is 3.36× faster "
                 "than existing approaches [1].") == [
        "SALE reduces overhead to approximately 11% of the full attention latency [1]."]
    assert parts("PEARL adapts the draft length, while the Halton scheduler spreads tokens uniformly [1][2].") == [
        "PEARL adapts the draft length [1][2].", "The Halton scheduler spreads tokens uniformly [1][2]."]
    assert parts("PEARL [1] adapts the draft length; Halton [2] spreads the unmasked tokens.") == [
        "PEARL [1] adapts the draft length.", "Halton [2] spreads the unmasked tokens."]
    # a part with no subject of its own, a short one, and a sentence of one part give none
    assert parts("Pretraining on the GEOM dataset, which provides rich diversity, C-FREE achieves the best results.") == []
    assert parts("PEARL is fast, while Halton spreads the unmasked image tokens [2].") == [
        "Halton spreads the unmasked image tokens [2]."]
    assert parts("PEARL adapts the draft length of speculative decoding [1].") == []


def test_a_withheld_sentence_shows_its_part_that_holds(verifier, sources) -> None:
    """Over ICML 2026 the model wrote one sentence for "How much faster is SALE?", a true figure and a false one
    joined by ", which": the whole answer was "not shown". The part that verifies alone is shown; the sentence
    stays withheld, its reason saying which part was shown, and the report counts it as trimmed."""
    said, synthesis = _streamed("PEARL adapts the draft length of speculative decoding, which spreads the unmasked "
                                "tokens uniformly over the image [1].", verifier, sources)
    assert "".join(said).strip() == "PEARL adapts the draft length of speculative decoding [1]."
    assert synthesis.report.trimmed == 1 and len(synthesis.report.dropped_sentences) == 1
    assert "holds and is shown" in synthesis.report.dropped_reasons[0]
    # a part that is itself false is not shown
    said, synthesis = _streamed("PEARL spreads the unmasked tokens uniformly over the image, while the Halton "
                                "Scheduler for MaskGIT adapts the draft length of speculative decoding [1][2].",
                                verifier, sources)
    assert not "".join(said).strip() and synthesis.report.trimmed == 0
    # a reply cut off mid-sentence keeps what it finished
    from paperchat.answer import verified_stream

    from .conftest import ScriptedChat

    stream = verified_stream(ScriptedChat("PEARL [1] adapts the draft length of speculative decoding, while the Halton "
                                          "Scheduler for MaskGIT [2] spreads the unmasked tokens uniformly over"),
                             [], 60, verifier, sources, LENIENT, lambda: 0.0)
    shown = "".join(stream)
    assert shown.strip() == "PEARL adapts the draft length of speculative decoding [1].", shown
    # of a cut-off sentence, the unfinished last part is never shown
    from paperchat.answer import parts

    assert parts("PEARL adapts the draft length of decoding, while Halton spreads the unmasked tokens over", False) == [
        "PEARL adapts the draft length of decoding."]


def test_a_sentence_said_of_the_papers_that_cites_one_is_shown_of_that_one(verifier, sources) -> None:
    """Asked what data the multimodal retrieval papers use (over ICLR 2026), the model wrote five sentences like
    "[3] The papers on multimodal retrieval use the M-BEIR benchmark.", four true of the paper each cites, and the
    verifier withheld all five as said of several papers: the reader got no synthesis. Said of the paper it cites,
    the sentence is judged again and shown if it holds; the model's sentence stays withheld and counted so."""
    said, synthesis = _streamed("The papers on speculative decoding adapt the draft length [1].", verifier, sources)
    assert "".join(said).strip() == "PEARL adapts the draft length [1]."
    assert len(synthesis.report.dropped_sentences) == 1 and synthesis.report.trimmed == 1
    assert "said of the paper it cites" in synthesis.report.dropped_reasons[0]
    # set out as a list, the marker first, as the model wrote it
    said, _ = _streamed("[1] The papers on speculative decoding adapt the draft length.", verifier, sources)
    assert "".join(said).strip() == "PEARL adapts the draft length [1]."
    # said of the paper it cites, a false sentence is still withheld
    said, synthesis = _streamed("The papers on speculative decoding spread the unmasked tokens uniformly over the "
                                "image [1].", verifier, sources)
    assert not "".join(said).strip() and synthesis.report.trimmed == 0
    # two papers cited: said of both, it is judged as written
    said, _ = _streamed("The papers on decoding adapt the draft length [1][2].", verifier, sources)
    assert "PEARL adapts" not in "".join(said)


def test_a_part_that_leans_on_the_rest_of_its_sentence_is_not_shown(verifier, sources) -> None:
    """The eval's parts that were shown and should not have been: one with no subject ("Also revealing a semantic
    bottleneck …", g02), one comparing with what was cut ("…'s approach is more theoretical", conversation-22),
    one saying of a paper only its title (m04). A title that opens with a gerund is still a subject."""
    from paperchat.answer import parts

    assert parts("X removes dimensions of the embedding space, also revealing a semantic bottleneck in diffusion models"
                 ", which is new [1].") == ["X removes dimensions of the embedding space, also revealing a semantic "
                                            "bottleneck in diffusion models [1]."]
    assert parts("The method prunes the embedding space, which helps; also revealing a semantic bottleneck in diffusion "
                 "models [1].") == ["The method prunes the embedding space [1]."]
    assert parts("PEARL's approach is more theoretical, while Halton's approach is more empirical [1][2].") == []
    assert parts("PEARL is faster than autoregressive decoding, while Halton spreads tokens [1][2].")[0].startswith("PEARL")
    assert parts("Modeling temporal data with processes uses transport, while Halton spreads the unmasked tokens [1][2].",
                 names=["Modeling temporal data with processes"])[0].startswith("Modeling")
    assert parts("Modeling temporal data with processes uses transport, while Halton spreads the unmasked tokens [1][2].") == [
        "Halton spreads the unmasked tokens [1][2]."]
    # a part that verifies but only says the paper's title of it is not shown
    said, synthesis = _streamed("Halton Scheduler for MaskGIT schedules MaskGIT with a Halton scheduler, while PEARL spreads the unmasked "
                                "tokens uniformly over the image [1][2].", verifier, sources)
    assert not "".join(said).strip() and synthesis.report.trimmed == 0


def test_a_claim_said_of_another_name_its_abstract_gives_is_withheld(verifier) -> None:
    """Over ICLR 2026 "How well do they do on SWE-bench?" kept the model's "SWELoc achieves state-of-the-art
    performance on SWE-bench, …": SWERank's abstract says "… show that SWERank achieves state-of-the-art
    performance", and SWELoc is the dataset it builds. What one name of an abstract does is not said of another."""
    abstract = ("Software issue localization is a critical yet time-consuming aspect of software development. To bridge "
                "this gap, we introduce SWERank, an efficient and effective retrieve-and-rerank framework for software "
                "issue localization. To facilitate training, we construct SWELoc, a large-scale dataset curated from "
                "public GitHub repositories. Empirical results on SWE-Bench-Lite and LocBench show that SWERank achieves "
                "state-of-the-art performance, outperforming prior ranking models.")
    paper = _paper("swe", "SWERank: Software Issue Localization with Code Ranking", abstract)
    sources = [Source(1, paper, "SWERank", sentences(abstract))]
    verifier.prepare(sources)
    claim = "SWELoc achieves state-of-the-art performance on SWE-Bench-Lite, outperforming prior ranking models [1]."
    out = verifier.check(claim, sources, Verification())
    assert out.text is None and "what its abstract says of SWERank" in out.reason
    # said of the name that does it, or of a name its backing sentence gives too, it stands
    assert verifier.check(claim.replace("SWELoc", "SWERank"), sources, Verification()).text
    assert verifier.check("SWELoc is a large-scale dataset curated from public GitHub repositories [1].", sources,
                          Verification()).text



def test_a_finding_backed_only_by_the_opening_on_the_field_is_withheld(verifier) -> None:
    """Over ICLR 2026, to "What do they find?" after scaling-law papers, "Scaling Behavior of Discrete Diffusion
    Language Models finds that scaling laws can be used to understand the behavior of models …" was kept, backed by
    the abstract's opening alone ("Modern LLM pre-training consumes vast amounts of compute and training data, making
    the scaling behavior, or scaling laws, of different models a key distinguishing factor."). What a paper finds is
    none of the background it opens with; its own finding is still kept, and so is a claim of what it studies."""
    said = ["Modern LLM pre-training consumes vast amounts of compute and training data, making the scaling "
            "behavior, or scaling laws, of different models a key distinguishing factor.",
            "We interpolate between masked and uniform diffusion noise.",
            "Our experiments reveal that uniform diffusion requires more parameters and less data for "
            "compute-efficient training."]
    paper = _paper("d", "Scaling Behavior of Discrete Diffusion Language Models", " ".join(said))
    sources = _shown(verifier, (paper, "Scaling Behavior of Discrete Diffusion Language Models"))
    sources[0].roles = ["background", "objective", "result"]
    vague = verifier.check("Scaling Behavior of Discrete Diffusion Language Models finds that scaling laws of models "
                           "can be used to understand their behavior and to optimize their performance [1].", sources,
                           report := Verification())
    assert vague.text is None and "background it opens with" in report.dropped_reasons[0]
    # the opening said again, as the marker and attribution sets frame their claims ("[1] shows that …"), stays
    again = verifier.check("Scaling Behavior of Discrete Diffusion Language Models shows that LLM pre-training "
                           "consumes vast amounts of compute and training data, making the scaling behavior of "
                           "different models a key distinguishing factor [1].", sources, Verification())
    assert again.text, again.reason
    found = verifier.check("Scaling Behavior of Discrete Diffusion Language Models finds that uniform diffusion "
                           "requires more parameters and less data for compute-efficient training [1].", sources,
                           Verification())
    assert found.text, found.reason
    setting = verifier.check("Scaling laws of different models are a key distinguishing factor of LLM pre-training "
                             "[1].", sources, Verification())
    assert setting.text, setting.reason
