"""Korean chat exports, foreigners called by their given name, names spelled out and a trip's towns (2026-12-05):
the speaker of a KakaoTalk line exported with Korean date settings ("2026년 11월 20일 오후 8:16, 콩떡 : ...") or
with a title written on ("봉태일기사님 : ..."); a foreigner's given name alone before 씨 ("리우양 씨는"); a name
spelled syllable by syllable ("성명: 탁 수 민"); handles after their label; towns listed beside a town abroad
("치앙마이·방콕"); a town before 에 and living with an adverb between. Each beside a control that stays."""

from __future__ import annotations

import pytest

import pii
from tests.pii.masking import hidden


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        ("2026년 11월 20일 오후 8:16, 콩떡 : 헐 고마워 언니ㅠ 바로 보낼게", "콩떡"),
        ("2026년 12월 3일 오후 1:07, 봉태일기사님 : 네 25분까지 갑니다", "봉태일"),
        ("[도하람 팀장님] [오후 1:07] 네 확인했습니다", "도하람"),
    ],
)
def test_a_speaker_of_a_chat_exported_with_korean_dates_or_with_a_title_is_hidden(
    redactor: pii.Redactor, text: str, speaker: str
) -> None:
    hidden(redactor, text, speaker)


def test_a_firm_or_a_language_before_a_title_as_speaker_stays(redactor: pii.Redactor) -> None:
    text = "[오후 1:07] 한진기사님 : 도착했습니다\n[오후 1:09] 한국어선생님 : 네"
    assert redactor.redact(text).text == text


def test_a_room_notice_or_a_title_alone_as_speaker_stays(redactor: pii.Redactor) -> None:
    text = "2024년 3월 1일 오후 2:14, 알 수 없음 : 안녕\n2024년 3월 1일 오후 2:16, 팀장님 : 네 확인했어요"
    redaction = redactor.redact(text)
    assert "알 수 없음 : 안녕" in redaction.text and "팀장님 : 네" in redaction.text
    assert [e.type for e in redaction.entities] == ["DATE_TIME", "DATE_TIME"]  # the dates, as every date


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("쉬에메이 씨 무슨 서류가 없었대요?", "쉬에메이"),
        ("리우양씨는 그때 등록증이 있었으니까요.", "리우양"),
        ("프리야 씨가 통역해 주기로 했어요", "프리야"),
        ("딜노자 학생은 시타 학생이랑 같은 반", "딜노자"),  # a title that follows a person, no trade
        ("룸메이트 리우양(刘洋)은 작년에 바로 됐는데", "리우양"),  # after a housemate's role
        ("내담자: 레티투짱 (Le Thi Thu Trang), 결혼이민", "레티투짱"),  # a form's value
    ],
)
def test_a_foreigners_given_name_alone_before_ssi_is_hidden(redactor: pii.Redactor, text: str, name: str) -> None:
    hidden(redactor, text, name)


@pytest.mark.parametrize(
    "text",
    [
        "미국 씨, 쿠팡 님 감사합니다, 스벅 님 이벤트, 베트남 선생님이 오셨어요",  # countries and brands
        "방울토마토 씨가 많아요. 샤인머스캣 씨 없는 품종, 바질 씨 파종은 4월에",  # seeds
        "캘리그라피 선생님, 스트리머 님, 밀키트 사장님",  # trades in loanwords
        "엄마 갤럭시폴드가 고장났어요. 조카 티니핑이랑 놀아요",  # a relative's things
        "바질 씨 키우는 중, 코리앤더 씨 넣고 볶기, 초코 씨 산책 가요, 넷플릭스 씨",  # seeds, spices, pets, apps
        "예금주: 그린피트니스, 동료 스트리머랑 같이",  # a firm on a form, a trade after a colleague
    ],
)
def test_countries_brands_seeds_trades_and_things_before_a_title_stay(redactor: pii.Redactor, text: str) -> None:
    assert redactor.redact(text).text == text


@pytest.mark.parametrize(
    ("text", "towns"),
    [
        ("4/20~4/27 치앙마이·방콕 (작성자: 여행하는하마)", ("치앙마이", "방콕")),  # a big town listed beside one
        ("교토·오사카 여행 일정", ("교토", "오사카")),  # after a middle dot
        ("교토와 오사카에 다녀왔어요", ("교토", "오사카")),
        ("아버지는 지금 제천에 혼자 사시고 저는 주말마다 내려가요", ("제천",)),  # a word between place and verb
        ("어머니는 순창에 혼자 사세요", ("순창",)),
    ],
)
def test_a_town_abroad_on_a_trip_and_the_towns_listed_beside_it_are_hidden(
    redactor: pii.Redactor, text: str, towns: tuple[str, ...]
) -> None:
    hidden(redactor, text, *towns)


@pytest.mark.parametrize(
    "text",
    [
        "유럽 여행 계획 세우는 중, 블로그 푸른밤여행자 후기 참고",  # a continent; a blog traveller
        "region,product\n보령,신라면\n부산,진라면",  # a table's columns are no list of towns
        "미국 시애틀, 카톡 ID는 따로 보낼게요",  # a messenger beside a town
        "이마트에서 사세요, 거기가 제일 싸요",  # buying there, not living there
        "시애틀과 스타벅스, 상하이와 알리바바, 베를린과 베토벤",  # firms and people beside towns abroad
    ],
)
def test_continents_handles_columns_and_messengers_beside_a_town_stay(redactor: pii.Redactor, text: str) -> None:
    redaction = redactor.redact(text)
    for word in ("유럽", "푸른밤", "신라면", "진라면", "카톡", "이마트", "스타벅스", "알리바바", "베토벤"):
        if word in text:
            assert word in redaction.text, (word, redaction.text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("성명(한글): 탁 수 민      성명(영문): TAK SUMIN", "탁 수 민"),
        ("환자명: 황보 정 숙 (여/73세)      등록번호 00481927", "황보 정 숙"),
        ("전문대 2학년에 재학 중인 허 준 영이라고 합니다.", "허 준 영"),
        ("[중앙제일병원] 조 순 례 님 12/9(화) 10:30 신경과 진료", "조 순 례"),
    ],
)
def test_a_name_spelled_syllable_by_syllable_is_hidden_whole(redactor: pii.Redactor, text: str, name: str) -> None:
    redaction = redactor.redact(text)
    assert name not in redaction.text and all(syllable not in redaction.text for syllable in name.split()[1:])
    assert pii.restore(redaction.text, redaction.vault) == text


def test_single_syllable_words_in_a_row_stay(redactor: pii.Redactor) -> None:
    text = "한 번 더 확인해 주세요. 이 두 개 중에 골라요. 전 이 일을 좋아해요. 엄마 나 폰 액정 깨져서"
    redaction = redactor.redact(text)
    assert redaction.text.startswith(
        "한 번 더 확인해 주세요. 이 두 개 중에 골라요. 전 이 일을 좋아해요. 엄마 나 폰 액정"
    )


@pytest.mark.parametrize(
    ("text", "handle"),
    [
        ("신고 대상: 닉네임 '별빛가득' (실명 추경희)", "별빛가득"),
        ("다섯 살 서하 엄마예요 (닉: 백현동두아이맘).", "백현동두아이맘"),
        ("대화명: 목동토끼맘 (매너온도 41.2℃)", "목동토끼맘"),
        ("카페 회원 '판교새댁'님이 소개해 주신 분", "판교새댁"),
    ],
)
def test_a_handle_after_its_label_or_quoted_before_nim_is_hidden(
    redactor: pii.Redactor, text: str, handle: str
) -> None:
    hidden(redactor, text, handle)


def test_a_labels_word_or_a_quoted_verb_stays(redactor: pii.Redactor) -> None:
    text = "닉네임: 없음. 닉네임 변경 방법 알려줘. '좋아요'님 누르기. 판매자: 연락두절. 피크닉: 한강공원. 닉: 비공개"
    assert redactor.redact(text).text == text


def test_grades_sizes_weekdays_and_numbers_spelled_out_on_a_form_stay(redactor: pii.Redactor) -> None:
    text = "평가: 상 중 하\n사이즈: 소 중 대\n점수: 이 백 점\n보기: 가 나 다\n요일: 화 목 토\n불 조절: 강 중 약"
    assert redactor.redact(text).text == text


def test_single_syllables_after_a_relatives_word_stay(redactor: pii.Redactor) -> None:
    text = "엄마 나 밥 줘. 아빠 나 돈 좀 줘. 간호사 안 와 요"
    assert redactor.redact(text).text == text


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("촬영팀 막내 노을 씨가 렌터카 운전합니다.", "노을"),  # a given name that is a word too, before 씨
        ("가을씨한테 물어보면 알 거예요.", "가을"),
        ("[14:03] 상담원 보람: 예매번호 알려주세요\n[14:04] 고객: 네\n[14:06] 상담원 보람: 확인됩니다", "보람"),
    ],
)
def test_a_given_name_that_is_a_word_is_hidden_before_ssi_or_after_a_speakers_role(
    redactor: pii.Redactor, text: str, name: str
) -> None:
    hidden(redactor, text, name)


@pytest.mark.parametrize(
    "text",
    [
        "사과 씨 빼고 갈아 주세요. 고추 씨 심기는 4월에 해요.",  # seeds, as Kiwi reads them
        # what a desk says after its role, speaking twice; an agenda's role and item, with no one answering
        "[10:00] 상담원 답변: 확인 중입니다\n[10:05] 고객: 네 알겠습니다\n[10:06] 상담원 답변: 처리됐습니다",
        "[09:00] 팀장 보고: 주간 실적 공유\n[10:00] 팀장 보고: 월간 계획 검토\n[11:00] 팀장 보고: 예산안",
        "자두 씨가 생각보다 커요. 고양이 나비 씨 밥 줬어요? 신입 씨가 오늘 첫 출근이에요.",  # fruit, pet, newcomer
    ],
)
def test_a_seed_or_what_a_desk_says_stays(redactor: pii.Redactor, text: str) -> None:
    assert redactor.redact(text).text == text
