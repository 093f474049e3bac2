"""The shapes of the words of a person's name, and the pure helpers `pii._names.NameRecognizer` reads them
with: which capitalised, lower-case, romanized Korean or Pinyin words may make a name, how a found name
grows over the words beside it, and the word-frequency ceilings below which a word may be a name. Pure: no
I/O, no recognizer state.
"""

from __future__ import annotations

import unicodedata

import regex

from . import _english as english
from ._foreign_words import function_words
from ._name_words import (
    _NOT_A_GIVEN_NAME,
    _NOT_A_SURNAME,
    _NOT_GREETED,
    _NOT_IN_A_NAME,
    _PLACE_SUFFIXES,
    MEDICINE,
    ORGANISATION_HEADS,
    TITLES_ALONE,
    listed_names,
)
from ._presidio import import_presidio

import_presidio()
from spacy.lang.en.stop_words import STOP_WORDS  # noqa: E402

_NAME_WORD = (
    r"(?:(?:Mc|Mac|Fitz|De|Di|Da|Du|Le|La)\p{Lu}|(?:Dell|Dall|Degl|Sant)['\u2019]\p{Lu}|\p{Lu}(?:['\u2019]\p{Lu})?)"
    r"\p{Ll}+(?:-\p{Lu}?\p{Ll}+)?"
)
_FAMILY_WORD = rf"(?:(?:al|el|Al|El)-)?{_NAME_WORD}"
_PARTICLE = (
    r"(?:van|von|der|den|ter|ten|bin|binti|binte|bint|ibn|abu|arap|de|del|della|di|da|dos|das|du|la|le|los|Ní|Nic|Ó"
    r"|Uí|Mhic|Dela|Delos|dela|delos|i|y|ap|a')"
)
"""Particles inside a name, Catalan's and Spanish's "and" between two family names among them ("Jordi Ventosa
i Ribas", "Ortega y Gasset"), Malay's "binte", Kalenjin's "arap" ("Kiprotich arap Langat") and Gaelic's "a'" ("Mairi
Nic a' Phearsain"). Not Māori's "Te", which opens a name as often ("Te Rangi"): as a particle it let a sentence's first
word stand for the name's start ("Yesterday Te Rangi phoned" lost "Te")."""
_NAME = rf"(?:{_PARTICLE}[ \t]+)*{_FAMILY_WORD}(?:[ \t]+(?:{_PARTICLE}[ \t]+)*{_FAMILY_WORD}){{0,2}}"
_INITIALS = r"(?:\p{Lu}\.\s?){1,3}"
_LOWER_WORD = r"\p{Ll}+(?:['\u2019-]\p{Ll}+)?"


def _union(spans: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping spans joined, in text order."""
    joined: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if joined and start < joined[-1][1]:
            joined[-1] = (joined[-1][0], max(end, joined[-1][1]))
        else:
            joined.append((start, end))
    return joined


# Cue words after which a lower-case word is not a name ("Cheers, mate").
_NOT_A_LOWER_NAME = (
    STOP_WORDS
    | {"mate", "team", "folks", "guys", "buddy", "dude", "man", "sir", "madam", "all"}
    | {
        "comma",
        "colon",
        "semicolon",
        "period",
        "paragraph",
        "hyphen",
        "dash",
        "unquote",
    }
    | {"dob", "ssn", "tel", "mob", "ph", "cell", "email", "nhs", "mrn", "dl", "ppsn"}
)
"""Words no lower-case name holds: stop words, forms of address, the punctuation a dictation speaks ("doctor
catriona mcleish comma the health centre") and the labels a typed note puts after a name ("marcus kowalski dob ...")."""
_CHAT_WORDS = frozenset(
    [
        "pls",
        "plz",
        "thx",
        "tnx",
        "ty",
        "msg",
        "bday",
        "yr",
        "ur",
        "abt",
        "tmrw",
        "btw",
        "lol",
        "cuz",
        "coz",
        "bc",
        "shes",
        "hes",
        "im",
        "dont",
        "cant",
        "wont",
        "didnt",
        "u",
        "r",
        "n",
        "tho",
        "rn",
        "idk",
        "omg",
        "asap",
        "ok",
        "okay",
        "k",
        "np",
        "gonna",
        "wanna",
        "gotta",
        "pic",
        "pics",
        "ppl",
        "po",
        "lah",
        "na",
    ]
)
"""Words of chat that English seldom prints but that are no one's name ("my nan pls", "tita tnx po")."""
_CUED_LOWER_CEILING = 3.6
"""After a cue that a name follows ("mr", "my name is", "my uncle"), a lower-case word under this Zipf
frequency may be a name ("gareth" 3.5, "zhang" 3.3, "thu" 3.1); "gonna", "btw", "yr" are chat words."""

# One romanized syllable: Revised Romanization of Korean, or Hanyu Pinyin.
_KO_SYLLABLE = (
    r"(?:ch|jj|kk|pp|ss|tt|sh|[bdghjkmnprstwy])?(?:yae|wae|yeo|ae|eo|eu|oe|oi|ui|wa|we|wi|wo|ya|ye|yo|yu|oo|ee"
    r"|a|e|i|o|u)(?:ng|[hklmnpt])?"  # a final h: informal spellings ("Seo-ah", "Ji-yeh")
)
_KO_GIVEN = regex.compile(rf"{_KO_SYLLABLE}-{_KO_SYLLABLE}")
_KO_FAMILY = regex.compile(_KO_SYLLABLE)
_PINYIN_SYLLABLE = (
    r"(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|ei|ao|ou|an|en"
    r"|in|un|ia|ie|iu|ua|uo|ui|ue|er|a|o|e|i|u)"
)
_GIVEN_SYLLABLES = regex.compile(rf"(?:{_KO_SYLLABLE}|{_PINYIN_SYLLABLE}){{1,3}}")
# Places that read as "Family Given" ("Hong Kong"); the family-name list cannot rule them out alone.
_PLACES = frozenset(["Hong Kong", "Ho Chi", "Da Nang", "Hai Phong", "Phnom Penh", "Kuala Lumpur"])
_VIETNAMESE_MIDDLE = frozenset(["Van", "Thi", "Văn", "Thị"])


_MAX_NAME_WORDS = 7
_GROW_WINDOW = 80
"""How far before a person a name's first words are looked for (characters)."""
_GROW_RIGHT = regex.compile(
    rf"(?:[ \t]+|-(?={_PARTICLE}[ \t])|(?<=-)(?={_PARTICLE}[ \t]))((?:{_PARTICLE}[ \t]+)*)({_FAMILY_WORD})(?!\p{{L}})"
)
"""The next word of a name: after a space, or after a hyphen that joins a particle ("de Vries-ten Brink")."""
_GROW_LEFT = regex.compile(rf"(?<!\p{{L}})({_FAMILY_WORD})((?:[ \t]+{_PARTICLE})*)[ \t]+\Z")
_WORD_GOES_ON = regex.compile(r"(?:['\u2019]\p{Lu}|-\p{L})[\p{L}\p{M}]*")
"""The rest of a word after a person's span that ends inside it: spaCy ends "Marco Dell" before "'Acqua"."""
_WORD_BEGAN = regex.compile(r"(?<![\p{L}\p{M}])\p{Lu}[\p{L}\p{M}]*['\u2019-]\Z")
"""The start of a word before a person's span that begins inside it ("D'" before "Angelo")."""
_TITLE_BEFORE = regex.compile(r"(?<!\p{L})(\p{L}+)\.?[ \t]*\Z")


def _name_part(word: str) -> bool:
    """A capitalised word that may continue a person's name found beside it."""
    return not (word in _NOT_IN_A_NAME or word in _NOT_A_SURNAME or word.lower() in STOP_WORDS)


_CAPITALISED_NEXT = regex.compile(r"[ \t]+\p{Lu}\p{Ll}")
_MIDDLE_INITIAL = regex.compile(r"[ \t]+\p{Lu}\.[ \t]*")


def _leading_name(start: int, words: str) -> tuple[int, int] | None:
    """The span of the leading words of `words` (at `start`) that may make a name: each capitalised, with a
    lower-case letter (not an acronym), and no ordinary word ("Hi Team", "Present: Finance"); None if none, or if
    the words name a desk or a department (one is an organisation's head: "Dear Card Services").
    A first word in capitals before a capitalised one is a family name as passports write it ("MORI Haruto")."""
    end = start
    for match in _NAME_PARTS.finditer(words):
        word = match.group(0)
        if end > start and len(word) == 1 and word.isupper() and words[match.end() : match.end() + 1] == ".":
            continue  # a middle initial, kept only with the name word after it: "Tyrone D. Washington"
        gap = words[end - start : match.start()]
        if match.start() != end - start and not (gap.isspace() or _MIDDLE_INITIAL.fullmatch(gap)):
            break
        first = end == start
        shouted_family = first and word.isupper() and len(word) > 1 and _CAPITALISED_NEXT.match(words, match.end())
        if word in ORGANISATION_HEADS:
            return None  # a desk or a department: "Dear Card Services", "Present: Chair"
        if not ((shouted_family or any(ch.islower() for ch in word)) and word[:1].isupper() and _name_part(word)):
            break
        if word.lower() in TITLES_ALONE or word.lower() in _NOT_GREETED:
            break
        end = start + match.end()
    return (start, end) if end > start else None


def greeted(start: int, words: str) -> tuple[int, int] | None:
    """The name a greeting greets (`_leading_name`), unless it greets everyone in another language ("Hola Todos", "Hola
    Buenas", "Hallo Alle"): no word of it another language's function word. An English word is asked no more than
    `_leading_name` asks ("Hi Marcus" stays, though English writes "marcus" as often as "players")."""
    span = _leading_name(start, words)
    if span is None:
        return None
    return None if any(word.lower() in function_words() for word in words[: span[1] - start].split()) else span


def _surname_first(match: regex.Match[str], labelled: bool = True) -> bool:
    """Whether a family name (group 1, in capitals too: "PARK") and the given names after its comma (group 2) may
    make a name: each word a name's, and not all of them everyday words ("Patient: Stable, Alert"). With no label
    before it, the family name must be no English word nor an acronym, and a given name no everyday word ("TODO,
    Fix Later", "IBM, Armonk", "JSON, Yaml")."""
    family, given = match.group(1), match.group(2)
    family_words = [_capitalised(word) if word.isupper() else word for word in family.split() if len(word) > 1]
    if all(english.zipf(word.lower()) >= english.EVERYDAY for word in [*family_words, *given.split()]):
        return False  # "Stable, Alert", "Config, Default"
    if not labelled and (
        any(len(word) < 4 or english.zipf(word.lower()) >= _SHOUTED_FAMILY_CEILING for word in family_words)
        or all(english.zipf(word.lower()) >= english.EVERYDAY for word in given.split())
    ):
        return False
    family = " ".join(family_words)  # Irish "Ó" of "Ó Dálaigh" aside
    return bool(family) and _leading_name(0, family) == (0, len(family)) and _leading_name(0, given) == (0, len(given))


_AGED = regex.compile(r"[ \t]*(?:\([^()\n]{1,20}\)[ \t]*)?\((?:(?:1[6-9]|[2-9]\d|10\d)\)|(?:née|nee|geb\.)[ \t])")
"""An adult's age (16 to 109) or a maiden name in brackets after a name, a nickname's before it or not, as a court's
list, a paper's report or a death notice writes it ("(27)", "(Bridie) (née Moynihan)"; not "(2)" nor "(408)")."""


def _vouched(match: regex.Match[str], text: str) -> bool:
    """Whether a family name in capitals opening a line (`pii._name_cues.SHOUTED_SURNAME_FIRST`) is vouched for as a
    label would vouch for it: the family name is a listed one, a maiden name stands beside it, or an age or a maiden
    name in brackets follows the given names ("HUSSAIN, Mohammed Zubair (27), 41 Oakley Road", "O'CONNELL, Bridget
    (Bridie) (née Moynihan)")."""
    family = match.group(1)
    prefix = 3 if family.startswith("Mac") else 2 if family.startswith("Mc") else 0
    spelled = family[:prefix] + family[prefix:].capitalize() if prefix else _capitalised(family)  # "McGRATH": McGrath
    listed = spelled in listed_names() or family.capitalize() in listed_names()
    return listed or "(" in text[match.end(1) : match.start(2)] or _AGED.match(text, match.end(2)) is not None


def _a_party(match: regex.Match[str]) -> bool:
    """Whether a party after "R v" (`pii._name_cues.PARTY_SURNAME_FIRST`) is a person: words of a name, the
    family name a listed one ("SMITH") or else no acronym (four letters or fewer: "JSON", "BBC", "TODO") and no everyday
    word, and no word of an organisation, and the given names no word of an organisation, nor all everyday words after
    a family name on no list ("CONFIG, Default Value", "HARRIS, Solicitors"; "SMITH, John" is a party)."""
    family, given = match.group(1), match.group(2).split()
    capitalised = _capitalised(family)
    if capitalised in _NOT_IN_A_NAME or any(word in _NOT_IN_A_NAME for word in given):
        return False
    listed = capitalised in listed_names()
    if not listed and (len(family) <= _ACRONYM_LETTERS or english.zipf(family.lower()) >= english.EVERYDAY):
        return False
    if not listed and all(english.zipf(word.lower()) >= english.EVERYDAY for word in given):
        return False
    names = " ".join(given)
    return _leading_name(0, capitalised) == (0, len(capitalised)) and _leading_name(0, names) == (0, len(names))


_ACRONYM_LETTERS = 4


def _capitalised(word: str) -> str:
    """A name's word in capitals as a name is written, a capital to each part ("OKONJO-ADEYEMI": "Okonjo-Adeyemi",
    "O'REILLY": "O'Reilly")."""
    return regex.sub(r"(?<=['\u2019-])\p{Ll}", lambda m: m[0].upper(), word.capitalize())


_SHOUTED_FAMILY_CEILING = 2.0
"""A family name in capitals opening a line with no label must be rarer than this in English (Zipf): "MAKAULA",
not "JSON" or "CRON"."""


def _whole_words(text: str, start: int, end: int) -> tuple[int, int]:
    """A person's span widened to the whole words it begins or ends inside ("Marco Dell" of "Marco
    Dell'Acqua", "Angelo" of "D'Angelo"); a possessive "'s" stays outside."""
    if (rest := _WORD_GOES_ON.match(text, end)) is not None:
        end = rest.end()
    if (began := _WORD_BEGAN.search(text, max(0, start - 20), start)) is not None:
        start = began.start()
    return start, end


_NAME_PARTS = regex.compile(r"[\p{L}\p{M}'\u2019-]+")


def standing_alone(text: str, words: set[str]) -> list[tuple[int, int]]:
    """Where the `words` stand in `text` with no letter or mark touching them, leftmost first and never
    overlapping: what one alternation of the sorted words finds, without compiling a pattern per text
    (the regex module takes most of a millisecond to compile one)."""
    found: list[tuple[int, int, str]] = []
    for word in words:
        at = text.find(word)
        while at >= 0:
            end = at + len(word)
            if not (_is_letter(text, at - 1) or _is_letter(text, end)):
                found.append((at, end, word))
            at = text.find(word, at + 1)
    spans: list[tuple[int, int]] = []
    for start, end, _ in sorted(found, key=lambda hit: (hit[0], hit[2])):
        if not spans or start >= spans[-1][1]:
            spans.append((start, end))
    return spans


def _is_letter(text: str, at: int) -> bool:
    return 0 <= at < len(text) and unicodedata.category(text[at])[0] in "LM"


_LOWER_PAIR = regex.compile(r"(?<!\p{L})(\p{Ll}+)[ \t]+(\p{Ll}+(?:-\p{Ll}+)?)(?:[ \t]+(\p{Ll}+))?(?!\p{L})")


_CAPITALISED_BEFORE = regex.compile(r"(\p{Lu}[\p{L}\p{M}'\u2019-]*)[ \t]+$")
_VERB_ENDINGS = ("ed", "es", "ing", "ize", "ise", "izes", "ises")
"""Endings of the verbs a relative does ("my colleague dockerized ...", "my mother hallucinates ..."): no name."""


_LOWER_RUN = regex.compile(r"\p{Ll}+")
_NEXT_LOWER_WORD = regex.compile(r"[ \t]+(\p{Ll}+(?:-\p{Ll}+)*)(?![\p{L}\p{M}'\u2019])")
_UNCOMMON_PAIR_CEILING = 3.5
"""Capitalised words make a name by `pii._uncommon_names` if one is rare and none is used more than this
(Zipf): surnames English prints now and then stay in ("Mhairi MacLeod": 1.8, 3.2)."""
_EVERYDAY_NAME = 4.5
"""A listed name English uses more than this (Zipf: "brown", "long", "will") is no name's word in lower case."""
_LOWER_PLACES = frozenset(place.lower() for place in _PLACES)


def _plain_name(words: list[str]) -> bool:
    """Capitalised words that may make a person's name: none an ordinary word (a stop word, a weekday or
    month) nor a word of an organisation's name."""
    return len(words) >= 2 and not any(
        word in _NOT_IN_A_NAME or word in _NOT_A_SURNAME or word.lower() in STOP_WORDS for word in words
    )


def korean_shaped_name(family: str, given: str) -> bool:
    """True for a one-syllable family name beside a hyphenated two-syllable given name, both shaped
    like romanized Korean ("Yoon Seo-ah"), whether or not the family name is on a list."""
    parts = given.lower().split("-")
    if len(parts) != 2 or parts[1] in _PLACE_SUFFIXES or family in _NOT_A_SURNAME:
        return False
    lowered = family.lower()
    return lowered not in STOP_WORDS and bool(_KO_FAMILY.fullmatch(lowered) and _KO_GIVEN.fullmatch(given.lower()))


def romanized_given_name(word: str, *, hyphenated: bool) -> bool:
    """True for a given name shaped like romanized Korean or Chinese: "Seo-ah", "Dae-seong", "Xiaoming"."""
    parts = word.lower().split("-")
    if len(parts) != (2 if hyphenated else 1) or parts[-1] in _PLACE_SUFFIXES or word.lower() in STOP_WORDS:
        return False
    return all(_GIVEN_SYLLABLES.fullmatch(part) for part in parts)


_NOT_NAME_ENDINGS = ("ic", "al", "ive", "ous", "ed", "ing", "ful", "less", "able", "ible", "ant", "ent")
"""Endings of adjectives and participles: "i am asthmatic", "im exhausted" say how the writer is, not who."""
_NOT_A_SPEAKER = frozenset(
    {"user", "assistant", "bot", "chatbot", "agent", "moderator", "system", "admin", "operator", "customer", "me"}
    | {"you", "ai", "error", "warn", "warning", "info", "debug", "trace", "fatal", "kernel", "host", "server", "client"}
)
"""Who speaks in transcripts and logs without being a person ("[09:15] Bot:", "[...] kernel:")."""
_DOSE_AFTER = regex.compile(r"[ \t]*\([ \t]*\d")
"""A bracket opening on a number after a word heading a line: a dose or a reading ("Atorvastatin (20 mg)")."""
_NOT_NAME_ENDINGS_CAPITALISED = (
    *("ology", "ics", "itis", "osis", "aemia", "emia", "oxine", "inine", "amine", "idine", "azine", "amol", "sion"),
    *("tion", "pathy", "algia", "noma", "ism", "ness"),
)
"""Endings of disciplines, conditions, medicines and nouns of process, none a name's ("Christine", "Nicole",
"Paloma" end otherwise)."""


def _no_name_shaped(word: str) -> bool:
    """A capitalised word shaped like a discipline, a condition, a medicine or a gerund, not a name ("Ming", "Xing"
    are too short for a gerund)."""
    lower = word.lower()
    gerund = len(lower) >= 7 and lower.endswith("ing")
    return MEDICINE.fullmatch(word) is not None or gerund or lower.endswith(_NOT_NAME_ENDINGS_CAPITALISED)


_LOWER_PARTICLES = frozenset({"de", "van", "der", "den", "von", "dela", "delos", "da", "dos", "di", "du", "ap", "bin"})
"""Particles between the words of a name typed in lower case."""


def _repeated_part(word: str) -> bool:
    """A capitalised word of a full name that, written alone, is that person still."""
    return _name_part(word) and word not in _NOT_A_GIVEN_NAME


def _repeated_lower_part(word: str) -> bool:
    """A word of a full name typed in lower case that, written alone, is that person still: no particle, stop word
    nor everyday word ("de", "van", "will")."""
    return (
        word.islower()
        and word not in _LOWER_PARTICLES
        and word not in STOP_WORDS
        and english.zipf(word) < _CUED_LOWER_CEILING
    )


_NEXT_LABEL = regex.compile(r"[ \t]+(\p{Lu}\p{L}*)(?:[ \t]+(?:of|de|du|der)[ \t]+\p{L}+)?[ \t]*:")
_FIELD = regex.compile(r"[^ \t]+(?: [^ \t]+)*")
"""A field of a line: words one blank apart. Two blanks or a tab part fields or columns."""
FORM_LABELS = frozenset(
    {"sex", "gender", "date", "dob", "birth", "born", "age", "tel", "telephone", "phone", "mobile", "cell", "fax"}
    | {"email", "mail", "address", "adres", "adresse", "direccion", "dirección", "compte", "rekening", "account"}
    | {"iban", "bic", "dept", "department", "room", "seat", "signed", "signature", "notes", "note", "remarks"}
    | {"middle", "preferred", "position", "title", "role", "status", "id", "no", "nr", "ref", "nhs", "mrn", "hr"}
    | {"nationality", "country", "city", "town", "postcode", "zip", "surname", "forename", "forenames", "given"}
    | {"first", "last", "name", "names", "nom", "naam", "nombre", "nome", "of", "de", "du", "der", "and", "e"}
)
"""The words of a form's labels (lower case): a field holding only these is a label, no part of a name beside it."""


def within_the_field(text: str, span: tuple[int, int]) -> tuple[int, int]:
    """A name's or a place's span kept within the field it stands in, as forms, tables and OCR'd columns run several on
    one line: without the fields beside it, a gap of two blanks or a tab away, that hold only a form's labels
    (`FORM_LABELS`: "Naam  Tshibanda Mireille        Compte", "Rebin Hawrami Mahmoud   DOB"), and without the next
    label of its line after a label ("Name: Tharshika Balasingam Date of birth: ...", "Name: Anna Maria Grace Sex:
    F"). A name's own words stay, however everyday ("Sarah  Long", "Emma Stone: she agreed", "Mary Rose: hello")."""
    fields = [match.span() for match in _FIELD.finditer(text, *span)]
    while len(fields) > 1 and _a_label(text[slice(*fields[-1])]):
        fields.pop()
    while len(fields) > 1 and _a_label(text[slice(*fields[0])]):
        fields.pop(0)
    if not fields:
        return span
    start, end = fields[0][0], fields[-1][1]
    last = max(text.rfind(" ", start, end), text.rfind("\t", start, end))
    if last <= start or (label := _NEXT_LABEL.match(text, last)) is None or label.end(1) != end:
        return start, end
    line_start = text.rfind("\n", 0, start) + 1
    labelled = max(text.rfind(": ", line_start, start), text.rfind(":\t", line_start, start)) >= 0
    before = len(text[start:last].rstrip()) + start
    return (start, before) if labelled and label[1].lower() in FORM_LABELS else (start, end)


def _a_label(field: str) -> bool:
    """Whether a field holds only the words of a form's labels ("Compte / Rekening", "Date of birth", "DOB")."""
    words = regex.findall(r"\p{L}+", field)
    return bool(words) and all(word.lower() in FORM_LABELS for word in words)


def cells_of(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """A name's span found across a tab, as one span for each of a table's cells ("Lloyd-Hughes\tMegan Lloyd-Hughes":
    a visitor's and a resident's); a cell's part that holds no capital is no name's. The span itself where it holds no
    tab."""
    if "\t" not in text[start:end]:
        return [(start, end)]
    cells = []
    for cell in regex.finditer(r"[^\t]+", text, pos=start, endpos=end):
        first, last = cell.start() + len(cell[0]) - len(cell[0].lstrip()), cell.start() + len(cell[0].rstrip())
        if any(ch.isupper() for ch in text[first:last]):
            cells.append((first, last))
    return cells
