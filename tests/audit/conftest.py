"""Audit stores on SQLite and on the real PostgreSQL (127.0.0.1:5432, database `test`)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine

import audit

POSTGRES_URL = os.environ.get("FEDINFER_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def _postgres_store() -> Iterator[audit.AuditStore]:
    schema = f"fedinfer_test_{secrets.token_hex(4)}"
    store = audit.AuditStore(POSTGRES_URL, schema=schema)
    store.migrate()
    try:
        yield store
    finally:
        store.dispose()
        engine = create_engine(POSTGRES_URL)
        with engine.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[audit.AuditStore]:
    if request.param == "sqlite":
        sqlite_store = audit.AuditStore(f"sqlite:///{tmp_path / 'audit.db'}")
        sqlite_store.migrate()
        yield sqlite_store
        sqlite_store.dispose()
    else:
        yield from _postgres_store()


def event(kind: audit.EventKind = audit.EventKind.RECEIVED, **fields: object) -> audit.Event:
    values: dict[str, object] = {"region": "eu-west", "node": "n1", **fields}
    return audit.Event(kind, **values)  # type: ignore[arg-type]
