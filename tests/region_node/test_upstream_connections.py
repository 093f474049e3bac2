"""The `openai` engine's pooled connections to an upstream whose keep-alive runs out (real sockets): a
server that closes a kept connection just as the next request goes out on it, which vLLM's server does
when an idle connection reaches its 5 s keep-alive, must cost neither the request nor the replica."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass

import pytest

from region_node.engines import Prompt, Sampling
from region_node.engines.openai_upstream import OpenAIUpstreamEngine, Upstream
from region_node.errors import EngineError

ANSWER = {
    "id": "raw",
    "object": "chat.completion",
    "created": 0,
    "model": "raw",
    "choices": [
        {"index": 0, "message": {"role": "assistant", "content": "four words come back"}, "finish_reason": "stop"}
    ],
    "usage": {"prompt_tokens": 3, "completion_tokens": 4},
}


@dataclass
class RawServer:
    """An HTTP/1.1 server on a bare socket that keeps connections alive, and while `closing_kept` is
    set closes a kept connection when the next request arrives on it, answering nothing; while
    `closing_all` is set it does so on every connection, as a server going down would."""

    closing_kept: bool = False
    closing_all: bool = False
    answered: int = 0
    closed_unanswered: int = 0
    port: int = 0

    async def start(self) -> asyncio.Server:
        server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        return server

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        served_here = 0
        try:
            while head := await reader.readuntil(b"\r\n\r\n"):
                lines = head.decode().split("\r\n")
                fields = dict(line.lower().partition(":")[::2] for line in lines[1:] if line)
                length = int(fields.get("content-length", "0"))
                await reader.readexactly(length)
                if self.closing_all or (self.closing_kept and served_here):
                    self.closed_unanswered += 1
                    return
                path = lines[0].split()[1]
                body = json.dumps(ANSWER).encode() if path.endswith("/chat/completions") else b""
                writer.write(
                    b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
                    + f"content-length: {len(body)}\r\n\r\n".encode()
                    + body
                )
                await writer.drain()
                served_here += 1
                self.answered += 1
        except (asyncio.IncompleteReadError, ConnectionError):
            return
        finally:
            writer.close()


async def _ask(engine: OpenAIUpstreamEngine) -> str:
    prompt = Prompt("chat", messages=(("user", "Four words come back."),), streamed=False)
    answer = await engine.open(prompt, Sampling(max_tokens=8), "request-1")
    return "".join([delta.text async for delta in answer])


def _engine(raw: RawServer) -> OpenAIUpstreamEngine:
    return OpenAIUpstreamEngine("raw", [Upstream(f"http://127.0.0.1:{raw.port}/v1", "raw")], probe_interval_s=3600)


def test_a_kept_connection_closed_under_a_request_costs_neither_the_request_nor_the_replica() -> None:
    async def scenario() -> tuple[str, str, int, bool]:
        raw = RawServer()
        server = await raw.start()
        engine = _engine(raw)
        await engine.start()
        try:
            first = await _ask(engine)  # its connection goes back to the pool, kept alive
            raw.closing_kept = True
            second = await _ask(engine)
            return first, second, raw.closed_unanswered, engine.replicas[0].healthy
        finally:
            await engine.stop()
            server.close()

    first, second, closed, healthy = asyncio.run(scenario())
    assert first == second == "four words come back"
    assert closed >= 1, "no request met a closing connection: the test tried nothing"
    assert healthy, "the replica was taken out of rotation for a connection its server ended"


def test_a_server_that_answers_no_connection_fails_the_request_and_leaves_rotation() -> None:
    async def scenario() -> tuple[str, str | None]:
        raw = RawServer()
        server = await raw.start()
        engine = _engine(raw)
        await engine.start()
        try:
            assert await _ask(engine) == "four words come back"  # control: it served before
            raw.closing_all = True
            with pytest.raises(EngineError) as failed:
                await _ask(engine)
            return str(failed.value), engine.replicas[0].down
        finally:
            await engine.stop()
            server.close()

    message, down = asyncio.run(scenario())
    assert "no inference server of this region could take the request" in message
    assert "could not be reached" in message
    assert down is not None and "could not be reached" in down
