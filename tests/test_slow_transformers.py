"""The transformers backend: a GGUF dequantised once, cached, and streamed greedily."""

from __future__ import annotations

import pytest

from paperchat.models import TransformersChat, gguf_path

pytestmark = pytest.mark.slow


def test_transformers_backend_streams_a_greedy_reply() -> None:
    chat = TransformersChat(gguf_path("smollm2-135m"), threads=2, temperature=0.0)
    messages = [{"role": "user", "content": "Name three colors. Answer briefly."}]
    pieces = list(chat.stream(messages, 30))
    assert len(pieces) > 1  # streamed, not returned whole
    reply = "".join(pieces).lower()
    assert "red" in reply and "blue" in reply
    assert "".join(chat.stream(messages, 30)) == "".join(pieces)  # greedy: the same again
