"""`fedinfer region serve` and `fedinfer coordinator`: run one service in the foreground."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .region_init_cli import region_init
from .region_plan_cli import region_plan

region_app = typer.Typer(help="Run and plan region nodes.", no_args_is_help=True)
region_app.command("plan")(region_plan)
region_app.command("init")(region_init)


@region_app.command("serve")
def region_serve(config: Annotated[Path, typer.Argument(help="The region node's YAML configuration.")]) -> None:
    """Serve a region node: the OpenAI-compatible API, its engine, and its federation worker."""
    from region_node.app import main

    main([str(config)])


@region_app.command("worker")
def region_worker(
    config: Annotated[Path, typer.Argument(help="The region node's YAML configuration (the head's own).")],
    rank: Annotated[int, typer.Option(envvar="LWS_WORKER_INDEX", help="This machine's node rank (1..nodes-1).")],
    master_addr: Annotated[
        str | None,
        typer.Option(envvar="LWS_LEADER_ADDRESS", help="The head's internal address, if not the configuration's."),
    ] = None,
) -> None:
    """Run one headless vLLM worker of a multi-node engine whose workers the orchestrator starts
    (`engine.cluster.spawner: none`): the head's engine arguments, this machine's rank."""
    from region_node.config import ConfigError, WorkerConfig, load_region_config
    from region_node.parallel.headless import run
    from region_node.parallel.launcher import multi_node_args, worker_args

    try:
        settings = load_region_config(config, WorkerConfig).engine
        cluster = settings.cluster
        if settings.kind != "vllm" or cluster is None:
            raise ConfigError(f"{config}: a worker needs engine.kind vllm with engine.cluster (nodes, master_addr)")
        head = multi_node_args(
            settings.vllm_args(),
            nodes=cluster.nodes,
            master_addr=master_addr or cluster.master_addr,
            master_port=cluster.master_port,
        )
        args = worker_args(head, rank)
    except (ConfigError, ValueError) as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from exc
    run(args)


def coordinator(
    nats_url: Annotated[str, typer.Option(envvar="FEDINFER_COORDINATOR_NATS_URL", help="The hub's client URL.")],
    pki_dir: Annotated[Path, typer.Option(envvar="FEDINFER_COORDINATOR_PKI_DIR", help="Folder with coordinator.crt.")],
    policy: Annotated[Path, typer.Option(envvar="FEDINFER_COORDINATOR_POLICY", help="The policy file.")],
    audit_url: Annotated[
        str, typer.Option(envvar="FEDINFER_COORDINATOR_AUDIT_URL", help="SQLAlchemy URL of its own audit store.")
    ] = "sqlite:///coordinator-audit.db",
    http_host: Annotated[
        str, typer.Option(envvar="FEDINFER_COORDINATOR_HTTP_HOST", help="Admin API address (0.0.0.0 in a pod).")
    ] = "127.0.0.1",
    http_port: Annotated[int, typer.Option(envvar="FEDINFER_COORDINATOR_HTTP_PORT", help="Admin API port.")] = 8700,
    tenants_file: Annotated[
        Path | None,
        typer.Option(
            envvar="FEDINFER_COORDINATOR_TENANTS_FILE",
            help="YAML list of {name, token_sha256, roles: [admin|audit]}; without it the admin API refuses all.",
        ),
    ] = None,
) -> None:
    """Run the coordinator: routing over NATS, and its admin API."""
    import logging

    import uvloop

    from coordinator.app import serve
    from coordinator.config import CoordinatorSettings

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = CoordinatorSettings(
        nats_url=nats_url,
        pki_dir=pki_dir,
        policy=policy,
        audit_url=audit_url,
        http_host=http_host,
        http_port=http_port,
        tenants_file=tenants_file,
    )
    uvloop.run(serve(settings))
