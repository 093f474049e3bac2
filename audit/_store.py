"""The audit store: appending hash-chained batches, keyset queries, verification. Synchronous I/O;
`AuditWriter` runs it off the event loop."""

from __future__ import annotations

import operator
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, RowMapping, Select, Text, and_, cast, create_engine, event, func, or_, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from ._append_sql import AppendSql, driver_rows, lock_head, row_values
from ._errors import AuditError, AuditUnavailable, UnknownWriter
from ._events import CHAINED_FIELDS, Decision, Event, EventKind, chain_hash, sign
from ._models import AuditEventRow, AuditHeadRow
from ._rehash_sql import links_and_suspects
from ._time import utc
from ._verify import EVENT_COLUMNS, Link, VerifyReport, rehashed, verify_chain, witness_problems
from ._witness import Head, WitnessedHead, latest_witnessed, region_of

MIGRATIONS = Path(__file__).parent / "migrations"
WAL_RESERVE_BYTES = 4 << 20
"""About SQLite's default auto-checkpoint point (1,000 pages of 4 KiB), where the log starts over."""


@dataclass(frozen=True, slots=True)
class EventFilter:
    """Query filters; every one given must hold. Times are inclusive bounds."""

    job_id: str | None = None
    region: str | None = None
    kind: EventKind | None = None
    decision: Decision | None = None
    data_class: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    writer: str | None = None
    node: str | None = None
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class Page:
    events: list[dict[str, Any]]
    next_cursor: str | None
    """Pass back as `after` for the next page; None on the last page."""


class AuditStore:
    """An audit database: SQLite file (WAL) or PostgreSQL, by SQLAlchemy URL.

    `schema` (PostgreSQL only) keeps the tables in their own schema, created if missing.
    `read_only` opens it for reading only (SQLite `mode=ro`, PostgreSQL read-only transactions);
    `open_for_reading` also checks that it exists and is an audit store.
    """

    def __init__(self, url: str, *, schema: str | None = None, read_only: bool = False) -> None:
        self.url = url
        self.schema = schema
        self.read_only = read_only
        self.engine = _engine(url, schema, read_only)
        self._sql = AppendSql.for_dialect(self.engine.dialect.name)

    def migrate(self) -> None:
        """Bring the tables to the newest Alembic revision."""
        if self.read_only:
            raise AuditError(f"the audit store at {_safe_url(self.url)} was opened read-only; it cannot be migrated")
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        try:
            with self.engine.begin() as connection:
                if self.schema:
                    connection.exec_driver_sql(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
        except SQLAlchemyError as exc:
            raise AuditUnavailable(f"cannot migrate the audit store at {_safe_url(self.url)}: {exc}") from exc

    def reserve_wal(self, size: int = WAL_RESERVE_BYTES) -> None:
        """SQLite: grow the write-ahead log to `size` bytes once, so that commits overwrite blocks the
        file already has instead of extending it. Extending makes each durable commit's fdatasync
        also commit the file system's journal (measured here: ~0.3 ms more per append). SQLite
        reuses the log from its start after each checkpoint, so a busy store reaches this state by
        itself; a fresh one (a node just started) now starts in it. A no-op for PostgreSQL, or when
        the log is already that large."""
        if not self._sql.sqlite or self.engine.url.database in (None, "", ":memory:"):
            return
        wal = Path(f"{self.engine.url.database}-wal")
        if wal.exists() and wal.stat().st_size >= size:
            return
        connection = self.engine.raw_connection()
        try:
            cursor = connection.cursor()
            cursor.execute("BEGIN IMMEDIATE")
            cursor.execute("CREATE TABLE fedinfer_wal_reserve (filler BLOB)")
            cursor.execute("INSERT INTO fedinfer_wal_reserve VALUES (zeroblob(?))", (size,))
            connection.commit()  # written out whole: pages freed in the same transaction would not be
            cursor.execute("BEGIN IMMEDIATE")
            cursor.execute("DROP TABLE fedinfer_wal_reserve")
            connection.commit()
            cursor.execute("PRAGMA wal_checkpoint(RESTART)").fetchall()  # the next commit starts at its head
        except Exception as exc:  # sqlite3.Error
            connection.invalidate()
            raise AuditUnavailable(f"cannot prepare the audit store's log: {type(exc).__name__}") from exc
        finally:
            connection.close()

    def dispose(self) -> None:
        self.engine.dispose()

    # -- writing ---------------------------------------------------------------------------------

    def append(self, writer: str, events: Sequence[Event], *, key: bytes | None = None) -> Head | None:
        """Append events to `writer`'s chain in one transaction (one multi-row INSERT); return the chain's
        new head (None when there was nothing to append).

        Plain SQL on the driver's own connection (sqlite3 or psycopg), borrowed from the pool: a
        durable egress record waits for this, and SQLAlchemy's connection and transaction layers cost
        as much again as the statements (0.42 ms against 0.20 ms for two events, measured)."""
        if not events:
            return None
        try:
            connection = self.engine.raw_connection()
        except SQLAlchemyError as exc:
            raise AuditUnavailable(f"cannot write to the audit store: {type(exc).__name__}") from exc
        sql = self._sql
        try:
            cursor = connection.cursor()
            if sql.begin:
                cursor.execute(sql.begin)
            seq, prev = lock_head(cursor, sql, writer)
            rows = []
            for item in events:
                seq += 1
                values = row_values(writer, seq, item, prev)
                values["hash"] = prev = chain_hash(values)
                values["signature"] = sign(key, prev)
                rows.append(values)
            cursor.executemany(sql.insert_events, driver_rows(rows, sql.sqlite))
            cursor.execute(sql.update_head, (seq, prev, sign(key, prev), writer))
            connection.commit()
            return Head(writer, seq, prev)
        except Exception as exc:  # the driver's own errors: sqlite3.Error, psycopg.Error
            connection.invalidate()  # never hand a connection in an unknown state to the next append
            raise AuditUnavailable(f"cannot write to the audit store: {type(exc).__name__}") from exc
        finally:
            connection.close()  # back to the pool (a no-op once invalidated)

    # -- reading ---------------------------------------------------------------------------------

    def query(self, filters: EventFilter, *, after: str | None = None, limit: int = 100) -> Page:
        """Events matching `filters`, oldest first, `limit` at a time (keyset pagination on time, id)."""
        table = AuditEventRow.__table__
        statement = select(table).order_by(table.c.time, table.c.id).limit(limit + 1)
        for column, value in (
            (AuditEventRow.job_id, filters.job_id),
            (AuditEventRow.region, filters.region),
            (AuditEventRow.kind, filters.kind),
            (AuditEventRow.decision, filters.decision),
            (AuditEventRow.data_class, filters.data_class),
            (AuditEventRow.writer, filters.writer),
            (AuditEventRow.node, filters.node),
            (AuditEventRow.rule, filters.rule),
        ):
            if value is not None:
                statement = statement.where(column == str(value))
        if filters.since is not None:  # in UTC: SQLite stores UTC text, and would drop an offset unconverted
            statement = statement.where(AuditEventRow.time >= utc(filters.since))
        if filters.until is not None:
            statement = statement.where(AuditEventRow.time <= utc(filters.until))
        if after is not None:
            time, row_id = _cursor(after)
            statement = statement.where(
                or_(AuditEventRow.time > time, and_(AuditEventRow.time == time, AuditEventRow.id > row_id))
            )
        with self.engine.connect() as connection:
            rows = list(connection.execute(statement).mappings())
        more = len(rows) > limit
        rows = rows[:limit]
        return Page([_as_dict(r) for r in rows], _next_cursor(rows[-1]) if more and rows else None)

    def count(self) -> int:
        with Session(self.engine) as session:
            return int(session.execute(select(func.count()).select_from(AuditEventRow)).scalar_one())

    # -- verifying -------------------------------------------------------------------------------

    def verify(
        self,
        *,
        key: bytes | None = None,
        writer: str | None = None,
        witnessed: Mapping[str, WitnessedHead] | None = None,
        regions: Collection[str] | None = None,
    ) -> VerifyReport:
        """Check every writer's chain (or only `writer`'s): edited, deleted, inserted and reordered
        events and, with a key, signatures. With `witnessed` (the heads the coordinator recorded, from
        its own store), also completeness: every witnessed writer of this store's `regions` (by default
        the regions of the writers found here) must be here, and reach its witnessed head.
        Raises UnknownWriter if `writer` has no chain here and none was witnessed."""
        witnessed = witnessed or {}
        with Session(self.engine) as session:
            heads = {h.writer: h for h in session.execute(select(AuditHeadRow)).scalars()}
            known = sorted(set(heads) | set(session.execute(select(AuditEventRow.writer).distinct()).scalars()))
            scope = set(regions) if regions is not None else {region_of(name) for name in known}
            expected = sorted({name for name in witnessed if region_of(name) in scope} | set(known))
            if writer is not None and writer not in expected:
                raise UnknownWriter(writer, known)
            chains = []
            for name in expected if writer is None else [writer]:
                links, edited = self._links(session, name)
                report = verify_chain(name, links, heads.get(name), key, edited)
                seen = witnessed.get(name)
                if seen is not None:
                    missing = witness_problems(name, {link[0]: link[1] for link in links}, seen)
                    report = replace(report, problems=report.problems + missing, witnessed=seen)
                chains.append(report)
        return VerifyReport(chains, signatures_checked=key is not None, witnessed=bool(witnessed))

    def _links(self, session: Session, writer: str) -> tuple[list[Link], set[int]]:
        """A writer's links, and the seqs of its events that no longer hash to their stored hash."""
        sqlite = self._sql.sqlite
        fast = links_and_suspects(session.connection().connection.driver_connection, writer) if sqlite else None
        if fast is None:  # PostgreSQL, or a value SQLite cannot write as text: the reference reads every event
            rows = session.execute(_chain_select(writer, sqlite)).all()
            return list(map(_LINK, rows)), rehashed(rows)
        links, suspects = fast
        edited: set[int] = set()
        seq = AuditEventRow.__table__.c.seq
        for start in range(0, len(suspects), _SUSPECTS_AT_ONCE):  # the reference judges the suspects
            chunk = suspects[start : start + _SUSPECTS_AT_ONCE]
            edited |= rehashed(session.execute(_chain_select(writer, sqlite=True).where(seq.in_(chunk))).all())
        return links, edited

    def head(self, writer: str) -> Head | None:
        """`writer`'s newest event, from its head record."""
        with Session(self.engine) as session:
            row = session.get(AuditHeadRow, writer)
        return None if row is None or row.seq < 0 else Head(writer, row.seq, row.hash)

    def witnessed_heads(self) -> dict[str, WitnessedHead]:
        """The newest head the coordinator recorded per region writer (read this from its store)."""
        return latest_witnessed(iter_all(self, EventFilter(kind=EventKind.WITNESSED)))


_SUSPECTS_AT_ONCE = 500
"""Suspect events read back per statement (SQLite's limit on bound parameters is far above)."""

_LINK = operator.itemgetter(
    CHAINED_FIELDS.index("seq"), len(CHAINED_FIELDS), CHAINED_FIELDS.index("prev_hash"), len(CHAINED_FIELDS) + 1
)
"""A `_chain_select` row's `Link`, taken in C."""


def _chain_select(writer: str, sqlite: bool) -> Select[Any]:
    """One writer's events for `verify`, as plain rows: the chained fields in `CHAINED_FIELDS` order (the
    counts as the stored JSON text; on SQLite the time too, as the UTC text it stores), then hash and
    signature. ORM objects and the types' own decoding cost more than the hashing itself."""
    table = AuditEventRow.__table__
    as_text = {"pii_counts", "time"} if sqlite else {"pii_counts"}
    columns = [cast(table.c[name], Text) if name in as_text else table.c[name] for name in CHAINED_FIELDS]
    return select(*columns, table.c.hash, table.c.signature).where(table.c.writer == writer).order_by(table.c.seq)


def _as_dict(row: RowMapping) -> dict[str, Any]:
    values = {name: row[name] for name in EVENT_COLUMNS}
    values["time"] = utc(values["time"]).isoformat()
    return values


def _next_cursor(row: RowMapping) -> str:
    return f"{utc(row['time']).strftime('%Y%m%dT%H%M%S.%f')}~{row['id']}"


def _cursor(after: str) -> tuple[datetime, int]:
    try:
        stamp, _, row_id = after.partition("~")
        return datetime.strptime(stamp, "%Y%m%dT%H%M%S.%f").replace(tzinfo=UTC), int(row_id)
    except ValueError as exc:
        raise ValueError(f"cursor {after!r} is not one this API issued; pass `next_cursor` back unchanged") from exc


def _safe_url(url: str) -> str:
    """A URL without its password, for messages."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def _engine(url: str, schema: str | None, read_only: bool = False) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(
            _sqlite_read_only(url) if read_only else url, connect_args={"timeout": 30, "check_same_thread": False}
        )

        @event.listens_for(engine, "connect")
        def _sqlite_setup(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None  # we issue BEGIN ourselves, below
            cursor = dbapi_connection.cursor()
            if not read_only:  # a reader changes nothing, not even the journal mode
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute("PRAGMA cache_size=-65536")  # 64 MiB: index inserts stay in memory
            cursor.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(connection: Any) -> None:
            # Writers take the write lock up front (no upgrade deadlocks); a reader takes a snapshot.
            connection.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")

        return engine
    options = ["-ctimezone=UTC"]  # times come back in UTC, whatever the server's default
    if schema:
        options.append(f"-csearch_path={schema}")
    if read_only:
        options.append("-cdefault_transaction_read_only=on")
    return create_engine(url, connect_args={"options": " ".join(options)}, pool_pre_ping=True)


def _sqlite_read_only(url: str) -> str:
    """The same SQLite file as a read-only URI (`mode=ro`): reading never creates or changes it."""
    from urllib.parse import quote

    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    path = str(Path(parsed.database or "").resolve())
    read_only = parsed.set(database=f"file:{quote(path)}", query={**parsed.query, "mode": "ro", "uri": "true"})
    return read_only.render_as_string(hide_password=False)


def iter_all(store: AuditStore, filters: EventFilter, page_size: int = 500) -> Iterator[dict[str, Any]]:
    """Every matching event, following the pages."""
    after = None
    while True:
        page = store.query(filters, after=after, limit=page_size)
        yield from page.events
        if page.next_cursor is None:
            return
        after = page.next_cursor
