"""Reading a question in its conversation: a new topic, a follow-up, or a question about the papers shown.

Each turn remembers its standalone query, the filters that applied, the papers
shown (in the order the person saw them), those the answer quoted or tabled
(the ones that address it) and those cited (schema.Turn). A new question is read as:
- "narrow": it points at papers already shown ("which of these …", "the
  second one", "does it need retraining?", "how do they detect it?"); it is
  answered over those papers only (for "which of these", the ones the answer
  was about, not every source card; for "it", those cited), with any new
  venue/year filter applied to them, so the answer cannot drift to other papers;
  "which of them is about discrete diffusion?" keeps those that hold its
  specific words (Retriever.holding), "which of them needs no retraining?" those
  that say they do without it ("training-free": Retriever.doing_without);
  "how does it compare to the projected gradient ascent paper?" sets the paper
  "it" points at (the answer's first cited; "they": all it cited) beside the
  papers the question names, and the query names the pointed-at papers by title
  ("How does the first one compare to NoisePrints?" likewise keeps NoisePrints);
- "again": it has no topic of its own ("By how much?", "Which datasets?", "Why?" after a
  table): it asks about the papers the last answer was about, all of them, and a comparison
  stays one;
- "follow-up": it continues the topic without pointing at papers; the last
  query is prefixed and the last filters carry over;
- "fresh": it stands on its own. Decided by measurement, not by a word list:
  the question alone retrieves confidently (the same confidence that decides
  abstention) and its top papers are not among those shown, or it is more
  confident alone than merged with the last query. Words like "compare" or
  "approaches" no longer pull the old topic in.
A venue the collection does not hold ("NeurIPS 2023") is named, not dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from paperchat.claims import asks_amount, asks_without
from paperchat.schema import Answer, Filters, Retrieved, Turn
from paperchat.text import STOPWORDS, asking_terms, coined_name, tokenize

_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "last": -1,
             "1st": 0, "2nd": 1, "3rd": 2, "4th": 3, "5th": 4}
_ORDINAL = re.compile(r"\b(?:the\s+)?(" + "|".join(_ORDINALS) + r")\s+(?:one|paper|method|source|result|approach)s?\b"
                      r"|\bthe\s+(" + "|".join(_ORDINALS) + r")\b(?!\s+(?:two|three|four|five|[2-5])\b)", re.I)
# "Compare the first two.", "the last three papers": that many from the start or the end of those shown
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3, "4": 4, "5": 5}
_FIRST_N = re.compile(r"\b(first|top|last)\s+(two|three|four|five|[2-5])\b", re.I)
# the words of an amount asked of the paper just answered about, past the asking ones: "How much memory does training
# need?" has four ("much", "memory", "training", "need"); "How much faster is training with FP8 on GPUs?" asks anew
_AMOUNT_WORDS = 4
# "much" and "many" ask (text.asking_terms: no topic), but here they count as words of an amount asked
_HOW_MUCH = frozenset(tokenize("much many", query=True))
# "What about against LLMs?", "How about for images?": the last question again, on what it now names
_WHAT_ABOUT = re.compile(r"^\W*(?:and\s+)?(?:what|how)\s+about\b", re.I)
# "Which is more robust?" after a comparison: "which" with a verb, not a noun ("which papers"), picks among them
_WHICH_VERB = (r"^\W*which (?:is|are|was|were|does|do|did|has|have|needs?|uses?|requires?|works?|performs?|scales?|"
               r"achieves?|gets?|gives?|reaches?|obtains?|reports?|yields?|handles?|supports?|offers?|provides?)\b")
# "Are any evaluated on Atari 100k?" after world-model papers (ICLR 2026) had been a new search, answered over Octax and
# other Atari papers, beside the one tabled that reports Atari 100K: "any" opening a question with no noun of its own
# ("Do any papers …?" asks the collection) is "any of them"
_ANY = r"^\W*(?:are|do|does|did|is|was|were|can|could|have|has)\s+(?:any|some)\b(?!\s*(?:-|of\b|papers?\b|works?\b|stud(?:y|ies)\b|methods?\b|approach(?:es)?\b|models?\b|other\b|one\b))"
_SET = re.compile(_WHICH_VERB + "|" + _ANY + r"|\b(?:which|what|any|all|none|both|each|one|some|many) of (?:these|those|them|the above|the two)\b|"
                  r"\bwhich ones?\b(?! of the (?:papers|collection))|"
                  r"\b(?:these|those) (?:papers|methods|works|approaches|ones)\b|\bamong (?:these|them|those)\b|"
                  # "How many tasks does each have?" after a question on web-agent benchmarks
                  r"\b(?:does|do|did|is|was|can|for) each\b|\beach (?:one|paper|method|approach|benchmark|model)\b|"
                  r"\b(?:does|do|did|is|was|can) (?:either|neither)\b|\b(?:either|neither) of\b",  # "Does either need …?"
                  re.I)
# one paper: the first cited; "How is that different from …?", "Does this need …?": "that"/"this" as the subject
_ONE_WORDS = (r"it|its|this (?:paper|method|one|model)|that (?:paper|method|one)|"
              r"(?:(?<=\bis )|(?<=\bdoes )|(?<=\bdid )|(?<=\bwas ))(?:that|this)\b")
_ONE = re.compile(rf"\b(?:{_ONE_WORDS})\b", re.I)
_PRONOUN = re.compile(rf"\b(?:{_ONE_WORDS}|they|their|them)\b", re.I)
_PLURAL_PRONOUN = re.compile(r"\b(?:they|their|them)\b", re.I)
# a question asking for one of the papers shown: "Which one reaches the lowest bit width?", "Which of them uses the
# fewest bits?", "Which is fastest?" (not "Which papers use …?")
_FOR_ONE = re.compile(r"^\W*which(?:\s+one|\s+of\s+(?:them|these|those)|\s+(?:paper|method|model|benchmark))?\s+"
                      r"(?!(?:papers|methods|works|models|approaches|studies|benchmarks)\b)(?:is|was|has|does|\w+s)\b", re.I)
# "which papers … and how do they differ?": the pronoun points inside the question itself, to a noun of
# its number; not when it is the subject asked about right after the noun ("How many models does it
# evaluate?" after "What is FutureX?": "it" is FutureX, the models are what it evaluates)
_OWN_REFERENT = re.compile(r"\b(?:papers|methods|approaches|works|models|studies)\b.*\b(?:they|them|their)\b|"
                           r"\b(?:paper|method|approach|work|model|study)\b.*\b(?:it|its)\b", re.I)
# "Do they need access to source data?", "How many decoding steps does it need on GSM8K?": the pronoun is
# the question's subject, so the question is about the papers it points at however many words it has, and however many
# come before it ("How many images per class do they use?" after dataset-distillation papers, over ICML 2026, had been
# a new search, answered over three papers on other things), unless those name papers of their own ("Which papers use
# diffusion and do they …?"), which three words before it do not ("Which methods does it use?")
_SUBJECT = re.compile(r"^\W*(?:(?:how|what|why|which|when|where)\s+(?:(?:[\w-]+\s+){0,3}?|"
                      r"(?:(?!(?:papers?|works?|studies|methods|approaches)\b)[\w-]+\s+){4,5}?))?(?:do|does|did|is|are|was|"
                      r"were|can|could|will|would|should|has|have)\s+(?:they|it)\b", re.I)
_ASKED_OF = re.compile(r"\b(?:papers?|methods?|approach(?:es)?|works?|models?|stud(?:y|ies))\s+(?:does|do|did|is|are|"
                       r"was|were|can|could|will|would|should|has|have)\s+(?:it|they)\b", re.I)
# venues people ask about that are not (yet) in a collection; the collection's own come from the index
VENUES = ("NeurIPS", "NIPS", "ICLR", "ICML", "CVPR", "ICCV", "ECCV", "ACL", "EMNLP", "NAACL", "AAAI", "IJCAI", "KDD",
          "COLT", "AISTATS", "UAI", "CoRL", "TMLR", "JMLR", "COLM", "ICRA", "IROS", "SIGIR", "Interspeech", "ICASSP")


# "which of them is about …", "which one also covers …": picks among the papers the last answer was about
_PICKS = re.compile(_WHICH_VERB + "|" + _ANY + r"|\b(?:which|what)(?: one)? of (?:these|those|them|the above|the two)\b|"
                    # "Do any of them use reinforcement learning?": yes for those that hold it, or none does
                    r"\b(?:do|does|did|is|are|was|were|can|could) any (?:one )?of (?:these|those|them|the above)\b|"
                    r"\b(?:do|does|did|is|was|can|could) either(?: one)?(?: of (?:these|those|them|the two))?\b|"
                    r"\bwhich ones?\b(?! of the (?:papers|collection))|"
                    r"\bwhich (?:of )?(?:these|those) (?:papers|methods|works|approaches|ones)\b", re.I)

# "how does it compare to X?", "is it better than X?", "Is that consistent with X?": the papers pointed at,
# set against one the question names
# "… compare to other sub-1-bit methods?": set against the others of a kind in the collection, not against the
# papers shown; not "previous methods", the baselines a paper reports itself against
_OTHERS = re.compile(r"\bothers?\b(?!\s+(?:one|ones)\b)", re.I)
_SET_AGAINST = re.compile(r"\b(?:compare[sd]?|comparison|differs?|different|difference|versus|vs\.?|contrasts?|"
                          r"relates?|unlike|similar|(?:better|worse|faster|slower) than|(?:in)?consistent|"
                          r"(?:dis)?agree[sd]?|contradicts?|contradiction|conflicts?|in line with|at odds with|"
                          r"aligns? with|confirms?)\b", re.I)

# "By how much?", "Which datasets?", "Why?": words a follow-up asks with when it has no topic of its own
_BARE_WORDS = frozenset(tokenize(
    "much many long far often big large small well exactly else more less detail details example examples "
    "specifically further elaborate explain tell mean number numbers figure figures speedup gain gains "
    "improvement improvements data dataset datasets benchmark benchmarks metric metrics evaluate evaluated "
    "evaluation why how limitation limitations weakness weaknesses drawback drawbacks shortcoming shortcomings "
    "advantage advantages strength strengths benefit benefits assumption assumptions novelty "
    # "Which benchmark is the largest?", "Which is best?": a rank among the papers just shown
    "largest biggest smallest fastest slowest best worst highest lowest cheapest longest shortest strongest "
    "larger bigger smaller faster slower better worse higher lower cheaper longer shorter stronger", query=True))
# … unless it asks the collection ("Which papers propose benchmarks?"); "Are there any limitations?" after
# a question on sparse autoencoders asks about those papers (it had retrieved papers with "limit" in the title)
_COLLECTION = re.compile(r"\b(?:papers|works|studies|methods|approaches|collection)\b", re.I)

Reading = tuple[str, Filters, str, Retrieved | None]


def bare(question: str) -> bool:
    """Does the question have no topic of its own, so that it asks about the papers just shown
    ("By how much?", "Which datasets?", "Why?")?"""
    left = set(tokenize(question, query=True)) - asking_terms() - _BARE_WORDS
    return not left and not _COLLECTION.search(question)


# "the small models", "these methods": a phrase that points back at what was asked before
_DEFINITE = re.compile(r"\b(?:the|these|those)\s+[\w-]", re.I)


def _named_before(question: str, last: Turn) -> bool:
    """Does the question point back ("the", "these") at what the last question asked about, with no word of its own
    beyond how it asks? "How much do the small models gain?" after "Which papers distill reasoning from large models
    into small ones?" (ICML 2026) had been a new search, answered over three papers on small models that distill
    nothing."""
    own = set(tokenize(question, query=True)) - asking_terms() - _BARE_WORDS
    return bool(own and _DEFINITE.search(question)) and own <= set(tokenize(last.query or last.question, query=True))


def picks(question: str) -> str:
    """How the question picks some of the papers shown: "holding", by what they are about
    ("Which of them is about discrete diffusion?": Retriever.holding); "without", by what they
    say they do without ("Which of them needs no retraining?": Retriever.doing_without, since a
    paper that mentions retraining may be one that needs it); "" when it picks none."""
    if not _PICKS.search(question):
        return ""
    return "without" if asks_without(question) else "holding"


# "Which of them are about data rather than model size?": picks by what comes before it
_CONTRAST = re.compile(r"\s*,?\s*\b(?:rather than|instead of|as opposed to)\b", re.I)


def uncontrasted(question: str) -> str:
    """A picking question without the alternative it sets its pick against ("Which of them are about
    data rather than model size?": "Which of them are about data"), so that it picks the papers
    holding what it asks for, not those doing without what it contrasts."""
    m = _CONTRAST.search(question)
    return question[:m.start()] if m and _PICKS.search(question[:m.start()]) else question


_ABOUT_VERBS = frozenset((
    "is", "are", "about", "use", "uses", "using", "deal", "deals", "with", "focus", "focuses", "on", "mention",
    "mentions", "study", "studies", "work", "works", "apply", "applies", "to", "handle", "handles", "target",
    "targets", "involve", "involves", "concern", "concerns", "address", "addresses", "for", "the", "a", "an",
    "papers", "paper", "ones", "one", "methods", "approaches", "need", "needs", "require", "requires", "also",
    "cover", "covers", "include", "includes", "consider", "considers", "propose", "proposes", "employ", "employs",
    "leverage", "leverages", "rely", "relies", "adopt", "adopts", "exploit", "exploits", "incorporate",
    "incorporates", "tackle", "tackles", "explore", "explores", "investigate", "investigates", "introduce",
    "introduces",
    # "Which of them run in real time?" (over ICLR 2026, after autoregressive video papers, one of them "Real-Time …",
    # was told none of them uses the word "run")
    "run", "runs", "operate", "operates", "perform", "performs", "achieve", "achieves", "support", "supports",
    # "Do any of them help length extrapolation?" (ICLR 2026, after positional-encoding papers) was told none of them
    # uses the words "help … extrapolation"
    "help", "helps",
))  # the words between "which of them" and what it asks about ("… is about antibodies")


_THEY = re.compile(r"\b(?:they|them|their|these|those|each|both|either)\b", re.I)


def about_them(question: str) -> bool:
    """Does a follow-up point at all the papers it is about ("What privacy guarantees do they give?", "Do both need
    training?"), not at one ("it") nor pick among them ("which of them")? Every paper it points at answers it,
    whatever words each abstract uses."""
    return bool(_THEY.search(question)) and not _ONE.search(question) and not picks(question)


# "What rewards do they use?", "Which datasets does it train on?": the thing a follow-up asks of the papers it points
# at, named between "what" and "do they". Over ICML 2026, after three papers training LLM tool-use agents with RL, it
# quoted each one's sentences closest to the conversation (on tool-use agents), none of them its reward; "How do they
# design rewards?", two words, had quoted two papers' reward sentences
_WHAT_OF_THEM = re.compile(r"^\W*(?:what|which)\s+(?:(?:kinds?|sorts?|types?)\s+of\s+)?([\w-]+)\s+"
                           r"(?:do|does|did|is|are|was|were)\s+(?:they|it|each|these|those|both)\b", re.I)


def asks_its_own(question: str) -> bool:
    """A follow-up that asks something of its own of the papers it points at ("How many models does
    it evaluate?"), not only which of them ("the first one", "which of these"): two content words or
    more once the pointing is taken out. Venue and year words are the caller's to take out first."""
    said = _SET.sub(" ", _ORDINAL.sub(" ", question))
    if (m := _WHAT_OF_THEM.search(said)) and set(tokenize(m.group(1), query=True)) - asking_terms():
        return True  # "What rewards do they use?": one word, the thing it asks of them
    return len(set(tokenize(said, query=True)) - (asking_terms() - _HOW_MUCH)) >= 2


def picked_phrase(question: str) -> str:
    """The words of what a picking question asks the papers to be about, as it writes them
    ("Which of them is about antibodies?": "antibodies"); "" if it picks none."""
    m = _PICKS.search(question)
    if not m:
        return ""
    words = re.findall(r"[\w-]+", re.split(r"[?.!;]", question[m.end():])[0])
    while words and words[0].lower() in _ABOUT_VERBS:
        words = words[1:]
    # up to 8 words, not 5: "Do any of them handle longer contexts than seen in training?" was cut to "longer
    # contexts than seen in", and the note read "None of these abstracts uses the words “longer contexts than
    # seen in”"; nor does a phrase end on a function word
    words = words[:8]
    while words and words[-1].lower() in STOPWORDS:
        words = words[:-1]
    return " ".join(words)


def read(text: str, stated: Filters, history: Sequence[Turn],
         probe: Callable[[str, Filters], Retrieved]) -> Reading:
    """(query, filters, reading, retrieved) for a question (venue/year already taken out as
    `stated`). `probe` retrieves without answering, to measure how a wording stands on its
    own; when the reading was decided by a probe, that probe's result is returned, so the
    engine does not retrieve the same query twice (None otherwise)."""
    if not history:
        return text, stated, "fresh", None
    last = history[-1]
    # "Compare the first two." after "What data does the second one use?": the last list long enough to hold them
    listed = next((t for t in reversed(history) if len(t.shown) >= _ordinals_needed(text)), last)
    picked = _ordinal_papers(text, listed.shown)
    if picked:
        if _SET_AGAINST.search(text):  # "How does the first one compare to NoisePrints?": and the one it names
            picked += [pid for pid in probe(text, stated).named if pid not in picked]
        return f"{listed.query} {text}", Filters(stated.venues, stated.years, picked), "narrow", None
    if _SET.search(text) and last.shown:  # "which of them": the papers the answer was about, not every card
        return (f"{last.query} {text}", Filters(stated.venues, stated.years, list(last.answered or last.shown)),
                "narrow", None)
    content = [t for t in tokenize(text) if len(t) > 2]
    points_back = _PRONOUN.search(text) and (_ASKED_OF.search(text) or not _OWN_REFERENT.search(text))
    if points_back and last.cited and _SET_AGAINST.search(text):
        # "How does it compare to the projected gradient ascent paper?": the papers "it" points at (named
        # by their titles, so they are what the question is about), beside the ones the question names
        alone = probe(text, stated)
        one = _ONE.search(text) is not None  # "it" is the answer's first paper; "they", all it cited
        pointed, titles = (last.cited[:1], last.titles[:1]) if one else (last.cited, last.titles)
        others = [pid for pid in alone.named if pid not in pointed]
        named = " and ".join(titles)  # as written: a title's backslash ("$\\alpha$") is no escape
        if others:
            return (_PRONOUN.sub(lambda _: named, text, count=1),
                    Filters(stated.venues, stated.years, list(pointed) + others), "narrow", None)
        coined = [coined_name(t) for t in titles]
        if _OTHERS.search(text) and coined and all(coined):
            # "How does it compare to other sub-1-bit methods?" after "What is NanoQuant …?" (ICML 2026) had been
            # answered over NanoQuant alone: set against others of a kind, it is the question asked with its name
            # (its coined name: the whole title holds the kind, and a question so worded asks of that paper alone)
            return _PRONOUN.sub(lambda _: " and ".join(coined), text, count=1), stated, "fresh", None
    if points_back and (len(content) <= 3 or _SUBJECT.match(text)) and (last.cited or last.shown):
        papers = last.cited or last.answered or last.shown
        # "How much memory does it save?" after "Which one reaches the lowest bit width?" (ICML 2026, six KV-cache
        # papers set in order) was answered over all six: "it" is the one the last question asked for, its first
        if _ONE.search(text) and not _PLURAL_PRONOUN.search(text) and _FOR_ONE.match(last.question):
            papers = papers[:1]
        return f"{last.query} {text}", Filters(stated.venues, stated.years, list(papers)), "narrow", None
    about = last.answered or last.cited or last.shown  # "By how much?" after a table: all its rows
    if (bare(text) or _named_before(text, last)) and not (stated.venues or stated.years) and about:
        return f"{last.query} {text}", Filters(stated.venues, stated.years, list(about)), "again", None
    # "What about ICLR 2026?" after an ICML 2026 question: a venue or year stated now replaces the last one
    carried = Filters(stated.venues or last.filters.venues, stated.years or last.filters.years)
    if _WHAT_ABOUT.match(text) and len(content) <= 4:  # its words alone find papers on them, not the topic asked
        return f"{last.query} {text}", carried, "follow-up", None
    alone = probe(text, stated)
    # "How much faster is dParallel?" after a table of diffusion language models: about the paper it names
    called = [pid for pid in alone.named if pid in last.shown]
    if called and not _SET_AGAINST.search(text) and not (stated.venues or stated.years):
        return f"{last.query} {text}", Filters(stated.venues, stated.years, called), "narrow", None
    merged = probe(f"{last.query} {text}", carried)
    # "How much faster is training?" after "What does SpecForge do?" (ICML 2026) was a new search, answered over an
    # activation-function paper and FaPS: an amount asked in a few words after an answer about one paper, which the
    # two questions together still find first, is asked of it
    own = set(tokenize(text, query=True)) - (asking_terms() - _HOW_MUCH)
    if (len(last.answered) == 1 and asks_amount(text) and len(own) <= _AMOUNT_WORDS and not _COLLECTION.search(text)
            and merged.hits and merged.hits[0].paper.paper_id == last.answered[0]):
        return f"{last.query} {text}", Filters(stated.venues, stated.years, list(last.answered)), "narrow", None
    overlap = {h.paper.paper_id for h in alone.hits[:3]} & set(last.shown)
    if not alone.abstain and (not overlap or alone.confidence >= merged.confidence):
        return text, stated, "fresh", alone
    return f"{last.query} {text}", carried, "follow-up", merged


def _ordinals_needed(text: str) -> int:
    """How many papers a list must hold for the question's ordinals to point into it ("the first two": 2, "the
    third one": 3, "the last one": 1); 0 when it has none."""
    counts = [_COUNTS[m.group(2).lower()] for m in _FIRST_N.finditer(text)]
    places = [_ORDINALS[(m.group(1) or m.group(2)).lower()] for m in _ORDINAL.finditer(text)]
    return max(counts + [i + 1 if i >= 0 else -i for i in places], default=0)


def _ordinal_papers(text: str, shown: Sequence[str]) -> list[str]:
    out = []
    for m in _FIRST_N.finditer(text):
        n = _COUNTS[m.group(2).lower()]
        out += [pid for pid in (shown[-n:] if m.group(1).lower() == "last" else shown[:n]) if pid not in out]
    for m in _ORDINAL.finditer(text):
        index = _ORDINALS[(m.group(1) or m.group(2)).lower()]
        if -len(shown) <= index < len(shown) and shown[index] not in out:
            out.append(shown[index])
    return out


def missing_venue(question: str, held: Sequence[str]) -> tuple[str, str]:
    """(the question without it, "NeurIPS 2023") for a venue the collection does not hold; ("", "") if none."""
    held_lower = {v.lower() for v in held}
    for venue in VENUES:
        m = re.search(rf"\b{venue}(?:['’]?s)?\s*['’]?((?:19|20)\d\d)?\b", question, re.I)
        if m and venue.lower() not in held_lower:
            label = f"{venue} {m.group(1)}" if m.group(1) else venue
            return re.sub(r"\s+", " ", question[:m.start()] + " " + question[m.end():]).strip(), label
    return "", ""


# "Tell me more", "What else?", "Can you elaborate?": asks for what the last answer did not quote
_MORE = re.compile(r"\b(?:more|else|elaborate|further|details?|go on|continue)\b", re.I)


def seen(question: str, history: Sequence[Turn], reading: str) -> frozenset[str]:
    """The sentences the last answer quoted, when the question asks about the same papers for more."""
    if reading != "again" or not history or not _MORE.search(question):
        return frozenset()
    return frozenset(history[-1].quoted)


def next_turn(question: str, answer: Answer) -> Turn:
    """What the conversation keeps of one exchange: its query, filters, the papers shown and cited."""
    cited = [c.paper for c in answer.citations if c.support]
    return Turn(question=question, query=answer.query, titles=[p.title for p in cited], shown=list(answer.shown),
                cited=[p.paper_id for p in cited], answered=list(answer.answered),
                quoted=[s for c in answer.citations for s in c.support],
                filters=Filters(list(answer.filters.get("venues", [])), list(answer.filters.get("years", []))))
