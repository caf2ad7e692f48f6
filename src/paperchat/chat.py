"""Chat backends: messages in, text pieces out, from llama.cpp, transformers or a server.

`ChatModel` is a deliberately small interface rather than llama-index's
`LlamaCPP` class: that class formats prompts with a template we would have to
write per model, while `Llama.create_chat_completion` uses the template stored
in the GGUF itself. An OpenAI-compatible server (llama.cpp server, vLLM,
Ollama) goes through llama-index's `OpenAILike`. Heavy libraries are imported
inside the class that needs them, so `import paperchat.chat` stays cheap.
"""

from __future__ import annotations

import queue
import threading
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from paperchat.config import LLMSettings
from paperchat.errors import ModelUnavailableError
from paperchat.fetch import gguf_path, verify


class ChatModel(Protocol):
    name: str

    def stream(self, messages: Sequence[dict[str, str]], max_tokens: int) -> Iterator[str]:
        """Yield the reply to chat `messages` piece by piece."""
        ...

    def ahead(self) -> int:
        """How many replies are being written or waiting now (0: a new one starts at once)."""
        ...


class OneAtATime:
    """The turn-taking of a model that must not run twice at once.

    llama.cpp and torch generate in place over buffers the model object owns: two
    streams at once crashed the app (segfault in libggml-cpu). The lock belongs to
    the model object, so every caller (the app's handlers, the API, the CLI, a
    future one) is covered, not only those that remember to queue. A stream holds
    it from its first piece to its last (or until it is closed), and `ahead` says
    how many are writing or waiting, so a waiting answer can tell its place."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # a plain Lock: Gradio may resume a stream on another thread
        self._count_lock = threading.Lock()
        self._inside = 0

    def ahead(self) -> int:
        return self._inside

    @contextmanager
    def turn(self) -> Iterator[None]:
        with self._count_lock:
            self._inside += 1
        try:
            with self._lock:
                yield
        finally:
            with self._count_lock:
                self._inside -= 1


class LlamaCppChat:
    """A GGUF model in-process through llama-cpp-python; keeps the KV cache of the
    previous prompt, so a shared prompt prefix is not computed twice.

    Every call into llama.cpp (loading, warming up, generating) runs on one thread that
    this object owns, whichever thread asks: llama.cpp computes with OpenMP, which keeps a
    team of threads per calling thread, and once it manages more threads than there are
    CPUs it stops spinning at its barriers and sleeps and wakes instead (libgomp). After a
    warm-up on the main thread, a reply generated from another thread (as Gradio's handlers
    and llama_cpp.server's are) decoded at 8.0 pieces/s against 10.9 on this 2-core Xeon
    (README, "Running for a team")."""

    def __init__(self, path: Path, threads: int, n_ctx: int, temperature: float, draft_tokens: int = 0) -> None:
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
        self._turns = OneAtATime()
        kind = Llama if draft_tokens == 0 else lookup_llama(Llama, draft_tokens)

        def load() -> Any:
            return kind(model_path=str(path), n_ctx=n_ctx, n_threads=threads, n_threads_batch=threads,
                        n_batch=256, n_ubatch=128, flash_attn=True, verbose=False)

        self._start(load)

    def _start(self, load: Callable[[], Any]) -> None:
        """Start the thread that owns the model: `load` makes it there (a `Llama`, or a stand-in)."""
        self._jobs: queue.Queue[Any] = queue.Queue()
        loaded: queue.Queue[Any] = queue.Queue()
        worker = threading.Thread(target=_llama_worker, args=(load, self._jobs, loaded), daemon=True,
                                  name="llama-cpp")
        worker.start()
        got = loaded.get()
        if isinstance(got, BaseException):
            raise got
        self._llm = got  # to inspect (tokenize, wrap); only the worker thread generates with it
        # the model is freed with this object, or at exit while the interpreter still can: llama-cpp-python's
        # own finaliser, run during shutdown, prints a traceback ("Exception ignored in Llama.__del__")
        weakref.finalize(self, _stop_worker, self._jobs, worker)

    def ahead(self) -> int:
        return self._turns.ahead()

    def stream(self, messages: Sequence[dict[str, str]], max_tokens: int) -> Iterator[str]:
        with self._turns.turn():
            out: queue.Queue[Any] = queue.Queue()
            stop = threading.Event()
            self._jobs.put((list(messages), {"max_tokens": max_tokens, "temperature": self.temperature,
                                             "top_k": 1 if self.temperature == 0 else 40}, out, stop))
            done = False
            try:
                while True:
                    item = out.get()
                    if item is _END:
                        done = True
                        return
                    if isinstance(item, BaseException):
                        done = True
                        raise item
                    yield item
            finally:
                stop.set()  # a person who left: the worker stops at its next piece
                while not done:  # the turn ends when the worker has let go of the model
                    item = out.get()
                    done = item is _END or isinstance(item, BaseException)


_END = object()


def _llama_worker(load: Callable[[], Any], jobs: queue.Queue[Any], loaded: queue.Queue[Any]) -> None:
    """Load the model, then generate each job's reply into its queue, on this one thread."""
    try:
        llm = load()
    except BaseException as e:  # noqa: BLE001 - handed to the thread that asked
        loaded.put(e)
        return
    loaded.put(llm)
    while True:
        job = jobs.get()
        if job is None:
            llm.close()
            return
        messages, kwargs, out, stop = job
        try:
            stream: Any = llm.create_chat_completion(messages=messages, stream=True, **kwargs)
            try:
                for part in stream:
                    if stop.is_set():
                        break
                    text = part["choices"][0]["delta"].get("content")
                    if text:
                        out.put(str(text))
            finally:
                stream.close()
            out.put(_END)
        except Exception as e:  # noqa: BLE001 - raised again in the thread that reads the reply
            out.put(e)


def _stop_worker(jobs: queue.Queue[Any], worker: threading.Thread) -> None:
    jobs.put(None)
    worker.join(timeout=10)


def lookup_llama(llama: type, draft_tokens: int) -> type:
    """`Llama` that drafts up to `draft_tokens` tokens by prompt lookup and checks them in one pass.

    The drafts are the tokens that followed the first earlier occurrence (in the prompt or
    the reply so far) of the last two tokens (llama-cpp-python's LlamaPromptLookupDecoding):
    an answer that copies a title or a cell's phrase from the table gets several tokens per
    pass. Greedy decoding keeps a drafted token only where the model would have chosen it.
    The stock `eval` asks for the logits of every prompt token once a draft model is set
    and copies them into an n_ctx x vocabulary array (1.2 GB for Qwen2.5); sampling reads
    logits from the context, so this `eval` (llama-cpp-python 0.3.36's, less that copy)
    asks for every token's logits only in a drafted batch (the sampled token and its
    drafts) and copies none. The batch kernels round differently from one-token steps,
    so a reply may differ from undrafted greedy decoding where two tokens nearly tie.
    """
    from llama_cpp.llama_speculative import LlamaPromptLookupDecoding

    class LookupLlama(llama):  # type: ignore[valid-type, misc]
        def __init__(self, **kwargs: Any) -> None:
            super().__init__(draft_model=LlamaPromptLookupDecoding(max_ngram_size=2, num_pred_tokens=draft_tokens),
                             **kwargs)

        def eval(self, tokens: Sequence[int]) -> None:
            every = len(tokens) <= draft_tokens + 1
            self._ctx.kv_cache_seq_rm(-1, self.n_tokens, -1)
            for i in range(0, len(tokens), self.n_batch):
                batch = tokens[i: i + self.n_batch]
                n_past = self.n_tokens
                self._batch.set_batch(batch=batch, n_past=n_past, logits_all=every)
                self._ctx.decode(self._batch)
                self.input_ids[n_past: n_past + len(batch)] = batch
                self.n_tokens += len(batch)
                self._requires_eval = False

    return LookupLlama


class OpenAILikeChat:
    """OpenAI-compatible servers (llama.cpp server, vLLM, Ollama) via llama-index's `OpenAILike`.

    The team path: the key comes from `api_key_env` when set; each server takes up to
    `parallel` answers at once (its slots), several servers (comma-separated `api_base`)
    share the load, least busy first; a request that fails before its first piece is
    retried with backoff, and a server that stays down is named in a clear error.
    """

    def __init__(self, settings: LLMSettings) -> None:
        import os

        from llama_index.llms.openai_like import OpenAILike

        self.settings = settings
        bases = [b.strip() for b in settings.api_base.split(",") if b.strip()]
        key = os.environ.get(settings.api_key_env, "") if settings.api_key_env else ""
        self.name = f"{settings.api_model}@{','.join(bases)}"
        self._servers = [(base, OpenAILike(model=settings.api_model, api_base=base, api_key=key or settings.api_key,
                                            is_chat_model=True, temperature=settings.temperature,
                                            timeout=settings.timeout_s, max_retries=0)) for base in bases]
        self._busy = [0] * len(bases)
        self._free = threading.Condition()

    def ahead(self) -> int:
        """Answers waiting for a free slot (0 while any server has one)."""
        with self._free:
            return max(0, sum(self._busy) - self.settings.parallel * len(self._servers) + 1)

    @contextmanager
    def _slot(self) -> Iterator[int]:
        with self._free:
            self._free.wait_for(lambda: min(self._busy) < self.settings.parallel)
            i = self._busy.index(min(self._busy))
            self._busy[i] += 1
        try:
            yield i
        finally:
            with self._free:
                self._busy[i] -= 1
                self._free.notify()

    def stream(self, messages: Sequence[dict[str, str]], max_tokens: int) -> Iterator[str]:
        import time

        from llama_index.core.llms import ChatMessage

        chat = [ChatMessage(role=m["role"], content=m["content"]) for m in messages]
        with self._slot() as i:
            base, llm = self._servers[i]
            for attempt in range(self.settings.retries + 1):
                started = False
                try:
                    for part in llm.stream_chat(chat, max_tokens=max_tokens):
                        if part.delta:
                            started = True
                            yield part.delta
                    return
                except Exception as e:  # noqa: BLE001 - every transport error is the server's
                    if started or attempt == self.settings.retries:
                        raise ModelUnavailableError(
                            f"the model server at {base} {'stopped mid-answer' if started else 'does not answer'} "
                            f"({type(e).__name__}); start it (python -m llama_cpp.server --model … --port …) "
                            "or set llm.api_base") from None
                    time.sleep(0.5 * 2 ** attempt)


class TransformersChat:
    """The same GGUF through transformers: dequantised once (about a minute for 1.5B),
    cached as safetensors beside the GGUF, reloaded in seconds. Prefill is faster than
    llama.cpp on CPUs with fast bf16, decoding slower (README, "Configuration")."""

    def __init__(self, path: Path, threads: int, temperature: float, draft_tokens: int = 0) -> None:
        import torch
        import transformers
        from transformers import AutoModelForCausalLM, AutoTokenizer

        from paperchat.embedder import cpu_has_fast_bf16

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
        self.draft_tokens = draft_tokens
        self._turns = OneAtATime()
        self._tok = AutoTokenizer.from_pretrained(cache)
        self._model = AutoModelForCausalLM.from_pretrained(cache, dtype=dtype).eval()

    def ahead(self) -> int:
        return self._turns.ahead()

    def stream(self, messages: Sequence[dict[str, str]], max_tokens: int) -> Iterator[str]:
        from transformers import TextIteratorStreamer

        with self._turns.turn():
            ids = self._tok.apply_chat_template(list(messages), add_generation_prompt=True, return_tensors="pt",
                                                return_dict=True)
            streamer = TextIteratorStreamer(self._tok, skip_prompt=True, skip_special_tokens=True)
            kwargs: dict[str, Any] = {**ids,  # type: ignore[dict-item]
                                      "max_new_tokens": max_tokens, "streamer": streamer,
                                      "do_sample": self.temperature > 0}
            if self.temperature > 0:
                kwargs["temperature"] = self.temperature
            if self.draft_tokens:  # transformers' prompt lookup: the same idea as lookup_llama
                kwargs["prompt_lookup_num_tokens"] = self.draft_tokens
            thread = threading.Thread(target=self._model.generate, kwargs=kwargs, daemon=True)
            thread.start()
            try:
                yield from (piece for piece in streamer if piece)
            finally:
                thread.join()  # the model is free only when generate has returned


@lru_cache(maxsize=4)
def _transformers(path: Path, threads: int, temperature: float, draft_tokens: int) -> TransformersChat:
    return TransformersChat(path, threads, temperature, draft_tokens)


@lru_cache(maxsize=4)
def _llama_cpp(path: Path, threads: int, n_ctx: int, temperature: float, draft_tokens: int) -> LlamaCppChat:
    return LlamaCppChat(path, threads, n_ctx, temperature, draft_tokens)


def load_chat_model(settings: LLMSettings, models_dir: Path) -> ChatModel | None:
    """The configured chat model, loaded once per process; None for backend 'none'."""
    if settings.backend == "none":
        return None
    if settings.backend == "openai_like":
        return OpenAILikeChat(settings)
    path = settings.model_path or gguf_path(settings.model, models_dir)
    if settings.backend == "llama_cpp" and not settings.model_path and Path(path).exists():
        verify(settings.model, Path(path))  # a file of your own (model_path) is yours to check
    if settings.backend == "transformers":
        return _transformers(Path(path), settings.threads, settings.temperature, settings.draft_tokens)
    return _llama_cpp(Path(path), settings.threads, settings.n_ctx, settings.temperature, settings.draft_tokens)
