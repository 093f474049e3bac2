"""The coordinator's admin API answers only tenants holding the endpoint's role: `admin` for regions,
jobs, traces and metrics, `audit` for the audit log. Every refusal is paired with the same request
made with a token that may, so a refusal cannot pass because the endpoint is broken.

The app runs over a coordinator that is not connected to NATS (the API's own logic needs none): its
audit store is real SQLite, its trace answers with its own events and one `unavailable` per region.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import pytest
from fastapi.testclient import TestClient

import audit
import policy
from coordinator.api import create_app
from coordinator.service import Coordinator
from coordinator.tenants import Role, Tenant, Tenants, hash_token
from tests.conftest import EXAMPLES

POLICY = policy.load(EXAMPLES / "policies" / "federation.yaml")
JOB = "job-0123456789abcdef"
ADMIN = "fi-admin-token-for-tests"
AUDITOR = "fi-auditor-token-for-tests"
OPERATOR = "fi-operator-token-for-tests"
TENANTS = Tenants(
    (
        Tenant(name="ops", token_sha256=hash_token(ADMIN), roles=("admin",)),
        Tenant(name="compliance", token_sha256=hash_token(AUDITOR), roles=("audit",)),
        Tenant(name="operator", token_sha256=hash_token(OPERATOR), roles=("admin", "audit")),
    )
)
TOKEN_FOR: dict[Role, str] = {"admin": ADMIN, "audit": AUDITOR}
OTHER_ROLE: dict[Role, tuple[str, str]] = {"admin": (AUDITOR, "compliance"), "audit": (ADMIN, "ops")}


class Answer(Protocol):
    """The part of a response the checks read (TestClient may answer with httpx or httpx2)."""

    @property
    def text(self) -> str: ...

    def json(self) -> Any: ...


@dataclass(frozen=True)
class Endpoint:
    path: str
    role: Role
    served: Callable[[Answer], bool]  # what only a real answer of this endpoint shows


def _trace_has_the_job(response: Answer) -> bool:
    kinds = {(e["region"], e["kind"]) for e in response.json()["events"]}
    return ("eu-west", "routed") in kinds and ("kr-central", "unavailable") in kinds


ENDPOINTS = [
    Endpoint("/v1/regions", "admin", lambda r: {x["region"] for x in r.json()["regions"]} == set(POLICY.regions)),
    Endpoint(
        f"/v1/jobs/{JOB}", "admin", lambda r: (r.json()["state"], r.json()["target_region"]) == ("routed", "kr-central")
    ),
    Endpoint(f"/v1/jobs/{JOB}/trace", "admin", _trace_has_the_job),
    Endpoint("/metrics", "admin", lambda r: 'fedinfer_jobs_routed_total{target="kr-central"} 1.0' in r.text),
    Endpoint(f"/v1/audit/events?job_id={JOB}", "audit", lambda r: [e["kind"] for e in r.json()["data"]] == ["routed"]),
]
IDS = ["regions", "job", "trace", "metrics", "audit-events"]


def _bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def _error(status_message: str, kind: str, code: str) -> dict[str, Any]:
    return {"error": {"message": status_message, "type": kind, "param": None, "code": code}}


MISSING = _error("missing bearer token: send `Authorization: Bearer <token>`", "authentication_error", "missing_token")
UNKNOWN = _error("unknown bearer token", "authentication_error", "invalid_token")


def _coordinator(tmp_path: Path) -> Coordinator:
    store = audit.AuditStore(f"sqlite:///{tmp_path / 'coordinator-audit.db'}")
    store.migrate()
    store.append(
        "coordinator",
        [
            audit.Event(
                audit.EventKind.ROUTED,
                region="eu-west",
                node="coordinator",
                job_id=JOB,
                decision=audit.Decision.ALLOWED,
                policy_digest=POLICY.digest,
                data_class="personal",
                target_region="kr-central",
            )
        ],
    )
    coordinator = Coordinator(
        nats_url="tls://127.0.0.1:1",  # never connected: start() is not called
        pki_dir=tmp_path,
        policy=POLICY,
        audit=audit.AuditWriter(store, "coordinator"),
    )
    coordinator.metrics.routed.labels(target="kr-central").inc()
    return coordinator


@pytest.fixture(scope="module")
def coordinator(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    coordinator = _coordinator(tmp_path_factory.mktemp("coordinator"))
    yield coordinator
    coordinator.audit.store.dispose()


@pytest.fixture(scope="module")
def client(coordinator: Coordinator) -> Iterator[TestClient]:
    with TestClient(create_app(coordinator, tenants=TENANTS)) as client:
        yield client


def _served(client: TestClient, endpoint: Endpoint, token: str) -> None:
    response = client.get(endpoint.path, headers=_bearer(token))
    assert response.status_code == 200, response.text
    assert endpoint.served(response), response.text[:500]


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=IDS)
def test_no_token_is_refused_with_401(client: TestClient, endpoint: Endpoint) -> None:
    refused = client.get(endpoint.path)
    assert (refused.status_code, refused.json()) == (401, MISSING)
    assert refused.headers["www-authenticate"] == "Bearer"
    _served(client, endpoint, TOKEN_FOR[endpoint.role])


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=IDS)
@pytest.mark.parametrize(
    "header",
    ["Basic " + "YWRtaW46YWRtaW4=", "Bearer", "Bearer ", ADMIN],
    ids=["basic-scheme", "bearer-without-token", "bearer-blank", "token-without-scheme"],
)
def test_a_malformed_authorization_header_counts_as_no_token(
    client: TestClient, endpoint: Endpoint, header: str
) -> None:
    refused = client.get(endpoint.path, headers={"authorization": header})
    assert (refused.status_code, refused.json()) == (401, MISSING)
    _served(client, endpoint, TOKEN_FOR[endpoint.role])


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=IDS)
@pytest.mark.parametrize(
    "token",
    ["fi-not-a-tenant", ADMIN + "x", hash_token(ADMIN)],
    ids=["unknown", "a-known-token-plus-one-char", "the-stored-hash-itself"],
)
def test_an_unknown_token_is_refused_with_401(client: TestClient, endpoint: Endpoint, token: str) -> None:
    refused = client.get(endpoint.path, headers=_bearer(token))
    assert (refused.status_code, refused.json()) == (401, UNKNOWN)
    assert refused.headers["www-authenticate"] == "Bearer"
    _served(client, endpoint, TOKEN_FOR[endpoint.role])


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=IDS)
def test_a_tenant_without_the_role_is_refused_with_403(client: TestClient, endpoint: Endpoint) -> None:
    """Neither role implies the other: an admin may not read the audit log, an auditor may not administer."""
    token, name = OTHER_ROLE[endpoint.role]
    refused = client.get(endpoint.path, headers=_bearer(token))
    message = f"tenant {name!r} may not use this endpoint (needs role {endpoint.role!r})"
    assert (refused.status_code, refused.json()) == (403, _error(message, "permission_error", "forbidden"))
    assert "www-authenticate" not in refused.headers
    _served(client, endpoint, TOKEN_FOR[endpoint.role])


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=IDS)
def test_a_tenant_with_both_roles_may_call_everything(client: TestClient, endpoint: Endpoint) -> None:
    _served(client, endpoint, OPERATOR)


@pytest.mark.parametrize(
    ("path", "token", "unauthenticated_status"),
    [
        ("/v1/jobs/job-unknown0", ADMIN, 404),
        ("/v1/audit/events?limit=0", AUDITOR, 400),
        ("/v1/audit/events?after=not-a-cursor", AUDITOR, 400),
    ],
    ids=["unknown-job", "invalid-limit", "invalid-cursor"],
)
def test_the_token_is_checked_before_anything_about_the_request_is_said(
    client: TestClient, path: str, token: str, unauthenticated_status: int
) -> None:
    """Without a token, not even whether a job exists or a parameter is valid."""
    refused = client.get(path)
    assert (refused.status_code, refused.json()) == (401, MISSING)
    answered = client.get(path, headers=_bearer(token))
    assert answered.status_code == unauthenticated_status
    assert answered.json()["error"]["type"] == "invalid_request_error"  # OpenAI's type for a 404 too


def test_healthz_is_open(client: TestClient) -> None:
    """No token needed: the health check itself answers (here: no NATS, so 503 with its reason)."""
    for headers in ({}, _bearer("fi-not-a-tenant"), _bearer(ADMIN)):
        response = client.get("/healthz", headers=headers)
        assert (response.status_code, response.json()["error"]["message"]) == (503, "not connected to the fabric")


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=IDS)
def test_with_no_tenants_configured_every_protected_endpoint_is_refused(
    coordinator: Coordinator, client: TestClient, endpoint: Endpoint
) -> None:
    message = "this coordinator accepts no token: no tenants are configured (set FEDINFER_COORDINATOR_TENANTS_FILE)"
    with TestClient(create_app(coordinator, tenants=Tenants())) as closed:
        for token in (TOKEN_FOR[endpoint.role], OPERATOR):
            refused = closed.get(endpoint.path, headers=_bearer(token))
            assert (refused.status_code, refused.json()) == (401, _error(message, "authentication_error", "no_tenants"))
        assert (closed.get(endpoint.path).status_code, closed.get(endpoint.path).json()) == (401, MISSING)
        assert closed.get("/healthz").status_code == 503  # still open, and still the health answer
    _served(client, endpoint, TOKEN_FOR[endpoint.role])  # the same coordinator, with tenants


def test_the_openapi_schema_declares_bearer_auth_on_every_protected_operation(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert schema["components"]["securitySchemes"]["HTTPBearer"] == {"type": "http", "scheme": "bearer"}
    secured = {path for path, item in schema["paths"].items() if item["get"].get("security")}
    assert secured == {"/v1/regions", "/v1/jobs/{job_id}", "/v1/jobs/{job_id}/trace", "/metrics", "/v1/audit/events"}
