"""Numbers read aloud, as a speech-to-text transcript writes them: digits in the detection view.

A call centre's transcript writes a caller's number as words ("eight oh eight nine three five two two six one",
"plus two three four ...", "double three"), a Korean one as Hangul digits ("공일공 삼칠이육 오오팔일", an RRN's
hyphen read "다시"), and an OCR'd form or letter may read a zero as the letter O and a one as "l" or "I"
("O1O-9182-O435", "O7700 900 651", "01902 5l8 337", "04/O9/1948"). No pattern for a phone,
card or RRN sees a number there. The detection view (`pii._normalize`) holds the digits instead, each mapped back to
the word it was read from, so every recognizer reads the number as it would read it typed, checksums included, and
a span over the digits covers the words. Pure: no I/O.

Only a run long enough to be an identifier becomes digits: seven digit words at least, in English; in Korean, groups
of three syllables or more (two for a group opening with 0: an area code), nine digits in all (ten in one group),
where words made of digit syllables are common ("이사", "오이", "사이", "이삼일"). No run that counts, repeats one digit
or two by turns, holds only zeros and ones or lists numbers one by one between commas: lyrics, countdowns and scores
are no one's number (`_a_number`); nor a name of digit syllables beside a number ("이영구", `_without_names_beside`).
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
_SPACED_GROUPS = regex.compile(r"(?<![\w/.-])[0-9OolI]{1,6}(?:[ /][0-9OolI]{2,8}){1,3}(?![\w/-])")
"""Groups of digits a space or a slash apart, as phone numbers and dates are written, where OCR may have read a zero
as the letter O and a one as a lower-case L or a capital I ("O7700 900 651", "01902 5l8 337", "04/O9/1948"):
`_misread` says whether it did."""
_MISREAD = {"O": "0", "o": "0", "l": "1", "I": "1"}
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
_LETTER_O_HINT = re.compile(r"\d[OolI]|[OolI]\d|O-\d|\d-O")


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
        digits = "".join(ch for ch, _, _ in pieces if ch.isdigit())
        listed = run.group(0).count(",") >= len(digits) - 2  # "scores: eight, nine, seven, ...": a list of numbers
        if _a_number(digits) and not listed:  # seven digit words at least, by the pattern
            out.append(Reading(run.start(), run.end(), tuple(pieces), spoken=True))
    return out


_UP = "0123456789" * 4
_DOWN = "9876543210" * 4


def _counted(digits: str) -> bool:
    """A count up or down, or one digit over and over ("1234", "5678", "555")."""
    return len(set(digits)) == 1 or digits in _UP or digits in _DOWN


def _a_number(digits: str) -> bool:
    """Whether digits read aloud may be someone's number: not one digit over and over ("oh, oh, oh, ...", "오오오오"),
    not a count up or down ("one two three four ...", a countdown), not two digits by turns ("one two, one two, ...",
    "공사 공사 공사"), not only zeros and ones (binary)."""
    if _counted(digits) or set(digits) <= {"0", "1"}:
        return False
    return digits != (digits[:2] * len(digits))[: len(digits)]


_KOREAN_GROUP_AT = regex.compile(_KOREAN_GROUP)
_KOREAN_WORDS = frozenset(
    {"삼삼오오", "사이사이", "일일이", "이삼일", "삼사일", "사오일", "오륙일", "칠팔일", "구구단"}
)
"""Words of three syllables or more made of digit syllables ("삼삼오오" in small groups, "사이사이" in between)."""


def _korean(text: str) -> list[Reading]:
    out = []
    for run in _KOREAN_RUN.finditer(text):
        end = run.end()
        if run.group(0).endswith("이") and end < len(text) and "\uac00" <= text[end] <= "\ud7a3":
            end -= 1  # "... 오오팔일이요": the particle 이, not a 2
        groups = [g.span() for g in _KOREAN_GROUP_AT.finditer(text, run.start(), end)]
        groups = _without_names_beside(text, groups)
        words = [text[a:b] for a, b in groups]
        digits = "".join(_KOREAN_DIGITS[ch] for word in words for ch in word)
        if len(digits) < (9 if len(groups) > 1 else 10) or not _a_number(digits) or _KOREAN_WORDS.intersection(words):
            continue  # "이사 오일", "일이삼", "삼삼오오 사이사이 일일이": words, not a number
        if all(_counted("".join(_KOREAN_DIGITS[ch] for ch in word)) for word in words):
            continue  # "일이삼사 다시 오육칠팔": a dance's count, group by group
        start, end = groups[0][0], groups[-1][1]
        pieces = []
        for offset, ch in enumerate(text[start:end], start=start):
            if ch in _KOREAN_DIGITS:
                pieces.append((_KOREAN_DIGITS[ch], offset, offset + 1))
            elif ch == "-" or ch == "다":  # a hyphen, written or read ("다시")
                pieces.append(("-", offset, offset + (2 if ch == "다" else 1)))
            elif ch != "시" and (not pieces or pieces[-1][0] != " "):
                pieces.append((" ", offset, offset + 1))
        out.append(Reading(start, end, tuple(_apart(pieces)), spoken=True))
    return out


_NAME_LONG = 3
"""Syllables a Korean name has at most, given and family (a name of digit syllables: 이영구, 오영일)."""


def _without_names_beside(text: str, groups: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A number's groups without a name of digit syllables beside it: before a group that opens with 0 ("이영일
    공일공-일이삼사-..."), or after a whole number that opened with 0 ("공일공 삼칠이육 오오팔일 이영구 드림"). A
    phone number opens with 0; a card's or an RRN's groups are four or six long."""

    def opens_with_zero(group: tuple[int, int]) -> bool:
        return text[group[0]] in "공영"

    def name_long(group: tuple[int, int]) -> bool:
        return group[1] - group[0] <= _NAME_LONG and not opens_with_zero(group)

    while len(groups) > 1 and name_long(groups[0]) and any(opens_with_zero(g) for g in groups[1:]):
        groups = groups[1:]
    while len(groups) > 1 and name_long(groups[-1]) and opens_with_zero(groups[0]):
        if sum(b - a for a, b in groups[:-1]) < 10:
            break  # "공이 삼사오 육칠팔": a landline's last group
        groups = groups[:-1]
    return groups


def _apart(pieces: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """No blank beside a hyphen: "920412 - 2048493" reads "920412-2048493"."""
    kept = [p for i, p in enumerate(pieces) if not (p[0] == " " and _beside_a_hyphen(pieces, i))]
    return kept


def _beside_a_hyphen(pieces: list[tuple[str, int, int]], i: int) -> bool:
    return (i > 0 and pieces[i - 1][0] == "-") or (i + 1 < len(pieces) and pieces[i + 1][0] == "-")


def _letter_o(text: str) -> list[Reading]:
    runs = [*_LETTER_O.finditer(text), *(run for run in _SPACED_GROUPS.finditer(text) if _misread(run.group(0)))]
    return [
        Reading(
            run.start(),
            run.end(),
            tuple((_MISREAD.get(ch, ch), i, i + 1) for i, ch in enumerate(run.group(0), start=run.start())),
            spoken=False,
        )
        for run in runs
    ]


def _misread(run: str) -> bool:
    """Whether a run of `_SPACED_GROUPS` is a number OCR misread: a letter of `_MISREAD` in it, a digit in each group,
    five digits at least."""
    groups = regex.split(r"[ /]", run)
    return (
        any(ch in _MISREAD for ch in run)
        and all(any(ch.isdigit() for ch in group) for group in groups)
        and sum(ch.isdigit() for ch in run) >= 5
    )


def _plus(text: str) -> list[Reading]:
    return [Reading(m.start(), m.end(), (("+", m.start(), m.start() + 4),), spoken=False) for m in _PLUS.finditer(text)]
