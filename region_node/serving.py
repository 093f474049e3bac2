"""Serving one request: the policy decides, then serve locally, offload, or refuse with the reason.

Routes call `RegionService.answer` and only shape its result into HTTP; no policy, PII or engine
logic lives in a route.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass

import audit
import policy
from federation import tracing

from .catalogue import CatalogueListener, servable
from .config import RegionConfig
from .egress import Egress, Offloaded
from .engines import Delta, Engine, close_quietly
from .errors import (
    AuditUnavailable,
    DeadlinePassed,
    EngineError,
    InvalidParameter,
    LocalEngineUnavailable,
    ModelNotFound,
    NoAllowedRegion,
    OffloadDenied,
    PolicyDenied,
    PromptTooLarge,
    QueueFull,
    RegionNodeError,
)
from .metrics import RegionMetrics
from .requests import Ask, Outbound

log = logging.getLogger(__name__)


@dataclass
class Answer:
    job_id: str
    served_by: str
    deltas: AsyncIterator[Delta]
    engine_deltas: AsyncIterator[Delta] | None = None
    """The engine's own stream under `deltas`, closed with it (a wrapper never started cannot close it)."""

    async def aclose(self) -> None:
        """Stop the answer, whether or not it was read: the engine stops generating, its slot is freed."""
        try:
            await close_quietly(self.deltas)
        finally:
            if self.engine_deltas is not None:
                await close_quietly(self.engine_deltas)


class RegionService:
    def __init__(
        self,
        config: RegionConfig,
        loaded_policy: policy.Policy,
        engine: Engine,
        audit_writer: audit.AuditWriter,
        metrics: RegionMetrics,
        egress: Egress | None = None,
        catalogue: CatalogueListener | None = None,
    ) -> None:
        self.config = config
        self.policy = loaded_policy
        self.engine = engine
        self.audit = audit_writer
        self.metrics = metrics
        self.egress = egress
        self.catalogue = catalogue
        self.region = config.region

    def servable_models(self, tenant: str) -> list[str]:
        """Models `tenant` could be served with now: the local one while the engine is healthy, and those
        of live regions the policy lets this region use (as the coordinator last told it)."""
        local = [self.engine.model_name] if self.engine.load().healthy else []
        if self.egress is None or self.catalogue is None:
            return local
        return servable(self.policy, self.region, local, self.catalogue.live(), tenant=tenant)

    def models(self) -> list[str]:
        """Models a client may ask for here, whether or not anything serves them now: the local one, and
        any the policy's allow-lists name where this region may offload (a request for one that nothing
        serves now is 503, not 404)."""
        reachable = {self.engine.model_name}
        if self.egress is not None:
            for region in self.policy.regions:
                allowed = self.policy.models_of(region)
                if allowed:
                    reachable |= allowed
        return sorted(reachable)

    async def answer(self, ask: Ask) -> Answer:
        """Serve, offload or refuse one request. An error says which job it ended (`job_id`), so a
        client can trace a failure too."""
        job_id = f"job-{uuid.uuid4().hex[:20]}"
        with tracing.span("region.request", job_id, region=self.region, model=ask.model, kind=ask.kind):
            try:
                return await self._answer(ask, job_id)
            except RegionNodeError as exc:
                exc.job_id = job_id
                raise

    async def _answer(self, ask: Ask, job_id: str) -> Answer:
        options = ask.options
        data_class = options.data_class or self.config.offload.default_data_class
        offload = options.offload or self.config.offload.default
        self._validate(ask)
        self._check_purpose(options.purpose)
        try:
            with tracing.span("policy.decide", job_id, data_class=data_class) as decided:
                decision = self.policy.decide(
                    self.region,
                    data_class,
                    ask.model,
                    consent=options.consent,
                    purpose=options.purpose,
                    tenant=ask.tenant,
                )
                decided.set_attribute("fedinfer.rule", decision.rule or "default")
                decided.set_attribute("fedinfer.policy_digest", decision.policy_digest)
        except policy.PolicyError as exc:
            raise InvalidParameter(
                f"data class {data_class!r} is not one this federation knows"
                f" (known: {', '.join(self.policy.data_classes)})",
                param="fedinfer.data_class",
            ) from exc
        record = audit.JobRecord(
            self.region,
            self.config.node,
            job_id,
            data_class=data_class,
            model=ask.model,
            policy_digest=decision.policy_digest,
            rule=decision.rule,
        )
        self.audit.emit(record.received())
        if decision.denied:
            self.metrics.denied.labels(rule=decision.rule or "default").inc()
            denial = record.egress_denied(decision.reason)
            try:
                await self.audit.emit_durable(denial)
            except audit.AuditError as exc:
                raise AuditUnavailable("the audit log cannot record the decision") from exc
            raise PolicyDenied(f"denied by policy: {decision.reason}", reason=decision.reason, rule=decision.rule)
        local_ok = decision.allows(self.region) and ask.model == self.engine.model_name and offload != "required"
        remote = [r for r in decision.allowed_regions if r != self.region]
        # None: it may not leave. Parameters only this region's engine applies (`passthrough`) keep it
        # here too: a job carries none (another region's engine may not honour them).
        egress = self.egress if offload != "never" and remote and not ask.sampling.passthrough else None
        if local_ok and self._has_room():
            started = time.perf_counter()  # the engine's time to first token includes rendering the template
            deadline = asyncio.get_running_loop().time() + self.config.limits.request_timeout_s
            try:
                deltas = await self._open_local(ask, job_id, deadline)
            except (QueueFull, EngineError):
                # The engine (its servers) turned it away before any text: another allowed region may
                # serve it, as when the queue is full; otherwise the client hears why.
                if egress is None:
                    raise
            else:
                try:
                    self.metrics.served.labels(where="local").inc()
                    self.audit.emit(record.served_local())
                except BaseException:
                    await close_quietly(deltas)
                    raise
                return Answer(job_id, self.region, self._local(deltas, deadline, started), engine_deltas=deltas)
        if egress is None:
            if local_ok and self.engine.load().healthy:
                raise QueueFull("the local queue is full; retry shortly", limit=self.config.limits.max_queue)
            raise self._cannot_serve(ask, decision, offload, remote)
        deadline = time.time() + self.config.limits.request_timeout_s
        outbound = Outbound(job_id, data_class, ask)
        started = time.perf_counter()
        offloaded = await egress.offload(outbound, decision, deadline)
        self.metrics.served.labels(where="offloaded").inc()
        timed = self._first_token_timed(offloaded.deltas, started, "offloaded", offloaded)
        # Closed with the answer even if never read: the job is then withdrawn where it runs.
        return Answer(job_id, offloaded.target_region, timed, engine_deltas=offloaded.deltas)

    # -- internals -------------------------------------------------------------------------------

    def _check_purpose(self, purpose: str | None) -> None:
        """A purpose the policy does not declare is refused (it would silently match no rule)."""
        if purpose is None or self.policy.purposes is None or purpose in self.policy.purposes:
            return
        declared = self.policy.purposes
        close = [p for p in declared if p.casefold() == purpose.casefold()]
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise InvalidParameter(
            f"purpose {purpose!r} is not one this federation's policy declares (declared: {', '.join(declared)}){hint}",
            param="fedinfer.purpose",
        )

    def _validate(self, ask: Ask) -> None:
        size = sum(len(content) for _, content in ask.messages) + len(ask.prompt or "")
        limit = self.config.limits.max_prompt_chars
        if size > limit:
            raise PromptTooLarge(
                f"the prompt has {size} characters; this region accepts at most {limit}", size=size, limit=limit
            )
        if ask.sampling.max_tokens > self.config.limits.max_tokens_cap:
            raise InvalidParameter(
                f"max_tokens {ask.sampling.max_tokens} is over this region's cap"
                f" of {self.config.limits.max_tokens_cap}",
                param="max_tokens",
            )
        known = self.models()
        if ask.model not in known:
            raise ModelNotFound(
                f"model {ask.model!r} is not served here (models: {', '.join(known)})",
                model=ask.model,
                known=tuple(known),
            )

    def _has_room(self) -> bool:
        load = self.engine.load()
        return load.healthy and load.waiting < self.config.limits.max_queue

    def _cannot_serve(
        self, ask: Ask, decision: policy.Decision, offload: str, remote: list[str]
    ) -> PolicyDenied | LocalEngineUnavailable | NoAllowedRegion | InvalidParameter:
        if offload == "required" and not remote:
            return OffloadDenied(
                f"offload was required but the policy keeps this data here: {decision.reason}",
                reason=decision.reason,
                rule=decision.rule,
            )
        if not self.engine.load().healthy:
            return LocalEngineUnavailable("the local engine is unavailable and the request may not be offloaded")
        # Below, the policy, the request's `offload` and this node's configuration stand in the way, not
        # its load: the same request would fail again.
        if ask.sampling.passthrough and remote and offload != "never":
            name = ask.sampling.passthrough[0][0]
            return InvalidParameter(
                f"{name} is applied only by this region's own engine, which cannot serve this request; a request"
                f" served by another region cannot carry it: remove {name}",
                param=name,
                code="unsupported_parameter",
            )
        if ask.model != self.engine.model_name:
            return NoAllowedRegion(
                f"model {ask.model!r} is not served in this region and the request may not be offloaded",
                retryable=False,
            )
        return NoAllowedRegion(f"no allowed region can serve this request ({decision.reason})", retryable=False)

    async def _open_local(self, ask: Ask, job_id: str, deadline: float) -> AsyncIterator[Delta]:
        """The engine's answer begun: what makes the request unservable (its context, an upstream's
        refusal) is raised here, as a status, and an engine that does not begin by the deadline is
        `DeadlinePassed`."""
        try:
            async with asyncio.timeout_at(deadline):
                return await self.engine.open(ask.engine_prompt(), ask.sampling, job_id)
        except TimeoutError:
            raise DeadlinePassed("the engine did not begin the answer before the deadline") from None

    async def _local(self, deltas: AsyncIterator[Delta], deadline: float, started: float) -> AsyncIterator[Delta]:
        """The engine's deltas, each awaited no later than the deadline: an engine (or an upstream server)
        that stops answering ends the request with `DeadlinePassed`, and the generation is closed."""
        iterator = self._first_token_timed(deltas, started, "local")
        try:
            while True:
                try:
                    async with asyncio.timeout_at(deadline):
                        delta = await anext(iterator)
                except StopAsyncIteration:
                    return
                except TimeoutError:
                    raise DeadlinePassed("the answer did not finish before the deadline") from None
                if delta.completion_tokens:
                    self.metrics.tokens.inc(delta.completion_tokens)
                yield delta
        finally:
            for generator in (iterator, deltas):  # the engine stops generating for a client that is gone
                await close_quietly(generator)

    async def _first_token_timed(
        self, deltas: AsyncIterator[Delta], started: float, where: str, offloaded: Offloaded | None = None
    ) -> AsyncIterator[Delta]:
        """Pass an answer through, recording when its first text arrived (local or offloaded) and, for
        an offloaded one, what the federation added: that time less the executing engine's own time
        to its first token and less PII detection."""
        first = True
        async for delta in deltas:
            if first and delta.text:
                ttft_s = time.perf_counter() - started
                self.metrics.ttft.labels(where=where).observe(ttft_s)
                if offloaded is not None and offloaded.engine_ttft_ms is not None:
                    added_ms = ttft_s * 1000 - offloaded.engine_ttft_ms - offloaded.redaction_ms
                    self.metrics.offload_overhead.observe(max(0.0, added_ms) / 1000)
                first = False
            yield delta
