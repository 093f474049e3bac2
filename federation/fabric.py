"""What the coordinator and the region nodes need from the fabric, as Protocols: signed publish,
subscribe, request and reply, and one durable work queue of jobs per region.

Two implementations keep the same contract (subjects from `federation.subjects`, permissions from
`federation.natsconf`): `FabricConnection` on real nats-server with mutual TLS and JetStream, and
`federation.memory.MemoryFabric`, in one process, for fast tests of the logic above it. Both sign
everything they send with the identity's certificate key and refuse what the identity may not do
with `PermissionViolation`. One record per routed job (`claim_submission`) is the only shared state the
coordinators keep in the fabric (a JetStream key-value bucket): any of them may answer any submission.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from .signing import Verifier


class Message(Protocol):
    """A message as received: what was sent, on which subject, and where to reply (empty: nowhere)."""

    @property
    def subject(self) -> str: ...

    @property
    def data(self) -> bytes: ...

    @property
    def headers(self) -> dict[str, str] | None: ...

    @property
    def reply(self) -> str: ...


class QueuedJob(Message, Protocol):
    """A message taken from a work queue: it stays queued until acked, and comes back (`delivery` + 1)
    if it is neither acked nor kept alive with `in_progress` within the queue's ack wait."""

    @property
    def delivery(self) -> int: ...

    async def ack(self) -> None: ...

    async def term(self) -> None:
        """Remove it for good without running it (a message that is not what it claims)."""
        ...

    async def in_progress(self) -> None: ...


class Subscription(Protocol):
    async def unsubscribe(self) -> None: ...


class JobPuller(Protocol):
    """One region's queue, bound for taking jobs."""

    async def fetch(self, batch: int, timeout: float) -> Sequence[QueuedJob]:
        """Up to `batch` jobs; `TimeoutError` when none came within `timeout` seconds."""
        ...

    async def close(self) -> None: ...


Handler = Callable[[Message], Awaitable[None]]


class Fabric(Protocol):
    """One identity's connection to the federation's fabric."""

    @property
    def name(self) -> str:
        """The identity (certificate CN), e.g. `region-eu-west` or `coordinator`."""
        ...

    @property
    def connected(self) -> bool: ...

    @property
    def violated(self) -> bool:
        """Whether the fabric ever refused this identity something (a bug, or a compromise)."""
        ...

    @property
    def verifier(self) -> Verifier: ...

    def check(self) -> None:
        """Raise the first `PermissionViolation` this connection has seen."""
        ...

    def signed(self, context: str, payload: bytes) -> dict[str, str]: ...

    def verify(self, msg: Message, expected: str, *, subject: str | None = None, fresh: bool = True) -> None:
        """`MessageRejected` unless identity `expected` signed `msg` for `subject` (default: its own)."""
        ...

    async def publish(
        self, subject: str, payload: bytes, *, checked: bool = True, headers: dict[str, str] | None = None
    ) -> None:
        """Signed. `checked`: wait for the fabric's verdict (`PermissionViolation`); unchecked, a refusal
        is raised by the next checked operation."""
        ...

    async def subscribe(self, subject: str, *, cb: Handler, queue: str | None = None) -> Subscription:
        """`queue`: one member of the named group gets each message (coordinators sharing the work)."""
        ...

    async def request(self, subject: str, payload: bytes, *, timeout: float, responder: str) -> Message:
        """A signed request whose answer must be signed by `responder` for exactly this request."""
        ...

    async def respond(self, msg: Message, payload: bytes) -> None: ...

    async def declare_job_queues(self, regions: Sequence[str], *, ack_wait_s: float, replicas: int = 1) -> None:
        """Create (or update) one durable queue per region; jobs already queued stay."""
        ...

    async def enqueue_job(self, region: str, payload: bytes, *, dedupe_id: str) -> None:
        """Queue a job for `region`, signed for `subjects.jobs(region)`; a second enqueue with the same
        `dedupe_id` within the queue's window is dropped."""
        ...

    async def claim_submission(self, job_id: str, assignment: bytes) -> bytes | None:
        """Record `assignment` as the routing of `job_id`, unless one is recorded already: then return
        that one (another coordinator, or this one before, routed it). Kept for `SUBMISSION_TTL_S`,
        on the hub, for every coordinator: a submission is routed once, whoever receives it."""
        ...

    async def routed_submission(self, job_id: str) -> bytes | None:
        """The routing recorded for `job_id` by `claim_submission`, or None."""
        ...

    async def published_policy(self) -> tuple[bytes, int] | None:
        """The policy an admin published last, sealed (`federation.publication`), and its revision in the
        hub's bucket; None when none was published."""
        ...

    async def publish_policy(self, publication: bytes, *, after: int) -> int:
        """Make `publication` the published policy if the bucket's revision is still `after` (0: none yet);
        its new revision. Admins only (`PermissionViolation` for anyone else); `PublicationConflict` when
        another publication came in between."""
        ...

    async def jobs_queued(self, region: str) -> int:
        """Jobs in `region`'s queue, waiting or taken but not yet acked."""
        ...

    async def job_puller(self, region: str) -> JobPuller: ...

    async def close(self) -> None: ...
