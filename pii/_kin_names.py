"""Names a family's words point at, as obituaries, prayer lists, class chats and minutes write them (applied by
`pii._names.NameRecognizer`); pure patterns over the text, with the caller's tests of a name's word:

- a person whose relative is named by them: "Tamsin (Ellie's mum)", "Isla's mother in Durness";
- the people a relative is of: "grandfather of Nareg, Sevan, Talin and Christopher";
- a family by its family name: "the Dhillon & Grewal families", "the Moodley sisters";
- a given name before another person's name, joined by a word for "and", the two sharing the family name written once:
  "Tanvir and Rupa Haque", "Sanne en Daan Mulder", "genitori Mihaela e Cristian Popescu".
"""

from __future__ import annotations

from collections.abc import Callable

import regex

from . import _english as english
from ._handles import everyday_word
from ._name_words import _NOT_IN_A_NAME, ORGANISATION_HEADS, VENUE_HEADS, listed_names
from ._spans import SpanIndex

_NAME = r"\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?"
_WORD = rf"{_NAME}(?![\p{{L}}\p{{M}}])"
"""A name's word, whole ("MacKenzie", not its "Mac")."""
_RELATIVES = (
    r"mum|mom|mam|mummy|mommy|mother|dad|daddy|father|parents|nan|nana|nanna|gran|granny|grandma|grandpa"
    r"|grandmother|grandfather|grandad|granddad|brother|sister|husband|wife|son|daughter|aunt|auntie|aunty|uncle"
    r"|cousin|boyfriend|girlfriend|fianc[ée]e?|widow|widower|step-?mum|step-?mom|step-?dad|stepmother|stepfather"
    r"|godmother|godfather|nanny|nephew|niece"
)
"""A person's relatives (not a partner, a carer or a twin alone: "Deloitte's partner firms", "an Alzheimer's carer")."""
_OWNED_LIKE_KIN = (
    r"ship|ships|company|companies|airline|airlines|firm|firms|brand|brands|site|sites|city|cities|paper|papers"
    r"|station|stations|school|schools|hospital|hospitals|product|products|model|models|organi[sz]ations?|project"
)
"""What a firm's or a ship's sister or parent is ("the Titanic's sister ship")."""
_POSSESSED_KIN = regex.compile(
    rf"(?<![\p{{L}}'\u2019])({_NAME})['\u2019]s[ \t]+(?i:{_RELATIVES})(?!\p{{L}})(?![ \t-]+(?i:{_OWNED_LIKE_KIN})\b)"
)
"""A name, its possessive and a relative ("Ellie's mum")."""
_KIN_OF = regex.compile(
    r"(?<!\p{L})(?i:(?:grand|great-grand|step)?(?:father|mother|son|daughter|child|children|parent)|brother|sister"
    r"|husband|wife|uncle|aunt|cousin|nephew|niece|godfather|godmother|dad|mum|mom|nana|grandma|grandpa)"
    r"[ \t]+(?:to|of)[ \t]+"
    rf"({_WORD}(?:(?:,[ \t]*|[ \t]+(?:and|&)[ \t]+|,[ \t]*and[ \t]+){_WORD})*)"
)
"""A relative of people, then their given names in a list ("cherished grandfather of Nareg, Sevan, Talin and
Christopher")."""
_ASIDE = r"(?:[ \t]+\([^()\n]{1,30}\))?"
_KIN_LISTING = regex.compile(
    r"(?<!\p{L})(?:(?:great-)?grand(?:children|sons|daughters|kids)|(?:sons|daughters|brothers|sisters)-in-law|sons"
    r"|daughters|children|brothers|sisters|nieces|nephews|stepchildren"
    r"|(?:(?:Great-)?Grand(?:children|sons|daughters)|Children|Sons|Daughters|Brothers|Sisters|Nieces|Nephews):)"
    rf"[ \t]+({_WORD}{_ASIDE}(?:(?:,[ \t]*|[ \t]+(?:and|&)[ \t]+|,[ \t]*and[ \t]+){_WORD}{_ASIDE})+)"
)
"""Relatives in the plural, then two given names or more, each with where they live in brackets or not, as a death
notice lists them ("grandchildren Aoibhe, Cian, Rory, Arjun and Saoirse", "sons Donal (Ardfield) and Seán
(Sydney)", "daughters-in-law Bríd and Majella"): in lower case (not "Lehman Brothers Holdings, Barclays and Nomura")
or capitalised before a colon, as a programme's field ("Children: Ikenna, Adaeze (Mrs Ubah), Chinedu"), and one of
the names on the recognizers' lists at least (not "renders its children Header, Sidebar and Footer")."""
_BRACKETED = regex.compile(r"\([^()\n]*\)")
_KIN_PLURALS = ("children", "sons", "daughters", "grandkids", "brothers", "sisters", "nieces", "nephews")
_LISTED_WORD = regex.compile(_WORD)
_FAMILY = regex.compile(
    rf"(?<![\p{{L}}'\u2019-])({_WORD})(?:[ \t]+(?:&|and)[ \t]+({_WORD}))?"
    r"[ \t]+(?:family|families|household|clan|sisters|brothers|twins)(?!\p{L})"
)
"""A family name before the word for a family ("the Kaur family", "Dhillon & Grewal families", "the Moodley
sisters")."""
_FAMILY_OF = regex.compile(rf"(?<![\p{{L}}'\u2019-])(?i:familie|famille|familia|família)[ \t]+({_WORD})(?!\p{{L}})")
"""The word for a family before its name, as Dutch, German, French, Spanish and Portuguese write it ("familie
Mukherjee", "Familie Schneider", "famille Morel")."""
_EVERYDAY_ELSEWHERE = 4.5
"""A word after "Familie" that another language uses this often is no family's name ("Familie Mitglieder" 5.0; the
miller's and the tailor's, "Müller", "Schneider" 4.4, are)."""
_AND_BEFORE = regex.compile(
    rf"(?<![\p{{L}}'\u2019-])({_WORD})[ \t]+(?:and|&|en|e|y|und|et|i|og|och|ja|és)[ \t]+$", flags=regex.REVERSE
)
"""A given name and a word for "and", right before another person's name."""

Test = Callable[[str], bool]


def kin_named(text: str, a_name: Test, a_family_name: Test) -> list[tuple[int, int]]:
    """The spans of the names a family's words point at. `a_name`: whether a capitalised word found by where it
    stands is a name (a listed given name, a word English seldom uses); `a_family_name`: whether it is a family's
    (a listed family name, a word English seldom uses), as "Grace" or "Rose" is not: "the Rose family" is a plant's;
    not an everyday word opening a sentence ("Young families are welcome")."""
    lower = text.lower()  # each pattern only where its words are: most prompts hold none
    possessed = "'s" in text or "\u2019s" in text
    spans = [match.span(1) for match in _POSSESSED_KIN.finditer(text) if a_name(match.group(1))] if possessed else []
    for match in _KIN_OF.finditer(text) if "of" in lower or "to" in lower else ():
        spans += [word.span() for word in _LISTED_WORD.finditer(text, *match.span(1)) if a_name(word.group())]
    for match in _KIN_LISTING.finditer(text) if any(word in lower for word in _KIN_PLURALS) else ():
        asides = [aside.span() for aside in _BRACKETED.finditer(text, *match.span(1))]
        words = _LISTED_WORD.finditer(text, *match.span(1))
        names = [word for word in words if not any(a <= word.start() < b for a, b in asides)]  # not "(New Ross)"
        if any(word.group() in listed_names() for word in names):
            spans += [word.span() for word in names if a_name(word.group())]
    families = any(word in lower for word in ("famil", "household", "clan", "sisters", "brothers", "twins"))
    for match in _FAMILY.finditer(text) if families else ():
        for group in (1, 2):
            word = match.group(group)
            if word is None or not a_family_name(word):
                continue
            if not (group == 1 and _opens(text, match.start()) and english.zipf(word.lower()) >= english.EVERYDAY):
                spans.append(match.span(group))
    for match in _FAMILY_OF.finditer(text) if families else ():
        word = match.group(1)
        if word[0].isupper() and a_family_name(word) and english.zipf_elsewhere(word.lower()) < _EVERYDAY_ELSEWHERE:
            spans.append(match.span(1))  # "familie Mukherjee"; not "Familie Mitglieder" (an everyday word elsewhere)
    return spans


def _opens(text: str, at: int) -> bool:
    """Whether the word at `at` opens a sentence, a line or the text: no word or comma before it on its line."""
    before = at
    while before > 0 and text[before - 1] in " \t":
        before -= 1
    return before == 0 or not (text[before - 1].isalnum() or text[before - 1] in ",;:&")


def sharing_a_family_name(text: str, people: list[tuple[int, int]], a_name: Test) -> list[tuple[int, int]]:
    """The spans of given names written before another person's name of two words or more, joined to it by "and" in
    one of the languages prompts come in (the family name written once for both: "Tanvir and Rupa Haque"). `people`:
    the spans of the names found; `a_name`: whether a capitalised word is a name. A firm's name on no list is taken
    there too ("Thanks to Deloitte and Sarah Jones"): masked, as it would be beside the person anyway."""
    spans, found = [], SpanIndex(people)
    for start, end in people:
        if len(text[start:end].split()) < 2:
            continue
        given = _AND_BEFORE.search(text, max(0, start - 40), start)
        if given is None or found.overlaps(*given.span(1)):  # no part of a name found already ("Teodor Brankovic and")
            continue
        if a_name(given.group(1)):
            spans.append(given.span(1))
    return spans


def everyday(word: str) -> bool:
    """Whether each part of a word is an everyday English word and no listed given or family name ("Nature", "Dance";
    not "Grant", nor "Precious-Ann"): what a relative's or a congregation's title stands before when it names no one
    ("Mother Nature Network", "Baby Shark Dance")."""
    return all(everyday_word(part) for part in word.split("-"))


def a_titled_name(words: list[str]) -> bool:
    """Whether the words after a congregation's or a family's title are a name: a part of one a listed name or a word
    English seldom uses, or of the last, its family name, a word English uses less than every day; none an
    organisation's or a product's word or a street's type ("Sister Hyacinth Grant", "Sis. Faith Campbell-Brown", "Baby
    Precious-Ann Whyte"; not "Baby Boomer Generation", "Elder Scrolls Online", "Sheikh Zayed Road")."""
    parts = [part for word in words for part in word.split("-")]
    named = any(part in listed_names() or english.uncommon(part.lower()) for part in parts)
    if not named and not any(english.zipf(part.lower()) < english.EVERYDAY for part in words[-1].split("-")):
        return False
    heads = ORGANISATION_HEADS | VENUE_HEADS  # "Mother Goose Club", "Sister Ray Records"
    if words[-1].upper() in _STREETS_ONLY:  # "Sheikh Zayed Road"; not "Sister Mary Hill", a family name too
        return False
    return not any(word in _NOT_IN_A_NAME or word in heads for word in words)


_STREETS_ONLY = frozenset({"ROAD", "RD", "STREET", "AVENUE", "AVE", "BOULEVARD", "BLVD", "HIGHWAY", "HWY", "DRIVE"})
"""Street types that are no family names (not Hill, Lane, Way, Court, Close: "Pastor John Lane")."""


def a_job_title(words: list[str]) -> bool:
    """Whether the words after "Sr" are a job's title (senior), not a name (señor, sister): every word a job's, or a
    job's head last ("Sr Principal Scientist", "Sr. Frontend Dev"; not "Sr. Manel", "Sr Consolata Ryder")."""
    return all(a_job_word(word) for word in words) or words[-1].lower() in _JOB_HEADS


_JOB_HEADS = frozenset(
    {"engineer", "developer", "dev", "manager", "scientist", "consultant", "accountant", "analyst", "designer"}
    | {"director", "associate", "copywriter", "architect", "officer", "specialist", "lead", "recruiter", "editor"}
    | {"writer", "administrator", "advisor", "adviser", "executive", "technician", "planner", "researcher"}
)


def a_job_word(word: str) -> bool:
    """A word of a job's title after "Sr" (senior): an organisation's word, or on no list an everyday English word or
    one shaped as a job's ("Copywriter", "Accountant")."""
    if word in _NOT_IN_A_NAME:
        return True
    if word in listed_names():  # "Sr. Javier García"
        return False
    return word.lower().endswith(_JOBS_ENDINGS) or english.zipf(word.lower()) >= english.EVERYDAY


_JOBS_ENDINGS = ("er", "or", "ist", "ant", "ent", "ian", "dev", "ops", "lead")
"""How a job's title ends ("Sr Copywriter", "Sr. Accountant", "Sr Frontend Dev")."""
