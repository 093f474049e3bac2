"""Real nats-server processes with mTLS: who may connect, and what each identity may touch."""

from __future__ import annotations

import datetime as dt
import re
import ssl
from pathlib import Path

import nats
import pytest

from federation import FabricConnection, FederationError, Identity, PermissionViolation, pki, subjects
from federation.local import LocalFabric
from tests.security.attempts import connection_refusal, tls_context
from tests.waiting import wait_until


def _identity(fabric: LocalFabric, name: str) -> Identity:
    return Identity(name, fabric.topology.pki_dir)


async def _connect(fabric: LocalFabric, name: str, url: str | None = None) -> FabricConnection:
    return await FabricConnection(_identity(fabric, name)).connect([url or fabric.hub_url], allow_reconnect=False)


async def _refused(fabric: LocalFabric, context: ssl.SSLContext, reason: str, *, region: str | None = None) -> None:
    """The hub (or `region`'s leaf) refuses this certificate, and says why in its own log."""
    server = fabric.leaves[region] if region else fabric.hub
    url = fabric.leaf_url(region) if region else fabric.hub_url
    refusal = await connection_refusal(url, context, server.log_path)
    assert refusal is not None, f"a connection to {url} that should have been refused was accepted"
    assert re.search(reason, refusal), refusal


async def test_a_valid_identity_connects_to_the_hub_and_to_its_leaf(fabric: LocalFabric) -> None:
    coordinator = await _connect(fabric, "coordinator")
    node = await _connect(fabric, pki.node_identity("eu-west"), fabric.leaf_url("eu-west"))
    assert coordinator.client.is_connected and node.client.is_connected
    await node.close()
    await coordinator.close()


async def test_no_certificate_is_refused(fabric: LocalFabric) -> None:
    pki_dir = fabric.topology.pki_dir
    assert await connection_refusal(fabric.hub_url, tls_context(pki_dir, "coordinator"), fabric.hub.log_path) is None
    await _refused(fabric, tls_context(pki_dir, None), "client didn't provide a certificate")
    await _refused(fabric, tls_context(pki_dir, None), "client didn't provide a certificate", region="eu-west")


async def test_a_certificate_from_another_ca_is_refused(fabric: LocalFabric, tmp_path: Path) -> None:
    pki.init_ca(tmp_path)
    pki.issue(tmp_path, tmp_path, "coordinator")  # the right name, the wrong CA
    context = tls_context(fabric.topology.pki_dir, "coordinator", cert_dir=tmp_path)
    await _refused(fabric, context, "certificate signed by unknown authority")


async def test_an_unknown_subject_is_refused(fabric: LocalFabric, tmp_path: Path) -> None:
    pki_dir = fabric.topology.pki_dir
    pki.issue(pki_dir, tmp_path, "stranger")  # signed by our CA, but no user maps to it
    await _refused(fabric, tls_context(pki_dir, "stranger", cert_dir=tmp_path), "authentication error")


async def test_an_expired_certificate_is_refused(fabric: LocalFabric, tmp_path: Path) -> None:
    pki_dir = fabric.topology.pki_dir
    long_ago = dt.datetime.now(dt.UTC) - dt.timedelta(days=30)
    pki.issue(pki_dir, tmp_path, "coordinator", not_before=long_ago, not_after=long_ago + dt.timedelta(days=1))
    await _refused(fabric, tls_context(pki_dir, "coordinator", cert_dir=tmp_path), "certificate has expired")


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

    async def answered() -> bytes | None:  # once the subscription has reached the hub over the leaf link
        try:
            return (await coordinator.client.request(subjects.audit_request("us-east"), b"{}", timeout=1)).data
        except nats.errors.NoRespondersError:
            return None

    await wait_until(answered, "us-east's answer")
    assert await answered() == b"us-east answers"
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
