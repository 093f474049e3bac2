"""The audit explorer's pages, server side: the token's role decides, times follow the chosen zone,
exports hold exactly the filtered events, and a tampered chain is called broken."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from tests.audit.explorer_site import AUDITOR, JOBS, OPERATOR, app


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[TestClient, object]]:
    application, coordinator = app(tmp_path)
    with TestClient(application) as client:  # type: ignore[arg-type]
        yield client, coordinator
    coordinator.audit.store.dispose()  # type: ignore[attr-defined]


@pytest.fixture
def client(site: tuple[TestClient, object]) -> TestClient:
    return site[0]


def _login(client: TestClient, token: str = AUDITOR) -> None:
    response = client.post("/audit/login", data={"token": token}, follow_redirects=False)
    assert response.status_code == 303, response.text
    cookie = response.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/audit" in cookie


def test_pages_need_a_token_with_the_audit_role(client: TestClient) -> None:
    assert client.get("/audit", follow_redirects=False).headers["location"] == "/audit/login"
    refused = client.post("/audit/login", data={"token": OPERATOR}, follow_redirects=False)
    assert refused.status_code == 401 and "not one of a tenant with the audit role" in refused.text
    assert client.get("/audit", follow_redirects=False).status_code == 303  # still not let in
    _login(client)  # control: the auditor's token
    page = client.get("/audit")
    assert page.status_code == 200 and "tenant compliance" in page.text and JOBS[0] in page.text


def test_times_are_shown_and_read_in_the_chosen_zone(client: TestClient) -> None:
    _login(client)
    # 21:30 in Seoul is 12:30 UTC: only the jobs of 13:00 and 14:00 UTC are after it
    page = client.get("/audit", params={"since": "2026-03-01T21:30", "tz": "+09:00", "kind": "routed"}).text
    assert JOBS[0] not in page and JOBS[1] in page and JOBS[2] in page
    assert "2026-03-01 22:00:00.000" in page  # 13:00 UTC, shown in Seoul time
    same = client.get("/audit", params={"since": "2026-03-01T12:30", "tz": "UTC", "kind": "routed"}).text
    assert JOBS[0] not in same and JOBS[1] in same  # control: the same instant written in UTC
    bad = client.get("/audit", params={"since": "yesterday"}).text
    assert "since:" in bad and "yesterday" in bad


def test_export_holds_exactly_the_filtered_events(client: TestClient) -> None:
    _login(client)
    as_csv = client.get("/audit/export", params={"format": "csv", "kind": "routed", "region": "eu-west"})
    assert as_csv.headers["content-type"].startswith("text/csv")
    assert [row["job_id"] for row in csv.DictReader(io.StringIO(as_csv.text))] == list(JOBS)
    as_jsonl = client.get("/audit/export", params={"format": "jsonl", "region": "kr-central"})
    assert [json.loads(line)["kind"] for line in as_jsonl.text.splitlines()] == ["refused"]


def test_a_job_page_shows_the_trace_across_regions(client: TestClient) -> None:
    _login(client)
    page = client.get(f"/audit/jobs/{JOBS[1]}", params={"tz": "+09:00"}).text
    assert "routed" in page and "kr-central" in page and "unavailable" in page  # regions not reachable here
    assert "2026-03-01 22:00:00.000" in page


def test_chain_status_is_verified_until_the_chain_is_tampered(site: tuple[TestClient, object]) -> None:
    client, coordinator = site
    _login(client)
    page = client.get("/audit/chains").text
    assert 'class="state-verified">verified' in page
    assert "eu-west/node-1" in page and ">41<" in page  # the witnessed head of a region writer
    with coordinator.audit.store.engine.begin() as connection:  # type: ignore[attr-defined]
        connection.execute(text("UPDATE audit_events SET target_region = 'us-east' WHERE seq = 1"))
    broken = client.get("/audit/chains").text
    assert 'class="state-broken">broken' in broken and "event 1: edited" in broken
