"""Several people at once: the in-process model writes one answer at a time, whoever calls it.

The model here is the real `LlamaCppChat` class with its llama.cpp object
replaced by one that streams a fixed reply slowly and records how many streams
are inside it at once: llama.cpp segfaults when that number exceeds one.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

from paperchat import ui
from paperchat.chat import LlamaCppChat, OneAtATime
from paperchat.engine import Engine

QUESTIONS = [
    "Which papers are about speculative decoding, and how do they differ?",
    "What is the Halton scheduler for MaskGIT?",
    "Which papers propose watermarks, and how do they differ?",
    "How do diffusion language models decide when to stop decoding?",
]


class OverlapProbe:
    """Stands in for `llama_cpp.Llama`: streams slowly, counts concurrent streams."""

    def __init__(self, reply: str = "PEARL adapts the draft length of speculative decoding [1].") -> None:
        self.reply = reply
        self.inside = 0
        self.most_inside = 0
        self.calls = 0
        self._count = threading.Lock()

    def create_chat_completion(self, **kwargs: Any) -> Iterator[dict[str, Any]]:
        with self._count:
            self.inside += 1
            self.calls += 1
            self.most_inside = max(self.most_inside, self.inside)
        try:
            for word in self.reply.split(" "):
                time.sleep(0.005)
                yield {"choices": [{"delta": {"content": word + " "}}]}
        finally:
            with self._count:
                self.inside -= 1

    def close(self) -> None:  # as `Llama.close`: the model is freed with its owner
        pass


def probed_model(probe: Any) -> LlamaCppChat:
    model = LlamaCppChat.__new__(LlamaCppChat)  # no weights: the probe is the model
    model.name, model.temperature, model._turns = "probe", 0.0, OneAtATime()
    model._start(lambda: probe)
    return model


class ThreadProbe(OverlapProbe):
    """Also records the thread each call into the model runs on, and can fail mid-reply (its first)."""

    def __init__(self, fail_at: int = -1) -> None:
        super().__init__()
        self.threads: set[int] = set()
        self.fail_at = fail_at

    def create_chat_completion(self, **kwargs: Any) -> Iterator[dict[str, Any]]:
        self.threads.add(threading.get_ident())
        first = self.calls == 0
        for i, part in enumerate(super().create_chat_completion(**kwargs)):
            self.threads.add(threading.get_ident())
            if first and i == self.fail_at:
                raise ValueError("Requested tokens exceed context window")
            yield part


def test_the_model_runs_on_one_thread_whoever_asks() -> None:
    """llama.cpp's OpenMP keeps a team of threads per calling thread; a second team on 2 cores
    slowed decoding by a quarter (chat.py), so every call runs on the thread the model owns."""
    probe = ThreadProbe()
    model = probed_model(probe)
    here = "".join(model.stream([{"role": "user", "content": "hi"}], 10))  # the main thread asks
    there: list[str] = []
    asker = threading.Thread(target=lambda: there.append("".join(model.stream([{"role": "user", "content": "x"}], 5))))
    asker.start()
    asker.join(timeout=10)
    partial = model.stream([{"role": "user", "content": "hi"}], 10)
    next(partial)
    partial.close()  # a person who left: the model is free again at once
    assert model.ahead() == 0
    assert here == there[0] == probe.reply + " "
    assert len(probe.threads) == 1 and threading.get_ident() not in probe.threads
    assert asker.ident not in probe.threads


def test_an_error_in_the_model_reaches_the_asker_and_the_model_goes_on() -> None:
    model = probed_model(ThreadProbe(fail_at=2))
    pieces: list[str] = []
    try:
        pieces.extend(model.stream([{"role": "user", "content": "hi"}], 10))
    except ValueError as e:
        assert "context window" in str(e)
    else:
        raise AssertionError("the model's error was lost")
    assert len(pieces) == 2 and model.ahead() == 0
    assert "".join(model.stream([{"role": "user", "content": "hi"}], 10)) == OverlapProbe().reply + " "


def test_concurrent_answers_take_turns_on_the_model(settings, seed_index) -> None:
    probe = OverlapProbe()
    engine = Engine(settings, seed_index, probed_model(probe))
    answers, errors = [], []

    def ask(question: str) -> None:
        try:
            answers.append(engine.answer(question))
        except Exception as e:  # noqa: BLE001 - any failure is the finding
            errors.append(e)

    threads = [threading.Thread(target=ask, args=(q,)) for q in QUESTIONS * 2]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors and len(answers) == len(threads)
    assert probe.calls == len(threads) and probe.most_inside == 1


def test_a_waiting_answer_is_told_its_place(settings, seed_index) -> None:
    probe = OverlapProbe()
    model = probed_model(probe)
    engine = Engine(settings, seed_index, model)
    holder = model.stream([{"role": "user", "content": "hi"}], 10)
    next(holder)  # someone else's answer is being written
    events = engine.ask(QUESTIONS[1])
    status = next(e for e in events if e.kind in ("status", "answer"))
    assert status.kind == "status" and "1 answer ahead" in status.text
    holder.close()  # they leave: the model is free at once, and the waiting answer goes on
    final = [e for e in events if e.kind == "answer"][0].answer
    assert final is not None and final.timings.get("model_pieces", 0) > 1  # the model wrote it, in turn


def test_an_abandoned_answer_frees_the_model(settings, seed_index) -> None:
    top = Engine(settings, seed_index).search(QUESTIONS[1]).hits[0].paper
    quote = top.abstract.split(". ")[0].rstrip(".")  # a verbatim quote verifies, so it streams
    model = probed_model(OverlapProbe(f"{quote} [1]. {quote} again and again [1]."))
    engine = Engine(settings, seed_index, model)
    events = engine.ask(QUESTIONS[1])
    for event in events:
        if event.kind == "token" and "In short" in event.text:
            break  # the person closed the tab mid-answer
    assert model.ahead() == 1
    events.close()
    assert model.ahead() == 0
    assert engine.answer(QUESTIONS[1]).citations


def test_every_answering_event_shares_one_bounded_queue(settings, seed_index) -> None:
    engine = Engine(settings, seed_index, probed_model(OverlapProbe()))
    demo = ui.create_app(engine)
    answering = [f for f in demo.fns.values() if f.concurrency_id == ui.QUEUE]
    # Ask, Enter, re-ask after a chip is removed, Check a claim, and the /ask API
    assert len(answering) == 5 and "ask" in {f.api_name for f in answering}
    assert {f.concurrency_limit for f in answering} == {settings.ui.concurrency}
    assert demo._queue.max_size == settings.ui.queue_size


def test_the_first_questions_of_a_fresh_process_arriving_together_all_work(settings, embedder, seed_index) -> None:
    """The Chroma client is opened by the first question: four at once once opened four clients,
    which Chroma does not survive ("Could not connect to tenant default_tenant")."""
    import threading

    from paperchat.index import PaperIndex

    index = PaperIndex(settings, embedder)
    index.chunks.reopen()  # as in a new process: Chroma has no client for this folder yet
    engine = Engine(settings, index)
    errors: list[str] = []

    def ask(q: str) -> None:
        try:
            assert engine.search(q).hits
        except Exception as e:  # noqa: BLE001 - collected: the assertion is that there are none
            errors.append(repr(e))
    threads = [threading.Thread(target=ask, args=(q,)) for q in QUESTIONS[:4]]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
