"""Bad input, generated from the APIs' own OpenAPI schemas (schemathesis), with a valid token, a wrong
one and none: never a 5xx, every JSON error in OpenAI's error shape, and no traceback in any log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import schemathesis
from hypothesis import HealthCheck, given, settings

from fedinfer.launcher import Federation
from tests.openai_schema import check as check_schema

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
                said = f"{case.method} {case.path} -> {response.status_code}: {response.text[:200]}"
                if response.status_code >= 500:
                    failures.append(said)
                elif response.status_code >= 400:
                    try:
                        body = response.json()
                    except ValueError:
                        continue  # the audit explorer's HTML pages answer errors as pages
                    try:
                        check_schema("ErrorResponse", body)
                    except Exception as exc:  # what the schema refused, named in the failure
                        failures.append(f"{said} is not OpenAI's error body ({type(exc).__name__})")

        check()
    return failures


def _log_sizes(federation: Federation) -> dict[Path, int]:
    return {path: path.stat().st_size for path in federation.logs.glob("*.log")}


def _tracebacks_since(federation: Federation, sizes: dict[Path, int]) -> list[str]:
    found = []
    for path in federation.logs.glob("*.log"):
        with path.open("rb") as handle:
            handle.seek(sizes.get(path, 0))
            if b"Traceback" in handle.read():
                found.append(path.name)
    return found


def test_region_api_never_answers_5xx(federation: Federation) -> None:
    tokens = [{"authorization": f"Bearer {federation.token}"}, {"authorization": "Bearer not-a-token"}, {}]
    sizes = _log_sizes(federation)
    assert _fuzz(federation.api_url("eu-west"), tokens) == []
    assert _tracebacks_since(federation, sizes) == []


def test_coordinator_api_never_answers_5xx(federation: Federation) -> None:
    tokens = [{"authorization": f"Bearer {federation.admin_token}"}, {"authorization": "Bearer not-a-token"}, {}]
    sizes = _log_sizes(federation)
    assert _fuzz(federation.coordinator_url, tokens) == []
    assert _tracebacks_since(federation, sizes) == []
