"""Bank accounts and cards as people type them: an IBAN in any case, numbers a check rejects where a word on their
line says what they are, and a bank's own account numbers after a word of account ("계좌 110-482-771093"). Pure
functions and patterns; the recognizers only wrap them.

Presidio's IBAN and card recognizers find only what passes its checksum, so a mistyped account ("IBAN: DE89 3704
0044 0532 0130 01") or a card number with one digit wrong crosses the border whole, though all but one of its
digits are the owner's. Bare, such a number stays what Presidio's own tests call it, no IBAN and no card
(`tests/data/pii-peer-cases` holds them as negatives); after a word naming an account or a card it is masked.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import regex

from ._phones import PHONE_CUE
from ._presidio import import_presidio, rule_result

import_presidio()
from presidio_analyzer import EntityRecognizer, RecognizerResult  # noqa: E402

IBAN_LENGTHS: dict[str, int] = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27, "BR": 29,
    "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28, "EE": 20, "EG": 29,
    "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28,
    "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28,
    "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20,
    "MR": 27, "MT": 31, "MU": 30, "NI": 28, "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25,
    "QA": 29, "RO": 24, "RS": 22, "RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27,
    "SO": 23, "ST": 25, "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
    "AO": 25, "BF": 28, "BJ": 28, "CF": 27, "CG": 27, "CI": 28, "CM": 27, "CV": 25, "DZ": 26, "GA": 27, "GQ": 27,
    "GW": 25, "HN": 28, "IR": 26, "KM": 27, "MA": 28, "MG": 27, "ML": 28, "MZ": 25, "NE": 28, "SN": 28, "TD": 27,
    "TG": 28,
}  # fmt: skip
"""The length of an IBAN in each country of SWIFT's IBAN registry, its country code and check digits included, then
in the countries whose banks print IBANs outside it (Morocco, Iran, Algeria, West and Central Africa)."""

ACCOUNT_CUE = (
    r"(?:(?<!\p{L})(?i:iban|account|acct|a/c|bank|konto|kontonummer|bankverbindung|compte|rib|cuenta|conta|conto"
    r"|rekening|rachunek|rachunku|účet|účtu|tili|tilinumero|kontonr|számla|cont|λογαριασμός|счёт|счет"
    r"|überweisen|überweisung|virement|transferencia|bonifico|overmaken|overboeken|przelew|wire|transfer|refund"
    r"|pay|payment|paid|rekeningnummer|nummer)(?!\p{L})"
    r"|계좌|입금|송금|은행|口座|账户|帳戶)"
)
"""A word naming a bank account or a payment to one, in the languages of the IBAN's countries and of the regions:
near an IBAN-shaped run (`named_near`), whose shape says enough."""
ACCOUNT_NUMBER_CUE = (
    r"(?:(?<!\p{L})(?i:account[ \t]+(?:number|no\.?|nr\.?|#)|bank[ \t]+account|acct|a/c|iban|kontonummer|konto"
    r"|bankverbindung|num[ée]ro[ \t]+de[ \t]+compte|compte[ \t]+bancaire|n[úu]mero[ \t]+de[ \t]+cuenta"
    r"|cuenta[ \t]+bancaria|n[úu]mero[ \t]+da[ \t]+conta|conta[ \t]+banc[áa]ria|conto[ \t]+corrente|rekeningnummer"
    r"|bankrekening|numer[ \t]+konta|rachunek[ \t]+bankowy|tilinumero|kontonr)(?!\p{L})|(?-i:RIB)(?!\p{L})"
    r"|계좌|입금|송금|은행|口座|账户|帳戶|账号)"
)
"""A word naming a bank account before its own number, which has no shape of its own: only words that say so ("account
number", "Kontonummer", "계좌"), not "account", "bank", "compte" or "cuenta" alone ("account code 10-2000-3000",
"compte rendu n° 20240312", "cuenta atrás")."""
CARD_CUE = (
    r"(?:(?<!\p{L})(?<!(?i:sim|key|gift|library|loyalty|boarding|id|sd|memory|graphics|video|sound|network|business"
    r"|report|score|post|sort|flash|smart|access|member|membership|rewards?|student|health|insurance|time)[ \t-]?)"
    r"(?i:card|visa|mastercard|master[ \t]card|amex|american[ \t]express|maestro|unionpay|diners|kreditkarte"
    r"|kartennummer|creditcard|kreditkort|numéro[ \t]+de[ \t]+carte|carte[ \t]+bancaire|carte[ \t]+bleue|tarjeta"
    r"|cartão|carta[ \t]+di[ \t]+credito|kaartnummer|kortnummer|numer[ \t]+karty)(?!\p{L})"
    r"|카드|カード|信用卡|银行卡|卡号)"
)
"""A word naming a payment card; not a SIM's, a key's, a gift's, a library's or a loyalty card ("SIM card: 8944 1234
5678 9012" is the SIM's serial)."""
_ON_ITS_LINE = 60
"""How far before a number, on its own line, its word may stand."""
_WINDOW = _ON_ITS_LINE + 64
"""How far after its word a number is searched: it starts within `_ON_ITS_LINE` and none is longer than 50 characters
(a search to the end of a 32 kB line, for each of thousands of words, took 20 s)."""

_SEPARATOR = r"(?:[ \t]{1,2}|[.-])"
_IBAN_START = regex.compile(rf"(?<![A-Za-z0-9])([A-Za-z]{{2}})(\d\d)(?={_SEPARATOR}?[A-Za-z0-9])")
_COMPACT = regex.compile(r"[A-Za-z0-9]+")
_GROUP = regex.compile(rf"{_SEPARATOR}([A-Za-z0-9]{{1,4}})(?![A-Za-z0-9])")
_LETTER_VALUES = {ord(c): str(i) for i, c in enumerate("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")}


def iban_checksum_holds(compact: str) -> bool:
    """Whether an IBAN without separators passes its mod-97 check (ISO 13616)."""
    moved = (compact[4:] + compact[:4]).upper().translate(_LETTER_VALUES)
    return moved.isdigit() and int(moved) % 97 == 1


def ibans(text: str) -> Iterator[tuple[int, int, bool]]:
    """(start, end, whether its checksum holds) of every IBAN-shaped run of `text`: a registered country's code, two
    check digits and exactly as many letters and digits as that country's IBANs hold, in any case, unbroken or in
    groups of four split by a space or two, a dash or a dot (the last group shorter). A group that runs on ("... 0130 00
    Transferring", "... 3201 Bank") ends the IBAN before it."""
    for start in _IBAN_START.finditer(text):
        length = IBAN_LENGTHS.get(start[1].upper())
        if length is None:
            continue
        wanted = length - 4
        unbroken = _COMPACT.match(text, start.end())
        if unbroken is not None and len(unbroken[0]) == wanted:
            yield start.start(), unbroken.end(), iban_checksum_holds(start[0] + unbroken[0])
            continue
        if unbroken is not None:  # "DE893704 ...": the check digits must stand alone or open an unbroken run
            continue
        end, letters, parts = start.end(), 0, [start[0]]
        while letters < wanted and (group := _GROUP.match(text, end)) is not None:
            size = len(group[1])
            if letters + size > wanted or (size < 4 and letters + size < wanted):
                break
            end, letters = group.end(), letters + size
            parts.append(group[1])
        if letters == wanted:
            yield start.start(), end, iban_checksum_holds("".join(parts))


_IBAN_LIKE = regex.compile(
    rf"(?<![A-Za-z0-9])[A-Z]{{2}}\d\d(?:[A-Za-z0-9]{{8,30}}"
    rf"|(?:{_SEPARATOR}[A-Za-z0-9]{{4}}){{2,7}}(?:{_SEPARATOR}[A-Za-z0-9]{{1,4}})?)(?![A-Za-z0-9])"
)
_SEPARATORS = regex.compile(_SEPARATOR)


def failed_ibans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each run shaped like an IBAN of any length (a registered country's code in capitals, two check
    digits, then letters and digits unbroken or in groups of four: `ibans` asks for the country's exact length) whose
    check fails, with no word naming an account or a payment near it (`named_near`; "NL91 ABNA 0417 1643 01", "IL15
    0120 6900 0000"). Presidio's own tests call such a run no IBAN; its groups of digits are no phone number, card or
    Aadhaar either, but pieces of a code that names no account (a bank refuses it). Near a word of account the run is
    masked whole (`AnyCaseIbanRecognizer`) or its pieces are: a mistyped account is still its owner's."""
    runs = []
    for run in _IBAN_LIKE.finditer(text):
        compact = _SEPARATORS.sub("", run[0])
        if compact[:2].upper() not in IBAN_LENGTHS or iban_checksum_holds(compact):
            continue
        if not named_near(text, run.start(), run.end()) and not named_on_its_line(text, run.start(), _PHONE_OR_CARD):
            runs.append((run.start(), run.end()))  # not "mobil AT43 0664 1234 5678", "Card: MC55 5555 ...": its pieces
    return runs


def named_on_its_line(text: str, start: int, cue: regex.Pattern[str]) -> bool:
    """Whether `cue` stands before `start` on the same line, at most `_ON_ITS_LINE` characters before it."""
    line_start = text.rfind("\n", 0, start) + 1
    return cue.search(text, max(line_start, start - _ON_ITS_LINE), start) is not None


_ACCOUNT = regex.compile(ACCOUNT_CUE)
_PHONE_OR_CARD = regex.compile(rf"{PHONE_CUE}|{CARD_CUE}")
"""A word of phoning (`pii._phones.PHONE_CUE`) or of a card before an IBAN-shaped run: the numbers in it stay what
their own recognizers read."""
_AFTER = 40
"""How far after an IBAN-shaped run, on its line, its word may stand ("DE89 ... 02 (my IBAN)")."""


def named_near(text: str, start: int, end: int) -> bool:
    """Whether a word naming an account or a payment (`ACCOUNT_CUE`) stands near the IBAN-shaped run at `start:end`:
    before it on its line, after it on its line ("DE89 ... 02 (my IBAN)"), or closing the line before a run that opens
    its own ("Bankverbindung:\nDE89 ...")."""
    if named_on_its_line(text, start, _ACCOUNT):
        return True
    line_end = text.find("\n", end)
    if _ACCOUNT.search(text, end, min(end + _AFTER, len(text) if line_end < 0 else line_end)) is not None:
        return True
    line_start = text.rfind("\n", 0, start) + 1
    return line_start > 0 and not text[line_start:start].strip() and named_on_its_line(text, line_start - 1, _ACCOUNT)


class AnyCaseIbanRecognizer(EntityRecognizer):
    """IBANs in any case and grouping (`ibans`): each whose checksum holds, and one whose checksum fails near a word
    naming an account or a payment (`named_near`: "IBAN: DE89 3704 0044 0532 0130 01", "계좌 de89…", "Bitte überweisen
    an DE89 ..."): a mistyped account number is still its owner's. Presidio's recognizer (`CaseSafeIbanRecognizer`)
    finds the upper-case ones beside it."""

    VALID_SCORE = 1.0
    MISTYPED_SCORE = 0.6

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(supported_entities=["IBAN_CODE"], name="AnyCaseIbanRecognizer", **kwargs)

    def load(self) -> None:
        pass

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        found = []
        for start, end, holds in ibans(text):
            if holds:
                found.append(rule_result(self, "IBAN_CODE", start, end, self.VALID_SCORE))
            elif named_near(text, start, end):
                found.append(rule_result(self, "IBAN_CODE", start, end, self.MISTYPED_SCORE))
        return found


def after_its_word(text: str, cue: regex.Pattern[str], number: regex.Pattern[str]) -> Iterator[tuple[int, int]]:
    """(start, end) of each match of `number` that begins on the line of a match of `cue`, at most `_ON_ITS_LINE`
    characters after it. The cue is searched once and the number only after it (a lookbehind of the cue tried at every
    character cost as much as all the rest of these recognizers)."""
    searched_to = 0
    for word in cue.finditer(text):
        line_end = text.find("\n", word.end(), word.end() + _WINDOW)
        window_end = word.end() + _WINDOW if line_end == -1 else line_end  # a long line is searched this far only
        for found in number.finditer(text, max(word.end(), searched_to), min(window_end, len(text))):
            if found.start() > word.end() + _ON_ITS_LINE:
                break
            yield found.start(), found.end()
        searched_to = max(searched_to, min(window_end, word.end() + _ON_ITS_LINE + 1))


class _NamedNumberRecognizer(EntityRecognizer):
    """Numbers of `NUMBER`'s shape after a word of `CUE` on their line, as `ENTITY`, where `holds` says so."""

    ENTITY: ClassVar[str]
    CUE: ClassVar[regex.Pattern[str]]
    NUMBER: ClassVar[regex.Pattern[str]]
    SCORE: ClassVar[float]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(supported_entities=[self.ENTITY], name=type(self).__name__, **kwargs)

    def load(self) -> None:
        pass

    def holds(self, number: str) -> bool:
        return True

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        return [
            rule_result(self, self.ENTITY, start, end, self.SCORE)
            for start, end in after_its_word(text, self.CUE, self.NUMBER)
            if self.holds(text[start:end])
        ]


_NOT_FOUR_YEARS = r"(?!(?:(?:19|20)\d\d[- ]){3}(?:19|20)\d\d)"
_NOT_COUNTED = (
    r"(?![ \t]?(?:[원₩$€£%개곳건명회장대枚件]|만|억|(?i:won|krw|eur|usd|gbp|chf|pln|kwh|btu|points?|orders?"
    r"|transactions?|times|items?|units?|pcs)(?!\p{L})))"
)
"""Not an amount or a count: "입금 15000000원", "12345678개", "4000000000000000 transactions"."""


class NamedCardRecognizer(_NamedNumberRecognizer):
    """A card number whose Luhn check fails, after a word naming a card on its line ("Card: 4111 1111 1111 1112",
    "my visa is 4539-1488-0343-6468", "카드번호 5412 7512 3412 3457로"): written as cards are (four groups of four, or
    Amex's 4-6-5) or unbroken, 15 or 16 digits of a card network's range (2-6). `CardRecognizer` finds the ones whose
    check holds anywhere."""

    ENTITY = "CREDIT_CARD"
    CUE = regex.compile(CARD_CUE)
    NUMBER = regex.compile(
        rf"(?<![0-9A-Za-z_-])(?<!\d[- ])(?:{_NOT_FOUR_YEARS}[1-9]\d{{3}}([- ])\d{{4}}\1\d{{4}}\1\d{{4}}"  # 4-4-4-4
        r"|3[47]\d\d([- ])\d{6}\2\d{5}"  # Amex's 4-6-5
        r"|[2-6]\d{14,15})"  # unbroken
        rf"(?![0-9A-Za-z_]|[- ]\d){_NOT_COUNTED}"
    )
    SCORE = 0.6


_DATE8 = r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])"
_NOT_AN_ACCOUNT = regex.compile(
    r"(?:19|20)\d\d-[01]?\d-[0-3]?\d|[0-3]?\d-[01]?\d-(?:19|20)\d\d|(?:19|20)\d\d-(?:19|20)\d\d"
    rf"|{_DATE8}(?:-{_DATE8}|-\d{{1,8}})?|(?:19|20)\d\d(?:19|20)\d\d|(?:19|20)\d\d-\d\d-\d{{1,8}}"
    r"|0(?:1[016789]|2|[3-6]\d|70)-\d{3,4}-\d{4}|1[5-9]\d\d-\d{4}|0\d{1,4}-\d{5,8}"
    r"|\d{3}-\d{3}-\d{4}|\d{3}-\d{2}-\d{4,5}|\d{5}-\d{4}|97[89]-[\d-]+"
)
"""A date, compact or not, a span of dates or years ("20240101-20240131", "2016-2021", dashed as the normalised view
writes an en dash), a phone number (Korean "02-6931-4472", "1588-8000", German "030-1234567", American
"212-555-0187"), an SSN's or a Korean business number's shape ("123-45-6789", "123-45-67890"), a ZIP+4, an ISBN."""


class NamedAccountRecognizer(_NamedNumberRecognizer):
    """A bank's own account number after a word naming one or a bank on its line (`ACCOUNT_NUMBER_CUE`): digits in
    groups split by dashes as Korean banks print them ("계좌 110-482-771093", "입금 계좌: 카카오뱅크 3333-21-7740912",
    "대구은행 508-10-334921-7"), or a run of 8 to 18 digits ("Kontonummer 1234567890"); 8 to 20 digits in all, not an
    amount or a count ("입금 15000000원", "12345678개") nor anything of `_NOT_AN_ACCOUNT`'s shapes. An account number is
    personal data wherever its owner can be found from it (PIPA, GDPR)."""

    ENTITY = "BANK_ACCOUNT"
    CUE = regex.compile(ACCOUNT_NUMBER_CUE)
    NUMBER = regex.compile(
        r"(?:(?<![0-9A-Za-z_.,-])\d{2,8}(?:-\d{1,8}){1,4}(?![\d,.-]?\d)(?!-)"  # dashed groups
        r"|(?<![0-9A-Za-z_.,₩$€£-])\d{8,18}(?![\d,.-]?\d))"  # unbroken
        rf"{_NOT_COUNTED}"
    )
    SCORE = 0.5

    def holds(self, number: str) -> bool:
        digits = sum(ch.isdigit() for ch in number)
        return 8 <= digits <= 20 and _NOT_AN_ACCOUNT.fullmatch(number) is None
