"""What parishes, schools, care homes, clubs and families paste: names a relative's word points at, titles a
congregation gives, a table's cells and its visitor log, a home's name before a British postcode, a form's town and
state. Each case is paired with text written the same way that names no one, or no one there."""

from __future__ import annotations

import pytest

import pii
from tests.pii.masking import hidden, people, whole


def test_a_person_a_relatives_word_points_at_is_hidden(redactor: pii.Redactor) -> None:
    chat = "[18:05] Tamsin (Ellie's mum): can someone grab ellie? we're at my mum's"
    hidden(redactor, chat, "Ellie", "ellie")  # and written again in lower case
    obituary = "He was the cherished grandfather of Nareg, Talin and Christopher."
    hidden(redactor, obituary, "Nareg", "Talin", "Christopher")
    rota = "- Weekend: Dhillon & Grewal families\n- Tea: the Moodley sisters"
    hidden(redactor, rota, "Dhillon", "Grewal", "Moodley")
    hidden(redactor, "Ellie's Mum will collect her. Dad of Kobe, Zion and Nia.", "Ellie", "Zion", "Nia")


def test_a_relatives_word_after_no_one_names_no_one(redactor: pii.Redactor) -> None:
    text = "Mother's Day lunch: the Complainant's son will come; Salt and Pepper Smith is the caterer."
    found = redactor.redact(text).entities
    assert not any(text[e.start : e.end].startswith(("Complainant", "Salt")) for e in found)  # a role, a word
    firms = "the Titanic's sister ship, Audi's sister brand, Deloitte's partner firms. Young families are welcome."
    assert not {"Titanic", "Audi", "Deloitte", "Young"} & set(people(redactor, firms))


def test_a_given_name_before_another_sharing_its_family_name_is_hidden(redactor: pii.Redactor) -> None:
    welcome = "New residents: a warm welcome to Tanvir and Rupa Haque, who have moved up from Dundee."
    hidden(redactor, welcome, "Tanvir", "Rupa Haque")
    italian = "2) Ionuț Popescu - genitori Mihaela e Cristian Popescu - allergia alle arachidi"
    hidden(redactor, italian, "Mihaela")


def test_titles_a_congregation_gives_are_followed_by_a_name(redactor: pii.Redactor) -> None:
    prayers = (
        "PRAYER LIST\n- Sister Hyacinth Grant, recovering from surgery\n- Mother Icilda Bailey, 94, bedridden\n"
        "- Baby Precious-Ann Whyte and her mother Patience Whyte\nSun 14th - Sis. Faith Campbell-Brown"
    )
    hidden(redactor, prayers, "Hyacinth Grant", "Icilda Bailey", "Precious-Ann Whyte", "Faith Campbell-Brown")
    hidden(redactor, "Readings: Sister Mary Hill and Pastor John Lane", "Mary Hill", "John Lane")  # streets' words too


def test_a_title_before_everyday_words_names_no_one(redactor: pii.Redactor) -> None:
    text = "We played The Elder Scrolls Online, read the Mother Nature Network and drove on Sheikh Zayed Road."
    assert not {"Scrolls Online", "Nature Network", "Zayed Road"} & set(people(redactor, text))


def test_a_visitor_logs_cells_are_hidden_one_by_one(redactor: pii.Redactor) -> None:
    log = (
        "date\ttime_in\tvisitor\tresident\trelationship\tvisitor_phone\n"
        "24/11\t14:05\tGareth Lloyd-Hughes\tMegan Lloyd-Hughes\tson\t07700 562 381\n"
        "24/11\t15:10\tIolo ap Dafydd\tMegan Lloyd-Hughes\tnephew\t07700 111 222"
    )
    hidden(redactor, log, "Gareth", "07700 562 381", "07700 111 222")
    found = people(redactor, log)
    assert "Gareth Lloyd-Hughes" in found and "Megan Lloyd-Hughes" in found  # one value a cell, not one across a tab


def test_a_phone_number_before_the_next_rows_date_is_read(redactor: pii.Redactor) -> None:
    """A run of digits was read across the line break: number and date together were too long for one number."""
    hidden(redactor, "name\tphone\nAmara\t07700 562 381\n24/11\t14:05\tvisited", "07700 562 381")


def test_a_players_and_a_parents_cells_arepeople(redactor: pii.Redactor) -> None:
    subs = "player,dob,parent_contact,mobile\nSenan Doyle,14/01/2016,Aoife Doyle,087 241 6630"
    whole(redactor, subs, "Senan Doyle", "Aoife Doyle")


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Sunny will host at her home, 4 Badcall, Kinlochbervie, Lairg IV27 4RH. Bring a dish.", "4 Badcall"),
        ("Address: Bryn Awel, Llanystumdwy, LL52 0SS", "Bryn Awel"),
        ("ONS BLY BY 12 RUSTENBURGWEG, IDAS VALLEI, STELLENBOSCH.", "12 RUSTENBURGWEG"),
        ("- Park Ji-hoon, 2F 18 Yeonhui-ro 11-gil, Seodaemun-gu, Seoul 03706", "2F 18 Yeonhui-ro"),
        ("- Mrs Haruka Satō, 3-14-2 Kichijoji Honcho, Musashino, Tokyo 180-0004", "3-14-2 Kichijoji Honcho"),
    ],
)
def test_addresses_without_a_street_type_are_hidden_whole(redactor: pii.Redactor, text: str, address: str) -> None:
    hidden(redactor, text, address)
    whole(redactor, text, address)


def test_a_person_before_a_house_name_keeps_their_type(redactor: pii.Redactor) -> None:
    text = "A complaint from Mrs Mererid Hughes, Bryn Awel, Llanystumdwy, LL52 0SS, about the bins."
    assert "Mrs Mererid Hughes" in people(redactor, text)  # not taken into the address
    signed = "Thanks,\nThanks, Mererid Hughes, Bryn Awel, Llanystumdwy, LL52 0SS"
    assert "Mererid Hughes" in people(redactor, signed)  # a sign-off opens the line, not a house


def test_a_number_before_a_word_ending_as_a_street_does_is_no_address(redactor: pii.Redactor) -> None:
    text = "The Army's 77 Brigade ran the exercise with 4 Blockade teams."
    assert redactor.redact(text).text == text  # a brigade's "gade", a blockade's "kade"
    score = "Won 3-2 Brighton, Fulham, Leyton 210-1234 tickets"
    assert all(e.type != "STREET_ADDRESS" for e in redactor.redact(score).entities)  # no chōme, block and house


def test_a_forms_town_and_state_are_hidden_everyday_words_though_they_are(redactor: pii.Redactor) -> None:
    hidden(redactor, "Home address: 51 Briants Avenue\nTown: Reading\nPostcode: RG4 5AX", "Reading")
    hidden(redactor, "Street: 2107 Aztec Ave\nCity: Gallup\nState: NM\nZIP: 87301", "NM")


def test_a_forms_fields_that_hold_no_place_stay(redactor: pii.Redactor) -> None:
    text = "Status: OK\nState: NY\nTown: Home\nCity: Sales"
    assert redactor.redact(text).text == text  # a state with no town beside it, everyday words on no list
    switch = "city: Leeds\nState: OFF\nbrightness: 80"
    assert "OFF" in redactor.redact(switch).text  # a switch's state, no state's code


def test_labels_a_nursery_and_a_funeral_fill_with_a_person(redactor: pii.Redactor) -> None:
    hidden(redactor, "Child: Summer Watego\nEducator: Kirra\nDrop-off: 7.40am", "Kirra")
    hidden(redactor, "GRANDCHILDREN: NANA ADWOA, KWABENA AND OTHERS", "NANA ADWOA", "KWABENA")
    assert people(redactor, "Carer: Agency\nCarer: Yes\nTutor: Maths\nCelebrant: Humanist\nGodparents: TBC") == []
    jobs = "Hiring: Sr Principal Scientist, Sr. Copywriter and Sr. Frontend Dev; ask Sr. Manel"
    assert people(redactor, jobs) == ["Manel"]  # senior, not señor, before a job's words


def test_a_move_in_spanish_puts_someone_in_a_town(redactor: pii.Redactor) -> None:
    hidden(redactor, "Por cierto, en enero nos mudamos a Fuenlabrada; os paso la dirección.", "Fuenlabrada")
