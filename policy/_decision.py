"""What `Policy.decide` answers, and how `Policy.explain` accounts for it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from ._schema import Transform


@dataclass(frozen=True, slots=True)
class Decision:
    """Where one request's data may be served, and what must happen to it first.

    `allowed_regions` is in the policy file's order and never names a region outside it;
    `required_transforms[region]` is empty for the origin (data served at home never leaves).
    """

    origin_region: str
    data_class: str
    allowed_regions: tuple[str, ...]
    required_transforms: Mapping[str, frozenset[Transform]]
    rule: str | None
    """The rule that decided, or None when the policy's default did."""
    reason: str
    policy_digest: str

    @property
    def denied(self) -> bool:
        return not self.allowed_regions

    def allows(self, region: str) -> bool:
        return region in self.required_transforms

    def transforms_for(self, region: str) -> frozenset[Transform]:
        """The transforms required before data may go to `region`; KeyError when it may not go."""
        return self.required_transforms[region]

    def as_dict(self) -> dict[str, object]:
        return {
            "origin_region": self.origin_region,
            "data_class": self.data_class,
            "allowed": {r: sorted(self.required_transforms[r]) for r in self.allowed_regions},
            "rule": self.rule,
            "reason": self.reason,
            "policy_digest": self.policy_digest,
        }


Verdict = Literal["decided", "outranked", "not-applicable"]


@dataclass(frozen=True, slots=True)
class RuleVerdict:
    """How one rule related to a request."""

    rule: str
    line: int
    verdict: Verdict
    why: str


@dataclass(frozen=True, slots=True)
class Explanation:
    decision: Decision
    considered: tuple[RuleVerdict, ...]
    basis: str | None = None
    """The deciding rule's description (its legal basis, as the author wrote it); None without one."""

    def as_dict(self) -> dict[str, object]:
        return {
            "decision": self.decision.as_dict(),
            "basis": self.basis,
            "considered": [
                {"rule": v.rule, "line": v.line, "verdict": v.verdict, "why": v.why} for v in self.considered
            ],
        }


def describe_destinations(destinations: Mapping[str, frozenset[Transform]]) -> str:
    """'eu-west, eu-central raw; us-east pseudonymized' — grouped by the transforms required."""
    groups: dict[frozenset[Transform], list[str]] = {}
    for region, transforms in destinations.items():
        groups.setdefault(transforms, []).append(region)
    parts = []
    for transforms, regions in groups.items():
        how = "raw" if not transforms else " + ".join(sorted(f"{t}d" for t in transforms))
        parts.append(f"{', '.join(regions)} {how}")
    return "; ".join(parts)
