"""Presidio's recognizers narrowed, class by class: wrappers that keep a recognizer's own analysis and change what
reaches it or what it returns (applied by `pii.recognizers`). Each returns a subclass of the same name.
"""

from __future__ import annotations

from typing import Any

import regex

from ._presidio import import_presidio

import_presidio()
from presidio_analyzer import EntityRecognizer  # noqa: E402


def gated(cls: type[EntityRecognizer], gate: str) -> type[EntityRecognizer]:
    """`cls`, skipping its (costly) analysis of texts in which `gate` cannot match at all.

    The phone recognizer parses every candidate for every region; a text without seven digits in
    a row (separators allowed) holds no phone number, and a text without '@' holds no email.
    """
    compiled = regex.compile(gate)

    def analyze(self: Any, text: str, entities: list[str], nlp_artifacts: Any = None, **kwargs: Any) -> Any:
        if compiled.search(text) is None:
            return []
        return cls.analyze(self, text, entities, nlp_artifacts, **kwargs)

    return type(cls.__name__, (cls,), {"analyze": analyze, "__doc__": cls.__doc__})


_REFERENCE_PREFIX = regex.compile(r"(?<![\p{L}\p{N}])\p{Lu}{2,6}-$")
_IDENTIFIER_WORD = regex.compile(r"(?i:licen[cs]e|passport|account|acct|a/c|\bDL\b|permit)")


def unprefixed(cls: type[EntityRecognizer]) -> type[EntityRecognizer]:
    """`cls`, minus the numbers a reference's letters and a hyphen open ("policy FP-0098412", "report KRPB-228431",
    "TRV-220981"): that reference, not a licence, passport or account number its weak pattern reads there, unless
    such a word comes before it (`_a_reference`)."""

    def analyze(self: Any, text: str, entities: list[str], nlp_artifacts: Any = None, **kwargs: Any) -> Any:
        found = cls.analyze(self, text, entities, nlp_artifacts, **kwargs) or []
        return [r for r in found if not _a_reference(text, r.start)]

    return type(cls.__name__, (cls,), {"analyze": analyze, "__doc__": cls.__doc__})


def undialled(cls: type[EntityRecognizer]) -> type[EntityRecognizer]:
    """`cls`, with the numbers a "+" opens ("+250788314592") typed as what they are: a country's code dialled, a phone
    number, not the licence or account number a pattern of digits alone reads there (hidden all the same)."""

    def analyze(self: Any, text: str, entities: list[str], nlp_artifacts: Any = None, **kwargs: Any) -> Any:
        found = cls.analyze(self, text, entities, nlp_artifacts, **kwargs) or []
        for result in found:
            if text[result.start - 1 : result.start] == "+":
                result.entity_type = "PHONE_NUMBER"
        return found

    return type(cls.__name__, (cls,), {"analyze": analyze, "__doc__": cls.__doc__})


def _a_reference(text: str, start: int) -> bool:
    """Whether the number at `start` follows a reference's letters and a hyphen, and no word of a licence, passport
    or account comes shortly before ("driver licence: DL-B7654321" is one)."""
    prefixed = _REFERENCE_PREFIX.search(text, max(0, start - 8), start) is not None
    return prefixed and _IDENTIFIER_WORD.search(text, max(0, start - 40), start) is None
