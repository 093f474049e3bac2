"""`to: home` (the origin's own jurisdiction) in one rule for every jurisdiction, and a jurisdiction that
lists itself as adequate: meaningful (it changes decisions), so not warned about."""

from __future__ import annotations

from pathlib import Path

import pytest

import policy

DOC = """
version: 1
jurisdictions:
  EU: {{adequate: [{adequate}]}}
  KR: {{}}
  US: {{}}
regions:
  eu-west: {{jurisdiction: EU}}
  eu-central: {{jurisdiction: EU}}
  kr-central: {{jurisdiction: KR}}
  us-east: {{jurisdiction: US}}
data_classes: [personal]
rules:
  - name: stays-in-its-jurisdiction
    description: one rule for every origin
    allow: [{{to: [{to}]}}]
default: deny
"""


def _write(tmp_path: Path, *, adequate: str = "KR", to: str = "home") -> Path:
    path = tmp_path / f"policy-{len(list(tmp_path.iterdir()))}.yaml"
    path.write_text(DOC.format(adequate=adequate, to=to), encoding="utf-8")
    return path


def _load(tmp_path: Path, **values: str) -> policy.Policy:
    return policy.load(_write(tmp_path, **values))


def test_home_is_the_origins_own_jurisdiction_whatever_the_origin(tmp_path: Path) -> None:
    loaded = _load(tmp_path)
    assert loaded.decide("eu-west", "personal").allowed_regions == ("eu-west", "eu-central")
    assert loaded.decide("kr-central", "personal").allowed_regions == ("kr-central",)
    assert loaded.decide("us-east", "personal").allowed_regions == ("us-east",)


def test_a_jurisdiction_listing_itself_as_adequate_changes_decisions_and_is_not_warned_about(tmp_path: Path) -> None:
    without = _load(tmp_path, adequate="KR", to="origin, adequate")
    with_itself = _load(tmp_path, adequate="KR, EU", to="origin, adequate")
    assert without.decide("eu-west", "personal").allowed_regions == ("eu-west", "kr-central")
    assert with_itself.decide("eu-west", "personal").allowed_regions == ("eu-west", "eu-central", "kr-central")
    assert policy.lint(_write(tmp_path, adequate="KR, EU", to="origin, adequate")) == []


PURPOSES = """
version: 1
jurisdictions: {{EU: {{}}}}
regions: {{eu-west: {{jurisdiction: EU}}}}
data_classes: [personal]
{purposes}
rules:
  - name: no-marketing
    data_class: personal
    when: {{purpose: {rule}}}
    deny: true
default: origin
"""


def _purposes(tmp_path: Path, purposes: str, rule: str) -> Path:
    path = tmp_path / f"purposes-{len(list(tmp_path.iterdir()))}.yaml"
    path.write_text(PURPOSES.format(purposes=purposes, rule=rule), encoding="utf-8")
    return path


def test_a_misspelt_purpose_in_a_rule_is_an_error_once_purposes_are_declared(tmp_path: Path) -> None:
    (finding,) = policy.lint(_purposes(tmp_path, "purposes: [marketing, research]", "marketting"))
    assert finding.severity == "error" and "purpose 'marketting', which is not declared" in finding.message
    assert "did you mean 'marketing'" in finding.message
    assert policy.lint(_purposes(tmp_path, "purposes: [marketing, research]", "marketing")) == []  # control
    (free,) = policy.lint(_purposes(tmp_path, "", "marketing"))  # no vocabulary: said, not silent
    assert free.severity == "warning" and "declares no `purposes:`" in free.message


def test_a_request_declaring_an_undeclared_purpose_is_refused_not_let_past_the_deny(tmp_path: Path) -> None:
    loaded = policy.load(_purposes(tmp_path, "purposes: [marketing, research]", "marketing"))
    assert loaded.decide("eu-west", "personal", purpose="marketing").denied  # control: the deny holds
    try:
        loaded.decide("eu-west", "personal", purpose="Marketing")
    except policy.PolicyError as exc:
        assert "unknown purpose 'Marketing'" in str(exc) and "did you mean 'marketing'" in str(exc)
    else:
        raise AssertionError("an undeclared purpose was decided")


def _vocabulary(tmp_path: Path, attribute: str, declared: str, value: str) -> Path:
    """The one-rule policy above, matching `attribute` (purpose or tenant) against `value`."""
    text = PURPOSES.format(purposes=declared, rule=value).replace("{purpose:", f"{{{attribute}:")
    path = tmp_path / f"{attribute}-{len(list(tmp_path.iterdir()))}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_tenants_are_a_declared_vocabulary_as_purposes_are(tmp_path: Path) -> None:
    (finding,) = policy.lint(_vocabulary(tmp_path, "tenant", "tenants: [clinic-a, bank-b]", "clinc-a"))
    assert finding.severity == "error" and "tenant 'clinc-a', which is not declared" in finding.message
    assert "did you mean 'clinic-a'" in finding.message
    assert policy.lint(_vocabulary(tmp_path, "tenant", "tenants: [clinic-a, bank-b]", "clinic-a")) == []  # control
    (free,) = policy.lint(_vocabulary(tmp_path, "tenant", "", "clinic-a"))
    assert free.severity == "warning" and "declares no `tenants:`" in free.message
    loaded = policy.load(_vocabulary(tmp_path, "tenant", "tenants: [clinic-a, bank-b]", "clinic-a"))
    assert loaded.decide("eu-west", "personal", tenant="clinic-a").denied
    assert not loaded.decide("eu-west", "personal", tenant="bank-b").denied  # control: another declared one
    with pytest.raises(policy.PolicyError, match="unknown tenant 'Clinic-A'"):
        loaded.decide("eu-west", "personal", tenant="Clinic-A")
