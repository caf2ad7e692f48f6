"""Ingest that scales: worker processes give the same index; a GPU setting without a GPU is named."""

from __future__ import annotations

import gzip
import json

import numpy as np
import pytest

from paperchat.config import Settings
from paperchat.corpus import read_paths
from paperchat.embedder import load_embedder
from paperchat.errors import ModelUnavailableError
from paperchat.index import PaperIndex

from .conftest import ROOT

SHARED = ROOT.parent / "shared" / "corpora" / "iclr2026.jsonl.gz"


def test_cuda_without_a_gpu_or_without_torch_is_a_clear_error(tmp_path) -> None:
    settings = Settings.load(env={})
    with pytest.raises(ModelUnavailableError, match="runtime: torch"):
        load_embedder(settings.embedder.model_copy(update={"device": "cuda"}), settings.models_dir)
    embedder = load_embedder(settings.embedder.model_copy(update={"device": "cuda", "runtime": "torch"}),
                             settings.models_dir)
    import torch

    if not torch.cuda.is_available():
        with pytest.raises(ModelUnavailableError, match="no CUDA GPU"):
            embedder.get_text_embedding("hello")


@pytest.mark.slow
def test_workers_build_the_same_index(tmp_path) -> None:
    if not SHARED.exists():
        pytest.skip("../shared/corpora is not beside this checkout")
    with gzip.open(SHARED, "rt", encoding="utf-8") as f:
        lines = f.read().splitlines()[:150]
    corpus = tmp_path / "part.jsonl"
    corpus.write_text("\n".join(lines) + "\n")
    built = {}
    for workers in (1, 2):
        settings = Settings.load(env={}).changed(index={"dir": tmp_path / f"w{workers}"})
        index = PaperIndex.open(settings)
        report = index.ingest(read_paths([corpus]), progress=False, workers=workers)
        got = index.collection().get(include=["embeddings"])
        built[workers] = (report.papers, dict(zip(got["ids"], np.asarray(got["embeddings"]), strict=True)))
    assert built[1][0] == built[2][0] == len({json.loads(x)["id"] for x in lines})
    assert built[1][1].keys() == built[2][1].keys()
    assert max(float(np.abs(built[1][1][k] - built[2][1][k]).max()) for k in built[1][1]) < 1e-4
