"""What sales desks, call centres and field staff paste (2026-12-06's twenty-fourth session): a town and its region or
country after a comma as one value, a register's "SURNAME, GIVEN" in capitals after a field's label, an email address
whose top-level name is mistyped. Each case is paired with text written the same way that is a list, or no address.
"""

from __future__ import annotations

import pii
from tests.pii.masking import found, hidden, whole


def test_a_town_and_its_region_after_a_comma_are_one_place(redactor: pii.Redactor) -> None:
    assert found(redactor, "He moved here from Irvine, California last year.", "LOCATION") == ["Irvine, California"]
    assert found(redactor, "She was born in Kano, Nigeria, and moved to Leeds.", "LOCATION") == [
        "Kano, Nigeria",
        "Leeds",
    ]
    # controls: lists of countries stay one value each, whichever way they are joined; two towns are no town's region
    assert found(redactor, "We ship to Spain, Portugal and Italy.", "LOCATION") == ["Spain", "Portugal", "Italy"]
    assert found(redactor, "We ship to Italy, Spain, Portugal.", "LOCATION") == ["Italy", "Spain", "Portugal"]
    assert found(redactor, "We have offices in Berlin, Hamburg.", "LOCATION") == ["Berlin", "Hamburg"]


def test_a_registers_name_in_capitals_after_a_label_is_one_name(redactor: pii.Redactor) -> None:
    whole(redactor, "Name: DELA CRUZ, MARICRIS BAUTISTA\nAge: 34", "DELA CRUZ, MARICRIS BAUTISTA")
    whole(redactor, "| Van der Berg, Anna | 34 | Utrecht |", "Van der Berg, Anna")
    # control: the same name that does not fill its line is two values, as a list of two would be
    both = "Name: DELA CRUZ, MARICRIS BAUTISTA and family\nAge: 34"
    assert found(redactor, both, "PERSON") == ["DELA CRUZ", "MARICRIS BAUTISTA"]


def test_an_email_address_with_its_top_level_name_mistyped_is_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "contact: jenniferlee0315@naver.con", "jenniferlee0315@naver.con")
    hidden(redactor, "mail seoyeon.choi@daum.nte or choi.sy@gmail.comm", "seoyeon.choi@daum.nte", "choi.sy@gmail.comm")
    # controls: no top-level name, or one no common name is a letter away from
    for text in ("load cfg@svc.yaml first", "pin the package as left-pad@npm.xyzzy"):
        assert found(redactor, text, "EMAIL_ADDRESS") == []


def test_a_place_after_a_verb_of_living_in_another_language_is_hidden(redactor: pii.Redactor) -> None:
    for text, place in (
        ("Je pars vivre à Annecy début janvier, merci de régler cela avant.", "Annecy"),
        ("Dice que lo despidieron y que se va a vivir a Quibdó donde la mamá.", "Quibdó"),
        ("Kupiłam dla mamy, która mieszka w Tarnowie, więc proszę nie dzwonić.", "Tarnowie"),
        ("2026-11-20: Hanna flyttar till Malmö i vår och vill jobba på distans.", "Malmö"),
        ("Klant zegt dat hij in maart naar Amersfoort verhuist.", "Amersfoort"),
        ("Next month tunahamia Kisumu, mtaweza kutuma huko?", "Kisumu"),
    ):
        hidden(redactor, text, place)
    # controls: German capitalises its nouns, and the same prepositions without a verb of living
    assert found(redactor, "Sie wohnt im Erdgeschoss, er lebt nach Plan.", "LOCATION") == []
    assert found(redactor, "Die Rechnung geht an Buchhaltung, bitte w Excel.", "LOCATION") == []


def test_a_name_after_my_name_is_in_another_language_is_hidden_in_lower_case(redactor: pii.Redactor) -> None:
    hidden(redactor, 'R4: "meu nome é joão pedro albuquerque, moro perto"', "joão pedro albuquerque")
    hidden(redactor, "bonjour je m appelle amélie durand", "amélie durand")
    hidden(redactor, "nama saya siti rahmawati, mau tanya", "siti rahmawati")
    # controls: what follows the same words is no listed given name
    for text in ("mi nombre es importante para mi", "ich heiße sie herzlich willkommen"):
        assert found(redactor, text, "PERSON") == []


def test_a_name_greeted_after_a_chats_speaker_or_put_through_to_is_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "[18:02] Facu (Almacén Don Bosco): Hola Meli! Te confirmo el pedido.", "Meli")
    hidden(redactor, "[00:40] AGENT: Perfect. I am transferring you to Akosua in device protection.", "Akosua")
    # controls: a greeting of everyone, and a department put through to
    assert found(redactor, "[18:02] Facu: Hola todos! Pedido confirmado.", "PERSON") == ["Facu"]
    assert found(redactor, "Let me connect you with Sales now.", "PERSON") == []


def test_a_german_place_column_beside_personal_data_is_hidden_and_its_header_is_no_one(redactor: pii.Redactor) -> None:
    table = "Nachname\tVorname\tFirma\tOrt\tTel\nÖzdemir\tCem\tBosch-Kramer Antriebe GmbH\tGelsenkirchen\t+49 209 884"
    hidden(redactor, table, "Özdemir", "Cem", "Gelsenkirchen")
    values = found(redactor, table, "PERSON", "LOCATION")
    assert not {"Nachname", "Vorname", "Ort"} & set(values)  # the columns' names
    # controls: the same column of a table of no one; a key and value table's value is no column's name
    stock = "Artikel\tOrt\tMenge\nSchrauben M4\tLager B\t400"
    assert found(redactor, stock, "LOCATION") == []
    hidden(redactor, "| Patient | Maria Lopez |\n| DOB | 12/03/1980 |", "Maria Lopez")


def test_a_korean_forms_name_in_latin_letters_is_hidden(redactor: pii.Redactor) -> None:
    form = "성명: 황보지안\n영문 성명(여권 표기): HWANGBO JIAN\n생년월일: 1996.10.08"
    hidden(redactor, form, "황보지안", "HWANGBO JIAN")
    hidden(redactor, "이름(영문): SEO HYUN", "SEO HYUN")
    # controls: the same label filled with a placeholder, and a product's name in Latin letters
    assert found(redactor, "영문명: 미정", "PERSON") == []
    assert found(redactor, "제품 영문명: SMART CARE PLUS", "PERSON") == []


def test_a_hangul_names_other_spellings_beside_it_are_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "- 성명: 류위퉁 (刘雨桐 / LIU YUTONG)\n- 입사일: 12/1", "류위퉁", "刘雨桐", "LIU YUTONG")
    hidden(redactor, "Please loop in Emily (서은혜 팀장) on all partner calls.", "Emily", "서은혜")
    # controls: a bracket of roles and offices after a name, a word in it, and a firm before a bracketed contact
    assert "Seoul Office" not in found(redactor, "김민준 (Sales Lead / Seoul Office) 담당", "PERSON")
    assert found(redactor, "이수진 (팀장/) 확인 부탁", "PERSON") == ["이수진"]
    assert found(redactor, "Samsung (김철수 부장) called.", "PERSON") == ["김철수"]


def test_a_kakaotalk_speaker_in_brackets_before_the_time_is_hidden_and_a_car_number_is_no_one(
    redactor: pii.Redactor,
) -> None:
    chat = "[황보 팀장] 오후 1:10 다들 오늘 교육 있죠?\n[경다은] 오후 1:11 넵! 자료 챙길게요."
    hidden(redactor, chat, "경다은")
    assert found(redactor, "[안내] 오후 1:11 서버 점검", "PERSON") == []  # control: a notice's tag, a name's shape
    cars = "- 차량 배정: 1호차 팀장 육영호 / 2호차 팀장 도한빛"
    assert found(redactor, cars, "PERSON") == ["육영호", "도한빛"]
    assert found(redactor, "연락처 010-1234-5678 명수 팀장", "PERSON") == ["명수"]  # control: a name after a number


def test_a_run_holding_another_languages_function_word_is_cut_to_its_capitalised_words(redactor: pii.Redactor) -> None:
    assert found(redactor, "Koi problem ho toh Ajinkya ko call karo.", "PERSON")[-1] == "Ajinkya"
    for text, words in (
        ("Bitte erstatten Sie den Beitrag auf mein Konto.", "mein"),
        ("Pasame esto a un resumen para el CRM, gracias.", "para el"),
    ):
        assert not any(words in value for value in found(redactor, text, "PERSON"))
    # controls: names with their particles, two names joined, a capitalised name alone
    assert found(redactor, "Ana y Luis Ortega vinieron ayer.", "PERSON") == ["Ana y Luis Ortega"]
    hidden(redactor, "Escribe a Maria de la Cruz mañana.", "Maria de la Cruz")


def test_what_the_attack_review_found_leaking_or_masked_by_mistake_stays_mended(redactor: pii.Redactor) -> None:
    # a table's first row of people is no header because a role's word sits in it
    hidden(redactor, "John Smith,Student,London\nMary Jones,Student,Leeds", "John Smith", "London", "Mary Jones")
    # numbers inside a run shaped like an IBAN after a word of phoning or of a card, or glued to a word
    hidden(redactor, "mobil AT43 0664 1234 5678", "0664 1234 5678")
    hidden(redactor, "reach me at0612345678 svp", "0612345678")
    # particles of names that other languages use as function words
    whole(redactor, "Contact: Maria dal Monte, Via Roma 12", "Maria dal Monte")
    whole(redactor, "Karl zum Felde will sign the contract.", "Karl zum Felde")
    # a two-syllable given name after a number set apart
    hidden(redactor, "연락처 010-3333-4444 호준 님", "호준")
    # controls: a notice's tag before a time, a greeting of everyone, a verb after a lower-case name
    assert found(redactor, "[조식] 오전 7:00 ~ 9:30 1층 레스토랑", "PERSON") == []
    assert found(redactor, "[18:02] Soporte: Hola Todos! Pedido confirmado.", "PERSON") == ["Soporte"]
    assert found(redactor, "jag heter erik och bor i umeå", "PERSON") == ["erik"]
