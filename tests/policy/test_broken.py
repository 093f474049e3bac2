"""A corpus of broken policy files, each naming the `line:col: message` it must produce."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import policy
from fedinfer.cli import app

BROKEN = sorted((Path(__file__).parent / "broken").glob("*.yaml"))
EXPECT = re.compile(r"^# expect: (\d+):(\d+): (warning: )?(.*)$")


def _expectation(path: Path) -> tuple[int, int, str, str]:
    match = EXPECT.match(path.read_text(encoding="utf-8").splitlines()[0])
    assert match, f"{path.name} must start with '# expect: LINE:COL: message'"
    return int(match[1]), int(match[2]), "warning" if match[3] else "error", match[4]


def test_corpus_is_large_enough() -> None:
    assert len(BROKEN) >= 20


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_lint_reports_the_expected_located_message(path: Path) -> None:
    line, col, severity, message = _expectation(path)
    findings = policy.lint(path)
    located = [(f.line, f.col, f.severity) for f in findings if message in f.message]
    assert (line, col, severity) in located, "\n".join(map(str, findings)) or "no findings"
    assert all(f.file == str(path) for f in findings)


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_load_refuses_errors_and_accepts_warnings(path: Path) -> None:
    line, _col, severity, message = _expectation(path)
    if severity == "warning":
        assert policy.load(path).regions  # a warning never stops a policy from loading
        return
    with pytest.raises(policy.PolicyError) as caught:
        policy.load(path)
    assert str(caught.value).startswith(f"{path}:{line}:")
    assert any(message in f.message for f in caught.value.findings)


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_cli_lint_prints_file_line_col_and_exits_non_zero(path: Path) -> None:
    line, col, severity, message = _expectation(path)
    result = CliRunner().invoke(app, ["policy", "lint", str(path)])
    assert result.exit_code == 1
    assert f"{path}:{line}:{col}: {severity}: " in result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_missing_file_is_a_finding_not_a_traceback(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    result = CliRunner().invoke(app, ["policy", "lint", str(missing)])
    assert result.exit_code == 1
    assert f"{missing}:1:1: error: no such policy file" in result.output
