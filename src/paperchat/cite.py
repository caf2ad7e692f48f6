"""Citation verification: every `[n]` is checked before anyone sees it.

Markers are read by markers.py in any of the shapes small models write (`[1]`,
`[1, 2]`, `[1][2]`, `[1-3]`, glued to punctuation). `Verifier.check` takes one
sentence and the numbered sources that were shown, and returns the sentence
with its citations repaired, or no text (with the reason) when no
shown abstract supports it:
- a number that was not shown is removed;
- each clause (a clause too short to judge is joined to its neighbour; the ", and"
  that ends a list is no boundary) must be
  supported by a source: a word-for-word quote of one of its sentences, on word
  boundaries, whose sentence does not negate or contrast the quoted part; or a
  clause on the topic of some sentence (MiniLM cosine >= threshold and enough
  of its key terms in the abstract, the paper's own name not counting: the
  cosine of "GenCape is a language model for translation" is taken without
  "GenCape", which alone is close to "we propose GenCape") that the
  meaning checks of claims.py find no conflict in (numbers, negation,
  direction words, names) against its two closest sentences; or a short clause
  on the topic of one part of a long sentence ("evaluated on MP-100" of
  "Experimental results on the MP-100 dataset show that …, while …"), the
  sentence holding all its key terms but one, with the same meaning checks
  against that sentence and the closest whole one; or a clause that
  restates the paper's title (shown on its source card), judged without the name
  it writes: every key term in the paper, most in the title, no meaning conflict;
- a marker used as a subject ("[1] proposes …", or "[1] This paper proposes …", whose
  pronoun the name replaces; "the first paper" where that can mean only [1]) gets the
  paper's name put in; the clause is judged without that name, and, if then on no
  abstract's topic, with it, the meaning checks still passing on the words without it
  (against the paper the clause names, where it names one, else all that back it);
- a citation that supports nothing in the sentence is moved to a shown source
  that does, or removed; but a clause whose subject is a paper ("…, while [2]
  demonstrates X", "…, while PEARL [2] …" where the model wrote the name, or "GRACE
  achieves …, while P-GenRM uses … [2][1]", a cited paper's name opening a clause before a
  verb) is about that paper: the name is left out of what is judged, and if only another
  paper backs the clause, or another shown paper's closest sentence is more than
  `answer.attribution_margin` closer to it (cosine), the sentence is withheld:
  the claim is the other paper's (moving the citation would leave [2]'s name on X) —
  unless the clause states numbers that are all its subject's and not all the other's
  ("reduces decoding steps by up to 3.4×" is Prophet's, however close dParallel's words);
- a number the closest sentences lack is looked for in the sentence that states it, if that
  sentence holds all the clause's key terms but one (the meaning checks run on it too);
- a clause about several papers ("Both papers …", "The results of both papers …", "All
  three methods …") must be backed by at least two of the papers it cites;
- a sentence naming a paper (by a label that looks like a name, or by a name or
  whole title of three words or more) that it does not validly cite, or with any
  clause no cited source supports, is unsupported.
No NLI model is packaged for this machine; the thresholds were set on the
eval answers and the rules on the tune half of eval/claims.jsonl (README).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

from paperchat.claims import (
    ABSTRACT_NEGATES,
    CLAIM_NEGATES,
    DATA_NAME,
    DIRECTION_WHY,
    NEEDING,
    coined,
    conflict,
    counted_words,
    done_without,
    fault_conflict,
    measured_against,
    names_measure,
    negations,
    number_conflict,
    numbers,
    of_earlier_work,
    says_done_without,
    without_only,
)
from paperchat.config import AnswerSettings
from paperchat.markers import parse, strip_markers, with_markers
from paperchat.schema import Checked, Paper, Source, Verification
from paperchat.text import (
    GENRES,
    STOPWORDS,
    asked_of_them,
    asking_terms,
    held_at_stem,
    plain,
    sentences,
    title_lead,
    tokenize,
)

_VERB = (r"(?:uses?|is|are|proposes?|introduces?|focus(?:es)?|aims?|improves?|achieves?|employs?|addresses|"
         r"targets?|presents?|stud(?:y|ies)|shows?)\b")
# a marker before "and", "or", "both" or a verb in the third person ("PEARL [1] adapts …") is a subject;
# "[1] across tasks", "[1] thus" are not ("[a-z]{2,}[^siu]s": not "…ss", "…is", "…us")
# an adverb may come between ("while [2] further remains robust …", over ICLR 2026: left a marker, the clause
# read "while further remains robust")
_ADVERB = r"(?:(?:also|further|still|then|only|instead|(?!apply|rely|supply|reply)[a-z]{3,}ly)\s+)?"
# a hyphenated verb too ("while [2] post-trains the hypernetwork …", eval t01: read as a citation, the clause lost its subject)
_NOUN_MARKER = re.compile(rf"\[(\d+)\](?=\s+{_ADVERB}(?:(?:and|or|both|has|does)\b|{_VERB}|(?!always|towards)(?:[a-z]+-)?"
                          r"[a-z]{2,}[^siu\W]s\b))")
# "…, while SlerpFlow and [3] address …": after "and", a marker before a word that opens no phrase is a subject
# too (its verb plural, which the rule above does not read); left a marker, it reads "SlerpFlow and address"
_JOINED_MARKER = re.compile(r"(?<=\band )\[(\d+)\](?=\s+(?!(?:in|on|for|to|with|by|at|as|of|from|the|an?|across|"
                            r"over|under|into|via|than|that|which|who|respectively|both|also|each|all)\b)[a-z]{3,}\b)")
# "…, while [2] demonstrates …": after a contrast word, a marker before a verb is the subject
# "…, with [1] demonstrating …" too
_CONTRAST_MARKER = re.compile(rf"(?:(?<=\bwhile )|(?<=\bwhereas )|(?<=\bwhilst )|(?<=\bbut ))\[(\d+)\](?=\s+{_ADVERB}[a-z]+s\b)"
                              rf"|(?<=\bwith )\[(\d+)\](?=\s+{_ADVERB}[a-z]+ing\b)")
# "Huang et al. (2024) study length generalization in transformers [1]" (over ICLR 2026, of the abstract's "Prior work
# by Huang et al. (2024) established that transformers eventually achieve length generalization …"): a sentence whose
# subject is work an abstract cites is about a paper the reader cannot open, whatever the abstract says of it
_CITED_WORK = re.compile(r"^\W*(?:\[\d+\]\s*)*(?:(?i:(?:the\s+)?(?:prior|earlier|previous|recent)\s+(?:work|stud(?:y|ies)|"
                         r"research)\s+(?:by|of))\s+)?((?:[A-Z][\w'’-]+,?\s+(?:and|&)\s+)?[A-Z][\w'’-]+\s+et\s+al\b\.?"
                         r"(?:\s*\(\d{4}[a-z]?\))?|[A-Z][\w'’-]+\s+(?:and|&)\s+[A-Z][\w'’-]+\s*\(\d{4}[a-z]?\))")
# "… faster than [1]", "outperforms [1]": a marker that is what the sentence compares with
_COMPARED_MARKER = re.compile(r"(?:\b(?:more|less)\s+[\w-]+|\b[a-z][\w-]*er|\bbetter|\bworse)\s+than\s+\[(\d+)\]|"
                              r"\b(?:outperform|surpass|beat|exceed)(?:s|ed|ing)?\s+\[(\d+)\]", re.I)
# "[1] This paper adapts …", "[2] Our method achieves …" (copied from the abstract): the name takes their place
# "… are highlighted in [2], while …": a marker after a preposition, mid-sentence, is what the clause is about;
# moved to the end, it left "highlighted in, while"
# "…, while [2]'s approach updates …": a marker with "'s" is a paper named (left a marker, it read "while's approach")
_POSSESSIVE_MARKER = re.compile(r"\[(\d+)\](?='s\b)")
_OBJECT_MARKER = re.compile(r"(?:(?<=\bin )|(?<=\bby )|(?<=\bfrom )|(?<=\bthan ))\[(\d+)\](?=\s*[,;]|\s+(?:while|whereas|but)\b)")
# "Yes, several papers use Muon, including [1], [2], [3], [4], and [5].": markers listed as the things
# named; left as markers and moved to the end they read "including,,,, and [4]"
_LISTED_MARKERS = re.compile(r"((?:\b(?:including|such as|namely|like|are|e\.g\.,)|:)\s+)(\[\d+\](?:\s*(?:,\s*(?:and\s+|or\s+)?|"
                             r"\s+(?:and|or)\s+)\[\d+\])+)", re.I)
_PRONOUN = re.compile(r"^\s+(?:(?:this|the) (?:paper|work|study|article|method|approach|framework)|"
                      r"our (?:paper|work|study|method|approach|framework|model|algorithm)|it)"
                      r"(?=\s+(?:[a-z]+s|can|could|may|might|will|would|must|should)\b)", re.I)
# "Both papers …", "The results of both papers show …", "All three methods …": a claim about several papers;
# "The papers on sparse attention report … up to 2.75× … [1]" too (over ICML 2026: one paper's figure, said of four)
# (after a reply word: "Yes, the papers study reward hacking in RLHF and propose fixes [3]", ICML 2026, and "No, none of
# the papers need training [2]", said of every paper shown)
_SEVERAL = re.compile(r"^\W*(?:(?:yes|no),?\s+)?(?:(?:however|moreover|similarly|likewise|overall|in addition),?\s+)?"
                      r"(?:both\b|neither\b|none\s+of\s+(?:them|these|those)\b|(?:none\s+of\s+)?(?:the|all)\s+"
                      r"(?:(?:two|three|four|five)\s+)?(?:papers|works|methods|approaches|studies)\b|"
                      # "Recent papers have made diffusion language models decode … 17× faster [1]"
                      r"(?:recent|several|many|most|some|other|these)\s+(?:papers|works|studies)\b|each\s+"
                      r"(?:paper|work|method|approach|study)\b)|\bof\s+(?:both|all\s+(?:two|three|four|five))\s+papers\b"
                      # over ICML 2026: "FlashAttention-style kernel work reported in these papers is 32× … [1]", one
                      # paper's figures ("one of these papers", "among these papers" are about one)
                      r"|\b(?:in|by|across)\s+(?:these|the|all|both)\s+(?:(?:two|three|four|five)\s+)?(?:papers|works|studies)\b"
                      # "PEARL and self-speculative decoding are both methods for …", "they both use …"
                      # ("… are both high-quality and close to …" is no claim about papers)
                      r"|\b(?:are|were)\s+both\s+(?:[\w-]+\s+){0,2}?(?:methods|approaches|papers|works|frameworks|"
                      r"techniques|algorithms|studies)\b|\bthey\s+both\b|\bboth\s+of\s+(?:them|these|the\s+papers)\b",
                      re.I)
# "The normalizing flow papers demonstrate …": the clause is about the papers its words describe
_DESCRIBED = re.compile(r"^\W*(?:(?:however|moreover|similarly|likewise|overall|in contrast|meanwhile),?\s+)?"
                        r"(?:the|these|those|both)\s+(?P<what>((?:[\w-]+\s+){1,4}?)(?:papers|works|methods|approaches|"
                        r"studies))\b", re.I)
_COUNTS = frozenset(tokenize("two three four five several other remaining former latter above listed cited", query=True))
# "[1] and [3] differ in that …", "Both papers differ in their approach, with …": a frame, no claim
_FRAMING = re.compile(r"^.*?\b(?:differ|are different|vary)\s+(?:in that|in how|in their\b[^,]*,\s*(?:with|as)|,\s*(?:with|as)"
                      r"|:)\s*", re.I)
# "The first paper …, while the second paper … [1][2]": the papers its markers (or the table) number 1, 2
# "The first demonstrates …, while the second focuses on …", "the second's approach": an ordinal alone,
# before a verb in the third person or "'s", is a paper too ("the first steps" would be read so: rare here)
_ORDINAL = re.compile(r"\b[Tt]he (first|second|third|fourth|fifth)(?: (?:paper|work|study|article)\b|(?='s\b)|"
                      r"(?= (?:is|has|does|[a-z]{2,}[^siu\W]s)\b))")
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
# "Table 1 presents …, while Table 2 introduces …" (over ICLR 2026, under a table whose rows were numbered [1], [2]):
# the row's number, as the model was shown it
NUMBERED = re.compile(r"\b(?:[Tt]able|[Rr]ow|[Pp]aper|[Ee]vidence)\s+(\d{1,2})\b(?![.,]\d)")
_LEADING_MARKERS = re.compile(r"^\s*(?:both\s+)?\[\d+\](?:\s*(?:,|and|or|&)\s*\[\d+\])*")
_CLAUSE = re.compile(r"\s*(?:;|,?\s+\b(?:while|whereas|but|whilst)\b|,\s+and\b|\bin contrast,?)\s+", re.I)
_LIST_END = re.compile(r"\s*,\s+and\s+", re.I)
# where an abstract sentence's parts meet: "Experimental results on the MP-100 dataset show that our
# method achieves …, while …" holds "evaluated on MP-100" in its first part, and the whole sentence's
# vector is too far from so short a claim
_PART = re.compile(r"\s*(?:[;:,]|\b(?:show|shows|showed|shown|demonstrate|demonstrates|reveal|reveals|indicate|"
                   r"indicates|suggest|suggests|find|finds|prove|proves|confirm|confirms) that)\s+", re.I)
_CREDIT_WORDS = frozenset(tokenize("present presents introduce introduces describe describes develop develops "
                                   "new novel called named"))
_SAYING_WORDS = frozenset(tokenize("propose proposes proposed show shows suggest suggests argue argues"))
PART_WORDS = 4  # a part of fewer words joins the one before it
# key terms of a clause that only one shown abstract holds, which make the clause that paper's (cite._owner); not tuned
OWNED_TERMS = 2
# where a clause's action ends and what it gives begins: ", reducing computation by nearly 50% …", ", thereby achieving …"
# what a paper does, then what that gives: ", achieving …", and what a thing is, then what it gives: "d3LLM is a
# pseudo-distilled diffusion large language model that achieves up to 10× speedup …" (over ICML 2026 withheld, the
# closest sentence an opening on dLLMs, the figure's sentence without "pseudo-distilled")
_GIVING = (r"(?:reduc|achiev|improv|yield|lead|cut|boost|lower|increas|outperform|demonstrat|show|attain|reach|enabl|"
           r"deliver|accelerat|speed|sav)")
_TRAILING_ACTION = re.compile(rf",\s+(?:thereby\s+|and\s+)?(?={_GIVING}[a-z]*ing\b)"
                              rf"|\s+(?:that|which)\s+(?={_GIVING}[a-z]*s\b)", re.I)
# "Veda accelerates video diffusion models by 5.1× end-to-end speedup and …": what it does, then by how much
_BY_FIGURE = re.compile(r"\s+by\s+(?=(?:up\s+to\s+|about\s+|nearly\s+|over\s+|around\s+|approximately\s+)?"
                        r"\d[\d.,]*\s*(?:×|x\b|%))", re.I)
PART_MISSING = 1  # key terms of a claim its part's sentence may lack ("evaluates" of "Experimental results")
TITLE_SHARE = 0.5  # a clause backed by the title alone: at least this share of its key terms are the title's
TITLES_KEPT = 4096  # title vectors a verifier keeps (about 6 MB), then starts again
PARTS_KEPT = 512  # papers whose sentence parts a verifier keeps (about 10 MB), then starts again
# what `_judge` finds: backers of the sentence, their sentences, clauses moved, backers and closeness per clause
Judged = tuple[list[int], dict[int, list[str]], int, list[list[int]], list[dict[int, float]]]
COPIED_WORDS = 4  # content words of a run a clause shares with an abstract, at least, to count as copied from it
COPIED_AHEAD = 2  # a run this much longer with another shown abstract than with its own: that paper's words
SAID_BESIDE_NAME = 2  # terms beside a paper's name (a verb and its object) that make a clause before "and <name>"
NO_SENTENCE = "no sentence of the abstract says this"
NUMBER_WHY = "the number "  # how claims.number_conflict's reason begins


def _coined_after(rest: str, paper: Paper) -> str:
    """The name right after a marker when it is one the paper coined ("[1] Prophet is …", "[2] GoRL
    trains …"): a capitalised word of the paper's text that it never writes in lower case, so
    not "Diffusion" in "[1] Diffusion models …"; "" otherwise."""
    m = re.match(r"\s*([A-Z][\w-]*[A-Za-z0-9])\b", rest)
    if not m or len(m.group(1)) < 3 or m.group(1).lower() in STOPWORDS:
        return ""
    word = m.group(1)
    paper_text = f"{paper.title}. {paper.abstract}"
    written = re.search(rf"\b{re.escape(word)}\b", paper_text)
    lowered = re.search(rf"\b{re.escape(word.lower())}\b", paper_text) if word != word.lower() else None
    # a name the paper measures itself against is not its own ("[1] EAGLE-3 achieves up to 1.6× …" of
    # ARC-Decode's "… 1.6× end-to-end speedup over EAGLE-3"), unless its title writes it
    baseline = measured_against(word, paper.abstract) and not re.search(rf"\b{re.escape(word)}\b", paper.title)
    return word if written and not lowered and not baseline else ""


def _long_forms(name: str, abstract: str) -> list[str]:
    """The words the abstract spells its name out with ("Frequency-aware Patch Selection (FaPS)",
    "Parallel spEculative decoding with Adaptive dRaft Length (PEARL)"): a name too, so a claim
    that writes them is judged without them, like the name. The shortest run of up to eight words
    before "(NAME)" that starts with the name's first letter and has as many words as its capitals."""
    if len(name) < 2 or " " in name:
        return []
    out = []
    for m in re.finditer(rf"((?:[\w-]+\s+){{1,8}})\(\s*{re.escape(name)}\s*\)", abstract):
        words = m.group(1).split()
        wanted = max(1, sum(c.isupper() for c in name) - 1)
        for k in range(wanted, len(words) + 1):
            run = words[-k:]
            if run[0][0].lower() == name[0].lower():
                out.append(" ".join(run))
                break
    return out


def _spelled_name(abstract: str, clause: str, titles: Sequence[str] = ()) -> list[str]:
    """The names the paper coins, spelled out ("Regret-based Preference Optimization (RePO)") and as written, that
    `clause` writes beside at least two terms of its own (its paper's `titles` are no such terms): what it claims,
    not who. Over ICML 2026 "Do any of them use online data?" kept "Yes, Regret-based Preference Optimization (RePO)
    uses online data [1]", whose abstract never says "online" (the name's three words counted as support), and
    withheld "RePO uses online data [1]"."""
    names = []
    for acronym in re.findall(r"\(([A-Za-z][\w-]*[A-Z][\w-]*)\)", abstract):
        if not coined(acronym, abstract):
            continue
        for form in (*_long_forms(acronym, abstract), acronym):
            if re.search(rf"(?<!\w){re.escape(form)}(?!\w)", clause, re.I) and form not in names:
                names.append(form)
    return names if any(" " in n for n in names) and len(_said_beside(clause, [*names, *titles])) >= 2 else []


def _spelled_as_acronyms(text: str) -> str:
    """`text` with each acronym it spells out ("sparse autoencoders (SAEs)") written as the acronym alone."""
    for acronym in re.findall(r"\(([A-Z][\w-]*[A-Z][\w-]*)\)", text):
        for long_form in _long_forms(acronym, text):
            text = text.replace(f"{long_form} ({acronym})", acronym)
    return text


def _own_name_as_subject(rest: str, name: str) -> str:
    """"[1] proposes DiffStyle3D, a novel …" would read "DiffStyle3D proposes DiffStyle3D, …" once
    the name is put in for the marker: the paper's own name is the subject ("[1] is a novel …",
    "[1] is proposed to …") when the model writes it right after "proposes"."""
    # the name alone, not the start of a longer one ("introduces Temper-Then-Tilt Unlearning (T3-Unlearning)")
    m = re.match(rf"\s+(?:proposes|introduces|presents)\s+{re.escape(name)}(?![\w-])(?!\s+[A-Z(])"
                 r"(\s*,\s+(?=(?:a|an|the)\s))?", rest)
    if not m or len(name) < 3:
        return rest
    return (" is " if m.group(1) else " is proposed") + rest[m.end():]


def _giving_split(clause: str) -> re.Match[str] | None:
    """Where a clause goes on from what a paper does to what that gives (`_TRAILING_ACTION`), or to the figure of
    a measure it names, after "by": "Veda accelerates video diffusion models by 5.1× end-to-end speedup …" (over
    ICML 2026, whose figure is said of one video model in the next sentence); not "reduces memory by 50% on
    ImageNet", whose figure alone names no measure."""
    if m := _TRAILING_ACTION.search(clause):
        return m
    by = _BY_FIGURE.search(clause)
    return by if by and names_measure(clause[by.end():]) else None


class Verifier:
    def __init__(self, embed: Callable[[list[str]], np.ndarray], settings: AnswerSettings) -> None:
        self.embed = embed
        self.threshold = settings.support_threshold
        self.min_overlap = settings.min_term_overlap
        self.min_quote_words = settings.min_quote_words
        self.min_clause_terms = settings.min_clause_terms
        self.attribution_margin = settings.attribution_margin
        self._titles: dict[str, np.ndarray] = {}  # title -> vector, embedded once per title
        # (paper id, title, abstract) -> its parts (`_parts`); an inline abstract of `check` may have no id
        self._part_cache: dict[tuple[str, str, str], tuple[np.ndarray, list[int]]] = {}

    def prepare(self, sources: Sequence[Source]) -> None:
        todo = [s for s in sources if s.vectors is None]
        if not todo:
            return
        for s in todo:
            s.sentences = s.sentences or sentences(s.paper.abstract)
        flat = self.embed([sent for s in todo for sent in s.sentences])
        i = 0
        for s in todo:
            s.vectors = flat[i:i + len(s.sentences)]
            i += len(s.sentences)

    def _support(self, clause: str, vector: np.ndarray, source: Source,
                 cited_names: Sequence[str] = (), whole: bool = True) -> tuple[bool, str, str]:
        """(supported, the sentence that backs it, why not). A clause is supported when it
        quotes the abstract word for word (and the quoted sentence does not negate or contrast
        what it quotes), or when it is on the topic of some sentence (cosine and shared key
        terms) and no meaning check (claims.py) objects to it against its closest sentences. A clause
        that is `whole` (not itself a part) and whose figure its closest sentences lack may be read in its
        two parts (`_TRAILING_ACTION`)."""
        assert source.vectors is not None
        names = [source.label, source.paper.title, *_long_forms(source.paper.name, source.paper.abstract), *cited_names]
        host = _quoted_in(clause, source.sentences, self.min_quote_words)
        if host is not None:
            whole = plain(host).rstrip(".!?") == plain(clause).rstrip(".!?")
            why = "" if whole else conflict(clause, host, host, source.paper.abstract, names)
            return not why, host, why
        own = set(tokenize(f"{source.label} {source.paper.title}")) - set(tokenize(source.paper.abstract))
        short = _short_name(source, clause)
        if short:  # "GenCape is a language model for translation": the name is close to "we propose GenCape"
            own |= set(tokenize(short))
            vector = self.embed([_strip(clause, [short])])[0]
        # a coined name spelled out counts for no term (its words often say what the method is, so the clause is
        # still read whole for closeness: "FaPS uses frequency-aware patch selection to improve training speed …")
        spelled = _spelled_name(source.paper.abstract, clause, (source.label, source.paper.title))
        own |= set(tokenize(" ".join(spelled)))
        sims = source.vectors @ vector
        order = np.argsort(-sims)
        best = source.sentences[int(order[0])]
        defined = _definition_unsaid(clause, source, own)
        if defined:
            return False, best, defined
        if free := without_only(_strip(clause, names)):
            # "Neither needs training", "Both are training-free": all it says of the paper is what the paper does
            # without, which a sentence of its own must do without too; too short to be close to any of them
            saying = [s for s in source.sentences if not of_earlier_work(s) and says_done_without(s, free)]
            if saying:
                return True, saying[0], ""
        terms = _key_terms(clause) - own  # the paper's name is no evidence
        if spelled and terms and not any(len(terms & set(tokenize(s))) >= self.min_overlap * len(terms)
                                         for s in source.sentences if not of_earlier_work(s)):
            # the name spelled out is close to the sentence that coins it, whatever the clause says of it: "Yes,
            # Hierarchical Diffusion-Flow (HDFlow) runs in real time [2]" (ICML 2026, to "Do any of them run in real
            # time?") was backed by "In this work, we introduce Hierarchical Diffusion-Flow (HDFlow), …", and its
            # "real-time" is the struggle of the approaches before it. As much of the rest as the abstract must hold
            # (`min_overlap`) is to be held by one sentence said of the paper itself
            return False, best, NO_SENTENCE
        overlap = len(terms & set(tokenize(source.paper.abstract))) / max(len(terms), 1)
        if float(sims[order[0]]) < self.threshold or overlap < self.min_overlap:
            part = self._part_support(clause, source, names) if overlap >= self.min_overlap else None
            part = part if part is not None else _naming_its_data(clause, source, names)
            if part is not None:  # checked against that part's sentence and the closest one too
                nearby = f"{source.sentences[part]} {best}"
                why = (conflict(clause, source.sentences[part], nearby, source.paper.abstract, names)
                       or conflict(clause, best, nearby, source.paper.abstract, names))
                return not why, source.sentences[part], why
            if self._restates_title(clause, vector, source, names):
                return True, source.paper.title, ""
            return False, best, NO_SENTENCE
        nearby = " ".join(source.sentences[int(i)] for i in order[:2])
        why = conflict(clause, best, nearby, source.paper.abstract, names)
        if why == ABSTRACT_NEGATES:
            # "The Halton scheduler improves over the Confidence scheduler by reducing the FID …" is
            # closest to "… our Halton scheduler instead of the original Confidence scheduler"; the
            # sentence that says it, holding all its key terms but one and no more negations, is read
            bare = _key_terms(_strip(clause, names))
            for i in order[1:]:
                said = source.sentences[int(i)]
                if (_holds(said, bare) and negations(said) <= negations(clause)
                        and not conflict(clause, said, said, source.paper.abstract, names)):
                    return True, said, ""
        if why == CLAIM_NEGATES:
            # "MotionSight focuses on improving fine-grained motion understanding without training" is closest
            # to "… their proficiency in fine-grained video motion understanding remains critically limited";
            # the sentence that says it ("… to effectively improve fine-grained motion understanding without
            # training") is read instead: it holds the key terms, does without what the claim does without, and is
            # not what the abstract says of earlier work
            # judged without the words that credit ("proposes that") or spell an acronym out ("sparse autoencoders
            # (SAEs)" is "SAEs"): "… proposes that sparse autoencoders (SAEs) can be used for visual interpretability
            # without training dedicated vision SAEs" is what VISTA's "This approach enables visual interpretability
            # without training dedicated vision SAEs" says (over ICML 2026)
            bare = _key_terms(_spelled_as_acronyms(_strip(clause, names))) - _CREDIT_WORDS - _SAYING_WORDS
            for i in order[1:]:
                said = source.sentences[int(i)]
                if (_holds(said, bare) and done_without(clause) <= done_without(said) and not of_earlier_work(said)
                        and not conflict(clause, said, said, source.paper.abstract, names)):
                    return True, said, ""
        if why == CLAIM_NEGATES and (free := done_without(clause) - NEEDING):
            # "EpiCache proposes a smarter KV cache eviction strategy that reduces memory usage without requiring
            # training" (over ICML 2026): what it does without, the abstract's own sentences do without ("a
            # training-free KV cache management framework"); the rest is read against the closest sentences as before
            saying = [s for s in source.sentences if not of_earlier_work(s) and free & done_without(s)]
            rest = _DOING_WITHOUT.sub("", clause)
            if (saying and rest != clause and free <= set().union(*(done_without(s) for s in saying))
                    and not conflict(rest, best, nearby, source.paper.abstract, names)):
                return True, saying[0], ""
        if why.startswith(DIRECTION_WHY) and of_earlier_work(best) and not of_earlier_work(clause):
            # "PASA … remains robust even under strong paraphrasing attacks while preserving high text quality" (over
            # ICML 2026, asked which watermarking papers are robust to paraphrasing) is closest to "However, existing
            # watermarking methods are often vulnerable to …, such as paraphrasing": earlier work, which the paper sets
            # itself against, not what it says of itself. The paper's own sentence that holds the claim's key terms
            # is read instead
            bare = _key_terms(_strip(clause, names))
            for i in order[1:]:
                said = source.sentences[int(i)]
                if (_holds(said, bare) and not of_earlier_work(said)
                        and not conflict(clause, said, said, source.paper.abstract, names)):
                    return True, said, ""
        if why.startswith(NUMBER_WHY):
            # "reduces decoding steps by up to 3.4×" is closest to a sentence without the number;
            # the sentence that states it, with all the clause's key terms but one, is read instead, alone: it
            # says all of the claim ("… up to 5× faster than autoregressive decoding with open source inference
            # engines", Saguaro over ICLR 2026, had been read against the closest sentence too, whose "a fast draft
            # model … a slower target model" then read as the claim's "faster" reversed)
            bare = _key_terms(_strip(clause, names))
            for i in order[2:]:
                said = source.sentences[int(i)]
                if _holds(said, bare) and not conflict(clause, said, f"{said} {best}", source.paper.abstract, names):
                    return True, said, ""
            # "BEST proposes a benchmark for … in both time and space, with 440 coding tasks rigorously constructed by
            # experts": two sentences joined; the number's own ("It comprises 440 coding tasks that are rigorously
            # constructed by experts") says what it counts, and the closest one the rest
            for i in order[1:]:
                said = source.sentences[int(i)]
                # of the two sentences' words, one more may be the claim's own ("reducing" of "cuts"), and words of
                # asking ("reports") are none: the number's neighbours are held already
                if (_counted_alike(clause, said) and len(bare - asking_terms() - set(tokenize(f"{best} {said}")))
                        <= PART_MISSING + 1
                        and not conflict(clause, said, f"{said} {best}", source.paper.abstract, names)
                        and not conflict(clause, best, f"{said} {best}", source.paper.abstract, names)):
                    return True, said, ""
            # "Fewer Weights, More Problems estimates the likelihood of parameters being pruned, demonstrating the
            # severity of the attack on five models" (over ICLR 2026): what it does, then what that gives, each said
            # by its own sentence of the abstract; each part is judged alone, the figure where its part is closest
            m = _giving_split(clause)
            if whole and m and numbers(clause[m.end():]) and not numbers(clause[:m.start()]):
                head, tail = clause[:m.start()], clause[m.end():]
                parts = [self._support(part, v, source, cited_names, whole=False)
                         for part, v in zip((head, tail), self.embed([head, tail]), strict=True)]
                if all(ok for ok, _, _ in parts):
                    return True, parts[1][1], ""
        return not why, best, why

    def _part_support(self, clause: str, source: Source, names: Sequence[str]) -> int | None:
        """The sentence one of whose parts `clause` says, when the whole sentence is too long to be
        close to it ("GenCape evaluates on the MP-100 dataset" of "Experimental results on the
        MP-100 dataset show that our method achieves …, while …"); None if none does. Judged
        without the paper's names (a part "we propose GenCape" is close to any claim that names
        GenCape), and the sentence must hold every key term of the clause but `PART_MISSING`."""
        bare = _strip(clause, names)
        terms = _key_terms(bare)
        vectors, parent = self._parts(source, names)
        if not terms or not parent:
            return None
        scores = vectors @ self.embed([bare])[0]
        for j in np.argsort(-scores)[:2]:
            i = parent[int(j)]
            if scores[j] >= self.threshold and _holds(source.sentences[i], terms):
                return i
        return None

    def _parts(self, source: Source, names: Sequence[str]) -> tuple[np.ndarray, list[int]]:
        """The vectors of the parts of the abstract's sentences that have two or more, without
        the paper's names, and the sentence each is from; embedded once per source, the first
        time a claim needs them (and kept for the next question that shows the paper)."""
        key = (source.paper.paper_id, source.paper.title, source.paper.abstract)
        source.parts = source.parts or self._part_cache.get(key)
        if source.parts is None:
            texts, parent = [], []
            for i, sentence in enumerate(source.sentences):
                pieces: list[str] = []
                for piece in _PART.split(_strip(sentence, names[:2])):
                    if pieces and len(piece.split()) < PART_WORDS:
                        pieces[-1] = f"{pieces[-1]} {piece}"
                    elif piece.strip():
                        pieces.append(piece)
                if len(pieces) > 1:
                    texts += pieces
                    parent += [i] * len(pieces)
            source.parts = (self.embed(texts) if texts else np.zeros((0, 0)), parent)
            if len(self._part_cache) >= PARTS_KEPT:
                self._part_cache.clear()
            self._part_cache[key] = source.parts
        return source.parts

    def _restates_title(self, clause: str, vector: np.ndarray, source: Source, names: Sequence[str]) -> bool:
        """The clause says what the paper's title says ("… [2] models temporal scRNA-seq data with a
        latent Gaussian process"): the title is on the source card, so it is evidence too. Judged
        without the title or name the clause writes and its verb ("uses", "focuses"), on what is
        left: at least two key terms, every one in the paper, most of them in its title, close to
        the title (cosine), and no meaning check objecting."""
        title = source.paper.title
        said = clause
        for name in sorted({title, source.label, title_lead(title)}, key=len, reverse=True):
            said = re.sub(re.escape(name), " ", said, flags=re.I)
        terms = _key_terms(re.sub(rf"\b{_VERB}", " ", said, flags=re.I))
        in_title = terms & set(tokenize(title))
        if (len(terms) < 2 or len(in_title) < TITLE_SHARE * len(terms)
                or not terms <= in_title | set(tokenize(source.paper.abstract))):
            return False
        said_vec = vector if said == clause else self.embed([said])[0]
        if title not in self._titles:
            if len(self._titles) >= TITLES_KEPT:
                self._titles.clear()
            self._titles[title] = self.embed([title])[0]
        return (float(said_vec @ self._titles[title]) >= self.threshold
                and not conflict(said, title, title, f"{title}. {source.paper.abstract}", names))

    def check(self, sentence: str, sources: Sequence[Source], report: Verification, asked: str = "") -> Checked:
        by_n = {s.n: s for s in sources}
        unjudged: list[str] = []  # names put in (the abstract does not use them) or written before a marker: no claim
        strangers: list[int] = []  # markers used as names ("while [2] …") of papers not shown
        subjects: dict[int, str] = {}  # paper -> the name put in for its marker, or written: that clause is about it

        # "[1] and [2] both ..." uses markers as names: put the names in
        def naming(text: str) -> Callable[[re.Match[str]], str]:
            def name(m: re.Match[str]) -> str:  # m is a match in `text`, or in a prefix of it
                n = int(next(g for g in m.groups() if g))
                if n not in by_n:
                    strangers.append(n)
                    return m.group(0)
                first = by_n[n].label.split()[0].rstrip(":")
                lead, named = title_lead(by_n[n].paper.title), by_n[n].paper.name
                probe = " ".join(lead.split()[:3]).lower()  # before the marker, or right after it
                before = text[:m.start()]  # without the other papers' names: their words name not this one
                for other in (o for o in by_n.values() if o.n != n):
                    for written in sorted({other.paper.title, title_lead(other.paper.title), other.label}, key=len,
                                          reverse=True):
                        before = re.sub(re.escape(written), " ", before, flags=re.I)
                before = before[-(max(len(by_n[n].label), len(named)) + 20):]
                # written right before its marker, whatever words it holds ("Sparse but Wrong [2]": not cut at "but")
                right_before = any(len(w) > 2 and before.rstrip().lower().endswith(w.lower())
                                   for w in (by_n[n].paper.title, lead, named, by_n[n].label))
                # within its own clause: "[1] discusses scalable energy-based models, while [2] …" has
                # [2]'s title words in [1]'s clause, which do not name the subject of [2]'s
                before = re.split(r";|\b(?:while|whereas|but)\b", before, flags=re.I)[-1]
                # a name's first word ("PEARL") names it; "A" or "The" opening a title does not
                naming_first = len(first) > 2 and first.lower() not in STOPWORDS
                by_first = naming_first and _says(before, first)
                coined = _coined_after(text[m.end():], by_n[n].paper)
                if coined and coined not in unjudged:  # "[1] Prophet is a training-free …": the method's own name
                    unjudged.append(coined)
                written_after = text[m.end():].lstrip().lower()  # "[1] No Free Lunch: …", "[1] A Watermark for …"
                after = re.sub(r"^(?:the|a|an)\s+", "", written_after)  # "[2] The Halton scheduler …"
                # "[1] USE …" names USE; "[1] uses …" does not (the name's word, not the start of another)
                opens = any(re.match(rf"{re.escape(probe)}(?![\w-])", w) for w in (written_after, after)) if probe else False
                # "[1] Flash Sparse Attention achieves up to 3.5x …" names FSA by the words its abstract spells it out
                # with (over ICLR 2026, "FSA" put in before them had the number read in the sentence that defines it)
                longs = [f for f in _long_forms(named, by_n[n].paper.abstract)
                         if re.match(rf"{re.escape(f.lower())}(?![\w-])", written_after)]
                if (right_before or by_first or coined or probe in before.lower() or opens or longs
                        or (naming_first and _says(after[:len(first) + 1], first, re.I))):
                    # already named: "PEARL [1] and ...", "[2] Projected Gradient Ascent … addresses"; the
                    # clause that names it is about it all the same
                    written = next((w for w in sorted({by_n[n].paper.title, lead, named, by_n[n].label, *longs}, key=len,
                                                      reverse=True) if len(w) > 2 and w in text), "")
                    if written and written not in unjudged:  # judged without it, like a name put in
                        unjudged.append(written)
                    subjects.setdefault(n, written or coined or (first if by_first else probe))
                    return m.group(0)
                if lead.lower() not in by_n[n].paper.abstract.lower() or named != lead:
                    unjudged.append(named)
                subjects[n] = named
                return f"{named} [{n}]"  # the name, or the whole title: never a cut label
            return name

        sentence = _ordinals_as_markers(sentence, sorted(by_n))
        cited_work = _CITED_WORK.match(sentence)
        if cited_work:
            report.checked += 1
            valid = [n for n in parse(sentence) if n in by_n]
            report.uncited += not valid
            return _unsupported(sentence, report, f"it is about {cited_work.group(1)}, earlier work an abstract cites, "
                                "not a paper shown", valid, {})
        # "[2] outperforms [1] on locomotion", "[2] is faster than [1]": a paper shown set against another. One
        # abstract cannot say how its paper compares with another, unless it names it; the marker, taken for a
        # citation, had left "Ada-Diffuser outperforms on locomotion benchmarks [2]"
        for against in _COMPARED_MARKER.finditer(sentence):
            other = int(against.group(1) or against.group(2))
            if other in by_n and not any(_says(s.paper.abstract, name, re.I) for s in sources if s.n != other
                                         for name in {by_n[other].paper.name, by_n[other].label} if len(name) > 2):
                report.checked += 1
                return _unsupported(sentence, report, f"it compares a paper with {by_n[other].label}, and no other "
                                    "abstract mentions that paper", [n for n in parse(sentence) if n in by_n], {})
        lead = _LEADING_MARKERS.match(sentence)
        if lead:
            rest = _PRONOUN.sub("", sentence[lead.end():], count=1)  # "[1] This paper uses": the name takes its place
            # "[1] Proposes …", as in a list: "NoisePrints [1] proposes …"; a subject of its own opening with a digit
            # ("[1] 4-bit block-wise optimal float (BOF4) reduces …", over ICLR 2026) is no verb either
            word = re.match(r"\s+([A-Z0-9])([\w-]*)", rest)
            verb = word.group(1).lower() + word.group(2) if word else ""  # "Generates": a verb in the third person
            is_verb = bool(word) and bool(re.fullmatch(_VERB, verb) or re.fullmatch(r"[a-z]{2,}[^siu]s", verb))
            if word and is_verb:
                rest = rest[:word.start(1)] + word.group(1).lower() + rest[word.end(1):]
            one = re.fullmatch(r"\s*\[(\d+)\]\s*", lead.group(0))
            if one and int(one.group(1)) in by_n:
                rest = _own_name_as_subject(rest, by_n[int(one.group(1))].paper.name)
            kept_unjudged, kept_subjects = list(unjudged), dict(subjects)
            named_lead = re.sub(r"\[(\d+)\]", naming(sentence), lead.group(0))
            if word and not is_verb and named_lead != lead.group(0):
                # "[3] Detection experiments on … show …": the marker labels a sentence the model copied,
                # and a name put in would read "Detecting and Mitigating … Detection experiments on …"
                unjudged[:] = kept_unjudged  # in place: `naming` reads these lists when called later
                subjects.clear()
                subjects.update(kept_subjects)
                sentence = f"{rest.strip()} {lead.group(0).strip()}"
            else:
                sentence = named_lead + rest
        sentence = _LISTED_MARKERS.sub(lambda m: m.group(1) + re.sub(r"\[(\d+)\]", naming(m.group(2)), m.group(2)),
                                       sentence)
        sentence = _NOUN_MARKER.sub(naming(sentence), sentence)
        sentence = _JOINED_MARKER.sub(naming(sentence), sentence)
        sentence = _CONTRAST_MARKER.sub(naming(sentence), sentence)
        sentence = _OBJECT_MARKER.sub(naming(sentence), sentence)
        sentence = _POSSESSIVE_MARKER.sub(naming(sentence), sentence)
        cited = parse(sentence)
        valid = [n for n in cited if n in by_n]
        if strangers:  # moving the claim to a paper shown would leave the clause without its subject
            report.checked += 1
            report.uncited += not valid
            return _unsupported(sentence, report, f"it says [{strangers[0]}] does this, but no paper "
                                f"[{strangers[0]}] was shown", valid, {})
        report.removed += len(cited) - len(valid)
        shown = _once(strip_markers(sentence), [s.paper.name for s in sources])
        body = _uncounted(shown, len(set(valid)))  # judged without the count; shown with it
        if not body:
            return Checked(None, [], {})
        # "GRACE achieves …, while P-GenRM demonstrates … [2][1]", or with no marker at all: the names are the subjects
        for n in valid or sorted(by_n):
            name = by_n[n].paper.name
            if n not in subjects and _leads(body, name):
                subjects[n] = name
                if name not in unjudged:  # judged without it, like a name put in for a marker
                    unjudged.append(name)
        # "DeCoDe decouples …, MoMST learns relative preference signals, and …": in a list of the papers' clauses,
        # the name one shown paper coined (not its title) opens that paper's clause. It stays in the words judged:
        # "…, while FC-TPP focuses on generation quality" is too bare without it to find FC-TPP's sentence
        coined: list[str] = []
        for word in _LEADING_WORD.findall(body) if subjects else []:
            coiners = [n for n in valid or sorted(by_n) if _coined_after(f" {word}", by_n[n].paper) and any(
                re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", said) and not of_earlier_work(said)
                for said in sentences(by_n[n].paper.abstract))]  # "While DFL has been shown …" is not Gen-DFL's
            if len(coiners) == 1 and coiners[0] not in subjects:
                subjects[coiners[0]] = word
                coined.append(word)
        # "Helmsman and Riemannian Federated Learning … address federated learning with LLMs [1][2]": each
        joint = _joint_subjects(body, {n: by_n[n].paper.name for n in valid or sorted(by_n)})
        for n in joint:  # judged with the names written, as before; each is then held to the clause alone
            subjects.setdefault(n, by_n[n].paper.name)
        report.checked += 1  # sentences, not citations: the figures divide by sentences
        report.uncited += not valid
        # a title put in for a marker is no claim (its marker says the same): judged without it. If
        # that finds it off every abstract's topic, it is judged as if the model had written the title
        # ("[1] supports its analysis with experiments" alone is too bare to be close to the
        # abstract's "we support …"), and the meaning checks must still pass on the bare words
        bare, bare_clauses = _without(body, unjudged, self.min_clause_terms, coined)
        # the papers a sentence cites may be named in it ("MAP and P-GenRM both …" [1][2])
        cited_names = [name for n in valid for name in (by_n[n].label, by_n[n].paper.title)]
        outcome = first = self._judge(bare, sources, valid, cited_names, bare_clauses, list(subjects))
        named = _clauses(body, self.min_clause_terms, unjudged + coined)
        if unjudged and ((isinstance(first, Checked) and first.reason == NO_SENTENCE)
                         or (not isinstance(first, Checked) and _unbacked_subject(named, first[3], subjects))):
            titled = self._judge(body, sources, valid, cited_names, named)
            if not isinstance(titled, Checked):
                backers = titled[3]
                if len(named) == len(backers):  # "X [1] demonstrates A, while Y [2] …": A is checked against X alone
                    backers = [[n for n in b if n in _about(c, subjects)] or b
                               for b, c in zip(backers, named, strict=True)]
                backers = _per_clause(bare_clauses, backers)
                if (not self._objects(bare_clauses, backers, by_n, cited_names)
                        and not self._off_abstract(bare_clauses, backers, by_n)):
                    outcome = titled
        if isinstance(outcome, Checked):
            return _unsupported(sentence, report, outcome.reason, valid, outcome.support)
        final, support, moved, per_clause, closeness = outcome
        named_clauses = named
        if len(named_clauses) != len(per_clause):  # split otherwise without the names: judge it whole
            named_clauses, per_clause, closeness = [body], [final], [{}]
        shown_names = [w for o in sources for w in (o.paper.title, o.label, o.paper.name)]
        for i, (clause, backers, close) in enumerate(zip(named_clauses, per_clause, closeness, strict=True)):
            said = _FRAMING.sub("", clause, count=1)  # "[1] and [3] differ in that [1] …": about [1] alone
            # "X and Y study scaling laws, and they find that only error-entropy …": they are X and Y
            if i and len(joint) >= 2 and _THEY.match(said) and not set(joint) <= set(backers):
                return _unsupported(sentence, report, "it says this of several papers, but only "
                                    f"{' '.join(f'[{n}]' for n in backers)} supports it", valid, {})
            # "… suggests a time-varying guidance schedule, while What Exactly Does Guidance Do … supports this with
            # experiments [1][2]": "this" is the other paper's claim, and no abstract says how one paper bears on another
            if i and _relates(strip_markers(_strip(said, shown_names))) and _other_paper(
                    _about(named_clauses[i - 1], subjects), _about(said, subjects), per_clause[i - 1], backers):
                return _unsupported(sentence, report, "it says how one paper bears on another's claim, which neither "
                                    "abstract states", valid, {})
            listed = re.search(r"\binclud(?:e|es|ing)\s+(?:the\s+)?([\w-]+)", said)  # "The approaches … include ASIR"
            # or the papers it cites, by marker alone ("The papers that bound the generalization error of generative
            # models include [1].", the eval's comparative-m02; the markers are out of `said`): what the list is of is
            # said of each, and judged so
            by_marker = re.search(r"\binclud(?:e|es|ing)\W*$", said)
            if (len(backers) < 2 and _SEVERAL.search(said)  # "Both papers demonstrate … [1]": one paper's claim
                    and not re.search(r"\b(?:differ|vary|are different)\b", said, re.I)  # "Both differ, with …"
                    and not by_marker
                    and not (listed and any(_says(f"{by_n[n].paper.name} {by_n[n].label}", listed.group(1))
                                            for n in backers if n in by_n))):
                return _unsupported(sentence, report, "it says this of several papers, but only "
                                    f"{' '.join(f'[{n}]' for n in backers)} supports it", valid, {})
            papers, described = _described(said)
            fits = {o.n for o in sources if described and _of_kind(described, o.paper)}
            for n in backers:  # "The normalizing flow papers demonstrate … [2]": [2] must be one of them
                if described and n not in fits:
                    return _unsupported(sentence, report, f"it says this of the {papers}, but {by_n[n].label} "
                                        "is not one of them", valid, {})
            # "The speculative decoding papers report speedups of over 1.8× ~ 4.5× … [1]": SpecBranch's figure,
            # said of five speculative decoding papers
            if (len(backers) < 2 and re.search(r"(?:papers|works|studies)$", papers) and len(fits) >= 2
                    and not re.search(r"\b(?:differ|vary|are different)\b", said, re.I)):  # "… papers differ in …"
                return _unsupported(sentence, report, f"it says this of the {papers}, but only "
                                    f"{' '.join(f'[{n}]' for n in backers)} supports it", valid, {})
            lead = None if _about(said, subjects) else _NAME_IS_A.match(strip_markers(said))
            lead_name, rest = (lead.group(1), strip_markers(said)[lead.end(1):]) if lead else ("", "")
            for n in backers if lead_name else []:  # "TimeID is a benchmark [1]": a name the abstract coins, not its title's
                kind = _kind_unsaid(rest, by_n[n].paper, lead_name) if (
                    n in by_n and _coins(by_n[n].paper.abstract, lead_name)) else ""
                if kind:
                    return _unsupported(sentence, report, f"it calls {lead_name} a {kind}, which its abstract does not",
                                        valid, {})
            for n in _about(said, subjects):  # "…, while [2] demonstrates X": X must be [2]'s, not moved
                # "TrustGen traces the provenance of generated images by …", to "Which papers trace the
                # provenance of generated text or images?": the question's words said of a paper that never uses them
                pinned = _asked_unheld(_strip(said, shown_names), asked, by_n[n].paper) if asked else ""
                if pinned:
                    return _unsupported(sentence, report, f"it says {by_n[n].label} does what the question asks "
                                        f"(“{pinned}”), a word its abstract does not use", valid, {})
                if n not in backers and _namesakes(by_n, n) & set(backers):
                    continue  # "DUET is flexible …" of two papers called DUET: said of the one that backs it
                kind = _kind_unsaid(_strip(said, [subjects[n], by_n[n].label, by_n[n].paper.title, by_n[n].paper.name]),
                                    by_n[n].paper)
                if kind:  # "HumanLM is a large-scale language model …" of "we propose a novel training framework, HumanLM"
                    return _unsupported(sentence, report, f"it calls {by_n[n].label} a {kind}, which its abstract "
                                        "does not", valid, {})
                bare_said = _strip(said, [subjects[n], by_n[n].label, by_n[n].paper.title])
                fault = next((why for sent in support.get(n, []) if (why := fault_conflict(bare_said, sent))), "")
                if fault:  # "Gen-DFL has been shown to struggle …", what the abstract says of DFL
                    return _unsupported(sentence, report, fault, valid, {})
                if n not in backers or (n in joint and self._conflicts_alone(
                        _strip(said, [v for k in joint for v in (subjects[k], by_n[k].label, by_n[k].paper.title)]),
                        by_n[n])):
                    return _unsupported(sentence, report, f"it says {by_n[n].label} does this, but that paper "
                                        "does not support it", valid, {})
                # "ZIP-RC [3] equips models with …, while [4] equips models with …": on the topic of
                # [4] too, but what [3] says, far closer: the claim is [3]'s, put on [4]
                owner = max(close, key=close.__getitem__, default=n)
                if (close and close[owner] - close[n] > self.attribution_margin
                        and not (n in joint and owner in joint)  # said of both: closer to one is no matter
                        and not _numbers_say_whose(said, by_n[n], by_n[owner])):
                    if owner in _namesakes(by_n, n):  # said of the one of that name that says it, if it does
                        ok, backing, _ = self._support(said, self.embed([said])[0], by_n[owner])
                        if ok:
                            final = list(dict.fromkeys(owner if k == n else k for k in final))
                            support = {k: v for k, v in support.items() if k != n} | {owner: [backing]}
                            continue
                    return _unsupported(sentence, report, f"it says {by_n[n].label} does this, but it is what "
                                        f"{by_n[owner].label} says", valid, {})
                # "The DUET paper evaluates forgetting by comparing the predictive probability … to the distribution
                # of unseen data from the same class": FaLW's words, closer to DUET's sentences by cosine alone
                # its own run counts however short: dParallel's "number of decoding steps" (3 words) against
                # Prophet's "reduces the number of decoding steps" (4) is no copy of Prophet
                own_run = _copied_run(bare_said, by_n[n].paper.abstract, least=0)
                copied = next((o for o in sources if o.n != n and not (n in joint and o.n in joint)
                               and o.n not in _namesakes(by_n, n)
                               and _copied_run(bare_said, o.paper.abstract) >= own_run + COPIED_AHEAD), None)
                if copied is not None:
                    return _unsupported(sentence, report, f"it says {by_n[n].label} does this, but it is what "
                                        f"{copied.label} says, word for word", valid, {})
            # after the checks above: "SWELoc achieves …" of "… show that SWERank achieves …"
            leading = _LEADING_WORD.search(said)
            leader = leading.group(1) if leading else ""
            for n in backers if leader else []:
                swapped = _said_of_another_name(said, leader, support.get(n, []), by_n[n].paper) if n in by_n else ""
                if swapped:
                    return _unsupported(sentence, report, f"it says of {leader} what its abstract says of {swapped}",
                                        valid, {})
        # "Scaling Behavior of Discrete Diffusion Language Models finds that scaling laws can be used to understand the
        # behavior of models …" (ICLR 2026, to "What do they find?"), backed by that abstract's opening alone, "Modern
        # LLM pre-training consumes vast amounts of compute …, making the scaling behavior … a key distinguishing
        # factor": what a paper finds is no setting of its field
        if len(final) == 1 and (finding := _FINDS.search(body)):  # one paper's: a clause of another's is read apart
            found, source = _key_terms(strip_markers(body[finding.end():])), by_n[final[0]]
            backed_by = support.get(final[0], [])
            if backed_by and all(_opens_on_background(b, source) and not _restates(found, b) for b in backed_by):
                return _unsupported(sentence, report, f"it says {source.label} finds this, but its abstract says "
                                    "it as the background it opens with", valid, {})
        report.moved += moved
        report.removed += len([n for n in valid if n not in final])
        for s in sources:  # a paper named in the sentence must be one it validly cites
            if s.n not in final and _names(body, s.label, s.paper.title) and not _namesakes(by_n, s.n) & set(final):
                return _unsupported(sentence, report, f"it names {s.label} but that paper does not support it",
                                    valid, {})
        return Checked(with_markers(shown, final), final, support)

    def _objects(self, clauses: list[str], backers: list[list[int]], by_n: dict[int, Source],
                 names: Sequence[str]) -> bool:
        """Does a meaning check (negation, number, direction) object to one of `clauses` against
        the two sentences closest to it (no topic threshold) of each paper that backs it (`backers`,
        one list per clause: `_per_clause`)?"""
        for clause, vector, backing in zip(clauses, self.embed(clauses), backers, strict=True):
            for s in (by_n[n] for n in backing):
                near = [s.sentences[int(i)] for i in np.argsort(-(s.vectors @ vector))[:2]]
                if conflict(clause, near[0], " ".join(near), s.paper.abstract, [s.label, s.paper.title, *names]):
                    return True
        return False

    def _off_abstract(self, clauses: list[str], backers: list[list[int]], by_n: dict[int, Source]) -> bool:
        """Is one of `clauses` (without the title put in) off the abstract of a paper that backs its
        titled form, by its own words (under `min_term_overlap` of its key terms in that abstract)?
        "A Statistical Learning Perspective on … Optimal Transport Solvers demonstrates results on
        Euclidean and spherical datasets" is close to that paper's "Neural network-based optimal
        transport …" by its title alone; "Euclidean and spherical datasets" are another paper's.
        `backers`: one list per clause (`_per_clause`)."""
        for clause, backing in zip(clauses, backers, strict=True):
            terms = _key_terms(clause)
            for s in (by_n[n] for n in backing):
                if terms and len(terms & set(tokenize(s.paper.abstract))) < self.min_overlap * len(terms):
                    return True
        return False

    def _conflicts_alone(self, clause: str, source: Source) -> bool:
        """A clause said of several papers together, read against one of them with only its own names:
        another's title may not excuse a word this abstract lacks ("LLMs", in Helmsman's title, said of
        a federated learning paper that never mentions language models)."""
        vector = self.embed([clause])[0]
        near = [source.sentences[int(i)] for i in np.argsort(-(source.vectors @ vector))[:2]]
        return bool(conflict(clause, near[0], " ".join(near), source.paper.abstract, [source.label, source.paper.title]))

    def _judge(self, judged: str, sources: Sequence[Source], valid: list[int], cited_names: Sequence[str],
               clauses: list[str] | None = None, named: Sequence[int] = ()) -> Judged | Checked:
        """(the papers that back its clauses, their backing sentences, clauses moved to an uncited
        paper, the backers of each clause, each paper's best cosine to each clause), or the failure
        (`reason`, and the closest sentence of each blamed paper). `clauses`: `judged` split
        already (by default `_clauses`). A clause no cited paper backs goes to the closest of its backers
        that the sentence `named`, if one does, else to the closest of all."""
        clauses = clauses or _clauses(judged, self.min_clause_terms)
        if any(_quoted_in(judged, s.sentences, self.min_quote_words) for s in sources):
            clauses = [judged]  # quoted whole: its short clauses need no support of their own
        final: list[int] = []
        support: dict[int, list[str]] = {}
        moved, per_clause, closeness = 0, [], []
        for clause, vector in zip(clauses, self.embed(clauses), strict=True):
            backers, reasons, closest = {}, {}, {}
            for s in sources:
                ok, best, why = self._support(clause, vector, s, cited_names)
                if ok:
                    backers[s.n] = best
                else:
                    reasons[s.n], closest[s.n] = why, best
            if any(s.parts is not None for s in sources):  # a paper may back it by a part: all are measured so
                for s in sources:
                    self._parts(s, [s.label, s.paper.title])
            close = {s.n: _closest(s, vector) for s in sources}  # each paper's closest sentence or part
            if not backers:
                blame = [n for n in valid if n in reasons] or list(reasons)[:1]
                return Checked(None, valid, {n: [closest[n]] for n in blame}, reasons[blame[0]] if blame else "")
            chosen = [n for n in valid if n in backers]
            if not chosen:  # cited the wrong paper (or nothing): move to the best backer, one it names first: over
                # ICML 2026, "…, while Think Twice Before You Act isolates the influence of the tool" (no marker) went
                # to ComplexMCP, closer by cosine, and was then withheld as not Think Twice's
                chosen = [max([n for n in named if n in backers] or backers, key=close.__getitem__)]
                owner = _owner(clause, {s.n: s for s in sources}, chosen[0], reasons)
                if owner is not None:  # another paper's claim, which that paper's abstract objects to
                    return Checked(None, valid, {owner: [closest[owner]]}, reasons[owner])
                moved += 1 if valid else 0
            per_clause.append(chosen)
            closeness.append(close)
            for n in chosen:
                if n not in final:
                    final.append(n)
                support.setdefault(n, []).append(backers[n])
        return final, support, moved, per_clause, closeness


def _owner(clause: str, sources: dict[int, Source], backer: int, objected: dict[int, str]) -> int | None:
    """The shown paper whose claim `clause` is, if not `backer`'s: one whose abstract objected to it
    (`objected`: a meaning check, not mere distance) and holds OWNED_TERMS or more of the clause's key terms that
    no other shown abstract holds and `backer`'s lacks. Over ICLR 2026, "Cautious Optimizers use a theoretical
    result to preserve Adam's Hamiltonian function and maintain convergence guarantees" was withheld by the
    Cautious Optimizers abstract ("… it does not break the convergence guarantee") and then moved to COSMOS,
    whose "adaptive optimizers such as AdamW … suffer from critical limitations" is as close to it in MiniLM's
    eyes and shares "optimizers": a citation to a paper that never says it."""
    terms = _key_terms(clause)
    held = {n: terms & set(tokenize(f"{s.paper.title} {s.paper.abstract}")) for n, s in sources.items()}
    for n, why in objected.items():
        if why == NO_SENTENCE or n == backer:
            continue
        only = {t for t in held[n] - held[backer] if not any(t in h for m, h in held.items() if m != n)}
        if len(only) >= OWNED_TERMS:
            return n
    return None


def _unbacked_subject(named: list[str], backers: list[list[int]], subjects: dict[int, str]) -> bool:
    """Some clause names as its subject a paper that is not among its backers. Judged without the names,
    "X [1] demonstrates efficiency and adaptability, while Y [2] …, and SALE [3] achieves …" had its first
    clause ("demonstrates efficiency and adaptability") backed by SALE alone, the closest bare words, and
    was withheld as not X's although X's abstract says "an efficient and adaptable solution"."""
    return len(named) == len(backers) and any(
        any(n not in b for n in _about(c, subjects)) for c, b in zip(named, backers, strict=True))


def _per_clause(clauses: list[str], backers: list[list[int]]) -> list[list[int]]:
    """The papers that back each of `clauses` (the bare form's), from those that back each clause of
    the titled form: the same lists where the two split alike, else all of them for every clause."""
    if len(backers) == len(clauses):
        return backers
    return [sorted({n for b in backers for n in b})] * len(clauses)


def _ordinals_as_markers(sentence: str, shown: list[int]) -> str:
    """"The first paper …, while the second paper …" becomes "[1] …, while [2] …" (markers as
    subjects, named and judged as such): the model was shown the papers numbered in that order; so
    does "Table 2 …" or "Paper 2 …", the number it was shown.
    Only where the sentence cites none but those ("[1] The first paper …, while the second paper
    …", or no marker at all); if it cites [2][3], is "the first paper" [1] or [2]? Then the words
    are left alone."""
    numbered = {int(m.group(1)) for m in NUMBERED.finditer(sentence)}
    if numbered and numbered <= set(shown) and set(parse(sentence)) <= numbered:  # "Table 2 introduces …"
        sentence = NUMBERED.sub(lambda m: f"[{m.group(1)}]", sentence)
    said = {_ORDINALS[m.group(1).lower()] for m in _ORDINAL.finditer(sentence)}
    if said:
        first = set(range(1, max(said) + 1))
        if not first <= set(shown) or not set(parse(sentence)) <= first:
            return sentence
        sentence = _ORDINAL.sub(lambda m: f"[{_ORDINALS[m.group(1).lower()]}]", sentence)
    return re.sub(r"\[(\d+)\]\s*\[\1\]", r"[\1]", sentence)  # "[1] The first paper …": one subject


def _unsupported(sentence: str, report: Verification, reason: str, cited: list[int],
                 closest: dict[int, list[str]]) -> Checked:
    """No text: the sentence is withheld. `cited` is what it claimed to cite, `support`
    the closest sentence of each blamed source (what decided it), `reason` why."""
    report.unsupported += 1
    report.uncited_unsupported += not cited
    report.dropped_sentences.append(sentence)
    report.dropped_reasons.append(reason)
    return Checked(None, cited, closest, reason, said=sentence)


# what a claim says its paper does without, to the clause's end: "without requiring training", "with no extra data"
_DOING_WITHOUT = re.compile(r",?\s*\b(?:without|with no|requiring no|needing no|no need for)\b[^,;.\[]*", re.I)


def _clauses(body: str, min_terms: int, names: Sequence[str] = ()) -> list[str]:
    """The clauses to check one by one; a clause too short to judge alone (under
    `min_terms` key terms: "…, and image editing") is joined to the one before it, and the
    ", and" that closes a list ("a simple, flexible, and general framework": a comma before it
    in the same clause) is no clause boundary. An "and" before one of `names` (the papers' names the
    sentence writes or was given for its markers) opens a clause when what comes before it says
    something beside a name ("Mind the Gap focuses on evidence drops and Efficient Hallucination
    Detection … leverages …"), not in "X and Y both …"."""
    named = [n for n in names if n]
    # no boundary inside a name: "In Agents We Trust, but Who Do Agents Trust? …" is one title
    inside = [(m.start(), m.end()) for n in named for m in re.finditer(re.escape(n), body)]
    bounds = [m for m in _CLAUSE.finditer(body) if not any(a <= m.start() and m.end() <= b for a, b in inside)]
    listed: re.Pattern[str] | None = None  # ", Proteo-R1 uses …" after "DeCoDe decouples …": a list of clauses
    if named:
        alts = "|".join(re.escape(n) for n in named)
        before = re.compile(rf"\s+and\s+(?=(?:{alts})(?![\w-]))")
        listed = re.compile(rf"\s*,\s*(?=(?:{alts})(?![\w-]))")
        bounds = sorted(bounds + [m for pattern in (before, listed) for m in pattern.finditer(body)
                                  if not any(b.start() <= m.start() < b.end() for b in bounds)],
                        key=lambda m: m.start())
    out: list[str] = []
    start = 0
    for m in [*bounds, None]:
        end = m.start() if m else len(body)
        if m and _LIST_END.fullmatch(m.group(0)) and "," in body[start:end]:
            continue  # the end of an enumeration: this clause goes on
        # "X and Y both use …": the names are one subject. A name is taken out once, as written: "Token Sparse
        # Attention introduces token sparse attention, SALE uses …" says something beside its name
        if m and m.re is not _CLAUSE and len(tokenize(_unnamed(body[start:end], named))) < SAID_BESIDE_NAME:
            continue
        if m and m.re is listed and not any(n in body[start:end] for n in named):
            continue  # "Unlike earlier work, GRACE …": a comma before a name ends a clause with a paper of its own
        piece = body[start:end]
        if out and len(tokenize(piece)) < min_terms:
            out[-1] = f"{out[-1]}, {piece}"
        elif piece.strip():
            out.append(piece)
        start = m.end() if m else end
    return out or [body]


def _unnamed(text: str, names: Sequence[str]) -> str:
    """`text` with each of the `names` (longest first) taken out once, as written, and the colon or comma that
    followed a name opening it ("[1] Entropy-Based Block Pruning …: Extensive experiments demonstrate …", a
    sentence copied whole, was not read as a quote with its ": " left in front)."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "", 1)
    return " ".join(text.split()).lstrip(":;,–— ")


def _without(body: str, names: Sequence[str], min_terms: int, kept: Sequence[str] = ()) -> tuple[str, list[str]]:
    """`body` without the `names` put in for markers (each once), whole and as clauses. The
    clauses are cut where the named sentence's are: in "X [1] uses A, while Y [2] focuses on
    flows" the second clause has its own subject, so it is judged alone even when it is short
    without the name, not as part of the first (whose paper would then have to back it). The longest
    name goes first: "Let" (a label the model wrote) taken out of "Let's (not) just put things in Context"
    left "'s (not) just …", and the title's "(not)" then read as the claim's negation. The `kept` names
    cut clauses too, but stay in them."""
    names = sorted(names, key=len, reverse=True)
    bare = _unnamed(body, names) or body
    clauses = _clauses(body, min_terms, [*names, *kept])
    for name in names:
        at = next((i for i, c in enumerate(clauses) if name in c), None)
        if at is None:  # cut through by a clause boundary: split the bare sentence itself
            return bare, _clauses(bare, min_terms)
        clauses[at] = clauses[at].replace(name, "", 1)
    clauses = [" ".join(c.split()).lstrip(":;,–— ") for c in clauses]
    if not all(tokenize(c) for c in clauses):  # a clause that was only a name
        return bare, _clauses(bare, min_terms)
    return bare, clauses


def _described(clause: str) -> tuple[str, set[str]]:
    """The words that describe the papers a clause is about, and their key terms ("normalizing
    flow papers"; "normal", "flow" of "The normalizing flow papers …"); no terms for "The two
    papers", "Both papers"."""
    m = _DESCRIBED.match(clause)
    return (m.group("what"), _key_terms(m.group(2)) - _COUNTS - asking_terms()) if m else ("", set())


def _of_kind(described: set[str], paper: Paper) -> bool:
    """Is `paper` one of the papers a clause describes (`_described`): its title and abstract hold their
    terms, of every four one may be missing."""
    return len(described - set(tokenize(f"{paper.title}. {paper.abstract}"))) <= (len(described) - 1) // 3


# what a claim says of a paper's data ("is evaluated on", "trains on", "uses … benchmarks"), and a name of a
# dataset or benchmark as abstracts write them: a capital and a later capital or digit ("TSLib", "GIFT-Eval",
# "CIFAR-10", "GSM8K", "ImageNet")
_DATA_SAID = re.compile(r"\b(?:evaluat\w*|test\w*|train\w*|pre-?train\w*|benchmark\w*|experiments?|uses?|used|using|"
                        r"datasets?|data|corpus|corpora)\b", re.I)
_DATA_TERMS = frozenset(tokenize("evaluated evaluation tested test trained training pretrained pre-trained benchmarks "
                                 "benchmarked experiments uses used using datasets data corpus corpora large-scale"))


def _naming_its_data(clause: str, source: Source, names: Sequence[str]) -> int | None:
    """The sentence of the paper's own (not one on earlier work) that names every dataset or benchmark the clause
    says the paper uses, holding all its other key terms (its words of using data aside); None if none does. "Olivia is evaluated
    on TSLib and GIFT-Eval" of "Extensive experiments on two large-scale benchmarks (TSLib and GIFT-Eval) and …,
    demonstrate Olivia …": MiniLM puts a short clause of rare names far from the long sentence (cosine 0.38)."""
    bare = _strip(clause, names)
    named = set(DATA_NAME.findall(bare))
    if not named or not _DATA_SAID.search(bare):
        return None
    terms = _key_terms(bare) - set(tokenize(" ".join(named))) - _DATA_TERMS
    return next((i for i, said in enumerate(source.sentences)
                 if all(_says(said, n) for n in named) and not of_earlier_work(said)
                 and terms <= set(tokenize(said))), None)


def _key_terms(text: str) -> set[str]:
    """The terms of `text` that carry meaning: its stems of three letters or more."""
    return {t for t in tokenize(text) if len(t) > 2}


# the word that sets a result against its baseline: "saves up to 75% … sampling budget compared to uniform allocation"
# of PETS's "reducing the sampling budget by up to 75 % … relative to uniform allocation" (over ICML 2026) lacked
# "save" and "compar", one term too many; the baseline itself ("uniform allocation") still counts
_BASELINE_TERMS = frozenset(tokenize("compared", query=True))


def _holds(sentence: str, terms: set[str]) -> bool:
    """Does `sentence` hold all of `terms` but `PART_MISSING` (a part of it, or the one that states a number)?
    The word that sets a result against its baseline ("compared to") is none of them."""
    return len(terms - _BASELINE_TERMS - set(tokenize(sentence))) <= PART_MISSING


def _numbers_say_whose(clause: str, mine: Source, other: Source) -> bool:
    """The clause states numbers, all of them `mine`'s abstract's and not all `other`'s ("reduces
    decoding steps by up to 3.4×" is Prophet's even where dParallel's sentence is closer in words)."""
    return (bool(numbers(clause)) and not number_conflict(clause, mine.paper.abstract)
            and bool(number_conflict(clause, other.paper.abstract)))


def _copied_run(clause: str, abstract: str, least: int = COPIED_WORDS) -> int:
    """The content words (not stopwords) of the longest run of words that `clause` writes as `abstract` does,
    counted when they are `least` (COPIED_WORDS) or more, else 0: a phrase as long as "the distribution of unseen
    data from the same class" is one abstract's, where "state of the art performance on" is every field's."""
    a, b = re.findall(r"\w+", plain(clause)), re.findall(r"\w+", plain(abstract))
    best, row = 0, [0] * (len(b) + 1)
    for x in a:
        new = [0] * (len(b) + 1)
        for j, y in enumerate(b, 1):
            if x == y:
                new[j] = row[j - 1] + (x not in STOPWORDS)
                best = max(best, new[j])
        row = new
    return best if best >= least else 0


def _counted_alike(clause: str, sentence: str) -> bool:
    """Each number of `clause` has around it (`claims.counted_words`, three on either side) words that
    `sentence` holds, all but PART_MISSING and two at least: "with 440 coding tasks rigorously constructed" of "It
    comprises 440 coding tasks that are rigorously constructed by experts", where "achieves a 30% speedup on
    ImageNet" is not "reduces memory by 30% on ImageNet"."""
    held, found = set(tokenize(sentence)), counted_words(clause, 3, figures=True)
    return bool(found) and all(len(near - held) <= PART_MISSING and len(near & held) >= min(2, len(near))
                               for _, near in found)


def _closest(source: Source, vector: np.ndarray) -> float:
    """The cosine of the source's sentence, or part of one (once embedded), closest to `vector`."""
    best = float(np.max(source.vectors @ vector))
    if source.parts is not None and source.parts[1]:
        best = max(best, float(np.max(source.parts[0] @ vector)))
    return best


def _short_name(source: Source, clause: str) -> str:
    """The paper's short name ("GenCape" of "GenCape: Structure-Inductive …") where `clause` writes
    it, else ""."""
    lead = title_lead(source.paper.title)
    if lead == source.paper.title or len(lead.split()) > 3:
        return ""
    # as written, unless one word ("gencape"): "a balanced LoRA approach" describes, it does not name "Balanced
    # LoRA" (its sentence was read without those words, and so far from the abstract's, over ICML 2026)
    if not re.search(rf"(?<!\w){re.escape(lead)}(?!\w)", clause, 0 if " " in lead else re.I):
        return ""
    # "The paper presents RMNP" says only the name: the name is what it claims
    return lead if len(_said_beside(clause, [lead])) >= 2 else ""


def _said_beside(clause: str, names: Sequence[str]) -> set[str]:
    """The key terms `clause` writes beside `names`: not the names' words, nor words that only ask or give credit."""
    return _key_terms(_strip(clause, names)) - asking_terms() - _CREDIT_WORDS - set(tokenize(" ".join(names)))


# "<name> is a large-scale language model that …": what the clause calls the paper (its name taken out)
# where a kind's words end: before a word that goes on to say more of it, or at a stop
_KIND_ENDS = r"that|which|for|to|with|where|whose|designed|trained|used|based|built|of|in|on|by|via|using|from|at|as"


def _kind_until(more: str) -> str:
    return rf"(?=\s+(?:{_KIND_ENDS}|{more})\b|\s*(?:[,;:.(\[]|$))"


_IS_A = re.compile(r"^(?:the\s+)?(?:(?:paper|work|method|model|framework|approach)\s+)?(?:\[\d+\]\s*)?(?:is|was)\s+"
                   r"(?:a|an)\s+(?P<kind>[\w\s-]+?)" + _kind_until("and|or"), re.I)
# … and what a collective kind is of ("of popular and open-source models"; "and" may join its adjectives)
_OF_KIND = re.compile(r"\s+of\s+(?P<kind>[\w\s-]+?)" + _kind_until("including|such"), re.I)
# a clause that opens with a name and says what it is ("TimeID is a …")
_NAME_IS_A = re.compile(r"\s*(?:The\s+)?([A-Z][\w-]+)\s+(?=(?:is|was)\s+an?\s)")
# what any method is called, one for another ("a framework" of "we propose X, a training-free method")
_KINDS = frozenset(tokenize("framework technique algorithm strategy scheme procedure paradigm pipeline recipe mechanism "
                            "system tool module solution")) | {"method", "approach"}
# a kind said by relation to something else ("a variant of Muon"), not what the paper is called
_RELATIONAL = frozenset(tokenize("variant type kind form extension version generalization combination member part instance "
                                 "case step way"))
# a kind that is of its members' kind ("a family of models" is models)
_COLLECTIVE = frozenset(tokenize("set family class collection suite group series variety range"))
_CALLS_IT = re.compile(r"\b(?:we|this\s+(?:paper|work))\s+(?:\w+\s+){0,2}?(?:propose|introduce|present|develop|design|"
                       r"build|offer|call|name|term)|^(?:it|this\s+\w+)\s+(?:is|was)\b", re.I)


# a relative clause after a comma that says what a thing is: "… using the Lean proof assistant, which is a formal proof
# assistant that allows users to write and verify mathematical proofs" (over ICLR 2026, Goedel-Prover-V2), "… on
# MiniF2F, which is a measure of the model's ability to solve problems": a definition the model knows, or made up,
# that the rest of the sentence carried past the topic check
_DEFINED = re.compile(r"(?P<thing>(?:[^\s,;]+\s+){0,3}[^\s,;]+),\s+which\s+(?:is|are|was|were)\s+"
                      r"(?P<what>(?:a|an|the|one\s+of)\s+[^,;.\[]+)", re.I)
# … or an apposition that says it and goes on to say what the thing does or where it comes from ("… uses Lean, an
# interactive theorem prover developed by Microsoft Research"); not after words that open a sentence ("In addition,
# a new loss that …")
_APPOSED = re.compile(r"(?P<thing>(?:[^\s,;]+\s+){0,3}[^\s,;]+),\s+(?P<what>(?:a|an)\s+[^,;.\[]*?\b(?:that|which|who|"
                      r"developed|designed|created|built|introduced|proposed|used|released|maintained)\b[^,;.\[]*)", re.I)
_OPENERS = frozenset({"addition", "contrast", "particular", "short", "summary", "general", "practice", "turn", "example",
                      "comparison", "however", "moreover", "furthermore", "additionally", "similarly", "likewise",
                      "overall", "instead", "finally", "first", "second", "third", "specifically", "notably",
                      "meanwhile", "thus", "hence", "therefore", "also"})


def _definition_unsaid(clause: str, source: Source, own: set[str]) -> str:
    """Why the clause is unsupported when it says what a thing is in a relative clause or an apposition (`_DEFINED`,
    `_APPOSED`) that no sentence of the abstract says (read with the title), holding the definition's key terms but
    `PART_MISSING`, else "". The thing's own words, the paper's name (`own`) and any word for a method or a kind
    ("framework", "variant") are none of them."""
    found = [*_DEFINED.finditer(clause),
             *(m for m in _APPOSED.finditer(clause) if m.group("thing").split()[-1].lower() not in _OPENERS)]
    for m in found:
        said = (_key_terms(m.group("what")) - _key_terms(m.group("thing")) - own
                - _KINDS - _RELATIONAL - _COLLECTIVE)
        # read with the title, which may say the rest of what the paper's own method is: "CGPO, a diffusion-based
        # reinforcement learning approach that integrates training-free guidance into the denoising process …" (over
        # ICML 2026) is the title's "Diffusion-based Reinforcement Learning" and the sentence that proposes CGPO
        if said and not any(_holds(f"{source.paper.title}. {sent}", said) for sent in source.sentences):
            words = m.group("thing").split()  # "CGPO uses MuJoCo": the thing from its last article, else its last name
            at = max((i for i, w in enumerate(words) if w.lower() in ("the", "a", "an")),
                     default=max((i for i, w in enumerate(words) if not w[0].islower()), default=0))
            return f"no sentence of the abstract says that {' '.join(words[at:])} is {m.group('what').strip()}"
    return ""


def _said_of_another_name(clause: str, name: str, backing: Sequence[str], paper: Paper) -> str:
    """The other name the paper's abstract gives (its own, or one it coins) that the sentences backing the clause
    say its verb of, when the clause says it of `name` and none of them names it: over ICLR 2026, "How well do they
    do on SWE-bench?" kept the model's "SWELoc achieves state-of-the-art performance on SWE-bench, …", where SWERank's
    abstract says "… show that SWERank achieves state-of-the-art performance" and SWELoc is the dataset it builds.
    "" when there is none."""
    m = re.search(rf"(?<![\w-]){re.escape(name)}(?:['’]s)?\s+([a-z]+)\b", clause)
    if not m or not backing or not _coins(paper.abstract, name) or any(_says(s, name) for s in backing):
        return ""
    for said in backing:
        for other in re.finditer(rf"(?<![\w-])([A-Z][\w-]*[A-Za-z0-9])\s+{m.group(1)}\b", said):
            word = other.group(1)
            if word != name and len(word) > 2 and (word == paper.name or _coins(paper.abstract, word)):
                return word
    return ""


def _coins(abstract: str, word: str) -> bool:
    """Does the abstract write `word` as a name: as it is written, and, when only its first letter is a capital
    ("Humanual"), somewhere within a sentence ("This" and "It" open sentences only)?"""
    inner = re.search(r"[A-Z0-9]", word[1:]) is not None
    return _says(abstract, word) and (inner or re.search(rf"[\w,;:(]\s+{re.escape(word)}(?!\w)", abstract) is not None)


def _kind_unsaid(clause: str, paper: Paper, name: str = "") -> str:
    """What the clause calls the paper ("is a large-scale language model") when its abstract calls it no such
    thing, else "": the kind's last word must be in the title or in a sentence that names the paper or says what
    it proposes ("we propose a novel training framework, HumanLM"); any word for a method stands for another."""
    m = _IS_A.match(clause.strip())
    if m is None:
        return ""
    kind = m.group("kind").strip()
    last = _kind_word(kind.split()[-1])
    # "is a diverse set of popular and open-source models": a set is of its members' kind (VenusX, over ICLR 2026,
    # a benchmark whose abstract assesses "a diverse set of popular and open-source models")
    if last in _COLLECTIVE and (of := _OF_KIND.match(clause.strip()[m.end():])):
        kind, last = f"{kind} of {of.group('kind').strip()}", _kind_word(of.group("kind").split()[-1])
    if not last or last in _RELATIONAL:
        return ""
    head = {last} | (_KINDS if last in _KINDS else set())
    names = [w for w in (paper.name, title_lead(paper.title), name) if w]
    calling = [paper.title] + [sent for sent in sentences(paper.abstract)
                               if _CALLS_IT.search(sent) or any(_says(sent, w, re.I) for w in names)]
    if not any(head & _kind_words(text) for text in calling):
        return kind
    # of what kind, where the paper calls itself the opposite: "d3LLM is an autoregressive language model" of "d3LLM:
    # Ultra-Fast Diffusion LLM …" (over ICML 2026 kept: its abstract says "autoregressive" only of others)
    said = " ".join(calling)
    for word in kind.split()[:-1]:
        opposite = _OPPOSITE_KINDS.get(word.lower())
        if opposite and _written(said, opposite) and not _written(said, word):
            return kind
    return ""


# kinds a paper is one of and not the other, by what qualifies its kind; a word with "non-" or another prefix is neither
_OPPOSITE_KINDS = {a: b for pair in (("autoregressive", "diffusion"), ("discrete", "continuous"),
                                     ("supervised", "unsupervised"), ("online", "offline"), ("white-box", "black-box"),
                                     ("generative", "discriminative"), ("model-based", "model-free"),
                                     ("on-policy", "off-policy"), ("centralized", "decentralized"))
                   for a, b in (pair, pair[::-1])}


def _written(text: str, word: str) -> bool:
    """Does `text` write `word` whole, not as part of a longer one ("supervised" is not in "self-supervised")?"""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.I) is not None


def _kind_word(word: str) -> str:
    """A word as a kind: its term, or the word itself, singular, where tokenize drops it ("method", "approaches")."""
    terms = tokenize(word)
    if terms:
        return terms[0]
    w = word.lower()
    return w.removesuffix("es") if w.endswith("ches") else w.removesuffix("s")


def _kind_words(text: str) -> set[str]:
    return {_kind_word(w) for w in re.findall(r"[\w-]+", text)}


def _strip(text: str, names: Sequence[str]) -> str:
    """`text` without the names (longest first), or `text` itself if nothing else is left."""
    out = text
    for name in sorted((n for n in names if n), key=len, reverse=True):
        out = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", out, flags=re.I)
    return " ".join(out.split()) or text


def _quoted_in(text: str, sentences: Sequence[str], min_words: int) -> str | None:
    """The sentence that `text` (`min_words` words or more) quotes word for word, on word
    boundaries ("caling improves" is no quote of "scaling improves"); None if none does."""
    quoted = plain(text).rstrip(".!?")
    if len(quoted.split()) < min_words:
        return None
    pattern = re.compile(rf"(?<!\w){re.escape(quoted)}(?!\w)")
    return next((s for s in sentences if pattern.search(plain(s))), None)


def _namesakes(by_n: dict[int, Source], n: int) -> set[int]:
    """The other papers shown under the same name as paper `n` (two ICLR 2026 papers are "DUET"), or whose abstract
    gives its own work that name: over ICML 2026 "Reasoning Is Not Free" proposes "a Robust Adaptive Cost-Efficient
    Router (RACER)" beside "RACER: Risk-Aware Calibrated Efficient Routing …", and the model's true "RACER is a robust
    adaptive cost-efficient router that dynamically selects between reasoning and non-reasoning judges …" had been
    withheld as the other RACER's."""
    name = by_n[n].paper.name
    # defined as its own: in brackets after its words, or right after the verb that proposes it; not "we propose
    # NorMuon, which builds on Muon"
    own = re.compile(rf"\(\s*{re.escape(name)}\s*[),;]|\b(?:propos|introduc|present)(?:e|es|ed|ing)\s+"
                     rf"(?:[\w-]+\s+){{0,4}}?(?<![\w-]){re.escape(name)}(?![\w-])")
    return {k for k, s in by_n.items() if k != n and (s.paper.name.lower() == name.lower() or (
        name and name in s.paper.abstract and own.search(s.paper.abstract) is not None
        and coined(name, s.paper.abstract)))}


def _names(text: str, label: str, title: str = "") -> bool:
    """Does `text` name the paper: its label's first word where that looks like a name ("PEARL",
    "GenCape"; also "Pearl") and the title has a short name, or its name or whole title where that is three words or more ("Halton Scheduler
    for MaskGIT", "Generative View Stitching")?"""
    name = re.split(r"[:\s]", label.strip(), maxsplit=1)[0]
    lead = title_lead(title)
    # the first word of a title that has no short name is a term, not the paper's name: "Bradley-Terry"
    # of "Bradley-Terry and Multi-Objective Reward Modeling Are Complementary", said in RLBFF's own sentence
    # a one-word title lead ("Mantis: Lightweight Foundation Model …", "Olivia: …") is the paper's name however
    # written, unless it is the kind of paper ("Position: …"); over ICML 2026 "… use synthetic data … for Mantis, …
    # for Olivia, and datasets from six domains … for Position [2]" was kept on [2]'s words alone
    coined_lead = name == lead and name[:1].isupper() and name.lower() not in STOPWORDS | GENRES
    looks_like_a_name = (any(c.isupper() for c in name[1:]) or coined_lead) and not (title and len(lead.split()) >= 3)
    # "PEARL" as written, or capitalised as a word ("Pearl and … are both …"), not "pearl" in prose
    if len(name) >= 4 and looks_like_a_name and (_says(text, name) or _says(text, name.capitalize())):
        return True
    return len(lead.split()) >= 3 and _says(text, lead, re.I)


# a capitalised word opening a clause before a verb: the name of the clause's subject, if a paper coined it
_CLAUSE_OPENER = r"(?:^|;\s*|,\s*(?:and\s+)?|\b(?:while|whereas|whilst|but)\s+)"  # where a clause's subject stands
# the verbs a plural subject takes, in the form the third person adds an s to
_PLURAL_VERB = (r"(?:use|propose|introduce|focus|aim|improve|achieve|employ|address|target|present|study|show|leverage|"
                r"learn|generate|reduce|enable|outperform|provide|apply|adapt|offer|require|rely|extend|preserve|"
                r"maintain|make|combine|train|model|predict|demonstrate|treat|frame|exploit|yield|attain|reach)")
_LEADING_WORD = re.compile(rf"{_CLAUSE_OPENER}([A-Z][\w-]*[A-Za-z0-9])\s+(?:[a-z]+s|is|has|was)\b")


def _leads(body: str, name: str) -> bool:
    """A clause of `body` opens with `name` before a verb ("GRACE achieves …", "…, while P-GenRM
    uses …", "The DUET paper evaluates …"): the paper is that clause's subject, as if the model had put its marker
    there."""
    # a plural name takes its verb so ("Cautious Optimizers use …", over ICLR 2026: judged with no subject, the
    # clause was read against every paper shown)
    verb = r"(?:[a-z]+s|is|has|was" + (r"|are|have|were|" + _PLURAL_VERB if re.search(r"[a-z]s$", name) else "") + ")"
    return len(name) > 2 and re.search(rf"{_CLAUSE_OPENER}(?:[Tt]he\s+)?{re.escape(name)}"
                                       r"(?:\s+(?:paper|work|study|method|approach|framework))?"
                                       rf"\s+{verb}\b", body) is not None


# "There are two approaches for molecule generation with diffusion: [1] …, and [2] …": the model counts
# the papers it goes on to cite, which is no amount an abstract states
_COUNTED = re.compile(r"^(\W*(?:there\s+(?:are|were)\s+|these\s+are\s+|the(?:se)?\s+|all\s+)?)(two|three|four|five|[2-5])"
                      r"(\s+(?:papers|works|methods|approaches|studies|frameworks|ways|techniques|lines of work|"
                      r"directions)\b)", re.I)


def _uncounted(body: str, cited: int) -> str:
    """`body` without a count of the papers it cites ("There are two approaches …" citing two)."""
    m = _COUNTED.match(body)
    if not m:
        return body
    word = m.group(2).lower()
    if (int(word) if word.isdigit() else ("two", "three", "four", "five").index(word) + 2) != cited:
        return body
    return m.group(1) + m.group(3).lstrip() + body[m.end():]


def _once(body: str, names: Sequence[str]) -> str:
    """A name put in for a marker that the model then wrote out in quotes: 'Swift Hydra, "Swift
    Hydra," addresses …' (from '[2], "Swift Hydra," addresses …') reads 'Swift Hydra addresses …'."""
    for name in names:
        if len(name) > 2:
            n = re.escape(name)
            body = re.sub(rf"(?<!\w){n},?\s*[\"“]{n}[,.]?[\"”],?", name.replace("\\", "\\\\"), body)  # a title's backslash kept
    return body


# a verb relating a clause's paper to what the clause before said ("supports this", "builds on it")
_RELATES = re.compile(r"\b(?:supports?|supporting|supported|confirms?|confirming|validates?|validating|corroborates?|"
                      r"complements?|complementing|extends?|extending|builds?\s+(?:up)?on|building\s+(?:up)?on|echo(?:es)?|"
                      r"mirrors?|reinforces?|contradicts?|challenges?|refutes?|improves?\s+(?:up)?on|generalizes?|"
                      r"agrees?\s+with|is\s+consistent\s+with)\s+(?:this|these|those|it|them|their|such)\b(?!\s+that\b)", re.I)


def _other_paper(subjects_before: list[int], subjects: list[int], backers_before: list[int], backers: list[int]) -> bool:
    """Is a clause about another paper than the clause before it: by the papers each names as its subject, or,
    where one names none, by the papers that back each?"""
    if subjects_before and subjects:
        return not set(subjects_before) & set(subjects)
    return not set(backers_before) & set(backers)


def _relates(clause: str) -> bool:
    """Does `clause` (its subject taken out) open by relating its paper to what came before ("supports this
    with experiments", "also builds on it")? Not where the pronoun is the clause's own ("analyzes …, proposes
    solutions, and validates them")."""
    m = _RELATES.search(clause)
    return m is not None and "," not in clause[:m.start()] and len(clause[:m.start()].split()) <= 3


_THEY = re.compile(r"^\W*(?:(?:and|but|so|yet)\s+)?(?:they|both)\b(?!\s+(?:differ|vary)\b)", re.I)  # the joint subject again
_CLAUSE_OPENS = re.compile(r"(?:^|;\s*|\b(?:while|whereas|whilst|but)\s+)(?:both\s+)?", re.I)


_FINDS = re.compile(r"\b(?:finds?|found|shows?|showed|demonstrates?|demonstrated|reveals?|revealed|proves?|proved|"
                    r"concludes?|concluded|observes?|observed)\s+that\b", re.I)


def _restates(terms: set[str], sentence: str) -> bool:
    """Does `sentence` hold OPENING_RESTATED of `terms`: "[1] shows that <its opening, word for word or nearly>",
    how the marker and attribution sets frame every claim, is that sentence, said too strongly but not changed?"""
    return len(terms & set(tokenize(sentence))) >= OPENING_RESTATED * len(terms)


OPENING_RESTATED = 0.8  # set by reading, not tuned: the scaling-law claim above holds 4 of its 7 terms (0.57)


def _opens_on_background(sentence: str, source: Source) -> bool:
    """Is `sentence` the source abstract's first, which the role head calls background (the field, not a finding)?"""
    return bool(source.sentences) and sentence == source.sentences[0] and bool(source.roles) and \
        source.roles[0] == "background"


def _asked_unheld(clause: str, asked: str, paper: Paper) -> str:
    """A word of the question that the clause says of `paper` and its title and abstract never use, "" if none:
    how the model answers "Which papers trace the provenance of …?" of every row ("TrustGen traces the provenance
    …"). Words of asking ("papers", "differ"), needing and stopwords are no such word, nor is one the abstract holds
    within a longer word or at a shared stem of five letters ("decod" for "decoding"), nor the verb a last clause
    asks of the papers ("…, and what risks do they measure?": "OpenAgentSafety measures safety risks across eight
    categories [1]", over ICLR 2026, of an abstract that evaluates agents "across eight critical risk categories"),
    unless it is a word of data ("what datasets do they evaluate on?": being evaluated needs data the paper names)."""
    wanted = (set(tokenize(asked, query=True)) - asking_terms() - NEEDING - STOPWORDS - _EVERYDAY
              - (asked_of_them(asked) - _DATA_TERMS))
    text = f"{paper.title}. {paper.abstract}"
    held, squashed = set(tokenize(text)), re.sub(r"[\s-]+", "", text.lower())
    said = set(tokenize(clause))
    # "Sheaf Neural Networks … evaluates on 6/7 MoleculeNet benchmarks", of "… achieves SOTA on 6/7 MoleculeNet
    # benchmarks" (ICML 2026): being evaluated on the data the paper's own sentence names is what that sentence says
    # in any case ("SWE-bench" of "on SWE-Bench Verified"), and not the paper's own name ("SWE-RM evaluates on …")
    own = {paper.name.lower(), title_lead(paper.title).lower()}
    def names_its_data() -> bool:  # read only for a data word the abstract does not hold
        return any(_says(s, n, re.I) and not of_earlier_work(s)
                   for n in DATA_NAME.findall(clause) if n.lower() not in own for s in sentences(paper.abstract))

    for word in sorted(wanted & said):  # "in-between" is held by "inbetweening"
        if held_at_stem(word, held) or word.replace("-", "") in squashed or (word in _DATA_TERMS and names_its_data()):
            continue
        # as the question writes it ("redundant", not the term "redund")
        return next((w for w in re.findall(r"[\w-]+", asked) if word in tokenize(w, query=True)), word)
    return ""


# words of nearly every abstract here, which a question's frame shares with any paper ("generated text")
_EVERYDAY = frozenset(tokenize("generate generated generation generative model models learn learning train training "
                               "data method methods task tasks result results performance improve new novel large "
                               "language image images text must should can could may might will would"))


def _joint_subjects(body: str, names: dict[int, str]) -> list[int]:
    """The papers named together as one clause's subject before a verb ("Helmsman and Riemannian
    Federated Learning … address …", "A, B and C use …"): what the clause says, it says of each."""
    out: list[int] = []
    for opening in _CLAUSE_OPENS.finditer(body):
        pos, chain = opening.end(), []
        while True:
            rest = re.sub(r"^(?:the\s+)", "", body[pos:], flags=re.I)
            pos = len(body) - len(rest)
            n = next((n for n, name in sorted(names.items(), key=lambda kv: -len(kv[1]))
                      if len(name) > 2 and rest.startswith(name) and not rest[len(name):len(name) + 1].isalnum()), None)
            if n is None or n in chain:
                break
            chain.append(n)
            pos += len(names[n])
            pos += len(m.group(0)) if (m := re.match(r"\s*\[\d+\]", body[pos:])) else 0
            joint = re.match(r"\s*(?:,\s*(?:and\s+)?|and\s+)", body[pos:])
            if not joint:
                break
            pos += len(joint.group(0))
        if len(chain) >= 2 and re.match(r"\s+(?:both\s+|all\s+)?[a-z]+\b", body[pos:]):
            out += [n for n in chain if n not in out]
    return out


def _about(clause: str, subjects: dict[int, str]) -> list[int]:
    """The papers whose name (put in or written) is the subject of something in `clause`, in order."""
    return [n for n, name in subjects.items() if _says(clause, name, re.I)]


def _says(text: str, words: str, flags: int = 0) -> bool:
    """`words` occur in `text` as whole words ("GTR" is not in "GTRs"); names may end in "…" or ")"."""
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text, flags) is not None
