"""An address written after its label, in whatever form its country writes it. Pure: no I/O.

The street forms (`pii._addresses`) know how addresses are built; a label knows where one is, in any
format ("Address: Gedimino pr. 44-12, LT-01110 Vilnius", "Domicilio: Calle Miguel Hidalgo 214, Col.
Centro", "adress House 23, Street 9, F-10/2, Islamabad", "my address is 42 Dunsan-ro 101beon-gil").
The value runs from the label to the end of its line, and stops earlier where the writer moves on:

- at ';', '|' or a tab (fields of a pasted row);
- at a sentence's end: '.', '!' or '?' after a word longer than an abbreviation ("St.", "pr.", "Brgy.",
  "Subd." do not end it), before a word in lower case or an everyday English word ("Islamabad. mob ...",
  "Bergen. Please ...");
- at a comma or a space before a word that carries the sentence on ("..., so please", "... and my mobile",
  "... since August") or names other contact data (", tél. +1 ...", ", mobile ...").

The value may start on the line after the label ("My postal address:\nUnit 14 Seaview Gardens, 22 Umbilo Road"),
and the label may say where ("her address there: #112, Street 20, ...", "su domicilio en Privada de Jazmines 12").
It is an address only if it holds a digit (a house number or a postcode): "Address: see above" is none.
After "is" or a dash the value must start with a digit or a capital ("the address is wrong on invoice
4471" is none); with nothing between, like an address ("House 23", "17 Rue"), so that "we must address 5
issues" is not one: with nothing between, the label must be a noun (after "my", "home", ..., or misspelt
as people type it). An e-mail, IP or wallet address is not a place, nor a value in code ("ip_address",
"self.address = make_addr(1)", "bind-address: 127.0.0.1").

A dwelling's unit and its number label an address too, where a run of comma-separated parts follows it
(`unit_led_addresses`): "House 23, Road 7, Dhanmondi, Dhaka 1205", "Apartment 1407, Marina Crown Tower, Dubai
Marina, Dubai", "plot 42, namanga road, kitengela, kajiado county", "unit 4/38 beach st, coogee nsw 2034". The
run ends where the writer moves on (as above) or a part grows into a sentence (at a stop word: "20040 Casablanca
was flooded"); it is an address with three parts or more, one of them a place's name (a word English seldom
uses, no numbering word: `_place_part`) or a postcode beside one, or two parts the last of which holds a
postcode beside a place's name. "Room 4, Block B", "Unit 3, Module 2, Lesson 5, Assessment", "Room 12, Ext
4521" are none.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import regex

from ._english import EVERYDAY, zipf
from ._presidio import import_presidio

import_presidio()  # spaCy's package without torch
from spacy.lang.en.stop_words import STOP_WORDS  # noqa: E402

_GATE = re.compile(r"(?i)addres|adres|direcci|domicilio|indirizzo|anschrift|endere|morada|osoite")
"""Every label holds one of these: `re` finds them in a text without a label far faster than `_LABEL`."""

_QUALIFIER = (
    r"(?:home|current|present|registered|postal|mailing|billing|delivery|shipping|new|old|permanent|residential"
    r"|correspondence|forwarding|street|private|my|her|his|their|our|your)[ \t]+"
)
_WORD = (
    r"(?:address|adress|addres|adresse|dirección|direccion|domicilio|indirizzo|anschrift|adres|endereço|endereco"
    r"|morada|adresa|osoite)"
)
_STARTS = (
    r"(?:\d|\#|(?i:unit|flat|apt|apartment|house|h\.?[ \t]?no|no\.|suite|block|blk|lot|plot|calle|rua|avenida|av\."
    r"|privada|jalan|jl\.)(?!\p{L})|\p{Lu}[\p{L}.'-]*(?:[ \t]+(?:de|del|da|do|la|las|los|di|van|von)?[ \t]*"
    r"\p{Lu}[\p{L}.'-]*){0,3}[ \t]+\d(?![xX]))"
)
"""How an address starts where only a label's place says it is one: a number, a unit or a street word, or capitalised
words and a number ("Unit 14 Seaview Gardens", "Privada de Jazmines 12"; not "We include a prepaid label", "Settings
> Account 2", "España debe constar")."""
_LABEL = regex.compile(
    r"(?<![\p{L}\p{N}_.-])(?<!(?i:e-?mail|ip|mac|web|url|wallet|server|host|memory|bluetooth|ipv[46])[ \t-])"
    rf"(?i:(?:{_QUALIFIER})?{_WORD})(?!\p{{L}})"
    r"(?:[ \t]*:[ \t]*(?!\n)"  # "Address: ...", any value
    rf"|[ \t]*:[ \t]*\n[ \t]*(?={_STARTS}[^\n]*[ ,])"  # on the next line, as an address starts
    r"|[ \t]+(?i:there|here)[ \t]*:[ \t]*(?=\d|#|\p{Lu})"  # "her address there: #112, Street 20, ..."
    rf"|[ \t]+(?i:en|em|at)[ \t]+(?={_STARTS})"  # "su domicilio en Privada de Jazmines 12, ..."
    r"|[ \t]+(?i:[-\u2013]|is|was|will[ \t]+be|now)(?:[ \t]*:)?[ \t]+(?=\d|\p{Lu})"  # "my address is 42 ..."
    # with nothing between, only a noun ("my address 17 Rue ...", "adress House 23, ..."), not the verb
    rf"|(?<=(?i:(?:{_QUALIFIER}){_WORD}|adress|addres))[ \t]+(?=\p{{Lu}}\p{{L}}*\.?[ \t]+\d|\d+\p{{L}}?[ \t]+\p{{Lu}})"
    r"|[ \t]+(?=(?:Blk|Block|Lot|House|Flat|Unit|Apt|Plot|Suite)\.?[ \t]*\d))"  # "address Blk 7 Lot 22, ..."
)
_NOT_A_PLACE = regex.compile(r"\d{1,3}(?:\.\d{1,3}){3}(?!\d)|0x[0-9A-Fa-f]|[\w.]+\(|['\"]")
"""Values of an address that is no place: an IP address, a number or a call in code."""
_LINE_REST = regex.compile(r"[^\n]{1,200}")
_FIELD_END = regex.compile(r"[;|\t]")
_SENTENCE_END = regex.compile(r"(?<=\p{L}{5}|\d)[.!?][ \t]+(\p{L}+)")
_MOVES_ON = regex.compile(
    r"(?:,[ \t]*|[ \t]+)(?i:and|so|but|since|until|from|for|or|which|where|then|please|thanks|thank|because|as"
    r"|tel|t[ée]l|ph|phone|mob|mobile|cell|email|e-mail|fax|whatsapp|contact)(?!\p{L})"
)
_LONGEST = 160


def labelled_addresses(text: str) -> list[tuple[int, int]]:
    """Spans of the addresses written after an address label in `text`, left to right."""
    spans: list[tuple[int, int]] = []
    if _GATE.search(text) is None:
        return spans
    for label in _LABEL.finditer(text):
        start = label.end()
        rest = _LINE_REST.match(text, start)
        if rest is None:
            continue
        end = _value_end(text, start, rest.end())
        value = text[start:end]
        if _NOT_A_PLACE.match(value) is not None:
            continue
        if any(ch.isdigit() for ch in value) and len(value) >= 5 and (not spans or start >= spans[-1][1]):
            spans.append((start, end))
    return spans


def _value_end(text: str, start: int, line_end: int) -> int:
    """Where the value that starts at `start` ends, at the latest `line_end` (the module's docstring)."""
    end = min(line_end, start + _LONGEST)
    if (field := _FIELD_END.search(text, start, end)) is not None:
        end = field.start()
    if (moving_on := _MOVES_ON.search(text, start, end)) is not None:
        end = moving_on.start()
    for sentence in _SENTENCE_END.finditer(text, start, end):
        word = sentence.group(1)
        if word[0].islower() or zipf(word.lower()) >= EVERYDAY:
            end = sentence.start()
            break
    return start + len(text[start:end].rstrip(" \t,.:-\u2013("))


_UNIT_LED = regex.compile(
    r"(?<![\p{L}\p{N}_.,/-])(?i:house|plot|blk|block|flat|apartment|apt|appt|room|villa|unit|suite|door)\.?"
    r"(?:[ \t]+(?i:no)\.?)?[ \t]*\d{1,5}[A-Za-z]?(?:[ \t]*[-/][ \t]*\d{1,5}[A-Za-z]?)?(?![\p{L}\p{N}])"
)
_PART_WORDS = 6
"""A part of an address longer than this (in words) is a sentence, not a place."""
_POSTCODE_DIGITS = regex.compile(r"(?<!\d)\d{3,6}(?!\d)")
_LETTERED_POSTCODE = regex.compile(
    r"(?<![\p{L}\p{N}])(?i:[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[A-Z]{2}|[A-Z]\d[A-Z][ \t]?\d[A-Z]\d|\d{4}[ \t]?[A-Z]{2})"
    r"(?![\p{L}\p{N}])"
)
"""British, Canadian and Dutch postcodes: letters and digits no numbering writes ("LS6 1HR", "K1A 0B1", "1017 GC")."""
_PARTICLES = frozenset({"de", "la", "le", "of", "al", "el", "del", "da", "di", "do", "dos", "van", "von"})


def unit_led_addresses(text: str, listed_place: Callable[[str], bool] = lambda word: False) -> list[tuple[int, int]]:
    """Spans of the addresses that a dwelling's unit and number open (the module's docstring), left to right;
    `listed_place` says whether a word names a place a list holds ("Leeds", "Dubai": everyday words too)."""
    spans: list[tuple[int, int]] = []
    for unit in _UNIT_LED.finditer(text):
        start = unit.start()
        if spans and start < spans[-1][1]:
            continue
        rest = _LINE_REST.match(text, start)
        if rest is None:
            continue
        parts = _parts(text, start, _value_end(text, start, rest.end()))
        if len(parts) < 2:
            continue
        placed = any(_place_part(text[a:b], listed_place) for a, b in parts[1:])
        postcode = _postcode_part(text[slice(*parts[-1])], listed_place)
        if (len(parts) >= 3 and (placed or postcode)) or (len(parts) == 2 and postcode):
            spans.append((start, parts[-1][1]))
    return spans


_NUMBERED = frozenset(
    {"building", "bldg", "block", "blk", "level", "floor", "room", "unit", "suite", "bed", "ward", "bay", "row", "ext"}
    | {"batch", "lot", "module", "lesson", "step", "page", "item", "line", "version", "ticket", "case", "order", "ref"}
)
"""Words that number things inside a building or a document ("Building 205", "Ext 4521", "Batch 1024"): no place."""
_KIND_ENDINGS = ("ology", "ics", "itis", "ment", "ing", "tion")


def _placed_word(word: str) -> bool:
    """Whether one word of a part may name a place: letters, no numbering word nor discipline or process, and no
    everyday English word ("dhanmondi", "kitengela", "marina" 3.8; not "tonight", "coverage", "assessment")."""
    word = word.strip(".,").lower()
    return (
        len(word) >= 3
        and word.isalpha()
        and word not in _NUMBERED
        and not word.endswith(_KIND_ENDINGS)
        and zipf(word) < EVERYDAY
    )


def _place_part(part: str, listed_place: Callable[[str], bool]) -> bool:
    """A part with no number that names a place ("Dhanmondi", "Marina Crown Tower", "Leeds"; not "Tests passed")."""
    words = part.split()
    return not any(ch.isdigit() for ch in part) and any(_placed_word(w) or listed_place(w) for w in words)


def _postcode_part(part: str, listed_place: Callable[[str], bool]) -> bool:
    """A part with a postcode: one of letters and digits ("LS6 1HR", "K1A 0B1", "1017 GC"), or digits beside a
    place's name ("Dhaka 1205", "coogee nsw 2034"; not "Batch 1024 tonight")."""
    if _LETTERED_POSTCODE.search(part) is not None:
        return True
    named = any(_placed_word(word) or listed_place(word) for word in part.split())
    return named and _POSTCODE_DIGITS.search(part) is not None


def _parts(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The comma-separated parts of text[start:end], up to the first that grows into a sentence: a stop word in
    lower case ends it there ("Casablanca was flooded"), and the address with it."""
    parts: list[tuple[int, int]] = []
    position = start
    while position < end:
        comma = text.find(",", position, end)
        part_end = end if comma == -1 else comma
        words = [(position + w.start(), position + w.end()) for w in regex.finditer(r"\S+", text[position:part_end])]
        cut = next((i for i, (a, b) in enumerate(words) if _carries_a_sentence(text[a:b])), None)
        if cut is None and len(words) > _PART_WORDS:
            cut = _PART_WORDS
        if cut is not None:
            if cut:
                parts.append((words[0][0], words[cut - 1][1]))
            return parts
        if words:
            parts.append((words[0][0], words[-1][1]))
        if comma == -1:
            break
        position = comma + 1
    return parts


def _carries_a_sentence(word: str) -> bool:
    """Whether a word inside an address's part starts a sentence's words ("was", "and", "the"): a stop word in
    lower case, not a particle of a name ("de", "of") nor a number's label ("no.")."""
    return word.islower() and word in STOP_WORDS and word not in _PARTICLES
