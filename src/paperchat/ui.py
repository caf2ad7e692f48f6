"""The Gradio app: chat with streaming, a sources panel, filters, corpus overview, export, API.

`create_app(engine)` builds the Blocks and knows only the Engine's public
interface (`ask`, `answer`, `stats`, `settings`), so tests hand it a
fake-backed engine; `serve(settings)` opens the real engine and launches.
Handlers are plain functions (`respond`, `api_ask`, `export`) that tests call
directly; the HTML they show is made in render.py.

Several people at once: every event that answers (Ask, Enter, re-asking after
a filter chip is removed, the `/ask` API) shares one Gradio queue
(`concurrency_id="answer"`, `ui.concurrency` at once, `ui.queue_size` waiting,
Gradio shows each person their place). Retrieval and quoted evidence run in
parallel; an in-process model writes one answer at a time behind its own
lock (chat.py), and a waiting answer says how many are ahead of it. Against
model servers (`llm.backend: openai_like`) the queue lets through as many as
the servers have slots (`llm.parallel` × servers), if that is more.
"""

from __future__ import annotations

import html
import logging
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from paperchat import render as R
from paperchat.config import Settings
from paperchat.conversation import next_turn
from paperchat.engine import Engine
from paperchat.errors import PaperchatError
from paperchat.schema import Filters, Hit
from paperchat.text import inert

log = logging.getLogger("paperchat")

EXAMPLES = [
    "Which papers are about speculative decoding, and how do they differ?",
    "What is the Halton scheduler for MaskGIT?",
    "ICLR 2025 papers on watermarking language models",
    "How do papers on classifier-free guidance in diffusion differ?",
    "Which ICML 2026 papers study machine unlearning?",
]
QUEUE = "answer"  # the one queue every answering event shares


def export(turns: list[dict[str, Any]]) -> list[str]:
    """Write the conversation as Markdown, each comparison table as CSV and the cited papers
    as BibTeX, into a temporary folder; returns the paths (the Markdown first)."""
    folder = Path(tempfile.mkdtemp(prefix="paperchat-"))
    stem = f"paperchat-{time.strftime('%Y%m%d-%H%M%S')}"
    paths = [folder / f"{stem}.md"]
    paths[0].write_text(R.conversation_markdown(turns), encoding="utf-8")
    for i, t in enumerate(turns, 1):
        if t["answer"].table is not None:
            paths.append(folder / f"{stem}-table-{i}.csv")
            paths[-1].write_text(R.table_csv(t["answer"].table), encoding="utf-8")
    cited = {c.paper.paper_id: c.paper for t in turns for c in t["answer"].citations if c.support}
    if cited:
        paths.append(folder / f"{stem}.bib")
        paths[-1].write_text(R.bibtex(list(cited.values())), encoding="utf-8")
    return [str(p) for p in paths]


def chips_choices(filters: Filters | None) -> list[str]:
    if not filters:
        return []
    return [f"venue: {v}" for v in filters.venues] + [f"year: {y}" for y in filters.years]


def _ignored(all_chips: list[str], kept: list[str]) -> Filters:
    dropped = [c for c in all_chips if c not in kept]
    return Filters([c.split(": ", 1)[1] for c in dropped if c.startswith("venue")],
                   [int(c.split(": ", 1)[1]) for c in dropped if c.startswith("year")])


Update = tuple[list[dict[str, str]], str, list[dict[str, Any]], list[str]]


def respond(engine: Engine, question: str, chat: list[dict[str, str]], turns: list[dict[str, Any]],
            venues: list[str], years: list[str], k: int, ignore: Filters | None = None) -> Iterator[Update]:
    """Stream one exchange: yields (chat, sources html, turns, stated filter chips)."""
    chat = list(chat or []) + [{"role": "user", "content": html.escape(inert(question or ""), quote=False)},
                               {"role": "assistant", "content": "…"}]
    chips: list[str] = []
    hits: list[Hit] = []
    filters = Filters(list(venues or []), [int(y) for y in years or []])
    history = [t["turn"] for t in turns]
    text = ""
    events = engine.ask(question, history, filters, k=int(k) if k else None, ignore=ignore)
    try:
        for event in events:
            if event.kind == "sources":
                hits = event.hits
                chips = chips_choices((event.filters or Filters()).without(filters))
                chat[-1]["content"] = f"*Found {len(hits)} papers; writing the answer…*"
            elif event.kind == "status":  # shown under the answer until the next words arrive
                chat[-1]["content"] = R.link_citations(text) + f"\n\n*{html.escape(event.text)}*"
            elif event.kind == "token":
                text += event.text
                chat[-1]["content"] = R.link_citations(text)
            elif event.kind == "answer" and event.answer is not None:
                answer = event.answer
                chat[-1]["content"] = R.link_citations(answer.text) + R.footer(answer)
                turns = list(turns) + [{"question": question, "answer": answer, "hits": hits,
                                        "turn": next_turn(question, answer)}]
                yield _copy(chat), R.sources_html(hits, answer), turns, chips
                continue
            yield _copy(chat), R.sources_html(hits), turns, chips
    except PaperchatError as e:
        chat[-1]["content"] = f"⚠️ {html.escape(str(e))}"
        yield _copy(chat), R.sources_html(hits), turns, chips
    except Exception as e:  # the app keeps serving whatever one answer does
        log.exception("answer failed")
        chat[-1]["content"] = (f"⚠️ Something went wrong while answering ({html.escape(type(e).__name__)}: "
                               f"{html.escape(str(e))}). Please try again.")
        yield _copy(chat), R.sources_html(hits), turns, chips
    finally:
        events.close()  # a person who left mid-answer frees the model at once


def _copy(chat: list[dict[str, str]]) -> list[dict[str, str]]:
    return [dict(m) for m in chat]


def api_ask(engine: Engine, question: str) -> dict[str, Any]:
    try:
        answer = engine.answer(question)
    except PaperchatError as e:
        return {"answer": "", "citations": [], "abstained": False, "error": str(e)}
    out = answer.to_json()
    return {"answer": out["answer"], "abstained": out["abstained"],
            "citations": [{k: c[k] for k in ("n", "paper_id", "title", "venue", "year", "url", "abstract", "supported")}
                          for c in out["citations"]]}


def check_claim(engine: Engine, claim: str, abstract: str = "") -> str:
    """The app's "Check a claim": the verdict as HTML, or the error as a message."""
    try:
        return R.claim_html(engine.check_claim(claim, abstract=abstract or ""))
    except PaperchatError as e:
        return f"<p>⚠️ {html.escape(str(e))}</p>"


def create_app(engine: Engine) -> Any:
    import gradio as gr

    stats = engine.stats()
    ui = engine.settings.ui
    with gr.Blocks(title="paperchat", analytics_enabled=False) as demo:
        turns = gr.State([])
        all_chips = gr.State([])
        gr.Markdown("## paperchat\nAsk about the papers; every claim cites its abstract, and every citation is checked.")
        with gr.Row():
            with gr.Column(scale=3):
                chat = gr.Chatbot(label="Chat", height=720, elem_id="chat", sanitize_html=True,
                                  feedback_options=None, buttons=["copy"])
                stated = gr.CheckboxGroup(label="Filters taken from your question (untick to remove)",
                                          choices=[], value=[], visible=True, elem_id="stated")
                with gr.Row():
                    box = gr.Textbox(placeholder="Ask about the papers…", show_label=False, scale=5,
                                     elem_id="question", max_lines=4)
                    send = gr.Button("Ask", variant="primary", scale=1, elem_id="ask")
                gr.Examples(EXAMPLES, inputs=[box], label="Example questions")
                with gr.Row():
                    venue = gr.Dropdown(stats["venues"], multiselect=True, label="Venue", value=[])
                    year = gr.Dropdown([str(y) for y in stats["years"]], multiselect=True, label="Year", value=[])
                    k = gr.Slider(1, 10, value=engine.settings.retrieval.k, step=1, label="Sources")
                with gr.Row():
                    clear = gr.Button("New conversation")
                    export_btn = gr.Button("Export conversation (.md, tables .csv, .bib)")
                exported = gr.File(label="Conversation", visible=False, file_count="multiple")
                with gr.Accordion("Check a claim", open=False, elem_id="check"):
                    claim = gr.Textbox(label="Claim", placeholder="e.g. PEARL achieves up to 4.4× speedup over "
                                       "autoregressive decoding", elem_id="claim", max_lines=3)
                    pasted = gr.Textbox(label="Abstract to judge it against (optional; else the collection is "
                                        "searched)", lines=3, elem_id="claim-abstract")
                    check_btn = gr.Button("Check", elem_id="check-btn")
                    verdict = gr.HTML(elem_id="claim-result")
            with gr.Column(scale=2):
                with gr.Accordion("Corpus", open=False):
                    gr.Markdown(R.corpus_markdown(stats))
                gr.Markdown("### Sources")
                sources = gr.HTML(R.sources_html([]), elem_id="sources")

        def on_ask(question, chat_v, turns_v, venues_v, years_v, k_v):
            # the box is cleared once, by the first update: a person who types the next question while
            # this answer streams keeps it (every update used to clear it, the last one included)
            cleared = False
            for c, s, t, chips in respond(engine, question, chat_v, turns_v, venues_v, years_v, k_v):
                yield c, s, t, gr.update(choices=chips, value=chips), chips, gr.skip() if cleared else ""
                cleared = True

        def on_reask(kept, chips, chat_v, turns_v, venues_v, years_v, k_v):
            if not turns_v or kept == chips:
                yield chat_v, gr.skip(), turns_v, gr.skip(), chips
                return
            question = turns_v[-1]["question"]
            ignore = _ignored(chips, kept)
            for c, s, t, _ in respond(engine, question, chat_v, turns_v, venues_v, years_v, k_v, ignore):
                yield c, s, t, gr.skip(), chips

        queue: dict[str, Any] = {"concurrency_id": QUEUE, "concurrency_limit": concurrency(engine.settings)}
        outputs = [chat, sources, turns, stated, all_chips, box]
        inputs = [box, chat, turns, venue, year, k]
        send.click(on_ask, inputs, outputs, api_visibility="private", **queue)
        box.submit(on_ask, inputs, outputs, api_visibility="private", **queue)
        stated.input(on_reask, [stated, all_chips, chat, turns, venue, year, k],
                     [chat, sources, turns, stated, all_chips], api_visibility="private", **queue)
        clear.click(lambda: ([], R.sources_html([]), [], gr.update(choices=[], value=[]), []), None,
                    [chat, sources, turns, stated, all_chips], api_visibility="private")
        export_btn.click(lambda t: gr.update(value=export(t), visible=True), [turns], [exported],
                         api_visibility="private")

        check_btn.click(lambda c, a: check_claim(engine, c, a), [claim, pasted], [verdict],
                        api_visibility="private", **queue)

        def ask_api(question: str) -> dict:
            """Answer one question; JSON with answer, citations, abstained."""
            return api_ask(engine, question)

        gr.api(ask_api, api_name="ask", **queue)
    demo.queue(max_size=ui.queue_size)
    return demo


def concurrency(settings: Settings) -> int:
    """Answers the app works on at once: `ui.concurrency`, or the model servers' slots if more."""
    llm = settings.llm
    servers = len([b for b in llm.api_base.split(",") if b.strip()]) if llm.backend == "openai_like" else 0
    return max(settings.ui.concurrency, llm.parallel * servers)


def launch(demo: Any, host: str, port: int, **kwargs: Any) -> Any:
    import gradio as gr

    return demo.launch(server_name=host, server_port=port, css=R.CSS, head=R.HEAD,
                       theme=gr.themes.Soft(), show_error=False, **kwargs)


def serve(settings: Settings, host: str | None = None, port: int | None = None,
          logins: list[tuple[str, str]] | None = None) -> None:
    from paperchat.access import exposure_warning

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    host, port = host or settings.ui.host, port or settings.ui.port
    warning = exposure_warning(host, port, logins or [])
    if warning:
        print(warning, file=sys.stderr, flush=True)
    start = time.perf_counter()
    engine = Engine.open(settings, build_missing=True, progress=True)
    engine.warm_up()
    log.info("models loaded and index ready (%d papers) in %.1f s", engine.stats()["papers"],
             time.perf_counter() - start)
    launch(create_app(engine), host, port, auth=logins or None,
           auth_message="paperchat: log in with the user and password you were given")
