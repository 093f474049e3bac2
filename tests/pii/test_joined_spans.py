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


def test_a_region_in_brackets_a_nickname_inside_a_name_an_alias_and_a_names_apostrophe_join_their_value() -> None:
    text = (
        "Née à Annecy (France); lives at Lindauer Straße 48, 87439 Kempten (Allgäu). Patient: A.M. (Anneke) van der "
        "Heijden-Bos. Winner: Lim Kah Seng @ Sunny Lim. Respondent: Achieng' Otieno Awuor"
    )
    found = [("LOCATION", "Annecy"), ("LOCATION", "France")]
    found += [("STREET_ADDRESS", "Lindauer Straße 48, 87439 Kempten"), ("PERSON", "Allgäu")]
    found += [("PERSON", "A.M."), ("PERSON", "Anneke"), ("PERSON", "van der Heijden-Bos")]
    found += [("PERSON", "Lim Kah Seng"), ("PERSON", "Sunny Lim"), ("PERSON", "Achieng"), ("PERSON", "Otieno Awuor")]
    assert _values(text, *found) == [
        ("LOCATION", "Annecy (France)"),
        ("STREET_ADDRESS", "Lindauer Straße 48, 87439 Kempten (Allgäu)"),
        ("PERSON", "A.M. (Anneke) van der Heijden-Bos"),
        ("PERSON", "Lim Kah Seng @ Sunny Lim"),
        ("PERSON", "Achieng' Otieno Awuor"),
    ]


def test_a_nickname_or_other_spelling_after_a_name_a_quoted_title_and_a_town_in_two_scripts_keep_their_own() -> None:
    # An answer that names the person restores the form it chose: "Dear [[PERSON-2]]" is "Dear Katia".
    text = "Kateryna Bondarenko (Katia) and Grace Seo (서은지) watched '우영우' 정주행 in Seoul (서울)."
    found = [("PERSON", "Kateryna Bondarenko"), ("PERSON", "Katia"), ("PERSON", "Grace Seo"), ("PERSON", "서은지")]
    found += [("PERSON", "우영우"), ("PERSON", "정주행"), ("LOCATION", "Seoul"), ("LOCATION", "서울")]
    assert [value for _, value in _values(text, *found)] == [
        "Kateryna Bondarenko",
        "Katia",
        "Grace Seo",
        "서은지",
        "우영우",
        "정주행",
        "Seoul",
        "서울",
    ]


def test_a_town_read_as_a_person_after_an_address_joins_it_where_it_closes_its_cell_only() -> None:
    text = "Payee\t415 N. Bever St., Wooster\tOH\nDeliver to 12 Main St, John will sign"
    found = [("STREET_ADDRESS", "415 N. Bever St."), ("PERSON", "Wooster")]
    found += [("STREET_ADDRESS", "12 Main St"), ("PERSON", "John")]
    assert [value for _, value in _values(text, *found)] == ["415 N. Bever St., Wooster", "12 Main St", "John"]


def test_a_family_name_then_given_names_after_a_label_a_key_or_a_title_are_one_name() -> None:
    text = (
        "Name: Tsosie, Darnell K.   Preferred name: DK\n"
        "rejected: debtor=Brinkmann-Özdemir, Anna-Lena; iban=DE44\n"
        '{"naam": "van der Linden, Maartje", "instrument": "viool"}\n'
        "- Dr. Lee, Min-jun - card via the embassy"
    )
    found = [("PERSON", "Tsosie"), ("PERSON", "Darnell K."), ("PERSON", "Brinkmann-Özdemir"), ("PERSON", "Anna-Lena")]
    found += [("PERSON", "van der Linden"), ("PERSON", "Maartje"), ("PERSON", "Lee"), ("PERSON", "Min-jun")]
    assert [value for _, value in _values(text, *found)] == [
        "Tsosie, Darnell K.",
        "Brinkmann-Özdemir, Anna-Lena",
        "van der Linden, Maartje",
        "Lee, Min-jun",
    ]


def test_whole_names_listed_after_a_label_keep_their_own() -> None:
    text = "Mon: Morag MacLeod, Eilidh (new), Hamish Urquhart\nCheers, Lucía"
    found = [("PERSON", "Morag MacLeod"), ("PERSON", "Eilidh"), ("PERSON", "Hamish Urquhart"), ("PERSON", "Cheers")]
    found += [("PERSON", "Lucía")]
    assert [value for _, value in _values(text, *found)] == [
        "Morag MacLeod",
        "Eilidh",
        "Hamish Urquhart",
        "Cheers",
        "Lucía",
    ]


def test_two_people_or_a_place_and_a_person_found_side_by_side_keep_their_own() -> None:
    # what a review's probes found the first version of these joins merging
    text = (
        "To: Anna, Ben\nSigned: Mr Patel, Mr Shah\nPair: Lennon, McCartney\nRegional lead for Dublin (Aoife Byrne). "
        "Our Berlin (Anna) team. Trip to France (Paris). Team: Jan Kowalski (Anna) Piotr Nowak. James' Paul Smith. "
        "Send to 12 Main St., Anna Smith\tpaid"
    )
    found = [("PERSON", "Anna"), ("PERSON", "Ben"), ("PERSON", "Mr Patel"), ("PERSON", "Mr Shah")]
    found += [("PERSON", "Lennon"), ("PERSON", "McCartney"), ("LOCATION", "Dublin"), ("PERSON", "Aoife Byrne")]
    found += [("LOCATION", "Berlin"), ("LOCATION", "Anna"), ("LOCATION", "France"), ("LOCATION", "Paris")]
    found += [("PERSON", "Jan Kowalski"), ("PERSON", "Anna"), ("PERSON", "Piotr Nowak"), ("PERSON", "James")]
    found += [("PERSON", "Paul Smith"), ("STREET_ADDRESS", "12 Main St."), ("PERSON", "Anna Smith")]
    assert [value for _, value in _values(text, *found)] == [value for _, value in found]
