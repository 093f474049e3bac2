"""`fedinfer up` and `fedinfer demo`: the whole federation on this machine, and a guided tour of it."""

from __future__ import annotations

import asyncio
import signal
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import httpx
import openai
import typer
from rich.console import Console
from rich.table import Table

from .launcher import EchoUpstreamEntry, Federation, FederationFile

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "federation.yaml"
MODEL = "smollm2-135m-instruct"
FederationArg = Annotated[Path, typer.Argument(help="The federation file.", show_default=True)]
UpstreamOption = Annotated[
    list[str] | None,
    typer.Option(
        "--upstream",
        metavar="REGION",
        help="Serve REGION from an OpenAI-compatible inference server (the echo server, started here),"
        " as a region does from its own vLLM replicas. Repeatable.",
    ),
]
CoordinatorsOption = Annotated[
    int | None,
    typer.Option(
        "--coordinators",
        min=1,
        max=9,
        help="Run this many coordinators sharing the work (default: the federation file's coordinator.replicas).",
    ),
]

HaOption = Annotated[
    bool,
    typer.Option(
        "--ha",
        help="No single point of failure: a NATS hub of three servers (the job stream and ledger on all"
        " three) and two coordinators (unless --coordinators says otherwise).",
    ),
]

console = Console(highlight=False, width=120)


def _start(
    path: Path,
    upstream: list[str] | None = None,
    coordinators: int | None = None,
    *,
    ha: bool = False,
    supervise: bool = False,
) -> Federation:
    spec = FederationFile.load(path)
    if ha:
        spec.hub_servers = 3
        spec.coordinator.replicas = max(2, spec.coordinator.replicas)
    if coordinators is not None:
        spec.coordinator.replicas = coordinators
    for region in upstream or ():
        if region not in spec.regions:
            raise typer.BadParameter(f"{region!r} is not a region of {path} ({', '.join(spec.regions)})")
        spec.regions[region].echo_upstream = EchoUpstreamEntry()
    federation = Federation(
        spec, progress=lambda message: console.print(f"[dim]•[/dim] {message}"), supervise=supervise
    )
    with console.status("starting the federation (the first start converts the model, about a minute)..."):
        federation.start()
    return federation


def _print_endpoints(federation: Federation) -> None:
    table = Table("region", "OpenAI-compatible API", "engine", title="fedinfer is up")
    for region in federation.regions:
        upstream = federation.upstreams.get(region)
        engine = f"upstream server {upstream.url}/v1 (echo)" if upstream else "embedded"
        table.add_row(region, f"{federation.api_url(region)}/v1", engine)
    console.print(table)
    console.print(f"token (tenant 'demo', the regions' APIs): [bold]{federation.token}[/bold]")
    admin = ", ".join(federation.coordinator_url_of(name) for name in federation.instances)
    console.print(f"coordinator admin API: {admin}   logs: {federation.logs}")
    console.print(f"admin token (tenant 'admin', roles admin and audit): [bold]{federation.admin_token}[/bold]")
    if federation.fabric is not None:
        hubs = ",".join(federation.fabric.hub_urls)
        console.print(f"change the policy everywhere: fedinfer policy publish FILE --hub {hubs} --pki {federation.pki}")


def up(
    federation_file: FederationArg = EXAMPLE,
    upstream: UpstreamOption = None,
    coordinators: CoordinatorsOption = None,
    ha: HaOption = False,
) -> None:
    """Start the federation and serve until Ctrl-C, restarting any process that dies (with a back-off,
    and saying so); then stop every process."""
    federation = _start(federation_file, upstream, coordinators, ha=ha, supervise=True)
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    try:
        _print_endpoints(federation)
        console.print("Ctrl-C stops everything.")
        stop.wait()
    finally:
        with console.status("stopping..."):
            federation.stop()
        console.print("stopped; no process left behind.")


def demo(
    federation_file: FederationArg = EXAMPLE,
    upstream: UpstreamOption = None,
    coordinators: CoordinatorsOption = None,
    ha: HaOption = False,
) -> None:
    """Start the federation, take the tour with the openai SDK, stop."""
    federation = _start(federation_file, upstream, coordinators, ha=ha)
    try:
        _print_endpoints(federation)
        tour(federation)
    finally:
        with console.status("stopping..."):
            federation.stop()
        console.print("stopped; no process left behind.")


def _client(federation: Federation, region: str) -> openai.OpenAI:
    return openai.OpenAI(
        base_url=f"{federation.api_url(region)}/v1", api_key=federation.token, max_retries=0, timeout=180
    )


def _chat(client: openai.OpenAI, prompt: str, **fedinfer: Any) -> tuple[str, str, str]:
    raw = client.chat.completions.with_raw_response.create(
        model=MODEL,
        messages=[{"role": "user", "content": prompt}],
        max_tokens=48,
        temperature=0,
        extra_body={"fedinfer": fedinfer},
    )
    answer = raw.parse().choices[0].message.content or ""
    return raw.headers["x-fedinfer-served-by"], raw.headers["x-fedinfer-job-id"], answer


def _watching_the_hub(federation: Federation, send: Callable[[], Any]) -> tuple[Any, str]:
    """`send()`'s result, and the text of the job it queued as the hub carried it: an operator's
    identity (`admin`) listening on the job subjects sees exactly what left the origin region."""
    from federation import FabricConnection, Identity
    from federation.fabric import Message
    from federation.messages import Assignment, decode

    assert federation.fabric is not None
    hub_url = federation.fabric.hub_url

    async def watch() -> tuple[Any, str]:
        tap = await FabricConnection(Identity("admin", federation.pki)).connect([hub_url], allow_reconnect=False)
        seen: asyncio.Queue[str] = asyncio.Queue()

        async def job(msg: Message) -> None:
            assignment = decode(Assignment, msg.data)
            await seen.put(" ".join(m.content for m in assignment.job.messages) or assignment.job.prompt or "")

        try:
            await tap.subscribe("fed.jobs.*", cb=job)
            result = await asyncio.to_thread(send)
            return result, await asyncio.wait_for(seen.get(), 10)
        finally:
            await tap.close()

    return asyncio.run(watch())


def tour(federation: Federation) -> None:
    eu = _client(federation, "eu-west")
    console.rule("1. Personal data, served where it lives")
    served_by, _, answer = _chat(eu, "In one sentence, what is a data protection officer?", data_class="personal")
    console.print(f"eu-west asked; [bold]served by {served_by}[/bold] (the model runs here, nothing left the region)")
    console.print(f"  answer: {answer.strip()}")

    console.rule("2. Personal data offloaded: pseudonymised on the way out, restored on the way back")
    prompt = "Copy this line exactly: Dear Ingrid Choi, your visit on March 3, 2026 is confirmed; call 010-1234-5678."
    served_by, job, answer = _chat(eu, prompt, data_class="personal", offload="required")
    console.print(f"prompt: {prompt}")
    console.print(f"[bold]served by {served_by}[/bold] (job {job}); the remote model only ever saw placeholders")
    console.print(f"  answer, restored in eu-west: {answer.strip()}")
    audit = httpx.get(
        f"{federation.api_url('eu-west')}/v1/audit/events",
        params={"job_id": job},
        headers={"authorization": f"Bearer {federation.token}"},
        timeout=30,
    ).json()["data"]
    egress = next((e for e in audit if e["kind"] == "egress_allowed"), None)
    if egress:
        console.print(f"  replaced before leaving: {egress['pii_counts']}  (payload {egress['payload_hash'][:23]}...)")

    console.rule("3. A Korean prompt, offloaded from kr-central with the user's consent")
    korean = (
        "다음 문장을 그대로 옮겨 주세요: 김민준 님, 3월 3일 진료 예약이 확정되었습니다. 문의는 010-1234-5678로 주세요."
    )
    kr = _client(federation, "kr-central")
    (served_by, _, answer), seen = _watching_the_hub(
        federation, lambda: _chat(kr, korean, data_class="personal", consent=True, offload="required")
    )
    console.print(f"prompt: {korean}")
    console.print(f"[bold]served by {served_by}[/bold]; what left kr-central, as the hub carried it:")
    console.print(f"  {seen}", markup=False)  # placeholders are [[...]]: not markup
    console.print(f"  answer, restored in kr-central: {answer.strip()}")

    console.rule("4. Health data may not leave its region")
    kr = _client(federation, "kr-central")
    try:
        _chat(kr, "Summarise the oncology report of patient Kim Minjun.", data_class="sensitive", offload="required")
        console.print("[red]unexpected: the request was served[/red]")
    except openai.PermissionDeniedError as exc:
        console.print(f"kr-central answered [bold]403[/bold]: {exc.body['message']}")  # type: ignore[index]

    console.rule(f"5. The audit trace of job {job}, across regions")
    trace = httpx.get(
        f"{federation.coordinator_url}/v1/jobs/{job}/trace",
        headers={"authorization": f"Bearer {federation.admin_token}"},
        timeout=30,
    ).json()["events"]
    table = Table("time", "region", "node", "event", "target", "rule")
    for event in trace:
        if event.get("kind") == "unavailable":
            continue
        table.add_row(
            str(event.get("time", ""))[11:23],
            event["region"],
            event["node"],
            event["kind"],
            event.get("target_region") or "",
            event.get("rule") or "",
        )
    console.print(table)
    console.print(
        "each row was written by the region (or the coordinator) it names, hash-chained: `fedinfer audit verify`"
    )
    for number, (region, server) in enumerate(sorted(federation.upstreams.items()), start=6):
        console.rule(f"{number}. {region} serves from its own OpenAI-compatible inference server")
        prompt = "Echo servers answer with the question: is this the upstream?"
        stream = _client(federation, region).chat.completions.create(
            model=MODEL,
            messages=[{"role": "user", "content": prompt}],
            max_tokens=16,
            stream=True,
            extra_body={"fedinfer": {"data_class": "public", "offload": "never"}},
        )
        words = [c.choices[0].delta.content for c in stream if c.choices and c.choices[0].delta.content]
        console.print(f"{region} forwarded the messages to {server.url}/v1 (engine kind openai) and passed the")
        console.print(f"answer on as it streamed, {len(words)} chunks: {''.join(words)}")
