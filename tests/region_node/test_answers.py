"""The answer assembler, fed chunk by chunk: ordering, duplicates, restarted runs, moves, failures
(and what a client is told of each failure, through the API's one mapping)."""

from __future__ import annotations

from typing import Any

import pytest

import pii
from federation.messages import ResultChunk
from region_node.answers import AnswerAssembler, Finished
from region_node.api import http_error
from region_node.errors import JobFailed, RemoteJobFailed

JOB = "job-0123456789abcdef"


def _chunk(seq: int, delta: str = "", *, executor: str = "us-east", **fields: Any) -> ResultChunk:
    return ResultChunk(job_id=JOB, executor=executor, seq=seq, delta=delta, **fields)


def _done(seq: int, delta: str = "", **fields: Any) -> ResultChunk:
    return _chunk(seq, delta, done=True, finish_reason="stop", **fields)


def _notice(to: str, attempt: int) -> ResultChunk:
    return ResultChunk(job_id=JOB, executor="coordinator", seq=0, reassigned_to=to, attempt=attempt)


def _vault() -> pii.Vault:
    vault = pii.Vault(nonce="kvdbt")
    vault.placeholder("PERSON", "Ingrid Choi")
    return vault


def _feed(chunks: list[ResultChunk], target: str = "us-east") -> tuple[str, Finished | None, list[str | None]]:
    answer = AnswerAssembler(target, _vault())
    text, finished, rejected = "", None, []
    for chunk in chunks:
        step = answer.feed(chunk)
        text += "".join(step.texts)
        finished = finished or step.finished
        rejected.append(step.rejected)
    return text, finished, rejected


PLACEHOLDER = _vault().placeholder("PERSON", "Ingrid Choi")
HALF = len(PLACEHOLDER) // 2

COMPLETE = [
    ([_chunk(0, "Hello "), _done(1, "world")], "Hello world"),
    ([_done(1, "world"), _chunk(0, "Hello ")], "Hello world"),  # out of order
    ([_chunk(0, "Hello "), _chunk(0, "Hello "), _done(1, "world")], "Hello world"),  # duplicate
    ([_chunk(0, "Dear " + PLACEHOLDER[:HALF]), _done(1, PLACEHOLDER[HALF:] + ".")], "Dear Ingrid Choi."),  # split
    # A run that restarts (another node) before any text was passed on: the new run alone counts, and
    # the half placeholder the first run left in the restorer does not leak into it.
    ([_chunk(0, PLACEHOLDER[:HALF]), _chunk(0, "Hi ", node="n2"), _done(1, "there", node="n2")], "Hi there"),
    # The coordinator moves the job before anything came: the new target's answer counts.
    ([_notice("kr-central", 2), _done(0, "moved", executor="kr-central")], "moved"),
]


@pytest.mark.parametrize(
    ("chunks", "expected"),
    COMPLETE,
    ids=["in-order", "out-of-order", "duplicate", "split-placeholder", "restart-before-text", "moved"],
)
def test_a_complete_answer_is_restored_once_in_order(chunks: list[ResultChunk], expected: str) -> None:
    text, finished, _ = _feed(chunks)
    assert text == expected
    assert finished is not None and finished.finish_reason == "stop"


DROPPED = [
    ([_done(0, "forged", executor="kr-central"), _done(0, "real")], ["not_assigned", None]),
    ([ResultChunk(job_id=JOB, executor="coordinator", seq=0, delta="text?"), _done(0, "real")], ["unexpected", None]),
    (
        [_notice("kr-central", 2), _notice("us-east", 2), _done(0, "real", executor="kr-central")],
        [None, "stale_notice", None],
    ),
    ([_notice("us-east", 1), _done(0, "real")], ["stale_notice", None]),
]


@pytest.mark.parametrize(
    ("chunks", "reasons"), DROPPED, ids=["unassigned-region", "coordinator-text", "replayed-move", "old-attempt"]
)
def test_chunks_that_are_not_part_of_the_answer_are_dropped_with_a_reason(
    chunks: list[ResultChunk], reasons: list[str | None]
) -> None:
    text, finished, rejected = _feed(chunks)
    assert (text, rejected) == ("real", reasons)
    assert finished is not None


FAILING = [
    ([_chunk(0, "Hello "), _chunk(0, "Hi ", node="n2")], 503, "job_failed", "failed mid-answer"),
    ([_chunk(0, "Hello "), _notice("kr-central", 2)], 503, "job_failed", "moved to kr-central after part"),
    (
        [ResultChunk(job_id=JOB, executor="coordinator", seq=0, done=True, error="no live node")],
        503,
        "job_failed",
        "no live node",
    ),
    (
        [_chunk(0, done=True, finish_reason="error", error="too long", error_code="context_length_exceeded")],
        400,
        "context_length_exceeded",
        "too long",
    ),
    ([_chunk(0, done=True, error="bad", error_code="generation_failed")], 500, "generation_failed", "bad"),
    ([_chunk(0, done=True, error="engine down", error_code="engine_failed")], 503, "job_failed", "engine down"),
]


@pytest.mark.parametrize(
    ("chunks", "status", "code", "words"),
    FAILING,
    ids=["restart-after-text", "move-after-text", "coordinator-failure", "context", "generation", "engine"],
)
def test_an_answer_that_cannot_be_completed_fails_clearly(
    chunks: list[ResultChunk], status: int, code: str, words: str
) -> None:
    with pytest.raises(JobFailed) as caught:
        _feed(chunks)
    told = http_error(caught.value)
    assert (told.status, told.code) == (status, code)
    assert words in told.message


def test_a_permanent_remote_failure_is_not_retried_and_a_transient_one_may_be() -> None:
    with pytest.raises(RemoteJobFailed) as context:
        _feed([_chunk(0, done=True, error="too long", error_code="context_length_exceeded")])
    assert (context.value.retryable, context.value.param, context.value.region) == (False, "messages", "us-east")
    assert http_error(context.value).permanent
    with pytest.raises(RemoteJobFailed) as engine:
        _feed([_chunk(0, done=True, error="engine down", error_code="engine_failed")])
    assert engine.value.retryable and not http_error(engine.value).permanent
