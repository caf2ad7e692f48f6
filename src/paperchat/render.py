"""What a person sees, as HTML and Markdown: source cards, linked citations, footers, export.

Pure functions from the engine's results to strings; the Gradio wiring is in
ui.py. Everything that came from a user or an abstract is HTML-escaped before
it is rendered: an abstract with `<script>` in it shows the text, nothing runs.
"""

from __future__ import annotations

import csv
import html
import io
import re
from typing import Any

from paperchat.schema import Answer, ClaimCheck, Hit, Paper, Table
from paperchat.text import inert, sentences

CSS = """
.src { border: 1px solid var(--border-color-primary); border-radius: 8px; padding: 8px 10px; margin-bottom: 8px; }
.src.flash { outline: 3px solid #f59e0b; }
.src-n { font-weight: 700; color: #2563eb; margin-right: 4px; }
.badge { display: inline-block; font-size: 0.8em; padding: 1px 6px; border-radius: 9px; background: #e0e7ff; color: #1e3a8a; margin-left: 4px; }
.badge.warn { background: #fee2e2; color: #991b1b; }
.badge.ok { background: #dcfce7; color: #166534; }
.src mark { background: #fef08a; }
.src .s.hl { background: #fdba74; outline: 2px solid #f97316; }
#chat table { font-size: 0.86em; }
#chat table td:first-child, #chat table th:first-child { white-space: nowrap; width: 2.5em; }
#chat table td:nth-child(2) { min-width: 8em; }
#chat table td { vertical-align: top; }
.chip { display: inline-block; padding: 2px 8px; border-radius: 12px; background: #f3f4f6; margin-right: 4px; }
"""

# [n] in the chat links to the source card (#src-n); a table cell to one sentence of it
# (#src-n.sK). A click scrolls there, opens the abstract, flashes the card and highlights
# the sentence.
HEAD = """
<script>
document.addEventListener('click', (e) => {
  const a = e.target.closest('a[href^="#src-"]');
  if (!a) return;
  e.preventDefault();
  const m = a.getAttribute('href').match(/^#(src-\\d+)(?:\\.s(\\d+))?$/);
  const card = m && document.getElementById(m[1]);
  if (!card) return;
  const details = card.querySelector('details');
  if (details) details.open = true;
  card.querySelectorAll('.s.hl').forEach((s) => s.classList.remove('hl'));
  const sentence = m[2] !== undefined ? card.querySelector(`.s[data-s="${m[2]}"]`) : null;
  if (sentence) { sentence.classList.add('hl'); card.dataset.sentence = m[2]; }
  (sentence || card).scrollIntoView({behavior: 'smooth', block: 'center'});
  card.classList.add('flash');
  card.dataset.opened = String(Date.now());
  setTimeout(() => card.classList.remove('flash'), 1600);
}, true);
</script>
"""


def safe_url(url: str) -> str:
    """`url` if it is http(s), else "": corpus text is untrusted, and a javascript: or data:
    URL in a record must never become a link."""
    return url if re.match(r"https?://[^\s\"'<>]+$", url or "", re.I) else ""


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
                quoted = '<span class="badge ok">quote ✓ verified</span> ' if cited[n].support else ""
                status = (f'{quoted}<span class="badge warn" title="a sentence that cited this paper was withheld">'
                          '⚠ citation not supported</span>')
            else:
                status = '<span class="badge">retrieved, not cited</span>'
        support = set(cited[n].support) if n in cited else set(hit.passages if answer is None else [])
        abstract = " ".join(
            f'<span class="s" data-s="{i}">' + (f"<mark>{html.escape(s)}</mark>" if s in support else html.escape(s))
            + "</span>" for i, s in enumerate(sentences(p.abstract))
        )
        title = (f"<mark>{html.escape(p.title)}</mark>" if p.title in support else html.escape(p.title)) + (
            ' <span class="badge">label from abstract</span>' if p.title_derived else "")  # a restated title backs a claim
        url, code_url = safe_url(p.url), safe_url(p.code_url)
        link = f' · <a href="{html.escape(url)}" target="_blank" rel="noopener">OpenReview</a>' if url else ""
        code = f' · <a href="{html.escape(code_url)}" target="_blank" rel="noopener">code</a>' if code_url else ""
        badge = html.escape(p.track or f"{p.venue} {p.year}")
        withheld = "".join(f"<li>{html.escape(w)}</li>" for w in cited[n].withheld) if n in cited else ""
        withheld = f'<div class="withheld">Withheld, not supported by this abstract:<ul>{withheld}</ul></div>' if withheld else ""
        cards.append(
            f'<div class="src" id="src-{n}"><div><span class="src-n">[{n}]</span><b>{title}</b> '
            f'<span class="badge">{badge}</span> {status}{link}{code}</div>{withheld}'
            f"<details{' open' if n in cited else ''}><summary>Abstract</summary><p>{abstract}</p></details></div>"
        )
    if answer is not None and answer.verification.dropped_sentences:
        v = answer.verification
        reasons = v.dropped_reasons + [""] * (len(v.dropped_sentences) - len(v.dropped_reasons))
        dropped = "".join(f"<li>{html.escape(s)}" + (f" <i>({html.escape(r)})</i>" if r else "") + "</li>"
                          for s, r in zip(v.dropped_sentences, reasons, strict=True))
        cards.append(f'<div class="src"><span class="badge warn">⚠ withheld</span> The model also wrote '
                     f"sentences that are not in the answer (why, after each):<ul>{dropped}</ul></div>")
    return "\n".join(cards)


def footer(answer: Answer) -> str:
    if answer.abstained:
        return ""
    v, t = answer.verification, answer.timings
    shown = [c for c in answer.citations if c.support]
    parts = [f"{len(shown)} sources cited, every shown sentence verified against their abstracts"]
    if v.moved or v.removed:
        parts.append(f"{v.moved} citation(s) corrected, {v.removed} removed")
    if v.unsupported:
        parts.append(f"{v.unsupported} unsupported sentence(s) withheld"
                     + (f", {v.trimmed} shown in the part that holds" if v.trimmed else ""))
    parts.append(f"{t.get('total_s', 0):.1f} s, {answer.model}")
    return "\n\n<sub>" + " · ".join(parts) + "</sub>"


def conversation_markdown(turns: list[dict[str, Any]]) -> str:
    """The conversation as Markdown, each answer followed by its references."""
    lines = ["# paperchat conversation", ""]
    for i, t in enumerate(turns, 1):
        answer: Answer = t["answer"]
        lines += [f"## {i}. {html.escape(inert(t['question']), quote=False)}", "",
                  html.escape(answer.text, quote=False), ""]
        if answer.citations:
            lines.append("**References**")
            lines.append("")
            for c in (c for c in answer.citations if c.support):
                p = c.paper
                url = safe_url(p.url)
                lines.append(f"[{c.n}] {html.escape(inert(p.title), quote=False)}. {html.escape(inert(p.venue))} "
                             f"{p.year}." + (f" <{url}>" if url else ""))
            lines.append("")
    return "\n".join(lines)


def table_csv(table: Table) -> str:
    """The comparison table as CSV: one row per paper, the cells verbatim."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["n", "paper_id", "title", "venue", "year", *table.columns])
    for r in table.rows:
        writer.writerow([r.n, _cell(r.paper_id), _cell(r.title), _cell(r.venue), r.year,
                         *(_cell(r.cells[c].text) if r.cells[c].sentence >= 0 else "" for c in table.columns)])
    return out.getvalue()


def _cell(text: str) -> str:
    """A CSV cell a spreadsheet shows as text: one starting with = + - @ would run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def bibtex(papers: list[Paper]) -> str:
    """A @misc entry per paper from what the corpus holds (title, venue, year, link,
    authors when known); nothing is invented, so an entry may lack fields."""
    entries = []
    for p in papers:
        key = re.sub(r"\W+", "", (p.title.split()[0] if p.title else "paper")).lower() + str(p.year)
        key += "_" + re.sub(r"\W+", "", p.paper_id)[-6:]
        fields = [("title", "{" + _bib(p.title) + "}"), ("howpublished", _bib(f"{p.venue} {p.year}")),
                  ("year", str(p.year))]
        if p.authors:
            fields.append(("author", _bib(" and ".join(p.authors))))
        if safe_url(p.url):
            fields.append(("url", _bib(safe_url(p.url))))
        body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields)
        entries.append(f"@misc{{{key},\n{body}\n}}")
    return "\n\n".join(entries) + "\n"


def _bib(text: str) -> str:
    """A BibTeX field value from corpus text: braces and backslashes cannot end the entry."""
    return re.sub(r"[{}\\]", "", text)


def claim_html(verdict: ClaimCheck) -> str:
    """The verdict of `check`, the paper it was judged against and the deciding sentences."""
    ok = verdict.verdict == "supported"
    badge = ('<span class="badge ok">✓ supported</span>' if ok
             else '<span class="badge warn">✗ not supported</span>')
    why = f" — {html.escape(verdict.reason)}" if verdict.reason else ""
    paper = f"<p>Judged against: <b>{html.escape(verdict.title)}</b></p>" if verdict.title else ""
    quotes = "".join(f"<li><mark>{html.escape(s)}</mark></li>" for s in verdict.evidence)
    return (f'<div class="src" id="claim-verdict" data-verdict="{verdict.verdict}">{badge}{why}{paper}'
            + (f"<p>The sentences that decide it:</p><ul>{quotes}</ul>" if quotes else "") + "</div>")


def corpus_markdown(stats: dict[str, Any]) -> str:
    rows = "\n".join(f"| {k} | {v} |" for k, v in stats["by_venue"].items())
    return (f"**{stats['papers']} papers** · answers by `{stats['model']}`\n\n"
            f"| venue | papers |\n|---|---|\n{rows}")
