"""Addresses written in Hangul, as patterns: a chain of province, city and district, then a road and
building number (도로명) or a neighbourhood and lot number (지번), masked as a whole."""

from __future__ import annotations

from typing import Any, ClassVar

from ._presidio import import_presidio

import_presidio()
from presidio_analyzer import Pattern, PatternRecognizer  # noqa: E402

_AREA = r"[가-힣]{1,10}(?:특별자치시|특별자치도|특별시|광역시|도|시|군|구)"
_ROAD = r"[가-힣0-9]{1,15}(?:대로|로|길)(?:\s?\d{1,4}\s?번?길)?"
_NUMBER = r"\d{1,5}(?:-\d{1,5})?(?:\s?번지)?(?!\d)"
_LOT = r"[가-힣0-9]{1,10}(?:동|리|가)\s?" + _NUMBER
_COUNTERS = r"(?![0-9]|\s?(?:개|명|번(?!지)|분|원|일|월|년|세|살|시간|회|장|권|대|병|잔|kg|g|%|층))"


class KoreanAddressRecognizer(PatternRecognizer):
    """Addresses in Hangul, as a whole: `경기도 성남시 분당구 판교역로 235`, `부산광역시 해운대구 우동
    1408-3`, `테헤란로 123`. A lot number (지번) needs the district before it; a road alone must not be
    a particle (으로) or a count ("택배로 2개")."""

    PATTERNS: ClassVar[list[Pattern]] = [
        Pattern(
            "areas, then road and number (도로명)",
            rf"(?<![가-힣])(?:{_AREA}\s?){{1,4}}{_ROAD}\s?{_NUMBER}{_COUNTERS}",
            0.7,
        ),
        Pattern(
            "areas, then neighbourhood and lot (지번)", rf"(?<![가-힣])(?:{_AREA}\s?){{1,4}}{_LOT}{_COUNTERS}", 0.7
        ),
        Pattern(
            "road and number (도로명)",
            rf"(?<![가-힣])[가-힣0-9]{{0,14}}(?<!으)(?:대로|로|길)(?:\s?\d{{1,4}}\s?번?길)?\s?{_NUMBER}{_COUNTERS}",
            0.6,
        ),
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
