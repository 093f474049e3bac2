"""The fabric's durable job queues on JetStream: work-queue stream `JOBS` on the hub, one durable pull
consumer per region. A region reaches only its own consumer, through the import renamed under
`subjects.js_prefix(region)`; the coordinator uses the hub's own API."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence

import nats.js.api as jsapi
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.errors import NoRespondersError
from nats.js import JetStreamContext
from nats.js.errors import (
    KeyDeletedError,
    KeyNotFoundError,
    KeyWrongLastSequenceError,
    NotFoundError,
    ServiceUnavailableError,
)

from . import subjects
from ._errors import FederationError
from .pki import node_identity

SUBMISSION_TTL_S = 600.0
"""How long a routing is remembered (`claim_submission`): longer than an origin asks again for a job (up
to its deadline)."""
DUPLICATE_WINDOW_S = SUBMISSION_TTL_S
"""A job queued again under the same dedupe id within this long is dropped: as long as the ledger may
answer a retry by queueing its recorded assignment again."""
POLICY_HISTORY = 16
"""Publications of the policy kept in its bucket, the current one included (for the record; a rollback
publishes the older text again as a new version)."""
SUBMISSIONS = "SUBMISSIONS"
"""The key-value bucket where the first routing of each job is recorded (`claim_submission`)."""


class NatsQueuedJob:
    """A JetStream message as a `fabric.QueuedJob`."""

    __slots__ = ("_msg",)

    def __init__(self, msg: Msg) -> None:
        self._msg = msg

    @property
    def subject(self) -> str:
        return self._msg.subject

    @property
    def data(self) -> bytes:
        return self._msg.data

    @property
    def headers(self) -> dict[str, str] | None:
        return self._msg.headers

    @property
    def reply(self) -> str:
        return self._msg.reply

    @property
    def delivery(self) -> int:
        return self._msg.metadata.num_delivered if self._msg.metadata else 1

    async def ack(self) -> None:
        await self._msg.ack()

    async def term(self) -> None:
        await self._msg.term()

    async def in_progress(self) -> None:
        await self._msg.in_progress()


class NatsJobPuller:
    def __init__(self, subscription: JetStreamContext.PullSubscription) -> None:
        self._subscription = subscription

    async def fetch(self, batch: int, timeout: float) -> Sequence[NatsQueuedJob]:
        return [NatsQueuedJob(msg) for msg in await self._subscription.fetch(batch, timeout=timeout)]

    async def close(self) -> None:
        await self._subscription.unsubscribe()


def jetstream(client: Client, identity: str, region: str) -> JetStreamContext:
    """The JetStream API as `identity` reaches `region`'s queue: a region's own node through its renamed
    import, anyone else (the coordinator) directly on the hub."""
    own = identity == node_identity(region)
    return client.jetstream(prefix=subjects.js_prefix(region)) if own else client.jetstream()


JETSTREAM_READY_S = 30.0


async def declare(client: Client, regions: Sequence[str], ack_wait_s: float, replicas: int = 1) -> None:
    """The stream, the ledger and every region's consumer, `replicas` copies of each (3 on a clustered
    hub: any one server may go). A cluster that has just started elects its JetStream leader first:
    declaring waits for it, up to `JETSTREAM_READY_S`."""
    deadline = time.monotonic() + JETSTREAM_READY_S
    while True:
        try:
            await _declare(client, regions, ack_wait_s, replicas)
            return
        except (ServiceUnavailableError, TimeoutError, NoRespondersError):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.5)


async def _declare(client: Client, regions: Sequence[str], ack_wait_s: float, replicas: int) -> None:
    js = client.jetstream()
    config = jsapi.StreamConfig(
        name=subjects.STREAM,
        subjects=[subjects.JOBS_ANY],
        retention=jsapi.RetentionPolicy.WORK_QUEUE,
        storage=jsapi.StorageType.FILE,
        duplicate_window=DUPLICATE_WINDOW_S,
        num_replicas=replicas,
    )
    try:
        await js.stream_info(subjects.STREAM)
        await js.update_stream(config)
    except NotFoundError:
        await js.add_stream(config)
    await declare_ledger(client, replicas)
    await declare_policy_bucket(client, replicas)
    for region in regions:
        await js.add_consumer(
            subjects.STREAM,
            jsapi.ConsumerConfig(
                durable_name=subjects.consumer(region),
                filter_subject=subjects.jobs(region),
                ack_policy=jsapi.AckPolicy.EXPLICIT,
                ack_wait=ack_wait_s,
                max_deliver=-1,  # the coordinator, not JetStream, gives up on a job
                deliver_policy=jsapi.DeliverPolicy.ALL,
            ),
        )


async def declare_ledger(client: Client, replicas: int) -> None:
    config = jsapi.KeyValueConfig(
        bucket=SUBMISSIONS, history=1, ttl=SUBMISSION_TTL_S, storage=jsapi.StorageType.FILE, replicas=replicas
    )
    await client.jetstream().create_key_value(config)


async def declare_policy_bucket(client: Client, replicas: int) -> None:
    config = jsapi.KeyValueConfig(
        bucket=subjects.POLICY_BUCKET, history=POLICY_HISTORY, storage=jsapi.StorageType.FILE, replicas=replicas
    )
    await client.jetstream().create_key_value(config)


async def read_policy(client: Client) -> tuple[bytes, int] | None:
    """The published policy and its revision in the bucket, or None when none was published."""
    try:
        bucket = await client.jetstream().key_value(subjects.POLICY_BUCKET)
        entry = await bucket.get(subjects.POLICY_KEY)
    except (NotFoundError, KeyNotFoundError, KeyDeletedError):
        return None
    return entry.value or b"", int(entry.revision or 0)


async def write_policy(client: Client, publication: bytes, *, after: int) -> int:
    """Write `publication` if the bucket's revision is still `after` (0: nothing published yet); its new
    revision. `KeyWrongLastSequenceError` when another publication came in between; `FederationError`
    when no coordinator has made the bucket yet (they make it as they start, with its replicas)."""
    try:
        bucket = await client.jetstream().key_value(subjects.POLICY_BUCKET)
    except NotFoundError as exc:
        raise FederationError("no policy bucket on the hub yet: start a coordinator first, then publish") from exc
    if after == 0:
        return int(await bucket.create(subjects.POLICY_KEY, publication))
    return int(await bucket.update(subjects.POLICY_KEY, publication, last=after))


async def claim(client: Client, job_id: str, assignment: bytes) -> bytes | None:
    ledger = await client.jetstream().key_value(SUBMISSIONS)
    try:
        await ledger.create(job_id, assignment)
    except KeyWrongLastSequenceError:
        entry = await ledger.get(job_id)
        return entry.value or b""
    return None


async def recorded(client: Client, job_id: str) -> bytes | None:
    ledger = await client.jetstream().key_value(SUBMISSIONS)
    try:
        entry = await ledger.get(job_id)
    except (KeyNotFoundError, KeyDeletedError):
        return None
    return entry.value


async def enqueue(client: Client, region: str, payload: bytes, headers: dict[str, str], dedupe_id: str) -> None:
    # The message id makes a retried publish of the same attempt a no-op (JetStream dedupe).
    await client.jetstream().publish(subjects.jobs(region), payload, headers={"Nats-Msg-Id": dedupe_id, **headers})


async def queued(client: Client, region: str) -> int:
    info = await client.jetstream().consumer_info(subjects.STREAM, subjects.consumer(region))
    return int(info.num_pending or 0) + int(info.num_ack_pending or 0)


async def puller(client: Client, identity: str, region: str) -> NatsJobPuller:
    js = jetstream(client, identity, region)
    return NatsJobPuller(await js.pull_subscribe_bind(subjects.consumer(region), subjects.STREAM))
