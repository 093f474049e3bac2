"""Run every benchmark and write `bench/RESULTS.md`: the machine, the date, each figure and its target.

`python -m bench` (or `make bench`); `python -m bench policy routing` runs only those.
"""

from __future__ import annotations

import datetime as dt
import importlib
import os
import platform
import sys
from pathlib import Path

from bench._report import Figure

BENCHMARKS = {
    "policy": "bench.policy",
    "pii": "bench.pii",
    "audit": "bench.audit",
    "routing": "bench.routing",
    "region": "bench.region",
    "gateway": "bench.gateway",
    "faults": "bench.faults",
}
RESULTS = Path(__file__).parent / "RESULTS.md"


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        memory = int(Path("/proc/meminfo").read_text().split()[1]) // (1024 * 1024)
    except OSError:
        memory = 0
    return f"{cpu}, {os.cpu_count()} cores, {memory} GiB, Python {platform.python_version()}, {platform.system()}"


def _kept_rows(running: list[str]) -> dict[str, list[str]]:
    """The rows of benchmarks not run this time, from the results file as it stands."""
    kept: dict[str, list[str]] = {}
    if not RESULTS.exists():
        return kept
    for line in RESULTS.read_text(encoding="utf-8").splitlines():
        cells = line.split("|")
        if len(cells) > 2 and cells[1].strip() in BENCHMARKS and cells[1].strip() not in running:
            kept.setdefault(cells[1].strip(), []).append(line)
    return kept


def main(selected: list[str]) -> None:
    names = selected or list(BENCHMARKS)
    unknown = [n for n in names if n not in BENCHMARKS]
    if unknown:
        raise SystemExit(f"unknown benchmark(s) {unknown}; known: {', '.join(BENCHMARKS)}")
    sections: list[tuple[str, list[Figure]]] = []
    for name in names:
        figures = importlib.import_module(BENCHMARKS[name]).main()
        sections.append((name, figures))
    kept = _kept_rows(names)
    note = "" if not kept else f" (this run: {', '.join(names)}; the other rows are from earlier runs)"
    lines = [
        "# Benchmark results",
        "",
        f"- date: {dt.datetime.now(dt.UTC).strftime('%Y-%m-%d %H:%M UTC')}{note}",
        f"- machine: {_machine()}",
        "- command: `python -m bench` (figures side by side in one run; this machine is shared and noisy)",
        "",
        "| benchmark | figure | value | unit | target | met |",
        "|---|---|---:|---|---|---|",
    ]
    new_rows = {}
    for name, figures in sections:
        rows = []
        for figure in figures:
            met = "" if figure.met is None else ("yes" if figure.met else "**no**")
            rows.append(f"| {name} | {figure.name} | {figure.value:,.2f} | {figure.unit} | {figure.target} | {met} |")
        new_rows[name] = rows
    for name in BENCHMARKS:  # one order, whichever ran
        lines += new_rows.get(name) or kept.get(name, [])
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"\nwrote {RESULTS}")


if __name__ == "__main__":
    main(sys.argv[1:])
