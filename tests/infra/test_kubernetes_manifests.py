"""The Kubernetes objects of the hub and of every region, rendered by Terraform from the shipped
federation file (envs/common/federation.tfvars) and checked offline: strictly against the Kubernetes
API's schema, for what a real pod needs, and by replaying the pods: a temporary directory laid out as
each container sees its volumes, the region node and the coordinator started with the rendered
command, environment and files, until both answer /healthz and the region has joined the federation.

What only a cluster can check (scheduling, the CNI enforcing the NetworkPolicies, image pulls, GPUs)
is listed in infra/terraform/README.md."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from typer.testing import CliRunner

import policy
from federation import pki
from federation.local import LocalFabric, ensure_identities, local_topology
from federation.server import free_port
from fedinfer.cli import app
from fedinfer.terraform import terraform
from region_node.config import hash_token
from tests.conftest import EXAMPLES, FABRIC_REGIONS, REPO
from tests.infra.kubernetes_schema import problems
from tests.waiting import wait_for

pytest.importorskip("kubernetes", reason="the Kubernetes API schema comes with the test extra")

TF = REPO / "infra" / "terraform"
TFVARS = TF / "envs" / "common" / "federation.tfvars"
POLICY = EXAMPLES / "policies" / "federation.yaml"
REPLAYED = "us-east"
TOKEN = "replay-token"
MULTI_NODE_ENGINE = {
    "kind": "vllm",
    "model": "smollm2-135m-instruct",
    "path": "/models/tiny",
    "dtype": "float32",
    "max_model_len": 256,
    "tensor_parallel_size": 2,  # PP across nodes fails in vLLM 0.32 (docs/parallel.md)
    "gpu_memory_utilization": 0.1,
    "extra_args": {"enforce_eager": True},
}
ADMIN_TOKEN = "replay-admin-token"

ROOT = """
variable "federation" { type = any }
variable "deployments" { type = any }
variable "hub_leaf_cidr" { type = string }
variable "replay_model" { type = string }
variable "replay_region" { type = string }

module "federation" {
  source     = "MODULES/federation"
  federation = var.federation
}

module "region" {
  for_each         = var.deployments
  source           = "MODULES/region-manifests"
  region           = each.key
  namespace        = "fedinfer-${each.key}"
  node_config      = module.federation.node_configs[each.key]
  leaf_config      = module.federation.leaf_configs[each.key]
  policy           = file("POLICY")
  engine           = each.value.engine
  images           = { region_node = "registry.example.org/fedinfer:1" }
  replicas         = each.value.replicas
  nodes_per_replica = try(each.value.nodes_per_replica, 1)
  gpus_per_replica = each.value.gpus_per_replica
  resources        = each.value.resources
  model_volume     = each.value.model_volume
  node_selector    = each.value.node_selector
  tls_secret       = "fedinfer-${each.key}-tls"
  tenants_secret   = "fedinfer-${each.key}-tenants"
  hub_leaf         = { cidr = var.hub_leaf_cidr, port = var.federation.hub.leaf_port }
}

# The replayed region: the same module as a CPU-only deployment with the embedded engine, its model on
# a host path (what this machine can run).
module "replay" {
  source           = "MODULES/region-manifests"
  region           = var.replay_region
  namespace        = "fedinfer-${var.replay_region}"
  node_config      = module.federation.node_configs[var.replay_region]
  leaf_config      = module.federation.leaf_configs[var.replay_region]
  policy           = file("POLICY")
  engine           = { kind = "embedded", model = "smollm2-135m-instruct", path = "/models/smollm2" }
  images           = { region_node = "registry.example.org/fedinfer:1" }
  gpus_per_replica = 0
  resources        = { cpu = "2", memory = "4Gi" }
  model_volume     = { kind = "host_path", path = var.replay_model }
  tls_secret       = "fedinfer-${var.replay_region}-tls"
  tenants_secret   = "fedinfer-${var.replay_region}-tenants"
  hub_leaf         = { cidr = var.hub_leaf_cidr, port = var.federation.hub.leaf_port }
}

# A replica across two machines (the planner's layout for a model no machine holds): a LeaderWorkerSet.
# Replayed on this CPU: vLLM with the tiny model, TP 2 over the two "machines".
module "multi_node" {
  source            = "MODULES/region-manifests"
  region            = "eu-west"
  namespace         = "fedinfer-eu-west"
  node_config       = module.federation.node_configs["eu-west"]
  leaf_config       = module.federation.leaf_configs["eu-west"]
  policy            = file("POLICY")
  engine            = jsondecode(file("multi_node_engine.json"))
  images            = { region_node = "registry.example.org/fedinfer:1" }
  replicas          = 2
  nodes_per_replica = 2
  gpus_per_replica  = 0
  resources         = { cpu = "1", memory = "4Gi" }
  model_volume      = { kind = "host_path", path = var.replay_model }
  tls_secret        = "fedinfer-eu-west-tls"
  tenants_secret    = "fedinfer-eu-west-tenants"
  hub_leaf          = { cidr = var.hub_leaf_cidr, port = var.federation.hub.leaf_port }
}

module "hub" {
  source            = "MODULES/hub-manifests"
  hub_configs       = module.federation.hub_configs
  policy            = file("POLICY")
  policy_path       = var.federation.policy
  tls_secret        = "fedinfer-hub-tls"
  tenants_secret    = "fedinfer-coordinator-tenants"
  images            = { coordinator = "registry.example.org/fedinfer:1" }
  leaf_source_cidrs = sort(distinct([for d in values(var.deployments) : d.leaf_source_cidr]))
}

# The same hub without a single point of failure: three nats-servers in a cluster, and two coordinators
# sharing an audit store in PostgreSQL (a URL in a Secret).
module "federation_ha" {
  source = "MODULES/federation"
  federation = merge(var.federation, {
    hub = merge(var.federation.hub, { servers = 3, cluster_domain = "nats-hub-cluster.fedinfer-hub.svc" })
  })
}

module "hub_ha" {
  source                = "MODULES/hub-manifests"
  hub_configs           = module.federation_ha.hub_configs
  policy                = file("POLICY")
  policy_path           = var.federation.policy
  tls_secret            = "fedinfer-hub-tls"
  tenants_secret        = "fedinfer-coordinator-tenants"
  images                = { coordinator = "registry.example.org/fedinfer:1" }
  leaf_source_cidrs     = sort(distinct([for d in values(var.deployments) : d.leaf_source_cidr]))
  coordinators          = 2
  audit_database_secret = { name = "fedinfer-audit-db" }
}

output "regions" { value = { for name, m in module.region : name => m.objects } }
output "replay" { value = module.replay.objects }
output "multi_node" { value = module.multi_node.objects }
output "hub" { value = module.hub.objects }
output "hub_ha" { value = module.hub_ha.objects }
output "hub_ha_identities" { value = module.federation_ha.identities }
output "hub_config" { value = module.federation.hub_config }
output "leaf_configs" { value = module.federation.leaf_configs }
"""


def _render(root: Path, tfvars: str, policy: Path, replay_region: str = REPLAYED) -> dict[str, Any]:
    """Every output of the test root module, applied with these federation settings and this policy."""
    root.mkdir(parents=True, exist_ok=True)
    # Beside a copy of the modules, named by relative paths: a module's own `../kubernetes-common` must
    # stay inside the tree Terraform reads them from, as in envs/.
    shutil.copytree(TF / "modules", root.parent / "modules", dirs_exist_ok=True)
    text = ROOT.replace("MODULES", "../modules").replace("POLICY", str(policy))
    (root / "main.tf").write_text(text, encoding="utf-8")
    (root / "terraform.tfvars").write_text(tfvars, encoding="utf-8")
    (root / "multi_node_engine.json").write_text(json.dumps(MULTI_NODE_ENGINE), encoding="utf-8")
    steps = (
        ["init", "-backend=false", "-no-color"],
        ["apply", "-auto-approve", "-no-color", "-input=false", "-var", "replay_model=/srv/models"],
    )
    for step in steps:
        result = terraform([*step, "-var", f"replay_region={replay_region}"] if step[0] == "apply" else step, cwd=root)
        assert result.ok, result.stdout + result.stderr
    outputs = json.loads(terraform(["output", "-json"], cwd=root).stdout)
    return {name: value["value"] for name, value in outputs.items()}


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _render(tmp_path_factory.mktemp("k8s") / "root", TFVARS.read_text(encoding="utf-8"), POLICY)


def _all_objects(rendered: dict[str, Any]) -> list[dict[str, Any]]:
    regions = (o for objects in rendered["regions"].values() for o in objects)
    return [*rendered["hub"], *rendered["hub_ha"], *rendered["replay"], *rendered["multi_node"], *regions]


def _find(objects: list[dict[str, Any]], kind: str, name: str) -> dict[str, Any]:
    return next(o for o in objects if o["kind"] == kind and o["metadata"]["name"] == name)


def _container(workload: dict[str, Any]) -> dict[str, Any]:
    return workload["spec"]["template"]["spec"]["containers"][0]  # type: ignore[no-any-return]


def _labels(workload: dict[str, Any]) -> dict[str, str]:
    return workload["spec"]["template"]["metadata"]["labels"]  # type: ignore[no-any-return]


# -- the schema --------------------------------------------------------------------------------------


def test_every_rendered_object_is_valid_against_the_kubernetes_api_schema(rendered: dict[str, Any]) -> None:
    objects = _all_objects(rendered)
    assert {"Namespace", "ConfigMap", "Service", "StatefulSet", "Deployment", "NetworkPolicy"} <= {
        o["kind"] for o in objects
    }
    assert {r for r in rendered["regions"]} == {"eu-west", "us-east", "kr-central"}
    found = [problem for obj in objects for problem in problems(obj)]
    assert not found, "\n".join(found)


def test_the_schema_check_refuses_unknown_fields_wrong_types_and_missing_ones(rendered: dict[str, Any]) -> None:
    node = _find(rendered["replay"], "StatefulSet", "region-node")
    assert problems(node) == []  # control
    typo = json.loads(json.dumps(node))
    _container(typo)["volumeMount"] = _container(typo).pop("volumeMounts")
    assert "StatefulSet/region-node.spec.template.spec.containers.0.volumeMount: Extra inputs are not permitted" in (
        problems(typo)
    )
    wrong = json.loads(json.dumps(node))
    _container(wrong)["ports"][0]["containerPort"] = "8000"
    assert any(p.endswith("containerPort: Input should be a valid integer") for p in problems(wrong))
    missing = json.loads(json.dumps(node))
    del missing["spec"]["selector"]
    assert "StatefulSet/region-node.spec.selector: Field required" in problems(missing)
    python_name = json.loads(json.dumps(node))
    _container(python_name)["volume_mounts"] = _container(python_name).pop("volumeMounts")
    assert any("the API calls no field of V1Container 'volume_mounts'" in p for p in problems(python_name))
    assert problems({"apiVersion": "v1", "kind": "Deploymnet", "metadata": {"name": "x"}})


# -- what a real pod needs ---------------------------------------------------------------------------


def test_a_region_pod_has_everything_its_configuration_reads(rendered: dict[str, Any]) -> None:
    for region, objects in rendered["regions"].items():
        node = _find(objects, "StatefulSet", "region-node")
        pod, container = node["spec"]["template"]["spec"], _container(node)
        mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
        volumes = {v["name"]: v for v in pod["volumes"]}
        config = yaml.safe_load(_find(objects, "ConfigMap", f"fedinfer-{region}")["data"]["region.yaml"])
        # The policy, the certificates and the model are mounted where the configuration names them.
        assert mounts[str(Path(config["policy"]).parent)] == "policy"
        policy_map = _find(objects, "ConfigMap", volumes["policy"]["configMap"]["name"])
        assert Path(config["policy"]).name in policy_map["data"]
        assert mounts[config["nats"]["pki_dir"]] == "pki"
        assert any(config["engine"]["path"].startswith(path) for path, name in mounts.items() if name == "model")
        assert volumes["model"]["persistentVolumeClaim"]["claimName"] == "models"
        assert volumes["shm"]["emptyDir"]["medium"] == "Memory" and mounts["/dev/shm"] == "shm"
        # GPUs in bfloat16, with CPU and memory requested and the GPUs both requested and limited.
        assert config["engine"]["dtype"] == "bfloat16"
        resources = container["resources"]
        assert {"cpu", "memory", "nvidia.com/gpu"} <= set(resources["requests"])
        assert resources["limits"]["nvidia.com/gpu"] == resources["requests"]["nvidia.com/gpu"]
        # Probes: a slow model load is not a dead process; not serving makes it unready, not restarted.
        assert container["startupProbe"]["failureThreshold"] * container["startupProbe"]["periodSeconds"] >= 1800
        assert container["livenessProbe"]["httpGet"]["path"] == "/livez"
        assert container["readinessProbe"]["httpGet"]["path"] == "/healthz"
        # Non-root, with its secrets readable through the group and nobody else.
        assert pod["securityContext"]["runAsNonRoot"] and pod["securityContext"]["fsGroup"]
        assert volumes["pki"]["secret"]["defaultMode"] == 0o440
        assert config["api"]["host"] == "0.0.0.0"


def test_every_name_the_configurations_use_is_a_service_and_no_port_pretends_tls(rendered: dict[str, Any]) -> None:
    hub_objects = rendered["hub"]
    services = {
        f"{o['metadata']['name']}.{o['metadata']['namespace']}.svc": {p["port"] for p in o["spec"]["ports"]}
        for o in _all_objects(rendered)
        if o["kind"] == "Service"
    }
    for region, leaf in rendered["leaf_configs"].items():
        assert leaf["port"] in services[leaf["host"]], region
        config_map = _find(rendered["regions"][region], "ConfigMap", f"fedinfer-{region}")
        config = yaml.safe_load(config_map["data"]["region.yaml"])
        host, port = config["nats"]["url"].removeprefix("tls://").rsplit(":", 1)
        assert int(port) in services[host]
        # The leaf links to the hub's external address, which its certificate names.
        (remote,) = leaf["leafnodes"]["remotes"]
        assert remote["urls"] == ["tls://hub.fedinfer.example.org:7422"]
    coordinator_pod = _container(_find(hub_objects, "StatefulSet", "coordinator"))
    coordinator = {e["name"]: e.get("value") for e in coordinator_pod["env"]}
    host, port = coordinator["FEDINFER_COORDINATOR_NATS_URL"].removeprefix("tls://").rsplit(":", 1)
    assert int(port) in services[host]
    assert _find(hub_objects, "Service", "nats-hub-leafnodes")["spec"]["type"] == "LoadBalancer"
    for objects in rendered["regions"].values():
        api = _find(objects, "Service", "region-api")["spec"]["ports"][0]
        assert api["port"] != 443 and api["appProtocol"] == "http"
    # Servers in pods listen on every interface: a Service's name is not an address of the pod.
    assert json.loads(_find(hub_objects, "ConfigMap", "nats-hub")["data"]["hub.json"])["host"] == "0.0.0.0"


DNS = {
    "to": [
        {
            "namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "kube-system"}},
            "podSelector": {"matchLabels": {"k8s-app": "kube-dns"}},
        }
    ],
    "ports": [{"protocol": "UDP", "port": 53}, {"protocol": "TCP", "port": 53}],
}
BASELINE = {
    "deny-all": {"podSelector": {}, "policyTypes": ["Ingress", "Egress"]},
    "dns-and-in-namespace": {
        "podSelector": {},
        "policyTypes": ["Ingress", "Egress"],
        "ingress": [{"from": [{"podSelector": {}}]}],
        "egress": [{"to": [{"podSelector": {}}]}, DNS],
    },
}


def test_network_policies_allow_exactly_dns_the_hub_in_namespace_traffic_and_the_api(rendered: dict[str, Any]) -> None:
    for region, objects in rendered["regions"].items():
        policies = {o["metadata"]["name"]: o["spec"] for o in objects if o["kind"] == "NetworkPolicy"}
        assert policies == {
            **BASELINE,
            "leaf-to-hub": {
                "podSelector": {"matchLabels": {"app.kubernetes.io/name": "nats-leaf"}},
                "policyTypes": ["Egress"],
                "egress": [
                    {"to": [{"ipBlock": {"cidr": "203.0.113.10/32"}}], "ports": [{"protocol": "TCP", "port": 7422}]}
                ],
            },
            "region-api": {
                "podSelector": {"matchLabels": {"app.kubernetes.io/name": "region-node"}},
                "policyTypes": ["Ingress", "Egress"],
                "ingress": [{"ports": [{"protocol": "TCP", "port": 8000}]}],
                "egress": [],
            },
        }, region
        assert _find(objects, "PodDisruptionBudget", "region-node")["spec"] == {
            "maxUnavailable": 1,
            "selector": {"matchLabels": {"fedinfer.io/engine": "true"}},
        }
    hub = {o["metadata"]["name"]: o["spec"] for o in rendered["hub"] if o["kind"] == "NetworkPolicy"}
    sources = [{"ipBlock": {"cidr": c}} for c in ("198.51.100.0/24", "198.51.101.0/24", "198.51.102.0/24")]
    assert hub == {
        **BASELINE,
        "leaf-links": {
            "podSelector": {"matchLabels": {"app.kubernetes.io/name": "nats-hub"}},
            "policyTypes": ["Ingress"],
            "ingress": [{"from": sources, "ports": [{"protocol": "TCP", "port": 7422}]}],
        },
    }
    leaf_service = _find(rendered["hub"], "Service", "nats-hub-leafnodes")["spec"]
    assert leaf_service["externalTrafficPolicy"] == "Local"  # the regions' addresses reach the policy
    assert leaf_service["loadBalancerSourceRanges"] == [s["ipBlock"]["cidr"] for s in sources]


def test_a_clustered_hub_is_three_servers_on_three_hosts_each_routing_to_the_two_others(
    rendered: dict[str, Any],
) -> None:
    objects = rendered["hub_ha"]
    hub = _find(objects, "StatefulSet", "nats-hub")
    namespace, pod = hub["metadata"]["namespace"], hub["spec"]["template"]["spec"]
    assert hub["spec"]["replicas"] == 3
    # Each pod has a name of its own under the headless Service, published before it is ready (the
    # servers must reach each other to become so).
    headless = _find(objects, "Service", "nats-hub-cluster")["spec"]
    assert hub["spec"]["serviceName"] == "nats-hub-cluster"
    assert headless["clusterIP"] == "None" and headless["publishNotReadyAddresses"]
    assert headless["selector"].items() <= _labels(hub).items()
    route_port = next(p["port"] for p in headless["ports"] if p["name"] == "cluster")
    assert {"name": "cluster", "containerPort": route_port, "protocol": "TCP"} in _container(hub)["ports"]
    # Each pod reads its own document, named after it.
    container = _container(hub)
    assert {"name": "POD_NAME", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"}}} in container["env"]
    files = _find(objects, "ConfigMap", "nats-hub")["data"]
    pods = [f"nats-hub-{i}" for i in range(3)]
    assert sorted(files) == [f"{name}.json" for name in pods]
    hub_identity = rendered["hub_ha_identities"]["hub"]
    for name in pods:
        config = json.loads(files[Path(_expanded(container["args"][-1], {"POD_NAME": name})).name])
        cluster = config["cluster"]
        assert config["server_name"] == name and cluster["host"] == "0.0.0.0" and cluster["port"] == route_port
        others = [other for other in pods if other != name]
        assert cluster["routes"] == [f"tls://{other}.nats-hub-cluster.{namespace}.svc:{route_port}" for other in others]
        # Routes are mTLS with the hub's own certificate, which names every server as the others dial it.
        assert cluster["authorization"]["user"] == hub_identity["subject"] == "CN=hub,O=fedinfer"
        assert cluster["tls"]["cert_file"].endswith("/hub.crt") and cluster["tls"]["verify_and_map"]
        assert f"{name}.nats-hub-cluster.{namespace}.svc" in hub_identity["sans"]
        assert config["jetstream"]["store_dir"].startswith(container["volumeMounts"][-1]["mountPath"] + "/")
    # One server per host, and evicted one at a time: losing a host or a drain leaves a majority.
    (term,) = pod["affinity"]["podAntiAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]
    assert term["topologyKey"] == "kubernetes.io/hostname"
    assert term["labelSelector"]["matchLabels"].items() <= _labels(hub).items()
    assert _find(objects, "PodDisruptionBudget", "nats-hub")["spec"]["maxUnavailable"] == 1
    # The routes stay inside the namespace, which its policies open to its own pods and no one else.
    policies = {o["metadata"]["name"]: o["spec"] for o in objects if o["kind"] == "NetworkPolicy"}
    assert policies == {o["metadata"]["name"]: o["spec"] for o in rendered["hub"] if o["kind"] == "NetworkPolicy"}
    assert policies["dns-and-in-namespace"]["ingress"] == [{"from": [{"podSelector": {}}]}]  # every port
    # The hub's one server keeps its document and its Service, unclustered.
    single = _find(rendered["hub"], "StatefulSet", "nats-hub")
    assert (single["spec"]["replicas"], single["spec"]["serviceName"]) == (1, "nats-hub")
    assert "affinity" not in single["spec"]["template"]["spec"]
    assert "cluster" not in json.loads(_find(rendered["hub"], "ConfigMap", "nats-hub")["data"]["hub.json"])


def test_several_coordinators_share_a_postgresql_audit_store_each_under_its_own_name(rendered: dict[str, Any]) -> None:
    objects = rendered["hub_ha"]
    coordinators = _find(objects, "StatefulSet", "coordinator")
    env = {e["name"]: e for e in _container(coordinators)["env"]}
    assert coordinators["spec"]["replicas"] == 2
    assert env["FEDINFER_COORDINATOR_AUDIT_URL"] == {
        "name": "FEDINFER_COORDINATOR_AUDIT_URL",
        "valueFrom": {"secretKeyRef": {"name": "fedinfer-audit-db", "key": "url"}},
    }
    assert env["FEDINFER_COORDINATOR_INSTANCE"]["valueFrom"] == {"fieldRef": {"fieldPath": "metadata.name"}}
    assert env["FEDINFER_COORDINATOR_JETSTREAM_REPLICAS"]["value"] == "3"
    # Every hub server, as its certificate names it; the client fails over between them.
    urls = env["FEDINFER_COORDINATOR_NATS_URL"]["value"].split(",")
    assert urls == [f"tls://nats-hub-{i}.nats-hub-cluster.fedinfer-hub.svc:4222" for i in range(3)]
    assert {url.removeprefix("tls://").rsplit(":", 1)[0] for url in urls} <= set(
        rendered["hub_ha_identities"]["hub"]["sans"]
    )
    # No per-pod SQLite file: no audit volume, mounted or claimed.
    assert "audit" not in {m["name"] for m in _container(coordinators)["volumeMounts"]}
    assert not coordinators["spec"].get("volumeClaimTemplates")
    (term,) = coordinators["spec"]["template"]["spec"]["affinity"]["podAntiAffinity"][
        "requiredDuringSchedulingIgnoredDuringExecution"
    ]
    assert term["topologyKey"] == "kubernetes.io/hostname"
    assert _find(objects, "PodDisruptionBudget", "coordinator")["spec"]["maxUnavailable"] == 1
    # The one coordinator of the other hub keeps SQLite on its own volume, on a hub of one server.
    single = _find(rendered["hub"], "StatefulSet", "coordinator")
    single_env = {e["name"]: e for e in _container(single)["env"]}
    assert single_env["FEDINFER_COORDINATOR_AUDIT_URL"]["value"].startswith("sqlite:////var/lib/fedinfer/")
    assert single_env["FEDINFER_COORDINATOR_JETSTREAM_REPLICAS"]["value"] == "1"
    assert [t["metadata"]["name"] for t in single["spec"]["volumeClaimTemplates"]] == ["audit"]
    assert not [
        o for o in rendered["hub"] if o["kind"] == "PodDisruptionBudget" and o["metadata"]["name"] == "coordinator"
    ]


def test_every_pod_holds_its_own_key_and_no_other(rendered: dict[str, Any]) -> None:
    def keys(workload: dict[str, Any]) -> set[str]:
        (pki,) = [v for v in workload["spec"]["template"]["spec"]["volumes"] if v["name"] == "pki"]
        return {item["key"] for item in pki["secret"]["items"]}

    objects = rendered["regions"]["eu-west"]
    assert keys(_find(objects, "StatefulSet", "region-node")) == {"ca.crt", "region-eu-west.crt", "region-eu-west.key"}
    assert keys(_find(objects, "Deployment", "nats-leaf")) == {"ca.crt", "leaf-eu-west.crt", "leaf-eu-west.key"}
    assert keys(_find(rendered["hub"], "StatefulSet", "nats-hub")) == {"ca.crt", "hub.crt", "hub.key"}
    assert keys(_find(rendered["hub"], "StatefulSet", "coordinator")) == {
        "ca.crt",
        "coordinator.crt",
        "coordinator.key",
    }


def test_a_replica_across_machines_is_one_group_scheduled_and_restarted_together(rendered: dict[str, Any]) -> None:
    objects = rendered["multi_node"]
    assert not [o for o in objects if o["kind"] == "StatefulSet"]
    # The LeaderWorkerSet makes the group's headless Service itself (publishing addresses before
    # readiness, which the workers need to reach the leader's rendezvous): none of ours in its way.
    assert not [o for o in objects if o["kind"] == "Service" and o["metadata"]["name"] == "region-node"]
    lws = _find(objects, "LeaderWorkerSet", "region-node")
    assert problems(lws) == []
    template = lws["spec"]["leaderWorkerTemplate"]
    assert (lws["spec"]["replicas"], template["size"]) == (2, 2)
    assert template["restartPolicy"] == "RecreateGroupOnPodRestart"  # one pod restarts: the group does
    leader, worker = template["leaderTemplate"], template["workerTemplate"]
    for pod in (leader["spec"], worker["spec"]):  # every pod of the engine on a machine of its own
        (term,) = pod["affinity"]["podAntiAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]
        assert term["topologyKey"] == "kubernetes.io/hostname"
        assert term["labelSelector"]["matchLabels"].items() <= leader["metadata"]["labels"].items()
        assert term["labelSelector"]["matchLabels"].items() <= worker["metadata"]["labels"].items()
    # The rendezvous is the leader's own pod address, inside the namespace; workers reach it by LWS.
    env = {e["name"]: e for e in leader["spec"]["containers"][0]["env"]}
    master = env["FEDINFER_REGION_ENGINE__CLUSTER__MASTER_ADDR"]["valueFrom"]["fieldRef"]["fieldPath"]
    assert master == "status.podIP"
    command = worker["spec"]["containers"][0]["command"]
    assert command[:3] == ["fedinfer", "region", "worker"] and "$(LWS_LEADER_ADDRESS)" in command
    assert "FEDINFER_REGION_TENANTS" not in json.dumps(worker)  # a worker serves no API: no tenants
    config = yaml.safe_load(_find(objects, "ConfigMap", "fedinfer-eu-west")["data"]["region.yaml"])
    assert config["engine"]["cluster"] == {
        "nodes": 2,
        "master_addr": "0.0.0.0",
        "master_port": 29500,
        "spawner": "none",
    }
    # Only leaders serve the API.
    selector = _find(objects, "Service", "region-api")["spec"]["selector"]
    assert selector.items() <= leader["metadata"]["labels"].items()
    assert not selector.items() <= worker["metadata"]["labels"].items()
    # The check covers the custom resource's own fields and its pod templates.
    wrong = json.loads(json.dumps(lws))
    wrong["spec"]["leaderWorkerTemplate"]["restartPolicy"] = "Always"
    assert any("restartPolicy" in p for p in problems(wrong))
    typo = json.loads(json.dumps(lws))
    typo["spec"]["leaderWorkerTemplate"]["workerTemplate"]["spec"]["containers"][0]["volumeMount"] = []
    assert any("volumeMount: Extra inputs are not permitted" in p for p in problems(typo))


# -- the pod replay ----------------------------------------------------------------------------------


class Pod:
    """One container of a rendered workload, run here: its volumes laid out under `root` as the
    container sees them (ConfigMaps and Secrets as files, the rest as folders), every mount path in
    its command, environment and configuration files moved under `root`, and Service addresses
    mapped to where this machine serves them."""

    def __init__(
        self,
        template: dict[str, Any],
        claims: list[dict[str, Any]],
        name: str,
        objects: list[dict[str, Any]],
        root: Path,
        injected: dict[str, str] | None = None,
    ) -> None:
        """`template`: the pod template; `claims`: its workload's volume claim templates; `name`: the
        pod's name; `injected`: environment the controller adds (a LeaderWorkerSet's `LWS_*`)."""
        self.template, self.claims, self.name, self.objects, self.root = template, claims, name, objects, root
        self.injected = injected or {}
        self.spec = template["spec"]
        self.container = self.spec["containers"][0]
        self.moves: dict[str, str] = {}
        self.process: subprocess.Popen[bytes] | None = None

    @classmethod
    def of(cls, workload: dict[str, Any], objects: list[dict[str, Any]], root: Path) -> Pod:
        """The first pod of a StatefulSet."""
        spec = workload["spec"]
        return cls(
            spec["template"], spec.get("volumeClaimTemplates", []), f"{workload['metadata']['name']}-0", objects, root
        )

    def local(self, path: str) -> Path:
        return self.root / path.lstrip("/")

    def lay_out(self, secrets: dict[str, dict[str, bytes]], host_paths: dict[str, Path]) -> None:
        volumes = {v["name"]: v for v in self.spec["volumes"]}
        claims = {t["metadata"]["name"] for t in self.claims}
        for mount in self.container["volumeMounts"]:
            target = self.local(mount["mountPath"])
            self.moves[mount["mountPath"]] = str(target)
            volume = volumes.get(mount["name"])
            if volume is None:
                assert mount["name"] in claims, f"mount {mount['name']} has no volume"
                target.mkdir(parents=True, exist_ok=True)
            elif "configMap" in volume:
                data = _find(self.objects, "ConfigMap", volume["configMap"]["name"])["data"]
                self._files(target, {key: value.encode() for key, value in data.items()}, 0o644)
            elif "secret" in volume:
                secret = volume["secret"]
                source = secrets[secret["secretName"]]
                missing = [i["key"] for i in secret.get("items", []) if i["key"] not in source]
                assert not missing, f"Secret {secret['secretName']} has no {missing}: the pod would not start"
                files = {i["path"]: source[i["key"]] for i in secret["items"]} if "items" in secret else source
                self._files(target, files, secret["defaultMode"])
            elif "hostPath" in volume:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.symlink_to(host_paths[volume["hostPath"]["path"]])
            else:  # emptyDir
                target.mkdir(parents=True, exist_ok=True)

    @staticmethod
    def _files(folder: Path, files: dict[str, bytes], mode: int) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        for name, content in files.items():
            (folder / name).write_bytes(content)
            (folder / name).chmod(mode)

    def moved(self, text: str, addresses: dict[str, str]) -> str:
        for path in sorted(self.moves, key=len, reverse=True):
            text = text.replace(path, self.moves[path])
        for address, local in addresses.items():
            text = text.replace(address, local)
        return text

    def start(
        self, secrets: dict[str, dict[str, bytes]], addresses: dict[str, str], ports: dict[str, str], log: Path
    ) -> Pod:
        """`ports`: environment variables that move the pod's listening address to a free local port, as
        a pod's own IP would; each must be one the pod's configuration reads."""
        for mount in self.container["volumeMounts"]:  # configuration files read what the pod would
            folder = self.local(mount["mountPath"])
            if mount.get("readOnly") and folder.is_dir() and not folder.is_symlink():
                for path in folder.iterdir():
                    if path.suffix in (".yaml", ".json") and path.stat().st_mode & 0o200:
                        path.write_text(self.moved(path.read_text(encoding="utf-8"), addresses), encoding="utf-8")
        environment = {"PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}", "PYTHONPATH": str(REPO)}
        environment.update(self.injected)
        for entry in self.container.get("env", []):
            source = entry.get("valueFrom", {})
            if "fieldRef" in source:
                fields = {"metadata.name": self.name, "status.podIP": "127.0.0.1"}
                value = fields[source["fieldRef"]["fieldPath"]]
            elif "secretKeyRef" in source:
                value = secrets[source["secretKeyRef"]["name"]][source["secretKeyRef"]["key"]].decode()
            else:
                value = entry["value"]
            environment[entry["name"]] = self.moved(value, addresses)
        environment.update(ports)
        command = [self.moved(_expanded(part, environment), addresses) for part in self.container["command"]]
        with log.open("wb") as output:
            self.process = subprocess.Popen(
                command, env=environment, cwd=self.root, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
            )
        return self

    def stop(self) -> None:
        """Stop the pod's processes, all of them (vLLM's run in its process group), as a kubelet would."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(30)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)  # what is left of the group, as the kubelet's grace ends
        self.process.wait(10)


def _expanded(text: str, environment: dict[str, str]) -> str:
    """Kubernetes' `$(VAR)` in a command, from the container's environment."""
    return re.sub(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)", lambda m: environment.get(m[1], m[0]), text)


def _pki_files(pki: Path, *names: str) -> dict[str, bytes]:
    return {name: (pki / name).read_bytes() for name in names}


def _answers(url: str, log: Path, pod: Pod) -> bool:
    assert pod.process is not None
    if pod.process.poll() is not None:
        raise AssertionError(f"the pod exited ({pod.process.returncode}):\n{log.read_text()[-3000:]}")
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


@contextlib.contextmanager
def replaying(
    rendered: dict[str, Any],
    fabric: LocalFabric,
    models: Path,
    region: str,
    region_secrets: dict[str, dict[str, bytes]],
    folder: Path,
) -> Iterator[dict[str, Any]]:
    """The coordinator's pod and `region`'s node pod, from the rendered objects, until both are healthy.
    `region_secrets`: the region's two Secrets (`fedinfer-<region>-tls`, `-tenants`) as their files."""
    pki, logs = fabric.topology.pki_dir, folder / "logs"
    logs.mkdir(parents=True)
    hub_objects, region_objects = rendered["hub"], rendered["replay"]
    coordinator_port, api_port = free_port(), free_port()
    hub_config, leaf = rendered["hub_config"], rendered["leaf_configs"][region]
    # The cluster's network as this machine offers it: each Service's name and port, and each server's
    # listening address, at the local fabric's servers and free ports.
    addresses = {
        f"tls://{hub_config['host']}:{hub_config['port']}": fabric.hub_url,
        f"tls://{leaf['host']}:{leaf['port']}": fabric.leaf_url(region),
    }
    coordinator_ports = {
        "FEDINFER_COORDINATOR_HTTP_HOST": "127.0.0.1",
        "FEDINFER_COORDINATOR_HTTP_PORT": str(coordinator_port),
    }
    node_ports = {"FEDINFER_REGION_API__HOST": "127.0.0.1", "FEDINFER_REGION_API__PORT": str(api_port)}
    secrets = {
        "fedinfer-hub-tls": _pki_files(pki, "ca.crt", "coordinator.crt", "coordinator.key"),
        "fedinfer-coordinator-tenants": {
            "tenants.yaml": yaml.safe_dump(
                [{"name": "operator", "token_sha256": hash_token(ADMIN_TOKEN), "roles": ["admin", "audit"]}]
            ).encode()
        },
        **region_secrets,
    }
    coordinator = Pod.of(_find(hub_objects, "StatefulSet", "coordinator"), hub_objects, folder / "hub")
    node = Pod.of(_find(region_objects, "StatefulSet", "region-node"), region_objects, folder / "region")
    coordinator.lay_out(secrets, {})
    node.lay_out(secrets, {"/srv/models": models})
    try:
        coordinator.start(secrets, addresses, coordinator_ports, logs / "coordinator.log")
        node.start(secrets, addresses, node_ports, logs / "region.log")
        coordinator_url, node_url = f"http://127.0.0.1:{coordinator_port}", f"http://127.0.0.1:{api_port}"
        coordinator_log, node_log = logs / "coordinator.log", logs / "region.log"
        wait_for(lambda: _answers(f"{coordinator_url}/healthz", coordinator_log, coordinator), "coordinator", 60)
        wait_for(lambda: _answers(f"{node_url}/healthz", node_log, node), "region node", 240)
        yield {"coordinator": coordinator_url, "node": node_url, "pods": (coordinator, node)}
    finally:
        node.stop()
        coordinator.stop()


@pytest.fixture(scope="module")
def models(smollm2: Path, tiny_llama: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The host path the replayed model volumes name: a folder with the models in it."""
    folder = tmp_path_factory.mktemp("host-models")
    (folder / "smollm2").symlink_to(smollm2)
    (folder / "tiny").symlink_to(tiny_llama)
    return folder


@pytest.fixture(scope="module")
def replay(
    rendered: dict[str, Any], fabric: LocalFabric, models: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Any]]:
    pki = fabric.topology.pki_dir
    region_secrets = {
        f"fedinfer-{REPLAYED}-tls": _pki_files(pki, "ca.crt", f"region-{REPLAYED}.crt", f"region-{REPLAYED}.key"),
        f"fedinfer-{REPLAYED}-tenants": {
            "tenants.json": json.dumps(
                [{"name": "clinic", "token_sha256": hash_token(TOKEN), "roles": ["inference"]}]
            ).encode()
        },
    }
    with replaying(rendered, fabric, models, REPLAYED, region_secrets, tmp_path_factory.mktemp("replay")) as running:
        yield running


def _joins_and_serves(running: dict[str, Any], region: str, token: str) -> None:
    """The region is live at the coordinator, and serves a request with the tenant from its Secret and
    the model from its volume."""
    admin = {"authorization": f"Bearer {ADMIN_TOKEN}"}

    def live() -> bool:
        regions = httpx.get(f"{running['coordinator']}/v1/regions", headers=admin, timeout=5).json()["regions"]
        return any(r["region"] == region and r["live"] for r in regions)

    wait_for(live, f"{region} live at the coordinator", 30)
    answer = httpx.post(
        f"{running['node']}/v1/chat/completions",
        headers={"authorization": f"Bearer {token}"},
        json={
            "model": "smollm2-135m-instruct",
            "messages": [{"role": "user", "content": "Hi"}],
            "max_tokens": 4,
            "fedinfer": {"data_class": "public"},  # served where it is asked, whatever rules name the region
        },
        timeout=60,
    )
    assert answer.status_code == 200, answer.text
    assert answer.headers["x-fedinfer-served-by"] == region


def test_the_replayed_pods_are_healthy_and_the_region_joins_the_federation(replay: dict[str, Any]) -> None:
    _joins_and_serves(replay, REPLAYED, TOKEN)
    for url in (replay["coordinator"], replay["node"]):
        assert httpx.get(f"{url}/livez", timeout=5).status_code == 200
    node: Pod = replay["pods"][1]
    assert (node.root / "var" / "lib" / "fedinfer" / "audit.db").exists()  # the audit store on its volume


def test_a_multi_node_group_replayed_serves_through_its_worker(
    rendered: dict[str, Any], fabric: LocalFabric, models: Path, tmp_path: Path
) -> None:
    """The leader and the worker of one LeaderWorkerSet group from their templates, with what the LWS
    controller injects (`LWS_LEADER_ADDRESS`, `LWS_WORKER_INDEX`) and each "machine's" CPU: the region
    node's engine waits for its worker at the rendezvous, and serves with the model split over both."""
    pytest.importorskip("vllm", reason="vLLM is installed by make venv; this guards partial environments only")
    objects = rendered["multi_node"]
    template = _find(objects, "LeaderWorkerSet", "region-node")["spec"]["leaderWorkerTemplate"]
    claims = template["volumeClaimTemplates"]
    group = {"LWS_LEADER_ADDRESS": "127.0.0.1", "LWS_GROUP_SIZE": "2"}
    leader = Pod(
        template["leaderTemplate"],
        claims,
        "region-node-0",
        objects,
        tmp_path / "leader",
        {**group, "LWS_WORKER_INDEX": "0", "VLLM_CPU_OMP_THREADS_BIND": "0"},
    )
    worker = Pod(
        template["workerTemplate"],
        claims,
        "region-node-0-1",
        objects,
        tmp_path / "worker",
        {**group, "LWS_WORKER_INDEX": "1", "VLLM_CPU_OMP_THREADS_BIND": "1"},
    )
    pki = fabric.topology.pki_dir
    secrets = {
        "fedinfer-eu-west-tls": _pki_files(pki, "ca.crt", "region-eu-west.crt", "region-eu-west.key"),
        "fedinfer-eu-west-tenants": {
            "tenants.json": json.dumps([{"name": "clinic", "token_sha256": hash_token(TOKEN)}]).encode()
        },
    }
    leaf = rendered["leaf_configs"]["eu-west"]
    addresses = {f"tls://{leaf['host']}:{leaf['port']}": fabric.leaf_url("eu-west")}
    api_port, rendezvous = free_port(), {"FEDINFER_REGION_ENGINE__CLUSTER__MASTER_PORT": str(free_port())}
    listening = {"FEDINFER_REGION_API__HOST": "127.0.0.1", "FEDINFER_REGION_API__PORT": str(api_port), **rendezvous}
    for pod in (leader, worker):
        pod.lay_out(secrets, {"/srv/models": models})
    try:
        leader.start(secrets, addresses, listening, tmp_path / "leader.log")
        worker.start(secrets, addresses, rendezvous, tmp_path / "worker.log")
        url = f"http://127.0.0.1:{api_port}"
        wait_for(lambda: _answers(f"{url}/healthz", tmp_path / "leader.log", leader), "the group's leader", 300)
        assert worker.process is not None and worker.process.poll() is None
        answer = httpx.post(
            f"{url}/v1/chat/completions",
            headers={"authorization": f"Bearer {TOKEN}"},
            json={
                "model": "smollm2-135m-instruct",
                "messages": [{"role": "user", "content": "Hi"}],
                "max_tokens": 4,
                "fedinfer": {"data_class": "public", "offload": "never"},
            },
            timeout=120,
        )
        assert answer.status_code == 200, answer.text
        assert answer.json()["usage"]["completion_tokens"] == 4
    finally:
        worker.stop()
        leader.stop()


# -- one step to add a region ------------------------------------------------------------------------


def test_a_region_added_in_one_step_reaches_the_hub_the_permissions_the_policy_and_the_manifests_and_serves(
    models: Path, tmp_path: Path
) -> None:
    """The README's procedure for kr-south: `region init` with the federation's CA, its entries pasted
    into the federation file and the policy, the manifests rendered, and its pod replayed with the
    Secrets made from what `region init` wrote, on a NATS fabric that has its leaf."""
    state = tmp_path / "fabric"
    ensure_identities(state / "pki", [*FABRIC_REGIONS, "kr-south"])  # the federation's CA and servers
    folder = tmp_path / "kr-south"
    init = ["region", "init", "kr-south", "--jurisdiction", "KR", "--ca", str(state / "pki"), "--output", str(folder)]
    init += ["--model", "smollm2-135m-instruct"]  # what the replayed pod's engine serves
    result = CliRunner().invoke(app, init)
    assert result.exit_code == 0, result.output
    token = (folder / "tenant-token").read_text().strip()
    assert token not in result.output and (folder / "tenant-token").stat().st_mode & 0o077 == 0
    assert json.loads((folder / "tenants.json").read_text())[0]["token_sha256"] == hash_token(token)
    again = CliRunner().invoke(app, init)
    assert again.exit_code == 2 and "initialised once" in again.output  # never overwrites
    # Step 2: the printed entries go into the federation file and the policy.
    names = ("federation-region.tfvars", "deployment.tfvars", "policy-region.yaml")
    snippet = {name: (folder / f"{name}.snippet").read_text() for name in names}
    tfvars = TFVARS.read_text(encoding="utf-8")
    tfvars = tfvars.replace("  regions = {\n", "  regions = {\n" + snippet["federation-region.tfvars"], 1)
    tfvars = tfvars.replace("deployments = {\n", "deployments = {\n" + snippet["deployment.tfvars"], 1)
    tfvars = tfvars.replace('"0.0.0.0/32"', '"192.0.2.0/24"')
    policy_file = tmp_path / "policy.yaml"
    regions = "\nregions:\n"
    policy_file.write_text(POLICY.read_text().replace(regions, regions + snippet["policy-region.yaml"], 1))
    assert "kr-south" in policy.load(policy_file).regions
    rendered = _render(tmp_path / "root", tfvars, policy_file, replay_region="kr-south")
    # The hub admits its leaf link into an account of its own, which the node's permissions live in.
    hub = rendered["hub_config"]
    leaf_users = {u["user"]: u["account"] for u in hub["leafnodes"]["authorization"]["users"]}
    assert leaf_users[pki.certificate_subject(folder / "pki" / "leaf-kr-south.crt")] == "REGION_kr-south"
    assert "fed.submit.kr-south" in json.dumps(hub["accounts"]["REGION_kr-south"])
    leaf = rendered["leaf_configs"]["kr-south"]
    (node_user,) = [u for u in leaf["authorization"]["users"] if "region-" in u["user"]]
    assert node_user["user"] == pki.certificate_subject(folder / "pki" / "region-kr-south.crt")
    assert "fed.heartbeat.kr-south.>" in node_user["permissions"]["publish"]["allow"]
    # Its manifests exist, valid, and the hub admits its network.
    objects = rendered["regions"]["kr-south"]
    assert _find(objects, "StatefulSet", "region-node")["metadata"]["namespace"] == "fedinfer-kr-south"
    assert not [p for obj in objects for p in problems(obj)]
    links = _find(rendered["hub"], "NetworkPolicy", "leaf-links")["spec"]["ingress"][0]
    assert "192.0.2.0/24" in [f["ipBlock"]["cidr"] for f in links["from"]]
    # Steps 3-5: its Secrets from the files `region init` wrote, the hub and the region applied (here:
    # replayed on a fabric with its leaf); it joins and serves with its own token.
    secrets = {
        "fedinfer-kr-south-tls": {path.name: path.read_bytes() for path in (folder / "pki").iterdir()},
        "fedinfer-kr-south-tenants": {"tenants.json": (folder / "tenants.json").read_bytes()},
    }
    topology = local_topology(state, state / "pki", [*FABRIC_REGIONS, "kr-south"])
    with (
        LocalFabric(topology) as fabric,
        replaying(rendered, fabric, models, "kr-south", secrets, tmp_path / "replay") as running,
    ):
        _joins_and_serves(running, "kr-south", token)


@pytest.mark.parametrize("name", ["EU_West", "a.b", "*", "1st"])
def test_region_init_refuses_a_name_no_namespace_or_subject_could_carry(tmp_path: Path, name: str) -> None:
    pki.init_ca(tmp_path / "ca")
    result = CliRunner().invoke(app, ["region", "init", name, "--jurisdiction", "EU", "--ca", str(tmp_path / "ca")])
    assert result.exit_code == 2 and "lowercase letters, digits and '-'" in result.output
    assert not (Path("regions") / name).exists()
