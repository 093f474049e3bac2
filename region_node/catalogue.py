"""What the federation can serve now, as the coordinator last told this region (`Catalogue`), for
`/v1/models`: a model is listed when this node's engine serves it and is healthy, or when a live region
that this region may send some request to serves it and the policy allows it there.

A catalogue older than `MAX_AGE_S` (the coordinator is away, or the link is) counts as empty: what
cannot be routed now is not listed.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable

import policy
from federation import MessageRejected, PkiError, WireError, subjects
from federation.fabric import Fabric, Message, Subscription
from federation.messages import Catalogue, decode

log = logging.getLogger(__name__)

MAX_AGE_S = 10.0
"""The coordinator sends one every 2 s: a catalogue this old means it has been away for several."""


class CatalogueListener:
    """Keeps the newest catalogue the coordinator sent this region; `live(now)` reads it."""

    def __init__(self, connection: Fabric, region: str, clock: Callable[[], float] = time.time) -> None:
        self.connection = connection
        self.region = region
        self.clock = clock
        self._latest: Catalogue | None = None
        self._subscription: Subscription | None = None

    async def start(self) -> None:
        self._subscription = await self.connection.subscribe(subjects.catalogue(self.region), cb=self._receive)

    async def _receive(self, msg: Message) -> None:
        try:
            self.connection.verify(msg, subjects.COORDINATOR)
            catalogue = decode(Catalogue, msg.data)
        except (MessageRejected, PkiError, WireError) as exc:
            log.warning("ignored a catalogue not from the coordinator or not readable: %s", exc)
            return
        if self._latest is None or catalogue.sent_at > self._latest.sent_at:
            self._latest = catalogue

    def live(self) -> dict[str, list[str]]:
        """Live regions and their models, or nothing when the last word is too old."""
        latest = self._latest
        if latest is None or self.clock() - latest.sent_at > MAX_AGE_S:
            return {}
        return latest.regions


def servable(
    the_policy: policy.Policy,
    origin: str,
    local: Iterable[str],
    live: dict[str, list[str]],
    *,
    tenant: str | None = None,
) -> list[str]:
    """Models a request from `origin` (by `tenant`) could be served with now: `local` (this node's, when
    its engine is healthy), and those of live regions this origin may use for some data class with
    consent, as far as each region's allow-list admits them."""
    models = set(local)
    reachable = the_policy.reachable(origin, tenant=tenant)
    for region, served in live.items():
        if region == origin or region not in reachable:
            continue
        allowed = the_policy.models_of(region)
        models |= {m for m in served if allowed is None or m in allowed}
    return sorted(models)
