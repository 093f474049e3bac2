"""Detection of concurrent requests batched on one thread: each caller gets exactly its own results, a
text that breaks detection fails only its own request, and nobody waits for a batch to fill."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import pii
from pii._batching import DetectionBatcher


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


def test_redactions_under_concurrency_equal_the_serial_ones(redactor: pii.Redactor) -> None:
    texts = [f"Please call Ingrid Choi on 010-1234-{i:04d} about card 4012-8888-8888-1881." for i in range(16)]
    serial = [redactor.redact(text) for text in texts]
    with ThreadPoolExecutor(16) as pool:
        concurrent = list(pool.map(redactor.redact, texts))
    assert [r.counts() for r in concurrent] == [r.counts() for r in serial]
    assert all(pii.restore(r.text, r.vault) == text for r, text in zip(concurrent, texts, strict=True))
