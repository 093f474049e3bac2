"""A family name after its initials (2026-12-04): "K. Obi", "R.T. Wanjiru-Kamau", "Mr O Adebayo-Cole", wherever it
stands, while an enumeration, a degree or a compass point before a place stays ("Plan B. Option", "B.Pharm", "N.
Ireland"; spaCy's own reading of "Vitamin D. Intake" as a person is left). Texts written for these tests, each
beside a control."""

from __future__ import annotations

import pytest

import pii
from tests.pii.masking import hidden, whole


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Please ask K. Obi to call me back.", "K. Obi"),
        ("Escalated by R.T. Wanjiru-Kamau after the audit.", "R.T. Wanjiru-Kamau"),
        ("Subject: Re: travel alert \u2013 H. Matsumoto", "H. Matsumoto"),  # a town's name, but no town takes initials
        ("Respondent: Mr O Adebayo-Cole", "O Adebayo-Cole"),  # a title, then an initial without its dot
    ],
)
def test_a_family_name_after_its_initials_is_hidden_with_them(redactor: pii.Redactor, text: str, name: str) -> None:
    hidden(redactor, text, name)
    whole(redactor, text, name)


@pytest.mark.parametrize(
    "text",
    [
        "See section A. Introduction, then Plan B. Option C.",
        "Education: B.Pharm (2015), M.Sc (2018)",
    ],
)
def test_an_enumeration_or_a_degree_stays(redactor: pii.Redactor, text: str) -> None:
    assert not [e for e in redactor.redact(text).entities if e.type == "PERSON"]


def test_a_compass_point_before_a_place_is_no_initial(redactor: pii.Redactor) -> None:
    redaction = redactor.redact("She moved from N. Ireland to S. Korea.")
    assert not [e for e in redaction.entities if e.type == "PERSON"]  # places, if anything
