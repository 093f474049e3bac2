"""The embedded engine on SmolLM2-135M-Instruct: continuous batching gives every request the answer it
would get alone, and honours stop sequences and token budgets; one request's failure is its own."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import torch

from region_node.engines import Delta, EngineError, Sampling, SequenceFailed
from region_node.engines._batch import Batch
from region_node.engines.embedded import EmbeddedEngine, _Sequence

GREEDY = Sampling(max_tokens=20, temperature=0.0)
QUESTIONS = [
    "What is the capital of France?",
    "Name three colors.",
    "Write one sentence about the sea.",
    "What is 2+2?",
]


@pytest.fixture(scope="module")
async def engine(smollm2: Path) -> AsyncIterator[EmbeddedEngine]:
    running = EmbeddedEngine("smollm2-135m-instruct", smollm2, max_batch=4, max_model_len=256)
    await running.start()
    yield running
    await running.stop()


async def _answer(
    engine: EmbeddedEngine, question: str, sampling: Sampling = GREEDY, delay: float = 0.0
) -> tuple[str, Delta]:
    await asyncio.sleep(delay)
    text, last = "", Delta("")
    async for delta in engine.generate(engine.render_chat([("user", question)]), sampling, question):
        text += delta.text
        last = delta
    return text, last


async def test_concurrent_and_late_joining_requests_get_their_solo_answers(engine: EmbeddedEngine) -> None:
    alone = [await _answer(engine, q) for q in QUESTIONS]
    # Six requests for a batch of four: two wait, and two join the running batch mid-generation.
    together = await asyncio.gather(
        *(_answer(engine, q, delay=0.15 * i) for i, q in enumerate(QUESTIONS + QUESTIONS[:2]))
    )
    for (solo_text, _), (batched_text, _) in zip(alone + alone[:2], together, strict=True):
        assert batched_text == solo_text
    assert "Paris" in alone[0][0]


async def test_budget_and_stop_sequences(engine: EmbeddedEngine) -> None:
    _, last = await _answer(engine, "Write a long story about a dragon.", Sampling(max_tokens=7, temperature=0.0))
    assert (last.finish_reason, last.completion_tokens) == ("length", 7)
    colors, last = await _answer(engine, "Name three colors.", Sampling(max_tokens=30, temperature=0.0, stop=("2.",)))
    assert last.finish_reason == "stop" and "2." not in colors and colors.startswith("1.")


async def test_sampling_with_a_seed_is_reproducible(engine: EmbeddedEngine) -> None:
    sampled = Sampling(max_tokens=12, temperature=0.9, top_p=0.9, seed=42)
    first, _ = await _answer(engine, "Tell me a joke.", sampled)
    second, _ = await _answer(engine, "Tell me a joke.", sampled)
    assert first == second


async def test_a_prompt_longer_than_the_model_takes_fails_clearly(engine: EmbeddedEngine) -> None:
    with pytest.raises(EngineError, match="the model takes at most 256"):
        await _answer(engine, "word " * 400)
    assert engine.load().healthy  # one bad request does not break the engine


async def test_sampling_values_an_engine_could_trip_on_are_served_beside_others(engine: EmbeddedEngine) -> None:
    """A seed torch cannot take (2**64) and a temperature whose division overflows (1e-300) used to fail
    the whole batch; they now decode as what they mean, and the requests beside them are untouched."""
    alone = [await _answer(engine, q) for q in QUESTIONS[:3]]
    degenerate = [
        Sampling(max_tokens=20, temperature=1e-300, seed=2**64),
        Sampling(max_tokens=20, temperature=1.0, top_p=0.0, seed=-(2**63) - 1),
        Sampling(max_tokens=20, temperature=5e-324),
    ]
    together = await asyncio.gather(
        *(_answer(engine, q) for q in QUESTIONS[:3]),
        *(_answer(engine, QUESTIONS[0], sampling) for sampling in degenerate),
    )
    assert [text for text, _ in together[:3]] == [text for text, _ in alone]
    for text, last in together[3:]:
        assert text == alone[0][0]  # greedy: what temperature 0 gives
        assert last.finish_reason in ("stop", "length")
    seeded = Sampling(max_tokens=12, temperature=0.9, seed=7)
    wrapped = Sampling(max_tokens=12, temperature=0.9, seed=7 + 2**64)  # taken modulo 2**64: the same stream
    assert (await _answer(engine, "Tell me a joke.", seeded))[0] == (await _answer(engine, "Tell me a joke.", wrapped))[
        0
    ]


POISON = "Recite the poisoned verse."


class FailingEngine(EmbeddedEngine):
    """The embedded engine, failing on cue in one stage of its work for any request whose prompt holds
    `POISON`, as a request-specific fault would; `beside` records how many ran with it then."""

    stage: str | None = None
    beside: int = 0

    @staticmethod
    def _poisoned(state: _Sequence) -> bool:
        return POISON in state.request.prompt

    def _prefill(self, admitted: list[tuple[_Sequence, list[int]]]) -> tuple[Batch, Any]:
        poisoned = any(self._poisoned(s) for s, _ in admitted)
        if self.stage == "every pass" or (self.stage == "prefill" and poisoned):
            self.beside = max(self.beside, len(admitted))
            raise RuntimeError("prefill failed")
        return super()._prefill(admitted)

    def _step(self, batch: Batch) -> Any:
        poisoned = any(self._poisoned(s) and len(s.tokens) >= 3 for s in batch.states)
        if self.stage == "every pass" or (self.stage == "decoding step" and poisoned):
            self.beside = max(self.beside, len(batch.states))
            raise RuntimeError("step failed")
        return super()._step(batch)

    def _next_token(self, state: _Sequence, logits: Any) -> int:
        if self.stage == "sampling" and self._poisoned(state) and len(state.tokens) >= 3:
            self.beside = max(self.beside, self._running)
            raise RuntimeError("sampling failed")
        return super()._next_token(state, logits)


@pytest.fixture(scope="module")
async def failing(smollm2: Path) -> AsyncIterator[FailingEngine]:
    running = FailingEngine("smollm2-135m-instruct", smollm2, max_batch=4, max_model_len=256)
    await running.start()
    yield running
    await running.stop()


async def _outcome(engine: EmbeddedEngine, question: str) -> tuple[str, Delta | BaseException]:
    text = ""
    try:
        async for delta in engine.generate(engine.render_chat([("user", question)]), GREEDY, question):
            text += delta.text
            if delta.finish_reason is not None:
                return text, delta
    except EngineError as exc:
        return text, exc
    raise AssertionError("the stream ended without a finish")


@pytest.mark.parametrize("stage", ["prefill", "decoding step", "sampling"])
async def test_a_request_that_fails_in_the_batch_fails_alone(failing: FailingEngine, stage: str) -> None:
    failing.stage, failing.beside = None, 0
    alone = [await _answer(failing, q) for q in QUESTIONS[:3]]
    failing.stage = stage
    outcomes = await asyncio.gather(*(_outcome(failing, q) for q in [QUESTIONS[0], POISON, *QUESTIONS[1:3]]))
    failing.stage = None
    # It shared a pass with another request at least (all four together is usual; on a loaded machine the
    # engine may admit the first one alone before the others arrive): what fails must fail alone.
    assert failing.beside >= 2, "the poisoned request must have shared a pass with another"
    text, error = outcomes[1]
    assert isinstance(error, SequenceFailed) and f"in its {stage}" in str(error)
    assert (text != "") == (stage != "prefill")  # a failure mid-answer comes after the text so far
    others = [outcomes[0], *outcomes[2:]]
    for (solo_text, solo_last), (batched_text, batched_last) in zip(alone, others, strict=True):
        assert batched_text == solo_text
        assert isinstance(batched_last, Delta) and batched_last.finish_reason == solo_last.finish_reason
    assert failing.load().healthy
    assert (await _answer(failing, QUESTIONS[0]))[0] == alone[0][0]


async def test_a_pass_that_fails_for_every_request_fails_them_all(failing: FailingEngine) -> None:
    """When every sequence fails alone too, the engine is at fault, not a request: all fail (not as
    `SequenceFailed`, which would tell clients not to retry), and the engine serves the next ones."""
    failing.stage = "every pass"
    try:
        outcomes = await asyncio.gather(*(_outcome(failing, q) for q in [POISON, *QUESTIONS[:2]]))
    finally:
        failing.stage = None
    for _, error in outcomes:
        assert isinstance(error, EngineError) and not isinstance(error, SequenceFailed)
    assert (await _answer(failing, QUESTIONS[0]))[0]


def test_grouped_attention_under_a_padding_mask_matches_transformers(smollm2: Path) -> None:
    import torch
    from transformers import AutoModelForCausalLM

    from region_node.engines import cpu_attention

    ours = AutoModelForCausalLM.from_pretrained(str(smollm2), attn_implementation=cpu_attention.register())
    theirs = AutoModelForCausalLM.from_pretrained(str(smollm2), attn_implementation="sdpa")
    assert ours.config.num_key_value_heads < ours.config.num_attention_heads  # grouped: the path under test
    ids = torch.randint(100, 1000, (3, 12), generator=torch.Generator().manual_seed(0))
    mask = torch.ones(3, 12, dtype=torch.long)
    mask[1, :4] = 0  # left padding, as rows that joined a running batch have
    mask[2, :7] = 0
    positions = (mask.cumsum(-1) - 1).clamp(min=0)
    with torch.inference_mode():
        mine = ours(input_ids=ids, attention_mask=mask, position_ids=positions).logits
        reference = theirs(input_ids=ids, attention_mask=mask, position_ids=positions).logits
    real = mask.bool()
    assert torch.allclose(mine[real], reference[real], atol=1e-4)


def _threads() -> list[int]:
    return [int(tid) for tid in os.listdir("/proc/self/task")]


def _class_of(tid: int) -> int | None:
    try:
        return os.sched_getscheduler(tid)
    except OSError:  # the thread ended meanwhile
        return None


async def _model_thread_class(engine: EmbeddedEngine) -> int:
    classes: list[int] = []
    await engine._on_model_thread(lambda: classes.append(os.sched_getscheduler(0)))
    return classes[0]


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="scheduling classes are Linux's")
async def test_the_model_computes_in_the_idle_class_and_the_loop_keeps_the_normal_one(
    engine: EmbeddedEngine, smollm2: Path
) -> None:
    await _answer(engine, QUESTIONS[0])
    assert await _model_thread_class(engine) == os.SCHED_IDLE
    # The torch workers the model thread started compute in that class too: the model thread and
    # its OpenMP team at least (threads of this process only; other engines here run in their own).
    idle_threads = [tid for tid in _threads() if _class_of(tid) == os.SCHED_IDLE]
    assert len(idle_threads) >= torch.get_num_threads()
    assert os.sched_getscheduler(0) == os.SCHED_OTHER  # the event loop's thread, which serves the I/O
    normal = EmbeddedEngine("smollm2-135m-instruct", smollm2, max_batch=1, max_model_len=64, compute_priority="normal")
    await normal.start()
    try:
        assert await _model_thread_class(normal) == os.SCHED_OTHER
    finally:
        await normal.stop()
