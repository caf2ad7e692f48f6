"""Meaning checks for one claim against the abstract sentences that support its topic.

Similarity and shared terms (cite.py) say a clause is about what a sentence is
about; they cannot see that "44×" is not "4.43×", that "does not require
retraining" flips "requires retraining", or that "slower" reverses "faster".
`conflict(claim, support, abstract)` looks for exactly those, and returns a
reason (shown to the person) or "" when none is found:
- numbers: every number in the claim, with its unit (×, %, k/M/B), must be
  one the supporting sentences state; "up to 4.43×" supports "4.43×";
  percentages the claim derives (256 -> 30 is "88%") are not stated, so fail;
- polarity: a negation ("not", "no", "without", "fails to", "never", "inability",
  …) on one side only fails, compared on the content words it governs;
- direction: a direction word (increases/decreases, faster/slower,
  outperforms/underperforms, improves/degrades, …) whose opposite is what the
  supporting sentences say fails;
- pairs: a number the abstract pairs "respectively" with one of a list of
  things ("4.43× and 1.50×, compared to auto-regressive decoding and vanilla
  speculative decoding, respectively") must go with that thing, not another;
- names: a method, dataset or benchmark named in the claim (GSM8K, ImageNet,
  LoRA: words with inner capitals or digits) must occur in the abstract;
- credit: a name the claim says the paper introduces or proposes must be the
  paper's own (in its title, or in a sentence with "we", "our", "called" …),
  not one its abstract only mentions ("such as GRPO").
Rules, not a model: no NLI model is packaged for this machine; all but pairs
are the edits that turned true claims false in our adversarial set (README),
and pairs is a swap the model made in the app.
A rewording that keeps numbers, negations, directions and names passes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from paperchat.text import STOPWORDS, asking_terms, sentences, tokenize

_NUMBER = re.compile(
    r"(?<![\w.])(?P<up>(?:up to|as much as|as many as|at most|over|more than|nearly|about|around|~)\s*)?"
    r"(?P<num>\d+(?:,\d{3})*(?:\.\d+)?)\s*(?P<unit>%|×|x\b|times\b|-?fold\b|[kKMB]\b|points?\b|pp\b)?"
)
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
          "ten": 10, "twice": 2, "double": 2, "triple": 3, "half": 0.5}
_WORD_NUMBER = re.compile(r"\b(" + "|".join(_WORDS) + r")\b", re.I)
_SCALE = {"k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9}

_NEGATION = re.compile(
    r"\b(?:not(?!\s+only)|no(?!\s+longer\s+only)|never|none|neither|nor|without|cannot|can't|won't|doesn't|don't|didn't|isn't|aren't|"
    r"wasn't|weren't|fails? to|failed to|unable|inability|incapable|impossible|lacks?|lacking|free of|"
    r"rather than|instead of|contrary to|unlike|"
    # "eliminating the need for large-scale data replay" (MergeTune, ICLR 2026)
    r"(?:eliminat|remov|obviat|circumvent|bypass)\w*\s+(?:the\s+|any\s+)?(?:need|requirement|reliance|dependence|"
    r"dependency)\s+(?:for|of|on))\b|n't\b",
    re.I,
)
_PAIRS = [
    ("increase", "decrease"), ("increase", "reduce"), ("improve", "degrade"), ("improve", "worsen"),
    ("improve", "hurt"), ("faster", "slower"), ("speedup", "slowdown"), ("accelerate", "slow"),
    ("higher", "lower"), ("larger", "smaller"), ("better", "worse"),
    ("outperform", "underperform"), ("gain", "loss"), ("raise", "lower"), ("maximize", "minimize"),
    ("strengthen", "weaken"), ("enable", "prevent"), ("boost", "reduce"), ("expand", "shrink"),
    ("success", "failure"), ("efficient", "inefficient"), ("stable", "unstable"),
    ("robust", "vulnerable"), ("require", "without"), ("above", "below"), ("superior", "inferior"),
    ("easier", "harder"), ("cheaper", "costlier"), ("longer", "shorter"), ("rise", "fall"),
    # added from the tune half of eval/claims.jsonl (README: the direction figure on the test
    # half therefore partly reflects the generator's vocabulary)
    ("enhance", "diminish"), ("surpass", "trail"), ("exceed", "trail"),
]
# a dataset's or benchmark's name: a capital, then a capital or digit within it ("MoleculeNet", "GEOM",
# "CIFAR-10", "TSLib", "CrossDocked2020"); "LLMs" too, which callers read beside data words
DATA_NAME = re.compile(r"(?<![\w-])[A-Z][\w.-]*[A-Z0-9][\w-]*(?![\w-])")
_NAME = re.compile(r"\b(?=\w*[A-Z])(?=\w*(?:[a-z][A-Z]|[A-Za-z]\d|\d[A-Za-z]|[A-Z]{2}))[A-Za-z][\w\-]*\b")


Number = tuple[float, str, int]  # value, unit ("×", "%", "pp" or ""), decimals written


def numbers(text: str) -> list[Number]:
    """(value, unit, decimals) for each number in `text`; years, citation markers and numbers
    that are part of a word ("2D spatial proximity") are left out (they are not claims about results)."""
    return [n for n, _, _ in _placed_numbers(text)]


_FACTOR_BEFORE = re.compile(r"(?:^|[^\d\s])\s*×\s?$")  # a "×" written before a number, not between two
_COUNTS_MULTIPLIED = re.compile(r"\d\s*[A-Za-z]+\s*×\s?$")  # "3 datasets × 2 retrievers": counts, no factor


_SPEEDUP_OF = re.compile(r"\bspeed-?ups?\s+of\s+(?:(?:up\s+to|about|around|nearly|over|an\s+average\s+of)\s+)?$", re.I)


def _placed_numbers(text: str) -> list[tuple[Number, int, int]]:
    """`numbers`, each with where it is written in `text` (start, end)."""
    text = re.sub(r"\[\d+(?:[,\-–]\s*\d+)*\]", lambda m: " " * len(m.group(0)), text)  # in place: the spans hold
    found: list[tuple[Number, int, int]] = []
    for m in _NUMBER.finditer(text):
        if not m.group("unit") and text[m.end("num"):m.end("num") + 1].isalpha():
            continue  # part of a word: "2D", "3D", "1st" name a kind of thing, not an amount
        raw = m.group("num").replace(",", "")
        value = float(raw)
        unit = _unit(m.group("unit") or "")
        if not unit and _FACTOR_BEFORE.search(text[:m.start("num")]) and not _COUNTS_MULTIPLIED.search(
                text[max(0, m.start("num") - 40):m.start("num")]):
            # "up to ×5–×10 end-to-end speedups" (LaTeX's "$\times 5$", ICML 2026); not "256 × 256", "7 judges × 5"
            unit = "×"
        if not unit and _SPEEDUP_OF.search(text[max(0, m.start("num") - 40):m.start("num")]):
            # "achieves an average speedup of 2.3 on KernelBench" (KernelFoundry, ICML 2026): a factor, though no "×"
            # is written ("Which one is faster?" had said only StitchCUDA's abstract gives a speed figure)
            unit = "×"
        decimals = len(raw.split(".")[1]) if "." in raw else 0
        if unit in _SCALE:
            value, unit = value * _SCALE[unit], ""
        if unit == "" and not decimals and 1900 <= value <= 2100:
            continue  # a year
        found.append(((value, unit, decimals), m.start("num"), m.end()))
    for m in _WORD_NUMBER.finditer(text):
        found.append(((float(_WORDS[m.group(1).lower()]), "", 0), m.start(), m.end()))
    return found


def context_conflict(claim: str, support: str) -> str:
    """A number the abstract states, given to something it does not count: "DAComp, a benchmark of 10 tasks"
    where the abstract's 10 is "evaluated with 10 LLMs". Of the words around each number of the claim
    (`counted_words`, CONTEXT_REACH of them), one at least must be written within SOURCE_REACH words of that
    number in `support`. A number said without words around it is left alone, and so are word numbers ("two",
    "twice"): they are phrased too many ways."""
    stated = [(n, near) for sentence in sentences(support) for n, near in counted_words(sentence, SOURCE_REACH, False)]
    for n, near in counted_words(claim, CONTEXT_REACH):
        at = [words for m, words in stated if _same(n, m)]
        if near and at and not any(near & words for words in at):
            return f"the abstract gives {n[0]:g}{n[1]} for something else"
    return ""


# What a figure measures, by kind: a figure the abstract gives for one kind is not one of another ("ParisKV … KV cache
# memory is reduced by up to 17× and 44×", over ICML 2026, where the abstract's 17× and 44× are decode latency).
# Latency, speed and throughput are one kind, said of one another; "times" (a factor) and "cost" (said of all of
# them) are none.
_MEASURES = {kind: frozenset(tokenize(words)) for kind, words in {
    "memory": "memory memories storage footprint VRAM",
    "speed": "latency latencies speed speedup speedups faster fast slower runtime throughput acceleration wall-clock",
    "accuracy": "accuracy accuracies",
    "perplexity": "perplexity",
    "compute": "FLOPs computation",
    "parameters": "parameters params",
    "energy": "energy",
    # "EntroKV compresses the KV cache by up to 98% of full-cache performance", over ICML 2026, where the abstract's
    # 98% is what it retains ("retaining ~98% of full-cache performance at a 30% budget ratio"): how much is kept is
    # no measure of how much is cut
    "retention": "retain retains retaining retained preserve preserves preserving preserved recover recovers "
                 "recovering recovered",
    "compression": "compress compresses compressing compressed compression",
}.items()}


def _measured(words: set[str]) -> set[str]:
    return {kind for kind, terms in _MEASURES.items() if words & terms}


def names_measure(text: str) -> bool:
    """Does `text` name a kind of measure (speed, memory, accuracy …: _MEASURES)?"""
    return bool(_measured(set(tokenize(text))))


def measure_conflict(claim: str, support: str) -> str:
    """A figure the abstract states, said to measure another kind of thing: "memory is reduced by up to 17×"
    where every 17× of the abstract is said of latency. Read where the claim names a kind beside the figure
    (`counted_words`, CONTEXT_REACH) and the abstract names a kind beside each place it gives it (SOURCE_REACH);
    a figure the abstract gives once without naming a kind, or for that kind once, is left alone."""
    stated = [found for sentence in sentences(support) for found in _figure_kinds(sentence, SOURCE_REACH, False)]
    for n, mine in _figure_kinds(claim, CONTEXT_REACH, True):
        theirs = [kinds for m, kinds in stated if _same(n, m)]
        if mine and theirs and all(kinds and not kinds & mine for kinds in theirs):
            return (f"the abstract gives {n[0]:g}{n[1]} for {' and '.join(sorted(set().union(*theirs)))}, "
                    f"not {' and '.join(sorted(mine))}")
    return ""


# a figure by which a paper beats others: "outperforms prior MoE compression methods by up to 16.7% on MMLU at 50%
# compression ratio" (PuzzleMoE, ICML 2026), whose words around it name what it beats and where, not what it measures
_MARGIN = re.compile(r"\b(?:outperform\w*|surpass\w*|beat(?:s|ing)?|exceed\w*|improv\w+\s+(?:up)?on)\b"
                     r"(?:(?!\b(?:and|while|whereas)\b)[^,;.])*?\bby\s+"
                     r"(?:(?:up to|over|about|around|nearly|more than|as much as|an average of)\s+|~\s*)?$", re.I)


def _figure_kinds(text: str, reach: int, by_part: bool) -> list[tuple[Number, set[str]]]:
    """Each figure `text` writes in digits, with the kinds (_MEASURES) of the words within `reach` of it (as
    `counted_words` reads them); a margin over other methods (_MARGIN) is of the measure written right after it ("by
    2.1× speedup"), else of a quality measured (accuracy; a factor, of none): over ICML 2026 "It compresses by up to
    16.7% on MMLU at 50% compression ratio" was kept of PuzzleMoE's margin over prior compression methods."""
    out = []
    for part in re.split(r"[,;:]\s", text) if by_part else [text]:
        placed = [(a, b) for _, a, b in _placed_numbers(part) if any(ch.isdigit() for ch in part[a:b])]
        for (n, near), (a, b) in zip(counted_words(part, reach, False), placed, strict=True):
            if margin := _MARGIN.search(part[max(0, a - 160):a]):
                # its measure, written right after it ("by 7.8% in identity preservation") or right before its "by"
                # ("surpasses … by reducing text Perplexity by 0.35")
                after = " ".join(part[b:].split()[:3])
                before = " ".join(re.sub(r"\bby\b[^\w]*$", "", margin.group(0)).split()[-1:])
                own = _measured(set(tokenize(after))) or _measured(set(tokenize(before)))
                # a factor beyond others is most often a speedup ("outperforms … EAGLE-3 by 1.62×"): left unnamed
                out.append((n, own or (set() if n[1] == "×" else {"accuracy"})))
            else:
                out.append((n, _measured(near)))
    return out


def counted_words(text: str, reach: int, by_part: bool = True, figures: bool = False) -> list[tuple[Number, set[str]]]:
    """Each number `text` writes in digits, with the content words within `reach` of it on either side (up to a
    comma or semicolon when `by_part`; with the other figures among them when `figures`, "28b" beside "7
    models"): what it counts ("440 coding tasks rigorously constructed")."""
    def words(piece: str) -> list[str]:
        return [t for t in tokenize(piece) if len(t) > 2] if figures else _content(piece)
    out = []
    for part in re.split(r"[,;:]\s", text) if by_part else [text]:  # "1,312" is one number
        for n, a, b in _placed_numbers(part):
            if any(ch.isdigit() for ch in part[a:b]):
                out.append((n, set(words(part[:a])[-reach:] + words(part[b:])[:reach])))
    return out


# "by 96.0–99.5%", "to 96.0–99.5%", "by up to 4.1%": the word that says whether a figure is a change or a level reached
_BY_TO = re.compile(r"(?<!up )\b(by|to)\s+(?:(?:up to|over|about|around|nearly|more than|as much as)\s+|~\s*)?$", re.I)


def level_conflict(claim: str, support: str) -> str:
    """A level the abstract says a figure reaches, said as the change, or the other way: "GRPO improves
    accuracy by 96.0–99.5%" where the abstract's AT-GRPO "boosts accuracy from a 14.0–47.0% single-agent RL
    baseline to 96.0–99.5%". Read where both write "by" or "to" right before the number."""
    for n, a, _ in _placed_numbers(claim):
        mine = _BY_TO.search(claim[max(0, a - 24):a])
        if not mine:
            continue
        theirs = {m.group(1).lower() for sentence in sentences(support) for x, p, _ in _placed_numbers(sentence)
                  if _same(n, x) and (m := _BY_TO.search(sentence[max(0, p - 24):p]))}
        if theirs and mine.group(1).lower() not in theirs:
            reached, change = "the level it reaches", "the change"
            return (f"the abstract gives {n[0]:g}{n[1]} as {reached if 'to' in theirs else change}, "
                    f"not as {change if mine.group(1).lower() == 'by' else reached}")
    return ""


CONTEXT_REACH = 4  # content words either side of a claim's number that say what it counts
SOURCE_REACH = 8  # words either side of that number in the abstract, one of which must be among them


def _content(text: str) -> list[str]:
    """The content terms of `text` in order, without numbers."""
    return [t for t in tokenize(text) if len(t) > 2 and not any(ch.isdigit() for ch in t)]


# "an order-of-magnitude speedup" as "orders of magnitude faster" (ICML 2026: the distilled sampler's, said to give no
# figure)
_FIGURE_WORDS = re.compile(r"\b(?:twice|double[sd]?|triple[sd]?|halve[sd]?|half|orders?[\s-]+of[\s-]+magnitude)\b", re.I)


# A decimal that names a version ("LLaDA 2.0-mini", "GPT-4.1", "Gemini 2.5", "v1.5") or a size ("a 1.5B
# model", "3.5M pairs": a count) is not a measured amount; a word that can open a sentence ("By 2.5 …") is
# not a name
_VERSION_OF = re.compile(r"(?:\b[A-Z][\w.-]*[- ]|\bv)$")
_NOT_NAMES = frozenset({"by", "with", "to", "of", "at", "up", "only", "over", "from", "and", "in", "on", "for",
                        "about", "around", "nearly", "just", "roughly", "approximately", "reaching", "achieving",
                        "yielding"})


def has_figure(text: str, kind: str = "", setting: frozenset[str] = frozenset()) -> bool:
    """Does `text` state a measured amount: a percentage, a factor ("3×", "5x faster"), points,
    a decimal, or "twice"/"half"? A plain count ("two components", "MP-100", "a 1.5B model"), a
    version ("Gemini 2.5") or a year is none. Of a `kind` (_MEASURES: "memory"), one in a sentence that
    names the kind; in a `setting` (`amount_setting`), one in a sentence that names it."""
    if setting:
        return any(has_figure(sentence, kind) and names_setting(sentence, setting, text) for sentence in sentences(text))
    if kind:  # in one sentence: "WUSH improves W4A4 accuracy over …, it gains +2.8 average points" (ICML 2026)
        # … or a factor or share whose nearest measure is of the kind or one alike (`largest_figure`): "How much memory
        # do they save?" over ICML 2026 said xKV's "up to 8× KV-Cache compression" and STAR-KV's "up to 20× overall KV
        # cache reduction" were no memory figures (not "reduces the compression loss by more than half")
        return any(kind in _measured(set(tokenize(sentence))) and has_figure(sentence)
                   or largest_figure(kind, [sentence]) is not None for sentence in sentences(text))
    for (_, unit, decimals), start, end in _placed_numbers(text):
        if unit in ("%", "×", "pp"):
            return True
        if not decimals or text[end - 1] in "kKMB":
            continue
        named = _VERSION_OF.search(text[max(0, start - 40):start])
        if decimals == 1 and named and named.group(0).strip(" -").lower() not in _NOT_NAMES:
            continue
        return True
    return bool(_FIGURE_WORDS.search(text))


# "By how much?", "How much faster is it?", "What speedup does it report?", "How accurate are they?": asks for
# a measured amount
_AMOUNT_ASKED = re.compile(r"\bhow (?:much|fast|well|accurate|precise|effective)\b|\bwhat (?:\w+ )?(?:speed-?ups?|accuracy|gains?|"
                           r"improvements?|scores?|error rates?|reductions?)\b", re.I)


# the countable things a question asks the fewest or most of ("the fewest parameters", "the least sampling steps")
_COUNTABLE = r"steps|parameters|params|tokens|samples|queries|GPU hours"


# "Which of them is the largest?" after code-agent benchmarks (ICML 2026) was read as a pick, and quoted FormulaCode
# alone, for its "large, real-world codebases": it asks each one's size, side by side ("1,202 tasks", "957 performance
# bottlenecks")
_SIZE = (r"\b(?:is|are|was|were)\s+(?:the\s+)?(?:largest|biggest|smallest)(?:\s+(?:one|benchmark|dataset|model|"
         r"corpus)s?)?\s*\??\s*$")
# a count of things: a number (not a share or factor) before a word ("1,202 tasks", "10k images", "2.5M pairs")
_COUNT_OF = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?\s*[kKMB]?\s+(?!(?:x|times)\b)[A-Za-z]")


def asks_size(question: str) -> bool:
    """Does the question ask which of the papers is the largest or smallest, a benchmark or dataset by its count?"""
    return re.search(_SIZE, question, re.I) is not None


def counts_things(sentence: str) -> bool:
    """Does `sentence` count things ("comprises 1,202 tasks"), a number before a word, not a year?"""
    return any(not _YEAR.match(m.group(0).split()[0].rstrip("kKMB")) for m in _COUNT_OF.finditer(sentence))


# "Which of them reports the biggest gain?", "Which one is fastest?", "Which is faster?": the amounts, side by side
# ("Which one reports the lowest attack success rate?", over ICML 2026, was told no abstract uses "lowest")
_MOST = re.compile(r"\b(?:biggest|largest|greatest|highest|best|lowest|smallest|strongest|fewest|least|most)\s+"
                   r"(?:[\w-]+\s+){0,2}?(?:gains?|speed-?ups?|improvements?|accuracy|scores?|reductions?|savings?|"
                   # "Which one uses the fewest parameters?" (over ICML 2026, after LoRA papers: it was read as a pick,
                   # and told none of them uses the word "fewest")
                   r"compression|margins?|rates?|errors?|latency|loss|perplexity|memory|costs?|overhead|"
                   # "Which one uses the least compute?" (over ICML 2026, after test-time scaling papers: told none of
                   # them uses the word "least")
                   rf"FLOPs|compute|computation|energy|time|runtime|{_COUNTABLE})(?![\w-])|"
                   r"\b(?:fastest|quickest|cheapest)\b|\bmost (?:accurate|efficient)\b|"
                   # "Which one keeps accuracy best?" (ICLR 2026, after KV-cache compression papers: told none of them
                   # uses the words "keeps … best"; "preserves accuracy best" picked two papers by those words)
                   r"\b(?:keeps?|preserves?|retains?|maintains?)\s+(?:its\s+|their\s+|the\s+)?(?:accuracy|quality|"
                   r"performance)\s+(?:the\s+)?best\b|"
                   # "Which one needs less training?" after d3LLM and dParallel (ICML 2026): told none of them uses "less"
                   r"\bwhich(?: one)?(?: of (?:them|these|those|the two))?\s+(?:needs?|uses?|requires?|takes?|costs?)\s+"
                   r"(?:less|fewer)\b|"
                   rf"{_SIZE}|"
                   # "Which is faster?", "Which one of them is more accurate?"; not "Which papers make … faster?"
                   r"\bwhich(?: one)?(?: of (?:them|these|those|the two))?\s+(?:is|are|was|were|runs?|trains?|decodes?|"
                   r"samples?)\s+(?:\w+\s+)?(?:faster|quicker|cheaper|more (?:accurate|efficient))\b|"
                   # "Which works best?" after membership-inference papers (ICLR 2026): told none of them uses "best"
                   r"\bwhich(?: one)?(?: of (?:them|these|those|the two))?\s+(?:works?|performs?|does|is|are)\s+"
                   r"(?:the\s+)?(?:best|better)\s*(?:[?.!]|$)", re.I)


def asks_amount(question: str) -> bool:
    return bool(_AMOUNT_ASKED.search(question) or _MOST.search(question))


# "Which of them reports the biggest gain on math benchmarks?" (ICML 2026, after RL-for-reasoning papers) was told
# "Only the abstract of Strat-Reasoner gives a figure for this": its "22.1% average performance improvements across
# various multi-agent games". What the amount is asked on is its setting; a figure said of another is no answer.
_SETTING_ASKED = re.compile(r"\s(?:on|across)\s+((?:the\s+)?(?:(?!(?:and|than|over|compared|with|while|but|or)\b)"
                            r"[\w.-]*\w\s*){1,4})", re.I)
# what says nothing of where the amount was measured ("on the baseline" is what it improves on)
_SETTING_GENERIC = frozenset(tokenize("benchmark benchmarks task tasks dataset datasets data setting settings "
                                      "experiment experiments evaluation evaluations average result results "
                                      "baseline baselines prior previous existing state-of-the-art sota"))


def amount_setting(question: str) -> tuple[str, frozenset[str]]:
    """(its words, their terms) of the setting a question asks an amount on ("math benchmarks", {"math"}, of "Which
    of them reports the biggest gain on math benchmarks?"; "ImageNet" of "How much do they improve accuracy on
    ImageNet?"), else ("", ∅). Measure words and words of no setting (`_SETTING_GENERIC`) are left out of the
    terms; with none left there is none."""
    m = _AMOUNT_ASKED.search(question) or _MOST.search(question)
    on = _SETTING_ASKED.search(question, m.end()) if m else None
    if not on:
        return "", frozenset()
    words = on.group(1).strip()
    terms = frozenset(tokenize(words, query=True)) - _SETTING_GENERIC - frozenset().union(*_MEASURES.values())
    return (words, terms) if terms else ("", frozenset())


def names_setting(sentence: str, setting: frozenset[str], around: str = "") -> bool:
    """Does `sentence` write every term of `setting`, or a word that begins with it ("mathematical" of "math"; "MATH-500"
    gives "math"), four letters or more? Or one of them, where the text `around` it (its abstract) writes them all:
    Dustin's "27.85× speedup in self-attention … at a 32k sequence length" on LongBench is on "long contexts" in an
    abstract on long-context inference (ICML 2026). Every term somewhere: "… the largest speedup on H100 GPUs?" was
    told that only a paper "evaluated on an AMD MI210 GPU" gave one; and "image classification" is no "ImageNet"."""
    def held(text: str) -> set[str]:
        said = set(tokenize(text))
        return {t for t in setting if t in said or (len(t) >= 4 and any(u.startswith(t) for u in said))}

    here = held(sentence)
    return here == setting or bool(around and here and held(around) == setting)


def amount_kind(question: str) -> str:
    """The kind of amount (_MEASURES) a question asks for by its own words, "memory" of "How much memory does the
    second one save?", "speed" of "How much faster is it?"; "" when they name none or several, or only its topic does
    ("How much does KV cache compression save?"). A question for the paper with the most of something names it
    anywhere ("energy" of "Which one is the most energy efficient?": over ICLR 2026 the answer had said two spiking
    networks' abstracts "give a figure for this", their figures being accuracy and an attack's success)."""
    m = _AMOUNT_ASKED.search(question)
    if not m:
        most = _measured(set(tokenize(question))) if asks_most(question) else set()
        return next(iter(most)) if len(most) == 1 else ""
    kinds = _measured(set(tokenize(" ".join([m.group(0), *question[m.end():].split()[:2]]))))
    return next(iter(kinds)) if len(kinds) == 1 else ""


# "What datasets does WebFactory use?": the kind of thing asked for, the noun after the opening "what"/"which"
_ASKED_FOR = re.compile(r"^\s*(?:what|which)\s+(?:kinds?\s+of\s+|types?\s+of\s+|sorts?\s+of\s+)?([A-Za-z][\w-]*)\s+"
                        r"(?:does|do|did|is|are|was|were|can|could|has|have)\b", re.I)


def asked_for(question: str) -> str:
    """The kind of thing a question asks a paper for ("datasets" of "What datasets does WebFactory use?"), else
    "": what the answer gives, not a topic the paper must be on."""
    m = _ASKED_FOR.search(question)
    return m.group(1) if m else ""


# "How many tasks does the second one have?": a count of something, stated only where a number stands
# near that word in the abstract ("a benchmark of 1,200 tasks", "decoding steps from 256 to 24")
# the words counted: one or two, or a count of one per another ("How many images per class do they use?" had been told an
# abstract "never says how many images per")
_COUNT_ASKED = re.compile(r"\bhow many\s+(?:fewer\s+|more\s+|different\s+|distinct\s+)?([A-Za-z][\w-]*(?:\s+per\s+[A-Za-z][\w-]*|"
                          r"\s+(?!per\b)[A-Za-z][\w-]*)?)", re.I)
_COUNT_WORD = re.compile(r"^(?:\d[\d,.]*[kKmM]?|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
                         r"forty|fifty|hundreds?|thousands?|millions?|dozens?)$", re.I)
_YEAR = re.compile(r"^(?:19|20)\d\d$")


def counted(question: str) -> str:
    """The words a "how many" question counts ("tasks", "decoding steps"), or ""."""
    m = _COUNT_ASKED.search(question)
    return " ".join(w for w in (m.group(1).split() if m else []) if tokenize(w))  # not "does" of "tasks does"


# "Which one needs the fewest sampling steps?": a count is its figure ("a distilled sampler that needs only 4–8 steps",
# over ICML 2026, had been said to give none)
_FEWEST = re.compile(rf"\b(?:fewest|least|most)\s+((?:[\w-]+\s+)?(?:{_COUNTABLE}))\b", re.I)


def fewest_counted(question: str) -> str:
    """The words a question asking for the fewest (or most) of a countable thing counts ("sampling steps"), or ""."""
    m = _FEWEST.search(question)
    return m.group(1) if m else ""


# the words a dataset's size is counted in, any of which answers "how many examples" ("This process yields 3,055
# samples", Figma2Code over ICLR 2026, had been said to give no number of examples)
_ITEMS = frozenset(tokenize("examples samples instances items cases entries"))


def _counted_terms(words: str) -> set[str]:
    """The terms a count of `words` may be written in: its own, and for one of a dataset's items any of them."""
    want = set(tokenize(words))
    return want | _ITEMS if want & _ITEMS else want


def states_count(text: str, words: str) -> bool:
    """Does `text` put a number (not a year) within four words of one of `words` (any form of it), or count them
    further after it (`largest_count`: over ICLR 2026 "How many tasks do they have?" after software-engineering agent
    benchmarks was told none of the abstracts says, PwP's "a benchmark of 15 existing and new software-engineering
    tasks" among them)? A number joined to a word by a hyphen is the number beside it: over ICML 2026 "What does
    NanoQuant do and how many bits does it use?" was told its abstract "never says how many bits", though it says
    "binary (1-bit)" and "sub-1-bit". A count of one thing per another ("images per class") is read of the first,
    with "per" the other beside it: ImageNet-100 counts no images per class."""
    words, per, unit = words.partition(" per ")
    if per:
        each = re.compile(rf"\bper[\s-]+(?:[\w-]+\s+)?{re.escape(unit[:4])}", re.I)
        return any(states_count(part, words) and each.search(part) for part in sentences(text))
    want = _counted_terms(words)
    said = [part for word in re.findall(r"[\w.,-]*\w", text)
            for part in (word.split("-") if "-" in word and re.search(r"\d", word) else [word]) if part]

    def counts_another(i: int) -> bool:
        """The number is written right before the plural of another thing, which it counts: over ICML 2026 "How many
        experts do they use?" was told Beyond Sunk Costs says, of "Mixture-of-Experts (MoE) models through two
        dimensions"."""
        after = said[i + 1] if i + 1 < len(said) else ""
        return bool(_PLURAL_WORD.match(after)) and not want & set(tokenize(after))
    return any(_COUNT_WORD.match(w) and not _YEAR.match(w) and not counts_another(i)
               and want & set(tokenize(" ".join(said[max(0, i - 4):i + 5])))
               for i, w in enumerate(said)) or largest_count(words, [text]) is not None


_PLURAL_WORD = re.compile(r"^[a-z]{3,}[^suie\W]s$")  # "dimensions", "parameters", "tokens"; not "across", "bus"


# "Which papers quantize LLM weights to 2 bits or less?", "… sample in fewer than 4 steps?": a bound the question
# sets on a count, that a paper meets by writing a number within it beside that word ("2-bit", "sub-1-bit")
_BOUND = re.compile(r"\b(?:(?P<op>at\s+most|no\s+more\s+than|(?:fewer|less)\s+than|under|below|up\s+to)\s+"
                    r"(?P<n1>\d+(?:\.\d+)?)[\s-]*(?P<u1>[A-Za-z]+)|(?P<n2>\d+(?:\.\d+)?)[\s-]*(?P<u2>[A-Za-z]+)\s+or\s+"
                    r"(?:less|fewer|lower|below|under|smaller)\b)", re.I)
_COUNTED_IN_WORDS = {"one": 1, **_WORDS}  # "one-step", "two steps"


def bound(question: str) -> tuple[float, str, bool] | None:
    """(the number, the counted word's term, whether the bound is strict) of a bound a question sets on a
    count ("2 bits or less": (2.0, "bit", False); "fewer than 4 steps": (4.0, "step", True)), else None."""
    m = _BOUND.search(question)
    if not m:
        return None
    number, unit = (m.group("n1"), m.group("u1")) if m.group("n1") else (m.group("n2"), m.group("u2"))
    terms = tokenize(unit)
    if not terms:
        return None
    strict = bool(m.group("op")) and m.group("op").split()[0].lower() in ("fewer", "less", "under", "below")
    return float(number), terms[0], strict


# "Which of them has the most tasks?" after code-agent benchmarks (ICML 2026) quoted CoDA-Bench's "success rate of only
# 56.1%", not its "1,202 tasks", beside each other paper's closest sentence: a count of the things named, set in order
_MOST_OF = re.compile(r"\bthe\s+(?P<how>most|fewest|(?:largest|greatest|highest|smallest|lowest)\s+number\s+of)\s+"
                      r"(?P<what>[A-Za-z][\w-]*s)\b", re.I)
_NOT_COUNTED = re.compile(rf"^(?:{_COUNTABLE}|papers|works|studies|articles|ones|citations|.*ss)$", re.I)
# a number and the words after it, up to six ("1,202 tasks", "a reproducible 450-task toolkit", "7 simulation
# tasks"); not a share or factor ("50.0% of tasks"), nor a number in a name ("GPT-4 tasks")
_NUMBER_WORDS = {w: n for w, n in _COUNTED_IN_WORDS.items() if w not in ("twice", "double", "triple", "half")}
_NUMBER_BEFORE = re.compile(r"(?<![\w.,-])(?P<n>\d[\d,]*(?:\.\d+)?|" + "|".join(_NUMBER_WORDS) + r")"
                            r"(?P<scale>[kKMB]\b)?(?!\s*(?:%|×|x\b|times\b|fold\b))(?=(?P<after>(?:[\s-]+[A-Za-z][\w]*){1,6}))",
                            re.I)


# "Which one reaches the lowest bit width?" after KV-cache quantization papers (ICML 2026) was read as a pick and told
# none of them uses the word "reaches": the fewest bits, each paper's lowest width, set in order
_FEWEST_BITS = re.compile(r"\b(?:lowest|smallest|fewest|least|minimum|minimal)\s+(?:number\s+of\s+)?"
                          r"(?:bits?|bit[\s-]?widths?|bit[\s-]?precision|bit[\s-]?rates?)\b", re.I)


def most_counted(question: str) -> tuple[str, bool]:
    """(the things, whether the fewest) a question asking which has the most or fewest of a countable thing counts
    ("Which of them has the most tasks?": ("tasks", False); "… the lowest bit width?": ("bits", True)), else ("",
    False); not a measured amount (`asks_most`: "the largest gains", "the fewest sampling steps", read as figures)."""
    if _FEWEST_BITS.search(question):
        return "bits", True
    m = _MOST_OF.search(question)
    if not m or asks_most(question) or _NOT_COUNTED.match(m.group("what")):
        return "", False
    how = m.group("how").lower()
    return m.group("what"), how == "fewest" or how.startswith(("smallest", "lowest"))


# a width in bits as written: "2-bit", "sub-1-bit", "1.58 bits", "INT4", "W4A16" (its weights'), "MXFP4", "ternary"
_BIT_WIDTH = re.compile(r"(?<![\w.])(?:(?P<sub>sub-?)?(?P<n>\d+(?:\.\d+)?)[\s-]?bits?\b|INT(?P<int>\d+)\b|"
                        r"W(?P<w>\d+)A\d+\b|(?:MX|NV)?FP(?P<fp>\d+)\b|(?P<word>ternary|binary|binari[sz]ed))", re.I)


def lowest_bits(texts: Sequence[str]) -> tuple[float, int, str] | None:
    """(the width, the index of the text, the words as written) of the lowest width in bits the texts give ("sub-1-bit"
    below 1; ternary 1.58, binary 1); None when none is."""
    best = None
    for i, text in enumerate(texts):
        for m in _BIT_WIDTH.finditer(text):
            if m.group("word"):
                value = 1.58 if m.group("word").lower() == "ternary" else 1.0
            else:
                value = float(m.group("n") or m.group("int") or m.group("w") or m.group("fp"))
                value -= 0.5 if m.group("sub") else 0.0
            if value > 0 and (best is None or value < best[0]):
                best = (value, i, m.group(0))
    return best


def asked_count(what: str, texts: Sequence[str]) -> tuple[float, int, str] | None:
    """The count of `what` a question asking which has the most or fewest of it reads from an abstract's `texts`:
    its largest (`largest_count`), but of bits its lowest width (`lowest_bits`): fewer bits are what a quantization
    paper claims."""
    return lowest_bits(texts) if tokenize(what) == ["bit"] else largest_count(what, texts)


_QUALITIES = frozenset({"new", "novel", "different", "other"})  # stopwords that say what the counted things are like


def _joins_qualities(words: Sequence[str], j: int) -> bool:
    """Is `words[j]` an "and"/"or" between two words that are no plural ("existing and new"), not one joining two
    counted things ("5 models and tasks")?"""
    return (words[j].lower() in ("and", "or") and 0 < j < len(words) - 1
            and not any(w.lower().endswith("s") for w in (words[j - 1], words[j + 1])))


def largest_count(what: str, texts: Sequence[str]) -> tuple[float, int, str] | None:
    """(the number, the index of the text, the words as written) of the largest count of `what` the texts give: a
    number with a form of the word among the six words after it, a hyphen parting two ("comprises 1,202 tasks", "a
    reproducible 450-task toolkit", "Across 7 simulation tasks", "a benchmark of 15 existing and new
    software-engineering tasks"; not "60 tool calls", nor "one of the tasks"), not a year, share or factor; None when
    none does. Examples are counted in any word for a dataset's items ("3,055 samples": `_counted_terms`)."""
    want = _counted_terms(what)
    best = None
    for i, text in enumerate(texts):
        for m in _NUMBER_BEFORE.finditer(text):
            number = m.group("n").lower()
            found = list(re.finditer(r"[A-Za-z]\w*", m.group("after")))
            words = [w.group(0) for w in found]
            last = next((j for j, w in enumerate(words) if want & set(tokenize(w))), None)
            if _YEAR.match(number) or last is None:
                continue
            if any(w.lower() in STOPWORDS - _QUALITIES and not _joins_qualities(words, j) or w.lower() in _NUMBER_WORDS
                   for j, w in enumerate(words[:last])):
                continue  # "one of the tasks", "six benchmarks and three models"; not "15 existing and new … tasks"
            if last >= 3 and (m.group("after").startswith("-") or any(w.lower().endswith("s") for w in words[:last])):
                continue  # past three words, only qualities between: not "168 configurations spanning four … datasets"
            # a word in the singular names what is counted only joined to the number ("450-task"): "more than 60
            # tool calls" counts calls (UltraHorizon had been set among "Which of them has the most tools?", ICML 2026)
            if not words[last].lower().endswith("s") and not (last == 0 and m.group("after").startswith("-")):
                continue
            value = (float(_NUMBER_WORDS[number]) if number in _NUMBER_WORDS
                     else float(number.replace(",", "")) * _SCALE.get(m.group("scale") or "", 1.0))
            end = m.start("after") + found[last].end()
            if best is None or value > best[0]:
                best = (value, i, text[m.start():end])
    return best


# bits written as words: ternary weights take 1.58 bits, binary ones 1
_BITS_IN_WORDS = ((re.compile(r"\bternar", re.I), 1.58), (re.compile(r"\bbinari[sz]", re.I), 1.0))


def within_bound(text: str, limit: tuple[float, str, bool]) -> bool:
    """Does `text` write a number within the bound one or two words before the counted word ("2-bit weights",
    "sub-1-bit", "4 sampling steps"), not a year? Ternary and binarised weights are 1.58 and 1 bits."""
    value, term, strict = limit
    if term == "bit" and any(word.search(text) and (bits < value if strict else bits <= value)
                             for word, bits in _BITS_IN_WORDS):
        return True
    said = [part for word in re.findall(r"[\w.]*\w", text) for part in word.split("-") if part]
    for i, w in enumerate(said):
        number = _COUNTED_IN_WORDS.get(w.lower()) or (float(w) if re.fullmatch(r"\d+(?:\.\d+)?", w) else None)
        if number is None or _YEAR.match(w):
            continue
        if (number < value if strict else number <= value) and term in tokenize(" ".join(said[i + 1:i + 3])):
            return True
    return False


def asks_most(question: str) -> bool:
    """Does the question ask which paper has more or the most of an amount ("the biggest gain", "fastest",
    "faster")? Read from the figures of all of them, not by which abstracts use the word."""
    return bool(_MOST.search(question))


# "Which of them reports the largest speedup?", "Which one is fastest?": the most of a kind whose figures are factors
# ("9.17× end-to-end decoding speedup") or shares ("cuts draft inference time by 51.6%"), larger being more; not
# "the lowest latency" (a level or a cut), nor "the highest accuracy" (a level reached or a gain, set side by side)
_MOST_UP = re.compile(r"\b(?:biggest|largest|greatest|highest|best|strongest|most|fastest|quickest|faster|quicker)\b",
                      re.I)
RANKED_KINDS = ("speed", "memory", "compression", "compute")
# a compression figure is a memory figure ("Which one reports the largest memory reduction?" over ICLR 2026: KVTC's
# "up to 20x compression" of the KV cache), and the other way round
_ALIKE = {"memory": {"memory", "compression"}, "compression": {"compression", "memory"}}


def ranked_kind(question: str) -> str:
    """The kind of figure ("speed", "memory", "compression", "compute") a question asks which paper has the most of,
    when its figures can be set in order, else ""."""
    if not asks_most(question) or not _MOST_UP.search(question):
        return ""
    kinds = _measured(set(tokenize(question)))
    return next((k for k in RANKED_KINDS if k in kinds), "")


def largest_figure(kind: str, texts: Sequence[str], setting: frozenset[str] = frozenset()) -> tuple[int, float, int] | None:
    """(tier, value, index of the text) of the largest figure of `kind` the texts state, a figure whose nearest
    measure word names that kind or one `_ALIKE` (`_nearest_kinds`: "With a decoding throughput up to 6.7x faster
    than FP16, LiftQuant redefines compression …", over ICML 2026, gives no compression figure; "reduces latency and
    peak memory by up to 2.4× and 3.7×, respectively" is read by its pairs, `pairs`), not what is kept of it: a
    factor ("×", tier 1) before any percentage ("%", tier 0), which an abstract may state of a part ("cuts draft
    inference time by 51.6%" beside a "1.32× end-to-end speedup"); None when none is. With a `setting`
    (`amount_setting`), only of the texts that name it."""
    best = None
    around = " ".join(texts) if setting else ""
    for i, text in enumerate(texts):
        if setting and not names_setting(text, setting, around):
            continue
        # a figure paired with a kind of thing is of that kind; one paired with baselines ("up to 4.43× and 1.50×,
        # compared to auto-regressive decoding and vanilla speculative decoding, respectively") is read by its words
        kinded = [(n, _measured(set(tokenize(thing)))) for n, thing in pairs(text)
                  if _measured(set(tokenize(thing))) & set(RANKED_KINDS)]
        said = kinded + [(n, kinds) for n, kinds in _nearest_kinds(text)
                         if not any(_same(n, m) for m, _ in kinded)]
        for (value, unit, _), kinds in said:
            # "retaining 92% of CLIP's inference speed" (ICML 2026) is how much is kept, no speedup
            if "retention" in kinds:
                continue
            kinds &= set(RANKED_KINDS)
            if unit in ("×", "%") and kinds and kinds <= _ALIKE.get(kind, {kind}):
                key = (int(unit == "×"), value, i)
                if best is None or key[:2] > best[:2]:
                    best = key
    return best


def _nearest_kinds(text: str) -> list[tuple[Number, set[str]]]:
    """Each number `text` writes in digits, with the kinds (_MEASURES) of the measure word nearest it, in characters,
    in its part of the sentence (within NEAREST_CHARS): "achieves a lower accuracy of 67.97% and operates at only 50%
    of CLIP's inference speed" gives 67.97% to accuracy, not speed; "preserves near-FP16 accuracy and delivers up to
    2.11× end-to-end speedup" 2.11× to speed; "retaining 92% of CLIP's inference speed" to retention."""
    out: list[tuple[Number, set[str]]] = []
    last: dict[str, set[str]] = {}  # the kinds of the part before's last figure, by unit
    named_only_next = False  # … or of the measure a part named without a figure, which a list of figures goes on from
    for part in re.split(r"[,;:]\s", text):  # "1,312" is one number
        words = [(m.start(), m.end(), kinds) for m in re.finditer(r"[\w-]+", part)
                 if (kinds := _measured(set(tokenize(m.group(0)))))]
        before, last, named_only = last, {}, named_only_next
        named_only_next = False
        placed = [(n, a, b) for n, a, b in sorted(_placed_numbers(part) + _magnitudes(part), key=lambda p: p[1])
                  if any(ch.isdigit() for ch in part[a:b]) or _MAGNITUDE.fullmatch(part[a:b])]
        for n, a, b in placed:
            if n[1] == "%" and re.match(r"\s*of\b", part[b:]):  # "operates at only 50% of CLIP's inference speed":
                out.append((n, set()))  # a share of something, no gain
                continue
            apart = [(a - end if end <= a else start - b, kinds) for start, end, kinds in words if end <= a or start >= b]
            near = min((d for d in apart if d[0] <= NEAREST_CHARS), key=lambda d: d[0], default=None)
            # a factor or share written right before its measure word is of that word, however near another is:
            # "2.5× higher throughput or 10.7× KV memory reduction" (TriAttention, ICML 2026)
            if n[1] in ("×", "%") and (own := _measure_after(part, b, words)) is not None:
                near = (0, own)
            kinds = set(near[1]) if near else set()
            if not kinds and (_FIGURE_GOES_ON.match(part) or named_only and _LIST_GOES_ON.match(part)):
                # "achieves up to 22.58× speedup without any performance drop, and up to 57.51× when combined with
                # KV-Cache" (ICML 2026): a figure its part names no measure of, after "and", is of the one before's
                kinds = set(before.get(n[1], set()))
            out.append((n, kinds))
            last[n[1]] = kinds
        named = set().union(*(kinds for _, _, kinds in words)) if words else set()
        if not placed and len(named) == 1:
            # "achieves significant end-to-end speedup while maintaining high visual quality, reaching 1.92× on
            # HunyuanVideo, 1.75× on …" (Video-SVD, ICML 2026, had been said to state no speed figure): a part that
            # names one measure and no figure is what the figures going on after it measure
            last, named_only_next = {"×": named, "%": named}, True
        elif named_only and placed:
            named_only_next = True  # "…, reaching 1.92× on HunyuanVideo, 1.75× on …, and 1.79× on …"
    return out


def _measure_after(part: str, end: int, words: list[tuple[int, int, set[str]]]) -> set[str] | None:
    """The kinds of the measure word a figure ending at `end` is written right before ("10.7× KV memory reduction",
    "2.5× higher throughput": at most one word between, no number), else None."""
    for start, _, kinds in words:
        if start >= end:
            between = part[end:start]
            return kinds if len(between.split()) <= 1 and not _NOT_BETWEEN.search(between) else None
    return None


# what a figure and its own measure word are not parted by: a number, a joining word ("reduces FLOPs by 40.5% and
# memory cache by 74.0%")
_NOT_BETWEEN = re.compile(r"\d|\b(?:and|or|but|while|whereas|with|without|by|of|in|on|at|for|to|from|than|over|"
                          r"versus|vs|via|as)\b", re.I)


# a part of a sentence that goes on with another figure of the same measure: "…, and up to 57.51× when …"
_FIGURE_GOES_ON = re.compile(r"\s*(?:and|or|while|rising\s+to|reaching)\s+(?:(?:up\s+to|by|of|as\s+much\s+as|over|"
                             r"nearly|about|around)\s+)?\**\d", re.I)
_LIST_GOES_ON = re.compile(r"\s*\**\d")  # "…, 1.75× on Wan2.1-1.3B": after a part that named only its measure


NEAREST_CHARS = 60  # how far a figure's measure word may be written from it

# "two orders of magnitude faster" (MotionStream, ICLR 2026): a factor written in words, 10 to that power
_MAGNITUDE = re.compile(r"\b(an|one|two|three|four|five|six)[\s-]+orders?[\s-]+of[\s-]+magnitude\b", re.I)
_POWERS = {"an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _magnitudes(text: str) -> list[tuple[Number, int, int]]:
    """The factors `text` writes as orders of magnitude, placed as `_placed_numbers` places numbers."""
    return [((10.0 ** _POWERS[m.group(1).lower()], "×", 0), m.start(), m.end()) for m in _MAGNITUDE.finditer(text)]


def figure_as_written(text: str, figure: tuple[int, float, int]) -> str:
    """How `text` writes a figure `largest_figure` read in it: "6.7×", "12%", or "two orders of magnitude"."""
    tier, value, _ = figure
    if tier and not any(n[0] == value for n, _, _ in _placed_numbers(text)):
        m = next((m for m in _MAGNITUDE.finditer(text) if 10.0 ** _POWERS[m.group(1).lower()] == value), None)
        if m:
            return m.group(0)
    return f"{value:g}{'×' if tier else '%'}"


def _unit(unit: str) -> str:
    unit = unit.strip().lower()
    if unit in ("×", "x", "times", "fold", "-fold"):
        return "×"
    if unit in ("point", "points", "pp"):
        return "pp"
    return unit


def _same(claim: Number, stated: Number) -> bool:
    """Equal, or the stated value rounded to the decimals the claim writes (4.43 -> "4.4")."""
    (vc, uc, dc), (vs, us, _) = claim, stated
    units_agree = uc == us or "" in (uc, us)
    return units_agree and (abs(vc - vs) < 1e-9 or (dc > 0 and abs(round(vs, dc) - vc) < 1e-9))


_GLUED = re.compile(r"(?<![\w.])\d+[A-Za-z][\w-]*")  # "2D", "3D", "1st": a number that is part of a word


def glued_conflict(claim: str, abstract: str) -> str:
    """A word with a number in it ("3D") that the abstract never writes: `numbers` leaves such
    words out, as they name a kind of thing, so they are looked for in the whole abstract."""
    held = {w.lower() for w in _GLUED.findall(abstract)}
    for word in _GLUED.findall(claim):
        if not numbers(word) and word.lower() not in held:
            return f"'{word}' is not in the abstract"
    return ""


def repeated_conflict(claim: str, abstract: str) -> str:
    """A figure the claim writes more often than the abstract does: "improving MSE and MAE by 9.3% and 9.3%" where
    the abstract gives 8.1% and 9.3%, or "outperforms GRPO by 8.1% …, an 8.1% improvement over LLM-based judges" where
    GRPO's is 12.1%. Each figure checked alone is the abstract's, near the words around it. Figures written in
    digits only (a count in words, "two … two", is said again as a matter of course)."""
    stated = [n for n, _, _ in _digit_figures(abstract)]
    said = [n for n, _, _ in _digit_figures(claim)]
    for i, n in enumerate(said):
        times = sum(_same(n, m) for m in said)
        if times > 1 and said.index(n) == i and times > sum(_same(n, m) for m in stated):
            return f"the number {n[0]:g}{n[1]} is written {times} times, and the abstract states it fewer times"
    return ""


def _digit_figures(text: str) -> list[tuple[Number, int, int]]:
    """`_placed_numbers` written in digits, not in words ("two")."""
    return [(n, a, b) for n, a, b in _placed_numbers(text) if any(ch.isdigit() for ch in text[a:b])]


def number_conflict(claim: str, support: str, abstract: str = "") -> str:
    """A number of the claim that `support` (the sentences closest to it) does not state. A count the claim
    writes in words ("proposes two novel methods") may be stated in any sentence of `abstract` that writes it
    before the same two words: the closest sentence to such a claim is often another ("Our approaches promote
    balanced updates …" was closest, and "we propose two novel methods" withheld, over the seeds). Two words, not
    one word near it: with any content word within reach, 253 of 534 word numbers swapped for another of the
    same abstract (ICLR and ICML 2026) passed, against 31 read in the closest sentence alone; with the two words
    after it, 31."""
    stated = numbers(support)
    for n, a, b in _placed_numbers(claim):
        if not any(_same(n, s) for s in stated) and not (
                abstract and not any(ch.isdigit() for ch in claim[a:b]) and _counted_in(claim[b:], n, abstract)):
            # "FaPS trains diffusion models up to 3× faster than previous methods": the abstract's 3× is in a sentence
            # that names no previous methods, so it is not among those closest to the claim; say so, not that it is
            # not there at all
            # (not when the abstract's only such number is part of a name: "10%" against "CIFAR-10")
            stated_anywhere = [s for s, x, _ in _placed_numbers(abstract) if not _IN_NAME.search(abstract[max(0, x - 2):x])]
            if abstract and any(_same(n, s) for s in stated_anywhere):
                return f"the number {n[0]:g}{n[1]} is in the abstract, but not in the sentences that bear on the rest of the claim"
            return f"the number {n[0]:g}{n[1]} is not one the abstract states"
    return ""


_IN_NAME = re.compile(r"[A-Za-z]-$")  # "CIFAR-10", "GPT-4": a number written as the end of a name


def _counted_in(after: str, n: Number, abstract: str) -> bool:
    """The abstract writes `n` before the two words that `after` (the claim past its number) begins with."""
    def two(text: str) -> list[str]:
        return [w.rstrip("s") for w in re.findall(r"[a-z]+", text.lower())[:2]]
    counted = two(after)
    return len(counted) == 2 and any(_same(n, m) and two(sentence[y:]) == counted
                                     for sentence in sentences(abstract) for m, _, y in _placed_numbers(sentence))


# "no access to source data and no prior knowledge", "neither A nor B": a negation that goes on the one
# before it, a few words on in the same clause, is that one negation said again
_GOES_ON = re.compile(r"(?:\b(?:and|or)|,)\s+$", re.I)


# the baseline a sentence sets its paper against, up to the clause's end: "Compared to decoding without drafting,
# VIA-SD provides 2.5-3× acceleration …" (ICML 2026) had "VIA-SD provides" governed by the baseline's "without", and
# the claim that VIA-SD provides 2.5-3× acceleration withheld as negated
# ("rather than" is a negation, not a baseline)
_BASELINE_CUES = r"compared\s+(?:to|with)|relative\s+to|versus|vs\.?"  # the cues of a baseline, here and in _SET_AGAINST
# … up to a coordinated clause that negates on its own: "… better calibrated than baseline models and tend not to be
# either systematically over- or under-confident" (ICLR 2026) is no baseline's "not", and read as one, the claim
# that keeps it was withheld as adding a negation
_BASELINE_PHRASE = re.compile(rf"\b(?:{_BASELINE_CUES}|(?<!rather\s)than)\s(?:(?!\s(?:and|but|yet|while|whereas)\s+"
                              rf"(?:\w+\s+){{0,2}}?(?:not|never|no)\b)[^,;:.])*", re.I)


def _own_negations(text: str) -> list[re.Match[str]]:
    """The negations of `text` but those within a baseline it sets its paper against."""
    baselines = [m.span() for m in _BASELINE_PHRASE.finditer(text)]
    return [m for m in _NEGATION.finditer(text) if not any(a < m.start() < b for a, b in baselines)]


def negations(text: str) -> int:
    """How many negations `text` holds ("not", "without", "unable", …); one coordinated with the one
    before it ("no A and no B", "neither A nor B") counts once, and one within a baseline the sentence sets its
    paper against ("Compared to decoding without drafting, …") not at all."""
    count, last = 0, None
    for m in _own_negations(text):
        between = text[last.end():m.start()] if last else ""
        repeats = last is not None and (
            m.group(0).lower() == "nor"
            or (_GOES_ON.search(between) is not None and len(between.split()) <= 7 and not re.search(r"[.;:]", between)))
        count += not repeats
        last = m
    return count


# where what a negation governs ends: the baseline it is set against ("with no quality loss as compared to standard
# full generation", FlowCast's, had made "… speedup … compared to standard full generation" a claim it negates).
# Not "than": "no more than 10%" negates the comparison itself. Of the 8 sentences of the ICLR/ICML 2026 abstracts
# where a negation's words reach a baseline word, a claim that drops the negation is still caught in all 8
_GOVERNED_ENDS = re.compile(r"\b(?:as\s+)?(?:compared|relative|versus|vs)\b.*", re.I | re.S)


# the papers a "none" or "neither" is said of, before what it negates: "none of the papers need training" negates
# "need training", and had been read as negating "of the papers" (what it does without was "none", not "train")
_NEGATED_SUBJECT = re.compile(r"^\s*(?:of\s+)?(?:(?:the|these|those|both|them|the\s+two)\s+)?"
                              r"(?:papers?|methods?|works?|approaches|models?|frameworks?|studies)?(?![\w-])", re.I)


def _negated_terms(text: str) -> set[str]:
    """Content terms that a negation governs (the few words after it, up to a baseline it is set against, past the
    papers a "none of" or "neither" names); a negation within the baseline's own words is the baseline's."""
    out: set[str] = set()
    for m in _own_negations(text):
        after = text[m.end():]
        if m.group(0).lower() in ("none", "neither") and (subject := _NEGATED_SUBJECT.match(after)):
            after = after[subject.end():]
        out.update(tokenize(_GOVERNED_ENDS.sub("", " ".join(after.split()[:4]))))
    return out


_FREE = re.compile(r"\b[A-Za-z]+-free\b", re.I)  # "training-free": a negation of what it is free of


# prefixes written with a hyphen or without ("fine-tuning" and "finetuning", "pre-training" and "pretraining")
_JOINED = re.compile(r"\b(pre|post|re|fine|multi|hyper|co|non)-(?=[a-z])", re.I)


def joined(text: str) -> str:
    """`text` with the prefixes written either way joined to their word ("fine-tuning" -> "finetuning")."""
    return _JOINED.sub(r"\1", text)


def done_without(text: str) -> set[str]:
    """The terms `text` says are not needed or not done: those a negation governs ("requires no
    additional training", "without retraining") and the first part of a "-free" word
    ("training-free", "label-free"); a word written with a hyphen gives its joined form too
    ("without fine-tuning": "finetun", as "without finetuning" gives)."""
    joint = joined(text)
    return (_negated_terms(text) | (_negated_terms(joint) if joint != text else set())
            | {t for w in _FREE.findall(text) for t in tokenize(w[:-len("-free")])})


# what a sentence says is done without in so many words: "without (requiring) additional training", "requires no
# labels", "does not need a reward model", up to where the thing done without ends (the words past it are no part of it)
_PLAINLY_WITHOUT = re.compile(r"\b(?:without|with\s+no|(?:requir|need)\w*\s+no|no\s+need\s+(?:for|of)|"
                              r"(?:does|do|did)\s*(?:not|n't)\s+(?:need|require|rely\s+on|depend\s+on))\s+", re.I)
_NEEDING_FIRST = re.compile(r"^(?:(?:requir|need|us|rely|relying|depend)\w*\s+(?:on\s+)?)", re.I)
_THING_ENDS = re.compile(r"[,;:.()\[\]]|\s(?:or|and|to|for|of|from|in|on|at|with|while|by|as|but|which|that|than|"
                         r"beyond|across|into|under|via|is|are|can|yet|thereby|enabling|making|during|after|before|"
                         r"through|within|when|if|over)\s", re.I)
# a "-free" word said of the baselines: "substantial improvements over training-free and supervised methods"
_OTHERS_BEFORE = re.compile(r"\b(?:over|than|unlike|outperform\w*|surpass\w*|existing|prior|previous|compared\s+"
                            r"(?:to|with))\b", re.I)


def says_done_without(sentence: str, free: set[str]) -> bool:
    """Does `sentence` say in so many words that all of `free` (`without_only`'s terms) is done without: a "-free" word
    not said of the baselines, or the thing "without", "requires no" or "does not need" governs, whose last word is
    among them; in a sentence of one negation and with no other mention of them. Over the ICLR and ICML 2026 abstracts,
    of 40 sentences drawn from those that would back "It needs no X" (ten things X), 9 were wrong when any negation
    of the terms counted, and 3 with these rules: "policies do not scale across population sizes without retraining"
    needs it, "requires little to no access to the training data" and "without changing the training regime" are no
    training done without, and "Instead of modeling reward as a deterministic scalar" does without no reward model."""
    if negations(sentence) > 1:
        return False

    def said_beside(start: int, end: int) -> bool:  # "To train models …, … without additional training" trains
        rest = f"{sentence[:start]} {sentence[end:]}"
        return bool(free & (set(tokenize(rest)) | set(tokenize(joined(rest)))))

    for w in _FREE.finditer(sentence):
        if (free <= set(tokenize(w.group(0)[:-len("-free")])) and not _OTHERS_BEFORE.search(sentence[:w.start()])
                and not said_beside(w.start(), w.end())):
            return True
    for m in _PLAINLY_WITHOUT.finditer(sentence):
        start = m.end() + (n.end() if (n := _NEEDING_FIRST.match(sentence[m.end():])) else 0)
        thing = " ".join(_THING_ENDS.split(sentence[start:], maxsplit=1)[0].split()[:6])
        words = thing.split()
        held = set(tokenize(thing)) | set(tokenize(joined(thing)))
        end = sentence.find(words[-1], start) + len(words[-1]) if words else start
        if (words and free <= held and free & (set(tokenize(words[-1])) | set(tokenize(joined(words[-1]))))
                and not said_beside(m.start(), end)):
            return True
    return False


# the words a question that asks what is done without needs beside it ("does not need any extra data"):
# the verbs are left out of its phrase ("extra data"), and with "extra" and the like out of its terms ("data")
_NEEDING_VERBS = frozenset({"need", "needs", "needed", "require", "requires", "required", "rely", "relies", "depend",
                            "depends", "use", "uses", "using", "on"})
NEEDING = frozenset(tokenize(" ".join(sorted(_NEEDING_VERBS)) + " any additional extra further more"))


# the words a sentence says what papers do without of, beside what they do without: "Neither needs training",
# "Both are training-free", "No, none of the papers need training"
_OF_WHICH = frozenset({"both", "neither", "none", "either", "all", "each", "yes", "two", "three", "free"})


def without_only(text: str) -> set[str]:
    """The terms `text` says are done without (`done_without`), when that is all it says of its papers beyond
    which papers and a verb of needing ("Neither needs training", "Both are training-free"); else the empty set.
    The short reply to "Do any of them need training?" (ICML 2026, after two training-free token-pruning papers) was
    too far from "We propose SpecFlow, a training-free framework that shifts the paradigm from …" to be backed."""
    if not (_FREE.search(text) or re.search(rf"\b(?:without|{'|'.join(sorted(_NEEDING_VERBS - {'on'}))})\b", text, re.I)):
        return set()  # "It does not improve accuracy" is no thing done without
    free = done_without(text) - NEEDING - _OF_WHICH
    rest = {t for t in tokenize(_NEGATION.sub(" ", _FREE.sub(" ", text))) if len(t) > 2} - free - NEEDING - _OF_WHICH
    return free if free and not rest else set()


# what a paper may need, that a question asks it to avoid: "Which of them avoid a reference model?" (ICLR 2026, after DPO
# variants) asks which do without one, and had been told none of them uses the word "avoid". Not a harm it avoids
# ("avoid mode collapse": a paper that mitigates it says so otherwise), unless the question says the need or use of it
_NEEDED = (r"(?:models?|training|retraining|fine-?tuning|tuning|data|labels?|annotations?|supervision|teachers?|critics?|"
           r"gradients?|backpropagation|calibration|verifiers?|rewards?|retrieval|access|search|distillation|"
           # "Do any of them avoid a fixed vocabulary?" after tokenizer papers (ICLR 2026): told none uses "fixed"
           r"vocabular(?:y|ies)|tokenizers?|hyperparameters?|feedback|demonstrations?|simulators?)")
_PART_NEEDED = r"(?:critics?|value\s+(?:models?|networks?|functions?)|reference\s+models?|teachers?|verifiers?|reward\s+models?|tokenizers?)"
_AVOIDING = re.compile(r"\b(?:(?:avoid|eliminat|remov|bypass|forgo|skip|dispens)\w*(?:\s+with)?\s+(?:the\s+)?"
                       r"(?:need|use|reliance|dependence)\s+(?:for|of|on)|"
                       rf"avoid\w*(?=\s+(?:(?:a|an|the|any)\s+)?(?:[\w-]+\s+){{0,2}}?{_NEEDED}\b)|"
                       # "Do any of them remove the critic?" (ICML 2026, after GRPO variants: told none of them uses the
                       # words "remove the critic"); a model or part a method may need, not data ("remove training data"
                       # is what unlearning does)
                       rf"(?:remov|eliminat|drop)\w*(?=\s+(?:(?:a|an|the|any)\s+)?(?:[\w-]+\s+){{0,2}}?{_PART_NEEDED}\b))",
                       re.I)


# a method named by what it is free of, not a paper asked to do without it: "How do the papers on classifier-free
# guidance in diffusion differ?" was read as asking for papers that use no classifier
_NAMED_FREE = re.compile(r"\b(classifier|likelihood|model)-(?=free\s+(?:guidance|inference|reinforcement|RL\b|"
                         r"policy|control|methods?|algorithms?|agents?))", re.I)


def _as_without(question: str) -> str:
    """The question with what it asks a paper to avoid written as done without ("Which of them avoid a reference
    model?": "Which of them without a reference model?"), for the readers below; a method named by what it is free
    of ("classifier-free guidance") asks for nothing done without."""
    return _AVOIDING.sub("without", _NAMED_FREE.sub(r"\1 ", question))


def asked_without(question: str) -> set[str]:
    """What a question asks to be done without ("Which of them needs no retraining?": "retrain"), a
    hyphenated word in its joined form only ("need no fine-tuning": "finetun"), which done_without
    gives for either spelling."""
    return done_without(joined(_as_without(question))) - NEEDING


def without_phrase(question: str) -> str:
    """The words of what a question asks to be done without, as it writes them ("Which of them do
    not use reinforcement learning?": "reinforcement learning"); "" if it negates nothing."""
    question = _as_without(question)
    m = _NEGATION.search(question)
    if not m:  # "Which one is training-free?"
        free = _FREE.search(question)
        return free.group(0)[:-len("-free")] if free else ""
    # up to the clause's end, as written ("without access to the model's logits": "access to the model" was cut
    # at "'s")
    words = re.findall(r"[\w-]+(?:['’]\w+)?", re.split(r"[?.!;,]", question[m.end():])[0])[:6]
    while words and (words[0].lower() in STOPWORDS or words[0].lower() in _NEEDING_VERBS):
        words = words[1:]  # "need any", "use"
    return " ".join(words)


_WITHOUT_CLAUSE = re.compile(r"\s*(?:\bwithout\b|\b(?:needs?|requires?|uses?|using) no\b)[^,?.;]*", re.I)


def unnegated(question: str) -> str:
    """The question without what it asks to be done without ("Which papers learn from human feedback without a
    reward model?": "Which papers learn from human feedback?"): the topic the papers must still be on."""
    return _WITHOUT_CLAUSE.sub("", _as_without(question))


def asks_without(question: str) -> bool:
    """Does the question ask for something done without ("needs no training", "training-free", "avoids a reward
    model")?"""
    question = _as_without(question)
    return bool(negations(question) or _FREE.search(question))


def does_without(term: str, negated: set[str]) -> bool:
    """`term` is among the `negated` terms of a text (done_without); "retrain" is done without
    by a text that needs no training, and fine-tuning by one that needs no training, retraining or tuning
    ("Do any of them work without fine-tuning the LLM?" after LLM-for-graph papers, over ICLR 2026, was told none
    says so, of ReGraphT's "a training-free … framework" and GTool's "without extensive retraining")."""
    return (term in negated or (term.startswith("re") and len(term) > 5 and term[2:] in negated)
            or (term in _TUNING and bool(negated & _TRAINING)) or (term in _REHEARSAL and bool(negated & _REHEARSAL)))


_TUNING = frozenset({"finetun", "fine-tuning"})  # as asked_without gives "fine-tuning" and "finetuning"
# continual learning's names for keeping old data to train on again: "Compare continual learning methods that avoid
# catastrophic forgetting without replay." (ICLR 2026) tabled nothing beside one "memory-free" method, though
# "Exemplar-Free Class-Incremental Learning" and "Replay-Free Continual Multimodal Learning" do without it
_REHEARSAL = frozenset(tokenize("replay rehearsal exemplar"))
_TRAINING = frozenset(tokenize("training retraining tuning finetuning"))
# a model kept frozen is not fine-tuned: "Operating on the outputs of a frozen LLM, GLOT first constructs …"
_FROZEN = re.compile(r"\b(?:frozen|freez(?:e|es|ing))\b", re.I)


def kept_frozen(text: str) -> set[str]:
    """Fine-tuning ("finetun") when `text` keeps a model frozen, as done without by a paper (retrieve.doing_without);
    not read by the verifier, where "we freeze the backbone and fine-tune an adapter" still fine-tunes."""
    return {"finetun"} if _FROZEN.search(text) else set()


_CONTRAST = re.compile(r"unlike", re.I)  # sets things apart; "contrary to the belief that X" and "rather than X" deny X


def _contrasted_in_part(claim: str, support: str) -> set[str]:
    """The terms only a contrast of the support governs ("unlike continuous flow matching", up to its comma) when the
    claim holds part of what it contrasts, not the whole: "Minibatch Optimal Transport … in Discrete Flow Matching
    introduces minibatch OT … in discrete flow matching" (ICML 2026) was withheld against "However, unlike continuous
    flow matching, the rectification strategy cannot be applied …", as if it had dropped a negation."""
    held, part, plain = set(tokenize(claim)), set(), set()
    for m in _own_negations(support):
        words = " ".join(support[m.end():].split()[:4])
        if _CONTRAST.fullmatch(m.group(0)):
            governed = set(tokenize(_GOVERNED_ENDS.sub("", words.split(",")[0])))
            part |= governed if not governed <= held else set()
        else:
            plain |= set(tokenize(_GOVERNED_ENDS.sub("", words)))
    return part - plain


ABSTRACT_NEGATES = "the abstract negates what the claim states"
CLAIM_NEGATES = "the claim negates what the abstract states"


def polarity_conflict(claim: str, support: str, abstract: str = "") -> str:
    """A negation the claim adds, or one of the abstract's that the claim drops while
    keeping the words it governs ("requires retraining" against "without retraining"). A "-free"
    word ("training-free") is a negation of what it is free of, where the other side lacks it: the
    claim's, where the whole `abstract` never writes it ("classifier-free guidance" is a name the
    paper uses), the support's, where the claim does not."""
    frees = {w.lower() for w in _FREE.findall(claim)}
    free_said = frees - {w.lower() for w in _FREE.findall(abstract or support)}
    free_stated = {w.lower() for w in _FREE.findall(support)} - frees
    said, stated = negations(claim) + len(free_said), negations(support) + len(free_stated)
    said += int(said < stated and bool(_AVOIDS.search(claim)))  # "avoids data replay" of "eliminating the need for …"
    if said > stated:  # "dParallel introduces a training-free paradigm" against "a novel training strategy"
        return CLAIM_NEGATES
    # a dropped negation's terms, not those of one the claim keeps ("grokking is not an inherent failure mode"
    # against "… is not an inherent failure mode …, and thus does not require fundamental changes")
    if (said < stated and set(tokenize(claim)) & (done_without(support) - _affirmed_terms(support) - done_without(claim)
                                                  - _set_against(claim) - _contrasted_in_part(claim, support))
            and not _kept_as_not_harmed(claim, support)):
        return ABSTRACT_NEGATES
    if not said and abstract and any(_denies(claim, sentence) for sentence in sentences(abstract)):
        return ABSTRACT_NEGATES
    if said and _swapped(claim, support):
        return CLAIM_NEGATES
    if said and _KEEP_DENIED.search(claim) and _HARM_DENIED.search(support):  # "does not maintain" / "does not break"
        return CLAIM_NEGATES
    if said and abstract:
        denied = done_without(abstract)
        if any(_affirms(claim, sentence, denied) for sentence in sentences(abstract)):
            return CLAIM_NEGATES
    return ""


# "it does not break the convergence guarantee", "without compromising optimization performance": a harm denied is
# the thing kept, which a claim may say so ("… maintain convergence guarantees", over ICLR 2026: withheld as negated)
_HARM_DENIED = re.compile(r"\b(?:not|never|without|no)\s+(?:\w+\s+)?(?:break\w*|compromis\w*|sacrific\w*|hurt\w*|harm\w*|"
                          r"degrad\w*|los(?:e|es|ing|s)|violat\w*|damag\w*|impair\w*)\b", re.I)
_KEEP_VERB = r"(?:maintain\w*|preserv\w*|retain\w*|keep\w*|kept|sustain\w*)\b"
_KEEPS = re.compile(rf"\b{_KEEP_VERB}", re.I)
_KEEP_DENIED = re.compile(rf"(?:\b(?:not|never|without|no|fails? to|failed to|unable to|cannot)|n't)\s+(?:\w+\s+)?{_KEEP_VERB}",
                          re.I)


def _kept_as_not_harmed(claim: str, support: str) -> bool:
    """The claim says it keeps what the support says it does not harm, and every negation of the support is such
    a denied harm."""
    return bool(_KEEPS.search(claim)) and len(_HARM_DENIED.findall(support)) >= negations(support) > 0


# a sentence that speaks of other work beside the paper's: what it affirms may be theirs
_OTHER_WORK = re.compile(r"\b(?:existing|prior|previous|conventional|traditional|standard|baselines?|others?|whereas|"
                         r"compared|than)\b", re.I)


def _affirms(claim: str, sentence: str, denied: set[str]) -> bool:
    """Does a sentence of the abstract state what a negation of the claim denies, wherever it is (the closest
    sentence to "The Halton scheduler does not outperform the Confidence scheduler" is "… based on our Halton
    scheduler instead of the original Confidence scheduler", a negation too): the first two terms the claim's
    negation governs are both in it, and it negates nothing, speaks of no other work, and the abstract does not
    negate both terms anywhere (`denied`: what it does without, claims.done_without). "… is not evaluated on ImageNet and COCO" against "Evaluation of both class-to-image
    synthesis on ImageNet and text-to-image generation on the COCO dataset …"."""
    if _NEGATION.search(sentence) or _FREE.search(sentence) or _OTHER_WORK.search(sentence) or of_earlier_work(sentence):
        return False
    held = set(tokenize(sentence))
    for m in _NEGATION.finditer(claim):
        governed = [t for t in tokenize(" ".join(claim[m.end():].split()[:4])) if t not in NEEDING][:2]
        if len(governed) == 2 and all(t in held for t in governed) and not all(t in denied for t in governed):
            return True
    return False


def _swapped(claim: str, support: str) -> bool:
    """The claim does without what the support uses, as many negations on each side: "improves motion
    understanding without visual prompts" against "using visual prompts to … improve motion understanding
    without training". Read on the first two terms each negation of the claim governs."""
    affirmed, negated = _affirmed_terms(support), done_without(support)
    for m in _NEGATION.finditer(claim):
        governed = [t for t in tokenize(" ".join(claim[m.end():].split()[:4])) if t not in NEEDING][:2]
        if len(governed) == 2 and all(t in affirmed and t not in negated for t in governed):
            return True
    return False


# a sentence that speaks of the paper itself; "it" too where a negation is read ("It requires no training")
_WE_WORDS = r"we|our|us|this (?:paper|work|study|article|method|approach)|the proposed"
_WE = re.compile(rf"\b(?:{_WE_WORDS})\b", re.I)
_SELF = re.compile(rf"\b(?:{_WE_WORDS}|it|its)\b", re.I)


_DEGREE_WORDS = frozenset(("large-scale", "small-scale", "additional", "extra", "any", "explicit", "costly", "expensive",
                           "further", "separate", "dedicated", "the", "a", "an"))
# a claim that itself says a thing is done without, in a verb of its own ("MergeTune avoids data replay")
_AVOIDS = re.compile(r"\b(?:avoid|eliminat|remov|obviat|circumvent|bypass|dispens|forgo|skip)\w*", re.I)


def _denies(claim: str, sentence: str) -> bool:
    """Does a sentence of the abstract about the paper itself ("we", "our", "it") deny what the
    claim states, wherever it is (the closest sentence to "The Halton scheduler requires
    retraining" may be another): the claim holds the first two terms a negation governs ("does
    not require retraining": "require", "retraining"; a negation of one term, "without
    permutation", is too little to go on), and the sentence does not also affirm them."""
    if not _SELF.search(sentence) or _AVOIDS.search(claim):  # "Existing estimators … lack …" is about others
        return False
    held, affirmed = set(tokenize(claim)), _affirmed_terms(sentence)
    against = _set_against(claim)
    for m in _NEGATION.finditer(sentence):
        # past a word of scale or degree: "eliminating the need for large-scale data replay" denies "needs replay
        # data" (MergeTune, ICLR 2026, to "Do any of them need replay data?": "it does need replay data" was kept)
        words = sentence[m.end():].split()
        while words and words[0].lower() in _DEGREE_WORDS:
            words = words[1:]
        governed = tokenize(" ".join(words[:4]))[:2]
        # what the claim sets its paper against is not what it says the paper does: "… surpasses cosine
        # similarity-based methods" is not denied by "Unlike cosine similarity, … entropy directly quantifies …"
        # (a verbatim clause of that abstract, over ICLR 2026, had been withheld as negated)
        if len(governed) == 2 and all(t in held and t not in affirmed for t in governed) and not set(governed) <= against:
            return True
    return False


def _set_against(claim: str) -> set[str]:
    """The terms of what the claim sets its paper against ("surpasses cosine similarity-based methods")."""
    return {t for m in _SET_AGAINST.finditer(claim) for t in tokenize(m.group(1))}


# a comparison's other side, the words after its cue: "surpasses cosine similarity-based methods", "better than X"
_SET_AGAINST = re.compile(rf"\b(?:{_BASELINE_CUES}|surpass\w*|outperform\w*|beat(?:s|ing)?|exceed\w*|than|over|unlike|"
                          r"instead of|rather than|replac\w*)\s+((?:[\w-]+\s*){1,4})", re.I)


def _affirmed_terms(text: str) -> set[str]:
    """The terms `text` writes outside what its negations govern: "Swift Hydra also incorporates Mamba
    models … without increasing the model's inference time" affirms "model", so "uses Mamba models"
    does not drop that negation."""
    spans = [(m.start(), m.end() + len(" ".join(text[m.end():].split()[:4])) + 1) for m in _NEGATION.finditer(text)]
    kept, at = [], 0
    for start, end in spans:
        kept.append(text[at:start])
        at = max(at, end)
    kept.append(text[at:])
    return set(tokenize(_FREE.sub(" ", " ".join(kept))))  # "training-free" negates "training" too


def _forms(word: str) -> re.Pattern[str]:
    # and its nouns in -tion: "latency reduction" ("FSA achieves up to 3.5x kernel-level latency increase" was kept
    # against "… latency reduction", over ICLR 2026), "acceleration", "degradation", "minimization"; and in -ement,
    # which keeps the verb's "e" ("improvement", "enhancement": "improvment" was the only noun read)
    stem = word[:-1] if word.endswith("e") else word
    return re.compile(rf"\b{stem}(?:e|es|ed|ing|s|d|e?ments?|tions?|ions?|ations?)?\b", re.I)


_DIRECTIONS = [(_forms(a), _forms(b), a, b) for a, b in _PAIRS]


DIRECTION_WHY = "the claim says '"  # how a direction's reason begins (direction_conflict, direction_elsewhere)


def direction_conflict(claim: str, support: str) -> str:
    for fa, fb, a, b in _DIRECTIONS:
        for mine, other, said, instead in ((fa, fb, a, b), (fb, fa, b, a)):
            if mine.search(claim) and not mine.search(support) and other.search(support) and not other.search(claim):
                return f"{DIRECTION_WHY}{said}' where the abstract says '{instead}'"
    return ""


ELSEWHERE_SHARE = 0.6  # the claim's terms another sentence must hold to be what a direction word flips; set by hand


def direction_elsewhere(claim: str, best: str, abstract: str) -> str:
    """A direction word of the claim that the closest sentence does not speak to (neither it nor its
    opposite), flipped from another sentence that holds the claim's other words (ELSEWHERE_SHARE of
    them): "FedMC consistently and significantly diminishes the performance of these state-of-the-art
    methods", to which MiniLM puts "We validate our proposed method by integrating it with … existing FL
    algorithms" closest, of "… FedMC consistently and significantly enhances the performance of these
    state-of-the-art methods across multiple benchmarks" (a direction claim of eval/claims.jsonl)."""
    for fa, fb, a, b in _DIRECTIONS:
        for mine, other, said, instead in ((fa, fb, a, b), (fb, fa, b, a)):
            if not mine.search(claim) or other.search(claim) or mine.search(best) or other.search(best):
                continue
            terms = {t for t in tokenize(mine.sub(" ", claim)) if len(t) > 2}
            if terms and any(other.search(s) and not mine.search(s)
                             and len(terms & set(tokenize(s))) >= ELSEWHERE_SHARE * len(terms)
                             for s in sentences(abstract)):
                return f"{DIRECTION_WHY}{said}' where the abstract says '{instead}'"
    return ""


# which way a word moves what follows it: up ("increasing token throughput", "higher accuracy") or down ("a 1.6×
# reduction in attention time"); "improve" and "better" say which way is good, not which way the amount moves
_UP = re.compile(r"\b(?:increas\w*|rais(?:e|es|ed|ing)|boost\w*|higher|greater|larger|grow\w*)\b", re.I)
_DOWN = re.compile(r"\b(?:reduc\w*|decreas\w*|lower(?:s|ed|ing)?|cut(?:s|ting)?|shrink\w*|declin\w*|drop\w*|fewer|less)\b",
                   re.I)  # the words _SHRUNK reads after a thing, as verbs and nouns before it
# the amounts whose direction is read: what a figure measures (_MEASURES) and a few more
_MOVED = frozenset(tokenize("time latency memory throughput accuracy error errors cost costs loss perplexity "
                            "FLOPs parameters energy runtime overhead footprint"))
_MOVE_END = re.compile(r"[,;:.!?()]|\b(?:while|whereas|but|which|by|with|than|from|to|at|on|for)\b", re.I)


def _moved(text: str) -> dict[str, set[str]]:
    """Each amount of _MOVED that `text` says goes up or down, with the ways it says it goes: "increasing token
    throughput and attention time" -> throughput and time: {"up"}. Read from a direction word up to the next one,
    a stop or a clause word ("by 2×", "while", "than")."""
    said: dict[str, set[str]] = {}
    marks = sorted([(m.start(), m.end(), "up") for m in _UP.finditer(text)]
                   + [(m.start(), m.end(), "down") for m in _DOWN.finditer(text)])
    for i, (_, end, way) in enumerate(marks):
        stop = marks[i + 1][0] if i + 1 < len(marks) else len(text)
        reach = text[end:stop]
        cut = _MOVE_END.search(reach)
        for term in set(tokenize(reach[:cut.start()] if cut else reach)) & _MOVED:
            said.setdefault(term, set()).add(way)
    return said


def moved_conflict(claim: str, abstract: str) -> str:
    """An amount the claim says moves one way where the abstract says only the other: "… substantially increasing
    token throughput and attention time" (over ICML 2026, kept: the claim's own "reduces attention computation"
    hid the "increase" from `direction_conflict`) of "… up to 1.44× higher token throughput and up to 1.6×
    reduction in attention time". Read only for amounts (_MOVED) the claim moves one way alone."""
    mine, theirs = _moved(claim), _moved(abstract)
    for term, ways in mine.items():
        if len(ways) == 1 and theirs.get(term) and not theirs[term] & ways:
            return f"the claim says the {term} goes {next(iter(ways))} where the abstract says it goes {next(iter(theirs[term]))}"
    return ""


# "uses fewer samples", "with less memory": an amount said to shrink, and what of
_FEWER = re.compile(r"\b(?:fewer|less)\s+(?:[a-z][\w-]*\s+){0,2}?(?P<what>(?!than\b)[a-z][\w-]{2,})\b", re.I)
# … and the words an abstract says it with, just before the thing ("reduces the number of samples", "only
# 10% of the data", "without extra data") or just after it ("samples are reduced")
_SHRINKS = re.compile(r"\b(?:fewer|less|low|reduc\w*|lower\w*|decreas\w*|sav(?:e|es|ed|ing|ings)|cut\w*|only|fraction|"
                      r"minimal|small\w*|efficien\w*|shrink\w*|compress\w*|drop\w*|eliminat\w*|without|no)\b|\d|×",
                      re.I)
_SHRUNK = re.compile(r"\b(?:fewer|less|reduc\w*|lower\w*|decreas\w*|cut|shrink\w*|drop\w*|eliminat\w*)\b", re.I)


def _shrinks(sentence: str, what: set[str]) -> bool:
    """Does `sentence` say that the thing whose terms are `what` shrinks?"""
    words = sentence.split()
    for i, w in enumerate(words):
        if set(tokenize(w)) & what and (("-" in w and _SHRINKS.search(w))  # "memory-efficient", "low-memory"
                                          or _SHRINKS.search(" ".join(words[max(0, i - 5):i]))
                                          or _SHRUNK.search(" ".join(words[i + 1:i + 4]))):
            return True
    return False


def fewer_conflict(claim: str, abstract: str) -> str:
    """A claim that the paper needs less of something ("NuRL uses fewer samples than GRPO") where
    no sentence of the abstract says that thing shrinks: NuRL's abstract speaks of "hard samples"
    it learns from, never of using fewer (read over ICLR 2026: the follow-up "Which of them uses
    fewer samples?" put into the answer). A thing the abstract never names is left to the other
    checks."""
    for m in _FEWER.finditer(claim):
        what = set(tokenize(m.group("what")))
        said = [s for s in sentences(abstract) if what & set(tokenize(s))]
        if what and said and not any(_shrinks(s, what) for s in said):
            return f"the abstract does not say it needs {m.group(0).split()[0].lower()} {m.group('what')}"
    return ""


# many of a counted thing ("numerous sampling steps", "multiple denoising iterations"), and one of it ("one-step", "a
# single step", "1-NFE")
_MANY = re.compile(r"\b(?:numerous|many|multiple|several|dozens\s+of|hundreds\s+of|thousands\s+of|a\s+large\s+number\s+of)"
                   r"\s+(?:[\w-]+\s+){0,2}?(?P<what>steps|iterations|passes|evaluations|NFEs|rounds|stages)\b", re.I)


def _one_of(unit: str) -> re.Pattern[str]:
    """One of the counted `unit` (singular): "one-step", "a single step", "single pass", "1-NFE"."""
    return re.compile(rf"\b(?:one|single|1)[\s-]+{unit}\b|\ba\s+single\s+(?:[\w-]+\s+)?{unit}\b", re.I)


def many_conflict(claim: str, abstract: str) -> str:
    """A claim that the paper takes many of a counted thing ("OFTSR uses numerous sampling steps to generate
    high-quality images") where the abstract's own sentences (not those on earlier work) take one and none many: over
    ICLR 2026 "How many sampling steps do they use?" after diffusion super-resolution papers kept that of OFTSR, "a
    novel flow-based framework for one-step image super-resolution", whose abstract says the numerous steps of "these
    methods" it improves on."""
    found = list(_MANY.finditer(claim))
    own = [x for x in sentences(abstract) if not of_earlier_work(x)] if found else []
    for m in found:
        unit = m.group("what")[:-2] if m.group("what").lower().endswith("sses") else m.group("what")[:-1]
        one = _one_of(unit)
        # "… can also refine with multi-step sampling", "4-step", "a few sampling steps": more than one said too
        many = re.compile(rf"{_MANY.pattern[:_MANY.pattern.index('(?P<what>')]}{re.escape(m.group('what'))}\b|"
                          rf"\b(?:multi|few|[2-9]|\d\d+|two|three|four|five|six|eight|ten)[\s-]+(?:[\w-]+\s+)?{unit}s?\b",
                          re.I)
        # the one said of what the claim speaks of (a term of it beside the counted word), not of the baselines
        # ("outperforms baselines based on ELBO or one-step estimation") nor of another thing ("a one-step update")
        spoken = set(tokenize(claim)) - set(tokenize(m.group(0))) - asking_terms()
        ones = [x for x in own for y in one.finditer(x)
                if spoken & set(tokenize(x)) and not _OTHERS_BEFORE.search(x[:y.start()])
                and not re.search(r"\bbaselines?\b", x[:y.start()], re.I)]
        if ones and not any(many.search(x) for x in own):
            return f"the abstract says one of its {m.group('what').lower()}, not many"
    return ""


# "SWE-RM proposes benchmarks for software engineering agents": the paper said to make a benchmark or dataset
_MAKES = r"(?:propos|introduc|present|releas|construct|build|built|creat|develop|curat|collect|design)\w*"
_MAKES_DATA = re.compile(rf"\b{_MAKES}\s+(?:(?:a|an|the|new|novel|large|large-scale|two|three|several)\s+)*"
                         r"(?P<what>benchmarks?|datasets?|corpus|corpora|test suites?)\b", re.I)
_DATA_WORD = re.compile(r"\b(?:benchmark(?:s|ing)?|datasets?|corpus|corpora|suites?|-Bench|Bench)\b|[a-z]Bench\b", re.I)


def _makes(what: str) -> re.Pattern[str]:
    """A claim that the paper makes `what` ("proposes a defense", "introduces a novel jailbreak attack")."""
    return re.compile(rf"\b{_MAKES}\s+(?:(?:a|an|the|new|novel|two|three|several)\s+)*(?:[\w-]+\s+)?(?P<what>{what})\b", re.I)


# what a claim says the paper makes, and the words an abstract that says it makes one writes
_MADE_KINDS = ((_MAKES_DATA, _DATA_WORD),
               (_makes(r"defen[cs]es?"), re.compile(r"\bdefen[cs]\w*|\bdefend\w*", re.I)),
               (_makes(r"attacks?"), re.compile(r"\battack\w*", re.I)))


def benchmark_conflict(claim: str, abstract: str, own_names: Sequence[str] = ()) -> str:
    """A claim that the paper makes a benchmark or dataset ("SWE-RM proposes benchmarks for software
    engineering agents", a reward model evaluated on SWE-Bench Verified, over ICLR 2026), or a defense or an
    attack ("SlotGCG proposes a defense against jailbreak attacks", an attack whose abstract reports
    "robustness against defense methods", over ICLR 2026), where no sentence of its abstract says it does: one
    that names such a thing, says it is made ("introduce", "construct", "release" …) and says by whom ("we",
    "our", "this paper", or the paper's name)."""
    names = [n for n in own_names if n]
    for made, word in _MADE_KINDS:
        m = made.search(claim)
        if not m or any(word.search(n) for n in names):  # "Text2Arch: A Dataset for …", "… Benchmarking …"
            continue
        if not any(word.search(sentence) and re.search(rf"\b{_MAKES}", sentence, re.I)
                   and (_WE.search(sentence) or any(n.lower() in sentence.lower() for n in names))
                   for sentence in sentences(abstract)):
            return f"the abstract does not say the paper makes a {m.group('what').lower().rstrip('s')}"
    return ""


# "The largest benchmark is WARC-Bench": a rank among things, which one abstract can state only of itself
_SUPERLATIVE = re.compile(r"\b(?:largest|biggest|smallest|fastest|slowest|cheapest|longest|shortest|highest|lowest)\b", re.I)


def superlative_conflict(claim: str, abstract: str) -> str:
    """A claim that ranks the paper first in size or speed ("The largest benchmark is WARC-Bench",
    over ICLR 2026, to "Which benchmark is the largest?") where its abstract never says so: an
    abstract cannot say how its paper ranks among the others shown. "the largest open-source
    dataset for spatial reasoning" stands when the abstract says it."""
    for m in _SUPERLATIVE.finditer(claim):
        if not re.search(rf"\b{m.group(0)}\b", abstract, re.I):
            return f"it says '{m.group(0).lower()}', which the abstract does not"
    return ""


# A gain in speed or memory a claim gives the paper ("MuonMax is significantly faster than Muon"), and the words by
# which an abstract speaks of that measure at all: leniently, so that one speaking of it in any way (time, overhead,
# efficiency; storage, cache, bits) is left to the other checks
_GAINS = {
    "speed": (re.compile(r"\b(?:faster|quicker|more\s+quickly|speeds?\s+up|sped\s+up|speed-?ups?|accelerat\w*|"
                         r"(?:lower|reduced?|reduces|reducing|cuts?)\s+(?:[\w-]+\s+)?latency|"
                         r"(?:higher|increased?)\s+throughput)\b", re.I),
              re.compile(r"\b(?:fast\w*|sped|speed\w*|accelerat\w*|latenc\w*|throughput|quick\w*|rapid\w*|efficien\w*|"
                         r"run-?times?|wall-clock|time|times|timing|seconds?|hours?|minutes?|days?|FLOPs?|slow\w*|"
                         r"overheads?|steps?|iterations?|real-time|cheap\w*|delays?|(?:comput\w*|inference|training|decoding)\s+"
                         r"costs?)\b", re.I)),
    "memory": (re.compile(r"\b(?:less|lower|reduced?|reduces|reducing|saves?|saving|smaller|cuts?)\s+"
                          r"(?:[\w-]+\s+){0,2}?(?:memory|footprint|VRAM)\b|\bmemory[- ](?:efficient|savings?)\b", re.I),
               re.compile(r"\b(?:memory|memories|footprints?|VRAM|storage|compress\w*|cach\w*|[GMK]B|bytes?|bits?|"
                          r"quantiz\w*|sparse|sparsity|prun\w*|parameters?|low-rank|sizes?|lightweight|offload\w*)\b",
                          re.I)),
    # "Large Language Models (LLMs) improve over baselines significantly in forecasting time series [1]" (over ICLR
    # 2026, to "How much do they improve over baselines?") of an abstract that probes LLM embeddings and reports no
    # gain over anything
    "improvement": (re.compile(r"\b(?:improv\w*|gains?)\s+(?:[\w-]+\s+){0,3}?(?:over|upon|against|relative\s+to|"
                               r"compared\s+(?:to|with))\b|\b(?:outperform\w*|surpass\w*|better\s+than|superior\s+to)\b",
                               re.I),
                    re.compile(r"\b(?:outperform\w*|surpass\w*|improv\w*|better|best|superior\w*|exceed\w*|gains?|"
                               r"state-of-the-art|SOTA|boost\w*|advantages?|competitive\w*|beat\w*|enhanc\w*|stronger|"
                               r"higher|lower|faster|reduc\w*|speed\w*|effective\w*|benefit\w*|robust\w*|accura\w*|"
                               r"efficien\w*|increas\w*|decreas\w*|fewer|less|more|rivals?|"
                               r"significant\w*|substantial\w*|consistent\w*)\b|[%×]", re.I)),
}
_NOT_BEFORE = re.compile(r"\b(?:not|no|never|without|neither|nor)\b(?:\W+\w+){0,3}\W*$", re.I)


def gain_conflict(claim: str, abstract: str) -> str:
    """A claim that the paper is faster or needs less memory where its abstract never speaks of that measure at all:
    "The proposed new optimizers, such as MuonMax, converge significantly faster than Adam and Muon [2]" (over ICML
    2026, to "How much faster do they converge?") of an abstract that says MuonMax is "significantly more robust" and
    gives no time, speed or cost. A gain the claim denies ("does not speed up") is left alone."""
    for kind, (said, spoken) in _GAINS.items():
        for m in said.finditer(claim):
            if not _NOT_BEFORE.search(claim[:m.start()]) and not spoken.search(abstract):
                return f"it says '{m.group(0).lower()}', and the abstract says nothing of {kind}"
    return ""


_RESPECTIVELY = re.compile(r"\brespectively\b", re.I)
_EDGE = ",;:.()"


def _lists(sentence: str) -> list[tuple[int, list[str]]]:
    """The coordinated lists of a sentence ("4.43× and 1.50×", "NTU60, SSv2, and UCF101",
    "auto-regressive decoding and vanilla speculative decoding"), each at the word index of its
    "and": an item is at most three words, ended by a comma or a stopword."""
    words = sentence.split()
    out = []
    for i, w in enumerate(words):
        if w.lower() != "and" or i == 0:
            continue
        right: list[str] = []
        for x in words[i + 1:i + 5]:
            bare = x.strip(_EDGE)
            if not right and bare.lower() in STOPWORDS:  # "and the state-of-the-art method EGPlace"
                continue
            if not bare or bare.lower() in STOPWORDS or len(right) == 3:
                break
            right.append(bare)
            if x != x.rstrip(_EDGE):
                break
        items: list[str] = []
        j = i - 1
        while j >= 0:
            chunk: list[str] = []
            while j >= 0 and len(chunk) < 3:
                bare = words[j].strip(_EDGE)
                if (chunk and words[j].endswith(",")) or not bare or bare.lower() in STOPWORDS:
                    break
                chunk.insert(0, bare)
                j -= 1
            if not chunk:
                break
            items.insert(0, " ".join(chunk))
            if not (j >= 0 and words[j].endswith(",")):
                break
        if items and right:
            out.append((i, items + [" ".join(right)]))
    return out


def pairs(sentence: str) -> list[tuple[Number, str]]:
    """(number, what it is of) for a sentence that pairs a list of numbers with a list of things
    "respectively" ("up to 4.43× and 1.50×, compared to auto-regressive decoding and vanilla
    speculative decoding, respectively"); [] when it does not, or when the lists do not line up."""
    found = _RESPECTIVELY.search(sentence)
    if not found:
        return []
    before = len(sentence[:found.start()].split())  # the lists "respectively" refers to come before it
    lists = [(i, items) for i, items in _lists(sentence) if i < before]
    lists = [(i, items) for i, items in lists if not any(x.endswith("-") for x in items)]  # "time- and …-domain"
    counted = [(i, [numbers(x) for x in items]) for i, items in lists  # "4.55% increase", not "Qwen3 4B"
               if all((numbers(x.split()[0]) or numbers(x.split()[-1])) and x.split()[1:] == x.lower().split()[1:]
                      for x in items)]
    numeric = [(i, [n[0] for n in found]) for i, found in counted if all(len(n) == 1 for n in found)]
    if len(numeric) != 1:
        return []
    at, values = numeric[0]
    things = [(abs(i - at), items) for i, items in lists
              if len(items) == len(values) and not any(numbers(x) for x in items)]
    if not things or len(set(values)) < len(values):
        return []
    return list(zip(values, min(things)[1], strict=True))


def pairing_conflict(claim: str, support: str) -> str:
    """A number the claim gives to the wrong one of the things the abstract pairs it with
    "respectively": "4.43× compared to vanilla speculative decoding" where the abstract gives
    4.43× for auto-regressive decoding and 1.50× for vanilla speculative decoding."""
    said, words = numbers(claim), set(tokenize(claim))
    for sentence in sentences(support):
        paired = pairs(sentence)
        if not paired:
            continue
        terms = [set(tokenize(thing)) for _, thing in paired]
        own = [t - set().union(*(o for k, o in enumerate(terms) if k != i)) for i, t in enumerate(terms)]
        given = [i for i, (n, _) in enumerate(paired) if any(_same(c, n) for c in said)]
        named = [i for i, t in enumerate(own) if t and 2 * len(t & words) >= len(t)]  # half its own words
        if len(given) == 1 and named and given[0] not in named and not own[given[0]] & words:
            n, thing = paired[given[0]]
            other = paired[named[0]][1]
            return (f"the abstract gives {n[0]:g}{n[1]} for {thing}, not for {other}")
    return ""


def swapped_conflict(claim: str, support: str) -> str:
    """Two figures of one sentence given each other's words: "up to 5× speedup over vanilla LLaDA/Dream and up to
    10× speedup over the AR models" where d3LLM's abstract (ICML 2026) gives 10× over LLaDA/Dream and 5× over the AR
    models. Each figure is the abstract's and near the other's words in that sentence, so no rule reading one figure
    at a time objects. A figure's words are those written after it up to the next figure (`_figure_parts`); the
    claim's figure is swapped when its words hold two or more of another figure's own words (those that figure's
    part has and its own lacks) and none of its own. Or its first two words are another figure's and not its own:
    "LearnPruner prunes vision tokens by 5.5% of the original performance while achieving 3.2× inference
    acceleration" (ICLR 2026), whose abstract preserves "95% of the original performance while using only 5.5% of
    vision tokens, and achieve[s] 3.2× inference acceleration": the claim's "achieving" leads into 3.2×, and is
    in 5.5%'s words of the abstract too, but what a figure measures is written right after it. A figure another
    sentence gives with the claim's first words after it is that sentence's, and no swap ("from 82.0% to 91.8%" of
    SAS, ICML 2026, in two sentences)."""
    every = [_figure_parts(sentence) for sentence in sentences(support)]
    stated = [parts for parts in every if len(parts) >= 2]
    for (n, words), head in zip(_figure_parts(claim), _figure_parts(claim, 2), strict=True):
        if any(_same(n, m) and head[1] <= theirs for parts in every for m, theirs in parts):
            continue
        for parts in stated:
            mine = [i for i, (m, _) in enumerate(parts) if _same(n, m)]
            if len(mine) != 1:
                continue
            its = parts[mine[0]][1]
            own = its - set().union(*(w for k, (_, w) in enumerate(parts) if k != mine[0]))
            for m, theirs in parts:
                if own and not _same(n, m) and (
                        (not own & words and len((theirs - its) & words) >= 2)
                        or (len(head[1]) == 2 and not head[1] & its and head[1] <= theirs - its)):
                    return f"the abstract gives {n[0]:g}{n[1]} and {m[0]:g}{m[1]} the other way round"
    return ""


def _figure_parts(text: str, first: int = 0) -> list[tuple[Number, set[str]]]:
    """Each figure `text` writes in digits, with the terms written after it up to the next figure or clause end (the
    `first` few of them, when given)."""
    placed = _digit_figures(text)
    ends = [a for _, a, _ in placed[1:]] + [len(text)]
    return [(n, set(tokenize(re.split(r"[;:()]|\.\s", text[b:end])[0])[:first or None]))
            for (n, _, b), end in zip(placed, ends[:len(placed)], strict=True)]


def name_conflict(claim: str, abstract: str, own_names: Sequence[str] = ()) -> str:
    have = abstract.lower()
    for name in _NAME.findall(claim):
        key = name.lower().removesuffix("s")  # "LLMs" where the abstract says "LLM"
        if key not in have and not any(key in n.lower() for n in own_names):
            return f"'{name}' does not occur in the cited abstract"
    return ""


_INTRODUCES = re.compile(  # "introduces PEARL", "proposes a new GenCape", "introduces Group Relative … (GRPO)"
    r"\b(?:introduc|propos|present|develop|design|invent)(?:e|es|ed|ing|s)?\s+(?:(?:a|an|the)\s+)?"
    r"(?:(?:new|novel)\s+)?(?:(?:[A-Z][\w-]*\s+){1,6}\((?P<short>[A-Za-z][\w-]*)\)|(?P<name>[A-Za-z][\w-]*))")
# a sentence that says a method came before the paper ("… has been proposed to enable …")
_EARLIER = re.compile(r"\b(?:has|have|had|was|were)\s+(?:been\s+)?(?:proposed|introduced|developed)\b", re.I)
_OWN = re.compile(r"\b(?:we|our|us|this (?:paper|work|study|article)|here|called|named|dubbed|termed|coined)\b",
                  re.I)


def credit_conflict(claim: str, abstract: str, own_names: Sequence[str] = ()) -> str:
    """A method the claim says the paper introduces (a name: inner capitals or digits) that the
    abstract only mentions: "[2] introduces GRPO" of an abstract that builds on "recent
    innovations such as GRPO". The paper's own names are in its title, or in a sentence that
    says so ("we propose PEARL", "a method called …", "this paper presents …"). A method written
    in plain words ("proposes classifier-free guidance") is another's when every sentence of the
    abstract that writes it says it was proposed before ("… has been proposed to enable …")."""
    for m in _INTRODUCES.finditer(claim):
        name = m.group("short") or m.group("name")
        if any(name.lower() in n.lower() for n in own_names):
            continue
        if not _NAME.fullmatch(name):
            words = re.match(r"[\w-]+(?:\s+[\w-]+)?", claim[m.start("name"):] if m.group("name") else "")
            phrase = words.group(0) if words else ""
            said = [s for s in sentences(abstract) if phrase and re.search(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", s, re.I)]
            if said and all(_EARLIER.search(s) and not _OWN.search(s) for s in said):
                return f"the abstract says '{phrase}' was proposed before, not by this paper"
            continue
        said = [s for s in sentences(abstract) if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", s)]
        if said and not any(_OWN.search(s) for s in said):
            return f"the abstract mentions '{name}' but does not introduce it"
    return ""


# "NoisePrints is more robust than the order-agnostic watermark", "outperforms PATTERN-MARK": what a claim
# sets the paper against, up to where the comparison ends
_AGAINST = re.compile(
    r"\b(?:(?:more|less)\s+[\w-]+|(?!rather\b|other\b|either\b|neither\b|whether\b|further\b|over\b|under\b|"
    r"after\b|earlier\b|later\b)[a-z][\w-]*er|better|worse)\s+than\s+|"
    r"\b(?:outperform|surpass|beat|exceed)(?:s|ed|ing)?\s+",
    re.I)
_AGAINST_END = re.compile(r"\s+(?:because|since|as|by|in|on|at|for|across|while|whereas|but|and|with|due|when|"
                          r"without|thanks)\b|[,;:.()]")


def comparison_conflict(claim: str, abstract: str) -> str:
    """A claim that sets the paper against something its abstract never mentions ("NoisePrints
    is more robust than the order-agnostic watermark", of NoisePrints' abstract): one abstract
    cannot say how its paper compares with another paper. An amount ("more than 50%", "twice")
    is no such thing; the compared thing counts as mentioned when half its terms are held."""
    held = set(tokenize(abstract))
    squashed = re.sub(r"[\s-]+", "", abstract.lower())
    for m in _AGAINST.finditer(claim):
        rest = claim[m.end():]
        end = _AGAINST_END.search(rest)
        what = rest[:end.start()] if end else rest
        if re.match(r"\s*(?:\d|~|(?:a |an )?(?:twice|double|half|one|two|three|four|five|ten|hundred|thousand|"
                    r"that|those|this|it|them|expected|before|ever|usual|previously)\b)", what, re.I):
            continue
        terms = [t for t in tokenize(what) if not t.isdigit()]
        if terms and 2 * sum(t in held or t.replace("-", "") in squashed for t in terms) < len(terms):
            return f"it compares the paper with '{what.strip()}', which the abstract does not mention"
    return ""


# a name that a claim makes its subject ("EAGLE-3 achieves up to 1.6× …"): written with a capital or a
# digit, before the verb that states a result
_NAME_FORM = r"(?:[A-Z][\w.-]*[A-Z0-9][\w.-]*|[A-Z][a-z]+[A-Z][\w.-]*)"  # "EAGLE-3", "FlashAttention"
_NAMED_SUBJECT = re.compile(rf"^\W*(?:the\s+)?({_NAME_FORM}(?:\s+[A-Z0-9][\w.-]*)?)"
                            r"\s+(?:also\s+)?(?:achieves?|attains?|reaches|gets|yields?|delivers?|obtains?|gives?|"
                            r"improves?|increases?|reduces?|speeds?\s+up|accelerates?|outperforms?|surpasses?|"
                            r"is\s+\S+\s+(?:faster|better|more|higher|lower))\b")
# the words that set a result against what it is measured over ("a 1.6× speedup over EAGLE-3")
_BASELINE_CUE = r"(?:over|than|versus|vs\.?|against|relative\s+to|compared\s+(?:to|with))\s+(?:the\s+)?"
_BASELINE = _BASELINE_CUE + r"(?:[\w-]+\s+){0,2}?"


# a name a question measures its paper against: "How much faster is it than EAGLE?", "… compared to GPTQ?"
_AGAINST_NAME = re.compile(rf"\b{_BASELINE_CUE}({_NAME_FORM})(?![\w-])")


def compared_with(question: str) -> list[str]:
    """The names, written with capitals, that `question` asks its paper to be measured against ("EAGLE" of "How much
    faster is it than EAGLE?"); not words ("than autoregressive decoding")."""
    return [m.group(1).rstrip(".") for m in _AGAINST_NAME.finditer(question)]


def baseline_conflict(claim: str, abstract: str, own_names: Sequence[str] = ()) -> str:
    """A claim that gives what the paper measures against something to that thing: "EAGLE-3 achieves
    up to 1.6× end-to-end speedup over EAGLE-3" of "… achieving up to 1.6× end-to-end speedup over
    EAGLE-3" (ARC-Decode's abstract, over ICML 2026). The claim's subject is a name, not the paper's
    own, that is the claim's own point of comparison, or that the abstract's sentence stating the
    claim's amount measures that amount against."""
    m = _NAMED_SUBJECT.match(claim)
    if not m:
        return ""
    name = m.group(1).rstrip(".")
    if any(name.lower() in n.lower() or n.lower() in name.lower() for n in own_names if n):
        return ""
    if measured_against(name, claim[m.end():]):
        return f"it gives '{name}' what is measured against it"
    amounts = {(value, unit) for value, unit, _ in numbers(claim) if unit in ("×", "%")}
    for sentence in sentences(abstract):
        for (value, unit, _), start, end in _placed_numbers(sentence):
            if (value, unit) in amounts and measured_against(name, sentence[start:]):
                return f"it gives '{name}' the {sentence[start:end].strip()} the abstract measures against it"
    return ""


def measured_against(name: str, text: str) -> bool:
    """Does `text` set something against `name` ("… speedup over EAGLE-3", "better than GRPO")?"""
    return bool(re.search(rf"\b{_BASELINE}{re.escape(name)}(?![\w-])", text, re.I))


# what an abstract says is wrong with earlier work ("DFL … has been shown to struggle in high-dimensional settings")
_FAULT = re.compile(r"\b(?:struggl\w*|fail(?:s|ed|ing|ure)?|suffer\w*|lack(?:s|ed|ing)?|limitations?|costly|expensive|"
                    r"overlook(?:s|ed|ing)?|neglect(?:s|ed|ing)?|ignor(?:es|ed|ing)|"
                    r"inefficien\w*|unstable|unreliable|vulnerable|insufficient\w*|poorly|unable|cannot)\b", re.I)
# … and what a claim says the paper does about it
_REMEDY = re.compile(r"\b(?:address\w*|overcom\w*|tackl\w*|mitigat\w*|solv\w*|alleviat\w*|resolv\w*|reduc\w*|"
                     r"fix\w*|improv\w*|remed\w*|handl\w*|avoid\w*|circumvent\w*|bypass\w*|prevent\w*|"
                     r"eliminat\w*|counter\w*|targets?|aims?|focus\w*|motivat\w*|notes?|observ\w*|identif\w*|"
                     r"highlight\w*|point\w* out|show\w* that|argu\w*|instead|unlike|whereas|while|prior|existing|"
                     r"previous|earlier|conventional|traditional|current)\b", re.I)



# a fault that is the verb of the claim's subject (its name taken out): "… and overlooks the role of …"
_OWN_FAULT = re.compile(r"(?:^\W*|\b(?:and|but)\s+|,\s+)(?:also\s+|often\s+|still\s+)?"
                        r"(overlooks|ignores|neglects|fails|struggles|suffers|lacks)\b", re.I)


def fault_conflict(claim: str, support: str) -> str:
    """A fault the abstract finds in earlier work, said of the paper: "Gen-DFL has been shown to
    struggle in high-dimensional settings" of "While DFL … has also been shown to struggle in
    high-dimensional … settings", which is what Gen-DFL addresses. The support says the fault
    without speaking of the paper ("we", "our", "this paper"), and the claim does not say the
    paper addresses it or that it is another's."""
    said = {m.group(0).lower()[:5] for m in _FAULT.finditer(claim)}
    stated = {m.group(0).lower()[:5] for m in _FAULT.finditer(support)}
    # "focuses on parameter conflicts and overlooks fine-tuning": the fault is the paper's own verb, so
    # "focuses" does not say the paper addresses it
    verb = _OWN_FAULT.search(claim)
    own = verb is not None and verb.group(1).lower()[:5] in stated
    if not said & stated or _WE.search(support) or (_REMEDY.search(claim) and not own):
        return ""
    # "DFL has been shown to struggle …": said of what the abstract says it of (a name, or a capitalised
    # word past the first)
    capitalised = re.findall(r"\b[A-Z][\w-]*\b", claim)
    named = {w for w in capitalised[1:]} | {w for w in capitalised if _NAME.fullmatch(w)}
    if any(re.search(rf"\b{re.escape(w)}\b", support) for w in named):
        return ""
    return "the abstract says this of earlier work, not of this paper"


# a sentence whose subject is earlier work ("Existing research predominantly evaluates …", "Recent
# diffusion distillation methods have achieved … ~4-step sampling"), and the verb it does
_EARLIER_WORK = re.compile(
    r"^\W*(?:(?:however|yet|but|although|though|while|whereas|moreover|furthermore|unfortunately|notably)\b,?\s+)?"
    r"(?:(?:most|many|some|several|all)\s+(?:of\s+)?)?(?:the\s+)?(?:existing|prior|previous|recent|current|"
    r"conventional|traditional|standard|earlier|mainstream|popular)\s+(?:[\w-]+\s+){0,3}?(?:methods?|approaches|"
    r"works?|research|studies|techniques|models|systems|frameworks|algorithms|literature|efforts|solutions|"
    r"baselines|pipelines|practices?|paradigms?)\b(?P<rest>[^,;:]*)", re.I)
# … or whose subject is other methods, named by example ("Test-time scaling methods such as Best-of-N drive up
# cost and latency by using a fixed budget of samples …")
_EXAMPLED = re.compile(r"^\W*(?:[\w-]+\s+){0,4}?(?:[Mm]ethods|[Aa]pproaches|[Tt]echniques|[Aa]lgorithms|[Mm]odels|"
                       r"[Ff]rameworks|[Ss]ystems|[Bb]aselines)\s+(?:such as|like|including)\s+"
                       r"(?:[A-Z0-9][\w./+-]*(?:,?\s+(?:and\s+|or\s+)?)?)+(?P<rest>[^,;:]*)")
# … or, after a "however", whose subject is the work the sentence before spoke of ("However, their
# prohibitively slow inference due to a large number of denoising steps limits …", of Flow Matching models)
# … or "this paradigm" (of the 43 sentences over ICLR and ICML 2026 opening "However, this …" without "we"/"our", those
# nouns read, each speaks of the work the sentence before it described: ProMeCD's "However, this paradigm introduces a
# fatal circular dependency: it relies on pristine, balanced validation sets …" had been said of ProMeCD, which is
# "validation-free")
_THEIRS = re.compile(r"^\W*(?:however|yet|but|unfortunately|nevertheless|still)\b,?\s+(?P<det>their|these|such|they|those|"
                     r"th(?:is|at)\s+(?:paradigm|strategy|reliance|process|assumption|approach|practice|methodology|design|"
                     r"pipeline|formulation|route|line\s+of\s+(?:work|research)))\b(?P<rest>[^,;:]*)", re.I)
# … or, conceding it, whose subject is the work the sentence before spoke of ("While these approaches have achieved
# promising results, they often lack …": of the 25 such sentences over ICLR and ICML 2026 without "we"/"our", each
# speaks of earlier work)
_THESE_CONCEDED = re.compile(r"^\W*(?:while|although|though|despite)\s+(?P<det>these|such|those)\s+(?:[\w-]+\s+){0,2}?"
                             r"(?:approaches|methods|models|works|techniques|systems|frameworks|efforts|advances|"
                             r"solutions|strategies)\b(?P<rest>[^,;:]*)", re.I)
_NOT_VERB = re.compile(r"(?:have|has|had|been|are|is|was|were|also|still|only|[a-z]+ly)$", re.I)
_BEFORE_VERB = frozenset(("in", "on", "for", "of", "with", "from", "to", "at", "by", "the", "a", "an"))  # "… in RAG focus"
COPIED = 0.8  # a claim with this share of its terms in an earlier-work sentence restates it
_EARLIER_SAID = re.compile(r"\b(?:despite|although|recent|prior|existing|previous|earlier|conventional|traditional|current|baselines?|"
                           r"others?|unlike|instead|rather than|whereas|while|compared|address\w*|overcom\w*|tackl\w*|"
                           r"mitigat\w*|solv\w*|alleviat\w*|resolv\w*|improv\w*|outperform\w*|beyond|than|reduc\w*|cut\w*|fewer|"
                           r"target\w*|aim\w*|focus\w*|motivat\w*|problems?|challenges?|limitations?|issues?|"
                           r"less|faster|speed\w*|accelerat\w*|(?<!suffer )(?<!suffers )from)\b", re.I)  # "departs from", not "suffers from"


def _stem(word: str) -> str:
    return re.sub(r"(?:es|(?<![us])s|ed|ing)$", "", word.lower())[:5]  # "focus" is "focuses", not "focu"


def of_earlier_work(sentence: str) -> re.Match[str] | None:
    """The match of a sentence whose subject is earlier work and that does not speak of the paper."""
    m = _EARLIER_WORK.match(sentence) or _EXAMPLED.match(sentence) or _THEIRS.match(sentence) or _THESE_CONCEDED.match(sentence)
    return m if m and not _WE.search(sentence) else None


def earlier_conflict(claim: str, support: str, abstract: str, name_led: bool = False) -> str:
    """What the abstract says earlier work does, said of the paper: "FaLW evaluates unlearning
    methods on relatively balanced forget sets" of "existing research predominantly evaluates
    unlearning methods on relatively balanced forget sets", which FaLW's long-tailed case
    departs from; "reaching 4-step sampling" of "Recent diffusion distillation methods have
    achieved … ~4-step sampling"; "uses a prohibitively slow inference …" of FlowCast's "However,
    their prohibitively slow inference …" (Flow Matching's). The support's subject is earlier work
    (or "they"/"their …" after a "however") and it does not speak of
    the paper ("we", "our"); the claim does not set the paper against it or say it addresses
    it; and the claim does the support's very verb to what the support does it to (most of its
    words after the verb), or gives a number the abstract states only of earlier work, or takes
    `EARLIER_TERMS` terms (and a third of its own) that the abstract writes only in an opening
    "Despite progress with …," phrase ("uses visual supervision, reinforcement learning, and
    post-hoc attention reshaping")."""
    m = of_earlier_work(support)
    # "their slow inference …": a noun follows, no verb to read
    noun_first = m is not None and m.re in (_THEIRS, _THESE_CONCEDED) and m.group("det").lower() != "they"
    words = [] if not m or noun_first else re.findall(r"[A-Za-z][\w-]*", m.group("rest"))
    # "Existing watermarking methods in RAG focus solely on textual knowledge": past a preposition and a name
    verb = next((w for w in words[:6] if not _NOT_VERB.match(w) and w.lower() not in _BEFORE_VERB
                 and not (w[0].isupper() and w not in words[:1])), "")
    # the claim sets the paper against earlier work or says it addresses it, unless that word is earlier
    # work's own verb: "MergOPT addresses parameter conflicts at the merging stage" of "existing approaches
    # mainly address parameter conflicts at the merging stage and overlook …"
    its_verb = [_stem(x.group(0)) == _stem(verb) and len(_stem(verb)) >= 4 for x in _EARLIER_SAID.finditer(claim)]
    if not all(its_verb):
        return ""
    if m:
        terms = set(tokenize(claim))
        # its name, taken out, was the subject (`name_led`: the clause opened with it, so a small model's plural
        # verb, "X recommend employing …", is its verb too)
        opening = re.match(r"^\W*(?:also\s+)?([a-z]+)\b", claim)
        # or "they", the papers cited: "They use numerous sampling steps to generate high-quality images" (ICLR 2026,
        # citing OFTSR) copies its "However, these methods either require numerous sampling steps …"
        said_of_paper = bool(re.match(r"^\W*they\b", claim, re.I)) or opening is not None and (
            opening.group(1).endswith("s") or (name_led and opening.group(1) not in STOPWORDS))
        if (not its_verb and said_of_paper and len(terms) >= 4
                and len(terms & set(tokenize(support))) >= COPIED * len(terms)):
            return "the abstract says this of earlier work, not of this paper"  # "ZIP-RC scales … by using a fixed budget"
        claimed = re.findall(r"[A-Za-z][\w-]*|[,;:]", claim)
        at = next((i for i, w in enumerate(claimed) if len(_stem(verb)) >= 4 and _stem(w) == _stem(verb)), None)
        # what the claim does it to, up to the next comma as earlier work's is ("focuses on textual knowledge,
        # leaving image knowledge unprotected": "textual knowledge")
        after = claimed[at + 1:] if at is not None else []
        done = set(tokenize(" ".join(after[:next((i for i, w in enumerate(after) if w in ",;:"), len(after))])))
        # with earlier work's own verb, what it is done to must be what earlier work does it to, not
        # what follows from it ("addresses post-merge performance degradation caused by …")
        held = set(tokenize(" ".join(words[words.index(verb) + 1:]))) if its_verb else set(tokenize(support))
        if done and 3 * len(done & held) >= 2 * len(done):
            return "the abstract says this of earlier work, not of this paper"
    earlier, own, conceded = _earlier_and_own(abstract)
    theirs = set(tokenize(claim)) & (set(tokenize(conceded)) - set(tokenize(own)))
    if len(theirs) >= EARLIER_TERMS and 3 * len(theirs) >= len(set(tokenize(claim))):
        return "the abstract says this of earlier work, not of this paper"  # "… by using visual supervision, …"
    for n in numbers(claim):
        if (any(_same(n, s) for s in numbers(earlier))
                and not any(_same(n, s) for s in numbers(own))):
            return f"the abstract gives {n[0]:g}{n[1]} for earlier work, not for this paper"
    return ""


# "Despite progress with visual supervision, reinforcement learning, and post-hoc attention reshaping, the
# representational origins of hallucinations remain unclear": the opening phrase is other work's
_CONCEDED = re.compile(r"^\W*(?:despite|in spite of|although|though)\b(?:[^,;]*,(?!\s+(?:the|a|an|these|this|those|"
                       r"their|its|it|they|we|our|there|such|most|many|existing|current)\b))*[^,;]*[,;]", re.I)
EARLIER_TERMS = 3  # a claim with this many terms the abstract writes only of earlier work (and a third of its own)


@lru_cache(maxsize=256)
def _earlier_and_own(abstract: str) -> tuple[str, str, str]:
    """The abstract's text about earlier work (its sentences whose subject that is, and the opening
    "Despite …," phrases), the rest, and those phrases alone."""
    earlier: list[str] = []
    own: list[str] = []
    conceded_all: list[str] = []
    for sentence in sentences(abstract):
        conceded = _CONCEDED.match(sentence)
        if of_earlier_work(sentence):
            earlier.append(sentence)
        elif conceded and not _WE.search(conceded.group(0)):
            earlier.append(conceded.group(0))
            conceded_all.append(conceded.group(0))
            own.append(sentence[conceded.end():])
        else:
            own.append(sentence)
    return " ".join(earlier), " ".join(own), " ".join(conceded_all)


# "GenVP is Raven's Progressive Matrices (RPMs), an established benchmark …": the paper said to be another
# thing the abstract names, the subject (its name) taken out, so the clause opens with the copula
_IS_NAMED = re.compile(r"^\W*(?:is|are)\s+((?:[A-Z][\w'’-]*\s*){1,6}(?:\([A-Za-z][\w-]*\))?)")


def identity_conflict(clause: str, own_names: Sequence[str] = ()) -> str:
    """A clause, its subject the paper's name taken out, that says the paper is something else the
    abstract names ("GenVP is Raven's Progressive Matrices (RPMs)", the benchmark GenVP solves);
    its own names and their spelled-out forms ("PEARL is Parallel spEculative decoding …") are
    the paper."""
    m = _IS_NAMED.match(clause)
    if not m:
        return ""
    named = m.group(1).strip()
    if len(named.split()) < 2 and "(" not in named:  # "is Transformer-based": a word, not a name
        return ""
    if any(n and named.lower() in n.lower() for n in own_names):  # "ZIP-RC is Zero-overhead Inference-time …"
        return ""
    return f"it says the paper is '{named}', which its abstract names as something else"


# "GenVP is an established benchmark to examine …": what the abstract says another named thing is
# ("Raven's Progressive Matrices (RPMs) is an established benchmark to examine …"), said of the paper
_IS_WHAT = re.compile(r"^\W*(?:is|are)\s+(?:(?:a|an|the)\s+)?((?:[\w'’-]+\s+){3}[\w'’-]+)", re.I)


def predicate_conflict(clause: str, abstract: str, own_names: Sequence[str] = ()) -> str:
    """A clause, its subject the paper's name taken out, that says the paper is what a sentence of
    the abstract says something else is: that sentence's subject, before its "is", or the name
    its phrase stands beside (", an established benchmark …"), is a named thing (a capital) and
    neither the paper ("we", "our", "it", its names) nor an earlier-work phrase."""
    m = _IS_WHAT.match(clause)
    if not m:
        return ""
    what = r"\s+".join(re.escape(w) for w in m.group(1).split())
    own = [n.lower() for n in own_names if n]
    for sentence in sentences(abstract):
        said = (re.search(rf"^(?P<subject>.*?)\s+(?:is|are)\s+(?:(?:a|an|the)\s+)?{what}", sentence, re.I)
                or re.search(rf"(?P<subject>[A-Z][^,;:]*?),\s+(?:a|an|the)\s+{what}", sentence, re.I))
        if not said:
            continue
        subject = said.group("subject")
        if (re.search(r"\b[A-Z]", subject) and not _SELF.search(subject)
                and not any(n in subject.lower() or subject.lower().strip() in n for n in own)
                and not coined(subject, abstract)):
            return f"it says the paper is what its abstract says {subject.strip()} is"
    return ""


def coined(subject: str, abstract: str) -> bool:
    """Is a name in `subject` one the paper gives its own work ("DSCR is a lightweight … method" where the
    abstract says "we propose Depth and Spatial aware Cache Refinement (DSCR)")? A name with a capital
    after its first letter (or a digit), written after "we propose", "we introduce", "we call" …."""
    names = re.findall(r"\b[A-Za-z][\w-]*[A-Z][\w-]*|\b[A-Z][\w-]*\d[\w-]*", subject)
    return any(re.search(rf"\b(?:we|this (?:paper|work))\b[^.]*?\b(?:propose|introduce|present|develop|design|call|"
                         rf"term|dub|name)\w*\b[^.]*\b{re.escape(n)}\b", s, re.I)
               for n in names for s in sentences(abstract))


_REPLY = re.compile(r"^\s*(?:no|yes)\s*[,.;:!]\s*", re.I)


def _led_by(claim: str, names: Sequence[str]) -> bool:
    """Does the claim open with one of `names` (after a reply word), a word next ("X recommend …")?"""
    plain = _REPLY.sub("", claim)
    return any(name and re.match(rf"^\W*{re.escape(name)}\s+(?:also\s+)?[a-z]", plain, re.I) for name in names)


# a paper's name that opens a later clause, after a comma or "with", "while", "whereas", "and" ("…, with GlowQ
# being a standard method …"): that clause is said of the paper too
_NAME_OPENS = r"(?:,\s*|\b(?:with|while|whereas|and)\s+)"


def _later_subjects(claim: str, names: Sequence[str]) -> list[str]:
    """The clauses after the first whose subject is one of `names`, from after the name on, a participle made
    finite ("being" -> "is", "having" -> "has") and the names left out, as `conflict` reads a claim."""
    parts = []
    for name in names:
        for m in re.finditer(rf"{_NAME_OPENS}{re.escape(name)}\s+(?=[a-z])", claim, re.I) if name else ():
            parts.append(" " + _unnamed(re.sub(r"^having\b", "has", re.sub(r"^being\b", "is", claim[m.end():])), names))
    return parts


def _unnamed(text: str, names: Sequence[str]) -> str:
    """`text` with each of `names` (longest first, any case) taken out: a title is a name, so its words
    ("Do Not Let …", "One Step Diffusion") are no negation and no number."""
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = re.sub(re.escape(name), " ", text, flags=re.I)
    return text


def conflict(claim: str, best: str, nearby: str, abstract: str, own_names: Sequence[str] = ()) -> str:
    """Why `claim` is not what the abstract says, or "" when no rule objects. `best` is the
    sentence closest to the claim (polarity and direction are read there), `nearby` the
    few closest (a number may sit in the next sentence), `abstract` the whole text (names).
    `own_names` are the titles and labels of the papers the claim cites: a title is a name,
    so its words ("Do Not Let …", "One Step Diffusion") are no negation and no number."""
    # "No, ZIP-RC does not need an extra model": the reply word answers, it claims nothing
    plain = _unnamed(_REPLY.sub("", claim), own_names)
    return (number_conflict(plain, nearby, abstract) or repeated_conflict(plain, abstract)
            or glued_conflict(plain, abstract) or pairing_conflict(plain, nearby) or swapped_conflict(plain, nearby)
            or context_conflict(plain, nearby) or level_conflict(plain, nearby) or measure_conflict(plain, abstract)
            or polarity_conflict(plain, best, abstract)
            or direction_conflict(plain, best) or direction_elsewhere(plain, best, abstract)
            or fewer_conflict(plain, abstract) or many_conflict(plain, abstract) or moved_conflict(plain, abstract)
            or superlative_conflict(plain, abstract) or gain_conflict(plain, abstract)
            or benchmark_conflict(claim, abstract, own_names)
            or earlier_conflict(plain, best, abstract, _led_by(claim, own_names))
            # "GlowQ differ in their approach to quantization, with GlowQ being a standard method in deploying large
            # language models but often degrading accuracy …" (over ICLR 2026) is what GlowQ's abstract says of
            # "Quantization techniques such as BitsAndBytes, AWQ, and GPTQ"
            or next((why for part in _later_subjects(_REPLY.sub("", claim), own_names)
                     if (why := earlier_conflict(part, best, abstract, True))), "")
            or name_conflict(claim, abstract, own_names)
            or credit_conflict(claim, abstract, own_names) or comparison_conflict(plain, abstract)
            or baseline_conflict(claim, abstract, own_names)
            or identity_conflict(plain, own_names) or predicate_conflict(plain, abstract, own_names))
