"""The batching writer: nothing lost on close, on restart, under concurrency, or on a crash."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest

import audit
from tests.audit.conftest import event
from tests.conftest import REPO


async def test_queued_events_are_all_written_on_close(store: audit.AuditStore) -> None:
    async with audit.AuditWriter(store, "eu-west/n1") as writer:
        for i in range(500):
            writer.emit(event(job_id=f"j{i}"))
    assert store.count() == 500
    assert store.verify().ok
    assert writer.written == 500


async def test_durable_emit_returns_after_the_commit(store: audit.AuditStore) -> None:
    async with audit.AuditWriter(store, "eu-west/n1") as writer:
        writer.emit(event(job_id="before"))
        await writer.emit_durable(event(audit.EventKind.EGRESS_ALLOWED, job_id="decision"))
        # Visible to any other reader now, before the writer closes: both, in order.
        jobs = [e["job_id"] for e in store.query(audit.EventFilter(region="eu-west")).events]
        assert jobs == ["before", "decision"]


async def test_an_event_keeps_the_time_it_happened_not_when_its_batch_was_written(store: audit.AuditStore) -> None:
    async with audit.AuditWriter(store, "eu-west/n1", linger_s=1.0) as writer:
        happened = datetime.now(UTC)
        writer.emit(event(job_id="early"))
        await asyncio.sleep(0.3)  # the batch lingers
        await writer.flush()
    stored = datetime.fromisoformat(store.query(audit.EventFilter(job_id="early")).events[0]["time"])
    assert abs((stored - happened).total_seconds()) < 0.1


async def test_concurrent_durable_emits_share_commits(store: audit.AuditStore) -> None:
    async with audit.AuditWriter(store, "eu-west/n1") as writer:
        await asyncio.gather(*(writer.emit_durable(event(job_id=f"j{i}")) for i in range(200)))
    assert store.count() == 200 and store.verify().ok


async def test_a_worker_thread_commits_its_event_with_those_queued_before_it(store: audit.AuditStore) -> None:
    async with audit.AuditWriter(store, "eu-west/n1", linger_s=10.0) as writer:
        writer.emit(event(job_id="received"))
        # As a region node prepares a job: in a worker thread, the egress record committed there.
        await asyncio.to_thread(writer.commit, event(audit.EventKind.EGRESS_ALLOWED, job_id="decision"))
        jobs = [e["job_id"] for e in store.query(audit.EventFilter(region="eu-west")).events]
        assert jobs == ["received", "decision"]  # committed now, not after the 10 s linger, and in order
    assert store.verify().ok


async def test_a_durable_event_that_failed_is_never_written_later(
    store: audit.AuditStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its caller was told and acted on it (nothing left the region); the events queued with it are
    retried and land, in order."""
    real_append = store.append
    failures = iter([True])

    def flaky_append(writer: str, events: list[audit.Event], *, key: bytes | None = None) -> int:
        if next(failures, False):
            raise audit.AuditUnavailable("the disk is full")
        return real_append(writer, events, key=key)

    monkeypatch.setattr(store, "append", flaky_append)
    async with audit.AuditWriter(store, "eu-west/n1", retry_s=0.01) as writer:
        writer.emit(event(job_id="first"))
        with pytest.raises(audit.AuditUnavailable):
            await writer.emit_durable(event(audit.EventKind.EGRESS_ALLOWED, job_id="refused-egress"))
        writer.emit(event(job_id="second"))
    jobs = [e["job_id"] for e in store.query(audit.EventFilter(region="eu-west")).events]
    assert jobs == ["first", "second"]
    assert store.verify().ok


async def test_restart_continues_the_same_chain(store: audit.AuditStore) -> None:
    async with audit.AuditWriter(store, "eu-west/n1") as writer:
        for i in range(30):
            writer.emit(event(job_id=f"first-{i}"))
    reopened = audit.AuditStore(store.url, schema=store.schema)
    async with audit.AuditWriter(reopened, "eu-west/n1") as writer:
        for i in range(30):
            writer.emit(event(job_id=f"second-{i}"))
    rows = reopened.query(audit.EventFilter(writer="eu-west/n1"), limit=100).events
    assert [r["seq"] for r in rows] == list(range(60))
    assert reopened.verify().ok
    reopened.dispose()


def test_concurrent_writers_on_one_store(store: audit.AuditStore) -> None:
    def write(name: str) -> None:
        for batch in range(10):
            store.append(name, [event(job_id=f"{name}-{batch}-{i}") for i in range(20)])

    # Four writers with their own chains, and two threads sharing one writer identity.
    names = ["eu-west/n1", "eu-west/n2", "us-east/n1", "kr-central/n1", "eu-west/shared", "eu-west/shared"]
    threads = [threading.Thread(target=write, args=(name,)) for name in names]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert store.count() == len(names) * 200
    report = store.verify()
    assert report.ok, report.problems
    shared = store.query(audit.EventFilter(writer="eu-west/shared"), limit=1000).events
    assert sorted(r["seq"] for r in shared) == list(range(400))


CRASH = textwrap.dedent(
    """
    import asyncio, os, sys
    import audit
    store = audit.AuditStore(sys.argv[1], schema=sys.argv[2] or None)
    async def main():
        writer = audit.AuditWriter(store, "eu-west/n1")
        writer.start()
        for i in range(25):
            await writer.emit_durable(audit.Event(audit.EventKind.EGRESS_ALLOWED, "eu-west", "n1", job_id=f"j{i}"))
        print("committed", flush=True)
        await asyncio.sleep(60)  # killed here, without close()
    asyncio.run(main())
    """
)


def test_durable_events_survive_a_crash(store: audit.AuditStore, tmp_path: Path) -> None:
    script = tmp_path / "crash.py"
    script.write_text(CRASH, encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, str(script), store.url, store.schema or ""],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "committed"
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    process.stdout.close()
    assert store.count() == 25
    assert store.verify().ok


async def test_emit_before_start_is_refused(store: audit.AuditStore) -> None:
    writer = audit.AuditWriter(store, "eu-west/n1")
    with pytest.raises(audit.AuditError, match="not running"):
        writer.emit(event())


async def test_unreachable_store_fails_durable_emits(tmp_path: Path) -> None:
    broken = audit.AuditStore(f"sqlite:///{tmp_path / 'missing-dir' / 'audit.db'}")
    async with audit.AuditWriter(broken, "eu-west/n1", retry_s=0.01) as writer:
        with pytest.raises(audit.AuditUnavailable):
            await writer.emit_durable(event())
