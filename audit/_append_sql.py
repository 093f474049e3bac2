"""The append path's plain SQL, on the driver's own connection: the statements per dialect, the writer's
head locked for the transaction, and events as the driver takes them (exactly as SQLAlchemy would
store them, so reading through SQLAlchemy sees the same values)."""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Any

import msgspec

from ._events import GENESIS, Event
from ._time import utc
from ._verify import EVENT_COLUMNS

_INSERT_COLUMNS = [c for c in EVENT_COLUMNS if c != "id"]
_json_bytes = msgspec.json.Encoder().encode


def _json(value: Any) -> str:
    return _json_bytes(value).decode("utf-8")


_pick = itemgetter(*_INSERT_COLUMNS)
_TIME_AT, _PII_AT = _INSERT_COLUMNS.index("time"), _INSERT_COLUMNS.index("pii_counts")


@dataclass(frozen=True, slots=True)
class AppendSql:
    """The statements of an append, in the driver's own parameter style (sqlite3 `?`, psycopg `%s`)."""

    sqlite: bool
    begin: str | None
    """SQLite: take the write lock up front (no upgrade deadlocks); psycopg opens its transaction itself."""
    select_head: str
    create_head: str
    insert_events: str
    update_head: str

    @classmethod
    def for_dialect(cls, dialect: str) -> AppendSql:
        sqlite = dialect == "sqlite"
        mark = "?" if sqlite else "%s"
        lock = "" if sqlite else " FOR UPDATE"  # SQLite: BEGIN IMMEDIATE holds the write lock already
        values = ", ".join(f"{mark}::json" if c == "pii_counts" and not sqlite else mark for c in _INSERT_COLUMNS)
        return cls(
            sqlite=sqlite,
            begin="BEGIN IMMEDIATE" if sqlite else None,
            select_head=f"SELECT seq, hash FROM audit_heads WHERE writer = {mark}{lock}",
            create_head=f"INSERT INTO audit_heads (writer, seq, hash, signature) VALUES ({mark}, -1, {mark}, NULL)"
            " ON CONFLICT (writer) DO NOTHING",
            insert_events=f"INSERT INTO audit_events ({', '.join(_INSERT_COLUMNS)}) VALUES ({values})",
            update_head=f"UPDATE audit_heads SET seq = {mark}, hash = {mark}, signature = {mark} WHERE writer = {mark}",
        )


def lock_head(cursor: Any, sql: AppendSql, writer: str) -> tuple[int, str]:
    """The writer's head (seq, hash), locked until the transaction ends; created on first use."""
    head = cursor.execute(sql.select_head, (writer,)).fetchone()
    if head is None:
        cursor.execute(sql.create_head, (writer, GENESIS))
        head = cursor.execute(sql.select_head, (writer,)).fetchone()
    seq, prev = head
    return (seq, prev) if seq >= 0 else (-1, GENESIS)


def driver_rows(rows: list[dict[str, Any]], sqlite: bool) -> list[tuple[Any, ...]]:
    """Rows as the driver takes them, converted exactly as SQLAlchemy would store them."""
    params = []
    for row in rows:
        values = list(_pick(row))
        values[_PII_AT] = _json(values[_PII_AT])
        if sqlite:  # SQLAlchemy's SQLite DATETIME text format; the time is already UTC
            values[_TIME_AT] = values[_TIME_AT].strftime("%Y-%m-%d %H:%M:%S.%f")
        params.append(tuple(values))
    return params


def row_values(writer: str, seq: int, item: Event, prev: str) -> dict[str, Any]:
    return {
        "writer": writer,
        "seq": seq,
        "time": utc(item.time),
        "kind": str(item.kind),
        "region": item.region,
        "node": item.node,
        "job_id": item.job_id,
        "decision": None if item.decision is None else str(item.decision),
        "policy_digest": item.policy_digest,
        "rule": item.rule,
        "data_class": item.data_class,
        "target_region": item.target_region,
        "model": item.model,
        "pii_counts": dict(sorted(item.pii_counts.items())),
        "payload_hash": item.payload_hash,
        "reason": item.reason,
        "prev_hash": prev,
    }
