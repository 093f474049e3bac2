"""`fedinfer up` restarts what dies: the back-off (pure, on a test clock), and a real federation whose
region node, coordinator and hub are killed and come back on their own."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest

from fedinfer.launcher import Federation, FederationFile
from fedinfer.supervisor import Backoff, Supervisor
from tests.conftest import EXAMPLES, openai_client
from tests.waiting import wait_for


class Child:
    """A process stand-in: dies on cue, and may refuse to start."""

    def __init__(self) -> None:
        self.code: int | None = None
        self.starts = 0
        self.refuse = False

    def exit_code(self) -> int | None:
        return self.code

    def restart(self) -> None:
        if self.refuse:
            raise RuntimeError("port in use")
        self.starts += 1
        self.code = None


def test_a_dead_process_is_restarted_after_a_back_off_that_doubles_and_starts_over() -> None:
    now, said, child = [0.0], [], Child()
    supervisor = Supervisor(said.append, Backoff(first_s=1, max_s=4, reset_after_s=60), clock=lambda: now[0])
    supervisor.watch("eu-west", child.exit_code, child.restart)
    supervisor.check()
    assert said == [] and child.starts == 0  # running: nothing to do
    for expected_delay in (1, 2, 4, 4):  # dies again at once each time: 1, 2, 4, then capped
        child.code = -9
        supervisor.check()
        assert (
            said[-1]
            == f"eu-west exited with code -9; restarting it in {expected_delay} s (restart {len(said) // 2 + 1})"
        )
        now[0] += expected_delay - 0.1
        supervisor.check()
        assert child.code == -9  # not before its time
        now[0] += 0.1
        supervisor.check()
        assert child.code is None and said[-1].startswith("eu-west restarted")
    now[0] += 61  # ran a minute: the next crash waits the first delay again
    child.code = 1
    supervisor.check()
    assert said[-1] == "eu-west exited with code 1; restarting it in 1 s (restart 1)"
    child.refuse = True
    now[0] += 1
    supervisor.check()
    assert said[-1] == "eu-west could not be restarted (port in use); restarting it in 2 s (restart 2)"
    child.refuse = False
    now[0] += 2
    supervisor.check()
    assert child.code is None and child.starts == 5


def test_nothing_is_restarted_once_stopping() -> None:
    said: list[str] = []
    child = Child()
    supervisor = Supervisor(said.append, Backoff(first_s=0), clock=lambda: 0.0)
    supervisor.watch("coordinator", child.exit_code, child.restart)
    supervisor.stop()  # the federation stops its processes on purpose after this
    child.code = 0
    supervisor.check()
    assert said == [] and child.starts == 0


@pytest.fixture(scope="module")
def supervised(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Federation, list[str]]]:
    """Three regions served by echo upstreams (no model to load), supervised as `fedinfer up` runs it."""
    said: list[str] = []
    spec = FederationFile(
        name="supervised",
        state_dir=tmp_path_factory.mktemp("supervised"),
        policy=EXAMPLES / "policies" / "federation.yaml",
        coordinator={"settings": {"heartbeat_ttl_s": "3"}},
        engine={"kind": "openai", "model": "smollm2-135m-instruct"},
        regions={
            r: {"echo_upstream": {"delay_ms": 0}, "offload": {"drain_timeout_s": 1}} for r in ("eu-west", "us-east")
        },
    )
    federation = Federation(spec, progress=said.append, supervise=True)
    try:
        yield federation.start(), said
    finally:
        federation.stop()


def _offloaded(federation: Federation) -> str:
    client = openai_client(f"{federation.api_url('eu-west')}/v1", federation.token, timeout=30)
    raw = client.chat.completions.with_raw_response.create(
        model="smollm2-135m-instruct",
        messages=[{"role": "user", "content": "one two"}],
        extra_body={"fedinfer": {"data_class": "public", "offload": "required"}},
    )
    return raw.headers["x-fedinfer-served-by"]


@pytest.mark.parametrize("victim", ["us-east", "coordinator", "nats-server hub"])
def test_a_killed_process_comes_back_and_offloads_work_again(
    supervised: tuple[Federation, list[str]], victim: str
) -> None:
    federation, said = supervised
    assert _offloaded(federation) == "us-east"  # control: before
    if victim == "us-east":
        federation.nodes["us-east"].kill()
    elif victim == "coordinator":
        assert federation.coordinator is not None
        federation.coordinator.kill()
    else:
        assert federation.fabric is not None
        federation.fabric.hub.kill()
    wait_for(lambda: any(line.startswith(f"{victim} exited with code -9") for line in said), f"{victim}'s death said")
    wait_for(lambda: any(line.startswith(f"{victim} restarted") for line in said), f"{victim} restarted", timeout=60)
    said.clear()
    deadline = time.monotonic() + 60
    while True:  # the region is live at the coordinator again: offloads work
        try:
            if _offloaded(federation) == "us-east":
                break
        except Exception:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.5)
    assert httpx.get(f"{federation.api_url('us-east')}/healthz", timeout=5).status_code == 200
