"""Does each table cell hold a sentence of its column's role? Measured on CSAbstruct's gold roles.

    python eval/table_cells.py        # ~4 min on 2 cores: refits the role head per fold

Role accuracy (0.675, `make roles`) is per sentence; what a person reads is the one sentence
the table picks per column, and it can be right far more often than the average sentence is
labelled right when the head is sure of it. For every CSAbstruct abstract (train + dev; the
test split is held back) the role head is fitted on the other four folds (the folds of
scripts/train_roles.py), and table.py picks each column's sentence from that head's output,
in two ways:

- "labels": by each sentence's likeliest label (the Viterbi path) alone, as before
  (one-hot probabilities through the same `pick`, which then reproduces the old rule);
- "probabilities": by the probability the head gives the column's roles in context.

Two modes, as in the product: without a question (`paperchat compare`: fit and position),
and with one. CSAbstruct has no questions, so the question is stood in for by the mean of
the abstract's own MiniLM sentence vectors: a question on the paper's topic, as comparative
questions are. Per column: precision (cells whose gold role is one of the column's: Problem
objective/background, Approach method, Result result), recall (abstracts with a gold sentence
of the column's roles that get a right cell), and "—" shown where the abstract has one.
The thresholds in table.py were chosen on the even-numbered abstracts ("tune"); the
odd-numbered ones ("test") are reported in the README.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

from train_roles import FOLDS, fit, load  # noqa: E402

from paperchat import table as T  # noqa: E402
from paperchat.config import Settings  # noqa: E402
from paperchat.embedder import load_embedder  # noqa: E402
from paperchat.roles import LABELS, features, log_softmax, marginals, viterbi  # noqa: E402

C = 2.0  # the regularisation `make roles` chose by cross-validation (its table in the README)


def held_out(rows: list[dict], weight: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """(one-hot Viterbi labels, role probabilities) of every abstract, from the head not fitted on it."""
    fold_of = np.arange(len(rows)) % FOLDS
    np.random.default_rng(0).shuffle(fold_of)
    out: list[tuple[np.ndarray, np.ndarray]] = [(np.zeros(0), np.zeros(0))] * len(rows)
    eye = np.eye(len(LABELS))
    for fold in range(FOLDS):
        head = fit([r for r, f in zip(rows, fold_of, strict=True) if f != fold], C)
        for j in np.flatnonzero(fold_of == fold):
            x = features(rows[j]["sentences"], head["_vocab"], head["idf"])
            lp = log_softmax(np.asarray(x @ head["coef"].T) + head["bias"])
            out[j] = (eye[viterbi(lp, head["transitions"], head["start"], weight)],
                      marginals(lp, head["transitions"], head["start"], weight))
        print(f"fold {fold + 1}/{FOLDS}", file=sys.stderr, flush=True)
    return out


def score(rows: list[dict], picked: list[dict[str, int | None]], idx: list[int]) -> dict[str, tuple[float, ...]]:
    out = {}
    for column, wanted in T.COLUMNS.items():
        want = {LABELS.index(r) for r in wanted}
        filled = right = has = dash = 0
        for j in idx:
            gold = [LABELS.index(x) for x in rows[j]["labels"]]
            i = picked[j][column]
            exists = any(g in want for g in gold)
            has += exists
            dash += exists and i is None
            if i is not None:
                filled += 1
                right += gold[i] in want
        out[column] = (right / max(filled, 1), right / max(has, 1), dash / max(has, 1))
    return out


def main() -> int:
    rows = load()
    settings = Settings.load()
    weight = float(np.load(ROOT / "src" / "paperchat" / "roles.npz")["weight"])
    roles = held_out(rows, weight)
    embed = load_embedder(settings.embedder, settings.models_dir)
    flat = np.asarray(embed.get_text_embedding_batch([s for r in rows for s in r["sentences"]]), dtype=np.float32)
    starts = np.cumsum([0] + [len(r["sentences"]) for r in rows])
    halves = {"tune": list(range(0, len(rows), 2)), "test": list(range(1, len(rows), 2))}
    print("| mode | cells by | half | " + " | ".join(f"{c} precision / recall / — where one exists"
                                                   for c in T.COLUMNS) + " |")
    print("|---|---|---|" + "---|" * len(T.COLUMNS))
    for mode in ("no question", "question"):
        for way, k in (("labels", 0), ("probabilities", 1)):
            picked = []
            for j, r in enumerate(rows):
                vecs = flat[starts[j]:starts[j + 1]]
                question = vecs.mean(axis=0) / np.linalg.norm(vecs.mean(axis=0))
                sims = vecs @ question if mode == "question" else None
                used: set[int] = set()
                cells: dict[str, int | None] = {}
                for column in T.COLUMNS:
                    got = T.pick(column, roles[j][k], sims, r["sentences"], used)
                    cells[column] = None if got is None else got[0]
                    if got is not None:
                        used.add(got[0])
                picked.append(cells)
            for half, idx in halves.items():
                got = score(rows, picked, idx)
                print(f"| {mode} | {way} | {half} ({len(idx)}) | "
                      + " | ".join(" / ".join(f"{x:.3f}" for x in got[c]) for c in T.COLUMNS) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
