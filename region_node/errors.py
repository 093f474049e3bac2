"""Errors of the region node, named for what happened. None of them knows HTTP: `api.http_error` is the
one place that turns each into a status, OpenAI's error type and code, and a retry hint.

Exception tree::

    RegionNodeError                  the region node could not do what was asked
    ├── ConfigError                  the region configuration is wrong; the message says where
    ├── AuthError                    the caller may not use this endpoint
    │   ├── Unauthenticated          no bearer token, or one no tenant holds (`reason`)
    │   └── RoleMissing              the tenant lacks the role the endpoint needs (`tenant`, `role`)
    ├── InvalidRequest               the request as sent cannot be served, now or later
    │   ├── InvalidParameter         a value is not accepted (`param`, OpenAI's `code`)
    │   │   └── ContextLengthExceeded  the prompt and the tokens asked for exceed the model's context
    │   ├── PromptTooLarge           more characters than this region or PII detection accepts (`size`, `limit`)
    │   └── ModelNotFound            a model neither served here nor reachable (`model`, `known`)
    ├── PolicyDenied                 the policy denies the request (`reason`, `rule`)
    │   └── OffloadDenied            `offload: required`, but the policy keeps the data in this region
    ├── CannotServe                  allowed, but nothing can serve it
    │   ├── NoAllowedRegion          no region the policy allows can take it (`retryable` says if that may pass)
    │   ├── LocalEngineUnavailable   the local engine is down and the request may not be offloaded
    │   └── QueueFull                the local queue is full and the request may not be offloaded (`limit`)
    ├── DeadlinePassed               the answer did not finish within `limits.request_timeout_s`
    ├── JobFailed                    an offloaded job could not be completed (given up, or moved mid-answer)
    │   └── RemoteJobFailed          the region that ran it failed it (`region`, `reason`, its `code`, `param`)
    ├── CoordinatorError             no route for the job came back from the coordinator
    │   ├── CoordinatorRefused       it refused the job, and would again (`reason`)
    │   ├── CoordinatorUnavailable   it did not answer, or could not be reached
    │   └── CoordinatorUnauthenticated  its answer failed authentication: the job's fate is unknown
    ├── PiiDetectionFailed           detection could not vouch for the prompt; nothing left the region
    ├── AuditUnavailable             the audit log could not record a decision that must be durable
    └── EngineError                  the engine could not load or generate (it may work again later)
        └── SequenceFailed           one request failed on its own; the engine and the others went on

Every error says, in `retryable`, whether the same request sent again may succeed. Calling an object
out of order (an offload before `Egress.start()`) raises `RuntimeError`: a bug, not a condition.
"""

from __future__ import annotations


class RegionNodeError(Exception):
    """The region node could not do what was asked."""

    retryable: bool = True
    """Whether sending the same request again may succeed (a full queue, a component that is down,
    a deadline); False where it would fail the same way (a bad request, a denial, a configuration)."""
    job_id: str | None = None
    """The job the request had become when it failed (its audit events carry it); None before that."""


class ConfigError(RegionNodeError):
    """The region configuration (its file, or what the file names) is wrong; the message says where."""

    retryable = False


class AuthError(RegionNodeError):
    """The caller may not use this endpoint."""

    retryable = False


class Unauthenticated(AuthError):
    """No bearer token, or one no tenant holds; `reason` is `missing_token` or `invalid_token`."""

    def __init__(self, message: str, reason: str) -> None:
        self.reason = reason
        super().__init__(message)


class RoleMissing(AuthError):
    """The tenant is known but lacks the role the endpoint needs."""

    def __init__(self, message: str, *, tenant: str, role: str) -> None:
        self.tenant = tenant
        self.role = role
        super().__init__(message)


class InvalidRequest(RegionNodeError):
    """The request as sent cannot be served, now or later."""

    retryable = False


class InvalidParameter(InvalidRequest):
    """A value is not accepted; `param` names it (`fedinfer.data_class` for a nested one), `code` is
    OpenAI's code for the check it failed (`decimal_above_max_value`, ...) where there is one."""

    def __init__(self, message: str, *, param: str, code: str | None = None) -> None:
        self.param = param
        self.code = code
        super().__init__(message)


class ContextLengthExceeded(InvalidParameter):
    """The prompt and the tokens asked for do not fit the model's context; `param` is `messages` or `prompt`."""

    def __init__(self, message: str, *, param: str) -> None:
        super().__init__(message, param=param, code="context_length_exceeded")


class PromptTooLarge(InvalidRequest):
    """The prompt has `size` characters, more than the `limit` this region (or PII detection) accepts."""

    def __init__(self, message: str, *, size: int, limit: int) -> None:
        self.size = size
        self.limit = limit
        super().__init__(message)


class ModelNotFound(InvalidRequest):
    """`model` is neither served here nor reachable through the federation (`known`: those that are)."""

    def __init__(self, message: str, *, model: str, known: tuple[str, ...]) -> None:
        self.model = model
        self.known = known
        super().__init__(message)


class PolicyDenied(RegionNodeError):
    """The policy denies the request; `reason` is the rule's own, `rule` the rule that fired."""

    retryable = False

    def __init__(self, message: str, *, reason: str, rule: str | None = None) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(message)


class OffloadDenied(PolicyDenied):
    """The request required offloading, but the policy lets its data go to no other region."""


class CannotServe(RegionNodeError):
    """The policy allows the request, but nothing can serve it."""


class NoAllowedRegion(CannotServe):
    """No region the policy allows can take the request. `retryable` is False where the policy, the
    request's `offload` or this node's configuration stands in the way; True where the coordinator found
    no region able to take it now."""

    def __init__(self, message: str, *, retryable: bool) -> None:
        self.retryable = retryable
        super().__init__(message)


class LocalEngineUnavailable(CannotServe):
    """The local engine is down and the request may not be offloaded."""


class QueueFull(CannotServe):
    """The local engine already has `limit` requests waiting, and the request may not be offloaded."""

    def __init__(self, message: str, *, limit: int) -> None:
        self.limit = limit
        super().__init__(message)


class DeadlinePassed(RegionNodeError):
    """The answer, local or offloaded, did not finish within `limits.request_timeout_s`."""


class JobFailed(RegionNodeError):
    """An offloaded job could not be completed: the coordinator gave up on it, or its run restarted or
    moved after part of the answer had reached the client (which cannot be resumed)."""


class RemoteJobFailed(JobFailed):
    """The region that ran the job failed it. `reason` and `code` are that region's
    (`context_length_exceeded`, `invalid_request`, `generation_failed`, `engine_failed`, `expired`, or None);
    `param` is where
    the request's prompt is (`messages` or `prompt`), for a failure that concerns it."""

    def __init__(self, message: str, *, region: str, reason: str, code: str | None, param: str) -> None:
        self.region = region
        self.reason = reason
        self.code = code
        self.param = param
        # The request's own failures (it does not fit, or fails by itself) recur wherever it runs.
        self.retryable = code not in ("context_length_exceeded", "invalid_request", "generation_failed")
        super().__init__(message)


class CoordinatorError(RegionNodeError):
    """No route for the job came back from the coordinator (it refused, did not answer, or its answer
    could not be trusted)."""


class CoordinatorRefused(CoordinatorError):
    """The coordinator refused the job, and would again: its own, authoritative, policy decision, a policy
    that differs from this node's, or a deadline already passed; `reason` is its reason."""

    retryable = False

    def __init__(self, message: str, *, reason: str) -> None:
        self.reason = reason
        super().__init__(message)


class CoordinatorUnavailable(CoordinatorError):
    """The coordinator did not answer in time, or could not be reached."""


class CoordinatorUnauthenticated(CoordinatorError):
    """The coordinator's answer failed authentication; whether the job was routed is unknown."""


class PiiDetectionFailed(RegionNodeError):
    """PII detection could not vouch for the prompt, so nothing left the region (fail closed)."""


class AuditUnavailable(RegionNodeError):
    """The audit log could not record a decision that must be durable before the request goes on."""


class EngineError(RegionNodeError):
    """The engine could not load or generate (it may work again later)."""


class SequenceFailed(EngineError):
    """One request failed inside the engine (its prompt does not fit, or a step of its own failed)
    while the other requests in the batch went on. Sending it again would fail again."""

    retryable = False
