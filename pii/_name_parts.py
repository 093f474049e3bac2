"""The parts of a person's name found, each a value of its own wherever the text repeats it: a prompt names someone in
full once and by one part of the name after, in any case ("Tharshini Balasubramaniam ... tharshini prefers texts",
"Ruairidh Pryce ... ruairidh sleeps badly"). A part counts when it is a word of four letters or more that English and
the other languages prompts come in use rarely (below `pii._english.UNCOMMON`: not "Grace", "Rose", "Will", "Park",
"Young", "Licensing"; not Spanish "Santos", "Cruz", "logística"), no title or organisation's word ("Doctor", "Bank") and
no word of code with a capital inside it ("PstlAdr"): a name spaCy read in words that are no name's spreads no
further than those words' rarity allows. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import regex

from . import _english as english
from ._name_words import ORDINARY_CAPITALISED, listed_names
from ._spans import Entity

_PART = regex.compile(r"(?<![\p{L}\p{M}'\u2019-])\p{L}[\p{L}\p{M}'\u2019-]{3,}(?![\p{L}\p{M}])")
_SHORTEST = 4


def name_parts(text: str, found: Iterable[Entity]) -> Iterator[tuple[str, Entity]]:
    """Each part of a name of two words or more among the people `found`, case-folded, as a span of its own."""
    for entity in found:
        name = text[entity.start : entity.end]
        if entity.type != "PERSON" or " " not in name.strip() or _a_thing_named_in_words(name):
            continue
        for part in _PART.finditer(text, entity.start, entity.end):
            word = part.group(0).strip("'\u2019-")
            if len(word) >= _SHORTEST and _distinctive(word):
                yield word.casefold(), Entity("PERSON", part.start(), part.end(), entity.score)


def _a_thing_named_in_words(name: str) -> bool:
    """Whether a "person" found holds an everyday English word that is no listed name: a dish or a thing spaCy read as
    someone ("Chicken Biryani", "Lamb Moussaka"), whose other words are no one's name elsewhere ("the biryani")."""
    words = (word for word in regex.findall(r"\p{L}{3,}", name) if word not in listed_names())
    return any(english.zipf(word.lower()) >= english.EVERYDAY for word in words)


def _distinctive(word: str) -> bool:
    lower = word.lower()
    if word.capitalize() in ORDINARY_CAPITALISED or word in ORDINARY_CAPITALISED or _CAMEL.search(word):
        return False
    return english.zipf(lower) < english.UNCOMMON and english.zipf_elsewhere(lower) < english.UNCOMMON


_CAMEL = regex.compile(r"\p{Ll}\p{Lu}")
"""A capital inside a word: code's or markup's ("PstlAdr", "AdrLine"); a name's too ("MacAskill", "DeShawn"), whose
repeats go unsearched (the whole name's are searched still)."""
