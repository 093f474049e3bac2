"""A whole fabric on one machine (tests, `fedinfer up`): certificates, a hub and a leaf per region."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

from . import pki
from .natsconf import Endpoint, HubNode, Topology, render_hub, render_leaf
from .server import NatsServer, free_port

SERVICE_IDENTITIES = ("hub", "coordinator", "admin")


def identities_for(regions: list[str]) -> list[str]:
    return [*SERVICE_IDENTITIES, *(pki.node_identity(r) for r in regions), *(pki.leaf_identity(r) for r in regions)]


def ensure_identities(
    pki_dir: Path, regions: list[str], hosts: tuple[str, ...] = ("localhost", "127.0.0.1")
) -> list[str]:
    """Create the CA and every missing identity; return the names created now."""
    created = []
    if not (pki_dir / f"{pki.CA_NAME}.crt").exists():
        pki.init_ca(pki_dir)
        created.append(pki.CA_NAME)
    for name in identities_for(regions):
        if not (pki_dir / f"{name}.crt").exists():
            pki.issue(pki_dir, pki_dir, name, hosts=hosts)
            created.append(name)
    return created


def local_topology(
    state_dir: Path, pki_dir: Path, regions: list[str], host: str = "127.0.0.1", *, hub_nodes: int = 1
) -> Topology:
    """Free loopback ports for the hub (one server, or a cluster of `hub_nodes`) and every leaf."""
    nodes = (
        tuple(
            HubNode(
                f"hub-{i}",
                Endpoint(host, free_port(host)),
                Endpoint(host, free_port(host)),
                Endpoint(host, free_port(host)),
            )
            for i in range(1, hub_nodes + 1)
        )
        if hub_nodes > 1
        else ()
    )
    first_client = nodes[0].client if nodes else Endpoint(host, free_port(host))
    first_leaf = nodes[0].leaf if nodes else Endpoint(host, free_port(host))
    return Topology(
        hub_client=first_client,
        hub_leaf=first_leaf,
        leaves={region: Endpoint(host, free_port(host)) for region in regions},
        pki_dir=pki_dir,
        state_dir=state_dir,
        hub_nodes=nodes,
    )


class LocalFabric:
    """The hub (one server, or a cluster) and every leaf server as child processes; stop() leaves none
    behind."""

    def __init__(self, topology: Topology) -> None:
        self.topology = topology
        state = topology.state_dir
        self.hubs = [
            NatsServer(
                render_hub(topology, node),
                state / "nats" / f"{node.name}.json",
                state / "logs" / f"nats-{node.name}.log",
            )
            for node in topology.hub_servers
        ]
        self.hub = self.hubs[0]
        self.leaves = {
            region: NatsServer(
                render_leaf(topology, region),
                state / "nats" / f"leaf-{region}.json",
                state / "logs" / f"nats-leaf-{region}.log",
            )
            for region in topology.leaves
        }

    @property
    def hub_url(self) -> str:
        """The first hub server's client URL."""
        return self.topology.hub_client.url()

    @property
    def hub_urls(self) -> list[str]:
        """Every hub server's client URL (a client given them all fails over between them)."""
        return [node.client.url() for node in self.topology.hub_servers]

    def leaf_url(self, region: str) -> str:
        return self.topology.leaves[region].url()

    def start(self) -> LocalFabric:
        (self.topology.state_dir / "logs").mkdir(parents=True, exist_ok=True)
        try:
            for hub in self.hubs:
                hub.start()
            for leaf in self.leaves.values():
                leaf.start()
        except Exception:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        for leaf in self.leaves.values():
            leaf.stop()
        for hub in self.hubs:
            hub.stop()

    def __enter__(self) -> LocalFabric:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()
