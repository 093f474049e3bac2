"""The embedded engine on SmolLM2-135M-Instruct: continuous batching gives every request the answer it
would get alone, and honours stop sequences and token budgets."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import torch

from region_node.engines import Delta, EngineError, Sampling
from region_node.engines.embedded import EmbeddedEngine

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
