"""Team-path figures: ingest papers/s by embedder path, and concurrent answers through model servers.

    python bench/team.py [--papers 600] [--skip-ingest] [--skip-servers]

Ingest: the first `papers` real abstracts of ../shared/corpora into a fresh
embedded index, once per path (MiniLM fp32 in-process, int8, fp32 with
--workers 2); papers/s is papers divided by the wall time of the ingest call
(the embedder already loaded, the corpus already read). Servers: llama_cpp.server
answers one request at a time, so one answer alone is timed against 2 threads,
then two at once against two 1-thread servers (llm.parallel 1) and against one
2-thread server; the ratio is the wall time of the pair over the single answer.
Prints one table each.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.conftest import free_port, serve_process  # noqa: E402

SHARED = ROOT.parent / "shared" / "corpora"
FIRST = {"embed_chunks": 1}  # only each paper's first chunk is embedded
QUESTIONS = ["What is the Halton scheduler for MaskGIT?", "How does PEARL speed up speculative decoding?"]


def ingest_rows(papers: int) -> list[dict]:
    from paperchat.config import Settings
    from paperchat.corpus import read_paths
    from paperchat.index import PaperIndex

    with tempfile.TemporaryDirectory() as tmp:
        lines: list[str] = []
        for name in ("iclr2026.jsonl.gz", "icml2026.jsonl.gz"):
            with gzip.open(SHARED / name, "rt", encoding="utf-8") as f:
                lines += f.read().splitlines()
        corpus = Path(tmp) / "part.jsonl"
        corpus.write_text("\n".join(lines[:papers]) + "\n")
        records = read_paths([corpus])
        rows = []
        int8 = {"quantize": "int8"}
        for label, embedder, workers, index in (
                ("fp32, 1 process (default)", {}, 1, {}), ("int8, 1 process", int8, 1, {}),
                ("fp32, --workers 2", {}, 2, {}), ("int8, --workers 2", int8, 2, {}),
                ("fp32, first chunk only", {}, 1, FIRST), ("int8, first chunk only", int8, 1, FIRST),
                ("int8, first chunk only, --workers 2", int8, 2, FIRST)):
            settings = Settings.load(env={}).changed(index={"dir": Path(tmp) / label.replace(" ", "_").replace(",", ""), **index},
                                                     embedder=embedder)
            index = PaperIndex.open(settings)
            index.embedder.get_text_embedding("warm up")
            start = time.perf_counter()
            report = index.ingest(records, progress=False, workers=workers)
            wall = time.perf_counter() - start
            rows.append({"path": label, "papers": report.papers, "chunks": report.chunks, "wall s": round(wall, 1),
                         "papers/s": round(report.papers / wall, 1)})
        return rows


@contextlib.contextmanager
def servers(count: int, threads: int, slots: int = 0) -> list[str]:
    """`count` llama_cpp.server processes, or with `slots` one `paperchat model-server --slots`."""
    from paperchat.config import Settings
    from paperchat.fetch import gguf_path

    model = gguf_path("qwen2.5-coder-1.5b", Settings.load(env={}).models_dir)
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        urls = []
        for i in range(count):
            port = free_port()
            url = f"http://127.0.0.1:{port}/v1"
            cmd = ([sys.executable, "-m", "paperchat.cli", "model-server", "--slots", str(slots), "--threads",
                    str(threads), "--port", str(port)] if slots else
                   [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--port", str(port),
                    "--n_ctx", "2048", "--n_threads", str(threads), "--model_alias", "local"])
            stack.enter_context(serve_process(cmd, url + "/models", Path(tmp) / f"{i}.log", wait_s=180))
            urls.append(url)
        yield urls


def timed(urls: list[str], questions: list[str], parallel: int = 1) -> float:
    from paperchat.config import Settings
    from paperchat.engine import Engine
    settings = Settings.load(env={}).changed(llm={"backend": "openai_like", "api_base": ",".join(urls),
                                                  "parallel": parallel, "max_tokens": 80}, answer={"synthesis": True})
    engine = Engine.open(settings, build_missing=True)
    engine.answer("warm up question about diffusion")
    start = time.perf_counter()
    threads = [threading.Thread(target=engine.answer, args=(q,)) for q in questions]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start


def server_rows() -> list[dict]:
    """Each timing on freshly started servers after one warm-up question (a server keeps the
    cache of the prompts it saw, and a repeated question would skip its prompt): one answer is
    the mean of each question asked alone, a pair is both asked at once."""
    def fresh(count: int, threads: int, slots: int, questions: list[str]) -> float:
        with servers(count, threads, slots) as urls:
            return timed(urls, questions, max(slots, 1))

    alone = sum(fresh(1, 2, 0, [q]) for q in QUESTIONS) / len(QUESTIONS)
    alone_slotted = sum(fresh(1, 2, 2, [q]) for q in QUESTIONS) / len(QUESTIONS)
    runs = [("2 answers at once, one 2-thread llama_cpp.server (it queues them)", fresh(1, 2, 0, QUESTIONS)),
            ("2 answers at once, two 1-thread llama_cpp.servers", fresh(2, 1, 0, QUESTIONS)),
            ("2 answers at once, `paperchat model-server --slots 2` (2 threads)", fresh(1, 2, 2, QUESTIONS))]
    rows = [{"setup": "1 answer, one 2-thread llama_cpp.server", "wall s": round(alone, 1), "× one answer": 1.0},
            {"setup": "1 answer, `paperchat model-server --slots 2`", "wall s": round(alone_slotted, 1),
             "× one answer": round(alone_slotted / alone, 2)}]
    return rows + [{"setup": name, "wall s": round(wall, 1), "× one answer": round(wall / alone, 2)} for name, wall in runs]


def table(rows: list[dict]) -> None:
    keys = list(rows[0])
    print("| " + " | ".join(keys) + " |\n|" + "---|" * len(keys))
    for r in rows:
        print("| " + " | ".join(str(r[k]) for k in keys) + " |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--papers", type=int, default=600)
    parser.add_argument("--skip-ingest", action="store_true")
    parser.add_argument("--skip-servers", action="store_true")
    args = parser.parse_args()
    if not args.skip_ingest:
        table(ingest_rows(args.papers))
    if not args.skip_servers:
        table(server_rows())
