"""People found, grown over the name words beside them, so that a long name is hidden whole: "María del Carmen
Espinosa de los Monteros", "Nguyễn Thị Thu Hằng", "Mrs Olamide ADEYEMI-CLARKE". Pure: the lists and the test of a
family name in capitals come from the caller (`pii._names.NameRecognizer`).
"""

from __future__ import annotations

from collections.abc import Callable

import regex

from . import _english as english
from ._name_shapes import (
    _GROW_LEFT,
    _GROW_RIGHT,
    _GROW_WINDOW,
    _MAX_NAME_WORDS,
    _TITLE_BEFORE,
    _name_part,
    _union,
    _whole_words,
)
from ._name_words import TITLES_ALONE

_SHOUTED_RIGHT = regex.compile(r"[ \t]+(\p{Lu}[\p{Lu}'\u2019]+(?:-\p{Lu}[\p{Lu}'\u2019]+)*)(?![\p{L}\p{N}.])")
"""A family name in capitals after a name's last word, written in lower case."""


def grown_names(
    text: str,
    people: set[tuple[int, int]],
    first_names: frozenset[str],
    shouted_surname: Callable[[str], bool],
) -> list[tuple[int, int]]:
    """The spans of `people` grown where they grow. Rightwards any capitalised word that may be part of a name, with
    particles, and a family name in capitals (`shouted_surname`); leftwards only across a particle, a given name of
    `first_names`, or a word in mid-sentence, or one English seldom writes after a list's or a table's separator (";",
    "|", a quote: "Magnus; Pilar Jiménez Ortega"; not "| Contact Sarah Jones"); a sentence's first word may be
    anything."""
    grown: list[tuple[int, int]] = []
    for start, end in _union(people):
        new_start, new_end = _whole_words(text, start, end)
        words = len(text[new_start:new_end].split())
        while words < _MAX_NAME_WORDS and (right := _GROW_RIGHT.match(text, new_end)) is not None:
            if not _name_part(right.group(2)):
                break
            new_end, words = right.end(), words + len(right.group(0).split())
        shouted = _SHOUTED_RIGHT.match(text, new_end)
        last = text[new_start:new_end].split()[-1] if new_end > new_start else ""
        if shouted is not None and any(ch.islower() for ch in last) and shouted_surname(shouted.group(1)):
            new_end = shouted.end()  # a form's family name in capitals: "Mrs Olamide ADEYEMI-CLARKE"
        while words < _MAX_NAME_WORDS:
            offset = max(0, new_start - _GROW_WINDOW)
            left = _GROW_LEFT.search(text, offset, new_start)
            if left is None or not _name_part(left.group(1)):
                break
            before = text[: left.start()].rstrip(" \t")[-1:]
            mid_sentence = before.islower() or before in {",", ":", "("}
            # after a list's or a cell's separator, a word English writes every day is a heading's ("| Contact")
            separated = before in {";", "|", '"'} and english.zipf(left.group(1).lower()) < english.EVERYDAY
            title = _TITLE_BEFORE.search(text, offset, left.start())
            after_title = title is not None and title.group(1).lower() in TITLES_ALONE
            if not (left.group(2) or left.group(1) in first_names or mid_sentence or separated or after_title):
                break
            new_start, words = left.start(), words + len(left.group(0).split())
        if (new_start, new_end) != (start, end):
            grown.append((new_start, new_end))
    return grown
