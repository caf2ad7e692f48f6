"""Build eval/attribution.jsonl: two papers on one topic in one sentence, as the model writes it.

    python eval/make_attribution.py       # reads ../shared/corpora, writes eval/attribution.jsonl

Pairs of real ICLR 2026 / ICML 2026 abstracts on one topic (titles at MiniLM cosine >= 0.6,
rounded to two places, and at least 4 specific terms shared: words in at most 120 of the ~10,000
abstracts) are each one sentence: "[1] proposes A …,
while [2] introduces B …", where each clause is the first 16 words of the paper's own
contribution sentence ("We propose …", "In this paper, we show …") in the third person, taken
only from a sentence with no method name in it (no "PARD", "GPT-4"): a name the other abstract
lacks already withholds a swapped clause, so these are decided by topic alone.
"faithful": each clause with its own paper; "swapped": the two clauses exchanged, so each paper
is credited with the other's contribution. Judged by the answer verifier with both papers shown
as [1] and [2], in that order: faithful should be kept, swapped withheld. Because the papers are
neighbours, a swapped clause is usually on the topic of its wrong paper too: that is the case the
verifier's attribution check (cite.py) is for. Split by pair: "tune" (the half its margin was
chosen on) and "test" (the half the README reports). Deterministic: the same corpora give the
same file (title cosines are rounded, so CPU kernels do not change the pairs).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import sys
from pathlib import Path

import numpy as np
from scipy import sparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "eval"))

from make_claims import papers  # noqa: E402

from paperchat.config import Settings  # noqa: E402
from paperchat.embedder import load_embedder  # noqa: E402
from paperchat.text import STOPWORDS, sentences, tokenize  # noqa: E402

SAMPLE = 10_000
PAIRS = 120
SPECIFIC_DF = 120  # a term in more abstracts than this (of ~10,000) is no sign of a shared topic
MIN_SHARED = 4
MIN_COSINE = 0.6  # MiniLM cosine of the two titles
CLAUSE_WORDS = 16
CONTRIBUTION = re.compile(r"^(?:In this (?:paper|work), |Here, |To (?:this end|address this)[^,]*, )?[Ww]e "
                          r"(propose|introduce|present|develop|design|show|find|demonstrate|prove|analyze|study)\b(.*)$")
# a method's name (inner capitals or digits: "PARD", "ConFu", "GPT-4"): the name rules would decide the swap
NAMED = re.compile(r"\b[A-Za-z]*(?:[a-z][A-Z]|[A-Z]{2}|\d)[\w-]*|\b[A-Z]\w*-\w+(?:-\w+)*|^\s*(?:the\s+)?[A-Z]")


def clause(abstract: str) -> str | None:
    """The paper's contribution in the third person, cut to CLAUSE_WORDS words: "proposes …"."""
    for s in sentences(abstract):
        m = CONTRIBUTION.match(s.strip())
        if m and not NAMED.search(m.group(2)):
            verb = m.group(1)[:-1] + "ies" if m.group(1).endswith("y") else m.group(1) + "s"
            words = f"{verb}{m.group(2)}".rstrip(".").split()
            if len(words) >= 8:
                words = words[:CLAUSE_WORDS]
                while words[-1].lower().strip(",;:") in STOPWORDS | {"that", "which", "via", "using"}:
                    words.pop()  # "… via tensor products and" ends on its last content word
                return " ".join(words).rstrip(",;:")
    return None


def main() -> int:
    rng = random.Random(2028)
    pool = papers()
    rng.shuffle(pool)
    pool = [p for p in pool if clause(p["abstract"])][:SAMPLE]
    terms = [{t for t in tokenize(p["abstract"]) if len(t) > 3 and t not in STOPWORDS} for p in pool]
    vocab = {t: i for i, t in enumerate(sorted(set().union(*terms)))}
    rows = [i for i, ts in enumerate(terms) for _ in ts]
    cols = [vocab[t] for ts in terms for t in sorted(ts)]
    m = sparse.csr_matrix((np.ones(len(cols), dtype=np.int32), (rows, cols)), shape=(len(pool), len(vocab)))
    df = np.asarray(m.sum(axis=0)).ravel()
    m = m[:, np.flatnonzero((df >= 2) & (df <= SPECIFIC_DF))]
    shared = (m @ m.T).tocsr()
    shared.setdiag(0)
    shared.eliminate_zeros()
    settings = Settings.load()
    embedder = load_embedder(settings.embedder, settings.models_dir)
    vectors = np.asarray(embedder.get_text_embedding_batch([p["title"] for p in pool]), dtype=np.float32)
    used: set[int] = set()
    out = ROOT / "eval" / "attribution.jsonl"
    made = 0
    with out.open("w", encoding="utf-8") as f:
        for i in range(len(pool)):
            if made >= PAIRS or i in used:
                continue
            row = shared.getrow(i)
            free = sorted((-round(float(vectors[i] @ vectors[j]), 2), int(j))  # closest title; rounded: the
                          for j, v in zip(row.indices, row.data, strict=True)  # same pairs on any CPU's kernels
                          if j not in used and v >= MIN_SHARED)
            if not free or -free[0][0] < MIN_COSINE:
                continue
            j = free[0][1]
            used |= {i, j}
            a, b = pool[i], pool[j]
            ca, cb = clause(a["abstract"]), clause(b["abstract"])
            pair = f"{a['id']}|{b['id']}"
            split = "tune" if int(hashlib.md5(pair.encode()).hexdigest(), 16) % 2 else "test"
            for kind, first, second in (("faithful", ca, cb), ("swapped", cb, ca)):
                f.write(json.dumps({
                    "id": f"{kind}-{made:03d}", "kind": kind, "split": split,
                    "expected": "supported" if kind == "faithful" else "unsupported",
                    "sentence": f"[1] {first}, while [2] {second}.", "shared_terms": int(shared[i, j]),
                    "papers": [{k: p[k] for k in ("id", "title", "abstract")} for p in (a, b)]},
                    ensure_ascii=False) + "\n")
            made += 1
    print(f"{out}: {made} pairs, {2 * made} sentences")
    return 0


if __name__ == "__main__":
    sys.exit(main())
