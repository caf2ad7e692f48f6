"""Paper -> chunks -> embeddings -> Chroma, plus the BM25 keyword index; crash-safe commits.

Built from llama-index parts: each paper is a `Document` (id = paper id, the
abstract as text, the paper fields as metadata), `SentenceSplitter` makes
sentence-aware chunks sized in embedder tokens, and a `SimpleDocumentStore`
keeps a hash per paper to decide new / changed / unchanged. Chunks go to
Chroma through chunkstore.py (why not `ChromaVectorStore`: see there). We do
not use `IngestionPipeline`: in upsert mode it deletes a changed paper's old
vectors before embedding the new ones.

Every ingest is one commit (generation.py): chunks are written as they are
embedded (invisible to readers until committed), then the new generation's
docstore, BM25 and chunk counts are written and fsynced, then the manifest is
renamed over the old one. `--rebuild` builds a new collection and generation
beside the old ones and the same rename swaps them. Readers (`snapshot`) keep
the generation they loaded until the manifest changes, then load the new one,
reopening Chroma if another process wrote it. Roles (roles.py) are labelled
for new and changed papers.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from paperchat import generation as gen
from paperchat.chunkstore import ChunkStore, persistent
from paperchat.config import Settings
from paperchat.documents import IngestReport, content_hash, paper_document
from paperchat.errors import IndexMismatchError, IndexMissingError, PaperchatError
from paperchat.generation import FileLedger, Snapshot
from paperchat.keyword import KeywordIndex, paper_text
from paperchat.manifest import check_manifest
from paperchat.roles import label as label_roles
from paperchat.schema import Filters, Paper
from paperchat.text import sentences

if TYPE_CHECKING:  # llama-index is imported where it is used, so importing paperchat stays cheap
    from llama_index.core import Document
    from llama_index.core.base.embeddings.base import BaseEmbedding
    from llama_index.core.node_parser import SentenceSplitter

SCHEMA = 2  # 2: generations, chunk ids with revisions
def _stores(settings: Settings, folder: Path) -> tuple[ChunkStore, Any]:
    """Where chunks and the committed state live: this folder (embedded Chroma + generation
    files) or a Chroma server that holds both (serverledger.py)."""
    if settings.index.store == "http":
        from paperchat.serverledger import ServerLedger, http_connector, unreachable

        chunks = ChunkStore(http_connector(settings.index), unreachable=lambda e: unreachable(settings.index, e))
        return chunks, ServerLedger(chunks, settings.index)
    return ChunkStore(persistent(folder / "chroma"), folder / "chroma"), FileLedger(folder)


class PaperIndex:
    """The persistent index in one folder (layout: generation.py)."""

    def __init__(self, settings: Settings, embedder: BaseEmbedding, folder: Path | None = None,
                 token_counter: Callable[[str], int] | None = None, check: bool = True) -> None:
        self.settings = settings
        self.folder = Path(folder or settings.index_dir)
        self.embedder = embedder
        self._count = token_counter or getattr(embedder, "count_tokens", None) or (lambda t: len(t.split()))
        self.chunks, self.ledger = _stores(settings, self.folder)
        self.manifest = self.ledger.manifest()
        if check:
            check_manifest({k: v for k, v in self.manifest.items() if k != "schema"},
                           {k: v for k, v in self._build_key().items() if k != "schema"}, self.ledger.where)
        self._snap: Snapshot | None = None
        self._stamp: object = None
        self._loading = threading.Lock()

    @classmethod
    def open(cls, settings: Settings, check: bool = True) -> PaperIndex:
        """The index at `settings.index_dir` with the configured embedder."""
        from paperchat.embedder import load_embedder

        return cls(settings, load_embedder(settings.embedder, settings.models_dir), check=check)

    # ------------------------------------------------------------ state on disk

    def _build_key(self) -> dict[str, Any]:
        ix = self.settings.index
        return {"schema": SCHEMA, "embedder": self.embedder.model_name,
                "chunk_tokens": ix.chunk_tokens, "chunk_overlap": ix.chunk_overlap, "embed_chunks": ix.embed_chunks}

    def update_manifest(self, **changes: Any) -> None:
        self.manifest = {**self.manifest, **self._build_key(), **changes}
        self.ledger.commit(self.manifest)

    @property
    def exists(self) -> bool:
        return bool(self.manifest)

    def require(self) -> PaperIndex:
        if not self.exists:
            raise IndexMissingError(
                f"no index at {self.ledger.where}: build it with `paperchat ingest` (reads data/)"
            )
        if self.manifest.get("schema") != SCHEMA:
            raise IndexMismatchError(
                f"the index at {self.ledger.where} was built by an older paperchat; "
                "`paperchat ingest` rebuilds it beside the old one"
            )
        return self

    def _manifest_stamp(self) -> object:
        return self.ledger.stamp()

    def snapshot(self) -> Snapshot:
        """The committed generation; a newer one is loaded as soon as its manifest is in place."""
        stamp = self._manifest_stamp()
        if self._snap is not None and stamp == self._stamp:
            return self._snap
        with self._loading:
            if self._snap is not None and stamp == self._stamp:
                return self._snap
            for attempt in range(3):
                manifest = self.ledger.manifest()
                try:
                    snap = self.ledger.load(manifest, self._default_collection())
                    break
                except PaperchatError:  # pruned under us by two quick commits: read the pointer again
                    if attempt == 2:
                        raise
                    stamp = self._manifest_stamp()
            if self._snap is not None and snap.generation != self._snap.generation:
                self.chunks.reopen()  # another process wrote it: our Chroma client has not seen its vectors
            self.manifest, self._snap, self._stamp = manifest, snap, stamp
            return snap

    def _default_collection(self) -> str:
        return f"{self.settings.index.collection}-1"

    @property
    def papers(self) -> dict[str, Paper]:
        return self.snapshot().papers

    @property
    def keyword(self) -> KeywordIndex:
        return self.snapshot().keyword

    def chunk_count(self) -> int:
        return self.snapshot().chunk_total if self.exists else 0

    # ------------------------------------------------------------ Chroma

    def collection(self, name: str | None = None) -> Any:
        """A Chroma collection of this index (the committed one by default)."""
        return self.chunks.collection(name or self.snapshot().collection)

    # ------------------------------------------------------------ ingestion

    def splitter(self) -> SentenceSplitter:
        from llama_index.core.node_parser import SentenceSplitter

        ix = self.settings.index
        return SentenceSplitter(
            chunk_size=ix.chunk_tokens, chunk_overlap=ix.chunk_overlap,
            tokenizer=lambda text: [0] * self._count(text),
            id_func=lambda i, doc: f"{doc.id_}#{doc.metadata['rev']}#{i}",
        )

    def _embedding(self, workers: int, papers: int) -> tuple[Any, Any]:
        """(batches -> vectors, the pool to close): in this process, or in `workers` processes."""
        if workers > 1 and papers > 100:
            from paperchat.workers import EmbedPool

            pool = EmbedPool(self.settings.embedder, self.settings.models_dir, workers)
            return pool, pool
        return (lambda batches: (self.embedder.get_text_embedding_batch(b) for b in batches)), None

    def ingest(self, papers: Iterable[Paper], progress: bool = True, rebuild: bool = False,
               workers: int = 1) -> IngestReport:
        """Add new papers, replace changed ones, skip unchanged ones, as one commit.
        `rebuild` (or an index built by an older paperchat) starts a new collection beside
        the old one, which is dropped only after the new generation is committed."""
        start = time.perf_counter()
        with self.ledger.lock():
            self.manifest = self.ledger.manifest()
            fresh = rebuild or (self.exists and self.manifest.get("schema") != SCHEMA)
            if not fresh:
                check_manifest(self.manifest, self._build_key(), self.ledger.where)
            current = self.snapshot() if self.exists else gen.empty(self._default_collection())
            number = current.generation + 1
            collection = f"{self.settings.index.collection}-{number}" if fresh else current.collection
            base = gen.empty(collection) if fresh else current
            docs = [paper_document(p) for p in papers]
            old = base.docstore.get_all_document_hashes()
            added = [d for d in docs if d.id_ not in base.revs]
            updated = [d for d in docs if d.id_ in base.revs and content_hash(d) not in old]
            to_run = added + updated
            for doc in to_run:
                doc.metadata["roles"] = ",".join(label_roles(sentences(doc.text)))
            pending = self.ledger.pending()
            if not to_run and not fresh and not pending and not base.keyword.reindexed:
                return IngestReport(papers=len(base.revs), added=0, updated=0, unchanged=len(docs),
                                    chunks=base.chunk_total, seconds=time.perf_counter() - start)
            self.ledger.set_pending(set(pending.get("papers", [])) | {d.id_ for d in to_run},
                              set(pending.get("collections", [])) | {collection} | ({current.collection} if fresh else set()))
            embed, pool = self._embedding(workers, len(to_run))
            try:
                counts, reused = self.chunks.write(collection, to_run, self.splitter(), embed, progress,
                                                   self.ledger.renew, self.settings.index.embed_chunks)
            finally:
                if pool is not None:
                    pool.close()
            snap = self._next(base, number, collection, to_run, counts)
            self.ledger.save(snap, to_run)
            self.update_manifest(generation=number, collection=collection, papers=len(snap.revs),
                                 chunks=snap.chunk_total)  # the commit
            self.manifest = self.ledger.manifest()
            self._snap, self._stamp = snap, self._manifest_stamp()
            self._sweep(snap, self.ledger.pending())
        written = sum(counts.values())
        return IngestReport(
            papers=len(snap.revs), added=len(added), updated=len(updated), unchanged=len(docs) - len(to_run),
            chunks=snap.chunk_total, chunks_written=written - reused, chunks_reused=reused,
            seconds=time.perf_counter() - start,
        )

    def _sweep(self, snap: Snapshot, pending: dict[str, Any]) -> None:
        """After a commit: drop the chunks and collections no committed generation uses. A writer
        that lost its lease since its commit (it stalled) leaves that to the writer after it,
        whose chunks it could otherwise delete mid-ingest."""
        try:
            self.ledger.renew()
        except PaperchatError:
            return
        self.chunks.sweep(snap.collection, snap.revs, set(pending.get("collections", [])),
                          None if pending.get("all") else list(pending.get("papers", [])))
        self.ledger.clear_pending()
        self.ledger.prune(snap.generation)

    def _next(self, base: Snapshot, number: int, collection: str, docs: list[Document],
              counts: dict[str, int]) -> Snapshot:
        """The next generation: `base` (copied, never changed: readers may hold it) plus `docs`."""
        from llama_index.core.storage.docstore import SimpleDocumentStore

        docstore = SimpleDocumentStore.from_dict({k: dict(v) for k, v in base.docstore.to_dict().items()})
        for doc in docs:
            docstore.add_documents([doc], allow_update=True)
            docstore.set_document_hash(doc.id_, content_hash(doc))
        keyword = base.keyword.copy()
        keyword.update({d.id_: paper_text(d.metadata["title"], d.text) for d in docs})
        return Snapshot(number, collection, docstore, keyword, {**base.chunks, **counts})

    # ------------------------------------------------------------ queries

    def dense(self, query_embedding: list[float], top: int, filters: Filters | None = None,
              snap: Snapshot | None = None, judge: list[float] | None = None) -> list[tuple[str, str, float, float]]:
        """(paper_id, chunk text, cosine, judged) for the nearest chunks that `snap` committed; `judged`
        is the chunk's cosine to `judge` (ChunkStore.query)."""
        snap = snap or self.snapshot()
        f = filters or Filters()
        where: list[dict[str, Any]] = []
        for key, values in (("venue", list(f.venues)), ("year", [int(y) for y in f.years]), ("paper_id", f.papers)):
            if values:
                where.append({key: {"$in": values}})
        writing = self.ledger.writing()  # uncommitted chunks may take places: ask for more

        def current() -> tuple[str, dict[str, str]]:
            self._stamp = None
            fresh = self.snapshot()
            return fresh.collection, fresh.revs

        return self.chunks.query(snap.collection, query_embedding, max(min(top * (2 if writing else 1), snap.chunk_total), 1),
                                 (where[0] if len(where) == 1 else {"$and": where}) if where else None,
                                 snap.revs, current, judge)[:top]

    def matching(self, filters: Filters, snap: Snapshot | None = None) -> list[Paper]:
        """The papers that pass the venue/year/paper filters, in keyword-index order."""
        mask = self.mask(filters, snap)
        snap = snap or self.snapshot()
        return [snap.papers[pid] for i, pid in enumerate(snap.keyword.ids) if mask is None or mask[i]]

    def mask(self, filters: Filters, snap: Snapshot | None = None) -> np.ndarray | None:
        """Which rows of the keyword index pass `filters` (None: all)."""
        if not filters:
            return None
        snap = snap or self.snapshot()
        papers, vs, ids = snap.papers, {v.lower() for v in filters.venues}, set(filters.papers)
        return np.array([
            (not vs or papers[pid].venue.lower() in vs) and (not filters.years or papers[pid].year in filters.years)
            and (not ids or pid in ids) for pid in snap.keyword.ids
        ])
