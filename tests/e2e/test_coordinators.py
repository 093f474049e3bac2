"""Two coordinators share the work (real processes, nats-server with mTLS, regions served by echo
upstreams): each submission is handled by one of them, and killing one under a steady offload load
fails no request and runs no job twice."""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator

import openai
import pytest

import audit
import policy
from fedinfer.launcher import Federation, FederationFile
from tests.conftest import EXAMPLES, openai_client
from tests.waiting import wait_for

MODEL = "smollm2-135m-instruct"
PUBLIC_OFFLOAD = {"fedinfer": {"data_class": "public", "offload": "required"}}


POLICY_TEXT = (EXAMPLES / "policies" / "federation.yaml").read_text(encoding="utf-8")
WIDENED = POLICY_TEXT.replace(
    "      - to: origin\n\n  - name: no-marketing", "      - to: home\n\n  - name: no-marketing"
)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Federation]:
    state = tmp_path_factory.mktemp("coordinators")
    (state / "policy.yaml").write_text(POLICY_TEXT, encoding="utf-8")  # a file the test may roll forward
    spec = FederationFile(
        name="coordinators",
        state_dir=state,
        policy=state / "policy.yaml",
        coordinator={"replicas": 2, "settings": {"heartbeat_ttl_s": "3", "watch_interval_s": "0.5"}},
        engine={"kind": "openai", "model": MODEL},
        regions={
            r: {"echo_upstream": {"delay_ms": 2}, "offload": {"drain_timeout_s": 1, "submit_timeout_s": 2}}
            for r in ("eu-west", "us-east")
        },
    )
    with Federation(spec) as running:
        yield running


def _ask(federation: Federation) -> tuple[str, str, str]:
    """One offloaded request with a nonce: (the nonce, the answer, the job id)."""
    nonce = uuid.uuid4().hex[:12]
    client = openai_client(f"{federation.api_url('eu-west')}/v1", federation.token, timeout=60)
    raw = client.chat.completions.with_raw_response.create(
        model=MODEL, messages=[{"role": "user", "content": f"echo {nonce}"}], extra_body=PUBLIC_OFFLOAD
    )
    assert raw.headers["x-fedinfer-served-by"] == "us-east"
    return nonce, raw.parse().choices[0].message.content or "", raw.headers["x-fedinfer-job-id"]


def _events(federation: Federation, store_name: str, kind: audit.EventKind) -> list[dict[str, object]]:
    store = audit.AuditStore(f"sqlite:///{federation.state / store_name}")
    try:
        return list(audit.iter_all(store, audit.EventFilter(kind=kind)))
    finally:
        store.dispose()


def test_each_submission_is_routed_by_one_coordinator_and_both_take_a_share(pair: Federation) -> None:
    jobs = [_ask(pair)[2] for _ in range(16)]

    def routed_jobs() -> list[dict[str, object]]:
        return [e for e in _events(pair, "coordinator-audit.db", audit.EventKind.ROUTED) if e["job_id"] in jobs]

    wait_for(lambda: len(routed_jobs()) >= len(jobs), "the routings in the coordinators' audit log")
    routed = routed_jobs()
    assert sorted(e["job_id"] for e in routed) == sorted(jobs)  # once each: one coordinator answered
    by_writer = Counter(str(e["writer"]) for e in routed)
    assert set(by_writer) == {"coordinator-1", "coordinator-2"}, by_writer  # 2**-15 to fail by chance


def _under_load(pair: Federation, fault: Callable[[], None], after_s: float = 4) -> list[tuple[str, str, str]]:
    """Four clients offloading without pause; `fault` two seconds in; every answer, once nothing failed."""
    answers: list[tuple[str, str, str]] = []
    failures: list[BaseException] = []
    stop = threading.Event()

    def client_loop() -> None:
        while not stop.is_set():
            try:
                answers.append(_ask(pair))
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
        thread.join(60)
    assert not failures, failures[:3]
    assert len(answers) > 20 and all(nonce in answer for nonce, answer, _ in answers)  # each its own answer
    return answers


def test_killing_a_coordinator_under_load_fails_no_request_and_runs_no_job_twice(pair: Federation) -> None:
    answers = _under_load(pair, pair.coordinators["coordinator-1"].kill)  # mid-load, as a crashed machine
    jobs = {job for _, _, job in answers}

    def executed() -> Counter[object]:
        return Counter(e["job_id"] for e in _events(pair, "us-east-audit.db", audit.EventKind.EXECUTED))

    wait_for(lambda: jobs <= set(executed()), "every job's execution in us-east's audit log")
    counts = executed()
    assert all(counts[job] == 1 for job in jobs), {job: counts[job] for job in jobs if counts[job] != 1}
    pair.restart_coordinator("coordinator-1")  # control: back, and sharing again
    assert _ask(pair)[1]


def _digests(pair: Federation, store_name: str, kind: audit.EventKind, jobs: set[str]) -> set[object]:
    return {e["policy_digest"] for e in _events(pair, store_name, kind) if e["job_id"] in jobs}


def test_a_policy_rolled_forward_and_back_under_load_refuses_nothing(pair: Federation) -> None:
    """Coordinators and regions take the new version one after another (each checks its file); jobs
    decided under either version are routed meanwhile, and the audit log says which decided each hop."""
    path = pair.spec.policy
    old = policy.load(path).digest
    forward = _under_load(pair, lambda: path.write_text(WIDENED, encoding="utf-8"), after_s=6)
    new = policy.load(path).digest
    assert new != old
    jobs = {job for _, _, job in forward}
    wait_for(
        lambda: new in _digests(pair, "coordinator-audit.db", audit.EventKind.ROUTED, jobs), "routed under the new"
    )
    assert _digests(pair, "eu-west-audit.db", audit.EventKind.RECEIVED, jobs) >= {new}
    back = _under_load(pair, lambda: path.write_text(POLICY_TEXT, encoding="utf-8"), after_s=6)  # the rollback
    later = {job for _, _, job in back}
    wait_for(
        lambda: old in _digests(pair, "coordinator-audit.db", audit.EventKind.ROUTED, later), "routed under the old"
    )
