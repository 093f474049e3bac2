"""Starting, supervising and stopping a multi-node vLLM engine for one region.

The head engine runs inside the region node (`VllmEngine` with `nnodes`, `node_rank=0`,
`master_addr`, `master_port`); every other machine runs a headless vLLM worker process
(`--headless --node-rank N`), started by a `Spawner`: here as a local process (tests, single hosts),
in production over SSH or by the cluster scheduler. A supervisor watches the workers: one that dies
marks the engine failed, so health turns 503, heartbeats say unhealthy and the coordinator routes
around the region, until an operator (or a restart policy) brings it back. Stopping kills every worker,
escalating to SIGKILL because vLLM's headless workers ignore SIGTERM while busy.

vLLM's rendezvous traffic (torch.distributed, ZeroMQ) is plain and unauthenticated: `master_addr`
must be the region's internal address, never 0.0.0.0 or a public interface.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import os
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger(__name__)


def check_internal(address: str) -> None:
    """Refuse rendezvous addresses that would expose vLLM's unauthenticated traffic."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return  # a host name: resolved by the operator's internal DNS
    if ip.is_unspecified:
        raise ValueError(f"master_addr {address} listens on every interface; use the region's internal address")
    if not (ip.is_private or ip.is_loopback or ip.is_link_local):
        raise ValueError(
            f"master_addr {address} is a public address; vLLM's rendezvous is unauthenticated: use an internal one"
        )


def multi_node_args(args: dict[str, Any], *, nodes: int, master_addr: str, master_port: int) -> dict[str, Any]:
    """Engine arguments of the head (rank 0) of an engine spanning `nodes` machines."""
    check_internal(master_addr)
    return {
        **args,
        "distributed_executor_backend": "mp",
        "nnodes": nodes,
        "node_rank": 0,
        "master_addr": master_addr,
        "master_port": master_port,
    }


def worker_args(args: dict[str, Any], node_rank: int) -> dict[str, Any]:
    """The engine arguments of worker `node_rank`: the head's (from `multi_node_args`), its own rank."""
    if not 1 <= node_rank < int(args["nnodes"]):
        raise ValueError(f"node rank {node_rank}: workers are ranks 1 to {int(args['nnodes']) - 1}")
    worker = {**args, "node_rank": node_rank}
    worker.pop("served_model_name", None)
    return worker


def headless_command(args: dict[str, Any], node_rank: int, python: str = sys.executable) -> list[str]:
    """The command a worker machine runs for `node_rank`: the same engine arguments as the head."""
    return [python, "-m", "region_node.parallel.headless", json.dumps(worker_args(args, node_rank), default=str)]


class Spawner(Protocol):
    def spawn(
        self, node_rank: int, command: Sequence[str], env: dict[str, str], log_path: Path
    ) -> subprocess.Popen[bytes]: ...


class LocalSpawner:
    """Workers as local processes (a single host with several "nodes", and the tests)."""

    def spawn(
        self, node_rank: int, command: Sequence[str], env: dict[str, str], log_path: Path
    ) -> subprocess.Popen[bytes]:
        log_path.parent.mkdir(parents=True, exist_ok=True)
        with log_path.open("ab") as handle:
            return subprocess.Popen(
                list(command),
                env={**os.environ, **env},
                stdout=handle,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # its own group: stop() kills its children too


@dataclass
class SshSpawner:
    """Workers over SSH on the cluster's worker hosts (`ssh host cd ... && exec <command>`)."""

    hosts: Sequence[str]
    ssh: Sequence[str] = ("ssh", "-o", "BatchMode=yes")

    def spawn(
        self, node_rank: int, command: Sequence[str], env: dict[str, str], log_path: Path
    ) -> subprocess.Popen[bytes]:
        host = self.hosts[node_rank - 1]
        remote = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items()) + " exec " + shlex.join(command)
        return LocalSpawner().spawn(node_rank, [*self.ssh, host, remote], {}, log_path)


@dataclass
class WorkerGroup:
    """The headless workers of one multi-node engine, supervised."""

    commands: list[tuple[list[str], dict[str, str]]]
    """Per node rank 1..n-1: the command and its extra environment."""
    log_dir: Path
    spawner: Spawner = field(default_factory=LocalSpawner)
    on_failure: Callable[[str], None] | None = None
    processes: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)
    failure: str | None = None
    _watch: asyncio.Task[None] | None = None

    def start(self) -> None:
        for rank, (command, env) in enumerate(self.commands, start=1):
            self.processes[rank] = self.spawner.spawn(rank, command, env, self.log_dir / f"vllm-worker-{rank}.log")

    def watch(self, interval: float = 0.5) -> None:
        self._watch = asyncio.create_task(self._supervise(interval), name="vllm-worker-supervisor")

    async def _supervise(self, interval: float) -> None:
        while self.failure is None:
            for rank, process in self.processes.items():
                code = process.poll()
                if code is not None:
                    self.failure = (
                        f"vLLM worker node {rank} exited with code {code}; see {self.log_dir}/vllm-worker-{rank}.log"
                    )
                    log.error("%s", self.failure)
                    if self.on_failure is not None:
                        self.on_failure(self.failure)
                    return
            await asyncio.sleep(interval)

    def alive(self) -> bool:
        return all(p.poll() is None for p in self.processes.values())

    def leftovers(self) -> list[int]:
        """Node ranks whose process group still has a live process (the worker or a child of it)."""
        for process in self.processes.values():
            process.poll()  # reap an exited leader, so it no longer counts in its group
        live = _live_groups()
        return [rank for rank, process in self.processes.items() if _group_alive(process.pid, live)]

    async def stop(self, grace: float = 10.0) -> None:
        """SIGTERM every worker's process group, then SIGKILL what is left after `grace` seconds.

        A group can outlive its leader: when a worker's launcher died (the supervisor saw that),
        vLLM's own worker processes under it are still running, so the groups are checked, not
        the leaders."""
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
        for process in self.processes.values():
            _signal_group(process, signal.SIGTERM)
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:  # polling: no event says "a process group emptied"
            if not self.leftovers():
                break
            await asyncio.sleep(0.1)
        for process in self.processes.values():
            _signal_group(process, signal.SIGKILL)  # headless workers ignore SIGTERM mid-step
            with contextlib.suppress(subprocess.TimeoutExpired):
                await asyncio.to_thread(process.wait, grace)


def _signal_group(process: subprocess.Popen[bytes], signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signum)


def _live_groups() -> set[int] | None:
    """The process groups with a running (not zombie) member, from /proc; None where there is none."""
    proc = Path("/proc")
    if not proc.is_dir():
        return None
    groups = set()
    for stat in proc.glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()  # after "pid (command)": state, ppid, pgrp, ...
            if fields[0] != "Z":
                groups.add(int(fields[2]))
    return groups


def _group_alive(pgid: int, live: set[int] | None) -> bool:
    if live is not None:
        return pgid in live
    try:  # not Linux: ask the kernel whether the group has any member at all
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True
