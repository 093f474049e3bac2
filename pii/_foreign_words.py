"""The function words of the languages prompts are written in beside English: spaCy's own stop-word lists (plain
Python sets, no model), read once. The English model reads a run of words holding another language's function word in
lower case as a person ("mein Konto", "para el CRM", "nie dzwonić"); no name holds one, but for the particles names are
written with ("de", "van", "bin") and the words that join two names ("y", "und").
"""

from __future__ import annotations

import importlib
from functools import cache

import regex

_LANGUAGES = ("de", "nl", "fr", "es", "it", "pt", "pl", "sv", "da", "nb", "fi", "cs", "ro", "tr", "id", "tl")
"""German, Dutch, French, Spanish, Italian, Portuguese, Polish, Swedish, Danish, Norwegian, Finnish, Czech, Romanian,
Turkish, Indonesian and Tagalog."""
_IN_NAMES = frozenset(
    {"de", "da", "do", "dos", "das", "del", "della", "delle", "dei", "di", "du", "des", "van", "von", "der", "den"}
    | {"ter", "ten", "te", "la", "le", "las", "los", "el", "al", "bin", "binti", "bint", "ibn", "y", "e", "i", "et"}
    | {"und", "og", "och", "en", "dan", "ve", "si", "at", "ng", "sa", "zu", "zur", "vom", "het", "op", "ka", "na"}
)
"""Particles of names ("Maria de la Cruz", "van der Berg", "Ahmad bin Ismail") and the words that join two names ("Ana
y Luis"): kept."""


@cache
def function_words() -> frozenset[str]:
    """The stop words of `_LANGUAGES`, lower case, less `_IN_NAMES` and English's own ("of": "Isle of Man")."""
    from spacy.lang.en.stop_words import STOP_WORDS

    words: set[str] = set()
    for language in _LANGUAGES:
        words |= importlib.import_module(f"spacy.lang.{language}.stop_words").STOP_WORDS
    return frozenset(word for word in words if word.isalpha()) - _IN_NAMES - STOP_WORDS


def holds_a_function_word(words: list[str], names: frozenset[str] | set[str]) -> bool:
    """Whether a run of two words or more the model read as a name holds another language's function word in lower
    case ("mein Konto", "para el CRM", "nie dzwonić"), none of them a listed name (`names`). A capitalised word alone
    is not asked, however often another language writes it ("Tom", "Ellen", "Chiara", "Will" are in some language's
    list)."""
    if len(words) < 2:
        return False
    lowered = function_words()
    return any(word.islower() and word in lowered and word.capitalize() not in names for word in words)


_WORD = regex.compile(r"\S+")


def capitalised_runs(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The runs of capitalised words inside `text[start:end]`, split at its words in lower case: what of a run the model
    read too widely may be a name ("ho toh Ajinkya ko" holds "Ajinkya", "Elie w Joe" "Elie" and "Joe", "nie dzwonić"
    none)."""
    runs: list[tuple[int, int]] = []
    current: tuple[int, int] | None = None
    for word in _WORD.finditer(text, start, end):
        if word.group()[:1].isupper():
            current = (current[0] if current else word.start(), word.end())
        elif current is not None:
            runs.append(current)
            current = None
    return [*runs, current] if current is not None else runs
