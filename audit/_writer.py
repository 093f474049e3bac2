"""The batching writer: one task per writer identity commits queued events in groups.

`emit` returns at once (the event is written with the next batch); `emit_durable` returns only
once the event is committed, for events that must exist before anything else happens (an egress
decision before the prompt leaves). Concurrent durable events share one commit (group commit).
"""

from __future__ import annotations

import asyncio
import logging

from ._errors import AuditError, AuditUnavailable
from ._events import Event
from ._store import AuditStore

log = logging.getLogger(__name__)

_Item = tuple[Event | None, "asyncio.Future[None] | None"]
"""An event (None: nothing to write, just wait for the batch) and who waits for its commit."""


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
        self._queue: asyncio.Queue[_Item | None] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._pending: list[_Item] = []  # non-durable events whose write failed; retried first
        self.written = 0

    async def __aenter__(self) -> AuditWriter:
        self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=f"audit-writer-{self.writer}")

    def emit(self, event: Event) -> None:
        """Queue an event; it is committed with the next batch."""
        self._check_running()
        self._queue.put_nowait((event, None))

    async def emit_durable(self, event: Event) -> None:
        """Queue an event and wait until it is committed; `AuditUnavailable` if it cannot be."""
        self._check_running()
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((event, done))
        await done

    async def flush(self) -> None:
        """Wait until everything queued so far is committed."""
        self._check_running()
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((None, done))
        await done

    async def close(self) -> None:
        """Commit everything queued, then stop. Raises `AuditError` if some events stay unwritten."""
        if self._task is None:
            return
        self._queue.put_nowait(None)
        task, self._task = self._task, None
        await task
        if self._pending:
            raise AuditError(f"{len(self._pending)} audit events of {self.writer} could not be written")

    def _check_running(self) -> None:
        if self._task is None:
            raise AuditError(f"the audit writer {self.writer} is not running; use `async with` or start()")

    async def _run(self) -> None:
        stopping = False
        while not stopping:
            item = await self._queue.get() if not self._pending else None
            batch = self._pending
            self._pending = []
            if item is None and not batch:
                stopping = True
            elif item is not None:
                batch.append(item)
            stopping = stopping or await self._gather(batch)
            if batch:
                await self._write(batch, final=stopping)

    async def _gather(self, batch: list[_Item]) -> bool:
        """Add queued items to `batch`; linger a little while nobody waits for a commit, so a busy
        process commits once per `linger_s` instead of once per event. True when asked to stop."""
        deadline = asyncio.get_running_loop().time() + self.linger_s
        while len(batch) < self.max_batch:
            if any(done is not None for _, done in batch):
                deadline = 0.0  # someone waits for this commit: write what we have now
            if self._queue.empty():
                remaining = deadline - asyncio.get_running_loop().time()
                if remaining <= 0:
                    return False
                try:
                    following = await asyncio.wait_for(self._queue.get(), remaining)
                except TimeoutError:
                    return False
            else:
                following = self._queue.get_nowait()
            if following is None:
                return True
            batch.append(following)
        return False

    async def _write(self, batch: list[_Item], *, final: bool) -> None:
        events = [event for event, _ in batch if event is not None]
        attempts = 3 if final else 1
        for attempt in range(attempts):
            try:
                await asyncio.to_thread(self.store.append, self.writer, events, key=self.key)
            except AuditUnavailable as exc:
                if attempt + 1 < attempts:
                    await asyncio.sleep(self.retry_s)
                    continue
                log.error("audit write failed for %s (%d events): %s", self.writer, len(events), type(exc).__name__)
                for event, done in batch:
                    if done is None:
                        if event is not None:
                            self._pending.append((event, None))  # retried with the next batch
                    elif not done.done():
                        done.set_exception(AuditUnavailable(str(exc)))
                if not final:
                    await asyncio.sleep(self.retry_s)
                return
            self.written += len(events)
            for _, done in batch:
                if done is not None and not done.done():
                    done.set_result(None)
            return
