"""Conventions every `fedinfer` command keeps: `--version`, and `-h` beside `--help` at every level."""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fedinfer.cli import app


def test_version_prints_the_installed_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert (result.exit_code, result.stdout.strip()) == (0, f"fedinfer {version('fedinfer')}")


@pytest.mark.parametrize("command", [[], ["audit"], ["audit", "verify"], ["policy"], ["pki"], ["region"], ["up"]])
def test_h_is_help_everywhere(command: list[str]) -> None:
    short, long = (CliRunner().invoke(app, [*command, flag]) for flag in ("-h", "--help"))
    assert short.exit_code == long.exit_code == 0
    assert "Usage: fedinfer" in short.stdout and short.stdout == long.stdout


@pytest.mark.parametrize("command", ["init", "issue"])
def test_a_folder_that_cannot_be_written_is_one_line_not_a_traceback(command: str, tmp_path: Path) -> None:
    """A path under a plain file cannot be a folder, for root too (whom a read-only folder does not stop)."""
    ca = tmp_path / "ca"
    assert CliRunner().invoke(app, ["pki", "init", str(ca)]).exit_code == 0  # control: a folder it may write
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    args = ["pki", "init", str(blocked / "ca")]
    if command == "issue":
        args = ["pki", "issue", str(ca), "hub", "--output", str(blocked / "out")]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.count("\n") == 1 and "cannot write to" in result.output and "a-file" in result.output
    assert "Traceback" not in result.output
