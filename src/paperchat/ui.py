"""The Gradio app: chat with streaming, a sources panel, filters, corpus overview, export, API.

`create_app(engine)` builds the Blocks and knows only the Engine's interface
(`ask`, `stats`, `retriever.venues()`), so tests hand it a fake-backed engine;
`serve(settings)` builds the real engine and launches. Handlers are plain
functions (`respond`, `api_ask`, `export`) that tests call directly.

Everything that came from a user or an abstract is HTML-escaped before it is
rendered: an abstract with `<script>` in it shows the text, nothing runs.
"""

from __future__ import annotations

import html
import logging
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from paperchat.config import Settings
from paperchat.corpus import sentences
from paperchat.engine import Engine, next_turn
from paperchat.errors import PaperchatError
from paperchat.retrieve import Filters
from paperchat.schema import Answer, Hit

log = logging.getLogger("paperchat")

EXAMPLES = [
    "Which papers are about speculative decoding, and how do they differ?",
    "What is the Halton scheduler for MaskGIT?",
    "ICLR 2025 papers on watermarking language models",
    "How do papers on classifier-free guidance in diffusion differ?",
    "Which ICML 2026 papers study machine unlearning?",
]

CSS = """
.src { border: 1px solid var(--border-color-primary); border-radius: 8px; padding: 8px 10px; margin-bottom: 8px; }
.src.flash { outline: 3px solid #f59e0b; }
.src-n { font-weight: 700; color: #2563eb; margin-right: 4px; }
.badge { display: inline-block; font-size: 0.8em; padding: 1px 6px; border-radius: 9px; background: #e0e7ff; color: #1e3a8a; margin-left: 4px; }
.badge.warn { background: #fee2e2; color: #991b1b; }
.badge.ok { background: #dcfce7; color: #166534; }
.src mark { background: #fef08a; }
.chip { display: inline-block; padding: 2px 8px; border-radius: 12px; background: #f3f4f6; margin-right: 4px; }
"""

# [n] in the chat links to the source card; clicking scrolls to it, opens it and flashes it.
HEAD = """
<script>
document.addEventListener('click', (e) => {
  const a = e.target.closest('a[href^="#src-"]');
  if (!a) return;
  e.preventDefault();
  const card = document.getElementById(a.getAttribute('href').slice(1));
  if (!card) return;
  const details = card.querySelector('details');
  if (details) details.open = true;
  card.scrollIntoView({behavior: 'smooth', block: 'center'});
  card.classList.add('flash');
  card.dataset.opened = String(Date.now());
  setTimeout(() => card.classList.remove('flash'), 1600);
}, true);
</script>
"""


def link_citations(text: str) -> str:
    """Escape HTML, then turn [n] into a link to the source card."""
    safe = html.escape(text, quote=False)
    return re.sub(r"\[(\d+)\]", r"[[\1]](#src-\1)", safe)


def sources_html(hits: list[Hit], answer: Answer | None = None) -> str:
    if not hits:
        return "<p><i>No sources yet. Ask a question.</i></p>"
    cited = {c.n: c for c in answer.citations} if answer else {}
    cards = []
    for n, hit in enumerate(hits, 1):
        p = hit.paper
        status = ""
        if answer is not None and not answer.abstained:
            if n in cited and cited[n].supported:
                status = '<span class="badge ok">cited ✓ verified</span>'
            elif n in cited:
                status = '<span class="badge warn">⚠ citation not supported</span>'
            else:
                status = '<span class="badge">retrieved, not cited</span>'
        support = set(cited[n].support) if n in cited else set(hit.passages if answer is None else [])
        abstract = " ".join(
            f"<mark>{html.escape(s)}</mark>" if s in support else html.escape(s)
            for s in sentences(p.abstract)
        )
        title = html.escape(p.title) + (' <span class="badge">label from abstract</span>' if p.title_derived else "")
        link = f' · <a href="{html.escape(p.url)}" target="_blank" rel="noopener">OpenReview</a>' if p.url else ""
        code = f' · <a href="{html.escape(p.code_url)}" target="_blank" rel="noopener">code</a>' if p.code_url else ""
        badge = html.escape(p.track or f"{p.venue} {p.year}")
        cards.append(
            f'<div class="src" id="src-{n}"><div><span class="src-n">[{n}]</span><b>{title}</b> '
            f'<span class="badge">{badge}</span> {status}{link}{code}</div>'
            f"<details{' open' if n in cited else ''}><summary>Abstract</summary><p>{abstract}</p></details></div>"
        )
    if answer is not None and answer.verification.dropped_sentences:
        dropped = "".join(f"<li>{html.escape(s)}</li>" for s in answer.verification.dropped_sentences)
        cards.append(f'<div class="src"><span class="badge warn">⚠ withheld</span> The model also wrote '
                     f"sentences that no shown abstract supports; they are not in the answer:<ul>{dropped}</ul></div>")
    return "\n".join(cards)


def chips_choices(filters: Filters | None) -> list[str]:
    if not filters:
        return []
    return [f"venue: {v}" for v in filters.venues] + [f"year: {y}" for y in filters.years]


def _ignored(all_chips: list[str], kept: list[str]) -> Filters:
    dropped = [c for c in all_chips if c not in kept]
    return Filters([c.split(": ", 1)[1] for c in dropped if c.startswith("venue")],
                   [int(c.split(": ", 1)[1]) for c in dropped if c.startswith("year")])


def respond(engine: Engine, question: str, chat: list[dict[str, str]], turns: list[dict[str, Any]],
            venues: list[str], years: list[str], k: int, ignore: Filters | None = None,
            ) -> Iterator[tuple[list[dict[str, str]], str, list[dict[str, Any]], list[str]]]:
    """Stream one exchange: yields (chat, sources html, turns, stated filter chips)."""
    chat = list(chat or []) + [{"role": "user", "content": html.escape(question or "")},
                               {"role": "assistant", "content": "…"}]
    chips: list[str] = []
    hits: list[Hit] = []
    filters = Filters(list(venues or []), [int(y) for y in years or []])
    history = [t["turn"] for t in turns]
    text = ""
    try:
        for event in engine.ask(question, history, filters, k=int(k) if k else None, ignore=ignore):
            if event.kind == "sources":
                hits = event.hits
                stated = event.filters or Filters()
                chips = chips_choices(Filters([v for v in stated.venues if v not in filters.venues],
                                              [y for y in stated.years if y not in filters.years]))
                chat[-1]["content"] = f"*Found {len(hits)} papers; writing the answer…*"
                yield _copy(chat), sources_html(hits), turns, chips
            elif event.kind == "token":
                text += event.text
                chat[-1]["content"] = link_citations(text)
                yield _copy(chat), sources_html(hits), turns, chips
            elif event.kind == "answer" and event.answer is not None:
                answer = event.answer
                chat[-1]["content"] = link_citations(answer.text) + _footer(answer)
                turns = list(turns) + [{"question": question, "answer": answer, "hits": hits,
                                        "turn": next_turn(question, answer)}]
                yield _copy(chat), sources_html(hits, answer), turns, chips
    except PaperchatError as e:
        chat[-1]["content"] = f"⚠️ {html.escape(str(e))}"
        yield _copy(chat), sources_html(hits), turns, chips
    except Exception as e:  # the app keeps serving whatever one answer does
        log.exception("answer failed")
        chat[-1]["content"] = f"⚠️ Something went wrong while answering ({html.escape(type(e).__name__)}: {html.escape(str(e))}). Please try again."
        yield _copy(chat), sources_html(hits), turns, chips


def _copy(chat: list[dict[str, str]]) -> list[dict[str, str]]:
    return [dict(m) for m in chat]


def _footer(answer: Answer) -> str:
    if answer.abstained:
        return ""
    v, t = answer.verification, answer.timings
    parts = [f"{len(answer.citations)} sources cited, all verified against their abstracts"]
    if v.moved or v.removed:
        parts.append(f"{v.moved} citation(s) corrected, {v.removed} removed")
    if v.unsupported:
        parts.append(f"{v.unsupported} unsupported sentence(s) withheld")
    parts.append(f"{t.get('total_s', 0):.1f} s, {answer.model}")
    return "\n\n<sub>" + " · ".join(parts) + "</sub>"


def api_ask(engine: Engine, question: str) -> dict[str, Any]:
    try:
        answer = engine.answer(question)
    except PaperchatError as e:
        return {"answer": "", "citations": [], "abstained": False, "error": str(e)}
    out = answer.to_json()
    return {"answer": out["answer"], "abstained": out["abstained"],
            "citations": [{k: c[k] for k in ("n", "paper_id", "title", "venue", "year", "url", "abstract", "supported")}
                          for c in out["citations"]]}


def export(turns: list[dict[str, Any]]) -> str:
    """The conversation as Markdown with a references list; returns the file path."""
    lines = ["# paperchat conversation", ""]
    for i, t in enumerate(turns, 1):
        answer: Answer = t["answer"]
        lines += [f"## {i}. {t['question']}", "", answer.text, ""]
        if answer.citations:
            lines.append("**References**")
            lines.append("")
            for c in answer.citations:
                p = c.paper
                lines.append(f"[{c.n}] {p.title}. {p.venue} {p.year}." + (f" {p.url}" if p.url else ""))
            lines.append("")
    folder = Path(tempfile.mkdtemp(prefix="paperchat-"))
    path = folder / f"paperchat-{time.strftime('%Y%m%d-%H%M%S')}.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return str(path)


def corpus_markdown(stats: dict[str, Any]) -> str:
    rows = "\n".join(f"| {k} | {v} |" for k, v in stats["by_venue"].items())
    return (f"**{stats['papers']} papers** · answers by `{stats['model']}`\n\n"
            f"| venue | papers |\n|---|---|\n{rows}")


def create_app(engine: Engine) -> Any:
    import gradio as gr

    stats = engine.stats()
    venues = engine.retriever.venues()
    years = sorted({str(p.year) for p in engine.index.papers.values()})
    with gr.Blocks(title="paperchat", analytics_enabled=False) as demo:
        turns = gr.State([])
        all_chips = gr.State([])
        gr.Markdown("## paperchat\nAsk about the papers; every claim cites its abstract, and every citation is checked.")
        with gr.Row():
            with gr.Column(scale=3):
                chat = gr.Chatbot(label="Chat", height=560, elem_id="chat", sanitize_html=True,
                                  feedback_options=None, buttons=["copy"])
                stated = gr.CheckboxGroup(label="Filters taken from your question (untick to remove)",
                                          choices=[], value=[], visible=True, elem_id="stated")
                with gr.Row():
                    box = gr.Textbox(placeholder="Ask about the papers…", show_label=False, scale=5,
                                     elem_id="question", max_lines=4)
                    send = gr.Button("Ask", variant="primary", scale=1, elem_id="ask")
                gr.Examples(EXAMPLES, inputs=[box], label="Example questions")
                with gr.Row():
                    venue = gr.Dropdown(venues, multiselect=True, label="Venue", value=[])
                    year = gr.Dropdown(years, multiselect=True, label="Year", value=[])
                    k = gr.Slider(1, 10, value=engine.settings.retrieval.k, step=1, label="Sources")
                with gr.Row():
                    clear = gr.Button("New conversation")
                    export_btn = gr.Button("Export conversation (.md)")
                exported = gr.File(label="Conversation", visible=False)
            with gr.Column(scale=2):
                with gr.Accordion("Corpus", open=False):
                    gr.Markdown(corpus_markdown(stats))
                gr.Markdown("### Sources")
                sources = gr.HTML(sources_html([]), elem_id="sources")

        def on_ask(question, chat_v, turns_v, venues_v, years_v, k_v):
            for c, s, t, chips in respond(engine, question, chat_v, turns_v, venues_v, years_v, k_v):
                yield c, s, t, gr.update(choices=chips, value=chips), chips, ""

        def on_reask(kept, chips, chat_v, turns_v, venues_v, years_v, k_v):
            if not turns_v or kept == chips:
                yield chat_v, gr.skip(), turns_v, gr.skip(), chips
                return
            question = turns_v[-1]["question"]
            ignore = _ignored(chips, kept)
            for c, s, t, _ in respond(engine, question, chat_v, turns_v, venues_v, years_v, k_v, ignore):
                yield c, s, t, gr.skip(), chips

        outputs = [chat, sources, turns, stated, all_chips, box]
        inputs = [box, chat, turns, venue, year, k]
        send.click(on_ask, inputs, outputs, api_visibility="private")
        box.submit(on_ask, inputs, outputs, api_visibility="private")
        stated.input(on_reask, [stated, all_chips, chat, turns, venue, year, k],
                     [chat, sources, turns, stated, all_chips], api_visibility="private")
        clear.click(lambda: ([], sources_html([]), [], gr.update(choices=[], value=[]), []), None,
                    [chat, sources, turns, stated, all_chips], api_visibility="private")
        export_btn.click(lambda t: gr.update(value=export(t), visible=True), [turns], [exported],
                         api_visibility="private")

        def ask_api(question: str) -> dict:
            """Answer one question; JSON with answer, citations, abstained."""
            return api_ask(engine, question)

        gr.api(ask_api, api_name="ask")
    demo.queue(default_concurrency_limit=engine.settings.ui.concurrency)
    return demo


def launch(demo: Any, host: str, port: int, **kwargs: Any) -> Any:
    import gradio as gr

    return demo.launch(server_name=host, server_port=port, css=CSS, head=HEAD,
                       theme=gr.themes.Soft(), show_error=False, **kwargs)


def serve(settings: Settings, host: str | None = None, port: int | None = None) -> None:
    from paperchat import models
    from paperchat.config import ROOT
    from paperchat.corpus import read_paths
    from paperchat.index import PaperIndex

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    start = time.perf_counter()
    index = PaperIndex(settings, models.load_embedder(settings.embedder))
    if not index.exists:
        log.info("no index at %s: building it from %s", settings.index_dir, ROOT / "data")
        index.ingest(read_paths([ROOT / "data"], skip=[settings.index_dir]))
    engine = Engine(settings, index, models.load_chat_model(settings.llm))
    engine.warm_up()
    log.info("models loaded and index ready (%d papers) in %.1f s", len(index.papers),
             time.perf_counter() - start)
    launch(create_app(engine), host or settings.ui.host, port or settings.ui.port)
