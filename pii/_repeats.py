"""Every occurrence of known values in a text, case-insensitive and never inside a longer word or number.

A region finds a detected value's undetected repeats, and its leak check finds an original value left in
the text about to leave, with one search over a handful of values per request. A regular expression
compiled for each request's values cost about 0.4 ms a compile (the parser is Python), more than the
search itself: for ASCII text and values, whose case is plain, occurrences are found with `str.find`
on the lower-cased text; anything else falls back to the compiled alternation, whose matches these are.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable


def values_pattern(values: Iterable[str]) -> re.Pattern[str] | None:
    """One pattern for all values, case-insensitive, never inside a longer word or number (longest first)."""
    parts = [_left(v) + re.escape(v) + _right(v) for v in _longest_first(values)]
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


class ValueSearch:
    """`values_pattern(values).search(text, position)`, as (start, end), without compiling a pattern for
    ASCII text and values."""

    def __init__(self, values: Iterable[str]) -> None:
        self._values = _longest_first(values)
        self._plain = all(v.isascii() for v in self._values)
        self._pattern: re.Pattern[str] | None = None
        self._text: str | None = None
        self._starts: list[list[int]] = []

    def __bool__(self) -> bool:
        return bool(self._values)

    def search(self, text: str, position: int = 0) -> tuple[int, int] | None:
        """The leftmost occurrence starting at or after `position` (the longest value where several start there)."""
        if not self._values:
            return None
        if not (self._plain and text.isascii()):
            if self._pattern is None:
                self._pattern = values_pattern(self._values)
            assert self._pattern is not None
            m = self._pattern.search(text, position)
            return None if m is None else (m.start(), m.end())
        if text is not self._text:
            self._text, self._starts = text, [_starts(text.lower(), v) for v in self._values]
        best: tuple[int, int] | None = None
        for value, starts in zip(self._values, self._starts, strict=True):
            i = bisect.bisect_left(starts, position)
            if i < len(starts) and (best is None or starts[i] < best[0]):
                best = (starts[i], starts[i] + len(value))
        return best


def _longest_first(values: Iterable[str]) -> list[str]:
    return sorted({v.casefold() for v in values if v.strip()}, key=len, reverse=True)


def _left(value: str) -> str:
    return r"(?<!\w)" if value[:1].isalnum() else ""


def _right(value: str) -> str:
    return r"(?!\w)" if value[-1:].isalnum() else ""


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def _starts(lowered: str, value: str) -> list[int]:
    """Where `value` occurs in ASCII `lowered` with no word character glued to a word-bounded end."""
    left, right = value[:1].isalnum(), value[-1:].isalnum()
    found = []
    start = lowered.find(value)
    while start != -1:
        end = start + len(value)
        if not (left and start > 0 and _is_word(lowered[start - 1])) and not (
            right and end < len(lowered) and _is_word(lowered[end])
        ):
            found.append(start)
        start = lowered.find(value, start + 1)
    return found
