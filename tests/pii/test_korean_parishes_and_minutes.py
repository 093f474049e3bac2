"""What Korean parishes, temples, class chats, apartment minutes and family books paste: names a faith gives,
children named by their parents' word, names of any shape after a label, before a relation in brackets or on a
numbered line, a lunar birthday, Hanja before its reading, a home's building and unit, and places people say they
live in with no particle. Each case is paired with text written the same way that names no one."""

from __future__ import annotations

import pytest

import pii
from tests.pii.masking import hidden, people


def test_buddhist_and_baptismal_names_are_hidden(redactor: pii.Redactor) -> None:
    temple = "회장 보현행 보살 (공영자) — 상북면 소토리\n청운 거사 (권기태) — 물금읍"
    hidden(redactor, temple, "보현행", "청운")
    parish = "예비자 교리: 루치아 수녀님\n대모 한미경 데레사"
    hidden(redactor, parish, "루치아", "데레사")
    hidden(redactor, "대부는 김민수 요셉. 김민수 요셉 (대부)", "요셉")  # before a stop or a bracket


def test_bodhisattvas_saints_and_churches_are_no_one(redactor: pii.Redactor) -> None:
    text = "지장 보살님께 기도했다. 우리 보살님께 감사드리고 공양간 보살님이 반찬을, 주방 보살님 최고!"
    text += " 성 김대건 안드레아 성당"
    assert not {"지장", "우리", "공양간", "주방", "안드레아"} & set(people(redactor, text))
    words = "드디어 오늘 거사를 치른다. 용한 보살님 찾아갔어. 박서준 비오는 날 화보. 민수 안나와?"
    assert not {"오늘", "용한", "비오", "안나"} & set(people(redactor, words))  # an undertaking, a fortune-teller


def test_a_child_named_by_a_parents_or_grandparents_word_is_hidden(redactor: pii.Redactor) -> None:
    chat = "[건우할머니] 우리 건우 유니폼은 내가 가지러 갈께요\n하린이 친구 우채아도 과외 받는데 채아엄마 번호 드려요?"
    hidden(redactor, chat, "건우", "채아")
    hidden(redactor, "저희는 도현이 할머니댁 들렀다가 좀 늦게 합류할게요", "도현")
    hidden(redactor, "서윤이엄마 번호 알려주세요", "서윤")  # the euphonic 이, written on


def test_parents_words_after_ordinary_words_name_no_one(redactor: pii.Redactor) -> None:
    text = "우리 할머니댁, 친구엄마가, 시골할머니, 옆집할머니가 오셨다"
    assert people(redactor, text) == []
    assert people(redactor, "어제 친구엄마랑 커피 마셨어요. 산타할아버지가 오셨어요") == []


def test_names_of_any_shape_after_a_label_or_before_a_relation_are_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "③ 성명: 엥흐자야 (몽골 출신)", "엥흐자야")
    hidden(redactor, "받는 사람: 진해나 사회복지사님 <hana@example.kr>", "진해나")
    hidden(redactor, "- 가족: 배우자 굴노라 라히모바, 자녀 2명", "굴노라 라히모바")
    hidden(redactor, "번호,이름,보호자,연락처\n10,판유나,판수빈(모),010-6158-0043", "판수빈")
    hidden(redactor, "보호자: 판수빈 (모), 010-6158-0043", "판수빈")
    hidden(redactor, "참석: 회장 기영호(101동), 감사 도미순(104동)", "도미순")
    hidden(redactor, "4. 바트체첵 — 1989.10.30 (몽골에서 시집온 며느리)", "바트체첵")
    assert "사회복지사" in redactor.redact("받는 사람: 진해나 사회복지사님").text  # the title stays


def test_what_a_form_writes_for_no_one_stays(redactor: pii.Redactor) -> None:
    text = "성명: 미상\n이름: 미입력\n강사: 미정 (추후 공지)\n담임: 미배정\n1. 회비 — 30000원\n2. 간식비 - 5000원"
    assert people(redactor, text) == []
    trips = "1. 제주 - 3박 4일\n2. 부산 - 2박\n3. 스타벅스 - 4500원"
    assert people(redactor, trips) == []  # a numbered line's dash before no date nor phone number
    things = "와이파이 이름: 올레 기가\n배우자 있음\n성명: 위와 같음"
    assert people(redactor, things) == []  # a thing's name, a spouse's "yes", "as above"


def test_a_lunar_birthday_and_hanja_before_its_reading_are_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "- 생신: 1939년 음력 10월 5일 (주민등록은 11월)", "1939년 음력 10월 5일")
    book = "족보 신규 등재\n   二十八世 宣在勳 (선재훈), 1962년 음력 4월 8일생"
    hidden(redactor, book, "宣在勳", "선재훈", "1962년 음력 4월 8일")
    assert "二十八世" in redactor.redact(book).text  # the generation, of another length


def test_a_homes_building_and_unit_are_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "겨울철 홀몸 어르신 안부 (1509동 302호 정봉례 할머니 댁)", "1509동 302호")
    text = "101동 앞 주차장에서 1502호 택배 찾아가세요"
    assert redactor.redact(text).text == text  # a block alone, a unit alone


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("지평면 사는 건우 할미라요", "지평면"),
        ("셋째, 대축마을 사는 하순덕 할머니가 어제 저녁부터", "대축마을"),
        ("거제 사는 남동생 철민이랑 깜짝 파티", "거제"),
        ("공덕 사는 친구랑 수지 사는 언니", "공덕"),  # neighbourhoods Kiwi reads as words
        ("차영희 님은 용인 수지구 풍덕천동 사셔서 가까워요", "풍덕천동"),
    ],
)
def test_a_place_someone_lives_in_without_a_particle_is_hidden(redactor: pii.Redactor, text: str, place: str) -> None:
    hidden(redactor, text, place)


def test_what_is_bought_is_no_place(redactor: pii.Redactor) -> None:
    text = "옷 사는 데 돈 많이 써요. 쿠팡도 사는 거 말고 짜장면 사는 사람? 컵라면 사는 중, 미나리 사는 곳"
    assert redactor.redact(text).text == text  # noodles end as a township does
