"""The region's OpenAI-compatible REST API. Routes parse, call `RegionService.answer`, shape the result."""

import hmac
import json
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, StreamingResponse
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.exceptions import HTTPException as StarletteHTTPException

import audit
from audit.api import make_router

from . import openai_types as oa
from .config import TenantConfig, hash_token
from .engines import Delta, EngineError, Sampling, SequenceFailed, normalised
from .errors import ServeError, bad_request
from .serving import Answer, Ask, RegionService


# Dependencies and cheap endpoints are `async def`: FastAPI runs a plain `def` in a thread pool, and
# three such hops per request (service, tenant, role) started threads and contended with the model
# thread while a burst of requests arrived.
async def get_service(request: Request) -> RegionService:
    service: RegionService = request.app.state.service
    return service


Service = Annotated[RegionService, Depends(get_service)]


async def authenticate(request: Request, service: Service) -> TenantConfig:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise ServeError(
            401,
            "authentication_error",
            "missing bearer token: send `Authorization: Bearer <token>`",
            code="missing_token",
        )
    digest = hash_token(token.strip())
    for tenant in service.config.tenants:
        if hmac.compare_digest(tenant.token_sha256, digest):
            return tenant
    raise ServeError(401, "authentication_error", "unknown bearer token", code="invalid_token")


Tenant = Annotated[TenantConfig, Depends(authenticate)]


def _require(tenant: TenantConfig, role: str) -> None:
    if role not in tenant.roles:
        raise ServeError(
            403,
            "permission_error",
            f"tenant {tenant.name!r} may not use this endpoint (needs role {role!r})",
            code="forbidden",
        )


async def inference_tenant(tenant: Tenant) -> TenantConfig:
    _require(tenant, "inference")
    return tenant


async def audit_tenant(tenant: Tenant) -> TenantConfig:
    _require(tenant, "audit")
    return tenant


router = APIRouter()
InferenceTenant = Annotated[TenantConfig, Depends(inference_tenant)]


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
    return oa.model_list(service.models(), owner=f"fedinfer-{service.region}")


@router.post("/v1/chat/completions")
async def chat_completions(body: oa.ChatCompletionRequest, service: Service, tenant: InferenceTenant) -> Response:
    try:
        messages = [(m.role, m.text()) for m in body.messages]
    except ValueError as exc:
        raise bad_request(str(exc), param="messages") from exc
    ask = Ask(
        "chat", body.model, messages, None, _sampling(body, service), body.fedinfer, tenant.name, _budget_given(body)
    )
    answer = await service.answer(ask)
    if body.stream:
        include_usage = bool(body.stream_options and body.stream_options.include_usage)
        return _sse(answer, _chat_events(answer, body.model, include_usage))
    text, finish, usage = await _collect(answer)
    return JSONResponse(oa.chat_completion(answer.job_id, body.model, text, finish, usage), headers=_headers(answer))


@router.post("/v1/completions")
async def completions(body: oa.CompletionRequest, service: Service, tenant: InferenceTenant) -> Response:
    try:
        prompt = body.prompt_text()
    except ValueError as exc:
        raise bad_request(str(exc), param="prompt") from exc
    ask = Ask(
        "completion", body.model, (), prompt, _sampling(body, service), body.fedinfer, tenant.name, _budget_given(body)
    )
    answer = await service.answer(ask)
    if body.stream:
        return _sse(answer, _completion_events(answer, body.model))
    text, finish, usage = await _collect(answer)
    return JSONResponse(oa.completion(answer.job_id, body.model, text, finish, usage), headers=_headers(answer))


def _sampling(body: oa.ChatCompletionRequest | oa.CompletionRequest, service: RegionService) -> Sampling:
    """The request's sampling, in OpenAI's ranges already (the body checked them), with what an engine
    could trip on (temperature 1e-300, top_p 0) mapped to what it means (greedy), so that a job sent
    to another region carries the same safe values."""
    return normalised(
        Sampling(
            max_tokens=body.requested_tokens() or service.config.limits.default_max_tokens,
            temperature=body.sampling_temperature(),
            top_p=body.sampling_top_p(),
            stop=body.stops(),
            seed=body.seed,
        )
    )


def _budget_given(body: oa.ChatCompletionRequest | oa.CompletionRequest) -> bool:
    return body.requested_tokens() is not None


def _headers(answer: Answer) -> dict[str, str]:
    return {"x-fedinfer-served-by": answer.served_by, "x-fedinfer-job-id": answer.job_id}


async def _collect(answer: Answer) -> tuple[str, str, dict[str, int]]:
    parts: list[str] = []
    last = Delta("")
    async for delta in answer.deltas:
        parts.append(delta.text)
        last = delta
    return "".join(parts), last.finish_reason or "stop", oa.usage(last.prompt_tokens or 0, last.completion_tokens or 0)


async def _chat_events(answer: Answer, model: str, include_usage: bool) -> AsyncIterator[dict[str, Any]]:
    created = int(time.time())
    yield oa.chat_chunk(answer.job_id, model, role=True, content="", created=created)
    async for delta in answer.deltas:
        if delta.text:
            yield oa.chat_chunk(answer.job_id, model, content=delta.text, created=created)
        if delta.finish_reason is not None:
            yield oa.chat_chunk(answer.job_id, model, finish_reason=delta.finish_reason, created=created)
            if include_usage:
                usage = oa.usage(delta.prompt_tokens or 0, delta.completion_tokens or 0)
                yield oa.chat_chunk(answer.job_id, model, usage_=usage, created=created)


async def _completion_events(answer: Answer, model: str) -> AsyncIterator[dict[str, Any]]:
    created = int(time.time())
    async for delta in answer.deltas:
        if delta.text or delta.finish_reason:
            yield oa.completion_chunk(answer.job_id, model, delta.text, delta.finish_reason, created)


def _sse(answer: Answer, events: AsyncIterator[dict[str, Any]]) -> StreamingResponse:
    async def body() -> AsyncIterator[bytes]:
        try:
            async for event in events:
                yield f"data: {json.dumps(event, ensure_ascii=False)}\n\n".encode()
        except ServeError as exc:
            # Headers are gone already: the error travels as an event, as OpenAI streams do.
            yield f"data: {json.dumps(oa.error_body(exc.message, exc.kind, code=exc.code))}\n\n".encode()
        except EngineError as exc:
            error = _engine_error(exc)
            yield f"data: {json.dumps(oa.error_body(error.message, error.kind, code=error.code))}\n\n".encode()
        yield b"data: [DONE]\n\n"

    return StreamingResponse(
        body(), media_type="text/event-stream", headers={**_headers(answer), "cache-control": "no-cache"}
    )


def _engine_error(exc: EngineError) -> ServeError:
    if isinstance(exc, SequenceFailed):  # this request's own failure: the same request would fail again
        return ServeError(500, "internal_error", str(exc), code="generation_failed", retry=False)
    return ServeError(503, "service_unavailable", f"the engine failed: {exc}", code="engine_unavailable")


def error_response(request: Request, error: ServeError) -> JSONResponse:
    """The one place an error becomes an HTTP response: OpenAI's body, the status, and whether to retry
    (`x-should-retry`, which the `openai` SDK obeys: `false` on every permanent failure, so a request
    that cannot succeed is not sent twice more)."""
    service = getattr(request.app.state, "service", None)
    if service is not None:
        service.metrics.requests.labels(route=request.url.path, status=str(error.status)).inc()
    headers = {} if error.retry is None else {"x-should-retry": "true" if error.retry else "false"}
    return JSONResponse(
        oa.error_body(error.message, error.kind, param=error.param, code=error.code),
        status_code=error.status,
        headers=headers,
    )


def install_error_handlers(app: FastAPI) -> None:
    """Every error leaves as OpenAI's `{"error": {...}}` with the right status; never a traceback."""

    @app.exception_handler(ServeError)
    async def serve_error(request: Request, exc: ServeError) -> JSONResponse:
        return error_response(request, exc)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in first["loc"] if p != "body") or "body"
        message = f"{where}: {first['msg']}"
        if first.get("type") == "json_invalid":
            message = "the request body is not valid JSON"
        kind = str(first.get("type", ""))
        code = kind if kind in oa.ERROR_CODES else None
        return error_response(request, bad_request(message, param=where, code=code))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        kinds: dict[int, oa.ErrorType] = {
            404: "not_found_error",
            405: "invalid_request_error",
            400: "invalid_request_error",
        }
        kind = kinds.get(exc.status_code, "invalid_request_error" if exc.status_code < 500 else "internal_error")
        return error_response(request, ServeError(exc.status_code, kind, str(exc.detail)))

    @app.exception_handler(EngineError)
    async def engine_error(request: Request, exc: EngineError) -> JSONResponse:
        return error_response(request, _engine_error(exc))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        return error_response(request, ServeError(500, "internal_error", "internal error; the request was not served"))


def create_app(service: RegionService, *, lifespan: Any = None) -> FastAPI:
    app = FastAPI(title=f"fedinfer region {service.region}", version="1", lifespan=lifespan)
    app.state.service = service
    install_error_handlers(app)
    app.include_router(router)

    async def audit_store(request: Request, tenant: Annotated[TenantConfig, Depends(audit_tenant)]) -> audit.AuditStore:
        return (await get_service(request)).audit.store

    app.include_router(make_router(audit_store))
    return app
