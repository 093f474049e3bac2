"""The policy an admin published (`federation.publication`), as one coordinator follows and relays it.

The coordinator reads the hub's `POLICY` bucket, takes a newer version an admin sealed and that loads
(`policy.WatchedPolicy.adopt`), and sends the publication, sealed as the admin made it, to every region:
at once when it is new, to a region at once when it submits under a digest this coordinator no longer
accepts, and again every relay interval (the coordinator's `_announce`). A publication that is not an
admin's is rejected (and audited) once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable

from federation import MessageRejected, WireError, subjects
from federation.fabric import Fabric
from federation.publication import PUBLISHER, opened
from policy import Policy, WatchedPolicy

log = logging.getLogger(__name__)

BEHIND_RELAY_S = 1.0
"""A region that submits under an old digest is sent the publication at once, at most this often."""


class Publications:
    """`follow()` takes a new publication into force; `relay()` sends the one in force to regions."""

    def __init__(
        self, connection: Fabric, source: WatchedPolicy, *, rejected: Callable[[str, Exception, str], None]
    ) -> None:
        self.connection = connection
        self.source = source
        self._rejected = rejected
        self.publication: bytes | None = None
        """The sealed publication in force, as relayed to the regions."""
        self.rejected: bytes | None = None
        """The last publication found that was not an admin's (not looked at again)."""
        self._following = asyncio.Lock()
        """One look at a time: two at once could put an older version back in force."""
        self._relayed_to: dict[str, float] = {}

    async def follow(self, take: Callable[[Policy], Awaitable[None]]) -> bool:
        """Look at the bucket; a newer sealed version that loads is handed to `take` (to route under it) and
        then relayed to every region. Whether the policy in force changed."""
        async with self._following:
            found = await self.connection.published_policy()
            if found is None or found[0] in (self.publication, self.rejected):
                return False
            try:
                publication = opened(self.connection.verifier, found[0])
            except (MessageRejected, WireError) as exc:
                self.rejected = found[0]
                self._rejected("policy publication", exc, PUBLISHER)
                return False
            changed = self.source.adopt(publication.text, publication.version)
            if self.source.published != publication.version:
                return False  # older than the version in force, or it does not load
            await take(self.source.current)
            self.publication = found[0]
            await self.relay(self.source.current.regions)
            return changed

    async def relay_to_behind(self, region: str) -> None:
        """`region` decided under a version this coordinator does not accept, most likely the file of a node
        that has just started: send it the publication in force now, not at the next round (once a second
        at most per region, whatever it submits meanwhile)."""
        now = time.monotonic()
        if self.publication is None or now - self._relayed_to.get(region, -BEHIND_RELAY_S) < BEHIND_RELAY_S:
            return
        self._relayed_to[region] = now
        await self.relay([region])

    async def relay(self, regions: Iterable[str]) -> None:
        """Send the publication in force, sealed as the admin made it, to `regions`."""
        if self.publication is None:
            return
        for region in regions:
            try:
                await self.connection.publish(subjects.policy(region), self.publication, checked=False)
            except Exception:
                log.warning("could not send the published policy to %s; retrying soon", region)
