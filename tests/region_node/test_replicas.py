"""Choosing a replica (pure): prefix affinity that holds, bounded load, health and exclusions; and what
the engine reads of upstream servers (vLLM's metrics page, an OpenAI event stream, error bodies)."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator

import pytest

from region_node.engines import Prompt, Sampling
from region_node.engines.openai_upstream import (
    ReplicaBusy,
    ReplicaFailed,
    read_stream,
    read_vllm_gauges,
    refusal,
    request_body,
    whole_answer,
)
from region_node.engines.replicas import Replica, affinity_key, choose, ranked
from region_node.errors import ContextLengthExceeded, EngineError, InvalidParameter, SequenceFailed


def _replicas(count: int = 4, capacity: int = 16) -> list[Replica]:
    return [Replica(f"http://r{i}:8000/v1", capacity) for i in range(count)]


def test_a_prefix_always_gets_the_same_replica_and_prefixes_spread() -> None:
    replicas = _replicas()
    keys = [affinity_key([f"system prompt {i}"], 256) for i in range(400)]
    first = [choose(key, replicas) for key in keys]
    assert [choose(key, replicas) for key in keys] == first
    spread = Counter(r.name for r in first if r is not None)
    assert len(spread) == 4 and min(spread.values()) > 60  # about 100 each


def test_a_key_is_its_first_characters_only() -> None:
    shared = "You are a careful assistant. " * 10  # 290 characters
    assert affinity_key([shared, "question one"], 256) == affinity_key([shared, "question two"], 256)
    assert affinity_key(["short", "question one"], 256) != affinity_key(["short", "question two"], 256)


def test_an_overloaded_favourite_is_passed_over_for_the_next_in_the_keys_order() -> None:
    replicas = _replicas(capacity=64)
    key = affinity_key(["hot prefix"], 256)
    order = ranked(key, replicas)
    # The mean with one more request: (10 + 1) / 4; the bound ceil(1.5 * 2.75) = 5, at least 64 / 8 = 8.
    order[0].in_flight = 10
    assert choose(key, replicas) is order[1]
    order[0].in_flight = 7  # within its light load: affinity wins over strict least load
    assert choose(key, replicas) is order[0]
    order[1].in_flight = 30  # the next is loaded too: the one after it
    order[0].in_flight = 30
    assert choose(key, replicas) is order[2]


def test_reported_load_counts_as_much_as_our_own() -> None:
    replicas = _replicas()
    key = affinity_key(["prefix"], 256)
    favourite = ranked(key, replicas)[0]
    favourite.reported_running, favourite.reported_waiting = 8, 6  # other clients of the same server
    assert favourite.load == 14 and choose(key, replicas) is not favourite
    favourite.reported_running = favourite.reported_waiting = 0
    favourite.kv_cache_usage = 0.97  # idle by requests, but its KV cache is full
    assert choose(key, replicas) is not favourite


def test_down_and_tried_replicas_are_skipped_and_none_is_left_at_the_end() -> None:
    replicas = _replicas(3)
    key = affinity_key(["prefix"], 256)
    order = ranked(key, replicas)
    order[0].down = "HTTP 500"
    assert choose(key, replicas) is order[1]
    assert choose(key, replicas, exclude=[order[1].name]) is order[2]
    assert choose(key, replicas, exclude=[order[1].name, order[2].name]) is None


def test_when_every_replica_is_over_its_bound_the_least_loaded_serves() -> None:
    replicas = _replicas(3, capacity=4)
    for replica, load in zip(replicas, (4, 4, 5), strict=True):
        replica.in_flight = load
    chosen = choose(affinity_key(["x"], 256), replicas)
    assert chosen is not None and chosen.in_flight == 4


VLLM_METRICS = """# HELP vllm:num_requests_running Number of requests in model execution batches.
# TYPE vllm:num_requests_running gauge
vllm:num_requests_running{engine="0",model_name="tiny"} 3.0
vllm:num_requests_running{engine="1",model_name="tiny"} 2.0
# TYPE vllm:num_requests_waiting gauge
vllm:num_requests_waiting{engine="0",model_name="tiny"} 7.0
# TYPE vllm:kv_cache_usage_perc gauge
vllm:kv_cache_usage_perc{engine="0",model_name="tiny"} 0.25
# TYPE process_cpu_seconds counter
process_cpu_seconds_total 12.0
"""


def test_vllms_gauges_are_summed_over_engines_and_other_servers_report_none() -> None:
    assert read_vllm_gauges(VLLM_METRICS) == {"running": 5.0, "waiting": 7.0, "kv": 0.25}
    assert read_vllm_gauges("# TYPE tgi_queue_size gauge\ntgi_queue_size 4\n") == {}
    assert read_vllm_gauges("<html>not metrics</html>") == {}


async def _lines(*lines: str) -> AsyncIterator[str]:
    for line in lines:
        yield line


def _read(*lines: str, chat: bool = True) -> list[tuple[str, str | None, int | None]]:
    async def collect() -> list[tuple[str, str | None, int | None]]:
        return [(d.text, d.finish_reason, d.completion_tokens) async for d in read_stream(_lines(*lines), chat=chat)]

    return asyncio.run(collect())


def test_an_event_stream_becomes_deltas_with_the_upstreams_counts() -> None:
    stream = [
        'data: {"choices": [{"delta": {"role": "assistant", "content": ""}}]}',
        "",
        'data: {"choices": [{"delta": {"content": "Hel"}, "finish_reason": null}]}',
        'data: {"choices": [{"delta": {"content": "lo"}, "finish_reason": "length"}]}',
        'data: {"choices": [], "usage": {"prompt_tokens": 9, "completion_tokens": 2}}',
        "data: [DONE]",
    ]
    assert _read(*stream) == [("Hel", None, None), ("lo", None, None), ("", "length", 2)]
    completion = ['data: {"choices": [{"text": "a b", "finish_reason": "stop"}]}', "data: [DONE]"]
    assert _read(*completion, chat=False) == [("a b", None, None), ("", "stop", None)]


def test_a_stream_that_ends_unfinished_or_garbled_or_with_an_error_event_fails() -> None:
    with pytest.raises(EngineError, match="without finishing"):
        _read('data: {"choices": [{"delta": {"content": "Hel"}}]}')
    with pytest.raises(EngineError, match="not JSON"):
        _read("data: {oops")
    with pytest.raises(SequenceFailed):
        _read('data: {"error": {"message": "sampler crashed"}}')
    with pytest.raises(EngineError, match="not an object"):
        _read("data: [1, 2]")
    with pytest.raises(SequenceFailed, match="aborted"):  # a given-up answer is not a complete one
        _read('data: {"choices": [{"delta": {"content": "Hel"}, "finish_reason": "abort"}]}', "data: [DONE]")


CHAT = Prompt("chat", messages=(("user", "hi"),))


def test_upstream_refusals_mean_the_requests_fault_a_busy_replica_or_a_failed_one() -> None:
    context = b'{"error": {"message": "This model\'s maximum context length is 256 tokens.", "code": 400}}'
    assert isinstance(refusal(400, context, CHAT), ContextLengthExceeded)
    flat = b'{"object": "error", "message": "top_p must be in (0, 1]", "param": "top_p"}'  # older vLLM
    invalid = refusal(400, flat, CHAT)
    assert isinstance(invalid, InvalidParameter) and invalid.param == "top_p" and "top_p must be" in str(invalid)
    assert isinstance(refusal(429, b"", CHAT), ReplicaBusy)
    assert isinstance(refusal(413, b'{"message": "request too large"}', CHAT), InvalidParameter)
    length = b'{"message": "The decoder prompt (length 300) is longer than the maximum model length of 256."}'
    assert isinstance(refusal(400, length, CHAT), ContextLengthExceeded)
    kept = refusal(500, b"<html>", CHAT)  # may be the request's own doing: tried elsewhere, kept in rotation
    assert isinstance(kept, ReplicaFailed) and not kept.take_out
    for status in (401, 403, 404, 502, 503, 504):
        failed = refusal(status, b"<html>", CHAT)
        assert isinstance(failed, ReplicaFailed) and failed.take_out, status


def test_sampling_reaches_the_upstream_in_its_ranges() -> None:
    body = request_body(CHAT, Sampling(max_tokens=0, temperature=1e-300, top_p=0.0, seed=2**64 - 5), "m")
    assert (body["max_tokens"], body["temperature"], body["top_p"], body["seed"]) == (1, 0.0, 1.0, -5)
    assert body["messages"] == [{"role": "user", "content": "hi"}] and "stop" not in body


def test_a_whole_answer_becomes_the_deltas_a_stream_would_end_with() -> None:
    chat = b'{"choices": [{"message": {"content": "Hi"}, "finish_reason": "length"}],'
    chat += b' "usage": {"completion_tokens": 1}}'
    assert [(d.text, d.finish_reason, d.completion_tokens) for d in whole_answer(chat, chat=True)] == [
        ("Hi", None, None),
        ("", "length", 1),
    ]
    empty = b'{"choices": [{"text": "", "finish_reason": "stop"}]}'
    assert [(d.text, d.finish_reason) for d in whole_answer(empty, chat=False)] == [("", "stop")]
    for broken in (b"<html>", b'{"choices": []}', b'{"object": "list"}'):
        with pytest.raises(ReplicaFailed):
            whole_answer(broken, chat=True)
