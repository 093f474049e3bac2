"""Append, query, paginate and migrate, on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import audit
from tests.audit.conftest import event


def test_append_then_query_with_every_filter(store: audit.AuditStore) -> None:
    start = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    store.append(
        "eu-west/n1",
        [
            event(job_id="j1", time=start),
            event(
                audit.EventKind.EGRESS_ALLOWED,
                job_id="j1",
                decision=audit.Decision.ALLOWED,
                data_class="personal",
                rule="eu-personal",
                target_region="us-east",
                pii_counts={"PERSON": 2},
                time=start + timedelta(seconds=1),
            ),
            event(
                audit.EventKind.EGRESS_DENIED,
                job_id="j2",
                decision=audit.Decision.DENIED,
                data_class="sensitive",
                time=start + timedelta(seconds=2),
            ),
        ],
    )
    store.append(
        "us-east/n1",
        [event(audit.EventKind.EXECUTED, region="us-east", job_id="j1", time=start + timedelta(seconds=3))],
    )

    def kinds(**filters: object) -> list[str]:
        return [e["kind"] for e in store.query(audit.EventFilter(**filters)).events]  # type: ignore[arg-type]

    assert kinds(job_id="j1") == ["received", "egress_allowed", "executed"]
    assert kinds(region="us-east") == ["executed"]
    assert kinds(kind=audit.EventKind.EGRESS_DENIED) == ["egress_denied"]
    assert kinds(decision=audit.Decision.ALLOWED) == ["egress_allowed"]
    assert kinds(data_class="sensitive") == ["egress_denied"]
    assert kinds(since=start + timedelta(seconds=1), until=start + timedelta(seconds=2)) == [
        "egress_allowed",
        "egress_denied",
    ]
    allowed = store.query(audit.EventFilter(kind=audit.EventKind.EGRESS_ALLOWED)).events[0]
    assert allowed["pii_counts"] == {"PERSON": 2}
    assert allowed["target_region"] == "us-east" and allowed["rule"] == "eu-personal"
    assert allowed["time"].startswith("2026-11-30T12:00:01")


def test_keyset_pagination_returns_each_event_once(store: audit.AuditStore) -> None:
    store.append("eu-west/n1", [event(job_id=f"job-{i:03d}") for i in range(57)])
    seen: list[str] = []
    after = None
    pages = 0
    while True:
        page = store.query(audit.EventFilter(region="eu-west"), after=after, limit=10)
        seen += [e["job_id"] for e in page.events]
        pages += 1
        if page.next_cursor is None:
            break
        after = page.next_cursor
    assert seen == [f"job-{i:03d}" for i in range(57)]
    assert pages == 6


def test_a_foreign_cursor_is_refused_with_the_fix(store: audit.AuditStore) -> None:
    with pytest.raises(ValueError, match="pass `next_cursor` back unchanged"):
        store.query(audit.EventFilter(), after="page-2")


def test_migrations_are_idempotent(store: audit.AuditStore) -> None:
    store.append("eu-west/n1", [event()])
    store.migrate()
    assert store.count() == 1


def test_chains_are_per_writer(store: audit.AuditStore) -> None:
    store.append("eu-west/n1", [event(), event()])
    store.append("eu-west/n2", [event(node="n2")])
    store.append("eu-west/n1", [event()])
    rows = store.query(audit.EventFilter(writer="eu-west/n1")).events
    assert [r["seq"] for r in rows] == [0, 1, 2]
    assert rows[1]["prev_hash"] == rows[0]["hash"] and rows[2]["prev_hash"] == rows[1]["hash"]
    assert store.verify().ok


def test_a_reserved_log_takes_durable_appends_without_growing(store: audit.AuditStore, tmp_path: Path) -> None:
    store.reserve_wal()
    store.reserve_wal()  # a second call (a restarted node) changes nothing
    if store.engine.dialect.name != "sqlite":
        assert store.count() == 0  # nothing to reserve on PostgreSQL, and nothing written
        return
    wal = tmp_path / "audit.db-wal"
    reserved = wal.stat().st_size
    assert reserved >= audit.WAL_RESERVE_BYTES
    for i in range(50):  # a fresh store's log would grow by ~27 KB per append of two events
        store.append("eu-west/n1", [event(job_id=f"j{i}"), event(audit.EventKind.EGRESS_ALLOWED, job_id=f"j{i}")])
    assert wal.stat().st_size == reserved
    assert store.count() == 100 and store.verify().ok  # the filler left no table and no event behind
    with store.engine.connect() as connection:
        tables = {row[0] for row in connection.exec_driver_sql("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "fedinfer_wal_reserve" not in tables
