"""Routing and the registry, as pure functions."""

from __future__ import annotations

import pytest

from coordinator.registry import RegionLoad, Registry
from coordinator.routing import PrefixAffinity, RouteKind, choose, cost, rank
from federation.messages import Heartbeat

P = frozenset({"pseudonymize"})
RAW: frozenset[str] = frozenset()


def load(
    region: str,
    *,
    queue: int = 0,
    capacity: int = 8,
    kv: float = 0.0,
    latency: float = 50.0,
    models: tuple[str, ...] = ("m",),
) -> RegionLoad:
    return RegionLoad(region, 1, capacity, queue, kv, latency, frozenset(models))


def test_cost_rises_with_queue_kv_and_latency_and_falls_with_affinity() -> None:
    base = cost(load("a"), affinity=False)
    assert cost(load("a", queue=4), affinity=False) > base
    assert cost(load("a", kv=0.9), affinity=False) > base
    assert cost(load("a", latency=900), affinity=False) > base
    assert cost(load("a"), affinity=True) < base


@pytest.mark.parametrize(
    ("allowed", "attested", "loads", "exclude", "expected"),
    [
        ({"a": RAW, "b": RAW}, RAW, [load("a", queue=6), load("b", queue=1)], set(), "b"),
        ({"a": RAW, "b": P}, RAW, [load("a", queue=6), load("b")], set(), "a"),  # b needs pseudonymize, not attested
        ({"a": RAW, "b": P}, P, [load("a", queue=6), load("b")], set(), "b"),
        ({"a": RAW, "b": RAW}, RAW, [load("a"), load("b")], {"a"}, "b"),  # the origin is excluded
        ({"a": RAW, "b": RAW}, RAW, [load("a", models=("other",)), load("b", queue=7)], set(), "b"),
        ({"a": RAW}, RAW, [load("a", capacity=0)], set(), None),
        ({"a": RAW}, RAW, [], set(), None),  # no live node
        ({}, RAW, [load("a")], set(), None),  # the policy allows nothing
    ],
    ids=[
        "least-loaded",
        "unattested-skipped",
        "attested-used",
        "origin-excluded",
        "model-missing",
        "no-capacity",
        "no-node",
        "denied",
    ],
)
def test_choose(
    allowed: dict[str, frozenset[str]],
    attested: frozenset[str],
    loads: list[RegionLoad],
    exclude: set[str],
    expected: str | None,
) -> None:
    route = choose(allowed, attested, "m", rank({x.region: x for x in loads}), exclude=frozenset(exclude))
    assert route.region == expected
    assert (route.kind is RouteKind.ROUTED) == (expected is not None)
    assert route.reason


def test_refusal_reasons_say_what_is_missing() -> None:
    unattested = choose({"b": P}, RAW, "m", rank({"b": load("b")}))
    assert unattested.kind is RouteKind.NOT_ATTESTED
    assert (
        unattested.reason == "refused: the policy requires pseudonymize before data may leave, and it was not attested"
    )
    only_origin = choose({"a": RAW}, RAW, "m", rank({"a": load("a")}), exclude=frozenset({"a"}))
    assert only_origin.kind is RouteKind.ONLY_ORIGIN_ALLOWED
    assert only_origin.reason == "no region other than the origin is allowed by the policy"
    no_node = choose({"a": RAW, "b": RAW}, RAW, "m", rank({}))
    assert no_node.kind is RouteKind.NO_LIVE_NODE
    assert no_node.reason == "no live node serves model 'm' in an allowed region (a, b)"
    # A region reachable raw but without a node: no live node, even where others lack an attestation.
    partly = choose({"a": RAW, "b": P}, RAW, "m", rank({"b": load("b")}))
    assert partly.kind is RouteKind.NO_LIVE_NODE
    assert partly.reason == (
        "no live node serves model 'm' in an allowed region (a); b would require pseudonymize, which was not attested"
    )


def test_affinity_breaks_near_ties() -> None:
    loads = {"a": load("a", queue=1), "b": load("b", queue=1)}
    assert choose({"a": RAW, "b": RAW}, RAW, "m", rank(loads), affinity_region="b").region == "b"


def test_prefix_affinity_is_bounded() -> None:
    affinity = PrefixAffinity(size=2)
    affinity.record("p1", "a")
    affinity.record("p2", "b")
    affinity.get("p1")
    affinity.record("p3", "c")
    assert affinity.get("p2") is None and affinity.get("p1") == "a"


def _beat(region: str, node: str, **fields: object) -> Heartbeat:
    values: dict[str, object] = {
        "models": ["m"],
        "capacity": 4,
        "queue_depth": 1,
        "kv_cache_usage": 0.2,
        "sent_at": 0.0,
        **fields,
    }
    return Heartbeat(region=region, node=node, **values)  # type: ignore[arg-type]


def test_registry_sums_regions_and_expires_silent_nodes() -> None:
    registry = Registry(ttl_s=5)
    assert registry.observe(_beat("a", "n1", sent_at=100), now=100)
    assert registry.observe(_beat("a", "n2", queue_depth=3, latency_ms=20, sent_at=103), now=103)
    assert registry.observe(_beat("b", "n1", healthy=False, sent_at=103), now=103)
    regions = registry.regions(104)
    assert set(regions) == {"a"}  # b's only node is unhealthy
    assert (regions["a"].nodes, regions["a"].capacity, regions["a"].queue_depth) == (2, 8, 4)
    assert registry.regions(106)["a"].nodes == 1  # n1 fell silent
    assert registry.regions(109) == {}


def test_a_replayed_or_old_heartbeat_keeps_no_node_alive() -> None:
    registry = Registry(ttl_s=5)
    beat = _beat("a", "n1", sent_at=100)
    assert registry.observe(beat, now=100)
    assert not registry.observe(beat, now=104)  # the same heartbeat again: a replay
    assert not registry.observe(_beat("a", "n2", sent_at=90), now=104)  # sent before the TTL: stale
    assert registry.regions(106) == {}  # n1 expired; neither replay renewed it
    assert registry.observe(_beat("a", "n1", sent_at=106), now=106)  # control: a fresh one counts
    assert registry.regions(106)["a"].nodes == 1
