"""A compiled policy as plain data: the set of requests each rule matches (`Match`), and, per origin
region, where the rule lets its data go. `_compile` builds it; `_policy` and `_analysis` read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ._schema import Transform


@dataclass(frozen=True, slots=True)
class Match:
    """The set of requests a rule matches: a box over origin, data class and request attributes.

    `None` for an attribute means "any value, or none given"; a set means "one of these".
    """

    origins: frozenset[str]
    classes: frozenset[str]
    consent: frozenset[bool]
    purpose: frozenset[str] | None
    model: frozenset[str] | None
    tenant: frozenset[str] | None

    def is_empty(self) -> bool:
        return not (self.origins and self.classes and self.consent) or any(
            attr is not None and not attr for attr in (self.purpose, self.model, self.tenant)
        )

    def within(self, other: Match) -> bool:
        """True when every request this matches, `other` matches too."""
        return (
            self.origins <= other.origins
            and self.classes <= other.classes
            and self.consent <= other.consent
            and _attr_within(self.purpose, other.purpose)
            and _attr_within(self.model, other.model)
            and _attr_within(self.tenant, other.tenant)
        )

    def intersect(self, other: Match) -> Match:
        return Match(
            origins=self.origins & other.origins,
            classes=self.classes & other.classes,
            consent=self.consent & other.consent,
            purpose=_attr_meet(self.purpose, other.purpose),
            model=_attr_meet(self.model, other.model),
            tenant=_attr_meet(self.tenant, other.tenant),
        )

    def breadth(self) -> int:
        """A size that strictly grows with set inclusion; sorting by it puts specific rules first."""
        unbounded = 1 << 20
        return (
            len(self.origins)
            + len(self.classes)
            + len(self.consent)
            + sum(unbounded if attr is None else len(attr) for attr in (self.purpose, self.model, self.tenant))
        )


def _attr_within(inner: frozenset[str] | None, outer: frozenset[str] | None) -> bool:
    return outer is None or (inner is not None and inner <= outer)


def _attr_meet(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    if a is None:
        return b
    if b is None:
        return a
    return a & b


Destinations = Mapping[str, frozenset[Transform]]
"""Allowed regions (in the file's order) and the transforms required before data goes there."""


@dataclass(frozen=True, slots=True)
class CompiledRule:
    index: int
    name: str
    description: str | None
    line: int
    match: Match
    deny: bool
    destinations: Mapping[str, Destinations]
    """Per origin region: where this rule lets its data go."""
    entry_regions: Mapping[str, tuple[tuple[str, ...], ...]]
    """Per origin region: the regions each allow entry names, before earlier entries claim them."""


@dataclass(frozen=True, slots=True)
class Compiled:
    regions: tuple[str, ...]
    region_jurisdiction: Mapping[str, str]
    jurisdiction_chain: Mapping[str, tuple[str, ...]]
    """Each jurisdiction followed by the ones it sits within, innermost first."""
    data_classes: tuple[str, ...]
    region_models: Mapping[str, frozenset[str] | None]
    rules: tuple[CompiledRule, ...]
    purposes: frozenset[str] | None = None
    tenants: frozenset[str] | None = None
    """The declared purpose vocabulary; None: free text."""
