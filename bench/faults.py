"""Faults under a steady offload load (issue 24): how long offloads fail or stall while one thing goes
wrong. A federation with no single point of failure (three hub servers, two coordinators, two regions
served by echo upstreams, no model to load) takes four clients offloading without pause; each fault
hits it mid-load, and the figures are, side by side in one run, the slowest request around the fault
against the slowest before any fault, and the requests that failed.

Targets: a coordinator or hub server lost costs under 2 s; a policy change fails nothing; a leaf server
frozen for 10 s costs its clients the stall and nothing more.
"""

from __future__ import annotations

import os
import signal
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import openai
from typer.testing import CliRunner

from bench._report import Figure, show
from federation.server import NatsServer
from fedinfer import cli
from fedinfer.launcher import Federation, FederationFile

MODEL = "smollm2-135m-instruct"
POLICY = Path(__file__).resolve().parent.parent / "examples" / "policies" / "federation.yaml"


def _load(federation: Federation, seconds: float, fault: Callable[[], None] | None) -> tuple[float, int, int]:
    """Four clients for `seconds`, `fault` a third of the way in: (slowest request, served, failed)."""
    durations: list[float] = []
    failed = 0
    stop = threading.Event()
    lock = threading.Lock()

    def client() -> None:
        nonlocal failed
        api = openai.OpenAI(base_url=f"{federation.api_url('eu-west')}/v1", api_key=federation.token, max_retries=0)
        while not stop.is_set():
            began = time.monotonic()
            try:
                api.chat.completions.create(
                    model=MODEL,
                    messages=[{"role": "user", "content": f"echo {uuid.uuid4().hex[:8]}"}],
                    extra_body={"fedinfer": {"data_class": "public", "offload": "required"}},
                    timeout=60,
                )
            except openai.APIError:
                with lock:
                    failed += 1
                continue
            with lock:
                durations.append(time.monotonic() - began)

    threads = [threading.Thread(target=client) for _ in range(4)]
    for thread in threads:
        thread.start()
    time.sleep(seconds / 3)
    if fault is not None:
        fault()
    time.sleep(seconds * 2 / 3)
    stop.set()
    for thread in threads:
        thread.join(90)
    return max(durations, default=0.0), len(durations), failed


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def _publish(federation: Federation, path: Path) -> None:
    assert federation.fabric is not None
    hub = ",".join(federation.fabric.hub_urls)
    done = CliRunner().invoke(cli.app, ["policy", "publish", str(path), "--hub", hub, "--pki", str(federation.pki)])
    assert done.exit_code == 0, done.output


def _stall(federation: Federation, region: str, seconds: float) -> None:
    """Freeze `region`'s leaf server (SIGSTOP) for `seconds`, as a machine that hangs."""
    assert federation.fabric is not None
    process = federation.fabric.leaves[region].process
    assert process is not None
    os.kill(process.pid, signal.SIGSTOP)
    threading.Timer(seconds, os.kill, (process.pid, signal.SIGCONT)).start()


def _back(server: NatsServer) -> None:
    server.start()


def main() -> list[Figure]:
    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder)
        policy = state / "policy.yaml"
        text = POLICY.read_text(encoding="utf-8")
        policy.write_text(text, encoding="utf-8")
        spec = FederationFile(
            name="faults",
            state_dir=state,
            policy=policy,
            hub_servers=3,
            coordinator={"replicas": 2, "settings": {"heartbeat_ttl_s": "3"}},
            engine={"kind": "openai", "model": MODEL},
            regions={
                r: {"echo_upstream": {"delay_ms": 5}, "offload": {"heartbeat_s": 0.5}} for r in ("eu-west", "us-east")
            },
        )
        figures: list[Figure] = []
        with Federation(spec) as federation:
            assert federation.fabric is not None
            baseline, served, _ = _load(federation, 6, None)
            figures.append(Figure(f"no fault: slowest of {served} offloads", baseline, "s"))
            widened = text.replace(
                "      - to: origin\n\n  - name: no-marketing", "      - to: home\n\n  - name: no-marketing"
            )
            (state / "original.yaml").write_text(text, encoding="utf-8")
            hubs = federation.fabric.hubs
            # Each fault, then what puts the federation back together before the next one (a hub server
            # back catches up with the stream first: two servers lost together would leave no majority).
            faults: list[tuple[str, Callable[[], None], float, Callable[[], None] | None]] = [
                ("a coordinator killed", federation.coordinators["coordinator-1"].kill, 2.0, None),
                ("a hub server stopped (SIGTERM)", lambda: hubs[1].stop(), 2.0, lambda: _back(hubs[1])),
                ("a policy file changed", lambda: _write(policy, widened), 0.0, None),
                ("a policy published (the rollback)", lambda: _publish(federation, state / "original.yaml"), 0.0, None),
                ("the origin's leaf frozen for 10 s", lambda: _stall(federation, "eu-west", 10), 10.0, None),
                ("a hub server killed", hubs[0].kill, 2.0, lambda: _back(hubs[0])),
            ]
            for name, fault, target, recover in faults:
                slowest, served, failed = _load(federation, 12, fault)
                bound = f"< {target:g} + {baseline:.2f}" if target else ""
                met = slowest < target + baseline if target else None
                figures.append(Figure(f"{name}: slowest request", slowest, "s", bound, met))
                figures.append(Figure(f"{name}: failed of {served + failed}", failed, "requests", "0", failed == 0))
                if recover is not None:
                    recover()
                    time.sleep(10)
        return show("Faults under load (issue 24): 4 clients offloading without pause", figures)


if __name__ == "__main__":
    main()
