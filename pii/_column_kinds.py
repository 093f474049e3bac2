"""People and places in a column of a table whose other cells are people or places already found: a table pasted with
no header ("| Hawa Jalloh | 07512 884 039 | Lozells |", "88220\\tRashid Olawale-Bright\\t...\\tLongford") says what a
column holds by what its cells are, where a header would have said it (`pii._tables`).

A table here is three rows at least, one after the other, each split by the same separator (pipes, tabs or
semicolons) into as many cells, three at least. A column whose filled cells are, for two distinct ones at least and a
third of them, wholly a person or wholly a place the recognizers found, holds that kind in its other cells too, where
such a cell is written as a name is, once in the column (a column of a few values repeated holds parts, roles or sites:
"Tenor", "Alto", "SRE"): one to four capitalised words (particles such as "de", "van", "al" between them), no
digit, not every word an everyday English one ("Remote", "Head Office"), no organisation's ("Honey Run Farms LLC") and
no column's name (`pii._columns`); a first row with no digit and nothing found in it is the table's header ("| Name |
Voice | Notes |"). Applied after the recognizers, with what they point at (`pii._redactor`). Pure: no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import regex

from . import _english as english
from ._columns import a_columns_name
from ._name_words import ORDINARY_CAPITALISED
from ._spans import Entity

_KINDS = ("PERSON", "LOCATION")
_SEPARATORS = ("|", "\t", ";")
_MIN_ROWS = 3
_MIN_CELLS = 3
_MIN_FOUND = 2
_DISTINCT_SHARE = 0.7
_ACRONYM = 4
_NAME_LIKE = regex.compile(
    r"(?:\p{Lu}[\p{L}\p{M}'\u2019.-]*|de|del|da|dos|van|von|der|den|al|el|bin|binti|la|le|du)"
    r"(?:[ \t]+(?:\p{Lu}[\p{L}\p{M}'\u2019.-]*|de|del|da|dos|van|von|der|den|al|el|bin|binti|la|le|du)){0,3}"
)
_RULED = regex.compile(r"[\s|:+-]*")
"""A Markdown table's rule under its header ("|---|:---:|")."""

_Cell = tuple[int, int]


def kinds_of_their_columns(text: str, found: Sequence[Entity]) -> list[Entity]:
    """The cells of headerless tables in `text` that `found` (merged spans) did not cover, typed as the people or
    places their column holds."""
    kinds = [(entity.start, entity.end, entity.type) for entity in found if entity.type in _KINDS]
    if len(kinds) < _MIN_FOUND:
        return []
    spans = []
    for rows, ruled in _tables(text):
        if ruled or _a_header(text, rows[0], kinds):
            rows = rows[1:]
        for column in zip(*rows, strict=True):
            filled = [cell for cell in column if cell[1] > cell[0]]
            values = Counter(text[start:end].casefold() for start, end in filled)
            if len(values) < _DISTINCT_SHARE * len(filled):
                continue  # a column of a few values, each repeated: parts, roles, sites ("Tenor", "Alto", "SRE")
            for kind in _KINDS:
                whole = [cell for cell in filled if _covered_as(cell, kind, kinds)]
                if len({text[start:end] for start, end in whole}) < _MIN_FOUND or 3 * len(whole) < len(filled):
                    continue
                spans += [
                    Entity(kind, start, end, 0.5)
                    for start, end in filled
                    if (start, end) not in whole
                    and values[text[start:end].casefold()] == 1
                    and _written_as_a_name(text[start:end])
                ]
    return spans


def _a_header(text: str, row: list[_Cell], kinds: list[tuple[int, int, str]]) -> bool:
    """Whether a table's first row names its columns: no digit in it, and no cell of it a person or place found ("|
    Name | Voice | Notes |", "Nachname\tVorname\tFirma")."""
    cells = [text[start:end] for start, end in row]
    found = any(_covered_as(cell, kind, kinds) for cell in row for kind in _KINDS)
    return not found and not any(ch.isdigit() for cell in cells for ch in cell)


def _covered_as(cell: _Cell, kind: str, kinds: list[tuple[int, int, str]]) -> bool:
    return any(start <= cell[0] and cell[1] <= end and found == kind for start, end, found in kinds)


def _written_as_a_name(value: str) -> bool:
    if _NAME_LIKE.fullmatch(value) is None or a_columns_name(value):
        return False
    words = regex.findall(r"\p{L}+", value)
    if not words or words[-1] in ORDINARY_CAPITALISED:  # "Honey Run Farms LLC", "Bosch-Kramer Antriebe GmbH"
        return False
    if any(word.isupper() and len(word) <= _ACRONYM for word in words):  # "SRE", "HR Ops"
        return False
    return not all(english.zipf(word.lower()) >= english.EVERYDAY for word in words)


def _tables(text: str) -> list[tuple[list[list[_Cell]], bool]]:
    """Each table of `text`: its rows, each row its cells (stripped of spaces) in text offsets, and whether a Markdown
    rule follows its first row (a header's)."""
    lines, at = [], 0
    for line in text.split("\n"):
        lines.append((at, line))
        at += len(line) + 1
    tables: list[tuple[list[list[_Cell]], bool]] = []
    for separator in _SEPARATORS:
        run: list[list[_Cell]] = []
        ruled = False
        for start, line in [*lines, (len(text), "")]:
            if separator == "|" and "-" in line and _RULED.fullmatch(line):
                ruled = ruled or len(run) == 1
                continue  # a Markdown table's rule: the table goes on under it
            cells = _cells(start, line, separator)
            if cells is None or (run and len(cells) != len(run[0])):
                if len(run) >= _MIN_ROWS:
                    tables.append((run, ruled))
                run, ruled = [], False
            if cells is not None:
                run.append(cells)
    return tables


def _cells(start: int, line: str, separator: str) -> list[_Cell] | None:
    """The cells of one line split by `separator` (a pipe table's outer pipes aside), or None for fewer than
    `_MIN_CELLS`."""
    if line.count(separator) < _MIN_CELLS - 1:
        return None
    cells, at = [], start
    parts = line.split(separator)
    if separator == "|" and line.strip().startswith("|") and line.strip().endswith("|"):
        lead = len(parts[0]) + 1
        at += lead
        parts = parts[1:-1]
    for part in parts:
        stripped = part.strip()
        offset = at + (len(part) - len(part.lstrip())) if stripped else at
        cells.append((offset, offset + len(stripped)))
        at += len(part) + 1
    return cells if len(cells) >= _MIN_CELLS else None
