"""What a paper contributes, read from its title, and whether a question asks for that kind of paper.

A question that asks for papers doing something ("Which papers propose machine unlearning methods for
large language models …?", "Which papers generate molecules or proteins …?") is not answered by a
benchmark that measures such work ("MolLangBench: A Comprehensive Benchmark for Language-Prompted
Molecular Structure Recognition, Editing, and Generation"), a position paper ("Position: The Term
'Machine Unlearning' Is Overused in LLMs") or a survey, though each embeds beside the question and holds
its words. A question that asks what was studied, measured or argued, or only names a topic ("Which papers
study reward hacking …?", "Compare the papers on quantization …"), is answered by them too.

Only the title is read, and only where it says what the paper is: "Position:" before it, a survey named
as one, a benchmark or dataset named in the title's lead ("MolLangBench:", "Reward Hacking Benchmark:") or
as the head of its subtitle (": A Benchmark for …", ": A Large-Scale Dataset of …", ": Benchmarking …"). A title that pairs
the benchmark with a method (": A Benchmark and Framework for …", "A New Plant Dataset and Method") is a
method paper, and "dataset distillation" is a topic, not a dataset. An abstract is not read: most method
papers also "introduce a new benchmark" in passing, and the title is where a paper says what it is.

A question that asks for defenses ("Which papers defend against prompt injection attacks …?") is not
answered by an attack ("ChatInject: Abusing Chat Templates for Prompt Injection in LLM Agents"), whose
abstract holds the same words; one that asks for attacks and defenses is. An attack is read from the title
too: an attack as its head ("Adaptive Attacks on …", ": Practical Poisoning Attacks Against …") or an
attacker's verb opening it or its subtitle ("Abusing", "Jailbreaking"), unless the title also says it
defends, detects or resists ("Disrupting Multi-Turn Jailbreaks", "Attack-Resilient Unlearning"). Where the title
does not say it (a question: "How does Bayesian Sampling help Membership Inference Attacks?"), the attack is read
from the abstract's own proposal ("we propose a novel approach – Bayesian Membership Inference Attack"), again
unless the title says it defends and unless the abstract also proposes a defense; an attack a defense paper designs
to test itself ("we design unlearning-specific membership inference … attacks", WARP) is under such a title.
A question that asks for attacks and not defenses ("How do papers attack or remove watermarks in images?") is
answered by the papers that present one (`attacks`: by title, or by the abstract's proposal whatever else it
proposes), not by the watermarks "robust against removal attacks" beside them.
"""

from __future__ import annotations

import re

METHOD, BENCHMARK, POSITION, SURVEY, ATTACK = "method", "benchmark", "position", "survey", "attack"

_POSITION = re.compile(r"^\s*position(?:\s+paper)?\s*:", re.I)
_SURVEY = re.compile(r"(?:^|:\s*|\b(?:a|an)\s+(?:[\w-]+\s+){0,3})survey\b|\bsurvey\s+(?:of|on)\b", re.I)
# the head of a noun phrase: the benchmark itself, not "dataset distillation" or "a benchmark and framework"
_HEAD = r"(?:bench(?:mark)?s?|datasets?|test-?beds?|suites?|corpus|corpora)"
_AFTER = r"(?=\s*(?:$|[,.;:?!(]|for\b|of\b|on\b|to\b|in\b|with\b|from\b|that\b|via\b|towards?\b))"
# "Benchmarking" heads the subtitle after words that say how ("RobotArena ∞: Unlimited Robot Benchmarking via
# Real-to-Sim Translation", "AMemGym: Interactive Memory Benchmarking for …"), not after "for"/"and" ("… Framework for
# Training and Benchmarking Generalist Robots") or "of" ("A Platform of Dynamic Benchmarking")
_HOW = r"(?:(?!(?:and|or|for|of|to|with|in|on|via|from|a|an|the)\b)[A-Za-z][\w-]*\s+){0,3}?"
_SUBTITLE = re.compile(rf"[:?]\s*(?:{_HOW}benchmarking\b(?!\s+and\b)|(?:(?:a|an|the)\s+)?(?:[\w$^{{}}./+-]+\s+){{0,6}}?{_HEAD}{_AFTER})",
                       re.I)
_LEAD = re.compile(rf"^[^:]*?(?:\w*bench\b|\b{_HEAD}{_AFTER})[^:]*:", re.I)
_OPENS = re.compile(rf"^\s*(?:benchmarking\b|(?:a|an)\s+(?:[\w-]+\s+){{0,4}}?{_HEAD}{_AFTER})", re.I)
_WITH_METHOD = re.compile(r"\b(?:and|&)\s+(?:an?\s+)?(?:[\w-]+\s+)?(?:method|framework|model|approach|baseline|"
                          r"algorithm|solution)s?\b", re.I)  # not "agents": "Benchmarking … Mechanisms and LLM Agents"

# an attack named as the title's head ("Adaptive Attacks on Trusted Monitors …", "Rapid Poison: Practical Poisoning
# Attacks Against …") or an attacker's verb opening it or its subtitle ("ChatInject: Abusing Chat Templates for Prompt
# Injection …"); not a defense, whose title names the attack as what it stands against, or an attack's detection
_ATTACK = re.compile(r"(?:^|[:?]\s*)(?:(?:(?:a|an|the)\s+)?(?:[\w-]+\s+){0,4}?(?:attacks?|jailbreaks?)\b(?!-)"
                     r"(?!\s+(?:detection|defen\w*|mitigation|robustness|resilien\w*|prevention))|"
                     r"(?:abusing|attacking|jailbreaking|hijacking|fooling|subverting|stealing|poisoning)\b)",
                     re.I)
_DEFENDS = re.compile(r"\b(?:defen[cs]\w*|defend\w*|robust\w*|protect\w*|mitigat\w*|detect\w*|guard\w*|secur\w*|"
                      r"safe\w*|certif\w*|resist\w*|resilien\w*|immun\w*|shield\w*|sanitiz\w*|purif\w*|disrupt\w*|monitoring|"
                      r"adversarial\s+training)|\bgeneraliz\w*\s+to\s+(?:[\w-]+\s+){0,2}?attacks?\b|"
                      r"\bagainst\s+(?:[\w-]+\s+){0,4}?attacks?\b", re.I)
# the abstract proposing an attack ("In this work, we propose a novel approach – Bayesian Membership Inference Attack
# (BMIA)"), not a defense against one nor a framework that evaluates or improves both ("… alternates between
# improving attack and defense")
_NOT_ATTACKING = r"(?!\s+(?:detection|defen\w*|mitigation|robustness|resilien\w*|prevention)|\s+and\s+defen)"
_PROPOSES = r"\b(?:we|this\s+(?:paper|work))\s+(?:\w+\s+)?(?:propose|introduce|present|design|develop)s?\s+"
_PROPOSES_ATTACK = re.compile(
    rf"{_PROPOSES}(?:(?!defen|against|robust|resist|mitigat|detect|protect|evaluat|benchmark)[^.;:,]){{0,110}}?"
    rf"\battacks?\b{_NOT_ATTACKING}", re.I)
# a sentence proposing a defense too ("We then propose a new fine-tuning objective that mitigates this privacy
# leakage", "Finally, for mitigation, we propose an adversarial training approach …")
_PROPOSING = re.compile(_PROPOSES, re.I)
_DEFENDING = re.compile(r"\b(?:defen[cs]\w*|defend\w*|mitigat\w*|countermeasures?|safeguards?|protect\w*)", re.I)
# a question that asks for defenses ("Which papers defend against prompt injection attacks …?"), not for attacks too
# ("… jailbreak attacks or defenses …")
_ASKS_DEFENSE = re.compile(r"\b(?:defen[cs]es?|defend\w*|protect\w*|guard\w*|mitigat\w*)\b", re.I)
_ASKS_ATTACK = re.compile(r"\battack\w*\s+(?:or|and|&)\b|\b(?:or|and|&)\s+(?:[\w-]+\s+)?attack|"
                          r"^\W*(?:which|what)\s+(?:papers?|works?|methods?)\s+attack", re.I)

# what a question writes when it asks what was studied, measured or argued, or only names a topic: then
# benchmarks, positions and surveys answer it too
_OPEN = re.compile(
    # "data", not the field named with it ("Which papers build LLM agents for data science tasks?" had WebDS, a benchmark)
    r"\b(?:bench\w*|datasets?|data(?![\s-]+(?:science|scientists?|analy[sz]\w*|analytics|visuali[sz]\w*|mining|"
    r"engineering|wrangling|cleaning|management))|corpus|corpora|evaluat\w*|measur\w*|assess\w*|stud(?:y|ies|ied|ying)|"
    r"analy[sz]\w*|investigat\w*|understand\w*|examin\w*|survey\w*|review\w*|position\w*|argu\w*|explain\w*|"
    r"discuss\w*|critique\w*|address\w*|limitations?|about|work(?:s|ing)?\s+on|papers?\s+on|research\s+on|related\s+to|"
    # "Which papers do membership inference attacks on LLMs?" names a topic (ICLR 2026: Tab-MIA, a benchmark of
    # them, had been left out), not "Which papers do not …" nor "What do papers …"
    r"(?:papers?|works?|studies)\s+(?:that\s+)?do(?!\s+(?:not|they|you|we|these|those|the)\b))\b",
    re.I)


def contribution(title: str, abstract: str = "") -> str:
    """METHOD, BENCHMARK, POSITION, SURVEY or ATTACK, as the title says (METHOD when it says none of the others);
    an attack also as the abstract proposes one, under a title that does not say it defends."""
    if _POSITION.search(title):
        return POSITION
    if _SURVEY.search(title):
        return SURVEY
    if _WITH_METHOD.search(title):
        return METHOD
    if _LEAD.search(title) or _SUBTITLE.search(title) or _OPENS.search(title):
        return BENCHMARK
    if not _DEFENDS.search(title) and (_ATTACK.search(title) or _PROPOSES_ATTACK.search(abstract)
                                       and not _proposes_defense(abstract)):
        return ATTACK
    return METHOD


def _proposes_defense(abstract: str) -> bool:
    return any(_PROPOSING.search(s) and _DEFENDING.search(s) for s in re.split(r"(?<=[.!?])\s+", abstract))


def asks_for_methods(question: str) -> bool:
    """Does the question ask for papers that do something (propose, design, generate …), so that a
    benchmark, position or survey does not answer it? False when it asks what was studied, measured or
    argued, or names only a topic."""
    return not _OPEN.search(question)


# a question that asks for attacks ("How do papers attack or remove watermarks in images?"), not for defenses too
_ASKS_ATTACKS = re.compile(
    r"\b(?:papers?|works?|methods?|approaches|studies)\s+(?:(?:do|can|try\s+to)\s+)?(?:attack|break|remove|evade|"
    r"forge|spoof|jailbreak|steal|poison|fool|bypass|circumvent)\b|\bpropose\s+(?:new\s+|novel\s+)?(?:attacks|jailbreaks)\b",
    re.I)
# a title naming what an attack does to its target ("LLM Watermark Evasion via Bias Inversion")
_EVADES = re.compile(r"\b(?:evasion|evading|removal\s+attacks?|forgery|forging|spoofing|stealing|jailbreaking)\b", re.I)


def asks_for_attacks(question: str) -> bool:
    """Does the question ask for papers that attack something and not for defenses too, so that a paper that
    defends (a watermark "robust against removal attacks") does not answer it when one that attacks is found?"""
    return bool(_ASKS_ATTACKS.search(question)) and not _ASKS_DEFENSE.search(question)


def attacks(title: str, abstract: str) -> bool:
    """Does the paper present an attack: as its title says, or as its abstract proposes one (whatever else it
    proposes: "we introduce the self-re-watermarking threat model as a novel attack vector" of a paper that also
    defends against it)?"""
    return bool(_ATTACK.search(title) and not _DEFENDS.search(title) or _EVADES.search(title)) or proposes_attack(abstract)


def proposes_attack(text: str) -> bool:
    """Does the text propose an attack ("we introduce the self-re-watermarking threat model as a novel attack
    vector")?"""
    return bool(_PROPOSES_ATTACK.search(text))


def unasked(question: str) -> set[str]:
    """The kinds of contribution that do not answer the question: a benchmark, position paper or survey when it asks
    for papers that do something, an attack when it asks for defenses."""
    return ({BENCHMARK, POSITION, SURVEY} if asks_for_methods(question) else set()) | (
        {ATTACK} if asks_for_defenses(question) else set())


def asks_for_defenses(question: str) -> bool:
    """Does the question ask for papers that defend against something and not for attacks too, so that a paper
    whose title presents an attack does not answer it?"""
    return bool(_ASKS_DEFENSE.search(question)) and not _ASKS_ATTACK.search(question)
