"""People, places and addresses in the cells of a table pasted as text: rows split by tabs, pipes, semicolons or
commas under a header that names their columns.

A spreadsheet or a CRM export pasted into a prompt holds its values where no sentence cues them ("NGUYEN,Thi
Thu Ha,1987-04-19,..."); its header does: a column called "surname", "given", "payee", "recipient" holds people,
"city" or "hometown" places, "address" addresses; a column called only "name", "client" or "location" holds
people or places only beside a column of personal data ("name,email,phone"), since alone it names servers,
settings, drugs or tests as often. The header is the table's first row ("| payee | IBAN | city |", quoted or
hyphenated names too: "first-name") or a sentence before it that lists the columns ("Columns are
surname,given,dob,phone,email."); two columns at least. A row counts when it splits into as many cells as the
header has columns, by any of the separators (a comma inside an address does not split a tab-separated row).
A person's or a place's cell is words with no digit, path or medicine, capitalised or of two words or more;
placeholders ("-", "n/a", "none"), e-mail addresses and numbers hold nothing of theirs (the identifier
recognizers find those: `pii._cell_values`). A table with no header is left to the other recognizers. The named
fields of machine text (a JSON object's, a log line's, an XML element's, ...) are read by `pii._fields`, each as one
row under the header its name makes. Pure: no I/O.
"""

from __future__ import annotations

import re
from typing import Any

from ._aligned_tables import aligned_values
from ._cell_values import holds
from ._columns import (
    PERSONAL_COLUMNS,
    a_columns_name,
    beside_their_homes,
    column_key,
    column_kind,
    someones_contact,
    without_qualifier,
)
from ._fields import field_values
from ._presidio import import_presidio, rule_result

import_presidio()
from presidio_analyzer import EntityRecognizer, RecognizerResult  # noqa: E402

_SEPARATORS = ("\t", "|", ";", ",")
_LISTED_COLUMNS = re.compile(r"(?i)(?:^|[.?!]\s+)(?:the\s+)?columns?(?:\s+are)?\s*[:=]?\s*(.+?)\.?\s*$")
_MAX_HEADER_WORDS = 3


def table_values(text: str) -> list[tuple[int, int, str]]:
    """(start, end, entity type) of every cell in a column of people, places or addresses, left to right, and of
    every field so named (`field_values`), and of every table aligned by spaces (`aligned_values`)."""
    if not any(separator in text for separator in _SEPARATORS):
        return field_values(text) + aligned_values(text)
    found: list[tuple[int, int, str]] = []
    for _, kinds, rows in _tables(lines_of(text)):
        for cells in rows:
            found += [(a, b, kind) for (a, b), kind in zip(cells, kinds, strict=True) if kind and b > a]
    return found + field_values(text) + aligned_values(text)


def header_cells(text: str) -> list[tuple[int, int]]:
    """(start, end) of the cells of every table's header row that has a row under it and that name a column of the
    lists (`a_columns_name`: "Nachname", "Vorname", "Ort"), or of every cell of a header of three columns or more, two
    of them named so ("Reason", "Firma" beside "Name" and "Date of birth"): no one's name and no place, whatever a model
    reads there. A key and value table's value is no column's name ("| Patient | Maria Lopez |": "Maria Lopez" stays
    found)."""
    if not any(separator in text for separator in _SEPARATORS):
        return []
    lines = lines_of(text)
    spans: list[tuple[int, int]] = []
    for header, kinds, rows in _tables(lines):
        line, offset = lines[header]
        pieces = next((p for sep in _SEPARATORS if len(p := cell_spans(line, sep)) == len(kinds)), None)
        if rows and pieces is not None and not _LISTED_COLUMNS.search(line):
            named = [a_columns_name(line[a:b]) for a, b in pieces]
            every = len(pieces) >= 3 and sum(named) >= 2  # a header's every cell, not a key's value beside its key
            spans += [(offset + a, offset + b) for (a, b), known in zip(pieces, named, strict=True) if known or every]
    return spans


def _tables(lines: list[tuple[str, int]]) -> list[tuple[int, list[str | None], list[list[tuple[int, int]]]]]:
    """Each table of `lines`: the index of its header, its columns' entity types and its rows' cells."""
    tables = []
    index = 0
    while index < len(lines):
        kinds, first_row = _header(lines, index)
        if kinds is None:
            index += 1
            continue
        row, rows = first_row, []
        if row < len(lines) and _RULE.fullmatch(lines[row][0]):
            row += 1  # the rule under a header ("---+---" of psql, "===" of a report)
        while row < len(lines) and (cells := _cells(*lines[row], kinds)) is not None:
            rows.append(cells)
            row += 1
        tables.append((index, kinds, rows))
        index = max(row, index + 1)
    return tables


_RULE = re.compile(r"[ \t]*[-=][-=+| \t]{2,}")
"""A line drawn under a table's header, with the columns' crossings ("------------+-----------+----------")."""


def lines_of(text: str) -> list[tuple[str, int]]:
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
    names = re.split(r"\s*[,;|]\s*", listed.group(1)) if listed is not None else None
    if names is None:
        names = next((cells for separator in _SEPARATORS if len(cells := _split(line, separator)) >= 2), None)
    keys = [column_key(name) for name in names or ()]  # a qualified name names no column of ours ("Tenant (type)")
    bare = [column_key(without_qualifier(name)) for name in names or ()]
    if len(keys) < 2 or not all(
        0 < len(key.split()) <= _MAX_HEADER_WORDS or _numbered_column(name)
        for key, name in zip(bare, names or (), strict=True)
    ):
        return None, index
    personal = any(key in PERSONAL_COLUMNS or someones_contact(key) for key in keys) or beside_their_homes(keys)
    kinds = [column_kind(key, personal) for key in keys]
    return (kinds, index + 1) if any(kinds) else (None, index)


def _numbered_column(name: str) -> bool:
    """Whether a header's cell is a column's name with a number in it, which `column_key` reads as none ("11월결석",
    "2024 Q1", "vouchers_6m"): letters and digits in a word or two. A row's cells are digits alone, or words that name
    no column."""
    spaced = re.sub(r"[-_]", " ", name.strip())  # a key's "_" and "-" as spaces ("vouchers_6m", "q1_2024")
    return _NUMBERED.fullmatch(spaced) is not None and _LETTER.search(name) is not None


_NUMBERED = re.compile(r"[^\W_]*\d[^\W_]*(?: [^\W_]+){0,2}|[^\W_]+ [^\W_]*\d[^\W_]*(?: [^\W_]+)?")
"""A number inside a column's name of a word or two, its digits maybe set apart from its Hangul by the detection view
("12 월 결과", "vouchers 6m")."""
_LETTER = re.compile(r"[^\W\d_]")


def _split(line: str, separator: str) -> list[str]:
    return [line[a:b].strip() for a, b in cell_spans(line, separator)]


def cell_spans(line: str, separator: str) -> list[tuple[int, int]]:
    """The spans of the cells of `line` split by `separator`, not inside a CSV's quoted cell ("DELA CRUZ, JOMARIE
    PASCUAL"), without a Markdown row's outer pipes ("| a | b |")."""
    spans, start, quoted = [], 0, False
    if '"' not in line:  # no quoted cell: split as `str.split` does, at its speed
        for piece in line.split(separator):
            spans.append((start, start + len(piece)))
            start += len(piece) + 1
        return _without_outer_pipes(line, separator, spans)
    for at, char in enumerate(line):
        if char == '"' and (quoted or not line[start:at].strip()):  # a quote opens a cell or closes one
            quoted = not quoted
        elif char == separator and not quoted:
            spans.append((start, at))
            start = at + 1
    spans.append((start, len(line)))
    return _without_outer_pipes(line, separator, spans)


def _without_outer_pipes(line: str, separator: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A Markdown row's cells without the empty ones its outer pipes make ("| a | b |")."""
    if (
        separator == "|"
        and len(spans) > 2
        and not line[slice(*spans[0])].strip()
        and not line[slice(*spans[-1])].strip()
    ):
        return spans[1:-1]
    return spans


def _cells(line: str, offset: int, kinds: list[str | None]) -> list[tuple[int, int]] | None:
    """The spans of a row's cells, by the first separator that splits `line` into as many as `kinds` has ((0, 0)
    for a cell that holds nothing of its column's kind); None if none does (the table has ended)."""
    for separator in _SEPARATORS:
        pieces = cell_spans(line, separator)
        if len(pieces) != len(kinds):
            continue
        spans = []
        for (a, b), kind in zip(pieces, kinds, strict=True):
            value = line[a:b].strip().strip('"')  # a CSV's quoted cell
            lead = line.index(value, a) - a if value else 0
            tested = value
            aside = _ASIDES[kind].fullmatch(value) if kind in _ASIDES else None
            if aside is not None:
                tested = aside.group(1) or aside.group(2) or aside.group(3)  # "하윤 (초3)": tested alone
            keep = kind is not None and holds(tested, kind)
            spans.append((offset + a + lead, offset + a + lead + len(value)) if keep else (0, 0))
        return spans
    return None


_NAME_ASIDE = re.compile(
    r"([\uac00-\ud7a3]{2,4})[ \t]*"
    r"\((?:[^()\n]{0,8}\d[^()\n]{0,8}|[\u4e00-\u9fff]{2,4}|[A-Z][a-z]+(?: [A-Z][a-z]+){0,2})\)"
    r"|([^()\n]*?[^\s()])[ \t]*\([A-Z][a-z]{1,15}\)"
    r"|([\u4e00-\u9fff]{2,4})[ \t]*\([\uac00-\ud7a3]{2,5}\)"
)
"""A Korean name with a note in brackets: a number ("하윤 (초3)", "시우(7세)"), the name in Chinese characters or in
Latin letters ("류양 (刘洋)", "방지훈 (Bang Jihoon)"), or a Chinese name with its Hangul ("刘伟 (류웨이)"); a name
with a nickname ("O'Donoghue, Bartholomew (Bart)"). The name is tested without it and masked with it; not a
placeholder's or a desk's note ("미정 (TBD)", "관리자 (admin)", "Support (EU)", "Reception (24h)")."""
_PLACE_ASIDE = re.compile(r"(.+?\S)[ \t]*\([^()\n]{1,20}\)")
"""A place with its district or country in brackets ("Medellín (El Poblado)")."""
_ASIDES = {"PERSON": _NAME_ASIDE, "LOCATION": _PLACE_ASIDE}


class TableRecognizer(EntityRecognizer):
    """People, places and addresses in tables pasted as text (the module's docstring)."""

    name: str

    def __init__(self, **kwargs: Any) -> None:
        kinds = ["PERSON", "LOCATION", "STREET_ADDRESS", "DATE_TIME", "PHONE_NUMBER", "US_SSN", "US_DRIVER_LICENSE"]
        super().__init__(supported_entities=kinds, name="TableRecognizer", **kwargs)

    def load(self) -> None:
        pass

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        return [rule_result(self, kind, start, end, 0.6) for start, end, kind in table_values(text) if kind in entities]
