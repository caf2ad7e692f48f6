"""manifest.json: how an index was built, what it holds, and whether a write is under way.

The manifest records the embedder and chunking that built the index, so an
index is never queried or extended with different ones (`check_manifest`
names each difference and the fix), and which generation is committed
(generation.py). It is written whole to a temporary file, fsynced and renamed
into place, so a reader or a restart sees the old manifest or the new one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from paperchat.errors import IndexMismatchError, PaperchatError
from paperchat.generation import write_atomic


def read_manifest(folder: Path) -> dict[str, Any]:
    path = folder / "manifest.json"
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError:
        raise PaperchatError(f"{path}: damaged; delete the folder and run `paperchat ingest`") from None
    return data if isinstance(data, dict) else {}


OLDER = {"embed_chunks": 0}  # what an index written before a build setting existed was built with


def check_manifest(manifest: dict[str, Any], want: dict[str, Any], folder: Path) -> None:
    """Refuse an index built with another embedder or chunking than `want`."""
    if not manifest:
        return
    have = {k: manifest.get(k, OLDER.get(k)) for k in want}
    if have != want:
        diff = ", ".join(f"{k}: index has {have[k]!r}, settings ask {want[k]!r}" for k in want if have[k] != want[k])
        raise IndexMismatchError(
            f"the index at {folder} was built differently ({diff}); rebuild it with "
            "`paperchat ingest --rebuild` or point --index at another folder"
        )


def write_manifest(folder: Path, manifest: dict[str, Any]) -> None:
    """The commit point of an ingest: fsynced, then renamed over the old manifest."""
    write_atomic(folder / "manifest.json", json.dumps(manifest, indent=1))
