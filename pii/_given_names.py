"""Given names of many countries from a kept dictionary: `gender-guesser`'s `nam_dict.txt`, Jörg Michael's list of
about 37,000 given names of 54 countries ("Eduardo", "Shauna", "Manjit", "Tamsin", "Declan"), read as a list, its
genders and frequencies unused. Split by `pii.wordlists` like every list a recognizer learns from: the recognizer
loads four fifths.

A name that is also a word is left out: one English uses commonly (`_IN_ENGLISH`: "Will", "Hope", "Page") or one of
the other languages prompts come in (`_ELSEWHERE`: "Sol", "Paz", "Noé"); those stay with the project's own list
(`data/first_names.txt`), whose rules know them. Pure but for reading the package's file once.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from . import _english as english
from . import wordlists

_IN_ENGLISH = 3.0
"""Zipf frequency in English from which a name is left out as a word (`pii._english.UNCOMMON`)."""
_ELSEWHERE = 3.5
"""Zipf frequency in another language of `pii._english.ELSEWHERE` from which a name is left out as a word."""
_SHORTEST = 3


@cache
def given_names_abroad() -> frozenset[str]:
    """The recognizers' part of the dictionary's given names, less the words (the module's docstring)."""
    shaped = {name for name in dictionary_names() if len(name) >= _SHORTEST and name[0].isupper()}
    lower = {name.lower() for name in shaped}
    words = english.common(lower, _IN_ENGLISH) | english.common(lower, _ELSEWHERE, english.ELSEWHERE)
    return frozenset(name for name in shaped if name.lower() not in words and not wordlists.is_held_out(name))


@cache
def recognizers_dictionary_names() -> frozenset[str]:
    """The recognizers' part of the dictionary's given names, the words among them too ("Clive", "Rebecca", "Rosa"):
    for the rules that know from a name's place that no word stands there."""
    return frozenset(name for name in dictionary_names() if not wordlists.is_held_out(name))


@cache
def dictionary_names() -> frozenset[str]:
    """Every given name of the dictionary, as written, less its compounds ("Jang+Hee", written three ways)."""
    text = resources.files("gender_guesser").joinpath("data", "nam_dict.txt").read_text(encoding="utf-8")
    rows = (line.split() for line in text.splitlines() if line[:1] not in ("#", "=", ""))
    return frozenset(fields[1] for fields in rows if len(fields) > 1 and "+" not in fields[1])
