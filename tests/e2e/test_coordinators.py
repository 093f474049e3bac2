"""Two coordinators share the work (real processes, nats-server with mTLS, regions served by echo
upstreams): each submission is handled by one of them, and killing one under a steady offload load
fails no request and runs no job twice."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

import audit
import policy
from fedinfer.launcher import Federation, FederationFile
from tests.conftest import EXAMPLES
from tests.e2e.offloads import MODEL, ask, assert_each_ran_once, events, under_load
from tests.waiting import wait_for

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


def test_each_submission_is_routed_by_one_coordinator_and_both_take_a_share(pair: Federation) -> None:
    jobs = [ask(pair).job_id for _ in range(16)]

    def routed_jobs() -> list[dict[str, object]]:
        return [e for e in events(pair, "coordinator-audit.db", audit.EventKind.ROUTED) if e["job_id"] in jobs]

    wait_for(lambda: len(routed_jobs()) >= len(jobs), "the routings in the coordinators' audit log")
    routed = routed_jobs()
    assert sorted(e["job_id"] for e in routed) == sorted(jobs)  # once each: one coordinator answered
    by_writer = Counter(str(e["writer"]) for e in routed)
    assert set(by_writer) == {"coordinator-1", "coordinator-2"}, by_writer  # 2**-15 to fail by chance


def test_killing_a_coordinator_under_load_fails_no_request_and_runs_no_job_twice(pair: Federation) -> None:
    answers = under_load(pair, pair.coordinators["coordinator-1"].kill, after_s=4)  # as a crashed machine
    assert_each_ran_once(pair, answers)
    pair.restart_coordinator("coordinator-1")  # control: back, and sharing again
    assert ask(pair).text


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def _digests(pair: Federation, store_name: str, kind: audit.EventKind, jobs: set[str]) -> set[object]:
    return {e["policy_digest"] for e in events(pair, store_name, kind) if e["job_id"] in jobs}


def test_a_policy_rolled_forward_and_back_under_load_refuses_nothing(pair: Federation) -> None:
    """Coordinators and regions take the new version one after another (each checks its file); jobs
    decided under either version are routed meanwhile, and the audit log says which decided each hop."""
    path = pair.spec.policy
    old = policy.load(path).digest
    forward = under_load(pair, lambda: _write(path, WIDENED), after_s=6)
    new = policy.load(path).digest
    assert new != old
    jobs = {answer.job_id for answer in forward}
    wait_for(
        lambda: new in _digests(pair, "coordinator-audit.db", audit.EventKind.ROUTED, jobs), "routed under the new"
    )
    assert _digests(pair, "eu-west-audit.db", audit.EventKind.RECEIVED, jobs) >= {new}
    back = under_load(pair, lambda: _write(path, POLICY_TEXT), after_s=6)  # the rollback
    later = {answer.job_id for answer in back}
    wait_for(
        lambda: old in _digests(pair, "coordinator-audit.db", audit.EventKind.ROUTED, later), "routed under the old"
    )
