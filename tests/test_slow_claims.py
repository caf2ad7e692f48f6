"""`paperchat check --batch` on the adversarial claims (eval/claims.jsonl) with the real embedder.

The claims come from real ICLR/ICML 2026 abstracts: faithful (verbatim, reworded)
and altered (a number, a negation, a direction word). Targets from the issue,
on the test half (the rules were set on the tune half): every altered kind
rejected >= 0.90, faithful accepted >= 0.90.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from paperchat.config import ROOT

pytestmark = pytest.mark.slow


def test_check_batch_meets_the_targets_on_the_test_half(real_settings, tmp_path) -> None:
    claims = [json.loads(line) for line in (ROOT / "eval" / "claims.jsonl").read_text().splitlines()]
    test = [c for c in claims if c["split"] == "test"]
    batch = tmp_path / "batch.jsonl"
    batch.write_text("".join(json.dumps({k: c[k] for k in ("id", "claim", "abstract", "title")}) + "\n" for c in test))
    out = subprocess.run([sys.executable, "-m", "paperchat.cli", "check", "--batch", str(batch),
                          "--index", str(real_settings.index_dir)], capture_output=True, text=True, check=True)
    verdicts = {row["id"]: row["verdict"] for row in map(json.loads, out.stdout.splitlines())}
    assert set(verdicts) == {c["id"] for c in test}
    for kind in ("verbatim", "reworded", "number", "negation", "direction"):
        group = [c for c in test if c["kind"] == kind]
        right = sum(verdicts[c["id"]] == c["expected"] for c in group) / len(group)
        assert right >= 0.9, (kind, right)
    # a figure said of another kind of measure (claims.measure_conflict): 0.786 when added; a floor, not the figure
    measure = [c for c in test if c["kind"] == "measure"]
    assert sum(verdicts[c["id"]] == c["expected"] for c in measure) / len(measure) >= 0.7


def test_a_bare_marker_subject_is_judged_with_its_title_but_a_flip_still_fails(real_engine) -> None:
    """'[1] supports its analysis with experiments': the title put in for the marker is tried when
    the bare words are too short to match the abstract; the meaning checks still run on them."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("marker_claims", ROOT / "eval" / "marker_claims.py")
    assert spec and spec.loader
    marker_claims = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(marker_claims)
    guidance, cfg = real_engine.paper("openreview:h06nffFJqi"), real_engine.paper("openreview:fP0s1TEow3")
    said = "[1] supports its theoretical analysis with experiments, while [2] confirms its time-varying guidance schedule."
    [(_, checked)] = real_engine.check(said, {1: guidance, 2: cfg})
    assert checked.text is not None and checked.cited == [1, 2], checked.reason
    tally = marker_claims.judged(real_engine)  # the adversarial claims as "[1] proposes …", test half
    for kind in ("verbatim", "reworded", "number", "negation", "direction"):
        assert sum(tally[("test", kind)]) / len(tally[("test", kind)]) >= 0.90, kind


def test_a_clause_saying_one_paper_supports_anothers_claim_is_withheld(real_engine) -> None:
    """The eval's comparative-03, as the model wrote it: the verifier finds both papers behind both clauses (both are
    on guidance schedules), so the clause's named subject, not its backers, tells that "this" is the other paper's."""
    stagewise, guidance = real_engine.paper("openreview:fP0s1TEow3"), real_engine.paper("openreview:h06nffFJqi")
    said = (f"{stagewise.title} suggests a time-varying guidance schedule, while {guidance.title} supports this with "
            "experiments [1][2].")
    [(_, checked)] = real_engine.check(said, {1: stagewise, 2: guidance})
    assert checked.text is None and "bears on another" in checked.reason


def test_a_neighbours_claim_is_not_kept_on_the_wrong_paper(real_engine) -> None:
    """eval/attribution.jsonl, test half, every way the model writes a subject ("[1] proposes …",
    "PEARL [1] proposes …", "PEARL proposes …, while … [1][2]", no marker at all): the two papers'
    contributions swapped are withheld, as written kept."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("attribution_claims", ROOT / "eval" / "attribution_claims.py")
    assert spec and spec.loader
    attribution = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(attribution)
    for named in (False, True, "end", "none"):
        tally = attribution.judged(real_engine, ("test",), named)
        for kind in ("faithful", "swapped"):
            assert sum(tally[("test", kind)]) / len(tally[("test", kind)]) >= 0.90, (named, kind)


@pytest.mark.parametrize(("said", "kept"), [
    ("GenCape evaluates on the MP-100 dataset [1].", True),  # withheld before: the whole sentence is too long
    ("GenCape does not evaluate on the MP-100 dataset [1].", False),
    ("GenCape evaluates on the COCO dataset [1].", False),
    ("GenCape is a language model for machine translation [1].", False),
])
def test_a_short_claim_of_one_part_of_a_long_sentence_is_kept_and_its_flips_are_not(real_engine, said, kept) -> None:
    [(_, checked)] = real_engine.check(said, {1: real_engine.paper("openreview:IVjs6vNDhV")})
    assert (checked.text is not None) is kept, checked.reason


# the end of PETS's abstract (ICML 2026), as the reader gives it ("$75\\%$" is "75 %")
PETS = ("We introduce PETS (Principled and Efficient Test-Time Self-Consistency), which initiates a principled study of "
        "trajectory allocation through an optimization framework. Experiments show that PETS consistently outperforms "
        "uniform allocation. On GPQA, PETS achieves perfect self-consistency in both settings while reducing the "
        "sampling budget by up to 75 % (offline) and 55 % (online) relative to uniform allocation.")


@pytest.mark.parametrize(("said", "kept"), [
    # withheld before ("no sentence of the abstract says this"): its part lacked "save" and "compar", and "compared
    # to", which sets a result against its baseline, is no term a part must hold
    ("PETS saves up to 75% (offline) and 55% (online) sampling budget compared to uniform allocation [1].", True),
    ("PETS increases the sampling budget by up to 75% (offline) and 55% (online) compared to uniform allocation [1].",
     False),
    ("PETS saves up to 57% (offline) and 55% (online) sampling budget compared to uniform allocation [1].", False),
    ("PETS saves up to 75% of the training time compared to uniform allocation [1].", False),
])
def test_a_result_set_against_its_baseline_in_other_words_is_kept_and_its_flips_are_not(real_engine, said,
                                                                                        kept) -> None:
    from paperchat.schema import Paper

    pets = Paper(paper_id="pets", title="PETS: A Principled Framework Towards Optimal Trajectory Allocation for "
                 "Efficient Test-Time Self-Consistency", abstract=PETS, venue="ICML", year=2026)
    [(_, checked)] = real_engine.check(said, {1: pets})
    assert (checked.text is not None) is kept, checked.reason

# FSA's abstract (ICLR 2026), its first sentences shortened
FSA = ("Native Sparse Attention (NSA), one state-of-the-art approach, introduces natively trainable, hardware-aligned "
       "sparse attention. In this work, we propose Flash Sparse Attention (FSA), an alternative kernel implementation "
       "that enables efficient NSA computation across a wide range of popular LLMs with varied smaller number of query "
       "heads in each GQA group on modern GPUs. Compared to vanilla NSA kernel implementation, our empirical evaluation "
       "demonstrates that FSA achieves (i) up to 3.5x and on average 1.6x kernel-level latency reduction, (ii) up to "
       "1.25x and 1.09x on average end-to-end training speedup on state-of-the-art LLMs, and (iii) up to 1.36x and "
       "1.11x on average for prefill-phase speedup in LLM generative inference.")


@pytest.mark.parametrize(("said", "kept"), [
    # withheld before ("the number 3.5× is not one the abstract states"): the words the abstract spells the name
    # out with were not read as the name after the marker, and the number was read in the sentence defining it
    ("[1] Flash Sparse Attention (FSA) achieves up to 3.5x and on average 1.6x kernel-level latency reduction, and up "
     "to 1.25x and 1.09x on average end-to-end training speedup on state-of-the-art LLMs.", True),
    ("[1] Flash Sparse Attention achieves up to 3.5x and on average 1.6x kernel-level latency reduction.", True),
    ("[1] Flash Sparse Attention achieves up to 5.3x and on average 1.6x kernel-level latency reduction.", False),
    ("[1] Flash Sparse Attention does not reduce kernel-level latency.", False),
])
def test_a_marker_before_the_words_a_name_is_spelled_out_with_names_that_paper(real_engine, said, kept) -> None:
    from paperchat.schema import Paper

    fsa = Paper(paper_id="fsa", title="FSA: An Alternative Efficient Implementation of Native Sparse Attention Kernel",
                abstract=FSA, venue="ICLR", year=2026)
    [(_, checked)] = real_engine.check(said, {1: fsa})
    assert (checked.text is not None) is kept, checked.reason

@pytest.mark.parametrize(("shown", "said"), [
    # the two false sentences that kept an earlier try at clause parts and name-free cosines out
    (["openreview:hXNApWLBZG", "openreview:83f0m2VJZm", "openreview:GqZYGOYuF2", "openreview:GBWkRRJrdu"],
     "ZIP-RC [3] provides real-time reward–cost introspection, while Generative Bayesian Optimization [4] equips "
     "models with zero-overhead inference-time predictions of reward and cost."),
    (["openreview:fpQpQbFPCU", "paper:d32cb2cad5ad8d71", "openreview:fIPng6j4eM"],
     "Scaling Sequence-to-Sequence Generative Neural Rendering Generative View Stitching uses generative neural "
     "rendering [1]."),
])
def test_parts_and_names_keep_no_claim_put_on_the_wrong_paper(real_engine, shown, said) -> None:
    [(_, checked)] = real_engine.check(said, {n: real_engine.paper(pid) for n, pid in enumerate(shown, 1)})
    assert checked.text is None


@pytest.mark.parametrize(("said", "kept"), [
    # withheld before: the clause is closest to a sentence without the number, and dParallel's
    # "reduces decoding steps from 256 to 30" is closer in words than Prophet's long sentence
    ("Diffusion Language Model Knows the Answer Before It Decodes [1] reduces decoding steps by up to 3.4×, while "
     "preserving high generation quality.", True),
    ("Diffusion Language Model Knows the Answer Before It Decodes [1] reduces decoding steps by up to 4.3×.", False),
    ("Diffusion Language Model Knows the Answer Before It Decodes [1] increases decoding steps by up to 3.4×.", False),
    ("Diffusion Language Model Knows the Answer Before It Decodes [1] reduces decoding steps from 256 to 30.", False),
])
def test_a_number_is_read_in_the_sentence_that_states_it_and_says_whose_claim_it_is(real_engine, said, kept) -> None:
    shown = {1: real_engine.paper("openreview:g88nt4ieTG"), 2: real_engine.paper("openreview:hVOcstAURb")}
    [(_, checked)] = real_engine.check(said, shown)
    assert (checked.text is not None) is kept, checked.reason


def test_a_clause_its_named_paper_backs_is_kept_when_its_bare_words_are_closer_to_another(real_engine) -> None:
    """Over ICML 2026 "Long-Context Modeling with … [1] demonstrates efficiency and adaptability, while Token
    Sparse Attention [2] improves accuracy and latency, and SALE [3] achieves fast and accurate …" was withheld as
    not [1]'s ("These results demonstrate DHSA as an efficient and adaptable solution …"): judged without the
    names, "demonstrates efficiency and adaptability" went to SALE alone. A clause whose named subject is not
    among its backers is judged again with the names written; what the named paper does not say is still withheld."""
    from paperchat.schema import Paper
    from tests.test_cite import DHSA, SALE, TSA

    papers = {1: Paper(paper_id="dhsa", title="Long-Context Modeling with Dynamic Hierarchical Sparse Attention for "
                       "Memory-Constrained LLM Inference", abstract=DHSA, venue="ICML", year=2026),
              2: Paper(paper_id="tsa", title="Token Sparse Attention: Efficient Long-Context Inference with "
                       "Interleaved Token Selection", abstract=TSA, venue="ICML", year=2026),
              3: Paper(paper_id="sale", title="SALE : Low-bit Estimation for Efficient Sparse Attention in Long-context "
                       "LLM Prefilling", abstract=SALE, venue="ICML", year=2026)}
    said = ("Long-Context Modeling with Dynamic Hierarchical Sparse Attention for Memory-Constrained LLM Inference [1] "
            "demonstrates efficiency and adaptability, while Token Sparse Attention [2] improves accuracy and latency, "
            "and SALE [3] achieves fast and accurate fine-grained attention map estimation.")
    [(_, checked)] = real_engine.check(said, papers)
    assert checked.text is not None and checked.cited == [1, 2, 3], checked.reason
    wrong = said.replace("demonstrates efficiency and adaptability", "uses low-bit quantized query-key products")
    [(_, checked)] = real_engine.check(wrong, papers)
    assert checked.text is None


SAGUARO = (  # the ICLR 2026 abstract, as cleaned at ingest
    "Autoregressive decoding is bottlenecked by its sequential nature. Speculative decoding has become a "
    "standard way to accelerate inference by using a fast draft model to predict upcoming tokens from a "
    "slower target model, and then verifying them in parallel with a single target model forward pass. "
    "However, speculative decoding itself relies on a sequential dependence between speculation and "
    "verification. We introduce speculative speculative decoding (SSD) to parallelize these operations. "
    "While a verification is ongoing, the draft model predicts likely verification outcomes and prepares "
    "speculations pre-emptively for them. If the actual verification outcome is then in the predicted "
    "set, a speculation can be returned immediately, thereby eliminating all speculation overhead. We "
    "identify three key challenges presented by speculative speculative decoding, and put forth "
    "principled methods to solve each after theoretical analysis. The result is Saguaro, an optimized SSD "
    "algorithm which is up to twice as fast as optimized speculative decoding baselines and up to 5× "
    "faster than autoregressive decoding with open source inference engines. Saguaro can be combined with "
    "existing methods like EAGLE and token tree speculation for further gains, and permits scaling draft "
    "compute to better predict verification outcomes, introducing new tradeoffs between compute and "
    "latency.")


def test_the_sentence_that_states_a_number_and_all_the_claim_is_read_alone(real_engine) -> None:
    """Over ICLR 2026 "How much do the speculative decoding papers speed up inference?": "… speed up inference by up
    to 5× faster than autoregressive decoding with open source inference engines" was withheld as "the number 5× is
    not one the abstract states" of every paper, Saguaro's included: its 5× sentence, which says all of it, was read
    beside the closest sentence ("a fast draft model … a slower target model"), taken for "faster" reversed."""
    from paperchat.schema import Paper

    # its own id: the engine's verifier keeps each paper's sentence parts by id, and "s" was SALE above
    saguaro = Paper(paper_id="saguaro", title="Speculative Speculative Decoding", abstract=SAGUARO, venue="ICLR", year=2026)
    said = ("The speculative decoding papers speed up inference by up to 5× faster than autoregressive decoding with "
            "open source inference engines.")  # as the model wrote it, with no marker
    [(_, checked)] = real_engine.check(said, {1: saguaro}, uncited=True)
    assert checked.text is not None and checked.cited == [1], checked.reason
    for flipped in (said.replace("5×", "9×"), said.replace("faster", "slower")):
        [(_, checked)] = real_engine.check(flipped, {1: saguaro}, uncited=True)
        assert checked.text is None, flipped


FEWER = ("Model pruning, i.e., removing a subset of model weights, has become a prominent approach to reducing the memory "
         "footprint of large language models (LLMs) during inference. Notably, popular inference engines, such as vLLM, "
         "enable users to conveniently prune downloaded models before they are deployed. While the utility and "
         "efficiency of pruning methods have improved significantly, the security implications of pruning remain "
         "underexplored. In this work, for the first time, we show that modern LLM pruning methods can be maliciously "
         "exploited. In particular, an adversary can construct a model that appears benign yet, once pruned, exhibits "
         "malicious behaviors. Our method is based on the idea that the adversary can compute a proxy metric that "
         "estimates how likely each parameter is to be pruned. With this information, the adversary can first inject a "
         "malicious behavior into those parameters that are unlikely to be pruned. We demonstrate the severity of our "
         "attack through extensive evaluation on five models; after any of the pruning in vLLM are applied (Magnitude, "
         "Wanda, and SparseGPT), it consistently exhibits strong malicious behaviors (success rates of up to 95.7% for "
         "jailbreak). Our results reveal a critical deployment-time security gap in model compression.")


def test_what_a_paper_does_then_what_it_gives_is_judged_in_its_two_parts(real_settings, tmp_path) -> None:
    """Over ICLR 2026, "Fewer Weights, More Problems estimates the likelihood of parameters being pruned, demonstrating
    the severity of the attack on five models" was withheld ("the number 5 is in the abstract, but not in the
    sentences that bear on the rest of the claim"): what it does is one sentence, what that shows another. A clause
    whose figure its closest sentences lack, ending in ", <verb>ing …" with the figure, is judged as its two parts,
    each by its own sentences; a figure the abstract does not state is still withheld."""
    claim = "Fewer Weights, More Problems estimates the likelihood of parameters being pruned, {} [1]."
    tails = {"true": "demonstrating the severity of the attack on five models",
             "count": "demonstrating the severity of the attack on seven models",
             "figure": "reaching success rates of up to 97.5%"}
    batch = tmp_path / "batch.jsonl"
    batch.write_text("".join(json.dumps({"id": k, "claim": claim.format(t), "abstract": FEWER,
                                         "title": "Fewer Weights, More Problems: A Practical Attack on LLM Pruning"}) + "\n"
                             for k, t in tails.items()))
    out = subprocess.run([sys.executable, "-m", "paperchat.cli", "check", "--batch", str(batch),
                          "--index", str(real_settings.index_dir)], capture_output=True, text=True)
    verdicts = {row["id"]: row["verdict"] for row in map(json.loads, out.stdout.splitlines())}
    assert verdicts == {"true": "supported", "count": "unsupported", "figure": "unsupported"}


D3LLM = ("Diffusion large language models (dLLMs) offer capabilities beyond those of autoregressive (AR) LLMs, such as "
         "parallel decoding and random-order generation. However, realizing these benefits in practice is non-trivial, as "
         "dLLMs inherently face an accuracy-parallelism trade-off. Despite increasing interest, existing methods typically "
         "focus on only one-side of the coin, targeting either efficiency or performance. To address this limitation, we "
         "propose d3LLM (Pseudo-Distilled Diffusion Large Language Model), striking a balance between accuracy and "
         "parallelism: (i) during training, we introduce pseudo-trajectory distillation to teach the model which tokens can "
         "be decoded confidently at early steps, thereby improving parallelism; (ii) during inference, we employ "
         "entropy-based multi-block decoding with a KV-cache refresh mechanism to achieve high parallelism while "
         "maintaining accuracy. To better evaluate dLLMs, we also introduce AUP (Accuracy Under Parallelism), a new metric "
         "that jointly measures accuracy and parallelism. Experiments demonstrate that our d3LLM achieves up to 10× speedup "
         "over vanilla LLaDA/Dream, and up to 5× speedup over the AR models (Qwen-2.5-7B) without much accuracy "
         "degradation.")


def test_what_a_paper_is_then_what_it_gives_is_judged_in_its_two_parts(real_engine) -> None:
    """Asked "What is d3LLM, and how much faster is it?" (ICML 2026), the model wrote "d3LLM is a pseudo-distilled
    diffusion large language model that achieves up to 10× speedup …", the abstract's own words, and the whole
    answer was withheld ("the number 10× is in the abstract, but not in the sentences that bear on the rest"):
    the closest sentence opens on dLLMs, the figure's sentence lacks "pseudo-distilled". What a thing is, then
    "that achieves …" with the figure, is judged as its two parts; a figure the abstract does not state is
    still withheld."""
    from paperchat.schema import Paper

    d3 = Paper(paper_id="d3llm", title="d3LLM: Ultra-Fast Diffusion LLM using Pseudo-Trajectory Distillation",
               abstract=D3LLM, venue="ICML", year=2026)
    said = ("d3LLM is a pseudo-distilled diffusion large language model that achieves up to 10× speedup over vanilla "
            "LLaDA/Dream and up to 5× speedup over the AR models (Qwen-2.5-7B) without much accuracy degradation [1].")
    [(_, checked)] = real_engine.check(said, {1: d3})
    assert checked.text is not None, checked.reason
    for wrong in (said.replace("10×", "12×"), said.replace("that achieves up to 10×", "that achieves up to 20×")):
        [(_, checked)] = real_engine.check(wrong, {1: d3})
        assert checked.text is None, wrong


VEDA = ("Scaling Diffusion Transformers to generate high-resolution, long videos is constrained by the quadratic cost of "
        "self-attention, and existing sparse attention methods degrade under high sparsity. We show empirically that "
        "generation quality is determined not by the sparsity ratio itself, but by how well the sparse mask aligns with "
        "the tile-wise geometry of full attention. Based on this insight, we propose Veda, a distilled sparse attention "
        "framework that formulates tile selection as an explicit reconstruction problem from full attention. Veda "
        "integrates statistics-aware tile scoring with head-aware tiling to reduce estimation error and structural "
        "mismatch, enabling aggressive sparsity. A hardware-efficient tile-skipping kernel converts theoretical sparsity "
        "into practical wall-clock speedups. Experiments on large video diffusion models, including Waver and Wan, "
        "demonstrate substantial acceleration without quality degradation. To generate 720P 10-second videos on "
        "Waver-T2V-12B, Veda achieves a 5.1× end-to-end speedup and a 10.5× self-attention speedup, reducing attention "
        "overhead from 92% to 50%. Notably, the gains increase with sequence length, indicating that Veda scales "
        "favorably with spatiotemporal resolution across models.")


def test_what_a_paper_does_by_a_figure_is_judged_in_its_two_parts(real_engine) -> None:
    """Asked "Which papers accelerate video diffusion models, and by how much?" (ICML 2026), the model wrote "Veda
    accelerates video diffusion models by 5.1× end-to-end speedup and 10.5× self-attention speedup", and it was
    withheld ("the number 5.1× is in the abstract, but not in the sentences that bear on the rest"): the closest
    sentences are on video diffusion models, the figures' own is on one of them. What it does, then "by" a figure
    of a measure it names, is judged as its two parts; the figures swapped, or one the abstract lacks, are not."""
    from paperchat.schema import Paper

    veda = Paper(paper_id="veda", title="Veda: Scalable Video Diffusion via Distilled Sparse Attention", abstract=VEDA,
                 venue="ICML", year=2026)
    said = "Veda accelerates video diffusion models by 5.1× end-to-end speedup and 10.5× self-attention speedup [1]."
    [(_, checked)] = real_engine.check(said, {1: veda})
    assert checked.text is not None, checked.reason
    for wrong in (said.replace("5.1×", "7.3×"), "Veda accelerates video diffusion models by 5.1× self-attention "
                  "speedup [1].", said.replace("5.1×", "X").replace("10.5×", "5.1×").replace("X", "10.5×")):
        [(_, checked)] = real_engine.check(wrong, {1: veda})
        assert checked.text is None, wrong


RACER = ("Efficiently routing queries to the optimal large language model (LLM) is crucial for optimizing the "
         "cost-performance trade-off in multi-model systems. However, most existing routers rely on single-model "
         "selection, making them susceptible to misrouting. In this work, we formulate LLM routing as the α-VOR problem "
         "to minimize expected set size while controlling the misrouting risk, and propose a novel method – RACER, "
         "extending base routers to output model sets that can be subsequently aggregated for improved output. In "
         "particular, RACER constructs nested model sets via augmented scoring and utilizes finite-sample concentration "
         "bounds to calibrate a threshold that allows for both variable set sizes and abstention. We theoretically prove "
         "that RACER achieves rigorous distribution-free risk control on unseen test data in a post-hoc and "
         "model-agnostic manner. Extensive experiments verify our theoretical guarantees and demonstrate that RACER "
         "consistently enhances downstream accuracy across a wide range of benchmarks.")
NOT_FREE = ("Reasoning-capable large language models (LLMs) have recently been adopted as automated judges, but their "
            "benefits and costs in LLM-as-a-Judge settings remain unclear. Through controlled comparisons between "
            "reasoning and non-reasoning judges, we show that explicit reasoning substantially improves judgment accuracy "
            "on tasks requiring structured verification (e.g., math and coding), while offering limited or even negative "
            "gains on simpler evaluations and incurring significantly higher computational cost. These findings motivate "
            "that reasoning should be used selectively rather than universally, with awareness of possible distribution "
            "shift. We propose a Robust Adaptive Cost-Efficient Router (RACER), which dynamically selects between "
            "reasoning and non-reasoning judges under a fixed budget by formulating routing as a constrained "
            "distributionally robust optimization problem. RACER explicitly accounts for distribution shift via a "
            "KL-divergence uncertainty set, admits an efficient primal–dual algorithm, and enjoys theoretical guarantees "
            "including uniqueness of the optimal policy and linear convergence. Extensive experiments show that RACER "
            "achieves superior accuracy–cost trade-offs under distribution shift.")


def test_a_sentence_about_a_name_two_papers_give_their_work_is_said_of_the_one_that_says_it(real_engine) -> None:
    """Asked "What is RACER, and how does it route queries?" (ICML 2026, two papers call their router RACER), the
    model wrote "RACER is a robust adaptive cost-efficient router that dynamically selects between reasoning and
    non-reasoning judges …", the second paper's own words, and it was withheld as the first RACER's ("it is what
    Reasoning Is Not Free says"): it is kept, citing the paper that says it; what neither says is still withheld."""
    from paperchat.schema import Paper

    racer = Paper(paper_id="racer", title="RACER: Risk-Aware Calibrated Efficient Routing for Large Language Models",
                  abstract=RACER, venue="ICML", year=2026)
    free = Paper(paper_id="not-free", title="Reasoning Is Not Free: Robust Adaptive Cost-Efficient Router for "
                 "LLM-as-a-Judge", abstract=NOT_FREE, venue="ICML", year=2026)
    said = ("RACER is a robust adaptive cost-efficient router that dynamically selects between reasoning and "
            "non-reasoning judges under a fixed budget by formulating routing as a constrained distributionally robust "
            "optimization problem.")
    [(_, checked)] = real_engine.check(said, {1: racer, 2: free}, uncited=True)
    assert checked.text is not None and checked.cited == [2], checked.reason
    [(_, checked)] = real_engine.check("RACER constructs nested model sets via augmented scoring.", {1: racer, 2: free},
                                       uncited=True)
    assert checked.text is not None and checked.cited == [1], checked.reason
    [(_, checked)] = real_engine.check("RACER is a router for diffusion models that generates images.",
                                       {1: racer, 2: free}, uncited=True)
    assert checked.text is None
