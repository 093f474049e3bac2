"""The embedded engine: `transformers` on the CPU, with continuous batching.

For machines without vLLM (a laptop, `make demo`). All running sequences advance together, one
forward pass per step; a request that arrives while others run is prefilled and joins the batch at
the next step (its KV cache left-padded to the batch's length, which `cpu_attention` keeps cheap),
and a finished sequence leaves the batch and the cache at once. The forward passes run on the
engine's one model thread (torch releases the GIL), so the event loop keeps serving while the model
computes; each pass hands its new tokens to the loop in one call.

The model thread, and the torch (OpenMP) workers it starts, run in the `idle` scheduling class by
default: the node's I/O (the API, NATS, the audit) shares the cores with the model, and a woken
I/O thread then takes a core at once instead of waiting for a decoding thread's time slice.

One request cannot fail another. Sampling values are normalised before a request joins (`normalised`);
a request's own work (tokenising, its budget and generator, sampling, detokenising) fails only that
request; and when a forward pass over several sequences fails, each is run alone once, so that only
those that fail alone are failed (`SequenceFailed`) and the rest go on. Only when every one of them
fails alone is the engine itself at fault, and the whole batch fails.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import queue
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

from ..errors import EngineError, SequenceFailed
from ._batch import Batch, merge, rows, truncate
from ._model_loading import ComputePriority as ComputePriority  # re-exported: the config names it here
from ._model_loading import load_model
from ._sequence import _Outbox, _Request, _sample
from ._sequence import _Sequence as _Sequence  # re-exported: `_batch` and the tests name it here
from .base import Delta, Load, Prompt, Sampling, apply_chat_template, normalised, within_context

log = logging.getLogger(__name__)


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
        compute_priority: ComputePriority = "idle",
    ) -> None:
        self.model_name = model_name
        self.honours: frozenset[str] = frozenset()
        self.path = path
        self.max_batch = max_batch
        self.max_model_len = max_model_len
        self.dtype = dtype
        self.threads = threads
        self.compute_priority = compute_priority
        self._pending: queue.SimpleQueue[_Request] = queue.SimpleQueue()  # handed to the model thread
        self._wakeup = asyncio.Event()
        self._running = 0
        self._running_tokens = 0
        self._scheduler: asyncio.Task[None] | None = None
        self._model: Any = None
        self._tokenizer: Any = None
        self._stopping = False
        self._in_flight: list[_Request] = []  # everything the model thread took, to fail if it breaks
        self._model_thread: concurrent.futures.ThreadPoolExecutor | None = None
        self._outbox = _Outbox()  # filled and emptied on the model thread

    # -- life cycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        self._model_thread = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix=f"engine-{self.model_name}")
        await self._on_model_thread(self._load)
        self._wakeup = asyncio.Event()
        self._scheduler = asyncio.create_task(self._schedule(), name=f"embedded-engine-{self.model_name}")

    def _load(self) -> None:
        self._tokenizer, self._model = load_model(
            self.model_name, self.path, dtype=self.dtype, threads=self.threads, compute_priority=self.compute_priority
        )
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
        if self._model_thread is not None:
            self._model_thread.shutdown(wait=False)
            self._model_thread = None

    async def _on_model_thread(self, work: Callable[[], None]) -> None:
        """Run `work` on the engine's one model thread. Always the same thread: OpenMP keeps a team of
        worker threads per calling thread, and once a process has more of them than CPUs its workers
        stop spinning between operations and go to sleep (measured in a node: one of the two torch
        threads idle a third of the time when passes had landed on several pool threads)."""
        assert self._model_thread is not None
        await asyncio.get_running_loop().run_in_executor(self._model_thread, work)

    def load(self) -> Load:
        usage = min(1.0, self._running_tokens / (self.max_batch * self.max_model_len))
        healthy = self._scheduler is not None and not self._scheduler.done()
        return Load(
            capacity=self.max_batch,
            running=self._running,
            waiting=self._pending.qsize(),
            kv_cache_usage=usage,
            healthy=healthy,
        )

    # -- requests --------------------------------------------------------------------------------

    async def open(self, prompt: Prompt, sampling: Sampling, request_id: str) -> AsyncIterator[Delta]:
        return self.generate(within_context(self, prompt, sampling), sampling, request_id)

    def render_chat(self, messages: Sequence[tuple[str, str]]) -> str:
        return apply_chat_template(self._tokenizer, messages)

    def count_tokens(self, prompt: str) -> int:
        return len(self._tokenizer(prompt, add_special_tokens=False).input_ids)

    def context_length(self) -> int | None:
        return self.max_model_len

    async def generate(self, prompt: str, sampling: Sampling, request_id: str) -> AsyncIterator[Delta]:
        if self._model is None or self._stopping:
            raise EngineError("the engine is not running")
        request = _Request(prompt, normalised(sampling), request_id, asyncio.Queue(), asyncio.get_running_loop())
        self._pending.put(request)
        self._wakeup.set()
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
            await self._wakeup.wait()
            self._wakeup.clear()
            if self._pending.empty():
                continue
            try:
                await self._on_model_thread(self._run)
            except Exception as exc:
                log.exception("the generation batch failed")
                self._outbox.deliver()  # what the failed pass produced, then the error
                for request in self._in_flight:
                    request.push(EngineError(f"generation failed: {type(exc).__name__}"))
            finally:
                self._running = 0
                self._running_tokens = 0
                self._in_flight = []

    def _run(self) -> None:
        """Step the batch until no sequence runs and nothing waits (on the model thread)."""
        import torch

        batch: Batch | None = None
        with torch.inference_mode():
            while True:
                room = self.max_batch - (len(batch.states) if batch else 0)
                arrivals = []
                while room > 0 and not self._pending.empty():
                    arrivals.append(self._pending.get_nowait())
                    room -= 1
                if arrivals:
                    self._in_flight = [*self._in_flight, *arrivals]
                    joined = self._join(arrivals)
                    self._outbox.deliver()  # first tokens out before the next step
                    batch = joined if batch is None else merge(batch, joined) if joined else batch
                if batch is None or not batch.states:
                    return
                batch = self._advance_all(batch)
                self._outbox.deliver()
                self._running = len(batch.states) if batch else 0
                self._running_tokens = sum(s.prompt_tokens + len(s.tokens) for s in batch.states) if batch else 0

    # -- one request's failure stays its own -----------------------------------------------------

    def _join(self, requests: list[_Request]) -> Batch | None:
        """Admit the arrivals and prefill them in one pass; if that pass fails, prefill each alone, so
        that only a request whose own prefill fails is failed."""
        admitted = [a for a in (self._admit(r) for r in requests) if a is not None]
        if not admitted:
            return None
        try:
            batch, logits = self._prefill(admitted)
        except Exception as exc:
            if len(admitted) == 1:
                self._fail(admitted[0][0].request, exc, "prefill")
                return None
            log.warning("a prefill of %d requests failed (%s); prefilling each alone", len(admitted), _name(exc))
            return self._each_alone([([a], a[0].request) for a in admitted], self._prefill, exc, "prefill")
        return self._advance(batch, logits)

    def _admit(self, request: _Request) -> tuple[_Sequence, list[int]] | None:
        """A request's own preparation: its tokens, budget and random generator. What fails here fails
        this request alone, before it joins anything."""
        try:
            ids: list[int] = self._tokenizer(request.prompt, add_special_tokens=False).input_ids
            room = self.max_model_len - len(ids)
            if room <= 0:
                raise SequenceFailed(f"the prompt has {len(ids)} tokens; the model takes at most {self.max_model_len}")
            budget = min(request.sampling.max_tokens, room)
            return _Sequence(request, len(ids), budget, self._tokenizer, self._outbox), ids
        except Exception as exc:
            self._fail(request, exc, "admission")
            return None

    def _advance_all(self, batch: Batch) -> Batch | None:
        """One decoding step for the batch. If the pass fails, its half-written cache entries are cut
        off and each sequence steps alone: those that fail alone are failed, the rest go on."""
        cached = batch.attention.shape[1]
        try:
            logits = self._step(batch)
        except Exception as exc:
            truncate(batch.past, cached)  # layers the failed pass reached had grown by a position
            if len(batch.states) == 1:
                self._fail(batch.states[0].request, exc, "decoding step")
                return None
            log.warning("a step of %d sequences failed (%s); stepping each alone", len(batch.states), _name(exc))
            alone = [(rows(batch, [row]), state.request) for row, state in enumerate(batch.states)]
            return self._each_alone(alone, self._step_rows, exc, "decoding step")
        return self._advance(batch, logits)

    def _each_alone(
        self, parts: list[tuple[Any, _Request]], run: Callable[[Any], tuple[Batch, Any]], error: Exception, stage: str
    ) -> Batch | None:
        """Run each part alone; fail the requests whose part fails; merge the rest into one batch. If
        every part fails alone, the fault is the engine's, not a request's: raise `error`."""
        done: list[tuple[Batch, Any]] = []
        failed: list[tuple[_Request, Exception]] = []
        for part, request in parts:
            try:
                done.append(run(part))
            except Exception as exc:
                failed.append((request, exc))
        if not done:
            raise error
        for request, cause in failed:
            self._fail(request, cause, stage)
        merged: Batch | None = None
        for batch, logits in done:
            advanced = self._advance(batch, logits)
            if advanced is not None:
                merged = advanced if merged is None else merge(merged, advanced)
        return merged

    def _fail(self, request: _Request, exc: Exception, stage: str) -> None:
        """Fail one request with a clear error; the engine and every other request go on."""
        log.warning(
            "request %s failed in the engine's %s (%s); the others go on",
            request.request_id,
            stage,
            _name(exc),
            exc_info=exc,
        )
        if not isinstance(exc, SequenceFailed):
            exc = SequenceFailed(
                f"this request failed in the engine ({_name(exc)} in its {stage}); the requests beside it went on"
            )
        self._outbox.put(request, exc)

    # -- passes (each changes nothing when it raises but what `_advance_all` undoes) -------------

    def _prefill(self, admitted: list[tuple[_Sequence, list[int]]]) -> tuple[Batch, Any]:
        """One forward pass over the prompts, left-padded to one length: the new batch and the logits
        of each prompt's last token."""
        import torch

        states = [state for state, _ in admitted]
        encoded = [ids for _, ids in admitted]
        width = max(len(ids) for ids in encoded)
        pad = self._tokenizer.pad_token_id
        input_ids = torch.tensor([[pad] * (width - len(ids)) + ids for ids in encoded])
        attention = torch.tensor([[0] * (width - len(ids)) + [1] * len(ids) for ids in encoded])
        positions = (attention.cumsum(-1) - 1).clamp(min=0)
        out = self._model(input_ids=input_ids, attention_mask=attention, position_ids=positions, use_cache=True)
        return Batch(states, out.past_key_values, attention, positions[:, -1:] + 1, None), out.logits[:, -1, :]

    def _step(self, batch: Batch) -> Any:
        """One decoding pass: every row's cache grows by its next token; the logits that follow."""
        import torch

        attention = torch.cat([batch.attention, torch.ones(len(batch.states), 1, dtype=batch.attention.dtype)], dim=1)
        out = self._model(
            input_ids=batch.next_ids.unsqueeze(1),
            attention_mask=attention,
            position_ids=batch.positions,
            past_key_values=batch.past,
            use_cache=True,
        )
        batch.attention, batch.positions = attention, batch.positions + 1
        return out.logits[:, -1, :]

    def _step_rows(self, batch: Batch) -> tuple[Batch, Any]:
        return batch, self._step(batch)

    def _advance(self, batch: Batch, logits: Any) -> Batch | None:
        """Sample each row's next token; drop finished and failed rows from the batch and the cache."""
        import torch

        keep, tokens = [], []
        for row, state in enumerate(batch.states):
            try:
                token = self._next_token(state, logits[row])
                finished = state.advance(token, self._tokenizer.eos_token_id)
            except Exception as exc:
                self._fail(state.request, exc, "sampling")
                continue
            if not finished:
                keep.append(row)
                tokens.append(token)
        if not keep:
            return None
        if len(keep) < len(batch.states):
            index = torch.tensor(keep)
            batch.past.batch_select_indices(index)
            batch.attention, batch.positions = batch.attention[index], batch.positions[index]
            batch.states = [batch.states[r] for r in keep]
        batch.next_ids = torch.tensor(tokens)
        return batch

    def _next_token(self, state: _Sequence, logits: Any) -> int:
        """The token one sequence takes next, from its row of logits."""
        return _sample(logits.float(), state.request.sampling, state.generator)


def _name(exc: BaseException) -> str:
    """An exception's type, for the client's error: its message is the engine's internals (the log has it)."""
    return type(exc).__name__
