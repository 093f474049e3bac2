"""Live region nodes, from their heartbeats. Pure: the caller passes the time."""

from __future__ import annotations

from dataclasses import dataclass

from federation.messages import Heartbeat


@dataclass(frozen=True, slots=True)
class RegionLoad:
    """One region's live nodes, summed up for routing."""

    region: str
    nodes: int
    capacity: int
    queue_depth: int
    kv_cache_usage: float
    latency_ms: float
    models: frozenset[str]


class Registry:
    """Nodes seen within `ttl_s`; silent ones expire.

    The per-region summary is rebuilt at most every `refresh_s` after a heartbeat (a thousand nodes
    beating every two seconds would otherwise rebuild it for every job); expiries apply at once.
    """

    def __init__(self, ttl_s: float = 6.0, refresh_s: float = 0.1) -> None:
        self.ttl_s = ttl_s
        self.refresh_s = refresh_s
        self._nodes: dict[tuple[str, str], tuple[float, Heartbeat]] = {}
        self._snapshot: dict[str, RegionLoad] | None = None
        self._built_at = 0.0
        self._dirty = False
        self._valid_until = 0.0

    def observe(self, heartbeat: Heartbeat, now: float) -> bool:
        """Record a heartbeat; False (ignored) for one sent longer than the TTL ago or not after the
        node's last, so a replayed heartbeat cannot keep a dead node alive."""
        last = self._nodes.get((heartbeat.region, heartbeat.node))
        if heartbeat.sent_at < now - self.ttl_s or (last is not None and heartbeat.sent_at <= last[1].sent_at):
            return False
        known = last is not None
        self._nodes[(heartbeat.region, heartbeat.node)] = (now, heartbeat)
        if known:
            self._dirty = True
        else:
            self._snapshot = None  # a new node is routable at once
        return True

    def forget(self, region: str, node: str) -> None:
        self._nodes.pop((region, node), None)
        self._snapshot = None

    def nodes(self, now: float) -> list[Heartbeat]:
        """Live, healthy nodes."""
        self._expire(now)
        return [beat for _, beat in self._nodes.values() if beat.healthy]

    def regions(self, now: float) -> dict[str, RegionLoad]:
        """Per-region load of live, healthy nodes; cached until a heartbeat or an expiry changes it."""
        self._expire(now)
        stale = self._dirty and now - self._built_at >= self.refresh_s
        if self._snapshot is None or stale or now >= self._valid_until:
            grouped: dict[str, list[Heartbeat]] = {}
            for _, beat in self._nodes.values():
                if beat.healthy:
                    grouped.setdefault(beat.region, []).append(beat)
            self._snapshot = {region: _summarise(region, beats) for region, beats in grouped.items()}
            oldest = min((seen for seen, _ in self._nodes.values()), default=now)
            self._valid_until = oldest + self.ttl_s
            self._built_at, self._dirty = now, False
        return self._snapshot

    def _expire(self, now: float) -> None:
        stale = [key for key, (seen, _) in self._nodes.items() if now - seen > self.ttl_s]
        for key in stale:
            del self._nodes[key]
        if stale:
            self._snapshot = None


def _summarise(region: str, beats: list[Heartbeat]) -> RegionLoad:
    return RegionLoad(
        region=region,
        nodes=len(beats),
        capacity=sum(b.capacity for b in beats),
        queue_depth=sum(b.queue_depth for b in beats),
        kv_cache_usage=sum(b.kv_cache_usage for b in beats) / len(beats),
        latency_ms=min(b.latency_ms for b in beats),
        models=frozenset(m for b in beats for m in b.models),
    )
