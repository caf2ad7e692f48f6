"""BM25 over whole papers (title + abstract), kept in step with the Chroma index.

Written here rather than taken from `llama-index-retrievers-bm25` because that
retriever's tokeniser cannot be changed, rebuilds from all nodes on every change,
and scores chunks: we want ML-aware tokens (GRPO, MaskGIT, "flow-matching" as
both one term and two), incremental updates, paper-level scores, and venue/year
masks applied before ranking. The index is a sparse term-frequency matrix, one
row per paper, saved as .npz + .json; BM25 weights are computed once on load.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from paperchat.text import TOKENS_VERSION, tokenize


def paper_text(title: str, abstract: str) -> str:
    """What BM25 indexes of a paper."""
    return f"{title}. {abstract}"


class KeywordIndex:
    """Paper-level BM25 with incremental updates."""

    def __init__(self, k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.ids: list[str] = []
        self.vocab: dict[str, int] = {}
        self.tf = sp.csr_matrix((0, 0), dtype=np.float32)
        self._weights: sp.csc_matrix | None = None
        self.tokens = TOKENS_VERSION  # the `tokenize` its terms came from
        self.reindexed = False  # rebuilt on load from an index saved with another `tokens`: not saved yet

    def __len__(self) -> int:
        return len(self.ids)

    def copy(self) -> KeywordIndex:
        """An independent copy: `update` on it leaves this one as it was."""
        other = KeywordIndex(self.k1, self.b)
        other.ids, other.vocab, other.tf = list(self.ids), dict(self.vocab), self.tf.copy()
        other.tokens = self.tokens
        return other

    def update(self, texts: dict[str, str], remove: frozenset[str] | set[str] = frozenset()) -> None:
        """Set the text of the papers in `texts` (new or changed) and drop `remove`."""
        drop = remove | set(texts)
        keep = [i for i, pid in enumerate(self.ids) if pid not in drop]
        rows, cols, vals = [], [], []
        for r, text in enumerate(texts.values()):
            for term, count in Counter(tokenize(text)).items():
                rows.append(r)
                cols.append(self.vocab.setdefault(term, len(self.vocab)))
                vals.append(count)
        new = sp.csr_matrix((vals, (rows, cols)), shape=(len(texts), len(self.vocab)), dtype=np.float32)
        old = self.tf[keep] if keep else sp.csr_matrix((0, self.tf.shape[1]), dtype=np.float32)
        old.resize((old.shape[0], len(self.vocab)))
        self.tf = sp.vstack([old, new], format="csr")
        self.ids = [self.ids[i] for i in keep] + list(texts)
        self._weights = None

    def _bm25(self) -> sp.csc_matrix:
        if self._weights is None:
            tf = self.tf.tocoo()
            n = max(self.tf.shape[0], 1)
            df = np.bincount(tf.col, minlength=self.tf.shape[1])
            idf = np.log(1 + (n - df + 0.5) / (df + 0.5)).astype(np.float32)
            length = np.asarray(self.tf.sum(axis=1)).ravel()
            norm = self.k1 * (1 - self.b + self.b * length / max(length.mean(), 1.0))
            data = tf.data * (self.k1 + 1) / (tf.data + norm[tf.row]) * idf[tf.col]
            self._weights = sp.csc_matrix((data, (tf.row, tf.col)), shape=self.tf.shape)
        return self._weights

    def idf(self) -> dict[str, float]:
        """Inverse document frequency of every term (rarer terms weigh more)."""
        df = np.bincount(self.tf.tocoo().col, minlength=self.tf.shape[1])
        n = max(self.tf.shape[0], 1)
        values = np.log(1 + (n - df + 0.5) / (df + 0.5))
        return dict(zip(self.vocab, values.tolist(), strict=True))

    def search(self, query: str, top: int, mask: np.ndarray | None = None) -> list[tuple[str, float]]:
        """(paper_id, score) best first; `mask` is a boolean array over `self.ids`."""
        cols = [self.vocab[t] for t in set(tokenize(query, query=True)) if t in self.vocab]
        if not cols or not self.ids:
            return []
        scores = np.asarray(self._bm25()[:, cols].sum(axis=1)).ravel()
        if mask is not None:
            scores = np.where(mask, scores, 0.0)
        top = min(top, len(scores))
        best = np.argpartition(-scores, top - 1)[:top]
        best = best[np.argsort(-scores[best])]
        return [(self.ids[i], float(scores[i])) for i in best if scores[i] > 0]

    def save(self, folder: Path) -> None:
        tmp_npz, tmp_json = folder / "keyword.tmp.npz", folder / "keyword.json.tmp"
        sp.save_npz(tmp_npz, self.tf)
        tmp_json.write_text(json.dumps({"ids": self.ids, "vocab": list(self.vocab), "tokens": self.tokens}))
        tmp_npz.replace(folder / "keyword.npz")
        tmp_json.replace(folder / "keyword.json")

    @classmethod
    def load(cls, folder: Path) -> KeywordIndex:
        index = cls()
        if (folder / "keyword.json").exists():
            meta = json.loads((folder / "keyword.json").read_text())
            index.ids = meta["ids"]
            index.vocab = {t: i for i, t in enumerate(meta["vocab"])}
            index.tf = sp.load_npz(folder / "keyword.npz").tocsr()
            index.tokens = int(meta.get("tokens", 1))
        return index
