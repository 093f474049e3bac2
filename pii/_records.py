"""Where a field's record lies in machine text: the fields that describe one person or one thing together, so that a
field called "name" is a person's beside the record's contact details (`pii._fields`). A record is its line, a
pretty-printed object or a call's arguments over several lines, or a YAML item's or a form's fields. Pure: no I/O.
"""

from __future__ import annotations

import re

import regex

FORM_FIELD = regex.compile(
    r"^[ \t]*(?:[-*\u2022][ \t]+)?(\p{L}[\p{L} _-]{0,30}?(?:\((?:s|es)\))?)[ \t]*:[ \t]+(\S[^\r\n:]{0,79}?)[ \t]*\r?$",
    regex.MULTILINE,
)
"""A form's or a YAML document's field on a line of its own ("Surname: Eze", "  - city: Braga", "Forename(s): Ada")."""

OBJECT = 1_000
"""Characters either side of a field within which the object holding it is looked for: a bigger one is read as lines."""


def line_of(text: str, at: int) -> str:
    """The line holding `at`, or the part of it inside the JSON object holding `at` (a contact field outside a call's
    brackets on the same line is the same record's: 'register(name="Ngozi Eze")  # email=...')."""
    start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
    start, end = max(start, text.rfind("{", 0, at) + 1), end if end >= 0 else len(text)
    end = min(end, closing) if (closing := text.find("}", at)) >= 0 else end
    return text[start:end]


def record_of(text: str, at: int) -> str:
    """The record holding `at`: an object over as many lines as it spans, or a call's arguments from a bracket closing
    its line (a JSON object's '"name": ...' a line above its '"mobile": ...'; "Cliente(\n    nome=...,\n
    telefono=...)"; not a log's "(worker started\nname=..."), its nested objects left out ('"author": {"email": ...}'
    is the author's); else the fields of a YAML item or a form at the same indentation, up to a blank line or the next
    item ("- name_en: ...\n  phone: ..."); else its line."""
    start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
    end = end if end >= 0 else len(text)
    brackets = enclosing(text, at)
    opening = brackets[0] if brackets is not None else -1
    if brackets is not None and (text[opening] == "{" or not text[opening + 1 : text.find("\n", opening)].strip()):
        return _NESTED.sub("", text[brackets[0] + 1 : brackets[1]])
    if FORM_FIELD.match(text, start, end) is not None:
        return _item(text, start, end)
    return text[start:end]


_MARKS = re.compile(r'"(?:[^"\\\n]|\\.)*"|[{}()]')
"""A JSON string, skipped whole (its brackets are its words': "VIP :)"), or a bracket."""
_PAIRS = {"}": "{", ")": "("}
_NESTED = re.compile(r"\{[^{}]*\}|\[[^\[\]]*\]")
"""An object or a list nested in a record: someone else's fields."""


def enclosing(text: str, at: int) -> tuple[int, int] | None:
    """Where the innermost object or call holding `at` opens and closes, within `OBJECT` characters either side; None
    where its brackets do not pair up ("(worker started\nname=...": no object)."""
    closed: list[str] = []
    opening = None
    for mark in reversed(list(_MARKS.finditer(text, max(0, at - OBJECT), at))):
        bracket = mark.group()
        if bracket in _PAIRS:
            closed.append(_PAIRS[bracket])
        elif bracket in "{(":
            if not closed:
                opening = mark.start()
                break
            if closed.pop() != bracket:
                return None
    if opening is None:
        return None
    opened: list[str] = []
    for mark in _MARKS.finditer(text, at, at + OBJECT):
        bracket = mark.group()
        if bracket in "{(":
            opened.append(bracket)
        elif bracket in _PAIRS:
            if not opened:
                return (opening, mark.start()) if _PAIRS[bracket] == text[opening] else None
            if opened.pop() != _PAIRS[bracket]:
                return None
    return None


_ITEM = re.compile(r"[ \t]*(?:- )?")
"""What indents a YAML document's field, a list's item's dash with it ("  - name_en: ..." holds its key at four)."""
_ITEM_LINES = 30
"""Lines a YAML item or a form's block holds at most; a longer run of fields is read line by line."""


def _item(text: str, start: int, end: int) -> str:
    """The fields of the YAML item or the form holding the line `start:end`: the lines around it at its indentation, up
    to a blank line, another item or a line indented otherwise; the line alone in a run longer than `_ITEM_LINES`."""
    indent = _indent(text[start:end])
    lines = [(start, end)]
    while not text[lines[0][0] : lines[0][1]].lstrip().startswith("- ") and lines[0][0] > 0:  # up to the item's dash
        above = text.rfind("\n", 0, lines[0][0] - 1) + 1
        line = text[above : lines[0][0] - 1]
        if not line.strip() or _indent(line) != indent or len(lines) > _ITEM_LINES:
            break
        lines.insert(0, (above, lines[0][0] - 1))
    while lines[-1][1] < len(text) and len(lines) <= _ITEM_LINES:
        below = lines[-1][1] + 1
        after = text.find("\n", below)
        line = text[below : after if after >= 0 else len(text)]
        if not line.strip() or line.lstrip().startswith("- ") or _indent(line) != indent:
            break
        lines.append((below, below + len(line)))
    if len(lines) > _ITEM_LINES:
        return text[start:end]
    return text[lines[0][0] : lines[-1][1]]


def _indent(line: str) -> int:
    """Where a line's key starts: after its indentation and a list item's dash."""
    return len(_ITEM.match(line).group())  # type: ignore[union-attr]
