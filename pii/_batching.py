"""Detection for concurrent callers, batched as an engine batches sequences.

spaCy and Presidio run on one worker thread (CPU-bound work; a caller's timeout must not strand it).
One request at a time, sixteen concurrent requests queue behind each other: the last waits for fifteen
detections. Here the worker takes every request waiting when it becomes free and runs their texts as
one spaCy batch; a request never waits for a batch to fill (alone, it runs alone), and each caller
keeps its own timeout: a caller that gives up gets `TimeoutError`, and the batch it was in carries on.
"""

from __future__ import annotations

import concurrent.futures
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

Result = TypeVar("Result")


@dataclass(slots=True)
class _Request(Generic[Result]):
    texts: Sequence[str]
    future: concurrent.futures.Future[list[Result]] = field(default_factory=concurrent.futures.Future)


class DetectionBatcher(Generic[Result]):
    """Runs `detect(texts) -> one result per text` on one thread, over every request waiting at once, up
    to `max_texts` texts per batch (a single larger request still runs whole)."""

    def __init__(self, detect: Callable[[list[str]], list[Result]], *, max_texts: int = 64) -> None:
        self._detect = detect
        self._max_texts = max_texts
        self._waiting: deque[_Request[Result]] = deque()
        self._ready = threading.Condition()
        self._closed = False
        self.batches = 0
        """Batches run so far (for tests and the benchmark)."""
        self._thread = threading.Thread(target=self._run, name="pii-detect", daemon=True)
        self._thread.start()

    def submit(self, texts: Sequence[str]) -> concurrent.futures.Future[list[Result]]:
        request: _Request[Result] = _Request(texts)
        with self._ready:
            if self._closed:
                raise RuntimeError("the detector is closed")
            self._waiting.append(request)
            self._ready.notify()
        return request.future

    def close(self) -> None:
        with self._ready:
            self._closed = True
            for request in self._waiting:
                request.future.cancel()
            self._waiting.clear()
            self._ready.notify()

    def _take(self) -> list[_Request[Result]] | None:
        with self._ready:
            while not self._waiting and not self._closed:
                self._ready.wait()
            if self._closed:
                return None
            batch = [self._waiting.popleft()]
            texts = len(batch[0].texts)
            while self._waiting and texts + len(self._waiting[0].texts) <= self._max_texts:
                request = self._waiting.popleft()
                texts += len(request.texts)
                batch.append(request)
            return batch

    def _run(self) -> None:
        while (batch := self._take()) is not None:
            live = [request for request in batch if request.future.set_running_or_notify_cancel()]
            if not live:
                continue
            self.batches += 1
            texts = [text for request in live for text in request.texts]
            try:
                results = self._detect(texts)
            except BaseException:
                self._one_by_one(live)  # only the request whose text broke detection fails
                continue
            cursor = 0
            for request in live:
                request.future.set_result(results[cursor : cursor + len(request.texts)])
                cursor += len(request.texts)

    def _one_by_one(self, requests: list[_Request[Result]]) -> None:
        for request in requests:
            try:
                request.future.set_result(self._detect(list(request.texts)))
            except BaseException as exc:  # this caller fails closed with the cause
                request.future.set_exception(exc)
