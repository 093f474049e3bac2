"""A relative or a role by itself is nobody's name: spaCy's small model reads a capitalised "Mum", "Grandma",
"Landlord" or "Groom" opening a sentence as a person, and every repeat of it was masked after it. A name in the same
place is still masked, and so are given names that families also call a relative by ("Lola", a grandmother in the
Philippines)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import pii
from pii.recognizers import _a_role_alone


@pytest.fixture(scope="module")
def redactor() -> Iterator[pii.Redactor]:
    made = pii.Redactor(pii.PiiSettings(detect_workers=0))
    yield made
    made.close()


def _masked(redactor: pii.Redactor, text: str) -> list[tuple[str, str]]:
    return [(e.type, text[e.start : e.end]) for e in redactor.redact(text).entities]


@pytest.mark.parametrize(
    ("text", "role", "name"),
    [
        ("Seen today for a cough. {} works nights at the Tesco in Newmarket.", "Mum", "Ngozi Okafor"),
        ("{} lives with us in Hamilton now and loves the garden by the river.", "Grandma", "Ngozi Okafor"),
        ("{} says the boiler will be fixed on Friday; the flat is on the second floor.", "Landlord", "Aroha Ngata"),
        ("{} arrives at 2pm; the photographer wants the family by the fountain.", "Groom", "Tomasz Nowak"),
    ],
)
def test_a_relative_or_a_role_alone_is_not_masked_but_a_name_in_its_place_is(
    redactor: pii.Redactor, text: str, role: str, name: str
) -> None:
    assert role not in [value for _, value in _masked(redactor, text.format(role))]
    assert ("PERSON", name) in _masked(redactor, text.format(name))


def test_a_given_name_a_family_calls_a_relative_by_is_still_masked(redactor: pii.Redactor) -> None:
    assert ("PERSON", "Lola") in _masked(redactor, "Lola called me yesterday from Cebu about the fiesta.")


@pytest.mark.parametrize(
    ("word", "alone"),
    [
        ("Mum", True),
        ("Landlord", True),
        ("Victim", True),
        ("Complainant:", True),
        ("Groom's", True),
        ("Lola", False),  # a grandmother in the Philippines, and a given name
        ("Tito", False),
        ("Bride", False),  # an Irish given name
        ("Guest", False),  # a family name
        ("Son", False),  # a Korean family name
        ("SON", False),  # in a form's capitals too
        ("Halmeoni", False),  # a grandmother in Korean: no English word
        ("Porter", False),  # a trade, and an English surname: trades are not in the rule
        ("Chidinma", False),
    ],
)
def test_which_words_are_a_role_alone(word: str, alone: bool) -> None:
    assert _a_role_alone(f"Note: {word} came by.", word) is alone


def test_a_role_word_that_is_part_of_a_name_in_the_same_text_is_no_role_alone() -> None:
    text = "Rick Husband commanded the mission. Husband radioed Houston at dawn."
    assert not _a_role_alone(text, "Husband")  # the family name of "Rick Husband", met again alone
    assert _a_role_alone("My husband radioed. Husband says hi.", "Husband")  # control: no name holds it
