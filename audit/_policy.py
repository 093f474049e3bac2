"""The policy a node has in force, as its own audit log remembers it: each version it takes into force
is recorded as a `policy` event, so an auditor sees which version decided from when, and a node that
restarts knows the newest version an admin published to it (an older one relayed after that is a
replay, refused: `region_node.policy_follower`). A published version is recorded when it arrives, even
when its policy is the one in force already (a rollback to the file) or the node cannot run it (it then
keeps its policy, and logs why)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ._events import Event, EventKind

_PUBLISHED = re.compile(r"published version (\d+)$")


def policy_in_force(region: str, node: str, digest: str, published: int) -> Event:
    """`region`/`node` took the policy `digest` into force: from its file (`published` 0) or as the
    admin's `published` version."""
    source = f"published version {published}" if published else "file"
    return Event(EventKind.POLICY, region=region, node=node, policy_digest=digest, reason=source)


def newest_published(events: Iterable[Mapping[str, Any]]) -> int:
    """The highest published version among `policy` events (as queried: dicts); 0 when none."""
    versions = [
        int(match[1])
        for event in events
        if event.get("kind") == EventKind.POLICY and (match := _PUBLISHED.match(str(event.get("reason") or "")))
    ]
    return max(versions, default=0)
