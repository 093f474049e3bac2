"""A region's worker on the in-memory fabric with a scripted engine, for the tests of how jobs queued for
a region are run: withdrawn, kept alive, delivered again."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import audit
from federation import subjects
from federation.local import ensure_identities
from federation.memory import MemoryHub
from federation.messages import Assignment
from federation.pki import node_identity
from region_node.engines import Delta, Load, Prompt, Sampling
from region_node.metrics import RegionMetrics
from region_node.worker import Worker
from tests.coordinator.peers import MODEL


class SlowEngine:
    """Answers one word every 50 ms, `words` of them (forever when None) unless stopped; counts the answers
    it began (by request id: the job's id and its delivery) and those stopped before their end."""

    model_name = MODEL
    honours: frozenset[str] = frozenset()

    def __init__(self, words: int | None = None) -> None:
        self.words = words
        self.began: list[str] = []
        self.stopped: list[str] = []

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    def load(self) -> Load:
        return Load(capacity=4, running=0, waiting=0, kv_cache_usage=0.0)

    async def open(self, prompt: Prompt, sampling: Sampling, request_id: str) -> AsyncIterator[Delta]:
        self.began.append(request_id)
        return self._words(request_id)

    async def _words(self, request_id: str) -> AsyncIterator[Delta]:
        said, ended = 0, False
        try:
            while self.words is None or said < self.words - 1:
                await asyncio.sleep(0.05)
                said += 1
                yield Delta("word ")
            await asyncio.sleep(0.05)
            ended = True
            yield Delta("end", finish_reason="stop", prompt_tokens=1, completion_tokens=said + 1)
        finally:
            if not ended:
                self.stopped.append(request_id)


@contextlib.asynccontextmanager
async def executor_node(
    tmp_path: Path, engine: SlowEngine, *, ack_wait_s: float = 30
) -> AsyncIterator[tuple[Worker, MemoryHub]]:
    """us-east's node n1 running queued jobs on `engine`, its queue's ack wait `ack_wait_s`."""
    regions = ["eu-west", "us-east"]
    ensure_identities(tmp_path, regions)
    hub = MemoryHub(tmp_path, regions)
    store = audit.AuditStore(f"sqlite:///{tmp_path / 'us-east.db'}")
    store.migrate()
    writer = audit.AuditWriter(store, "us-east/n1")
    writer.start()
    await hub.connect(subjects.COORDINATOR).declare_job_queues(regions, ack_wait_s=ack_wait_s)
    worker = Worker(
        hub.connect(node_identity("us-east")),
        region="us-east",
        node="n1",
        engine=engine,  # type: ignore[arg-type]
        audit_writer=writer,
        metrics=RegionMetrics(),
    )
    await worker.start()
    try:
        yield worker, hub
    finally:
        await worker.drain(1.0)
        await writer.close()
        store.dispose()


async def queue(hub: MemoryHub, assignment: Assignment) -> None:
    """Queue `assignment` for us-east, as the coordinator does."""
    coordinator = hub.connect(subjects.COORDINATOR)
    await coordinator.enqueue_job("us-east", assignment.encode(), dedupe_id=assignment.job.job_id)


async def ends(worker: Worker, job_id: str) -> list[dict[str, Any]]:
    """How the node's audit log says `job_id` ended, each time it did."""
    await worker.audit.flush()
    return [
        {"kind": e["kind"], "reason": e["reason"]}
        for e in audit.iter_all(worker.audit.store, audit.EventFilter(job_id=job_id))
    ]
