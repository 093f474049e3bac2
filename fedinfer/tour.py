"""`fedinfer demo`: a guided walk through what is built so far, on the example files.

Today that is the jurisdiction policy; it grows into the whole local federation.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

import policy

EXAMPLE_POLICY = Path(__file__).resolve().parent.parent / "examples" / "policies" / "federation.yaml"

_QUESTIONS: list[tuple[str, str, str, dict[str, Any]]] = [
    ("EU personal data, from eu-west", "eu-west", "personal", {}),
    ("Korean personal data, no consent", "kr-central", "personal", {}),
    ("Korean personal data, with consent", "kr-central", "personal", {"consent": True}),
    ("Californian personal data", "us-west", "personal", {}),
    ("Health data from eu-west", "eu-west", "sensitive", {}),
    ("Personal data for marketing", "eu-west", "personal", {"purpose": "marketing"}),
    ("Public data, 70B model", "kr-central", "public", {"model": "llama-3-70b-instruct"}),
]


def demo(
    policy_file: Annotated[Path, typer.Option("--policy", help="The policy to walk through.")] = EXAMPLE_POLICY,
) -> None:
    """Walk through the example federation's policy decisions."""
    loaded = policy.load(policy_file)
    typer.echo(f"policy {policy_file.name}  {loaded.digest}")
    typer.echo(f"regions: {', '.join(loaded.regions)}\n")
    for title, origin, data_class, extra in _QUESTIONS:
        decision = loaded.decide(origin, data_class, **extra)
        verdict = "DENY " if decision.denied else "ALLOW"
        typer.echo(f"{verdict} {title}")
        typer.echo(f"      {decision.reason}\n")
    typer.echo("Next: `fedinfer policy explain` shows why each rule did or did not apply.")
