"""A 100k-paper index for search-latency benchmarks, made from the real 10k one.

Ingesting 100k abstracts with MiniLM on 2 cores would take hours, and search
latency does not depend on what the vectors mean, only on how many there are
and how they spread. So each real paper is copied `copies` times
(deterministically): copy c gets id `<id>~c`, its title suffixed "(variant c)",
its abstract with every word whose hash falls in a 10% bucket dropped, and each
chunk vector moved by Gaussian noise (sigma 0.03, seed c) and renormalised.
Chunks go straight into a new Chroma collection (each carrying its copy's
revision); the docstore, BM25 index and chunk counts are written as generation
1 of the new index. Nothing here is committed but this code.
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
    from dataclasses import replace

    from llama_index.core.storage.docstore import SimpleDocumentStore

    from paperchat import generation
    from paperchat.config import Settings
    from paperchat.documents import content_hash, paper_document
    from paperchat.index import PaperIndex
    from paperchat.keyword import KeywordIndex

    settings = Settings.load(env={}).changed(index={"dir": src})
    source = PaperIndex.open(settings).require()
    if dst.exists():
        shutil.rmtree(dst)
    target = PaperIndex(settings.changed(index={"dir": dst}), source.embedder)
    dst.mkdir(parents=True)
    docstore, keyword, revs, texts = SimpleDocumentStore(), KeywordIndex(), {}, {}
    for c in range(copies):
        for pid, paper in source.papers.items():
            copy = replace(paper, paper_id=f"{pid}~{c}", title=f"{paper.title} (variant {c})",
                           abstract=perturb(paper.abstract, c))
            doc = paper_document(copy)
            docstore.add_documents([doc])
            docstore.set_document_hash(doc.id_, content_hash(doc))
            revs[doc.id_] = doc.metadata["rev"]
            texts[doc.id_] = f"{copy.title}. {copy.abstract}"
    keyword.update(texts)
    collection = source.collection()
    name = f"{settings.index.collection}-1"
    out = target.collection(name)
    total = collection.count()
    chunks: dict[str, int] = {}
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
                meta["rev"] = revs[pid]
                node = json.loads(meta.get("_node_content", "{}"))
                node.get("metadata", {}).update(paper_id=pid, title=meta["title"], rev=meta["rev"])
                meta["_node_content"] = json.dumps(node)
                metas.append(meta)
                chunks[pid] = chunks.get(pid, 0) + 1
            out.upsert(ids=[f"{i}~{c}" for i in got["ids"]], embeddings=vectors.tolist(),
                       documents=[perturb(d, c) for d in got["documents"]], metadatas=metas)
        print(f"copy {c + 1}/{copies}: {out.count()} chunks", flush=True)
    snap = generation.Snapshot(1, name, docstore, keyword, chunks)
    generation.save(dst, snap)
    target.update_manifest(generation=1, collection=name, papers=len(texts), chunks=snap.chunk_total, synthetic=True)
    print(f"{len(texts)} papers, {out.count()} chunks in {dst}")


if __name__ == "__main__":
    import sys

    build(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 10)
