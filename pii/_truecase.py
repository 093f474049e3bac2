"""Lines written in capitals, as a reader would write them in upper and lower case, for a second reading.

A form, a court list, a bank's transfer message or a customs notice shouts ("MR CIARÁN Ó BROIN", "RESIDES IN
WALTHAMSTOW", "RUE DE CAROUGE 61"): spaCy's model and the rules that read a capital as a name's mark find nothing
there. `truecased` gives the same text, the same length, with each line in capitals (no lower-case letter, no letter
of a script without case, a word of four capitals at least; three words of four letters or a listed name or place, not
a row of labels and acronyms: "SIM ICCID") rewritten word by word: a listed given or family name or
a listed place or a word of an organisation's or a product's name with one capital ("Broin", "Riyadh", "Holdings"), a
stop word, a word English uses at all (Zipf 3 and more) or an
everyday word of the other languages prompts come in in lower case ("resides", "in", "rue"), a title or a street's
abbreviation as a letter writes it ("Mr", "St", "Rd"), and any other word with one capital ("Walthamstow",
"Carouge"). A word holding a digit (an identifier: "T20257104", "SW1A") and a letter alone ("Ó", "J.") stay as
written. The Redactor reads a truecased text besides the text itself, so nothing found in the original is lost by it
(a state's code or a National Insurance number's letters, "IL", "AB", may not read as one in lower case). Pure: no
I/O; the caller says which words are listed.
"""

from __future__ import annotations

from collections.abc import Callable

import regex

from . import _english as english
from ._name_words import ORDINARY_CAPITALISED
from ._presidio import import_presidio

import_presidio()
from spacy.lang.en.stop_words import STOP_WORDS  # noqa: E402

_SHOUTING_LINE = regex.compile(r"(?m)^[^\p{Ll}\p{Lo}\n]*\p{Lu}{4}[^\p{Ll}\p{Lo}\n]*$")
"""A line with no lower-case letter, no letter of a script without case (Hangul: "KTX 타고"), and a word of four
capitals at least."""
_WORD = regex.compile(r"(?<![\p{L}\p{M}\p{N}_])\p{Lu}[\p{Lu}\p{M}'\u2019]+(?![\p{L}\p{M}\p{N}_])")
"""A word of two capitals or more and no digit."""
_BEFORE_A_WORD = regex.compile(r"\.?[ \t]+\p{L}")
_AS_IN_A_LETTER = frozenset({"MR", "MRS", "MS", "DR", "ST", "RD", "CO", "JR", "SR", "MT", "AVE", "PROF", "MME", "MLLE"})
"""Titles and abbreviations a letter writes with one capital before a word ("Mr Okafor", "St. Brendan's", "Co. Wexford";
not a passenger's "ODUYA/KOFI MR")."""

Proper = Callable[[str], bool]
"""Whether a capitalised word ("Kwon", "O'Reilly", "Riyadh") is a listed given or family name or a listed place."""


def truecased(text: str, proper: Proper) -> str | None:
    """`text` with its lines in capitals written as the module's docstring says; None if it has none."""
    if _SHOUTING_LINE.search(text) is None:
        return None
    pieces, cursor = [], 0
    for line in _SHOUTING_LINE.finditer(text):
        words = _WORD.findall(text, line.start(), line.end())
        if not _language_or_a_proper_noun(words, proper):
            continue  # labels and acronyms ("SIM ICCID: 8982 ..."): left as written
        for word in _WORD.finditer(text, line.start(), line.end()):
            pieces.append(text[cursor : word.start()])
            before_a_word = _BEFORE_A_WORD.match(text, word.end()) is not None
            pieces.append(_recased(word.group(), proper, before_a_word=before_a_word))
            cursor = word.end()
    pieces.append(text[cursor:])
    cased = "".join(pieces)
    return cased if len(cased) == len(text) else None  # a letter whose case changes its length: read as written


_WORDS_OF_A_SENTENCE = 3
"""Words of four letters or more a line in capitals holds when it is written in words, not in labels and acronyms."""


def _language_or_a_proper_noun(words: list[str], proper: Proper) -> bool:
    """Whether a line's words in capitals are a sentence's (three of four letters or more: "RESIDES IN WALTHAMSTOW")
    or hold a listed name or place of four letters or more ("WANG XIAOLING", "RIYADH"), not a row of labels or acronyms
    ("SIM ICCID": "Sim" is a Korean family name too)."""
    if sum(len(word) >= 4 for word in words) >= _WORDS_OF_A_SENTENCE:
        return True
    return any(len(word) >= 4 and proper(word[0] + word[1:].lower()) for word in words)


def _recased(word: str, proper: Proper, *, before_a_word: bool) -> str:
    capitalised = word[0] + word[1:].lower()
    if (word in _AS_IN_A_LETTER and before_a_word) or proper(capitalised) or capitalised in ORDINARY_CAPITALISED:
        return capitalised  # "Mr Okafor", "Broin"; "Holdings Ltd": an organisation's words stay one's
    lower = word.lower()
    elsewhere = english.zipf_elsewhere(lower) >= english.EVERYDAY
    if lower in STOP_WORDS or english.zipf(lower) >= english.UNCOMMON or elsewhere:
        return lower  # "RESIDES IN" -> "resides in"; "RUE DE" -> "rue de"
    return capitalised
