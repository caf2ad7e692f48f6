"""The openai_like backend against a real OpenAI-compatible server (llama_cpp.server) on loopback."""

from __future__ import annotations

import re
import sys

import pytest

from paperchat.engine import Engine
from paperchat.fetch import gguf_path

from .conftest import free_port, serve_process

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server_url(tmp_path_factory, real_settings):
    port = free_port()
    url = f"http://127.0.0.1:{port}/v1"
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf_path("qwen2.5-coder-1.5b", real_settings.models_dir)),
           "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048", "--n_threads", "2", "--model_alias", "local"]
    with serve_process(cmd, url + "/models", tmp_path_factory.mktemp("server") / "server.log", wait_s=180):
        yield url


def test_answer_through_an_openai_compatible_server(real_settings, server_url) -> None:
    settings = real_settings.changed(llm={"backend": "openai_like", "api_base": server_url, "api_model": "local"})
    engine = Engine.open(settings)
    answer = engine.answer("What is the Halton scheduler for MaskGIT?")
    assert answer.model == f"local@{server_url}"
    assert answer.citations[0].paper.title.startswith("Halton")
    # the server was asked and streamed; what it wrote (words differ by CPU) is checked, not matched
    assert answer.timings.get("model_pieces", 0) > 1 and "first_model_token_s" in answer.timings
    assert {int(n) for n in re.findall(r"\[(\d+)\]", answer.text)} == {c.n for c in answer.citations if c.support}
    assert all(c.supported == (not c.withheld) for c in answer.citations)


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory, real_settings):
    """Two llama_cpp.server processes, one thread each: llama_cpp.server answers one request at a
    time, so a team runs one per slot and lists them all in llm.api_base."""
    import contextlib

    with contextlib.ExitStack() as stack:
        urls = []
        for i in range(2):
            port = free_port()
            url = f"http://127.0.0.1:{port}/v1"
            cmd = [sys.executable, "-m", "llama_cpp.server", "--model",
                   str(gguf_path("qwen2.5-coder-1.5b", real_settings.models_dir)), "--host", "127.0.0.1",
                   "--port", str(port), "--n_ctx", "2048", "--n_threads", "1", "--model_alias", "local"]
            stack.enter_context(serve_process(cmd, url + "/models", tmp_path_factory.mktemp(f"s{i}") / "log",
                                              wait_s=180))
            urls.append(url)
        yield urls


def test_two_questions_stream_at_once_through_two_server_slots(real_settings, two_servers) -> None:
    import threading

    settings = real_settings.changed(llm={"backend": "openai_like", "api_base": ",".join(two_servers),
                                          "parallel": 1, "max_tokens": 60})
    engine = Engine.open(settings)
    # Each stream, once it has its first piece, waits for the other to have its first piece too:
    # both get there only if two servers stream at the same moment (one server would finish the
    # first answer before starting the second, and the barrier would break). No clock involved.
    both = threading.Barrier(2, timeout=240)
    met: list[bool] = []
    model = engine._chat
    stream = model.stream

    def held(messages, max_tokens):
        first = True
        for piece in stream(messages, max_tokens):
            if first:
                first = False
                try:
                    both.wait()
                    met.append(True)
                except threading.BrokenBarrierError:
                    met.append(False)
            yield piece
    model.stream = held
    questions = ["What is the Halton scheduler for MaskGIT?", "How does PEARL speed up speculative decoding?"]
    answers: list = [None, None]

    def ask(i: int) -> None:
        answers[i] = engine.answer(questions[i])
    threads = [threading.Thread(target=ask, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(600)
    assert all(a is not None and not a.abstained for a in answers)
    assert met == [True, True]  # both streams were open at once, one on each server
