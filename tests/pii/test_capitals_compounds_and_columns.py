"""Text written in capitals (a court list, a bank's transfer message, a customs notice) is read a second time as a
reader would write it; a town written as one hyphenated word is masked whole; a column's name with a qualifier in
brackets still names its column. Each case beside a control that stays as written."""

from __future__ import annotations

import time

import pytest

import pii
from pii._columns import without_qualifier
from pii._redactor import _a_proper_noun
from pii._truecase import truecased

from .masking import hidden, whole


def _masked(redactor: pii.Redactor, text: str) -> list[str]:
    return [text[e.start : e.end] for e in redactor.redact(text).entities]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            "MR SEAMUS Ó BROIN\nFLAT 2, 41 ST. BRENDAN'S TERRACE\nENNISCORTHY\n\nDear Mr O Broin,\nyou owe us.",
            ["SEAMUS Ó BROIN"],
        ),
        ("NOTES: CUSTODY CASE. HUSSEIN ON BAIL, RESIDES IN WALTHAMSTOW.", ["HUSSEIN", "WALTHAMSTOW"]),
        ("NAME: TOSHMATOV BEKZOD ULUGBEKOVICH\nDATE OF BIRTH: 30 JUN 1989", ["TOSHMATOV BEKZOD ULUGBEKOVICH"]),
        (":59:/SA8680203287988309068488\nWANG XIAOLING\nRUE DE CAROUGE 61\n1205 GENEVE\n:70:", ["RUE DE CAROUGE 61"]),
        ("INVESTIGATING OFFICER: J. PENNINGTON", ["PENNINGTON"]),
    ],
)
def test_people_and_places_in_lines_of_capitals_are_masked(
    redactor: pii.Redactor, text: str, values: list[str]
) -> None:
    hidden(redactor, text, *values)
    whole(redactor, text, *values)  # each value masked as one, not in part


def test_a_notice_in_capitals_with_no_one_in_it_stays_as_written(redactor: pii.Redactor) -> None:
    text = "PLEASE READ THIS NOTICE CAREFULLY. YOU MAY APPEAL BY WRITING TO US WITHIN ONE MONTH OF THIS DATE."
    assert _masked(redactor, text) == []
    assert _masked(redactor, text.replace("TO US", "TO MARGARET HOLLOWAY")) == ["MARGARET HOLLOWAY"]


def test_an_identifier_in_a_line_of_capitals_is_found_as_before(redactor: pii.Redactor) -> None:
    text = "NATIONAL INSURANCE NUMBER: JG 10 37 25 A\nSORT CODE AND ACCOUNT: GB82 WEST 1234 5698 7654 32"
    masked = _masked(redactor, text)
    assert "JG 10 37 25 A" in masked and "GB82 WEST 1234 5698 7654 32" in masked


def test_a_truecased_text_keeps_its_length_identifiers_and_the_lines_not_in_capitals() -> None:
    text = "Ref T20257104 for Ms JONES\nRESIDES IN WALTHAMSTOW WITH MARIA Ó BROIN, SW1A 1AA\nkept as is"
    cased = truecased(text, _a_proper_noun)
    assert cased is not None and len(cased) == len(text)
    first, second, third = cased.split("\n")
    assert first == "Ref T20257104 for Ms JONES"  # a name in capitals in a line that is not: left to the rules
    assert second == "resides in Walthamstow with Maria Ó Broin, SW1A 1AA"
    assert third == "kept as is"


@pytest.mark.parametrize(
    "text",
    [
        "No capitals here, only Maria in Leeds.",
        "KTX 타고 서울역에서 만나요",  # a line in Hangul with an acronym is no line in capitals
        "The NHS and HMRC wrote",
    ],
)
def test_a_text_without_lines_in_capitals_is_read_once(text: str) -> None:
    assert truecased(text, _a_proper_noun) is None


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Currently in asylum accommodation in Stockton-on-Tees. Phone her first.", "Stockton-on-Tees"),
        ("CDD de manutentionnaire chez un grossiste à Rosny-sous-Bois depuis juin.", "Rosny-sous-Bois"),
        ("She is staying with her parents in Haeundae-gu until Friday.", "Haeundae-gu"),
        ("He moved to Seongnam-si last year for the new job.", "Seongnam-si"),
    ],
)
def test_a_town_written_as_one_hyphenated_word_is_masked_whole(redactor: pii.Redactor, text: str, place: str) -> None:
    whole(redactor, text, place)


def test_words_joined_by_hyphens_that_name_no_town_stay_as_written(redactor: pii.Redactor) -> None:
    text = "He teaches Taekwon-do on Sundays; a state-of-the-art hall, up-to-date mats."
    assert _masked(redactor, text) == []


@pytest.mark.parametrize(
    ("header", "row", "name"),
    [
        ("claim,접수일,피보험자,주민(외국인)등록번호", "CLM-26-118402,2026-11-02,표은지,910923-2703747", "표은지"),
        ("ref,Payee,phone (mobile)", "R-1,Grace Bell,+66 81 234 5678", "Grace Bell"),
        ("닉네임,실명,회비,납부일", "페달밟는곰,용석진,60000,2026-07-03", "용석진"),
    ],
)
def test_a_header_with_a_qualifier_in_brackets_is_still_a_header(
    redactor: pii.Redactor, header: str, row: str, name: str
) -> None:
    hidden(redactor, f"{header}\n{row}", name)
    whole(redactor, f"{header}\n{row}", name)


def test_a_column_whose_qualifier_changes_what_it_holds_holds_no_one(redactor: pii.Redactor) -> None:
    text = "item (code),colour (main),size\nwidget,ocean blue,large\nsprocket,forest green,small"
    assert _masked(redactor, text) == []
    text = "| Tenant (type) | Payee (category) | Recipient (team) |\n|---|---|---|\n| Commercial | Utilities | HR |"
    assert not {"Commercial", "Utilities", "HR"} & set(_masked(redactor, text))


def test_the_parties_of_a_courts_list_are_masked_but_a_firm_is_not(redactor: pii.Redactor) -> None:
    text = (
        "COURT 2 AT 10:30\n"
        "  T20257188  R v HUSSEIN, Abdirahman Farah        MENTION\n"
        "  T20257211  R v POPESCU, Ionuț-Cătălin & MUNTEANU, Daria   PLEA AND TRIAL PREPARATION\n"
        "Smith & Co, Solicitors act for the second defendant."
    )
    whole(redactor, text, "HUSSEIN, Abdirahman Farah", "POPESCU, Ionuț-Cătălin", "MUNTEANU, Daria")
    assert "Co, Solicitors" not in _masked(redactor, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Present: la signora ROSARIA CAPUOZZO, nata a Napoli il 3 febbraio 1957.", "ROSARIA CAPUOZZO"),
        ("Patient seen by Dr AHMED today; Mrs O'BRIEN-HAYES came too.", "O'BRIEN-HAYES"),
        ("Patient seen by Dr AHMED today; Mrs O'BRIEN-HAYES came too.", "AHMED"),
        ("Comparso il signor GENNARO ESPOSITO, nato a Napoli.", "GENNARO ESPOSITO"),
    ],
)
def test_a_name_after_a_title_in_capitals_or_after_a_title_in_lower_case_is_masked(
    redactor: pii.Redactor, text: str, name: str
) -> None:
    hidden(redactor, text, name)
    whole(redactor, text, name)


def test_a_relative_after_with_is_followed_by_their_name(redactor: pii.Redactor) -> None:
    hidden(redactor, "Insured stayed with daughter Kristel in Antipolo during the evacuation.", "Kristel")
    assert _masked(redactor, "She came with Mother Hypertension in her history.") == []


def test_a_german_town_with_its_river_and_a_spanish_floor_and_door_are_masked_whole(redactor: pii.Redactor) -> None:
    whole(redactor, "Wohnhaft in Esslingen am Neckar seit 2019, sagt sie.", "Esslingen am Neckar")
    text = "Send it to Calle Feria 84, 2ºA, 41003 Sevilla before Friday."
    whole(redactor, text, "Calle Feria 84, 2ºA, 41003 Sevilla")
    assert not any("Abend" in value for value in _masked(redactor, "Wir treffen Sarah am Abend."))
    assert not any("Montag" in value for value in _masked(redactor, "Wir sind in Berlin am Montag und Dienstag."))


def test_a_name_the_first_reading_finds_in_part_is_masked_whole(redactor: pii.Redactor) -> None:
    text = "Payment received.\nBENEFICIARY: WANG XIAOLING\nRUE DE CAROUGE 61\nthanks"
    whole(redactor, text, "WANG XIAOLING")


def test_a_shorter_value_inside_a_wider_one_is_masked_wherever_it_is_met_again(redactor: pii.Redactor) -> None:
    hidden(redactor, "Visit Stockton-on-Tees; STOCKTON residents welcome; stockton rocks", "STOCKTON", "stockton")
    hidden(redactor, "Case list: R v KOWALSKI, Jan; next R v DUBOIS, Marie\njan and marie", "jan", "marie")


def test_words_and_acronyms_in_capitals_and_a_citation_stay_as_written(redactor: pii.Redactor) -> None:
    assert not any("READING" in value for value in _masked(redactor, "CONNECTION REFUSED WHILE READING CONFIG FILE"))
    for text in (
        "ACCEPT: APPLICATION/JSON",
        "R v TODO, Fix Later. R v CONFIG, Default Value. R v JSON, Yaml.",
        "Copy-on-Write, Mother-in-Law, Stop-the-World and Line-by-Line.",
    ):
        assert _masked(redactor, text) == [], text


def test_a_long_line_of_capitals_or_of_blanks_is_read_in_time() -> None:
    started = time.perf_counter()
    assert truecased("A" * 31999 + "x", _a_proper_noun) is None
    assert without_qualifier(" " * 32000 + "x") == "x"
    assert time.perf_counter() - started < 1.0
