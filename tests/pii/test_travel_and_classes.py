"""What travel desks, hosts, schools and clubs paste: a ticket's passenger and birth date, a cabin list's "SURNAME,
Given (DOB ...)", a nickname in brackets inside a name, a town with its state's code after a space, local titles
("Bu", "Dona", "Bw."), a place after a verb of coming in six languages or after a birth's date, Turkish places with
their case, a Chinese name in Hangul before its characters, relatives typed in lower case; and in Korean a PC
KakaoTalk speaker in Latin letters, a parent named by the child's whole name or by a Latin name after the word for
them, a class list with a numbered column.
Each case is paired with text written the same way that names no one, or no place."""

from __future__ import annotations

import pii
from tests.pii.masking import found, hidden, people, whole


def test_a_tickets_passenger_and_birth_date_are_hidden(redactor: pii.Redactor) -> None:
    pnr = "1. OKAFOR/CHIDINMA MS        DOB 22MAR1986   FF BA41877305\n2. OKAFOR-BELLO/ADAEZE MRS   DOB 30NOV1961"
    hidden(redactor, pnr, "OKAFOR", "CHIDINMA", "ADAEZE", "22MAR1986", "30NOV1961")
    whole(redactor, pnr, "OKAFOR/CHIDINMA", "OKAFOR-BELLO/ADAEZE")
    flights = "BA 075  14DEC  LHR 1020. READ/WRITE MS  12 per op, build 12MAR20261."
    assert found(redactor, flights, "PERSON", "DATE_TIME") == []  # a flight's day, a unit, a build number


def test_a_cabin_lists_family_name_before_a_birth_is_one_name(redactor: pii.Redactor) -> None:
    cabins = (
        "Cabin 7214 - BRENNAN, Maureen Therese (DOB 03/09/1947) & BRENNAN, Desmond John (DOB 11/12/1944)\n"
        "Cabin 8031 - FALEOLO, Iosefa (DOB 30/04/1979), Mount Druitt"
    )
    hidden(redactor, cabins, "BRENNAN", "FALEOLO", "Iosefa")
    whole(redactor, cabins, "BRENNAN, Maureen Therese", "BRENNAN, Desmond John", "FALEOLO, Iosefa")
    todo = "TODO, Fix Later (b. tomorrow). NOTES, Draft Version (b. 2)"
    assert found(redactor, todo, "PERSON") == []


def test_a_nickname_in_brackets_inside_a_name_is_part_of_it(redactor: pii.Redactor) -> None:
    text = "Policyholder: Mrs Gwendolyn (Gwen) Pritchard-Evans\nDOB: 19/08/1955"
    hidden(redactor, text, "Gwendolyn", "Gwen", "Pritchard-Evans")
    whole(redactor, text, "Gwendolyn (Gwen) Pritchard-Evans")
    products = "We use Python (Py) Script here, Apple (AAPL) Stock and Laboratory (Lab) Results."
    assert found(redactor, products, "PERSON") == []  # a short form defined, no name around it


def test_a_guest_lists_people_before_their_birth_and_after_their_labels(redactor: pii.Redactor) -> None:
    text = (
        "- Marcel Vanhoutte, °30/01/1939 - rollator\n+ Wiśniewska Agnieszka, ur. 19.09.1979\n"
        "305 | familie Mukherjee | dhr. Mehmet Kaya\nNome: Siobhán\nApelidos: O'Driscoll"
    )
    whole(redactor, text, "Marcel Vanhoutte", "Wiśniewska Agnieszka", "Mehmet Kaya")
    hidden(redactor, text, "Mukherjee", "O'Driscoll")
    plain = "Invoice Total, DOB 12/03/1980. de familie Mitglieder."  # everyday words, another language's word
    assert found(redactor, plain, "PERSON") == []


def test_a_town_with_its_states_code_after_a_space_is_one_place(redactor: pii.Redactor) -> None:
    text = "Cabin 9102 - HARGREAVES, Ronald, Toowoomba QLD. Guest: Dr. Ifeoma Okonkwo, Kelowna BC | ifeoma@shaw.ca"
    whole(redactor, text, "Toowoomba QLD", "Kelowna BC")
    firms = "We call the Python API. Paid SEK 84,000 to Byggmästarna i Östergötland AB. The Redis OK."
    assert found(redactor, firms, "LOCATION", "STREET_ADDRESS") == []


def test_local_titles_before_a_name(redactor: pii.Redactor) -> None:
    text = "Tamu kamar 5, Bu Wahyuningsih, mau perpanjang. Nota da Dona Fernanda. Mgeni wa Bw. Konrad Albrecht."
    hidden(redactor, text, "Wahyuningsih", "Fernanda", "Konrad Albrecht")
    turkish = "Bu JSON'daki üyeleri yaş gruplar\u0131na göre ay\u0131r."  # Turkish "this"
    assert found(redactor, turkish, "PERSON") == []


def test_a_place_after_a_verb_of_coming_in_another_language(redactor: pii.Redactor) -> None:
    text = "On arrive de Nantes le vendredi. Sie kommt aus München. Ze komt uit Zutphen. La nonna viene da Lecce."
    hidden(redactor, text, "Nantes", "München", "Zutphen", "Lecce")
    # German capitalises every noun: after its verbs of coming, a listed place only; a tool is no place anywhere
    nouns = "Das Geld kommt aus Steuermitteln. Der Auftrag kommt aus Konzernzentrale. Il vient de Microsoft Teams."
    assert found(redactor, nouns, "LOCATION") == []


def test_a_birthplace_after_the_birth_date(redactor: pii.Redactor) -> None:
    text = "Zi. 2: DI Stefan Hofbauer (geb. 22.08.1979, Linz), Tel. +43 664 555 3187"
    hidden(redactor, text, "Linz")
    form = (
        "Patient DOB: 12/03/1980, Male. Born 1/2/1950, Widowed. DOB 12/03/1980, NKDA. Frau K. (geb. 1.2.1965, Hausfrau)"
    )
    assert found(redactor, form, "LOCATION") == []  # a sex (though Malé is a town), a status, no allergies, a job


def test_turkish_places_with_their_case(redactor: pii.Redactor) -> None:
    text = "Annem geliyor, teyzem Akçakoca'da oturuyor. Gülizar: Almanya'dan geliyor, Köln'de oturuyor."
    hidden(redactor, text, "Akçakoca", "Almanya", "Köln")
    tools = "Veriler Excel'den geliyor."
    assert found(redactor, tools, "LOCATION", "PERSON") == []


def test_a_chinese_name_transcribed_in_hangul_before_its_characters(redactor: pii.Redactor) -> None:
    text = "왕리웨이(王立伟) 고객님께, 문의하신 매물 안내드립니다."
    hidden(redactor, text, "왕리웨이", "王立伟")
    glosses = "금융(金融) 용어와 한국은행(韓銀) 자료, 대한민국(大韓民國) 헌법"
    assert people(redactor, glosses) == []


def test_a_relative_typed_in_lower_case_with_a_family_name(redactor: pii.Redactor) -> None:
    text = "and my husband marcus kowalski dob 1/2/1981. the kids stay with him."
    hidden(redactor, text, "marcus", "kowalski")
    assert "marcus kowalski" in people(redactor, text)  # not "dob"
    plain = "my husband went home, my husband drinks kombucha and my son lego ninjago set is lost"
    assert people(redactor, plain) == []


def test_a_pc_kakaotalk_speaker_in_latin_letters(redactor: pii.Redactor) -> None:
    chat = "한겨울 오후 9:02\n다음 책은 어때요?\nEmily 오후 9:05\n좋아요~ 근데 저 이번 달 말에 대전으로"
    assert {"한겨울", "Emily"} <= set(people(redactor, chat))
    tools = "Zoom 오후 9:06\n링크 보냈어요\nMeeting 오후 3:00\n안건 정리"
    assert people(redactor, tools) == []


def test_a_parent_named_by_the_childs_whole_name(redactor: pii.Redactor) -> None:
    ledger = "11.28 14:02 입금 20,000 김시우엄마\n12.01 12:48 입금 20,000 정하람아빠"
    hidden(redactor, ledger, "김시우", "정하람")
    neighbours = "이웃집엄마랑 친구엄마도 왔어. 전남편엄마는 안 왔어."  # a family name's syllable opens 전남편
    assert people(redactor, neighbours) == []


def test_a_foreign_parents_latin_name_after_the_korean_word_for_them(redactor: pii.Redactor) -> None:
    text = "4. 라윤하(초5), 엄마 Pham Thu Trang 010-5542-0918"
    whole(redactor, text, "Pham Thu Trang")
    things = "엄마 Google Drive 링크 보내줘. 아빠 Morning Routine 영상 봤어."
    assert people(redactor, things) == []


def test_a_class_lists_numbered_column_keeps_its_header(redactor: pii.Redactor) -> None:
    roster = (
        "반,번호,학생명,보호자,보호자연락처,11월결석\n"
        "중2A,1,강서준,강동욱,010-2284-9013,0\n"
        "중2A,5,왕쯔한,孫麗華,010-3356-0871,0"
    )
    hidden(redactor, roster, "강서준", "孫麗華")
    # a calendar's lines split at ";" look like a header whose second cell holds letters and digits (an address):
    # no column's name, so "ATTENDEE" is no column of people and the next line's field no person
    invite = "ATTENDEE;CN=Pita Sopoaga:mailto:pita@x.nz\nATTENDEE;CN=Bjorn Lind:mailto:bjorn88@gmail.com"
    assert "ATTENDEE" not in " ".join(found(redactor, invite, "PERSON", "LOCATION"))
