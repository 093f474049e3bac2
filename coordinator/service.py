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
from collections.abc import Container
from dataclasses import dataclass, field
from pathlib import Path

import audit
from audit import WITNESS_INTERVAL_S
from federation import FabricConnection, Identity, MessageRejected, PkiError, WireError, pki, subjects
from federation.fabric import Fabric, Message, QueuedJob
from federation.messages import (
    Assignment,
    AuditHead,
    Catalogue,
    Heartbeat,
    JobRequest,
    ResultChunk,
    SubmitReply,
    decode,
)
from policy import Policy, WatchedPolicy

from . import traces
from .admission import Admitted, Refusal, RefusalKind, admit, decide
from .metrics import CoordinatorMetrics
from .publications import Publications
from .registry import Registry
from .routing import PrefixAffinity, Ranking, choose, rank

log = logging.getLogger(__name__)
COORDINATOR = subjects.COORDINATOR


@dataclass
class Coordinator:
    """One coordinator process. `await start()`, then it serves until `await stop()`. On nats-server at
    `nats_url` by default; pass `fabric` (connected) to run on another (`federation.memory` in tests)."""

    nats_url: str
    pki_dir: Path
    policy: Policy
    audit: audit.AuditWriter
    metrics: CoordinatorMetrics = field(default_factory=CoordinatorMetrics)
    heartbeat_ttl_s: float = 6.0
    ack_wait_s: float = 10.0
    watch_interval_s: float = 1.0
    catalogue_interval_s: float = 2.0
    jetstream_replicas: int = 1
    """Copies of the job stream and the ledger: 3 on a clustered hub."""
    policy_source: WatchedPolicy | None = None
    """The policy's file, when it may be replaced while running (a rolling policy change), by a new file or
    by a version an admin published through the fabric, which this coordinator relays to the regions."""
    policy_relay_interval_s: float = 10.0
    """How often the published policy is sent to every region again (regions that started since, or missed
    it); a new publication is sent at once."""
    trace_timeout_s: float = 2.0
    witness_interval_s: float = WITNESS_INTERVAL_S
    registry: Registry = field(init=False)
    affinity: PrefixAffinity = field(default_factory=PrefixAffinity)
    fabric: Fabric | None = None
    started_at: float = 0.0
    _ranking: Ranking | None = None
    _tasks: list[asyncio.Task[None]] = field(default_factory=list)
    _witnessed: dict[str, tuple[int, float]] = field(default_factory=dict)
    """Per region writer, the sequence number last witnessed, and when (monotonic)."""
    publications: Publications | None = None
    """What an admin published through the fabric, followed and relayed once started (with a `policy_source`)."""
    _submitted: dict[str, float] = field(default_factory=dict)
    """Job ids submitted recently, until when: a replayed submission is refused, not routed twice."""
    _stopping: bool = False
    """Set by `stop`: the background loops end at their next turn even where a cancellation was lost. Python
    3.11's `asyncio.wait_for` (under every nats-py request) returns an answer that came as its task was cancelled
    and drops the cancellation."""

    def __post_init__(self) -> None:
        self.registry = Registry(self.heartbeat_ttl_s)

    @property
    def connection(self) -> Fabric:
        if self.fabric is None:
            raise RuntimeError("the coordinator is not started")
        return self.fabric

    # -- life cycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        if self.fabric is None:
            nats = FabricConnection(Identity(COORDINATOR, self.pki_dir))
            servers = [url.strip() for url in self.nats_url.split(",") if url.strip()]  # every hub server
            self.fabric = await nats.connect(servers, max_reconnect_attempts=-1, reconnect_time_wait=0.5)
        await self.connection.declare_job_queues(
            self.policy.regions, ack_wait_s=self.ack_wait_s, replicas=self.jetstream_replicas
        )
        if self.policy_source is not None:
            self.publications = Publications(self.connection, self.policy_source, rejected=self._rejected)
        try:
            await self._look_for_a_new_policy()  # a published policy rules from the first job on
        except Exception:
            log.exception("could not read the published policy; the policy file rules until it can")
        await self.connection.subscribe(subjects.HEARTBEAT_ANY, cb=self._on_heartbeat)
        await self._warm_up()
        # One coordinator of the group handles each submission; every one hears every routing (affinity).
        await self.connection.subscribe(subjects.SUBMIT_ANY, cb=self._on_submit, queue=subjects.COORDINATORS)
        await self.connection.subscribe(subjects.JOBS_ANY, cb=self._on_routed)
        self.started_at = time.time()
        self._tasks.append(asyncio.create_task(self._watch(), name="coordinator-watchdog"))
        self._tasks.append(asyncio.create_task(self._announce(), name="coordinator-catalogue"))

    async def _warm_up(self) -> None:
        """Before taking submissions, hear the regions: a coordinator that has just started knows no live
        node, and would refuse jobs as if no region could serve them. It waits until every region of the
        policy was heard or half a heartbeat TTL passed (regions beat several times per TTL); meanwhile the
        other coordinators take the submissions, or the regions ask again."""
        deadline = time.monotonic() + self.heartbeat_ttl_s / 2
        while time.monotonic() < deadline:
            if set(self.policy.regions) <= set(self.registry.regions(time.time())):
                return
            await asyncio.sleep(0.05)

    async def stop(self) -> None:
        self._stopping = True
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()
        if self.fabric is not None:
            await self.fabric.close()

    # -- heartbeats ------------------------------------------------------------------------------

    async def _on_heartbeat(self, msg: Message) -> None:
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
            return
        if beat.audit_head is not None:
            self._witness(beat.region, beat.node, beat.audit_head)

    def _witness(self, region: str, node: str, reported: AuditHead) -> None:
        """Record a region writer's audit head in this coordinator's own chain, outside the region's store:
        at most every `witness_interval_s` per writer while it moves (`audit._witness`). A node speaks only
        for its own writer."""
        if reported.writer != f"{region}/{node}":
            self._rejected("heartbeat", MessageRejected(f"reports {reported.writer}'s audit head", "not_own"), region)
            return
        now = time.monotonic()
        last = self._witnessed.get(reported.writer)
        if last is not None and (last[0] >= reported.seq or now - last[1] < self.witness_interval_s):
            return
        self._witnessed[reported.writer] = (reported.seq, now)
        self.audit.emit(audit.witnessed(region, node, audit.Head(reported.writer, reported.seq, reported.hash)))

    # -- submissions -----------------------------------------------------------------------------

    async def _on_submit(self, msg: Message) -> None:
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
        with traces.route_span(msg, origin) as routing:
            reply = await self.submit(msg.data, origin=origin)
            if routing is not None:
                routing.set_attribute("fedinfer.target_region", reply.target_region or "none")
        self.metrics.routing_latency.observe(time.perf_counter() - started)
        await self.connection.respond(msg, reply.encode())

    def _rejected(self, kind: str, exc: Exception, region: str, job_id: str | None = None) -> None:
        """A message that failed authentication: dropped, counted and audited (never its payload)."""
        reason = exc.reason if isinstance(exc, MessageRejected) else "malformed"
        self.metrics.rejected.labels(kind=kind, reason=reason).inc()
        log.warning("dropped a %s from %s: %s", kind, region, exc)
        self.audit.emit(
            audit.rejected(subjects.sender_name(region), node=COORDINATOR, what=kind, reason=reason, job_id=job_id)
        )

    async def submit(self, data: bytes, *, origin: str) -> SubmitReply:
        """Check, route and enqueue one job submitted by `origin` (the region the broker bound to the
        submission's subject); the reply says where it went or why not. `admit` decides; this does the I/O."""
        now = time.time()
        result = self._admit(data, origin, now, recent=self._recent(now))
        if isinstance(result, Refusal) and result.kind is RefusalKind.POLICY_MISMATCH:
            # Perhaps decided under a version this coordinator has yet to load: look, then decide again, also
            # when another look (the watchdog's) took that version into force while this one waited for it.
            await self._look_for_a_new_policy()
            result = self._admit(data, origin, now, recent=self._recent(now))
            mismatched = isinstance(result, Refusal) and result.kind is RefusalKind.POLICY_MISMATCH
            if mismatched and self.publications is not None:
                await self.publications.relay_to_behind(origin)
        if result.job is not None:
            # Remembered even when refused: a replay of it is refused as one, whatever else is wrong.
            window = self.connection.verifier.max_age_s + self.connection.verifier.skew_s
            self._submitted.setdefault(result.job.job_id, now + window)
        if isinstance(result, Refusal) and result.kind is RefusalKind.REPLAYED and result.job is not None:
            # Its origin asking again (its first answer lost, or this coordinator slow): answered as the
            # job was routed, or, when it was not (yet), decided afresh; the ledger routes it once either way.
            recorded = await self.connection.routed_submission(result.job.job_id)
            if recorded is not None:
                return await self._routed_before(recorded, origin)
            result = self._admit(data, origin, now, recent=())
        if isinstance(result, Refusal):
            return self._refuse(result)
        job, attestation, decision = result.job, result.submission.attestation, result.decision
        assignment = Assignment(
            job=job, attestation=attestation, target_region=result.target_region, attempt=1, routed_at=time.time()
        )
        recorded = await self.connection.claim_submission(job.job_id, assignment.encode())
        if recorded is not None:  # another coordinator (or this one) routed it first: answered as it was
            return await self._routed_before(recorded, origin)
        await self._enqueue(assignment)
        self.affinity.record(job.prefix_hash, result.target_region)
        self.metrics.routed.labels(target=result.target_region).inc()
        record = _record(job, decision.policy_digest, decision.rule)
        self.audit.emit(
            record.routed(result.target_region, attestation.pii_counts, attestation.payload_hash, result.reason)
        )
        return SubmitReply(job_id=job.job_id, accepted=True, target_region=result.target_region, reason=result.reason)

    def _admit(self, data: bytes, origin: str, now: float, *, recent: Container[str]) -> Admitted | Refusal:
        accepts = self.policy_source.accepts if self.policy_source is not None else None
        return admit(
            data,
            origin=origin,
            policy=self.policy,
            now=now,
            ranking=self._ranking_at(now),
            recent=recent,
            affinity=self.affinity.get,
            accepts=accepts,
        )

    async def _look_for_a_new_policy(self) -> None:
        """Take a new version of the policy into force, published or in the file, if there is one (checked every
        watch interval, and at once when a region submits under a digest this coordinator does not know: it may
        be the newer, published and relayed by another coordinator)."""
        if self.policy_source is None:
            return
        if self.publications is not None and await self.publications.follow(self._in_force):
            return
        if self.policy_source.check():
            await self._in_force(self.policy_source.current)

    async def _in_force(self, fresh: Policy) -> None:
        """Route under `fresh` from now on; a region it adds gets its job queue first."""
        if set(fresh.regions) - set(self.policy.regions):
            await self.connection.declare_job_queues(
                fresh.regions, ack_wait_s=self.ack_wait_s, replicas=self.jetstream_replicas
            )
        self.policy = fresh

    async def _routed_before(self, recorded: bytes, origin: str) -> SubmitReply:
        """The answer to a submission already routed (a region's retry after a lost answer, or a coordinator
        that died after routing it): the same target, its job queued again under the same dedupe id, so
        that it is in its queue once, whether or not the first enqueue happened."""
        first = decode(Assignment, recorded)
        if first.job.origin_region != origin:  # only its own origin may learn where a job went
            return SubmitReply(job_id=first.job.job_id, accepted=False, reason="not this region's job", code="invalid")
        await self._enqueue(first)
        target = first.target_region
        decision = decide(self.policy, first.job)
        reason = f"routed to {target} before; answered again (the origin's retry, or a coordinator gone)"
        attestation = first.attestation
        self.audit.emit(
            _record(first.job, decision.policy_digest, decision.rule).routed(
                target, attestation.pii_counts, attestation.payload_hash, reason
            )
        )
        return SubmitReply(job_id=first.job.job_id, accepted=True, target_region=target, reason=reason)

    async def _on_routed(self, msg: Message) -> None:
        """Every coordinator's routing, to learn which region serves which prompt prefix: the affinity is the
        group's, not one process's."""
        try:
            self.connection.verify(msg, COORDINATOR, fresh=False)
            assignment = decode(Assignment, msg.data)
        except (MessageRejected, PkiError, WireError):
            return  # only coordinators may publish jobs; anything else is not ours to learn from
        self.affinity.record(assignment.job.prefix_hash, assignment.target_region)

    def _recent(self, now: float) -> dict[str, float]:
        """Job ids submitted within the window a signature stays fresh, until when. Entries are added in
        time order, so the expired ones are at the front: pruning costs only what it removes."""
        while self._submitted:
            oldest, until = next(iter(self._submitted.items()))
            if until >= now:
                break
            del self._submitted[oldest]
        return self._submitted

    def _ranking_at(self, now: float) -> Ranking:
        loads = self.registry.regions(now)
        if self._ranking is None or self._ranking.loads is not loads:
            self._ranking = rank(loads)
        return self._ranking

    def _refuse(self, refusal: Refusal) -> SubmitReply:
        self.metrics.refused.labels(code=refusal.code).inc()
        job, decision = refusal.job, refusal.decision
        if job is None:  # not even a job: nothing to audit it under
            return SubmitReply(job_id="", accepted=False, reason=refusal.reason, code=refusal.code)
        digest, rule = (decision.policy_digest, decision.rule) if decision else (self.policy.digest, None)
        self.audit.emit(_record(job, digest, rule).refused(refusal.reason))
        return SubmitReply(job_id=job.job_id, accepted=False, reason=refusal.reason, code=refusal.code)

    async def _enqueue(self, assignment: Assignment) -> None:
        # The id makes a retried enqueue of the same attempt a no-op.
        dedupe_id = f"{assignment.job.job_id}-{assignment.attempt}"
        await self.connection.enqueue_job(assignment.target_region, assignment.encode(), dedupe_id=dedupe_id)

    # -- what can be served now ------------------------------------------------------------------

    def catalogue(self, region: str, now: float) -> Catalogue:
        """What `region` could offload to now: the live regions with healthy nodes that its policy lets it
        use for some request, and their models (no region learns of the others)."""
        reachable = self.policy.reachable(region)
        live = {
            other: sorted(load.models)
            for other, load in self.registry.regions(now).items()
            if other != region and other in reachable
        }
        return Catalogue(regions=live, sent_at=now)

    async def _announce(self) -> None:
        """Tell every region, every `catalogue_interval_s`, what it can offload to now. Started once the
        coordinator is warm: a catalogue sent before it heard the regions would say that none is live."""
        relayed = time.monotonic()
        while not self._stopping:
            await asyncio.sleep(self.catalogue_interval_s)
            if time.monotonic() - relayed >= self.policy_relay_interval_s:
                relayed = time.monotonic()
                if self.publications is not None:
                    await self.publications.relay(self.policy.regions)
            for region in self.policy.regions:
                payload = self.catalogue(region, time.time()).encode()
                try:
                    await self.connection.publish(subjects.catalogue(region), payload, checked=False)
                except Exception:
                    log.warning(
                        "could not send the catalogue to %s; retrying in %.1f s", region, self.catalogue_interval_s
                    )

    # -- jobs stuck in a region without live nodes -----------------------------------------------

    async def _watch(self) -> None:
        while not self._stopping:
            await asyncio.sleep(self.watch_interval_s)
            try:
                await self._look_for_a_new_policy()
            except Exception:  # the watchdog goes on whatever the file or the bucket did
                log.exception("checking for a new policy failed; retrying in %.1f s", self.watch_interval_s)
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
            if not await self.connection.jobs_queued(region):
                continue
            puller = await self.connection.job_puller(region)
            try:
                # Looked at again before each batch: a region back while its queue is emptied keeps the
                # rest, for its own nodes; a job routed there since is not stranded.
                while region not in self.registry.regions(time.time()):
                    try:
                        messages = await puller.fetch(10, timeout=0.5)
                    except TimeoutError:
                        break
                    for message in messages:
                        await self._rescue(region, message)
                        moved += 1
            finally:
                await puller.close()
        return moved

    async def _rescue(self, dead_region: str, message: QueuedJob) -> None:
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
        decision = decide(self.policy, job)
        record = _record(job, decision.policy_digest, decision.rule)
        route = choose(
            decision.required_transforms,
            frozenset(assignment.attestation.transforms),
            job.model,
            self._ranking_at(time.time()),
            exclude=frozenset({job.origin_region, dead_region}),
            affinity_region=self.affinity.get(job.prefix_hash),
        )
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
            event = record.redelivered(route.region, f"{dead_region} has no live node; re-routed to {route.region}")
        else:
            why = "its deadline passed" if job.deadline <= time.time() else route.reason
            reason = f"{dead_region} has no live node and the job could not be re-routed: {why}"
            event = record.failed(reason)
            failure = ResultChunk(
                job_id=job.job_id, executor=COORDINATOR, seq=0, done=True, finish_reason="error", error=reason
            )
            await self.connection.publish(
                subjects.results(job.origin_region, COORDINATOR, job.origin_node, job.job_id), failure.encode()
            )
        await message.ack()
        self.audit.emit(event)

    # -- audit trace -----------------------------------------------------------------------------

    async def trace(self, job_id: str) -> list[dict[str, object]]:
        """Every region's own audit events for one job, with the coordinator's, oldest first."""
        return await traces.audit_timeline(
            lambda: self.connection,  # asked per region: a coordinator not started still shows its own events
            self.audit.store,
            self.policy.regions,
            job_id,
            timeout_s=self.trace_timeout_s,
            rejected=self._rejected,
        )


def _record(job: JobRequest, policy_digest: str, rule: str | None) -> audit.JobRecord:
    """The coordinator's view of a job, for its audit events: the origin's data, decided under `rule`."""
    return audit.JobRecord(
        job.origin_region,
        COORDINATOR,
        job.job_id,
        data_class=job.data_class,
        model=job.model,
        policy_digest=policy_digest,
        rule=rule,
    )
