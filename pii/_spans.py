"""Detected spans and how overlapping ones are merged. Pure functions, no Presidio (but for the gazetteer `joined`
asks, loaded late)."""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from . import _english as english
from ._normalize import is_hangul

# When spans overlap they merge into one span covering all of them, typed by this priority:
# checksummed and national identifiers first, then structured contact data, then NER guesses.
# A higher raw score does not win: a 0.85 PERSON guess must not relabel a checksummed card.
TYPE_PRIORITY: tuple[str, ...] = (
    "KR_RRN",
    "KR_FRN",
    "IBAN_CODE",  # before cards: four of an IBAN's groups may pass a card's check ("PL61 1090 1014 0000 0712 ...")
    "CREDIT_CARD",
    "BANK_ACCOUNT",  # after a word of account, a Korean bank's "110-482-771093" is no SSN's "482-771093"
    "US_SSN",
    "US_ITIN",
    "UK_NHS",
    "UK_NINO",
    "PL_PESEL",
    "ES_NIF",
    "ES_NIE",
    "IT_FISCAL_CODE",
    "FI_PERSONAL_IDENTITY_CODE",
    "SE_PERSONNUMMER",
    "SG_NRIC_FIN",
    "IN_AADHAAR",
    "IN_PAN",
    "AU_TFN",
    "KR_BRN",
    "KR_DRIVER_LICENSE",
    "KR_PASSPORT",
    "US_PASSPORT",
    "US_DRIVER_LICENSE",
    "US_BANK_NUMBER",
    "EMAIL_ADDRESS",
    "IP_ADDRESS",
    "PHONE_NUMBER",
    "STREET_ADDRESS",
    "URL",
    "PERSON",
    "LOCATION",
    "DATE_TIME",
)
_RANK = {name: rank for rank, name in enumerate(TYPE_PRIORITY)}
_UNLISTED_RANK = _RANK["EMAIL_ADDRESS"] - 0.5  # other identifiers rank just after the listed ones


def rank(entity_type: str) -> float:
    """Lower is stronger."""
    return _RANK.get(entity_type, _UNLISTED_RANK)


@dataclass(frozen=True, slots=True)
class Entity:
    """A detected span of the original text: its type and offsets, never its value."""

    type: str
    start: int
    end: int
    score: float


def merge(entities: Iterable[Entity]) -> list[Entity]:
    """Merge overlapping spans into their union, typed by `TYPE_PRIORITY` (then score)."""
    ordered = sorted(entities, key=lambda e: (e.start, -e.end))
    merged: list[Entity] = []
    for entity in ordered:
        if merged and entity.start < merged[-1].end:
            current = merged[-1]
            winner = min((current, entity), key=lambda e: (rank(e.type), -e.score))
            merged[-1] = Entity(
                winner.type, current.start, max(current.end, entity.end), max(current.score, entity.score)
            )
        else:
            merged.append(entity)
    return merged


class SpanIndex:
    """Spans (start, end), asked whether any overlaps a given one, in logarithmic time."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self._starts = [start for start, _ in ordered]
        self._reach = list(itertools.accumulate((end for _, end in ordered), max))
        """The furthest end among the spans up to each one."""

    def overlaps(self, start: int, end: int) -> bool:
        before = bisect.bisect_left(self._starts, end)  # the spans starting before `end`
        return before > 0 and self._reach[before - 1] > start


_SHORTENED = frozenset(
    {"Ma", "Md", "Mohd", "Muh", "Moh", "Sis", "Bro", "Eng", "Mwl", "Fr", "Sr", "Sra", "Srta", "Jr", "St", "Ste", "Hj"}
    | {"Hjh", "Ust", "Smt", "Shri", "Sri", "Dr", "Mr", "Mrs", "Ms", "Prof", "Dott", "Avv", "Ing", "Lic", "Atty", "Engr"}
)
"""Given names and titles written short before a name, with a dot ("Ma. Cristina", "Md. Rafiq", "Eng. Wael Nabil")."""
_LONGEST_JOINED = 5
"""Words a name joined from its parts may have: a list of names with no comma stays a list."""


def joined(text: str, spans: list[Entity]) -> list[Entity]:
    """Spans, ordered and apart (`merge`), with neighbours that make one value joined into one: two capitalised parts of
    one person's name a space apart ("Tahmina Akhter" "Chowdhury"; five words at most; not "son" "Liang Haoran"), two
    parts of a place's in a script without capitals ("파주" "금촌동"; not "Paris London"), a given name or a title
    written short before the rest ("Ma." "Cristina Dela Cruz"; not "Tom." "Mary"), a name's word the model took for a
    place, on no list, beside the rest ("Senan" "Doyle"; not "Andy Murray" "Wimbledon"), a Hangul place's word read as a
    person's beside the rest of the place, both ending with a unit ("상주시" "함창읍"; not "부산" "김유리"), and a
    street address with the unit or the town after it ("4420 rue Wellington, app. 3" ", Verdun"; a town read as a
    person's where it closes its line or cell: "415 N. Bever St., Wooster"), a place's or an address's region in
    brackets ("Annecy (France)", "Halle (Saale)"), a nickname in brackets inside a name ("A.M. (Anneke) van der
    Heijden-Bos"), an alias after an at sign ("Lim Kah Seng @ Sunny Lim"), a Hebrew name's "ben" or "bat" ("Chaya bat
    Moshe") and a name's own apostrophe before the rest ("Achieng' Otieno Awuor"): one placeholder, as the value is
    one."""
    out: list[Entity] = []
    grown = False  # the last span is a street address that took what followed it already: one town, not a list
    for i, span in enumerate(spans):
        kind = _joined_type(text, out[-1], span, grown, spans[i + 1] if i + 1 < len(spans) else None) if out else None
        if kind is not None:
            grown = out[-1].type == "STREET_ADDRESS"
            bracketed = text[out[-1].end : span.start] == " ("  # its closing bracket joins it too: "Annecy (France)"
            end = span.end + 1 if bracketed else span.end
            out[-1] = Entity(kind, out[-1].start, end, max(out[-1].score, span.score))
        else:
            grown = False
            out.append(span)
    return out


def _joined_type(text: str, before: Entity, after: Entity, grown: bool, following: Entity | None) -> str | None:
    gap = text[before.end : after.start]
    address = before.type == "STREET_ADDRESS" and after.type in {"LOCATION", "STREET_ADDRESS"} and gap in {" ", ", "}
    if (address or _a_town_closing_an_address(text, before, after, gap)) and not grown:
        return "STREET_ADDRESS"
    if gap == " (" and text.startswith(")", after.end) and len(text[after.start : after.end].split()) <= 2:
        return _bracketed(text, before, after, following)
    if before.type == after.type == "PERSON" and (
        gap in _INSIDE_A_NAME or _an_apostrophe_closing_a_name(text, before, gap)
    ):
        return "PERSON"
    if len(text[before.start : after.end].split()) > _LONGEST_JOINED:
        return None
    first, second = text[before.start], text[after.start]
    if {before.type, after.type} == {"PERSON", "LOCATION"} and gap == " " and first.isupper() and second.isupper():
        town = before if before.type == "LOCATION" else after
        place = text[town.start : town.end]
        return "PERSON" if " " not in place and not _a_listed_place(place) else None  # "Senan" "Doyle"
    if {before.type, after.type} == {"PERSON", "LOCATION"} and gap == " " and is_hangul(first) and is_hangul(second):
        person = before if before.type == "PERSON" else after
        if _HONOURED.match(text, person.end):
            return None  # "서울 강남구 박성구 씨": a person after all
        both_units = all(text[span.end - 1] in _KOREAN_UNITS for span in (before, after))
        neighbourhood = after.type == "PERSON" and text[after.end - 1] in _NEIGHBOURHOODS  # "파주" "금촌동"
        return "LOCATION" if both_units or neighbourhood else None  # "상주시" "함창읍"; not "부산" "김유리"
    if before.type == "LOCATION" and gap == ", " and not _in_a_list(text, before, after):
        region = after.type in ("LOCATION", "PERSON") and _a_country_or_region(text[after.start : after.end])
        if region:  # "Irvine, California", "Kano, Nigeria", "Parma, Ohio" (the state read as a person's)
            return "LOCATION"
    if before.type == "PERSON" and after.type == "LOCATION" and gap == ", " and _FROM.search(text, 0, before.start):
        return "LOCATION" if _a_country_or_region(text[after.start : after.end]) else None  # "from Eugene, Oregon"
    if after.type == "PERSON" and before.type in {"PERSON", "LOCATION"} and gap in {",", ", "}:
        return "PERSON" if _a_registers_name(text, before, after) else None
    if before.type == after.type == "LOCATION" and gap == ", ":
        return None  # not "Paris, Lyon"
    if before.type != after.type:
        return None
    if before.type == "PERSON" and gap == " " and first.isupper() and (second.isupper() or second.islower()):
        return "PERSON"  # the second may open with a particle: "A.M. (Anneke)" "van der Heijden-Bos"
    if before.type == "PERSON" and gap == ". " and text[before.start : before.end] in _SHORTENED:
        return "PERSON"
    caseless = all(ch.isalpha() and not ch.isupper() and not ch.islower() for ch in (first, second))
    return "LOCATION" if before.type == "LOCATION" and gap == " " and caseless else None


_FROM = re.compile(r"(?:\b(?:from|in|at|near)|From:)[ \t]*\Z")  # a town's place, not "Thanks Maria, Spain won"


def _a_town_closing_an_address(text: str, before: Entity, after: Entity, gap: str) -> bool:
    """A street address, a comma, then a town the model read as a person's, closing its line or cell ("415 N. Bever
    St., Wooster\t", "7421 KING FAHD RD, AL OLAYA\n"); not a name that goes on in a sentence ("12 Main St, John
    will sign") nor a listed given name ("12 Main St., Anna Smith\tpaid")."""
    if before.type != "STREET_ADDRESS" or after.type != "PERSON" or gap != ", ":
        return False
    if a_given_name(text[after.start : after.end].split()[0]):
        return False  # "12 Main St., Anna Smith\tpaid": a person after the address
    end = text.find("\n", after.end, after.end + _CELL_LOOK)
    return _closes_a_cell(text, after.end, end if end >= 0 else min(len(text), after.end + _CELL_LOOK))


def _bracketed(text: str, before: Entity, after: Entity, following: Entity | None) -> str | None:
    """The type of a value and what its brackets hold right after it, as one: a nickname inside a person's name, the
    rest of the name following it ("Remedios (Mediong) Dela Paz"), the region of a place or of an address's town in
    the same script ("Annecy (France)", "Kempten (Allgäu)", the region read as a person's or not); None for anything
    else. A name then its nickname or its other spelling ("Kateryna Bondarenko (Katia)", "Grace Seo (서은지)") stay two
    values: an answer that names the person restores the one it chose. So do a full name, a bracket and another name
    ("Jan Kowalski (Anna) Piotr Nowak"), a place and someone in brackets ("Dublin (Aoife Byrne)"), a country or a
    region and a town of it ("France (Paris)") and a place in two scripts ("Seoul (서울)")."""
    inside = text[after.start : after.end]
    if before.type == after.type == "PERSON":
        rest_follows = following is not None and following.type == "PERSON" and following.start == after.end + 2
        given_part = len(text[before.start : before.end].split()) == 1  # not "Jan Kowalski (Anna) Piotr Nowak"
        a_place = _a_listed_place(inside) or _a_country_or_region(inside)  # "Anna (Germany) Li Wei"
        return "PERSON" if rest_follows and given_part and not a_place and text.startswith(") ", after.end) else None
    if before.type not in {"LOCATION", "STREET_ADDRESS"} or after.type not in {"LOCATION", "PERSON"}:
        return None
    if is_hangul(text[before.start]) != is_hangul(text[after.start]):
        return None  # "Seoul (서울)": one place's two spellings
    if (after.type == "PERSON" and " " in inside) or a_given_name(inside):
        return None  # someone in brackets, read as a person or not: "Dublin (Aoife Byrne)", "Berlin (Anna)"
    if before.type == "LOCATION" and _a_country_or_region(text[before.start : before.end]):
        return None  # a town of the region in brackets: "France (Paris)", "Texas (Houston)"
    return before.type


def _an_apostrophe_closing_a_name(text: str, before: Entity, gap: str) -> bool:
    """Whether the gap between two parts of a name is the first part's own closing apostrophe ("Achieng' Otieno"), not
    a quote's close ("'우영우' 정주행", "'Anna' Smith") nor a possessive's ("James' Paul Smith")."""
    last, opening = text[before.end - 1 : before.end], text[max(0, before.start - 1) : before.start]
    quoted = opening in {"'", "\u2018", "\u2019"}
    possessive = last in "sSzZxX"  # "James' Paul Smith", "Jones' Peter"
    return gap in {"' ", "\u2019 "} and last.isalpha() and not is_hangul(last) and not quoted and not possessive


_NAME_WORD = re.compile(r"[^\W\d_][\w'\u2019.-]*")
_ROW_NUMBER = re.compile(r"\d{1,5}[.)]?")
_CELL_LOOK = 64
"""How far before a name and after it a cell's edge is looked for: a bounded window, however long the line."""


def _opens_a_cell(text: str, line_start: int, at: int) -> bool:
    """Whether `at` opens a line, a cell ("|", a tab, ";", a wide gap) or follows only a row's number."""
    window = text[max(line_start, at - _CELL_LOOK) : at]
    kept = window.rstrip(" ")
    if not kept:
        return len(window) >= 2 or at - len(window) == line_start  # a wide gap, or the line's start
    if kept[-1] in "|\t;" or len(window) - len(kept) >= 2:
        return True
    return at - len(window) == line_start and _ROW_NUMBER.fullmatch(kept.strip(" \t")) is not None


def _closes_a_cell(text: str, at: int, line_end: int) -> bool:
    """Whether `at` closes a line or a cell (a bracket or a quote after the name too)."""
    window = text[at : min(line_end, at + _CELL_LOOK)]
    kept = window.lstrip(" ")
    spaced_dash = kept[:1] in {"-", "\u2013", "\u2014"} and window[:1] == " "  # "Dr. Lee, Min-jun - card via"
    return not kept or kept[0] in '|\t;("\u201c' or len(window) - len(kept) >= 2 or spaced_dash


def _a_registers_name(text: str, before: Entity, after: Entity) -> bool:
    """A register's or an index's "Surname, Given names" as one name: the family name in capitals before given names
    that are not ("BRADSHAW, Thomas", "McHALE, Bridget"), or a family name opening a cell, its given names closing it
    ("Szabo, Stephen    Head", "| Murphy, Daniel |", the family name read as a town or not); not a list of names in a
    sentence ("Anna, Ben and Carl"), nor a word before a name opening and closing a line ("Cheers, Lucía"), nor a listed
    town before a name in a cell ("Paris, Hilton")."""
    surname, given = text[before.start : before.end], text[after.start : after.end]
    words = given.split()
    family = surname.split()  # its particles may be in lower case, its last word not ("van der Berg, Anna")
    capitalised = (family[-1], *words)
    if len(words) > 3 or len(family) > 3 or not all(_NAME_WORD.fullmatch(word) for word in (*family, *words)):
        return False
    if not all(word[0].isupper() for word in capitalised):
        return False  # "NULL, addr = NULL", "hijos, Iñaki"
    # Looked for near the name only: a long line of names is not read again for each pair (`_CELL_LOOK`).
    newline = text.rfind("\n", max(0, before.start - _CELL_LOOK - 1), before.start)
    line_start = newline + 1 if newline >= 0 else (0 if before.start <= _CELL_LOOK else -1)
    end = text.find("\n", after.end, after.end + _CELL_LOOK)
    line_end = end if end >= 0 else min(len(text), after.end + _CELL_LOOK)
    opens = _opens_a_cell(text, line_start, before.start)
    closes = _closes_a_cell(text, after.end, line_end)
    shouted = sum(ch.isupper() for ch in surname) >= 3 and not any(ch.islower() for ch in surname[-3:])
    if shouted and not given.isupper() and before.type == "PERSON":
        return True
    if shouted and given.isupper() and before.type == "PERSON" and closes:  # "Name: DELA CRUZ, MARICRIS BAUTISTA"
        return opens or _labelled(text, line_start, before.start) is not None
    # A cell's: no everyday word before the name ("Cheers, Lucía" closing a mail), no listed town ("Paris, Hilton").
    # A field's value opens as a cell does: after its label, a key's "=" or quote, or a title ("Name: Tsosie, Darnell",
    # "debtor=Brinkmann-Özdemir, Anna-Lena;", '"naam": "van der Linden, Maartje"', "Dr. Lee, Min-jun - ").
    opens = opens or (_one_family_then_given(family, words) and _a_fields_value(text, line_start, before.start))
    return opens and closes and not _everyday(surname) and not (before.type == "LOCATION" and _a_listed_place(surname))


_TITLES = frozenset({"Mr", "Mrs", "Ms", "Mx", "Dr", "Prof"})


def _one_family_then_given(family: list[str], given: list[str]) -> bool:
    """Whether the words before a comma are a family name alone, its particles and a title aside, or open with one in
    capitals ("Tsosie", "van der Linden", "Mr LEUNG Ka-wai"), and those after it given names: not a whole name first in
    a list ("Morag MacLeod, Eilidh (new), Hamish Urquhart"), two given names ("Anna, Ben"), two family names ("Lennon,
    McCartney") or two titled people ("Mr Patel, Mr Shah")."""
    named = [word for word in family if word[0].isupper() and word.rstrip(".") not in _TITLES]
    if not (len(named) == 1 or (len(named) > 1 and named[0].isupper() and len(named[0]) > 1)):
        return False
    if given[0].rstrip(".") in _TITLES:
        return False
    family_word, given_word = _as_listed(named[0]), _as_listed(given[0])
    return not (a_given_name(family_word) and not _a_surname(family_word)) and not (
        _a_surname(given_word) and not a_given_name(given_word)
    )


def _as_listed(word: str) -> str:
    """A name's word as the lists write it: its first part, capitalised where it is in capitals ("LEUNG" "Leung")."""
    first = word.split("-")[0]
    return first.capitalize() if first.isupper() else first


_TITLE_BEFORE = re.compile(rf"(?<![^\W\d_])(?:{'|'.join(sorted(_TITLES))})\.?[ \t]+\Z")


def _a_fields_value(text: str, line_start: int, at: int) -> bool:
    """Whether what starts at `at` is one person's field's value: after a label opening its line or cell, a key's "="
    or its opening quote, or a title; not after a label of several people or of addressees ("Speakers:", "To:")."""
    before = text[max(0, line_start, at - _CELL_LOOK) : at]
    if before[-1:] in {"=", '"'} or _TITLE_BEFORE.search(before) is not None:
        return True
    label = _labelled(text, line_start, at)
    if label is None:
        return False
    words = re.findall(r"[^\W\d_]+", label.group())
    last = words[-1].lower() if words else ""
    return not (last.endswith("s") or last in _ADDRESSEES)


def _labelled(text: str, line_start: int, at: int) -> re.Match[str] | None:
    """A field's label before `at`, opening its line or its cell (`_LABEL_BEFORE`), looked for near it only."""
    window = max(0, line_start, at - _CELL_LOOK)
    opened = "\n" if window == line_start else ""  # the line's start is in the window: a label may open it
    return _LABEL_BEFORE.search(opened + text[window:at])


_ADDRESSEES = frozenset({"to", "cc", "bcc", "from", "present", "absent", "pair", "starring", "with", "and", "team"})
"""Labels of people several or addressed, whose list "A, B" is two people: a plural's "s" is asked apart."""


def a_given_name(word: str) -> bool:
    """Whether a word is a given name the recognizers may use (the project's list or the dictionary's)."""
    from ._given_names import given_names_abroad  # imported late, as `_a_listed_place` below
    from ._name_words import listed_given_names

    return word in listed_given_names() or word in given_names_abroad()


def _a_surname(word: str) -> bool:
    from ._name_words import listed_surnames

    return word in listed_surnames()


_LIST_GOES_ON = re.compile(r"[ \t]*(,[ \t]*)?(?:(and|or|&|und|et|y|e|ou|oder|en|i|và|dan|na)[ \t]+)?(\w)")
"""What follows two values a comma apart where a list goes on: a comma or a word of joining, then a capital."""
_LIST_BEFORE = re.compile(r"(\w)[\w.'\u2019-]*[ \t]*,[ \t]*\Z")
"""What stands before two values a comma apart where they close a list: a capitalised word and a comma."""


def _in_a_list(text: str, before: Entity, after: Entity) -> bool:
    """Whether two values a comma apart ("Paris, London") are items of a list of more ("Paris, London and Rome",
    "Rome, Paris, London"), not a place and its region or country ("Irvine, California")."""
    goes_on = _LIST_GOES_ON.match(text, after.end, min(len(text), after.end + 40))
    if goes_on is not None and goes_on[3].isupper() and (goes_on[1] or goes_on[2]):
        return True
    opens = _LIST_BEFORE.search(text[max(0, before.start - 40) : before.start])
    return opens is not None and opens[1].isupper()


_LABEL_BEFORE = re.compile(r"(?:\n|[\t|;]|  )[ \t]*[^\W\d_][\w .'/()-]{0,30}:[ \t]*\Z")
"""A field's label opening its line (the window of the line before a value starts with a line break when it holds the
line's start) or its cell before a value ("Name: ", "| Passenger name: ")."""
_INSIDE_A_NAME = frozenset({" @ ", " ben ", " bat "})
"""What stands between two people found that are one: an alias after an at sign ("Lim Kah Seng @ Sunny Lim"), a Hebrew
name's "son of" or "daughter of" ("Avraham Yosef ben Dov", "Chaya bat Moshe")."""
_KOREAN_UNITS = frozenset("시군구읍면동리")
"""The last syllable of a Korean place's administrative unit: two words ending with one, side by side, are one place
even where a name rule read one of them as a person's ("함창읍", "송학리" are a family name and two syllables too)."""
_HONOURED = re.compile(r" ?(?:씨|님|선생|군|양|어르신)")
"""A title after a word: a person's, whatever unit ends the name ("박성구 씨", "홍길동 님")."""
_NEIGHBOURHOODS = frozenset("읍면동")
"""Units that end a town's part after its town, however the town is written ("파주 금촌동", "김해 진영읍"); not "리",
which ends given names as often ("부산 김유리")."""


def _everyday(word: str) -> bool:
    from ._handles import everyday_word  # imported late, as `_a_listed_place` below

    return everyday_word(word)


def _everyday_elsewhere(word: str) -> bool:
    return not _a_surname(word) and english.zipf_elsewhere(word.lower()) >= _EVERYDAY_ELSEWHERE


_EVERYDAY_ELSEWHERE = 4.5
"""A Zipf frequency in another language from which a word that is no listed family name is that language's word
("Merci" 5.6, "Operasyon" 4.8; not "Kowalczyk" 3.8, "Moreno" 4.5 and listed)."""


def _a_cell_opens(text: str, line_start: int, at: int, family: str) -> bool:
    """Whether a table's cell opens at `at`: after a CSV's quote, a cell's "|", a tab or ";", or a wide gap inside a
    line; at a line's start only for a family name English seldom writes and no adverb, where a letter's closing or a
    greeting stands as often ("Sincerely, Robert", "Fondly, Margaret")."""
    if text[at - 1 : at] in {'"', "\u201c"}:
        return True
    before = text[line_start:at]
    kept = before.rstrip(" ")
    if not kept:
        return english.zipf(family.lower()) < english.UNCOMMON and not family.lower().endswith("ly")
    return kept[-1] in "|\t;" or len(before) - len(kept) >= 2


_GREETINGS_AND_CLOSINGS = frozenset(
    {"sincerely", "respectfully", "cordially", "fondly", "warmly", "thx", "hugs", "xoxo", "brgds", "attn", "fwd", "fw"}
    | {"hiya", "greetings", "blessings", "shalom", "salve", "jambo", "habari", "mahalo", "namaste", "tschüss", "pax"}
    | {"assalamualaikum", "salaam"}
)
"""Words that greet or close a message before a name and a comma that English's everyday words (`_everyday`:
"Thanks", "Dear"), another language's (`_everyday_elsewhere`: "Merci", "Gracias") and the letters' closings
(`SIGN_OFFS`) leave out."""


def _signing_off(text: str, start: int, end: int) -> bool:
    from ._name_words import SIGN_OFFS  # imported late, as `_a_listed_place` below

    return re.fullmatch(SIGN_OFFS, text[start:end], re.IGNORECASE) is not None


def _a_country_or_region(name: str) -> bool:
    from ._place_forms import a_country_or_region

    return a_country_or_region(name)


def _a_listed_place(word: str) -> bool:
    from ._places import a_listed_place  # imported late: `import pii` loads this module, and the gazetteer is heavy

    return a_listed_place(word)


_LINE_OPENING = re.compile(r"(?:^|\n|\||\t|\[)[ \t]*(?:[-*•>|#]+[ \t]*)?(?:\[[^\]\n]{1,20}\][ \t]*)?$")
_BEFORE_AN_OPENING = 40
"""How far back a line's opening is looked for: longer than any bullet and time stamp."""


def opens_a_line_or_cell(text: str, at: int) -> bool:
    """Whether `at` opens a line, a table's cell ("|", a tab) or a chat's bracket, after a bullet, a quote's mark or a
    chat's time stamp ("- ", "> ", "[10:06] ") at most: where a form's label, a rota's day or a heading stands."""
    return _LINE_OPENING.search(text, max(0, at - _BEFORE_AN_OPENING), at) is not None


_ACRONYM = 3
"""Letters at most of a word in capitals that is an acronym before a comma ("FYI", "PS"), no family name."""
_FAMILY_BEFORE = re.compile(
    r"((?:(?:van|von|der|den|de|del|della|di|da|dos|du|la|le|ten|ter|al|el|bin|binti)[ \t])*[^\W\d_][\w'\u2019-]+),"
    r"[ \t]*\Z"
)
"""A family name and its comma right before a given name ("Kowalczyk, ", "van der Berg, ", "McNEIL, ")."""


def families_opening_cells(text: str, spans: Iterable[Entity]) -> list[Entity]:
    """A table's "Family, Given" cell whose family name no recognizer found, as one name: a person found closing a line
    or a cell (`_closes_a_cell`), after a comma and a family name opening the cell (`_a_cell_opens`: a CSV's
    '"Kowalczyk, Ewa"', "| Aucoin, Geneviève |"); the family name no everyday word, no listed town, no given name and
    no greeting ("| Cheers, Anna |", "Cordialement, Anna", "| Paris, Anna |", "To: Anna, Ben"), as `_a_registers_name`
    asks of a family name found; before a given name and more, a listed family name or one in capitals (not a firm's
    '"Deloitte, Sarah Jones"')."""
    found = []
    for span in spans:
        given = text[span.start : span.end].split()
        if span.type != "PERSON" or not given or not given[0][0].isupper() or len(given) > 3:
            continue
        match = _FAMILY_BEFORE.search(text, max(0, span.start - _CELL_LOOK), span.start)
        if match is None:
            continue
        start, family = match.start(1), match.group(1).split()
        if not family[-1][0].isupper() or any(c.isdigit() for c in family[-1]):
            continue
        if family[-1].isupper() and len(family[-1]) <= _ACRONYM:
            continue  # "FYI, Sarah", "PS, Tom"
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", span.end)
        line_end = len(text) if line_end < 0 else line_end
        if not (_a_cell_opens(text, line_start, start, family[-1]) and _closes_a_cell(text, span.end, line_end)):
            continue
        if _everyday(family[-1]) or _a_listed_place(family[-1]) or not _one_family_then_given(family, given):
            continue
        if _signing_off(text, start, match.end(1)) or _everyday_elsewhere(family[-1]):
            continue  # a letter's closing, another language's thanks or word: "Cordialement, Youssef", "Merci, Anna"
        if family[-1].lower() in _GREETINGS_AND_CLOSINGS:
            continue  # "| Sincerely, Robert |", "Shalom, Dana"
        if len(given) > 1 and not family[-1].isupper() and not _a_surname(family[-1]):
            continue  # a firm and its contact: '"Deloitte, Sarah Jones"'
        found.append(Entity("PERSON", start, span.end, span.score))
    return found
