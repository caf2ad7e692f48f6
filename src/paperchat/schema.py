"""The things that flow through paperchat, in the order a question meets them.

Corpus: `Paper`. Question path: `Filters` and `Turn` go in; `Plan` (what will
be searched) -> `Retrieved` (ranked `Hit`s and the decision to answer) ->
`Evidence` (numbered `Source`s and the quotes shown) -> `Synthesis` (the
model's verified sentences, each a `Checked`) -> `Answer` with its `Citation`s
and `Verification` counts. `Event` is what `Engine.ask` streams.

Small dataclasses, no behaviour beyond conversion to the JSON shapes that the
CLI and the app's API promise. Chunks are llama-index `TextNode`s and live in
`index.py`; nothing else needs to see them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from paperchat.text import title_lead


@dataclass
class Paper:
    paper_id: str
    title: str
    abstract: str
    venue: str
    year: int
    track: str = ""
    url: str = ""
    authors: list[str] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    code_url: str = ""
    source: str = ""  # "file:line" it was read from
    title_derived: bool = False  # True when the title is a label made from the abstract
    roles: list[str] = field(default_factory=list)  # one per sentence of the abstract (roles.py), set at ingest

    @property
    def name(self) -> str:
        """What an answer calls the paper: the name its title leads with ("PEARL"), or the whole
        title; a label made from the opening of the abstract in quotation marks, so it does not
        read as prose ("“Unlearning in diffusion models aims to remove undesirable…” offers …").
        A label that is the method's name from the abstract ("ASIR") stays as it is."""
        lead = title_lead(self.title)
        return f"“{lead}”" if self.title_derived and lead.endswith("…") else lead

    def metadata(self) -> dict[str, Any]:
        """Flat metadata for Chroma (scalars only) and the docstore."""
        return {
            "paper_id": self.paper_id,
            "title": self.title,
            "venue": self.venue,
            "year": self.year,
            "track": self.track,
            "url": self.url,
            "authors": "; ".join(self.authors),
            "keywords": "; ".join(self.keywords),
            "code_url": self.code_url,
            "source": self.source,
            "title_derived": self.title_derived,
            "roles": ",".join(self.roles),
        }

    @classmethod
    def from_metadata(cls, meta: dict[str, Any], abstract: str) -> Paper:
        return cls(
            paper_id=meta["paper_id"],
            title=meta["title"],
            abstract=abstract,
            venue=meta["venue"],
            year=int(meta["year"]),
            track=meta.get("track", ""),
            url=meta.get("url", ""),
            authors=[a for a in meta.get("authors", "").split("; ") if a],
            keywords=[k for k in meta.get("keywords", "").split("; ") if k],
            code_url=meta.get("code_url", ""),
            source=meta.get("source", ""),
            title_derived=bool(meta.get("title_derived", False)),
            roles=[r for r in str(meta.get("roles", "")).split(",") if r],
        )


@dataclass
class Filters:
    """Venue/year constraints, and the papers a follow-up is restricted to; empty means "any"."""

    venues: list[str] = field(default_factory=list)
    years: list[int] = field(default_factory=list)
    papers: list[str] = field(default_factory=list)  # paper ids: a follow-up over the papers shown

    def __bool__(self) -> bool:
        return bool(self.venues or self.years or self.papers)

    def merged(self, other: Filters) -> Filters:
        return Filters(sorted(set(self.venues) | set(other.venues)), sorted(set(self.years) | set(other.years)),
                       self.papers or other.papers)

    def without(self, other: Filters) -> Filters:
        return Filters([v for v in self.venues if v not in other.venues],
                       [y for y in self.years if y not in other.years], self.papers)

    def to_json(self) -> dict[str, list[Any]]:
        return {"venues": self.venues, "years": self.years}


@dataclass
class Turn:
    """One earlier exchange, as much as retrieval needs of it."""

    question: str
    query: str = ""  # the standalone query it was answered with
    titles: list[str] = field(default_factory=list)  # papers its answer cited, in [n] order
    shown: list[str] = field(default_factory=list)  # paper ids of the sources shown, in the order seen
    cited: list[str] = field(default_factory=list)  # paper ids its answer cited
    filters: Filters = field(default_factory=Filters)  # the venue/year filters that applied
    answered: list[str] = field(default_factory=list)  # paper ids quoted or tabled: what "which of these" means
    quoted: list[str] = field(default_factory=list)  # abstract sentences its answer quoted: "Tell me more" shows others


@dataclass
class Hit:
    """One retrieved paper with the passages of its abstract that matched."""

    paper: Paper
    score: float  # fused score, higher is better
    dense: float  # best cosine of a chunk of this paper to the query
    passages: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        p = self.paper
        return {
            "paper_id": p.paper_id,
            "title": p.title,
            "venue": p.venue,
            "year": p.year,
            "track": p.track,
            "url": p.url,
            "score": round(self.score, 5),
            "text": p.abstract,
            "passages": self.passages,
        }


@dataclass
class Plan:
    """What one question will search for: the standalone query and the filters that apply."""

    question: str
    query: str
    filters: Filters
    k: int | None = None
    comparative: bool = False
    reading: str = "fresh"  # "fresh" | "follow-up" (same topic) | "narrow" (over the papers shown) | "again"
    note: str = ""  # said before the answer: a venue or year the collection lacks
    retrieved: Retrieved | None = None  # already retrieved while reading the conversation
    seen: frozenset[str] = frozenset()  # sentences quoted just before, not to quote again ("Tell me more")
    unheld: bool = False  # none of the papers a follow-up picks among uses its words: the note and quotes answer it


@dataclass
class Retrieved:
    """Ranked papers for a plan, and whether the collection answers it at all."""

    query: str
    filters: Filters
    hits: list[Hit]
    confidence: float = 0.0
    abstain: bool = False
    relevant: set[str] = field(default_factory=set)  # the hits that address it (Retriever.relevant)
    named: list[str] = field(default_factory=list)  # the hits the query names, by a coined name or title words


@dataclass
class Source:
    """A numbered paper shown to the person and the model, with its sentences."""

    n: int
    paper: Paper
    label: str
    sentences: list[str] = field(default_factory=list)
    vectors: Any = None  # numpy array, one normalised row per sentence
    roles: list[str] = field(default_factory=list)  # one per sentence
    role_probs: Any = None  # numpy array, each sentence's probability of each role (roles.LABELS order)
    parts: Any = None  # (numpy array, sentence index per row): the sentences' clauses, embedded when a claim needs them


@dataclass
class Cell:
    """One cell of a comparison table: a verbatim span of the row's abstract, or "—"."""

    text: str
    role: str
    sentence: int  # index of the sentence in the abstract; -1 for "—"
    clipped: bool = False  # the span is a prefix of the sentence, cut at a clause boundary


@dataclass
class Row:
    n: int
    paper_id: str
    title: str
    venue: str
    year: int
    cells: dict[str, Cell]


@dataclass
class Table:
    columns: list[str]
    rows: list[Row]

    def to_json(self) -> dict[str, Any]:
        return {"columns": self.columns, "rows": [
            {"n": r.n, "paper_id": r.paper_id, "title": r.title, "venue": r.venue, "year": r.year,
             "cells": {k: {"text": c.text, "role": c.role} for k, c in r.cells.items()}} for r in self.rows]}


@dataclass
class Evidence:
    """The quoted part of an answer: which sources were quoted and with what."""

    sources: list[Source]
    quotes: dict[int, list[str]]  # n -> the abstract sentences quoted (table cells: their whole sentences)
    text: str  # the Markdown shown
    table: Table | None = None


@dataclass
class Checked:
    """One model sentence after verification."""

    text: str | None  # None: unsupported, not shown
    cited: list[int]
    support: dict[int, list[str]]  # n -> abstract sentences that back the sentence
    reason: str = ""  # why it is unsupported
    said: str = ""  # the sentence as the model wrote it, when withheld


@dataclass
class Verification:
    checked: int = 0  # model sentences checked
    moved: int = 0
    removed: int = 0
    unsupported: int = 0
    uncited: int = 0  # checked sentences that carried no valid [n] (a supported one gets its backer's)
    uncited_unsupported: int = 0  # of `unsupported`, those that carried no valid [n]
    dropped_sentences: list[str] = field(default_factory=list)
    dropped_reasons: list[str] = field(default_factory=list)  # one per dropped sentence
    trimmed: int = 0  # withheld sentences whose parts that verify alone are shown in their place


@dataclass
class Synthesis:
    """The model's part of an answer: the sentences that verified, and what was dropped."""

    sentences: list[Checked] = field(default_factory=list)
    withheld: list[Checked] = field(default_factory=list)  # sentences no cited abstract supports
    report: Verification = field(default_factory=Verification)
    timings: dict[str, float] = field(default_factory=dict)
    note: str = ""  # why there is no synthesis, when the model could not be reached

    @property
    def text(self) -> str:
        return " ".join(c.text for c in self.sentences if c.text).strip()


@dataclass
class ClaimCheck:
    """`paperchat check`: is one claim supported, by which paper, and which sentences decide it."""

    claim: str
    verdict: str  # "supported" | "unsupported"
    paper_id: str = ""
    title: str = ""
    evidence: list[str] = field(default_factory=list)
    reason: str = ""
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "paper_id": self.paper_id, "title": self.title,
                "evidence": self.evidence, "reason": self.reason}


@dataclass
class Citation:
    n: int
    paper: Paper
    supported: bool = True  # False: a sentence citing it was not supported by it (and was withheld)
    support: list[str] = field(default_factory=list)  # abstract sentences (or the title) that back the answer
    withheld: list[str] = field(default_factory=list)  # the sentences that cited it and were withheld

    def to_json(self) -> dict[str, Any]:
        p = self.paper
        return {
            "n": self.n,
            "paper_id": p.paper_id,
            "title": p.title,
            "venue": p.venue,
            "year": p.year,
            "url": p.url,
            "abstract": p.abstract,
            "supported": self.supported,
            "support": self.support,
            "withheld": self.withheld,
        }


@dataclass
class Answer:
    text: str
    citations: list[Citation]
    abstained: bool = False
    verification: Verification = field(default_factory=Verification)
    timings: dict[str, float] = field(default_factory=dict)
    query: str = ""  # the standalone query that retrieval used
    filters: dict[str, list[Any]] = field(default_factory=dict)
    model: str = ""
    suggestions: list[str] = field(default_factory=list)
    table: Table | None = None
    shown: list[str] = field(default_factory=list)  # paper ids of the sources shown, in order
    answered: list[str] = field(default_factory=list)  # of those, the papers quoted or tabled (that address it)

    def to_json(self) -> dict[str, Any]:
        return {
            "answer": self.text,
            "table": self.table.to_json() if self.table else None,
            "citations": [c.to_json() for c in self.citations],
            "abstained": self.abstained,
            "verification": asdict(self.verification),
            "timings": {k: round(v, 3) for k, v in self.timings.items()},
            "query": self.query,
            "filters": self.filters,
            "model": self.model,
        }


@dataclass
class Event:
    """What `Engine.ask` streams: "sources" (hits, query, filters), "token" (text to append),
    "status" (text to show until the next token), "answer"."""

    kind: str
    text: str = ""
    hits: list[Hit] = field(default_factory=list)
    answer: Answer | None = None
    query: str = ""
    filters: Filters | None = None
