"""`fedinfer region plan`: how to split a model over a region's GPUs, and why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Literal

import typer

from region_node.parallel.planner import (
    Inventory,
    ModelShape,
    Plan,
    Workload,
    format_plan,
    parse_memory_gib,
    plan,
)


def region_plan(
    model: Annotated[Path, typer.Option(help="The model's Hugging Face config.json.")],
    machines: Annotated[int, typer.Option(min=1, help="Machines in the region.")] = 1,
    gpus_per_machine: Annotated[int, typer.Option(min=1, help="GPUs in each machine.")] = 8,
    gpu_memory: Annotated[
        str, typer.Option(help="Memory per GPU: 80GiB, 80GB (decimal: 74.5 GiB), 81559MiB; a plain number is GiB.")
    ] = "80GiB",
    intra_link: Annotated[Literal["nvlink", "pcie"], typer.Option(help="Link between a machine's GPUs.")] = "nvlink",
    inter_link: Annotated[
        Literal["infiniband", "ethernet", "none"], typer.Option(help="Link between machines.")
    ] = "infiniband",
    inter_gbps: Annotated[float, typer.Option(help="Inter-machine bandwidth, Gb/s.")] = 400,
    sequences: Annotated[int, typer.Option(min=1, help="Concurrent sequences to hold.")] = 16,
    context: Annotated[int, typer.Option(min=1, help="Tokens per sequence.")] = 8192,
    weight_bits: Annotated[int, typer.Option(help="16 (bf16), 8 (fp8/int8) or 4.")] = 16,
    kv_bits: Annotated[int, typer.Option(help="KV cache precision: 16 or 8.")] = 16,
) -> None:
    """Choose TP, PP and DP for a model on a region's hardware; explain the choice or say what would fit."""
    try:
        shape = ModelShape.from_hf_config(json.loads(model.read_text(encoding="utf-8")))
    except (OSError, ValueError) as exc:
        typer.echo(f"{model}: {exc}", err=True)
        raise typer.Exit(2) from exc
    try:
        memory_gib = parse_memory_gib(gpu_memory)
    except ValueError as exc:
        typer.echo(f"--gpu-memory: {exc}", err=True)
        raise typer.Exit(2) from exc
    inventory = Inventory(machines, gpus_per_machine, memory_gib, intra_link, inter_link, inter_gbps)
    result = plan(shape, inventory, Workload(sequences, context, weight_bits, kv_bits))
    typer.echo(format_plan(result))
    if not isinstance(result, Plan):
        raise typer.Exit(1)
