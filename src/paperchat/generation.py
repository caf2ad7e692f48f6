"""An index's committed state on disk: numbered generations, one pointer, one writer.

Layout of an index folder:

    manifest.json        the pointer: generation N, its Chroma collection, build settings
    gen/N/docstore.json  the papers of generation N (llama-index SimpleDocumentStore)
    gen/N/keyword.*      its BM25 matrix and row ids (keyword.py)
    gen/N/chunks.json    paper id -> number of chunks it has in Chroma
    chroma/              chunks of every generation, keyed `<paper id>#<rev>#<i>`
    pending.json         papers whose chunks an unfinished ingest may have written
    write.lock           held (flock) by the one process writing

A generation's files are written whole into a new folder and fsynced, then the
manifest is replaced by an fsynced rename: that rename is the commit. A crash
before it leaves the previous generation in force; after it, the new one. Chunk
ids carry the paper's content revision, so chunks an unfinished ingest wrote
are invisible to readers (`Snapshot.revs` says which revision each committed
paper has) and a repeated ingest finds them already there. `pending.json`
names the papers such chunks may belong to; the next commit deletes those that
no generation uses. The lock is an flock, which the kernel drops when its
holder dies, so a killed ingest never leaves a stale lock behind.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from paperchat.errors import PaperchatError
from paperchat.keyword import KeywordIndex, paper_text
from paperchat.schema import Paper
from paperchat.text import TOKENS_VERSION

if TYPE_CHECKING:
    from llama_index.core.storage.docstore import SimpleDocumentStore

KEEP = 2  # generations kept on disk: the committed one and the one before, for readers still loading it


def fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_file(path: Path) -> None:
    with open(path, "rb+") as f:
        os.fsync(f.fileno())


def write_atomic(path: Path, data: str) -> None:
    """Write `path` so that a crash leaves either its old content or the new one, on disk."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    tmp.replace(path)
    fsync_dir(path.parent)


class WriterLock:
    """One writer per index folder; a second is refused with the holder's pid."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "write.lock"
        self._fd: int | None = None

    def __enter__(self) -> WriterLock:
        import fcntl

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise PaperchatError(f"cannot write the index at {self.path.parent} ({e.strerror}); "
                                 "check the folder's permissions and free space") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode(errors="replace").strip() or "?"
            os.close(fd)
            raise PaperchatError(
                f"the index at {self.path.parent} is being written by pid {holder}; "
                "wait for that ingest to finish, then run this one again"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self._fd = fd
        return self

    def __exit__(self, *exc: object) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing drops the flock
            self._fd = None


class Snapshot:
    """One committed generation as readers see it: papers, BM25, and which chunks count."""

    def __init__(self, generation: int, collection: str, docstore: SimpleDocumentStore,
                 keyword: KeywordIndex, chunks: dict[str, int]) -> None:
        self.generation = generation
        self.collection = collection
        self.docstore = docstore
        self.keyword = keyword
        self.chunks = chunks
        self.chunk_total = sum(chunks.values())  # once: every dense query reads it
        self.revs = {pid: rev(h) for h, pid in docstore.get_all_document_hashes().items()}
        self._papers: dict[str, Paper] | None = None

    @property
    def papers(self) -> dict[str, Paper]:
        if self._papers is None:
            self._papers = {pid: Paper.from_metadata(doc.metadata, doc.get_content())
                            for pid, doc in self.docstore.docs.items()}
        return self._papers


def rev(content_hash: str) -> str:
    """The revision a paper's chunk ids carry: enough of its content hash to tell versions apart."""
    return content_hash[:16]


def empty(collection: str) -> Snapshot:
    from llama_index.core.storage.docstore import SimpleDocumentStore

    return Snapshot(0, collection, SimpleDocumentStore(), KeywordIndex(), {})


def load(folder: Path, manifest: dict[str, Any], default_collection: str) -> Snapshot:
    """The generation the manifest points at (an empty one for a new index)."""
    from llama_index.core.storage.docstore import SimpleDocumentStore

    generation = int(manifest.get("generation", 0))
    collection = str(manifest.get("collection", default_collection))
    where = folder / "gen" / str(generation)
    if not generation or not where.is_dir():
        return empty(collection)
    try:
        docstore = SimpleDocumentStore.from_persist_path(str(where / "docstore.json"))
        chunks = json.loads((where / "chunks.json").read_text())
        keyword = KeywordIndex.load(where)
        if keyword.tokens != TOKENS_VERSION:  # saved by an older `tokenize`: its terms would miss a query's
            start = time.perf_counter()
            keyword = _reindexed(keyword.ids, docstore)
            logging.getLogger("paperchat").warning(
                "%s: keyword index saved by an older paperchat, rebuilt in memory (%.1f s, at every start until saved);"
                " `paperchat ingest` of this index's data saves it", folder, time.perf_counter() - start)
    except (OSError, ValueError) as e:
        raise PaperchatError(f"{where}: damaged ({e}); rebuild with `paperchat ingest --rebuild`") from None
    return Snapshot(generation, collection, docstore, keyword, chunks)


def _reindexed(ids: list[str], docstore: SimpleDocumentStore) -> KeywordIndex:
    """BM25 of the papers `ids` (in that order) from their text in `docstore`, by today's `tokenize`
    (in memory: the next ingest saves it, even one that changes no paper)."""
    keyword, docs = KeywordIndex(), docstore.docs
    keyword.update({pid: paper_text(docs[pid].metadata["title"], docs[pid].get_content()) for pid in ids if pid in docs})
    keyword.reindexed = True
    return keyword


def save(folder: Path, snap: Snapshot) -> None:
    """Write generation `snap.generation` whole and fsync it; the manifest is not touched."""
    where = folder / "gen" / str(snap.generation)
    if where.exists():
        shutil.rmtree(where)  # left by an ingest killed before its commit
    where.mkdir(parents=True)
    snap.docstore.persist(str(where / "docstore.json"))
    (where / "chunks.json").write_text(json.dumps(snap.chunks))
    snap.keyword.save(where)
    for path in where.iterdir():
        fsync_file(path)
    fsync_dir(where)
    fsync_dir(where.parent)


def prune(folder: Path, committed: int) -> None:
    """Remove generations older than the last KEEP, and any newer than the committed one."""
    root = folder / "gen"
    for path in root.iterdir() if root.is_dir() else []:
        if path.name.isdigit() and not committed - KEEP < int(path.name) <= committed:
            shutil.rmtree(path, ignore_errors=True)
    for legacy in ("docstore.json", "keyword.npz", "keyword.json"):  # schema-1 layout
        (folder / legacy).unlink(missing_ok=True)


def read_pending(folder: Path) -> dict[str, Any]:
    path = folder / "pending.json"
    try:
        data = json.loads(path.read_text()) if path.exists() else {}
    except ValueError:
        return {"all": True}  # unreadable: the next commit checks every chunk instead
    return data if isinstance(data, dict) else {"all": True}


def write_pending(folder: Path, papers: set[str], collections: set[str]) -> None:
    write_atomic(folder / "pending.json", json.dumps({"papers": sorted(papers), "collections": sorted(collections)}))


def clear_pending(folder: Path) -> None:
    (folder / "pending.json").unlink(missing_ok=True)
    fsync_dir(folder)


class FileLedger:
    """The committed state of an embedded index, in its folder (the layout above). A server
    index keeps the same state in Chroma itself (serverledger.py); PaperIndex uses either."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.where = str(folder)

    def manifest(self) -> dict[str, Any]:
        from paperchat.manifest import read_manifest

        return read_manifest(self.folder)

    def commit(self, manifest: dict[str, Any]) -> None:
        from paperchat.manifest import write_manifest

        self.folder.mkdir(parents=True, exist_ok=True)
        write_manifest(self.folder, manifest)

    def stamp(self) -> object:
        try:
            st = (self.folder / "manifest.json").stat()
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def load(self, manifest: dict[str, Any], default_collection: str) -> Snapshot:
        return load(self.folder, manifest, default_collection)

    def save(self, snap: Snapshot, docs: list[Any]) -> None:  # noqa: ARG002 - a generation is written whole
        save(self.folder, snap)

    def pending(self) -> dict[str, Any]:
        return read_pending(self.folder)

    def set_pending(self, papers: set[str], collections: set[str]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        write_pending(self.folder, papers, collections)

    def clear_pending(self) -> None:
        clear_pending(self.folder)

    def writing(self) -> bool:
        return (self.folder / "pending.json").exists()

    def prune(self, committed: int) -> None:
        prune(self.folder, committed)

    def lock(self) -> WriterLock:
        return WriterLock(self.folder)

    def renew(self) -> None:
        """The flock lasts as long as its holder: nothing to renew."""
