"""Given names used alone, as family, friends and teachers call each other, where Kiwi's own analysis marks
them (applied by `pii._korean.KoreanNameRecognizer` to each word's tokens):

- called: a proper noun and the vocative particle (`JKV`): "보람아", "한솔아"; not a relation or a role, which
  Kiwi reads as common nouns ("친구야", "얘들아");
- with the euphonic 이 a given name ending in a consonant takes before its particle: a proper noun and the
  suffix 이 (`XSN`: "상훈이가", "민준이도", "다솜이 어머님").

Not a common noun ("강아지야", "바람아 멈추어 다오", "사진이가": a review found them all), so a given name Kiwi
knows only as a word ("하늘아", "이슬이와") is left; nor a proper noun Kiwi read with the 이 inside it ("보람이는"),
as places end so ("두바이는", "하와이는"). Pure logic over Kiwi's tokens.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ._korean_words import KOREAN_ROLES


def called(tokens: Sequence[Any]) -> tuple[int, int] | None:
    """The offsets of a given name used alone at the start of one word's tokens, if the tokens say so."""
    if len(tokens) < 2:
        return None
    first, second = tokens[0], tokens[1]
    if first.tag != "NNP" or first.form in KOREAN_ROLES:
        return None  # a common noun called is no one ("강아지야", "바람아", "사진이가", "친구야", "여보야")
    start = first.start
    if second.tag == "JKV" and 2 <= first.len <= 3:
        return start, start + first.len
    if second.form == "이" and second.tag == "XSN":
        return start, start + first.len
    return None
