"""An address masked with its flat, block or floor (2026-12-06's twenty-eighth session): the unit written before the
house number ("Flat 2/1, ", "3/2, ", "302-ho, ", "No. " before a Malaysian street), the postcode and town Hungary
writes first, Hungary's floors and doors after the number ("II. em. 5", "II/6"), Romania's block, staircase and flat,
and an English floor. Each case beside a control the same rule must leave alone."""

from __future__ import annotations

import pii
from tests.pii.masking import whole


def addresses(redactor: pii.Redactor, text: str) -> list[str]:
    return [text[e.start : e.end] for e in redactor.redact(text).entities if e.type == "STREET_ADDRESS"]


def test_the_unit_written_before_the_house_number_goes_with_the_address(redactor: pii.Redactor) -> None:
    whole(redactor, "Fiona NicDhòmhnaill\nFlat 2/1, 47 Dumbarton Road\nGlasgow G11 6PD", "Flat 2/1, 47 Dumbarton Road")
    whole(redactor, "He now lives at 3/2, 118 Paisley Road West, Glasgow G51 1LH.", "3/2, 118 Paisley Road West")
    whole(redactor, "deliver to Park Ji-hoon, 302-ho, 15 Seocho-daero 74-gil, Seoul 06620.", "302-ho, 15 Seocho-daero")
    whole(redactor, "My details:\nNo. 12, Jalan SS 2/24, 47300 Petaling Jaya, Selangor", "No. 12, Jalan SS 2/24")
    # controls: a word after "flat" is no flat's number; a phone's last group and its comma are no unit
    assert addresses(redactor, "the rent of the flat at 62 Dosan-ro, from May") == ["62 Dosan-ro"]
    assert addresses(redactor, "Phone 0412 555 111, 12 Baker Street, London") == ["12 Baker Street, London"]


def test_hungarys_postcode_and_town_first_and_its_floors_and_doors_after(redactor: pii.Redactor) -> None:
    debrecen, budapest = "4025 Debrecen, Piac utca 31. II. em. 5", "1146 Budapest, Thököly út 41. II/6"
    whole(redactor, f"Current address: {debrecen}. She has been offered work", debrecen)
    whole(redactor, f"Dr. Farkas-Nagy Réka, {budapest}, tel. +36 30 417 2286", budapest)
    # control: a year before a town is no postcode
    assert addresses(redactor, "In 2024 Berlin, 12 Baker Street was sold") == ["12 Baker Street"]


def test_romanian_blocks_and_english_floors_after_the_number(redactor: pii.Redactor) -> None:
    text = "Sender: Ana-Maria Ionescu, Strada Republicii 44, bl. C2, sc. 2, ap. 15, 500030 Brașov, tel. 0722 318 604"
    whole(redactor, text, "Strada Republicii 44, bl. C2, sc. 2, ap. 15, 500030 Brașov")
    whole(redactor, "Flat: Agias Sofias 47, 3rd floor, 546 22 Thessaloniki\nRent: 520", "Agias Sofias 47, 3rd floor")
    # control: a floor a sentence later is the meeting's, not the address's
    assert addresses(redactor, "We met at 12 Baker Street at the 3rd floor meeting") == ["12 Baker Street"]


def test_words_and_numbers_before_an_address_that_are_no_unit_stay_outside_it(redactor: pii.Redactor) -> None:
    """A review's probes (2026-12-06): "no" without its dot, a date, a road's number, an amount, French "et"."""
    assert addresses(redactor, "There is no 221B Baker Street, London") == ["221B Baker Street, London"]
    assert addresses(redactor, "On 12/5, 14 Elm Street flooded") == ["14 Elm Street"]
    assert addresses(redactor, "Take the A38, 14 Elm Street is after it") == ["14 Elm Street"]
    assert addresses(redactor, "Paid 1500 Euro, 14 Elm Street") == ["14 Elm Street"]
    assert addresses(redactor, "Livrer au 12 rue de la Paix et celui-ci") == ["12 rue de la Paix"]
