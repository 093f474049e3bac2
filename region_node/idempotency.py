"""Retries that do not run a request twice: a client's `Idempotency-Key`.

An SDK retries a request whose answer it did not get (a timeout, a dropped connection, a transient
5xx): without more, each retry is a new job, with its own audit trail, its own PII detection and, for
an offload, its data sent once more. With an `Idempotency-Key` header (the `openai` SDKs send the same
`extra_headers` on every retry of one call), the node answers a retry with the first attempt's answer:

- while the first attempt runs, the retry waits for it (up to the request timeout), then gets its answer;
- a finished answer (any 2xx, or an error marked `x-should-retry: false`) is replayed byte for byte,
  with `idempotent-replayed: true`, and no new job, audit event or engine work;
- an attempt that did not finish (the client left mid-stream, a transient 429/503) leaves nothing
  behind: the retry runs as a new attempt, as it should;
- the same key with another body is refused (422, `idempotency_key_reused`), never answered with
  another request's answer.

Keys are scoped by the caller's tenant (one tenant cannot replay another's answers; a token that is no
tenant's is not kept), kept for
`ttl_s` and at most `max_entries` at once, in this node's memory only: the answers they hold never
leave the node, and vanish with it. `Ledger` is the pure bookkeeping; `IdempotentRetries` the ASGI
middleware that applies it to the completion routes.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from prometheus_client import Counter
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .openai_types import error_body

ROUTES = frozenset({"/v1/chat/completions", "/v1/completions"})
HEADER = b"idempotency-key"
REPLAYED = b"idempotent-replayed"
MAX_KEY_CHARS = 255
STREAM_ERROR = b'data: {"error": '
"""How a stream's error event begins (`api._sse`)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished answer as it was sent: status, headers and the whole body."""

    status: int
    headers: tuple[tuple[bytes, bytes], ...]
    body: bytes

    @property
    def final(self) -> bool:
        """Whether a retry must get this answer again: a success, or an error that the same request would
        get again (`x-should-retry: false`). A transient error is not kept: the retry is a new attempt."""
        permanent = (b"x-should-retry", b"false") in self.headers
        return (200 <= self.status < 300 and not self.failed_stream) or permanent

    @property
    def failed_stream(self) -> bool:
        """A stream that began with 200 and ended with an error event (a deadline, a remote failure): a
        retry is a new attempt, not this failure again."""
        streamed = any(
            name == b"content-type" and value.startswith(b"text/event-stream") for name, value in self.headers
        )
        return streamed and STREAM_ERROR in self.body


@dataclass
class _Entry:
    fingerprint: str
    expires: float
    done: asyncio.Event = field(default_factory=asyncio.Event)
    outcome: Outcome | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """What to do with one attempt: `run` it (then `settle` or `abandon` it), `wait` for the attempt in
    progress, `replay` a finished answer, or refuse a `conflict` (the key names another request)."""

    action: Literal["run", "wait", "replay", "conflict"]
    done: asyncio.Event | None = None
    outcome: Outcome | None = None


class Ledger:
    """Idempotency keys seen recently, per scope (a caller), with their attempt's state."""

    def __init__(self, ttl_s: float = 600.0, max_entries: int = 4096) -> None:
        self.ttl_s = ttl_s
        self.max_entries = max_entries
        self._entries: OrderedDict[tuple[str, str], _Entry] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def claim(self, scope: str, key: str, fingerprint: str, now: float) -> Claim:
        self._expire(now)
        entry = self._entries.get((scope, key))
        if entry is None:
            if len(self._entries) >= self.max_entries and not self._evict_one():
                return Claim("run")  # every key held is running: this one runs unrecorded
            self._entries[(scope, key)] = _Entry(fingerprint, now + self.ttl_s)
            return Claim("run")
        if entry.fingerprint != fingerprint:
            return Claim("conflict")
        if entry.outcome is not None:
            return Claim("replay", outcome=entry.outcome)
        return Claim("wait", done=entry.done)

    def settle(self, scope: str, key: str, outcome: Outcome) -> None:
        """The attempt finished with `outcome`: kept for retries when it is final, else forgotten."""
        entry = self._entries.get((scope, key))
        if entry is None:
            return
        if outcome.final:
            entry.outcome = outcome
            entry.done.set()
        else:
            self.abandon(scope, key)

    def abandon(self, scope: str, key: str) -> None:
        """The attempt did not finish: a retry runs as a new attempt; waiting retries are woken to do so."""
        entry = self._entries.pop((scope, key), None)
        if entry is not None:
            entry.done.set()

    def _evict_one(self) -> bool:
        """Forget the oldest finished answer (its retries would run anew); an attempt still running is
        never forgotten (its waiting retries would be left waiting, and a later one run it twice)."""
        for held, entry in self._entries.items():
            if entry.outcome is not None:
                del self._entries[held]
                return True
        return False

    def _expire(self, now: float) -> None:
        """Forget what expired, oldest first; a running attempt is kept until it settles."""
        while self._entries:
            oldest = next(iter(self._entries.values()))
            if oldest.expires > now or oldest.outcome is None:
                return
            self._entries.popitem(last=False)


def _error(status: int, message: str, code: str, *, permanent: bool) -> Outcome:
    body = json.dumps(error_body(message, "invalid_request_error", param="Idempotency-Key", code=code)).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if permanent:
        headers.append((b"x-should-retry", b"false"))
    return Outcome(status, tuple(headers), body)


class IdempotentRetries:
    """ASGI middleware: the completion routes, for callers that send an `Idempotency-Key`, answered once
    per key (`Ledger`). Everything else passes through untouched."""

    def __init__(
        self,
        app: ASGIApp,
        ledger: Ledger,
        wait_s: float,
        caller: Callable[[str], str | None],
        replays: Counter | None = None,
    ) -> None:
        """`caller`: the tenant a bearer token belongs to, or None: keys are kept for tenants only (an
        unknown token is refused by the app, and never takes a place in the ledger)."""
        self.app = app
        self.ledger = ledger
        self.wait_s = wait_s
        self.caller = caller
        self.replays = replays

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope.get("headers") or ()) if scope["type"] == "http" else {}
        key_bytes, auth = headers.get(HEADER), headers.get(b"authorization")
        if scope["type"] != "http" or scope["method"] != "POST" or scope["path"] not in ROUTES or not key_bytes:
            await self.app(scope, receive, send)
            return
        scheme, _, token = (auth or b"").decode("latin-1").partition(" ")
        tenant = self.caller(token.strip()) if scheme.lower() == "bearer" else None
        if tenant is None:  # refused as unauthenticated by the app; nothing to key it to
            await self.app(scope, receive, send)
            return
        key = key_bytes.decode("latin-1")
        if len(key) > MAX_KEY_CHARS or not key.isprintable():
            message = f"the Idempotency-Key header must be 1 to {MAX_KEY_CHARS} printable characters; send a UUID"
            await _send(send, _error(400, message, "invalid_idempotency_key", permanent=True))
            return
        body, disconnected = await _read_body(receive)
        if disconnected:
            return
        caller = tenant
        fingerprint = hashlib.sha256(scope["path"].encode() + b"\0" + body).hexdigest()
        while True:
            claim = self.ledger.claim(caller, key, fingerprint, time.monotonic())
            if claim.action == "run":
                break
            if claim.action == "conflict":
                message = (
                    f"Idempotency-Key {key!r} was already used for a different request;"
                    " use a new key for each request (a retry sends the same body)"
                )
                await _send(send, _error(422, message, "idempotency_key_reused", permanent=True))
                return
            if claim.action == "replay":
                assert claim.outcome is not None
                if self.replays is not None:
                    self.replays.inc()
                replayed = Outcome(
                    claim.outcome.status, (*claim.outcome.headers, (REPLAYED, b"true")), claim.outcome.body
                )
                await _send(send, replayed)
                return
            assert claim.done is not None
            try:
                await asyncio.wait_for(claim.done.wait(), self.wait_s)
            except TimeoutError:
                message = f"a request with Idempotency-Key {key!r} is still running; retry shortly"
                outcome = _error(409, message, "idempotent_request_in_progress", permanent=False)
                await _send(send, Outcome(409, (*outcome.headers, (b"retry-after", b"1")), outcome.body))
                return
        await self._run(scope, body, receive, send, caller, key)

    async def _run(self, scope: Scope, body: bytes, receive: Receive, send: Send, caller: str, key: str) -> None:
        delivered = False

        async def replay_body() -> Message:
            """The body read already, then the client's own messages (its leaving, when it does)."""
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        status, finished = 0, False
        sent_headers: tuple[tuple[bytes, bytes], ...] = ()
        parts: list[bytes] = []

        async def recording(message: Message) -> None:
            nonlocal status, sent_headers, finished
            if message["type"] == "http.response.start":
                status, sent_headers = message["status"], tuple(message.get("headers") or ())
            elif message["type"] == "http.response.body":
                parts.append(message.get("body", b""))
                finished = not message.get("more_body", False)
            await send(message)

        try:
            await self.app(scope, replay_body, recording)
        finally:
            if finished:
                self.ledger.settle(caller, key, Outcome(status, sent_headers, b"".join(parts)))
            else:
                self.ledger.abandon(caller, key)


async def _read_body(receive: Receive) -> tuple[bytes, bool]:
    """The whole request body, and whether the client left before sending it."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b"", True
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks), False


async def _send(send: Send, outcome: Outcome) -> None:
    await send({"type": "http.response.start", "status": outcome.status, "headers": list(outcome.headers)})
    await send({"type": "http.response.body", "body": outcome.body, "more_body": False})
