"""One request inside the embedded engine: what it asked for, how its text reaches its event loop,
and its decoding state (the tokens so far, stop sequences and budget, the next token's sampling).
Per-request work only: the batch and its forward passes are `embedded`'s and `_batch`'s."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from .base import Delta, Sampling


@dataclass
class _Request:
    prompt: str
    sampling: Sampling
    request_id: str
    queue: asyncio.Queue[Delta | BaseException]
    loop: asyncio.AbstractEventLoop
    submitted: float = field(default_factory=time.monotonic)

    def push(self, item: Delta | BaseException) -> None:
        self.loop.call_soon_threadsafe(self.queue.put_nowait, item)


class _Outbox:
    """The deltas one forward pass produced, handed to each event loop in one call per pass rather
    than one per token: every call wakes the loop, which then competes with the model for the CPU.
    A request's error goes the same way, so that it arrives after the text that came before it."""

    def __init__(self) -> None:
        self._items: list[tuple[_Request, Delta | BaseException]] = []

    def put(self, request: _Request, delta: Delta | BaseException) -> None:
        self._items.append((request, delta))

    def deliver(self) -> None:
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[_Request, Delta | BaseException]]] = {}
        for request, delta in self._items:
            by_loop.setdefault(request.loop, []).append((request, delta))
        self._items = []
        for loop, items in by_loop.items():
            loop.call_soon_threadsafe(_hand_over, items)


def _hand_over(items: list[tuple[_Request, Delta | BaseException]]) -> None:
    for request, delta in items:
        request.queue.put_nowait(delta)


class _Sequence:
    """One request's decoding state: tokens, text emitted so far, stop conditions."""

    def __init__(self, request: _Request, prompt_tokens: int, budget: int, tokenizer: Any, outbox: _Outbox) -> None:
        self.request = request
        self.outbox = outbox
        self.generator = _generator(request.sampling.seed)
        self.prompt_tokens = prompt_tokens
        self.budget = budget
        self.tokenizer = tokenizer
        self.tokens: list[int] = []
        self.emitted = ""

    def advance(self, token: int, eos: int) -> bool:
        """Take one token; emit new text; True when the sequence is finished."""
        if token == eos:
            self._finish("stop")
            return True
        self.tokens.append(token)
        text = self.tokenizer.decode(self.tokens, skip_special_tokens=True)
        for stop in self.request.sampling.stop:
            at = text.find(stop, max(0, len(self.emitted) - len(stop)))
            if at != -1:
                self._emit(text[:at])
                self._finish("stop")
                return True
        if not text.endswith("\ufffd"):  # never emit half a UTF-8 character
            self._emit(text)
        if len(self.tokens) >= self.budget:
            self._emit(text.rstrip("\ufffd"))
            self._finish("length")
            return True
        return False

    def _emit(self, text: str) -> None:
        if len(text) > len(self.emitted) and text.startswith(self.emitted):
            self.outbox.put(self.request, Delta(text[len(self.emitted) :]))
            self.emitted = text

    def _finish(self, reason: str) -> None:
        self.outbox.put(
            self.request,
            Delta("", finish_reason=reason, prompt_tokens=self.prompt_tokens, completion_tokens=len(self.tokens)),  # type: ignore[arg-type]
        )


def _generator(seed: int | None) -> Any:
    import torch

    generator = torch.Generator()
    generator.manual_seed(seed if seed is not None else int(time.time_ns() % (2**31)))
    return generator


def _sample(logits: Any, sampling: Sampling, generator: Any) -> int:
    import torch

    if sampling.temperature <= 0.0:
        return int(torch.argmax(logits).item())
    probabilities = torch.softmax(logits / sampling.temperature, dim=-1)
    if sampling.top_p < 1.0:
        ordered, indices = torch.sort(probabilities, descending=True)
        cumulative = torch.cumsum(ordered, dim=-1)
        cut = cumulative - ordered > sampling.top_p
        ordered[cut] = 0.0
        probabilities = torch.zeros_like(probabilities).scatter(0, indices, ordered)
    return int(torch.multinomial(probabilities, 1, generator=generator).item())
