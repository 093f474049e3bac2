"""People and places in a column of a table whose other cells are people or places already found: a table pasted with
no header ("| Hawa Jalloh | 07512 884 039 | Lozells |", "88220\\tRashid Olawale-Bright\\t...\\tLongford") says what a
column holds by what its cells are, where a header would have said it (`pii._tables`).

A table here is three rows at least, one after the other, each split by the same separator (pipes, tabs or
semicolons) into as many cells, three at least. A column whose filled cells are, for two distinct ones at least and a
third of them, wholly a person or wholly a place the recognizers found, holds that kind in its other cells too, in a
table that holds people's data in another column (the other kind, a phone number, an e-mail or a street address: a
table of cheeses or fonts that spaCy read as people holds none), where such a cell is written as a name is, once in
the column (a column of a few values repeated holds parts, roles or sites: "Tenor", "Alto", "SRE"): one to four
capitalised words (particles such as "de", "van", "al" between them), no digit, not every word an everyday one of
English or of another language ("Remote", "Head Office", "Einkauf"), no organisation's ("Honey Run Farms LLC") and no
column's name (`pii._columns`). A first row with no cell of digits alone and nothing found in it is the table's header
("| Name | Voice | Q1 2024 |"), as is a row a Markdown rule follows. Applied after the recognizers, with what they
point at (`pii._redactor`). Pure: no I/O.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Sequence

import regex

from . import _english as english
from ._columns import a_columns_name
from ._name_words import ORDINARY_CAPITALISED
from ._places import a_listed_place
from ._spans import Entity
from ._tables import cell_spans, lines_of

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
_CONTACTS = frozenset({"PHONE_NUMBER", "EMAIL_ADDRESS", "STREET_ADDRESS"})
"""What a table of people holds beside their names or towns, in another column."""
_DIGITS_ONLY = regex.compile(r"[\d\s().,:/+-]+")
_RULED = regex.compile(r"[\s|:+-]*")
"""A Markdown table's rule under its header ("|---|:---:|")."""

_Cell = tuple[int, int]


def kinds_of_their_columns(text: str, found: Sequence[Entity]) -> list[Entity]:
    """The cells of headerless tables in `text` that `found` (merged spans: apart, in order) did not cover, typed as
    the people or places their column holds."""
    if sum(entity.type in _KINDS for entity in found) < _MIN_FOUND:
        return []
    covering = _Covering(found)
    spans = []
    for rows, ruled in _tables(text):
        if ruled or _a_header(text, rows[0], covering):
            rows = rows[1:]
        columns = [[cell for cell in column if cell[1] > cell[0]] for column in zip(*rows, strict=True)]
        held = [{kind for cell in column if (kind := covering.kind(cell))} for column in columns]
        for j, filled in enumerate(columns):
            values = Counter(text[start:end].casefold() for start, end in filled)
            if len(values) < _DISTINCT_SHARE * len(filled):
                continue  # a column of a few values, each repeated: parts, roles, sites ("Tenor", "Alto", "SRE")
            beside = set().union(*(kinds for k, kinds in enumerate(held) if k != j))
            for kind in _KINDS:
                whole = [cell for cell in filled if covering.kind(cell) == kind]
                if len({text[start:end] for start, end in whole}) < _MIN_FOUND or 3 * len(whole) < len(filled):
                    continue
                if not beside & (_CONTACTS | (set(_KINDS) - {kind})):
                    continue  # a column of cheeses or fonts that spaCy read as people, in a table of no one
                spans += [
                    Entity(kind, start, end, 0.5)
                    for start, end in filled
                    if covering.kind((start, end)) is None
                    and values[text[start:end].casefold()] == 1
                    and _written_as_a_name(text[start:end])
                ]
    return spans


class _Covering:
    """Which found span wholly covers a cell, by bisection over the spans (apart and in order)."""

    def __init__(self, found: Sequence[Entity]) -> None:
        self._spans = sorted(found, key=lambda entity: entity.start)
        self._starts = [entity.start for entity in self._spans]

    def kind(self, cell: _Cell) -> str | None:
        """The type of the found span that covers `cell` whole, if any."""
        at = bisect.bisect_right(self._starts, cell[0]) - 1
        return self._spans[at].type if at >= 0 and self._spans[at].end >= cell[1] else None


def _a_header(text: str, row: list[_Cell], covering: _Covering) -> bool:
    """Whether a table's first row names its columns: no cell of it only digits, and none a value found ("| Name |
    Voice | Q1 2024 |", "Nachname\tVorname\tFirma")."""
    if any(covering.kind(cell) for cell in row):
        return False
    return not any(_DIGITS_ONLY.fullmatch(text, start, end) for start, end in row if end > start)


def _written_as_a_name(value: str) -> bool:
    if _NAME_LIKE.fullmatch(value) is None or a_columns_name(value):
        return False
    words = regex.findall(r"\p{L}+", value)
    if not words or words[-1] in ORDINARY_CAPITALISED:  # "Honey Run Farms LLC", "Bosch-Kramer Antriebe GmbH"
        return False
    if all(english.zipf_elsewhere(word.lower()) >= english.EVERYDAY for word in words) and not a_listed_place(value):
        return False  # a department's "Einkauf", "Ventas"; not a town its language writes every day ("Bogor")
    if any(word.isupper() and len(word) <= _ACRONYM for word in words):  # "SRE", "HR Ops"
        return False
    return not all(english.zipf(word.lower()) >= english.EVERYDAY for word in words)


def _tables(text: str) -> list[tuple[list[list[_Cell]], bool]]:
    """Each table of `text`: its rows, each row its cells (stripped of spaces) in text offsets, and whether a Markdown
    rule follows its first row (a header's)."""
    lines = lines_of(text)
    tables: list[tuple[list[list[_Cell]], bool]] = []
    for separator in _SEPARATORS:
        run: list[list[_Cell]] = []
        ruled = False
        for line, start in [*lines, ("", len(text))]:
            if separator == "|" and "-" in line and _RULED.fullmatch(line):
                ruled = ruled or len(run) == 1
                continue  # a Markdown table's rule: the table goes on under it
            cells = _cells(line, start, separator)
            if cells is None or (run and len(cells) != len(run[0])):
                if len(run) >= _MIN_ROWS:
                    tables.append((run, ruled))
                run, ruled = [], False
            if cells is not None:
                run.append(cells)
    return tables


def _cells(line: str, start: int, separator: str) -> list[_Cell] | None:
    """The cells of one line split by `separator` (`pii._tables.cell_spans`: a pipe table's outer pipes aside, a CSV's
    quoted cell whole), stripped, in text offsets; None for fewer than `_MIN_CELLS`."""
    if line.count(separator) < _MIN_CELLS - 1:
        return None
    cells = []
    for a, b in cell_spans(line, separator):
        piece = line[a:b]
        at = start + a + len(piece) - len(piece.lstrip()) if piece.strip() else start + a  # an empty cell: (at, at)
        cells.append((at, at + len(piece.strip())))
    return cells if len(cells) >= _MIN_CELLS else None
