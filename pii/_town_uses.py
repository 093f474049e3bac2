"""A listed town named by what stands around it (applied by `pii._places.PlaceRecognizer`): before a word for where
someone works or travels ("our Łódź site", "the Tashkent flight"), alone in brackets after a place or a word of
working from somewhere ("remote (Boise)"), after a form's label of where someone is ("Current home: Hamamatsu"),
after "a" or "à" and a word of being born, living or moving in Italian, Spanish or French ("vive a Bari").

Pure predicates over spaCy's tokens; whether the town is listed is the caller's.
"""

from __future__ import annotations

from typing import Any

from . import _english as english
from . import wordlists
from ._geonames import populations
from ._name_words import ORDINARY_CAPITALISED, listed_names

PLACE_ENTITIES = frozenset({"GPE", "LOC", "FAC"})
"""spaCy's labels of places."""
_ORDINARY = ORDINARY_CAPITALISED
_HOSTS_A_SITE = 75_000
"""A listed town before a workplace's word is a place only when this many people live there: small towns share their
names with brands and programs ("the Vite team", "the Braintree team", "Cordova team")."""
_WORKPLACES = frozenset(
    {"office", "offices", "branch", "site", "sites", "plant", "team", "campus", "factory", "warehouse", "depot"}
    | {"headquarters", "hq", "HQ", "flight", "flights", "trip"}
)
"""What a listed town names where it stands before it: a firm's office, site or team, a trip ("our Łódź site", "the
Jyväskylä team", "the Tashkent flight"), written in lower case (or "HQ"): "Tashkent Office Supplies" is a name of its
own. Not what a brand, a product or a business is named before as often ("Hue hub", "Lennox unit", "Alma base
image", "the orion hotel", "a Waldorf school"), nor a verb ("Preston works at ..."). Only after a listed town English
rarely uses (`english.uncommon`: "Mobile team", "Reading office", "the Nokia team", "the Fuji plant", "the Saga team"
keep their words: a brand's name is commoner in English than its town's) and no listed person's name ("the Clayton
team")."""
_WHERE_LABELS = frozenset(
    {"home", "location", "base", "residence", "city", "town", "hometown", "origin", "destination"}
)
"""Labels of a form after which a listed town is where someone is ("Current home: Hamamatsu", "base: Durrës"); not in
capitals, as a calendar's field holds a room ("LOCATION:Sala im. Marii Skłodowskiej-Curie")."""
_WORKING_FROM = frozenset({"remote", "hybrid", "onsite", "based"})
"""Words of where someone works from, before a town in brackets ("remote (Boise)", "hybrid (Leeds)")."""


def named_by_what_follows(doc: Any, i: int) -> bool:
    """Whether the listed town at `i` (one word) names a workplace or trip after it (`_WORKPLACES`), stands alone in
    brackets after a place or where someone works from ("moved back from Sweden (Västerås)", "remote (Boise)"; not a
    citation's author, "(Gardner, 1983)", nor a product, "(Saga)") or follows a label of where someone is
    (`_WHERE_LABELS`); and is no word English uses every day nor a listed person's name."""
    token = doc[i]
    if english.zipf(token.lower_) >= english.EVERYDAY or token.text in _ORDINARY or token.text in listed_names():
        return False
    if i > 1 and doc[i - 1].text == ":" and doc[i - 2].lower_ in _WHERE_LABELS and not doc[i - 2].is_upper:
        return True
    after = doc[i + 1] if i + 1 < len(doc) else None
    if after is None:
        return False
    if i > 1 and doc[i - 1].text == "(" and after.text == ")":
        before = doc[i - 2]  # after a place, a word English rarely uses: "India (Tata)", "Finland (Nokia)" are firms
        return before.lower_ in _WORKING_FROM or (before.ent_type_ in PLACE_ENTITIES and english.uncommon(token.lower_))
    return after.text in _WORKPLACES and not token.is_upper and a_big_rare_town(token.text)


def a_big_rare_town(word: str) -> bool:
    """Whether a listed town before a workplace's word (`_WORKPLACES`) is one: English rarely uses the word (a brand's
    name is commoner than its town's: "the Nokia team") and a town of its name is big enough to host a site
    (`_HOSTS_A_SITE`: "the Vite team")."""
    return english.uncommon(word.lower()) and populations().get(wordlists.split_key(word), 0) >= _HOSTS_A_SITE


def workplace_word(token: Any) -> bool:
    """Whether a token is a word of `_WORKPLACES` ("branch", "hq", "HQ")."""
    return token.text in _WORKPLACES


_ROMANCE_SETTLING = frozenset(
    {"nato", "nata", "nati", "nate", "vive", "vivo", "vivono", "abita", "abito", "residente", "residenti"}
    | {"trasferito", "trasferita", "torna", "tornato", "tornata", "vado", "andato", "andata", "voy", "vamos"}
    | {"llegó", "llegué", "mudé", "mudó", "volvió", "volví", "né", "née", "habite", "habites", "vis", "vit"}
    | {"mudamos", "mudaron", "mudarnos", "mudarme", "mudado", "mudada", "trasferiti", "trasferite", "déménagé"}
)
"""Words before "a" or "à" that say a town follows ("nato a Caltanissetta", "vive a Bari", "nos mudamos a
Fuenlabrada", "née à Lyon"): "a" alone is English's article."""


def born_or_living_a(doc: Any, i: int) -> bool:
    """Whether the word before `i` is "a" or "à" after an Italian, Spanish or French word of being born, living or
    going (`_ROMANCE_SETTLING`)."""
    return i > 1 and doc[i - 1].lower_ in {"a", "à"} and doc[i - 2].lower_ in _ROMANCE_SETTLING
