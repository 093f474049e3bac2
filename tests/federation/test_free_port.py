"""The ports tests and the local launcher give their servers: free when handed out, never one an
outgoing connection may take meanwhile (below the kernel's ephemeral range), never the same twice."""

from __future__ import annotations

import socket
import sys

import pytest

from federation import server
from federation.server import free_port, ports_no_connection_takes


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the ephemeral range is read from Linux's /proc")
def test_a_port_lies_below_the_range_outgoing_connections_draw_from() -> None:
    low, high = (int(part) for part in server.EPHEMERAL_PORTS.read_text().split())
    with socket.socket() as anywhere:  # control: what a bind to port 0 gives lies inside it
        anywhere.bind(("127.0.0.1", 0))
        assert low <= anywhere.getsockname()[1] <= high
    port = free_port()
    assert port in ports_no_connection_takes() and port < low
    with socket.socket() as listener:  # and a server can bind it
        listener.bind(("127.0.0.1", port))
        listener.listen()


def test_one_process_never_gets_the_same_port_twice() -> None:
    ports = [free_port() for _ in range(200)]
    assert len(set(ports)) == len(ports)


def test_a_port_in_use_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as taken, socket.socket() as spare:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        spare.bind(("127.0.0.1", 0))
        busy, free = taken.getsockname()[1], spare.getsockname()[1]
        spare.close()
        monkeypatch.setattr(server, "ports_no_connection_takes", lambda: [busy, free])
        monkeypatch.setattr(server, "_handed_out", set())
        assert free_port() == free  # the listening one is never handed out, however often it is drawn
        with pytest.raises(server.FederationError, match="no free TCP port"):
            free_port()  # the free one is handed out already, the other in use: a clear refusal


def test_a_port_browsers_refuse_is_never_handed_out(monkeypatch: pytest.MonkeyPatch) -> None:
    refused = sorted(server.BROWSERS_REFUSE)[0]
    with socket.socket() as spare:
        spare.bind(("127.0.0.1", 0))
        free = spare.getsockname()[1]
    monkeypatch.setattr(server, "ports_no_connection_takes", lambda: [refused, free])
    monkeypatch.setattr(server, "_handed_out", set())
    assert free_port() == free  # control: the other port is handed out
    with pytest.raises(server.FederationError, match="no free TCP port"):
        free_port()  # 10080 is free but a browser would answer ERR_UNSAFE_PORT: never handed out
