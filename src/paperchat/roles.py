"""Sentence roles: background | objective | method | result | other, for every abstract sentence.

The classifier is small and ships in the repository (`roles.npz`, rebuilt by
`make roles` from CSAbstruct: scripts/train_roles.py). Per sentence: tf-idf
of its words and word pairs, the same for its neighbours (half weight), its
relative position and cue flags ("we propose", "results show", a number,
"however" …) -> a multinomial logistic regression; then a Viterbi pass with
label-transition scores, because roles follow an order (background before
objective before method before result) that one sentence alone does not show.
`probabilities` gives, under the same scores, each sentence's probability of
each role (forward-backward): the table picks its cells by it (table.py).

Why no embeddings: with cross-validation on CSAbstruct, adding the frozen
MiniLM vectors of the sentence and its neighbours did not beat words + position
(0.673 vs 0.675 before the Viterbi pass), and without them roles cost nothing
at ingest (no second embedding pass). Fine-tuning MiniLM measures better
(0.78-0.80 reported) but takes tens of minutes per epoch on these 2 cores and
would ship 90 MB instead of this head; the README states the gap. Pure numpy
and scipy at run time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from scipy.special import logsumexp

LABELS = ("background", "objective", "method", "result", "other")
HEAD = Path(__file__).with_name("roles.npz")
NEIGHBOUR_WEIGHT = 0.5
POSITION_WEIGHT = 3.0

_TOKEN = re.compile(r"(?u)\b\w\w+\b")  # scikit-learn's default, so training and use agree
_CUES = [re.compile(p, re.I) for p in (
    r"\b(?:we|this (?:paper|work|study))\s+(?:propose|present|introduce|develop|describe)",
    r"\b(?:in this (?:paper|work|study)|here,? we|our (?:goal|aim|objective)|we aim|we seek|we investigate|we study|we explore|we ask)\b",
    r"\b(?:results?|experiments?|evaluations?|empirical(?:ly)?|we (?:show|find|found|demonstrate|observe))\b",
    r"\b(?:outperform|achiev|improv|surpass|state-of-the-art|significant|better|faster|reduc|gain)",
    r"\d",
    r"%|×|\bx\d|\d+x\b",
    r"\b(?:however|but|although|despite|yet|unfortunately|remain|challeng|limit|lack|suffer)",
    r"\b(?:we (?:use|apply|train|design|build|adopt|leverage|employ|formulate|derive|model)|our (?:method|approach|model|framework|algorithm))",
    r"\b(?:recent|increasingly|widely|popular|has been|have been|is a|are a)\b",
    r"\b(?:code|github|available at|https?://|dataset is|data is|released)\b",
    r"\b(?:to this end|to address|to tackle|to overcome|in order to)\b",
    r"\b(?:furthermore|moreover|additionally|also|finally|overall|in summary|together)\b",
)]


def terms(sentence: str) -> list[str]:
    """Lower-cased words and adjacent word pairs, as the tf-idf vocabulary holds them."""
    words = _TOKEN.findall(sentence.lower())
    return words + [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)]


def dense_features(sentences: Sequence[str]) -> np.ndarray:
    """Relative position (weighted) and cue flags, one row per sentence of one abstract."""
    n = len(sentences)
    pos = [[i / max(n - 1, 1), float(i == 0), float(i == n - 1), min(n, 15) / 15] for i in range(n)]
    cues = [[float(bool(c.search(s))) for c in _CUES] for s in sentences]
    return np.hstack([POSITION_WEIGHT * np.array(pos, dtype=np.float32).reshape(n, 4),
                      np.array(cues, dtype=np.float32).reshape(n, len(_CUES))])


def tfidf(sentences: Sequence[str], vocab: dict[str, int], idf: np.ndarray) -> sp.csr_matrix:
    """Sublinear tf x idf, rows normalised to unit length (scikit-learn's TfidfVectorizer)."""
    rows, cols, vals = [], [], []
    for r, sentence in enumerate(sentences):
        counts: dict[int, int] = {}
        for t in terms(sentence):
            if t in vocab:
                counts[vocab[t]] = counts.get(vocab[t], 0) + 1
        weights = {c: (1 + np.log(k)) * idf[c] for c, k in counts.items()}
        norm = float(np.sqrt(sum(w * w for w in weights.values()))) or 1.0
        for c, w in weights.items():
            rows.append(r)
            cols.append(c)
            vals.append(w / norm)
    return sp.csr_matrix((vals, (rows, cols)), shape=(len(sentences), len(vocab)), dtype=np.float32)


def features(sentences: Sequence[str], vocab: dict[str, int], idf: np.ndarray) -> sp.csr_matrix:
    """[tf-idf of the sentence | of the one before | of the one after | position and cues]."""
    own = tfidf(sentences, vocab, idf)
    n, width = own.shape
    zero = sp.csr_matrix((1, width), dtype=np.float32)
    before = sp.vstack([zero, own[:-1]]) if n > 1 else sp.csr_matrix((n, width), dtype=np.float32)
    after = sp.vstack([own[1:], zero]) if n > 1 else sp.csr_matrix((n, width), dtype=np.float32)
    return sp.hstack([own, NEIGHBOUR_WEIGHT * before, NEIGHBOUR_WEIGHT * after,
                      sp.csr_matrix(dense_features(sentences))]).tocsr()


def viterbi(log_probs: np.ndarray, transitions: np.ndarray, start: np.ndarray, weight: float) -> list[int]:
    """The best label sequence under per-sentence log-probabilities plus weighted transition scores."""
    n, k = log_probs.shape
    if n == 0:
        return []
    score = log_probs[0] + weight * start
    back = np.zeros((n, k), dtype=np.int64)
    for i in range(1, n):
        total = score[:, None] + weight * transitions + log_probs[i][None, :]
        back[i] = total.argmax(axis=0)
        score = total.max(axis=0)
    path = [int(score.argmax())]
    for i in range(n - 1, 0, -1):
        path.append(int(back[i][path[-1]]))
    return path[::-1]


def log_softmax(logits: np.ndarray) -> np.ndarray:
    logits = logits - logits.max(axis=1, keepdims=True)
    return logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))


def marginals(log_probs: np.ndarray, transitions: np.ndarray, start: np.ndarray, weight: float) -> np.ndarray:
    """P(role of sentence i = k | the whole abstract) under the same scores as `viterbi`
    (forward-backward): how sure the head is of each sentence's role, in its context."""
    n, k = log_probs.shape
    if n == 0:
        return np.zeros((0, k))
    trans = weight * transitions
    fwd = np.zeros((n, k))
    back = np.zeros((n, k))
    fwd[0] = log_probs[0] + weight * start
    for i in range(1, n):
        fwd[i] = logsumexp(fwd[i - 1][:, None] + trans, axis=0) + log_probs[i]
    for i in range(n - 2, -1, -1):
        back[i] = logsumexp(trans + (log_probs[i + 1] + back[i + 1])[None, :], axis=1)
    return np.exp(log_softmax(fwd + back))


class RoleClassifier:
    """The shipped head: vocabulary, idf, logistic-regression weights, transitions."""

    def __init__(self, path: Path = HEAD) -> None:
        data = np.load(path, allow_pickle=False)
        self.vocab = {t: i for i, t in enumerate(data["vocab"].tolist())}
        self.idf, self.coef, self.bias = data["idf"], data["coef"], data["bias"]
        self.transitions, self.start = data["transitions"], data["start"]
        self.weight = float(data["weight"])

    def _log_probs(self, sentences: Sequence[str]) -> np.ndarray:
        return log_softmax(np.asarray(features(sentences, self.vocab, self.idf) @ self.coef.T) + self.bias)

    def label(self, sentences: Sequence[str]) -> list[str]:
        """A role for each sentence of one abstract, in order."""
        if not sentences:
            return []
        return [LABELS[i] for i in viterbi(self._log_probs(sentences), self.transitions, self.start, self.weight)]

    def probabilities(self, sentences: Sequence[str]) -> np.ndarray:
        """Each sentence's probability of each role (columns in LABELS' order), in context."""
        if not sentences:
            return np.zeros((0, len(LABELS)))
        return marginals(self._log_probs(sentences), self.transitions, self.start, self.weight)


@lru_cache(maxsize=1)
def classifier() -> RoleClassifier:
    return RoleClassifier()


def label(sentences: Sequence[str]) -> list[str]:
    """Roles for the sentences of one abstract (the shipped classifier, loaded once)."""
    return classifier().label(sentences)


def probabilities(sentences: Sequence[str]) -> np.ndarray:
    """Role probabilities for the sentences of one abstract (the shipped classifier)."""
    return classifier().probabilities(sentences)
