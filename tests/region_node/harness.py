"""Running real region nodes (engine, API over HTTP with uvicorn) in background threads for tests."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from types import TracebackType
from typing import Any

import uvicorn
import uvloop

from federation.server import free_port
from region_node.app import RegionNode
from region_node.config import RegionConfig, hash_token
from region_node.engines import Engine
from tests.conftest import EXAMPLES

POLICY = EXAMPLES / "policies" / "federation.yaml"
TOKEN = "test-token-clinic-a"
AUDITOR_TOKEN = "test-token-auditor"
COORDINATOR_ADMIN_TOKEN = "test-token-coordinator-admin"


def region_config(
    tmp: Path, region: str, model_path: Path, *, model: str = "smollm2-135m-instruct", **overrides: Any
) -> RegionConfig:
    values: dict[str, Any] = {
        "region": region,
        "node": "node-1",
        "policy": POLICY,
        "api": {"host": "127.0.0.1", "port": free_port()},
        "tenants": [
            {"name": "clinic-a", "token_sha256": hash_token(TOKEN), "roles": ["inference"]},
            {"name": "dpo", "token_sha256": hash_token(AUDITOR_TOKEN), "roles": ["audit"]},
        ],
        "engine": {"kind": "embedded", "model": model, "path": model_path, "max_batch": 8, "max_model_len": 512},
        "audit": {"url": f"sqlite:///{tmp / f'{region}-audit.db'}"},
        **overrides,
        # A stopping test node does not wait half a minute for a job whose client is gone.
        "offload": {"drain_timeout_s": 1.0, **overrides.get("offload", {})},
        # Detection on the node's own thread: the process pool is tested on its own (tests/pii/test_batching.py),
        # and a pool per test node would only load this small machine.
        "pii": {"detect_workers": 0, **overrides.get("pii", {})},
    }
    return RegionConfig(**values)


class RunningNode:
    """A region node with its HTTP API on a free port, in its own thread and event loop; `engine`, when
    given, replaces the one the configuration would build (e.g. one that fails on cue)."""

    def __init__(self, config: RegionConfig, engine: Engine | None = None) -> None:
        self.config = config
        self.engine = engine
        self.node: RegionNode | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._server: uvicorn.Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=self._run, name=f"region-{config.region}", daemon=True)

    @property
    def url(self) -> str:
        return f"http://{self.config.api.host}:{self.config.api.port}"

    def _run(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            try:
                self.node = RegionNode(self.config, self.engine)
                await self.node.start()
                self._server = uvicorn.Server(
                    uvicorn.Config(
                        self.node.app(), host=self.config.api.host, port=self.config.api.port, log_level="warning"
                    )
                )
                serving = asyncio.create_task(self._server.serve())
                while not self._server.started:
                    if serving.done():
                        await serving
                    await asyncio.sleep(0.02)
            except BaseException as exc:
                self._error = exc
                self._ready.set()
                if self.node is not None:
                    await self.node.stop()
                return
            self._ready.set()
            await serving

        uvloop.run(main())

    def start(self, timeout: float = 300) -> RunningNode:
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError(f"region {self.config.region} did not start within {timeout} s")
        if self._error is not None:
            raise self._error
        return self

    def call(self, coroutine: Any, timeout: float = 60) -> Any:
        """Run a coroutine on the node's own loop (its engine and audit writer live there)."""
        assert self._loop is not None
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout)

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        self._thread.join(timeout=120)

    def __enter__(self) -> RunningNode:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()


class Wiretap:
    """An operator identity subscribed to every subject on the hub and on every leaf, recording all
    payloads that cross the fabric (in its own thread and loop)."""

    def __init__(self, fabric: Any) -> None:
        from federation import FabricConnection, Identity

        self.fabric = fabric
        self.captured: list[tuple[str, str, bytes]] = []
        self._connections = [
            FabricConnection(Identity("admin", fabric.topology.pki_dir)) for _ in range(1 + len(fabric.leaves))
        ]
        self._urls = [fabric.hub_url, *(fabric.leaf_url(r) for r in fabric.leaves)]
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="wiretap", daemon=True)

    def start(self) -> Wiretap:
        self._thread.start()

        async def tap() -> None:
            for connection, url in zip(self._connections, self._urls, strict=True):
                await connection.connect([url])

                async def record(msg: Any, where: str = url) -> None:
                    self.captured.append((where, msg.subject, bytes(msg.data)))

                await connection.subscribe(">", cb=record)

        asyncio.run_coroutine_threadsafe(tap(), self._loop).result(30)
        return self

    def stop(self) -> None:
        async def close() -> None:
            for connection in self._connections:
                await connection.close()

        asyncio.run_coroutine_threadsafe(close(), self._loop).result(30)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    def payloads(self) -> bytes:
        return b"\n".join(data for _, _, data in self.captured)

    def subjects(self) -> str:
        """Every subject heard so far, one per line."""
        return "\n".join(subject for _, subject, _ in self.captured)


class CoordinatorProcess:
    """`python -m coordinator.app` as its own process, as deployed."""

    def __init__(self, fabric: Any, state: Path, policy: Path = POLICY, **settings: str) -> None:
        import os

        self.http_port = free_port()
        tenants = state / "coordinator-tenants.yaml"
        tenants.write_text(
            f"- {{name: operator, token_sha256: {hash_token(COORDINATOR_ADMIN_TOKEN)}, roles: [admin, audit]}}\n",
            encoding="utf-8",
        )
        self.environment = {
            **os.environ,
            "FEDINFER_COORDINATOR_TENANTS_FILE": str(tenants),
            "FEDINFER_COORDINATOR_NATS_URL": fabric.hub_url,
            "FEDINFER_COORDINATOR_PKI_DIR": str(fabric.topology.pki_dir),
            "FEDINFER_COORDINATOR_POLICY": str(policy),
            "FEDINFER_COORDINATOR_AUDIT_URL": f"sqlite:///{state / 'coordinator-audit.db'}",
            "FEDINFER_COORDINATOR_HTTP_PORT": str(self.http_port),
            "FEDINFER_COORDINATOR_HEARTBEAT_TTL_S": "4",
            **{f"FEDINFER_COORDINATOR_{k.upper()}": v for k, v in settings.items()},
        }
        self.log = state / "coordinator.log"
        self.process: Any = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"

    def start(self) -> CoordinatorProcess:
        """Start it and wait until its own /healthz says it is connected (not until a log line appears)."""
        import subprocess
        import sys
        import time

        import httpx

        handle = self.log.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "coordinator.app"], env=self.environment, stdout=handle, stderr=subprocess.STDOUT
        )
        handle.close()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the coordinator exited: {self.log.read_text()[-3000:]}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                pass  # not listening yet
            time.sleep(0.1)
        raise TimeoutError(f"the coordinator did not start: {self.log.read_text()[-3000:]}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)
