"""The transformers backend: a GGUF dequantised once, cached, and streamed greedily.

Greedy words differ between CPU kernels (AVX2, AVX-512, AMX; bf16 or fp32), so
this asserts what holds on any machine: the reply streams, is text, and is the
same when asked twice on the same machine.
"""

from __future__ import annotations

import pytest

from paperchat.chat import TransformersChat
from paperchat.fetch import gguf_path

pytestmark = pytest.mark.slow


def test_transformers_backend_streams_a_greedy_reply(real_settings) -> None:
    chat = TransformersChat(gguf_path("smollm2-135m", real_settings.models_dir), threads=2, temperature=0.0)
    messages = [{"role": "user", "content": "Name three colors. Answer briefly."}]
    pieces = list(chat.stream(messages, 30))
    assert len(pieces) > 1  # streamed, not returned whole
    reply = "".join(pieces)
    assert reply.strip() and sum(c.isalpha() for c in reply) > 3
    assert "".join(chat.stream(messages, 30)) == reply  # greedy: the same again on this machine
