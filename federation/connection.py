"""Connecting to the federation's NATS with mutual TLS, with permission violations made visible.

nats-py reports a permissions violation only to `error_cb` and carries on as if the publish or
subscribe had worked. Here every violation is recorded, makes the connection `violated`, and is
raised by `check()` and by the checked operations: a region that touches a subject it may not has
a bug or is compromised, and must stop, not limp on.
"""

from __future__ import annotations

import asyncio
import re
import ssl
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nats
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from nats.errors import Error as NatsError
from nats.errors import NoRespondersError as NatsNoResponders
from nats.js.errors import KeyWrongLastSequenceError

from . import _jetstream, subjects, tracing
from ._errors import FederationError, MessageRejected, NoResponders, PermissionViolation, PublicationConflict
from ._jetstream import NatsJobPuller
from .fabric import Handler, Message
from .signing import SIGNATURE, Signer, Verifier, reply_context

CLOSE_TIMEOUT_S = 3.0
"""A subscription that cannot drain (a pull whose request is still open at the server) must not hold a
stopping process for nats-py's default 30 s."""
_VIOLATION = re.compile(r'permissions violation for (publish|subscription) to "([^"]+)"')


@dataclass(frozen=True, slots=True)
class Identity:
    """A certificate identity: `name` is the CN (e.g. `region-eu-west`); files sit in `pki_dir`."""

    name: str
    pki_dir: Path

    @property
    def cert(self) -> Path:
        return self.pki_dir / f"{self.name}.crt"

    @property
    def key(self) -> Path:
        return self.pki_dir / f"{self.name}.key"

    @property
    def ca(self) -> Path:
        return self.pki_dir / "ca.crt"

    def tls_context(self) -> ssl.SSLContext:
        context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cafile=str(self.ca))
        context.load_cert_chain(str(self.cert), str(self.key))
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        return context


class FabricConnection:
    """A NATS connection of one identity, with violations surfaced: the `fabric.Fabric` on nats-server.
    Everything it publishes is signed with the identity's certificate key (`federation.signing`);
    `verify` checks what it receives."""

    def __init__(self, identity: Identity) -> None:
        self.identity = identity
        self.nc: Client | None = None
        self._signer: Signer | None = None
        self._verifier: Verifier | None = None
        self.violations: list[PermissionViolation] = []
        self.errors: list[Exception] = []
        self._round_trips: set[asyncio.Task[None]] = set()
        """Round trips under way (`_round_trip`), held until they end: their callers may have stopped waiting."""
        self.on_violation: Callable[[PermissionViolation], Awaitable[None]] | None = None

    @property
    def name(self) -> str:
        return self.identity.name

    @property
    def connected(self) -> bool:
        return self.nc is not None and self.nc.is_connected

    @property
    def client(self) -> Client:
        if self.nc is None:
            raise FederationError(f"{self.identity.name} is not connected")
        return self.nc

    async def connect(self, servers: list[str], *, name: str | None = None, **options: Any) -> FabricConnection:
        try:
            self._signer = Signer(self.identity.cert, self.identity.key)
            self._verifier = Verifier(self.identity.ca)
        except (OSError, ValueError) as exc:
            raise FederationError(f"{self.identity.name} cannot load its certificate or key: {exc}") from exc
        try:
            self.nc = await nats.connect(
                servers=servers,
                tls=self.identity.tls_context(),
                name=name or self.identity.name,
                inbox_prefix=subjects.inbox_prefix(self.identity.name),
                error_cb=self._error,
                **options,
            )
        except Exception as exc:
            raise FederationError(f"{self.identity.name} cannot connect to {', '.join(servers)}: {exc!r}") from exc
        return self

    async def _error(self, error: Exception) -> None:
        match = _VIOLATION.search(str(error))
        if match is None:
            self.errors = [*self.errors[-99:], error]  # the latest hundred, for diagnosis
            return
        violation = PermissionViolation(
            f"{self.identity.name} may not {'publish to' if match[1] == 'publish' else 'subscribe to'} {match[2]}",
            subject=match[2],
        )
        self.violations.append(violation)
        if self.on_violation is not None:
            await self.on_violation(violation)

    @property
    def violated(self) -> bool:
        return bool(self.violations)

    def check(self) -> None:
        """Raise the first permission violation this connection has seen."""
        if self.violations:
            raise self.violations[0]

    @property
    def verifier(self) -> Verifier:
        if self._verifier is None:
            raise FederationError(f"{self.identity.name} is not connected")
        return self._verifier

    def signed(self, context: str, payload: bytes) -> dict[str, str]:
        """The signature headers for `payload` sent on `context` (a subject, or `reply_context(request)`),
        and the current trace's context (`traceparent`) when tracing is on."""
        if self._signer is None:
            raise FederationError(f"{self.identity.name} is not connected")
        return {**tracing.headers(), **self._signer.headers(context, payload)}

    def verify(self, msg: Message, expected: str, *, subject: str | None = None, fresh: bool = True) -> None:
        """`MessageRejected` unless `expected` signed this message for `subject` (by default the subject it
        arrived on; pass the one it must have been sent to where the receiver knows it, so a broker
        cannot hand over a message signed for somewhere else)."""
        self.verifier.verify(subject or msg.subject, msg.data, msg.headers, expected, fresh=fresh)

    async def publish(
        self,
        subject: str,
        payload: bytes,
        *,
        reply: str = "",
        checked: bool = True,
        headers: dict[str, str] | None = None,
    ) -> None:
        """Publish, signed, and wait for the server's verdict: `PermissionViolation` if it refused.

        `checked=False` skips the round trips (for streams of chunks): a refusal is still recorded
        and raised by the next `check()` or checked operation.
        """
        seen = len(self.violations)
        signed = {**(headers or {}), **self.signed(subject, payload)}
        await self.client.publish(subject, payload, reply=reply, headers=signed)
        if checked:
            await self._verdict(seen)
        else:
            self._raise_new(seen)

    async def subscribe(self, subject: str, *, cb: Handler | None = None, queue: str | None = None) -> Subscription:
        """Subscribe and wait for the server's verdict: `PermissionViolation` if it refused."""
        seen = len(self.violations)
        subscription = await self.client.subscribe(subject, queue=queue or "", cb=cb)
        await self._verdict(seen)
        return subscription

    async def _verdict(self, seen: int) -> None:
        # The server may send a violation after the PONG of the flush that followed the operation
        # (seen with subscriptions on leaf servers): a second round trip lets it arrive.
        for _ in range(2):
            await self._round_trip()
            self._raise_new(seen)

    async def _round_trip(self) -> None:
        """A PING and the server's PONG, in a task of its own that the caller's cancellation does not reach.

        nats-py hands each PONG to the oldest flush waiting, on its read task; a flush whose wait was cancelled
        (a job withdrawn while its last chunk goes out, a deadline, a node stopping) leaves a cancelled future
        there, and the next PONG makes the read task raise and end. The connection then still sends, but hears
        nothing more (no jobs, answers, replies or violations) until it is made again, minutes later. So a
        caller that gives up stops waiting, and the flush goes on to its PONG."""
        flush = asyncio.create_task(self.client.flush(), name="fabric-round-trip")
        self._round_trips.add(flush)
        flush.add_done_callback(self._round_trip_done)
        await asyncio.shield(flush)

    def _round_trip_done(self, flush: asyncio.Task[None]) -> None:
        self._round_trips.discard(flush)
        if not flush.cancelled():
            flush.exception()  # retrieved: the failure of one its caller gave up on is nobody's to report

    async def request(self, subject: str, payload: bytes, *, timeout: float, responder: str) -> Msg:
        """A signed request whose answer must be signed by `responder` for exactly this request:
        `MessageRejected` otherwise."""
        seen = len(self.violations)
        headers = self.signed(subject, payload)
        try:
            answer = await self.client.request(subject, payload, timeout=timeout, headers=headers)
        except NatsNoResponders as exc:
            raise NoResponders(f"nobody answers on {subject}") from exc
        finally:
            self._raise_new(seen)
        self.verifier.verify(reply_context(headers[SIGNATURE]), answer.data, answer.headers, responder)
        return answer

    async def respond(self, msg: Message, payload: bytes) -> None:
        """Answer a (verified) request, signed for that request: the reply subject is the broker's to rename."""
        if not msg.reply:
            return
        signature = (msg.headers or {}).get(SIGNATURE)
        if signature is None:
            raise MessageRejected("will not answer an unsigned request", reason="unsigned")
        await self.client.publish(msg.reply, payload, headers=self.signed(reply_context(signature), payload))

    # -- durable job queues (JetStream on the hub) ------------------------------------------------

    async def declare_job_queues(self, regions: Sequence[str], *, ack_wait_s: float, replicas: int = 1) -> None:
        await _jetstream.declare(self.client, regions, ack_wait_s, replicas)

    async def claim_submission(self, job_id: str, assignment: bytes) -> bytes | None:
        return await _jetstream.claim(self.client, job_id, assignment)

    async def routed_submission(self, job_id: str) -> bytes | None:
        return await _jetstream.recorded(self.client, job_id)

    async def published_policy(self) -> tuple[bytes, int] | None:
        return await _jetstream.read_policy(self.client)

    async def publish_policy(self, publication: bytes, *, after: int) -> int:
        seen = len(self.violations)
        try:
            return await _jetstream.write_policy(self.client, publication, after=after)
        except KeyWrongLastSequenceError as exc:
            raise PublicationConflict(
                f"another policy was published after revision {after}; nothing was written: look again and publish"
            ) from exc
        except (TimeoutError, NatsError):
            self._raise_new(seen)  # the server refused the write: said as such, not as a timeout
            raise

    async def enqueue_job(self, region: str, payload: bytes, *, dedupe_id: str) -> None:
        headers = self.signed(subjects.jobs(region), payload)
        await _jetstream.enqueue(self.client, region, payload, headers, dedupe_id)

    async def jobs_queued(self, region: str) -> int:
        return await _jetstream.queued(self.client, region)

    async def job_puller(self, region: str) -> NatsJobPuller:
        return await _jetstream.puller(self.client, self.identity.name, region)

    def _raise_new(self, seen: int) -> None:
        if len(self.violations) > seen:
            raise self.violations[seen]

    async def close(self) -> None:
        """Drain (deliver what is buffered, flush what is queued), then close; at most `CLOSE_TIMEOUT_S`."""
        if self.nc is not None and not self.nc.is_closed:
            try:
                async with asyncio.timeout(CLOSE_TIMEOUT_S):
                    await self.nc.drain()
            except TimeoutError:
                await self.nc.close()
        self.nc = None
