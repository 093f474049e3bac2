"""Lines written in capitals, as a reader would write them in upper and lower case, for a second reading.

A form, a court list, a bank's transfer message or a customs notice shouts ("MR SEAMUS Ó BROIN", "RESIDES IN
WALTHAMSTOW", "RUE DE CAROUGE 61"): spaCy's model and the rules that read a capital as a name's mark find nothing
there. `truecased` gives the same text, the same length, with each line in capitals rewritten word by word. A line in
capitals has four capitals in a row, no lower-case letter and no letter of a script without case, and two words of
four letters or a listed name or place of four (not a row of labels and acronyms: "SIM ICCID"). Its words become: a
title or a street's abbreviation before a word as a letter writes it ("Mr", "St", "Rd"), a word of an
organisation's or a product's name and a listed given or family name or place (a place that is no everyday word:
`pii._redactor`) with one capital ("Holdings", "Broin", "Riyadh"); a stop word, a word English uses at all (Zipf 3
and more) or an everyday word of the other languages prompts come in, in lower case ("resides", "in", "rue"); a word
of four letters or fewer on no list as written (an acronym as often: "JSON", "HMP"); any other word with one capital
("Walthamstow", "Carouge"). A word holding a digit ("T20257104", "SW1A"), a letter alone ("Ó", "J.") and a word whose
lower case has another length ("İ") stay as written. The Redactor reads a truecased text besides the text itself; a
span of the second reading that overlaps one of the first takes the first's type, so nothing found in the original is
lost or retyped by it. Pure: no I/O; the caller says which words are listed.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import regex

from . import _english as english
from ._name_words import ORDINARY_CAPITALISED
from ._presidio import import_presidio

import_presidio()
from spacy.lang.en.stop_words import STOP_WORDS  # noqa: E402

_FOUR_CAPITALS = regex.compile(r"\p{Lu}{4}")
_LOWER = regex.compile(r"\p{Ll}")
_CASELESS = regex.compile(r"\p{Lo}")
"""A line in capitals has four capitals in a row, no lower-case letter and no letter of a script without case
(Hangul: "KTX 타고"); each line is tested on its own (one pattern over the whole text backtracked quadratically)."""
_WORD = regex.compile(r"(?<![\p{L}\p{M}\p{N}_])\p{Lu}[\p{Lu}\p{M}'\u2019]+(?![\p{L}\p{M}\p{N}_])")
"""A word of two capitals or more and no digit."""
_BEFORE_A_WORD = regex.compile(r"\.?[ \t]+\p{L}")
_AS_IN_A_LETTER = frozenset({"MR", "MRS", "MS", "DR", "ST", "RD", "CO", "JR", "SR", "MT", "AVE", "PROF", "MME", "MLLE"})
"""Titles and abbreviations a letter writes with one capital before a word ("Mr Okafor", "St. Brendan's", "Co. Wexford";
not a passenger's "ODUYA/KOFI MR")."""

Proper = Callable[[str], bool]
"""Whether a capitalised word ("Kwon", "O'Reilly", "Riyadh") is a listed given or family name or a listed place."""


def truecased(text: str, proper: Proper) -> str | None:
    """`text` with its lines in capitals written as the module's docstring says; None if it has none."""
    if _FOUR_CAPITALS.search(text) is None:
        return None
    pieces, cursor, changed, start = [], 0, False, 0
    for line in text.split("\n"):
        end = start + len(line)
        for words, names in _shouted(text, start, end, line, proper):
            named = {word.start() for word in words} if names else _streets_and_places(text, words, proper)
            for word in words:
                pieces.append(text[cursor : word.start()])
                before_a_word = _BEFORE_A_WORD.match(text, word.end()) is not None
                pieces.append(_recased(word.group(), proper, before_a_word=before_a_word, named=word.start() in named))
                cursor = word.end()
                changed = True
        start = end + 1
    if not changed:
        return None
    pieces.append(text[cursor:])
    return "".join(pieces)


_RUN = regex.compile(
    r"(?<![\p{L}\p{M}\p{N}_])\p{Lu}[\p{Lu}\p{M}'\u2019]++(?:[ \t]*+[,-]?[ \t]*+\p{Lu}[\p{Lu}\p{M}'\u2019]++)++"
    r"(?![\p{L}\p{M}\p{N}_])"
)
"""Two words in capitals or more in a row, a blank, a comma or a hyphen apart ("THARSHIKA BALASINGAM", "KAVALIAUSKAS,
TOMAS", "MEHTA-RAO")."""


def _shouted(text: str, start: int, end: int, line: str, proper: Proper) -> list[tuple[list[regex.Match[str]], bool]]:
    """The words in capitals of the line at `start:end` to write as a reader would, and whether they name something:
    all of them in a line in capitals that is language or holds a proper noun (not "SIM ICCID: 8982 ..."); in a line in
    upper and lower case, each run of such words that stands as a person's field's value (`_a_persons_value`), joined
    by "and" to one, after a name's word or between "to" and a phone number (`_NAME_CUE`, `_named_before_a_phone`),
    or as a deed's or an affidavit's party (`_a_partys_name`), and names someone (`_named`), each word of it with one
    capital ("Name: THARSHIKA BALASINGAM Date of birth: ...", "I, RODELIO MACARAEG SANTIAGO, Filipino", "registered
    name EMMANUEL TETTEH"; not "Later INGRID CHOI wrote", which the rules find as the name's repeat, nor "the ADAM
    OPTIMIZER"). In a line holding Hangul, only a person's value that ends there ("환자명: DIMAS ARYA SAPUTRA /")."""
    if _FOUR_CAPITALS.search(line) is None:
        return []
    caseless = _CASELESS.search(line) is not None  # Hangul around: only a person's value, after its label or named
    if not caseless and _LOWER.search(line) is None:
        words = list(_WORD.finditer(text, start, end))
        return [(words, False)] if _language_or_a_proper_noun([w.group() for w in words], proper) else []
    found: list[tuple[list[regex.Match[str]], bool]] = []
    for run in _RUN.finditer(text, start, end):
        words = list(_WORD.finditer(text, run.start(), run.end()))
        after = max(found[-1][0][-1].end(), words[0].start() - _JOINING) if found else 0
        joined = bool(found) and _AND_BEFORE.search(text, after, words[0].start()) is not None
        field = joined or _a_persons_value(text, start, words[0].start())
        if caseless and _VALUE_CLOSES.match(text, words[-1].end()) is None:
            continue  # "보호자: XARELTO RIVAROXABAN 복용중", "부인: GUCCI MARMONT 가방": a thing of theirs, no name
        cued = _NAME_CUE.search(text, max(start, words[0].start() - 32), words[0].start()) is not None
        cued = not field and (cued or _named_before_a_phone(text, words)) and _spelt_as_a_name(text, words, proper)
        party = not (field or cued or caseless) and _a_partys_name(text, start, words)
        if not (field or cued or party):
            continue
        spelt = [w.group() for w in words]  # a field's value of two words, one of four letters: "KEO SREYMOM"
        if not (_language_or_a_proper_noun(spelt, proper) or (not party and any(len(w) >= 4 for w in spelt))):
            continue
        if _named(words, proper, elsewhere=field and not caseless):
            found.append((words, True))
    return found


_PERSONS_FIELDS = frozenset(
    {"name", "names", "nom", "naam", "nombre", "nome", "surname", "forename", "forenames", "holder", "patient"}
    | {"employee", "driver", "owner", "passenger", "applicant", "tenant", "guest", "customer", "client", "beneficiary"}
    | {"payee", "cardholder", "contact", "spouse", "kin", "mother", "father", "witness", "signed", "signature"}
    | {"student", "member", "insured", "claimant", "defendant", "complainant", "traveller", "traveler", "recipient"}
    | {"proprietor", "proprietors", "landlord", "deceased", "executor", "executors", "testator"}
)
"""The last word of the labels of fields a person fills ("Name:", "Nom / Naam", "Policy holder:", "Next of kin:")."""
_KOREAN_PERSONS_FIELDS = frozenset(
    {"성명", "이름", "성함", "환자명", "환자", "보호자", "신청인", "신청자", "배우자", "부인", "남편", "아내", "장인"}
    | {"장모", "시아버지", "시어머니", "아버지", "어머니", "근로자", "피보험자", "수취인", "세입자", "임차인"}
)
"""Korean labels a person fills, before a name in Latin capitals as a passport writes it ("환자명: DIMAS ARYA
SAPUTRA", "성명(영문): NHEM SOKHA", "부인: KEO SREYMOM,")."""
_NAMES_KEYS = frozenset({"name", "names"})
_PEOPLES_KEYS = frozenset(
    {"passport", "full", "legal", "given", "first", "last", "family", "person", "patient", "applicant", "holder"}
    | {"customer", "guest", "passenger", "student", "member", "employee", "contact", "beneficiary", "recipient"}
)
_A_NAMES_KEY = frozenset({"fullname", "surname", "forename", "forenames", "firstname", "lastname", "givenname"})
"""A JSON key whose value is a person's name: a name's word with a person's or a passport's ("name_passport",
"full_name", "patientName"), or a name's part ("surname"); not a thing's ("name", "product_name", "pet_name")."""
_VALUE_CLOSES = regex.compile(r"[ \t]*(?:$|[,/(|;\u00b7]|\d|\+)", flags=regex.MULTILINE)
"""What follows a name in capitals in a line of Hangul as a form's value: the line's end, a mark or a number; not a
Korean word that says what the capitals are ("XARELTO RIVAROXABAN 복용중")."""
_BRACKET_AT_END = regex.compile(r"[ \t]*\([^()\n]{1,12}\)[ \t]*$")
_LABEL_WORDS = regex.compile(r"\p{L}+")
_NAME_CUE = regex.compile(
    r"(?i:(?<!\p{L})(?:(?:registered|account|full|legal|beneficiary|recipient'?s?|receiver'?s?|sender'?s?|payee)[ \t]+"
    r"name|name[ \t]+(?:is|was|reads|shows|showing))[ \t]+)$"
)
"""A name's word without a colon before a run in capitals, as a wallet's or a bank's message writes it ("registered name
EMMANUEL TETTEH", "the name shows JOSEPHINE WANJIRU KAMAU")."""
_PHONE_AFTER = regex.compile(r"[ \t]*,?[ \t]*\(?(?:\+|0)\d[\d \t()-]{5,15}\d(?![\d\p{L}])")
_TO_OR_FROM = regex.compile(r"(?i:(?<!\p{L})(?:to|from))[ \t]+$")
"""A phone number right after a run, and "to" or "from" before it, as a mobile-money message writes whom money went to
or came from ("Ksh4,500.00 sent to JOSEPHINE WANJIRU KAMAU 0712448390"; not "call ACME PLUMBING 0712 448 390")."""


_AND_BEFORE = regex.compile(r"[ \t]+(?:and|&|y|e|et|und)[ \t]+$")
"""What joins two people's names in capitals on one line, the first a person's ("Proprietor: ELEANOR MAIR FAIRWEATHER
and RHODRI OWAIN PRITCHARD")."""
_JOINING = 8
"""Characters a word for "and" and its blanks take at most, between two runs."""
_TITLES = (
    "MR|MRS|MS|MISS|DR|DON|DOÑA|DONA|SR|SRA|SRTA|ALHAJI|ALHAJA|CHIEF|ATTY|ENGR|HON|MADAM|MME|HERR|FRAU|CAPT|REV"
    "|OPANYIN|MAÎTRE|SEÑOR|SEÑORA|SENHOR|SENHORA"
)
_TITLE_BEFORE = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?:{_TITLES}|{'|'.join(title.title() for title in _TITLES.split('|'))})\.?[ \t]+$"
)
"""A title in capitals or with one capital before a name in capitals ("MRS. NGOZI AMARACHI EZE-OKAFOR", "Doña
INMACULADA SOTO"; not "send me KPMG DELOITTE ...")."""
_TITLE_FIRST = regex.compile(r"(?:ALHAJI|ALHAJA|CHIEF|OPANYIN|MRS|MISS|ATTY|ENGR|MADAM|DON|DOÑA|DONA|SRA|SRTA)\.?")
_A_PARTYS_CLOSE = regex.compile(r"[ \t]*(?:[,(]|(?:of|y|e|and|et|und)(?!\w)|$)", flags=regex.MULTILINE)
"""A title that seldom opens a brand's name, opening a run that closes as a party's name does, before a comma, a
bracket, "of" or "and" ("ALHAJI MUSA DANJUMA BELLO of No. 7", "DON RAFAEL MORENO DE LA COVA, Notario"; not "DON
QUIXOTE DE LA MANCHA for the seminar")."""
_AFFIANT_BEFORE = regex.compile(r"(?:^|[.:]|\n)[ \t]*I,[ \t]*$")
"""An affidavit's or a statement's maker, after "I," ("I, RODELIO MACARAEG SANTIAGO, Filipino, of legal age")."""
_QUALIFIED_AFTER = regex.compile(
    r",[ \t]*(?:(?i:of (?:legal|full) age|mayor de edad|maior de idade|majeure?|born|n[ée]e|né|nacid[oa]|nascid[oa])"
    r"(?!\p{L})|(?:(?:brasileir|portugues|portuguê|filipin|mexican|argentin|colombian|nigerian|ghanaian|indian|british"
    r"|irish)\w*|(?:casad|solteir|solter|divorciad|viúv|viud|married|single|divorced|widowed)\w*|geb\.)[ \t]*[,.;])"
)
"""What a deed or a pleading writes after a party's name in capitals: their age of majority or birth, or their
nationality or civil status as one of a list ("JOSÉ WELLINGTON DE ARAÚJO LIMA, brasileiro, casado", "MARÍA DEL ROCÍO
JIMÉNEZ CABALLERO, mayor de edad"; not a menu's "PINOT NOIR, single vineyard", "GUINNESS DRAUGHT, irish stout")."""
_MORE_THAN_A_TITLE = 3
"""Words a run opened by a title holds at least: the title, then a name of two words ("ALHAJI MUSA BELLO")."""


def _a_partys_name(text: str, line_start: int, words: list[regex.Match[str]]) -> bool:
    """Whether a run in capitals names a party as deeds, affidavits and pleadings write them: after a title or opened
    by one, after "I," or before a party's qualification (`_TITLE_BEFORE`, `_AFFIANT_BEFORE`, `_QUALIFIED_AFTER`)."""
    at = words[0].start()
    if _TITLE_BEFORE.search(text, max(line_start, at - 12), at) or _AFFIANT_BEFORE.search(text, max(0, at - 8), at):
        return True
    if len(words) >= _MORE_THAN_A_TITLE and _TITLE_FIRST.fullmatch(words[0].group()) is not None:
        return _A_PARTYS_CLOSE.match(text, words[-1].end()) is not None
    return _QUALIFIED_AFTER.match(text, words[-1].end()) is not None


def _a_persons_value(text: str, line_start: int, run_start: int) -> bool:
    """Whether the run in capitals at `run_start` stands as the value of a field a person fills: after its label's
    colon, or a gap of two blanks or a tab, the label's last word, a bracket after it aside, one of `_PERSONS_FIELDS`
    or `_KOREAN_PERSONS_FIELDS` ("Name: THARSHIKA BALASINGAM", "Naam  TSHIBANDA MIREILLE", "성명(영문): NHEM SOKHA";
    not "Organism:  ESCHERICHIA COLI", "Rx: AMOXICILLIN"); or the value of a JSON key that names a person's name
    (`_A_NAMES_KEY`, `_PEOPLES_KEYS`). Reads only the few characters before the run, whatever the line's length."""
    quoted = text[run_start - 1 : run_start] == '"'
    j = run_start - quoted
    while j > line_start and text[j - 1] in " \t":
        j -= 1
    gap = text[j:run_start]
    if j == line_start or not (text[j - 1] in ":\uff1a" or (len(gap) >= 2 and not quoted) or "\t" in gap):
        return False
    if quoted and text[j - 2 : j] == '":':  # a JSON key's value ("name_passport": "BAT-ERDENE TEMUULEN")
        key = text[text.rfind('"', line_start, j - 2) + 1 : j - 2]
        parts = {part.lower() for part in regex.split(r"[\W_]+|(?<=\p{Ll})(?=\p{Lu})", key)}
        return bool(parts & _A_NAMES_KEY or (parts & _NAMES_KEYS and parts & _PEOPLES_KEYS))
    before = text[max(line_start, j - 40) : j].rstrip(": \t\uff1a")
    label = _LABEL_WORDS.findall(before)
    if label and label[-1].lower() in _PERSONS_FIELDS:
        return True
    korean = _LABEL_WORDS.findall(_BRACKET_AT_END.sub("", before))  # its bracket aside: "성명(영문):"
    return bool(korean) and korean[-1] in _KOREAN_PERSONS_FIELDS


_FIRMS_WORDS = frozenset(
    {"LTD", "LIMITED", "PLC", "INC", "LLC", "LLP", "CORP", "CO", "GMBH", "AG", "SA", "SAS", "SPA", "SRL", "BV", "NV"}
    | {"PTY", "OY", "AB", "ASA", "ENTERPRISES", "ENTERPRISE", "HOLDINGS", "VENTURES", "TRADING", "TRADERS", "STORES"}
    | {"SERVICES", "SOLUTIONS", "INTERNATIONAL", "GROUP", "AGENCY", "AGENCIES", "INVESTMENTS", "MOTORS", "SACCO"}
    | {"PAYBILL", "PREPAID", "POSTPAID", "MPESA", "TILL", "AIRTIME", "MERCHANT", "AGENT", "BANK", "REVERSAL", "WALLET"}
)
"""A firm's legal form or trade, in a run or right after it: a wallet's or a bank's registered name is a firm's as often
("registered name MWANGI HOLDINGS LTD", "ACME ENTERPRISES 0712 448 390")."""
_NEXT_WORD = regex.compile(r"[ \t,]*(\p{L}+)")


def _spelt_as_a_name(text: str, words: list[regex.Match[str]], proper: Proper) -> bool:
    """Whether a run a name's word or a phone number points to is spelt as a person's name: no firm's word in it or
    right after it, and no acronym (each word of four letters or more, or a listed name: not "KPLC PREPAID", "PAYBILL
    KCB")."""
    after = _NEXT_WORD.match(text, words[-1].end())
    spelt = [word.group() for word in words] + ([after.group(1).upper()] if after else [])
    if any(word in _FIRMS_WORDS for word in spelt):
        return False
    return all(len(word.group()) >= 4 or proper(_one_capital(word.group())) for word in words)


def _named_before_a_phone(text: str, words: list[regex.Match[str]]) -> bool:
    """Whether a run of two words or more in capitals stands after "to" or "from" and right before a phone number of
    eight digits or more."""
    after = _PHONE_AFTER.match(text, words[-1].end())
    if len(words) < 2 or after is None or sum(ch.isdigit() for ch in after.group()) < 8:
        return False
    return _TO_OR_FROM.search(text, max(0, words[0].start() - 6), words[0].start()) is not None


def _named(words: list[regex.Match[str]], proper: Proper, *, elsewhere: bool = True) -> bool:
    """Whether a field's value in capitals names someone or somewhere: each of its words of four letters or more a
    listed name or place, or no everyday word of English or of the other languages of prompts ("Name: THARSHIKA
    BALASINGAM", "Naam  TSHIBANDA MIREILLE"); not a heading or a sentence ("SHOT LIST - ...", "I HAVE READ ... THE RISKS
    OF BOULDERING"), which the line's case reads well. `elsewhere`: whether the other languages' everyday words count
    against it; not where a party's place says a name stands ("DOÑA MARÍA ... CABALLERO", "ALHAJI MUSA DANJUMA BELLO":
    Spanish's gentleman, Italian's beautiful)."""
    return all(len(word.group()) < 4 or _a_name_word(word.group(), proper, elsewhere) for word in words)


def _a_name_word(word: str, proper: Proper, elsewhere: bool) -> bool:
    lower = word.lower()
    if proper(_one_capital(word)):
        return True
    other = english.zipf_elsewhere(lower) if elsewhere else 0.0
    return lower not in STOP_WORDS and max(english.zipf(lower), other) < english.EVERYDAY


STREET_TYPES = frozenset(
    {"ROAD", "RD", "STREET", "AVENUE", "AVE", "LANE", "LN", "DRIVE", "CLOSE", "CRESCENT", "WAY", "PLACE"}
    | {"TERRACE", "COURT", "CT", "BOULEVARD", "BLVD", "HIGHWAY", "HWY", "PARADE", "GROVE", "SQUARE", "GARDENS", "HILL"}
)
_MONTHS = frozenset(
    {"JANUARY", "FEBRUARY", "MARCH", "APRIL", "MAY", "JUNE", "JULY", "AUGUST", "SEPTEMBER", "OCTOBER", "NOVEMBER"}
    | {"DECEMBER", "JAN", "FEB", "MAR", "APR", "JUN", "JUL", "AUG", "SEP", "SEPT", "OCT", "NOV", "DEC"}
)
_STREET_WORDS = 4
"""Words a street's name holds at most between its house number and its type ("2216 MOUNT RUSHMORE RD")."""
_SPACED = regex.compile(r"[ \t]+")
_NUMBER_BEFORE = regex.compile(r"\d+[A-Z]?[,.]?[ \t]+$")


def _streets_and_places(text: str, words: list[regex.Match[str]], proper: Proper) -> set[int]:
    """The starts of a line's words that keep one capital whatever they are alone: a street's words between its house
    number and its type ("18 MAHIA ROAD", "2216 MOUNT RUSHMORE RD": "Mount", not "mount"), and the words of a listed
    place of two words standing as an address label's town does ("RAPID CITY SD 57701", "NEW ZEALAND")."""
    named: set[int] = set()
    for index, word in enumerate(words):
        if word.group() in STREET_TYPES:
            named |= _a_streets_words(text, words, index)
        pair = f"{_one_capital(words[index - 1].group())} {_one_capital(word.group())}" if index else ""
        spaced = pair and _SPACED.fullmatch(text, words[index - 1].end(), word.start()) is not None
        if spaced and proper(pair) and _an_address_line(text, words[index - 1].start(), word.end()):
            named.update((words[index - 1].start(), word.start()))
    return named


_REST_OF_AN_ADDRESS = regex.compile(r"[ \t,]*+(?:\p{Lu}{2,3}[ \t]*+)?(?:\d++(?:[ \t-]\d++)*+)?[ \t,.]*+$")
_BEFORE_AN_ADDRESS = regex.compile(r"[ \t,.\d-]*+$")
_ADDRESS_TAIL = 24
"""Characters an address label's town line holds after the town at most (a state's code and a postcode)."""


def _an_address_line(text: str, start: int, end: int) -> bool:
    """Whether a place's words are their line's, but for a state's code and a postcode after them, as an address
    label's town is ("RAPID CITY SD 57701", "NEW ZEALAND"; not "LONG BEACH VOLLEYBALL FINAL")."""
    line_start = text.rfind("\n", max(0, start - _ADDRESS_TAIL), start) + 1
    line_end = text.find("\n", end, end + _ADDRESS_TAIL + 1)
    if line_end < 0 and len(text) - end > _ADDRESS_TAIL:
        return False  # more follows on its line than an address's state and postcode
    after = text[end : line_end if line_end >= 0 else len(text)]
    before = _BEFORE_AN_ADDRESS.fullmatch(text, line_start, start) is not None
    return before and _REST_OF_AN_ADDRESS.match(after) is not None


def _a_streets_words(text: str, words: list[regex.Match[str]], index: int) -> set[int]:
    """The starts of the words of a street's name ending in its type at `words[index]`, if a house number comes right
    before them ("18 MAHIA ROAD"); none otherwise ("ON THE ROAD AGAIN")."""
    for first in range(index - 1, max(-1, index - 1 - _STREET_WORDS), -1):
        if _SPACED.fullmatch(text, words[first].end(), words[first + 1].start()) is None:
            return set()
        if words[first].group().lower() in STOP_WORDS or words[first].group() in _MONTHS:
            return set()  # "STEP 2 GO DOWN THE ROAD", "14 MARCH IN PLACE OF ...", "14 30 WITH DR PATEL"
        if _NUMBER_BEFORE.search(text, max(0, words[first].start() - 12), words[first].start()) is not None:
            return {w.start() for w in words[first : index + 1]}
    return set()


def _one_capital(word: str) -> str:
    """A word in capitals with its first letter alone in capitals ("MAHIA": "Mahia"; "O'REILLY": "O'reilly", as a
    lookup in the lists needs it, unlike `pii._name_shapes._capitalised`)."""
    return word[0] + word[1:].lower()


_ACRONYM = 4
"""Letters a word in capitals on no list and of no language may have and still be read as an acronym, as written."""
_WORDS_OF_A_SENTENCE = 2
"""Words of four letters or more a line in capitals holds when it is written in words, not in labels and acronyms."""


def _language_or_a_proper_noun(words: list[str], proper: Proper) -> bool:
    """Whether a line's words in capitals are a sentence's (two of four letters or more: "RESIDES IN WALTHAMSTOW")
    or hold a listed name or place of four letters or more ("WANG XIAOLING", "RIYADH") or a listed place of two words
    ("NEW ZEALAND"), not a row of labels or acronyms ("SIM ICCID": "Sim" is a Korean family name too)."""
    if sum(len(word) >= 4 for word in words) >= _WORDS_OF_A_SENTENCE:
        return True
    if any(len(word) >= 4 and proper(_one_capital(word)) for word in words):
        return True
    return any(proper(f"{_one_capital(one)} {_one_capital(two)}") for one, two in itertools.pairwise(words))


def _recased(word: str, proper: Proper, *, before_a_word: bool, named: bool = False) -> str:
    """The word as a reader writes it, of the same length ("İ" lowers to two characters: such a word stays as is);
    `named`: a street's or a two-word place's word (`_streets_and_places`), with one capital whatever it is alone."""
    lower = word.lower()
    if len(lower) != len(word):
        return word
    capitalised = _one_capital(word)
    if named or (word in _AS_IN_A_LETTER and before_a_word) or capitalised in ORDINARY_CAPITALISED:
        return capitalised  # "Mr Okafor"; "Holdings Ltd": an organisation's words stay one's
    if proper(capitalised):
        return capitalised  # "Broin", "Riyadh" (a place no everyday word: not "READING", `pii._redactor`)
    elsewhere = english.zipf_elsewhere(lower) >= english.EVERYDAY
    if lower in STOP_WORDS or english.zipf(lower) >= english.UNCOMMON or elsewhere:
        return lower  # "RESIDES IN" -> "resides in"; "RUE DE" -> "rue de"
    if len(word) <= _ACRONYM:
        return word  # "JSON", "SUBJ", "HMP": an acronym as often as a name
    return capitalised
