"""Family and community life (2026-12-06's twenty-seventh session): China's mobile numbers inside Chinese sentences,
Irish-language streets, and a town written with its country's code. Each case is paired with text written the same
way that holds no one.
"""

from __future__ import annotations

import pii
from tests.pii.masking import found, hidden, whole


def test_a_chinese_mobile_number_inside_a_chinese_sentence_is_a_phone(redactor: pii.Redactor) -> None:
    hidden(redactor, "王伟的手机号是13912345678。", "13912345678")
    hidden(redactor, "联系电话\uff1a13812345678", "13812345678")
    # controls: the same digits in an English sentence with no word of phoning, and a longer order number in Chinese
    assert found(redactor, "Order 13812345678 shipped on Monday.", "PHONE_NUMBER") == []
    assert found(redactor, "订单号 2024113012345678901", "PHONE_NUMBER") == []


def test_an_irish_language_street_is_an_address(redactor: pii.Redactor) -> None:
    whole(redactor, "He lives at 3 Ard na Gréine, Letterkenny, Co. Donegal.", "3 Ard na Gréine")
    whole(redactor, "Send the card to 14 Bóthar an Phiarsaigh, Gaillimh.", "14 Bóthar an Phiarsaigh")
    # control: a height's word with no article after it is no street
    assert found(redactor, "We scored 3 Ard goals in the second half.", "STREET_ADDRESS", "LOCATION") == []


def test_a_town_with_its_countrys_code_is_one_place(redactor: pii.Redactor) -> None:
    whole(redactor, "Sent from Dunedin, NZ", "Dunedin, NZ")
    whole(redactor, "He moved to Leeds, UK in May.", "Leeds, UK")
    # controls: a country's code after a greeting or a word, not a town
    assert found(redactor, "Hello, FR team. Thanks, UK team.", "LOCATION") == []


def test_a_given_name_opening_a_sentence_alone_in_brackets_or_paired_is_a_person(redactor: pii.Redactor) -> None:
    text = "Notes: Tharshini can only do mornings. Marek from the heating company will call."
    hidden(redactor, text, "Tharshini", "Marek")
    hidden(redactor, "Reception (Reem): the address is on the form.", "Reem")
    hidden(redactor, "Mariage Claire & Hugo, samedi 12 juin", "Claire", "Hugo")
    # controls: an ordinary word opening a sentence, names that are everyday words paired, a firm of two given names
    assert found(redactor, "Notes: Salary can only be paid monthly. Heating from the boiler is fine.", "PERSON") == []
    assert found(redactor, "We sell Amber and Jade jewellery, and Summer and Autumn menus.", "PERSON") == []
    assert found(redactor, "Ben & Jerry's is open late.", "PERSON") == []
