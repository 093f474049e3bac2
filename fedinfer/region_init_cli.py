"""`fedinfer region init NAME --jurisdiction J`: everything a new region needs that is not Terraform's to
make: its certificates (from the federation's CA), a tenant token and the hash its Secret holds, a region
configuration for running it by hand, and the entries to add to the federation file and the policy.
Never overwrites; the token is written once, 0600, and printed nowhere else."""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
from pathlib import Path
from typing import Annotated

import typer
import yaml

from federation import PkiError, pki
from region_node.config import hash_token

JURISDICTION = re.compile(r"^[A-Z][A-Za-z0-9-]{0,31}$")
REGION = re.compile(r"^[a-z][a-z0-9-]{0,53}$")  # a NATS subject token, and with "fedinfer-" a namespace


def region_init(
    name: Annotated[str, typer.Argument(help="The new region's name, e.g. ap-south (a NATS subject token).")],
    jurisdiction: Annotated[str, typer.Option(help="Its jurisdiction as the policy writes it, e.g. IN or US-CA.")],
    ca: Annotated[Path, typer.Option(help="The federation's CA folder (ca.crt, ca.key: `fedinfer pki init`).")],
    out: Annotated[
        Path | None, typer.Option("--output", "-o", help="Where its files go (default: regions/NAME).")
    ] = None,
    model: Annotated[str, typer.Option(help="The model it serves, as clients and the policy name it.")] = (
        "llama-3-70b-instruct"
    ),
    leaf_port: Annotated[int, typer.Option(min=1, max=65535, help="Its leaf server's client port.")] = 4222,
) -> None:
    """Create a region's certificates, tenant token and configuration, and print what to add where."""
    if not JURISDICTION.match(jurisdiction):
        problem = f"jurisdiction {jurisdiction!r}: write it as the policy does, a capital letter first (EU, US-CA)"
        typer.echo(problem, err=True)
        raise typer.Exit(2)
    folder = out or Path("regions") / name
    if not REGION.match(name):
        problem = (
            f"region {name!r}: lowercase letters, digits and '-', a letter first (it names a namespace and subjects)"
        )
        typer.echo(problem, err=True)
        raise typer.Exit(2)
    try:
        node, leaf = pki.node_identity(name), pki.leaf_identity(name)
        if (folder / "region.yaml").exists():
            raise PkiError(f"{folder / 'region.yaml'} exists; a region is initialised once (remove its folder to redo)")
        leaf_host = f"nats-leaf.fedinfer-{name}.svc"
        for identity in (node, leaf):
            pki.issue(ca, folder / "pki", identity, hosts=(leaf_host,))
    except PkiError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from exc
    shutil.copy(ca / "ca.crt", folder / "pki" / "ca.crt")
    token = secrets.token_urlsafe(32)
    token_file = folder / "tenant-token"
    descriptor = os.open(token_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # never readable by others
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(token + "\n")
    tenants = [{"name": "default", "token_sha256": hash_token(token), "roles": ["inference"]}]
    (folder / "tenants.json").write_text(json.dumps(tenants, indent=2) + "\n", encoding="utf-8")
    config = {
        "region": name,
        "policy": "/etc/fedinfer/policy/policy.yaml",
        "nats": {"url": f"tls://{leaf_host}:{leaf_port}", "pki_dir": "pki"},
        "api": {"host": "0.0.0.0", "port": 8000},
        "tenants": tenants,
        "engine": {"kind": "vllm", "model": model, "path": f"/models/{model}", "tensor_parallel_size": 8},
    }
    (folder / "region.yaml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    snippets = {
        "federation-region.tfvars": (
            f'    "{name}" = {{ jurisdiction = "{jurisdiction}",'
            f' leaf = {{ host = "{leaf_host}", port = {leaf_port} }},'
            ' node_pools = [{ name = "gpu", nodes = 1, gpus_per_node = 8 }] }\n'
        ),
        "deployment.tfvars": (
            f'  "{name}" = {{\n'
            f'    engine           = {{ kind = "vllm", model = "{model}", path = "/models/{model}",'
            " tensor_parallel_size = 8 }\n"
            "    replicas         = 1\n"
            "    gpus_per_replica = 8\n"
            '    resources        = { cpu = "16", memory = "256Gi" }\n'
            '    model_volume     = { kind = "pvc", claim_name = "models" }\n'
            "    node_selector    = {}\n"
            '    leaf_source_cidr = "0.0.0.0/32" # the network its leaf server connects to the hub from\n'
            "  }\n"
        ),
        "policy-region.yaml": f"  {name}: {{jurisdiction: {jurisdiction}, models: [{model}]}}\n",
    }
    for file_name, text in snippets.items():
        (folder / f"{file_name}.snippet").write_text(text, encoding="utf-8")
    typer.echo(f"region {name} ({jurisdiction}) initialised in {folder}:")
    typer.echo(f"  certificates: {folder / 'pki'} ({pki.subject_of(node)}, {pki.subject_of(leaf)}, ca.crt)")
    typer.echo(f"  tenant token: {token_file} (0600; its hash in {folder / 'tenants.json'})")
    typer.echo(f"  configuration for a hand-run node: {folder / 'region.yaml'}")
    for where, file_name in (
        ("envs/common/federation.tfvars, in federation.regions", "federation-region.tfvars"),
        ("envs/common/federation.tfvars, in deployments (set leaf_source_cidr)", "deployment.tfvars"),
        ("the policy, under regions (and rules that name it where needed)", "policy-region.yaml"),
    ):
        typer.echo(f"\nAdd to {where} ({folder / file_name}.snippet):\n{snippets[file_name]}", nl=False)
    typer.echo("\nThen, in this order (infra/terraform/README.md):")
    namespace = f"fedinfer-{name}"
    typer.echo("  re-apply the hub (envs/hub): its leaf accounts and admitted networks gain the region")
    typer.echo(f"  create the region's namespace: terraform -chdir=envs/region apply -var region={name} ...")
    typer.echo("    -target=module.apply.kubernetes_manifest.namespace")
    typer.echo(f"  kubectl -n {namespace} create secret generic {namespace}-tls --from-file={folder / 'pki'}")
    typer.echo(
        f"  kubectl -n {namespace} create secret generic {namespace}-tenants --from-file={folder / 'tenants.json'}"
    )
    typer.echo(f"  apply the region: terraform -chdir=envs/region apply -var region={name} ...")
