"""Build eval/claims.jsonl: faithful and altered claims from real abstracts, for `paperchat check`.

    python eval/make_claims.py            # reads ../shared/corpora, writes eval/claims.jsonl

Each claim is one sentence of a real ICLR 2026 / ICML 2026 abstract, kept as it
is (faithful, "verbatim"), lightly reworded without changing its meaning
(faithful, "reworded"), or altered in one place so that it is false:
"number" (one number changed), "negation" (a negation added or removed),
"direction" (a direction word swapped for its opposite), "measure" (the measure a figure is given
for swapped for another kind: latency for memory); and "The paper
introduces X." of a name the abstract introduces ("credit-own", faithful) or
only mentions before its own contribution ("credit-borrowed", false). Each line holds the
claim, the abstract it must be judged against, the expected verdict, and a
split: "tune" (the half the verifier's rules and thresholds were set on) or
"test" (the half the README reports). The edit vocabulary is wider than the
verifier's word lists on purpose, so the test half is not the rules' own echo.
Deterministic: the same corpora give the same file.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from paperchat.clean import clean_text  # noqa: E402
from paperchat.text import sentences  # noqa: E402

CORPORA = [ROOT.parent / "shared" / "corpora" / n for n in ("iclr2026.jsonl.gz", "icml2026.jsonl.gz")]
PER_KIND = 60

NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(\s*(?:%|×|x\b|times\b|-fold\b))")
NEGATE_ADD = re.compile(r"\b(is|are|can|does|do|will|was|were|could|should)\b(?! not)")
NEGATE_DROP = [(r"\bdoes not (\w+)", r"\1s"), (r"\bdo not (\w+)", r"\1"), (r"\bcannot\b", "can"),
               (r"\bwithout\b", "with"), (r"\b(is|are|was|were|can) not\b", r"\1"), (r"\bfails to\b", "manages to")]
SWAPS = [("improves", "degrades"), ("improve", "degrade"), ("increases", "decreases"), ("increase", "decrease"),
         ("reduces", "increases"), ("reduce", "increase"), ("faster", "slower"), ("higher", "lower"),
         ("lower", "higher"), ("outperforms", "underperforms"), ("better", "worse"), ("enhances", "diminishes"),
         ("surpasses", "trails"), ("accelerates", "slows down"), ("boosts", "lowers"), ("larger", "smaller"),
         ("smaller", "larger"), ("more efficient", "less efficient"), ("stronger", "weaker"), ("fewer", "more")]
REWORD = [(r"^We (propose|introduce|present|show|find|demonstrate)", r"The authors \1"),
          (r"\bwe\b", "the authors"), (r"\bour\b", "their"), (r"^In this (paper|work), ", ""),
          (r"\bsignificantly\b", "substantially"), (r"\bdemonstrate\b", "show"), (r"\butilize\b", "use"),
          (r"\bnovel\b", "new"), (r"^Furthermore, ", ""), (r"^Moreover, ", ""), (r"\bAdditionally, ", ""),
          (r"\bvarious\b", "several"), (r"\bcrucial\b", "important"), (r"\bleverages\b", "uses")]


def papers() -> list[dict[str, str]]:
    out = []
    for path in CORPORA:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                out.append({"id": r["id"], "title": clean_text(r["title"]), "abstract": clean_text(r["abstract"])})
    return out


def alter_number(s: str, rng: random.Random) -> str | None:
    m = NUMBER.search(s)
    if not m:
        return None
    raw = m.group(1)
    value = float(raw)
    new = rng.choice([value * 10, value + 1 + int(value), value / 2 if value >= 4 else value * 3])
    text = f"{new:.{len(raw.split('.')[1])}f}" if "." in raw else str(int(round(new)))
    return None if text == raw else s[:m.start(1)] + text + s[m.end(1):]


def alter_negation(s: str, rng: random.Random) -> str | None:
    for pattern, repl in NEGATE_DROP:
        if re.search(pattern, s):
            return re.sub(pattern, repl, s, count=1)
    m = NEGATE_ADD.search(s)
    return s[:m.end()] + " not" + s[m.end():] if m else None


def alter_direction(s: str, rng: random.Random) -> str | None:
    for a, b in SWAPS:
        if re.search(rf"\b{a}\b", s):
            return re.sub(rf"\b{a}\b", b, s, count=1)
    return None


def reword(s: str, rng: random.Random) -> str | None:
    out = s
    for pattern, repl in REWORD:
        out = re.sub(pattern, repl, out, count=1)
    return out[0].upper() + out[1:] if out != s else None


# Credit claims: "The paper introduces X." X has the shape of a method's name (inner capitals or
# digits); "credit-own" when the abstract introduces it ("we propose X"), "credit-borrowed" when the
# abstract names it only before its own contribution begins (the sentences before the first "we" /
# "this paper"), never in the title: the background's "recent methods such as GRPO".
NAMED = re.compile(r"(?<![\w-])[A-Za-z][\w]*(?:[a-z][A-Z]|[A-Z]{2}|[A-Za-z]\d)[\w]*(?:-[A-Z0-9][\w]*)*(?![\w-])")
OWN_INTRO = re.compile(r"\bwe (?:propose|introduce|present|develop)\w*\b")
CONTRIBUTION = re.compile(r"\b(?:we|our|this (?:paper|work|study))\b", re.I)
VERBS = ("introduces", "proposes", "presents")


def credit(paper: dict[str, str], rng: random.Random, common: set[str]) -> tuple[str, str, str] | None:
    """(kind, claim, source sentence) for one paper, or None. `common`: names too widely used to
    be anyone's method (LLMs, VLMs), left out of the borrowed ones."""
    sents = sentences(paper["abstract"])
    first = next((i for i, s in enumerate(sents) if CONTRIBUTION.search(s)), None)
    if first is None:
        return None
    title = paper["title"].lower()
    early = {n: s for s in sents[:first] for n in NAMED.findall(s)}
    own = []
    for s in sents:  # the name the verb introduces: the first within its next eight words, new there
        m = OWN_INTRO.search(s)
        named = NAMED.findall(" ".join(s[m.end():].split()[:8])) if m else []
        own += [(named[0], s)] if named and named[0] not in early else []
    later = {n for s in sents[first:] for n in NAMED.findall(s)}
    borrowed = [(n, s) for n, s in early.items()
                if n not in later and n not in common and n.lower() not in title and len(n) >= 3]
    kind, picks = ("credit-own", own) if own and rng.random() < 0.5 else ("credit-borrowed", borrowed)
    if not picks:
        kind, picks = ("credit-borrowed", borrowed) if kind == "credit-own" else ("credit-own", own)
    if not picks:
        return None
    name, source = rng.choice(picks)
    return kind, f"The paper {rng.choice(VERBS)} {name}.", source


# Measure claims: a figure of the abstract said of another kind of measure ("reduces decode latency by 17×" ->
# "reduces decode memory footprint by 17×"): false where the abstract gives that figure once. The words swapped in
# are wider than the verifier's kinds on purpose ("inference time", "wall time" are none of its words).
MEASURE = re.compile(r"\b(latency|memory|throughput|accuracy|perplexity|FLOPs|speedup|parameters|energy|"
                     r"inference time|training time|runtime|storage)\b")
MEASURE_SWAPS = {"latency": "memory footprint", "memory": "inference time", "throughput": "accuracy",
                 "accuracy": "throughput", "perplexity": "latency", "FLOPs": "GPU memory", "speedup": "memory saving",
                 "parameters": "wall time", "energy": "accuracy", "inference time": "memory usage",
                 "training time": "accuracy", "runtime": "storage", "storage": "runtime"}


def alter_measure(s: str, abstract: str) -> str | None:
    """`s` with the measure beside its figure (within six words) swapped for another kind, when the abstract
    gives that figure once and `s` names no measure of the new kind; else None."""
    figure = NUMBER.search(s)
    if not figure or abstract.count(figure.group(0)) != 1:
        return None
    for m in MEASURE.finditer(s):
        between = s[min(m.end(), figure.end()):max(m.start(), figure.start())]
        new = MEASURE_SWAPS[m.group(1)]
        if len(between.split()) <= 6 and not re.search(rf"\b{new.split()[-1]}\b", s, re.I):
            return s[:m.start()] + new + s[m.end():]
    return None


def main() -> int:
    rng = random.Random(2026)
    pool = papers()
    rng.shuffle(pool)
    made: dict[str, list[dict]] = {k: [] for k in ("verbatim", "reworded", "number", "negation", "direction")}
    makers = {"reworded": reword, "number": alter_number, "negation": alter_negation, "direction": alter_direction}
    for paper in pool:
        if all(len(v) >= PER_KIND for v in made.values()):
            break
        sents = [s for s in sentences(paper["abstract"]) if 10 <= len(s.split()) <= 45]
        rng.shuffle(sents)
        for kind in made:  # one claim per paper: the kinds spread over many abstracts
            if len(made[kind]) >= PER_KIND:
                continue
            for s in sents:
                claim = s if kind == "verbatim" else makers[kind](s, rng)
                if claim:
                    made[kind].append({"claim": claim, "source_sentence": s, **paper})
                    break
            else:
                continue
            break
    credit_rng = random.Random(2027)  # a pass of its own: the five kinds above stay as they were
    for kind in ("credit-own", "credit-borrowed"):
        made[kind] = []
    df = Counter(n for paper in pool for n in set(NAMED.findall(paper["abstract"])))
    common = {n for n, k in df.items() if k > 30}
    for paper in pool:
        if len(made["credit-own"]) >= PER_KIND and len(made["credit-borrowed"]) >= PER_KIND:
            break
        got = credit(paper, credit_rng, common)
        if got and len(made[got[0]]) < PER_KIND:
            made[got[0]].append({"claim": got[1], "source_sentence": got[2], **paper})
    made["measure"] = []  # a pass of its own, after the others: they stay as they were
    for paper in pool:
        if len(made["measure"]) >= PER_KIND:
            break
        for s in sentences(paper["abstract"]):
            claim = alter_measure(s, paper["abstract"]) if 10 <= len(s.split()) <= 45 else None
            if claim:
                made["measure"].append({"claim": claim, "source_sentence": s, **paper})
                break
    out = ROOT / "eval" / "claims.jsonl"
    with out.open("w", encoding="utf-8") as f:
        for kind, rows in made.items():
            for i, row in enumerate(rows):
                split = "tune" if int(hashlib.md5(row["claim"].encode()).hexdigest(), 16) % 2 else "test"
                f.write(json.dumps({
                    "id": f"{kind}-{i:02d}", "kind": kind, "split": split,
                    "expected": "supported" if kind in ("verbatim", "reworded", "credit-own") else "unsupported",
                    "claim": row["claim"], "source_sentence": row["source_sentence"], "paper_id": row["id"],
                    "title": row["title"], "abstract": row["abstract"]}, ensure_ascii=False) + "\n")
    print(f"{out}: " + ", ".join(f"{len(v)} {k}" for k, v in made.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
