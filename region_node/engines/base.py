"""What every inference engine offers the region node: one Protocol, plain dataclasses."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from ..errors import ContextLengthExceeded

FinishReason = Literal["stop", "length", "error"]


@dataclass(frozen=True, slots=True)
class Sampling:
    max_tokens: int = 256
    temperature: float = 1.0
    top_p: float = 1.0
    stop: tuple[str, ...] = ()
    seed: int | None = None
    passthrough: tuple[tuple[str, Any], ...] = ()
    """OpenAI parameters the client gave as it gave them (`response_format`, `logprobs`, penalties...),
    for an engine that honours them (`Engine.honours`) to apply; never sent to another region."""


GREEDY_BELOW = 1e-5
"""Temperatures below this decode greedily, as vLLM does below its `_SAMPLING_EPS` (the same 1e-5):
dividing the logits by 1e-300 overflows them to inf, whose softmax is NaN, which no sampler can draw
from; and at 1e-5 the distribution is already all on the most likely token."""

SEED_MODULUS = 2**64
"""Seeds are taken modulo 2**64: torch's generator takes 0..2**64-1 and raises past either end. Every
seed OpenAI's range allows (a signed 64-bit integer) keeps its own stream, since torch reads a negative
seed as its two's complement, which is what the modulo gives."""


def normalised(sampling: Sampling) -> Sampling:
    """`sampling` with every value an engine could fail on mapped to the one it means: a temperature
    below `GREEDY_BELOW` (or not a number) or a top_p of 0 (only the most likely token) to greedy
    decoding, an infinite one to 2 (OpenAI's highest), a seed to 0..2**64-1, a budget to at least one
    token. The API refuses values outside
    OpenAI's ranges; this guards the engine against what arrives by other ways (jobs from other regions)."""
    temperature, top_p = sampling.temperature, sampling.top_p
    if not (temperature >= GREEDY_BELOW and top_p > 0):  # NaN fails the comparisons: greedy too
        temperature, top_p = 0.0, 1.0
    elif not math.isfinite(temperature):
        temperature = 2.0
    seed = None if sampling.seed is None else sampling.seed % SEED_MODULUS
    return dataclasses.replace(
        sampling, temperature=temperature, top_p=min(top_p, 1.0), seed=seed, max_tokens=max(1, sampling.max_tokens)
    )


def context_overflow(
    limit: int | None, prompt_tokens: int, max_tokens: int, *, budget_given: bool, where: str
) -> str | None:
    """OpenAI's `context_length_exceeded` message when the prompt and the completion do not fit the
    model's context, else None. Without a budget from the client, one completion token must fit (the
    engine cuts its default budget to what is left)."""
    wanted = max_tokens if budget_given else 1
    if limit is None or prompt_tokens + wanted <= limit:
        return None
    asked = f"{prompt_tokens + wanted} tokens ({prompt_tokens} in the {where}"
    asked += f", {wanted} for the completion)" if budget_given else " and at least 1 for the completion)"
    return f"this model's maximum context length is {limit} tokens; you requested {asked}. Shorten the {where}" + (
        " or lower max_tokens." if budget_given else "."
    )


@dataclass(frozen=True, slots=True)
class Delta:
    """New text of one sequence; the last delta of a sequence carries `finish_reason` and counts."""

    text: str
    finish_reason: FinishReason | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    logprobs: Any = None
    """The log-probabilities of `text`'s tokens in OpenAI's shape for the request's kind (chat: a
    `content` list; completions: `tokens`, `token_logprobs`...), when the client asked for them."""


@dataclass(frozen=True, slots=True)
class Load:
    """How busy an engine is, for admission (429) and for the coordinator's routing."""

    capacity: int
    running: int
    waiting: int
    kv_cache_usage: float
    healthy: bool = True
    problems: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Prompt:
    """What a request asks the model, before any chat template: chat messages, or a plain prompt.
    `budget_given`: the client named `max_tokens`; otherwise the default budget is cut to what the
    context leaves, as OpenAI does. `streamed`: the answer is read as it is generated; when not, an
    engine may fetch it whole (one upstream response instead of an event per token)."""

    kind: Literal["chat", "completion"]
    messages: tuple[tuple[str, str], ...] = ()
    text: str = ""
    budget_given: bool = True
    streamed: bool = True

    @property
    def where(self) -> str:
        """The request field a context error names."""
        return "messages" if self.kind == "chat" else "prompt"

    @classmethod
    def of(
        cls,
        kind: str,
        messages: Sequence[tuple[str, str]],
        text: str | None,
        *,
        budget_given: bool,
        streamed: bool = True,
    ) -> Prompt:
        """A request's prompt, from its chat messages or its text, whichever its `kind` carries."""
        if kind == "chat":
            return cls("chat", messages=tuple(messages), budget_given=budget_given, streamed=streamed)
        return cls("completion", text=text or "", budget_given=budget_given, streamed=streamed)


@runtime_checkable
class Engine(Protocol):
    """An inference engine: vLLM in this process, the embedded transformers engine, or the region's
    own OpenAI-compatible servers (`openai_upstream`)."""

    model_name: str
    """The name clients and the policy use for the served model."""

    honours: frozenset[str]
    """OpenAI parameters beyond `Sampling`'s own that this engine applies as the client gave them
    (`Sampling.passthrough`); the API refuses the others rather than ignore them."""

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    def load(self) -> Load: ...

    async def open(self, prompt: Prompt, sampling: Sampling, request_id: str) -> AsyncIterator[Delta]:
        """Begin answering `prompt`. What makes the request unservable is raised here, before any text
        (`ContextLengthExceeded`, another `InvalidParameter` an upstream gave, `QueueFull`,
        `EngineError`), so that the client gets it as a status; then the deltas, the last with
        `finish_reason`."""
        ...


class TemplatedEngine(Protocol):
    """An engine that holds the model's tokenizer: it renders the chat template and counts tokens itself
    (embedded, vLLM in process)."""

    def render_chat(self, messages: Sequence[tuple[str, str]]) -> str:
        """Messages (role, content) to a prompt, with the model tokenizer's own chat template."""
        ...

    def count_tokens(self, prompt: str) -> int:
        """How many tokens the engine will feed the model for `prompt`."""
        ...

    def context_length(self) -> int | None:
        """Prompt plus completion tokens one sequence may hold; None while the engine cannot tell."""
        ...


def within_context(engine: TemplatedEngine, prompt: Prompt, sampling: Sampling) -> str:
    """`prompt` as the text the model reads (the chat template applied), or `ContextLengthExceeded`
    (as OpenAI answers) when it and the tokens asked for do not fit the model's context."""
    text = engine.render_chat(prompt.messages) if prompt.kind == "chat" else prompt.text
    limit = engine.context_length()
    tokens = engine.count_tokens(text) if limit is not None else 0
    budget_given = prompt.budget_given
    overflow = context_overflow(limit, tokens, sampling.max_tokens, budget_given=budget_given, where=prompt.where)
    if overflow is not None:
        raise ContextLengthExceeded(overflow, param=prompt.where)
    return text


async def close_quietly(deltas: AsyncIterator[Delta]) -> None:
    """Close an answer's stream, read or not: its `finally` runs now (the engine stops generating and
    frees the slot), not at garbage collection."""
    aclose = getattr(deltas, "aclose", None)
    if aclose is not None:
        await aclose()


def apply_chat_template(tokenizer: Any, messages: Sequence[tuple[str, str]]) -> str:
    """Messages (role, content) to a prompt with a Hugging Face tokenizer's own chat template,
    ending where the assistant's answer begins."""
    conversation = [{"role": role, "content": content} for role, content in messages]
    rendered: str = tokenizer.apply_chat_template(conversation, tokenize=False, add_generation_prompt=True)
    return rendered
