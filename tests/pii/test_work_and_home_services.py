"""Work and money at home (2026-12-06's twenty-sixth session): given names of many countries from a kept dictionary,
other languages' names of big cities, a payroll printout's columns, names in their own script beside their Latin
spelling, the town after an employer's legal form, Korean blocks of flats named by a brand, numbers OCR misread, and
Vietnamese names marked by their middle name. Each case is paired with text written the same way that holds no one.
"""

from __future__ import annotations

import pii
from tests.pii.masking import found, hidden, whole


def test_given_names_of_the_dictionary_are_names_and_its_names_before_a_things_word_are_not(
    redactor: pii.Redactor,
) -> None:
    hidden(redactor, "Site inspector Owain Pritchard signed the report on Friday.", "Owain", "Pritchard")
    hidden(redactor, "My brother-in-law Manjit may stay with us for a month.", "Manjit")
    # controls: a given name of the dictionary before a word of an organisation or an everyday word names a thing
    assert found(redactor, "She was treated at Kenyatta National Hospital last year.", "PERSON") == []
    assert found(redactor, "Ring the Lindley Group office about the invoice.", "PERSON") == []


def test_other_languages_names_of_big_cities_are_places(redactor: pii.Redactor) -> None:
    hidden(redactor, "Sono nato a Napoli nel 1980.", "Napoli")
    hidden(redactor, "Nino wraca z urlopu z Tbilisi 9 grudnia.", "Tbilisi")  # Polish "z": from
    hidden(redactor, "A Ana se mudou para Ipatinga em outubro.", "Ipatinga")  # Portuguese "para" after moving
    # control: a Sardinian name of Cagliari that English uses as a word stays a word
    assert found(redactor, "The caller said the Caller ID was hidden.", "LOCATION") == []


def test_a_payroll_printouts_name_columns_are_hidden_under_headers_of_several_words(redactor: pii.Redactor) -> None:
    printout = (
        "EMP   SURNAME          FORENAMES          NI NUMBER      TAX CODE   GROSS      EE NIC\n"
        "0112  KOWALCZYK        Bartłomiej         JT 48 31 72 C  1257L      2,418.50   115.42\n"
        "0147  POPESCU          Ionela-Mădălina    PX 62 19 05 A  1257L      1,987.00    80.92"
    )
    hidden(redactor, printout, "KOWALCZYK", "Bartłomiej", "POPESCU", "Ionela-Mădălina")
    # control: the same header over a ruled line and totals holds no one's name
    totals = (
        "EMP   SURNAME          FORENAMES          NI NUMBER      TAX CODE   GROSS\n"
        "----------------------------------------------------------------------------\n"
        "TOTALS                                                              9,825.35"
    )
    assert found(redactor, totals, "PERSON") == []


def test_a_name_in_its_own_script_beside_its_latin_spelling_is_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "Our PRO, Mr Ahmed Fathy Abdel-Rahman (أحمد فتحي عبد الرحمن), will collect it.", "أحمد فتحي")
    hidden(redactor, "Cand 2: Meron Tesfaye Gebremariam (መሮን ተስፋዬ) - Ethiopian", "መሮን ተስፋዬ")
    hidden(redactor, "[10:03] Liu Siqi 刘思琪: Hi Mr Wang", "刘思琪")
    hidden(redactor, "紧急联系人是她妈妈 李秀英, 139 8176 4402", "李秀英")
    form = "ふりがな\u3000いしかわ みさき\n氏\u3000\u3000名\u3000石川 美咲\n生年月日\u30001996年7月24日"
    hidden(redactor, form, "いしかわ みさき", "石川 美咲")
    # controls: a title in Chinese after a Latin name, a relative's word before ordinary words, a discipline in Latin
    assert "经理" not in found(redactor, "Meeting with Wang Jun 经理 tomorrow", "PERSON")
    assert found(redactor, "我和妈妈 一起去了北京", "PERSON") == []
    assert found(redactor, "我儿子高考了。我太太 周末加班。", "PERSON") == []  # words after a relative's word
    assert not {"周末见", "孔子学院"} & set(found(redactor, "Mary 周末见\uff01\nJack Ma 孔子学院", "PERSON"))
    assert "Cardiology" not in found(redactor, "Please call Dr Priya Raman (Cardiology) tomorrow.", "PERSON")


def test_the_town_after_an_employers_legal_form_is_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "2019 \u2013 2023   Sachbearbeiterin, Krones AG, Neutraubling", "Neutraubling")
    whole(redactor, "2016 \u2013 2021: HR Assistant, Kasapreko Company Ltd, Accra, Ghana", "Accra, Ghana")
    # control: a department after the firm is no town
    assert found(redactor, "Jane works at Acme Ltd, Human Resources", "LOCATION") == []


def test_addresses_with_a_brand_named_block_or_a_danish_floor_are_hidden_whole(redactor: pii.Redactor) -> None:
    phase = "주소 충청북도 청주시 흥덕구 복대동 2981 지웰시티2차 105동 3102호 맞으신가요?"
    whole(redactor, phase, "지웰시티2차 105동 3102호")
    brand = "청구지 주소: 강원도 원주시 단구로 182-9, 원주단구 e편한세상 108동 1702호"
    whole(redactor, brand, "e편한세상 108동 1702호")
    whole(redactor, '40122;Søren Østergaard;"Nørrebrogade 44, st. tv., 8000 Aarhus C";66120988', "8000 Aarhus C")
    hidden(redactor, "State of Origin: Anambra State\nMarital Status: Married", "Anambra")
    # controls: an origin that is no place's label, and a Korean sentence going on after the number
    assert found(redactor, "Origin: Manual\nPriority: High", "LOCATION") == []
    assert "이에요" in hidden(redactor, "사무실은 서울 중구 을지로 170 이에요", "을지로 170")


def test_numbers_ocr_misread_are_read_as_digits(redactor: pii.Redactor) -> None:
    hidden(redactor, "He can be reached on O7700 900 651 or by email.", "O7700 900 651")
    hidden(redactor, "Tel: 01902 5l8 337", "01902 5l8 337")
    hidden(redactor, "I was born 04/O9/1948 and I am on the register.", "04/O9/1948")
    # control: letters beside few digits are words and codes, as written
    assert hidden(redactor, "I 2024 report, B2B and O2 plans, Flat 1l") == "I 2024 report, B2B and O2 plans, Flat 1l"


def test_vietnamese_names_marked_by_their_middle_name_are_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "02/12 14:36 IB call. Cust NGUYEN THI THU HA, DOB 12/08/1952", "NGUYEN THI THU HA")
    hidden(redactor, "Our tech Tran Thi Minh will visit.", "Tran Thi Minh")
    hidden(redactor, "Employee: LE VAN HUNG", "LE VAN HUNG")
    # controls: a Dutch "Van" after a word that is a Vietnamese family name too; words in capitals that are no names
    assert found(redactor, "The Do Van Dam fund", "PERSON") == []
    assert found(redactor, "LE VAN GOGH EXHIBITION PARIS\nMAI VAN DRIVERS WANTED", "PERSON") == []
