"""The countries a text names, whose national phone numbers it may hold: a number written as its country dials it
("9123 4870" in Singapore, "98220 41173" in India, "862 4417" in Iceland, "11 5873-2046" in Buenos Aires) belongs to
no region a profile loads, and nothing but the text says which country's plan to read it by.

A text names a country by
- a number of it written with "+" and its code ("+65 6123 4567" beside "9123 4870");
- an e-mail or web address under its domain ("arnarthor95@simnet.is");
- its name ("Singapore", "Denmark");
- one of its towns of 100,000 people or more, capitalised, from the recognizers' part of the gazetteer ("Pune",
  "Aarhus", "Thessaloniki"; a town of that name elsewhere counts for the largest).

`pii._phones.PhoneRecognizer` reads a run of digits by these regions' plans when the profiles' regions read it as
no number, and takes it only where that plan holds it valid (its length and its ranges in service). Pure: no I/O
beyond GeoNames' data, read once.
"""

from __future__ import annotations

from functools import cache

import regex

from . import wordlists
from ._geonames import cities, geonames

_WITH_ITS_CODE = regex.compile(r"(?<![\w+])\+(\d{1,3})(?=[ \t().-]?\d)")
_ADDRESS_DOMAIN = regex.compile(r"(?:@|://|(?<![\w.])www\.)(?:[\w-]+\.)+([A-Za-z]{2})(?![\w.@-]|\.\w)")
"""The country's domain closing an e-mail or web address ("arnarthor95@simnet.is", "www.ura.gov.sg"): not a file's
extension ("setup.py", "notes.md")."""
_NOT_A_COUNTRYS = frozenset({"co", "io", "ai", "me", "tv", "ly", "fm", "am", "to", "cc", "ws", "gg", "so"})
"""Country domains used by anyone for their letters ("bit.ly", "github.io", "x.ai", "dev.to")."""
_CAPITALISED = regex.compile(r"\p{Lu}[\p{Ll}\p{M}]+(?:[ -]\p{Lu}[\p{Ll}\p{M}]+)?")
_TOWN_POPULATION = 100_000


def named_regions(text: str) -> frozenset[str]:
    """The regions (ISO 3166 codes, as python-phonenumbers names them) whose country `text` names."""
    import phonenumbers

    regions = set()
    for code in _WITH_ITS_CODE.findall(text):
        region = phonenumbers.region_code_for_country_code(int(code))
        if region != "ZZ":  # phonenumbers' unknown region
            regions.add(region)
    for domain in map(str.lower, _ADDRESS_DOMAIN.findall(text)):
        if domain not in _NOT_A_COUNTRYS:
            regions.add("GB" if domain == "uk" else domain.upper())
    countries, towns = _country_names(), _towns()
    regions.update(countries[name.casefold()] for name in _country_pattern().findall(text))
    for match in _CAPITALISED.finditer(text):
        for words in (match.group(0), match.group(0).split(" ")[0].split("-")[0]):
            if (town := towns.get(wordlists.split_key(words))) is not None:
                regions.add(town)
    return frozenset(regions)


@cache
def _country_names() -> dict[str, str]:
    """Each country's name, case-folded, and its code."""
    return {country["name"].casefold(): country["iso"] for country in geonames().get_countries().values()}


@cache
def _country_pattern() -> regex.Pattern[str]:
    names = sorted((country["name"] for country in geonames().get_countries().values()), key=len, reverse=True)
    return regex.compile(rf"(?<!\p{{L}})(?:{'|'.join(regex.escape(name) for name in names)})(?!\p{{L}})")


@cache
def _towns() -> dict[str, str]:
    """The key (`wordlists.split_key`) of each town of `_TOWN_POPULATION` or more of the recognizers' part of the
    gazetteer, and its country's code (the largest town's, where towns share a name)."""
    largest: dict[str, tuple[int, str]] = {}
    for city in cities():
        name, population = city["name"], int(city["population"])
        if population < _TOWN_POPULATION or not name[:1].isupper() or wordlists.is_held_out(name):
            continue
        key = wordlists.split_key(name)
        if population > largest.get(key, (0, ""))[0]:
            largest[key] = (population, city["countrycode"])
    return {key: region for key, (_, region) in largest.items()}
