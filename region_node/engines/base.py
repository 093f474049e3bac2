"""What every inference engine offers the region node: one Protocol, plain dataclasses."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

FinishReason = Literal["stop", "length", "error"]


@dataclass(frozen=True, slots=True)
class Sampling:
    max_tokens: int = 256
    temperature: float = 1.0
    top_p: float = 1.0
    stop: tuple[str, ...] = ()
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class Delta:
    """New text of one sequence; the last delta of a sequence carries `finish_reason` and counts."""

    text: str
    finish_reason: FinishReason | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


@dataclass(frozen=True, slots=True)
class Load:
    """How busy an engine is, for admission (429) and for the coordinator's routing."""

    capacity: int
    running: int
    waiting: int
    kv_cache_usage: float
    healthy: bool = True
    problems: tuple[str, ...] = field(default=())


class EngineError(Exception):
    """The engine could not load or generate."""


@runtime_checkable
class Engine(Protocol):
    """An inference engine: vLLM on GPU/CPU machines, or the embedded transformers engine."""

    model_name: str
    """The name clients and the policy use for the served model."""

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    def load(self) -> Load: ...

    def render_chat(self, messages: Sequence[tuple[str, str]]) -> str:
        """Messages (role, content) to a prompt, with the model tokenizer's own chat template."""
        ...

    def generate(self, prompt: str, sampling: Sampling, request_id: str) -> AsyncIterator[Delta]:
        """Stream the completion of `prompt` as deltas; the last one has `finish_reason`."""
        ...


def apply_chat_template(tokenizer: Any, messages: Sequence[tuple[str, str]]) -> str:
    """Messages (role, content) to a prompt with a Hugging Face tokenizer's own chat template,
    ending where the assistant's answer begins."""
    conversation = [{"role": role, "content": content} for role, content in messages]
    rendered: str = tokenizer.apply_chat_template(conversation, tokenize=False, add_generation_prompt=True)
    return rendered
