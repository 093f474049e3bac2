"""The whole federation, started the way `fedinfer up` starts it: real processes for NATS (hub and
leaves, mTLS), the coordinator and three region nodes running SmolLM2-135M-Instruct on the CPU."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fedinfer.launcher import Federation, FederationFile
from tests.conftest import EXAMPLES


def federation_file(state: Path, model: Path, **regions: dict[str, Any]) -> FederationFile:
    return FederationFile(
        name="e2e",
        state_dir=state,
        policy=EXAMPLES / "policies" / "federation.yaml",
        coordinator={"settings": {"heartbeat_ttl_s": "3", "watch_interval_s": "0.5", "ack_wait_s": "10"}},
        engine={
            "kind": "embedded",
            "model": "smollm2-135m-instruct",
            "path": str(model),
            "max_batch": 8,
            "max_model_len": 1024,
        },
        regions={name: _quick_to_stop(regions.get(name, {})) for name in ("eu-west", "us-east", "kr-central")},
    )


def _quick_to_stop(region: dict[str, Any]) -> dict[str, Any]:
    """A stopping node does not wait half a minute for jobs whose clients are gone (they are redelivered)."""
    return {**region, "offload": {"drain_timeout_s": 2, **region.get("offload", {})}}


@pytest.fixture(scope="package")
def federation(smollm2: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Federation]:
    spec = federation_file(
        tmp_path_factory.mktemp("e2e"),
        smollm2,
        **{
            "kr-central": {"engine": {"max_batch": 2}, "limits": {"max_queue": 1}},
            "eu-west": {"limits": {"max_tokens_cap": 64}},
        },
    )
    with Federation(spec) as running:
        yield running
