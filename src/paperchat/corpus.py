"""Corpus readers: seed `.txt`, JSONL (optionally gzipped) and CSV -> `Paper` records.

A seed file is a venue header ("ICLR 2026 Papers") then one abstract per
non-empty line; `titles.tsv` beside it (file, line, title, track, url) gives the
titles it knows. JSONL and CSV records carry the Paper fields by name; a
record's `id`, when present, is its paper id.

Abstract text is cleaned for embedding and display: HTML tags and entities go,
LaTeX markup and Markdown emphasis become plain words, URLs move to `code_url`.
Paper ids are stable: an OpenReview forum id when the url has one, else the
record's id, else a hash of the title, else of the abstract; so the same paper
read twice, from one file or two, is one paper.

Every problem is a `CorpusError` naming file and line (or field); `read_paths`
reads everything before returning, so a caller can validate before writing.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from paperchat.clean import clean_text, derive_label, extract_urls
from paperchat.errors import CorpusError
from paperchat.schema import Paper

SEED_SUFFIXES = (".txt",)
RECORD_SUFFIXES = (".jsonl", ".jsonl.gz", ".csv")
SIDE_FILES = {"titles.tsv"}
MIN_ABSTRACT_CHARS = 80

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
    *, raw_abstract: str, venue: str, year: int, source: str, title: str = "", track: str = "",
    url: str = "", record_id: str = "", authors: Iterable[str] = (), keywords: Iterable[str] = (),
) -> Paper:
    title = clean_text(title) if title else ""
    label = title or derive_label(raw_abstract)
    short = re.split(r"[:\-–]\s", label)[0] if title else label
    abstract = clean_text(raw_abstract, ours=short)
    urls = [u for u in extract_urls(raw_abstract) if "openreview" not in u]
    return Paper(
        paper_id=stable_id(url, record_id, title, abstract),
        title=label,
        title_derived=not title,
        abstract=abstract,
        venue=venue.strip(),
        year=int(year),
        track=track.strip(),
        url=url.strip(),
        authors=[a.strip() for a in authors if a and a.strip()],
        keywords=[k.strip() for k in keywords if k and k.strip()],
        code_url=urls[0] if urls else "",
        source=source,
    )


# ---------------------------------------------------------------- reading files


def _read_text(path: Path) -> list[str]:
    """Lines of a text file (gzip when the name says so); binary or non-UTF-8 is an error."""
    try:
        raw = path.read_bytes()
        if path.name.endswith(".gz"):
            raw = gzip.decompress(raw)
    except (OSError, EOFError) as e:
        raise CorpusError(str(path), f"cannot read the file: {e}") from None
    if not raw.strip():
        raise CorpusError(str(path), "the file is empty", "remove it or add papers to it")
    if b"\x00" in raw[:8192]:
        raise CorpusError(str(path), "binary file, not a text corpus", "give a .txt, .jsonl, .jsonl.gz or .csv file")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise CorpusError(f"{path}:{line}", "not UTF-8 text", "re-save the file as UTF-8") from None
    return text.split("\n")


def _titles_beside(path: Path) -> dict[tuple[str, int], dict[str, str]]:
    tsv = path.parent / "titles.tsv"
    if not tsv.exists():
        return {}
    rows: dict[tuple[str, int], dict[str, str]] = {}
    reader = csv.DictReader(io.StringIO("\n".join(_read_text(tsv))), delimiter="\t")
    for row in reader:
        try:
            rows[(row["file"], int(row["line"]))] = row
        except (KeyError, TypeError, ValueError):
            raise CorpusError(
                f"{tsv}:{reader.line_num}", "expected columns file, line, title, track, url"
            ) from None
    return rows


def read_seed(path: Path) -> list[Paper]:
    lines = _read_text(path)
    m = _HEADER.match(lines[0])
    if not m:
        raise CorpusError(
            f"{path}:1", f"expected a header like 'ICLR 2026 Papers', found {lines[0][:60]!r}"
        )
    venue, year = m.group("venue"), int(m.group("year"))
    titles = _titles_beside(path)
    papers = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        if len(line.strip()) < MIN_ABSTRACT_CHARS:
            raise CorpusError(
                f"{path}:{number}",
                f"too short to be an abstract ({len(line.strip())} characters)",
                "each non-empty line must hold one whole abstract",
            )
        row = titles.get((path.name, number), {})
        papers.append(
            make_paper(
                raw_abstract=line, venue=venue, year=year, source=f"{path.name}:{number}",
                title=row.get("title", ""), track=row.get("track", "") or f"{venue} {year}",
                url=row.get("url", ""),
            )
        )
    if not papers:
        raise CorpusError(str(path), "a header but no abstracts", "add one abstract per line")
    return papers


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list):
        return [str(v) for v in value]
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
    paper = make_paper(
        raw_abstract=abstract, venue=venue, year=year, source=f"{name}:{where.rsplit(':', 1)[-1]}",
        title=str(record.get("title") or ""), track=str(record.get("track") or ""),
        url=str(record.get("url") or ""), record_id=str(record.get("id") or record.get("paper_id") or ""),
        authors=_as_list(record.get("authors")), keywords=_as_list(record.get("keywords")),
    )
    if len(paper.abstract) < MIN_ABSTRACT_CHARS:  # the same floor as a seed line, after cleaning
        raise CorpusError(where, f"the abstract is {len(paper.abstract)} characters once cleaned "
                          f"(HTML, LaTeX and URLs taken out); an abstract has at least {MIN_ABSTRACT_CHARS}")
    return paper


def read_jsonl(path: Path) -> list[Paper]:
    papers = []
    for number, line in enumerate(_read_text(path), start=1):
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
        papers.append(_record_to_paper(record, where, path.name))
    if not papers:
        raise CorpusError(str(path), "no records", "one JSON object per line")
    return papers


def read_csv(path: Path) -> list[Paper]:
    reader = csv.DictReader(io.StringIO("\n".join(_read_text(path))))
    if not reader.fieldnames or "abstract" not in reader.fieldnames:
        raise CorpusError(f"{path}:1", "the header has no 'abstract' column", "columns: title, abstract, venue, year, …")
    papers = []
    try:
        for record in reader:
            papers.append(_record_to_paper(record, f"{path}:{reader.line_num}", path.name))
    except csv.Error as e:
        raise CorpusError(f"{path}:{reader.line_num}", f"malformed CSV ({e})") from None
    if not papers:
        raise CorpusError(str(path), "no records")
    return papers


def read_file(path: Path) -> list[Paper]:
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


def read_paths(paths: Iterable[Path], skip: Iterable[Path] = ()) -> list[Paper]:
    """Every paper in the given files and folders; the last reading of an id wins."""
    by_id: dict[str, Paper] = {}
    for path in paths:
        for file in corpus_files(Path(path), skip):
            for paper in read_file(file):
                by_id[paper.paper_id] = paper
    return list(by_id.values())
