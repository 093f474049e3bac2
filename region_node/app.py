"""Building and running a region node from its configuration file."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import uvicorn
import uvloop
from fastapi import FastAPI

import audit
import policy
from federation import FabricConnection, Identity, pki, tracing
from federation.fabric import Fabric

from .api import create_app
from .catalogue import CatalogueListener
from .config import EngineConfig, RegionConfig, load_region_config
from .egress import Egress
from .engines import Engine
from .engines.embedded import EmbeddedEngine
from .engines.model_files import SMOLLM2_NAME, converted, packaged_smollm2
from .engines.openai_upstream import OpenAIUpstreamEngine, Upstream
from .engines.vllm_engine import VllmEngine
from .errors import ConfigError, EngineError
from .metrics import RegionMetrics
from .parallel.launcher import LocalSpawner, SshSpawner, WorkerGroup, headless_command, multi_node_args
from .policy_follower import PolicyFollower
from .serving import RegionService
from .worker import Worker

log = logging.getLogger(__name__)


def build_engine(config: RegionConfig) -> Engine:
    settings = config.engine
    if settings.kind == "vllm":
        return build_vllm(settings)
    if settings.kind == "openai":
        return build_upstream(settings)
    path = settings.path
    if path is None:
        if settings.model != SMOLLM2_NAME:
            raise ConfigError(
                f"engine.path is required for model {settings.model!r} (only {SMOLLM2_NAME} ships with fedinfer)"
            )
        path = converted(packaged_smollm2(), settings.cache_dir)
    return EmbeddedEngine(
        settings.model,
        path,
        max_batch=settings.max_batch,
        max_model_len=settings.max_model_len,
        dtype=settings.dtype,
        threads=settings.threads,
        compute_priority=settings.compute_priority,
    )


def build_vllm(settings: EngineConfig) -> VllmEngine:
    """vLLM on this machine, or across the region's machines with headless workers on the others."""
    args = settings.vllm_args()
    cluster = settings.cluster
    if cluster is None:
        return VllmEngine(settings.model, args, capacity=settings.max_batch)
    args = multi_node_args(args, nodes=cluster.nodes, master_addr=cluster.master_addr, master_port=cluster.master_port)
    if cluster.spawner == "none":  # started, and restarted with the head as one group, by the orchestrator
        return VllmEngine(settings.model, args, capacity=settings.max_batch)
    binds = cluster.omp_threads_bind
    commands = [
        (headless_command(args, rank), {"VLLM_CPU_OMP_THREADS_BIND": binds[rank]} if binds else {})
        for rank in range(1, cluster.nodes)
    ]
    spawner = SshSpawner(cluster.workers) if cluster.spawner == "ssh" else LocalSpawner()
    workers = WorkerGroup(commands, settings.log_dir, spawner=spawner)
    if binds:
        os.environ["VLLM_CPU_OMP_THREADS_BIND"] = binds[0]  # the head's own workers, started in-process
    return VllmEngine(settings.model, args, capacity=settings.max_batch, workers=workers)


def build_upstream(settings: EngineConfig) -> OpenAIUpstreamEngine:
    """The region's own OpenAI-compatible servers; API keys are read from their files here."""
    upstreams = []
    for server in settings.upstreams:
        key = None
        if server.api_key_file is not None:
            try:
                key = server.api_key_file.read_text(encoding="utf-8").strip()
            except OSError as exc:
                problem = f"engine.upstreams: cannot read the API key file {server.api_key_file}: {exc}"
                raise ConfigError(problem) from exc
        upstreams.append(Upstream(server.url, server.model or settings.model, key, server.capacity, server.health_path))
    return OpenAIUpstreamEngine(
        settings.model,
        upstreams,
        probe_interval_s=settings.probe_interval_s,
        affinity_chars=settings.affinity_prefix_chars,
    )


class RegionNode:
    """Everything one region node runs: engine, audit writer, federation link, worker, service."""

    def __init__(self, config: RegionConfig, engine: Engine | None = None, fabric: Fabric | None = None) -> None:
        """`fabric`: an already connected one to use instead of the NATS link in `config.nats`
        (`federation.memory` in tests)."""
        self.config = config
        self.watched_policy = policy.WatchedPolicy(config.policy)
        self.policy = self.watched_policy.current
        unfit = self._unfit(self.policy)
        if unfit is not None:
            raise ConfigError(unfit)
        self.engine = engine
        self.metrics = RegionMetrics()
        self.store = audit.AuditStore(config.audit.url)
        key = config.audit.key_file.read_bytes().strip() if config.audit.key_file else None
        self.audit = audit.AuditWriter(self.store, f"{config.region}/{config.node}", key=key)
        self.connection: Fabric | None = fabric
        self.worker: Worker | None = None
        self.service: RegionService | None = None
        self._closing: list[Callable[[], None]] = []
        self.follower = PolicyFollower(
            self.watched_policy,
            region=config.region,
            node=config.node,
            audit_writer=self.audit,
            unfit=self._unfit,
            take=self._take,
        )

    def _unfit(self, candidate: policy.Policy) -> str | None:
        """Why this node cannot run under `candidate`: its region missing, or its tenants undeclared."""
        config = self.config
        if config.region not in candidate.regions:
            return (
                f"region {config.region!r} is not in the policy {config.policy}"
                f" (regions: {', '.join(candidate.regions)})"
            )
        declared = candidate.tenants
        undeclared = [t.name for t in config.tenants if declared is not None and t.name not in declared]
        if undeclared:
            return (
                f"tenants {', '.join(undeclared)} are not declared in the policy {config.policy}"
                f" (tenants: {', '.join(declared or ())}); declare them there or rename them here"
            )
        return None

    def _take(self, fresh: policy.Policy) -> None:
        self.policy = fresh
        if self.service is not None:
            self.service.policy = fresh

    async def start(self) -> RegionService:
        await asyncio.to_thread(self.store.migrate)
        await asyncio.to_thread(self.store.reserve_wal)  # durable egress records then never grow the file
        self.audit.start()
        if self.engine is None:
            self.engine = await asyncio.to_thread(build_engine, self.config)
        await self.engine.start()
        egress, catalogue = None, None
        if self.config.nats is not None or self.connection is not None:
            import pii

            redactor = await asyncio.to_thread(pii.Redactor, self.config.pii)
            self._closing.append(redactor.close)  # its detection processes, if it started any
            if self.connection is None:
                assert self.config.nats is not None
                identity = Identity(pki.node_identity(self.config.region), self.config.nats.pki_dir)
                nats = FabricConnection(identity)
                self.connection = await nats.connect(
                    [self.config.nats.url], max_reconnect_attempts=-1, reconnect_time_wait=0.5
                )
            egress = Egress(
                self.connection,
                region=self.config.region,
                node=self.config.node,
                redactor=redactor,
                audit_writer=self.audit,
                submit_timeout_s=self.config.offload.submit_timeout_s,
                metrics=self.metrics,
            )
            await egress.start()
            catalogue = CatalogueListener(self.connection, self.config.region)
            await catalogue.start()
            self.worker = Worker(
                self.connection,
                region=self.config.region,
                node=self.config.node,
                engine=self.engine,
                audit_writer=self.audit,
                metrics=self.metrics,
                concurrency=self.config.offload.worker_concurrency,
                heartbeat_s=self.config.offload.heartbeat_s,
            )
            await self.worker.start()
        self.service = RegionService(self.config, self.policy, self.engine, self.audit, self.metrics, egress, catalogue)
        await self.follower.start(self.connection)
        return self.service

    async def stop(self) -> None:
        """Drain: finish running jobs, stop the engine, flush the audit log. Safe to call twice."""
        await self.follower.stop()
        if self.worker is not None:
            await self.worker.drain(self.config.offload.drain_timeout_s)
            self.worker = None
        if self.service is not None and self.service.egress is not None:
            await self.service.egress.stop()  # its last withdrawals go out before the link closes
        if self.connection is not None:
            await self.connection.close()
            self.connection = None
        if self.engine is not None:
            await self.engine.stop()
        while self._closing:
            self._closing.pop()()
        await self.audit.close()
        self.store.dispose()

    def app(self) -> FastAPI:
        node = self

        @contextlib.asynccontextmanager
        async def lifespan(app: FastAPI) -> AsyncIterator[None]:
            yield
            await node.stop()

        if self.service is None:
            raise RuntimeError("start() the node before building its app")
        return create_app(self.service, lifespan=lifespan)


GIL_SWITCH_INTERVAL_S = 0.0005
"""While the engine's model thread runs Python between torch operations, the event loop that must
forward a token (or a job's first chunk) waits for the GIL up to this long, not Python's default
5 ms: a streamed chunk's trip to the origin had a 5 ms tail. Throughput at 16 streams unchanged."""


async def serve(config: RegionConfig) -> None:
    tracing.configure(f"region {config.region}/{config.node}")
    node = RegionNode(config)
    await node.start()
    server = uvicorn.Server(uvicorn.Config(node.app(), host=config.api.host, port=config.api.port, log_level="warning"))
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, lambda: setattr(server, "should_exit", True))
    print(f"region {config.region} ready http://{config.api.host}:{config.api.port}", flush=True)
    await server.serve()


def main(argv: list[str] | None = None) -> None:
    args = argv if argv is not None else sys.argv[1:]
    if len(args) != 1:
        raise SystemExit("usage: python -m region_node.app REGION.yaml")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)  # not a line per request to an upstream server
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    try:
        uvloop.run(serve(load_region_config(Path(args[0]))))
    except (ConfigError, policy.PolicyError, EngineError) as exc:
        # What the operator must fix, located (which file, which field), not a traceback; exit 2.
        print(f"region node: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
