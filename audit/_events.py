"""What an audit event holds: metadata only. Never a prompt, a completion or a detected value."""

from __future__ import annotations

import enum
import hashlib
import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import msgspec

from ._time import utc


class EventKind(enum.StrEnum):
    """Every hop a job can take."""

    RECEIVED = "received"
    SERVED_LOCAL = "served_local"
    EGRESS_ALLOWED = "egress_allowed"
    EGRESS_DENIED = "egress_denied"
    ROUTED = "routed"
    REFUSED = "refused"
    REDELIVERED = "redelivered"
    EXECUTED = "executed"
    RESTORED = "restored"
    FAILED = "failed"
    WITNESSED = "witnessed"
    """The coordinator recorded a region writer's chain head (`audit._witness`)."""
    POLICY = "policy"
    """A node took a policy version into force: `policy_digest` the version, `reason` whence (`file`, or
    `published version N`; `audit._policy`)."""
    REJECTED = "rejected"
    """A message from the fabric was dropped: it failed authentication, contradicted its subject, or came
    from a region the job was not assigned to. `region` is its claimed sender (`coordinator` for the
    coordinator's messages), `node` the node that dropped it, `target_region` that node's region
    (none at the coordinator), `reason` the kind of message and why."""


class Decision(enum.StrEnum):
    ALLOWED = "allowed"
    DENIED = "denied"


@dataclass(frozen=True, slots=True)
class Event:
    """One hop of one job, as a writer reports it. `reason` is text our code wrote (a policy reason,
    an error class), never text a user wrote."""

    kind: EventKind
    region: str
    node: str
    job_id: str | None = None
    decision: Decision | None = None
    policy_digest: str | None = None
    rule: str | None = None
    data_class: str | None = None
    target_region: str | None = None
    model: str | None = None
    pii_counts: Mapping[str, int] = field(default_factory=dict)
    payload_hash: str | None = None
    reason: str | None = None
    time: datetime = field(default_factory=lambda: datetime.now(UTC))  # when it happened, not when written


def payload_hash(text: str) -> str:
    """The hash of a sanitized payload, so an auditor can match it without storing it."""
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


CHAINED_FIELDS = (
    "writer",
    "seq",
    "time",
    "kind",
    "region",
    "node",
    "job_id",
    "decision",
    "policy_digest",
    "rule",
    "data_class",
    "target_region",
    "model",
    "pii_counts",
    "payload_hash",
    "reason",
    "prev_hash",
)
"""The fields the hash covers: everything but the row id, the hash and the signature."""


_TIME, _KIND, _DECISION, _PII = (CHAINED_FIELDS.index(n) for n in ("time", "kind", "decision", "pii_counts"))


_encode = msgspec.json.Encoder().encode  # compact UTF-8 JSON; several times faster than the json module


def canonical(values: Mapping[str, Any]) -> bytes:
    """A stable byte form of an event's chained fields: a JSON list in `CHAINED_FIELDS` order."""
    return canonical_row([values.get(name) for name in CHAINED_FIELDS])


_decode_count_pairs = msgspec.json.Decoder(dict[str, int]).decode


def _decode_counts(text: str | bytes) -> dict[str, int]:
    """Counts stored as JSON text; a key written twice is refused (two readers could see two counts)."""
    counts = _decode_count_pairs(text)
    marks = text.count(b'":') if isinstance(text, bytes) else text.count('":')
    if marks != len(counts):  # more keys written than read (or a key holding '":'): look closer
        json.loads(text, object_pairs_hook=_unique)
    return counts


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise msgspec.DecodeError("a key is written twice in the counts")
    return dict(pairs)


def canonical_row(normal: list[Any]) -> bytes:
    """`canonical` of the chained fields in `CHAINED_FIELDS` order (a stored row read as they are, its
    `pii_counts` as a dict or as the JSON text the database holds, its time as a datetime or as the
    text SQLite stores: `YYYY-MM-DD HH:MM:SS.ffffff`, in UTC). Changes `normal` in place."""
    time = normal[_TIME]
    if isinstance(time, datetime):
        normal[_TIME] = utc(time).isoformat(timespec="microseconds")
    elif isinstance(time, str) and len(time) == 26 and time[10] == " ":
        normal[_TIME] = f"{time[:10]}T{time[11:]}+00:00"
    for index in (_KIND, _DECISION):
        value = normal[index]
        if isinstance(value, enum.Enum):
            normal[index] = value.value
    counts = normal[_PII]
    if isinstance(counts, str | bytes):
        counts = _decode_counts(counts)
    normal[_PII] = sorted((counts or {}).items())
    return _encode(normal)


def chain_hash(values: Mapping[str, Any]) -> str:
    return hashlib.sha256(canonical(values)).hexdigest()


def sign(key: bytes | None, digest: str) -> str | None:
    """HMAC-SHA256 of an event hash with the writer's key, or None without a key."""
    return None if key is None else hmac.new(key, digest.encode("ascii"), hashlib.sha256).hexdigest()


GENESIS = "0" * 64
"""The `prev_hash` of a writer's first event."""
