"""nats-server configuration, rendered from one federation topology: a hub for the coordinator and one
leaf server per region, mTLS everywhere (`verify_and_map`), least privilege per identity.

Isolation on the hub is by **account**, not only by permissions: the coordinator, JetStream and the
operators live in account `FED`; each region's leaf link is bound to an account of its own
(`REGION_<region>`), which sees only what is exported to it by name. A reply subject chosen by a
region (on a JetStream pull, an ack or a submission) is mapped by the server back into that region's
own account, so no responder can be made to publish onto another region's or the coordinator's
subjects. Leaf identities exist only on the hub's leafnode listener: a leaf certificate is refused as
an ordinary client.

The rendered form is plain JSON, which nats-server reads as configuration; Terraform renders the
same documents (`infra/terraform`), and a test compares the two.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import subjects
from .pki import leaf_identity, node_identity, subject_of

FED_ACCOUNT = "FED"


@dataclass(frozen=True, slots=True)
class Endpoint:
    host: str
    port: int

    def url(self) -> str:
        return f"tls://{self.host}:{self.port}"


@dataclass(frozen=True, slots=True)
class HubNode:
    """One server of a clustered hub: its clients', leaf links' and other hub servers' ports."""

    name: str
    client: Endpoint
    leaf: Endpoint
    route: Endpoint


HUB_CLUSTER = "fed-hub"


@dataclass(frozen=True, slots=True)
class Topology:
    """Where every server listens and where its files are. With `hub_nodes`, the hub is a cluster of
    those servers (`hub_client` and `hub_leaf` are then the first one's); without, one server."""

    hub_client: Endpoint
    hub_leaf: Endpoint
    leaves: dict[str, Endpoint]
    pki_dir: Path
    state_dir: Path
    jetstream_max_bytes: int = 1 << 30
    regions: tuple[str, ...] = field(default=())
    hub_nodes: tuple[HubNode, ...] = ()

    def __post_init__(self) -> None:
        for region in self.leaves:
            subjects.check_token(region)

    @property
    def hub_servers(self) -> tuple[HubNode, ...]:
        """Every hub server: the cluster's, or the one hub as a cluster of one (no routes)."""
        return self.hub_nodes or (HubNode("hub", self.hub_client, self.hub_leaf, Endpoint("", 0)),)


def region_account(region: str) -> str:
    """The hub account a region's leaf link is bound to."""
    return f"REGION_{subjects.check_token(region)}"


def node_permissions(region: str) -> dict[str, Any]:
    """A region node on its leaf server: its own heartbeats, submissions, results it produces, its
    own job consumer; it reads only its own results, inbox and audit requests."""
    return {
        "publish": {
            "allow": [
                f"fed.heartbeat.{region}.>",
                subjects.submit(region),
                f"fed.results.*.{region}.>",
                f"fed.resend.*.{region}.>",  # as the origin: ask the region running its job to send again
                subjects.pull_next(region),
                subjects.acks(region),
            ]
        },
        "subscribe": {
            "allow": [
                subjects.results_for(region),
                f"{subjects.inbox_prefix(node_identity(region))}.>",
                subjects.audit_request(region),
                subjects.catalogue(region),
                subjects.policy(region),
                subjects.resend_to(region),
            ]
        },
        "allow_responses": True,  # it may answer requests it received, and only those
    }


def coordinator_permissions() -> dict[str, Any]:
    return {
        "publish": {
            # Jobs it routes, audit questions, JetStream, and failure notices for jobs it gave up on.
            "allow": [
                "fed.jobs.>",
                "fed.audit.*",
                "$JS.API.>",
                f"$JS.{subjects.JS_DOMAIN}.API.>",
                f"fed.results.*.{subjects.COORDINATOR}.>",
                subjects.CATALOGUE_ANY,
                subjects.POLICY_ANY,
                subjects.LEDGER,
            ],
            # It reads the published policy and makes its bucket, but may not remove or rewrite what an
            # admin published (an older version would then surface as the newest).
            "deny": [
                f"{api}.{operation}.{subjects.POLICY_STREAM}"
                for api in (subjects.JS_API, f"$JS.{subjects.JS_DOMAIN}.API")
                for operation in ("STREAM.DELETE", "STREAM.PURGE", "STREAM.MSG.DELETE", "STREAM.UPDATE")
            ],
        },
        "subscribe": {
            "allow": [
                subjects.SUBMIT_ANY,
                subjects.HEARTBEAT_ANY,
                subjects.JOBS_ANY,  # what every coordinator routed: prefix affinity shared by all of them
                f"{subjects.inbox_prefix(subjects.COORDINATOR)}.>",
            ]
        },
        "allow_responses": True,
    }


def admin_permissions() -> dict[str, Any]:
    """Operators and the end-to-end wiretap: everything in their account."""
    return {"publish": {"allow": [">"]}, "subscribe": {"allow": [">"]}}


def fed_account(regions: list[str]) -> dict[str, Any]:
    """The coordinator's account: JetStream, and the one door per region to what that region may use."""
    exports: list[dict[str, Any]] = []
    imports: list[dict[str, Any]] = []
    for region in regions:
        only = [region_account(region)]
        exports += [
            {"service": subjects.submit(region), "accounts": only},
            {
                "service": subjects.pull_next(region, api=subjects.JS_API),
                "accounts": only,
                "response_type": "stream",
            },
            {"service": subjects.acks(region), "accounts": only},
            {"stream": subjects.results_from(region, subjects.COORDINATOR), "accounts": only},
            {"stream": subjects.catalogue(region), "accounts": only},
            {"stream": subjects.policy(region), "accounts": only},
        ]
        imports += [
            {"stream": {"account": region_account(region), "subject": f"fed.heartbeat.{region}.>"}},
            {"service": {"account": region_account(region), "subject": subjects.audit_request(region)}},
        ]
    return {
        "jetstream": "enabled",
        "users": [
            {"user": subject_of(subjects.COORDINATOR), "permissions": coordinator_permissions()},
            {"user": subject_of("admin"), "permissions": admin_permissions()},
        ],
        "exports": exports,
        "imports": imports,
    }


def region_hub_account(region: str, regions: list[str]) -> dict[str, Any]:
    """A region's account on the hub: its submissions, its own job consumer, its results in and out."""
    others = [other for other in regions if other != region]
    return {
        "exports": [
            {"stream": f"fed.heartbeat.{region}.>", "accounts": [FED_ACCOUNT]},
            {"service": subjects.audit_request(region), "accounts": [FED_ACCOUNT]},
            *(
                {"stream": subjects.results_from(origin, region), "accounts": [region_account(origin)]}
                for origin in others
            ),
            *(
                {"stream": subjects.resend_from(region, executor), "accounts": [region_account(executor)]}
                for executor in others
            ),
        ],
        "imports": [
            {"service": {"account": FED_ACCOUNT, "subject": subjects.submit(region)}},
            {
                "service": {"account": FED_ACCOUNT, "subject": subjects.pull_next(region, api=subjects.JS_API)},
                "to": subjects.pull_next(region),
            },
            {"service": {"account": FED_ACCOUNT, "subject": subjects.acks(region)}},
            {"stream": {"account": FED_ACCOUNT, "subject": subjects.results_from(region, subjects.COORDINATOR)}},
            {"stream": {"account": FED_ACCOUNT, "subject": subjects.catalogue(region)}},
            {"stream": {"account": FED_ACCOUNT, "subject": subjects.policy(region)}},
            *(
                {"stream": {"account": region_account(executor), "subject": subjects.results_from(region, executor)}}
                for executor in others
            ),
            *(
                {"stream": {"account": region_account(origin), "subject": subjects.resend_from(origin, region)}}
                for origin in others
            ),
        ],
    }


def _tls(topology: Topology, identity: str) -> dict[str, Any]:
    return {
        "cert_file": str(topology.pki_dir / f"{identity}.crt"),
        "key_file": str(topology.pki_dir / f"{identity}.key"),
        "ca_file": str(topology.pki_dir / "ca.crt"),
        "verify_and_map": True,
        "timeout": 5,
    }


def render_hub(topology: Topology, node: HubNode | None = None) -> dict[str, Any]:
    """The hub (or one server of a clustered hub, `node`): the coordinator and operators connect here;
    leaf servers link to its leafnode port. Clustered, the servers route to each other over mTLS with
    the hub's own certificate (no other identity may join), and JetStream replicates across them."""
    regions = sorted(topology.leaves)
    node = node or topology.hub_servers[0]
    config = {
        "server_name": node.name,
        "host": node.client.host,
        "port": node.client.port,
        "tls": _tls(topology, "hub"),
        "accounts": {
            FED_ACCOUNT: fed_account(regions),
            **{region_account(region): region_hub_account(region, regions) for region in regions},
        },
        "no_auth_user": "",
        "jetstream": {
            "domain": subjects.JS_DOMAIN,
            "store_dir": str(
                topology.state_dir / ("hub-jetstream" if not topology.hub_nodes else f"{node.name}-jetstream")
            ),
            "max_file_store": topology.jetstream_max_bytes,
            "max_memory_store": 64 << 20,
        },
        "leafnodes": {
            "host": node.leaf.host,
            "port": node.leaf.port,
            "no_advertise": True,
            "tls": _tls(topology, "hub"),
            # Leaf identities authenticate here only, each bound to its region's account.
            "authorization": {
                "users": [
                    {"user": subject_of(leaf_identity(region)), "account": region_account(region)} for region in regions
                ]
            },
        },
    }
    if topology.hub_nodes:
        others = [other for other in topology.hub_nodes if other.name != node.name]
        config["cluster"] = {
            "name": HUB_CLUSTER,
            "host": node.route.host,
            "port": node.route.port,
            "no_advertise": True,
            "tls": _tls(topology, "hub"),
            "authorization": {"user": subject_of("hub")},  # a route must present the hub's certificate
            "routes": [f"tls://{other.route.host}:{other.route.port}" for other in others],
        }
    return config


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
            "remotes": [{"urls": [hub.leaf.url() for hub in topology.hub_servers], "tls": remote_tls}],
        },
    }
