"""Names typed in lower case where the writer introduces or names someone (applied by `pii._names.NameRecognizer`):
after "my name is" or a letter's closing ("regards, gwilym"), introducing oneself ("im maria cristina dela cruz",
"this is darnell washington calling"), after a verb that takes a person ("can someone ping saoirse") and after a
lower-case title ("mr gareth pryor"). Which words may be a name's, and where a name ends, are the recognizer's
(`name_word`, `name_end`), as are the listed given names in lower case (`first_names`).

The patterns are `pii._lower_cues`'.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from . import _english as english
from . import _lower_cues as cues
from ._name_shapes import (
    _LOWER_PAIR,
    _LOWER_PLACES,
    _LOWER_RUN,
    _NOT_A_LOWER_NAME,
    _NOT_NAME_ENDINGS,
    romanized_given_name,
)
from ._name_words import _NOT_IN_A_NAME
from ._presidio import import_presidio
from .wordlists import split_key

import_presidio()  # before spaCy, which would import torch through thinc
from spacy.lang.en.stop_words import STOP_WORDS  # noqa: E402

TOOL_ENDINGS = ("host", "gpt", "bot", "sql", "js", "ops", "api", "cli", "db", "ctl", "kit")
"""Endings of the names of programs and services typed in lower case after "ask" or "ping" ("localhost", "chatgpt")."""


_ADDRESSED = frozenset(
    {"bhai", "bhaiya", "yaar", "brah", "bro", "bruh", "bros", "dude", "mate", "fam", "sensei", "bestie", "xoxo", "xx"}
    | {"habibi", "habibti", "boss", "chief", "buddy", "pal", "hun", "babe", "doc", "sis", "lol", "stackoverflow"}
    | {"reddit", "google", "everyone", "all", "guys", "folks", "team", "y'all"}
)
"""Who a sign-off thanks that is no one's name: forms of address and slang ("thanks, bhai", "thx brah", "love, xoxo"),
sites ("thanks, stackoverflow")."""


_JOINING_ABROAD = frozenset(
    {"und", "och", "dan", "com", "con", "per", "para", "aus", "ich", "ist", "sono", "soy", "sou", "suis", "mais"}
    | {"pero", "aber", "maar", "men", "tapi", "lakini", "e", "y", "et", "og", "en", "na", "ve", "ni"}
)
"""Words of joining and being in the languages of `cues.LOWER_CUED_ABROAD`: no name's second word after its cue."""
_NAMED_CUES = ("name", "thank", "thx", "love", "regards", "cheers", "best")
"""A word each of `LOWER_NAMED`'s cues holds."""


def lower_case_names(
    text: str, name_word: Callable[[str], bool], name_end: Callable[[str, int], int], first_names: Collection[str]
) -> list[tuple[int, int]]:
    """The spans of the names these cues find in `text`."""
    spans: list[tuple[int, int]] = []
    for match in cues.LOWER_CUED.finditer(text):
        first, second = match.group(1), match.group(2)
        if first.lower() in _NOT_A_LOWER_NAME:
            continue
        end = match.end(2) if second and second.lower() not in _NOT_A_LOWER_NAME else match.end(1)
        if second and end == match.end(2) and second.islower():
            end = name_end(text, end)  # "my name is nguyen thi thu trang"
        spans.append((match.start(1), end))
    for match in cues.LOWER_CUED_ABROAD.finditer(text):  # "meu nome é joão pedro albuquerque"
        first = match.group(1)
        listed = first in first_names or split_key(first) in first_names  # "joão" as the list writes it, "joao"
        if not listed or first.lower() in _NOT_A_LOWER_NAME:  # not "mi nombre es importante"
            continue
        second = match.group(2)
        named_too = second and len(second) >= 3 and second not in STOP_WORDS and second not in _JOINING_ABROAD
        spans.append((match.start(1), name_end(text, match.end(2)) if named_too else match.end(1)))  # "erik och bor"
    for match in cues.LOWER_INTRODUCED.finditer(text):
        first, end = match.group("name"), name_end(text, match.end("name"))
        calling = match.group("verb") in ("calling", "speaking")  # a surer place than "im ..." or "... here"
        rare = (english.uncommon(first) if calling else english.rare(first)) and not first.endswith(_NOT_NAME_ENDINGS)
        rest = (match.group("rest") or "").split()
        if calling and rest and rare and not any(word in STOP_WORDS for word in rest):
            end = max(end, match.end("rest"))  # "this is darnell washington calling"
        if first not in first_names and (end == match.end("name") or match.group("verb") == "from"):
            continue  # "this is postgres here", "this is lorem ipsum from the template": no one's name
        if first in first_names or rare:
            spans.append((match.start("name"), end))
    lowered = text.lower()
    has_cue = any(cue in lowered for cue in _NAMED_CUES)  # the pattern has no literal to search for: most texts skip it
    for match in cues.LOWER_NAMED.finditer(text) if has_cue else ():
        group = next(g for g in ("name", "named", "signed") if match.group(g))
        word = match.group(group)
        if _a_tool(word) or word in _ADDRESSED or not (name_word(word) or word in first_names):  # "thx kubectl"
            continue
        end = name_end(text, match.end(group))
        unowned = match.group(0)[:4].lower() == "name"  # "name is ...", "name on card ...": no "my", "his", ...
        if unowned and word not in first_names and end == match.end(group):
            continue  # "name is immutable once created", "name on card mismatch error"
        spans.append((match.start(group), end))
    for match in cues.LOWER_ASKED.finditer(text):
        word = match.group(1)
        if name_word(word) and not _a_tool(word):  # "ping localhost"
            spans.append((match.start(1), name_end(text, match.end(1))))
    for match in cues.LOWER_TITLED.finditer(text):
        if name_word(match.group(1)):
            spans.append((match.start(1), name_end(text, match.end(1))))
    return spans


def _a_tool(word: str) -> bool:
    """Whether a lower-case word after a name's cue names a program or a service ("chatgpt", "localhost", "kubectl")."""
    return word.capitalize() in _NOT_IN_A_NAME or word.endswith(TOOL_ENDINGS)


def lower_east_asian(text: str, family_names: frozenset[str]) -> list[tuple[int, int]]:
    """Romanized East-Asian names typed in lower case ("zhou weiling", "wong ka-ho", "tran thi mai"): a
    listed family name (`family_names`, in lower case) before a given name of the romanized shape."""
    spans: list[tuple[int, int]] = []
    if family_names.isdisjoint(_LOWER_RUN.findall(text)):
        return spans  # no listed family name in lower case: most texts
    for match in _LOWER_PAIR.finditer(text, overlapped=True):
        family, given, third = match.group(1), match.group(2), match.group(3)
        if family not in family_names or given in STOP_WORDS or f"{family} {given}" in _LOWER_PLACES:
            continue
        if given in {"thi", "van"} and third and third not in STOP_WORDS:
            spans.append((match.start(1), match.end(3)))  # "tran thi mai"
        elif romanized_given_name(given, hyphenated="-" in given):
            spans.append((match.start(1), match.end(2)))
    return spans
