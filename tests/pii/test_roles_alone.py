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
    ("text", "role", "still_masked"),
    [
        ("Seen today for a cough. Mum works nights at the Tesco in Newmarket.", "Mum", ("LOCATION", "Newmarket")),
        ("Grandma lives with us in Hamilton now and Grandma loves the garden.", "Grandma", ("LOCATION", "Hamilton")),
        (
            "Landlord says the boiler will be fixed on Friday. Tenant is Aroha Ngata, flat 3.",
            "Landlord",
            ("PERSON", "Aroha Ngata"),
        ),
    ],
)
def test_a_relative_or_a_role_alone_is_not_masked(
    redactor: pii.Redactor, text: str, role: str, still_masked: tuple[str, str]
) -> None:
    masked = _masked(redactor, text)
    assert role not in [value for _, value in masked]
    assert still_masked in masked  # and the text was detected: its place or its person is masked


def test_a_wedding_role_is_not_masked_but_a_name_in_its_place_is(redactor: pii.Redactor) -> None:
    assert _masked(redactor, "Groom arrives at 2pm; the photographer wants the Groom's family by the fountain.") == []
    control = "Tomasz Nowak arrives at 2pm; the photographer wants the Nowak family by the fountain."
    assert ("PERSON", "Tomasz Nowak") in _masked(redactor, control)


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
        ("Son", False),  # a Korean family name
        ("Porter", False),  # a trade, and an English surname: trades are not in the rule
        ("Chidinma", False),
    ],
)
def test_which_words_are_a_role_alone(word: str, alone: bool) -> None:
    assert _a_role_alone(word) is alone
