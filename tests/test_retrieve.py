"""Query understanding, fusion and filters over the seed index (fake embedder, real Chroma)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from paperchat import retrieve
from paperchat.retrieve import CALLING_AT_MOST, Retriever, calling, parse_query
from paperchat.schema import Filters, Hit, Paper
from paperchat.text import topic_form

VENUES = ["ICLR", "ICML"]


def _index_of(tmp_path, settings, embedder, records):
    """A real index (the fake embedder, embedded Chroma) of ICLR 2026 papers given as (id, title, abstract)."""
    import json

    from paperchat.corpus import read_paths
    from paperchat.index import PaperIndex

    path = tmp_path / "papers.jsonl"
    path.write_text("".join(json.dumps({"id": i, "title": t, "venue": "ICLR", "year": 2026, "abstract": a}) + "\n"
                            for i, t, a in records))
    index = PaperIndex(settings, embedder)
    index.ingest(read_paths([path]), progress=False)
    return index


def _cases(prefix, title, abstract, n):
    """n records alike, (id, title, abstract), told apart by their number: "t0", "Tokenizer study 0", "…, case 0."."""
    return [(f"{prefix}{i}", f"{title} {i}", f"{abstract}, case {i}.") for i in range(n)]


@pytest.mark.parametrize(
    ("question", "query", "venues", "years"),
    [
        ("ICLR 2025 papers about speculative decoding", "papers about speculative decoding", ["ICLR"], [2025]),
        ("What did ICML 2026 say on unlearning?", "What did say on unlearning?", ["ICML"], [2026]),
        ("diffusion papers from 2025", "diffusion papers", [], [2025]),
        ("iclr'25 watermarking", "watermarking", ["ICLR"], [2025]),
        ("models trained on 2026 tokens", "models trained on 2026 tokens", [], []),
        ("a 2025 study of scaling laws", "a 2025 study of scaling laws", [], []),
        ("Which ICML papers study flows?", "Which papers study flows?", ["ICML"], []),
        ("the Halton scheduler", "the Halton scheduler", [], []),
    ],
)

def test_parse_query(question: str, query: str, venues: list[str], years: list[int]) -> None:
    text, filters = parse_query(question, VENUES)
    assert (text, filters.venues, filters.years) == (query, venues, years)


def test_search_finds_papers_by_name_and_returns_distinct_papers(seed_index, settings) -> None:
    r = Retriever(seed_index, settings.retrieval)
    hits = r.search("Halton scheduler for MaskGIT", k=5)
    assert hits[0].paper.title.startswith("Halton Scheduler")
    assert len({h.paper.paper_id for h in hits}) == len(hits) == 5
    assert any("Halton" in p for p in hits[0].passages)
    assert "speculative" in r.search("PEARL parallel speculative decoding adaptive draft length")[0].paper.abstract.lower()


def test_a_name_typed_in_lower_case_or_an_abbreviation_an_abstract_defines_calls_its_paper(seed_index,
                                                                                           settings) -> None:
    """Typed as a person types: "whats the difference between pearl and dparallel" was refused
    ("The collection has no paper on this. The closest papers it does have are: dParallel; PEARL");
    "What is CFG?" quoted five unrelated papers: the one that writes "Classifier-Free Guidance
    (CFG)" was eleventh, found only by BM25, behind the dense search's top ten."""
    r = Retriever(seed_index, settings.retrieval)
    typed = r.retrieve("whats the difference between pearl and dparallel")
    assert not typed.abstain
    assert {h.paper.title.split(":")[0] for h in typed.hits[:2]} == {"PEARL", "dParallel"}
    cfg = r.retrieve("What is CFG?")
    assert not cfg.abstain and cfg.hits[0].paper.title.startswith("Stage-wise Dynamics of Classifier-Free Guidance")
    # the rule itself (the fake embedder puts these papers first anyway; MiniLM does not: tests/test_slow_search.py)
    papers = list(seed_index.snapshot().papers.values())
    called = {p.title.split(":")[0] for p in papers if p.paper_id in calling("whats the difference between pearl and "
                                                                               "dparallel", papers)}
    assert called == {"PEARL", "dParallel"}
    assert [p.title[:10] for p in papers if p.paper_id in calling("What is CFG?", papers)] == ["Stage-wise"]
    assert calling("what is cfg", papers) == set()  # an abbreviation is matched as the question writes one
    many = [p for p in papers if re.search(r"\(LLMs?\)", p.abstract)]
    assert len(many) > CALLING_AT_MOST and calling("What do LLMs do?", papers) == set()  # "(LLMs)": several
    # the capitals ending a hyphenated name are no name: over ICLR 2026 "What is Goedel-Prover-V2 …?" called PatchRefiner V2
    v2 = Paper(paper_id="v2", title="PatchRefiner V2", abstract="We introduce PatchRefiner V2, a depth estimator.",
               venue="ICLR", year=2026)
    assert calling("What is Goedel-Prover-V2 and how well does it do?", [v2]) == set()
    assert calling("What is PatchRefiner V2?", [v2]) == {"v2"}


def test_an_ordinary_word_typed_in_lower_case_calls_no_paper_of_that_name(seed_index, settings) -> None:
    """Over ICLR 2026, "Which papers speed up speculative decoding …?" gave its first table row to
    SPEED, a concept-erasure paper: "speed" was read as its name. A word more than CALLING_AT_MOST
    abstracts use is the word unless typed as the title writes it (MAP here: "map" is in 7 seeds)."""
    r = Retriever(seed_index, settings.retrieval)
    papers = list(seed_index.snapshot().papers.values())
    alignment = next(p.paper_id for p in papers if p.title.startswith("MAP:"))
    assert r.ordinary("map") and not r.ordinary("pearl")
    assert calling("Which papers map images to 3D scenes?", papers, r.ordinary) == set()
    assert calling("What is MAP?", papers, r.ordinary) == {alignment}
    assert {p.title[:5] for p in papers if p.paper_id in calling("is pearl lossless", papers, r.ordinary)} == {"PEARL"}


def test_filters_return_only_matching_venue_and_year(seed_index, settings) -> None:
    r = Retriever(seed_index, settings.retrieval)
    for filters in (Filters(["ICLR"], [2025]), Filters(["ICML"], []), Filters([], [2026])):
        hits = r.search("diffusion models generation", k=10, filters=filters)
        assert hits
        for h in hits:
            assert not filters.venues or h.paper.venue in filters.venues
            assert not filters.years or h.paper.year in filters.years
    assert r.search("diffusion", filters=Filters(["ICLR"], [2019])) == []


def test_abstention_on_unrelated_question(seed_index, settings) -> None:
    r = Retriever(seed_index, settings.retrieval)
    assert r.retrieve("recipes for sourdough bread baking at home").abstain
    assert not r.retrieve("speculative decoding draft model").abstain


def test_topics_joined_by_or_are_alternatives_when_deciding_to_answer(seed_index, settings) -> None:
    # on the seeds, "Which papers study protein or molecule generation?" was refused ("The collection has no paper
    # on this") beside ProTDyn: the molecule topic no seed holds weighed against the protein one
    r = Retriever(seed_index, settings.retrieval)
    query = "speculative decoding or sourdough fermentation"
    hits = r.search(query)
    covered = (r.confidence(query, hits) - max(h.dense for h in hits)) / settings.retrieval.coverage_weight
    assert covered > 0.9  # a speculative decoding paper holds one alternative whole
    assert r.retrieve("sourdough fermentation or baguette crust hydration").abstain


def test_a_verb_the_question_secures_its_topic_with_is_no_topic(seed_index, settings) -> None:
    # "Which papers enforce consistency across views or frames?" was refused: DiffStyle3D "improves multi-view
    # consistency" and Generative View Stitching is "frame-to-frame consistent", neither writes "enforce"
    r = Retriever(seed_index, settings.retrieval)
    query = "Which papers enforce consistency across views or frames, and how do they differ?"
    hits = r.search(query)
    covered = (r.confidence(query, hits) - max(h.dense for h in hits)) / settings.retrieval.coverage_weight
    assert covered > 0.9  # DiffStyle3D holds the whole topic (0.55 when "enforce" was one of its terms)
    assert r.retrieve("Which papers enforce sourdough fermentation?").abstain


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("Which papers use distillation, and how do they differ?", "use distillation"),
        ("Which papers generate images in one or a few steps, and how?", "generate images in one or a few steps"),
        ("What papers are about GFlowNets?", "are about GFlowNets?"),
        ("Which paper studies low-probability tokens in RL for LLMs?", "studies low-probability tokens in RL for LLMs?"),
        ("How do the watermarking papers differ in what they protect and how?",
         "How do the watermarking papers differ in what they protect"),
        ("What is GenCape?", "What is GenCape?"),
        ("Which papers?", "Which papers?"),
        # what a last clause sets the question against stays: over ICLR 2026 "What is Tequila" alone found
        # jailbreak papers beside Tequila, and PT²-LLM, the other ternary quantization paper, got no row
        ("What is Tequila, and how does it differ from other ternary quantization methods?",
         "What is Tequila ternary quantization methods"),
    ],
)
def test_the_topic_form_of_a_question_drops_how_it_asks(question, topic) -> None:
    assert topic_form(question) == topic


def test_papers_are_found_by_the_topic_and_judged_by_the_question_as_asked(seed_index, settings, embedder,
                                                                            monkeypatch) -> None:
    """MiniLM embeds "Which papers …, and how do they differ?" too, leaning the question's vector to abstracts
    that compare: the dense search finds by the topic alone (held-out comparative recall@5 rose, README), while
    each hit's closeness, on which the margins and the refusal were set, stays the question's own cosine."""
    question = "Which papers use attention mechanisms, and how do they differ?"
    asked = []
    dense = seed_index.dense
    monkeypatch.setattr(seed_index, "dense", lambda vector, top, filters=None, snap=None, judge=None: (
        asked.append((vector, judge)) or dense(vector, top, filters, snap, judge)))
    hits = Retriever(seed_index, settings.retrieval).search(question)
    assert asked == [(embedder.get_query_embedding("use attention mechanisms"), embedder.get_query_embedding(question))]
    snap = seed_index.snapshot()
    judged = {}
    for pid, _, _, cos in dense(asked[0][0], settings.retrieval.candidates, snap=snap, judge=asked[0][1]):
        judged[pid] = max(cos, judged.get(pid, -1.0))
    assert [h.dense for h in hits] == [judged.get(h.paper.paper_id, 0.0) for h in hits]
    asked.clear()
    Retriever(seed_index, settings.retrieval).search("attention mechanisms")  # no frame: one vector
    assert asked == [(embedder.get_query_embedding("attention mechanisms"), None)]


def test_a_comparative_question_is_about_its_topic_not_the_words_it_is_asked_with(seed_index, settings) -> None:
    r = Retriever(seed_index, settings.retrieval)
    question = "Which papers study anomaly detection, and how do their approaches differ? Compare them."
    topic = r.topic_terms(question, r.retrieve(question, 5).hits)
    assert {"anomali", "detect"} <= topic and not topic & {"studi", "approach", "differ", "compar", "paper"}
    hydra = next(p for p in seed_index.snapshot().papers.values() if p.title.startswith("Swift Hydra"))
    assert r.coverage("Compare the papers that study anomaly detection", hydra) == r.coverage("anomaly detection", hydra)


def test_what_a_comparison_is_on_is_no_topic(seed_index, settings) -> None:
    """Over the seeds, "How do NoisePrints and the other watermarking papers differ in robustness?" answered about
    NoisePrints alone: "robust" counted as a topic word, held by NoisePrints and two papers on other topics, so the
    other watermarking papers fell below the margin. Over ICML 2026 "How do the papers on quantization of LLMs
    differ in the bit widths they use?" tabled 3 of 5 quantization papers, those writing "bit-width"."""
    r = Retriever(seed_index, settings.retrieval)
    question = "How do NoisePrints and the other watermarking papers differ in robustness?"
    hits = r.retrieve(question, 5).hits
    assert r.topic_terms(question, hits) == {"watermark"}
    relevant = r.relevant(question, hits, comparative=True)
    assert len([h for h in hits if h.paper.paper_id in relevant and "atermark" in h.paper.title]) >= 2


def test_asking_for_a_papers_results_is_no_topic(seed_index, settings) -> None:
    """Read in the app: "What is the main result of the consistency models paper?" and "Which papers
    evaluate on ImageNet, and what do they report?" were refused: "main", "result" and "report",
    words no abstract needs, weighed as topics the papers lack."""
    r = Retriever(seed_index, settings.retrieval)
    papers = seed_index.snapshot().papers.values()
    consistency = next(p for p in papers if p.abstract.startswith("Consistency models are a new family"))
    halton = next(p for p in papers if p.title.startswith("Halton Scheduler"))
    assert r.coverage("What is the main result of the consistency models paper?", consistency) == r.coverage(
        "consistency models", consistency)
    assert r.coverage("Which papers evaluate on ImageNet, and what do they report?", halton) == r.coverage(
        "evaluate on ImageNet", halton)


def test_a_topic_word_only_in_a_papers_results_counts_less_unless_evaluation_is_asked(seed_index, settings) -> None:
    """Read in the app: "Which papers propose benchmarks?" tabled PEARL, ZIP-RC and dParallel beside
    TrustGen: they are evaluated "on various text generation benchmarks"; TrustGen is one."""
    r = Retriever(seed_index, settings.retrieval)
    papers = {p.title.split(":")[0]: p for p in seed_index.snapshot().papers.values()}
    pearl, trustgen = papers["PEARL"], papers["TrustGen"]
    question, topic = "Which papers propose benchmarks?", {"benchmark"}
    assert r.coverage(question, trustgen, topic, (), 0.25) == 1.0
    assert r.coverage(question, pearl, topic, (), 0.25) == 0.25
    assert r.coverage(question, pearl, topic) == 1.0  # a question about evaluation weighs results in full
    assert settings.retrieval.result_only_weight == 0.25


def test_a_pick_weighs_a_word_held_only_in_background_sentences_less(seed_index, settings) -> None:
    """Over ICML 2026, "Which of them work on vision models?" after a table of SAE papers picked the genomics
    one beside the vision one: its opening sentence (background) says SAEs "have emerged as an interpretability
    tool in vision and natural language models". Alone, a paper that holds the word only so is still picked."""
    from paperchat.schema import Paper

    r = Retriever(seed_index, settings.retrieval)
    genomic = Paper(paper_id="g", title="Interpreting Genomic Language Models using Sparse Autoencoders", venue="ICML",
                    year=2026, abstract="Sparse autoencoders have emerged as an interpretability tool in vision and "
                    "natural language models. We present a systematic study of autoencoder interpretability for "
                    "genomic language models.", roles=["background", "objective"])
    vista = Paper(paper_id="v", title="Interpretability Transfer from Language to Vision", venue="ICML", year=2026,
                  abstract="Interpretability of language models has yet to reach the visual domain. We align vision "
                  "encoders with the sparse autoencoder of a language model.", roles=["background", "method"])
    hits = [Hit(paper=p, score=1.0, dense=0.5) for p in (genomic, vista)]
    assert r.holding("Which of them work on vision models?", hits) == {"v"}
    assert r.holding("Which of them work on vision models?", hits[:1]) == {"g"}
    assert r.coverage("vision", genomic, {"vision"}, background_weight=0.5) == 0.5
    assert r.coverage("vision", genomic, {"vision"}) == 1.0


def test_the_verb_that_joins_a_comparisons_topics_is_no_topic(seed_index, settings) -> None:
    """Read in the app: "Which papers combine diffusion models with reinforcement learning?" tabled
    "Linear Combination of Saved Checkpoints …" (evolutionary search, no RL) beside GoRL, for "combin"."""
    r = Retriever(seed_index, settings.retrieval)
    question = "Which papers combine diffusion models with reinforcement learning?"
    hits = r.retrieve(question, 5).hits
    topic = r.topic_terms(question, hits)
    assert "reinforc" in topic and "combin" not in topic
    assert "combin" in r.topic_terms("Which papers use linear combinations of checkpoints?", hits)


@pytest.mark.parametrize("question, joining", [
    ("Which papers combine diffusion models with reinforcement learning, and how do they differ?", {"combin"}),
    ("Which papers merge LoRA adapters and full models?", {"merg"}),
    ("Which papers fuse vision and language, and how?", {"fuse"}),
    # the "and" of ", and how do they differ?" joins two clauses, not two topics
    ("Which papers study model merging, and how do they differ?", set()),
    ("Which papers unify tokenizers, and what do they find?", set()),
])
def test_a_joining_verb_needs_topics_to_join(question, joining) -> None:
    """Over ICML 2026 "Which papers study model merging, and how do they differ?" had "model" for its only
    topic term ("merging" read as joining the question's clauses), and a deeper search tabled a position paper
    on model collapse and a benchmark of interdisciplinary research."""
    from paperchat.text import joining_terms

    assert joining_terms(question) == joining



def test_the_verb_a_comparison_frames_its_topic_with_is_no_topic(seed_index, settings) -> None:
    """held-out-s/t (read after their first figure): "build" of "Which papers build on flow matching?" was a
    topic term, so FlowCast ("… Speculative Flow Matching", no "build") got no row; "derive" and "analyze"
    kept SAL ("the first data-dependent generalization bounds for GFlowNets") out of a bounds question.
    The noun stays a topic ("generalization analyses")."""
    r = Retriever(seed_index, settings.retrieval)
    question = "Which papers build on flow matching, and how do they differ?"
    hits = r.retrieve(question, 5).hits
    assert r.topic_terms(question, hits) == {"flow", "match"}
    assert r.alternatives("Which papers derive generalization bounds or analyze generalization error?") == [
        [["generaliz", "bound"], ["generaliz", "error"]]]
    assert r.alternatives("Which papers give generalization analyses or generalization bounds?") == [
        [["give", "generaliz", "analys"], ["generaliz", "bound"]]]
    # held-out-u (read after its first figure): "exploit" held the manifold paper out of "Which papers exploit
    # manifold structure or geometric information?"; "leverage", "utilize" and "employ" say "use" as well
    assert r.alternatives("Which papers exploit manifold structure or geometric information?") == [
        [["manifold", "structur"], ["geometr", "inform"]]]
    assert r.topic_terms("Which papers leverage optimal transport?", hits) == {"optim", "transport"}


@pytest.mark.parametrize(("question", "comparative"), [
    ("Which ICLR 2025 papers are about reinforcement learning?", True),  # read in the app: was one paper's answer
    ("What recent diffusion papers study memorization?", True),
    ("Which papers use watermarks?", True),
    ("How are energy-based models trained in these papers?", True),  # read in the app: quoted four, one a table
    ("How do the methods across different papers compare?", True),
    ("How is it different from PEARL?", True),  # read in the app: quoted the paper "it" meant alone
    ("How do GenVP and GenCape use VAEs differently?", True),  # read in the app: quotes, no table
    ("Is FlowCast faster than the shortcut models paper?", True),
    # asked over ICLR 2026: five papers quoted, no table
    ("How do recent papers improve routing in mixture-of-experts models?", True),
    ("How do papers detect benchmark contamination in LLMs?", True),
    ("How does the PEARL paper draft tokens?", False),
    ("Which benchmarks evaluate web agents, and what do they find?", True),  # over ICLR 2026: quotes, no table
    # over ICML 2026: quotes, one paper under another, no table and no Result or Data column
    ("How much speedup do speculative decoding papers report?", True),
    ("What datasets do time series foundation model papers evaluate on?", True),
    ("What compression ratios do KV cache papers achieve?", True),
    ("How much speedup does the PEARL paper report?", False),
    ("What datasets do the papers that study watermarks use?", True),
    ("What datasets does PEARL use?", False),
    ("What models do they evaluate?", False),
    ("Which paper introduces PEARL?", False),
    ("How does FaPS work in different settings?", False),
    ("What does the PEARL paper propose?", False),
])
def test_which_papers_with_words_between_is_a_comparative_question(question, comparative) -> None:
    from paperchat.answer import is_comparative

    assert is_comparative(question) is comparative


def test_recent_is_how_a_question_is_asked_not_its_topic(seed_index, settings) -> None:
    r = Retriever(seed_index, settings.retrieval)
    question = "Which recent diffusion papers study memorization?"
    topic = r.topic_terms(question, r.retrieve(question, 5).hits)
    assert "memoriz" in topic and "recent" not in topic


@pytest.mark.parametrize(("question", "comparative", "leads"), [
    ("What is GenCape?", False, {"GenCape"}),
    ("What does dParallel do?", False, {"dParallel"}),
    ("How do PEARL and dParallel differ?", True, {"PEARL", "dParallel"}),
])
def test_a_question_that_names_papers_is_about_those_papers_alone(seed_index, settings, question, comparative,
                                                                  leads) -> None:
    r = Retriever(seed_index, settings.retrieval)
    hits = r.search(question, k=5)
    relevant = r.relevant(question, hits, comparative)
    titles = {h.paper.title.split(":")[0] for h in hits if h.paper.paper_id in relevant}
    assert titles == leads and len(hits) == 5


@pytest.mark.parametrize(("question", "leads"), [
    ("Compare PEARL with self-speculative decoding for any-order models.", {"PEARL", "Self-Speculative Decoding"}),
    ("How does NoisePrints differ from the watermark for order-agnostic language models?",
     {"NoisePrints", "A Watermark for Order-Agnostic Language Models"}),
])
def test_a_paper_a_comparison_names_beside_a_description_gets_its_row(seed_index, settings, question, leads) -> None:
    """Read in the app: "Compare PEARL with …" quoted the other paper alone, and the model's
    sentence about both passed on that one paper. A named paper is one the question is about."""
    r = Retriever(seed_index, settings.retrieval)
    hits = r.search(question, k=5)
    relevant = r.relevant(question, hits, comparative=True)
    titles = {h.paper.title.split(" Accelerates")[0].split(":")[0] for h in hits if h.paper.paper_id in relevant}
    assert leads <= titles


@pytest.mark.parametrize(("question", "alone"), [
    ("How does GST differ from the Transformer?", True),
    ("How does GRACE differ from Contrastive Learning?", True),
    ("How is PEARL different from other speculative decoding methods?", False),  # it asks about those methods too
])
def test_a_comparison_of_one_named_paper_with_a_method_it_writes_is_about_that_paper(seed_index, settings, question,
                                                                                      alone) -> None:
    """Over ICML 2026 "How does NorMuon differ from Muon?" tabled nine papers that use Muon: the
    question names one paper and a method its own abstract builds on, so it is about that paper."""
    r = Retriever(seed_index, settings.retrieval)
    hits = r.search(question, k=10)
    relevant = r.relevant(question, hits, comparative=True, k=5)
    named = question.split()[2]
    assert any(h.paper.title.startswith(named) and h.paper.paper_id in relevant for h in hits)
    assert (len(relevant) == 1) is alone


@pytest.mark.parametrize(("question", "lead"), [
    ("How much better is the Halton scheduler than the confidence scheduler?", "Halton Scheduler"),
    ("What does Generative View Stitching do differently from autoregressive video models?", "Generative View Stitching"),
    ("What does the Landing paper do?", "Efficient Diffusion Models under Nonconvex"),  # a word two papers hold at most
    ("How does the projected gradient ascent paper guide rewards?", "Projected Gradient Ascent"),  # its opening words
    ("What is the shortcut models paper about?", "One Step Diffusion via Shortcut Models"),
])
def test_a_question_that_names_a_paper_by_its_titles_words_is_about_that_paper(seed_index, settings, question,
                                                                                 lead) -> None:
    """Read in the app: ZIP-RC ("confidence estimates") was quoted beside the Halton paper, its
    cosine within the margin of the best. Every hit here is made as close as the best."""
    r = Retriever(seed_index, settings.retrieval)
    hits = r.search(question, k=5)
    for h in hits:
        h.dense = max(x.dense for x in hits)
    relevant = r.relevant(question, hits, comparative=False)
    assert [h.paper.title for h in hits if h.paper.paper_id in relevant] == \
        [h.paper.title for h in hits if h.paper.title.startswith(lead)]
    # words most papers hold call no paper by name
    assert not r.titled("What does the diffusion models paper say?", r.search("diffusion models", k=5))
    # a title made from the abstract's first words names nothing
    derived = next(p for p in seed_index.snapshot().papers.values() if p.title_derived)
    assert not r.titled(derived.title.rstrip("…"), [Hit(derived, 1.0, 1.0, [])])


def test_a_name_inside_a_title_is_not_the_papers_name(seed_index, settings) -> None:
    from paperchat.retrieve import named_papers

    r = Retriever(seed_index, settings.retrieval)
    hits = r.search("generalization of VAEs", k=5)
    assert any("VAEs" in h.paper.title for h in hits) and not named_papers("generalization of VAEs", hits)


def test_a_name_of_one_capitalised_word_names_its_paper() -> None:
    """Over ICML 2026, "How much faster is Dustin than EAGLE?" was answered with ConFu, first by the search: "Dustin"
    (of "Dustin: Draft-Augmented Sparse Verification …") is no coined name in mixed case, but the question writes it
    with a capital inside a sentence."""
    from paperchat.retrieve import named_papers

    def paper(pid: str, title: str) -> Paper:
        return Paper(paper_id=pid, title=title, abstract="We propose it.", venue="ICML", year=2026, url="")

    hits = [Hit(paper("confu", "ConFu: Contemplate the Future for Better Speculative Sampling"), 0.1, 0.5),
            Hit(paper("dustin", "Dustin: Draft-Augmented Sparse Verification for Speculative Decoding"), 0.1, 0.4)]
    assert named_papers("How much faster is Dustin than EAGLE?", hits) == {"dustin"}
    assert named_papers("Which papers study speculative decoding?", hits) == set()


def test_words_most_papers_hold_are_no_topic_of_a_comparison(seed_index, settings) -> None:
    """"model" and "diffusion" are in most seed abstracts: a comparison of masked diffusion
    models is about "masked", so only papers that say it keep their rows."""
    r = Retriever(seed_index, settings.retrieval)
    question = "Which papers are about masked diffusion or masked generative models, and how do they differ?"
    hits = r.retrieve(question, 5).hits
    topic = r.topic_terms(question, hits)
    assert "mask" in topic and not topic & {"model", "diffus"}
    loose = Retriever(seed_index, settings.retrieval.model_copy(update={"generic_share": 0.0}))
    assert {"model", "diffus"} & loose.topic_terms(question, hits)
    kept = r.relevant(question, hits, comparative=True)
    assert kept and all("mask" in f"{h.paper.title} {h.paper.abstract}".lower() for h in hits
                        if h.paper.paper_id in kept)


@pytest.mark.parametrize(("question", "groups"), [
    ("Which papers work on 3D reconstruction, rendering or stylization, and how do they differ?",
     [[["3d", "reconstruct"], ["render"], ["styliz"]]]),
    ("Compare the papers on normalizing flows or tensor networks.", [[["normaliz", "flow"], ["tensor", "network"]]]),
    ("Which papers are about watermarks, authorship or copyright of generated content?",
     [[["watermark"], ["authorship"], ["copyright"]]]),
    ("Which papers study anomaly detection, and how do they differ?", []),
    ("Compare them, or not.", []),
    # "and" between topics: the papers on either (read in the app: the normalizing-flow paper got no row)
    ("How do the normalizing flow and rectified flow papers differ?", [[["normaliz", "flow"], ["rectifi", "flow"]]]),
    ("Compare the papers on protein and peptide generation.", [[["protein"], ["peptid", "generat"]]]),
    # … unless the question asks for both at once
    ("Which papers combine reinforcement learning and diffusion models?", []),
    ("Which papers bridge energy-based and electrostatic models?", []),
    # a head noun beside "or" ends no topic (held-out-t's Bayesian question had no alternatives, so its topic was
    # "inference" alone, which four off-topic papers hold)
    ("Which papers use Bayesian methods or posterior inference, and how do they differ?",
     [[["bayesian"], ["posterior", "infer"]]]),
    ("Which papers use kernel methods or Gaussian processes?", [[["kernel"], ["gaussian", "process"]]]),
    ("Which papers propose new methods or benchmarks?", []),
    # two acronyms before one noun name two kinds of it: over ICML 2026 this rowed WarmServe, a serving system that
    # speaks of "running GPUs"; things of their own are left alone
    ("Which papers use LLMs to generate GPU or CUDA kernels?", [[["generat", "gpu", "kernel"], ["cuda", "kernel"]]]),
    ("Which papers use optimal transport or Gaussian processes?", [[["optim", "transport"], ["gaussian", "process"]]]),
])
def test_topics_joined_by_or_or_and_are_read_as_alternatives(question, groups) -> None:
    from paperchat.text import alternatives

    assert alternatives(question) == groups


def test_a_paper_on_one_of_the_topics_a_question_joins_with_or_covers_it(seed_index, settings) -> None:
    """"normalizing flows or tensor networks": the flows paper and the tensor-network paper each
    hold the whole topic, though neither holds the other's words; a paper on neither holds none."""
    r = Retriever(seed_index, settings.retrieval)
    question = "Compare the papers on normalizing flows or tensor networks."
    papers = {p.title.split(":")[0]: p for p in seed_index.snapshot().papers.values()}
    flows, tensors = papers["Analytic Bijections for Smooth and Interpretable Normalizing Flows"], \
        papers["How to Square Tensor Networks and Circuits Without Squaring Them"]
    groups = [[["normaliz", "flow"], ["tensor", "network"]]]
    assert r.coverage(question, flows, set(), groups) == pytest.approx(1.0)
    assert r.coverage(question, tensors, set(), groups) == pytest.approx(1.0)
    assert r.coverage(question, papers["Swift Hydra"], set(), groups) == 0.0
    assert r.coverage(question, flows) < 0.8 and r.coverage(question, tensors) < 0.8  # read as one topic: half held
    question = "Which papers work on 3D reconstruction, rendering or stylization, and how do they differ?"
    kept = r.relevant(question, r.search(question, k=5), comparative=True)
    rows = {p.title.split(":")[0] for p in papers.values() if p.paper_id in kept}
    assert {"DiffStyle3D", "GTR"} <= rows


def test_a_hyphenated_word_the_abstracts_write_apart_counts_as_held(seed_index, settings) -> None:
    """"time-series" is "time series" in the abstracts: as a term no paper holds it weighed most and
    sank the coverage of the time-series paper itself, so "Which papers model temporal or
    time-series data?" was refused ("The collection has no paper on this"), naming the three papers
    it asked for as the closest."""
    r = Retriever(seed_index, settings.retrieval)
    papers = {p.title.split(":")[0]: p for p in seed_index.snapshot().papers.values()}
    series = papers["Conditionally Whitened Generative Models for Probabilistic Time Series Forecasting"]
    assert r.coverage("time-series forecasting", series) == pytest.approx(r.coverage("time series forecasting", series))
    assert r.coverage("in-between frames", series) < 0.5  # parts that are stopwords stand for nothing
    question = "Which papers model temporal or time-series data?"
    found = r.retrieve(question, 5)
    assert not found.abstain
    kept = r.relevant(question, found.hits, comparative=True)
    assert series.paper_id in kept


def test_a_hyphenated_topic_the_papers_hold_whole_is_not_its_parts(seed_index, settings) -> None:
    """"Which papers propose training-free methods?" had the topic "free": "No Free Lunch …" and
    "Stage-wise Dynamics of Classifier-Free Guidance …" held it, and were the rows. The whole word is
    the topic, held by a paper that writes it, with a hyphen or a space, and by no other."""
    from dataclasses import replace

    r = Retriever(seed_index, settings.retrieval)
    question = "Which papers propose training-free methods, and how do they differ?"
    assert r.topic_terms(question, r.search(question, 5)) == {"training-free"}
    papers = {p.title.split(":")[0]: p for p in seed_index.snapshot().papers.values()}
    prophet, guidance = papers["Diffusion Language Model Knows the Answer Before It Decodes"], papers["No Free Lunch"]
    assert r.coverage("training-free methods", prophet) == 1.0
    assert r.coverage("training-free methods", guidance) == 0.0
    apart = replace(guidance, abstract="We propose a training free sampler for energy based models.", roles=[])
    assert r.coverage("training-free methods", apart) == 1.0
    assert r.coverage("energy-based", apart) == 1.0
    # "energy-based" has no second part that is a word ("based" is a stopword): "energy" alone is not it
    alone = replace(guidance, abstract="We shape an energy landscape.", roles=[])
    assert r.coverage("energy-based", alone) == 0.0


def test_a_word_and_participle_joined_by_a_hyphen_is_held_by_a_sentence_with_both(seed_index, settings) -> None:
    """"Compare the approaches to watermarking LLM-generated text." over ICML 2026 tabled 3 of its 15 papers on
    watermarking LLM text: "llm-generated", which 5 abstracts write, weighed most, and "text generated by large
    language models (LLMs)" did not hold it. One sentence that holds both parts says it; two sentences that hold
    one each do not, and a prefix's compound ("self-supervised") or a light participle ("model-based") is not read so."""
    r = Retriever(seed_index, settings.retrieval)
    paper = next(iter(seed_index.snapshot().papers.values()))
    assert "reward-guided" in r._idf()  # a seed abstract writes it whole, so it is a term of its own
    one = replace(paper, title="A sampler", abstract="We guide the sampler with a learned reward. It is fast.", roles=[])
    two = replace(paper, title="A sampler", abstract="We learn a reward. The sampler is guided by noise.", roles=[])
    assert r.coverage("reward-guided", one) == 1.0
    assert r.coverage("reward-guided", two) == 0.0
    assert retrieve._side_by_side("Text generated by large language models (LLMs) is marked.", ["llm-generated"]) == {
        "llm-generated"}
    for word in ("self-supervised", "model-based", "fine-tuned", "open-ended", "training-free", "test-time"):
        assert not retrieve._PARTICIPLE.fullmatch(word)


def test_a_word_for_what_a_method_spares_is_held_by_a_sentence_that_spares_it(seed_index, settings, monkeypatch) -> None:
    """Over ICLR 2026 "Which papers propose memory-efficient optimizers for LLM training, and how do they differ?"
    rowed one paper: "memory-efficient" (40 of 4,302 abstracts) weighed most of the topic, and LoRA-Pre "reduces the
    optimizer's memory footprint", COSMOS aims to cut "high memory consumption". One sentence that holds the first part
    and a word of sparing says it; the first part alone, or in another sentence than the sparing, does not. And
    "Which papers propose communication-efficient federated learning methods?" was told the collection has nothing
    on it: no hit wrote the word whole, so it was a compound no paper says (`_unwritten_compound`)."""
    wholes = ["memory-efficient", "communication-efficient"]
    assert retrieve._side_by_side("LoRA-Pre reduces the optimizer's memory footprint.", wholes) == {"memory-efficient"}
    assert retrieve._side_by_side("We cut communication costs tenfold.", wholes) == {"communication-efficient"}
    assert retrieve._side_by_side("Adam keeps two moments in memory.", wholes) == set()
    assert retrieve._side_by_side("Adam keeps two moments in memory. We reduce its variance.", wholes) == set()
    # near, and not across a comma: over ICML 2026 "energy-efficient" had rowed an unlearning paper with energy scores
    assert retrieve._side_by_side("Adam keeps two moments in memory for every weight and then reduces noise.",
                                  wholes) == set()
    assert retrieve._side_by_side("Energy is accurate and efficient, enabling energy-based unlearning.",
                                  ["energy-efficient"]) == set()
    assert retrieve._side_by_side("It cuts energy consumption by 57%.", ["energy-efficient"]) == {"energy-efficient"}
    assert retrieve._side_by_side("A memory efficient optimizer.", wholes) == {"memory-efficient"}  # spaced, as before
    r = Retriever(seed_index, settings.retrieval)
    paper = next(iter(seed_index.snapshot().papers.values()))
    fl = [replace(paper, paper_id=f"fl{i}", title=title, abstract=abstract, roles=[]) for i, (title, abstract) in
          enumerate([("Converge Faster, Talk Less", "Federated learning clients send fewer bits: we cut communication."),
                     ("Weighting Methods in Federated Learning Through Communication Compression",
                      "We study federated learning with heterogeneous data."),
                     ("Guiding Clients in Federated Learning", "Federated learning across hospitals.")])]
    hits = [Hit(p, 0.1, 0.5) for p in fl]
    query = "Which papers propose communication-efficient federated learning methods, and how do they differ?"
    assert r.topic_terms(query, hits) >= {"communication-efficient", "feder"}
    assert not r._unwritten_compound(query, r.topic_terms(query, hits), hits)
    assert retrieve._says_all(fl[1], {"communication-efficient", "feder"})
    assert not retrieve._says_all(fl[2], {"communication-efficient", "feder"})
    # and it weighs as its first part, as common as the reading of it: a KV-cache paper that never says memory holds
    # the rest of "memory-efficient KV cache methods", not a sliver beside the rare whole word (over ICML 2026 5.5,
    # "memory" 2.5; the seeds write it nowhere, so it is given an idf here)
    idf = {**r._idf(), "memory-efficient": 9.0}
    monkeypatch.setattr(r, "_idf", lambda: idf)
    decoder = replace(paper, title="A decoder", abstract="We propose a new decoding method.", roles=[])
    assert r.coverage("memory-efficient decoding", decoder, {"memory-efficient", "decod"}) == pytest.approx(
        idf["decod"] / (idf["decod"] + idf["memori"]))


def test_a_last_clause_that_asks_of_the_papers_is_no_topic(seed_index, settings) -> None:
    """"Which papers propose benchmarks for coding agents, and what do they measure?" over ICML 2026 had the
    topic term "measure", and 2 of its 14 known benchmark papers for coding agents were tabled, those that write it.
    What a last clause asks of "they" is the aspect compared, unless the question's topic says it too ("Which
    papers study model merging, and what do they merge?")."""
    from paperchat.text import aspect

    r = Retriever(seed_index, settings.retrieval)
    assert aspect("Which papers propose benchmarks for coding agents, and what do they measure?") == ["what do they measure"]
    assert "measur" not in r._topic_candidates("Which papers propose benchmarks for coding agents, and what do they measure?")
    assert "merg" in r._topic_candidates("Which papers study model merging, and what do they merge?")
    assert aspect("Which papers study model merging, and what do they merge?") == []
    assert aspect("Which papers use distillation, and how do they differ?") == []


def test_a_comparison_of_papers_evaluated_on_named_data_rows_those_that_write_it(seed_index, settings) -> None:
    """"Which papers report results on SWE-bench Verified, and what scores do they get?" over ICML 2026 tabled 2 of
    the 9 papers that write it: the question's vector found papers on scoring with LLM judges, and a title rarely
    names the data a paper is evaluated on. The papers the keyword search finds writing the name come first, and
    they are the rows; a question that names no data after "evaluate on" is read as before."""
    from paperchat.retrieve import evaluated_on

    assert evaluated_on("Which papers report results on SWE-bench Verified, and what scores do they get?") == [
        "SWE-bench Verified"]
    assert evaluated_on("Which papers evaluate on the MMLU benchmark?") == ["MMLU"]
    assert evaluated_on("Which papers evaluate LLMs on scientific discovery tasks?") == []
    r = Retriever(seed_index, settings.retrieval)
    question = "Which papers report results on GSM8K, and what do they find?"
    papers = seed_index.snapshot().papers.values()
    writing = {p.paper_id for p in papers if "GSM8K" in p.abstract}
    assert len(writing) == 2  # dParallel and Prophet
    hits = r.search(question, 10)
    assert {h.paper.paper_id for h in hits[:2]} == writing
    assert r.relevant(question, hits, comparative=True) == writing


def test_a_comparison_whose_first_hits_lack_its_topic_rows_a_deeper_hit_that_holds_it(seed_index, settings) -> None:
    """With "free" no topic, none of the first five hits for "Which papers propose training-free methods?"
    holds it, and the question was refused ("The collection has no paper on this") although Prophet, "a
    training-free fast decoding paradigm", was among the ten a comparison searches. A deeper hit that holds the
    whole topic is what the question is answered from, and the confidence reads every hit searched."""
    from paperchat.schema import Hit

    r = Retriever(seed_index, settings.retrieval)
    papers = {p.title.split(":")[0]: p for p in seed_index.snapshot().papers.values()}
    prophet = papers["Diffusion Language Model Knows the Answer Before It Decodes"]
    first = [papers[t] for t in ("No Free Lunch", "FaPS", "SAL")]
    hits = [Hit(p, 0.1, d) for p, d in zip(first + [prophet], (0.30, 0.29, 0.28, 0.20), strict=True)]
    question = "Which papers propose training-free methods, and how do they differ?"
    assert r.relevant(question, hits, comparative=True, k=3) == {prophet.paper_id}
    assert r.confidence(question, hits) == pytest.approx(0.30 + settings.retrieval.coverage_weight)
    # and none at all when no hit holds it
    assert r.relevant(question, hits[:3], comparative=True, k=3) == set()
    # first hits that hold little of it (FaPS below, "training-free" only in a result sentence: a quarter) do not let
    # those holding none in by their cosine ("No Free Lunch", first): over ICML 2026 "Which papers propose
    # energy-efficient language models?" rowed two papers on energy-based models so, beside one reporting an "energy
    # reduction", and the spiking language models further down were rows only while no first hit held any of it
    said = ["We speed up diffusion training.", "Our sampler is training-free at test time."]
    little = replace(first[1], abstract=" ".join(said), roles=["method", "result"])
    hits[1] = Hit(little, 0.1, 0.29)
    assert 0 < r.coverage(question, little, result_weight=settings.retrieval.result_only_weight) < 0.5
    assert r.relevant(question, hits, comparative=True, k=3) == {little.paper_id, prophet.paper_id}


def test_a_comparisons_top_hit_that_lacks_its_topic_gets_no_row_when_others_hold_all_of_it(seed_index,
                                                                                          settings) -> None:
    """"Which papers work zero-shot?" tabled FlowCast ("Zero-Cost Speculative Flow Matching"), the closest
    by cosine and without "zero-shot", beside the two papers that work zero-shot: the top hit had a row
    whatever it held. It has none when it holds nothing of the topic and another first hit holds all of
    it (a top hit lacking a topic of alternatives alone, "… text or images", keeps its row: comparative-m01)."""
    from paperchat.schema import Hit

    r = Retriever(seed_index, settings.retrieval)
    papers = {p.title.split(":")[0]: p for p in seed_index.snapshot().papers.values()}
    flowcast, slerp = papers["FlowCast"], papers["SlerpFlow"]
    kaleido = papers["Scaling Sequence-to-Sequence Generative Neural Rendering"]
    hits = [Hit(p, 0.1, d) for p, d in zip((flowcast, slerp, kaleido), (0.21, 0.20, 0.12), strict=True)]
    question = "Which papers work zero-shot, and how do they differ?"
    assert r.relevant(question, hits, comparative=True, k=3) == {slerp.paper_id, kaleido.paper_id}
    # a paper holding only part of it is not enough to take the top hit's row away
    partial = replace(kaleido, paper_id="partial", abstract="We study rendering. Zero-shot results are strong.",
                      roles=["objective", "result"])
    some = [Hit(flowcast, 0.1, 0.21), Hit(partial, 0.1, 0.20)]
    assert flowcast.paper_id in r.relevant(question, some, comparative=True, k=2)


def test_keyword_hits_far_below_the_best_add_nothing_to_the_fusion(seed_index, settings) -> None:
    """Swift Hydra, the one seed with "Mixture of Experts", was first by BM25 for "Which papers use mixtures of
    experts or model ensembles?" (9.2) and eleventh after fusion, behind papers whose only BM25 match was
    "model" (0.2), each ranked by it all the same. Under `keyword_floor` of the best score, a keyword hit
    adds nothing: with the dense ranking weighed 0, those are not found at all."""
    from paperchat.config import RetrievalSettings

    question = "Which papers use mixtures of experts or model ensembles, and how do they differ?"
    keyword_only = RetrievalSettings(**{**settings.retrieval.model_dump(), "dense_weight": 0.0, "keyword_floor": 0.05})
    snap = seed_index.snapshot()
    scored = dict(snap.keyword.search(question, 50))
    best = max(scored.values())
    found = [h for h in Retriever(seed_index, keyword_only).search(question, k=20) if h.score > 0]
    assert found[0].paper.title.startswith("Swift Hydra")
    assert {h.paper.paper_id for h in found} == {p for p, v in scored.items() if v >= 0.05 * best}
    assert len(found) < len(scored)  # the papers that hold only "model" are left out


def test_a_single_paper_answer_quotes_beside_its_top_paper_only_papers_on_its_topic(seed_index, settings) -> None:
    """Read in the app: "How does unlearning in generative models work?" quoted, beside the two
    unlearning papers, a hallucination paper and an energy-based model paper, as close in cosine.
    Every hit here is made as close as the best: the topic decides."""
    r = Retriever(seed_index, settings.retrieval)
    question = "How does unlearning in generative models work?"
    hits = r.search(question, k=5)
    for h in hits:
        h.dense = max(x.dense for x in hits)
    hits.sort(key=lambda h: "unlearn" not in h.paper.title.lower())  # an unlearning paper on top, as MiniLM has it
    kept = r.relevant(question, hits, comparative=False)
    assert hits[0].paper.paper_id in kept
    for h in hits:
        holds = "unlearn" in h.paper.abstract.lower() or "unlearn" in h.paper.title.lower()
        assert (h.paper.paper_id in kept) == holds or h is hits[0], h.paper.title
    assert sum("unlearn" in h.paper.abstract.lower() for h in hits) >= 2  # the test means something


def test_of_two_papers_of_one_name_the_question_is_about_the_one_that_holds_its_words(settings, embedder,
                                                                                      tmp_path) -> None:
    """Over ICLR 2026 "What is DUET and how does it differ from tuning-based unlearning?" tabled both
    DUETs, the data-mixture one beside the unlearning one."""
    r = Retriever(_index_of(tmp_path, settings, embedder, [
        ("m", "DUET: Optimizing LLM Training Data Mixtures", "We present DUET, which optimizes training data mixtures "
         "with Bayesian optimization and noisy feedback from downstream tasks."),
        ("u", "DUET: Distilled LLM Unlearning", "Tuning-based unlearning is computationally heavy. We propose DUET, a "
         "distillation-based unlearning method for large language models.")]), settings.retrieval)
    for question, about in [("What is DUET and how does it differ from tuning-based unlearning?", {"u"}),
                            ("What is DUET?", {"m", "u"})]:  # nothing tells them apart: both
        hits = r.retrieve(question).hits
        assert {h.paper.paper_id for h in hits} == {"m", "u"}
        assert r.relevant(question, hits, comparative=False) == about


def test_a_rare_term_no_paper_found_holds_is_named(seed_index, settings, monkeypatch) -> None:
    """Over ICLR 2026, "What approaches address oversmoothing in graph neural networks?" got a table of
    five graph papers none of which speaks of oversmoothing. Such a term is named in a note; over
    the 76 seeds no term is rare enough (a share of 0.002 of the papers), so here the share is raised
    to one paper in 50."""
    r = Retriever(seed_index, settings.retrieval)
    question = "Which watermarking papers use Raven matrices?"
    hits = r.retrieve(question, 8).hits
    watermarking = [h for h in hits if "atermark" in h.paper.title]
    assert watermarking and r.unheld(question, watermarking) == ""  # no seed term is rare at 0.002
    monkeypatch.setattr(retrieve, "RARE_SHARE", 0.02)
    assert r.unheld(question, watermarking) == "Raven"  # the word as asked
    assert r.unheld(question, hits) == ""  # GenVP, a Raven's matrices paper, is among them
    assert r.unheld("Which watermarking or Raven papers are there?", watermarking) == ""  # one of two topics


def test_a_term_no_paper_holds_is_named_once_the_collection_is_large(seed_index, settings, monkeypatch) -> None:
    """Over ICLR 2026, "Compare the papers on oversquashing in graph neural networks." tabled five graph papers
    without a word: no abstract writes "oversquashing", so the term had no idf and was never counted rare.
    Over the 76 seeds a word no abstract uses is as likely the way a question is put, and is not named."""
    r = Retriever(seed_index, settings.retrieval)
    question = "Which watermarking papers address oversquashing?"
    watermarking = [h for h in r.retrieve(question, 8).hits if "atermark" in h.paper.title]
    assert watermarking and r.unheld(question, watermarking) == ""
    monkeypatch.setattr(retrieve, "RARE_SHARE", 0.02)  # one paper in 50: "rare" means something over 76
    assert r.unheld(question, watermarking) == "oversquashing"
    assert r.unheld("Which watermarking papers are quicker?", watermarking) == ""  # how it is asked
    # over ICLR 2026, "What do papers say about the scaling of test-time compute versus model size?" was told
    # that no abstract uses "say" (7 of 4,302 do): a word of asking, like "according"
    assert r.unheld("What do the watermarking papers say about oversquashing?", watermarking) == "oversquashing"


def test_a_topic_other_papers_are_titled_on_that_the_answer_never_writes_is_named(seed_index, settings) -> None:
    """Over ICML 2026, "What does the paper on test-time training for video generation propose?" quoted "Test-Time
    Training Is Secretly Linear Attention" alone, on test-time training and never on video, while "Code2Video: …",
    "Context Forcing: … Video Generation" and more were found beside it. On the seeds: a watermarking paper
    asked of as if it were on speculative decoding, with PEARL and Self-Speculative Decoding found too."""
    r = Retriever(seed_index, settings.retrieval)
    hits = r.retrieve("watermarking speculative decoding", 10).hits
    noiseprints = [h for h in hits if h.paper.title.startswith("NoisePrints")]
    speculative = [h for h in hits if "Speculative" in h.paper.title and "atermark" not in h.paper.title]
    assert noiseprints and len(speculative) >= 2
    question = "What does the paper on watermarking for speculative decoding propose?"
    assert r.elsewhere(question, noiseprints, speculative) == "speculative decoding"
    assert r.elsewhere(question, noiseprints, speculative[:1]) == ""  # one title is no topic
    assert r.elsewhere(question, speculative[:1], noiseprints) == ""  # the answer writes both
    assert r.elsewhere("What does the paper on watermarking propose?", noiseprints, speculative) == ""
    # over ICML 2026, "How much faster is Mosaic than standard diffusion LLM inference?" was told no abstract uses
    # "faster" ("d3LLM: Ultra-Fast …" and "Fast and Scalable …" were found beside it): the outcome asked for an amount
    # of is no topic; Mosaic's answer is its "reducing end-to-end latency by 2.5%–55.4%"
    fast = [h for h in r.retrieve("fast diffusion", 20).hits if re.search(r"\bFast(?:er)?\b", h.paper.title)]
    assert len(fast) >= 2
    assert r.elsewhere("What does the paper on watermarking for fast diffusion propose?", noiseprints, fast) == "fast"
    assert r.elsewhere("How much faster is the watermarking paper than its baselines?", noiseprints, fast) == ""
    # over ICLR 2026, "What datasets does WebFactory use?" was told no abstract uses "datasets" (dataset papers
    # were found beside it): the kind of thing asked for is what the answer gives, not a topic
    assert r.elsewhere("Which decoding does the watermarking paper use?", noiseprints, speculative) == ""
    assert r.elsewhere("Which watermarking paper uses speculative decoding?", noiseprints, speculative) == "speculative decoding"


def test_a_note_on_one_paper_speaks_of_its_abstract() -> None:
    """"None of these abstracts uses the word “datasets”" was said over ICLR 2026 of WebFactory's abstract alone."""
    from paperchat.claims import asked_for
    from paperchat.engine import _unused

    assert _unused("oversmoothing", "WebFactory") == "The abstract of WebFactory never uses the word “oversmoothing”. What it says:"
    assert _unused("video generation").startswith("None of these abstracts uses the words “video generation”")
    assert asked_for("What datasets does WebFactory use?") == "datasets"
    assert asked_for("Which kinds of benchmarks do they report?") == "benchmarks"
    assert asked_for("What does the paper on video generation propose?") == ""


def test_a_note_never_says_a_paper_lacks_a_word_its_title_writes() -> None:
    """Over 300 questions made from ICLR 2026 authors' keywords, "… Ultrasound Computed Tomography" was quoted
    under "None of these abstracts uses the word “Tomography”": the term is a stem ("tomographi"), and a stem
    is no part of its word, so looking for it in the text never found it."""
    from paperchat.retrieve import _writing
    from paperchat.text import tokenize

    paper = Paper("p", "OpenPros: A Dataset for Prostate Ultrasound Computed Tomography",
                  "We release spiking recordings with a warm-up phase.", "ICLR", 2026)
    writes = _writing([Hit(paper, 1.0, 0.5)])
    for word in ("Tomography", "spiking", "spike", "warmup", "warm-up"):
        assert all(writes(t) for t in tokenize(word, query=True)), word
    assert not writes("video")


def test_doing_without_reads_a_hyphenated_word_either_way(seed_index, settings) -> None:
    """Over ICLR 2026, "Which of them need no fine-tuning?" after context-extension papers was told "None
    of these abstracts says it does without fine-tuning": DroPE's says "without any long-context
    finetuning". A seed abstract says its networks "do not require fine-tuning"."""
    from paperchat.claims import asked_without, done_without

    assert asked_without("Which of them need no fine-tuning?") == asked_without("Which need no finetuning?") == {"finetun"}
    assert "finetun" in done_without("yields context extension without any long-context finetuning")
    assert {"fine-tuning", "finetun"} <= done_without("do not require fine-tuning")  # the verifier reads both
    r = Retriever(seed_index, settings.retrieval)
    hits = r.retrieve("Are there papers that generate neural network weights?", 5).hits
    generator = next(h.paper.paper_id for h in hits if "do not require fine-tuning" in h.paper.abstract)
    for question in ("Which of them need no finetuning?", "Which of them need no fine-tuning?"):
        assert generator in (r.doing_without(question, hits) or set()), question


def test_a_coined_name_its_abstract_defines_calls_that_paper(settings, embedder, tmp_path) -> None:
    """Over ICLR 2026, "What accuracy does CoDeC reach?" quoted three audio and tactile codec papers, not
    "Contamination Detection via Context (CoDeC)", whose title does not lead with the name; "Tell me
    about DroPE." quoted a token-dropping paper. A name in mixed case that at most two abstracts define
    calls them; an abbreviation many define ("LLMs") calls none."""
    codec = ("Neural audio codecs compress speech for large language models (LLMs). Our codec reaches a high "
             "accuracy of codec reconstruction at low bitrates. The codec is fast.")
    r = Retriever(_index_of(tmp_path, settings, embedder, [
        ("c1", "Low-Rate Audio Codecs for Speech", codec),
        ("c2", "Codec Benchmarks for Tactile Data", codec.replace("speech", "touch")),
        ("c3", "A Codec for Video Streams", codec.replace("speech", "video")),
        ("d1", "Detecting Data Contamination in Language Models via In-Context Learning",
         "We present Contamination Detection via Context (CoDeC), a method to detect training data "
         "contamination in large language models (LLMs). CoDeC measures how in-context examples change "
         "model confidence.")]), settings.retrieval)
    question = "What accuracy does CoDeC reach?"
    hits = r.retrieve(question, 4).hits
    assert r.relevant(question, hits, comparative=False) == {"d1"}
    assert r._coined_in("How do LLMs reach accuracy?", hits) == set()  # defined by more than two


def test_a_name_written_before_its_words_in_brackets_calls_that_paper() -> None:
    """Over ICML 2026, "What is ROPA?" quoted four papers whose names begin with R: ROPA's abstract writes "we
    present ROPA (Robust Parallel Diffusion Sampling)" and its title does not lead with the name. Of 105 such names
    over ICML 2026 (each written by one abstract only), "What is NAME?" put its paper first for 55, now 104."""
    ropa = Paper(paper_id="r", title="Robust Parallel Diffusion Sampling via Dynamic Jacobian Bandwidth", venue="ICML",
                 year=2026, abstract="We present ROPA (Robust Parallel Diffusion Sampling), which solves the system.")
    other = Paper(paper_id="o", title="RoVTL", venue="ICML", year=2026,
                  abstract="We propose RoVTL, robust to ROPA-like (missing) values, and MORE (data).")
    assert calling("What is ROPA?", [ropa, other]) == {"r"}  # defined by one, written by two: the one defining it
    # defined by none, it calls the paper that writes it as the question does ("What is RAMBO?"), if at most two do:
    # over 200 such names written by one abstract each, that paper came first for 195 over ICML 2026 (155 before)
    assert calling("What is MORE?", [ropa, other]) == {"o"} and calling("What is more?", [ropa, other]) == set()
    many = [replace(other, paper_id=f"o{i}") for i in range(3)]
    assert calling("What is RoVTL?", many) == set()


def test_ones_is_no_term_of_a_question() -> None:
    """Over ICML 2026 "Which papers distill large language models into smaller ones?" had the topic "one" (the stem of
    "ones"), beside "small" and "distil", and tabled a training-free memory for small language model agents (which
    names distillation only as earlier work, and writes "one-time"). "ones" stands for a noun said before."""
    from paperchat.text import tokenize

    assert "one" not in tokenize("Which papers distill large language models into smaller ones?", query=True)
    assert "one" in tokenize("one-step generation in one step")


def test_tokenization_is_not_tokens_but_personal_still_finds_personalized() -> None:
    """Over ICLR 2026, "What do papers find about the role of tokenization in language model
    performance?" tabled Translation Heads, Parallel Token Generation and Beyond Masks: the stemmer
    cut "tokenization" to "token". A word made with -ize is its own term; a document's also gives the
    word it was made from."""
    from paperchat.text import tokenize

    asked = set(tokenize("tokenization generalization normalizing optimization", query=True))
    assert not asked & set(tokenize("Tokens of a general normal distribution found by optimal transport."))
    assert asked <= set(tokenize("A tokenizer's generalization, normalized by an optimizer."))
    assert set(tokenize("tokenisation", query=True)) == set(tokenize("tokenization", query=True))
    assert set(tokenize("personal preferences", query=True)) <= set(tokenize("personalized preference models"))
    assert tokenize("supervised fine-tuning on noise") == tokenize("supervise fine-tuning on noises")[:1] + \
        tokenize("supervised fine-tuning on noise")[1:]


def test_a_verb_in_ify_is_the_noun_in_ification() -> None:
    """Over ICML 2026 "Which papers detoxify language models at test time?" tabled four test-time papers, not "Test-Time
    Detoxification without Training or Learning Anything" alone: Snowball gives "detoxifi" and "detoxif", so no
    abstract held the question's word ("quantify uncertainty" met no "uncertainty quantification" either)."""
    from paperchat.text import tokenize

    for verb, noun in (("detoxify", "detoxification"), ("quantify", "quantification"), ("unify", "unification"),
                       ("classify", "classification"), ("sparsify", "sparsification"), ("verify", "verification")):
        assert tokenize(verb, query=True) == tokenize(noun) == tokenize(f"{verb}ing")[:1], verb
    assert tokenize("motif") == tokenize("motifs") and tokenize("if gif") == ["gif"]  # a word that is no -ify, alone


def test_a_name_in_capitals_an_abstract_coins_in_brackets_names_that_paper(seed_index, settings) -> None:
    """Over ICML 2026 "What does GUARD do to mitigate memorization?" quoted three other memorization papers beside
    the one that introduces "Guidance Using Attractive-Repulsive Dynamics (GUARD)": its title does not say GUARD,
    and the others held the rest of the question. A name in capitals that at most CALLING_AT_MOST abstracts define
    in brackets names those papers, as a name in mixed case does."""
    from paperchat.schema import Hit

    r = Retriever(seed_index, settings.retrieval)
    papers = {p.title.split(":")[0]: p for p in seed_index.snapshot().papers.values()}
    rbad = next(p for t, p in papers.items() if t.startswith("Two-Layer Convolutional Autoencoders"))
    hydra = next(p for t, p in papers.items() if t.startswith("Swift Hydra"))
    assert "(RBAD)" in rbad.abstract and "RBAD" not in rbad.title
    hits = [Hit(rbad, 0.1, 0.50), Hit(hydra, 0.1, 0.50)]
    assert r.relevant("What does RBAD do to detect unseen anomalies?", hits, comparative=False) == {rbad.paper_id}


def test_a_greek_letter_is_its_name() -> None:
    """A title writes the letter ("$\\tau$-Bench", which clean.py turns into "τ-Bench"), a person types either: the
    letter was no term at all ("τ-Bench" gave only "bench"), so "What is tau-bench?" could not find it by name."""
    from paperchat.text import tokenize

    assert tokenize("τ-Bench", query=True) == tokenize("tau-bench", query=True)
    assert {"nabla-reasoner", "alpha-dpo", "epsilon"} <= set(tokenize("∇-Reasoner beats α-DPO at ε = 0.1"))
    assert tokenize("Ω(n) and Θ(n)") == tokenize("omega(n) and theta(n)")


def test_faster_is_fast_and_a_defense_defends() -> None:
    """Over ICML 2026 "Which papers make diffusion language models decode faster?" gave WeDLM ("… for Fast
    Inference") and d3LLM ("Ultra-Fast Diffusion LLM") no row: "faster" was its own term; and "How do papers
    defend LLM agents against prompt injection?" met no "Prompt Injection Defense"."""
    from paperchat.text import tokenize

    def same(a: str, b: str) -> bool:
        return set(tokenize(a, query=True)) <= set(tokenize(b))

    assert same("faster", "Ultra-Fast Diffusion LLM") and same("fast", "the fastest decoder")
    assert same("cheaper smaller models", "a cheap and small model") and same("bigger", "big") and same("easier", "easy")
    assert same("speed up", "a 3x speedup") and not same("accelerate decoding", "fast decoding")
    assert same("defend", "prompt injection defenses") and same("reduce", "memory reduction")
    assert same("verify", "a verification step") and same("solve", "a learned solver")
    assert same("privacy", "Private Diffusion Models") and same("private", "differential privacy")
    # "Which papers invert a generative model …?" met no "Rectified Flow Inversion"; and "make its
    # transformations invertible" was a question about every transformer paper
    assert same("invert", "Rectified Flow Inversion") and same("inverse problems", "invertible problems")
    assert same("transformers", "a Transformer-based model") and same("transformations", "it transforms")
    assert not same("transformations", "Diffusion Transformers") and not same("transformers", "a transformation")
    # "Which papers model means and covariances?" tabled a paper on covariate shift: Snowball made both "covari"
    assert same("covariances", "a covariance") and same("covariates", "covariate shift")
    assert not same("covariances", "covariate shift") and not same("variational inference", "variations")
    # "Which papers use differential equations or ODEs?" tabled a paper whose gating is "non-differentiable"
    assert not same("differential equations", "non-differentiable") and same("differential", "differentials")
    assert same("differential privacy", "differentially private")
    # over ICLR 2026 "Which papers do conformal prediction …?" tabled 3DCS, on "3D Conformational Sensitivity"
    assert same("conformal prediction", "Conformal Prediction sets") and not same("conformal", "conformational")
    assert not same("conformal", "molecular conformations") and same("conformal", "Conformalized Decision Risk")
    # over ICLR 2026 "Which papers study positional encodings in transformers?" tabled a paper that writes "we posit"
    assert same("positional", "position embeddings") and not same("positional", "we posit that")
    assert not same("position", "positive samples") and same("positive", "positives")
    assert not same("object detection", "the training objective") and same("objective", "two objectives")
    assert not same("continual learning", "continuous time") and not same("experience", "experiments")
    # "Which papers propose new optimizers?" tabled a paper that "jointly optimizes the width …"
    assert same("optimizers", "a learned optimizer") and not same("optimizers", "it optimizes the width")
    assert same("optimization", "we optimize") and same("optimization", "a learned optimizer")
    # "Which papers explain in-context learning theoretically?", over ICML 2026, met no "A Generalization
    # Theory for Meta-Learning"; "prove" met no "provably", "sparse" no "sparsity"
    assert same("theoretically", "A Generalization Theory") and same("theory", "a theoretical analysis")
    assert same("prove convergence", "provably convergent") and same("proof", "we prove")
    assert same("sparsity", "sparse features") and same("uncertainty", "uncertain labels")
    assert same("stability", "stable training") and not same("theory", "a theorem")
    assert not same("analyses", "an analytic form")
    # -er nouns are left alone
    assert tokenize("layers of higher order") == ["layer", "high", "order"]
    assert tokenize("later layers")[0] != tokenize("late")[0]


def test_a_hyphenated_plural_is_its_singular() -> None:
    """"Which papers study trade-offs between competing goals?" (held-out-w) met no abstract's "trade-off": the
    whole hyphenated word was its own term, unstemmed, and its part "offs" stemmed to a stopword the abstracts'
    "off" never gave. Over ICLR 2026, "accuracy-efficiency trade-offs in LLM inference" then tabled "Scaling
    Laws Meet Model Architecture" ("the trade-off between model accuracy and inference efficiency")."""
    from paperchat.text import tokenize

    assert "trade-off" in tokenize("trade-offs", query=True) and "trade-off" in tokenize("a fundamental trade-off")
    assert "off" not in tokenize("trade-offs", query=True)
    assert set(tokenize("Mixture-of-Experts models", query=True)) <= set(tokenize("a mixture-of-experts model"))
    assert tokenize("training-free") == ["training-free", "train", "free"]  # a stem that is its word stays

def test_a_relating_word_is_no_topic_and_an_outcome_said_in_results_counts_whole(seed_index, settings) -> None:
    """"against" was a topic term of "How do papers defend LLM agents against prompt injection?" (CausalArmor, a
    prompt-injection guardrail that never writes it, lost its row); "faster" counted a quarter where an abstract
    says it among results ("15% faster training steps"), so "Which papers make diffusion model training
    faster?" dropped that paper once "faster" was "fast" and FaPS's title held it in full."""
    from paperchat.text import asking_terms, tokenize

    assert not {"against", "make"} & set(tokenize("against make", query=True)) - asking_terms()
    r = Retriever(seed_index, settings.retrieval)
    ratio = next(p for p in seed_index.snapshot().papers.values() if p.title.startswith("Efficient Perplexity Bound"))
    assert r.coverage("training faster", ratio, {"fast"}, (), 0.25) == 1.0
    assert r.coverage("benchmarks", ratio, {"perplex"}, (), 0.25) == 1.0


def test_a_question_on_tokenization_tables_the_tokenization_papers_only(tmp_path, settings, embedder) -> None:
    records = _cases("t", "Tokenizer study", "We study tokenization of text into subwords and how the tokenizer "
                     "changes downstream accuracy of language models", 3)
    records += _cases("k", "Token pruning", "We prune tokens of language models to speed up inference, keeping the "
                      "accuracy of each token's prediction", 3)
    r = Retriever(_index_of(tmp_path, settings, embedder, records), settings.retrieval)
    question = "How do papers on tokenization in language models compare?"
    hits = r.retrieve(question, 6).hits
    assert len(hits) == 6
    assert r.relevant(question, hits, comparative=True) == {"t0", "t1", "t2"}


def test_a_name_written_in_capitals_is_held_where_it_is_written_so(seed_index, settings) -> None:
    """Over ICML 2026 "Which of them report results on MATH?" after five process-reward papers picked the one
    that says "unlike math or code" (the term "math"), not one evaluated on MATH; none of the five writes it."""
    from paperchat.schema import Paper

    r = Retriever(seed_index, settings.retrieval)
    contrast = Paper(paper_id="a", title="Process Reward Agents", venue="ICML", year=2026,
                     abstract="Step correctness is not locally verifiable for medicine, unlike math or code.")
    evaluated = Paper(paper_id="b", title="APRM", venue="ICML", year=2026,
                      abstract="Averaged across mathematical benchmarks, APRM improves solve rates on MATH and GSM8K.")
    hits = [Hit(paper=p, score=1.0, dense=0.5) for p in (contrast, evaluated)]
    assert r.unmentioned("results on MATH", hits[:1]) == "MATH"  # said so, where the word alone is held
    assert r.unmentioned("results on MATH", hits) == ""
    assert r.unmentioned("results on math", hits[:1]) == ""  # a word typed in lower case is the word
    # over ICML 2026, "Which of them report results on QM9?" after three molecule papers, none of which writes
    # "report", "results" or "QM9", was told "None of these abstracts uses the words “report results on QM9”"
    assert r.unmentioned("report results on QM9", hits[:1]) == "QM9"
    assert r.unmentioned("report results on benchmarks", hits[:1]) == "report results on benchmarks"
    # a name whose hyphen joins a capital or digit to it is one name: "Which one is evaluated on GEOM-Drugs?" over ICLR
    # 2026, after molecule-generation papers none of which names it ("geometry-based" held "geom"), quoted two of them
    # and said nothing; "LLM-based" is no name
    geometry = Paper(paper_id="c", title="SynCoGen", venue="ICLR", year=2026,
                     abstract="Prior work limits geometry-based generation. We evaluate it in drug discovery.")
    assert r.unmentioned("evaluated on GEOM-Drugs", [Hit(paper=geometry, score=1.0, dense=0.5)]) == "GEOM-Drugs"
    assert r.unmentioned("results on MMLU-Pro", hits) == "MMLU-Pro"
    assert r.holding("Which of them are LLM-based?", hits) == r.holding("Which of them are LLM based?", hits)


def test_a_common_word_none_of_the_papers_holds_is_said_to_be_unheld(seed_index, settings) -> None:
    """Over ICML 2026, "Which of them target language models?" after three membership-inference papers, none of
    which writes "language", quoted them with nothing said: "language" is in a third of ICML 2026's abstracts,
    too common to count, though `holding` picks by it when the phrase has nothing rarer. Here "diffusion", in
    about half of the seed abstracts, stands for it."""
    from paperchat.schema import Paper

    r = Retriever(seed_index, settings.retrieval)
    assert not r._specific(["diffus"]) and r._specific(["diffus"], 0.7)
    papers = [Paper(paper_id=f"m{i}", title=f"Membership Inference {i}", venue="ICML", year=2026,
                    abstract=f"We attack image classifiers and tabular models with membership inference ({i}).")
              for i in range(3)]
    hits = [Hit(paper=p, score=1.0, dense=0.5) for p in papers]
    assert r.holding("diffusion models", hits) == set()
    assert r.unmentioned("diffusion models", hits) == "diffusion"
    assert r.unmentioned("image models", hits) == ""  # held: nothing to say


def test_a_paper_past_the_first_k_gets_a_row_only_when_its_title_holds_the_topic(seed_index, settings) -> None:
    """The fused ranking put "Unpaired Visual Editing with Self-Consistent Flow Matching" 7th for "How do the
    flow matching papers differ?", past the five hits weighed, so it had no row; a paper that far down is a row
    when its title holds the topic as fully as the best row does, and its abstract too, not its abstract alone."""
    from dataclasses import replace

    from paperchat.schema import Hit

    r = Retriever(seed_index, settings.retrieval)
    papers = {p.title.split(":")[0]: p for p in seed_index.snapshot().papers.values()}
    titled = papers["A Watermark for Order-Agnostic Language Models"]
    # the same abstract (it says "watermark" throughout) under a title that does not
    untitled = replace(papers["Break the Trade-off Between Watermark Strength and Speculative Sampling Efficiency "
                              "for Language Models"], title="Break the Trade-off in Speculative Sampling Efficiency")
    first = [papers["NoisePrints"], papers["GenCtrl – A Formal Controllability Toolkit for Generative Models"],
             papers["TrustGen"]]
    hits = [Hit(p, 0.1, d) for p, d in zip(first + [titled, untitled], (0.50, 0.45, 0.44, 0.40, 0.40), strict=True)]
    got = r.relevant("Which papers propose watermarks, and how do they differ?", hits, comparative=True, k=3)
    assert titled.paper_id in got and papers["NoisePrints"].paper_id in got
    assert untitled.paper_id not in got and papers["TrustGen"].paper_id not in got


def test_a_paper_past_the_first_k_whose_title_lacks_a_light_word_of_the_topic_gets_a_row(seed_index, settings) -> None:
    """Over ICML 2026 "Which papers use flow matching for generative modeling?" tabled 6 of the 20 flow matching
    papers searched: "Cascaded Flow Matching for Heterogeneous Tabular Data" and "LATO: 3D Mesh Flow Matching …"
    were past the first five, and their titles lacked "generative", so they held less of the topic than the
    best row. A title may now fall TITLE_SLACK short of it (a light word, by idf); one that lacks a heavy word
    still gets no row."""
    from dataclasses import replace

    from paperchat.retrieve import TITLE_SLACK
    from paperchat.schema import Hit

    r = Retriever(seed_index, settings.retrieval)
    papers = {p.title.split(":")[0]: p for p in seed_index.snapshot().papers.values()}
    both = papers["Break the Trade-off Between Watermark Strength and Speculative Sampling Efficiency for Language "
                  "Models"]
    question = "Which papers watermark language models for speculative sampling, and how do they differ?"
    # the same abstract under a title without "language" (light), and under one without "speculative sampling"
    light = replace(both, paper_id="light", title="Watermarks for Speculative Sampling")
    heavy = replace(both, paper_id="heavy", title="A Watermark for Order-Agnostic Language Models")
    title_only = [r.covered(question, replace(p, abstract="", roles=[]), {"watermark", "specul", "languag"},
                            []) for p in (light, heavy)]
    assert 1.0 - TITLE_SLACK <= title_only[0] < 1.0 and title_only[1] < 1.0 - TITLE_SLACK
    first = [both, replace(both, paper_id="twin"), papers["NoisePrints"]]
    hits = [Hit(p, 0.1, d) for p, d in zip(first + [light, heavy], (0.50, 0.48, 0.44, 0.42, 0.42), strict=True)]
    assert r.topic_terms(question, hits[:3]) == {"watermark", "specul", "languag"}
    got = r.relevant(question, hits, comparative=True, k=3)
    assert {both.paper_id, "twin", "light"} <= got and "heavy" not in got


def test_a_title_need_not_name_the_setting_a_question_puts_its_topic_in(seed_index, settings) -> None:
    """Over ICLR 2026 "Which papers study length generalization in transformers?" tabled one paper:
    "Understanding and Improving Length Generalization in Hierarchical Sparse Attention Models", past the first
    five, has no "transformers" in its title, which held too little of the topic. What a question puts its
    topic in ("in transformers") is the setting; past the first k a title holds it when the abstract does. A
    setting written otherwise ("for speculative sampling") is still the title's to hold."""
    from dataclasses import replace

    from paperchat.schema import Hit

    r = Retriever(seed_index, settings.retrieval)
    papers = {p.title.split(":")[0]: p for p in seed_index.snapshot().papers.values()}
    both = papers["Break the Trade-off Between Watermark Strength and Speculative Sampling Efficiency for Language "
                  "Models"]
    # its abstract under a title without the setting, and a paper whose abstract lacks it
    bare = replace(both, paper_id="bare", title="A Watermark for Order-Agnostic Language Models")
    first = [both, replace(both, paper_id="twin"), papers["NoisePrints"]]
    hits = [Hit(p, 0.1, d) for p, d in zip(first + [bare, papers["A Watermark for Order-Agnostic Language Models"]],
                                             (0.50, 0.48, 0.44, 0.42, 0.42), strict=True)]
    within = r.relevant("Which papers study watermarks in speculative sampling, and how do they differ?", hits, True, k=3)
    assert "bare" in within and papers["A Watermark for Order-Agnostic Language Models"].paper_id not in within
    besides = r.relevant("Which papers study watermarks for speculative sampling, and how do they differ?", hits, True,
                         k=3)
    assert {both.paper_id, "twin"} <= besides and "bare" not in besides


def test_a_paper_that_mitigates_what_a_question_asks_to_reduce_holds_the_topic(seed_index, settings) -> None:
    """Over ICML 2026 "Which papers reduce hallucination in large language models?" left out "Building Reliable
    Long-Form Generation via Hallucination Rejection Sampling", "a novel inference-time hallucination mitigation
    framework": it held "hallucination" and not "reduce". Verbs for one thing done to a topic stand for each other;
    others do not ("detect")."""
    from paperchat.schema import Paper

    r = Retriever(seed_index, settings.retrieval)
    question = "Which papers reduce hallucination in large language models?"
    terms = {"reduc", "hallucin"}
    mitigates = Paper(paper_id="m", title="Hallucination Rejection Sampling", venue="ICML", year=2026,
                      abstract="We propose a novel inference-time hallucination mitigation framework.")
    detects = Paper(paper_id="d", title="Attention Sinks for Hallucination Detection", venue="ICML", year=2026,
                    abstract="We propose a hallucination detection method.")
    assert r.coverage(question, mitigates, terms) == 1.0
    assert r.coverage(question, detects, terms) < 1.0
    # over ICML 2026 "Which papers speed up diffusion LLMs?" left out the dLLM papers that "accelerate" decoding or make
    # it "faster" (held two thirds of the topic); speeding up, accelerating and making faster are one thing done
    question = "Which papers speed up diffusion LLMs?"
    terms = {"speed", "diffus", "llm"}
    for said in ("Prior acceleration methods for diffusion LLMs depend on fixed schedules; ours accelerates them.",
                 "Our decoding makes diffusion LLMs three times faster."):
        faster = Paper(paper_id="f", title="Efficient Diffusion LLMs", venue="ICML", year=2026, abstract=said)
        assert r.coverage(question, faster, terms) == 1.0, said
    slower = Paper(paper_id="s", title="Diffusion LLMs", venue="ICML", year=2026,
                   abstract="We study how diffusion LLMs forget their training data.")
    assert r.coverage(question, slower, terms) < 1.0


def test_a_topic_word_that_shares_its_stem_with_an_asking_word_is_still_the_topic(seed_index, settings) -> None:
    """Over ICML 2026 "Which papers study exploration in reinforcement learning?" had "reinforcement" alone for a
    topic: "exploration" and the asking verb "explore" are both "explor", so it was dropped as a word the question
    asks with, and two rows were on reinforcement learning without exploration. A word asks only as written."""
    r = Retriever(seed_index, settings.retrieval)
    assert "explor" in r._topic_candidates("Which papers study exploration in reinforcement learning?")
    assert "explor" not in r._topic_candidates("Which papers explore reinforcement learning?")
    assert "investig" not in r._topic_candidates("Which papers investigate reinforcement learning?")


def test_the_alternative_to_a_topic_nearly_every_paper_is_asks_nothing(seed_index, settings) -> None:
    """"Which papers generate or reconstruct 3D content?": most seed papers generate, so "or reconstruct" asks
    nothing and "3D" is the topic; "reconstruct" was required, and DiffStyle3D (3D stylization) and the
    neural rendering paper had no row beside GTR's 3D reconstruction."""
    r = Retriever(seed_index, settings.retrieval)
    question = "Which papers generate or reconstruct 3D content, and how do they differ?"
    assert r.moot(question) == {"reconstruct"}
    assert r.moot("Which papers study privacy or memorization in diffusion models?") == set()
    from paperchat.schema import Hit

    papers = {p.title.split(":")[0]: p for p in seed_index.snapshot().papers.values()}
    hits = [Hit(papers[t], 0.1, d) for t, d in (("GTR", 0.50), ("DiffStyle3D", 0.45), ("FaPS", 0.44))]
    rows = {h.paper.title.split(":")[0] for h in hits if h.paper.paper_id in r.relevant(question, hits, True)}
    assert rows == {"GTR", "DiffStyle3D"}


@pytest.mark.parametrize("question, shown, narrowing", [
    ("Which papers apply generative models to biology, such as proteins, peptides or cells?",
     {"protein", "peptid", "cell"}, set()),
    ("Which papers make models robust, to worst cases or adversaries, and how do they differ?",
     set(), {"worst", "case", "adversari"}),
    ("Compare the papers that estimate pose, of objects or of the camera.", set(), {"object", "camera"}),
    ("Which papers use VAEs, and how do they differ?", set(), set()),
    ("Which papers are about watermarks, authorship or copyright of generated content, and how do they differ?",
     set(), {"generat", "content"}),
    ("Which papers trace the provenance of generated text or images, and how do they differ?", set(), set()),
    ("Which papers study privacy or memorization in diffusion models, and how do they differ?", set(), set()),
    # examples after a plural need no comma; "like" after a verb compares, it gives no example
    ("Which papers propose state space models like Mamba, and how do they differ?", {"mamba"}, set()),
    ("Which papers fine-tune with methods such as LoRA?", {"lora"}, set()),
    ("Which papers make models reason like humans?", set(), set()),
])
def test_what_a_question_adds_to_its_topic_after_a_comma(question, shown, narrowing) -> None:
    from paperchat.text import examples

    assert examples(question) == (shown, narrowing)


@pytest.mark.parametrize("question, heads", [
    ("Which papers study biases, such as spectral or initialization biases, and how do they differ?", {"bias"}),
    ("Which papers improve image generation with transformers, such as masked or diffusion transformers?",
     {"transformer"}),
    # "time" of "over time" is no head of "time series": the examples keep it
    ("Which papers model how things change over time, such as time series, event sequences or cell trajectories?",
     set()),
    ("Which papers apply generative models to biology, such as proteins, peptides or cells?", set()),
    ("Which papers make models robust, to worst cases or adversaries, and how do they differ?", set()),
])
def test_the_topic_an_example_repeats_as_its_head_is_the_topic(question, heads) -> None:
    from paperchat.text import beside_examples

    assert beside_examples(question) == heads


def test_a_paper_holds_a_topic_its_examples_repeat_without_holding_an_example(seed_index, settings) -> None:
    """"Which papers study biases, such as spectral or initialization biases?" gave no row to the paper on
    the biases of mice: "biases" counted only as a word of the examples, so a paper needed one of them."""
    from paperchat.retrieve import _in_groups

    r = Retriever(seed_index, settings.retrieval)
    papers = {p.title[:24]: p for p in seed_index.snapshot().papers.values()}
    question = "Which papers study biases, such as spectral or initialization biases, and how do they differ?"
    groups = r.alternatives(question)
    assert "bias" not in _in_groups(groups, question) and "initializ" in _in_groups(groups, question)
    for title in ("The brain interprets vis", "FaPS: A General and Fast", "Stage-wise Dynamics of C"):
        assert r.covered(question, papers[title], {"bias"}, groups) == pytest.approx(1.0)
    # a paper that holds the examples' other words but no bias holds less
    assert r.covered(question, papers["Projected Gradient Ascen"], {"bias"}, groups) < 0.8


def test_a_paper_holds_a_topic_made_precise_after_a_comma_by_the_topic_or_by_an_example(seed_index, settings) -> None:
    """"make models robust, to worst cases or adversaries": the robust-recourse paper names neither worst
    cases nor adversaries and had no row; "model how things change over time, such as time series, event
    sequences or cell trajectories" was refused, since no paper holds "change over time" beside its example."""
    r = Retriever(seed_index, settings.retrieval)
    papers = {p.title.split(":")[0]: p for p in seed_index.snapshot().papers.values()}
    question = "Which papers make models robust, to worst cases or adversaries, and how do they differ?"
    groups, topic = r.alternatives(question), {"robust"}
    recourse = papers["From Search to Sampling"]
    assert r.coverage(question, recourse, topic, groups) < 0.5
    assert r.covered(question, recourse, topic, groups) == pytest.approx(1.0)
    assert r.covered(question, papers["Swift Hydra"], topic, groups) == 0.0
    question = ("Which papers model how things change over time, such as time series, event sequences or cell "
                "trajectories?")
    groups, topic = r.alternatives(question), {"chang"}
    forecasting = papers["Conditionally Whitened Generative Models for Probabilistic Time Series Forecasting"]
    assert r.coverage(question, forecasting, topic, groups) < 0.8
    assert r.covered(question, forecasting, topic, groups) == pytest.approx(1.0)
    # a narrowing phrase alone is no topic: a paper that holds "camera" but not "pose" holds half at most
    question = "Compare the papers that estimate pose, of objects or of the camera."
    rendering = papers["Scaling Sequence-to-Sequence Generative Neural Rendering"]
    assert r.covered(question, rendering, {"pose", "estim"}, r.alternatives(question)) < 0.8
    # what a list is of scopes it: "watermarks, authorship or copyright of generated content" had one row,
    # NoisePrints, the one watermarking paper that also says "content"
    question = ("Which papers are about watermarks, authorship or copyright of generated content, and how do they "
                "differ?")
    groups = r.alternatives(question)
    order_agnostic = papers["A Watermark for Order-Agnostic Language Models"]
    assert r.coverage(question, order_agnostic, {"content"}, groups) < 0.7
    assert r.covered(question, order_agnostic, {"content"}, groups) == pytest.approx(1.0)
    assert r.covered(question, papers["Swift Hydra"], {"content"}, groups) < 0.5


@pytest.mark.parametrize("title, kind", [
    ("MolLangBench: A Comprehensive Benchmark for Language-Prompted Molecular Structure Recognition", "benchmark"),
    ("GeomMotif: A Benchmark for Arbitrary Geometric Preservation in Protein Generation", "benchmark"),
    ("Reward Hacking Benchmark: Measuring Exploits in LLM Agents with Tool Use", "benchmark"),
    ("SmellNet: A Large-scale Dataset for Real-world Smell Recognition", "benchmark"),
    ("WideSearch: Benchmarking Agentic Broad Info-Seeking", "benchmark"),
    ("CLARC: C/C++ Benchmark for Robust Code Search", "benchmark"),
    ("CoopEval: Benchmarking Cooperation-Sustaining Mechanisms and LLM Agents in Social Dilemmas", "benchmark"),
    # "Benchmarking" after words that say how (ICLR 2026: RobotArena had been a row of "Which papers propose
    # vision-language-action models for robots?"); not after "for … and" or "of"
    ("RobotArena $\\infty$: Unlimited Robot Benchmarking via Real-to-Sim Translation", "benchmark"),
    ("AMemGym: Interactive Memory Benchmarking for Assistants in Long-Horizon Conversations", "benchmark"),
    ("RoboCasa365: A Large-Scale Simulation Framework for Training and Benchmarking Generalist Robots", "method"),
    ("TrustGen: A Platform of Dynamic Benchmarking on the Trustworthiness of Generative Foundation Models", "method"),
    ("Position: The Term “Machine Unlearning” Is Overused in LLMs", "position"),
    ("Graph Transformers: A Survey of Architectures", "survey"),
    # a benchmark beside a method, a dataset as a topic, a benchmark as a word inside a method's title
    ("A Benchmark and Framework for Evaluating Next Action Predictions in Spreadsheets", "method"),
    ("PlantRSR: A New Plant Dataset and Method for Reference-based Super-Resolution", "method"),
    ("MechVQA: Benchmarking and Enhancing Multimodal LLMs on Mechanical Drawing Understanding", "method"),
    ("Multimodal Dataset Distillation Made Simple by Prototype-guided Data Synthesis", "method"),
    ("OD$^3$: Optimization-free Dataset Distillation for Object Detection", "method"),
    ("Toward More Reliable Agent Evaluation: A Component-Based Benchmark Auditing Pipeline", "method"),
    ("ZeroUnlearn: Few-Shot Knowledge Unlearning in Large Language Models", "method"),
    # an attack, as the title's head or an attacker's verb; not a defense that names it, nor a method that "exploits"
    ("ChatInject: Abusing Chat Templates for Prompt Injection in LLM Agents", "attack"),
    ("Adaptive Attacks on Trusted Monitors Subvert AI Control Protocols", "attack"),
    ("Rapid Poison: Practical Poisoning Attacks Against the Rapid Response Framework", "attack"),
    ("Jailbreaking Vision-Language Models Through the Visual Modality", "attack"),
    ("Decoy for the Judge: Disrupting Multi-Turn Jailbreaks using Semantics-Preserving Output Rewriting", "method"),
    ("Monitoring Decomposition Attacks with Lightweight Sequential Monitors", "method"),
    ("WARP: Weight Teleportation for Attack-Resilient Unlearning Protocols", "method"),
    ("ATEX-CF: Attack-Informed Counterfactual Explanations for Graph Neural Networks", "method"),
    ("Robust Training Against Backdoor Attacks via Trigger Inversion", "method"),
    ("Faster Than Flash: Exploiting Attention Sparsity for Efficient Long-Context Decoding", "method"),
])
def test_a_title_says_what_the_paper_contributes(title, kind) -> None:
    from paperchat.contribution import contribution

    assert contribution(title) == kind


@pytest.mark.parametrize("title, abstract, kind", [
    # a title that does not say what the paper is: its abstract's own proposal (ICML 2026: BMIA was the one answer to
    # "What methods defend against membership inference attacks?")
    ("How does Bayesian Sampling help Membership Inference Attacks?",
     "Existing attacks train many reference models. In this work, we propose a novel approach -- Bayesian Membership "
     "Inference Attack (BMIA), which performs conditional attack through Bayesian sampling.", "attack"),
    ("LLM Watermark Evasion via Bias Inversion",
     "Watermarks are meant to be robust. We propose the Bias-Inversion Rewriting Attack, which removes them.", "attack"),
    # a long name before the attack it is (ICML 2026: a row of "Which papers defend against backdoor attacks in
    # federated learning?")
    ("Coupled Trigger Optimization and Vulnerable Parameter Alignment for Persistent Backdoor Attacks on Federated "
     "Learning", "Based on this insight, we propose the Coupled Trigger Optimization and Vulnerable Parameter Alignment "
     "(CTO-VPA) FL backdoor attack method.", "attack"),
    # an attack a defense designs to test itself, one beside a proposed mitigation, one beside defenses it improves
    ("WARP: Weight Teleportation for Attack-Resilient Unlearning Protocols",
     "To demonstrate their severity, we design unlearning-specific membership inference attacks.", "method"),
    ("Unlearning Isn't Forgetting: Revealing Hidden Leakage in Class Unlearning Evaluations",
     "We introduce Class Membership Inference Attack (CMIA). We then propose a new fine-tuning objective that "
     "mitigates this privacy leakage.", "method"),
    ("Searching for Privacy Risks in LLM Agents via Simulation",
     "We present a search-based framework that alternates between improving attack and defense agents.", "method"),
    ("Defending Diffusion Models Against Membership Inference",
     "We propose a new attack and a defense that stops it.", "method"),
])
def test_an_abstract_that_proposes_an_attack_under_a_title_that_does_not_say(title, abstract, kind) -> None:
    from paperchat.contribution import contribution

    assert contribution(title, abstract) == kind


def test_a_question_for_defenses_that_finds_only_attacks_says_the_collection_has_none(settings, embedder,
                                                                                      tmp_path) -> None:
    """Over ICML 2026 "What methods defend against membership inference attacks?" quoted BMIA, an attack, as if it
    were a defense (the collection has none): the answer says it has no paper that defends against it and names the
    closest as attacks. Asked what was studied, the attacks are the answer."""
    from paperchat.engine import Engine

    index = _index_of(tmp_path, settings, embedder, [
        ("a1", "How does Bayesian Sampling help Membership Inference Attacks?",
         "In this work, we propose a novel approach -- Bayesian Membership Inference Attack (BMIA), a membership "
         "inference attack through Bayesian sampling."),
        ("a2", "Scalable Membership Inference Attacks via Quantile Regression",
         "We show membership inference attacks work on classes never seen, with quantile regression."),
        ("m1", "Scaling Laws for Sparse Autoencoders",
         "We fit scaling laws to sparse autoencoders of many sizes, from small ones to very large ones.")])
    engine = Engine(settings, index)
    for question in ("Which papers defend against membership inference attacks, and how do they differ?",
                     "What methods defend against membership inference attacks?"):
        answer = engine.answer(question)
        assert answer.abstained and answer.table is None and not answer.citations
        assert answer.text.startswith("The collection has no paper that defends against this.")
        assert "Scalable Membership Inference Attacks via Quantile… (an attack)" in answer.text
    studied = engine.answer("Which papers study membership inference attacks, and how do they differ?")
    assert not studied.abstained and {r.paper_id for r in studied.table.rows} == {"a1", "a2"}


def test_an_answer_whose_papers_are_all_benchmarks_says_none_proposes_a_method(settings, embedder, tmp_path) -> None:
    """Asked for papers that do something, with only benchmarks and position papers on it, the answer quotes them
    (the question is answered from what there is) and says first that none of them proposes a method."""
    from paperchat.engine import Engine

    index = _index_of(tmp_path, settings, embedder, [
        ("b1", "MolBench: A Comprehensive Benchmark for Molecule and Protein Generation",
         "We evaluate how models generate molecules and proteins. Generators of molecules fail often."),
        ("p1", "Position: Protein Generation Needs Better Evaluation",
         "We argue that models that generate proteins and molecules are evaluated poorly today."),
        ("m1", "Scaling Laws for Sparse Autoencoders",
         "We fit scaling laws to sparse autoencoders of many sizes, from small ones to very large ones.")])
    answer = Engine(settings, index).answer("Which papers generate molecules or proteins, and how do they differ?")
    assert {r.paper_id for r in answer.table.rows} == {"b1", "p1"}
    assert answer.text.startswith("*None of the papers found proposes a method for this: MolBench is a benchmark, "
                                  "Protein Generation Needs Better Evaluation is a position paper.*")


@pytest.mark.parametrize("question, methods", [
    ("Which papers generate molecules or proteins, and how do they differ?", True),
    ("Which papers propose machine unlearning methods for large language models, and how do they differ?", True),
    ("What is InfoRMIA and how does it differ from earlier membership inference attacks?", True),
    ("Which papers study reward hacking or reward model overoptimization, and how do they differ?", False),
    ("Compare the papers on quantization of large language models.", False),
    # the field "data science" is no question about data (ICLR 2026: WebDS, a benchmark, had a row)
    ("Which papers build LLM agents for data science tasks?", True),
    ("Which papers build LLM agents for data analysis, and what data do they use?", False),
    ("Which papers propose benchmarks for GUI agents, and how do they differ?", False),
    ("Which papers evaluate code generation, and what data do they use?", False),
    ("Which papers address catastrophic forgetting in continual learning?", False),
    ("Which papers work on jailbreak attacks or defenses for LLMs?", False),
    # over ICLR 2026 Tab-MIA, "A Benchmark Dataset for Membership Inference Attacks on Tabular Data in LLMs", was left
    # out of this one: "do" names a topic
    ("Which papers do membership inference attacks on LLMs?", False),
    ("Which papers do not use reinforcement learning?", True),
])
def test_a_question_asks_for_papers_that_do_something_or_for_any_paper_on_it(question, methods) -> None:
    from paperchat.contribution import asks_for_methods

    assert asks_for_methods(question) is methods


def test_what_a_question_says_its_topic_is_stays_in_the_topic_when_a_title_and_a_deeper_paper_hold_it(
        settings, embedder, tmp_path) -> None:
    """Over ICLR 2026 "Which papers study when chain-of-thought reasoning is faithful …?" lost "faithful" from its
    topic (FaithCoT-Bench alone of the first five held it; "Towards Faithful Reasoning …" was 16th) and tabled twelve
    chain-of-thought papers. Said of the topic ("is faithful"), named in a first title and held further down, it
    stays; an aspect not said so ("… and what benchmarks do they use?") is left to the first hits."""
    cot = [(f"c{i}", f"Chain-of-Thought Reasoning Study Number {i}",
            f"We study chain-of-thought reasoning in language models, case {i}, on math and logic benchmarks.")
           for i in range(4)]
    r = Retriever(_index_of(tmp_path, settings, embedder, cot + [
        ("f1", "FaithCoT-Bench: Benchmarking Faithfulness of Chain-of-Thought Reasoning",
         "We measure whether chain-of-thought reasoning is faithful to what the model computes."),
        ("f2", "Towards Faithful Reasoning in Remote Sensing",
         "A chain-of-thought reasoning model whose reasoning is faithful to what it perceives.")]), settings.retrieval)
    hits = {h.paper.paper_id: h for h in r.retrieve("chain-of-thought reasoning faithful", 6).hits}
    first, deeper = [hits[p] for p in ("c0", "c1", "c2", "c3", "f1")], [hits["f2"]]
    question = "Which papers study when chain-of-thought reasoning is faithful, and how do they differ?"
    assert "faith" not in r.topic_terms(question, first)
    assert "faith" in r.topic_terms(question, first, deeper)
    asked = "Which papers study chain-of-thought reasoning, and what benchmarks do they use?"
    assert "benchmark" not in r.topic_terms(asked, first, deeper)


def test_a_question_about_language_models_rows_the_papers_that_write_of_one(settings, embedder, tmp_path) -> None:
    """Over ICLR 2026 "Compare papers on knowledge distillation for large language models." tabled DTO-KD, distilled
    on ImageNet and COCO: "large language models" is too common a phrase there to be a topic word, so the setting
    was lost. A row writes of a language model (an LLM, a chatbot, GPT-4 …) when the question asks about one; a
    multimodal or vision-language one is not (over ICML 2026 "Which papers reduce hallucination in large language
    models …?" had tabled six papers on hallucination in vision-language models)."""
    r = Retriever(_index_of(tmp_path, settings, embedder, [
        ("l1", "Knowledge Distillation for LLMs through Residual Learning",
         "Knowledge distillation transfers the abilities of a large teacher to a small student; we distill LLMs."),
        ("l2", "Teacher Selection for Knowledge Distillation",
         "Knowledge distillation from a large teacher to a small student, for chatbots, with a cheap score."),
        ("v1", "DTO-KD: Dynamic Trade-off Optimization for Knowledge Distillation",
         "Knowledge distillation from a large teacher to a small student, evaluated on ImageNet and COCO."),
        ("v2", "Teacher-Student Compression of MLLMs",
         "Knowledge distillation from a large teacher to a small student, for MLLMs that answer questions on images.")] + [
        (f"o{i}", f"{topic.title()} of Large Language Models",
         f"We study {topic} in large language models, a question of growing interest for many practitioners.")
        for i, topic in enumerate(("sycophancy", "tokenization", "watermarking", "hallucination", "jailbreaking",
                                   "unlearning", "quantization", "calibration", "memorization"))]), settings.retrieval)
    question = "Compare papers on knowledge distillation for large language models."
    hits = r.retrieve(question, 13).hits
    assert r.relevant(question, hits, comparative=True) == {"l1", "l2"}
    plain = "Compare papers on knowledge distillation."
    assert {"l1", "l2", "v1"} <= r.relevant(plain, r.retrieve(plain, 13).hits, comparative=True)


def test_a_question_about_graph_neural_networks_rows_the_papers_that_write_of_one() -> None:
    """Over ICLR 2026 "Which papers study the robustness of graph neural networks to adversarial attacks?" tabled four
    robustness studies of neural networks in general beside one paper on GNNs: every first hit shares "neural
    network", not "graph". A question that names them beside another thing ("graphs or graph neural networks") is
    left alone."""
    papers = {pid: Paper(paper_id=pid, title=title, abstract=abstract, venue="ICLR", year=2026) for pid, title, abstract in (
        ("g1", "ATEX-CF: Attack-Informed Counterfactual Explanations for Graph Neural Networks",
         "We explain GNNs with adversarial attacks."),
        ("g2", "Robust Message Passing", "Message-passing networks under adversarial edge perturbations."),
        ("n1", "When Flatness Does (Not) Guarantee Adversarial Robustness",
         "Neural networks remain vulnerable to adversarial perturbations."))}
    rows = set(papers)
    asked = "Which papers study the robustness of graph neural networks to adversarial attacks?"
    assert retrieve._of_the_model_family(asked, rows, papers) == {"g1", "g2"}
    assert retrieve._of_the_model_family("Which papers model data with graphs or graph neural networks?", rows,
                                        papers) == rows
    assert retrieve._of_the_model_family("Which papers study adversarial robustness?", rows, papers) == rows


def test_a_question_for_attacks_rows_the_papers_that_attack(settings, embedder, tmp_path) -> None:
    """Over ICLR 2026 "How do papers attack or remove watermarks in images?" tabled three watermarking schemes "robust
    against removal attacks" beside the one paper that introduces an attack on them."""
    r = Retriever(_index_of(tmp_path, settings, embedder, [
        ("a1", "The Self-Re-Watermarking Trap: From Exploit to Resilience",
         "We introduce a novel attack that removes watermarks from images, and a defense of the watermarks against it."),
        ("a2", "Watermark Evasion via Regeneration",
         "We attack and remove watermarks from images by regenerating the images with a diffusion model."),
        ("d1", "SERUM: Simple, Efficient, Robust Marking for Diffusion Images",
         "Our watermarks for images are robust: no attack can remove them without visible damage to the images."),
        ("d2", "Attack-Resistant Watermarking for Image Forensics",
         "Our watermarks for images resist every attack that tries to remove them from the watermarked images.")]),
        settings.retrieval)
    question = "How do papers attack or remove watermarks in images?"
    hits = r.retrieve(question, 4).hits
    assert {h.paper.paper_id for h in hits} == {"a1", "a2", "d1", "d2"}
    assert r.relevant(question, hits, comparative=True) == {"a1", "a2"}
    both = "Which papers study attacks and defenses of image watermarks?"
    assert {"d1", "d2"} <= r.relevant(both, r.retrieve(both, 4).hits, comparative=True)


@pytest.mark.parametrize("question, defenses, attacks", [
    ("Which papers defend against prompt injection attacks, and how do they differ?", True, False),
    ("Which papers propose defenses against backdoor attacks, and how do they differ?", True, False),
    ("How do papers protect diffusion models from membership inference?", True, False),
    ("Which papers work on jailbreak attacks or defenses for LLMs?", False, False),
    ("Which papers study defenses and attacks on watermarks?", False, False),
    ("Which papers attack LLM watermarks?", False, True),
    ("Which papers study membership inference attacks, and how do they differ?", False, False),
    ("How do papers attack or remove watermarks in images?", False, True),
    ("Which papers jailbreak aligned LLMs?", False, True),
    ("Which papers propose new attacks on federated learning?", False, True),
    ("Which papers remove watermarks or defend them?", True, False),
    ("Which papers study watermark removal?", False, False),
])
def test_a_question_asks_for_defenses_or_attacks_alone(question, defenses, attacks) -> None:
    from paperchat.contribution import asks_for_attacks, asks_for_defenses

    assert asks_for_defenses(question) is defenses
    assert asks_for_attacks(question) is attacks


def test_an_attack_gets_no_row_when_the_question_asks_for_defenses(settings, embedder, tmp_path) -> None:
    """Over ICLR 2026 "Which papers defend against prompt injection attacks …?" tabled ChatInject ("Abusing Chat
    Templates for Prompt Injection in LLM Agents") and an adaptive attack on monitors beside the one defense found;
    over ICML 2026 "… defenses against backdoor attacks …" tabled "Rapid Poison: Practical Poisoning Attacks …"."""
    r = Retriever(_index_of(tmp_path, settings, embedder, [
        ("d1", "Planning Agents That Resist Prompt Injection",
         "We defend LLM agents against prompt injection attacks by planning before reading tool outputs."),
        ("d2", "ASIDE: Separating Instructions and Data",
         "We defend language models against prompt injection attacks by rotating the embeddings of data tokens."),
        ("a1", "ChatInject: Abusing Chat Templates for Prompt Injection in LLM Agents",
         "We inject prompts into LLM agents through chat templates: prompt injection attacks that the agents "
         "defend against poorly.")]),
        settings.retrieval)
    question = "Which papers defend against prompt injection attacks, and how do they differ?"
    hits = r.retrieve(question, 3).hits
    assert {h.paper.paper_id for h in hits} == {"d1", "d2", "a1"}
    assert r.relevant(question, hits, comparative=True) == {"d1", "d2"}
    both = "Which papers work on prompt injection attacks or defenses, and how do they differ?"
    assert "a1" in r.relevant(both, r.retrieve(both, 3).hits, comparative=True)


def test_a_benchmark_gets_no_row_when_the_question_asks_for_papers_that_do_it(settings, embedder, tmp_path) -> None:
    """Over ICLR 2026, "Which papers generate molecules or proteins, and how do they differ?" tabled
    MolLangBench and GeomMotif, two benchmarks, beside the generators; over ICML 2026 "… machine unlearning
    methods …" tabled a position paper. A question that asks what was studied still gets them."""
    r = Retriever(_index_of(tmp_path, settings, embedder, [
        ("g1", "SynCoGen: Synthesizable 3D Molecule Generation",
         "We generate molecules and proteins with a diffusion model. Our generator produces valid molecules."),
        ("g2", "Shrinking Proteins with Diffusion",
         "We generate proteins and molecules by deleting residues. The generated proteins fold well."),
        ("b1", "MolBench: A Comprehensive Benchmark for Molecule and Protein Generation",
         "We evaluate how models generate molecules and proteins. Generators of molecules fail often."),
        ("p1", "Position: Protein Generation Needs Better Evaluation",
         "We argue that models that generate proteins and molecules are evaluated poorly today.")]), settings.retrieval)
    doing, studying = "Which papers generate molecules or proteins, and how do they differ?", \
        "Which papers study how models generate molecules or proteins?"
    hits = r.retrieve(doing, 4).hits
    assert {h.paper.paper_id for h in hits} == {"g1", "g2", "b1", "p1"}
    assert r.relevant(doing, hits, comparative=True) == {"g1", "g2"}
    assert {"b1", "p1"} <= r.relevant(studying, r.retrieve(studying, 4).hits, comparative=True)
    # when every paper found is a benchmark, they stay: the question is answered from what there is
    only = [h for h in r.retrieve("Which papers generate molecules or proteins?", 4).hits if h.paper.paper_id in {"b1", "p1"}]
    assert r.relevant("Which papers generate molecules or proteins?", only, comparative=True) == {"b1", "p1"}


def test_a_speedup_said_among_results_counts_whole_and_no_title_need_say_it(tmp_path, settings, embedder) -> None:
    """Over ICML 2026 "Which papers speed up speculative decoding?" tabled 2 of some twenty such papers: a "2.1×
    speedup" is an outcome, said where results are (NanoSpec held it there only and counted a quarter of it), and a
    paper found past the first k needed its title to say "speed" ("Dustin: … with Speculative Decoding")."""
    records = [(f"s{i}", f"Speculative Decoding Speed {i}", f"We speed up speculative decoding of language models "
                f"with a small draft model, case {i}.") for i in range(2)]
    records.append(("d", "Dustin: Sparse Verification with Speculative Decoding",
                    "Speculative decoding of language models is slow for long contexts. We verify draft tokens "
                    "sparsely. Experiments show a 2.5x speedup of speculative decoding."))
    r = Retriever(_index_of(tmp_path, settings, embedder, records), settings.retrieval)
    said = Paper(paper_id="n", title="NanoSpec", venue="ICML", year=2026, roles=["background", "method", "result"],
                 abstract="Speculative decoding drafts tokens with a small model. We shrink the draft vocabulary. "
                          "Experiments show a 2.1× speedup on long contexts.")
    assert r.coverage("speed", said, {"speed"}, (), 0.25) == 1.0
    assert r.coverage("contexts", said, {"context"}, (), 0.25) == 0.25  # a result that is no outcome: a quarter

    question = "Which papers speed up speculative decoding, and how do they differ?"
    hits = r.retrieve(question, 3).hits
    assert [h.paper.paper_id for h in hits][-1] == "d" and [p.roles[-1] for p in [hits[-1].paper]] == ["result"]
    assert r.relevant(question, hits, comparative=True, k=2) == {"s0", "s1", "d"}


def test_what_a_question_gives_as_an_example_without_a_comma_is_no_topic_a_paper_must_hold(tmp_path, settings,
                                                                                       embedder) -> None:
    """Over ICML 2026 "Which papers propose state space models like Mamba?" had "like" as a topic term (papers
    write "like" often enough to share it) and needed "Mamba" of every paper: four rows, SF-Mamba and HiPPO Zoo
    not among them."""
    from paperchat.text import asking_terms

    records = _cases("m", "Mamba variant", "We propose a Mamba state space model that, like attention, mixes tokens", 2)
    records += _cases("s", "Selective scans", "We propose a structured state space model for long audio sequences "
                      "sampled at high rates", 2)
    r = Retriever(_index_of(tmp_path, settings, embedder, records), settings.retrieval)
    question = "Which papers propose state space models like Mamba, and how do they differ?"
    hits = r.retrieve(question, 4).hits
    assert "like" in asking_terms() and "like" not in r.topic_terms(question, hits)
    topic, groups = r.topic_terms(question, hits), r.alternatives(question)
    papers = {h.paper.paper_id: h.paper for h in hits}
    assert r.covered(question, papers["s0"], topic, groups) == pytest.approx(1.0)


@pytest.mark.parametrize("question, verbs", [
    ("Which papers explain in-context learning theoretically, and how do they differ?", ["explain"]),
    ("Which papers prune or merge tokens in vision transformers, and how do they differ?", ["prune", "merge"]),
    ("Compare the papers that handle heterogeneous clients in federated learning.", ["handle"]),
    ("Which papers do symbolic regression, and how do they differ?", ["do"]),
])
def test_the_verb_a_question_asks_for_papers_with(question, verbs) -> None:
    from paperchat.retrieve import _asked_verbs

    assert _asked_verbs(question) == verbs


def test_a_topic_named_by_two_words_no_paper_says_together_has_no_rows(tmp_path, settings, embedder) -> None:
    """ICLR 2026 has no paper on symbolic regression; "Which papers do symbolic regression?" tabled four papers
    on other things "symbolic" (world models, rule discovery): "regression" was held by one first hit only, so
    it was no topic term. A paper that says the two words in one sentence gets its row, side by side or not
    (TianQuan-S2S is "a global S2S forecasting model that integrates initial weather states …")."""
    records = _cases("s", "Neuro-symbolic rules", "We learn symbolic rules for planning agents from few interactions "
                     "with a simulated environment", 3)
    records += _cases("o", "Other topic", "We study the optimisation of deep networks with adaptive step sizes and "
                      "report their convergence on image benchmarks", 6)
    records += [("r0", "Faster least squares", "We solve large linear regression problems faster with "
                "randomized sketching of the data matrix.")]
    r = Retriever(_index_of(tmp_path, settings, embedder, records), settings.retrieval)
    question = "Which papers do symbolic regression, and how do they differ?"
    hits = r.retrieve(question, 5).hits
    assert r.relevant(question, hits, comparative=True) == set()
    records += [("e0", "Equations from data", "We propose a regression method over symbolic expressions that "
                 "recovers the governing equations of dynamical systems.")]
    (tmp_path / "with").mkdir()
    r = Retriever(_index_of(tmp_path / "with", settings, embedder, records), settings.retrieval)
    hits = r.retrieve(question, 5).hits
    assert "e0" in r.relevant(question, hits, comparative=True)


def test_what_a_question_combines_a_row_says_together(settings, seed_index) -> None:
    """Over ICLR 2026 "Which papers combine retrieval with diffusion models?" tabled seven papers on retrieval or on
    diffusion, none on both (GLASS Flows' flow matching model "can be retrieved from any pre-trained model"): a row
    says the rarest word of each side it joins in one sentence or its title; with none, no rows (the engine says
    the collection has nothing on it and names the closest)."""
    from paperchat.engine import Engine
    from paperchat.text import joined_sides

    assert joined_sides("Which papers combine retrieval with diffusion models?") == ({"retriev"}, {"diffus", "model"})
    assert joined_sides("Which papers integrate knowledge graphs into LLMs, and how?") == ({"knowledg", "graph"}, {"llm"})
    assert joined_sides("Which papers study retrieval?") == (set(), set())
    engine = Engine(settings, seed_index)
    answer = engine.answer("Which papers combine watermarking with speculative decoding?")
    titles = [engine.paper(pid).title for pid in answer.answered]
    assert titles and all("Watermark" in t and "Speculative" in t for t in titles)  # not PEARL, on decoding alone
    assert engine.answer("Which papers combine speculative decoding with quantization?").abstained


def test_machine_unlearning_is_unlearning_whether_or_not_a_paper_writes_machine(tmp_path, settings, embedder) -> None:
    """Over ICLR 2026 "Which papers study machine unlearning in LLMs?" tabled the 2 papers that write "machine" of
    the 11 on LLM unlearning that "… unlearning in LLMs?" tables: "machine" names the field, and half the abstracts
    on it write "LLM unlearning" or "unlearning" alone."""
    records = _cases("m", "Machine unlearning", "We propose a machine unlearning method that removes the influence of "
                     "forgotten training data from a language model", 2)
    records += _cases("u", "LLM unlearning", "We propose an unlearning method that removes the influence of forgotten "
                      "training data from a large language model", 3)
    records += _cases("o", "Other topic", "We study the optimisation of deep networks with adaptive step sizes and "
                      "report their convergence on image benchmarks", 6)
    r = Retriever(_index_of(tmp_path, settings, embedder, records), settings.retrieval)
    question = "Which papers study machine unlearning, and how do they differ?"
    hits = r.retrieve(question, 5).hits
    assert r.relevant(question, hits, comparative=True) == {"m0", "m1", "u0", "u1", "u2"}
    # the whole field as the setting is no topic either: "Which papers study uncertainty estimation in deep learning?"
    # (ICML 2026) had one paper, the one writing "deep"
    assert retrieve._FIELD_WORD.sub("", "Which papers study uncertainty estimation in deep learning?") == (
        "Which papers study uncertainty estimation?")
    assert retrieve._FIELD_WORD.sub("", "Which papers propose deep learning models for weather?") == (
        "Which papers propose deep learning models for weather?")  # a kind of model, not the field as a setting


def test_a_bound_on_a_count_rows_the_papers_that_write_a_number_within_it(seed_index, settings) -> None:
    """"Which papers quantize LLM weights to 2 bits or less, and what accuracy do they keep?" over ICLR 2026 tabled
    six quantization papers, four at 4 bits or saying no width; two of the three that write one within it got rows
    and Tequila's ternary weights (8th) none. A bound the question sets on a count is met by a number within it
    beside the counted word, among the rows and the hits that hold the topic as fully; when none writes one, the
    rows stay as they are."""
    from paperchat.claims import bound, within_bound

    assert bound("Which papers quantize LLM weights to 2 bits or less, and what accuracy do they keep?") == (
        2.0, "bit", False)
    assert bound("Which diffusion distillation papers sample in fewer than 4 steps?") == (4.0, "step", True)
    assert bound("Which papers speed up LLM inference, and how?") is None
    two_bits = (2.0, "bit", False)
    # the abstracts' own words (ICLR and ICML 2026)
    assert within_bound("Following experiments show that our 2-bit-quantized Qwen3-8B outperforms PTQ.", two_bits)
    assert within_bound("NanoQuant: Efficient Sub-1-bit Quantization of Large Language Models", two_bits)
    assert within_bound("Tequila: Deadzone-free Ternary Quantization for Large Language Models", two_bits)
    assert not within_bound("We achieve top performance among 4-bit block-wise quantization techniques.", two_bits)
    assert not within_bound("By storing outlier weights in 16-bit precision while applying BOF4-S.", two_bits)
    assert not within_bound("Q-Sched yields a 15.5% FID improvement over the 4-step model.", (4.0, "step", True))
    assert within_bound("Few-step variants reduce the step count to 2–8.", (4.0, "step", True)) is False
    assert within_bound("It samples in two steps.", (4.0, "step", True))
    r = Retriever(seed_index, settings.retrieval)
    paper = next(iter(seed_index.snapshot().papers.values()))
    texts = [("Block-Wise LLM Quantization", "We quantize LLM weights to 4-bit block-wise floats."),
             ("Ultra-Low-Bit LLMs", "We quantize LLM weights: our 2-bit quantized model keeps accuracy."),
             ("Rotation Quantization for LLMs", "We quantize LLM weights with rotations."),
             ("Ternary Low-Bit LLMs", "We quantize LLM weights to ternary values.")]
    quant = [replace(paper, paper_id=f"q{i}", title=t, abstract=a, roles=[]) for i, (t, a) in enumerate(texts)]
    hits = [Hit(p, 0.1, d) for p, d in zip(quant, (0.50, 0.48, 0.47, 0.30), strict=True)]
    question = "Which papers quantize LLM weights to 2 bits or less, and how do they differ?"
    assert r.relevant(question, hits, comparative=True, k=3) == {"q1", "q3"}
    unbounded = "Which papers quantize LLM weights, and how do they differ?"
    assert {"q0", "q2"} <= r.relevant(unbounded, hits, comparative=True, k=3)
    assert {"q0", "q1"} <= r.relevant(question.replace("2 bits", "1 bit"), hits[:3], comparative=True, k=3)


def test_the_long_forms_of_an_acronym_are_read_from_its_definitions() -> None:
    from paperchat.text import defined_acronyms, long_form_pattern, written_acronyms

    assert defined_acronyms("Large language models (LLMs) are widely used.") == [("llm", "large language model")]
    assert defined_acronyms("We route tokens in Mixture-of-Experts (MoE) layers.") == [("moe", "mixture of expert")]
    assert defined_acronyms("aligned by reinforcement learning from human feedback (RLHF).") == [
        ("rlhf", "reinforcement learning from human feedback")]
    assert defined_acronyms("the Vision Transformer (ViT) backbone") == [("vit", "vision transformer")]
    assert defined_acronyms("as shown in the results (Table 1) and (SGD)") == []  # no initials spell them
    assert written_acronyms("Which papers prune LLMs, MoE layers or ViTs, not LLM-based agents?") == ["llm", "moe", "vit"]
    form = long_form_pattern("large language model")
    assert form.search("Vision and Large Language Models") and form.search("a large-language model")
    assert not form.search("large language modelling")


def test_a_paper_that_spells_out_an_acronym_holds_it(tmp_path, settings, embedder) -> None:
    """Over ICML 2026 "Which papers prune LLMs without retraining?" gave RobOP no row: its "one-shot pruning methods
    - i.e. approaches that prune the network without any retraining" are for "Vision and Large Language Models",
    and it never writes "LLM". A paper that writes the long form the collection defines an acronym by holds it; one
    writing another long form with the same initials ("latent linear models", rare among the definitions) does not."""
    records = _cases("d", "Serving LLMs", "Large language models (LLMs) are costly to serve, so we batch their requests "
                     "on shared accelerators", 5)
    records += [
        ("x", "Latent linear models", "Latent linear models (LLMs) explain the observed data with a few hidden factors "
         "and their loadings."),
        ("p", "Pruning large language models", "We prune large language models without retraining them and keep their "
         "accuracy on downstream tasks."),
        ("q", "Pruning latent linear models", "We prune latent linear models without retraining them and keep their "
         "accuracy on downstream tasks.")]
    r = Retriever(_index_of(tmp_path, settings, embedder, records), settings.retrieval)
    papers = r.index.snapshot().papers
    assert r.long_forms()["llm"] == ["large language model"]
    question = "Which papers prune LLMs without retraining?"
    assert r.coverage(question, papers["p"], {"prune", "llm"}) == 1.0
    assert r.coverage(question, papers["q"], {"prune", "llm"}) < 1.0
    assert r.coverage("Which papers prune large models?", papers["p"], {"prune", "llm"}) < 1.0  # not asked so
    # … nor without its "large" ("Sycophancy Towards Researchers …", over ICML 2026, writes "language models": no row
    # for "Which papers study sycophancy in LLMs?"); a long form of two words keeps both
    lm = replace(papers["p"], abstract="We prune language models without retraining them.")
    assert r.coverage(question, lm, {"prune", "llm"}) == 1.0
    assert retrieve._scaled_down("large language model") == ["large language model", "language model"]
    assert retrieve._scaled_down("large model") == ["large model"]


def test_a_word_written_with_or_without_its_hyphen_is_one_term(tmp_path, settings, embedder) -> None:
    """"What do papers find about over-smoothing in graph neural networks?" (ICML 2026) tabled eleven GNN papers:
    the abstracts on it write "oversmoothing", so the topic was graph neural networks alone. A hyphenated word is
    held by a paper that writes it as one word, and one word by a paper that writes it hyphenated."""
    records = [
        ("a", "Backward oversmoothing", "Oversmoothing limits deep graph neural networks; we analyse why and how to "
         "train them."),
        ("b", "Smoothness errors", "Graph neural networks suffer from over-smoothing of node features as their layers "
         "grow."),
        ("c", "Graph algorithms", "We study which algorithms graph neural networks can learn from small instances and "
         "their traces.")]
    r = Retriever(_index_of(tmp_path, settings, embedder, records), settings.retrieval)
    papers = r.index.snapshot().papers
    for question in ("What do papers find about over-smoothing in graph neural networks?",
                     "What do papers find about oversmoothing in graph neural networks?"):
        assert r.coverage(question, papers["a"]) == 1.0, question
        assert r.coverage(question, papers["b"]) == 1.0, question
        assert r.coverage(question, papers["c"]) < 0.8, question


def test_a_paper_only_the_keyword_search_finds_gets_its_own_cosine(tmp_path, settings, embedder) -> None:
    """A paper the dense search did not reach (past its `candidates`) had cosine 0 and so no row beside papers at
    0.4-0.5, however fully it held the topic (RobOP, 14th for "Which papers prune LLMs without retraining?"). It is
    as close as its nearest chunk."""
    records = _cases("n", "Noise", "We study graph signal noise and the filters for natural images and their "
                     "spectra", 8)
    records += [("r", "Robust pruning", "We prune networks without retraining, robust to calibration "
                                                 "noise in the data we prune with.")]
    index = _index_of(tmp_path, settings, embedder, records)
    r = Retriever(index, settings.retrieval.model_copy(update={"candidates": 5, "keyword_floor": 0.0}))
    question = "Which papers prune networks without retraining under noise?"
    hit = next(h for h in r.search(question, 9) if h.paper.paper_id == "r")
    vector = embedder.get_query_embedding(question)
    nearest = max(cos for pid, _, cos, _ in index.dense(vector, 50) if pid == "r")
    assert hit.dense > 0.3 and hit.dense == pytest.approx(nearest, abs=1e-6)


def test_a_rare_acronym_is_searched_with_its_long_form(tmp_path, settings, embedder) -> None:
    """Over ICLR 2026 "What do papers find with SAEs about LLM features?" found LLM papers of every kind first and
    the sparse autoencoder papers 10th and lower: the embedder places "SAEs" nowhere near "sparse autoencoders". An
    acronym few papers write is searched with the long forms the collection defines it by."""
    records = [("d", "Dictionary features", "Sparse autoencoders (SAEs) decompose activations into features; we "
                "study how stable their dictionaries are across seeds.")]
    records += _cases("s", "Feature study", "We train sparse autoencoders on language model activations and read "
                      "the features they find", 2)
    records += _cases("o", "Other study", "We study language model activations and the features of attention "
                      "heads during training", 12)
    r = Retriever(_index_of(tmp_path, settings, embedder, records), settings.retrieval)
    assert r.long_forms()["sae"] == ["sparse autoencoder"]
    top = {h.paper.paper_id for h in r.search("What do papers find with SAEs about features?", 3)}
    assert top == {"d", "s0", "s1"}


def test_how_much_and_instead_ask_and_a_frozen_or_training_free_model_is_not_fine_tuned(seed_index, settings) -> None:
    """"Which papers make CoT reasoning shorter, and by how much?" (ICLR 2026) tabled the two CoT papers that write
    "how much" of something else; "Which of them study vision models instead?" was told none of them uses the words
    "vision … instead". "Do any of them work without fine-tuning the LLM?" after LLM-for-graph papers was told none
    says so, of GLOT "operating on the outputs of a frozen LLM", ReGraphT "a training-free … framework" and GTool
    "without extensive retraining"."""
    from paperchat.claims import done_without, kept_frozen
    from paperchat.text import asking_terms, tokenize

    assert {"much", "mani", "instead"} & set(tokenize("much many instead", query=True)) <= asking_terms()
    r = Retriever(seed_index, settings.retrieval)
    assert "much" not in r._topic_candidates("Which papers make diffusion sampling faster, and by how much?")
    paper = next(iter(seed_index.snapshot().papers.values()))
    texts = {"glot": "Operating on the outputs of a frozen LLM, GLOT first constructs a token graph for pooling.",
             "regraph": "We propose ReGraphT, a training-free, retrieval-augmented framework for graph reasoning.",
             "gtool": "GTool can be integrated with various LLM backbones without extensive retraining.",
             "tuned": "We fine-tune the LLM on graph tasks with instruction data and report accuracy."}
    hits = [Hit(replace(paper, paper_id=k, title=k, abstract=v, roles=[]), 0.1, 0.5) for k, v in texts.items()]
    assert r.doing_without("Do any of them work without fine-tuning the LLM?", hits) == {"glot", "regraph", "gtool"}
    assert kept_frozen(texts["glot"]) == {"finetun"} and "finetun" not in done_without(texts["glot"])  # not the verifier's


def test_a_yes_or_no_asked_of_them_in_a_last_clause_is_no_topic(tmp_path, settings, embedder) -> None:
    """"Which papers watermark LLM outputs, and are they robust to paraphrasing?" (ICLR 2026) rowed PMark alone, the
    one watermark paper writing "robust" and "paraphrasing": what the last clause asks of them is what the answer
    says of each, not what a row must hold, as for "…, and what do they measure?"."""
    from paperchat.text import aspect

    assert aspect("Which papers watermark LLM outputs, and are they robust to paraphrasing?") == [
        "are they robust to paraphrasing"]
    assert aspect("Which papers prune LLMs, and do they need retraining?") == ["do they need retraining"]
    assert aspect("Which papers compress 3D Gaussian splatting, and by how much?") == []
    records = [("p", "Semantic watermarks", "We watermark LLM outputs at the sentence level, robust to paraphrasing "
                "attacks that rewrite the text.")]
    records += _cases("w", "Unbiased watermark", "We watermark LLM outputs without bias and detect the watermark "
                      "with a statistical test", 2)
    records += _cases("o", "Other study", "We study image classifiers and their calibration on natural images and "
                      "their shifts", 6)
    r = Retriever(_index_of(tmp_path, settings, embedder, records), settings.retrieval)
    question = "Which papers watermark LLM outputs, and are they robust to paraphrasing?"
    hits = r.retrieve(question, 5).hits
    assert r.relevant(question, hits, comparative=True) == {"p", "w0", "w1"}


def test_two_words_the_question_names_things_by_are_said_together(tmp_path, settings, embedder) -> None:
    """Over ICML 2026 "Which papers speed up diffusion LLMs?" rowed Advantage Weighted Matching, an image-diffusion
    paper whose first sentence is on RL for LLMs: a row says a word and the plural noun it stands before in the
    question, one of them an acronym ("diffusion LLMs", "LLM agents"), in one sentence or its title, when any row
    does."""
    from paperchat.retrieve import _compounds

    assert _compounds("Which papers speed up diffusion LLMs?", {"speed", "diffus", "llm"}) == {
        frozenset({"diffus", "llm"})}
    assert _compounds("Which papers evaluate LLM agents?", {"llm", "agent"}) == {frozenset({"llm", "agent"})}
    # a verb and what it does, a verb and its object, a noun in the singular, words alone ("3D scene
    # representations" are "3D scenes represented" as often): no name of things
    for question, topic in (("Which papers make language models decode faster?", {"decod", "fast"}),
                            ("Which papers learn 3D scene representations?", {"scene", "represent"}),
                            ("Compare the papers on neural operators for solving PDEs.", {"solv", "pde"}),
                            ("Compare the papers on aligning language models.", {"align", "languag"}),
                            ("Which papers control generation at inference time?", {"infer", "time"})):
        assert _compounds(question, topic) == set(), question
    records = _cases("f", "Filler", "We study protein folding with physics priors and sampling, and we fold proteins "
                     "faster with them", 4)
    records += [
        ("d", "Fast diffusion LLMs", "We speed up diffusion large language models by decoding many tokens in "
         "parallel."),
        ("w", "Matching for diffusion", "Reinforcement learning has advanced LLMs. We speed up the RL training of "
         "image diffusion models.")]
    r = Retriever(_index_of(tmp_path, settings, embedder, records), settings.retrieval)
    papers = r.index.snapshot().papers
    topic = {"speed", "diffus", "llm"}
    assert r._said_together("Which papers speed up diffusion LLMs?", topic, {"d", "w"}, papers) == {"d"}
    # when no row says them together, the rows stay; and a question joining topics with "or" is left as it is
    assert r._said_together("Which papers speed up diffusion LLMs?", topic, {"w"}, papers) == {"w"}
    assert r._said_together("Which papers speed up diffusion LLMs or image models?", topic, {"d", "w"},
                            papers) == {"d", "w"}


def test_a_named_paper_no_abstract_writes_is_said_to_be_missing(tmp_path, settings, embedder, monkeypatch) -> None:
    """Over ICML 2026, which has no dParallel, "Compare d3LLM and dParallel." showed d3LLM alone and said nothing of
    dParallel: the two names, joined by "and", were read as alternative topics, one of which was enough. A name the
    question joins to another is still asked for when no paper of the collection writes it."""
    import paperchat.retrieve as retrieve
    from paperchat.engine import _unused

    records = _cases("c", "Case", "We study sparse attention kernels for long sequences on accelerators and GPUs", 9)
    records += [("d", "d3LLM: Ultra-Fast Diffusion LLM", "We propose d3LLM, a diffusion language model that decodes "
                 "many tokens at once with pseudo-trajectory distillation."),
                ("p", "PEARL: Parallel Speculative Decoding", "We propose PEARL, which adapts the draft length of "
                 "speculative decoding to each step of generation.")]
    r = Retriever(_index_of(tmp_path, settings, embedder, records), settings.retrieval)
    monkeypatch.setattr(retrieve, "RARE_SHARE", 0.1)  # eleven papers: a term one of them holds is rare
    papers = r.index.snapshot().papers
    d3llm = [Hit(papers["d"], 1.0, 0.6)]
    assert r.unheld("Compare d3LLM and dParallel.", d3llm) == "dParallel" and not r.written("dParallel")
    assert r.unheld("Compare d3LLM and PEARL.", d3llm) == ""  # written, by the other paper: one of two topics
    assert _unused("dParallel", "d3LLM", nowhere=True) == \
        "No paper in this collection uses the word “dParallel”. What the abstract of d3LLM says:"


def test_a_thing_built_to_do_what_the_question_asks_does_not_do_it(seed_index, settings) -> None:
    """Over ICLR 2026 "Which papers design proteins with generative models?" tabled VenusX, "the first benchmark
    designed to assess protein representation learning": it designs no protein. The question's own verb, said as a
    participle of what a thing is built for ("designed to", "designed specifically for"), holds nothing of the
    question; a paper that designs, or a verb the question does not ask with, still does."""
    paper = next(iter(seed_index.snapshot().papers.values()))
    r = Retriever(seed_index, settings.retrieval)
    question = "Which papers design proteins with generative models?"
    venus = replace(paper, title="VenusX", roles=[], abstract="This study introduces VenusX, the first benchmark designed "
                    "to assess protein representation learning.")
    tailored = replace(paper, title="A benchmark", roles=[], abstract="A benchmark of protein models, designed "
                       "specifically for fine-grained annotation.")
    designs = replace(paper, title="A designer", roles=[], abstract="We design protein sequences with a diffusion model.")
    terms = {"design", "protein"}
    assert r.coverage(question, venus, terms) < r.coverage(question, designs, terms) == 1.0
    assert r.coverage(question, tailored, terms) == r.coverage(question, venus, terms)
    assert r.coverage("Which papers study proteins?", venus, terms) == 1.0  # "design" is no verb it asks with
    assert retrieve._unbuilt("A model trained to rank proteins.", {"design"}) == "A model trained to rank proteins."
