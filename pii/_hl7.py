"""The personal fields of an HL7 version 2 message pasted into a prompt: a hospital's admissions, results and orders
travel as segments ("PID|1||8464341709^^^NHS^NH||MCALLISTER^EILIDH^CATRIONA^^MS||19870614|F|||14 Rosemount
Place^^Aberdeen^^AB25 2XB^GBR"), where no sentence cues a name: the field's place in its segment says what it holds.

Read by the standard's field numbers (2.3 to 2.8 agree on these): the patient's, next of kin's, guarantor's and
insured's names ("family^given^middle^suffix^prefix": the first three are names), the doctors' ("id^family^given^
middle^..."), birth dates, social security and driver's licence numbers, addresses ("street^other^city^state^postcode^
country": the street, its other line and the postcode are an address, the city and state locate its person; the
country is left) and phone numbers, whole or in parts; each repetition ("~") of a field alike, in a message of
two segments at least. Fields are split at "|"; the component and repetition separators are those the message's MSH
segment declares ("MSH|^~\\&|"), "^" and "~" when it has none. Pure patterns over the text.
"""

from __future__ import annotations

import re

_NAME = ("PERSON", "PERSON", "PERSON")
"""An XPN's parts that are names: family, given, further given names (then suffix, prefix, degree)."""
_DOCTOR = ("", "PERSON", "PERSON", "PERSON")
"""An XCN's parts: the doctor's number, then family, given and further given names."""
_ADDRESS = ("STREET_ADDRESS", "STREET_ADDRESS", "LOCATION", "LOCATION", "POSTCODE")
"""An XAD's parts: street, other designation, city, state, postcode (then country, type): the postcode narrows the
address to a few doors, as the street does, and is masked as a part of it."""
_BIRTH = ("DATE_TIME",)
_PHONE = ("PHONE_NUMBER", "", "", "", "", "PHONE_NUMBER", "PHONE_NUMBER")
"""An XTN's parts: the number as written, then use, type, e-mail, country code, area code and local number (a message
may leave the first empty and give the number in parts: "^PRN^PH^^1^937^5550143")."""
_SSN = ("US_SSN",)
_LICENCE = ("US_DRIVER_LICENSE",)

_FIELDS: dict[str, dict[int, tuple[str, ...]]] = {
    "PID": {5: _NAME, 6: _NAME, 7: _BIRTH, 9: _NAME, 11: _ADDRESS, 13: _PHONE, 14: _PHONE, 19: _SSN, 20: _LICENCE},
    "NK1": {2: _NAME, 4: _ADDRESS, 5: _PHONE, 6: _PHONE, 16: _BIRTH, 30: _NAME, 31: _PHONE, 32: _ADDRESS},
    "PV1": {7: _DOCTOR, 8: _DOCTOR, 9: _DOCTOR, 17: _DOCTOR, 52: _DOCTOR},
    "GT1": {3: _NAME, 5: _ADDRESS, 6: _PHONE, 7: _PHONE, 8: _BIRTH},
    "IN1": {16: _NAME, 18: _BIRTH, 19: _ADDRESS},
    "IN2": {7: _NAME},
    "MRG": {7: _NAME},
    "ORC": {10: _DOCTOR, 11: _DOCTOR, 12: _DOCTOR},
    "OBR": {10: _DOCTOR, 16: _DOCTOR, 28: _DOCTOR},
    "PD1": {4: _DOCTOR},
    "ROL": {4: _DOCTOR},
}
"""Per segment, the fields (by number) that hold personal data, and the entity type of each of their parts."""

_SEGMENT = re.compile(r"(?m)^[ \t]*(MSH|[A-Z][A-Z0-9]{2})([|])")
"""A segment's start on a line of its own (or after a carriage return), its field separator after it."""
_SEGMENTS = 2
"""Segments a message has at least (a header and a patient's, a patient's and a visit's, ...)."""
_DIGITS = 7
"""Digits an identifier holds at least."""
_AREA_DIGITS = 3
"""Digits a phone number's part holds at least: an area code ("937"; not an extension's "22")."""
_POSTCODE = re.compile(r"[A-Z0-9]{2,5}(?:[ -][A-Z0-9]{2,4})?")
"""A postcode as countries write them: letters and digits, in one group or two."""
_BIRTH_VALUE = re.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")


def hl7_values(text: str) -> list[tuple[int, int, str]]:
    """(start, end, entity type) of the names, birth dates, addresses, phone numbers, social security and driver's
    licence numbers in every HL7 v2 segment of `text` that holds them."""
    if "|" not in text or not any(f"{segment}|" in text for segment in _FIELDS):
        return []
    lines = [(line, segment) for line in re.finditer(r"[^\r\n]+", text) if (segment := _SEGMENT.match(line.group(0)))]
    if len(lines) < _SEGMENTS:
        return []  # one line that opens like a segment is no message ("PID|1|2|3|4|python worker.py|...")
    component, repetition = _separators(text)
    found = []
    for line, segment in lines:
        if segment.group(1) not in _FIELDS:
            continue
        wanted = _FIELDS[segment.group(1)]
        at = line.start() + segment.end()
        for number, field in enumerate(line.group(0)[segment.end() :].split("|"), start=1):
            if number in wanted:
                found += _field(field, at, wanted[number], component, repetition)
            at += len(field) + 1
    return found


def _separators(text: str) -> tuple[str, str]:
    """The component and repetition separators the message's MSH segment declares ("MSH|^~\\&|"), or the usual ones."""
    header = re.search(r"(?m)^[ \t]*MSH\|([^|\r\n\w\s])([^|\r\n\w\s])", text)
    return (header.group(1), header.group(2)) if header else ("^", "~")


def _field(field: str, at: int, types: tuple[str, ...], component: str, repetition: str) -> list[tuple[int, int, str]]:
    """The parts of one field's every repetition that hold personal data, at their offsets (`at`: the field's)."""
    found = []
    for value in field.split(repetition):
        start = at
        for kind, part in zip(types, value.split(component), strict=False):
            bare = part.strip()
            if kind and bare and _holds(bare, kind):
                offset = start + part.index(bare)
                found.append((offset, offset + len(bare), "STREET_ADDRESS" if kind == "POSTCODE" else kind))
            start += len(part) + 1
        at += len(value) + 1
    return found


def _holds(value: str, kind: str) -> bool:
    """Whether a part's value may be of its kind: a name or a place has a letter, a birth date is a date (its hour may
    follow), a phone number's part three digits (an area code), an identifier seven; a placeholder holds nothing
    ('""')."""
    if value.strip('"') == "":
        return False
    if kind == "DATE_TIME":
        return _BIRTH_VALUE.match(value) is not None
    if kind == "PHONE_NUMBER":
        return sum(ch.isdigit() for ch in value) >= _AREA_DIGITS
    if kind == "POSTCODE":
        return _POSTCODE.fullmatch(value) is not None  # "AB25 2XB", "62704", "62704-1234"
    if kind in ("US_SSN", "US_DRIVER_LICENSE"):
        return sum(ch.isdigit() for ch in value) >= _DIGITS
    return any(ch.isalpha() for ch in value)
