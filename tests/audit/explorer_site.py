"""A coordinator's admin app with its audit explorer, over a real SQLite store with a few jobs (and a
region writer's witnessed head), for the explorer's page tests and browser tests. The coordinator is
not connected to a fabric: its trace answers with its own events and one `unavailable` per region."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import audit
import policy
from coordinator.api import create_app
from coordinator.service import Coordinator
from coordinator.tenants import Tenant, Tenants, hash_token
from tests.conftest import EXAMPLES

POLICY = policy.load(EXAMPLES / "policies" / "federation.yaml")
KEY = b"coordinator-key-for-tests"
AUDITOR = "fi-explorer-auditor"
OPERATOR = "fi-explorer-operator-without-audit"
TENANTS = Tenants(
    (
        Tenant(name="compliance", token_sha256=hash_token(AUDITOR), roles=("audit",)),
        Tenant(name="ops", token_sha256=hash_token(OPERATOR), roles=("admin",)),
    )
)
JOBS = ("job-0000000000000001", "job-0000000000000002", "job-0000000000000003")
NOON = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def coordinator(tmp_path: Path) -> Coordinator:
    store = audit.AuditStore(f"sqlite:///{tmp_path / 'coordinator-audit.db'}")
    store.migrate()
    events = []
    for hour, job in enumerate(JOBS):
        when = NOON.replace(hour=12 + hour)  # 12:00, 13:00, 14:00 UTC
        record = audit.JobRecord("eu-west", "coordinator", job, data_class="personal", policy_digest=POLICY.digest)
        routed = record.routed("kr-central", {"PERSON": 1}, "sha256:" + "0" * 64, "routed to kr-central (cost 0.1)")
        events.append(_at(routed, when))
    events.append(_at(audit.JobRecord("kr-central", "coordinator", "job-0000000000000009").refused("late"), NOON))
    events.append(audit.witnessed("eu-west", "node-1", audit.Head("eu-west/node-1", 41, "a" * 64)))
    store.append("coordinator", events, key=KEY)
    return Coordinator(
        nats_url="tls://127.0.0.1:1",  # never connected: start() is not called
        pki_dir=tmp_path,
        policy=POLICY,
        audit=audit.AuditWriter(store, "coordinator", key=KEY),
    )


def _at(event: audit.Event, when: datetime) -> audit.Event:
    from dataclasses import replace

    return replace(event, time=when)


def app(tmp_path: Path) -> tuple[object, Coordinator]:
    running = coordinator(tmp_path)
    return create_app(running, tenants=TENANTS), running
