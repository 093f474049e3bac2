"""Detection for concurrent callers, batched as an engine batches sequences.

spaCy and Presidio are CPU-bound: one request at a time, sixteen concurrent requests queue behind each
other and the last waits for fifteen detections. Here a detection lane (a thread of this process, or a
worker process in `pii._pool`) takes every request waiting when it becomes free and runs their texts as
one spaCy batch; a request never waits for a batch to fill (alone, it runs alone), nor for the rest of its
batch (each caller is answered as soon as its own texts are read: `outcomes`), and each caller keeps its own
timeout: a caller that gives up gets `TimeoutError`, and the batch it was in carries on.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import logging
import math
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

Result = TypeVar("Result")

log = logging.getLogger(__name__)

GRACE_S = 1.0
"""How long past its last caller's deadline a lane may keep a batch before it is counted as overrun (a worker
process is then stopped and replaced; a thread, which cannot be stopped, is retired and replaced)."""
MAX_RETIRED = 2
"""Overrun threads that may still run beside a detection thread's replacement."""


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


def overrun_at(batch: Sequence[Request[Result]], timeout_s: float) -> float:
    """When a lane that began `batch` now has overrun it: `GRACE_S` past its callers' last deadline, but never
    less than a whole timeout from now (a batch taken late is not a lane overrunning)."""
    return max(*(request.deadline for request in batch), time.monotonic() + timeout_s) + GRACE_S


Outcome = tuple[bool, Any]
"""A request's outcome: (True, one result per text) or (False, what broke its detection)."""


def outcomes(detect: Callable[[list[str]], Iterable[Result]], requests: Sequence[Sequence[str]]) -> Iterator[Outcome]:
    """Each request's results (True, results) or what broke them (False, exception), in order, each as soon as its own
    texts are detected: `detect` runs the batch's texts together and yields their results one by one, so the first
    request of a batch is answered while the batch's later texts are still read. A text that breaks detection fails
    only its own request: the requests not answered yet rerun one at a time."""
    answered, found = 0, None
    with contextlib.suppress(BaseException):  # as a text that breaks it halfway: the requests run again alone, below
        found = iter(detect([text for texts in requests for text in texts]))
    while found is not None and answered < len(requests):
        try:
            results = [next(found) for _ in requests[answered]]
        except BaseException:  # the requests not answered yet are run again alone, below
            break
        answered += 1
        yield True, results  # outside the `try`: what the caller sends in here is not the batch's failure
    else:
        with contextlib.suppress(BaseException):  # a detection still open (spaCy's memory zone) ends here
            for _ in found or ():
                pass
    for texts in requests[answered:]:
        try:
            outcome: Outcome = (True, list(detect(list(texts))))
        except BaseException as exc:  # this caller fails closed with the cause
            outcome = (False, exc)
        yield outcome


def run_batch(batch: list[Request[Result]], detect: Callable[[list[str]], Iterable[Result]]) -> bool:
    """Detect a batch in this process and hand each caller its own results as soon as they are in (`outcomes`); False
    if every caller had already gone."""
    live = started(batch)
    if not live:
        return False
    for request, (ok, value) in zip(live, outcomes(detect, [request.texts for request in live]), strict=True):
        if ok:
            request.future.set_result(value)
        else:
            request.future.set_exception(value)
    return True


class _ThreadLane:
    """A thread of `DetectionBatcher` and the moment its batch overruns every caller's deadline."""

    __slots__ = ("overrun_at", "retired", "thread")

    def __init__(self) -> None:
        self.overrun_at = math.inf
        """`time.monotonic()` past which its batch has overrun: `GRACE_S` past its callers' last deadline, and never
        less than a whole timeout after it began (`overrun_at`); infinite while the thread waits for a batch."""
        self.retired = False
        """Another thread serves the queue: this one ends with its batch."""
        self.thread: threading.Thread | None = None


class DetectionBatcher(Generic[Result]):
    """Runs `detect(texts) -> one result per text` on a thread of this process, over every request waiting at once,
    up to `max_texts` texts per batch (a single larger request still runs whole).

    A thread cannot be stopped: a batch that overruns every caller's deadline (a pathological text some rule reads
    slowly) runs on. A watcher then retires its thread (it ends with that batch) and starts a new one for the requests
    waiting and to come, so that one slow text fails only its own callers, closed, instead of every later request of
    the region timing out behind it. At most `MAX_RETIRED` such threads run at once (each takes its share of the
    interpreter's lock); past that, requests wait for one to end and time out, closed."""

    def __init__(
        self, detect: Callable[[list[str]], Iterable[Result]], *, max_texts: int = 64, timeout_s: float = math.inf
    ) -> None:
        self._detect = detect
        self._queue: RequestQueue[Result] = RequestQueue(max_texts=max_texts, timeout_s=timeout_s)
        self._timeout_s = timeout_s
        self.batches = 0
        """Batches run so far (for tests and the benchmark)."""
        self.retired_running = 0
        """Retired threads still running their overrun batch (for tests and the logs)."""
        self._lane = self._start_lane()
        if timeout_s < math.inf:  # with no timeout, no batch overruns
            threading.Thread(target=self._watch, name="pii-detect-watch", daemon=True).start()

    def submit(self, texts: Sequence[str]) -> concurrent.futures.Future[list[Result]]:
        return self._queue.submit(texts).future

    def warm(self, timeout_s: float | None = 0) -> bool:
        return True  # its thread runs from the start

    def close(self) -> None:
        self._queue.close()

    def _start_lane(self) -> _ThreadLane:
        lane = _ThreadLane()
        lane.thread = threading.Thread(target=self._run, args=(lane,), name="pii-detect", daemon=True)
        lane.thread.start()
        return lane

    def _watch(self) -> None:
        """Retire the serving thread once its batch has overrun, whether or not a request comes after it."""
        changed = self._queue.changed
        while True:
            with changed:
                while not self._queue.closed:
                    lane, now = self._lane, time.monotonic()
                    if now < lane.overrun_at:
                        changed.wait(None if lane.overrun_at == math.inf else lane.overrun_at - now)
                    elif self.retired_running >= MAX_RETIRED:
                        changed.wait()  # until a retired thread ends, or the batch does
                    else:
                        break
                else:
                    return
                successor = self._start_lane()  # first: a thread that cannot start leaves the old one serving
                lane.retired = True
                self.retired_running += 1
                self._lane, running = successor, self.retired_running
            log.warning(  # outside the lock: a slow log handler holds up no request
                "PII detection overran its callers' timeout on this process's thread: a new thread serves the next "
                "requests (%d overrun still running)",
                running,
            )

    def _run(self, lane: _ThreadLane) -> None:
        changed = self._queue.changed
        while (batch := self._queue.take(lambda: not lane.retired)) is not None:
            limit = overrun_at(batch, self._timeout_s)
            with changed:
                lane.overrun_at = limit
                changed.notify_all()  # the watcher's next moment
            ran = False
            try:
                ran = run_batch(batch, self._detect)
            finally:
                with changed:
                    lane.overrun_at, ended = math.inf, lane.retired
                    self.retired_running -= ended
                    self.batches += ran
                    changed.notify_all()
            if ended:
                return
