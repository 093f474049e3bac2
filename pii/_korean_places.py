"""A place at the start of one Korean word, as Kiwi reads it: a proper noun with an administrative suffix ("고창군"), a
city's or a province's short name ("서울", "홍천"), or a town abroad on GeoNames' Hangul list ("타슈켄트") not before
a title ("야마구치 씨"). Applied by `pii._korean.KoreanNameRecognizer` to each word that holds no person."""

from __future__ import annotations

from itertools import dropwhile
from typing import Any

import regex

from ._hangul_places import big_two_syllable_cities, hangul_cities, korean_towns
from ._korean_tokens import STEM_TAGS
from ._korean_words import _TITLE_FIRST, _TITLE_WORD, NOT_LOCATING, PLACE_SUFFIXES, PLACES
from ._normalize import HANGUL_SYLLABLES
from ._presidio import import_presidio

import_presidio()
from presidio_analyzer import RecognizerResult  # noqa: E402

_SYLLABLES = regex.compile(f"[{HANGUL_SYLLABLES}]+")
_TITLE_NEXT = regex.compile(rf"[ \t]+(?:{_TITLE_WORD.pattern})(?![{HANGUL_SYLLABLES}])")
"""A title as the next word ("야마구치 씨", "루이스 님께")."""
_NAMED_AFTER_IT = regex.compile(
    r"[ \t]+(?:FC|SC|CF|유나이티드|시티|협약|조약|협정|의정서|선언|학파|프로젝트|컵|대성당|영화제|영화|뮤지컬|음식|요리"
    rf"|오토바이|자동차|필름|국제영화제|올림픽|마라톤|모터쇼)(?:의|에|은|는|이|가|을|를|과|와|도|에서|으로|로)?"
    rf"(?![{HANGUL_SYLLABLES}])"
)
"""What is named after a town abroad as the next word: a club, a treaty, a school of thought, a project, a cup, a
cathedral, a film, a dish, a maker's product ("세비야 FC", "헤이그 협약", "프랑크푸르트 학파", "맨해튼 프로젝트",
"카사블랑카 영화", "멕시코 음식"): the thing, not where someone is."""


def load_towns() -> None:
    """Read GeoNames' Hangul towns now (the Korean profile's loading thread), not at the first prompt."""
    hangul_cities()
    big_two_syllable_cities()
    korean_towns()


def place_shaped(form: str) -> bool:
    return len(form) >= 2 and form.endswith(PLACE_SUFFIXES) and not form.endswith(NOODLES)


def a_place_name(stem: str) -> bool:
    """Whether a word's stem is a place: one of the lists' or shaped as one ("서울", "상도동")."""
    return stem in PLACES or stem in korean_towns() or place_shaped(stem)


NOODLES = ("라면", "탕면", "냉면", "짜장면", "짬뽕면", "쫄면", "우동면", "칼국수면")
"""Noodles end as a township does (면): a product's name ("진라면", "안성탕면"), no place."""


_DITTO = "(상동)"
""""Ditto" in a table's cell, though shaped like a neighbourhood's name in brackets ("저희 동네 상동 쪽" is one)."""


def place_in_word(text: str, word: list[Any]) -> RecognizerResult | None:
    """A place at the start of one word: a proper noun with an administrative suffix, or a city's or
    province's short name alone (not "서울대", "한국어")."""
    stem = []
    for token in dropwhile(lambda token: token.form in ("(", "\u00b7"), word):  # "(시카고 거주)", "교토·오사카"
        if token.tag not in STEM_TAGS:
            break
        stem.append(token)
    if not stem or stem[0].tag != "NNP":
        return None
    first = stem[0]
    start, end = first.start, stem[-1].start + stem[-1].len
    form = text[start:end]
    if not _SYLLABLES.fullmatch(form) or text.startswith(_DITTO, start - 1):
        return None
    listed = first.form in PLACES or first.form in korean_towns()  # "서울", and "홍천" of "홍천군"
    if place_shaped(form) or (listed and len(stem) == 1 and first.form not in NOT_LOCATING):
        return RecognizerResult("LOCATION", start, end, 0.7)
    abroad = len(stem) == 1 and form in hangul_cities()  # a town abroad Kiwi reads as a proper noun ("타슈켄트")
    after = (_TITLE_FIRST, _TITLE_NEXT, _NAMED_AFTER_IT)  # not "야마구치 씨", "헤이그 협약", "세비야 FC"
    if abroad and not any(pattern.match(text, end) for pattern in after):
        return RecognizerResult("LOCATION", start, end, 0.6)
    return None
