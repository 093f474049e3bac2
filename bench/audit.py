"""Audit log: events appended per second (SQLite and PostgreSQL), and filtered-query latency on
one million events. Targets (issue 5): >= 20,000 events/s batched on SQLite; query p99 < 50 ms."""

from __future__ import annotations

import random
import secrets
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import create_engine

import audit
from bench._report import Figure, show

POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
REGIONS = ["eu-west", "eu-central", "uk-south", "us-east", "us-west", "kr-central"]
KINDS = list(audit.EventKind)


def _events(count: int, rng: random.Random, start: datetime) -> list[audit.Event]:
    return [
        audit.Event(
            rng.choice(KINDS),
            region=rng.choice(REGIONS),
            node="n1",
            job_id=f"job-{rng.randrange(count // 4 or 1):08d}",
            data_class=rng.choice(["public", "personal", "sensitive"]),
            rule="eu-personal",
            pii_counts={"PERSON": rng.randrange(3)},
            payload_hash="sha256:" + "0" * 64,
            time=start + timedelta(milliseconds=i),
        )
        for i in range(count)
    ]


def append_rate(store: audit.AuditStore, total: int, batch: int = 5000, offset: int = 0) -> float:
    rng = random.Random(1 + offset)
    start = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(milliseconds=offset)
    events = _events(total, rng, start)
    began = time.perf_counter()
    for i in range(0, total, batch):
        store.append(f"{REGIONS[(i // batch) % len(REGIONS)]}/n1", events[i : i + batch])
    return total / (time.perf_counter() - began)


def query_latencies(store: audit.AuditStore, total: int, queries: int = 300) -> list[float]:
    rng = random.Random(2)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    timings = []
    for index in range(queries):
        which = index % 3
        if which == 0:
            filters = audit.EventFilter(job_id=f"job-{rng.randrange(total // 4):08d}")
        elif which == 1:
            filters = audit.EventFilter(region=rng.choice(REGIONS), kind=rng.choice(KINDS))
        else:
            since = start + timedelta(milliseconds=rng.randrange(total))
            filters = audit.EventFilter(region=rng.choice(REGIONS), since=since, until=since + timedelta(seconds=30))
        began = time.perf_counter()
        store.query(filters, limit=100)
        timings.append((time.perf_counter() - began) * 1000)
    return timings


def explorer_figures(store: audit.AuditStore, total: int, requests: int = 200) -> list[Figure]:
    """The audit explorer's search page and a job's page, rendered through its router, on this store."""
    from fastapi import FastAPI
    from fastapi.testclient import TestClient

    from audit.explorer import ExplorerSource, explorer_router

    async def authorize(request: object, token: str) -> str | None:
        return "bench" if token == "bench-token" else None

    app = FastAPI()
    source = ExplorerSource(title="bench", authorize=authorize, store=lambda r: store, key=lambda r: None)
    app.include_router(explorer_router(source))
    rng = random.Random(3)
    search, job = [], []
    with TestClient(app) as client:
        client.post("/audit/login", data={"token": "bench-token"})
        for index in range(requests):
            params = {"region": rng.choice(REGIONS), "kind": rng.choice(KINDS).value}
            if index % 2:
                params = {
                    "since": f"2026-01-01T00:{rng.randrange(15):02d}:00",
                    "tz": "+09:00",
                    "region": params["region"],
                }
            began = time.perf_counter()
            assert client.get("/audit", params=params).status_code == 200
            search.append((time.perf_counter() - began) * 1000)
            began = time.perf_counter()
            assert client.get(f"/audit/jobs/job-{rng.randrange(total // 4):08d}").status_code == 200
            job.append((time.perf_counter() - began) * 1000)
    search_p99, job_p99 = statistics.quantiles(search, n=100)[98], statistics.quantiles(job, n=100)[98]
    return [
        Figure(f"SQLite: explorer search page p99 ({total:,} events)", search_p99, "ms", "< 100", search_p99 < 100),
        Figure(f"SQLite: explorer job page p99 ({total:,} events)", job_p99, "ms", "< 50", job_p99 < 50),
    ]


def main(events: int = 1_000_000) -> list[Figure]:
    figures = []
    with tempfile.TemporaryDirectory() as folder:
        sqlite_store = audit.AuditStore(f"sqlite:///{Path(folder) / 'audit.db'}")
        sqlite_store.migrate()
        first = min(events, 200_000)
        rate = append_rate(sqlite_store, first)
        figures.append(
            Figure(
                f"SQLite: events/s appended, first {first:,} (batches of 5000)",
                rate,
                "events/s",
                ">= 20,000",
                rate >= 20_000,
            )
        )
        if events > first:
            fill = append_rate(sqlite_store, events - first, offset=first)
            figures.append(Figure(f"SQLite: events/s appended, growing to {events:,}", fill, "events/s"))
        timings = query_latencies(sqlite_store, events)
        p50, p99 = statistics.median(timings), statistics.quantiles(timings, n=100)[98]
        figures.append(Figure(f"SQLite: filtered query p50 ({events:,} events)", p50, "ms"))
        figures.append(Figure(f"SQLite: filtered query p99 ({events:,} events)", p99, "ms", "< 50", p99 < 50))
        figures += explorer_figures(sqlite_store, events)
        began = time.perf_counter()
        report = sqlite_store.verify()
        rate = report.events / (time.perf_counter() - began)
        figures.append(Figure(f"SQLite: verify ({events:,} events)", rate, "events/s", ">= 200,000", rate >= 200_000))
        sqlite_store.dispose()
    schema = f"fedinfer_bench_{secrets.token_hex(4)}"
    pg_store = audit.AuditStore(POSTGRES_URL, schema=schema)
    try:
        pg_store.migrate()
        pg_events = min(events, 200_000)
        rate = append_rate(pg_store, pg_events)
        figures.append(Figure(f"PostgreSQL: events appended per second ({pg_events:,})", rate, "events/s"))
        timings = query_latencies(pg_store, pg_events)
        figures.append(
            Figure(
                f"PostgreSQL: filtered query p99 ({pg_events:,} events)", statistics.quantiles(timings, n=100)[98], "ms"
            )
        )
    finally:
        pg_store.dispose()
        engine = create_engine(POSTGRES_URL)
        with engine.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        engine.dispose()
    return show("Audit log", figures)


if __name__ == "__main__":
    main()
