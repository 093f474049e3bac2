"""The two fabrics keep one contract: every identity may do exactly the same on the in-memory fabric as
on nats-server with mTLS (one table, run on both), and the in-memory one's request/reply and job
queues behave as the code above them relies on."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

import pytest

from federation import FabricConnection, Identity, MessageRejected, PermissionViolation, pki, subjects
from federation.fabric import Fabric, Message
from federation.local import LocalFabric, ensure_identities
from federation.memory import MemoryHub, subject_matches
from tests.conftest import FABRIC_REGIONS
from tests.waiting import wait_until

EU, US = pki.node_identity("eu-west"), pki.node_identity("us-east")
COORDINATOR = subjects.COORDINATOR
JOB = "job-0123456789abcdef"


@dataclass(frozen=True)
class Attempt:
    identity: str
    op: str  # publish | subscribe | pull
    target: str  # a subject, or a region for `pull`
    allowed: bool

    def __str__(self) -> str:
        return f"{self.identity} {self.op} {self.target} -> {'allowed' if self.allowed else 'refused'}"


ATTEMPTS = [
    # A region node: its own heartbeats, submissions and results it produced; reads only its own.
    Attempt(EU, "publish", subjects.heartbeat("eu-west", "n1"), True),
    Attempt(EU, "publish", subjects.heartbeat("us-east", "n1"), False),
    Attempt(EU, "publish", subjects.submit("eu-west"), True),
    Attempt(EU, "publish", subjects.submit("us-east"), False),
    Attempt(EU, "publish", subjects.results("us-east", "eu-west", "n1", JOB), True),
    Attempt(EU, "publish", subjects.results("eu-west", "us-east", "n1", JOB), False),
    Attempt(EU, "publish", subjects.results("us-east", COORDINATOR, "n1", JOB), False),
    Attempt(EU, "publish", subjects.jobs("eu-west"), False),
    Attempt(EU, "subscribe", subjects.results_for("eu-west"), True),
    Attempt(EU, "subscribe", subjects.results_to_node("eu-west", "n1"), True),
    Attempt(EU, "subscribe", subjects.results_for("us-east"), False),
    Attempt(EU, "subscribe", "fed.results.>", False),
    Attempt(EU, "subscribe", subjects.audit_request("eu-west"), True),
    Attempt(EU, "subscribe", subjects.audit_request("us-east"), False),
    Attempt(EU, "subscribe", subjects.jobs("eu-west"), False),
    Attempt(EU, "subscribe", subjects.catalogue("eu-west"), True),
    Attempt(EU, "subscribe", subjects.catalogue("us-east"), False),
    Attempt(EU, "publish", subjects.catalogue("eu-west"), False),
    Attempt(EU, "publish", subjects.resend("us-east", "eu-west", "n1", JOB), True),  # as the origin
    Attempt(EU, "publish", subjects.resend("eu-west", "us-east", "n1", JOB), False),  # posing as us-east
    Attempt(EU, "subscribe", subjects.resend_to("eu-west"), True),  # as the executor
    Attempt(EU, "subscribe", subjects.resend_to("us-east"), False),
    Attempt(EU, "subscribe", subjects.policy("eu-west"), True),  # the published policy, relayed
    Attempt(EU, "subscribe", subjects.policy("us-east"), False),
    Attempt(EU, "publish", subjects.policy("eu-west"), False),
    Attempt(EU, "publish", "$KV.POLICY.current", False),  # only admins publish a policy
    Attempt(EU, "subscribe", subjects.SUBMIT_ANY, False),
    Attempt(EU, "subscribe", subjects.HEARTBEAT_ANY, False),
    Attempt(EU, "pull", "eu-west", True),
    Attempt(EU, "pull", "us-east", False),
    # The coordinator: queues, audit questions and its own notices; hears submissions and heartbeats.
    Attempt(COORDINATOR, "publish", subjects.jobs("us-east"), True),
    Attempt(COORDINATOR, "publish", subjects.results("eu-west", COORDINATOR, "n1", JOB), True),
    Attempt(COORDINATOR, "publish", subjects.results("eu-west", "us-east", "n1", JOB), False),
    Attempt(COORDINATOR, "publish", subjects.heartbeat("eu-west", "n1"), False),
    Attempt(COORDINATOR, "publish", subjects.submit("eu-west"), False),
    Attempt(COORDINATOR, "publish", subjects.catalogue("eu-west"), True),
    Attempt(COORDINATOR, "publish", subjects.policy("eu-west"), True),  # relays what an admin sealed
    Attempt(COORDINATOR, "publish", "$KV.POLICY.current", False),  # but may not write it
    Attempt(COORDINATOR, "publish", "$JS.API.STREAM.PURGE.KV_POLICY", False),  # nor purge or delete it
    Attempt(COORDINATOR, "publish", "$JS.API.STREAM.MSG.DELETE.KV_POLICY", False),
    Attempt(COORDINATOR, "publish", "$JS.hub.API.STREAM.DELETE.KV_POLICY", False),
    Attempt(COORDINATOR, "publish", "$JS.API.STREAM.INFO.KV_POLICY", True),  # control: it may read about it
    Attempt(COORDINATOR, "publish", "$KV.SUBMISSIONS.job-0123456789abcdef", True),  # the ledger of routings
    Attempt(EU, "publish", "$KV.SUBMISSIONS.job-0123456789abcdef", False),  # no region writes it
    Attempt(COORDINATOR, "subscribe", subjects.JOBS_ANY, True),  # every coordinator's routings (affinity)
    Attempt(EU, "subscribe", subjects.JOBS_ANY, False),
    Attempt(COORDINATOR, "subscribe", subjects.SUBMIT_ANY, True),
    Attempt(COORDINATOR, "subscribe", subjects.HEARTBEAT_ANY, True),
    Attempt(COORDINATOR, "subscribe", subjects.results_for("eu-west"), False),
    Attempt(COORDINATOR, "pull", "us-east", True),
]


async def _ignore(msg: Message) -> None:
    return None


async def allowed(fabric: Fabric, attempt: Attempt) -> bool:
    """Whether the fabric let `attempt` through: a refusal is the fabric's own `PermissionViolation`."""
    try:
        if attempt.op == "publish":
            await fabric.publish(attempt.target, b"probe")
        elif attempt.op == "subscribe":
            await fabric.subscribe(attempt.target, cb=_ignore)
        else:
            puller = await fabric.job_puller(attempt.target)
            try:
                await puller.fetch(1, timeout=0.3)
            except TimeoutError:
                pass  # nothing queued: the pull itself went through
            finally:
                await puller.close()
        fabric.check()  # a refusal that arrived after the operation returned
    except PermissionViolation:
        return False
    return True


@pytest.fixture(scope="module")
def pki_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("pki")
    ensure_identities(directory, FABRIC_REGIONS)
    return directory


@pytest.fixture
async def hub(pki_dir: Path) -> MemoryHub:
    hub = MemoryHub(pki_dir, FABRIC_REGIONS)
    await hub.connect(COORDINATOR).declare_job_queues(FABRIC_REGIONS, ack_wait_s=0.3)
    return hub


@pytest.mark.parametrize("attempt", ATTEMPTS, ids=str)
async def test_the_memory_fabric_allows_what_the_contract_allows(hub: MemoryHub, attempt: Attempt) -> None:
    assert await allowed(hub.connect(attempt.identity), attempt) is attempt.allowed


async def test_nats_server_allows_exactly_the_same(fabric: LocalFabric) -> None:
    """The same table on real nats-server (hub and leaves, mTLS): the fake's permissions are the real ones."""
    pki_dir = fabric.topology.pki_dir
    setup = await FabricConnection(Identity(COORDINATOR, pki_dir)).connect([fabric.hub_url], allow_reconnect=False)
    await setup.declare_job_queues(FABRIC_REGIONS, ack_wait_s=30)
    await setup.close()
    outcomes = {}
    for attempt in ATTEMPTS:
        url = fabric.hub_url if attempt.identity == COORDINATOR else fabric.leaf_url(attempt.identity.split("-", 1)[1])
        connection = await FabricConnection(Identity(attempt.identity, pki_dir)).connect([url], allow_reconnect=False)
        try:
            outcomes[str(attempt)] = await allowed(connection, attempt)
        finally:
            await connection.close()
    assert outcomes == {str(a): a.allowed for a in ATTEMPTS}


@pytest.mark.parametrize(
    ("pattern", "subject", "matches"),
    [
        ("fed.results.eu-west.>", "fed.results.eu-west.us-east.n1.job", True),
        ("fed.results.eu-west.>", "fed.results.eu-west", False),
        ("fed.submit.*", "fed.submit.eu-west", True),
        ("fed.submit.*", "fed.submit.eu-west.x", False),
        ("fed.results.*.eu-west.>", "fed.results.us-east.eu-west.n1.j", True),
        ("fed.results.*.eu-west.>", "fed.results.eu-west.us-east.n1.j", False),
    ],
)
def test_wildcards_match_as_in_nats(pattern: str, subject: str, matches: bool) -> None:
    assert subject_matches(pattern, subject) is matches


async def test_a_request_is_answered_only_by_its_responder_and_only_once(hub: MemoryHub) -> None:
    coordinator, eu, us = hub.connect(COORDINATOR), hub.connect(EU), hub.connect(US)
    answered: list[Message] = []

    async def answer(msg: Message) -> None:
        answered.append(msg)
        coordinator.verify(msg, EU)
        await coordinator.respond(msg, b"routed")
        with pytest.raises(PermissionViolation):  # the reply subject admits one answer
            await coordinator.respond(msg, b"again")

    await coordinator.subscribe(subjects.SUBMIT_ANY, cb=answer)
    reply = await eu.request(subjects.submit("eu-west"), b"job", timeout=2, responder=COORDINATOR)
    assert (reply.data, len(answered)) == (b"routed", 1)
    with pytest.raises(MessageRejected) as rejected:  # the same answer, expected from someone else
        await eu.request(subjects.submit("eu-west"), b"job", timeout=2, responder=US)
    assert rejected.value.reason == "wrong_signer"
    with pytest.raises(PermissionViolation):  # us-east cannot reach eu-west's door at all
        await us.request(subjects.submit("eu-west"), b"job", timeout=2, responder=COORDINATOR)


async def test_an_unacked_job_comes_back_with_its_delivery_count_and_an_acked_one_does_not(hub: MemoryHub) -> None:
    coordinator, eu = hub.connect(COORDINATOR), hub.connect(EU)
    await coordinator.enqueue_job("eu-west", b"first", dedupe_id="a-1")
    await coordinator.enqueue_job("eu-west", b"first", dedupe_id="a-1")  # a retried enqueue: dropped
    await coordinator.enqueue_job("eu-west", b"second", dedupe_id="b-1")
    puller = await eu.job_puller("eu-west")
    first, second = await puller.fetch(2, timeout=1)
    assert [(j.data, j.delivery) for j in (first, second)] == [(b"first", 1), (b"second", 1)]
    eu.verify(first, COORDINATOR, subject=subjects.jobs("eu-west"))
    await second.ack()
    (again,) = await puller.fetch(2, timeout=2)  # after the 0.3 s ack wait
    assert (again.data, again.delivery) == (b"first", 2)
    await again.ack()
    with pytest.raises(TimeoutError):
        await puller.fetch(1, timeout=0.5)
    assert await coordinator.jobs_queued("eu-west") == 0


async def test_in_progress_keeps_a_job_from_coming_back(hub: MemoryHub) -> None:
    coordinator, eu = hub.connect(COORDINATOR), hub.connect(EU)
    await coordinator.enqueue_job("eu-west", b"long", dedupe_id="c-1")
    puller = await eu.job_puller("eu-west")
    (job,) = await puller.fetch(1, timeout=1)
    for _ in range(3):
        await asyncio.sleep(0.2)
        await job.in_progress()
    with pytest.raises(TimeoutError):
        await puller.fetch(1, timeout=0.1)
    await job.ack()
    assert await coordinator.jobs_queued("eu-west") == 0


async def test_messages_reach_subscribers_in_order_and_signed(hub: MemoryHub) -> None:
    coordinator, eu = hub.connect(COORDINATOR), hub.connect(EU)
    heard: list[bytes] = []

    async def hear(msg: Message) -> None:
        coordinator.verify(msg, EU)
        heard.append(msg.data)

    await coordinator.subscribe(subjects.HEARTBEAT_ANY, cb=hear)
    for i in range(20):
        await eu.publish(subjects.heartbeat("eu-west", "n1"), str(i).encode(), checked=False)
    await wait_until(lambda: len(heard) == 20, "20 heartbeats heard")
    assert heard == [str(i).encode() for i in range(20)]
