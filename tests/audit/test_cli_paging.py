"""`fedinfer audit query` pages: a cut page says so on stderr with the next cursor, `--after` continues,
`--all` streams every matching event in JSON, JSON Lines or CSV; the store may come from the environment."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import audit
from fedinfer.cli import app as cli
from tests.audit.conftest import event

EVENTS = 250


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('paging') / 'audit.db'}"
    store = audit.AuditStore(url)
    store.migrate()
    store.append("eu-west/n1", [event(job_id=f"job-{i:04d}") for i in range(EVENTS)])
    store.dispose()
    return url


def _query(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, ["audit", "query", *args], env=env)


def _jobs(result: Result) -> list[str]:
    return [json.loads(line)["job_id"] for line in result.stdout.splitlines()]


def test_a_cut_page_says_so_and_the_cursor_continues_it(db: str) -> None:
    first = _query("--db", db, "--limit", "100", "--format", "jsonl")
    assert first.exit_code == 0, first.output
    assert _jobs(first) == [f"job-{i:04d}" for i in range(100)]
    note = first.stderr.strip()
    assert note.startswith("more events match: this page holds the first 100; --after ") and "--all" in note
    cursor = note.split("--after ")[1].split(" ")[0].rstrip(",")
    second = _query("--db", db, "--limit", "100", "--format", "jsonl", "--after", cursor)
    assert _jobs(second) == [f"job-{i:04d}" for i in range(100, 200)]
    last = _query(
        "--db",
        db,
        "--limit",
        "100",
        "--format",
        "jsonl",
        "--after",
        second.stderr.split("--after ")[1].split(" ")[0].rstrip(","),
    )
    assert _jobs(last) == [f"job-{i:04d}" for i in range(200, EVENTS)] and last.stderr == ""  # nothing cut


@pytest.mark.parametrize("output", ["json", "jsonl", "csv"])
def test_all_streams_every_matching_event(db: str, output: str) -> None:
    result = _query("--db", db, "--limit", "7", "--all", "--format", output)
    assert result.exit_code == 0, result.output
    if output == "json":
        jobs = [e["job_id"] for e in json.loads(result.stdout)]
    elif output == "jsonl":
        jobs = _jobs(result)
    else:
        jobs = [row["job_id"] for row in csv.DictReader(io.StringIO(result.stdout))]
    assert jobs == [f"job-{i:04d}" for i in range(EVENTS)]
    assert result.stderr == ""


def test_an_empty_result_is_still_well_formed(db: str) -> None:
    for output, expected in (("json", []), ("jsonl", None), ("csv", None)):
        result = _query("--db", db, "--job-id", "job-none", "--format", output)
        assert result.exit_code == 0, result.output
        if expected is not None:
            assert json.loads(result.stdout) == expected
        elif output == "csv":
            assert result.stdout.splitlines()[0].startswith("id,time,writer")
        else:
            assert result.stdout == ""


def test_the_store_may_come_from_the_environment(db: str) -> None:
    result = _query("--job-id", "job-0003", "--format", "jsonl", env={"FEDINFER_AUDIT_DB": db})
    assert result.exit_code == 0, result.output
    assert _jobs(result) == ["job-0003"]


def test_a_cursor_that_is_not_one_is_refused_in_one_line(db: str, tmp_path: Path) -> None:
    result = _query("--db", db, "--after", "not-a-cursor")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "--after: cursor 'not-a-cursor' is not one this API issued; pass `next_cursor` back unchanged"
    ]
