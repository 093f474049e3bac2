"""What migrants, their employers and their families paste (2026-12-08's thirty-seventh session): names in Latin
capitals, as a passport writes them, after a Korean label or as a JSON key's value; a wallet's message naming whom money
went to, in capitals; and a Korean name whose last syllable Kiwi reads as a particle.
Each case is paired with text written the same way that names no one.
"""

from __future__ import annotations

import pii
from tests.pii.masking import found, hidden


def test_a_passports_name_after_a_korean_label_is_a_person(redactor: pii.Redactor) -> None:
    record = "[응급의학과 진료기록 요약]\n환자명: DIMAS ARYA SAPUTRA / M / 28세\n외국인등록번호: 980930-5402663"
    hidden(redactor, record, "DIMAS ARYA SAPUTRA")
    family = "유족 연락처\n- 부인: KEO SREYMOM, +855 12 734 918\n- 장인: SAN BUNTHOEUN / 장모: NHEM SOKHA"
    hidden(redactor, family, "KEO SREYMOM", "NHEM SOKHA")
    form = '{\n  "applicant": {\n    "name_passport": "BAT-ERDENE TEMUULEN",\n    "nationality": "Mongolia"\n  }\n}'
    hidden(redactor, form, "BAT-ERDENE TEMUULEN")
    # controls: a diagnosis, a firm, a product and an unknown value in capitals after labels of the same shape
    text = "진단명: ACUTE APPENDICITIS / 수술 예정\n회사명: SAMSUNG ELECTRONICS, 담당: 내일 연락\n"
    text += "보호자: TBC / 연락처 미정\n부인: GUCCI MARMONT 가방 선물"
    assert found(redactor, text, "PERSON") == []
    text = '{\n  "product_name": "GALAXY BUDS PRO",\n  "program_title": "KOREAN LANGUAGE COURSE"\n}'
    assert found(redactor, text, "PERSON") == []


def test_whom_a_wallets_money_went_to_is_a_person(redactor: pii.Redactor) -> None:
    message = "RKT4H2XQ9P Confirmed. Ksh4,500.00 sent to JOSEPHINE WANJIRU KAMAU 0712448390 on 4/12/26 at 3:14 PM."
    hidden(redactor, message, "JOSEPHINE WANJIRU KAMAU")
    scam = "GH₵2,300 was sent from her wallet to 059 604 1178, registered name EMMANUEL TETTEH. She went to the office."
    hidden(redactor, scam, "EMMANUEL TETTEH")
    # controls: a firm's registered name, a trade's, a help line's and a biller's number in capitals
    text = "Paid to till 88231, registered name MWANGI HOLDINGS LTD. For repairs call ACME PLUMBING 0712 448 390."
    assert found(redactor, text, "PERSON") == []
    text = (
        "Our hotline is CUSTOMER CARE 0800 123 4567. The file name is FINAL REPORT DRAFT, sent to UNIT TEST 12345678."
    )
    assert found(redactor, text, "PERSON") == []


def test_a_korean_name_is_hidden_whole_where_its_last_syllable_reads_as_a_particle(redactor: pii.Redactor) -> None:
    # Kiwi reads "이수진" after a label's colon as "이수지" and the topic particle "ᆫ": the name ended before "진"
    memo = "가족 연락처\n며느리: 이수진 010-2233-4455\n아들: 박정훈"
    assert "이수진" in found(redactor, memo, "PERSON")
    hidden(redactor, memo, "수진", "박정훈")
    # controls: a particle of its own syllable after a name is no name's ("이수진은"), and names stay whole
    assert found(redactor, "이수진은 내일 와요. 담당자: 김은진, 010-3344-5566", "PERSON") == ["이수진", "김은진"]
