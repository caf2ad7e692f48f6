"""index.store: http against a real `chroma run` on 127.0.0.1: same answers as embedded, replicas
that see each other's ingests, a server that dies mid-question and comes back."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from paperchat.corpus import read_paths
from paperchat.engine import Engine
from paperchat.errors import PaperchatError
from paperchat.index import PaperIndex

from .conftest import DATA, ROOT, WordEmbedding, fake_settings, free_port, serve_process

CHROMA = Path(sys.executable).parent / "chroma"
pytestmark = pytest.mark.skipif(not CHROMA.exists(), reason="the chroma CLI is not installed")


@contextlib.contextmanager
def chroma_server(path: Path, port: int) -> Iterator[subprocess.Popen]:
    with serve_process([str(CHROMA), "run", "--path", str(path), "--port", str(port)],
                       f"http://127.0.0.1:{port}/api/v2/heartbeat", path.parent / f"chroma-{port}.log", wait_s=60) as p:
        yield p


@pytest.fixture
def server(tmp_path) -> Iterator[tuple[Path, int]]:
    port = free_port()
    with chroma_server(tmp_path / "chroma-data", port):
        yield tmp_path / "chroma-data", port


def _http(tmp_path: Path, port: int):
    return fake_settings(tmp_path / "unused").changed(index={"store": "http", "port": port})


def _index(settings) -> PaperIndex:
    return PaperIndex(settings, WordEmbedding(model_name="word-hash-test"))


QUESTIONS = [json.loads(line)["turns"][0] for line in (ROOT / "eval" / "questions.jsonl").read_text().splitlines()]


def test_server_mode_gives_the_same_sources_as_embedded(tmp_path, server, settings) -> None:
    _, port = server
    papers = read_paths([DATA])
    _index(settings).ingest(papers, progress=False)
    http = _http(tmp_path, port)
    report = _index(http).ingest(papers, progress=False)
    assert report.papers == 76 and not (tmp_path / "unused").exists()  # an app node holds nothing
    embedded, served = Engine(settings, _index(settings)), Engine(http, _index(http))
    same = [[h.paper.paper_id for h in embedded.search(q).hits] == [h.paper.paper_id for h in served.search(q).hits]
            for q in QUESTIONS]
    # the two stores build their HNSW graphs apart (approximate search, inserts from several threads) and
    # the word-hash test embedder gives near-equal cosines: one question in 175 came back with a different
    # list (not kept, so not known how) in 1 of 4 CI runs, so one may differ; more is a real difference
    differ = [q for q, ok in zip(QUESTIONS, same, strict=True) if not ok]
    assert len(differ) <= 1, differ
    for q in QUESTIONS[:10]:
        assert embedded.answer(q).shown == served.answer(q).shown


def test_replicas_see_an_ingest_from_another_process_without_restart(tmp_path, server) -> None:
    _, port = server
    http = _http(tmp_path, port)
    _index(http).ingest(read_paths([DATA]), progress=False)
    one, two = Engine(http, _index(http)), Engine(http, _index(http))
    question = "Comet kernels for heavy-tailed distributions"
    assert one.answer("What is the Halton scheduler?").shown == two.answer("What is the Halton scheduler?").shown
    corpus = tmp_path / "new.jsonl"
    corpus.write_text(json.dumps({"id": "comet1", "title": "Comet Kernels", "venue": "ICML", "year": 2026,
                                  "abstract": "Comet kernels estimate the tails of heavy-tailed distributions "
                                              "with a closed form and beat kernel density baselines. " * 2}) + "\n")
    config = tmp_path / "http.yaml"
    config.write_text(f"index:\n  store: http\n  port: {port}\nembedder:\n  name: word-hash-test\n")
    code = f"""
import sys; sys.path.insert(0, {str(ROOT)!r})
from tests.conftest import WordEmbedding
from paperchat import embedder
embedder.load_embedder = lambda s, d: WordEmbedding(model_name="word-hash-test")
from paperchat.cli import main
sys.exit(main(["ingest", {str(corpus)!r}, "--config", {str(config)!r}]))
"""
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, capture_output=True)
    import time
    time.sleep(1.1)  # replicas look at the commit record at most once a second
    for engine in (one, two):
        hits = engine.search(question).hits
        assert hits[0].paper.paper_id == "comet1"
        assert engine.stats()["papers"] == 77


def test_a_server_that_dies_mid_session_gives_a_clear_error_and_recovers(tmp_path) -> None:
    port = free_port()
    data = tmp_path / "chroma-data"
    http = _http(tmp_path, port)
    with chroma_server(data, port):
        _index(http).ingest(read_paths([DATA]), progress=False)
        engine = Engine(http, _index(http))
        assert engine.search("Halton scheduler").hits
    import time
    time.sleep(1.1)
    with pytest.raises(PaperchatError, match=rf"Chroma server at http://127.0.0.1:{port} does not answer"):
        engine.search("speculative decoding")
    with chroma_server(data, port):
        assert engine.search("Halton scheduler").hits[0].paper.title.startswith("Halton")


def test_a_second_writer_on_the_server_is_refused(tmp_path, server) -> None:
    _, port = server
    http = _http(tmp_path, port)
    index = _index(http)
    index.ledger._put("lock", {"host": "another-machine", "pid": 4242, "expires": 4e9})
    with pytest.raises(PaperchatError, match="being written by pid 4242 on another-machine"):
        index.ingest(read_paths([DATA]), progress=False)



def test_of_two_writers_racing_for_the_lease_exactly_one_gets_it(tmp_path, server, monkeypatch) -> None:
    """The race a read-then-write lease lost: both writers read "no lease", then both write
    theirs. Taking it with Chroma's add (ignored for an id that exists) and reading it back
    lets exactly one through, also when both found the same expired lease to take over."""
    _, port = server
    http = _http(tmp_path, port)
    a, b = _index(http).ledger, _index(http).ledger  # two writers (one process: no pid can tell them apart)
    for stale in ({}, {"host": "gone", "pid": 1, "expires": 1.0, "token": "old"}):
        if stale:
            a._meta().add(ids=["lock"], embeddings=[[1.0]], documents=[json.dumps(stale)],
                          metadatas=[{"token": "old"}])
        seen = a._record("lock")
        with a.lock():
            monkeypatch.setattr(b, "_record", lambda key, first=[seen]: first.pop() if first else
                                type(a)._record(b, key))  # b read the lease before a took it
            with pytest.raises(PaperchatError, match=f"being written by pid {os.getpid()}"), b.lock():
                pass
            monkeypatch.undo()
            a.renew()  # a still holds it
        assert a._record("lock") == {}  # released
    with a.lock():
        a._meta().upsert(ids=["lock"], embeddings=[[1.0]], metadatas=[{"token": "theirs"}],
                         documents=[json.dumps({"host": "other", "pid": 7, "expires": 4e9, "token": "theirs"})])
        with pytest.raises(PaperchatError, match="lost the writer's lease.*pid 7 on other"):
            a.renew()
        before = a.manifest()
        with pytest.raises(PaperchatError, match="lost the writer's lease"):  # a stalled writer's commit
            a.commit({**before, "generation": 99})
        assert a.manifest() == before and not [g for g, _ in a._writers() if g == 99]
    assert a._record("lock")["token"] == "theirs"  # a's release did not remove the new holder's lease


def test_an_ingest_that_dies_before_its_commit_changes_nothing_readers_see(tmp_path, server, monkeypatch) -> None:
    _, port = server
    http = _http(tmp_path, port)
    papers = read_paths([DATA])
    _index(http).ingest(papers[:40], progress=False)
    reader = _index(http)
    before = (reader.snapshot().generation, dict(reader.snapshot().revs), reader.chunk_count())
    from paperchat import serverledger

    monkeypatch.setattr(serverledger.ServerLedger, "commit", lambda self, m: (_ for _ in ()).throw(OSError("killed")))
    with pytest.raises(OSError):
        _index(http).ingest(papers, progress=False)  # chunks and paper records written, no commit
    import time
    time.sleep(1.1)
    assert (reader.snapshot().generation, dict(reader.snapshot().revs), reader.chunk_count()) == before
    assert all(pid in before[1] for pid in (h.paper.paper_id for h in Engine(http, reader).search("diffusion").hits))
    monkeypatch.undo()
    report = _index(http).ingest(papers, progress=False)
    assert report.papers == 76 and report.chunks_reused > 0
    time.sleep(1.1)
    fresh = _index(http)
    assert len(reader.papers) == 76 and fresh.snapshot().revs == reader.snapshot().revs
    records = fresh.chunks.collection(f"{fresh.snapshot().collection}-papers").count()
    assert records == 76 and fresh.collection().count() == fresh.chunk_count()  # nothing stale left


def test_a_dead_ingests_records_stay_unseen_when_another_ingest_commits_its_generation(tmp_path, server,
                                                                                      monkeypatch) -> None:
    """A killed an ingest of papers 40-59 after writing their records (generation 2); B ingests
    papers 60-75 and commits generation 2 too. Before writer tokens, readers then showed A's 20
    papers, whose chunks B's sweep had removed: half-written papers."""
    _, port = server
    http = _http(tmp_path, port)
    papers = read_paths([DATA])
    _index(http).ingest(papers[:40], progress=False)
    from paperchat import serverledger

    monkeypatch.setattr(serverledger.ServerLedger, "commit", lambda self, m: (_ for _ in ()).throw(OSError("killed")))
    with pytest.raises(OSError):
        _index(http).ingest(papers[:60], progress=False)
    monkeypatch.undo()
    _index(http).ingest(papers[:40] + papers[60:], progress=False)
    fresh = _index(http)
    shown = set(fresh.snapshot().revs)
    assert shown == {p.paper_id for p in papers[:40] + papers[60:]} and fresh.snapshot().generation == 2
    assert fresh.collection().count() == fresh.chunk_count()  # every shown paper's chunks, nothing else
    records = fresh.chunks.collection(f"{fresh.snapshot().collection}-papers").count()
    assert records == 56  # the dead ingest's records were pruned by the commit after it


def _stalling_writer(tmp_path: Path, server: tuple[Path, int]):
    """An index of 40 seed papers on the server, and writer A (with the ledger's own commit, for
    A's patched commit to call when it resumes)."""
    http = _http(tmp_path, server[1])
    papers = read_paths([DATA])
    _index(http).ingest(papers[:40], progress=False)
    a = _index(http)
    return http, papers, a, type(a.ledger).commit


def _stall_past_the_lease(a: PaperIndex) -> None:
    """A's last renewal succeeds; then A stalls until its lease has expired (as if 5 minutes passed)."""
    a.ledger.renew()
    lease = a.ledger._record("lock")
    a.ledger._meta().upsert(ids=["lock"], embeddings=[[1.0]], metadatas=[{"token": lease["token"]}],
                            documents=[json.dumps({**lease, "host": "elsewhere", "expires": 1.0})])


def test_a_writer_stalled_past_its_lease_while_committing_cannot_undo_the_next_writers_commit(tmp_path, server,
                                                                                         monkeypatch) -> None:
    """A renews its lease for the last time, then stalls for longer than the lease before its
    commit upserts; B takes the lease, ingests and commits (its sweep removes A's chunks); then A
    resumes. Before the abort records, A's commit replaced B's and readers lost B's papers."""
    http, papers, a, real_commit = _stalling_writer(tmp_path, server)

    def stalled(manifest: dict) -> None:
        _stall_past_the_lease(a)
        _index(http).ingest(papers[:40] + papers[60:], progress=False)  # B takes over and commits
        monkeypatch.setattr(a.ledger, "renew", lambda: None)  # A resumes after its renewal
        real_commit(a.ledger, manifest)

    monkeypatch.setattr(a.ledger, "commit", stalled)
    with pytest.raises(PaperchatError, match="lost the writer's lease"):
        a.ingest(papers[:60], progress=False)
    wanted = {p.paper_id for p in papers[:40] + papers[60:]}
    fresh = _index(http)
    assert set(fresh.snapshot().revs) == wanted and fresh.collection().count() == fresh.chunk_count()
    a.ledger._put("manifest", {**fresh.manifest, "writer": a.ledger._token})  # A's pointer, had it got that far
    again = _index(http)
    assert set(again.snapshot().revs) == wanted and again.snapshot().generation == fresh.snapshot().generation


def test_a_stalled_writers_commit_that_lands_while_the_next_writer_fences_it_stands(tmp_path, server,
                                                                                   monkeypatch) -> None:
    """The other order: A's commit lands after B found it missing but before B's abort record.
    A has reported success, so B sees the commit on its second look and lets it stand."""
    http, papers, a, real_commit = _stalling_writer(tmp_path, server)

    def stalled(manifest: dict) -> None:
        _stall_past_the_lease(a)
        b = _index(http)
        meta = b.ledger._meta()
        real_add = meta.add

        def add(ids: list, **kw) -> None:
            if ids[0].startswith("abort-"):  # A's commit lands just before B's abort record
                monkeypatch.setattr(a.ledger, "renew", lambda: None)
                real_commit(a.ledger, manifest)
            real_add(ids=ids, **kw)

        monkeypatch.setattr(meta, "add", add)
        b.ingest(papers[:40] + papers[60:], progress=False)

    monkeypatch.setattr(a.ledger, "commit", stalled)
    a.ingest(papers[:60], progress=False)  # A's commit stands: no error
    fresh = _index(http)
    assert set(fresh.snapshot().revs) == {p.paper_id for p in papers}
    assert fresh.collection().count() == fresh.chunk_count()


def test_a_writer_that_lost_its_lease_after_committing_leaves_the_sweep_to_the_next(tmp_path, server) -> None:
    """A stalled writer's sweep would delete the chunks the writer after it is writing (their
    revision is not in the stalled writer's generation)."""
    _, port = server
    http = _http(tmp_path, port)
    papers = read_paths([DATA])
    a = _index(http)
    a.ingest(papers[:40], progress=False)
    snap = a.snapshot()
    newer = {"paper_id": papers[50].paper_id, "rev": "being-written"}  # a chunk the next writer just wrote
    a.collection().add(ids=["in-flight"], embeddings=[[0.5] * 512], documents=["x"], metadatas=[newer])
    pending = {"papers": [papers[50].paper_id], "collections": []}
    b = _index(http).ledger
    with b.lock():  # the next writer holds the lease now
        a._sweep(snap, pending)
        assert a.collection().get(ids=["in-flight"])["ids"] == ["in-flight"]
    with a.ledger.lock():  # while a holds the lease, its sweep runs (and deletes it)
        a._sweep(snap, pending)
    assert a.collection().get(ids=["in-flight"])["ids"] == []


@pytest.mark.slow
def test_two_app_processes_on_one_chroma_server_answer_alike_and_see_a_new_ingest(tmp_path) -> None:
    """The real thing: MiniLM, `chroma run`, two `app.py` replicas, an ingest from a third process."""
    from gradio_client import Client

    port = free_port()
    config = tmp_path / "team.yaml"
    config.write_text(f"index:\n  store: http\n  port: {port}\nllm:\n  backend: none\n")
    env = {**os.environ, "PAPERCHAT_INDEX": str(tmp_path / "unused")}
    paperchat = [sys.executable, "-m", "paperchat.cli"]
    with chroma_server(tmp_path / "chroma-data", port), contextlib.ExitStack() as stack:
        subprocess.run([*paperchat, "ingest", str(DATA), "--config", str(config)], check=True, env=env, cwd=ROOT,
                       capture_output=True)
        urls = []
        for i in range(2):
            app = free_port()
            url = f"http://127.0.0.1:{app}/"
            stack.enter_context(serve_process([sys.executable, str(ROOT / "app.py"), "--port", str(app), "--config",
                                               str(config)], url, tmp_path / f"app{i}.log", env=env))
            urls.append(url)
        clients = [Client(u, verbose=False) for u in urls]

        def ask(client: Client, q: str) -> dict:
            out = client.predict(q, api_name="/ask")
            return json.loads(out) if isinstance(out, str) else out
        question = "Which papers speed up speculative decoding, and how do they differ?"
        first, second = (ask(c, question) for c in clients)
        assert first == second and first["citations"]
        corpus = tmp_path / "new.jsonl"
        corpus.write_text(json.dumps({"id": "comet1", "title": "Comet Kernels", "venue": "ICML", "year": 2026,
                                      "abstract": "Comet kernels estimate the tails of heavy-tailed distributions "
                                                  "with a closed form and beat kernel density baselines. " * 2}) + "\n")
        subprocess.run([*paperchat, "ingest", str(corpus), "--config", str(config)], check=True, env=env, cwd=ROOT,
                       capture_output=True)
        import time
        time.sleep(1.5)
        for client in clients:
            got = ask(client, "What are comet kernels for heavy-tailed distributions?")
            assert got["citations"][0]["paper_id"] == "comet1"
    assert not (tmp_path / "unused").exists()
