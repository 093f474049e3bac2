"""People listed with their ages in brackets, as a family's or a class's list writes them: where one of them was found,
or after a label for someone's children ("Kinder:", "Hijos:"), the capitalised words of the same shape beside it are
people too ("Children: Denisa (9) and Ionel (6)", "Ana (7), Luis (5) y Sofía (2)", "Kinder: Lina (7) und Yusuf (4)").
A word of the list English writes every day, a listed town and a word in capitals stay as they are ("Group A (12) and
Group B (9)" names no one found; "London (3) and Paris (2)" neither). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from . import _english as english
from ._handles import folded
from ._places import a_listed_place
from ._spans import Entity, a_given_name

_AGE = r"[ \t]*\((?:1[0-1]\d|\d{1,2})(?:[ \t]*(?:y|yrs?|years?|anos|años|ans|Jahre|jaar|lat))?\)"
"""An age in brackets after a name ("(9)", "(14 yrs)", "(6 anos)"); no more than 119."""
_WORD = r"\p{Lu}\p{Ll}+(?:[-'\u2019]\p{Lu}?\p{Ll}+)?"
_JOIN = r"[ \t]*(?:,|;)?[ \t]*(?:(?:and|&|or|y|e|et|und|en|og|och|i|oraz|và)[ \t]+)?"
"""What joins two items of a list: a comma, a semicolon or a word of joining, in the languages prompts come in."""
_ITEM = regex.compile(rf"({_WORD})(?={_AGE})")
_AFTER = regex.compile(rf"{_AGE}{_JOIN}")
_BEFORE = regex.compile(rf"(?<![\p{{L}}])({_WORD}){_AGE}{_JOIN}\Z")
_KIN_LABEL = regex.compile(
    r"(?<!\p{L})(?:Children|Kids|Sons|Daughters|Grandchildren|Kinder|Enkel|Söhne|Töchter|Hijos|Hijas|Nietos|Enfants"
    r"|Fils|Filles|Filhos|Filhas|Netos|Figli|Kinderen|Dzieci|Barn|Çocuklar|Anak)[ \t]*:[ \t]*"
)
"""A form's or a note's label for someone's children, in the languages prompts come in, before the first of them."""
_FORM_ANSWERS = frozenset(
    {"ja", "nein", "keine", "kein", "vorhanden", "gesamt", "anzahl", "si", "no", "ninguno", "ninguna", "menores"}
    | {"aucun", "mineurs", "nessuno", "nenhum", "sim", "nao", "geen", "evet", "hayir", "tak", "nie", "brak", "junge"}
    | {"madchen", "zwillinge", "dependants", "dependents", "yes", "none", "total", "boys", "girls", "oui", "non"}
    | {"ikke", "nej"}
)
"""What a form answers after a label for children, folded ("Kinder: Ja (2)", "Hijos: Sí (2)", "Enfants: Aucun (0)")."""
_LOOK_BACK = 48
"""How far before an item the one before it is looked for: a name, its age and a joining word."""
_DAILY = 4.0
"""A Zipf frequency in English from which a word is no name here ("Group", "Room", "Week")."""


def aged_list_items(text: str, spans: Sequence[Entity]) -> list[Entity]:
    """People listed with their ages beside a person found with one (the module's docstring)."""
    if "(" not in text:
        return []
    people = [span for span in spans if span.type == "PERSON" and regex.match(_AGE, text[span.end : span.end + 20])]
    labelled = [  # "Kinder: Lina (7) und Yusuf (4)": the label says who they are, none found
        Entity("PERSON", *item.span(1), 0.5)
        for label in _KIN_LABEL.finditer(text)
        if (item := _ITEM.match(text, label.end())) is not None
        and _a_name_here(item.group(1))
        and folded(item.group(1)) not in _FORM_ANSWERS
    ]
    found = [item for item in labelled if not any(s.start <= item.start and item.end <= s.end for s in spans)]
    for person in people + labelled:
        found += _the_rest_of_the_list(text, person, spans)
    return found


def _a_name_here(word: str) -> bool:
    """Whether a list's word with an age is a name: no everyday English word, no listed town unless a given name too
    ("Group B (9)", "Paris (2)"; not "Sofía (2)")."""
    return english.zipf(word.lower()) < _DAILY and (not a_listed_place(word) or _a_given_name(word))


def _a_given_name(word: str) -> bool:
    """A given name the recognizers may use, as written or without its accents ("Sofía" as "Sofia")."""
    return a_given_name(word) or a_given_name(folded(word).title())


def _the_rest_of_the_list(text: str, person: Entity, spans: Sequence[Entity]) -> list[Entity]:
    """The items before and after a person found with an age, one list: each a name's word with its age, joined to
    its neighbour."""
    words: list[tuple[int, int]] = []
    at = person.start
    while (before := _BEFORE.search(text, max(0, at - _LOOK_BACK), at)) is not None and _a_name_here(before.group(1)):
        words.append(before.span(1))
        at = before.start(1)
    at = person.end
    while (joined := _AFTER.match(text, at)) is not None and joined.end() > joined.start():
        item = _ITEM.match(text, joined.end())
        if item is None or not _a_name_here(item.group(1)):
            break
        words.append(item.span(1))
        at = item.end(1)
    return [
        Entity("PERSON", start, end, 0.5)
        for start, end in words
        if not any(span.start <= start and end <= span.end for span in spans)
    ]
