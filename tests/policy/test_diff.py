"""`fedinfer policy diff`: the decisions a new version changes, before it is rolled out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import policy
from fedinfer.cli import app
from tests.conftest import EXAMPLES

FEDERATION = EXAMPLES / "policies" / "federation.yaml"


@pytest.fixture(scope="module")
def widened(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example policy with sensitive data allowed within its origin's jurisdiction, not its region."""
    text = FEDERATION.read_text(encoding="utf-8")
    old = "    data_class: sensitive\n    allow:\n      - to: origin"
    assert old in text
    path = tmp_path_factory.mktemp("policy") / "widened.yaml"
    path.write_text(text.replace(old, "    data_class: sensitive\n    allow:\n      - to: home"), encoding="utf-8")
    return path


def test_the_changed_decisions_are_exactly_the_new_destinations_of_the_changed_rule(widened: Path) -> None:
    changes = policy.diff(policy.load(FEDERATION), policy.load(widened))
    pairs = {(c.origin, c.destination) for c in changes}
    # EU regions reach each other; us-east reaches us-west (US-CA sits within US); not the other way round.
    assert pairs == {("eu-west", "eu-central"), ("eu-central", "eu-west"), ("us-east", "us-west")}
    assert {(c.data_class, c.before, c.after) for c in changes} == {("sensitive", policy.DENIED, "raw")}
    assert not any(c.purpose == "marketing" for c in changes)  # the marketing deny still wins
    back = policy.diff(policy.load(widened), policy.load(FEDERATION))  # rolling back loses the same ones
    assert {(c.origin, c.destination, c.before, c.after) for c in back} == {
        (c.origin, c.destination, c.after, c.before) for c in changes
    }


def test_the_cli_exits_1_on_changes_0_without_and_speaks_json(widened: Path) -> None:
    runner = CliRunner()
    same = runner.invoke(app, ["policy", "diff", str(FEDERATION), str(FEDERATION)])
    assert (same.exit_code, same.output.strip()) == (0, "no decision changes")
    changed = runner.invoke(app, ["policy", "diff", str(FEDERATION), str(widened)])
    assert changed.exit_code == 1
    assert "eu-west, sensitive, without consent -> eu-central: not allowed => raw" in changed.output
    assert changed.output.strip().endswith("destination(s) gained, 0 lost, 0 with other transforms")
    as_json = runner.invoke(app, ["policy", "diff", str(FEDERATION), str(widened), "--format", "json"])
    assert as_json.exit_code == 1 and {c["destination"] for c in json.loads(as_json.output)} == {
        "eu-central",
        "eu-west",
        "us-west",
    }
    missing = runner.invoke(app, ["policy", "diff", str(FEDERATION), "no-such.yaml"])
    assert missing.exit_code == 2


def test_a_rule_on_a_model_or_an_undeclared_tenant_is_seen(tmp_path: Path) -> None:
    """What a rule matches beyond the vocabularies (a model; a tenant when none are declared) is asked too:
    a version that sends sensitive data abroad for one model is not "no change"."""
    text = FEDERATION.read_text(encoding="utf-8")
    extra = (
        "\n  - name: big-model-anywhere\n    description: test\n    data_class: sensitive\n"
        "    when: {model: llama-3-70b-instruct}\n    allow:\n      - to: any\n"
    )
    path = tmp_path / "model-rule.yaml"
    path.write_text(text.replace("\nrules:\n", "\nrules:" + extra, 1), encoding="utf-8")
    changes = policy.diff(policy.load(FEDERATION), policy.load(path))
    assert changes and {c.model for c in changes} == {"llama-3-70b-instruct"}
    assert ("eu-west", "us-east") in {(c.origin, c.destination) for c in changes}


def test_publishing_a_file_that_does_not_load_or_to_no_hub_is_one_line_and_exit_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("version: 1\nregions: [", encoding="utf-8")
    pki = ["--hub", "tls://127.0.0.1:9", "--pki", str(tmp_path)]
    refused = CliRunner().invoke(app, ["policy", "publish", str(broken), *pki])
    assert refused.exit_code == 2 and "broken.yaml" in refused.output and "Traceback" not in refused.output
    unreachable = CliRunner().invoke(app, ["policy", "publish", str(FEDERATION), *pki])  # loads: on to the hub
    assert unreachable.exit_code == 2, unreachable.output
    assert unreachable.output.startswith(f"cannot publish {FEDERATION}: admin cannot load its certificate")
