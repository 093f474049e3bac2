"""Numbers read aloud, as a speech-to-text transcript writes them: digits in the detection view.

A call centre's transcript writes a caller's number as words ("eight oh eight nine three five two two six one",
"plus two three four ...", "double three"), a Korean one as Hangul digits ("공일공 삼칠이육 오오팔일", an RRN's
hyphen read "다시"), and an OCR'd form may read a zero as the letter O ("O1O-9182-O435"). No pattern for a phone,
card or RRN sees a number there. The detection view (`pii._normalize`) holds the digits instead, each mapped back to
the word it was read from, so every recognizer reads the number as it would read it typed, checksums included, and
a span over the digits covers the words. Pure: no I/O.

Only a run long enough to be an identifier becomes digits: seven digits at least, in English; in Korean, groups of
three syllables or more (two for a group opening with 0: an area code), nine digits in all, where words made of
digit syllables are common ("이사", "오이", "사이", "이삼일").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import regex

_ENGLISH_DIGITS = {
    "zero": "0",
    "oh": "0",
    "nought": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
}
_ENGLISH_DIGIT = "(?:" + "|".join(_ENGLISH_DIGITS) + ")"
_ENGLISH_WORD = rf"(?:(?:double|triple)[ \t-]+)?{_ENGLISH_DIGIT}"
_ENGLISH_RUN = regex.compile(
    rf"(?i)(?<![\w+])(?:plus[ \t]+)?{_ENGLISH_WORD}(?:(?:[ \t]*[,-][ \t]*|[ \t]+){_ENGLISH_WORD}){{6,}}(?!\w)"
)
"""Seven digit words or more in a row ("oh seven eight four one ..."), separated by blanks, a comma or a hyphen."""
_ENGLISH_PIECE = regex.compile(rf"(?i)plus|(?:(double|triple)[ \t-]+)?({_ENGLISH_DIGIT})")
_REPEATS = {"double": 2, "triple": 3}

_KOREAN_DIGITS = {"공": "0", "영": "0", "일": "1", "이": "2", "삼": "3", "사": "4", "오": "5", "육": "6", "륙": "6"}
_KOREAN_DIGITS |= {"칠": "7", "팔": "8", "구": "9"}
_KOREAN_DIGIT = "[" + "".join(_KOREAN_DIGITS) + "]"
_KOREAN_GROUP = rf"(?:[공영]{_KOREAN_DIGIT}{{1,}}|{_KOREAN_DIGIT}{{3,}})"
_KOREAN_RUN = regex.compile(
    rf"(?<![\uac00-\ud7a3]){_KOREAN_GROUP}(?:(?:[ \t]*-[ \t]*|[ \t]+다시[ \t]+|[ \t]+){_KOREAN_GROUP})*"
)
"""Groups of Hangul digits a blank, a hyphen or "다시" (a hyphen read aloud) apart; the last may carry a particle."""

_LETTER_O = regex.compile(
    r"(?<![\w-])(?=[0-9Oo-]*O)(?=(?:[O-]*\d){4})(?=(?:[0-9Oo]-?){7})[0-9Oo]{2,6}(?:-[0-9Oo]{3,8}){1,3}(?![\w-])"
)
"""Groups of digits joined by hyphens in which OCR read a zero as the letter O ("O1O-9182-O435")."""
_PLUS = regex.compile(r"(?i)(?<![\w+])plus[ \t]+(?=\d(?:[ \t().-]?\d){6})")
"""A "+" read aloud before a number written in digits ("plus 250 788 314 592")."""


@dataclass(frozen=True, slots=True)
class Reading:
    """A number read aloud, at `start:end` of the text: `pieces` are what replaces it, each character with the span
    (start, end) of the text it was read from; `spoken` if its digits were words, not only an O or a "plus"."""

    start: int
    end: int
    pieces: tuple[tuple[str, int, int], ...]
    spoken: bool


def readings(text: str) -> list[Reading]:
    """Every number read aloud in `text`, in order, none overlapping."""
    found = [*_english(text), *_korean(text), *_letter_o(text), *_plus(text)]
    found.sort(key=lambda r: (r.start, -r.end))
    kept: list[Reading] = []
    for reading in found:
        if not kept or reading.start >= kept[-1].end:
            kept.append(reading)
    return kept


_WORDS_HINT = re.compile(rf"plus|\b{_ENGLISH_DIGIT}[ \t,-]+(?:double|triple|{_ENGLISH_DIGIT})\b")
_LETTER_O_HINT = re.compile(r"\dO|O\d")


def might_hold_one(text: str) -> bool:
    """A cheap test before `readings` (two number words in a row, "plus", or an O beside a digit), for text the view
    would otherwise leave as it is (plain ASCII): about 8 us for a prompt of 120 characters."""
    return _WORDS_HINT.search(text.lower()) is not None or _LETTER_O_HINT.search(text) is not None


def _english(text: str) -> list[Reading]:
    out = []
    for run in _ENGLISH_RUN.finditer(text):
        pieces: list[tuple[str, int, int]] = []
        for piece in _ENGLISH_PIECE.finditer(text, run.start(), run.end()):
            if piece[2] is None:  # "plus"
                pieces.append(("+", piece.start(), piece.end()))
                continue
            digit = _ENGLISH_DIGITS[piece[2].lower()]
            if piece[1] is not None:  # "double three": the first digit stands for "double", the second for "three"
                pieces += [(digit, piece.start(1), piece.end(1))] * (_REPEATS[piece[1].lower()] - 1)
            pieces.append((digit, piece.start(2), piece.end(2)))
        if sum(ch.isdigit() for ch, _, _ in pieces) >= 7:
            out.append(Reading(run.start(), run.end(), tuple(pieces), spoken=True))
    return out


def _korean(text: str) -> list[Reading]:
    out = []
    for run in _KOREAN_RUN.finditer(text):
        value, end = run.group(0), run.end()
        if value.endswith("이") and end < len(text) and "\uac00" <= text[end] <= "\ud7a3":
            value, end = value[:-1], end - 1  # "... 오오팔일이요": the particle 이, not a 2
        groups = value.replace("다시", " ").replace("-", " ").split()
        if sum(len(g) for g in groups) < (9 if len(groups) > 1 else 10):
            continue  # "이사 오일", "일이삼": words, not a number
        pieces = []
        for offset, ch in enumerate(value, start=run.start()):
            if ch in _KOREAN_DIGITS:
                pieces.append((_KOREAN_DIGITS[ch], offset, offset + 1))
            elif ch == "-" or ch == "다":  # a hyphen, written or read ("다시")
                pieces.append(("-", offset, offset + (2 if ch == "다" else 1)))
            elif ch != "시" and (not pieces or pieces[-1][0] != " "):
                pieces.append((" ", offset, offset + 1))
        out.append(Reading(run.start(), end, tuple(_apart(pieces)), spoken=True))
    return out


def _apart(pieces: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """No blank beside a hyphen: "920412 - 2048493" reads "920412-2048493"."""
    kept = [p for i, p in enumerate(pieces) if not (p[0] == " " and _beside_a_hyphen(pieces, i))]
    return kept


def _beside_a_hyphen(pieces: list[tuple[str, int, int]], i: int) -> bool:
    return (i > 0 and pieces[i - 1][0] == "-") or (i + 1 < len(pieces) and pieces[i + 1][0] == "-")


def _letter_o(text: str) -> list[Reading]:
    return [
        Reading(
            run.start(),
            run.end(),
            tuple(("0" if ch in "Oo" else ch, i, i + 1) for i, ch in enumerate(run.group(0), start=run.start())),
            spoken=False,
        )
        for run in _LETTER_O.finditer(text)
    ]


def _plus(text: str) -> list[Reading]:
    return [Reading(m.start(), m.end(), (("+", m.start(), m.start() + 4),), spoken=False) for m in _PLUS.finditer(text)]
