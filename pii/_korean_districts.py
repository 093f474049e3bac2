"""A Korean town written with its district or its new town, as one place ("파주 운정에서", "안양 평촌", "동탄
청계동"): the proper noun next to a place already found, and places named one after another joined into one span
(applied by `pii._korean.KoreanNameRecognizer`).

Pure: the words and Kiwi's tokens come from the caller.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from ._korean_words import GRAMMAR_TAGS
from ._presidio import import_presidio

import_presidio()
from presidio_analyzer import RecognizerResult  # noqa: E402

_SUFFIXES = ("동", "읍", "면", "리", "구", "군")
_FIRMS = frozenset(
    {"삼성", "현대", "롯데", "한화", "쿠팡", "신세계", "두산", "포스코", "효성", "아산", "기아", "대우", "한진", "금호"}
    | {
        "농협",
        "하나",
        "신한",
        "우리",
        "국민",
        "카카오",
        "네이버",
        "셀트리온",
        "이마트",
        "홈플러스",
        "코스트코",
        "다이소",
    }
)
"""Firms Korean writes after a town as a district is ("포항 포스코", "수원 삼성", "서울 아산병원")."""


def districts(
    text: str, words: Sequence[Any], places: Collection[tuple[int, int]], a_person: Callable[[int, int], bool]
) -> list[tuple[int, int]]:
    """The spans of the proper nouns next to `places` (`pii._korean_tokens.Word`s, with Kiwi's tokens): the word after a
    place (its proper noun, particles aside), or the word before one that is one proper noun and nothing else; not a
    person's name ("서울 김민준 과장"), nor a firm's place ("부산 롯데호텔에서")."""
    starts, ends = {start for start, _ in places}, {end for _, end in places}
    found = []
    for word in words:
        proper = next((token for token in word.tokens if token.start == word.start), None)
        if proper is None or proper.tag != "NNP" or not _a_districts_name(proper.form):
            continue
        end = proper.start + proper.len
        if any(not t.tag.startswith(GRAMMAR_TAGS) for t in word.tokens if t.start >= end):
            continue  # "부산 롯데호텔에서": a firm's place, not a district
        after = word.first == word.start and word.first - 1 in ends and text[word.first - 1] == " "
        before = end == word.end and end + 1 in starts and text[end] == " "
        if (after or before) and not a_person(word.start, end) and (word.start, end) not in places:
            found.append((word.start, end))
    return found


def _a_districts_name(form: str) -> bool:
    """A district's or a new town's name as Korean writes it after its city: two or three syllables, or more with an
    administrative suffix ("운정", "평촌", "청계동", "포승읍"); not a firm's ("포스코", "삼성", "스타벅스")."""
    return form not in _FIRMS and (2 <= len(form) <= 3 or form.endswith(_SUFFIXES))


def join_places(text: str, results: list[RecognizerResult]) -> list[RecognizerResult]:
    """Places named one after another ("전라북도 전주시", "인천광역시 연수구") are one place: one span."""
    joined: list[RecognizerResult] = []
    for result in sorted(results, key=lambda found: found.start):  # a word's places, then those found by cues
        last = joined[-1] if joined else None
        between = text[last.end : result.start] if last is not None else ""
        if last is not None and last.entity_type == result.entity_type == "LOCATION" and between.isspace():
            joined[-1] = RecognizerResult("LOCATION", last.start, result.end, max(last.score, result.score))
        else:
            joined.append(result)
    return joined
