"""Choosing a region for a job: the policy filters, a score picks. Pure functions over plain data."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from .registry import RegionLoad

QUEUE_WEIGHT = 1.0
KV_WEIGHT = 0.5
LATENCY_WEIGHT = 0.2  # per second of time to first token
AFFINITY_BONUS = 0.3  # a region that recently served this prompt prefix may reuse its KV cache


class RouteKind(Enum):
    """What `choose` found: a region, or which of the reasons there is none (callers match on this,
    never on the reason's words)."""

    ROUTED = "routed"
    ONLY_ORIGIN_ALLOWED = "only_origin_allowed"
    """The policy allows no region but the excluded ones (the origin, regions the origin excluded)."""
    NOT_ATTESTED = "not_attested"
    """Every allowed region requires a transform the origin did not attest."""
    NO_LIVE_NODE = "no_live_node"
    """Some allowed region needs nothing more, but none has a live node serving the model."""


@dataclass(frozen=True, slots=True)
class Route:
    """Where a job goes (`region`, with its `cost`), or why it goes nowhere (`region` None)."""

    kind: RouteKind
    region: str | None
    reason: str
    cost: float | None = None


@dataclass(frozen=True, slots=True)
class Ranking:
    """Regions ordered by cost for each model they serve: built once per registry snapshot, so a
    routing decision walks only until the first region the job may go to."""

    by_model: dict[str, list[tuple[float, str]]]
    cost: dict[str, float]
    loads: Mapping[str, RegionLoad]


def rank(loads: Mapping[str, RegionLoad]) -> Ranking:
    costs = {region: cost(load, affinity=False) for region, load in loads.items() if load.capacity > 0}
    by_model: dict[str, list[tuple[float, str]]] = {}
    for region, value in costs.items():
        for model in loads[region].models:
            by_model.setdefault(model, []).append((value, region))
    for entries in by_model.values():
        entries.sort()
    return Ranking(by_model, costs, loads)


def cost(load: RegionLoad, *, affinity: bool) -> float:
    """Lower is better: queue per unit of capacity, KV-cache pressure, latency; minus cache affinity."""
    queue = load.queue_depth / load.capacity if load.capacity else float("inf")
    value = QUEUE_WEIGHT * queue + KV_WEIGHT * load.kv_cache_usage + LATENCY_WEIGHT * load.latency_ms / 1000.0
    return value - AFFINITY_BONUS if affinity else value


def choose(
    allowed: Mapping[str, frozenset[str]],
    attested: frozenset[str],
    model: str,
    ranking: Ranking,
    *,
    exclude: frozenset[str] = frozenset(),
    affinity_region: str | None = None,
) -> Route:
    """The cheapest region among those the policy allows, whose required transforms were attested,
    that have a live node serving `model`.

    Args:
        allowed: region -> transforms the policy requires before data may go there.
        attested: transforms the origin says it applied.
        affinity_region: the region that last served this prompt prefix, if any.
    """

    def eligible(region: str) -> bool:
        required = allowed.get(region)
        return required is not None and region not in exclude and required <= attested

    best: tuple[float, str] | None = None
    for value, region in ranking.by_model.get(model, ()):
        if eligible(region):
            best = (value, region)
            break
    if (
        affinity_region is not None
        and affinity_region in ranking.cost
        and model in ranking.loads[affinity_region].models
        and eligible(affinity_region)
    ):
        with_affinity = ranking.cost[affinity_region] - AFFINITY_BONUS
        if best is None or with_affinity < best[0]:
            best = (with_affinity, affinity_region)
    if best is not None:
        return Route(RouteKind.ROUTED, best[1], f"routed to {best[1]} (cost {best[0]:.3f})", best[0])
    return _why_not(allowed, attested, model, exclude)


def _why_not(
    allowed: Mapping[str, frozenset[str]], attested: frozenset[str], model: str, exclude: frozenset[str]
) -> Route:
    unattested = sorted(r for r, required in allowed.items() if r not in exclude and not required <= attested)
    reachable = sorted(r for r in allowed if r not in exclude and r not in unattested)
    if not reachable and not unattested:
        return Route(RouteKind.ONLY_ORIGIN_ALLOWED, None, "no region other than the origin is allowed by the policy")
    missing = sorted(set().union(*(allowed[r] for r in unattested)) - attested) if unattested else []
    if not reachable:
        why = f"refused: the policy requires {', '.join(missing)} before data may leave, and it was not attested"
        return Route(RouteKind.NOT_ATTESTED, None, why)
    reason = f"no live node serves model '{model}' in an allowed region ({', '.join(reachable)})"
    if unattested:
        reason += f"; {', '.join(unattested)} would require {', '.join(missing)}, which was not attested"
    return Route(RouteKind.NO_LIVE_NODE, None, reason)


class PrefixAffinity:
    """Remembers which region last served a prompt-prefix hash (bounded, least recently used out)."""

    def __init__(self, size: int = 50_000) -> None:
        self.size = size
        self._regions: OrderedDict[str, str] = OrderedDict()

    def get(self, prefix_hash: str) -> str | None:
        region = self._regions.get(prefix_hash)
        if region is not None:
            self._regions.move_to_end(prefix_hash)
        return region

    def record(self, prefix_hash: str, region: str) -> None:
        self._regions[prefix_hash] = region
        self._regions.move_to_end(prefix_hash)
        if len(self._regions) > self.size:
            self._regions.popitem(last=False)
