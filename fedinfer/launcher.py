"""`fedinfer up`: the whole federation on one machine, each service its own process with its own log.

From one federation file: the CA and certificates (created if absent), a demo tenant token for the
regions and an admin token for the coordinator's admin API, the NATS hub and one leaf server per
region with mTLS, the coordinator, and a region node per region; for a region marked `echo_upstream`,
the project's echo inference server too, which that region then serves from (`engine.kind: openai`),
as it would from its own vLLM replicas. Stopping
terminates every process (and its children), escalating to SIGKILL; nothing is left behind.
"""

from __future__ import annotations

import contextlib
import functools
import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import httpx
import yaml
from pydantic import BaseModel, ConfigDict, Field

from coordinator.tenants import Tenant
from federation.local import LocalFabric, ensure_identities, local_topology
from federation.server import NatsServer, free_port
from region_node.config import hash_token

from .supervisor import Supervisor


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EchoUpstreamEntry(_Strict):
    """The echo server standing in for a region's own OpenAI-compatible inference server."""

    delay_ms: float = Field(5.0, ge=0, description="Per generated word.")
    port: int | None = Field(None, description="Its port; absent: a free one.")


class RegionEntry(_Strict):
    api_port: int | None = Field(None, description="Its API port; absent: a free one.")
    echo_upstream: EchoUpstreamEntry | None = Field(
        None, description="Serve this region from a local echo inference server (engine kind openai)."
    )
    limits: dict[str, Any] = Field(default_factory=dict, description="Overrides of the region's limits.")
    offload: dict[str, Any] = Field(default_factory=dict, description="Overrides of the region's offload settings.")
    engine: dict[str, Any] = Field(default_factory=dict, description="Overrides of the shared engine settings.")


class CoordinatorEntry(_Strict):
    http_port: int | None = Field(None, description="The first coordinator's admin API port; absent: a free one.")
    replicas: int = Field(
        1, ge=1, le=9, description="Coordinators sharing the work (each submission handled by one of them)."
    )
    settings: dict[str, str] = Field(default_factory=dict, description="FEDINFER_COORDINATOR_* overrides, by field.")


class FederationFile(_Strict):
    """A local federation (`examples/federation.yaml`)."""

    name: str = "demo"
    state_dir: Path = Path(".fedinfer/demo")
    policy: Path
    host: str = "127.0.0.1"
    hub_servers: Literal[1, 3] = Field(
        1, description="NATS hub servers: 1, or a cluster of 3 whose job stream and ledger are replicated on all."
    )
    coordinator: CoordinatorEntry = Field(default_factory=CoordinatorEntry)
    engine: dict[str, Any] = Field(default_factory=lambda: {"kind": "embedded"})
    regions: dict[str, RegionEntry] = Field(min_length=1)

    @classmethod
    def load(cls, path: Path) -> FederationFile:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        base = path.resolve().parent
        for key in ("state_dir", "policy"):
            if isinstance(data.get(key), str):
                data[key] = str((base / data[key]).resolve())
        return cls.model_validate(data)


class Service:
    """One child process and its log; ready when its own `/healthz` at `url` answers 200."""

    def __init__(self, name: str, command: list[str], env: dict[str, str], log: Path, url: str) -> None:
        self.name, self.command, self.env, self.log, self.url = name, command, env, log, url
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Service:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("ab") as handle:
            self.process = subprocess.Popen(
                self.command,
                env={**os.environ, **self.env},
                stdout=handle,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        return self

    def is_ready(self) -> bool:
        if self.process is None or self.process.poll() is not None:
            tail = self.log.read_text(errors="replace")[-2500:] if self.log.exists() else ""
            raise RuntimeError(f"{self.name} exited during start; its log ({self.log}) ends with:\n{tail}")
        return healthy(self.url)

    def stop(self, grace: float = 20.0) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(grace)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(grace)

    def kill(self) -> None:
        """Die abruptly, as a crashed machine would."""
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)


class Federation:
    """A running local federation. `with Federation(spec) as running: ...`"""

    def __init__(
        self, spec: FederationFile, *, progress: Callable[[str], None] | None = None, supervise: bool = False
    ) -> None:
        """`supervise`: restart any process that dies, with a back-off, and say so (`fedinfer up`)."""
        self.spec = spec
        self.supervise = supervise
        self.supervisor: Supervisor | None = None
        self.state = spec.state_dir
        self.progress = progress or (lambda message: None)
        self.regions = sorted(spec.regions)
        self.pki = self.state / "pki"
        self.logs = self.state / "logs"
        self.token = ""
        self.admin_token = ""
        self.fabric: LocalFabric | None = None
        self.coordinators: dict[str, Service] = {}
        """By instance name: `coordinator`, or `coordinator-1`, `coordinator-2`, ... when several share the work."""
        self.nodes: dict[str, Service] = {}
        self.upstreams: dict[str, Service] = {}
        self.api_ports: dict[str, int] = {}
        self.upstream_ports: dict[str, int] = {}
        replicas = spec.coordinator.replicas
        self.instances = ["coordinator"] if replicas == 1 else [f"coordinator-{i}" for i in range(1, replicas + 1)]
        self.coordinator_ports = {name: free_port(spec.host) for name in self.instances}
        if spec.coordinator.http_port:
            self.coordinator_ports[self.instances[0]] = spec.coordinator.http_port

    # -- what clients need -----------------------------------------------------------------------

    def api_url(self, region: str) -> str:
        return f"http://{self.spec.host}:{self.api_ports[region]}"

    @property
    def coordinator(self) -> Service | None:
        """The first coordinator (the only one, unless several share the work)."""
        return self.coordinators.get(self.instances[0])

    @property
    def coordinator_url(self) -> str:
        return self.coordinator_url_of(self.instances[0])

    def coordinator_url_of(self, instance: str) -> str:
        return f"http://{self.spec.host}:{self.coordinator_ports[instance]}"

    # -- life cycle ------------------------------------------------------------------------------

    def start(self, timeout: float = 600.0) -> Federation:
        try:
            self._start(timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _start(self, timeout: float) -> None:
        self.state.mkdir(parents=True, exist_ok=True)
        created = ensure_identities(self.pki, self.regions)
        self.progress(f"certificates in {self.pki}: {len(created)} created, the others reused")
        self.token = self._secret("demo-token")
        self.admin_token = self._secret("admin-token")
        self._prepare_model()
        topology = local_topology(self.state, self.pki, self.regions, self.spec.host, hub_nodes=self.spec.hub_servers)
        self.fabric = LocalFabric(topology).start()
        hubs = " ".join(self.fabric.hub_urls)
        self.progress(f"NATS: hub {hubs} and {len(self.regions)} leaf servers (mTLS)")
        first = self.instances[0]
        self.coordinators[first] = self._coordinator(first).start()
        if len(self.instances) > 1:  # the first creates the shared audit store's tables; the others find them
            self._wait(self.coordinators[first], timeout)
            for name in self.instances[1:]:
                self.coordinators[name] = self._coordinator(name).start()
        for region, entry in self.spec.regions.items():
            if entry.echo_upstream is not None:
                self.upstreams[region] = self._echo_upstream(region).start()
                self._wait(self.upstreams[region], timeout)
        for region in self.regions:
            self.nodes[region] = self._node(region).start()
        self.progress("coordinator and region nodes starting (loading models takes a while)")
        deadline = time.monotonic() + timeout
        pending = {**self.coordinators, **self.nodes}
        while pending:
            for name, service in list(pending.items()):
                if service.is_ready():
                    del pending[name]
                    self.progress(f"{name} ready")
            if time.monotonic() > deadline:
                raise TimeoutError(f"not ready after {timeout:g} s: {', '.join(pending)}; see {self.logs}")
            time.sleep(0.2)
        while set(self.regions) - self.live_regions():  # the first heartbeats reach the coordinator
            if time.monotonic() > deadline:
                raise TimeoutError(f"regions not live at the coordinator after {timeout:g} s; see {self.logs}")
            time.sleep(0.1)
        if self.supervise:
            self.supervisor = self._supervisor().start()

    def _supervisor(self) -> Supervisor:
        """Every process started here, watched: NATS servers, the coordinator, upstreams and region nodes
        (each read afresh, since a restart replaces it)."""
        assert self.fabric is not None
        supervisor = Supervisor(self.progress)
        for server in (*self.fabric.hubs, *self.fabric.leaves.values()):
            supervisor.watch(f"nats-server {server.name}", server.exit_code, functools.partial(_restart, server))
        for name in self.coordinators:
            _watch(supervisor, name, self.coordinators, name, self._coordinator)
        for region in self.upstreams:
            _watch(supervisor, f"{region} echo upstream", self.upstreams, region, self._echo_upstream)
        for region in self.regions:
            _watch(supervisor, region, self.nodes, region, self._node)
        return supervisor

    def live_regions(self) -> set[str]:
        """The regions with a live node, as the coordinator's admin API reports them."""
        try:
            response = httpx.get(
                f"{self.coordinator_url}/v1/regions",
                headers={"Authorization": f"Bearer {self.admin_token}"},
                timeout=5,
            )
        except httpx.HTTPError:
            return set()
        if response.status_code != 200:
            return set()
        return {entry["region"] for entry in response.json()["regions"] if entry["live"]}

    def _prepare_model(self) -> None:
        """Convert the packaged model once here, rather than in every region node at the same time."""
        engine = self.spec.engine
        if engine.get("kind", "embedded") != "embedded" or engine.get("path") is not None:
            return
        from region_node.config import EngineConfig
        from region_node.engines.model_files import converted, packaged_smollm2

        cache = EngineConfig.model_validate({k: v for k, v in engine.items() if k in ("cache_dir",)}).cache_dir
        self.progress("preparing the model (converted once, then cached)")
        self.spec.engine = {**engine, "path": str(converted(packaged_smollm2(), cache))}

    def stop(self) -> None:
        if self.supervisor is not None:  # first: what is stopped on purpose is not restarted
            self.supervisor.stop()
        for service in [*self.nodes.values(), *self.upstreams.values()]:
            service.stop()
        for coordinator in self.coordinators.values():
            coordinator.stop()
        if self.fabric is not None:
            self.fabric.stop()

    def __enter__(self) -> Federation:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- faults (for the end-to-end tests) -------------------------------------------------------

    def restart_node(self, region: str, timeout: float = 300.0) -> None:
        self.nodes[region].stop()
        self.nodes[region] = self._node(region).start()
        self._wait(self.nodes[region], timeout)

    def restart_coordinator(self, instance: str | None = None, *, kill: bool = False, timeout: float = 120.0) -> None:
        name = instance or self.instances[0]
        self.coordinators[name].kill() if kill else self.coordinators[name].stop()
        self.coordinators[name] = self._coordinator(name).start()
        self._wait(self.coordinators[name], timeout)

    @staticmethod
    def _wait(service: Service, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not service.is_ready():
            if time.monotonic() > deadline:
                raise TimeoutError(f"{service.name} did not become ready; see {service.log}")
            time.sleep(0.2)

    # -- wiring ----------------------------------------------------------------------------------

    def _secret(self, name: str) -> str:
        """A bearer token kept in the state folder (mode 0600), made on the first start."""
        path = self.state / name
        if not path.exists():
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w") as handle:
                handle.write(f"fi-{secrets.token_urlsafe(24)}")
        return path.read_text().strip()

    def _coordinator(self, instance: str) -> Service:
        assert self.fabric is not None
        admin = Tenant(name="admin", token_sha256=hash_token(self.admin_token), roles=("admin", "audit"))
        tenants = self.state / "coordinator-tenants.yaml"
        tenants.write_text(yaml.safe_dump([admin.model_dump(mode="json")], sort_keys=False), encoding="utf-8")
        env = {
            "FEDINFER_COORDINATOR_TENANTS_FILE": str(tenants),
            "FEDINFER_COORDINATOR_NATS_URL": ",".join(self.fabric.hub_urls),
            "FEDINFER_COORDINATOR_JETSTREAM_REPLICAS": str(len(self.fabric.hubs)),
            "FEDINFER_COORDINATOR_PKI_DIR": str(self.pki),
            "FEDINFER_COORDINATOR_POLICY": str(self.spec.policy),
            "FEDINFER_COORDINATOR_AUDIT_URL": f"sqlite:///{self.state / 'coordinator-audit.db'}",
            "FEDINFER_COORDINATOR_HTTP_HOST": self.spec.host,
            "FEDINFER_COORDINATOR_HTTP_PORT": str(self.coordinator_ports[instance]),
            "FEDINFER_COORDINATOR_INSTANCE": instance,
            **{f"FEDINFER_COORDINATOR_{k.upper()}": v for k, v in self.spec.coordinator.settings.items()},
        }
        return Service(
            instance,
            [sys.executable, "-m", "coordinator.app"],
            env,
            self.logs / f"{instance}.log",
            self.coordinator_url_of(instance),
        )

    def _engine(self, region: str) -> dict[str, Any]:
        engine = {**self.spec.engine, **self.spec.regions[region].engine}
        upstream = self.upstreams.get(region)
        if upstream is None:
            return engine
        model = engine.get("model", "smollm2-135m-instruct")
        return {"kind": "openai", "model": model, "upstreams": [{"url": f"{upstream.url}/v1", "model": "echo"}]}

    def _echo_upstream(self, region: str) -> Service:
        entry = self.spec.regions[region].echo_upstream
        assert entry is not None
        port = self.upstream_ports.setdefault(region, entry.port or free_port(self.spec.host))
        command = [sys.executable, "-m", "fedinfer.echo_upstream", "--host", self.spec.host, "--port", str(port)]
        command += ["--delay-ms", str(entry.delay_ms)]
        return Service(
            f"{region} echo upstream",
            command,
            {},
            self.logs / f"{region}-upstream.log",
            f"http://{self.spec.host}:{port}",
        )

    def _node(self, region: str) -> Service:
        assert self.fabric is not None
        entry = self.spec.regions[region]
        port = self.api_ports.setdefault(region, entry.api_port or free_port(self.spec.host))
        config = {
            "region": region,
            "node": "node-1",
            "policy": str(self.spec.policy),
            "nats": {"url": self.fabric.leaf_url(region), "pki_dir": str(self.pki)},
            "api": {"host": self.spec.host, "port": port},
            "tenants": [
                {"name": "demo", "token_sha256": hash_token(self.token), "roles": ["inference", "audit"]},
            ],
            "engine": self._engine(region),
            "audit": {"url": f"sqlite:///{self.state / f'{region}-audit.db'}"},
            "limits": entry.limits,
            # The regions share this machine's cores: PII detection processes for each region's share.
            "pii": {"detect_workers": len(os.sched_getaffinity(0)) // len(self.regions)},
            # drained within the 20 s a stop grants each process before it is killed
            "offload": {"heartbeat_s": 1.0, "drain_timeout_s": 10, **entry.offload},
        }
        path = self.state / "regions" / f"{region}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
        return Service(
            region,
            [sys.executable, "-m", "region_node.app", str(path)],
            {},
            self.logs / f"{region}.log",
            self.api_url(region),
        )


@contextlib.contextmanager
def running(spec: FederationFile, progress: Callable[[str], None] | None = None) -> Iterator[Federation]:
    federation = Federation(spec, progress=progress)
    try:
        yield federation.start()
    finally:
        federation.stop()


def _watch(
    supervisor: Supervisor, name: str, services: dict[str, Service], key: str, make: Callable[[str], Service]
) -> None:
    """Watch `services[key]`; a restart puts a fresh one, made by `make(key)`, in its place."""

    def restart() -> None:
        services[key] = make(key).start()

    supervisor.watch(name, lambda: _exit_code(services[key]), restart)


def _restart(server: NatsServer) -> None:
    server.start()


def _exit_code(service: Service | None) -> int | None:
    """A service's exit code once it has exited; None while it runs (or before it started)."""
    return None if service is None or service.process is None else service.process.poll()


def healthy(url: str) -> bool:
    try:
        return httpx.get(f"{url}/healthz", timeout=5).status_code == 200
    except httpx.HTTPError:
        return False
