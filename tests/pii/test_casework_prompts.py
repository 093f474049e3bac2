"""What caseworkers paste (2026-12-07): a register's "Family, Given" cells, a court list's times, a CSV whose counts
name its columns with a number, a household's JSON with a Social Security number beside a name, the people of a Korean
complaints log and lost-property form, a Chinese message's writer and relatives, and a form's label in another
language before a full name, which is no one."""

from __future__ import annotations

import pytest

import pii
from pii._fields import field_values
from pii._tables import table_values


def found(redactor: pii.Redactor, text: str, kind: str = "PERSON") -> list[str]:
    redaction = redactor.redact(text)
    assert pii.restore(redaction.text, redaction.vault) == text
    return [text[e.start : e.end] for e in redaction.entities if e.type == kind]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ('ref,date,client,household\nR-2,2026-12-01,"Brennan, Siobhan",1 adult\n', "Brennan, Siobhan"),
        ("| MacNeil, Duncan | 21189003920155 |\n| Okafor, Chidinma | 21189003920156 |", "MacNeil, Duncan"),
        ("09:30  PETRESCU-LANE, Ioana (27) of Hackney \u2013 Theft from shop", "PETRESCU-LANE, Ioana"),
    ],
)
def test_a_family_name_no_rule_found_opening_a_cell_before_its_given_name_is_part_of_the_name(
    redactor: pii.Redactor, text: str, name: str
) -> None:
    assert name in found(redactor, text)


def test_a_closing_a_town_or_a_given_name_before_the_comma_stays_apart(redactor: pii.Redactor) -> None:
    assert found(redactor, "Merci pour tout.\nCordialement, Youssef Benali") == ["Youssef Benali"]
    assert "Paris, Anna" not in found(redactor, "| Paris, Anna |")
    assert "Anna, Ben" not in found(redactor, "To: Anna, Ben")
    assert not any(name.startswith("Merci") for name in found(redactor, "Bien reçu.\nMerci, Clémence Aubert"))
    assert "Sincerely, Robert" not in found(redactor, "See you on Monday.\nSincerely, Robert")
    assert not any(name.startswith("Deloitte") for name in found(redactor, 'id,contact\n7,"Deloitte, Sarah Jones"\n'))


def test_a_columns_name_with_a_number_in_it_leaves_the_header_read() -> None:
    text = "case_id,date,client_name,referred_by,visits_6m\nC-101,01/12/2026,Orla Brennan-Quigley,Citizens Advice,3\n"
    assert [(text[a:b], kind) for a, b, kind in table_values(text)] == [("Orla Brennan-Quigley", "PERSON")]


def test_a_social_security_number_beside_a_name_makes_it_someones() -> None:
    text = '{"household": [\n  {"name": "Desmond Ray Pulliam", "relation": "partner", "ssn": "301-84-7725"}]}'
    assert [(text[a:b], kind) for a, b, kind in field_values(text)] == [("Desmond Ray Pulliam", "PERSON")]
    assert field_values('{"name": "Premium", "relation": "tier", "sku": "301-84"}') == []


def test_a_korean_complaints_log_and_lost_property_form_name_their_people(redactor: pii.Redactor) -> None:
    log = "접수번호,유형,민원인,연락처\nA-1,소음,빈소라,010-7719-3054\nA-2,주차,익명,\nA-3,소음,탁민재,010-2219-3054\n"
    people = found(redactor, log)
    assert "빈소라" in people and "익명" not in people  # "anonymous" is no one
    assert "최윤" in found(redactor, "습득자: 최윤 (주부, 010-3851-6207)")
    assert "김정우" in found(redactor, "접수 경찰관: 민원실 경위 김정우 (052-279-0112)")
    assert "도하늘" in found(redactor, "담당: 경장 도하늘")
    assert found(redactor, "이용자,등급,인원\n일반,A,12\n청소년,B,7\n외국인,C,3\n") == []  # categories of users
    assert found(redactor, "수급자 가구원 수와 이용자 조회수를 정리해 주세요.") == []


def test_a_chinese_messages_writer_and_relatives_in_brackets_are_people(redactor: pii.Redactor) -> None:
    people = found(redactor, "您好，李春花这边。我丈夫（王磊）和儿子（王浩然）也一起搬了。")
    assert people == ["李春花", "王磊", "王浩然"]
    assert found(redactor, "我是学生，我们这边下雨了。我是王老师。我是李总。石家庄这边。") == []
    assert found(redactor, "我妈妈（高血压）和老公（程序员），儿子（高一），姐姐（余姚）。") == []


def test_a_japanese_writer_naming_themselves_is_a_person(redactor: pii.Redactor) -> None:
    assert found(redactor, "はじめまして。中川美穂と申します。京都から参りました。") == ["中川美穂"]
    assert found(redactor, "担当の小林健太と申します。よろしくお願いいたします。") == ["小林健太"]
    assert (
        found(redactor, "株式会社サクラ商事と申します。本日はご案内です。総務部と申します。") == []
    )  # a firm, an office


def test_another_languages_label_before_a_full_name_is_no_one(redactor: pii.Redactor) -> None:
    people = found(redactor, "Expediente 44\nMadre: Rocío Huerta Paredes, tel. 443 211 4455\nMadre soltera.")
    assert "Rocío Huerta Paredes" in people and "Madre" not in people
    assert found(redactor, "NOAM: Dana Levi called about the lease.")[:1] == ["NOAM"]  # a transcript's speaker
    assert found(redactor, "Frank: Laura Stein approved it\nThanks Frank!").count("Frank") == 2  # a chat's speaker


def test_a_police_officers_rank_before_a_name_marks_a_person(redactor: pii.Redactor) -> None:
    assert "Howells" in found(redactor, "At 23.40 PC Howells arrived and took my details.")
    assert found(redactor, "I bought it at PC World and read DC Comics on my DS Lite.") == []


def test_an_email_address_in_a_table_of_pipes_is_the_address_alone(redactor: pii.Redactor) -> None:
    row = "(주)새롬푸드|법인 CMS|300,000|성공|donation@saerom-food.co.kr"
    assert found(redactor, row, "EMAIL_ADDRESS") == ["donation@saerom-food.co.kr"]


def test_a_court_lists_home_after_an_age_and_a_librarys_patrons_are_found(redactor: pii.Redactor) -> None:
    listing = "10:30  HALVORSEN-PRICE, Maren (23) of Peckham \u2013 Theft from shop \u2013 Met Police"
    assert "Peckham" in found(redactor, listing, "LOCATION")
    assert found(redactor, "Tom Baker (12) of Class 4B won the prize.", "LOCATION") == []
    table = "| Patron | Card no. | Email | Due |\n|---|---|---|---|\n"
    table += "| Thibodeau, Mathilde | 2118 | mt@eastlink.ca | 2026-11-02 |\n"
    people = found(redactor, table)
    assert "Thibodeau, Mathilde" in people and "Card" not in people


def test_a_korean_memos_name_before_the_house_of_is_a_person(redactor: pii.Redactor) -> None:
    memo = "12/2 오전 신평동 공서윤님댁방문. 냉장고비어있음. 어젯밤 우리마을 연순덕씨댁 화재."
    assert {"공서윤", "연순덕"} <= set(found(redactor, memo))
    assert found(redactor, "고객님댁에 방문 예정. 사장님네 가게 앞. 씨네21 기사. 할머니댁에 갑니다.") == []


def test_people_listed_with_their_ages_beside_one_found_are_people(redactor: pii.Redactor) -> None:
    assert "Ionel" in found(redactor, "Children: Denisa (9) and Ionel (6), both at Taylor Road Primary")
    assert "Ionel" in found(redactor, "Children: Ionel (6) and Denisa (9), both at school")
    assert "Sofía" in found(redactor, "Kids: Ana (7), Luis (5) y Sofía (2).")
    teams = "Teams: Group A (12) and Group B (9); London (3) and Paris (2)."
    assert found(redactor, teams) == [] and "Paris" not in found(redactor, teams, "PERSON")
