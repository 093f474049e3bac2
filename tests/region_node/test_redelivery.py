"""A job queued for a region runs once, however JetStream delivers it (the in-memory fabric keeps JetStream's
ack wait, a scripted engine): a running job is kept alive past the ack wait; a delivery lost on its way
(with the hub server it crossed) comes again after the ack wait, not at the client's deadline; a job
delivered again while it runs here, or after it finished here (a keep-alive or an ack lost), is not run
twice. Each beside the same node's run that shows the delivery did come again."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

import region_node.worker
from federation.memory import MemoryQueuedJob, _MemoryPuller
from tests.coordinator.peers import RegionPeer
from tests.region_node.workers import SlowEngine, ends, executor_node, queue
from tests.waiting import wait_until

ACK_WAIT_S = 0.4
EXECUTED_ONCE = [{"kind": "executed", "reason": None}]


@pytest.fixture
def deliveries(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The delivery count of every job the node fetched, in order."""
    seen: list[int] = []
    fetch = _MemoryPuller.fetch

    async def counted(self: _MemoryPuller, batch: int, timeout: float) -> Sequence[MemoryQueuedJob]:
        jobs = await fetch(self, batch, timeout)
        seen.extend(job.delivery for job in jobs)
        return jobs

    monkeypatch.setattr(_MemoryPuller, "fetch", counted)
    return seen


async def test_a_job_running_longer_than_the_ack_wait_is_kept_alive_and_delivered_once(
    tmp_path: Path, deliveries: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long ack wait, twenty keep-alives long: the ack wait runs on while this process is stalled, the keep-alive
    does not (a job past its ack wait then goes again), and a machine under load stalls for a second or so."""
    ack_wait_s = 2.0
    monkeypatch.setattr(region_node.worker, "KEEPALIVE_S", ack_wait_s / 20)
    engine = SlowEngine(words=50)  # 2.5 s, past the ack wait
    async with executor_node(tmp_path, engine, ack_wait_s=ack_wait_s) as (worker, hub):
        job = RegionPeer.assignment("us-east")
        await queue(hub, job)
        await wait_until(lambda: ends(worker, job.job.job_id), "the job's end audited", timeout=10)
        assert deliveries == [1]
        assert engine.began == [f"{job.job.job_id}-1"] and engine.stopped == []
        assert await ends(worker, job.job.job_id) == EXECUTED_ONCE
        assert await hub.connect("coordinator").jobs_queued("us-east") == 0


async def test_a_job_delivered_again_while_it_runs_here_runs_once(
    tmp_path: Path, deliveries: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its keep-alives lost (as while a hub server's consumer elects a new leader): delivered again, run once,
    and both deliveries acked."""
    monkeypatch.setattr(region_node.worker, "KEEPALIVE_S", 60.0)
    engine = SlowEngine(words=30)
    async with executor_node(tmp_path, engine, ack_wait_s=ACK_WAIT_S) as (worker, hub):
        job = RegionPeer.assignment("us-east")
        await queue(hub, job)
        await wait_until(lambda: ends(worker, job.job.job_id), "the job's end audited", timeout=10)
        assert deliveries[:2] == [1, 2]  # control: it did come again while it ran
        assert engine.began == [f"{job.job.job_id}-1"] and engine.stopped == []
        assert await ends(worker, job.job.job_id) == EXECUTED_ONCE
        assert await hub.connect("coordinator").jobs_queued("us-east") == 0


async def test_a_delivery_lost_on_its_way_comes_again_after_the_ack_wait(
    tmp_path: Path, deliveries: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    lost: list[MemoryQueuedJob] = []
    fetch = _MemoryPuller.fetch

    async def losing_the_first(self: _MemoryPuller, batch: int, timeout: float) -> Sequence[MemoryQueuedJob]:
        jobs = await fetch(self, batch, timeout)
        if jobs and not lost:
            lost.append(jobs[0])  # delivered by the queue, never reaching the node
            return []
        return jobs

    monkeypatch.setattr(_MemoryPuller, "fetch", losing_the_first)
    engine = SlowEngine(words=2)
    async with executor_node(tmp_path, engine, ack_wait_s=ACK_WAIT_S) as (worker, hub):
        job = RegionPeer.assignment("us-east")
        await queue(hub, job)
        await wait_until(lambda: ends(worker, job.job.job_id), "the job's end audited", timeout=5)
        # The first delivery was counted, and lost. (A third may come while the second runs, if this process
        # stalls for longer than the short ack wait: it is run once all the same.)
        assert lost and deliveries[:2] == [1, 2]
        assert engine.began == [f"{job.job.job_id}-2"]
        assert await ends(worker, job.job.job_id) == EXECUTED_ONCE
        assert await hub.connect("coordinator").jobs_queued("us-east") == 0


async def test_a_job_delivered_again_after_it_finished_here_is_acked_not_run_again(
    tmp_path: Path, deliveries: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its ack lost: the answer went out once, and the job is not run twice."""
    acks: list[int] = []
    ack = MemoryQueuedJob.ack

    async def losing_the_first(self: MemoryQueuedJob) -> None:
        acks.append(self.delivery)
        if len(acks) > 1:
            await ack(self)

    monkeypatch.setattr(MemoryQueuedJob, "ack", losing_the_first)
    engine = SlowEngine(words=2)
    async with executor_node(tmp_path, engine, ack_wait_s=ACK_WAIT_S) as (worker, hub):
        job = RegionPeer.assignment("us-east")
        await queue(hub, job)
        await wait_until(lambda: len(acks) == 2, "the second delivery acked", timeout=5)
        assert deliveries == [1, 2] and acks == [1, 2]  # control: it came again, its first ack lost
        assert engine.began == [f"{job.job.job_id}-1"]
        assert await ends(worker, job.job.job_id) == EXECUTED_ONCE
        assert await hub.connect("coordinator").jobs_queued("us-east") == 0
