"""`fedinfer policy ...` as a policy author uses it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from fedinfer.cli import app
from tests.conftest import EXAMPLES

FEDERATION = str(EXAMPLES / "policies" / "federation.yaml")
runner = CliRunner()


def test_explain_shows_decision_rule_and_why_others_did_not_apply() -> None:
    result = runner.invoke(
        app,
        ["policy", "explain", FEDERATION, "--origin", "kr-central", "--data-class", "personal", "--consent"],
    )
    assert result.exit_code == 0, result.output
    assert "decision: ALLOW" in result.output
    assert "decided         kr-personal-with-consent" in result.output
    assert "outranked       kr-personal (line" in result.output
    assert "origin kr-central is not among its origins (eu-central, eu-west)" in result.output
    assert "us-east          pseudonymize" in result.output


def test_explain_json_for_machines() -> None:
    result = runner.invoke(
        app,
        [
            "policy",
            "explain",
            FEDERATION,
            "--origin",
            "eu-west",
            "--data-class",
            "personal",
            "--purpose",
            "marketing",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 1, result.output  # a deny: scripts can tell
    doc = json.loads(result.output)
    assert doc["decision"]["rule"] == "no-marketing-of-personal-data"
    assert doc["basis"]
    assert doc["decision"]["allowed"] == {}
    verdicts = {v["rule"]: v["verdict"] for v in doc["considered"]}
    assert verdicts["eu-personal"] == "outranked"
    assert verdicts["public-anywhere"] == "not-applicable"


def _explain(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["policy", "explain", FEDERATION, *args])
    return result.exit_code, result.output


def test_explain_to_one_region_answers_allowed_with_transforms_raw_or_denied_in_its_exit_code() -> None:
    eu = ("--origin", "eu-west", "--data-class", "personal")
    assert (
        _explain(*eu, "--to", "us-east")[0] == 0
        and "to us-east: ALLOW with pseudonymize" in _explain(*eu, "--to", "us-east")[1]
    )
    assert "to kr-central: ALLOW raw" in _explain(*eu, "--to", "kr-central")[1]
    code, out = _explain("--origin", "eu-west", "--data-class", "sensitive", "--to", "us-east")
    assert code == 1 and "to us-east: DENY" in out
    code, out = _explain(*eu, "--to", "us-eats")
    assert code == 2 and "--to: unknown region 'us-eats' (known: " in out


def test_explain_shows_the_deciding_rules_legal_basis_for_an_allowed_request_too() -> None:
    code, out = _explain("--origin", "eu-west", "--data-class", "personal")
    assert code == 0 and "basis:    GDPR chapter V" in out


def test_explain_unknown_origin_is_a_message_not_a_traceback() -> None:
    result = runner.invoke(app, ["policy", "explain", FEDERATION, "--origin", "eu-wst", "--data-class", "personal"])
    assert result.exit_code == 2
    assert "unknown origin region 'eu-wst'" in result.output
    assert "Traceback" not in result.output


def test_policy_test_passes_and_fails_with_expected_vs_got(tmp_path: Path) -> None:
    ok = runner.invoke(app, ["policy", "test", FEDERATION, str(EXAMPLES / "policies" / "federation.cases.yaml")])
    assert ok.exit_code == 0, ok.output
    assert "11 passed, 0 failed" in ok.output
    cases = tmp_path / "wrong.yaml"
    cases.write_text(
        "cases:\n"
        "  - name: EU personal data may go raw to the US\n"
        "    request: {origin: eu-west, data_class: personal}\n"
        "    expect: {rule: us-personal, includes: {us-east: []}}\n",
        encoding="utf-8",
    )
    bad = runner.invoke(app, ["policy", "test", FEDERATION, str(cases)])
    assert bad.exit_code == 1
    assert f"FAIL {cases}:2: EU personal data may go raw to the US" in bad.output
    assert "rule: expected 'us-personal', got 'eu-personal'" in bad.output
    assert "includes: expected us-east with no transforms, got ['pseudonymize']" in bad.output


def test_policy_test_with_a_broken_cases_file_names_the_line(tmp_path: Path) -> None:
    cases = tmp_path / "cases.yaml"
    cases.write_text("cases:\n  - name: x\n    request: {origin: eu-west}\n    expect: {}\n", encoding="utf-8")
    result = runner.invoke(app, ["policy", "test", FEDERATION, str(cases)])
    assert result.exit_code == 2
    assert f"{cases}:3:" in result.output and "data_class" in result.output


def test_policy_test_with_a_broken_policy_reports_it(tmp_path: Path) -> None:
    broken = tmp_path / "policy.yaml"
    broken.write_text("version: 1\nregions: {}\n", encoding="utf-8")
    result = runner.invoke(app, ["policy", "test", str(broken), str(EXAMPLES / "policies" / "federation.cases.yaml")])
    assert result.exit_code == 2
    assert f"{broken}:1:1: top level: missing required key 'jurisdictions'" in result.output


def test_schema_prints_json_schema() -> None:
    result = runner.invoke(app, ["policy", "schema"])
    assert result.exit_code == 0
    schema = json.loads(result.output)
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert schema["additionalProperties"] is False


def test_schema_into_a_missing_folder_is_one_line_and_exit_2_and_into_a_file_works(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder" / "policy.schema.json"
    result = runner.invoke(app, ["policy", "schema", "-o", str(missing)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"--output {missing}: cannot write it" in result.output
    written = runner.invoke(app, ["policy", "schema", "-o", str(tmp_path / "policy.schema.json")])
    assert written.exit_code == 0 and json.loads((tmp_path / "policy.schema.json").read_text())["$schema"]


def test_a_case_naming_a_region_or_rule_the_policy_lacks_fails_instead_of_passing_vacuously(tmp_path: Path) -> None:
    cases = tmp_path / "typo.yaml"
    cases.write_text(
        "cases:\n"
        "  - name: EU personal data never reaches Singapore\n"
        "    request: {origin: eu-west, data_class: personal}\n"
        "    expect: {excludes: [sg-l], rule: eu-personl}\n"
        "  - name: control\n"
        "    request: {origin: eu-west, data_class: personal}\n"
        "    expect: {includes: {kr-central: []}, rule: eu-personal}\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["policy", "test", FEDERATION, str(cases)])
    assert result.exit_code == 1, result.output
    assert "excludes: unknown region 'sg-l' (known: eu-west" in result.output
    assert "rule: unknown rule 'eu-personl'" in result.output
    assert "1 passed, 1 failed" in result.output


BROKEN = Path(__file__).parent / "broken"


def test_lint_reads_standard_input_and_fails_on_the_severity_asked_for() -> None:
    warned = (BROKEN / "28-shadowed-rule.yaml").read_text(encoding="utf-8")
    strict = runner.invoke(app, ["policy", "lint", "-"], input=warned)
    assert strict.exit_code == 1 and "<stdin>:" in strict.output and ": warning: " in strict.output
    lenient = runner.invoke(app, ["policy", "lint", "--fail-on", "error", "-"], input=warned)
    assert lenient.exit_code == 0 and ": warning: " in lenient.output and "1 file OK (1 warning)" in lenient.output
    broken = (BROKEN / "11-rule-unknown-data-class.yaml").read_text(encoding="utf-8")
    errors = runner.invoke(app, ["policy", "lint", "--fail-on", "error", "-"], input=broken)
    assert errors.exit_code == 1 and ": error: " in errors.output  # errors fail either way
    clean = runner.invoke(app, ["policy", "lint", "-"], input=(EXAMPLES / "policies" / "federation.yaml").read_text())
    assert clean.exit_code == 0 and "1 file OK" in clean.output


def test_explain_reads_the_policy_from_standard_input() -> None:
    text = (EXAMPLES / "policies" / "federation.yaml").read_text(encoding="utf-8")
    asked = ["policy", "explain", "-", "--origin", "eu-west", "--data-class", "public"]
    from_stdin = runner.invoke(app, asked, input=text)
    from_file = runner.invoke(app, [*asked[:2], FEDERATION, *asked[3:]])
    assert from_stdin.exit_code == from_file.exit_code == 0
    assert from_stdin.output == from_file.output
