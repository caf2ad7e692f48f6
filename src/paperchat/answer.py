"""The answer: quoted evidence first, then a short model synthesis, verified sentence by sentence.

Small local models on a 2-core CPU copy, drift and mis-cite (README, "Why the
answer looks like this"), so the answer is built in two parts:
1. Evidence (`evidence`), instant and always true: for each relevant paper, the
   sentences of its abstract closest to the question, quoted, with its `[n]`.
   Nothing here comes from the model, so nothing here can be wrong about what a
   paper says.
2. Synthesis (`verified_stream`): the model sees the question and the evidence
   (a few hundred tokens, never whole abstracts) and writes one or two
   sentences that answer or compare, citing `[n]`. Its output is buffered to
   sentence ends; each sentence goes through `cite.Verifier` and only repaired,
   supported sentences are streamed. If the model is unavailable, fails, or
   nothing it wrote survives, the answer is the evidence alone.
`assemble` and `abstained` turn the named results into the final `Answer`.

We build the prompt ourselves rather than through a llama-index response
synthesizer (`CitationQueryEngine`): we need the evidence sentences chosen per
question, a fixed output format and per-sentence verification while streaming.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Iterator, Sequence

import numpy as np

from paperchat import table as T
from paperchat.chat import ChatModel
from paperchat.cite import NUMBERED, Verifier
from paperchat.claims import (
    NEEDING,
    amount_kind,
    amount_setting,
    asked_count,
    asked_without,
    asks_amount,
    asks_most,
    asks_size,
    counted,
    counts_things,
    does_without,
    done_without,
    fewest_counted,
    figure_as_written,
    has_figure,
    joined,
    largest_count,
    largest_figure,
    most_counted,
    negations,
    of_earlier_work,
    ranked_kind,
    states_count,
)
from paperchat.config import AnswerSettings
from paperchat.contribution import (
    ATTACK,
    BENCHMARK,
    POSITION,
    SURVEY,
    asks_for_defenses,
    contribution,
    proposes_attack,
    unasked,
)
from paperchat.errors import ModelUnavailableError, PaperchatError
from paperchat.markers import inner_stops, opens_more, split_sentences, strip_markers
from paperchat.schema import (
    Answer,
    Cell,
    Checked,
    Citation,
    Evidence,
    Hit,
    Paper,
    Plan,
    Retrieved,
    Row,
    Source,
    Synthesis,
    Table,
    Verification,
)
from paperchat.text import (
    STOPWORDS,
    asking_terms,
    aspect,
    coined_name,
    ends_in_abbreviation,
    held_at_stem,
    inert,
    restates,
    sentences,
    third_person,
    title_lead,
    tokenize,
)

COMPARATIVE = re.compile(
    r"\b(compare|comparison|differ|difference|differences|versus|vs\.?|contrast|which papers|"
    r"what papers|papers (?:that|which|on|about)|approaches|methods|both|similar|trade-?offs?|"
    r"(?:which|what)\s+(?:[\w-]+\s+){1,3}?papers|"  # "Which ICLR 2025 papers", "What recent diffusion papers"
    r"(?:in|across|among|between)\s+(?:these|those|the|different|all|both)\s+papers|"  # "How are EBMs trained in these papers?"
    r"(?:how|why) (?:do|did|have|are|were) (?:[\w-]+\s+){0,2}?(?:papers|works|studies)|"  # "How do recent papers improve …?"
    # the papers as the subject of what is asked, after the thing asked for ("How much speedup do speculative
    # decoding papers report?", "What datasets do time series foundation model papers evaluate on?": over ICML
    # 2026 both were answered as quotes, one paper under another, with no table)
    r"\b(?:do|did|have|are|were)\s+(?:[\w-]+\s+){1,5}?papers\s+(?!that\b|which\b|who\b)[a-z]+|"
    # "Which benchmarks evaluate web agents?" (the plural as the subject; not "What datasets does PEARL use?")
    r"(?:which|what) (?:[\w-]+\s+){0,2}?(?:benchmarks|datasets|techniques|frameworks|algorithms|models|systems)"
    r"\s+(?!does|do|did|is|are|was|were|has|have|can|could|will|would|should)[a-z]+|"
    r"different from|differently|(?:better|worse|faster|slower) than)\b",  # "How is it different from PEARL?"
    re.IGNORECASE,
)

SYSTEM = (
    "You answer questions about research papers using only the numbered evidence. "
    "Write at most two short sentences. After every claim put the number of the evidence "
    "it comes from, like [1] or [2][3]. Never state anything that is not in the evidence."
)
IN_SHORT = "**In short:** "
# said when every sentence the model wrote was withheld, so the quotes do not stand unexplained
ALL_WITHHELD = "The model's answer is not shown: the abstracts above do not state it. The quoted sentences are what they say."
HOW_THEY_DIFFER = "**How they differ:** "
# a follow-up that asks to compare the papers shown ("How do they differ in speed?"), not one that asks something of
# them ("Do any of them compare against Mamba?" was answered "How they differ: SEMA compares against Mamba …")
_ASKS_TO_COMPARE = re.compile(r"\b(?:differ\w*|difference\w*|compare\s+(?:them|these|those|the(?:ir)?\b)|comparison|"
                              r"contrast\w*|distinguish\w*|set\w*\s+(?:them|each)\s+apart|versus|vs\.?)", re.I)


# What the model is asked to do after the evidence; their words, like the question's, are no content
TASK_TABLE = ("In at most three sentences of at most 20 words each, say how these papers differ in approach and "
              "result. Use only the table.")
# The table's columns the model is not shown, unless a row has nothing else: its Problem cells are the
# abstracts' opening, which says what the field is ("Speculative decoding (SD), where an extra draft
# model …"), and shown them the model restated each paper's topic ("PEARL addresses speculative
# decoding, while the second focuses on self-speculative decoding") and read a prompt a third longer
# (on this 2-core machine the prompt is read at ~65 tokens/s). Over the 16 tuned comparative
# questions: reply median 76 -> 57 pieces, answer median 11.6 -> 8.2 s, model sentences kept by the
# verifier 31/38 -> 28/30 (its own verdict).
PROMPT_LEAVES_OUT = frozenset({"Problem"})
# "By how much?" after a table: asked how the papers differ, the model compared their problems, no amount
TASK_TABLE_AMOUNT = ("In at most three short sentences, say what amount each paper reports and what it measures. "
                     "Use only the table.")
# "What datasets do the papers on time series foundation models use?" (over ICML 2026, a Data column shown): asked
# how the papers differ, the model compared their approaches and named no dataset
TASK_TABLE_DATA = ("In at most three short sentences, say what data or benchmarks each paper uses or introduces. "
                   "Use only the table.")
# asked again, the rows set out as prose, when the whole reply only copied the table's rows as they were set out
# ("[1] Flow Straight and Fast in Hilbert Space: Approach: …"): of three such tables (two of the eval's, one over
# ICLR 2026) all three were then answered with sentences that verified; told "Do not copy the table." over the same
# rows, one of the three
TASK_APART = "In at most three sentences of at most 20 words each, say what sets each paper apart from the others, citing [n]."
TASK_COMPARE = "Compare the papers in one or two sentences: what each does and how they differ."
TASK_ANSWER = "Answer the question in one or two sentences."
# "What is Tvcache?" then "How much does it speed up tool calls?" over ICML 2026: asked to answer, the model
# defined Tvcache again and ran out of room before its "up to 6.9×", which the quoted evidence holds
TASK_ANSWER_AMOUNT = "Answer the question in one or two sentences, first with the figure the evidence gives for it."
# "Which papers combine diffusion models with RL?" over one paper: asked to answer, the model replied "[1]"
TASK_WHICH = "In one or two sentences, name each paper and say what it proposes that answers the question."
# … and the table's column names ("They differ in their problem, approach and result.")
TASKS = " ".join((TASK_TABLE, TASK_TABLE_AMOUNT, TASK_TABLE_DATA, TASK_COMPARE, TASK_ANSWER, TASK_ANSWER_AMOUNT,
                  TASK_WHICH, *T.COLUMNS,
                  T.DATA))
# a question that asks which papers (or which of those shown) do something
_WHICH = re.compile(r"^\W*(?:which|what)\b(?:\s+[\w-]+){0,3}?\s+(?:papers?|works?|ones?|of (?:them|these|those|the two))\b|"
                    r"\bwhich one\b|^\W*(?:are|is) there (?:any )?papers?\b", re.I)


def short_label(hit_or_title: Hit | str) -> str:
    title = hit_or_title.paper.title if isinstance(hit_or_title, Hit) else hit_or_title
    head = title_lead(title)
    return head if len(head) <= 60 else head[:58].rsplit(" ", 1)[0].rstrip(" ,;:–-") + "…"  # whole words


def is_comparative(question: str) -> bool:
    return bool(COMPARATIVE.search(question))


def make_sources(hits: Sequence[Hit]) -> list[Source]:
    return [Source(n=i, paper=h.paper, label=short_label(h), sentences=sentences(h.paper.abstract))
            for i, h in enumerate(hits, 1)]


_INTENTS = {
    # "How long are the videos they generate?" (ICLR 2026) quoted openings on short clips, not "minute-length"
    "number": re.compile(r"\bhow (?:much|many|fast|large|big|long|well|often|accurate|precise|effective)\b|\bby how much\b|\bwhat (?:is the )?"
                         r"(?:speed-?ups?|accuracy|gains?|improvements?|scores?|error|reduction)\b", re.I),
    # "How do they evaluate their models?" asks for the evaluation, not the method ("how do")
    "data": re.compile(r"\b(?:what|which) (?:data|datasets?|benchmarks?|corpora|tasks)\b|\b(?:evaluated|tested|"
                       r"trained) on\b|\bhow (?:do|does|did|are|is|were|was) (?:[\w-]+\s+){0,3}?(?:evaluat\w*|"
                       r"benchmark\w*|validat\w*)\b", re.I),
    "method": re.compile(r"\bhow (?:does|do|is|are|can)\b(?!(?:\s+[\w-]+){0,3}\s+perform)|\bwhat (?:method|technique|mechanism|components?|"
                         r"architecture|algorithm)\b|\bwork\b", re.I),
    # "What is its main result?" was answered with the abstract's opening sentence
    "result": re.compile(r"\bwhat (?:is|are|were|was) (?:its|their|the) (?:main |key |central |headline )?"
                         r"(?:results?|findings?|conclusions?|outcomes?)\b|\bwhat (?:main |key )?(?:results?|findings?) "
                         r"(?:does|do|did)\b|"
                         r"\bwhat (?:do|did|does) (?:they|it|the (?:paper|authors?|study)) (?:find|show|conclude)\b|"
                         # "How do models perform on it?" after OmniSpatial: its finding, not how it is built
                         r"\bhow (?:do|does|did) (?:[\w-]+\s+){0,3}perform\b", re.I),
    # "What problem does Gen-DFL address?" quoted its method and results; the gap is in its opening sentences
    "problem": re.compile(r"\bwhat (?:\w+ )?(?:problems?|challenges?|gaps?|issues?|limitations? of (?:prior|existing|"
                          r"earlier|previous))\b|\bwhy (?:is|was|are|were) (?:it|this|they) needed\b|\bmotivation\b",
                          re.I),
}
_DIGIT = re.compile(r"\d")
# not a word made with it: over ICML 2026 "What benchmarks do they use?" after offline-RL papers quoted DUAL's
# "Although data-efficient, O2O-RL is susceptible to shifts …", not "… across MuJoCo, AntMaze, Frozen-Lake, and
# Adroit environments"
_DATA = re.compile(r"\b(?:data(?:sets?)?(?!-)|benchmarks?|corpus|corpora|evaluat\w* on|experiments? on)\b", re.I)
# a sentence that names what the paper is evaluated on, not one that only speaks of "data" ("data heterogeneity"):
# by those words, a name with a number ("CIFAR-10"), or names listed before what they are ("MuJoCo, AntMaze, and
# Adroit environments")
_DATA_NAMED = re.compile(r"\b(?i:datasets?|benchmarks?|corpus|corpora|evaluat\w* on|experiments? on)\b|"
                         r"\b[A-Z][A-Za-z]*-\d+\b|"
                         r"\b[A-Z][\w-]*,\s+(?:[A-Z][\w-]*,\s+)*(?:and\s+)?[A-Z][\w-]*\s+"
                         r"(?:environments|domains|tasks|games|suites|testbeds)\b")


# "What does HumanLM do and how many …?", "What is GenCape and what are its two main components?": what the paper is,
# asked beside a figure or its data
_ASKS_WHAT_IT_IS = re.compile(r"\bwhat (?:does|do|did) [\w-]+(?: [\w-]+){0,3}? do\b|\bwhat (?:is|are) [\w-]+,? and\b", re.I)


def asks_what_it_is(question: str) -> bool:
    """Does the question ask what a paper is or does beside a figure, its data or its results (`intent` "number",
    "data" or "result": "What is Point-MoE, and what results does it report?")?"""
    return intent(question) in ("number", "data", "result") and _ASKS_WHAT_IT_IS.search(question) is not None


def intent(question: str) -> str:
    """What kind of sentence answers the question: "number", "size", "data", "method", "result", "problem" or ""."""
    return next(iter(intents(question)), "")


def intents(question: str) -> list[str]:
    """Every kind of sentence the question asks for, the one that answers it first (`intent`): "How does
    Goedel-Prover-V2 train its prover? How well does it do on MiniF2F?" asks for a figure and the method. A kind is
    asked only where its words are not those of a kind before it ("How do they evaluate" asks for the data, and its
    "how do" for no method)."""
    if asks_size(question):  # "Which of them is the largest?": each one's count of tasks, problems, images
        return ["size"]
    if asks_most(question):  # "Which of them reports the biggest gain?"
        return ["number"]
    kinds: list[str] = []
    taken: list[tuple[int, int]] = []
    for name, pattern in _INTENTS.items():
        spans = [m.span() for m in pattern.finditer(question)]
        if any(not any(a < d and c < b for c, d in taken) for a, b in spans):
            kinds.append(name)
        taken += spans
    return kinds


_SEVERAL_ASKED = re.compile(r"\b(?:papers|works|studies|approaches)\b", re.I)  # a question that asks for several


def alone(plan: Plan, ev: Evidence) -> str:
    """What to say before the quotes of a comparative question that one of the papers found addresses
    ("Which papers make training diffusion models faster or cheaper?": FaPS alone): the answer is one
    paper, not a comparison, and the other papers shown were judged off the question, not overlooked."""
    if (not plan.comparative or plan.reading != "fresh" or ev.table is not None or len(ev.quotes) != 1
            or not _SEVERAL_ASKED.search(plan.question)):  # "How much faster is X than earlier methods?" asks of one
        return ""
    others = len(ev.sources) - 1
    if others < 1:
        return ""
    only = next(s for s in ev.sources if s.n in ev.quotes)
    return (f"Only one paper found is on this: {only.label}. The other {others} shown below "
            f"{'is' if others == 1 else 'are'} not quoted.")


_KIND_NAMES = {ATTACK: ("presents an attack", "present attacks"), BENCHMARK: ("is a benchmark", "are benchmarks"),
               POSITION: ("is a position paper", "are position papers"), SURVEY: ("is a survey", "are surveys")}


def not_asked_for(plan: Plan, ev: Evidence) -> str:
    """What to say before the quotes when every paper quoted is of a kind the question does not ask for (retrieval
    keeps them when there is nothing else: contribution.py): over ICML 2026, "What methods defend against membership
    inference attacks?" quoted BMIA, an attack ("How does Bayesian Sampling help Membership Inference Attacks?"),
    as if it answered."""
    kinds = unasked(plan.question)
    quoted = [s for s in ev.sources if s.n in ev.quotes]
    if not kinds or not quoted or any(s.paper.title_derived for s in quoted):
        return ""
    found: dict[str, list[str]] = {}
    for s in quoted:
        found.setdefault(contribution(s.paper.title, s.paper.abstract), []).append(s.label)
    if not set(found) <= kinds:
        return ""
    asked = "proposes a defense" if asks_for_defenses(plan.question) else "proposes a method for this"
    said = [f"{labels[0]} {_KIND_NAMES[kind][0]}" if len(labels) == 1 else
            f"{'all ' if len(found) == 1 else ''}{len(labels)} {_KIND_NAMES[kind][1]}" for kind, labels in found.items()]
    return f"None of the papers found {asked}: {', '.join(said)}."


NAMED_AT_MOST = 4  # the papers without a figure (or count) a note names; more are counted


def without_figures(question: str, ev: Evidence) -> str:
    """What to say before the quotes when the question asks for an amount that a quoted paper's
    abstract never states ("What does SlerpFlow correct, and how much does it improve inversion?"):
    the model, asked anyway, wrote an amount-shaped sentence the abstract does not hold; or for a
    count no number in it gives ("How many tasks does the second one have?" of WebDevJudge, over ICLR
    2026, quoted three sentences, and the model's "The second benchmark has 10 tasks" was withheld)."""
    amount = asks_amount(question)
    word = "" if amount else counted(question)
    if not (amount or word):
        return ""
    quoted = [s for s in ev.sources if s.n in ev.quotes]
    # "How much memory does the second one save?" over ICLR 2026: DOIT's abstract gives speedups, no memory figure
    kind = amount_kind(question) if amount else ""
    fewest = fewest_counted(question) if amount else ""
    # "… the biggest gain on math benchmarks?": a figure of another setting is none (claims.amount_setting)
    where, setting = amount_setting(question) if amount else ("", frozenset())
    size = asks_size(question)  # "Which of them is the largest?": a count of what it holds ("1,202 tasks") is its size
    lacking = [s for s in quoted if not (states_count(s.paper.abstract, word) if word
                                         else any(map(counts_things, sentences(s.paper.abstract))) if size
                                         else has_figure(s.paper.abstract, kind, setting)
                                         or bool(fewest) and states_count(s.paper.abstract, fewest))]
    if not lacking:
        return ""
    # (one abstract, several) lack it
    figure = "size (a count of tasks, items or examples)" if size else \
        f"{kind + ' ' if kind else ''}figure {f'on {where}' if setting else '' if kind else 'for this'}".strip()
    says, say = (f"never says how many {word}", f"never say how many {word}") if word else \
        (f"gives no {figure}", f"give no {figure}")
    if len(lacking) == len(quoted):
        if len(quoted) == 1:
            return f"The abstract of {lacking[0].label} {says}. What it says:"
        gives = f"says how many {word}" if word else f"gives {_a(figure)}"
        return f"None of these abstracts {gives}. What they say:"
    names = [s.label for s in lacking]
    if len(names) > NAMED_AT_MOST:  # "How many problems do they have?" after 16 code benchmarks (ICLR 2026): 14 names
        giving = [s.label for s in quoted if s not in lacking]
        if len(giving) > NAMED_AT_MOST:
            return f"{len(names)} of these {len(quoted)} abstracts {say}."
        those = _listing(giving)
        gives = f"say{'s' if len(giving) == 1 else ''} how many {word}" if word else \
            f"give{'s' if len(giving) == 1 else ''} {_a(figure)}"
        return f"Only the abstract{'s' if len(giving) > 1 else ''} of {those} {gives}; the other {len(names)} do not."
    listed = _listing(names)
    return f"The abstract{'s' if len(names) > 1 else ''} of {listed} {say if len(names) > 1 else says}."


def _listing(names: Sequence[str]) -> str:
    """The names as a person lists them: "A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _a(word: str) -> str:
    """The word after its article: "an accuracy", "a memory"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def ranking(plan: Plan) -> str:
    """The kind of figure a follow-up asks which of the papers shown has the most of (`ranked_kind`), else "": a
    question of its own ("Which papers report the largest speedup?") is a search, not an order of papers shown."""
    return ranked_kind(plan.question) if plan.reading == "narrow" else ""


def counting(plan: Plan) -> tuple[str, bool]:
    """The things a follow-up asks which of the papers shown has the most (or, True, fewest) of (`most_counted`:
    "Which of them has the most tasks?"), else ("", False)."""
    return most_counted(plan.question) if plan.reading == "narrow" else ("", False)


def _by_count(plan: Plan, quoted: Sequence[Source]) -> str:
    """`ranked`'s note for a count asked ("Which of them has the most tasks?" after code-agent benchmarks, over ICML
    2026): set in order by each abstract's largest count of the things (its lowest width of bits: `asked_count`), as
    written."""
    what, fewest = counting(plan)
    counts = {s.n: asked_count(what, s.sentences) for s in quoted}
    stating = [s for s in quoted if counts[s.n]]
    bits = what == "bits"
    count_of = "width in bits" if bits else f"count of {what}"
    if not stating:
        return f"None of these abstracts gives a {count_of}. What they say:"
    if len(stating) == 1:
        return (f"Of these, only the abstract of {stating[0].label} gives a {count_of} "
                f"({(counts[stating[0].n] or (0.0, 0, ''))[2]}); it is quoted first.")
    first = [f"{s.label} {(counts[s.n] or (0.0, 0, ''))[2]}" for s in stating][:3]
    more = len(first) < len(stating)
    note = (f"Set in order by the {'fewest' if fewest else 'most'} {what} each abstract gives ({', '.join(first)}"
            f"{', …' if more else ''}). Each is the {'lowest width' if bits else 'largest count'} its abstract gives; "
            "read each one's sentence.")
    lacking = [s.label for s in quoted if not counts[s.n]]
    if lacking:
        listed = f"The other {len(lacking)}" if len(lacking) > NAMED_AT_MOST else _listing(lacking)
        note += f" {listed} give{'s' if len(lacking) == 1 else ''} no {count_of}."
    return note


def ranked(plan: Plan, ev: Evidence) -> str:
    """What to say before the quotes of "Which of them reports the largest speedup?": how they were set in order, from
    whose figure, and which of them state no such figure; the figures are the abstracts' own, measured against
    different baselines, so the order is no verdict and the note says so. It says which abstracts lack a figure, in
    place of `without_figures`; "" when there is no order to say. With it, the answer is the note and the quotes,
    and the model is not asked: told to name each paper and what it proposes, the 1.5B model restated the question
    ("[1] and [2] report the largest speedup"); told the order and asked for the first papers' figures, it said
    "largest" of one (withheld, twice) or garbled a label ("The second paper,, reports that …") in three of five
    follow-ups over ICLR and ICML 2026."""
    kind = ranking(plan)
    quoted = [s for s in ev.sources if s.n in ev.quotes]
    if len(quoted) >= 2 and counting(plan)[0]:
        return _by_count(plan, quoted)
    if not kind or len(quoted) < 2:
        return ""
    where, setting = amount_setting(plan.question)  # "… the largest speedup on long contexts?": there, not elsewhere
    figures = {s.n: largest_figure(kind, s.sentences, setting) for s in quoted}
    stating = [s for s in quoted if figures[s.n]]
    what = f"{kind} figure{f' on {where}' if setting else ''}"  # "speed figure on long contexts"
    if not stating:
        return f"None of these abstracts gives a {what} as a factor or percentage. What they say:"

    def amount(s: Source) -> str:
        figure = figures[s.n] or (0, 0.0, 0)
        return figure_as_written(s.sentences[figure[2]], figure)

    if len(stating) == 1:  # nothing to set in order
        return (f"Of these, only the abstract of {stating[0].label} gives a {what} as a factor or percentage "
                f"({amount(stating[0])}); it is quoted first.")
    first = [f"{s.label} {amount(s)}" for s in stating][:3]
    more = len(first) < len(stating)
    note = (f"Set in order by the largest {what} each abstract states ({', '.join(first)}{', …' if more else ''})"
            ". A factor (×) comes before a percentage, and the figures are measured against different baselines and "
            "settings, so read each one's sentence.")
    lacking = [s.label for s in quoted if not figures[s.n]]
    if lacking:  # by name, or, past NAMED_AT_MOST of them (twelve test-time training papers over ICML 2026), counted
        listed = f"The other {len(lacking)}" if len(lacking) > NAMED_AT_MOST else _listing(lacking)
        note += f" {listed} state{'s' if len(lacking) == 1 else ''} no {what} as a factor or percentage."
    return note


_LEADS_IN = re.compile(r"\s*What (?:it says|they say):$")


def joined_notes(*notes: str) -> str:
    """The notes said before the quotes, as one: a note that leads into them ("… What they say:") comes last and
    leads in once. Over ICLR 2026 "How much faster is DFlash than autoregressive decoding?" read "None of these
    abstracts uses the word “DFlash”. What they say: The abstract of ParallelBench gives no figure for this."
    """
    notes = tuple(n for n in notes if n)
    leading = [n for n in notes if _LEADS_IN.search(n)]
    body = [n for n in notes if n not in leading] + [_LEADS_IN.sub("", n) for n in leading[:-1]] + leading[-1:]
    return " ".join(body)


def pick_evidence(question_vec: np.ndarray, source: Source, count: int, wants: str = "",
                  bonus: float = 0.15, without: frozenset[str] = frozenset(),
                  seen: frozenset[str] = frozenset(), held: frozenset[str] = frozenset(),
                  what_it_is: bool = False, also: Sequence[str] = (), how_many: str = "",
                  attacking: bool = False) -> list[str]:
    """The `count` sentences of the source that best answer the question, in abstract order:
    closeness to it, plus `bonus` for a sentence of the kind it asks for (a number for "how
    much", the method for "how does it work", the data for "what data", a result for "what is
    its main result"), and as much again for one that says it does without what the question
    asks to be done `without` ("needs no retraining": "a training-free … paradigm"), or, times the share
    of them it holds, for one that holds at least half the terms a question picking among the papers shown
    picks by (`held`: "train" of "Do any of them need training?"). Sentences `seen` in the answer before
    ("Tell me more") are left out while the abstract has others. A question that also asks what the paper is
    (`what_it_is`) gets its best objective or method sentence beside them when none is kept, and one that asks for
    `also` other kinds ("How does it train its prover? How well does it do?") the best sentence of each kind beside
    them, where two or more are kept. A question asking `how_many` of a thing ("tasks") gets a sentence that counts
    it (`largest_count`), where the abstract has one and no kept sentence does; one asking for attacks (`attacking`)
    gets the sentence that proposes one."""
    assert source.vectors is not None
    sims = source.vectors @ question_vec
    doing: set[int] = set()  # the sentences that say it does without what is asked
    holding: dict[int, float] = {}  # the share of the picked terms each sentence holds, of those holding half
    for i, sentence in enumerate(source.sentences):
        if held and (share := len(held & set(tokenize(sentence))) / len(held)) >= 0.5:
            sims[i] += bonus * share
            holding[i] = share
        role = source.roles[i] if i < len(source.roles) else ""
        fits = ((wants == "number" and _DIGIT.search(sentence)) or (wants == "data" and _DATA.search(sentence))
                or (wants == "size" and counts_things(sentence))
                or (wants in ("method", "result") and role == wants)
                or (wants == "problem" and role in ("objective", "background")))
        sims[i] += bonus if fits else 0.0
        if without and any(does_without(t, done_without(sentence)) for t in without):
            sims[i] += bonus
            doing.add(i)
    fresh = [i for i in range(len(source.sentences)) if source.sentences[i] not in seen]
    if seen and fresh:  # "Tell me more": what was not quoted before
        sims[[i for i in range(len(source.sentences)) if i not in fresh]] = -np.inf
        count = min(count, len(fresh))
    # a sentence that points to the code says nothing of the paper, its link taken out and shown on the source card:
    # over ICLR 2026 "What does TTT3R do, and what results does it report?" quoted "Code is available in" third
    pointers = [i for i, sentence in enumerate(source.sentences) if T.points_to_code(sentence) and np.isfinite(sims[i])]
    if pointers and len(pointers) < int(np.isfinite(sims).sum()):
        sims[pointers] = -np.inf
        count = min(count, int(np.isfinite(sims).sum()))
    ranked = np.argsort(-sims).tolist()
    keep = ranked[:count]

    def ensure(holds: Callable[[int], bool]) -> None:  # the best sentence that holds it, if no kept one does
        if keep and not any(holds(i) for i in keep):
            found = next((i for i in ranked if i not in keep and np.isfinite(sims[i]) and holds(i)), None)
            keep[-1] = keep[-1] if found is None else found

    if wants == "size":  # "Which of them is the largest?": CoDA-Bench's "comprises 1,202 tasks", not its 56.1%
        ensure(lambda i: counts_things(source.sentences[i]))
    if wants == "number":
        # "By how much do they reduce forgetting?" quoted DEDUCE's two sentences on forgetting, not its
        # "average gain of up to 5.5%": the abstract's figure is what was asked for
        ensure(lambda i: has_figure(source.sentences[i]))
    if how_many:
        # over ICML 2026 "How many tasks do they have?" after code-agent benchmarks quoted CVE-Factory's "66.2% verified
        # success" and "over 1,000 executable training environments, … agentic tasks", not "a continuously updated
        # benchmark of 190 tasks": the number of the things asked, written before them, is the answer
        ensure(lambda i: largest_count(how_many, [source.sentences[i]]) is not None)
    if wants == "data":
        # over ICLR 2026 "What datasets do they use?" after federated-learning papers quoted the hierarchical
        # FL paper's sentences on "data heterogeneity", not its "Extensive experiments on CIFAR-10/CINIC-10/…"
        ensure(lambda i: bool(_DATA_NAMED.search(source.sentences[i])))
    if holding:
        # over ICML 2026 "Do any of them need training?" after hallucination-mitigation papers quoted each one's
        # opening on hallucination, not its "Our method is training-free and plug-and-play" or "HaloProbe uses
        # balanced training …": the sentence that holds what the question picked by is its answer
        most = max(holding.values())
        ensure(lambda i: holding.get(i, 0.0) == most)
    if doing:
        # over ICLR 2026 "Which of them is training-free?" quoted DSCR's two sentences on hallucination, closer to
        # the conversation, not its "a lightweight and training-free method": what makes it one is what was asked
        ensure(lambda i: i in doing)
    roles = source.roles if len(source.roles) == len(source.sentences) else [""] * len(source.sentences)

    def asked(i: int, kind: str) -> bool:
        """A sentence of the kind: its figure, its data named, its role; the method said beyond naming what is
        proposed ("We introduce Goedel-Prover-V2, a family of two language models …" names it) or what was found (a
        sentence of figures, or "Extensive experiments demonstrate that our method …", the role head may call a
        method)."""
        said = source.sentences[i]
        naming = T.proposes(said) and source.paper.name in said
        return ((kind == "number" and has_figure(said)) or (kind == "data" and bool(_DATA_NAMED.search(said)))
                or (kind == "method" and roles[i] == kind and not has_figure(said) and not T.reports(said)
                    and not naming)
                or (kind == "result" and roles[i] == kind)
                or (kind == "problem" and roles[i] in ("objective", "background")))

    kinds = [wants, *also]
    for n, kind in enumerate(kinds):
        # over ICLR 2026 "How does Goedel-Prover-V2 train its prover?" (and with "How well does it do on MiniF2F?")
        # quoted its opening and two sentences of figures, all three methods to the role head, not "… our approach
        # incorporates three key innovations: (1) … scaffolded data synthesis …; (2) The prover is trained to
        # self-correct …": a sentence of each kind asked (the first kind's bonus above reads the role alone, and only
        # a method is read more closely here), in place of the lowest ranked one of no kind asked, else of one that
        # another kept sentence is of too
        if (n == 0 and kind != "method") or len(keep) < 2 or any(asked(i, kind) for i in keep):
            continue
        # a method proposed first ("Building on this insight, we introduce the core of our approach: certainty-forcing
        # distillation, …" over dParallel's "We identify that the key bottleneck …", closer to the question)
        found = next(iter(sorted((i for i in ranked if i not in keep and np.isfinite(sims[i]) and asked(i, kind)),
                                 key=lambda i: kind == "method" and not T.proposes(source.sentences[i]))), None)
        before = kinds[:n]
        spare = ([i for i in reversed(keep) if not any(asked(i, k) for k in before)]
                 + [i for i in reversed(keep) if not any(asked(i, k) and sum(asked(j, k) for j in keep) == 1
                                                         for k in before)])
        if found is not None and spare:
            keep[keep.index(spare[0])] = found
    if wants == "method" and len(keep) >= 2 and not any(asked(i, "method") and T.proposes(source.sentences[i]) for i in keep):
        # over ICLR 2026 "How does CyclicReflex improve reasoning models?" quoted its opening on reasoning models, "Through
        # empirical analysis, we show …" and "we draw an analogy …" (methods to the role head), not "we propose
        # cyclical reflection token scheduling …, a training-free decoding strategy that dynamically modulates …", a
        # hair further from the question, and the model said it works by what reasoning models do: the method proposed,
        # in place of the lowest ranked sentence but the closest that no other kind asked needs
        found = next((i for i in ranked if i not in keep and np.isfinite(sims[i]) and asked(i, "method")
                      and T.proposes(source.sentences[i])), None)
        spare = [i for i in reversed(keep) if i != keep[0]
                 and not any(asked(i, k) and sum(asked(j, k) for j in keep) == 1 for k in also)]
        if found is not None and spare:
            keep[keep.index(spare[0])] = found
    if attacking and not any(proposes_attack(source.sentences[i]) for i in keep):
        # over ICLR 2026 "How do papers attack or remove watermarks in images?" quoted the defense the self-re-
        # watermarking paper builds, not "we introduce the self-re-watermarking threat model as a novel attack
        # vector": in place of the lowest ranked sentence but the closest
        found = next((i for i in ranked if i not in keep and np.isfinite(sims[i])
                      and proposes_attack(source.sentences[i])), None)
        if found is not None and len(keep) >= 2:
            keep[keep.index(min(keep[1:], key=lambda i: sims[i]))] = found

    def says_what(i: int) -> bool:  # "we propose …" (the role head can take it for background), or its aim or method
        return T.proposes(source.sentences[i]) or roles[i] in ("objective", "method")
    if what_it_is and not any(T.proposes(source.sentences[i]) for i in keep) and (
            any(T.proposes(source.sentences[i]) and np.isfinite(sims[i]) for i in ranked)
            or not any(says_what(i) for i in keep)):
        # over ICML 2026 "What does HumanLM do and how many participants were in its study?" quoted three sentences
        # of figures, not "we propose a novel training framework, HumanLM, which builds user simulators …", and the
        # model called it "a large-scale language model"; over ICLR 2026 "What is Point-MoE, and what results does it
        # report?" quoted "Point clouds arise from a wide range of sensors …" (a method to the role head), not "We
        # introduce Point-MoE, a Mixture-of-Experts design …": what proposes it first, else its aim or method
        said = [i for i in ranked if says_what(i) and np.isfinite(sims[i])]
        keep += sorted(said, key=lambda i: not T.proposes(source.sentences[i]))[:1]
    return [source.sentences[i] for i in sorted(keep)]


def evidence(question_vec: np.ndarray, sources: list[Source], use: Sequence[int], count: int,
             wants: str = "", without: frozenset[str] = frozenset(), seen: frozenset[str] = frozenset(),
             held: frozenset[str] = frozenset(), what_it_is: bool = False, ranked: str = "",
             also: Sequence[str] = (), setting: frozenset[str] = frozenset(), counted: str = "",
             how_many: str = "", attacking: bool = False) -> Evidence:
    """Markdown bullets quoting each source numbered in `use`, and the quotes per source; `seen`:
    sentences quoted just before ("Tell me more"), left out where the abstract has others; `held`: the
    terms a question picking among the papers shown picks by (`pick_evidence`); `ranked`, the kind of figure a
    question asks which of them has the most of (`ranked_kind`): each paper's sentence of its largest such figure,
    the one it was ordered by, or the one sentence that best answers where it states none; `also`, the other kinds
    of sentence the question asks for (`intents`); `setting`, where it asks the figure on (claims.amount_setting);
    `counted`, the things it asks which has the most of (`counting`): each paper's sentence of its largest count;
    `how_many`, the things it asks how many of (claims.counted); `attacking`, whether it asks for attacks
    (contribution.asks_for_attacks)."""
    lines, quotes = [], {}
    for s in sources:
        if s.n not in use:
            continue
        largest = largest_figure(ranked, s.sentences, setting) if ranked else None
        most = asked_count(counted, s.sentences) if counted else None
        at = largest[2] if largest else most[1] if most else None
        quotes[s.n] = [s.sentences[at]] if at is not None else pick_evidence(
            question_vec, s, 1 if ranked or counted else count, wants, without=without, seen=seen, held=held,
            what_it_is=what_it_is and len(use) == 1, also=also, how_many=how_many, attacking=attacking)
        venue = f"{s.paper.venue} {s.paper.year}"
        # abstract text is untrusted: "[0,1]" is the paper's text, not a citation, and no link is made
        quoted = inert(" ".join(quotes[s.n]))
        lines.append(f"- **{inert(s.label)}** ({inert(venue)}): “{quoted}” [{s.n}]")
    return Evidence(sources, quotes, "\n".join(lines))


def tabled(sources: list[Source], table: Table) -> Evidence:
    """The evidence of a comparative answer: the table, whose cells are the quotes."""
    quotes = {r.n: [next(s for s in sources if s.n == r.n).sentences[c.sentence]
                    for c in r.cells.values() if c.sentence >= 0] for r in table.rows}
    return Evidence(sources, quotes, T.markdown(table), table)


def asked(plan: Plan) -> str:
    """The question as the model reads it. A follow-up whose query is the conversation's so far
    with the question after it is set out as such ("Earlier question: Is there a paper on
    watermarking …?" then "Question: How robust is it to removal attacks?"): given the two run
    together, the model answered the first ("Yes, there is a paper on watermarking …")."""
    question, query = plan.question.strip(), plan.query.strip()
    if plan.reading == "fresh" or query == question or not query.endswith(question):
        return f"Question: {query}"
    return f"Earlier question: {query[:-len(question)].strip()}\nQuestion: {question}"


# Qwen2.5's tokenizer reads 5.4 characters a token over 500 ICML 2026 abstracts, 4.0 in the densest one
CHARS_PER_TOKEN = 4
TEMPLATE_TOKENS = 32  # the chat template's own tokens around the two messages


def prompt(plan: Plan, ev: Evidence, rows: int | None = None, room: int | None = None,
           again: bool = False) -> list[dict[str, str]]:
    """The model's messages: the table's first `rows` rows (a table may hold more than three
    sentences can set apart) or the quoted evidence, then the question (under a table, only when
    it says what to compare or asks for amounts) and the task; `again`, after a reply that only copied the
    table, the rows as prose, without their columns' names, and what sets each paper apart. Rows or
    evidence lines that would take the prompt past `room` tokens (the context less the reply) are
    left out, last first, so a long table never overflows the model's context."""
    # the model sees each paper's name or whole title: a label cut short ("… Equality and…") is
    # what it would copy into its sentence
    labels = {s.n: s.paper.name for s in ev.sources}
    if ev.table is not None and again:  # the rows as prose, no column names to copy them by
        lines = [f"{labels[r.n]} [{r.n}]: " + " ".join(c.text for _, c in _shown_cells(r)) for r in ev.table.rows[:rows]]
        task, system, head = TASK_APART, SYSTEM.replace("two", "three"), "Papers"
    elif ev.table is not None:
        lines = [f"[{r.n}] {labels[r.n]}: " + "; ".join(f"{k}: {c.text}" for k, c in _shown_cells(r))
                 for r in ev.table.rows[:rows]]
        task = (TASK_TABLE_AMOUNT if asks_amount(plan.question) else TASK_TABLE_DATA if T.DATA in ev.table.columns
                else TASK_TABLE)
        system, head = SYSTEM.replace("two", "three"), "Table"
    else:
        lines = [f"[{n}] {labels[n]}: {' '.join(ev.quotes[n])}" for n in ev.quotes]
        task = (TASK_COMPARE if plan.comparative and len(ev.quotes) > 1
                else TASK_WHICH if _WHICH.search(plan.question)
                else TASK_ANSWER_AMOUNT if asks_amount(plan.question) else TASK_ANSWER)
        system, head = SYSTEM, "Evidence"

    # under a table the question's own words are left out unless they say what to compare ("differ in
    # robustness") or ask for amounts: shown them, the model said them of each paper ("X changes how
    # language models handle tokens …"), words most abstracts never use, and the verifier withheld 18 such
    # sentences over the 67 held-out comparative questions (1 without them)
    question = "" if (ev.table is not None and (again or plan.reading == "fresh" and not asks_amount(plan.question)
                      and not aspect(plan.question) and T.DATA not in ev.table.columns)) else asked(plan)

    def messages() -> list[dict[str, str]]:
        shown = "\n".join(lines)
        said = f"{question}\n" if question else ""
        return [{"role": "system", "content": system},
                {"role": "user", "content": f"{head}:\n{shown}\n\n{said}{task}"}]

    while room is not None and len(lines) > 1 and (
            sum(len(m["content"]) for m in messages()) / CHARS_PER_TOKEN + TEMPLATE_TOKENS > room):
        lines.pop()
    return messages()


def said_nothing(synthesis: Synthesis) -> bool:
    """Did the model write a reply all of which was left out, neither kept nor withheld (copies of the table,
    restatements of the question)?"""
    return (synthesis.timings.get("model_pieces", 0) > 0 and not synthesis.sentences and not synthesis.withheld
            and not synthesis.report.dropped_sentences and not synthesis.note)


def _shown_cells(row: Row) -> list[tuple[str, Cell]]:
    """The cells of a table row the model is shown: those that hold a sentence, but PROMPT_LEAVES_OUT's
    columns unless the row has no other."""
    held = [(k, c) for k, c in row.cells.items() if c.sentence >= 0]
    return [(k, c) for k, c in held if k not in PROMPT_LEAVES_OUT] or held


# "They differ in …": a difference, which one paper alone cannot back
_THEY_DIFFER = re.compile(r"^\W*(?:They|Their)\b[^.;:]*?\b(?:differ|differs|differences?|different)\b")
DIFFERS_ALONE = "it says how papers differ, but only one paper backs it"
_OPENING_PRONOUN = re.compile(r"^(It|Its|They|Their)\b(?!\s+(?:is|was)\s+(?:not\s+)?(?:clear|unclear|possible|known)\b)")


# "Hubble presents Hubble, a suite of open-source …" (the name put in for "[1] presents Hubble, …")
_NAMED_TWICE = re.compile(r"\b([A-Z][\w-]*(?: [\w-]+){0,6}) (?:presents|introduces|proposes|develops) \1, (an?|the) ")
# "Spherical Watermark demonstrates that Spherical Watermark consistently preserves …" (a name put in for each "[2]")
_SAYS_OF_ITSELF = re.compile(r"\b([A-Z][\w-]*(?: [\w-]+){0,6}) ((?:shows|demonstrates|finds|argues|proves|reports) that) \1"
                             r"(?= [a-z])")


# "NoisePrints: proposes a lightweight watermarking scheme …": a name set out as a label before its verb
_LABELLED = re.compile(r"^(\W*[A-Z][^:]{1,200}): (?=[a-z]+s\b)")


_LABELLED_AS = re.compile(r"^(\W*[A-Z][^:]{1,200}): (A|An) (?=[a-z])")  # "UltraViCo: A training-free method …"
_LABELLED_TWICE = re.compile(r"^(\W*)([A-Z][^:]{0,200}): \2\b")  # "ParisKV: ParisKV supports …", over ICML 2026
# "CrossPL: It introduces CrossPL, the first benchmark …", over ICLR 2026, and "Realistic Adaptive Merging: This paper
# proposes …", over ICML 2026 (a shown paper's name only: "Key difference: They …" is no name)
_LABELLED_PRONOUN = re.compile(r"^(\W*)([A-Z][^:]{0,200}): (?:It|They|This paper|The paper|This work|This study) "
                               r"(?=[a-z]+\b)")


def _named_once(sentence: str, names: Sequence[str] = ()) -> str:
    """"X presents X, a …" reads "X is a …"; "X demonstrates that X preserves …" reads "X demonstrates that
    it preserves …"; "X: proposes …" reads "X proposes …"; "X: A … method" reads "X is a … method";
    "X: X supports …" reads "X supports …"; "X: It introduces X, the first …" reads "X is the first …"."""
    sentence = _LABELLED_TWICE.sub(r"\1\2", sentence)
    known = {n.lower() for n in names}
    sentence = _LABELLED_PRONOUN.sub(lambda m: m.group(1) + m.group(2) + " " if m.group(2).lower() in known
                                     else m.group(0), sentence)
    sentence = _NAMED_TWICE.sub(lambda m: f"{m.group(1)} is {m.group(2)} ", sentence)
    sentence = _SAYS_OF_ITSELF.sub(r"\1 \2 it", sentence)
    sentence = _LABELLED_AS.sub(lambda m: f"{m.group(1)} is {m.group(2).lower()} ", sentence)
    return _LABELLED.sub(r"\1 ", sentence)


def _as_written(sentence: str, names: Sequence[str]) -> str:
    """A shown paper's coined name, written by the model with other capitals, as the paper writes it: "Frigid
    uses forward fragmentation models …" of FRIGID (over ICML 2026). Only a name with a capital past its
    first letter (or a digit), written with a capital first, so a title's words are left alone."""
    def as_written(name: str) -> Callable[[re.Match[str]], str]:
        return lambda m: name if m.group(0)[0].isupper() else m.group(0)

    for name in names:
        if len(name) >= 3 and re.search(r"^.[\w-]*[A-Z0-9]", name) and " " not in name:
            sentence = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", as_written(name), sentence, flags=re.I)
    return sentence


def _as_labelled(sentence: str, sources: Sequence[Source]) -> str:
    """A judged sentence as shown: a paper named by a whole title too long for the table's label (over 60 characters)
    goes by that label ("Efficient Diffusion Models under Nonconvex Equality and… achieves …", as its row reads), so
    that "how they differ" stays short. Judged with the whole title, which the model was shown."""
    for s in sorted(sources, key=lambda s: len(s.paper.name), reverse=True):
        if s.label != s.paper.name and len(s.paper.name) > len(s.label):
            sentence = sentence.replace(s.paper.name, s.label)
    return sentence


def _named_first(sentence: str, names: Sequence[str]) -> str:
    """A sentence opening with "It"/"They" where the reader cannot tell what it is (the answer's first,
    the model's sentence before it withheld or never written; or, for "It", one after a sentence about
    other papers): the name of the paper it cites takes the pronoun's place ("It develops a
    Markov-chain-based watermark generator … [2]")."""
    m = _OPENING_PRONOUN.match(sentence)
    if not m or not names or (m.group(1) in ("It", "Its") and len(names) != 1):
        return sentence
    named = " and ".join(names)
    return (f"{named}'s" if m.group(1) in ("Its", "Their") else named) + sentence[m.end():]


def verified_stream(model: ChatModel, messages: list[dict[str, str]], max_tokens: int, verifier: Verifier,
                    sources: Sequence[Source], settings: AnswerSettings, clock: Callable[[], float],
                    max_sentences: int | None = None, question: str = "",
                    echoes: Sequence[str] = (), asked: str = "", frame: str = "") -> Generator[str, None, Synthesis]:
    """Stream the model's reply one verified sentence at a time; returns the `Synthesis`
    (kept sentences, verification report, model timings read from `clock`). Past `max_tokens`
    pieces (tokens on llama.cpp) the model may finish the sentence it is writing, for up to
    `settings.finish_tokens` more, and begins no other: a sentence cut off is withheld. A sentence that
    repeats an earlier one or only restates `question` or the task it was given ("The papers differ in
    problem, approach and result.") or only gives each paper's result a word ("X's result is visualized, while …")
    or says a paper's name of itself or asks a question (the prompt's "Earlier
    question: …" copied) or is a bare "Yes." or "No." is left out, as saying nothing (a "Yes, …"
    restating the earlier question, when the question now `asked` is no yes/no one, too); so is one that copies what
    the reader has just read in the table (`echoes`, its cells: more than `settings.echo_overlap` of
    its terms from one cell and most of that cell's, or set out as a cell, "Approach: Inspired by …"):
    under the table, "How they differ" is for differences. A sentence that sums a cell up ("From
    Statics to Dynamics edits images using a frozen Qwen2.5-VL for grounded reasoning …") is not a copy.
    The verifier also reads the conversation's questions `frame` (the engine gives them for an answer about two
    papers or more): their words said of a paper whose abstract never uses them ("TrustGen traces the provenance …")
    are withheld. A reply that opens by setting out a row as
    the table does ("[1] GTA1: Approach: …") is stopped there: the rest copies the other rows (the engine asks
    again, answer.prompt)."""
    result = Synthesis()
    buffer = ""
    cap = max_sentences or settings.max_sentences
    by_n = {s.n: s for s in sources}
    names = [s.paper.name for s in sources]
    titles = [t for s in sources for t in {s.paper.title, s.paper.name}]
    # a stop inside a title ("… Who Do Agents Trust? Latent …"), or at the end of one, ends no sentence
    in_title = tuple(stop for t in titles for stop in inner_stops(t))

    def left_out(sentence: str) -> bool:
        kept = [c.text for c in result.sentences if c.text]
        return bool(len(kept) >= cap
                    or _repeats(sentence, kept, settings.repeat_overlap, [*titles, *(s.label for s in sources)])
                    or (echoes and (_copies(sentence, echoes, settings.echo_overlap) or _AS_CELL.match(sentence)))
                    or (question and restates(_YES_NO.sub("", sentence), f"{question} {TASKS}")
                        and not takes_a_side(sentence, question, asked))
                    or _ASKS_BACK.search(sentence)
                    or _PASTED.search(sentence)
                    or _said_of_itself(sentence, question, names, by_n)
                    or _only_references(sentence, names)
                    or _names_only(sentence, [*titles, *(s.label for s in sources)])
                    or _says_nothing(sentence))

    copying: list[str] = []  # the reply opened by setting out a table row ("[1] GTA1: Approach: …"): it copies them all

    def flush(text: str) -> Generator[str, None, None]:
        for sentence in split_sentences(text, titles):
            sentence = unframed(sentence)
            sentence = unsaid_reply(sentence, asked) if asked else sentence
            sentence = reply_to_opening(sentence, asked, sources) if asked else sentence
            if echoes and not (result.sentences or result.withheld or copying) and _AS_CELL.match(sentence):
                copying.append(sentence)
            if left_out(sentence):
                continue  # small models loop and echo the question; two sentences is the format
            # of two papers or more, the question's own frame said of each ("TrustGen traces the provenance …") is checked
            listed = len(result.report.dropped_reasons)
            checked = verifier.check(sentence, sources, result.report, frame)
            checked = shown_as_judged(checked, sentence)
            checked = differing_alone(checked, sentence)
            if checked.text:
                yield keep(checked)
            else:
                result.withheld.append(checked)
                yield from holding_part(sentence, len(result.report.dropped_reasons) > listed)

    def differing_alone(checked: Checked, sentence: str) -> Checked:
        """"They differ in …" backed by one paper alone is withheld: over ICLR 2026, to "Do any of them need retraining
        for each task?" after diffusion inverse-problem papers, the model's "They differ in their approach to enforcing
        measurement consistency …" was kept with [1] and shown as "Noise-Adaptive Diffusion Sampling … differ in …"."""
        if not checked.text or not _THEY_DIFFER.match(checked.text) or len(set(checked.cited)) >= 2:
            return checked
        return withhold(checked, sentence, checked.support, DIFFERS_ALONE)

    def withhold(checked: Checked, sentence: str, support: dict[int, list[str]], reason: str) -> Checked:
        """`checked`, which had verified, withheld after all for `reason`, and counted so."""
        result.report.unsupported += 1
        result.report.uncited_unsupported += not checked.cited
        result.report.dropped_sentences.append(sentence)
        result.report.dropped_reasons.append(reason)
        return Checked(None, checked.cited, support, reason, said=sentence)

    def shown_as_judged(checked: Checked, sentence: str) -> Checked:
        """The sentence as it will read (`_named_once`) judged too, when that differs: the model's "[3] VenusX: A
        diverse set of popular and open-source models." (over ICLR 2026) was judged as a label and shown as "VenusX
        is a diverse set of …", a claim its abstract does not make. Withheld then, with that reason."""
        if not checked.text or (reads := _named_once(checked.text, names)) == checked.text:
            return checked
        again = verifier.check(reads, sources, Verification(), frame)
        if again.text:
            return checked
        return withhold(checked, sentence, again.support, again.reason)

    def keep(checked: Checked) -> str:
        kept = [c.text for c in result.sentences if c.text]
        # judged as written, shown in the answer's voice ("Do We Need Adam?", a title, stays)
        checked.text = _named_once(_as_written(third_person(checked.text or "", [s.paper.title for s in sources]),
                                               names), names)
        # "It develops …" first, the sentence before it withheld, or after a sentence about another paper
        # ("Mobile-GS … [1]. It … adjusting the opacity of Gaussian primitives … [2]"): name what "it" is
        if not kept or (set(result.sentences[-1].cited) != set(checked.cited)
                        and re.match(r"\W*Its?\b", checked.text)):  # "They differ …" is about them all
            checked.text = _named_first(checked.text, [by_n[n].paper.name for n in checked.cited if n in by_n])
        checked.text = _as_labelled(checked.text, sources)
        result.sentences.append(checked)
        return checked.text + " "

    def holding_part(sentence: str, listed: bool, finished: bool = True) -> Generator[str, None, None]:
        """A withheld (or cut-off) sentence's parts that verify alone (`parts`), each shown in its place: the
        sentence stays withheld, with its reason (the last one listed, when `listed`: a sentence with nothing but
        names in it is dropped unlisted), and the report counts the sentence as `trimmed` once. Every part that
        holds is shown, not only the first: "KVTC achieves up to 20x compression, while FreqKV … outperforms existing
        KV cache compression methods" (over ICLR 2026) holds in both, and showed only FreqKV's. After a part shown,
        one that points back to it is not: "What Exactly Does Guidance Do … supports this with experiments [2]"
        (the eval's comparative-03) says nothing alone, and was withheld for saying how one paper bears on another.
        Nor, when the part before it is withheld, a later part that can only lean on it ("PEARL is a survey of
        image editing [1], while dParallel likewise reduces decoding steps …": "likewise" would read as agreeing
        with what was withheld); one that only says "its" or "both" of its own subject still shows ("… while RNE
        is modality-agnostic and applicable to both continuous and discrete diffusion models"). A sentence said
        of "the papers" that cites one is read as said of that one (`_said_of_its_paper`)."""
        shown: list[str] = []
        own = _said_of_its_paper(sentence, by_n)  # "The papers on … use X [3]": said of [3], whole or in parts
        whole = [own] if own != sentence and finished else []
        for i, part in enumerate(whole + parts(own, finished, titles)):
            if shown and whole:  # it held whole
                break
            if left_out(part) or (shown and _POINTS_BACK.search(part)) or (i and _LEANS_BACK.search(part)):
                continue
            checked = verifier.check(part, sources, Verification(), frame)
            # nor one that only says its paper's title of it ("Modeling temporal scRNA-seq data … models temporal
            # scRNA-seq data with latent Gaussian processes and optimal transport", the eval's m04)
            if checked.text and not _only_its_title(checked.text, sources):
                result.report.trimmed += not shown
                yield keep(checked)
                shown.append(checked.text)
        if shown and listed:  # its reason says so
            said = "”, “".join(shown)
            result.report.dropped_reasons[-1] += (f"; said of the paper it cites, “{said}” holds and is shown"
                                                  if own != sentence and len(shown) == 1 else
                                                  f"; its part “{said}” holds and is shown" if len(shown) == 1 else
                                                  f"; its parts “{said}” hold and are shown")

    stream: Iterator[str] | None = None
    try:
        stream = model.stream(messages, max_tokens + settings.finish_tokens)  # the sentence under way may end
        for piece in stream:
            now = clock()
            result.timings.setdefault("first_model_token_s", now)
            result.timings["last_model_token_s"] = now
            result.timings["model_pieces"] = result.timings.get("model_pieces", 0) + 1
            buffer += piece
            # a sentence is complete when a stop (and any markers after it) is followed by a space; a
            # marker after the space opens the next sentence, as the model writes it ("… [1]. [2] uses …")
            m = _COMPLETE.search(buffer)
            # a stop inside an open parenthesis or a title, or an abbreviation's ("… techniques w.r.t. perplexity",
            # over ICLR 2026, had kept "… w.r.t [2]." and withheld "perplexity."), ends no sentence
            if (m and not opens_more(m.group(1)) and not strip_markers(m.group(1)).endswith(in_title)
                    and not ends_in_abbreviation(strip_markers(m.group(1)))):
                yield from flush(m.group(1))
                buffer = buffer[m.end():]
                spent = result.timings["model_pieces"] >= max_tokens  # past it, no sentence is begun
                if len(result.sentences) >= cap or spent or copying:  # the rest would be left out: stop the model
                    buffer = ""
                    break
    except ModelUnavailableError as e:  # a model server that is down: the evidence still answers, and says so
        result.note = f"No synthesis: {e}"
        result.report.dropped_reasons.append("the model could not be reached")
    except PaperchatError:
        raise
    except Exception as e:  # the model failed: what verified so far stands, with the evidence
        result.report.dropped_sentences.append(f"(model error: {e})")
        result.report.dropped_reasons.append("the model failed while writing")
        return result
    finally:
        if stream is not None and hasattr(stream, "close"):
            stream.close()  # frees the model (its lock, or the server's slot) now, not when collected
    if strip_markers(buffer) and len(result.sentences) < cap:  # markers alone are no sentence
        if _ENDED.search(buffer):
            yield from flush(buffer)
        elif echoes and not (result.sentences or result.withheld) and _AS_CELL.match(buffer):
            pass  # the table's rows set out again, never ended ("[1] Realistic Adaptive Merging: Approach: …, while [2]
            # …", over ICML 2026 under 14 rows, until the tokens ran out): left out as a copy is, and asked for again
        else:  # the model ran out of tokens mid-sentence ("…, while the Sler"): no reader wants the stub
            result.report.dropped_sentences.append(buffer.strip())
            # or it stopped without ending its sentence: "[1] EpiCache: 2.4×\n[2] EntroKV: 3.7×\n…", a list of
            # bare amounts with no stop (over ICML 2026, four of its five amounts another paper's) was not cut off
            spent = result.timings.get("model_pieces", 0) >= max_tokens
            result.report.dropped_reasons.append(CUT_OFF if spent else UNFINISHED)
            yield from holding_part(buffer.strip(), True, finished=False)  # what it finished before the cut: "[5] pairs …, while [6] … and"
    return result


# "that approach", "that finding" …: a clause's own words for what another clause said
_THAT_THING = r"that\s+(?:approach|method|idea|work|paper|model|framework|technique|finding|result|claim|problem|line)"
# a part that leans on the one before it: "… supports this with experiments", "… extends this approach to …"
_POINTS_BACK = re.compile(r"\b(?:this|these|those|such|same|similar(?:ly)?|likewise|also|too|both|it|its|they|their|"
                         r"them|former|latter|other|another|instead|unlike|contrast|conversely|further|furthermore|"
                         rf"moreover|additionally|however|but|{_THAT_THING})\b", re.I)
# of those, the words that can only lean on another clause (not "its", "both", "other" …, said of a part's own subject)
_LEANS_BACK = re.compile(r"\b(?:likewise|similarly|similar\s+to\s+(?:this|that|it)|also|same|such(?!\s+as)|this|these|"
                         r"those|instead|unlike|in\s+contrast|conversely|further(?:more)?|moreover|additionally|former|"
                         rf"latter|{_THAT_THING})\b", re.I)
# where a sentence's parts meet: ", which …", ", while …", ", whereas …", "; …"
_PART_BOUNDARY = re.compile(r",\s+(?=(?:which|while|whereas)\b)|;\s+")
# a part that opens with a preposition or a gerund has no subject of its own ("Pretraining on the GEOM dataset, which …")
_NO_SUBJECT = re.compile(r"^\W*(?:\w+ly\s+|also\s+)?(?:[a-z]+ing|in|on|by|with|for|to|from|through|via|after|before|"
                         r"under|over|as|at|and|but)\b", re.I)
_COMPARES = re.compile(r"\b(?:more|less|fewer|better|worse|higher|lower|greater|smaller|larger|faster|slower)\b", re.I)
_CLOSING_MARKERS = re.compile(r"((?:\s*\[\d+(?:[,\-–]\s*\d+)*\])+)\s*[.!?]?\s*$")


# "The papers on multimodal retrieval use the M-BEIR benchmark [3]": the papers as a whole, then a plural verb; what the
# sentence says is of the one paper it cites
_THE_PAPERS = re.compile(r"^((?:\s*\[\d+\])*)\W*(?:the|these|those|all|both)\s+(?:[\w-]+\s+){0,3}?(?:papers|works|studies)"
                         r"(?:\s+(?:on|about|in|for|that\s+study)\s+(?:[\w-]+\s+){1,5}?)?\s*"
                         r"(use|propose|introduce|present|evaluate|employ|adopt|leverage|build|train|test|develop|report|adapt|"
                         r"achieve|show|demonstrate|study|focus|apply|rely|consider|measure|compare)\b", re.I)


def _said_of_its_paper(sentence: str, by_n: dict[int, Source]) -> str:
    """A sentence said of "the papers" that cites one paper, said of that paper: "[3] The papers on multimodal
    retrieval use the M-BEIR benchmark." (over ICLR 2026, asked what data they use, the model's reply a list of
    five such) reads "U-MARVEL uses the M-BEIR benchmark [3]."; the verifier had withheld all five, as said of
    several papers, and four were true of the paper each cites. Any other sentence as it is."""
    m = _THE_PAPERS.match(sentence)
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", sentence)}
    if not m or len(cited) != 1 or (n := next(iter(cited))) not in by_n:
        return sentence
    verb = m.group(2).lower()
    said = (verb[:-1] + "ies" if verb.endswith("y") and verb[-2] not in "aeiou" else
            verb + "es" if verb.endswith(("s", "sh", "ch")) else verb + "s")
    rest = sentence[m.end():]
    if m.group(1).strip():  # "[3] The papers …": the marker goes where the claim ends
        rest = re.sub(r"\s*([.!?]?)\s*$", lambda e: f" {m.group(1).strip()}{e.group(1)}", rest, count=1)
    return f"{by_n[n].paper.name} {said}{rest}"


def _only_its_title(sentence: str, sources: Sequence[Source]) -> bool:
    """Does `sentence` name a paper and say of it only what its title says?"""
    for source in sources:
        name = next((n for n in sorted({source.paper.title, source.paper.name, source.label}, key=len, reverse=True)
                     if n and n in sentence), "")
        if name and restates(sentence.replace(name, " "), source.paper.title):
            return True
    return False


def parts(sentence: str, finished: bool = True, names: Sequence[str] = ()) -> list[str]:
    """The parts of `sentence` that read as sentences alone, first to last: what comes before its first ", which",
    ", while", ", whereas" or "; ", and each clause after a "while", "whereas" or "; " (not a "which …": it
    leans on what it follows). Each ends with the sentence's closing markers unless it writes its own. "SALE
    reduces overhead to approximately 11% of the full attention latency, which is 3.36× faster than existing
    approaches" (over ICML 2026, the 3.36× is another comparison's) holds in its first part; the verifier
    still judges each part in full. Of a sentence not `finished` (cut off), the last part is left out. A part
    with no subject of its own ("Pretraining on the GEOM dataset", "Also revealing …") is none, unless it opens with
    one of `names` ("Modeling temporal scRNA-seq data …", a title); nor is one that compares without saying with
    what ("X's approach is more theoretical", whose other half was "while Y's is more empirical")."""
    m = _CLOSING_MARKERS.search(sentence)
    closing = m.group(1).strip() if m else ""
    body = (sentence[:m.start()] if m else sentence).strip().rstrip(".!?,;: ")
    pieces = _PART_BOUNDARY.split(body)
    if len(pieces) < 2:
        return []
    pieces = pieces if finished else pieces[:-1]
    out = []
    for i, piece in enumerate(pieces):
        if i and piece.startswith("which"):
            continue
        piece = re.sub(r"^(?:while|whereas)\s+", "", piece).strip(" ,;:")
        named = any(piece.lower().startswith(n.lower()) for n in names if n)
        if len(piece.split()) < 5 or (not named and _NO_SUBJECT.match(piece)) or (
                _COMPARES.search(piece) and not re.search(r"\bthan\b", piece)):
            continue
        piece = piece[0].upper() + piece[1:]
        out.append(f"{piece} {closing}." if closing and not re.search(r"\[\d", piece) else f"{piece}.")
    return out


_YES_NO = re.compile(r"^\W*(?:\[[\d,\s]+\]\s*)*(?:yes|no)\b", re.I)  # "[1] Yes, …" too
_ASKS_YES_NO = re.compile(r"^\W*(?:is|are|was|were|do|does|did|can|could|has|have|had|will|would|should|may|might|"
                          r"must|any)\b", re.I)
# a sentence set out as a table cell: "Result: Extensive experiments …", "DiffStyle3D: Problem: 3D style …"
_AS_CELL = re.compile(r"^\W*(?:\[\d+\]\s*)?(?:[^:.]{1,200}:\s*)?(?:problem|approach|result|data)\s*:", re.I)


# a sentence's opening pasted into another's middle ("… while GenVP uses further, compared to SOTA generative
# approaches, which struggle …, GenVP efficiently generalizes …", over the seeds): garbled, it says nothing
_PASTED = re.compile(r"(?<=[a-z])(?<!\bper)(?<!\bthe)(?<!\ba) (?:further|furthermore|moreover|additionally|specifically|"
                     # "… reaching 264.88 tokens per second, which is 1.15× faster than EAGLE-3" (PARD's row, ICLR 2026) is
                     # the unit, not a second point pasted in
                     r"finally|importantly|notably|second|third),\s|"
                     # … or a name and "is" put before a sentence that has its own ("NoisePrints is a natural solution
                     # is to embed watermarks for later verification", of "A natural solution is to embed …")
                     r"\b(?:is|are)\s+(?:a|an|the)\s+(?:(?!(?:that|which|who|whose)\b)[\w-]+\s+){1,5}?(?:is|are)\s+to\b|"
                     # "A^2TG proposes Gaussian Splatting has emerged as a powerful representation …" (ICLR 2026)
                     r"\b(?:proposes|introduces|presents|develops)\s+(?:(?!(?:that|which|who|whose)\b)\S+\s+){1,5}?"
                     r"(?:has|have)\s+(?:emerged|become|gained)\b", re.I)
# a question, or the prompt's "Earlier question:" copied, is no answer ("Earlier question: Which papers propose new
# optimizers for training LLMs [1]? Do The authors Need Adam [1]?", over ICML 2026)
_ASKS_BACK = re.compile(r"^\W*(?:earlier\s+)?question\s*:|\?[\"”')\]]*(?:\s*\[[\d,\s\-–]+\])*\s*$|"
                        # … and so is a bare "No. [1]": nothing to judge, and withheld it read "the abstracts above do
                        # not state it" under Halton's "Our scheduler does not require retraining"
                        r"^\W*(?:\[[\d,\s]+\]\s*)*(?:yes|no)\W*(?:\[[\d,\s\-–]+\]\W*)*$", re.I)
_REPLY_WORD = re.compile(r"^(\W*(?:\[[\d,\s]+\]\s*)*)(yes|no)\b[\s,;:.!-]*", re.I)


_HELPS = re.compile(r"\b(?:helps?|helped|helping|helpful|improv\w*|benefit\w*|boost\w*|better)\b", re.I)
_HURTS = re.compile(r"\b(?:hurts?|hurting|harm\w*|detriment\w*|degrad\w*|worsen\w*|worse|impair\w*)\b", re.I)


def _way(text: str) -> str:
    """Which way `text` says it: "helps", "hurts", or "" (neither, or both)."""
    helps, hurts = bool(_HELPS.search(text)), bool(_HURTS.search(text))
    return "helps" if helps and not hurts else "hurts" if hurts and not helps else ""


# "Are any of them …?", "Does either use …?": asks whether some of the papers shown have a property
# … or of them all: "Do they need calibration data?" (ICML 2026, after weight-quantization papers) was answered "Yes, the
# papers quantize LLM weights [2]", kept as true, and read as a yes
_ANY_OF = re.compile(r"\b(?:any|either)(?: one)?(?: of (?:them|these|those|the above|the two)(?: papers)?)?\b|"
                     r"^\W*(?:do|did|are|were|can|have)\s+(?:they|these|those|all\s+of\s+them|both|the\s+papers)\b", re.I)


# the model speaking of its prompt: "The evidence states that …", "According to the provided abstracts, …"
_PROMPT_WORDS = r"(?:(?:provided|given|quoted|above)\s+)?(?:evidence|excerpts?|quotes?|quotations?|passages?|sentences?|text)"
_FRAMED = re.compile(
    r"^(?P<lead>\W*(?:\[\d+(?:[,\-–]\s*\d+)*\]\s*)*)(?:"
    rf"(?:the|this)\s+{_PROMPT_WORDS}\s+(?:clearly\s+)?(?:states?|shows?|says|suggests?|indicates?|mentions?|highlights?|"
    r"notes?|reports?|demonstrates?|reveals?|explains?|describes?)\s+that\s+"
    rf"|(?:according to|based on)\s+the\s+{_PROMPT_WORDS}(?:\s+provided)?,\s+)",
    re.I,
)


def unframed(sentence: str) -> str:
    """The sentence without the model's words about its prompt: "The evidence states that Transformer FeedForward
    layers implicitly function as semantic memory [1]" (the eval's answers, under "In short") says what the
    abstract says, in paperchat's voice, as every answer sentence does; the reader sees no "evidence" but the
    abstracts. A word after the frame is capitalised unless it is written with a capital or digit inside
    ("dParallel")."""
    m = _FRAMED.match(sentence)
    if not m or not sentence[m.end():].strip():
        return sentence
    rest = sentence[m.end():]
    first = rest.split(maxsplit=1)[0]
    if not re.search(r"^.[\w-]*[A-Z0-9]", first):
        rest = rest[:1].upper() + rest[1:]
    return m.group("lead") + rest


def unsaid_reply(sentence: str, asked: str) -> str:
    """The sentence without its "Yes"/"No" when its own words say the opposite: "Yes, OptMerge … builds
    improved MLLMs without requiring training data [2]" to "Do any of them need training data?" (it
    does without what was asked for), or "No, MASS is training-free" to "Is any of them training-free?"
    (it does without what was asked to be done without), or "Yes, … can even be detrimental to accuracy"
    to "Does longer thinking always help?" (it says the other way). What follows is verified as any claim; the
    reply word, which the verifier reads as no claim, is what would have misled."""
    m = _REPLY_WORD.match(sentence)
    if not m or not _ASKS_YES_NO.match(asked):
        return sentence
    rest = sentence[m.end():]
    without = {t for t in done_without(rest) if t not in NEEDING}
    if m.group(2).lower() == "yes":
        contradicts = without & (set(tokenize(asked)) | set(tokenize(joined(asked)))) - done_without(asked) - NEEDING
        # "Does longer thinking always help?" "Yes, longer reasoning chains … can even be detrimental to accuracy"
        if _way(asked) and _way(rest) and _way(asked) != _way(rest):
            contradicts.add("the other way")
    else:
        contradicts = {t for t in asked_without(asked) if does_without(t, without)}
    # "Are any of them robust to paraphrasing attacks?" "Yes, papers detect AI-generated text by …": a yes to
    # whether some paper has a property, whose own words name no part of it, says nothing of it; nor one that names
    # less than half of it ("Do they assume no hidden confounders?" "Yes, TCD-Arena demonstrates robustness profiles
    # for 27 distinct assumption violations", ICLR 2026: "assumption" of the three)
    # "Do any of them need access to the model weights?" "Yes, most existing watermarking methods require access to the
    # decoding process, …" (ICLR 2026, ICW's background sentence): a reply of earlier work is none about these papers
    if of_earlier_work(rest):
        contradicts.add("earlier work")
    any_of = _ANY_OF.search(asked)
    if m.group(2).lower() == "yes" and any_of:
        wanted = set(tokenize(asked[any_of.end():], query=True)) - asking_terms() - NEEDING - STOPWORDS
        said = set(tokenize(rest)) | set(tokenize(joined(rest)))
        if wanted and 2 * sum(held_at_stem(w, said) for w in wanted) < len(wanted):
            contradicts.add("unsaid")
    return _without_reply(m, rest) if contradicts and rest else sentence


def _without_reply(m: re.Match[str], rest: str) -> str:
    """The sentence `_REPLY_WORD` matched (`m`) without its reply word: its leading markers, then `rest` capitalised."""
    return f"{m.group(1)}{rest[:1].upper()}{rest[1:]}"


def _plain_words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", strip_markers(text).lower())


def reply_to_opening(sentence: str, asked: str, sources: Sequence[Source]) -> str:
    """The sentence without its "Yes"/"No" when what follows (past a paper's label and a colon) is a shown abstract's
    opening sentence, which the role head calls background: "Do they work on unseen generators?" (ICLR 2026, after
    AI-generated-image detectors) was answered "Yes, Semantic Visual Anomaly Detection …: The rapid advancement of
    AI-generated content (AIGC) has enabled the synthesis of visually convincing images; …", true of the field and
    no answer. Only to a yes/no question, and a reply word set off by a comma or stop ("No Free Lunch: …" is a title)."""
    m = _REPLY_WORD.match(sentence)
    if not m or not _ASKS_YES_NO.match(asked) or not re.match(r"\s*[,.;:!]", sentence[m.end(2):]):
        return sentence
    rest = sentence[m.end():]
    said = _plain_words(rest.split(": ", 1)[1] if ": " in rest[:200] else rest)
    for source in sources:
        opening = _plain_words(source.sentences[0]) if source.sentences else []
        if opening and source.roles[:1] == ["background"] and said[:len(opening)] == opening:
            return _without_reply(m, rest)
    return sentence


def takes_a_side(sentence: str, question: str, asked: str = "") -> bool:
    """The sentence answers a yes/no question in its own words ("No, FaPS does not need extra
    training data."): a claim to verify, not an echo of the question, though it adds no term. A
    "Yes, …" is no side taken when the question now `asked` is no yes/no question: "What privacy
    guarantees do they give?" after "Are there papers on federated learning with differential
    privacy?" was answered "Yes, there are papers on federated learning with differential privacy"."""
    replies = bool(_YES_NO.search(sentence)) and (not asked or bool(_ASKS_YES_NO.match(asked)))
    return replies or negations(sentence) > negations(question)


_MARKERS = r"(?:\s*\[[\d,\s\-–]+\])*"  # citation markers written after a stop ("… decoding. [1][2]")
_COMPLETE = re.compile(rf"^(.*[.!?]{_MARKERS})\s+(?=\S)", re.S)  # a sentence, and the next one begun
# the reply's last words end a sentence: a stop, then any markers ("… by 12% [2]." or "… [1][2]" after a stop)
_ENDED = re.compile(rf"[.!?][\"”')\]]*{_MARKERS}\s*$")
CUT_OFF = "cut off: the reply stops mid-sentence (the model ran out of tokens)"
UNFINISHED = "unfinished: the model stopped without ending its sentence"


# "Chen et al., 2023c", "Benton et al. (2023)", "Lee and Kim, 2022": a reference an abstract cites
_REFERENCE = re.compile(r"[A-Z][\w'-]+(?:\s+(?:et al\.?|(?:and|&) [A-Z][\w'-]+))?,?\s*\(?\d{4}[a-z]?\)?")


def _only_references(sentence: str, names: Sequence[str]) -> bool:
    """The sentence says nothing but references the abstract cites, besides the papers' names
    ("Faster Diffusion Sampling with Randomized Midpoints: Chen et al., 2023c; Benton et al., 2023;
    Lee et al., 2022 [1]." to "How much faster is it?"): a quote of the abstract, and no answer."""
    text = strip_markers(sentence)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    bare = _REFERENCE.sub(" ", text)
    return bare != text and not re.search(r"[a-z]{2,}", bare, re.I)


def _names_only(sentence: str, names: Sequence[str]) -> bool:
    """The sentence holds nothing but papers' titles, names or labels and where they stand: over ICLR 2026, under a
    table of text-to-3D papers, the model's "Table 1: Text-to-3D by Stitching a Multi-view Reconstruction Network to
    a Video Generator Table 2: PAT3D …" was shown as "How they differ: Text-to-3D by Stitching a Multi-view
    Reconstruction… [1] PAT3D [2]", saying nothing."""
    text = NUMBERED.sub(" ", strip_markers(sentence))  # "Table 2:", "Row 1": where the model says a paper stands
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return not re.search(r"[A-Za-z]{3,}", text)


# "X's result is visualized", "Y's results are empirical": a clause that gives a paper's result a word or two
_BARE_RESULT = re.compile(r"^\W*(?:the\s+)?.+?'s\s+results?\s+(?:is|are|was|were)\s+(?:\w+(?:-\w+)?)(?:\s+\w+)?\W*$",
                          re.I)


def _says_nothing(sentence: str) -> bool:
    """Every clause of the sentence only gives a paper's result a word or two and no figure ("Two-Layer
    Convolutional Autoencoders …'s result is visualized, while Swift Hydra's result is highlighted [1][2].", the run
    at e571731): each half is true of its paper, so the verifier keeps it, and it tells the reader nothing."""
    said = strip_markers(sentence).strip()
    clauses = re.split(r",?\s+\b(?:while|whereas|and|but)\b\s+|;\s*", said)
    return all(_BARE_RESULT.match(c) for c in clauses) and not has_figure(said)


def _said_of_itself(sentence: str, question: str, names: Sequence[str], by_n: dict[int, Source]) -> bool:
    """A paper's name said of itself, and nothing but the question besides ("ImpossibleBench evaluates
    on ImpossibleBench [2]." for "Which papers evaluate on SWE-bench?"; a leading "[2]" is its name).
    Once, the name is an answer ("ProTDyn generates conformational ensembles" to "Which paper
    generates conformational ensembles?")."""
    lead = re.match(r"\s*\[(\d+)\]", sentence)
    if lead and int(lead.group(1)) in by_n:
        sentence = by_n[int(lead.group(1))].paper.name + sentence[lead.end():]
    twice = [n for n in names if len(re.findall(rf"(?<!\w){re.escape(n)}(?!\w)", sentence, re.I)) >= 2]
    return bool(twice) and restates(sentence, f"{question} {TASKS} {' '.join(twice)}")


def _copies(sentence: str, cells: Sequence[str], share: float, most: float = 0.8) -> bool:
    """More than `share` of the sentence's terms are one cell's, and so are `most` of that cell's, the
    references it cites left out ("… from the pre-defined normal data (Chalapathy & Chawla, 2019; Ruff
    et al., 2021)" was copied under the table without them)."""
    words = set(tokenize(sentence))
    for cell in cells:
        held = set(tokenize(_REFERENCE.sub(" ", cell)))
        if held and len(words & held) > share * max(len(words), 1) and len(words & held) >= most * len(held):
            return True
    return False


def _repeats(sentence: str, earlier: Sequence[str], share: float, names: Sequence[str] = ()) -> bool:
    """Does `sentence` share more than `share` of its terms with an earlier one? The papers' `names` (titles)
    are not counted: "The KV-Cache Transform Coding for Compact Storage in LLM Inference paper achieves up to 20x
    compression", after a sentence on what that paper uses, shared its nine title words and little else, and was
    left out as a repeat (over ICLR 2026)."""
    def terms(text: str) -> set[str]:
        for name in sorted(names, key=len, reverse=True):
            text = re.sub(re.escape(name), " ", text, flags=re.I) if name else text
        return set(tokenize(text))

    words = terms(sentence)
    return any(len(words & terms(e)) > share * max(len(words), 1) for e in earlier)


def lead(plan: Plan, ev: Evidence) -> str:
    """What the model's sentences are set under: how the papers of a table differ, for a question that asks for a
    comparison; "In short" for one that asks something of the papers shown ("Do any of them compare against
    Mamba?")."""
    compares = ev.table is not None and (plan.reading == "fresh" or bool(_ASKS_TO_COMPARE.search(plan.question)))
    return HOW_THEY_DIFFER if compares else IN_SHORT


def assemble(plan: Plan, ev: Evidence, synthesis: Synthesis, timings: dict[str, float], model: str) -> Answer:
    """The final answer: evidence, then the verified synthesis; citations are the quoted
    sources and those the synthesis cites, never numbers read out of abstract text."""
    support = {n: list(q) for n, q in ev.quotes.items()}
    for checked in synthesis.sentences:
        for n, sents in checked.support.items():
            support.setdefault(n, [])
            support[n].extend(s for s in sents if s not in support[n])
    by_n = {s.n: s for s in ev.sources}
    tried: dict[int, list[str]] = {}  # sources that withheld sentences cited: not supported for those
    for checked in synthesis.withheld:
        for n in checked.cited:
            if n in by_n:
                tried.setdefault(n, []).append(checked.said)
    citations = [Citation(n, by_n[n].paper, n not in tried, support.get(n, []), tried.get(n, []))
                 for n in sorted(set(support) | set(tried)) if n in by_n]
    text = ev.text + (f"\n\n{lead(plan, ev)}{inert(synthesis.text, citations=True)}" if synthesis.text else "")
    note = synthesis.note or (ALL_WITHHELD if not synthesis.text and synthesis.withheld else "")
    text += f"\n\n*{inert(note)}*" if note else ""
    return Answer(text, citations, False, synthesis.report, {**synthesis.timings, **timings}, plan.query,
                  plan.filters.to_json(), model, table=ev.table, shown=[s.paper.paper_id for s in ev.sources],
                  answered=[s.paper.paper_id for s in ev.sources if s.n in ev.quotes])


LISTED = 20  # papers a venue/year-only question lists (each gets a source card)


# "What can I ask about?", "What's in the collection?", "help": a question about paperchat and its papers, not
# one the papers answer (it was told "The collection has no paper on this")
_ABOUT_COLLECTION = re.compile(
    r"^\W*(?:(?:what|which)\s+(?:(?:kinds?|sorts?|types?)\s+of\s+)?(?:questions?\s+)?(?:can|could|should|may)\s+I\s+"
    r"(?:ask|do|search)\b|what(?:'s|\s+is|\s+are)?\s+(?:in|inside)\s+(?:the|this|your)\s+(?:collection|corpus|index)\b|"
    r"what\s+(?:papers|topics|venues|conferences)\s+(?:do\s+you\s+have|are\s+(?:there|covered|in\s+(?:the|this)\s+"
    r"collection))\b|what\s+(?:can\s+you|do\s+you)\s+(?:do|know|cover)\b|help|how\s+do\s+I\s+use\s+(?:this|you|paperchat)\b)"
    r"(?:\s+(?:about|here|with\s+(?:this|it|you|paperchat)|in\s+(?:this|the)\s+(?:collection|app)))?\W*$",  # nothing after
    re.I)


def about_collection(question: str) -> bool:
    """Is the question about the collection itself and how to ask it ("What can I ask about?")?"""
    return bool(_ABOUT_COLLECTION.match(question))


def overview(plan: Plan, papers: list[Paper], counts: dict[str, int], timings: dict[str, float],
             model: str) -> Answer:
    """What the collection holds (`counts` of papers by venue and year) and the kinds of question it
    answers, with examples drawn from its own papers: a coined name ("What is GenCape?") and the topic
    most titles share ("Which papers study diffusion models, and how do they differ?")."""
    held = ", ".join(f"{inert(k)} ({v})" for k, v in sorted(counts.items()))
    named = sorted((name for p in papers if not p.title_derived and (name := coined_name(p.title))), key=str.lower)
    pairs: dict[str, int] = {}
    for p in papers:
        words = [w for w in re.findall(r"[a-z][a-z-]+", p.title.lower()) if w not in STOPWORDS]
        for pair in {f"{a} {b}" for a, b in zip(words, words[1:], strict=False)}:
            pairs[pair] = pairs.get(pair, 0) + 1
    topic = max(sorted(pairs), key=pairs.__getitem__, default="")
    examples = ([f"“Which papers study {topic}, and how do they differ?” (a table of their problem, approach and "
                 "result)"] if topic and pairs[topic] >= 2 else [])
    examples += [f"“What is {named[0]}?” or “How much better is {named[0]} than earlier work?”"] if named else []
    first = inert(min(counts, default="ICLR 2025"))
    text = (f"The collection holds {len(papers):,} abstract{'s' * (len(papers) != 1)}: {held}. Ask about what the "
            "papers do, compare them, or ask for their figures; each answer quotes the abstracts and cites them, "
            "and the model's sentences are shown only when the cited abstract supports them. Put a venue or year "
            f"in a question to narrow it, or ask it alone (“{first}”) to list those papers; follow-up questions "
            "(“Which of them …?”, “By how much?”) ask about the papers just shown."
            + (" For example: " + "; ".join(examples) + "." if examples else ""))
    return Answer(text, [], False, timings=timings, query=plan.query, filters=plan.filters.to_json(), model=model)


def listing(plan: Plan, papers: list[Paper], timings: dict[str, float], model: str) -> tuple[list[Hit], Answer]:
    """The answer to a question that is only a venue/year: the papers that match, by title."""
    wanted = " ".join(map(str, plan.filters.venues + plan.filters.years))
    shown = sorted(papers, key=lambda p: p.title.lower())[:LISTED]
    hits = [Hit(p, 1.0, 0.0, []) for p in shown]
    if not shown:
        text = f"The collection has no {wanted} papers."
    else:
        more = (f" The first {len(shown)} by title are listed; add a topic to the question "
                f"(\"{wanted} papers on diffusion\") to search among them.") if len(papers) > len(shown) else ""
        text = (f"The collection holds {len(papers)} {inert(wanted)} paper{'s' * (len(papers) != 1)}.{more}\n\n"
                + "\n".join(f"- **{inert(p.title)}** ({inert(p.venue)} {p.year}) [{n}]" for n, p in enumerate(shown, 1)))
    answer = Answer(text, [Citation(n, p, True, [], []) for n, p in enumerate(shown, 1)], not shown,
                    timings=timings, query=plan.query, filters=plan.filters.to_json(), model=model,
                    shown=[p.paper_id for p in shown], answered=[p.paper_id for p in shown])
    return hits, answer


def abstained(plan: Plan, found: Retrieved, timings: dict[str, float], model: str) -> Answer:
    """The answer when the collection (or the set of papers asked about) has nothing on it."""
    topics = [short_label(h) for h in found.hits[:3]]
    defenses = asks_for_defenses(plan.question)  # the closest may be attacks on it: said so, not left to be read
    attacking = [defenses and not h.paper.title_derived and contribution(h.paper.title, h.paper.abstract) == ATTACK
                 for h in found.hits[:3]]
    named = [label + (" (an attack)" if attack else "") for label, attack in zip(topics, attacking, strict=True)]
    wanted = " ".join(map(str, plan.filters.venues + plan.filters.years))
    if plan.reading == "narrow" and not found.hits:
        text = (f"None of the papers shown before {'is from ' + wanted if wanted else 'fits this'}. "
                "Ask again without pointing at them (no \"these\" or \"it\") to search the whole collection.")
    else:
        text = (f"The collection has no paper {'that defends against' if any(attacking) else 'on'} "
                f"this{' matching ' + wanted if wanted else ''}.")
    if topics:
        text += " The closest papers it does have are: " + "; ".join(named) + "."
    if plan.note:
        text = f"{plan.note} {text}"
    return Answer(text, [], True, timings=timings, query=plan.query, filters=plan.filters.to_json(),
                  model=model, suggestions=topics, shown=[h.paper.paper_id for h in found.hits])
