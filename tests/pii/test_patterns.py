"""Pattern recognizers match as Presidio's own loop does (`pii._patterns.lean`), and a cued pattern is tried only on
texts where its cue stands."""

from __future__ import annotations

from typing import Any

import pytest
from presidio_analyzer import PatternRecognizer

from pii._patterns import CuedPattern, lean
from pii.corpus import generate
from pii.heldout import handwritten, korean_corpus
from pii.recognizers import build_recognizers

_TEXTS = [
    *(s.text for s in generate(300, seed=23)),
    *(s.text for s in korean_corpus(60, seed=23)),
    *(s.text for s in handwritten()),
    "DOB: 14/03/87, phone me on 07700 900 123 or call Kwame at +44 20 7946 0958.",
    "생년월일: 99.03.15, 연락처 010-2345-6789. Born 3 March 87; birth date 19870314.",
    "Ref 19870314, ticket 99.03.15, build 14/03/87: no word of birth or phoning here.",
]


def _found(results: list[Any]) -> list[tuple[str, int, int, float]]:
    return sorted((r.entity_type, r.start, r.end, round(r.score, 6)) for r in results)


def _pattern_recognizers() -> list[Any]:
    return [r for r in build_recognizers(["all"]) if isinstance(r, PatternRecognizer)]


@pytest.mark.parametrize("recognizer", _pattern_recognizers(), ids=lambda r: r.name)
def test_every_pattern_recognizer_finds_what_presidios_own_loop_finds(recognizer: Any) -> None:
    assert "_PatternRecognizer__analyze_patterns" in vars(type(recognizer))  # the lean matching is the one in use
    presidios = PatternRecognizer._PatternRecognizer__analyze_patterns  # type: ignore[attr-defined]
    for text in _TEXTS:
        # Presidio's loop knows no cues: a cue that is not a condition of its pattern would lose a match here
        assert _found(recognizer._PatternRecognizer__analyze_patterns(text)) == _found(presidios(recognizer, text))


def test_a_cued_pattern_is_tried_only_where_its_cue_stands() -> None:
    class Years(PatternRecognizer):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__(
                supported_entity="YEAR", patterns=[CuedPattern("any four digits", r"\b\d{4}\b", 0.5, cue=r"\byear\b")]
            )

    years = lean(Years)()
    assert _found(years.analyze("the year 1999", ["YEAR"])) == [("YEAR", 9, 13, 0.5)]  # control: the cue stands
    assert years.analyze("in 1999", ["YEAR"]) == []  # no cue: the pattern is not tried, though it would match
    assert _found(Years().analyze("in 1999", ["YEAR"])) == [("YEAR", 3, 7, 0.5)]  # Presidio's loop ignores cues


def test_a_recognizer_with_a_matching_of_its_own_keeps_it() -> None:
    iban = next(r for r in build_recognizers(["all"]) if r.name == "CaseSafeIbanRecognizer")
    text = "Pay to DE89 3704 0044 0532 0130 00 today."
    assert _found(iban.analyze(text, ["IBAN_CODE"])) == [("IBAN_CODE", 7, 34, 1.0)]
