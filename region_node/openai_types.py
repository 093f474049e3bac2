"""OpenAI-compatible request bodies (pydantic) and response bodies (dicts shaped by OpenAI's schemas).

The federation's own fields travel under `"fedinfer"`, which the `openai` SDK sends with `extra_body`.
Unknown top-level fields are accepted and ignored, as other OpenAI-compatible servers do; OpenAI's
own parameters that would change the answer are passed to an engine that honours them (`passthrough`:
vLLM's servers take `response_format`, `logprobs`, penalties, `logit_bias`) and refused with a 400 that
names them where the engine does not (`unhonoured`), rather than answered as if they had been applied;
sent at their neutral value they pass.
Sampling parameters are checked against the ranges OpenAI's published schema gives them (`RANGES`); a
value outside is refused with a 400 that names the parameter and its range, before it can reach an
engine.
"""

from __future__ import annotations

import time
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator
from pydantic.config import JsonDict
from pydantic_core import PydanticCustomError

Role = Literal["system", "user", "assistant", "developer", "tool"]


class FedinferOptions(BaseModel):
    """The federation's request fields."""

    model_config = ConfigDict(extra="forbid")

    data_class: str | None = Field(None, max_length=32, description="The data class of the prompt (policy term).")
    offload: Literal["auto", "never", "required"] | None = Field(None, description="May the prompt leave the region?")
    purpose: str | None = Field(None, max_length=64, description="The declared purpose (policy term).")
    consent: bool = Field(False, description="The user consented to a transfer.")


class ContentPart(BaseModel):
    model_config = ConfigDict(extra="allow")

    type: str
    text: str | None = None


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")

    role: Role
    content: str | list[ContentPart] | None = None

    def text(self) -> str:
        if self.content is None:
            return ""
        if isinstance(self.content, str):
            return self.content
        parts = []
        for part in self.content:
            if part.type != "text" or part.text is None:
                raise ValueError(f"content part of type {part.type!r} is not supported; send text parts only")
            parts.append(part.text)
        return "".join(parts)


class StreamOptions(BaseModel):
    model_config = ConfigDict(extra="allow")

    include_usage: bool = False


INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

RANGES: dict[str, tuple[str, float, float | None]] = {
    "temperature": ("a number", 0, 2),
    "top_p": ("a number", 0, 1),
    "presence_penalty": ("a number", -2, 2),
    "frequency_penalty": ("a number", -2, 2),
    "seed": ("a signed 64-bit integer", INT64_MIN, INT64_MAX),
    "n": ("an integer", 1, 128),
    "max_tokens": ("an integer", 1, None),
    "max_completion_tokens": ("an integer", 1, None),
}
"""Parameter: (what it is, lowest, highest or None), as OpenAI's schema documents them; `max_tokens`
and `max_completion_tokens` at least 1 (the region's own cap, `limits.max_tokens_cap`, comes later)."""


def _in_range(name: str, value: float | None) -> None:
    """Refuse a value outside `RANGES[name]`, with OpenAI's error code for it (e.g. `decimal_above_max_value`)."""
    if value is None:
        return
    what, low, high = RANGES[name]
    if low <= value and (high is None or value <= high):
        return
    bounds = f"of at least {low}" if high is None else f"from {low} to {high}"
    number = "decimal" if what == "a number" else "integer"
    code = (
        "invalid_value"
        if value != value
        else f"{number}_below_min_value"
        if value < low
        else f"{number}_above_max_value"
    )
    raise PydanticCustomError(
        code, "must be {what} {bounds}; got {value}", {"what": what, "bounds": bounds, "value": value}
    )


def _ranged(name: str) -> Any:
    """A nullable sampling field whose OpenAPI schema shows its range (checked by `_in_range`, so that a
    refusal carries OpenAI's code and names the range)."""
    _, low, high = RANGES[name]
    bounds: JsonDict = {"minimum": low} if high is None else {"minimum": low, "maximum": high}
    return Field(None, json_schema_extra=bounds)


ERROR_CODES = frozenset(
    {
        "integer_below_min_value",
        "integer_above_max_value",
        "decimal_below_min_value",
        "decimal_above_max_value",
        "invalid_value",
        "array_above_max_length",
        "unsupported_value",
        "unsupported_parameter",
    }
)
"""The codes our own checks give a refused parameter, as OpenAI names them; they travel in `error.code`."""


class _Common(BaseModel):
    model_config = ConfigDict(extra="allow")

    model: str = Field(min_length=1, max_length=128)
    stream: bool = False
    stream_options: StreamOptions | None = None
    # Every sampling field may be null, as in OpenAI's schema: null means the default.
    max_tokens: int | None = _ranged("max_tokens")
    temperature: float | None = _ranged("temperature")
    top_p: float | None = _ranged("top_p")
    n: int | None = _ranged("n")
    stop: str | list[str] | None = None
    seed: int | None = _ranged("seed")
    presence_penalty: float | None = _ranged("presence_penalty")
    frequency_penalty: float | None = _ranged("frequency_penalty")
    user: str | None = None
    fedinfer: FedinferOptions = Field(default_factory=FedinferOptions)

    @field_validator("max_tokens", "temperature", "top_p", "seed", "presence_penalty", "frequency_penalty")
    @classmethod
    def _in_ranges(cls, value: float | None, info: ValidationInfo) -> float | None:
        assert info.field_name is not None
        _in_range(info.field_name, value)
        return value

    @field_validator("n")
    @classmethod
    def _one_choice(cls, value: int | None) -> int | None:
        _in_range("n", value)
        if value not in (None, 1):
            raise PydanticCustomError("unsupported_value", "only n=1 is supported; send one request per completion")
        return value

    @field_validator("stop")
    @classmethod
    def _stops(cls, value: str | list[str] | None) -> str | list[str] | None:
        if isinstance(value, list) and len(value) > 4:
            raise PydanticCustomError(
                "array_above_max_length", "up to 4 stop sequences; got {count}", {"count": len(value)}
            )
        return value

    def sampling_temperature(self) -> float:
        return 1.0 if self.temperature is None else self.temperature

    def sampling_top_p(self) -> float:
        return 1.0 if self.top_p is None else self.top_p

    def stops(self) -> tuple[str, ...]:
        if self.stop is None:
            return ()
        return (self.stop,) if isinstance(self.stop, str) else tuple(self.stop)


class ChatCompletionRequest(_Common):
    messages: list[ChatMessage] = Field(min_length=1)
    max_completion_tokens: int | None = _ranged("max_completion_tokens")
    tools: list[Any] | None = None

    @field_validator("max_completion_tokens")
    @classmethod
    def _completion_tokens(cls, value: int | None) -> int | None:
        _in_range("max_completion_tokens", value)
        return value

    @field_validator("tools")
    @classmethod
    def _no_tools(cls, value: list[Any] | None) -> list[Any] | None:
        if value:
            raise ValueError("tools are not supported by this server")
        return value

    def requested_tokens(self) -> int | None:
        return self.max_completion_tokens or self.max_tokens


class CompletionRequest(_Common):
    prompt: str | list[str]

    def prompt_text(self) -> str:
        if isinstance(self.prompt, str):
            return self.prompt
        if len(self.prompt) != 1:
            raise ValueError("send one prompt per request")
        return self.prompt[0]

    def requested_tokens(self) -> int | None:
        return self.max_tokens


NEUTRAL: dict[str, tuple[Any, ...]] = {
    "logprobs": (None, False),  # 0 is not: completions then return the sampled token's log-probability
    "top_logprobs": (None, 0),
    "logit_bias": (None, {}),
    "presence_penalty": (None, 0, 0.0),
    "frequency_penalty": (None, 0, 0.0),
    "response_format": (None, {"type": "text"}),
    "tool_choice": (None, "none"),
    "functions": (None, []),
    "function_call": (None, "none"),
    "parallel_tool_calls": (None, False, True),
    "echo": (None, False),
    "best_of": (None, 1),
    "suffix": (None, ""),
    "audio": (None,),
    "modalities": (None, ["text"]),
    "prediction": (None,),
    "reasoning_effort": (None,),
    "web_search_options": (None,),
}
"""OpenAI parameters that change an answer, which only some engines apply (`Engine.honours`), and the
values that change nothing (the defaults clients send)."""


def _neutral(value: Any, neutral: tuple[Any, ...]) -> bool:
    """Whether `value` is one of `neutral`, a bool only as itself (`logprobs: 0` asks for something,
    `false` does not, though Python holds 0 == False)."""
    return any(
        value is n if isinstance(n, bool) or isinstance(value, bool) or n is None else value == n for n in neutral
    )


def _changing(body: _Common) -> dict[str, Any]:
    """The parameters of `body` that would change the answer, by name."""
    values = {**(body.model_extra or {}), "presence_penalty": body.presence_penalty}
    values["frequency_penalty"] = body.frequency_penalty
    return {
        name: values[name]
        for name, neutral in NEUTRAL.items()
        if name in values and not _neutral(values[name], neutral)
    }


def unhonoured(body: _Common, honoured: frozenset[str] = frozenset()) -> tuple[str, str] | None:
    """The first parameter of `body` that this server's engine (honouring `honoured`) would silently
    ignore, and what to tell the client."""
    for name in _changing(body):
        if name not in honoured:
            return name, f"{name} is not supported by this server; remove it (or send its default)"
    return None


def passthrough(body: _Common, honoured: frozenset[str]) -> tuple[tuple[str, Any], ...]:
    """The parameters of `body` the engine applies itself (`Sampling.passthrough`), as the client gave
    them; `ValueError` naming one whose shape no engine could take."""
    given = tuple((name, value) for name, value in _changing(body).items() if name in honoured)
    for name, value in given:
        if name == "logit_bias" and not (
            isinstance(value, dict)
            and all(k.isdigit() and isinstance(v, int | float) and -100 <= v <= 100 for k, v in value.items())
        ):
            raise ValueError("logit_bias maps token ids (as text) to biases from -100 to 100")
    return given


def merged_logprobs(kind: str, parts: list[Any]) -> Any:
    """The log-probabilities of a whole answer from its deltas' (None when none had any): chat's
    `content` lists one after another, or a completion's parallel lists."""
    parts = [part for part in parts if isinstance(part, dict)]
    if not parts:
        return None
    if kind == "chat":
        return {"content": [token for part in parts for token in part.get("content") or ()], "refusal": None}
    keys = ("tokens", "token_logprobs", "top_logprobs", "text_offset")
    return {key: [item for part in parts for item in part.get(key) or ()] for key in keys}


# -- responses ------------------------------------------------------------------------------------


def usage(prompt_tokens: int, completion_tokens: int) -> dict[str, int]:
    return {
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
    }


def chat_completion(
    job_id: str, model: str, text: str, finish_reason: str, usage_: dict[str, int], logprobs: Any = None
) -> dict[str, Any]:
    return {
        "id": f"chatcmpl-{job_id}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text, "refusal": None},
                "finish_reason": finish_reason,
                "logprobs": logprobs,
            }
        ],
        "usage": usage_,
    }


def chat_chunk(
    job_id: str,
    model: str,
    *,
    content: str | None = None,
    role: bool = False,
    finish_reason: str | None = None,
    usage_: dict[str, int] | None = None,
    created: int,
    logprobs: Any = None,
) -> dict[str, Any]:
    delta: dict[str, Any] = {}
    if role:
        delta["role"] = "assistant"
    if content is not None:
        delta["content"] = content
    body: dict[str, Any] = {
        "id": f"chatcmpl-{job_id}",
        "object": "chat.completion.chunk",
        "created": created,
        "model": model,
        "choices": []
        if usage_ is not None
        else [{"index": 0, "delta": delta, "finish_reason": finish_reason, "logprobs": logprobs}],
    }
    if usage_ is not None:
        body["usage"] = usage_
    return body


def completion(
    job_id: str, model: str, text: str, finish_reason: str, usage_: dict[str, int], logprobs: Any = None
) -> dict[str, Any]:
    return {
        "id": f"cmpl-{job_id}",
        "object": "text_completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "text": text, "finish_reason": finish_reason, "logprobs": logprobs}],
        "usage": usage_,
    }


def completion_chunk(
    job_id: str,
    model: str,
    text: str,
    finish_reason: str | None,
    created: int,
    usage_: dict[str, int] | None = None,
    logprobs: Any = None,
) -> dict[str, Any]:
    """One event of a streamed completion; with `usage_`, the last one: no choices, the usage."""
    return {
        "id": f"cmpl-{job_id}",
        "object": "text_completion",
        "created": created,
        "model": model,
        "choices": []
        if usage_ is not None
        else [{"index": 0, "text": text, "finish_reason": finish_reason, "logprobs": logprobs}],
        **({"usage": usage_} if usage_ is not None else {}),
    }


def model_object(model: str, owner: str) -> dict[str, Any]:
    return {"id": model, "object": "model", "created": 0, "owned_by": owner}


def model_list(models: list[str], owner: str) -> dict[str, Any]:
    return {"object": "list", "data": [model_object(m, owner) for m in models]}


ErrorType = Literal[
    "invalid_request_error",
    "authentication_error",
    "permission_error",
    "rate_limit_error",
    "server_error",
]
"""OpenAI's error types: a request's own fault (404 and 413 included, as OpenAI answers them), the
caller's credentials or rights, a rate limit, and the server's side (500, 503, 504); the `code` says which."""


def error_body(message: str, kind: ErrorType, *, param: str | None = None, code: str | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "param": param, "code": code}}
