"""A retried request with an `Idempotency-Key` is answered once: the `openai` SDK's own retries after a
timeout, concurrent attempts, a reused key, a transient refusal, and the controls without a key."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import openai
import pytest
from prometheus_client.parser import text_string_to_metric_families

import audit
from region_node.app import build_engine
from region_node.config import hash_token
from region_node.engines import Delta, Engine, Load, Prompt, Sampling
from region_node.idempotency import Ledger, Outcome
from tests.openai_schema import check
from tests.region_node.harness import AUDITOR_TOKEN, TOKEN, RunningNode, region_config

M = "smollm2-135m-instruct"
OTHER_TOKEN = "test-token-clinic-b"
MSG = [{"role": "user", "content": "Count to three."}]


class Gated:
    """The real engine, counting the answers it begins; while `gate` is closed, an answer waits for it
    (a slow first attempt the test controls)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.model_name = engine.model_name
        self.honours = engine.honours
        self.opened = 0
        self.waiting = threading.Event()
        self.gate = threading.Event()
        self.gate.set()

    async def start(self) -> None:
        await self.engine.start()

    async def stop(self) -> None:
        await self.engine.stop()

    def load(self) -> Load:
        return self.engine.load()

    async def open(self, prompt: Prompt, sampling: Sampling, request_id: str) -> AsyncIterator[Delta]:
        self.opened += 1
        if not self.gate.is_set():
            self.waiting.set()
            await asyncio.to_thread(self.gate.wait, 30)
        return await self.engine.open(prompt, sampling, request_id)


@pytest.fixture(scope="module")
def gated(tiny_llama: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[RunningNode, Gated]]:
    tenants = [
        {"name": "clinic-a", "token_sha256": hash_token(TOKEN), "roles": ["inference"]},
        {"name": "clinic-b", "token_sha256": hash_token(OTHER_TOKEN), "roles": ["inference"]},
        {"name": "dpo", "token_sha256": hash_token(AUDITOR_TOKEN), "roles": ["audit"]},
    ]
    config = region_config(tmp_path_factory.mktemp("eu-west"), "eu-west", tiny_llama, tenants=tenants)
    engine = Gated(build_engine(config))
    with RunningNode(config, engine) as running:
        yield running, engine


def _post(node: RunningNode, body: dict[str, object], key: str | None, token: str = TOKEN) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"}
    if key is not None:
        headers["idempotency-key"] = key
    return httpx.post(f"{node.url}/v1/chat/completions", json=body, headers=headers, timeout=60)


def _replays(node: RunningNode) -> float:
    families = text_string_to_metric_families(httpx.get(f"{node.url}/metrics").text)
    return next(s.value for f in families for s in f.samples if s.name == "fedinfer_idempotent_replays_total")


def _received(node: RunningNode) -> list[str]:
    """The job ids this node has recorded as received."""
    assert node.node is not None
    node.call(node.node.audit.flush())
    store = audit.AuditStore(node.config.audit.url)
    try:
        events = store.query(audit.EventFilter(kind="received"), limit=10_000).events
    finally:
        store.dispose()
    return [e["job_id"] for e in events]


def _release_once_waited_on(engine: Gated, seconds: float) -> None:
    """Opens the gate `seconds` after an answer began to wait at it (a timer started before the request
    opened it early on a busy machine, where the SDK took longer than that to send its first attempt)."""
    engine.waiting.wait(30)
    time.sleep(seconds)
    engine.gate.set()


def test_the_sdk_retrying_after_a_timeout_gets_the_first_attempts_answer_and_no_second_job(
    gated: tuple[RunningNode, Gated],
) -> None:
    node, engine = gated

    def ask(key: str | None) -> tuple[str, int]:
        jobs, opened = len(_received(node)), engine.opened
        engine.gate.clear()
        engine.waiting.clear()
        releaser = threading.Thread(target=_release_once_waited_on, args=(engine, 1.6))
        releaser.start()  # the first attempt outlives the SDK's 1 s timeout, however long the client took to send it
        headers = {"Idempotency-Key": key} if key else None
        with openai.OpenAI(base_url=f"{node.url}/v1", api_key=TOKEN, timeout=1.0, max_retries=3) as client:
            raw = client.chat.completions.with_raw_response.create(
                model=M, messages=MSG, max_tokens=4, temperature=0, extra_headers=headers
            )
        releaser.join()
        assert int(raw.http_request.headers["x-stainless-retry-count"]) >= 1  # the SDK did retry
        completion = raw.parse()
        assert completion.choices[0].message.content
        return completion.id, (len(_received(node)) - jobs) * 100 + (engine.opened - opened)

    _, with_key = ask(str(uuid.uuid4()))
    assert with_key == 101  # one job received, one answer begun: the retry got the first attempt's
    _, without = ask(None)  # control: the same retry without a key is a second job
    assert without >= 202


def test_a_concurrent_retry_waits_for_the_first_attempt_and_gets_its_answer_byte_for_byte(
    gated: tuple[RunningNode, Gated],
) -> None:
    node, engine = gated
    key, body = str(uuid.uuid4()), {"model": M, "messages": MSG, "max_tokens": 4, "temperature": 0}
    engine.gate.clear()
    engine.waiting.clear()
    opened, replays = engine.opened, _replays(node)
    with ThreadPoolExecutor(2) as pool:
        first = pool.submit(_post, node, body, key)
        assert engine.waiting.wait(30)
        retry = pool.submit(_post, node, body, key)
        engine.gate.set()
        answers = first.result(), retry.result()
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].content == answers[1].content  # the same completion id, text and usage
    assert answers[1].headers["idempotent-replayed"] == "true" and "idempotent-replayed" not in answers[0].headers
    assert answers[0].headers["x-fedinfer-job-id"] == answers[1].headers["x-fedinfer-job-id"]
    assert engine.opened == opened + 1
    later = _post(node, body, key)  # after it finished: replayed at once
    assert later.content == answers[0].content and later.headers["idempotent-replayed"] == "true"
    assert _received(node).count(answers[0].headers["x-fedinfer-job-id"]) == 1
    assert _replays(node) == replays + 2


def test_a_key_reused_for_another_request_is_refused_and_never_answered_with_the_first(
    gated: tuple[RunningNode, Gated],
) -> None:
    node, _ = gated
    key = str(uuid.uuid4())
    first = _post(node, {"model": M, "messages": MSG, "max_tokens": 3}, key)
    assert first.status_code == 200
    other = _post(node, {"model": M, "messages": [{"role": "user", "content": "Something else."}]}, key)
    assert other.status_code == 422
    check("ErrorResponse", other.json())
    assert other.json()["error"]["code"] == "idempotency_key_reused"
    assert other.headers["x-should-retry"] == "false"
    fresh = _post(node, {"model": M, "messages": [{"role": "user", "content": "Something else."}]}, str(uuid.uuid4()))
    assert fresh.status_code == 200 and "idempotent-replayed" not in fresh.headers  # control: a new key


def test_a_stream_is_replayed_whole_and_a_key_is_scoped_to_its_caller(gated: tuple[RunningNode, Gated]) -> None:
    node, _ = gated
    key, body = str(uuid.uuid4()), {"model": M, "messages": MSG, "max_tokens": 4, "stream": True}
    first, again = _post(node, body, key), _post(node, body, key)
    assert first.status_code == again.status_code == 200
    assert first.text.endswith("data: [DONE]\n\n") and again.text == first.text
    assert again.headers["content-type"].startswith("text/event-stream")
    other = _post(node, body, key, token=OTHER_TOKEN)  # another tenant, the same key: its own answer
    assert other.status_code == 200 and "idempotent-replayed" not in other.headers
    assert other.headers["x-fedinfer-job-id"] != first.headers["x-fedinfer-job-id"]
    unknown = _post(node, body, key, token="not-a-tenant")  # no tenant: refused, and nothing kept for it
    assert unknown.status_code == 401 and "idempotent-replayed" not in unknown.headers


def test_a_transient_refusal_is_not_kept_the_retry_is_a_new_attempt(tiny_llama: Path, tmp_path: Path) -> None:
    config = region_config(tmp_path, "us-east", tiny_llama, limits={"max_queue": 0})
    with RunningNode(config) as busy:
        key, body = str(uuid.uuid4()), {"model": M, "messages": MSG}
        answers = [_post(busy, body, key) for _ in range(2)]
    assert [a.status_code for a in answers] == [429, 429]
    assert "idempotent-replayed" not in answers[1].headers  # tried again, not replayed
    assert answers[0].headers["x-fedinfer-job-id"] != answers[1].headers["x-fedinfer-job-id"]


def test_a_key_that_is_not_a_header_value_a_client_could_mean_is_refused(gated: tuple[RunningNode, Gated]) -> None:
    node, _ = gated
    refused = _post(node, {"model": M, "messages": MSG, "max_tokens": 2}, "k" * 256)
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "invalid_idempotency_key"
    check("ErrorResponse", refused.json())
    assert _post(node, {"model": M, "messages": MSG, "max_tokens": 2}, "k" * 255).status_code == 200


def test_the_ledger_forgets_what_expired_and_the_oldest_finished_when_full_never_a_running_one() -> None:
    ledger = Ledger(ttl_s=10, max_entries=2)
    done = Outcome(200, (), b"{}")
    assert ledger.claim("c", "a", "f", now=0).action == "run"
    ledger.settle("c", "a", done)
    assert ledger.claim("c", "a", "f", now=5).action == "replay"
    assert ledger.claim("c", "a", "f", now=10).action == "run"  # expired: a new attempt
    assert ledger.claim("c", "b", "f", now=11).action == "run"  # both running now: full
    waiting = ledger.claim("c", "b", "f", now=11)
    assert ledger.claim("c", "d", "f", now=12).action == "run"  # runs, but unrecorded: nothing was evicted
    assert len(ledger) == 2 and ledger.claim("c", "b", "f", now=12).action == "wait"
    ledger.settle("c", "b", done)
    assert waiting.done is not None and waiting.done.is_set()
    assert ledger.claim("c", "e", "f", now=13).action == "run"  # full again: the finished "b" went, not "a"
    assert ledger.claim("c", "a", "f", now=13).action == "wait"
    transient = Outcome(503, ((b"retry-after", b"2"),), b"{}")
    ledger.settle("c", "a", transient)
    assert ledger.claim("c", "a", "f", now=14).action == "run"
    failed_stream = Outcome(
        200, ((b"content-type", b"text/event-stream"),), b'data: {"x": 1}\n\ndata: {"error": {}}\n\n'
    )
    assert not failed_stream.final  # a stream that ended in an error event is not kept for a retry
