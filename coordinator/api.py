"""The coordinator's admin REST API: live regions and nodes, a job's state and trace, health, metrics."""

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

import audit
from audit.api import make_router

from .service import Coordinator


def get_coordinator(request: Request) -> Coordinator:
    coordinator: Coordinator = request.app.state.coordinator
    return coordinator


def get_store(request: Request) -> audit.AuditStore:
    return get_coordinator(request).audit.store


CoordinatorDep = Annotated[Coordinator, Depends(get_coordinator)]
router = APIRouter()


@router.get("/healthz")
def healthz(coordinator: CoordinatorDep) -> dict[str, Any]:
    connected = coordinator.connection.nc is not None and coordinator.connection.nc.is_connected
    if not connected or coordinator.connection.violated:
        raise HTTPException(
            status_code=503, detail="not connected to NATS" if not connected else "permission violation"
        )
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


def create_app(coordinator: Coordinator) -> FastAPI:
    app = FastAPI(title="fedinfer coordinator", version="1")
    app.state.coordinator = coordinator
    app.include_router(router)
    app.include_router(make_router(get_store))
    return app
