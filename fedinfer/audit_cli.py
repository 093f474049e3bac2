"""`fedinfer audit query|verify`: read and check an audit store."""

from __future__ import annotations

import csv
import json
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Annotated, Literal, NoReturn

import typer

import audit

app = typer.Typer(help="Query and verify the audit log.", no_args_is_help=True)

DbOption = Annotated[
    str,
    typer.Option(
        "--db",
        envvar="FEDINFER_AUDIT_DB",
        help="The audit store: a SQLAlchemy URL (sqlite:///audit.db, postgresql+psycopg://...) or the path of an"
        " existing SQLite file. Opened read-only; never created.",
        show_default=False,
    ),
]
TimeOption = "ISO 8601, e.g. 2025-01-01T12:00:00Z or ...+09:00; no offset means UTC."
COLUMNS = ("id", "time", "writer", "seq", "kind", "region", "job_id", "decision", "rule", "data_class", "target_region")


def _fail(message: str) -> NoReturn:
    """One line on stderr, exit 2: the value, what was expected, the fix. Never a traceback."""
    typer.echo(message, err=True)
    raise typer.Exit(2)


def _open(value: str) -> audit.AuditStore:
    try:
        return audit.open_for_reading(value)
    except audit.AuditStoreNotFound as exc:
        _fail(str(exc))


def _time(option: str, value: str | None) -> datetime | None:
    try:
        return None if value is None else audit.parse_time(value)
    except ValueError as exc:
        _fail(f"{option}: {exc}")


@app.command()
def query(
    db: DbOption,
    job_id: Annotated[str | None, typer.Option(help="Only this job.")] = None,
    region: Annotated[str | None, typer.Option(help="Only this region.")] = None,
    kind: Annotated[audit.EventKind | None, typer.Option(help="Only this event kind.")] = None,
    decision: Annotated[audit.Decision | None, typer.Option(help="allowed or denied.")] = None,
    data_class: Annotated[str | None, typer.Option(help="Only this data class.")] = None,
    since: Annotated[str | None, typer.Option(help=f"From this time, inclusive. {TimeOption}")] = None,
    until: Annotated[str | None, typer.Option(help=f"Up to this time, inclusive. {TimeOption}")] = None,
    limit: Annotated[int, typer.Option(min=1, help="At most this many events (a page).")] = 100,
    after: Annotated[
        str | None, typer.Option(help="Start after this cursor (printed on stderr when a page was cut).")
    ] = None,
    every: Annotated[bool, typer.Option("--all", help="Every matching event, streamed page by page.")] = False,
    output: Annotated[
        Literal["table", "json", "jsonl", "csv"], typer.Option("--format", help="table, json, jsonl or csv.")
    ] = "table",
) -> None:
    """Print audit events, oldest first (times in UTC). A page holds --limit events; when more match, a
    note on stderr gives the cursor of the next page (--after), or --all streams every one."""
    filters = audit.EventFilter(
        job_id=job_id,
        region=region,
        kind=kind,
        decision=decision,
        data_class=data_class,
        since=_time("--since", since),
        until=_time("--until", until),
    )
    store = _open(db)
    try:
        pages = _pages(store, filters, after, limit, every)
        if output == "table":
            events = [event for page in pages for event in page.events]
            _table(events)
            cut = None if every else pages[-1].next_cursor if pages else None
        else:
            cut = _stream(_lazy_pages(store, filters, after, limit, every), output)
    except ValueError as exc:  # a cursor that is not one
        _fail(f"--after: {exc}")
    finally:
        store.dispose()
    if cut is not None:
        typer.echo(
            f"more events match: this page holds the first {limit}; --after {cut} for the next page,"
            " or --all for every one",
            err=True,
        )


def _lazy_pages(
    store: audit.AuditStore, filters: audit.EventFilter, after: str | None, limit: int, every: bool
) -> Iterator[audit.Page]:
    while True:
        page = store.query(filters, after=after, limit=limit)
        yield page
        if not every or page.next_cursor is None:
            return
        after = page.next_cursor


def _pages(
    store: audit.AuditStore, filters: audit.EventFilter, after: str | None, limit: int, every: bool
) -> list[audit.Page]:
    return list(_lazy_pages(store, filters, after, limit, every))


def _stream(pages: Iterator[audit.Page], output: str) -> str | None:
    """Write every page as it comes (nothing held in memory but one page); the cursor after the last
    page when more events match (None when all were written)."""
    out = sys.stdout
    csv_writer: csv.DictWriter[str] | None = None
    first, cut = True, None
    if output == "json":
        out.write("[")
    for page in pages:
        for event in page.events:
            if output == "csv":
                if csv_writer is None:
                    csv_writer = csv.DictWriter(out, fieldnames=list(event))
                    csv_writer.writeheader()
                csv_writer.writerow({k: json.dumps(v) if isinstance(v, dict) else v for k, v in event.items()})
            elif output == "jsonl":
                out.write(json.dumps(event) + "\n")
            else:
                out.write(("\n  " if first else ",\n  ") + json.dumps(event))
            first = False
        cut = page.next_cursor
    if output == "json":
        out.write("]\n" if first else "\n]\n")
    elif output == "csv" and csv_writer is None:
        csv.DictWriter(out, fieldnames=list(COLUMNS)).writeheader()
    out.flush()
    return cut


COMPACT = ("time", "kind", "region", "job_id", "target_region", "rule")
"""The columns a terminal narrower than `WIDE` shows (the formats json, jsonl and csv hold every field)."""
WIDE = 160


def _table(events: list[dict[str, object]]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()  # as wide as the terminal
    columns = COLUMNS if console.width >= WIDE else COMPACT
    table = Table(*columns)
    for column in table.columns:
        column.overflow = "fold"  # a long cell wraps instead of being cut
        column.no_wrap = column.header in ("time", "kind")
    for event in events:
        table.add_row(*("" if event[c] is None else str(event[c]) for c in columns))
    console.print(table)


@app.command()
def verify(
    db: DbOption,
    key_file: Annotated[Path | None, typer.Option(help="The writers' HMAC key, to check signatures too.")] = None,
    writer: Annotated[str | None, typer.Option(help="Only this writer's chain.")] = None,
    witness_db: Annotated[
        str | None,
        typer.Option(
            help="The coordinator's audit store: check completeness against the chain heads it witnessed"
            " (a chain missing, cut at its tail, or an older copy restored).",
        ),
    ] = None,
    region: Annotated[
        list[str] | None,
        typer.Option(help="With --witness-db: the region(s) this store holds (default: those of its writers)."),
    ] = None,
) -> None:
    """Check every chain; list edited, deleted, inserted and reordered events and bad signatures, and with
    --witness-db, chains missing or rolled back. Exit 1 on any. Without --key-file signatures are not
    checked, and without --witness-db completeness is not: the report says so."""
    key = _key(key_file)
    witnessed = None
    if witness_db is not None:
        coordinator_store = _open(witness_db)
        try:
            witnessed = coordinator_store.witnessed_heads()
        finally:
            coordinator_store.dispose()
    store = _open(db)
    try:
        report = store.verify(key=key, writer=writer, witnessed=witnessed, regions=region or None)
    except audit.UnknownWriter as exc:
        _fail(str(exc))
    finally:
        store.dispose()
    if region and not report.chains:
        _fail(f"no chain of {', '.join(region)} here and none witnessed: check --region and --witness-db")
    signatures = "signatures checked" if key is not None else "signatures not checked (no --key-file)"
    for chain in report.chains:
        state = "intact" if chain.ok else f"{len(chain.problems)} problem(s)"
        seen = ""
        if witnessed is not None:
            head = chain.witnessed
            seen = f", witnessed up to event {head.head.seq}" if head else ", never witnessed"
        typer.echo(f"{chain.writer}: {chain.events} events, {state}, {signatures}{seen}")
    for problem in report.problems:
        typer.echo(f"{problem.writer} event {problem.seq}: {problem.kind}: {problem.message}")
    if not report.ok:
        raise typer.Exit(1)
    completeness = (
        "complete up to the witnessed heads" if witnessed is not None else "completeness not checked (no --witness-db)"
    )
    if key is None:
        typer.echo(
            f"OK, signatures not checked: {report.events} events in {report.writers} chains hash-verified only;"
            f" pass --key-file to check signatures; {completeness}"
        )
    else:
        typer.echo(
            f"OK: {report.events} events in {report.writers} chains verified, signatures checked; {completeness}"
        )


def _key(key_file: Path | None) -> bytes | None:
    if key_file is None:
        return None
    try:
        key = key_file.read_bytes().strip()
    except OSError as exc:
        _fail(f"--key-file {key_file}: cannot read it ({exc.strerror}); pass the file that holds the writers' HMAC key")
    if not key:
        _fail(f"--key-file {key_file} is empty; pass the file that holds the writers' HMAC key")
    return key


@app.command()
def trace(
    job_id: Annotated[str, typer.Argument(help="The job id (the x-fedinfer-job-id response header).")],
    coordinator: Annotated[str, typer.Option(help="The coordinator's admin URL.")] = "http://127.0.0.1:8700",
    token: Annotated[
        str,
        typer.Option(
            envvar="FEDINFER_COORDINATOR_TOKEN",
            help="A coordinator tenant token with the admin role (`fedinfer up` prints one).",
        ),
    ] = "",
    output: Annotated[Literal["table", "json"], typer.Option("--format", help="table or json.")] = "table",
) -> None:
    """Follow one job across every region: the coordinator asks each region for its own events."""
    import httpx

    if not token:
        typer.echo("the coordinator needs a token: pass --token or set FEDINFER_COORDINATOR_TOKEN", err=True)
        raise typer.Exit(2)
    try:
        response = httpx.get(
            f"{coordinator.rstrip('/')}/v1/jobs/{job_id}/trace",
            headers={"Authorization": f"Bearer {token}"},
            timeout=30,
        )
    except httpx.HTTPError as exc:
        typer.echo(f"cannot reach the coordinator at {coordinator}: {exc}", err=True)
        raise typer.Exit(2) from exc
    if response.status_code != 200:
        typer.echo(f"the coordinator answered {response.status_code}: {response.text}", err=True)
        raise typer.Exit(2)
    events = response.json()["events"]
    if output == "json":
        typer.echo(json.dumps(events, indent=2))
        return
    columns = ("time", "region", "node", "kind", "target_region", "rule", "reason")
    from rich.console import Console
    from rich.table import Table

    table = Table(*columns, title=f"job {job_id}")
    for event in events:
        table.add_row(*("" if event.get(c) is None else str(event.get(c)) for c in columns))
    Console(width=200).print(table)
