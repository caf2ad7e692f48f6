"""Sentence roles, the comparison table, and evidence that holds the fact asked for."""

from __future__ import annotations

import itertools
import json
import re

import numpy as np
import pytest

from paperchat import answer as A
from paperchat import cli, roles
from paperchat import table as T
from paperchat.engine import Engine
from paperchat.schema import Paper, Source
from paperchat.text import sentences

from .conftest import ROOT, ScriptedChat, WordEmbedding

COMPARATIVE = "Which papers are about speculative decoding, and how do they differ?"


def test_roles_label_clear_sentences_and_follow_the_abstract_order() -> None:
    got = roles.label([
        "Large language models are increasingly used for reasoning, but decoding them is slow.",
        "In this paper, we aim to make decoding faster without losing accuracy.",
        "We propose a draft-and-verify scheme that adapts the draft length with a learned controller.",
        "Experiments show a 3.1x speedup on GSM8K and 2.4x on HumanEval with no loss in accuracy.",
    ])
    assert len(got) == 4 and set(got) <= set(roles.LABELS)
    assert got[0] == "background" and got[-1] == "result"
    assert roles.label([]) == []


def test_role_probabilities_are_the_marginals_of_the_labelling_scores() -> None:
    sents = ["Large models are widely used.", "However, they are slow.",
             "We propose FastX, a method that prunes attention heads.", "Experiments show 2x speedups on GLUE."]
    head = roles.classifier()
    got = roles.probabilities(sents)
    lp = head._log_probs(sents)
    total, z = np.zeros_like(got), 0.0  # every label sequence, scored as the Viterbi pass scores it
    for path in itertools.product(range(len(roles.LABELS)), repeat=len(sents)):
        score = lp[range(len(sents)), path].sum() + head.weight * (
            head.start[path[0]] + sum(head.transitions[a, b] for a, b in itertools.pairwise(path)))
        z += np.exp(score)
        total[range(len(sents)), path] += np.exp(score)
    assert got.shape == (4, len(roles.LABELS)) and np.allclose(got.sum(axis=1), 1, atol=1e-5)
    assert np.allclose(got, total / z, atol=1e-4)
    assert roles.probabilities([]).shape == (0, len(roles.LABELS))


def test_a_cell_goes_to_the_sentence_surest_of_the_columns_role() -> None:
    sents = ["Models are used widely.", "We train with a loss on pairs.", "We prune heads with a learned gate.",
             "It is 2x faster.", "It also runs on CPUs."]
    probs = np.array([[0.9, 0.1, 0, 0, 0], [0.3, 0, 0.55, 0.15, 0], [0, 0, 0.95, 0.05, 0],
                      [0, 0, 0.1, 0.9, 0], [0.2, 0, 0.1, 0.35, 0.35]])
    # the likeliest label of sentence 1 is method too, and it comes first; sentence 2 is surer
    assert T.pick("Approach", probs, None, sents, set()) == (2, "method")
    assert T.pick("Result", probs, None, sents, {3}) is None  # the best left fits under AT_LEAST: "—"
    probs[4, 3] = 0.45  # unsure, but the likeliest result sentence left: it fills the column
    assert T.pick("Result", probs, None, sents, {3}) == (4, "result")
    # with a question, its cosine and the fit decide among the sentences that fit
    assert T.pick("Approach", probs, np.array([0, 0.9, 0.1, 0, 0]), sents, set()) == (1, "method")


def test_the_approach_is_the_sentence_that_says_what_the_paper_proposes() -> None:
    """Over ICML 2026, "Which papers speed up speculative decoding, and how do they differ?" gave DFlash the Approach
    "We show that speculative decoding provides a natural and effective setting for diffusion models." (closer to the
    question) over "In this paper, we introduce DFlash, a speculative decoding framework that employs a lightweight
    block diffusion model for parallel drafting.", the head as sure of both."""
    sents = ["Speculative decoding drafts tokens that the target verifies.",
             "In this paper, we introduce DFlash, a framework that drafts with a block diffusion model.",
             "We show that speculative decoding is a natural setting for diffusion models.",
             "DFlash achieves a 6x speedup."]
    probs = np.array([[0.9, 0.05, 0.05, 0, 0], [0.01, 0.19, 0.78, 0.02, 0], [0, 0.02, 0.77, 0.21, 0],
                      [0, 0, 0.03, 0.97, 0]])
    assert T.proposes(sents[1]) and not T.proposes(sents[2])
    # what a paper adds beside its method is no Approach of it (Helmsman's "we also introduce AgentFL-Bench, …")
    assert T.proposes_method(sents[1]) and not T.proposes_method("We also introduce a benchmark of 16 tasks.")
    assert not T.proposes_method("Moreover, we propose a rubric-based evaluator.")
    assert not T.proposes_method("Specifically, we present empirical evidence that pretrained weights are stationary.")
    assert T.pick("Approach", probs, np.array([0.6, 0.5, 0.6, 0.4]), sents, set()) == (1, "method")
    # still the question's: a sentence far closer to it wins
    assert T.pick("Approach", probs, np.array([0.6, 0.3, 0.6, 0.4]), sents, set()) == (2, "method")


def test_a_sentence_that_points_to_the_code_fills_no_cell() -> None:
    """Over ICLR 2026, "How do test-time scaling papers for reasoning differ?" gave ATTS the Result
    "We submit the anonymous repository: anonymous.4open.science/r/Asynchronous-Test-Time-Scaling-5940."."""
    sents = ["Scaling is slow.", "We calibrate online.", "Our method is 56.7x faster.",
             "We submit the anonymous repository: anonymous.4open.science/r/ATTS-5940."]
    probs = np.array([[0.9, 0.1, 0, 0, 0], [0, 0.1, 0.9, 0, 0], [0, 0, 0.2, 0.8, 0], [0, 0, 0, 0.6, 0.4]])
    sims = np.array([0.1, 0.2, 0.3, 0.9])  # the question is closest to the link sentence
    assert T.pick("Result", probs, sims, sents, set()) == (2, "result")
    for pointer in ("Code is available at https://github.com/x/y.", "The implementation is released.",
                    "We release our code and models.", "Our code and data will be made publicly available.",
                    # over ICLR 2026, "Compare the papers on protein structure generation." had these as Result cells
                    "Our code ( data ( and a leaderboard ( are provided as open-source resources.",
                    "The link to the data will be added upon publication, to preserve anonymity of the submission.",
                    "The demo of the proposed method can be found.",  # MuCO's Result cell, on the seeds
                    "Our code will be open-sourced.",  # xKV's Result cell, over ICML 2026
                    "All model implementations and training code will be fully open sourced.",
                    # over ICLR 2026, DC-CoT's Result cell, its link taken out ("nonymous" is the abstract's)
                    "The nonymous codebase can be accessed",
                    # over ICML 2026, Result cells
                    "The code and data used have been submitted to the technique appendix.",
                    "The implementation and scripts are included in the supplementary material.",
                    "Project page is available.",
                    # over ICLR 2026, Lorsa's Result cell, its link taken out
                    "Lorsa is open-sourced at", "Our live arena is hosted at", "MFAX is publicly available at:.",
                    "We will release the source code after publication.",  # SF-Mamba's Result cell, ICML 2026
                    # over ICLR 2026, Result cells of "Which papers propose graph transformers?" and of the code
                    # benchmarks: a short sentence that only says something is out there, its link taken out
                    "An interactive demo is available.", "The code, data, and results are available.",
                    "The DHG-Bench library is available.", "Our dataset and models will be publicly available.",
                    "Code available at Anonymous Github.", "We will release our code via GitHub.",
                    "Our anonymous repository is at.", "An anonymous repository link is provided in the Supplementary Material.",
                    # … and where, in a few words (over the seeds "Which papers use adversarial training, and how do
                    # they differ?" tabled "Our experimental illustrations are available online" as a Result)
                    "Our experimental illustrations are available online", "EgoDex is publicly available for download.",
                    "Codes are attached and will be available online.", "The dataset and benchmarks are available at BANZ-FS.",
                    "These activations are available in the torchortho library.",
                    "MCIF is released under CC-BY 4.0 license to promote open research.",
                    "The code, data, and models will be publicly available to facilitate academic research."):
        assert T.points_to_code(pointer), pointer
    for content in ("We generate code with a diffusion model.", "Code generation benchmarks show a 12% gain.",
                    "Results are available for three model sizes.", "We evaluate on publicly available datasets.",
                    "Models are made robust to attacks.", "The optimal data mixture can be found by search.",
                    "We study how open-sourced code models are used.", "Each state can be accessed in constant time.",
                    "The proposed data augmentation appears in Appendix B and improves accuracy by 3%.",
                    "Results are available on three benchmarks.", "Gains are largest when data is released at scale.",
                    "However, in practice, true reward models are never available.",
                    "In the offline setting, where only a static dataset is available, generalizing is the challenge.",
                    "Yet, no method or intuition is available for efficiently setting its value.",
                    "Acquiring labels is costly, whereas large collections of unlabeled molecular data are readily available.",
                    "Our method is available for any diffusion model and improves FID by 2 points on ImageNet.",
                    # over ICML 2026, what code benchmarks hold: FormulaCode's size, "Which of them is the largest?"
                    "FormulaCode comprises 957 performance bottlenecks mined from scientific Python repositories on "
                    "GitHub, each paired with expert-authored patches.",
                    "We present SorryDB, a benchmark of open Lean tasks drawn from 78 real world formalization projects "
                    "on GitHub.", "We introduce SWE-fficiency, a benchmark for evaluating repository-level performance "
                    "optimization on real workloads."):
        assert not T.points_to_code(content), content


def test_a_closing_sentence_fills_the_result_cell_only_when_no_result_is_stated() -> None:
    """Over ICLR 2026, "Which papers reduce the KV cache memory of LLMs?" tabled KVTC's "These results support KVTC
    as a practical building block …", where its "achieves up to 20x compression" was there; AutoCodeBench's Result
    was "We hope these contributions will provide a solid foundation for future research …"."""
    sents = ["KV caches are large.", "We present KVTC, a transform coder for KV caches.",
             "By exploiting redundancies, KVTC achieves strong compression while maintaining accuracy.",
             "These results support KVTC as a practical building block for memory-efficient LLM serving.",
             "Project page:"]
    probs = np.array([[0.9, 0.1, 0, 0, 0], [0, 0.2, 0.8, 0, 0], [0, 0, 0.4, 0.6, 0], [0, 0, 0, 0.7, 0.3],
                      [0, 0, 0, 0.9, 0.1]])
    sims = np.array([0.3, 0.5, 0.5, 0.55, 0.1])  # the question is closest to the closing sentence
    assert T.pick("Result", probs, sims, sents, set()) == (2, "result")
    assert T.pick("Result", probs, None, sents, set()) == (2, "result")  # `compare`: the last sentence no longer wins
    assert T.pick("Result", probs, sims, sents, {2}) == (3, "result")  # the only one left: a closing is no "—"
    assert T.pick("Result", probs[[0, 1, 4]], None, sents[:2] + sents[4:], set()) is None  # "Project page:" fills no cell
    # the Data cell too: SciTS's was "This work fills a gap in both dedicated benchmarks …, paving the way for …"
    data = ["We study scientific time series.", "This work fills a gap in dedicated benchmarks, paving the way for LLMs.",
            "We collect SciTS, a benchmark of 54 tasks from 12 domains."]
    data_probs = np.array([[0.9, 0.1, 0, 0, 0], [0.2, 0.2, 0, 0.6, 0], [0, 0.2, 0.7, 0.1, 0]])
    assert T.pick(T.DATA, data_probs, np.array([0.2, 0.6, 0.45]), data, set())[0] == 2
    for closing in ("We hope these contributions will provide a solid foundation for future research.",
                    "Finally, empirical evaluations are provided to validate our theoretical findings.",
                    "Extensive experiments across multiple benchmarks demonstrate the effectiveness of our C^2GMoE.",
                    "These results suggest VMoER offers a scalable path toward robust foundation models.",
                    "Finally, we outline promising research directions inspired by these findings."):
        assert T.closes(closing), closing
    for result in ("Results indicate that although LLMs show promise, challenges remain, an opportunity for future work.",
                   "CRAFT delivers a 79.0% improvement in safety, demonstrating the effectiveness of hidden-space reasoning.",
                   "These findings establish that predictive memory helps only when its reliability is modeled.",
                   "KVTC achieves up to 20x compression."):
        assert not T.closes(result), result


def test_asked_how_much_the_result_cell_is_the_sentence_that_states_an_amount() -> None:
    """Read in a conversation: "By how much?" after "Which papers make diffusion model training
    faster?" tabled the perplexity paper's closing sentence as its Result; its "15% faster
    training steps" is in a sentence the head calls a method."""
    sents = ["Discrete diffusion is less effective.", "We derive a bound on the perplexity.",
             "We show that ratio matching gives 15% faster training steps.", "We introduce a new rate matrix."]
    probs = np.array([[0.9, 0.1, 0, 0, 0], [0.1, 0.1, 0.7, 0.1, 0], [0, 0, 0.8, 0.2, 0], [0, 0, 0.3, 0.7, 0]])
    assert T.pick("Result", probs, None, sents, set()) == (3, "result")
    assert T.pick("Result", probs, None, sents, set(), amount=True) == (2, "method")  # its role, as the head says
    plain = [s.replace("15% faster", "faster") for s in sents]  # no amount stated: by role, as before
    assert T.pick("Result", probs, None, plain, set(), amount=True) == (3, "result")


def test_the_problem_cell_states_the_gap_rather_than_introduce_the_field() -> None:
    sents = ["Diffusion models generate images by removing noise step by step.",
             "However, sampling from them needs many network passes, which makes generation slow.",
             "We distil the sampler into a single step.",
             "Our sampler is 20x faster at equal quality."]
    probs = np.array([[0.9, 0.05, 0.03, 0.01, 0.01], [0.85, 0.1, 0.03, 0.01, 0.01], [0.05, 0.1, 0.8, 0.04, 0.01],
                      [0.02, 0.02, 0.06, 0.89, 0.01]])
    sims = np.array([0.62, 0.55, 0.5, 0.4])  # the introduction is closer to a question on the field
    assert T.pick("Problem", probs, sims, sents, set())[0] == 1
    assert T.pick("Problem", probs, None, sents, set())[0] == 1  # `compare`: no question
    # a sentence that points back at a gap stated before it does not read alone: no preference
    sents[1] = "This limitation makes generation slow."
    assert T.pick("Problem", probs, sims, sents, set())[0] == 0
    assert T.states_gap("Yet the role of tokenization remains poorly understood.")
    assert not T.states_gap("Tokenizers are the basis through which text is represented.")


def test_roles_features_have_one_row_per_sentence() -> None:
    head = roles.classifier()
    x = roles.features(["One sentence.", "Another one, with 3 numbers like 4.5%."], head.vocab, head.idf)
    assert x.shape[0] == 2 and x.shape[1] == 3 * len(head.vocab) + roles.dense_features(["a"]).shape[1]


def test_roles_cli_labels_a_batch_and_names_bad_lines(tmp_path, capsys) -> None:
    batch = tmp_path / "r.jsonl"
    batch.write_text(json.dumps({"id": "a", "sentences": ["We propose X.", "X beats Y by 5%."]}) + "\n")
    assert cli.main(["roles", "--batch", str(batch)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["id"] == "a" and len(out["labels"]) == 2 and set(out["labels"]) <= set(roles.LABELS)
    batch.write_text(json.dumps({"id": "a", "sentences": ["ok."]}) + "\n" + json.dumps({"id": "b", "sentences": []}))
    assert cli.main(["roles", "--batch", str(batch)]) == 2
    captured = capsys.readouterr()
    assert f"{batch}:2" in captured.err and "Traceback" not in captured.err and captured.out == ""


def _source(n: int, paper: Paper, labels: list[str] | None = None) -> Source:
    e = WordEmbedding(model_name="t")
    sents = sentences(paper.abstract)
    probs = (np.eye(len(roles.LABELS))[[roles.LABELS.index(x) for x in labels]] if labels
             else roles.probabilities(sents))
    return Source(n, paper, A.short_label(paper.title), sents,
                  np.asarray(e.get_text_embedding_batch(sents), dtype=np.float32),
                  labels or roles.label(sents), probs)


def test_cells_are_verbatim_spans_and_missing_roles_show_a_dash(seed_index) -> None:
    papers = list(seed_index.papers.values())[:6]
    sources = [_source(i, p) for i, p in enumerate(papers, 1)]
    table = T.build(sources, [s.n for s in sources], "what data do they use?")
    assert table.columns == ["Problem", "Approach", "Result", "Data"] and len(table.rows) == 6
    for r, p in zip(table.rows, papers, strict=True):
        for cell in r.cells.values():
            assert cell.text == "—" or cell.text in p.abstract  # a cell can never misstate its paper
    only_background = _source(1, papers[0], ["background"] * len(sentences(papers[0].abstract)))
    row = T.row(only_background, only_background.role_probs, ["Problem", "Approach", "Result"], None)
    assert row.cells["Approach"].text == "—" and row.cells["Result"].text == "—" and row.cells["Problem"].text != "—"
    assert "| — |" in T.markdown(T.Table(["Problem", "Approach", "Result"], [row]))


def test_an_abstract_written_without_spaces_after_its_periods_fills_every_column() -> None:
    abstract = ("Mixed-integer linear programming (MILP) is a foundational framework for combinatorial optimization "
                "across science and engineering, but remains hard to solve at scale due to NP-hardness.Recent "
                "learning-based methods typically model MILP instances as variable–constraint bipartite graphs and use "
                "Graph Neural Networks (GNNs) for representation learning, yet their locality limits representation "
                "power.We propose an attention-driven neural backbone that adopts an element-centric view of variables "
                "and constraints, with dual attention performing parallel intra-type self-attention and inter-type "
                "cross-attention.Across three representative tasks at the instance, element, and solving-state levels, "
                "our model consistently outperforms conventional GNN-based architectures.")
    paper = Paper(paper_id="p", title="A General Neural Backbone for Mixed-Integer Linear Optimization via Dual Attention",
                  abstract=abstract, venue="ICML", year=2026, url="https://openreview.net/forum?id=x")
    source = _source(1, paper)
    row = T.row(source, source.role_probs, ["Problem", "Approach", "Result"], None)
    assert row.cells["Approach"].text.startswith("We propose an attention-driven")
    assert row.cells["Result"].text.startswith("Across three representative tasks")
    assert all(c.text in abstract for c in row.cells.values())


@pytest.mark.parametrize(("question", "data"), [
    ("What data do they use?", True), ("Which datasets are they evaluated on?", True),
    ("Compare the machine unlearning papers: how do they evaluate forgetting?", True),
    ("Compare the papers on time series and temporal data.", False),  # a topic, not a question about data
    ("Which papers protect data privacy?", False),
    # the verb a question asks for papers with: over ICLR 2026 "Which papers evaluate LLMs as judges?" had a Data
    # column that took TrustJudge's and TIR-Judge's numbers from their Result cells
    ("Which papers evaluate LLMs as judges?", False), ("Which papers do dataset distillation?", False),
    ("Which datasets do the dataset pruning papers use?", True), ("Do the dataset distillation papers share datasets?", True), ("Which papers evaluate on ImageNet?", True),
    ("Which papers evaluate LLM judges, and on which benchmarks?", True),
    ("Compare the papers that evaluate LLM judges.", False), ("How do papers evaluate hallucination?", True),
    ("Which papers detect data contamination in LLM benchmarks?", False),
    ("Which papers study the bias of datasets?", False), ("In which benchmarks do they test?", True),
    ("Which papers propose benchmarks for LLM agents?", True)])
def test_a_data_column_when_the_question_asks_what_data(question: str, data: bool) -> None:
    assert ("Data" in T.columns_for(question)) is data


def test_a_data_cell_names_data_and_a_column_none_fills_is_left_out() -> None:
    # over ICLR 2026 the unlearning papers' Data cells were "Machine unlearning, which aims to … remove the
    # influence of specific data …" and "… protecting data privacy …": no data they use
    unlearning = Paper(paper_id="u", title="FaLW", venue="ICLR", year=2026, abstract=(
        "Machine unlearning aims to remove the influence of specific data from trained models. "
        "We propose FaLW, a forgetting-aware loss reweighting. Extensive experiments demonstrate that FaLW achieves "
        "superior performance."))
    tested = Paper(paper_id="t", title="DUET", venue="ICLR", year=2026, abstract=(
        "Unlearning is costly. We propose DUET, a distillation-based unlearning method. "
        "DUET improves forgetting by 12 points over the best baseline. We test it on the TOFU and MUSE benchmarks."))
    table = T.build([_source(1, unlearning)], [1], "How do they evaluate forgetting?")
    assert table.columns == ["Problem", "Approach", "Result"] and "Data" not in table.rows[0].cells
    duet = _source(2, tested, ["background", "method", "result", "result"])
    table = T.build([_source(1, unlearning), duet], [1, 2], "How do they evaluate forgetting?")
    assert table.columns[-1] == "Data"
    assert table.rows[0].cells["Data"].text == "—" and "benchmarks" in table.rows[1].cells["Data"].text


def test_the_data_cell_is_the_sentence_naming_what_the_paper_uses_picked_first() -> None:
    """Over ICML 2026, "… and what datasets do they evaluate on?": C-FREE's Data cell was its opening "yet large
    labeled datasets remain scarce" (what the field lacks), and the Sheaf paper's "—", its one data sentence
    ("achieves SOTA on 6/7 MoleculeNet benchmarks") taken by Result first."""
    question = "Which papers use graph neural networks for molecules, and what datasets do they evaluate on?"
    cfree = Paper(paper_id="c", title="C-FREE", venue="ICML", year=2026, abstract=(
        "Molecular representations are essential, yet large labeled datasets remain scarce. "
        "We introduce C-FREE, which predicts subgraph embeddings. "
        "Pretraining on the GEOM dataset, C-FREE achieves state-of-the-art results on MoleculeNet. "
        "Fine-tuning across datasets with diverse sizes further demonstrates transfer."))
    sheaf = Paper(paper_id="s", title="Sheaf", venue="ICML", year=2026, abstract=(
        "Graph neural networks face two challenges. We develop the first sheaf neural network on the SPD manifold. "
        "Our dual-stream architecture achieves SOTA on 6/7 MoleculeNet benchmarks."))
    e = WordEmbedding(model_name="t")
    table = T.build([_source(1, cfree, ["background", "method", "result", "result"]),
                     _source(2, sheaf, ["background", "method", "result"])], [1, 2], question,
                    np.asarray(e.get_query_embedding(question), dtype=np.float32))
    assert table.columns == ["Problem", "Approach", "Result", "Data"]  # shown in this order, whatever picks first
    first, second = table.rows
    assert list(first.cells) == table.columns
    assert "GEOM" in first.cells["Data"].text and "MoleculeNet" in second.cells["Data"].text
    assert second.cells["Result"].text == "—"  # its one result sentence is the Data cell; no sentence twice
    # a benchmark named, with no word for data: qTTT's sentence over ICLR 2026 ("How do papers evaluate long-context
    # abilities of LLMs?") had left its Data cell to its method sentence
    qttt = Paper(paper_id="q", title="qTTT", venue="ICLR", year=2026, abstract=(
        "Long-context models read more than they use. We propose query-only test-time training, which adapts the "
        "query projections. On Qwen3-4B, qTTT improves average accuracy by +12.6 and +14.1 points on LongBench-v2 "
        "and ZeroSCROLLS."))
    assert "LongBench-v2" in T.build([_source(1, qttt, ["background", "method", "result"])], [1],
                                     "What data do they use?").rows[0].cells["Data"].text
    assert not T._MENTIONS_DATA.search("A workbench for chemists.")
    # without a question (paperchat compare) the same cell, a sentence naming data
    assert "GEOM" in T.build([_source(1, cfree, ["background", "method", "result", "result"])], [1],
                             "What data do they use?").rows[0].cells["Data"].text


def test_the_data_cell_is_what_the_paper_is_tested_on_not_its_method_working_on_data() -> None:
    """Over ICML 2026, "What datasets do the papers on tabular foundation models use?" gave TACO the Data cell "we
    propose TACO, an end-to-end tabular compression model that compresses the training dataset …", closer to the
    question than "We test our method on the TabArena benchmark …", which went to Approach. A sentence saying the
    paper is tested or trained on data outranks one proposing its method; a paper that makes its data keeps the
    sentence that introduces it."""
    probs = np.array([[0.9, 0.1, 0, 0, 0], [0, 0.1, 0.9, 0, 0], [0, 0, 0.2, 0.8, 0]])
    taco = ["Tabular foundation models are slow on large tables.",
            "In this work, we propose TACO, an end-to-end tabular compression model that compresses the training "
            "dataset in a latent space.",
            "We test our method on the TabArena benchmark, where it is up to 94x faster."]
    sims = np.array([0.50, 0.45, 0.28])  # MiniLM's cosines to the question, rounded
    assert T.pick("Data", probs, sims, taco, set())[0] == 2
    made = ["Tabular foundation models lack hard tests.",
            "We introduce TabBench, a large-scale benchmark suite of 300 tabular datasets.",
            "TabBench is used to evaluate 12 tabular foundation models on held-out tables."]
    assert T.pick("Data", probs, np.array([0.50, 0.33, 0.30]), made, set())[0] == 1


def test_a_data_sentence_that_says_what_was_found_fills_data_and_result() -> None:
    """Over ICML 2026, "How do papers evaluate hallucination in vision-language models?" gave three of five rows Result
    "—": each one's finding was in the sentence the Data cell took ("Extensive experiments on … benchmarks demonstrate
    that our method significantly reduces hallucinations …")."""
    question = "How do papers evaluate hallucination in vision-language models?"
    mdlm = Paper(paper_id="m", title="Hesitate", venue="ICML", year=2026, abstract=(
        "Masked diffusion models hallucinate. We track the confidence of each token while denoising. "
        "Extensive experiments on image captioning and hallucination evaluation benchmarks demonstrate that our method "
        "significantly reduces hallucinations."))
    e = WordEmbedding(model_name="t")
    row = T.build([_source(1, mdlm, ["background", "method", "result"])], [1], question,
                  np.asarray(e.get_query_embedding(question), dtype=np.float32)).rows[0]
    assert row.cells["Data"].text == "Extensive experiments on image captioning and hallucination evaluation benchmarks"
    assert row.cells["Result"].text == "our method significantly reduces hallucinations."
    assert row.cells["Data"].sentence == row.cells["Result"].sentence == 2 and row.cells["Data"].clipped
    assert all(c.text in mdlm.abstract for c in row.cells.values())  # verbatim spans, both
    assert T.data_and_result("Across five benchmarks spanning two settings, our method reduces errors.") == (
        "Across five benchmarks spanning two settings", "our method reduces errors.")
    # no "that" before the finding, but a name opens it (Olivia over ICML 2026)
    assert T.data_and_result("Extensive experiments on two large-scale benchmarks (TSLib and GIFT-Eval), demonstrate "
                             "Olivia consistently achieves state-of-the-art performance.") == (
        "Extensive experiments on two large-scale benchmarks (TSLib and GIFT-Eval)",
        "Olivia consistently achieves state-of-the-art performance.")
    for whole in ("Our dual-stream architecture achieves SOTA on 6/7 MoleculeNet benchmarks.",  # no finding said apart
                  "We show that the model is good.",  # no data named before it
                  "Experiments on benchmarks show that it works."):  # a finding too short to read alone
        assert T.data_and_result(whole) is None, whole


def test_a_long_sentence_is_cut_at_a_clause_boundary() -> None:
    sentence = ("We evaluate the method on twelve benchmarks covering language, vision and speech, " * 4).strip()
    text, clipped = T.clip(sentence, 20)
    assert clipped and sentence.startswith(text) and len(text.split()) <= 20


def test_a_comparative_answer_leads_with_a_table(settings, seed_index, monkeypatch, capsys) -> None:
    engine = Engine(settings, seed_index, ScriptedChat("PEARL adapts the draft length of speculative decoding [1]."))
    monkeypatch.setattr(cli, "_engine", lambda args: engine)
    assert cli.main(["ask", COMPARATIVE, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    table = out["table"]
    assert table["columns"][:3] == ["Problem", "Approach", "Result"] and len(table["rows"]) >= 2
    row = table["rows"][0]
    assert set(row) == {"n", "paper_id", "title", "venue", "year", "cells"}
    assert set(row["cells"]["Approach"]) == {"text", "role"}
    assert out["answer"].startswith("| [n] | Paper | Problem")
    assert {c["n"] for c in out["citations"]} >= {r["n"] for r in table["rows"]}


def test_table_rows_and_quoted_papers_are_numbered_first_without_gaps(settings, seed_index) -> None:
    engine = Engine(settings, seed_index)
    questions = [json.loads(line)["turns"][0] for line in (ROOT / "eval" / "questions.jsonl").open()
                 if '"comparative' in line]
    tables = 0
    for question in questions:
        events = list(engine.ask(question))
        shown = next(e.hits for e in events if e.kind == "sources")
        answer = next(e.answer for e in events if e.kind == "answer")
        if answer.table is None:
            continue
        tables += 1
        rows = [r.n for r in answer.table.rows]
        # the table's papers are sources [1]..[m], in the order shown; the other sources follow
        assert rows == list(range(1, len(rows) + 1)), question
        assert [h.paper.paper_id for h in shown[:len(rows)]] == [r.paper_id for r in answer.table.rows]
    assert tables >= 20


def test_a_single_paper_question_has_no_table(settings, seed_index) -> None:
    answer = Engine(settings, seed_index).answer("What is the Halton scheduler for MaskGIT?")
    assert answer.table is None and answer.text.startswith("- **Halton")


def test_evidence_for_how_much_picks_the_sentence_with_the_number(settings, seed_index) -> None:
    answer = Engine(settings, seed_index).answer(
        "How much faster is the anisotropy-based memorization detection metric than earlier methods?")
    assert re.search(r"5x|5×", answer.text), answer.text


def test_compare_builds_the_table_for_named_papers_and_refuses_unknown_ids(settings, seed_index, monkeypatch,
                                                                          capsys) -> None:
    monkeypatch.setattr(Engine, "open", classmethod(lambda cls, s, **kw: Engine(settings, seed_index)))
    ids = list(seed_index.papers)[:2]
    assert cli.main(["compare", *ids, "--json"]) == 0
    assert [r["paper_id"] for r in json.loads(capsys.readouterr().out)["rows"]] == ids
    assert cli.main(["compare", ids[0], "no-such-id"]) == 2
    err = capsys.readouterr().err
    assert "no-such-id" in err and "Traceback" not in err


@pytest.mark.parametrize("question", ["How much does ZIP-RC improve accuracy?", "What speedup does PEARL reach?",
                                      # over ICLR 2026, after video diffusion papers: openings on short clips were
                                      # quoted, not SANA-Video's "up to 720×1280 resolution and minute-length duration"
                                      "How long are the videos they generate?"])
def test_intent_is_read_from_the_question(question: str) -> None:
    assert A.intent(question) == "number"


def test_a_table_s_sentences_are_how_they_differ_only_when_a_comparison_is_asked() -> None:
    """Over ICML 2026 "Do any of them compare against Mamba?" after linear-attention papers was answered "How they
    differ: SEMA compares against Mamba …": a follow-up that asks something of the papers shown is answered in short,
    one that asks how they differ is not."""
    from paperchat.schema import Evidence, Filters, Plan, Table

    table, quotes = Evidence([], {}, "", Table(["Problem"], [])), Evidence([], {}, "")
    fresh = Plan("Which papers propose linear attention, and how do they differ?", "", Filters(), comparative=True)
    assert A.lead(fresh, table) == A.HOW_THEY_DIFFER and A.lead(fresh, quotes) == A.IN_SHORT
    for question, compares in (("Do any of them compare against Mamba?", False), ("Which of them is fastest?", False),
                               ("How do they differ in speed?", True), ("Compare them on memory.", True)):
        plan = Plan(question, "", Filters(), comparative=True, reading="narrow")
        assert (A.lead(plan, table) == A.HOW_THEY_DIFFER) is compares


def test_evidence_for_a_question_that_asks_for_attacks_quotes_the_attack_proposed() -> None:
    """Over ICLR 2026 "How do papers attack or remove watermarks in images?" quoted the defense the self-re-watermarking
    paper builds, three sentences closer to the question, not "we introduce the self-re-watermarking threat model as a
    novel attack vector"."""
    said = ["Watermarking protects the copyright of images.",
            "First, we introduce the self-re-watermarking threat model as a novel attack vector.",
            "Second, we develop a self-aware watermarking framework to defend against this threat.",
            "Our key insight is to limit the sensitivity of the watermarking models to their inputs.",
            "We propose a framework that extends Lipschitz constraints to watermarking."]
    source = Source(1, Paper(paper_id="t", title="T", abstract=" ".join(said), venue="ICLR", year=2026), "T",
                    sentences=said, vectors=np.array([[0.9, 0.436], [0.5, 0.866], [1.0, 0.0], [0.95, 0.312],
                                                      [0.92, 0.392]]),
                    roles=["background", "objective", "method", "method", "method"])
    question = np.array([1.0, 0.0])
    assert said[1] not in A.pick_evidence(question, source, 3, "method")
    quoted = A.pick_evidence(question, source, 3, "method", attacking=True)
    assert said[1] in quoted and said[2] in quoted and len(quoted) == 3


def test_evidence_for_a_result_or_for_what_is_done_without_picks_that_sentence() -> None:
    """"What is its main result?" was answered from the abstract's opening sentence; after "Which
    of them needs no retraining?" the paper's "training-free" sentence was not quoted."""
    said = ["Squared tensor networks are expressive distribution estimators.",
            "We show how to parameterize squared circuits to overcome their marginalization overhead.",
            "Our parameterizations unlock efficient marginalization and we introduce a training-free variant.",
            "Experiments show 2x faster marginalization with no loss in likelihood."]
    source = Source(1, Paper(paper_id="t", title="T", abstract=" ".join(said), venue="ICLR", year=2026), "T", sentences=said,
                    vectors=np.array([[1.0, 0.0], [0.9, 0.436], [0.9, 0.436], [0.9, 0.436]]),
                    roles=["background", "method", "method", "result"])
    question = np.array([1.0, 0.0])
    assert A.intent("What is its main result?") == A.intent("What results does the Swift Hydra paper report?") == "result"
    # over ICLR 2026, "How do models perform on it?" after OmniSpatial quoted how the benchmark is built
    assert A.intent("How do models perform on it?") == A.intent("How does it perform on ImageNet?") == "result"
    assert A.intent("How does PEARL work?") == "method"
    # on the seeds, "How do they evaluate their models?" quoted ProTDyn's opening sentences (read as "how do": a method)
    assert A.intent("How do they evaluate their models?") == A.intent("How is ProTDyn validated?") == "data"
    assert A.pick_evidence(question, source, 1) == [said[0]]
    assert A.pick_evidence(question, source, 1, "result") == [said[3]]
    assert A.pick_evidence(question, source, 1, without=frozenset({"retrain"})) == [said[2]]
    # however much closer the others are: over ICLR 2026 "Which of them is training-free?" quoted DSCR's two
    # sentences on hallucination, not its "a lightweight and training-free method"
    far = Source(1, source.paper, "T", sentences=said, vectors=np.array([[1.0, 0.0], [0.95, 0.31], [0.2, 0.98],
                                                                          [0.9, 0.436]]), roles=source.roles)
    assert A.pick_evidence(question, far, 2, without=frozenset({"train"})) == [said[0], said[2]]
    # and "What datasets do they use?" quotes the sentence that names them, not those that speak of "data"
    fl = ["Federated learning degrades under data heterogeneity across clients.",
          "Optimal topology selection across data heterogeneity conditions remains open.",
          "We derive convergence bounds for four topologies.",
          "Extensive experiments on CIFAR-10/CINIC-10/Fashion-MNIST/SST-2 validate these insights."]
    hfl = Source(1, Paper(paper_id="h", title="H", abstract=" ".join(fl), venue="ICLR", year=2026), "H", sentences=fl,
                 vectors=np.array([[1.0, 0.0], [0.98, 0.2], [0.5, 0.87], [0.3, 0.95]]), roles=source.roles)
    assert A.pick_evidence(question, hfl, 2, "data") == [fl[0], fl[3]]
    # over ICML 2026 "What benchmarks do they use?" after offline-RL papers quoted DUAL's "Although data-efficient,
    # …" and "… trajectory data sampled from a diffusion model", not the environments it is run on, named in a list
    dual = ["Offline-to-online RL reuses a pre-trained policy.",
            "Although data-efficient, it is susceptible to distribution shift.",
            "We propose DUAL, an uncertainty-aware actor-critic framework.",
            "Empirically, DUAL improves online return across MuJoCo, AntMaze, Frozen-Lake, and Adroit environments."]
    o2o = _said("DUAL", dual, [[1.0, 0.0], [0.98, 0.2], [0.5, 0.87], [0.3, 0.95]], source.roles)
    assert A.pick_evidence(question, o2o, 2, "data") == [dual[0], dual[3]]
    # "Which of them is the largest?" after code benchmarks (ICML 2026): the sentence that counts what it holds, not
    # the one with its success rate, nor one on what is "large"
    assert A.intents("Which of them is the largest?") == ["size"] and A.intents("Which one is the biggest benchmark?") == ["size"]
    coda = ["Existing benchmarks evaluate code agents on large codebases.",
            "Top agents reach a success rate of only 56.1%.",
            "CoDA-Bench comprises 1,202 tasks spanning 53 communities.",
            "It was released in 2025 ."]
    bench = Source(1, Paper(paper_id="c", title="C", abstract=" ".join(coda), venue="ICML", year=2026), "C",
                   sentences=coda, vectors=np.array([[1.0, 0.0], [0.9, 0.436], [0.3, 0.95], [0.2, 0.98]]),
                   roles=source.roles)
    assert A.pick_evidence(question, bench, 1, "size") == [coda[2]]
    assert A.pick_evidence(question, bench, 1, "number") == [coda[1]]
    # over ICML 2026 "Do any of them need training?" after hallucination-mitigation papers quoted each one's opening
    # on hallucination, not "HaloProbe uses balanced training …": the sentence holding what the pick picks by
    hp = ["Vision-language models can produce object hallucinations in image descriptions.",
          "Prior work relies on attention weights on visual tokens as a detection signal.",
          "HaloProbe uses balanced training to isolate internal evidence.",
          "Guided decoding reduces hallucinations while preserving utility."]
    halo = _said("HaloProbe", hp, [[1.0, 0.0], [0.98, 0.2], [0.2, 0.98], [0.9, 0.436]], source.roles)
    assert A.pick_evidence(question, halo, 2) == hp[:2]
    assert A.pick_evidence(question, halo, 2, held=frozenset({"train"})) == [hp[0], hp[2]]
    assert A.pick_evidence(question, halo, 2, held=frozenset({"video", "predict"})) == hp[:2]  # none holds half


def _said(title: str, said: list[str], vectors: list[list[float]], roles: list[str]) -> Source:
    """A source whose abstract is `said`, one 2-d vector and role per sentence."""
    paper = Paper(paper_id=title.lower(), title=title, abstract=" ".join(said), venue="ICLR", year=2026)
    return Source(1, paper, title, sentences=said, vectors=np.array(vectors), roles=roles)


def test_a_how_much_question_quotes_the_figure_an_abstract_states() -> None:
    """Over ICLR 2026, "By how much do they reduce forgetting?" quoted DEDUCE's two sentences on
    forgetting, closest to the question, and not its "average gain of up to 5.5%"."""
    said = ["Most continual learning research focuses on mitigating catastrophic forgetting.",
            "Memorizing outdated knowledge can cause negative transfer and forgetting.",
            "We introduce DEDUCE, a framework that unlearns selectively.",
            "DEDUCE improves overall accuracy with an average gain of up to 5.5% over baselines."]
    source = _said("DEDUCE", said, [[1.0, 0.0], [0.99, 0.141], [0.5, 0.866], [0.3, 0.954]],
                   ["background", "background", "method", "result"])
    question = np.array([1.0, 0.0])
    assert A.pick_evidence(question, source, 2) == said[:2]
    assert A.pick_evidence(question, source, 2, "number") == [said[0], said[3]]


def test_a_question_asking_what_a_paper_is_and_a_figure_quotes_what_it_proposes_too() -> None:
    """Over ICML 2026 "What does HumanLM do and how many participants were in its study?" quoted three sentences
    of figures and not "we propose a novel training framework, HumanLM, …" (which the role head takes for
    background), and the model called HumanLM "a large-scale language model"."""
    said = ["LLMs are increasingly used to simulate users.",
            "To address this, we propose a novel training framework, HumanLM, which builds user simulators.",
            "Humanual consists of six datasets with 26k users.",
            "HumanLM improves alignment by 16.3% over baselines.",
            "In a study with 37 participants, HumanLM scores highest."]
    source = _said("HumanLM", said, [[0.8, 0.6], [0.6, 0.8], [0.95, 0.312], [0.97, 0.243], [1.0, 0.0]],
                   ["background", "background", "result", "result", "result"])
    question = "What does HumanLM do and how many participants were in its study?"
    assert A.intent(question) == "number" and A.asks_what_it_is(question)
    assert not A.asks_what_it_is("How many participants were in HumanLM's study?")
    # over ICML 2026, with a comma before its "and", it quoted three sentences of data and figures
    assert A.asks_what_it_is("What is HumanLM, and how is it evaluated?")
    vec = np.array([1.0, 0.0])
    assert said[1] not in A.pick_evidence(vec, source, 3, "number")
    assert A.pick_evidence(vec, source, 3, "number", what_it_is=True) == said[1:]


def test_a_question_asking_what_a_paper_is_quotes_its_proposal_over_a_sentence_the_role_head_calls_a_method() -> None:
    """Over ICLR 2026 "What is Point-MoE, and what results does it report?" quoted "Point clouds arise from a wide range
    of sensors …" (a method to the role head) and not "We introduce Point-MoE, a Mixture-of-Experts design …"."""
    said = ["Scaling data and models has been central in NLP and 2D vision.",
            "Point clouds arise from a wide range of sensors and scenes, yielding heterogeneous scanning patterns.",
            "We introduce Point-MoE, a Mixture-of-Experts design that expands capacity through sparse experts.",
            "Trained jointly on a diverse mix of datasets, Point-MoE outperforms prior methods."]
    source = _said("Point-MoE", said, [[0.95, 0.312], [1.0, 0.0], [0.3, 0.954], [0.97, 0.243]],
                   ["background", "method", "method", "result"])
    vec = np.array([1.0, 0.0])
    assert A.asks_what_it_is("What is Point-MoE, and what results does it report?")
    assert A.asks_what_it_is("What does TTT3R do, and what results does it report?")
    assert said[2] not in A.pick_evidence(vec, source, 3, "result")
    assert A.pick_evidence(vec, source, 3, "result", what_it_is=True) == said
    bare = _said("Plain", said[:2] + said[3:], [[0.95, 0.312], [1.0, 0.0], [0.97, 0.243]], ["background", "method", "result"])
    assert A.pick_evidence(vec, bare, 3, "result", what_it_is=True) == said[:2] + said[3:]  # none proposes: as it was


def test_a_question_asking_for_two_kinds_of_sentence_quotes_one_of_each() -> None:
    """Over ICLR 2026 "How does Goedel-Prover-V2 train its prover? How well does it do on MiniF2F?" quoted its
    opening ("We introduce Goedel-Prover-V2, …", which the role head calls a method) and two sentences of figures,
    not the sentence on how the prover is trained, and the model then said only that it uses Lean."""
    said = ["Automated theorem proving is a critical challenge.",
            "We introduce Goedel-Prover-V2, a family of two language models for open-source ATP, using Lean.",
            "Our approach incorporates scaffolded data synthesis and self-correction with compiler feedback.",
            "Our small model reaches 84.6% pass@32 on MiniF2F.",
            "Our flagship model achieves 88.1% on MiniF2F at pass@32."]
    source = _said("Goedel-Prover-V2", said, [[0.6, 0.8], [1.0, 0.0], [0.3, 0.954], [0.95, 0.312], [0.9, 0.436]],
                   ["background", "method", "method", "method", "result"])
    question = "How does Goedel-Prover-V2 train its prover? How well does it do on MiniF2F?"
    assert A.intents(question) == ["number", "method"] and A.intent(question) == "number"
    # a kind asked only in another kind's words is not asked: "How do they evaluate" asks for data, not a method
    assert A.intents("How do they evaluate their models?") == ["data"]
    assert A.intents("How does PEARL work?") == ["method"]
    vec = np.array([1.0, 0.0])
    assert A.pick_evidence(vec, source, 3, "number") == said[1:2] + said[3:]
    # the opening names what is proposed and is of no kind asked: the method sentence takes its place
    assert A.pick_evidence(vec, source, 3, "number", also=["method"]) == said[2:]
    # a sentence that is the only one of the first kind asked stays
    assert A.pick_evidence(vec, source, 2, "number", also=["method"]) == [said[2], said[3]]
    assert A.pick_evidence(vec, source, 1, "number", also=["method"]) == [said[3]]  # one sentence: the first kind
    # over the seeds, "How does dParallel work and how many decoding steps does it need on GSM8K?": a sentence of what
    # was found is no method, however the role head labels it, and of the method sentences the one proposing it comes
    # first, though another is closer
    dp = ["We introduce dParallel, a simple and effective method for fast sampling.",
          "We identify that the bottleneck is sequential certainty convergence.",
          "We introduce certainty-forcing distillation, a novel training strategy.",
          "Extensive experiments demonstrate that our method can reduce decoding steps.",
          "dParallel reduces decoding steps from 256 to 30 on GSM8K."]
    dparallel = _said("dParallel", dp, [[0.9, 0.436], [0.8, 0.6], [0.6, 0.8], [1.0, 0.0], [0.95, 0.312]],
                      ["method", "method", "method", "method", "result"])
    assert A.pick_evidence(vec, dparallel, 3, "number") == [dp[0], dp[3], dp[4]]
    assert A.pick_evidence(vec, dparallel, 3, "number", also=["method"]) == dp[2:]  # in place of the lowest ranked


def test_a_how_does_it_work_question_quotes_the_method_the_paper_proposes() -> None:
    """Over ICLR 2026 "How does CyclicReflex improve reasoning models?" quoted its opening on reasoning models and two
    sentences the role head calls methods ("Through empirical analysis, we show …", "we draw an analogy …"), not
    "we propose cyclical reflection token scheduling, …" a hair further from the question; the model then said it
    works by what reasoning models do. The closest sentence stays; the proposal takes the lowest ranked one's place."""
    said = ["Large reasoning models harness test-time scaling to perform multi-step reasoning.",
            "Through empirical analysis, we show that over-reflection can degrade model performance.",
            "We draw an analogy between reflection token usage and learning rate scheduling.",
            "Building on this insight, we propose cyclical reflection token scheduling, a training-free decoding strategy.",
            "Experiments on MATH500 demonstrate that it consistently improves performance."]
    source = _said("CyclicReflex", said, [[1.0, 0.0], [0.8, 0.6], [0.79, 0.613], [0.78, 0.626], [0.7, 0.714]],
                   ["background", "method", "method", "method", "result"])
    vec = np.array([1.0, 0.0])
    assert A.pick_evidence(vec, source, 3) == said[:3]
    assert A.pick_evidence(vec, source, 3, "method") == [said[0], said[1], said[3]]
    assert A.pick_evidence(vec, source, 1, "method") == [said[0]]  # one sentence: the closest
    # one that a kind also asked needs stays: "… and how well does it do?" keeps its figure
    assert said[4] in A.pick_evidence(vec, source, 3, "method", also=["result"])


def test_evidence_leaves_out_a_sentence_that_points_to_the_code() -> None:
    """Over ICLR 2026 "What does TTT3R do, and what results does it report?" quoted "Code is available in" (its link
    taken out; the source card shows it) as the third sentence."""
    said = ["Recurrent networks have become competitive for 3D reconstruction.",
            "This training-free intervention, termed TTT3R, achieves a 2× improvement in global pose estimation.",
            "Code is available in"]
    source = _said("TTT3R", said, [[0.6, 0.8], [0.9, 0.436], [1.0, 0.0]], ["background", "result", "other"])
    vec = np.array([1.0, 0.0])
    assert A.pick_evidence(vec, source, 3, "result") == said[:2]
    assert A.pick_evidence(vec, source, 1) == [said[1]]
    alone = _said("Alone", said[2:], [[1.0, 0.0]], ["other"])  # nothing else to quote: it stays
    assert A.pick_evidence(vec, alone, 2) == said[2:]


def test_evidence_for_what_problem_a_paper_addresses_picks_its_gap_and_tell_me_more_picks_others() -> None:
    """Read in a conversation: "What problem does Gen-DFL address?" quoted its method and results,
    not "… DFL has also been shown to struggle in high-dimensional settings"; "Tell me more." then
    quoted the same sentences again."""
    said = ["DFL has been shown to struggle in high-dimensional settings.", "We propose Gen-DFL, a generative model.",
            "It samples from the tail of the learned distribution.", "Gen-DFL improves worst-case bounds."]
    source = Source(1, Paper(paper_id="g", title="Gen-DFL", abstract=" ".join(said), venue="ICLR", year=2026), "Gen-DFL",
                    sentences=said, vectors=np.array([[0.9, 0.436], [1.0, 0.0], [0.95, 0.312], [0.95, 0.312]]),
                    roles=["background", "objective", "method", "result"])
    question = np.array([1.0, 0.0])
    assert A.intent("What problem does Gen-DFL address?") == A.intent("What challenges does it tackle?") == "problem"
    assert A.pick_evidence(question, source, 1) == [said[1]]
    assert said[0] in A.pick_evidence(question, source, 2, "problem")
    assert set(A.pick_evidence(question, source, 2, seen=frozenset(said[:2]))) == set(said[2:])
    assert A.pick_evidence(question, source, 2, seen=frozenset(said)) == A.pick_evidence(question, source, 2)  # none new


def test_a_comparison_tables_a_paper_on_its_topic_ranked_past_the_first_k(settings, seed_index) -> None:
    """The engine looks twice as deep for a comparative question: "Unpaired Visual Editing with Self-Consistent
    Flow Matching" is not among the first five hits of "How do the flow matching papers differ?" but its title
    and abstract hold the topic, so it gets a row (and a source card after the first five)."""
    from paperchat.retrieve import Retriever

    question = "How do the flow matching papers differ?"
    first = {h.paper.paper_id for h in Retriever(seed_index, settings.retrieval).search(question, 5)}
    answer = Engine(settings, seed_index).answer(question)
    assert answer.table is not None
    deeper = [r for r in answer.table.rows if r.paper_id not in first]
    assert any(r.title.startswith("Unpaired Visual Editing") for r in deeper)
    shown = {c.paper.paper_id for c in answer.citations}
    assert {r.paper_id for r in answer.table.rows} <= shown


@pytest.mark.parametrize(("title", "label"), [
    ("PEARL: Parallel Speculative Decoding with Adaptive Draft Length", "PEARL"),
    # over ICML 2026 a row read "[2] Position", and the model wrote "Position argues for SAEs' power …"
    ("Position: Use Sparse Autoencoders to Discover Unknowns", "Use Sparse Autoencoders to Discover Unknowns"),
    ("Survey: Foo – A Bar", "Foo"),
    ("Position", "Position"),  # nothing follows: the title is all there is
])
def test_a_row_is_labelled_by_the_papers_name_not_its_kind(title: str, label: str) -> None:
    assert A.short_label(title) == label
    assert Paper(paper_id="p", title=title, abstract="x", venue="ICML", year=2026).name == label


def test_a_reply_that_only_copies_the_table_is_asked_for_again(settings, seed_index) -> None:
    """Over ICLR 2026 "Which papers propose benchmarks for GUI agents, and how do they differ?" was answered
    with a bare table: the model's whole reply copied its cells ("[1] GTA1: Approach: …; Data: …"), which are
    left out, as in 6 of the 134 tables of the eval's run at 1785ac4. It is asked once more, the rows set out as
    prose; a reply that says something is not asked again."""
    engine = Engine(settings, seed_index)
    rows = engine.answer(COMPARATIVE).table.rows
    cell = rows[0].cells["Approach"].text
    first = f"[{rows[0].n}] {rows[0].title}: Approach: {cell}"
    copy = f"{first} [{rows[1].n}] {rows[1].title}: Approach: {rows[1].cells['Approach'].text}"
    said = "PEARL adapts the draft length of speculative decoding [1]."
    chat = ScriptedChat(copy, then=said)
    answer = Engine(settings, seed_index, chat).answer(COMPARATIVE)
    again = chat.prompts[1][-1]["content"]
    assert len(chat.prompts) == 2 and "sets each paper apart" in again and "Approach:" not in again
    assert "Approach:" in chat.prompts[0][-1]["content"] and cell in again
    assert "**How they differ:** PEARL adapts the draft length of speculative decoding" in answer.text
    # the copy is stopped once it has set out a row as the table does: its second row is never read
    assert answer.timings["model_pieces"] <= len(first.split()) + 1 + len(said.split()) < len(copy.split())
    once = ScriptedChat("PEARL adapts the draft length of speculative decoding [1].")
    Engine(settings, seed_index, once).answer(COMPARATIVE)
    assert len(once.prompts) == 1
    # the rows set out in one sentence that never ends (over ICML 2026, under 14 rows, "[1] Realistic Adaptive
    # Merging: Approach: …, while [2] …" until the model ran out of tokens) is a copy too, not a cut-off claim
    unended = f"{first.rstrip('.')}, while [{rows[1].n}] {rows[1].title}: Approach: it adapts, while"
    chat = ScriptedChat(unended, then=said)
    answer = Engine(settings, seed_index, chat).answer(COMPARATIVE)
    assert len(chat.prompts) == 2 and "**How they differ:** PEARL adapts the draft length" in answer.text
    assert not answer.verification.dropped_sentences
