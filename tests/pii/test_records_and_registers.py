"""What clinics, archives, registers and parcel slips paste: a register's "SURNAME, Given" as one name, an Irish county
and the town before it, an American street with its direction, a town with its state's code, a place after its kind
("the townland of ...") or after where someone is from ("natural de ..."), French files' contacts, and in Korean a
KakaoTalk chat copied on a computer, a parcel slip's sender and a complex's flats. Each case is paired with text
written the same way that names no one, or no place."""

from __future__ import annotations

import pii
from tests.pii.masking import hidden, people, whole


def _spans(redactor: pii.Redactor, text: str, *kinds: str) -> list[str]:
    redaction = redactor.redact(text)
    assert pii.restore(redaction.text, redaction.vault) == text
    return [text[e.start : e.end] for e in redaction.entities if e.type in kinds]


def test_a_registers_family_name_and_given_names_are_one_value(redactor: pii.Redactor) -> None:
    census = (
        "BRADSHAW, Thomas    Head           42  Cotton weaver\n"
        "BRADSHAW, Ellen     Wife           39  -\n"
        "1043  MULLIGAN, Francis Joseph   37 Lambeth Road\n"
    )
    hidden(redactor, census, "BRADSHAW", "Thomas", "Ellen")
    whole(redactor, census, "BRADSHAW, Thomas", "BRADSHAW, Ellen")
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
    assert not {"Glanbia Foods", "Smith"} & set(_spans(redactor, firms, "LOCATION", "STREET_ADDRESS"))
    assert "Co. Kilkenny" in " ".join(_spans(redactor, firms, "LOCATION", "PERSON"))  # the control: the county is


def test_an_american_street_with_its_direction_before_the_name_is_one_address(redactor: pii.Redactor) -> None:
    text = "approved for nursing at his home, 2418 W. Polk St, Apt 2, Chicago, IL 60612. Also 1200 N Main Street."
    hidden(redactor, text, "2418", "Polk", "1200 N Main")
    whole(redactor, text, "2418 W. Polk St, Apt 2, Chicago, IL 60612", "1200 N Main Street")


def test_a_town_with_its_states_code_is_one_place(redactor: pii.Redactor) -> None:
    text = "She moved to Austin, TX last year and now practises in Surrey, BC. Her sister lives in Red Deer, AB."
    hidden(redactor, text, "Austin, TX", "Surrey, BC", "Red Deer, AB")
    whole(redactor, text, "Austin, TX", "Surrey, BC", "Red Deer, AB")
    notes = "Hello, OK then. Thanks, IN progress. PATIENT: 'Biscuit', Cockapoo, MN, 6y. Signed S. K. Ramaswamy, MD"
    places = " ".join(_spans(redactor, notes, "LOCATION", "STREET_ADDRESS"))
    assert not {"OK", "IN", "MN", "MD"} & set(places.replace(",", " ").split()), places


def test_a_place_after_its_kind_or_after_where_someone_is_from_is_hidden(redactor: pii.Redactor) -> None:
    records = (
        "House 4 in the townland of Cloonfad, DED Kilmore. Deeds index, Township of Wellesley.\n"
        "Juan, natural y vecino del lugar de Pedrafita; su mujer, natural de Vilar.\n"
        "Geboortedatum: 12 Augustus 1911    Geboorteplek: Qumbu, Transkei\nLieu de naissance : Tulle"
    )
    hidden(redactor, records, "Cloonfad", "Wellesley", "Pedrafita", "Vilar", "Qumbu", "Tulle")
    plain = "It is a natural de facto standard. Place of birth: Unknown. We ate Fish-et-Chips."
    assert _spans(redactor, plain, "LOCATION", "STREET_ADDRESS") == []  # the control: no place named
    assert "Caluire-et-Cuire" in _spans(redactor, "Il habite à Caluire-et-Cuire.", "LOCATION", "PERSON")


def test_a_french_files_contacts_are_people(redactor: pii.Redactor) -> None:
    text = "Contact secondaire : Jean-François Gagnon (conjoint)\nPersonne à prévenir : Marie Dubois"
    hidden(redactor, text, "Jean-François Gagnon", "Marie Dubois")
    assert people(redactor, "Contact : Service Client") == []  # "Contact" alone is a desk's as often


def test_a_kakaotalk_chat_copied_on_a_computer_hides_its_speakers(redactor: pii.Redactor) -> None:
    chat = "김도현 오후 8:14\n내일 냉장고 옮기는 거 몇 시에 해?\n서연 오후 8:15\n11시!\n도윤맘 오전 9:02: 다음주 화요일"
    hidden(redactor, chat, "김도현", "서연", "도윤")
    notice = "회의는 오후 3:00\n내일 오후 2:30\n점심 오후 12:10"  # ordinary words before a time: no one
    assert people(redactor, notice) == []


def test_a_parcel_slips_sender_and_a_complexs_flats_are_hidden(redactor: pii.Redactor) -> None:
    slip = "CJ대한통운 운송장\n보내는분 육지호 010-9254-3310 전북특별자치도 전주시 완산구"
    hidden(redactor, slip, "육지호")
    firm = "보내는분 (주)한빛물산 02-555-1234"
    assert people(redactor, firm) == []  # the control: a firm sends parcels too
    shelf = (
        "동호수\t수령인\t연락처\t입고일\n101-1203\t차은비\t010-4417-2983\t12/01\n103-502\t설경호\t01039018827\t11/29"
    )
    hidden(redactor, shelf, "101-1203", "103-502", "차은비")
    stock = "번호\t수량\t비고\n101-1203\t3\t완료"  # the same number in a column of no one's flat
    assert _spans(redactor, stock, "STREET_ADDRESS", "LOCATION") == []
