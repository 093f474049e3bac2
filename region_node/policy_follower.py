"""A region node on the newest policy: its own file (looked at every `FILE_CHECK_S`), or a version an
admin published through the fabric, as the coordinator relays it (`federation.publication`). A version
is taken into force only when it loads and fits the node; the coordinators accept the version it
replaced for their grace period meanwhile, so a rolling change refuses nothing.

Each version taken into force is recorded in the node's audit log (`audit.policy_in_force`), a
published one durably before it decides anything: a node that restarts reads back the newest version
published to it, and refuses an older one relayed after that (a compromised coordinator replaying an
old admin-sealed version). Until the coordinator relays the version in force, a restarted node runs
its file."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

import audit
import policy
from federation import MessageRejected, PkiError, WireError, subjects
from federation.fabric import Fabric, Message, Subscription
from federation.publication import PUBLISHER, opened

log = logging.getLogger(__name__)

FILE_CHECK_S = 2.0
"""How often a node looks at its policy file for a new version."""
REJECTION_AUDIT_S = 60.0
"""A refused publication is relayed again every few seconds: audited once per reason in this long."""


class PolicyFollower:
    """Calls `take` with each new version in force; `unfit` says why a version cannot run on this node."""

    def __init__(
        self,
        watched: policy.WatchedPolicy,
        *,
        region: str,
        node: str,
        audit_writer: audit.AuditWriter,
        unfit: Callable[[policy.Policy], str | None],
        take: Callable[[policy.Policy], None],
    ) -> None:
        self.watched = watched
        self.region, self.node = region, node
        self.audit = audit_writer
        self.unfit, self.take = unfit, take
        self._connection: Fabric | None = None
        self._subscription: Subscription | None = None
        self._watching: asyncio.Task[None] | None = None
        self._audited: dict[str, float] = {}

    async def start(self, connection: Fabric | None) -> None:
        """Watch the file; and, on the federation (`connection`), listen for published versions, none
        older than the newest one this node took before (its audit log says which)."""
        self.watched.floor = await asyncio.to_thread(self._newest_published)
        self.audit.emit(audit.policy_in_force(self.region, self.node, self.watched.current.digest, 0))
        if connection is not None:
            self._connection = connection
            self._subscription = await connection.subscribe(subjects.policy(self.region), cb=self.receive)
        self._watching = asyncio.create_task(self._watch_file(), name="follow-policy-file")

    async def stop(self) -> None:
        if self._watching is not None:
            self._watching.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watching
            self._watching = None
        if self._subscription is not None:
            with contextlib.suppress(Exception):
                await self._subscription.unsubscribe()
            self._subscription = None

    async def _watch_file(self) -> None:
        while True:
            await asyncio.sleep(FILE_CHECK_S)
            try:
                changed = self.watched.check()
            except Exception:  # whatever the file did, the node keeps its policy and looks again
                log.exception("checking the policy file failed; the policy in force stays")
                continue
            if changed:
                await self._offer(self.watched.current)

    async def receive(self, msg: Message) -> None:
        """A publication relayed by the coordinator: believed only when an admin sealed it; taken when it
        is newer than the version in force, loads and fits. Anything else is rejected and audited."""
        assert self._connection is not None
        try:
            self._connection.verify(msg, subjects.COORDINATOR)
            publication = opened(self._connection.verifier, msg.data)
        except (MessageRejected, PkiError, WireError) as exc:
            reason = exc.reason if isinstance(exc, MessageRejected) else "malformed"
            if time.monotonic() - self._audited.get(reason, -REJECTION_AUDIT_S) >= REJECTION_AUDIT_S:
                self._audited[reason] = time.monotonic()
                log.warning("ignored a policy publication: %s", exc)
                what = "policy publication"
                event = audit.rejected(PUBLISHER, node=self.node, what=what, reason=reason, at_region=self.region)
                self.audit.emit(event)
            return
        before = self.watched.published
        changed = self.watched.adopt(publication.text, publication.version)
        if self.watched.published > before:  # even when it is the policy in force (a rollback to the file)
            await self._remember(self.watched.published)
        if changed:
            await self._offer(self.watched.current)

    async def _remember(self, version: int) -> None:
        """Record published `version` durably before anything acts on it: the version a restart must not go
        back behind."""
        event = audit.policy_in_force(self.region, self.node, self.watched.current.digest, version)
        try:
            await self.audit.emit_durable(event)
        except audit.AuditUnavailable as exc:  # newer is what the admin wants: take it, and say so
            log.error(
                "policy version %d taken, but not recorded (%s): after a restart this node would accept an"
                " older published version",
                version,
                exc,
            )

    async def _offer(self, fresh: policy.Policy) -> None:
        unfit = self.unfit(fresh)
        if unfit is not None:
            log.error("the new policy %s is not taken into force: %s", fresh.digest, unfit)
            return
        if not self.watched.published:
            self.audit.emit(audit.policy_in_force(self.region, self.node, fresh.digest, 0))
        self.take(fresh)

    def _newest_published(self) -> int:
        mine = audit.EventFilter(kind=audit.EventKind.POLICY, writer=self.audit.writer)
        return audit.newest_published(audit.iter_all(self.audit.store, mine))
