"""A tamper-evident, queryable audit log: metadata of every hop, hash-chained per writer.

No row holds a prompt, a completion or a detected value: only kinds, regions, rules, counts of PII
entities by type and hashes of sanitized payloads.
"""

from ._errors import AuditError, AuditUnavailable
from ._events import Decision, Event, EventKind, payload_hash
from ._store import WAL_RESERVE_BYTES, AuditStore, EventFilter, Page, Problem, VerifyReport, iter_all
from ._writer import AuditWriter

__all__ = [
    "WAL_RESERVE_BYTES",
    "AuditError",
    "AuditStore",
    "AuditUnavailable",
    "AuditWriter",
    "Decision",
    "Event",
    "EventFilter",
    "EventKind",
    "Page",
    "Problem",
    "VerifyReport",
    "iter_all",
    "payload_hash",
]
