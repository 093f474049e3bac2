"""Detection of concurrent requests, batched on one thread or across worker processes: each caller gets
exactly its own results, a text that breaks detection (or a worker that dies or hangs) fails only its own
requests, closed, and nobody waits for a batch to fill."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, TimeoutError
from pathlib import Path
from typing import Any

import pytest

import pii
from pii import _batching as batching
from pii._batching import DetectionBatcher
from pii._pool import DetectionPool
from pii.corpus import generate
from pii.heldout import held_out_corpus, korean_corpus


def _slow_upper(texts: list[str]) -> list[str]:
    if "boom" in texts:
        raise ValueError("a text broke detection")
    time.sleep(0.05)  # a detection's cost, whatever the batch size
    return [text.upper() for text in texts]


def test_concurrent_requests_share_batches_and_get_their_own_results() -> None:
    batcher: DetectionBatcher[str] = DetectionBatcher(_slow_upper)
    with ThreadPoolExecutor(16) as pool:
        results = list(pool.map(lambda i: batcher.submit([f"a{i}", f"b{i}"]).result(5), range(16)))
    assert results == [[f"A{i}", f"B{i}"] for i in range(16)]
    assert batcher.batches < 16  # the requests that queued while one ran went together
    batcher.close()


def test_a_lone_request_does_not_wait_for_a_batch_to_fill() -> None:
    batcher: DetectionBatcher[str] = DetectionBatcher(_slow_upper)
    started = time.monotonic()
    assert batcher.submit(["alone"]).result(5) == ["ALONE"]
    assert time.monotonic() - started < 1.0
    batcher.close()


def test_a_text_that_breaks_detection_fails_only_its_own_request() -> None:
    gate = threading.Event()

    def detect(texts: list[str]) -> list[str]:
        gate.wait(5)  # hold the first batch so that the next two queue together
        return _slow_upper(texts)

    batcher: DetectionBatcher[str] = DetectionBatcher(detect)
    first = batcher.submit(["first"])
    broken, fine = batcher.submit(["boom"]), batcher.submit(["fine"])
    gate.set()
    assert first.result(5) == ["FIRST"]
    with pytest.raises(ValueError, match="a text broke detection"):
        broken.result(5)
    assert fine.result(5) == ["FINE"]
    batcher.close()


class _Abort(BaseException):
    """An exception outside `Exception`, as `SystemExit` or some library's own are."""


def test_an_exception_outside_exception_fails_only_its_request_and_the_thread_serves_on() -> None:
    def detect(texts: list[str]) -> Iterator[str]:
        for text in texts:
            if text == "abort":
                raise _Abort
            yield text.upper()

    batcher: DetectionBatcher[str] = DetectionBatcher(detect)
    with pytest.raises(_Abort):
        batcher.submit(["fine", "abort"]).result(5)
    assert batcher.submit(["later"]).result(5) == ["LATER"]  # the thread had ended: this one timed out
    batcher.close()


def test_each_caller_of_a_batch_is_answered_as_soon_as_its_own_texts_are_read() -> None:
    gate, read_on = threading.Event(), threading.Event()

    def text_by_text(texts: list[str]) -> Iterator[str]:  # as the Redactor detects: spaCy for all, then each text
        for text in texts:
            if text == "gate":
                gate.wait(5)  # holds the thread while the next two requests queue together
            if text == "last":
                read_on.wait(5)  # read only once the first caller has its answer
            yield text.upper()

    batcher: DetectionBatcher[str] = DetectionBatcher(text_by_text)
    held = batcher.submit(["gate"])
    first, last = batcher.submit(["first", "second"]), batcher.submit(["last"])
    gate.set()
    assert held.result(5) == ["GATE"]
    assert first.result(2) == ["FIRST", "SECOND"]  # before: it waited for the batch's last text
    assert not last.done()
    read_on.set()
    assert last.result(5) == ["LAST"]
    assert batcher.batches <= 2  # "first" and "last" were one batch
    batcher.close()


def _held_while(release: threading.Event) -> Callable[[list[str]], list[str]]:
    """A detection that stalls on the text "slow" (as on a text some rule reads in quadratic time) until
    `release` is set."""

    def detect(texts: list[str]) -> list[str]:
        if "slow" in texts:
            release.wait(60)
        return [text.upper() for text in texts]

    return detect


def _until(condition: Callable[[], bool], timeout_s: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def _retired(batcher: DetectionBatcher[str], count: int) -> Callable[[], bool]:
    return lambda: batcher.retired_running == count


def test_a_batch_that_overruns_on_the_thread_fails_its_caller_and_the_next_requests_are_served(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(batching, "GRACE_S", 0.1)
    release = threading.Event()
    batcher: DetectionBatcher[str] = DetectionBatcher(_held_while(release), timeout_s=1.5)
    slow = batcher.submit(["slow"])
    with pytest.raises(TimeoutError):
        slow.result(1.5)  # its caller's own timeout, as the Redactor waits
    waiting = batcher.submit(["waiting"])  # queued behind the stalled batch before it overran
    assert _until(lambda: batcher.retired_running == 1)  # past its callers' deadline, its thread is retired
    assert waiting.result(5) == ["WAITING"]  # served by the new thread, while the stalled one runs on
    assert batcher.submit(["and", "then"]).result(5) == ["AND", "THEN"]
    release.set()
    assert _until(lambda: batcher.retired_running == 0)  # the stalled thread ends with its batch
    assert batcher.submit(["after"]).result(5) == ["AFTER"]
    batcher.close()


def test_a_batch_within_its_callers_timeout_keeps_its_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batching, "GRACE_S", 0.2)
    release = threading.Event()
    batcher: DetectionBatcher[str] = DetectionBatcher(_held_while(release), timeout_s=30.0)
    slow = batcher.submit(["slow"])
    waiting = batcher.submit(["waiting"])  # queued behind a batch its caller still waits for
    assert not _until(lambda: batcher.retired_running > 0, timeout_s=1.0)
    assert not waiting.done()
    release.set()
    assert slow.result(5) == ["SLOW"] and waiting.result(5) == ["WAITING"]
    assert batcher.retired_running == 0
    batcher.close()


def test_a_region_detecting_on_its_own_thread_serves_the_next_request_after_one_overruns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(batching, "GRACE_S", 0.2)
    redactor = pii.Redactor(pii.PiiSettings(detect_workers=0, timeout_s=2.0))
    redactor.redact("Please call Ingrid Choi.")  # the models' first sentence, well within the timeout
    release = threading.Event()
    real: Callable[[list[str]], list[Any]] = redactor._batcher._detect  # type: ignore[attr-defined]

    def stalls_on_one_text(texts: list[str]) -> list[Any]:
        if any("stalls detection" in text for text in texts):
            release.wait(60)
        return real(texts)

    redactor._batcher._detect = stalls_on_one_text  # type: ignore[attr-defined]
    with pytest.raises(pii.DetectionTimeout):
        redactor.redact("This text stalls detection, as a pathological paste would.")
    assert _until(lambda: redactor._batcher.retired_running == 1)  # type: ignore[attr-defined]
    served = redactor.redact("Please call Ingrid Choi on 010-1234-5678.")  # before: a timeout too
    assert "Ingrid" not in served.text and "010-1234-5678" not in served.text
    release.set()
    redactor.close()


def test_overrun_threads_are_bounded_and_past_the_bound_requests_time_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batching, "GRACE_S", 0.1)
    release = threading.Event()
    batcher: DetectionBatcher[str] = DetectionBatcher(_held_while(release), timeout_s=0.3)
    for retired in range(1, batching.MAX_RETIRED + 1):
        batcher.submit(["slow"])  # the serving thread takes it, stalls, and is retired
        assert _until(_retired(batcher, retired))
    batcher.submit(["slow"])  # the last thread allowed stalls too
    refused = batcher.submit(["refused"])  # no thread is left for it: it waits, and its caller gives up
    with pytest.raises(TimeoutError):
        refused.result(1.0)
    assert batcher.retired_running == batching.MAX_RETIRED
    release.set()
    assert _until(lambda: batcher.retired_running == 0)
    assert batcher.submit(["served"]).result(5) == ["SERVED"]
    batcher.close()


def test_redactions_under_concurrency_equal_the_serial_ones(redactor: pii.Redactor) -> None:
    texts = [f"Please call Ingrid Choi on 010-1234-{i:04d} about card 4012-8888-8888-1881." for i in range(16)]
    serial = [redactor.redact(text) for text in texts]
    with ThreadPoolExecutor(16) as pool:
        concurrent = list(pool.map(redactor.redact, texts))
    assert [r.counts() for r in concurrent] == [r.counts() for r in serial]
    assert all(pii.restore(r.text, r.vault) == text for r, text in zip(concurrent, texts, strict=True))


# -- worker processes ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pooled() -> Iterator[pii.Redactor]:
    """A Redactor whose detection runs in two worker processes, ready before the first request."""
    built = pii.Redactor(pii.PiiSettings(detect_workers=2))
    assert built.warm(timeout_s=240), "the detection workers did not start"
    yield built
    built.close()


def _concurrently(redactor: pii.Redactor, texts: list[str]) -> list[pii.Redaction]:
    with ThreadPoolExecutor(16) as pool:
        return list(pool.map(redactor.redact, texts))


def test_workers_find_exactly_what_one_thread_finds(redactor: pii.Redactor, pooled: pii.Redactor) -> None:
    texts = [s.text for s in [*generate(48, seed=23), *held_out_corpus(24, seed=23), *korean_corpus(24, seed=23)]]
    serial = [redactor.redact(text) for text in texts]
    assert sum(len(r.entities) for r in serial) > len(texts)  # the sample has plenty to find
    assert any(e.type == "PERSON" for r in serial[-24:] for e in r.entities)  # Kiwi's part of it, in Hangul
    in_workers = _concurrently(pooled, texts)
    assert [r.entities for r in in_workers] == [r.entities for r in serial]
    assert [pii.restore(r.text, r.vault) for r in in_workers] == texts


def test_concurrent_callers_through_workers_get_only_their_own_values(pooled: pii.Redactor) -> None:
    canaries = [f"canary{i:02d}.zq@example.org" for i in range(32)]
    texts = [
        f"Ticket {i}: write to {canary} and ask Ingrid Choi to call 010-1234-{i:04d}."
        for i, canary in enumerate(canaries)
    ]
    for redaction, text, canary in zip(_concurrently(pooled, texts), texts, canaries, strict=True):
        values = {value for _, value in redaction.vault.originals()}
        assert canary in values and not values & (set(canaries) - {canary})
        assert not any(c in redaction.text for c in canaries)
        assert pii.restore(redaction.text, redaction.vault) == text


def _hold_or_upper(settings: pii.PiiSettings) -> Callable[[list[str]], list[str]]:
    """A worker's detection for the tests below (built in the worker, so pickled by name): upper-cases
    texts; `hold:<file>` writes the worker's pid to the file and hangs; `boom ...` raises."""

    def detect(texts: list[str]) -> list[str]:
        for text in texts:
            if text.startswith("boom"):
                raise ValueError(f"broke on {text}")
            if text.startswith("hold:"):
                flag = Path(text.removeprefix("hold:"))
                flag.with_suffix(".tmp").write_text(str(os.getpid()))
                flag.with_suffix(".tmp").replace(flag)  # whole, or not there yet
                time.sleep(120)
        return [text.upper() for text in texts]

    return detect


def _text_by_text(settings: pii.PiiSettings) -> Callable[[list[str]], Iterator[str]]:
    """A worker's detection yielding each text's result as it is read, as the Redactor's does: upper-cases texts;
    `wait:<file>` waits until the file exists; `hold:<file>` hangs as `_hold_or_upper`'s does."""
    hold = _hold_or_upper(settings)

    def detect(texts: list[str]) -> Iterator[str]:
        for text in texts:
            if text.startswith("wait:"):
                _until(Path(text.removeprefix("wait:")).exists, timeout_s=60)
            yield from hold([text])

    return detect


def test_a_worker_answers_each_caller_of_its_batch_as_soon_as_its_own_texts_are_read(tmp_path: Path) -> None:
    settings = pii.PiiSettings()
    pool = DetectionPool(settings, _text_by_text(settings), _text_by_text, workers=1)
    assert pool.warm(timeout_s=60), "the detection worker did not start"
    go = tmp_path / "go"
    busy = pool.submit([f"wait:{go}"])
    assert _until(lambda: pool._queue.waiting() == 0)  # the worker holds it: the next two queue together
    first, held = pool.submit(["first"]), pool.submit([f"hold:{tmp_path / 'held-pid'}"])
    go.write_text("")
    assert busy.result(10) == [f"wait:{go}".upper()]
    assert first.result(10) == ["FIRST"]  # before: it waited for the batch's held text
    assert _until((tmp_path / "held-pid").exists) and not held.done()  # the same batch, still being read
    pool.close()
    with pytest.raises(pii.DetectionFailed, match="closed"):
        held.result(0)


def _slow_to_load(settings: pii.PiiSettings) -> Callable[[list[str]], list[str]]:
    time.sleep(60)  # a worker still loading its models
    return _hold_or_upper(settings)


def test_requests_are_answered_here_while_the_workers_load() -> None:
    settings = pii.PiiSettings()
    pool = DetectionPool(settings, _hold_or_upper(settings), _slow_to_load, workers=2)
    started = time.monotonic()
    assert not pool.warm(timeout_s=0)
    assert pool.submit(["not", "held"]).result(10) == ["NOT", "HELD"]
    assert time.monotonic() - started < 10
    pool.close()  # stops the loading workers at once


@pytest.fixture
def fake_pool() -> Iterator[DetectionPool[str]]:
    settings = pii.PiiSettings(timeout_s=2.0)
    pool = DetectionPool(settings, _hold_or_upper(settings), _hold_or_upper, workers=2)
    assert pool.warm(timeout_s=60), "the detection workers did not start"
    yield pool
    pool.close()


def _held(pool: DetectionPool[str], tmp_path: Path) -> tuple[int, Future[list[str]]]:
    """Submit a request that hangs in a worker; its pid once the worker holds it."""
    flag = tmp_path / "held-pid"
    future = pool.submit([f"hold:{flag}"])
    for _ in range(200):
        if flag.exists():
            return int(flag.read_text()), future
        time.sleep(0.05)
    raise AssertionError("no worker took the request")


def test_a_killed_worker_fails_only_its_own_requests_and_is_replaced(
    fake_pool: DetectionPool[str], tmp_path: Path
) -> None:
    pid, held = _held(fake_pool, tmp_path)
    other = fake_pool.submit(["served", "elsewhere"])
    os.kill(pid, signal.SIGKILL)
    with pytest.raises(pii.DetectionFailed, match="worker process died"):
        held.result(10)
    assert other.result(10) == ["SERVED", "ELSEWHERE"]
    assert fake_pool.warm(timeout_s=60)  # a new worker took its place
    assert fake_pool.submit(["next"]).result(10) == ["NEXT"]


def test_a_hung_worker_times_out_its_request_and_is_replaced(fake_pool: DetectionPool[str], tmp_path: Path) -> None:
    pid, held = _held(fake_pool, tmp_path)
    with pytest.raises(TimeoutError):
        held.result(timeout=1.0)  # the caller's own timeout, as the Redactor waits
    with pytest.raises(pii.DetectionTimeout):
        held.result(10)  # the worker is stopped once its callers have given up
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert fake_pool.warm(timeout_s=60)
    assert fake_pool.submit(["next"]).result(10) == ["NEXT"]


def test_a_text_that_breaks_detection_in_a_worker_fails_only_its_request_and_names_no_text(
    fake_pool: DetectionPool[str],
) -> None:
    broken, fine = fake_pool.submit(["boom canary-4242"]), fake_pool.submit(["fine"])
    with pytest.raises(pii.DetectionFailed, match="ValueError") as failure:
        broken.result(10)
    assert "canary-4242" not in str(failure.value)
    assert fine.result(10) == ["FINE"]


def test_closing_stops_a_busy_worker_and_fails_its_request(tmp_path: Path) -> None:
    settings = pii.PiiSettings()
    pool = DetectionPool(settings, _hold_or_upper(settings), _hold_or_upper, workers=2)
    assert pool.warm(timeout_s=60)
    pid, held = _held(pool, tmp_path)
    pool.close()
    with pytest.raises(pii.DetectionFailed, match="closed"):
        held.result(0)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    with pytest.raises(RuntimeError, match="closed"):
        pool.submit(["late"])
