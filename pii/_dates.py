"""Dates written with month names in the languages of the regions or in Korean (년 월 일), Chinese and Japanese
(年 月 日, and Japan's eras), Hungarian (1952. március 14.), and birth dates in the forms people type after a word of
birth (`MonthNameDateRecognizer`). Pure patterns: no I/O.
"""

from __future__ import annotations

from typing import Any

import regex

from ._presidio import import_presidio
from ._spans import opens_a_line_or_cell

import_presidio()
from presidio_analyzer import Pattern, PatternRecognizer  # noqa: E402

from ._patterns import CuedPattern  # noqa: E402

_MONTH = (
    r"(?-i:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
_MONTH_ANY_CASE = _MONTH.replace("(?-i:", "(?i:", 1)
"""With a day and a four-digit year beside it, a month name is a date in any case ("jan 5 1956", "6
december 1936", typed by someone who does not capitalise); alone, "may" and "march" are words."""
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
BIRTH = (
    r"(?<!\p{L})(?i:dob|d\.o\.b\.?|born|birth\s*date|date\s+of\s+birth|birthday|geb\.|geboren|n[ée]e?|nacid[oa]"
    r"|nascid[oa]|nat[oa]|ur\.|urodzon[aey]|b\.|szül\.|született|nar\.|narozen[aá]?|född|생년월일|출생일?|생일)|°"
)
"""Words before a birth date, after which a run of digits ("19870314") or a dotted ISO date is one: in English, German,
French, Spanish, Portuguese, Italian, Polish, Hungarian ("szül. 1966. 04. 27."), Czech, Swedish and Korean, and
Belgium's "°"."""
_AFTER_BIRTH = rf"(?<=(?:{BIRTH})(?:은|는|이|가)?[ \t]{{0,3}}:?[ \t]{{0,3}}(?:on[ \t]{{1,3}})?)"
"""Right after a word of birth, or its Korean particle ("생년월일은 931017"; a few spaces at most: a lookbehind
with unbounded ones is cubic on a run of spaces)."""


_CALENDAR = r"(?:[음양]력\s?)?"
"""The calendar a Korean date names between its year and its month ("1939년 음력 10월 5일": birthdays of the old)."""
_NOT_A_VERSION = r"(?<!(?i:version|release|build|ver|tag|v|tzdata|certifi)[ \t]{0,2}[:=]?[ \t]{0,2})"
"""Not after a word naming a version ("version 2023.10.05", "Release: 2024.01.15", "tag 2023.10.05")."""


_FOREIGN_MONTH = (
    r"(?-i:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre"
    r"|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro|janvier|février|mars|avril"
    r"|mai|juin|juillet|août|septembre|octobre|novembre|décembre|gennaio|febbraio|aprile|maggio|giugno|luglio"
    r"|settembre|ottobre|Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)"
)


_MORE_MONTHS = (
    r"(?i:januari|februari|maart|mei|augustus|oktober|stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia"
    r"|wrze[sś]nia|pa[zź]dziernika|listopada|grudnia|januar|februar|marts|augusti|ocak|[şs]ubat|mart|nisan|may[ıi]s"
    r"|haziran|temmuz|a[ğg]ustos|eyl[üu]l|ekim|kas[ıi]m|aral[ıi]k|maret|mac|julai|ogos|agustus|desember|disember"
    r"|nopember|ianuarie|februarie|martie|aprilie|iunie|iulie|septembrie|octombrie|noiembrie|decembrie)"
)
"""Month names of Dutch, Polish (as dates write them), the Scandinavian languages, Turkish, Indonesian, Malay and
Romanian that `_FOREIGN_MONTH` does not hold; only ever between a day and a four-digit year."""


class MonthNameDateRecognizer(PatternRecognizer):
    """Dates written with a month name ("March 3, 1985", "3rd of March 1985", "May 2021", "11 de mayo de
    1979", "3. März 1985") and dotted dates with spaces ("17. 4. 1990")."""

    PATTERNS = [
        Pattern(
            "day month year (es, pt, fr, de, it, nl, pl, sv, da, no, tr, id, ms, ro)",
            rf"\b{_DAY}\.?\s+(?:de\s+)?(?:{_FOREIGN_MONTH}|{_MORE_MONTHS})\s+(?:de\s+)?\d{{4}}\b",
            0.6,
        ),
        CuedPattern(
            "numbers with a two-digit year, or month day yy, after a word of birth",
            rf"{_AFTER_BIRTH}(?:(?:[12]\d|3[01]|0?[1-9])[./-](?:[12]\d|3[01]|0?[1-9])[./-]\d\d"
            rf"|{_MONTH}\s+{_DAY},?\s+['\u2019]?\d\d)(?![\d./-])",
            0.5,
            cue=BIRTH,
        ),
        Pattern(
            "dotted date, spaced",
            r"(?<![\d.])(?:[12]\d|3[01]|0?[1-9])\.[ \t](?:1[0-2]|0?[1-9])\.[ \t](?:19|20)\d{2}(?!\d)",
            0.6,
        ),
        Pattern(
            "day, month's three letters and year run together, as tickets and passports print them (22MAR1986)",
            r"(?<![\p{L}\d])(?:[12]\d|3[01]|0?[1-9])(?i:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(?:19|20)?\d\d"
            r"(?![\p{L}\d])",
            0.6,
        ),
        Pattern("month day year", rf"\b{_MONTH_ANY_CASE}\s+{_DAY},?\s+\d{{4}}\b", 0.6),
        Pattern("day month year", rf"\b{_DAY}\s+(?:of\s+)?{_MONTH_ANY_CASE},?\s+\d{{4}}\b", 0.6),
        Pattern("day month 'yy", rf"\b{_DAY}\s+(?:of\s+)?{_MONTH},?\s+['\u2019]\d{{2}}\b(?![.:%]?\d)", 0.5),
        CuedPattern(
            "day month yy, after a word of birth",
            rf"{_AFTER_BIRTH}\b{_DAY}\s+(?:of\s+)?{_MONTH},?\s+\d{{2}}\b(?![.:%]?\d)",
            0.5,
            cue=BIRTH,
        ),
        CuedPattern(
            "year first, dotted or run together, after a word of birth",
            rf"{_AFTER_BIRTH}(?:19|20)\d\d(?:\.?(?:0[1-9]|1[0-2])\.?(?:0[1-9]|[12]\d|3[01])(?![\d.])"
            # Korea's spaced form closes with a dot of its own ("출생: 2001. 2. 3.")
            r"|\.[ \t]?(?:1[0-2]|0?[1-9])\.[ \t]?(?:[12]\d|3[01]|0?[1-9])(?:\.(?![\d.])|(?![\d.])))",
            0.6,
            cue=BIRTH,
        ),
        Pattern(
            "year month day in Korean (1992년 8월 5일), the calendar's word too (1939년 음력 10월 5일)",
            rf"(?<!\d)(?:19|20)\d{{2}}\s?년\s?{_CALENDAR}(?:1[0-2]|0?[1-9])\s?월\s?(?:[12]\d|3[01]|0?[1-9])\s?일",
            0.6,
        ),
        Pattern(
            "year month day in Korean, two-digit year (86년 11월 5일, 86년 양력 11월 5일)",
            rf"(?<![\d.])\d{{2}}\s?년\s?{_CALENDAR}(?:1[0-2]|0?[1-9])\s?월\s?(?:[12]\d|3[01]|0?[1-9])\s?일",
            0.6,
        ),
        Pattern(
            "year month day, dotted as Korea writes a date (1992.05.03, 2024. 10. 3); not a version (2019.4.1)",
            rf"(?<![\d.=\w-]){_NOT_A_VERSION}(?:19|20)\d\d"
            r"(?:\.(?:0[1-9]|1[0-2])\.(?:0[1-9]|[12]\d|3[01])|\.[ \t](?:1[0-2]|0?[1-9])\.[ \t](?:[12]\d|3[01]|0?[1-9]))"
            r"(?![\d.])",
            0.6,
        ),
        Pattern(
            "year month day, dotted, before 생 or 출생 (1999.01.25생, 1990. 3. 2.생, 2025.1.9 출생): born on it",
            rf"(?<![\d.=\w-]){_NOT_A_VERSION}(?:19|20)\d\d\.[ \t]?(?:1[0-2]|0?[1-9])\.[ \t]?(?:[12]\d|3[01]|0?[1-9])\.?"
            r"(?=[ \t]?(?:출)?생(?![가-힣]))",
            0.6,
        ),
        Pattern(
            "a year alone in brackets after b. (b. 1915), as family histories write a birth",
            r"(?<=\([ \t]?b\.[ \t]?)(?:1[6-9]|20)\d\d(?=[ \t]?\))",
            0.6,
        ),
        CuedPattern(
            "two-digit year, month and day, dotted, after a word of birth (생년월일: 99.03.15)",
            rf"{_AFTER_BIRTH}\d\d[.\-/](?:0[1-9]|1[0-2])[.\-/](?:0[1-9]|[12]\d|3[01])(?![\d])",
            0.6,
            cue=BIRTH,
        ),
        CuedPattern(
            "six digits, year month day, after a word of birth (생년월일 900226)",
            rf"{_AFTER_BIRTH}\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?![\d.])",
            0.6,
            cue=BIRTH,
        ),
        Pattern(
            "year month day of a Japanese era (昭和27年5月9日, 平成元年1月8日)",
            r"(?:明治|大正|昭和|平成|令和)\s?(?:元|\d{1,2})\s?年\s?(?:1[0-2]|0?[1-9])\s?月\s?(?:[12]\d|3[01]|0?[1-9])\s?日",
            0.6,
        ),
        Pattern(
            "year month day in Hungarian (1952. március 14.)",
            r"(?<![\p{L}\p{M}\d.])(?:19|20)\d\d\.[ \t]?(?i:január|február|március|április|május|június|július|augusztus"
            r"|szeptember|október|november|december)[ \t]?(?:[12]\d|3[01]|0?[1-9])\.?(?!\d)",
            0.6,
        ),
        Pattern(
            "year month day in Chinese and Japanese (2015年6月14日)",
            r"(?<!\d)(?:19|20)\d{2}\s?年\s?(?:1[0-2]|0?[1-9])\s?月\s?(?:[12]\d|3[01]|0?[1-9])\s?日",
            0.6,
        ),
        Pattern("month day", rf"\b{_MONTH}\s+{_DAY}\b(?!\s*(?:%|:\d))", 0.45),
        Pattern("day month", rf"\b{_DAY}\s+(?:of\s+)?{_MONTH}(?!\w)", 0.45),
        Pattern("month year", rf"\b{_MONTH}\s+(?:19|20)\d{{2}}\b", 0.45),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(supported_entity="DATE_TIME", patterns=self.PATTERNS, name="MonthNameDateRecognizer", **kwargs)


_DAY_NAMED = regex.compile(
    r"(?i:mon|monday|tue|tues|tuesday|wed|weds|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday|sun|sunday"
    r"|today|tomorrow|yesterday|lunes|martes|miércoles|jueves|viernes|sábado|domingo|hoy|ayer"
    r"|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|hier|demain|montag|dienstag|mittwoch|donnerstag|freitag"
    r"|samstag|sonntag|heute|gestern|segunda|terça|quarta|quinta|sexta|hoje|ontem|amanhã|oggi|ieri|domani|lunedì"
    r"|martedì|mercoledì|giovedì|venerdì|sabato|domenica|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag"
    r"|vandaag|gisteren)"
)
"""A day's name or abbreviation, and today, yesterday and tomorrow, in English and the languages of the EU's west."""
_ITS_DATE = regex.compile(r"\.?[ \t]+(?:(?:às|as|um|at|a las|à|alle|om)[ \t]+)?\d")


def a_day_before_its_date(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` names a day before its date or hour, opening a rota's line, a cell or a chat's time
    stamp ("Sat 6 Dec:", "Sun 7th -", "[Hoje às 18:02]"): a model reads a capitalised one as a person. "Sun" and "Mon"
    are family names too, elsewhere ("Patient: Sun, 67", "Mr Mon 3 days ago")."""
    return (
        _DAY_NAMED.fullmatch(text, start, end) is not None
        and _ITS_DATE.match(text, end) is not None
        and opens_a_line_or_cell(text, start)
    )
