"""Other languages' names of the big cities of the gazetteer (`pii._places.gazetteer`): how Italian, Portuguese,
Czech or German write them ("Milano", "Napoli", "Lisboa", "Praha", "Wien"), from GeoNames' other names in Latin script
(`pii._geonames.latin_spellings`). Each is split by its own key, as every entry of a list is (`pii.wordlists`): a
spelling that is also a town's own name falls in that name's part. Pure but for reading GeoNames and wordfreq once.
"""

from __future__ import annotations

from functools import cache

from . import _english as english
from . import wordlists
from ._geonames import held_out_key, latin_spellings
from ._given_names import dictionary_names
from ._name_words import listed_names

_SPELLED_CITY = 100_000
"""The towns whose names in other languages are places too ("Milano", "Lisboa", "Napoli"): cities of this many people
or more, whose names are written about abroad."""
_SHORTEST = 4
"""Letters a spelling's key has at least ("Wien", "Roma"; not "Pau", "Ulm" as other languages write them)."""
_COMMON_IN_ENGLISH = 3.5
"""No other language's name of a town is one when English uses the word this often or more ("Caller", Sardinian for
Cagliari, 3.6; "Milano" 3.2)."""


@cache
def other_spellings(which: wordlists.Part) -> frozenset[str]:
    """The keys of other languages' names of the big cities (`_SPELLED_CITY`) in one part, each split by its own key as
    every entry of a list is; less those of a person, on the project's list or the dictionary's ("Mila" of Milan,
    "Usha", "Alain", "Yunus"), and those of a common English word (`_COMMON_IN_ENGLISH`). Another language's everyday
    words stay ("Gente", "Tarde"): its towns' names are as common in it ("Milano" in Italian), and a word is a place
    only capitalised where a place stands."""
    held_out = which == "held_out"
    people = {wordlists.split_key(name) for name in (*listed_names(), *dictionary_names())}
    keys = {wordlists.split_key(spelling) for spelling in latin_spellings(_SPELLED_CITY)} - people
    keys = {key for key in keys if len(key) >= _SHORTEST and held_out_key(key) == held_out}
    return frozenset(keys - english.common(keys, _COMMON_IN_ENGLISH))
