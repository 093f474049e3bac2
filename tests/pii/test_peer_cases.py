"""Presidio's own recognizer test cases as a regression suite: every expected value hidden."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import pytest

import pii
from tests.conftest import REPO

CASES = [
    json.loads(line)
    for line in (REPO / "tests/data/pii-peer-cases/presidio_cases.jsonl").read_text(encoding="utf-8").splitlines()
]
BY_SOURCE: dict[str, list[dict[str, Any]]] = defaultdict(list)
for case in CASES:
    BY_SOURCE[case["source"].split("::")[0].rsplit("/", 1)[-1].removesuffix(".py")].append(case)


@pytest.fixture(scope="module")
def outcomes(redactor_all: pii.Redactor) -> dict[int, pii.Redaction]:
    redactions = redactor_all.redact_many([c["text"] for c in CASES])
    return {id(case): redaction for case, redaction in zip(CASES, redactions, strict=True)}


@pytest.mark.parametrize("source", sorted(BY_SOURCE), ids=sorted(BY_SOURCE))
def test_every_expected_value_is_hidden(source: str, outcomes: dict[int, pii.Redaction]) -> None:
    leaked = []
    for case in BY_SOURCE[source]:
        redaction = outcomes[id(case)]
        covered = {i for e in redaction.entities for i in range(e.start, e.end)}
        leaked += [case["text"][s:e] for s, e, _ in case["spans"] if not set(range(s, e)) <= covered]
    assert leaked == []


def test_negative_texts_are_mostly_left_alone(outcomes: dict[int, pii.Redaction]) -> None:
    negatives = [c for c in CASES if c["negative"]]
    untouched = [c for c in negatives if outcomes[id(c)].text == c["text"]]
    # 0.922 measured (the target is 0.90). What is touched is numbers of another identifier's shape (an SSN
    # that fails its rules is still a possible phone number): we prefer hiding a number to leaking one. The groups of
    # digits inside an IBAN whose check fails were masked as phone numbers until 2026-12-06 (0.826).
    assert len(untouched) / len(negatives) >= 0.90
