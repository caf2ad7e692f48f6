"""A paper as a llama-index `Document`: its content hash, its revision, what gets embedded.

The content hash decides new / changed / unchanged at ingest; its first 16
hex digits are the paper's revision, carried by every chunk id
(`<id>#<rev>#<i>`, chunkstore.py) and paper record (serverledger.py). Only the
title is embedded with each chunk; where a paper was read from and what we
computed about it (roles) change no hash, so a moved corpus file or a new role
model re-embeds nothing.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from paperchat.generation import rev
from paperchat.schema import Paper

if TYPE_CHECKING:
    from llama_index.core import Document

EMBED_KEYS = {"title"}  # the only metadata embedded with each chunk
DERIVED = {"source", "roles", "rev"}  # where it was read, what we computed: a change to these re-embeds nothing


@dataclass
class IngestReport:
    papers: int
    added: int
    updated: int
    unchanged: int
    chunks: int
    chunks_written: int = 0
    chunks_reused: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def content_hash(doc: Document) -> str:
    """What decides new / changed / unchanged: the abstract and the paper's fields, but
    not where it was read from, so a renamed or moved corpus file re-embeds nothing."""
    fields = {k: v for k, v in sorted(doc.metadata.items()) if k not in DERIVED}
    return hashlib.sha256(f"{doc.text}\n{json.dumps(fields, sort_keys=True)}".encode()).hexdigest()


def paper_document(paper: Paper) -> Document:
    from llama_index.core import Document

    doc = Document(id_=paper.paper_id, text=paper.abstract, metadata=paper.metadata())
    doc.metadata["rev"] = rev(content_hash(doc))
    doc.excluded_embed_metadata_keys = [k for k in doc.metadata if k not in EMBED_KEYS]
    doc.excluded_llm_metadata_keys = list(doc.metadata)
    return doc
