"""The Chroma side of an index: chunks written with their revision, read back only if committed.

The collection is used directly, not through llama-index's `ChromaVectorStore`:
that store `add`s (a repeated write of an id is skipped with a warning) and
deletes a changed paper by document id, old and new chunks alike. Here a
chunk id is `<paper id>#<rev>#<i>` (the revision is the paper's content hash,
generation.rev), writes are upserts, a repeated ingest finds the vectors an
interrupted one left, and a query keeps only the chunks whose revision the
reader's generation committed. `VectorStoreQuery` is skipped for queries too:
it validated each result's JSON node payload into a `TextNode`, ~20 ms a
question at 10k papers, for fields we do not use.

Another process's writes reach this process's Chroma client only through a
new client (its HNSW index is loaded once per client), so `reopen` drops the
cached one when a reader loads a generation it did not write.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from paperchat.errors import PaperchatError

if TYPE_CHECKING:
    from llama_index.core import Document
    from llama_index.core.node_parser import SentenceSplitter

WRITE_BATCH = 256  # chunks embedded and upserted at a time
# Chroma keeps one shared system per folder per process and creating one is not thread-safe: two
# first questions at once, or a reader reopening while another store opens, failed ("Could not
# connect to tenant default_tenant"). Every open, reopen and collection lookup in this process
# goes through this lock.
_OPENING = threading.Lock()
PAPER_BATCH = 1024  # papers chunked at a time: memory does not grow with the corpus
# Candidates HNSW keeps while it searches (Chroma's default is 100). Over the 11,498 chunks of ICLR
# 2026, the true 50 nearest chunks of 100 perturbed chunk vectors were found 0.955 of the time at
# 100 and 0.999 at 512 (random directions, a question nothing is about: 0.71 and 0.97), for ~3 ms
# more a question. A collection of fewer chunks than this is searched whole, so an embedded and a
# server store of the same papers give the same nearest chunks whatever order built their graphs.
EF_SEARCH = 512


def persistent(path: Path) -> Callable[[], Any]:
    """A connector for embedded Chroma in `path`."""
    def connect() -> Any:
        import chromadb
        from chromadb.config import Settings as ChromaSettings

        try:
            return chromadb.PersistentClient(path=str(path), settings=ChromaSettings(anonymized_telemetry=False,
                                                                                     allow_reset=False))
        except Exception as e:  # noqa: BLE001 - a read-only or damaged folder: say which, not a traceback
            raise PaperchatError(f"cannot open the Chroma index in {path} ({type(e).__name__}: {e}); "
                                 "check that the folder is readable and writable, or rebuild it") from None
    return connect


class ChunkStore:
    """Chunks in the Chroma that `connect` opens; `path` is set for embedded Chroma (see `reopen`)."""

    def __init__(self, connect: Callable[[], Any], path: Path | None = None,
                 unreachable: Callable[[Exception], str] | None = None) -> None:
        self.connect, self.path, self.unreachable = connect, path, unreachable
        self._client: Any = None
        self._collections: dict[str, Any] = {}

    def reset(self) -> None:
        """Forget the client: the next use connects again (a server that went away and came back)."""
        with _OPENING:
            self._client, self._collections = None, {}

    @property
    def client(self) -> Any:
        with _OPENING:
            if self._client is None:
                self._client = self.connect()
            return self._client

    def reopen(self) -> None:
        """See new vectors another process wrote (embedded only: a server's index is live)."""
        if self.path is None:
            return
        with _OPENING:
            from chromadb.api.shared_system_client import SharedSystemClient

            SharedSystemClient._identifier_to_system.pop(str(self.path), None)
            self._client, self._collections = None, {}

    def collection(self, name: str) -> Any:
        found = self._collections.get(name)
        if found is None:
            client = self.client
            with _OPENING:
                found = self._collections.get(name)
                if found is None:
                    found = client.get_or_create_collection(  # a collection made before keeps its own
                        name, configuration={"hnsw": {"space": "cosine", "ef_search": EF_SEARCH}})
                    self._collections[name] = found
        return found

    def write(self, name: str, docs: list[Document], splitter: SentenceSplitter,
              embed: Callable[[list[list[str]]], Iterator[list[list[float]]]],
              progress: bool, tick: Callable[[], None] = lambda: None, first: int = 0) -> tuple[dict[str, int], int]:
        """Chunk, embed and upsert `docs` into collection `name`, PAPER_BATCH papers at a time
        (only each paper's `first` chunks when `first` > 0); chunks already there keep their
        vectors. `embed` turns batches of texts into vectors, in order (in this process, or in
        worker processes: workers.py). Returns chunks per paper and how many were reused."""
        from llama_index.core.schema import MetadataMode
        from llama_index.core.vector_stores.utils import node_to_metadata_dict
        from tqdm import tqdm

        target = self.collection(name)
        counts: dict[str, int] = {d.id_: 0 for d in docs}
        reused = 0
        bar = tqdm(total=len(docs), desc="embedding", unit="paper", disable=not progress)
        for at in range(0, len(docs), PAPER_BATCH):
            nodes = splitter.get_nodes_from_documents(docs[at:at + PAPER_BATCH])
            if first:
                nodes = [n for n in nodes if int(n.node_id.rsplit("#", 1)[1]) < first]
            for node in nodes:
                counts[node.ref_doc_id or ""] += 1
            have = set(target.get(ids=[n.node_id for n in nodes], include=[])["ids"]) if nodes else set()
            todo = [n for n in nodes if n.node_id not in have]
            reused += len(nodes) - len(todo)
            # Shortest first: each forward pass then pads to a similar length.
            todo.sort(key=lambda n: len(n.get_content(metadata_mode=MetadataMode.EMBED)))
            batches = [todo[start:start + WRITE_BATCH] for start in range(0, len(todo), WRITE_BATCH)]
            vectors_each = embed([[n.get_content(metadata_mode=MetadataMode.EMBED) for n in b] for b in batches])
            for batch, vectors in zip(batches, vectors_each, strict=True):  # upserted as each batch is embedded
                target.upsert(ids=[n.node_id for n in batch], embeddings=vectors,
                              documents=[n.get_content(metadata_mode=MetadataMode.NONE) for n in batch],
                              metadatas=[node_to_metadata_dict(n, remove_text=True, flat_metadata=True)
                                         for n in batch])
            bar.update(len(docs[at:at + PAPER_BATCH]))
            tick()  # a server index renews its writer's lease
        bar.close()
        return counts, reused

    def sweep(self, name: str, revs: dict[str, str], collections: set[str], papers: list[str] | None) -> None:
        """Drop `collections` other than `name`, and the chunks of `papers` (None: of every paper)
        in `name` whose revision is not the committed one in `revs`."""
        target = self.collection(name)
        held = {c.name for c in self.client.list_collections()}
        for other in collections - {name}:
            for drop in (other, f"{other}-papers"):  # a server index keeps its papers beside its chunks
                if drop in held:
                    self.client.delete_collection(drop)
                self._collections.pop(drop, None)
        ids = sorted(papers or [])
        pages = (self.scan(name) if papers is None else
                 (target.get(where={"paper_id": {"$in": ids[i:i + 1000]}}, include=["metadatas"])
                  for i in range(0, len(ids), 1000)))
        stale = [cid for got in pages for cid, meta in zip(got["ids"], got["metadatas"], strict=True)
                 if revs.get(str(meta.get("paper_id"))) != meta.get("rev")]
        for at in range(0, len(stale), 4096):
            target.delete(ids=stale[at:at + 4096])

    def scan(self, name: str, include: tuple[str, ...] = ("metadatas",), page: int = 4096) -> Iterator[dict[str, Any]]:
        """Every record of collection `name`, a page at a time: one `get` of a whole 25k-chunk
        collection fails in Chroma ("too many SQL variables")."""
        target, offset = self.collection(name), 0
        while True:
            got = target.get(include=list(include), limit=page, offset=offset)
            yield got
            if len(got["ids"]) < page:
                return
            offset += page

    def query(self, name: str, vector: list[float], n: int, where: dict[str, Any] | None, revs: dict[str, str],
              retry: Callable[[], tuple[str, dict[str, str]]],
              judge: list[float] | None = None) -> list[tuple[str, str, float, float]]:
        """(paper id, chunk text, cosine, judged) of the `n` nearest chunks to `vector`, committed ones
        only; `judged` is the chunk's cosine to `judge` (to `vector` when there is none). If collection
        `name` was dropped (a rebuild committed since), `retry` names the current one."""
        with _OPENING:  # not while another thread is importing chromadb for its first client
            from chromadb.errors import NotFoundError

        args = {"query_embeddings": [vector], "n_results": n, "where": where,
                "include": ["documents", "metadatas", "distances"] + (["embeddings"] if judge is not None else [])}
        try:
            try:
                result = self.collection(name).query(**args)
            except NotFoundError:
                self._collections.pop(name, None)
                name, revs = retry()
                result = self.collection(name).query(**args)
        except PaperchatError:
            raise
        except Exception as e:
            if self.unreachable is None:  # embedded: a bug, not a server that went away
                raise
            self.reset()
            raise PaperchatError(self.unreachable(e)) from None
        # cosine space: distance = 1 - cos. A chunk another process is writing can come back
        # without its record yet: it is not committed either.
        cosines = [1.0 - float(dist) for dist in result["distances"][0]]
        judged = cosines if judge is None else _cosines(result["embeddings"][0], judge)
        return [
            (str(meta["paper_id"]), str(text), cos, other)
            for meta, text, cos, other in zip(result["metadatas"][0], result["documents"][0], cosines, judged,
                                              strict=True)
            if meta is not None and text is not None and revs.get(str(meta.get("paper_id"))) == meta.get("rev")
        ]


def _cosines(embeddings: Any, vector: list[float]) -> list[float]:
    """Each stored chunk embedding's cosine to `vector`."""
    if len(embeddings) == 0:
        return []
    m, v = np.asarray(embeddings, dtype=np.float32), np.asarray(vector, dtype=np.float32)
    norms = np.linalg.norm(m, axis=1) * (float(np.linalg.norm(v)) or 1.0)
    return [float(x) for x in (m @ v) / np.where(norms > 0, norms, 1.0)]
