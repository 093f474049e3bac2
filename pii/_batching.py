"""Detection for concurrent callers, batched as an engine batches sequences.

spaCy and Presidio are CPU-bound: one request at a time, sixteen concurrent requests queue behind each
other and the last waits for fifteen detections. Here a detection lane (a thread of this process, or a
worker process in `pii._pool`) takes every request waiting when it becomes free and runs their texts as
one spaCy batch; a request never waits for a batch to fill (alone, it runs alone), and each caller keeps
its own timeout: a caller that gives up gets `TimeoutError`, and the batch it was in carries on.
"""

from __future__ import annotations

import concurrent.futures
import math
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

Result = TypeVar("Result")


class Detection(Protocol[Result]):
    """What the Redactor asks of its detection: one result per text, for each request, and a way to stop."""

    def submit(self, texts: Sequence[str]) -> concurrent.futures.Future[list[Result]]: ...

    def warm(self, timeout_s: float | None = 0) -> bool:
        """Start what is not started yet (worker processes) and wait up to `timeout_s` for it to be ready."""
        ...

    def close(self) -> None: ...


@dataclass(slots=True)
class Request(Generic[Result]):
    texts: Sequence[str]
    deadline: float = math.inf
    """`time.monotonic()` after which its caller has given up (a lane stuck past it may be stopped)."""
    future: concurrent.futures.Future[list[Result]] = field(default_factory=concurrent.futures.Future)


class RequestQueue(Generic[Result]):
    """Requests waiting for a lane. A lane takes the oldest request and whatever else is waiting, up to
    `max_texts` texts (a single larger request still goes whole), sharing them with the lanes idle beside
    it so that a burst spreads over every free worker instead of piling onto the first to wake."""

    def __init__(self, *, max_texts: int, timeout_s: float = math.inf) -> None:
        self._max_texts = max_texts
        self._timeout_s = timeout_s
        self._waiting: deque[Request[Result]] = deque()
        self.changed = threading.Condition()
        """Held to read or change the queue or what decides which lanes may take from it."""
        self.closed = False
        self._idle: list[Callable[[], bool]] = []
        """What each lane waiting in `take` is waiting for."""

    def submit(self, texts: Sequence[str]) -> Request[Result]:
        request: Request[Result] = Request(texts, time.monotonic() + self._timeout_s)
        with self.changed:
            if self.closed:
                raise RuntimeError("the detector is closed")
            self._waiting.append(request)
            self.changed.notify_all()
        return request

    def waiting(self) -> int:
        with self.changed:
            return len(self._waiting)

    def close(self) -> None:
        with self.changed:
            self.closed = True
            for request in self._waiting:
                request.future.cancel()
            self._waiting.clear()
            self.changed.notify_all()

    def take(self, may_take: Callable[[], bool] = lambda: True) -> list[Request[Result]] | None:
        """Wait for work this lane may take (`may_take` is read under `changed`); None once closed."""
        with self.changed:
            self._idle.append(may_take)
            try:
                while not self.closed and not (self._waiting and may_take()):
                    self.changed.wait()
            finally:
                self._idle.remove(may_take)
            if self.closed:
                return None
            lanes = 1 + sum(1 for other in self._idle if other())
            share = math.ceil(sum(len(r.texts) for r in self._waiting) / lanes)
            batch = [self._waiting.popleft()]
            texts = len(batch[0].texts)
            while self._waiting and texts + len(self._waiting[0].texts) <= min(share, self._max_texts):
                request = self._waiting.popleft()
                texts += len(request.texts)
                batch.append(request)
            return batch


def started(batch: list[Request[Result]]) -> list[Request[Result]]:
    """The requests of `batch` still worth detecting, marked running: not cancelled, and not past their
    deadline (their callers have failed closed already: those are failed here, unrun)."""
    now = time.monotonic()
    live = [request for request in batch if request.future.set_running_or_notify_cancel()]
    for request in live:
        if request.deadline <= now:
            request.future.set_exception(TimeoutError("its caller had given up before detection began"))
    return [request for request in live if request.deadline > now]


def run_batch(batch: list[Request[Result]], detect: Callable[[list[str]], list[Result]]) -> bool:
    """Detect a batch in this process and hand each caller its own results; False if every caller had
    already gone. A text that breaks detection fails only its own request (the batch reruns one by one)."""
    live = started(batch)
    if not live:
        return False
    texts = [text for request in live for text in request.texts]
    try:
        results = detect(texts)
    except BaseException:
        for request in live:
            try:
                request.future.set_result(detect(list(request.texts)))
            except BaseException as exc:  # this caller fails closed with the cause
                request.future.set_exception(exc)
        return True
    cursor = 0
    for request in live:
        request.future.set_result(results[cursor : cursor + len(request.texts)])
        cursor += len(request.texts)
    return True


class DetectionBatcher(Generic[Result]):
    """Runs `detect(texts) -> one result per text` on one thread, over every request waiting at once, up
    to `max_texts` texts per batch (a single larger request still runs whole)."""

    def __init__(self, detect: Callable[[list[str]], list[Result]], *, max_texts: int = 64) -> None:
        self._detect = detect
        self._queue: RequestQueue[Result] = RequestQueue(max_texts=max_texts)
        self.batches = 0
        """Batches run so far (for tests and the benchmark)."""
        self._thread = threading.Thread(target=self._run, name="pii-detect", daemon=True)
        self._thread.start()

    def submit(self, texts: Sequence[str]) -> concurrent.futures.Future[list[Result]]:
        return self._queue.submit(texts).future

    def warm(self, timeout_s: float | None = 0) -> bool:
        return True  # its one thread runs from the start

    def close(self) -> None:
        self._queue.close()

    def _run(self) -> None:
        while (batch := self._queue.take()) is not None:
            if run_batch(batch, self._detect):
                self.batches += 1
