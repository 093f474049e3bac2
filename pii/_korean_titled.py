"""A Korean family name alone before a colleague's, a boss's or a teacher's title ("송 과장님", "변 감독", "봉 쌤"),
applied by `pii._korean_cued`: the syllable alone is a word as often, the syllable with its title a person. Pure
patterns.
"""

from __future__ import annotations

import regex

from ._korean_words import _PARTICLES, FAMILIES
from ._normalize import HANGUL_SYLLABLES

_WORK_TITLES = (
    *("본부장", "센터장", "주무관", "과장", "대리", "부장", "차장", "팀장", "실장", "주임", "사원", "선임", "책임"),
    *("수석", "상무", "전무", "계장", "여사", "씨"),
)
"""Titles colleagues and clients are called by after their family name alone ("송 과장님", "곽 여사님")."""
_BOSSES_AND_TEACHERS = (
    *("감독", "코치", "사장", "국장", "원장", "선생", "쌤", "작가", "기자", "선배", "회장", "총무", "교수"),
    *("매니저", "기사", "반장", "대표", "변호사", "세무사", "법무사", "노무사", "회계사", "변리사"),
)
"""Titles of a coach, a boss, a teacher, a writer, a senior, a lawyer or an accountant, after which a syllable is a
word as often as a family name (`_WORDS_BEFORE_THESE_TITLES`): after any other family name a person's ("변 감독", "탁
국장", "봉 쌤", "류 선생님", "탁 세무사님")."""
_WORDS_BEFORE_THESE_TITLES = frozenset("이한온간계동원오하우")
"""이 "this", 한 "one", 온 "who came", 간 "who went", 계 (a savings club's), 동 (a block's: "동 대표"), 원 "the
original", and the interjections 오, 하, 우 ("이 감독 영화", "새로 온 선생님", "출장 간 사장님", "오 선생님
진짜요?")."""
_WORD_BEFORE_A_TITLE = {"교수": "정", "매니저": "주", "작가": "주", "코치": "주"}
"""A syllable that is a word before one title only: 정교수 (a full professor), 주 (the main one)."""
_FAMILY_BEFORE_TITLE = regex.compile(
    rf"(?<![{HANGUL_SYLLABLES}\w)\]])(?<!\d[ \t])({FAMILIES})[ \t]"
    rf"({'|'.join((*_WORK_TITLES, *_BOSSES_AND_TEACHERS))})"
    rf"(님?{_PARTICLES})(?![{HANGUL_SYLLABLES}])"
)
_NOT_A_FAMILY_BEFORE_A_TITLE = frozenset("전현모제총본각육단나구고여양두부반조당도왕명시어예음")
"""Words that stand before a title as often as a family name does: 전 과장 (the former), 현 (the present), 모 (a
certain), 제 (my), 총 (chief), 나 (I), 구 (the former), 고 (the late), 여 (a woman), 양 (both), 두 (two), 부 (deputy),
단 (a verb's: "리뷰에 단 사장님 답글"), 명 (great: "명 감독"), 시 (the city's: "시 국장"), and the interjections 어, 예,
음 ("예 선생님, 알겠습니다"). Not after a bracket or a number, whose particle or unit it is ("(카일 모리슨)이 이사
나가면서", "105동 대표", seen as "105 동 대표")."""


def titled_families(text: str) -> list[tuple[int, int]]:
    """A family name alone before a colleague's, a teacher's or a boss's title, with the title ("송 과장님께 DM",
    "옥 대리 의견", "변 감독 (대타)"): the syllable alone would be masked wherever it stands (every "이" of "이
    문서는"), the name with its title only where it is one; not a word that stands there as often ("전 과장": the
    former one)."""
    return [
        (match.start(1), match.end(2))
        for match in _FAMILY_BEFORE_TITLE.finditer(text)
        if match.group(1) not in _NOT_A_FAMILY_BEFORE_A_TITLE
        and not (match.group(1) in _WORDS_BEFORE_THESE_TITLES and match.group(2) in _BOSSES_AND_TEACHERS)
        and _WORD_BEFORE_A_TITLE.get(match.group(2)) != match.group(1)
    ]
