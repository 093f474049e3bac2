"""Identifiers as people type them, not as checks and libraries expect them (2026-12-04's twelfth session): an IBAN in
any case and grouping, a mistyped IBAN or card after a word naming it, a bank's own account number after a word of
account, a number written with + and a country's code in a range kept for fiction, an email address spelled out,
Korea's spaced birth date with its closing dot, a Japanese era's date and a Hungarian one. Each case beside a control
the same rule must leave alone."""

from __future__ import annotations

import time

import pii
from pii._accounts import NamedAccountRecognizer, NamedCardRecognizer, after_its_word, iban_checksum_holds, ibans
from tests.pii.masking import hidden, whole

VALID_IBAN = "DE89 3704 0044 0532 0130 00"
MISTYPED_IBAN = "DE89 3704 0044 0532 0130 01"  # Presidio's own negative case: one digit off, the checksum fails


def types_of(redactor: pii.Redactor, text: str) -> dict[str, str]:
    """Each detected value of `text` and its type."""
    return {text[e.start : e.end]: e.type for e in redactor.redact(text).entities}


def test_an_iban_in_any_case_and_grouping_is_found_with_its_checksum() -> None:
    assert [(s, e, ok) for s, e, ok in ibans(f"pay {VALID_IBAN.lower()} now")] == [(4, 31, True)]
    for written in (VALID_IBAN, VALID_IBAN.replace(" ", "  "), VALID_IBAN.replace(" ", "."), "DE89370400440532013000"):
        assert [ok for *_, ok in ibans(written)] == [True], written
    assert [text_end for _, text_end, _ in ibans(f"{VALID_IBAN} Transferring")] == [len(VALID_IBAN)]
    assert [ok for *_, ok in ibans(MISTYPED_IBAN)] == [False]
    assert iban_checksum_holds("GB82WEST12345698765432") and not iban_checksum_holds("GB83WEST12345698765432")
    # controls: no registered country, a length no country's IBAN has, a product code
    assert list(ibans("XX89 3704 0044 0532 0130 00, DE89 3704 0044 0532 0130, model AB12 CD34")) == []


def test_an_iban_typed_in_lower_case_is_masked_whole(redactor: pii.Redactor) -> None:
    whole(redactor, f"iban {VALID_IBAN.lower()} please", VALID_IBAN.lower())
    whole(redactor, "IBAN: DE89  3704  0044  0532  0130  00 (Sparkasse)", "DE89  3704  0044  0532  0130  00")
    whole(redactor, "받는 계좌 IBAN:de89370400440532013000로 보내주세요", "de89370400440532013000")


def test_a_mistyped_iban_is_masked_after_a_word_naming_an_account_and_left_bare(redactor: pii.Redactor) -> None:
    whole(redactor, f"IBAN: {MISTYPED_IBAN}", MISTYPED_IBAN)
    whole(redactor, f"Please refund my account {MISTYPED_IBAN.replace(' ', '')} today", MISTYPED_IBAN.replace(" ", ""))
    whole(redactor, f"계좌: {MISTYPED_IBAN}로 송금 부탁드립니다", MISTYPED_IBAN)
    assert "IBAN_CODE" not in types_of(redactor, MISTYPED_IBAN).values()  # control: bare, it is no IBAN (Presidio's)
    line = f"IBAN below\nreference {MISTYPED_IBAN}"
    assert "IBAN_CODE" not in types_of(redactor, line).values()  # control: the word stands on another line


def test_the_groups_of_a_bare_iban_whose_check_fails_are_no_phone_number(redactor: pii.Redactor) -> None:
    # Presidio's own negatives: "0961 2345 6760" and "0120 6900 0000" were masked as phone numbers, so the text was
    # touched while the code that holds them, no IBAN, crossed anyway.
    for bare in ("BE71 0961 2345 6760", "IL15 0120 6900 0000", "IE29 AIBK A311 5212 3456 78"):
        assert redactor.redact(bare).text == bare
    # controls: the same groups near a word of account or payment (before, after, on the line above), or apart from
    # the code, or in an IBAN whose check holds
    whole(redactor, "Account: BE71 0961 2345 6760", "BE71 0961 2345 6760")
    for near in (
        f"Bitte überweisen an {MISTYPED_IBAN}",
        f"Bankverbindung:\n{MISTYPED_IBAN}",
        f"{MISTYPED_IBAN} (my IBAN)",
    ):
        whole(redactor, near, MISTYPED_IBAN)
    hidden(redactor, "BE71, call 0961 2345 6760 after six", "0961 2345 6760")
    hidden(redactor, "call 0961 2345 6760 after six", "0961 2345 6760")
    assert types_of(redactor, "BE68 5390 0754 7034") == {"BE68 5390 0754 7034": "IBAN_CODE"}


def test_a_card_number_whose_check_fails_is_masked_after_a_word_naming_a_card(redactor: pii.Redactor) -> None:
    whole(redactor, "Card: 4111 1111 1111 1112, exp 09/27.", "4111 1111 1111 1112")
    whole(redactor, "My visa is 4539-1488-0343-6468 please refund.", "4539-1488-0343-6468")  # 12 of 16 were hidden
    whole(redactor, "카드번호 5412 7512 3412 3457로 결제했어요.", "5412 7512 3412 3457")
    whole(redactor, "card ending 4242, full number 4242424242424241", "4242424242424241")
    assert "CREDIT_CARD" not in types_of(redactor, "order 4111 1111 1111 1112 shipped").values()  # control: no word
    seasons = "card collection of 2015 2016 2017 2018 seasons"
    assert redactor.redact(seasons).text == seasons  # control: four years after a word of card


def test_a_banks_own_account_number_is_masked_after_a_word_of_account(redactor: pii.Redactor) -> None:
    whole(redactor, "입금 계좌: 카카오뱅크 3333-21-7740912 (예금주 국서희)", "3333-21-7740912")
    whole(redactor, "■ 보험금 입금계좌: 대구은행 508-10-334921-7 (육상현)", "508-10-334921-7")
    whole(redactor, "Kontonummer 1234567890, bitte bis Freitag", "1234567890")
    found = types_of(redactor, "계좌번호 110-123-456789 (신한은행)")
    assert found == {"110-123-456789": "BANK_ACCOUNT"}
    gift = types_of(redactor, "마음 전하실 곳: 신한은행 110-482-339102")  # "482-339102" alone reads as an SSN
    assert gift == {"110-482-339102": "BANK_ACCOUNT"}
    money = "계좌로 15000000원 입금했고, 송금 2024-03-12에 완료"
    assert "BANK_ACCOUNT" not in types_of(redactor, money).values()  # control: an amount and a date
    assert "BANK_ACCOUNT" not in types_of(redactor, "order 110-123-456789 shipped").values()  # control: no word
    others = "Dashen Bank, Addis Ababa (data analyst, 2016-2021); 계좌 변경은 담당자(직통 02-6931-4472)에게"
    assert "BANK_ACCOUNT" not in types_of(redactor, others).values()  # control: years, a phone number


def test_a_number_with_a_countrys_code_in_a_range_kept_for_fiction_is_a_phone_number(redactor: pii.Redactor) -> None:
    whole(redactor, "f.oyelaran@mailbox.example\t+44 7700 900418\tLeeds", "+44 7700 900418")
    whole(redactor, "Oluwaseun Adeyemi-Cole,+44 7700 918 442,seun@example.com", "+44 7700 918 442")
    whole(redactor, "Reach him at +1 555 010 4477.", "+1 555 010 4477")
    listed = types_of(redactor, "Phone: +234 803 415 2290 / 0809 117 6634 (wife)")
    assert listed == {"+234 803 415 2290": "PHONE_NUMBER", "0809 117 6634": "PHONE_NUMBER"}  # two numbers, not one
    short = "scores +44 7700 and +1 2024"
    assert redactor.redact(short).text == short  # control: too few digits for any country's number


def test_birth_dates_of_korea_japans_eras_and_hungary(redactor: pii.Redactor) -> None:
    whole(redactor, "출생: 2001. 2. 3.", "2001. 2. 3.")
    whole(redactor, "생년월일 2001.2.3. 김민준", "2001.2.3.")
    hidden(redactor, "date of birth for the guest register: 昭和27年5月9日 (9 May 1952)", "昭和27年5月9日")
    hidden(redactor, "Nagy Erzsébet (született: Budapest, 1952. március 14.)", "1952. március 14.")
    chat = "2025. 11. 29. 오후 8:22, 반태준 : 응 알겠어"
    assert "2025. 11. 29." in redactor.redact(chat).text  # control: a chat export's clock, no word of birth


def test_an_email_address_spelled_out_is_masked_whole(redactor: pii.Redactor) -> None:
    for address in (
        "jan.kowalski at gmail dot com",
        "anna(at)firma.de",
        "maria [at] example [dot] org",
        "mehmet.yilmaz @ hotmail.com",
        "j.smith@@gmail.com",
        "jan.kowalski arroba gmail punto com",  # as Spanish says it, and French, German, Korean below
        "marie.dupont arobase gmail point com",
        "anna(at)firma(punkt)de",
        "kim.min 골뱅이 naver.com",
        "ade dot ogunleye at yahoo dot co dot uk",  # a transcript's: the local part's dot said too
    ):
        whole(redactor, f"write to {address} please", address)
    controls = (
        "I work at Amazon.com, see version 3.2 at github.com and README.md at github.com; result = weights @ inputs.T;"
        " price: 5 @ 3.99 each; meet at the station dot five; the point is that we met at noon point blank;"
        " I work at amazon dot com, mostly in town dot at night;"
        " 이 점은 중요해요, 지점 방문"
    )
    assert "EMAIL_ADDRESS" not in types_of(redactor, controls).values()  # a firm, a version, a file, code, a price


def test_what_a_review_found_masked_by_these_rules_stays(redactor: pii.Redactor) -> None:
    not_accounts = (
        "Account code 10-2000-3000 is for travel expenses.\n계좌 수: 12345678개\nBank: Sparkasse, Tel. 030-1234567\n"
        "은행 고객센터 1588-8000\nAccount statement period 20240101-20240131.\nCompte rendu n° 20240312"
    )
    assert "BANK_ACCOUNT" not in types_of(redactor, not_accounts).values()  # a code, a count, phones, dates
    not_cards = (
        "SIM card: 8944 1234 5678 9012.\nLoyalty card 6123456789012345 earned 200 points.\n"
        "카드 사용액 5000000000000000원.\nDiscover the new features in build 2345678901234567."
    )
    assert "CREDIT_CARD" not in types_of(redactor, not_cards).values()  # a SIM's serial, a loyalty card, an amount
    not_emails = "I work at amazon dot com. Version: v1.2.3 at github dot com. The obj.method at runtime.internal."
    assert "EMAIL_ADDRESS" not in types_of(redactor, not_emails).values()
    assert "PHONE_NUMBER" not in types_of(redactor, "The vote passed +12 345 678 to -9 876 543.").values()
    assert "Reading" in redactor.redact("Born in Boston and Reading is her hobby.").text  # an everyday word after "and"
    glued = "Paris x Paris1952. március 14."
    assert pii.restore((done := redactor.redact(glued)).text, done.vault) == glued  # no date cut off a word (a leak)


def test_a_named_number_is_searched_near_its_word_only() -> None:
    words = "1234 " + "카드 " * 10666  # thousands of words and no number after any: the search was quadratic
    for recognizer in (NamedCardRecognizer, NamedAccountRecognizer):
        started = time.perf_counter()
        assert list(after_its_word(words, recognizer.CUE, recognizer.NUMBER)) == []
        assert time.perf_counter() - started < 1.0
    far = "카드 " + "x" * 70 + " 4111 1111 1111 1112"
    assert list(after_its_word(far, NamedCardRecognizer.CUE, NamedCardRecognizer.NUMBER)) == []  # 70 characters on
    near = "카드 " + "x" * 40 + " 4111 1111 1111 1112"
    assert list(after_its_word(near, NamedCardRecognizer.CUE, NamedCardRecognizer.NUMBER)) == [(44, 63)]  # control


def test_a_birth_date_after_a_hungarian_word_of_birth(redactor: pii.Redactor) -> None:
    """Hungary's spaced date after "szül." (2026-12-06), as Korea's after "출생:"."""
    hidden(redactor, "Bejelentő: Kovácsné Szabó Ildikó, szül. 1966. 04. 27., Szeged", "1966. 04. 27.")
    # control: the same shape of date after no word of birth is an invoice's, not a person's
    invoice = "A számla kelte: 2026. 04. 27., összeg 12 000 Ft"
    assert "2026. 04. 27." in redactor.redact(invoice).text
