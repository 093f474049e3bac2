"""nats-server configuration, rendered from one federation topology: a hub for the coordinator and one
leaf server per region, mTLS everywhere (`verify_and_map`), least privilege per identity.

The rendered form is plain JSON, which nats-server reads as configuration; Terraform renders the
same documents (`infra/terraform`), and a test compares the two.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import subjects
from .pki import leaf_identity, node_identity, subject_of


@dataclass(frozen=True, slots=True)
class Endpoint:
    host: str
    port: int

    def url(self) -> str:
        return f"tls://{self.host}:{self.port}"


@dataclass(frozen=True, slots=True)
class Topology:
    """Where every server listens and where its files are."""

    hub_client: Endpoint
    hub_leaf: Endpoint
    leaves: dict[str, Endpoint]
    pki_dir: Path
    state_dir: Path
    jetstream_max_bytes: int = 1 << 30
    regions: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        for region in self.leaves:
            subjects.check_token(region)


def node_permissions(region: str) -> dict[str, Any]:
    """A region node on its leaf server: its own heartbeats, submissions, results it produces, its
    own job consumer; it reads only its own results, inbox and audit requests."""
    consumer = subjects.consumer(region)
    return {
        "publish": {
            "allow": [
                f"fed.heartbeat.{region}.>",
                subjects.SUBMIT,
                f"fed.results.*.{region}.>",
                f"{subjects.JS_API}.CONSUMER.MSG.NEXT.{subjects.STREAM}.{consumer}",
                f"{subjects.JS_API}.CONSUMER.INFO.{subjects.STREAM}.{consumer}",
                f"$JS.ACK.{subjects.JS_DOMAIN}.*.{subjects.STREAM}.{consumer}.>",
                f"$JS.ACK.{subjects.STREAM}.{consumer}.>",
            ]
        },
        "subscribe": {
            "allow": [
                subjects.results_for(region),
                f"{subjects.inbox_prefix(node_identity(region))}.>",
                subjects.audit_request(region),
            ]
        },
        "allow_responses": True,  # it may answer requests it received, and only those
    }


def leaf_permissions(region: str) -> dict[str, Any]:
    """A region's leaf server on the hub: what it may export (publish) and import (subscribe).

    The same boundary as `node_permissions`, enforced a second time at the hub, so a compromised leaf
    server still cannot reach another region's jobs or results.
    """
    node = node_permissions(region)
    return {
        "publish": {"allow": [*node["publish"]["allow"], f"{subjects.inbox_prefix('coordinator')}.>"]},
        "subscribe": {"allow": node["subscribe"]["allow"]},
    }


def coordinator_permissions() -> dict[str, Any]:
    return {
        "publish": {
            # Jobs it routes, audit questions, JetStream, and failure notices for jobs it gave up on.
            "allow": ["fed.jobs.>", "fed.audit.*", "$JS.API.>", f"{subjects.JS_API}.>", "fed.results.*.coordinator.>"]
        },
        "subscribe": {"allow": [subjects.SUBMIT, "fed.heartbeat.>", f"{subjects.inbox_prefix('coordinator')}.>"]},
        "allow_responses": True,
    }


def admin_permissions() -> dict[str, Any]:
    """Operators and the end-to-end wiretap: everything."""
    return {"publish": {"allow": [">"]}, "subscribe": {"allow": [">"]}}


def _tls(topology: Topology, identity: str) -> dict[str, Any]:
    return {
        "cert_file": str(topology.pki_dir / f"{identity}.crt"),
        "key_file": str(topology.pki_dir / f"{identity}.key"),
        "ca_file": str(topology.pki_dir / "ca.crt"),
        "verify_and_map": True,
        "timeout": 5,
    }


def render_hub(topology: Topology) -> dict[str, Any]:
    """The hub: the coordinator and operators connect here; leaf servers link to its leafnode port."""
    users = [
        {"user": subject_of("coordinator"), "permissions": coordinator_permissions()},
        {"user": subject_of("admin"), "permissions": admin_permissions()},
    ]
    leaf_users = [
        {"user": subject_of(leaf_identity(region)), "permissions": leaf_permissions(region)}
        for region in sorted(topology.leaves)
    ]
    return {
        "server_name": "hub",
        "host": topology.hub_client.host,
        "port": topology.hub_client.port,
        "tls": _tls(topology, "hub"),
        "authorization": {"users": users + leaf_users},
        "no_auth_user": "",
        "jetstream": {
            "domain": subjects.JS_DOMAIN,
            "store_dir": str(topology.state_dir / "hub-jetstream"),
            "max_file_store": topology.jetstream_max_bytes,
            "max_memory_store": 64 << 20,
        },
        "leafnodes": {
            "host": topology.hub_leaf.host,
            "port": topology.hub_leaf.port,
            "no_advertise": True,
            "tls": _tls(topology, "hub"),
        },
    }


def render_leaf(topology: Topology, region: str) -> dict[str, Any]:
    """A region's leaf server: its nodes connect here; it links to the hub with its own certificate."""
    identity = leaf_identity(region)
    endpoint = topology.leaves[region]
    remote_tls = {k: v for k, v in _tls(topology, identity).items() if k in ("cert_file", "key_file", "ca_file")}
    return {
        "server_name": identity,
        "host": endpoint.host,
        "port": endpoint.port,
        "tls": _tls(topology, identity),
        "authorization": {
            "users": [
                {"user": subject_of(node_identity(region)), "permissions": node_permissions(region)},
                {"user": subject_of("admin"), "permissions": admin_permissions()},
            ]
        },
        "leafnodes": {
            "no_advertise": True,
            "remotes": [{"urls": [topology.hub_leaf.url()], "tls": remote_tls}],
        },
    }
