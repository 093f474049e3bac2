"""The people and places of a family tree exported as GEDCOM (a genealogy program's file pasted into a prompt): each
line is a level, an optional record's id, a tag and its value ("0 @I1@ INDI", "1 NAME Timothy /Hegarty/", "2 PLAC
Skibbereen, Cork, Ireland"). A person's or a family's record names its people by their names' tags ("NAME", "GIVN",
"SURN", "NICK", a married name's "_MARNM") and the places of their lives by their events' "PLAC", each part of a name
or a place too, met again alone in the prose around it ("Cornelius's baptism", "a neighbour from Rosscarbery"); their
addresses by "ADDR" with its
"CONT" lines and its parts ("ADR1", "CITY", "POST", ...). A submitter's record names a person too; the file's header,
a repository's and a source's records name programs, archives and books ("2 NAME Personal Ancestral File", "1 NAME
Family History Library"), which are left alone. Pure patterns over the text.
"""

from __future__ import annotations

import re

_LINE = re.compile(
    r"(?m)^[ \t]*(\d{1,2})[ \t]+(?:(@[^@\s]{1,20}@)[ \t]+)?([A-Z_][A-Z0-9_]{2,30})(?:[ \t]+([^\r\n]*?))?[ \t]*\r?$"
)
"""A GEDCOM line: its level, its record's id (level 0), its tag and its value."""
_A_RECORD = re.compile(r"(?m)^[ \t]*0[ \t]+@[^@\s]{1,20}@[ \t]+(?:INDI|FAM|SUBM)\b")
"""A person's, a family's or a submitter's record: what makes a text a GEDCOM export."""
_PEOPLES_RECORDS = frozenset({"INDI", "FAM", "SUBM"})
_KINDS = {
    **dict.fromkeys(("NAME", "GIVN", "SURN", "NICK", "_MARNM", "_AKA"), "PERSON"),
    **dict.fromkeys(("PLAC", "CITY", "STAE", "CTRY"), "LOCATION"),
    **dict.fromkeys(("ADDR", "ADR1", "ADR2", "ADR3", "POST"), "STREET_ADDRESS"),
}
"""What the tags of a person's, a family's or a submitter's record hold."""


def gedcom_values(text: str) -> list[tuple[int, int, str]]:
    """(start, end, entity type) of the names, places and addresses in the people's records of a GEDCOM export."""
    if _A_RECORD.search(text) is None:
        return []
    found: list[tuple[int, int, str]] = []
    record = ""  # the tag of the level-0 record the line is in
    continued: int | None = None  # the level of the address whose "CONT" lines follow
    for line in _LINE.finditer(text):
        level, tag, value = int(line.group(1)), line.group(3), line.group(4)
        if level == 0:
            record, continued = tag, None
            continue
        if record not in _PEOPLES_RECORDS or not value or not any(ch.isalnum() for ch in value):
            continue
        start, end = line.span(4)
        if tag in ("CONT", "CONC") and continued is not None and level == continued + 1:
            found.append((start, end, "STREET_ADDRESS"))  # an address's next line
            continue
        continued = level if tag == "ADDR" else None
        kind = _KINDS.get(tag)
        if kind is None:
            continue
        found.append((start, end, kind))
        if tag == "PLAC" and "," in value:
            found += _parts(value, start, ",", "LOCATION")
        elif tag == "NAME" and "/" in value:
            found += _parts(value, start, "/", "PERSON")
    return found


def _parts(value: str, start: int, between: str, kind: str) -> list[tuple[int, int, str]]:
    """Each part of a place's hierarchy ("Skibbereen", "Cork", "Ireland" of "Skibbereen, Cork, Ireland") or of a name
    ("Cornelius", "Hegarty" of "Cornelius /Hegarty/"): met again alone in the prose around the export."""
    parts = re.finditer(rf"[^{between}\s](?:[^{between}]*[^{between}\s])?", value)
    return [(start + part.start(), start + part.end(), kind) for part in parts if part.group()[0].isalpha()]
