"""Towns after another language's preposition of place, in a line of that language (`pii._places_abroad`), written
as that language inflects them ("z Wieliczki", "i Hjärup", "a Calderara"); while a firm, a hospital's name, a day and an
English line's "v" stay no place. Texts written for these tests, each beside a control."""

from __future__ import annotations

import pytest

import pii
from pii._places import gazetteer
from pii._places_abroad import places_after_other_languages_prepositions
from tests.pii.masking import found


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Babcia przyjedzie do nas z Wieliczki na święta, a potem wraca do siebie.", "Wieliczki"),
        ("Vi har flyttat och bor nu i Hjärup, men jobbar kvar i stan.", "Hjärup"),
        ("Il pacco va spedito a Calderara entro venerdì, perché lei non c'è più in ufficio.", "Calderara"),
    ],
)
def test_a_town_after_another_languages_preposition_is_a_place(redactor: pii.Redactor, text: str, town: str) -> None:
    assert town in found(redactor, text, "LOCATION")


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Trabalho na Dell e antes estava na Totvs, como analista de sistemas.", "Totvs"),  # firms
        ("Była leczona w Szpitalu Uniwersyteckim w Krakowie przez dwa tygodnie.", "Szpitalu"),  # a hospital's name
        ("May mediation po kami sa Sabado ng umaga sa barangay hall, salamat po.", "Sabado"),  # a day
        ("Michael Brennan v Kiltane Rovers: 2-1 after extra time", "Kiltane"),  # English: "versus"
        ("Kupiłem to w Biedronce, a paragon mam w Excelu, czy mogę to zwrócić?", "Biedronce"),  # a shop, a program
        ("Kupiłem to w Biedronce, a paragon mam w Excelu, czy mogę to zwrócić?", "Excelu"),
        ("Spotkajmy się w Styczniu, jak wrócę z urlopu do pracy.", "Styczniu"),  # a month
        ("Buon Natale a Tutti e grazie a tutti per il lavoro di quest'anno!", "Tutti"),  # another language's word
        ("Min pappa jobbar på Volvo sedan många år och trivs där.", "Volvo"),  # a firm
    ],
)
def test_a_firm_a_building_or_a_day_after_such_a_preposition_is_no_place(
    redactor: pii.Redactor, text: str, word: str
) -> None:
    places = found(redactor, text, "LOCATION")
    assert not any(word in place for place in places), places
    assert "Krakowie" in places or "Krakowie" not in text  # the town after the hospital's name is one


def test_a_listed_towns_stem_is_a_town_though_english_uses_it() -> None:
    text = "Mieszkamy w Readingu od dwóch lat, a paragon mam w Excelu."
    spans = places_after_other_languages_prepositions(text, gazetteer("recognizers"))
    assert [text[start:end] for start, end in spans] == ["Readingu"]  # "Reading" is listed; "Excel" is a program
