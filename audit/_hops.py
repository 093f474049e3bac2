"""One builder per hop: the fields each kind of event carries are chosen here, once, not at each place
that records one. A writer describes the job once (`JobRecord`), then records its hops from it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ._events import Decision, Event, EventKind

REASON_LIMIT = 400
"""Reasons are our own text (policy reasons, error classes); a longer one is cut, never rejected."""


def _reason(reason: str | None) -> str | None:
    return reason[:REASON_LIMIT] if reason else None


@dataclass(frozen=True, slots=True)
class JobRecord:
    """What every event about one job repeats, as the writer recording it knows the job: the region the
    event is filed under (`region`: the origin's at the origin and at the coordinator, its own where
    the job ran), who records (`node`), and under which policy decision."""

    region: str
    node: str
    job_id: str
    data_class: str | None = None
    model: str | None = None
    policy_digest: str | None = None
    rule: str | None = None

    def _event(
        self,
        kind: EventKind,
        *,
        decision: Decision | None = None,
        target: str | None = None,
        pii_counts: Mapping[str, int] | None = None,
        payload_hash: str | None = None,
        reason: str | None = None,
    ) -> Event:
        return Event(
            kind,
            region=self.region,
            node=self.node,
            job_id=self.job_id,
            decision=decision,
            policy_digest=self.policy_digest,
            rule=self.rule,
            data_class=self.data_class,
            target_region=target,
            model=self.model,
            pii_counts=pii_counts or {},
            payload_hash=payload_hash,
            reason=_reason(reason),
        )

    # -- at the origin ---------------------------------------------------------------------------

    def received(self) -> Event:
        return self._event(EventKind.RECEIVED)

    def served_local(self) -> Event:
        return self._event(EventKind.SERVED_LOCAL, target=self.region)

    def egress_denied(self, reason: str) -> Event:
        return self._event(EventKind.EGRESS_DENIED, decision=Decision.DENIED, reason=reason)

    def egress_allowed(self, pii_counts: Mapping[str, int], payload_hash: str) -> Event:
        """Before anything leaves: what was detected and the hash of exactly what leaves."""
        return self._event(
            EventKind.EGRESS_ALLOWED, decision=Decision.ALLOWED, pii_counts=pii_counts, payload_hash=payload_hash
        )

    def restored(self, target: str, pii_counts: Mapping[str, int], reason: str | None = None) -> Event:
        return self._event(EventKind.RESTORED, target=target, pii_counts=pii_counts, reason=reason)

    # -- at the coordinator ----------------------------------------------------------------------

    def routed(self, target: str, pii_counts: Mapping[str, int], payload_hash: str, reason: str) -> Event:
        return self._event(
            EventKind.ROUTED,
            decision=Decision.ALLOWED,
            target=target,
            pii_counts=pii_counts,
            payload_hash=payload_hash,
            reason=reason,
        )

    def refused(self, reason: str) -> Event:
        return self._event(EventKind.REFUSED, decision=Decision.DENIED, reason=reason)

    def redelivered(self, target: str, reason: str) -> Event:
        return self._event(EventKind.REDELIVERED, target=target, reason=reason)

    # -- where it ran ----------------------------------------------------------------------------

    def executed(self, target: str, pii_counts: Mapping[str, int], payload_hash: str | None) -> Event:
        return self._event(EventKind.EXECUTED, target=target, pii_counts=pii_counts, payload_hash=payload_hash)

    # -- anywhere --------------------------------------------------------------------------------

    def failed(
        self,
        reason: str | None,
        *,
        target: str | None = None,
        pii_counts: Mapping[str, int] | None = None,
        payload_hash: str | None = None,
    ) -> Event:
        return self._event(
            EventKind.FAILED, target=target, pii_counts=pii_counts, payload_hash=payload_hash, reason=reason
        )


def rejected(
    sender: str, *, node: str, what: str, reason: str, job_id: str | None = None, at_region: str | None = None
) -> Event:
    """A message from the fabric that was dropped: `sender` is who it claimed to come from (the fabric's
    `subjects.sender_name`), `node` who dropped it, `at_region` that node's region (none at the
    coordinator), `what` kind of message, `reason` the rejection's code. Never its payload."""
    return Event(
        EventKind.REJECTED,
        region=sender,
        node=node,
        job_id=job_id,
        target_region=at_region,
        reason=_reason(f"{what}: {reason}"),
    )
