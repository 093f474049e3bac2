"""Places a text names by the form it writes them in, whatever list holds them: a letter's dateline (its town and its
date on a line of their own) and a place with its administrative unit ("Kurigram district", "Co. Kerry"). Pure
functions over the text; `pii._places.PlaceRecognizer` reports what they find. And a place written as one
hyphenated word ("Stockton-on-Tees", "Haeundae-gu"), which spaCy and the gazetteer read in pieces.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import regex

from . import _english as english
from . import wordlists
from ._address_words import STATE_CODES
from ._dates import _DAY, _FOREIGN_MONTH, _MONTH, _MORE_MONTHS, BIRTH
from ._geonames import countries_and_states
from ._name_words import ORDINARY_CAPITALISED

_IRISH_COUNTIES = (
    *("Antrim", "Armagh", "Carlow", "Cavan", "Clare", "Cork", "Derry", "Donegal", "Down", "Dublin", "Fermanagh"),
    *("Galway", "Kerry", "Kildare", "Kilkenny", "Laois", "Leitrim", "Limerick", "Londonderry", "Longford", "Louth"),
    *("Mayo", "Meath", "Monaghan", "Offaly", "Roscommon", "Sligo", "Tipperary", "Tyrone", "Waterford", "Westmeath"),
    *("Wexford", "Wicklow"),
)
_UNIT_NAMED = regex.compile(
    r"(?<!\p{L})(\p{Lu}[\p{Ll}\p{M}'\u2019-]{2,}(?:[ \t]\p{Lu}[\p{Ll}\p{M}'\u2019-]{2,})?)[ \t]"
    r"(?:[Dd]istrict|[Pp]rovince|[Pp]refecture|[Oo]blast|[Gg]overnorate|[Uu]pazila|[Ww]oreda|[Mm]unicipality)(?!\p{L})"
    r"|((?:(?<![\p{L}&][ \t]?)Co\.|(?<!\p{L})County)[ \t]\p{Lu}\p{Ll}{2,})(?!\p{L})"
    r"|(?<![\p{L}\p{M}'\u2019-]|\p{Lu}[\p{L}\p{M}'\u2019-]*[ \t])(\p{Lu}[\p{Ll}\p{M}'\u2019-]{2,})"
    rf"(?=,?[ \t](?:Co\.|County)[ \t](?:{'|'.join(_IRISH_COUNTIES)})(?!\p{{L}}))"
    rf"|(?<!\p{{L}})(Co\.[ \t](?:{'|'.join(_IRISH_COUNTIES)}))(?!\p{{L}})"
)
"""A place named with its administrative unit ("Kurigram district", "Sumy Oblast", "Co. Kerry", "County Clare"), and
the one word before an Irish county ("Knocknagree, Co. Cork", "born Claregalway, Co. Galway", "b. Ennistymon Co.
Clare"; a firm or a hotel there is two capitalised words as a rule: "Glanbia Foods, Co. Kilkenny", "Adare Manor, Co.
Limerick"): the unit tells it is a place whatever the name; not an everyday word before it ("Business District",
"Central Province"), nor a company ("Smith & Co. Ltd"). One of Ireland's counties after "Co." is a place after any
word, however everyday its name ("Ireland Co. Mayo", "Co. Down")."""
_UNIT_MARKS = ("istrict", "rovince", "refecture", "blast", "overnorate", "pazila", "oreda", "unicipality", "Co")
"""What a text holds before the pattern is worth running ("Co" of "Co." and "County" too)."""
_HYPHENATED = regex.compile(
    r"(?<![\p{L}\p{M}-])(?:"
    r"\p{Lu}[\p{Ll}\p{M}'\u2019]+(?:-\p{Lu}[\p{Ll}\p{M}'\u2019]+)*"
    r"-(?:on|upon|under|le|la|les|lès|sous|sur|en|de|du|des|aux|au|di|del|am|im|super|sul|et)"
    r"-\p{Lu}[\p{Ll}\p{M}'\u2019]+(?:-\p{Lu}[\p{Ll}\p{M}'\u2019]+)*"
    r"|(\p{Lu}\p{Ll}{2,}(?:-\p{Ll}{2,})?)-(?:gu|gun|si|dong|eup|myeon|ri|do|ku|shi|ken|cho|machi)"
    r")(?![\p{L}\p{M}-])"
)
"""A town whose parts a connector joins ("Stockton-on-Tees", "Rosny-sous-Bois", "Caluire-et-Cuire"), or a
Korean or Japanese place romanized with its unit ("Haeundae-gu", "Seongnam-si", "Shibuya-ku", "Aichi-ken"): a place
whatever the name, where a rule that reads words one by one finds its first part alone."""
_ON_ITS_RIVER = regex.compile(
    r"(?<![\p{L}\p{M}-])\p{Lu}\p{Ll}{2,}(?:-\p{Lu}\p{Ll}+)?"
    r"[ \t](?:am|an[ \t]der|im|ob[ \t]der|in[ \t]der|auf[ \t]der|vor[ \t]der)[ \t]\p{Lu}\p{Ll}{2,}(?![\p{L}\p{M}])"
)
"""A German town named with its river or region ("Esslingen am Neckar", "Halle an der Saale", "Freiburg im Breisgau",
"Rothenburg ob der Tauber"), which spaCy reads in pieces (a person "Neckar")."""
_WHEN = frozenset(
    {"montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag", "wochenende", "morgen", "abend"}
    | {"mittag", "nachmittag", "vormittag", "januar", "februar", "märz", "april", "mai", "juni", "juli", "august"}
    | {"september", "oktober", "november", "dezember", "sommer", "winter", "frühling", "herbst", "anfang", "ende"}
)
"""What follows "am" or "im" after a town when it says when, not where ("Berlin am Montag", "Hamburg im Januar")."""
_NOT_A_UNIT = frozenset({"Taekwon", "Hapki", "Kum", "Tang"})
"""Names before "-do" that are martial arts, not provinces ("Taekwon-do")."""
_DATELINE = regex.compile(
    r"^[ \t]*(\p{Lu}[\p{L}\p{M}'\u2019-]+(?:[ \t]\p{Lu}[\p{L}\p{M}'\u2019-]+){0,2}),[ \t]*"
    r"(?:(?:le|den|am|il|el|em|dnia)[ \t]+)?"
    rf"(?:(?:{_DAY}|1er)\.?[ \t]+(?:de[ \t]+)?(?:{_MONTH}|{_FOREIGN_MONTH}|{_MORE_MONTHS})"
    r"(?:[ \t]+(?:de[ \t]+)?\d{4})?"
    rf"|{_MONTH}[ \t]+{_DAY},?[ \t]+\d{{4}}|(?:[12]\d|3[01]|0?[1-9])\.[ \t]?(?:1[0-2]|0?[1-9])\.[ \t]?(?:19|20)\d\d)"
    r"(?:[ \t]*+\.)?[ \t]*+$",  # possessive: a run of spaces before the line's end is not split every way
    regex.MULTILINE,
)
"""A letter's place and date on a line of their own ("Tournai, le 2 avril 2025", "Berlin, den 3. März 2024",
"Lisboa, 12 de março de 2024", "Kraków, 12.03.2024"): where its writer is."""
_INDENTED = 4
"""Spaces before a dateline that set it to the right, as a letter does: a town on no list counts there only
("Protokoll, 12.03.2024" or "Facture, le 2 avril 2025" open a document at the margin)."""
_WEEKDAYS = frozenset(
    {"lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "montag", "dienstag", "mittwoch"}
    | {"donnerstag", "freitag", "samstag", "sonntag", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"}
    | {"domingo", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica", "segunda", "terça"}
    | {"quarta", "quinta", "sexta", "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"}
)
"""Weekdays of other languages, which open a date's line as a town does ("Lundi, 3 mars 2025")."""
_NOT_A_COUNTY = frozenset({"Ltd", "Limited", "Inc", "Llc", "Pty", "Plc", "Kg", "Gmbh"})


def datelines(text: str, places: frozenset[str]) -> list[tuple[int, int]]:
    """The spans of the towns that open a letter's dateline (`_DATELINE`), on the list of `places` (keys of
    `pii.wordlists.split_key`) or set to the right; not a weekday nor everyday words ("Monday, 3 March 2025", "Updated,
    3 March 2025")."""
    if "," not in text:
        return []
    found = []
    for match in _DATELINE.finditer(text):
        words = match.group(1).split()
        if words[0].lower() in _WEEKDAYS or all(english.zipf(word.lower()) >= english.EVERYDAY for word in words):
            continue
        indent = match.start(1) - match.start()
        if indent >= _INDENTED or wordlists.split_key(match.group(1)) in places:
            found.append(match.span(1))
    return found


def administrative_units(text: str) -> list[tuple[int, int]]:
    """The spans of places named with their administrative unit (`_UNIT_NAMED`): the name alone before its unit,
    the county with its word."""
    if not any(unit in text for unit in _UNIT_MARKS):
        return []
    found = []
    for match in _UNIT_NAMED.finditer(text):
        group = next(g for g in (1, 2, 3, 4) if match.group(g) is not None)
        words = match.group(group).split()
        if group == 2 and words[-1] in _NOT_A_COUNTY:
            continue
        named = words[1:] if group == 2 else words  # "Co. Kerry": the county's name
        irish = group == 4 or (group == 2 and words[0] == "Co." and words[-1] in _IRISH_COUNTIES)  # "Newry, Co. Down"
        if not irish and all(english.zipf(word.lower()) >= english.EVERYDAY for word in named):
            continue  # "Business District", "Central Province"
        if (irish or group == 3) and _a_firms_county(text, match.end(group) if group == 3 else match.start(group)):
            continue
        found.append(match.span(group))
    return found


_COUNTY_AFTER = regex.compile(rf"(,?)[ \t]?(?:Co\.|County)[ \t](?:{'|'.join(_IRISH_COUNTIES)})(?!\p{{L}})")
_GOES_ON = regex.compile(
    r"-|[ \t]+(?!(?:in|and|on|at|to|near|where|was|is|now|then|from|with|for|until|since|aged|b|d)(?!\p{L}))\p{Ll}"
)


def _a_firms_county(text: str, at: int) -> bool:
    """Whether the "Co." of an Irish county at `at` is rather a firm's ("Smith & Co. Cork office", "Hudson's Bay Co.
    Down payment", "Apple Co. Kerry office", "invoiced Tayto Co. Meath distributors"): after "&", or, with no comma
    before it, between a capitalised word and a lower-case one that is no function word ("Ireland Co. Mayo Swinford",
    "b. Ennistymon Co. Clare 11 Nov", "born in Ennistymon Co. Clare in 1921", "born Claregalway, Co. Galway; ..." are
    places)."""
    county = _COUNTY_AFTER.match(text, at)
    if county is None or "&" in text[max(0, at - 2) : at]:
        return county is not None
    if county.group(1) or not _GOES_ON.match(text, county.end()):
        return False
    before = text[max(0, at - 40) : at].split()
    return bool(before) and before[-1][0].isupper()


_TOWN_WORDS = (
    r"(\p{Lu}[\p{Ll}\p{M}'\u2019-]+(?:[ \t](?:(?:di|del|della|sul|sulla|in)[ \t])?\p{Lu}[\p{Ll}\p{M}'\u2019-]+){0,2})"
)
_WITH_ITS_STATE = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}'\u2019.-]){_TOWN_WORDS},[ \t](\p{{Lu}}{{2,3}})(?![\p{{L}}\p{{M}}\d_-])"
    rf"|(?<![\p{{L}}\p{{M}}'\u2019.-]){_TOWN_WORDS}[ \t]\((\p{{Lu}}{{2}})\)"
    rf"|(?<![\p{{L}}\p{{M}}'\u2019.-]){_TOWN_WORDS}[ \t](\p{{Lu}}{{2,3}})(?=[ \t]*(?:$|[.,;|)]|[ \t]{{2}}))",
    regex.MULTILINE,
)
"""A town and its state's or province's code after a comma and a space ("Austin, TX", "Surrey, BC", "Mudgeeraba, QLD";
not a CSV's cells: "Harriers,MS"), or an Italian town with its province's code in brackets ("Castrovillari (CS)",
"Montesano sulla Marcellana (SA)"), or a listed town and its state's code after a space, ending a field ("Toowoomba
QLD.", "Calgary AB |"; not "Tesla TX", "Suncorp QLD", a degree's "Oxford MA")."""
_PROVINCE_CODES = (
    "AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BT BZ CA CB CE CH CL CN CO CR CS CT CZ EN FC FE FG FI FM FR GE"
    " GO GR IM IS KR LC LE LI LO LT LU MB MC ME MI MN MO MS MT NA NO NU OR PA PC PD PE PG PI PN PO PR PT PU PV PZ RA RC"
    " RE RG RI RM RN RO SA SI SO SP SR SS SU SV TA TE TN TO TP TR TS TV UD VA VB VC VE VI VR VT VV"
)
_ITALIAN_PROVINCES = frozenset(_PROVINCE_CODES.split())
_AMBIGUOUS_CODES = frozenset(
    {"MD", "MA", "MS", "PA", "OK", "ON", "IN", "OR", "ID", "DE", "ME", "CO", "SC", "IL", "CA", "GA", "NL", "NE", "IA"}
    | {"AK", "AL", "HI", "LA", "MO", "MI", "MN", "SA", "WA", "NT", "DC", "VA", "ACT", "TAS", "CT", "ND", "NS", "NB"}
    | {"SD", "PE"}
)
"""Codes of states that are as often something else after a capitalised word: letters after a name ("S. K.
Ramaswamy, MD"), a status ("Redis, OK", "Compressor, ON"), a drug's route ("Enoxaparin, SC", "Naloxone, IN"), a
country's or a language's code ("Colombia, CO", "Nederlands, NL"), an element ("Calcium, CA"), a vet's "male neutered"
("MN"), a scan or a result ("Abdomen, CT", "Troponin, ND"): after a listed town only."""
_COUNTRIES_WRITTEN = (
    "UK GB IE NZ AU US USA UAE FR DE ES IT PT NL BE LU CH AT SE NO DK FI IS PL CZ SK HU RO BG GR HR RS SI UA TR IL"
    " JP KR CN HK TW SG MY TH VN PH IN PK BD LK NP NG GH KE UG TZ ZA EG MA BR MX AR CL PE CO"
)
_COUNTRY_CODES = frozenset(_COUNTRIES_WRITTEN.split())
"""Countries' codes after a town ("Dunedin, NZ", "Leeds, UK", "Lyon, FR"): after a listed town only, as the
ambiguous states' codes are."""
_A_WORD_GOES_ON = regex.compile(
    r"[ \t]+(?!(?:in|on|since|until|from|to|last|this|next|where|when|and|or)(?!\p{L}))\p{L}"
)
"""A word after a town's country's code that goes on with the code, not the town ("Thanks Florence, IT will reset",
"Chelsea, PT session", "Mobile, US only"); a word that goes on with the sentence is none ("Leeds, UK in May")."""
_PROVINCE_CUE = regex.compile(r"(?<!\p{L})(?:a|in|di|da|nato|nata|nati|residente|presso|abita|vive)[ \t]+\Z")
"""What stands before an Italian town with its province in brackets when it is no listed town ("nata a Castrovillari
(CS)"; not a drug's route: "Amoxicillin (PO)", nor "GitHub (PR)")."""


def towns_with_their_state(text: str, places: frozenset[str]) -> list[tuple[int, int]]:
    """The spans of towns written with the code of their state, province, territory or country (`_WITH_ITS_STATE`, the
    codes of `pii._address_words.STATE_CODES`, Italy's provinces and `_COUNTRY_CODES`): the town a listed place, or
    capitalised words no one of which is an everyday English one, not in a list ("Red Deer, AB", "Mudgeeraba, QLD";
    not "Hello, OK", "Thanks, IN", "Please Note, ME", "Cockapoo, MN, 6y", "the Report (TO)")."""
    found = []
    for match in _WITH_ITS_STATE.finditer(text):
        spaced = match.group(6) is not None  # "Toowoomba QLD": a state's code after a space, no comma
        stated = match.group(2) is not None or spaced
        group = 5 if spaced else 1 if stated else 3
        code = match.group(6) if spaced else match.group(2) if stated else match.group(4)
        if code not in (STATE_CODES | _COUNTRY_CODES if stated else _ITALIAN_PROVINCES):
            continue
        start, town = _without_everyday_words(text, match.start(group), match.end(group), places)
        listed = wordlists.split_key(town) in places
        more = stated and text.startswith(",", match.end())  # "Cockapoo, MN, 6y": a vet's "male neutered", in a list
        everyday = any(english.zipf(word.lower()) >= english.EVERYDAY for word in town.split() if word[0].isupper())
        cued = _PROVINCE_CUE.search(text, max(0, start - 20), start) is not None
        ambiguous = code in _AMBIGUOUS_CODES | _COUNTRY_CODES if stated else not cued
        country = stated and code in _COUNTRY_CODES and code not in STATE_CODES  # not Bergamo's "(BG)"
        if country and (_A_WORD_GOES_ON.match(text, match.end()) is not None or (spaced and not listed)):
            continue  # "Thanks Florence, IT will reset", "Chelsea, PT session": no town's country
        if spaced and not (listed and (country or code not in _AMBIGUOUS_CODES)):
            continue  # "Tesla TX", "Suncorp QLD", "Oxford MA": a firm's state, a degree; a listed town only
        if listed or (not ambiguous and not more and not everyday):
            found.append((start, match.end()))
    return found


def _without_everyday_words(text: str, start: int, end: int, places: frozenset[str]) -> tuple[int, str]:
    """The town's words from `start` to `end` without the everyday words that open the run and no listed place
    includes ("Visiting Austin": "Austin"; "Red Deer" stays whole)."""
    while wordlists.split_key(text[start:end]) not in places:
        word = regex.match(r"\S+[ \t]+(?=\S)", text[start:end])
        if word is None or english.zipf(word.group().strip().lower()) < english.EVERYDAY:
            break
        start += word.end()
    return start, text[start:end]


def hyphenated_places(text: str) -> list[tuple[int, int]]:
    """The spans of the places written as one hyphenated word (`_HYPHENATED`) whose first part is no everyday English
    word ("Copy-on-Write", "Mother-in-Law", "Hello-si" are none; a saint's town is: "Saint-Germain-des-Prés")."""
    if "-" not in text:
        return []
    found = []
    for match in _HYPHENATED.finditer(text):
        first = match.group().split("-")[0]
        if match.group(1) in _NOT_A_UNIT or (first not in _SAINTS and english.zipf(first.lower()) >= english.EVERYDAY):
            continue
        found.append(match.span())
    return found


_SAINTS = frozenset({"Saint", "Sainte", "San", "Santa", "Santo", "São", "Sankt"})


def towns_on_their_river(text: str, places: frozenset[str]) -> list[tuple[int, int]]:
    """The spans of the listed towns (keys of `pii.wordlists.split_key` in `places`) named with their river or region
    (`_ON_ITS_RIVER`: "Esslingen am Neckar"; not "Sarah am Abend")."""
    if " der " not in text and "m " not in text:
        return []
    spans = []
    for match in _ON_ITS_RIVER.finditer(text):
        town, river = match.group().split()[0], match.group().split()[-1]
        if river.lower() in _WHEN:
            continue  # "Berlin am Montag", "Hamburg im Januar": a day's or a month's, not a river's
        if wordlists.split_key(town) in places or wordlists.split_key(match.group()) in places:
            spans.append(match.span())
    return spans


_TIME_ZONE = regex.compile(
    r"(?<![\w/])(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)"
    r"/[A-Za-z_-]+(?:/[A-Za-z_-]+)?(?![\w/])"
)
"""A time zone of the IANA database ("Europe/London", "America/Argentina/Buenos_Aires"): a server's or a calendar's
setting, where no one is."""


def a_time_zone(text: str, start: int, end: int) -> bool:
    """Whether the place at `start:end` lies inside a time zone's name ("Asia/Seoul", "TZID=Europe/London")."""
    if "/" not in text[max(0, start - 1) : end + 1]:
        return False
    window = max(0, start - _TIME_ZONE_LENGTH)
    return any(
        m.start() <= start and end <= m.end() for m in _TIME_ZONE.finditer(text, window, end + _TIME_ZONE_LENGTH)
    )


_TIME_ZONE_LENGTH = 32
"""Characters a time zone's name holds at most ("America/Argentina/ComodRivadavia" has 32)."""


_BORN_THEN_WHERE = regex.compile(
    rf"(?:{BIRTH}):?[ \t]*"
    r"(?:(?:on|le|il|el|am)[ \t]+)?(?:[0-3]?\d[./-][01]?\d[./-](?:19|20)?\d\d),[ \t]*"
    r"(\p{Lu}[\p{L}\p{M}'\u2019]+(?:[ \t-]\p{Lu}[\p{L}\p{M}'\u2019]+){0,2})(?=[ \t]*(?:$|[),;.\u2013\u2014|-]))",
    regex.MULTILINE,
)
"""A birth's word, its date and, after a comma, the place ending the field: "(geb. 22.08.1979, Linz)", "°30/01/1939,
Izegem - diabetes", as registers, lists of guests and pilgrims write where someone was born."""


_BORN_WHERE = regex.compile(
    r"(?<![\p{L}\p{N}.])b\.[ \t]+(\p{Lu}[\p{L}\p{M}'\u2019]+(?:[ \t-]\p{Lu}[\p{L}\p{M}'\u2019]+){0,2}"
    r"(?:,[ \t]*\p{Lu}[\p{L}\p{M}'\u2019]+)?)(?=[ \t]*(?:$|[),;.|\t\u2013\u2014]|[ \t]{2}))",
    regex.MULTILINE,
)
"""A census's or a family history's "b." and where someone was born, with its county after a comma or not ("b.
Llanwrtyd, Brecon", "wife Margaret (b. Wales)", "son 3  b. Dowlais")."""


def birthplaces_after_their_date(text: str, places: frozenset[str]) -> list[tuple[int, int]]:
    """The spans of the places after a birth's word and date (`_BORN_THEN_WHERE`) or right after "b." (`_BORN_WHERE`,
    a country or a region too: "(b. Wales)"): a listed place, or words English seldom uses that no other language uses
    often and no adjective's ending closes; no everyday word and no one's status ("DOB 12/03/1980, Male" is a sex,
    though Malé is a town; "b. 1/2/1950, Widowed", "NKDA", "Caucasian", "Ambulatory", "(geb. 01.02.1965, Hausfrau)",
    "a. Yes b. No")."""
    found = [match.span(1) for match in _BORN_THEN_WHERE.finditer(text) if _a_birthplace(match.group(1), places)]
    for match in _BORN_WHERE.finditer(text) if "b." in text else ():
        parts = [part.strip() for part in match.group(1).split(",")]
        if all(a_country_or_region(part) or _a_birthplace(part, places) for part in parts):
            found.append(match.span(1))
    return found


def _a_birthplace(place: str, places: frozenset[str]) -> bool:
    words = [word.lower() for word in regex.split(r"[ \t-]+", place)]
    if any(english.zipf(word) >= english.EVERYDAY or word in _STATUSES for word in words):
        return False
    return wordlists.split_key(place) in places or all(_a_rare_noun(word) for word in words)


_LEGAL_FORMS = (
    r"AG|GmbH|KG|Ltd\.?|Limited|Plc|PLC|plc|Inc\.?|LLC|Corp\.?|S\.A\.|SA|SAS|S\.p\.A\.|SpA|S\.r\.l\.|Srl|B\.V\.|BV"
    r"|N\.V\.|NV|Pty|Oy|AB|ASA|A/S|ApS|Sp\. z o\.o\."
)
_EMPLOYER_THEN_WHERE = regex.compile(
    rf"(?<=[\p{{L}}.][ \t](?:{_LEGAL_FORMS})),[ \t]*"
    r"(\p{Lu}[\p{L}\p{M}'\u2019]+(?:[ \t-]\p{Lu}[\p{L}\p{M}'\u2019]+){0,2}"
    r"(?:,[ \t]*\p{Lu}[\p{L}\p{M}'\u2019]+(?:[ \t]\p{Lu}[\p{L}\p{M}'\u2019]+)?)?)"
    r"(?=[ \t]*(?:$|[(;|\u2013\u2014]|[ \t]-))",
    regex.MULTILINE,
)
"""A firm by its legal form ("AG", "Ltd", "Plc", ...), then after a comma the town it is in ending the line or the
field: "Krones AG, Neutraubling", "Dangote Cement Plc, Ikoyi, Lagos", as a CV's or a signature's line of work
writes where someone works."""


def employers_towns(text: str, places: frozenset[str]) -> list[tuple[int, int]]:
    """The spans of the towns after a firm's legal form (`_EMPLOYER_THEN_WHERE`): each part a listed place or of words
    English seldom uses that no other language uses often ("Ikoyi, Lagos"; not "Ltd, Human Resources")."""
    found = []
    for match in _EMPLOYER_THEN_WHERE.finditer(text):
        parts = [part.strip() for part in match.group(1).split(",")]
        if all(wordlists.split_key(part) in places or _rare_words(part) for part in parts):
            found.append(match.span(1))
    return found


def _rare_words(words: str) -> bool:
    """Words English seldom uses, nor another language of the prompts often, none an organisation's."""
    parts = [word.lower() for word in regex.split(r"[ \t-]+", words) if word]
    return not any(word.capitalize() in ORDINARY_CAPITALISED for word in parts) and all(map(_a_rare_word, parts))


def _a_rare_noun(word: str) -> bool:
    """A word English seldom uses, no other language of the prompts often, and no adjective's ending closes."""
    return _a_rare_word(word) and not word.endswith(_ADJECTIVES)


def _a_rare_word(word: str) -> bool:
    """A word English seldom uses and no other language of the prompts often."""
    return english.uncommon(word) and english.zipf_elsewhere(word) < english.UNCOMMON


_ADJECTIVES = ("ory", "al", "ic", "ian", "ive", "ed", "ous", "ary", "ant", "ent", "ing", "ar")
"""How adjectives and participles end in English ("Ambulatory", "Postmenopausal", "Caucasian", "Widowed")."""


_STATUSES = frozenset({"widowed", "divorced", "separated", "deceased", "retired", "unemployed", "nkda", "nka", "unk"})
"""What a form writes after a birth date that is no place: a status, "no known drug allergies", "unknown"."""


_TURKISH_WHERE = regex.compile(
    r"(?<![\p{L}\p{M}'\u2019])(\p{Lu}[\p{Ll}\p{M}]+(?:[ \t]\p{Lu}[\p{Ll}\p{M}]+)?)['\u2019]"
    r"(?:(?:d[ae]n|t[ae]n)[ \t]+(?:geliyor|gelecek|geliyorlar|taş\u0131nd\u0131)"
    r"|(?:d[ae]|t[ae])[ \t]+(?:oturuyor|ya\u015f\u0131yor|kal\u0131yor|oturan|ya\u015fayan|oturuyorlar"
    r"|ya\u015f\u0131yorlar|ikamet))"
    r"(?!\p{L})"
)
"""A place in Turkish, which writes a proper noun's case after an apostrophe: where someone comes from ("Kayseri'den
geliyor", "Almanya'dan geliyor") or lives ("Köln'de oturuyor")."""


_TURKISH_CASE = regex.compile(
    r"(?<![\p{L}\p{M}'\u2019])(\p{Lu}[\p{Ll}\p{M}]+)['\u2019]"
    r"(?:[dt][ae](?:n|ki)?|y?[ae]|l[\u0131iu\u00fc])(?!\p{L})"
)
"""A capitalised word with a Turkish case of place after its apostrophe: in ("İstanbul'da", "Köln'de", "Kaş'taki"),
from ("Bursa'dan"), to ("Ankara'ya") or of ("Rize'li"): a proper noun, and a place where the gazetteer lists it. Not
its genitive nor its accusative, which a team, a show or a public figure takes as often ("Dortmund'un", "Kennedy'nin",
"Liverpool'u")."""


def turkish_places(text: str, places: frozenset[str]) -> list[tuple[int, int]]:
    """The spans of the places `_TURKISH_WHERE` finds, no product's or tool's ("Veriler Excel'den geliyor"): of two
    words, the last alone unless both are a listed place's ("Annem Kayseri'den": "Kayseri"); and of the listed places
    with a Turkish case after their apostrophe, whatever follows (`_TURKISH_CASE`: "İstanbul'da doğdum")."""
    if "'" not in text and "\u2019" not in text:
        return []
    found = []
    for match in _TURKISH_WHERE.finditer(text):
        start, words = match.start(1), match.group(1).split()
        if len(words) == 2 and wordlists.split_key(match.group(1)) not in places:
            start = match.end(1) - len(words[-1])
        if words[-1] not in ORDINARY_CAPITALISED:
            found.append((start, match.end(1)))
    for match in _TURKISH_CASE.finditer(text):
        if wordlists.split_key(match.group(1)) in places and match.group(1) not in ORDINARY_CAPITALISED:
            found.append(match.span(1))
    return found


_PROVINCES = (
    "Alberta, British Columbia, Manitoba, New Brunswick, Newfoundland, Nova Scotia, Ontario, Quebec, Québec,"
    " Saskatchewan, Yukon, Queensland, New South Wales, Victoria, Tasmania, Western Australia, South Australia,"
    " England, Scotland, Wales, Northern Ireland, Punjab, Kerala, Karnataka, Tamil Nadu, Maharashtra, Gujarat, Bihar,"
    " Uttar Pradesh, West Bengal, Rajasthan, Telangana, Andhra Pradesh, Bavaria, Bayern, Catalonia, Catalunya,"
    " Andalusia, Andalucía, Lombardy, Lombardia, Sicily, Sicilia, Tuscany, Toscana, Sabah, Sarawak, Mindanao, Luzon,"
    " Jalisco, Nuevo León, Oaxaca, Puebla, Michoacán, Guanajuato, Chiapas, Veracruz, Yucatán, Sonora, Chihuahua,"
    " Sinaloa, Zacatecas, Coahuila, Tamaulipas, Baja California, Guerrero, Querétaro, Quintana Roo, San Luis Potosí,"
    " Minas Gerais, Bahia, Paraná, Santa Catarina, Rio Grande do Sul, Pernambuco, Ceará, Goiás, Maranhão, Espírito"
    " Santo, Paraíba, Mendoza, Tucumán, Neuquén, Sylhet, Chittagong, Chattogram, Rajshahi, Khulna, Sindh, Khyber"
    " Pakhtunkhwa, Balochistan, Ashanti, Oyo, Ogun, Osun, Ondo, Ekiti, Kwara, Enugu, Anambra, Kaduna, Sichuan,"
    " Guangdong, Fujian, Zhejiang, Jiangsu, Shandong, Henan, Hubei, Hunan, Yunnan, Hebei, Liaoning, Heilongjiang,"
    " Campania, Lazio, Veneto, Piemonte, Puglia, Calabria, Sardegna, Sardinia, Emilia-Romagna, Liguria, Abruzzo,"
    " Galicia, Asturias, Aragón, Extremadura, Navarra, Baden-Württemberg, Hessen, Sachsen, Saxony, Niedersachsen,"
    " Nordrhein-Westfalen, Brandenburg, Bretagne, Normandie, Provence, Alsace, Occitanie, Cebu, Batangas, Pampanga,"
    " Cavite, Bulacan, Iloilo, Pangasinan, Jawa Barat, Jawa Tengah, Jawa Timur, Bali"
)
"""Provinces, states, regions and nations of some countries whose towns prompts write with them ("Toronto, Ontario",
"Cairns, Queensland", "Pune, Maharashtra", "Tepatitlán, Jalisco", "Nanchong, Sichuan"): GeoNames' lists here hold only
countries and the US states. Read only after a place and a comma (`a_country_or_region`), never as places alone."""


@cache
def _regions() -> frozenset[str]:
    """The keys of `countries_and_states` and `_PROVINCES`."""
    return frozenset(wordlists.split_key(name) for name in [*countries_and_states(), *_PROVINCES.split(", ")])


def a_country_or_region(name: str) -> bool:
    """Whether a name is a country's, a US state's or a province's of a few countries ("Nigeria", "California",
    "Ontario", "Queensland"), or an Irish county's ("Co. Clare"): what follows a town and a comma to say where it
    lies."""
    return wordlists.split_key(name) in _regions() or _AN_IRISH_COUNTY.fullmatch(name) is not None


_AN_IRISH_COUNTY = regex.compile(r"(?:Co\.?|County)[ \t]+[A-Z][a-z]+")
"""An Irish county as addresses write it after its town ("Ennistymon, Co. Clare")."""


_AP_STATES = (
    *("Ala.", "Ariz.", "Ark.", "Calif.", "Colo.", "Conn.", "Del.", "Fla.", "Ga.", "Ill.", "Ind.", "Kan.", "Ky.", "La."),
    *("Md.", "Mass.", "Mich.", "Minn.", "Miss.", "Mo.", "Mont.", "Neb.", "Nev.", "N.H.", "N.J.", "N.M.", "N.Y."),
    *("N.C.", "N.D.", "Okla.", "Ore.", "Pa.", "R.I.", "S.C.", "S.D.", "Tenn.", "Vt.", "Va.", "Wash.", "W.Va.", "Wis."),
    "Wyo.",
)
"""The US states as newspapers, obituaries and old records shorten them after a town ("Boston, Mass.", "Passaic,
N.J.")."""
_WORDLIKE_CODES = frozenset({"OK", "OR", "IN", "ME", "HI", "OH"})
"""States' codes that are English words too ("Leeds, OK?"): a state's only where a ZIP, a line's or a cell's end or a
mark closing the place follows."""
_AFTER_A_CODE = regex.compile(r"[ \t]+\p{Ll}")
"""A word in lower case after a state's code ("Moorhead, MN and I'm"), as a sentence goes on: not a name's next word in
capitals ("FROM YANGON, AB BARIŠIĆ")."""
_STATE_AFTER_A_TOWN = regex.compile(
    rf",[ \t]((?:{'|'.join(sorted(STATE_CODES))})(?![\w.])|(?:{'|'.join(regex.escape(s) for s in _AP_STATES)})(?!\w))"
)
_CLOSED = regex.compile(r"[ \t]*(?:\d{5}|$|[,;)\t|])", regex.MULTILINE)


def states_after_towns(text: str, towns: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of towns found (`towns`) with the US state, Canadian province or Australian state after them, by its
    code or as newspapers shorten it ("Moorhead, MN", "Boston, Mass.", "Pittsburgh, Pa."): one place, the state no
    longer left beside its masked town."""
    spans = []
    for start, end in towns:
        state = _STATE_AFTER_A_TOWN.match(text, end)
        if state is None:
            continue
        closed = _CLOSED.match(text, state.end()) is not None
        if not closed and (state.group(1) in _WORDLIKE_CODES or not _AFTER_A_CODE.match(text, state.end())):
            continue  # "in Leeds, OK?", "FROM YANGON, AB BARIŠIĆ"
        spans.append((start, state.end()))
    return spans
