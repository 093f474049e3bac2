"""The coordinator's admin REST API: live regions and nodes, a job's state and trace, health, metrics.

Everything but `/healthz` and `/livez` takes a tenant's bearer token: role `admin` for regions, jobs, traces and
metrics, role `audit` for `/v1/audit/events`. Errors leave as OpenAI-style `{"error": {...}}`.
"""

import time
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Request, Response, Security
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.exceptions import HTTPException as StarletteHTTPException

import audit
from audit.api import make_router
from audit.explorer import ExplorerSource, explorer_router

from .service import Coordinator
from .tenants import Refused, Role, Tenant, Tenants


def get_coordinator(request: Request) -> Coordinator:
    coordinator: Coordinator = request.app.state.coordinator
    return coordinator


def get_store(request: Request) -> audit.AuditStore:
    return get_coordinator(request).audit.store


async def get_tenants(request: Request) -> Tenants:
    tenants: Tenants = request.app.state.tenants
    return tenants


CoordinatorDep = Annotated[Coordinator, Depends(get_coordinator)]
TenantsDep = Annotated[Tenants, Depends(get_tenants)]
# auto_error=False: a missing token is answered by `Tenants.authorize`, in our error schema.
Bearer = Annotated[HTTPAuthorizationCredentials | None, Security(HTTPBearer(auto_error=False))]


def tenant_with(role: Role) -> Callable[..., Awaitable[Tenant]]:
    """A dependency that lets through only a tenant holding `role`."""

    async def dependency(tenants: TenantsDep, credentials: Bearer) -> Tenant:
        return tenants.authorize(credentials.credentials.strip() if credentials else None, role)

    return dependency


open_router = APIRouter()
router = APIRouter(dependencies=[Depends(tenant_with("admin"))])


@open_router.get("/livez")
def livez() -> dict[str, str]:
    """The process answers (a liveness probe): whether it can route is /healthz's question."""
    return {"status": "alive"}


@open_router.get("/healthz")
def healthz(coordinator: CoordinatorDep) -> dict[str, Any]:
    fabric = coordinator.fabric
    if fabric is None or not fabric.connected:
        raise HTTPException(status_code=503, detail="not connected to the fabric")
    if fabric.violated:
        raise HTTPException(status_code=503, detail="permission violation")
    return {"status": "ok", "policy": coordinator.policy.digest}


@router.get("/metrics")
def metrics(coordinator: CoordinatorDep) -> Response:
    return Response(generate_latest(coordinator.metrics.registry), media_type=CONTENT_TYPE_LATEST)


@router.get("/v1/regions")
def regions(coordinator: CoordinatorDep) -> dict[str, Any]:
    now = time.time()
    loads = coordinator.registry.regions(now)
    nodes = coordinator.registry.nodes(now)
    return {
        "regions": [
            {
                "region": region,
                "live": region in loads,
                "nodes": [n.model_dump(exclude={"v"}) for n in nodes if n.region == region],
                "capacity": loads[region].capacity if region in loads else 0,
                "queue_depth": loads[region].queue_depth if region in loads else 0,
            }
            for region in coordinator.policy.regions
        ]
    }


@router.get("/v1/jobs/{job_id}")
def job(job_id: str, coordinator: CoordinatorDep) -> dict[str, Any]:
    events = list(audit.iter_all(coordinator.audit.store, audit.EventFilter(job_id=job_id)))
    if not events:
        raise HTTPException(status_code=404, detail=f"no job {job_id!r} went through this coordinator")
    last = events[-1]
    return {"job_id": job_id, "state": last["kind"], "target_region": last["target_region"], "events": events}


@router.get("/v1/jobs/{job_id}/trace")
async def trace(job_id: str, coordinator: CoordinatorDep) -> dict[str, Any]:
    return {"job_id": job_id, "events": await coordinator.trace(job_id)}


def _error(status: int, message: str, kind: str, code: str | None = None, **headers: str) -> JSONResponse:
    body = {"error": {"message": message, "type": kind, "param": None, "code": code}}
    return JSONResponse(body, status_code=status, headers=headers or None)


def install_error_handlers(app: FastAPI) -> None:
    """Every error leaves in one schema, OpenAI's `{"error": {...}}`, as the region API's do."""

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> JSONResponse:
        challenge = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else {}
        return _error(exc.status, exc.message, exc.kind, exc.code, **challenge)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        kind = "invalid_request_error" if exc.status_code < 500 else "server_error"  # OpenAI's types
        return _error(exc.status_code, str(exc.detail), kind)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(part) for part in first["loc"][1:]) or "request"
        return _error(400, f"{where}: {first['msg']}", "invalid_request_error")


def create_app(coordinator: Coordinator, *, tenants: Tenants) -> FastAPI:
    """The admin API over a coordinator; `tenants` empty: everything but /healthz is refused."""
    app = FastAPI(title="fedinfer coordinator", version="1")
    app.state.coordinator = coordinator
    app.state.tenants = tenants
    install_error_handlers(app)
    app.include_router(open_router)
    app.include_router(router)
    app.include_router(make_router(get_store), dependencies=[Depends(tenant_with("audit"))])
    app.include_router(explorer_router(_explorer(coordinator, tenants)))
    return app


def _explorer(coordinator: Coordinator, tenants: Tenants) -> ExplorerSource:
    """The audit explorer at the coordinator: its own chain, traces across regions, witnessed heads."""

    async def authorize(request: Request, token: str) -> str | None:
        try:
            return tenants.authorize(token, "audit").name
        except Refused:
            return None

    async def trace(request: Request, job_id: str) -> list[dict[str, Any]]:
        return await coordinator.trace(job_id)

    store = coordinator.audit.store
    return ExplorerSource(
        title="coordinator",
        authorize=authorize,
        store=lambda request: store,
        key=lambda request: coordinator.audit.key,
        trace=trace,
        witnessed=lambda request: store.witnessed_heads(),
    )
