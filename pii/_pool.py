"""Detection on every core the region gives it: worker processes, each with its own analyzer.

One thread of one process holds one core, however well its requests are batched. Here each worker is a
fresh interpreter on a socket pair (never forked: the region process holds threads; nor `multiprocessing`'s
spawn, which re-runs the parent's main script in each worker unless that script is guarded), builds its
own analyzer from the region's `PiiSettings`, and takes whole batches from the queue of `pii._batching`
as soon as it is free. Only texts travel to a worker and only spans come back: vaults and placeholders never leave
the region's process, and nothing here logs a text or what was found in it.

Workers start the first time two requests are in detection at once (a region that never sees concurrent
requests never pays for them) and load in the background, a few seconds each; until one is ready, and
whenever none is (one crashed and is being replaced), this process detects on its own thread as before.
A caller keeps its timeout (`DetectionTimeout` from the Redactor); a worker still busy once every
caller of its batch has given up is stopped and replaced, and a worker that dies fails only the
requests it held, with `DetectionFailed`.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import contextlib
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from multiprocessing.connection import Connection, wait
from typing import Generic

from ._batching import (
    Detection,
    DetectionBatcher,
    Request,
    RequestQueue,
    Result,
    outcomes,
    overrun_at,
    run_batch,
    started,
)
from ._config import PiiSettings
from ._errors import DetectionFailed, DetectionTimeout
from ._spans import Entity

log = logging.getLogger(__name__)

MAX_AUTO_WORKERS = 16
"""Workers when the settings leave it to the machine: one per request of a busy egress path (issue 19
measured 16 at once); each holds its own models (about 160 MB, 670 MB with the Korean analyzer)."""
WARM_TEXTS = ("Please call Ingrid Choi on 010-1234-5678.", "김민준 님, 010-1234-5678로 연락 주세요.")
"""Detected once by a new worker before it takes requests: spaCy's and Kiwi's first sentences cost seconds."""

Build = Callable[[PiiSettings], Callable[[list[str]], Iterable[Result]]]
"""A module-level function (it is pickled by name) that builds the detection of a worker process."""


def default_workers() -> int:
    """The cores this process may run on, at most `MAX_AUTO_WORKERS`."""
    return min(len(os.sched_getaffinity(0)), MAX_AUTO_WORKERS)


Detect = Callable[[list[str]], Iterable[list[Entity]]]
"""The Redactor's detection: the spans of each text, in order, each as soon as found (`Redactor._detect`)."""


def detection_for(settings: PiiSettings, detect: Detect) -> Detection[list[Entity]]:
    """The Redactor's detection: `detect` on a thread of this process, beside worker processes unless the
    settings ask for at most one."""
    workers = default_workers() if settings.detect_workers is None else settings.detect_workers
    if workers <= 1:
        return DetectionBatcher(detect, max_texts=settings.max_batch_texts, timeout_s=settings.timeout_s)
    return DetectionPool(settings, detect, build_detect, workers=workers)


def build_detect(settings: PiiSettings) -> Detect:
    """A worker's detection: a Redactor of its own, used only for its spans."""
    from ._redactor import Redactor

    redactor = Redactor(settings.model_copy(update={"detect_workers": 0}))
    redactor.close()  # its own detection thread: the worker detects on its main thread
    return redactor._detect


class DetectionPool(Generic[Result]):
    """`workers` processes running `build(settings)`, fed whole batches from one queue; `detect` runs on a
    thread of this process while no worker is ready."""

    def __init__(
        self,
        settings: PiiSettings,
        detect: Callable[[list[str]], Iterable[Result]],
        build: Build[Result],
        *,
        workers: int,
    ) -> None:
        self._settings = settings
        self._build = build
        self._queue: RequestQueue[Result] = RequestQueue(
            max_texts=settings.max_batch_texts, timeout_s=settings.timeout_s
        )
        self._lanes = [_Lane(self, index) for index in range(workers)]
        self._ready = 0
        self._in_flight = 0
        self._lock = threading.Lock()
        self._started = False
        self.batches = 0
        """Batches run so far, here and in the workers (for tests and the benchmark)."""
        self._local = threading.Thread(target=self._run_local, args=(detect,), name="pii-detect", daemon=True)
        self._local.start()

    @property
    def closed(self) -> bool:
        return self._queue.closed

    @property
    def workers_ready(self) -> int:
        return self._ready

    def submit(self, texts: Sequence[str]) -> concurrent.futures.Future[list[Result]]:
        request = self._queue.submit(texts)
        with self._lock:
            self._in_flight += 1
            concurrent_requests = self._in_flight > 1
        request.future.add_done_callback(self._done)
        if concurrent_requests and not self._started:
            self.warm()
        return request.future

    def warm(self, timeout_s: float | None = 0) -> bool:
        """Start the workers if they are not starting yet; wait up to `timeout_s` (None: as long as it takes)
        for all of them to be ready, and say whether they are."""
        with self._lock:
            starting, self._started = not self._started, True
        if starting:
            atexit.register(self.close)  # workers stopped, not left to notice that this process is gone
            for lane in self._lanes:
                lane.thread.start()
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        with self._queue.changed:
            while self._ready < len(self._lanes) and not self.closed:
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    break
                self._queue.changed.wait(remaining)
            return self._ready == len(self._lanes)

    def close(self) -> None:
        """Fail what is waiting, stop every worker (a busy one at once) and wait for them to exit."""
        atexit.unregister(self.close)
        self._queue.close()
        for lane in self._lanes:
            if lane.thread.is_alive():
                lane.thread.join()
        self._local.join()

    def _done(self, _: concurrent.futures.Future[list[Result]]) -> None:
        with self._lock:
            self._in_flight -= 1

    def _run_local(self, detect: Callable[[list[str]], Iterable[Result]]) -> None:
        while (batch := self._queue.take(lambda: self._ready == 0)) is not None:
            if run_batch(batch, detect):
                self.batches += 1

    def _set_ready(self, change: int) -> None:
        with self._queue.changed:
            self._ready += change
            self._queue.changed.notify_all()


class _Lane(Generic[Result]):
    """One worker process and the thread that feeds it: start it, send it batches, replace it when it dies."""

    def __init__(self, pool: DetectionPool[Result], index: int) -> None:
        self.pool = pool
        self.name = f"pii-detect-{index}"
        self.thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._process: subprocess.Popen[bytes] | None = None
        self._conn: Connection | None = None
        self._busy = False

    def _run(self) -> None:
        backoff = 0.5
        while not self.pool.closed:
            try:
                if self._start():
                    backoff = 0.5
                    self.pool._set_ready(+1)
                    try:
                        self._serve()
                    finally:
                        self.pool._set_ready(-1)
                elif not self.pool.closed:  # it could not start: try again, less and less often
                    time.sleep(backoff)
                    backoff = min(backoff * 2, 30.0)
            finally:
                self._stop()

    def _start(self) -> bool:
        ours, theirs = socket.socketpair()
        try:
            process = subprocess.Popen(
                [sys.executable, "-c", _BOOT, str(theirs.fileno()), json.dumps(sys.path)], pass_fds=[theirs.fileno()]
            )
        except OSError as exc:
            ours.close()
            log.warning("PII detection worker %s could not start: %s", self.name, exc)
            return False
        finally:
            theirs.close()
        conn = Connection(ours.detach())
        self._process, self._conn, self._busy = process, conn, True  # loading: stopped at once if need be
        with contextlib.suppress(OSError):  # if it died at once, that is reported below
            conn.send((self.pool._build, self.pool._settings.model_dump_json()))
        while not self.pool.closed:
            if not wait([conn], timeout=0.2):
                continue
            try:
                state, reason = conn.recv()
            except (EOFError, OSError):
                state, reason = "failed", f"it exited with code {_exit_code(process)}"
            if state == "ready":
                self._busy = False
                log.info("PII detection worker %s (pid %s) is ready", self.name, process.pid)
                return True
            log.warning("PII detection worker %s (pid %s) could not start: %s", self.name, process.pid, reason)
            return False
        return False

    def _serve(self) -> None:
        """Send batches until the pool closes or the worker dies (its requests then fail)."""
        while (batch := self.pool._queue.take()) is not None:
            live = started(batch)
            if not live:
                continue
            if not self._detect(live):
                return
            self.pool.batches += 1

    def _detect(self, live: list[Request[Result]]) -> bool:
        """Answer each request of the batch as the worker reports it (its outcomes come one request at a time, each
        as soon as detected: `pii._batching.outcomes`); False when the worker died, was stopped, or overran (the
        requests not answered yet are then failed here)."""
        assert self._process is not None and self._conn is not None
        process, conn = self._process, self._conn
        deadline = overrun_at(live, self.pool._settings.timeout_s)
        answered = 0
        try:
            self._busy = True
            conn.send([list(each.texts) for each in live])
            while answered < len(live) and not self.pool.closed and time.monotonic() < deadline:
                if wait([conn], timeout=min(0.2, max(0.0, deadline - time.monotonic()))):
                    ok, value = conn.recv()  # its end closes when it dies: EOFError
                    if ok:
                        live[answered].future.set_result(value)
                    else:  # this request's text broke detection: it fails closed, the others in the batch do not
                        live[answered].future.set_exception(
                            DetectionFailed(f"PII detection failed in a worker process ({value}); nothing was sent")
                        )
                    answered += 1
            if answered == len(live):
                self._busy = False
                return True
        except (EOFError, OSError):
            code = _exit_code(process)
            log.warning(
                "PII detection worker %s (pid %s) died (exit code %s): replacing it", self.name, process.pid, code
            )
            error: Exception = DetectionFailed(
                f"the PII detection worker process died (exit code {code}); nothing was sent"
            )
        else:
            process.kill()  # stopped before its callers hear why, so that what they see has happened
            process.wait()
            if self.pool.closed:
                error = DetectionFailed("PII detection stopped: the detector was closed; nothing was sent")
            else:
                log.warning(
                    "PII detection worker %s (pid %s) overran its requests' timeout: replacing it",
                    self.name,
                    process.pid,
                )
                error = DetectionTimeout(self.pool._settings.timeout_s)
        for request in live[answered:]:
            request.future.set_exception(error)
        return False

    def _stop(self) -> None:
        process, conn = self._process, self._conn
        self._process, self._conn = None, None
        busy, self._busy = self._busy, False
        if conn is not None:
            if not busy:
                with contextlib.suppress(OSError):  # an idle worker exits on its own, unless it is gone already
                    conn.send(None)
            conn.close()
        if process is not None:
            try:
                process.wait(0 if busy else 2.0)
            except subprocess.TimeoutExpired:  # stuck, or still loading: it has nothing left to do for anybody
                process.kill()
                process.wait()


def _exit_code(process: subprocess.Popen[bytes]) -> int | None:
    """A worker whose end of the socket closed is exiting: its code, once it has (None if it lingers)."""
    try:
        return process.wait(1.0)
    except subprocess.TimeoutExpired:
        return None


_BOOT = "import json, sys; sys.path[:] = json.loads(sys.argv[2]); from pii._pool import serve; serve(int(sys.argv[1]))"
"""A worker's first line: the parent's import path, then `serve` on the socket it was handed."""


def serve(fd: int) -> None:
    """A worker process: build the detection, warm it, then answer batches until told to stop or orphaned."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the region process's to handle; it stops us
    conn = Connection(fd)
    try:
        build, settings_json = conn.recv()
        detect = build(PiiSettings.model_validate_json(settings_json))
        list(detect(list(WARM_TEXTS)))  # read to its end: detection yields text by text
    except EOFError:
        return  # the region process is gone
    except BaseException as exc:
        conn.send(("failed", _describe(exc)))
        return
    conn.send(("ready", None))
    while True:
        try:
            requests: list[list[str]] | None = conn.recv()
        except EOFError:
            return  # the region process is gone
        if requests is None:
            return
        for ok, value in outcomes(detect, requests):  # each request's, as soon as detected
            conn.send((ok, value if ok else _describe(value)))


def _describe(exc: BaseException) -> str:
    """The exception's type and where it was raised: never its message, which may quote the text."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {os.path.basename(frames[-1].filename)}:{frames[-1].lineno}" if frames else ""
    return f"{type(exc).__name__}{where}"
