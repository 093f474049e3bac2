"""A region in front of its own OpenAI-compatible servers (`engine.kind: openai`), here three replicas
of the project's echo server, through the `openai` SDK unchanged: pass-through (chat as messages,
streamed chunk by chunk, the upstream's usage), failover before the first token and never after it,
prefix affinity, an upstream that hangs, and the upstream's own refusals."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import httpx
import openai
import pytest

from region_node.config import ConfigError, load_region_config
from region_node.engines import Prompt, Sampling
from region_node.engines.openai_upstream import OpenAIUpstreamEngine
from tests.conftest import openai_client
from tests.region_node.harness import TOKEN, RunningNode, region_config
from tests.region_node.upstreams import EchoServers
from tests.waiting import wait_for

MODEL = "smollm2-135m-instruct"  # the name the example policy allows; the upstream calls it otherwise
QUESTION = "Four words come back."
TIMEOUT_S = 120.0
"""The module's node: a deadline no test waits for, so that what frees or fails a request there is never the deadline,
however slow the machine (with 2 s, a loaded CI machine's first word once came after it)."""
DEADLINE_S = 2.0
"""The deadline of the node of the tests that wait for it (`deadline_node`)."""


@pytest.fixture(scope="module")
def servers() -> Iterator[EchoServers]:
    with EchoServers(3, model="served-upstream-name", record_texts=True) as running:
        yield running


def _running_node(servers: EchoServers, directory: Path, timeout_s: float) -> RunningNode:
    # The tests probe the replicas themselves (`_probe`), so that what is in rotation is never a race.
    engine = {"kind": "openai", "model": MODEL, "upstreams": servers.upstreams(capacity=8), "probe_interval_s": 3600}
    config = region_config(directory, "us-east", Path("unused"), engine=engine, limits={"request_timeout_s": timeout_s})
    return RunningNode(config)


@pytest.fixture(scope="module")
def node(servers: EchoServers, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningNode]:
    with _running_node(servers, tmp_path_factory.mktemp("upstream"), TIMEOUT_S) as running:
        yield running


@pytest.fixture(scope="module")
def deadline_node(servers: EchoServers, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningNode]:
    """The same replicas behind a short deadline, for the tests of what the deadline does."""
    with _running_node(servers, tmp_path_factory.mktemp("deadline"), DEADLINE_S) as running:
        yield running


def _engine(node: RunningNode) -> OpenAIUpstreamEngine:
    assert node.node is not None and isinstance(node.node.engine, OpenAIUpstreamEngine)
    return node.node.engine


@pytest.fixture(autouse=True)
def _healthy_again(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test starts with every replica back to normal and in rotation."""
    yield
    if "servers" not in request.fixturenames:
        return
    servers: EchoServers = request.getfixturevalue("servers")
    for behaviour in servers.behaviours:
        fresh = dataclasses.asdict(type(behaviour)(record_texts=True))
        for name, value in fresh.items():
            setattr(behaviour, name, value)
    for name in ("node", "deadline_node"):
        if name in request.fixturenames:
            node: RunningNode = request.getfixturevalue(name)
            _probe(node)
            assert all(r.healthy for r in _engine(node).replicas)


def _probe(node: RunningNode) -> None:
    """One round of the health probe the engine runs every `probe_interval_s`."""
    node.call(_engine(node).probe())


def _client(node: RunningNode) -> openai.OpenAI:
    return openai_client(f"{node.url}/v1", TOKEN, timeout=30)


def _served_counts(servers: EchoServers) -> list[int]:
    return [servers.stats(i).requests for i in range(len(servers.ports))]


def test_chat_passes_through_as_messages_with_the_upstream_usage(node: RunningNode, servers: EchoServers) -> None:
    before = _served_counts(servers)
    reply = _client(node).chat.completions.with_raw_response.create(
        model=MODEL,
        messages=[{"role": "system", "content": "Be brief."}, {"role": "user", "content": QUESTION}],
        max_tokens=16,
        temperature=0.0,
        seed=-1,
    )
    answer = reply.parse()
    assert answer.choices[0].message.content == QUESTION  # the echo model answers the last message
    assert answer.choices[0].finish_reason == "stop"
    assert answer.usage is not None
    assert (answer.usage.prompt_tokens, answer.usage.completion_tokens) == (6, 4)  # counted upstream
    assert reply.headers["x-fedinfer-served-by"] == "us-east"
    served = [i for i, (a, b) in enumerate(zip(before, _served_counts(servers), strict=True)) if b > a]
    assert len(served) == 1  # one replica, once
    forwarded = servers.stats(served[0]).last_body
    assert forwarded["model"] == "served-upstream-name"
    assert forwarded["stream"] is False  # a whole answer is fetched whole: one response, not an event per token
    assert forwarded["max_tokens"] == 16 and forwarded["seed"] == -1  # vLLM's seeds are signed 64-bit
    assert servers.stats(served[0]).texts[-2:] == ["Be brief.", QUESTION]  # messages, no template applied


def _forwarded(servers: EchoServers, before: list[int]) -> dict[str, object]:
    """What the one replica that served since `before` was sent (messages and prompt left out)."""
    served = [i for i, (a, b) in enumerate(zip(before, _served_counts(servers), strict=True)) if b > a]
    assert len(served) == 1
    body: dict[str, object] = servers.stats(served[0]).last_body
    return body


PASSED_ON = {
    "response_format": {"type": "json_object"},
    "presence_penalty": 0.5,
    "frequency_penalty": -0.5,
    "logit_bias": {"42": 5},
}


def test_parameters_the_upstream_applies_are_passed_on_and_its_logprobs_come_back(
    node: RunningNode, servers: EchoServers
) -> None:
    client, messages = _client(node), [{"role": "user", "content": QUESTION}]
    before = _served_counts(servers)
    whole = client.chat.completions.create(model=MODEL, messages=messages, logprobs=True, top_logprobs=2, **PASSED_ON)
    expected = {**PASSED_ON, "logprobs": True, "top_logprobs": 2}
    forwarded = _forwarded(servers, before)
    assert {name: forwarded.get(name) for name in expected} == expected
    assert whole.choices[0].logprobs is not None and whole.choices[0].logprobs.content is not None
    tokens = [(t.token, t.logprob) for t in whole.choices[0].logprobs.content]
    assert tokens == [("Four ", -2.5), ("words ", -3.0), ("come ", -2.5), ("back.", -2.5)]
    streamed = client.chat.completions.create(model=MODEL, messages=messages, logprobs=True, stream=True)
    per_chunk = [c.choices[0].logprobs for c in streamed if c.choices and c.choices[0].delta.content]
    assert [p.content[0].token for p in per_chunk if p and p.content] == [t for t, _ in tokens]
    completion = client.completions.create(model=MODEL, prompt="one two three", logprobs=0, max_tokens=8)
    scored = completion.choices[0].logprobs
    assert scored is not None and scored.tokens == ["one ", "two ", "three"] and scored.text_offset == [0, 4, 8]
    plain = client.chat.completions.create(model=MODEL, messages=messages)  # control: none asked, none sent
    assert plain.choices[0].logprobs is None
    with pytest.raises(openai.BadRequestError) as refused:  # not passed on: its answer would not be text
        client.chat.completions.create(model=MODEL, messages=messages, tool_choice="auto")
    assert (refused.value.code, refused.value.param) == ("unsupported_parameter", "tool_choice")
    with pytest.raises(openai.BadRequestError) as malformed:
        client.chat.completions.create(model=MODEL, messages=messages, logit_bias={"not-a-token": 5})
    assert malformed.value.param == "logit_bias"


def test_completions_and_the_budget(node: RunningNode) -> None:
    answer = _client(node).completions.create(model=MODEL, prompt="one two three four five", max_tokens=3)
    assert answer.choices[0].text == "one two three "
    assert answer.choices[0].finish_reason == "length"
    assert answer.usage is not None and answer.usage.completion_tokens == 3


def test_a_stream_is_passed_on_as_it_comes_not_when_it_ends(deadline_node: RunningNode, servers: EchoServers) -> None:
    """Every replica sends two words and then nothing: the client has both words before the upstream
    ever finishes, and the deadline then ends the stream with an error event, not silently."""
    node = deadline_node
    for behaviour in servers.behaviours:
        behaviour.stall_after_words = 2
    received: list[str] = []
    with pytest.raises(openai.APIError) as failure:
        stream = _client(node).chat.completions.create(
            model=MODEL, messages=[{"role": "user", "content": "alpha beta gamma delta"}], stream=True
        )
        for chunk in stream:
            if chunk.choices and chunk.choices[0].delta.content:
                received.append(chunk.choices[0].delta.content)
    assert "".join(received) == "alpha beta "
    assert "deadline" in str(failure.value)
    forwarded = [servers.stats(i).last_body for i in range(3) if servers.stats(i).last_body.get("stream")]
    assert forwarded and forwarded[0]["stream_options"] == {"include_usage": True}  # the upstream's own counts
    assert all(r.in_flight == 0 for r in _engine(node).replicas)  # the stalled upstream request was closed


def test_a_client_gone_mid_stream_frees_the_replica_and_aborts_the_upstream_request(
    node: RunningNode, servers: EchoServers
) -> None:
    for behaviour in servers.behaviours:
        behaviour.stall_after_words = 1  # the first word at once, then an answer still being generated
    body = {"model": MODEL, "messages": [{"role": "user", "content": "one two three four five six"}], "stream": True}
    with httpx.stream(
        "POST", f"{node.url}/v1/chat/completions", json=body, headers={"authorization": f"Bearer {TOKEN}"}, timeout=30
    ) as response:
        # Held in a name: a line iterator dropped at `break` is closed at once, and closing it closes the connection
        # (httpcore's stream closes on GeneratorExit): the client would be gone before the checks below.
        lines = response.iter_lines()
        for line in lines:
            if '"content": "one' in line or '"content":"one' in line:
                break
        assert sum(servers.stats(i).running for i in range(3)) == 1  # the upstream still generating
        assert sum(r.in_flight for r in _engine(node).replicas) == 1  # and its slot still held
    # Long before the request's deadline would (TIMEOUT_S): leaving is what frees them.
    soon = TIMEOUT_S / 12
    wait_for(lambda: all(r.in_flight == 0 for r in _engine(node).replicas), "the replica's slot freed", soon)
    wait_for(lambda: sum(servers.stats(i).running for i in range(3)) == 0, "the upstream request aborted", soon)


def test_an_answer_closed_before_it_is_read_still_frees_its_replica(node: RunningNode) -> None:
    """A failure between `open()` and the first read (the audit log refusing, a client gone before the
    body began) closes an answer nobody started reading: its slot and its upstream request are freed."""
    engine = _engine(node)

    async def open_and_drop() -> int:
        deltas = await engine.open(Prompt("chat", (("user", "never read"),)), Sampling(max_tokens=4), "dropped")
        held = sum(r.in_flight for r in engine.replicas)
        await deltas.aclose()  # type: ignore[attr-defined]
        return held

    assert node.call(open_and_drop()) == 1
    assert all(r.in_flight == 0 for r in engine.replicas)


def test_a_replica_failing_before_the_first_token_is_skipped_and_probed_back(
    node: RunningNode, servers: EchoServers
) -> None:
    client = _client(node)
    prompts = [f"prefix {i}: hello there" for i in range(12)]
    for prompt in prompts:  # control: all replicas serve
        assert client.completions.create(model=MODEL, prompt=prompt, max_tokens=8).choices[0].text == prompt
    servers.behaviours[0].fail_status = 503
    servers.behaviours[1].break_after_words = 0  # a stream that breaks before its first word
    for prompt in prompts:
        stream = client.completions.create(model=MODEL, prompt=prompt, max_tokens=8, stream=True)
        assert "".join(chunk.choices[0].text for chunk in stream if chunk.choices) == prompt
    engine = _engine(node)
    down = {r.name: r.down for r in engine.replicas if r.down}
    assert set(down) == set(servers.urls[:2])
    health = httpx.get(f"{node.url}/healthz", timeout=5).json()
    assert health["status"] == "ok" and len(health["engine"]["problems"]) == 2
    assert not any("127.0.0.1" in problem for problem in health["engine"]["problems"])  # no internal address
    servers.behaviours[0].fail_status = None
    servers.behaviours[1].break_after_words = None
    _probe(node)
    assert all(r.healthy for r in engine.replicas)  # the recovered replicas probed back in


def test_a_500_is_tried_elsewhere_without_taking_the_replica_out(node: RunningNode, servers: EchoServers) -> None:
    """A 500 may be the request's own doing: one request must not empty the rotation for everyone."""
    servers.behaviours[0].fail_status = 500
    client = _client(node)
    for i in range(9):
        prompt = f"request {i} of many"
        assert client.completions.create(model=MODEL, prompt=prompt, max_tokens=8).choices[0].text == prompt
    assert all(r.healthy for r in _engine(node).replicas)
    for behaviour in servers.behaviours:
        behaviour.fail_status = 500
    with pytest.raises(openai.APIStatusError) as failure:
        client.completions.create(model=MODEL, prompt="anyone?", max_tokens=4)
    assert failure.value.status_code == 503 and "upstream 1: answered HTTP 500" in str(failure.value)
    assert all(r.healthy for r in _engine(node).replicas)


def test_a_replica_breaking_off_after_the_first_token_fails_the_request(
    node: RunningNode, servers: EchoServers
) -> None:
    """Text already sent cannot be taken back: no silent retry elsewhere, which would repeat it."""
    for behaviour in servers.behaviours:
        behaviour.break_after_words = 1
    client = _client(node)
    received = []
    with pytest.raises(openai.APIError) as failure:
        for chunk in client.completions.create(model=MODEL, prompt="one two three", max_tokens=8, stream=True):
            received.append(chunk.choices[0].text)
    assert "".join(received) == "one "
    assert "broke off" in str(failure.value)
    for behaviour in servers.behaviours[1:]:  # control: a whole answer is fetched whole, and fails over
        behaviour.break_after_words = None
    assert client.completions.create(model=MODEL, prompt="one two three", max_tokens=8).choices[0].text == (
        "one two three"
    )


def test_when_no_replica_serves_the_client_gets_503_with_the_reasons(node: RunningNode, servers: EchoServers) -> None:
    for behaviour in servers.behaviours:
        behaviour.fail_status = 502
    with pytest.raises(openai.APIStatusError) as failure:
        _client(node).completions.create(model=MODEL, prompt="anyone?", max_tokens=4)
    assert failure.value.status_code == 503
    assert failure.value.body["code"] == "engine_unavailable"  # type: ignore[index]
    assert "HTTP 502" in failure.value.body["message"]  # type: ignore[index]


def test_requests_sharing_a_prefix_stay_on_one_replica(node: RunningNode, servers: EchoServers) -> None:
    client = _client(node)
    # Longer than the affinity prefix (256 characters): the questions after them do not change the key.
    # Twelve of them: which replica a prefix ranks first depends on the replicas' addresses (ports drawn
    # at random), and all twelve ranking one replica first has a chance of 3 in 3^12 (six: 1 in 243).
    system_prompts = [f"You are assistant number {i}. " + "Answer with care. " * 20 for i in range(12)]
    before = [servers.stats(i).prefix_hits for i in range(3)]
    requests_before = sum(_served_counts(servers))
    for round_ in range(3):
        for system in system_prompts:
            client.chat.completions.create(
                model=MODEL,
                messages=[{"role": "system", "content": system}, {"role": "user", "content": f"question {round_}"}],
                max_tokens=4,
            )
    hits = sum(servers.stats(i).prefix_hits for i in range(3)) - sum(before)
    assert sum(_served_counts(servers)) - requests_before == 36
    assert hits == 24  # after each prefix's first request, every one found its replica's cache warm
    assert sum(1 for i in range(3) if servers.stats(i).prefix_hits > before[i]) >= 2  # and prefixes spread


def test_an_upstream_that_hangs_ends_in_504_and_nothing_is_left_open(
    deadline_node: RunningNode, servers: EchoServers
) -> None:
    node = deadline_node
    for behaviour in servers.behaviours:
        behaviour.hang = True
    client = _client(node)
    with pytest.raises(openai.APIStatusError) as failure:
        client.chat.completions.create(model=MODEL, messages=[{"role": "user", "content": "still there?"}])
    assert failure.value.status_code == 504 and failure.value.body["code"] == "deadline"  # type: ignore[index]
    with pytest.raises(openai.APIStatusError) as streamed:  # a stream too: its status, not an event
        client.chat.completions.create(model=MODEL, messages=[{"role": "user", "content": "still there?"}], stream=True)
    assert streamed.value.status_code == 504
    assert all(r.in_flight == 0 for r in _engine(node).replicas)


def test_the_upstreams_refusals_reach_the_client_as_openai_would_send_them(
    node: RunningNode, servers: EchoServers
) -> None:
    for behaviour in servers.behaviours:
        behaviour.context_length = 10
    client = _client(node)
    with pytest.raises(openai.BadRequestError) as failure:
        client.chat.completions.create(model=MODEL, messages=[{"role": "user", "content": "a b c"}], max_tokens=20)
    assert failure.value.body["code"] == "context_length_exceeded"  # type: ignore[index]
    assert failure.value.body["param"] == "messages"  # type: ignore[index]
    assert all(r.healthy for r in _engine(node).replicas)  # the request's fault, not the replicas'
    answer = client.chat.completions.create(model=MODEL, messages=[{"role": "user", "content": "a b c"}], max_tokens=5)
    assert answer.choices[0].message.content == "a b c"  # control: within the context it is served


def test_the_heartbeat_load_sums_the_replicas_in_rotation(node: RunningNode, servers: EchoServers) -> None:
    engine = _engine(node)
    assert engine.load().capacity == 24 and engine.load().healthy and not engine.load().problems
    servers.behaviours[2].healthy = False
    _probe(node)
    assert engine.load().capacity == 16  # the unhealthy replica's capacity withdrawn
    assert engine.load().problems == ("upstream 3: its health check answered HTTP 503",)
    for behaviour in servers.behaviours:
        behaviour.healthy = False
    _probe(node)
    assert httpx.get(f"{node.url}/healthz", timeout=5).status_code == 503  # the region degraded
    assert not engine.load().healthy and engine.load().capacity == 0


def test_an_openai_engine_without_upstreams_is_refused_with_the_fix(tmp_path: Path) -> None:
    policy = Path(__file__).parents[2] / "examples" / "policies" / "federation.yaml"
    path = tmp_path / "region.yaml"
    path.write_text(
        f"region: us-east\npolicy: {policy}\ntenants: [{{name: a, token_sha256: '{'0' * 64}'}}]\n"
        "engine: {kind: openai, model: m}\n",
        encoding="utf-8",
    )
    with pytest.raises(ConfigError, match=r"engine kind openai needs `upstreams:`"):
        load_region_config(path)
    path.write_text(path.read_text().replace("{kind: openai, model: m}", "{kind: openai, upstreams: [{url: x}]}"))
    with pytest.raises(ConfigError, match=r"engine.upstreams.0.url"):
        load_region_config(path)
    path.write_text(path.read_text().replace("url: x", "url: 'http://10.0.0.5:8000/v1'"))
    assert load_region_config(path).engine.upstreams[0].url == "http://10.0.0.5:8000/v1"  # control
