"""Phone numbers written as their country dials them, in a text that names that country (2026-12-06's twenty-eighth
session, `pii._phone_regions`): by its name, one of its towns, a number with its "+" code, or an e-mail address under
its domain. Each case beside a control the same rule must leave alone: a number that country's plan does not hold, a
run unbroken as customers' numbers are, a file's extension that is no country's domain."""

from __future__ import annotations

import pii
from pii._phone_regions import named_regions
from tests.pii.masking import found


def test_a_text_names_its_countries_by_name_town_code_and_mail_domain() -> None:
    assert named_regions("Draw held in Singapore on Saturday.") == ("SG",)
    assert named_regions("Kothrud pickup at 7, then the Pune office") == ("IN",)
    assert named_regions("Call me on +45 20 11 22 33") == ("DK",)
    assert named_regions("arnarthor95@simnet.is | Hvolsvöllur") == ("IS",)
    assert named_regions("see www.ura.gov.sg, then Pune and Denmark", without=("DK",)) == ("SG", "IN")
    # controls: a file's extension, a domain used for its letters or a short link's, a rise in per cent, a given name
    assert named_regions("run setup.py, read notes.md, bit.ly/x4 and https://youtu.be/x; up +45.1% on Jordan") == ()
    assert named_regions("the meeting moved to Tuesday") == ()


def test_a_singapore_number_in_a_text_naming_singapore_is_masked(redactor: pii.Redactor) -> None:
    text = "Prize draw (Singapore): 2nd prize - Muhammad Haziq bin Roslan, Tampines, 8765 0312"
    assert found(redactor, text, "PHONE_NUMBER") == ["8765 0312"]
    # control: Singapore's plan holds no number opening with 1 (a ticket range, not a phone)
    assert found(redactor, "Prize draw (Singapore): tickets 1234 5678 to 1234 5999 were drawn", "PHONE_NUMBER") == []


def test_indian_and_icelandic_numbers_by_a_town_and_a_mail_domain(redactor: pii.Redactor) -> None:
    pune = "Pickups (Pune):\n- Aditi Kulkarni: 7:00, Kothrud, 98220 41173\n- Rohan: 8:00, Baner, 90110 87345"
    assert found(redactor, pune, "PHONE_NUMBER") == ["98220 41173", "90110 87345"]
    iceland = "1 | Arnar Þór Guðmundsson | 862 4417 | arnarthor95@simnet.is | Hvolsvöllur"
    assert "862 4417" in found(redactor, iceland, "PHONE_NUMBER")
    # control: a file named like a domain names no country, and the same row then holds no number of a loaded plan
    assert "862 4417" not in found(redactor, "1 | rows.is | 862 4417 | done", "PHONE_NUMBER")


def test_a_number_unbroken_is_read_by_a_named_country_only_when_grouped(redactor: pii.Redactor) -> None:
    row = '40129;Aysel Demir Jensen;"Skovvej 3, 8680 Ry, Denmark";66121302;517,0;31 62 05 17;'
    phones = found(redactor, row, "PHONE_NUMBER")
    assert "31 62 05 17" in phones
    assert "66121302" not in phones  # a customer's number: Denmark's plan holds it, but no one groups it so


def test_amounts_seasons_and_numbered_things_in_a_text_naming_a_country_stay(redactor: pii.Redactor) -> None:
    """A review's probes (2026-12-06): a country's plan reads such runs as numbers, grouped as no phone is."""
    for text in (
        "Iceland's budget: 7 500 000 ISK for the harbour",
        "Copenhagen FC won the 2023-2024 season",
        "Order 4471 2290 from the Copenhagen store has shipped",
        "Hong Kong shoe sizes 2.5 3.0 3.5 4.0 in stock",
    ):
        assert found(redactor, text, "PHONE_NUMBER") == [], text
