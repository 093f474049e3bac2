"""A region node's configuration: one YAML file (pydantic, `extra="forbid"`), with
`FEDINFER_REGION_*` environment overrides (nested with `__`, e.g. `FEDINFER_REGION_API__PORT`)."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, TypeVar, overload

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from pii import PiiSettings

from .engines.embedded import ComputePriority
from .errors import ConfigError as ConfigError  # re-exported: what `load_region_config` raises


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TenantConfig(_Strict):
    """A calling tenant and its bearer token, stored hashed."""

    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$", description="Tenant name; the policy may name it.")
    token_sha256: str = Field(pattern=r"^[0-9a-f]{64}$", description="SHA-256 (hex) of the tenant's bearer token.")
    roles: list[Literal["inference", "audit"]] = Field(["inference"], description="What the tenant may call.")


class ClusterConfig(_Strict):
    """A multi-node engine: this node is rank 0; the others run headless vLLM workers."""

    nodes: int = Field(2, ge=2, description="Machines the engine spans (vLLM `nnodes`).")
    master_addr: str = Field(description="This node's address on the region's internal network (never 0.0.0.0).")
    master_port: int = Field(29500, ge=1, le=65535, description="The rendezvous port.")
    workers: list[str] = Field(default_factory=list, description="Hosts of ranks 1..n-1 (for `spawner: ssh`).")
    spawner: Literal["local", "ssh", "none"] = Field(
        "local",
        description="How workers start: here, over SSH, or none: the orchestrator starts them"
        " (`fedinfer region worker`, e.g. a Kubernetes LeaderWorkerSet) and the head waits for them.",
    )
    omp_threads_bind: list[str] | None = Field(None, description="CPU only: VLLM_CPU_OMP_THREADS_BIND per node rank.")


class UpstreamConfig(_Strict):
    """One OpenAI-compatible inference server of the region (`vllm serve`, SGLang, TGI, llama.cpp)."""

    url: str = Field(
        pattern=r"^https?://[^/\s@]+(/\S*)?$",
        description="Its base URL as OpenAI's SDK takes it, e.g. http://10.0.0.5:8000/v1 (inside the region;"
        " no credentials in it: `api_key_file`).",
    )
    model: str | None = Field(None, description="The model name it serves, when not `engine.model`.")
    api_key_file: Path | None = Field(None, description="A file holding the API key it wants, if any.")
    capacity: int = Field(64, ge=1, description="Requests it takes at once (its vLLM `max_num_seqs`).")
    health_path: str = Field("/health", pattern=r"^/", description="Its health check (vLLM: /health).")


class EngineConfig(_Strict):
    """The local inference engine. vLLM fields are passed through to its engine arguments."""

    kind: Literal["embedded", "vllm", "openai"] = Field(
        "embedded",
        description="embedded (transformers on CPU), vllm (in this process) or openai (the region's own servers).",
    )
    upstreams: list[UpstreamConfig] = Field(
        default_factory=list, description="openai: the region's inference servers (one or more replicas)."
    )
    probe_interval_s: float = Field(2.0, gt=0, description="openai: how often each server's health and load are read.")
    affinity_prefix_chars: int = Field(
        256, ge=1, description="openai: requests sharing this many first characters go to the same server."
    )
    model: str = Field("smollm2-135m-instruct", description="The served model name clients and the policy use.")
    path: Path | None = Field(None, description="Model folder; embedded default: the packaged SmolLM2-135M-Instruct.")
    max_batch: int = Field(8, ge=1, description="Sequences run at once (embedded) / advertised capacity (vLLM).")
    max_model_len: int = Field(2048, ge=64, description="Prompt plus completion tokens per sequence.")
    dtype: str = Field("float32", description="Weights dtype (float32 runs everywhere; bfloat16 needs AMX on CPU).")
    threads: int | None = Field(None, ge=1, description="torch threads for the embedded engine.")
    compute_priority: ComputePriority = Field(
        "idle",
        description="Embedded: scheduling class of the model thread; idle lets the node's I/O preempt it at once.",
    )
    cache_dir: Path = Field(Path.home() / ".cache" / "fedinfer" / "models", description="Converted model cache.")
    tensor_parallel_size: int = Field(1, ge=1, description="vLLM: GPUs per pipeline stage.")
    pipeline_parallel_size: int = Field(1, ge=1, description="vLLM: pipeline stages.")
    quantization: str | None = Field(None, description="vLLM: quantization method (awq, gptq, fp8, ...).")
    enable_prefix_caching: bool | None = Field(None, description="vLLM: reuse KV cache across shared prefixes.")
    speculative_config: dict[str, Any] | None = Field(None, description="vLLM: speculative decoding settings.")
    enable_lora: bool = Field(False, description="vLLM: serve LoRA adapters.")
    gpu_memory_utilization: float | None = Field(None, gt=0, le=1, description="vLLM: memory fraction (CPU: RAM).")
    extra_args: dict[str, Any] = Field(default_factory=dict, description="Other vLLM engine arguments, verbatim.")
    cluster: ClusterConfig | None = Field(None, description="vLLM across several machines of the region.")
    log_dir: Path = Field(Path("logs"), description="Where headless worker logs go.")

    @model_validator(mode="after")
    def _upstreams_for_openai(self) -> EngineConfig:
        if self.kind == "openai" and not self.upstreams:
            raise ValueError("engine kind openai needs `upstreams:` (e.g. [{url: http://10.0.0.5:8000/v1}])")
        if self.kind != "openai" and self.upstreams:
            raise ValueError(f"`upstreams:` is for engine kind openai, not {self.kind!r}")
        urls = [u.url.rstrip("/") for u in self.upstreams]
        twice = sorted({url for url in urls if urls.count(url) > 1})
        if twice:
            raise ValueError(f"upstream {twice[0]} is listed twice; list each server once")
        return self

    def vllm_args(self) -> dict[str, Any]:
        if self.path is None:
            raise ValueError("engine.path is required for the vllm engine (a model folder)")
        args: dict[str, Any] = {
            "model": str(self.path),
            "served_model_name": [self.model],
            "dtype": self.dtype,
            "max_model_len": self.max_model_len,
            "tensor_parallel_size": self.tensor_parallel_size,
            "pipeline_parallel_size": self.pipeline_parallel_size,
            "disable_log_stats": True,
        }
        optional = {
            "quantization": self.quantization,
            "enable_prefix_caching": self.enable_prefix_caching,
            "speculative_config": self.speculative_config,
            "gpu_memory_utilization": self.gpu_memory_utilization,
        }
        args.update({k: v for k, v in optional.items() if v is not None})
        if self.enable_lora:
            args["enable_lora"] = True
        args.update(self.extra_args)
        return args


class NatsConfig(_Strict):
    url: str = Field(description="This region's leaf server, e.g. tls://127.0.0.1:4301.")
    pki_dir: Path = Field(description="Folder with ca.crt and region-<region>.crt/.key.")


class ApiConfig(_Strict):
    host: str = Field("127.0.0.1", description="Listen address of the OpenAI-compatible API.")
    port: int = Field(8000, ge=1, le=65535, description="Listen port.")
    idempotency_ttl_s: float = Field(
        600.0, gt=0, description="How long a retry with the same Idempotency-Key gets the first attempt's answer."
    )
    idempotency_max_keys: int = Field(
        4096, ge=1, description="Idempotency keys remembered at once (the oldest go first)."
    )


class AuditConfig(_Strict):
    url: str = Field("sqlite:///region-audit.db", description="SQLAlchemy URL of this node's audit store.")
    key_file: Path | None = Field(None, description="HMAC key that signs this node's audit chain.")


class Limits(_Strict):
    max_prompt_chars: int = Field(32_000, ge=1, description="Longer prompts get 413.")
    max_queue: int = Field(32, ge=0, description="Requests waiting for the engine beyond this get 429.")
    request_timeout_s: float = Field(120.0, gt=0, description="Past this, 504.")
    default_max_tokens: int = Field(256, ge=1, description="When the request names none.")
    max_tokens_cap: int = Field(4096, ge=1, description="Requests asking for more get 400.")


class OffloadConfig(_Strict):
    default: Literal["auto", "never", "required"] = Field("auto", description="When the request does not say.")
    default_data_class: str = Field("personal", description="A request that names no data class is treated so.")
    submit_timeout_s: float = Field(
        1.5,
        gt=0,
        description="How long the coordinator has to route a job before it is asked again (a retry is routed"
        " once: the coordinators' ledger); what a coordinator that dies costs the jobs it held.",
    )
    heartbeat_s: float = Field(2.0, gt=0, description="Heartbeat interval.")
    worker_concurrency: int = Field(4, ge=1, description="Jobs from other regions run at once.")
    drain_timeout_s: float = Field(
        30.0, gt=0, description="On stop, how long running jobs may finish; the rest are redelivered elsewhere."
    )


class RegionConfig(BaseSettings):
    """One region node."""

    model_config = SettingsConfigDict(env_prefix="FEDINFER_REGION_", env_nested_delimiter="__", extra="forbid")

    region: str = Field(pattern=r"^[a-z][a-z0-9-]{0,62}$", description="This node's region (as in the policy).")
    node: str = Field("node-1", pattern=r"^[a-z][a-z0-9-]{0,62}$", description="This node's name in its region.")
    policy: Path = Field(description="The jurisdiction policy file.")
    nats: NatsConfig | None = Field(None, description="The federation; absent: serve locally only.")
    api: ApiConfig = Field(default_factory=ApiConfig)
    tenants: list[TenantConfig] = Field(min_length=1, description="Who may call, by hashed bearer token.")
    engine: EngineConfig = Field(default_factory=EngineConfig)
    pii: PiiSettings = Field(default_factory=PiiSettings)
    audit: AuditConfig = Field(default_factory=AuditConfig)
    limits: Limits = Field(default_factory=Limits)
    offload: OffloadConfig = Field(default_factory=OffloadConfig)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return env_settings, init_settings  # the environment overrides the file


class WorkerConfig(RegionConfig):
    """The same file read by a machine that runs only an engine's worker (`fedinfer region worker`):
    it serves no API, so it needs no tenants (and its pod is given none)."""

    tenants: list[TenantConfig] = Field(default_factory=list, description="Unused by a worker.")


Config = TypeVar("Config", bound=RegionConfig)


@overload
def load_region_config(path: Path) -> RegionConfig: ...


@overload
def load_region_config(path: Path, kind: type[Config]) -> Config: ...


def load_region_config(path: Path, kind: type[RegionConfig] = RegionConfig) -> RegionConfig:
    """Read a region YAML file; relative paths in it are relative to the file."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ConfigError(f"{path}: cannot read the region configuration: {exc}") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: a region configuration is a mapping with at least `region:`")
    base = path.parent
    for key in ("policy",):
        if isinstance(data.get(key), str):
            data[key] = str((base / data[key]).resolve())
    for section, key in (("nats", "pki_dir"), ("engine", "path"), ("engine", "cache_dir"), ("audit", "key_file")):
        value = (data.get(section) or {}).get(key)
        if isinstance(value, str):
            data[section][key] = str((base / value).resolve())
    for upstream in (data.get("engine") or {}).get("upstreams") or ():
        if isinstance(upstream, dict) and isinstance(upstream.get("api_key_file"), str):
            upstream["api_key_file"] = str((base / upstream["api_key_file"]).resolve())
    try:
        return kind(**data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ConfigError(f"{path}: {problems}") from exc


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def find_tenant(tenants: Sequence[TenantConfig], token: str) -> TenantConfig | None:
    """The tenant whose token this is (compared in constant time), or None."""
    digest = hash_token(token)
    found = None
    for tenant in tenants:
        if hmac.compare_digest(tenant.token_sha256, digest):
            found = tenant
    return found
