"""A small OpenAI-compatible inference server with an echo model: the answer is the last message (or
the prompt) again, word by word, one word per `delay_ms`. It stands for a region's own vLLM replicas
where no GPU is (tests, the benchmark, `fedinfer demo --upstream`), and speaks what the region node
reads of vLLM: streamed chat and completions with usage, `/health`, and `/metrics` with vLLM's gauges.

Run: `python -m fedinfer.echo_upstream --port 8100 --delay-ms 5`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse

from region_node.openai_types import merged_logprobs

WORD = re.compile(r"\S+\s*|\s+")
PREFIX_CHARS = 200
"""A request whose first message starts like one this server answered before counts as a prefix hit
(its KV cache would be reused by vLLM's prefix caching)."""


@dataclass
class Behaviour:
    """What the server does; tests change it while it runs."""

    delay_ms: float = 0.0
    """Per generated word."""
    healthy: bool = True
    """What `/health` says (200 or 503)."""
    max_running: int = 64
    """Requests generated at once; more wait (reported as `vllm:num_requests_waiting`)."""
    fail_status: int | None = None
    """Answer every generation request with this status instead."""
    hang: bool = False
    """Accept generation requests and never answer them."""
    break_after_words: int | None = None
    """Cut the connection after this many words of a streamed answer."""
    stall_after_words: int | None = None
    """Send this many words of a streamed answer, then nothing more, keeping the connection open."""
    record_texts: bool = False
    """Keep every request's messages (tests: what reached the server)."""
    context_length: int = 4096
    """Words a prompt plus its `max_tokens` may hold; more is refused as vLLM refuses it."""


@dataclass
class Stats:
    requests: int = 0
    prefix_hits: int = 0
    running: int = 0
    waiting: int = 0
    peak_running: int = 0
    prefixes: set[str] = field(default_factory=set)
    last_body: dict[str, Any] = field(default_factory=dict)
    """The last generation request's parameters (no content): what the gateway forwarded."""
    texts: list[str] = field(default_factory=list)
    """With `Behaviour.record_texts`: every message received."""


def words(text: str) -> list[str]:
    return WORD.findall(text)


def create_app(model: str = "echo", behaviour: Behaviour | None = None) -> FastAPI:
    app = FastAPI(title="echo upstream")
    app.state.behaviour = behaviour = behaviour or Behaviour()
    app.state.stats = stats = Stats()
    slots = asyncio.Semaphore(behaviour.max_running)

    @app.get("/health")
    @app.get("/healthz")  # as fedinfer's own services answer it
    async def health() -> Response:
        return Response(status_code=200 if behaviour.healthy else 503)

    @app.get("/v1/models")
    async def models() -> dict[str, Any]:
        return {"object": "list", "data": [{"id": model, "object": "model", "created": 0, "owned_by": "echo"}]}

    @app.get("/metrics")
    async def metrics() -> PlainTextResponse:
        usage = min(1.0, stats.running / max(1, behaviour.max_running))
        lines = [
            "# TYPE vllm:num_requests_running gauge",
            f'vllm:num_requests_running{{model_name="{model}"}} {stats.running}',
            "# TYPE vllm:num_requests_waiting gauge",
            f'vllm:num_requests_waiting{{model_name="{model}"}} {stats.waiting}',
            "# TYPE vllm:kv_cache_usage_perc gauge",
            f'vllm:kv_cache_usage_perc{{model_name="{model}"}} {usage}',
        ]
        return PlainTextResponse("\n".join(lines) + "\n")

    @app.put("/behaviour")
    async def change(request: Request) -> Response:
        """Change what the server does while it runs (the benchmark's per-token delay)."""
        for name, value in (await request.json()).items():
            if not hasattr(behaviour, name):
                return _error(400, f"no behaviour {name!r}; known: {', '.join(vars(behaviour))}")
            setattr(behaviour, name, value)
        return JSONResponse(dict(vars(behaviour)))

    @app.get("/stats")
    async def read_stats() -> dict[str, Any]:
        return {
            "requests": stats.requests,
            "prefix_hits": stats.prefix_hits,
            "peak_running": stats.peak_running,
            "last_body": stats.last_body,
        }

    async def generate(request: Request, chat: bool) -> Response:
        body = await request.json()
        stats.last_body = {k: v for k, v in body.items() if k not in ("messages", "prompt")}
        if behaviour.fail_status is not None:
            return _error(behaviour.fail_status, "the echo server was told to fail")
        if body.get("model") != model:
            return _error(404, f"The model `{body.get('model')}` does not exist.", code="model_not_found")
        if chat:
            texts = [str(m.get("content") or "") for m in body.get("messages") or []]
        else:
            texts = [str(body.get("prompt") or "")]
        if behaviour.record_texts:
            stats.texts += texts
        prompt_words = sum(len(words(t)) for t in texts)
        budget = int(body.get("max_tokens") or 16)
        if prompt_words + budget > behaviour.context_length:
            message = (
                f"This model's maximum context length is {behaviour.context_length} tokens. However, you"
                f" requested {prompt_words + budget} tokens ({prompt_words} in the messages, {budget} in the"
                " completion). Please reduce the length of the messages or completion."
            )
            return _error(400, message)
        stats.requests += 1
        prefix = (texts[0] if texts else "")[:PREFIX_CHARS]
        stats.prefix_hits += prefix in stats.prefixes
        stats.prefixes.add(prefix)
        answer = words(texts[-1] if texts else "")[:budget]
        finish = "length" if len(words(texts[-1] if texts else "")) > budget else "stop"
        if behaviour.hang:
            await asyncio.Event().wait()
        asked = body.get("logprobs")
        with_logprobs = asked is True or (not chat and isinstance(asked, int) and not isinstance(asked, bool))
        events = _events(answer, finish, prompt_words, chat=chat, model=model, logprobs=with_logprobs)
        if body.get("stream"):
            return StreamingResponse(_paced(events, stats, slots, behaviour), media_type="text/event-stream")
        return JSONResponse(await _whole(_paced(events, stats, slots, behaviour), chat=chat, model=model))

    @app.post("/v1/chat/completions")
    async def chat_completions(request: Request) -> Response:
        return await generate(request, chat=True)

    @app.post("/v1/completions")
    async def completions(request: Request) -> Response:
        return await generate(request, chat=False)

    return app


def _error(status: int, message: str, code: str | None = None) -> JSONResponse:
    kind = "BadRequestError" if status < 500 else "InternalServerError"
    return JSONResponse({"error": {"message": message, "type": kind, "param": None, "code": code}}, status_code=status)


def _events(
    answer: list[str], finish: str, prompt_tokens: int, *, chat: bool, model: str, logprobs: bool = False
) -> list[dict[str, Any] | None]:
    """The stream's events; None marks where one word's delay falls. With `logprobs`, each word comes
    with a log-probability of -0.5 per character (as vLLM sends them: chat's `content` list, or a
    completion's parallel lists)."""
    created = int(time.time())
    base = {"id": "echo", "created": created, "model": model}
    kind = "chat.completion.chunk" if chat else "text_completion"

    def chunk(text: str | None, finish_reason: str | None = None) -> dict[str, Any]:
        choice: dict[str, Any] = {"index": 0, "finish_reason": finish_reason}
        if chat:
            choice["delta"] = {"content": text} if text is not None else {}
        else:
            choice["text"] = text or ""
        return {**base, "object": kind, "choices": [choice], "usage": None}

    def scored(word: str, offset: int) -> dict[str, Any]:
        logprob = -0.5 * len(word)
        if chat:
            token = {"token": word, "logprob": logprob, "bytes": list(word.encode()), "top_logprobs": []}
            return {"content": [token]}
        return {
            "tokens": [word],
            "token_logprobs": [logprob],
            "top_logprobs": [{word: logprob}],
            "text_offset": [offset],
        }

    events: list[dict[str, Any] | None] = []
    if chat:
        role = {"index": 0, "delta": {"role": "assistant", "content": ""}}
        events.append({**base, "object": kind, "choices": [role]})
    offset = 0
    for word in answer:
        event = chunk(word)
        if logprobs:
            event["choices"][0]["logprobs"] = scored(word, offset)
        offset += len(word)
        events += [None, event]
    events.append(chunk(None if chat else "", finish))
    usage = {"prompt_tokens": prompt_tokens, "completion_tokens": len(answer)}
    events.append({**base, "object": kind, "choices": [], "usage": {**usage, "total_tokens": sum(usage.values())}})
    return events


async def _paced(
    events: list[dict[str, Any] | None], stats: Stats, slots: asyncio.Semaphore, behaviour: Behaviour
) -> AsyncIterator[bytes]:
    stats.waiting += 1
    async with slots:
        stats.waiting -= 1
        stats.running += 1
        stats.peak_running = max(stats.peak_running, stats.running)
        try:
            sent = 0
            for event in events:
                if event is None:
                    if behaviour.break_after_words is not None and sent >= behaviour.break_after_words:
                        raise ConnectionAbortedError("the echo server was told to break off")
                    if behaviour.stall_after_words is not None and sent >= behaviour.stall_after_words:
                        await asyncio.Event().wait()
                    sent += 1
                    if behaviour.delay_ms:
                        await asyncio.sleep(behaviour.delay_ms / 1000)
                    continue
                yield f"data: {json.dumps(event)}\n\n".encode()
            yield b"data: [DONE]\n\n"
        finally:
            stats.running -= 1


async def _whole(stream: AsyncIterator[bytes], *, chat: bool, model: str) -> dict[str, Any]:
    text, finish, usage = "", "stop", dict[str, Any]()
    scores: list[Any] = []
    async for line in stream:
        data = line.decode().removeprefix("data: ").strip()
        if data == "[DONE]":
            break
        event = json.loads(data)
        usage = event.get("usage") or usage
        for choice in event["choices"]:
            text += (choice.get("delta", {}).get("content") or "") if chat else choice.get("text", "")
            finish = choice.get("finish_reason") or finish
            scores.append(choice.get("logprobs"))
    choice = {
        "index": 0,
        "finish_reason": finish,
        "logprobs": merged_logprobs("chat" if chat else "completion", scores),
    }
    choice.update({"message": {"role": "assistant", "content": text}} if chat else {"text": text})
    kind = "chat.completion" if chat else "text_completion"
    created = int(time.time())
    return {"id": "echo", "object": kind, "created": created, "model": model, "choices": [choice], "usage": usage}


def main(argv: list[str] | None = None) -> None:
    import uvicorn

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8100)
    parser.add_argument("--model", default="echo")
    parser.add_argument("--delay-ms", type=float, default=0.0, help="per generated word")
    parser.add_argument("--max-running", type=int, default=64)
    args = parser.parse_args(argv)
    behaviour = Behaviour(delay_ms=args.delay_ms, max_running=args.max_running)
    print(f"echo upstream ready http://{args.host}:{args.port}/v1", flush=True)
    uvicorn.run(create_app(args.model, behaviour), host=args.host, port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
