"""Personal data found by what is written around it (2026-12-04's seventh session): a name with the parent's after
"s/o" or "d/o", a Balinese name, a mail header's display name spelled by its address, a log's agent, and in Korean a
chat's handles, a name with its relation in brackets, a soldier's rank, more words that put a person in a town, a
birth date after its label or in its column; and the words of other languages that spaCy's English model reads as
names, which are none. Each case beside a control the same rule must leave alone."""

from __future__ import annotations

import pytest

import pii
from tests.pii.masking import hidden


@pytest.mark.parametrize(
    ("text", "values", "control", "kept"),
    [
        (
            "Rota:\n- Raj s/o Muthusamy, car park\n- Devi d/o Arumugam, water\n- Hafiz bin Osman, first aid",
            ["Raj s/o Muthusamy", "Devi d/o Arumugam", "Hafiz bin Osman"],
            "We ran an A/B test, then checked the I/O and the S/N ratio.",
            "A/B test",
        ),
        (
            "Our guide I Wayan Sudarta met us; his sister Ni Komang Ayu Lestari cooked.",
            ["I Wayan Sudarta", "Ni Komang Ayu Lestari"],
            "How I Made Money Online, and why Ni Made Sense to me.",
            "How I Made Money Online",
        ),
        (
            'From: "Payroll Team" <payroll@firma.com.tr>\nTo: "Emre Yildiz-Aksoy" <emre.yildizaksoy@firma.com.tr>\n'
            'Cc: "B. Kaplan" <burcu.kaplan@firma.com.tr>',
            ["Emre Yildiz-Aksoy", "B. Kaplan"],
            'From: "Payroll Team" <payroll@firma.com.tr>',
            "Payroll Team",
        ),
        (
            "09:12:40 INFO note agent=k.mensah msg=called\n09:13:02 INFO unlock by=k.mensah",
            ["k.mensah"],
            "09:14:00 INFO deploy by=svc.deploy",
            "svc.deploy",
        ),
    ],
    ids=["son or daughter of", "Balinese", "mail header", "log agent"],
)
def test_a_name_marked_by_its_naming_or_its_artefact_is_hidden(
    redactor: pii.Redactor, text: str, values: list[str], control: str, kept: str
) -> None:
    shown = hidden(redactor, text, *values)
    assert " I [[" not in shown  # a Balinese name is one value: its "I" goes with it, not left before a placeholder
    assert kept in redactor.redact(control).text


@pytest.mark.parametrize(
    ("text", "words", "name"),
    [
        ("Saya tidak datang, saya sakit.\nNama: Siti Rahayu, atas nama kantor.", ["Saya", "Nama"], "Siti Rahayu"),
        ("Müşteri şubeye geldi, müşteri kodu okudu.\nMüşteri: Elif Karaca", ["Müşteri"], "Elif Karaca"),
        ("Kérem a számla javítását, és kérem a pénzt.\nAláírás: Tóth Eszter", ["Kérem"], "Tóth Eszter"),
    ],
    ids=["Indonesian", "Turkish", "Hungarian"],
)
def test_another_languages_everyday_words_are_no_people_and_its_names_are(
    redactor: pii.Redactor, text: str, words: list[str], name: str
) -> None:
    shown = hidden(redactor, text, name)
    for word in words:
        assert word in shown, (word, shown)


@pytest.mark.parametrize(
    "text",
    [
        "Team roster: Tuấn (backend), Quỳnh (QA), Khôi (intern).",
        "Meeting notes: Németh presented the budget, Török objected.",
        "Savaş was diagnosed with type 2 diabetes last year.",
    ],
)
def test_names_that_are_words_of_their_language_are_still_names(redactor: pii.Redactor, text: str) -> None:
    """Most Vietnamese, Turkish and Hungarian given and family names are words of their language too ("Thủy" water,
    "Savaş" war, "Török" Turk): only a word the same text also writes in lower case is taken for a word."""
    names = [word.strip(",.()") for word in text.split() if word.strip(",.()") in {"Tuấn", "Quỳnh", "Khôi"}]
    names += [word for word in ("Németh", "Török", "Savaş") if word in text]
    hidden(redactor, text, *names)


def test_what_reads_like_a_name_after_a_patronymic_or_balinese_word_is_not_always_one(redactor: pii.Redactor) -> None:
    for text in (
        "Please reconcile the Vendor A/P Aging report, then the Sales S/O Confirmation.",
        "I Made Brownies Using Only Three Ingredients",
        "Week 3 Journal: I Made Kimchi",
    ):
        assert redactor.redact(text).text == text
    hidden(redactor, "Rota: MURUGAN S/O SELVARAJ; treated by dr. I Made Wirawan, Sp.OT", "SELVARAJ", "Wirawan")


def test_korean_words_standing_where_a_name_or_a_home_town_would_are_not_always_one(redactor: pii.Redactor) -> None:
    for text in (
        "고향은 좋아요. 친정은 조용해요.",
        "나: 안녕하세요 문의드립니다\n고객센터: 네 말씀하세요\n나: 계약서 언제 받나요?\n고객센터: 내일 보내드릴게요",
        "[공지] 운영진: 점검 예정입니다\n[공지] 운영진: 점검 끝났습니다",
        "어머니(사망) 아버지(생존), 남편(회사원) 아내(주부). 고양이 두부(첫째)와 나비(둘째)",
    ):
        assert redactor.redact(text).text == text
    hidden(redactor, "친정은 껀터이고 시어머니(윤말순)와 갈등", "껀터", "윤말순")


def test_a_chats_handles_speaking_twice_are_people_and_a_notice_is_not(redactor: pii.Redactor) -> None:
    trade = (
        "햇살고양이: 안녕하세요 아직 판매중인가요?\n나: 네 내일 저녁 가능해요\n"
        "햇살고양이: 그럼 7시에 갈게요\n나: 네 역 앞에서 봬요"
    )
    hidden(redactor, trade, "햇살고양이")
    guild = (
        "[길드] 밤하늘검객: 오늘 레이드 9시 확정\n[길드] 새벽여우: 저 참석이요\n"
        "[길드] 밤하늘검객: 늦으면 댓글 남겨요\n[길드] 새벽여우: 네 알겠습니다"
    )
    hidden(redactor, guild, "밤하늘검객", "새벽여우")
    notice = "[공지] 점검시간: 오전 6시부터 8시까지입니다\n[공지] 점검시간: 연장될 수 있습니다"
    assert "점검시간" in redactor.redact(notice).text


def test_a_name_with_its_relation_in_brackets_is_hidden_and_a_script_is_not(redactor: pii.Redactor) -> None:
    hidden(redactor, "상주: 도민혁(장남), 도유진(장녀)\n시어머니(계순자)와 갈등이 심함", "도민혁", "도유진", "계순자")
    assert "한글" in redactor.redact("성명(한글): 석지후\n성명(영문): SEOK JIHU").text


def test_a_soldiers_rank_goes_before_a_name(redactor: pii.Redactor) -> None:
    hidden(redactor, "받는 사람: 이병 빈수현\n수현아 누나야~", "빈수현")  # "빈": a family name, and "empty"
    assert "일병 진급" in redactor.redact("다음 달에 일병 진급 심사가 있어요").text


@pytest.mark.parametrize(
    ("text", "place", "control", "kept"),
    [
        ("아버지는 카라치에서 작년 5월 입국했어요", "카라치", "회사에서 올해 8월 입국 절차를 안내합니다", "회사"),
        ("친정은 빈롱이라서 자주 못 가요", "빈롱", "친정은 멀어서 자주 못 가요", "멀어서"),
        ("동생이 오클랜드에서 선교사 자녀로 성장했어요", "오클랜드", "동생이 집에서 막내로 성장했어요", "집에서"),
        ("해외사업팀 과장 → 자카르타 법인 파견", "자카르타", "영업팀 → 본사 법인 파견", "본사"),
    ],
    ids=["entered from", "family home", "grew up in", "posted to"],
)
def test_more_words_put_a_person_in_a_town(
    redactor: pii.Redactor, text: str, place: str, control: str, kept: str
) -> None:
    hidden(redactor, text, place)
    assert kept in redactor.redact(control).text


def test_a_birth_date_after_its_label_or_in_its_column_is_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "성명: 함지원\n생년월일: 88.11.02\n연락처: 010-2231-4478", "88.11.02")
    hidden(redactor, "지원자,생년월일,연락처\n함지원,911203,010-2231-4478", "911203")
    assert "911203" in redactor.redact("주문번호,수량,금액\n911203,2,15000").text


@pytest.mark.parametrize(
    ("text", "values", "control", "kept"),
    [
        (
            "Member: Mrs Olamide ADEYEMI-CLARKE\nOffender: Sione Tevita FIFITA   DOB 05/10/2001",
            ["ADEYEMI-CLARKE", "FIFITA"],
            "Signed, Maria Lopez MD FACP\nInvoice for Jan Novak PAID IN FULL",
            "FACP",
        ),
        (
            "emp_id,last_name,email,home_city,net_pay\nPH-0211,Dimaculangan,md@x.ph,Mandaue City,38450.00",
            ["Mandaue City"],
            "office_id,office_city,desks\nOF-1,Mandaue City,40",
            "Mandaue City",
        ),
        (
            "Τηλ.: 6944 318 207\nSĐT: 0903 418 257",
            ["6944 318 207", "0903 418 257"],
            "Phòng 204, tầng 3; chuyến bay VN 318 lúc 20:07",
            "VN 318",
        ),
        (
            "@먹방요정쭈: 언니 저 동네 어디에요?\n@anonymous_hater77: 본명 알아요\n@소소한하루: 올리지 마세요",
            ["먹방요정쭈", "anonymous_hater77", "소소한하루"],
            "Reminder @here: deploy at 5",
            "@here",
        ),
        (
            '{"second_driver": {"name_ko": "용하늘", "license_no": "28-16-447193-61"}}',
            ["용하늘"],
            '{"product": {"name_ko": "하늘정원", "sku": "28-16"}}',
            "하늘정원",
        ),
        (
            "- Amina (3A): new address Chaussée de Mons 140, 1070 Anderlecht\nShipper tên Tuấn gọi rồi huỷ đơn",
            ["Chaussée de Mons 140, 1070 Anderlecht", "Tuấn"],
            "Boulevard of Broken Dreams 2 tickets; tên món: bánh mì",
            "Boulevard of Broken Dreams 2",
        ),
    ],
    ids=[
        "family name in capitals",
        "home city column",
        "phone labels",
        "commenters",
        "a licence makes a person",
        "Brussels street, named in Vietnamese",
    ],
)
def test_more_of_what_stands_around_a_value_says_it_is_personal(
    redactor: pii.Redactor, text: str, values: list[str], control: str, kept: str
) -> None:
    hidden(redactor, text, *values)
    assert kept in redactor.redact(control).text
