"""Names a faith gives, as parishes, temples and their members write them (applied by `pii._korean`): a Buddhist
name (법명) before 보살 or 거사 ("보현행 보살", "청운 거사"), and a baptismal name (세례명) after the person's name
("한미경 데레사") or before a religious's title ("루치아 수녀님"). Pure patterns over the text."""

from __future__ import annotations

from collections.abc import Callable

import regex

from ._korean_words import _PARTICLES
from ._normalize import HANGUL_SYLLABLES

_H = f"[{HANGUL_SYLLABLES}]"
_BODHISATTVAS = frozenset({"관세음", "관음", "지장", "문수", "보현", "미륵", "대세지", "약왕", "허공장", "상불경"})
"""Bodhisattvas themselves, written apart from 보살 now and then ("지장 보살")."""
_NOT_A_NAME = frozenset({"우리", "저희", "여러", "모든", "다른", "어느", "그분", "이분", "저분", "옆집", "동네"})
_NOT_A_NAME |= {"공양주", "총무", "회장", "신도", "종무소", "주지", "이번", "오늘", "주방", "공양간", "사무실"}
"""Words before 보살님 that say whose, which or what office, as a temple's members call each other ("우리 보살님",
"공양주 보살님")."""
_BUDDHIST_NAME = regex.compile(
    rf"(?<!{_H})({_H}{{2,3}})[ \t]+(?:보살|거사)님?(?=[ \t]*(?:$|\n|[(,/·\u2014\u2013-]))", regex.M
)
"""A Buddhist name before 보살 or 거사 as a temple's roster writes it: the lay name in brackets after it, a dash or the
line's end ("보현행 보살 (공영자) — 상북면", "청운 거사 (권기태)"); not in running text, where the word before is a
place's, a trade's or an adjective's as often ("공양간 보살님이 반찬을", "용한 보살님 찾아갔어") and 거사 an
undertaking ("드디어 오늘 거사를 치른다")."""
_SAINTS = (
    *("요셉", "마리아", "데레사", "테레사", "미카엘", "프란치스코", "토마스", "토마", "루치아", "아녜스", "아네스"),
    *("바오로", "베드로", "안드레아", "요한", "모니카", "세실리아", "체칠리아", "스테파노", "가브리엘", "라파엘"),
    *("안나", "엘리사벳", "글라라", "클라라", "로사", "카타리나", "가타리나", "율리아나", "비오", "레오", "시몬"),
    *("야고보", "필립보", "마태오", "마르코", "루카", "헬레나", "막달레나", "마르타", "아가다", "골롬바", "유스티노"),
    *("바실리오", "베네딕도", "안토니오", "도미니코", "빈첸시오", "이냐시오", "라우렌시오", "젬마", "비비안나"),
    *("스콜라스티카", "아우구스티노", "암브로시오", "세라피나", "보나", "로렌조", "다미아노", "크리스티나"),
)
"""Baptismal names Korean Catholics are most often given."""
_SAINT = "|".join(sorted(_SAINTS, key=len, reverse=True))
_BEFORE_A_RELIGIOUS = regex.compile(rf"(?<!{_H})({_SAINT})[ \t]*(?:수녀|신부|수사|부제)님?{_PARTICLES}(?!{_H})")
_AFTER_A_NAME = regex.compile(
    rf"[ \t]+({_SAINT})(?=[ \t]*(?:$|\n|[,/)(\t·.!?\u2014\u2013-]|(?:신부|수녀|수사|형제|자매)님?))", regex.M
)
"""A baptismal name after a name, closing its phrase or before a religious's title: not a church's or a feast's patron
("성 김대건 안드레아 성당"), nor a word that is one too ("박서준 비오는 날", "민수 안나와?")."""


def named_by_faith(
    text: str, people: list[tuple[int, int]], predicated: Callable[[int, int], bool]
) -> list[tuple[int, int]]:
    """The spans of Buddhist and baptismal names; `people`: the spans of the Korean names found (a baptismal name
    right after one is that person's: "대모 한미경 데레사"); `predicated`: whether Kiwi reads a verb, an adjective, an
    ending or a particle between two offsets ("용한 보살님": a fortune-teller; a Buddhist name is often a common word,
    "청운", so common words are not asked about)."""
    spans = [
        m.span(1)
        for m in _BUDDHIST_NAME.finditer(text)
        if m.group(1) not in _BODHISATTVAS | _NOT_A_NAME and not predicated(*m.span(1))
    ]
    spans += [m.span(1) for m in _BEFORE_A_RELIGIOUS.finditer(text)]
    spans += [after.span(1) for _, end in people if (after := _AFTER_A_NAME.match(text, end)) is not None]
    return spans
