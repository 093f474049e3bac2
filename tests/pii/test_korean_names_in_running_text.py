"""Korean names in running text (2026-12-04): a name written with a space after its one-syllable family name ("간호사
봉 서윤 님"), hidden wherever the name written whole would be, while the same syllables as the words they commonly
are ("이 사람", "시 흉통", "제 번호", "이번 주") stay; and a child's given name before the word for their parent
("민채 엄마예요"), not a possessive, a word or a place there ("우리 엄마", "친구 엄마", "서울 엄마들"). Texts
written for these tests, each beside a control."""

from __future__ import annotations

import pytest

import pii
from pii._korean_spaced import closed, spanning
from tests.pii.masking import hidden


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("담당 간호사 봉 서윤 님께 인계했습니다", "봉 서윤"),
        ("수령인은 시어머니 갈 말순으로 해 주세요", "갈 말순"),
        ("총무 견 다은, 회계 옥 하람", "견 다은"),
        ("미제출: 궉민호, 옥 하람", "옥 하람"),  # Kiwi's reading alone, beside a person in a list
        ("승진: 시 은결", "시 은결"),  # Kiwi's reading alone, as a form's whole value
        ("피해자 탁 보미(여, 29세)가 진술함", "탁 보미"),
        ("예약자명이 남편 '함 건'으로 돼 있어요", "함 건"),
        ("동생 위 슬비 번호로 연락 주세요", "위 슬비"),
    ],
)
def test_a_name_spaced_after_its_family_name_is_hidden_whole(redactor: pii.Redactor, text: str, name: str) -> None:
    kept = hidden(redactor, text, name, name.replace(" ", ""))
    assert name.split()[1] not in kept  # the given name too, not only the family name
    unspaced = text.replace(name, name.replace(" ", ""))  # the control the rule follows: the name written whole
    assert name.replace(" ", "") not in redactor.redact(unspaced).text


@pytest.mark.parametrize(
    "text",
    [
        "이 사람은 안 돼요. 한 번 더 해 보세요.",
        "이번 주 레이드 명단 정리해 줘",
        "분리수거는 화·금 오전에 합니다",
        "운동 시 흉통 호소, 부재 시 문 앞에 두겠습니다",
        "엄마 나 폰 액정 깨졌어",
        "두 매물 조건 비교, 위 내용이 사실과 다름없음",
        "전 회사에서 반 모 남았어요",
        "위 스샷 보면 에러 코드 나와요",  # a loanword, an organ, a household word read whole as a name, with no cue
        "위 용종 0.3cm, 장 정결 불량, 변 잠혈 음성",
        "곽 티슈 두 개, 옥 탑방 월세",
    ],
)
def test_the_same_syllables_as_common_words_stay(redactor: pii.Redactor, text: str) -> None:
    assert redactor.redact(text).text == text


def test_a_number_keeps_its_own_words_and_a_name_after_a_relation_stands_alone(redactor: pii.Redactor) -> None:
    text = "제 번호는 010-3387-5521이고요, 상속인: 모 한명자 / 장남 변성진"
    kept = hidden(redactor, text, "010-3387-5521", "한명자", "변성진")
    assert kept.startswith("제 번호는 ") and "상속인: 모 " in kept  # "my" and "mother" are no one's name


def test_only_a_span_joining_the_family_name_to_the_next_word_counts() -> None:
    text = "총무 견 다은 씨와 시 반 늘 하던"
    gaps = [text.index("견 ") + 1, text.index("시 ") + 1]
    whole = closed(text, gaps)
    assert whole == "총무 견다은 씨와 시반 늘 하던"
    found = [
        (whole.index("견다은"), whole.index("견다은") + 3, True),
        (whole.index("시반 늘"), whole.index("시반 늘") + 4, True),
    ]
    assert spanning(text, found, gaps, []) == [(text.index("견 다은"), text.index("견 다은") + 4)]
    assert spanning(text, found[:1], gaps, [(text.index("다은"), text.index("다은") + 2)]) == []
    uncued = [(start, end, False) for start, end, _ in found[:1]]  # Kiwi's reading alone, no form and no list
    assert spanning(text, uncued, gaps, []) == []


@pytest.mark.parametrize(
    ("text", "child"),
    [
        ("옆집 민수 엄마가 김치를 주셨어요", "민수"),
        ("저 하린 엄마예요, 번호 저장해 주세요", "하린"),
        ("지호 아빠가 차로 데려다준대요", "지호"),
        ("도겸이 어머님 맞으시죠?", "도겸"),
        ("예준 아버님께서 전화하셨습니다", "예준"),
    ],
)
def test_a_childs_name_before_the_word_for_their_parent_is_hidden(
    redactor: pii.Redactor, text: str, child: str
) -> None:
    kept = hidden(redactor, text, child)
    assert any(parent in kept for parent in ("엄마", "아빠", "어머님", "아버님"))  # the parent's word stays


@pytest.mark.parametrize(
    "text",
    [
        "우리 엄마가 그러는데 내일 비 온대",
        "친구 엄마가 데리러 왔어",
        "서울 엄마들 모임 공지",
        "애들 엄마 어디 갔어?",
        "새 엄마가 왔어, 친정 엄마도",
        "초보 엄마의 육아일기",
        "통화해 보니 엄마 폰 멀쩡함",
        "28일에 어머니 댁에서 김장",
        "대치 엄마들 모임, 평촌 맘 카페",  # mothers of a town; 맘 as often "mind" ("둘다 맘에 들어요")
        "둘다 맘에 들어요",
        "영어 엄마표 학습 자료",
        "그집 아빠, 옆반 엄마, 단톡 엄마들, 주님 아버지",
    ],
)
def test_a_possessive_a_word_or_a_place_before_a_parent_is_no_one(redactor: pii.Redactor, text: str) -> None:
    assert not [e for e in redactor.redact(text).entities if e.type == "PERSON"]  # Seoul stays a place
