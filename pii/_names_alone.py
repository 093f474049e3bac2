"""Names that stand where no cue says person, known by their own shape (applied by `pii._names.NameRecognizer`):

- a family name after its initials ("K. Obi", "R.T. Wanjiru-Kamau", "K. Matsumoto"), where the family name is a
  listed surname or no everyday English word ("Plan B. Option", "Vitamin D. Intake" and the degree "B.Pharm" stay),
  and no compass point before a place ("N. Ireland", "S. Korea");
- a listed given name alone in the middle of a sentence, after a lower-case word or a comma ("statements came from
  Anh and Rewi", "a reply to Kasia", "my wife, Fernanda, has"): only a name English seldom uses as a word (Zipf
  under 3, so not "Rita", "Victoria" nor "Mark", which sentences use as often for other things), no listed place
  and no word of an organisation or a product.

Pure patterns and word lists: the lists come in.
"""

from __future__ import annotations

from collections.abc import Collection

import regex

from . import _english as english
from . import wordlists
from ._name_shapes import _FAMILY_WORD, _UNCOMMON_PAIR_CEILING
from ._name_words import _NOT_IN_A_NAME

INITIALLED = regex.compile(
    rf"(?<![\p{{L}}\p{{N}}.&])((?:\p{{Lu}}\.[ \t]?){{0,2}}\p{{Lu}}\.)[ \t]+({_FAMILY_WORD})(?![\p{{L}}\p{{N}}])"
)
_COMPASS = frozenset({"N.", "S.", "E.", "W."})
ALONE = regex.compile(
    r"(?<=(?<![\p{L}\p{N}])\p{Ll}[\p{L}\p{M}'\u2019-]*[ \t]+|,[ \t]+)(\p{Lu}\p{Ll}+)(?![ \t]+\p{Lu})(?![\p{L}\p{N}])"
)
"""A capitalised word after a word in lower case or a comma, not before another capitalised word (a pair is the other
rules', and "Kim Minjun" is one name, not "Minjun" after "Kim")."""


def initialled(text: str, surnames: Collection[str], places: Collection[str]) -> list[tuple[int, int]]:
    """The spans of initials and a family name."""
    spans = []
    for match in INITIALLED.finditer(text):
        family = match.group(2)
        seldom = english.zipf(family.lower()) < _UNCOMMON_PAIR_CEILING and family not in _NOT_IN_A_NAME
        compass = match.group(1).strip() in _COMPASS and wordlists.split_key(family) in places
        if (family in surnames or seldom) and not compass:
            spans.append((match.start(1), match.end(2)))
    return spans


def given_names_alone(text: str, first_names: Collection[str], places: Collection[str]) -> list[tuple[int, int]]:
    """The spans of listed given names standing alone mid-sentence."""
    return [
        match.span(1)
        for match in ALONE.finditer(text)
        if (word := match.group(1)) in first_names
        and english.zipf(word.lower()) < english.UNCOMMON
        and word not in _NOT_IN_A_NAME
        and wordlists.split_key(word) not in places
    ]
