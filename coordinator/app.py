"""Running the coordinator as a process: NATS side and admin API in one event loop, clean shutdown."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal

import uvicorn
import uvloop

import audit
import policy
from federation import tracing

from .api import create_app
from .config import CoordinatorSettings
from .service import Coordinator
from .tenants import TENANTS_ENV, Tenants

log = logging.getLogger(__name__)


async def serve(settings: CoordinatorSettings, *, ready: asyncio.Event | None = None) -> None:
    """Run until SIGINT/SIGTERM; then stop taking jobs, flush the audit log and exit."""
    tracing.configure(settings.instance)
    watched = policy.WatchedPolicy(settings.policy, grace_s=settings.policy_grace_s)
    loaded = watched.current
    tenants = Tenants.from_file(settings.tenants_file)  # a malformed file stops the start here
    if not tenants:
        log.warning(
            "no tenants configured (%s %s): the admin API refuses every request but /healthz",
            TENANTS_ENV,
            f"lists none: {settings.tenants_file}" if settings.tenants_file else "is unset",
        )
    store = audit.AuditStore(settings.audit_url)
    store.migrate()
    key = settings.audit_key_file.read_bytes().strip() if settings.audit_key_file else None
    async with audit.AuditWriter(store, settings.instance, key=key) as writer:
        coordinator = Coordinator(
            nats_url=settings.nats_url,
            pki_dir=settings.pki_dir,
            policy=loaded,
            audit=writer,
            heartbeat_ttl_s=settings.heartbeat_ttl_s,
            ack_wait_s=settings.ack_wait_s,
            watch_interval_s=settings.watch_interval_s,
            trace_timeout_s=settings.trace_timeout_s,
            jetstream_replicas=settings.jetstream_replicas,
            policy_source=watched,
        )
        await coordinator.start()
        server = uvicorn.Server(
            uvicorn.Config(
                create_app(coordinator, tenants=tenants),
                host=settings.http_host,
                port=settings.http_port,
                log_level="warning",
            )
        )
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        server_task = asyncio.create_task(server.serve(), name="coordinator-http")
        log.info(
            "coordinator ready: NATS %s, admin API http://%s:%d (%d tenant(s))",
            settings.nats_url,
            settings.http_host,
            settings.http_port,
            len(tenants.tenants),
        )
        if ready is not None:
            ready.set()
        print(f"coordinator ready http://{settings.http_host}:{settings.http_port}", flush=True)
        stop_task = asyncio.create_task(stop.wait())
        await asyncio.wait({server_task, stop_task}, return_when=asyncio.FIRST_COMPLETED)
        server.should_exit = True
        with contextlib.suppress(asyncio.CancelledError):
            await server_task
        stop_task.cancel()
        await coordinator.stop()
    store.dispose()


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # uvloop: its TLS is several times cheaper than asyncio's pure-Python SSL layer, and every
    # message here crosses TLS twice.
    uvloop.run(serve(CoordinatorSettings()))  # fields come from the environment


if __name__ == "__main__":
    main()
