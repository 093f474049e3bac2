"""Conventions every `fedinfer` command keeps: `--version`, and `-h` beside `--help` at every level."""

from __future__ import annotations

from importlib.metadata import version

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
