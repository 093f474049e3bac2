"""Korean script: names, places and addresses in Hangul, identifiers with a particle attached, and Korean
words that must be left alone. These sentences are the recognizers' own tests; the held-out figures
come from `pii.heldout_ko` and the Korean prompts of `pii/data/heldout_prompts.yaml`."""

from __future__ import annotations

import pytest

import pii
from pii._normalize import normalize

HIDDEN = [
    # names: with an honorific or title, alone, two-syllable family names, names Kiwi has never seen
    ("내일 박서준 님이 방문하십니다.", "박서준", "PERSON"),
    ("이 건은 정하람 씨에게 물어보세요.", "정하람", "PERSON"),
    ("담당 간호사는 권소율 선생님입니다.", "권소율", "PERSON"),
    ("서류를 남궁현우에게 넘겼어요.", "남궁현우", "PERSON"),
    ("오늘 회의는 길태오 팀장님이 진행합니다.", "길태오", "PERSON"),
    ("문의는 홍다빈에게 하세요.", "홍다빈", "PERSON"),
    ("김구 선생의 일기를 요약해 줘.", "김구", "PERSON"),  # two syllables: only with the title
    # places that locate someone, as a whole
    ("저는 경상남도 진주시에 살아요.", "경상남도 진주시", "LOCATION"),
    ("부모님은 충청남도 아산시 출신이에요.", "충청남도 아산시", "LOCATION"),
    ("강릉에 사는 친구가 왔어요.", "강릉", "LOCATION"),
    # addresses, road (도로명) and lot (지번) forms, with the area before them
    ("배송지: 서울특별시 송파구 올림픽로 300, 롯데월드타워 55층", "서울특별시 송파구 올림픽로 300", "STREET_ADDRESS"),
    ("경기도 수원시 영통구 광교중앙로 145로 보내 주세요", "경기도 수원시 영통구 광교중앙로 145", "STREET_ADDRESS"),
    ("주소는 대구광역시 수성구 범어동 177-5입니다.", "대구광역시 수성구 범어동 177-5", "STREET_ADDRESS"),
    ("세종대로 110 앞에서 만나요", "세종대로 110", "STREET_ADDRESS"),
    ("울산광역시 남구 삼산로35번길 19", "울산광역시 남구 삼산로35번길 19", "STREET_ADDRESS"),
    # ... with the postcode before, the detailed address and the reference in brackets after, a shortened
    # province, a town or township, a number inside the road's or neighbourhood's name
    (
        "새 주소는 (06236) 서울특별시 강남구 테헤란로 152, 12층 1203호 (역삼동, 강남파이낸스센터)로 보내 주세요.",
        "(06236) 서울특별시 강남구 테헤란로 152, 12층 1203호 (역삼동, 강남파이낸스센터)",
        "STREET_ADDRESS",
    ),
    ("서울 마포구 월드컵북로 396, 101동 1502호에 삽니다", "서울 마포구 월드컵북로 396, 101동 1502호", "STREET_ADDRESS"),
    (
        "주소: 부산광역시 해운대구 센텀중앙로 79 센텀타워 1501호",
        "부산광역시 해운대구 센텀중앙로 79 센텀타워 1501호",
        "STREET_ADDRESS",
    ),
    ("경기도 양평군 양서면 목왕리 123-4번지에 삽니다", "경기도 양평군 양서면 목왕리 123-4번지", "STREET_ADDRESS"),
    ("서울시 은평구 진관2로 12 (진관동)", "서울시 은평구 진관2로 12 (진관동)", "STREET_ADDRESS"),
    ("본가는 서울 강남구 역삼1동 123-4예요", "서울 강남구 역삼1동 123-4", "STREET_ADDRESS"),
    (
        "서울특별시 종로구 종로 1 (종로1가, 교보빌딩) 12층",
        "서울특별시 종로구 종로 1 (종로1가, 교보빌딩) 12층",
        "STREET_ADDRESS",
    ),
    ("상세주소: 은하수마을 B동 702호", "은하수마을 B동 702호", "STREET_ADDRESS"),
    ("우편번호: 34126\n주소: 대전광역시 유성구", "34126", "STREET_ADDRESS"),
    # a chain of areas with no road after it
    ("할머니 댁은 전북 고창군 해리면이에요.", "전북 고창군 해리면", "LOCATION"),
    ("경남 통영시 도남동 거주", "경남 통영시 도남동", "LOCATION"),
    ("청주시 흥덕구 복대동에서 왔어요.", "청주시 흥덕구 복대동", "LOCATION"),
    # names written apart from their two-syllable family name, Vietnamese names in Hangul, romanizations
    ("성명: 남궁 하윤, 연락처 010-2233-4455", "남궁 하윤", "PERSON"),
    ("어머님 응우옌 티 홍 님과 통화했어요.", "응우옌 티 홍", "PERSON"),
    ("성명: 탁지온 / TAK JION", "TAK JION", "PERSON"),
    ("성명(영문): MOON HAEUN", "MOON HAEUN", "PERSON"),
    ("고객명: 독고 준 (Dokgo Jun)", "Dokgo Jun", "PERSON"),
    ("담당: 제갈 민서연 님", "제갈 민서연", "PERSON"),
    ("환자 쩐 티 마이 님, 내일 오전 진료", "쩐 티 마이", "PERSON"),
    ("상세주소: 느티마을 3단지 301동 502호", "느티마을 3단지 301동 502호", "STREET_ADDRESS"),
    ("대구 수성구 들안로 88 범어빌라 나동 201호", "대구 수성구 들안로 88 범어빌라 나동 201호", "STREET_ADDRESS"),
    # 동 and 호 written with a dash, after the number or alone with 호
    (
        "주소: 경기도 수원시 영통구 봉영로 1612 래미안아파트 101-1203호",
        "경기도 수원시 영통구 봉영로 1612 래미안아파트 101-1203호",
        "STREET_ADDRESS",
    ),
    (
        "서울특별시 강남구 테헤란로 123, 101-1203 으로 보내 주세요.",
        "서울특별시 강남구 테헤란로 123, 101-1203",
        "STREET_ADDRESS",
    ),
    ("래미안아파트 101-1203호로 보내 주세요", "래미안아파트 101-1203호", "STREET_ADDRESS"),
    (
        "서울 마포구 월드컵북로 396, 누리꿈스퀘어 비즈니스타워 15층으로 오세요",
        "서울 마포구 월드컵북로 396, 누리꿈스퀘어 비즈니스타워 15층",
        "STREET_ADDRESS",
    ),
    # a name Kiwi reads as words, the whole value of a person's label
    ("예금주: 공사원\n은행: 국민은행", "공사원", "PERSON"),
    # birth dates in Korean, and a domestic card
    ("생년월일: 1987.11.03", "1987.11.03", "DATE_TIME"),
    ("1975년 2월 14일생이십니다.", "1975년 2월 14일", "DATE_TIME"),
    ("자동이체 카드: 9430-1234-5678-9016", "9430-1234-5678-9016", "CREDIT_CARD"),
    # identifiers with a particle attached, no space
    ("영수증은 minji.oh@hanmail.net으로 보내 주세요.", "minji.oh@hanmail.net", "EMAIL_ADDRESS"),
    ("제 번호는 010-3344-5566이에요.", "010-3344-5566", "PHONE_NUMBER"),
    ("카드 4012-8888-8888-1881로 결제했어요.", "4012-8888-8888-1881", "CREDIT_CARD"),
    ("주민등록번호는 960121-1021413입니다.", "960121-1021413", "KR_RRN"),
    # mixed Korean and English
    ("Please call 이도현 at 02-555-0147 tomorrow.", "이도현", "PERSON"),
]


@pytest.mark.parametrize(("text", "value", "kind"), HIDDEN, ids=[value for _, value, _ in HIDDEN])
def test_korean_personal_data_is_hidden_whole_and_restored_exactly(
    redactor: pii.Redactor, text: str, value: str, kind: str
) -> None:
    redaction = redactor.redact(text)
    assert value not in redaction.text
    spans = [(text[e.start : e.end], e.type) for e in redaction.entities]
    assert any(value in found and found_kind == kind for found, found_kind in spans), spans
    assert pii.restore(redaction.text, redaction.vault) == text


# Names that begin with a common word ("부재" + "린", "감사" + "린", "문제" + "린"), which Kiwi reads as
# ordinary words, found by the place they stand in: the rules of `pii._korean`, one by one. The particle
# after each stays in the text.
NAME_PLACES = [
    # 1. before a title or honorific, apart or attached
    ("부재린 과장님께 보고서를 보내 주세요.", ["부재린"]),
    ("감사린 씨에게 전화했어요.", ["감사린"]),
    ("오늘은 감사린님께 전달했어요.", ["감사린"]),
    # 2. introducing oneself, and quoted as what one is called
    ("안녕하세요, 문제린입니다.", ["문제린"]),
    ("저는 부재린이라고 합니다.", ["부재린"]),
    ("우리 반에 부재린이라는 친구가 있어요.", ["부재린"]),
    # 3. opening a sentence as its subject
    ("박물린이 어제 다녀갔어요.", ["박물린"]),
    # 4. after a role or a form's label (은 here is the given name's, not a particle)
    ("환자 부재린, 고혈압 병력 있음.", ["부재린"]),
    ("성명: 감사린", ["감사린"]),
    ("받는 분: 채하은, 문 앞에 놓아 주세요.", ["채하은"]),
    # 5. a signature
    ("확인 부탁드립니다. - 감사린", ["감사린"]),
    ("감사합니다.\n문제린 드림", ["문제린"]),
    # 6. joined by 과 to a name found by its title
    ("탁세련 과장님과 부재린의 계약서를 보내 주세요.", ["탁세련", "부재린"]),
    # names in two words (`pii._korean_cued`): a family name apart from the given name, or a foreigner's name,
    # before a title, after a role, a relation or a label, on a numbered roster's line, in a list beside a
    # person, and a chat line's speaker
    ("결재: 구매팀 대리 편 솔", ["편 솔"]),
    ("인사팀 도 해진 과장에게 전달해 주세요.", ["도 해진"]),
    ("피고인 갈 상훈 (1980. 1. 2.생)", ["갈 상훈"]),
    ("배우자 라일라 카리미와 함께 전입했다.", ["라일라 카리미"]),
    ("구매부 장 메이링 경리님께 보냈어요.", ["장 메이링"]),
    ("3. 탁 준영 - 010-1234-5678", ["탁 준영"]),
    ("참가자: 견 미라, 옥 한빛, 다니엘 로페스", ["견 미라", "옥 한빛", "다니엘 로페스"]),
    ("[오전 9:12] 옥다운: 저 지금 출발해요", ["옥다운"]),
    # a given name alone where Kiwi reads it called or with the euphonic 이 (`pii._korean_called`)
    ("보람아 니 카드로 먼저 결제해 줘", ["보람"]),
    ("어제 모임에 민준이도 왔어요.", ["민준"]),
    ("지인 말로는 상훈이가 처음부터 그랬대요.", ["상훈"]),
]


@pytest.mark.parametrize(("text", "names"), NAME_PLACES, ids=[text for text, _ in NAME_PLACES])
def test_a_name_read_as_ordinary_words_is_found_by_its_place(
    redactor: pii.Redactor, text: str, names: list[str]
) -> None:
    redaction = redactor.redact(text)
    assert [text[e.start : e.end] for e in redaction.entities if e.type == "PERSON"] == names


LEFT_ALONE = [
    "삼성전자와 현대자동차 주가를 비교해 줘.",
    "서울대학교 도서관은 몇 시에 닫나요?",
    "한국어 문법에서 조사는 앞말에 붙여 씁니다.",
    "김치찌개에 두부를 넣을까요?",
    "택배로 2개 보내 주세요.",
    "앞으로 3일 동안 비가 온대요.",
    "신한은행 앱이 자꾸 꺼져요.",
    "배송 조회는 어디서 하나요?",
    "3층 회의실로 오세요.",
    # words that end like areas, titles or names in the shapes the rules look for
    "대도시 폭동이 일어났다.",
    "반란군 선동에 휘말렸다.",
    "경기 침체시 정부가 대응한다.",
    "부이사장님이 오셨다.",
    "제품명(Galaxy Fold) 출시 일정",
    "파일 이름: Final Report",
    "작성자: 시스템",
    "쩐의 전쟁을 봤어요.",
    "그 정도 연구는 충분해요.",
    "자료가 있으면 알려 주세요.",
    "주문 번호 9430-1234-5678-9017은 틀렸어요.",  # the control of the domestic card: no word of card, Luhn fails
    "경기 침체로 2개 분기 연속 하락했어요.",
    "회의는 3-4시에 하고, 그 아파트는 2019-2020년에 지어졌어요.",  # the controls of the dashed 동-호
    # the controls of the names in two words and of given names alone: a family name that is also a word before
    # another word, the chat's own writer, relations called, a numbered line, a role before common words, a
    # greeting, common words ending in 이, and a title with 님 ("경리님")
    "엄마 나 지금 가는 중이야.",
    "[오후 2:15] 나: 알겠어",
    "친구야 뭐해? 얘들아 모여!",
    "1. 회의 자료 (첨부)",
    "환자 상태 양호, 보호자 동반 필요",
    "안녕하세요 제가 문의드린 건이요",
    "아이가 아파요. 길이가 길어요.",
    "경리님께 영수증을 드렸어요.",
    # the controls a review of those rules wrote: a to-do list, a team's members, common nouns called, a company
    # and its title, a video's chapters, a room's number
    "1. 방 청소 - 오후\n2. 차 수리 - 완료\n3. 리액트 네이티브 - 모바일",
    "팀원 간 협업 툴 추천해줘. 삼촌 차 빌렸어.",
    "강아지야 이리 와. 바람아 멈추어 다오. 사진이가 예뻐요.",
    "구글 코리아 사장이 왔다.",
    "[01:23] 언박싱: 상자 열기",
    "객실 3-201호 예약",
    # the controls of NAME_PLACES: words of a name's shape, in the same places, that Kiwi reads as
    # ordinary words. 1. before a title: a word and a unit, a word and its suffix, a word that only
    # starts like a title
    "홍보팀 과장님께 보고서를 보내 주세요.",
    "신청자님께서는 신분증을 지참해 주세요.",
    "오늘밤 씨앗을 심었어요.",
    # 2. two common words, one word and its copula
    "안녕하세요, 고객센터입니다.",
    "그걸 사랑이라고 하죠.",
    # 3. a sentence opening with a common word, a determiner or number and its counter
    "최종본입니다. 확인 부탁드려요.",
    "이사업체가 안 와요.",
    "진행중입니다.",
    "이분이 누구세요?",
    "만원이 부족해요.",
    # 4. after a role: a common word, a word and a unit
    "환자 이송 준비가 끝났습니다.",
    "고객 문의처는 1층입니다.",
    "대표 인감을 찍어 주세요.",
    # 5. a signature that is a word, or a team
    "확인 부탁드립니다. - 이상",
    "감사합니다.\n총무팀 드림",
]


@pytest.mark.parametrize("text", LEFT_ALONE)
def test_korean_words_that_are_not_personal_data_are_left_alone(redactor: pii.Redactor, text: str) -> None:
    redaction = redactor.redact(text)
    assert (redaction.text, redaction.counts()) == (text, {})


def test_a_word_after_the_link_without_a_particle_of_its_own_is_not_joined(redactor: pii.Redactor) -> None:
    # 랑 here means "with": 오늘밤 is when, not a second person ("X랑 Y의" would join them)
    redaction = redactor.redact("채도람이랑 오늘밤 만나요.")
    assert "오늘밤" in redaction.text and "채도람" not in redaction.text


def test_the_detection_view_separates_a_particle_from_the_identifier_it_follows() -> None:
    text = "a@b.com으로, 010-1234-5678로"
    norm = normalize(text)
    assert norm.view == "a@b.com 으로, 010-1234-5678 로"
    start = norm.view.index("010")
    assert norm.to_original(start, start + len("010-1234-5678")) == (text.index("010"), text.rindex("로"))


def test_english_regions_do_not_load_the_korean_analyzer() -> None:
    from pii.recognizers import build_recognizers

    names = {type(r).__name__ for r in build_recognizers(("EU", "US"))}
    assert "KoreanNameRecognizer" not in names
    assert "KoreanNameRecognizer" in {type(r).__name__ for r in build_recognizers(("KR",))}


def test_a_given_name_alone_is_hidden_where_the_whole_name_was_found(redactor: pii.Redactor) -> None:
    """As family and friends call each other ("서진아"), once "황보서진" is a person; a given name that is one
    common word stays ("지원 요청")."""
    redaction = redactor.redact("[오후 3:02] 황보서진: 도착했어\n[오후 3:03] 엄마: 서진아 조심히 와")
    assert "서진" not in redaction.text
    control = redactor.redact("민원인: 편지원\n지원 요청 건입니다.")
    assert "편지원" not in control.text and "지원 요청" in control.text


def test_an_area_chain_ends_before_words_that_only_look_like_a_neighbourhood(redactor: pii.Redactor) -> None:
    text = "할머니는 경북 영천시 이동 중이세요."
    redaction = redactor.redact(text)
    assert [text[e.start : e.end] for e in redaction.entities] == ["경북 영천시"]
