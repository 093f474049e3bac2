"""Forms that run their fields on one line, as PDFs, OCR and exports paste them: a name in capitals after its label
in a line in upper and lower case, a name that ends where the next label begins, and columns a wide gap apart.

Each case is paired with its control: the same name written in upper and lower case, a speaker's label, a heading or
a sentence in capitals that names no one.
"""

from __future__ import annotations

import pytest

import pii
from pii._redactor import _a_proper_noun
from pii._truecase import truecased


def _found(redactor: pii.Redactor, text: str) -> list[tuple[str, str]]:
    redaction = redactor.redact(text)
    assert pii.restore(redaction.text, redaction.vault) == text
    return [(e.type, text[e.start : e.end]) for e in redaction.entities]


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("DRIVER / OWNER 1 Name: {} Date of birth: 1990-05-17", "THARSHIKA BALASINGAM"),
        ("Policy holder: {} (main driver), renewal due", "OKONKWO-ADEBAYO CHIDERA"),
    ],
)
def test_a_name_in_capitals_in_a_line_in_upper_and_lower_case_is_hidden(
    redactor: pii.Redactor, line: str, name: str
) -> None:
    as_written = name.title()  # the control: the same name as a reader writes it
    assert ("PERSON", as_written) in _found(redactor, line.format(as_written))
    assert ("PERSON", name) in _found(redactor, line.format(name))


def test_a_run_in_capitals_is_written_as_a_reader_would_only_where_it_names_something() -> None:
    line = "Name: THARSHIKA BALASINGAM Date of birth: 1990-05-17"
    assert truecased(line, _a_proper_noun) == "Name: Tharshika Balasingam Date of birth: 1990-05-17"
    for heading in (
        "Fees paid for SHOT LIST and the EVENING RECEPTION at the hotel",
        "II. CONDITIONS FINANCIÈRES Le loyer mensuel est fixé à 780 €",
        "I HAVE READ AND UNDERSTOOD THE RISKS OF BOULDERING.   SIGNED: M. Tuipulotu",
        "Organism:  ESCHERICHIA COLI",  # a field no person fills
        "Rx: AMOXICILLIN CLAVULANATE 875 mg",
    ):
        assert truecased(heading, _a_proper_noun) is None  # a heading or a sentence: its words are everyday ones


def test_a_heading_in_capitals_stays_and_the_signature_beside_it_goes(redactor: pii.Redactor) -> None:
    found = _found(redactor, "I HAVE READ AND UNDERSTOOD THE RISKS OF BOULDERING.   SIGNED: M. Tuipulotu")
    assert found == [("PERSON", "M. Tuipulotu")]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Name: Anna Maria Grace Sex: F", "Anna Maria Grace"),
        ("DRIVER / OWNER 2 Name: KAVALIAUSKAS, TOMAS Date of birth: 1968-10-02", "TOMAS"),
        ("Patient: Rebin Hawrami Mahmoud   DOB 12/03/1980", "Rebin Hawrami Mahmoud"),
    ],
)
def test_a_name_ends_where_the_next_field_begins(redactor: pii.Redactor, text: str, name: str) -> None:
    people = [value for kind, value in _found(redactor, text) if kind == "PERSON"]
    assert name in people
    assert not any(value.endswith(("Sex", "Date", "DOB")) for value in people)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Mary Rose: hello there, see you at noon", "Mary Rose"),  # a speaker's label
        ("Re: call with Emma Stone: she agreed to the terms", "Emma Stone"),  # a name's everyday word before a colon
        ("Attendee list:\nSarah  Long\nPeter  White", "Sarah  Long"),  # two blanks inside a name
        ("Employee  Richard  King  Dept  HR", "Richard  King"),
    ],
)
def test_a_names_own_words_are_no_next_field(redactor: pii.Redactor, text: str, name: str) -> None:
    """A review's: only a form's labels end a name's field, never a name's own words, however everyday."""
    redaction = redactor.redact(text)
    assert all(word not in redaction.text for word in name.split())


def test_a_column_a_wide_gap_away_is_no_part_of_a_name(redactor: pii.Redactor) -> None:
    text = "Nom / Naam  TSHIBANDA MIREILLE        Compte / Rekening  BE64 7711 6059 2705"
    redaction = redactor.redact(text)
    assert "MIREILLE" not in redaction.text and "TSHIBANDA" not in redaction.text
    people = [text[e.start : e.end] for e in redaction.entities if e.type == "PERSON"]
    assert people == ["TSHIBANDA MIREILLE"]  # not the label before it, nor the next column's after the gap
    assert pii.restore(redaction.text, redaction.vault) == text
