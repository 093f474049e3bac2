"""Times are stored and compared in UTC on SQLite and PostgreSQL; a filter's offset is honoured, and a
time without one means UTC."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import audit
from audit.api import make_router
from fedinfer.cli import app as cli
from tests.audit.conftest import event

TOKYO = timezone(timedelta(hours=9))
# When each job's event happened, in UTC. The Tokyo-stamped one is stored as 03:00 UTC.
HAPPENED = {
    "tokyo-noon": "2025-01-01T03:00:00+00:00",
    "utc-noon": "2025-01-01T12:00:00+00:00",
    "utc-1202": "2025-01-01T12:02:00+00:00",
    "new-york-1202": "2025-01-01T17:02:00+00:00",
    "utc-1705": "2025-01-01T17:05:00+00:00",
}

# (filters as a user types them, the jobs they expect)
CASES = [
    ({"since": "2025-01-01T12:02:00Z"}, ["utc-1202", "new-york-1202", "utc-1705"]),
    ({"since": "2025-01-01T12:02:00"}, ["utc-1202", "new-york-1202", "utc-1705"]),  # no offset: UTC
    ({"since": "2025-01-01T12:02:00+09:00"}, ["utc-noon", "utc-1202", "new-york-1202", "utc-1705"]),  # 03:02Z
    ({"since": "2025-01-01T12:02:00-05:00"}, ["new-york-1202", "utc-1705"]),  # 17:02Z
    ({"until": "2025-01-01T12:00:00+09:00"}, ["tokyo-noon"]),  # 03:00Z, inclusive
    ({"until": "2025-01-01T12:02:00-05:00"}, ["tokyo-noon", "utc-noon", "utc-1202", "new-york-1202"]),
    ({"since": "2025-01-01T12:00:00Z", "until": "2025-01-01T07:02:00-05:00"}, ["utc-noon", "utc-1202"]),
]
IDS = ["Z", "no-offset", "plus-09", "minus-05", "until-plus-09", "until-minus-05", "Z-to-minus-05"]


def _fill(store: audit.AuditStore) -> None:
    stamps = {
        "tokyo-noon": datetime(2025, 1, 1, 12, 0, tzinfo=TOKYO),
        "utc-noon": datetime(2025, 1, 1, 12, 0, tzinfo=UTC),
        "utc-1202": datetime(2025, 1, 1, 12, 2, tzinfo=UTC),
        "new-york-1202": datetime(2025, 1, 1, 12, 2, tzinfo=timezone(timedelta(hours=-5))),
        "utc-1705": datetime(2025, 1, 1, 17, 5, tzinfo=UTC),
    }
    store.append("eu-west/n1", [event(job_id=job, time=time) for job, time in reversed(stamps.items())])


@pytest.mark.parametrize(("filters", "expected"), CASES, ids=IDS)
def test_filters_honour_offsets(store: audit.AuditStore, filters: dict[str, str], expected: list[str]) -> None:
    _fill(store)
    parsed = {name: audit.parse_time(value) for name, value in filters.items()}
    events = store.query(audit.EventFilter(**parsed)).events  # type: ignore[arg-type]
    assert [e["job_id"] for e in events] == expected
    assert [e["time"] for e in events] == [HAPPENED[job] for job in expected]  # shown in UTC


@pytest.mark.parametrize(("filters", "expected"), CASES, ids=IDS)
def test_the_endpoint_honours_offsets(store: audit.AuditStore, filters: dict[str, str], expected: list[str]) -> None:
    _fill(store)
    app = FastAPI()
    app.include_router(make_router(lambda: store))
    response = TestClient(app).get("/v1/audit/events", params=filters)
    assert response.status_code == 200, response.text
    assert [e["job_id"] for e in response.json()["data"]] == expected


@pytest.mark.parametrize(("filters", "expected"), CASES, ids=IDS)
def test_the_cli_honours_offsets(tmp_path: Path, filters: dict[str, str], expected: list[str]) -> None:
    store = audit.AuditStore(f"sqlite:///{tmp_path / 'audit.db'}")
    store.migrate()
    _fill(store)
    store.dispose()
    options = [arg for name, value in filters.items() for arg in (f"--{name}", value)]
    result = CliRunner().invoke(
        cli, ["audit", "query", "--db", str(tmp_path / "audit.db"), "--format", "json", *options]
    )
    assert result.exit_code == 0, result.output
    assert [e["job_id"] for e in json.loads(result.stdout)] == expected


def test_all_rows_without_filters(store: audit.AuditStore) -> None:
    _fill(store)  # the control: every event, oldest first, whatever offset it was stamped with
    assert [e["job_id"] for e in store.query(audit.EventFilter()).events] == list(HAPPENED)
    assert store.verify().ok
