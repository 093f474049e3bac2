"""Run every benchmark: `python -m bench`."""

from __future__ import annotations

import importlib

BENCHMARKS = ["bench.policy", "bench.pii", "bench.audit", "bench.routing", "bench.region"]


def main() -> None:
    for name in BENCHMARKS:
        importlib.import_module(name).main()


if __name__ == "__main__":
    main()
