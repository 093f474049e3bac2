"""Shared fixtures: paths into the repository."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from federation.local import LocalFabric, ensure_identities, local_topology

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


FABRIC_REGIONS = ["eu-west", "us-east", "kr-central"]


@pytest.fixture(scope="module")
def fabric(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalFabric]:
    """A real hub and a leaf per region, mTLS everywhere, on free loopback ports (one per test module)."""
    state = tmp_path_factory.mktemp("fabric")
    ensure_identities(state / "pki", FABRIC_REGIONS)
    with LocalFabric(local_topology(state, state / "pki", FABRIC_REGIONS)) as running:
        yield running
