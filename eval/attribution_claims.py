"""Judge eval/attribution.jsonl with the answer verifier: is each paper's claim kept on its own
paper and withheld when the two are swapped?

    python eval/attribution_claims.py                 # per split, at the configured margin
    python eval/attribution_claims.py --sweep         # tune split over margins (how it was chosen)

Both papers are shown as [1] and [2]; the verifier's naming step puts their titles in for the
markers, so each clause has its paper as subject. Four forms: markers as subjects, names before
markers, names as subjects with the markers at the sentence's end ("X …, while Y … [1][2]"), and
names as subjects with no marker (the verifier then finds the papers that back each clause). Faithful sentences should be kept, swapped
ones withheld. The margin (`answer.attribution_margin`) was chosen on the tune split.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from paperchat.config import Settings  # noqa: E402
from paperchat.engine import Engine  # noqa: E402
from paperchat.schema import Paper  # noqa: E402

MARGINS = (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 2.0)  # 2.0: the check off (cosines differ by at most 2)


def judged(engine: Engine, splits: tuple[str, ...], named: bool | str = False) -> dict[tuple[str, str], list[float]]:
    """(split, kind) -> 1.0 for each sentence judged as expected (faithful kept, swapped withheld)."""
    tally: dict[tuple[str, str], list[float]] = defaultdict(list)
    for line in (ROOT / "eval" / "attribution.jsonl").read_text(encoding="utf-8").splitlines():
        c = json.loads(line)
        if c["split"] not in splits:
            continue
        shown = {n: Paper(p["id"], p["title"], p["abstract"], "", 0) for n, p in enumerate(c["papers"], 1)}
        sentence = c["sentence"]
        if named in ("end", "none"):  # names as subjects, markers at the end ("PEARL …, while ASSD … [1][2]") or none
            for n, p in shown.items():
                sentence = sentence.replace(f"[{n}]", p.name, 1)
            sentence = sentence.rstrip(".") + (" " + "".join(f"[{n}]" for n in shown) if named == "end" else "") + "."
        elif named:  # as the model often writes it: the name before the marker ("PEARL [1] …, while ASSD [2] …")
            for n, p in shown.items():
                sentence = sentence.replace(f"[{n}]", f"{p.name} [{n}]", 1)
        kept = all(checked.text is not None for _, checked in engine.check(sentence, shown, uncited=named == "none"))
        tally[(c["split"], c["kind"])].append(float(kept == (c["expected"] == "supported")))
    return tally


def rate(values: list[float]) -> str:
    return f"{sum(values) / len(values):.3f}" if values else "–"


def main() -> int:
    engine = Engine.open(Settings.load(), model=False)
    if "--sweep" in sys.argv:
        print("| margin | tune: faithful kept | tune: swapped withheld |\n|---|---|---|")
        for margin in MARGINS:
            engine._verifier.attribution_margin = margin
            tally = judged(engine, ("tune",))
            print(f"| {margin} | {rate(tally[('tune', 'faithful')])} | {rate(tally[('tune', 'swapped')])} |")
        return 0
    print("| split | n | form | faithful kept | swapped withheld |\n|---|---|---|---|---|")
    forms = {False: "[n] as subject", True: "name [n]", "end": "names as subjects, [1][2] at the end",
             "none": "names as subjects, no marker"}
    for named, form in forms.items():
        tally = judged(engine, ("tune", "test"), named)
        for split in ("tune", "test"):
            n = len(tally[(split, "faithful")]) + len(tally[(split, "swapped")])
            print(f"| {split} | {n} | {form} | {rate(tally[(split, 'faithful')])} | {rate(tally[(split, 'swapped')])} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
