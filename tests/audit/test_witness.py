"""Completeness: a chain deleted whole, cut at its tail, or put back from an older copy of the store is
caught against the heads the coordinator witnessed (SQLite and PostgreSQL), and the coordinator
witnesses only a node's own writer, at most once per interval while it moves."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from typer.testing import CliRunner

import audit
from audit._witness import latest_witnessed
from coordinator.service import Coordinator
from federation import subjects
from federation.local import ensure_identities
from federation.memory import MemoryHub
from federation.messages import AuditHead
from federation.pki import node_identity
from fedinfer.cli import app as cli
from tests.audit.conftest import event
from tests.coordinator.peers import RegionPeer, running_coordinator
from tests.coordinator.test_admission import POLICY
from tests.waiting import wait_until

WRITERS = ("eu-west/n1", "eu-west/n2")


@pytest.fixture
def witness(tmp_path: Path) -> Iterator[audit.AuditStore]:
    """The coordinator's store, with the heads it witnessed of the region store's writers."""
    store = audit.AuditStore(f"sqlite:///{tmp_path / 'coordinator.db'}")
    store.migrate()
    yield store
    store.dispose()


def _fill(region: audit.AuditStore, witness: audit.AuditStore, events: int = 5) -> None:
    """Each writer writes `events` events, then the coordinator witnesses its head."""
    heads = []
    for writer in WRITERS:
        head = region.append(writer, [event(job_id=f"j{i}", node=writer[-2:]) for i in range(events)])
        assert head is not None
        heads.append(audit.witnessed("eu-west", writer.split("/")[1], head))
    witness.append("coordinator", heads)


def _problems(region: audit.AuditStore, witness: audit.AuditStore) -> list[tuple[str, str]]:
    report = region.verify(witnessed=witness.witnessed_heads())
    assert report.witnessed
    return [(p.writer, p.kind) for p in report.problems]


def test_an_untouched_store_is_complete_up_to_its_witnessed_heads(
    store: audit.AuditStore, witness: audit.AuditStore
) -> None:
    _fill(store, witness)
    store.append("eu-west/n1", [event(job_id="later")])  # written after the last witness: fine
    assert _problems(store, witness) == []
    report = store.verify(witnessed=witness.witnessed_heads())
    assert [chain.witnessed.head.seq for chain in report.chains if chain.witnessed] == [4, 4]


def test_a_chain_deleted_with_its_head_is_missing(store: audit.AuditStore, witness: audit.AuditStore) -> None:
    _fill(store, witness)
    with store.engine.begin() as connection:
        connection.execute(text("DELETE FROM audit_events WHERE writer = 'eu-west/n2'"))
        connection.execute(text("DELETE FROM audit_heads WHERE writer = 'eu-west/n2'"))
    assert store.verify().ok  # what is left is a valid chain: integrity alone cannot tell
    assert _problems(store, witness) == [("eu-west/n2", "missing")]


def test_a_tail_cut_with_the_head_set_back_is_rolled_back(store: audit.AuditStore, witness: audit.AuditStore) -> None:
    _fill(store, witness)
    with store.engine.begin() as connection:
        previous = connection.execute(
            text("SELECT hash FROM audit_events WHERE writer = 'eu-west/n1' AND seq = 2")
        ).scalar_one()
        connection.execute(text("DELETE FROM audit_events WHERE writer = 'eu-west/n1' AND seq > 2"))
        connection.execute(
            text("UPDATE audit_heads SET seq = 2, hash = :hash WHERE writer = 'eu-west/n1'"), {"hash": previous}
        )
    assert store.verify().ok
    assert _problems(store, witness) == [("eu-west/n1", "rolled-back")]


def test_an_older_copy_restored_and_written_on_is_rolled_back(
    store: audit.AuditStore, witness: audit.AuditStore
) -> None:
    for writer in WRITERS:
        store.append(writer, [event(job_id=f"j{i}") for i in range(3)])
    with store.engine.begin() as connection:  # the backup of that moment
        connection.execute(text("CREATE TABLE backup_events AS SELECT * FROM audit_events"))
        connection.execute(text("CREATE TABLE backup_heads AS SELECT * FROM audit_heads"))
    _fill(store, witness, events=2)  # two more each, witnessed at event 4
    with store.engine.begin() as connection:  # the old copy put back...
        for table in ("audit_events", "audit_heads"):
            connection.execute(text(f"DELETE FROM {table}"))
            connection.execute(text(f"INSERT INTO {table} SELECT * FROM backup_{table.removeprefix('audit_')}"))
    for writer in WRITERS:  # ...and written on: as many events as were witnessed, other ones
        store.append(writer, [event(job_id="after-restore") for _ in range(2)])
    assert store.verify().ok
    assert _problems(store, witness) == [("eu-west/n1", "rolled-back"), ("eu-west/n2", "rolled-back")]


def test_verify_names_the_expected_writer_it_did_not_find_and_exits_1(tmp_path: Path) -> None:
    region = audit.AuditStore(f"sqlite:///{tmp_path / 'region.db'}")
    region.migrate()
    coordinator = audit.AuditStore(f"sqlite:///{tmp_path / 'coordinator.db'}")
    coordinator.migrate()
    _fill(region, coordinator)
    region_url, coordinator_url = str(region.engine.url), str(coordinator.engine.url)
    runner = CliRunner()
    ok = runner.invoke(cli, ["audit", "verify", "--db", region_url, "--witness-db", coordinator_url])
    assert ok.exit_code == 0, ok.output
    assert "eu-west/n1: 5 events, intact, signatures not checked (no --key-file), witnessed up to event 4" in ok.output
    assert "complete up to the witnessed heads" in ok.output
    with region.engine.begin() as connection:
        connection.execute(text("DELETE FROM audit_events WHERE writer = 'eu-west/n2'"))
        connection.execute(text("DELETE FROM audit_heads WHERE writer = 'eu-west/n2'"))
    bad = runner.invoke(cli, ["audit", "verify", "--db", region_url, "--witness-db", coordinator_url])
    assert bad.exit_code == 1, bad.output
    assert (
        "eu-west/n2 event 0: missing: the whole chain is missing; the coordinator witnessed it at event 4" in bad.output
    )
    alone = runner.invoke(cli, ["audit", "verify", "--db", region_url])
    assert alone.exit_code == 0 and "completeness not checked (no --witness-db)" in alone.output
    region.dispose()
    coordinator.dispose()


# -- the coordinator's side ------------------------------------------------------------------------


async def test_the_coordinator_witnesses_a_nodes_own_writer_once_per_interval(tmp_path: Path) -> None:
    pki_dir = tmp_path / "pki"
    ensure_identities(pki_dir, list(POLICY.regions))
    hub = MemoryHub(pki_dir, POLICY.regions)
    async with running_coordinator(hub, tmp_path / "coordinator.db", witness_interval_s=0.5) as coordinator:
        await _witnessing(coordinator, RegionPeer(hub.connect(node_identity("eu-west")), "eu-west"))


async def _witnessing(coordinator: Coordinator, eu: RegionPeer) -> None:
    writer = coordinator.audit
    store = writer.store

    async def beat(writer_name: str, seq: int) -> None:
        head = AuditHead(writer=writer_name, seq=seq, hash=f"{seq:064x}")
        message = eu.heartbeat_message("eu-west").model_copy(update={"audit_head": head, "sent_at": time.time()})
        await eu.connection.publish(subjects.heartbeat("eu-west", "n1"), message.encode())

    async def witnessed() -> dict[str, int]:
        await writer.flush()
        return {w: h.head.seq for w, h in latest_witnessed(audit.iter_all(store, audit.EventFilter())).items()}

    await beat("eu-west/n1", 3)
    await wait_until(lambda: coordinator.registry.regions(time.time()), "eu-west live")
    await beat("eu-west/n1", 4)  # within the interval: not recorded again
    await beat("us-east/n1", 9)  # another region's writer: not this node's to report
    assert await witnessed() == {"eu-west/n1": 3}
    rejected = {"kind": "heartbeat", "reason": "not_own"}
    assert coordinator.metrics.registry.get_sample_value("fedinfer_messages_rejected_total", rejected) == 1
    await asyncio.sleep(0.6)  # the witness interval itself is what passes here
    await beat("eu-west/n1", 5)

    async def advanced() -> bool:
        return (await witnessed()).get("eu-west/n1") == 5

    await wait_until(advanced, "the next head witnessed")
