"""The embedded engine: `transformers` on the CPU, batching concurrent requests.

For machines without vLLM (a laptop, `make demo`). Requests that arrive together run as one batch
(a "wave"): one forward pass per step for all of them, finished sequences dropped from the batch
and the KV cache as they end. The forward passes run on a worker thread (torch releases the GIL),
so the event loop keeps serving while the model computes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .base import Delta, EngineError, Load, Sampling

log = logging.getLogger(__name__)


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


class EmbeddedEngine:
    """`transformers` causal LM on the CPU, serving `model_name` from a local folder."""

    def __init__(
        self,
        model_name: str,
        path: Path,
        *,
        max_batch: int = 8,
        max_model_len: int = 2048,
        dtype: str = "float32",
        threads: int | None = None,
    ) -> None:
        self.model_name = model_name
        self.path = path
        self.max_batch = max_batch
        self.max_model_len = max_model_len
        self.dtype = dtype
        self.threads = threads
        self._pending: asyncio.Queue[_Request] = asyncio.Queue()
        self._running = 0
        self._running_tokens = 0
        self._scheduler: asyncio.Task[None] | None = None
        self._model: Any = None
        self._tokenizer: Any = None
        self._stopping = False

    # -- life cycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        await asyncio.to_thread(self._load)
        self._scheduler = asyncio.create_task(self._schedule(), name=f"embedded-engine-{self.model_name}")

    def _load(self) -> None:
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer

        if self.threads:
            torch.set_num_threads(self.threads)
        try:
            self._tokenizer = AutoTokenizer.from_pretrained(str(self.path))
            self._model = AutoModelForCausalLM.from_pretrained(str(self.path), dtype=getattr(torch, self.dtype))
        except (OSError, ValueError) as exc:
            raise EngineError(f"cannot load model {self.model_name!r} from {self.path}: {exc}") from exc
        self._model.eval()
        if self._tokenizer.pad_token_id is None:
            self._tokenizer.pad_token = self._tokenizer.eos_token
        log.info("embedded engine loaded %s from %s", self.model_name, self.path)

    async def stop(self) -> None:
        self._stopping = True
        if self._scheduler is not None:
            self._scheduler.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._scheduler
            self._scheduler = None
        while not self._pending.empty():
            self._pending.get_nowait().push(EngineError("the engine stopped"))

    def load(self) -> Load:
        waiting = self._pending.qsize()
        usage = min(1.0, self._running_tokens / (self.max_batch * self.max_model_len))
        healthy = self._scheduler is not None and not self._scheduler.done()
        return Load(
            capacity=self.max_batch, running=self._running, waiting=waiting, kv_cache_usage=usage, healthy=healthy
        )

    # -- requests --------------------------------------------------------------------------------

    def render_chat(self, messages: Sequence[tuple[str, str]]) -> str:
        conversation = [{"role": role, "content": content} for role, content in messages]
        rendered: str = self._tokenizer.apply_chat_template(conversation, tokenize=False, add_generation_prompt=True)
        return rendered

    async def generate(self, prompt: str, sampling: Sampling, request_id: str) -> AsyncIterator[Delta]:
        if self._model is None or self._stopping:
            raise EngineError("the engine is not running")
        request = _Request(prompt, sampling, request_id, asyncio.Queue(), asyncio.get_running_loop())
        self._pending.put_nowait(request)
        while True:
            item = await request.queue.get()
            if isinstance(item, BaseException):
                raise item
            yield item
            if item.finish_reason is not None:
                return

    # -- batching --------------------------------------------------------------------------------

    async def _schedule(self) -> None:
        while True:
            first = await self._pending.get()
            wave = [first]
            while len(wave) < self.max_batch and not self._pending.empty():
                wave.append(self._pending.get_nowait())
            self._running = len(wave)
            try:
                await asyncio.to_thread(self._run_wave, wave)
            except Exception as exc:
                log.exception("a generation wave of %d requests failed", len(wave))
                for request in wave:
                    request.push(EngineError(f"generation failed: {type(exc).__name__}"))
            finally:
                self._running = 0
                self._running_tokens = 0

    def _run_wave(self, wave: list[_Request]) -> None:
        import torch

        tokenizer, model = self._tokenizer, self._model
        encoded = [tokenizer(r.prompt, add_special_tokens=False).input_ids for r in wave]
        budgets = []
        for request, ids in zip(wave, encoded, strict=True):
            room = self.max_model_len - len(ids)
            if room <= 0:
                request.push(
                    EngineError(f"the prompt has {len(ids)} tokens; the model takes at most {self.max_model_len}")
                )
            budgets.append(max(0, min(request.sampling.max_tokens, room)))
        rows = [i for i, budget in enumerate(budgets) if budget > 0]
        if not rows:
            return
        width = max(len(encoded[i]) for i in rows)
        pad = tokenizer.pad_token_id
        input_ids = torch.tensor([[pad] * (width - len(encoded[i])) + encoded[i] for i in rows])
        attention = torch.tensor([[0] * (width - len(encoded[i])) + [1] * len(encoded[i]) for i in rows])
        generators = [_generator(wave[i].sampling.seed) for i in rows]
        states = [_Sequence(wave[i], len(encoded[i]), budgets[i], tokenizer) for i in rows]
        past: Any = None
        positions = (attention.cumsum(-1) - 1).clamp(min=0)
        with torch.inference_mode():
            while states:
                out = model(
                    input_ids=input_ids,
                    attention_mask=attention,
                    position_ids=positions,
                    past_key_values=past,
                    use_cache=True,
                )
                past = out.past_key_values
                logits = out.logits[:, -1, :].float()
                keep = []
                next_tokens = []
                for row, state in enumerate(states):
                    token = _sample(logits[row], state.request.sampling, generators[row])
                    if state.advance(token, tokenizer.eos_token_id):
                        continue
                    keep.append(row)
                    next_tokens.append(token)
                self._running_tokens = sum(s.prompt_tokens + len(s.tokens) for s in states)
                if not keep:
                    break
                if len(keep) < len(states):
                    index = torch.tensor(keep)
                    past.batch_select_indices(index)
                    attention = attention[index]
                    positions = positions[index]
                    states = [states[r] for r in keep]
                    generators = [generators[r] for r in keep]
                input_ids = torch.tensor(next_tokens).unsqueeze(1)
                attention = torch.cat([attention, torch.ones(len(keep), 1, dtype=attention.dtype)], dim=1)
                positions = positions[:, -1:] + 1


class _Sequence:
    """One request's decoding state: tokens, text emitted so far, stop conditions."""

    def __init__(self, request: _Request, prompt_tokens: int, budget: int, tokenizer: Any) -> None:
        self.request = request
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
            self.request.push(Delta(text[len(self.emitted) :]))
            self.emitted = text

    def _finish(self, reason: str) -> None:
        self.request.push(
            Delta("", finish_reason=reason, prompt_tokens=self.prompt_tokens, completion_tokens=len(self.tokens))  # type: ignore[arg-type]
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
