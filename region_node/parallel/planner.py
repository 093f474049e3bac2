"""Planning how a model is split across a region's GPUs: tensor (TP), pipeline (PP) and data (DP)
parallelism. Pure functions over plain data; `fedinfer region plan` prints the result.

The rules: tensor parallelism inside a machine (all-reduce every layer needs NVLink-class links;
over PCIe beyond two GPUs it pays more than it gains), pipeline parallelism across machines
(point-to-point activations once per stage), never tensor parallelism across machines (on Ethernet it
is hopeless), and data parallelism - whole replicas - with whatever is left. The smallest replica that
fits memory wins, because more replicas serve more users.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

GIB = 1024**3
"""Memory is counted in GiB (2**30 bytes) everywhere; vendors' "GB" (10**9) are converted on input."""
USABLE_FRACTION = 0.90  # vLLM's default gpu_memory_utilization
RUNTIME_OVERHEAD_GIB = 1.5  # CUDA context, NCCL buffers, allocator fragmentation
ACTIVATION_TOKENS = 8192  # vLLM's default max_num_batched_tokens: the tokens of one prefill step
MAX_SEQUENCES = 256  # vLLM's default max_num_seqs: one row of logits each, in float32, gathered
CUDA_GRAPH_BATCH = 512  # the largest decode batch vLLM captures as a CUDA graph; its pool is kept

IntraLink = Literal["nvlink", "pcie"]
InterLink = Literal["infiniband", "ethernet", "none"]


@dataclass(frozen=True, slots=True)
class ModelShape:
    """What sizing needs from a model. `kv_elements_per_token` counts K and V over all layers."""

    name: str
    params_b: float
    layers: int
    attention_heads: int
    kv_heads: int
    hidden_size: int
    head_dim: int
    max_context: int
    kv_elements_per_token: int
    mla: bool = False
    """Multi-head latent attention (DeepSeek): one compressed latent per token and layer, which every
    tensor-parallel rank holds whole."""
    experts: int = 1
    """Routed experts per MoE layer (1: a dense model)."""
    mlp_width: int = 0
    """Elements of the widest MLP activation per token: the dense intermediate size, or for MoE the
    expert size times the experts a token visits (shared ones included)."""
    vocab_size: int = 32000

    @classmethod
    def from_hf_config(cls, config: Mapping[str, Any], name: str | None = None) -> ModelShape:
        """Read a Hugging Face `config.json` (Llama, Mistral/Mixtral, Qwen, DeepSeek-V3 families)."""
        if not isinstance(config, Mapping):
            raise ValueError(f"a model's config.json is a JSON object, not {type(config).__name__}")
        try:
            hidden = int(config["hidden_size"])
            layers = int(config["num_hidden_layers"])
            heads = int(config["num_attention_heads"])
        except KeyError as exc:
            raise ValueError(f"config.json lacks {exc.args[0]!r}; is this a decoder-only language model?") from exc
        except (TypeError, ValueError) as exc:
            problem = f"config.json: hidden_size, num_hidden_layers and num_attention_heads are integers ({exc})"
            raise ValueError(problem) from exc
        sizes = (("hidden_size", hidden), ("num_hidden_layers", layers), ("num_attention_heads", heads))
        for field_name, value in sizes:
            if value <= 0:
                raise ValueError(f"config.json: {field_name} is {value}; it must be a positive integer")
        kv_heads = int(config.get("num_key_value_heads") or heads)
        head_dim = int(config.get("head_dim") or hidden // heads)
        vocab = int(config.get("vocab_size", 32000))
        intermediate = int(config.get("intermediate_size", 4 * hidden))
        experts = int(config.get("num_local_experts") or config.get("n_routed_experts") or 1)
        expert_size = int(config.get("moe_intermediate_size") or intermediate)
        shared = int(config.get("n_shared_experts") or 0)
        dense_layers = int(config.get("first_k_dense_replace") or 0) if experts > 1 else layers
        if "kv_lora_rank" in config:  # multi-head latent attention: one compressed latent per token and layer
            kv_per_token = layers * (int(config["kv_lora_rank"]) + int(config.get("qk_rope_head_dim", 64)))
            q_dim = heads * (int(config.get("qk_nope_head_dim", 128)) + int(config.get("qk_rope_head_dim", 64)))
            attention = (
                hidden * q_dim
                + hidden * int(config["kv_lora_rank"])
                + heads * int(config.get("v_head_dim", 128)) * hidden
            )
        else:
            kv_per_token = 2 * layers * kv_heads * head_dim
            attention = hidden * heads * head_dim * 2 + hidden * kv_heads * head_dim * 2
        top_k = int(config.get("num_experts_per_tok") or (2 if experts > 1 else 1))
        moe_width = expert_size * (top_k + shared) if experts > 1 else 0
        dense_width = intermediate if dense_layers > 0 else 0
        dense_mlp = 3 * hidden * intermediate
        moe_mlp = 3 * hidden * expert_size * (experts + shared)
        mlp = dense_layers * dense_mlp + (layers - dense_layers) * moe_mlp
        embeddings = vocab * hidden * (1 if config.get("tie_word_embeddings") else 2)
        params = layers * attention + mlp + embeddings
        return cls(
            name=name or str(config.get("_name_or_path") or config.get("model_type") or "model"),
            params_b=params / 1e9,
            layers=layers,
            attention_heads=heads,
            kv_heads=kv_heads,
            hidden_size=hidden,
            head_dim=head_dim,
            max_context=int(config.get("max_position_embeddings", 8192)),
            kv_elements_per_token=kv_per_token,
            mla="kv_lora_rank" in config,
            experts=experts,
            mlp_width=max(dense_width, moe_width),
            vocab_size=vocab,
        )


@dataclass(frozen=True, slots=True)
class Inventory:
    """A region's hardware."""

    machines: int
    gpus_per_machine: int
    gpu_memory_gib: float
    intra_link: IntraLink = "nvlink"
    inter_link: InterLink = "infiniband"
    inter_gbps: float = 400.0

    @property
    def gpus(self) -> int:
        return self.machines * self.gpus_per_machine


@dataclass(frozen=True, slots=True)
class Workload:
    """What the region must hold at once: sequences of `context_tokens`, at these precisions."""

    concurrent_sequences: int = 16
    context_tokens: int = 8192
    weight_bits: int = 16
    kv_bits: int = 16


@dataclass(frozen=True, slots=True)
class Memory:
    weights_gib: float
    kv_cache_gib: float
    activations_gib: float
    overhead_gib: float

    @property
    def total_gib(self) -> float:
        return self.weights_gib + self.kv_cache_gib + self.activations_gib + self.overhead_gib


@dataclass(frozen=True, slots=True)
class Plan:
    model: str
    tensor_parallel: int
    pipeline_parallel: int
    data_parallel: int
    machines_per_replica: int
    memory_per_gpu: Memory
    usable_gib: float
    explanation: tuple[str, ...]

    @property
    def world_size(self) -> int:
        return self.tensor_parallel * self.pipeline_parallel

    expert_parallel: bool = False
    """MoE experts placed whole on the ranks (vLLM's `enable_expert_parallel`), not each one sliced."""

    def vllm_args(self) -> dict[str, int | bool]:
        args: dict[str, int | bool] = {
            "tensor_parallel_size": self.tensor_parallel,
            "pipeline_parallel_size": self.pipeline_parallel,
        }
        if self.expert_parallel:
            args["enable_expert_parallel"] = True
        return args


@dataclass(frozen=True, slots=True)
class Infeasible:
    model: str
    reason: str
    suggestion: str
    alternatives: tuple[str, ...] = field(default=())


def weights_gib(model: ModelShape, bits: int) -> float:
    scale_overhead = 1.03 if bits < 8 else 1.0  # group-wise scales and zero points of 4-bit formats
    return model.params_b * 1e9 * bits / 8 * scale_overhead / GIB


def kv_gib(model: ModelShape, workload: Workload) -> float:
    tokens = workload.concurrent_sequences * min(workload.context_tokens, model.max_context)
    return tokens * model.kv_elements_per_token * workload.kv_bits / 8 / GIB


def kv_per_gpu_gib(model: ModelShape, workload: Workload, tp: int, pp: int) -> float:
    """One GPU's share of the KV cache. Pipeline stages split the layers; tensor parallelism splits the
    KV heads, up to their number (beyond it each head is replicated on `tp / kv_heads` ranks); an MLA
    latent is not split by tensor parallelism at all."""
    per_stage = kv_gib(model, workload) / pp
    return per_stage if model.mla else per_stage / min(tp, model.kv_heads)


def activations_gib(model: ModelShape, tp: int) -> float:
    """The activations vLLM reserves: a prefill step of `ACTIVATION_TOKENS` tokens through the widest
    layer (the MLP's gate and up projections, split by TP, and the residual stream with its normed copy,
    in 16-bit), the same at the largest captured CUDA graph's batch, and the float32 logits of
    `MAX_SEQUENCES` sequences over the whole vocabulary."""
    width = model.mlp_width or 4 * model.hidden_size
    per_token = (2 * width / tp + 2 * model.hidden_size) * 2
    logits = MAX_SEQUENCES * model.vocab_size * 4
    return ((ACTIVATION_TOKENS + CUDA_GRAPH_BATCH) * per_token + logits) / GIB


def memory_per_gpu(model: ModelShape, workload: Workload, tp: int, pp: int) -> Memory:
    return Memory(
        weights_gib=weights_gib(model, workload.weight_bits) / (tp * pp),
        kv_cache_gib=kv_per_gpu_gib(model, workload, tp, pp),
        activations_gib=activations_gib(model, tp),
        overhead_gib=RUNTIME_OVERHEAD_GIB,
    )


def tp_divides(model: ModelShape, tp: int) -> bool:
    """vLLM shards attention heads over TP ranks; KV heads are split or replicated evenly."""
    return model.attention_heads % tp == 0 and (model.kv_heads % tp == 0 or tp % model.kv_heads == 0)


def _layouts(model: ModelShape, inventory: Inventory) -> Iterator[tuple[int, int, int, str]]:
    """(tp, pp, machines per replica, why) from the smallest replica up, preferred layout first."""
    per_machine = inventory.gpus_per_machine
    sizes = [w for w in (1, 2, 4, 8, 16) if w <= per_machine and per_machine % w == 0]
    for world in sizes:
        preferred_tp = world if inventory.intra_link == "nvlink" else min(world, 2)
        for tp in sorted({t for t in range(1, world + 1) if world % t == 0}, key=lambda t: (t != preferred_tp, -t)):
            why = (
                f"TP {tp} inside one machine over NVLink"
                if inventory.intra_link == "nvlink"
                else f"TP {tp} over PCIe, the rest as pipeline stages"
                " (all-reduce over PCIe beyond 2 GPUs costs more than it gains)"
            )
            yield tp, world // tp, 1, why
    if inventory.inter_link == "none":
        return
    preference = sorted(sizes, key=lambda t: -t if inventory.intra_link == "nvlink" else (t != 2, t))
    for machines in range(2, inventory.machines + 1):
        for tp in preference:
            stages_per_machine = per_machine // tp
            link = f"{inventory.inter_link} ({inventory.inter_gbps:g} Gb/s)"
            yield (
                tp,
                stages_per_machine * machines,
                machines,
                (
                    f"TP {tp} inside each machine, {machines} machines as pipeline stages over {link}; "
                    "never TP across machines"
                ),
            )


def plan(model: ModelShape, inventory: Inventory, workload: Workload | None = None) -> Plan | Infeasible:
    """The smallest replica layout that fits, replicated over the rest of the region."""
    workload = workload or Workload()
    usable = inventory.gpu_memory_gib * USABLE_FRACTION
    divisibility = []
    for tp, pp, machines, why in _layouts(model, inventory):
        if not tp_divides(model, tp):
            divisibility.append(
                f"TP {tp} does not divide {model.attention_heads} attention / {model.kv_heads} KV heads"
            )
            continue
        if pp > model.layers:
            continue
        memory = memory_per_gpu(model, workload, tp, pp)
        if memory.total_gib > usable:
            continue
        replicas = inventory.machines // machines if machines > 1 else inventory.gpus // (tp * pp)
        return Plan(
            model=model.name,
            tensor_parallel=tp,
            pipeline_parallel=pp,
            data_parallel=replicas,
            machines_per_replica=machines,
            memory_per_gpu=memory,
            usable_gib=usable,
            explanation=_explain(model, inventory, workload, tp, pp, machines, replicas, memory, usable, why),
            expert_parallel=model.experts > 1 and tp > 1,
        )
    return _infeasible(model, inventory, workload, usable)


def _explain(
    model: ModelShape,
    inventory: Inventory,
    workload: Workload,
    tp: int,
    pp: int,
    machines: int,
    replicas: int,
    memory: Memory,
    usable: float,
    why: str,
) -> tuple[str, ...]:
    lines = [
        f"weights: {weights_gib(model, workload.weight_bits):.1f} GiB at {workload.weight_bits}-bit"
        f" ({model.params_b:.1f}B parameters)",
        f"KV cache: {kv_gib(model, workload):.1f} GiB for {workload.concurrent_sequences} sequences of"
        f" {min(workload.context_tokens, model.max_context)} tokens"
        f" ({model.kv_elements_per_token * workload.kv_bits // 8 / 1024:.0f} KiB/token)",
        f"per GPU: {memory.weights_gib:.1f} weights + {memory.kv_cache_gib:.1f} KV + {memory.activations_gib:.1f}"
        f" activations + {memory.overhead_gib:.1f} overhead = {memory.total_gib:.1f} of {usable:.1f} usable GiB",
        f"layout: {why}",
    ]
    if tp * pp == 1:
        lines.append("the model fits on one GPU: no sharding, every GPU is a replica")
    if model.mla and tp > 1:
        lines.append("MLA: every TP rank holds the whole latent KV cache of its layers (it is not split by TP)")
    elif tp > model.kv_heads:
        lines.append(f"TP {tp} > {model.kv_heads} KV heads: each KV head is replicated on {tp // model.kv_heads} ranks")
    if model.experts > 1 and tp > 1:
        lines.append(
            f"MoE: expert parallelism, each of the {model.experts} experts whole on one of the {tp} ranks"
            " (vLLM enable_expert_parallel) rather than every expert sliced"
        )
    if machines == 1 and inventory.machines > 1:
        lines.append(
            "one replica fits in one machine: machines are joined only by data parallelism (no cross-machine traffic)"
        )
    lines.append(f"data parallelism: {replicas} replica(s) of {tp * pp} GPU(s) on {inventory.gpus} GPUs")
    return tuple(lines)


def _infeasible(model: ModelShape, inventory: Inventory, workload: Workload, usable: float) -> Infeasible:
    whole = memory_per_gpu(model, workload, 1, 1)
    reason = (
        f"{model.name} needs {whole.weights_gib:.0f} GiB of weights and {whole.kv_cache_gib:.0f} GiB of KV cache;"
        f" {inventory.machines} machine(s) of {inventory.gpus_per_machine} x {inventory.gpu_memory_gib:g} GiB GPUs"
        f" cannot hold one replica ({usable:.1f} GiB usable per GPU)"
    )
    options: list[tuple[int, str]] = []
    for bits in (8, 4):
        if bits < workload.weight_bits and isinstance(
            plan(model, inventory, replace(workload, weight_bits=bits)), Plan
        ):
            options.append(
                (1, f"quantize the weights to {bits}-bit ({weights_gib(model, bits):.0f} GiB) and it fits as is")
            )
            break
    fitting = _max_sequences(model, inventory, workload)
    if fitting >= 1:
        options.append(
            (
                2,
                f"serve at most {fitting} concurrent sequences of {workload.context_tokens} tokens"
                f" instead of {workload.concurrent_sequences}",
            )
        )
    extra = _machines_needed(model, inventory, workload)
    if extra is not None:
        options.append(
            (
                3,
                f"add {extra} machine(s) of {inventory.gpus_per_machine} x {inventory.gpu_memory_gib:g} GiB"
                + ("" if inventory.inter_link != "none" else " with an inter-machine link"),
            )
        )
    if not options:
        options.append((4, "use GPUs with more memory, or a smaller model"))
    options.sort()
    texts = tuple(text for _, text in options)
    return Infeasible(model.name, reason, texts[0], texts[1:])


def _max_sequences(model: ModelShape, inventory: Inventory, workload: Workload) -> int:
    low, high = 0, workload.concurrent_sequences - 1
    while low < high:
        middle = (low + high + 1) // 2
        if isinstance(plan(model, inventory, replace(workload, concurrent_sequences=middle)), Plan):
            low = middle
        else:
            high = middle - 1
    return low


def _machines_needed(model: ModelShape, inventory: Inventory, workload: Workload) -> int | None:
    link: InterLink = inventory.inter_link if inventory.inter_link != "none" else "infiniband"
    for machines in range(inventory.machines + 1, inventory.machines + 64):
        if isinstance(plan(model, replace(inventory, machines=machines, inter_link=link), workload), Plan):
            return machines - inventory.machines
    return None


def format_plan(result: Plan | Infeasible) -> str:
    if isinstance(result, Infeasible):
        lines = [f"INFEASIBLE: {result.reason}", f"smallest change: {result.suggestion}"]
        lines += [f"or: {alternative}" for alternative in result.alternatives]
        return "\n".join(lines)
    head = (
        f"{result.model}: TP={result.tensor_parallel} PP={result.pipeline_parallel} DP={result.data_parallel}"
        f" ({result.world_size} GPU(s) per replica on {result.machines_per_replica} machine(s))"
    )
    return "\n".join([head, *(f"  - {line}" for line in result.explanation)])


MEMORY_UNITS = {"gib": 1.0, "gb": 1e9 / GIB, "mib": 1 / 1024, "mb": 1e6 / GIB, "tib": 1024.0, "tb": 1e12 / GIB}


def parse_memory_gib(text: str) -> float:
    """A GPU's memory as GiB: `80GiB`, `80GB` (vendors' decimal gigabytes: 74.5 GiB), `81559MiB` (as
    nvidia-smi prints it), or a plain number, read as GiB."""
    value = text.strip().lower().replace(" ", "")
    number = value.rstrip("abcdefghijklmnopqrstuvwxyz")
    unit = value[len(number) :] or "gib"
    try:
        amount = float(number)
    except ValueError:
        raise ValueError(f"{text!r} is not an amount of memory (e.g. 80GiB, 80GB, 81559MiB)") from None
    if unit not in MEMORY_UNITS or amount <= 0:
        raise ValueError(f"{text!r}: give a positive amount in GiB, GB, MiB, MB, TiB or TB (e.g. 80GiB)")
    return amount * MEMORY_UNITS[unit]
