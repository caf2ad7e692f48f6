"""Team-path figures: ingest papers/s by embedder path, and concurrent answers through model servers.

    python bench/team.py [--papers 600] [--skip-ingest] [--skip-servers]

Ingest: the first `papers` real abstracts of ../shared/corpora into a fresh
embedded index, once per path (MiniLM fp32 in-process, int8, fp32 with
--workers 2); papers/s is papers divided by the wall time of the ingest call
(the embedder already loaded, the corpus already read). Servers: llama_cpp.server
answers one request at a time, so one answer alone is timed against 2 threads,
then two at once against two 1-thread servers (llm.parallel 1), against one
2-thread server and against `paperchat model-server --slots 2`; the ratio is the
wall time of the pair over the single answer, for single-paper and comparative questions.
Both servers draft by prompt lookup (llm.draft_tokens), as the in-process model does.
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
QUESTIONS = {"single-paper": ["What is the Halton scheduler for MaskGIT?", "How does PEARL speed up speculative decoding?"],
             "comparative": ["Which papers are about speculative decoding, and how do they differ?",
                             "Which papers propose watermarks, and how do they differ?"]}


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

    settings = Settings.load(env={})
    model = gguf_path("qwen2.5-coder-1.5b", settings.models_dir)
    draft = settings.llm.draft_tokens  # both servers draft by prompt lookup, as the in-process model does
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        urls = []
        for i in range(count):
            port = free_port()
            url = f"http://127.0.0.1:{port}/v1"
            cmd = ([sys.executable, "-m", "paperchat.cli", "model-server", "--slots", str(slots), "--threads",
                    str(threads), "--port", str(port), "--draft-tokens", str(draft)] if slots else
                   [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--port", str(port),
                    "--n_ctx", "2048", "--n_threads", str(threads), "--model_alias", "local",
                    "--interrupt_requests", "False",  # by default a new request cuts off the one streaming
                    *(["--draft_model", "prompt-lookup-decoding", "--draft_model_num_pred_tokens", str(draft)]
                      if draft else [])])
            stack.enter_context(serve_process(cmd, url + "/models", Path(tmp) / f"{i}.log", wait_s=180))
            urls.append(url)
        yield urls


def timed(urls: list[str], questions: list[str], parallel: int = 1) -> tuple[float, int]:
    """Wall seconds to answer `questions` at once, and the model pieces (tokens) they streamed."""
    from paperchat.config import Settings
    from paperchat.engine import Engine
    settings = Settings.load(env={}).changed(llm={"backend": "openai_like", "api_base": ",".join(urls),
                                                  "parallel": parallel, "max_tokens": 80}, answer={"synthesis": True})
    engine = Engine.open(settings, build_missing=True)
    engine.answer("warm up question about diffusion")
    pieces = [0] * len(questions)

    def ask(i: int) -> None:
        pieces[i] = int(engine.answer(questions[i]).timings.get("model_pieces", 0))

    start = time.perf_counter()
    threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(questions))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start, sum(pieces)


def server_rows(kind: str, questions: list[str]) -> list[dict]:
    """Each timing on freshly started servers after one warm-up question (a server keeps the
    cache of the prompts it saw, and a repeated question would skip its prompt): one answer is
    the mean of each question asked alone, a pair is both asked at once. Batched arithmetic is
    not bit-identical to one sequence's, so a greedy answer may take another path and length in
    a pair: the tokens column shows whether a pair decoded as much as the two answers alone."""
    def fresh(count: int, threads: int, slots: int, asked: list[str]) -> tuple[float, int]:
        with servers(count, threads, slots) as urls:
            return timed(urls, asked, max(slots, 1))

    def alone(slots: int) -> tuple[float, int]:
        runs = [fresh(1, 2, slots, [q]) for q in questions]
        return sum(w for w, _ in runs) / len(runs), sum(n for _, n in runs)

    one, one_tokens = alone(0)
    rows = [("1 answer, one 2-thread llama_cpp.server", (one, one_tokens)),
            ("1 answer, `paperchat model-server --slots 2`", alone(2)),
            ("2 answers at once, one 2-thread llama_cpp.server (it queues them)", fresh(1, 2, 0, questions)),
            ("2 answers at once, two 1-thread llama_cpp.servers", fresh(2, 1, 0, questions)),
            ("2 answers at once, `paperchat model-server --slots 2` (2 threads)", fresh(1, 2, 2, questions))]
    return [{"questions": kind, "setup": name, "wall s": round(wall, 1), "× one answer": round(wall / one, 2),
             "tokens (both questions)": tokens} for name, (wall, tokens) in rows]


def prompts(questions: list[str]) -> list[list[dict[str, str]]]:
    """The messages the app sends the model for each question (retrieval and evidence as in an answer)."""
    from paperchat.config import Settings
    from paperchat.engine import Engine

    sent: list[list[dict[str, str]]] = []

    class Recorder:  # stands in for the model: keeps the prompt, writes nothing
        name = "recorder"

        def ahead(self) -> int:
            return 0

        def stream(self, messages: list[dict[str, str]], max_tokens: int) -> iter:  # noqa: ARG002
            sent.append(list(messages))
            return iter(())

    engine = Engine(Settings.load(env={}).changed(answer={"synthesis": True}),
                    Engine.open(Settings.load(env={}), model=False, build_missing=True)._index, Recorder())
    for q in questions:
        engine.answer(q)
    return sent


def fixed(url: str, messages: list[list[dict[str, str]]], ban: list[int], tokens: int) -> float:
    """Wall seconds for the server to stream exactly `tokens` tokens for each prompt, all sent at once
    (end-of-turn tokens banned through OpenAI's logit_bias, so every answer does the same work)."""
    import json
    import urllib.request

    def post(m: list[dict[str, str]]) -> None:
        body = {"model": "local", "messages": m, "max_tokens": tokens, "temperature": 0, "stream": True,
                "logit_bias": {str(t): -100 for t in ban}}
        request = urllib.request.Request(url + "/chat/completions", json.dumps(body).encode(),
                                         {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=600) as r:
            for _ in r:
                pass

    post([{"role": "user", "content": "warm up"}])
    start = time.perf_counter()
    threads = [threading.Thread(target=post, args=(m,)) for m in messages]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start


def fixed_rows(kind: str, questions: list[str], tokens: int = 80) -> list[dict]:
    """The model servers alone on the app's prompts, every answer exactly `tokens` long: the same
    work alone and in a pair, and no app computing beside them."""
    from llama_cpp import Llama

    from paperchat.config import Settings
    from paperchat.fetch import gguf_path

    vocab = Llama(model_path=str(gguf_path("qwen2.5-coder-1.5b", Settings.load(env={}).models_dir)),
                  vocab_only=True, verbose=False)
    ban = sorted({vocab.token_eos(), *vocab.tokenize(b"<|im_end|><|endoftext|>", add_bos=False, special=True)})
    messages = prompts(questions)
    rows = []
    for name, slots in (("one 2-thread llama_cpp.server", 0), ("`paperchat model-server --slots 2`", 2)):
        alone = []
        for m in messages:
            with servers(1, 2, slots) as urls:
                alone.append(fixed(urls[0], [m], ban, tokens))
        with servers(1, 2, slots) as urls:
            pair = fixed(urls[0], messages, ban, tokens)
        one = sum(alone) / len(alone)
        rows += [{"questions": kind, "server": name, "1 answer s": round(one, 1), "2 at once s": round(pair, 1),
                  "× one answer": round(pair / one, 2)}]
    return rows


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
    parser.add_argument("--fixed-only", action="store_true", help="only the fixed-length server rows")
    args = parser.parse_args()
    if not args.skip_ingest:
        table(ingest_rows(args.papers))
    if args.fixed_only:
        table([row for kind, asked in QUESTIONS.items() for row in fixed_rows(kind, asked)])
    elif not args.skip_servers:
        table([row for kind, asked in QUESTIONS.items() for row in server_rows(kind, asked)])
        table([row for kind, asked in QUESTIONS.items() for row in fixed_rows(kind, asked)])
