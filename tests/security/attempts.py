"""Connection attempts whose refusal must be the server's own: helpers shared by the mTLS and attack tests."""

from __future__ import annotations

import asyncio
import gc
import re
import ssl
import time
import warnings
from pathlib import Path

import nats

_SERVER_ERROR = re.compile(r"\[ERR\] [^ ]+ - cid:\d+ - (.*)")


def tls_context(pki_dir: Path, identity: str | None, *, cert_dir: Path | None = None) -> ssl.SSLContext:
    """A client TLS context trusting the federation's CA, presenting `identity`'s certificate (if any)."""
    context = ssl.create_default_context(cafile=str(pki_dir / "ca.crt"))
    if identity is not None:
        folder = cert_dir or pki_dir
        context.load_cert_chain(folder / f"{identity}.crt", folder / f"{identity}.key")
    return context


def _attempt(url: str, context: ssl.SSLContext) -> Exception | None:
    """Connect on a private event loop; return what refused us (None if we got in).

    nats-py leaves the half-open TLS transport of a refused handshake to the garbage collector, so
    the attempt runs on its own loop, collected before that loop closes, warnings expected there.
    """

    async def attempt() -> Exception | None:
        client = nats.aio.client.Client()

        async def heard(error: Exception) -> None:
            pass  # the refusal is read from the server's own log

        try:
            await client.connect(
                url,
                tls=context,
                allow_reconnect=False,
                connect_timeout=2,
                max_reconnect_attempts=1,
                reconnect_time_wait=0.1,
                error_cb=heard,
            )
            await client.flush(timeout=2)  # an unknown subject is told so only after CONNECT
        except Exception as exc:
            return exc
        finally:
            await client.close()
        return None

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        loop = asyncio.new_event_loop()
        try:
            return loop.run_until_complete(attempt())
        finally:
            gc.collect()
            loop.run_until_complete(asyncio.sleep(0))
            loop.close()
            gc.collect()


async def connection_refusal(url: str, context: ssl.SSLContext, server_log: Path) -> str | None:
    """None if the server accepted the connection; else the server's own reason, read from its log
    (a TLS handshake error or an authentication error). A client-side failure the server did not log,
    such as nothing listening, fails the calling test instead of passing as a refusal."""
    return await asyncio.to_thread(_refusal, url, context, server_log)


def _refusal(url: str, context: ssl.SSLContext, server_log: Path) -> str | None:
    offset = server_log.stat().st_size
    refusal = _attempt(url, context)
    if refusal is None:
        return None
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline:
        with server_log.open("rb") as handle:
            handle.seek(offset)
            for line in handle.read().decode(errors="replace").splitlines():
                if match := _SERVER_ERROR.search(line):
                    return match[1]
        time.sleep(0.05)
    raise AssertionError(f"{url} failed with {refusal!r}, but the server logged no refusal")
