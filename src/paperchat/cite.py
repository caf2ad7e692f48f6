"""Citation parsing and verification: every `[n]` is checked before anyone sees it.

`parse` finds markers in a sentence in any of the shapes small models write
(`[1]`, `[1, 2]`, `[1][2]`, `[1-3]`, glued to punctuation). `Verifier.check`
takes one sentence and the numbered sources that were shown, and returns the
sentence with its citations repaired, or None when no shown abstract supports
it:
- a number that was not shown is removed;
- a clause is supported by a source when it is a verbatim quote of that abstract,
  or when its embedding is close to some sentence of the abstract (cosine >=
  threshold) and enough of its key terms occur there (a clause cut from a quoted
  sentence can embed far from the whole sentence, hence the verbatim rule);
- a citation that supports nothing in the sentence is moved to a shown source
  that does, or removed;
- a sentence naming a paper (by its label) that it does not validly cite, or
  with any clause no cited source supports, is unsupported.
Embeddings come from the same MiniLM as retrieval; no NLI model is packaged
for this machine, so entailment is approximated, and the thresholds were set
on the eval answers (README).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

from paperchat.config import AnswerSettings
from paperchat.schema import Checked, Source, Verification
from paperchat.text import plain, sentences, tokenize

MARKER = re.compile(r"\s*\[(\d+(?:\s*[-–,;]\s*\d+)*)\]")
_NOUN_MARKER = re.compile(
    r"\[(\d+)\](?=\s+(?:and|or|both|uses?|is|are|proposes?|introduces?|focus(?:es)?|aims?|improves?|"
    r"achieves?|employs?|addresses|targets?|presents?|stud(?:y|ies)|shows?)\b)"
)
_LEADING_MARKERS = re.compile(r"^\s*(?:both\s+)?\[\d+\](?:\s*(?:,|and|or|&)\s*\[\d+\])*")
_CLAUSE = re.compile(r"\s*(?:;|,?\s+\b(?:while|whereas|but|whilst)\b|,\s+and\b|\bin contrast,?)\s+", re.I)


def parse(text: str) -> list[int]:
    """Numbers cited in `text`, in order, without repeats."""
    numbers: list[int] = []
    for m in MARKER.finditer(text):
        for part in re.split(r"\s*[,;]\s*", m.group(1)):
            if re.search(r"[-–]", part):
                a, b = (int(x) for x in re.split(r"\s*[-–]\s*", part))
                span = range(a, b + 1) if 0 < b - a < 10 else [a, b]
            else:
                span = [int(part)]
            numbers.extend(n for n in span if n not in numbers)
    return numbers


def strip_markers(text: str) -> str:
    return re.sub(r"\s+([.,;:!?])", r"\1", MARKER.sub("", text)).strip()


def with_markers(text: str, numbers: Sequence[int]) -> str:
    """`text` with its citations set to `numbers`, placed before the final stop."""
    body = strip_markers(text)
    tail = "".join(f"[{n}]" for n in numbers)
    if body and body[-1] in ".!?":
        return f"{body[:-1]} {tail}{body[-1]}" if tail else body
    return f"{body} {tail}".strip()


def split_sentences(text: str) -> list[str]:
    """Sentences of a model answer, with markers glued after the stop kept with it."""
    text = re.sub(r"([.!?])((?:\s*\[\d[\d,\s\-–;]*\])+)", r"\2\1", text)
    out = []
    for line in text.splitlines():
        out.extend(sentences(line.strip(" -*•")))
    return [s for s in out if strip_markers(s)]


class Verifier:
    def __init__(self, embed: Callable[[list[str]], np.ndarray], settings: AnswerSettings) -> None:
        self.embed = embed
        self.threshold = settings.support_threshold
        self.min_overlap = settings.min_term_overlap
        self.min_quote_words = settings.min_quote_words

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

    def _support(self, clause: str, vector: np.ndarray, source: Source) -> tuple[bool, str]:
        assert source.vectors is not None
        sims = source.vectors @ vector
        best = int(np.argmax(sims))
        if _quotes(clause, source.paper.abstract, self.min_quote_words):
            quoted = plain(clause).rstrip(".!?")
            return True, next((s for s in source.sentences if quoted in plain(s)), source.sentences[best])
        terms = {t for t in tokenize(clause) if len(t) > 2}
        have = set(tokenize(source.paper.abstract + " " + source.label))
        overlap = len(terms & have) / max(len(terms), 1)
        return (float(sims[best]) >= self.threshold and overlap >= self.min_overlap), source.sentences[best]

    def check(self, sentence: str, sources: Sequence[Source], report: Verification) -> Checked:
        by_n = {s.n: s for s in sources}
        # "[1] and [2] both ..." uses markers as names: put the names in
        def name(m: re.Match[str]) -> str:
            n = int(m.group(1))
            if n not in by_n:
                return m.group(0)
            first = by_n[n].label.split()[0].rstrip(":")
            if first in m.string[max(0, m.start() - len(by_n[n].label) - 20):m.start()]:
                return m.group(0)  # already named: "PEARL [1] and ..."
            return f"{by_n[n].label} [{n}]"

        lead = _LEADING_MARKERS.match(sentence)
        if lead:
            sentence = re.sub(r"\[(\d+)\]", name, lead.group(0)) + sentence[lead.end():]
        sentence = _NOUN_MARKER.sub(name, sentence)
        cited = parse(sentence)
        valid = [n for n in cited if n in by_n]
        report.removed += len(cited) - len(valid)
        body = strip_markers(sentence)
        if not body:
            return Checked(None, [], {})
        report.checked += max(len(cited), 1)
        clauses = [c for c in _CLAUSE.split(body) if len(tokenize(c)) >= 2] or [body]
        if any(_quotes(body, s.paper.abstract, self.min_quote_words) for s in sources):
            clauses = [body]  # a whole sentence quoted: its short clauses need no support of their own
        vectors = self.embed(clauses)
        final: list[int] = []
        support: dict[int, list[str]] = {}
        for clause, vector in zip(clauses, vectors, strict=True):
            backers = {}
            for s in sources:
                ok, best = self._support(clause, vector, s)
                if ok:
                    backers[s.n] = best
            if not backers:
                report.unsupported += 1
                report.dropped_sentences.append(sentence)
                return Checked(None, [], {})
            chosen = [n for n in valid if n in backers]
            if not chosen:  # cited the wrong paper (or nothing): move to the best backer
                best_n = max(backers, key=lambda n: float(np.max(by_n[n].vectors @ vector)))
                chosen = [best_n]
                report.moved += 1 if valid else 0
            for n in chosen:
                if n not in final:
                    final.append(n)
                support.setdefault(n, []).append(backers[n])
        report.removed += len([n for n in valid if n not in final])
        for s in sources:  # a paper named in the sentence must be one it validly cites
            if s.n not in final and _names(body, s.label):
                report.unsupported += 1
                report.dropped_sentences.append(sentence)
                return Checked(None, [], {})
        return Checked(with_markers(body, final), final, support)


def _quotes(text: str, abstract: str, min_words: int) -> bool:
    """`text` (`min_words` words or more) occurs word for word in `abstract`."""
    quoted = plain(text).rstrip(".!?")
    return len(quoted.split()) >= min_words and quoted in plain(abstract)


def _names(text: str, label: str) -> bool:
    name = re.split(r"[:\s]", label.strip(), maxsplit=1)[0]
    looks_like_a_name = any(c.isupper() for c in name[1:])
    return len(name) >= 4 and looks_like_a_name and re.search(rf"\b{re.escape(name)}\b", text) is not None
