"""Resolve a validated policy document into plain sets: who matches a rule, and where it sends data.

Every name is checked here, with its position, so a typo never silently widens or narrows a rule.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Literal

# Re-exported: `_policy` and `_analysis` name these here.
from ._compiled import Compiled as Compiled
from ._compiled import CompiledRule as CompiledRule
from ._compiled import Destinations as Destinations
from ._compiled import Match as Match
from ._errors import Finding
from ._schema import RESERVED_DESTINATIONS, DataClassRange, PolicyDocument, RuleSpec, Transform
from ._yaml import Located, Path


def _suggest(name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    return f"; did you mean '{close[0]}'?" if close else ""


def _known(names: Iterable[str]) -> str:
    listed = sorted(names)
    return ", ".join(listed) if listed else "none"


class _Resolver:
    def __init__(self, doc: PolicyDocument, located: Located) -> None:
        self.doc = doc
        self.located = located
        self.findings: list[Finding] = []
        self.regions = tuple(doc.regions)
        self.classes = tuple(doc.data_classes)

    def error(self, path: Path, message: str, code: str) -> None:
        self.findings.append(self.located.finding(path, message, code=code))

    def warn(self, path: Path, message: str, code: str) -> None:
        self.findings.append(self.located.finding(path, message, code=code, severity="warning"))

    # -- jurisdictions and regions -------------------------------------------------------------

    def jurisdiction_chains(self) -> dict[str, tuple[str, ...]]:
        chains: dict[str, tuple[str, ...]] = {}
        for name, spec in self.doc.jurisdictions.items():
            if spec.within is not None and spec.within not in self.doc.jurisdictions:
                self.error(
                    ("jurisdictions", name, "within"),
                    f"jurisdiction '{name}' sits within '{spec.within}', which is not defined"
                    f" (known: {_known(self.doc.jurisdictions)}){_suggest(spec.within, self.doc.jurisdictions)}",
                    "unknown-jurisdiction",
                )
            for other in spec.adequate:
                if other not in self.doc.jurisdictions:
                    self.error(
                        ("jurisdictions", name, "adequate"),
                        f"jurisdiction '{name}' deems '{other}' adequate, but '{other}' is not defined"
                        f" (known: {_known(self.doc.jurisdictions)}){_suggest(other, self.doc.jurisdictions)}",
                        "unknown-jurisdiction",
                    )
        reported: set[frozenset[str]] = set()
        for name in self.doc.jurisdictions:
            chain = [name]
            current = self.doc.jurisdictions[name].within
            while current is not None and current in self.doc.jurisdictions:
                if current in chain:
                    members = chain[chain.index(current) :]
                    if frozenset(members) in reported:
                        break
                    reported.add(frozenset(members))
                    cycle = " -> ".join([*members, current])
                    self.error(
                        ("jurisdictions", name, "within"),
                        f"jurisdictions nest in a cycle ({cycle}); one of them must not sit `within` another",
                        "cycle",
                    )
                    break
                chain.append(current)
                current = self.doc.jurisdictions[current].within
            chains[name] = tuple(chain)
        return chains

    def region_jurisdictions(self) -> dict[str, str]:
        result: dict[str, str] = {}
        for name, spec in self.doc.regions.items():
            if spec.jurisdiction not in self.doc.jurisdictions:
                self.error(
                    ("regions", name, "jurisdiction"),
                    f"region '{name}' sits in jurisdiction '{spec.jurisdiction}', which is not defined"
                    f" (known: {_known(self.doc.jurisdictions)})"
                    f"{_suggest(spec.jurisdiction, self.doc.jurisdictions)}",
                    "unknown-jurisdiction",
                )
            result[name] = spec.jurisdiction
        return result

    def check_data_classes(self) -> None:
        seen: set[str] = set()
        for index, name in enumerate(self.doc.data_classes):
            if name in seen:
                self.error(("data_classes", index), f"data class '{name}' is listed twice", "duplicate")
            seen.add(name)

    # -- rules -----------------------------------------------------------------------------------

    def regions_in(
        self, jurisdiction: str, chains: Mapping[str, tuple[str, ...]], where: Mapping[str, str]
    ) -> set[str]:
        return {r for r in self.regions if jurisdiction in chains.get(where[r], (where[r],))}

    def resolve_names(
        self,
        path: Path,
        names: Iterable[str],
        *,
        rule: str,
        chains: Mapping[str, tuple[str, ...]],
        where: Mapping[str, str],
        reserved: tuple[str, ...],
    ) -> tuple[set[str], set[str]] | None:
        """Region and jurisdiction names to regions; returns (regions, reserved words used)."""
        regions: set[str] = set()
        words: set[str] = set()
        ok = True
        for name in names:
            if name in reserved:
                words.add(name)
            elif name in self.doc.regions:
                regions.add(name)
            elif name in self.doc.jurisdictions:
                found = self.regions_in(name, chains, where)
                if not found:
                    self.warn(
                        path,
                        f"rule '{rule}' names jurisdiction '{name}', which has no region; it matches nothing",
                        "unreachable",
                    )
                regions |= found
            else:
                ok = False
                known = [*self.doc.regions, *self.doc.jurisdictions, *reserved]
                self.error(
                    path,
                    f"rule '{rule}' names '{name}', which is neither a region nor a jurisdiction"
                    f" (regions: {_known(self.doc.regions)}; jurisdictions: {_known(self.doc.jurisdictions)}"
                    f"{'; or ' + ', '.join(reserved) if reserved else ''}){_suggest(name, known)}",
                    "unknown-name",
                )
        return (regions, words) if ok else None

    def resolve_classes(self, path: Path, rule: RuleSpec) -> frozenset[str] | None:
        selector = rule.data_class
        if selector is None:
            return frozenset(self.classes)
        if isinstance(selector, DataClassRange):
            if selector.at_least is None and selector.at_most is None:
                self.error(path, f"rule '{rule.name}': data_class range needs at_least, at_most or both", "schema")
                return None
            bounds = [b for b in (selector.at_least, selector.at_most) if b is not None]
        else:
            bounds = list(selector)
        unknown = [b for b in bounds if b not in self.classes]
        for name in unknown:
            self.error(
                path,
                f"rule '{rule.name}' names data class '{name}', which `data_classes` does not list"
                f" (known: {', '.join(self.classes)}){_suggest(name, self.classes)}",
                "unknown-data-class",
            )
        if unknown:
            return None
        if isinstance(selector, DataClassRange):
            low = self.classes.index(selector.at_least) if selector.at_least else 0
            high = self.classes.index(selector.at_most) if selector.at_most else len(self.classes) - 1
            if low > high:
                self.warn(
                    path,
                    f"rule '{rule.name}': no data class is at least '{selector.at_least}' and at most"
                    f" '{selector.at_most}'; the rule matches nothing",
                    "unreachable",
                )
            return frozenset(self.classes[low : high + 1])
        return frozenset(selector)

    def compile_rule(
        self,
        index: int,
        rule: RuleSpec,
        chains: Mapping[str, tuple[str, ...]],
        where: Mapping[str, str],
    ) -> CompiledRule | None:
        base: Path = ("rules", index)
        if rule.deny is None and rule.allow is None:
            self.error(base, f"rule '{rule.name}' needs `allow: [...]` or `deny: true`", "schema")
            return None
        if rule.deny is not None and rule.allow is not None:
            self.error(
                (*base, "deny"),
                f"rule '{rule.name}' has both `allow` and `deny`; a rule either allows destinations or denies",
                "schema",
            )
            return None
        origins: set[str] | None = set(self.regions)
        if rule.from_ is not None:
            resolved = self.resolve_names(
                (*base, "from"), rule.from_, rule=rule.name, chains=chains, where=where, reserved=("any",)
            )
            origins = None if resolved is None else (set(self.regions) if resolved[1] else resolved[0])
        classes = self.resolve_classes((*base, "data_class"), rule)
        when = rule.when
        if when is not None and when.model is not None:
            self._check_models((*base, "when", "model"), rule.name, when.model)
        destinations: dict[str, Destinations] = {}
        entry_regions: dict[str, tuple[tuple[str, ...], ...]] = {}
        entries_ok = True
        resolved_entries: list[tuple[set[str], set[str], frozenset[Transform]]] = []
        for entry_index, entry in enumerate(rule.allow or ()):
            resolved_to = self.resolve_names(
                (*base, "allow", entry_index, "to"),
                entry.to,
                rule=rule.name,
                chains=chains,
                where=where,
                reserved=RESERVED_DESTINATIONS,
            )
            if resolved_to is None:
                entries_ok = False
                continue
            resolved_entries.append((resolved_to[0], resolved_to[1], frozenset(entry.transforms)))
        if origins is None or classes is None or not entries_ok:
            return None
        for origin in self.regions:
            if origin not in origins:
                continue
            claimed: dict[str, frozenset[Transform]] = {}
            per_entry: list[tuple[str, ...]] = []
            for named, words, transforms in resolved_entries:
                targets = set(named)
                if "any" in words:
                    targets |= set(self.regions)
                if "origin" in words:
                    targets.add(origin)
                if "home" in words:
                    targets |= self.regions_in(where[origin], chains, where)
                if "adequate" in words:
                    for jurisdiction in chains.get(where[origin], ()):
                        for other in self.doc.jurisdictions[jurisdiction].adequate:
                            targets |= self.regions_in(other, chains, where)
                ordered = tuple(r for r in self.regions if r in targets)
                per_entry.append(ordered)
                for region in ordered:
                    # Transforms guard data on its way out; data served at home never leaves.
                    claimed.setdefault(region, frozenset() if region == origin else transforms)
            destinations[origin] = {r: claimed[r] for r in self.regions if r in claimed}
            entry_regions[origin] = tuple(per_entry)
        consent: frozenset[bool] = (
            frozenset({True, False}) if when is None or when.consent is None else frozenset({when.consent})
        )
        match = Match(
            origins=frozenset(origins),
            classes=classes,
            consent=consent,
            purpose=_opt_set(when.purpose if when else None),
            model=_opt_set(when.model if when else None),
            tenant=_opt_set(when.tenant if when else None),
        )
        return CompiledRule(
            index=index,
            name=rule.name,
            description=rule.description,
            line=self.located.where(base)[0],
            match=match,
            deny=bool(rule.deny),
            destinations=destinations,
            entry_regions=entry_regions,
        )

    def check_vocabulary(self, attribute: Literal["purpose", "tenant"], declared: list[str] | None) -> None:
        """Values of `attribute` a rule matches must be declared (`purposes:`, `tenants:`); without a
        vocabulary, say what that risks."""
        plural = f"{attribute}s"
        for index, rule in enumerate(self.doc.rules):
            values = getattr(rule.when, attribute) if rule.when is not None else None
            for value in values or ():
                path: Path = ("rules", index, "when", attribute)
                if declared is None:
                    self.warn(
                        path,
                        f"rule '{rule.name}' matches {attribute} '{value}', but the policy declares no `{plural}:`;"
                        f" a misspelt {attribute} in a rule or a request then silently never matches: declare them",
                        f"undeclared-{attribute}",
                    )
                elif value not in declared:
                    self.error(
                        path,
                        f"rule '{rule.name}' matches {attribute} '{value}', which is not declared"
                        f" ({plural}: {_known(declared)}){_suggest(value, declared)}",
                        f"unknown-{attribute}",
                    )

    def _check_models(self, path: Path, rule: str, models: Iterable[str]) -> None:
        allowlists = [spec.models for spec in self.doc.regions.values()]
        if any(allowed is None for allowed in allowlists):
            return
        served = {m for allowed in allowlists if allowed is not None for m in allowed}
        for model in models:
            if model not in served:
                self.warn(
                    path,
                    f"rule '{rule}' names model '{model}', which no region serves (served: {_known(served)})"
                    f"{_suggest(model, served)}",
                    "unknown-model",
                )


def _opt_set(values: Iterable[str] | None) -> frozenset[str] | None:
    return None if values is None else frozenset(values)


def compile_document(doc: PolicyDocument, located: Located) -> tuple[Compiled | None, list[Finding]]:
    """Resolve every name; return the compiled policy (None if any error) and all findings."""
    resolver = _Resolver(doc, located)
    chains = resolver.jurisdiction_chains()
    where = resolver.region_jurisdictions()
    resolver.check_data_classes()
    names: dict[str, int] = {}
    for index, rule in enumerate(doc.rules):
        if rule.name in names:
            first = located.where(("rules", names[rule.name]))[0]
            resolver.error(
                ("rules", index, "name"),
                f"rule name '{rule.name}' is already used by the rule on line {first}; names must be unique",
                "duplicate",
            )
        names.setdefault(rule.name, index)
    resolver.check_vocabulary("purpose", doc.purposes)
    resolver.check_vocabulary("tenant", doc.tenants)
    if any(f.severity == "error" for f in resolver.findings):
        return None, resolver.findings
    compiled_rules = [resolver.compile_rule(i, rule, chains, where) for i, rule in enumerate(doc.rules)]
    if any(f.severity == "error" for f in resolver.findings):
        return None, resolver.findings
    compiled = Compiled(
        regions=resolver.regions,
        region_jurisdiction=where,
        jurisdiction_chain=chains,
        data_classes=resolver.classes,
        region_models={
            name: None if spec.models is None else frozenset(spec.models) for name, spec in doc.regions.items()
        },
        rules=tuple(r for r in compiled_rules if r is not None),
        purposes=None if doc.purposes is None else frozenset(doc.purposes),
        tenants=None if doc.tenants is None else frozenset(doc.tenants),
    )
    return compiled, resolver.findings
