"""A 100k-paper index for search-latency benchmarks, made from the real 10k one.

Ingesting 100k abstracts with MiniLM on 2 cores would take hours, and search
latency does not depend on what the vectors mean, only on how many there are
and how they spread. So each real paper is copied `copies` times
(deterministically): copy c gets id `<id>~c`, its title suffixed "(variant c)",
its abstract with every word whose hash falls in a 10% bucket dropped, and each
chunk vector moved by Gaussian noise (sigma 0.03, seed c) and renormalised.
Chunks go straight into a new Chroma collection; the docstore and BM25 index
are rebuilt for the copies. Nothing here is committed but this code.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import numpy as np


def perturb(text: str, c: int) -> str:
    words = text.split()
    keep = [w for i, w in enumerate(words) if int(hashlib.md5(f"{c}:{i}:{w}".encode()).hexdigest(), 16) % 10]
    return " ".join(keep)


def build(src: Path, dst: Path, copies: int = 10, page: int = 4000) -> None:
    from llama_index.core import Document
    from llama_index.core.storage.docstore import SimpleDocumentStore

    from paperchat.config import Settings
    from paperchat.index import PaperIndex

    settings = Settings.load(env={}).changed(index={"dir": src})
    source = PaperIndex.open(settings).require()
    if dst.exists():
        shutil.rmtree(dst)
    target = PaperIndex(settings.changed(index={"dir": dst}), source.embedder)
    dst.mkdir(parents=True)
    collection = source.store.client
    out = target.store.client
    total = collection.count()
    for c in range(copies):
        rng = np.random.default_rng(c)
        for offset in range(0, total, page):
            got = collection.get(include=["embeddings", "documents", "metadatas"], limit=page, offset=offset)
            vectors = np.asarray(got["embeddings"], dtype=np.float32)
            if c:
                vectors = vectors + rng.normal(0, 0.03, vectors.shape).astype(np.float32)
                vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            metas = []
            for meta in got["metadatas"]:
                meta = dict(meta)
                pid = f"{meta['paper_id']}~{c}"
                for key in ("paper_id", "document_id", "ref_doc_id", "doc_id"):
                    if key in meta:
                        meta[key] = pid
                meta["title"] = f"{meta['title']} (variant {c})"
                node = json.loads(meta.get("_node_content", "{}"))
                node.get("metadata", {}).update(paper_id=pid, title=meta["title"])
                meta["_node_content"] = json.dumps(node)
                metas.append(meta)
            out.add(ids=[f"{i}~{c}" for i in got["ids"]], embeddings=vectors.tolist(),
                    documents=[perturb(d, c) for d in got["documents"]], metadatas=metas)
        print(f"copy {c + 1}/{copies}: {out.count()} chunks", flush=True)
    docstore = SimpleDocumentStore()
    texts = {}
    for c in range(copies):
        for pid, paper in source.papers.items():
            new = f"{pid}~{c}"
            meta = {**paper.metadata(), "paper_id": new, "title": f"{paper.title} (variant {c})"}
            abstract = perturb(paper.abstract, c)
            docstore.add_documents([Document(id_=new, text=abstract, metadata=meta)])
            texts[new] = f"{meta['title']}. {abstract}"
    docstore.persist(str(dst / "docstore.json"))
    target.keyword.update(texts)
    target.keyword.save(dst)
    target.update_manifest(writing=False, papers=len(texts), chunks=out.count(), generation=1, synthetic=True)
    print(f"{len(texts)} papers, {out.count()} chunks in {dst}")


if __name__ == "__main__":
    import sys

    build(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 10)
