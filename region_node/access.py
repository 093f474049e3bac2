"""Who may call what on a region node: its tenants' bearer tokens and roles (`inference`, `audit`),
as FastAPI dependencies for the API and as the audit explorer's login."""

from typing import Annotated

from fastapi import Depends, Request

from audit.explorer import ExplorerSource

from .config import TenantConfig, find_tenant
from .errors import RoleMissing, Unauthenticated
from .serving import RegionService


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
        raise Unauthenticated("missing bearer token: send `Authorization: Bearer <token>`", "missing_token")
    tenant = find_tenant(service.config.tenants, token.strip())
    if tenant is None:
        raise Unauthenticated("unknown bearer token", "invalid_token")
    return tenant


Tenant = Annotated[TenantConfig, Depends(authenticate)]


def _require(tenant: TenantConfig, role: str) -> None:
    if role not in tenant.roles:
        raise RoleMissing(
            f"tenant {tenant.name!r} may not use this endpoint (needs role {role!r})", tenant=tenant.name, role=role
        )


async def inference_tenant(tenant: Tenant) -> TenantConfig:
    _require(tenant, "inference")
    return tenant


async def audit_tenant(tenant: Tenant) -> TenantConfig:
    _require(tenant, "audit")
    return tenant


InferenceTenant = Annotated[TenantConfig, Depends(inference_tenant)]


def explorer_source(service: RegionService) -> ExplorerSource:
    """The audit explorer at a region node: its own store, under its tenants holding the `audit` role."""

    async def authorize(request: Request, token: str) -> str | None:
        tenant = find_tenant(service.config.tenants, token)
        return tenant.name if tenant is not None and "audit" in tenant.roles else None

    return ExplorerSource(
        title=f"region {service.region}",
        authorize=authorize,
        store=lambda request: service.audit.store,
        key=lambda request: service.audit.key,
    )
