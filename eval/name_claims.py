"""A paper's short name with a description of another field: is the claim withheld?

    python eval/name_claims.py          # ~1 min: 300 ICLR 2026 papers from ../shared/corpora

"GenCape is a language model for machine translation [1]" was kept against GenCape's
abstract: the name alone is close to the abstract's "we propose GenCape". For 300 papers of
the real ICLR 2026 corpus whose title leads with a short name ("Hubble: a Model Suite …"),
the name is put before one of ten descriptions whose key word the paper's title and abstract
lack, and the claim is judged by the answer verifier against that paper alone. Every such
claim is false, so the figure is the share withheld. Faithful claims are measured by
`paperchat eval --claims`, eval/marker_claims.py and eval/attribution_claims.py.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from paperchat.config import Settings  # noqa: E402
from paperchat.engine import Engine  # noqa: E402
from paperchat.schema import Paper  # noqa: E402
from paperchat.text import title_lead  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpora" / "iclr2026.jsonl.gz"
PAPERS = 300
# a description, and the word whose presence in the paper would make it possibly true
OFF_TOPIC = [
    ("is a language model for machine translation", "translat"), ("is a benchmark for autonomous driving", "driving"),
    ("improves the sampling speed of diffusion models", "diffusion"), ("is a method for speech recognition", "speech"),
    ("is a dataset of medical images", "medical"), ("trains robots with reinforcement learning", "robot"),
    ("detects anomalies in time series", "anomal"), ("compresses large language models by quantization", "quantiz"),
    ("generates 3D scenes from text", "3d"), ("solves partial differential equations with neural operators", "differential"),
]


def main() -> int:
    if not CORPUS.is_file():
        print(f"{CORPUS}: not found; this check reads the real ICLR 2026 corpus from ../shared/corpora",
              file=sys.stderr)
        return 2
    with gzip.open(CORPUS, "rt", encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines]
    rng = random.Random(5)
    rng.shuffle(rows)
    engine = Engine.open(Settings.load(), model=False)
    judged, kept = 0, []
    for r in rows:
        title, abstract = r.get("title", ""), r.get("abstract", "")
        lead = title_lead(title)
        if lead == title or len(lead.split()) > 2 or lead.lower() not in abstract.lower():
            continue
        options = [said for said, word in OFF_TOPIC if word not in f"{title} {abstract}".lower()]
        claim = f"{lead} {rng.choice(options)} [1]."
        paper = Paper(r["id"], title, abstract, "ICLR", 2026)
        if all(checked.text is not None for _, checked in engine.check(claim, {1: paper})):
            kept.append(claim)
        judged += 1
        if judged == PAPERS:
            break
    print("| claims (name + another field) | withheld |\n|---|---|")
    print(f"| {judged} | {1 - len(kept) / judged:.3f} |")
    for claim in kept:
        print(f"kept: {claim}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
