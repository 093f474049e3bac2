"""A field's label read as a person or a place: the word before a colon that opens a line of a form, a receipt or a
transcript, with the field's value found right after it ("Teléfono: +34 612 845 930", "Cliente: Ana Beatriz
Gonçalves da Silva", "Courriel: m.dupont@...", a receipt's cell "| Müşteri: Ayşe Demir |"). spaCy's English model takes
another language's capitalised nouns, and some of English's, for names; a name that labels a line is a speaker's, whose
words follow it ("MIRELA: Welcome back", "[19:10] Péter: A cseh ..."), not a value found by itself. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from . import _english as english
from ._name_words import east_asian_family_names, listed_names
from ._places import gazetteer
from ._spans import Entity
from .wordlists import split_key

_LINE_OPENING = regex.compile(r"(?:^|\n|\||\t)[ \t]*(?:[-*•>|#]+[ \t]*)?(?:\[[^\]\n]{1,20}\][ \t]*)?$")
"""What may stand before a label on its line or in its cell: a bullet, a quote's mark, a chat's "[10:06]"."""
_BEFORE_A_LABEL = 40
"""How far back the line's opening is looked for: longer than any bullet and time stamp."""
_COLON = regex.compile(r"[ \t]*[:\uff1a][ \t]*")
_ELSEWHERE_ZIPF = 3.5
"""How common in another language a label must be ("courriel" 3.8, "teléfono" 4.9)."""
_NAMED = ("PERSON", "LOCATION")
_SUBJECTS = frozenset(
    {"Betreff", "Onderwerp", "Asunto", "Oggetto", "Objet", "Assunto", "Konu", "Temat", "Aihe", "Emne", "Ämne"}
    | {"Předmět", "Tárgy", "Subiect", "Perihal", "Paksa", "Subject"}
)
"""A mail's subject line in the languages of the EU and beyond: a label whatever follows it ("Betreff: Kündigung")."""


def field_labels(text: str, spans: Iterable[Entity]) -> frozenset[str]:
    """The words `text` uses as a field's label that a recognizer called a person or a place: one word opening a line
    before a colon, the value right after it found as a span of its own, and a word of another language or an everyday
    word of English, no listed name, family name or known place; or a mail's subject line's label (`_SUBJECTS`),
    whatever follows it. Every span of such a word is none of either."""
    spans = list(spans)
    starts = {span.start for span in spans}
    labels = set()
    for span in spans:
        word = text[span.start : span.end]
        if span.type not in _NAMED or word in labels or not _a_label_word(word):
            continue
        colon = _COLON.match(text, span.end)
        if colon is None or (colon.end() not in starts and word not in _SUBJECTS):
            continue
        if _LINE_OPENING.search(text, max(0, span.start - _BEFORE_A_LABEL), span.start) is not None:
            labels.add(word)
    return frozenset(labels)


def _a_label_word(word: str) -> bool:
    if word in _SUBJECTS:
        return True
    if not word.isalpha() or not word[0].isupper() or word in listed_names() or word in east_asian_family_names():
        return False
    lower = word.lower()
    if english.zipf(lower) < english.EVERYDAY and not (
        english.uncommon(lower) and english.zipf_elsewhere(lower) >= _ELSEWHERE_ZIPF
    ):
        return False
    return split_key(word) not in gazetteer("recognizers")
