"""Static analysis of a compiled policy: contradictions, unreachable rules, dead allow entries.

Requests are finite up to equivalence: origins and data classes are listed in the file, and a
request attribute (purpose, model, tenant) either equals a value some rule names or is "other".
So questions like "does any request reach this rule?" are answered exactly by enumerating the
equivalence classes inside a rule's box.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ._compile import Compiled, CompiledRule, Match
from ._errors import Finding
from ._yaml import Located

MAX_POINTS = 200_000
"""Enumeration budget per question; beyond it the check is skipped rather than slowing lint down."""


@dataclass(frozen=True, slots=True)
class Point:
    """One class of equivalent requests. An attribute of `None` is "not given, or not named by any rule"."""

    origin: str
    data_class: str
    consent: bool
    purpose: str | None
    model: str | None
    tenant: str | None

    def describe(self) -> str:
        parts = [f"origin {self.origin}", f"data class {self.data_class}"]
        parts.append("with consent" if self.consent else "without consent")
        for label, value in (("purpose", self.purpose), ("model", self.model), ("tenant", self.tenant)):
            if value is not None:
                parts.append(f"{label} {value}")
        return ", ".join(parts)


def matches(match: Match, point: Point) -> bool:
    return (
        point.origin in match.origins
        and point.data_class in match.classes
        and point.consent in match.consent
        and (match.purpose is None or point.purpose in match.purpose)
        and (match.model is None or point.model in match.model)
        and (match.tenant is None or point.tenant in match.tenant)
    )


def strictly_within(inner: Match, outer: Match) -> bool:
    return inner.within(outer) and not outer.within(inner)


class _Space:
    def __init__(self, compiled: Compiled) -> None:
        self.rules = compiled.rules
        self.named: dict[str, list[str | None]] = {"purpose": [], "model": [], "tenant": []}
        for rule in compiled.rules:
            for attr, values in self.named.items():
                named = getattr(rule.match, attr)
                for value in sorted(named or ()):
                    if value not in values:
                        values.append(value)
        for values in self.named.values():
            values.append(None)

    def size(self, box: Match) -> int:
        total = len(box.origins) * len(box.classes) * len(box.consent)
        for attr, values in self.named.items():
            named = getattr(box, attr)
            total *= len(values) if named is None else len(named)
        return total

    def points(self, box: Match) -> Iterator[Point]:
        axes: list[Sequence[str | None]] = []
        for attr, values in self.named.items():
            named = getattr(box, attr)
            axes.append(values if named is None else sorted(named))
        for origin, data_class, consent in itertools.product(
            sorted(box.origins), sorted(box.classes), sorted(box.consent)
        ):
            for purpose, model, tenant in itertools.product(*axes):
                yield Point(origin, data_class, consent, purpose, model, tenant)

    def decides_at(self, rule: CompiledRule, point: Point) -> bool:
        """An allow rule that matches the point decides it unless a deny rule or a narrower rule matches."""
        return not any(
            other is not rule
            and (other.deny or strictly_within(other.match, rule.match))
            and matches(other.match, point)
            for other in self.rules
        )


def outcome(rule: CompiledRule, origin: str) -> str:
    """What a rule does for an origin, in words; equal words mean equal decisions."""
    if rule.deny:
        return "denies"
    destinations = rule.destinations[origin]
    if not destinations:
        return "allows nothing"
    parts = [f"{region} ({', '.join(sorted(t))})" if t else region for region, t in destinations.items()]
    return "allows " + ", ".join(parts)


def contradictions(compiled: Compiled, located: Located) -> list[Finding]:
    """Requests that two allow rules match equally specifically while deciding differently.

    Deny rules never contradict: a matching deny always wins.
    """
    space = _Space(compiled)
    findings: list[Finding] = []
    rules = compiled.rules
    for a, b in itertools.combinations(rules, 2):
        if a.deny or b.deny:
            continue
        overlap = a.match.intersect(b.match)
        if overlap.is_empty() or strictly_within(a.match, b.match) or strictly_within(b.match, a.match):
            continue
        differing = frozenset(o for o in overlap.origins if outcome(a, o) != outcome(b, o))
        if not differing:
            continue
        box = Match(differing, overlap.classes, overlap.consent, overlap.purpose, overlap.model, overlap.tenant)
        if space.size(box) > MAX_POINTS:
            continue
        for point in space.points(box):
            if space.decides_at(a, point) and space.decides_at(b, point):
                findings.append(
                    located.finding(
                        ("rules", b.index),
                        f"rules '{a.name}' (line {a.line}) and '{b.name}' contradict: both match"
                        f" {point.describe()} and neither is more specific; '{a.name}'"
                        f" {outcome(a, point.origin)} but '{b.name}' {outcome(b, point.origin)}."
                        " Add a rule for exactly that overlap, or narrow one of them",
                        code="contradiction",
                    )
                )
                break
    return findings


def unreachable(compiled: Compiled, located: Located) -> list[Finding]:
    """Rules that never decide a request, and allow entries that add no destination."""
    space = _Space(compiled)
    findings: list[Finding] = []
    for rule in compiled.rules:
        path = ("rules", rule.index)
        if rule.match.is_empty():
            continue  # compiling already said why (a jurisdiction without regions, an empty class range)
        twins = [o for o in compiled.rules if o.index < rule.index and o.match == rule.match]
        if twins and all(outcome(twins[0], o) == outcome(rule, o) for o in rule.match.origins):
            findings.append(
                located.finding(
                    path,
                    f"rule '{rule.name}' repeats rule '{twins[0].name}' (line {twins[0].line}): same conditions,"
                    " same outcome; remove one",
                    code="shadowed",
                    severity="warning",
                )
            )
            continue
        if rule.deny:
            wider = next(
                (
                    o
                    for o in compiled.rules
                    if o.deny
                    and o is not rule
                    and rule.match.within(o.match)
                    and (o.index < rule.index or not o.match.within(rule.match))
                ),
                None,
            )
            if wider is not None:
                findings.append(
                    located.finding(
                        path,
                        f"deny rule '{rule.name}' is implied by deny rule '{wider.name}' (line {wider.line}),"
                        " which matches every request it does; remove it",
                        code="shadowed",
                        severity="warning",
                    )
                )
            continue
        narrower = [o for o in compiled.rules if o.deny or strictly_within(o.match, rule.match)]
        if narrower and space.size(rule.match) <= MAX_POINTS:
            covering: set[str] = set()
            for point in space.points(rule.match):
                hit = next((o for o in narrower if matches(o.match, point)), None)
                if hit is None:
                    break
                covering.add(hit.name)
            else:
                findings.append(
                    located.finding(
                        path,
                        f"rule '{rule.name}' is shadowed: every request it matches is decided by a deny rule"
                        f" or a more specific rule ({', '.join(sorted(covering))}); remove it or narrow those",
                        code="shadowed",
                        severity="warning",
                    )
                )
        findings.extend(_dead_entries(rule, located))
    return findings


def _dead_entries(rule: CompiledRule, located: Located) -> list[Finding]:
    findings: list[Finding] = []
    if rule.deny or not rule.entry_regions:
        return findings
    entry_count = len(next(iter(rule.entry_regions.values())))
    for entry in range(1, entry_count):
        adds = any(
            set(per_entry[entry]) - {r for earlier in per_entry[:entry] for r in earlier}
            for per_entry in rule.entry_regions.values()
        )
        if not adds:
            findings.append(
                located.finding(
                    ("rules", rule.index, "allow", entry),
                    f"rule '{rule.name}': allow entry {entry + 1} adds no destination; every region it names"
                    " is already taken by an earlier entry (the first entry naming a region wins)",
                    code="shadowed",
                    severity="warning",
                )
            )
    return findings
