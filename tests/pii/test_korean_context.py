"""Korean personal data found by what stands around it (2026-12-03's fifth session): KakaoTalk's export on a phone,
a given name called again once its person is found, a birth date after its label, a name's other spelling in
brackets, a town abroad by the words that put a person there, and the Korean columns of a pasted table. Each case
beside a control the same rule must leave alone."""

from __future__ import annotations

import pytest

import pii

from .masking import hidden


def _hidden(redaction: pii.Redaction, text: str) -> list[tuple[str, str]]:
    return [(text[e.start : e.end], e.type) for e in redaction.entities]


def test_the_speakers_of_kakaotalks_phone_export_are_people_and_called_again(redactor: pii.Redactor) -> None:
    text = (
        "2026. 11. 28. 오후 9:03, 한결 : 야 우리 집들이 12월 6일로 하자\n"
        "2026. 11. 28. 오후 9:06, 설아 : 오 드디어 ㅋㅋ 한결이랑 같이 가요\n"
        "2026. 11. 28. 오후 9:08, 방장 윤슬 : 좋아요 저도 갈게요\n"
        "2026. 11. 28. 오후 9:09, 나라엄마 : 저는 못 가요"
    )
    redaction = redactor.redact(text)
    for name in ("한결", "설아", "윤슬", "나라엄마"):
        assert name not in redaction.text
    assert "방장" in redaction.text  # the room's host is a role, not a name
    assert pii.restore(redaction.text, redaction.vault) == text
    control = "2026. 11. 28. 오후 9:03, 공지 : 내일 휴무입니다"
    assert redactor.redact(control).text == control


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("환자: 제갈 윤 (M/84)  생년월일: 420913\n11/29 22:00 V/S stable", "420913"),
        ("의뢰인: 감보미 (생년월일 900226), 연락처 010-7132-4450", "900226"),
        ("운전자 생년월일 86년 11월 5일\n동승자 없음", "86년 11월 5일"),
    ],
)
def test_a_birth_date_after_its_label_is_hidden(redactor: pii.Redactor, text: str, date: str) -> None:
    redaction = redactor.redact(text)
    assert (date, "DATE_TIME") in _hidden(redaction, text)
    control = "주문번호 900226 상품이 출고되었습니다"  # six digits with no word of birth: an order
    assert redactor.redact(control).text == control


def test_a_names_other_spelling_in_brackets_is_hidden_beside_it(redactor: pii.Redactor) -> None:
    text = "동료 장웨이(张伟) 씨와 같은 숙소 사용. 동승자: 아내 Anna Volkova (안나 볼코바)"
    redaction = redactor.redact(text)
    for name in ("장웨이", "张伟", "Anna Volkova", "안나 볼코바"):
        assert name not in redaction.text
    control = "담당 김민수 (회계팀) 과장에게 제품명(Galaxy Fold) 자료를 보내세요"
    kept = redactor.redact(control).text
    assert "김민수" not in kept and "(회계팀)" in kept and "(Galaxy Fold)" in kept


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("남편은 타슈켄트에서 거주하다 2022년 입국했어요.", "타슈켄트"),
        ("아내는 블라디보스토크 출신이에요.", "블라디보스토크"),
        ("왕리 과장님은 지금 칭다오에 계세요.", "칭다오"),
        ("보람이 요즘 울란바토르 출장 중이라 못 와요.", "울란바토르"),
    ],
)
def test_a_town_abroad_is_a_place_where_the_words_around_it_put_a_person(
    redactor: pii.Redactor, text: str, place: str
) -> None:
    assert (place, "LOCATION") in _hidden(redactor.redact(text), text)


@pytest.mark.parametrize("text", ["그는 서울대 출신이에요.", "저는 집에 살아요.", "본사에서 이사 왔어요."])
def test_schools_and_ordinary_words_before_the_same_words_are_left_alone(redactor: pii.Redactor, text: str) -> None:
    assert redactor.redact(text).text == text


def test_the_korean_columns_of_a_table_hold_people_and_places(redactor: pii.Redactor) -> None:
    text = "이름,성별,연락처,거주지\n하늘,여,010-7715-2040,용인시 수지구\n국하늘,남,010-4428-7730,춘천"
    hidden = _hidden(redactor.redact(text), text)
    assert ("하늘", "PERSON") in hidden and ("국하늘", "PERSON") in hidden and ("춘천", "LOCATION") in hidden
    control = "이름,가격,재고\n새우깡,1200,40\n초코파이,800,12"  # "이름" beside no personal column: products
    assert redactor.redact(control).text == control


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("그는 법조계 출신이에요. 카톡에서 온 메시지.", "법조계 출신이에요. 카톡에서 온 메시지."),
        ("미국 법인 설립 건을 검토해 줘.", "미국 법인"),
        ("2024. 3. 1. 오후 2:14, 알 수 없음 : 안녕\n2024. 3. 1. 오후 2:15, 우리엄마 : 밥먹어", "우리엄마 : 밥"),
        ("2024. 3. 1. 오후 2:14, 알 수 없음 : 안녕", "알 수 없음 : 안녕"),
        ("2024. 3. 1. 오후 2:16, 팀장님 : 네 확인했어요", "팀장님 : 네"),
        ("담당자 김보람 과장. 이번 프로젝트는 보람이 있었어요.", "보람이 있었어요"),
        ("John Smith (영업팀) 와 박지훈(学生), 회사 (Jane Doe)", "(영업팀) 와"),
        ("박지훈(学生) 참석", "(学生)"),
        ("회사 (Jane Doe) 마케팅", "회사 ("),
    ],
)
def test_what_a_review_found_taken_for_names_or_places_stays(redactor: pii.Redactor, text: str, kept: str) -> None:
    assert kept in redactor.redact(text).text


@pytest.mark.parametrize(
    ("text", "hidden", "kept"),
    [
        # a work messenger's speakers: a name under its team's line, a clocked name that speaks twice
        ("서문 지아 (디자인팀) 10:41\n배너 시안 3개 올렸어요", "지아", "(디자인팀) 10:41"),
        ("[10:02] 레온: 제가 할게요\n[10:03] 국은비: 넵\n[10:05] 레온: 감사해요", "레온", "[10:02] "),
        ("[10:03] 국은비: 넵 11시까지 드릴게요", "국은비", "[10:03] "),
        # not a video's chapters, an agenda's slots (twice too) or a timetable's line
        ("[01:23] 언박싱: 상자 열기\n[02:10] 리뷰: 총평", None, "[01:23] 언박싱: 상자 열기\n[02:10] 리뷰: 총평"),
        ("[09:00] 회의: 주간 업무\n[13:00] 점심: 식당\n[15:00] 회의: 리뷰", None, "[09:00] 회의: 주간 업무"),
        ("점심시간 (1층 식당) 12:30", None, "점심시간 (1층 식당) 12:30"),
        # birth dates after 생년월일 with its particle, before 생, and dotted dates
        ("생년월일은 931017이에요", "931017", "생년월일은 "),
        ("지원자: 피가은 (1999.01.25생)", "1999.01.25", "생)"),
        ("2. 제갈하준 (2025.1.9 출생) - 부: 제갈민혁", "2025.1.9", " 출생)"),
        ("2026.1.9 출시 예정, 2025.1.9 출생신고 완료", None, "2026.1.9 출시 예정, 2025.1.9 출생신고"),
        # a parent's sibling or a cousin is no one's name, as a family chat's speaker or before a time, a dish or a shop
        (
            "[큰이모] [오후 8:31] 우리 1월 가족여행 가요\n[큰이모] [오후 8:35] 여권은 내가 챙길게",
            None,
            "[큰이모] [오후 8:31]",
        ),
        (
            "큰아빠 네시 반 도착, 큰엄마 표 식혜, 외삼촌 민박집",
            None,
            "큰아빠 네시 반 도착, 큰엄마 표 식혜, 외삼촌 민박집",
        ),
        # a friend's relation in brackets after a name in a gift ledger; not after a thing
        ("B-006\t나영(고딩친구)\t친구\t50,000", "나영", "\t친구\t50,000"),
        ("민지(대학 동기) 10만원", "민지", "(대학 동기) 10만원"),
        (
            "카페(친구 추천) 방문, 선물(회사동료), 선생님(지인)",
            None,
            "카페(친구 추천) 방문, 선물(회사동료), 선생님(지인)",
        ),
        ("여권 M731K2046 / 1992.05.03", "1992.05.03", "여권 "),
        ("Unity 2019.4.1, release v2024.01.15", None, "Unity 2019.4.1, release v2024.01.15"),  # versions
        ("Version: 2024.03.15, certifi==2024.02.02, 2023.1.1 생성됨", None, "Version: 2024.03.15, certifi==2024.02.02"),
        # more words placing a person abroad; an organisation's branch is none
        ("라훌 샤르마(뭄바이 주재, 화상 참석)", "뭄바이", "주재"),
        ("저는 익산에서 나고 자랐습니다.", "익산", "에서 나고"),
        ("지금 타슈켄트에 출장 와 있어서", "타슈켄트", "에 출장"),
        ("가까운 국민건강보험공단 지사에서 안내받으세요.", None, "국민건강보험공단 지사"),
        # Korean keys of a JSON record
        ('{"사번": "E11025", "성명": "곽 민서", "부서": "재무"}', "곽 민서", '"부서": "재무"'),
    ],
)
def test_korean_messengers_dates_places_and_records(
    redactor: pii.Redactor, text: str, hidden: str | None, kept: str
) -> None:
    redacted = redactor.redact(text).text
    assert kept in redacted
    if hidden is not None:
        assert hidden not in redacted


def test_a_help_desks_role_before_its_clock_is_no_speaker(redactor: pii.Redactor) -> None:
    chat = (
        "고객센터 채팅 내용이 맞게 접수된 건지 봐줘\n\n"
        "상담사 14:02 안녕하세요 고객님, 한울도시가스 상담사 나연입니다.\n"
        "고객 14:03 전출이랑 전입 같이 신청하고 싶어요. 명의자는 저 예준혁이고요\n"
        "상담사 14:04 네 예준혁 고객님, 전출하시는 주소 확인 부탁드립니다.\n"
        "고객 14:05 인천광역시 남동구 구월동 1264 구월힐스테이트 3단지 302동 1505호요."
    )
    redacted = hidden(redactor, chat, "나연", "예준혁", "구월동 1264")  # the control: who speaks, and where they live
    assert "상담사 14:02" in redacted and "고객 14:03" in redacted  # a role and its clock, not a speaker "상담사 14"
