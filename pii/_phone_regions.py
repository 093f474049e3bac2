"""The countries a text names, whose national phone numbers it may hold: a number written as its country dials it
("9123 4870" in Singapore, "98220 41173" in India, "862 4417" in Iceland, "11 5873-2046" in Buenos Aires) belongs to
no region a profile loads, and nothing but the text says which country's plan to read it by.

A text names a country by
- a number of it written with "+" and its code ("+65 6123 4567" beside "9123 4870");
- an e-mail or web address under its domain ("arnarthor95@simnet.is");
- its name ("Singapore", "Denmark");
- one of its towns of 100,000 people or more, capitalised, from the recognizers' part of the gazetteer ("Pune",
  "Aarhus"; a town of that name elsewhere counts for the largest);
but not by a short link's domain ("youtu.be"), a rise's "+45.1%", a country that is a given name as often ("Jordan") or
a town that is an everyday word ("Split", Spanish "Tema"), and by four countries at most, the first the text names.

`pii._phones.PhoneRecognizer` reads a run of digits by these regions' plans when the profiles' regions read it as
no number and no word numbering a thing comes before it, and takes it only where that plan holds it valid (its length
and its ranges in service) and it is grouped as a phone is (`grouped_as_a_phone`). Pure: no I/O beyond GeoNames' data,
read once.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache

import regex

from . import _english as english
from . import wordlists
from ._geonames import NOT_PLACES, cities, geonames, held_out_place
from ._name_words import listed_names

_WITH_ITS_CODE = regex.compile(r"(?<![\w+])\+(\d{1,3})(?=[ \t().-]?\d(?:[ \t().-]?\d){5})")
"""A country's code with a number of phone length after it ("+65 6123 4567"; not a rise's "+45.1%")."""
_ADDRESS_DOMAIN = regex.compile(r"(?:@|://|(?<![\w.])www\.)(?:[\w-]+\.)+([A-Za-z]{2})(?![\w.@-]|\.\w)")
"""The country's domain closing an e-mail or web address ("arnarthor95@simnet.is", "www.ura.gov.sg"): not a file's
extension ("setup.py", "notes.md")."""
_NOT_A_COUNTRYS = frozenset({"co", "io", "ai", "me", "tv", "ly", "fm", "am", "to", "cc", "ws", "gg", "so"})
"""Country domains used by anyone for their letters ("bit.ly", "github.io", "x.ai", "dev.to")."""
_CAPITALISED = regex.compile(r"\p{Lu}[\p{Ll}\p{M}]+(?:[ -]\p{Lu}[\p{Ll}\p{M}]+)?")
_GIVEN_NAMES_TOO = frozenset({"Jordan", "Chad", "Georgia", "Israel"})
"""Countries' names that are people's as often ("Michael Jordan", "Chad from sales"; Georgia, the US state too)."""
_TOWN_POPULATION = 100_000
_CITY = 1_000_000


def named_regions(text: str, without: Collection[str] = ()) -> tuple[str, ...]:
    """The regions (ISO 3166 codes, as python-phonenumbers names them) whose country `text` names, but those `without`,
    in the order the text first names them, `MOST_REGIONS` at most (a text naming every country, with hundreds of
    runs of digits, would read each run by every plan)."""
    import phonenumbers

    named: dict[int, str] = {}  # where the text first names each region
    for code in _WITH_ITS_CODE.finditer(text):
        region = phonenumbers.region_code_for_country_code(int(code.group(1)))
        if region != "ZZ":  # phonenumbers' unknown region
            named.setdefault(code.start(), region)
    for domain in _ADDRESS_DOMAIN.finditer(text):
        letters = domain.group(1).lower()
        if letters not in _NOT_A_COUNTRYS and not _a_short_link(domain):
            named.setdefault(domain.start(1), "GB" if letters == "uk" else letters.upper())
    countries, towns = _country_names(), _towns()
    for country in _country_pattern().finditer(text):
        name = country.group(0)
        if name not in _GIVEN_NAMES_TOO and not text.endswith("New ", 0, country.start()):  # not "New Jersey"
            named.setdefault(country.start(), countries[name.casefold()])
    for match in _CAPITALISED.finditer(text):
        for words in (match.group(0), match.group(0).split(" ")[0].split("-")[0]):
            town = towns.get(wordlists.split_key(words))
            if town is not None and _a_town_not_a_word(words, town[1]):
                named.setdefault(match.start(), town[0])
    regions = dict.fromkeys(region for _, region in sorted(named.items()) if region not in without)
    return tuple(regions)[:MOST_REGIONS]


MOST_REGIONS = 4
"""The countries' plans a run of digits is read by, the first the text names."""
_NUMBERING = regex.compile(
    r"(?i:order|invoice|inv|po|batch|ticket|ref|reference|sku|lot|id|part|item|case|claim)[\s.:#-]{0,3}$|#$"
)
_GROUPS = regex.compile(r"\d+")
_THOUSANDS = regex.compile(r"\d{1,3}(?:[ .,\u00a0]\d{3})+")


def grouped_as_a_phone(number: str) -> bool:
    """Whether digits a country's plan holds are grouped as people write a phone number ("9123 4870", "98220 41173",
    "2310 228 417"): in groups, not one run (a customer's number as often); not as an amount in thousands ("45 000
    000", "7 500 000"; three groups of three aside, as Portugal's and Spain's phones are written), nor as decimals or
    scores, single digits apart ("2.5 3.0 3.5", "3-1 2-0")."""
    groups = _GROUPS.findall(number)
    if len(groups) < 2 or sum(len(group) == 1 for group in groups) > 1:
        return False
    return _THOUSANDS.fullmatch(number.strip()) is None or [len(group) for group in groups] == [3, 3, 3]


_YEARS = regex.compile(r"(?:19|20)\d\d[ \t]?[-\u2013/][ \t]?(?:19|20)?\d\d")


def numbering_a_thing(text: str, window: str, start: int) -> bool:
    """Whether a run of digits at `start` numbers a thing or spans years, not a phone of a country the text names: after
    a word of order, invoice, batch or ticket ("Order 4471 2290"), or a season's years ("2023-2024")."""
    numbered = _NUMBERING.search(text, max(0, start - 12), start) is not None
    return numbered or _YEARS.fullmatch(window.strip()) is not None


def _a_short_link(domain: regex.Match[str]) -> bool:
    """A web address of one label before a country's domain, a short link's ("https://youtu.be/...", "lnkd.in/..."),
    not an e-mail's or a site's with its "www."."""
    address = domain.group(0)
    return not address.startswith(("@", "www.")) and address.count(".") == 1


def _a_town_not_a_word(name: str, population: int) -> bool:
    """Whether a town's name names the town only: no given name or family name of the lists ("Sofia", "Santos",
    "Leon") and, but for a city of a million ("Sydney", "Pune", Romanian "puts"), no everyday word of English or of
    another language ("Split", Spanish "Tema")."""
    first = name.split()[0]
    if first in listed_names():
        return False
    everyday = max(english.zipf(first.lower()), english.zipf_elsewhere(first.lower())) >= english.EVERYDAY
    return population >= _CITY or not everyday


@cache
def _country_names() -> dict[str, str]:
    """Each country's name, case-folded, and its code."""
    return {country["name"].casefold(): country["iso"] for country in geonames().get_countries().values()}


@cache
def _country_pattern() -> regex.Pattern[str]:
    names = sorted((country["name"] for country in geonames().get_countries().values()), key=len, reverse=True)
    return regex.compile(rf"(?<!\p{{L}})(?:{'|'.join(regex.escape(name) for name in names)})(?!\p{{L}})")


@cache
def _towns() -> dict[str, tuple[str, int]]:
    """The key (`wordlists.split_key`) of each town of `_TOWN_POPULATION` or more of the recognizers' part of the
    gazetteer, its country's code and its population (the largest town's, where towns share a name)."""
    largest: dict[str, tuple[int, str]] = {}
    for city in cities():
        name, population = city["name"], int(city["population"])
        if population < _TOWN_POPULATION or not name[:1].isupper() or held_out_place(name):
            continue
        key = wordlists.split_key(name)
        if key not in NOT_PLACES and population > largest.get(key, (0, ""))[0]:
            largest[key] = (population, city["countrycode"])
    return {key: (region, population) for key, (population, region) in largest.items()}
