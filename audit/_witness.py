"""Witnessed chain heads: completeness, not only integrity.

A chain proves that nothing inside it was changed; it cannot prove that it is all there: delete one
writer's rows with its head, cut its newest events, or put back last week's copy of the database,
and what is left is a valid chain. So each region node reports its writer's head (sequence number
and hash) in its heartbeats, and the coordinator records it, at most every `WITNESS_INTERVAL_S` per
writer, as a `witnessed` event in its own chain, outside the region's store. `verify` with the
coordinator's store then names every witnessed writer whose chain is missing, ends before the
witnessed sequence number, or holds another event there (a rewritten or restored copy).

A witnessed event is an ordinary event: `region` and `node` are the writer's, `rule` holds the writer
(`<region>/<node>`), `payload_hash` the head's hash, and `reason` `seq <n>`. This module is the one
place that writes and reads that form. Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ._events import Event, EventKind
from ._time import utc

WITNESS_INTERVAL_S = 10.0
"""How often, at most, the coordinator records a writer's head while it moves: the window in which
events written after the last witnessed head can be removed without a trace (see docs/audit.md)."""

_SEQ = re.compile(r"^seq (\d+)$")


@dataclass(frozen=True, slots=True)
class Head:
    """A writer's newest event: its sequence number and hash."""

    writer: str
    seq: int
    hash: str


@dataclass(frozen=True, slots=True)
class WitnessedHead:
    head: Head
    time: datetime
    """When the coordinator recorded it."""


def witnessed(region: str, node: str, head: Head) -> Event:
    """The coordinator's event recording `head`, which `region`/`node` reported."""
    return Event(
        EventKind.WITNESSED,
        region=region,
        node=node,
        rule=head.writer,
        payload_hash=head.hash,
        reason=f"seq {head.seq}",
    )


def latest_witnessed(events: Iterable[Mapping[str, Any]]) -> dict[str, WitnessedHead]:
    """The newest witnessed head per writer, from a store's `witnessed` events (as queried: dicts)."""
    latest: dict[str, WitnessedHead] = {}
    for event in events:
        match = _SEQ.match(str(event.get("reason") or ""))
        writer, digest = event.get("rule"), event.get("payload_hash")
        if event.get("kind") != EventKind.WITNESSED or match is None or not writer or not digest:
            continue
        head = WitnessedHead(Head(str(writer), int(match[1]), str(digest)), utc(_time(event["time"])))
        known = latest.get(head.head.writer)
        if known is None or head.head.seq >= known.head.seq:
            latest[head.head.writer] = head
    return latest


def _time(value: Any) -> datetime:
    return value if isinstance(value, datetime) else datetime.fromisoformat(str(value))


def region_of(writer: str) -> str:
    """The region a writer (`<region>/<node>`) belongs to."""
    return writer.split("/", 1)[0]
