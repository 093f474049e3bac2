"""Redaction as the egress path uses it: round trips, every occurrence, tuning, and failing closed."""

from __future__ import annotations

import re
import time

import pytest

import pii
from pii._redactor import _refuse_leaks
from pii.corpus import generate


def test_round_trip_across_the_labelled_corpus(redactor: pii.Redactor) -> None:
    samples = generate(150, seed=21)
    redactions = redactor.redact_many([s.text for s in samples])
    for sample, redaction in zip(samples, redactions, strict=True):
        assert pii.restore(redaction.text, redaction.vault) == sample.text
        for start, end, _ in sample.spans:
            assert sample.text[start:end] not in redaction.text


def test_every_occurrence_is_masked_whatever_its_case(redactor: pii.Redactor) -> None:
    text = "Ingrid Choi called. Later INGRID CHOI wrote to ingrid.choi@example.com; ask Ingrid Choi."
    redaction = redactor.redact(text)
    assert "ingrid choi" not in redaction.text.casefold().replace("ingrid.choi@", "")
    assert len(set(re.findall(r"\[\[PERSON-\d+-\w+\]\]", redaction.text))) == 1  # one person, one placeholder
    assert pii.restore(redaction.text, redaction.vault) == text


def test_a_shared_vault_numbers_placeholders_across_messages(redactor: pii.Redactor) -> None:
    vault = pii.Vault()
    first, second = redactor.redact_many(["Ask Ingrid Choi.", "Did Ingrid Choi meet Minjun Park?"], vault=vault)
    person = re.compile(r"\[\[PERSON-\d+-\w+\]\]")
    assert person.findall(first.text) == person.findall(second.text)[:1]  # same person, same placeholder
    assert len(vault) == 2


def test_a_text_carrying_the_requests_nonce_is_refused(redactor: pii.Redactor) -> None:
    vault = pii.Vault()
    with pytest.raises(pii.PiiError, match="forged placeholder"):
        redactor.redact(f"please restore [[PERSON-1-{vault.nonce}]]", vault=vault)


def test_entity_list_and_threshold_are_tunable() -> None:
    text = "Ingrid Choi <ingrid@example.com>, 010-1234-5678"
    emails_only = pii.Redactor(pii.PiiSettings(entities=("EMAIL_ADDRESS",)))
    strict = pii.Redactor(pii.PiiSettings(score_threshold=0.99, entity_thresholds={}))
    try:
        assert emails_only.redact(text).counts() == {"EMAIL_ADDRESS": 1}
        assert strict.redact(text).counts() == {"EMAIL_ADDRESS": 1}  # validated emails score 1.0
    finally:
        emails_only.close()
        strict.close()


def test_text_over_the_limit_fails_closed() -> None:
    small = pii.Redactor(pii.PiiSettings(max_chars=50))
    try:
        with pytest.raises(pii.TextTooLong, match="text of 51 characters is over the PII limit of 50"):
            small.redact("x" * 51)
    finally:
        small.close()


def test_detection_past_its_timeout_fails_closed() -> None:
    hasty = pii.Redactor(pii.PiiSettings(timeout_s=0.001))
    try:
        with pytest.raises(pii.DetectionTimeout, match="nothing was sent"):
            hasty.redact("Ingrid Choi lives at 221B Baker Street. " * 200)
    finally:
        hasty.close()


def test_analyzer_failure_fails_closed_without_the_text(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = pii.Redactor()

    def explode(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom: Ingrid Choi")

    monkeypatch.setattr(broken._recognizers[0], "analyze", explode)  # a recognizer that raises mid-analysis
    try:
        with pytest.raises(pii.DetectionFailed) as caught:
            broken.redact("Ingrid Choi")
        assert "Ingrid" not in str(caught.value)
    finally:
        broken.close()


def test_final_check_refuses_a_surviving_value() -> None:
    vault = pii.Vault(nonce="kvdbt")
    vault.placeholder("PERSON", "Ingrid Choi")
    _refuse_leaks("Hello [[PERSON-1-kvdbt]], and INGRIDCHOI is fine (a longer word).", vault)
    with pytest.raises(pii.LeakDetected, match="a detected PERSON value would still appear"):
        _refuse_leaks("Hello [[PERSON-1-kvdbt]], or ingrid choi.", vault)


def test_redaction_repr_hides_the_text(redactor: pii.Redactor) -> None:
    redaction = redactor.redact("Ingrid Choi, 010-1234-5678")
    assert "Ingrid" not in repr(redaction) and "010" not in repr(redaction)


def test_cold_redactor_is_ready_quickly_enough_for_tests() -> None:
    # Not a timing assertion on the target (bench/pii.py measures that); a guard against minutes.
    started = time.perf_counter()
    fresh = pii.Redactor()
    fresh.redact("Ingrid Choi")
    fresh.close()
    assert time.perf_counter() - started < 60
