"""People, places and addresses in the cells of a table pasted as text: rows split by tabs, pipes, semicolons or
commas under a header that names their columns.

A spreadsheet or a CRM export pasted into a prompt holds its values where no sentence cues them ("NGUYEN,Thi
Thu Ha,1987-04-19,..."); its header does: a column called "surname", "given", "payee", "recipient" holds people,
"city" or "hometown" places, "address" addresses. The header is the table's first row ("| payee | IBAN | city
|") or a line before it that lists the columns ("Columns are surname,given,dob,phone,email."). A row counts when
it splits into as many cells as the header has columns, by any of the separators (a comma inside an address
does not split a tab-separated row). Empty cells and placeholders ("-", "n/a", "none") hold nothing, nor cells
holding an e-mail address or only digits (the identifier recognizers find those). A table with no header is left
to the other recognizers. Pure: no I/O.
"""

from __future__ import annotations

import re
from typing import Any

from ._presidio import import_presidio, rule_result

import_presidio()
from presidio_analyzer import EntityRecognizer, RecognizerResult  # noqa: E402

PERSON_COLUMNS = frozenset(
    {"name", "full name", "fullname", "surname", "last name", "lastname", "family name", "given", "given name"}
    | {"given names", "first name", "firstname", "forename", "forenames", "payee", "recipient", "sender"}
    | {"consignee", "contact", "contact name", "customer", "client", "patient", "employee", "staff", "member"}
    | {"guest", "passenger", "attendee", "student", "pupil", "driver", "tenant", "resident", "beneficiary"}
    | {"account holder", "holder", "nickname", "owner", "applicant", "candidate", "volunteer", "donor", "person"}
    | {"next of kin", "emergency contact", "witness", "caller", "teacher", "parent", "guardian", "child"}
)
"""Columns whose cells are people."""
PLACE_COLUMNS = frozenset(
    {"city", "town", "hometown", "home town", "location", "place", "region", "suburb", "village", "province"}
    | {"county", "residence", "based", "based in", "origin", "birthplace", "place of birth", "city of birth"}
)
"""Columns whose cells are places that locate someone (not "country": it locates no one closely)."""
ADDRESS_COLUMNS = frozenset({"address", "street", "home address", "street address", "postal address", "addr"})
"""Columns whose cells are street addresses."""
_KINDS = (("PERSON", PERSON_COLUMNS), ("LOCATION", PLACE_COLUMNS), ("STREET_ADDRESS", ADDRESS_COLUMNS))

_SEPARATORS = ("\t", "|", ";", ",")
_LISTED_COLUMNS = re.compile(r"(?i)\bcolumns?(?:\s+are)?\s*[:=]?\s*(.+?)\.?\s*$")
_NOTHING = frozenset({"", "-", "--", "n/a", "na", "none", "null", "nil", "tbc", "?", "unknown"})
_MAX_HEADER_WORDS = 3


def table_values(text: str) -> list[tuple[int, int, str]]:
    """(start, end, entity type) of every cell in a column of people, places or addresses, left to right."""
    if not any(separator in text for separator in _SEPARATORS):
        return []
    lines = _lines(text)
    found: list[tuple[int, int, str]] = []
    index = 0
    while index < len(lines):
        kinds, first_row = _header(lines, index)
        if kinds is None:
            index += 1
            continue
        row = first_row
        while row < len(lines) and (cells := _cells(*lines[row], len(kinds))) is not None:
            found += [(a, b, kind) for (a, b), kind in zip(cells, kinds, strict=True) if kind and b > a]
            row += 1
        index = max(row, index + 1)
    return found


def _lines(text: str) -> list[tuple[str, int]]:
    """Each line of `text` with the offset it starts at."""
    lines, offset = [], 0
    for line in text.split("\n"):
        lines.append((line, offset))
        offset += len(line) + 1
    return lines


def _header(lines: list[tuple[str, int]], index: int) -> tuple[list[str | None] | None, int]:
    """The entity type of each column (None for a column of anything else) if line `index` is a table's header,
    and the index of the table's first row; (None, index) if it is none or names no column of ours."""
    line = lines[index][0]
    listed = _LISTED_COLUMNS.search(line)
    names = re.split(r"\s*,\s*", listed.group(1)) if listed is not None else None
    if names is None:
        names = next((cells for separator in _SEPARATORS if len(cells := _split(line, separator)) >= 2), None)
    if names is None or not all(_column_name(name) for name in names):
        return None, index
    kinds = [_kind(name) for name in names]
    return (kinds, index + 1) if any(kinds) else (None, index)


def _column_name(cell: str) -> bool:
    words = cell.split()
    return 0 < len(words) <= _MAX_HEADER_WORDS and all(word.replace("_", "").isalpha() for word in words)


def _kind(name: str) -> str | None:
    key = name.strip().lower().replace("_", " ")
    return next((kind for kind, columns in _KINDS if key in columns), None)


def _split(line: str, separator: str) -> list[str]:
    cells = line.split(separator)
    if separator == "|" and len(cells) > 2 and not cells[0].strip() and not cells[-1].strip():
        cells = cells[1:-1]  # "| a | b |"
    return [cell.strip() for cell in cells]


def _cells(line: str, offset: int, count: int) -> list[tuple[int, int]] | None:
    """The spans of the `count` cells of a row, by the first separator that splits `line` into that many ((0, 0)
    for a cell that holds nothing of ours); None if none does (the table has ended)."""
    for separator in _SEPARATORS:
        pieces = line.split(separator)
        start = 0
        if separator == "|" and len(pieces) == count + 2 and not pieces[0].strip() and not pieces[-1].strip():
            start, pieces = len(pieces[0]) + 1, pieces[1:-1]
        if len(pieces) != count:
            continue
        spans = []
        for piece in pieces:
            value = piece.strip()
            lead = len(piece) - len(piece.lstrip())
            if value.lower() in _NOTHING or "@" in value or not any(ch.isalpha() for ch in value):
                spans.append((0, 0))
            else:
                spans.append((offset + start + lead, offset + start + lead + len(value)))
            start += len(piece) + 1
        return spans
    return None


class TableRecognizer(EntityRecognizer):
    """People, places and addresses in tables pasted as text (the module's docstring)."""

    name: str

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(supported_entities=["PERSON", "LOCATION", "STREET_ADDRESS"], name="TableRecognizer", **kwargs)

    def load(self) -> None:
        pass

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        return [rule_result(self, kind, start, end, 0.6) for start, end, kind in table_values(text) if kind in entities]
