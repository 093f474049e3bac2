"""Names written in capitals: a line that is only a name, as a CV or a form heads a page ("SELAMAWIT TESFAYE
GEBREMARIAM"), and two to four words in capitals inside a sentence, as a passport or a booking writes a name ("본인
KWON DOYUN 여권번호", "booked under INOUE HARUKA."). Each word is a listed name or one English seldom uses, and no
ordinary word of an organisation's or a product's name ("WORK EXPERIENCE", "PERSONAL DETAILS" are headings). Inside a
sentence one word at least must be a listed name (capitals there are acronyms as often: "KYC AML checks"), and no
article may stand before it (a thing's name: "the ADAM OPTIMIZER", "the LEE CARTER model"). Pure: no I/O; the caller
says which names are listed.
"""

from __future__ import annotations

from collections.abc import Callable

import regex

from . import _english as english
from ._name_shapes import _capitalised, _name_part
from ._name_words import _NOT_IN_A_NAME
from ._normalize import is_hangul
from ._presidio import import_presidio

import_presidio()
from spacy.lang.en.stop_words import STOP_WORDS  # noqa: E402

_SHOUTED_LINE = regex.compile(r"(?m)^[ \t]*(\p{Lu}[\p{Lu}'\u2019-]+(?:[ \t]+\p{Lu}[\p{Lu}'\u2019-]+){1,3})[ \t]*\r?$")
_SHOUTED_RUN = regex.compile(
    r"(?<![\p{L}\p{N}.@_-])(\p{Lu}[\p{Lu}'\u2019-]+(?:[ \t]+\p{Lu}[\p{Lu}'\u2019-]+){1,3})(?![\p{L}\p{N}@_-]|\.\p{L})"
)
"""Two to four words in capitals anywhere (`shouted_names` decides)."""
_AN_ARTICLE_BEFORE = regex.compile(r"(?i:(?<!\p{L})(?:the|a|an|this|that|our|your|my|their))[ \t]+\Z")
"""An article before words in capitals makes them a thing's name ("the ADAM OPTIMIZER", "the LEE CARTER model")."""

Listed = Callable[[str], bool]
"""Whether a capitalised word ("Kwon", "O'Reilly") is a listed given or family name."""


def shouted_names(text: str, listed: Listed) -> list[tuple[int, int]]:
    """(start, end) of the names in capitals the module's docstring describes."""
    spans = []
    for match in _SHOUTED_LINE.finditer(text):
        if all(_shouted_name_word(word, listed) for word in match.group(1).split()):
            spans.append(match.span(1))
    for match in _SHOUTED_RUN.finditer(text):
        start, end = match.span(1)
        if not _written_among_words(text, start, end) or _a_things_name(text, start):
            continue  # a heading, or a thing's name: "the ADAM OPTIMIZER", "the LEE CARTER model"
        words = match.group(1).split()
        if all(_shouted_name_word(word, listed) for word in words) and any(listed(w.capitalize()) for w in words):
            spans.append((start, end))
    return spans


def _shouted_name_word(word: str, listed: Listed) -> bool:
    titled = _capitalised(word)  # "O'Reilly"
    if titled in _NOT_IN_A_NAME or titled.lower() in STOP_WORDS:
        return False
    return listed(titled) or english.uncommon(word.lower())


def _written_among_words(text: str, start: int, end: int) -> bool:
    """Whether the line around `start:end` is written in lower case (or Hangul) too: a name in capitals inside a
    sentence, not a heading or a line shouted whole."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    rest = text[line_start:start] + text[end : len(text) if line_end < 0 else line_end]
    return any(ch.islower() or is_hangul(ch) for ch in rest)


def _a_things_name(text: str, start: int) -> bool:
    """Whether an article stands right before `start` on its line (`_AN_ARTICLE_BEFORE`)."""
    line_start = text.rfind("\n", 0, start) + 1
    return _AN_ARTICLE_BEFORE.search(text, max(line_start, start - 12), start) is not None


_SHOUTED_WORDS = 3
"""The most words of a name in capitals after a label in capitals."""


def shouted_after_its_label(match: regex.Match[str], listed: Listed) -> bool:
    """Whether a form's label in capitals (group 0 up to group 1) stands before a name in capitals (group 1):
    "EMERGENCY CONTACT: SIONE TUIPULOTU (BROTHER)". Two or three words, each a name's, one listed or seldom an
    English word ("PATIENT: STABLE CONDITION", "NEXT OF KIN: NOT PROVIDED" stay)."""
    label, words = match.group(0)[: match.start(1) - match.start()], match.group(1).split()
    if not (label.isupper() and match.group(1).isupper() and 2 <= len(words) <= _SHOUTED_WORDS):
        return False
    titled = [word.capitalize() for word in words]
    if not all(len(word) > 1 and _name_part(word) for word in titled):
        return False
    return any(listed(word) or english.zipf(word.lower()) < english.EVERYDAY for word in titled)
