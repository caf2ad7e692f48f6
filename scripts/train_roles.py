"""Train the sentence-role head on CSAbstruct (train + dev) and write src/paperchat/roles.npz.

    python scripts/train_roles.py            # make roles: 5-fold CV report, then the final fit

Folds split by abstract; the CSAbstruct test split is held back, so the only
choices made here (the regularisation C and the weight of the transition
scores in the Viterbi pass) are made by cross-validation. Prints accuracy and
per-label F1 over the 5 folds, then fits on all 1,963 abstracts and saves the
head (vocabulary, idf, weights, transitions). Deterministic.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
import scipy.sparse as sp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from paperchat.roles import HEAD, LABELS, features, log_softmax, terms, viterbi  # noqa: E402

DATA = ROOT.parent / "shared" / "datasets" / "csabstruct"
FOLDS = 5
MIN_DF = 2


def load() -> list[dict]:
    rows = []
    for name in ("train.jsonl", "dev.jsonl"):
        rows += [json.loads(line) for line in (DATA / name).read_text().splitlines() if line.strip()]
    return rows


def vocabulary(sentences: list[str]) -> tuple[dict[str, int], np.ndarray]:
    """Terms in at least MIN_DF sentences, with scikit-learn's smoothed idf."""
    df = Counter(t for s in sentences for t in set(terms(s)))
    vocab = {t: i for i, t in enumerate(sorted(t for t, k in df.items() if k >= MIN_DF))}
    idf = np.array([np.log((1 + len(sentences)) / (1 + df[t])) + 1 for t in vocab], dtype=np.float32)
    return vocab, idf


def transition_scores(label_seqs: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    k = len(LABELS)
    trans, start = np.ones((k, k)), np.ones(k)  # add-one smoothing
    for seq in label_seqs:
        start[seq[0]] += 1
        for a, b in zip(seq, seq[1:], strict=False):
            trans[a, b] += 1
    return np.log(trans / trans.sum(axis=1, keepdims=True)), np.log(start / start.sum())


def fit(rows: list[dict], c: float) -> dict[str, np.ndarray]:
    from sklearn.linear_model import LogisticRegression

    vocab, idf = vocabulary([s for r in rows for s in r["sentences"]])
    x = sp.vstack([features(r["sentences"], vocab, idf) for r in rows]).tocsr()
    y = np.array([LABELS.index(label) for r in rows for label in r["labels"]])
    model = LogisticRegression(C=c, max_iter=3000).fit(x, y)
    trans, start = transition_scores([[LABELS.index(label) for label in r["labels"]] for r in rows])
    return {"vocab": np.array(list(vocab)), "idf": idf, "coef": model.coef_.astype(np.float32),
            "bias": model.intercept_.astype(np.float32), "transitions": trans.astype(np.float32),
            "start": start.astype(np.float32), "_vocab": vocab}  # type: ignore[dict-item]


def predict(head: dict, rows: list[dict], weight: float) -> list[int]:
    out = []
    for r in rows:
        logits = np.asarray(features(r["sentences"], head["_vocab"], head["idf"]) @ head["coef"].T) + head["bias"]
        out += viterbi(log_softmax(logits), head["transitions"], head["start"], weight)
    return out


def main() -> int:
    started = time.perf_counter()
    rows = load()
    fold_of = np.arange(len(rows)) % FOLDS
    np.random.default_rng(0).shuffle(fold_of)
    grid_c, grid_w = (0.5, 1.0, 2.0), (0.0, 0.5, 1.0)
    truth: list[int] = []
    preds: dict[tuple[float, float], list[int]] = {(c, w): [] for c in grid_c for w in grid_w}
    for fold in range(FOLDS):
        train = [r for r, f in zip(rows, fold_of, strict=True) if f != fold]
        test = [r for r, f in zip(rows, fold_of, strict=True) if f == fold]
        truth += [LABELS.index(label) for r in test for label in r["labels"]]
        for c in grid_c:
            head = fit(train, c)
            for w in grid_w:
                preds[(c, w)] += predict(head, test, w)
        print(f"fold {fold + 1}/{FOLDS} ({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
    gold = np.array(truth)
    accuracy = {g: float((np.array(p) == gold).mean()) for g, p in preds.items()}
    best = max(accuracy, key=lambda g: accuracy[g])
    print("| C | transition weight | 5-fold accuracy |\n|---|---|---|")
    for (c, w), acc in sorted(accuracy.items()):
        print(f"| {c} | {w} | {acc:.3f} |")
    pred = np.array(preds[best])
    print(f"\nchosen C={best[0]}, transition weight={best[1]}: 5-fold accuracy {accuracy[best]:.3f}\n")
    print("| role | precision | recall | F1 | sentences |\n|---|---|---|---|---|")
    for k, name in enumerate(LABELS):
        tp = int(((pred == k) & (gold == k)).sum())
        prec, rec = tp / max(int((pred == k).sum()), 1), tp / max(int((gold == k).sum()), 1)
        print(f"| {name} | {prec:.3f} | {rec:.3f} | {2 * prec * rec / max(prec + rec, 1e-9):.3f} | {int((gold == k).sum())} |")
    head = fit(rows, best[0])
    head.pop("_vocab")
    np.savez_compressed(HEAD, **head, weight=np.float32(best[1]), cv_accuracy=np.float32(accuracy[best]))
    print(f"\nwrote {HEAD} ({HEAD.stat().st_size / 1e3:.0f} kB) in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
