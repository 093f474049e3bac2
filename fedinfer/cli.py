"""`fedinfer`: one command line, a subcommand group per area."""

from __future__ import annotations

from importlib.metadata import version
from typing import Annotated

import typer

from .audit_cli import app as audit_app
from .pki_cli import app as pki_app
from .policy_cli import app as policy_app
from .services_cli import coordinator, region_app
from .tour import demo, up

app = typer.Typer(
    name="fedinfer",
    help="Federated LLM inference with data locality.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},  # every subcommand inherits it
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"fedinfer {version('fedinfer')}")
        raise typer.Exit()


@app.callback()
def main(
    show_version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Federated LLM inference with data locality."""


app.add_typer(policy_app, name="policy")
app.add_typer(audit_app, name="audit")
app.add_typer(pki_app, name="pki")
app.add_typer(region_app, name="region")
app.command(name="coordinator")(coordinator)
app.command(name="demo")(demo)
app.command(name="up")(up)


if __name__ == "__main__":  # pragma: no cover
    app()
