"""`fedinfer audit query|verify`: read and check an audit store."""

from __future__ import annotations

import csv
import json
import sys
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
    limit: Annotated[int, typer.Option(min=1, help="At most this many events.")] = 100,
    output: Annotated[Literal["table", "json", "csv"], typer.Option("--format", help="table, json or csv.")] = "table",
) -> None:
    """Print audit events, oldest first (times in UTC)."""
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
        events = store.query(filters, limit=limit).events
    finally:
        store.dispose()
    if output == "json":
        typer.echo(json.dumps(events, indent=2))
    elif output == "csv":
        writer = csv.DictWriter(sys.stdout, fieldnames=list(events[0]) if events else list(COLUMNS))
        writer.writeheader()
        for event in events:
            writer.writerow({k: json.dumps(v) if isinstance(v, dict) else v for k, v in event.items()})
    else:
        _table(events)


def _table(events: list[dict[str, object]]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(*COLUMNS)
    for event in events:
        table.add_row(*("" if event[c] is None else str(event[c]) for c in COLUMNS))
    Console(width=200).print(table)


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
