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

A commit adds `commit-<token>` (the manifest, as the committing writer saw it),
then upserts the "manifest" record, which is only a hint that something changed:
readers take the manifest of the valid commit with the highest generation. Paper
records carry their writer's token, and readers (and the prune after a commit)
take a record only if a valid commit names its generation and writer: records of
an ingest that died, or lost its lease, before its commit are never read, even
after another writer commits the same generation number, and the next prune
deletes them.

Fencing without compare-and-set. Chroma's `add` of an id that exists is ignored,
and that is the only atomic step it offers. A writer lists its token in
"pending" before it writes anything. The next holder of the lease, before it
reads the committed state, adds `abort-<token>` for every writer listed there
that has no commit record, then reads the commit records again: a commit that
landed meanwhile stands (the abort is deleted). A commit whose writer has an
abort record is void, and a committing writer reads its abort record after
adding its commit. So a writer that stalled past its lease between its last
renewal and its commit (a renewal cannot fence that) either committed before
the next writer looked, or finds its commit void and says so; in no order can
its late commit or manifest hint replace the newer writer's commit, whose sweep
may have removed its chunks. (Two writers that each see the other's record
both step back: the stalled one reports a lost lease although its commit
stands, and running it again finds its papers unchanged.) Abort records are
kept: a stalled writer may come back at any time. A writer that lost the lease
after committing does not sweep (index.py), and a prune keeps the records of
any generation above the one it prunes for.
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
from paperchat.keyword import KeywordIndex, paper_text

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
        """The manifest of the valid commit with the highest generation (the "manifest" record
        when there is none: an index written before commit records held manifests)."""
        hint = self._record("manifest")
        commits = self._commits()
        if not commits:
            return hint
        top = max(commits.values(), key=lambda c: int(c["generation"]))
        if "collection" not in top:  # a token-only record of an older paperchat
            return hint
        return {k: v for k, v in top.items() if k not in ("writer", "id")}

    def commit(self, manifest: dict[str, Any]) -> None:
        """Record this writer's commit, unless a later writer voided it, then point readers at it."""
        if self._token:
            self.renew()  # a writer that lost its lease while stalled stops here, before any commit record
            record = {**manifest, "writer": self._token}
            self._meta().add(ids=[f"commit-{self._token}"], embeddings=[ONE], documents=[json.dumps(record)],
                             metadatas=[{"commit": int(manifest["generation"])}])
            if self._meta().get(ids=[f"abort-{self._token}"])["ids"]:
                raise PaperchatError(f"this ingest lost the writer's lease on {self.where} while committing "
                                     "(it stalled for longer than the lease); run it again: papers that did "
                                     "get in are found unchanged")
            manifest = record
        self._put("manifest", manifest)

    def _commits(self) -> dict[str, dict[str, Any]]:
        """token -> the manifest it committed, for every commit not voided by an abort record."""
        meta = self._meta()
        got = meta.get(where={"commit": {"$gte": 0}}, include=["documents", "metadatas"])
        void = {i.removeprefix("abort-") for i in meta.get(where={"abort": {"$gte": 0}})["ids"]}
        commits = {}
        for rid, m, doc in zip(got["ids"], got["metadatas"], got["documents"], strict=True):
            record = json.loads(doc) if doc.startswith("{") else {"writer": doc}  # older: the token alone
            record.update(generation=int(m["commit"]), id=rid)
            if record["writer"] not in void:
                commits[str(record["writer"])] = record
        return commits

    def _writers(self) -> dict[tuple[int, str], str]:
        """(generation, token) -> record id, for every valid commit."""
        return {(int(c["generation"]), token): str(c["id"]) for token, c in self._commits().items()}

    @staticmethod
    def _committed(meta: dict[str, Any], writers: dict[tuple[int, str], str], generation: int) -> bool:
        """A paper record readers of `generation` may use: written for it or before, by a writer
        whose commit of its generation stands (records from before writer tokens have none to match)."""
        made = int(meta["gen"])
        return made <= generation and ("writer" not in meta or (made, str(meta["writer"])) in writers)

    def _fence(self) -> None:
        """Void the commit of every writer that listed itself in "pending" and has not committed
        (it died, or stalled past its lease and may still try); a commit that lands while this
        runs stands."""
        listed = set(self.pending().get("writers", [])) - {self._token}
        if not listed:
            return
        meta = self._meta()
        late = [t for t in listed if not meta.get(ids=[f"commit-{t}"])["ids"]]
        for token in late:
            meta.add(ids=[f"abort-{token}"], embeddings=[ONE], documents=[token], metadatas=[{"abort": 1}])
        landed = [t for t in late if meta.get(ids=[f"commit-{t}"])["ids"]]
        if landed:
            meta.delete(ids=[f"abort-{t}" for t in landed])
            self._put("manifest", self.manifest())  # readers (and this writer) look again

    def stamp(self) -> object:
        at, stamp, _ = self._stamp
        if time.monotonic() - at > STAMP_EVERY_S:
            hint = self._record("manifest")  # any commit rewrites it; readers then take manifest()
            stamp = (hint.get("generation"), hint.get("collection"), hint.get("writer"))
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
        keyword.update({pid: paper_text(str(meta["title"]), text) for pid, (_, meta, text) in best.items()})
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
                if int(meta["gen"]) > committed  # a later writer's, committed or not: its own prune decides
                or (self._committed(meta, writers, committed) and int(meta["gen"]) == newest[str(meta["paper_id"])])}
        stale = [rid for rid, _, _ in rows if rid not in kept]
        used = {(int(meta["gen"]), meta.get("writer")) for rid, meta, _ in rows if rid in kept}
        unused = [rid for (g, t), rid in writers.items() if g < committed and (g, t) not in used]
        if unused:
            self._meta().delete(ids=unused)
        for at in range(0, len(stale), 4096):
            self._papers(collection).delete(ids=stale[at:at + 4096])

    # ------------------------------------------------------------ pending and the lease

    def pending(self) -> dict[str, Any]:
        return self._record("pending")

    def set_pending(self, papers: set[str], collections: set[str]) -> None:
        """What this ingest may write, and this writer's token beside those of earlier ones
        that never finished (the next writer voids their commits: `_fence`)."""
        writers = set(self.pending().get("writers", [])) | {self._token}
        self._put("pending", {"papers": sorted(papers), "collections": sorted(collections),
                              "writers": sorted(writers - {""})})

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
            self._fence()
            self._stamp = (0.0, None, False)  # the writer reads the committed state afresh
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
