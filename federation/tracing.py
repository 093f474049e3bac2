"""Traces across hops (OpenTelemetry): the region API, the policy decision, PII detection, the
submission, the coordinator's routing, the executing engine and the restore at home, as spans of one
trace per job.

Off by default (OpenTelemetry's no-op tracer). `configure(service)` turns it on when
`OTEL_EXPORTER_OTLP_ENDPOINT` is set (OTLP over HTTP, OpenTelemetry's own variables apply) or
`FEDINFER_TRACE_FILE` names a file (one JSON line per span: the tests, or a look without a collector).

The trace id is the job id: `job-<20 hex digits>` is trace `000000000000<the same digits>`, so the
`job_id` of an audit event finds its trace and back. The context travels between processes in the
NATS message headers (`traceparent`, W3C), beside the signature. Spans carry metadata only (regions,
model, data class, rule, job id): never a prompt, a completion or a detected value.
"""

from __future__ import annotations

import json
import os
import random
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.propagate import extract, inject
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export import SpanExporter, SpanExportResult
from opentelemetry.trace import NonRecordingSpan, Span, SpanContext, TraceFlags

TRACER = "fedinfer"
FILE_ENV = "FEDINFER_TRACE_FILE"
OTLP_ENV = "OTEL_EXPORTER_OTLP_ENDPOINT"

_configured = False


def configure(service: str) -> bool:
    """Turn tracing on for this process as `service` when a destination is configured; whether it is on."""
    global _configured
    path, endpoint = os.environ.get(FILE_ENV), os.environ.get(OTLP_ENV)
    if _configured or not (path or endpoint):
        return _configured
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor

    provider = TracerProvider(resource=Resource.create({"service.name": service}))
    if path:
        provider.add_span_processor(SimpleSpanProcessor(JsonLinesExporter(Path(path))))
    if endpoint:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    trace.set_tracer_provider(provider)
    _configured = True
    return True


def enabled() -> bool:
    """Whether this process records spans (`configure` found a destination)."""
    return _configured


def tracer() -> trace.Tracer:
    return trace.get_tracer(TRACER)


def trace_id_of(job_id: str) -> int:
    """The trace id of a job: its id's hex digits (job ids this federation issues are `job-` + hex)."""
    digits = job_id.removeprefix("job-")
    try:
        return int(digits, 16) or 1
    except ValueError:
        return int.from_bytes(job_id.encode()[:16].ljust(16, b"\0"), "big") or 1


def job_context(job_id: str) -> otel_context.Context:
    """A context in the job's trace, for the first span a process makes of it without a parent heard."""
    parent = SpanContext(
        trace_id=trace_id_of(job_id),
        span_id=random.getrandbits(64) or 1,
        is_remote=True,
        trace_flags=TraceFlags(TraceFlags.SAMPLED),
    )
    return trace.set_span_in_context(NonRecordingSpan(parent))


@contextmanager
def span(name: str, job_id: str, headers: Mapping[str, str] | None = None, **attributes: Any) -> Iterator[Span]:
    """A span of the job's trace: the child of the span whose context `headers` carry, else of the current
    span when it is in the job's trace, else the first of this process in that trace. While tracing is
    off, a span that records nothing, at no cost."""
    if not _configured:
        yield trace.INVALID_SPAN
        return
    parent: otel_context.Context | None = None
    if headers:
        parent = extract(dict(headers))
        if trace.get_current_span(parent).get_span_context().trace_id != trace_id_of(job_id):
            parent = None
    if parent is None and trace.get_current_span().get_span_context().trace_id != trace_id_of(job_id):
        parent = job_context(job_id)
    clean = {key: value for key, value in attributes.items() if value is not None}
    with tracer().start_as_current_span(
        name, context=parent, attributes={"fedinfer.job_id": job_id, **clean}
    ) as current:
        yield current


def detached_span(name: str, job_id: str) -> Span:
    """A span of the job's trace that is never made current (a generator's context does not stay attached
    across its yields): the caller ends it. Nothing at all while tracing is off."""
    if not _configured:
        return trace.INVALID_SPAN
    started = tracer().start_span(name, context=job_context(job_id))
    started.set_attribute("fedinfer.job_id", job_id)
    return started


def headers() -> dict[str, str]:
    """The current span's context as message headers (empty while tracing is off)."""
    if not _configured:
        return {}
    carrier: dict[str, str] = {}
    inject(carrier)
    return carrier


class JsonLinesExporter(SpanExporter):
    """Spans as JSON lines appended to one file (several processes may share it: one write per span)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        lines = []
        for finished in spans:
            parent, context = finished.parent, finished.get_span_context()
            assert context is not None
            lines.append(
                json.dumps(
                    {
                        "name": finished.name,
                        "service": finished.resource.attributes.get("service.name"),
                        "trace_id": f"{context.trace_id:032x}",
                        "span_id": f"{context.span_id:016x}",
                        "parent_id": f"{parent.span_id:016x}" if parent is not None else None,
                        "start": finished.start_time,
                        "end": finished.end_time,
                        "attributes": dict(finished.attributes or {}),
                    }
                )
            )
        with self._lock:
            descriptor = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            try:
                os.write(descriptor, ("\n".join(lines) + "\n").encode())
            finally:
                os.close(descriptor)
        return SpanExportResult.SUCCESS

    def shutdown(self) -> None:
        return None

    def force_flush(self, timeout_millis: int = 30_000) -> bool:
        return True
