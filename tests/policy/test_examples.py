"""The shipped example policies: table-driven decisions for every rule, their own case files, the schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

import policy
from tests.conftest import EXAMPLES

POLICIES = EXAMPLES / "policies"
FEDERATION = POLICIES / "federation.yaml"
EXAMPLE_FILES = sorted(p for p in POLICIES.glob("*.yaml") if not p.name.endswith(".cases.yaml"))

P = ["pseudonymize"]
EU_PERSONAL = {"eu-west": [], "eu-central": [], "uk-south": [], "us-east": P, "us-west": P, "kr-central": []}

# (origin, data_class, request attributes) -> (rule, allowed regions with their transforms)
DECISIONS = [
    ("eu-west", "personal", {}, "eu-personal", EU_PERSONAL),
    ("eu-central", "personal", {"consent": True}, "eu-personal", {**EU_PERSONAL}),
    ("uk-south", "personal", {}, "uk-personal", EU_PERSONAL),
    ("eu-west", "sensitive", {}, "sensitive-stays-home", {"eu-west": []}),
    ("kr-central", "sensitive", {"consent": True}, "sensitive-stays-home", {"kr-central": []}),
    ("kr-central", "personal", {}, "kr-personal", {"kr-central": []}),
    (
        "kr-central",
        "personal",
        {"consent": True},
        "kr-personal-with-consent",
        {"eu-west": P, "eu-central": P, "uk-south": P, "us-east": P, "us-west": P, "kr-central": []},
    ),
    ("us-west", "personal", {}, "ca-personal", {"us-east": P, "us-west": []}),
    ("us-east", "personal", {}, "us-personal", {"us-east": [], "us-west": []}),
    ("us-east", "public", {}, "public-anywhere", {r: [] for r in EU_PERSONAL}),
    (
        "eu-west",
        "internal",
        {},
        "internal-pseudonymised-abroad",
        {r: ([] if r == "eu-west" else P) for r in EU_PERSONAL},
    ),
    ("eu-west", "personal", {"purpose": "marketing"}, "no-marketing-of-personal-data", {}),
    ("kr-central", "sensitive", {"purpose": "marketing"}, "no-marketing-of-personal-data", {}),
    ("eu-west", "public", {"purpose": "marketing"}, "public-anywhere", {r: [] for r in EU_PERSONAL}),
    ("eu-west", "personal", {"model": "llama-3-70b-instruct"}, "eu-personal", {"eu-west": [], "us-east": P}),
    ("eu-west", "personal", {"model": "not-served-anywhere"}, "eu-personal", {}),
]


@pytest.fixture(scope="module")
def federation() -> policy.Policy:
    return policy.load(FEDERATION)


@pytest.mark.parametrize(
    ("origin", "data_class", "attrs", "rule", "allowed"),
    DECISIONS,
    ids=[f"{o}-{c}-{'-'.join(map(str, a.values())) or 'plain'}" for o, c, a, _, _ in DECISIONS],
)
def test_federation_decisions(
    federation: policy.Policy,
    origin: str,
    data_class: str,
    attrs: dict,
    rule: str,
    allowed: dict,  # type: ignore[type-arg]
) -> None:
    decision = federation.decide(origin, data_class, **attrs)
    assert decision.rule == rule
    assert {r: sorted(decision.required_transforms[r]) for r in decision.allowed_regions} == allowed
    assert decision.denied == (not allowed)
    assert decision.policy_digest == federation.digest
    assert rule in decision.reason


def test_every_example_rule_is_exercised(federation: policy.Policy) -> None:
    assert {rule for *_, rule, _ in DECISIONS} == set(federation.rules)


def test_denial_reason_says_why(federation: policy.Policy) -> None:
    decision = federation.decide("eu-west", "personal", purpose="marketing")
    assert decision.denied
    assert "not processed for marketing" in decision.reason


def test_model_not_served_anywhere_is_denied_with_the_reason(federation: policy.Policy) -> None:
    decision = federation.decide("eu-west", "personal", "gpt-x")
    assert decision.denied
    assert "model 'gpt-x' is allowed in none" in decision.reason


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=[p.stem for p in EXAMPLE_FILES])
def test_example_is_lint_clean(path: Path) -> None:
    assert policy.lint(path) == []


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=[p.stem for p in EXAMPLE_FILES])
def test_example_passes_its_own_cases(path: Path) -> None:
    cases = path.with_name(path.stem + ".cases.yaml")
    results = policy.run_cases(policy.load(path), cases)
    assert len(results) >= 5
    assert [r for r in results if not r.passed] == []


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=[p.stem for p in EXAMPLE_FILES])
def test_example_carries_the_schema_comment_and_validates(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=policy.schema.json")
    schema = json.loads((POLICIES / "policy.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(yaml.safe_load(text))


def test_committed_schema_is_current() -> None:
    committed = json.loads((POLICIES / "policy.schema.json").read_text(encoding="utf-8"))
    assert committed == policy.json_schema(), "run `fedinfer policy schema -o examples/policies/policy.schema.json`"


def test_schema_rejects_what_load_rejects() -> None:
    schema = policy.json_schema()
    bad = yaml.safe_load(FEDERATION.read_text(encoding="utf-8"))
    bad["rules"][0]["allow"][0]["transforms"] = ["hash"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema).validate(bad)


def test_digest_ignores_formatting_but_not_meaning(federation: policy.Policy) -> None:
    text = FEDERATION.read_text(encoding="utf-8")
    as_json = json.dumps(yaml.safe_load(text), indent=1)  # JSON is YAML: same meaning, other form
    reformatted = policy.loads(as_json)
    assert reformatted.digest == federation.digest
    changed = policy.loads(text.replace("adequate: [UK, JP, KR]", "adequate: [UK, JP]"))
    assert changed.digest != federation.digest
    assert federation.digest.startswith("sha256:") and len(federation.digest) == 71


def test_unknown_origin_and_class_name_the_value_and_the_known_ones(federation: policy.Policy) -> None:
    with pytest.raises(policy.PolicyError, match=r"unknown origin region 'eu-wst' \(known: eu-west"):
        federation.decide("eu-wst", "personal")
    with pytest.raises(policy.PolicyError, match=r"unknown data class 'secret' \(known: public, internal"):
        federation.decide("eu-west", "secret")
