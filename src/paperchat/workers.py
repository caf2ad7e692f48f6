"""Embedding in worker processes: `ingest --workers N` on a machine with cores to spare.

Each worker loads its own embedder (ONNX Runtime session) with the machine's
embedding threads divided among the workers, and embeds whole batches; the
parent chunks, upserts each batch as it comes back, in order, and commits once
(index.py), so an ingest with workers is the same single commit as one
without. Processes are started with `spawn` (no fork of a process holding
Chroma's and ONNX Runtime's threads).
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from paperchat.config import EmbedderSettings

_embedder: Any = None


def _start(settings: EmbedderSettings, models_dir: str) -> None:
    global _embedder
    from paperchat.embedder import load_embedder

    _embedder = load_embedder(settings, Path(models_dir))


def _embed(texts: list[str]) -> list[list[float]]:
    return _embedder.get_text_embedding_batch(texts)


class EmbedPool:
    """`workers` processes sharing `settings.threads` (at least one thread each)."""

    def __init__(self, settings: EmbedderSettings, models_dir: Path, workers: int) -> None:
        each = settings.model_copy(update={"threads": max(1, settings.threads // workers)})
        self._pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn"), initializer=_start,
                                         initargs=(each, str(models_dir)))

    def __call__(self, batches: list[list[str]]) -> Iterator[list[list[float]]]:
        """Vectors for each batch, in order, as soon as that batch is done."""
        futures = [self._pool.submit(_embed, batch) for batch in batches]
        for future in futures:
            yield future.result()

    def close(self) -> None:
        self._pool.shutdown(cancel_futures=True)
