"""Traces across hops (real processes, spans written by each to one file): an offloaded request is one
trace whose id is its job id, from the origin's API through the coordinator to the executing region
and back to the restore, each hop the child of the one that sent it; metadata only."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from federation import tracing
from fedinfer.launcher import Federation, FederationFile
from tests.conftest import EXAMPLES, openai_client
from tests.waiting import wait_for

MODEL = "smollm2-135m-instruct"
CANARY = "Zbigniew Canaryson"


@pytest.fixture(scope="module")
def traced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Federation, Path]]:
    state = tmp_path_factory.mktemp("traced")
    spans = state / "spans.jsonl"
    spec = FederationFile(
        name="traced",
        state_dir=state,
        policy=EXAMPLES / "policies" / "federation.yaml",
        coordinator={"settings": {"heartbeat_ttl_s": "3"}},
        engine={"kind": "openai", "model": MODEL},
        regions={
            r: {"echo_upstream": {"delay_ms": 1}, "offload": {"drain_timeout_s": 1}} for r in ("eu-west", "us-east")
        },
    )
    os.environ[tracing.FILE_ENV] = str(spans)  # the processes the launcher starts inherit it
    try:
        with Federation(spec) as running:
            yield running, spans
    finally:
        del os.environ[tracing.FILE_ENV]


def _spans(path: Path, trace_id: str) -> list[dict[str, object]]:
    if not path.exists():
        return []
    spans = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return [span for span in spans if span["trace_id"] == trace_id]


def test_an_offloaded_request_is_one_trace_named_by_its_job_id_across_every_process(
    traced: tuple[Federation, Path],
) -> None:
    federation, path = traced
    client = openai_client(f"{federation.api_url('eu-west')}/v1", federation.token, timeout=60)
    raw = client.chat.completions.with_raw_response.create(
        model=MODEL,
        messages=[{"role": "user", "content": f"Write to {CANARY} today."}],
        extra_body={"fedinfer": {"data_class": "personal", "offload": "required"}},
    )
    assert raw.headers["x-fedinfer-served-by"] == "us-east"
    job_id = raw.headers["x-fedinfer-job-id"]
    trace_id = f"{tracing.trace_id_of(job_id):032x}"
    assert trace_id.endswith(job_id.removeprefix("job-"))  # the audit log's job id finds the trace
    wanted = {
        "region.request",
        "policy.decide",
        "pii.detect",
        "fabric.submit",
        "coordinator.route",
        "worker.execute",
        "egress.restore",
    }
    wait_for(lambda: wanted <= {str(s["name"]) for s in _spans(path, trace_id)}, "every hop's span")
    spans = {str(s["name"]): s for s in _spans(path, trace_id)}
    services = {str(s["service"]) for s in spans.values()}
    assert {"region eu-west/node-1", "coordinator", "region us-east/node-1"} <= services
    # Each hop is the child of the one that sent it: the context crossed in the message headers.
    assert spans["coordinator.route"]["parent_id"] == spans["fabric.submit"]["span_id"]
    assert spans["worker.execute"]["parent_id"] == spans["coordinator.route"]["span_id"]
    assert spans["policy.decide"]["parent_id"] == spans["region.request"]["span_id"]
    assert spans["worker.execute"]["attributes"]["fedinfer.job_id"] == job_id  # type: ignore[index]
    assert CANARY not in path.read_text(encoding="utf-8")  # metadata only


def test_without_a_destination_nothing_is_recorded() -> None:
    """Off by default: this test process never turned tracing on (the services do, given a destination)."""
    assert not tracing.enabled()
    with tracing.span("region.request", "job-0123456789abcdef0123") as current:
        assert not current.is_recording()
        assert tracing.headers() == {}  # nothing travels in the messages either
