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
_GIVEN_CLOSING_A_CELL = regex.compile(
    r",[ \t](\p{Lu}[\p{Ll}\p{M}'\u2019-]+(?:[ \t]\p{Lu}[\p{Ll}\p{M}'\u2019-]+)?)(?=\t|[ \t]*[|\r\n]|[ \t]*$|[ \t]{2})",
    regex.MULTILINE,
)
"""A register's given names after its family name and a comma, closing the cell ("Weisz, Mór\t34\ttailor")."""
_OPENING_A_CELL = regex.compile(r"(?:^|\t|\|)[ \t]*$", regex.MULTILINE)


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
        elif words == 1 and (given := _given_closing_a_cell(text, new_start, new_end, first_names)):
            new_end = given  # a register's cell: "Weisz, Mór"
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


def _given_closing_a_cell(text: str, start: int, end: int, first_names: frozenset[str]) -> int:
    """Where a register's cell ends whose family name is found at `start`-`end` and whose given names, after a comma,
    close it: each a listed given name or a word English seldom uses ("Weisz, Mór", "Dzubay, Anna"); 0 if it is no
    such cell ("Smith, Manager", a name in a sentence's list)."""
    given = _GIVEN_CLOSING_A_CELL.match(text, end)
    opening = _OPENING_A_CELL.search(text, max(0, start - 40), start)
    if given is None or opening is None:
        return 0
    if not opening.group().strip(" ") and text[given.end(1) : given.end(1) + 1] not in ("\t", "|", " "):
        return 0  # a line of its own is no table's row: "Cheers, Lucía", "Pozdrawiam, Gosia"
    for word in given.group(1).split():
        if not _name_part(word) or (word not in first_names and not english.uncommon(word.lower())):
            return 0
    return int(given.end(1))
