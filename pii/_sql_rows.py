"""The rows of an SQL INSERT statement pasted into a prompt, each value beside the name of its column
("INSERT INTO participants (full_name, dob, email) VALUES ('Callum Fraser-Doyle', '1979-06-14', ...), (...)"), so
that `pii._tables` reads them as it reads a table's rows.

Pure patterns over the text.
"""

from __future__ import annotations

import re

_INSERT = re.compile(r"(?i)\bINSERT[ \t]+INTO[ \t]+[\w.\"`\[\]]{1,80}[ \t]*\(([^()]{1,1000})\)\s*VALUES\s*")
"""An INSERT with its list of columns; the rows follow."""
_ROW = re.compile(r"\s*,?\s*\(")
_VALUE = re.compile(r"\s*(?:'((?:[^'\n]|'')*)'|N'((?:[^'\n]|'')*)'|([-\w.+]+))\s*(?P<next>[,)])")
"""One value of a row: a quoted string (its quotes aside), or a bare word or number (NULL, 42, TRUE)."""


def insert_rows(text: str) -> list[list[tuple[str, int, int]]]:
    """Per row of every INSERT in `text`, (column's name, start, end) of its quoted values; a row whose values
    do not match its columns in number is left out."""
    rows = []
    for insert in _INSERT.finditer(text):
        columns = [name.strip().strip('"`[]') for name in insert.group(1).split(",")]
        at = insert.end()
        while (opening := _ROW.match(text, at)) is not None:
            at, values = opening.end(), []
            while (value := _VALUE.match(text, at)) is not None:
                group = next((g for g in (1, 2) if value.group(g) is not None), None)
                values.append(value.span(group) if group is not None else None)
                at = value.end()
                if value.group("next") == ")":
                    break
            else:
                break  # a row cut short
            if len(values) == len(columns):
                rows.append([(column, *span) for column, span in zip(columns, values, strict=True) if span])
    return rows
