"""Choosing one of a region's inference servers for a request (pure: no I/O, no clock).

Prefix affinity by rendezvous hashing with bounded load (consistent hashing with bounded loads, as
llm-d's and vLLM production stack's routers do): each prompt prefix ranks the replicas the same way
every time, so requests sharing a prefix (a system prompt, a document) go to the same replica and
reuse its prefix cache; a replica already carrying more than `LOAD_BOUND` times the mean load is
passed over for the next in that prefix's order, which keeps one hot prefix from queueing on one
replica while the overflow still lands on a replica that has seen the prefix before.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

LOAD_BOUND = 1.5
"""A replica is passed over while its load (plus the request) exceeds this times the mean (plus one)..."""

LIGHT_LOAD = 1 / 8
"""...unless that is within this share of its capacity: a server batching dozens of sequences is not
loaded by three, and at low traffic the mean is so small that the bound alone would scatter prefixes."""

KV_CACHE_FULL = 0.95
"""A replica reporting this much of its KV cache in use is passed over like an overloaded one."""


@dataclass
class Replica:
    """One upstream server as the scheduler sees it. `reported_*` come from its `/metrics` (None when it
    exposes none); `in_flight` is what this node has sent it and not yet seen finish."""

    name: str
    capacity: int
    in_flight: int = 0
    reported_running: int | None = None
    reported_waiting: int | None = None
    kv_cache_usage: float | None = None
    down: str | None = None
    """Why it is out of rotation (a failed probe, a 5xx, a refused connection); None while it serves."""
    label: str = ""
    """How clients and other regions read of it (`upstream 2`): not its internal address."""

    @property
    def healthy(self) -> bool:
        return self.down is None

    @property
    def load(self) -> int:
        """Requests it holds: what it reports (every client's), or at least what this node has sent it."""
        reported = (self.reported_running or 0) + (self.reported_waiting or 0)
        return max(self.in_flight, reported)

    @property
    def waiting(self) -> int:
        if self.reported_waiting is not None:
            return self.reported_waiting
        return max(0, self.in_flight - self.capacity)


def affinity_key(texts: Sequence[str], chars: int) -> str:
    """The key requests sharing their first `chars` characters share (role markers included by the
    caller where they matter)."""
    joined = "\x1e".join(texts)[:chars]
    return hashlib.blake2b(joined.encode("utf-8"), digest_size=8).hexdigest()


def ranked(key: str, replicas: Sequence[Replica]) -> list[Replica]:
    """The replicas in `key`'s own order (rendezvous hashing): stable as replicas come and go, each
    removal moving only the keys that ranked it first."""

    def weight(replica: Replica) -> bytes:
        return hashlib.blake2b(f"{key}\x1f{replica.name}".encode(), digest_size=8).digest()

    return sorted(replicas, key=weight, reverse=True)


def choose(key: str, replicas: Sequence[Replica], *, exclude: Collection[str] = ()) -> Replica | None:
    """The replica for a request with affinity `key`: the first in the key's order that is healthy, not
    in `exclude` (tried already) and not over its bound; when every one is over it, the least loaded.
    None when no healthy replica is left."""
    candidates = [r for r in replicas if r.healthy and r.name not in exclude]
    if not candidates:
        return None
    mean = (sum(r.load for r in candidates) + 1) / len(candidates)
    bound = math.ceil(LOAD_BOUND * mean)
    for replica in ranked(key, candidates):
        full = replica.kv_cache_usage is not None and replica.kv_cache_usage >= KV_CACHE_FULL
        light = max(1, math.floor(LIGHT_LOAD * replica.capacity))
        if replica.load + 1 <= max(bound, light) and not full and replica.load < replica.capacity:
            return replica
    return min(candidates, key=lambda r: (r.load / max(1, r.capacity), r.name))
