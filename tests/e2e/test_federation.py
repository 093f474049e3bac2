"""End to end on the real federation: the tour, nothing personal on the wire, 429 not timeouts."""

from __future__ import annotations

import asyncio
import re
import time

import httpx
import openai
import pytest

from fedinfer.launcher import Federation
from fedinfer.tour import tour
from pii.corpus import generate
from tests.conftest import openai_client
from tests.region_node.harness import Wiretap
from tests.waiting import wait_for

MODEL = "smollm2-135m-instruct"


def _client(federation: Federation, region: str) -> openai.OpenAI:
    return openai_client(f"{federation.api_url(region)}/v1", federation.token, timeout=180)


def test_the_demo_tour_runs(federation: Federation, capsys: pytest.CaptureFixture[str]) -> None:
    tour(federation)
    out = capsys.readouterr().out
    assert "served by eu-west" in out
    assert "answer, restored in eu-west:" in out and "replaced before leaving:" in out
    assert "kr-central answered 403" in out and "sensitive-stays-home" in out
    carried = out.split("as the hub carried it:")[1].split("answer, restored in kr-central")[0]
    assert "[[PERSON-" in carried and "[[PHONE-" in carried.replace("\n", "")
    assert "김민준" not in carried and "010-1234-5678" not in carried
    assert "egress_allowed" in out and "executed" in out


def test_no_personal_value_crosses_the_wire(federation: Federation) -> None:
    assert federation.fabric is not None
    wiretap = Wiretap(federation.fabric).start()
    try:
        samples = generate(8, seed=99)
        client = _client(federation, "eu-west")
        job_ids = []
        for sample in samples:
            raw = client.chat.completions.with_raw_response.create(
                model=MODEL,
                messages=[{"role": "user", "content": sample.text}],
                max_tokens=8,
                temperature=0,
                extra_body={"fedinfer": {"data_class": "personal", "offload": "required"}},
            )
            assert raw.headers["x-fedinfer-served-by"] in ("us-east", "kr-central")
            job_ids.append(raw.headers["x-fedinfer-job-id"])
        # The wiretap listens in its own thread: wait until it has heard every job's answer come back.
        wait_for(lambda: all(job_id in wiretap.subjects() for job_id in job_ids), "every answer on the wiretap")
    finally:
        wiretap.stop()
    crossed = wiretap.payloads()
    assert len(re.findall(rb"\[\[[A-Z]+-\d+-[a-z]{5}\]\]", crossed)) >= len(samples), (
        "the wiretap captured no placeholder"
    )
    for sample in samples:
        for start, end, kind in sample.spans:
            value = sample.text[start:end]
            assert value.encode() not in crossed, f"a {kind} value crossed the wire"
            assert value.lower().encode() not in crossed.lower(), f"a {kind} value crossed the wire (case changed)"


def test_a_full_queue_answers_429_not_a_timeout(federation: Federation) -> None:
    body = {
        "model": MODEL,
        "messages": [{"role": "user", "content": "Tell me a long story."}],
        "max_tokens": 48,
        "fedinfer": {"data_class": "internal", "offload": "never"},
    }

    async def flood() -> list[tuple[int, float]]:
        async with httpx.AsyncClient(timeout=120) as client:

            async def one() -> tuple[int, float]:
                started = time.monotonic()
                response = await client.post(
                    f"{federation.api_url('kr-central')}/v1/chat/completions",
                    json=body,
                    headers={"authorization": f"Bearer {federation.token}"},
                )
                return response.status_code, time.monotonic() - started

            return await asyncio.gather(*(one() for _ in range(10)))

    results = asyncio.run(flood())
    statuses = [status for status, _ in results]
    assert 429 in statuses and 200 in statuses, statuses
    assert set(statuses) <= {200, 429}
    assert max(elapsed for status, elapsed in results if status == 429) < 5  # refused at once, not after waiting
