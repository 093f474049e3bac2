"""The region API through the official `openai` SDK, served locally by a real engine on a tiny model."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import openai
import pytest
from prometheus_client.parser import text_string_to_metric_families

import audit
from tests.openai_schema import check
from tests.region_node.harness import AUDITOR_TOKEN, TOKEN, RunningNode, region_config

CANARY = "Zbigniew Canaryson"


@pytest.fixture(scope="module")
def node(tiny_llama: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningNode]:
    config = region_config(tmp_path_factory.mktemp("eu-west"), "eu-west", tiny_llama)
    with RunningNode(config) as running:
        yield running


@pytest.fixture(scope="module")
def client(node: RunningNode) -> Iterator[openai.OpenAI]:
    with openai.OpenAI(base_url=f"{node.url}/v1", api_key=TOKEN, max_retries=0) as opened:
        yield opened


def test_chat_completion_served_locally(client: openai.OpenAI) -> None:
    raw = client.chat.completions.with_raw_response.create(
        model="smollm2-135m-instruct",
        messages=[{"role": "user", "content": f"Summarise the visit of {CANARY}."}],
        max_tokens=8,
        temperature=0,
        extra_body={"fedinfer": {"data_class": "personal"}},
    )
    assert raw.headers["x-fedinfer-served-by"] == "eu-west"
    job_id = raw.headers["x-fedinfer-job-id"]
    body = json.loads(raw.text)
    check("CreateChatCompletionResponse", body)
    completion = raw.parse()
    assert completion.choices[0].finish_reason in ("length", "stop")
    assert completion.usage is not None and 0 < completion.usage.completion_tokens <= 8
    assert completion.id == f"chatcmpl-{job_id}"


def test_greedy_answers_are_reproducible(client: openai.OpenAI) -> None:
    ask = {
        "model": "smollm2-135m-instruct",
        "messages": [{"role": "user", "content": "Hello"}],
        "max_tokens": 6,
        "temperature": 0,
    }
    first = client.chat.completions.create(**ask).choices[0].message.content  # type: ignore[call-overload]
    second = client.chat.completions.create(**ask).choices[0].message.content  # type: ignore[call-overload]
    assert first == second and first


def test_streaming_chat(client: openai.OpenAI, node: RunningNode) -> None:
    stream = client.chat.completions.create(
        model="smollm2-135m-instruct",
        messages=[{"role": "user", "content": "Count to five."}],
        max_tokens=10,
        temperature=0,
        stream=True,
        stream_options={"include_usage": True},
    )
    chunks = list(stream)
    assert chunks[0].choices[0].delta.role == "assistant"
    finishes = [c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason]
    assert finishes == ["length"]
    assert chunks[-1].usage is not None and chunks[-1].usage.completion_tokens == 10
    # Every raw event validates against OpenAI's stream schema.
    with httpx.stream(
        "POST",
        f"{node.url}/v1/chat/completions",
        headers={"authorization": f"Bearer {TOKEN}"},
        json={
            "model": "smollm2-135m-instruct",
            "messages": [{"role": "user", "content": "Hi"}],
            "max_tokens": 4,
            "stream": True,
        },
    ) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        events = [line[6:] for line in response.iter_lines() if line.startswith("data: ")]
    assert events[-1] == "[DONE]"
    for event in events[:-1]:
        check("CreateChatCompletionStreamResponse", json.loads(event))


def test_a_streamed_completion_ends_with_its_usage_when_asked_and_only_then(client: openai.OpenAI) -> None:
    asked = list(
        client.completions.create(
            model=M,
            prompt="Once upon a time",
            max_tokens=5,
            temperature=0,
            stream=True,
            stream_options={"include_usage": True},
        )
    )
    assert asked[-1].choices == [] and asked[-1].usage is not None
    assert (asked[-1].usage.completion_tokens, asked[-1].usage.total_tokens > 5) == (5, True)
    assert [c.choices[0].finish_reason for c in asked if c.choices and c.choices[0].finish_reason] == ["length"]
    plain = list(client.completions.create(model=M, prompt="Once upon a time", max_tokens=5, stream=True))
    assert all(c.usage is None for c in plain) and plain[-1].choices  # control: no usage chunk unasked


def test_completions_and_models(client: openai.OpenAI) -> None:
    raw = client.completions.with_raw_response.create(model=M, prompt="Once upon a time", max_tokens=5, temperature=0)
    check("CreateCompletionResponse", json.loads(raw.text))
    assert raw.parse().choices[0].finish_reason == "length"
    models = client.models.list()
    assert "smollm2-135m-instruct" in [m.id for m in models.data]
    check("ListModelsResponse", models.model_dump())
    one = client.models.retrieve(M)  # the SDK's models.retrieve: GET /v1/models/{id}
    assert one.id == M
    check("Model", one.model_dump())
    with pytest.raises(openai.NotFoundError) as missing:
        client.models.retrieve("gpt-9")
    assert missing.value.body["code"] == "model_not_found"  # type: ignore[index]
    assert "model 'gpt-9' is not available: it is not served here" in missing.value.body["message"]  # type: ignore[index]


def _post(
    node: RunningNode, body: object, token: str | None = TOKEN, path: str = "/v1/chat/completions"
) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    return httpx.post(
        f"{node.url}{path}", content=content, headers={**headers, "content-type": "application/json"}, timeout=60
    )


MSG = [{"role": "user", "content": "hi"}]
M = "smollm2-135m-instruct"


@pytest.mark.parametrize(
    ("body", "token", "status", "fragment"),
    [
        ({"model": M, "messages": MSG}, None, 401, "missing bearer token"),
        ({"model": M, "messages": MSG}, "wrong", 401, "unknown bearer token"),
        (b"{not json", TOKEN, 400, "not valid JSON"),
        ({"model": M}, TOKEN, 400, "messages: Field required"),
        ({"model": M, "messages": MSG, "n": 2}, TOKEN, 400, "only n=1 is supported"),
        ({"model": M, "messages": MSG, "temperature": "hot"}, TOKEN, 400, "temperature"),
        (
            {"model": M, "messages": MSG, "fedinfer": {"data_class": "secret"}},
            TOKEN,
            400,
            "data class 'secret' is not one this federation knows",
        ),
        ({"model": M, "messages": MSG, "fedinfer": {"dataclass": "personal"}}, TOKEN, 400, "fedinfer.dataclass"),
        ({"model": M, "messages": MSG, "max_tokens": 100000}, TOKEN, 400, "over this region's cap"),
        ({"model": "gpt-x", "messages": MSG}, TOKEN, 404, "model 'gpt-x' is not served here"),
        (
            {"model": M, "messages": [{"role": "user", "content": "x" * 40_000}]},
            TOKEN,
            413,
            "this region accepts at most 32000",
        ),
        (
            {"model": M, "messages": MSG, "fedinfer": {"data_class": "personal", "purpose": "marketing"}},
            TOKEN,
            403,
            "denied by policy: rule 'no-marketing-of-personal-data'",
        ),
        (  # a purpose the policy does not declare would silently slip past the deny above
            {"model": M, "messages": MSG, "fedinfer": {"data_class": "personal", "purpose": "Marketing"}},
            TOKEN,
            400,
            "purpose 'Marketing' is not one this federation's policy declares",
        ),
        (
            {"model": M, "messages": MSG, "fedinfer": {"offload": "required", "data_class": "sensitive"}},
            TOKEN,
            403,
            "offload was required but the policy keeps this data here",
        ),
        ({"model": M, "messages": MSG}, AUDITOR_TOKEN, 403, "needs role 'inference'"),
    ],
    ids=[
        "no-token",
        "bad-token",
        "malformed-json",
        "missing-messages",
        "n-2",
        "wrong-type",
        "unknown-data-class",
        "unknown-fedinfer-field",
        "max-tokens-cap",
        "unknown-model",
        "too-large",
        "policy-denied",
        "undeclared-purpose",
        "offload-required",
        "wrong-role",
    ],
)
def test_errors_are_openai_shaped_with_the_right_status(
    node: RunningNode, body: object, token: str | None, status: int, fragment: str
) -> None:
    response = _post(node, body, token)
    assert response.status_code == status, response.text
    payload = response.json()
    check("ErrorResponse", payload)
    assert fragment in payload["error"]["message"]
    assert response.headers["x-should-retry"] == "false"  # the same request would be refused again


def test_offload_required_without_a_federation_is_503(node: RunningNode) -> None:
    response = _post(node, {"model": M, "messages": MSG, "fedinfer": {"offload": "required", "data_class": "personal"}})
    assert response.status_code == 503
    assert "no allowed region can serve this request" in response.json()["error"]["message"]
    assert response.headers["x-should-retry"] == "false"  # this node has no federation to offload to


def test_queue_full_is_429(tiny_llama: Path, tmp_path: Path) -> None:
    config = region_config(tmp_path, "us-east", tiny_llama, limits={"max_queue": 0})
    with RunningNode(config) as busy:
        response = _post(busy, {"model": M, "messages": MSG})
    assert response.status_code == 429
    assert response.json()["error"]["type"] == "rate_limit_error"
    assert "x-should-retry" not in response.headers  # a queue that is full now may have room later


def test_deadline_is_504(tiny_llama: Path, tmp_path: Path) -> None:
    config = region_config(tmp_path, "us-east", tiny_llama, limits={"request_timeout_s": 0.001})
    with RunningNode(config) as slow:
        response = _post(slow, {"model": M, "messages": MSG, "max_tokens": 50})
    assert response.status_code == 504
    check("ErrorResponse", response.json())


def _requests(node: RunningNode, route: str, status: int) -> float:
    """How many requests `fedinfer_requests_total` has counted for `route` with `status`."""
    families = text_string_to_metric_families(httpx.get(f"{node.url}/metrics").text)
    labels = {"route": route, "status": str(status)}
    return next((s.value for f in families for s in f.samples if s.name == f.name + "_total" and s.labels == labels), 0)


def test_every_request_is_counted_by_route_and_the_status_sent(node: RunningNode, client: openai.OpenAI) -> None:
    chat = "/v1/chat/completions"
    before = {status: _requests(node, chat, status) for status in (200, 403)}
    unmatched = _requests(node, "unmatched", 404)
    client.chat.completions.create(model=M, messages=[{"role": "user", "content": "hi"}], max_tokens=2)
    streamed = client.chat.completions.create(
        model=M, messages=[{"role": "user", "content": "hi"}], max_tokens=2, stream=True
    )
    assert list(streamed)
    refused = _post(node, {"model": M, "messages": MSG, "fedinfer": {"data_class": "personal", "purpose": "marketing"}})
    assert refused.status_code == 403
    assert httpx.get(f"{node.url}/v1/nothing-here").status_code == 404
    assert _requests(node, chat, 200) == before[200] + 2  # a whole answer and a stream
    assert _requests(node, chat, 403) == before[403] + 1
    assert _requests(node, "unmatched", 404) == unmatched + 1  # not one series per path a scanner tries


def test_health_metrics_and_audit_endpoints(node: RunningNode, client: openai.OpenAI) -> None:
    assert httpx.get(f"{node.url}/healthz").json()["status"] == "ok"
    client.chat.completions.create(model=M, messages=[{"role": "user", "content": f"Note for {CANARY}"}], max_tokens=2)
    metrics = httpx.get(f"{node.url}/metrics").text
    assert 'fedinfer_served_total{where="local"}' in metrics
    assert node.node is not None
    node.call(node.node.audit.flush())
    forbidden = httpx.get(f"{node.url}/v1/audit/events", headers={"authorization": f"Bearer {TOKEN}"})
    assert forbidden.status_code == 403
    events = httpx.get(
        f"{node.url}/v1/audit/events",
        params={"kind": "served_local", "limit": 1000},
        headers={"authorization": f"Bearer {AUDITOR_TOKEN}"},
    ).json()["data"]
    assert events and all(e["region"] == "eu-west" and e["target_region"] == "eu-west" for e in events)
    store = audit.AuditStore(node.config.audit.url)
    assert CANARY not in json.dumps(store.query(audit.EventFilter(), limit=1000).events)
    store.dispose()


def test_the_region_serves_the_audit_explorer_to_its_auditors_only(node: RunningNode, client: openai.OpenAI) -> None:
    client.chat.completions.create(model=M, messages=[{"role": "user", "content": f"Note for {CANARY}"}], max_tokens=2)
    assert node.node is not None
    node.call(node.node.audit.flush())
    with httpx.Client(base_url=node.url) as browser:
        refused = browser.post("/audit/login", data={"token": TOKEN})  # an inference-only tenant
        assert refused.status_code == 401 and "audit role" in refused.text
        assert browser.post("/audit/login", data={"token": AUDITOR_TOKEN}).status_code == 303
        page = browser.get("/audit", params={"kind": "served_local"})
        assert page.status_code == 200 and "region eu-west" in page.text and "served_local" in page.text
        assert CANARY not in page.text  # metadata only
        chains = browser.get("/audit/chains").text
        assert "eu-west/" in chains and "signatures unchecked" in chains  # this node holds no key here


def test_an_error_names_the_job_it_ended_so_the_client_can_trace_it(node: RunningNode) -> None:
    denied = _post(node, {"model": M, "messages": MSG, "fedinfer": {"data_class": "personal", "purpose": "marketing"}})
    assert denied.status_code == 403
    job_id = denied.headers["x-fedinfer-job-id"]
    assert node.node is not None
    node.call(node.node.audit.flush())
    events = httpx.get(
        f"{node.url}/v1/audit/events",
        params={"job_id": job_id},
        headers={"authorization": f"Bearer {AUDITOR_TOKEN}"},
    ).json()["data"]
    assert [e["kind"] for e in events] == ["received", "egress_denied"]
    unauthenticated = _post(node, {"model": M, "messages": MSG}, token=None)  # control: no job was made
    assert "x-fedinfer-job-id" not in unauthenticated.headers
