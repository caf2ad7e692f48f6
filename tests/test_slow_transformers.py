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


def test_transformers_backend_drafts_by_prompt_lookup(real_settings) -> None:
    """llm.draft_tokens on transformers: a reply that copies its prompt takes fewer forward
    passes than tokens, and drafting does not change what the model may say (same as undrafted
    is not asserted: the batched pass rounds differently)."""
    sentence = ("Experiments on various text generation benchmarks demonstrate the effectiveness of our PEARL, "
                "leading to a superior speedup performance up to 4.43x compared to auto-regressive decoding.")
    messages = [{"role": "system", "content": "Repeat the user's sentence exactly, and nothing else."},
                {"role": "user", "content": sentence}]
    chat = TransformersChat(gguf_path("smollm2-135m", real_settings.models_dir), threads=2, temperature=0.0,
                            draft_tokens=4)
    passes: list[int] = []  # tokens read by each forward pass
    hook = chat._model.register_forward_hook(lambda _m, _args, kwargs, _out: passes.append(
        kwargs["input_ids"].shape[1]), with_kwargs=True)
    try:
        reply = "".join(chat.stream(messages, 60))
    finally:
        hook.remove()
    tokens = len(chat._tok(reply, add_special_tokens=False)["input_ids"])
    assert reply.strip() and tokens > 10
    assert max(passes[1:]) > 1  # drafts were checked in a batch (the first pass reads the prompt)
    assert len(passes) < tokens  # and some were kept: undrafted, each pass gives one token
