"""Paper -> chunks -> embeddings -> Chroma, plus the BM25 keyword index; idempotent upserts.

Built from llama-index parts: each paper is a `Document` (id = paper id, the
abstract as text, the paper fields as metadata), `SentenceSplitter` makes
sentence-aware chunks sized in embedder tokens, a `SimpleDocumentStore` keeps a
hash per paper to decide new / changed / unchanged, and `ChromaVectorStore`
holds the chunks with the paper metadata on every one.

We do not use `IngestionPipeline` itself: in upsert mode it deletes a changed
paper's old vectors *before* embedding the new ones, so an error or Ctrl-C
part-way leaves the index missing papers. Here everything is read, validated,
chunked and embedded first; only then is anything written, in the order
Chroma -> keyword index -> docstore -> manifest. The manifest is marked
"writing" for the duration, so an interrupted write is detected on the next run
and finished by re-ingesting (papers are deleted by id before being re-added).
Roles (roles.py) are labelled for new and changed papers; manifest.py records the build.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from paperchat.config import Settings
from paperchat.errors import IndexMissingError, PaperchatError
from paperchat.keyword import KeywordIndex
from paperchat.manifest import check_manifest, read_manifest, write_manifest
from paperchat.roles import label as label_roles
from paperchat.schema import Filters, Paper
from paperchat.text import sentences

if TYPE_CHECKING:  # llama-index is imported where it is used, so importing paperchat stays cheap
    from llama_index.core import Document
    from llama_index.core.base.embeddings.base import BaseEmbedding
    from llama_index.core.node_parser import SentenceSplitter
    from llama_index.core.schema import BaseNode
    from llama_index.core.storage.docstore import SimpleDocumentStore

SCHEMA = 1
EMBED_KEYS = {"title"}  # the only metadata embedded with each chunk
DERIVED = {"source", "roles"}  # where it was read, what we computed: a change to these re-embeds nothing


@dataclass
class IngestReport:
    papers: int
    added: int
    updated: int
    unchanged: int
    chunks: int
    chunks_written: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def paper_document(paper: Paper) -> Document:
    from llama_index.core import Document

    meta = paper.metadata()
    return Document(
        id_=paper.paper_id,
        text=paper.abstract,
        metadata=meta,
        excluded_embed_metadata_keys=[k for k in meta if k not in EMBED_KEYS],
        excluded_llm_metadata_keys=list(meta),
    )


def content_hash(doc: Document) -> str:
    """What decides new / changed / unchanged: the abstract and the paper's fields, but
    not where it was read from, so a renamed or moved corpus file re-embeds nothing."""
    fields = {k: v for k, v in sorted(doc.metadata.items()) if k not in DERIVED}
    return hashlib.sha256(f"{doc.text}\n{json.dumps(fields, sort_keys=True)}".encode()).hexdigest()


class PaperIndex:
    """The persistent index in one folder: chroma/, docstore.json, keyword.*, manifest.json."""

    def __init__(self, settings: Settings, embedder: BaseEmbedding, folder: Path | None = None,
                 token_counter: Callable[[str], int] | None = None) -> None:
        self.settings = settings
        self.folder = Path(folder or settings.index_dir)
        self.embedder = embedder
        self._count = token_counter or getattr(embedder, "count_tokens", None) or (lambda t: len(t.split()))
        self.manifest = read_manifest(self.folder)
        self._check_manifest()
        self._store: Any = None
        self._docstore: SimpleDocumentStore | None = None
        self._keyword: KeywordIndex | None = None
        self._papers: dict[str, Paper] | None = None

    @classmethod
    def open(cls, settings: Settings) -> PaperIndex:
        """The index at `settings.index_dir` with the configured embedder."""
        from paperchat.embedder import load_embedder

        return cls(settings, load_embedder(settings.embedder, settings.models_dir))

    # ------------------------------------------------------------ state on disk

    def _build_key(self) -> dict[str, Any]:
        ix = self.settings.index
        return {"schema": SCHEMA, "embedder": self.embedder.model_name,
                "chunk_tokens": ix.chunk_tokens, "chunk_overlap": ix.chunk_overlap}

    def _check_manifest(self) -> None:
        check_manifest(self.manifest, self._build_key(), self.folder)

    def update_manifest(self, **changes: Any) -> None:
        self.manifest = {**self._build_key(), **self.manifest, **changes}
        write_manifest(self.folder, self.manifest)

    @property
    def exists(self) -> bool:
        return bool(self.manifest)

    def require(self) -> PaperIndex:
        if not self.exists:
            raise IndexMissingError(
                f"no index at {self.folder}: build it with `paperchat ingest` (reads data/)"
            )
        if self.manifest.get("writing"):
            raise PaperchatError(
                f"the last ingest into {self.folder} was interrupted; run `paperchat ingest` again to finish it"
            )
        return self

    @property
    def store(self) -> Any:
        if self._store is None:
            import chromadb
            from chromadb.config import Settings as ChromaSettings
            from llama_index.vector_stores.chroma import ChromaVectorStore

            client = chromadb.PersistentClient(
                path=str(self.folder / "chroma"),
                settings=ChromaSettings(anonymized_telemetry=False, allow_reset=False),
            )
            collection = client.get_or_create_collection(
                self.settings.index.collection, metadata={"hnsw:space": "cosine"}
            )
            self._store = ChromaVectorStore(chroma_collection=collection)
        return self._store

    @property
    def docstore(self) -> SimpleDocumentStore:
        from llama_index.core.storage.docstore import SimpleDocumentStore

        if self._docstore is None:
            path = self.folder / "docstore.json"
            self._docstore = (SimpleDocumentStore.from_persist_path(str(path))
                              if path.exists() else SimpleDocumentStore())
        return self._docstore

    @property
    def keyword(self) -> KeywordIndex:
        if self._keyword is None:
            self._keyword = KeywordIndex.load(self.folder)
        return self._keyword

    @property
    def papers(self) -> dict[str, Paper]:
        if self._papers is None:
            self._papers = {}
            for doc_id, doc in self.docstore.docs.items():
                self._papers[doc_id] = Paper.from_metadata(doc.metadata, doc.get_content())
        return self._papers

    def chunk_count(self) -> int:
        return int(self.store.client.count()) if self.exists else 0

    # ------------------------------------------------------------ ingestion

    def splitter(self) -> SentenceSplitter:
        from llama_index.core.node_parser import SentenceSplitter

        ix = self.settings.index
        return SentenceSplitter(
            chunk_size=ix.chunk_tokens, chunk_overlap=ix.chunk_overlap,
            tokenizer=lambda text: [0] * self._count(text),
            id_func=lambda i, doc: f"{doc.id_}#{i}",
        )

    def ingest(self, papers: Iterable[Paper], progress: bool = True, rebuild: bool = False) -> IngestReport:
        """Add new papers, replace changed ones, skip unchanged ones. Nothing is
        written until every paper is chunked and embedded."""
        start = time.perf_counter()
        self.folder.mkdir(parents=True, exist_ok=True)
        if rebuild:
            self._wipe()
        recovering = bool(self.manifest.get("writing"))
        docs = [paper_document(p) for p in papers]
        added, updated, unchanged = [], [], 0
        for doc in docs:
            old = self.docstore.get_document_hash(doc.id_)
            if old is None:
                added.append(doc)
            elif old not in (content_hash(doc), doc.hash):  # doc.hash: hashes stored before the source was left out
                updated.append(doc)
            else:
                unchanged += 1
        to_run = added + updated
        for doc in to_run:
            doc.metadata["roles"] = ",".join(label_roles(sentences(doc.text)))
        nodes = self._embed(self.splitter().get_nodes_from_documents(to_run), progress) if to_run else []

        if to_run or recovering:
            self.update_manifest(writing=True)
            for doc in updated + (added if recovering else []):
                self.store.delete(doc.id_)
            for start_at in range(0, len(nodes), 4096):
                self.store.add(nodes[start_at:start_at + 4096])
            self.keyword.update({d.id_: f"{d.metadata['title']}. {d.text}" for d in to_run})
            self.keyword.save(self.folder)
            for doc in to_run:
                self.docstore.add_documents([doc], allow_update=True)
                self.docstore.set_document_hash(doc.id_, content_hash(doc))
            self.docstore.persist(str(self.folder / "docstore.json"))
            self._papers = None
        total = len(self.docstore.get_all_document_hashes())
        if to_run or recovering or "chunks" not in self.manifest:
            self.update_manifest(writing=False, papers=total, chunks=self.chunk_count(),
                                 generation=int(self.manifest.get("generation", 0)) + bool(to_run))
        return IngestReport(
            papers=total, added=len(added), updated=len(updated),
            unchanged=unchanged, chunks=self.manifest["chunks"], chunks_written=len(nodes),
            seconds=time.perf_counter() - start,
        )

    def _embed(self, nodes: list[BaseNode], progress: bool) -> list[BaseNode]:
        from llama_index.core.schema import MetadataMode
        from tqdm import tqdm

        texts = [n.get_content(metadata_mode=MetadataMode.EMBED) for n in nodes]
        # Shortest first: each forward pass then pads to a similar length.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        bar = tqdm(total=len(texts), desc="embedding", unit="chunk", disable=not progress)
        for start in range(0, len(order), 256):
            rows = order[start:start + 256]
            vectors = self.embedder.get_text_embedding_batch([texts[i] for i in rows])
            for i, vector in zip(rows, vectors, strict=True):
                nodes[i].embedding = vector
            bar.update(len(rows))
        bar.close()
        return nodes

    def _wipe(self) -> None:
        import shutil

        for name in ("chroma", "docstore.json", "keyword.npz", "keyword.json", "manifest.json"):
            path = self.folder / name
            if path.is_dir():
                shutil.rmtree(path)
            elif path.exists():
                path.unlink()
        self.manifest, self._store, self._docstore, self._keyword, self._papers = {}, None, None, None, None

    # ------------------------------------------------------------ queries

    def dense(self, query_embedding: list[float], top: int, filters: Filters | None = None) -> list[tuple[str, str, float]]:
        """(paper_id, chunk text, cosine) for the nearest chunks, from the Chroma collection
        directly: `VectorStoreQuery` validated each result's JSON node payload into a
        `TextNode`, ~20 ms a question at 10k papers, for fields we do not use."""
        f = filters or Filters()
        where: list[dict[str, Any]] = []
        for key, values in (("venue", list(f.venues)), ("year", [int(y) for y in f.years]), ("paper_id", f.papers)):
            if values:
                where.append({key: {"$in": values}})
        result = self.store.client.query(
            query_embeddings=[query_embedding],
            n_results=min(top, max(int(self.manifest.get("chunks") or self.chunk_count()), 1)),
            where=(where[0] if len(where) == 1 else {"$and": where}) if where else None,
            include=["documents", "metadatas", "distances"],
        )
        # cosine space: distance = 1 - cos
        return [
            (str(meta["paper_id"]), str(text), 1.0 - float(dist))
            for meta, text, dist in zip(result["metadatas"][0], result["documents"][0],
                                        result["distances"][0], strict=True)
        ]

    def mask(self, filters: Filters) -> np.ndarray | None:
        """Which rows of the keyword index pass `filters` (None: all)."""
        if not filters:
            return None
        papers, vs, ids = self.papers, {v.lower() for v in filters.venues}, set(filters.papers)
        return np.array([
            (not vs or papers[pid].venue.lower() in vs) and (not filters.years or papers[pid].year in filters.years)
            and (not ids or pid in ids) for pid in self.keyword.ids
        ])
