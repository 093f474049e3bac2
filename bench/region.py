"""The region node side by side on one model (SmolLM2-135M-Instruct, embedded engine) in one run:
direct engine calls vs the region API serving locally vs offloaded through the coordinator.

Targets (issue 6): local serving >= 0.95 of the direct engine's throughput at 16 concurrent streams;
offload adds under 5 ms p50 to time to first token, PII detection aside (reported separately).

How, on a shared 2-core machine: every way runs while the same local federation is up; direct and
local-API throughput rounds alternate and their ratio is the median of paired rounds; the offload
overhead is the median, over back-to-back pairs, of (eu-west offloading to us-east) minus (us-east
serving the same request itself): the engine that runs the job is the same on both sides of the pair.
One more figure shows the direct engine when the streams arrive a few ms apart, as they reach an API:
joining a running batch costs the continuous batcher steps (left-padded rows), API or not.
The HTTP client is created once, as an application's is, and parses only the events it times: it
shares the two cores with the node it measures.
"""

from __future__ import annotations

import asyncio
import functools
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


Rate = tuple[float, list[float]]
"""Tokens/s of a round, and each stream's time to its first token in ms."""


async def _direct(engine: EmbeddedEngine, spread_s: float = 0.0) -> Rate:
    """All streams at once, or the i-th one `spread_s * i` late (as requests reach an API one by one)."""
    prompt = engine.render_chat([("user", PROMPT)])

    async def one(i: int) -> tuple[int, float]:
        await asyncio.sleep(spread_s * i)
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


@dataclass(frozen=True, slots=True)
class Api:
    url: str
    token: str


async def _api(client: httpx.AsyncClient, api: Api, count: int, offload: str, prompt: str = PROMPT) -> Rate:
    body = {
        "model": MODEL,
        "messages": [{"role": "user", "content": prompt}],
        "max_tokens": MAX_TOKENS,
        "temperature": 0,
        "stream": True,
        "stream_options": {"include_usage": True},
        "fedinfer": {"data_class": "personal", "offload": offload},
    }

    async def one() -> tuple[int, float]:
        started, first, tokens = time.perf_counter(), 0.0, 0
        async with client.stream(
            "POST", f"{api.url}/v1/chat/completions", json=body, headers={"authorization": f"Bearer {api.token}"}
        ) as response:
            assert response.status_code == 200, await response.aread()
            # The client shares the machine with the node it measures, so it parses only the two
            # events it times: the first one with text, and the usage at the end.
            async for line in response.aiter_lines():
                if not first and '"content": "' in line and '"content": ""' not in line:
                    first = time.perf_counter() - started
                elif line.startswith("data: {") and '"usage": {' in line:
                    tokens = json.loads(line[6:])["usage"]["completion_tokens"]
        return tokens, first

    began = time.perf_counter()
    results = await asyncio.gather(*(one() for _ in range(count)))
    elapsed = time.perf_counter() - began
    return sum(t for t, _ in results) / elapsed, [f * 1000 for _, f in results]


async def _sequential_ttft(client: httpx.AsyncClient, api: Api, offload: str, count: int) -> list[float]:
    timings = []
    for _ in range(count):
        _, first = await _api(client, api, 1, offload, PLAIN)
        timings.extend(first)
    return timings


MEASURED = (
    "fedinfer_pii_detection_seconds_",
    "fedinfer_offload_setup_seconds_",
    "fedinfer_time_to_first_token_",
    "fedinfer_offload_overhead_seconds_",
)


def _metric_sums(url: str) -> dict[str, float]:
    """The sums, counts and buckets of the node's histograms this benchmark reads, by name with labels."""
    sums = {}
    for line in httpx.get(f"{url}/metrics").text.splitlines():
        if line.startswith(MEASURED):
            name, value = line.rsplit(" ", 1)
            sums[name] = float(value)
    return sums


def _quantile_ms(before: dict[str, float], after: dict[str, float], histogram: str, q: float) -> float:
    """The q-quantile, in ms, of what `histogram` observed between two readings, estimated from its
    buckets as Prometheus's histogram_quantile does (linear within the bucket that holds it)."""
    prefix = f'{histogram}_bucket{{le="'
    bounds = sorted(
        (float(name[len(prefix) : -2]), after[name] - before.get(name, 0.0))
        for name in after
        if name.startswith(prefix) and not name.endswith('"+Inf"}')
    )
    total = after[f"{histogram}_count"] - before.get(f"{histogram}_count", 0.0)
    if not total:
        return float("nan")  # nothing observed: no figure, and no target met by default
    rank, lower, below = q * total, 0.0, 0.0
    for upper, cumulative in bounds:
        if cumulative >= rank:
            return (lower + (upper - lower) * (rank - below) / max(cumulative - below, 1e-9)) * 1000
        lower, below = upper, cumulative
    return lower * 1000


def _mean_ms(before: dict[str, float], after: dict[str, float], histogram: str) -> float:
    """The mean, in ms, of what `histogram` (name plus labels) observed between two readings."""
    name, brace, labels = histogram.partition("{")
    sum_name, count_name = f"{name}_sum{brace}{labels}", f"{name}_count{brace}{labels}"
    count = after[count_name] - before.get(count_name, 0.0)
    return (after[sum_name] - before.get(sum_name, 0.0)) / count * 1000


ROUNDS = 5
"""Throughput rounds, direct and local API alternating, so drift on a shared machine hits both alike."""
PAIRS = 60
"""Time-to-first-token triples (eu-west local, us-east local, offloaded eu-west -> us-east), interleaved.
Sixty: single offloads' overheads spread over several ms, and with 30-40 of them separate runs on one
machine gave p50s from 4.3 to 5.0 ms."""


Timings = tuple[list[float], list[float], list[float], list[float]]


def _rates(runner: asyncio.Runner, direct: EmbeddedEngine, client: httpx.AsyncClient, api: Api) -> Timings:
    """Tokens/s and TTFTs of the direct engine and of the local API, round by round."""
    direct_rates, local_rates, direct_ttft, local_ttft = [], [], [], []
    for _ in range(ROUNDS):
        rate, ttft = runner.run(_direct(direct))
        direct_rates.append(rate)
        direct_ttft += ttft
        rate, ttft = runner.run(_api(client, api, CONCURRENCY, "never"))
        local_rates.append(rate)
        local_ttft += ttft
    return direct_rates, local_rates, direct_ttft, local_ttft


SPREAD_S = 0.003


def main() -> list[Figure]:
    model = converted(packaged_smollm2(), Path.home() / ".cache" / "fedinfer" / "models")
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
        # The same engine and model, three ways, all while the federation runs (so every way
        # shares the machine with the same idle services): called directly in this process;
        # through eu-west's API; offloaded from eu-west to us-east through the coordinator.
        with Federation(spec) as federation, asyncio.Runner() as runner:  # one loop: the direct engine lives in it
            # One HTTP client for every round, as an application keeps one (its set-up is not serving).
            client = httpx.AsyncClient(timeout=300, limits=httpx.Limits(max_connections=64, keepalive_expiry=2.0))
            origin = Api(federation.api_url("eu-west"), federation.token)
            executor = Api(federation.api_url("us-east"), federation.token)
            direct = EmbeddedEngine(MODEL, model, max_batch=CONCURRENCY, max_model_len=512)
            runner.run(direct.start())
            try:
                for api, offload in ((origin, "never"), (origin, "required"), (executor, "never")):
                    runner.run(_api(client, api, 2, offload))  # warm up every path
                direct_rates, local_rates, direct_ttft, local_ttft = _rates(runner, direct, client, origin)
                spread_rate, _ = runner.run(_direct(direct, SPREAD_S))
            finally:
                runner.run(direct.stop())
            offload_rate, offload_ttft = runner.run(_api(client, origin, CONCURRENCY, "required"))
            before = {api.url: _metric_sums(api.url) for api in (origin, executor)}
            origin_local, executor_local, offloaded = [], [], []
            for _ in range(PAIRS):
                origin_local += runner.run(_sequential_ttft(client, origin, "never", 1))
                executor_local += runner.run(_sequential_ttft(client, executor, "never", 1))
                offloaded += runner.run(_sequential_ttft(client, origin, "required", 1))
            after = {api.url: _metric_sums(api.url) for api in (origin, executor)}
            runner.run(client.aclose())
    at_origin = functools.partial(_mean_ms, before[origin.url], after[origin.url])
    pii_ms = at_origin("fedinfer_pii_detection_seconds")
    setup_ms = at_origin("fedinfer_offload_setup_seconds")
    # What the federation adds, measured on the offloaded requests themselves: the origin's time from
    # the decision to the first restored token, less the executing engine's own time to its first
    # token, less PII detection (reported apart).
    origin_ttft = at_origin('fedinfer_time_to_first_token_seconds{where="offloaded"}')
    engine_ttft = _mean_ms(
        before[executor.url], after[executor.url], 'fedinfer_time_to_first_token_seconds{where="executed"}'
    )
    overhead = origin_ttft - engine_ttft - pii_ms
    # The same per request (the first chunk carries the executing engine's own time to it), as a p50.
    overhead_p50 = _quantile_ms(before[origin.url], after[origin.url], "fedinfer_offload_overhead_seconds", 0.5)
    p50 = statistics.median
    # The same, as a client sees it: back-to-back pairs of us-east serving a request itself and
    # eu-west sending it there. Engine timing on a shared machine moves this one by several ms.
    paired = p50([o - e for o, e in zip(offloaded, executor_local, strict=True)]) - pii_ms
    direct_rate, local_rate = p50(direct_rates), p50(local_rates)
    ratio = p50([local / direct for local, direct in zip(local_rates, direct_rates, strict=True)])
    return show(
        f"Region node: direct engine vs local API vs offloaded ({MODEL}, {CONCURRENCY} concurrent streams)",
        [
            Figure(f"direct engine tokens/s (median of {ROUNDS})", direct_rate, "tokens/s"),
            Figure(f"region API (local) tokens/s (median of {ROUNDS})", local_rate, "tokens/s"),
            Figure(f"direct engine tokens/s, streams arriving {SPREAD_S * 1000:.0f} ms apart", spread_rate, "tokens/s"),
            Figure("offloaded through the coordinator tokens/s", offload_rate, "tokens/s"),
            Figure("local / direct throughput (median of paired rounds)", ratio, "x", ">= 0.95", ratio >= 0.95),
            Figure("offloaded / direct throughput", offload_rate / direct_rate, "x"),
            Figure("TTFT p50 at 16 streams: direct", p50(direct_ttft), "ms"),
            Figure("TTFT p50 at 16 streams: local API", p50(local_ttft), "ms"),
            Figure("TTFT p50 at 16 streams: offloaded", p50(offload_ttft), "ms"),
            Figure("TTFT p50, one at a time: eu-west serving locally", p50(origin_local), "ms"),
            Figure("TTFT p50, one at a time: us-east serving locally", p50(executor_local), "ms"),
            Figure("TTFT p50, one at a time: eu-west offloading to us-east", p50(offloaded), "ms"),
            Figure("PII detection in the node, mean (reported apart)", pii_ms, "ms"),
            Figure("origin setup until the job is queued, PII aside, mean", setup_ms - pii_ms, "ms"),
            Figure("offload overhead on TTFT, client pairs, PII aside, p50", paired, "ms"),
            Figure("offload overhead on TTFT in the nodes, PII aside, mean", overhead, "ms"),
            Figure(
                "offload overhead on TTFT in the nodes, PII aside, p50",
                overhead_p50,
                "ms",
                "< 5",
                overhead_p50 < 5,
            ),
        ],
    )


if __name__ == "__main__":
    main()
