"""The coordinator against real nats-server processes with mTLS: routing by policy, redelivery,
restart, stranded jobs, and the admin API."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import audit
import policy
from coordinator.api import create_app
from coordinator.service import Coordinator
from coordinator.tenants import Tenant, Tenants, hash_token
from federation.local import LocalFabric
from tests.conftest import EXAMPLES
from tests.coordinator.peers import RegionPeer
from tests.waiting import wait_until

POLICY = policy.load(EXAMPLES / "policies" / "federation.yaml")
NO_WATCHDOG = 3600.0
"""A watch interval that keeps the watchdog out of a test that is not about it: it moves the jobs of a region it
counts dead, and a test process stalled for longer than the heartbeat TTL (1.5 s) makes every region dead."""


@pytest.fixture
async def start_coordinator(fabric: LocalFabric, tmp_path: Path) -> AsyncIterator[Callable[..., object]]:
    running: list[tuple[Coordinator, audit.AuditWriter]] = []
    store = audit.AuditStore(f"sqlite:///{tmp_path / 'coordinator-audit.db'}")
    store.migrate()

    async def start(**options: object) -> Coordinator:
        writer = audit.AuditWriter(store, "coordinator")
        writer.start()
        coordinator = Coordinator(
            nats_url=fabric.hub_url,
            pki_dir=fabric.topology.pki_dir,
            policy=POLICY,
            audit=writer,
            heartbeat_ttl_s=1.5,
            **options,  # type: ignore[arg-type]
        )
        await coordinator.start()
        running.append((coordinator, writer))
        return coordinator

    yield start
    for coordinator, writer in running:
        await coordinator.stop()
        await writer.close()
    store.dispose()


async def _live(coordinator: Coordinator, *peers: RegionPeer, queue: dict[str, int] | None = None) -> None:
    """Heartbeat from `peers` until the coordinator counts them live: the first beat may go out before the
    coordinator's interest has reached the peers' leaf servers, and nats-server drops what nobody hears."""
    regions = {peer.region for peer in peers}

    async def live() -> bool:
        for peer in peers:
            await peer.heartbeat(queue=(queue or {}).get(peer.region, 0))
        return regions <= set(coordinator.registry.regions(time.time()))

    await wait_until(live, f"{sorted(regions)} live")


@contextlib.asynccontextmanager
async def _kept_live(coordinator: Coordinator, *peers: RegionPeer) -> AsyncIterator[None]:
    """`_live`, and heartbeats from `peers` in the background until the block ends."""
    await _live(coordinator, *peers)

    async def beat() -> None:
        while True:
            await asyncio.sleep(0.2)
            for peer in peers:
                await peer.heartbeat()

    beating = asyncio.create_task(beat())
    try:
        yield
    finally:
        beating.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await beating


async def _rescue_if_live(coordinator: Coordinator, live: set[str]) -> int:
    """The watchdog's rescue of stranded jobs, run once if exactly the regions `live` are live now. Nothing is
    awaited between this look at the registry and the rescue's own: a stalled process cannot make them differ."""
    if set(coordinator.registry.regions(time.time())) != live:
        return 0
    return await coordinator.rescue_stranded()


async def _drain(peer: RegionPeer) -> None:
    while True:
        try:
            _, message = await peer.pull(timeout=0.3)
        except TimeoutError:
            return
        await message.ack()


@pytest.fixture
async def regions(fabric: LocalFabric) -> AsyncIterator[dict[str, RegionPeer]]:
    peers = {region: await RegionPeer.on_nats(fabric, region) for region in ("eu-west", "us-east", "kr-central")}
    yield peers
    for peer in peers.values():
        await _drain(peer)
        await peer.close()


async def test_a_job_goes_only_where_the_policy_allows(
    start_coordinator: Callable[..., object], regions: dict[str, RegionPeer]
) -> None:
    coordinator = await start_coordinator()  # type: ignore[misc]
    eu, us, kr = regions["eu-west"], regions["us-east"], regions["kr-central"]
    await _live(coordinator, us, kr, queue={"us-east": 6})
    # EU personal data, pseudonymised: kr-central (adequate, raw) or us-east (pseudonymised); kr is idle.
    reply = await eu.submit("personal", digest=POLICY.digest)
    assert (reply.accepted, reply.target_region) == (True, "kr-central")
    assignment, message = await kr.pull()
    assert assignment.job.job_id == reply.job_id and assignment.target_region == "kr-central"
    await kr.answer(assignment, message)
    # Korean personal data without consent may not leave Korea: refused, with the reason.
    refused = await kr.submit("personal", digest=POLICY.digest)
    assert not refused.accepted and refused.reason == "no region other than the origin is allowed by the policy"
    # Sensitive data never leaves.
    assert not (await eu.submit("sensitive", digest=POLICY.digest)).accepted
    # Without the attested pseudonymisation, us-east is out; kr-central has no node now -> refused.
    coordinator.registry.forget("kr-central", "n1")
    unattested = await eu.submit("personal", transforms=(), digest=POLICY.digest)
    assert not unattested.accepted
    assert "us-east, us-west would require pseudonymize, which was not attested" in unattested.reason
    # A job decided under another policy is refused.
    assert "same policy" in (await eu.submit("personal", digest="sha256:other")).reason


async def test_a_job_is_redelivered_when_its_node_dies_before_acking(
    start_coordinator: Callable[..., object], regions: dict[str, RegionPeer], fabric: LocalFabric
) -> None:
    coordinator = await start_coordinator(ack_wait_s=1.0, watch_interval_s=NO_WATCHDOG)  # type: ignore[misc]
    eu, kr = regions["eu-west"], regions["kr-central"]
    # Listening before submitting, as a region node does.
    results = await eu.results()
    await _live(coordinator, kr)
    reply = await eu.submit("personal", digest=POLICY.digest)
    assert reply.target_region == "kr-central"
    doomed = await RegionPeer.on_nats(fabric, "kr-central", node="n2")
    first, _ = await doomed.pull()
    await doomed.close()  # dies holding the job, without an ack
    second, message = await kr.pull(timeout=10)
    assert second.job.job_id == first.job.job_id == reply.job_id
    await kr.answer(second, message, "answer after redelivery")
    chunk = await asyncio.wait_for(results.get(), 10)
    assert (chunk.job_id, chunk.delta, chunk.executor) == (reply.job_id, "answer after redelivery", "kr-central")


async def test_a_job_its_node_keeps_in_progress_is_not_delivered_again_until_it_stops(
    start_coordinator: Callable[..., object], regions: dict[str, RegionPeer], fabric: LocalFabric
) -> None:
    """A node's keep-alives cross its leaf and its region's renamed JetStream import to the consumer: real
    nats-server holds a job past its ack wait for the node working on it, and delivers it again once it stops.
    The ack wait is twenty keep-alives long: a test process stalled for a second or so still keeps the job."""
    coordinator = await start_coordinator(ack_wait_s=2.0, watch_interval_s=NO_WATCHDOG)  # type: ignore[misc]
    eu, kr = regions["eu-west"], regions["kr-central"]
    await _live(coordinator, kr)
    reply = await eu.submit("personal", digest=POLICY.digest)
    working = await RegionPeer.on_nats(fabric, "kr-central", node="n2")
    try:
        first, message = await working.pull()
        for _ in range(26):  # 2.6 s
            await asyncio.sleep(0.1)
            await message.in_progress()
        with pytest.raises(TimeoutError):
            await kr.pull(timeout=0.5)  # kept alive (1.3 to 1.55 ack waits after it came): nothing for another node
        second, again = await kr.pull(timeout=10)  # control: no longer kept alive, it comes again
    finally:
        await working.close()
    assert second.job.job_id == first.job.job_id == reply.job_id
    await kr.answer(second, again)


async def test_restarting_the_coordinator_loses_no_queued_job(
    start_coordinator: Callable[..., object], regions: dict[str, RegionPeer]
) -> None:
    first = await start_coordinator(watch_interval_s=NO_WATCHDOG)  # type: ignore[misc]
    eu, kr = regions["eu-west"], regions["kr-central"]
    await _live(first, kr)
    submitted = [(await eu.submit("personal", digest=POLICY.digest)).job_id for _ in range(3)]
    await first.stop()
    second = await start_coordinator(watch_interval_s=NO_WATCHDOG)  # type: ignore[misc]
    assert second is not first
    pulled = []
    for _ in range(3):
        assignment, message = await kr.pull()
        pulled.append(assignment.job.job_id)
        await kr.answer(assignment, message)
    assert sorted(pulled) == sorted(submitted)


async def test_a_job_stranded_in_a_dead_region_is_rerouted_or_failed_with_a_reason(
    start_coordinator: Callable[..., object], regions: dict[str, RegionPeer]
) -> None:
    # Rescues run when the test says, with the regions live that it says: the watchdog on its own timer would
    # find us-east dead too after the test process stalled for longer than the heartbeat TTL.
    coordinator = await start_coordinator(watch_interval_s=NO_WATCHDOG)  # type: ignore[misc]
    eu, us, kr = regions["eu-west"], regions["us-east"], regions["kr-central"]
    results = await eu.results()
    await _live(coordinator, kr)
    rerouted = await eu.submit("personal", digest=POLICY.digest)
    assert rerouted.target_region == "kr-central"
    # kr-central's node is gone; us-east (pseudonymised) is alive: the job moves there.
    coordinator.registry.forget("kr-central", "n1")
    async with _kept_live(coordinator, us):
        await wait_until(lambda: _rescue_if_live(coordinator, {"us-east"}), "the stranded job moved", timeout=10)
        assignment, message = await us.pull(timeout=10)
        assert (assignment.job.job_id, assignment.attempt) == (rerouted.job_id, 2)
        # The origin is told where its job went, before the new target's answer arrives.
        notice = await asyncio.wait_for(results.get(), 10)
        assert (notice.job_id, notice.executor, notice.reassigned_to) == (rerouted.job_id, "coordinator", "us-east")
        await us.answer(assignment, message)
        assert (await asyncio.wait_for(results.get(), 10)).executor == "us-east"
    # Now nothing is alive anywhere: a stranded job fails with a clear error to its origin.
    coordinator.registry.forget("us-east", "n1")
    await _live(coordinator, kr)
    doomed = await eu.submit("personal", digest=POLICY.digest)
    assert doomed.target_region == "kr-central"
    coordinator.registry.forget("kr-central", "n1")
    await wait_until(lambda: _rescue_if_live(coordinator, set()), "the stranded job failed", timeout=10)
    failure = await asyncio.wait_for(results.get(), 10)
    assert (failure.job_id, failure.done, failure.finish_reason) == (doomed.job_id, True, "error")
    assert failure.error and "no live node" in failure.error


async def test_admin_api(start_coordinator: Callable[..., object], regions: dict[str, RegionPeer]) -> None:
    coordinator = await start_coordinator(watch_interval_s=NO_WATCHDOG)  # type: ignore[misc]
    eu, kr = regions["eu-west"], regions["kr-central"]
    async with _kept_live(coordinator, kr):
        reply = await eu.submit("personal", digest=POLICY.digest)
        await coordinator.audit.flush()
        tenant = Tenant(name="ops", token_sha256=hash_token("fi-ops"), roles=("admin", "audit"))
        client = TestClient(create_app(coordinator, tenants=Tenants((tenant,))))
        assert client.get("/healthz").json()["status"] == "ok"  # open; the rest takes a token
        assert client.get("/v1/regions").status_code == 401
        client.headers["authorization"] = "Bearer fi-ops"

        def kr_central_alone_live() -> bool:
            live = {r["region"]: r["live"] for r in client.get("/v1/regions").json()["regions"]}
            return bool(live["kr-central"] and not live["us-east"])

        # Asked until so, kr-central's heartbeats coming in between: none is heard while the app answers (this
        # test's own loop runs it), and a stalled test process outlives the heartbeat TTL.
        await wait_until(kr_central_alone_live, "kr-central alone reported live")
    job = client.get(f"/v1/jobs/{reply.job_id}").json()
    assert (job["state"], job["target_region"]) == ("routed", "kr-central")
    assert client.get("/v1/jobs/job-unknown0").status_code == 404
    metrics = client.get("/metrics").text
    assert 'fedinfer_jobs_routed_total{target="kr-central"}' in metrics
    assert client.get("/v1/audit/events", params={"job_id": reply.job_id}).json()["data"][0]["kind"] == "routed"
