"""The worker: runs jobs routed here from other regions, and keeps the coordinator informed.

It pulls from this region's durable consumer, runs the engine on the (already sanitized) text,
streams chunks to the origin, and acks only when the answer is complete; a node that dies before its
ack gets the job redelivered to another. Heartbeats carry models, capacity, queue depth and KV use.
It also answers the coordinator's audit-trace questions with this node's own events.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import statistics
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Literal

import audit
from federation import MessageRejected, PkiError, WireError, pki, subjects, tracing
from federation.fabric import Fabric, Message, QueuedJob
from federation.messages import (
    Assignment,
    AuditAnswer,
    AuditHead,
    AuditQuery,
    Heartbeat,
    ResendRequest,
    ResultChunk,
    decode,
)

from .engines import Delta, Engine, SequenceFailed, close_quietly
from .errors import ContextLengthExceeded, InvalidParameter, RegionNodeError
from .metrics import RegionMetrics
from .requests import prompt_of, sampling_of

log = logging.getLogger(__name__)


def accept_job(connection: Fabric, message: Message, region: str) -> Assignment:
    """The job in `message`, if the coordinator signed it for `region`'s queue: checked against the
    subject it must have been signed for, not the one a broker delivered it on. A queued job may wait
    long, so its own deadline bounds a replay, not the signature's age. `MessageRejected` otherwise."""
    connection.verify(message, subjects.COORDINATOR, subject=subjects.jobs(region), fresh=False)
    assignment = decode(Assignment, message.data)
    if assignment.target_region != region:
        raise MessageRejected(f"a job for {assignment.target_region} reached {region}", "wrong_queue")
    return assignment


def _audit_head(head: audit.Head | None) -> AuditHead | None:
    """This node's audit head as a heartbeat carries it (a writer name too long to witness is left out)."""
    if head is None or len(head.writer) > 80:
        return None
    return AuditHead(writer=head.writer, seq=head.seq, hash=head.hash)


RESEND_KEEP = 1024
"""Recent jobs whose answers a node can send again, at most; each only until its deadline."""
WITHDRAWN_KEEP = 4096
"""Jobs each origin region withdrew, remembered (the newest) so that one queued here is dropped unrun when
it comes; per origin, so that no region can push another's withdrawals out."""
WITHDRAWN_FOR_S = 600.0
"""How long a withdrawal is remembered: as long as the coordinators' ledger may queue the job again under
its submission (`federation` `SUBMISSION_TTL_S`)."""
REJECTION_AUDIT_S = 60.0
"""A peer's malformed resend requests are audited once per sender and reason in this long (counted all)."""
KEEPALIVE_S = 1.0
"""How often a running job's delivery is reported still in work (`in_progress`), on a timer of its own
(an engine may be silent for long before its first token): well within the queue's ack wait (the
coordinator's `ack_wait_s`, 10 s by default), which is thus only how long a delivery that never arrived
(lost with the hub server it crossed) or a node that died waits to be delivered again."""


@dataclass
class _Sent:
    """One job's answer as this node sent it, as it crossed the fabric (pseudonymised where the policy
    required it, raw where it allowed raw text), kept in memory until the job's deadline at most."""

    origin: str
    origin_node: str
    subject: str
    deadline: float
    chunks: list[bytes] = field(default_factory=list)
    finished: bool = False
    """Whether its last chunk was sent: a later delivery of the job (its ack lost) is acked, not run again."""


@dataclass
class _Running:
    """A job running on this node, and every delivery of it JetStream made to this node meanwhile (a
    keep-alive lost while a hub server moved its consumer's leadership): all are kept alive, all are
    acked, and the job runs once."""

    assignment: Assignment
    task: asyncio.Task[None]
    deliveries: list[QueuedJob]

    async def ack(self) -> None:
        for delivery in self.deliveries:
            await delivery.ack()

    async def keep_alive(self) -> None:
        while True:
            await asyncio.sleep(KEEPALIVE_S)
            for delivery in list(self.deliveries):
                try:
                    await delivery.in_progress()
                except Exception as exc:  # the link is down: the next one may pass, well within the ack wait
                    log.debug("could not keep job %s alive: %s", self.assignment.job.job_id, type(exc).__name__)


class Worker:
    def __init__(
        self,
        connection: Fabric,
        *,
        region: str,
        node: str,
        engine: Engine,
        audit_writer: audit.AuditWriter,
        metrics: RegionMetrics,
        concurrency: int = 4,
        heartbeat_s: float = 2.0,
    ) -> None:
        self.connection = connection
        self.region = region
        self.node = node
        self.engine = engine
        self.audit = audit_writer
        self.metrics = metrics
        self.concurrency = concurrency
        self.heartbeat_s = heartbeat_s
        self.latencies: deque[float] = deque(maxlen=64)
        self._jobs: set[asyncio.Task[None]] = set()
        self._sent: OrderedDict[str, _Sent] = OrderedDict()
        self._resend_rejections: dict[tuple[str, str], float] = {}
        """The chunks sent of recent jobs' answers, to send again when their origin asks (`_on_resend`)."""
        self._withdrawn: dict[str, OrderedDict[tuple[str, str], float]] = {}
        """Per origin region, the (origin node, job id) it withdrew, and until when that is remembered."""
        self._running: dict[str, _Running] = {}
        self._loops: list[asyncio.Task[None]] = []
        self._draining = False

    async def start(self) -> None:
        await self.connection.subscribe(subjects.audit_request(self.region), cb=self._on_audit_query)
        await self.connection.subscribe(subjects.resend_to(self.region), cb=self._on_resend)
        await self.heartbeat()
        self._loops = [
            asyncio.create_task(self._heartbeats(), name="worker-heartbeats"),
            asyncio.create_task(self._pull(), name="worker-pull"),
        ]

    async def drain(self, timeout: float = 30.0) -> None:
        """Stop taking jobs, finish the running ones (up to `timeout`), stop heartbeats."""
        self._draining = True
        for task in self._loops:
            task.cancel()
        for task in self._loops:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._jobs:
            _, pending = await asyncio.wait(self._jobs, timeout=timeout)
            for task in pending:
                task.cancel()  # unacked: JetStream redelivers it elsewhere
            for task in pending:
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def heartbeat(self) -> None:
        load = self.engine.load()
        self.metrics.queue.set(load.running + load.waiting)
        self.metrics.healthy.set(1 if load.healthy else 0)
        beat = Heartbeat(
            region=self.region,
            node=self.node,
            models=[self.engine.model_name],
            capacity=0 if self._draining else load.capacity,
            queue_depth=load.running + load.waiting + len(self._jobs),
            kv_cache_usage=load.kv_cache_usage,
            latency_ms=statistics.median(self.latencies) if self.latencies else 0.0,
            healthy=load.healthy and not self._draining and not self.connection.violated,
            sent_at=time.time(),
            audit_head=_audit_head(self.audit.head),
        )
        await self.connection.publish(subjects.heartbeat(self.region, self.node), beat.encode())

    async def _heartbeats(self) -> None:
        while not self._draining:  # as well as cancelled: Python 3.11's `wait_for` may drop a cancellation
            await asyncio.sleep(self.heartbeat_s)
            try:
                await self.heartbeat()
            except Exception:
                log.exception("heartbeat failed; retrying in %.1f s", self.heartbeat_s)

    async def _pull(self) -> None:
        puller = await self.connection.job_puller(self.region)
        while not self._draining:  # as well as cancelled: a fetch (`wait_for`) may return and drop the cancellation
            if len(self._jobs) >= self.concurrency or not self.engine.load().healthy:
                await asyncio.sleep(0.05)
                continue
            try:
                messages = await puller.fetch(1, timeout=1.0)
            except TimeoutError:
                continue
            except Exception:
                log.warning("cannot fetch jobs right now; retrying", exc_info=True)
                await asyncio.sleep(1.0)
                continue
            for message in messages:
                task = asyncio.create_task(self._run(message), name="worker-job")
                self._jobs.add(task)
                task.add_done_callback(self._jobs.discard)
            await asyncio.sleep(0)  # the job reaches the engine before the next pull is asked for

    async def _run(self, message: QueuedJob) -> None:
        try:
            assignment = accept_job(self.connection, message, self.region)
        except MessageRejected as exc:
            self._reject_message("job", exc.reason)
            with contextlib.suppress(Exception):  # a message no queue delivered has nothing to terminate
                await message.term()
            return
        except WireError as exc:
            log.error("dropped a malformed job: %s", exc)
            await message.term()
            return
        job_id = assignment.job.job_id
        if self._is_withdrawn(assignment):  # its origin stopped waiting before it came: never run
            await message.ack()
            self._executed(assignment, "withdrawn")
            return
        if await self._again(job_id, message):
            return
        task = asyncio.current_task()
        assert task is not None
        running = self._running[job_id] = _Running(assignment, task, [message])
        keeping = asyncio.create_task(running.keep_alive(), name="worker-keep-alive")
        headers = message.headers or {}
        try:
            with tracing.span("worker.execute", job_id, headers=headers, region=self.region) as span:
                span.set_attribute("fedinfer.model", assignment.job.model)
                await self._execute(running, message.delivery)
        except asyncio.CancelledError:
            if not self._is_withdrawn(assignment):
                raise  # stopping: unacked, JetStream runs it elsewhere
            task.uncancel()  # its origin withdrew it (stopping or not): over, not to be run again anywhere
            await running.ack()
            self._executed(assignment, "withdrawn")
        finally:
            keeping.cancel()
            self._running.pop(job_id, None)

    async def _again(self, job_id: str, message: QueuedJob) -> bool:
        """Whether `message` is another delivery of a job this node runs or ran: JetStream delivers a job
        again when it heard no ack or keep-alive in its ack wait, which a hub server's loss can swallow.
        One that runs here is acked with the run; one that finished here is acked now (its answer was
        sent, and is sent again if its origin asks). Neither runs twice."""
        running = self._running.get(job_id)
        if running is not None:
            running.deliveries.append(message)
            log.info("job %s delivered again while it runs here; running it once", job_id)
            return True
        sent = self._sent.get(job_id)
        if sent is not None and sent.finished:
            log.info("job %s delivered again after it finished here; acked, not run again", job_id)
            await message.ack()
            return True
        return False

    def _is_withdrawn(self, assignment: Assignment) -> bool:
        job = assignment.job
        return (job.origin_node, job.job_id) in self._withdrawn.get(job.origin_region, {})

    def _withdraw(self, origin: str, origin_node: str, job_id: str) -> None:
        """The origin node of `job_id` no longer waits for its answer: stop it if it runs here, and drop it
        unrun if it comes later (a job moved here after its origin gave up on it)."""
        now = time.time()
        withdrawn = self._withdrawn.setdefault(origin, OrderedDict())
        while withdrawn and next(iter(withdrawn.values())) < now:  # kept in order of expiry: oldest first
            withdrawn.popitem(last=False)
        withdrawn.pop((origin_node, job_id), None)  # withdrawn again: moved to the end, with its new expiry
        withdrawn[(origin_node, job_id)] = now + WITHDRAWN_FOR_S
        while len(withdrawn) > WITHDRAWN_KEEP:
            withdrawn.popitem(last=False)
        running = self._running.get(job_id)
        if running is not None and self._is_withdrawn(running.assignment):
            running.task.cancel()

    async def _execute(self, running: _Running, delivery: int) -> None:
        """Run one accepted job and send its answer to its origin node, chunk by chunk."""
        assignment = running.assignment
        job = assignment.job
        chunk_subject = subjects.results(job.origin_region, self.region, job.origin_node, job.job_id)
        seq = 0
        sent = self._remember(job.job_id, _Sent(job.origin_region, job.origin_node, chunk_subject, job.deadline))

        async def send(**fields: object) -> None:
            nonlocal seq
            chunk = ResultChunk(
                job_id=job.job_id, executor=self.region, node=self.node, delivery=delivery, seq=seq, **fields
            )
            seq += 1
            payload = chunk.encode()
            sent.chunks.append(payload)
            sent.finished = chunk.done
            # Unchecked: two round trips per token would slow the stream; the last chunk is checked.
            await self.connection.publish(chunk_subject, payload, checked=chunk.done)

        if job.deadline < time.time():
            await send(
                done=True,
                finish_reason="error",
                error="the job's deadline passed before it could run",
                error_code="expired",
            )
            await running.ack()
            self._executed(assignment, "expired")
            return
        started = time.perf_counter()  # as for a local request: rendering the template included
        try:
            # Bounded by the job's own deadline: an engine (or upstream server) that stops answering
            # does not hold the job, and its slot, past the time its origin waits for it.
            async with asyncio.timeout(max(0.0, job.deadline - time.time())):
                deltas = await self.engine.open(prompt_of(job), sampling_of(job.params), f"{job.job_id}-{delivery}")
                try:
                    await self._stream(deltas, send, started)
                finally:
                    await close_quietly(deltas)
        except TimeoutError:
            failure = ("the job's deadline passed while it ran", "expired", "expired")
        except SequenceFailed as exc:  # failed on its own: it would anywhere
            failure = (f"the engine failed: {exc}", "generation_failed", "failed")
        except InvalidParameter as exc:  # the context, or an upstream server's refusal: the request's own fault
            failure = (str(exc), _wire_code(exc), "refused")
        except RegionNodeError as exc:  # the engine is down or full: another region may run the job
            failure = (f"the engine failed: {exc}", "engine_failed", "failed")
        else:
            await running.ack()
            self._executed(assignment, "done")
            return
        error, code, outcome = failure
        await send(done=True, finish_reason="error", error=error, error_code=code)
        await running.ack()
        self._executed(assignment, outcome)

    async def _stream(
        self,
        deltas: AsyncIterator[Delta],
        send: Callable[..., Awaitable[None]],
        started: float,
    ) -> None:
        """Each delta to the origin as a chunk; the first carries the engine's own time to it."""
        first = True
        async for delta in deltas:
            ttft_ms = (time.perf_counter() - started) * 1000 if first else None
            first = False
            done = delta.finish_reason is not None
            await send(
                delta=delta.text,
                done=done,
                finish_reason=delta.finish_reason,
                prompt_tokens=delta.prompt_tokens,
                completion_tokens=delta.completion_tokens,
                engine_ttft_ms=ttft_ms,
            )
            if ttft_ms is not None:  # recorded once the first chunk is on its way
                self.latencies.append(ttft_ms)
                self.metrics.ttft.labels(where="executed").observe(ttft_ms / 1000)
            if done:
                return

    def _remember(self, job_id: str, sent: _Sent) -> _Sent:
        now = time.time()
        for done in [held for held, kept in self._sent.items() if kept.deadline < now]:
            del self._sent[done]  # its origin stopped waiting: nobody may ask for it again
        self._sent[job_id] = sent
        while len(self._sent) > RESEND_KEEP:
            self._sent.popitem(last=False)
        return sent

    async def _on_resend(self, msg: Message) -> None:
        """An origin heard nothing of its job's answer for a while: send again what was sent of it, from
        the chunk it asks for. Only the job's own origin node may ask, and only for its own job."""
        try:
            _, origin, origin_node, job_id = subjects.parse_resend(msg.subject)
        except ValueError:
            return  # the subscription's pattern admits nothing else
        try:
            self.connection.verify(msg, pki.node_identity(origin))
            request = decode(ResendRequest, msg.data)
        except (MessageRejected, PkiError, WireError) as exc:
            reason = getattr(exc, "reason", "malformed")
            self.metrics.rejected.labels(kind="resend request", reason=reason).inc()
            last = self._resend_rejections.get((origin, reason), 0.0)
            if time.monotonic() - last >= REJECTION_AUDIT_S:  # a peer cannot grow the audit log at will
                self._resend_rejections[(origin, reason)] = time.monotonic()
                self._reject_message("resend request", reason, sender=origin)
            return
        if request.job_id != job_id:
            return
        if request.withdraw:
            self._withdraw(origin, origin_node, job_id)
            return
        sent = self._sent.get(job_id)
        if sent is None or (sent.origin, sent.origin_node) != (origin, origin_node):
            return  # not a job this node ran for that origin node (another node of the region may have)
        if sent.deadline < time.time():
            del self._sent[job_id]
            return
        self.metrics.resent.inc()
        for payload in sent.chunks[request.from_seq :]:
            await self.connection.publish(sent.subject, payload, checked=False)

    def _executed(self, assignment: Assignment, outcome: str) -> None:
        self.metrics.jobs_executed.labels(outcome=outcome).inc()
        job, attestation = assignment.job, assignment.attestation
        # Filed under this region: a region speaks for its own part of a job (see `Coordinator.trace`).
        record = audit.JobRecord(
            self.region,
            self.node,
            job.job_id,
            data_class=job.data_class,
            model=job.model,
            policy_digest=attestation.policy_digest,
        )
        if outcome == "done":
            event = record.executed(self.region, attestation.pii_counts, attestation.payload_hash)
        else:
            event = record.failed(
                outcome, target=self.region, pii_counts=attestation.pii_counts, payload_hash=attestation.payload_hash
            )
        self.audit.emit(event)

    async def _on_audit_query(self, msg: Message) -> None:
        try:
            self.connection.verify(msg, subjects.COORDINATOR, subject=subjects.audit_request(self.region))
        except MessageRejected as exc:
            self._reject_message("audit query", exc.reason)
            return
        try:
            query = decode(AuditQuery, msg.data)
        except WireError:
            return
        events = await asyncio.to_thread(
            lambda: list(audit.iter_all(self.audit.store, audit.EventFilter(job_id=query.job_id)))
        )
        await self.connection.respond(msg, AuditAnswer(region=self.region, events=events).encode())

    def _reject_message(self, kind: str, reason: str, sender: str = subjects.COORDINATOR) -> None:
        """Drop a message that is not what it claims: counted and audited, never its payload. The claimed
        sender is the coordinator for jobs and audit questions, the asking origin for a resend request."""
        if kind != "resend request":  # counted by `_on_resend` itself, audited only now and then
            self.metrics.rejected.labels(kind=kind, reason=reason).inc()
        log.warning("dropped a %s that failed authentication: %s", kind, reason)
        self.audit.emit(
            audit.rejected(
                subjects.sender_name(sender), node=self.node, what=kind, reason=reason, at_region=self.region
            )
        )


def _wire_code(error: InvalidParameter) -> Literal["context_length_exceeded", "invalid_request"]:
    """How a refusal of the request itself travels to its origin, which answers its client with 400."""
    return "context_length_exceeded" if isinstance(error, ContextLengthExceeded) else "invalid_request"
