"""Pattern recognizers matching as Presidio's do, less its bookkeeping; patterns tried only where their cue stands.

Presidio's `PatternRecognizer` reads the clock twice and writes a debug line for every pattern on every text, whatever
it finds; with some hundred patterns a prompt that was a tenth of detection. `lean` gives a recognizer class the same
matching without it: the same patterns, flags, timeout, validation, invalidation, scores, explanations and
deduplication, so every result is the one Presidio's loop gives (tests/pii/test_patterns.py compares them).

A `CuedPattern` can match only right after a word (a word of birth before a birth date, a word of phoning before a
number): its lookbehind is tried at every character of a text, which cost more than all other patterns of its
recognizer. It is tried only on a text where its cue stands at all.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import regex

from ._presidio import import_presidio

import_presidio()
from presidio_analyzer import EntityRecognizer, Pattern, PatternRecognizer, RecognizerResult  # noqa: E402
from presidio_analyzer.pattern_recognizer import REGEX_TIMEOUT_SECONDS  # noqa: E402


class CuedPattern(Pattern):
    """A `Pattern` that cannot match in a text where `cue` (a regular expression, searched with the recognizer's
    flags) finds nothing; the text is searched for the cue once, before the pattern itself."""

    def __init__(self, name: str, pattern: str, score: float, cue: str) -> None:
        super().__init__(name, pattern, score)
        self.cue = cue


def lean(cls: type[EntityRecognizer]) -> type[EntityRecognizer]:
    """`cls` matching its patterns without Presidio's per-pattern clock and log line (`_match_patterns`), and with its
    `CuedPattern`s tried only where their cue stands; any other recognizer class as it is. A class with a matching of
    its own (Presidio's IBAN recognizer) never calls this one and keeps its own."""
    if not issubclass(cls, PatternRecognizer):
        return cls
    if cls not in _LEAN:
        overrides = {"_PatternRecognizer__analyze_patterns": _match_patterns, "__doc__": cls.__doc__}
        _LEAN[cls] = type(cls.__name__, (cls,), {**overrides, "__module__": cls.__module__})
    return _LEAN[cls]


_LEAN: dict[type[EntityRecognizer], type[EntityRecognizer]] = {}


def _match_patterns(self: Any, text: str, flags: int | None = None) -> list[RecognizerResult]:
    """Presidio's `PatternRecognizer.__analyze_patterns`, less its clock and its debug line, and with cues."""
    flags = int(flags or self.global_regex_flags)
    results: list[RecognizerResult] = []
    cues: dict[str, bool] = {}
    for pattern in self.patterns:
        cue = getattr(pattern, "cue", None)
        if cue is not None:
            if cue not in cues:
                cues[cue] = _compiled(cue, flags).search(text) is not None
            if not cues[cue]:
                continue
        if not pattern.compiled_regex or pattern.compiled_with_flags != flags:
            pattern.compiled_with_flags = flags
            pattern.compiled_regex = regex.compile(pattern.regex, flags=flags)
        try:
            for match in pattern.compiled_regex.finditer(text, timeout=REGEX_TIMEOUT_SECONDS):
                start, end = match.span()
                if start == end:
                    continue
                result = _result(self, pattern, text[start:end], start, end, flags)
                if result is not None:
                    results.append(result)
        except TimeoutError:
            continue  # as Presidio's: this pattern finds nothing in this text
    return EntityRecognizer.remove_duplicates(results)


def _result(recognizer: Any, pattern: Any, value: str, start: int, end: int, flags: int) -> RecognizerResult | None:
    """The result Presidio's loop makes of one match, or None where validation or invalidation drops it."""
    score = pattern.score
    validation = recognizer.validate_result(value)
    explanation = recognizer.build_regex_explanation(
        recognizer.name, pattern.name, pattern.regex, score, validation, flags
    )
    result = RecognizerResult(
        entity_type=recognizer.supported_entities[0],
        start=start,
        end=end,
        score=score,
        analysis_explanation=explanation,
        recognition_metadata={
            RecognizerResult.RECOGNIZER_NAME_KEY: recognizer.name,
            RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: recognizer.id,
        },
    )
    if validation is not None:
        result.score = EntityRecognizer.MAX_SCORE if validation else EntityRecognizer.MIN_SCORE
    if recognizer.invalidate_result(value):
        result.score = EntityRecognizer.MIN_SCORE
    explanation.score = result.score
    return result if result.score > EntityRecognizer.MIN_SCORE else None


@cache
def _compiled(cue: str, flags: int) -> Any:
    return regex.compile(cue, flags=flags)
