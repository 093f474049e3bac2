"""A compromised region attacks the fabric: real nats-server hub and leaves with mTLS, a real coordinator,
raw clients holding real certificates from the federation's CA.

Every attempt asserts the server's own refusal (an authorization or permissions violation, "no
responders" from the hub) or the application's rejection, beside a control that must succeed on the
same path, so that "could not connect" never counts as "refused". A compromised *leaf server* is
played by the `admin` identity on that region's leaf: everything is allowed inside the leaf, so only
the hub's account boundary stands between it and the rest of the federation.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import nats.errors
import pytest
from nats.aio.msg import Msg
from nats.js.client import JetStreamContext

import audit
import pii
import policy
from coordinator.service import Coordinator
from federation import FabricConnection, Identity, MessageRejected, NoResponders, PermissionViolation, pki, subjects
from federation.local import LocalFabric
from federation.messages import ResultChunk
from region_node.egress import Egress, Offloaded
from region_node.engines import Sampling
from region_node.metrics import RegionMetrics
from region_node.openai_types import FedinferOptions
from region_node.requests import Ask, Outbound
from region_node.worker import accept_job
from tests.coordinator.peers import EXAMPLE_POLICY, MODEL, RegionPeer, running_coordinator
from tests.security.attempts import connection_refusal, tls_context
from tests.waiting import wait_until

POLICY = policy.load(EXAMPLE_POLICY)


async def _connect(fabric: LocalFabric, identity: str, url: str) -> FabricConnection:
    return await FabricConnection(Identity(identity, fabric.topology.pki_dir)).connect([url], allow_reconnect=False)


async def _leaf(fabric: LocalFabric, region: str, identity: str | None = None) -> FabricConnection:
    return await _connect(fabric, identity or pki.node_identity(region), fabric.leaf_url(region))


@pytest.fixture
async def coordinator(fabric: LocalFabric, tmp_path: Path) -> AsyncIterator[Coordinator]:
    async with running_coordinator(fabric, tmp_path / "coordinator-audit.db") as running:
        yield running


@pytest.fixture
async def wiretap(fabric: LocalFabric) -> AsyncIterator[list[str]]:
    """Every subject published in the coordinator's account on the hub (jobs, heartbeats, submissions)."""
    seen: list[str] = []
    tap = await _connect(fabric, "admin", fabric.hub_url)

    async def record(msg: Msg) -> None:
        seen.append(msg.subject)

    await tap.subscribe(">", cb=record)
    yield seen
    await tap.close()


def _js(coordinator: Coordinator) -> JetStreamContext:
    """The coordinator's own JetStream on the hub: to put into a queue what the coordinator would not."""
    assert isinstance(coordinator.connection, FabricConnection)
    return coordinator.connection.client.jetstream()


async def _pending(coordinator: Coordinator, region: str) -> tuple[int, int]:
    info = await _js(coordinator).consumer_info(subjects.STREAM, subjects.consumer(region))
    return info.num_pending, info.num_ack_pending


async def _drain_queue(coordinator: Coordinator, region: str) -> None:
    """Discard the jobs waiting in a region's queue (the fabric, and so JetStream, lives per module)."""
    subscription = await _js(coordinator).pull_subscribe_bind(subjects.consumer(region), subjects.STREAM)
    while (await _pending(coordinator, region))[0]:
        try:
            for message in await subscription.fetch(10, timeout=0.3):
                await message.term()
        except TimeoutError:
            pass
    await subscription.unsubscribe()


# -- identities ------------------------------------------------------------------------------------


async def test_a_leaf_certificate_is_refused_as_a_client_of_the_hub(fabric: LocalFabric) -> None:
    pki_dir, log = fabric.topology.pki_dir, fabric.hub.log_path
    assert await connection_refusal(fabric.hub_url, tls_context(pki_dir, "coordinator"), log) is None  # control
    leaf = tls_context(pki_dir, pki.leaf_identity("eu-west"))
    assert await connection_refusal(fabric.hub_url, leaf, log) == "authentication error"


async def test_a_node_certificate_is_usable_only_on_its_own_regions_leaf(fabric: LocalFabric) -> None:
    pki_dir = fabric.topology.pki_dir
    node = tls_context(pki_dir, pki.node_identity("eu-west"))
    own = fabric.leaves["eu-west"].log_path
    assert await connection_refusal(fabric.leaf_url("eu-west"), node, own) is None  # control
    foreign = fabric.leaves["us-east"].log_path
    assert await connection_refusal(fabric.leaf_url("us-east"), node, foreign) == "authentication error"
    assert await connection_refusal(fabric.hub_url, node, fabric.hub.log_path) == "authentication error"
    leaf = tls_context(pki_dir, pki.leaf_identity("eu-west"))
    assert await connection_refusal(fabric.leaf_url("us-east"), leaf, foreign) == "authentication error"


# -- forged origin ---------------------------------------------------------------------------------


async def test_a_region_cannot_submit_as_another(fabric: LocalFabric, coordinator: Coordinator) -> None:
    eu = await RegionPeer.on_nats(fabric, "eu-west")
    us = await RegionPeer.on_nats(fabric, "us-east")
    await us.heartbeat()
    await wait_until(lambda: "us-east" in coordinator.registry.regions(time.time()), "us-east to be live")
    control = await eu.submit("personal", digest=POLICY.digest)
    assert (control.accepted, control.target_region) == (True, "us-east")
    # The body claims kr-central: the coordinator takes the origin from the subject the broker bound.
    forged = await eu.submit("personal", digest=POLICY.digest, claimed_origin="kr-central")
    assert (forged.accepted, forged.code) == (False, "invalid")
    assert forged.reason == "submitted by eu-west but claims origin kr-central; a region submits only its own jobs"
    # Its own leaf refuses eu-west the other region's submission subject...
    with pytest.raises(PermissionViolation, match=r"region-eu-west may not publish to fed.submit.kr-central"):
        await eu.connection.publish(subjects.submit("kr-central"), b"{}")
    # A compromised eu-west leaf server reaches the coordinator only through eu-west's own door, and
    # cannot sign as eu-west's nodes: its submission is dropped, counted and audited.
    leaf = await _leaf(fabric, "eu-west", "admin")
    with pytest.raises(nats.errors.TimeoutError):
        await leaf.request(subjects.submit("eu-west"), b"{}", timeout=1, responder=subjects.COORDINATOR)
    rejected = {"kind": "submission", "reason": "wrong_signer"}
    metric = coordinator.metrics.registry.get_sample_value
    await wait_until(lambda: metric("fedinfer_messages_rejected_total", rejected) == 1, "the submission to be dropped")
    # Another region's door does not exist in its account: the hub itself says nobody listens there.
    with pytest.raises(NoResponders, match=r"nobody answers on fed\.submit\.kr-central") as nobody:
        await leaf.request(subjects.submit("kr-central"), b"{}", timeout=5, responder=subjects.COORDINATOR)
    assert isinstance(nobody.value.__cause__, nats.errors.NoRespondersError)  # the hub's own answer
    await coordinator.audit.flush()
    refused = list(audit.iter_all(coordinator.audit.store, audit.EventFilter(job_id=forged.job_id)))
    assert [(e["kind"], e["region"]) for e in refused] == [("refused", "eu-west")]
    for connection in (leaf, eu, us):
        await connection.close()


# -- forged answers --------------------------------------------------------------------------------


@dataclass
class Origin:
    """eu-west's egress path on its real leaf, with its own metrics and audit store."""

    egress: Egress
    metrics: RegionMetrics
    store: audit.AuditStore
    writer: audit.AuditWriter

    def rejected(self, reason: str) -> float:
        labels = {"kind": "result chunk", "reason": reason}
        return self.metrics.registry.get_sample_value("fedinfer_messages_rejected_total", labels) or 0

    async def offload(self, job_id: str) -> tuple[Offloaded, asyncio.Task[str]]:
        """Offload a job; the task reads its whole restored answer."""
        ask = Ask("chat", MODEL, [("user", "Say hello.")], None, Sampling(max_tokens=8), FedinferOptions(), "demo")
        outbound = Outbound(job_id, "personal", ask)
        decision = POLICY.decide("eu-west", "personal", MODEL)
        offloaded = await self.egress.offload(outbound, decision, time.time() + 30)

        async def read() -> str:
            return "".join([delta.text async for delta in offloaded.deltas])

        return offloaded, asyncio.create_task(read())

    async def rejections(self, job_id: str) -> list[str]:
        await self.writer.flush()
        events = audit.iter_all(self.store, audit.EventFilter(job_id=job_id, kind=audit.EventKind.REJECTED))
        return sorted(str(e["reason"]).rsplit(": ", 1)[-1] for e in events)


@pytest.fixture
async def origin(fabric: LocalFabric, coordinator: Coordinator, tmp_path: Path) -> AsyncIterator[Origin]:
    redactor = await asyncio.to_thread(pii.Redactor)
    store = audit.AuditStore(f"sqlite:///{tmp_path / 'eu-audit.db'}")
    store.migrate()
    connection = await _leaf(fabric, "eu-west")
    async with audit.AuditWriter(store, "eu-west/n1") as writer:
        metrics = RegionMetrics()
        egress = Egress(
            connection,
            region="eu-west",
            node="n1",
            redactor=redactor,
            audit_writer=writer,
            submit_timeout_s=5.0,
            metrics=metrics,
        )
        await egress.start()
        yield Origin(egress, metrics, store, writer)
    await connection.close()
    store.dispose()


@contextlib.asynccontextmanager
async def _live(coordinator: Coordinator, *peers: RegionPeer) -> AsyncIterator[None]:
    """Keep these regions alive in the coordinator's registry (its watchdog moves the jobs of dead ones)."""

    async def beat() -> None:
        while True:
            for peer in peers:
                await peer.heartbeat()
            await asyncio.sleep(0.3)

    beating = asyncio.create_task(beat())
    try:
        await wait_until(lambda: {p.region for p in peers} <= set(coordinator.registry.regions(time.time())), "live")
        yield
    finally:
        beating.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await beating


@dataclass
class Offload:
    """One job eu-west offloaded, which the coordinator assigned to us-east; kr-central stands by."""

    us: RegionPeer
    kr: RegionPeer
    job_id: str
    offloaded: Offloaded
    answer: asyncio.Task[str]


@contextlib.asynccontextmanager
async def _offloaded_to_us_east(
    fabric: LocalFabric, coordinator: Coordinator, origin: Origin
) -> AsyncIterator[Offload]:
    await _drain_queue(coordinator, "us-east")  # what earlier tests left there
    us = await RegionPeer.on_nats(fabric, "us-east")
    kr = await RegionPeer.on_nats(fabric, "kr-central")
    try:
        async with _live(coordinator, us):
            job_id = f"job-{uuid.uuid4().hex[:16]}"
            offloaded, answer = await origin.offload(job_id)
            assert offloaded.target_region == "us-east"
            yield Offload(us, kr, job_id, offloaded, answer)
    finally:
        await _drain_queue(coordinator, "us-east")
        for peer in (us, kr):
            await peer.close()


async def test_the_origin_takes_answers_only_from_the_assigned_region(
    fabric: LocalFabric, coordinator: Coordinator, origin: Origin
) -> None:
    async with _offloaded_to_us_east(fabric, coordinator, origin) as job:
        # kr-central was not assigned the job. On its own (permitted) results subject it claims to be
        # us-east, then sends an answer as itself.
        forged_subject = subjects.results("eu-west", "kr-central", "n1", job.job_id)
        for executor, text in (("us-east", "FORGED-AS-US "), ("kr-central", "FORGED-AS-KR ")):
            chunk = ResultChunk(job_id=job.job_id, executor=executor, seq=0, delta=text, done=True)
            await job.kr.connection.publish(forged_subject, chunk.encode())
        # kr-central's compromised leaf server, which holds no key of kr-central's nodes, and a raw client
        # that signs nothing: dropped before their bodies are read.
        kr_leaf = await _leaf(fabric, "kr-central", "admin")
        chunk = ResultChunk(job_id=job.job_id, executor="kr-central", seq=0, delta="FORGED-BY-LEAF", done=True)
        await kr_leaf.publish(forged_subject, chunk.encode())
        await kr_leaf.client.publish(forged_subject, chunk.encode())
        await kr_leaf.close()
        expected = {"subject_mismatch": 1, "not_assigned": 1, "wrong_signer": 1, "unsigned": 1}
        seen = lambda: {r: origin.rejected(r) for r in expected}  # noqa: E731
        await wait_until(lambda: seen() == expected, f"four rejections, seen {seen()}")
        assignment, message = await job.us.pull()  # control: the assigned region answers, and is heard
        assert assignment.job.job_id == job.job_id
        await job.us.answer(assignment, message, text="genuine answer")
        assert await asyncio.wait_for(job.answer, 10) == "genuine answer"
        assert await origin.rejections(job.job_id) == sorted(expected)


async def test_the_origin_follows_a_move_only_when_the_coordinator_announces_it(
    fabric: LocalFabric, coordinator: Coordinator, origin: Origin
) -> None:
    async with _offloaded_to_us_east(fabric, coordinator, origin) as job:
        us_subject = subjects.results("eu-west", "us-east", "n1", job.job_id)
        # us-east cannot announce a move itself: a coordinator notice on its own subject contradicts it.
        notice = ResultChunk(
            job_id=job.job_id, executor=subjects.COORDINATOR, seq=0, reassigned_to="us-east", attempt=2
        )
        await job.us.connection.publish(us_subject, notice.encode())
        await wait_until(lambda: origin.rejected("subject_mismatch") == 1, "the forged notice to be dropped")
        # The coordinator moves the job to kr-central (as when us-east loses its last node).
        notices = subjects.results("eu-west", subjects.COORDINATOR, "n1", job.job_id)
        notice = ResultChunk(
            job_id=job.job_id, executor=subjects.COORDINATOR, seq=0, reassigned_to="kr-central", attempt=2
        )
        await coordinator.connection.publish(notices, notice.encode())
        await wait_until(lambda: job.offloaded.target_region == "kr-central", "the origin to follow the move")
        # The same move announced again (a replay, or a late copy) moves nothing.
        stale = ResultChunk(job_id=job.job_id, executor=subjects.COORDINATOR, seq=0, reassigned_to="us-east", attempt=2)
        await coordinator.connection.publish(notices, stale.encode())
        await wait_until(lambda: origin.rejected("stale_notice") == 1, "the stale notice to be dropped")
        assert job.offloaded.target_region == "kr-central"
        late = ResultChunk(job_id=job.job_id, executor="us-east", seq=0, delta="STALE RUN", done=True)
        await job.us.connection.publish(us_subject, late.encode())
        await wait_until(lambda: origin.rejected("not_assigned") == 1, "the first target's late answer to be dropped")
        moved = ResultChunk(job_id=job.job_id, executor="kr-central", seq=0, delta="moved answer", done=True)
        await job.kr.connection.publish(subjects.results("eu-west", "kr-central", "n1", job.job_id), moved.encode())
        assert await asyncio.wait_for(job.answer, 10) == "moved answer"


async def test_a_compromised_leaf_cannot_send_results_as_another_region(fabric: LocalFabric) -> None:
    eu = await _leaf(fabric, "eu-west")
    received: list[str] = []

    async def receive(msg: Msg) -> None:
        received.append(msg.subject)

    await eu.subscribe(subjects.results_to_node("eu-west", "n1"), cb=receive)
    kr_leaf = await _leaf(fabric, "kr-central", "admin")
    # A control first, until it arrives: then interest has reached kr-central's leaf, and what does not
    # arrive afterwards was stopped by the account boundary, not by a missing subscription.
    before = subjects.results("eu-west", "kr-central", "n1", "job-00000001")
    while before not in received:
        await kr_leaf.publish(before, b"{}")
        await asyncio.sleep(0.05)
    forged = subjects.results("eu-west", "us-east", "n1", "job-00000002")
    after = subjects.results("eu-west", "kr-central", "n1", "job-00000003")
    await kr_leaf.publish(forged, b"{}")
    await kr_leaf.publish(after, b"{}")
    await wait_until(lambda: after in received, "the control after the forged chunk")
    assert forged not in received
    for connection in (eu, kr_leaf):
        await connection.close()


# -- reply redirection -----------------------------------------------------------------------------


async def test_a_pull_request_cannot_make_jetstream_deliver_onto_foreign_subjects(
    fabric: LocalFabric, coordinator: Coordinator, wiretap: list[str]
) -> None:
    for region in ("eu-west", "us-east"):
        await _drain_queue(coordinator, region)
    kr_results: list[str] = []
    kr = await _leaf(fabric, "kr-central")

    async def receive(msg: Msg) -> None:
        kr_results.append(msg.subject)

    await kr.subscribe(subjects.results_for("kr-central"), cb=receive)
    # Control: kr-central hears what us-east may send it, and the wiretap hears eu-west's own queue.
    us = await _leaf(fabric, "us-east")
    heard = subjects.results("kr-central", "us-east", "n1", "job-00000009")
    while heard not in kr_results:
        await us.publish(heard, b"{}")
        await asyncio.sleep(0.05)
    kr_results.clear()
    eu = await _leaf(fabric, "eu-west")
    foreign = (
        subjects.jobs("us-east"),
        subjects.heartbeat("us-east", "n1"),
        subjects.results("kr-central", "us-east", "n1", "job-00000001"),
        f"{subjects.inbox_prefix('coordinator')}.stolen",
    )
    for target in foreign:
        await _js(coordinator).publish(subjects.jobs("eu-west"), b"a job for eu-west")
        before = await _pending(coordinator, "eu-west")
        request = json.dumps({"batch": 1, "expires": 2_000_000_000}).encode()
        await eu.publish(subjects.pull_next("eu-west"), request, reply=target)
        # JetStream did deliver the job (it is now waiting for eu-west's ack)...
        await wait_until(lambda b=before: _pending_changed(coordinator, b), f"the job to be delivered to {target}")
        # ...but into eu-west's own account, where nobody listens on that subject.
    assert await _pending(coordinator, "us-east") == (0, 0)
    assert subjects.jobs("eu-west") in wiretap and not [s for s in wiretap if s in foreign], wiretap
    assert kr_results == []
    # Control: an honest pull from eu-west gets its job.
    await _js(coordinator).publish(subjects.jobs("eu-west"), b"the control job")
    peer = await RegionPeer.on_nats(fabric, "eu-west")
    assert isinstance(peer.connection, FabricConnection)
    peer_js = peer.connection.client.jetstream(prefix=subjects.js_prefix("eu-west"))
    subscription = await peer_js.pull_subscribe_bind(subjects.consumer("eu-west"), subjects.STREAM)
    (message,) = await subscription.fetch(1, timeout=5)
    assert message.data == b"the control job"
    # The ack's reply cannot be turned into a message in us-east's queue either.
    await eu.publish(message.reply, b"+ACK", reply=subjects.jobs("us-east"))
    await wait_until(lambda: _pending_is(coordinator, "eu-west", ack_pending=len(foreign)), "the ack")
    assert await _pending(coordinator, "us-east") == (0, 0)
    for connection in (eu, kr, us, peer):
        await connection.close()


async def _pending_changed(coordinator: Coordinator, before: tuple[int, int]) -> bool:
    return await _pending(coordinator, "eu-west") != before


async def _pending_is(coordinator: Coordinator, region: str, *, ack_pending: int) -> bool:
    return (await _pending(coordinator, region))[1] == ack_pending


async def test_a_submission_cannot_make_the_coordinator_reply_onto_foreign_subjects(
    fabric: LocalFabric, coordinator: Coordinator, wiretap: list[str]
) -> None:
    await _drain_queue(coordinator, "us-east")
    eu = await _leaf(fabric, "eu-west")
    submissions = coordinator.metrics.routing_latency
    foreign = (subjects.jobs("us-east"), subjects.heartbeat("us-east", "n1"))
    for target in foreign:
        handled = _count(submissions)
        await eu.publish(subjects.submit("eu-west"), b"not a submission", reply=target)
        await wait_until(lambda h=handled: _count(submissions) > h, "the coordinator to answer")
    assert await _pending(coordinator, "us-east") == (0, 0)
    assert subjects.submit("eu-west") in wiretap and not [s for s in wiretap if s in foreign], wiretap
    # Control: the same request with eu-west's own inbox gets the coordinator's answer.
    reply = await eu.request(subjects.submit("eu-west"), b"not a submission", timeout=5, responder=subjects.COORDINATOR)
    assert json.loads(reply.data)["code"] == "invalid"
    await eu.close()


def _count(histogram: object) -> float:
    return next(
        sample.value
        for metric in histogram.collect()  # type: ignore[attr-defined]
        for sample in metric.samples
        if sample.name.endswith("_count")
    )


# -- jobs and heartbeats the coordinator did not send or the region did not sign ------------------------


async def test_a_region_runs_only_jobs_the_coordinator_signed_for_its_own_queue(
    fabric: LocalFabric, coordinator: Coordinator
) -> None:
    eu = await _leaf(fabric, "eu-west")
    job = RegionPeer.assignment(target="eu-west")
    subject, payload = subjects.jobs("eu-west"), job.encode()

    def delivered(data: bytes, headers: dict[str, str] | None, on: str = subject) -> Msg:
        return Msg(eu.client, subject=on, data=data, headers=headers)

    signed = coordinator.connection.signed(subject, payload)
    assert accept_job(eu, delivered(payload, signed), "eu-west").job.job_id == job.job.job_id  # control
    refusals = {
        "unsigned": delivered(payload, None),
        "wrong_signer": delivered(payload, eu.signed(subject, payload)),  # eu-west signing its own job
        # A job the coordinator signed for us-east's queue, handed to eu-west by a broker.
        "bad_signature": delivered(payload, coordinator.connection.signed(subjects.jobs("us-east"), payload)),
    }
    for reason, message in refusals.items():
        with pytest.raises(MessageRejected) as caught:
            accept_job(eu, message, "eu-west")
        assert caught.value.reason == reason
    elsewhere = RegionPeer.assignment(target="us-east").encode()  # signed for eu-west's queue, but for us-east
    with pytest.raises(MessageRejected) as caught:
        accept_job(eu, delivered(elsewhere, coordinator.connection.signed(subject, elsewhere)), "eu-west")
    assert caught.value.reason == "wrong_queue"
    await eu.close()


async def test_the_coordinator_moves_only_jobs_it_queued_itself(
    fabric: LocalFabric, coordinator: Coordinator, wiretap: list[str]
) -> None:
    for region in ("us-east", "kr-central"):
        await _drain_queue(coordinator, region)
    us = await RegionPeer.on_nats(fabric, "us-east")
    async with _live(coordinator, us):
        # Into kr-central's queue (no live node there): a job the coordinator signed, and one nobody did
        # (the admin identity in the hub's account, or a compromised hub, can publish there).
        genuine = RegionPeer.assignment(target="kr-central")
        forged = RegionPeer.assignment(target="kr-central")
        await _js(coordinator).publish(
            subjects.jobs("kr-central"),
            genuine.encode(),
            headers=coordinator.connection.signed(subjects.jobs("kr-central"), genuine.encode()),
        )
        await _js(coordinator).publish(subjects.jobs("kr-central"), forged.encode())
        await coordinator.rescue_stranded()
        # Control: the signed job moved to us-east; the forged one was dropped, not signed and moved.
        assignment, message = await us.pull()
        assert (assignment.job.job_id, assignment.attempt) == (genuine.job.job_id, 2)
        await message.ack()
        await wait_until(lambda: _pending_is(coordinator, "us-east", ack_pending=0), "us-east's ack")
        assert await _pending(coordinator, "us-east") == (0, 0)
        await wait_until(lambda: _pending_is(coordinator, "kr-central", ack_pending=0), "kr-central's queue to empty")
        assert await _pending(coordinator, "kr-central") == (0, 0)
        rejected = {"kind": "queued job", "reason": "unsigned"}
        assert coordinator.metrics.registry.get_sample_value("fedinfer_messages_rejected_total", rejected) == 1
    await us.close()


async def test_heartbeats_count_only_signed_by_their_region_and_fresh(
    fabric: LocalFabric, coordinator: Coordinator
) -> None:
    def live() -> set[str]:
        return set(coordinator.registry.regions(time.time()))

    def rejected(reason: str) -> float:
        labels = {"kind": "heartbeat", "reason": reason}
        return coordinator.metrics.registry.get_sample_value("fedinfer_messages_rejected_total", labels) or 0

    kr_leaf = await _leaf(fabric, "kr-central", "admin")  # a compromised kr-central leaf server
    beat = RegionPeer.heartbeat_message("kr-central")
    await kr_leaf.client.publish(subjects.heartbeat("kr-central", "n1"), beat.encode())  # unsigned
    await kr_leaf.publish(subjects.heartbeat("kr-central", "n1"), beat.encode())  # signed as admin
    await wait_until(lambda: rejected("unsigned") == 1 and rejected("wrong_signer") == 1, "two rejections")
    assert "kr-central" not in live()
    kr = await _leaf(fabric, "kr-central")
    signed = kr.signed(subjects.heartbeat("kr-central", "n1"), beat.encode())
    await kr.publish(subjects.heartbeat("kr-central", "n1"), beat.encode())  # control: counts
    await wait_until(lambda: "kr-central" in live(), "kr-central to be live")
    # The same signed heartbeat replayed (by the leaf server, which saw it pass) renews nothing.
    await kr_leaf.client.publish(subjects.heartbeat("kr-central", "n1"), beat.encode(), headers=signed)
    await wait_until(lambda: rejected("stale") == 1, "the replay to be dropped")
    for connection in (kr, kr_leaf):
        await connection.close()
