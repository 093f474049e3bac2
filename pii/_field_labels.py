"""A field's label read as a person or a place: a column's name of the lists before a colon, opening a line of a
form, a receipt or a transcript ("Teléfono: +34 612 845 930", "Cliente: Ana Beatriz Gonçalves da Silva", "Courriel:
m.dupont@...", a receipt's cell "| Müşteri: Ayşe Demir |"), a mail's subject line's ("Betreff: Kündigung"), and a noun
that heads numbered items ("Tab 1", "ROUND 3"). spaCy's English model takes another language's capitalised nouns, and
some of English's, for names. How common a word is tells no label from a name: "Grace: +44 ...", "Hartmann: 0221 ...",
"Giordano: m.giordano@..." list people by the same shape, so only the lists' own words are labels. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from . import _english as english
from ._columns import a_columns_name
from ._name_words import TITLES_ALONE, listed_names
from ._places import a_listed_place
from ._spans import Entity, a_given_name, opens_a_line_or_cell

_COLON = regex.compile(r"[ \t]*[:\uff1a][ \t]*")
_NAMED = ("PERSON", "LOCATION")
_SUBJECTS = frozenset(
    {"Betreff", "Onderwerp", "Asunto", "Oggetto", "Objet", "Assunto", "Konu", "Temat", "Aihe", "Emne", "Ämne"}
    | {"Předmět", "Tárgy", "Subiect", "Perihal", "Paksa", "Subject"}
)
"""A mail's subject line in the languages of the EU and beyond: a label whatever follows it ("Betreff: Kündigung")."""


def field_labels(text: str, spans: Iterable[Entity]) -> frozenset[str]:
    """The words `text` uses as a field's label that a recognizer called a person or a place, one word opening a line
    or a cell: before a colon, a column's name or a mail's subject's (`_a_label_word`) or a word before a full name
    (`_labels_a_name`); before its number, a noun that heads numbered items (`_numbered`). Every span of such a word
    is none of either."""
    labels = set()
    ordered = sorted(spans, key=lambda span: span.start)
    for span in ordered:
        word = text[span.start : span.end]
        if span.type not in _NAMED or word in labels:
            continue
        if not opens_a_line_or_cell(text, span.start):
            continue
        colon = _COLON.match(text, span.end)
        labelled = colon is not None and (_a_label_word(word) or _labels_a_name(text, word, colon.end(), ordered))
        if labelled or _numbered(text, word, span.end):
            labels.add(word)
    return frozenset(labels)


def _labels_a_name(text: str, word: str, value: int, ordered: list[Entity]) -> bool:
    """Whether a word before a colon labels the full name after it, a title between or not, the name the whole value
    ("Melder: mevr. Fatima el Amrani", "Madre: Rocío Huerta Paredes, tel. ...", "Barn: Hodan Abdi Warsame"): a word of
    some language, no listed name, not a transcript's or a chat's speaker ("NOAM: Dana Levi said", "[10:02] Jack: Sarah
    Connor is at reception"), nor a word the text calls someone by elsewhere ("Jack Turner", "Thanks Frank", "DS
    Hunter")."""
    following = next((span for span in ordered if span.start >= value), None)
    if following is None or following.type != "PERSON" or len(text[following.start : following.end].split()) < 2:
        return False
    between = text[value : following.start].split()
    if len(between) > 1 or (between and between[0].rstrip(".").lower() not in TITLES_ALONE | _TITLES_ABROAD):
        return False
    if word in listed_names() or " " in word or word.isupper() or a_given_name(word) or a_listed_place(word):
        return False  # a transcript's speaker ("NOAM: Dana Levi said"), a roster's town ("Wellington: Ana Tui")
    if max(english.zipf(word.lower()), english.zipf_elsewhere(word.lower())) < _A_WORD:
        return False
    line_start = text.rfind("\n", 0, value) + 1
    if _A_CLOCK.search(text, line_start, value) or _an_english_sentence_after(text, following.end):
        return False  # a chat's line, or a sentence after the name ("Frank: Laura Stein approved it")
    return not _called_by_it(text, word, ordered)


_A_CLOCK = regex.compile(r"\d:\d\d")
_NEXT_WORD = regex.compile(r"[ \t]*(,[ \t]*)?([^\W\d_]+)")


def _an_english_sentence_after(text: str, end: int) -> bool:
    """Whether an English sentence goes on after a name, which a speaker's line says and a form's value does not: an
    English word after it ("Laura Stein approved it"), or a pronoun or a verb after its comma ("Paul Reid, you were
    seen"); not a form's details ("Rocío Huerta Paredes, tel. 443 ...", "Hodan Abdi Warsame, född 2014-10-03") nor
    another language's sentence ("Pani Bondarenko pracuje w piekarni")."""
    match = _NEXT_WORD.match(text, end)
    if match is None:
        return False
    floor = _FUNCTION_WORD if match.group(1) else english.UNCOMMON
    return english.zipf(match.group(2).lower()) >= floor


_FUNCTION_WORD = 5.5
"""A Zipf frequency in English from which a word after a comma goes on a sentence ("you" 7.0, "was" 6.7)."""
_CALLING = frozenset({"thanks", "thank", "hi", "hello", "hey", "dear", "cheers", "ok", "okay", "sorry"})
"""Words before a name that call someone by it ("Thanks Frank")."""


def _called_by_it(text: str, word: str, ordered: list[Entity]) -> bool:
    """Whether the text calls someone by `word` elsewhere: after a greeting or a title ("Thanks Frank", "DS Hunter"), or
    inside a longer name found ("Jack Turner")."""
    for match in regex.finditer(rf"(?<![\w]){regex.escape(word)}(?![\w])", text):
        previous = text[max(0, match.start() - 12) : match.start()].split()
        if previous and previous[-1].rstrip(".,!").lower() in _CALLING | TITLES_ALONE | _RANKS:
            return True
        if any(
            s.type == "PERSON" and s.start <= match.start() and match.end() <= s.end and " " in text[s.start : s.end]
            for s in ordered
        ):
            return True
    return False


_RANKS = frozenset({"pc", "dc", "ds", "dci", "di", "sgt", "insp", "inspector", "sergeant", "constable", "officer"})
"""Words of rank before a surname a text calls someone by ("DS Hunter", "Officer Hunter"), in lower case."""
_A_WORD = 3.0
"""A Zipf frequency in English or another language of `pii._english.ELSEWHERE` from which a label is a word."""
_TITLES_ABROAD = frozenset(
    {"mevr", "dhr", "sig", "sig.ra", "sra", "sr", "pani", "pan", "fru", "hr", "sn", "bay", "bayan"}
)
"""Titles before a name that `TITLES_ALONE` lacks ("mevr.", "sig.ra", "Pani")."""
_HEADINGS = frozenset(
    {"tab", "item", "round", "room", "rm", "table", "step", "part", "section", "chapter", "question", "task", "week"}
    | {"level", "floor", "unit", "bed", "lot", "plot", "stage", "phase", "module", "lesson", "session", "exhibit"}
    | {"annex", "appendix", "schedule", "clause", "track", "platform", "seat", "row", "shelf", "batch", "team", "group"}
    | {"heat", "match", "game", "hole", "pitch", "advent"}
)
"""Nouns that head numbered items ("Tab 1", "Item 24:", "ROUND 3", "Room 4", "Advent 2:"); not those as often a
family name ("Court", "Ward", "Lane", "Day", "Bay", "Block")."""
_A_NUMBER = regex.compile(r"[ \t]+\d")


def _numbered(text: str, word: str, end: int) -> bool:
    """Whether `word`, opening its line, is a noun that heads numbered items (`_HEADINGS`) before its number."""
    return word.lower() in _HEADINGS and _A_NUMBER.match(text, end) is not None


def _a_label_word(word: str) -> bool:
    """Whether `word` is a label: a mail's subject's, or a column's name of the lists (`a_columns_name`: "Teléfono",
    "Courriel", "Cliente", "Anschrift") that is no listed name."""
    return word in _SUBJECTS or (a_columns_name(word) and word not in listed_names())
