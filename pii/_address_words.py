"""The words and codes `pii._addresses` builds its forms from: English street types, strong and weak, Turkish streets
and buildings, Japanese wards and towns, the US states and their codes, British postcodes, Irish Eircodes with Ireland's
routing keys. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable

import regex

EN_TYPES = (
    r"(?:Street|St|Avenue|Ave|Av|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Ct|Place|Pl|Way|Terrace|Tce"
    r"|Square|Sq|Parkway|Pkwy|Highway|Hwy|Close|Crescent|Cres|Row|Alley|Circle|Cir|Grove|Gardens|Gdns|Mews"
    r"|Parade|Pde|Esplanade|Quay|Wharf|Heights|Causeway|Expressway|Freeway|Pike|Turnpike|Plaza|Marg|Salai)"
)
WEAK_EN_TYPES = (
    r"(?:Park|Hill|Green|View|Vale|Gate|Mount|Meadows|Fields|Manor|Court|Estate|Glen|Grange|Lawn|Walk|Rise|Trail"
    r"|Nagar)"
)
"""Words that end street names ("Ashgrove Park", "Bidhan Nagar") but also much else ("Central Park", "2D Random
Walk", "9 Supreme Court justices"): taken only before a town and postcode, or before places ending their field of a
log's line ("8 Ashgrove Park, Douglas → D/O: ...")."""
STREET_TYPE = regex.compile(rf"{EN_TYPES}|{WEAK_EN_TYPES}")
"""The last word of an English street's name, strong or weak ("Street", "Walk")."""
TURKISH_STREET = r"(?:Caddesi|Cad\.|Cd\.|Sokak|Sokağı|Sok\.|Sk\.|Bulvarı|Blv\.|Yolu)"
TURKISH_BUILDING = r"(?:Apt\.|Apartmanı|Sitesi|Sit\.|Plaza|Konutları)"
"""A building's name's last word after a Turkish street ("Yeldeğirmeni Apt.", "Deniz Sitesi B Blok")."""
JAPANESE_AREA = r"\p{Lu}\p{Ll}+-(?:ku|shi|cho|chō|machi|gun|mura|ken)"

US_STATES = (
    r"(?:al|ak|az|ar|ca|co|ct|de|dc|fl|ga|hi|id|il|in|ia|ks|ky|la|me|md|ma|mi|mn|ms|mo|mt|ne|nv|nh|nj|nm|ny|nc|nd|oh|ok"
    r"|or|pa|ri|sc|sd|tn|tx|ut|vt|va|wa|wv|wi|wy|alabama|alaska|arizona|arkansas|california|colorado|connecticut"
    r"|delaware|florida|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland"
    r"|massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new[ \t]hampshire|new[ \t]jersey"
    r"|new[ \t]mexico|new[ \t]york|north[ \t]carolina|north[ \t]dakota|ohio|oklahoma|oregon|pennsylvania"
    r"|rhode[ \t]island|south[ \t]carolina|south[ \t]dakota|tennessee|texas|utah|vermont|virginia|washington"
    r"|west[ \t]virginia|wisconsin|wyoming)"
)
"""The US states and their postal codes, as a lower-case address names one before its ZIP code."""
_US = "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH"
_CA = "AB BC MB NB NL NS NT NU ON PE QC SK YT"
STATE_CODES = frozenset(f"{_US} OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY {_CA}".split())
STATE_CODES |= {"NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"}
"""The codes of the states, provinces and territories of the United States, Canada and Australia ("NM", "ON", "NSW");
not a switch's or a process's state ("State: OFF", "state=RUN")."""
UK_POSTCODE = r"[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[A-Z]{2}"
EIRCODE = r"(?:[AC-FHKNPRTV-Y]\d\d|D6W)[ \t]?(?=[0-9AC-FHKNPRTV-Y]{0,3}\d)[0-9AC-FHKNPRTV-Y]{4}(?![\w])"
"""An Irish Eircode's shape: a routing key and a code of one dwelling ("F31 KX83", "D6W XY12"), a digit in the code (a
word in capitals is none: "P43 WORK")."""
_ROUTING_KEYS_WRITTEN = (
    "A41 A42 A45 A63 A67 A75 A81 A82 A83 A84 A85 A86 A91 A92 A94 A96 A98 C15 D01 D02 D03 D04 D05 D06 D07 D08 D09 D10"
    " D11 D12 D13 D14 D15 D16 D17 D18 D20 D22 D24 D6W E21 E25 E32 E34 E41 E45 E53 E91 F12 F23 F26 F28 F31 F35 F42 F45"
    " F52 F56 F91 F92 F93 F94 H12 H14 H16 H18 H23 H53 H54 H62 H65 H71 H91 K32 K34 K36 K45 K56 K67 K78 N37 N39 N41 N91"
    " P12 P14 P17 P24 P25 P31 P32 P36 P43 P47 P51 P56 P61 P67 P72 P75 P81 P85 R14 R21 R32 R35 R42 R45 R51 R56 R93 R95"
    " T12 T23 T34 T45 T56 V14 V15 V23 V31 V35 V42 V92 V93 V94 V95 W12 W23 W34 W91 X35 X42 X91 Y14 Y21 Y25 Y34 Y35"
)
_ROUTING_KEYS = _ROUTING_KEYS_WRITTEN.split()
"""Ireland's 139 Eircode routing keys: an Eircode alone, with nothing around it to say it is an address, must start
with one ("T20 2024", "E46 2003", "V60 2019" are a cricket format and two cars)."""
_KEY = rf"(?:{'|'.join(_ROUTING_KEYS)})[ \t]?"
_DWELLING = r"(?=[0-9AC-FHKNPRTV-Y]{0,3}\d)[0-9AC-FHKNPRTV-Y]{4}(?![\w])"
KEYED_EIRCODE = _KEY + _DWELLING
LETTERED_EIRCODE = _KEY + r"(?=[0-9]{0,3}[AC-FHKNPRTV-Y])" + _DWELLING
"""An Eircode alone, nothing around it to say it is an address: a letter and a digit in its code ("F31 KX83"; not
"D15 2024", a district and a year)."""
STREET_SUFFIXES = (  # not "ring" ("Spring 5"), "gate" ("Colgate 2"), nor "gade" in "Renegade 2"
    r"(?:straße|strasse|str\.|weg|platz|allee|gasse|damm|ufer|chaussee|steig|pfad|graben|straat|laan"
    r"|gracht|plein|kade|singel|dijk|steeg|dreef|gatan|gaten|gata|vägen|väg|veien|vegen|vei|gränd|torget|(?<!ene)gade|vej"
    r"|stræde|katu|tie|kuja|polku)"
)
STREET_WORDS = (
    r"(?:Straße|Strasse|Str\.|Weg|Platz|Allee|Gasse|Damm|Ufer|Straat|Laan|Gracht|Plein|Kade|Gata|Gatan"
    r"|Vej|Gade|Katu|Tie|út|utca|Caddesi|Cad\.|Cd\.|Sokak|Sokağı|Sok\.|Sk\.|Bulvarı|Blv\.|Yolu|ulica|ulice"
    r"|iela|gatvė|g\.|pr\.|prospektas|tänav|mnt\.?|maantee|puiestee"  # LV, LT, EE
    r"|náměstí|nám\.|třída|nábřeží|námestie|nábrežie)"  # CZ, SK
)
LOWER_STREET_TYPE = (
    r"(?:via|viale|piazza|piazzale|corso|vicolo|largo|strada|calle|avenida|rua|rue|ul\.|ulica|al\.|os\.)"
)
"""A street's type in lower case before its capitalised name, as Italian, Spanish, Portuguese, French and Polish write
it ("via Saragozza 74, 40123 Bologna", "ul. Kościuszki 15/7, 41-200 Sosnowiec"): part of the address before a postcode
and town."""
LEADING_DIRECTION = r"(?:(?:NW|NE|SW|SE|N|S|E|W)\.?[ \t]+)?"
"""A direction before an American street's name, with its dot or not ("2418 W. Polk St", "1200 N Main Street")."""
TRAILING_DIRECTION = r"(?:[ \t]+(?:NW|NE|SW|SE|N|S|E|W|North|South|East|West)(?![\w-]))?"
"""A direction after a street's type ("1200 Main Street NW")."""
NUMBER_FIRST_TYPES = (
    r"(?:rue|Rue|avenue|Avenue|boulevard|Boulevard|bd|Bd|chemin|Chemin|allée|Allée|impasse|Impasse|quai|Quai"
    r"|place|Place|calle|Calle|avenida|Avenida|rua|Rua|travessa|Travessa|Đường|đường|Phố|phố|Jalan|Jln\.|Jl\."
    r"|Ffordd|Heol|Stryd|Lôn|Bóthar|Sráid|Ascaill|Céide|Plás|Lána|Bóithrín|Cúirt"
    r"|(?:Ard|Cnoc|Gleann|Garrán|Páirc|Radharc|Cois|Baile)(?=[ \t]+(?:na|an|Uí|Mhic|Í)[ \t])"
    r"|(?:route|Route)(?=[ \t]+(?:de|du|des|d['’])))"
)
"""Street types written after the house's number and before the street's name, in French, Spanish, Portuguese,
Vietnamese, Malay, Welsh and Irish ("12 rue de la Paix", "45 Jalan Ampang", "3 Heol y Bryn", "14 Bóthar an Phiarsaigh";
a height's, a hill's or a park's word only before its article: "3 Ard na Gréine", "7 Páirc an Chrócaigh")."""

UNITS = (
    r"(?:,?[ \t]*(?i:apartment|apto|apt|appt|app|suite|ste|unit|flat|floor|fl|piso|puerta|daire|dto|dpto|depto|kv"
    r"|ap|lok|bus|bte|top|whg|étage|esc|escalier|interno|int|bât|bat|bâtiment|batiment|bloc|porte|casa|bloco|sala"
    r"|loja|lote|lgh)(?!\p{L})\.?"
    r"[ \t]*[:#]?[ \t]*[\w-]{1,6}"
    r"(?:[ \t]+(?:Dto|Dpto)\.?[ \t]*[A-Z0-9]{1,3})?"
    r"|,?[ \t]*(?:D:|m\.)[ \t]*\d{1,4}|,?[ \t]*#\d{1,3}-\d{1,4}|,?[ \t]*(?:\d{1,2}|st|kl)\.[ \t]?(?:th|tv|mf|sal)\."
    r"|,?[ \t]*\d{1,2}(?:r|n|t|è)[ \t]\d{1,2}a(?!\w)"  # Catalan floor and door: "2n 1a"
    r"|\.?,?[ \t]*(?:\d{1,2}\.[ \t]?emelet|[IVX]{1,4}\.[ \t]?em(?:elet|\.)|fszt?\.)"  # HU: "2. emelet", "II. em."
    r"(?:[ \t]*\d{1,3}(?:\.(?![ \t]*\p{Lu})|[ \t]?ajtó)?)?"
    r"|\.?[ \t][IVX]{1,4}/\d{1,3}(?![\w/])"  # HU floor and door: "Thököly út 41. II/6"
    r"|,?[ \t]*(?:bl|sc|et)\.[ \t]*(?=[\w-]{0,5}\d)[\w-]{1,6}"  # RO block, staircase, floor: "bl. C2", "et. 3"
    r"|,?[ \t]*\d{1,2}(?:st|nd|rd|th)[ \t]+(?i:floor)(?!\p{L})"  # "47, 3rd floor"
    r"|,?[ \t]*\d{1,2}\.?[ \t]?[º°ªoa](?!\p{Ll})(?:[ \t]?[A-Z](?!\w))?"  # "3º B", "3ºB" (read "3oB")
    r"(?:[ \t]?(?:izq|izda|dcha|der|Esq|Dto|Dir|Fte)\.?)?"
    r"|[ \t][A-Ha-h](?:[ \t]?\d{1,3})?(?![\w.])"
    r"|,?[ \t]*(?:\d{1,2}\.[ \t]?(?:OG|Obergeschoss|Etage|Stock)|EG|DG|UG|Erdgeschoss|Dachgeschoss|Hochparterre)"
    r"(?:[ \t]+(?:links|rechts|Mitte|li\.|re\.))?(?![\w])"
    r")*"
)
"""Units after the number: "Apt 4B", "apt. 9", "Daire 4", "m. 12", "kv. 19", "Piso 3 Dto. B", "#03-14", "3º B",
"2.º Esq.", "2n 1a", "2. emelet 5", "II. em. 5", "II/6" (Hungarian: floor, door), "1. th.", "st. tv." (Danish: ground
floor, left), "5 A 7" (staircase, flat), "Bât. B", "2. OG links", "casa 2", "bl. C2, sc. 2, ap. 17" (Romanian: block,
staircase, flat), "3rd floor"."""


_UNIT_BEFORE = regex.compile(
    r"(?:(?<![\w/.-])(?i:flat|fflat|unit|apt|apartment|suite|shop|plot|block|blk|lot|room)\.?[ \t]*"
    r"(?:(?=[\w/-]{0,7}\d)[\w/-]{1,8}|[A-Z](?!\w)),?[ \t]+"  # "Flat 2/1, ", "Block C, "; not "flat at "
    r"|(?<![\w/.-])(?:No|NO|no|Nr|nr|H\.?[ \t]?No|House[ \t]No)\.[ \t]*"  # "No. ", not "there is no "
    r"|(?<![\w/.,-])(?<!(?i:on|score|scored|won|lost|beat)[ \t])\d{1,4}[A-Za-z]?/\d{1,4}[A-Za-z]?,?[ \t]+"
    r"|(?<![\w/.,-])(?:[A-Z]-\d{1,4}[A-Z]?|\d{1,4}-?(?:ho|[A-Z]))(?-i:,)[ \t]+"  # "B-42, ", "302-ho, "; not "A38, "
    r"){1,2}\Z"
)
_POSTCODE_AND_TOWN_BEFORE = regex.compile(
    r"(?<![\w/.,-])(?!1[89]|20)\d{4}[ \t](?P<town>\p{Lu}[\p{Ll}\p{M}]+(?:[ \t-]\p{Lu}[\p{Ll}\p{M}]+)?),[ \t]+\Z"
)


def unit_before(text: str, start: int, a_town: Callable[[str], bool]) -> int:
    """Where an address starting at `start` starts with the flat, plot or house number written before it on its line
    ("Flat 2/1, ", "3/2, ", "302-ho, ", "B-42, ", "No. " before "12, Jalan SS 2/24"), or the postcode and town that
    Hungary writes first, a town `a_town` knows ("1146 Budapest, Thököly út 41"; not a year's "2024 Berlin, ", nor
    "1500 Euro, "): `start` when none is."""
    line = text.rfind("\n", 0, start) + 1
    unit = _UNIT_BEFORE.search(text, max(line, start - 40), start)
    begin = unit.start() if unit is not None else start
    town = _POSTCODE_AND_TOWN_BEFORE.search(text, max(line, begin - 40), begin)
    return town.start() if town is not None and a_town(town.group("town")) else begin
