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
