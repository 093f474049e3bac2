"""The coordinator service on the in-memory fabric (same permissions, real signatures, no nats-server):
every refusal kind as a submitting region sees it, an admitted job in its target's queue, and a job
stranded in a dead region moved with its notice first. Fast; `test_coordinator.py` runs the same
paths on nats-server."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import audit
import policy
from coordinator.admission import RefusalKind
from coordinator.service import Coordinator
from federation import subjects
from federation.local import ensure_identities
from federation.memory import MemoryHub
from federation.messages import Assignment, Submission, decode
from federation.pki import node_identity
from tests.coordinator.peers import EXAMPLE_POLICY, RegionPeer, running_coordinator
from tests.coordinator.test_admission import NOW, POLICY, REFUSALS, Case
from tests.waiting import wait_until


@dataclass
class Federation:
    hub: MemoryHub
    coordinator: Coordinator
    peers: dict[str, RegionPeer]

    async def live(self, *regions: str) -> None:
        async def counted() -> bool:
            for region in regions:
                await self.peers[region].heartbeat()
            return set(regions) <= set(self.coordinator.registry.regions(time.time()))

        await wait_until(counted, f"{regions} live")

    async def events(self, job_id: str) -> list[dict[str, Any]]:
        await self.coordinator.audit.flush()
        return list(audit.iter_all(self.coordinator.audit.store, audit.EventFilter(job_id=job_id)))

    async def queued(self) -> dict[str, int]:
        return {region: await self.coordinator.connection.jobs_queued(region) for region in POLICY.regions}


@pytest.fixture(scope="module")
def pki_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("pki")
    ensure_identities(directory, list(POLICY.regions))
    return directory


@pytest.fixture
def federation(pki_dir: Path, tmp_path: Path) -> Callable[..., AbstractAsyncContextManager[Federation]]:
    @asynccontextmanager
    async def running(**options: Any) -> AsyncIterator[Federation]:
        hub = MemoryHub(pki_dir, POLICY.regions)
        options = {"heartbeat_ttl_s": 0.5, **options}
        async with running_coordinator(hub, tmp_path / "coordinator.db", **options) as coordinator:
            peers = {region: RegionPeer(hub.connect(node_identity(region)), region) for region in POLICY.regions}
            yield Federation(hub, coordinator, peers)

    return running


def _now_based(message: bytes | Submission) -> bytes:
    """The table's submission with its deadline moved from the table's clock to this one."""
    if isinstance(message, bytes):
        return message
    deadline = time.time() + (message.job.deadline - NOW)
    return message.model_copy(update={"job": message.job.model_copy(update={"deadline": deadline})}).encode()


SENDABLE = {name: case for name, case in REFUSALS.items() if case.origin in POLICY.regions}
"""A region outside the policy has no certificate and no door to submit through."""


@pytest.mark.parametrize("case", SENDABLE.values(), ids=SENDABLE.keys())
async def test_a_refused_submission_is_answered_with_its_code_and_reason_and_queues_nothing(
    federation: Callable[..., AbstractAsyncContextManager[Federation]], case: Case
) -> None:
    async with federation() as fed:
        if case.live:
            await fed.live(*case.live)
        sender = fed.peers[case.origin]
        data = _now_based(case.message)
        first = None
        if case.recent:  # the job was submitted a moment ago
            first = await sender.send(data)
            before = await fed.queued()
        else:
            before = dict.fromkeys(POLICY.regions, 0)
        reply = await sender.send(data)
        if first is not None and first.accepted:
            # A routed job's replay (its origin's retry after a lost answer) is told where the job went, once.
            assert (reply.accepted, reply.target_region, reply.job_id) == (True, first.target_region, first.job_id)
            assert await fed.queued() == before  # queued once
            return
        assert (reply.accepted, reply.code, reply.reason) == (False, case.code, case.reason)
        assert await fed.queued() == before  # nothing more went anywhere
        if reply.job_id and case.kind is not RefusalKind.REPLAYED:
            (refused,) = await fed.events(reply.job_id)
            assert (refused["kind"], refused["region"], refused["reason"]) == ("refused", case.origin, case.reason)


def test_every_refusal_kind_reaches_the_fabric_test() -> None:
    assert {case.kind for case in SENDABLE.values()} == set(RefusalKind)


async def test_an_admitted_job_is_queued_for_its_target_signed_by_the_coordinator(
    federation: Callable[..., AbstractAsyncContextManager[Federation]],
) -> None:
    async with federation() as fed:
        await fed.live("us-east")
        eu, us = fed.peers["eu-west"], fed.peers["us-east"]
        reply = await eu.submit("personal", digest=POLICY.digest)
        assert (reply.accepted, reply.target_region) == (True, "us-east")
        assignment, message = await us.pull(timeout=1)
        us.connection.verify(message, subjects.COORDINATOR, subject=subjects.jobs("us-east"), fresh=False)
        assert (assignment.job.job_id, assignment.target_region, assignment.attempt) == (reply.job_id, "us-east", 1)
        routed = [e for e in await fed.events(reply.job_id) if e["kind"] == "routed"]
        assert [(e["region"], e["target_region"]) for e in routed] == [("eu-west", "us-east")]
        await message.ack()
        assert await fed.queued() == dict.fromkeys(POLICY.regions, 0)


async def test_a_stranded_job_moves_with_its_notice_ahead_and_fails_clearly_when_it_cannot(
    federation: Callable[..., AbstractAsyncContextManager[Federation]],
) -> None:
    async with federation(watch_interval_s=3600) as fed:  # rescues run when the test says
        eu, us = fed.peers["eu-west"], fed.peers["us-east"]
        results = await eu.results()
        await fed.live("kr-central")
        job = await eu.submit("personal", digest=POLICY.digest)
        assert job.target_region == "kr-central"
        await wait_until(lambda: "kr-central" not in fed.coordinator.registry.regions(time.time()), "kr silent")
        await fed.live("us-east")
        assert await fed.coordinator.rescue_stranded() == 1
        notice = results.get_nowait()  # on the origin's side before the job could run anywhere
        assert (notice.executor, notice.reassigned_to, notice.attempt) == ("coordinator", "us-east", 2)
        assignment, message = await us.pull(timeout=1)
        assert (assignment.job.job_id, assignment.attempt) == (job.job_id, 2)
        await us.answer(assignment, message)
        assert (await results.get()).executor == "us-east"
        # Nowhere left to go: the job fails, and its origin is told why.
        await wait_until(lambda: not fed.coordinator.registry.regions(time.time()), "every region silent")
        await fed.live("kr-central")
        doomed = await eu.submit("personal", digest=POLICY.digest)
        await wait_until(lambda: not fed.coordinator.registry.regions(time.time()), "every region silent")
        assert await fed.coordinator.rescue_stranded() == 1
        failure = await results.get()
        assert (failure.job_id, failure.done, failure.finish_reason) == (doomed.job_id, True, "error")
        assert failure.error is not None and "could not be re-routed" in failure.error
        kinds = [e["kind"] for e in await fed.events(doomed.job_id)]
        assert kinds == ["routed", "failed"]
        assert await fed.queued() == dict.fromkeys(POLICY.regions, 0)


async def test_a_job_in_a_queue_that_the_coordinator_did_not_sign_is_dropped_not_moved(
    federation: Callable[..., AbstractAsyncContextManager[Federation]],
) -> None:
    async with federation(watch_interval_s=3600) as fed:
        admin = fed.hub.connect("admin")  # anyone with the hub's account could write into a queue
        forged = RegionPeer.assignment(target="kr-central").encode()
        genuine = RegionPeer.assignment(target="kr-central")
        await admin.enqueue_job("kr-central", forged, dedupe_id="forged-1")
        await fed.coordinator.connection.enqueue_job("kr-central", genuine.encode(), dedupe_id="genuine-1")
        await wait_until(lambda: time.time() - fed.coordinator.started_at > 0.5, "the start-up grace")
        await fed.live("us-east")
        assert await fed.coordinator.rescue_stranded() == 2
        assignment, _ = await fed.peers["us-east"].pull(timeout=1)
        assert decode(Assignment, assignment.encode()).job.job_id == genuine.job.job_id  # only the signed one
        rejected = {"kind": "queued job", "reason": "wrong_signer"}
        assert fed.coordinator.metrics.registry.get_sample_value("fedinfer_messages_rejected_total", rejected) == 1


async def test_a_region_back_while_its_queue_is_emptied_keeps_the_rest_of_its_jobs(
    federation: Callable[..., AbstractAsyncContextManager[Federation]],
) -> None:
    """The rescue looks again before each batch it takes: jobs queued for a region whose node is back are
    that region's to run, not moved away from it as stranded."""
    async with federation(watch_interval_s=3600) as fed:
        for i in range(25):  # more than one batch (10)
            queued = RegionPeer.assignment(target="kr-central").encode()
            await fed.coordinator.connection.enqueue_job("kr-central", queued, dedupe_id=f"queued-{i}")
        await wait_until(lambda: time.time() - fed.coordinator.started_at > 0.5, "the start-up grace")
        await fed.live("us-east")
        pullers = fed.coordinator.connection.job_puller

        async def back_after_the_first_batch(region: str) -> Any:
            puller = await pullers(region)
            fetch = puller.fetch

            async def fetched(batch: int, timeout: float) -> Any:
                messages = await fetch(batch, timeout)
                await fed.live("kr-central")  # its node announces itself while the batch is moved
                return messages

            puller.fetch = fetched  # type: ignore[method-assign]
            return puller

        fed.coordinator.connection.job_puller = back_after_the_first_batch  # type: ignore[method-assign]
        assert await fed.coordinator.rescue_stranded() == 10  # the batch taken before the region was back
        assert (await fed.queued())["kr-central"] == 15
        assert (await fed.queued())["us-east"] == 10  # control: the rescue did move what it took


async def test_coordinators_sharing_the_work_route_a_job_once_whichever_gets_its_retry(
    pki_dir: Path, tmp_path: Path
) -> None:
    """The ledger of routed jobs is the group's: a retry reaching the other coordinator (the first one died
    after routing, or its answer was lost) gets the same target, and the job is queued once."""
    hub = MemoryHub(pki_dir, POLICY.regions)
    async with (
        running_coordinator(hub, tmp_path / "one.db", heartbeat_ttl_s=0.5) as one,
        running_coordinator(hub, tmp_path / "two.db", heartbeat_ttl_s=0.5) as two,
    ):
        eu, us = (
            RegionPeer(hub.connect(node_identity("eu-west")), "eu-west"),
            RegionPeer(hub.connect(node_identity("us-east")), "us-east"),
        )

        async def both_live() -> bool:
            await us.heartbeat()
            return all("us-east" in c.registry.regions(time.time()) for c in (one, two))

        await wait_until(both_live, "us-east live at both coordinators")
        job = eu.job("eu-west", eu.node, data_class="personal").model_copy(update={"deadline": time.time() + 60})
        submission = Submission(job=job, attestation=eu.attestation(POLICY.digest, ("pseudonymize",))).encode()
        first = await one.submit(submission, origin="eu-west")  # as if the queue group chose `one`
        # The other learns where that prompt prefix went from the fabric, not from `one`'s memory.
        await wait_until(lambda: two.affinity.get(job.prefix_hash) == "us-east", "the routing heard by the other")
        again = await two.submit(submission, origin="eu-west")  # the retry, at the other one
        assert (first.accepted, again.accepted, again.target_region) == (True, True, first.target_region)
        assert await one.connection.jobs_queued("us-east") == 1
        other = await two.submit(  # control: another job is routed by the second coordinator itself
            Submission(
                job=job.model_copy(update={"job_id": "job-0fedcba987654321"}),
                attestation=eu.attestation(POLICY.digest, ("pseudonymize",)),
            ).encode(),
            origin="eu-west",
        )
        assert other.accepted and await one.connection.jobs_queued("us-east") == 2


async def test_a_job_decided_under_a_version_the_coordinator_has_yet_to_load_is_routed_whoever_loads_it(
    federation: Callable[..., AbstractAsyncContextManager[Federation]], tmp_path: Path
) -> None:
    """A region that takes a new version of the file before the coordinator: the coordinator looks at its
    file before refusing, and routes the job even when another look (its watchdog's, or a second such
    submission's) took the version into force while this one waited; a digest it never held stays refused."""
    text = EXAMPLE_POLICY.read_text(encoding="utf-8")
    widened = text.replace("      - to: origin\n\n  - name: no-marketing", "      - to: home\n\n  - name: no-marketing")
    path = tmp_path / "policy.yaml"
    path.write_text(text, encoding="utf-8")
    async with federation(policy_source=policy.WatchedPolicy(path), watch_interval_s=3600) as fed:
        await fed.live("us-east")
        path.write_text(widened, encoding="utf-8")
        new = policy.loads(widened).digest
        eu = fed.peers["eu-west"]
        both = [Submission(job=eu.job("eu-west"), attestation=eu.attestation(new)).encode() for _ in range(2)]
        replies = await asyncio.gather(*(fed.coordinator.submit(data, origin="eu-west") for data in both))
        assert [(r.accepted, r.target_region) for r in replies] == [(True, "us-east")] * 2, replies
        assert fed.coordinator.policy.digest == new
        unknown = await eu.submit(digest="sha256:" + "0" * 64)  # control: fail closed
        assert (unknown.accepted, unknown.code) == (False, "refused")
        assert "both must run the same policy" in unknown.reason


async def test_a_stopping_coordinator_ends_its_watchdog_even_when_a_call_swallowed_the_cancellation(
    federation: Callable[..., AbstractAsyncContextManager[Federation]],
) -> None:
    """Python 3.11's `asyncio.wait_for`, under every nats-py request, returns an answer that arrived as its task
    was cancelled and drops the cancellation: the watchdog went on checking forever, and the coordinator never
    exited on SIGTERM."""
    async with federation(watch_interval_s=0.01) as running:
        coordinator = running.coordinator
        checking, swallowed = asyncio.Event(), asyncio.Event()

        async def rescue_stranded() -> int:
            if swallowed.is_set():
                return 0
            checking.set()
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                swallowed.set()  # as `wait_for` does when the answer is already there
            return 0

        coordinator.rescue_stranded = rescue_stranded  # type: ignore[method-assign]
        await checking.wait()
        stopping = asyncio.create_task(coordinator.stop())
        try:
            await asyncio.wait({stopping}, timeout=5)
            assert stopping.done(), "the coordinator did not stop: its watchdog went on"
            await stopping
            assert swallowed.is_set()  # control: the cancellation did reach the call that dropped it
        finally:
            stopping.cancel()  # a second cancellation, which the watchdog's sleep does not drop
            with contextlib.suppress(asyncio.CancelledError):
                await stopping
