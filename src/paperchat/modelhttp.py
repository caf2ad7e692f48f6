"""The HTTP side of `paperchat model-server`: OpenAI-compatible routes over a `BatchingModel`.

`POST /v1/chat/completions` (streamed as server-sent events, or whole) and
`GET /v1/models`, on the standard library's threading HTTP server: one thread per
connection, each waiting on its request's queue while the model's one thread
decodes every slot (modelserver.py). A whole reply and the last streamed chunk
carry OpenAI's `usage` (with `prompt_tokens_details.cached_tokens`: the prompt
tokens taken from the cache, not computed) and `"paperchat": {"decoded_with": N, "drafted": M}`:
the most answers that shared a decode call with this one, and the drafted tokens kept,
so a client (and the tests) can see that slots decoded together, shared a prompt prefix
and drafted.
"""

from __future__ import annotations

import hmac
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from paperchat.errors import ModelUnavailableError, PaperchatError
from paperchat.modelserver import BatchingModel, Request

MAX_BODY = 4 * 1024 * 1024  # a chat request is a few kB; anything this large is not one


def _chunk(alias: str, rid: str, delta: dict[str, str], reason: str | None, extra: dict | None = None) -> bytes:
    body = {"id": rid, "object": "chat.completion.chunk", "created": int(time.time()), "model": alias,
            "choices": [{"index": 0, "delta": delta, "finish_reason": reason}], **(extra or {})}
    return f"data: {json.dumps(body)}\n\n".encode()


def _usage(stats: dict[str, Any]) -> dict[str, Any]:
    """OpenAI's `usage` and our `paperchat` extension, from the model's account of one answer."""
    ours = ("decoded_with", "drafted")
    return {"usage": {k: v for k, v in stats.items() if k not in ours}, "paperchat": {k: stats[k] for k in ours}}


def handler(model: BatchingModel, alias: str, key: str) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # quiet
            return

        def _json(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # noqa: N802 - the http.server name
            if self.path.rstrip("/") != "/v1/models":
                return self._json(404, {"error": {"message": f"no route {self.path}"}})
            self._json(200, {"object": "list", "data": [{"id": alias, "object": "model", "owned_by": "paperchat"}]})

        def do_POST(self) -> None:  # noqa: N802
            if self.path.rstrip("/") != "/v1/chat/completions":
                return self._json(404, {"error": {"message": f"no route {self.path}"}})
            if key and not hmac.compare_digest(self.headers.get("Authorization", ""), f"Bearer {key}"):
                return self._json(401, {"error": {"message": "missing or wrong API key"}})
            size = int(self.headers.get("Content-Length", 0) or 0)
            if size > MAX_BODY:
                return self._json(413, {"error": {"message": f"request body over {MAX_BODY} bytes"}})
            try:
                body = json.loads(self.rfile.read(size) or b"{}")
                stop = body.get("stop") or []
                bias = {int(k): float(v) for k, v in (body.get("logit_bias") or {}).items()}
                request = model.submit(list(body["messages"]), int(body.get("max_tokens") or 256),
                                       float(body.get("temperature") or 0.0), [stop] if isinstance(stop, str) else stop,
                                       bias)
            except Exception as e:  # noqa: BLE001 - whatever the JSON, the template or the numbers reject
                return self._json(400, {"error": {"message": f"bad request: {type(e).__name__}: {e}"}})
            rid = f"chatcmpl-{id(request):x}"
            if body.get("stream"):
                return self._stream(request, rid)
            pieces = []
            while isinstance(item := request.out.get(), str):
                pieces.append(item)
            if item[0] != "end":
                return self._json(500, {"error": {"message": item[1]}})
            self._json(200, {"id": rid, "object": "chat.completion", "created": int(time.time()), "model": alias,
                             "choices": [{"index": 0, "message": {"role": "assistant", "content": "".join(pieces)},
                                          "finish_reason": item[1]}], **_usage(item[2])})

        def _stream(self, request: Request, rid: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            try:
                self.wfile.write(_chunk(alias, rid, {"role": "assistant", "content": ""}, None))
                while isinstance(item := request.out.get(), str):
                    self.wfile.write(_chunk(alias, rid, {"content": item}, None))
                    self.wfile.flush()
                end = item[0] == "end"
                self.wfile.write(_chunk(alias, rid, {}, item[1] if end else "error", _usage(item[2]) if end else None)
                                 + b"data: [DONE]\n\n")
            except OSError:  # the client went away: free its slot
                request.cancelled = True

    return Handler


def serve(path: Path, host: str, port: int, slots: int, threads: int, n_ctx: int, alias: str, key: str,
          draft: int = 0) -> None:
    model = BatchingModel(path, slots, threads, n_ctx, draft=draft)
    server = ThreadingHTTPServer((host, port), handler(model, alias, key))
    print(f"model server: {path.name}, {slots} slots, drafting {draft} tokens, on http://{host}:{port}/v1", flush=True)
    server.serve_forever()


def arguments(p: Any) -> None:
    p.add_argument("--model", help="a packaged model (default llm.model) …")
    p.add_argument("--model-path", help="… or a GGUF file of your own")
    p.add_argument("--slots", type=int, default=2, help="answers decoded together (default 2)")
    p.add_argument("--threads", type=int, help="default llm.threads")
    p.add_argument("--n-ctx", type=int, default=2048, help="tokens per slot, prompt + answer (default 2048)")
    p.add_argument("--draft-tokens", type=int, help="tokens drafted by prompt lookup per step, greedy answers "
                                                    "only (default llm.draft_tokens; 0: off)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8080)
    p.add_argument("--alias", default="local", help="the model name clients ask for (llm.api_model)")
    p.add_argument("--api-key-env", default="", help="require the key held in this environment variable")


def run(args: Any, settings: Any) -> int:
    from paperchat.fetch import gguf_path, verify

    draft = settings.llm.draft_tokens if args.draft_tokens is None else args.draft_tokens
    if args.slots < 1 or args.n_ctx < 256 or not 0 <= draft <= 32:
        raise PaperchatError("--slots must be 1 or more, --n-ctx 256 or more and --draft-tokens 0 to 32")
    key = os.environ.get(args.api_key_env, "") if args.api_key_env else ""
    if args.api_key_env and not key:
        raise PaperchatError(f"--api-key-env {args.api_key_env}: that environment variable is empty or unset")
    if not key and args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"warning: serving on {args.host} without a key: anyone who can reach it can use the model "
              "(set --api-key-env)", file=sys.stderr)
    model = args.model or settings.llm.model
    path = Path(args.model_path) if args.model_path else gguf_path(model, settings.models_dir)
    if not path.exists():
        raise ModelUnavailableError(f"model file {path} is missing: run `paperchat models fetch` (or `make setup`)")
    if not args.model_path:
        verify(model, path)
    serve(path, args.host, args.port, args.slots, args.threads or settings.llm.threads, args.n_ctx, args.alias, key,
          draft)
    return 0
