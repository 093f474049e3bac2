"""Words of code and machine text that no one is named: what the model and the name rules read as people or places in
a stack trace, a log or a record's identifier. Pure: no I/O.
"""

from __future__ import annotations

import re

from . import _english as english
from ._name_words import east_asian_family_names, listed_names

_CAMEL_PARTS = re.compile(r"[A-Z][a-z]+")
_CAMEL_WORD = re.compile(r"(?:[A-Z][a-z]{2,}){2,}")
"""A class's or a state's name in camel case: two capitalised parts or more, of three letters each at least
("MandateImporter", "CrashLoopBackOff"; not "McDonald", "LeBron", "JoAnn")."""
_PART_ZIPF = 3.0
"""A camel-cased part this common in English is a word of it ("importer" 3.1), not a name's part ("kenzie" 2.4)."""
_IN_CODE = re.compile(r"\.[a-z]|\(|::")
"""What follows a class's name in code: a member or a file's ending after a dot, a call's bracket, a scope's colons."""
_MANY_PARTS = 3
"""Camel-cased parts a name written in one word seldom has, where code's states and classes do ("CrashLoopBackOff")."""
CODE_WORDS = frozenset({"TODO", "FIXME", "XXX", "Traceback", "JSON", "YAML", "Config", "README", "NaN", "NaT"})
"""Words of code and of its output that a model reads as names ("# TODO ask Mehmet", "Traceback (most recent call
last)", "give NaN for Shenzhen")."""


def a_code_word(text: str, start: int, end: int) -> bool:
    """Whether the person or place found at `start:end` is a word of code: a record's identifier's prefix ("APX-" of
    "APX-0101"), a word of code (`CODE_WORDS`), or a class's name in camel case made of English words and no listed
    name, where code names it: in a dotted path or before a call ("batch.MandateImporter.importRow(", "(MandateImporter.
    java:88)"), or of three parts or more ("CrashLoopBackOff"); not "ask AbdulRahman", "I live in HongKong", whose
    parts are English words too."""
    span = text[start:end]
    if span.endswith("-") and text[end : end + 1].isdigit():
        return True
    if span in CODE_WORDS:
        return True
    if _CAMEL_WORD.fullmatch(span) is None:
        return False
    parts = _CAMEL_PARTS.findall(span)
    coded = _IN_CODE.match(text, end) is not None or text.endswith(".", 0, start) or len(parts) >= _MANY_PARTS
    return coded and all(part not in listed_names() and english.zipf(part.lower()) >= _PART_ZIPF for part in parts)


_NO_VOWEL = re.compile(r"[B-DF-HJ-NP-TV-XZ]{2,5}")


def an_acronym(value: str) -> bool:
    """Whether a person or a place found is two to five capitals with no vowel ("GBP", "NSL", "RSVP", "JFK", "KST"): an
    abbreviation, no name; not a family name written so ("NG")."""
    return _NO_VOWEL.fullmatch(value) is not None and value.capitalize() not in east_asian_family_names()
