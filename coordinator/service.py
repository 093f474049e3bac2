"""The coordinator: routes jobs between regions over NATS, re-checking the policy for every job.

It never sees raw personal data (only what the origin's policy let leave, transformed) and never
holds a vault. Jobs go through JetStream (work-queue stream `JOBS`, one durable pull consumer per
region), so a job survives a coordinator restart and is redelivered if a node dies before its ack.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path

import nats.js.api as jsapi
from nats.aio.msg import Msg
from nats.js import JetStreamContext
from nats.js.errors import NotFoundError

import audit
from federation import FabricConnection, Identity, MessageRejected, PkiError, WireError, pki, subjects
from federation.messages import (
    Assignment,
    AuditAnswer,
    AuditQuery,
    Heartbeat,
    JobRequest,
    ResultChunk,
    Submission,
    SubmitReply,
    decode,
)
from policy import Decision, Policy, PolicyError

from .metrics import CoordinatorMetrics
from .registry import Registry
from .routing import PrefixAffinity, Ranking, Route, choose, rank

log = logging.getLogger(__name__)
COORDINATOR = subjects.COORDINATOR


@dataclass
class Coordinator:
    """One coordinator process. `await start()`, then it serves until `await stop()`."""

    nats_url: str
    pki_dir: Path
    policy: Policy
    audit: audit.AuditWriter
    metrics: CoordinatorMetrics = field(default_factory=CoordinatorMetrics)
    heartbeat_ttl_s: float = 6.0
    ack_wait_s: float = 30.0
    max_deliver: int = 3
    watch_interval_s: float = 1.0
    trace_timeout_s: float = 2.0
    registry: Registry = field(init=False)
    affinity: PrefixAffinity = field(default_factory=PrefixAffinity)
    connection: FabricConnection = field(init=False)
    started_at: float = 0.0
    _js: JetStreamContext | None = None
    _ranking: Ranking | None = None
    _tasks: list[asyncio.Task[None]] = field(default_factory=list)
    _submitted: dict[str, float] = field(default_factory=dict)
    """Job ids submitted recently, until when: a replayed submission is refused, not routed twice."""

    def __post_init__(self) -> None:
        self.registry = Registry(self.heartbeat_ttl_s)
        self.connection = FabricConnection(Identity(COORDINATOR, self.pki_dir))

    # -- life cycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        await self.connection.connect([self.nats_url], max_reconnect_attempts=-1, reconnect_time_wait=0.5)
        self._js = self.connection.client.jetstream()
        await self._ensure_stream()
        await self.connection.subscribe(subjects.HEARTBEAT_ANY, cb=self._on_heartbeat)
        await self.connection.subscribe(subjects.SUBMIT_ANY, cb=self._on_submit)
        self.started_at = time.time()
        self._tasks.append(asyncio.create_task(self._watch(), name="coordinator-watchdog"))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()
        await self.connection.close()

    @property
    def js(self) -> JetStreamContext:
        if self._js is None:
            raise RuntimeError("the coordinator is not started")
        return self._js

    async def _ensure_stream(self) -> None:
        config = jsapi.StreamConfig(
            name=subjects.STREAM,
            subjects=["fed.jobs.*"],
            retention=jsapi.RetentionPolicy.WORK_QUEUE,
            storage=jsapi.StorageType.FILE,
            duplicate_window=120.0,
        )
        try:
            await self.js.stream_info(subjects.STREAM)
            await self.js.update_stream(config)
        except NotFoundError:
            await self.js.add_stream(config)
        for region in self.policy.regions:
            await self.js.add_consumer(
                subjects.STREAM,
                jsapi.ConsumerConfig(
                    durable_name=subjects.consumer(region),
                    filter_subject=subjects.jobs(region),
                    ack_policy=jsapi.AckPolicy.EXPLICIT,
                    ack_wait=self.ack_wait_s,
                    max_deliver=-1,  # the coordinator, not JetStream, gives up on a job (see _watch)
                    deliver_policy=jsapi.DeliverPolicy.ALL,
                ),
            )

    # -- heartbeats ------------------------------------------------------------------------------

    async def _on_heartbeat(self, msg: Msg) -> None:
        region = msg.subject.split(".")[2]
        try:
            self.connection.verify(msg, pki.node_identity(region))
        except (MessageRejected, PkiError) as exc:
            self._rejected("heartbeat", exc, region)
            return
        try:
            beat = decode(Heartbeat, msg.data)
        except WireError as exc:
            log.warning("ignored a malformed heartbeat on %s: %s", msg.subject, exc)
            return
        if msg.subject != subjects.heartbeat(beat.region, beat.node):
            log.warning("ignored a heartbeat for %s/%s sent on %s", beat.region, beat.node, msg.subject)
            return
        if not self.registry.observe(beat, time.time()):
            self._rejected("heartbeat", MessageRejected("not newer than the last one", "stale"), region)

    # -- submissions -----------------------------------------------------------------------------

    async def _on_submit(self, msg: Msg) -> None:
        started = time.perf_counter()
        try:
            origin = subjects.origin_of_submission(msg.subject)
        except ValueError:
            log.warning("ignored a submission on %s, which names no region", msg.subject)
            return
        try:
            self.connection.verify(msg, pki.node_identity(origin))
        except MessageRejected as exc:
            self._rejected("submission", exc, origin)
            return
        reply = await self.submit(msg.data, origin=origin)
        self.metrics.routing_latency.observe(time.perf_counter() - started)
        await self.connection.respond(msg, reply.encode())

    def _rejected(self, kind: str, exc: Exception, region: str, job_id: str | None = None) -> None:
        """A message that failed authentication: dropped, counted and audited (never its payload)."""
        reason = exc.reason if isinstance(exc, MessageRejected) else "malformed"
        self.metrics.rejected.labels(kind=kind, reason=reason).inc()
        log.warning("dropped a %s from %s: %s", kind, region, exc)
        self.audit.emit(
            audit.Event(
                audit.EventKind.REJECTED,
                region=region if subjects.is_token(region) else "unknown",  # the claimed sender
                node=COORDINATOR,
                job_id=job_id,
                reason=f"{kind}: {reason}",
            )
        )

    async def submit(self, data: bytes, *, origin: str) -> SubmitReply:
        """Check, route and enqueue one job submitted by `origin` (the region the broker bound to the
        submission's subject); the reply says where it went or why not."""
        try:
            submission = decode(Submission, data)
        except WireError as exc:
            self.metrics.refused.labels(code="invalid").inc()
            return SubmitReply(job_id="", accepted=False, reason=str(exc), code="invalid")
        job = submission.job
        if not self._first_submission(job.job_id):
            return self._refuse(job, f"job {job.job_id} was already submitted; a job is routed once", "invalid")
        if job.origin_region != origin:
            # A region claiming to be another: audited under the region that really sent it.
            return self._refuse(
                job.model_copy(update={"origin_region": origin}),
                f"submitted by {origin} but claims origin {job.origin_region}; a region submits only its own jobs",
                "invalid",
            )
        if job.deadline < time.time():
            return self._refuse(job, "the job's deadline has already passed", "refused")
        if submission.attestation.policy_digest != self.policy.digest:
            return self._refuse(
                job,
                f"the origin decided under policy {submission.attestation.policy_digest}, the coordinator holds"
                f" {self.policy.digest}; both must run the same policy",
                "refused",
            )
        try:
            decision = self.policy.decide(
                job.origin_region,
                job.data_class,
                job.model,
                consent=job.consent,
                purpose=job.purpose,
                tenant=job.tenant,
            )
        except PolicyError as exc:
            return self._refuse(job, str(exc), "invalid")
        route = self._route(
            job,
            decision,
            frozenset(submission.attestation.transforms),
            {job.origin_region, *submission.exclude_regions},
        )
        if route.region is None:
            code = "refused" if route.reason.startswith("refused") else "no_region"
            return self._refuse(job, route.reason, code, decision=decision)
        await self._enqueue(
            Assignment(
                job=job,
                attestation=submission.attestation,
                target_region=route.region,
                attempt=1,
                routed_at=time.time(),
            )
        )
        self.affinity.record(job.prefix_hash, route.region)
        self.metrics.routed.labels(target=route.region).inc()
        self.audit.emit(
            audit.Event(
                audit.EventKind.ROUTED,
                region=job.origin_region,
                node=COORDINATOR,
                job_id=job.job_id,
                decision=audit.Decision.ALLOWED,
                policy_digest=decision.policy_digest,
                rule=decision.rule,
                data_class=job.data_class,
                target_region=route.region,
                model=job.model,
                pii_counts=submission.attestation.pii_counts,
                payload_hash=submission.attestation.payload_hash,
                reason=route.reason,
            )
        )
        return SubmitReply(job_id=job.job_id, accepted=True, target_region=route.region, reason=route.reason)

    def _first_submission(self, job_id: str) -> bool:
        """False for a job id seen within the window a signature stays fresh (a replayed submission)."""
        now = time.time()
        if len(self._submitted) > 10_000 or (self._submitted and next(iter(self._submitted.values())) < now):
            self._submitted = {j: until for j, until in self._submitted.items() if until >= now}
        if job_id in self._submitted:
            return False
        self._submitted[job_id] = now + self.connection.verifier.max_age_s + self.connection.verifier.skew_s
        return True

    def _route(self, job: JobRequest, decision: Decision, attested: frozenset[str], exclude: set[str]) -> Route:
        loads = self.registry.regions(time.time())
        if self._ranking is None or self._ranking.loads is not loads:
            self._ranking = rank(loads)
        return choose(
            decision.required_transforms,
            attested,
            job.model,
            self._ranking,
            exclude=frozenset(exclude),
            affinity_region=self.affinity.get(job.prefix_hash),
        )

    def _refuse(self, job: JobRequest, reason: str, code: str, *, decision: Decision | None = None) -> SubmitReply:
        self.metrics.refused.labels(code=code).inc()
        self.audit.emit(
            audit.Event(
                audit.EventKind.REFUSED,
                region=job.origin_region,
                node=COORDINATOR,
                job_id=job.job_id,
                decision=audit.Decision.DENIED,
                policy_digest=decision.policy_digest if decision else self.policy.digest,
                rule=decision.rule if decision else None,
                data_class=job.data_class,
                model=job.model,
                reason=reason[:400],
            )
        )
        return SubmitReply(job_id=job.job_id, accepted=False, reason=reason, code=code)

    async def _enqueue(self, assignment: Assignment) -> None:
        # The message id makes a retried publish of the same attempt a no-op (JetStream dedupe).
        msg_id = f"{assignment.job.job_id}-{assignment.attempt}"
        subject, payload = subjects.jobs(assignment.target_region), assignment.encode()
        await self.js.publish(
            subject, payload, headers={"Nats-Msg-Id": msg_id, **self.connection.signed(subject, payload)}
        )

    # -- jobs stuck in a region without live nodes -----------------------------------------------

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.watch_interval_s)
            try:
                await self.rescue_stranded()
            except Exception:
                log.exception("checking for stranded jobs failed; retrying in %.1f s", self.watch_interval_s)

    async def rescue_stranded(self) -> int:
        """Re-route (or fail, with a reason) jobs queued in regions that have no live node."""
        now = time.time()
        if now - self.started_at < self.heartbeat_ttl_s:
            return 0  # nodes may not have announced themselves yet
        live = self.registry.regions(now)
        moved = 0
        for region in self.policy.regions:
            if region in live:
                continue
            info = await self.js.consumer_info(subjects.STREAM, subjects.consumer(region))
            if not (info.num_pending or info.num_ack_pending):
                continue
            subscription = await self.js.pull_subscribe_bind(subjects.consumer(region), subjects.STREAM)
            try:
                while True:
                    try:
                        messages = await subscription.fetch(10, timeout=0.5)
                    except TimeoutError:
                        break
                    for message in messages:
                        await self._rescue(region, message)
                        moved += 1
            finally:
                await subscription.unsubscribe()
        return moved

    async def _rescue(self, dead_region: str, message: Msg) -> None:
        try:
            # Only a job this coordinator queued for that region is moved and signed again.
            self.connection.verify(message, COORDINATOR, subject=subjects.jobs(dead_region), fresh=False)
            assignment = decode(Assignment, message.data)
            if assignment.target_region != dead_region:
                raise MessageRejected(f"a job for {assignment.target_region} in {dead_region}'s queue", "wrong_queue")
        except (MessageRejected, WireError) as exc:
            self._rejected("queued job", exc, dead_region)
            await message.term()
            return
        job = assignment.job
        self.metrics.redelivered.labels(region=dead_region).inc()
        decision = self.policy.decide(
            job.origin_region, job.data_class, job.model, consent=job.consent, purpose=job.purpose, tenant=job.tenant
        )
        attested = frozenset(assignment.attestation.transforms)
        route = self._route(job, decision, attested, {job.origin_region, dead_region})
        if job.deadline > time.time() and route.region is not None:
            moved = Assignment(
                job=job,
                attestation=assignment.attestation,
                target_region=route.region,
                attempt=assignment.attempt + 1,
                routed_at=time.time(),
            )
            # The origin accepts answers only from the region it was told: tell it the job moved before
            # the job can run there, so the notice is ahead of the new target's first chunk on the hub.
            notice = ResultChunk(
                job_id=job.job_id, executor=COORDINATOR, seq=0, reassigned_to=route.region, attempt=moved.attempt
            )
            await self.connection.publish(
                subjects.results(job.origin_region, COORDINATOR, job.origin_node, job.job_id), notice.encode()
            )
            await self._enqueue(moved)
            kind, reason = audit.EventKind.REDELIVERED, f"{dead_region} has no live node; re-routed to {route.region}"
        else:
            why = "its deadline passed" if job.deadline <= time.time() else route.reason
            reason = f"{dead_region} has no live node and the job could not be re-routed: {why}"
            kind = audit.EventKind.FAILED
            failure = ResultChunk(
                job_id=job.job_id, executor=COORDINATOR, seq=0, done=True, finish_reason="error", error=reason
            )
            await self.connection.publish(
                subjects.results(job.origin_region, COORDINATOR, job.origin_node, job.job_id), failure.encode()
            )
        await message.ack()
        self.audit.emit(
            audit.Event(
                kind,
                region=job.origin_region,
                node=COORDINATOR,
                job_id=job.job_id,
                target_region=route.region,
                data_class=job.data_class,
                model=job.model,
                reason=reason[:400],
                policy_digest=decision.policy_digest,
            )
        )

    # -- audit trace -----------------------------------------------------------------------------

    async def trace(self, job_id: str) -> list[dict[str, object]]:
        """Every region's own audit events for one job, with the coordinator's, oldest first."""
        own = list(audit.iter_all(self.audit.store, audit.EventFilter(job_id=job_id)))
        query = AuditQuery(job_id=job_id).encode()

        async def ask(region: str) -> list[dict[str, object]]:
            try:
                answer = await self.connection.request(
                    subjects.audit_request(region),
                    query,
                    timeout=self.trace_timeout_s,
                    responder=pki.node_identity(region),
                )
                events = decode(AuditAnswer, answer.data).events
                # A region speaks for its own events only.
                return [event for event in events if event.get("region") == region]
            except MessageRejected as exc:
                self._rejected("audit answer", exc, region, job_id)
                return [{"region": region, "kind": "unavailable", "reason": f"answer rejected: {exc.reason}"}]
            except Exception as exc:
                return [{"region": region, "kind": "unavailable", "reason": f"no answer: {type(exc).__name__}"}]

        answers = await asyncio.gather(*(ask(region) for region in self.policy.regions))
        events = own + [event for answer in answers for event in answer]
        return sorted(events, key=lambda e: str(e.get("time", "")))
