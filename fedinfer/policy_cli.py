"""`fedinfer policy lint|explain|test|diff|publish|schema`: write, check, explain and publish jurisdiction
policies."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Annotated, Literal, NoReturn

import typer

import policy
from federation import FederationError, PublicationConflict

from .policy_publish import publish as publish_policy

app = typer.Typer(help="Write, check and explain jurisdiction policies.", no_args_is_help=True)

PolicyFile = Annotated[Path, typer.Argument(help="A policy YAML file, or - for standard input.", show_default=False)]
STDIN = Path("-")
"""`-` reads the policy from standard input (findings name it `<stdin>`)."""


def _load_or_exit(path: Path) -> policy.Policy:
    try:
        return policy.loads(sys.stdin.read(), file="<stdin>") if path == STDIN else policy.load(path)
    except policy.PolicyError as exc:
        _exit_on(exc)


def _exit_on(exc: policy.PolicyError) -> NoReturn:
    """Say every finding of a policy that does not load, and exit 2."""
    for finding in exc.findings or ():
        typer.echo(f"{finding}", err=True)
    if not exc.findings:
        typer.echo(str(exc), err=True)
    raise typer.Exit(2) from exc


@app.command()
def lint(
    files: Annotated[list[Path], typer.Argument(help="Policy files to check (- for standard input).")],
    fail_on: Annotated[
        Literal["warning", "error"],
        typer.Option(help="Exit 1 on any finding (warning, the default) or on errors only (error)."),
    ] = "warning",
) -> None:
    """Check schema and meaning; print `file:line:col: severity: message` for every finding; exit 1 when
    a finding of `--fail-on`'s severity or worse was found, 0 otherwise."""
    total = failing = 0
    for path in files:
        findings = policy.lint_text(sys.stdin.read(), file="<stdin>") if path == STDIN else policy.lint(path)
        for finding in findings:
            total += 1
            failing += fail_on == "warning" or finding.severity == "error"
            typer.echo(f"{finding.file}:{finding.line}:{finding.col}: {finding.severity}: {finding.message}")
    files_said = f"{len(files)} file{'s' if len(files) > 1 else ''}"
    if failing:
        typer.echo(f"{total} problem{'s' if total > 1 else ''} in {files_said}", err=True)
        raise typer.Exit(1)
    typer.echo(f"{files_said} OK" + (f" ({total} warning{'s' if total > 1 else ''})" if total else ""))


@app.command()
def explain(
    file: PolicyFile,
    origin: Annotated[str, typer.Option(help="The origin region, e.g. eu-west.")],
    data_class: Annotated[str, typer.Option(help="The request's data class, e.g. personal.")],
    consent: Annotated[bool, typer.Option(help="The user consented to transfer.")] = False,
    purpose: Annotated[str | None, typer.Option(help="The declared purpose.")] = None,
    model: Annotated[str | None, typer.Option(help="The requested model.")] = None,
    tenant: Annotated[str | None, typer.Option(help="The calling tenant.")] = None,
    to: Annotated[str | None, typer.Option(help="Ask about one destination region: may the data go there?")] = None,
    output: Annotated[
        Literal["text", "json"], typer.Option("--format", help="text (for people) or json (for machines).")
    ] = "text",
) -> None:
    """Show the decision for a request, the rule that decided (with its description, the legal basis),
    and why every other rule did not. Exit 0 when allowed (to --to, when given), 1 when denied, 2 when
    the question cannot be asked (unknown region, data class, file)."""
    loaded = _load_or_exit(file)
    if to is not None and to not in loaded.regions:
        typer.echo(f"--to: unknown region {to!r} (known: {', '.join(loaded.regions)})", err=True)
        raise typer.Exit(2)
    try:
        explanation = loaded.explain(origin, data_class, model, consent=consent, purpose=purpose, tenant=tenant)
    except policy.PolicyError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from exc
    decision = explanation.decision
    allowed = decision.allows(to) if to is not None else not decision.denied
    if output == "json":
        typer.echo(json.dumps(explanation.as_dict(), indent=2))
        raise typer.Exit(0 if allowed else 1)
    if to is not None:
        transforms = ", ".join(sorted(decision.transforms_for(to))) if allowed else ""
        verdict = f"ALLOW with {transforms}" if transforms else "ALLOW raw" if allowed else "DENY"
        typer.echo(f"to {to}: {verdict}")
    typer.echo(f"decision: {'DENY' if decision.denied else 'ALLOW'}")
    typer.echo(f"reason:   {decision.reason}")
    if explanation.basis:
        typer.echo(f"basis:    {explanation.basis}")
    for region in decision.allowed_regions:
        transforms = ", ".join(sorted(decision.required_transforms[region])) or "raw"
        typer.echo(f"  {region:<16} {transforms}")
    typer.echo(f"policy:   {decision.policy_digest}")
    typer.echo("rules considered:")
    for considered in explanation.considered:
        typer.echo(f"  {considered.verdict:<15} {considered.rule} (line {considered.line}): {considered.why}")
    raise typer.Exit(0 if allowed else 1)


@app.command(name="test")
def test_cases(
    file: PolicyFile,
    cases: Annotated[list[Path], typer.Argument(help="Case files: requests and expected decisions.")],
) -> None:
    """Run the policy author's test cases; a failing case shows expected vs got."""
    loaded = _load_or_exit(file)
    failed = passed = 0
    for case_file in cases:
        try:
            results = policy.run_cases(loaded, case_file)
        except policy.PolicyError as exc:
            for finding in exc.findings:
                typer.echo(str(finding), err=True)
            raise typer.Exit(2) from exc
        for result in results:
            if result.passed:
                passed += 1
                continue
            failed += 1
            typer.echo(f"FAIL {case_file}:{result.line}: {result.name}")
            for failure in result.failures:
                typer.echo(f"     {failure}")
    typer.echo(f"{passed} passed, {failed} failed")
    if failed:
        raise typer.Exit(1)


@app.command(name="diff")
def diff_versions(
    old: Annotated[Path, typer.Argument(help="The policy in force.", show_default=False)],
    new: Annotated[Path, typer.Argument(help="The version to roll out (- for standard input).", show_default=False)],
    output: Annotated[
        Literal["text", "json"], typer.Option("--format", help="text (for people) or json (for machines).")
    ] = "text",
) -> None:
    """Before rolling a new version out: every decision it changes, per origin, data class, consent,
    declared purpose and tenant, and destination (raw, with transforms, or not allowed). Exit 0 when no
    decision changes, 1 when some do, 2 when a file cannot be read."""
    changes = policy.diff(_load_or_exit(old), _load_or_exit(new))
    if output == "json":
        typer.echo(json.dumps([change.as_dict() for change in changes], indent=2))
    else:
        _print_changes(changes)
    raise typer.Exit(1 if changes else 0)


def _print_changes(changes: list[policy.Change]) -> None:
    for change in changes:
        typer.echo(str(change))
    gained = sum(change.before == policy.DENIED for change in changes)
    lost = sum(change.after == policy.DENIED for change in changes)
    typer.echo(
        f"{len(changes)} decision(s) change: {gained} destination(s) gained, {lost} lost,"
        f" {len(changes) - gained - lost} with other transforms"
        if changes
        else "no decision changes"
    )


@app.command()
def publish(
    file: PolicyFile,
    hub: Annotated[
        str,
        typer.Option(
            envvar="FEDINFER_HUB_URL", help="The hub's client URL(s), comma-separated (`fedinfer up` prints them)."
        ),
    ],
    pki_dir: Annotated[
        Path, typer.Option("--pki", envvar="FEDINFER_PKI_DIR", help="Folder with ca.crt, admin.crt and admin.key.")
    ],
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show the decisions that would change; publish nothing.")
    ] = False,
    against: Annotated[
        Path | None,
        typer.Option(help="Count changes against this file while nothing is published yet (the file in force)."),
    ] = None,
) -> None:
    """Publish a policy to the whole federation through the fabric, signed by the admin identity: the
    coordinators take it within a second and relay it to every region; the version it replaces stays
    accepted for the grace period, so nothing is refused meanwhile. Prints every decision that changes
    first. Rollback: publish the previous file again. Exit 0 when published (or shown, with --dry-run),
    2 when the file does not load or the hub refuses."""
    text = sys.stdin.read() if file == STDIN else _read_or_exit(file)
    baseline_file = _load_or_exit(against) if against is not None else None
    hubs = [url.strip() for url in hub.split(",") if url.strip()]
    try:
        outcome = asyncio.run(
            publish_policy(text, file=str(file), hub=hubs, pki_dir=pki_dir, against=baseline_file, dry_run=dry_run)
        )
    except policy.PolicyError as exc:
        _exit_on(exc)
    except (FederationError, OSError) as exc:
        hint = "; look at it and publish again" if isinstance(exc, PublicationConflict) else ""
        typer.echo(f"cannot publish {file}: {str(exc).splitlines()[0]}{hint}", err=True)
        raise typer.Exit(2) from exc
    if outcome.unreadable:
        typer.echo(f"the published policy in force cannot be read ({outcome.unreadable}); it is replaced", err=True)
    if outcome.baseline is None:
        typer.echo("nothing to compare with: nothing is published yet (compare with --against FILE)")
    else:
        typer.echo(f"against {outcome.baseline}:")
        _print_changes(outcome.changes)
    verb = "published" if outcome.written else "would publish"
    typer.echo(f"{verb} {outcome.digest} as version {outcome.version}")


def _read_or_exit(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        typer.echo(f"{path}: cannot read it ({exc}); name a UTF-8 policy file", err=True)
        raise typer.Exit(2) from exc


@app.command()
def schema(
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file.")] = None,
) -> None:
    """Print the policy JSON Schema, for editors and CI."""
    text = json.dumps(policy.json_schema(), indent=2) + "\n"
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        typer.echo(f"--output {output}: cannot write it ({exc.strerror}); name a file in an existing folder", err=True)
        raise typer.Exit(2) from exc
