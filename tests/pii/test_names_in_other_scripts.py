"""A person or a place found in one script and spelled again in another right beside it (2026-12-07): the other
spelling sounds as the name does, and is hidden with it, whatever its script ("Tamar Kapanadze / თამარ კაფანაძე",
"Somchai Jaidee / สมชาย ใจดี"). Words of another script beside a name that do not sound as it does stay: a greeting, a
word of the sentence, a label."""

from __future__ import annotations

import pytest

import pii
from pii._other_scripts import same_sounds
from tests.pii.masking import hidden


@pytest.mark.parametrize(
    ("text", "spelling"),
    [
        ("Seller: Tamar Kapanadze / თამარ კაფანაძე, Tbilisi, never shipped the order.", "თამარ კაფანაძე"),
        ("Witness: אברהם כהן (Avraham Cohen) signed the statement on Monday.", "אברהם כהן"),
        ("Please translate the discharge note of Somchai Jaidee / สมชาย ใจดี into English.", "สมชาย ใจดี"),
        ("Kind regards,\nKhalid\nخالد عمر الزعابي\nProcurement Officer", "خالد عمر الزعابي"),
        ("Guest list: Chen Jiahui 陈佳慧 · table 4, vegetarian.", "陈佳慧"),
        ("Contact: Priya Sharma / प्रिया शर्मा, Pune office.", "प्रिया शर्मा"),
        ("Guide: Maria Santos マリア・サントス will meet you at the gate.", "マリア・サントス"),
    ],
)
def test_a_names_spelling_in_another_script_beside_it_is_hidden(
    redactor: pii.Redactor, text: str, spelling: str
) -> None:
    hidden(redactor, text, spelling)


def test_words_of_another_script_beside_a_name_that_do_not_sound_as_it_stay(redactor: pii.Redactor) -> None:
    text = "Khalid Mansour: مرحبا كيف حالك\nContact Olivia Chen / 주스 두 병 주문\nmother of Jae-min (윤재민)"
    kept = hidden(redactor, text, "Khalid Mansour", "Olivia Chen", "윤재민")
    assert "مرحبا كيف حالك" in kept and "주스 두 병 주문" in kept and "mother of" in kept


def test_a_sentence_in_another_script_after_a_name_is_no_spelling_of_it(redactor: pii.Redactor) -> None:
    text = "Note from Maria:\nماريا ستذهب إلى المدرسة مع أصدقائها غدا صباحا"
    assert "ستذهب إلى المدرسة" in redactor.redact(text).text


def test_a_name_sounds_the_same_in_scripts_that_write_no_short_vowels() -> None:
    assert same_sounds("Mariam") == same_sounds("مريم")
    assert same_sounds("Cohen") == same_sounds("כהן")
    assert same_sounds("Mariam") != same_sounds("Miriam Cohen")  # the control: another name sounds otherwise


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("喪主：長女\u3000佐藤 美和子\n住所は後日お知らせします", ("佐藤 美和子",)),
        ("Forwarded:\n> > > 鈴木 一郎さんへ、明日の件です", ("鈴木 一郎",)),
        ("父\u3000高橋 茂（たかはし しげる）儀\u3000永眠いたしました", ("高橋 茂", "たかはし しげる")),
    ],
)
def test_a_japanese_name_written_with_a_space_is_hidden_with_its_reading(
    redactor: pii.Redactor, text: str, values: tuple[str, ...]
) -> None:
    hidden(redactor, text, *values)


def test_a_place_or_a_workplace_after_a_japanese_family_names_characters_stays(redactor: pii.Redactor) -> None:
    text = "中村 区役所で手続きをして、上野 動物園に行きました"
    assert redactor.redact(text).text == text


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The parcel never came. Regards,\nشكراً، يوسف", "يوسف"),
        ("Please translate:\nالاسم: سلمى خالد العتيبي\nالعمر: 34", "سلمى خالد العتيبي"),
        ("Meeting with السيد أحمد علي حسن next week about the lease.", "أحمد علي حسن"),
        ("Please add to the prayer list: רבקה בת לאה.", "רבקה בת לאה"),
        ("Tell ד״ר יעל לוי that I called.", "יעל לוי"),
        ("Contract party: นางสาวมาลี ศรีสุข, Bangkok branch", "มาลี ศรีสุข"),
    ],
)
def test_a_name_in_arabic_hebrew_or_thai_letters_is_hidden(redactor: pii.Redactor, text: str, name: str) -> None:
    hidden(redactor, text, name)


def test_words_in_arabic_hebrew_or_thai_that_name_no_one_stay(redactor: pii.Redactor) -> None:
    text = "Translate: أمل كبير في المستقبل / חיים טובים לכולם / นายจ้าง ของฉัน ใจดี มาก"  # hope, life, employer
    assert redactor.redact(text).text == text


def test_everyday_words_that_are_names_too_stay_where_no_name_is(redactor: pii.Redactor) -> None:
    texts = [
        "متوسط عمر البطارية / السيد الرئيس",  # a battery's life; Mr President
        "טעם מר מאוד / היא שרה יפה",  # a very bitter taste; she sings beautifully
        "นายกเทศมนตรี กรุงเทพ",  # the mayor of Bangkok
        "これ は 森 です / 川崎 重工の株",  # this is a forest; Kawasaki Heavy Industries' shares
        "Ask Kevin 王总说 ok",  # "Boss Wang said", beside another person
    ]
    for text in texts:
        assert all(e.type != "PERSON" or text[e.start : e.end] == "Kevin" for e in redactor.redact(text).entities)


def test_a_name_before_the_rest_of_its_sentence_is_hidden_alone(redactor: pii.Redactor) -> None:
    kept = hidden(redactor, "Lim Wei Jie 林伟杰说他明天来 / นายสมชาย มาแล้ว", "林伟杰", "สมชาย")
    assert "说他明天来" in kept and "มาแล้ว" in kept
