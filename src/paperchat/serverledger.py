"""The committed state of an index kept in a Chroma server: app nodes hold nothing they cannot rebuild.

With `index.store: http` the Chroma server is the source of truth. Besides the
chunk collection it holds, for a collection named C:

    C-papers   one record per paper revision: id `<paper id>#<rev>`, the cleaned
               abstract as document, the paper fields, its content hash, its
               chunk count and the generation that wrote it
    C-meta     "manifest" (the commit pointer: generation, collection, build
               settings), "pending" (papers an unfinished ingest may have
               written) and "lock" (the writer's lease)

(C is `papers-<n>`; a rebuild starts a new one and the meta collection is
always `<index.collection>-meta`.) A commit is one upsert of the manifest
record, atomic in Chroma. Readers take, for each paper, its record with the
highest generation not above the committed one whose writer committed that
generation (below), so records a killed ingest wrote are invisible; the prune
after a commit deletes superseded and uncommitted ones. The
docstore, the BM25 matrix and the roles are derived from the paper records
by every app node at start, and again when the manifest record changes
(checked at most once a second). Why not the docstore in a shared file: the
point of a server is that app nodes on other machines share nothing but it.

The writer's lock is a lease (host, pid, expiry, a random token), renewed as it
writes: an flock cannot span machines. It is taken by `add`, which Chroma ignores
for an id that exists, and read back: of two writers racing for it exactly one
finds its own token. A lease past its expiry, or from this host with its process
gone, is removed by a delete conditioned on its token, so a racer cannot remove a
lease another writer has just taken. A writer that finds another token when it
renews has lost the lease and stops before its commit; it renews once more just
before committing.

A commit first writes `commit-<generation>` (the committing writer's token), then
the manifest. Paper records carry their writer's token, and readers (and the
prune after a commit) take a record only if its generation's commit record names
its writer: records of an ingest that died, or lost its lease, before its commit
are never read, even after another writer commits the same generation number,
and the next prune deletes them. (What no lease can fence: a writer stalled past
LEASE_S between that last renewal and its two upserts, milliseconds apart; its
commit would replace the newer one with its own consistent generation, over
records the newer writer's sweep may have removed.)
"""

from __future__ import annotations

import json
import os
import socket
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from paperchat.chunkstore import ChunkStore
from paperchat.config import IndexSettings
from paperchat.errors import PaperchatError
from paperchat.generation import Snapshot
from paperchat.keyword import KeywordIndex

if TYPE_CHECKING:
    from llama_index.core import Document

LEASE_S = 300.0
STAMP_EVERY_S = 1.0
PAGE = 2000
ONE = [1.0]  # meta and paper records are found by id, never by vector


def http_connector(ix: IndexSettings) -> Callable[[], Any]:
    def connect() -> Any:
        import chromadb
        from chromadb.config import Settings as ChromaSettings

        headers = dict(ix.headers)
        if ix.token_env:
            token = os.environ.get(ix.token_env, "")
            if not token:
                raise PaperchatError(f"index.token_env names {ix.token_env}, which is not set")
            headers["Authorization"] = f"Bearer {token}"
        try:
            client = chromadb.HttpClient(host=ix.host, port=ix.port, ssl=ix.ssl, headers=headers,
                                         settings=ChromaSettings(anonymized_telemetry=False))
            client.heartbeat()
        except Exception as e:  # noqa: BLE001 - any connection failure gets the same message
            raise PaperchatError(unreachable(ix, e)) from None
        return client
    return connect


def unreachable(ix: IndexSettings, e: Exception) -> str:
    return (f"the Chroma server at {'https' if ix.ssl else 'http'}://{ix.host}:{ix.port} does not answer "
            f"({type(e).__name__}); start it (`chroma run --path DIR --port {ix.port}`) or fix index.host/port")


class ServerLedger:
    def __init__(self, chunks: ChunkStore, ix: IndexSettings) -> None:
        self.chunks, self.ix = chunks, ix
        self.where = f"chroma://{ix.host}:{ix.port}/{ix.collection}"
        self._stamp: tuple[float, object, bool] = (0.0, None, False)
        self._token = ""  # this writer's lease, while it holds one

    def _meta(self) -> Any:
        return self.chunks.collection(f"{self.ix.collection}-meta")

    def _record(self, key: str) -> dict[str, Any]:
        try:
            got = self._meta().get(ids=[key], include=["documents"])
        except PaperchatError:
            raise
        except Exception as e:  # noqa: BLE001 - the server went away between questions
            self.chunks.reset()
            raise PaperchatError(unreachable(self.ix, e)) from None
        return json.loads(got["documents"][0]) if got["ids"] else {}

    def _put(self, key: str, value: dict[str, Any]) -> None:
        self._meta().upsert(ids=[key], embeddings=[ONE], documents=[json.dumps(value)])

    # ------------------------------------------------------------ the pointer

    def manifest(self) -> dict[str, Any]:
        return self._record("manifest")

    def commit(self, manifest: dict[str, Any]) -> None:
        """Name this writer as the one whose records make up the generation, then point readers at it."""
        if self._token:
            self.renew()  # a writer that lost its lease while stalled stops here, before any commit record
            self._meta().upsert(ids=[f"commit-{manifest['generation']}"], embeddings=[ONE],
                                documents=[self._token], metadatas=[{"commit": int(manifest["generation"])}])
        self._put("manifest", manifest)

    def _writers(self) -> dict[int, str]:
        """generation -> the token of the writer that committed it (one record per generation)."""
        got = self._meta().get(where={"commit": {"$gte": 0}}, include=["documents", "metadatas"])
        return {int(m["commit"]): str(d) for m, d in zip(got["metadatas"], got["documents"], strict=True)}

    @staticmethod
    def _committed(meta: dict[str, Any], writers: dict[int, str], generation: int) -> bool:
        """A paper record readers of `generation` may use: written for it or before, by the writer
        that committed its generation (records from before writer tokens have none to match)."""
        made = int(meta["gen"])
        return made <= generation and ("writer" not in meta or writers.get(made) == meta["writer"])

    def stamp(self) -> object:
        at, stamp, _ = self._stamp
        if time.monotonic() - at > STAMP_EVERY_S:
            manifest = self.manifest()
            stamp = (manifest.get("generation"), manifest.get("collection"))
            self._stamp = (time.monotonic(), stamp, bool(self._record("pending")))
        return stamp

    def writing(self) -> bool:
        return self._stamp[2]

    # ------------------------------------------------------------ generations

    def _papers(self, collection: str) -> Any:
        return self.chunks.collection(f"{collection}-papers")

    def _all(self, collection: str, include: list[str]) -> Iterator[tuple[str, dict[str, Any], str]]:
        target, offset = self._papers(collection), 0
        while True:
            got = target.get(include=include, limit=PAGE, offset=offset)
            docs = got.get("documents") or [""] * len(got["ids"])
            yield from zip(got["ids"], got["metadatas"], docs, strict=True)
            if len(got["ids"]) < PAGE:
                return
            offset += PAGE

    def load(self, manifest: dict[str, Any], default_collection: str) -> Snapshot:
        """The committed generation, derived from the paper records."""
        from llama_index.core import Document
        from llama_index.core.storage.docstore import SimpleDocumentStore

        from paperchat.generation import empty

        generation = int(manifest.get("generation", 0))
        collection = str(manifest.get("collection", default_collection))
        if not generation:
            return empty(collection)
        best: dict[str, tuple[int, dict[str, Any], str]] = {}
        writers = self._writers()
        for _, meta, text in self._all(collection, ["metadatas", "documents"]):
            pid, made = str(meta["paper_id"]), int(meta["gen"])
            if self._committed(meta, writers, generation) and (pid not in best or made > best[pid][0]):
                best[pid] = (made, meta, text)
        docstore, keyword, chunks = SimpleDocumentStore(), KeywordIndex(), {}
        for pid, (_, meta, text) in best.items():
            fields = {k: v for k, v in meta.items() if k not in ("gen", "chunks", "hash", "writer")}
            docstore.add_documents([Document(id_=pid, text=text, metadata=fields)])
            docstore.set_document_hash(pid, str(meta["hash"]))
            chunks[pid] = int(meta["chunks"])
        keyword.update({pid: f"{meta['title']}. {text}" for pid, (_, meta, text) in best.items()})
        return Snapshot(generation, collection, docstore, keyword, chunks)

    def save(self, snap: Snapshot, docs: list[Document]) -> None:
        """Write the records of the papers this generation adds or changes (uncommitted until
        the manifest names the generation)."""
        target = self._papers(snap.collection)
        for at in range(0, len(docs), PAGE):
            batch = docs[at:at + PAGE]
            target.upsert(
                ids=[f"{d.id_}#{d.metadata['rev']}" for d in batch], embeddings=[ONE] * len(batch),
                documents=[d.text for d in batch],
                metadatas=[{**d.metadata, "gen": snap.generation, "chunks": snap.chunks[d.id_], "writer": self._token,
                            "hash": snap.docstore.get_document_hash(d.id_) or ""} for d in batch])
            self.renew()

    def prune(self, committed: int) -> None:
        """Delete paper records no reader of the committed generation (or a later one) needs: those
        superseded, and those of a writer that never committed (killed, or it lost its lease)."""
        manifest = self.manifest()
        collection = str(manifest.get("collection", ""))
        if not collection:
            return
        newest: dict[str, int] = {}
        rows = list(self._all(collection, ["metadatas"]))
        writers = self._writers()
        for _, meta, _ in rows:
            if self._committed(meta, writers, committed):
                pid = str(meta["paper_id"])
                newest[pid] = max(newest.get(pid, 0), int(meta["gen"]))
        kept = {rid for rid, meta, _ in rows
                if self._committed(meta, writers, committed) and int(meta["gen"]) == newest[str(meta["paper_id"])]}
        stale = [rid for rid, _, _ in rows if rid not in kept]
        used = {int(meta["gen"]) for rid, meta, _ in rows if rid in kept}
        unused = [f"commit-{g}" for g in writers if g < committed and g not in used]
        if unused:
            self._meta().delete(ids=unused)
        for at in range(0, len(stale), 4096):
            self._papers(collection).delete(ids=stale[at:at + 4096])

    # ------------------------------------------------------------ pending and the lease

    def pending(self) -> dict[str, Any]:
        return self._record("pending")

    def set_pending(self, papers: set[str], collections: set[str]) -> None:
        self._put("pending", {"papers": sorted(papers), "collections": sorted(collections)})

    def clear_pending(self) -> None:
        self._meta().delete(ids=["pending"])

    def _lease(self) -> str:
        return json.dumps({"host": socket.gethostname(), "pid": os.getpid(), "expires": time.time() + LEASE_S,
                           "token": self._token})

    def _busy(self, held: dict[str, Any]) -> PaperchatError:
        return PaperchatError(f"the index at {self.where} is being written by pid {held.get('pid')} on "
                              f"{held.get('host')}; wait for that ingest to finish, then run this one again")

    def renew(self) -> None:
        """Extend this writer's lease; raise if another writer holds it now."""
        held = self._record("lock")
        if held.get("token") != self._token:
            raise PaperchatError(f"this ingest lost the writer's lease on {self.where} (now held by pid "
                                 f"{held.get('pid')} on {held.get('host')}); nothing was committed: run it again")
        self._meta().upsert(ids=["lock"], embeddings=[ONE], documents=[self._lease()],
                            metadatas=[{"token": self._token}])

    @contextmanager
    def lock(self) -> Iterator[None]:
        held = self._record("lock")
        if held and held.get("token") != self._token:
            if float(held.get("expires", 0)) > time.time() and not self._dead(held):
                raise self._busy(held)
            # expired or dead: remove that lease only (a lease from before tokens has none to match)
            self._meta().delete(ids=["lock"], where={"token": held["token"]} if held.get("token") else None)
        self._token = uuid.uuid4().hex
        self._meta().add(ids=["lock"], embeddings=[ONE], documents=[self._lease()],
                         metadatas=[{"token": self._token}])  # ignored by Chroma if a racer's is there
        held = self._record("lock")
        if held.get("token") != self._token:
            raise self._busy(held)
        try:
            yield
        finally:
            self._meta().delete(ids=["lock"], where={"token": self._token})

    @staticmethod
    def _dead(held: dict[str, Any]) -> bool:
        """A lease from this host whose process is gone."""
        if held.get("host") != socket.gethostname():
            return False
        try:
            os.kill(int(held.get("pid", 0)), 0)
        except (ProcessLookupError, ValueError):
            return True
        except PermissionError:
            return False
        return False
