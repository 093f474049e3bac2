"""The synthetic corpus: its labels are valid, and the redactor meets the issue's quality targets on it."""

from __future__ import annotations

import pytest

import pii
from pii.corpus import CHECKSUMMED, Scores, generate, luhn_complete, score


def test_generated_identifiers_pass_their_checksums() -> None:
    for sample in generate(300, seed=4):
        for start, end, kind in sample.spans:
            value = sample.text[start:end].replace(" ", "").replace("-", "")
            if kind == "CREDIT_CARD":
                assert luhn_complete(value[:-1]) == value
            elif kind == "IBAN_CODE":
                rearranged = value[4:] + value[:4]
                assert int("".join(str(int(c, 36)) for c in rearranged)) % 97 == 1
            elif kind == "KR_RRN":
                weights = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]
                check = (11 - sum(int(d) * w for d, w in zip(value[:12], weights, strict=True)) % 11) % 10
                assert int(value[12]) == check


def test_generation_is_reproducible() -> None:
    assert generate(20, seed=9) == generate(20, seed=9)
    assert generate(20, seed=9) != generate(20, seed=10)


@pytest.fixture(scope="module")
def scores(redactor: pii.Redactor) -> Scores:
    samples = generate(400, seed=2026)
    redactions = redactor.redact_many([s.text for s in samples])
    return score(samples, [[(e.start, e.end, e.type) for e in r.entities] for r in redactions])


def test_overall_recall_target(scores: Scores) -> None:
    assert scores.overall_recall >= 0.98, scores.missed


def test_checksummed_identifiers_are_all_found(scores: Scores) -> None:
    for kind in CHECKSUMMED:
        assert scores.recall[kind] == 1.0, kind


def test_precision_target(scores: Scores) -> None:
    assert scores.precision >= 0.95, scores.false_positives
