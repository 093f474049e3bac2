"""vLLM split across processes on this CPU machine with a tiny Llama: TP=2, PP=2, and a two-process
"two-node" run on 127.0.0.1 each generate the tokens TP=1 does (the planner's own cross-machine
layout, pipeline stages, is run too: it fails in vLLM 0.32, marked strictly as a known failure); a
dead worker is detected and reported; shutdown leaves no process behind."""

from __future__ import annotations

import asyncio
import json
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
from region_node.parallel.planner import Inventory, ModelShape, Plan, Workload, plan
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


def _planned_across_machines(tiny: Path) -> Plan:
    """What the planner chooses for the tiny model on two machines of one small GPU each, with a
    workload that one GPU cannot hold (4,096 sequences of 1,024 tokens: 2 GiB of KV cache besides the
    1.5 GiB runtime overhead, against 2.88 usable GiB): pipeline stages across the machines."""
    shape = ModelShape.from_hf_config(json.loads((tiny / "config.json").read_text()))
    inventory = Inventory(machines=2, gpus_per_machine=1, gpu_memory_gib=3.2, inter_link="ethernet")
    result = plan(shape, inventory, Workload(concurrent_sequences=4096, context_tokens=1024))
    assert isinstance(result, Plan), result
    return result


def test_the_planner_splits_the_tiny_model_into_pipeline_stages_across_machines(tiny_llama: Path) -> None:
    planned = _planned_across_machines(tiny_llama)
    assert (planned.tensor_parallel, planned.pipeline_parallel, planned.machines_per_replica) == (1, 2, 2)


def _two_node_config(tiny: Path, state: Path, layout: dict[str, int | bool]) -> Any:
    engine = {
        "kind": "vllm",
        "model": "smollm2-135m-instruct",
        "path": tiny,
        "dtype": "float32",
        "max_model_len": 256,
        "gpu_memory_utilization": 0.1,
        "tensor_parallel_size": layout["tensor_parallel_size"],
        "pipeline_parallel_size": layout["pipeline_parallel_size"],
        "extra_args": {"enforce_eager": True},
        "log_dir": state / "logs",
        "cluster": {"nodes": 2, "master_addr": "127.0.0.1", "master_port": free_port(), "omp_threads_bind": ["0", "1"]},
    }
    return region_config(state, "us-east", tiny, engine=engine)


@pytest.fixture(scope="module")
def two_node(tiny_llama: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningNode]:
    """Two processes as two "machines", one TP rank each (see the pipeline test below for why not PP)."""
    state = tmp_path_factory.mktemp("two-node")
    node = RunningNode(_two_node_config(tiny_llama, state, {"tensor_parallel_size": 2, "pipeline_parallel_size": 1}))
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


@pytest.mark.xfail(
    strict=True,
    reason="vLLM 0.32 fails pipeline stages on separate nodes: its scheduler raises KeyError in"
    " update_from_output (vllm-project/vllm#32701, #46263; fix proposed in #50621). Strict: this test"
    " fails once vLLM runs the planner's cross-machine layout, to be turned into a plain test then.",
)
def test_the_planners_cross_machine_layout_runs_as_two_nodes(tiny_llama: Path, reference: str, tmp_path: Path) -> None:
    layout = _planned_across_machines(tiny_llama).vllm_args()
    with RunningNode(_two_node_config(tiny_llama, tmp_path, layout)) as node:
        assert node.node is not None and node.node.engine is not None
        assert "".join(node.call(_generate(node.node.engine), timeout=120)) == reference  # type: ignore[arg-type]


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
