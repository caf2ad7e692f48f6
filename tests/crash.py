"""Crash test: SIGKILL ingests at random moments and at aimed points of the write path.

    python -m tests.crash --papers 0 --kills 12 --real    # what `make soak` runs: all 10,090, MiniLM
    python -m tests.crash --papers 300 --kills 10        # the short form CI runs (hashed-words embedder)

The reference index ingests the real abstracts from ../shared/corpora (B)
in one uninterrupted run. The crashed index is built by child processes that
are SIGKILLed: up to half of the runs are killed by this process at a random
moment of the first build of B (each rerun reuses the chunks the killed ones
wrote, so it gets further), until one finishes; then, in runs that change a
tenth of the abstracts, each aimed point once (the child kills itself at a
named point of the write path: between embedding batches, between the
docstore and the BM25 files, after the new manifest is fsynced but before its
rename, right after the commit, in the sweep of stale chunks), then random
moments skewed late. After each kill the index must open and be
consistent (every committed paper has exactly its committed chunks); after
the last, an uninterrupted ingest of B must leave it equal to the reference:
same papers and content hashes, same chunk ids, the same BM25 row for every
paper, no leftover chunks, pending file or extra generations. A reader
thread searches the crashed index all along with one long-lived `PaperIndex`
and counts errors and papers returned without chunks. Prints one table row
and returns the figures (tests/test_crash.py asserts on them).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORPORA = [ROOT.parent / "shared" / "corpora" / n for n in ("iclr2026.jsonl.gz", "icml2026.jsonl.gz")]
AIMED = ["embed:2", "save", "manifest-tmp", "committed", "sweep", "embed:1"]
QUERIES = ["diffusion models", "speculative decoding", "reinforcement learning reward", "graph neural network",
           "watermark", "language model reasoning", "protein", "robot policy"]


def corpora(papers: int, folder: Path) -> Path:
    """The real abstracts (the first `papers` of them; 0: all) as one JSONL file."""
    lines: list[str] = []
    for path in CORPORA:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            lines += [line for line in f if line.strip()]
    out = folder / "b" / "part.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(lines[:papers] if papers else lines))
    return out


def variant(b: Path, i: int, share: float = 0.1) -> Path:
    """B with a different `share` of its abstracts changed: a run after a finished one has work to do."""
    rng = random.Random(i)
    out = b.parent.parent / f"v{i}" / "part.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    for line in b.read_text().splitlines():
        if rng.random() < share:
            record = json.loads(line)
            record["abstract"] += f" Variant {i} of this abstract."
            line = json.dumps(record)
        lines.append(line + "\n")
    out.write_text("".join(lines))
    return out


def open_index(folder: Path, real: bool) -> Any:
    from paperchat.config import Settings
    from paperchat.index import PaperIndex

    if real:
        return PaperIndex.open(Settings.load(env={}).changed(index={"dir": folder}))
    from tests.conftest import WordEmbedding, fake_settings

    return PaperIndex(fake_settings(folder), WordEmbedding(model_name="word-hash-test"))


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def child(index_dir: Path, corpus: Path, point: str, real: bool) -> None:
    """One ingest of `corpus`, killing itself at `point` ("none": wait for the parent's kill)."""
    from paperchat import generation, index, keyword, manifest
    from paperchat.corpus import read_paths

    ix = open_index(index_dir, real)
    if point.startswith("embed:"):
        left, embed = [int(point.split(":")[1])], ix.embedder.get_text_embedding_batch

        def counted(texts: list[str], **kw: Any) -> Any:
            left[0] -= 1
            if left[0] < 0:
                die()
            return embed(texts, **kw)
        object.__setattr__(ix.embedder, "get_text_embedding_batch", counted)
    elif point == "save":
        keyword.KeywordIndex.save = lambda self, folder: die()  # type: ignore[method-assign]
    elif point == "manifest-tmp":
        def torn(path: Path, data: str) -> None:
            path.with_name(path.name + ".tmp").write_text(data)
            die()
        manifest.write_atomic = torn  # type: ignore[assignment]
    elif point == "committed":
        index.PaperIndex._sweep = lambda self, snap, pending: die()  # type: ignore[method-assign]
    elif point == "sweep":
        generation.clear_pending = lambda folder: die()  # type: ignore[assignment]
    ix.ingest(read_paths([corpus]), progress=False)


def run_child(index_dir: Path, corpus: Path, point: str, real: bool, kill_after: float | None = None) -> tuple[int, float]:
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "tests.crash", "--child", str(index_dir), str(corpus), point]
                            + (["--real"] if real else []), cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        _, err = proc.communicate(timeout=kill_after)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGKILL)
        _, err = proc.communicate()
    if proc.returncode not in (0, -signal.SIGKILL):
        raise RuntimeError(f"ingest child failed ({proc.returncode}):\n{err[-3000:]}")
    return proc.returncode, time.monotonic() - start


def _everything(ix: Any) -> dict[str, list]:
    """Ids and metadata of every chunk of the committed collection, read a page at a time."""
    got: dict[str, list] = {"ids": [], "metadatas": []}
    for page in ix.chunks.scan(ix.snapshot().collection):
        got["ids"] += page["ids"]
        got["metadatas"] += page["metadatas"]
    return got


def state(folder: Path, real: bool) -> dict[str, Any]:
    """What must be equal after recovery, read from a fresh `PaperIndex`."""
    ix = open_index(folder, real).require()
    snap = ix.snapshot()
    got = _everything(ix)
    kw = snap.keyword
    vocab = list(kw.vocab)
    rows = {}
    for r, pid in enumerate(kw.ids):
        row = kw.tf.getrow(r)
        rows[pid] = sorted((vocab[c], float(v)) for c, v in zip(row.indices, row.data, strict=True))
    return {
        "hashes": {pid: h for h, pid in snap.docstore.get_all_document_hashes().items()},
        "chunk_ids": sorted(got["ids"]),
        "committed_chunks": snap.chunk_total,
        "bm25": rows,
        "stale": [cid for cid, m in zip(got["ids"], got["metadatas"], strict=True)
                  if snap.revs.get(str(m["paper_id"])) != m.get("rev")],
        "pending": (folder / "pending.json").exists(),
        "generations": len(list((folder / "gen").iterdir())),
    }


def consistent(folder: Path, real: bool) -> list[str]:
    """After a kill: every committed paper has exactly the chunks its generation says."""
    ix = open_index(folder, real).require()
    snap = ix.snapshot()
    got = _everything(ix)
    have: dict[str, int] = {}
    for meta in got["metadatas"]:
        pid = str(meta["paper_id"])
        if snap.revs.get(pid) == meta.get("rev"):
            have[pid] = have.get(pid, 0) + 1
    problems = [f"{pid}: {have.get(pid, 0)} chunks, generation says {n}" for pid, n in snap.chunks.items()
                if have.get(pid, 0) != n]
    if set(snap.revs) != set(snap.keyword.ids) or set(snap.revs) != set(snap.chunks):
        problems.append("docstore, BM25 rows and chunk counts name different papers")
    return problems


def reader(folder: Path, real: bool, stop: threading.Event, out: dict[str, Any]) -> None:
    """Search the index being crashed, with one long-lived PaperIndex, until `stop`."""
    from paperchat.retrieve import Retriever

    ix = open_index(folder, real)
    retriever = None
    rng = random.Random(1)
    while not stop.is_set():
        time.sleep(0.05)
        try:
            if retriever is None:
                if not ix.snapshot().generation:
                    continue  # nothing committed yet
                retriever = Retriever(ix, ix.settings.retrieval)
            hits = retriever.search(rng.choice(QUERIES), 5)
            out["queries"] += 1
            out["generations"].add(ix.snapshot().generation)
            for hit in hits:
                if not ix.collection().get(where={"paper_id": hit.paper.paper_id}, include=[])["ids"]:
                    out["without_chunks"] += 1
        except Exception:  # noqa: BLE001 - counted: the figure is how many there were
            import traceback

            out["errors"].append(traceback.format_exc()[-1500:])


def main(papers: int, kills: int, real: bool, seed: int, work: Path) -> dict[str, Any]:
    """Up to half of the runs: random moments of the first build of B from nothing (each run
    reuses what the killed ones wrote, so it gets further), until one finishes. Then each aimed
    point once, then random moments, in runs that change a tenth of B. Then one uninterrupted
    run of B; compare with the reference."""
    rng = random.Random(seed)
    b = corpora(papers, work)
    ref, crashed = work / "reference", work / "crashed"
    timing = work / "reference-seconds.txt"
    if (ref / "manifest.json").exists() and timing.exists():  # --work of an earlier run: the same build
        t_b = float(timing.read_text())
    else:
        _, t_b = run_child(ref, b, "none", real)
        timing.write_text(str(t_b))
    out: dict[str, Any] = {"queries": 0, "without_chunks": 0, "errors": [], "generations": set()}
    stop = threading.Event()
    thread = threading.Thread(target=reader, args=(crashed, real, stop, out), daemon=True)
    thread.start()
    killed, inconsistent, points = 0, [], []
    built, aimed, t_v = False, 0, t_b * 0.15
    for i in range(kills):
        if not built and i < kills // 2:  # the first build, killed at random while it embeds
            point, corpus, after = "none", b, t_b * rng.uniform(0.1, 0.4)
        elif aimed < len(AIMED):  # each point of the write path once
            point, corpus, after = AIMED[aimed], variant(b, i), None
            aimed += 1
        else:  # then at random moments of runs that change a tenth of the papers, skewed late
            point, corpus, after = "none", variant(b, i), t_v * rng.uniform(0.3, 0.95)
        code, took = run_child(crashed, corpus, point, real, after)
        killed += code == -signal.SIGKILL
        built = built or (code == 0 and corpus == b)
        t_v = took if code == 0 and corpus != b else t_v
        points.append(point if point != "none" else f"random@{after:.1f}s")
        if (crashed / "manifest.json").exists():
            inconsistent += consistent(crashed, real)
    run_child(crashed, b, "none", real)
    time.sleep(1.0)
    stop.set()
    thread.join(timeout=30)
    ref_state, crashed_state = state(ref, real), state(crashed, real)
    figures = {
        "papers": len(ref_state["hashes"]), "runs": kills, "killed": killed, "points": points,
        "inconsistent_after_kill": inconsistent,
        "equal_papers": ref_state["hashes"] == crashed_state["hashes"],
        "equal_chunk_ids": ref_state["chunk_ids"] == crashed_state["chunk_ids"],
        "equal_bm25_rows": ref_state["bm25"] == crashed_state["bm25"],
        "leftover_chunks": len(crashed_state["stale"]), "pending_left": crashed_state["pending"],
        "generations_on_disk": crashed_state["generations"],
        "reader_queries": out["queries"], "reader_errors": out["errors"],
        "reader_without_chunks": out["without_chunks"], "reader_generations_seen": len(out["generations"]),
        "ingest_seconds": round(t_b, 1),
    }
    print("| papers | runs | killed | equal papers / chunk ids / BM25 rows | leftovers | reader queries | "
          "reader errors | without chunks | generations seen |")
    print(f"| {figures['papers']} | {kills} | {killed} | {figures['equal_papers']} / {figures['equal_chunk_ids']} / "
          f"{figures['equal_bm25_rows']} | {figures['leftover_chunks']} | {out['queries']} | {len(out['errors'])} | "
          f"{out['without_chunks']} | {len(out['generations'])} |")
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--child", nargs=3, metavar=("INDEX", "CORPUS", "POINT"))
    parser.add_argument("--papers", type=int, default=300, help="0: all 10,090")
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--real", action="store_true", help="MiniLM instead of the hashed-words embedder")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--work", type=Path, default=None)
    args = parser.parse_args()
    if args.child:
        child(Path(args.child[0]), Path(args.child[1]), args.child[2], args.real)
        sys.exit(0)
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        result = main(args.papers, args.kills, args.real, args.seed, args.work or Path(tmp))
    errors = result.pop("reader_errors")
    print(json.dumps(result | {"reader_errors": len(errors)}))
    for error in sorted(set(errors))[:3]:
        print(error)
    sys.exit(0 if result["equal_papers"] and result["equal_chunk_ids"] and result["equal_bm25_rows"]
             and not result["leftover_chunks"] and not errors
             and not result["reader_without_chunks"] and not result["inconsistent_after_kill"] else 1)
