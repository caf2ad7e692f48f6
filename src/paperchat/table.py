"""The comparison table: one row per paper, Problem | Approach | Result, every cell the paper's own words.

Each cell is a verbatim span of that paper's abstract: the sentence whose role
(roles.py) fits the column and that is closest to the question (Result prefers
a sentence with a number), cut at a clause boundary when it is long (the cut
is a prefix, marked "…"). A column that no sentence of a paper fits shows "—";
nothing is ever written for a paper. A "Data" column is added when the
question asks about data, datasets or benchmarks. With no question
(`paperchat compare`) cells are chosen by role and position alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from paperchat.schema import Cell, Row, Source, Table
from paperchat.text import inert

COLUMNS: dict[str, tuple[str, ...]] = {
    "Problem": ("objective", "background"),
    "Approach": ("method",),
    "Result": ("result",),
}
_ASKS_DATA = re.compile(r"\b(?:data(?:sets?)?|benchmarks?|corpus|corpora|evaluat\w*|tested on)\b", re.I)
_MENTIONS_DATA = re.compile(r"\b(?:data(?:sets?)?|benchmarks?|corpus|corpora|evaluat\w* on|experiments? on|"
                            r"tasks? (?:of|from|such as)|suites?)\b", re.I)
_NUMBER = re.compile(r"\d")
_CLAUSE_END = re.compile(r"[,;:]\s")
MAX_WORDS = 40
ROLE_BONUS = 0.15  # the column's first role over its second
NUMBER_BONUS = 0.1  # a result with a number over one without


def columns_for(question: str) -> list[str]:
    return list(COLUMNS) + (["Data"] if question and _ASKS_DATA.search(question) else [])


def clip(sentence: str, max_words: int = MAX_WORDS) -> tuple[str, bool]:
    """A verbatim prefix of `sentence` ending at a clause boundary within `max_words` words."""
    words = sentence.split()
    if len(words) <= max_words:
        return sentence, False
    head = " ".join(words[:max_words])
    cuts = [m.start() for m in _CLAUSE_END.finditer(head) if m.start() > len(head) // 3]
    return (head[:cuts[-1]] if cuts else head), True


def _score(i: int, column: str, roles: Sequence[str], sims: np.ndarray | None, sentence: str, n: int) -> float | None:
    """How well sentence `i` fills `column`; None when its role does not fit."""
    if column == "Data":
        if not _MENTIONS_DATA.search(sentence):
            return None
        base = 0.0
    else:
        wanted = COLUMNS[column]
        if roles[i] not in wanted:
            return None
        base = ROLE_BONUS if roles[i] == wanted[0] else 0.0
        if column == "Result" and _NUMBER.search(sentence):
            base += NUMBER_BONUS
    if sims is not None:
        return base + float(sims[i])
    # no question: the stated objective comes early, the method early, the headline result late
    position = i / max(n - 1, 1)
    return base + (1 - position if column in ("Problem", "Approach") else position) * 0.1


def row(source: Source, roles: Sequence[str], columns: Sequence[str], question_vec: np.ndarray | None) -> Row:
    sims = source.vectors @ question_vec if question_vec is not None and source.vectors is not None else None
    used: set[int] = set()
    cells: dict[str, Cell] = {}
    for column in columns:
        scored = [(s, i) for i, sent in enumerate(source.sentences) if i not in used
                  and (s := _score(i, column, roles, sims, sent, len(source.sentences))) is not None]
        if not scored:
            cells[column] = Cell("—", "", -1)
            continue
        _, best = max(scored)
        used.add(best)
        text, clipped = clip(source.sentences[best])
        cells[column] = Cell(text, roles[best], best, clipped)
    p = source.paper
    return Row(source.n, p.paper_id, source.label, p.venue, p.year, cells)


def build(sources: Sequence[Source], roles: dict[int, list[str]], use: Sequence[int],
          question: str = "", question_vec: np.ndarray | None = None) -> Table:
    """The table for the sources numbered in `use`, in their order."""
    columns = columns_for(question)
    return Table(columns, [row(s, roles[s.n], columns, question_vec) for s in sources if s.n in use])


def markdown(table: Table) -> str:
    """The table as Markdown; each cell links to its sentence in the source card."""
    head = ["[n]", "Paper", *table.columns]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in table.rows:
        cells = []
        for column in table.columns:
            c = r.cells[column]
            if c.sentence < 0:
                cells.append("—")
                continue
            text = inert(c.text) + ("…" if c.clipped else "")
            cells.append(f"[“{text}”](#src-{r.n}.s{c.sentence})")
        lines.append(f"| [{r.n}] | **{inert(r.title)}** ({inert(r.venue)} {r.year}) | " + " | ".join(cells) + " |")
    return "\n".join(lines)

