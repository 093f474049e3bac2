"""The egress path: a prompt leaves its region only pseudonymised as the policy requires, goes to the
coordinator, and its answer streams back through the restorer. The vault stays in this request."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field

import audit
import pii
from federation import MessageRejected, NoResponders, PkiError, WireError, pki, subjects, tracing
from federation.fabric import Fabric, Message, Subscription
from federation.messages import (
    Attestation,
    ChatMessage,
    JobRequest,
    ResendRequest,
    ResultChunk,
    Submission,
    SubmitReply,
    decode,
)
from policy import Decision

from .answers import AnswerAssembler
from .engines import Delta
from .errors import (
    AuditUnavailable,
    CoordinatorRefused,
    CoordinatorUnauthenticated,
    CoordinatorUnavailable,
    DeadlinePassed,
    NoAllowedRegion,
    PiiDetectionFailed,
    PromptTooLarge,
    RegionNodeError,
    RemoteJobFailed,
)
from .metrics import RegionMetrics
from .requests import Outbound, wire_params

log = logging.getLogger(__name__)
COORDINATOR = subjects.COORDINATOR
RESEND_AFTER_S = 2.0
"""Silence on an offloaded answer after which its origin asks for it again (`_ask_again`)."""
ROUTE_GAP_S = 2.0
"""How long "nobody answers" is taken for a link being re-made rather than for no coordinator at all."""


class _AnswerStream:
    """An offloaded answer's deltas. Closed before it was read at all (a client gone before the body began),
    it withdraws the job: the generator under it never started, so its own `finally` cannot."""

    def __init__(self, deltas: AsyncGenerator[Delta, None], withdraw: Callable[[], None]) -> None:
        self._deltas, self._withdraw, self._started = deltas, withdraw, False

    def __aiter__(self) -> _AnswerStream:
        return self

    async def __anext__(self) -> Delta:
        self._started = True
        return await anext(self._deltas)

    async def aclose(self) -> None:
        if not self._started:
            self._started = True
            self._withdraw()
        await self._deltas.aclose()


@dataclass
class Offloaded:
    """A job the coordinator accepted: where it runs, and its restored answer as it streams."""

    target_region: str
    redaction_ms: float
    pii_counts: dict[str, int]
    deltas: AsyncIterator[Delta] = field(init=False)
    engine_ttft_ms: float | None = None
    """The executing engine's own time to the first token, once the first chunk has arrived."""


@dataclass(frozen=True, slots=True)
class _Waiting:
    """An answer this node waits for: its chunks as they arrive, and until when it waits."""

    chunks: asyncio.Queue[ResultChunk]
    deadline: float


@dataclass(frozen=True, slots=True)
class _Prepared:
    """A job ready to leave: its encoded submission, and what stays home (the vault)."""

    submission: bytes
    vault: pii.Vault
    counts: dict[str, int]
    redaction_ms: float


class Egress:
    def __init__(
        self,
        connection: Fabric,
        *,
        region: str,
        node: str,
        redactor: pii.Redactor,
        audit_writer: audit.AuditWriter,
        submit_timeout_s: float,
        metrics: RegionMetrics,
    ) -> None:
        self.connection = connection
        self.region = region
        self.node = node
        self.redactor = redactor
        self.audit = audit_writer
        self.submit_timeout_s = submit_timeout_s
        self.metrics = metrics
        self._waiting: dict[str, _Waiting] = {}
        self._answers: Subscription | None = None
        self._audited_rejections: dict[tuple[str | None, str, str], None] = {}
        self._withdrawals: set[asyncio.Task[bool]] = set()

    async def start(self) -> None:
        """Listen, once, for every answer this node will get back. One subscription for all jobs: one
        per job would cost a subscribe and an unsubscribe on the leaf and the hub for each offload."""
        self._answers = await self.connection.subscribe(
            subjects.results_to_node(self.region, self.node), cb=self._receive
        )

    async def _receive(self, msg: Message) -> None:
        try:
            _, executor, _, job_id = subjects.parse_results(msg.subject)
        except ValueError:
            return  # the subscription's pattern admits nothing else
        waiting = self._waiting.get(job_id)
        if waiting is None:
            return  # a late chunk of an answer this node stopped waiting for (failed or past its deadline)
        try:
            self.connection.verify(msg, COORDINATOR if executor == COORDINATOR else pki.node_identity(executor))
        except MessageRejected as exc:
            self._reject_message("result chunk", exc.reason, executor, job_id)
            return
        except PkiError:
            self._reject_message("result chunk", "bad_subject", "unknown", job_id)
            return
        try:
            chunk = decode(ResultChunk, msg.data)
        except WireError as exc:
            log.warning("dropped a malformed result chunk for job %s: %s", job_id, exc)
            return
        if chunk.job_id != job_id or chunk.executor != executor:
            # The subject's executor token is bound to the sender's identity by the broker; the body is not.
            self._reject_message("result chunk", "subject_mismatch", executor, job_id)
            return
        waiting.chunks.put_nowait(chunk)

    async def offload(self, outbound: Outbound, decision: Decision, deadline: float) -> Offloaded:
        """Transform, record, submit; return the target and the restored answer stream."""
        if self._answers is None:
            raise RuntimeError("Egress.start() must run before the first offload")
        self._forget_expired()
        waiting = _Waiting(asyncio.Queue(), deadline)
        self._waiting[outbound.job_id] = waiting  # before the job leaves, so no chunk can come unheard
        try:
            return await self._send(outbound, decision, deadline, waiting.chunks)
        except BaseException:
            self._waiting.pop(outbound.job_id, None)
            raise

    def _forget_expired(self) -> None:
        """Drop answers past their deadline whose stream nobody read (a client gone before it began)."""
        now = time.time()
        for job_id in [j for j, w in self._waiting.items() if w.deadline < now]:
            del self._waiting[job_id]

    async def _send(
        self,
        outbound: Outbound,
        decision: Decision,
        deadline: float,
        chunks: asyncio.Queue[ResultChunk],
    ) -> Offloaded:
        started = time.perf_counter()
        try:
            with tracing.span("pii.detect", outbound.job_id):
                prepared = await asyncio.to_thread(self._prepare, outbound, decision, deadline)
        except pii.TextTooLong as exc:
            raise PromptTooLarge(str(exc), size=exc.length, limit=exc.limit) from exc
        except pii.PiiError as exc:
            self.audit.emit(self._job(outbound, decision).failed(f"PII detection failed: {type(exc).__name__}"))
            raise PiiDetectionFailed(f"{exc}; nothing left the region") from exc
        except audit.AuditError as exc:
            raise AuditUnavailable("the audit log cannot record the egress decision; nothing left the region") from exc
        self.metrics.pii_detection.observe(prepared.redaction_ms / 1000)
        went_out = time.time() < deadline  # `_submit` sends at least one attempt unless the deadline passed
        try:
            with tracing.span("fabric.submit", outbound.job_id, origin=self.region) as submitted:
                reply = await self._submit(prepared.submission, deadline)
                submitted.set_attribute("fedinfer.target_region", reply.target_region or "none")
        except BaseException:  # no answer, or the client gone: an attempt that went out may have been routed
            if went_out:
                self._withdraw(outbound.job_id, decision.allowed_regions)
            raise
        if not reply.accepted or reply.target_region is None:
            self.audit.emit(self._job(outbound, decision).failed(reply.reason))
            if reply.code == "refused":
                raise CoordinatorRefused(f"the coordinator refused the job: {reply.reason}", reason=reply.reason)
            # No allowed region could take it now (none alive, none with room), or the job did not parse there:
            # nothing tells that this lasts, so the client keeps its own retry rule.
            raise NoAllowedRegion(f"no allowed region can serve this request: {reply.reason}", retryable=True)
        self.metrics.offload_setup.observe(time.perf_counter() - started)
        offloaded = Offloaded(reply.target_region, prepared.redaction_ms, prepared.counts)
        answer = AnswerAssembler(reply.target_region, prepared.vault, outbound.ask.kind)
        stream = self._stream(outbound, decision, offloaded, chunks, answer, deadline)
        offloaded.deltas = _AnswerStream(stream, lambda: self._withdraw(outbound.job_id, answer.targets))
        return offloaded

    def _prepare(self, outbound: Outbound, decision: Decision, deadline: float) -> _Prepared:
        """In a worker thread, off the event loop: pseudonymise what the policy requires, build the
        job, and commit the egress record. Nothing leaves here; the job leaves once this returns."""
        remote = {r: t for r, t in decision.required_transforms.items() if r != self.region}
        pseudonymize = any("pseudonymize" in transforms for transforms in remote.values())
        vault = pii.Vault()
        ask = outbound.ask
        texts = ask.texts
        started = time.perf_counter()
        counts: dict[str, int] = {}
        if pseudonymize:
            redactions = self.redactor.redact_many(texts, vault=vault)
            texts = [r.text for r in redactions]
            for redaction in redactions:
                for kind, count in redaction.counts().items():
                    counts[kind] = counts.get(kind, 0) + count
        redaction_ms = (time.perf_counter() - started) * 1000
        sanitized = json.dumps(texts, ensure_ascii=False)
        roles = ask.messages if ask.kind == "chat" else []
        job = JobRequest(
            job_id=outbound.job_id,
            origin_region=self.region,
            origin_node=self.node,
            data_class=outbound.data_class,
            model=ask.model,
            purpose=ask.options.purpose,
            consent=ask.options.consent,
            tenant=ask.tenant,
            kind=ask.kind,
            messages=[ChatMessage(role=role, content=text) for (role, _), text in zip(roles, texts, strict=True)],
            prompt=texts[0] if ask.kind == "completion" else None,
            params=wire_params(ask.sampling, budget_given=ask.budget_given),
            deadline=deadline,
            prefix_hash=hashlib.sha256(sanitized[:256].encode()).hexdigest()[:16],
        )
        attestation = Attestation(
            transforms=["pseudonymize"] if pseudonymize else [],
            pii_counts=counts,
            payload_hash=audit.payload_hash(sanitized),
            policy_digest=decision.policy_digest,
        )
        submission = Submission(job=job, attestation=attestation, exclude_regions=[self.region]).encode()
        # The decision to let data leave is on disk before anything leaves.
        self.audit.commit(self._job(outbound, decision).egress_allowed(counts, attestation.payload_hash))
        return _Prepared(submission, vault, counts, redaction_ms)

    async def _submit(self, submission: bytes, deadline: float) -> SubmitReply:
        """Submit, and again each time no answer came within `submit_timeout_s`: the coordinator that took
        it may have died, its answer been lost, or the hub's job stream be electing a new leader. A job is
        routed once whoever answers (the coordinators' ledger), so a later answer says where an earlier
        attempt sent it. The last attempt waits up to the job's deadline itself: past it no node starts
        the job (a node refuses an expired one)."""
        while True:
            remaining = deadline - time.time()
            if remaining <= 0:
                raise CoordinatorUnavailable("no coordinator confirmed the job before its deadline")
            try:
                return await self._submit_once(submission, min(self.submit_timeout_s, remaining))
            except TimeoutError:
                log.warning("no answer from the coordinator within %.1f s; asking again", self.submit_timeout_s)

    async def _submit_once(self, submission: bytes, timeout: float) -> SubmitReply:
        try:
            answer = await self._request_through_gaps(submission, timeout)
            return decode(SubmitReply, answer.data)
        except MessageRejected as exc:
            self._reject_message("submit reply", exc.reason, COORDINATOR, None)
            raise CoordinatorUnauthenticated(
                "the coordinator's answer failed authentication; the job's fate is unknown"
            ) from exc
        except TimeoutError:
            raise
        except NoResponders as exc:
            raise CoordinatorUnavailable(f"no coordinator answers: {exc}") from exc
        except Exception as exc:  # the fabric's own errors, nats-py's, a reply that does not parse
            raise CoordinatorUnavailable(f"cannot reach the coordinator: {type(exc).__name__}") from exc

    async def _request_through_gaps(self, submission: bytes, timeout: float) -> Message:
        """The submission's request; "nobody answers" is asked again for up to `ROUTE_GAP_S`: while this
        region's leaf server moves to another hub server (the one it used died), nothing is heard across
        the link for about a second, and that need not fail a client."""
        gap_ends = time.monotonic() + min(ROUTE_GAP_S, self.submit_timeout_s)
        while True:
            try:
                return await self.connection.request(
                    subjects.submit(self.region), submission, timeout=timeout, responder=COORDINATOR
                )
            except NoResponders:
                if time.monotonic() >= gap_ends:
                    raise
                await asyncio.sleep(0.1)

    async def _stream(
        self,
        outbound: Outbound,
        decision: Decision,
        offloaded: Offloaded,
        chunks: asyncio.Queue[ResultChunk],
        answer: AnswerAssembler,
        deadline: float,
    ) -> AsyncGenerator[Delta, None]:
        restoring = tracing.detached_span("egress.restore", outbound.job_id)
        withdraw = True  # when this ends: unless the answer finished, or its executor ended it
        try:
            while True:
                remaining = deadline - time.time()
                if remaining <= 0:
                    raise DeadlinePassed("the offloaded answer did not finish before the deadline")
                try:
                    async with asyncio.timeout(min(remaining, RESEND_AFTER_S)):
                        chunk = await chunks.get()
                except TimeoutError:
                    await self._ask_again(outbound.job_id, answer)
                    continue
                step = answer.feed(chunk)
                offloaded.target_region = answer.target
                if answer.engine_ttft_ms is not None:
                    offloaded.engine_ttft_ms = answer.engine_ttft_ms
                if step.rejected is not None:
                    self._reject_message("result chunk", step.rejected, chunk.executor, outbound.job_id)
                for text in step.texts:
                    yield Delta(text)
                if step.finished is not None:
                    withdraw = False
                    finished = step.finished
                    invented = f"{finished.invented} invented placeholder(s)" if finished.invented else None
                    self.audit.emit(
                        self._job(outbound, decision).restored(answer.target, offloaded.pii_counts, invented)
                    )
                    yield Delta(
                        "",
                        finish_reason="length" if finished.finish_reason == "length" else "stop",
                        prompt_tokens=finished.prompt_tokens,
                        completion_tokens=finished.completion_tokens,
                    )
                    return
        except RegionNodeError as exc:  # the answer failed after the job left: the origin records how it ended
            # The kind and code only: a failure's words may come from another region, over the wire.
            code = getattr(exc, "code", None)
            reason = f"{type(exc).__name__} ({code})" if code else type(exc).__name__
            self.audit.emit(self._job(outbound, decision).failed(reason, target=answer.target))
            withdraw = not isinstance(exc, RemoteJobFailed)  # the executor ended it itself
            raise
        finally:
            restoring.set_attribute("fedinfer.target_region", answer.target)
            restoring.end()
            self._waiting.pop(outbound.job_id, None)
            if withdraw:
                self._withdraw(outbound.job_id, answer.targets)

    def _withdraw(self, job_id: str, targets: Iterable[str]) -> None:
        """Nobody waits for this job's answer any more (its client was told it failed, or left): tell the
        regions it was assigned to, which may be running it or about to, to stop it or drop it unrun.
        Sent from tasks of their own, as this may run while the answer's stream is being closed."""
        request = ResendRequest(job_id=job_id, from_seq=0, withdraw=True)
        for target in dict.fromkeys(targets):
            if target in (COORDINATOR, self.region):
                continue
            try:
                task = asyncio.get_running_loop().create_task(
                    self._to_executor(target, job_id, request, "withdraw"), name="withdraw-job"
                )
            except RuntimeError:  # no loop any more (a stream collected at shutdown): nothing to tell
                return
            self._withdrawals.add(task)
            task.add_done_callback(self._withdrawals.discard)

    async def _to_executor(self, target: str, job_id: str, request: ResendRequest, what: str) -> bool:
        """Publish `request` to the region running `job_id`; whether it went (a link that is down is not an
        error here: a resend is asked again at the next silence, a withdrawn job ends at its deadline)."""
        try:
            await self.connection.publish(
                subjects.resend(target, self.region, self.node, job_id), request.encode(), checked=False
            )
        except Exception as exc:
            log.info("could not %s job %s at %s: %s", what, job_id, target, type(exc).__name__)
            return False
        return True

    async def stop(self) -> None:
        """Let the withdrawals under way go out before the connection closes."""
        if self._withdrawals:
            await asyncio.wait(self._withdrawals, timeout=2.0)

    async def _ask_again(self, job_id: str, answer: AnswerAssembler) -> None:
        """Nothing heard of the answer for `RESEND_AFTER_S`: ask the region running it to send again what
        it has sent, from the chunk awaited. A chunk lost while a leaf server moved to another hub server
        then arrives late instead of never; a job still queued or thinking has nothing to send yet."""
        if answer.target == COORDINATOR:
            return
        request = ResendRequest(job_id=job_id, from_seq=answer.next_seq)
        if await self._to_executor(answer.target, job_id, request, "ask again for"):
            self.metrics.resend_requests.inc()

    def _reject_message(self, kind: str, reason: str, sender: str, job_id: str | None) -> None:
        """Drop a message that is not what it claims: counted each time; audited once per job, sender and
        reason (a moved job's late chunks would otherwise write an event per token); never its payload."""
        self.metrics.rejected.labels(kind=kind, reason=reason).inc()
        key = (job_id, sender, reason)
        if key in self._audited_rejections:
            return
        self._audited_rejections[key] = None
        if len(self._audited_rejections) > 4096:
            del self._audited_rejections[next(iter(self._audited_rejections))]
        log.warning("dropped a %s for job %s from %s: %s", kind, job_id, sender, reason)
        self.audit.emit(
            audit.rejected(
                subjects.sender_name(sender),
                node=self.node,
                what=kind,
                reason=reason,
                job_id=job_id,
                at_region=self.region,
            )
        )

    def _job(self, outbound: Outbound, decision: Decision) -> audit.JobRecord:
        return audit.JobRecord(
            self.region,
            self.node,
            outbound.job_id,
            data_class=outbound.data_class,
            model=outbound.ask.model,
            policy_digest=decision.policy_digest,
            rule=decision.rule,
        )
