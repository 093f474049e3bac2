"""No request harms another on the region API: values outside OpenAI's ranges are refused at the door
with OpenAI's error body, degenerate but valid ones are served as what they mean, a prompt over the
model's context is a 400 (not a 503), a request that fails inside the engine's batch fails alone,
and a failure that cannot succeed on retry tells the `openai` SDK so. Every refusal is paired with a
request that the same node serves, so that a refusal cannot pass because serving is broken.

One node, SmolLM2-135M-Instruct on the embedded engine (context 512 tokens), whose engine fails on
cue, in the middle of its answer, for a request naming `POISON` (nothing valid fails any more).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest
from prometheus_client.parser import text_string_to_metric_families

from region_node.engines.embedded import EmbeddedEngine, _Sequence
from tests.conftest import openai_client
from tests.openai_schema import check
from tests.region_node.harness import TOKEN, RunningNode, region_config

M = "smollm2-135m-instruct"
CHAT, COMPLETIONS = "/v1/chat/completions", "/v1/completions"
CONTEXT = 512
DEFAULT_MAX_TOKENS = 64
POISON = "Recite the poisoned verse."
QUESTIONS = ["What is the capital of France?", "Name three colors.", "Write one sentence about the sea."]


class PoisonedEngine(EmbeddedEngine):
    """Fails a request naming `POISON` at its fourth token, as a fault of that request alone would;
    `beside` records how many sequences the batch held then."""

    beside = 0

    def _next_token(self, state: _Sequence, logits: Any) -> int:
        if POISON in state.request.prompt and len(state.tokens) >= 3:
            self.beside = max(self.beside, self._running)
            raise RuntimeError("poisoned")
        return super()._next_token(state, logits)


@pytest.fixture(scope="module")
def engine(smollm2: Path) -> PoisonedEngine:
    return PoisonedEngine(M, smollm2, max_batch=8, max_model_len=CONTEXT)


@pytest.fixture(scope="module")
def node(engine: PoisonedEngine, smollm2: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningNode]:
    config = region_config(
        tmp_path_factory.mktemp("requests"), "eu-west", smollm2, limits={"default_max_tokens": DEFAULT_MAX_TOKENS}
    )
    with RunningNode(config, engine) as running:
        yield running


def _post(node: RunningNode, path: str, body: dict[str, Any]) -> httpx.Response:
    # json.dumps, not httpx's encoder: that one refuses NaN, which Python's JSON parser (the server's) reads.
    return httpx.post(
        f"{node.url}{path}",
        content=json.dumps(body).encode(),
        headers={"authorization": f"Bearer {TOKEN}", "content-type": "application/json"},
        timeout=120,
    )


def _body(path: str, text: str = "Hello", **fields: Any) -> dict[str, Any]:
    asked: dict[str, Any] = {"messages": [{"role": "user", "content": text}]} if path == CHAT else {"prompt": text}
    return {"model": M, "max_tokens": 2, **asked, **fields}


def _served(response: httpx.Response, path: str) -> dict[str, Any]:
    """The body of an answer that was served, after checking it is one."""
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    check("CreateChatCompletionResponse" if path == CHAT else "CreateCompletionResponse", body)
    assert body["choices"][0]["finish_reason"] in ("stop", "length")
    assert body["usage"]["completion_tokens"] >= 1
    return body


def _text(body: dict[str, Any]) -> str:
    choice = body["choices"][0]
    return str(choice["message"]["content"] if "message" in choice else choice["text"])


def _refused(response: httpx.Response, status: int, param: str | None, code: str | None) -> str:
    """The error message of a refusal, after checking its status, OpenAI's body and the retry header."""
    assert response.status_code == status, response.text
    body = response.json()
    check("ErrorResponse", body)
    error = body["error"]
    assert (error["type"], error["param"], error["code"]) == (
        "invalid_request_error" if status == 400 else error["type"],
        param,
        code,
    )
    assert response.headers["x-should-retry"] == "false"
    return str(error["message"])


def _requests_counted(node: RunningNode, route: str, status: int) -> float:
    """Responses the node sent on `route` with `status` (fedinfer_requests_total counts every one)."""
    for family in text_string_to_metric_families(httpx.get(f"{node.url}/metrics").text):
        if family.name == "fedinfer_requests":
            for sample in family.samples:
                if sample.name.endswith("_total") and sample.labels == {"route": route, "status": str(status)}:
                    return float(sample.value)
    return 0.0


# -- sampling parameters at the door ---------------------------------------------------------------

INT64 = "from -9223372036854775808 to 9223372036854775807"
RANGE_CASES = [
    # path, parameter, refused value, served value, OpenAI's code, the range the message names
    (CHAT, "seed", 2**64, 42, "integer_above_max_value", INT64),
    (COMPLETIONS, "seed", -(2**63) - 1, -(2**63), "integer_below_min_value", INT64),
    (CHAT, "temperature", 2.5, 2, "decimal_above_max_value", "from 0 to 2"),
    (COMPLETIONS, "temperature", -0.1, 0, "decimal_below_min_value", "from 0 to 2"),
    (CHAT, "temperature", float("nan"), 0.7, "invalid_value", "from 0 to 2"),
    (CHAT, "temperature", float("inf"), 1.5, "decimal_above_max_value", "from 0 to 2"),
    (CHAT, "top_p", 1.5, 0, "decimal_above_max_value", "from 0 to 1"),
    (COMPLETIONS, "top_p", -0.5, 1, "decimal_below_min_value", "from 0 to 1"),
    (COMPLETIONS, "max_tokens", 0, 1, "integer_below_min_value", "of at least 1"),
    (CHAT, "max_completion_tokens", 0, 1, "integer_below_min_value", "of at least 1"),
    (CHAT, "n", 0, 1, "integer_below_min_value", "from 1 to 128"),
    (CHAT, "n", 2, None, "unsupported_value", "only n=1 is supported"),
    (CHAT, "stop", ["a", "b", "c", "d", "e"], ["x1", "x2", "x3", "x4"], "array_above_max_length", "up to 4"),
    (CHAT, "presence_penalty", 2.5, 0, "decimal_above_max_value", "from -2 to 2"),
    (COMPLETIONS, "frequency_penalty", -3, 0.0, "decimal_below_min_value", "from -2 to 2"),
]
RANGE_IDS = [
    "seed-2**64",
    "seed-below-int64",
    "temperature-2.5",
    "temperature-negative",
    "temperature-nan",
    "temperature-inf",
    "top_p-1.5",
    "top_p-negative",
    "max_tokens-0",
    "max_completion_tokens-0",
    "n-0",
    "n-2",
    "stop-5",
    "presence_penalty-2.5",
    "frequency_penalty--3",
]


@pytest.mark.parametrize(("path", "param", "refused", "served", "code", "range_"), RANGE_CASES, ids=RANGE_IDS)
def test_a_value_outside_openais_range_is_a_400_naming_the_parameter_and_its_range(
    node: RunningNode, path: str, param: str, refused: Any, served: Any, code: str, range_: str
) -> None:
    message = _refused(_post(node, path, _body(path, **{param: refused})), 400, param, code)
    assert message.startswith(f"{param}: ") and range_ in message
    _served(_post(node, path, _body(path, **{param: served})), path)


UNHONOURED_CASES = [
    # path, parameter, a value that would change the answer, its neutral value
    (CHAT, "logprobs", True, False),
    (CHAT, "top_logprobs", 3, None),
    (CHAT, "response_format", {"type": "json_object"}, {"type": "text"}),
    (CHAT, "presence_penalty", 0.5, 0),
    (COMPLETIONS, "frequency_penalty", -1, 0),
    (CHAT, "logit_bias", {"50256": -100}, {}),
    (CHAT, "tool_choice", "auto", "none"),
    (COMPLETIONS, "logprobs", 0, None),  # 0 asks for the sampled token's log-probability; false does not
    (COMPLETIONS, "echo", True, False),
    (COMPLETIONS, "best_of", 3, 1),
    (COMPLETIONS, "suffix", "the end", None),
]


@pytest.mark.parametrize(
    ("path", "param", "refused", "neutral"), UNHONOURED_CASES, ids=[f"{c[1]}" for c in UNHONOURED_CASES]
)
def test_a_parameter_this_server_would_ignore_is_a_400_naming_it_and_its_default_passes(
    node: RunningNode, path: str, param: str, refused: Any, neutral: Any
) -> None:
    message = _refused(_post(node, path, _body(path, **{param: refused})), 400, param, "unsupported_parameter")
    assert message == f"{param} is not supported by this server; remove it (or send its default)"
    _served(_post(node, path, _body(path, **{param: neutral})), path)


@pytest.mark.parametrize(
    "fields",
    [
        {"temperature": 1e-300},
        {"temperature": 5e-324, "seed": 2**63 - 1},
        {"temperature": 1.0, "top_p": 0},
        {"temperature": 1e-300, "seed": -(2**63), "top_p": 1e-300},
    ],
    ids=["temperature-1e-300", "smallest-temperature-largest-seed", "top_p-0", "tiny-everything-smallest-seed"],
)
def test_degenerate_values_openai_allows_are_served_as_greedy(node: RunningNode, fields: dict[str, Any]) -> None:
    greedy = _text(_served(_post(node, CHAT, _body(CHAT, QUESTIONS[0], max_tokens=12, temperature=0)), CHAT))
    assert _text(_served(_post(node, CHAT, _body(CHAT, QUESTIONS[0], max_tokens=12, **fields)), CHAT)) == greedy


# -- the model's context -------------------------------------------------------------------------


def _prompt_of(engine: PoisonedEngine, tokens: int) -> str:
    """A completion prompt of exactly `tokens` tokens for this model."""
    prompt = " word" * tokens
    while engine.count_tokens(prompt) > tokens:
        prompt = prompt[: -len(" word")]
    while engine.count_tokens(prompt) < tokens:
        prompt += " word"
    assert engine.count_tokens(prompt) == tokens
    return prompt


def test_a_prompt_and_budget_over_the_context_is_a_400_context_length_exceeded(
    node: RunningNode, engine: PoisonedEngine
) -> None:
    prompt = _prompt_of(engine, 500)
    message = _refused(
        _post(node, COMPLETIONS, _body(COMPLETIONS, prompt, max_tokens=13)), 400, "prompt", "context_length_exceeded"
    )
    assert f"maximum context length is {CONTEXT} tokens" in message and "513 tokens (500 in the prompt" in message
    # Exactly the context: served, and the budget is what was asked.
    fits = _served(_post(node, COMPLETIONS, _body(COMPLETIONS, prompt, max_tokens=12)), COMPLETIONS)
    assert fits["usage"]["prompt_tokens"] == 500 and fits["usage"]["completion_tokens"] <= 12
    # No budget named: the default (64) is cut to what the context leaves, as OpenAI does.
    body = _body(COMPLETIONS, prompt)
    del body["max_tokens"]
    unnamed = _served(_post(node, COMPLETIONS, body), COMPLETIONS)
    assert unnamed["usage"]["completion_tokens"] <= CONTEXT - 500 < DEFAULT_MAX_TOKENS
    # A prompt that fills the context leaves no room for even one token.
    full = _body(COMPLETIONS, _prompt_of(engine, CONTEXT))
    del full["max_tokens"]
    message = _refused(_post(node, COMPLETIONS, full), 400, "prompt", "context_length_exceeded")
    assert "at least 1 for the completion" in message


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
def test_a_conversation_over_the_context_is_a_400_not_a_503(node: RunningNode, stream: bool) -> None:
    long = _post(node, CHAT, _body(CHAT, "word " * 600, stream=stream))
    message = _refused(long, 400, "messages", "context_length_exceeded")
    assert f"maximum context length is {CONTEXT} tokens" in message
    # Control, greedy: sampled from this random-weight model, the first token is now and then the end
    # of text, and an answer of no token would not show that the request was served.
    _served(_post(node, CHAT, _body(CHAT, "word " * 100, temperature=0)), CHAT)


# -- one failing request among others ------------------------------------------------------------


def _stream(node: RunningNode, body: dict[str, Any]) -> tuple[str, str | None, dict[str, Any] | None]:
    """A streamed chat answer: its text, its finish reason, and the error event if one came."""
    with httpx.stream(
        "POST", f"{node.url}{CHAT}", headers={"authorization": f"Bearer {TOKEN}"}, json=body, timeout=120
    ) as response:
        assert response.status_code == 200
        events = [line[6:] for line in response.iter_lines() if line.startswith("data: ")]
    assert events[-1] == "[DONE]"
    text, finish, error = "", None, None
    for event in map(json.loads, events[:-1]):
        if "error" in event:
            check("ErrorResponse", event)
            error = event["error"]
            continue
        check("CreateChatCompletionStreamResponse", event)
        for choice in event["choices"]:
            text += choice["delta"].get("content") or ""
            finish = choice["finish_reason"] or finish
    return text, finish, error


def test_a_request_failing_in_the_batch_fails_alone_while_the_others_finish(
    node: RunningNode, engine: PoisonedEngine
) -> None:
    others = [
        _body(CHAT, QUESTIONS[0], max_tokens=24, temperature=0),
        _body(CHAT, QUESTIONS[1], max_tokens=24, temperature=0),
        _body(CHAT, QUESTIONS[2], max_tokens=24, temperature=0),
        _body(CHAT, QUESTIONS[0], max_tokens=24, temperature=1e-300, seed=2**63 - 1),
    ]
    alone = [
        (_text(body), body["choices"][0]["finish_reason"])
        for body in (_served(_post(node, CHAT, b), CHAT) for b in others)
    ]
    engine.beside = 0

    def poisoned() -> tuple[str, str | None, dict[str, Any] | None]:
        time.sleep(0.1)  # the others are decoding when it joins them
        return _stream(node, _body(CHAT, POISON, max_tokens=24, temperature=0, stream=True))

    with ThreadPoolExecutor(len(others) + 1) as pool:
        running = [pool.submit(_stream, node, {**body, "stream": True}) for body in others]
        failing = pool.submit(poisoned)
        finished = [future.result() for future in running]
        text, finish, error = failing.result()
    assert engine.beside >= 3, "the poisoned request must have failed inside a batch with the others"
    assert error is not None and finish is None and text  # its answer so far, then a clear error
    assert (error["type"], error["code"]) == ("server_error", "generation_failed")
    assert "this request failed in the engine" in error["message"]
    for (solo_text, solo_finish), (batched_text, batched_finish, batched_error) in zip(alone, finished, strict=True):
        assert batched_error is None
        assert (batched_text, batched_finish) == (solo_text, solo_finish)
    assert httpx.get(f"{node.url}/healthz").json()["status"] == "ok"


# -- retries ---------------------------------------------------------------------------------------


def test_the_sdk_does_not_retry_a_refused_request(node: RunningNode) -> None:
    client = openai_client(f"{node.url}/v1", TOKEN).with_options(
        max_retries=2
    )  # shares the helper's http client, which it closes
    before = _requests_counted(node, CHAT, 400)
    with pytest.raises(openai.BadRequestError) as refused:
        client.chat.completions.create(model=M, messages=[{"role": "user", "content": "Hi"}], seed=2**64, max_tokens=2)
    assert (refused.value.code, refused.value.param) == ("integer_above_max_value", "seed")
    assert refused.value.response.headers["x-should-retry"] == "false"
    assert _requests_counted(node, CHAT, 400) == before + 1
    served = client.chat.completions.create(
        model=M, messages=[{"role": "user", "content": "Hi"}], seed=42, max_tokens=2
    )
    assert served.choices[0].finish_reason in ("stop", "length")


@pytest.mark.parametrize(
    ("fields", "status", "code"),
    [
        ({"extra_body": {"fedinfer": {"offload": "required", "data_class": "personal"}}}, 503, "no_region"),
        ({"messages": [{"role": "user", "content": POISON}]}, 500, "generation_failed"),
    ],
    ids=["no-region-may-serve-it", "its-generation-failed"],
)
def test_the_sdk_does_not_retry_a_server_error_that_would_recur(
    node: RunningNode, fields: dict[str, Any], status: int, code: str
) -> None:
    """The SDK retries every 5xx by default (twice here); these would fail the same way each time."""
    client = openai_client(f"{node.url}/v1", TOKEN).with_options(
        max_retries=2
    )  # shares the helper's http client, which it closes
    # Greedy: sampled, the poisoned request could end before its fourth token, where its engine fails it.
    ask: dict[str, Any] = {"model": M, "messages": [{"role": "user", "content": "Hi"}], "max_tokens": 8}
    ask |= {"temperature": 0, **fields}
    before = _requests_counted(node, CHAT, status)
    with pytest.raises(openai.APIStatusError) as failed:
        client.chat.completions.create(**ask)
    assert (failed.value.status_code, failed.value.code) == (status, code)
    assert failed.value.response.headers["x-should-retry"] == "false"
    assert _requests_counted(node, CHAT, status) == before + 1
    served = client.chat.completions.create(model=M, messages=[{"role": "user", "content": "Hi"}], max_tokens=2)
    assert served.choices[0].finish_reason in ("stop", "length")
