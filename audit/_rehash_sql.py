"""Verify's fast path on SQLite: the database writes each event's canonical form itself (`json_array`, in
C), so Python hashes one text per event instead of reading seventeen columns and encoding them again
(which cost more than the hashing: ~6 of ~9 µs an event, measured).

The path can only confirm an event, never condemn one. The text SQLite writes is a JSON encoding of the
stored values, laid out as `_events.canonical_row` lays them out; when it hashes to the stored hash, the
stored values are the ones that were hashed. Only values shaped as the writer stores them get that far:
a time or counts column in any other shape (another type, a NUL inside, counts that are not a JSON
object) is written as null, which no writer hashed. When the text does not hash to the stored hash (an
edit, or a value SQLite escapes unlike msgspec), the event is a suspect, and the reference
`_verify.rehashed` judges it from its columns."""

from __future__ import annotations

import hashlib
import sqlite3
from operator import itemgetter
from typing import Any

from ._events import CHAINED_FIELDS
from ._verify import Link

_PLAIN = "typeof({0}) = 'text' AND instr(CAST({0} AS BLOB), x'00') = 0"
"""A text value without a NUL character: SQLite's `length`, `substr` and JSON parser stop reading text at
its first NUL, so anything after one would be invisible to them (and confirmed with the rest)."""

_AS_STORED = {
    # SQLAlchemy's SQLite DATETIME text, in UTC, reshaped as `canonical_row` reshapes it. Anything else is
    # null here, which no writer hashed: a suspect, for the reference.
    "time": (
        f"CASE WHEN {_PLAIN.format('time')} AND length(time) = 26 AND substr(time, 11, 1) = ' '"
        " THEN substr(time, 1, 10) || 'T' || substr(time, 12) || '+00:00' END"
    ),
    # The counts as [key, count] pairs, in the order stored (the writer stores an object, sorted, as the
    # reference sorts it; another order is only a suspect). Anything but a JSON object is null: a suspect.
    "pii_counts": (
        f"CASE WHEN {_PLAIN.format('pii_counts')} AND substr(pii_counts, 1, 1) = '{{' AND json_valid(pii_counts)"
        " THEN (SELECT json_group_array(json_array(key, value)) FROM json_each(pii_counts)) END"
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


def links_and_suspects(connection: Any, writer: str) -> tuple[list[Link], list[int]] | None:
    """`writer`'s links (ordered by seq), and the seqs of its events whose canonical text, as SQLite
    writes it, does not hash to their stored hash; None when SQLite cannot write some event's text (a
    BLOB where the writer stores text): then the reference judges the chain. `connection`: the sqlite3
    connection, in the verifying transaction."""
    sha256 = hashlib.sha256
    links: list[Link] = []
    suspects: list[int] = []
    cursor = connection.execute(SELECT_CANONICAL, (writer,))
    try:
        while rows := cursor.fetchmany(_BATCH):
            links += map(_LINK, rows)
            suspects += [row[0] for row in rows if sha256(row[4].encode("utf-8")).hexdigest() != row[1]]
    except sqlite3.Error:  # a value SQLite's JSON cannot hold (a BLOB): the reference reads the whole chain
        return None
    finally:
        cursor.close()
    return links, suspects
