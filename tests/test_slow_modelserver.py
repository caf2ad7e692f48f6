"""`paperchat model-server`: a real process on loopback, the real SmolLM2 GGUF, raw HTTP and the app."""

from __future__ import annotations

import json
import os
import re
import sys
import threading
import urllib.error
import urllib.request

import pytest

from paperchat.engine import Engine

from .conftest import free_port, serve_process

pytestmark = pytest.mark.slow
KEY = "test-key-123"


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    port = free_port()
    base = f"http://127.0.0.1:{port}/v1"
    cmd = [sys.executable, "-m", "paperchat.cli", "model-server", "--model", "smollm2-135m", "--slots", "2",
           "--port", str(port), "--n-ctx", "1024", "--api-key-env", "PAPERCHAT_TEST_KEY"]
    env = {**os.environ, "PAPERCHAT_TEST_KEY": KEY}
    with serve_process(cmd, base + "/models", tmp_path_factory.mktemp("ms") / "log", env=env, wait_s=120):
        yield base


def _post(url: str, body: dict, key: str | None = KEY) -> urllib.request.Request:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {key}"} if key else {})}
    return urllib.request.Request(url + "/chat/completions", json.dumps(body).encode(), headers)


def _status(request: urllib.request.Request) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(request, timeout=120) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_it_answers_and_refuses_what_it_should(url) -> None:
    ask = {"messages": [{"role": "user", "content": "Name a colour."}], "max_tokens": 12}
    status, body = _status(_post(url, ask))
    reply = json.loads(body)["choices"][0]
    assert status == 200 and reply["message"]["content"].strip() and reply["finish_reason"] in ("stop", "length")
    assert _status(_post(url, ask, key=None))[0] == 401
    assert _status(_post(url, {"max_tokens": 5}))[0] == 400  # no messages
    status, body = _status(_post(url, {**ask, "max_tokens": 5000}))
    assert status == 400 and "--n-ctx" in body


def _stream(url: str, question: str | list, out: list, start: threading.Barrier) -> None:
    messages = [{"role": "user", "content": question}] if isinstance(question, str) else question
    start.wait()
    request = _post(url, {"messages": messages, "max_tokens": 64, "stream": True})
    chunks = []
    with urllib.request.urlopen(request, timeout=120) as r:
        for line in r:
            if line.startswith(b"data: {"):
                chunks.append(json.loads(line[6:]))
    out.append(chunks)


def test_two_requests_decode_together_in_two_slots(url) -> None:
    out: list = []
    start = threading.Barrier(2)
    threads = [threading.Thread(target=_stream, args=(url, q, out, start)) for q in
               ("Write a long paragraph about rivers.", "Write a long paragraph about mountains.")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert len(out) == 2
    for chunks in out:
        text = "".join(c["choices"][0]["delta"].get("content", "") for c in chunks)
        assert text.strip() and chunks[-1]["choices"][0]["finish_reason"] in ("stop", "length")
        # the server's own account: both answers were in the same decode calls (not queued)
        assert chunks[-1]["paperchat"]["decoded_with"] == 2


def test_a_reply_that_copies_its_prompt_is_drafted(url) -> None:
    line = "The quick brown fox jumps over the lazy dog near the river bank at noon."
    ask = {"messages": [{"role": "user", "content": f"Repeat this sentence exactly: {line}"}], "max_tokens": 40}
    status, body = _status(_post(url, ask))
    reply = json.loads(body)
    assert status == 200 and reply["choices"][0]["message"]["content"].strip()
    # the server's own account: tokens guessed by prompt lookup that greedy decoding kept (llm.draft_tokens: 4)
    assert reply["paperchat"]["drafted"] > 0
    assert reply["paperchat"]["drafted"] < reply["usage"]["completion_tokens"]


def test_a_prompt_prefix_shared_by_two_requests_is_computed_once(url) -> None:
    system = "You answer for a reading group. " + " ".join(f"Rule {i}: be brief and name the paper." for i in range(20))
    out: list = []
    start = threading.Barrier(2)
    threads = [threading.Thread(target=_stream, args=(url, [{"role": "system", "content": system},
                                                            {"role": "user", "content": q}], out, start))
               for q in ("Name a river.", "Name a mountain.")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    usage = sorted((chunks[-1]["usage"] for chunks in out), key=lambda u: u["prompt_tokens_details"]["cached_tokens"])
    assert len(usage) == 2 and all(u["prompt_tokens"] > 150 for u in usage)
    # the first computed the system prompt (nothing before used it); the second took it from that one's cells
    assert usage[0]["prompt_tokens_details"]["cached_tokens"] < 20
    assert usage[1]["prompt_tokens_details"]["cached_tokens"] >= usage[1]["prompt_tokens"] - 20


def test_the_app_answers_through_it_with_two_slots(real_settings, url, monkeypatch) -> None:
    monkeypatch.setenv("PAPERCHAT_API_KEY", KEY)
    settings = real_settings.changed(llm={"backend": "openai_like", "api_base": url, "api_model": "local",
                                          "parallel": 2, "max_tokens": 40})
    engine = Engine.open(settings)
    answer = engine.answer("What is the Halton scheduler for MaskGIT?")
    assert answer.citations[0].paper.title.startswith("Halton") and answer.timings.get("model_pieces", 0) > 1
    assert {int(n) for n in re.findall(r"\[(\d+)\]", answer.text)} == {c.n for c in answer.citations if c.support}
