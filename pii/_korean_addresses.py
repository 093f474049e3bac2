"""Addresses and areas written in Hangul, as patterns: a chain of province, city and district, then a road and
building number (도로명) or a neighbourhood and lot number (지번), masked as a whole with what the
standard writes around them: the postcode before, and after the number the detailed address (a
building's name, its 동, floor and 호) and the reference in brackets (`(역삼동, 래미안아파트)`)."""

from __future__ import annotations

from typing import Any, ClassVar

from ._korean_words import NOT_LOCATING, PLACES
from ._presidio import import_presidio

import_presidio()
from presidio_analyzer import Pattern, PatternRecognizer  # noqa: E402

_PROVINCES = r"(?:서울|부산|대구|인천|광주|대전|울산|세종|경기|강원|충북|충남|전북|전남|경북|경남|제주)"
"""Provinces and metropolitan cities as letters and forms shorten them ("서울 강남구", "경기 성남시"): an area
only when another follows."""
_AREA = (
    r"(?:[가-힣]{1,10}(?:특별자치시|특별자치도|특별시|광역시|도|시|군|구)"
    rf"|{_PROVINCES}(?=\s?[가-힣]{{1,10}}(?:시|군|구)(?![가-힣]))|[가-힣]{{1,6}}[읍면](?=\s))"
)
"""One level of the chain: a province, city, county or district, or a town (읍) or township (면) before the
next part."""
_ROAD = r"[가-힣0-9]{1,15}(?:\s?\d{1,3}\s?[가-힣]{0,3})?(?:대로|로|길)(?:\s?\d{1,4}\s?(?:번|가)?길)?"
"""A road: its name, a number inside it (\"진관2로\", which the normalised view writes \"진관 2 로\") and a
side street's (\"삼산로35번길\")."""
_NUMBER = r"(?:산\s?)?\d{1,5}(?:-\d{1,5})?(?:\s?번지)?(?!\d)"
_LOT = r"[가-힣]{1,10}(?:\s?\d{1,2}\s?)?(?:동|리|가)\s?" + _NUMBER
_COUNTERS = r"(?![0-9]|\s?(?:개|명|번(?!지)|분|원|일|월|년|세|살|시간|회|장|권|대|병|잔|kg|g|%|층))"
_POSTCODE = r"(?:[(\[]?\d{5}[)\]]?\s?)?"
"""A five-digit postcode written before the address ("(06236) 서울특별시 ...")."""
_PARTICLES = r"(?:에서|에게|으로|로|에|까지|부터|이고|이며|인데|이요|입니다|이에요|예요)"
_BUILDING_WORD = (
    rf"(?!{_PARTICLES}(?![가-힣]))(?:[A-Za-z]{{1,3}}\s?)?[가-힣A-Za-z][가-힣A-Za-z0-9]{{1,19}}"
    r"(?:\s?\d{1,2}(?:\s?차)?(?![\d동층호]))?"
)
_BUILDING = rf"(?:{_BUILDING_WORD}\s?(?:{_BUILDING_WORD}\s?)?(?:\d{{1,2}}\s?단지\s?)?)?"
"""A building's or a complex's name before its 동, floor or 호, in one or two words, a brand's Latin letters before
it ("e편한세상", which the view writes "e 편한세상"), a number or a phase in it ("파크원타워1", "지웰시티2차")
and the complex's number ("느티마을 3단지"); never a particle or the copula the sentence goes on with."""
_BUILDING_ENDS = "빌|빌라|빌딩|타운|맨션|하우스|아파트|오피스텔|캐슬|하이츠|레지던스|빌리지|팰리스|타워|연립|주택"
"""How the name of a house, a block of flats or an office building ends, after the address's number."""
_DONG = r"(?:제\s?)?(?:[A-Za-z]\s?\d{0,3}|\d{1,4}|[가나다라마바사])\s?동"
"""A building of a complex: "108동", "B동", "T2동" (the view writes "T2 동"), "나동"."""
_DONG_HO = r"\d{1,4}-\d{1,5}(?:\s?호)?(?![\d-])"
"""동 and 호 written with a dash, as forms and parcels do: "101-1203" (101동 1203호)."""
_UNITS = (
    rf"{_BUILDING}(?:{_DONG}\s?)?(?:(?:지하\s?)?\d{{1,3}}\s?층\s?)?(?:제\s?)?\d{{1,5}}\s?호"
    rf"|{_BUILDING}{_DONG}(?:\s?(?:지하\s?)?\d{{1,3}}\s?층)?(?![가-힣])|{_BUILDING}(?:지하\s?)?\d{{1,3}}\s?층"
    rf"|{_BUILDING}{_DONG_HO}"
    rf"|[가-힣A-Za-z][가-힣A-Za-z0-9]{{0,14}}(?:{_BUILDING_ENDS})(?![가-힣A-Za-z0-9])"
)
"""The detailed address after the number, before or after the reference: a building's name, then its 동,
floor and 호 ("108동 1203호", "래미안아파트 101동 1502호", "B동 1층", "3층", "1203호", "101-1203"), or a building's
name alone, by how it ends ("주안드림빌", "행복맨션")."""
_REFERENCE = r"(?:\s?\([가-힣]{1,10}(?:\s?\d{1,2}\s?)?(?:동|가|읍|면|리)(?:\s?,\s?[가-힣A-Za-z0-9 ]{1,30})?\))?"
"""The reference in brackets the standard adds: the legal neighbourhood and the building's name."""
_DETAIL = rf"(?:(?:,\s?|\s)(?:{_UNITS}))?{_REFERENCE}(?:\s(?:{_UNITS}))?"


class KoreanAddressRecognizer(PatternRecognizer):
    """Addresses in Hangul, as a whole: `경기도 성남시 분당구 판교역로 235`, `부산광역시 해운대구 우동
    1408-3`, `테헤란로 123`, with the postcode before and the detailed address after (`(16677) 경기도 수원시
    영통구 봉영로 1612, 108동 1203호`). A lot number (지번) needs the district before it; a road alone must not be
    a particle (으로) or a count ("택배로 2개")."""

    PATTERNS: ClassVar[list[Pattern]] = [
        Pattern(
            "areas, then road and number (도로명)",
            rf"(?<![가-힣0-9]){_POSTCODE}(?:{_AREA}\s?){{1,5}}{_ROAD}\s?{_NUMBER}{_COUNTERS}{_DETAIL}",
            0.7,
        ),
        Pattern(
            "areas, then neighbourhood and lot (지번)",
            rf"(?<![가-힣0-9]){_POSTCODE}(?:{_AREA}\s?){{1,5}}{_LOT}{_COUNTERS}{_DETAIL}",
            0.7,
        ),
        Pattern(
            "road and number (도로명)",
            rf"(?<![가-힣])[가-힣0-9]{{0,14}}(?<!으)(?:대로|로|길)(?:\s?\d{{1,4}}\s?(?:번|가)?길)?\s?{_NUMBER}{_COUNTERS}"
            rf"{_DETAIL}",
            0.6,
        ),
        Pattern(
            "a complex's building and unit (단지 동 호)",
            rf"(?<![가-힣A-Za-z0-9])[가-힣][가-힣A-Za-z0-9]{{1,19}}\s?(?:{_BUILDING_WORD}\s?)?(?:\d{{1,2}}\s?단지\s?)?"
            rf"(?:{_DONG}\s?\d{{1,5}}\s?호|\d{{3,4}}-\d{{3,5}}\s?호)",  # "101-1203호", not a room's "3-201호"
            0.6,
        ),
        Pattern(
            "a complex's building and unit alone, as neighbours and minutes name a home (103동 1402호)",
            r"(?<![가-힣A-Za-z0-9-])\d{3,4}\s?동\s?\d{3,4}\s?호",
            0.6,
        ),
        Pattern("a postcode after its label", r"(?<=우편번호[ \t]{0,2}[:\uff1a]?[ \t]{0,2})\d{5}(?!\d)", 0.6),
    ]
    CONTEXT: ClassVar[list[str]] = ["주소", "배송지", "거주", "사는", "살아요", "address"]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            supported_entity="STREET_ADDRESS",
            patterns=self.PATTERNS,
            context=self.CONTEXT,
            name="KoreanAddressRecognizer",
            **kwargs,
        )


_FULL_TOP = (
    r"(?:(?:경기|강원|충청북|충청남|전라북|전라남|경상북|경상남|제주|강원특별자치|전북특별자치|제주특별자치)도"
    r"|(?:서울특별|부산광역|대구광역|인천광역|광주광역|대전광역|울산광역|세종특별자치)시)"
)
"""The provinces and metropolitan cities by their full names; their short names (`_PROVINCES`) are also words
("경기 침체시": the economy), so a chain after one needs two levels ("경남 김해시 율하동")."""
_CITY = r"(?:[가-힣]{2,5}(?:시|군|구)|[중동서남북]구)(?![가-힣])"
"""A city, county or district of three syllables or more ("김해시", "괴산군"), or a metropolitan city's central or
cardinal district ("중구", "남구"); not "연구" or "친구"."""
_NOT_NEIGHBOURHOODS = r"(?:이|운|활|행|감|자|공|변|작|출|가|노|충|진|동|연|유|협|부|발|소)동"
"""Words ending in 동 that are no neighbourhood ("이동", "활동", "공동"), after a city's name as often as anywhere."""
_VERBAL = r"(?<!으|려|다|라|하|되|이|가|오|보|지|나|거|는|자|시|니|르|면|서|고|도|처|어|야|까)"
"""Syllables before 면 that make it an ending ("있으면", "가려면", "그렇다면"), not a township."""
_LISTED_CITY = "(?:" + "|".join(sorted(PLACES - NOT_LOCATING, key=len, reverse=True)) + ")"
"""A city the closed list of short names holds ("세종", "수원"): its neighbourhood may follow it directly ("세종시
도담동"), where "대도시 폭동" does not."""
_TOWNSHIP = rf"(?:[가-힣]{{2,5}}{_VERBAL}면|[가-힣]{{2,5}}읍)(?:\s?[가-힣]{{2,5}}리)?"
"""A town (읍) or township (면), not a verb's ending ("있으면", "근처면"), and its village (리)."""
_BELOW = (
    rf"(?:(?!{_NOT_NEIGHBOURHOODS}(?![가-힣]))[가-힣]{{1,5}}(?:\s?\d{{1,2}}\s?)?동|[가-힣]{{1,5}}\s?\d{{1,2}}\s?가"
    rf"|{_TOWNSHIP})"
)
"""What lies below a city or county: a neighbourhood (동, 가: "옥동", "역삼1동", "을지로1가"), or a town or
township (읍, 면) and its village (리)."""
_PLACE_END = (
    r"(?=[^가-힣]|$|(?:에서|에게|으로|로|에|의|은|는|이|가|까지|부터|도|만|과|와)(?![가-힣])"
    r"|이에요|이라|이고|이며|입니다|이야|인데|예요)"
)
"""Where a place's name ends: its word's end, a particle or the copula ("해리면이에요")."""


class KoreanAreaRecognizer(PatternRecognizer):
    """Where someone lives or comes from, as a chain of administrative areas with no road after it: a province
    or metropolitan city then a city, county or district (`경상남도 김해시`), or its short name then two levels
    (`충북 괴산군 청천면`, `경북 안동시 옥동`), or a city and its district, a county and its town or township
    (`수원시 영통구 매탄동`, `괴산군 청천면`), or a listed city and its neighbourhood (`세종시 도담동`); not "대도시
    폭동" nor "경기 침체시"."""

    PATTERNS: ClassVar[list[Pattern]] = [
        Pattern(
            "province, then cities and neighbourhoods",
            rf"(?<![가-힣]){_FULL_TOP}\s?{_CITY}(?:\s?{_CITY})?(?:\s?{_BELOW})?{_PLACE_END}",
            0.6,
        ),
        Pattern(
            "a province's short name, then a city and what lies below it",
            rf"(?<![가-힣]){_PROVINCES}\s?{_CITY}\s?(?:{_CITY}\s?)?(?:{_BELOW}|{_CITY}){_PLACE_END}",
            0.6,
        ),
        Pattern(
            "city and district, or county and town, then what lies below",
            rf"(?<![가-힣])(?:[가-힣]{{2,5}}시\s?[가-힣]{{1,5}}구(?:\s?{_BELOW})?|[가-힣]{{2,5}}군\s?{_TOWNSHIP}"
            rf"|{_LISTED_CITY}시\s?{_BELOW})"
            rf"{_PLACE_END}",
            0.6,
        ),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(supported_entity="LOCATION", patterns=self.PATTERNS, name="KoreanAreaRecognizer", **kwargs)
