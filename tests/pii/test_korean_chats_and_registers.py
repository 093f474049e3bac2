"""Korean chats copied with their speakers in brackets, names written again in Hanja, as a family register
(주민등록등본) writes them, and places the words after them put someone in. Each case is paired with text
written the same way that names no one."""

from __future__ import annotations

import pytest

import pii


def _people(redactor: pii.Redactor, text: str) -> list[str]:
    redaction = redactor.redact(text)
    assert pii.restore(redaction.text, redaction.vault) == text
    return [text[e.start : e.end] for e in redaction.entities if e.type == "PERSON"]


def test_a_chats_speaker_in_brackets_is_hidden_on_every_line(redactor: pii.Redactor) -> None:
    chat = "친구랑 카톡한 건데 해석해줘\n\n[민지] ㅇㄷ?\n[민지] 낼머함\n[나] 집ㅋㅋ 왜\n[민지] 낼 수아네 집들이 ㄱ?"
    assert _people(redactor, chat).count("민지") == 3
    assert "[나]" in redactor.redact(chat).text  # the writer


def test_tags_in_brackets_are_no_speakers(redactor: pii.Redactor) -> None:
    notices = "[공지] 이번 주 서버 점검\n[공지] 다음 주 휴무 안내\n[광고] 겨울 할인 행사"
    assert _people(redactor, notices) == []
    guild = "[길드원] 달빛궁수: 오늘 레이드 가요?\n[길드원] 흑염룡: ㅇㅇ 9시\n[길드장] 달빛궁수: 다들 9시까지 모여요"
    assert not {"길드원", "길드장"} & set(_people(redactor, guild))  # roles before the speakers
    handles = "[길드원] xXDarkLordXx99: 참 ㄱ\n[길드원] 달빛궁수: 오늘\n[길드원] xXDarkLordXx99: 앗"
    assert "길드원" not in _people(redactor, handles)  # a handle ending in digits before its colon


def test_a_speaker_whose_line_holds_a_clock_is_still_a_speaker(redactor: pii.Redactor) -> None:
    chat = "[민지] 3:30 어때\n[민지] ㅇㅋ?\n[나] 좋아"
    assert _people(redactor, chat).count("민지") == 2


def test_a_name_written_again_in_hanja_is_hidden(redactor: pii.Redactor) -> None:
    register = "세대주 성명(한자) 봉재석(奉在錫) 720915-1234567 전입"
    people = _people(redactor, register)
    assert "봉재석" in people and "奉在錫" in people
    assert _people(redactor, "회사 이름은 대한(大韓)으로 정했어요") == []  # Hanja after no name


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("[고객] 네 제가 광산구로 이사를 해서요", "광산구"),  # a district Kiwi splits, before a move
        ("우리집은 역삼동이고 동생은 요즘 신림에서 자취해.", "신림"),  # living alone there
        ("[혜원] 넹 동탄에서 바로갈게요", "동탄"),  # where someone sets off from
        ("할애비 고향은 연백인데 전쟁통에 내려왔다", "연백"),  # a home town before 인데
    ],
)
def test_a_place_a_korean_cue_puts_someone_in_is_hidden(redactor: pii.Redactor, text: str, place: str) -> None:
    assert place not in redactor.redact(text).text


def test_where_no_one_lives_stays(redactor: pii.Redactor) -> None:
    text = "회사에서 바로 갈게요. 운동하러 체육관에 가요. 고향은 좋아요"
    assert redactor.redact(text).text == text


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("제 핸드폰 고장나서 남편 쩐반꾸옥 번호로 연락주세요", "쩐반꾸옥"),  # a Vietnamese name written as one word
        ("사장님 안녕하세요 저 응우옌티투짱이에요", "응우옌티투짱"),
        ("외국인등록증\n성명 SAIDOV JASUR\n국가/지역 UZBEKISTAN", "SAIDOV JASUR"),  # a label with no colon
    ],
)
def test_a_foreign_residents_name_as_korean_papers_and_chats_write_it_is_hidden(
    redactor: pii.Redactor, text: str, name: str
) -> None:
    assert _people(redactor, text) == [name]


def test_words_that_open_like_a_vietnamese_name_stay(redactor: pii.Redactor) -> None:
    text = "팜반 주차장 옆 레반떡집에서 만나요. 보반 마트도 들러요"
    assert redactor.redact(text).text == text
