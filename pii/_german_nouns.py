"""German's nouns read as people or places: German capitalises every noun, and spaCy's English model takes a German
letter's abstract and compound nouns for names ("Betreff: Kündigung", "Ihre Abrechnung", "Magistratsabteilung 35",
"Ansprechpartner", "Neue Wohnung"). Only nouns of a German text with a suffix that makes one ("-ung", "-schaft",
"-partner", "-amt", ...) and that German uses every day or that are long enough to be a compound; never a word of a
name's list, nor a place's name ("Taichung", "Kaohsiung", "Bandung" end in "-ung" too: no German word). Pure: no I/O
but wordfreq's list, read once.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import regex

from . import _english as english
from ._foreign_words import own_function_words
from ._given_names import recognizers_dictionary_names
from ._name_words import listed_names
from ._places import a_listed_place

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


def a_german_noun_phrase(text: str, start: int, end: int, kind: str = "PERSON") -> bool:
    """Whether `text[start:end]`, in a German text, is German's nouns and function words, no name: with a noun's suffix
    (`_suffixed_nouns`) or everyday nouns where German's grammar says they are nouns (`_everyday_nouns`; a place of one
    word is left to the other rules: "an die Ostsee")."""
    words = [bare for word in text[start:end].split() if (bare := word.strip(_EDGES))]
    if not words or not _german(text):
        return False
    if _suffixed_nouns(text, start, words):
        return True
    return (len(words) > 1 or kind != "LOCATION") and _everyday_nouns(text, start, words)


def _suffixed_nouns(text: str, start: int, words: list[str]) -> bool:
    """Whether the words hold a German noun (`_NOUN`) and no capitalised word but German nouns and German's function
    words ("Bescheinigung Ihrer Krankenkasse"; not "Standesamt Gumbinnen", "Hausverwaltung Lindemann"); one noun alone
    not after a word that stands before a family name (`_WHOSE`: "bei Hartung")."""
    nouns = [word for word in words if _a_german_noun(word)]
    if not nouns:
        return False
    before = _WORD_BEFORE.search(text, max(0, start - 20), start)
    if len(words) == 1 and before is not None and before.group(1).lower() in _WHOSE:
        return False
    german = own_function_words("de")
    return all(
        word in nouns or word.lower() in german or word in _ABBREVIATIONS or not word[:1].isupper() for word in words
    )


_DETERMINERS = frozenset(
    {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines", "kein", "keine"}
    | {"keinen", "zum", "zur", "im", "am", "vom", "beim", "ins"}
)
"""What stands before a German noun and seldom before a name: an article or a preposition with its article ("für den
Mahnantrag", "zur Behörde"); not a possessive, which a letter's close writes before a given name ("Ihr Gerhard")."""
_IN_NAMES = frozenset({"von", "zu"})
"""German's function words inside a noble name ("Joachim von der Lippe")."""
_PLACE_ENDINGS = (
    *("kirchen", "hausen", "münster", "brunnen", "brücken", "weiler", "hofen", "ingen", "stedt", "stadt", "dorf"),
    *("berg", "burg", "feld", "felde", "felden", "heim", "bach", "hagen", "hafen", "markt", "wald", "walde", "brunn"),
    *("stein", "furt", "leben", "zell", "horst", "beuren", "bühl", "kamp", "büttel", "heide", "hof", "haus"),
    *("straße", "strasse", "weg", "gasse", "platz", "allee", "ring", "damm", "ufer", "österreich", "bayern", "franken"),
    *("sachsen", "schwaben", "land", "tirol", "hessen", "pfalz", "schmidt", "schmitt", "brunner", "berger", "burger"),
    *("meier", "mayer", "maier", "müller", "schein", "hofer", "huber", "bauer", "hauser", "linger", "thaler", "wieser"),
)
"""How German towns', streets', regions' and family names end, everyday words too ("Gallneukirchen", "Ludwigshafen",
"Goethestraße", "Niederbayern", "Hinterberger", "Sonnenschein"): no compound noun's last part here."""
_EVERYDAY_NOUN = 4.3
"""How common in German a capitalised word must be to be read as a noun where grammar says it is one ("Termin" 4.6,
"Behörde" 4.3; not "Krüger" 3.8)."""
_GERMAN_ONLY = 2.0
"""How much more common in German than in English it must be: German's nouns are seldom English words, names are both
("Behörde" 4.3 and 0; "Monika", "Gerhard", "Weber" about as common in both)."""
_LONG_COMPOUND = 12
"""Letters from which a word whose last part German uses every day is a compound noun wherever it stands
("Anwaltskosten", "Prozentpunkte")."""
_COMPOUND_AFTER_AN_ARTICLE = 9
"""Letters from which it is one after an article ("den Mahnantrag")."""


def _everyday_nouns(text: str, start: int, words: list[str]) -> bool:
    """Whether the words, each German's function word or a word German uses every day (`_an_everyday_noun`,
    `_an_everyday_word`), are a noun phrase: two words or more with a function word among them ("Liste der Unterlagen",
    "Meine Nummer", "Ich bin", "Sie mir erklären"; not "Joachim von der Lippe", nor two nouns in a row: "Mein Sohn
    Tobias"), a function word alone ("Die"), one word after an article ("eine Familie", "die Behörde", "den
    Mahnantrag"; not "Frau Schulz", "Ihr Gerhard"), or a long compound anywhere ("Anwaltskosten")."""
    german = own_function_words("de")
    if len(words) > 1:
        if not all(word.lower() in german or _an_everyday_noun(word) or _an_everyday_word(word) for word in words):
            return False
        if any(word.lower() in _IN_NAMES for word in words) or not any(word.lower() in german for word in words):
            return False
        capitalised = [word[:1].isupper() and word.lower() not in german for word in words]
        return not any(one and two for one, two in itertools.pairwise(capitalised))  # "Sohn Tobias", "Frau Engel"
    if words[0].lower() in german and words[0] not in listed_names():
        return True  # "Die" of "Die Rente", found alone
    before = _WORD_BEFORE.search(text, max(0, start - 20), start)
    if before is not None and before.group(1).lower() in _DETERMINERS:
        return _an_everyday_noun(words[0], compound=_COMPOUND_AFTER_AN_ARTICLE)
    return _an_everyday_noun(words[0], compound=_LONG_COMPOUND, common=False)


def _an_everyday_noun(word: str, *, compound: int = _LONG_COMPOUND, common: bool = True) -> bool:
    """A capitalised word German uses every day (`common`) or a compound of `compound` letters or more whose last part
    it does, and no listed name, given name of the dictionary's or place, nor a title ("Termin", "Behörde",
    "Anwaltskosten"; not "Müller", "Ihr Andreas", "Dortmund", "Frau")."""
    if not word[:1].isupper() or word in listed_names() or word in recognizers_dictionary_names():
        return False
    if a_listed_place(word) or word.lower() in _WHOSE:
        return False
    lower = word.lower()
    everyday = _german_zipf(lower) >= _EVERYDAY_NOUN and _german_zipf(lower) - english.zipf(lower) >= _GERMAN_ONLY
    return (common and everyday) or _a_compound(lower, compound)


def _an_everyday_word(word: str) -> bool:
    """A word in lower case German uses every day, no given name written in lower case ("erklären"; not "mustafa")."""
    return word.islower() and _everyday_german(word) and word.capitalize() not in recognizers_dictionary_names()


def _a_compound(lower: str, letters: int) -> bool:
    """A word of `letters` letters or more whose last part (`_LAST_PART` letters at least) German uses every day, and
    no town's, street's, region's or family name's ending (`_PLACE_ENDINGS`)."""
    if len(lower) < letters or not lower.isalpha() or lower.endswith(_PLACE_ENDINGS):
        return False
    return any(_german_zipf(lower[i:]) >= _EVERYDAY_NOUN for i in range(4, len(lower) - _LAST_PART + 1))


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
    return _german_zipf(word) >= _EVERYDAY


@lru_cache(maxsize=4096)
def _german_zipf(word: str) -> float:
    import wordfreq

    return float(wordfreq.zipf_frequency(word, "de", wordlist="small"))


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
