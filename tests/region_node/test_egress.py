"""The egress path on the in-memory fabric (same permissions, real signatures, real Presidio; no
nats-server, no model): what leaves, how the answer streams back (out of order, twice, rerun, moved,
forged), and what the client gets when the coordinator refuses or is not there. `test_offload.py`
runs the whole path on nats-server with a real engine."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import audit
import pii
from federation import NoResponders, subjects
from federation.fabric import Message
from federation.local import ensure_identities
from federation.memory import MemoryFabric, MemoryHub
from federation.messages import ResendRequest, ResultChunk, Submission, SubmitReply, decode
from federation.pki import node_identity
from policy import Decision
from region_node.egress import ROUTE_GAP_S, Egress, Offloaded
from region_node.engines import Sampling
from region_node.errors import (
    CoordinatorRefused,
    CoordinatorUnavailable,
    DeadlinePassed,
    JobFailed,
    NoAllowedRegion,
    RemoteJobFailed,
)
from region_node.metrics import RegionMetrics
from region_node.openai_types import FedinferOptions
from region_node.requests import Ask, Outbound
from tests.conftest import FABRIC_REGIONS
from tests.waiting import wait_until

COORDINATOR = subjects.COORDINATOR
MODEL = "smollm2-135m-instruct"
CANARY = "Ingrid Choi"
PROMPT = f"Please write to {CANARY} about the invoice."
PLACEHOLDER = re.compile(r"\[\[PERSON-[^\]]+\]\]")
DECISION = Decision(
    origin_region="eu-west",
    data_class="personal",
    allowed_regions=("eu-west", "us-east", "kr-central"),
    required_transforms={
        "eu-west": frozenset(),
        "us-east": frozenset({"pseudonymize"}),
        "kr-central": frozenset({"pseudonymize"}),
    },
    rule="eu-personal",
    reason="personal data may leave pseudonymised",
    policy_digest="sha256:" + "1" * 64,
)


@pytest.fixture(scope="module")
def pki_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("pki")
    ensure_identities(directory, FABRIC_REGIONS)
    return directory


@pytest.fixture(scope="module")
def redactor() -> Iterator[pii.Redactor]:
    built = pii.Redactor()
    yield built
    built.close()


@dataclass
class Coordinator:
    """A scripted coordinator: answers each submission with `reply(submission)`."""

    fabric: MemoryFabric
    reply: Callable[[Submission], SubmitReply]
    submissions: list[Submission] = field(default_factory=list)

    async def start(self) -> Coordinator:
        async def answer(msg: Message) -> None:
            self.fabric.verify(msg, node_identity("eu-west"))
            submission = decode(Submission, msg.data)
            self.submissions.append(submission)
            await self.fabric.respond(msg, self.reply(submission).encode())

        await self.fabric.subscribe(subjects.SUBMIT_ANY, cb=answer)
        return self


def route_to(target: str) -> Callable[[Submission], SubmitReply]:
    return lambda s: SubmitReply(job_id=s.job.job_id, accepted=True, target_region=target, reason="routed")


@dataclass
class Origin:
    hub: MemoryHub
    egress: Egress
    store: audit.AuditStore
    metrics: RegionMetrics

    def outbound(self, job_id: str = "job-0123456789abcdef") -> Outbound:
        ask = Ask("chat", MODEL, [("user", PROMPT)], None, Sampling(), FedinferOptions(), "demo")
        return Outbound(job_id, "personal", ask)

    async def offload(self, deadline_s: float = 10.0) -> Offloaded:
        return await self.egress.offload(self.outbound(), DECISION, time.time() + deadline_s)

    async def events(self) -> list[dict[str, Any]]:
        await self.egress.audit.flush()
        return list(audit.iter_all(self.store, audit.EventFilter()))

    def rejected(self, reason: str) -> float | None:
        labels = {"kind": "result chunk", "reason": reason}
        return self.metrics.registry.get_sample_value("fedinfer_messages_rejected_total", labels)


@pytest.fixture
async def origin(pki_dir: Path, tmp_path: Path, redactor: pii.Redactor) -> AsyncIterator[Origin]:
    hub = MemoryHub(pki_dir, FABRIC_REGIONS)
    store = audit.AuditStore(f"sqlite:///{tmp_path / 'eu-west.db'}")
    store.migrate()
    writer = audit.AuditWriter(store, "eu-west/n1")
    writer.start()
    metrics = RegionMetrics()
    egress = Egress(
        hub.connect(node_identity("eu-west")),
        region="eu-west",
        node="n1",
        redactor=redactor,
        audit_writer=writer,
        submit_timeout_s=1.0,
        metrics=metrics,
    )
    await egress.start()
    yield Origin(hub, egress, store, metrics)
    await writer.close()
    store.dispose()


class Executor:
    """A region answering the job: chunks on its own results subject, signed with its own certificate."""

    def __init__(self, hub: MemoryHub, region: str, submission: Submission) -> None:
        self.fabric = hub.connect(node_identity(region) if region != COORDINATOR else COORDINATOR)
        self.region, self.job = region, submission.job
        self.placeholder = PLACEHOLDER.search(submission.job.messages[0].content)[0]  # type: ignore[index]

    async def send(self, seq: int, delta: str = "", *, done: bool = False, **fields: Any) -> None:
        chunk = ResultChunk(
            job_id=self.job.job_id,
            executor=self.region,
            seq=seq,
            delta=delta,
            done=done,
            finish_reason="stop" if done else None,
            **fields,
        )
        subject = subjects.results("eu-west", self.region, self.job.origin_node, self.job.job_id)
        await self.fabric.publish(subject, chunk.encode())


async def _read(offloaded: Offloaded) -> tuple[str, str | None]:
    text, finish = "", None
    async for delta in offloaded.deltas:
        text += delta.text
        finish = delta.finish_reason or finish
    return text, finish


async def _offloaded(origin: Origin, target: str = "us-east") -> tuple[Offloaded, Coordinator, Executor]:
    coordinator = await Coordinator(origin.hub.connect(COORDINATOR), route_to(target)).start()
    offloaded = await origin.offload()
    (submission,) = coordinator.submissions
    return offloaded, coordinator, Executor(origin.hub, target, submission)


async def test_only_placeholders_leave_and_the_answer_is_restored_in_order_once(origin: Origin) -> None:
    offloaded, _, us = await _offloaded(origin)
    assert offloaded.target_region == "us-east" and offloaded.pii_counts == {"PERSON": 1}
    reading = asyncio.create_task(_read(offloaded))
    await us.send(2, ".", done=True)  # last first
    await us.send(0, "Dear ")
    await us.send(0, "Dear ")  # twice
    await us.send(1, us.placeholder)
    assert await reading == (f"Dear {CANARY}.", "stop")
    assert not [m.subject for m in origin.hub.published if CANARY.encode() in m.data]  # nothing personal left
    assert [m for m in origin.hub.published if us.placeholder.encode() in m.data]  # control: the placeholder did
    kinds = [(e["kind"], e["target_region"]) for e in await origin.events()]
    assert kinds == [("egress_allowed", None), ("restored", "us-east")]
    assert origin.egress._waiting == {}


async def test_a_rerun_replaces_the_first_run_before_any_text_was_passed_on(origin: Origin) -> None:
    offloaded, _, us = await _offloaded(origin)
    reading = asyncio.create_task(_read(offloaded))
    half = len(us.placeholder) // 2
    await us.send(0, us.placeholder[:half])  # node n1 dies holding half a placeholder
    await us.send(0, "Hello ", node="n2", delivery=2)
    await us.send(1, "again", node="n2", delivery=2, done=True)
    assert await reading == ("Hello again", "stop")


async def test_a_region_not_assigned_the_job_is_not_heard_and_is_audited_once(origin: Origin) -> None:
    offloaded, coordinator, us = await _offloaded(origin)
    kr = Executor(origin.hub, "kr-central", coordinator.submissions[0])
    reading = asyncio.create_task(_read(offloaded))
    for seq in range(3):
        await kr.send(seq, "forged ", done=seq == 2)
    await wait_until(lambda: origin.rejected("not_assigned") == 3, "three forged chunks dropped")
    await us.send(0, "genuine", done=True)  # control: the assigned region is heard
    assert await reading == ("genuine", "stop")
    rejected = [e for e in await origin.events() if e["kind"] == "rejected"]
    assert [(e["region"], e["reason"]) for e in rejected] == [("kr-central", "result chunk: not_assigned")]


async def test_a_job_the_coordinator_moved_is_answered_by_its_new_region(origin: Origin) -> None:
    offloaded, coordinator, us = await _offloaded(origin)
    kr = Executor(origin.hub, "kr-central", coordinator.submissions[0])
    notice = Executor(origin.hub, COORDINATOR, coordinator.submissions[0])
    reading = asyncio.create_task(_read(offloaded))
    await notice.send(0, reassigned_to="kr-central", attempt=2)
    await us.send(0, "too late", done=True)  # the old target, after the move: not heard
    await kr.send(0, "moved", done=True)
    assert await reading == ("moved", "stop")
    assert offloaded.target_region == "kr-central"
    assert origin.rejected("not_assigned") == 1


def _withdrawals(origin: Origin) -> list[tuple[str, str]]:
    """(executor, job id) of every withdrawal the origin sent."""
    sent = [m for m in origin.hub.published if m.subject.startswith("fed.resend.")]
    return [
        (subjects.parse_resend(m.subject)[0], request.job_id)
        for m in sent
        if (request := decode(ResendRequest, m.data)).withdraw
    ]


async def test_a_job_moved_after_text_was_passed_on_fails_and_is_withdrawn_wherever_it_was_sent(
    origin: Origin,
) -> None:
    offloaded, coordinator, us = await _offloaded(origin)
    notice = Executor(origin.hub, COORDINATOR, coordinator.submissions[0])
    reading = asyncio.create_task(_read(offloaded))
    await us.send(0, "Dear ")
    await asyncio.sleep(0.1)  # the text reaches the reader: it cannot be taken back now
    await notice.send(0, reassigned_to="kr-central", attempt=2)
    with pytest.raises(JobFailed, match="moved to kr-central after part of its answer was sent"):
        await reading
    job_id = coordinator.submissions[0].job.job_id
    # From its new region, and from the first one too: it may still be running there (a frozen link).
    withdrawn = [("kr-central", job_id), ("us-east", job_id)]
    await wait_until(lambda: sorted(_withdrawals(origin)) == withdrawn, "the withdrawals sent to both regions")


async def test_an_answer_closed_before_it_was_read_withdraws_the_job(origin: Origin) -> None:
    offloaded, coordinator, _ = await _offloaded(origin)  # a client gone before the body began
    await offloaded.deltas.aclose()  # type: ignore[attr-defined]
    job_id = coordinator.submissions[0].job.job_id
    await wait_until(lambda: _withdrawals(origin) == [("us-east", job_id)], "the unread job withdrawn")


async def test_a_finished_answer_or_the_executors_own_failure_withdraws_nothing(origin: Origin) -> None:
    offloaded, _, us = await _offloaded(origin)
    reading = asyncio.create_task(_read(offloaded))
    await us.send(0, "done", done=True)
    assert await reading == ("done", "stop")
    failing, _, us_again = await _offloaded(origin)
    failing_read = asyncio.create_task(_read(failing))
    await us_again.send(0, done=True, error="engine broke", error_code="engine_failed")
    with pytest.raises(RemoteJobFailed):
        await failing_read
    await asyncio.sleep(0.1)
    assert _withdrawals(origin) == []
    # Control: an answer given up on is withdrawn. Its deadline leaves room for a slow PII detection and a
    # stalled machine before the job goes out (past it, nothing would go out at all).
    expired = await origin.offload(deadline_s=2.0)
    with pytest.raises(DeadlinePassed):
        await _read(expired)
    await wait_until(lambda: [executor for executor, _ in _withdrawals(origin)] == ["us-east"], "withdrawn")


async def test_a_refusal_fails_the_request_with_the_coordinators_reason_and_leaves_nothing_waiting(
    origin: Origin,
) -> None:
    def refuse(code: str) -> Callable[[Submission], SubmitReply]:
        return lambda s: SubmitReply(job_id=s.job.job_id, accepted=False, reason=f"{code} here", code=code)  # type: ignore[arg-type]

    coordinator = await Coordinator(origin.hub.connect(COORDINATOR), refuse("refused")).start()
    with pytest.raises(CoordinatorRefused, match="the coordinator refused the job: refused here"):
        await origin.offload()
    coordinator.reply = refuse("no_region")
    with pytest.raises(NoAllowedRegion) as no_region:
        await origin.offload()
    assert no_region.value.retryable
    failed = [e["reason"] for e in await origin.events() if e["kind"] == "failed"]
    assert failed == ["refused here", "no_region here"]
    assert origin.egress._waiting == {}


async def test_without_a_coordinator_the_client_hears_so_within_the_link_gap(
    origin: Origin, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nobody listening is asked again for `ROUTE_GAP_S` (a leaf server moving to another hub server is
    silent that long), then told; never the whole submit timeout."""
    origin.egress.submit_timeout_s = 30.0  # far from the gap: which of the two the client waited shows
    began = time.monotonic()
    with pytest.raises(CoordinatorUnavailable, match="no coordinator answers"):
        await origin.offload(deadline_s=60.0)
    # The gap, with room for a slow PII detection and a stalled machine; the submit timeout would be 30 s.
    assert ROUTE_GAP_S <= time.monotonic() - began < 10.0
    assert origin.egress._waiting == {}
    # Control: one that appears within the gap is found. It appears once the origin has heard "nobody
    # answers" twice, whenever that is: a clock-timed start could fall after the gap on a stalled machine.
    late = Coordinator(origin.hub.connect(COORDINATOR), route_to("us-east"))
    request = origin.egress.connection.request
    unanswered = 0

    async def appearing_while_asked_again(subject: str, payload: bytes, *, timeout: float, responder: str) -> Message:
        nonlocal unanswered
        try:
            return await request(subject, payload, timeout=timeout, responder=responder)
        except NoResponders:
            unanswered += 1
            if unanswered == 2:
                await late.start()
            raise

    monkeypatch.setattr(origin.egress.connection, "request", appearing_while_asked_again)
    offloaded = await origin.offload()
    assert unanswered == 2 and offloaded.target_region == "us-east"
    await offloaded.deltas.aclose()  # type: ignore[attr-defined]


async def test_an_answer_that_does_not_finish_by_the_deadline_fails(origin: Origin) -> None:
    await Coordinator(origin.hub.connect(COORDINATOR), route_to("us-east")).start()
    offloaded = await origin.offload(deadline_s=2.0)  # room for a slow PII detection before the job goes out
    with pytest.raises(DeadlinePassed):
        await _read(offloaded)
    assert origin.egress._waiting == {}
    last = (await origin.events())[-1]  # the origin records how the job ended
    assert (last["kind"], last["target_region"]) == ("failed", "us-east") and "DeadlinePassed" in last["reason"]


async def test_a_remote_failure_is_recorded_by_its_kind_and_code_never_its_words(origin: Origin) -> None:
    offloaded, _, us = await _offloaded(origin)
    reading = asyncio.create_task(_read(offloaded))
    await us.send(0, done=True, error=f"engine broke near {us.placeholder}", error_code="engine_failed")
    with pytest.raises(RemoteJobFailed):
        await reading
    last = (await origin.events())[-1]
    assert (last["kind"], last["reason"]) == ("failed", "RemoteJobFailed (engine_failed)")


async def test_a_submission_whose_answer_is_lost_is_asked_again_with_the_same_job_until_its_deadline(
    origin: Origin, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The coordinator that took it died or its answer was lost: the origin asks again, and follows the
    answer (the coordinators route a job once, whoever answers); silence up to the deadline is a 503."""
    coordinator = Coordinator(origin.hub.connect(COORDINATOR), route_to("us-east"))
    silent = {"left": 1}

    async def answer_after_one_silence(msg: Message) -> None:
        submission = decode(Submission, msg.data)
        coordinator.submissions.append(submission)
        if silent["left"]:
            silent["left"] -= 1
            return  # taken, never answered
        await coordinator.fabric.respond(msg, route_to("us-east")(submission).encode())

    await coordinator.fabric.subscribe(subjects.SUBMIT_ANY, cb=answer_after_one_silence)
    offloaded = await origin.offload()
    assert offloaded.target_region == "us-east"
    assert [s.job.job_id for s in coordinator.submissions] == ["job-0123456789abcdef"] * 2
    await offloaded.deltas.aclose()  # type: ignore[attr-defined]
    silent["left"] = 99
    # Each attempt's timeout, and the time before which it cannot have begun (the end of the one before).
    # What the origin did is checked, not the clock: a stalled machine makes fewer attempts, none longer.
    attempts: list[tuple[float, float]] = []
    submit_once = origin.egress._submit_once
    after = time.time()

    async def attempt(submission: bytes, timeout: float) -> SubmitReply:
        nonlocal after
        attempts.append((timeout, after))
        try:
            return await submit_once(submission, timeout)
        finally:
            after = time.time()

    monkeypatch.setattr(origin.egress, "_submit_once", attempt)
    unconfirmed = "job-00000000000000aa"
    submit_timeout = origin.egress.submit_timeout_s
    began, deadline = time.monotonic(), after + 3.5
    with pytest.raises(CoordinatorUnavailable, match="no coordinator confirmed the job before its deadline"):
        await origin.egress.offload(origin.outbound(unconfirmed), DECISION, deadline)
    gave_up = time.time()
    assert gave_up >= deadline and time.monotonic() - began < 10.0  # asked until the deadline itself
    # Asked again after a whole submit timeout of silence, each attempt waiting no longer than the submit
    # timeout nor past the deadline (normally 1 + 1 + 1 + 0.5 s: the last one cut short by it).
    assert len(attempts) >= 2 and attempts[0][0] == submit_timeout
    assert [t for t, begun in attempts if t > min(submit_timeout, deadline - begun)] == []
    assert [s.job.job_id for s in coordinator.submissions].count(unconfirmed) == len(attempts)  # the same job
    # An attempt nobody answered may have been routed: the job is withdrawn from every region it could be in.
    await wait_until(
        lambda: sorted(r for r, job in _withdrawals(origin) if job == unconfirmed) == ["kr-central", "us-east"],
        "the unconfirmed job withdrawn from every allowed region",
    )
