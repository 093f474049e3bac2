"""The loaded policy: fast decisions and their explanations. Pure: no I/O here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ._compile import Compiled, CompiledRule, Destinations
from ._decision import Decision, Explanation, RuleVerdict, describe_destinations
from ._errors import PolicyError
from ._schema import PolicyDocument


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A rule as seen from one (origin, data class): its remaining conditions and its answer."""

    rule: CompiledRule
    consent: frozenset[bool]
    purpose: frozenset[str] | None
    model: frozenset[str] | None
    tenant: frozenset[str] | None
    decision: Decision
    """The answer before the requested model narrows the regions."""


class Policy:
    """A validated, compiled policy. Build one with `policy.load(path)` or `policy.loads(text)`.

    Precedence: a matching `deny` rule always wins (explicit deny overrides any allow); otherwise
    the most specific matching rule decides (a rule is more specific than another when every
    request it matches, the other matches too). Two allow rules that match a request equally
    specifically and disagree are refused at load time. No match: the file's `default`.
    """

    def __init__(self, document: PolicyDocument, compiled: Compiled, *, source: str, digest: str) -> None:
        self.document = document
        self.source = source
        self.digest = digest
        self._compiled = compiled
        self._by_name = {r.name: r for r in compiled.rules}
        self._buckets: dict[tuple[str, str], tuple[_Candidate, ...]] = {}
        for origin in compiled.regions:
            for data_class in compiled.data_classes:
                rules = sorted(
                    (r for r in compiled.rules if origin in r.match.origins and data_class in r.match.classes),
                    key=lambda r: (not r.deny, r.match.breadth(), r.index),
                )
                self._buckets[(origin, data_class)] = tuple(self._candidate(rule, origin, data_class) for rule in rules)

    # -- what the file defines ------------------------------------------------------------------

    @property
    def regions(self) -> tuple[str, ...]:
        return self._compiled.regions

    @property
    def data_classes(self) -> tuple[str, ...]:
        return self._compiled.data_classes

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(r.name for r in self._compiled.rules)

    def jurisdiction_of(self, region: str) -> str:
        self._check_region(region)
        return self._compiled.region_jurisdiction[region]

    def models_of(self, region: str) -> frozenset[str] | None:
        """The region's model allowlist; None when it serves any model."""
        self._check_region(region)
        return self._compiled.region_models[region]

    # -- decisions --------------------------------------------------------------------------------

    def decide(
        self,
        origin_region: str,
        data_class: str,
        model: str | None = None,
        *,
        consent: bool = False,
        purpose: str | None = None,
        tenant: str | None = None,
    ) -> Decision:
        """Where a request's data may be served. Unknown origin, data class or (where the policy declares
        them) purpose or tenant: `PolicyError`."""
        if purpose is not None and self._compiled.purposes is not None and purpose not in self._compiled.purposes:
            self.check_purpose(purpose)
        if tenant is not None and self._compiled.tenants is not None and tenant not in self._compiled.tenants:
            self.check_tenant(tenant)
        bucket = self._buckets.get((origin_region, data_class))
        if bucket is None:
            self._check_region(origin_region)
            self._check_class(data_class)
        for candidate in bucket or ():
            if (
                consent in candidate.consent
                and (candidate.purpose is None or purpose in candidate.purpose)
                and (candidate.model is None or model in candidate.model)
                and (candidate.tenant is None or tenant in candidate.tenant)
            ):
                return self._narrow_to_model(candidate.decision, model)
        return self._narrow_to_model(self._default(origin_region, data_class), model)

    def explain(
        self,
        origin_region: str,
        data_class: str,
        model: str | None = None,
        *,
        consent: bool = False,
        purpose: str | None = None,
        tenant: str | None = None,
    ) -> Explanation:
        """The decision, and for every rule whether it decided, was outranked, or why it did not apply."""
        decision = self.decide(origin_region, data_class, model, consent=consent, purpose=purpose, tenant=tenant)
        verdicts = []
        for rule in self._compiled.rules:
            why = _mismatch(rule, origin_region, data_class, consent, purpose, model, tenant)
            if why is not None:
                verdicts.append(RuleVerdict(rule.name, rule.line, "not-applicable", why))
            elif rule.name == decision.rule:
                why = "a deny rule that matches" if rule.deny else "the most specific rule that matches"
                verdicts.append(RuleVerdict(rule.name, rule.line, "decided", why))
            else:
                by = self._by_name[decision.rule] if decision.rule is not None else None
                why = (
                    f"matches, but deny rule '{by.name}' overrides it"
                    if by is not None and by.deny
                    else f"matches, but rule '{decision.rule}' is more specific"
                )
                verdicts.append(RuleVerdict(rule.name, rule.line, "outranked", why))
        deciding = self._by_name.get(decision.rule) if decision.rule is not None else None
        return Explanation(decision, tuple(verdicts), deciding.description if deciding is not None else None)

    # -- internals --------------------------------------------------------------------------------

    def _candidate(self, rule: CompiledRule, origin: str, data_class: str) -> _Candidate:
        destinations: Destinations = {} if rule.deny else rule.destinations[origin]
        if rule.deny:
            summary = f"{rule.description}" if rule.description else "denied"
            reason = f"rule '{rule.name}' denies {data_class} data from {origin}: {summary}"
        elif destinations:
            reason = (
                f"rule '{rule.name}': {data_class} data from {origin} may go to {describe_destinations(destinations)}"
            )
        else:
            reason = f"rule '{rule.name}' allows {data_class} data from {origin} nowhere"
        match = rule.match
        return _Candidate(
            rule=rule,
            consent=match.consent,
            purpose=match.purpose,
            model=match.model,
            tenant=match.tenant,
            decision=self._make(origin, data_class, destinations, rule.name, reason),
        )

    def _default(self, origin: str, data_class: str) -> Decision:
        if self.document.default == "origin":
            reason = f"no rule matches {data_class} data from {origin}; the policy's default serves it at home only"
            return self._make(origin, data_class, {origin: frozenset()}, None, reason)
        reason = f"no rule matches {data_class} data from {origin}; the policy's default is deny"
        return self._make(origin, data_class, {}, None, reason)

    def _make(
        self, origin: str, data_class: str, destinations: Destinations, rule: str | None, reason: str
    ) -> Decision:
        return Decision(
            origin_region=origin,
            data_class=data_class,
            allowed_regions=tuple(destinations),
            required_transforms=dict(destinations),
            rule=rule,
            reason=reason,
            policy_digest=self.digest,
        )

    def _narrow_to_model(self, decision: Decision, model: str | None) -> Decision:
        if model is None or not decision.allowed_regions:
            return decision
        models = self._compiled.region_models
        kept = tuple(r for r in decision.allowed_regions if (m := models[r]) is None or model in m)
        if len(kept) == len(decision.allowed_regions):
            return decision
        dropped = [r for r in decision.allowed_regions if r not in kept]
        note = f"; model '{model}' is not allowed in {', '.join(dropped)}"
        if not kept:
            note = f"; but model '{model}' is allowed in none of those regions"
        return Decision(
            origin_region=decision.origin_region,
            data_class=decision.data_class,
            allowed_regions=kept,
            required_transforms={r: decision.required_transforms[r] for r in kept},
            rule=decision.rule,
            reason=decision.reason + note,
            policy_digest=decision.policy_digest,
        )

    def _check_region(self, region: str) -> None:
        if region not in self._compiled.region_jurisdiction:
            raise PolicyError(f"{self.source}: unknown origin region '{region}' (known: {', '.join(self.regions)})")

    def named(self, attribute: Literal["purpose", "model", "tenant"]) -> frozenset[str]:
        """Every value of a request attribute that something in the policy names: its vocabulary (purposes,
        tenants), the regions' model allow-lists, and the values rules match."""
        values: set[str] = set()
        if attribute == "purpose":
            values |= set(self._compiled.purposes or ())
        elif attribute == "tenant":
            values |= set(self._compiled.tenants or ())
        else:
            values |= {m for allowed in self._compiled.region_models.values() for m in allowed or ()}
        for rule in self._compiled.rules:
            values |= set(getattr(rule.match, attribute) or ())
        return frozenset(values)

    def reachable(self, origin: str, *, tenant: str | None = None) -> frozenset[str]:
        """The regions a request from `origin` (by `tenant`) may be served in for some data class, with
        consent and no purpose named: where its data could ever be sent."""
        regions: set[str] = set()
        for data_class in self.data_classes:
            regions |= set(self.decide(origin, data_class, consent=True, tenant=tenant).allowed_regions)
        return frozenset(regions)

    @property
    def purposes(self) -> tuple[str, ...] | None:
        """The declared purpose vocabulary, sorted; None: purposes are free text."""
        return None if self._compiled.purposes is None else tuple(sorted(self._compiled.purposes))

    def check_purpose(self, purpose: str) -> None:
        """`PolicyError` unless a request may declare `purpose` (always, without a vocabulary)."""
        known = self._compiled.purposes
        if known is not None and purpose not in known:
            close = [p for p in known if p.casefold() == purpose.casefold()]
            hint = f"; did you mean '{close[0]}'?" if close else ""
            raise PolicyError(
                f"{self.source}: unknown purpose '{purpose}' (declared: {', '.join(sorted(known))}){hint}"
            )

    @property
    def tenants(self) -> tuple[str, ...] | None:
        """The declared tenant vocabulary, sorted; None: tenants are free text."""
        return None if self._compiled.tenants is None else tuple(sorted(self._compiled.tenants))

    def check_tenant(self, tenant: str) -> None:
        """`PolicyError` unless requests may come from `tenant` (always, without a vocabulary)."""
        known = self._compiled.tenants
        if known is not None and tenant not in known:
            raise PolicyError(
                f"{self.source}: unknown tenant '{tenant}' (declared: {', '.join(sorted(known))}); declare it"
                " under `tenants:` or use a declared name"
            )

    def _check_class(self, data_class: str) -> None:
        if data_class not in self._compiled.data_classes:
            raise PolicyError(
                f"{self.source}: unknown data class '{data_class}' (known: {', '.join(self.data_classes)})"
            )


def _mismatch(
    rule: CompiledRule,
    origin: str,
    data_class: str,
    consent: bool,
    purpose: str | None,
    model: str | None,
    tenant: str | None,
) -> str | None:
    """Why a rule does not apply to a request, or None when it does."""
    match = rule.match
    if origin not in match.origins:
        return f"origin {origin} is not among its origins ({', '.join(sorted(match.origins)) or 'none'})"
    if data_class not in match.classes:
        return f"data class {data_class} is not among its classes ({', '.join(sorted(match.classes))})"
    if consent not in match.consent:
        return "it requires consent" if True in match.consent else "it applies only without consent"
    for label, value, allowed in (
        ("purpose", purpose, match.purpose),
        ("model", model, match.model),
        ("tenant", tenant, match.tenant),
    ):
        if allowed is not None and value not in allowed:
            given = value if value is not None else "none given"
            return f"{label} {given} is not one of {', '.join(sorted(allowed))}"
    return None
