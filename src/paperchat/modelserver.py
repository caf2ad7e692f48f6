"""`paperchat model-server`: an OpenAI-compatible model server that answers several requests at once.

Why our own: `python -m llama_cpp.server` (llama-cpp-python) answers one request
at a time; vLLM and Ollama are not installable here; llama.cpp's own
`llama-server -np N` would have to be built natively, which this project must
not do (README, "Setup"). So this loads the GGUF once through llama-cpp-python's
low-level API with `slots` sequences in one context and batches continuously:
every `llama_decode` carries the next token of each answering slot plus the
prompt tokens still waiting, so answers decode together (a decoding step for two
sequences costs far less than two steps) and a new request starts without
waiting for the others to finish. Prompts go through the model's own chat
template from its GGUF metadata, as llama-cpp-python's server does. Endpoints:
`POST /v1/chat/completions` (streamed or not; greedy at temperature 0) and
`GET /v1/models` (modelhttp.py serves them); with `--api-key-env VAR` a request must carry that key.

Greedy answers are drafted by prompt lookup (`--draft-tokens`, default `llm.draft_tokens`),
as the in-process model is (chat.py's `lookup_llama`, the same LlamaPromptLookupDecoding):
the tokens that followed the last two tokens' first earlier occurrence in the prompt or
the reply go into the same `llama_decode` behind the slot's token, each with its logits;
a drafted token is kept only where greedy decoding picks it, and the cells of the rest are
removed from the slot's cache. An answer that copies titles and phrases of its evidence
gets several tokens from one step.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from paperchat.errors import ModelUnavailableError, PaperchatError

SHARE_AT_LEAST = 16  # prompt tokens worth a step's wait (_later)


@dataclass
class Request:
    tokens: list[int]
    max_tokens: int
    temperature: float
    stop: list[str]
    bias: dict[int, float] = field(default_factory=dict)  # OpenAI's logit_bias: token id -> added to its logit
    out: queue.Queue = field(default_factory=queue.Queue)  # text pieces, then ("end", reason, usage) or ("error", msg)
    cancelled: bool = False


@dataclass
class _Slot:
    request: Request
    pending: list[int]  # prompt tokens not yet decoded
    pos: int = 0
    last: int = -1  # the token sampled last, decoded next
    made: int = 0
    raw: bytes = b""
    text: str = ""
    together: int = 1  # the most sequences in one decode call while this one was in it
    cached: int = 0  # prompt tokens found in the cache, not computed
    drafted: int = 0  # drafted tokens that greedy decoding kept


def _common(a: list[int], b: list[int]) -> int:
    """The length of the prefix two token lists share."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


class BatchingModel:
    """One GGUF, `slots` sequences decoded together by one thread.

    That thread also loads the model: creating the context already starts llama.cpp's OpenMP
    team on the thread that does it, and llama.cpp is slower once two threads have computed
    with it (chat.py)."""

    def __init__(self, path: Path, slots: int, threads: int, n_ctx: int = 2048, n_batch: int = 256,
                 draft: int = 0) -> None:
        self.draft = draft
        ready: queue.Queue[BaseException | None] = queue.Queue()
        threading.Thread(target=self._run, args=(path, slots, threads, n_ctx, n_batch, ready), daemon=True,
                         name="batching-model").start()
        failed = ready.get()
        if failed is not None:
            raise failed

    def _run(self, path: Path, slots: int, threads: int, n_ctx: int, n_batch: int,
             ready: queue.Queue[BaseException | None]) -> None:
        try:
            self._load(path, slots, threads, n_ctx, n_batch)
        except BaseException as e:  # noqa: BLE001 - raised again in the thread that made the model
            ready.put(e)
            return
        ready.put(None)
        self._loop()

    def _load(self, path: Path, slots: int, threads: int, n_ctx: int, n_batch: int) -> None:
        try:
            import llama_cpp
            from llama_cpp import Llama
            from llama_cpp._internals import LlamaBatch, LlamaContext
            from llama_cpp.llama_chat_format import Jinja2ChatFormatter
            from llama_cpp.llama_speculative import LlamaPromptLookupDecoding
        except ImportError:
            raise ModelUnavailableError("llama-cpp-python is not installed: run `make setup`") from None
        self.C, self.slots, self.n_ctx, self.n_batch = llama_cpp, slots, n_ctx, n_batch
        self.llm = Llama(model_path=str(path), n_ctx=64, n_threads=threads, verbose=False)  # model, vocab, template
        params = llama_cpp.llama_context_default_params()
        params.n_ctx, params.n_batch, params.n_ubatch = n_ctx * slots, n_batch, n_batch
        params.n_seq_max, params.n_threads, params.n_threads_batch = slots, threads, threads
        params.flash_attn_type = llama_cpp.LLAMA_FLASH_ATTN_TYPE_ENABLED  # as the in-process model (chat.py)
        params.kv_unified = True  # one cache for all sequences: a shared prompt prefix is copied by reference
        self.ctx = LlamaContext(model=self.llm._model, params=params, verbose=False)
        self.batch = LlamaBatch(n_tokens=n_batch, embd=0, n_seq_max=1, verbose=False)
        self.vocab = llama_cpp.llama_model_get_vocab(self.llm._model.model)
        self.n_vocab = self.llm.n_vocab()
        eos, bos = self.llm.token_eos(), self.llm.token_bos()
        template = self.llm.metadata.get("tokenizer.chat_template")
        if not template:
            raise ModelUnavailableError(f"{path} has no chat template in its metadata")
        self.format = Jinja2ChatFormatter(
            template=template, eos_token=self.llm._model.token_get_text(eos) if eos != -1 else "",
            bos_token=self.llm._model.token_get_text(bos) if bos != -1 else "", stop_token_ids=[eos])
        self.held: list[list[int]] = [[] for _ in range(slots)]  # tokens each sequence's KV cache holds
        self.waiting: queue.Queue[Request] = queue.Queue()
        self.rng = np.random.default_rng(0)
        self.lookup = LlamaPromptLookupDecoding(max_ngram_size=2, num_pred_tokens=max(self.draft, 1))

    def submit(self, messages: list[dict[str, str]], max_tokens: int, temperature: float,
               stop: list[str], bias: dict[int, float] | None = None) -> Request:
        """Queue a chat; its pieces arrive on `request.out`."""
        result = self.format(messages=messages)  # type: ignore[arg-type]
        tokens = self.llm.tokenize(result.prompt.encode("utf-8"), add_bos=not result.added_special, special=True)
        if len(tokens) + max_tokens > self.n_ctx:
            raise PaperchatError(f"prompt of {len(tokens)} tokens + max_tokens {max_tokens} exceeds the "
                                 f"{self.n_ctx} tokens of a slot (--n-ctx)")
        stops = [s for s in [*stop, *([result.stop] if isinstance(result.stop, str) else result.stop or [])] if s]
        if any(not 0 <= t < self.n_vocab for t in bias or {}):
            raise PaperchatError(f"logit_bias names a token outside the vocabulary (0..{self.n_vocab - 1})")
        request = Request(tokens, max_tokens, temperature, stops, dict(bias or {}))
        self.waiting.put(request)
        return request

    def _loop(self) -> None:
        active: dict[int, _Slot] = {}
        deferred: list[Request] = []
        while True:
            arrived = []
            with contextlib.suppress(queue.Empty):
                arrived.append(self.waiting.get(block=not active and not deferred))
                while True:
                    arrived.append(self.waiting.get_nowait())
            deferred, candidates = [], deferred + arrived
            for request in candidates:
                if len(active) == self.slots or self._later(request, active):
                    deferred.append(request)
                else:
                    active.update([self._admit(request, set(range(self.slots)) - set(active))])
            for seq in [s for s, slot in active.items() if slot.request.cancelled]:
                self._finish(active, seq, "cancelled")
            try:
                if active:
                    self._step(active)
            except Exception as e:  # noqa: BLE001 - one bad step fails its answers, not the server
                for seq in list(active):
                    active[seq].request.out.put(("error", f"{type(e).__name__}: {e}"))
                    self._finish(active, seq, None)

    def _later(self, request: Request, active: dict[int, _Slot]) -> bool:
        """Wait a step when a prompt being computed now starts as this one does, further than
        any cache holds (two questions sent at once share the system prompt): computed once, then copied."""
        cached = max(_common(held, request.tokens) for held in self.held)
        coming = max((_common(s.request.tokens, request.tokens) for s in active.values() if s.pending), default=0)
        return coming > cached + SHARE_AT_LEAST

    def _admit(self, request: Request, free: set[int]) -> tuple[int, _Slot]:
        """A free sequence for `request`, its cache holding the longest prefix of the prompt that
        any sequence holds (the system prompt and instructions every answer starts with): a free
        sequence's own, else copied from another's cells (one KV cache shared by all sequences,
        so a copy adds a sequence id to cells and moves no data). Only the rest is computed."""
        def shared(seq: int) -> int:
            return _common(self.held[seq], request.tokens[:-1])  # the last token is decoded anew

        seq = max(sorted(free), key=shared)
        donor = max(range(self.slots), key=shared)
        keep, memory = shared(donor), self.C.llama_get_memory(self.ctx.ctx)
        if donor == seq or keep <= shared(seq):
            keep = shared(seq)
            self.C.llama_memory_seq_rm(memory, seq, keep, -1)
        else:
            self.C.llama_memory_seq_rm(memory, seq, -1, -1)
            self.C.llama_memory_seq_cp(memory, donor, seq, 0, keep)
        self.held[seq] = request.tokens[:keep]
        return seq, _Slot(request, list(request.tokens[keep:]), pos=keep, cached=keep)

    def _step(self, active: dict[int, _Slot]) -> None:
        """One llama_decode: for every answering slot its token and the tokens drafted after it,
        then waiting prompt tokens."""
        b, n = self.batch.batch, 0
        want: list[tuple[int, int, list[int] | None]] = []  # (sequence, its first logits row, its drafts)
        for seq, slot in active.items():
            if not slot.pending:
                guess = self._guess(seq, slot)
                for k, token in enumerate([slot.last, *guess]):
                    n = self._put(b, n, token, slot.pos + k, seq, True)
                want.append((seq, n - 1 - len(guess), guess))
        for seq, slot in active.items():
            take = slot.pending[: self.n_batch - n]
            for k, token in enumerate(take):
                n = self._put(b, n, token, slot.pos + k, seq, k == len(slot.pending) - 1)
            if take:
                self.held[seq] += take
                slot.pos += len(take)
                slot.pending = slot.pending[len(take):]
                if not slot.pending:
                    want.append((seq, n - 1, None))
        b.n_tokens = n
        for slot in active.values():
            slot.together = max(slot.together, len(active))
        if self.C.llama_decode(self.ctx.ctx, b) != 0:
            for seq in list(active):
                active[seq].request.out.put(("error", "the model failed to decode this batch"))
                self._finish(active, seq, None)
            return
        for seq, i, drafts in want:
            if drafts is None:  # the prompt's last token: the answer's first
                self._take(active, seq, self._sample(self._logits(i), active[seq].request))
            else:
                self._check(active, seq, i, drafts)

    def _guess(self, seq: int, slot: _Slot) -> list[int]:
        """Tokens drafted by prompt lookup to follow `slot.last`: none when sampling (only greedy
        choices can be checked in one pass), and none past the answer's length or the slot's context."""
        room = min(self.draft, slot.request.max_tokens - slot.made - 1, self.n_ctx - slot.pos - 1)
        if room <= 0 or slot.request.temperature > 0:
            return []
        found = self.lookup(np.array([*self.held[seq], slot.last], dtype=np.intc))
        return [int(t) for t in found[:room]]

    def _check(self, active: dict[int, _Slot], seq: int, first: int, guess: list[int]) -> None:
        """Keep the slot's token and each drafted token greedy decoding agrees with; the token
        picked after the last one kept is decoded next step; the rejected drafts' cells are removed."""
        slot = active[seq]
        row = [slot.last, *guess]
        for k in range(len(row)):
            self.held[seq].append(row[k])
            slot.pos += 1
            slot.drafted += k > 0
            token = self._sample(self._logits(first + k), slot.request)
            self._take(active, seq, token)
            if seq not in active or k == len(guess) or token != guess[k]:
                break
        if guess:
            self.C.llama_memory_seq_rm(self.C.llama_get_memory(self.ctx.ctx), seq, slot.pos, -1)

    def _logits(self, i: int) -> np.ndarray:
        return np.ctypeslib.as_array(self.C.llama_get_logits_ith(self.ctx.ctx, i), shape=(self.n_vocab,))

    @staticmethod
    def _put(b: Any, n: int, token: int, pos: int, seq: int, logits: bool) -> int:
        b.token[n], b.pos[n], b.n_seq_id[n], b.logits[n] = token, pos, 1, logits
        b.seq_id[n][0] = seq
        return n + 1

    def _sample(self, logits: np.ndarray, request: Request) -> int:
        if request.bias:
            logits = logits.copy()
            logits[list(request.bias)] += np.fromiter(request.bias.values(), dtype=np.float32)
        temperature = request.temperature
        if temperature <= 0:
            return int(np.argmax(logits))
        p = np.exp((logits - logits.max()) / temperature)
        return int(self.rng.choice(len(p), p=p / p.sum()))

    def _take(self, active: dict[int, _Slot], seq: int, token: int) -> None:
        slot = active[seq]
        if self.C.llama_vocab_is_eog(self.vocab, token):
            return self._finish(active, seq, "stop")
        slot.made, slot.last = slot.made + 1, token
        slot.raw += self.llm.detokenize([token])
        try:
            piece, slot.raw = slot.raw.decode("utf-8"), b""
        except UnicodeDecodeError:  # a character split across tokens: wait for the rest
            piece = ""
        slot.text += piece
        hit = min((slot.text.find(s) for s in slot.request.stop if s in slot.text), default=-1)
        if hit >= 0:
            cut = len(piece) - (len(slot.text) - hit)
            if cut > 0:
                slot.request.out.put(piece[:cut])
            return self._finish(active, seq, "stop")
        if piece:
            slot.request.out.put(piece)
        if slot.made >= slot.request.max_tokens:
            self._finish(active, seq, "length")

    def _finish(self, active: dict[int, _Slot], seq: int, reason: str | None) -> None:
        slot = active.pop(seq)  # its cache stays, for the next prompt that starts the same way
        if reason is None:  # failed: nothing in its cache can be trusted
            self.C.llama_memory_seq_rm(self.C.llama_get_memory(self.ctx.ctx), seq, -1, -1)
            self.held[seq] = []
        if reason:
            prompt = len(slot.request.tokens)
            slot.request.out.put(("end", reason, {
                "prompt_tokens": prompt, "completion_tokens": slot.made, "total_tokens": prompt + slot.made,
                "prompt_tokens_details": {"cached_tokens": slot.cached}, "decoded_with": slot.together,
                "drafted": slot.drafted}))
