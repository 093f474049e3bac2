"""The country on the line after an address, as a letter's or a label's last line writes it ("546 23 Thessaloniki" /
"Greece", "27090 Gaziantep" / "TÜRKİYE", "47001 Valladolid" / "España"): the recognizers find the address and leave the
line after it, a single word no preposition of place comes before. A line holding only a country, in English, in its
own language or as the letters an envelope uses ("USA", "U.K."), right after a line that ends with an address found,
or a place on a line with a postcode. Not two letters that are a word or a code too ("US", "OR"): a value found is
masked wherever the text holds it, "us" and "or" too. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import regex

from ._geonames import countries_and_states
from ._handles import folded
from ._spans import Entity

OWN_NAMES = frozenset(
    {"espana", "deutschland", "osterreich", "schweiz", "suisse", "svizzera", "italia", "polska", "cesko", "slovensko"}
    | {"ceska republika", "magyarorszag", "romania", "turkiye", "hellas", "ellada", "nederland", "belgie", "belgique"}
    | {"danmark", "sverige", "norge", "suomi", "eesti", "latvija", "lietuva", "hrvatska", "srbija"}
    | {"slovenija", "brasil", "mexico", "peru", "eire", "cymru", "bharat", "nippon", "republica dominicana"}
    | {"usa", "u.s.a.", "uk", "u.k.", "uae", "ksa", "prc", "drc"}
)
"""Countries as they write themselves, and as the letters an envelope uses, folded (`pii._handles.folded`)."""
_NEXT_LINE = regex.compile(
    r"(?:[ \t]+[\dA-Z][\dA-Z \t-]{0,14})?[ \t,]*\r?\n[ \t]*([^\n]{2,40}?)[ \t.]*$", regex.MULTILINE
)
"""The rest of the line (a state's code, a postcode in capitals and digits: "RAPID CITY SD 57701"), then a line of its
own."""


def countries_closing_addresses(text: str, spans: Sequence[Entity]) -> list[Entity]:
    """The countries of the module's docstring, as places."""
    found = []
    for span in spans:
        if span.type != "STREET_ADDRESS" and not (span.type == "LOCATION" and _beside_a_postcode(text, span)):
            continue  # "bought in Santa Fe" / "Chile" / "Onions": a list's word, not an envelope's last line
        line = _NEXT_LINE.match(text, span.end)
        if line is not None and folded(line.group(1)) in _countries():
            found.append(Entity("LOCATION", line.start(1), line.end(1), 0.6))
    return found


@cache
def _countries() -> frozenset[str]:
    return frozenset(folded(name) for name in countries_and_states()) | OWN_NAMES


def _beside_a_postcode(text: str, span: Entity) -> bool:
    """Whether a place's line is an address's last: nothing but a postcode's or a state's codes beside the place, and a
    number among them ("27090 Gaziantep", "RAPID CITY SD 57701"; not "Top destinations 2024: Lisbon")."""
    start = text.rfind("\n", 0, span.start) + 1
    end = text.find("\n", span.end)
    before, after = text[start : span.start], text[span.end : end if end != -1 else len(text)]
    codes = _CODES.fullmatch(before) is not None and _CODES.fullmatch(after.rstrip(" \t,")) is not None
    return codes and any(ch.isdigit() for ch in before + after)


_CODES = regex.compile(r"[\dA-Z \t-]*")
