"""Offloads under a steady load, for the fault tests: four clients offloading public data from eu-west
to us-east without pause, each request with a nonce its echo answer must carry back."""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import openai

import audit
from fedinfer.launcher import Federation
from tests.conftest import openai_client
from tests.waiting import wait_for

MODEL = "smollm2-135m-instruct"
PUBLIC_OFFLOAD = {"fedinfer": {"data_class": "public", "offload": "required"}}


@dataclass(frozen=True, slots=True)
class Offload:
    nonce: str
    text: str
    job_id: str
    seconds: float


def ask(federation: Federation) -> Offload:
    """One offloaded request, served by us-east."""
    nonce = uuid.uuid4().hex[:12]
    client = openai_client(f"{federation.api_url('eu-west')}/v1", federation.token, timeout=60)
    began = time.monotonic()
    raw = client.chat.completions.with_raw_response.create(
        model=MODEL, messages=[{"role": "user", "content": f"echo {nonce} now"}], extra_body=PUBLIC_OFFLOAD
    )
    assert raw.headers["x-fedinfer-served-by"] == "us-east"
    text = raw.parse().choices[0].message.content or ""
    return Offload(nonce, text, raw.headers["x-fedinfer-job-id"], time.monotonic() - began)


def under_load(federation: Federation, fault: Callable[[], None], after_s: float = 5) -> list[Offload]:
    """Four clients for two seconds, then `fault`, then `after_s` more: every answer, once none failed
    and each carried its own nonce back."""
    answers: list[Offload] = []
    failures: list[BaseException] = []
    stop = threading.Event()

    def client_loop() -> None:
        while not stop.is_set():
            try:
                answers.append(ask(federation))
            except (openai.APIError, AssertionError) as exc:
                failures.append(exc)

    threads = [threading.Thread(target=client_loop) for _ in range(4)]
    for thread in threads:
        thread.start()
    time.sleep(2)
    fault()
    time.sleep(after_s)
    stop.set()
    for thread in threads:
        thread.join(90)
    assert not failures, failures[:3]
    assert len(answers) > 10 and all(answer.nonce in answer.text for answer in answers)
    return answers


def events(federation: Federation, store_name: str, kind: audit.EventKind) -> list[dict[str, object]]:
    """One audit store's events of `kind` (a region's `<region>-audit.db`, or `coordinator-audit.db`)."""
    store = audit.AuditStore(f"sqlite:///{federation.state / store_name}")
    try:
        return list(audit.iter_all(store, audit.EventFilter(kind=kind)))
    finally:
        store.dispose()


def assert_each_ran_once(federation: Federation, answers: list[Offload]) -> None:
    """Every answered job shows in us-east's audit log as executed, exactly once."""
    jobs = {answer.job_id for answer in answers}

    def executed() -> Counter[object]:
        return Counter(e["job_id"] for e in events(federation, "us-east-audit.db", audit.EventKind.EXECUTED))

    wait_for(lambda: jobs <= set(executed()), "every job's execution in us-east's audit log")
    counts = executed()
    assert all(counts[job] == 1 for job in jobs), {job: counts[job] for job in jobs if counts[job] != 1}
