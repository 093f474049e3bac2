"""Names a family's words point at, as obituaries, prayer lists, class chats and minutes write them (applied by
`pii._names.NameRecognizer`); pure patterns over the text, with the caller's test of a name's word:

- a person whose relative is named by them: "Tamsin (Ellie's mum)", "Isla's mother in Durness";
- the people a relative is of: "grandfather of Nareg, Sevan, Talin and Christopher";
- a family by its family name: "the Dhillon & Grewal families", "the Moodley sisters";
- a given name before another's that shares its family name: "Tanvir and Rupa Haque", "Sanne en Daan Mulder",
  "genitori Mihaela e Cristian Popescu".
"""

from __future__ import annotations

from collections.abc import Callable

import regex

from . import _english as english
from ._name_words import listed_names
from ._spans import SpanIndex

_WORD = r"\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?"
_RELATIVES = (
    r"mum|mom|mam|mummy|mommy|mother|dad|daddy|father|parents|nan|nana|nanna|gran|granny|grandma|grandpa"
    r"|grandmother|grandfather|brother|sister|husband|wife|son|daughter|aunt|auntie|aunty|uncle|cousin|partner"
    r"|boyfriend|girlfriend|fianc[ée]e?|widow|widower|twin|stepmum|stepmom|stepdad|carer|nephew|niece"
)
_POSSESSED_KIN = regex.compile(rf"(?<![\p{{L}}'\u2019])({_WORD})['\u2019]s[ \t]+(?:{_RELATIVES})(?!\p{{L}})")
"""A name, its possessive and a relative ("Ellie's mum")."""
_KIN_OF = regex.compile(
    r"(?<!\p{L})(?:(?:grand|great-grand|step)?(?:father|mother|son|daughter|child|children|parent)|brother|sister"
    r"|husband|wife|uncle|aunt|cousin|nephew|niece|godfather|godmother)[ \t]+(?:to|of)[ \t]+"
    rf"((?:{_WORD})(?:(?:,[ \t]*|[ \t]+(?:and|&)[ \t]+|,[ \t]*and[ \t]+)(?:{_WORD}))*)"
)
"""A relative of people, then their given names in a list ("cherished grandfather of Nareg, Sevan, Talin and
Christopher")."""
_LISTED_WORD = regex.compile(_WORD)
_FAMILY = regex.compile(
    rf"(?<![\p{{L}}'\u2019-])({_WORD})(?:[ \t]+(?:&|and)[ \t]+({_WORD}))?"
    r"[ \t]+(?:family|families|sisters|brothers|twins|household|clan)(?!\p{L})"
)
"""A family name before the word for a family ("the Kaur family", "Dhillon & Grewal families", "the Moodley
sisters")."""
_AND_BEFORE = regex.compile(
    rf"(?<![\p{{L}}'\u2019-])({_WORD})[ \t]+(?:and|&|en|e|y|und|et|i|og|och|ja|és)[ \t]+$", flags=regex.REVERSE
)
"""A given name and a word for "and", right before another person's name."""

Test = Callable[[str], bool]


def kin_named(text: str, a_name: Test, a_family_name: Test) -> list[tuple[int, int]]:
    """The spans of the names a family's words point at. `a_name`: whether a capitalised word found by where it
    stands is a name (a listed given name, a word English seldom uses); `a_family_name`: whether it is a family's
    (a listed family name, a word English seldom uses), as "Grace" or "Rose" is not: "the Rose family" is a plant's."""
    spans = [match.span(1) for match in _POSSESSED_KIN.finditer(text) if a_name(match.group(1))]
    for match in _KIN_OF.finditer(text):
        names = [word for word in _LISTED_WORD.finditer(text, *match.span(1)) if a_name(word.group())]
        spans += [word.span() for word in names]
    for match in _FAMILY.finditer(text):
        spans += [match.span(group) for group in (1, 2) if match.group(group) and a_family_name(match.group(group))]
    return spans


def sharing_a_family_name(text: str, people: list[tuple[int, int]], a_name: Test) -> list[tuple[int, int]]:
    """The spans of given names written before another person's name of two words or more, joined to it by "and"
    in one of the languages prompts come in, the two sharing its family name ("Tanvir and Rupa Haque"). `people`:
    the spans of the names found."""
    spans, found = [], SpanIndex(people)
    for start, end in people:
        if len(text[start:end].split()) < 2:
            continue
        given = _AND_BEFORE.search(text, max(0, start - 40), start)
        if given is None or not a_name(given.group(1)):
            continue
        if not found.overlaps(*given.span(1)):  # no part of a name found already ("Teodor Brankovic and ...")
            spans.append(given.span(1))
    return spans


def everyday(word: str) -> bool:
    """Whether each part of a word is an everyday English word and no listed given or family name ("Nature", "Dance";
    not "Grant", nor "Precious-Ann"): what a relative's or a congregation's title stands before when it names no one
    ("Mother Nature Network", "Baby Shark Dance")."""
    return all(
        part not in listed_names() and english.zipf(part.lower()) >= english.EVERYDAY for part in word.split("-")
    )
