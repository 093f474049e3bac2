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

It is an address only if it holds a digit (a house number or a postcode): "Address: see above" is none.
After "is" or a dash the value must start with a digit or a capital ("the address is wrong on invoice
4471" is none); with nothing between, like an address ("House 23", "17 Rue"), so that "we must address 5
issues" is not one: with nothing between, the label must be a noun (after "my", "home", ..., or misspelt
as people type it). An e-mail, IP or wallet address is not a place, nor a value in code ("ip_address",
"self.address = make_addr(1)", "bind-address: 127.0.0.1").
"""

from __future__ import annotations

import re

import regex

from ._english import zipf

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
_LABEL = regex.compile(
    r"(?<![\p{L}\p{N}_.-])(?<!(?i:e-?mail|ip|mac|web|url|wallet|server|host|memory|bluetooth|ipv[46])[ \t-])"
    rf"(?i:(?:{_QUALIFIER})?{_WORD})(?!\p{{L}})"
    r"(?:[ \t]*:[ \t]*"  # "Address: ...", any value
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
_EVERYDAY = 4.0
"""A word at least this common in English (Zipf) after a full stop starts a new sentence, not a place."""
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
        if word[0].islower() or zipf(word.lower()) >= _EVERYDAY:
            end = sentence.start()
            break
    return start + len(text[start:end].rstrip(" \t,.:-\u2013("))
