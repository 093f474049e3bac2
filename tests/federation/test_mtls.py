"""Real nats-server processes with mTLS: who may connect, and what each identity may touch."""

from __future__ import annotations

import asyncio
import datetime as dt
import gc
import ssl
import warnings
from pathlib import Path

import nats
import pytest

from federation import FabricConnection, FederationError, Identity, PermissionViolation, pki, subjects
from federation.local import LocalFabric


def _identity(fabric: LocalFabric, name: str) -> Identity:
    return Identity(name, fabric.topology.pki_dir)


async def _connect(fabric: LocalFabric, name: str, url: str | None = None) -> FabricConnection:
    return await FabricConnection(_identity(fabric, name)).connect([url or fabric.hub_url], allow_reconnect=False)


def _attempt(url: str, context: ssl.SSLContext | None) -> Exception | None:
    """Try to connect on a private event loop; return what refused us (None if we got in).

    nats-py leaves the half-open TLS transport of a refused handshake to the garbage collector, so
    the attempt runs on its own loop, collected before that loop closes, warnings expected there.
    """

    async def attempt() -> Exception | None:
        client = nats.aio.client.Client()
        try:
            await client.connect(
                url,
                tls=context,
                allow_reconnect=False,
                connect_timeout=2,
                max_reconnect_attempts=1,
                reconnect_time_wait=0.1,
            )
            await client.flush(timeout=2)  # an unknown subject is told so only after CONNECT
        except Exception as exc:
            return exc
        finally:
            await client.close()
        return None

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        loop = asyncio.new_event_loop()
        try:
            return loop.run_until_complete(attempt())
        finally:
            gc.collect()
            loop.run_until_complete(asyncio.sleep(0))
            loop.close()
            gc.collect()


async def _refused(url: str, context: ssl.SSLContext | None) -> None:
    refusal = await asyncio.to_thread(_attempt, url, context)
    assert refusal is not None, f"a connection to {url} that should have been refused was accepted"


async def test_a_valid_identity_connects_to_the_hub_and_to_its_leaf(fabric: LocalFabric) -> None:
    coordinator = await _connect(fabric, "coordinator")
    node = await _connect(fabric, pki.node_identity("eu-west"), fabric.leaf_url("eu-west"))
    assert coordinator.client.is_connected and node.client.is_connected
    await node.close()
    await coordinator.close()


async def test_no_certificate_is_refused(fabric: LocalFabric) -> None:
    context = ssl.create_default_context(cafile=str(fabric.topology.pki_dir / "ca.crt"))
    await _refused(fabric.hub_url, context)
    await _refused(fabric.leaf_url("eu-west"), context)


async def test_a_certificate_from_another_ca_is_refused(fabric: LocalFabric, tmp_path: Path) -> None:
    pki.init_ca(tmp_path)
    pki.issue(tmp_path, tmp_path, "coordinator")  # the right name, the wrong CA
    context = ssl.create_default_context(cafile=str(fabric.topology.pki_dir / "ca.crt"))
    context.load_cert_chain(tmp_path / "coordinator.crt", tmp_path / "coordinator.key")
    await _refused(fabric.hub_url, context)


async def test_an_unknown_subject_is_refused(fabric: LocalFabric, tmp_path: Path) -> None:
    pki_dir = fabric.topology.pki_dir
    issued = pki.issue(pki_dir, tmp_path, "stranger")  # signed by our CA, but no user maps to it
    context = ssl.create_default_context(cafile=str(pki_dir / "ca.crt"))
    context.load_cert_chain(issued.cert, issued.key)
    await _refused(fabric.hub_url, context)


async def test_an_expired_certificate_is_refused(fabric: LocalFabric, tmp_path: Path) -> None:
    pki_dir = fabric.topology.pki_dir
    long_ago = dt.datetime.now(dt.UTC) - dt.timedelta(days=30)
    issued = pki.issue(pki_dir, tmp_path, "coordinator", not_before=long_ago, not_after=long_ago + dt.timedelta(days=1))
    context = ssl.create_default_context(cafile=str(pki_dir / "ca.crt"))
    context.load_cert_chain(issued.cert, issued.key)
    await _refused(fabric.hub_url, context)


async def test_a_region_cannot_subscribe_to_another_regions_jobs(fabric: LocalFabric) -> None:
    eu = await _connect(fabric, pki.node_identity("eu-west"), fabric.leaf_url("eu-west"))
    with pytest.raises(PermissionViolation, match=r"region-eu-west may not subscribe to fed.jobs.us-east"):
        await eu.subscribe(subjects.jobs("us-east"))
    with pytest.raises(PermissionViolation, match=r"subscribe to fed.results.us-east"):
        await eu.subscribe(subjects.results_for("us-east"))
    assert eu.violated
    with pytest.raises(PermissionViolation):
        eu.check()
    await eu.close()
    eu2 = await _connect(fabric, pki.node_identity("eu-west"), fabric.leaf_url("eu-west"))
    await eu2.subscribe(subjects.results_to_node("eu-west", "n1"))  # its own node's
    with pytest.raises(PermissionViolation, match=r"subscribe to fed.results.us-east.\*.n1.\*"):
        await eu2.subscribe(subjects.results_to_node("us-east", "n1"))  # another region's node's answers
    await eu2.close()


async def test_a_region_cannot_publish_another_regions_results_or_heartbeats(fabric: LocalFabric) -> None:
    eu = await _connect(fabric, pki.node_identity("eu-west"), fabric.leaf_url("eu-west"))
    await eu.publish(subjects.results("us-east", "eu-west", "n1", "job-00000001"), b"{}")  # eu-west produced it
    with pytest.raises(PermissionViolation, match=r"publish to fed.results.kr-central.us-east.n1.job-00000001"):
        await eu.publish(subjects.results("kr-central", "us-east", "n1", "job-00000001"), b"{}")
    eu2 = await _connect(fabric, pki.node_identity("eu-west"), fabric.leaf_url("eu-west"))
    with pytest.raises(PermissionViolation, match=r"publish to fed.heartbeat.us-east.n1"):
        await eu2.publish(subjects.heartbeat("us-east", "n1"), b"{}")
    await eu.close()
    await eu2.close()


async def test_a_region_cannot_answer_another_regions_requests(fabric: LocalFabric) -> None:
    coordinator = await _connect(fabric, "coordinator")
    us = await _connect(fabric, pki.node_identity("us-east"), fabric.leaf_url("us-east"))
    eu = await _connect(fabric, pki.node_identity("eu-west"), fabric.leaf_url("eu-west"))

    async def answer(msg: nats.aio.msg.Msg) -> None:
        await msg.respond(b"us-east answers")

    await us.subscribe(subjects.audit_request("us-east"), cb=answer)
    # eu-west may neither listen in on us-east's requests...
    with pytest.raises(PermissionViolation, match=r"subscribe to fed.audit.us-east"):
        await eu.subscribe(subjects.audit_request("us-east"))
    await asyncio.sleep(0.3)  # let the subscription reach the hub over the leaf link
    reply = await coordinator.request(subjects.audit_request("us-east"), b"{}", timeout=5)
    assert reply.data == b"us-east answers"
    # ...nor publish into anyone's reply inbox to spoof an answer.
    eu2 = await _connect(fabric, pki.node_identity("eu-west"), fabric.leaf_url("eu-west"))
    with pytest.raises(PermissionViolation, match=r"(?i)publish to _INBOX_coordinator"):
        await eu2.publish(f"{subjects.inbox_prefix('coordinator')}.forged", b"eu-west pretending")
    for connection in (coordinator, us, eu, eu2):
        await connection.close()


async def test_connecting_to_nothing_is_a_clear_error(fabric: LocalFabric) -> None:
    with pytest.raises(FederationError, match=r"coordinator cannot connect to tls://127.0.0.1:1"):
        await FabricConnection(_identity(fabric, "coordinator")).connect(
            ["tls://127.0.0.1:1"],
            allow_reconnect=False,
            connect_timeout=1,
            max_reconnect_attempts=1,
            reconnect_time_wait=0.1,
        )
