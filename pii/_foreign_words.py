"""The function words of the languages prompts are written in beside English: spaCy's own stop-word lists (plain
Python sets, no model), read once. The English model reads a run of words holding another language's function word in
lower case as a person ("mein Konto", "para el CRM", "nie dzwonić"); no name holds one, but for the particles names are
written with ("de", "van", "bin") and the words that join two names ("y", "und").
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import regex

_LANGUAGES = ("de", "nl", "fr", "es", "it", "pt", "pl", "sv", "da", "nb", "fi", "cs", "ro", "tr", "id", "tl")
"""German, Dutch, French, Spanish, Italian, Portuguese, Polish, Swedish, Danish, Norwegian, Finnish, Czech, Romanian,
Turkish, Indonesian and Tagalog."""
_IN_NAMES = frozenset(
    {"de", "da", "do", "dos", "das", "del", "della", "delle", "dei", "di", "du", "des", "van", "von", "der", "den"}
    | {"ter", "ten", "te", "la", "le", "las", "los", "el", "al", "bin", "binti", "bint", "ibn", "y", "e", "i", "et"}
    | {"und", "og", "och", "en", "dan", "ve", "si", "at", "ng", "sa", "zu", "zur", "vom", "het", "op", "ka", "na"}
    | {"dalla", "dalle", "dallo", "dal", "degli", "dello", "lo", "ben", "auf", "uit", "nad", "am", "im", "zum"}
    | {"av", "af", "aan", "tot", "abu", "bt", "bte"}
)
"""Particles of names ("Maria de la Cruz", "van der Berg", "Ahmad bin Ismail") and the words that join two names ("Ana
y Luis"): kept."""


@cache
def function_words() -> frozenset[str]:
    """The stop words of `_LANGUAGES`, lower case, less `_IN_NAMES` and English's own ("of": "Isle of Man")."""
    from spacy.lang.en.stop_words import STOP_WORDS

    words: set[str] = set()
    for language in _LANGUAGES:
        words |= _stop_words(language)
    return frozenset(word for word in words if word.isalpha()) - _IN_NAMES - STOP_WORDS


def a_function_word(word: str) -> bool:
    """Whether `word`, in any case, is a function word of English or of `_LANGUAGES`, names' particles too ("auf",
    "de", "in")."""
    from spacy.lang.en.stop_words import STOP_WORDS

    lower = word.lower()
    return lower in function_words() or lower in _IN_NAMES or lower in STOP_WORDS


@cache
def own_function_words(language: str) -> frozenset[str]:
    """The stop words of one language that English has not, of three letters or more ("und", "nicht", "Ihre" of
    German): enough of them in a text say it is written in that language."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(word for word in _stop_words(language) if len(word) > 2 and word not in STOP_WORDS)


_LOWER_CASE_NOUNS = tuple(language for language in _LANGUAGES if language != "de")
"""The languages of `_LANGUAGES` that write their nouns in lower case (German capitalises every noun)."""


@cache
def _own_stop_words(language: str) -> frozenset[str]:
    """A language's stop words English has not, the short ones too ("z", "på", "di": `own_function_words` keeps only
    those of three letters or more, to say a whole text's language)."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(_stop_words(language)) - STOP_WORDS


def language_of_the_words(words: list[str]) -> str | None:
    """The language of `_LOWER_CASE_NOUNS` a line is written in, from its words in lower case: the one with the most
    distinct stop words English has not, two at least and more than the line's distinct English stop words ("Grazie a
    Clive Hollis per l'aiuto, ci vediamo" is Italian; "moved to Jerez de la Frontera in June" is English). An "i" in
    lower case is no English word (Swedish's and Italian's "in", "and"). None for English, German or too few words to
    say."""
    from spacy.lang.en.stop_words import STOP_WORDS

    lowered = {word for word in words if word.islower()}
    english = len({word for word in lowered if word in STOP_WORDS and word != "i"})
    counts = {language: len(lowered & _own_stop_words(language)) for language in _LOWER_CASE_NOUNS}
    language = max(counts, key=lambda language: counts[language])
    return language if counts[language] >= 2 and counts[language] > english else None


LINE_WORD = regex.compile(r"\p{L}+(?:['\u2019-]\p{L}+)*")
"""A word of a line, its apostrophes and hyphens inside it ("l'aiuto", "Stockton-on-Tees")."""


def lines_in_other_languages(text: str) -> Iterator[tuple[int, str, list[regex.Match[str]], str]]:
    """Each line of `text` that `language_of_the_words` says is in one of `_LOWER_CASE_NOUNS` (three words or more): its
    offset, the line, its words (`LINE_WORD`) and the language."""
    offset = 0
    for line in text.split("\n"):
        words = list(LINE_WORD.finditer(line))
        if len(words) > 2 and (language := language_of_the_words([word.group() for word in words])) is not None:
            yield offset, line, words, language
        offset += len(line) + 1


_ROMANIZED = frozenset(
    {"hai", "hain", "mein", "kar", "karo", "karna", "ko", "ki", "ka", "ke", "se", "ne", "bhi", "hoon", "nahi", "nahin"}
    | {"aur", "yeh", "woh", "kya", "toh", "tha", "thi", "gaya", "gayi", "diya", "dein", "bana", "haan", "abhi", "jaldi"}
    | {"wala", "wali", "liye", "baad", "pehle", "kuch", "bahut", "lekin", "phir"}
)
"""Hindi's and Urdu's function words as chats write them in Latin letters ("school ko bhejna hai"), which spaCy lists
for neither."""


def a_function_word_alone(word: str, names: frozenset[str] | set[str]) -> bool:
    """Whether one word in lower case, found as a person or a place, is another language's function word
    (`function_words`, `_ROMANIZED`: "ich", "niet", "saya", "hai") and no listed name once capitalised ("ella")."""
    return word.islower() and (word in function_words() or word in _ROMANIZED) and word.capitalize() not in names


_PRONOUNS = frozenset(
    {"je", "eu", "il", "ou", "ich", "wir", "ik", "jij", "wij", "hij", "zij", "jeg", "yo", "io", "ty", "wy", "aku"}
    | {"kamu", "kami", "kita", "saya", "mereka", "biz", "siz", "sie", "ah", "jag", "minä", "én"}
)
"""Pronouns that open another language's sentence, capitalised there ("Je vous ai rendu les clés", "Eu moro em ...",
"Kami mohon", "Jag heter"), and "Ah"; not those that are given names too ("Ella", "Ben", "Dia", "Tu", "Sen")."""
_GREETINGS = frozenset(
    {"cheers", "gracias", "danke", "merci", "bedankt", "teşekkürler", "dziękuję", "tack", "kiitos", "děkuji"}
    | {"köszönöm", "karibu", "akwaaba", "salamat", "geachte", "estimado", "estimada", "prezado", "prezada", "gentile"}
    | {"egregio", "szanowny", "szanowna", "say\u0131n", "değerli", "kedves", "hallo", "hola", "olá", "bonjour"}
    | {"habari"}
)
"""Words of greeting, thanks and address that open or close a message ("Cheers,", "Gracias!", "Geachte heer",
"Karibu sana")."""


def a_pronoun_or_greeting(word: str) -> bool:
    """Whether one word found as a person or a place is, in any case, another language's pronoun (`_PRONOUNS`) or a
    word of greeting or thanks (`_GREETINGS`)."""
    return word.lower() in _PRONOUNS or word.lower() in _GREETINGS


def _stop_words(language: str) -> set[str]:
    """spaCy's stop words of one language, read from their module's file alone: importing `spacy.lang.<language>`
    builds that language's whole tokenizer data (3 s for sixteen of them, on a region's first request)."""
    spec = importlib.util.find_spec("spacy")
    assert spec is not None and spec.submodule_search_locations
    path = Path(spec.submodule_search_locations[0], "lang", language, "stop_words.py")
    loaded = importlib.util.spec_from_file_location(f"pii._stop_words_{language}", path)
    assert loaded is not None and loaded.loader is not None
    module = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(module)
    return set(module.STOP_WORDS)


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
    """What of a run the model read too widely may be a name: its pieces between another language's function words
    (`function_words`), each from its first capitalised word on ("ho toh Ajinkya patil ko" holds "Ajinkya patil",
    "Elie w Joe" "Elie" and "Joe", "nie dzwonić" nothing), but a piece that is no name by itself (`_no_name_alone`)."""
    lowered = function_words()
    pieces: list[list[tuple[int, int]]] = [[]]
    for word in _WORD.finditer(text, start, end):
        if word.group().islower() and word.group() in lowered:
            pieces.append([])
        elif pieces[-1] or word.group()[:1].isupper():
            pieces[-1].append(word.span())
    runs = [(piece[0][0], piece[-1][1]) for piece in pieces if piece]
    return [(a, b) for a, b in runs if not _no_name_alone(text[a:b])]


def _no_name_alone(run: str) -> bool:
    """A run that is no name by itself: a particle ("La" of "La nueva") or an acronym of three letters or fewer
    ("CS")."""
    return " " not in run and (run.lower() in _IN_NAMES or (run.isupper() and len(run) <= 3))
