"""What fedinfer adds in front of a region's own inference server (issue 21), on the project's echo
server (`fedinfer.echo_upstream`), every way interleaved in one run on the same upstream process:

- direct: the client calls the echo server itself;
- local: eu-west serving from that server (`engine.kind: openai`);
- PII egress: eu-west sending the request to us-east (redact, NATS with mTLS, coordinator, us-east's
  own echo server, restore at home).

Added latency p50/p99 over direct at 1 and 16 concurrent clients with the upstream at 0 ms per token
(clean overhead, whole answers); streamed time to first token at 5 ms per token; and, on four echo
replicas at 5 ms per token, the prefix-affinity hit rate counted by the servers themselves (a request
whose system prompt the server that got it had served before) and how evenly their queues were held.

Targets: local <= +2 ms p50 and <= +5 ms p99 at c=1, <= +10 ms p50 at c=16; PII egress <= +8 ms p50 at
c=1, <= +30 ms p50 at c=16; streamed TTFT with restore <= 1.1 x direct + 5 ms; affinity hit rate
>= 90 % with no replica's mean queue over twice the mean.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx

from bench._report import Figure, show
from federation.server import free_port
from fedinfer.launcher import Federation, FederationFile
from region_node.engines import Prompt, Sampling
from region_node.engines.openai_upstream import OpenAIUpstreamEngine, Upstream

MODEL = "smollm2-135m-instruct"  # the name the example policy allows; the echo servers call it `echo`
PROMPT = "Please confirm to Ingrid Choi that card 4012-8888-8888-1881 was blocked on the third of May today."
ROUNDS = 4
PER_ROUND = {1: 30, 16: 96}
MAX_TOKENS = 16
STREAM_DELAY_MS = 5.0
REPLICAS = 4
PREFIXES = 16
AFFINITY_REQUESTS = 320

Call = Callable[[httpx.AsyncClient], Awaitable[float]]


def _echo(port: int, delay_ms: float = 0.0) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "fedinfer.echo_upstream", "--port", str(port), "--delay-ms", str(delay_ms)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while not _answers(f"http://127.0.0.1:{port}/health"):
        if time.monotonic() > deadline or process.poll() is not None:
            raise RuntimeError(f"the echo server on port {port} did not start")
        time.sleep(0.1)
    return process


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def _body(model: str, *, stream: bool, offload: str | None) -> dict[str, object]:
    body: dict[str, object] = {
        "model": model,
        "messages": [{"role": "user", "content": PROMPT}],
        "max_tokens": MAX_TOKENS,
        "temperature": 0,
        "stream": stream,
    }
    if offload is not None:
        body["fedinfer"] = {"data_class": "personal", "offload": offload}
    return body


def _whole(url: str, token: str | None, body: dict[str, object]) -> Call:
    headers = {"authorization": f"Bearer {token}"} if token else {}

    async def call(client: httpx.AsyncClient) -> float:
        started = time.perf_counter()
        response = await client.post(f"{url}/v1/chat/completions", json=body, headers=headers)
        response.raise_for_status()
        return (time.perf_counter() - started) * 1000

    return call


def _first_token(url: str, token: str | None, body: dict[str, object]) -> Call:
    headers = {"authorization": f"Bearer {token}"} if token else {}

    async def call(client: httpx.AsyncClient) -> float:
        started = time.perf_counter()
        first = None
        async with client.stream("POST", f"{url}/v1/chat/completions", json=body, headers=headers) as response:
            response.raise_for_status()
            async for line in response.aiter_lines():
                if first is None and _has_text(line):
                    first = (time.perf_counter() - started) * 1000
        assert first is not None, "no text came back"
        return first

    return call


def _has_text(line: str) -> bool:
    if not line.startswith("data: ") or line == "data: [DONE]":
        return False
    choices = json.loads(line[6:]).get("choices") or [{}]
    return bool((choices[0].get("delta") or {}).get("content"))


async def _batch(client: httpx.AsyncClient, call: Call, count: int, concurrency: int) -> list[float]:
    gate = asyncio.Semaphore(concurrency)

    async def one() -> float:
        async with gate:
            return await call(client)

    return list(await asyncio.gather(*(one() for _ in range(count))))


def _interleaved(ways: dict[str, Call], concurrency: int, per_round: int) -> dict[str, list[float]]:
    """Each way in turn, round after round, so that the machine's drift falls on all of them."""
    results: dict[str, list[float]] = {name: [] for name in ways}

    async def run() -> None:
        limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
        async with httpx.AsyncClient(timeout=120, limits=limits) as client:
            for call in ways.values():
                await _batch(client, call, 4, min(concurrency, 4))  # warm: connections, PII models
            for _ in range(ROUNDS):
                for name, call in ways.items():
                    results[name] += await _batch(client, call, per_round, concurrency)

    asyncio.run(run())
    return results


def _q(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q * 100) - 1] if len(values) > 1 else values[0]


def _affinity(delay_ms: float) -> tuple[float, float]:
    """The region's scheduler on REPLICAS echo servers: the servers' own prefix hit rate, and the busiest
    replica's mean number of requests in flight over the mean of all replicas."""
    ports = [free_port() for _ in range(REPLICAS)]
    servers = [_echo(port, delay_ms) for port in ports]
    try:
        rng = random.Random(7)
        systems = [f"You are assistant {i} of the claims desk. " + "Follow the house rules. " * 16 for i in range(16)]

        async def run() -> list[float]:
            upstreams = [Upstream(f"http://127.0.0.1:{port}/v1", "echo", capacity=64) for port in ports]
            engine = OpenAIUpstreamEngine(MODEL, upstreams, probe_interval_s=0.5)
            await engine.start()
            in_flight = [0.0] * REPLICAS
            samples = 0
            done = asyncio.Event()

            async def sample() -> None:
                nonlocal samples
                while not done.is_set():
                    for i, replica in enumerate(engine.replicas):
                        in_flight[i] += replica.in_flight
                    samples += 1
                    await asyncio.sleep(0.002)

            gate = asyncio.Semaphore(16)

            async def one(index: int) -> None:
                messages = (("system", rng.choice(systems)), ("user", f"Question {index}: what applies?"))
                async with gate:
                    deltas = await engine.open(Prompt("chat", messages), Sampling(max_tokens=24), f"a{index}")
                    async for _ in deltas:
                        pass

            sampler = asyncio.create_task(sample())
            await asyncio.gather(*(one(i) for i in range(AFFINITY_REQUESTS)))
            done.set()
            await sampler
            await engine.stop()
            return [total / max(1, samples) for total in in_flight]

        queues = asyncio.run(run())
        stats = [httpx.get(f"http://127.0.0.1:{port}/stats", timeout=5).json() for port in ports]
    finally:
        for server in servers:
            server.terminate()
            server.wait(10)
    hits = sum(s["prefix_hits"] for s in stats) / sum(s["requests"] for s in stats)
    return hits, max(queues) / statistics.mean(queues)


def main() -> list[Figure]:
    ports = {"eu-west": free_port(), "us-east": free_port()}
    echoes = {region: _echo(port) for region, port in ports.items()}
    upstream = {region: f"http://127.0.0.1:{port}" for region, port in ports.items()}
    figures: list[Figure] = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            spec = FederationFile(
                state_dir=Path(folder),
                policy=Path(__file__).resolve().parent.parent / "examples" / "policies" / "federation.yaml",
                engine={"kind": "openai", "model": MODEL},
                regions={
                    region: {
                        "engine": {"upstreams": [{"url": f"{upstream[region]}/v1", "model": "echo", "capacity": 64}]},
                        "limits": {"max_queue": 128},
                        "offload": {"worker_concurrency": 16},
                    }
                    for region in ports
                },
            )
            with Federation(spec) as federation:
                api, token = federation.api_url("eu-west"), federation.token
                for concurrency in (1, 16):
                    ways = {
                        "direct": _whole(upstream["eu-west"], None, _body("echo", stream=False, offload=None)),
                        "local": _whole(api, token, _body(MODEL, stream=False, offload="never")),
                        "egress": _whole(api, token, _body(MODEL, stream=False, offload="required")),
                    }
                    latencies = _interleaved(ways, concurrency, PER_ROUND[concurrency])
                    figures += _added(latencies, concurrency)
                for url in upstream.values():
                    httpx.put(f"{url}/behaviour", json={"delay_ms": STREAM_DELAY_MS}, timeout=5)
                ttft = _interleaved(
                    {
                        "direct": _first_token(upstream["eu-west"], None, _body("echo", stream=True, offload=None)),
                        "local": _first_token(api, token, _body(MODEL, stream=True, offload="never")),
                        "egress": _first_token(api, token, _body(MODEL, stream=True, offload="required")),
                    },
                    1,
                    PER_ROUND[1],
                )
    finally:
        for process in echoes.values():
            process.terminate()
            process.wait(10)
    direct, local, egress = (statistics.median(ttft[way]) for way in ("direct", "local", "egress"))
    bound = 1.1 * direct + 5
    figures += [
        Figure(f"streamed TTFT p50 at {STREAM_DELAY_MS:.0f} ms/token, c=1: direct", direct, "ms"),
        Figure("streamed TTFT ratio, c=1: local / direct", local / direct, "x"),
        Figure("streamed TTFT ratio, c=1: PII egress / direct", egress / direct, "x"),
        Figure("streamed TTFT p50, c=1: local", local, "ms", f"<= {bound:.1f}", local <= bound),
        Figure("streamed TTFT p50, c=1: PII egress with restore", egress, "ms", f"<= {bound:.1f}", egress <= bound),
    ]
    hits, skew = _affinity(STREAM_DELAY_MS)
    figures += [
        Figure(
            f"affinity hit rate, {REPLICAS} replicas, {PREFIXES} prefixes, c=16", hits * 100, "%", ">= 90", hits >= 0.9
        ),
        Figure("busiest replica's mean queue / mean of all", skew, "x", "<= 2", skew <= 2),
    ]
    return show("Gateway: fedinfer in front of an OpenAI-compatible server (echo upstream)", figures)


TARGETS = {
    ("local", 1): (2.0, 5.0),
    ("local", 16): (10.0, None),
    ("egress", 1): (8.0, None),
    ("egress", 16): (30.0, None),
}


def _added(latencies: dict[str, list[float]], concurrency: int) -> list[Figure]:
    direct = latencies["direct"]
    figures = [
        Figure(f"direct upstream latency p50, c={concurrency}", statistics.median(direct), "ms"),
        Figure(f"direct upstream latency p99, c={concurrency}", _q(direct, 0.99), "ms"),
    ]
    for way in ("local", "egress"):
        p50_target, p99_target = TARGETS[(way, concurrency)]
        added50 = statistics.median(latencies[way]) - statistics.median(direct)
        added99 = _q(latencies[way], 0.99) - _q(direct, 0.99)
        label = "local" if way == "local" else "PII egress"
        target = f"<= +{p50_target:g}"
        figures.append(Figure(f"{label} added p50, c={concurrency}", added50, "ms", target, added50 <= p50_target))
        figures.append(
            Figure(
                f"{label} added p99, c={concurrency}",
                added99,
                "ms",
                f"<= +{p99_target:g}" if p99_target is not None else "",
                None if p99_target is None else added99 <= p99_target,
            )
        )
    return figures


if __name__ == "__main__":
    main()
