"""vLLM split across processes on this CPU machine with a tiny Llama: TP=2, PP=2, and a two-process
"two-node" run on 127.0.0.1 each generate the tokens TP=1 does; a dead worker is detected and
reported; shutdown leaves no process behind."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from federation.server import free_port
from region_node.engines import Sampling
from region_node.engines.vllm_engine import VllmEngine
from tests.region_node.harness import RunningNode, region_config

pytest.importorskip("vllm", reason="vLLM is installed by make venv; this guards partial environments only")

PROMPT = "The history of the region begins"
GREEDY = Sampling(max_tokens=12, temperature=0.0)


def _base(tiny: Path) -> dict[str, Any]:
    return {
        "model": str(tiny),
        "dtype": "float32",
        "max_model_len": 256,
        "gpu_memory_utilization": 0.1,
        "disable_log_stats": True,
    }


async def _generate(engine: VllmEngine) -> list[str]:
    pieces = []
    async for delta in engine.generate(PROMPT, GREEDY, f"r{time.monotonic_ns()}"):
        pieces.append(delta.text)
    return pieces


def _run(args: dict[str, Any], env: dict[str, str] | None = None) -> str:
    async def main() -> str:
        engine = VllmEngine("tiny", args)
        await engine.start()
        try:
            return "".join(await _generate(engine))
        finally:
            await engine.stop()

    saved = {k: os.environ.get(k) for k in (env or {})}
    os.environ.update(env or {})
    try:
        return asyncio.run(main())
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@pytest.fixture(scope="module")
def reference(tiny_llama: Path) -> str:
    text = _run({**_base(tiny_llama), "enforce_eager": True})
    assert text
    return text


def test_tensor_parallel_2_matches_tp1(tiny_llama: Path, reference: str) -> None:
    args = {**_base(tiny_llama), "tensor_parallel_size": 2, "distributed_executor_backend": "mp", "enforce_eager": True}
    assert _run(args, {"VLLM_CPU_OMP_THREADS_BIND": "0|1"}) == reference


def test_pipeline_parallel_2_matches_tp1(tiny_llama: Path, reference: str) -> None:
    # vllm-cpu's pipeline parallelism needs the compiled path (eager mode fails there).
    args = {
        **_base(tiny_llama),
        "pipeline_parallel_size": 2,
        "distributed_executor_backend": "mp",
        "enforce_eager": False,
    }
    assert _run(args, {"VLLM_CPU_OMP_THREADS_BIND": "0|1"}) == reference


@pytest.fixture(scope="module")
def two_node(tiny_llama: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningNode]:
    state = tmp_path_factory.mktemp("two-node")
    engine = {
        "kind": "vllm",
        "model": "smollm2-135m-instruct",
        "path": tiny_llama,
        "dtype": "float32",
        "max_model_len": 256,
        "gpu_memory_utilization": 0.1,
        "tensor_parallel_size": 2,
        "extra_args": {"enforce_eager": True},
        "log_dir": state / "logs",
        "cluster": {"nodes": 2, "master_addr": "127.0.0.1", "master_port": free_port(), "omp_threads_bind": ["0", "1"]},
    }
    node = RunningNode(region_config(state, "us-east", tiny_llama, engine=engine))
    with node:
        yield node
    # Shutdown leaves no worker behind: neither the launchers nor vLLM's processes under them,
    # including those of the node whose launcher was killed.
    assert node.node is not None and node.node.engine is not None
    workers = node.node.engine.workers  # type: ignore[attr-defined]
    assert all(process.poll() is not None for process in workers.processes.values())
    assert workers.leftovers() == []


def test_two_processes_as_two_nodes_match_tp1(two_node: RunningNode, reference: str) -> None:
    assert two_node.node is not None and two_node.node.engine is not None
    engine = two_node.node.engine
    assert "".join(two_node.call(_generate(engine), timeout=120)) == reference  # type: ignore[arg-type]
    assert httpx.get(f"{two_node.url}/healthz").status_code == 200


def test_a_dead_worker_is_detected_and_reported(two_node: RunningNode) -> None:
    assert two_node.node is not None and two_node.node.engine is not None
    workers = two_node.node.engine.workers  # type: ignore[attr-defined]
    workers.processes[1].kill()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and two_node.node.engine.load().healthy:
        time.sleep(0.2)
    load = two_node.node.engine.load()
    assert not load.healthy and "vLLM worker node 1 exited" in load.problems[0]
    health = httpx.get(f"{two_node.url}/healthz")
    assert health.status_code == 503 and "vLLM worker node 1 exited" in health.text
    assert "fedinfer_engine_healthy 0.0" in httpx.get(f"{two_node.url}/metrics").text
