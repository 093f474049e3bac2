"""The region node side by side on one model (SmolLM2-135M-Instruct, embedded engine) in one run:
direct engine calls vs the region API serving locally vs offloaded through the coordinator.

Targets (issue 6): local serving >= 0.95 of the direct engine's throughput at 16 concurrent streams;
offload adds under 5 ms p50 to time to first token, PII detection aside (reported separately).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench._report import Figure, show
from fedinfer.launcher import Federation, FederationFile
from region_node.engines import Sampling
from region_node.engines.embedded import EmbeddedEngine
from region_node.engines.model_files import converted, packaged_smollm2

MODEL = "smollm2-135m-instruct"
PROMPT = "Write two sentences about the visit of Ingrid Choi to the clinic on March 3, 1985."
# For the time-to-first-token comparison the prompt holds no personal data, so the remote model sees the
# very text the local one does (a placeholder must be generated whole before it can be restored).
PLAIN = "Write two sentences about the sea."
CONCURRENCY = 16
MAX_TOKENS = 32


async def _direct(engine: EmbeddedEngine) -> tuple[float, list[float]]:
    prompt = engine.render_chat([("user", PROMPT)])

    async def one(i: int) -> tuple[int, float]:
        started, first, tokens = time.perf_counter(), 0.0, 0
        async for delta in engine.generate(prompt, Sampling(max_tokens=MAX_TOKENS, temperature=0.0), f"direct-{i}"):
            if not first and delta.text:
                first = time.perf_counter() - started
            tokens = delta.completion_tokens or tokens
        return tokens, first

    await asyncio.gather(*(one(i) for i in range(2)))  # warm up
    began = time.perf_counter()
    results = await asyncio.gather(*(one(i) for i in range(CONCURRENCY)))
    elapsed = time.perf_counter() - began
    return sum(t for t, _ in results) / elapsed, [f * 1000 for _, f in results]


async def _direct_run(model: Path) -> tuple[float, list[float]]:
    engine = EmbeddedEngine(MODEL, model, max_batch=CONCURRENCY, max_model_len=512)
    await engine.start()
    try:
        return await _direct(engine)
    finally:
        await engine.stop()


@dataclass(frozen=True, slots=True)
class Api:
    url: str
    token: str


async def _api(api: Api, count: int, offload: str, prompt: str = PROMPT) -> tuple[float, list[float]]:
    body = {
        "model": MODEL,
        "messages": [{"role": "user", "content": prompt}],
        "max_tokens": MAX_TOKENS,
        "temperature": 0,
        "stream": True,
        "stream_options": {"include_usage": True},
        "fedinfer": {"data_class": "personal", "offload": offload},
    }

    async def one(client: httpx.AsyncClient) -> tuple[int, float]:
        started, first, tokens = time.perf_counter(), 0.0, 0
        async with client.stream(
            "POST", f"{api.url}/v1/chat/completions", json=body, headers={"authorization": f"Bearer {api.token}"}
        ) as response:
            assert response.status_code == 200, await response.aread()
            async for line in response.aiter_lines():
                if not line.startswith("data: {"):
                    continue
                event = json.loads(line[6:])
                if not first and event["choices"] and event["choices"][0]["delta"].get("content"):
                    first = time.perf_counter() - started
                if event.get("usage"):
                    tokens = event["usage"]["completion_tokens"]
        return tokens, first

    async with httpx.AsyncClient(timeout=300, limits=httpx.Limits(max_connections=64)) as client:
        began = time.perf_counter()
        results = await asyncio.gather(*(one(client) for _ in range(count)))
        elapsed = time.perf_counter() - began
    return sum(t for t, _ in results) / elapsed, [f * 1000 for _, f in results]


async def _sequential_ttft(api: Api, offload: str, count: int) -> list[float]:
    timings = []
    for _ in range(count):
        _, first = await _api(api, 1, offload, PLAIN)
        timings.extend(first)
    return timings


def _metric_sums(url: str) -> dict[str, float]:
    sums = {}
    for line in httpx.get(f"{url}/metrics").text.splitlines():
        if line.startswith("fedinfer_pii_detection_seconds_"):
            name, value = line.split()
            sums[name] = float(value)
    return sums


def main() -> list[Figure]:
    model = converted(packaged_smollm2(), Path.home() / ".cache" / "fedinfer" / "models")
    # The same engine and model, three ways: called directly here; through eu-west's API; offloaded.
    direct_rate, direct_ttft = asyncio.run(_direct_run(model))
    with tempfile.TemporaryDirectory() as folder:
        spec = FederationFile(
            state_dir=Path(folder),
            policy=Path(__file__).resolve().parent.parent / "examples" / "policies" / "federation.yaml",
            engine={
                "kind": "embedded",
                "model": MODEL,
                "path": str(model),
                "max_batch": CONCURRENCY,
                "max_model_len": 512,
            },
            regions={
                region: {"limits": {"max_queue": 64}, "offload": {"worker_concurrency": CONCURRENCY}}
                for region in ("eu-west", "us-east")
            },
        )
        with Federation(spec) as federation:
            api = Api(federation.api_url("eu-west"), federation.token)
            asyncio.run(_api(api, 2, "never"))  # warm up both paths
            asyncio.run(_api(api, 2, "required"))
            local_rate, local_ttft = asyncio.run(_api(api, CONCURRENCY, "never"))
            offload_rate, offload_ttft = asyncio.run(_api(api, CONCURRENCY, "required"))
            local_single = asyncio.run(_sequential_ttft(api, "never", 15))
            before = _metric_sums(api.url)
            offload_single = asyncio.run(_sequential_ttft(api, "required", 15))
            after = _metric_sums(api.url)
    calls = after["fedinfer_pii_detection_seconds_count"] - before["fedinfer_pii_detection_seconds_count"]
    pii_ms = (after["fedinfer_pii_detection_seconds_sum"] - before["fedinfer_pii_detection_seconds_sum"]) / calls * 1000
    p50 = statistics.median
    overhead = p50(offload_single) - p50(local_single) - pii_ms
    ratio = local_rate / direct_rate
    return show(
        f"Region node: direct engine vs local API vs offloaded ({MODEL}, {CONCURRENCY} concurrent streams)",
        [
            Figure("direct engine tokens/s", direct_rate, "tokens/s"),
            Figure("region API (local) tokens/s", local_rate, "tokens/s"),
            Figure("offloaded through the coordinator tokens/s", offload_rate, "tokens/s"),
            Figure("local / direct throughput", ratio, "x", ">= 0.95", ratio >= 0.95),
            Figure("offloaded / direct throughput", offload_rate / direct_rate, "x"),
            Figure("TTFT p50 at 16 streams: direct", p50(direct_ttft), "ms"),
            Figure("TTFT p50 at 16 streams: local API", p50(local_ttft), "ms"),
            Figure("TTFT p50 at 16 streams: offloaded", p50(offload_ttft), "ms"),
            Figure("TTFT p50, one request at a time: local API", p50(local_single), "ms"),
            Figure("TTFT p50, one request at a time: offloaded", p50(offload_single), "ms"),
            Figure("PII detection in the node, mean (reported apart)", pii_ms, "ms"),
            Figure("offload overhead on TTFT p50, PII detection aside", overhead, "ms", "< 5", overhead < 5),
        ],
    )


if __name__ == "__main__":
    main()
