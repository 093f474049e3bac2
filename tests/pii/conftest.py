"""One Redactor per session per profile set: building one loads spaCy."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import pii


@pytest.fixture(scope="session")
def redactor() -> Iterator[pii.Redactor]:
    built = pii.Redactor()
    yield built
    built.close()


@pytest.fixture(scope="session")
def redactor_all() -> Iterator[pii.Redactor]:
    built = pii.Redactor(pii.PiiSettings(profiles=("all",)))
    yield built
    built.close()
