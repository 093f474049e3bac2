"""Who may call the coordinator's admin API: tenants with SHA-256-hashed bearer tokens and roles.

Pure logic, no HTTP: `Tenants.authorize(token, role)` returns the tenant or raises `Refused` with the
status and OpenAI-style error type the API answers with. The region node keeps its own tenant list
(`region_node.config.TenantConfig`, roles `inference`/`audit`): the coordinator may not import
`region_node`, and the two role sets differ, so each side holds its few lines.

Exception tree::

    TenantsFileError   the tenants file cannot be read or is malformed; the message names the file
    Refused            a request is not allowed: `status` 401 (no or unknown token) or 403 (no role)
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

Role = Literal["admin", "audit"]
"""`admin`: regions, jobs, traces, metrics. `audit`: the audit log. Neither implies the other."""

TENANTS_ENV = "FEDINFER_COORDINATOR_TENANTS_FILE"


class Tenant(BaseModel):
    """One caller of the admin API, as a tenants file lists it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$", description="Who it is, for logs and errors.")
    token_sha256: str = Field(pattern=r"^[0-9a-f]{64}$", description="SHA-256 (hex) of its bearer token.")
    roles: tuple[Role, ...] = Field(min_length=1, description="What it may call: admin, audit or both.")


_TENANT_LIST = TypeAdapter(list[Tenant])


class TenantsFileError(Exception):
    """The tenants file cannot be used; the coordinator does not start."""

    def __init__(self, path: Path, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}")


class Refused(Exception):
    """A request to a protected endpoint is not allowed; carries what the API answers."""

    def __init__(self, status: Literal[401, 403], code: str, message: str) -> None:
        self.status = status
        self.code = code
        self.message = message
        super().__init__(message)

    @property
    def kind(self) -> str:
        return "authentication_error" if self.status == 401 else "permission_error"


def hash_token(token: str) -> str:
    """What a tenants file stores for `token` (`printf %s TOKEN | sha256sum`)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Tenants:
    """The tenants one coordinator accepts. Empty: every protected endpoint is refused."""

    tenants: tuple[Tenant, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.tenants)

    @classmethod
    def from_file(cls, path: Path | None) -> Tenants:
        """Read a YAML list of `{name, token_sha256, roles}`; no path or an empty file: no tenants."""
        if path is None:
            return cls()
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as exc:
            raise TenantsFileError(path, f"cannot read the tenants file: {exc}") from exc
        try:
            tenants = tuple(_TENANT_LIST.validate_python(data or []))
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'top level'}: {e['msg']}" for e in exc.errors())
            raise TenantsFileError(
                path, f"{problems} (expected a list of {{name, token_sha256, roles: [admin|audit]}})"
            ) from exc
        for field in ("name", "token_sha256"):
            values = [getattr(t, field) for t in tenants]
            twice = sorted({v for v in values if values.count(v) > 1})
            if twice:
                shown = ", ".join(twice) if field == "name" else f"{len(twice)} token hash(es)"
                raise TenantsFileError(path, f"{field} must be unique; listed more than once: {shown}")
        return cls(tenants)

    def authorize(self, token: str | None, role: Role) -> Tenant:
        """The tenant holding `token` if it has `role`; otherwise `Refused` (401 or 403)."""
        if not token:
            raise Refused(401, "missing_token", "missing bearer token: send `Authorization: Bearer <token>`")
        if not self.tenants:
            raise Refused(
                401,
                "no_tenants",
                f"this coordinator accepts no token: no tenants are configured (set {TENANTS_ENV})",
            )
        digest = hash_token(token)
        # Every entry is compared, so the time taken does not say which one matched.
        matches = [t for t in self.tenants if hmac.compare_digest(t.token_sha256, digest)]
        if not matches:
            raise Refused(401, "invalid_token", "unknown bearer token")
        tenant = matches[0]
        if role not in tenant.roles:
            raise Refused(403, "forbidden", f"tenant {tenant.name!r} may not use this endpoint (needs role {role!r})")
        return tenant
