"""`fedinfer audit query|verify` only read: a wrong address is one line on stderr, never a new store."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from typer.testing import CliRunner, Result

import audit
from fedinfer.cli import app as cli
from tests.audit.conftest import POSTGRES_URL, event

KEY = b"node-key-for-tests"
URLS = "sqlite:///path/to/audit.db, a path to an existing SQLite file, or postgresql+psycopg://user@host/db"


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Path]:
    """An audit store with two signed chains."""
    path = tmp_path / "audit.db"
    store = audit.AuditStore(f"sqlite:///{path}")
    store.migrate()
    store.append("eu-west/n1", [event(job_id="j1"), event(audit.EventKind.SERVED_LOCAL, job_id="j1")], key=KEY)
    store.append("us-east/n1", [event(region="us-east", job_id="j2")], key=KEY)
    store.dispose()
    yield path


@pytest.fixture
def key_file(tmp_path: Path) -> Path:
    path = tmp_path / "node.key"
    path.write_bytes(KEY + b"\n")
    return path


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["audit", *args])


def _refused(result: Result, line: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [line]
    assert result.stdout == ""


def test_a_plain_path_to_an_existing_file_is_read_as_sqlite(db: Path) -> None:
    for value in (str(db), f"sqlite:///{db}"):
        result = _run("query", "--db", value, "--format", "json")
        assert result.exit_code == 0, result.output
        assert [e["job_id"] for e in json.loads(result.stdout)] == ["j1", "j1", "j2"]


@pytest.mark.parametrize("command", ["query", "verify"])
def test_a_mistyped_sqlite_url_is_refused_and_creates_nothing(command: str, db: Path) -> None:
    typo = db.parent / "audti.db"
    _refused(
        _run(command, "--db", f"sqlite:///{typo}"),
        f"'sqlite:///{typo}': no SQLite file at {typo}; check the path (sqlite:///relative.db,"
        " sqlite:////absolute/path.db)",
    )
    assert sorted(p.name for p in db.parent.iterdir()) == ["audit.db"]
    assert _run(command, "--db", f"sqlite:///{db}").exit_code == 0  # the control: the right name


@pytest.mark.parametrize(
    ("value", "line"),
    [
        ("{dir}/audti.db", "'{dir}/audti.db': no such file and not a database URL; pass " + URLS),
        (
            "sqlite:/{dir}/audit.db",
            "'sqlite:/{dir}/audit.db': a SQLite URL has no host (here '{host}'); write sqlite:///relative.db or"
            " sqlite:////absolute/path.db",
        ),
        ("sqlite://", "'sqlite://' names no SQLite file; pass sqlite:///path/to/audit.db"),
        ("mysql://u@h/db", "mysql://u@h/db: 'mysql' is not a supported audit store; pass " + URLS),
        ("postgresql+psycopg://u@h:port/db", "'postgresql+psycopg://u@h:port/db' is not a database URL; pass " + URLS),
        (
            "postgresql+nodriver://u@h/db",
            "postgresql+nodriver://u@h/db: unknown database driver (Can't load plugin:"
            " sqlalchemy.dialects:postgresql.nodriver); pass " + URLS,
        ),
        (
            POSTGRES_URL.rsplit("/", 1)[0] + "/no_such_db",
            "cannot read the audit store at {pg}/no_such_db: connection failed: connection to server at"
            ' "127.0.0.1", port 5432 failed: FATAL:  database "no_such_db" does not exist',
        ),
    ],
    ids=["missing-path", "two-slashes-short", "in-memory", "unsupported", "bad-port", "unknown-driver", "no-pg-db"],
)
def test_a_wrong_address_is_one_line_naming_it(value: str, line: str, db: Path) -> None:
    if "127.0.0.1" in value and "127.0.0.1:5432" not in POSTGRES_URL:
        pytest.skip("the expected line names the default PostgreSQL server")
    values = {"dir": str(db.parent), "host": db.parent.parts[1], "pg": POSTGRES_URL.rsplit("/", 1)[0]}
    for command in ("query", "verify"):
        _refused(_run(command, "--db", value.format(**values)), line.format(**values))
    assert sorted(p.name for p in db.parent.iterdir()) == ["audit.db"]


def test_a_file_that_is_not_an_audit_store_is_refused(db: Path) -> None:
    notes = db.parent / "notes.txt"
    notes.write_text("not a database\n")
    _refused(
        _run("verify", "--db", str(notes)), f"cannot read the audit store at sqlite:///{notes}: file is not a database"
    )
    empty = db.parent / "empty.db"
    empty.touch()
    _refused(
        _run("verify", "--db", str(empty)),
        f"sqlite:///{empty} is not an audit store (no audit_events, audit_heads table); check the URL, or start"
        " the node that writes it first (reading never creates one)",
    )
    assert empty.stat().st_size == 0  # still empty: nothing was migrated into it
    assert _run("verify", "--db", str(db)).exit_code == 0


def test_reading_never_migrates(db: Path) -> None:
    # A store written by an older fedinfer, without Alembic's version table: reading leaves it as it is.
    store = audit.AuditStore(f"sqlite:///{db}")
    with store.engine.begin() as connection:
        connection.execute(text("DROP TABLE alembic_version"))
    assert _run("query", "--db", str(db)).exit_code == 0
    assert _run("verify", "--db", str(db)).exit_code == 0
    with store.engine.connect() as connection:
        tables = {r[0] for r in connection.execute(text("SELECT name FROM sqlite_master WHERE type = 'table'"))}
    store.dispose()
    assert "alembic_version" not in tables
    read_only = audit.open_for_reading(str(db))
    with pytest.raises(audit.AuditError, match="opened read-only; it cannot be migrated"):
        read_only.migrate()
    read_only.dispose()


def test_a_bad_since_is_one_line(db: Path) -> None:
    _refused(
        _run("query", "--db", str(db), "--since", "yesterday"),
        "--since: 'yesterday' is not an ISO 8601 time; expected e.g. 2025-01-01T12:02:00Z or"
        " 2025-01-01T12:02:00+09:00 (no offset means UTC)",
    )


# -- signatures ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("with_key", "lines"),
    [
        (
            False,
            [
                "eu-west/n1: 2 events, intact, signatures not checked (no --key-file)",
                "us-east/n1: 1 events, intact, signatures not checked (no --key-file)",
                "OK, signatures not checked: 3 events in 2 chains hash-verified only; pass --key-file to check"
                " signatures; completeness not checked (no --witness-db)",
            ],
        ),
        (
            True,
            [
                "eu-west/n1: 2 events, intact, signatures checked",
                "us-east/n1: 1 events, intact, signatures checked",
                "OK: 3 events in 2 chains verified, signatures checked; completeness not checked (no --witness-db)",
            ],
        ),
    ],
    ids=["no-key-says-not-checked", "key-says-checked"],
)
def test_each_chain_says_whether_signatures_were_checked(
    with_key: bool, lines: list[str], db: Path, key_file: Path
) -> None:
    result = _run("verify", "--db", str(db), *(["--key-file", str(key_file)] if with_key else []))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == lines


def test_the_wrong_key_is_a_signature_mismatch_not_an_edit(db: Path, tmp_path: Path) -> None:
    wrong = tmp_path / "other.key"
    wrong.write_bytes(b"someone else's key")
    result = _run("verify", "--db", str(db), "--key-file", str(wrong))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "eu-west/n1: 2 events, 1 problem(s), signatures checked",
        "us-east/n1: 1 events, 1 problem(s), signatures checked",
        "eu-west/n1 event 0: bad-signature: none of its 2 events is signed with this key: a wrong --key-file,"
        " or a forged chain",
        "us-east/n1 event 0: bad-signature: none of its 1 events is signed with this key: a wrong --key-file,"
        " or a forged chain",
    ]


def test_a_writer_not_in_the_store_is_an_error(db: Path) -> None:
    _refused(
        _run("verify", "--db", str(db), "--writer", "eu-west/n9"),
        "writer 'eu-west/n9' has no chain in this store (writers: eu-west/n1, us-east/n1); check --writer",
    )
    control = _run("verify", "--db", str(db), "--writer", "us-east/n1")
    assert control.exit_code == 0
    assert control.stdout.splitlines()[0] == "us-east/n1: 1 events, intact, signatures not checked (no --key-file)"


def test_a_missing_or_empty_key_file_is_one_line(db: Path, key_file: Path) -> None:
    missing = key_file.parent / "nope.key"
    _refused(
        _run("verify", "--db", str(db), "--key-file", str(missing)),
        f"--key-file {missing}: cannot read it (No such file or directory); pass the file that holds the writers'"
        " HMAC key",
    )
    empty = key_file.parent / "empty.key"
    empty.write_bytes(b"\n")
    _refused(
        _run("verify", "--db", str(db), "--key-file", str(empty)),
        f"--key-file {empty} is empty; pass the file that holds the writers' HMAC key",
    )
    assert _run("verify", "--db", str(db), "--key-file", str(key_file)).exit_code == 0
