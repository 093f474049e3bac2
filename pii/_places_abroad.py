"""Places after another language's preposition of place, in a line written in that language (applied by
`pii._places.PlaceRecognizer`): "ojciec pracuje w Norwegii", "babcia z Wieliczki", "residente a Bergamo", "min
barnmorska i Mölndal", "venimos desde Azpeitia". The gazetteer knows few towns as those languages inflect them, and
spaCy's English model reads no Polish or Swedish sentence; but there a capitalised word right after "w", "z", "i",
"desde" is a place far more often than anything else.

Only in a line whose own words say its language (`pii._foreign_words.lines_in_other_languages`), only after that
language's prepositions of place, and only a capitalised word that is no given name of the lists (a person after "a" or
"z" is the name rules'), no everyday English word, no word of an organisation, a product or a venue, not the first word
of a building's name ("w Szpitalu Uniwersyteckim", "på Östra sjukhuset"), and, unless the gazetteer lists it or its
stem, no day, month, feast, language, shop, app or brand, inflected or not ("sa Sabado", "w Styczniu", "a Pasquetta",
"w Biedronce", "w Excelu": `pii._foreign_capitals.nowhere`), nor another language's everyday word ("a Tutti"). Pure:
patterns over the text.
"""

from __future__ import annotations

from functools import cache

import regex

from . import _english as english
from . import wordlists
from ._foreign_capitals import LONGEST_ENDING, nowhere
from ._foreign_words import lines_in_other_languages
from ._given_names import given_names_abroad
from ._name_words import ORDINARY_CAPITALISED, listed_given_names

PREPOSITIONS_OF_PLACE = {
    "pl": frozenset({"w", "we", "z", "ze", "do", "koło"}),
    "cs": frozenset({"v", "ve", "z", "ze", "do"}),
    "sv": frozenset({"i", "på", "från", "till"}),
    "da": frozenset({"i", "på", "fra", "til"}),
    "nb": frozenset({"i", "på", "fra", "til"}),
    "it": frozenset({"a", "in", "da"}),
    "es": frozenset({"en", "desde"}),
    "pt": frozenset({"em", "para", "pra"}),
    "fr": frozenset({"à", "en", "au"}),
    "nl": frozenset({"in", "naar", "uit", "te"}),
    "ro": frozenset({"în", "la", "din"}),
    "id": frozenset({"di", "ke", "dari"}),
    "tl": frozenset({"sa", "taga"}),
}
"""Prepositions of place a town follows, by language (not Portuguese "no" and "na": "trabalha na Dell")."""
_PLACE_WORD = regex.compile(r"\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)*")
_NAME_AFTER = regex.compile(r"[ \t]+\p{Lu}\p{Ll}+[ \t]+\p{Ll}")
"""Another capitalised word, then one in lower case: a building's or a firm's name ("Szpitalu Uniwersyteckim w", "Östra
sjukhuset"), whose first word is no town."""


def places_after_other_languages_prepositions(text: str, places: frozenset[str]) -> list[tuple[int, int]]:
    """The spans of the places of the module's docstring: one capitalised word, or a town of two or three ("San
    Lazzaro di Savena" is read as far as its capitals go: "San Lazzaro"). `places`: the gazetteer's keys."""
    return [
        (offset + start, offset + end)
        for offset, line, words, language in lines_in_other_languages(text)
        if language in PREPOSITIONS_OF_PLACE
        for start, end in _after(line, words, language, places)
    ]


def _after(line: str, words: list[regex.Match[str]], language: str, places: frozenset[str]) -> list[tuple[int, int]]:
    spans = []
    for i in range(1, len(words)):
        if words[i - 1].group() not in PREPOSITIONS_OF_PLACE[language] or not _one_space(line, words, i):
            continue
        if not _a_place_word(words[i].group()) or not _a_town_here(words[i].group(), language, places):
            continue
        last = i
        while last + 1 < len(words) and last < i + 2 and _one_space(line, words, last + 1):
            if not _a_place_word(words[last + 1].group()):
                break
            last += 1
        if last == i and _NAME_AFTER.match(line, words[i].end()):
            continue
        spans.append((words[i].start(), words[last].end()))
    return spans


def _one_space(line: str, words: list[regex.Match[str]], i: int) -> bool:
    return line[words[i - 1].end() : words[i].start()] == " "


def _a_place_word(word: str) -> bool:
    return (
        _PLACE_WORD.fullmatch(word) is not None
        and word not in ORDINARY_CAPITALISED
        and word not in _given_names()
        and english.zipf(word.lower()) < english.EVERYDAY
    )


@cache
def _given_names() -> frozenset[str]:
    return listed_given_names() | given_names_abroad()


_INFLECTING = frozenset({"pl", "cs"})
_EVERYDAY_ELSEWHERE = 5.0
"""A word another language uses this often is its own word, not a town on no list ("a Tutti", "a Dio")."""


def _a_town_here(word: str, language: str, places: frozenset[str]) -> bool:
    """Whether the word may be a town: a listed one, or one whose stem is (Polish's and Czech's case endings: "w
    Berlinie"); else no day, month, feast, language, brand or app (`pii._foreign_capitals.nowhere`), and no everyday
    word of the prompts' other languages."""
    inflected = language in _INFLECTING
    stems = [word[:-cut] for cut in range(1, LONGEST_ENDING + 1) if len(word) - cut >= 3] if inflected else []
    if any(wordlists.split_key(form) in places for form in (word, *stems)):
        return True
    return not nowhere(word, inflected=inflected) and english.zipf_elsewhere(word.lower()) < _EVERYDAY_ELSEWHERE
