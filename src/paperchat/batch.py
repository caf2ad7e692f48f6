"""Batch files for the CLI: JSON lines, each checked before any is used, errors by file:line.

`records` reads the lines; `with_field`, `claims` and `sentence_lists` check
what each command needs of a line and name the file and line of the first
that lacks it; `history` reads `ask --history`. Nothing is run until every
line of a file has passed, so a bad line never leaves half a batch printed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from paperchat.errors import PaperchatError
from paperchat.schema import Turn


def records(path: str) -> list[tuple[str, dict[str, Any]]]:
    """(file:line, object) for every non-empty line of a JSON-lines batch file."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise PaperchatError(f"{path}: cannot read the batch file ({e})") from None
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
        out.append((where, item))
    if not out:
        raise PaperchatError(f"{path}: the batch file holds no records")
    return out


def conversations(path: str) -> list[dict[str, Any]]:
    """The lines of an `ask --batch` file: an id and "turns", a non-empty list of questions."""
    out = []
    for where, item in records(path):
        turns = item.get("turns")
        if "id" not in item:
            raise PaperchatError(f"{where}: expected a JSON object with \"id\" and \"turns\"")
        if not isinstance(turns, list) or not turns or not all(isinstance(t, str) and t.strip() for t in turns):
            raise PaperchatError(f"{where}: \"turns\" must be a non-empty list of questions (strings)")
        out.append(item)
    return out


def queries(path: str) -> list[dict[str, Any]]:
    """The lines of a `search --batch` file: an id, a non-empty "query", optional venue and year."""
    out = []
    for where, item in records(path):
        if "id" not in item:
            raise PaperchatError(f"{where}: expected a JSON object with \"id\" and \"query\"")
        if not isinstance(item.get("query"), str) or not item["query"].strip():
            raise PaperchatError(f"{where}: \"query\" must be a non-empty string")
        if item.get("venue") is not None and not isinstance(item["venue"], str):
            raise PaperchatError(f"{where}: \"venue\" must be a string such as \"ICLR\"")
        year = item.get("year")
        if year is not None and not (str(year).isdigit() and len(str(year)) == 4):
            raise PaperchatError(f"{where}: \"year\" must be a year such as 2026, got {str(year)[:20]!r}")
        out.append(item)
    return out


def claims(path: str) -> list[tuple[str, dict[str, Any]]]:
    """The lines of a `check --batch` file: an id, a non-empty claim, optional strings."""
    out = []
    for where, item in records(path):
        if "id" not in item:
            raise PaperchatError(f"{where}: expected a JSON object with \"id\" and \"claim\"")
        if not isinstance(item.get("claim"), str) or not item["claim"].strip():
            raise PaperchatError(f"{where}: \"claim\" must be a non-empty string")
        for key in ("abstract", "title", "paper_id"):
            if key in item and not isinstance(item[key], str):
                raise PaperchatError(f"{where}: \"{key}\" must be a string")
        out.append((where, item))
    return out


def sentence_lists(path: str) -> list[dict[str, Any]]:
    """The lines of a `roles --batch` file: an id and a non-empty list of non-empty sentences."""
    out = []
    for where, item in records(path):
        sents = item.get("sentences")
        if "id" not in item:
            raise PaperchatError(f"{where}: expected a JSON object with \"id\" and \"sentences\"")
        if not isinstance(sents, list) or not sents or not all(isinstance(x, str) and x.strip() for x in sents):
            raise PaperchatError(f"{where}: \"sentences\" must be a non-empty list of non-empty strings")
        out.append(item)
    return out


def history(path: str | None) -> list[Any]:
    if not path:
        return []
    try:
        items = json.loads(Path(path).read_text(encoding="utf-8"))
        return [Turn(question=i) if isinstance(i, str) else
                Turn(question=i["question"], titles=list(i.get("titles", []))) for i in items]
    except (OSError, json.JSONDecodeError, KeyError, TypeError) as e:
        raise PaperchatError(f"{path}: expected a JSON list of questions ({e})") from None


