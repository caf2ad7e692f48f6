"""The answer: quoted evidence first, then a short model synthesis, verified sentence by sentence.

Small local models on a 2-core CPU copy, drift and mis-cite (README, "Why the
answer looks like this"), so the answer is built in two parts:
1. Evidence, instant and always true: for each relevant paper, the sentences of
   its abstract closest to the question, quoted, with its `[n]`. Nothing here
   comes from the model, so nothing here can be wrong about what a paper says.
2. Synthesis: the model sees the question and the evidence (a few hundred
   tokens, never whole abstracts) and writes one or two sentences that answer
   or compare, citing `[n]`. Its output is buffered to sentence ends; each
   sentence goes through `cite.Verifier` and only repaired, supported sentences
   are streamed. If the model is unavailable, fails, or nothing it wrote
   survives, the answer is the evidence alone: the extractive fallback.

We build the prompt ourselves rather than through a llama-index response
synthesizer (`CitationQueryEngine`): we need the evidence sentences chosen per
question, a fixed output format and per-sentence verification while streaming.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

import numpy as np

from paperchat.cite import Source, Verifier, split_sentences
from paperchat.corpus import sentences
from paperchat.keyword import tokenize
from paperchat.models import ChatModel
from paperchat.schema import Hit, Verification

COMPARATIVE = re.compile(
    r"\b(compare|comparison|differ|difference|differences|versus|vs\.?|contrast|which papers|"
    r"what papers|papers (?:that|which|on|about)|approaches|methods|both|similar|trade-?offs?)\b",
    re.IGNORECASE,
)

SYSTEM = (
    "You answer questions about research papers using only the numbered evidence. "
    "Write at most two short sentences. After every claim put the number of the evidence "
    "it comes from, like [1] or [2][3]. Never state anything that is not in the evidence."
)


def short_label(hit_or_title: Hit | str) -> str:
    title = hit_or_title.paper.title if isinstance(hit_or_title, Hit) else hit_or_title
    head = re.split(r":\s|\s[-–]{1,2}\s", title, maxsplit=1)[0]
    return head if len(head) <= 60 else head[:57].rstrip() + "…"


def is_comparative(question: str) -> bool:
    return bool(COMPARATIVE.search(question))


def relevant(hits: Sequence[Hit], margin: float) -> list[Hit]:
    """The top hit, and the others whose cosine is close enough to the best to count as evidence."""
    if not hits:
        return []
    best = max(h.dense for h in hits)
    return [h for i, h in enumerate(hits) if i == 0 or h.dense >= best - margin]


def make_sources(hits: Sequence[Hit]) -> list[Source]:
    return [Source(n=i, paper=h.paper, label=short_label(h), sentences=sentences(h.paper.abstract))
            for i, h in enumerate(hits, 1)]


def pick_evidence(question_vec: np.ndarray, source: Source, count: int) -> list[str]:
    """The `count` sentences of the source closest to the question, in abstract order."""
    assert source.vectors is not None
    sims = source.vectors @ question_vec
    keep = sorted(np.argsort(-sims)[:count].tolist())
    return [source.sentences[i] for i in keep]


def evidence_block(question_vec: np.ndarray, sources: Sequence[Source], use: Sequence[int],
                   count: int) -> tuple[str, dict[int, list[str]]]:
    """Markdown bullets quoting each relevant source, and the quotes per source."""
    lines, quotes = [], {}
    for s in sources:
        if s.n not in use:
            continue
        quotes[s.n] = pick_evidence(question_vec, s, count)
        venue = f"{s.paper.venue} {s.paper.year}"
        lines.append(f"- **{s.label}** ({venue}): “{' '.join(quotes[s.n])}” [{s.n}]")
    return "\n".join(lines), quotes


def prompt(question: str, sources: Sequence[Source], quotes: dict[int, list[str]], comparative: bool) -> list[dict[str, str]]:
    evidence = "\n".join(f"[{n}] {next(s.label for s in sources if s.n == n)}: {quotes[n][0]}"
                         for n in quotes)
    task = ("Compare the papers in one or two sentences: what each does and how they differ."
            if comparative and len(quotes) > 1 else "Answer the question in one or two sentences.")
    return [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": f"Evidence:\n{evidence}\n\nQuestion: {question}\n{task}"},
    ]


def verified_stream(model: ChatModel, messages: list[dict[str, str]], max_tokens: int,
                    verifier: Verifier, sources: Sequence[Source], report: Verification,
                    kept: list[tuple[str, list[int], dict[int, list[str]]]],
                    on_piece: Callable[[], None] | None = None) -> Iterator[str]:
    """Stream the model's reply one verified sentence at a time; `on_piece` is
    called for every piece the model streams (timings)."""
    buffer = ""

    def flush(text: str) -> Iterator[str]:
        for sentence in split_sentences(text):
            if len(kept) >= 2 or _repeats(sentence, [k[0] for k in kept]):
                continue  # small models loop; two sentences is the format
            checked = verifier.check(sentence, sources, report)
            if checked.text:
                kept.append((checked.text, checked.cited, checked.support))
                yield checked.text + " "

    for piece in model.stream(messages, max_tokens):
        if on_piece:
            on_piece()
        buffer += piece
        # a sentence is complete when a stop (and any markers after it) is followed by a space
        m = re.search(r"^(.*[.!?](?:\s*\[[\d,\s\-–]+\])*)\s+(?=\S)", buffer, re.S)
        if m:
            yield from flush(m.group(1))
            buffer = buffer[m.end():]
    if buffer.strip():
        yield from flush(buffer)


def _repeats(sentence: str, earlier: Sequence[str]) -> bool:
    words = set(tokenize(sentence))
    return any(len(words & set(tokenize(e))) > 0.6 * max(len(words), 1) for e in earlier)


def abstain_text(hits: Sequence[Hit], filters_note: str = "") -> tuple[str, list[str]]:
    topics = [short_label(h) for h in hits[:3]]
    text = "The collection has no paper on this" + (f" {filters_note}" if filters_note else "") + "."
    if topics:
        text += " The closest papers it does have are: " + "; ".join(topics) + "."
    return text, topics
