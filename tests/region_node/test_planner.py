"""The TP/PP/DP planner, table-driven on real model shapes and realistic inventories."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fedinfer.cli import app
from region_node.parallel.planner import (
    Infeasible,
    Inventory,
    ModelShape,
    Plan,
    Workload,
    activations_gib,
    kv_per_gpu_gib,
    parse_memory_gib,
    plan,
    tp_divides,
)
from tests.conftest import EXAMPLES

MODELS = {p.stem: ModelShape.from_hf_config(json.loads(p.read_text())) for p in (EXAMPLES / "models").glob("*.json")}

H100_BOX = Inventory(machines=1, gpus_per_machine=8, gpu_memory_gib=80, intra_link="nvlink", inter_link="none")
TWO_H100_IB = Inventory(machines=2, gpus_per_machine=8, gpu_memory_gib=80, intra_link="nvlink", inter_link="infiniband")
FOUR_PCIE_ETH = Inventory(
    machines=4, gpus_per_machine=4, gpu_memory_gib=48, intra_link="pcie", inter_link="ethernet", inter_gbps=25
)

BF16, FP8, INT4 = Workload(weight_bits=16), Workload(weight_bits=8), Workload(weight_bits=4)


def test_parameter_counts_match_the_published_sizes() -> None:
    expected = {
        "llama-3-8b": 8.0,
        "llama-3-70b": 70.6,
        "llama-3.1-405b": 405.8,
        "mixtral-8x7b": 46.7,
        "deepseek-v3": 671,
    }
    for name, size in expected.items():
        assert MODELS[name].params_b == pytest.approx(size, rel=0.02), name


@pytest.mark.parametrize(
    ("model", "inventory", "workload", "layout"),
    [
        ("llama-3-8b", H100_BOX, BF16, (1, 1, 8, 1)),
        ("llama-3-70b", H100_BOX, BF16, (4, 1, 2, 1)),
        ("llama-3-70b", H100_BOX, INT4, (2, 1, 4, 1)),
        ("llama-3-70b", H100_BOX, FP8, (2, 1, 4, 1)),
        ("llama-3.1-405b", TWO_H100_IB, BF16, (8, 2, 1, 2)),
        ("llama-3.1-405b", H100_BOX, FP8, (8, 1, 1, 1)),
        ("mixtral-8x7b", H100_BOX, BF16, (2, 1, 4, 1)),
        ("mixtral-8x7b", FOUR_PCIE_ETH, BF16, (2, 2, 4, 1)),
        ("deepseek-v3", TWO_H100_IB, FP8, (8, 2, 1, 2)),
        ("llama-3-70b", FOUR_PCIE_ETH, FP8, (2, 2, 4, 1)),
        ("llama-3-70b", FOUR_PCIE_ETH, BF16, (2, 4, 2, 2)),
        ("llama-3-8b", FOUR_PCIE_ETH, BF16, (1, 1, 16, 1)),
    ],
    ids=[
        "8b-1gpu",
        "70b-bf16-tp4",
        "70b-4bit-tp2",
        "70b-fp8-tp2",
        "405b-two-boxes",
        "405b-fp8-one-box",
        "mixtral-tp2",
        "mixtral-pcie",
        "deepseek-fp8-two-boxes",
        "70b-fp8-pcie-in-one-machine",
        "70b-bf16-pcie-two-machines",
        "8b-pcie-dp16",
    ],
)
def test_plans(model: str, inventory: Inventory, workload: Workload, layout: tuple[int, int, int, int]) -> None:
    result = plan(MODELS[model], inventory, workload)
    assert isinstance(result, Plan), result
    assert (
        result.tensor_parallel,
        result.pipeline_parallel,
        result.data_parallel,
        result.machines_per_replica,
    ) == layout
    assert result.memory_per_gpu.total_gib <= result.usable_gib
    # Divisibility holds and the world fits the machines.
    assert tp_divides(MODELS[model], result.tensor_parallel)
    assert result.tensor_parallel <= inventory.gpus_per_machine
    assert result.world_size % result.machines_per_replica == 0
    expected: dict[str, int | bool] = {"tensor_parallel_size": layout[0], "pipeline_parallel_size": layout[1]}
    if MODELS[model].experts > 1 and layout[0] > 1:
        expected["enable_expert_parallel"] = True  # MoE: experts whole on the ranks
    assert result.vllm_args() == expected


def test_tensor_parallelism_never_crosses_machines_and_pcie_prefers_pipelines() -> None:
    for inventory in (TWO_H100_IB, FOUR_PCIE_ETH):
        for model in MODELS.values():
            for workload in (BF16, FP8, INT4):
                result = plan(model, inventory, workload)
                if isinstance(result, Plan):
                    assert result.tensor_parallel <= inventory.gpus_per_machine
                    if inventory.intra_link == "pcie":
                        assert result.tensor_parallel <= 2


@pytest.mark.parametrize(
    ("model", "inventory", "workload", "suggestion"),
    [
        ("llama-3.1-405b", H100_BOX, BF16, "quantize the weights to 8-bit"),
        ("deepseek-v3", H100_BOX, BF16, "quantize the weights to 4-bit"),
        ("deepseek-v3", TWO_H100_IB, BF16, "quantize the weights to 8-bit"),
        ("llama-3.1-405b", FOUR_PCIE_ETH, BF16, "quantize the weights to 8-bit"),
        ("llama-3-8b", Inventory(1, 1, 24, inter_link="none"), Workload(concurrent_sequences=64), "serve at most"),
        ("llama-3.1-405b", Inventory(1, 2, 24, intra_link="pcie", inter_link="none"), INT4, "add "),
    ],
    ids=[
        "405b-bf16-one-box",
        "deepseek-bf16-one-box",
        "deepseek-bf16-two-boxes",
        "405b-pcie",
        "8b-too-many-sequences",
        "405b-on-two-small-gpus",
    ],
)
def test_infeasible_inventories_are_refused_with_the_smallest_change(
    model: str, inventory: Inventory, workload: Workload, suggestion: str
) -> None:
    result = plan(MODELS[model], inventory, workload)
    assert isinstance(result, Infeasible)
    assert "cannot hold one replica" in result.reason
    assert result.suggestion.startswith(suggestion), result.suggestion


def test_the_suggestions_really_fit() -> None:
    small = Inventory(1, 1, 24, inter_link="none")
    result = plan(MODELS["llama-3-8b"], small, Workload(concurrent_sequences=64))
    assert isinstance(result, Infeasible)
    fitting = int(re.search(r"serve at most (\d+)", result.suggestion)[1])  # type: ignore[index]
    assert isinstance(plan(MODELS["llama-3-8b"], small, Workload(concurrent_sequences=fitting)), Plan)
    assert isinstance(plan(MODELS["llama-3-8b"], small, Workload(concurrent_sequences=fitting + 1)), Infeasible)
    quantize = plan(MODELS["llama-3.1-405b"], H100_BOX, BF16)
    assert isinstance(quantize, Infeasible) and isinstance(plan(MODELS["llama-3.1-405b"], H100_BOX, FP8), Plan)


def test_divisibility() -> None:
    odd = ModelShape(
        "odd",
        7.0,
        30,
        attention_heads=28,
        kv_heads=4,
        hidden_size=3584,
        head_dim=128,
        max_context=4096,
        kv_elements_per_token=2 * 30 * 4 * 128,
    )
    assert tp_divides(odd, 4) and tp_divides(odd, 2) and not tp_divides(odd, 8)


def test_cli_plan_prints_the_layout_and_why(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(
        app,
        [
            "region",
            "plan",
            "--model",
            str(EXAMPLES / "models" / "llama-3-70b.json"),
            "--machines",
            "1",
            "--gpus-per-machine",
            "8",
            "--gpu-memory",
            "80",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "TP=4 PP=1 DP=2" in result.output and "inside one machine over NVLink" in result.output
    refused = runner.invoke(
        app,
        [
            "region",
            "plan",
            "--model",
            str(EXAMPLES / "models" / "llama-3.1-405b.json"),
            "--machines",
            "1",
            "--gpus-per-machine",
            "8",
            "--gpu-memory",
            "80",
        ],
    )
    assert refused.exit_code == 1
    assert "INFEASIBLE" in refused.output and "smallest change: quantize the weights to 8-bit" in refused.output


GIB = 2**30


@pytest.mark.parametrize(
    ("model", "tp", "pp", "kv_bytes"),
    [
        # Llama-3-70B: 2 (K, V) x 80 layers x 8 KV heads x 128 = 163,840 elements per token, 2 bytes each;
        # 16 sequences x 8,192 tokens = 131,072 tokens: 42,949,672,960 bytes = 40 GiB in all.
        ("llama-3-70b", 4, 1, 42_949_672_960 / 4),  # 8 KV heads over 4 ranks: 2 each
        ("llama-3-70b", 8, 1, 42_949_672_960 / 8),  # one head each
        ("llama-3-70b", 16, 1, 42_949_672_960 / 8),  # 16 ranks, 8 heads: each head on 2 ranks, not halved
        ("llama-3-70b", 8, 2, 42_949_672_960 / 16),  # two stages: half the layers each
        # DeepSeek-V3 (MLA): 61 layers x (512 latent + 64 RoPE) = 35,136 elements per token:
        # 131,072 x 35,136 x 2 = 9,210,691,584 bytes, held whole by every TP rank of a stage.
        ("deepseek-v3", 8, 1, 9_210_691_584),
        ("deepseek-v3", 8, 2, 9_210_691_584 / 2),
    ],
)
def test_the_kv_cache_per_gpu_matches_the_hand_calculation(model: str, tp: int, pp: int, kv_bytes: float) -> None:
    assert kv_per_gpu_gib(MODELS[model], Workload(), tp, pp) == pytest.approx(kv_bytes / GIB)


@pytest.mark.parametrize(
    ("model", "tp", "activation_bytes"),
    [
        # Llama-3-70B, TP 4: per token (2 x 28,672 / 4 + 2 x 8,192) x 2 bytes = 61,440; (8,192 prefill +
        # 512 graph) tokens = 534,773,760; logits 256 x 128,256 x 4 = 131,334,144.
        ("llama-3-70b", 4, 534_773_760 + 131_334_144),
        # TP 8: (7,168 + 16,384) x 2 = 47,104 per token: 409,993,216; the same logits.
        ("llama-3-70b", 8, 409_993_216 + 131_334_144),
        # Mixtral 8x7B, TP 2: two experts of 14,336 per token: (2 x 28,672 / 2 + 2 x 4,096) x 2 = 73,728
        # per token: 641,728,512; logits 256 x 32,000 x 4 = 32,768,000.
        ("mixtral-8x7b", 2, 641_728_512 + 32_768_000),
    ],
)
def test_activations_follow_the_mlp_width_and_the_vocabulary(model: str, tp: int, activation_bytes: int) -> None:
    assert activations_gib(MODELS[model], tp) == pytest.approx(activation_bytes / GIB)


def test_moe_models_are_offered_expert_parallelism_and_dense_ones_are_not() -> None:
    mixtral = plan(MODELS["mixtral-8x7b"], H100_BOX, BF16)
    dense = plan(MODELS["llama-3-70b"], H100_BOX, BF16)
    assert isinstance(mixtral, Plan) and isinstance(dense, Plan)
    assert mixtral.expert_parallel and any("expert parallelism" in line for line in mixtral.explanation)
    assert not dense.expert_parallel and "enable_expert_parallel" not in dense.vllm_args()


@pytest.mark.parametrize(
    ("text", "gib"),
    [("80GiB", 80.0), ("80", 80.0), ("80GB", 80e9 / GIB), ("81559MiB", 81559 / 1024), ("0.5 TiB", 512.0)],
)
def test_gpu_memory_is_read_in_gib_whatever_unit_it_is_given_in(text: str, gib: float) -> None:
    assert parse_memory_gib(text) == pytest.approx(gib)


def test_a_memory_amount_without_a_known_unit_is_refused_with_examples() -> None:
    for text in ("80 gigs", "-4GiB", "lots"):
        with pytest.raises(ValueError, match="80GiB"):
            parse_memory_gib(text)
    refused = CliRunner().invoke(
        app, ["region", "plan", "--model", str(EXAMPLES / "models" / "llama-3-8b.json"), "--gpu-memory", "80 gigs"]
    )
    assert refused.exit_code == 2 and "--gpu-memory: '80 gigs'" in refused.output


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ("[]", "a model's config.json is a JSON object, not list"),
        ('{"hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 0}', "num_attention_heads is 0"),
        ('{"hidden_size": "wide", "num_hidden_layers": 2, "num_attention_heads": 2}', "are integers"),
    ],
    ids=["a-list", "zero-heads", "not-a-number"],
)
def test_a_model_config_that_is_not_one_is_refused_in_one_line(tmp_path: Path, config: str, message: str) -> None:
    path = tmp_path / "config.json"
    path.write_text(config, encoding="utf-8")
    result = CliRunner().invoke(app, ["region", "plan", "--model", str(path)])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_a_model_keeps_the_name_it_is_given() -> None:
    config = json.loads((EXAMPLES / "models" / "llama-3-8b.json").read_text())
    assert ModelShape.from_hf_config(config, name="mine").name == "mine"
    assert ModelShape.from_hf_config(config).name == config.get("_name_or_path", config.get("model_type"))
