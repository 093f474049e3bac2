"""German's nouns read as people or places: German capitalises every noun, and spaCy's English model takes a German
letter's abstract and compound nouns for names ("Betreff: Kündigung", "Ihre Abrechnung", "Magistratsabteilung 35",
"Ansprechpartner", "Neue Wohnung"). Only nouns of a German text with a suffix that makes one ("-ung", "-schaft",
"-partner", "-amt", ...) and that German uses every day or that are long enough to be a compound; never a word of a
name's list, nor a place's name ("Taichung", "Kaohsiung", "Bandung" end in "-ung" too: no German word). Pure: no I/O
but wordfreq's list, read once.
"""

from __future__ import annotations

from functools import lru_cache

import regex

from ._foreign_words import own_function_words
from ._name_words import listed_names

_NOUN = regex.compile(
    r"\p{Lu}\p{Ll}{3,}(?:ung|ungen|heit|keit|schaft|schaften|abteilung|partner|partnerin|vertreter|vertreterin"
    r"|meldung|rechnung|nehmer|nehmerin|geber|geberin|stelle|amt|verwaltung|versicherung|vertrag|verein|zentrum"
    r"|gesellschaft|behörde|gericht|kasse|leitung)"
)
_COMPOUND = 12
"""Letters from which a word with such a suffix is a German compound ("Texterkennung"), listed by wordfreq or not."""
_LAST_PART = 5
"""Letters of a compound's last part at least ("meldung" of "Schadensmeldung")."""
_EVERYDAY = 3.0
"""How common in German a shorter one must be ("Wohnung" 5.1, "Erstattung" 3.3; "Taichung" 0)."""
_GERMAN_TEXT = 4
"""German's own function words a text must hold to be German ("und", "Ihre", "nicht", "wir")."""
_WORD = regex.compile(r"\p{L}+")
_EDGES = ".,:;()[]\"'\u2013-"
_ABBREVIATIONS = frozenset({"Nr", "Tel", "Str", "Abs", "Az"})
"""What follows such a noun in a letter's subject ("Kündigung Mitgliedschaft Nr. 220-45817")."""


_WHOSE = frozenset({"bei", "mit", "von", "an", "für", "zu", "frau", "herr", "herrn", "dr", "prof", "familie", "fam"})
"""What stands before a person's family name, not a noun ("bei Hartung", "Frau Ordnung")."""
_WORD_BEFORE = regex.compile(r"(\p{L}+)\.?[ \t]+$")


def a_german_noun_phrase(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` holds a German noun (`_NOUN`) and no capitalised word but German nouns and German's
    function words ("Bescheinigung Ihrer Krankenkasse"; not "Standesamt Gumbinnen", "Hausverwaltung Lindemann"), in a
    German text; one noun alone not after a word that stands before a family name (`_WHOSE`: "bei Hartung")."""
    words = [bare for word in text[start:end].split() if (bare := word.strip(_EDGES))]
    nouns = [word for word in words if _a_german_noun(word)]
    if not nouns or not _german(text):
        return False
    before = _WORD_BEFORE.search(text, max(0, start - 20), start)
    if len(words) == 1 and before is not None and before.group(1).lower() in _WHOSE:
        return False
    german = own_function_words("de")
    return all(
        word in nouns or word.lower() in german or word in _ABBREVIATIONS or not word[:1].isupper() for word in words
    )


def _a_german_noun(word: str) -> bool:
    """A word with a noun's suffix that German uses every day, or a compound whose last part it does ("Texterkennung":
    "erkennung"; not a town in Java: "Tanjungagung")."""
    if _NOUN.fullmatch(word) is None or word in listed_names():
        return False
    lower = word.lower()
    if len(word) < _COMPOUND:
        return _everyday_german(lower)
    return any(_everyday_german(lower[i:]) for i in range(3, len(lower) - _LAST_PART + 1))


def _everyday_german(word: str) -> bool:
    import wordfreq

    return float(wordfreq.zipf_frequency(word, "de", wordlist="small")) >= _EVERYDAY


@lru_cache(maxsize=64)
def _german(text: str) -> bool:
    german = own_function_words("de")
    seen: set[str] = set()
    for word in _WORD.finditer(text):
        lower = word.group().lower()
        if lower in german:
            seen.add(lower)
            if len(seen) >= _GERMAN_TEXT:
                return True
    return False
