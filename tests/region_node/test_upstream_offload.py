"""Offloading between two regions that both serve through their own OpenAI-compatible servers (the echo
server), on nats-server with mTLS and a real coordinator: the executing region's server sees
placeholders only, the origin restores the originals, streamed chunk by chunk; the executor's upstream
refusal reaches the origin's client as the 400 it would have had at home."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import openai
import pytest

from federation.local import LocalFabric
from tests.conftest import openai_client
from tests.region_node.harness import COORDINATOR_ADMIN_TOKEN, TOKEN, CoordinatorProcess, RunningNode, region_config
from tests.region_node.upstreams import EchoServers
from tests.waiting import wait_for

MODEL = "smollm2-135m-instruct"
CANARY_NAME, CANARY_CARD = "Zbigniew Canaryson", "4012-8888-8888-1881"
PROMPT = f"Dear {CANARY_NAME}, your card {CANARY_CARD} is blocked."
OFFLOAD = {"fedinfer": {"data_class": "personal", "offload": "required"}}
TIMEOUT_S = 6.0


@pytest.fixture(scope="module")
def federation(fabric: LocalFabric, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, object]]:
    state = tmp_path_factory.mktemp("upstream-offload")
    coordinator = CoordinatorProcess(fabric, state).start()
    running: dict[str, object] = {}
    try:
        for region in ("eu-west", "us-east"):
            servers = EchoServers(1, model="echo", record_texts=True).start()
            running[f"{region}-servers"] = servers
            engine = {"kind": "openai", "model": MODEL, "upstreams": servers.upstreams()}
            config = region_config(
                state,
                region,
                Path("unused"),
                engine=engine,
                nats={"url": fabric.leaf_url(region), "pki_dir": fabric.topology.pki_dir},
                offload={"heartbeat_s": 0.5},
                limits={"request_timeout_s": TIMEOUT_S},
            )
            running[region] = RunningNode(config).start()
        admin = {"Authorization": f"Bearer {COORDINATOR_ADMIN_TOKEN}"}
        wait_for(
            lambda: (
                {"eu-west", "us-east"}
                <= {
                    r["region"]
                    for r in httpx.get(f"{coordinator.url}/v1/regions", headers=admin, timeout=5).json()["regions"]
                    if r["live"]
                }
            ),
            "both regions live at the coordinator",
        )
        yield running
    finally:
        for part in running.values():
            part.stop()  # type: ignore[attr-defined]
        coordinator.stop()


def _client(federation: dict[str, object]) -> openai.OpenAI:
    node: RunningNode = federation["eu-west"]  # type: ignore[assignment]
    return openai_client(f"{node.url}/v1", TOKEN, timeout=60)


def test_an_offloaded_stream_is_restored_at_home_and_the_remote_server_saw_placeholders(
    federation: dict[str, object],
) -> None:
    remote: EchoServers = federation["us-east-servers"]  # type: ignore[assignment]
    home: EchoServers = federation["eu-west-servers"]  # type: ignore[assignment]
    stream = _client(federation).chat.completions.with_raw_response.create(
        model=MODEL, messages=[{"role": "user", "content": PROMPT}], max_tokens=64, stream=True, extra_body=OFFLOAD
    )
    assert stream.headers["x-fedinfer-served-by"] == "us-east"
    chunks = [c.choices[0].delta.content for c in stream.parse() if c.choices and c.choices[0].delta.content]
    assert "".join(chunks) == PROMPT  # the echo of the placeholders, restored at home
    assert len(chunks) >= 6  # passed on word by word, not as one buffered answer
    seen = "\n".join(remote.stats(0).texts)
    assert "[[PERSON-" in seen and CANARY_NAME not in seen and CANARY_CARD not in seen
    assert home.stats(0).requests == 0  # offload was required: the home servers answered nothing


def test_the_executors_upstream_refusal_is_the_origins_400(federation: dict[str, object]) -> None:
    remote: EchoServers = federation["us-east-servers"]  # type: ignore[assignment]
    remote.behaviours[0].context_length = 20
    try:
        with pytest.raises(openai.BadRequestError) as failure:
            _client(federation).chat.completions.create(
                model=MODEL, messages=[{"role": "user", "content": PROMPT}], max_tokens=32, extra_body=OFFLOAD
            )
        assert (failure.value.code, failure.value.param) == ("context_length_exceeded", "messages")
        answer = _client(federation).chat.completions.create(  # control: within the remote context
            model=MODEL, messages=[{"role": "user", "content": PROMPT}], max_tokens=5, extra_body=OFFLOAD
        )
        assert answer.choices[0].finish_reason == "length" and answer.choices[0].message.content
    finally:
        remote.behaviours[0].context_length = 4096


def test_a_parameter_only_the_home_engine_applies_keeps_the_request_home_and_says_so_when_it_must_leave(
    federation: dict[str, object],
) -> None:
    remote: EchoServers = federation["us-east-servers"]  # type: ignore[assignment]
    home: EchoServers = federation["eu-west-servers"]  # type: ignore[assignment]
    served = remote.stats(0).requests
    with pytest.raises(openai.BadRequestError) as failure:
        _client(federation).chat.completions.create(
            model=MODEL, messages=[{"role": "user", "content": PROMPT}], logprobs=True, extra_body=OFFLOAD
        )
    assert (failure.value.code, failure.value.param) == ("unsupported_parameter", "logprobs")
    assert "remove logprobs" in failure.value.message
    assert remote.stats(0).requests == served  # nothing left the region
    kept = _client(federation).chat.completions.with_raw_response.create(  # allowed here: served at home, with them
        model=MODEL, messages=[{"role": "user", "content": "one two"}], logprobs=True
    )
    assert kept.headers["x-fedinfer-served-by"] == "eu-west" and home.stats(0).last_body["logprobs"] is True
    completion = kept.parse()
    assert completion.choices[0].logprobs is not None and completion.choices[0].logprobs.content
    moved = _client(federation).chat.completions.with_raw_response.create(  # control: without it, it may leave
        model=MODEL, messages=[{"role": "user", "content": PROMPT}], extra_body=OFFLOAD
    )
    assert moved.headers["x-fedinfer-served-by"] == "us-east"


def test_models_lists_what_can_be_served_now_here_or_in_a_live_region(federation: dict[str, object]) -> None:
    home: EchoServers = federation["eu-west-servers"]  # type: ignore[assignment]
    node: RunningNode = federation["eu-west"]  # type: ignore[assignment]
    client = _client(federation)
    assert node.node is not None and node.node.service is not None and node.node.service.catalogue is not None
    catalogue = node.node.service.catalogue
    wait_for(lambda: "us-east" in catalogue.live(), "the coordinator's catalogue heard")
    # llama-3-70b-instruct is on eu-west's and us-east's allow-lists, but no live node serves it.
    assert [m.id for m in client.models.list()] == [MODEL]
    with pytest.raises(openai.NotFoundError, match="nothing serves it now"):
        client.models.retrieve("llama-3-70b-instruct")
    assert client.models.retrieve(MODEL).id == MODEL
    home.behaviours[0].healthy = False
    try:
        wait_for(lambda: httpx.get(f"{node.url}/healthz").status_code == 503, "the home servers out of rotation")
        assert [m.id for m in client.models.list()] == [MODEL]  # us-east is live and serves it
        answer = client.chat.completions.with_raw_response.create(  # and so it is: the request moves
            model=MODEL,
            messages=[{"role": "user", "content": "one two"}],
            extra_body={"fedinfer": {"data_class": "public"}},
        )
        assert answer.headers["x-fedinfer-served-by"] == "us-east"
    finally:
        home.behaviours[0].healthy = True
        wait_for(lambda: httpx.get(f"{node.url}/healthz").status_code == 200, "the home servers back")


def test_a_remote_upstream_that_hangs_ends_the_request_at_its_deadline_and_frees_the_remote_slot(
    federation: dict[str, object],
) -> None:
    remote: EchoServers = federation["us-east-servers"]  # type: ignore[assignment]
    us: RunningNode = federation["us-east"]  # type: ignore[assignment]
    assert us.node is not None
    engine = us.node.engine
    remote.behaviours[0].hang = True
    try:
        with pytest.raises(openai.APIStatusError) as failure:
            _client(federation).chat.completions.create(
                model=MODEL, messages=[{"role": "user", "content": "Are you there?"}], extra_body=OFFLOAD
            )
        assert failure.value.status_code == 504
        # The executing region gave the job up at the same deadline: its replica slot is free again.
        wait_for(lambda: all(r.in_flight == 0 for r in engine.replicas), "the remote slot freed", 10)  # type: ignore[union-attr]
    finally:
        remote.behaviours[0].hang = False
    answer = _client(federation).chat.completions.create(  # control: the next request is served
        model=MODEL, messages=[{"role": "user", "content": "Are you there?"}], extra_body=OFFLOAD
    )
    assert answer.choices[0].message.content == "Are you there?"


def test_when_the_home_servers_turn_a_request_away_an_allowed_region_serves_it(
    federation: dict[str, object],
) -> None:
    home: EchoServers = federation["eu-west-servers"]  # type: ignore[assignment]
    auto = {"fedinfer": {"data_class": "personal"}}  # offload allowed, not required
    served = _client(federation).chat.completions.with_raw_response.create(
        model=MODEL, messages=[{"role": "user", "content": "Where am I served?"}], extra_body=auto
    )
    assert served.headers["x-fedinfer-served-by"] == "eu-west"  # control: at home while its server serves
    home.behaviours[0].fail_status = 503
    try:
        moved = _client(federation).chat.completions.with_raw_response.create(
            model=MODEL, messages=[{"role": "user", "content": "Where am I served?"}], extra_body=auto
        )
        assert moved.headers["x-fedinfer-served-by"] == "us-east"
        assert moved.parse().choices[0].message.content == "Where am I served?"
        with pytest.raises(openai.APIStatusError) as kept:  # may not leave: the client hears why
            _client(federation).chat.completions.create(
                model=MODEL,
                messages=[{"role": "user", "content": "Where am I served?"}],
                extra_body={"fedinfer": {"data_class": "personal", "offload": "never"}},
            )
        assert kept.value.status_code == 503 and kept.value.body["code"] == "engine_unavailable"  # type: ignore[index]
    finally:
        home.behaviours[0].fail_status = None
        assert federation["eu-west"].node is not None  # type: ignore[attr-defined]
        federation["eu-west"].call(federation["eu-west"].node.engine.probe())  # type: ignore[attr-defined]
