"""Street addresses as each country writes them, masked as a whole with the postcode and town after them.

Where the number stands and what marks a street differ by country, so each pattern is one family of
forms (Hangul addresses: `pii._korean_addresses`):

- number first, a street-type word last: "221B Baker Street", "5/22 Smith St", "350 5th Avenue NW";
- number first, a street-type word first: "12 rue de la Paix", "45 Calle Luna", "12 Đường Lê Lợi";
- a street-type word first, number last: "Calle Mayor, 12, 3º B", "Rua Augusta, 1500", "Via Roma 10",
  "ul. Długa 5/7", "Strada Lipscani 5", "Jl. Sudirman No. 5";
- a street-type suffix, number last: "Friedrichstraße 43", "Keizersgracht 123", "Storgatan 14",
  "Mannerheimintie 5", "Andrássy út 60", "Atatürk Caddesi No: 45", "Moda Mah. 1234. Sok. No:4";
- Japanese blocks: "1-2-3 Jingumae, Shibuya-ku"; labelled units up to an Indian PIN code: "Flat 302,
  Sai Krupa Apartments, 14th Cross, Indiranagar, Bengaluru - 560038"; post office boxes;
- and any form at all after an address label ("Address: ...", "Domicilio: ...") or a dwelling's unit ("House 23,
  Road 7, Dhanmondi, Dhaka 1205"): `pii._labelled_addresses`.

After any of them, on the same line or the next, the locality goes with the address when a postcode
or a state marks it as one: "10117 Berlin", "1017 DD Amsterdam", "00-590 Warszawa", "114 55
Stockholm", "Springfield, IL 62704", "Parramatta NSW 2150", "Ottawa, ON K1A 0B1", "Leeds LS1 4AP",
"Ballina, Co. Mayo, F26 X2Y3", "Pune 411045", "São Paulo - SP, 01310-100", "Tokyo 150-0002", with
districts between ("Col. Del Valle, 03100 Ciudad de México"). A town alone after a comma is not
taken (", Thanks"). Street names are capitalised words (any script with capitals) joined by the
particles of street names (de, del, van, der, ...); words are matched case-sensitively, so "sent 5
via Slack" or "3 blocks down the street" are not streets; lower-case forms ("via garibaldi 18") only
with a five-digit or Dutch postcode and a town after them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

import regex

from ._address_words import (
    EIRCODE,
    EN_TYPES,
    JAPANESE_AREA,
    KEYED_EIRCODE,
    LEADING_DIRECTION,
    LETTERED_EIRCODE,
    LOWER_STREET_TYPE,
    NUMBER_FIRST_TYPES,
    STREET_SUFFIXES,
    STREET_WORDS,
    TRAILING_DIRECTION,
    TURKISH_BUILDING,
    TURKISH_STREET,
    UK_POSTCODE,
    UNITS,
    US_STATES,
    WEAK_EN_TYPES,
    unit_before,
)
from ._labelled_addresses import labelled_addresses, unit_led_addresses
from ._lower_addresses import lower_case_addresses
from ._places import gazetteer
from ._presidio import import_presidio, rule_result
from .wordlists import split_key

import_presidio()
from presidio_analyzer import EntityRecognizer, RecognizerResult  # noqa: E402

_WORD = r"\p{Lu}[\p{L}\p{M}'’]*(?:-\p{L}[\p{L}\p{M}'’]*){0,3}"
"""A capitalised word, hyphenated parts included ("Adeola-Odeku", "Saint-Germain")."""
_LINK = (
    r"(?:de|del|della|delle|dei|degli|di|da|das|do|dos|du|des|la|le|les|los|las|van|von|der|den|het|ter|ten"
    r"|y|e|el|al|of|the|am|an|im|zum|zur|sur|sous|lès|upon|on|en|na|Uí|Ní|Mhic)"  # "na", "Uí": Irish
)
_ELIDED = r"(?:[lLdD]['’])"
_TITLED = r"(?:Dr|Dra|Prof|Profa|Eng|Gen|Pres|Cel|Pe|Sr|Sra|Sto|Sta|Mgr|Ks|Gral|Lic|Ing|Cap)\."
"""A title inside a street's name, abbreviated ("Rua Dr. Francisco Sá Carneiro", "ul. Ks. Piotra Skargi")."""
_NAME = (
    rf"(?:{_LINK}[ \t]+|{_ELIDED}){{0,3}}(?:{_WORD}|{_TITLED}|\d{{1,3}}(?:st|nd|rd|th))"
    rf"(?:[ \t]+(?:{_LINK}[ \t]+|{_ELIDED}){{0,3}}(?:{_WORD}|{_TITLED})){{0,4}}"
)
"""A street's name: up to five capitalised words, particles between them, or an ordinal ("5th")."""
_HOUSE = (
    r"(?:\d{1,5}[A-Za-z]?(?:[ \t]?(?:bis|ter))?(?:[ \t]?[-/][ \t]?\d{1,5}[A-Za-z]?){0,2}"
    r"(?:-(?:[A-Za-z]|I{2,3}|IV|hs)(?!\w))?|s/n)"
    r"(?!\d|[.,]\d)"
)
"""A house number: "12", "221B", "12 bis", "10/12", "12-14", "9/2/14", "188-III" and "12-hs" (a Dutch floor), "s/n"
(sin número); not a version ("6.1")."""
_NUMBER_LABEL = r"(?:(?:No|Nr|Nº|N°|nº|n°|no|nr|Núm|núm|Num|num)\.?[ \t]*:?[ \t]*|#[ \t]*)"
_NAME_FIRST_TYPES = (
    r"(?:Calle|calle|C/|Avenida|avenida|Avda\.|Av\.|av\.|Paseo|paseo|Plaza|plaza|Camino|camino|Carrera|Cra\."
    r"|Carretera|Ctra\.|Ronda|Travesía|Rua|rua|Travessa|Praça|Largo|Estrada|Alameda|Rodovia|Via|Viale|viale"
    r"|Piazza|piazza|Corso|corso|Vicolo|Lungomare|Strada|Str\.|Bulevardul|Calea|Aleea|Șoseaua|Soseaua|ul\."
    r"|Ul\.|ulica|Ulica|(?<!et[ \t.])al\.|Al\.|aleja|Aleja|os\.|Jalan|Jl\.|Jln\.|rue|Rue|Ulitsa|ulitsa|Prospekt"
    r"|prospekt|vul\.|Vul\.|vulytsia|prov\.|Rehov|Rechov|Derech|Sderot"
    r"|Chaussée|chaussée|Drève|drève|Steenweg"  # Brussels writes the number last ("Avenue" and "Boulevard": shows)
    r"|Avinguda|Carrer|carrer|Passeig|Rambla|Travessera)"  # Catalan
)
_TOWN_WORD = r"(?:(?:St|Ste|Mt|Ft|Pt)\.|'s-\p{Lu}[\p{L}\p{M}]*|\p{Lu}[\p{L}\p{M}'’]*)"
_TOWN = rf"{_TOWN_WORD}(?:(?:[ \t]|-)(?:{_LINK}(?:[ \t]|-)){{0,2}}{_TOWN_WORD}){{0,2}}(?:/\p{{Lu}}[\p{{L}}\p{{M}}]*)?"
_NOT_A_HOUSE = r"(?:Thanks|Thank|Regards|Kind|Best|Warm|Dear|Hi|Hello|From|To|Cc|Mr|Mrs|Ms|Mx|Miss|Dr|Prof|Rev|Sir)"
"""What opens a line before a person's name, not a house's ("Thanks, Mererid Hughes, ...", "From: Mrs ...")."""
_POSTCODE_FIRST = (
    # postcode before the town: DE FR ES IT TR MX FI; NL; PL; PT; SE CZ SK GR; AT CH BE DK NO HU; RO RU CN
    rf"(?:(?:[A-Z]{{1,2}}-)?\d{{5}}(?:[ \t]+|[ \t]*\n[ \t]*(?=\p{{Lu}}\p{{Ll}}))(?!Tel\b|Phone\b|Fax\b){_TOWN}"
    rf"|(?:C\.[ \t]?P\.|CP)[ \t]*\d{{5}},?[ \t]+{_TOWN}"  # MX: "C.P. 44160, Guadalajara"
    rf"|\d{{4}}[ \t]?(?!MB|GB|KB|TB|PB|KW|MW|HP|AM|PM)[A-Z]{{2}}[ \t]+{_TOWN}"
    rf"|\d{{2}}-\d{{3}}[ \t]+{_TOWN}"
    rf"|\d{{4}}-\d{{3}}[ \t]+{_TOWN}"
    rf"|\d{{3}}[ \t]\d{{2}}[ \t]+{_TOWN}"
    rf"|\d{{4}}[ \t]+{_TOWN}"
    rf"|(?:LV|LT|EE|CY|MT)-\d{{4}}[ \t]+{_TOWN}"
    rf"|\d{{6}}[ \t]+{_TOWN}"
    rf"|[A-Z]\d{{4}}(?:[A-Z]{{3}})?[ \t]+{_TOWN})"  # AR
)
_SHAPED_POSTCODE_FIRST = (
    rf"(?:\d{{5}}[ \t]+{_TOWN}|\d{{4}}[ \t]?(?!MB|GB|KB|TB|PB|KW|MW|HP|AM|PM)[A-Z]{{2}}[ \t]+{_TOWN}"
    rf"|\d{{2}}-\d{{3}}[ \t]+{_TOWN}|\d{{4}}-\d{{3}}[ \t]+{_TOWN}|\d{{3}}[ \t]\d{{2}}[ \t]+{_TOWN})"
)
"""Postcodes before a town that no year or count looks like ("2023 Update" does): five digits, or the Dutch,
Polish, Portuguese and Swedish/Czech shapes."""
_POSTCODE_TOWN = (
    rf"(?:{_POSTCODE_FIRST}"
    # the town before a state or a postcode: US, AU, CA, UK, IE, BR, IN, JP and others
    rf"|{_TOWN}(?:,[ \t]*|[ \t]+)(?:[A-Z]{{2}}[ \t]+\d{{5}}(?:-\d{{4}})?|(?:NSW|VIC|Vic|QLD|Qld|WA|SA|TAS|Tas|ACT|NT)"
    r"[ \t]+\d{4}|(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)[ \t]+[A-Z]\d[A-Z][ \t]?\d[A-Z]\d)(?!\w)"
    # "Moncton, New Brunswick, E1C 7K2"
    rf"|{_TOWN},[ \t]*{_TOWN},?[ \t]+[A-Z]\d[A-Z][ \t]?\d[A-Z]\d(?!\w)"
    # "Montréal (Québec) H2X 3J8"
    rf"|{_TOWN}[ \t]*\(\p{{Lu}}[\p{{L}}\p{{M}}-]*\),?[ \t]+[A-Z]\d[A-Z][ \t]?\d[A-Z]\d(?!\w)"
    rf"|{_TOWN}(?:,?[ \t]+|[ \t]*\n[ \t]*){UK_POSTCODE}(?!\w)"
    rf"|{_TOWN}(?:,[ \t]*Co\.?[ \t]+\p{{Lu}}\p{{Ll}}+)?,?[ \t]+[AC-FHKNPRTV-Y]\d{{2}}[ \t]?[AC-FHKNPRTV-Y\d]{{4}}(?!\w)"
    rf"|{_TOWN},[ \t]*Co\.?[ \t]+\p{{Lu}}\p{{Ll}}+"
    rf"|{_TOWN}(?:[ \t]*[-–/,][ \t]*[A-Z]{{2}})?,?[ \t]+\d{{5}}-\d{{3}}(?!\d)"
    rf"|{_TOWN}[ \t]*[-–]?[ \t]*\d{{3}}[ \t]?\d{{3}}(?!\d)"
    rf"|{_TOWN},?[ \t]+\d{{3}}-\d{{4}}(?!\d)"
    rf"|{_TOWN}[ \t]+\d{{4,5}}(?!\d)"  # PH KE
    rf"|{_TOWN},[ \t]*\d{{4}}(?!\d)"  # ZA
    rf"|{_TOWN}[ \t]+\d{{7}}(?!\d)"  # IL
    rf"|{_TOWN},?[ \t]+(?:LV|LT|EE|CY|MT)-\d{{4,5}}(?!\d)"  # "Rīga LV-1011"
    rf"|{_TOWN},[ \t]*\p{{Lu}}\p{{Ll}}+[ \t]+State(?!\w)"  # NG
    rf"|{_TOWN},?[ \t]+[A-Z]{{2,4}}[ \t]+\d{{4,6}}(?!\d))"
)
_DISTRICT_WORD = r"(?:Col|Brgy|Bgy|Bo|Urb|Fracc|Sitio|Purok)"
"""A district's word before its name, often abbreviated: Mexico's colonia, the Philippines' barangay."""
_DISTRICT = (
    rf"(?:(?:{_DISTRICT_WORD}\.|Colonia|Barangay|Brgy|Bairro|Quận|District|off|near|opp\.?)[ \t]*)?{_TOWN}"
    r"(?:[ \t]+\d{1,2}(?:st|nd|rd|th)[ \t]+\p{Lu}\p{Ll}+)?"
)
"""A district or landmark between a street and its town: "Col. Del Valle", "off Ring Road", "Vijayanagar
2nd Stage"."""
_SEPARATOR = r"(?:,[ \t]*|[ \t]*\n[ \t]*|[ \t]+[-–][ \t]+)"
_REGION = (
    r"(?:,[ \t]*(?!(?:Thanks|Thank|Regards|Cheers|Best|Please|Kind|Sincerely|Yours)\b)"
    rf"\p{{Lu}}[\p{{L}}\p{{M}}]*(?:[ \t](?:{_LINK}[ \t])?\p{{Lu}}[\p{{L}}\p{{M}}]*){{0,3}}\.?"
    r"(?=[ \t]*(?:[;)|\n]|$|,[ \t]*\p{Ll})|\.[ \t]|\.$)|[ \t]*\([A-Z]{2}\))?"
)
"""A province or state closing the address at the end of its line or sentence (", West Bengal", ", Oax."), or an
Italian province's code in brackets ("50063 Figline Valdarno (FI)")."""
_NOT_CLOSING = (
    r"(?:Thanks|Thank|Regards|Cheers|Best|Please|Kind|Sincerely|Yours|Monday|Tuesday|Wednesday|Thursday|Friday"
    r"|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)"
)
_CLOSING_PLACES = (
    rf"(?:,[ \t]*(?!{_NOT_CLOSING}\b)(?:{_DISTRICT_WORD}\.?[ \t]+|(?!{_DISTRICT_WORD}\.))"
    rf"\p{{Lu}}[\p{{L}}\p{{M}}'’-]*(?:[ \t](?:{_LINK}[ \t])?\p{{Lu}}[\p{{L}}\p{{M}}'’-]*){{0,3}}){{1,3}}"
    r"(?=[ \t]*(?:[.;)|\n\u2013\u2014\u2192]|$|,[ \t]*[\p{Ll}\d]|-[ \t]))"
)
"""Districts, town and province after a street with no postcode, closing its line, its sentence or its part of a log's
line: ", Talkha, Dakahlia, regarding ...", ", Adum, Kumasi.", ", Barrio Palermo, Manizales, Caldas\\n", ", Wilston -
hot water system", ", Douglas → D/O: ...", a district's abbreviated word too (", Brgy. Pinyahan, Quezon City, 7pm")."""
_PLACES_BEFORE_A_FIELD = (
    rf"(?:,[ \t]*(?!{_NOT_CLOSING}\b)"
    rf"\p{{Lu}}[\p{{L}}\p{{M}}'’-]*(?:[ \t](?:{_LINK}[ \t])?\p{{Lu}}[\p{{L}}\p{{M}}'’-]*){{0,3}}){{1,2}}"
    r"(?=[ \t]*(?:[|\u2013\u2014\u2192]|-[ \t]))"
)
"""The places after a street ending with a weak word, before a log's next field (" → D/O:", " | ", " - "): "8 Ashgrove
Park, Douglas → D/O: ..."; a line or a sentence closing after them is no such cue ("Week 5 Random Walk,
Martingales")."""
_LOCALITY = (
    rf"(?:(?:{_SEPARATOR}|[ \t]+)(?:{_DISTRICT}{_SEPARATOR}){{0,3}}{_POSTCODE_TOWN}{_REGION}|{_CLOSING_PLACES})?"
)
"""What follows a street: districts, then the postcode and town (or town and state), one line down at most;
or, with no postcode, the places closing its line or sentence."""

_START = r"(?<![\w/.,-])"
_UNIT_FIRST = (
    r"(?:(?:Flat|Unit|Apt|Apartment|Suite|Shop|Level|Plot|House|Block|Blk|Lot|No\.?|#)[ \t]*(?:[\w-]{1,6},?[ \t]+)?)?"
    r"(?:(?:\d{1,2}|G|LG|UG)/F,?[ \t]+)?"  # Hong Kong's floor: "Flat B, 5/F, 33 ..."
    rf"(?:{_NAME}[ \t]+(?:Court|House|Building|Mansions|Towers?|Residences?|Apartments|Lodge|Complex|Centre|Center)"
    r",[ \t]+)?"
)
"""A unit or plot, a floor, and the building, written before the house number: "Flat 3, 27 ...", "Unit 5/22 ...",
"No. 1187, ...", "Flat B, 5/F, 33 ...", "Unit 5, Bosveld Court, 23 Jan Smuts Avenue"."""


@dataclass(frozen=True, slots=True)
class _Form:
    """One family of address forms: `street` matched only in texts where `gate` (a cue every such address
    holds, cheap to look for) is found; with `then_locality`, the districts, postcode and town after it."""

    name: str
    gate: str
    street: str
    then_locality: bool = True


_FORMS = (
    _Form(
        "number, name, street type",
        rf"[ \t]{EN_TYPES}",
        rf"{_START}{_UNIT_FIRST}{_HOUSE},?[ \t]+{LEADING_DIRECTION}(?:{_NAME}|\d{{1,3}})[ \t]+{EN_TYPES}\.?(?![\w-])"
        rf"{TRAILING_DIRECTION}{UNITS}",
    ),
    _Form(
        "number, name, street type that needs its town",
        rf"[ \t]{WEAK_EN_TYPES}",
        rf"{_START}{_UNIT_FIRST}{_HOUSE},?[ \t]+{LEADING_DIRECTION}{_NAME}[ \t]+{WEAK_EN_TYPES}(?![\w-]){UNITS}"
        rf"(?:(?:{_SEPARATOR}|[ \t]+)(?:{_DISTRICT}{_SEPARATOR}){{0,3}}{_POSTCODE_TOWN}{_REGION}"
        rf"|{_PLACES_BEFORE_A_FIELD})",
        then_locality=False,
    ),
    _Form(
        "name, number, then postcode and town",
        r"[,\n][ \t]*\d\d",
        rf"(?<![\w-])(?:{LOWER_STREET_TYPE}[ \t]+)?(?:{_LINK}[ \t]+)?{_NAME}[ \t]+{_NUMBER_LABEL}?{_HOUSE}{UNITS}"
        r"(?:,[ \t]*|[ \t]*\n[ \t]*)"
        rf"{_SHAPED_POSTCODE_FIRST}{_REGION}",
        then_locality=False,
    ),
    _Form(
        "lower-case street, number, postcode and town",
        r"\d{4}",
        r"(?<![\w])(?:(?:via|viale|piazza|corso|calle|avenida|rua|rue|ul\.|ulica|vul\.)[ \t]+\p{Ll}[\p{Ll}\p{M}'’]*"
        r"(?:[ \t]+\p{Ll}[\p{Ll}\p{M}'’]*){0,3}"
        rf"|\p{{Ll}}+{STREET_SUFFIXES}|\p{{Ll}}+[ \t]+g\.)"
        rf",?[ \t]+{_HOUSE},?[ \t]+(?:\d{{5}}|\d{{4}}[ \t]?[A-Z]{{2}})[ \t]+\p{{Ll}}[\p{{Ll}}\p{{M}}]{{2,}}"
        r"(?![\w])",
        then_locality=False,
    ),
    _Form(
        "lower-case English street, town and British postcode",
        r"\d[a-z]{2}(?![a-z])",
        rf"(?<![\w])\d{{1,5}}[a-z]?,?[ \t]+\p{{Ll}}+(?:[ \t]+\p{{Ll}}+){{0,2}}[ \t]+"
        rf"(?i:{EN_TYPES}|{WEAK_EN_TYPES})\.?"
        r",?[ \t]+\p{Ll}+(?:[ \t]+\p{Ll}+){0,2},?[ \t]+[a-z]{1,2}\d[a-z\d]?[ \t]?\d[a-z]{2}(?![\w])",
        then_locality=False,
    ),
    _Form(
        # a farm's, a croft's or a house's name and no street type (4 Badcall, Kinlochbervie, Lairg IV27 4RH; Bryn
        # Awel, Llanystumdwy, LL52 0SS)
        "house number or house name, places, then a British postcode or an Eircode closing them",
        rf"{UK_POSTCODE}|{EIRCODE}",
        rf"(?:{_START}{_HOUSE}[ \t]+|(?<=(?:^|[:;(\n])[ \t]{{0,3}})(?!{_NOT_A_HOUSE}(?!\p{{L}}))){_NAME}"
        rf"(?:,[ \t]*(?:Co\.[ \t]+)?{_TOWN}){{1,3}},?[ \t]+(?:{UK_POSTCODE}(?!\w)|{KEYED_EIRCODE})",  # a house's name
        then_locality=False,  # where a line or a field begins
    ),
    _Form(
        "an Eircode alone: the code of one dwelling",
        EIRCODE,
        rf"(?<![\w]){LETTERED_EIRCODE}",
        then_locality=False,
    ),
    _Form(
        "number first, then a name with its street's suffix, in capitals too (12 Rustenburgweg, 12 RUSTENBURGWEG)",
        rf"\d[A-Za-z]?[ \t]+[^\W\d_][\w-]{{1,30}}?(?i:{STREET_SUFFIXES})(?!\w)",  # the standard library's: no \p
        rf"{_START}\d{{1,4}}[A-Za-z]?[ \t]+\p{{Lu}}[\p{{L}}\p{{M}}-]{{1,30}}?(?i:{STREET_SUFFIXES})"
        r"(?<!(?i:brigade|ckade))(?![\p{L}\p{M}])"  # not a brigade nor a blockade ("77 Brigade")
        rf"{UNITS}",
    ),
    _Form(
        "lower-case English street, town, state and ZIP code",
        r"\d{5}(?!\d)",
        r"(?<![\w])\d{1,5}[a-z]?,?[ \t]+(?:(?:north|south|east|west|n|s|e|w)[ \t]+)?(?:\p{Ll}+|\d{1,3}(?:st|nd|rd|th))"
        rf"(?:[ \t]+\p{{Ll}}+){{0,2}}[ \t]+(?i:{EN_TYPES}|{WEAK_EN_TYPES})\.?"
        r"(?:,?[ \t]+(?:apartment|apt|unit|suite|ste|#)\.?[ \t]*[\w-]{1,5})?"
        rf",?[ \t]+\p{{Ll}}+(?:[ \t]+\p{{Ll}}+){{0,2}},?[ \t]+(?i:{US_STATES}),?[ \t]+\d{{5}}(?:-\d{{4}})?(?!\d)",
        then_locality=False,
    ),
    _Form(
        "number, street type, name",
        rf"[ \t]{NUMBER_FIRST_TYPES}[ \t]",
        rf"{_START}{_HOUSE},?[ \t]+{NUMBER_FIRST_TYPES}[ \t]+{_NAME}{UNITS}",
    ),
    _Form(
        "street type, name, number",
        _NAME_FIRST_TYPES,
        rf"(?<![\w])(?:{_NAME_FIRST_TYPES})[ \t]*{_NAME},?[ \t]+{_NUMBER_LABEL}?{_HOUSE}{UNITS}",
    ),
    _Form(
        "name with a street suffix, number",
        rf"(?:{STREET_SUFFIXES}|{STREET_WORDS}),?[ \t]+{_NUMBER_LABEL}?(?:\d|s/n)",
        rf"(?<![\w-])(?:\p{{Lu}}[\p{{L}}\p{{M}}-]{{0,30}}?(?:{STREET_SUFFIXES}|-{STREET_WORDS})"  # "Karl-Heine-Str. 58"
        rf"|{_NAME}[ \t]+{STREET_WORDS}),?[ \t]+{_NUMBER_LABEL}?{_HOUSE}{UNITS}",
    ),
    _Form(
        "neighbourhood and numbered street (tr)",
        r"Mahallesi|Mah\.",
        rf"(?<![\w]){_NAME}[ \t]+(?:Mahallesi|Mah\.),?[ \t]+(?:\d{{1,5}}\.?[ \t]*|{_NAME}[ \t]+){TURKISH_STREET}"
        rf",?[ \t]*(?:{_NAME}[ \t]+{TURKISH_BUILDING}(?:[ \t]+[A-Z][ \t]+Blok)?,?[ \t]+)?"  # "Yeldeğirmeni Apt."
        rf"(?:{_NUMBER_LABEL}?{_HOUSE}|D\.?[ \t]*:[ \t]*\d{{1,4}}(?!\d))"  # "No: 12", or the flat alone: "D: 14"
        rf"(?:[ \t]+Kat[ \t]*:?[ \t]*\d{{1,2}}(?!\d))?{UNITS}",
    ),
    _Form(
        "Japanese area, chōme and block, then the city, prefecture and postcode",
        r"-ch[oō]me",
        rf"(?<![\w]){_NAME}[ \t]+\d{{1,2}}-ch[oō]me,?[ \t]+\d{{1,4}}(?:-\d{{1,4}}){{0,2}}(?![\d-])"
        rf"(?:,[ \t]*{JAPANESE_AREA})*(?:,[ \t]*{_TOWN})?(?:[ \t]+\d{{3}}-\d{{4}}(?!\d))?",
        then_locality=False,
    ),
    _Form(
        "Japanese block number, area and towns, then the postcode (3-14-2 Kichijoji Honcho, Musashino, Tokyo 180-0004)",
        r"[ \t]\d{3}-\d{4}(?!\d)",
        rf"{_START}\d{{1,2}}-\d{{1,3}}-\d{{1,3}}[ \t]+{_NAME}(?:,[ \t]*{_TOWN}){{1,3}}[ \t]+\d{{3}}-\d{{4}}(?!\d)",
        then_locality=False,
    ),
    _Form(
        "Japanese, prefecture first, as a delivery slip romanizes it (Tokyo-to Setagaya-ku Taishido 3-21-7)",
        r"[a-z]-(?:ku|shi|cho|machi|gun|mura)[ \t]",
        rf"(?<![\w])(?:(?:\p{{Lu}}\p{{Ll}}+-(?:to|fu|ken)|Hokkaido)[ \t]+(?:{JAPANESE_AREA}[ \t]+){{1,3}}"
        rf"|(?:{JAPANESE_AREA}[ \t]+){{2,3}})"  # a prefecture or two areas: not "Our Shinjuku-ku Office 2023-2024"
        r"(?:(?:\p{Lu}\p{Ll}+|\d{1,2}-(?:jo|jō|ch[oō]me))[ \t]+){0,4}\d{1,2}-\d{1,3}(?:-\d{1,3})?(?![\d-])"
        r"(?:,?[ \t]+\p{Lu}[\p{L}-]*(?:[ \t]+\p{Lu}[\p{L}-]*){0,2}[ \t]+\d{1,4}-(?:goshitsu|gōshitsu|go|gō)(?![\w-]))?",
        then_locality=False,
    ),
    _Form(
        "Japanese block number and area",
        r"\d-\d{1,3}(?:-\d{1,3})?[ \t]",
        rf"{_START}\d{{1,2}}-\d{{1,3}}(?:-\d{{1,3}})?[ \t]+{_NAME}(?:,[ \t]*{JAPANESE_AREA})+",
    ),
    _Form(
        "labelled unit or house number, up to a town and its postcode (IN, PK, PH, TH)",
        r"\d{5}|\d{3}[ \t]\d{3}",
        r"(?:(?<![\w])(?:Flat|House|Plot|Door|Shop|Block|Blk|Lot|H\.?[ \t]?No)\.?[ \t]*(?:No\.?[ \t]*)?"
        r"(?=[\w/-]{0,9}\d)[\w/-]{1,10}"
        rf"|{_START}\d{{1,5}}/\d{{1,5}}[A-Z]?)"
        r"(?:[ \t][^,\n]{1,40})?(?:,[ \t]*[^,\n]{2,40}){0,5}"
        rf",[ \t]*{_TOWN}[ \t]*[-–]?[ \t]*(?:\d{{5,6}}|\d{{3}}[ \t]\d{{3}})(?!\d){_REGION}",
        then_locality=False,
    ),
    _Form(
        "Colombian grid address",
        r"\d[A-Z]?[ \t]?-[ \t]?\d",
        r"(?<![\w])(?:Carrera|Cra\.?|Kra\.?|Calle|Cl\.?|Avenida|Av\.?|Transversal|Tv\.?|Diagonal|Dg\.?)[ \t]+"
        r"\d{1,3}[A-Z]?(?:[ \t]?(?:Bis|Sur|Este))?[ \t]*(?:#|No\.?|N°)[ \t]*\d{1,3}[A-Z]?[ \t]?-[ \t]?\d{1,3}"
        r"(?!\d)",
    ),
    _Form(
        "house number, then a street with no number (GH, KE, NG)",
        r"House|Plot|Flat",
        rf"(?<![\w])(?:House|Plot|Flat)[ \t]*(?:No\.?[ \t]*)?[\w/-]{{1,6}},[ \t]+{_NAME}[ \t]+{EN_TYPES}\.?(?![\w-])",
    ),
    _Form(
        "Taiwanese: number, lane, section, road, district, city",
        r"No\.",
        r"(?<![\w])No\.[ \t]*\d{1,5}(?:-\d{1,3})?,[ \t]*(?:(?:Aly|Ln|Lane|Sec)\.?[ \t]*\d{1,4},[ \t]*)*"
        rf"{_NAME}[ \t]+(?:Rd|Road|St|Street|Blvd|Ave)\.?(?:,[ \t]*{_TOWN}[ \t]+(?:Dist|District|Township)\.?)?"
        rf"(?:,[ \t]*{_TOWN}(?:[ \t]+(?:City|County))?(?:[ \t]+\d{{3,6}})?)?",
        then_locality=False,
    ),
    _Form(
        "Vietnamese: number, street, ward, district, city",
        r"Phường|Xã|Quận",
        rf"{_START}\d{{1,5}}(?:/\d{{1,4}})?[ \t]+{_NAME},[ \t]*(?:Phường|Xã|Quận)[ \t]*"
        rf"(?:{_NAME}|\d{{1,2}})"
        rf"(?:,[ \t]*(?:(?:Quận|Huyện|TP\.|Thành phố|Tỉnh)[ \t]*)?(?:{_NAME}|\d{{1,2}})){{0,3}}",
        then_locality=False,
    ),
    _Form(
        "Indonesian: street, kilometre, number, RT/RW, districts, postcode",
        r"Jl\.|Jln\.|Jalan",
        r"(?<![\w])(?:Jl\.|Jln\.|Jalan)[ \t]+"
        rf"{_NAME}(?:[ \t]+Km[ \t]*\d{{1,3}}(?:[.,]\d)?)?,?[ \t]+(?:No\.?[ \t]*)?{_HOUSE}"
        r"(?:,[ \t]*RT[ \t.]*\d{1,3}[ \t]*/[ \t]*RW[ \t.]*\d{1,3})?"
        rf"(?:,[ \t]*{_TOWN}){{0,4}}(?:[ \t]+\d{{5}}(?!\d))?",
        then_locality=False,
    ),
    _Form(
        "Singapore block, street and unit (Blk 268C Punggol Field, #12-41)",
        r"Bl(?:oc)?k",
        rf"(?<![\w])(?:Blk|Block)[ \t]+\d{{1,4}}[A-Z]?[ \t]+{_NAME}(?:[ \t]+\d{{1,2}})?,?[ \t]*#\d{{1,2}}-\d{{1,4}}"
        r"(?![\d-])",
    ),
    _Form(
        "Philippine block and lot, phase, purok, barangay (Blk 7 Lot 22, Phase 1, Purok 4; Purok 5, Brgy. San Isidro)",
        r"Lot|Purok|Sitio|Brgy",
        r"(?<![\w])(?:(?:Blk|Block)[ \t]*\d{1,4}[A-Z]?[ \t]+Lot[ \t]*\d{1,4}(?:,[ \t]*Phase[ \t]*\d{1,2}[A-Z]?)?"
        r"(?:,[ \t]*(?:Purok|Sitio)[ \t]*\d{1,3})?"
        rf"|(?:Purok|Sitio)[ \t]*\d{{1,3}})(?:,[ \t]*(?:Brgy\.?|Barangay)[ \t]+{_NAME})?",
    ),
    _Form(
        "post office box, with East Africa's postcode after a dash (P.O. Box 45-00100 Nairobi)",
        r"Box",
        rf"(?<![\w])P\.?[ \t]?O\.?[ \t]+Box[ \t]+\d{{1,6}}(?:[ \t]*-[ \t]*\d{{5}},?(?:[ \t]+{_TOWN})?)?(?!\d)",
    ),
    _Form(
        "Korean road name (romanized), then its city, province and postcode",
        r"-(?:ro|gil|daero)",
        r"\b(?:(?:\d{1,2}F|B\d)[ \t]+)?"  # the floor first: "2F 18 Yeonhui-ro 11-gil"
        r"(?:\d{1,4}(?:-\d{1,4})?,?\s+[A-Z][a-z]+(?:-[a-z]+)?-(?:ro|gil|daero)(?:\s?\d{1,3}(?:beon)?-?gil)?"
        r"|[A-Z][a-z]+(?:-[a-z]+)?-(?:ro|gil|daero)(?:\s?\d{1,3}(?:beon)?-?gil)?\s+\d{1,4}(?:-\d{1,4})?)\b"
        r"(?:,[ \t]*[A-Z][a-z]+(?:-[a-z]+)?-(?:gu|si|gun|dong|eup|myeon|do))*"
        r"(?:,[ \t]*[A-Z][a-z]+(?:-si)?[ \t]+\d{5}(?!\d)|[ \t]+\d{5}(?!\d))?",  # "..., Seo-gu, Daejeon 35240"
        then_locality=False,
    ),
)
"""Every form, as one street pattern each: cheap gates pick the few worth running on a text."""

_FLAGS = regex.DOTALL | regex.MULTILINE  # case matters: "Via Roma 10", not "via Slack"
_GATES = tuple(re.compile(form.gate) for form in _FORMS)
"""The gates, in `re`: several times faster than `regex` at finding a literal, and written without `\\w`, whose
letters the two modules count differently (a gate must find its cue wherever the street pattern would)."""


@cache
def _compiled(pattern: str) -> regex.Pattern[str]:
    """A street or the locality pattern, compiled at its first use: the forms a text never needs cost a
    process nothing (all compiled, they took most of a second at cold start)."""
    return regex.compile(pattern, _FLAGS)


def _listed_place(word: str) -> bool:
    """Whether the gazetteer's recognizers' part holds `word` as a place ("Leeds", "Dubai")."""
    return split_key(word.strip(".,")) in gazetteer("recognizers")


class StreetAddressRecognizer(EntityRecognizer):
    """Street addresses in the forms of many countries, with their locality (the module's docstring).

    Each form's street pattern runs only where its gate finds a cue; the locality after a street is matched
    from where the street ends, by one pattern all forms share, rather than spelled out in every form's.
    """

    CONTEXT: ClassVar[list[str]] = [
        "address",
        "street",
        "live",
        "lives",
        "living",
        "ship",
        "deliver",
        "mail",
        "located",
    ]
    """Words near an address that raise its score where a region sets its threshold above the forms' 0.6."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            supported_entities=["STREET_ADDRESS"], name="StreetAddressRecognizer", context=self.CONTEXT, **kwargs
        )

    def load(self) -> None:
        pass

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        if not any(ch.isdigit() for ch in text):
            return []  # every form holds a number
        results = [
            rule_result(self, "STREET_ADDRESS", start, end, 0.6)
            for form, gate in zip(_FORMS, _GATES, strict=True)
            if gate.search(text) is not None
            for start, end in _addresses(text, form)
        ]
        results += [
            rule_result(self, "STREET_ADDRESS", start, end, 0.6)
            for start, end in (
                *labelled_addresses(text),
                *unit_led_addresses(text, _listed_place),
                *lower_case_addresses(text),
            )
        ]
        for result in results:
            result.start = unit_before(text, result.start, _listed_place)
        return EntityRecognizer.remove_duplicates(results)


def _addresses(text: str, form: _Form) -> list[tuple[int, int]]:
    """Where `form` finds addresses in `text`, each street with its locality, left to right, not overlapping."""
    street = _compiled(form.street)
    spans = []
    position = 0
    while (match := street.search(text, position)) is not None:
        end = match.end()
        if form.then_locality and (locality := _compiled(_LOCALITY).match(text, end)) is not None:
            end = locality.end()
        spans.append((match.start(), end))
        position = max(end, match.start() + 1)
    return spans
