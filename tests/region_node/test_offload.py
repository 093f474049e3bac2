"""Offloading through a real coordinator and two real regions on nats-server with mTLS: the answer is
restored at home, nothing personal crosses the wire, denials carry their reason, streams stream."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest
from typer.testing import CliRunner

import audit
from federation import subjects
from federation.local import LocalFabric
from federation.messages import Submission, decode
from fedinfer.cli import app
from tests.conftest import openai_client
from tests.region_node.harness import (
    COORDINATOR_ADMIN_TOKEN,
    TOKEN,
    CoordinatorProcess,
    RunningNode,
    Wiretap,
    region_config,
)
from tests.waiting import wait_for

CANARIES = ["Zbigniew Canaryson", "4012-8888-8888-1881", "zbig.canary@example.com"]
PROMPT = (
    "Copy this line exactly, and nothing else: Dear Zbigniew Canaryson, your card 4012-8888-8888-1881 is blocked;"
    " write to zbig.canary@example.com."
)


@pytest.fixture(scope="module")
def stack(fabric: LocalFabric, smollm2: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, object]]:
    state = tmp_path_factory.mktemp("offload")
    wiretap = Wiretap(fabric).start()
    coordinator = CoordinatorProcess(fabric, state).start()
    nodes = {}
    try:
        for region in ("eu-west", "us-east"):
            config = region_config(
                state,
                region,
                smollm2,
                nats={"url": fabric.leaf_url(region), "pki_dir": fabric.topology.pki_dir},
                offload={"heartbeat_s": 0.5},
            )
            nodes[region] = RunningNode(config).start()
        admin = {"Authorization": f"Bearer {COORDINATOR_ADMIN_TOKEN}"}
        regions = f"{coordinator.url}/v1/regions"
        wait_for(
            lambda: (
                {"eu-west", "us-east"}
                <= {r["region"] for r in httpx.get(regions, headers=admin, timeout=5).json()["regions"] if r["live"]}
            ),
            "both regions live at the coordinator",
        )
        yield {"wiretap": wiretap, "coordinator": coordinator, **nodes}
    finally:
        for node in nodes.values():
            node.stop()
        coordinator.stop()
        wiretap.stop()


def _client(node: object) -> openai.OpenAI:
    return openai_client(f"{node.url}/v1", TOKEN, timeout=120)  # type: ignore[attr-defined]


OFFLOAD = {"fedinfer": {"data_class": "personal", "offload": "required"}}


def test_offloaded_answer_is_restored_and_nothing_personal_crossed(stack: dict[str, object]) -> None:
    eu, wiretap = stack["eu-west"], stack["wiretap"]
    before = len(wiretap.captured)  # type: ignore[attr-defined]
    # Restoring needs the remote model to copy the placeholders, and this 135M model drops them for
    # about one random nonce in twelve (measured on 24 nonces): up to three requests, each a new
    # nonce; every one of them must keep the wire clean, one must come back restored.
    answers = []
    for _ in range(3):
        raw = _client(eu).chat.completions.with_raw_response.create(
            model="smollm2-135m-instruct",
            messages=[{"role": "user", "content": PROMPT}],
            max_tokens=48,
            temperature=0,
            extra_body=OFFLOAD,
        )
        assert raw.headers["x-fedinfer-served-by"] == "us-east"  # the only live region EU personal data may reach
        answers.append(raw.parse().choices[0].message.content or "")
        if "Zbigniew Canaryson" in answers[-1] and "4012-8888-8888-1881" in answers[-1]:
            break
    # The remote model saw placeholders and copied them; home restored the originals.
    assert "Zbigniew Canaryson" in answers[-1] and "4012-8888-8888-1881" in answers[-1], answers
    crossed = b"\n".join(data for _, _, data in wiretap.captured[before:])  # type: ignore[attr-defined]
    assert re.search(rb"\[\[PERSON-1-[a-z]{5}\]\]", crossed), "the wiretap saw no placeholder: it captured nothing"
    for canary in CANARIES:
        assert canary.encode() not in crossed and canary.lower().encode() not in crossed.lower()


def test_nothing_leaves_when_the_egress_decision_cannot_be_recorded(stack: dict[str, object], tmp_path: Path) -> None:
    eu, wiretap = stack["eu-west"], stack["wiretap"]
    writer = eu.node.audit  # type: ignore[attr-defined]
    before = len(wiretap.captured)  # type: ignore[attr-defined]
    working, writer.store = writer.store, audit.AuditStore(f"sqlite:///{tmp_path / 'gone' / 'audit.db'}")
    try:
        with pytest.raises(openai.InternalServerError) as caught:
            _client(eu).chat.completions.create(
                model="smollm2-135m-instruct", messages=[{"role": "user", "content": PROMPT}], extra_body=OFFLOAD
            )
    finally:
        writer.store = working
    assert caught.value.status_code == 503
    assert caught.value.body["code"] == "audit_unavailable"  # type: ignore[index]
    assert "nothing left the region" in caught.value.body["message"]  # type: ignore[index]
    # With the audit log back, the same request is submitted. Its submission is the only one the wiretap
    # sees: the first would have been published before it on the same connection.
    control = _client(eu).chat.completions.with_raw_response.create(
        model="smollm2-135m-instruct", messages=[{"role": "user", "content": PROMPT}], max_tokens=4, extra_body=OFFLOAD
    )
    job_id = control.headers["x-fedinfer-job-id"]
    submitted = wait_for(lambda: _submitted_jobs(wiretap, before), "the control's submission on the wiretap")
    assert submitted == {job_id}


def _submitted_jobs(wiretap: object, since: int) -> set[str]:
    """The job ids of the submissions the wiretap saw (each one on the origin's leaf and again on the hub)."""
    captured = wiretap.captured[since:]  # type: ignore[attr-defined]
    door = subjects.submit("eu-west")
    return {decode(Submission, data).job.job_id for _, subject, data in captured if subject == door}


def test_a_denied_request_gets_403_with_the_rules_reason(stack: dict[str, object]) -> None:
    with pytest.raises(openai.PermissionDeniedError) as caught:
        _client(stack["eu-west"]).chat.completions.create(
            model="smollm2-135m-instruct",
            messages=[{"role": "user", "content": PROMPT}],
            extra_body={"fedinfer": {"data_class": "personal", "purpose": "marketing"}},
        )
    assert caught.value.status_code == 403
    message = caught.value.body["message"]  # type: ignore[index]
    assert "rule 'no-marketing-of-personal-data'" in message and "not processed for marketing" in message


def test_an_offloaded_prompt_over_the_context_gets_the_executors_400(stack: dict[str, object]) -> None:
    long_prompt = "Summarise the weather report for the coast. " * 60  # ~600 tokens; the model takes 512
    eu = _client(stack["eu-west"]).with_options(max_retries=2)
    with pytest.raises(openai.BadRequestError) as caught:
        eu.chat.completions.create(
            model="smollm2-135m-instruct",
            messages=[{"role": "user", "content": long_prompt}],
            max_tokens=8,
            extra_body=OFFLOAD,
        )
    error = caught.value
    assert (error.status_code, error.code, error.param) == (400, "context_length_exceeded", "messages")
    assert "maximum context length is 512 tokens" in error.message
    assert error.response.headers["x-should-retry"] == "false"
    control = eu.chat.completions.create(  # the same request, short enough, is served in us-east
        model="smollm2-135m-instruct",
        messages=[{"role": "user", "content": "Summarise the weather report for the coast."}],
        max_tokens=8,
        extra_body=OFFLOAD,
    )
    assert control.choices[0].finish_reason in ("stop", "length")


def test_a_streamed_offload_delivers_its_first_chunk_before_the_remote_generation_ends(
    stack: dict[str, object],
) -> None:
    eu, us = stack["eu-west"], stack["us-east"]
    before = _histogram(eu, OVERHEAD), _histogram(eu, TTFT, "offloaded"), _histogram(us, TTFT, "executed")
    stream = _client(eu).chat.completions.create(
        model="smollm2-135m-instruct",
        messages=[{"role": "user", "content": "Write a short story about the sea."}],
        max_tokens=64,
        temperature=0,
        stream=True,
        extra_body=OFFLOAD,
    )
    started = time.monotonic()
    arrivals = []
    for chunk in stream:
        if chunk.choices and chunk.choices[0].delta.content:
            arrivals.append(time.monotonic() - started)
    assert len(arrivals) > 10
    # The first words arrived while the remote model was still producing the rest.
    assert arrivals[0] < arrivals[-1] / 3, arrivals
    # Operators see both ends of it: the origin's time to the first restored token, and the
    # executing engine's own, which it must exceed (the origin's includes the trip); and, for this
    # request, what the federation added to it: no more than the difference of the two.
    after = _histogram(eu, OVERHEAD), _histogram(eu, TTFT, "offloaded"), _histogram(us, TTFT, "executed")
    (added, added_count), (origin, origin_count), (executor, executor_count) = (
        (a[0] - b[0], a[1] - b[1]) for a, b in zip(after, before, strict=True)
    )
    assert added_count == origin_count == executor_count == 1
    assert origin > executor
    assert 0 <= added <= origin - executor + 1e-3, (added, origin, executor)


def test_concurrent_offloads_each_get_their_own_answer(stack: dict[str, object]) -> None:
    # The node listens for all its answers on one subscription and hands each chunk to its own
    # request: two requests offloaded at once must not see each other's words. (Words that are not
    # personal data: placeholders would make the answer depend on the small model copying them.)
    words = ("harmonica", "kettle")

    def ask(word: str) -> str:
        answer = _client(stack["eu-west"]).chat.completions.create(
            model="smollm2-135m-instruct",
            messages=[{"role": "user", "content": f"Copy this line exactly, and nothing else: The {word} is red."}],
            max_tokens=16,
            temperature=0,
            stream=True,
            extra_body=OFFLOAD,
        )
        return "".join(c.choices[0].delta.content or "" for c in answer if c.choices).lower()

    with ThreadPoolExecutor(len(words)) as pool:
        answers = list(pool.map(ask, words))
    for word, other, answer in zip(words, reversed(words), answers, strict=True):
        assert word in answer and other not in answer, answers


TTFT, OVERHEAD = "fedinfer_time_to_first_token_seconds", "fedinfer_offload_overhead_seconds"


def _histogram(node: object, name: str, where: str | None = None) -> tuple[float, float]:
    """(sum, count) of one of the node's histograms (for `where`, if it has that label); (0, 0) while
    nothing has been observed under the label (the exporter shows a labelled series only once used)."""
    text = httpx.get(f"{node.url}/metrics").text  # type: ignore[attr-defined]
    labels = f'{{where="{where}"}}' if where else ""
    values = {}
    for part in ("sum", "count"):
        line = f"{name}_{part}{labels} "
        row = next((row for row in text.splitlines() if row.startswith(line)), None)
        values[part] = float(row.split()[-1]) if row else 0.0
    return values["sum"], values["count"]


def test_the_audit_trace_follows_the_job_across_regions(stack: dict[str, object]) -> None:
    eu = stack["eu-west"]
    raw = _client(eu).chat.completions.with_raw_response.create(
        model="smollm2-135m-instruct", messages=[{"role": "user", "content": PROMPT}], max_tokens=8, extra_body=OFFLOAD
    )
    job_id = raw.headers["x-fedinfer-job-id"]
    url = f"{stack['coordinator'].url}/v1/jobs/{job_id}/trace"  # type: ignore[attr-defined]
    assert httpx.get(url, timeout=30).status_code == 401  # the trace is for operators only
    admin = {"Authorization": f"Bearer {COORDINATOR_ADMIN_TOKEN}"}

    def trace_with_every_writer() -> list[dict[str, Any]] | None:
        for node in (stack["eu-west"], stack["us-east"]):
            node.call(node.node.audit.flush())  # type: ignore[attr-defined]
        events: list[dict[str, Any]] = httpx.get(url, headers=admin, timeout=30).json()["events"]
        writers = {(e.get("region"), e.get("node")) for e in events if e.get("kind") != "unavailable"}
        return events if {("eu-west", "coordinator"), ("us-east", "node-1")} <= writers else None

    # The coordinator's writer lingers a moment before its batch is on disk, and the executing node records its hop
    # once the job's message is acknowledged, a moment after the answer has reached the client.
    trace: list[dict[str, Any]] = wait_for(trace_with_every_writer, "the coordinator's and us-east's hops in the trace")  # type: ignore[assignment]
    hops = [(e["region"], e["node"], e["kind"]) for e in trace if e.get("kind") != "unavailable"]
    assert ("eu-west", "node-1", "egress_allowed") in hops
    assert ("eu-west", "coordinator", "routed") in hops
    assert ("us-east", "node-1", "executed") in hops
    assert ("eu-west", "node-1", "restored") in hops
    egress = next(e for e in trace if e.get("kind") == "egress_allowed")
    assert egress["pii_counts"].get("PERSON") == 1 and egress["payload_hash"].startswith("sha256:")
    assert "Canaryson" not in json.dumps(trace)
    cli = CliRunner().invoke(
        app,
        ["audit", "trace", job_id, "--coordinator", stack["coordinator"].url, "--format", "json"],  # type: ignore[attr-defined]
        env={"FEDINFER_COORDINATOR_TOKEN": COORDINATOR_ADMIN_TOKEN},
    )
    assert cli.exit_code == 0, cli.output
    assert {(e["region"], e["kind"]) for e in json.loads(cli.output)} >= {
        ("eu-west", "egress_allowed"),
        ("us-east", "executed"),
    }
    store = audit.AuditStore(stack["us-east"].config.audit.url)  # type: ignore[attr-defined]
    assert "Canaryson" not in json.dumps(store.query(audit.EventFilter(), limit=1000).events)
    store.dispose()
