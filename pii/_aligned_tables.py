"""People, places and addresses in a table printed with its columns aligned by spaces: pandas' `print(df)` and
`df.head()`, a fixed-width report. No separator splits its rows; where its header's names stand does.

pandas aligns each column's values to the right edge of its name, other reports to its left edge: a row's cell is what
lies between one column's edge and the next, counted in the columns a terminal shows (a Chinese or a Korean character
takes two: "王芳" fills the width of "name"). The header is a line of three words or more, each a column's name
(`column_key`), two of them apart by two spaces or more, naming a column of people, places or addresses beside one of
personal data ("name_zh", "city" beside "dob" and "phone"); pandas' index column has no name. A row is read while
every edge falls between its words, not inside one; a cell holds its column's kind by the tables' own test (`holds`).
Pure: no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from itertools import pairwise

from ._cell_values import holds
from ._columns import PERSONAL_COLUMNS, column_key, column_kind, someones_contact

_WORD = re.compile(r"\S+")
_NAME_OF_A_REPORTS_COLUMN = re.compile(r"\S+(?: \S+)*")
"""A report's column's name may have words one space apart ("NI NUMBER", "TAX CODE"): pandas' hold none, but may stand
one space apart where the values are narrower than the names."""
_WIDE = frozenset({"W", "F"})
_HEADER_WORDS = 3
"""Column names a header holds at least: fewer are a sentence's words as often."""
_MAX_KEY_WORDS = 3


def aligned_values(text: str) -> list[tuple[int, int, str]]:
    """(start, end, entity type) of every cell of an aligned table's columns of people, places, addresses and birth
    dates."""
    if "   " not in text or "\n" not in text:
        return []
    lines, offset = [], 0
    for line in text.split("\n"):
        lines.append((line, offset))
        offset += len(line) + 1
    found: list[tuple[int, int, str]] = []
    index = 0
    while index < len(lines) - 1:
        headers = (_header(lines[index][0], words) for words in (_WORD, _NAME_OF_A_REPORTS_COLUMN))
        columns = next((h for h in headers if h is not None and _row(*lines[index + 1], h) is not None), None)
        if columns is None:
            index += 1
            continue
        row = index + 1
        while row < len(lines) and (cells := _row(*lines[row], columns)) is not None:
            found += cells
            row += 1
        index = max(row, index + 1)
    return found


def _widths(line: str) -> list[int]:
    """Where each character of `line` ends, in the columns a terminal shows (a wide character takes two)."""
    ends, at = [], 0
    for char in line:
        at += 2 if unicodedata.east_asian_width(char) in _WIDE else 1
        ends.append(at)
    return ends


def _header(line: str, names: re.Pattern[str] = _WORD) -> list[tuple[int, int, str | None]] | None:
    """The columns of a header line, each as (left edge, right edge, entity type), if it is one; each of its words a
    column's name, or (`_NAME_OF_A_REPORTS_COLUMN`) each run of words one space apart."""
    words = list(names.finditer(line))
    if len(words) < _HEADER_WORDS or not any(line[a.end() : b.start()].startswith("  ") for a, b in pairwise(words)):
        return None  # a sentence's words, one space apart
    keys = [column_key(word.group()) for word in words]
    if not all(0 < len(key.split()) <= _MAX_KEY_WORDS for key in keys):
        return None
    personal = any(key in PERSONAL_COLUMNS or someones_contact(key) for key in keys)
    kinds = [column_kind(key, personal) for key in keys]
    if not any(kind in ("PERSON", "LOCATION", "STREET_ADDRESS") for kind in kinds):
        return None
    ends = _widths(line)
    return [(ends[w.start()] - 1, ends[w.end() - 1], kind) for w, kind in zip(words, kinds, strict=True)]


def _row(line: str, offset: int, columns: list[tuple[int, int, str | None]]) -> list[tuple[int, int, str]] | None:
    """The cells of a row under `columns` that hold their column's kind; None if `line` is no row of the table (empty,
    or an edge falls inside a word: the table has ended)."""
    if not line.strip():
        return None
    ends = _widths(line)
    words = [(ends[w.start()] - 1, ends[w.end() - 1], w) for w in _WORD.finditer(line)]
    right = all(any(end == edge for _, end, _ in words) for _, edge, _ in columns[1:])  # pandas: to the right
    left = _left_aligned(words, columns)
    if not right and not left:
        return None
    if right:  # a cell's words end after the column before's edge, at its own at the latest
        edges, previous = [edge for _, edge, _ in columns], _index_end(words, columns[0][0])
    else:  # a cell's words start at its column's left edge, before the next one's
        edges, previous = [edge for edge, _, _ in columns[1:]] + [ends[-1]], -1
    cells = []
    for edge, (_, _, kind) in zip(edges, columns, strict=True):
        if right:
            inside = [w for _, end, w in words if previous < end <= edge]
        else:
            inside = [w for start, _, w in words if previous <= start < edge]
        previous = edge
        if not inside or kind is None:
            continue
        start, end = inside[0].start(), inside[-1].end()
        if holds(line[start:end], kind):
            cells.append((offset + start, offset + end, kind))
    return cells


def _left_aligned(words: list[tuple[int, int, re.Match[str]]], columns: list[tuple[int, int, str | None]]) -> bool:
    """Whether a row's words stand as a report aligns them: no column's left edge inside a word, and each cell of the
    columns read (people, places) starting at its edge or empty; figures may be aligned to the right."""
    if any(start < edge < end for edge, _, _ in columns for start, end, _ in words):
        return False
    starts = {start for start, _, _ in words}
    return all(
        edge in starts or not any(edge <= start < right for start, _, _ in words)
        for (edge, _, kind), (right, _, _) in zip(columns, [*columns[1:], (10**9, 0, None)], strict=True)
        if kind is not None
    )


def _index_end(words: list[tuple[int, int, re.Match[str]]], first_edge: int) -> int:
    """Where pandas' unnamed index column ends in a row: the end of the row's words that end before the first column's
    name starts (-1 where there are none)."""
    return max((end for _, end, _ in words if end <= first_edge), default=-1)
