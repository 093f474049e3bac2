"""The personal fields of a vCard pasted into a prompt: its names ("N:Barzani-Rashid;Shilan;;Dr.;", "FN:...") and
its addresses, part by part ("ADR;TYPE=HOME:;;Gulan Street 114;Erbil;;44001;Iraq": the street is an address, the
town, region and country locate its person; the post office box, extension and postcode are left as they are).

Pure patterns over the text.
"""

from __future__ import annotations

import re

from ._handles import everyday_parts
from ._name_words import ORGANISATION_HEADS

_FIELD = re.compile(r"(?im)^(N|FN|ADR|NICKNAME)(?:;[^:\n]{0,80})?:([^\r\n]{1,300})\r?$")
"""A vCard's field of a name or an address, its parameters aside ("ADR;TYPE=HOME:...")."""
_NAME_PARTS = 3
"""The parts of "N:" that are names: family, given and additional names (then a title and a suffix)."""
_ADDRESS_PARTS = ("", "", "STREET_ADDRESS", "LOCATION", "LOCATION", "", "LOCATION")
"""The entity type of each part of "ADR:": post office box, extension, street, locality, region, postcode,
country."""


def _address_parts(count: int) -> tuple[str, ...]:
    """The entity types of an "ADR:" of `count` parts: a card that adds a district after the street
    (";;17 Mahlangu Crescent;Orlando West;Soweto;Gauteng;1804;South Africa") still closes with its postcode and
    country."""
    extra = max(0, count - len(_ADDRESS_PARTS))
    return (*_ADDRESS_PARTS[:3], *("LOCATION",) * extra, *_ADDRESS_PARTS[3:])


def _a_persons_name(value: str) -> bool:
    """Whether a card's full name is a person's: words of letters, not a template's ("${firstName}", "string") nor
    a business's, whose last word heads a firm's or a desk's name or whose words are all everyday ones ("Acme
    Support Desk", "City Hospital Emergency")."""
    words = value.split()
    if not words or not all(_NAME_WORD.fullmatch(word) for word in words) or value.islower():
        return False
    return words[-1] not in ORGANISATION_HEADS and not all(everyday_parts(word) for word in words)


_NAME_WORD = re.compile(r"[^\W\d_][\w'.\u2019-]*")


def vcard_values(text: str) -> list[tuple[int, int, str]]:
    """(start, end, entity type) of the names and address parts of every vCard in `text`."""
    if "BEGIN:VCARD" not in text.upper():
        return []
    found = []
    for field in _FIELD.finditer(text):
        kind, at = field.group(1).upper(), field.start(2)
        if kind in ("FN", "NICKNAME"):
            if _a_persons_name(field.group(2)):
                found.append((at, field.end(2), "PERSON"))
            continue
        parts = field.group(2).split(";")
        filled = len(parts)
        while filled > len(_ADDRESS_PARTS) and not parts[filled - 1].strip():
            filled -= 1  # an export's trailing ";" ("...;80010-000;Brasil;"): the country is still the last filled part
        types = ("PERSON",) * _NAME_PARTS if kind == "N" else _address_parts(filled)
        for part, entity in zip(parts, types, strict=False):
            value = part.strip()
            if entity and value:
                start = at + part.index(value)
                found.append((start, start + len(value), entity))
            at += len(part) + 1
    return found
