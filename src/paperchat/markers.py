"""Citation markers in model text: which papers a sentence cites, the text without or with them,
and a reply cut into sentences with the markers written after a stop kept with their sentence."""

from __future__ import annotations

import re
from collections.abc import Sequence

from paperchat.text import sentences

MARKER = re.compile(r"\s*\[(\d+(?:\s*[-–,;]\s*\d+)*)\]")


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


_HELD = "\ue000"  # stands for the space after a stop inside a title while the reply is cut


def inner_stops(title: str) -> list[str]:
    """The openings of `title` that end at a stop inside it ("In Agents We Trust, but Who Do Agents
    Trust?" of "… Trust? Latent Preferences Steer LLM Generations"; "Do We Need Adam?" whole, since a
    reply goes on after a name): where a reply that writes the title does not end a sentence."""
    title = title.strip()
    return [title[:m.end()] for m in re.finditer(r"[.!?](?=\s)|[!?]$", title) if len(title[:m.end()].split()) >= 2]


def split_sentences(text: str, titles: Sequence[str] = ()) -> list[str]:
    """Sentences of a model answer, with markers glued after the stop kept with it; a stop inside one of
    `titles` (the shown papers') ends none ("In Agents We Trust, but Who Do Agents Trust? Latent
    Preferences Steer LLM Generations investigates …" is one sentence)."""
    for stop in sorted({stop for t in titles if t for stop in inner_stops(t)}, key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(stop)}\s", lambda m: m.group(0)[:-1] + _HELD, text)
    # … but not across a line: "[1] Saguaro: up to twice as fast.\n[2] PARD: …" is a list, its "[2]" the next line's
    # (over ICLR 2026 it had cited Saguaro's line to PARD's row); a line of markers alone is the line before's
    text = re.sub(r"\n[ \t]*((?:\[\d[\d,\s\-–;]*\][ \t]*)+)(?=\n|$)", r" \1", text)
    text = re.sub(r"([.!?])((?:[ \t]*\[\d[\d,\s\-–;]*\])+)", r"\2\1", text)
    out: list[str] = []
    for line in text.splitlines():
        # a sentence may open with a title in curly quotes ("… [1]. “Unlearning in diffusion models aims …” deals
        # with …"), which the abstracts' splitter does not break before
        pieces = [p for s in sentences(line.strip(" -*•")) for p in re.split(r"(?<=[.!?])\s+(?=[“‘][A-Z])", s)]
        for piece in pieces:
            if out and opens_more(out[-1]):  # "… (Speculative decoding vs [1]. Any-Subset …)": one sentence
                out[-1] = f"{out[-1]} {piece}"
            else:
                out.append(piece)
    return [s.replace(_HELD, " ") for s in out if strip_markers(s)]


def opens_more(text: str) -> bool:
    """`text` leaves a parenthesis open: a stop inside it ends no sentence."""
    return text.count("(") > text.count(")")
