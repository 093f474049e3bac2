"""Korean chats copied with their speakers in brackets, and names written again in Hanja, as a family register
(주민등록등본) writes them. Each case is paired with text written the same way that names no one."""

from __future__ import annotations

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


def test_a_name_written_again_in_hanja_is_hidden(redactor: pii.Redactor) -> None:
    register = "세대주 성명(한자) 봉재석(奉在錫) 720915-1234567 전입"
    people = _people(redactor, register)
    assert "봉재석" in people and "奉在錫" in people
    assert _people(redactor, "회사 이름은 대한(大韓)으로 정했어요") == []  # Hanja after no name
