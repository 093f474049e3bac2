"""A tamper-evident, queryable audit log: metadata of every hop, hash-chained per writer.

No row holds a prompt, a completion or a detected value: only kinds, regions, rules, counts of PII
entities by type and hashes of sanitized payloads.
"""

from ._errors import AuditError, AuditStoreNotFound, AuditUnavailable, UnknownWriter
from ._events import Decision, Event, EventKind, payload_hash
from ._hops import JobRecord, rejected
from ._open import open_for_reading, store_url
from ._policy import newest_published, policy_in_force
from ._store import WAL_RESERVE_BYTES, AuditStore, EventFilter, Page, iter_all
from ._time import parse_time, utc
from ._verify import ChainReport, Problem, VerifyReport
from ._witness import WITNESS_INTERVAL_S, Head, WitnessedHead, witnessed
from ._writer import AuditWriter

__all__ = [
    "WAL_RESERVE_BYTES",
    "WITNESS_INTERVAL_S",
    "AuditError",
    "AuditStore",
    "AuditStoreNotFound",
    "AuditUnavailable",
    "AuditWriter",
    "ChainReport",
    "Decision",
    "Event",
    "EventFilter",
    "EventKind",
    "Head",
    "JobRecord",
    "Page",
    "Problem",
    "UnknownWriter",
    "VerifyReport",
    "WitnessedHead",
    "iter_all",
    "newest_published",
    "open_for_reading",
    "parse_time",
    "payload_hash",
    "policy_in_force",
    "rejected",
    "store_url",
    "utc",
    "witnessed",
]
