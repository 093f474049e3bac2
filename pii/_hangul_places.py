"""Towns as Korean writes them, from GeoNames' own Hangul names: towns abroad ("타슈켄트", "치앙마이") and Korea's
own towns without their unit ("홍천", "평택"), of the recognizers' part of the gazetteer only (a town held out in
English is held out in Hangul too). Read once, on the Korean profile's loading thread (`pii._korean`)."""

from __future__ import annotations

from functools import cache

import regex

from ._geonames import NOT_PLACES, cities, held_out_place
from .wordlists import split_key

_HANGUL_NAME = regex.compile(r"[\uac00-\ud7a3]+(?: 시)?")
_HANGUL_CITY_SUFFIX = regex.compile(r" 시$")
_HANGUL_ONLY = regex.compile(r"[\uac00-\ud7a3]+")
_KOREAN_UNIT = regex.compile(r"(?:특별시|광역시|시|군|읍)$")
_KOREAN_TOWNS_AS_WORDS = frozenset(
    (
        *("영광", "장수", "고성", "장성", "부여", "예산", "공주", "진주", "상주", "화성"),
        *("구미", "서동", "연일", "선산", "와부", "충무", "기장", "광명", "경성", "상동"),
    )
)
"""Towns whose names are as often words: glory, long life, a shout, a general, a budget, a princess, a pearl, a
chief mourner, Mars, taste, a captain, light, "ditto" (a table's "(상동)"); and old names of towns (Seoul's 경성,
통영's 충무)."""
_CITY = 100_000
_ANGLOPHONE_CITY = 500_000
_ANGLOPHONE = frozenset({"US", "GB", "CA", "AU", "NZ", "IE"})


@cache
def hangul_cities() -> frozenset[str]:
    """The Hangul names GeoNames gives the cities abroad of the recognizers' part of the gazetteer, of three
    syllables or more ("타슈켄트", "치앙마이", "울란바토르"): how a Korean writes a town abroad, while two syllables
    are as often a word, a brand or an injury ("비고", "쿠팡", "상해"), and Korea's own towns are
    `pii._korean_words.PLACES` and their suffixes. Cities of 100,000 people or more, and in English-speaking
    countries of 500,000 (their towns are named after people, as "앤더슨", "클린턴", "루이스" are written in Hangul).
    A city held out in English is held out in Hangul too."""
    return frozenset(name for name in _hangul_names_abroad() if len(name) >= 3)


@cache
def big_two_syllable_cities() -> frozenset[str]:
    """The Hangul names of two syllables of the cities abroad of a million people or more in the recognizers' part of
    the gazetteer ("교토", "방콕", "파리", "상해"): as often words as towns alone, so a town only where a list of towns
    abroad puts them (`pii._korean_located.listed_beside`)."""
    return frozenset(name for name, people in _hangul_names_abroad().items() if len(name) == 2 and people >= _BIG_CITY)


_BIG_CITY = 1_000_000


@cache
def _hangul_names_abroad() -> dict[str, int]:
    """GeoNames' Hangul names of the cities abroad in the recognizers' part of the gazetteer, over `_CITY` people
    (`_ANGLOPHONE_CITY` in English-speaking countries), each with its largest city's population; not those whose name
    is something else as often (`pii._geonames.NOT_PLACES`: "도요타", "해밀턴")."""
    names: dict[str, int] = {}
    for city in cities():  # on the loading thread
        if held_out_place(city["name"]) or city["countrycode"] == "KR" or split_key(city["name"]) in NOT_PLACES:
            continue
        if city["population"] < (_ANGLOPHONE_CITY if city["countrycode"] in _ANGLOPHONE else _CITY):
            continue
        for alternate in city.get("alternatenames", ()):
            if _HANGUL_NAME.fullmatch(alternate):
                name = _HANGUL_CITY_SUFFIX.sub("", alternate)
                names[name] = max(names.get(name, 0), city["population"])
    return names


@cache
def korean_towns() -> frozenset[str]:
    """Korea's towns as Koreans write them without their unit, from GeoNames' Hangul names of Korea's cities in the
    recognizers' part of the gazetteer ("홍천" of "홍천군", "평택", "양평"), less those that are as often a word
    ("예산" a budget, "공주" a princess, "진주" a pearl, "화성" Mars, "장수" long life)."""
    names = set()
    for city in cities():
        if city["countrycode"] != "KR" or held_out_place(city["name"]):
            continue
        for alternate in city.get("alternatenames", ()):
            if _HANGUL_ONLY.fullmatch(alternate):
                names.add(_KOREAN_UNIT.sub("", alternate))
    return frozenset(name for name in names if len(name) >= 2) - _KOREAN_TOWNS_AS_WORDS
