"""A job whose origin stopped waiting for it is withdrawn where it runs (the in-memory fabric, a scripted
engine): stopped if it runs, dropped unrun if it comes later, acked either way and audited as such;
a withdrawal binds only its own origin node's job."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from federation import subjects
from federation.memory import MemoryHub, _MemoryPuller
from federation.messages import Assignment, ResendRequest
from federation.pki import node_identity
from region_node.worker import Worker
from tests.coordinator.peers import RegionPeer
from tests.region_node.workers import SlowEngine, ends, executor_node, queue
from tests.waiting import wait_until


@pytest.fixture
async def executor(tmp_path: Path) -> AsyncIterator[tuple[Worker, MemoryHub, SlowEngine]]:
    engine = SlowEngine()
    async with executor_node(tmp_path, engine) as (worker, hub):
        yield worker, hub, engine


async def _withdraw(hub: MemoryHub, assignment: Assignment, *, origin_node: str = "n1") -> None:
    origin = hub.connect(node_identity("eu-west"))
    job_id = assignment.job.job_id
    request = ResendRequest(job_id=job_id, from_seq=0, withdraw=True)
    await origin.publish(subjects.resend("us-east", "eu-west", origin_node, job_id), request.encode())


async def test_a_running_job_withdrawn_by_its_origin_stops_at_once_and_is_not_run_again(
    executor: tuple[Worker, MemoryHub, SlowEngine],
) -> None:
    worker, hub, engine = executor
    running = RegionPeer.assignment("us-east")
    await queue(hub, running)
    await wait_until(lambda: len(engine.began) == 1, "the job began")
    await _withdraw(hub, running, origin_node="n2")  # another node of the origin: not its job
    await asyncio.sleep(0.3)
    assert engine.stopped == []  # control: it runs on
    await _withdraw(hub, running)
    await wait_until(lambda: len(engine.stopped) == 1, "the generation stopped")
    ended = await ends(worker, running.job.job_id)
    assert ended == [{"kind": "failed", "reason": "withdrawn"}]
    assert await hub.connect(subjects.COORDINATOR).jobs_queued("us-east") == 0  # acked: never redelivered


async def test_a_job_withdrawn_before_it_came_is_dropped_unrun(executor: tuple[Worker, MemoryHub, SlowEngine]) -> None:
    worker, hub, engine = executor
    late = RegionPeer.assignment("us-east")
    await _withdraw(hub, late)
    await asyncio.sleep(0.05)
    await queue(hub, late)
    await wait_until(lambda: ends(worker, late.job.job_id), "the job's end audited")
    assert await ends(worker, late.job.job_id) == [{"kind": "failed", "reason": "withdrawn"}]
    assert engine.began == []
    other = RegionPeer.assignment("us-east")  # control: a job nobody withdrew runs
    await queue(hub, other)
    await wait_until(lambda: len(engine.began) == 1, "the other job began")


async def test_a_draining_worker_stops_pulling_even_when_a_fetch_swallowed_the_cancellation(
    executor: tuple[Worker, MemoryHub, SlowEngine], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python 3.11's `asyncio.wait_for`, under nats-py's fetch, returns a job that came as its task was cancelled
    and drops the cancellation: the pull loop would go on, and the node never finish stopping."""
    worker, _, _ = executor
    fetching, swallowed = asyncio.Event(), asyncio.Event()

    async def fetch(self: object, batch: int, timeout: float) -> list[object]:
        if not swallowed.is_set():
            fetching.set()
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                swallowed.set()  # as `wait_for` does when the answer is already there
        await asyncio.sleep(0.01)
        raise TimeoutError  # nothing came

    monkeypatch.setattr(_MemoryPuller, "fetch", fetch)
    await fetching.wait()
    draining = asyncio.create_task(worker.drain(1.0))
    try:
        await asyncio.wait({draining}, timeout=5)
        assert draining.done(), "the worker did not finish draining: its pull loop went on"
        await draining
        assert swallowed.is_set()  # control: the cancellation did reach the fetch that dropped it
    finally:
        draining.cancel()  # a second cancellation, which the loop's sleep does not drop
        with contextlib.suppress(asyncio.CancelledError):
            await draining
