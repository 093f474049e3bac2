"""Numbers read aloud, as transcripts and OCR write them: hidden as their digits would be, and restored exactly.

Each reading is paired with the same number typed in digits, and each with text whose number words are no number.
"""

from __future__ import annotations

import re

import pytest

import pii
from pii._normalize import normalize

# (id, transcript, the number as read, its type, the same number typed)
READ_ALOUD = [
    (
        "en-card",
        "caller: yeah it's {} and the expiry is next june",
        "four four zero four nine three one three six one nine two zero three eight two",
        "CREDIT_CARD",
        "4404 9313 6192 0382",
    ),
    (
        "en-mobile-double",
        "um my mobile is {} if you need me",
        "zero seven four nine one double three eight two six zero",
        "PHONE_NUMBER",
        "07491 338260",
    ),
    (
        "en-nhs",
        "and my nhs number is {} thanks",
        "seven zero seven one two four eight one zero nine",
        "UK_NHS",
        "707 124 8109",
    ),
    (
        "en-plus",
        "the number in kigali is {}, she's there till friday",
        "plus two five zero seven eight eight three one four five nine two",
        "PHONE_NUMBER",
        "+250 788 314 592",
    ),
    ("en-plus-digits", "reach me on {} after six", "plus 250 788 314 592", "PHONE_NUMBER", "+250 788 314 592"),
    ("en-plus-unspaced", "reach me on {} after six", "plus 250788314592", "PHONE_NUMBER", "+250788314592"),
    (
        "ko-mobile",
        "상담사 번호 말씀해 주세요\n고객 {}이요",
        "공일공 삼칠이육 오오팔일",
        "PHONE_NUMBER",
        "010-3726-5581",
    ),
    ("ko-mobile-one-word", "고객 네 {} 맞아요", "공일공삼삼팔일구구공사", "PHONE_NUMBER", "01033819904"),
    ("ko-rrn", "고객 주민번호는 {} 입니다", "구이공사일이 다시 이공사팔사구삼", "KR_RRN", "920412-2048493"),
    ("ocr-letter-o", "연락처: {}\n주소: 확인 필요", "O1O-9182-O435", "PHONE_NUMBER", "010-9182-0435"),
]


@pytest.mark.parametrize(
    ("text", "value", "kind", "typed"), [r[1:] for r in READ_ALOUD], ids=[r[0] for r in READ_ALOUD]
)
def test_a_number_read_aloud_is_hidden_as_its_digits_are(
    redactor: pii.Redactor, text: str, value: str, kind: str, typed: str
) -> None:
    for written in (typed, value):  # the control first: the number typed
        prompt = text.format(written)
        redaction = redactor.redact(prompt)
        assert (kind, written) in [(e.type, prompt[e.start : e.end]) for e in redaction.entities]
        assert pii.restore(redaction.text, redaction.vault) == prompt


@pytest.mark.parametrize(
    "text",
    [
        "we need one or two of them, three four five six at most",  # six number words: no number
        "count along with me: one two three four five six",
        "oh no, one more thing: two of the four boxes were open",
        "이삼일 전에 이사 했어요. 오이 사러 가요",  # words made of digit syllables
        "삼일절에 공원에서 만나요",
        "Send the PO-7781-OK form to the office",  # an O in a code, not a zero
        # a review's: lyrics, a countdown, a mic check, a list of scores, binary, and Korean words of digit syllables
        "Lyrics:\nOh, oh, oh, oh, oh, oh, oh, I'm in love with you",
        "Countdown: ten, nine, eight, seven, six, five, four, three, two, one, liftoff!",
        "Mic check, one two, one two, one two, one two.",
        "Scores: eight, nine, seven, eight, nine, six, nine.",
        "Binary for 180 is one zero one one zero one zero zero.",
        "와 오오오오오오오오오오오 대박 진짜",
        "사람들이 삼삼오오 사이사이 일일이 모여 앉았다",
        "공사 공사 공사 공사 공사 때문에 시끄럽다",
        "일이삼사 다시 오육칠팔 다시 일이삼사",
    ],
)
def test_number_words_that_are_no_number_are_left(text: str) -> None:
    assert normalize(text).view == text
    assert normalize(text).spoken == ()


def test_each_digit_maps_back_onto_the_word_it_was_read_from() -> None:
    text = "it's oh seven eight double four, one two three nine nine"
    norm = normalize(text)
    assert norm.view == "it's 0784412399"
    ((start, end),) = norm.spoken
    assert text[slice(*norm.to_original(start, end))] == text[5:]
    assert text[slice(*norm.to_original(start + 3, start + 4))] == "double"  # "double four": the first 4
    assert text[slice(*norm.to_original(start + 4, start + 5))] == "four"


def test_a_number_no_recognizer_types_is_still_hidden(redactor: pii.Redactor) -> None:
    """Read aloud with no word of phoning near it, a run of digits no rule types: the number is hidden as a phone
    number all the same, where the same digits typed are left."""
    words, digits = "two two one three three four four five", "22133445"
    assert redactor.redact(f"the code i got was {digits} ok").entities == ()
    prompt = f"the code i got was {words} ok"
    redaction = redactor.redact(prompt)
    assert [(e.type, prompt[e.start : e.end]) for e in redaction.entities] == [("PHONE_NUMBER", words)]
    assert re.search(r"two|five", redaction.text) is None


def test_a_region_that_replaces_only_emails_leaves_numbers_read_aloud() -> None:
    emails_only = pii.Redactor(pii.PiiSettings(entities=("EMAIL_ADDRESS",), detect_workers=0))
    try:
        prompt = "call zero seven four nine one three three eight two six zero or mail ana@example.com"
        assert emails_only.redact(prompt).counts() == {"EMAIL_ADDRESS": 1}
    finally:
        emails_only.close()


def test_a_name_of_digit_syllables_beside_a_number_read_aloud_is_no_part_of_it() -> None:
    """ "이영구" reads 2-0-9: before a number that opens with 0, or after a whole one, it is a name (a review's)."""
    for text, number in (
        ("공일공 삼칠이육 오오팔일 이영구 드림", "공일공 삼칠이육 오오팔일"),
        ("담당자 이영구 공일공 구일팔이 공사삼오", "공일공 구일팔이 공사삼오"),
    ):
        norm = normalize(text)
        ((start, end),) = norm.spoken
        assert text[slice(*norm.to_original(start, end))] == number
        assert "이영구" in norm.view


def test_a_number_a_plus_opens_is_a_phone_number_whatever_its_length(redactor: pii.Redactor) -> None:
    text = "Routing: 021000021 Account: +123456789012"
    assert ("PHONE_NUMBER", "123456789012") in [(e.type, text[e.start : e.end]) for e in redactor.redact(text).entities]
