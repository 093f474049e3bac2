"""Two coordinators share the work (real processes, nats-server with mTLS, regions served by echo
upstreams): each submission is handled by one of them, and killing one under a steady offload load
fails no request and runs no job twice."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

import audit
import policy
from fedinfer import cli
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


@pytest.fixture
def policy_file(pair: Federation) -> Iterator[Path]:
    """The federation's policy file, put back as the module wrote it after the test, whatever failed there."""
    path = pair.spec.policy
    yield path
    if path.read_text(encoding="utf-8") != POLICY_TEXT:
        _write(path, POLICY_TEXT)


def test_a_policy_rolled_forward_and_back_under_load_refuses_nothing(pair: Federation, policy_file: Path) -> None:
    """Coordinators and regions take the new version one after another (each checks its file); jobs
    decided under either version are routed meanwhile, and the audit log says which decided each hop."""
    old = policy.load(policy_file).digest
    forward = under_load(pair, lambda: _write(policy_file, WIDENED), after_s=6)
    new = policy.load(policy_file).digest
    assert new != old
    jobs = {answer.job_id for answer in forward}
    wait_for(
        lambda: new in _digests(pair, "coordinator-audit.db", audit.EventKind.ROUTED, jobs), "routed under the new"
    )
    assert _digests(pair, "eu-west-audit.db", audit.EventKind.RECEIVED, jobs) >= {new}
    back = under_load(pair, lambda: _write(policy_file, POLICY_TEXT), after_s=6)  # the rollback
    later = {answer.job_id for answer in back}
    wait_for(
        lambda: old in _digests(pair, "coordinator-audit.db", audit.EventKind.ROUTED, later), "routed under the old"
    )


def _publish(pair: Federation, path: Path, *extra: str) -> Result:
    hub = ",".join(pair.fabric.hub_urls)
    return CliRunner().invoke(cli.app, ["policy", "publish", str(path), "--hub", hub, "--pki", str(pair.pki), *extra])


def test_a_policy_published_through_the_fabric_rolls_forward_and_back_under_load_refusing_nothing(
    pair: Federation, tmp_path: Path
) -> None:
    """The admin publishes a version (signed with its own key) into the hub's bucket: both coordinators
    take it, relay it to the regions, and jobs decided under either version are routed meanwhile; a
    rollback is the old file published again. A dry run shows what changes and publishes nothing."""
    old = policy.load(pair.spec.policy).digest
    (tmp_path / "widened.yaml").write_text(WIDENED, encoding="utf-8")
    (tmp_path / "old.yaml").write_text(POLICY_TEXT, encoding="utf-8")
    new = policy.load(tmp_path / "widened.yaml").digest

    shown = _publish(pair, tmp_path / "widened.yaml", "--dry-run", "--against", str(tmp_path / "old.yaml"))
    assert shown.exit_code == 0, shown.output
    assert f"would publish {new} as version 1" in shown.output
    assert "destination(s) gained" in shown.output and "not allowed =>" in shown.output  # the widened rule

    def published(outcome: list[Result], path: Path) -> Callable[[], None]:
        return lambda: outcome.append(_publish(pair, path))

    outcome: list[Result] = []
    forward = under_load(pair, published(outcome, tmp_path / "widened.yaml"), after_s=6)
    assert outcome[0].exit_code == 0 and f"published {new} as version 1" in outcome[0].output, outcome[0].output
    jobs = {answer.job_id for answer in forward}
    wait_for(
        lambda: new in _digests(pair, "coordinator-audit.db", audit.EventKind.ROUTED, jobs), "routed under the new"
    )
    assert _digests(pair, "eu-west-audit.db", audit.EventKind.RECEIVED, jobs) >= {new}  # the region took it too

    outcome.clear()
    back = under_load(pair, published(outcome, tmp_path / "old.yaml"), after_s=6)  # the rollback
    assert f"published {old} as version 2" in outcome[0].output, outcome[0].output
    later = {answer.job_id for answer in back}
    wait_for(
        lambda: old in _digests(pair, "coordinator-audit.db", audit.EventKind.ROUTED, later), "routed under the old"
    )
    wait_for(
        lambda: old in _digests(pair, "eu-west-audit.db", audit.EventKind.RECEIVED, {ask(pair).job_id}),
        "the region back on the old version",
    )
