"""Routing: pure decisions per second with 1,000 nodes in 50 regions (target 20,000/s, one core), and
submit -> assignment latency through NATS with mTLS on loopback next to the raw request/reply round
trip measured in the same run (targets: p50 < 2 ms, p99 < 10 ms)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import uvloop
from nats.aio.msg import Msg

import policy
from bench._report import Figure, show
from bench.policy import build_policy
from coordinator.registry import Registry
from coordinator.routing import choose, rank
from federation import FabricConnection, Identity, subjects
from federation.local import LocalFabric, ensure_identities, local_topology
from federation.messages import Heartbeat
from federation.server import free_port

MODEL = "smollm2-135m-instruct"


def pure_routing_rate(seconds: float = 2.0) -> float:
    loaded = policy.loads(json.dumps(build_policy()))
    registry = Registry(ttl_s=1e9)
    rng = random.Random(3)
    for index in range(1000):
        region = loaded.regions[index % 50]
        registry.observe(
            Heartbeat(
                region=region,
                node=f"n{index}",
                models=[MODEL],
                capacity=16,
                queue_depth=rng.randrange(16),
                kv_cache_usage=rng.random(),
                latency_ms=rng.uniform(20, 400),
                sent_at=0.0,
            ),
            now=0.0,
        )
    requests = [(rng.choice(loaded.regions), rng.choice(["public", "internal", "personal"])) for _ in range(5000)]
    attested = frozenset({"pseudonymize"})
    ranking = rank(registry.regions(1.0))  # rebuilt only when a heartbeat changes the snapshot
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        for origin, data_class in requests:
            decision = loaded.decide(origin, data_class, MODEL)
            choose(decision.required_transforms, attested, MODEL, ranking, exclude=frozenset({origin}))
        done += len(requests)
    return done / (time.perf_counter() - started)


async def _latencies(state: Path, count: int) -> tuple[list[float], list[float]]:
    from tests.coordinator.peers import RegionPeer  # the region-side protocol peer

    regions = ["eu-west", "kr-central"]
    ensure_identities(state / "pki", regions)
    example = Path(__file__).resolve().parent.parent / "examples" / "policies" / "federation.yaml"
    loaded = policy.load(example)
    with LocalFabric(local_topology(state, state / "pki", regions)) as fabric:
        eu = await RegionPeer.on_nats(fabric, "eu-west")
        kr = await RegionPeer.on_nats(fabric, "kr-central")
        # 1. The raw round trip on the same path: region node -> leaf -> hub -> a bare responder process.
        responder = FabricConnection(Identity("coordinator", state / "pki"))
        await responder.connect([fabric.hub_url])

        async def pong(msg: Msg) -> None:
            await msg.respond(b"pong")

        await responder.client.subscribe(subjects.SUBMIT_ANY, cb=pong)
        await asyncio.sleep(0.5)
        raw = []
        assert isinstance(eu.connection, FabricConnection)
        for _ in range(count):
            began = time.perf_counter()
            await eu.connection.client.request(subjects.submit("eu-west"), b"ping", timeout=5)
            raw.append((time.perf_counter() - began) * 1000)
        await responder.close()
        # 2. The coordinator, in its own process as deployed: decode, re-decide the policy, route,
        # enqueue in JetStream, reply.
        environment = {
            **os.environ,
            "FEDINFER_COORDINATOR_NATS_URL": fabric.hub_url,
            "FEDINFER_COORDINATOR_PKI_DIR": str(state / "pki"),
            "FEDINFER_COORDINATOR_POLICY": str(example),
            "FEDINFER_COORDINATOR_AUDIT_URL": f"sqlite:///{state / 'coordinator-audit.db'}",
            "FEDINFER_COORDINATOR_HTTP_PORT": str(free_port()),
        }
        process = subprocess.Popen(
            [sys.executable, "-m", "coordinator.app"],
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            assert process.stdout is not None
            line = await asyncio.to_thread(process.stdout.readline)
            assert line.startswith("coordinator ready"), line
            await kr.heartbeat()
            await asyncio.sleep(0.5)
            submit = []
            for _ in range(count):
                began = time.perf_counter()
                reply = await eu.submit("personal", digest=loaded.digest)
                submit.append((time.perf_counter() - began) * 1000)
                assert reply.accepted, reply.reason
            for _ in range(count):  # empty the queue
                _, message = await kr.pull()
                await message.ack()
        finally:
            process.terminate()
            process.wait(timeout=30)
            if process.stdout is not None:
                process.stdout.close()
        await eu.close()
        await kr.close()
    return raw, submit


def main(count: int = 500) -> list[Figure]:
    cores = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(cores)})  # the routing figure is per core
    rate = pure_routing_rate()
    os.sched_setaffinity(0, cores)  # servers and the coordinator (child processes) get the machine
    with tempfile.TemporaryDirectory() as folder:
        raw, submit = uvloop.run(_latencies(Path(folder), count))

    def p(values: list[float], q: int) -> float:
        return statistics.quantiles(values, n=100)[q - 1]

    return show(
        "Routing (policy decide + choose; NATS with mTLS on loopback)",
        [
            Figure(
                "pure routing decisions/s (1,000 nodes, 50 regions, 200 rules)",
                rate,
                "decisions/s",
                ">= 20,000",
                rate >= 20_000,
            ),
            Figure("raw NATS request/reply over the leaf link, p50", statistics.median(raw), "ms"),
            Figure("raw NATS request/reply over the leaf link, p99", p(raw, 99), "ms"),
            Figure(
                "submit -> assignment (enqueued, acked), p50",
                statistics.median(submit),
                "ms",
                "< 2",
                statistics.median(submit) < 2,
            ),
            Figure("submit -> assignment (enqueued, acked), p99", p(submit, 99), "ms", "< 10", p(submit, 99) < 10),
            Figure("submit p50 over raw round trip", statistics.median(submit) / statistics.median(raw), "x"),
        ],
    )


if __name__ == "__main__":
    main()
