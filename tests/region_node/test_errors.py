"""The region node's errors and the one mapping that tells clients about them: every domain error gets
the status, OpenAI error type, code, param and retry header the API has always sent for it, and an
error added to the tree without a mapping is caught here rather than answered as a bare 500."""

from __future__ import annotations

import json

import pytest

import region_node.errors as errors_module
from region_node.api import INTERNAL, error_response, http_error
from region_node.errors import (
    AuditUnavailable,
    ConfigError,
    ContextLengthExceeded,
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
    OffloadDenied,
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
from tests.openai_schema import check


def _remote(code: str | None) -> RemoteJobFailed:
    return RemoteJobFailed(
        "the remote region failed the job: why", region="us-east", reason="why", code=code, param="messages"
    )


BAD, AUTH, PERM, FOUND = "invalid_request_error", "authentication_error", "permission_error", "invalid_request_error"
NO, FAILED, F = "server_error", "server_error", "false"
# error, status, OpenAI type, code, param, x-should-retry (None: absent, the client's own rule applies)
MAPPED: list[tuple[RegionNodeError, int, str, str | None, str | None, str | None]] = [
    (Unauthenticated("no token", "missing_token"), 401, AUTH, "missing_token", None, F),
    (Unauthenticated("unknown token", "invalid_token"), 401, AUTH, "invalid_token", None, F),
    (RoleMissing("needs role 'audit'", tenant="a", role="audit"), 403, PERM, "forbidden", None, F),
    (InvalidParameter("top_p: nan", param="top_p", code="invalid_value"), 400, BAD, "invalid_value", "top_p", F),
    (InvalidParameter("data class?", param="fedinfer.data_class"), 400, BAD, None, "fedinfer.data_class", F),
    (ContextLengthExceeded("too long", param="prompt"), 400, BAD, "context_length_exceeded", "prompt", F),
    (PromptTooLarge("too large", size=40_000, limit=32_000), 413, BAD, "prompt_too_long", None, F),
    (ModelNotFound("model 'gpt-x'?", model="gpt-x", known=("m",)), 404, FOUND, "model_not_found", "model", F),
    (PolicyDenied("denied by policy: r", reason="r", rule="x"), 403, PERM, "policy_denied", None, F),
    (OffloadDenied("offload was required", reason="r"), 403, PERM, "policy_denied", None, F),
    (CoordinatorRefused("refused: r", reason="r"), 403, PERM, "coordinator_refused", None, F),
    (NoAllowedRegion("not served here", retryable=False), 503, NO, "no_region", None, F),
    (NoAllowedRegion("none alive", retryable=True), 503, NO, "no_region", None, None),
    (LocalEngineUnavailable("engine down"), 503, NO, "engine_unavailable", None, None),
    (QueueFull("queue full", limit=4), 429, "rate_limit_error", "queue_full", None, None),
    (DeadlinePassed("too late"), 504, NO, "deadline", None, None),
    (JobFailed("moved mid-answer"), 503, NO, "job_failed", None, None),
    (_remote("context_length_exceeded"), 400, BAD, "context_length_exceeded", "messages", F),
    (_remote("generation_failed"), 500, FAILED, "generation_failed", None, F),
    (_remote("engine_failed"), 503, NO, "job_failed", None, None),
    (_remote(None), 503, NO, "job_failed", None, None),
    (CoordinatorUnavailable("no answer"), 503, NO, "coordinator_unavailable", None, None),
    (CoordinatorUnauthenticated("bad answer"), 503, NO, "coordinator_unauthenticated", None, None),
    (PiiDetectionFailed("detector failed"), 503, NO, "pii_detection_failed", None, None),
    (AuditUnavailable("audit down"), 503, NO, "audit_unavailable", None, None),
    (SequenceFailed("this request failed"), 500, FAILED, "generation_failed", None, F),
    (EngineError("stopped"), 503, NO, "engine_unavailable", None, None),
    (ConfigError("region.yaml: wrong"), 500, FAILED, None, None, None),
]
IDS = [
    "missing-token",
    "unknown-token",
    "role-missing",
    "out-of-range",
    "unknown-data-class",
    "context-length",
    "prompt-too-large",
    "model-not-found",
    "policy-denied",
    "offload-denied",
    "coordinator-refused",
    "no-region-permanent",
    "no-region-for-now",
    "local-engine-down",
    "queue-full",
    "deadline",
    "job-failed",
    "remote-context-length",
    "remote-generation",
    "remote-engine",
    "remote-no-code",
    "coordinator-unavailable",
    "coordinator-unauthenticated",
    "pii-detection",
    "audit-unavailable",
    "sequence-failed",
    "engine-error",
    "config-error",
]


@pytest.mark.parametrize(("error", "status", "kind", "code", "param", "retry"), MAPPED, ids=IDS)
def test_each_error_reaches_the_client_with_its_status_code_param_and_retry_hint(
    error: RegionNodeError, status: int, kind: str, code: str | None, param: str | None, retry: str | None
) -> None:
    response = error_response(http_error(error))
    body = json.loads(bytes(response.body))
    check("ErrorResponse", body)
    assert response.status_code == status
    assert (body["error"]["type"], body["error"]["code"], body["error"]["param"]) == (kind, code, param)
    assert response.headers.get("x-should-retry") == retry
    # One that may succeed later says when to try again: a full queue soon, an absent service a bit later.
    expected_wait = {429: "1", 503: "2"}.get(status) if retry is None else None
    assert response.headers.get("retry-after") == expected_wait


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (_remote("context_length_exceeded"), "why"),  # as this region would have said it
        (EngineError("stopped"), "the engine failed: stopped"),
        (ConfigError("/etc/fedinfer/region.yaml: engine.path is required"), INTERNAL),  # not for a client
        (PolicyDenied("denied by policy: r", reason="r"), "denied by policy: r"),
    ],
    ids=["remote-context", "engine", "config", "denied"],
)
def test_the_message_is_the_errors_own_except_where_the_client_needs_another(
    error: RegionNodeError, message: str
) -> None:
    assert http_error(error).message == message


def _tree() -> list[type[RegionNodeError]]:
    found, todo = [], [RegionNodeError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return [cls for cls in found if cls.__module__ == errors_module.__name__]


def test_every_error_in_the_tree_is_documented_and_has_a_mapping() -> None:
    tree = _tree()
    assert len(tree) > 20
    documented = errors_module.__doc__ or ""
    assert [cls.__name__ for cls in tree if f" {cls.__name__} " not in documented] == []
    branches = {
        RegionNodeError,
        errors_module.AuthError,
        errors_module.InvalidRequest,
        errors_module.CannotServe,
        errors_module.CoordinatorError,
    }
    mapped = {type(error) for error, *_ in MAPPED}
    assert [cls.__name__ for cls in tree if cls not in mapped | branches] == []
