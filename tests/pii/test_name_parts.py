"""A person named in full once and by one part of the name after, in any case, is masked there too (2026-12-06's
twenty-eighth session, `pii._name_parts`). Each case beside a control the same rule must leave alone: the parts of a
name that are everyday words, a word of code with a capital inside it."""

from __future__ import annotations

import pii
from pii._name_parts import name_parts
from pii._spans import Entity
from tests.pii.masking import hidden


def test_a_part_of_a_name_found_is_masked_where_it_recurs_in_any_case(redactor: pii.Redactor) -> None:
    hidden(redactor, "Contact: Tharshini Balasubramaniam, 0412 555 111. tharshini prefers texts.", "tharshini")
    hidden(redactor, "Patient: Ruairidh Pryce (DOB 17/08/2014). Mum says ruairidh sleeps badly.", "ruairidh")
    # controls: a name's part naming a thing after its person; a name's parts that are everyday words
    assert "a venn diagram" in redactor.redact("John Venn drew them first. Draw a venn diagram of the sets.").text
    masked = redactor.redact("Grace Park called about the lease. By grace of the council we may park here.").text
    assert "By grace of the council we may park here." in masked


def test_only_rare_parts_of_people_found_are_searched_for() -> None:
    text = "Grace Park, Tharshini Balasubramaniam and PstlAdr Cdtr; Leeds Road"
    kinds = {"Grace Park": "PERSON", "Tharshini Balasubramaniam": "PERSON", "PstlAdr Cdtr": "PERSON"}
    kinds["Leeds Road"] = "STREET_ADDRESS"  # no person's: its words are no name's parts
    found = [Entity(kind, text.index(value), text.index(value) + len(value), 0.9) for value, kind in kinds.items()]
    parts = {part for part, _ in name_parts(text, found)}
    assert parts == {"tharshini", "balasubramaniam", "cdtr"}  # not "grace", "park", the camel-cased "PstlAdr"
    dish = "Order the Chicken Biryani."  # a dish spaCy may read as someone: its words are no one's name elsewhere
    assert list(name_parts(dish, [Entity("PERSON", 10, 25, 0.9)])) == []
