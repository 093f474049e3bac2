"""Our recognizers, and which Presidio recognizers each jurisdiction profile loads.

Presidio lacks street addresses (`pii._addresses`), month-name dates, Korean phone numbers and the national
identification numbers of most EU and EEA states and Switzerland (`pii._national_ids`); its email recognizer
reaches for the network (tldextract's suffix list) and its IBAN pattern, run case-insensitively,
loses an IBAN followed by a long word. All text here is English-language, so recognizers Presidio
files under other languages (ko, de, es, ...) are loaded for `en`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import regex

from . import _english as english
from ._presidio import import_presidio
from .wordlists import split_key

presidio = import_presidio()
from presidio_analyzer import EntityRecognizer, Pattern, RecognizerResult  # noqa: E402
from presidio_analyzer import predefined_recognizers as pre  # noqa: E402

from ._abjad_and_thai_names import GATE as NAMES_IN_THEIR_SCRIPT_GATE  # noqa: E402
from ._abjad_and_thai_names import NamesInTheirScriptRecognizer  # noqa: E402
from ._accounts import AnyCaseIbanRecognizer, NamedAccountRecognizer, NamedCardRecognizer  # noqa: E402
from ._addresses import StreetAddressRecognizer  # noqa: E402
from ._dates import MonthNameDateRecognizer  # noqa: E402
from ._emails import SPELLED_EMAIL_GATE, SpelledEmailRecognizer, a_mistyped_top, a_real_domain  # noqa: E402
from ._foreign_words import capitalised_runs, holds_a_function_word  # noqa: E402
from ._han_addresses import HanAddressRecognizer  # noqa: E402
from ._han_names import GATE as HAN_NAME_GATE  # noqa: E402
from ._han_names import HanNameRecognizer  # noqa: E402
from ._korean import KoreanNameRecognizer  # noqa: E402
from ._korean_addresses import KoreanAddressRecognizer, KoreanAreaRecognizer  # noqa: E402
from ._name_cues import LABELLED, NAMES_TOO, ROLE_ALONE  # noqa: E402
from ._name_words import (  # noqa: E402
    MEDICINE,
    ORDINARY_CAPITALISED,
    ORGANISATION_HEADS,
    SIGN_OFFS,
    TITLES_ALONE,
    VENUE_HEADS,
    east_asian_family_names,
    listed_names,
)
from ._names import NameRecognizer  # noqa: E402
from ._narrowed import gated, undialled, unprefixed  # noqa: E402
from ._national_ids import NATIONAL_IDS  # noqa: E402
from ._patterns import lean  # noqa: E402
from ._phones import CuedPhoneRecognizer, KrPhoneRecognizer, MobileNumberRecognizer, PhoneRecognizer  # noqa: E402
from ._places import PlaceRecognizer, gazetteer, where_a_place_stands  # noqa: E402
from ._tables import TableRecognizer  # noqa: E402


class UrlRecognizer(pre.UrlRecognizer):
    """Presidio's URL recognizer, minus degrees, pieces of words, files' names in a path and methods' calls its
    bare-domain pattern reads as addresses ("B.Tech" on the .tech domain, "M.Sc", the "B.Ph" of "B.Pharm",
    "/srv/app/views.py" on Paraguay's, "naive_bayes.fit()")."""

    DEGREE = regex.compile(r"\p{Lu}{1,2}\.\p{Lu}\p{Ll}{1,5}")
    SOURCE_FILES = frozenset({"py", "rs", "sh", "md", "rb", "js", "ts", "go", "java", "kt", "cs", "php", "sql"})
    """Endings of a source file's name, some a country's domain too (Paraguay's ".py"); not Poland's ".pl", whose
    people's domains stand in a web server's paths as often as Perl's files do ("/var/www/kowalski.pl")."""
    COMMON_ENDINGS = frozenset({"com", "org", "net", "edu", "gov", "info", "biz", "dev", "app", "io", "co"})
    """Domains' endings a method is not called by ("example.com(mirror)" is an address; "bayes.fit()" a call)."""

    def analyze(
        self, text: str, entities: list[str], nlp_artifacts: Any = None, regex_flags: int | None = None
    ) -> list[RecognizerResult]:
        found = super().analyze(text, entities, nlp_artifacts, regex_flags) or []
        return [r for r in found if not self._no_address(text, r.start, r.end)]

    def _no_address(self, text: str, start: int, end: int) -> bool:
        if "://" in text[start:end] or text[start:end].lower().startswith("www."):
            return False
        inside_a_word = end < len(text) and text[end].isalpha()
        ending = text[start:end].rsplit(".", 1)[-1].lower()
        # a source file's name closing a path ("/srv/app/checkout/views.py"; not "/live/nowak.pl/fullchain.pem")
        a_file = start > 0 and text[start - 1] in "/\\" and ending in self.SOURCE_FILES and text[end : end + 1] != "/"
        called = text.startswith("(", end) and len(ending) > 2 and ending not in self.COMMON_ENDINGS  # "bayes.fit()"
        return inside_a_word or a_file or called or self.DEGREE.fullmatch(text, start, end) is not None


class OfflineEmailRecognizer(pre.EmailRecognizer):
    """Presidio's email recognizer, validating the domain offline (`pii._emails.a_real_domain`), with a linear-time
    pattern (Presidio's backtracks at every word of the text)."""

    _ATOM = r"[\w!#$%&'*+\-/=?^`{}~]+"
    """A local part's characters, but "|", which RFC 5322 allows and no one's address holds, and which parts a table's
    cells ("300,000|성공|donation@saerom-food.co.kr")."""
    _LETTER = r"[A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]"
    _LABEL = rf"{_LETTER}+(?:-+{_LETTER}+)*"
    """A domain label in Latin letters, accented ones too ("anna@bücher.de"); a Korean particle after a domain
    ("...@naver.com으로") is set apart by a space in the detection view (`pii._normalize`)."""
    _LOCAL = r"[\w+\-]+(?:\.[\w+\-]+)*"
    """A local part of the common shape, without the characters that separate a URL's fields ("=", "&", "%")."""
    PATTERNS = [
        Pattern(
            "Email (Medium)",
            rf"(?<![\w.!#$%&'*+\-/=?^`{{}}~]){_ATOM}(?:\.{_ATOM})*@{_LABEL}(?:\.{_LABEL})+(?![A-Za-z0-9])",
            0.5,
        ),
        # A URL's query or path holds an address after "=", "&", "?", "/" or ":", its "@" often written "%40"
        # ("?name=Pham+Quoc+Bao&email=pqbao@outlook.com", "unsubscribe?email=hoang.duc%40yahoo.com.vn").
        Pattern("Email in a URL", rf"(?<=[=&?/:]){_LOCAL}(?:@|%40){_LABEL}(?:\.{_LABEL})+(?![A-Za-z0-9])", 0.5),
        Pattern("Email, its @ URL-encoded", rf"(?<![\w.+\-%]){_LOCAL}%40{_LABEL}(?:\.{_LABEL})+(?![A-Za-z0-9])", 0.5),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(patterns=self.PATTERNS, **kwargs)

    def validate_result(self, pattern_text: str) -> bool:
        return a_real_domain(pattern_text) or a_mistyped_top(pattern_text)


class CardRecognizer(pre.CreditCardRecognizer):
    """Presidio's card recognizer (Luhn-checked), also for Mastercard's 2-series (2221-2720, issued since
    2017), which Presidio's pattern does not start with ("2221 3467 1411 8060" crossed the border), and for
    19-digit cards (UnionPay, some Visa and Maestro), which it does not reach, and for the networks it does not
    know: Mir (2200-2204), and any other number written as a card is, in four groups of four (Korea's BC cards,
    "9410-...", Maestro's and domestic networks' "5874-..."; not four years), and the 9-series ungrouped after a
    word of card ("카드 9410972626457761로"); still only where the Luhn check passes."""

    PATTERNS = [
        *pre.CreditCardRecognizer.PATTERNS,
        Pattern(
            "Mastercard 2-series",
            r"\b2(?:22[1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720)[- ]?\d{4}[- ]?\d{4}[- ]?\d{4}\b",
            0.3,
        ),
        Pattern("19 digits (UnionPay, Visa, Maestro)", r"\b[3-6]\d{3}(?:[- ]?\d{4}){3}[- ]?\d{3}\b", 0.3),
        Pattern("Mir (2200-2204)", r"\b220[0-4][- ]?\d{4}[- ]?\d{4}[- ]?\d{4}\b(?![- ]?\d)", 0.3),
        Pattern(
            "any network, in four groups of four (Korea's BC cards, Maestro, domestic networks)",
            # a number of its own (not a longer one's tail or head), not four years ("2015 2016 2017 2018")
            r"(?<![\w-])(?<!\d[- ])(?!(?:(?:19|20)\d\d[- ]){3}(?:19|20)\d\d)[1-9]\d{3}([- ])\d{4}\1\d{4}\1\d{4}"
            r"(?![0-9A-Za-z_]|[- ]\d)",
            0.3,
        ),
        Pattern(
            "domestic 9-series, ungrouped, after a word of card (Korea's BC cards)",
            r"(?<=(?:카드|[Cc]ard|CARD)[^\n\d]{0,12})9\d{15}(?![0-9A-Za-z_])",
            0.3,
        ),
    ]


class CaseSafeIbanRecognizer(pre.IbanRecognizer):
    """Presidio's IBAN recognizer, with its pattern kept case-sensitive whatever flags the analyzer passes.

    Run case-insensitively, the 4-character groups also match the letters of the next word
    ("... 0130 00 Transferring"), the greedy match runs past the IBAN and the checksum fails for
    every fallback split, so the IBAN is lost. An IBAN is upper case by definition; lower-case
    input is matched by a second, explicitly case-insensitive pattern without the trailing group.
    """

    PATTERNS = [
        Pattern(
            "IBAN Generic (case-sensitive)",
            r"(?-i:(?<![A-Z0-9])([A-Z]{2}[0-9]{2}(?:[ -]?[A-Z0-9]{4}){2,6})"
            r"((?:[ -]?[A-Z0-9]{4})?)((?:[ -]?[A-Z0-9]{1,3})?)(?![A-Z0-9]))",
            0.5,
        ),
        Pattern(
            "IBAN compact, any case",
            r"(?i:(?<![A-Z0-9])([A-Z]{2}[0-9]{2}[A-Z0-9]{11,30})(?![A-Z0-9]))",
            0.5,
        ),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(patterns=self.PATTERNS, **kwargs)  # type: ignore[arg-type]  # annotated list[str], takes Patterns


class NerRecognizer(pre.SpacyRecognizer):
    """spaCy's PERSON and LOCATION, minus what the small model gets wrong: spans with digits or '@'
    (order numbers, versions, email fragments: "A-88790", "v6.11.7", "info@presidio"), spans with
    no capital letter ("checksum" as a place), a title alone ("Sir", "Madam", "Ms", "Ing"), the label of a
    form's field ("Traveller 2: ...", "Policyholder: ..."), a letter's closing ("Mit freundlichen Grüßen", "Grazie"),
    a contact's label ("Tel."), a medicine by its stem ("Metformin"), and whatever follows a line break unless it
    is one listed name: a name stays on its line ("Lefèvre Camille\nAdresse" is cut after "Camille"), or is
    wrapped ("John\nSmith")."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(supported_entities=["PERSON", "LOCATION"], **kwargs)

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        found = []
        for result in super().analyze(text, entities, nlp_artifacts):
            if not holds_a_function_word(text[result.start : result.end].split(), listed_names()):
                found.append(result)
                continue
            for start, end in capitalised_runs(text, result.start, result.end):  # "ho toh Ajinkya ko": "Ajinkya"
                explained = result.analysis_explanation
                found.append(RecognizerResult(result.entity_type, start, end, result.score, explained))
        kept = []
        for result in found:
            line_end = text.find("\n", result.start, result.end)
            if line_end != -1 and text[line_end + 1 : result.end].strip() not in listed_names():
                result.end = len(text[result.start : line_end].rstrip()) + result.start  # not "Mr. John\nSmith"
            plausible = result.end > result.start and _plausible_name(text, result.start, result.end)
            if (
                plausible
                and result.entity_type == "PERSON"
                and text[result.start : result.end].split()[0] in VENUE_HEADS
            ):
                plausible = False  # "Praça Marquês de Pombal", "Hotel Myriad": a place or a building named so
            if plausible and (result.entity_type != "LOCATION" or _plausible_place(text, result.start, result.end)):
                kept.append(result)
        return kept


def _plausible_place(text: str, start: int, end: int) -> bool:
    """An acronym the model calls a place is one only if the gazetteer knows it or it stands where a place
    does: "UK", "US", "CV", "AI", "ST", "III" are mostly something else or locate no one. (An unknown word
    is kept: the model calls people places too, and "Zeynep", "Ernesto" would be lost with "Warfarin".)"""
    span = text[start:end]
    if not (span.isupper() and span.isalpha() and len(span) <= 4):
        return True
    return split_key(span) in gazetteer("recognizers") or where_a_place_stands(text, start, end)


_SIGN_OFF_AT = regex.compile(rf"(?i:{SIGN_OFFS})(?!\p{{L}})")
_SALUTATION_AT = regex.compile(
    r"(?i:damen\s+und\s+herren|dames\s+en\s+heren|mesdames(?:\s+et\s+messieurs)?|señoras\s+y\s+señores"
    r"|signore\s+e\s+signori|senhoras\s+e\s+senhores)(?!\p{L})"
)
"""A letter's opening to whom it may concern ("Sehr geehrte Damen und Herren"): spaCy may take "Herren" for a name."""
_CONTACT_LABELS = frozenset({"tel", "fax", "mob", "email", "e-mail", "phone", "cell", "cv"})


def _in_a_sign_off(text: str, start: int) -> bool:
    """Whether `start` falls inside a letter's closing ("Mit freundlichen Grüßen": spaCy may start at "Grüßen") or its
    opening to whom it may concern ("Sehr geehrte Damen und Herren")."""
    return any(
        m.start() <= start < m.end()
        for pattern in (_SIGN_OFF_AT, _SALUTATION_AT)
        for m in pattern.finditer(text, max(0, start - 40), start + 40)
    )


def _plausible_name(text: str, start: int, end: int) -> bool:
    span = text[start:end]
    if span.strip(" .").lower() in TITLES_ALONE or span.lower() in _CONTACT_LABELS:
        return False  # "Dear Sir or Madam", "Ms" before a name the rules place; "Tel. +52 ...", "my CV"
    if _in_a_sign_off(text, start) or (MEDICINE.fullmatch(span) and span not in listed_names()):
        return False  # "Mit freundlichen Grüßen", "Grazie,"; "Continue Metformin"
    if UrlRecognizer.DEGREE.fullmatch(span) or _A_UNIT_BEFORE.search(text, max(0, start - 8), start):
        return False  # "B.Tech", "M.Sc"; "118 mg/dL", "5.9 mEq/L": a unit's denominator
    if (field := LABELLED.match(text, start)) is not None and field.start(1) >= end:
        return False  # "Traveller" of "Traveller 2: MORI Haruto"
    words = span.split()
    if _an_instruction(text, start, end, words):
        return False  # "Summarise this statement", "Convert this form"
    if words and words[-1] in ORGANISATION_HEADS:
        return False  # an organisation: "Kenema Pharmacy", "Harbourside Realty"
    if len(words) == 1 and _a_role_alone(text, span):
        return False  # "Mum works nights", "Driver note: ...", "Groom arrives at 2"
    if len(words) == 1 and not text[text.rfind("\n", 0, start) + 1 : start].strip() and _a_common_noun_here(text, span):
        return False  # "Guest incident log ... the guest reported", "Borrower: ... Co-borrower"
    if words and all(_everyday_elsewhere(text, word) for word in words):
        return False  # "Müşteri: ... müşteri kodu okudu": another language's own word, written in lower case too
    if words and all(word in ORDINARY_CAPITALISED and word not in listed_names() for word in words):
        # a product or a tool ("Grafana", "Cisco"), not a name that is one too ("Max", "Jenkins") nor a town
        return split_key(span) in gazetteer("recognizers")
    return any(ch.isupper() for ch in span) and not any(ch.isdigit() or ch == "@" for ch in span)


_COMMON_NOUN_ZIPF = 3.0
_A_UNIT_BEFORE = regex.compile(r"(?<![\p{L}])(?:mg|µg|ug|ng|pg|g|mmol|µmol|umol|mEq|mIU|IU|U|mL|ml|km|cm|kcal)/$")
"""A unit's numerator and its slash: what follows is the unit's denominator ("mg/dL", "mEq/L"), no name."""


def _a_role_alone(text: str, word: str) -> bool:
    """Whether a single word the model calls a person or a place is a relative or a role by itself (`ROLE_ALONE`:
    "Mum", "Landlord", "Victim"), a word of English, and none of: a name too (`NAMES_TOO`: "Lola", "Bride"), a listed
    name or East Asian family name in any case ("Son", "SON"), a word the same text writes beside another capitalised
    word (the family name of "Rick Husband", met again alone: "Husband radioed")."""
    bare = word.strip(_EDGES)
    if bare.endswith(("'s", "\u2019s")):
        bare = bare[:-2]
    if ROLE_ALONE.fullmatch(bare) is None or bare.lower() in NAMES_TOO:
        return False
    if any(form in listed_names() or form in east_asian_family_names() for form in (bare, bare.capitalize())):
        return False
    if english.zipf(bare.lower()) < _COMMON_NOUN_ZIPF:
        return False
    return not _beside_a_capital(text, bare)


def _beside_a_capital(text: str, word: str) -> bool:
    """Whether `text` writes `word` right after or before another capitalised word, as a name's part ("Rick Husband",
    "Husband Rick")."""
    escaped = regex.escape(word)
    pattern = rf"(?<!\p{{L}})\p{{Lu}}[\p{{L}}'\u2019-]*[ \t]+{escaped}(?!\p{{L}})|(?<!\p{{L}}){escaped}[ \t]+\p{{Lu}}"
    return regex.search(pattern, text) is not None


def _a_common_noun_here(text: str, word: str) -> bool:
    """Whether a capitalised word the model calls a person (opening a line, as a heading or a label does) is a word
    of English the same text also writes in lower case, and no listed name: a common noun ("Guest incident log",
    "Borrower:"), whose every repeat would be masked after it. A name typed in lower case too is rare in English
    ("gwilym") or listed ("grace")."""
    lower = word.lower()
    if word == lower or word in listed_names() or english.zipf(lower) < _COMMON_NOUN_ZIPF:
        return False
    return _written_alone(text, lower)


_LONGEST_WORD = 64
"""Longer than any word: a run of letters and digits this long is a code or a key, never asked about (a search for a
32 kB run inside its own text compares it at every offset: minutes)."""


def _written_alone(text: str, lower: str) -> bool:
    """Whether `text` writes `lower` as a word of its own, not a handle's or an address's part ("ploy.srisuk@...",
    "dave_k"); never for a run longer than any word (`_LONGEST_WORD`), which is kept as found."""
    if len(lower) > _LONGEST_WORD:
        return False
    alone = rf"(?<![\p{{L}}\p{{N}}@._-]){regex.escape(lower)}(?![\p{{L}}\p{{N}}@_-]|\.\p{{L}})"
    return regex.search(alone, text) is not None


_EVERYDAY_ELSEWHERE_ZIPF = 4.0
"""How common in another language a word must be to be read as one of its words ("saya" 7.0 in Malay, "müşteri" 4.5
in Turkish)."""
_EDGES = ".,:;!?()[]\"'«»„“”"


def _everyday_elsewhere(text: str, word: str) -> bool:
    """Whether a word the model calls part of a person or a place is an everyday word of another language prompts come
    in (`english.ELSEWHERE`) that the same text also writes in lower case, as a word of its own, and no English word,
    listed name or place the gazetteer knows: spaCy's English model reads the capitalised words of other languages'
    sentences as names ("Müşteri: ... müşteri kodu okudu", "Nama: ... atas nama"). How common a word is elsewhere
    does not tell a name from a word alone: most Vietnamese, Turkish and Hungarian given names are words ("Thủy",
    "Savaş", "Török"), and a name written in lower case too is rare."""
    bare = word.strip(_EDGES)
    lower = bare.lower()
    if not bare or bare == lower or bare in listed_names() or not english.uncommon(lower):
        return False
    if not _written_alone(text, lower):
        return False
    return english.zipf_elsewhere(lower) >= _EVERYDAY_ELSEWHERE_ZIPF and split_key(bare) not in gazetteer("recognizers")


_DETERMINERS = frozenset(
    {"this", "these", "that", "those", "the", "my", "our", "it", "into", "a", "an", "all", "each", "every"}
    | {"al", "el", "la", "le", "les", "los", "las", "lo", "il", "des", "die", "das", "den", "dit", "deze", "het", "de"}
)
"""What follows a verb that opens a prompt ("Summarise this"; the articles of other languages too)."""
_NEXT_WORD = regex.compile(r"[ \t]+(\p{L}+)")
_INSTRUCTION_ZIPF = 2.5
"""How common in English a prompt's first word must be to be read as its verb ("summarise" 2.9, "dmitri" 1.9)."""


def _an_instruction(text: str, start: int, end: int, words: list[str]) -> bool:
    """The verb a prompt opens with, taken for a name: the text's first word, an everyday English word and no listed
    given name ("Summarise", "Convert"; not "Kevin the server is down"), before an article or a pronoun."""
    if text[:start].strip() or not 1 <= len(words) <= 2 or words[0] in listed_names():
        return False
    if english.zipf(words[0].lower()) < _INSTRUCTION_ZIPF:
        return False
    after = words[1] if len(words) == 2 else (m.group(1) if (m := _NEXT_WORD.match(text, end)) else "")
    return after.lower() in _DETERMINERS


PESEL_PATTERNS = [Pattern(p.name, rf"(?<!\d){p.regex}(?!\d)", p.score) for p in pre.PlPeselRecognizer.PATTERNS]
"""Presidio's PESEL patterns, not inside a longer number (an HL7 message's timestamp "20261204083015")."""
SE_PATTERNS = [
    Pattern(p.name, r"(?<!\d)" + p.regex.replace(r"(\d{6,8})", r"(\d{6}|\d{8})") + r"(?!\d)", p.score)
    for p in pre.SePersonnummerRecognizer.PATTERNS
]
"""Presidio's personnummer patterns, of a personnummer's ten or twelve digits only and not inside a longer number:
Presidio's also read eleven digits, or ten inside more, and checked their last ten, so that a Latvian, Norwegian or
Romanian code whose tail made a date and a Luhn digit was typed Swedish."""
IP_PATTERNS = [
    Pattern(p.name, rf"(?<!\d\.){p.regex}", p.score) if p.regex.startswith(r"\b(?:25") else p
    for p in pre.IpRecognizer.PATTERNS
]
"""Presidio's IP patterns, an IPv4 address not starting inside a longer dotted number (an OID's
"2.16.840.1.113883.3.72.5.9.1"; Presidio's own cases want "192.168.1.1" of "192.168.1.1.1", and an ellipsis before an
address is none: "Connecting...10.20.30.41")."""

IN_PAN_PATTERNS = [
    *pre.InPanRecognizer.PATTERNS[:2],
    # Presidio's low pattern looks ahead past the token (`.*?`), so a letter anywhere later in the
    # text made "-2020-8486" a PAN; the lookaheads here stay inside the 10-character token.
    Pattern("PAN (Low)", r"\b(?=[\w@#$%^?~-]*[a-zA-Z])(?=[\w@#$%^?~-]*[0-9]{4})([\w@#$%^?~-]{10})\b", 0.01),
]


def _en(cls: type[EntityRecognizer], **kwargs: Any) -> Callable[[], EntityRecognizer]:
    """A factory of `cls` for English text, its patterns (if any) matched as `pii._patterns.lean` does."""
    return lambda: lean(cls)(supported_language="en", **kwargs)


PHONE_REGIONS: dict[str, tuple[str, ...]] = {
    "common": ("US", "GB", "DE", "FR"),
    "EU": ("IT", "ES", "NL", "PL"),
    "UK": ("GB",),
    "US": ("US", "CA"),
    "KR": ("KR",),
    "SG": ("SG",),
    "IN": ("IN",),
    "AU": ("AU",),
    "all": ("IL", "BR", "JP", "CN", "CA", "SE", "FI", "AT", "BE", "IE", "PT"),
}
"""Regions whose national number formats the phone recognizer reads; +country numbers are read anyway."""
_REGION_ORDER = ("US", "GB", "DE", "FR", "KR")

_DIGITS = r"\d(?:[\s().\-/]*\d)"
# A scheme, "www.", or a dotted name that is not part of an email address.
_URL_GATE = r"://|www\.|(?<![\w@.-])(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?![\w@-])"


PROFILES: dict[str, tuple[Callable[[], EntityRecognizer], ...]] = {
    "common": (
        _en(gated(OfflineEmailRecognizer, "@|%40")),
        _en(gated(SpelledEmailRecognizer, SPELLED_EMAIL_GATE)),
        _en(gated(MobileNumberRecognizer, r"\d{4}[ -]\d{4,5}|\d{10}")),
        _en(gated(CuedPhoneRecognizer, r"\d[\d \t().-]{5,}\d")),
        _en(gated(CardRecognizer, _DIGITS + "{11}")),
        _en(gated(CaseSafeIbanRecognizer, r"[A-Za-z]{2}\d\d")),
        _en(gated(AnyCaseIbanRecognizer, r"[A-Za-z]{2}\d\d")),
        _en(gated(NamedCardRecognizer, r"\d{4}")),
        _en(gated(NamedAccountRecognizer, r"\d{4}")),
        _en(gated(pre.IpRecognizer, r"\d\.\d|:[0-9A-Fa-f]*:"), patterns=IP_PATTERNS),
        _en(gated(UrlRecognizer, _URL_GATE)),
        _en(gated(pre.DateRecognizer, r"\d")),
        _en(NameRecognizer),
        _en(NerRecognizer),
        _en(PlaceRecognizer),
        _en(pre.CryptoRecognizer),
        _en(MonthNameDateRecognizer),
        _en(StreetAddressRecognizer),
        _en(gated(HanAddressRecognizer, r"\p{Han}")),
        _en(gated(HanNameRecognizer, HAN_NAME_GATE)),
        _en(gated(NamesInTheirScriptRecognizer, NAMES_IN_THEIR_SCRIPT_GATE)),
        _en(TableRecognizer),
    ),
    "EU": (
        _en(pre.DeTaxIdRecognizer),
        _en(pre.DeIdCardRecognizer),
        _en(pre.DePassportRecognizer),
        _en(pre.DeSocialSecurityRecognizer),
        _en(pre.DeHealthInsuranceRecognizer),
        _en(pre.EsNifRecognizer),
        _en(pre.EsNieRecognizer),
        _en(pre.ItFiscalCodeRecognizer),
        _en(pre.ItIdentityCardRecognizer),
        _en(pre.PlPeselRecognizer, patterns=PESEL_PATTERNS),
        _en(pre.FiPersonalIdentityCodeRecognizer),
        _en(pre.SePersonnummerRecognizer, patterns=SE_PATTERNS),
        *(_en(gated(cls, r"\d{3}")) for cls in NATIONAL_IDS),
    ),
    "UK": (_en(pre.NhsRecognizer), _en(pre.UkNinoRecognizer), _en(pre.UkPassportRecognizer)),
    "US": (
        _en(pre.UsSsnRecognizer),
        _en(pre.UsItinRecognizer),
        _en(unprefixed(pre.UsPassportRecognizer)),
        _en(unprefixed(pre.UsLicenseRecognizer)),
        _en(undialled(unprefixed(pre.UsBankRecognizer))),
        _en(pre.AbaRoutingRecognizer),
    ),
    "KR": (
        _en(pre.KrRrnRecognizer, context=[*pre.KrRrnRecognizer.CONTEXT, "resident registration", "주민등록번호"]),
        _en(pre.KrFrnRecognizer),
        _en(pre.KrBrnRecognizer),
        _en(pre.KrPassportRecognizer),
        _en(undialled(pre.KrDriverLicenseRecognizer)),
        _en(KrPhoneRecognizer),
        _en(KoreanNameRecognizer),
        _en(gated(KoreanAddressRecognizer, "[가-힣]")),
        _en(gated(KoreanAreaRecognizer, "[가-힣]")),
    ),
    "SG": (_en(pre.SgFinRecognizer),),
    "IN": (_en(pre.InAadhaarRecognizer), _en(pre.InPanRecognizer, patterns=IN_PAN_PATTERNS)),
    "AU": (_en(pre.AuTfnRecognizer),),
}
"""Recognizers per jurisdiction profile; `common` is always loaded. `all` loads every profile."""


def build_recognizers(profiles: Iterable[str]) -> list[EntityRecognizer]:
    """Fresh recognizer instances for `common` plus the named profiles (or every profile for `all`)."""
    names = set(profiles)
    everything = "all" in names
    if everything:
        names = set(PROFILES)
    unknown = names - set(PROFILES)
    if unknown:
        raise ValueError(f"unknown PII profile(s) {sorted(unknown)}; known: {sorted(PROFILES)} or all")
    chosen = ["common", *sorted(names - {"common"})]
    regions = {region for name in [*chosen, *(["all"] if everything else [])] for region in PHONE_REGIONS[name]}
    ordered = [r for r in _REGION_ORDER if r in regions] + sorted(regions - set(_REGION_ORDER))
    recognizers = [PhoneRecognizer(supported_language="en", supported_regions=tuple(ordered))]
    return recognizers + [factory() for name in chosen for factory in PROFILES[name]]
