"""Neighbouring spans that make one value get one placeholder: two capitalised parts of a name a space apart, a given
name cut short before the rest, a street address and the town after its comma. Words beside a name that are no part of
it, and two people or two towns in a list, keep their own."""

from __future__ import annotations

import pii
from pii._spans import Entity, joined


def _values(text: str, *found: tuple[str, str]) -> list[tuple[str, str]]:
    """What `joined` makes of the spans of `found` (type, value: the value's first occurrence after the last one)."""
    spans, at = [], 0
    for kind, value in found:
        at = text.index(value, at)
        spans.append(Entity(kind, at, at + len(value), 0.6))
        at += len(value)
    return [(span.type, text[span.start : span.end]) for span in joined(text, spans)]


def test_two_capitalised_parts_of_a_name_a_space_apart_are_one_value() -> None:
    text = "Contact Tahmina Akhter Chowdhury or 파주 금촌동 office."
    found = [("PERSON", "Tahmina Akhter"), ("PERSON", "Chowdhury"), ("LOCATION", "파주"), ("LOCATION", "금촌동")]
    assert _values(text, *found) == [("PERSON", "Tahmina Akhter Chowdhury"), ("LOCATION", "파주 금촌동")]


def test_a_word_beside_a_name_and_names_in_a_list_keep_their_own() -> None:
    text = "her son Liang Haoran; Maria, Ana and Luis; Paris, Lyon"
    found = [("PERSON", "son"), ("PERSON", "Liang Haoran"), ("PERSON", "Maria"), ("PERSON", "Ana")]
    found += [("LOCATION", "Paris"), ("LOCATION", "Lyon")]
    assert [value for _, value in _values(text, *found)] == ["son", "Liang Haoran", "Maria", "Ana", "Paris", "Lyon"]


def test_two_names_in_two_sentences_two_towns_in_a_row_and_a_list_of_towns_after_an_address_keep_their_own() -> None:
    text = "Thanks, Tom. Mary will call from Paris London. 12 High St, Leeds, York"
    found = [("PERSON", "Tom"), ("PERSON", "Mary"), ("LOCATION", "Paris"), ("LOCATION", "London")]
    found += [("STREET_ADDRESS", "12 High St"), ("LOCATION", "Leeds"), ("LOCATION", "York")]
    assert [value for _, value in _values(text, *found)] == [
        "Tom",
        "Mary",
        "Paris",
        "London",
        "12 High St, Leeds",
        "York",
    ]


def test_a_given_name_cut_short_and_an_address_with_its_town_are_one_value() -> None:
    text = "Insured: Ma. Lourdes Santos, 4420 rue Wellington, app. 3, Verdun"
    found = [("PERSON", "Ma"), ("PERSON", "Lourdes Santos")]
    found += [("STREET_ADDRESS", "4420 rue Wellington, app. 3"), ("LOCATION", "Verdun")]
    assert _values(text, *found) == [
        ("PERSON", "Ma. Lourdes Santos"),
        ("STREET_ADDRESS", "4420 rue Wellington, app. 3, Verdun"),
    ]


def test_a_part_of_a_joined_name_written_alone_elsewhere_is_still_masked(redactor: pii.Redactor) -> None:
    text = "Please call Tahmina Akhter Chowdhury today. Chowdhury said the claim is urgent."
    redaction = redactor.redact(text)
    assert "Chowdhury" not in redaction.text and "Tahmina" not in redaction.text
    assert pii.restore(redaction.text, redaction.vault) == text
