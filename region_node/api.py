"""The region's OpenAI-compatible REST API. Routes parse, call `RegionService.answer`, shape the result.

Also the one place where a domain error (`errors.py`) becomes an HTTP answer (`http_error`), and where
every request is counted by route and status (`CountRequests`).
"""

import json
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, StreamingResponse
from prometheus_client import CONTENT_TYPE_LATEST, Counter, generate_latest
from starlette.background import BackgroundTask
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import audit
from audit.api import make_router
from audit.explorer import explorer_router

from . import openai_types as oa
from .access import InferenceTenant, Service, audit_tenant, explorer_source, get_service
from .config import TenantConfig, find_tenant
from .engines import Delta, Sampling, normalised
from .errors import (
    AuditUnavailable,
    CoordinatorRefused,
    CoordinatorUnauthenticated,
    CoordinatorUnavailable,
    DeadlinePassed,
    EngineError,
    InvalidParameter,
    JobFailed,
    LocalEngineUnavailable,
    ModelNotFound,
    NoAllowedRegion,
    PiiDetectionFailed,
    PolicyDenied,
    PromptTooLarge,
    QueueFull,
    RegionNodeError,
    RemoteJobFailed,
    RoleMissing,
    SequenceFailed,
    Unauthenticated,
)
from .idempotency import IdempotentRetries, Ledger
from .requests import Ask
from .serving import Answer, RegionService

router = APIRouter()


@router.get("/livez")
async def livez() -> dict[str, str]:
    """The process answers (a liveness probe). Whether it can serve is /healthz's question: an engine or
    upstream that is down makes the node unready, and restarting the node would not bring it back."""
    return {"status": "alive"}


@router.get("/healthz")
async def healthz(service: Service) -> JSONResponse:
    load = service.engine.load()
    ok = load.healthy
    body = {
        "status": "ok" if ok else "degraded",
        "region": service.region,
        "engine": {
            "healthy": load.healthy,
            "running": load.running,
            "waiting": load.waiting,
            "problems": list(load.problems),
        },
    }
    return JSONResponse(body, status_code=200 if ok else 503)


@router.get("/metrics")
async def metrics(service: Service) -> Response:
    load = service.engine.load()
    service.metrics.queue.set(load.running + load.waiting)
    service.metrics.healthy.set(1 if load.healthy else 0)
    return Response(generate_latest(service.metrics.registry), media_type=CONTENT_TYPE_LATEST)


@router.get("/v1/models")
async def models(service: Service, tenant: InferenceTenant) -> dict[str, Any]:
    """What can be served now: here, or in a live region this one may use."""
    return oa.model_list(service.servable_models(tenant.name), owner=f"fedinfer-{service.region}")


@router.get("/v1/models/{model:path}")
async def model(model: str, service: Service, tenant: InferenceTenant) -> dict[str, Any]:
    """One model of the list (OpenAI's `models.retrieve`); 404 `model_not_found` for any other, saying
    whether it is known but served nowhere now."""
    servable = service.servable_models(tenant.name)
    if model not in servable:
        now = (
            "nothing serves it now"
            if model in service.models()
            else "it is not served here or where this region may send"
        )
        raise ModelNotFound(
            f"model {model!r} is not available: {now} (available: {', '.join(servable) or 'none'})",
            model=model,
            known=tuple(servable),
        )
    return oa.model_object(model, owner=f"fedinfer-{service.region}")


def _refuse_unhonoured(body: oa.ChatCompletionRequest | oa.CompletionRequest, service: RegionService) -> None:
    refused = oa.unhonoured(body, service.engine.honours)
    if refused is not None:
        param, message = refused
        raise InvalidParameter(message, param=param, code="unsupported_parameter")


@router.post("/v1/chat/completions")
async def chat_completions(body: oa.ChatCompletionRequest, service: Service, tenant: InferenceTenant) -> Response:
    _refuse_unhonoured(body, service)
    try:
        messages = [(m.role, m.text()) for m in body.messages]
    except ValueError as exc:
        raise InvalidParameter(str(exc), param="messages") from exc
    ask = Ask(
        kind="chat",
        model=body.model,
        messages=messages,
        prompt=None,
        sampling=_sampling(body, service),
        options=body.fedinfer,
        tenant=tenant.name,
        budget_given=_budget_given(body),
        stream=bool(body.stream),
    )
    answer = await service.answer(ask)
    if body.stream:
        include_usage = bool(body.stream_options and body.stream_options.include_usage)
        return _sse(answer, _chat_events(answer, body.model, include_usage))
    text, finish, usage, logprobs = await _collect(answer, "chat")
    completion = oa.chat_completion(answer.job_id, body.model, text, finish, usage, logprobs)
    return JSONResponse(completion, headers=_headers(answer))


@router.post("/v1/completions")
async def completions(body: oa.CompletionRequest, service: Service, tenant: InferenceTenant) -> Response:
    _refuse_unhonoured(body, service)
    try:
        prompt = body.prompt_text()
    except ValueError as exc:
        raise InvalidParameter(str(exc), param="prompt") from exc
    ask = Ask(
        kind="completion",
        model=body.model,
        messages=(),
        prompt=prompt,
        sampling=_sampling(body, service),
        options=body.fedinfer,
        tenant=tenant.name,
        budget_given=_budget_given(body),
        stream=bool(body.stream),
    )
    answer = await service.answer(ask)
    if body.stream:
        include_usage = bool(body.stream_options and body.stream_options.include_usage)
        return _sse(answer, _completion_events(answer, body.model, include_usage))
    text, finish, usage, logprobs = await _collect(answer, "completion")
    completion = oa.completion(answer.job_id, body.model, text, finish, usage, logprobs)
    return JSONResponse(completion, headers=_headers(answer))


def _sampling(body: oa.ChatCompletionRequest | oa.CompletionRequest, service: RegionService) -> Sampling:
    """The request's sampling, in OpenAI's ranges already (the body checked them), with what an engine
    could trip on (temperature 1e-300, top_p 0) mapped to what it means (greedy), so that a job sent
    to another region carries the same safe values; with the parameters the engine applies itself."""
    try:
        passthrough = oa.passthrough(body, service.engine.honours)
    except ValueError as exc:
        raise InvalidParameter(str(exc), param="logit_bias") from exc
    return normalised(
        Sampling(
            max_tokens=body.requested_tokens() or service.config.limits.default_max_tokens,
            temperature=body.sampling_temperature(),
            top_p=body.sampling_top_p(),
            stop=body.stops(),
            seed=body.seed,
            passthrough=passthrough,
        )
    )


def _budget_given(body: oa.ChatCompletionRequest | oa.CompletionRequest) -> bool:
    return body.requested_tokens() is not None


def _headers(answer: Answer) -> dict[str, str]:
    return {"x-fedinfer-served-by": answer.served_by, "x-fedinfer-job-id": answer.job_id}


async def _collect(answer: Answer, kind: str) -> tuple[str, str, dict[str, int], Any]:
    """The whole answer: its text, finish reason, usage, and log-probabilities where the client asked."""
    parts: list[str] = []
    logprobs: list[Any] = []
    last = Delta("")
    try:
        async for delta in answer.deltas:
            parts.append(delta.text)
            logprobs.append(delta.logprobs)
            last = delta
    finally:
        await answer.aclose()
    usage = oa.usage(last.prompt_tokens or 0, last.completion_tokens or 0)
    return "".join(parts), last.finish_reason or "stop", usage, oa.merged_logprobs(kind, logprobs)


async def _chat_events(answer: Answer, model: str, include_usage: bool) -> AsyncIterator[dict[str, Any]]:
    created = int(time.time())
    yield oa.chat_chunk(answer.job_id, model, role=True, content="", created=created)
    async for delta in answer.deltas:
        if delta.text:
            yield oa.chat_chunk(answer.job_id, model, content=delta.text, created=created, logprobs=delta.logprobs)
        if delta.finish_reason is not None:
            yield oa.chat_chunk(answer.job_id, model, finish_reason=delta.finish_reason, created=created)
            if include_usage:
                usage = oa.usage(delta.prompt_tokens or 0, delta.completion_tokens or 0)
                yield oa.chat_chunk(answer.job_id, model, usage_=usage, created=created)


async def _completion_events(answer: Answer, model: str, include_usage: bool) -> AsyncIterator[dict[str, Any]]:
    created = int(time.time())
    async for delta in answer.deltas:
        if delta.text or delta.finish_reason:
            yield oa.completion_chunk(
                answer.job_id, model, delta.text, delta.finish_reason, created, logprobs=delta.logprobs
            )
        if delta.finish_reason is not None and include_usage:  # as OpenAI: a last chunk with no choices
            usage = oa.usage(delta.prompt_tokens or 0, delta.completion_tokens or 0)
            yield oa.completion_chunk(answer.job_id, model, "", None, created, usage_=usage)


def _sse(answer: Answer, events: AsyncIterator[dict[str, Any]]) -> StreamingResponse:
    async def body() -> AsyncIterator[bytes]:
        try:
            async for event in events:
                yield f"data: {json.dumps(event, ensure_ascii=False)}\n\n".encode()
        except RegionNodeError as exc:
            # Headers are gone already: the error travels as an event, as OpenAI streams do.
            error = http_error(exc)
            yield f"data: {json.dumps(oa.error_body(error.message, error.kind, code=error.code))}\n\n".encode()
        finally:
            await answer.aclose()
        yield b"data: [DONE]\n\n"

    # Also after the response, however it ended: a client gone before the body began still frees the engine.
    return StreamingResponse(
        body(),
        media_type="text/event-stream",
        headers={**_headers(answer), "cache-control": "no-cache"},
        background=BackgroundTask(answer.aclose),
    )


# -- errors: the one place a domain error becomes an HTTP answer -------------------------------------

TRANSIENT_4XX = frozenset({408, 409, 429})
"""Client errors that the same request may get past later (the `openai` SDK retries these)."""

INTERNAL = "internal error; the request was not served"


@dataclass(frozen=True, slots=True)
class HttpError:
    """An error as the client gets it: the status and OpenAI's body; `permanent` sends
    `x-should-retry: false` (the `openai` SDK otherwise retries 408, 409, 429 and every 5xx)."""

    status: int
    kind: oa.ErrorType
    message: str
    code: str | None = None
    param: str | None = None
    permanent: bool = False


_UNAVAILABLE: dict[type[RegionNodeError], str] = {
    NoAllowedRegion: "no_region",
    LocalEngineUnavailable: "engine_unavailable",
    JobFailed: "job_failed",
    CoordinatorUnavailable: "coordinator_unavailable",
    CoordinatorUnauthenticated: "coordinator_unauthenticated",
    PiiDetectionFailed: "pii_detection_failed",
    AuditUnavailable: "audit_unavailable",
}
"""Errors that leave as 503 (`server_error`), and their codes."""


def http_error(error: RegionNodeError) -> HttpError:
    """What the client is told of a domain error: the status, OpenAI's error type, code and param, and
    (from the error's own `retryable`) whether sending the same request again is pointless."""
    message, permanent = str(error), not error.retryable
    match error:
        case InvalidParameter():  # ContextLengthExceeded too: its code says which
            return HttpError(400, "invalid_request_error", message, error.code, error.param, permanent)
        case RemoteJobFailed(code="context_length_exceeded" | "invalid_request"):
            # What this region would have answered had it run the job itself.
            return HttpError(400, "invalid_request_error", error.reason, error.code, error.param, permanent)
        case Unauthenticated():
            return HttpError(401, "authentication_error", message, error.reason, permanent=permanent)
        case RoleMissing():
            return HttpError(403, "permission_error", message, "forbidden", permanent=permanent)
        case PolicyDenied():
            return HttpError(403, "permission_error", message, "policy_denied", permanent=permanent)
        case CoordinatorRefused():
            return HttpError(403, "permission_error", message, "coordinator_refused", permanent=permanent)
        case ModelNotFound():
            return HttpError(404, "invalid_request_error", message, "model_not_found", "model", permanent)
        case PromptTooLarge():
            return HttpError(413, "invalid_request_error", message, "prompt_too_long", permanent=permanent)
        case QueueFull():
            return HttpError(429, "rate_limit_error", message, "queue_full", permanent=permanent)
        case SequenceFailed() | RemoteJobFailed(code="generation_failed"):
            return HttpError(500, "server_error", message, "generation_failed", permanent=permanent)
        case EngineError():
            message = f"the engine failed: {message}"
            return HttpError(503, "server_error", message, "engine_unavailable", permanent=permanent)
        case DeadlinePassed():
            return HttpError(504, "server_error", message, "deadline", permanent=permanent)
    for kind, code in _UNAVAILABLE.items():
        if isinstance(error, kind):
            return HttpError(503, "server_error", message, code, permanent=permanent)
    return HttpError(500, "server_error", INTERNAL)  # e.g. a ConfigError: not for a client's eyes


RETRY_AFTER_S = {429: 1, 503: 2}
"""How long a client should wait before trying a request again that may succeed later: a full queue
clears fast; a coordinator or engine that is away needs a moment, and clients that all retry at once
(the SDK's own back-off starts at 0.5 s) would each cost a PII detection and an audit write."""


def error_response(error: HttpError) -> JSONResponse:
    """The one place an error becomes an HTTP response: OpenAI's body, the status, `x-should-retry: false`
    on a permanent failure (a request that cannot succeed is not sent twice more), and `Retry-After` on
    one that may succeed later."""
    headers = {"x-should-retry": "false"} if error.permanent else {}
    if not error.permanent and error.status in RETRY_AFTER_S:
        headers["retry-after"] = str(RETRY_AFTER_S[error.status])
    return JSONResponse(
        oa.error_body(error.message, error.kind, param=error.param, code=error.code),
        status_code=error.status,
        headers=headers,
    )


def install_error_handlers(app: FastAPI) -> None:
    """Every error leaves as OpenAI's `{"error": {...}}` with the right status; never a traceback."""

    @app.exception_handler(RegionNodeError)
    async def domain_error(request: Request, exc: RegionNodeError) -> JSONResponse:
        response = error_response(http_error(exc))
        if exc.job_id is not None:  # the client can trace the failure (`fedinfer audit trace`)
            response.headers["x-fedinfer-job-id"] = exc.job_id
        return response

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in first["loc"] if p != "body") or "body"
        message = f"{where}: {first['msg']}"
        if first.get("type") == "json_invalid":
            message = "the request body is not valid JSON"
        kind = str(first.get("type", ""))
        code = kind if kind in oa.ERROR_CODES else None
        return error_response(http_error(InvalidParameter(message, param=where, code=code)))

    @app.exception_handler(StarletteHTTPException)
    async def http_exception(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        status = exc.status_code
        kind: oa.ErrorType = "invalid_request_error" if status < 500 else "server_error"
        permanent = 400 <= status < 500 and status not in TRANSIENT_4XX
        return error_response(HttpError(status, kind, str(exc.detail), permanent=permanent))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        return error_response(HttpError(500, "server_error", INTERNAL))


# -- metrics ---------------------------------------------------------------------------------------


class CountRequests:
    """ASGI middleware counting every request by its route's path and the status sent: a stream's is
    the 200 its headers carried, however its events end; an unexpected error that left no response
    is the 500 the outermost handler answers. A path no route matches counts as `unmatched`."""

    def __init__(self, app: ASGIApp, counter: Counter) -> None:
        self.app = app
        self.counter = counter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def counted(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                self._count(scope, message["status"])
            await send(message)

        try:
            await self.app(scope, receive, counted)
        except Exception:
            if not started:
                self._count(scope, 500)
            raise

    def _count(self, scope: Scope, status: int) -> None:
        route = getattr(scope.get("route"), "path", "unmatched")
        self.counter.labels(route=route, status=str(status)).inc()


def create_app(service: RegionService, *, lifespan: Any = None) -> FastAPI:
    app = FastAPI(title=f"fedinfer region {service.region}", version="1", lifespan=lifespan)
    app.state.service = service
    install_error_handlers(app)
    app.add_middleware(CountRequests, counter=service.metrics.requests)
    # Outermost: a replayed answer runs nothing inside (no route, no count, no job, no audit event).
    ledger = Ledger(service.config.api.idempotency_ttl_s, service.config.api.idempotency_max_keys)
    wait_s = service.config.limits.request_timeout_s

    def tenant_of(token: str) -> str | None:
        found = find_tenant(service.config.tenants, token)
        return found.name if found is not None else None

    app.add_middleware(
        IdempotentRetries, ledger=ledger, wait_s=wait_s, caller=tenant_of, replays=service.metrics.replays
    )
    app.include_router(router)

    async def audit_store(request: Request, tenant: Annotated[TenantConfig, Depends(audit_tenant)]) -> audit.AuditStore:
        return (await get_service(request)).audit.store

    app.include_router(make_router(audit_store))
    app.include_router(explorer_router(explorer_source(service)))
    return app
