"""The index survives an ingest that dies: commits are all-or-nothing, one writer, readers keep going."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from paperchat import generation
from paperchat.corpus import read_paths
from paperchat.errors import IndexMismatchError, PaperchatError
from paperchat.index import PaperIndex
from paperchat.retrieve import Retriever

from . import crash
from .conftest import DATA


def _corpus(tmp_path: Path, n: int, suffix: str = "") -> Path:
    path = tmp_path / f"c{suffix}.jsonl"
    path.write_text("".join(json.dumps({
        "id": f"p{i}", "title": f"Orbit flow {i}", "venue": "ICML", "year": 2026,
        "abstract": f"Paper {i} studies orbit flows for planets with rectified flow number {i}{suffix}. " * 4,
    }) + "\n" for i in range(n)))
    return path


@pytest.mark.skipif(not all(p.exists() for p in crash.CORPORA), reason="../shared/corpora is not beside this checkout")
def test_sigkills_during_ingest_leave_the_index_as_if_never_interrupted() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        figures = crash.main(papers=300, kills=10, real=False, seed=0, work=Path(tmp))
    assert figures["killed"] >= 6  # random kills past a run's end kill nothing; the aimed ones always do
    assert not figures["inconsistent_after_kill"]
    assert figures["equal_papers"] and figures["equal_chunk_ids"] and figures["equal_bm25_rows"]
    assert figures["leftover_chunks"] == 0 and not figures["pending_left"] and figures["generations_on_disk"] <= 2
    assert figures["reader_queries"] > 0 and figures["reader_errors"] == [] and figures["reader_without_chunks"] == 0
    assert figures["reader_generations_seen"] >= 2  # it picked up new generations without a restart


def test_a_second_writer_is_told_who_holds_the_index(settings, embedder, tmp_path) -> None:
    index = PaperIndex(settings, embedder)
    with generation.WriterLock(index.folder), pytest.raises(PaperchatError, match=r"being written by pid \d+"):
        index.ingest(read_paths([_corpus(tmp_path, 3)]), progress=False)
    assert not index.exists


def test_a_failed_ingest_keeps_the_last_generation_and_the_next_reuses_its_chunks(settings, embedder, tmp_path,
                                                                                    monkeypatch) -> None:
    index = PaperIndex(settings, embedder)
    index.ingest(read_paths([_corpus(tmp_path, 5)]), progress=False)
    reader = PaperIndex(settings, embedder)
    before = (reader.snapshot().generation, reader.chunk_count(), dict(reader.snapshot().revs))
    monkeypatch.setattr("paperchat.chunkstore.WRITE_BATCH", 2)
    calls = {"n": 0}
    real = embedder.get_text_embedding_batch

    def dies_on_third(texts, **kw):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(texts, **kw)
    object.__setattr__(embedder, "get_text_embedding_batch", dies_on_third)
    changed = read_paths([_corpus(tmp_path, 8, suffix="b")])
    with pytest.raises(KeyboardInterrupt):
        PaperIndex(settings, embedder).ingest(changed, progress=False)
    assert (reader.snapshot().generation, reader.chunk_count(), dict(reader.snapshot().revs)) == before
    hits = Retriever(reader, settings.retrieval).search("orbit flows planets", 8)
    assert {h.paper.paper_id for h in hits} <= set(before[2])
    assert (index.folder / "pending.json").exists()
    object.__setattr__(embedder, "get_text_embedding_batch", real)
    report = PaperIndex(settings, embedder).ingest(changed, progress=False)
    assert report.chunks_reused >= 4 and report.papers == 8
    assert reader.snapshot().generation == before[0] + 1 and len(reader.papers) == 8  # picked up, no restart
    assert reader.collection().count() == reader.chunk_count()  # the old revisions were swept
    assert not (index.folder / "pending.json").exists()


def test_rebuild_builds_beside_and_swaps_at_the_end(settings, embedder, seed_index, monkeypatch) -> None:
    reader = PaperIndex(settings, embedder)
    old = reader.snapshot()
    retriever = Retriever(reader, settings.retrieval)
    assert retriever.search("Halton scheduler", 1)[0].paper.title.startswith("Halton")
    monkeypatch.setattr(generation, "save", lambda folder, snap: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.raises(OSError):
        PaperIndex(settings, embedder).ingest(read_paths([DATA]), progress=False, rebuild=True)
    assert retriever.search("Halton scheduler", 1)[0].paper.title.startswith("Halton")  # the old index answers
    assert reader.snapshot().collection == old.collection
    monkeypatch.undo()
    PaperIndex(settings, embedder, check=False).ingest(read_paths([DATA]), progress=False, rebuild=True)
    new = reader.snapshot()
    assert new.collection != old.collection and len(new.papers) == 76
    assert old.collection not in {c.name for c in reader.collection()._client.list_collections()}
    assert retriever.search("Halton scheduler", 1)[0].paper.title.startswith("Halton")


def test_an_index_from_an_older_paperchat_is_rebuilt_by_ingest(settings, embedder, seed_index) -> None:
    seed_index.update_manifest(schema=1)
    with pytest.raises(IndexMismatchError, match="older paperchat"):
        PaperIndex(settings, embedder).require()
    report = PaperIndex(settings, embedder).ingest(read_paths([DATA]), progress=False)
    assert report.added == 76 and PaperIndex(settings, embedder).require().manifest["schema"] == 2


def test_an_index_chroma_cannot_open_is_one_clear_line(tmp_path, monkeypatch, capsys) -> None:
    import chromadb
    from chromadb.errors import InternalError

    from paperchat import cli
    from paperchat import embedder as embedder_module

    from .conftest import WordEmbedding

    monkeypatch.setattr(embedder_module, "load_embedder", lambda s, d: WordEmbedding(model_name="all-MiniLM-L6-v2"))
    index_dir = tmp_path / "index"
    assert cli.main(["ingest", str(DATA), "--index", str(index_dir), "--json"]) == 0
    capsys.readouterr()

    def read_only(*a, **kw):
        raise InternalError("attempt to write a readonly database")
    monkeypatch.setattr(chromadb, "PersistentClient", read_only)
    assert cli.main(["search", "Halton scheduler", "--index", str(index_dir)]) == 2
    err = capsys.readouterr().err
    assert "cannot open the Chroma index" in err and "readonly" in err and "Traceback" not in err
