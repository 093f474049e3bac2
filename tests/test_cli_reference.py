"""The docs' CLI reference is what `--help` says, and every `fedinfer ...` line in the docs names
commands and options that exist."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from fedinfer.cli import app
from fedinfer.cli_reference import find, invocations, problem, render

DOCS = [Path("README.md"), *sorted(Path("docs").glob("*.md")), Path("infra/terraform/README.md")]


def test_the_reference_is_written_from_the_commands_themselves(repo: Path) -> None:
    written = (repo / "docs" / "cli.md").read_text(encoding="utf-8")
    assert written == render(), "docs/cli.md is out of date: python -m fedinfer.cli_reference > docs/cli.md"


@pytest.mark.parametrize("path", [("fedinfer", "policy", "explain"), ("fedinfer", "audit", "query")])
def test_each_option_the_reference_lists_is_one_help_prints(path: tuple[str, ...]) -> None:
    command = find(path)
    assert command is not None
    shown = CliRunner().invoke(app, [*path[1:], "--help"], env={"COLUMNS": "200", "NO_COLOR": "1"}).output
    section = render().split(f"`{' '.join(path)}`", 1)[1].split("\n#", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("- `-")]
    listed = [line.split("`")[1].split(" <")[0].split(",")[0] for line in lines]
    assert len(listed) >= 3 and all(option in shown for option in listed)


@pytest.mark.parametrize("doc", DOCS, ids=str)
def test_every_command_line_in_the_docs_exists(repo: Path, doc: Path) -> None:
    lines = list(invocations((repo / doc).read_text(encoding="utf-8")))
    wrong = [p for words in lines if (p := problem(words)) is not None]
    assert not wrong, "\n".join(wrong)


def test_the_docs_check_catches_a_command_or_option_that_does_not_exist() -> None:
    text = "Run `fedinfer policy lint --strict p.yaml`, then `fedinfer policy lnt p.yaml` and `fedinfer up -v`."
    found = [problem(words) for words in invocations(text)]
    assert found[0] is not None and "no option --strict" in found[0]
    assert found[1] is not None and "no command 'lnt'" in found[1]
    assert found[2] is not None and "no option -v" in found[2]
    controls = "`fedinfer policy lint --fail-on error p.yaml` and `fedinfer audit query --db x --format csv`"
    assert [problem(words) for words in invocations(controls)] == [None, None]
