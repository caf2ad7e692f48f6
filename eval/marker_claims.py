"""The adversarial claims of eval/claims.jsonl written the way the model writes: a marker as subject.

    python eval/marker_claims.py            # per split and kind, as `paperchat eval --claims` prints

"We propose X" becomes "[1] proposes X", any other claim "[1] shows that <claim>", judged
against its own abstract by the answer verifier (not `check`, which strips markers), so
the verifier's naming step puts the paper's title in for the marker. Faithful claims
should be kept, altered ones (number, negation, direction, a borrowed name, a swapped measure) withheld.
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from paperchat.config import Settings  # noqa: E402
from paperchat.engine import Engine  # noqa: E402
from paperchat.evaluate import CLAIM_KINDS  # noqa: E402
from paperchat.schema import Paper  # noqa: E402


def as_subject(claim: str) -> str:
    m = re.match(r"The paper (\w+)(.*)", claim)  # already in the third person
    if m:
        return f"[1] {m.group(1)}{m.group(2)}"
    m = re.match(r"We (\w+)(.*)", claim)
    if m:
        verb = m.group(1)
        verb = verb[:-1] + "ies" if verb.endswith("y") else verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")
        return f"[1] {verb}{m.group(2)}"
    return f"[1] shows that {claim[0].lower()}{claim[1:]}"


def judged(engine: Engine) -> dict[tuple[str, str], list[float]]:
    """(split, kind) -> 1.0 for each claim judged as expected (faithful kept, altered withheld)."""
    tally: dict[tuple[str, str], list[float]] = defaultdict(list)
    for line in (ROOT / "eval" / "claims.jsonl").read_text(encoding="utf-8").splitlines():
        c = json.loads(line)
        paper = Paper(c["paper_id"], c["title"], c["abstract"], "", 0)
        kept = all(checked.text is not None for _, checked in engine.check(as_subject(c["claim"]), {1: paper}))
        tally[(c["split"], c["kind"])].append(float(kept == (c["expected"] == "supported")))
    return tally


def main() -> int:
    tally = judged(Engine.open(Settings.load(), model=False))
    kinds = CLAIM_KINDS
    print("| split | n | verbatim kept | reworded kept | number withheld | negation withheld | direction withheld "
          "| own name introduced: kept | borrowed name introduced: withheld | measure swapped: withheld |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for split in ("tune", "test"):
        n = sum(len(tally[(split, k)]) for k in kinds)
        cells = " | ".join(f"{sum(tally[(split, k)]) / len(tally[(split, k)]):.3f}" for k in kinds)
        print(f"| {split} | {n} | {cells} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
