"""The national identification numbers of the EU, the EEA and Switzerland that Presidio lacks (`pii._national_ids`),
through a redactor of the `EU` profile: each hidden whole, as its type, in a sentence of its own language and as it is
also written, and restored exactly; with its check digit changed, not taken for it; a weak one only beside a word
naming it; and phone numbers, IBANs, cards, dates and order numbers of those countries left to what they are. Every
number in a sentence here was made for these tests, its check computed (and cross-checked with python-stdnum where
it has the country); the checks themselves are held to the examples python-stdnum documents."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

import pii
from pii import _id_checks as checks
from pii._national_ids import NATIONAL_IDS
from tests.pii.masking import hidden

NEW_TYPES = frozenset(cls.ENTITY for cls in NATIONAL_IDS)


@pytest.fixture(scope="module")
def eu() -> Iterator[pii.Redactor]:
    built = pii.Redactor(pii.PiiSettings(profiles=("EU",), detect_workers=0))
    yield built
    built.close()


def type_of(redactor: pii.Redactor, text: str, value: str) -> str | None:
    """The type of the detected span holding `value` whole, once `text` restores exactly; None if none holds it."""
    redaction = redactor.redact(text)
    assert pii.restore(redaction.text, redaction.vault) == text
    at = text.index(value)
    holding = [e.type for e in redaction.entities if e.start <= at and at + len(value) <= e.end]
    return holding[0] if holding else None


def types_near(redactor: pii.Redactor, text: str, value: str) -> set[str]:
    """The types of every detected span overlapping `value` in `text`."""
    at = text.index(value)
    return {e.type for e in redactor.redact(text).entities if e.start < at + len(value) and at < e.end}


def mistyped(value: str) -> str:
    """`value` with its check character changed: its last digit made the next, or its check letter the next letter (a
    PPSN's stands before its second letter)."""
    at = len(value) - 2 if value[-2:].isalpha() else len(value) - 1
    if value[at].isdigit():
        return value[:at] + str((int(value[at]) + 1) % 10) + value[at + 1 :]
    letters = "ABCDEFGHIJKLMNOPQRSTUVW"
    return value[:at] + letters[(letters.index(value[at]) + 1) % len(letters)] + value[at + 1 :]


# (id, sentence, the number in it, its type): numbers whose check stands alone
STRONG = [
    ("fr-nir-spaced", "Bonjour, mon numéro de sécurité sociale est le 2 70 08 33 893 287 58, carte Vitale à jour.",
     "2 70 08 33 893 287 58", "FR_NIR"),
    ("fr-nir-corsica", "Numéro INSEE de mon père, né à Bastia : 170082B17421836.", "170082B17421836", "FR_NIR"),
    ("fr-nir-compact", "NIR 270083389328758 à reporter sur le formulaire.", "270083389328758", "FR_NIR"),
    ("be-rijksregister", "Mijn rijksregisternummer is 53.10.04-614.61, kunt u het dossier aanpassen?",
     "53.10.04-614.61", "BE_NATIONAL_NUMBER"),
    ("be-born-2000", "Numéro national de l'enfant : 00051848212.", "00051848212", "BE_NATIONAL_NUMBER"),
    ("cz-rodne-cislo", "Rodné číslo pacientky: 735906/1710, pojišťovna VZP.", "735906/1710", "CZ_BIRTH_NUMBER"),
    ("sk-plus-70", "Rodné číslo dieťaťa je 0581034190, narodené v marci.", "0581034190", "CZ_BIRTH_NUMBER"),
    ("ro-cnp", "CNP-ul meu este 1790428221687, vă rog să actualizați contractul.", "1790428221687", "RO_CNP"),
    ("ro-cnp-2000", "Copilul are CNP 5140528221347 conform certificatului.", "5140528221347", "RO_CNP"),
    ("si-emso", "Moja EMŠO je 1001986509062, prosim za potrdilo.", "1001986509062", "SI_EMSO"),
    ("rs-jmbg", "JMBG podnosioca zahteva: 1508984714499.", "1508984714499", "SI_EMSO"),
    ("no-fodselsnummer", "Fødselsnummeret mitt er 230474 20792, send brevet hjem.", "230474 20792", "NO_FODSELSNUMMER"),
    ("no-d-number", "D-nummer: 57017427689 (sesongarbeider).", "57017427689", "NO_FODSELSNUMMER"),
    ("ee-isikukood", "Minu isikukood on 38708165287, palun saatke arve.", "38708165287", "EE_LT_PERSONAL_CODE"),
    ("lt-asmens-kodas", "Mano asmens kodas yra 60705125493.", "60705125493", "EE_LT_PERSONAL_CODE"),
    ("lv-personas-kods", "Mans personas kods ir 201068-11417, lūdzu pārbaudiet.", "201068-11417", "LV_PERSONAL_CODE"),
    ("lv-compact", "Klients 20106811417 pieteicās vakar.", "20106811417", "LV_PERSONAL_CODE"),
    ("ie-ppsn", "My PPS number is 7382981M, can you update the form?", "7382981M", "IE_PPSN"),
    ("ie-ppsn-2013", "PPSN 2875727LA for the child benefit claim.", "2875727LA", "IE_PPSN"),
    ("ch-ahv", "Meine AHV-Nummer ist 756.9148.8897.84, bitte korrigieren.", "756.9148.8897.84", "CH_AHV"),
    ("ch-avs-compact", "Mon numéro AVS : 7569148889784.", "7569148889784", "CH_AHV"),
    ("at-svnr", "Meine Sozialversicherungsnummer ist 3707 080458.", "3707 080458", "AT_SVNR"),
    ("at-svnr-compact", "Versicherter 3707080458 war am Montag beim Arzt.", "3707080458", "AT_SVNR"),
    ("bg-egn", "Моето ЕГН е 7511247014, моля да го въведете.", "7511247014", "BG_EGN"),
    ("bg-egn-2000", "EGN na deteto: 0142184234.", "0142184234", "BG_EGN"),
    ("is-kennitala", "Kennitalan mín er 150976-3919, takk fyrir.", "150976-3919", "IS_KENNITALA"),
    ("is-compact", "Greiðandi 1509763919 greiddi reikninginn.", "1509763919", "IS_KENNITALA"),
    ("lu-matricule", "Mon matricule est 1986 1120 597 44, merci de le vérifier.", "1986 1120 597 44", "LU_MATRICULE"),
    ("lu-compact", "Matricule CNS: 1986112059744.", "1986112059744", "LU_MATRICULE"),
]  # fmt: skip

# (id, sentence with a word naming the number, the number, its type, the same number without that word)
WEAK = [
    ("nl-bsn", "Mijn BSN is 443668759, graag de toeslag herberekenen.", "443668759", "NL_BSN",
     "Bestelling 443668759 is vandaag verzonden."),
    ("nl-bsn-dotted", "Burgerservicenummer: 4436.68.759", "4436.68.759", "NL_BSN", "Artikel 4436.68.759 op voorraad."),
    ("pt-nif", "O meu número de contribuinte é 282 888 446.", "282 888 446", "PT_NIF",
     "A encomenda 282 888 446 foi enviada."),
    ("pt-nif-compact", "NIF: 282888446", "282888446", "PT_NIF", "Fatura 282888446 paga."),
    ("cz-nine-digits", "Rodné číslo: 260111/711, narozen 1926.", "260111/711", "CZ_BIRTH_NUMBER",
     "Objednávka 260111/711 byla odeslána."),
    ("hr-oib", "Moj OIB je 93433383000, molim ispravak.", "93433383000", "HR_OIB", "Račun 93433383000 je plaćen."),
    ("dk-cpr", "Mit CPR-nummer er 290360-0767.", "290360-0767", "DK_CPR", "Ordre 290360-0767 er afsendt."),
    ("dk-cpr-compact", "CPR 2903600767 på recepten.", "2903600767", "DK_CPR", "Sag 2903600767 er lukket."),
    ("lv-new-code", "Personas kods: 323763-69371", "323763-69371", "LV_PERSONAL_CODE",
     "Pasūtījums 323763-69371 nosūtīts."),
    ("gr-amka", "Ο ΑΜΚΑ μου είναι 06128248165.", "06128248165", "GR_AMKA", "Παραγγελία 06128248165 απεστάλη."),
    ("gr-amka-latin", "AMKA: 06128248165", "06128248165", "GR_AMKA", "Ref. 06128248165"),
    ("hu-taj", "TAJ számom: 563 765 390.", "563 765 390", "HU_TAJ", "Rendelés 563 765 390 feladva."),
    ("hu-taj-dashed", "Társadalombiztosítási azonosító jel: 563-765-390", "563-765-390", "HU_TAJ",
     "Cikkszám 563-765-390"),
    ("at-svnr-undated", "Versicherungsnummer 8392 151372 (Geburtsdatum unbekannt)", "8392 151372", "AT_SVNR",
     "Auftrag 8392 151372 erledigt."),
]  # fmt: skip

# (id, sentence, the number): a number beside its word that fails its check (or holds no date)
FAILING_WEAK = [
    ("dk-cpr-no-date", "Mit CPR-nummer er 320360-0767.", "320360-0767"),
    ("cz-nine-digits-no-date", "Rodné číslo: 261311/711.", "261311/711"),
]

PHONES = [
    ("kr-mobile-as-a-fodselsnummer", "어소망\t01077210586\t(미기재 - DM으로 요청함)"),  # passes Norway's checks
    ("fr", "Appelez-moi au 06 12 34 56 78 ou au +33 1 42 68 53 00."),
    ("be", "Bel me op 0471 23 45 67 of +32 2 512 34 56."),
    ("nl", "Bel 06-12345678 of +31 20 624 1111."),
    ("pt", "Ligue para 912 345 678 ou +351 213 456 789."),
    ("cz", "Zavolejte na +420 601 123 456 nebo 224 812 345."),
    ("sk", "Volajte +421 905 123 456."),
    ("ro", "Sunați la 0721 234 567 sau +40 21 312 3456."),
    ("si", "Pokličite +386 41 123 456."),
    ("hr", "Nazovite +385 91 234 5678 ili 01 4561 234."),
    ("no", "Ring meg på 912 34 567 eller +47 22 12 34 56."),
    ("dk", "Ring på 20 12 34 56 eller +45 33 12 34 56."),
    ("ee", "Helista +372 5123 4567."),
    ("lt", "Skambinkite +370 612 34567."),
    ("lv", "Zvaniet +371 2123 4567."),
    ("gr", "Τηλέφωνο: 6912345678 ή +30 210 123 4567."),
    ("ie", "Call me on 087 123 4567 or +353 1 234 5678."),
    ("ch", "Rufen Sie 079 123 45 67 oder +41 44 668 18 00 an."),
    ("at", "Erreichbar unter 0664 1234567 oder +43 1 534 56."),
    ("bg", "Обадете се на 0881234567 или +359 2 981 2345."),
    ("is", "Hringdu í 581 2345 eða +354 862 4417."),
    ("hu", "Hívjon: +36 30 123 4567 vagy 06 1 234 5678."),
    ("lu", "Appelez le +352 621 123 456."),
    ("dialled-compact", "WhatsApp +4791234567 / +32471234567 / +40721234567"),
]

OTHER_NUMBERS = [
    ("ibans", "IBAN BE71 0961 2345 6769, NL91ABNA0417164300, FR7630006000011234567890189, RO49AAAA1B31007593840000"),
    ("cards", "Visa 4111 1111 1111 1111, Mastercard 5555555555554444, Amex 378282246310005"),
    ("dates", "Rendez-vous le 23/04/1974, le 1974-04-23, am 23.04.1974 und 23041974."),
    ("order-numbers", "Bestellnummer 4006381333931, order #1234567890123, Auftrag 2024031512345."),
    ("amounts-and-times", "Total 1 234 567,89 EUR; timestamp 1717171717; build 20240312.1"),
]


@pytest.mark.parametrize(("text", "value", "entity"), [c[1:] for c in STRONG], ids=[c[0] for c in STRONG])
def test_a_number_whose_check_holds_is_hidden_as_its_type(eu: pii.Redactor, text: str, value: str, entity: str) -> None:
    hidden(eu, text, value)
    assert type_of(eu, text, value) == entity


@pytest.mark.parametrize(("text", "value", "entity"), [c[1:] for c in STRONG], ids=[c[0] for c in STRONG])
def test_the_same_number_with_its_check_digit_changed_is_not_taken_for_it(
    eu: pii.Redactor, text: str, value: str, entity: str
) -> None:
    wrong = mistyped(value)
    assert wrong != value
    assert entity not in types_near(eu, text.replace(value, wrong), wrong)


@pytest.mark.parametrize(("text", "value", "entity", "bare"), [c[1:] for c in WEAK], ids=[c[0] for c in WEAK])
def test_a_weak_number_is_hidden_beside_its_word_only(
    eu: pii.Redactor, text: str, value: str, entity: str, bare: str
) -> None:
    hidden(eu, text, value)
    assert type_of(eu, text, value) == entity
    assert entity not in types_near(eu, bare, value)  # control: the same number, no word naming it


UNCHECKED = frozenset({"cz-nine-digits", "dk-cpr", "dk-cpr-compact", "lv-new-code"})
"""Weak numbers without a check digit (a date alone, or random digits): nothing to change (`FAILING_WEAK`)."""


@pytest.mark.parametrize(
    ("text", "value", "entity"),
    [c[1:4] for c in WEAK if c[0] not in UNCHECKED],
    ids=[c[0] for c in WEAK if c[0] not in UNCHECKED],
)
def test_a_weak_number_whose_check_fails_is_not_taken_even_beside_its_word(
    eu: pii.Redactor, text: str, value: str, entity: str
) -> None:
    wrong = mistyped(value)
    assert entity not in types_near(eu, text.replace(value, wrong), wrong)


@pytest.mark.parametrize(("text", "value"), [c[1:] for c in FAILING_WEAK], ids=[c[0] for c in FAILING_WEAK])
def test_a_number_without_a_date_of_birth_is_not_taken_beside_its_word(eu: pii.Redactor, text: str, value: str) -> None:
    assert not types_near(eu, text, value) & NEW_TYPES


@pytest.mark.parametrize("text", [c[1] for c in PHONES], ids=[c[0] for c in PHONES])
def test_phone_numbers_of_those_countries_are_no_national_ids(eu: pii.Redactor, text: str) -> None:
    assert not {e.type for e in eu.redact(text).entities} & NEW_TYPES


@pytest.mark.parametrize("text", [c[1] for c in OTHER_NUMBERS], ids=[c[0] for c in OTHER_NUMBERS])
def test_ibans_cards_dates_and_order_numbers_are_no_national_ids(eu: pii.Redactor, text: str) -> None:
    assert not {e.type for e in eu.redact(text).entities} & NEW_TYPES


@pytest.mark.parametrize(
    "text",
    [
        "ref 91790428221687 closed",  # a digit before
        "ref 17904282216870 closed",  # a digit after
        "ref X1790428221687 closed",  # a letter before
        "dial +1790428221687 now",  # a country's code
        "oid 2.16.1790428221687 set",  # a dotted longer number
    ],
    ids=["digit-before", "digit-after", "letter-before", "plus", "dotted"],
)
def test_a_number_glued_to_a_longer_one_is_not_read(eu: pii.Redactor, text: str) -> None:
    assert "RO_CNP" not in {e.type for e in eu.redact(text).entities}
    assert type_of(eu, "CNP 1790428221687 ok", "1790428221687") == "RO_CNP"  # control: standing alone


def _random_digits(rng: random.Random, length: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(length))


# (check, digits it reads): a strong check passes under 1% of random numbers of its length, a weak one about 10%
STRONG_CHECKS: list[tuple[str, Callable[[str], bool], int]] = [
    ("fr", checks.fr_nir, 15),
    ("be", checks.be_national_number, 11),
    ("cz", checks.cz_birth_number, 10),
    ("ro", checks.ro_cnp, 13),
    ("si", checks.yu_jmbg, 13),
    ("no", checks.no_fodselsnummer, 11),
    ("ee-lt", checks.ee_lt_personal_code, 11),
    ("lv", checks.lv_personal_code, 11),
    ("ch", checks.ch_ahv, 13),
    ("at", lambda d: checks.at_svnr(d) and checks.at_svnr_dated(d), 10),
    ("bg", checks.bg_egn, 10),
    ("is", checks.is_kennitala, 10),
    ("lu", checks.lu_matricule, 13),
]
WEAK_CHECKS: list[tuple[str, Callable[[str], bool], int]] = [
    ("nl", checks.nl_bsn, 9),
    ("pt", checks.pt_nif, 9),
    ("hr", checks.hr_oib, 11),
    ("hu", checks.hu_taj, 9),
]


@pytest.mark.parametrize(("check", "length"), [c[1:] for c in STRONG_CHECKS], ids=[c[0] for c in STRONG_CHECKS])
def test_a_strong_check_passes_few_random_numbers(check: Callable[[str], bool], length: int) -> None:
    rng = random.Random(2026)
    passed = sum(check(_random_digits(rng, length)) for _ in range(20_000))
    assert passed < 200  # under 1%: it may stand alone


@pytest.mark.parametrize(("check", "length"), [c[1:] for c in WEAK_CHECKS], ids=[c[0] for c in WEAK_CHECKS])
def test_a_weak_check_passes_one_random_number_in_ten(check: Callable[[str], bool], length: int) -> None:
    rng = random.Random(2026)
    passed = sum(check(_random_digits(rng, length)) for _ in range(20_000))
    assert 1_500 < passed < 2_500  # about 10%: found only beside a word naming it


def test_the_checks_agree_with_their_published_examples() -> None:
    # examples of the issuers' rules as python-stdnum documents them, and Luxembourg's and Hungary's
    assert checks.fr_nir("295109912611193") and not checks.fr_nir("295109912611199")
    assert checks.fr_nir("253072B07300470") and checks.fr_nir("253072A07300443")
    assert checks.be_national_number("85073003328") and checks.be_national_number("17073003384")
    assert checks.nl_bsn("111222333") and not checks.nl_bsn("111252333")
    assert checks.pt_nif("501964843") and not checks.pt_nif("501964842")
    assert checks.cz_birth_number("7103192745") and not checks.cz_birth_number("7103192746")
    assert checks.cz_birth_number("991231123") is False  # nine digits: births until 1953 only (1999 here)
    assert checks.ro_cnp("1630615123457") and not checks.ro_cnp("1630615993454")  # county 99
    assert checks.yu_jmbg("0101006500006") and not checks.yu_jmbg("0101006500007")
    assert checks.hr_oib("33392005961") and not checks.hr_oib("33392005962")
    assert checks.no_fodselsnummer("15108695088") and not checks.no_fodselsnummer("15108695077")
    assert checks.dk_cpr_date("2110621629") and not checks.dk_cpr_date("5110621629")
    assert not checks.dk_cpr_date("2110525629")  # serial 5 and year 52: 2052, not born yet
    assert not checks.dk_cpr_date("2110625629")  # serial 5 and year 62: 1862, no one alive
    assert checks.ee_lt_personal_code("36805280109") and not checks.ee_lt_personal_code("36805280108")
    assert checks.ee_lt_personal_code("33309240064") and not checks.ee_lt_personal_code("33309240164")
    assert checks.lv_personal_code("16117519997") and not checks.lv_personal_code("16137519997")
    assert checks.gr_amka("01013099997") and not checks.gr_amka("01013099999")
    assert checks.ie_ppsn("6433435F") and checks.ie_ppsn("6433435FW") and checks.ie_ppsn("6433435OA")
    assert not checks.ie_ppsn("6433435E")
    assert checks.ch_ahv("7569217076985") and not checks.ch_ahv("7569217076984")
    assert checks.at_svnr("1237010180") and not checks.at_svnr("2237010180")
    assert checks.bg_egn("7511247014") and not checks.bg_egn("8019010008")  # month 19
    assert not checks.bg_egn("8032056031")  # a month raised by 20: 1880, no one alive
    assert checks.is_kennitala("1201743399") and not checks.is_kennitala("1201743389")
    assert checks.hu_taj("123456788") and not checks.hu_taj("123456789")
    assert checks.lu_matricule("1983052101246") and not checks.lu_matricule("1983052101247")
