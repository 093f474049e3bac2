"""Whether the coordinator admits a submitted job, and where it goes: one pure function over plain data.

`admit` decides and does no I/O; `Coordinator.submit` audits, counts, enqueues and replies from its
answer. The checks run in this order and the first that fails refuses the job: the message decodes,
its job id was not submitted recently (a replay), it claims the origin the broker bound to its subject,
its deadline is ahead, it was decided under the coordinator's policy, the policy can decide it, and a
live region it may go to serves its model.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from federation import WireError
from federation.messages import JobRequest, Submission, decode
from policy import Decision, Policy, PolicyError

from .routing import Ranking, RouteKind, choose

RefusalCode = Literal["refused", "no_region", "invalid"]
"""A refusal as `SubmitReply.code` says it: `invalid` (the submission itself is wrong), `refused` (the
policy or the clock forbids it), `no_region` (nowhere it may go can take it now)."""


class RefusalKind(Enum):
    """Why a submission was refused: one member per check that can fail."""

    INVALID_MESSAGE = "invalid_message"
    """The bytes are not a `Submission`."""
    REPLAYED = "replayed"
    """Its job id was submitted within the window a signature stays fresh; a job is routed once."""
    FORGED_ORIGIN = "forged_origin"
    """The job claims an origin other than the region whose subject it came on."""
    DEADLINE_PASSED = "deadline_passed"
    POLICY_MISMATCH = "policy_mismatch"
    """The origin decided under a policy digest other than the coordinator's."""
    POLICY_ERROR = "policy_error"
    """The policy cannot decide it: unknown region or data class."""
    ONLY_ORIGIN_ALLOWED = "only_origin_allowed"
    """The policy allows no region but the origin (and the regions the origin excluded)."""
    NOT_ATTESTED = "not_attested"
    """Every region the policy allows requires a transform the origin did not attest."""
    NO_LIVE_REGION = "no_live_region"
    """No region the job may go to has a live node serving its model."""

    @property
    def code(self) -> RefusalCode:
        return _CODES[self]


_CODES: dict[RefusalKind, RefusalCode] = {
    RefusalKind.INVALID_MESSAGE: "invalid",
    RefusalKind.REPLAYED: "invalid",
    RefusalKind.FORGED_ORIGIN: "invalid",
    RefusalKind.DEADLINE_PASSED: "refused",
    RefusalKind.POLICY_MISMATCH: "refused",
    RefusalKind.POLICY_ERROR: "invalid",
    RefusalKind.ONLY_ORIGIN_ALLOWED: "no_region",
    RefusalKind.NOT_ATTESTED: "refused",
    RefusalKind.NO_LIVE_REGION: "no_region",
}

_ROUTE_REFUSALS = {
    RouteKind.ONLY_ORIGIN_ALLOWED: RefusalKind.ONLY_ORIGIN_ALLOWED,
    RouteKind.NOT_ATTESTED: RefusalKind.NOT_ATTESTED,
    RouteKind.NO_LIVE_NODE: RefusalKind.NO_LIVE_REGION,
}


@dataclass(frozen=True, slots=True)
class Admitted:
    """The job goes to `target_region`; `reason` says why there (for the reply and the audit log)."""

    submission: Submission
    decision: Decision
    target_region: str
    reason: str

    @property
    def job(self) -> JobRequest:
        return self.submission.job


@dataclass(frozen=True, slots=True)
class Refusal:
    """The job is refused: `kind` is why, `reason` says it in words, `code` is what the wire says."""

    kind: RefusalKind
    reason: str
    job: JobRequest | None = None
    """The job as it is audited (its origin the subject's); None when the message did not decode."""
    decision: Decision | None = None
    """The policy's decision, when it was refused after one (no region it may go to)."""

    @property
    def code(self) -> RefusalCode:
        return self.kind.code


def admit(
    message: bytes | Submission,
    *,
    origin: str,
    policy: Policy,
    now: float,
    ranking: Ranking,
    recent: Container[str],
    affinity: Callable[[str], str | None] | None = None,
    accepts: Callable[[str], bool] | None = None,
) -> Admitted | Refusal:
    """Check one submission and choose its region.

    Args:
        message: the submission as received, or already decoded.
        origin: the region the broker bound to the submission's subject (authenticated, unlike the
            origin the job claims).
        now: Unix time, for the deadline.
        ranking: the live regions, ranked for the current registry snapshot.
        recent: job ids submitted recently; the caller remembers this one (`Refusal.job`, `Admitted.job`).
        affinity: the region that last served a prompt-prefix hash, if any.
        accepts: whether a job decided under a policy digest is acceptable (the current version, or the
            one it replaced, during a rollout); by default only `policy`'s own digest.
    """
    if isinstance(message, Submission):
        submission = message
    else:
        try:
            submission = decode(Submission, message)
        except WireError as exc:
            return Refusal(RefusalKind.INVALID_MESSAGE, str(exc))
    job = submission.job
    if job.job_id in recent:
        return Refusal(RefusalKind.REPLAYED, f"job {job.job_id} was already submitted; a job is routed once", job)
    if job.origin_region != origin:
        # A region claiming to be another: audited under the region that really sent it.
        return Refusal(
            RefusalKind.FORGED_ORIGIN,
            f"submitted by {origin} but claims origin {job.origin_region}; a region submits only its own jobs",
            job.model_copy(update={"origin_region": origin}),
        )
    if job.deadline < now:
        return Refusal(RefusalKind.DEADLINE_PASSED, "the job's deadline has already passed", job)
    attestation = submission.attestation
    acceptable = accepts(attestation.policy_digest) if accepts else attestation.policy_digest == policy.digest
    if not acceptable:
        return Refusal(
            RefusalKind.POLICY_MISMATCH,
            f"the origin decided under policy {attestation.policy_digest}, the coordinator holds {policy.digest};"
            " both must run the same policy",
            job,
        )
    try:
        decision = decide(policy, job)
    except PolicyError as exc:
        return Refusal(RefusalKind.POLICY_ERROR, str(exc), job)
    route = choose(
        decision.required_transforms,
        frozenset(attestation.transforms),
        job.model,
        ranking,
        exclude=frozenset({job.origin_region, *submission.exclude_regions}),
        affinity_region=affinity(job.prefix_hash) if affinity else None,
    )
    if route.region is None:
        return Refusal(_ROUTE_REFUSALS[route.kind], route.reason, job, decision)
    return Admitted(submission, decision, route.region, route.reason)


def decide(policy: Policy, job: JobRequest) -> Decision:
    """The policy's decision for a job's request attributes; `PolicyError` for an unknown region or class."""
    return policy.decide(
        job.origin_region, job.data_class, job.model, consent=job.consent, purpose=job.purpose, tenant=job.tenant
    )
