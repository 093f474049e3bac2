"""The project's echo inference servers (`fedinfer.echo_upstream`) on free ports, in one background
thread, for tests of the `openai` engine: each server's behaviour can be changed while it runs."""

from __future__ import annotations

import asyncio
import threading
from types import TracebackType
from typing import Any

import uvicorn

from federation.server import free_port
from fedinfer.echo_upstream import Behaviour, Stats, create_app
from tests.waiting import wait_until


class EchoServers:
    def __init__(self, count: int, model: str = "echo", **behaviour: Any) -> None:
        self.model = model
        self.behaviours = [Behaviour(**behaviour) for _ in range(count)]
        self.ports = [free_port() for _ in range(count)]
        self.apps = [create_app(model, b) for b in self.behaviours]
        self._servers: list[uvicorn.Server] = []
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="echo-upstreams", daemon=True)

    @property
    def urls(self) -> list[str]:
        return [f"http://127.0.0.1:{port}/v1" for port in self.ports]

    def stats(self, index: int) -> Stats:
        stats: Stats = self.apps[index].state.stats
        return stats

    def upstreams(self, **options: Any) -> list[dict[str, Any]]:
        """The region configuration's `engine.upstreams` for these servers."""
        return [{"url": url, "model": self.model, **options} for url in self.urls]

    def _run(self) -> None:
        async def main() -> None:
            self._servers = [
                uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="critical", lifespan="off"))
                for app, port in zip(self.apps, self.ports, strict=True)
            ]
            tasks = [asyncio.create_task(server.serve()) for server in self._servers]
            await wait_until(lambda: all(server.started for server in self._servers), "the echo servers listening")
            self._ready.set()
            await asyncio.gather(*tasks)

        asyncio.run(main())

    def start(self) -> EchoServers:
        self._thread.start()
        if not self._ready.wait(30):
            raise TimeoutError("the echo servers did not start")
        return self

    def stop(self) -> None:
        for server in self._servers:
            server.should_exit = True
            server.force_exit = True  # a hanging request must not hold the test run
        self._thread.join(timeout=10)

    def __enter__(self) -> EchoServers:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()
