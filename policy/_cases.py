"""Policy unit tests written by policy authors: a request and the decision they expect."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path as FilePath

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ._errors import Finding, PolicyError
from ._policy import Policy
from ._schema import Transform
from ._yaml import YamlError, parse


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class CaseRequest(_Strict):
    origin: str = Field(description="The origin region.")
    data_class: str
    consent: bool = False
    purpose: str | None = None
    model: str | None = None
    tenant: str | None = None


class CaseExpect(_Strict):
    rule: str | None = Field("<unset>", description="The rule that decides; null for the default.")
    denied: bool | None = None
    allowed: dict[str, list[Transform]] | None = Field(None, description="Exactly these regions and transforms.")
    includes: dict[str, list[Transform]] | None = Field(None, description="At least these, with these transforms.")
    excludes: list[str] | None = Field(None, description="None of these regions.")


class Case(_Strict):
    name: str
    request: CaseRequest
    expect: CaseExpect


class CaseFile(_Strict):
    cases: list[Case] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class CaseResult:
    name: str
    line: int
    failures: tuple[str, ...]

    @property
    def passed(self) -> bool:
        return not self.failures


def run_cases(policy: Policy, cases_path: str | FilePath) -> list[CaseResult]:
    """Run every case of a cases file against `policy`; `PolicyError` if the file itself is wrong."""
    file = str(cases_path)
    try:
        located = parse(FilePath(file).read_text(encoding="utf-8"), file)
    except YamlError as exc:
        raise PolicyError.from_findings([exc.finding]) from exc
    except OSError as exc:
        raise PolicyError.from_findings([Finding(file, 1, 1, f"cannot read the cases: {exc}", code="io")]) from exc
    try:
        cases = CaseFile.model_validate(located.data)
    except ValidationError as exc:
        findings = [
            located.finding(tuple(e["loc"]), f"{'.'.join(map(str, e['loc']))}: {e['msg']}") for e in exc.errors()
        ]
        raise PolicyError.from_findings(findings) from exc
    results = []
    for index, case in enumerate(cases.cases):
        line = located.where(("cases", index))[0]
        try:
            failures = _check(policy, case)
        except PolicyError as exc:
            failures = [str(exc)]
        results.append(CaseResult(case.name, line, tuple(failures)))
    return results


def _unknown_names(policy: Policy, expect: CaseExpect) -> list[str]:
    """An expectation naming a region or rule the policy does not have would pass vacuously: a failure."""
    failures = []
    for key, regions in (("allowed", expect.allowed), ("includes", expect.includes), ("excludes", expect.excludes)):
        for region in regions or ():
            if region not in policy.regions:
                failures.append(f"{key}: unknown region '{region}' (known: {', '.join(policy.regions)})")
    if expect.rule not in ("<unset>", None) and expect.rule not in policy.rules:
        failures.append(f"rule: unknown rule '{expect.rule}' (known: {', '.join(policy.rules)})")
    return failures


def _check(policy: Policy, case: Case) -> list[str]:
    unknown = _unknown_names(policy, case.expect)
    if unknown:
        return unknown
    req = case.request
    got = policy.decide(
        req.origin, req.data_class, req.model, consent=req.consent, purpose=req.purpose, tenant=req.tenant
    )
    expect = case.expect
    failures = []
    got_map = {r: sorted(got.required_transforms[r]) for r in got.allowed_regions}
    if expect.rule != "<unset>" and expect.rule != got.rule:
        failures.append(f"rule: expected {_show(expect.rule)}, got {_show(got.rule)}")
    if expect.denied is not None and expect.denied != got.denied:
        failures.append(f"denied: expected {expect.denied}, got {got.denied} ({got.reason})")
    if expect.allowed is not None:
        want = {r: sorted(t) for r, t in expect.allowed.items()}
        if want != got_map:
            failures.append(f"allowed: expected {_show_map(want)}, got {_show_map(got_map)}")
    for region, transforms in (expect.includes or {}).items():
        if region not in got_map:
            failures.append(f"includes: expected {region} to be allowed, but it is not ({got.reason})")
        elif got_map[region] != sorted(transforms):
            failures.append(
                f"includes: expected {region} with {sorted(transforms) or 'no transforms'},"
                f" got {got_map[region] or 'no transforms'}"
            )
    for region in expect.excludes or ():
        if region in got_map:
            failures.append(f"excludes: expected {region} not to be allowed, but it is ({got.reason})")
    return failures


def _show(rule: str | None) -> str:
    return "the default" if rule is None else f"'{rule}'"


def _show_map(mapping: Mapping[str, Sequence[str]]) -> str:
    if not mapping:
        return "nothing (denied)"
    return ", ".join(f"{r}{'(' + ','.join(t) + ')' if t else ''}" for r, t in mapping.items())
