"""The ONNX embedder against sentence-transformers, with the real MiniLM weights."""

from __future__ import annotations

import numpy as np
import pytest

from paperchat.config import EmbedderSettings, Settings
from paperchat.embedder import load_embedder, minilm_path

pytestmark = pytest.mark.slow

MODELS = Settings.load().models_dir

TEXTS = [
    "Halton Scheduler for Masked Generative Image Transformer.",
    "We propose a speculative decoding method whose draft length adapts to the target model.",
    "a",
    # longer than the 256-token window: both runtimes must truncate it the same way
    " ".join(["Diffusion language models decode many tokens in parallel."] * 60),
]


def embed(**settings: str) -> np.ndarray:
    embedder = load_embedder(EmbedderSettings(**settings), MODELS)  # type: ignore[arg-type]
    return np.asarray(embedder.get_text_embedding_batch(TEXTS))


def test_onnx_gives_the_sentence_transformers_vectors() -> None:
    torch_vectors = embed(runtime="torch", dtype="float32")
    onnx_vectors = embed(runtime="onnx")
    assert np.abs(onnx_vectors - torch_vectors).max() < 1e-4
    assert np.allclose(np.linalg.norm(onnx_vectors, axis=1), 1.0, atol=1e-5)
    # one text alone gives the vector it gets in a batch (padding does not leak in)
    alone = load_embedder(EmbedderSettings(), MODELS).get_query_embedding(TEXTS[2])
    assert np.abs(np.asarray(alone) - onnx_vectors[2]).max() < 1e-5


def test_int8_is_close_but_not_the_same() -> None:
    fp32, int8 = embed(runtime="onnx"), embed(runtime="onnx", quantize="int8")
    cosines = (fp32 * int8).sum(axis=1)
    assert cosines.min() > 0.97 and not np.allclose(fp32, int8)


def test_token_counts_match_the_model_tokenizer() -> None:
    from transformers import AutoTokenizer

    hf = AutoTokenizer.from_pretrained(minilm_path())
    embedder = load_embedder(EmbedderSettings(), MODELS)
    for text in TEXTS:
        assert embedder.count_tokens(text) == len(hf(text, add_special_tokens=False)["input_ids"])
