"""The personal fields of a vCard pasted into a prompt: its names ("N:Barzani-Rashid;Shilan;;Dr.;", "FN:...") and
its addresses, part by part ("ADR;TYPE=HOME:;;Gulan Street 114;Erbil;;44001;Iraq": the street is an address, the
town, region and country locate its person; the post office box, extension and postcode are left as they are).

Pure patterns over the text.
"""

from __future__ import annotations

import re

_FIELD = re.compile(r"(?im)^(N|FN|ADR|NICKNAME)(?:;[^:\n]{0,80})?:([^\n]{1,300})$")
"""A vCard's field of a name or an address, its parameters aside ("ADR;TYPE=HOME:...")."""
_NAME_PARTS = 3
"""The parts of "N:" that are names: family, given and additional names (then a title and a suffix)."""
_ADDRESS_PARTS = ("", "", "STREET_ADDRESS", "LOCATION", "LOCATION", "", "LOCATION")
"""The entity type of each part of "ADR:": post office box, extension, street, locality, region, postcode,
country."""


def vcard_values(text: str) -> list[tuple[int, int, str]]:
    """(start, end, entity type) of the names and address parts of every vCard in `text`."""
    if "BEGIN:VCARD" not in text.upper():
        return []
    found = []
    for field in _FIELD.finditer(text):
        kind, at = field.group(1).upper(), field.start(2)
        if kind in ("FN", "NICKNAME"):
            found.append((at, field.end(2), "PERSON"))
            continue
        types = ("PERSON",) * _NAME_PARTS if kind == "N" else _ADDRESS_PARTS
        for part, entity in zip(field.group(2).split(";"), types, strict=False):
            value = part.strip()
            if entity and value:
                start = at + part.index(value)
                found.append((start, start + len(value), entity))
            at += len(part) + 1
    return found
