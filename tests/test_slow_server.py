"""The openai_like backend against a real OpenAI-compatible server (llama_cpp.server) on loopback."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from paperchat.engine import Engine
from paperchat.models import gguf_path

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server_url(tmp_path_factory):
    model = gguf_path("qwen2.5-coder-1.5b")
    port = _free_port()
    log = (tmp_path_factory.mktemp("server") / "server.log").open("w")  # a pipe nobody reads would fill and block it
    proc = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
         "--port", str(port), "--n_ctx", "2048", "--n_threads", "2", "--model_alias", "local"],
        stdout=log, stderr=subprocess.STDOUT, text=True,
    )
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("llama_cpp.server exited:\n" + Path(log.name).read_text())
        try:
            urllib.request.urlopen(url + "/models", timeout=2)
            break
        except OSError:
            time.sleep(1)
    yield url
    proc.terminate()
    proc.wait(timeout=30)


def test_answer_through_an_openai_compatible_server(real_settings, server_url) -> None:
    settings = real_settings.model_copy(deep=True)
    settings.llm.backend = "openai_like"
    settings.llm.api_base = server_url
    settings.llm.api_model = "local"
    engine = Engine.from_settings(settings)
    answer = engine.answer("What is the Halton scheduler for MaskGIT?")
    assert answer.model == f"local@{server_url}"
    assert answer.citations[0].paper.title.startswith("Halton")
    assert "**In short:**" in answer.text, answer.verification  # the server wrote a synthesis and it verified
    assert all(c.supported for c in answer.citations)
