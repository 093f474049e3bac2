"""An address the recognizers find in pieces is hidden whole (2026-12-07): the street, the neighbourhood and the town
found each by itself, and the house's, the flat's and the building's numbers and the postcode between them that no
rule took ("24-B, Block H, Gulberg III, Lahore"). A list of towns, a person named before an address, and a person after
a room's number stay apart."""

from __future__ import annotations

import pytest

import pii


def addresses(redactor: pii.Redactor, text: str) -> list[str]:
    redaction = redactor.redact(text)
    assert pii.restore(redaction.text, redaction.vault) == text
    return [text[e.start : e.end] for e in redaction.entities if e.type == "STREET_ADDRESS"]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("The family home is 24-B, Block H, Gulberg III, Lahore.", "24-B, Block H, Gulberg III, Lahore"),
        (
            "Send it to 1432 Surf Highway 45, RD 4, New Plymouth 4374, thanks.",
            "1432 Surf Highway 45, RD 4, New Plymouth 4374",
        ),
        ("Temporary apartment: Al Majaz 2, Building 17, Flat 1204, Sharjah.", "Al Majaz 2, Building 17, Flat 1204"),
    ],
)
def test_an_address_found_in_pieces_is_one_value(redactor: pii.Redactor, text: str, address: str) -> None:
    assert any(address in found for found in addresses(redactor, text))


def test_towns_in_a_list_and_people_beside_an_address_stay_apart(redactor: pii.Redactor) -> None:
    assert addresses(redactor, "We toured Paris, Lyon, Berlin and Rome in 2024.") == []
    assert addresses(redactor, "Send it to Anna Smith, 12 Main Street, Leeds LS6 2AB.") == [
        "12 Main Street, Leeds LS6 2AB"
    ]
    assert addresses(redactor, "Kim Do-hyun is in Room 14. Do-hyun will be absent.") == []


def test_a_person_between_two_addresses_and_numbers_or_prices_beside_one_stay_apart(redactor: pii.Redactor) -> None:
    two = "Alice Brown, 12 Main Street, Leeds LS1 4AB, Bob Green, 5 High Street, York YO1 7HX"
    assert addresses(redactor, two) == ["12 Main Street, Leeds LS1 4AB", "5 High Street, York YO1 7HX"]
    assert addresses(redactor, "Order 55812, 12 Main Street, Leeds LS6 1AP, 34, 87") == [
        "12 Main Street, Leeds LS6 1AP"
    ]
    assert addresses(redactor, "Prices: London 2500, Paris 1800, Rome 1400") == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Deliver to 9 Admiralty Road, Ikoyi Phase 2, Lagos before noon.", "9 Admiralty Road, Ikoyi Phase 2, Lagos"),
        (
            "João mora na Rua Padre Chagas, 88 \u2013 apto 12 \u2013 Moinhos de Vento \u2013 Porto Alegre/RS \u2013 CEP"
            " 90570-080.",
            "Rua Padre Chagas, 88 \u2013 apto 12 \u2013 Moinhos de Vento \u2013 Porto Alegre/RS \u2013 CEP 90570-080",
        ),
    ],
)
def test_the_unfound_words_between_a_street_and_its_town_are_part_of_the_address(
    redactor: pii.Redactor, text: str, address: str
) -> None:
    assert address in addresses(redactor, text)


def test_words_of_a_sentence_or_no_street_before_them_stay_apart(redactor: pii.Redactor) -> None:
    assert addresses(redactor, "Meet me at 12 High Street, then we drive to Bristol.") == ["12 High Street"]
    assert addresses(redactor, "Table 4, Smith Partners, London booked again.") == []
    assert addresses(redactor, "Join us at 1 Canada Square, Level 39, Ticket Required, London.") == ["1 Canada Square"]
    assert not any("10:30" in found for found in addresses(redactor, "8 Station Rd, Ilkley - 10:30 - Bradford BD1 1AA"))


@pytest.mark.parametrize(
    ("text", "country"),
    [
        ("Mrs Despina Karali\nOdos Agiou Dimitriou 30\n546 30 Thessaloniki\nGreece\n\nDear Mrs Karali,", "Greece"),
        ("Emre Doğan\nİnönü Cd. No:9 Daire 2, Seyhan\n01010 Adana\nTÜRKİYE", "TÜRKİYE"),
        ("Ms Carol Whitehorse\n1207 Grand Ave Apt 3\nLaramie WY 82070\nUSA\n\nThanks", "USA"),
    ],
)
def test_the_country_on_the_line_after_an_address_is_hidden(redactor: pii.Redactor, text: str, country: str) -> None:
    redaction = redactor.redact(text)
    assert country not in redaction.text, redaction.text


def test_two_letters_of_a_country_or_a_state_are_left_where_they_are_words(redactor: pii.Redactor) -> None:
    text = "Office: 12 Main Street, Springfield\nUS\n\nCall us or write to us, and bring the SD card."
    redaction = redactor.redact(text)
    assert "12 Main Street" not in redaction.text  # control: the address is hidden
    assert "Call us or write to us, and bring the SD card." in redaction.text


def test_a_country_after_a_place_in_a_list_stays(redactor: pii.Redactor) -> None:
    text = "Ingredients I bought in Santa Fe\nChile\nOnions\nGarlic"
    redaction = redactor.redact(text)
    assert "Santa Fe" not in redaction.text  # control: the town is hidden
    assert "\nChile\nOnions" in redaction.text  # a list's pepper, no envelope's last line
    ranked = redactor.redact("Top destinations 2024: Lisbon\nJapan\nKenya")
    assert "Lisbon" not in ranked.text and "\nJapan\n" in ranked.text  # a year on the line is no postcode
