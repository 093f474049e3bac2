"""Korean text naming a town abroad in Hangul, and a passport's spelling of a name in the row of a table or
record (2026-12-04): "카트만두", "울란바토르" hidden wherever they stand, from GeoNames' Hangul names of the
recognizers' part of the gazetteer only; "| 남궁혜 | NAMGUNG HYE |" hidden whole. Each beside a control."""

from __future__ import annotations

import pytest

import pii
from pii import wordlists
from pii._geonames import held_out_place
from pii._hangul_places import hangul_cities, korean_towns
from tests.pii.masking import hidden


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("고향이 카트만두라서 설에 다녀와요", "카트만두"),
        ("저는 울란바토르에서 왔어요", "울란바토르"),
        ("이번 겨울엔 치앙마이 한 달 살기 중이에요", "치앙마이"),
    ],
)
def test_a_town_abroad_written_in_hangul_is_hidden(redactor: pii.Redactor, text: str, town: str) -> None:
    hidden(redactor, text, town)


def test_two_syllables_that_are_as_often_words_or_brands_stay(redactor: pii.Redactor) -> None:
    text = "비고: 없음. 쿠팡 로켓배송으로 받았고, 상해 사건 기록은 따로 있어요"  # Vigo, Kupang, Shanghai's old name
    assert redactor.redact(text).text == text


def test_a_person_or_a_small_english_speaking_town_is_no_town_abroad(redactor: pii.Redactor) -> None:
    text = "야마구치 씨가 오셨어요, 앤더슨 님 예약, 윔블던 결승"  # a title after it; towns named after people
    assert not [e for e in redactor.redact(text).entities if e.type == "LOCATION"]


def test_the_hangul_towns_come_from_the_recognizers_part_of_the_gazetteer_only() -> None:
    towns = hangul_cities()
    assert "카트만두" in towns and not wordlists.is_held_out("Kathmandu")  # the control: a town the recognizers may use
    assert held_out_place("Białystok") and "비아위스토크" not in towns  # held out in English, held out in Hangul
    assert not held_out_place("Tirana") and "티라나" in towns  # a hash's fifth, but a city of 300,000 or more
    assert not {"수원", "평택", "양평"} & towns  # Korea's own towns are the Korean rules' (their names and suffixes)


def test_a_passports_spelling_in_a_persons_row_is_hidden_whole(redactor: pii.Redactor) -> None:
    row = "| 2 | 남궁혜 | NAMGUNG HYE | 1958.02.11 |"
    kept = hidden(redactor, row, "남궁혜", "NAMGUNG", "HYE")
    assert "1958" not in kept  # a birth date in the row, by the date rules
    field = '"insured": "석다인", "insured_en": "SEOK DAIN"'
    hidden(redactor, field, "석다인", "SEOK DAIN")
    control = "| 2 | 남궁혜 | NO SHOW | 1958.02.11 |"  # an English word pair in the row: no family name
    assert "NO SHOW" in redactor.redact(control).text
    places = "| 1 | 김민수 | GIMPO JEJU | SUN MOON 호텔 |"  # not as many syllables as 김민수, or an English word
    assert not [e for e in redactor.redact(places).entities if places[e.start : e.end] in ("GIMPO JEJU", "SUN MOON")]


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("주말에 양평 처가에 다녀왔어요", "양평"),
        ("어머니를 홍천 병원으로 옮겼어요", "홍천"),
        ("평택 물류센터로 지원 나갔어요", "평택"),
    ],
)
def test_a_korean_town_without_its_unit_is_hidden(redactor: pii.Redactor, text: str, town: str) -> None:
    hidden(redactor, text, town)


def test_korean_towns_that_are_words_and_held_out_towns_are_not_listed(redactor: pii.Redactor) -> None:
    towns = korean_towns()
    assert "양평" in towns and "홍천" in towns  # the control: towns the recognizers may use
    assert held_out_place("Mokpo") and "목포" not in towns  # held out in English, held out in Hangul
    assert wordlists.is_held_out("Cheonan") and "천안" in towns  # a hash's fifth, but a city of 300,000 or more
    text = "다음 예산 회의는 공주 님이 맡고, 기장님이 안내 방송을 합니다"  # a budget, a princess, a captain
    assert not [e for e in redactor.redact(text).entities if e.type == "LOCATION"]


def test_a_neighbourhood_where_someone_lives_is_masked_and_the_word_elsewhere_is_not(redactor: pii.Redactor) -> None:
    hidden(redactor, "지금은 잠실에 살면서 핀테크 스타트업에서 일하고 있습니다.", "잠실")
    hidden(redactor, "여의도 증권사에서 일하고 마포 공덕에 혼자 살아.", "공덕")
    # control: the same words with no cue of living there, and a mass ("미사") is no neighbourhood of the list
    assert redactor.redact("잠실 야구장 가는 길이에요. 공덕을 쌓으세요. 성당 미사에 가요.").entities == ()


def test_a_town_abroad_before_what_is_named_after_it_is_no_place(redactor: pii.Redactor) -> None:
    for text in ("헤이그 협약에 대해 설명해 줘.", "프랑크푸르트 학파의 이론", "맨해튼 프로젝트의 역사", "세비야 FC"):
        assert redactor.redact(text).text == text  # a treaty, a school, a project, a club
    hidden(redactor, "어머니가 멜버른에 사세요.", "멜버른")  # the control: where someone lives
