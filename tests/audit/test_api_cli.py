"""The query endpoint and `fedinfer audit query|verify`."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import audit
from audit.api import make_router
from fedinfer.cli import app as cli
from tests.audit.conftest import event


def _client(store: audit.AuditStore) -> TestClient:
    app = FastAPI()
    app.include_router(make_router(lambda: store))
    return TestClient(app)


def test_endpoint_filters_and_pages(store: audit.AuditStore) -> None:
    store.append("eu-west/n1", [event(job_id=f"j{i % 3}") for i in range(12)])
    client = _client(store)
    first = client.get("/v1/audit/events", params={"job_id": "j1", "limit": 2})
    assert first.status_code == 200
    body = first.json()
    assert [e["job_id"] for e in body["data"]] == ["j1", "j1"]
    rest = client.get("/v1/audit/events", params={"job_id": "j1", "after": body["next_cursor"], "limit": 10}).json()
    assert len(rest["data"]) == 2 and rest["next_cursor"] is None
    assert client.get("/v1/audit/events", params={"after": "nope"}).status_code == 400
    assert client.get("/v1/audit/events", params={"kind": "exfiltrated"}).status_code == 422


def test_cli_query_formats_and_verify(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'audit.db'}"
    store = audit.AuditStore(url)
    store.migrate()
    store.append("eu-west/n1", [event(job_id="j1"), event(audit.EventKind.SERVED_LOCAL, job_id="j1")])
    runner = CliRunner()
    as_json = runner.invoke(cli, ["audit", "query", "--db", url, "--job-id", "j1", "--format", "json"])
    assert as_json.exit_code == 0, as_json.output
    assert [e["kind"] for e in json.loads(as_json.output)] == ["received", "served_local"]
    as_csv = runner.invoke(cli, ["audit", "query", "--db", url, "--format", "csv"])
    assert [r["kind"] for r in csv.DictReader(io.StringIO(as_csv.output))] == ["received", "served_local"]
    table = runner.invoke(cli, ["audit", "query", "--db", url])
    assert "served_local" in table.output
    ok = runner.invoke(cli, ["audit", "verify", "--db", url])
    assert ok.exit_code == 0, ok.output
    assert ok.stdout.splitlines() == [
        "eu-west/n1: 2 events, intact, signatures not checked (no --key-file)",
        "OK, signatures not checked: 2 events in 1 chains hash-verified only; pass --key-file to check signatures;"
        " completeness not checked (no --witness-db)",
    ]
    with store.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE audit_events SET job_id = 'j9' WHERE seq = 0")
    bad = runner.invoke(cli, ["audit", "verify", "--db", url])
    assert bad.exit_code == 1
    assert "eu-west/n1 event 0: edited: event 0 was changed after it was written" in bad.output
    store.dispose()
