"""Fakes with meaning, and fixtures that build real (small) indexes in temp folders.

`WordEmbedding` embeds text as a hashed bag of stemmed words: texts that share
words are close, texts that don't are far, so ranking and citation checks can
really pass or fail without loading weights. The Chroma index is real.
"""

from __future__ import annotations

import contextlib
import hashlib
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest
from llama_index.core.base.embeddings.base import BaseEmbedding

from paperchat.config import Settings
from paperchat.index import PaperIndex
from paperchat.text import tokenize

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"
DIM = 512


class WordEmbedding(BaseEmbedding):
    def _vec(self, text: str) -> list[float]:
        v = np.zeros(DIM, dtype=np.float32)
        for term in tokenize(text):
            v[int(hashlib.md5(term.encode()).hexdigest(), 16) % DIM] += 1.0
        norm = np.linalg.norm(v)
        return (v / norm if norm else v).tolist()

    def count_tokens(self, text: str) -> int:
        return len(text.split())

    def _get_query_embedding(self, query: str) -> list[float]:
        return self._vec(query)

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._vec(text)

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._vec(query)


class ScriptedChat:
    """A chat model that streams a fixed reply word by word and records its prompts; given `then`, it
    replies so to every prompt after the first."""

    def __init__(self, reply: str, fail: bool = False, then: str | None = None) -> None:
        self.name = "scripted"
        self.reply = reply
        self.then = then
        self.fail = fail
        self.prompts: list[Sequence[dict[str, str]]] = []
        self.read = 0  # pieces taken from the last stream
        self.finished = False  # the last stream was read to its end

    def ahead(self) -> int:
        return 0

    def stream(self, messages: Sequence[dict[str, str]], max_tokens: int) -> Iterator[str]:
        self.prompts.append(messages)
        if self.fail:
            raise RuntimeError("model crashed")
        self.read, self.finished = 0, False
        reply = self.then if self.then is not None and len(self.prompts) > 1 else self.reply
        words = reply.split(" ")
        for word in words[:max_tokens]:  # a word a token, and no more than asked for, as a model does
            self.read += 1
            yield word + " "
        self.finished = len(words) <= max_tokens


def fake_settings(folder: Path) -> Settings:
    # bag-of-words cosines run lower than MiniLM's: thresholds for the fake
    return Settings.load(env={}).changed(index={"dir": folder}, embedder={"name": "word-hash-test"},
                                         retrieval={"abstain_below": 0.4}, answer={"support_threshold": 0.35})


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return fake_settings(tmp_path / "index")


@pytest.fixture
def embedder() -> WordEmbedding:
    return WordEmbedding(model_name="word-hash-test")


@pytest.fixture
def seed_index(settings: Settings, embedder: WordEmbedding) -> PaperIndex:
    from paperchat.corpus import read_paths

    index = PaperIndex(settings, embedder)
    index.ingest(read_paths([DATA], skip=[settings.index_dir]), progress=False)
    return index


@pytest.fixture(scope="session")
def real_settings(tmp_path_factory) -> Settings:
    """Default settings (real MiniLM) with the seed index built once per session."""
    from paperchat.corpus import read_paths

    settings = Settings.load(env={}).changed(index={"dir": tmp_path_factory.mktemp("real") / "index"})
    PaperIndex.open(settings).ingest(read_paths([DATA]), progress=False)
    return settings


@pytest.fixture(scope="session")
def real_engine(real_settings):
    from paperchat.engine import Engine

    engine = Engine.open(real_settings)
    engine.warm_up()
    return engine


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve_process(cmd: list[str], ready_url: str, log_path: Path, env: dict | None = None,
                  wait_s: int = 300) -> Iterator[subprocess.Popen]:
    """Run a server process logging to a file (an unread pipe would fill and block it)
    until `ready_url` answers; stop it when the block ends."""
    import time
    import urllib.request

    log = log_path.open("w")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{cmd[1]} exited:\n" + log_path.read_text())
        try:
            urllib.request.urlopen(ready_url, timeout=2)
            break
        except OSError:
            time.sleep(1)
    try:
        yield proc
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()
