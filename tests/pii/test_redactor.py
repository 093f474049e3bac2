"""Redaction as the egress path uses it: round trips, every occurrence, tuning, and failing closed."""

from __future__ import annotations

import re
import time

import pytest

import pii
from pii._presidio import LONGEST_WORD_FOR_SPACY, spacy_view
from pii._redactor import _every_occurrence, _refuse_leaks
from pii._spans import Entity
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


def test_a_repeat_overlapping_a_span_does_not_hide_another_values_repeat() -> None:
    """ "11 22 33" found first, "33 44" second; at the end "11 22" is a span of its own, and the repeat of
    the first value that overlaps it must not swallow the repeat of the second after it."""
    text = "card 11 22 33; phone 33 44; again 11 22 33 44"
    spans = [Entity("CREDIT_CARD", 5, 13, 1.0), Entity("PHONE_NUMBER", 21, 26, 1.0)]
    end = text.rindex("11 22")
    spans.append(Entity("PHONE_NUMBER", end, end + 5, 1.0))
    masked = _every_occurrence(text, spans)
    assert any(s.start <= text.rindex("33 44") and s.end == len(text) for s in masked)
    control = _every_occurrence("card 11 22 33; phone 33 44; again 33 44", spans[:2])  # a plain repeat
    assert control[-1] == Entity("PHONE_NUMBER", 34, 39, 1.0)


@pytest.mark.parametrize(
    ("text", "glued_to", "value"),
    [
        ("상담사 성함이요?\n고객 지용훈이요. 어머니 성함은 이요 님이에요.", "지용훈", "이요"),  # a particle's syllables
        ("Ask Johnson, then the son.", "John", "son"),
    ],
)
def test_a_repeat_glued_to_another_value_is_masked_not_refused(
    redactor: pii.Redactor, text: str, glued_to: str, value: str
) -> None:
    """A value found alone ("이요") whose repeat is glued to another value found ("지용훈이요") is no word of its own in
    the text, but one once that value is a placeholder ("[[PERSON-1-…]]이요"): the leak check refused the whole text."""
    first, alone = text.index(glued_to), text.rindex(value)
    spans = [Entity("PERSON", first, first + len(glued_to), 1.0), Entity("PERSON", alone, alone + len(value), 1.0)]
    redaction = redactor._pseudonymize(text, spans, pii.Vault())
    assert re.search(rf"(?<!\w){value}(?!\w)", re.sub(r"\[\[[^\]]*\]\]", " ", redaction.text)) is None
    assert len(redaction.entities) == 3
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


@pytest.mark.parametrize(
    "filler",
    ["(", '"', "\U0001f600", "$", "我们的客户住在北京", " ", "call 1/"],
    ids=["paren", "quote", "emoji", "dollar", "chinese", "spaces", "phone-list"],
)
def test_a_long_run_of_punctuation_or_unspaced_script_is_detected_in_time(redactor: pii.Redactor, filler: str) -> None:
    """spaCy's tokenizer strips a word's leading punctuation one character at a time (32 kB of "(" took
    ~100 s, holding the GIL past the timeout), and the look-alike check rescanned a word without Latin
    letters from every start (32 kB of Chinese took ~17 s before detection began, outside the timeout); a
    lookbehind with unbounded spaces was cubic on a run of them, one with a listed number quadratic.
    Now such a text is detected well within the default 10 s (~0.2 s here), and what follows it is found.
    A guard against a scan that is quadratic again, not a speed target."""
    started = time.perf_counter()
    redaction = redactor.redact(filler * (31_900 // len(filler)) + " mail jane.doe@example.com")
    assert time.perf_counter() - started < redactor.settings.timeout_s
    assert "jane.doe@example.com" not in redaction.text


def test_spacy_reads_long_runs_broken_at_the_same_offsets() -> None:
    ordinary = "Dear Ms. Yoon!!! Call +82 10-1234-5678 about Gunsan."
    assert spacy_view(ordinary) == ordinary
    ruled = "Patient: Ingrid Choi\n" + "=" * 40 + "\n" + "x" * 200
    view = spacy_view(ruled)
    assert len(view) == len(ruled) and view.startswith("Patient: Ingrid Choi\n========")
    assert max(len(word) for word in view.split()) == LONGEST_WORD_FOR_SPACY


def test_a_name_beside_a_ruled_line_is_still_found(redactor: pii.Redactor) -> None:
    redaction = redactor.redact("Patient: Ingrid Choi\n" + "=" * 40 + "\nReferred by Dr. Amadou Diallo")
    assert "Ingrid" not in redaction.text and "Diallo" not in redaction.text


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
