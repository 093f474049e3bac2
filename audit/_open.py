"""Opening an audit store to read it: never creates, migrates or changes one.

A mistyped address must not read as an empty log that verifies: reading a store that is missing,
malformed or holds no audit tables is an error that names the value and the fix."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import inspect
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

from ._errors import AuditStoreNotFound
from ._store import AuditStore

EXAMPLES = "sqlite:///path/to/audit.db, a path to an existing SQLite file, or postgresql+psycopg://user@host/db"
TABLES = ("audit_events", "audit_heads")


def store_url(value: str) -> str:
    """The SQLAlchemy URL `value` names: a URL, or the path of an existing SQLite file (`sqlite:///path`).

    Raises AuditStoreNotFound if it is malformed, not SQLite or PostgreSQL, or names a SQLite file
    that does not exist."""
    if "://" not in value:
        path = Path(value).expanduser()
        if not path.is_file():
            raise AuditStoreNotFound(value, f"{value!r}: no such file and not a database URL; pass {EXAMPLES}")
        return f"sqlite:///{path.resolve()}"
    try:
        url = make_url(value)
    except (ArgumentError, ValueError) as exc:  # ValueError: a port that is not a number
        raise AuditStoreNotFound(value, f"{value!r} is not a database URL; pass {EXAMPLES}") from exc
    backend = url.get_backend_name()
    if backend == "sqlite":
        _check_sqlite_file(value, url)
    elif backend != "postgresql":
        raise AuditStoreNotFound(value, f"{_shown(url)}: {backend!r} is not a supported audit store; pass {EXAMPLES}")
    return value


def open_for_reading(value: str, *, schema: str | None = None) -> AuditStore:
    """A read-only store for `value` (see `store_url`), checked to exist and to hold the audit tables."""
    url = store_url(value)
    shown = _shown(make_url(url))
    try:
        store = AuditStore(url, schema=schema, read_only=True)
    except (NoSuchModuleError, ArgumentError, ImportError) as exc:
        raise AuditStoreNotFound(value, f"{shown}: unknown database driver ({exc}); pass {EXAMPLES}") from exc
    try:
        with store.engine.connect() as connection:
            tables = set(inspect(connection).get_table_names())
    except SQLAlchemyError as exc:
        store.dispose()
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        raise AuditStoreNotFound(value, f"cannot read the audit store at {shown}: {reason}") from exc
    missing = [name for name in TABLES if name not in tables]
    if missing:
        store.dispose()
        raise AuditStoreNotFound(
            value,
            f"{shown} is not an audit store (no {', '.join(missing)} table); check the URL, or start the node"
            " that writes it first (reading never creates one)",
        )
    return store


def _check_sqlite_file(value: str, url: URL) -> None:
    database = url.database or ""
    if url.host:  # sqlite://tmp/audit.db: one slash short, and "tmp" read as a host
        raise AuditStoreNotFound(
            value,
            f"{value!r}: a SQLite URL has no host (here {url.host!r}); write sqlite:///relative.db or"
            " sqlite:////absolute/path.db",
        )
    if database in ("", ":memory:") or database.startswith("file:"):
        raise AuditStoreNotFound(value, f"{value!r} names no SQLite file; pass sqlite:///path/to/audit.db")
    if not Path(database).is_file():
        raise AuditStoreNotFound(
            value,
            f"{value!r}: no SQLite file at {database}; check the path (sqlite:///relative.db,"
            " sqlite:////absolute/path.db)",
        )


def _shown(url: URL) -> str:
    return url.render_as_string(hide_password=True)
