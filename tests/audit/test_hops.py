"""One builder per hop: each kind of event carries the fields its hop knows, and only those."""

from __future__ import annotations

import pytest

import audit
from audit import Decision, EventKind, JobRecord

RECORD = JobRecord(
    "eu-west", "n1", "job-0123456789abcdef", data_class="personal", model="m", policy_digest="sha256:p", rule="r"
)
COUNTS = {"PERSON": 2}
HASH = "sha256:" + "a" * 64


@pytest.mark.parametrize(
    ("event", "kind", "decision", "target", "counts", "payload_hash", "reason"),
    [
        (RECORD.received(), EventKind.RECEIVED, None, None, {}, None, None),
        (RECORD.served_local(), EventKind.SERVED_LOCAL, None, "eu-west", {}, None, None),
        (RECORD.egress_denied("stays home"), EventKind.EGRESS_DENIED, Decision.DENIED, None, {}, None, "stays home"),
        (RECORD.egress_allowed(COUNTS, HASH), EventKind.EGRESS_ALLOWED, Decision.ALLOWED, None, COUNTS, HASH, None),
        (
            RECORD.routed("us-east", COUNTS, HASH, "cheapest"),
            EventKind.ROUTED,
            Decision.ALLOWED,
            "us-east",
            COUNTS,
            HASH,
            "cheapest",
        ),
        (RECORD.refused("late"), EventKind.REFUSED, Decision.DENIED, None, {}, None, "late"),
        (RECORD.redelivered("kr-central", "moved"), EventKind.REDELIVERED, None, "kr-central", {}, None, "moved"),
        (RECORD.executed("us-east", COUNTS, HASH), EventKind.EXECUTED, None, "us-east", COUNTS, HASH, None),
        (RECORD.restored("us-east", COUNTS), EventKind.RESTORED, None, "us-east", COUNTS, None, None),
        (RECORD.failed("engine"), EventKind.FAILED, None, None, {}, None, "engine"),
    ],
    ids=lambda value: value.value if isinstance(value, EventKind) else "",
)
def test_each_hop_carries_what_it_knows(
    event: audit.Event,
    kind: EventKind,
    decision: Decision | None,
    target: str | None,
    counts: dict[str, int],
    payload_hash: str | None,
    reason: str | None,
) -> None:
    assert (event.kind, event.decision, event.target_region, dict(event.pii_counts)) == (kind, decision, target, counts)
    assert (event.payload_hash, event.reason) == (payload_hash, reason)
    assert (event.region, event.node, event.job_id, event.rule, event.policy_digest) == (
        "eu-west",
        "n1",
        "job-0123456789abcdef",
        "r",
        "sha256:p",
    )


def test_a_long_reason_is_cut_not_refused() -> None:
    assert RECORD.failed("x" * 1000).reason == "x" * 400


def test_a_rejected_message_names_its_claimed_sender_and_never_its_job_data() -> None:
    event = audit.rejected("kr-central", node="n1", what="result chunk", reason="not_assigned", at_region="eu-west")
    assert (event.kind, event.region, event.node, event.target_region) == (
        EventKind.REJECTED,
        "kr-central",
        "n1",
        "eu-west",
    )
    assert (event.reason, event.data_class, event.model, event.job_id) == (
        "result chunk: not_assigned",
        None,
        None,
        None,
    )
