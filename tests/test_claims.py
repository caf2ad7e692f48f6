"""The meaning checks (claims.py), the verifier that uses them, and `paperchat check`."""

from __future__ import annotations

import json

import numpy as np
import pytest

from paperchat import cli, render, ui
from paperchat.cite import Verifier
from paperchat.claims import (
    baseline_conflict,
    benchmark_conflict,
    comparison_conflict,
    conflict,
    context_conflict,
    credit_conflict,
    direction_conflict,
    done_without,
    earlier_conflict,
    fault_conflict,
    fewer_conflict,
    gain_conflict,
    has_figure,
    identity_conflict,
    level_conflict,
    many_conflict,
    measure_conflict,
    moved_conflict,
    name_conflict,
    negations,
    number_conflict,
    pairing_conflict,
    pairs,
    polarity_conflict,
    predicate_conflict,
    repeated_conflict,
    says_done_without,
    superlative_conflict,
    without_only,
)
from paperchat.config import AnswerSettings
from paperchat.engine import Engine
from paperchat.schema import Paper, Source, Verification
from paperchat.text import sentences

from .conftest import ScriptedChat, WordEmbedding

PEARL = ("PEARL achieves speedups of up to 4.43× over autoregressive decoding. It does not require retraining "
         "the draft model. Contrary to the belief that longer drafts help, we find that adaptive lengths are faster.")


@pytest.mark.parametrize(("claim", "ok"), [
    ("PEARL achieves a 4.43× speedup", True),
    ("PEARL achieves up to 4.43x speedup", True),
    ("PEARL is 4.4 times faster", True),  # rounded, as written
    ("PEARL achieves a 44× speedup", False),
    ("PEARL achieves up to 5× speedup", False),
    ("PEARL achieves a 4.43% gain", False),  # another unit
    # over ICLR 2026, "… augmenting the key-value cache with depth cues and 2D spatial proximity" was
    # withheld as "the number 2 is not one the abstract states": "2D" names a kind of thing
    ("PEARL drafts 2D and 3D layouts", True),
    ("PEARL achieves a 2x speedup and ranks 1st", False),  # "2x" is an amount: not stated
])
def test_numbers_must_be_the_ones_stated(claim: str, ok: bool) -> None:
    assert (number_conflict(claim, PEARL) == "") is ok


TWO_METHODS = ("Low-probability tokens dominate model updates in RL training. To mitigate this interference, we propose two "
         "novel methods: Advantage Reweighting and Lopti. Our approaches promote balanced updates across tokens. "
         "We evaluate on three benchmarks.")


@pytest.mark.parametrize(("claim", "ok"), [
    # over the seeds, "[1] proposes two novel methods to mitigate interference from low-probability tokens …" was
    # withheld ("the number 2 is not one the abstract states"): the closest sentence was "Our approaches promote …"
    ("It proposes two novel methods to mitigate interference", True),
    ("It proposes three novel methods to mitigate interference", False),
    ("It evaluates two benchmarks", False),  # the abstract's "two" counts methods
    ("It proposes three novel methods", False),  # the abstract's "three" counts benchmarks
    ("It mitigates interference with two novel approaches", False),  # not the words the abstract counts
    ("It proposes 2 novel methods", False),  # a figure in digits is read where the claim is closest, as before
])
def test_a_count_in_words_may_be_stated_in_any_sentence_beside_what_it_counts(claim: str, ok: bool) -> None:
    closest = "Our approaches promote balanced updates across tokens."
    assert (number_conflict(claim, closest, TWO_METHODS) == "") is ok


def test_a_figure_the_abstract_gives_elsewhere_is_said_to_be_there() -> None:
    """"FaPS trains diffusion models up to 3× faster than previous methods" was withheld as "the number 3× is not one
    the abstract states", which the reader can see is false: the abstract gives 3×, in a sentence that names no
    previous methods, so not among those closest to the claim."""
    abstract = "Previous methods train slowly. FaPS achieves up to 3× faster training."
    why = number_conflict("FaPS trains up to 3× faster than previous methods", "Previous methods train slowly.",
                          abstract)
    assert why.startswith("the number 3× is in the abstract")  # cite.py reads "the number …" as a number's reason
    assert number_conflict("FaPS trains up to 7× faster", "Previous methods train slowly.", abstract) == (
        "the number 7× is not one the abstract states")
    # a number written as the end of a name is no figure the abstract gives: "10%" is not in "CIFAR-10"
    named = "We train on CIFAR-10 and ImageNet. Our method improves accuracy by 4%."
    assert number_conflict("The method improves accuracy by 10% [1]", "Our method improves accuracy by 4%.", named) == (
        "the number 10% is not one the abstract states")


DACOMP = ("We introduce DAComp, a benchmark of 236 tasks that mirrors these workflows. We evaluate 12 agents on it. "
          "Engineering tasks are scored through execution-based evaluation, and the best agent solves 31% of them.")


@pytest.mark.parametrize(("claim", "ok"), [
    # a number of the abstract given to another thing: as false as a number it never states (the model
    # mixes up the figures of neighbouring sentences, and the set of numbers alone passed them)
    ("DAComp is a benchmark of 12 tasks", False),
    ("It evaluates 236 agents", False),  # (conflict() takes the paper's own names out first)
    ("It is scored by execution on 12 engineering tasks", False),
    ("DAComp is a benchmark of 236 tasks", True),
    ("DAComp evaluates 12 agents, and the best agent solves 31% of engineering tasks", True),
    ("It comprises 236 workflow tasks", True),  # one word of what it counts is enough
    ("DAComp's results: 31%", True),  # nothing said around the number
    ("two agents were evaluated", True),  # word numbers are left alone
])
def test_a_number_of_the_abstract_must_count_what_the_abstract_counts(claim: str, ok: bool) -> None:
    assert (context_conflict(claim, DACOMP) == "") is ok


PARISKV = ("ParisKV delivers up to 2.8× higher throughput within full attention's runnable range. At million-token "
           "scale, ParisKV reduces decode latency by 17× and 44× compared to MagicPIG and PQCache, respectively. "
           "PatternKV raises throughput by 1.5× while supporting 1.25× larger batches, at 3× less memory.")


@pytest.mark.parametrize(("claim", "ok"), [
    # over ICML 2026, to "How much memory do the KV cache quantization papers save?": the abstract's 17× is latency
    ("KV cache memory is reduced by up to 17× and 44× compared to MagicPIG and PQCache", False),
    ("ParisKV improves accuracy by 2.8×", False),
    ("ParisKV achieves a 17× speedup over MagicPIG", True),  # latency, speed and throughput are one kind
    ("ParisKV reduces decode latency by 17× compared to MagicPIG", True),
    ("It needs 3× less memory and runs 1.5× faster", True),
    ("It supports 1.25× larger batches with less memory", True),  # one kind the abstract names beside 1.25× is enough
    ("ParisKV is 17× better than MagicPIG", True),  # the claim names no kind
    ("It uses 2.8× less memory", False),
])
def test_a_figure_the_abstract_gives_for_one_measure_is_not_one_of_another(claim: str, ok: bool) -> None:
    assert (measure_conflict(claim, PARISKV) == "") is ok, measure_conflict(claim, PARISKV)


ENTROKV = ("Extensive experiments demonstrate that EntroKV consistently outperforms baselines, retaining ~98% of "
           "full-cache performance at a 30% budget ratio with negligible computational overhead. STAR-KV achieves up "
           "to 75% KV cache compression.")


@pytest.mark.parametrize(("claim", "ok"), [
    # over ICML 2026, kept in an answer: the abstract's 98% is what EntroKV keeps, not what it cuts
    ("EntroKV compresses the KV cache by up to 98% of full-cache performance", False),
    ("EntroKV retains 98% of full-cache performance", True),
    ("EntroKV preserves 98% of performance while compressing the cache to a 30% budget", True),
    ("STAR-KV compresses the KV cache by up to 75%", True),
    ("STAR-KV retains 75% of the KV cache", False),
])
def test_how_much_is_kept_is_no_measure_of_how_much_is_cut(claim: str, ok: bool) -> None:
    assert (measure_conflict(claim, ENTROKV) == "") is ok, measure_conflict(claim, ENTROKV)


PUZZLEMOE = ("Extensive experiments demonstrate that PuzzleMoE outperforms prior MoE compression methods by up to 16.7% "
             "on MMLU at 50% compression ratio, and achieves up to 1.80× end-to-end inference throughput gain. "
             "It surpasses baselines by reducing perplexity by 0.35. LaTo outperforms them by 7.8% in identity "
             "preservation. It outperforms EAGLE-3 by 1.62×.")


@pytest.mark.parametrize(("claim", "ok"), [
    # over ICML 2026, to "What is PuzzleMoE and how much does it compress?", kept: 16.7% is its margin over other
    # compression methods on MMLU, not what it compresses
    ("It compresses by up to 16.7% on MMLU at 50% compression ratio", False),
    ("PuzzleMoE outperforms prior compression methods by up to 16.7% on MMLU", True),
    ("PuzzleMoE improves MMLU accuracy by up to 16.7% over prior compression methods", True),
    ("It reduces memory by 16.7%", False),
    ("It reduces perplexity by 0.35", True),  # the measure written before its "by"
    ("LaTo preserves identity 7.8% better", True),  # … or right after the figure
    ("It achieves a 1.62× speedup over EAGLE-3", True),  # a factor beyond others names no measure of itself
])
def test_a_margin_over_other_methods_is_no_measure_of_what_they_do(claim: str, ok: bool) -> None:
    assert (measure_conflict(claim, PUZZLEMOE) == "") is ok, measure_conflict(claim, PUZZLEMOE)


ATGRPO = ("Especially on long-horizon planning tasks, AT-GRPO boosts accuracy from a 14.0–47.0% single-agent RL "
          "baseline to 96.0–99.5%. On math it improves accuracy by up to 4.1%.")


@pytest.mark.parametrize(("claim", "ok"), [
    # over ICLR 2026, "GRPO improves accuracy by 96.0–99.5% on long-horizon planning tasks [4]" was kept
    ("It improves accuracy by 96.0–99.5% on long-horizon planning tasks", False),
    ("It raises math accuracy to 4.1%", False),
    ("It boosts accuracy to 96.0–99.5% on long-horizon planning tasks", True),
    ("It improves math accuracy by up to 4.1%", True),
    ("It reaches up to 4.1% higher accuracy on math", True),  # "up to" is no level
    ("Its accuracy is 96.0–99.5%", True),  # neither word: not read
])
def test_a_level_reached_is_not_a_change(claim: str, ok: bool) -> None:
    assert (level_conflict(claim, ATGRPO) == "") is ok


RESPECTIVELY = ("Experiments on various text generation benchmarks demonstrate the effectiveness of our PEARL, "
                "leading to a superior speedup performance up to 4.43× and 1.50×, compared to auto-regressive "
                "decoding and vanilla speculative decoding, respectively.")


@pytest.mark.parametrize(("claim", "ok"), [
    # read in the app: "What speedup does PEARL get over vanilla speculative decoding?" was answered
    # with the other pair's number, and kept: every number and word of it is in the sentence
    ("PEARL gets a speedup of up to 4.43× compared to vanilla speculative decoding [1].", False),
    ("PEARL is 1.50× faster than auto-regressive decoding.", False),
    ("PEARL gets up to 4.43× over auto-regressive decoding and 1.50× over vanilla speculative decoding.", True),
    ("PEARL gets a speedup of up to 4.43× over autoregressive decoding [1].", True),
    ("PEARL is 1.5× faster than vanilla speculative decoding.", True),
    ("PEARL reaches a 4.43× speedup.", True),
])
def test_a_number_paired_respectively_must_go_with_its_own_thing(claim: str, ok: bool) -> None:
    assert (pairing_conflict(claim, RESPECTIVELY) == "") is ok
    assert (conflict(claim, RESPECTIVELY, RESPECTIVELY, RESPECTIVELY) == "") is ok


TIMEID = ("Extensive experiments show that TimeID outperforms state-of-the-art baselines, improving MSE and MAE by 8.1% "
          "and 9.3% on average.")


@pytest.mark.parametrize(("claim", "ok"), [
    # the same figure twice, where the abstract gives it once and another figure beside it: each alone is the
    # abstract's and near the words around it (of 95 claims whose figure was swapped for another of the same abstract,
    # 59 repeated one so and had been kept)
    ("TimeID improves MSE and MAE by 9.3% and 9.3% on average [1].", False),
    ("TimeID improves MSE and MAE by 8.1% and 9.3% on average [1].", True),
    ("TimeID improves MAE by 9.3% on average, a 9.3% gain [1].", False),
])
def test_a_figure_written_more_often_than_the_abstract_writes_it_is_not_the_abstracts(claim: str, ok: bool) -> None:
    assert (repeated_conflict(claim, TIMEID) == "") is ok
    assert (conflict(claim, TIMEID, TIMEID, TIMEID) == "") is ok
    twice = TIMEID + " On long horizons it also improves MAE by 9.3%."
    assert repeated_conflict("TimeID improves MAE by 9.3% and long-horizon MAE by 9.3% [1].", twice) == ""
    assert repeated_conflict("It improves two measures, MSE and MAE, on two horizons.", TIMEID) == ""  # words: said again


D3LLM_RESULT = ("Experiments demonstrate that our d3LLM achieves up to 10× speedup over vanilla LLaDA/Dream, and up to 5× "
                "speedup over the AR models (Qwen-2.5-7B) without much accuracy degradation.")  # ICML 2026


@pytest.mark.parametrize(("claim", "ok"), [
    # two figures of one sentence given each other's words: each is the abstract's and near the other's words
    ("d3LLM achieves up to 5× speedup over vanilla LLaDA/Dream and up to 10× speedup over the AR models [1].", False),
    ("d3LLM is up to 5× faster than vanilla LLaDA/Dream [1].", False),
    ("d3LLM achieves up to 10× speedup over vanilla LLaDA/Dream and up to 5× over AR models [1].", True),
    ("d3LLM is 5× faster than AR models and 10× faster than LLaDA and Dream [1].", True),
    # one word of the other figure's is too little to tell ("by 5% and latency by 10% over baselines" reworded)
    ("It cuts latency by 10% and raises accuracy by 5% over baselines [1].", True),
])
def test_two_figures_of_one_sentence_given_each_others_words_are_not_the_abstracts(claim: str, ok: bool) -> None:
    from paperchat.claims import swapped_conflict

    support = D3LLM_RESULT if "d3LLM" in claim else "It improves accuracy by 5% and latency by 10% over baselines."
    assert (swapped_conflict(claim, support) == "") is ok
    assert (conflict(claim, support, support, support) == "") is ok


LEARNPRUNER = ("Experimental results show that our LearnPruner can preserve approximately 95% of the original performance "
               "while using only 5.5% of vision tokens, and achieve 3.2× inference acceleration, demonstrating a superior "
               "accuracy-efficiency trade-off.")  # ICLR 2026
SAS = ("On Sudoku with 1B MDM, SAS improves puzzle accuracy from 82.0% (best heuristic schedule) to 91.8%, and reaches "
       "97.9% with second-stage fine-tuning along learned trajectories. On LLaDA-8B, SAS improves pass@1 on GSM8K from "
       "64% to 76% (full diffusion) and on MBPP from 39.5% to 41%, while consistently matching or exceeding heuristic "
       "schedules across generation lengths and block sizes.")  # ICML 2026


@pytest.mark.parametrize(("claim", "support", "ok"), [
    # what a figure measures is written right after it: 5.5% is of the vision tokens, the original performance 95%'s
    # ("achieving" leads into 3.2×, and the abstract's 5.5% is followed by "and achieve" too)
    ("LearnPruner prunes vision tokens by 5.5% of the original performance while achieving 3.2× inference "
     "acceleration [1].", LEARNPRUNER, False),
    ("LearnPruner keeps 95% of the original performance with 5.5% of the vision tokens and achieves 3.2× inference "
     "acceleration [1].", LEARNPRUNER, True),
    ("LearnPruner preserves about 95% of the original performance while using only 5.5% of vision tokens [1].",
     LEARNPRUNER, True),
    # a sentence of the abstract word for word, whose figures another sentence gives with other words
    (SAS.split(". ")[0] + ".", SAS, True),
])
def test_a_figure_given_the_words_written_after_another_is_withheld(claim: str, support: str, ok: bool) -> None:
    from paperchat.claims import swapped_conflict

    assert (swapped_conflict(claim, support) == "") is ok


@pytest.mark.parametrize(("sentence", "paired"), [
    (RESPECTIVELY, [(4.43, "auto-regressive decoding"), (1.5, "vanilla speculative decoding")]),
    ("EAST sets a new state of the art on NTU60, SSv2, and UCF101, surpassing previous best work by 10.1, 7.7, "
     "and 3.9 percentage points, respectively.", [(10.1, "NTU60"), (7.7, "SSv2"), (3.9, "UCF101")]),
    ("It reduces unsafe generations on the Open-Sora and ZeroScopeT2V models across the T2VSafetyBench and "
     "SafeSora benchmarks, with average reductions of 36.3% and 58.2% respectively, while preserving prompt "
     "alignment and video quality.", [(36.3, "T2VSafetyBench"), (58.2, "SafeSora benchmarks")]),
    # two lists of numbers: which one "respectively" pairs is not read, so nothing is checked
    ("GraphShield reduces attack success rates to 1.9% and 7.8%, respectively, while keeping refusal rates "
     "at 7.1% and 6.8% on LLaMA and Vicuna.", []),
    ("It achieves 4.43× and 1.50× speedups over auto-regressive and speculative decoding.", []),  # no "respectively"
    ("It achieves +5.4%/+2.7% higher accuracy compared to Dream 7B and Qwen3 4B, respectively.", []),
])
def test_respectively_pairs_numbers_with_the_things_listed_before_it(sentence: str, paired: list) -> None:
    assert [(n[0], thing) for n, thing in pairs(sentence)] == paired


def test_a_derived_percentage_is_not_stated() -> None:
    stated = "dParallel reduces decoding steps from 256 to 30 on GSM8K."
    assert number_conflict("dParallel reduces the number of decoding steps by 75% on GSM8K", stated)
    assert not number_conflict("dParallel reduces decoding steps from 256 to 30", stated)


@pytest.mark.parametrize(("claim", "ok"), [
    ("PEARL does not require retraining the draft model", True),
    ("PEARL requires retraining the draft model", False),
    ("PEARL does not achieve speedups over autoregressive decoding", False),
])
def test_negation_on_one_side_only_fails(claim: str, ok: bool) -> None:
    best = next(s for s in PEARL.split(". ") if ("retrain" in s) == ("retrain" in claim))
    assert (polarity_conflict(claim, best) == "") is ok


def test_a_yes_or_no_reply_word_is_no_negation() -> None:
    """Read in the app: "Does ZIP-RC require an extra model to predict reward?" was answered "No,
    ZIP-RC does not require an extra model to predict reward." and withheld as a negation the
    abstract lacks: the reply's "No," was counted beside its "not"."""
    stated = ("ZIP-RC reuses reserved or unused logits in the same forward pass as next-token prediction to "
              "output a joint distribution over final reward and remaining length—no extra models, "
              "architecture change, or inference overhead.")
    assert conflict("No, ZIP-RC does not require an extra model to predict reward.", stated, stated, stated) == ""
    assert conflict("Yes, ZIP-RC requires no extra models.", stated, stated, stated) == ""
    assert conflict("No, ZIP-RC requires extra models.", stated, stated, stated)  # the claim itself still counts
    assert conflict("No extra models are not needed.", stated, stated, stated)  # "No" that is no reply word


@pytest.mark.parametrize(("claim", "ok"), [
    # a negation made by a prefix flips the sentence as "not" does (read in the app: "their inability to")
    ("GFlowNets are limited by their inability to exploit the compositional structure", False),
    ("GFlowNets are unable to exploit the compositional structure of the sample space", False),
    ("Their success is credited to their ability to exploit the compositional structure", True),
    ("Exploiting the compositional structure is impossible for GFlowNets", False),
])
def test_a_negating_word_counts_as_a_negation(claim: str, ok: bool) -> None:
    stated = ("Conventional wisdom attributes the success of GFlowNets to their ability to exploit the "
              "compositional structure of the sample space.")
    assert (polarity_conflict(claim, stated) == "") is ok
    assert polarity_conflict("It is not possible to retrain the model", "It is impossible to retrain the model") == ""


@pytest.mark.parametrize(("claim", "ok"), [
    # the negation governs "quality loss", not the baseline it is set against: withheld as negated before
    ("FlowCast delivers a >2.5× speedup in image generation, video generation, and editing compared to standard "
     "full generation", True),
    ("FlowCast loses quality compared to standard full generation", False),
    ("FlowCast has a quality loss in image generation", False),
])
def test_a_negation_governs_no_baseline_it_is_set_against(claim: str, ok: bool) -> None:
    stated = ("Empirical evaluations demonstrate that FlowCast achieves >2.5× speedup in image generation, video "
              "generation, and editing tasks, outperforming existing baselines with no quality loss as compared to "
              "standard full generation.")
    assert (polarity_conflict(claim, stated, stated) == "") is ok


@pytest.mark.parametrize(("claim", "ok"), [
    # over ICML 2026 this was withheld as negated: it holds "flow matching", not the "continuous flow matching" contrasted
    ("Minibatch Optimal Transport introduces minibatch OT and perplexity bound estimation in discrete flow matching",
     True),
    ("The rectification strategy can be applied to continuous flow matching", False),
    ("The rectification strategy can be applied to discrete paths", False),  # the "cannot" is dropped
])
def test_a_contrast_governs_the_whole_of_what_it_contrasts(claim: str, ok: bool) -> None:
    stated = ("However, unlike continuous flow matching, the rectification strategy cannot be applied due to the "
              "stochasticity of discrete paths, necessitating alternative methods to minimize state transitions.")
    assert (polarity_conflict(claim, stated, stated) == "") is ok


@pytest.mark.parametrize(("claim", "ok"), [
    # over ICML 2026 this was withheld as negated: the "without" is the baseline's, not VIA-SD's
    ("VIA-SD provides 2.5-3× acceleration while improving output quality", True),
    ("VIA-SD provides 2.5-3× acceleration without improving output quality", False),
    ("VIA-SD does not provide acceleration", False),
])
def test_a_negation_within_the_baseline_is_the_baselines(claim: str, ok: bool) -> None:
    stated = "Compared to decoding without drafting, VIA-SD provides 2.5-3× acceleration while improving output quality."
    assert (polarity_conflict(claim, stated, stated) == "") is ok
    assert done_without("It is 3x faster than methods that do not cache, and needs no retraining.") == {"retrain"}


OFTSR = ("Recent advances in diffusion and flow-based generative models have demonstrated remarkable success in image "
         "restoration tasks. However, these methods either require numerous sampling steps to generate high-quality "
         "images, resulting in significant computational overhead, or rely on common model distillation. In this paper, "
         "we introduce OFTSR, a novel flow-based framework for one-step image super-resolution that can produce outputs "
         "with tunable levels of fidelity and realism.")


@pytest.mark.parametrize(("claim", "ok"), [
    # over ICLR 2026, "How many sampling steps do they use?" after diffusion super-resolution papers: kept
    ("OFTSR uses numerous sampling steps to generate high-quality images", False),
    ("OFTSR needs multiple denoising steps for image super-resolution", False),
    ("OFTSR performs image super-resolution in one step", True),
    ("OFTSR runs for multiple training epochs", True),  # no counted thing of the rule
])
def test_many_steps_are_not_the_one_the_abstract_takes(claim: str, ok: bool) -> None:
    assert (many_conflict(claim, OFTSR) == "") is ok
    # the abstract that takes more than one too, or says one only of its baselines, does not object
    both = OFTSR + " It can also refine its output with multi-step sampling for image super-resolution."
    assert many_conflict("OFTSR uses multiple sampling steps to refine images", both) == ""
    baselines = "We propose an image sampler that outperforms baselines based on one-step image estimation."
    assert many_conflict("It uses numerous sampling steps to generate images", baselines) == ""


def test_they_said_in_earlier_works_words_is_said_of_earlier_work() -> None:
    support = OFTSR.split(". ")[1]
    assert earlier_conflict("They use numerous sampling steps to generate high-quality images", support, OFTSR)
    assert not earlier_conflict("They introduce a flow-based framework for one-step image super-resolution",
                                "In this paper, we introduce OFTSR, a novel flow-based framework for one-step image "
                                "super-resolution.", OFTSR)


PROMECD = ("Real-world data is rarely clean; it is plagued by severe class imbalance and label corruption. Current "
           "solutions lean heavily on black-box meta-learning to re-weight samples. However, this paradigm introduces a "
           "fatal circular dependency: it relies on pristine, balanced validation sets to guide the optimization, which "
           "are essentially non-existent in the wild. We propose ProMeCD, a self-referential framework that breaks this "
           "dependency. Crucially, ProMeCD is fully white-box and validation-free.")


def test_while_these_approaches_is_earlier_work() -> None:
    from paperchat.claims import of_earlier_work

    assert of_earlier_work("While these approaches have achieved promising results, they often lack a principled "
                           "framework and struggle with the computational demands of real-time execution.")
    assert of_earlier_work("Although these methods reduce computational overhead, they lose information.")
    assert not of_earlier_work("While these methods find a shared basis, we grow ours with the ranks.")  # "we"
    assert not of_earlier_work("While training is costly, HDFlow runs fast.")


def test_this_paradigm_after_a_however_is_earlier_work() -> None:
    """Over ICML 2026, "Do any of them need a clean validation set?" after label-noise papers was told "ProMeCD relies
    on pristine, balanced validation sets to guide the optimization", the words of the paradigm ProMeCD breaks with."""
    support = PROMECD.split(". ")[2]
    assert earlier_conflict("relies on pristine, balanced validation sets to guide the optimization", support, PROMECD,
                            name_led=True)
    assert not earlier_conflict("is fully white-box and validation-free", PROMECD.split(". ")[-1], PROMECD,
                                name_led=True)


@pytest.mark.parametrize(("said", "free"), [
    # the reply to "Do any of them need training?" (ICML 2026): "none of the papers" is whose need is denied
    ("No, none of the papers need training.", {"train"}),
    ("Neither needs training.", {"train"}),
    ("Both are training-free.", {"train"}),
    ("Neither requires any additional training.", {"train"}),
    ("They do not need a reward model.", {"reward", "model"}),
    # more than what they do without, or no thing done without
    ("Both are training-free and plug-and-play.", set()),
    ("Neither needs training, and both prune 90% of the tokens.", set()),
    ("It does not improve accuracy.", set()),
])
def test_what_alone_a_sentence_says_its_papers_do_without(said: str, free: set[str]) -> None:
    assert without_only(said) == free


@pytest.mark.parametrize(("sentence", "free", "ok"), [
    ("We propose SpecFlow, a training-free framework that shifts the paradigm.", {"train"}, True),
    ("Our method requires no additional training and can be integrated into existing LLMs.", {"train"}, True),
    ("It improves alignment without requiring manual step-level labels.", {"label"}, True),
    ("DCO is a DPO-inspired method that requires no explicit reward model.", {"reward", "model"}, True),
    ("Edits are made directly via Gaussian kernels without retraining, while keeping quality.", {"retrain"}, True),
    # sentences of the ICLR and ICML 2026 abstracts that read as doing without it, and do not
    ("This limitation is severe, where policies do not scale across population sizes without retraining.",
     {"retrain"}, False),
    ("We present an attack that requires little to no access to the training data.", {"train"}, False),
    ("The gains come without changing the training regime or sacrificing classification performance.", {"train"},
     False),
    ("Instead of modeling reward as a deterministic scalar, our approach treats it as a random variable.",
     {"reward", "model"}, False),
    ("It achieves substantial improvements over training-free and supervised state-of-the-art methods.", {"train"},
     False),
    ("Without using any experimental mutation labels during training, our approach improves on ProteinGym.",
     {"train"}, False),
    ("To train models robust to truncated thinking, we introduce a rollout strategy that generalizes to unseen budgets "
     "without additional training.", {"train"}, False),
])
def test_what_a_sentence_says_is_done_without_in_so_many_words(sentence: str, free: set[str], ok: bool) -> None:
    assert says_done_without(sentence, free) is ok


def test_none_of_the_papers_negates_what_follows_them() -> None:
    assert done_without("None of the papers need training.") >= {"train"}
    assert "papers" not in done_without("None of the papers need training.")


@pytest.mark.parametrize(("claim", "ok"), [
    # over ICLR 2026 the first two were withheld: the "not" after "than baseline models and" had been read as the
    # baseline's, so the abstract negated nothing and a claim keeping the "not" added one
    ("Foundation models are consistently better calibrated than baseline models and tend not to be either "
     "systematically over- or under-confident", True),
    ("Foundation models tend not to be either systematically over- or under-confident", True),
    ("Foundation models tend to be systematically over- or under-confident", False),
    ("Foundation models are better calibrated than baseline models and tend to be systematically over-confident", False),
])
def test_a_negation_in_a_clause_after_the_baseline_is_the_papers_own(claim: str, ok: bool) -> None:
    stated = ("We find that time series foundation models are consistently better calibrated than baseline models and "
              "tend not to be either systematically over- or under-confident, in contrast to the overconfidence often "
              "seen in other deep learning models.")
    assert (polarity_conflict(claim, stated, stated) == "") is ok


@pytest.mark.parametrize(("claim", "ok"), [
    # over ICML 2026 this was withheld as negated: the claim keeps the first negation and leaves out the second
    ("To Grok Grokking's result suggests that grokking is not an inherent failure mode of deep learning", True),
    ("Grokking is an inherent failure mode of deep learning", False),
    ("Grokking is not an inherent failure mode and requires fundamental changes to the model architecture", False),
])
def test_a_claim_may_keep_one_negation_and_leave_out_another(claim: str, ok: bool) -> None:
    stated = ("Our results suggest that grokking is not an inherent failure mode of deep learning, but rather a "
              "consequence of specific training conditions, and thus does not require fundamental changes to the model "
              "architecture or learning algorithm to avoid.")
    assert (polarity_conflict(claim, stated, stated) == "") is ok


@pytest.mark.parametrize(("claim", "ok"), [
    # over ICLR 2026, withheld as negated by Cautious Optimizers' own sentence
    ("Cautious Optimizers preserve Adam's Hamiltonian function and maintain convergence guarantees", True),
    ("Cautious Optimizers break the convergence guarantee", False),
    ("Cautious Optimizers lose the convergence guarantee", False),
    ("Cautious Optimizers do not maintain the convergence guarantee", False),
])
def test_a_harm_denied_is_what_a_claim_may_say_is_kept(claim: str, ok: bool) -> None:
    stated = ("Our theoretical result shows that this modification preserves Adam's Hamiltonian function and it does "
              "not break the convergence guarantee under the Lyapunov analysis.")
    assert (polarity_conflict(claim, stated) == "") is ok
    cosmos = "COSMOS achieves memory efficiency without compromising optimization performance."
    assert polarity_conflict("COSMOS maintains optimization performance", cosmos) == ""
    assert polarity_conflict("COSMOS compromises optimization performance", cosmos)
    assert polarity_conflict("X maintains accuracy", "X does not keep accuracy")  # a keeping denied is no harm denied


@pytest.mark.parametrize(("claim", "stated", "ok"), [
    ("The method reduces memory use", "The method reduces memory use by half", True),
    ("The method increases memory use", "The method reduces memory use by half", False),
    ("GaRA outperforms baselines", "GaRA consistently outperforms baselines", True),
    ("GaRA underperforms baselines", "GaRA consistently outperforms baselines", False),
    ("Decoding is slower with PEARL", "Decoding is faster with PEARL", False),
    # a direction said with its -tion noun (over ICLR 2026, FSA's "latency increase" was kept against "reduction")
    ("FSA achieves up to 3.5x kernel-level latency increase", "FSA achieves up to 3.5x kernel-level latency reduction",
     False),
    ("FSA reduces kernel-level latency by up to 3.5x", "FSA achieves up to 3.5x kernel-level latency reduction", True),
    ("The scheme brings an acceleration of training", "The scheme slows training", False),
    # and with its -ement noun, which keeps the verb's "e" ("improvement" was no form of "improve")
    ("GRPO shows a 46.2% degradation on K&K Logic Puzzles", "GRPO gains a 46.2% improvement on K&K Logic Puzzles",
     False),
    ("Lopti brings a 46.2% improvement over GRPO", "Lopti degrades GRPO by 46.2%", False),
    ("Lopti brings enhancements to GRPO", "Lopti diminishes what GRPO reaches", False),
    ("Lopti brings a 46.2% improvement over GRPO", "Lopti improves GRPO by 46.2%", True),
])
def test_direction_words_must_agree(claim: str, stated: str, ok: bool) -> None:
    assert (direction_conflict(claim, stated) == "") is ok


def test_a_named_benchmark_must_be_in_the_abstract() -> None:
    assert name_conflict("PEARL reaches 4.43× on GSM8K", PEARL, ["PEARL"])
    assert not name_conflict("PEARL reaches 4.43×", PEARL, ["PEARL"])
    assert not conflict("PEARL achieves up to 4.43× speedups", PEARL.split(". ")[0], PEARL, PEARL, ["PEARL"])


LOPTI = ("Reinforcement learning has become a cornerstone of LLM reasoning, with recent innovations such as Group "
         "Relative Policy Optimization (GRPO) demonstrating exceptional effectiveness. To mitigate this, we propose "
         "Low-Probability Token Isolation (Lopti) and AdvRW. Experiments show gains for GRPO-trained LLMs.")


@pytest.mark.parametrize(("claim", "ok"), [
    ("[2] introduces Group Relative Policy Optimization (GRPO)", False),  # the background's method
    ("The paper proposes GRPO to train LLMs", False),
    ("The paper proposes AdvRW", True),  # "we propose … AdvRW"
    ("The paper introduces Low-Probability Token Isolation (Lopti)", True),
    ("The paper improves GRPO-trained LLMs", True),  # no credit claimed
    ("The paper introduces LOPTI-X", True),  # a name the abstract lacks: name_conflict's to judge
    ("The paper presents DNL for RL", True),  # in its title
])
def test_a_method_said_to_be_introduced_must_be_the_papers_own(claim: str, ok: bool) -> None:
    title = "Do Not Let Low-Probability Tokens Over-Dominate in RL for LLMs (DNL)"
    assert (credit_conflict(claim, LOPTI, [title]) == "") is ok
    assert (conflict(claim, LOPTI, LOPTI, LOPTI, [title]) == "") is ok or "LOPTI-X" in claim


@pytest.fixture
def source() -> tuple[Verifier, list[Source]]:
    e = WordEmbedding(model_name="t")
    verifier = Verifier(lambda t: np.asarray(e.get_text_embedding_batch(t)),
                        AnswerSettings(support_threshold=0.35, min_term_overlap=0.3))
    src = [Source(1, Paper("p", "PEARL: Parallel Speculative Decoding", PEARL, "ICLR", 2025), "PEARL")]
    verifier.prepare(src)
    return verifier, src


def test_quotes_match_on_word_boundaries_and_in_context(source) -> None:
    verifier, src = source
    assert verifier.check("PEARL achieves speedups of up to 4.43× [1].", src, Verification()).text
    # a fragment whose sentence says the opposite is no quote of support
    out = verifier.check("Longer drafts help [1].", src, Verification())
    assert out.text is None
    assert verifier.check("achieves speedups of up to 44× over autoregressive decoding [1]", src,
                          Verification()).text is None


def test_a_withheld_sentence_gives_its_reason_and_what_it_cited(source) -> None:
    verifier, src = source
    report = Verification()
    out = verifier.check("PEARL achieves speedups of up to 44× over autoregressive decoding [1].", src, report)
    assert out.text is None and out.cited == [1] and "44" in out.reason
    assert report.dropped_reasons == [out.reason] and report.checked == 1


def test_an_abstract_with_bracketed_numbers_is_answered(settings, embedder, tmp_path) -> None:
    from paperchat.corpus import read_paths
    from paperchat.index import PaperIndex

    corpus = tmp_path / "c.jsonl"
    corpus.write_text(json.dumps({"id": "b1", "title": "Bounded Scores", "venue": "ICLR", "year": 2026,
                                  "abstract": "We map every calibration score into [0,1] with a learned monotone "
                                              "transform [12]. Bounded scores make calibration comparable across "
                                              "models and datasets."}) + "\n")
    index = PaperIndex(settings, embedder)
    index.ingest(read_paths([corpus]), progress=False)
    answer = Engine(settings, index, ScriptedChat("Scores are mapped into [0,1] [1].")).answer(
        "How are calibration scores mapped into [0,1]?")
    assert not answer.abstained and [c.n for c in answer.citations if c.supported] == [1]
    assert "\\[0,1\\]" in answer.text and "[[12]]" not in render.link_citations(answer.text)


def test_an_unsupported_citation_reaches_the_api_and_the_badge(settings, seed_index) -> None:
    question = "What is the Halton scheduler for MaskGIT?"
    # (was "cures cancer in mice": the fake embedder's bag of words finds it on the topic of "Halton scheduler",
    # and it was withheld only because "does not require retraining" was read as negating "scheduler" too)
    engine = Engine(settings, seed_index, ScriptedChat("The Halton scheduler requires retraining the model [1]."))
    answer = engine.answer(question)
    bad = [c for c in answer.citations if not c.supported]
    assert bad and bad[0].n == 1 and "requires retraining" in bad[0].withheld[0]
    assert "requires retraining" not in answer.text  # the withheld sentence is not in the answer
    out = ui.api_ask(engine, question)
    assert {"n": 1, "supported": False}.items() <= next(c for c in out["citations"] if c["n"] == 1).items()
    hits = engine.search(question).hits
    assert "⚠ citation not supported" in render.sources_html(hits, answer)


def test_check_cli_judges_a_claim_against_an_inline_abstract(settings, seed_index, monkeypatch, capsys,
                                                             tmp_path) -> None:
    monkeypatch.setattr(Engine, "open", classmethod(lambda cls, s, **kw: Engine(settings, seed_index)))
    batch = tmp_path / "claims.jsonl"
    lines = [{"id": "a", "claim": "PEARL achieves speedups of up to 4.43× over autoregressive decoding.",
              "abstract": PEARL}, {"id": "b", "claim": "PEARL achieves a 44× speedup over autoregressive decoding.",
              "abstract": PEARL}]
    batch.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert cli.main(["check", "--batch", str(batch)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["verdict"] for o in out] == ["supported", "unsupported"]
    assert "44" in out[1]["reason"] and out[1]["evidence"]


@pytest.mark.parametrize(("line", "problem"), [
    ('{"id": "x", "claim": "fine", "abstract": "x"}\n{"id": "y", "claim": ', ":2: not valid JSON"),
    ('{"id": "x", "claim": "   "}', ":1: \"claim\" must be a non-empty string"),
    ('{"id": "x", "claim": "Some claim.", "paper_id": "no-such-paper"}', ":1: no paper with id 'no-such-paper'"),
    ('["not", "an", "object"]', ":1: expected a JSON object"),
    ('{"claim": "no id"}', ":1: expected a JSON object with \"id\""),
    ('{"id": "x", "claim": "PEARL \\ud800 decodes."}', ":1: the line holds an escape that is no character"),
])
def test_check_batch_refuses_bad_lines_by_file_and_line(settings, seed_index, monkeypatch, capsys, tmp_path,
                                                         line: str, problem: str) -> None:
    monkeypatch.setattr(Engine, "open", classmethod(lambda cls, s, **kw: Engine(settings, seed_index)))
    batch = tmp_path / "bad.jsonl"
    batch.write_text(line + "\n")
    assert cli.main(["check", "--batch", str(batch)]) == 2
    captured = capsys.readouterr()
    assert problem in captured.err and "Traceback" not in captured.err and captured.out == ""


def test_a_free_word_is_a_negation_where_the_other_side_lacks_it() -> None:
    """In the full eval: "Prophet and dParallel both introduce training-free fast decoding
    paradigms" was kept for dParallel, whose abstract calls it "a novel training strategy" and
    never "training-free"; "classifier-free guidance" is a name, no negation, where the paper writes it."""
    dparallel = "We introduce dParallel, a simple and effective method that unlocks the parallelism of dLLMs for fast sampling."
    whole = dparallel + " Its core is certainty-forcing distillation, a novel training strategy."
    assert polarity_conflict("dParallel introduces a training-free fast decoding paradigm.", dparallel, whole)
    prophet = "We introduce Prophet, a training-free fast decoding paradigm that enables early commit decoding."
    assert polarity_conflict("Prophet is a training-free fast decoding paradigm.", prophet, prophet) == ""
    assert polarity_conflict("Prophet requires training to decode fast.", prophet, prophet)
    cfg = "Classifier-Free Guidance (CFG) is widely used to improve conditional fidelity in diffusion models."
    assert polarity_conflict("The paper studies how classifier-free guidance shapes sampling.",
                             "We show that CFG shapes sampling in three stages.", cfg) == ""


def test_a_method_in_plain_words_the_abstract_says_was_proposed_before_is_no_credit() -> None:
    """In the full eval: "What Exactly Does Guidance Do … proposes classifier-free guidance" was kept
    against "classifier-free guidance … has been proposed to enable efficacious conditional generation"."""
    abstract = ("Masked discrete diffusion models have been gaining popularity recently, and classifier-free guidance, "
                "just like its continuous counterpart, has been proposed to enable efficacious conditional generation. "
                "We study what guidance does in low dimension.")
    assert credit_conflict("The paper proposes classifier-free guidance for discrete diffusion.", abstract)
    assert credit_conflict("The paper studies what classifier-free guidance does.", abstract) == ""
    own = "We propose frequency-aware patch selection, which selects image patches. Existing methods are slow."
    assert credit_conflict("FaPS proposes frequency-aware patch selection.", own) == ""


@pytest.mark.parametrize(("text", "figure"), [
    ("FaPS achieves up to 3× faster training.", True), ("an average improvement of ~2.31%", True),
    ("it is at least approximately 5x faster", True), ("a 0.8 FID", True), ("it halves the cost", True),
    ("Our framework consists of two principal components.", False), ("Results on MP-100 and GPT-4.", False),
    ("Since 2021, diffusion models dominate.", False), ("It works without additional training.", False),
    # ICML 2026: "How much compute does the first one save?" got no "gives no figure" note for a paper whose
    # only decimal was a model's version
    ("It matches LLaDA 2.0-mini and Gemini 2.5 with a 1.5B model and v1.5 weights.", False),
    ("By 2.5 on average and an F1 0.85.", True), ("It scores 3.2 BLEU over GPT-4.1.", True)])
def test_a_figure_is_a_measured_amount_not_a_count_or_a_name(text: str, figure: bool) -> None:
    assert has_figure(text) is figure


NOISE = ("We propose NoisePrints, a lightweight watermarking scheme that uses the seed. By keeping the seed secret, "
         "we increase the difficulty of watermark removal. It outperforms existing watermarking methods and is "
         "faster than auto-regressive decoding.")


@pytest.mark.parametrize(("claim", "ok"), [
    # read in a conversation: "Which is more robust?" after comparing NoisePrints and PATTERN-MARK
    ("NoisePrints is more robust than the order-agnostic watermark because it uses the seed.", False),
    ("It is more robust than PATTERN-MARK.", False),
    ("It is faster than autoregressive decoding.", True), ("It outperforms existing watermarking methods.", True),
    ("It uses more than 50% fewer steps.", True), ("It uses the seed rather than the model weights.", True),
    ("It is twice as fast as before.", True), ("It is lighter than other watermarking schemes.", True)])
def test_a_comparison_with_what_the_abstract_never_mentions_is_not_its_claim(claim: str, ok: bool) -> None:
    assert (comparison_conflict(claim, NOISE) == "") is ok


ARC = ("Integrated into the state-of-the-art EAGLE-3 pipeline, ARC-Decode increases accept length per cycle, "
       "achieving up to 1.6× end-to-end speedup over EAGLE-3 under sampling. It needs no training.")


@pytest.mark.parametrize(("claim", "ok"), [
    ("EAGLE-3 achieves up to 1.6× end-to-end speedup over EAGLE-3 under sampling.", False),
    ("EAGLE-3 achieves up to 1.6 × speedup.", False), ("EAGLE-3 is 1.6× faster under sampling.", False),
    ("ARC-Decode achieves up to 1.6× end-to-end speedup over EAGLE-3.", True),
    ("The method achieves up to 1.6× speedup over EAGLE-3.", True),
    ("EAGLE-3 is the pipeline the method is integrated into.", True)])
def test_what_is_measured_against_a_baseline_is_not_the_baseline_s(claim: str, ok: bool) -> None:
    assert (baseline_conflict(claim, ARC, ["ARC-Decode"]) == "") is ok


def test_a_negation_governs_only_what_the_sentence_does_not_also_affirm() -> None:
    """Read in an answer: "Swift Hydra incorporates Mamba models" was withheld against "Swift Hydra also
    incorporates Mamba models … without increasing the model's inference time": "model" is
    negated there, but affirmed before it."""
    hydra = ("Swift Hydra also incorporates Mamba models structured as a Mixture of Experts to capture diverse "
             "features without increasing the model's inference time.")
    assert polarity_conflict("Swift Hydra incorporates Mamba models.", hydra) == ""
    assert polarity_conflict("It increases the inference time.", hydra)  # what it does without is still read
    assert polarity_conflict("PEARL requires retraining the draft model.", "PEARL works without retraining the draft model.")


def test_a_denial_anywhere_in_the_abstract_is_read_not_only_in_the_closest_sentence() -> None:
    """The closest sentence to "The Halton scheduler requires retraining" can be another one ("We
    propose a Halton scheduler instead of the Confidence scheduler"); the abstract still says
    "Our scheduler does not require retraining"."""
    closest = "We propose a Halton scheduler instead of the original Confidence scheduler."
    abstract = f"{closest} Our scheduler does not require retraining or noise injection."
    assert polarity_conflict("The Halton scheduler requires retraining.", closest, abstract)
    assert polarity_conflict("The Halton scheduler does not require retraining.", closest, abstract) == ""
    assert polarity_conflict("The Halton scheduler spreads tokens uniformly.", closest, abstract) == ""
    # a negation's later words are not what it denies: "without degrading sample quality" denies no "improves quality"
    assert polarity_conflict("It improves sample quality.", closest, "It is fast without degrading sample quality.") == ""


FALW = ("Machine unlearning aims to remove the influence of specific data from trained models. However, existing "
        "research predominantly evaluates unlearning methods on relatively balanced forget sets. We propose FaLW, a "
        "forgetting-aware loss reweighting for long-tailed unlearning.")
SWD = ("Recent diffusion distillation methods have achieved remarkable progress, enabling high-quality ~4-step sampling "
       "for large-scale text-conditional image and video diffusion models (DMs). We introduce SwD, a scale-wise "
       "diffusion distillation framework. SwD approaches the sampling speed of two full-resolution steps.")


ZIP = ("Test-time scaling methods such as Best-of-N drive up cost and latency by using a fixed budget of samples "
       "regardless of the marginal benefit of each one. We present ZIP-RC, an adaptive inference method that equips "
       "models with zero-overhead inference-time predictions of reward and cost.")
SCRNA = ("Inferring temporal processes from static snapshots remains a challenge. Current approaches utilizing neural "
         "differential equations and flows are sensitive to overfitting. We propose a latent Gaussian process model.")

FLOWCAST = ("Flow Matching has recently emerged as a powerful approach for visual generation. However, their "
            "prohibitively slow inference due to a large number of denoising steps limits their potential use in "
            "real-time applications. FlowCast accelerates inference by extrapolating the current velocity.")
ONE_STEP = ("Diffusion models generate high-quality samples. However, they require hundreds of sampling steps due "
            "to their iterative nature. We propose a sampler that generates in one step.")

MERGOPT = ("Model merging integrates fine-tuned expert models into a single model. However, existing approaches "
           "mainly address parameter conflicts at the merging stage and overlook the role of the fine-tuning process, "
           "which often leads to significant post-merge performance degradation. To address this limitation, we "
           "propose a merging-aware optimizer.")

DSCR = ("Despite progress with visual supervision, reinforcement learning, and post-hoc attention reshaping, the "
        "origins of hallucinations remain unclear. We propose DSCR, which augments the key-value cache with depth "
        "cues. However, existing benchmarks miss depth.")


AQUA = ("As RAG evolves into service-oriented platforms, protecting the copyright of contributed data becomes "
        "essential. However, existing watermarking methods in RAG focus solely on textual knowledge, leaving image knowledge "
        "unprotected. In this work, we propose AQUA, the first watermark framework for image knowledge protection in "
        "Multimodal RAG systems.")


@pytest.mark.parametrize(("claim", "abstract", "ok"), [
    # read over ICLR 2026: both were kept, said of the paper, though the abstract says them of earlier work
    ("FaLW evaluates unlearning methods on relatively balanced forget sets.", FALW, False),
    ("Distill diffusion models into few-step generators, reaching 4-step sampling for video diffusion models.", SWD,
     False),
    ("FaLW evaluates unlearning on long-tailed forget sets.", FALW, True),  # the verb, but not what it is done to
    ("Existing research evaluates unlearning methods on balanced forget sets.", FALW, True),  # said of whom it is
    ("Recent distillation methods reach 4-step sampling, and SwD approaches two steps.", SWD, True),
    ("FaLW addresses unlearning beyond balanced forget sets.", FALW, True),
    ("SwD approaches the sampling speed of two full-resolution steps.", SWD, True),
    # on the seeds, after "How do they scale at test time?": ZIP-RC's sentence on Best-of-N, said of ZIP-RC
    (" scales at test time by using a fixed budget of samples regardless of the marginal benefit.", ZIP, False),
    (" equips models with zero-overhead predictions of reward and cost.", ZIP, True),
    ("Methods such as Best-of-N use a fixed budget of samples regardless of the marginal benefit.", ZIP, True),
    # the eval's scRNA-seq paper models trends with a Gaussian process; it is current approaches that use these
    (" uses neural differential equations and flows.", SCRNA, False),
    # kept in an eval run: FlowCast's sentence on Flow Matching models ("their"), said of FlowCast
    (" uses a prohibitively slow inference due to a large number of denoising steps.", FLOWCAST, False),
    (" targets the prohibitively slow inference due to a large number of denoising steps.", FLOWCAST, True),
    (" requires hundreds of sampling steps due to its iterative nature.", ONE_STEP, False),
    (" suffers from a prohibitively slow inference due to a large number of denoising steps.", FLOWCAST, False),
    (" samples in one step.", ONE_STEP, True),
    # over ICLR 2026, "How do papers evaluate hallucination in vision-language models?": DSCR was said to use
    # what its abstract concedes earlier work made progress with
    (" evaluates hallucination by using visual supervision, reinforcement learning, and post-hoc attention "
     "reshaping.", DSCR, False),
    (" augments the key-value cache with depth cues.", DSCR, True),
    ("Despite progress with visual supervision and reinforcement learning, hallucinations remain.", DSCR, True),
    # over ICLR 2026, "Compare the model merging methods": MergOPT said to do what it says existing approaches do,
    # with their own verb ("address"), which had read as the paper addressing it
    (" addresses parameter conflicts at the merging stage.", MERGOPT, False),
    (" addresses post-merge performance degradation caused by overlooking fine-tuning.", MERGOPT, True),
    (" addresses the problem that existing approaches overlook the fine-tuning process.", MERGOPT, True),
    (" focuses on the fine-tuning process, which existing approaches overlook.", MERGOPT, True),
    # over ICLR 2026, "How do the watermarking papers differ in what they protect and how?": AQUA said to focus on
    # what existing methods "in RAG" focus on (a preposition and a name before the verb, read as its verb, and
    # "focus" cut to "focu" against "focuses")
    (" focuses on textual knowledge, leaving image knowledge unprotected.", AQUA, False),
    (" protects image knowledge in multimodal RAG systems.", AQUA, True)])
def test_what_the_abstract_says_of_earlier_work_is_not_the_papers(claim: str, abstract: str, ok: bool) -> None:
    best = next(s for s in abstract.split(". ")
                if any(w in s for w in ("existing", "Recent", "such as", "Current", "However")))
    assert (earlier_conflict(claim, best, abstract) == "") is ok
    assert (conflict(claim, best, abstract, abstract) == "") is ok  # the verifier reads it


def test_a_small_models_plural_verb_after_the_papers_name_is_its_verb() -> None:
    """Over ICML 2026: "When Sample Selection Bias Precipitates Model Collapse recommend employing verifiers
    to prune datasets …" was kept, what the abstract says current literature does (and then argues
    against), because the verb lacked its "s"; a clause that does not open with the name is not read so."""
    abstract = ("The proliferation of recursive synthetic data training introduces the risk of model collapse. Current "
                "literature identifies data selection as a pivotal solution, employing verifiers to prune datasets in "
                "pursuit of synthetic samples that approximate the true data manifold. We theoretically prove that "
                "such siloed selection accelerates model collapse.")
    best = abstract.split(". ")[1]
    name = "When Sample Selection Bias Precipitates Model Collapse"
    claim = f"{name} recommend employing verifiers to prune datasets in pursuit of synthetic samples."
    assert conflict(claim, best, abstract, abstract, [name])
    assert conflict(f"{name} recommends employing verifiers to prune datasets in pursuit of synthetic samples.",
                    best, abstract, abstract, [name])
    assert not conflict(f"{name} proves that siloed selection accelerates model collapse.", best, abstract, abstract,
                        [name])
    # a later clause whose subject is the earlier clause's: "… methods like LoRA alleviate X but introduce Y"
    assert not earlier_conflict("introduce verifiers to prune datasets in pursuit of synthetic samples.", best, abstract)


NURL = ("These hard, unsolvable samples cannot contribute to training, as no rollouts yield rewards. To unlock "
        "learning from these hard samples, we propose NuRL, a nudging method that helps reduce the problem difficulty. "
        "For hard samples with a 0% pass rate, we inject a hint.")


@pytest.mark.parametrize(("claim", "abstract", "ok"), [
    # over ICLR 2026, after "Which of them uses fewer samples?": "… changing it by using fewer samples [1]" was kept
    ("NuRL uses fewer samples than GRPO.", NURL, False),
    ("NuRL learns from hard samples.", NURL, True),
    ("NuRL needs fewer GPUs.", NURL, True),  # a thing the abstract never names: left to the other checks
    ("It needs fewer samples.", "It reduces the number of samples needed by half.", True),
    ("It uses less memory.", "It is a building block for memory-efficient serving.", True),
    ("It uses less memory.", "It needs only 2 GB of memory.", True),
    ("It uses less memory.", "GPU memory is scarce, so caches are offloaded.", False)])
def test_less_of_a_thing_the_abstract_never_says_shrinks(claim: str, abstract: str, ok: bool) -> None:
    assert (fewer_conflict(claim, abstract) == "") is ok


GEN_DFL = ("While DFL has been shown to provide substantial advantages when compared to a counterpart that treats the "
           "predictive and prescriptive models separately, it has also been shown to struggle in high-dimensional and "
           "risk-sensitive settings, limiting its applicability in real-world settings.")


@pytest.mark.parametrize(("claim", "ok"), [
    # read in a conversation: "Tell me about Gen-DFL." "What are its limitations?" (the fault is DFL's)
    (" has been shown to struggle in high-dimensional and risk-sensitive settings.", False),
    ("DFL has been shown to struggle in high-dimensional settings.", True),  # said of the method it is said of
    (" addresses the struggle of DFL in high-dimensional settings.", True),
    ("Existing methods struggle in high-dimensional settings.", True)])
def test_a_fault_the_abstract_finds_in_earlier_work_is_not_the_papers(claim: str, ok: bool) -> None:
    assert (fault_conflict(claim, GEN_DFL) == "") is ok
    assert fault_conflict(claim, "We find that our method struggles in high-dimensional settings.") == ""


@pytest.mark.parametrize(("claim", "ok"), [
    # over ICLR 2026, "Compare the model merging methods": "MergOPT focuses on parameter conflicts and overlooks
    # fine-tuning" was kept; "focuses" read as the paper addressing the fault, though the fault is its own verb
    (" focuses on parameter conflicts and overlooks fine-tuning.", False),
    (" overlooks the role of the fine-tuning process.", False),
    (" focuses on the fine-tuning process that existing approaches overlook.", True),
    (" addresses the degradation that overlooking fine-tuning leads to.", True)])
def test_a_fault_of_earlier_work_made_the_papers_own_verb_is_withheld(claim: str, ok: bool) -> None:
    support = MERGOPT.split(". ")[1]
    assert (fault_conflict(claim, support) == "") is ok


def test_the_paper_said_to_be_another_thing_its_abstract_names_is_withheld() -> None:
    """Read in a conversation: "What is GenVP?" "What else?" got "GenVP is Raven's Progressive
    Matrices (RPMs), an established benchmark …": the benchmark GenVP solves, not GenVP."""
    own = ["GenVP", "GenVP: Generating Visual Puzzles with Contrastive Hierarchical VAEs"]
    assert identity_conflict(" is Raven's Progressive Matrices (RPMs), an established benchmark.", own)
    assert identity_conflict(" is a generative model of visual puzzles.", own) == ""
    assert identity_conflict(" is Transformer-based.", own) == ""  # a word, not a name
    zip_rc = ["ZIP-RC", "ZIP-RC: Zero-overhead Inference-time Prediction of Reward and Cost"]
    assert identity_conflict(" is Zero-overhead Inference-time Prediction of Reward and Cost.", zip_rc) == ""


def test_a_rank_among_papers_must_be_the_abstracts_own() -> None:
    # over ICLR 2026, to "Which benchmark is the largest?": "The largest benchmark is WARC-Bench, which features 438
    # tasks …" was kept
    warc = "We introduce WARC-Bench, a novel web navigation benchmark featuring 438 tasks."
    assert superlative_conflict("The largest benchmark is WARC-Bench, with 438 tasks.", warc)
    assert superlative_conflict("WARC-Bench features 438 tasks.", warc) == ""
    assert superlative_conflict("It is the largest open-source dataset for spatial reasoning.",
                                "We introduce InternSpatial, the largest open-source dataset for spatial reasoning.") == ""
    # over ICLR 2026, to "Which achieves the highest compression ratio?": SAES-SVD "maximizes the ratio between
    # the Frobenius norm …", and was said to achieve the highest compression ratio
    saes = "The coefficient is optimized to maximize the ratio between the Frobenius norm of the compressed output."
    assert superlative_conflict("SAES-SVD achieves the highest compression ratio.", saes)
    assert superlative_conflict("It achieves the highest accuracy.", "It attains the highest accuracy on GSM8K.") == ""


def test_a_gain_in_speed_or_memory_needs_an_abstract_that_speaks_of_it() -> None:
    # over ICML 2026, to "How much faster do they converge?" after five optimizer papers: "The proposed new optimizers,
    # such as MuonMax, converge significantly faster than Adam and Muon [2]" was kept, of an abstract that says MuonMax
    # is "significantly more robust" and never speaks of time or speed (its "costly hyperparameter tuning" is no speed)
    muon = ("Through a comprehensive experimental evaluation of the optimizers within our framework, we find that Muon "
            "is sensitive to the choice of learning rate, whereas a new variant we call MuonMax is significantly more "
            "robust. Thus we advocate for using Momo with MuonMax to save on costly hyperparameter tuning.")
    assert gain_conflict("MuonMax converges significantly faster than Adam and Muon.", muon)
    assert gain_conflict("MuonMax speeds up training.", muon)
    assert gain_conflict("MuonMax is significantly more robust than Muon.", muon) == ""
    assert gain_conflict("MuonMax does not converge faster than Muon.", muon) == ""  # denied, not claimed
    assert gain_conflict("MuonMax uses less memory than Adam.", muon)
    # an abstract that speaks of the measure in any way is left to the other checks
    assert gain_conflict("It trains faster.", "It halves the wall-clock time of training.") == ""
    assert gain_conflict("It is faster.", "Our method is efficient and scalable.") == ""
    assert gain_conflict("It reduces the memory footprint.", "It quantizes the weights to 4 bits.") == ""
    assert conflict("MuonMax converges significantly faster than Muon.", muon, muon, muon)
    # … and a gain over others of an abstract that reports none (ICLR 2026, to "How much do they improve over
    # baselines?" after time-series-with-LLM papers: kept of a paper that probes LLM embeddings)
    probes = ("LLMs have been applied to time series forecasting, leading to high inference cost. We study regression "
              "probes trained to predict statistical functionals of the LLM's output distribution. Our results suggest "
              "that LLM embeddings carry informative signals about their predictive distributions.")
    for claim in ("LLMs improve over baselines significantly in forecasting time series.",
                  "The probes outperform sampling.", "Its probes are better than sampling-based approaches."):
        assert gain_conflict(claim, probes), claim
    assert gain_conflict("The probes predict statistical functionals of the output distribution.", probes) == ""
    assert gain_conflict("The probes do not outperform sampling.", probes) == ""
    for reports in ("The probes are 10× cheaper than sampling.", "The probes match sampling at higher accuracy.",
                    "Probing achieves state-of-the-art calibration."):
        assert gain_conflict("The probes outperform sampling.", probes + " " + reports) == "", reports


def test_a_paper_said_to_make_a_benchmark_must_say_so() -> None:
    # over ICLR 2026, to "Which papers propose benchmarks for software engineering agents?": "SWE-RM proposes
    # benchmarks … by introducing SWE-RM, which is an accurate and robust reward model" was kept
    swe_rm = ("We introduce SWE-RM, an accurate and robust reward model. It increases the accuracy of Qwen3-Coder-Flash "
              "from 51.6% to 62.0% on SWE-Bench Verified.")
    assert benchmark_conflict("SWE-RM proposes benchmarks for software engineering agents.", swe_rm, ["SWE-RM"])
    assert benchmark_conflict("SWE-RM evaluates on SWE-Bench Verified.", swe_rm, ["SWE-RM"]) == ""
    pwp = "To enable holistic evaluation, we also introduce PwP-Bench, a benchmark of 15 software-engineering tasks."
    assert benchmark_conflict("PwP introduces a new benchmark.", pwp, ["PwP"]) == ""
    # a title that says so is the paper's own word ("Text2Arch: A Dataset for Generating Scientific Architecture …")
    assert benchmark_conflict("Text2Arch introduces a dataset.", "Diagrams are hard to draw.",
                              ["Text2Arch", "Text2Arch: A Dataset for Generating Diagrams"]) == ""


def test_a_paper_said_to_make_a_defense_or_an_attack_must_say_so() -> None:
    # over ICLR 2026, "Which papers study jailbreak attacks on LLMs?" then "Which of them also propose a defense?":
    # "SlotGCG: This paper proposes a defense against jailbreak attacks …" was kept, of an attack
    slot = ("Identifying the vulnerability of LLMs through jailbreak attacks is critical. We then propose SlotGCG, which "
            "selects the most vulnerable slots and runs a targeted optimization attack at those slots. It shows superior "
            "robustness against defense methods with 42% higher ASR than baselines.")
    assert benchmark_conflict("SlotGCG proposes a defense against jailbreak attacks.", slot, ["SlotGCG"])
    assert benchmark_conflict("SlotGCG proposes a novel jailbreak attack.", slot, ["SlotGCG"]) == ""
    assert benchmark_conflict("SlotGCG is robust against defense methods.", slot, ["SlotGCG"]) == ""
    guard = "We introduce a lightweight defense that filters adversarial suffixes."
    assert benchmark_conflict("It proposes a defense against jailbreaks.", guard) == ""
    assert benchmark_conflict("It introduces a new jailbreak attack.", guard)



def test_a_negation_said_again_in_a_list_is_one_negation() -> None:
    # over ICLR 2026: "… focusing on no access to source data and no prior knowledge" was withheld against
    # "… where no access to source data and any prior knowledge is allowed" (two negations against one)
    tta = ("In this paper, we focus on prior-free tabular test-time adaptation where no access to source data and "
           "any prior knowledge is allowed.")
    assert polarity_conflict("PFT3A does prior-free tabular test-time adaptation, focusing on no access to source "
                             "data and no prior knowledge.", tta) == ""
    assert negations("neither labels nor retraining") == negations("without labels and without retraining") == 1
    assert negations("It does not need labels, and it is not slow.") == 2  # two clauses, two negations
    assert polarity_conflict("PFT3A needs access to source data.", tta)  # dropping it is still caught


def test_doing_without_what_the_abstract_uses_is_a_flipped_negation() -> None:
    # as many negations on each side, so counting them saw none flipped
    motion = "Using visual prompts, MotionSight improves fine-grained motion understanding without training."
    assert polarity_conflict("It improves motion understanding without visual prompts.", motion)
    assert polarity_conflict("It improves motion understanding without training.", motion) == ""
    assert polarity_conflict("It needs no visual prompts.", "It needs no visual prompts and no training.") == ""


def test_the_paper_said_to_be_what_the_abstract_says_another_thing_is() -> None:
    # on the seeds, "How does GenCape compare to GenVP?": "GenVP is an established benchmark to examine the ability to
    # perform high-level abstract visual reasoning (AVR) [2]" was kept; the abstract says that of RPMs
    genvp = ("Raven's Progressive Matrices (RPMs) is an established benchmark to examine the ability to perform "
             "high-level abstract visual reasoning (AVR). We propose Generative Visual Puzzles (GenVP), a framework to "
             "model the entire RPM generation process.")
    assert predicate_conflict(" is an established benchmark to examine the ability to perform abstract reasoning.",
                              genvp, ["GenVP"])
    assert predicate_conflict(" is a framework to model the entire RPM generation process.", genvp, ["GenVP"]) == ""
    dscr = ("Depth and Spatial aware Cache Refinement (DSCR) is a lightweight and training-free method for VLMs. "
            "We propose DSCR to reduce hallucinations.")
    assert predicate_conflict(" is a lightweight and training-free method for VLMs.", dscr, ["Mitigating Hallucination"]) == ""


GLOWQ = ("Quantization techniques such as BitsAndBytes, AWQ, and GPTQ are widely used as a standard method in deploying "
         "large language models but often degrades accuracy when using low-bit representations, e.g., 4 bits. To address "
         "this limitation, we propose GlowQ, a group-shared low-rank approximation for quantized LLMs.")


def test_a_later_clause_whose_subject_is_the_paper_is_read_as_said_of_it() -> None:
    """Over ICLR 2026, "How much memory do they save?": "GlowQ differ in their approach to quantization, with GlowQ
    being a standard method in deploying large language models but often degrading accuracy …" was kept; the
    abstract says it of BitsAndBytes, AWQ and GPTQ."""
    best = GLOWQ.split(". ")[0]
    claim = ("GlowQ differ in their approach to quantization, with GlowQ being a standard method in deploying large "
             "language models but often degrading accuracy when using low-bit representations.")
    assert conflict(claim, best, GLOWQ, GLOWQ, ["GlowQ"]) == "the abstract says this of earlier work, not of this paper"
    # the paper's own clause after it, and the earlier work named as the subject, are not
    assert not conflict("GlowQ targets quantized LLMs, with GlowQ being a group-shared low-rank approximation.",
                        GLOWQ.split(". ")[1], GLOWQ, GLOWQ, ["GlowQ"])
    assert not conflict("GlowQ addresses low-bit accuracy, while GPTQ is widely used as a standard method in deploying "
                        "large language models.", best, GLOWQ, GLOWQ, ["GlowQ"])


HALTON = ("However, MaskGIT's token unmasking scheduler, an essential component of the framework, has not received the "
          "attention it deserves. We then propose a new sampling strategy based on our Halton scheduler instead of the "
          "original Confidence scheduler. Our scheduler does not require retraining or noise injection. Evaluation of "
          "both class-to-image synthesis on ImageNet and text-to-image generation on the COCO dataset demonstrates "
          "that the Halton scheduler outperforms the Confidence scheduler quantitatively by reducing the FID.")


@pytest.mark.parametrize(("claim", "closest", "ok"), [
    # both kept on the seeds: the closest sentence negates too ("has not received", "instead of"), so the
    # negations were counted even; another sentence states what the claim denies
    (" is not evaluated on ImageNet and COCO.", 0, False),
    ("The Halton scheduler does not outperform the Confidence scheduler.", 1, False),
    ("The Halton scheduler outperforms the Confidence scheduler.", 3, True),
    # what the abstract itself negates, or a sentence on other work, is no affirmation
    ("The Halton scheduler does not require retraining or noise injection.", 2, True),
    ("The token unmasking scheduler has not received the attention it deserves.", 0, True)])
def test_a_negation_is_caught_where_another_sentence_states_what_it_denies(claim: str, closest: int, ok: bool) -> None:
    best = HALTON.split(". ")[closest]
    assert (polarity_conflict(claim, best, HALTON) == "") is ok
    assert (conflict(claim, best, best, HALTON) == "") is ok


def test_a_direction_flipped_from_a_sentence_other_than_the_closest_is_caught() -> None:
    """A direction claim of eval/claims.jsonl, once split off by the verifier's clause reading: "FedMC consistently
    and significantly diminishes the performance of these state-of-the-art methods", to which MiniLM put a sentence
    without either word closest; the abstract's last sentence says "enhances" of the same words."""
    from paperchat.claims import direction_elsewhere

    abstract = ("We validate our proposed method by integrating it with a wide range of existing FL algorithms. "
                "Experimental results show that FedMC consistently and significantly enhances the performance of these "
                "state-of-the-art methods across multiple benchmarks.")
    best = "We validate our proposed method by integrating it with a wide range of existing FL algorithms."
    flipped = "FedMC consistently and significantly diminishes the performance of these state-of-the-art methods."
    assert "'diminish' where the abstract says 'enhance'" in direction_elsewhere(flipped, best, abstract)
    assert direction_elsewhere(flipped.replace("diminishes", "enhances"), best, abstract) == ""
    # a sentence that shares few of the claim's words is not what it flips
    assert direction_elsewhere("FedMC diminishes communication overhead between clients.", best, abstract) == ""


ENTROPY = ("In this work, we investigate redundancy within Transformer-based models and propose an entropy-based pruning "
           "strategy to enhance efficiency while maintaining performance. Unlike cosine similarity, which primarily "
           "captures geometric relationships, entropy directly quantifies uncertainty and information content, making it "
           "a more reliable criterion for pruning. Extensive experiments demonstrate that our entropy-based pruning "
           "approach surpasses cosine similarity-based methods in reducing model size while preserving accuracy.")


def test_what_a_claim_sets_its_paper_against_is_not_denied_by_an_unlike() -> None:
    """Over ICLR 2026 a verbatim clause, "… our entropy-based pruning approach surpasses cosine similarity-based
    methods in reducing model size", was withheld as negated by "Unlike cosine similarity, …": the claim holds the
    words that "Unlike" governs, but as what the paper beats, not as what it does. Said of the paper, they are
    still denied."""
    said = sentences(ENTROPY)[-1]
    beats = "Our entropy-based pruning approach surpasses cosine similarity-based methods in reducing model size."
    assert conflict(beats, said, said, ENTROPY) == ""
    assert conflict("It is more reliable than cosine similarity for pruning.", sentences(ENTROPY)[1],
                    sentences(ENTROPY)[1], ENTROPY) == ""
    assert conflict("The approach uses cosine similarity as its pruning criterion.", sentences(ENTROPY)[1],
                    sentences(ENTROPY)[1], ENTROPY) != ""


FLASHBLOCK = ("We propose FlashBlock, a cached block-external attention mechanism that reuses stable attention output, "
              "substantially reducing attention computation and KV cache access. Experiments on diffusion language models "
              "and video generation demonstrate up to 1.44× higher token throughput and up to 1.6× reduction in attention "
              "time, with negligible impact on generation quality.")


@pytest.mark.parametrize(("claim", "caught"), [
    # over ICML 2026, kept: its own "reduces attention computation" hid the "increasing" from direction_conflict
    ("FlashBlock reduces attention computation and KV cache access by reusing stable attention output, substantially "
     "increasing token throughput and attention time.", True),
    ("FlashBlock increases token throughput and reduces attention time.", False),
    ("FlashBlock achieves up to 1.44× higher token throughput and a 1.6× reduction in attention time.", False),
    ("FlashBlock lowers token throughput.", True),
    # an amount the abstract never moves, or one the claim moves both ways, is left alone
    ("FlashBlock increases memory use.", False),
    ("FlashBlock increases throughput for long inputs and reduces throughput for short ones.", False),
])
def test_an_amount_said_to_move_the_other_way_is_caught(claim, caught) -> None:
    assert bool(moved_conflict(claim, FLASHBLOCK)) is caught
    assert bool(conflict(claim, claim, claim, FLASHBLOCK)) or not caught  # and through the verifier's reading


def test_a_factor_written_before_its_number_is_a_factor() -> None:
    """"Experiments demonstrate up to $\\times 5$--$\\times 10$ end-to-end speedups" (ICML 2026: the abstract of
    "Fast Autoregressive Video Diffusion and World Models …" was said to give no figure, "Which papers accelerate video
    diffusion models, and by how much?"); a product of counts is none ("3 datasets × 2 retrievers")."""
    from paperchat.claims import largest_figure, numbers

    said = "Experiments demonstrate up to × 5–× 10 end-to-end speedups while preserving near-identical visual quality."
    assert numbers(said) == [(5.0, "×", 0), (10.0, "×", 0)]
    assert largest_figure("speed", [said]) == (1, 10.0, 0)
    assert numbers("It achieves up to ×3.23 attention speedup.") == [(3.23, "×", 2)]
    assert numbers("Across 18 settings (3 datasets × 2 retrievers × 3 generators).") == [
        (18.0, "", 0), (3.0, "", 0), (2.0, "", 0), (3.0, "", 0)]
    assert numbers("A 256 × 256 image.")[1] == (256.0, "", 0)
    # "achieves an average speedup of 2.3 on KernelBench" (KernelFoundry, ICML 2026) was said to give no speed
    # figure as a factor, to "Which one is faster?" after it and StitchCUDA
    said = "Our approach achieves an average speedup of 2.3 on KernelBench for SYCL."
    assert numbers(said) == [(2.3, "×", 1)] and largest_figure("speed", [said]) == (1, 2.3, 0)
    assert numbers("a speedup of 30% over the baseline") == [(30.0, "%", 0)]


MERGETUNE = ("Fine-tuning vision-language models often leads to catastrophic forgetting. A challenge is that the vanilla "
             "LMC constraint requires data replay from the pretraining task. We approximate this constraint for the "
             "zero-shot model via a second-order surrogate, eliminating the need for large-scale data replay.")


@pytest.mark.parametrize(("claim", "ok"), [
    # over ICLR 2026, to "Do any of them need replay data?": "it does need replay data" of MergeTune had been kept
    ("MergeTune needs replay data", False),
    ("MergeTune does need replay data", False),
    ("MergeTune eliminates the need for large-scale data replay", True),
    ("MergeTune avoids large-scale data replay", True),
    ("MergeTune approximates the constraint via a second-order surrogate", True),
])
def test_eliminating_the_need_for_a_thing_denies_needing_it(claim: str, ok: bool) -> None:
    support = MERGETUNE.split(". ")[-1]
    assert (polarity_conflict(claim, support, MERGETUNE) == "") is ok
