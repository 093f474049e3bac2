"""A column of a table pasted with no header holds people or places where its other cells are people or places found
already (2026-12-06's twenty-eighth session, `pii._column_kinds`): "| Hawa Jalloh | ... | Lozells |" below rows whose
towns were found. Each case beside a control the same rule must leave alone: a column with one such cell only, a notes
cell of everyday words, a header's names of columns."""

from __future__ import annotations

import pii
from pii._column_kinds import kinds_of_their_columns
from pii._spans import Entity
from tests.pii.masking import found

ROWS = (
    "| Khadija El-Amrani | 07446 219 587 | Sparkbrook | halal only, can drive |\n"
    "| Shirin Barzani | 07935 662 018 | Alum Rock | Remote |\n"
    "| Abdelrahman Osman | 0121 772 4950 | Moseley | new this year |\n"
    "| Hawa Jalloh | 07512 884 039 | Birmingham | brings her sister |\n"
    "| Ama Mensah | 07512 884 040 | London | Head Office |"
)


def _added(text: str, found_as: dict[str, str]) -> set[str]:
    """What `kinds_of_their_columns` adds to `text` where each key of `found_as` was found as its value's type."""
    found_already = [
        Entity(kind, text.index(value), text.index(value) + len(value), 0.9) for value, kind in found_as.items()
    ]
    return {text[e.start : e.end] for e in kinds_of_their_columns(text, found_already)}


def test_the_other_cells_of_a_column_of_places_are_places(redactor: pii.Redactor) -> None:
    places = found(redactor, ROWS, "LOCATION")
    assert {"Sparkbrook", "Alum Rock", "Moseley"} <= set(places)
    assert "Remote" not in places and "Head Office" not in places  # the notes' column holds no place found


def test_a_column_with_one_place_found_says_nothing(redactor: pii.Redactor) -> None:
    rows = ROWS.replace("Alum Rock", "Lozells").replace("London", "-")  # only Birmingham is found in the column now
    places = found(redactor, rows, "LOCATION")
    assert "Sparkbrook" not in places and "Lozells" not in places


def test_a_header_row_and_cells_not_written_as_names_stay() -> None:
    text = "| Name | Phone | Area |\n| Hawa Jalloh | 0751 | Lozells |\n| Ama | 0752 | Leeds |\n| Bo | 0753 | York |"
    found_as = {"Hawa Jalloh": "PERSON", "Leeds": "LOCATION", "York": "LOCATION"}
    assert _added(text, found_as) == {"Lozells"}  # not the header's "Area"
    # control: a column of towns in a table of no one's data (no person, phone or e-mail beside it) says nothing
    assert _added(text, {"Leeds": "LOCATION", "York": "LOCATION"}) == set()


def test_a_markdown_header_and_a_column_of_repeated_values_add_nothing() -> None:
    table = "| Gast | Herkunft | Zimmer |\n|---|---|---|\n| Ana Lima | Porto | 12 |\n| Bo Chen | Gdańsk | 14 |\n"
    table += "| Ida | Tczew | 15 |"
    found_as = {"Ana Lima": "PERSON", "Porto": "LOCATION", "Gdańsk": "LOCATION"}
    assert _added(table, found_as) == {"Tczew"}  # not the header's "Herkunft"
    voices = "1;Ana Lima;Alto\n2;Bo Chen;Tenor\n3;Ida Berg;Alto\n4;Lu Wei;Tenor\n5;Kim Ode;Bass"
    alto = voices.index("Alto")
    found_already = [Entity("PERSON", alto, alto + 4, 0.9), Entity("PERSON", voices.index("Bass"), len(voices), 0.9)]
    assert kinds_of_their_columns(voices, found_already) == []  # parts repeated: "Tenor" is no one's name
