"""Bad input, generated from the APIs' own OpenAPI schemas (schemathesis): never a 5xx."""

from __future__ import annotations

from typing import Any

import httpx
import schemathesis
from hypothesis import HealthCheck, given, settings

from fedinfer.launcher import Federation

FUZZ = settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), database=None)


def _fuzz(base_url: str, headers: list[dict[str, str]]) -> list[str]:
    """Call every operation with generated cases; return what answered 5xx."""
    schema = schemathesis.openapi.from_dict(httpx.get(f"{base_url}/openapi.json", timeout=30).json())
    failures: list[str] = []
    for result in schema.get_all_operations():
        operation = result.ok()

        @FUZZ
        @given(operation.as_strategy())
        def check(case: Any) -> None:
            for header in headers:
                response = case.call(base_url=base_url, headers=header, timeout=120)
                if response.status_code >= 500:
                    failures.append(f"{case.method} {case.path} -> {response.status_code}: {response.text[:200]}")

        check()
    return failures


def test_region_api_never_answers_5xx(federation: Federation) -> None:
    tokens = [{"authorization": f"Bearer {federation.token}"}, {"authorization": "Bearer not-a-token"}, {}]
    assert _fuzz(federation.api_url("eu-west"), tokens) == []


def test_coordinator_api_never_answers_5xx(federation: Federation) -> None:
    tokens = [{"authorization": f"Bearer {federation.admin_token}"}, {"authorization": "Bearer not-a-token"}, {}]
    assert _fuzz(federation.coordinator_url, tokens) == []
