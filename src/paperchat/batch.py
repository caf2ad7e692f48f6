"""Batch files for the CLI: JSON lines, each checked before any is used, errors by file:line.

`records` reads the lines; `with_field`, `claims` and `sentence_lists` check
what each command needs of a line and name the file and line of the first
that lacks it; `history` reads `ask --history`. Nothing is run until every
line of a file has passed, so a bad line never leaves half a batch printed:
the batch stops before it starts, with the line named.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from paperchat.errors import PaperchatError
from paperchat.schema import Turn
from paperchat.text import NOT_TEXT, is_text

MAX_BATCH_BYTES = 64 * 1024 ** 2


def _read(path: str) -> str:
    try:
        if Path(path).stat().st_size > MAX_BATCH_BYTES:
            raise PaperchatError(f"{path}: larger than {MAX_BATCH_BYTES >> 20} MiB; split the batch")
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise PaperchatError(f"{path}: cannot read the batch file ({e})") from None


def records(path: str) -> list[tuple[str, dict[str, Any]]]:
    """(file:line, object) for every non-empty line of a JSON-lines batch file."""
    lines = _read(path).splitlines()
    out = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            item = json.loads(line)
        except (json.JSONDecodeError, RecursionError):
            raise PaperchatError(f"{where}: not valid JSON (one object per line)") from None
        if not isinstance(item, dict):
            raise PaperchatError(f"{where}: expected a JSON object")
        if not is_text(item):
            raise PaperchatError(f"{where}: the line {NOT_TEXT}")
        out.append((where, item))
    if not out:
        raise PaperchatError(f"{path}: the batch file holds no records")
    return out


def _needs(where: str, item: dict[str, Any], field: str) -> None:
    if "id" not in item:
        raise PaperchatError(f"{where}: expected a JSON object with \"id\" and \"{field}\"")


def _text(where: str, item: dict[str, Any], key: str, what: str = "a non-empty string") -> None:
    if not isinstance(item.get(key), str) or not item[key].strip():
        raise PaperchatError(f"{where}: \"{key}\" must be {what}")


def _texts(where: str, item: dict[str, Any], key: str, what: str) -> None:
    value = item.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(x, str) and x.strip() for x in value):
        raise PaperchatError(f"{where}: \"{key}\" must be {what}")


def _with_list(path: str, key: str, what: str) -> list[dict[str, Any]]:
    """The lines of a batch file, each with an id and `key`, a non-empty list of non-empty strings."""
    out = []
    for where, item in records(path):
        _needs(where, item, key)
        _texts(where, item, key, what)
        out.append(item)
    return out


def conversations(path: str) -> list[dict[str, Any]]:
    """The lines of an `ask --batch` file: an id and "turns", a non-empty list of questions."""
    return _with_list(path, "turns", "a non-empty list of questions (strings)")


def queries(path: str) -> list[dict[str, Any]]:
    """The lines of a `search --batch` file: an id, a non-empty "query", optional venue and year."""
    out = []
    for where, item in records(path):
        _needs(where, item, "query")
        _text(where, item, "query")
        if item.get("venue") is not None:
            _text(where, item, "venue", "a string such as \"ICLR\"")
        year = item.get("year")
        if year is not None and not (str(year).isdigit() and len(str(year)) == 4):
            raise PaperchatError(f"{where}: \"year\" must be a year such as 2026, got {str(year)[:20]!r}")
        out.append(item)
    return out


def claims(path: str) -> list[tuple[str, dict[str, Any]]]:
    """The lines of a `check --batch` file: an id, a non-empty claim, optional strings."""
    out = []
    for where, item in records(path):
        _needs(where, item, "claim")
        _text(where, item, "claim")
        for key in ("abstract", "title", "paper_id"):
            if key in item and not isinstance(item[key], str):
                raise PaperchatError(f"{where}: \"{key}\" must be a string")
        out.append((where, item))
    return out


def sentence_lists(path: str) -> list[dict[str, Any]]:
    """The lines of a `roles --batch` file: an id and a non-empty list of non-empty sentences."""
    return _with_list(path, "sentences", "a non-empty list of non-empty strings")


def history(path: str | None) -> list[Turn]:
    """`ask --history FILE`: a JSON list of earlier questions, each a string or
    {"question": str, "titles": [str, …]}."""
    if not path:
        return []
    try:
        items = json.loads(_read(path))
    except (json.JSONDecodeError, RecursionError) as e:
        raise PaperchatError(f"{path}: expected a JSON list of questions ({e})") from None
    if not isinstance(items, list):
        raise PaperchatError(f"{path}: expected a JSON list of questions")
    if not is_text(items):
        raise PaperchatError(f"{path}: the list {NOT_TEXT}")
    turns = []
    for i, item in enumerate(items, 1):
        if isinstance(item, str):
            turns.append(Turn(question=item))
            continue
        titles = item.get("titles", []) if isinstance(item, dict) else None
        if (not isinstance(item, dict) or not isinstance(item.get("question"), str)
                or not isinstance(titles, list) or not all(isinstance(t, str) for t in titles)):
            raise PaperchatError(f"{path}: item {i} must be a question, or an object with a \"question\" string "
                                 "and optional \"titles\" (a list of strings)")
        turns.append(Turn(question=item["question"], titles=list(titles)))
    return turns
