"""Region-side protocol peers for coordinator tests: clients with region certificates that speak the
wire contract (heartbeats, pulls, acks, result chunks, submissions), on nats-server or on the
in-memory fabric."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import audit
import policy
from coordinator.service import Coordinator
from federation import FabricConnection, Identity, pki, subjects
from federation.fabric import Fabric, Message, QueuedJob
from federation.local import LocalFabric
from federation.memory import MemoryHub
from federation.messages import (
    Assignment,
    Attestation,
    ChatMessage,
    Heartbeat,
    JobRequest,
    ResultChunk,
    Submission,
    SubmitReply,
    decode,
)

COORDINATOR = subjects.COORDINATOR
MODEL = "smollm2-135m-instruct"
EXAMPLE_POLICY = Path(__file__).resolve().parents[2] / "examples" / "policies" / "federation.yaml"


class RegionPeer:
    def __init__(self, connection: Fabric, region: str, node: str = "n1") -> None:
        self.region, self.node = region, node
        self.connection = connection

    @classmethod
    async def on_nats(cls, fabric: LocalFabric, region: str, node: str = "n1") -> RegionPeer:
        """A peer connected to `region`'s leaf server with the region's certificate."""
        connection = FabricConnection(Identity(pki.node_identity(region), fabric.topology.pki_dir))
        await connection.connect([fabric.leaf_url(region)], allow_reconnect=False)
        return cls(connection, region, node)

    @staticmethod
    def heartbeat_message(region: str, node: str = "n1", *, queue: int = 0, capacity: int = 8) -> Heartbeat:
        return Heartbeat(
            region=region,
            node=node,
            models=[MODEL],
            capacity=capacity,
            queue_depth=queue,
            kv_cache_usage=0.1,
            sent_at=time.time(),
        )

    @staticmethod
    def job(origin: str, node: str = "n1", *, data_class: str = "personal", consent: bool = False) -> JobRequest:
        text = "Summarise the note for [[PERSON-1-kvdbt]]."
        return JobRequest(
            job_id=f"job-{uuid.uuid4().hex[:16]}",
            origin_region=origin,
            origin_node=node,
            data_class=data_class,
            model=MODEL,
            consent=consent,
            kind="chat",
            messages=[ChatMessage(role="user", content=text)],
            deadline=time.time() + 60,
            prefix_hash=hashlib.sha256(text[:64].encode()).hexdigest()[:16],
        )

    @staticmethod
    def attestation(digest: str, transforms: tuple[str, ...] = ("pseudonymize",)) -> Attestation:
        return Attestation(
            transforms=list(transforms),
            pii_counts={"PERSON": 1},  # type: ignore[arg-type, unused-ignore]
            payload_hash="sha256:" + "0" * 64,
            policy_digest=digest,
        )

    @staticmethod
    def assignment(target: str, origin: str = "eu-west") -> Assignment:
        """A job as the coordinator queues it for `target`."""
        job, attestation = RegionPeer.job(origin), RegionPeer.attestation("sha256:" + "0" * 64)
        return Assignment(job=job, attestation=attestation, target_region=target, routed_at=time.time())

    async def heartbeat(self, *, queue: int = 0, capacity: int = 8) -> None:
        beat = self.heartbeat_message(self.region, self.node, queue=queue, capacity=capacity)
        await self.connection.publish(subjects.heartbeat(self.region, self.node), beat.encode())

    async def pull(self, timeout: float = 5.0) -> tuple[Assignment, QueuedJob]:
        puller = await self.connection.job_puller(self.region)
        try:
            (message,) = await puller.fetch(1, timeout=timeout)
        finally:
            await puller.close()
        return decode(Assignment, message.data), message

    async def answer(self, assignment: Assignment, message: QueuedJob, text: str = "done") -> None:
        job = assignment.job
        chunk = ResultChunk(job_id=job.job_id, executor=self.region, seq=0, delta=text, done=True, finish_reason="stop")
        subject = subjects.results(job.origin_region, self.region, job.origin_node, job.job_id)
        await self.connection.publish(subject, chunk.encode())
        await message.ack()

    async def results(self) -> asyncio.Queue[ResultChunk]:
        queue: asyncio.Queue[ResultChunk] = asyncio.Queue()

        async def receive(msg: Message) -> None:
            await queue.put(decode(ResultChunk, msg.data))

        await self.connection.subscribe(subjects.results_for(self.region), cb=receive)
        return queue

    async def submit(
        self,
        data_class: str = "personal",
        *,
        transforms: tuple[str, ...] = ("pseudonymize",),
        consent: bool = False,
        digest: str,
        deadline_s: float = 60.0,
        claimed_origin: str | None = None,
    ) -> SubmitReply:
        job = self.job(claimed_origin or self.region, self.node, data_class=data_class, consent=consent)
        job = job.model_copy(update={"deadline": time.time() + deadline_s})
        return await self.send(Submission(job=job, attestation=self.attestation(digest, transforms)).encode())

    async def send(self, submission: bytes) -> SubmitReply:
        """Submit these bytes as they are, on this region's own door, and read the coordinator's signed reply."""
        reply = await self.connection.request(
            subjects.submit(self.region), submission, timeout=5, responder=subjects.COORDINATOR
        )
        return decode(SubmitReply, reply.data)

    async def close(self) -> None:
        await self.connection.close()


@contextlib.asynccontextmanager
async def running_coordinator(
    fabric: LocalFabric | MemoryHub, audit_db: Path, **options: Any
) -> AsyncIterator[Coordinator]:
    """A coordinator in this process (the example policy, its audit store in `audit_db`): on the real
    fabric's hub, or on an in-memory one."""
    store = audit.AuditStore(f"sqlite:///{audit_db}")
    store.migrate()
    writer = audit.AuditWriter(store, "coordinator")
    writer.start()
    if isinstance(fabric, MemoryHub):
        where: dict[str, Any] = {"nats_url": "", "pki_dir": fabric.pki_dir, "fabric": fabric.connect(COORDINATOR)}
    else:
        where = {"nats_url": fabric.hub_url, "pki_dir": fabric.topology.pki_dir}
    coordinator = Coordinator(
        policy=policy.load(EXAMPLE_POLICY), audit=writer, **where, **{"heartbeat_ttl_s": 1.5, **options}
    )
    await coordinator.start()
    try:
        yield coordinator
    finally:
        await coordinator.stop()
        await writer.close()
        store.dispose()
