"""The batching writer: events queue up and are committed in groups, in the order they were emitted.

`emit` returns at once: a background thread commits what is queued about every `linger_s`, so a
busy process commits once per batch, not once per event. `commit` (from a thread) and
`emit_durable` (from the event loop) return only once the event is committed, for events that must
exist before anything else happens (an egress decision before the prompt leaves).

A durable commit is written by the thread that asks for it, together with everything queued before
it (group commit: concurrent callers share one transaction), with no hand-over to the background
thread and back: a region node prepares an outgoing job in one worker thread, from PII detection to
its committed egress record, and the job leaves as soon as that thread returns.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from dataclasses import dataclass, field

from ._errors import AuditError, AuditUnavailable
from ._events import Event
from ._store import AuditStore
from ._witness import Head

log = logging.getLogger(__name__)


@dataclass(slots=True)
class _Item:
    """A queued event (None: nothing to write, a marker to wait for), and, when someone waits for
    its commit, how the wait ended."""

    event: Event | None
    committed: threading.Event | None = None
    error: AuditUnavailable | None = field(default=None)

    def settle(self, error: AuditUnavailable | None) -> None:
        if self.committed is not None:
            self.error = error
            self.committed.set()


class AuditWriter:
    """Writes one writer's chain (e.g. `eu-west/node-1`). Use `async with AuditWriter(...)`."""

    def __init__(
        self,
        store: AuditStore,
        writer: str,
        *,
        key: bytes | None = None,
        max_batch: int = 1000,
        retry_s: float = 0.2,
        linger_s: float = 0.05,
    ) -> None:
        self.store = store
        self.writer = writer
        self.key = key
        self.max_batch = max_batch
        self.retry_s = retry_s
        self.linger_s = linger_s
        self._queued: list[_Item] = []
        self._queue_lock = threading.Lock()  # held only to add to or take from `_queued`, never for I/O
        self._queue_changed = threading.Condition(self._queue_lock)
        self._append_lock = threading.Lock()  # one append at a time, so batches keep the emitting order
        self._stopping = False
        self._thread: threading.Thread | None = None
        self.written = 0
        self.head: Head | None = None
        """This writer's newest committed event (reported in heartbeats, for the coordinator to witness)."""

    async def __aenter__(self) -> AuditWriter:
        self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def start(self) -> None:
        if self._thread is None:
            self._stopping = False
            self._thread = threading.Thread(target=self._run, name=f"audit-writer-{self.writer}", daemon=True)
            self._thread.start()

    def emit(self, event: Event) -> None:
        """Queue an event; it is committed with the next batch."""
        self._check_running()
        with self._queue_changed:
            self._queued.append(_Item(event))
            self._queue_changed.notify()

    def commit(self, event: Event | None = None) -> None:
        """Commit `event` with everything queued before it, in the calling thread, and return once it
        is; `AuditUnavailable` if it cannot be. Blocks: call it from a worker thread, never from the
        event loop (use `emit_durable` there). With no event, commits what is queued."""
        self._check_running()
        committed = threading.Event()
        item = _Item(event, committed)
        with self._queue_lock:
            self._queued.append(item)
        with self._append_lock:
            if not committed.is_set():  # else another thread's batch took it along
                self._append_queued(final=False)
        if item.error is not None:
            raise item.error

    async def emit_durable(self, event: Event) -> None:
        """Queue an event and wait until it is committed; `AuditUnavailable` if it cannot be."""
        await asyncio.to_thread(self.commit, event)

    async def flush(self) -> None:
        """Wait until everything queued so far is committed."""
        await asyncio.to_thread(self.commit)

    async def close(self) -> None:
        """Commit everything queued, then stop. Raises `AuditError` if some events stay unwritten."""
        if self._thread is None:
            return
        with self._queue_changed:
            self._stopping = True
            self._queue_changed.notify()
        thread, self._thread = self._thread, None
        await asyncio.to_thread(thread.join)
        if self._queued:
            raise AuditError(f"{len(self._queued)} audit events of {self.writer} could not be written")

    def _check_running(self) -> None:
        if self._thread is None:
            raise AuditError(f"the audit writer {self.writer} is not running; use `async with` or start()")

    # -- the background thread -------------------------------------------------------------------

    def _run(self) -> None:
        try:
            self.head = self.store.head(self.writer)  # a restarted node reports where its chain stands
        except Exception:  # the store may be down now; the first append sets it
            log.warning("cannot read the audit head of %s yet", self.writer)
        while True:
            with self._queue_changed:
                self._queue_changed.wait_for(lambda: bool(self._queued) or self._stopping)
                # Linger while nobody waits for a commit, so a busy process commits once per batch.
                self._queue_changed.wait_for(
                    lambda: self._stopping or len(self._queued) >= self.max_batch, timeout=self.linger_s
                )
                stopping = self._stopping
            with self._append_lock:
                written = self._append_queued(final=stopping)
            if stopping:
                return
            if not written:
                time.sleep(self.retry_s)

    def _append_queued(self, *, final: bool) -> bool:
        """Append everything queued, `max_batch` events per transaction (the caller holds the append
        lock). On a failure, waiters are told and the other events go back to the head of the queue,
        to be retried; False then."""
        with self._queue_lock:
            batch, self._queued = self._queued, []
        for start in range(0, len(batch), self.max_batch):
            part = batch[start : start + self.max_batch]
            error = self._append([item.event for item in part if item.event is not None], final=final)
            if error is not None:
                rest = batch[start:]
                for item in rest:
                    item.settle(error)
                retry = [item for item in rest if item.committed is None and item.event is not None]
                with self._queue_lock:
                    self._queued[:0] = retry
                return False
            for item in part:
                item.settle(None)
        return True

    def _append(self, events: list[Event], *, final: bool) -> AuditUnavailable | None:
        if not events:
            return None
        attempts_left = 3 if final else 1
        while True:
            attempts_left -= 1
            try:
                self.head = self.store.append(self.writer, events, key=self.key) or self.head
                self.written += len(events)
                return None
            except Exception as exc:  # AuditUnavailable, or anything else: no waiter may hang
                if not isinstance(exc, AuditUnavailable):
                    log.exception("unexpected failure writing the audit log of %s", self.writer)
                if not attempts_left:
                    log.error("audit write failed for %s (%d events): %s", self.writer, len(events), type(exc).__name__)
                    return exc if isinstance(exc, AuditUnavailable) else AuditUnavailable(str(exc))
            time.sleep(self.retry_s)
