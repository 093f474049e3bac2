"""A spreadsheet pasted in Korean parts its cells with commas, no space: a name in a cell is a word of its own, read
by the same rules as in a sentence; a firm's or a team's cell is no one's name. A family name alone before a lawyer's
or an accountant's title is a person, as before a teacher's."""

from __future__ import annotations

import pii

from .masking import hidden, whole


def _masked(redactor: pii.Redactor, text: str) -> list[str]:
    return [text[e.start : e.end] for e in redactor.redact(text).entities]


def test_a_name_in_a_spreadsheets_cell_before_a_title_is_masked(redactor: pii.Redactor) -> None:
    rows = ["2026-12-07,10:00,손해배상(기),김도현 변호사,오전", "2026-12-08,11:00,상속재산분할,주아름 변호사,집전화"]
    hidden(redactor, "\n".join(rows), "김도현", "주아름")


def test_a_firms_or_a_teams_cell_is_no_name(redactor: pii.Redactor) -> None:
    text = "업체,담당 부서,정류장\n성진정밀,인사팀,동탄역 2번출구\n한빛테크,구매팀,기흥역 5번출구"
    masked = _masked(redactor, text)
    assert not {"성진정밀", "한빛테크", "인사팀", "구매팀", "동탄역"} & set(masked), masked


def test_a_comma_before_a_space_or_a_digit_parts_no_word(redactor: pii.Redactor) -> None:
    hidden(redactor, "안녕하세요, 문제린입니다. 총 1,750만 원이요.", "문제린")
    assert "1,750만" in redactor.redact("총 1,750만 원이요.").text


def test_a_family_name_alone_before_a_lawyers_title_is_masked_but_a_word_is_not(redactor: pii.Redactor) -> None:
    hidden(redactor, "담당 세무사는 탁 세무사님입니다.", "탁 세무사")
    whole(redactor, "담당 세무사는 탁 세무사님입니다.", "탁 세무사")
    whole(redactor, "상담은 봉 변호사님께 받았어요.", "봉 변호사")
    assert _masked(redactor, "이 변호사님께 물어봤어요. 전 변호사는 그만뒀어요.") == []
