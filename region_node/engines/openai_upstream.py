"""The region's own OpenAI-compatible inference servers as its engine (`engine.kind: openai`): vLLM's
`vllm serve`, SGLang, TGI or llama.cpp replicas the operator already runs inside the region.

Requests go upstream as they came (chat as messages: the upstream applies its own chat template);
a streamed one is passed on chunk by chunk as it arrives, a whole one is fetched whole. Which
replica serves a request is `replicas.choose`'s decision (prefix affinity, bounded load); a replica
that refuses connections, answers 5xx or breaks off before the first token is taken out of rotation
and the request goes to the next one, inside the region only. A probe every `probe_interval_s` reads
each replica's `/health` and `/metrics` (vLLM's waiting/running requests and KV-cache usage) and
brings recovered replicas back.

Nothing of a request's content is logged: only replicas' names, statuses and exception kinds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import httpx
from prometheus_client.parser import text_string_to_metric_families

from ..errors import ContextLengthExceeded, EngineError, InvalidParameter, QueueFull, SequenceFailed
from .base import Delta, FinishReason, Load, Prompt, Sampling, close_quietly, normalised
from .replicas import Replica, affinity_key, choose

log = logging.getLogger(__name__)

VLLM_GAUGES = {
    "vllm:num_requests_running": "running",
    "vllm:num_requests_waiting": "waiting",
    "vllm:kv_cache_usage_perc": "kv",
    "vllm:gpu_cache_usage_perc": "kv",  # vLLM before 0.10
}


UPSTREAM_HONOURS = frozenset(
    {"response_format", "logprobs", "top_logprobs", "presence_penalty", "frequency_penalty", "logit_bias"}
)
"""OpenAI parameters an OpenAI-compatible server (vLLM's) applies itself: passed on as the client gave
them, and the log-probabilities it answers passed back. Not tools: their answers are not text."""

KEEPALIVE_EXPIRY_S = 2.0
"""How long an idle pooled connection is kept: well under the 5 s after which vLLM's server (uvicorn's
default `timeout_keep_alive`) closes one, so that the pool seldom hands out a connection the server is
closing at that very moment."""

CLOSED_UNDER_THE_REQUEST = (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)
"""What a pooled connection the server closed as the request went out fails with: no answer at all."""


@dataclass(frozen=True, slots=True)
class Upstream:
    """One OpenAI-compatible server: `url` as OpenAI's SDK takes it (`http://10.0.0.5:8000/v1`)."""

    url: str
    model: str
    api_key: str | None = None
    capacity: int = 64
    health_path: str = "/health"


class ReplicaFailed(Exception):
    """This replica did not serve the request (down, 5xx, refused, broke off before the first token);
    `take_out`: it is out of rotation until a probe brings it back (not for an answer that may be the
    request's own doing, such as a 500)."""

    def __init__(self, reason: str, *, take_out: bool = True) -> None:
        super().__init__(reason)
        self.take_out = take_out


class ReplicaBusy(Exception):
    """This replica answered 429: another may have room."""


class OpenAIUpstreamEngine:
    """`model_name` served by one or more OpenAI-compatible servers of the region."""

    def __init__(
        self,
        model_name: str,
        upstreams: Sequence[Upstream],
        *,
        probe_interval_s: float = 2.0,
        affinity_chars: int = 256,
        connect_timeout_s: float = 2.0,
    ) -> None:
        if not upstreams:
            raise ValueError("the openai engine needs at least one upstream server")
        self.model_name = model_name
        self.honours = UPSTREAM_HONOURS
        self.upstreams = {u.url: u for u in upstreams}
        # Replicas are named by their URL in logs (the operator's), by their place in the configuration in
        # anything a client or another region may read (an internal address is not theirs to know).
        self.replicas = [
            Replica(u.url, u.capacity, down="not probed yet", label=f"upstream {i}") for i, u in enumerate(upstreams, 1)
        ]
        self.probe_interval_s = probe_interval_s
        self.affinity_chars = affinity_chars
        self.connect_timeout_s = connect_timeout_s
        self._clients: dict[str, httpx.AsyncClient] = {}
        self._prober: asyncio.Task[None] | None = None

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        for upstream in self.upstreams.values():
            root = urlsplit(upstream.url)
            headers = {"authorization": f"Bearer {upstream.api_key}"} if upstream.api_key else {}
            self._clients[upstream.url] = httpx.AsyncClient(
                base_url=f"{root.scheme}://{root.netloc}",
                headers=headers,
                http2=True,  # negotiated over TLS where the server speaks it; plain http stays HTTP/1.1
                timeout=httpx.Timeout(None, connect=self.connect_timeout_s),
                limits=httpx.Limits(
                    max_connections=None,
                    max_keepalive_connections=upstream.capacity,
                    keepalive_expiry=KEEPALIVE_EXPIRY_S,
                ),
            )
        await self.probe()
        down = [f"{r.name} ({r.down})" for r in self.replicas if r.down]
        if down:
            log.warning("upstream servers not serving yet: %s", "; ".join(down))
        self._prober = asyncio.create_task(self._probe_forever(), name="upstream-probe")

    async def stop(self) -> None:
        if self._prober is not None:
            self._prober.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._prober
            self._prober = None
        for client in self._clients.values():
            await client.aclose()
        self._clients = {}

    def load(self) -> Load:
        """The replicas summed: the region's heartbeat advertises them as one engine."""
        serving = [r for r in self.replicas if r.healthy]
        usages = [
            r.kv_cache_usage if r.kv_cache_usage is not None else min(1.0, r.load / max(1, r.capacity)) for r in serving
        ]
        return Load(
            capacity=sum(r.capacity for r in serving),
            running=sum(
                r.reported_running if r.reported_running is not None else min(r.in_flight, r.capacity) for r in serving
            ),
            waiting=sum(r.waiting for r in serving),
            kv_cache_usage=sum(usages) / len(usages) if usages else 1.0,
            healthy=bool(serving),
            problems=tuple(f"{r.label}: {r.down}" for r in self.replicas if r.down),
        )

    # -- health ----------------------------------------------------------------------------------

    async def probe(self) -> None:
        """Ask every replica whether it serves, and how loaded it is."""
        await asyncio.gather(*(self._probe(replica) for replica in self.replicas))

    async def _probe_forever(self) -> None:
        while True:
            await asyncio.sleep(self.probe_interval_s)
            await self.probe()

    async def _probe(self, replica: Replica) -> None:
        client = self._clients[replica.name]
        upstream = self.upstreams[replica.name]
        try:
            timeout = self.connect_timeout_s
            health = await send(client, client.build_request("GET", upstream.health_path, timeout=timeout))
            if health.status_code != 200:
                self._take_out(replica, f"its health check answered HTTP {health.status_code}")
                return
            metrics = await send(client, client.build_request("GET", "/metrics", timeout=timeout))
        except httpx.HTTPError as exc:
            self._take_out(replica, f"its health check failed ({type(exc).__name__})")
            return
        gauges = read_vllm_gauges(metrics.text) if metrics.status_code == 200 else {}
        replica.reported_running = _as_int(gauges.get("running"))
        replica.reported_waiting = _as_int(gauges.get("waiting"))
        replica.kv_cache_usage = gauges.get("kv")
        if replica.down is not None:
            log.info("upstream %s is serving again", replica.name)
        replica.down = None

    def _take_out(self, replica: Replica, reason: str) -> None:
        if replica.down is None:
            log.warning("upstream %s taken out of rotation: %s", replica.name, reason)
        replica.down = reason

    # -- requests --------------------------------------------------------------------------------

    async def open(self, prompt: Prompt, sampling: Sampling, request_id: str) -> AsyncIterator[Delta]:
        """Send the request to the replica `choose` names, and on to the next one while a replica
        fails before the first token; return once the first text (or the end) has arrived."""
        key = affinity_key(prompt_texts(prompt), self.affinity_chars)
        tried: list[str] = []
        failures: list[str] = []
        busy = 0
        while (replica := choose(key, self.replicas, exclude=tried)) is not None:
            tried.append(replica.name)
            upstream = self.upstreams[replica.name]
            replica.in_flight += 1
            try:
                response, deltas, first = await self._begin(upstream, prompt, sampling, request_id)
            except ReplicaFailed as exc:
                replica.in_flight -= 1
                if exc.take_out:
                    self._take_out(replica, str(exc))
                failures.append(f"{replica.label}: {exc}")
                continue
            except ReplicaBusy:
                replica.in_flight -= 1
                busy += 1
                failures.append(f"{replica.label}: busy")
                continue
            except BaseException:
                replica.in_flight -= 1
                raise
            return _Relay(replica, response, deltas, first)
        if failures and busy == len(failures):
            raise QueueFull("every inference server of this region is busy; retry shortly", limit=busy)
        detail = "; ".join(failures) or "none is serving: " + "; ".join(
            f"{r.label} ({r.down})" for r in self.replicas if r.down
        )
        raise EngineError(f"no inference server of this region could take the request ({detail})")

    async def _begin(
        self, upstream: Upstream, prompt: Prompt, sampling: Sampling, request_id: str
    ) -> tuple[httpx.Response, AsyncIterator[Delta], Delta]:
        client = self._clients[upstream.url]
        endpoint = "/chat/completions" if prompt.kind == "chat" else "/completions"
        path = urlsplit(upstream.url).path.rstrip("/") + endpoint
        request = client.build_request(
            "POST",
            path,
            content=json.dumps(request_body(prompt, sampling, upstream.model)).encode(),
            headers={"content-type": "application/json", "x-request-id": request_id},
        )
        try:
            response = await send(client, request, stream=True)
        except httpx.HTTPError as exc:
            raise ReplicaFailed(f"could not be reached ({type(exc).__name__})") from exc
        try:
            if response.status_code != 200:
                await response.aread()
                raise refusal(response.status_code, response.content, prompt)
            if prompt.streamed:
                deltas = read_stream(response.aiter_lines(), chat=prompt.kind == "chat")
            else:
                try:
                    await response.aread()
                except httpx.HTTPError as exc:
                    raise ReplicaFailed(f"broke off before the answer ({type(exc).__name__})") from exc
                deltas = _replay(whole_answer(response.content, chat=prompt.kind == "chat"))
            try:
                first = await anext(deltas)
            except SequenceFailed:
                raise  # this request's own failure: another replica would fail it too
            except (httpx.HTTPError, StopAsyncIteration, EngineError) as exc:
                raise ReplicaFailed(f"broke off before the first token ({type(exc).__name__})") from exc
            return response, deltas, first
        except BaseException:
            await response.aclose()
            raise


async def send(client: httpx.AsyncClient, request: httpx.Request, *, stream: bool = False) -> httpx.Response:
    """`request` sent, and sent once more if it failed with no answer at all (`CLOSED_UNDER_THE_REQUEST`):
    a pooled connection whose keep-alive the server ended just as the request went out, which the pool
    has dropped since; the second try goes out on another connection. Left alone, that race fails the
    request and takes a serving replica out of rotation. At worst the upstream starts the request twice,
    the first copy aborted with its connection; the job itself still runs once."""
    try:
        return await client.send(request, stream=stream)
    except CLOSED_UNDER_THE_REQUEST:
        return await client.send(request, stream=stream)


class _Relay:
    """One upstream answer, passed on chunk by chunk. Closing it, whether or not it was ever read (a
    client gone, a failure before its first read), releases the replica's slot and closes the upstream
    response, which makes vLLM abort the request; an async generator's `finally` would not run for a
    generator never started."""

    def __init__(self, replica: Replica, response: httpx.Response, deltas: AsyncIterator[Delta], first: Delta) -> None:
        self.replica, self.response, self.deltas = replica, response, deltas
        self._first: Delta | None = first
        self._released = False

    def __aiter__(self) -> _Relay:
        return self

    async def __anext__(self) -> Delta:
        if self._released:
            raise StopAsyncIteration
        try:
            if self._first is not None:
                delta, self._first = self._first, None
            else:
                delta = await anext(self.deltas)
        except httpx.HTTPError as exc:
            await self.aclose()
            raise EngineError(f"the inference server broke off the answer ({type(exc).__name__})") from exc
        except BaseException:
            await self.aclose()
            raise
        if delta.finish_reason is not None:
            await self.aclose()  # the body was read to its end: the connection goes back to the pool
        return delta

    async def aclose(self) -> None:
        if self._released:
            return
        self._released = True
        self.replica.in_flight -= 1
        try:
            await close_quietly(self.deltas)
        finally:
            await self.response.aclose()


def whole_answer(content: bytes, *, chat: bool) -> list[Delta]:
    """A whole (unstreamed) OpenAI answer as the deltas a stream of it would end with."""
    try:
        body = json.loads(content)
        choice = body["choices"][0]
        text = (choice.get("message") or {}).get("content") if chat else choice.get("text")
        finish = choice.get("finish_reason") or "stop"
        usage = body.get("usage") or {}
        logprobs = choice.get("logprobs")
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        raise ReplicaFailed("sent an answer that is not OpenAI's") from None
    final = Delta(
        "",
        finish_reason=_finish(finish),
        prompt_tokens=usage.get("prompt_tokens"),
        completion_tokens=usage.get("completion_tokens"),
    )
    return [Delta(text, logprobs=logprobs), final] if text else [final]


async def _replay(deltas: list[Delta]) -> AsyncIterator[Delta]:
    for delta in deltas:
        yield delta


def prompt_texts(prompt: Prompt) -> list[str]:
    """What affinity keys on: each message with its role (a system prompt is not a user's message)."""
    if prompt.kind == "chat":
        return [f"{role}\x1f{content}" for role, content in prompt.messages]
    return [prompt.text]


def request_body(prompt: Prompt, sampling: Sampling, model: str) -> dict[str, Any]:
    """The upstream request: streamed (with usage in the last chunk) when the client streams, else whole
    (one response to parse, not an event per token). vLLM takes a seed as a signed
    64-bit integer; ours is taken modulo 2**64, so its upper half goes back below zero."""
    sampling = normalised(sampling)
    body: dict[str, Any] = {
        "model": model,
        "stream": prompt.streamed,
        "max_tokens": sampling.max_tokens,
        "temperature": sampling.temperature,
        "top_p": sampling.top_p,
    }
    if prompt.streamed:
        body["stream_options"] = {"include_usage": True}
    if sampling.stop:
        body["stop"] = list(sampling.stop)
    if sampling.seed is not None:
        body["seed"] = sampling.seed - 2**64 if sampling.seed >= 2**63 else sampling.seed
    body.update(sampling.passthrough)
    if prompt.kind == "chat":
        body["messages"] = [{"role": role, "content": content} for role, content in prompt.messages]
    else:
        body["prompt"] = prompt.text
    return body


def refusal(status: int, content: bytes, prompt: Prompt) -> Exception:
    """What an upstream's error answer means here: the request's own fault (400, 413, 422: the context,
    a value, its size), a busy replica (429), an answer that failed on this replica and may not on
    another (500: tried elsewhere, the replica kept), or a replica that cannot serve (502-504, a key
    or a model it does not have: out of rotation until a probe brings it back)."""
    if status == 429:
        return ReplicaBusy()
    if status == 500:
        return ReplicaFailed("answered HTTP 500", take_out=False)
    if status not in (400, 413, 422):
        return ReplicaFailed(f"answered HTTP {status}")
    message, param = _error_of(content)
    lowered = message.lower()
    if "context length" in lowered or "maximum model length" in lowered:
        return ContextLengthExceeded(message, param=prompt.where)
    return InvalidParameter(f"the inference server refused the request: {message}", param=param or prompt.where)


def _error_of(content: bytes) -> tuple[str, str | None]:
    """OpenAI's `{"error": {...}}`, or vLLM's older flat `{"object": "error", "message": ...}`."""
    try:
        body = json.loads(content)
    except ValueError:
        return "(an answer that is not JSON)", None
    error = body.get("error") if isinstance(body, dict) and isinstance(body.get("error"), dict) else body
    if not isinstance(error, dict):
        return "(an error without a message)", None
    param = error.get("param")
    return str(error.get("message") or "(an error without a message)"), param if isinstance(param, str) else None


async def read_stream(lines: AsyncIterator[str], *, chat: bool) -> AsyncIterator[Delta]:
    """An OpenAI event stream as deltas: each chunk's text as it comes, then one last delta with the
    finish reason and the upstream's own token counts."""
    finish: str | None = None
    usage: dict[str, Any] = {}
    async for line in lines:
        if not line.startswith("data:"):
            continue
        data = line[5:].strip()
        if data == "[DONE]":
            continue  # read to the end of the body: a response left unread closes its connection
        try:
            event = json.loads(data)
        except ValueError:
            raise EngineError("the inference server sent an event that is not JSON") from None
        if not isinstance(event, dict):
            raise EngineError("the inference server sent an event that is not an object")
        if event.get("error"):
            raise SequenceFailed("the inference server failed the answer")
        usage = event.get("usage") or usage
        for choice in event.get("choices") or ():
            text = (choice.get("delta") or {}).get("content") if chat else choice.get("text")
            if text:
                yield Delta(text, logprobs=choice.get("logprobs"))
            finish = choice.get("finish_reason") or finish
    if finish is None:
        raise EngineError("the inference server ended the stream without finishing the answer")
    yield Delta(
        "",
        finish_reason=_finish(finish),
        prompt_tokens=usage.get("prompt_tokens"),
        completion_tokens=usage.get("completion_tokens"),
    )


def _finish(reason: str) -> FinishReason:
    """OpenAI's finish reason as ours; an answer the server gave up on is not a complete one."""
    if reason == "abort":
        raise SequenceFailed("the inference server aborted the answer")
    return "length" if reason == "length" else "stop"


def read_vllm_gauges(text: str) -> dict[str, float]:
    """vLLM's running/waiting requests and KV-cache usage from a Prometheus page, summed over its label
    sets (one per served model); empty for a server that exposes none of them."""
    gauges: dict[str, float] = {}
    try:
        families = list(text_string_to_metric_families(text))
    except ValueError:
        return {}
    for family in families:
        name = VLLM_GAUGES.get(family.name)
        if name is not None and family.samples:
            gauges[name] = gauges.get(name, 0.0) + sum(sample.value for sample in family.samples)
    return gauges


def _as_int(value: float | None) -> int | None:
    return None if value is None else round(value)
