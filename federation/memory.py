"""The fabric in one process: `MemoryHub` is a broker with request/reply and one durable job queue per
region; `MemoryFabric` is one identity's connection to it. Same contract as nats-server: each identity
gets exactly the permissions `federation.natsconf` renders for it (an identity without a rendered
table may do nothing), a reply goes only to the inbox of the identity that asked, every message is
signed and verified with the real certificates. For fast tests of what sits above the fabric; the
real thing is tested against nats-server.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import subjects, tracing
from ._errors import FederationError, MessageRejected, NoResponders, PermissionViolation, PublicationConflict
from ._jetstream import DUPLICATE_WINDOW_S, SUBMISSIONS
from .fabric import Handler, Message
from .natsconf import admin_permissions, coordinator_permissions, node_permissions
from .pki import node_identity
from .signing import SIGNATURE, Signer, Verifier, reply_context


def subject_matches(pattern: str, subject: str) -> bool:
    """NATS wildcard matching: `*` is one token, a final `>` is one or more."""
    pattern_tokens, tokens = pattern.split("."), subject.split(".")
    for i, token in enumerate(pattern_tokens):
        if token == ">":
            return len(tokens) > i
        if i >= len(tokens) or (token != "*" and token != tokens[i]):
            return False
    return len(tokens) == len(pattern_tokens)


@dataclass(frozen=True, slots=True)
class Permissions:
    publish: tuple[str, ...]
    subscribe: tuple[str, ...]
    publish_denied: tuple[str, ...] = ()

    @classmethod
    def rendered(cls, table: dict[str, Any]) -> Permissions:
        publish = table["publish"]
        return cls(tuple(publish["allow"]), tuple(table["subscribe"]["allow"]), tuple(publish.get("deny", ())))

    def may_publish(self, subject: str) -> bool:
        if any(subject_matches(pattern, subject) for pattern in self.publish_denied):
            return False  # a deny wins over every allow, as in nats-server
        return any(subject_matches(pattern, subject) for pattern in self.publish)

    def may_subscribe(self, subject: str) -> bool:
        # A subscription's own wildcards must fall inside an allowed pattern: compare token by token.
        return any(_within(subject, pattern) for pattern in self.subscribe)


def _within(narrow: str, wide: str) -> bool:
    """Whether every subject `narrow` matches is matched by `wide`."""
    narrow_tokens, wide_tokens = narrow.split("."), wide.split(".")
    for i, token in enumerate(wide_tokens):
        if token == ">":
            return len(narrow_tokens) > i
        if i >= len(narrow_tokens) or narrow_tokens[i] == ">":
            return False
        if token != "*" and narrow_tokens[i] != token:
            return False
    return len(narrow_tokens) == len(wide_tokens)


@dataclass(frozen=True, slots=True)
class MemoryMessage:
    subject: str
    data: bytes
    headers: dict[str, str] | None
    reply: str = ""


@dataclass(eq=False)
class MemoryQueuedJob:
    subject: str
    data: bytes
    headers: dict[str, str] | None
    queue: _JobQueue
    delivery: int = 1
    reply: str = ""
    taken_until: float = 0.0

    async def ack(self) -> None:
        self.queue.settle(self)

    async def term(self) -> None:
        self.queue.settle(self)

    async def in_progress(self) -> None:
        if self in self.queue.taken:
            self.taken_until = time.monotonic() + self.queue.ack_wait_s


@dataclass(eq=False)
class _JobQueue:
    ack_wait_s: float
    waiting: deque[MemoryQueuedJob] = field(default_factory=deque)
    taken: list[MemoryQueuedJob] = field(default_factory=list)
    seen_ids: dict[str, float] = field(default_factory=dict)
    arrived: asyncio.Event = field(default_factory=asyncio.Event)

    def put(self, job: MemoryQueuedJob, dedupe_id: str, window_s: float) -> None:
        now = time.monotonic()
        if self.seen_ids.get(dedupe_id, 0.0) > now:
            return
        self.seen_ids[dedupe_id] = now + window_s
        self.waiting.append(job)
        self.arrived.set()

    def settle(self, job: MemoryQueuedJob) -> None:
        with contextlib.suppress(ValueError):
            self.taken.remove(job)

    def take(self, batch: int) -> list[MemoryQueuedJob]:
        now = time.monotonic()
        for job in [j for j in self.taken if j.taken_until <= now]:  # not acked in time: delivered again
            self.taken.remove(job)
            job.delivery += 1
            self.waiting.appendleft(job)
        out: list[MemoryQueuedJob] = []
        while self.waiting and len(out) < batch:
            job = self.waiting.popleft()
            job.taken_until = now + self.ack_wait_s
            self.taken.append(job)
            out.append(job)
        if not self.waiting:
            self.arrived.clear()
        return out


class _MemoryPuller:
    def __init__(self, queue: _JobQueue) -> None:
        self._queue = queue

    async def fetch(self, batch: int, timeout: float) -> Sequence[MemoryQueuedJob]:
        until = time.monotonic() + timeout
        while True:
            jobs = self._queue.take(batch)
            if jobs:
                return jobs
            remaining = until - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            with contextlib.suppress(TimeoutError):  # woken by a new job, or re-check redeliveries
                async with asyncio.timeout(min(remaining, 0.05)):
                    await self._queue.arrived.wait()

    async def close(self) -> None:
        return None


class _MemorySubscription:
    def __init__(
        self, hub: MemoryHub, subject: str, owner: MemoryFabric, cb: Handler, queue: str | None = None
    ) -> None:
        self.hub, self.subject, self.owner, self.cb, self.queue = hub, subject, owner, cb, queue
        self.inbox: asyncio.Queue[Message] = asyncio.Queue()
        self.task = asyncio.create_task(self._deliver(), name=f"memory-sub-{subject}")

    async def _deliver(self) -> None:
        while True:  # one at a time, in order, as nats-py calls a subscription's callback
            msg = await self.inbox.get()
            try:
                await self.cb(msg)
            except Exception as exc:  # a handler's failure is the handler's; the broker goes on
                self.owner.errors.append(exc)

    async def unsubscribe(self) -> None:
        self.hub.subscriptions.discard(self)
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task


class MemoryHub:
    """One broker for every identity of a test federation; `pki_dir` holds their certificates."""

    def __init__(self, pki_dir: Path, regions: Sequence[str]) -> None:
        self.pki_dir = pki_dir
        self.regions = tuple(regions)
        self.subscriptions: set[_MemorySubscription] = set()
        self.queues: dict[str, _JobQueue] = {}
        self.submissions: dict[str, bytes] = {}
        """The ledger of routed jobs (`claim_submission`), by job id."""
        self.policy: tuple[bytes, int] | None = None
        """The published policy and its revision (`publish_policy`)."""
        self.published: list[MemoryMessage] = []
        """Everything any identity published, in order: the wiretap a test reads."""

    def permissions(self, identity: str) -> Permissions:
        if identity == subjects.COORDINATOR:
            return Permissions.rendered(coordinator_permissions())
        if identity == "admin":
            return Permissions.rendered(admin_permissions())
        for region in self.regions:
            if identity == node_identity(region):
                return Permissions.rendered(node_permissions(region))
        return Permissions((), ())

    def connect(self, identity: str) -> MemoryFabric:
        return MemoryFabric(self, identity)

    def deliver(self, msg: MemoryMessage) -> bool:
        """Hand `msg` to every matching subscription; whether anyone listened."""
        self.published.append(msg)
        groups: dict[str, list[_MemorySubscription]] = {}
        heard = False
        for subscription in list(self.subscriptions):
            if subject_matches(subscription.subject, msg.subject):
                if subscription.queue is not None:  # one member of each queue group, as NATS does
                    groups.setdefault(subscription.queue, []).append(subscription)
                    continue
                subscription.inbox.put_nowait(msg)
                heard = True
        for members in groups.values():
            random.choice(members).inbox.put_nowait(msg)
            heard = True
        return heard


class MemoryFabric:
    """One identity's connection to a `MemoryHub`: a `fabric.Fabric`."""

    _inboxes = itertools.count()

    def __init__(self, hub: MemoryHub, identity: str) -> None:
        self.hub = hub
        self._name = identity
        self._permissions = hub.permissions(identity)
        self._signer = Signer(hub.pki_dir / f"{identity}.crt", hub.pki_dir / f"{identity}.key")
        self._verifier = Verifier(hub.pki_dir / "ca.crt")
        self._answerable: set[str] = set()  # reply subjects of requests it received: one answer each
        self._subscriptions: list[_MemorySubscription] = []
        self._closed = False
        self.violations: list[PermissionViolation] = []
        self.errors: list[Exception] = []

    @property
    def name(self) -> str:
        return self._name

    @property
    def connected(self) -> bool:
        return not self._closed

    @property
    def violated(self) -> bool:
        return bool(self.violations)

    @property
    def verifier(self) -> Verifier:
        return self._verifier

    def check(self) -> None:
        if self.violations:
            raise self.violations[0]

    def signed(self, context: str, payload: bytes) -> dict[str, str]:
        return {**tracing.headers(), **self._signer.headers(context, payload)}

    def verify(self, msg: Any, expected: str, *, subject: str | None = None, fresh: bool = True) -> None:
        self._verifier.verify(subject or msg.subject, msg.data, msg.headers, expected, fresh=fresh)

    def _refuse(self, what: str, subject: str, raise_now: bool = True) -> None:
        violation = PermissionViolation(f"{self._name} may not {what} {subject}", subject=subject)
        self.violations.append(violation)
        if raise_now:
            raise violation

    def _live(self) -> None:
        if self._closed:
            raise FederationError(f"{self._name} is not connected")

    def _send(self, subject: str, payload: bytes, headers: dict[str, str], reply: str = "", *, checked: bool) -> bool:
        self._live()
        if subject in self._answerable:
            self._answerable.discard(subject)
        elif not self._permissions.may_publish(subject):
            self._refuse("publish to", subject, raise_now=checked)
            return False
        return self.hub.deliver(MemoryMessage(subject, payload, headers, reply))

    async def publish(
        self, subject: str, payload: bytes, *, checked: bool = True, headers: dict[str, str] | None = None
    ) -> None:
        self._send(subject, payload, {**(headers or {}), **self.signed(subject, payload)}, checked=checked)
        await asyncio.sleep(0)

    async def subscribe(self, subject: str, *, cb: Handler, queue: str | None = None) -> _MemorySubscription:
        self._live()
        if not self._permissions.may_subscribe(subject):
            self._refuse("subscribe to", subject)

        async def receive(msg: Message) -> None:
            if msg.reply:
                self._answerable.add(msg.reply)
            await cb(msg)

        subscription = _MemorySubscription(self.hub, subject, self, receive, queue)
        self.hub.subscriptions.add(subscription)
        self._subscriptions.append(subscription)
        return subscription

    async def request(self, subject: str, payload: bytes, *, timeout: float, responder: str) -> MemoryMessage:
        inbox = f"{subjects.inbox_prefix(self._name)}.{next(self._inboxes)}"
        answer: asyncio.Future[MemoryMessage] = asyncio.get_running_loop().create_future()

        async def receive(msg: Any) -> None:
            if not answer.done():
                answer.set_result(msg)

        listener = _MemorySubscription(self.hub, inbox, self, receive)
        self.hub.subscriptions.add(listener)
        headers = self.signed(subject, payload)
        try:
            if not self._send(subject, payload, headers, inbox, checked=True):
                raise NoResponders(f"nobody answers on {subject}")
            async with asyncio.timeout(timeout):
                msg = await answer
        finally:
            await listener.unsubscribe()
        self._verifier.verify(reply_context(headers[SIGNATURE]), msg.data, msg.headers, responder)
        return msg

    async def respond(self, msg: Any, payload: bytes) -> None:
        if not msg.reply:
            return
        signature = (msg.headers or {}).get(SIGNATURE)
        if signature is None:
            raise MessageRejected("will not answer an unsigned request", reason="unsigned")
        self._send(msg.reply, payload, self.signed(reply_context(signature), payload), checked=True)
        await asyncio.sleep(0)

    # -- durable job queues ----------------------------------------------------------------------

    def _pull_subject(self, region: str) -> str:
        own = self._name == node_identity(region)
        return subjects.pull_next(region) if own else subjects.pull_next(region, api=subjects.JS_API)

    def _queue(self, region: str) -> _JobQueue:
        try:
            return self.hub.queues[region]
        except KeyError:
            raise FederationError(f"no job queue for {region}: declare_job_queues first") from None

    async def declare_job_queues(self, regions: Sequence[str], *, ack_wait_s: float, replicas: int = 1) -> None:
        self._live()
        if not self._permissions.may_publish(f"{subjects.JS_API}.STREAM.CREATE.{subjects.STREAM}"):
            self._refuse("publish to", f"{subjects.JS_API}.STREAM.CREATE.{subjects.STREAM}")
        for region in regions:
            queue = self.hub.queues.setdefault(region, _JobQueue(ack_wait_s))
            queue.ack_wait_s = ack_wait_s

    async def enqueue_job(self, region: str, payload: bytes, *, dedupe_id: str) -> None:
        self._live()
        subject = subjects.jobs(region)
        if not self._permissions.may_publish(subject):
            self._refuse("publish to", subject)
        headers = self.signed(subject, payload)
        self.hub.deliver(MemoryMessage(subject, payload, headers))  # a JetStream publish is heard as any other
        queue = self._queue(region)
        queue.put(MemoryQueuedJob(subject, payload, headers, queue), dedupe_id, window_s=DUPLICATE_WINDOW_S)
        await asyncio.sleep(0)

    async def claim_submission(self, job_id: str, assignment: bytes) -> bytes | None:
        self._live()
        subject = f"$KV.{SUBMISSIONS}.{job_id}"
        if not self._permissions.may_publish(subject):
            self._refuse("publish to", subject)
        existing = self.hub.submissions.get(job_id)
        if existing is None:
            self.hub.submissions[job_id] = assignment
        await asyncio.sleep(0)
        return existing

    async def routed_submission(self, job_id: str) -> bytes | None:
        self._live()
        subject = f"{subjects.JS_API}.DIRECT.GET.KV_{SUBMISSIONS}"
        if not self._permissions.may_publish(subject):
            self._refuse("publish to", subject)
        await asyncio.sleep(0)
        return self.hub.submissions.get(job_id)

    async def published_policy(self) -> tuple[bytes, int] | None:
        self._live()
        subject = f"{subjects.JS_API}.DIRECT.GET.KV_{subjects.POLICY_BUCKET}"
        if not self._permissions.may_publish(subject):
            self._refuse("publish to", subject)
        await asyncio.sleep(0)
        return self.hub.policy

    async def publish_policy(self, publication: bytes, *, after: int) -> int:
        self._live()
        subject = f"$KV.{subjects.POLICY_BUCKET}.{subjects.POLICY_KEY}"
        if not self._permissions.may_publish(subject):
            self._refuse("publish to", subject)
        revision = self.hub.policy[1] if self.hub.policy else 0
        if revision != after:
            raise PublicationConflict(f"another policy was published after revision {after}; nothing was written")
        self.hub.policy = (publication, revision + 1)
        await asyncio.sleep(0)
        return revision + 1

    async def jobs_queued(self, region: str) -> int:
        self._live()
        subject = f"{subjects.JS_API}.CONSUMER.INFO.{subjects.STREAM}.{subjects.consumer(region)}"
        if not self._permissions.may_publish(subject):
            self._refuse("publish to", subject)
        queue = self._queue(region)
        return len(queue.waiting) + len(queue.taken)

    async def job_puller(self, region: str) -> _MemoryPuller:
        self._live()
        subject = self._pull_subject(region)
        if not self._permissions.may_publish(subject):
            self._refuse("publish to", subject)
        return _MemoryPuller(self._queue(region))

    async def close(self) -> None:
        for subscription in self._subscriptions:
            await subscription.unsubscribe()
        self._subscriptions.clear()
        self._closed = True
