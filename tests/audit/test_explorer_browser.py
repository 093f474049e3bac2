"""The audit explorer in a real browser: Playwright driving Debian's Chromium (`make test` installs it)
against the coordinator's app served by uvicorn. A data-protection officer logs in with a token,
filters, opens a job's trace, and sees a tampered chain flagged. Each page is kept as a screenshot in
`test-artifacts/audit-explorer/`."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from playwright.sync_api import Browser, Page, sync_playwright
from sqlalchemy import text

from federation.server import free_port
from tests.audit.explorer_site import AUDITOR, JOBS, OPERATOR, app
from tests.conftest import REPO

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = REPO / "test-artifacts" / "audit-explorer"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, object]]:
    application, coordinator = app(tmp_path_factory.mktemp("explorer"))
    port = free_port("127.0.0.1")
    server = uvicorn.Server(uvicorn.Config(application, host="127.0.0.1", port=port, log_level="warning"))  # type: ignore[arg-type]
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the explorer's server did not start"
        time.sleep(0.05)
    assert httpx.get(f"{url}/healthz").status_code == 503  # up (not connected to a fabric: 503 by design)
    yield url, coordinator
    server.should_exit = True
    thread.join(10)
    coordinator.audit.store.dispose()  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert CHROMIUM.exists(), "Chromium is missing: `make test` installs it (apt-get install chromium)"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1024, "height": 768})  # readable at 1024 px
    yield context.new_page()
    context.close()


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _log_in(page: Page, url: str, token: str) -> None:
    page.goto(f"{url}/audit")
    assert page.url.endswith("/audit/login")  # not in without a token
    page.fill("input[name=token]", token)
    page.click("button[type=submit]")


def test_an_auditor_logs_in_filters_and_follows_a_job(site: tuple[str, object], page: Page) -> None:
    url, _ = site
    _log_in(page, url, OPERATOR)  # a tenant without the audit role
    assert page.get_by_role("alert").inner_text() == "this token is not one of a tenant with the audit role"
    _shot(page, "login-refused")
    _log_in(page, url, AUDITOR)
    assert page.url.endswith("/audit") and "tenant compliance" in page.inner_text("header")
    assert page.locator("#events tbody tr").count() == 5  # every event
    _shot(page, "events")
    page.fill("input[name=since]", "2026-03-01T21:30:00")
    page.select_option("select[name=tz]", "+09:00")
    page.select_option("select[name=kind]", "routed")
    page.click("text=Search")
    rows = page.locator("#events tbody tr")
    assert rows.count() == 2 and JOBS[1] in rows.nth(0).inner_text()
    assert rows.nth(0).locator("td").first.inner_text() == "2026-03-01 22:00:00.000"  # Seoul time
    _shot(page, "events-filtered")
    page.click(f"text={JOBS[1]}")
    assert page.url.split("?")[0].endswith(f"/audit/jobs/{JOBS[1]}")
    timeline = page.locator("#timeline").inner_text()
    assert "routed" in timeline and "kr-central" in timeline
    _shot(page, "job-trace")


def test_a_tampered_chain_is_flagged_on_the_chains_page(site: tuple[str, object], page: Page) -> None:
    url, coordinator = site
    _log_in(page, url, AUDITOR)
    page.click("header >> text=Chains")
    status = page.locator("#chains tbody tr").first.locator("td").nth(2)
    assert status.inner_text() == "verified"
    assert "eu-west/node-1" in page.locator("#witnessed").inner_text()
    _shot(page, "chains-verified")
    with coordinator.audit.store.engine.begin() as connection:  # type: ignore[attr-defined]
        connection.execute(text("UPDATE audit_events SET target_region = 'us-east' WHERE seq = 1"))
    page.reload()
    status = page.locator("#chains tbody tr").first.locator("td").nth(2)
    assert status.inner_text() == "broken"
    assert status.evaluate("cell => getComputedStyle(cell).color") == "rgb(176, 0, 32)"  # and in red
    assert "event 1: edited" in page.locator("#chains").inner_text()
    _shot(page, "chains-broken")
