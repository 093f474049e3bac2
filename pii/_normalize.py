"""The view of a text that detection reads, and the way back to the original's offsets.

Personal data can hide from patterns behind full-width digits (U+FF10..U+FF19), zero-width or other
invisible format characters, decomposed accents (NFD) and look-alike letters from other scripts
(an e-mail address spelt with a Cyrillic "o" or "a"). Detection runs on a view where those differences are
gone: NFKC per combining sequence, format characters (Unicode category Cf: U+200B..U+200D, U+2060,
U+FEFF, bidi controls, soft hyphen) dropped, any decimal digit made ASCII, dashes made '-', a space
put between a Hangul syllable and an ASCII letter or digit it touches (Korean particles attach
without one), and in words holding '@' or mixing Latin with Cyrillic/Greek letters, look-alikes
folded to Latin. Every
character of the view remembers the original characters it came from, so spans found in the view
cover the original characters exactly, and the originals are what the vault keeps. Pure: no I/O.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import regex

from ._spoken import might_hold_one, readings

_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63"), "-")
_HOMOGLYPHS = str.maketrans(
    # Cyrillic, then Greek, letters that render like these Latin ones
    "аеорсухіјѕԁһӏԛԝвкмнтАВЕКМНОРСТХІЈЅαοιϲνρκτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcyxijsdhlqwbkmhtABEKMHOPCTXIJSaoicvpktuxABEZHIKMNOPTYX",
)
_WORD = regex.compile(r"\S+")
_LATIN = regex.compile(r"\p{Latin}")
_CYRILLIC_OR_GREEK = regex.compile(r"[\p{Cyrillic}\p{Greek}]")


def _may_hide_behind_lookalikes(word: str) -> bool:
    """A word holding '@', or mixing Latin with Cyrillic or Greek letters. (Two searches, not one pattern
    of lookaheads: `(?=.*A)(?=.*B)` rescans the rest of the word from every start, quadratic on a word of
    32 kB without a Latin letter, such as a paragraph of Chinese.)"""
    return "@" in word or (_LATIN.search(word) is not None and _CYRILLIC_OR_GREEK.search(word) is not None)


def _continues(ch: str) -> bool:
    """Whether `ch` belongs to the combining sequence before it (marks, Hangul medial/final jamo)."""
    return unicodedata.combining(ch) != 0 or "\u1160" <= ch <= "\u11ff" or "\ud7b0" <= ch <= "\ud7ff"


HANGUL_SYLLABLES = "\uac00-\ud7a3"
"""The Hangul syllables block, as the body of a character class (`f"[{HANGUL_SYLLABLES}]"`)."""
HANGUL = regex.compile(f"[{HANGUL_SYLLABLES}]")
"""One Hangul syllable: `HANGUL.search(text)` says whether a text holds Korean script."""


SCRIPT_SEAM = r"(?<=[\uac00-\ud7a3]) (?=[A-Za-z0-9])|(?<=[A-Za-z0-9]) (?=[\uac00-\ud7a3])"
"""The space the view puts where a Hangul syllable touches an ASCII letter or digit (`_script_seam`), as a pattern:
patterns over the view that must run across it ("냥냥펀치777", seen as "냥냥펀치 777") allow it."""


def is_hangul(ch: str) -> bool:
    """Whether `ch` is a Hangul syllable."""
    return "\uac00" <= ch <= "\ud7a3"


def _script_seam(before: str, after: str) -> bool:
    """A Hangul syllable touching an ASCII letter or digit: a Korean particle attaches to the word before
    it without a space ("...@naver.com로", "...1111로"), so the view puts a space there for patterns
    anchored on word boundaries."""
    return (is_hangul(before) and after.isascii() and after.isalnum()) or (
        is_hangul(after) and before.isascii() and before.isalnum()
    )


def _fold(ch: str) -> str:
    if ch.isdecimal() and not ch.isascii():
        return str(unicodedata.decimal(ch))
    return _DASHES.get(ord(ch), ch)


@dataclass(frozen=True, slots=True)
class Normalized:
    """The detection view of a text; `starts[i]`/`ends[i]` are the original span of view character i."""

    view: str
    starts: tuple[int, ...] | None  # None: the view is the original
    ends: tuple[int, ...] | None
    spoken: tuple[tuple[int, int], ...] = ()
    """View spans of the numbers read aloud as words (`pii._spoken`): digits here."""

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """The original span behind view span [start, end) (non-empty)."""
        if self.starts is None or self.ends is None:
            return start, end
        return self.starts[start], self.ends[end - 1]


def normalize(text: str) -> Normalized:
    """The detection view of `text`, with its map back to the original."""
    if text.isascii():
        if not might_hold_one(text):
            return Normalized(text, None, None)
        return _read_aloud(text, list(range(len(text))), list(range(1, len(text) + 1)))
    segments: list[tuple[int, int, str]] = []  # (original start, original end, characters)
    for index, ch in enumerate(text):
        if unicodedata.category(ch) == "Cf":
            continue
        if segments and _continues(ch):
            start, _, chars = segments[-1]
            segments[-1] = (start, index + 1, chars + ch)
        else:
            segments.append((index, index + 1, ch))
    view: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for start, end, chars in segments:
        for ch in unicodedata.normalize("NFKC", chars):
            folded = _fold(ch)
            if view and _script_seam(view[-1], folded):
                view.append(" ")  # stands for nothing: spans map back onto the characters around it
                starts.append(start)
                ends.append(start)
            view.append(folded)
            starts.append(start)
            ends.append(end)
    folded = _WORD.sub(
        lambda m: m.group(0).translate(_HOMOGLYPHS) if _may_hide_behind_lookalikes(m.group(0)) else m.group(0),
        "".join(view),
    )
    return _read_aloud(folded, starts, ends)


def _read_aloud(view: str, starts: list[int], ends: list[int]) -> Normalized:
    """The view with each number read aloud written in digits (`pii._spoken`), each digit mapped to its word."""
    found = readings(view)
    if not found:
        return Normalized(view, tuple(starts), tuple(ends))
    chars: list[str] = []
    new_starts: list[int] = []
    new_ends: list[int] = []
    spoken: list[tuple[int, int]] = []
    cursor = 0
    for reading in found:
        chars += view[cursor : reading.start]
        new_starts += starts[cursor : reading.start]
        new_ends += ends[cursor : reading.start]
        first = len(chars)  # no Hangul touches a reading's start: each pattern opens after no word character
        for ch, start, end in reading.pieces:
            chars.append(ch)
            new_starts.append(starts[start])
            new_ends.append(ends[end - 1])
        if reading.spoken:
            spoken.append((first, len(chars)))
        if reading.end < len(view) and _script_seam(chars[-1], view[reading.end]):  # a particle after them
            chars.append(" ")  # stands for nothing, as `_script_seam`'s spaces
            new_starts.append(starts[reading.end])
            new_ends.append(starts[reading.end])
        cursor = reading.end
    chars += view[cursor:]
    new_starts += starts[cursor:]
    new_ends += ends[cursor:]
    return Normalized("".join(chars), tuple(new_starts), tuple(new_ends), tuple(spoken))


def view_of(text: str) -> str:
    """Only the detection view of `text` (for comparing values however they were written)."""
    return normalize(text).view
