"""The national identification numbers of the EU, the EEA and Switzerland that Presidio lacks, for the `EU` profile.

A GDPR region sees every member state's numbers, not only the six Presidio knows (Germany, Spain, Italy, Poland,
Finland, Sweden). Each recognizer here matches its number as people write it and validates it with its country's
check (`pii._id_checks`); what it may claim depends on how much that check proves:

- strong: a check that passes under one random number in a hundred of its shape, for two check digits or one with a
  date of birth inside (France, Belgium, Czechia and Slovakia, Romania, the former Yugoslavia, Norway, Estonia and
  Lithuania, Latvia, Switzerland's 756, Austria, Bulgaria, Iceland, Luxembourg), and Ireland's check letter (one in
  23) after seven digits, a shape little else has: stands alone (`validate_result` True, score 1.0);
- weak: one check digit and no date (the Netherlands, Portugal, Croatia, Hungary; Greece's date lacks its century),
  or a date and no check digit (Denmark since 2007, Czech nine-digit numbers), or neither (Latvia's codes since 2017,
  an Austrian number whose date is none): one number in ten or more passes, so it is found only where a word naming
  it stands before it (`validate_result` None, a pattern score of `WEAK` that Presidio's context step lifts to 0.4
  beside one of its `CONTEXT` words);
- a failed check drops the match, whatever stands near it (`validate_result` False).

A number is never read inside a longer run of digits or letters, nor after a "+" (a phone number's country code) or
a digit and a dot, dash or slash (a dotted or dashed longer number).
"""

from __future__ import annotations

from typing import ClassVar

from . import _id_checks as checks
from ._presidio import import_presidio

import_presidio()
from presidio_analyzer import Pattern, PatternRecognizer  # noqa: E402

_START = r"(?<![0-9A-Za-z+])(?<![0-9][.\-/])"
_END = r"(?![0-9A-Za-z])(?![.\-/][0-9])"
WEAK = 0.05
"""The score of every pattern, which only a number whose check says None keeps: under every threshold alone, 0.4
beside a word naming it (Presidio's context step adds 0.35, to at least 0.4). A check's True scores 1.0."""


def _shape(name: str, body: str) -> Pattern:
    return Pattern(name, f"{_START}(?:{body}){_END}", WEAK)


def _weak(valid: bool) -> bool | None:
    """None (found only beside a word naming it) for a number that passes a weak check, False for one that fails."""
    return None if valid else False


class NationalIdRecognizer(PatternRecognizer):
    """A national identification number: its shapes (`PATTERNS`), the words that name it (`CONTEXT`, lower case, in
    its country's languages and English) and its check (`check`, over its letters and digits alone)."""

    ENTITY: ClassVar[str] = ""
    PATTERNS: ClassVar[tuple[Pattern, ...]] = ()
    CONTEXT: ClassVar[tuple[str, ...]] = ()

    def __init__(
        self,
        patterns: list[Pattern] | None = None,
        context: list[str] | None = None,
        supported_language: str = "en",
        supported_entity: str | None = None,
    ) -> None:
        super().__init__(
            supported_entity=supported_entity or self.ENTITY,
            supported_language=supported_language,
            patterns=list(patterns or self.PATTERNS),
            context=list(context or self.CONTEXT),
        )

    def validate_result(self, pattern_text: str) -> bool | None:
        return self.check("".join(ch for ch in pattern_text if ch.isalnum()))

    def check(self, compact: str) -> bool | None:
        """True: a number that stands alone; None: one found only beside a word naming it; False: no such number."""
        raise NotImplementedError


class FrNirRecognizer(NationalIdRecognizer):
    """France's NIR (numéro de sécurité sociale, "2 95 10 99 126 111 93"): strong, a key modulo 97."""

    ENTITY = "FR_NIR"
    PATTERNS = (_shape("NIR", r"[1-478] ?\d\d ?\d\d ?(?:\d\d|2[AB]) ?\d{3} ?\d{3} ?\d\d"),)
    CONTEXT = ("sécurité", "securite", "sécu", "secu", "nir", "insee", "vitale")

    def check(self, compact: str) -> bool | None:
        return checks.fr_nir(compact)


class BeNationalNumberRecognizer(NationalIdRecognizer):
    """Belgium's national number (rijksregisternummer, numéro national, "85.07.30-033.28"): strong, modulo 97."""

    ENTITY = "BE_NATIONAL_NUMBER"
    PATTERNS = (
        _shape("national number, written out", r"\d\d[. ]\d\d[. ]\d\d[-. ]\d{3}[. ]\d\d"),
        _shape("national number", r"\d{11}"),
    )
    CONTEXT = ("rijksregister", "registre", "insz", "niss", "identificatienummer")

    def check(self, compact: str) -> bool | None:
        return checks.be_national_number(compact)


class NlBsnRecognizer(NationalIdRecognizer):
    """The Netherlands' BSN (burgerservicenummer): weak, the elfproef passes one nine-digit number in eleven."""

    ENTITY = "NL_BSN"
    PATTERNS = (_shape("BSN", r"\d{9}|\d{4}\.\d\d\.\d{3}|\d{3} \d{3} \d{3}"),)
    CONTEXT = ("bsn", "burgerservicenummer", "sofinummer", "sofi")

    def check(self, compact: str) -> bool | None:
        return _weak(checks.nl_bsn(compact))


class PtNifRecognizer(NationalIdRecognizer):
    """Portugal's NIF (número de identificação fiscal, número de contribuinte): weak, one check digit modulo 11."""

    ENTITY = "PT_NIF"
    PATTERNS = (_shape("NIF", r"[1-35689]\d{8}|[1-35689]\d\d \d{3} \d{3}"),)
    CONTEXT = ("nif", "contribuinte", "fiscal")

    def check(self, compact: str) -> bool | None:
        return _weak(checks.pt_nif(compact))


class CzBirthNumberRecognizer(NationalIdRecognizer):
    """Czechia's and Slovakia's birth number (rodné číslo, "710319/2745"): strong in ten digits (a date and modulo
    11); weak in the nine of births until 1953, which have a date and no check digit."""

    ENTITY = "CZ_BIRTH_NUMBER"
    PATTERNS = (_shape("rodné číslo", r"\d{6}/?\d{3,4}"),)
    CONTEXT = ("rodné", "rodne", "rodného", "rč")

    def check(self, compact: str) -> bool | None:
        valid = checks.cz_birth_number(compact)
        return valid if len(compact) == 10 else _weak(valid)


class RoCnpRecognizer(NationalIdRecognizer):
    """Romania's CNP (cod numeric personal): strong, a date, a county and a check digit modulo 11."""

    ENTITY = "RO_CNP"
    PATTERNS = (_shape("CNP", r"[1-9]\d{12}"),)
    CONTEXT = ("cnp",)

    def check(self, compact: str) -> bool | None:
        return checks.ro_cnp(compact)


class SiEmsoRecognizer(NationalIdRecognizer):
    """Slovenia's EMŠO, the JMBG of the former Yugoslavia (Croatia until 2009, Serbia, Bosnia and Herzegovina, North
    Macedonia, Montenegro, Kosovo): strong, a date and a check digit modulo 11."""

    ENTITY = "SI_EMSO"
    PATTERNS = (_shape("EMŠO, JMBG", r"[0-3]\d[01]\d{10}"),)
    CONTEXT = ("emšo", "emso", "jmbg", "matični", "maticni")

    def check(self, compact: str) -> bool | None:
        return checks.yu_jmbg(compact)


class HrOibRecognizer(NationalIdRecognizer):
    """Croatia's OIB (osobni identifikacijski broj): weak, ISO 7064 MOD 11,10 passes one number in ten."""

    ENTITY = "HR_OIB"
    PATTERNS = (_shape("OIB", r"\d{11}"),)
    CONTEXT = ("oib", "identifikacijski")

    def check(self, compact: str) -> bool | None:
        return _weak(checks.hr_oib(compact))


class NoFodselsnummerRecognizer(NationalIdRecognizer):
    """Norway's fødselsnummer and D-number ("151086 95088"): strong, a date and two check digits modulo 11."""

    ENTITY = "NO_FODSELSNUMMER"
    PATTERNS = (_shape("fødselsnummer", r"[0-7]\d[0-5]\d{3} ?\d{5}"),)
    CONTEXT = ("fødselsnummer", "fodselsnummer", "personnummer")

    def check(self, compact: str) -> bool | None:
        if compact.startswith(_KOREAN_MOBILES):
            return None  # "01077210586": a Korean mobile's shape, found as a phone; a fødselsnummer beside its word
        return checks.no_fodselsnummer(compact)


_KOREAN_MOBILES = ("010", "011", "016", "017", "018", "019")
"""How Korean mobile numbers open, eleven digits written together as a fødselsnummer of someone born on the 1st of
January or of June to September is: one in a hundred passes its checks."""


class DkCprRecognizer(NationalIdRecognizer):
    """Denmark's CPR number ("211062-1629"): weak, a date and four digits, no check digit since 2007."""

    ENTITY = "DK_CPR"
    PATTERNS = (_shape("CPR", r"[0-3]\d[01]\d{3}-?\d{4}"),)
    CONTEXT = ("cpr", "personnummer", "personnr")

    def check(self, compact: str) -> bool | None:
        return _weak(checks.dk_cpr_date(compact))


class EeLtPersonalCodeRecognizer(NationalIdRecognizer):
    """Estonia's isikukood and Lithuania's asmens kodas, one format ("36805280109"): strong, a date and a check digit
    modulo 11. One type for both: the number does not say which country issued it."""

    ENTITY = "EE_LT_PERSONAL_CODE"
    PATTERNS = (_shape("isikukood, asmens kodas", r"[1-6]\d{10}"),)
    CONTEXT = ("isikukood", "asmens", "kodas")

    def check(self, compact: str) -> bool | None:
        return checks.ee_lt_personal_code(compact)


class LvPersonalCodeRecognizer(NationalIdRecognizer):
    """Latvia's personas kods: strong as issued until 2017 ("161175-19997", a date and a check digit modulo 11); weak
    as issued since ("32xxxx-xxxxx"), random digits after a 3."""

    ENTITY = "LV_PERSONAL_CODE"
    PATTERNS = (
        _shape("personas kods", r"[0-3]\d[01]\d{3}-?[012]\d{4}"),
        _shape("personas kods without a date", r"3[2-9]\d{4}-?\d{5}"),
    )
    CONTEXT = ("personas", "kods", "персональный")

    def check(self, compact: str) -> bool | None:
        if compact[0] == "3" and compact[1] >= "2":
            return None  # a dateless code: nothing to check
        return checks.lv_personal_code(compact)


class GrAmkaRecognizer(NationalIdRecognizer):
    """Greece's AMKA: weak, a date without its century and a Luhn digit."""

    ENTITY = "GR_AMKA"
    PATTERNS = (_shape("AMKA", r"[0-3]\d[01]\d{8}"),)
    CONTEXT = ("amka", "αμκα")

    def check(self, compact: str) -> bool | None:
        return _weak(checks.gr_amka(compact))


class IePpsnRecognizer(NationalIdRecognizer):
    """Ireland's PPS number ("6433435F", "6433435OA"): strong, seven digits and a check letter modulo 23."""

    ENTITY = "IE_PPSN"
    PATTERNS = (_shape("PPSN", r"(?-i:\d{7}[A-W][ABHWTX]?)"),)
    CONTEXT = ("ppsn", "pps")

    def check(self, compact: str) -> bool | None:
        return checks.ie_ppsn(compact)


class ChAhvRecognizer(NationalIdRecognizer):
    """Switzerland's AHV number (AVS, "756.9217.0769.85"): strong, the 756 of Switzerland and an EAN-13 digit."""

    ENTITY = "CH_AHV"
    PATTERNS = (_shape("AHV", r"756([. ]?)\d{4}\1\d{4}\1\d\d"),)
    CONTEXT = ("ahv", "avs", "sozialversicherungsnummer")

    def check(self, compact: str) -> bool | None:
        return checks.ch_ahv(compact)


class AtSvnrRecognizer(NationalIdRecognizer):
    """Austria's Versicherungsnummer ("1237 010180"): strong where its last six digits are a date of birth (a check
    digit modulo 11 and a date); weak where they are not (a check digit alone)."""

    ENTITY = "AT_SVNR"
    PATTERNS = (_shape("Versicherungsnummer", r"[1-9]\d{3} ?\d{6}"),)
    CONTEXT = ("svnr", "vsnr", "versicherungsnummer", "sozialversicherung")

    def check(self, compact: str) -> bool | None:
        if not checks.at_svnr(compact):
            return False
        return True if checks.at_svnr_dated(compact) else None


class BgEgnRecognizer(NationalIdRecognizer):
    """Bulgaria's EGN (ЕГН): strong, a date and a check digit modulo 11."""

    ENTITY = "BG_EGN"
    PATTERNS = (_shape("EGN", r"\d\d[0-5]\d[0-3]\d{5}"),)
    CONTEXT = ("egn", "егн")

    def check(self, compact: str) -> bool | None:
        return checks.bg_egn(compact)


class IsKennitalaRecognizer(NationalIdRecognizer):
    """Iceland's kennitala ("120174-3399"): strong, a date, its century and a check digit modulo 11."""

    ENTITY = "IS_KENNITALA"
    PATTERNS = (_shape("kennitala", r"[0-3]\d[01]\d{3}-?\d{3}[09]"),)
    CONTEXT = ("kennitala", "kt")

    def check(self, compact: str) -> bool | None:
        return checks.is_kennitala(compact)


class HuTajRecognizer(NationalIdRecognizer):
    """Hungary's TAJ number (társadalombiztosítási azonosító jel, "123 456 788"): weak, one check digit modulo 10."""

    ENTITY = "HU_TAJ"
    PATTERNS = (_shape("TAJ", r"\d{3}([ -]?)\d{3}\1\d{3}"),)
    CONTEXT = ("taj", "tajszám", "társadalombiztosítási")

    def check(self, compact: str) -> bool | None:
        return _weak(checks.hu_taj(compact))


class LuMatriculeRecognizer(NationalIdRecognizer):
    """Luxembourg's matricule ("1992 0817 245 27"): strong, a date and two check digits (Luhn's and Verhoeff's)."""

    ENTITY = "LU_MATRICULE"
    PATTERNS = (_shape("matricule", r"(?:19|20)\d\d ?[01]\d[0-3]\d ?\d{3} ?\d\d"),)
    CONTEXT = ("matricule", "cns")

    def check(self, compact: str) -> bool | None:
        return checks.lu_matricule(compact)


NATIONAL_IDS: tuple[type[NationalIdRecognizer], ...] = (
    FrNirRecognizer,
    BeNationalNumberRecognizer,
    NlBsnRecognizer,
    PtNifRecognizer,
    CzBirthNumberRecognizer,
    RoCnpRecognizer,
    SiEmsoRecognizer,
    HrOibRecognizer,
    NoFodselsnummerRecognizer,
    DkCprRecognizer,
    EeLtPersonalCodeRecognizer,
    LvPersonalCodeRecognizer,
    GrAmkaRecognizer,
    IePpsnRecognizer,
    ChAhvRecognizer,
    AtSvnrRecognizer,
    BgEgnRecognizer,
    IsKennitalaRecognizer,
    HuTajRecognizer,
    LuMatriculeRecognizer,
)
"""The recognizers the `EU` profile loads besides Presidio's own (`pii.recognizers.PROFILES`)."""
