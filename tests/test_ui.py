"""The Gradio app with a real Engine on fake parts: handlers, escaping, the /ask API."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from paperchat import render, ui
from paperchat.engine import Engine
from paperchat.schema import Answer, Citation, Hit, Paper

from .conftest import ScriptedChat

QUESTION = "Which papers are about speculative decoding, and how do they differ?"


@pytest.fixture
def engine(settings, seed_index) -> Engine:
    return Engine(settings, seed_index, ScriptedChat("PEARL adapts the draft length of speculative decoding [1]."))


def test_respond_streams_sources_then_a_cited_answer(engine) -> None:
    updates = list(ui.respond(engine, QUESTION, [], [], [], [], 5))
    first_chat, first_sources, _, _ = updates[0]
    assert "Found 5 papers" in first_chat[-1]["content"] and 'id="src-1"' in first_sources
    chat, sources, turns, chips = updates[-1]
    assert chat[0] == {"role": "user", "content": QUESTION}
    assert "[[1]](#src-1)" in chat[-1]["content"] and "verified" in chat[-1]["content"]
    assert "cited ✓ verified" in sources and "<mark>" in sources
    assert len(turns) == 1 and turns[0]["answer"].citations


def test_a_question_about_the_collection_shows_what_it_holds(engine) -> None:
    *_, (chat, sources, turns, _) = ui.respond(engine, "What can I ask about?", [], [], [], [], 5)
    assert "The collection holds 76 abstracts" in chat[-1]["content"] and len(turns) == 1
    assert 'id="src-1"' not in sources  # no paper was searched for, so none is shown as a source
    *_, (chat, _, turns, _) = ui.respond(engine, QUESTION, chat, turns, [], [], 5)  # the next question is fresh
    assert "[[1]](#src-1)" in chat[-1]["content"] and len(turns) == 2


def test_followup_in_the_same_session_uses_its_history(engine) -> None:
    *_, (chat, _, turns, _) = ui.respond(engine, "What is the Halton scheduler for MaskGIT?", [], [], [], [], 5)
    *_, (chat, _, turns, _) = ui.respond(engine, "What does it improve?", chat, turns, [], [], 5)
    assert len(turns) == 2 and "Halton" in turns[1]["answer"].query
    assert len(chat) == 4


def test_stated_filters_become_chips_and_can_be_removed(engine) -> None:
    *_, (_, _, turns, chips) = ui.respond(engine, "ICML 2026 papers on diffusion models", [], [], [], [], 5)
    assert chips == ["venue: ICML", "year: 2026"]
    assert all(c.paper.venue == "ICML" for c in turns[0]["answer"].citations)
    ignore = ui._ignored(chips, ["year: 2026"])
    *_, (_, _, turns, _) = ui.respond(engine, "ICML 2026 papers on diffusion models", [], [], [], [], 5, ignore)
    assert turns[0]["answer"].filters == {"venues": [], "years": [2026]}


def test_errors_are_chat_messages_not_tracebacks(engine, seed_index) -> None:
    *_, (chat, _, turns, _) = ui.respond(engine, "   ", [], [], [], [], 5)
    assert chat[-1]["content"].startswith("⚠️") and "empty" in chat[-1]["content"] and turns == []
    failing = Engine(engine.settings, seed_index, ScriptedChat("", fail=True))
    *_, (chat, _, turns, _) = ui.respond(failing, QUESTION, [], [], [], [], 5)
    assert "PEARL" in chat[-1]["content"]  # the model failed; the evidence still stands


def test_html_in_abstracts_and_questions_is_shown_as_text() -> None:
    evil = Paper(paper_id="x", title="<b>Bold</b> title", abstract="We <img src=x onerror=alert(1)> test. Fine.",
                 venue="ICLR", year=2026, url='https://o.net/"onmouseover=x')
    out = render.sources_html([Hit(evil, 1.0, 0.9, [])])
    assert "<img" not in out and "&lt;img src=x onerror=alert(1)&gt;" in out
    assert "<b>Bold</b>" not in out and '"onmouseover' not in out
    hostile = Paper(paper_id="y", title="T", abstract="A sentence.", venue="ICLR", year=2026,
                    url="javascript:alert(1)", code_url="data:text/html,<script>x</script>")
    shown = render.sources_html([Hit(hostile, 1.0, 0.9, [])])
    assert "javascript:" not in shown and "data:text" not in shown and "<a " not in shown
    assert render.link_citations("<script>x</script> [1]") == "&lt;script&gt;x&lt;/script&gt; [[1]](#src-1)"


def test_export_writes_markdown_with_references(engine) -> None:
    *_, (_, _, turns, _) = ui.respond(engine, QUESTION, [], [], [], [], 5)
    text = Path(ui.export(turns)[0]).read_text()
    assert text.startswith("# paperchat conversation") and "**References**" in text and "[1] PEARL" in text


def test_api_ask_shape(engine) -> None:
    out = ui.api_ask(engine, QUESTION)
    assert set(out) == {"answer", "citations", "abstained"}
    assert set(out["citations"][0]) >= {"n", "paper_id", "title", "venue", "year", "url", "abstract"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_gradio_client_calls_ask_on_a_running_app(engine) -> None:
    from gradio_client import Client

    demo = ui.create_app(engine)
    port = _free_port()
    ui.launch(demo, "127.0.0.1", port, prevent_thread_lock=True, quiet=True)
    try:
        client = Client(f"http://127.0.0.1:{port}/", verbose=False)
        out = client.predict("What is the Halton scheduler for MaskGIT?", api_name="/ask")
        if isinstance(out, str):
            out = json.loads(out)
        assert out["citations"][0]["title"].startswith("Halton") and out["abstained"] is False
        jobs = [client.submit(q, api_name="/ask") for q in ("speculative decoding", "watermarks", "unlearning")]
        assert all(j.result()["answer"] for j in jobs)  # queued, none crashed
    finally:
        demo.close()


def test_a_title_that_backs_a_claim_is_marked_on_its_card() -> None:
    """A sentence that restates the title is backed by it (cite.py): the card marks the title, escaped."""
    paper = Paper(paper_id="t", title="Modeling <Cells> with Transport", abstract="We infer trajectories. It works.",
                  venue="ICLR", year=2026)
    answer = Answer("Modeling cells with transport [1].", [Citation(1, paper, True, [paper.title])])
    card = render.sources_html([Hit(paper, 1.0, 0.9, [])], answer)
    assert "<mark>Modeling &lt;Cells&gt; with Transport</mark>" in card and "<Cells>" not in card
    assert "cited ✓ verified" in card
