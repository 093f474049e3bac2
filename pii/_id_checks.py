"""The checks of Europe's national identification numbers: pure functions over a number's digits, its separators
removed, each saying whether its country could have issued it (`pii._national_ids` matches the numbers).

Each follows its issuer's published rule as python-stdnum implements it (tests/pii/test_national_ids.py holds its
documented examples), and Luxembourg's and Hungary's, which stdnum lacks, as public validators and Hungary's law on
identification codes (1996. évi XX.) give them. A check digit or two alone passes one random number in 10, 11, 23 or
97; a date of birth inside the number passes about one in three of those: how much each check proves is said in
`pii._national_ids`, which decides what may stand alone.
"""

from __future__ import annotations

import datetime

_VERHOEFF_D = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 2, 3, 4, 0, 6, 7, 8, 9, 5), (2, 3, 4, 0, 1, 7, 8, 9, 5, 6),
    (3, 4, 0, 1, 2, 8, 9, 5, 6, 7), (4, 0, 1, 2, 3, 9, 5, 6, 7, 8), (5, 9, 8, 7, 6, 0, 4, 3, 2, 1),
    (6, 5, 9, 8, 7, 1, 0, 4, 3, 2), (7, 6, 5, 9, 8, 2, 1, 0, 4, 3), (8, 7, 6, 5, 9, 3, 2, 1, 0, 4),
    (9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
)  # fmt: skip
_VERHOEFF_P = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 5, 7, 6, 2, 8, 3, 0, 9, 4), (5, 8, 0, 3, 7, 9, 6, 1, 4, 2),
    (8, 9, 1, 6, 0, 4, 3, 5, 2, 7), (9, 4, 5, 3, 1, 2, 6, 8, 7, 0), (4, 2, 8, 6, 5, 7, 3, 9, 0, 1),
    (2, 7, 9, 3, 8, 0, 6, 4, 1, 5), (7, 0, 4, 6, 9, 1, 3, 2, 5, 8),
)  # fmt: skip
_RO_COUNTIES = frozenset({*(f"{n:02d}" for n in range(1, 49)), "51", "52", "70", "80", "81", "82", "83"})
_IE_LETTERS = "WABCDEFGHIJKLMNOPQRSTUV"


def born(year: int, month: int, day: int, today: datetime.date | None = None) -> bool:
    """Whether year, month and day make the date of birth of someone alive when numbers are read: a date, from 1900
    (the 1800s that Latvia's, Estonia's, Romania's or Bulgaria's codes can write hold no one now) to today."""
    try:
        return datetime.date(1900, 1, 1) <= datetime.date(year, month, day) <= (today or datetime.date.today())
    except ValueError:
        return False


def _weighted(digits: str, weights: tuple[int, ...]) -> int:
    return sum(w * int(d) for w, d in zip(weights, digits, strict=False))


def luhn(digits: str) -> bool:
    """The Luhn check (cards, Greece's AMKA): every second digit from the right doubled, the sum a multiple of 10."""
    total = 0
    for i, d in enumerate(reversed(digits)):
        n = int(d) * (2 if i % 2 else 1)
        total += n - 9 if n > 9 else n
    return total % 10 == 0


def verhoeff(digits: str) -> bool:
    """Verhoeff's dihedral check, whose last digit catches every single error and swap of neighbours."""
    check = 0
    for i, d in enumerate(reversed(digits)):
        check = _VERHOEFF_D[check][_VERHOEFF_P[i % 8][int(d)]]
    return check == 0


def fr_nir(number: str) -> bool:
    """France's NIR (15 characters, Corsica's department "2A" or "2B"): its key is 97 less the first 13 digits modulo
    97, the department read as 19 and 18; its first character a sex (1, 2, or 3, 4, 7, 8 for provisional ones), its
    month 01-12, or 20-42 and 50-99 where it is unknown."""
    body = number[:5] + {"2A": "19", "2B": "18"}.get(number[5:7].upper(), number[5:7]) + number[7:13]
    if len(number) != 15 or not body.isdigit() or not number[13:].isdigit() or number[0] not in "123478":
        return False
    month = int(number[3:5])
    return (1 <= month <= 12 or 20 <= month <= 42 or month >= 50) and int(number[13:]) == 97 - int(body) % 97


def be_national_number(digits: str) -> bool:
    """Belgium's national number YYMMDD SSS CC: CC is 97 less the first nine digits modulo 97, with a 2 before them
    for births from 2000; its month may be 0 (unknown) or raised by 20 or 40 (a BIS number), its day 0."""
    month, day = int(digits[2:4]), int(digits[4:6])
    if month % 20 > 12 or month > 52 or day > 31:
        return False
    check = int(digits[9:])
    if check == 97 - int(digits[:9]) % 97:
        return True
    return int(digits[:2]) + 2000 <= datetime.date.today().year and check == 97 - int("2" + digits[:9]) % 97


def nl_bsn(digits: str) -> bool:
    """The Netherlands' BSN, the "elfproef": nine digits weighted 9..2, less the last, a multiple of 11."""
    return (_weighted(digits, (9, 8, 7, 6, 5, 4, 3, 2)) - int(digits[8])) % 11 == 0 and int(digits) > 0


def pt_nif(digits: str) -> bool:
    """Portugal's NIF: the first eight digits weighted 9..2, the ninth 11 less their sum modulo 11 (10 and 11 as 0);
    a person's starts 1, 2 or 3, a company's 5, 6, 8 or 9."""
    return digits[0] != "0" and int(digits[8]) == (11 - _weighted(digits, (9, 8, 7, 6, 5, 4, 3, 2))) % 11 % 10


def cz_birth_number(digits: str) -> bool:
    """Czechia's and Slovakia's rodné číslo YYMMDD/SSS(C): a woman's month raised by 50, and by 20 more when a day's
    serials ran out (from 2004); ten digits whose first nine modulo 11 give the last (a remainder of 10 giving 0, as
    numbers issued before 1985 have it), or nine, the form of births until 1953."""
    year, month, day = int(digits[:2]), int(digits[2:4]), int(digits[4:6])
    month -= 50 if month > 50 else 0
    if len(digits) == 9:
        return year < 54 and born(1900 + year, month, day)
    year += 2000 if year < 54 else 1900
    if month > 20 and year < 2004:
        return False  # a month raised by 20 only from 2004
    month -= 20 if month > 20 else 0
    return born(year, month, day) and int(digits[:9]) % 11 % 10 == int(digits[9])


def ro_cnp(digits: str) -> bool:
    """Romania's CNP SYYMMDDJJNNNC: S a sex and century, JJ a county, C the first twelve digits weighted 279146358279
    modulo 11 (10 giving 1)."""
    century = {"1": 1900, "2": 1900, "3": 1800, "4": 1800, "5": 2000, "6": 2000}.get(digits[0])
    years = [century] if century else [1900, 2000]  # a resident's 7 or 8, a foreigner's 9: either century
    year, month, day = int(digits[1:3]), int(digits[3:5]), int(digits[5:7])
    if digits[0] == "0" or digits[7:9] not in _RO_COUNTIES or not any(born(c + year, month, day) for c in years):
        return False
    check = _weighted(digits, (2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9)) % 11
    return int(digits[12]) == (1 if check == 10 else check)


def yu_jmbg(digits: str) -> bool:
    """The JMBG of the former Yugoslavia, Slovenia's EMŠO, DDMMYYYRRBBBK: YYY the year less 1000 (or 2000, below
    800), K 11 less the first twelve digits weighted 765432765432 modulo 11 (10 and 11 giving 0)."""
    year = int(digits[4:7])
    if not born(year + (2000 if year < 800 else 1000), int(digits[2:4]), int(digits[:2])):
        return False
    return int(digits[12]) == (11 - _weighted(digits, (7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2)) % 11) % 11 % 10


def hr_oib(digits: str) -> bool:
    """Croatia's OIB: ISO 7064 MOD 11,10 over eleven digits, no date."""
    product = 10
    for d in digits[:10]:
        product = ((product + int(d)) % 10 or 10) * 2 % 11
    return (11 - product) % 10 == int(digits[10])


def no_fodselsnummer(digits: str) -> bool:
    """Norway's fødselsnummer DDMMYY III K1 K2: two check digits, 11 less the digits before each weighted 376189452
    and 5432765432 modulo 11 (10 is never issued); a D-number's day raised by 40, an H-number's month by 40; the
    century read from III."""
    day, month, year, serial = int(digits[:2]), int(digits[2:4]), int(digits[4:6]), int(digits[6:9])
    first = (11 - _weighted(digits, (3, 7, 6, 1, 8, 9, 4, 5, 2))) % 11
    second = (11 - _weighted(digits, (5, 4, 3, 2, 7, 6, 5, 4, 3, 2))) % 11
    if first == 10 or second == 10 or (first, second) != (int(digits[9]), int(digits[10])):
        return False
    if serial < 500:
        year += 1900
    elif serial < 750 and year >= 54:
        year += 1800
    elif year < 40:
        year += 2000
    elif serial >= 900:
        year += 1900
    else:
        return False
    return born(year, month - 40 if month > 40 else month, day - 40 if day > 40 else day)


def dk_cpr_date(digits: str) -> bool:
    """Whether Denmark's CPR number DDMMYY-SSSS holds a date of birth, its century read from S's first digit. Its
    modulo-11 check was given up in 2007: there is nothing else to check."""
    year, serial = int(digits[4:6]), digits[6]
    if serial in "5678" and year >= 58:
        year += 1800
    elif serial in "0123" or (serial in "49" and year >= 37):
        year += 1900
    else:
        year += 2000
    return born(year, int(digits[2:4]), int(digits[:2]))


def ee_lt_personal_code(digits: str) -> bool:
    """Estonia's isikukood and Lithuania's asmens kodas GYYMMDDSSSC: G a sex and century (1-2 1800s, 3-4 1900s, 5-6
    2000s), C the first ten digits weighted 1234567891 modulo 11, else weighted 3456789123, 10 again giving 0."""
    if digits[0] not in "123456":
        return False
    year = 1800 + 100 * ((int(digits[0]) - 1) // 2) + int(digits[1:3])
    if not born(year, int(digits[3:5]), int(digits[5:7])):
        return False
    check = _weighted(digits, (1, 2, 3, 4, 5, 6, 7, 8, 9, 1)) % 11
    if check == 10:
        check = _weighted(digits, (3, 4, 5, 6, 7, 8, 9, 1, 2, 3)) % 11 % 10
    return check == int(digits[10])


def lv_personal_code(digits: str) -> bool:
    """Latvia's personas kods DDMMYY-CNNNK issued until 2017: C the century (0 1800s, 1 1900s, 2 2000s), K one more
    than the first ten digits weighted 10,5,8,4,2,1,6,3,7,9, modulo 11 then 10."""
    year = 1800 + 100 * int(digits[6]) + int(digits[4:6])
    if digits[6] not in "012" or not born(year, int(digits[2:4]), int(digits[:2])):
        return False
    return (1 + _weighted(digits, (10, 5, 8, 4, 2, 1, 6, 3, 7, 9))) % 11 % 10 == int(digits[10])


def gr_amka(digits: str) -> bool:
    """Greece's AMKA DDMMYY + 5 digits, Luhn-checked; the century of its date is not written."""
    day, month, year = int(digits[:2]), int(digits[2:4]), int(digits[4:6])
    return luhn(digits) and (born(1900 + year, month, day) or born(2000 + year, month, day))


def ie_ppsn(number: str) -> bool:
    """Ireland's PPSN, seven digits and a check letter, and maybe a second letter: the digits weighted 8..2, plus 9
    times the second letter's place (A=1 ... W=0) for the A, B and H of numbers issued since 2013, modulo 23 give the
    check letter (W for 0)."""
    number = number.upper()
    total = _weighted(number, (8, 7, 6, 5, 4, 3, 2))
    if len(number) == 9 and number[8] in "ABH":
        total += 9 * _IE_LETTERS.index(number[8])
    return _IE_LETTERS[total % 23] == number[7]


def ch_ahv(digits: str) -> bool:
    """Switzerland's AHV number 756.XXXX.XXXX.XC, an EAN-13: 756 the country, C makes the digits weighted 1,3,1,3...
    a multiple of 10."""
    return digits.startswith("756") and _weighted(digits, (1, 3) * 6 + (1,)) % 10 == 0


def at_svnr(digits: str) -> bool:
    """Austria's Versicherungsnummer NNNC DDMMYY: C the other nine digits weighted 3,7,9,_,5,8,4,2,1,6 modulo 11 (10 is
    never issued). Its last six digits are mostly a date of birth, not always (`at_svnr_dated`)."""
    return digits[0] != "0" and _weighted(digits, (3, 7, 9, 0, 5, 8, 4, 2, 1, 6)) % 11 == int(digits[3])


def at_svnr_dated(digits: str) -> bool:
    """Whether an Austrian Versicherungsnummer's last six digits are a date of birth (its century is not written)."""
    day, month, year = int(digits[4:6]), int(digits[6:8]), int(digits[8:])
    return born(1900 + year, month, day) or born(2000 + year, month, day)


def bg_egn(digits: str) -> bool:
    """Bulgaria's EGN YYMMDDSSSC: the month raised by 20 for the 1800s, by 40 for the 2000s; C the first nine digits
    weighted 2,4,8,5,10,9,7,3,6 modulo 11, then 10."""
    year, month = 1900 + int(digits[:2]), int(digits[2:4])
    if month > 40:
        year, month = year + 100, month - 40
    elif month > 20:
        year, month = year - 100, month - 20
    dated = born(year, month, int(digits[4:6]))
    return dated and _weighted(digits, (2, 4, 8, 5, 10, 9, 7, 3, 6)) % 11 % 10 == int(digits[9])


def is_kennitala(digits: str) -> bool:
    """Iceland's kennitala DDMMYY-RRCM: M the century (9 1900s, 0 2000s), the first nine digits weighted 32765432,1
    a multiple of 11; a person's (a firm's day is raised by 40)."""
    year = (1900 if digits[9] == "9" else 2000) + int(digits[4:6])
    if digits[9] not in "90" or not born(year, int(digits[2:4]), int(digits[:2])):
        return False
    return _weighted(digits, (3, 2, 7, 6, 5, 4, 3, 2, 1)) % 11 == 0


def hu_taj(digits: str) -> bool:
    """Hungary's TAJ number: eight digits weighted 3,7,3,7... modulo 10 give the ninth; no date."""
    return _weighted(digits, (3, 7) * 4) % 10 == int(digits[8])


def lu_matricule(digits: str) -> bool:
    """Luxembourg's matricule YYYYMMDDSSS + two check digits: a Luhn digit and a Verhoeff digit, each over the first
    eleven."""
    dated = born(int(digits[:4]), int(digits[4:6]), int(digits[6:8]))
    return dated and luhn(digits[:12]) and verhoeff(digits[:11] + digits[12])
