"""Engine.ask(question, history, filters) -> events: sources, tokens, the final Answer.

The one path the CLI, the app and the tests share. Order of events:
`sources` as soon as retrieval is done (the papers, before any text), then
`token` events (the quoted evidence at once, then verified synthesis sentences),
then one `answer` with the final text, the citations actually used, the
verification counts and timings.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from paperchat import answer as A
from paperchat.cite import Source, Verifier, parse
from paperchat.config import Settings
from paperchat.errors import PaperchatError, QuestionError
from paperchat.index import PaperIndex
from paperchat.models import ChatModel
from paperchat.retrieve import Filters, Retriever, Turn, parse_query, standalone_query
from paperchat.schema import Answer, Citation, Hit, Verification


@dataclass
class Event:
    kind: str  # "sources" | "token" | "answer"
    text: str = ""
    hits: list[Hit] = field(default_factory=list)
    answer: Answer | None = None
    query: str = ""
    filters: Filters | None = None


class Engine:
    def __init__(self, settings: Settings, index: PaperIndex, chat: ChatModel | None = None) -> None:
        self.settings = settings
        self.index = index
        self.retriever = Retriever(index, settings.retrieval)
        self.chat = chat
        self._sentence_cache: dict[str, tuple[list[str], np.ndarray]] = {}
        self.verifier = Verifier(self._embed, settings.answer.support_threshold, settings.answer.min_term_overlap)

    @classmethod
    def from_settings(cls, settings: Settings, load_model: bool = True) -> Engine:
        from paperchat import models

        index = PaperIndex(settings, models.load_embedder(settings.embedder))
        chat = models.load_chat_model(settings.llm) if load_model else None
        return cls(settings, index, chat)

    def warm_up(self) -> None:
        """Load the embedder and the model now rather than on the first question."""
        self._embed(["warm up"])
        if self.chat is not None:
            for _ in self.chat.stream([{"role": "user", "content": "Hi"}], 1):
                pass

    def _embed(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self.index.embedder.get_text_embedding_batch(texts), dtype=np.float32)

    def _prepare(self, sources: Sequence[Source]) -> None:
        """Sentence vectors per paper, computed once per process."""
        for s in sources:
            if s.paper.paper_id in self._sentence_cache:
                s.sentences, s.vectors = self._sentence_cache[s.paper.paper_id]
        self.verifier.prepare(sources)
        for s in sources:
            self._sentence_cache[s.paper.paper_id] = (s.sentences, s.vectors)

    def stats(self) -> dict[str, Any]:
        counts: dict[str, int] = {}
        for p in self.index.papers.values():
            key = f"{p.venue} {p.year}"
            counts[key] = counts.get(key, 0) + 1
        return {"papers": len(self.index.papers), "by_venue": dict(sorted(counts.items())),
                "model": self.chat.name if self.chat else "none (extractive answers)"}

    def ask(self, question: str, history: Sequence[Turn] = (), filters: Filters | None = None,
            k: int | None = None, ignore: Filters | None = None) -> Iterator[Event]:
        """Answer `question`; `filters` come from the UI or CLI, filters stated in the
        question are added to them unless listed in `ignore` (the user removed them)."""
        question = (question or "").strip()
        if not question:
            raise QuestionError("the question is empty: type a question about the papers")
        if len(question) > self.settings.ui.max_question_chars:
            raise QuestionError(
                f"the question is {len(question)} characters; the limit is "
                f"{self.settings.ui.max_question_chars}: shorten it"
            )
        t0 = time.perf_counter()
        timings: dict[str, float] = {}
        text, stated = parse_query(question, self.retriever.venues())
        if ignore:
            stated = Filters([v for v in stated.venues if v not in ignore.venues],
                             [y for y in stated.years if y not in ignore.years])
        filters = stated.merged(filters or Filters())
        query = standalone_query(text, list(history))
        hits = self.retriever.search(query, k, filters)
        timings["retrieve_s"] = time.perf_counter() - t0
        yield Event("sources", hits=hits, query=query, filters=filters)

        report = Verification()
        if self.retriever.abstains(hits, query):
            note = ""
            if filters and not hits:
                note = "matching " + " ".join(map(str, filters.venues + filters.years))
            body, topics = A.abstain_text(hits, note)
            timings["first_token_s"] = time.perf_counter() - t0
            yield Event("token", text=body)
            timings["total_s"] = time.perf_counter() - t0
            yield Event("answer", answer=Answer(body, [], True, report, timings, query,
                                                filters.to_json(), self._model_name(), topics))
            return

        sources = A.make_sources(hits)
        self._prepare(sources)
        qvec = self._embed([query])[0]
        r = self.settings.retrieval
        margin = r.comparative_margin if A.is_comparative(question) else r.relevant_margin
        use = [s.n for s in sources if s.paper.paper_id in
               {h.paper.paper_id for h in A.relevant(hits, margin)}]
        evidence, quotes = A.evidence_block(qvec, sources, use, self.settings.answer.evidence_sentences)
        timings["first_token_s"] = time.perf_counter() - t0
        yield Event("token", text=evidence + "\n")

        kept: list[tuple[str, list[int], dict[int, list[str]]]] = []
        synthesis = ""
        if self.chat is not None and self.settings.answer.synthesis:
            messages = A.prompt(query, sources, quotes, A.is_comparative(question))
            pieces = []

            def seen() -> None:  # first model token, and pieces/s while decoding
                now = time.perf_counter() - t0
                timings.setdefault("first_model_token_s", now)
                timings["last_model_token_s"] = now
                timings["model_pieces"] = timings.get("model_pieces", 0) + 1

            try:
                for i, piece in enumerate(A.verified_stream(
                        self.chat, messages, self.settings.llm.max_tokens, self.verifier,
                        [s for s in sources if s.n in quotes], report, kept, seen)):
                    yield Event("token", text=("\n**In short:** " if i == 0 else "") + piece)
                    pieces.append(piece)
            except PaperchatError:
                raise
            except Exception as e:  # the model failed: the evidence stands alone
                report.dropped_sentences.append(f"(model error: {e})")
            synthesis = "".join(pieces).strip()

        cited_in_text = sorted(set(parse(evidence + " " + synthesis)))
        support = {n: list(quotes.get(n, [])) for n in cited_in_text}
        for _, _, sup in kept:
            for n, sents in sup.items():
                support.setdefault(n, [])
                support[n].extend(s for s in sents if s not in support[n])
        by_n = {s.n: s for s in sources}
        citations = [Citation(n, by_n[n].paper, True, support.get(n, [])) for n in cited_in_text]
        body = evidence + (f"\n\n**In short:** {synthesis}" if synthesis else "")
        timings["total_s"] = time.perf_counter() - t0
        yield Event("answer", answer=Answer(body, citations, False, report, timings, query,
                                            filters.to_json(), self._model_name()))

    def _model_name(self) -> str:
        return self.chat.name if self.chat else "extractive"

    def answer(self, question: str, history: Sequence[Turn] = (), filters: Filters | None = None) -> Answer:
        """Run `ask` to the end and return the final Answer."""
        final = None
        for event in self.ask(question, history, filters):
            if event.kind == "answer":
                final = event.answer
        assert final is not None
        return final


def next_turn(question: str, answer: Answer) -> Turn:
    return Turn(question=question, query=answer.query,
                titles=[c.paper.title for c in answer.citations])
