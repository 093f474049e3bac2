"""Verify's fast path on SQLite: the database writes each event's canonical form itself (`json_array`, in
C), so Python hashes one text per event instead of reading seventeen columns and encoding them again
(which cost more than the hashing: ~6 of ~9 µs an event, measured).

The path can only confirm an event, never condemn one. The text SQLite writes is a JSON encoding of the
stored values, laid out as `_events.canonical_row` lays them out; when it hashes to the stored hash, the
stored values are the ones that were hashed (whatever their representation, the reference would accept
them too). When it does not (an edit, or a value SQLite escapes unlike msgspec), the event is a suspect,
and the reference `_verify.rehashed` judges it from its columns."""

from __future__ import annotations

import hashlib
from operator import itemgetter
from typing import Any

from ._events import CHAINED_FIELDS
from ._verify import Link

_AS_STORED = {
    "time": (
        # SQLAlchemy's SQLite DATETIME text, in UTC, read as `canonical_row` reads it; other text as it is.
        "CASE WHEN length(CAST(time AS TEXT)) = 26 AND substr(time, 11, 1) = ' '"
        " THEN substr(time, 1, 10) || 'T' || substr(time, 12) || '+00:00' ELSE CAST(time AS TEXT) END"
    ),
    # The counts as [key, count] pairs, in the order stored (the writer stores them sorted, as the
    # reference sorts them; another order is only a suspect). Text that is not JSON stays a string.
    "pii_counts": (
        "CASE WHEN json_valid(pii_counts)"
        " THEN (SELECT json_group_array(json_array(key, value)) FROM json_each(pii_counts))"
        " ELSE pii_counts END"
    ),
}

SELECT_CANONICAL = (
    "SELECT seq, hash, prev_hash, signature, json_array("
    + ", ".join(_AS_STORED.get(name, name) for name in CHAINED_FIELDS)
    + ") FROM audit_events WHERE writer = ? ORDER BY seq"
)
"""One writer's links, each with its event's canonical text."""

_LINK = itemgetter(0, 1, 2, 3)
_BATCH = 20_000


def links_and_suspects(connection: Any, writer: str) -> tuple[list[Link], list[int]]:
    """`writer`'s links (ordered by seq), and the seqs of its events whose canonical text, as SQLite
    writes it, does not hash to their stored hash. `connection`: the sqlite3 connection, in the
    verifying transaction."""
    sha256 = hashlib.sha256
    links: list[Link] = []
    suspects: list[int] = []
    cursor = connection.execute(SELECT_CANONICAL, (writer,))
    try:
        while rows := cursor.fetchmany(_BATCH):
            links += map(_LINK, rows)
            suspects += [row[0] for row in rows if sha256(row[4].encode("utf-8")).hexdigest() != row[1]]
    finally:
        cursor.close()
    return links, suspects
