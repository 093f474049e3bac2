"""`FabricConnection` on nats-server with mTLS: a checked operation whose caller gives up while it waits for
the server's verdict (its task cancelled: a job withdrawn while its last chunk goes out, a deadline, a
node stopping) leaves the connection hearing everything that comes after."""

from __future__ import annotations

import asyncio
import contextlib

from federation import FabricConnection, Identity, pki, subjects
from federation.fabric import Message
from federation.local import LocalFabric
from tests.waiting import wait_until

EU = pki.node_identity("eu-west")


async def test_a_checked_publish_given_up_while_it_waits_for_the_verdict_leaves_the_connection_hearing(
    fabric: LocalFabric,
) -> None:
    pki_dir = fabric.topology.pki_dir
    node = await FabricConnection(Identity(EU, pki_dir)).connect([fabric.leaf_url("eu-west")])
    coordinator = await FabricConnection(Identity(subjects.COORDINATOR, pki_dir)).connect([fabric.hub_url])
    heard: list[bytes] = []

    async def hear(msg: Message) -> None:
        heard.append(bytes(msg.data))

    try:
        await node.subscribe(subjects.catalogue("eu-west"), cb=hear)

        async def told(payload: bytes) -> bool:
            await coordinator.publish(subjects.catalogue("eu-west"), payload, checked=False)
            await asyncio.sleep(0.05)
            return payload in heard

        await wait_until(lambda: told(b"before"), "the node hearing the coordinator (the leaf has its interest)")
        # Given up at every step of its way, the server's PONGs among them: some land while the verdict is awaited.
        for steps in range(60):
            publishing = asyncio.create_task(node.publish(subjects.heartbeat("eu-west", "n1"), b"beat"))
            for _ in range(steps):
                await asyncio.sleep(0)
            publishing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await publishing
        async with asyncio.timeout(5):  # nats-py's own flush would wait 10 s for a PONG its reader never reads
            await node.publish(subjects.heartbeat("eu-west", "n1"), b"beat")  # the verdict still comes
        await wait_until(lambda: told(b"after"), "the node still hearing the coordinator")
    finally:
        await node.close()
        await coordinator.close()
