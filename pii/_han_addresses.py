"""Addresses written in Chinese characters, as patterns: Japanese (〒 postcode, prefecture, city or ward,
district, 丁目 and block numbers, a building and its room) and Chinese (province, city, district, road and
number, building and room), masked as a whole. Hangul addresses: `pii._korean_addresses`."""

from __future__ import annotations

from typing import Any, ClassVar

from ._presidio import import_presidio

import_presidio()
from presidio_analyzer import Pattern, PatternRecognizer  # noqa: E402

_KANA = r"\p{Han}\p{Katakana}\p{Hiragana}\u30fc\u30fb"
"""Chinese characters, both kanas and their long-vowel and middle-dot marks."""
_BLOCKS = r"\d{1,4}(?:丁目|-)\d{1,4}(?:番地?|-)?(?:\d{1,4}号?)?(?![\d年月日週割時円回人歳個件%])"
"""Japanese block numbers: "1丁目2-3", "2-3-4", "5丁目12番3号"; not a range of years, weeks or shares ("2023-2024年",
"2-3割")."""
_ROOM = rf"(?:[ \t\u3000]?[{_KANA}A-Za-z0-9]{{1,20}}[ \t\u3000]?\d{{1,5}}号室?)?"
"""A building and its room after the block numbers ("グランドメゾン梅田 805号")."""
_PREFECTURE = r"(?:東京都|北海道|京都府|大阪府|\p{Han}{2,3}県)"
_MUNICIPALITY = rf"[{_KANA}]{{0,12}}?[市区町村郡][{_KANA}]{{0,12}}?"
"""The city, ward, town or village between the prefecture and the block numbers, and the district after it."""
_BEFORE_CHINESE = r"(?:(?<!\p{Han})|(?<=[是在于至往到:\uff1a]))"
"""Where a Chinese address may start: not inside a run of characters, unless a verb or a label ends right before
it ("住在", "地址是", "位于")."""


class HanAddressRecognizer(PatternRecognizer):
    """Addresses in Chinese characters (the module's forms): `〒530-0001 大阪府大阪市北区梅田1丁目2-3`,
    `東京都渋谷区神宮前1-2-3`, `大阪市北区梅田1丁目2-3`, `北京市朝阳区建国路88号`; not "東京都では2023-2024年"."""

    PATTERNS: ClassVar[list[Pattern]] = [
        Pattern(
            "Japanese: postcode or prefecture, places, block numbers, building and room",
            rf"(?:〒[ \t]?\d{{3}}-?\d{{4}}[ \t\u3000]?{_PREFECTURE}?|{_PREFECTURE}"
            r"|(?<!\p{Han})\p{Han}{1,4}市(?=\p{Han}{1,3}区))"
            rf"{_MUNICIPALITY}{_BLOCKS}{_ROOM}",
            0.7,
        ),
        Pattern(
            "Chinese: province or city, district, road and number, building and room",
            rf"{_BEFORE_CHINESE}(?:\p{{Han}}{{2,4}}(?:省|自治区))?\p{{Han}}{{2,3}}市\p{{Han}}{{1,6}}?[区县市]\p{{Han}}{{1,12}}?"
            r"(?:路|街|道|巷|大道|胡同)"
            r"\d{1,5}号(?:[\p{Han}A-Za-z0-9]{0,12}?\d{1,5}(?:栋|幢|号楼|单元|层|楼|室)){0,4}",
            0.7,
        ),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            supported_entity="STREET_ADDRESS", patterns=self.PATTERNS, name="HanAddressRecognizer", **kwargs
        )
