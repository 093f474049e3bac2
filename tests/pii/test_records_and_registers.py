"""What clinics, archives, registers and parcel slips paste: a register's "SURNAME, Given" as one name, an Irish county
and the town before it, an American street with its direction, a town with its state's code, a place after its kind
("the townland of ...") or after where someone is from ("natural de ..."), French files' contacts, and in Korean a
KakaoTalk chat copied on a computer, a parcel slip's sender and a complex's flats. Each case is paired with text
written the same way that names no one, or no place."""

from __future__ import annotations

import pii
from tests.pii.masking import found, hidden, people, whole


def test_a_registers_family_name_and_given_names_are_one_value(redactor: pii.Redactor) -> None:
    census = (
        "BRADSHAW, Thomas    Head           42  Cotton weaver\n"
        "BRADSHAW, Ellen     Wife           39  -\n"
        "1043  MULLIGAN, Francis Joseph (45)   37 Lambeth Road\n"
    )
    hidden(redactor, census, "BRADSHAW", "Thomas", "Ellen", "MULLIGAN")
    whole(redactor, census, "BRADSHAW, Thomas", "BRADSHAW, Ellen", "MULLIGAN, Francis Joseph")
    invite = "Invite Anna, Ben and Carl to the call."  # a list of people in a sentence stays a list
    spans = [(e.start, e.end) for e in redactor.redact(invite).entities]
    assert not any(start <= invite.index("Anna") and invite.index("Ben") < end for start, end in spans), spans
    assert {"Ben", "Carl"} <= set(people(redactor, invite))  # the control: each of them is hidden by itself


def test_an_irish_county_and_the_town_before_it_are_places(redactor: pii.Redactor) -> None:
    text = (
        "Pte. Matthew KEANE, born Claregalway, Co. Galway. His wife was from Ireland Co. Mayo Swinford, "
        "and his father b. Ennistymon Co. Clare. They retired to Co. Down."
    )
    hidden(redactor, text, "Claregalway", "Galway", "Mayo", "Ennistymon", "Clare", "Down")
    whole(redactor, text, "Co. Down")
    firms = "Invoices from Glanbia Foods, Co. Kilkenny and Smith & Co. Ltd."  # a firm there is no place
    assert not {"Glanbia", "Foods", "Smith"} & set(found(redactor, firms, "LOCATION", "STREET_ADDRESS"))
    assert "Co. Kilkenny" in " ".join(found(redactor, firms, "LOCATION", "PERSON"))  # the control: the county is


def test_an_american_street_with_its_direction_before_the_name_is_one_address(redactor: pii.Redactor) -> None:
    text = "approved for nursing at his home, 2418 W. Polk St, Apt 2, Chicago, IL 60612. Also 1200 N Main Street."
    hidden(redactor, text, "2418", "Polk", "1200 N Main")
    whole(redactor, text, "2418 W. Polk St, Apt 2, Chicago, IL 60612", "1200 N Main Street")


def test_a_town_with_its_states_code_is_one_place(redactor: pii.Redactor) -> None:
    text = "She moved to Austin, TX last year and now practises in Surrey, BC. Her sister lives in Red Deer, AB."
    hidden(redactor, text, "Austin, TX", "Surrey, BC", "Red Deer, AB")
    whole(redactor, text, "Austin, TX", "Surrey, BC", "Red Deer, AB")
    notes = "Hello, OK then. Thanks, IN progress. PATIENT: 'Biscuit', Cockapoo, MN, 6y. Signed S. K. Ramaswamy, MD"
    places = " ".join(found(redactor, notes, "LOCATION", "STREET_ADDRESS"))
    assert not {"OK", "IN", "MN", "MD"} & set(places.replace(",", " ").split()), places


def test_a_place_after_its_kind_or_after_where_someone_is_from_is_hidden(redactor: pii.Redactor) -> None:
    records = (
        "House 4 in the townland of Cloonfad, DED Kilmore. Deeds index, Township of Wellesley.\n"
        "Juan, natural y vecino del lugar de Pedrafita; su mujer, natural de Vilar.\n"
        "Geboortedatum: 12 Augustus 1911    Geboorteplek: Qumbu, Transkei\nLieu de naissance : Tulle"
    )
    hidden(redactor, records, "Cloonfad", "Wellesley", "Pedrafita", "Vilar", "Qumbu", "Tulle")
    plain = "It is a natural de facto standard. Place of birth: Unknown. We ate Fish-et-Chips."
    assert found(redactor, plain, "LOCATION", "STREET_ADDRESS") == []  # the control: no place named
    assert "Caluire-et-Cuire" in found(redactor, "Il habite à Caluire-et-Cuire.", "LOCATION", "PERSON")


def test_a_french_files_contacts_are_people(redactor: pii.Redactor) -> None:
    text = "Contact secondaire : Jean-François Gagnon (conjoint)\nPersonne à prévenir : Marie Dubois"
    hidden(redactor, text, "Jean-François Gagnon", "Marie Dubois")
    offices = "Contact : Service Client\nContact principal : Direction Générale"  # a desk's, an office's
    assert people(redactor, offices) == []


def test_a_kakaotalk_chat_copied_on_a_computer_hides_its_speakers(redactor: pii.Redactor) -> None:
    chat = "김도현 오후 8:14\n내일 냉장고 옮기는 거 몇 시에 해?\n서연 오후 8:15\n11시!\n도윤맘 오전 9:02: 다음주 화요일"
    hidden(redactor, chat, "김도현", "서연", "도윤")
    notice = "회의는 오후 3:00\n내일 오후 2:30\n점심 오후 12:10"  # ordinary words before a time: no one
    assert people(redactor, notice) == []


def test_a_parcel_slips_sender_and_a_complexs_flats_are_hidden(redactor: pii.Redactor) -> None:
    slip = "CJ대한통운 운송장\n보내는분 육지호 010-9254-3310 전북특별자치도 전주시 완산구"
    hidden(redactor, slip, "육지호")
    firm = "보내는분 한빛물산 02-555-1234"
    assert people(redactor, firm) == []  # the control: a firm sends parcels too
    shelf = (
        "동호수\t수령인\t연락처\t입고일\n101-1203\t차은비\t010-4417-2983\t12/01\n103-502\t설경호\t01039018827\t11/29"
    )
    hidden(redactor, shelf, "101-1203", "103-502", "차은비")
    stock = "번호\t수량\t비고\n101-1203\t3\t완료"  # the same number in a column of no one's flat
    assert found(redactor, stock, "STREET_ADDRESS", "LOCATION") == []


def test_a_chat_speaker_after_a_persons_title_is_hidden(redactor: pii.Redactor) -> None:
    chat = (
        "[06:52] Ma'am Joy Pangilinan: Good morning po! Bed 12 febrile\n"
        "[06:57] Dra. Santos: pls repeat CBC bed 12\n[06:58] Ma'am Joy Pangilinan: noted po"
    )
    hidden(redactor, chat, "Joy Pangilinan", "Santos")
    desk = "[10:00] Customer Service: hello\n[10:01] Customer Service: how can we help?\n[10:02] Support Team: hi"
    assert people(redactor, desk) == []  # a role's words are no one's name


def test_an_italian_town_with_its_province_and_a_lower_case_street_are_whole(redactor: pii.Redactor) -> None:
    letter = (
        "Sig.ra Giuseppina Lo Russo, nata a Castrovillari (CS) il 19/11/1940, residente in via Saragozza 74, "
        "40123 Bologna. Il marito, nato a Montesano sulla Marcellana (SA), vive con lei."
    )
    whole(redactor, letter, "Castrovillari (CS)", "via Saragozza 74, 40123 Bologna", "Montesano sulla Marcellana (SA)")
    plain = "Send the Report (TO) and the Review (MI) via Slack today."
    assert found(redactor, plain, "LOCATION", "STREET_ADDRESS") == []  # everyday words with letters in brackets


def test_a_column_of_postcode_areas_beside_personal_data_is_places(redactor: pii.Redactor) -> None:
    register = (
        "surname,forename,dob,mobile,postcode_area\n"
        "ATWAL,Harpreet Kaur,1974-11-02,07402 118 937,Southall\nMENSAH,Kwabena,1968-09-25,07983 550 146,Hanwell"
    )
    hidden(redactor, register, "Southall", "Hanwell")
    stock = "sku,postcode_area,units\nA-100,Zone A,12\nB-200,Zone B,7"  # no personal data beside it
    assert found(redactor, stock, "LOCATION", "STREET_ADDRESS") == []


def test_who_answers_an_interviewer_in_a_transcript_is_a_person(redactor: pii.Redactor) -> None:
    transcript = (
        "INTERVIEWER: So you came over on the Windrush itself?\nCYNTHIA: No, no, my father came first.\n"
        "INTERVIEWER: And where did you live?\nCYNTHIA: One room in Brixton with my aunt."
    )
    hidden(redactor, transcript, "CYNTHIA")
    roles = (
        "INTERVIEWER: Tell me more.\nRESPONDENT: It was a long time ago now.\nINTERVIEWER: Go on.\n"
        "RESPONDENT: We moved in the spring that year."
    )
    assert people(redactor, roles) == []  # who answers, named by their part


def test_a_mixed_case_registers_family_name_read_as_a_town_joins_its_given_name(redactor: pii.Redactor) -> None:
    census = "Szabo, Stephen    Head           M W 54  b. Hungary\nSzabo, Elizabeth  Wife           F W 49  b. Hungary"
    whole(redactor, census, "Szabo, Elizabeth")
    mail = "Thanks for the update.\nCheers, Lucía"
    assert "Cheers" not in " ".join(people(redactor, mail))  # a sign-off before the name is no family name


def test_a_korean_buildings_name_after_the_addresss_number_is_part_of_it(redactor: pii.Redactor) -> None:
    text = "건물: 인천 미추홀구 주안동 1582-7 주안드림빌\n매물: 서울 마포구 망원동 412-7 라움빌 4층 402호"
    whole(redactor, text, "인천 미추홀구 주안동 1582-7 주안드림빌", "서울 마포구 망원동 412-7 라움빌 4층 402호")
    counted = "택배 2개 보냈어요. 부산 해운대구 우동 1408-3 에 있어요"  # no building's name after it: the address alone
    assert found(redactor, counted, "STREET_ADDRESS") == ["부산 해운대구 우동 1408-3"]


def test_a_states_code_that_is_as_often_a_status_a_route_or_a_country_needs_a_listed_town(
    redactor: pii.Redactor,
) -> None:
    logs = "Redis, OK. Compressor, ON. Enoxaparin, SC 40 mg. Calcium, CA. Toyota, ID 4413. Kafka, NE."
    assert found(redactor, logs, "LOCATION", "STREET_ADDRESS") == []
    assert "Mudgeeraba, QLD" in found(redactor, "She lives in Mudgeeraba, QLD now.", "LOCATION", "PERSON")  # control


def test_a_forms_label_after_a_places_word_is_no_place(redactor: pii.Redactor) -> None:
    form = (
        "Municipality of Residence: Quezon City\nLugar de Nacimiento: Madrid\nLugar de Expedición: Madrid\n"
        "Producto natural de Origen Animal. Nacimiento: Parto Normal."
    )
    places = found(redactor, form, "LOCATION", "STREET_ADDRESS")
    assert not {"Residence", "Nacimiento", "Expedición", "Origen Animal", "Parto Normal"} & set(places)
    assert "Quezon City" in places  # the control: what the label names is still a place
    assert "Tulle" in found(redactor, "Lieu de naissance : Tulle", "LOCATION", "PERSON")


def test_a_firms_co_before_an_irish_countys_name_is_no_county(redactor: pii.Redactor) -> None:
    text = "Smith & Co. Cork office. Hudson's Bay Co. Down payment. We invoiced Tayto Co. Meath distributors."
    assert found(redactor, text, "LOCATION", "STREET_ADDRESS") == []
    assert "Co. Down" in " ".join(found(redactor, "She lives in Co. Down now.", "LOCATION", "PERSON"))  # control


def test_korean_schedules_and_a_slips_ordinary_words_name_no_one(redactor: pii.Redactor) -> None:
    schedule = (
        "일정\nStandup 오전 10:00\n약 복용 오전 8:00\n쉬는시간 오전 9:50\n회의 오후 2:00\n회의는 오후 3:00\n장소는 본관"
    )
    assert people(redactor, schedule) == []
    slips = "받는분 경비실 010-1234-5678\n받는분 고객님 010-2345-6789\n받는분 부재시 010-3456-7890"
    assert people(redactor, slips) == []
    assert people(redactor, "서연 오후 8:15\n11시에 갈게") == ["서연"]  # the control: a chat copied on a computer


def test_a_reading_reviews_mends_each_beside_its_control(redactor: pii.Redactor) -> None:
    # a drug's route in brackets is no province; an Italian town after "nata a" is
    assert found(redactor, "Give Amoxicillin (PO) and Morphine (PR) now.", "LOCATION", "STREET_ADDRESS") == []
    assert "Castrovillari (CS)" in found(redactor, "nata a Castrovillari (CS) nel 1940", "LOCATION")
    # a tab closes a register's cell; a county after a comma, however everyday its name; a function word after it
    whole(redactor, "Szabo, Elizabeth\tWife\tF\t49\nSzabo, Joseph\tSon\tM\t22", "Szabo, Elizabeth", "Szabo, Joseph")
    hidden(redactor, "He moved to Newry, Co. Down. She was born in Ennistymon Co. Clare in 1921.", "Down", "Clare")
    # a chair's title is no name; a name after "Madam" that English seldom uses is
    assert people(redactor, "[10:02] Madam Chair: open\n[10:03] Madam Chair: next item") == []
    # who answers a moderator; a slip's name with its title
    panel = "MODERATOR: Welcome everyone to the panel.\nOKONKWO: Thanks, glad to be here.\nMODERATOR: Go on.\n"
    hidden(redactor, panel + "OKONKWO: We moved north in 1999.", "OKONKWO")
    assert people(redactor, "받는분 김민수님 010-1234-5678") == ["김민수"]
    # an everyday word before a town with its state's code is not part of it, and hides it no more
    whole(redactor, "Visiting Austin, TX next week.", "Austin, TX")
