"""Corpus readers: seed `.txt`, JSONL (optionally gzipped) and CSV -> `Paper` records.

A seed file is a venue header ("ICLR 2026 Papers") then one abstract per
non-empty line; `titles.tsv` beside it (file, line, title, track, url) gives the
titles it knows. JSONL and CSV records carry the Paper fields by name; a
record's `id`, when present, is its paper id.

Abstract text is cleaned (clean.py); a URL on a code host becomes `code_url`.
Paper ids are stable: an OpenReview forum id when the url has one, else the
record's id, else a hash of the title (of title and abstract for a second
paper with that title), else of the abstract. Files are streamed with caps on
a line, an abstract and the text a file inflates to. Every problem is a
`CorpusError` naming file and line (or field); `read_paths` reads everything
before returning, so a caller can validate before writing.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import json
import re
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from paperchat.clean import clean_text, code_host, derive_label, extract_urls, no_control
from paperchat.errors import CorpusError
from paperchat.schema import Paper

SEED_SUFFIXES = (".txt",)
RECORD_SUFFIXES = (".jsonl", ".jsonl.gz", ".csv")
SIDE_FILES = {"titles.tsv"}
MIN_ABSTRACT_CHARS = 80  # once cleaned, in every format
MAX_ABSTRACT_CHARS = 10_000  # four times the longest of the 10,090 real abstracts (2,583)
MAX_LINE_BYTES = 256 * 1024  # one record; real ones are under 4 KiB
MAX_FILE_BYTES = 512 * 1024 ** 2  # text read from one file, after decompression: 20× the 10,090 real abstracts

_HEADER = re.compile(r"^\s*(?P<venue>[A-Za-z][A-Za-z\- ]*?)\s+(?P<year>(?:19|20)\d\d)\s+Papers\s*$")
_OPENREVIEW = re.compile(r"openreview\.net/(?:forum|pdf)\?id=([\w\-]+)")


def stable_id(url: str = "", record_id: str = "", title: str = "", abstract: str = "") -> str:
    m = _OPENREVIEW.search(url or "")
    if m:
        return f"openreview:{m.group(1)}"
    if record_id:
        return str(record_id)
    basis = title if title else abstract[:600]
    norm = re.sub(r"[^a-z0-9]+", " ", basis.lower()).strip()
    return "paper:" + hashlib.sha1(norm.encode()).hexdigest()[:16]


def make_paper(
    *, raw_abstract: str, venue: str, year: int, source: str, where: str, title: str = "", track: str = "",
    url: str = "", record_id: str = "", authors: Iterable[str] = (), keywords: Iterable[str] = (),
) -> Paper:
    """A checked `Paper`; `where` (file:line) names the record in any error."""
    if len(raw_abstract) > MAX_ABSTRACT_CHARS:
        raise CorpusError(where, f"the abstract is {len(raw_abstract):,} characters; the longest accepted is "
                          f"{MAX_ABSTRACT_CHARS:,}", "give the abstract, not the paper's full text")
    title = clean_text(title) if title else ""
    label = title or derive_label(raw_abstract)
    short = re.split(r"[:\-–]\s", label)[0] if title else label
    abstract = clean_text(raw_abstract, ours=short)
    if len(abstract) < MIN_ABSTRACT_CHARS:
        raise CorpusError(where, f"too short to be an abstract: {len(abstract)} characters once cleaned (HTML, "
                          f"LaTeX and URLs taken out); an abstract has at least {MIN_ABSTRACT_CHARS}",
                          "each record or seed line holds one whole abstract")
    code = [u for u in extract_urls(raw_abstract) if code_host(u)]
    return Paper(
        paper_id=stable_id(no_control(url, by=""), no_control(record_id, by=""), title, abstract),
        title=label,
        title_derived=not title,
        abstract=abstract,
        venue=no_control(venue).strip(),
        year=int(year),
        track=no_control(track).strip(),
        url=no_control(url, by="").strip(),
        authors=[a for a in (no_control(x).strip() for x in authors if x) if a],
        keywords=[k for k in (no_control(x).strip() for x in keywords if x) if k],
        code_url=code[0] if code else "",
        source=source,
    )


# ---------------------------------------------------------------- reading files


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """(line number, text) of a text file, gzip when the name says so, streamed: memory is
    bounded by one line (MAX_LINE_BYTES) and the text read by MAX_FILE_BYTES, whatever the
    file inflates to. Binary, non-UTF-8, too long or empty is a CorpusError naming the line."""
    opener: Any = gzip.open if path.name.endswith(".gz") else open
    number, total, seen = 0, 0, False
    try:
        with opener(path, "rb") as f:
            while raw := f.readline(MAX_LINE_BYTES + 1):
                number += 1
                total += len(raw)
                if total > MAX_FILE_BYTES:
                    raise CorpusError(str(path), f"more than {MAX_FILE_BYTES >> 20:,} MiB of text"
                                      + (" once decompressed" if path.name.endswith(".gz") else ""),
                                      "split the corpus into smaller files")
                if len(raw) > MAX_LINE_BYTES:
                    raise CorpusError(f"{path}:{number}", f"a line longer than {MAX_LINE_BYTES >> 10} KiB",
                                      "one record per line; an abstract is a few KiB")
                if b"\x00" in raw:
                    raise CorpusError(f"{path}:{number}", "binary data (a NUL byte), not a text corpus",
                                      "give a .txt, .jsonl, .jsonl.gz or .csv file")
                try:
                    text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
                except UnicodeDecodeError:
                    raise CorpusError(f"{path}:{number}", "not UTF-8 text", "re-save the file as UTF-8") from None
                seen = seen or bool(text.strip())
                yield number, text.rstrip("\r\n")
    except (OSError, EOFError, zlib.error) as e:
        raise CorpusError(str(path), f"cannot read the file: {e}") from None
    if not seen:
        raise CorpusError(str(path), "the file is empty", "remove it or add papers to it")


def _titles_beside(path: Path) -> dict[tuple[str, int], dict[str, str]]:
    tsv = path.parent / "titles.tsv"
    if not tsv.exists():
        return {}
    rows: dict[tuple[str, int], dict[str, str]] = {}
    reader = csv.DictReader((line + "\n" for _, line in _lines(tsv)), delimiter="\t")
    for row in reader:
        try:
            rows[(row["file"], int(row["line"]))] = row
        except (KeyError, TypeError, ValueError):
            raise CorpusError(
                f"{tsv}:{reader.line_num}", "expected columns file, line, title, track, url"
            ) from None
    return rows


def read_seed(path: Path) -> Iterator[Paper]:
    lines = _lines(path)
    _, header = next(lines)
    m = _HEADER.match(header)
    if not m:
        raise CorpusError(
            f"{path}:1", f"expected a header like 'ICLR 2026 Papers', found {header[:60]!r}"
        )
    venue, year = m.group("venue"), int(m.group("year"))
    titles = _titles_beside(path)
    count = 0
    for number, line in lines:
        if not line.strip():
            continue
        row = titles.get((path.name, number), {})
        count += 1
        yield make_paper(
            raw_abstract=line, venue=venue, year=year, source=f"{path.name}:{number}", where=f"{path}:{number}",
            title=row.get("title", ""), track=row.get("track", "") or f"{venue} {year}", url=row.get("url", ""),
        )
    if not count:
        raise CorpusError(str(path), "a header but no abstracts", "add one abstract per line")


def _as_list(value: Any, key: str, where: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list):
        if not all(isinstance(v, (str, int, float)) for v in value):
            raise CorpusError(where, f"field '{key}' must be a list of names, not of JSON objects or lists")
        return [str(v) for v in value]
    if isinstance(value, dict):
        raise CorpusError(where, f"field '{key}' must be text or a list of names, not a JSON object")
    return [v for v in re.split(r"\s*[;|]\s*", str(value)) if v]


def _record_to_paper(record: dict[str, Any], where: str, name: str) -> Paper:
    abstract = record.get("abstract")
    if not isinstance(abstract, str) or not abstract.strip():
        raise CorpusError(where, "field 'abstract' is missing or empty", "every record needs an abstract")
    venue = record.get("venue")
    if not isinstance(venue, str) or not venue.strip():
        raise CorpusError(where, "field 'venue' is missing or empty", "e.g. \"venue\": \"ICLR\"")
    raw_year = str(record.get("year", "")).strip()
    if not (raw_year.isdigit() and len(raw_year) == 4 and 1900 < int(raw_year) < 2100):
        raise CorpusError(where, f"field 'year' must be a year, got {raw_year[:20]!r}")
    year = int(raw_year)
    for key in ("title", "track", "url", "id", "paper_id"):
        if isinstance(record.get(key), (list, dict)):
            raise CorpusError(where, f"field '{key}' must be text, not a JSON {type(record[key]).__name__}")
    return make_paper(
        raw_abstract=abstract, venue=venue, year=year, source=f"{name}:{where.rsplit(':', 1)[-1]}", where=where,
        title=str(record.get("title") or ""), track=str(record.get("track") or ""),
        url=str(record.get("url") or ""), record_id=str(record.get("id") or record.get("paper_id") or ""),
        authors=_as_list(record.get("authors"), "authors", where),
        keywords=_as_list(record.get("keywords"), "keywords", where),
    )


def read_jsonl(path: Path) -> Iterator[Paper]:
    count = 0
    for number, line in _lines(path):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            raise CorpusError(where, f"not valid JSON ({e.msg})", "one JSON object per line") from None
        except RecursionError:
            raise CorpusError(where, "JSON nested too deeply", "one flat JSON object per line") from None
        if not isinstance(record, dict):
            raise CorpusError(where, "expected a JSON object with an 'abstract' field")
        count += 1
        yield _record_to_paper(record, where, path.name)
    if not count:
        raise CorpusError(str(path), "no records", "one JSON object per line")


def read_csv(path: Path) -> Iterator[Paper]:
    reader = csv.DictReader(line + "\n" for _, line in _lines(path))
    try:
        if not reader.fieldnames or "abstract" not in reader.fieldnames:
            raise CorpusError(f"{path}:1", "the header has no 'abstract' column",
                              "columns: title, abstract, venue, year, …")
        count = 0
        for record in reader:
            count += 1
            yield _record_to_paper(record, f"{path}:{reader.line_num}", path.name)
    except csv.Error as e:
        raise CorpusError(f"{path}:{reader.line_num}", f"malformed CSV ({e})") from None
    if not count:
        raise CorpusError(str(path), "no records")


def read_file(path: Path) -> list[Paper]:
    return list(stream_file(path))


def stream_file(path: Path) -> Iterator[Paper]:
    name = path.name.lower()
    if name.endswith(SEED_SUFFIXES):
        return read_seed(path)
    if name.endswith((".jsonl", ".jsonl.gz")):
        return read_jsonl(path)
    if name.endswith(".csv"):
        return read_csv(path)
    raise CorpusError(
        str(path), "unknown file type", "paperchat reads .txt (seed), .jsonl, .jsonl.gz and .csv"
    )


def corpus_files(path: Path, skip: Iterable[Path] = ()) -> Iterator[Path]:
    """The corpus files a path names: itself, or the known files inside a folder
    (recursively, skipping hidden folders, side files and `skip`, e.g. the index)."""
    if not path.exists():
        raise CorpusError(str(path), "no such file or folder")
    if path.is_file():
        yield path
        return
    skip = [s.resolve() for s in skip]
    for child in sorted(path.rglob("*")):
        if any(part.startswith(".") for part in child.relative_to(path).parts):
            continue
        try:
            resolved = child.resolve()
        except (RuntimeError, OSError):  # a symbolic link loop
            raise CorpusError(str(child), "a symbolic link that loops or cannot be followed",
                              "remove the link or ingest the folder it should point to") from None
        if any(resolved.is_relative_to(s) for s in skip):
            continue
        if child.is_file() and child.name not in SIDE_FILES and child.name.lower().endswith(
            SEED_SUFFIXES + RECORD_SUFFIXES
        ):
            yield child


def read_paths(paths: Iterable[Path], skip: Iterable[Path] = (),
               warn: Callable[[str], None] | None = None) -> list[Paper]:
    """Every paper in the given files and folders, all read and checked before it returns.
    An id read twice with the same abstract is one paper; with another abstract the later
    reading wins and `warn` says so, unless the id was made from the title (no id or url
    given): then they are two papers with the same title, and both are kept."""
    say = warn or (lambda message: print(f"paperchat: warning: {message}", file=sys.stderr))
    by_id: dict[str, Paper] = {}
    for path in paths:
        for file in corpus_files(Path(path), skip):
            for paper in stream_file(file):
                old = by_id.get(paper.paper_id)
                if old is not None and old.abstract != paper.abstract:
                    if paper.paper_id == stable_id(title=paper.title) and not paper.title_derived:
                        paper = replace(paper, paper_id=stable_id(title=f"{paper.title}\n{paper.abstract[:600]}"))
                    else:
                        say(f"{file.name}:{paper.source.rsplit(':', 1)[-1]}: id {paper.paper_id} was read before "
                            f"({old.source}) with another abstract; keeping this later one")
                by_id[paper.paper_id] = paper
    return list(by_id.values())
