"""Korean words (eojeol) and what Kiwi's tokens read in them: a proper noun, ordinary words, a verb or an ending,
pieces of one syllable it could not join, a word it has never seen. Pure functions over the tokens Kiwi gives
(`pii._kiwi`), shared by the Korean rules (`pii._korean` and the modules it applies)."""

from __future__ import annotations

import bisect
from typing import Any

import regex

from ._korean_words import GRAMMAR_TAGS
from ._normalize import HANGUL_SYLLABLES

FREQUENT = 3000
"""Kiwi numbers its morphemes by how often its corpus uses them: below this, a word any sentence may hold."""
_WORD = regex.compile(rf"[(\u00b7]?(?:[^\s(\u00b7,:\uff1a]|[,:\uff1a](?![{HANGUL_SYLLABLES}]))+|[(\u00b7]")
"""A word: what spaces part, and a bracket or a middle dot opens another ("여자친구분(소연님", "님·임슬기"); a comma
right before Hangul parts two, as a spreadsheet's cells ("손해배상(기),김도현 변호사"; not "안녕하세요, ..." nor
"1,750만"), and so does a colon, as a memo typed without spaces writes a label and its value ("어머니:이순옥"; not
"12:30")."""
_LEADING_HANGUL = regex.compile(rf"[^\w]*([{HANGUL_SYLLABLES}]+)")
"""A word's Hangul, after any opening quote or bracket."""

UNKNOWN_NOUNS = frozenset({2, 3})
"""Kiwi's morpheme ids for a common or proper noun that is not in its dictionary (its best guess for a
word it has never seen, as most given names are)."""
STEM_TAGS = frozenset({"NNG", "NNP", "NR", "MM", "MAG", "XR", "XPN"})
PIECE_TAGS = STEM_TAGS | {"NNB"}
COMMON_TAGS = frozenset({"NNG", "NNB", "NR", "NP", "MAG", "MAJ", "MM", "VV", "VA", "VX", "XR", "IC"})
"""Kiwi's tags for ordinary words (a proper noun, `NNP`, is not one)."""


class Word:
    """One word (eojeol): where it starts, where its Hangul starts (after an opening quote or bracket), the
    Hangul itself, and Kiwi's tokens for it."""

    __slots__ = ("end", "first", "hangul", "start", "tokens")

    def __init__(self, text: str, first: int, end: int, tokens: list[Any]) -> None:
        lead = _LEADING_HANGUL.match(text, first, end)
        self.first, self.end, self.tokens = first, end, tokens
        self.start = lead.start(1) if lead else first
        self.hangul = lead.group(1) if lead else ""

    @property
    def alone(self) -> bool:
        """Nothing follows its Hangul in the word ("김민준 님", not "김민준, 님")."""
        return self.start + len(self.hangul) == self.end


def words_of(text: str, tokens: list[Any]) -> list[Word]:
    spans = [(m.start(), m.end()) for m in _WORD.finditer(text)]
    by_word: list[list[Any]] = [[] for _ in spans]
    index = 0
    for token in tokens:
        while index < len(spans) and spans[index][1] <= token.start:
            index += 1
        if index < len(spans):
            by_word[index].append(token)
    return [Word(text, start, end, found) for (start, end), found in zip(spans, by_word, strict=True)]


def stem_tokens(tokens: list[Any], start: int, end: int) -> list[Any]:
    """Kiwi's tokens for a stem, without the particles and endings it reads at its end."""
    inside = [t for t in tokens if start <= t.start < end]
    while inside and inside[-1].tag.startswith(GRAMMAR_TAGS):
        inside.pop()
    return inside


def between(tokens: list[Any], starts: list[int], start: int, end: int) -> list[Any]:
    """Kiwi's tokens that start between `start` and `end`, found by bisection on their `starts`."""
    return tokens[bisect.bisect_left(starts, start) : bisect.bisect_left(starts, end)]


def read_as_ordinary(tokens: list[Any]) -> bool:
    """Kiwi reads these tokens as common words of two syllables or more (and particles), with no proper noun, no
    word it does not know, and no pieces of one syllable it could not join ("도" + "겸")."""
    content = [t for t in tokens if not t.tag.startswith(GRAMMAR_TAGS)]
    return bool(content) and all(common(t) and t.len >= 2 for t in content)


def proper_noun(tokens: list[Any]) -> bool:
    """Kiwi reads these tokens as one proper noun ("타슈켄트"; not an unknown word, nor "법조" + "계")."""
    return len(tokens) == 1 and tokens[0].tag == "NNP"


def reads_a_predicate(tokens: list[Any]) -> bool:
    """Kiwi reads a verb, an adjective, an ending or a particle among these tokens ("안녕하세요", "댁은"): no
    name's words."""
    return any(t.tag.startswith(("V", "E", "J", "XSV", "XSA")) for t in tokens)


def common(token: Any) -> bool:
    return token.tag.split("-")[0] in COMMON_TAGS and token.id not in UNKNOWN_NOUNS


def piece(token: Any) -> bool:
    return token.len == 1 and token.tag in PIECE_TAGS
