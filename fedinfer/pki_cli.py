"""`fedinfer pki init|issue`: the federation's CA and its identities' certificates."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from federation import PkiError, pki

app = typer.Typer(help="Create the CA and issue certificates.", no_args_is_help=True)

Kind = Literal["coordinator", "hub", "admin", "node", "leaf"]


@app.command()
def init(directory: Annotated[Path, typer.Argument(help="Where ca.crt and ca.key go.")]) -> None:
    """Create the federation's CA (EC P-256, ten years). Never overwrites."""
    try:
        issued = pki.init_ca(directory)
    except PkiError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from exc
    typer.echo(f"CA: {issued.cert} (key {issued.key}, mode 0600)")


@app.command()
def issue(
    directory: Annotated[Path, typer.Argument(help="The CA folder; the certificate is written there too.")],
    kind: Annotated[Kind, typer.Argument(help="coordinator, hub, admin, node (a region's nodes) or leaf.")],
    region: Annotated[str | None, typer.Option(help="The region, for node and leaf.")] = None,
    host: Annotated[list[str] | None, typer.Option(help="DNS name or IP for the SAN (repeatable).")] = None,
    days: Annotated[int, typer.Option(min=1, help="Validity in days.")] = 365,
    out: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the certificate and key to this folder instead.")
    ] = None,
) -> None:
    """Issue a certificate for one identity (subject CN=<identity>,O=fedinfer). Never overwrites."""
    name: str = kind
    try:
        if kind in ("node", "leaf"):
            if not region:
                typer.echo(f"a {kind} certificate needs --region (e.g. --region eu-west)", err=True)
                raise typer.Exit(2)
            name = pki.node_identity(region) if kind == "node" else pki.leaf_identity(region)
        issued = pki.issue(
            directory, out or directory, name, hosts=tuple(host or ("localhost", "127.0.0.1")), days=days
        )
    except PkiError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from exc
    typer.echo(f"{pki.subject_of(name)}: {issued.cert} (key {issued.key}, mode 0600)")
