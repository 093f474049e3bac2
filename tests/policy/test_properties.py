"""Property tests: `decide` against an independent, brute-force reading of the same policy.

The oracle below shares no code with `policy`: it enumerates every request of a small universe,
computes each rule's match set explicitly, and applies the documented precedence (a matching deny
wins; otherwise the most specific rule, by set inclusion; otherwise the default).
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from hypothesis import HealthCheck, assume, given, reject, settings
from hypothesis import strategies as st

import policy

JURISDICTIONS = ["AA", "BB", "CC", "DD"]
REGIONS = ["ra", "rb", "rc", "rd", "re"]
CLASSES = ["c0", "c1", "c2"]
PURPOSES = ["p1", "p2"]
MODELS = ["m1", "m2"]
TENANTS = ["t1"]
Request = tuple[str, str, bool, str | None, str | None, str | None]
UNIVERSE: list[Request] = list(
    itertools.product(REGIONS, CLASSES, [False, True], [*PURPOSES, None], [*MODELS, None], [*TENANTS, None])
)


@st.composite
def policies(draw: st.DrawFn) -> dict[str, Any]:
    jurisdictions: dict[str, dict[str, Any]] = {}
    names = JURISDICTIONS[: draw(st.integers(1, len(JURISDICTIONS)))]
    for index, name in enumerate(names):
        spec: dict[str, Any] = {}
        if index and draw(st.booleans()):
            spec["within"] = draw(st.sampled_from(names[:index]))  # only outward: never a cycle
        adequate = draw(st.lists(st.sampled_from(names), unique=True, max_size=2))
        if adequate:
            spec["adequate"] = [a for a in adequate if a != name]
        jurisdictions[name] = spec
    regions = {}
    for name in REGIONS[: draw(st.integers(1, len(REGIONS)))]:
        region: dict[str, Any] = {"jurisdiction": draw(st.sampled_from(names))}
        if draw(st.booleans()):
            region["models"] = draw(st.lists(st.sampled_from(MODELS), unique=True, min_size=1))
        regions[name] = region
    places = [*regions, *jurisdictions]
    rules = []
    for index in range(draw(st.integers(0, 5))):
        rule: dict[str, Any] = {"name": f"rule{index}"}
        if draw(st.booleans()):
            rule["from"] = draw(st.lists(st.sampled_from([*places, "any"]), unique=True, min_size=1, max_size=2))
        choice = draw(st.integers(0, 3))
        if choice == 1:
            rule["data_class"] = draw(st.sampled_from(CLASSES))
        elif choice == 2:
            rule["data_class"] = draw(st.lists(st.sampled_from(CLASSES), unique=True, min_size=1))
        elif choice == 3:
            rule["data_class"] = {draw(st.sampled_from(["at_least", "at_most"])): draw(st.sampled_from(CLASSES))}
        when: dict[str, Any] = {}
        if draw(st.booleans()):
            when["consent"] = draw(st.booleans())
        for key, values in (("purpose", PURPOSES), ("model", MODELS), ("tenant", TENANTS)):
            if draw(st.integers(0, 3)) == 0:
                when[key] = draw(st.lists(st.sampled_from(values), unique=True, min_size=1))
        if when:
            rule["when"] = when
        if draw(st.integers(0, 4)) == 0:
            rule["deny"] = True
        else:
            rule["allow"] = [
                {
                    "to": draw(
                        st.lists(st.sampled_from([*places, "any", "origin", "adequate"]), unique=True, min_size=1)
                    ),
                    "transforms": draw(st.sampled_from([[], ["pseudonymize"]])),
                }
                for _ in range(draw(st.integers(1, 3)))
            ]
        rules.append(rule)
    return {
        "version": 1,
        "jurisdictions": jurisdictions,
        "regions": regions,
        "data_classes": CLASSES,
        "rules": rules,
        "default": draw(st.sampled_from(["deny", "origin"])),
    }


class Oracle:
    """The documented semantics, computed the slow and obvious way."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.regions = list(doc["regions"])

    def chain(self, jurisdiction: str) -> list[str]:
        out = [jurisdiction]
        while (parent := self.doc["jurisdictions"][out[-1]].get("within")) is not None:
            out.append(parent)
        return out

    def regions_in(self, jurisdiction: str) -> set[str]:
        return {r for r, spec in self.doc["regions"].items() if jurisdiction in self.chain(spec["jurisdiction"])}

    def places(self, names: list[str], origin: str) -> set[str]:
        out: set[str] = set()
        for name in names:
            if name == "any":
                out |= set(self.regions)
            elif name == "origin":
                out.add(origin)
            elif name == "adequate":
                for j in self.chain(self.doc["regions"][origin]["jurisdiction"]):
                    for other in self.doc["jurisdictions"][j].get("adequate", []):
                        out |= self.regions_in(other)
            elif name in self.doc["regions"]:
                out.add(name)
            else:
                out |= self.regions_in(name)
        return out

    def classes(self, selector: Any) -> set[str]:
        if selector is None:
            return set(CLASSES)
        if isinstance(selector, str):
            return {selector}
        if isinstance(selector, list):
            return set(selector)
        low = CLASSES.index(selector.get("at_least", CLASSES[0]))
        high = CLASSES.index(selector.get("at_most", CLASSES[-1]))
        return set(CLASSES[low : high + 1])

    def matches(self, rule: dict[str, Any], req: Request) -> bool:
        origin, data_class, consent, purpose, model, tenant = req
        if origin not in self.doc["regions"]:
            return False
        if "from" in rule and origin not in self.places(rule["from"], origin):
            return False
        if data_class not in self.classes(rule.get("data_class")):
            return False
        when = rule.get("when", {})
        if "consent" in when and when["consent"] != consent:
            return False
        return all(
            key not in when or value in when[key]
            for key, value in (("purpose", purpose), ("model", model), ("tenant", tenant))
        )

    def match_set(self, rule: dict[str, Any]) -> frozenset[Request]:
        return frozenset(req for req in UNIVERSE if self.matches(rule, req))

    def destinations(self, rule: dict[str, Any], origin: str) -> dict[str, list[str]]:
        claimed: dict[str, list[str]] = {}
        for entry in rule["allow"]:
            for region in self.places(entry["to"], origin):
                claimed.setdefault(region, [] if region == origin else list(entry["transforms"]))
        return claimed

    def decide(self, req: Request) -> tuple[set[str | None], dict[str, list[str]]]:
        """The acceptable deciding rules (None = default) and the expected allowed map."""
        origin, _, _, _, model, _ = req
        hits = [r for r in self.doc["rules"] if self.matches(r, req)]
        denies = [r for r in hits if r.get("deny")]
        if denies:
            return {r["name"] for r in denies}, {}
        sets = {r["name"]: self.match_set(r) for r in hits}
        minimal = [r for r in hits if not any(sets[o["name"]] < sets[r["name"]] for o in hits)]
        if not minimal:
            allowed = {origin: []} if self.doc["default"] == "origin" else {}
            names: set[str | None] = {None}
        else:
            outcomes = {tuple(sorted((k, tuple(v)) for k, v in self.destinations(r, origin).items())) for r in minimal}
            assert len(outcomes) == 1, "policy.load should have refused this contradiction"
            allowed = self.destinations(minimal[0], origin)
            names = {r["name"] for r in minimal}
        if model is not None:
            allowed = {r: t for r, t in allowed.items() if model in self.doc["regions"][r].get("models", [model])}
        return names, allowed


def _load(doc: dict[str, Any]) -> policy.Policy:
    try:
        return policy.loads(json.dumps(doc))
    except policy.PolicyError as exc:
        if all(f.code == "contradiction" for f in exc.findings):
            reject()  # generated conflicts are refused at load time, as documented
        raise AssertionError(f"a generated policy was refused for another reason: {exc}") from exc


PROPERTY_SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])


@st.composite
def policy_and_requests(draw: st.DrawFn, max_requests: int = 1) -> tuple[dict[str, Any], list[Request]]:
    doc = draw(policies())
    known = [req for req in UNIVERSE if req[0] in doc["regions"]]
    return doc, draw(st.lists(st.sampled_from(known), min_size=1, max_size=max_requests))


@PROPERTY_SETTINGS
@given(policy_and_requests(max_requests=20))
def test_decide_agrees_with_the_brute_force_oracle(case: tuple[dict[str, Any], list[Request]]) -> None:
    doc, reqs = case
    loaded = _load(doc)
    oracle = Oracle(doc)
    for req in reqs:
        origin, data_class, consent, purpose, model, tenant = req
        decision = loaded.decide(origin, data_class, model, consent=consent, purpose=purpose, tenant=tenant)
        names, allowed = oracle.decide(req)
        assert decision.rule in names, (req, decision.reason)
        assert {r: sorted(decision.required_transforms[r]) for r in decision.allowed_regions} == {
            r: sorted(t) for r, t in allowed.items()
        }, (req, decision.reason)


@PROPERTY_SETTINGS
@given(policy_and_requests())
def test_decide_never_names_a_region_outside_the_file(case: tuple[dict[str, Any], list[Request]]) -> None:
    doc, (req,) = case
    loaded = _load(doc)
    origin, data_class, consent, purpose, model, tenant = req
    decision = loaded.decide(origin, data_class, model, consent=consent, purpose=purpose, tenant=tenant)
    assert set(decision.allowed_regions) <= set(doc["regions"])
    assert set(decision.required_transforms) == set(decision.allowed_regions)


@PROPERTY_SETTINGS
@given(policy_and_requests())
def test_default_deny_holds_when_no_rule_matches(case: tuple[dict[str, Any], list[Request]]) -> None:
    doc, (req,) = case
    doc = {**doc, "default": "deny"}
    loaded = _load(doc)
    origin, data_class, consent, purpose, model, tenant = req
    oracle = Oracle(doc)
    assume(not any(oracle.matches(rule, req) for rule in doc["rules"]))
    decision = loaded.decide(origin, data_class, model, consent=consent, purpose=purpose, tenant=tenant)
    assert decision.denied and decision.rule is None


@PROPERTY_SETTINGS
@given(policy_and_requests())
def test_pseudonymisation_a_rule_requires_is_never_dropped(
    case: tuple[dict[str, Any], list[Request]],
) -> None:
    doc, (req,) = case
    loaded = _load(doc)
    origin, data_class, consent, purpose, model, tenant = req
    decision = loaded.decide(origin, data_class, model, consent=consent, purpose=purpose, tenant=tenant)
    assume(decision.rule is not None and not decision.denied)
    rule = next(r for r in doc["rules"] if r["name"] == decision.rule)
    oracle = Oracle(doc)
    for region in decision.allowed_regions:
        if region == origin:
            continue
        first = next(e for e in rule["allow"] if region in oracle.places(e["to"], origin))
        if "pseudonymize" in first["transforms"]:
            assert "pseudonymize" in decision.transforms_for(region)
