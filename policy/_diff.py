"""What changes between two versions of a policy, in decisions: for every request the two versions can
both be asked about (origin, data class, consent, and every purpose, tenant and model either version
names, or none), every destination region whose answer differs: allowed raw, allowed with transforms,
or not allowed. Pure."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ._errors import PolicyError
from ._policy import Policy

DENIED = "not allowed"


@dataclass(frozen=True, slots=True)
class Change:
    """One destination whose answer differs for one request."""

    origin: str
    data_class: str
    consent: bool
    purpose: str | None
    tenant: str | None
    model: str | None
    destination: str
    before: str
    after: str

    @property
    def request(self) -> str:
        parts = [self.origin, self.data_class, "with consent" if self.consent else "without consent"]
        parts += [f"purpose {self.purpose}"] if self.purpose else []
        parts += [f"tenant {self.tenant}"] if self.tenant else []
        parts += [f"model {self.model}"] if self.model else []
        return ", ".join(parts)

    def __str__(self) -> str:
        return f"{self.request} -> {self.destination}: {self.before} => {self.after}"

    def as_dict(self) -> dict[str, object]:
        return {
            "origin": self.origin,
            "data_class": self.data_class,
            "consent": self.consent,
            "purpose": self.purpose,
            "tenant": self.tenant,
            "model": self.model,
            "destination": self.destination,
            "before": self.before,
            "after": self.after,
        }


def diff(old: Policy, new: Policy) -> list[Change]:
    """Every decision that `new` answers differently from `old`, ordered by request and destination."""
    origins = [r for r in old.regions if r in new.regions]
    classes = [c for c in old.data_classes if c in new.data_classes]
    destinations = sorted(set(old.regions) | set(new.regions))
    purposes = [None, *sorted(old.named("purpose") | new.named("purpose"))]
    tenants = [None, *sorted(old.named("tenant") | new.named("tenant"))]
    models = [None, *sorted(old.named("model") | new.named("model"))]
    changes = []
    for origin, data_class, consent, purpose, tenant, model in itertools.product(
        origins, classes, (False, True), purposes, tenants, models
    ):
        before = _answers(old, origin, data_class, consent, purpose, tenant, model)
        after = _answers(new, origin, data_class, consent, purpose, tenant, model)
        for destination in destinations:
            was, now = before.get(destination, DENIED), after.get(destination, DENIED)
            if was != now:
                changes.append(Change(origin, data_class, consent, purpose, tenant, model, destination, was, now))
    return changes


def _answers(
    policy: Policy,
    origin: str,
    data_class: str,
    consent: bool,
    purpose: str | None,
    tenant: str | None,
    model: str | None,
) -> dict[str, str]:
    """Destination -> how data may go there (`raw`, or the transforms), for one request; a request this
    version cannot be asked (a purpose or tenant it does not declare) may go nowhere."""
    try:
        decision = policy.decide(origin, data_class, model, consent=consent, purpose=purpose, tenant=tenant)
    except PolicyError:
        return {}
    return {region: ", ".join(sorted(decision.transforms_for(region))) or "raw" for region in decision.allowed_regions}
