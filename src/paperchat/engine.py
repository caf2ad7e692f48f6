"""The Engine: the one object the CLI, the app, eval and bench build and ask.

`Engine.open(settings)` is the only way the product builds one (tests hand the
constructor fake parts); its public methods are the whole interface. `ask`
reads as its steps, each returning a named result (schema.py): plan the query
-> retrieve (and decide whether to answer) -> evidence -> synthesise ->
assemble. Events: `sources` as soon as retrieval is done, then `token`s (the
quoted evidence at once, then verified synthesis sentences), then one `answer`
with the final text, citations, verification and timings; a `status` event
says when the answer waits for an in-process model writing someone else's.
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from collections.abc import Generator, Iterator, Mapping, Sequence
from typing import Any

import numpy as np

from paperchat import answer as A
from paperchat import conversation, roles
from paperchat import table as T
from paperchat.chat import ChatModel
from paperchat.cite import Verifier
from paperchat.claims import (
    amount_setting,
    asked_count,
    asked_without,
    asks_most,
    counted,
    largest_figure,
    unnegated,
    without_phrase,
)
from paperchat.config import Settings
from paperchat.contribution import asks_for_attacks
from paperchat.errors import PaperchatError, QuestionError
from paperchat.index import SCHEMA, PaperIndex
from paperchat.markers import split_sentences, strip_markers
from paperchat.metrics import Clock
from paperchat.retrieve import Retriever, filter_only, parse_query
from paperchat.schema import (
    Answer,
    Checked,
    ClaimCheck,
    Event,
    Evidence,
    Filters,
    Paper,
    Plan,
    Retrieved,
    Source,
    Synthesis,
    Table,
    Turn,
    Verification,
)
from paperchat.text import NOT_TEXT, before_asked_of_them, is_text, sentences

# A collection this large searches a comparison four times k deep, not twice: over the ICLR and ICML 2026
# abstracts the 48 judged comparisons (eval/real_rows.py) row 257 of the 346 papers known to be on them
# instead of 217, with as many of their rows on the question (0.880, 0.879 before); over the 76 seed
# abstracts twenty ranks are a quarter of the collection, and the deeper search tabled 4 papers off the
# question for 2 on it.
DEEP_FROM = 1000


class Engine:
    def __init__(self, settings: Settings, index: PaperIndex, chat: ChatModel | None = None) -> None:
        self.settings = settings
        self._index = index
        self._searcher: Retriever | None = None  # made on first use: `check` on inline abstracts needs no index
        self._chat = chat
        self._verifier = Verifier(self._embed, settings.answer)
        # by id and text: an abstract re-ingested while the app runs is split and embedded again, not read stale
        self._sentence_cache: dict[tuple[str, str], tuple[list[str], np.ndarray, np.ndarray]] = {}

    @classmethod
    def open(cls, settings: Settings, *, model: bool = True, build_missing: bool = False,
             progress: bool = False) -> Engine:
        """The engine for `settings`: the index (built from `paths.data` first when missing
        and `build_missing`), the embedder, and the chat model unless `model` is False."""
        from paperchat.chat import load_chat_model

        index = PaperIndex.open(settings)
        if build_missing and (not index.exists or index.manifest.get("schema") != SCHEMA):  # older: rebuilt
            from paperchat.corpus import read_paths

            index.ingest(read_paths([settings.data_dir], skip=[settings.index_dir]), progress=progress)
        chat = load_chat_model(settings.llm, settings.models_dir) if model else None
        return cls(settings, index, chat)

    @property
    def _retriever(self) -> Retriever:
        if self._searcher is None:
            self._searcher = Retriever(self._index, self.settings.retrieval)
        return self._searcher

    # ------------------------------------------------------------ what callers read

    @property
    def model_name(self) -> str:
        return self._chat.name if self._chat else "extractive"

    def papers(self) -> Mapping[str, Paper]:
        return self._index.papers

    def paper(self, paper_id: str) -> Paper | None:
        return self._index.papers.get(paper_id)

    def venues(self) -> list[str]:
        return sorted({p.venue for p in self._index.papers.values()})

    def stats(self) -> dict[str, Any]:
        counts = Counter(f"{p.venue} {p.year}" for p in self._index.papers.values())
        return {"papers": len(self._index.papers), "chunks": self._index.chunk_count(),
                "by_venue": dict(sorted(counts.items())), "venues": self.venues(),
                "years": sorted({p.year for p in self._index.papers.values()}),
                "model": self._chat.name if self._chat else "none (extractive answers)"}

    def warm_up(self) -> None:
        """Load the embedder and the model now rather than on the first question."""
        self._embed(["warm up"])
        if self._chat is not None:
            for _ in self._chat.stream([{"role": "user", "content": "Hi"}], 1):
                pass

    # ------------------------------------------------------------ questions

    def search(self, question: str, k: int | None = None, filters: Filters | None = None,
               history: Sequence[Turn] = ()) -> Retrieved:
        """The papers `ask` would show for `question`, without answering (filters and history as in `ask`)."""
        plan = self._plan(self._validate(question), history, filters or Filters(), Filters(), k)
        return self._retrieve(plan)

    def ask(self, question: str, history: Sequence[Turn] = (), filters: Filters | None = None,
            k: int | None = None, ignore: Filters | None = None) -> Iterator[Event]:
        """Answer `question`; `filters` come from the UI or CLI, filters stated in the
        question are added to them unless listed in `ignore` (the person removed them)."""
        question = self._validate(question)
        clock = Clock()
        if A.about_collection(question):  # "What can I ask about?": the collection, not a search of it
            plan = Plan(question, question, filters or Filters(), k)
            yield Event("sources", hits=[], query=question, filters=plan.filters)
            papers = list(self._index.papers.values())
            yield from self._at_once(A.overview(plan, papers, self.stats()["by_venue"], {}, self.model_name), clock)
            return
        plan = self._plan(question, history, filters or Filters(), ignore or Filters(), k)
        if plan.reading == "fresh" and filter_only(plan.query, plan.filters):  # "ICLR 2025": list them
            hits, final = A.listing(plan, self._index.matching(plan.filters), {}, self.model_name)
            yield Event("sources", hits=hits, query=plan.query, filters=plan.filters)
            yield from self._at_once(final, clock)
            return
        found = self._retrieve(plan)
        clock.mark("retrieve_s")
        yield Event("sources", hits=found.hits, query=plan.query, filters=plan.filters)
        if found.abstain:
            yield from self._at_once(A.abstained(plan, found, {}, self.model_name), clock)
            return
        ev = self._evidence(plan, found)
        ranked = A.ranked(plan, ev)  # "Which of them reports the largest speedup?": set in order, no model text
        plan.note = A.joined_notes(plan.note, A.not_asked_for(plan, ev), A.alone(plan, ev),
                                   ranked or A.without_figures(plan.question, ev))
        if plan.note:
            ev.text = f"*{plan.note}*\n\n{ev.text}"
        clock.mark("first_token_s")
        yield Event("token", text=ev.text + "\n")
        # nor when none of the papers a follow-up picks among uses its words: "Do any of them reduce communication
        # cost?" after mixture-of-experts routing papers (ICLR 2026), none writing "communication", had the model's
        # "In short: … quantifies the impact of components …, while LD-MoLE proposes a learnable dynamic routing …"
        synthesis = Synthesis() if ranked or plan.unheld else (yield from self._synthesise(plan, ev, clock))
        clock.mark("total_s")
        yield Event("answer", answer=A.assemble(plan, ev, synthesis, clock.marks, self.model_name))

    @staticmethod
    def _at_once(final: Answer, clock: Clock) -> Iterator[Event]:
        """An answer complete at once (an abstention, a listing): its text, then itself."""
        clock.mark("first_token_s")
        yield Event("token", text=final.text)
        clock.mark("total_s")
        final.timings = dict(clock.marks)
        yield Event("answer", answer=final)

    def answer(self, question: str, history: Sequence[Turn] = (), filters: Filters | None = None,
               k: int | None = None, ignore: Filters | None = None) -> Answer:
        """Run `ask` to the end and return the final Answer."""
        final = None
        for event in self.ask(question, history, filters, k, ignore):
            if event.kind == "answer":
                final = event.answer
        assert final is not None
        return final

    def check_claim(self, claim: str, paper_id: str = "", abstract: str = "", title: str = "") -> ClaimCheck:
        """Is `claim` supported? Judged against an inline `abstract`, the indexed paper
        `paper_id`, or else the papers that search finds for it (supported if one of the
        top three supports it). The evidence is the sentences that decided it."""
        start = time.perf_counter()
        claim = strip_markers(claim or "").strip()
        if not claim or not is_text([claim, paper_id, abstract, title]):
            raise QuestionError(f"the claim or its abstract {NOT_TEXT}" if claim else "the claim is empty: write one sentence about a paper")
        if abstract.strip():
            digest = hashlib.sha1(abstract.encode()).hexdigest()[:16]
            papers = [Paper(paper_id or f"inline:{digest}", title or "the given abstract", abstract.strip(), "", 0)]
        elif paper_id:
            papers = [self._known(paper_id)]
        else:
            found = self.search(claim[:self.settings.ui.max_question_chars])
            papers = [] if found.abstain else [h.paper for h in found.hits[:3]]
        verdict = ClaimCheck(claim, "unsupported", reason="no paper in the collection bears on this claim")
        for paper in papers:
            source = self._prepare([Source(1, paper, A.short_label(paper.title), sentences(paper.abstract))])
            checked = self._verifier.check(f"{claim} [1]", source, Verification())
            if checked.text is not None:
                verdict = ClaimCheck(claim, "supported", paper.paper_id, paper.title, checked.support.get(1, []))
                break
            if paper is papers[0]:  # the closest paper's reason is the one reported
                verdict = ClaimCheck(claim, "unsupported", paper.paper_id, paper.title,
                                     checked.support.get(1, []), checked.reason)
        verdict.seconds = time.perf_counter() - start
        return verdict

    def check(self, text: str, papers: Mapping[int, Paper], uncited: bool = False) -> list[tuple[str, Checked]]:
        """Verify each sentence of `text` that carries a `[n]` (with `uncited`, every sentence, as an
        answer's are) against the numbered `papers`."""
        sources = self._prepare([Source(n, p, A.short_label(p.title)) for n, p in papers.items()])
        return [(s, self._verifier.check(s, sources, Verification()))
                for s in split_sentences(text.replace(A.IN_SHORT, "").replace(A.HOW_THEY_DIFFER, ""),
                                         [t for p in papers.values() for t in (p.title, p.name)])
                if uncited or "[" in s]

    # ------------------------------------------------------------ the steps

    def _validate(self, question: str) -> str:
        question = (question or "").strip()
        limit = self.settings.ui.max_question_chars
        if not question:
            raise QuestionError("the question is empty: type a question about the papers")
        if len(question) > limit:
            raise QuestionError(f"the question is {len(question)} characters; the limit is {limit}: shorten it")
        if not is_text(question):
            raise QuestionError(f"the question {NOT_TEXT}")
        return question

    def _plan(self, question: str, history: Sequence[Turn], filters: Filters, ignore: Filters,
              k: int | None) -> Plan:
        """The query and filters for `question`, read in its conversation (conversation.py)."""
        held = self.venues()
        text, stated = parse_query(question, held)
        cut, missing = conversation.missing_venue(text, held)
        text, note = (cut or text, f"The collection has no {missing} papers (it holds {', '.join(self.stats()['by_venue'])})"
                      "; the closest it has, from those:") if missing else (text, "")
        query, scoped, reading, retrieved = conversation.read(
            text, stated.without(ignore).merged(filters), history,
            lambda q, f: self._retriever.retrieve(q, self._depth(question, k), f))
        # a follow-up of a comparison ("What about ICLR 2026?") is still one
        # and so is "By how much?" after one: it asks about the same papers
        comparative = A.is_comparative(question) or (reading in ("follow-up", "again") and A.is_comparative(query))
        return Plan(question, query, scoped, k, comparative, reading, note, retrieved,
                    conversation.seen(question, history, reading))

    def _depth(self, question: str, k: int | None) -> int:
        """How many papers a search for `question` ranks: for a comparison, whose rows may come from past the
        first k (Retriever.relevant), twice k, and four times k in a collection of DEEP_FROM papers or more,
        where a topic has more papers than ten ranks hold (over ICML 2026 some twenty speed up speculative
        decoding); else k. One search serves both."""
        k = k or self.settings.retrieval.k
        if not A.is_comparative(question):
            return k
        return (4 if len(self._retriever.index.snapshot().papers) >= DEEP_FROM else 2) * k

    def _span(self, plan: Plan) -> int:
        """How many papers an answer may be about: k, or every paper a question picking among those just shown, or
        asking of them all, points at. Over ICML 2026 "Which of them report the largest speedup?" after a table of 14
        speculative decoding papers was answered over the 5 closest to it, without Dustin's 9.17× end-to-end speedup."""
        k = plan.k or self.settings.retrieval.k
        if plan.reading == "narrow" and (conversation.picks(conversation.uncontrasted(plan.question))
                                         or conversation.about_them(plan.question)):  # "Do they need training?"
            return max(k, len(plan.filters.papers))
        return k

    def _retrieve(self, plan: Plan) -> Retrieved:
        """The papers for `plan`, those that address it first: they are numbered [1]..[m] in the
        sources, so a table's rows or an answer's quotes run without gaps ("[1], [2], [4]" invited
        the model to write about a "[3]" it was never shown), and the others follow."""
        k = self._span(plan)
        found = plan.retrieved or self._retriever.retrieve(plan.query, self._depth(plan.question, k), plan.filters)
        deeper, found.hits = found.hits, found.hits[:k]  # a comparison's search ranked twice as many
        if plan.reading in ("narrow", "again"):  # the person pointed at these papers: on topic by definition
            found.abstain = not found.hits
        if not found.abstain and plan.reading == "again":  # the last answer was about them all
            found.relevant = {h.paper.paper_id for h in found.hits}
        elif not found.abstain:
            looked = deeper if plan.comparative and plan.reading == "fresh" else found.hits
            found.relevant = self._retriever.relevant(plan.query, looked, plan.comparative,
                                                      evaluation=A.intent(plan.question) in ("data", "number", "result"),
                                                      k=k)
            # not what a last clause asks of them: "Which papers do test-time adaptation for VLMs, and are they
            # training-free?" (ICML 2026) had tabled the one that says it is training-free
            asked = before_asked_of_them(plan.question)
            phrase = without_phrase(asked) if plan.comparative and plan.reading == "fresh" else ""
            doing = self._retriever.doing_without(asked, looked) if phrase else None
            if doing is not None:
                # "Which papers learn from human feedback without a reward model?" tabled five reward-model papers (over
                # ICLR 2026): the papers on the topic asked without its "without …" that say they do without it, judged
                # on topic alike wherever the search ranked them: saying so is rare, and over ICML 2026 "Which papers
                # merge fine-tuned models without training data, …?" found "a training-free and data-free" merging
                # method sixth and a "data-free" one ninth, past the first five, where a row needs more of the topic
                on_topic = (self._retriever.relevant(unnegated(plan.query), looked, True, k=len(looked))
                            | self._retriever.whole_topic(unnegated(plan.query), looked, doing)) & doing
                if on_topic:
                    found.relevant = on_topic
                else:
                    plan.note = _not_done_without(phrase)
            found.hits = found.hits + [h for h in looked[k:] if h.paper.paper_id in found.relevant]
            picking = conversation.uncontrasted(plan.question)  # "… about data rather than model size?"
            pick = conversation.picks(picking) if plan.reading == "narrow" else ""
            if plan.reading == "narrow" and (asks_most(plan.question) or A.counting(plan)[0]):
                # "Which of them reports the biggest gain?", "… has the most tasks?": not those whose abstract says
                pick = ""  # "gain" or "tasks", but all their figures or counts, side by side
                found.relevant = {h.paper.paper_id for h in found.hits}
            if plan.reading == "narrow" and conversation.about_them(plan.question):
                # "What privacy guarantees do they give?" after four federated-learning-with-DP rows (ICLR 2026) had
                # been answered over the one closest to the two questions together
                found.relevant = {h.paper.paper_id for h in found.hits}
            if pick:  # "which of them is about X?", "which of them needs no retraining?"
                chosen = (self._retriever.holding(conversation.picked_phrase(picking) or picking, found.hits)
                          if pick == "holding" else self._retriever.doing_without(picking, found.hits))
                found.relevant = chosen if chosen and len(chosen) < len(found.hits) else found.relevant
                phrase = without_phrase(picking) if chosen == set() and pick == "without" else ""
                if phrase:  # none of them says it does without it: say so, then what they all say
                    plan.note = _not_done_without(phrase)
                    found.relevant = {h.paper.paper_id for h in found.hits}
                asked, venue = parse_query(picking, self.venues())  # "Which of these are from ICLR 2025?"
                about = conversation.picked_phrase(asked) if pick == "holding" and not chosen and not venue else ""
                missing = self._retriever.unmentioned(about, found.hits) if about else ""
                if missing:  # say so, as a matter of words ("about vision": image compression is, in other words)
                    plan.note, plan.unheld = _unused(missing), True
                    found.relevant = {h.paper.paper_id for h in found.hits}
            rare = "" if plan.reading != "fresh" or plan.note else self._retriever.unheld(
                plan.query, [h for h in found.hits if h.paper.paper_id in found.relevant])
            chosen = [h for h in found.hits if h.paper.paper_id in found.relevant]
            if not rare and plan.reading == "fresh" and not plan.comparative and not plan.note:
                # "… test-time training for video generation …": the paper on the one topic, never on the other
                rare = self._retriever.elsewhere(plan.query, chosen, [h for h in found.hits if h not in chosen])
            if not rare and not plan.note and not plan.comparative:  # "How much faster is it than EAGLE?"
                rare = self._retriever.unmeasured_against(plan.question, chosen)
            if rare:  # "oversmoothing" in no graph paper found: the closest are shown, and said to be only that
                shown = [h for h in found.hits if h.paper.paper_id in found.relevant]
                plan.note = _unused(rare, A.short_label(shown[0]) if len(shown) == 1 else "",
                                    nowhere=not self._retriever.written(rare))
            if not found.relevant:  # no hit holds the topic: nothing to answer from, unless pointed at
                found.relevant = {h.paper.paper_id for h in found.hits} if plan.reading == "narrow" else set()
                found.abstain = plan.reading != "narrow"
            found.hits = sorted(found.hits, key=lambda h: h.paper.paper_id not in found.relevant)  # stable
            kind = A.ranking(plan)
            if kind:  # "Which of them reports the largest speedup?": the largest figure first (A.ranked says so)
                setting = amount_setting(plan.question)[1]  # "… on long contexts?": said there
                found.hits = sorted(found.hits, key=lambda h: (h.paper.paper_id not in found.relevant,
                                                               _descending(largest_figure(
                                                                   kind, sentences(h.paper.abstract), setting))))
            what, fewest = A.counting(plan)
            if what:  # "Which of them has the most tasks?": the largest count first, or the smallest for "fewest"
                found.hits = sorted(found.hits, key=lambda h: (h.paper.paper_id not in found.relevant,
                                                               _in_order(asked_count(
                                                                   what, sentences(h.paper.abstract)), fewest)))
        return found

    def _evidence(self, plan: Plan, found: Retrieved) -> Evidence:
        """The quoted part: a comparison table when two or more papers address a comparative
        question, else the sentences of each relevant paper that best answer it."""
        sources = self._prepare(A.make_sources(found.hits))
        use = [s.n for s in sources if s.paper.paper_id in found.relevant]
        # a follow-up that points at papers shown ("How many models does it evaluate?") asks its own
        # question of them: the sentences that answer it, not the ones closest to the last question too
        own = plan.reading == "narrow" and conversation.asks_its_own(parse_query(plan.question, self.venues())[0])
        qvec = self._embed([plan.query])[0]
        if own:  # as much the question itself as the conversation's
            both = qvec + self._embed([plan.question])[0]
            qvec = both / (np.linalg.norm(both) or 1.0)
        if plan.comparative and len(use) >= 2:
            table = T.build(sources, use, plan.question, qvec)
            return A.tabled(sources, table)
        a = self.settings.answer
        count = a.single_paper_sentences if len(use) == 1 else a.evidence_sentences
        picking = conversation.uncontrasted(plan.question)
        held = (self._retriever.picked_terms(conversation.picked_phrase(picking) or picking)
                if plan.reading == "narrow" and conversation.picks(picking) == "holding"
                and not asks_most(plan.question) else frozenset())
        if own and not held and not asks_most(plan.question):
            # over ICML 2026 "How robust are they to paraphrasing?" after LLM watermarking papers quoted Catch-22's
            # opening and its proposal, not its "Experiments … under paraphrasing attacks corroborate …": the
            # sentence that holds the word of the follow-up that the fewest sentences of the papers shown hold
            held = self._retriever.rarest_held(plan.question, [s.paper for s in sources if s.n in use])
        wants, *also = A.intents(plan.question) or [""]
        return A.evidence(qvec, sources, use, count, wants,
                          frozenset(asked_without(picking)), plan.seen, held, A.asks_what_it_is(plan.question),
                          A.ranking(plan), also, amount_setting(plan.question)[1], A.counting(plan)[0],
                          counted(plan.question), asks_for_attacks(plan.question))

    def compare(self, paper_ids: Sequence[str]) -> Table:
        """The comparison table for papers a person names (cells by role and position)."""
        papers = [self._known(pid) for pid in paper_ids]
        if len(papers) < 2:
            raise PaperchatError("compare needs two or more paper ids")
        sources = self._prepare([Source(n, p, A.short_label(p.title), sentences(p.abstract))
                                 for n, p in enumerate(papers, 1)])
        return T.build(sources, [s.n for s in sources])

    def _synthesise(self, plan: Plan, ev: Evidence, clock: Clock) -> Generator[Event, None, Synthesis]:
        """The model's verified sentences. Under a table, a reply left out whole (it only copied the table's
        cells, "[1] GTA1: Approach: …; Data: …", as in 6 of the 134 tables of the eval's run at 1785ac4,
        where the person read a bare table) is asked for once more, the rows set out as prose (answer.prompt)."""
        if self._chat is None or not self.settings.answer.synthesis:
            return Synthesis()
        llm, a = self.settings.llm, self.settings.answer
        room = llm.n_ctx - llm.max_tokens - a.finish_tokens
        ahead = self._chat.ahead()
        if ahead:
            yield Event("status", text=f"Waiting for the model: {ahead} answer{'s' if ahead > 1 else ''} "
                                       "ahead of yours…")
        lead = [A.lead(plan, ev)]  # said before the first piece shown, once
        result = yield from self._verified(plan, ev, A.prompt(plan, ev, a.table_prompt_rows, room), clock, lead)
        if ev.table is None or not A.said_nothing(result):
            return result
        again = yield from self._verified(plan, ev, A.prompt(plan, ev, a.table_prompt_rows, room, again=True), clock, lead)
        # the answer's model timings span both replies: the first reply's first token, both replies' pieces
        again.timings["model_pieces"] = result.timings.get("model_pieces", 0) + again.timings.get("model_pieces", 0)
        if "first_model_token_s" in result.timings:
            again.timings["first_model_token_s"] = result.timings["first_model_token_s"]
        return again

    def _verified(self, plan: Plan, ev: Evidence, messages: list[dict[str, str]], clock: Clock,
                  lead: list[str]) -> Generator[Event, None, Synthesis]:
        """One reply of the model to `messages`, streamed as verified pieces; `lead` is said before the first
        piece (and emptied then)."""
        llm, a = self.settings.llm, self.settings.answer
        stream = A.verified_stream(self._chat, messages, llm.max_tokens, self._verifier,
                                   [s for s in ev.sources if s.n in ev.quotes], a, clock,
                                   a.table_sentences if ev.table else None,
                                   f"{plan.question} {plan.query}",
                                   [c.text for r in ev.table.rows for c in r.cells.values()] if ev.table else (),
                                   plan.question, _frame(plan, ev))
        try:
            while True:
                try:
                    piece = next(stream)
                except StopIteration as done:
                    return done.value if isinstance(done.value, Synthesis) else Synthesis()
                yield Event("token", text=("\n" + lead.pop() if lead else "") + piece)
        finally:
            stream.close()  # a person who left frees the model now, not when garbage is collected

    def _known(self, paper_id: str) -> Paper:
        paper = self.paper(paper_id)
        if paper is None:
            raise PaperchatError(f"no paper with id '{paper_id}' in the index at {self._index.ledger.where}")
        return paper

    def _embed(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self._index.embedder.get_text_embedding_batch(texts), dtype=np.float32)

    def _prepare(self, sources: list[Source]) -> list[Source]:
        """Sentence vectors and role probabilities (computed once per process) and roles (stored
        at ingest, or labelled now for an index built before roles) for each source. The table
        reads the probabilities (table.py); they come from the same head as the stored labels,
        about 2 ms an abstract, so they are not stored."""
        for s in sources:
            if (kept := self._sentence_cache.get((s.paper.paper_id, s.paper.abstract))) is not None:
                s.sentences, s.vectors, s.role_probs = kept
        self._verifier.prepare(sources)
        for s in sources:
            if s.role_probs is None:
                s.role_probs = roles.probabilities(s.sentences)
            self._sentence_cache[(s.paper.paper_id, s.paper.abstract)] = (s.sentences, s.vectors, s.role_probs)
            stored = s.paper.roles
            s.roles = stored if len(stored) == len(s.sentences) else roles.label(s.sentences)
        return sources


def _descending(figure: tuple[int, float, int] | None) -> tuple[int, float]:
    """A sort key putting the largest figure (`largest_figure`) first and papers without one last."""
    return (-figure[0], -figure[1]) if figure else (1, 0.0)


def _in_order(count: tuple[float, int, str] | None, fewest: bool) -> tuple[int, float]:
    """A sort key putting the largest count (`asked_count`) first, or the smallest when `fewest`, and papers
    without one last."""
    return (0, count[0] if fewest else -count[0]) if count else (1, 0.0)


def _not_done_without(phrase: str) -> str:
    """The note before papers shown although none of them says it does without `phrase` ("needs no draft model":
    "does without draft model", as it had read, lacked its article)."""
    return f"None of these abstracts says it needs no {phrase}. What they say:"


def _unused(words: str, only: str = "", nowhere: bool = False) -> str:
    """The note before papers shown although none of them uses `words` of the question; `only`, the label of the
    one paper shown ("None of these abstracts" was said of one); `nowhere`, when no paper of the collection uses them
    ("Compare d3LLM and dParallel." over ICML 2026, which has no dParallel)."""
    word = "word" if len(words.split()) == 1 else "words"
    if nowhere:
        return (f"No paper in this collection uses the {word} “{words}”. What "
                + (f"the abstract of {only} says:" if only else "the closest abstracts say:"))
    if only:
        return f"The abstract of {only} never uses the {word} “{words}”. What it says:"
    return f"None of these abstracts uses the {word} “{words}”. What they say:"


def _frame(plan: Plan, ev: Evidence) -> str:
    """The conversation's questions, whose words the verifier holds against each paper a sentence speaks of, in an
    answer about two papers or more (a table or a list): over ICML 2026, "What do they find?" after "Which papers
    study why deep networks have redundant layers?" kept the model's "Low-dimensional topology of deep neural networks
    shows that deep neural networks have redundant layers due to …", an abstract that never says "redundant": the
    earlier question's words, not only the last one's. About one paper, a question's words are its to restate ("What
    are its two main components?"), and "" is given."""
    return plan.query if ev.table is not None or len(ev.quotes) >= 2 else ""
