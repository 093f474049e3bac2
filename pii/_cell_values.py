"""What a cell's or a field's value may hold, by the kind its column or its field's name says: a birth date is a date,
a person's or a place's value is words with a capital or of two words or more, no digit, path or medicine; a
placeholder ("-", "n/a", "none"), an e-mail address or a bare number holds nothing of theirs (the identifier
recognizers find those). Shared by tables (`pii._tables`) and fields (`pii._fields`). Pure: no I/O.
"""

from __future__ import annotations

import re

from ._name_words import MEDICINE, ORGANISATION_HEADS
from ._normalize import HANGUL

_BIRTH = re.compile(
    r"(?:(?:19|20)?\d\d(?P<sep>[-./]?)(?:0[1-9]|1[0-2])(?P=sep)(?:0[1-9]|[12]\d|3[01])"
    r"|(?:0?[1-9]|[12]\d|3[01])[-./](?:0?[1-9]|1[0-2])[-./](?:19|20)?\d\d)\.?"
)
NOTHING = frozenset(
    {"", "-", "--", "n/a", "na", "none", "null", "nil", "tbc", "tbd", "?", "unknown", "yok", "keine", "aucun", "없음"}
    | {"anonymous", "anon", "everyone", "all", "익명", "미상", "전원", "모두"}
)
HANDLE = re.compile(r"[^\W\d_]{1,20}[._][^\W\d_]{2,30}")
"""A person's handle made of their names ("yaw.boateng", "m.haddad")."""
_HAN = re.compile(r"[\u4e00-\u9fff]")
"""A Chinese character: a script with no capitals ("林晓雨")."""
_NUMBERED_DONG = re.compile(
    r"(?:[\uac00-\ud7a3]{1,6}[시군구] )?[\uac00-\ud7a3]{1,5} ?\d{1,2} ?(?:[\uac00-\ud7a3]{1,4})?[동가]"
)
"""A Korean neighbourhood numbered as the administration splits it ("복대1동", "봉명2송정동", "종로5가"; "복대 1 동"
as the detection view writes a digit between syllables), after its district or not."""
_WORDS = r"[^\W\d_]+(?:[ '\u2019./-]+[^\W\d_]+)*"
_PERSON_CELL = re.compile(rf"{_WORDS}(?:(?:, ?|\.? & ){_WORDS})?\.?")
"""Words, or a family name, a comma and the given names, as a quoted CSV cell holds them ("Macaraeg, Rizaldy"), or two
people of one cell ("Eli J. & Miriam Yoder")."""


_FLAT = re.compile(r"\d{3,4}-\d{3,4}")


def holds(value: str, kind: str) -> bool:
    """Whether a cell's value may be of its column's kind: no placeholder, e-mail or bare number (but a flat's
    "101-1203" in an address's column); a person's or a place's cell is words with a capital or of two words or more,
    no digit, path or medicine ("Mihai Popescu", "NGUYEN", "thi thu ha"; not "timeout", "retry_policy", "eu-west-1",
    "/var/backups", "Metformin")."""
    if kind == "DATE_TIME":
        return _BIRTH.fullmatch(value) is not None  # a date, not "unknown" or "1978 (approx.)"
    if kind == "STREET_ADDRESS" and _FLAT.fullmatch(value):
        return True  # a flat's building and number in a complex ("101-1203")
    if value.lower() in NOTHING or "@" in value or not any(ch.isalpha() for ch in value):
        return False
    if kind == "STREET_ADDRESS":
        return True
    if kind == "LOCATION" and _NUMBERED_DONG.fullmatch(value):
        return True  # "대림2동", "영등포구 대림2동": a numbered neighbourhood, digit and all
    if _PERSON_CELL.fullmatch(value) is None or MEDICINE.fullmatch(value) is not None:
        return False
    if kind == "PERSON" and HANDLE.fullmatch(value):
        return True  # "recipient=yaw.boateng"
    if kind == "PERSON" and value.split()[-1].strip(".") in ORGANISATION_HEADS:
        return False  # a firm among a deed's parties: "Buckeye Rental Holdings LLC"
    return (
        any(ch.isupper() for ch in value)
        or " " in value
        or HANGUL.search(value) is not None
        or _HAN.search(value) is not None
    )
