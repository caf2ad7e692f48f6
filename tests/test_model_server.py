"""The openai_like team path against OpenAI-compatible HTTP servers on 127.0.0.1: the key from the
environment, slots per server, several servers, retries, and a server that is down.

The servers here are small real HTTP servers speaking the streaming chat-completions protocol
(Server-Sent Events), slow enough that concurrent requests overlap, counting what they see; the
real llama_cpp.server is in test_slow_server.py."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from paperchat.chat import OpenAILikeChat
from paperchat.config import LLMSettings
from paperchat.engine import Engine
from paperchat.errors import ModelUnavailableError

from .conftest import free_port

REPLY = "The Halton scheduler spreads tokens [1]. "


class Seen:
    def __init__(self, fail_first: int = 0) -> None:
        self.lock = threading.Lock()
        self.inside = self.most = self.requests = 0
        self.fail_first = fail_first
        self.auth: list[str] = []


@contextmanager
def chat_server(seen: Seen) -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            with seen.lock:
                seen.requests += 1
                seen.auth.append(self.headers.get("Authorization", ""))
                failing = seen.requests <= seen.fail_first
                seen.inside += 1
                seen.most = max(seen.most, seen.inside)
            try:
                if failing:
                    self.send_response(503)
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                for word in REPLY.split(" "):
                    chunk = {"id": "x", "object": "chat.completion.chunk", "created": 0, "model": "local",
                             "choices": [{"index": 0, "delta": {"content": word + " "}, "finish_reason": None}]}
                    self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                    self.wfile.flush()
                    time.sleep(0.05)
                self.wfile.write(b"data: [DONE]\n\n")
            finally:
                with seen.lock:
                    seen.inside -= 1

    server = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()


def _chat(base: str, **kw: object) -> OpenAILikeChat:
    return OpenAILikeChat(LLMSettings(backend="openai_like", api_base=base, timeout_s=10, **kw))


def _ask_all(model: OpenAILikeChat, n: int) -> list[str]:
    out = [""] * n

    def one(i: int) -> None:
        out[i] = "".join(model.stream([{"role": "user", "content": "hi"}], 50))
    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return out


def test_the_key_comes_from_the_environment(monkeypatch) -> None:
    seen = Seen()
    monkeypatch.setenv("PAPERCHAT_API_KEY", "s3cret-key")
    with chat_server(seen) as base:
        assert "Halton" in "".join(_chat(base).stream([{"role": "user", "content": "hi"}], 50))
    assert seen.auth == ["Bearer s3cret-key"]


def test_each_server_gets_at_most_its_slots_and_all_servers_are_used() -> None:
    one, two = Seen(), Seen()
    with chat_server(one) as a, chat_server(two) as b:
        replies = _ask_all(_chat(f"{a},{b}", parallel=2), 6)
    assert all("Halton" in r for r in replies)
    assert one.most <= 2 and two.most <= 2 and one.most + two.most >= 3  # in parallel, within the slots
    assert one.requests + two.requests == 6 and one.requests and two.requests


def test_a_failed_request_is_retried_before_anything_was_shown() -> None:
    seen = Seen(fail_first=1)
    with chat_server(seen) as base:
        reply = "".join(_chat(base, retries=2).stream([{"role": "user", "content": "hi"}], 50))
    assert "Halton" in reply
    assert seen.requests == 2


def test_a_server_that_is_down_is_named_and_the_evidence_still_answers(settings, seed_index) -> None:
    base = f"http://127.0.0.1:{free_port()}/v1"
    model = _chat(base, retries=1)
    with pytest.raises(ModelUnavailableError, match=rf"model server at {base} does not answer"):
        list(model.stream([{"role": "user", "content": "hi"}], 50))
    answer = Engine(settings, seed_index, model).answer("What is the Halton scheduler for MaskGIT?")
    assert not answer.abstained and answer.citations[0].paper.title.startswith("Halton")
    assert "No synthesis: the model server at" in answer.text


def test_the_app_lets_through_as_many_answers_as_the_servers_have_slots(settings) -> None:
    from paperchat import ui

    assert ui.concurrency(settings) == settings.ui.concurrency  # in-process: the model's lock serialises
    team = settings.changed(llm={"backend": "openai_like", "api_base": "http://a/v1,http://b/v1", "parallel": 4})
    assert ui.concurrency(team) == 8


def test_model_server_refuses_an_unset_key_and_bad_numbers_before_loading_anything(monkeypatch, capsys) -> None:
    from paperchat import cli

    monkeypatch.delenv("PAPERCHAT_UNSET_KEY", raising=False)
    assert cli.main(["model-server", "--api-key-env", "PAPERCHAT_UNSET_KEY", "--model-path", "/nonexistent.gguf"]) == 2
    assert cli.main(["model-server", "--slots", "0"]) == 2
    assert cli.main(["model-server", "--draft-tokens", "-1"]) == 2
    err = capsys.readouterr().err
    assert "PAPERCHAT_UNSET_KEY" in err and "--slots" in err and "--draft-tokens" in err and "Traceback" not in err


def test_model_server_passes_the_key_from_its_variable_to_the_routes(monkeypatch, tmp_path) -> None:
    from paperchat import cli, modelhttp

    got: list = []
    monkeypatch.setattr(modelhttp, "serve", lambda *args: got.append(args))
    monkeypatch.setenv("PAPERCHAT_SOME_KEY", "s3cret")
    gguf = tmp_path / "m.gguf"
    gguf.write_bytes(b"GGUF")
    assert cli.main(["model-server", "--api-key-env", "PAPERCHAT_SOME_KEY", "--model-path", str(gguf)]) == 0
    assert got and got[0][0] == gguf and got[0][7] == "s3cret"
    assert got[0][8] == 4  # drafting as llm.draft_tokens in-process, unless told
    assert cli.main(["model-server", "--model-path", str(gguf), "--draft-tokens", "0"]) == 0
    assert got[1][8] == 0


def test_model_server_holds_back_a_prompt_whose_start_another_slot_is_computing() -> None:
    from paperchat.modelserver import SHARE_AT_LEAST, BatchingModel, Request, _Slot

    model = BatchingModel.__new__(BatchingModel)  # the scheduling rule alone: no model loaded
    system, first, second = list(range(100)), [500, 501], [600, 601]
    computing = _Slot(Request(system + first, 8, 0.0, []), pending=system + first)
    model.held = [[], []]
    later = Request(system + second, 8, 0.0, [])
    assert model._later(later, {0: computing})  # its system prompt is being computed: wait one step
    computing.pending, model.held[0] = [], system + first
    assert not model._later(later, {0: computing})  # now in a cache: admitted, and copied from there
    short = Request(system[: SHARE_AT_LEAST - 1] + second, 8, 0.0, [])
    computing.pending, model.held[0] = system + first, []
    assert not model._later(short, {0: computing})  # too little shared to be worth a step


class _Greedy:
    """Stands in for llama.cpp under `BatchingModel._check`: the logits of batch row i pick `picks[i]`;
    memory calls are recorded."""

    def __init__(self, picks: list[int], first: int) -> None:
        self.picks, self.first, self.removed = picks, first, []

    def llama_get_memory(self, ctx):  # noqa: ARG002
        return "memory"

    def llama_memory_seq_rm(self, memory, seq, start, end) -> None:  # noqa: ARG002
        self.removed.append((seq, start, end))

    def llama_vocab_is_eog(self, vocab, token) -> bool:  # noqa: ARG002
        return token == 0

    def logits(self, i: int):
        import numpy as np

        row = np.zeros(16, dtype=np.float32)
        row[self.picks[i - self.first]] = 1.0
        return row


def _drafting(picks: list[int], first: int = 3):
    from types import SimpleNamespace

    from paperchat.modelserver import BatchingModel, Request, _Slot

    fake = _Greedy(picks, first)
    model = BatchingModel.__new__(BatchingModel)  # the acceptance rule alone: no model loaded
    model.C, model.ctx, model.vocab, model.n_ctx, model.draft = fake, SimpleNamespace(ctx=None), None, 64, 4
    model.llm = SimpleNamespace(detokenize=lambda tokens: f"<{tokens[0]}>".encode())
    model._logits = fake.logits
    prompt = [5, 6, 7]
    slot = _Slot(Request(prompt, 20, 0.0, []), pending=[], pos=3, last=9)
    model.held = [list(prompt)]
    return model, fake, slot


def test_model_server_keeps_the_drafted_tokens_greedy_decoding_agrees_with_and_no_more() -> None:
    model, fake, slot = _drafting(picks=[11, 12, 4, 13, 14])
    active = {0: slot}
    model._check(active, 0, 3, guess=[11, 12, 13, 14])  # batch rows 3..7: the slot's 9, then the drafts
    # 11 and 12 agree; after 12 greedy picks 4, not the drafted 13: 13 and 14 are dropped
    assert model.held[0] == [5, 6, 7, 9, 11, 12] and slot.pos == 6 and slot.last == 4
    assert slot.drafted == 2 and slot.made == 3
    assert fake.removed == [(0, 6, -1)]  # the cells of the rejected drafts leave the cache
    pieces = [slot.request.out.get_nowait() for _ in range(3)]
    assert pieces == ["<11>", "<12>", "<4>"]


def test_model_server_drafts_nothing_when_sampling_or_at_the_answers_end() -> None:
    model, _, slot = _drafting(picks=[11])
    model.lookup = lambda ids: ids[:4]  # the stand-in drafter would always guess
    assert model._guess(0, slot)  # greedy, room left: it drafts
    slot.request.temperature = 0.7
    assert model._guess(0, slot) == []
    slot.request.temperature, slot.made = 0.0, 19  # one token left to write: nothing to draft after it
    assert model._guess(0, slot) == []


def test_model_server_an_end_token_among_the_drafts_finishes_the_answer_there() -> None:
    model, fake, slot = _drafting(picks=[11, 0, 12])
    active = {0: slot}
    model._check(active, 0, 3, guess=[11, 15])
    assert 0 not in active and model.held[0] == [5, 6, 7, 9, 11]  # the cache holds what was decoded, no draft after
    assert fake.removed == [(0, 5, -1)]
