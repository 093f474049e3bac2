"""The people and places of a family tree exported as GEDCOM (a genealogy program's file pasted into a prompt): each
line is a level, an optional record's id, a tag and its value ("0 @I1@ INDI", "1 NAME Timothy /Hegarty/", "2 PLAC
Skibbereen, Cork, Ireland"). A person's or a family's record names its people by their names' tags ("NAME", "GIVN",
"SURN", "NICK", a married name's "_MARNM"), the places of their lives by their events' "PLAC", their addresses by
"ADDR" with its "CONT" lines and its parts ("ADR1", "CITY", "POST", ...), and a name's or a place's other spellings
by "FONE" and "ROMN" under it. Each part of a name or a place is a value too, met again alone in the prose around the
export ("Cornelius's baptism", "a neighbour from Rosscarbery"), unless English writes it at all ("May /Hill/",
"Holly /Baker/", "Kinsale, Cork": the line's value alone is masked, not every "may", "holly" and "cork"); a tree's
placeholders ("Living", "Unknown", "Not given") name no one. A submitter's record names a person too; the file's
header, a repository's and a source's records name programs, archives and books ("2 NAME Personal Ancestral File",
"1 NAME Family History Library"), which are left alone. Pure patterns over the text.
"""

from __future__ import annotations

import re

from . import _english as english

_LINE = re.compile(
    r"(?m)^[ \t]*(\d{1,2})[ \t]+(?:(@[^@\s]{1,40}@)[ \t]+)?([A-Z_][A-Z0-9_]{2,30})(?:[ \t]+([^\r\n]*?))?[ \t]*\r?$"
)
"""A GEDCOM line: its level, its record's id (level 0), its tag and its value."""
_A_RECORD = re.compile(r"(?m)^[ \t]*0[ \t]+@[^@\s]{1,40}@[ \t]+(?:INDI|FAM|SUBM)\b")
"""A person's, a family's or a submitter's record: what makes a text a GEDCOM export."""
_PEOPLES_RECORDS = frozenset({"INDI", "FAM", "SUBM"})
_KINDS = {
    **dict.fromkeys(("NAME", "GIVN", "SURN", "NICK", "_MARNM", "_AKA"), "PERSON"),
    **dict.fromkeys(("PLAC", "CITY", "STAE", "CTRY"), "LOCATION"),
    **dict.fromkeys(("ADDR", "ADR1", "ADR2", "ADR3", "POST"), "STREET_ADDRESS"),
}
"""What the tags of a person's, a family's or a submitter's record hold."""
_SPELLINGS = frozenset({"FONE", "ROMN"})
"""A name's or a place's phonetic or romanized spelling, under it: of the kind of the line above it."""
_NO_ONE = frozenset({"living", "private", "unknown", "unk", "n.n.", "nn", "not given", "submitter", "?", "deceased"})
_NO_ONE |= {"infant", "baby", "stillborn", "jr", "jr.", "sr", "sr.", "ii", "iii", "iv"}
"""What a tree writes where it names no one or no place, or after the name (a living person hidden, "Unknown",
"Not given", a suffix): no value of its own, met in the prose as a word ("living relatives", "place unknown")."""


def gedcom_values(text: str) -> list[tuple[int, int, str]]:
    """(start, end, entity type) of the names, places and addresses in the people's records of a GEDCOM export."""
    if _A_RECORD.search(text) is None:
        return []
    found: list[tuple[int, int, str]] = []
    record = ""  # the tag of the level-0 record the line is in
    continued: int | None = None  # the level of the address whose "CONT" lines follow
    above: dict[int, str | None] = {}  # the kind each level's last line holds
    for line in _LINE.finditer(text):
        level, tag, value = int(line.group(1)), line.group(3), line.group(4)
        if level == 0:
            record, continued = tag, None
            continue
        kind = above.get(level - 1) if tag in _SPELLINGS else _KINDS.get(tag)
        above[level] = kind
        if record not in _PEOPLES_RECORDS or not value or not _a_value(value):
            continue
        start, end = line.span(4)
        if tag in ("CONT", "CONC") and continued is not None and level == continued + 1:
            found.append((start, end, "STREET_ADDRESS"))  # an address's next line
            continue
        continued = level if tag == "ADDR" else None
        bare = value.strip("/ ")
        if kind is None or (" " not in bare and _everyday(bare)):
            continue  # "2 GIVN Will": masked wherever the text says "will" else
        found.append((start, end, kind))
        if "," in value and kind == "LOCATION":
            found += _parts(value, start, ",", "LOCATION")
        elif "/" in value and kind == "PERSON":
            found += _parts(value, start, "/", "PERSON")
    return found


def _a_value(value: str) -> bool:
    """A value that names someone or somewhere: a letter or a digit in it, no placeholder of a tree or of the
    standard's own text ("Living", "Unknown", "<NAME_PERSONAL>")."""
    return any(ch.isalnum() for ch in value) and "<" not in value and value.strip("/ ").casefold() not in _NO_ONE


def _everyday(word: str, ceiling: float = english.EVERYDAY) -> bool:
    """A word English writes every day (or below `ceiling` at all), or a tree's placeholder ("May", "Reading",
    "Living")."""
    return word.casefold() in _NO_ONE or english.zipf(word.casefold()) >= ceiling


def _parts(value: str, start: int, between: str, kind: str) -> list[tuple[int, int, str]]:
    """Each part of a place's hierarchy ("Skibbereen", "Cork", "Ireland" of "Skibbereen, Cork, Ireland") or of a name
    ("Cornelius", "Hegarty" of "Cornelius /Hegarty/"): met again alone in the prose around the export."""
    parts = re.finditer(rf"[^{between}\s](?:[^{between}]*[^{between}\s])?", value)
    return [
        (start + part.start(), start + part.end(), kind)
        for part in parts
        if part.group()[0].isalpha() and not _everyday(part.group(), english.UNCOMMON)
    ]
