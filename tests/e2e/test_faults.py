"""Faults on the real federation: a target node killed mid-job, the coordinator restarted with jobs
queued, a region's leaf link cut. Nothing is lost silently; every failure is clear and in time, and a
job whose client was told it failed does not run on."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

import audit
from fedinfer.launcher import Federation
from tests.e2e.conftest import federation_file
from tests.e2e.offloads import events as events_of
from tests.waiting import wait_for, wait_until

MODEL = "smollm2-135m-instruct"
DEADLINE_S = 45.0


@pytest.fixture(scope="module")
def faulty(smollm2: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Federation]:
    spec = federation_file(
        tmp_path_factory.mktemp("faults"),
        smollm2,
        **{
            region: {"limits": {"request_timeout_s": DEADLINE_S}, "offload": {"worker_concurrency": 1}}
            for region in ("eu-west", "us-east", "kr-central")
        },
    )
    with Federation(spec) as running:
        yield running


def _body(content: str, max_tokens: int, offload: str = "required", stream: bool = False) -> dict[str, object]:
    return {
        "model": MODEL,
        "messages": [{"role": "user", "content": content}],
        "max_tokens": max_tokens,
        "temperature": 0,
        "stream": stream,
        "fedinfer": {"data_class": "personal", "offload": offload},
    }


def _headers(federation: Federation) -> dict[str, str]:
    return {"authorization": f"Bearer {federation.token}"}


def test_killing_the_target_node_mid_job_ends_the_request_clearly_in_time(faulty: Federation) -> None:
    """The target region's only node dies after text was streamed: the coordinator moves the job to
    another allowed region and tells the origin, which ends the stream at once with a clear error
    (the text already sent cannot be taken back), not at the deadline."""
    killed_at = 0.0
    events: list[str] = []
    with httpx.stream(
        "POST",
        f"{faulty.api_url('eu-west')}/v1/chat/completions",
        headers=_headers(faulty),
        json=_body("Write a long story about a lighthouse keeper.", 200, stream=True),
        timeout=120,
    ) as response:
        assert response.status_code == 200
        target = response.headers["x-fedinfer-served-by"]
        for line in response.iter_lines():
            if not line.startswith("data: "):
                continue
            events.append(line[6:])
            if len(events) == 3:
                faulty.nodes[target].kill()  # the machine running the job dies
                killed_at = time.monotonic()
        job_id = response.headers["x-fedinfer-job-id"]
    waited = time.monotonic() - killed_at
    assert events[-1] == "[DONE]"
    error = json.loads(events[-2])["error"]
    assert error["code"] == "job_failed"
    moved = re.search(r"the job was moved to (us-east|kr-central) after part of its answer was sent", error["message"])
    assert moved, error["message"]
    assert waited < DEADLINE_S / 2, waited  # the heartbeat TTL (6 s) and the watchdog, not the deadline
    # Its client was told it failed: the region it was moved to stops it (or never starts it), at once.
    store = f"{moved[1]}-audit.db"

    def ended(kind: audit.EventKind) -> list[dict[str, object]]:
        return [e for e in events_of(faulty, store, kind) if e["job_id"] == job_id]

    wait_for(lambda: ended(audit.EventKind.FAILED), f"the moved job's end in {moved[1]}'s audit log", timeout=30)
    assert [e["reason"] for e in ended(audit.EventKind.FAILED)] == ["withdrawn"]
    assert ended(audit.EventKind.EXECUTED) == []
    faulty.restart_node(target)


def _idle(federation: Federation) -> None:
    """Wait until no region has a job queued or running (a job moved by an earlier fault may still be
    generating its long answer, and would make the next test's jobs wait behind it)."""

    def idle() -> bool:
        regions = httpx.get(
            f"{federation.coordinator_url}/v1/regions",
            headers={"Authorization": f"Bearer {federation.admin_token}"},
            timeout=10,
        ).json()["regions"]
        running = [region for region in regions if region["region"] in federation.regions]
        return all(region["live"] and region["queue_depth"] == 0 for region in running)

    wait_for(idle, "every region idle", timeout=240)


def _routed(federation: Federation) -> float:
    """Jobs the coordinator has routed since it started, from its own metrics."""
    metrics = httpx.get(
        f"{federation.coordinator_url}/metrics",
        headers={"Authorization": f"Bearer {federation.admin_token}"},
        timeout=10,
    ).text
    counts = [line.rsplit(" ", 1)[1] for line in metrics.splitlines() if line.startswith("fedinfer_jobs_routed_total{")]
    return sum(float(count) for count in counts)


def test_restarting_the_coordinator_with_jobs_queued_loses_none(faulty: Federation) -> None:
    async def ask(client: httpx.AsyncClient, i: int) -> httpx.Response:
        return await client.post(
            f"{faulty.api_url('eu-west')}/v1/chat/completions",
            headers=_headers(faulty),
            json=_body(f"Write a haiku number {i}.", 24),
        )

    _idle(faulty)

    async def scenario() -> list[httpx.Response]:
        async with httpx.AsyncClient(timeout=120) as client:
            before = await asyncio.to_thread(_routed, faulty)
            requests = [asyncio.create_task(ask(client, i)) for i in range(4)]

            async def all_routed() -> bool:  # queued: each target runs one job at a time
                return await asyncio.to_thread(_routed, faulty) >= before + 4

            await wait_until(all_routed, "the four jobs routed", timeout=60)
            await asyncio.to_thread(faulty.restart_coordinator, kill=True)
            return await asyncio.gather(*requests)

    responses = asyncio.run(scenario())
    assert [r.status_code for r in responses] == [200] * 4, [r.text[:200] for r in responses]
    assert all(r.json()["choices"][0]["message"]["content"] for r in responses)


def test_a_cut_leaf_link_keeps_local_serving_and_offloads_resume(faulty: Federation) -> None:
    assert faulty.fabric is not None
    leaf = faulty.fabric.leaves["eu-west"]
    url = f"{faulty.api_url('eu-west')}/v1/chat/completions"
    leaf.stop()
    try:
        local = httpx.post(url, headers=_headers(faulty), json=_body("Say hello.", 8, offload="never"), timeout=120)
        assert local.status_code == 200 and local.headers["x-fedinfer-served-by"] == "eu-west"
        cut = httpx.post(url, headers=_headers(faulty), json=_body("Say hello.", 8), timeout=120)
        assert cut.status_code == 503 and cut.json()["error"]["code"] == "coordinator_unavailable"
    finally:
        leaf.start()
    deadline = time.monotonic() + 60
    while True:
        resumed = httpx.post(url, headers=_headers(faulty), json=_body("Say hello.", 8), timeout=120)
        if resumed.status_code == 200:
            break
        assert time.monotonic() < deadline, resumed.text
        time.sleep(1.0)
    assert resumed.headers["x-fedinfer-served-by"] in ("us-east", "kr-central")
