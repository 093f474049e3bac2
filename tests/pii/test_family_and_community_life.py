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
    assert found(redactor, "订单号\uff1a13912345678\n总投资15000000000元", "PHONE_NUMBER") == []  # an order, an amount
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
    whole(redactor, "He moved to Leeds, UK, in May.", "Leeds, UK")
    whole(redactor, "nata a Treviglio (BG) nel 1950", "Treviglio (BG)")  # Bergamo's code, not Bulgaria's
    # controls: a country's code after a greeting or a word, or before a word, not a town's
    assert found(redactor, "Hello, FR team. Thanks, UK team. Thanks Florence, IT will reset it.", "LOCATION") == []


def test_a_given_name_opening_a_sentence_alone_in_brackets_or_paired_is_a_person(redactor: pii.Redactor) -> None:
    text = "Notes: Tharshini can only do mornings. Shirin is allergic to peanuts."
    hidden(redactor, text, "Tharshini", "Shirin")
    hidden(redactor, "Reception (Reem): the address is on the form.", "Reem")
    hidden(redactor, "Mariage Claire & Hugo, samedi 12 juin", "Claire", "Hugo")
    # controls: an ordinary word opening a sentence, names that are everyday words paired, a firm of two given names
    openings = "Notes: Salary can only be paid monthly. Prune the roses. Sabah erken geldim."
    assert found(redactor, openings, "PERSON") == []
    assert found(redactor, "We sell Amber and Jade jewellery, and Summer and Autumn menus.", "PERSON") == []
    assert found(redactor, "Ben & Jerry's is open late.", "PERSON") == []


def test_a_nickname_in_brackets_inside_a_name_of_seldom_words_hides_the_whole_name(redactor: pii.Redactor) -> None:
    whole(redactor, "Still missing: Sajeev (Sajju) Pillai, phone not reachable.", "Sajeev (Sajju) Pillai")
    # controls: a short form defined before everyday words, a product's
    assert found(redactor, "Laboratory (Lab) Results are in. Buy a Google (Goog) Pixel now.", "PERSON") == []


def test_a_town_with_its_state_or_province_abroad_is_one_place(redactor: pii.Redactor) -> None:
    whole(redactor, "nacido en Tepatitlán de Morelos, Jalisco.", "Tepatitlán de Morelos, Jalisco")
    whole(redactor, "户口还在 Nanchong, Sichuan, 但她现在住 Chengdu", "Nanchong, Sichuan")
    # control: two towns in a list stay two places
    assert "Paris" in found(redactor, "We moved from Paris, Lyon and Nice.", "LOCATION")
    assert found(redactor, "Opera (Carmen, 1875) tonight.", "PERSON") == []  # a list's first item in brackets


def test_an_address_with_its_district_floor_and_postcode_written_as_abroad_is_one_address(
    redactor: pii.Redactor,
) -> None:
    philippine = "47 Kamias Road, Brgy. Pinyahan"
    whole(redactor, f"sa bahay nila: {philippine}, Quezon City, 7pm.", philippine)
    mexican = "Calle Pedro Moreno 1452, Col. Americana, C.P. 44160, Guadalajara, Jalisco"
    whole(redactor, f"el domicilio de la familia: {mexican}.", mexican)
    whole(redactor, "2. Mr WONG, Flat B, 5/F, 33 Fuk Wing Street, Sham Shui Po\n", "Flat B, 5/F, 33 Fuk Wing Street")
    whole(redactor, "a lakásán: 6000 Kecskemét, Rákóczi út 17, 2. emelet 5.", "Rákóczi út 17, 2. emelet 5")
    # control: a count after the town is no part of the address
    assert "2 bedrooms" not in found(redactor, "Meet at 12 Main Street, Springfield, 2 bedrooms.", "STREET_ADDRESS")[0]


def test_a_korean_notices_son_daughter_groom_and_bride_are_named_by_their_given_names(redactor: pii.Redactor) -> None:
    hidden(redactor, "신랑 재현 010-6218-4037\n신부 다은 010-9352-1184", "재현", "다은")
    hidden(redactor, "상주 변지훈 / 자부 류하나\n입관 12월 7일", "류하나", "하나")
    hidden(redactor, "아버지(故 국영길) 장례 치르고 조의금 명부 정리", "국영길")
    # controls: the groom's and the bride's side, their waiting room, their bank
    notice = "신랑 측 연락처 010-4720-9981\n신부 대기실은 2층\n마음 전하실 곳: 신랑 농협 352-1184-2207-63"
    assert found(redactor, notice, "PERSON") == []


def test_where_a_korean_relative_comes_up_from_or_calls_home_is_a_place(redactor: pii.Redactor) -> None:
    hidden(redactor, "장석진,부친 고향 친구,100000,010-2745-8831,함평에서 올라오심", "함평")
    hidden(redactor, "응 고향이 연길이시래. 한국 오신 지 20년", "연길")
    # controls: a head office's letter comes up too; a home town asked about, a friend from it
    assert found(redactor, "본사에서 올라온 공문입니다. 고향이 어디세요? 고향 친구가 왔어요.", "LOCATION") == []


def test_a_forms_person_is_hidden_under_a_plural_label_a_role_and_before_their_number(redactor: pii.Redactor) -> None:
    form = "Surname: D'SOUZA\nForename(s): Sunday Emmanuel\nAddress: 23 Cranbrook Road, Ilford"
    hidden(redactor, form, "D'SOUZA", "Sunday Emmanuel")
    assert "Forename" not in found(redactor, form, "PERSON")  # the label itself is no one
    hidden(redactor, "Parent volunteer: Hope Asante (mum of Kwabena in 10R)", "Hope Asante")
    # controls: a browser in an agent's field, a patient's state before a reading, a table of conductors
    text = "Agent: Chrome\nPatient: stable overnight, BP 120/80\nconductor,resistance\nCopper,0.017"
    assert found(redactor, text, "PERSON") == []


def test_the_home_after_a_notices_age_or_maiden_name_is_a_place(redactor: pii.Redactor) -> None:
    hidden(redactor, "Kwa amani: Mwl. Josephine Kilonzo, 71, of Tegeta, buried on Saturday.", "Tegeta")
    hidden(redactor, "Dede Quaynor (née Lamptey) of Tema, and Akosua Mensah-Bonsu", "Tema")
    # controls: a firm after a name and an age, a firm after a name
    assert found(redactor, "Sam Altman, 39, of OpenAI spoke. Dario Amodei of Anthropic said so.", "LOCATION") == []


def test_a_relative_in_italian_a_birthplaces_field_and_a_chinese_speaker_name_people_and_places(
    redactor: pii.Redactor,
) -> None:
    hidden(redactor, "Messaggio per i parenti: zia Nunzia non c'è più. I figli Gennaro e Carmela", "Nunzia", "Gennaro")
    record = "  - name: Amina Sheikh Mohamud\n    phone: 763-555-0121\n    born_in: Hargeisa"
    hidden(redactor, record, "Hargeisa")
    chat = "[10:02] 陳嘉欣 Karen: 各位早晨!\n[10:05] Siti Rahayu: ok\n[10:10] 林志明: I'm back"
    hidden(redactor, chat, "陳嘉欣", "林志明")
    # controls: a cousin from a town, a chat's Chinese labels that are words, a field of a build
    assert found(redactor, "La cugina di Roma è arrivata.\n[10:02] 周末: 安排\n[10:03] 金额: 500", "PERSON") == []
    assert found(redactor, "build:\n  born_in: 2019\n  target: linux", "LOCATION") == []


def test_the_place_closing_a_lists_item_after_a_name_is_a_place(redactor: pii.Redactor) -> None:
    roster = "1 Calum MacAoidh (keeper), Portree\n3. Tharshan & Nithya Balasubramaniam, Uentrop \u2013 300 €"
    hidden(redactor, roster, "Portree", "Uentrop")
    # controls: a signature's department, a register's given name, a role after a name
    text = "Katharina Moosbrugger, Schadenabteilung\n\nPATEL, Priya\nDr Priya Raman, Cardiology"
    assert found(redactor, text, "LOCATION") == []


def test_a_nickname_in_quotes_not_short_for_the_name_hides_the_whole_name(redactor: pii.Redactor) -> None:
    whole(redactor, "Squad list\nGK: Otieno 'Bolt' Ouma\nDEF: Brian Kiprotich", "Otieno 'Bolt' Ouma")
    whole(redactor, 'CB-40125,2025-09-05,"Oren ""Ori"" Ashkenazi",2221 7560 1136 5539', 'Oren ""Ori"" Ashkenazi')
    # controls: products' models in quotes between their maker's and their kind's words
    text = 'Buy the Ikea \'Billy\' Bookcase. The Grace "Amazing" Church and Victoria "Secret" Garden.'
    words = {word for value in found(redactor, text, "PERSON") for word in value.split()}
    assert not {"Billy", "Amazing", "Secret"} & words


def test_a_relative_abroad_in_two_scripts_and_a_chinese_koreans_name_with_its_characters_are_hidden(
    redactor: pii.Redactor,
) -> None:
    hidden(redactor, "- 몽골 가족 번호: +976 9911 4827 (어머니 체첵, Tsetseg)", "체첵", "Tsetseg")
    hidden(redactor, "조선족동료 리홍매(李红梅)가 그만뒀어요", "리홍매", "李红梅")
    # controls: a company in Latin letters after a relative's workplace, a Korean word and its characters
    assert found(redactor, "(아빠 회사, Google) 근무. 문화재(文化財) 보호법", "PERSON") == []
