"""No single machine whose loss stops the federation (real processes): a NATS hub of three servers
with the job stream and the ledger on all three, two coordinators, and a hub server killed under a
steady offload load, the one the origin's leaf links through and the one the executor's does."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import threading
from collections.abc import Iterator

import pytest

from federation import FabricConnection, Identity
from federation.server import NatsServer
from fedinfer.launcher import Federation, FederationFile
from tests.conftest import EXAMPLES
from tests.e2e.offloads import MODEL, assert_each_ran_once, under_load
from tests.waiting import wait_for

LINKED = re.compile(rb":(\d+) - lid:\d+ - Leafnode connection created")


@pytest.fixture(scope="module")
def ha(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Federation]:
    spec = FederationFile(
        name="ha",
        state_dir=tmp_path_factory.mktemp("ha"),
        policy=EXAMPLES / "policies" / "federation.yaml",
        hub_servers=3,
        coordinator={"replicas": 2, "settings": {"heartbeat_ttl_s": "3", "watch_interval_s": "0.5"}},
        engine={"kind": "openai", "model": MODEL},
        regions={
            r: {
                "echo_upstream": {"delay_ms": 20},
                "offload": {"drain_timeout_s": 1, "heartbeat_s": 0.5},
                "limits": {"request_timeout_s": 30},
            }
            for r in ("eu-west", "us-east")
        },
    )
    with Federation(spec) as running:
        yield running


def linked_hub(federation: Federation, region: str) -> NatsServer:
    """The hub server `region`'s leaf server links through now, from the leaf's own log."""
    assert federation.fabric is not None
    log = (federation.state / "logs" / f"nats-leaf-{region}.log").read_bytes()
    port = int(LINKED.findall(log)[-1])
    servers = federation.fabric.topology.hub_servers
    return federation.fabric.hubs[next(i for i, node in enumerate(servers) if node.leaf.port == port)]


def replicated(federation: Federation) -> bool:
    """Whether every hub server holds a current copy of every stream (the jobs, the ledger, the policy)
    and of every consumer of the job stream (a server that came back catches up first: losing another
    before that would leave no majority for the groups it is behind in)."""

    def current(cluster: object) -> bool:
        peers = (getattr(cluster, "replicas", None) or []) if cluster else []
        return len(peers) == 2 and all(peer.current for peer in peers)

    async def check() -> bool:
        assert federation.fabric is not None
        connection = await FabricConnection(Identity("admin", federation.pki)).connect(federation.fabric.hub_urls)
        try:
            manager = connection.client.jsm()
            streams = await manager.streams_info()
            if not streams or not all(current(info.cluster) for info in streams):
                return False
            consumers = await manager.consumers_info("JOBS")
            return all(current(info.cluster) for info in consumers)
        finally:
            await connection.close()

    try:
        return asyncio.run(check())
    except Exception:  # a cluster still electing answers with errors: not yet
        return False


@pytest.mark.parametrize("whose", ["eu-west", "us-east"], ids=["origin-leafs-hub", "executor-leafs-hub"])
def test_a_hub_server_killed_under_load_loses_no_request_and_runs_no_job_twice(ha: Federation, whose: str) -> None:
    wait_for(lambda: replicated(ha), "every hub server current", timeout=60)
    victim = linked_hub(ha, whose)
    try:
        answers = under_load(ha, victim.kill)
    finally:
        victim.start()  # back, for the next fault (which waits until it is current again), even after a failure
    assert_each_ran_once(ha, answers)
    slowest = max(answer.seconds for answer in answers)
    print(f"{whose}'s hub server killed: {len(answers)} answers, slowest {slowest:.2f} s")


def test_a_leaf_stalled_for_ten_seconds_under_load_fails_no_request_and_runs_no_job_twice(ha: Federation) -> None:
    """The origin's leaf server frozen (SIGSTOP) for 10 s, as a machine that hangs: its clients wait, then
    get their answers; no submission is lost or routed twice, and nobody is told a job failed that ran."""
    assert ha.fabric is not None
    wait_for(lambda: replicated(ha), "every hub server current", timeout=60)
    process = ha.fabric.leaves["eu-west"].process
    assert process is not None

    def stall() -> None:
        os.kill(process.pid, signal.SIGSTOP)
        threading.Timer(10, os.kill, (process.pid, signal.SIGCONT)).start()

    answers = under_load(ha, stall, after_s=14)
    assert_each_ran_once(ha, answers)
    waited = [answer for answer in answers if answer.seconds > 5]
    assert waited, "no request felt the stall"  # control: the fault happened under the clients
    slowest = max(answer.seconds for answer in answers)
    print(f"leaf stalled 10 s: {len(answers)} answers, {len(waited)} waited, slowest {slowest:.2f} s")
