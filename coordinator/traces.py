"""A job's traces as the coordinator sees them: the OpenTelemetry span of its routing, and its audit
timeline across the federation (the coordinator's own events and every region's, each region asked for
its own on `fed.audit.<region>`, request and signed reply, and believed only for events filed under its
own name)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Iterable, Iterator

from opentelemetry.trace import Span

import audit
from federation import MessageRejected, pki, subjects, tracing
from federation.fabric import Fabric, Message
from federation.messages import AuditAnswer, AuditQuery, decode

Event = dict[str, object]


async def audit_timeline(
    connection: Callable[[], Fabric],
    own: audit.AuditStore,
    regions: Iterable[str],
    job_id: str,
    *,
    timeout_s: float,
    rejected: Callable[[str, Exception, str, str | None], None],
) -> list[Event]:
    """Every region's own audit events for `job_id`, with those in `own`, oldest first. A region that does
    not answer in `timeout_s`, whose answer fails authentication (`rejected` is told), or that cannot be
    asked (`connection()` raises: not started) shows as one `unavailable` event."""
    query = AuditQuery(job_id=job_id).encode()

    async def ask(region: str) -> list[Event]:
        try:
            answer = await connection().request(
                subjects.audit_request(region), query, timeout=timeout_s, responder=pki.node_identity(region)
            )
            events = decode(AuditAnswer, answer.data).events
            return [event for event in events if event.get("region") == region]  # its own events only
        except MessageRejected as exc:
            rejected("audit answer", exc, region, job_id)
            return [{"region": region, "kind": "unavailable", "reason": f"answer rejected: {exc.reason}"}]
        except Exception as exc:
            return [{"region": region, "kind": "unavailable", "reason": f"no answer: {type(exc).__name__}"}]

    answers = await asyncio.gather(*(ask(region) for region in regions))
    events = list(audit.iter_all(own, audit.EventFilter(job_id=job_id))) + [e for answer in answers for e in answer]
    return sorted(events, key=lambda e: str(e.get("time", "")))


@contextlib.contextmanager
def route_span(msg: Message, origin: str) -> Iterator[Span | None]:
    """The routing of a submission as a span of its job's trace, the child of the origin's submission
    (its `traceparent` header); nothing while tracing is off (no second decoding then)."""
    if not tracing.enabled():
        yield None
        return
    try:
        job_id = str(json.loads(msg.data)["job"]["job_id"])
    except (ValueError, KeyError, TypeError):
        yield None
        return
    with tracing.span("coordinator.route", job_id, headers=msg.headers, origin=origin) as current:
        yield current
