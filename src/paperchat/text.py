"""Text helpers every stage shares: sentence splitting and search terms.

`sentences` splits an abstract (not after "e.g.", "et al.", decimals);
`tokenize` gives the lower-cased, stemmed terms that BM25, confidence, passage
picking and verification all compare, so they agree on what a "word" is.
`plain` is the normal form for verbatim comparison; `inert` makes untrusted
text safe inside the Markdown the chat renders; `asking_terms` are the words a
question is asked with rather than about, and `restates` tells a sentence that
only repeats its question. Pure functions, no models.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

_WORD = re.compile(r"[A-Za-z0-9]+(?:[-'][A-Za-z0-9]+)*")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
STOPWORDS = frozenset(
    ["a", "about", "above", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "been", "being", "below", "between", "both", "but", "by", "can", "could", "did", "do", "does", "doing", "done", "during", "each", "few", "for", "from", "further", "had", "has", "have", "having", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "me", "more", "most", "no", "nor", "not", "now", "of", "off", "on", "once", "only", "or", "other", "our", "out", "over", "own", "paper", "papers", "same", "she", "should", "so", "some", "such", "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those", "through", "to", "too", "under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your", "propose", "proposed", "proposes", "show", "shows", "method", "methods", "approach", "approaches", "work", "works", "new", "novel", "based", "using", "use", "used", "via", "different", "differ",
     # typed questions: "whats the difference between pearl and dparallel" (stemmed, "what's" was a term)
     "what's", "whats", "how's", "hows", "who's", "whos", "where's", "wheres", "that's", "thats", "there's",
     "theres", "it's",
     # "ones" stands for a noun said before ("into smaller ones"): it was the term "one", which made "Which papers
     # distill large language models into smaller ones?" (ICML 2026) a topic of "one" and table papers saying "one"
     "ones"]
)


@lru_cache(maxsize=1)
def _stemmer() -> Callable[[str], str]:
    import Stemmer  # PyStemmer: Snowball's English stemmer

    stem: Callable[[str], str] = Stemmer.Stemmer("english").stemWord
    return stem


# Snowball cuts "-ization" and "-ize" to the word they were made from: "tokenization" was "token",
# "generalization" "general", "normalization" "normal", "optimization" "optim" like "optimal", so a
# question on tokenization tabled every paper about tokens. A word made with -ize is its own term
# ("tokeniz": tokenize, tokenizer, tokenization, British "tokenisation"; "-ise" alone is left:
# "supervised"); in a document it also gives the word it was made from, so "personal preferences"
# still finds "personalized" while "tokenization" no longer finds "tokens".
_MADE = re.compile(r"^([a-z]{3,}?)(?:iz(?:e|es|ed|ing|er|ers|ation|ations)|isations?)$")
# An acronym's plural is the acronym: "LLMs" was the term "llms" (and the pieces "ll", "ms"), which a
# question on "LLM" never met, nor "VAEs" "VAE".
_PLURAL = re.compile(r"^([A-Za-z0-9]*[A-Z][A-Za-z0-9]*[A-Z0-9])(?:s|'s)$")
# An adjective's -er/-est form is the adjective: "faster" was its own term, so "Which papers make diffusion
# language models decode faster?" found no "fast" in "WeDLM: … for Fast Inference" or "d3LLM: Ultra-Fast
# Diffusion LLM" and gave them no row. Only these adjectives ("layer" and "order" end in -er
# too); "earlier" and "later" mostly order a text, and "better"/"best" stay apart from "good".
_PLAIN = ("fast", "slow", "quick", "cheap", "small", "large", "low", "high", "long", "short", "strong", "weak", "deep",
          "shallow", "wide", "narrow", "tight", "dense", "sparse", "simple", "safe", "smooth", "sharp", "hard", "easy",
          "broad", "fine", "coarse", "rich", "light", "heavy", "big", "tiny", "great", "few", "thin", "slim")


def _degrees(base: str) -> list[str]:
    if base.endswith("y"):
        return [base[:-1] + "ier", base[:-1] + "iest"]
    if base.endswith("e"):
        return [base + "r", base + "st"]
    double = base + base[-1] if base in ("big", "thin", "slim") else base
    return [double + "er", double + "est"]


_DEGREE = {form: base for base in _PLAIN for form in _degrees(base)}


# Words of one family Snowball leaves apart: "defend" and "defense" ("How do papers defend LLM agents
# against prompt injection?" met no "Prompt Injection Defense"), "reduce"/"reduction", "verify"/"verification",
# "solve"/"solution"/"solver", "detect"/"detector", "predict"/"predictor", "speed"/"speedup", "privacy"/"private"
# ("Which papers study privacy … in diffusion models?" met no "Private Diffusion Models"), "invert"/"inversion"/
# "inverse" ("Which papers invert a generative model …?" met no "Rectified Flow Inversion"), "theory"/"theoretical"
# ("Which papers explain in-context learning theoretically?", over ICML 2026, met no "A Generalization Theory for
# Meta-Learning"), "prove"/"provably"/"proof", "sparse"/"sparsity", "uncertain"/
# "uncertainty", "stable"/"stability". Words of one meaning ("fast", "speed up", "accelerate") stay apart:
# that is the dense search's work (README, Limits); and so do "theorem", and "analysis" and "analyze" (joined,
# "Compare the generalization analyses of VAEs." tabled a VAE paper that says "analysis" of something else).
_FAMILY = {"defens": "defend", "defenc": "defend", "explan": "explain", "reduct": "reduc", "verif": "verifi",
           "decis": "decid", "solut": "solv", "solver": "solv", "detector": "detect", "predictor": "predict",
           "speedup": "speed", "privaci": "privat", "invers": "invert", "theoret": "theori",
           "provabl": "prove", "proof": "prove", "sparsiti": "spars",
           "uncertainti": "uncertain", "stabil": "stabl"}
# Words Snowball joins to another of a different meaning: "transformer" (the architecture) is not
# "transform" ("… make its transformations invertible" is not a question about transformers), a
# "covariate" is no "covariance" (both were "covari": "Which papers model means and covariances?"
# tabled a paper on covariate shift), "variational" inference is no "variation", and a "differential"
# equation is not "differentiable" (both were "differenti": "Which papers use differential equations or
# ODEs?" tabled a paper whose gating is "non-differentiable"); "differentially private" is "differential"; and an
# "optimizer" (the algorithm) is not whatever "optimizes" ("Which papers propose new optimizers?" tabled a paper
# that "jointly optimizes the width and the parameters of each layer"); "conformal" prediction is no molecule's
# "conformation" (both were "conform": over ICLR 2026 "Which papers do conformal prediction …?" tabled 3DCS, a
# benchmark of "3D Conformational Sensitivity", holding it and "reaction prediction"). Nor is a "position" one who
# "posits", or "positive" (all three were "posit": over ICLR 2026 "Which papers study positional encodings in
# transformers?" tabled Representation Alignment for Diffusion Transformers, which writes "we posit that …"); an
# "objective" no "object", "continual" learning nothing "continuous", and "experience" no "experiment".
_KEPT = {"transformer": "transformer", "covariate": "covariate", "variational": "variational",
         "differential": "differential", "differentially": "differential", "optimizer": "optimizer",
         "conformal": "conformal", "position": "position", "positional": "position", "positionally": "position",
         "positioning": "position", "positioned": "position", "positive": "positive", "positively": "positive",
         "positivity": "positive", "objective": "objective", "continual": "continual", "continually": "continual",
         "experience": "experience"}


# Nouns of the same kind: a "2.3× speedup" is what a paper achieves, as "faster" is. Over ICML 2026 "Which papers
# speed up speculative decoding?" tabled 2 of some twenty such papers: NanoSpec, "Accelerating Speculative Decoding …",
# says "speedup" only where it reports results, and fell below the bar.
_OUTCOME_NOUNS = ("speedup",)


# Verbs for one thing a paper does to its topic: asked which papers reduce hallucination, one that mitigates it does
# (over ICML 2026 "Building Reliable Long-Form Generation via Hallucination Rejection Sampling", "a novel inference-time
# hallucination mitigation framework", held half the topic and had no row, where a detector had one); asked which
# speed up diffusion LLMs, those that accelerate them or make them faster do (ICML 2026: two of the three had no row)
_KIN = ("reduce mitigate alleviate suppress decrease curb lessen", "speed accelerate fast")


@lru_cache(maxsize=1)
def kin_terms() -> dict[str, frozenset[str]]:
    """Each term of `_KIN` and the terms it stands for (itself among them)."""
    return {t: kin for words in _KIN for kin in [frozenset(tokenize(words))] for t in kin}


@lru_cache(maxsize=1)
def outcome_terms() -> frozenset[str]:
    """The terms of the adjectives above ("fast", "cheap", "small") and of `_OUTCOME_NOUNS` ("speedup"): what a
    paper achieves, which its abstract says where it reports results ("15% faster training steps")."""
    return frozenset(t for base in _PLAIN + _OUTCOME_NOUNS for t in _stems(base, _stemmer(), False))


_HYPHEN_PLURAL = re.compile(r"^[a-z]{2,}[^suie]s$")


# What `tokenize` gives changed: a keyword index saved with another version is rebuilt on load.
TOKENS_VERSION = 15

# Greek letters (and nabla) as their names: "τ-Bench" and "tau-bench", "∇-Reasoner" and "nabla-reasoner", "α-DPO" and
# "alpha-DPO" are one term (a title writes the letter, clean.py turns "$\tau$" into it; a person types either)
_GREEK = str.maketrans({letter: name for name, letters in {
    "alpha": "α", "beta": "β", "gamma": "γΓ", "delta": "δΔ", "epsilon": "εϵ", "zeta": "ζ", "eta": "η", "theta": "θϑΘ",
    "iota": "ι", "kappa": "κ", "lambda": "λΛ", "mu": "μµ", "nu": "ν", "xi": "ξΞ", "pi": "πΠ", "rho": "ρ",
    "sigma": "σΣ", "tau": "τ", "upsilon": "υ", "phi": "φϕΦ", "chi": "χ", "psi": "ψΨ", "omega": "ωΩ",
    "nabla": "∇"}.items() for letter in letters})


def tokenize(text: str, query: bool = False) -> list[str]:
    """Lower-cased terms, stemmed unless they look like a name or acronym.
    A hyphenated word gives its whole form (singular) and its parts ("flow-matching" ->
    flow-matching, flow, match); in documents a camel-cased name also gives its
    pieces ("dParallel" -> dparallel, parallel), so a query word finds it."""
    stem = _stemmer()
    terms = []
    for word in _WORD.findall(text.translate(_GREEK)):
        word = _PLURAL.sub(r"\1", word)
        lower = word.lower()
        if lower in STOPWORDS or len(lower) < 2:
            continue
        parts = lower.split("-") if "-" in lower else []
        lowered = word[1:].islower() or word.islower()
        camel = _CAMEL.findall(word) if not (parts or lowered or query) else []
        # a hyphenated word in the plural is its singular: "trade-offs" is "trade-off" (it was its own term, so
        # "Which papers study trade-offs …?" met no abstract's "trade-off"). Only a plural -s is cut, not -ies
        # ("time-series"), -ss or -us, and nothing else is stemmed: other rules read these terms against the
        # abstracts' words as written ("energy-based" written "energy based", "fine-tuning")
        whole = lower[:-1] if parts and _HYPHEN_PLURAL.search(parts[-1]) else lower
        terms.extend(_stems(lower, stem, query) if lowered and not parts else [whole])
        for piece in parts + [c.lower() for c in camel if len(camel) > 1]:
            if len(piece) > 1 and piece not in STOPWORDS:  # and "offs" of "trade-offs" stems to a stopword
                terms.extend(t for t in _stems(piece, stem, query) if t not in STOPWORDS)
    return terms


def _stems(word: str, stem: Callable[[str], str], query: bool) -> list[str]:
    word = _DEGREE.get(word, word)
    made = _MADE.match(word.removesuffix("'s"))
    kept = word.removesuffix("'s").removesuffix("s")
    if kept in _KEPT:  # and a document's "optimizer" is also the -ize word it was made from, as below
        return [_KEPT[kept]] if query or not made else [_KEPT[kept], f"{made.group(1)}iz"]
    base = stem(word)
    base = _FAMILY.get(base, base)
    if made and made.group(1) in _KEPT:  # "conformalized" is made from "conformal", not from what Snowball cuts to
        base = _KEPT[made.group(1)]
    if base.endswith("if") and len(base) >= 4:  # "quantification" is "quantify" (Snowball: "quantif", "quantifi")
        base += "i"
    if not made:
        return [base]
    return [f"{made.group(1)}iz"] if query or base.endswith("iz") else [f"{made.group(1)}iz", base]


_ABBREV = re.compile(r"\b(?:e\.g|i\.e|et al|vs|cf|Fig|Eq|Sec|etc|approx|resp|w\.r\.t|a\.k\.a|Figs|Eqs)\.$")


def ends_in_abbreviation(text: str) -> bool:
    """`text` stops at an abbreviation's point ("… techniques w.r.t."), which ends no sentence."""
    return _ABBREV.search(text.rstrip()) is not None


# A sentence ends at . ! or ? before white space and a capital, digit, quote or bracket; or,
# with no space, between a word of two lower-case letters or a closing bracket or quote and a
# capitalised word ("… due to NP-hardness.Recent learning-based methods …", as some abstracts
# are written), but not inside "CLIP-DataComp.XL". An identifier like "nn.Module" would split; none
# is written so in the ICLR and ICML 2026 abstracts.
_BOUNDARY = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"(\[])|(?:(?<=[a-z]{2}[.!?])|(?<=[)'\"\]][.!?]))(?=[A-Z][a-z])")


def sentences(text: str) -> list[str]:
    """Split an abstract into sentences (not after e.g., et al., decimals); each is a span of
    the text as written."""
    out: list[str] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        if not _ABBREV.search(text[start:m.start()]):
            out.append(text[start:m.start()])
            start = m.end()
    out.append(text[start:])
    return [s.strip() for s in out if s.strip()]


_LEAD = re.compile(r"\s*:\s|\s[-–—]{1,2}\s")  # "PEARL: Parallel …", "GenCtrl – A Formal …"


# what kind of paper a title's lead says it is, which is no name: "Position: Use Sparse Autoencoders to …"
# (176 of the 10,090 ICLR and ICML 2026 titles) had been labelled "Position" in tables and by the model
GENRES = frozenset({"position", "survey", "review", "tutorial", "perspective", "commentary", "opinion", "benchmark"})


def title_lead(title: str) -> str:
    """What a title leads with: the paper's name when it has one ("PEARL"), else the whole title;
    after a lead that names its kind ("Position: …"), what follows it."""
    parts = _LEAD.split(title.strip(), maxsplit=1)
    if len(parts) == 2 and parts[0].lower() in GENRES and parts[1].strip():
        return title_lead(parts[1])
    return parts[0]


NAME = re.compile(r"\b(?:[A-Za-z][\w-]*)?(?:[a-z][A-Z]|[A-Z][A-Z0-9])[\w-]*\b")  # GenCape, ZIP-RC, dParallel


def coined_name(title: str) -> str:
    """The one-word coined name a title leads with ("PEARL", "dParallel"), else ""."""
    lead = title_lead(title)
    return lead if " " not in lead and NAME.fullmatch(lead) else ""


def mixed_names(text: str) -> list[str]:
    """The names `text` writes in mixed case ("CoDeC", "DroPE"), not abbreviations in capitals ("CFG", "VAEs")."""
    return [n for n in NAME.findall(text) if re.search(r"[a-z]", n.removesuffix("s"))]


def plain(text: str) -> str:
    """Lower case, single spaces, no quotation marks: the form verbatim matching compares."""
    return " ".join(re.sub(r"[“”\"‘’]", "", text).lower().split())


_CITATION = re.compile(r"(\[\d+(?:\s*,\s*\d+)*\])")


def inert(text: str, citations: bool = False) -> str:
    """Untrusted text (an abstract, a title, a question, the model's words) made safe to put
    into Markdown that the chat renders: link and image brackets, table pipes and backslashes
    escaped, autolinks broken (`https:\\/\\/`, `www\\.`), so no link or remote image can appear.
    With `citations`, markers like [2] stay as they are. HTML is escaped later, where rendered."""
    if citations:
        return "".join(p if _CITATION.fullmatch(p) else inert(p) for p in _CITATION.split(text))
    text = text.replace("\\", "\\\\")
    for ch in "[]|":
        text = text.replace(ch, "\\" + ch)
    text = re.sub(r"(?i)\b([a-z][a-z0-9+.\-]*):/", r"\1:\\/", text)
    return re.sub(r"(?i)\bwww\.", r"www\\.", text)


# The words a comparative question is asked with, not what it is about ("Compare the optimal
# transport papers", "Which papers study anomaly detection, and how do their approaches differ?").
_ASKING = ("compare comparing comparison differ differs different difference differences study studies "
           "studying approach approaches paper papers work works method methods propose proposed way ways "
           "address addressing tackle do does use using statement statements aspect aspects respective "
           "respectively terms various following recent recently latest "
           # the verbs a question says what papers do with ("Which papers apply generative models to biology?",
           # "… produce samples in one or a few steps?"): the topic is their object, not the verb
           "apply applies applying produce produces producing deal deals dealing focus focuses focusing "
           "explore explores exploring investigate investigates investigating present presents presenting "
           "introduce introduces introducing tackles tackling make makes making "
           # the verbs it says papers secure their topic with ("Which papers enforce consistency across views or
           # frames?" was refused: DiffStyle3D "improves multi-view consistency" and writes no "enforce")
           # (not "achieve": "What speedup does it achieve?" asks its own with it, conversation.asks_its_own)
           "enforce enforces enforcing ensure ensures ensuring "
           # the prepositions a question relates its topic with ("How do papers defend LLM agents against prompt
           # injection?": "against" was a topic term, and CausalArmor, a prompt-injection guardrail that does not
           # write it, got no row)
           "against among across within toward towards upon beyond along despite versus vs per onto "
           # and the one it gives examples with ("Which papers propose state space models like Mamba?": "like" was a
           # topic term no state space paper writes, and SF-Mamba and HiPPO Zoo got no row)
           "like "
           # how a question asks for a paper's results ("What is the main result of …?", "… what do they report?")
           "main result results finding findings contribution contributions outcome outcomes headline report "
           "reports reported "
           # whose word it is ("What are the limitations of consistency models according to these papers?",
           # "What do papers say about …?": "say" is in 7 of 4,302 ICLR 2026 abstracts, and was named as missing)
           "according say says said tell "
           # how it asks for an amount ("…, and by how much?": "much" was a topic term over ICLR 2026, and "Which papers
           # make CoT reasoning shorter, and by how much?" tabled the two CoT papers that write "how much" of
           # something else) or for one paper in place of another ("Which of them study vision models instead?")
           "much many instead")


# The verbs a comparative question says how papers stand to their topic with ("Which papers build on flow
# matching?", "… derive generalization bounds or analyze generalization error?", "… exploit manifold
# structure …?", and "leverage", "utilize", "employ", which say "use"): the topic is their object. Only a
# comparison's topic and its alternatives drop them (Retriever.topic_terms, .alternatives); "builds on" stays a
# claim's word.
_FRAMING = ("build builds building built based rely relies relying derive derives deriving derived "
            "analyze analyzes analyzing exploit exploits exploiting leverage leverages leveraging "
            "utilize utilizes utilizing employ employs employing")


# How a question asks for papers, not what they are about: "Which papers …" before the topic and ", and how do
# they differ?" after it. MiniLM embeds the frame too, so a question's vector moves toward abstracts that
# compare or differ; the dense search reads the topic alone (Retriever.search).
_FRAME_LEAD = re.compile(r"^\s*(?:which|what)\s+(?:(?:of\s+the\s+)?papers?|works?|studies|articles)\s+", re.I)
_FRAME_TAIL = re.compile(r",?\s*\band\s+how\b[^?]*\?*\s*$", re.I)


def topic_form(question: str) -> str:
    """The question without its asking frame ("Which papers use distillation, and how do they differ?" ->
    "use distillation"); the question itself when nothing is left. What a last clause sets the question against
    stays ("What is Tequila, and how does it differ from other ternary quantization methods?" -> "What is Tequila
    ternary quantization methods": over ICLR 2026 "What is Tequila" alone found jailbreak papers beside it)."""
    tail = _FRAME_TAIL.search(question)
    others = _OTHERS_OF.search(tail.group(0)) if tail else None
    lead = _FRAME_TAIL.sub("", _FRAME_LEAD.sub("", question)).strip(" ,;")
    return (f"{lead} {others.group(1).strip()}" if others and lead else lead) or question


_OTHERS_OF = re.compile(r"\bothers?\s+([^?]+)", re.I)


@lru_cache(maxsize=1)
def framing_terms() -> frozenset[str]:
    return frozenset(tokenize(_FRAMING, query=True))


def held_at_stem(term: str, held: set[str]) -> bool:
    """`term` is among `held`, or one of them shares its first five letters ("decod" of "decoding", the
    stemmer's forms of one word differing after them)."""
    return term in held or (len(term) >= 5 and any(h.startswith(term[:5]) for h in held))


@lru_cache(maxsize=1)
def asking_terms() -> frozenset[str]:
    return frozenset(tokenize(_ASKING, query=True))


_NOUN_ENDING = re.compile(r"(?:tion|sion|ment|ness|ity)s?$", re.I)
_ASKING_WORDS = frozenset(_ASKING.split())


@lru_cache(maxsize=256)
def asking_in(question: str) -> frozenset[str]:
    """`asking_terms` but those the question also writes as a noun that asks nothing: "exploration" in "Which
    papers study exploration in reinforcement learning?" is its topic, though "explore" asks (both are "explor").
    Only a noun of its own ending: "find" in "What do papers find …?" asks, as "findings" does. Cached: coverage
    reads it once a paper."""
    topical = {t for w in re.findall(r"[\w-]+", question) if w.lower() not in _ASKING_WORDS and _NOUN_ENDING.search(w)
               for t in tokenize(w, query=True)}
    return asking_terms() - topical


_LIST_PIECE = re.compile(r"[A-Za-z0-9]+(?:[-'][A-Za-z0-9]+)*|[^\w\s]")


# "and" joins topics a paper must hold together only beside words like these
_JOINT = re.compile(r"\b(?:both|combin\w*|together|jointly|joint|integrat\w*|unif\w*|bridg\w*|between|"
                    r"intersection)\b", re.I)


# the words a question's next clause opens with: ", and how do they differ?", ", or which …"
_NEXT_CLAUSE = r"how|what|why|which|where|when|do|does|is|are"

# "Which papers combine diffusion models with reinforcement learning?": the verb joins the topics, it is
# none of them ("Linear Combination of Saved Checkpoints …" holds "combination", not reinforcement learning)
# (the "and" of ", and how do they differ?" joins clauses, not topics: "Which papers study model merging, and how …"
# had no topic but "model", and over ICML 2026 a deeper search tabled a position paper on model collapse)
_JOINING_VERB = re.compile(r"\b(?:combin(?:e|es|ing)|integrat(?:e|es|ing)|unif(?:y|ies|ying)|bridg(?:e|es|ing)|"
                           r"merg(?:e|es|ing)|fus(?:e|es|ing))\b(?=(?:(?!,\s*(?:and|or)\s+(?:" + _NEXT_CLAUSE + r"|did|can)\b)"
                           r"[^.?!])*\b(?:with|and|into)\b)", re.I)


def joining_terms(question: str) -> set[str]:
    """The terms of the verbs that join a question's topics ("combine … with …"): no topic."""
    return {t for m in _JOINING_VERB.finditer(question) for t in tokenize(m.group(0), query=True)}


def joined_sides(question: str) -> tuple[set[str], set[str]]:
    """The terms of the two topics a joining verb joins ("combine retrieval with diffusion models": {retriev} and
    {diffus, model}), up to the clause's end; two empty sets when no verb joins any."""
    m = _JOINING_VERB.search(question)
    if not m:
        return set(), set()
    rest = re.split(r"[,?.;!]", question[m.end():], maxsplit=1)[0]
    join = re.search(r"\b(?:with|and|into)\b", rest, re.I)
    if not join:
        return set(), set()
    return set(tokenize(rest[:join.start()], query=True)), set(tokenize(rest[join.end():], query=True))


# After a comma, what a question's topic is made more precise by, up to its next clause: examples of it
# ("apply generative models to biology, such as proteins, peptides or cells") or a phrase that narrows it
# ("make models robust, to worst cases or adversaries"; "estimate pose, of objects or of the camera"), and
# examples written after a plural without a comma ("state space models like Mamba", "methods such as LoRA")
_EXAMPLES = re.compile(r"(?:,\s*|(?<=[a-z]s)\s+(?=(?:such\s+as|like)\s))(?:(such\s+as|e\.g\.,?|for\s+example|for\s+instance|like|including|especially|"
                       r"in\s+particular)|to|of|for|against|on|in|from)\s+(.+?)(?=,\s*(?:and|or)\s+(?:" + _NEXT_CLAUSE
                       + r")\b|[?.;!]|$)", re.I)

# What a list of topics is of, written after its last item ("watermarks, authorship or copyright of
# generated content"): it scopes every item, and a watermarking paper need not say "content"
_SCOPED = re.compile(r",[^,?.;]+?\b(?:or|and)\s+(?:[\w-]+\s+){0,2}?[\w-]+\s+of\s+((?:[\w-]+\s*?){1,4})"
                     r"(?=\s*(?:[,?.;!]|$|\b(?:and|or)\b))", re.I)


def examples(question: str) -> tuple[set[str], set[str]]:
    """The terms a question adds to its topic after a comma: (examples, narrowing). A paper that holds
    the topic before the comma addresses the question without either; one that holds an example
    ("proteins") addresses it without the topic's own words ("biology"); a narrowing phrase ("of the
    camera") is no topic alone, and nor is what a list of three topics or more is of ("watermarks,
    authorship or copyright of generated content")."""
    found: tuple[set[str], set[str]] = (set(), set())
    for m in _EXAMPLES.finditer(question):
        found[0 if m.group(1) else 1].update(tokenize(m.group(2), query=True))
    for m in _SCOPED.finditer(question):
        found[1].update(tokenize(m.group(1), query=True))
    return found


def beside_examples(question: str) -> set[str]:
    """The topic words a question writes before its examples (`examples`) and repeats as an example's
    head noun: in "biases, such as spectral or initialization biases" the first "biases" is the topic,
    which a paper on the biases of mice holds without either kind. A word the examples hold otherwise
    stays theirs: "time" of "how things change over time, such as time series" is no topic alone."""
    out: set[str] = set()
    for m in _EXAMPLES.finditer(question):
        if not m.group(1):
            continue
        heads = {terms[-1] for item in re.split(r",|\b(?:or|and)\b", m.group(2))
                 if (terms := tokenize(item, query=True))}
        out |= heads & set(tokenize(question[: m.start()], query=True))
    return out


# "How do NoisePrints and the other watermarking papers differ in robustness?": what they are compared on
_ASPECT = re.compile(r"\b(?:differ|differs|vary|varies|compare|compared|contrast)\s+(?:in|on|by|with regard to)\s+"
                     r"(?:terms\s+of\s+)?([^?.;]+)", re.I)


# … and what it asks of each paper in a last clause that speaks of them ("Which papers propose benchmarks for coding
# agents, and what do they measure?": over ICML 2026 "measure" had been a topic term, and of the 14 benchmark papers
# for coding agents known to eval/real_rows.jsonl (h2) 2 were tabled, those that write it)
# (or asks yes or no of them: "Which papers watermark LLM outputs, and are they robust to paraphrasing?" over ICLR 2026
# rowed PMark alone, the one watermark paper that writes "robust" and "paraphrasing")
_ASKED_OF_THEM = re.compile(r",\s*and\s+((?:what|how|which|why)\b[^?.;,]*?\b(?:they|them|their|these|those|each)\b[^?.;,]*?|"
                            r"(?:are|do|does|can|is|were|did)\s+(?:they|these|those|any\s+of\s+them)\b[^?.;,]*?)"
                            r"\s*\??\s*$", re.I)


def before_asked_of_them(question: str) -> str:
    """The question without what a last clause asks of the papers ("Which papers do test-time adaptation for VLMs, and
    are they training-free?": "Which papers do test-time adaptation for VLMs"): what the papers are asked for."""
    return _ASKED_OF_THEM.sub("", question)


# a question of its own about the papers shown: "How do they store memories?" after LLM-agent memory papers (ICML 2026)
_FOLLOW_UP_VERB = re.compile(r"(?:^|[?.!]\s+)(?:how|what|which|why)\b[^?.!]*?\b(?:do|does|did|can|could)\s+"
                             r"(?:they|it|these|those|each|each\s+of\s+them|the\s+papers)\s+([a-z]+)", re.I)


def asked_of_them(question: str) -> set[str]:
    """The terms of the verb a last clause asks of the papers ("measure" of "…, and what risks do they measure?"), or
    a follow-up ("store" of "How do they store memories?"): the relation an answer states of each ("OpenAgentSafety
    measures …" of a paper that "evaluates" them; "PlugMem uses a … memory graph to store episodic memories" of one
    that structures them into it)."""
    return ({t for m in _ASKED_OF_THEM.finditer(question)
             for v in re.findall(r"\b(?:they|these|those|each)\s+([a-z]+)", m.group(1), re.I) for t in tokenize(v, query=True)}
            | {t for m in _FOLLOW_UP_VERB.finditer(question) for t in tokenize(m.group(1), query=True)})


def aspect(question: str) -> list[str]:
    """What a comparative question compares the papers on, as written ("robustness" of "… differ in
    robustness?", "what do they measure" of "…, and what do they measure?"); none for "How do they differ?"."""
    # less its words the rest of the question writes: they are its topic too ("Which papers study model merging, and
    # what do they merge?")
    asks = []
    for m in _ASKED_OF_THEM.finditer(question):
        before = set(tokenize(question[: m.start()], query=True))
        words = [w for w in m.group(1).split() if not set(tokenize(w, query=True)) & before]
        if set(tokenize(" ".join(words), query=True)) - asking_terms():
            asks.append(" ".join(words))
    return [m.group(1).strip() for m in _ASPECT.finditer(question)] + asks


_HEADS = frozenset(["method", "methods", "approach", "approaches", "technique", "techniques"])


_MODIFIER = re.compile(r"^[A-Z0-9][A-Z0-9-]*[A-Z0-9]$")  # an acronym or a name in capitals ("GPU", "CUDA", "3D")


def alternatives(question: str) -> list[list[list[str]]]:
    """The topics a question joins with "or" or "and", as terms: one list per joining word, one
    item per topic ("3D reconstruction, rendering or stylization" -> [[3d, reconstruct], [render],
    [styliz]]). An item is the run of words beside the joining word, or beside a comma of its
    list, up to a word the question is asked with or a function word ("about", "of"); any one item
    is what the question asks about: "the papers on protein and peptide generation" are the papers
    on either. "and" joins topics a paper must hold together when the question says so ("combine",
    "both", "between", "unify", …): then only "or" joins alternatives. Lists with fewer than two
    items are left out."""
    joining = {"or"} if _JOINT.search(question) else {"or", "and"}
    pieces, asking = _LIST_PIECE.findall(question), asking_terms()
    content = [[t for t in tokenize(piece, query=True) if t not in asking] for piece in pieces]

    def run(i: int, step: int) -> tuple[list[str], int]:
        # a head noun beside the joining word ends no item: "Bayesian methods or posterior inference" joins
        # "Bayesian" and "posterior inference" (the run had stopped at "methods", an asking word, and left none)
        if 0 <= i + step < len(pieces) and content[i + step] and pieces[i].lower() in _HEADS:
            i += step
        found: list[str] = []
        while 0 <= i < len(pieces) and content[i]:
            found = found + content[i] if step > 0 else content[i] + found
            i += step
        return found, i

    groups = []
    for j, piece in enumerate(pieces):
        if piece.lower() not in joining:
            continue
        items = [run(j + 1, 1)[0]]
        left, i = run(j - 1, -1)
        if (left and len(items[0]) >= 2 and j + 1 < len(pieces) and _MODIFIER.match(pieces[j - 1])
                and _MODIFIER.match(pieces[j + 1]) and items[0][-1] not in left):
            # "GPU or CUDA kernels" are GPU kernels or CUDA kernels: over ICML 2026 "Which papers use LLMs to generate
            # GPU or CUDA kernels?" rowed WarmServe, a serving system on "running GPUs". Two names or acronyms only:
            # "optimal transport or Gaussian processes", "generate or reconstruct 3D content" join things of their own
            left = left + items[0][-1:]
        items.insert(0, left)
        while left and i > 0 and pieces[i] == ",":
            left, i = run(i - 1, -1)
            items.insert(0, left)
        items = [item for item in items if item]
        if len(items) >= 2:
            groups.append(items)
    return groups


# an acronym, as an abstract defines it or a question writes it: two capitals or more, lower-case letters between
# ("LLMs", "MoE", "ViT", "RLHF"); a plural -s is no letter of it
_ACRONYM = r"[A-Z][A-Za-z]*?[A-Z][A-Za-z]*?"
_DEFINES = re.compile(rf"\(\s*({_ACRONYM})s?\s*\)")  # "(LLMs)": the words before it are read apart (`defined_acronyms`)
_TOKEN = re.compile(r"[\w-]+|[^\w\s-]")
_WRITTEN_ACRONYM = re.compile(rf"(?<![\w-])({_ACRONYM})(?:s|'s)?(?![\w-])")


def _spells(letters: str, parts: Sequence[str]) -> bool:
    """Do the words' initials give `letters` (lower case)? Each word gives its first letter, and perhaps more of them
    from within it, in order ("ViT": Vision Transformer; "SAE": sparse autoencoder); a stopword may give none ("RLHF":
    reinforcement learning from human feedback), but the first word gives the first letter ("OOD": out-of-distribution)."""
    def go(i: int, j: int) -> bool:
        if i == len(parts):
            return j == len(letters)
        part = parts[i]
        if part in STOPWORDS and go(i + 1, j):
            return True
        if j >= len(letters) or part[0] != letters[j]:
            return False
        at, j = 1, j + 1
        while not go(i + 1, j):
            at = part.find(letters[j], at) + 1 if j < len(letters) else 0
            if not at:
                return False
            j += 1
        return True
    return bool(parts) and parts[0][:1] == letters[:1] and go(0, 0)


def defined_acronyms(text: str) -> list[tuple[str, str]]:
    """The acronyms `text` spells out, as (acronym in lower case, its long form in lower case, hyphens as spaces,
    singular): "Large language models (LLMs)" gives ("llm", "large language model"), "Mixture-of-Experts (MoE)"
    ("moe", "mixture of expert"). The long form is the fewest words before the brackets whose initials give the
    acronym (`_spells`)."""
    out = []
    for m in _DEFINES.finditer(text):
        acronym = m.group(1).lower()
        before = text[max(0, m.start() - 200):m.start()]
        if not before[-1:].isspace():
            continue
        run: list[str] = []  # the words right before "(LLMs)", up to eight, with nothing but spaces between
        for token in reversed(_TOKEN.findall(before)):
            if len(run) == 8 or not token[0].isalnum() and token[0] not in "_-":
                break
            run.append(token)
        words = [p for w in reversed(run) for p in w.lower().split("-") if p]
        for k in range(1, len(words) + 1):
            if _spells(acronym, words[-k:]):
                form = words[-k:]
                last = form[-1]
                form[-1] = last[:-1] if last.endswith("s") and not last.endswith("ss") and len(last) > 3 else last
                out.append((acronym, " ".join(form)))
                break
    return out


def written_acronyms(text: str) -> list[str]:
    """The acronyms `text` writes ("Which papers prune LLMs …?": "llm"), in lower case, without a plural -s."""
    return [m.group(1).lower() for m in _WRITTEN_ACRONYM.finditer(text)]


def long_form_pattern(form: str) -> re.Pattern[str]:
    """A long form (`defined_acronyms`) as written in a text: any case, a hyphen or space between its words, its last
    in the singular or plural ("large language models", "vision-language model")."""
    words = form.split()
    return re.compile(r"(?<![\w-])" + r"[\s-]+".join(map(re.escape, words)) + r"(?:e?s)?(?![\w-])", re.I)


def restates(sentence: str, question: str) -> bool:
    """The sentence says nothing the question did not ("The papers that train language models
    with reinforcement learning are [1]."): every term it has is the question's or an asking word,
    and it gives no figure the question does not ("Tvcache speeds up tool calls by up to 6.9×." to
    "How much does it speed up tool calls?" is the answer)."""
    bare = _CITATION.sub(" ", sentence)
    said = set(tokenize(bare)) - asking_terms()
    figures = set(re.findall(r"\d+(?:\.\d+)?", bare)) - set(re.findall(r"\d+(?:\.\d+)?", question))
    return bool(question.strip()) and said <= set(tokenize(question)) and not figures


NOT_TEXT = "holds an escape that is no character (a lone surrogate such as \\ud800): fix or remove it"


def is_text(value: Any) -> bool:
    """False when a string (or any string inside a JSON value) holds a lone surrogate: "\\ud800"
    is valid JSON but no character, so it can be neither stored, embedded nor shown."""
    try:
        (value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_FIRST_PERSON = re.compile(r"\b(?:[Ww]e|[Oo]ur|[Oo]urs|[Oo]urselves|us)\b")
_THIRD_PERSON = {"we": "the authors", "our": "their", "ours": "theirs", "ourselves": "themselves", "us": "them"}


def third_person(sentence: str, titles: Sequence[str] = ()) -> str:
    """The authors' "we" and "our" of an abstract, copied into a sentence that is not theirs,
    as "the authors" and "their" ("To resolve this, we propose CpAEs [1]" -> "…, the authors
    propose CpAEs [1]"): in paperchat's answer "we" would read as paperchat. "US" is left alone,
    and so are the `titles` the sentence writes ("Do We Need Adam?" is a paper's name), whole or by
    their opening words, three or more ("In Agents We Trust, models exhibit …" of "In Agents We Trust,
    but Who Do Agents Trust? …")."""
    def swap(m: re.Match[str]) -> str:
        word = _THIRD_PERSON[m.group(0).lower()]
        return word[0].upper() + word[1:] if m.group(0)[0].isupper() else word
    kept = []
    for title in (t for t in titles if t and _FIRST_PERSON.search(t)):
        words = title.split()
        opening = next((" ".join(words[:k]) for k in range(len(words), 2, -1)
                        if re.search(rf"(?<![\w-]){re.escape(' '.join(words[:k]))}(?![\w-])", sentence)), "")
        if _FIRST_PERSON.search(opening):
            kept.append(opening)
    parts = re.split("(" + "|".join(map(re.escape, sorted(kept, key=len, reverse=True))) + ")", sentence) if kept else [sentence]
    return "".join(part if part in kept else _FIRST_PERSON.sub(swap, part) for part in parts)
