"""A whole fabric on one machine (tests, `fedinfer up`): certificates, a hub and a leaf per region."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

from . import pki
from .natsconf import Endpoint, Topology, render_hub, render_leaf
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


def local_topology(state_dir: Path, pki_dir: Path, regions: list[str], host: str = "127.0.0.1") -> Topology:
    """Free loopback ports for the hub and every leaf."""
    return Topology(
        hub_client=Endpoint(host, free_port(host)),
        hub_leaf=Endpoint(host, free_port(host)),
        leaves={region: Endpoint(host, free_port(host)) for region in regions},
        pki_dir=pki_dir,
        state_dir=state_dir,
    )


class LocalFabric:
    """The hub and every leaf server as child processes; stop() leaves none behind."""

    def __init__(self, topology: Topology) -> None:
        self.topology = topology
        state = topology.state_dir
        self.hub = NatsServer(render_hub(topology), state / "nats" / "hub.json", state / "logs" / "nats-hub.log")
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
        return self.topology.hub_client.url()

    def leaf_url(self, region: str) -> str:
        return self.topology.leaves[region].url()

    def start(self) -> LocalFabric:
        (self.topology.state_dir / "logs").mkdir(parents=True, exist_ok=True)
        try:
            self.hub.start()
            for leaf in self.leaves.values():
                leaf.start()
        except Exception:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        for leaf in self.leaves.values():
            leaf.stop()
        self.hub.stop()

    def __enter__(self) -> LocalFabric:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()
