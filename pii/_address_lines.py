"""An address found in pieces, made whole: "Al Majaz 2, Building 17, Flat 1204, Sharjah", "Bryn Awel, Llanystumdwy,
LL52 0SS", "Surabaya 60226". The recognizers find a street, a neighbourhood, a town, each by itself (some of them as a
person's name), and leave the house's and the flat's numbers, the postcode and the commas between: the remote model
would read the numbers, and a postcode names a street. Where a run of words on one line is made only of what was found
and of an address's codes, and holds what only an address holds (a street, a postcode, a flat's or a building's
number), the whole run is one address.

A person found before the run's first mark of an address or after its last is no part of it ("Anna Smith, 12 Main
St, Leeds": a person, then an address; "Room 14. Do-hyun"): only a name found between two (a house's or a
neighbourhood's, read as a person's: "House No. 0417, Kaloleni Estate, house K-22, Kisumu") is. A list of towns or of
people holds no mark of an address and stays a list ("Paris, Lyon, Berlin"). Korean addresses are the Korean rules'.
Pure: no I/O.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

import regex

from . import _english as english
from ._address_words import EIRCODE, STATE_CODES, UK_POSTCODE
from ._spans import Entity, a_given_name

_PIECES = regex.compile(r"(?:[^\n\t|;()\[\]\"{}<>:]|:(?!\s))+")
"""A line's pieces an address never crosses: a line, a cell, a bracket, a quotation, a label's colon."""
_TOKEN = regex.compile(r"[^\s,/^\u2013\u2014]+")
"""A word between spaces, commas, slashes, carets (HL7's components) and dashes."""
_SENTENCE_END = regex.compile(r"(?<=\p{Ll}{2}|\d)\.(?=[ \t]+\p{Lu})")
_POSTCODE = regex.compile(
    rf"{UK_POSTCODE}|{EIRCODE}|[A-Z]\d[A-Z][ \t]?\d[A-Z]\d|\d{{4}}[ \t]?[A-Z]{{2}}(?![\w])|\d{{3}}[ \t]\d{{2}}"
    r"|\d{5}-\d{3}|\d{3}-\d{4}"
)
"""Postcodes that are no plain number: British, Irish, Canadian, Dutch, Czech and Greek, Brazilian, Japanese."""
_UNIT_WORDS = frozenset(
    {"flat", "apt", "apt.", "apto", "appt", "app", "app.", "apartment", "unit", "suite", "building", "bldg", "block"}
    | {"blk", "floor", "bl.", "sc.", "ap.", "et.", "int.", "piso", "dpto", "depto", "daire", "daire:", "kat", "bloco"}
    | {"lote", "bte", "imm.", "lgh"}
)
"""A flat's, a floor's or a building's word before its number or letter ("Flat 1204", "Building 17", "Block B"): a
mark of an address."""
_NUMBER_WORDS = frozenset({"no.", "nr.", "no:", "house", "lot", "plot", "room", "rd", "rt", "rw", "km", "#"})
"""Words before a number that an address holds as often as much else ("House No. 1187", "RT 04/RW 02", "Lot 12",
"No. 48213"): part of an address, no mark of one."""
_CODE = regex.compile(r"#?\d{1,5}[A-Za-z]?(?:[-/:]\d{1,5}[A-Za-z]?)*\.?|[A-Z]-?\d{1,4}|\d{1,4}-?[A-Z]|No:\d{1,5}")
"""A house's, a flat's or a block's number ("41", "14B", "B-42", "24-B", "18/3", "No:41")."""
_AFTER_A_UNIT = regex.compile(r"[A-Z]|#?[A-Za-z]{0,2}-?\d[\w/-]{0,7}[.:]?")
"""What follows a unit's word a space after it: its letter or its number ("Block B", "app. 3", "bl. C4")."""
_A_YEAR = regex.compile(r"(?:19|20)\d\d")
"""A year, never a postcode nor a house's number here ("Paris, 2024")."""
_A_TIME = regex.compile(r"\d{1,2}:\d\d(?::\d\d)?")
_DIGITS = regex.compile(r"\d{4,6}")
_HANGUL = regex.compile(r"[\uac00-\ud7a3]")
_BRIDGED = 4
"""Unfound words at most between a street and its town that `_bridge` makes part of the address."""
_SET_OFF = regex.compile(r"[,/]|\s[\u2013\u2014-]\s")
"""A comma, a slash or a dash between spaces: what sets an address's parts apart."""
_FUNCTION_WORD = 6.0
"""English's commonest words (Zipf at or above: "The", "And", "Then" 6.3), none of a place's name but "New"."""
_NOT_A_PLACES_PART = frozenset(
    {"room", "level", "conference", "ticket", "tickets", "required", "overview", "brief", "meeting", "entrance"}
    | {"reception", "desk", "venue", "session", "agenda", "gate", "parking", "lobby", "booth", "stand"}
)
"""Words of a venue's or an event's directions between a street and its town ("12 Main Street, Conference Room B,
London", "1 Canada Square, Level 39, Ticket Required, London"): no part of the address's place."""
_CODES = ("code", "digits", "unit", "number word")
"""What `_kind` makes of a number and of the words before one."""
_PARTICLES = frozenset({"de", "da", "do", "dos", "das", "del", "la", "le", "van", "von", "al", "el"})
"""Lower-case words inside a place's name ("Moinhos de Vento")."""
_ADDRESS_MATERIAL = ("PERSON", "LOCATION", "STREET_ADDRESS")
"""What a found value may be to be a piece of an address (a neighbourhood or a town is often read as a person)."""
_LOOK_BACK = 8
"""Found spans before a word that may hold it (spans inside spans, as a street inside its address)."""

_Kind = Entity | str | None
"""What a word is to an address: the found span it lies in, "postcode", "digits", "unit", "code", or None (a word that
breaks a run)."""
_Token = tuple[int, int, _Kind]


def address_lines(text: str, spans: Sequence[Entity]) -> list[Entity]:
    """Spans of the addresses found in pieces (the module's docstring), each from its first piece to its last."""
    found: list[Entity] = []
    ordered = sorted(spans, key=lambda span: span.start)
    if sum(span.type in _ADDRESS_MATERIAL for span in ordered) < 2 and not any(
        span.type == "STREET_ADDRESS" for span in ordered
    ):
        return found
    starts = [span.start for span in ordered]
    for piece in _PIECES.finditer(text):
        at = piece.start()
        if _HANGUL.search(text, *piece.span()):
            continue  # Korean addresses are the Korean rules'
        for end in [*(m.end() for m in _SENTENCE_END.finditer(text, *piece.span())), piece.end()]:
            found += _runs(text, _tokens(text, ordered, starts, at, end))
            at = end
    return found


def _tokens(text: str, ordered: Sequence[Entity], starts: list[int], start: int, end: int) -> list[_Token]:
    """A sentence's words, each with what it is to an address: a postcode written in two words is one ("LS6 1AP"); a
    unit's word is one only before its number; digits before a word in lower case are no postcode ("Paris 1500
    euros")."""
    words = [m.span() for m in _TOKEN.finditer(text, start, end) if m.group() != "-"]
    merged: list[tuple[int, int]] = []
    for span in words:
        if merged and text[merged[-1][1] : span[0]] == " " and _POSTCODE.fullmatch(text[merged[-1][0] : span[1]]):
            merged[-1] = (merged[-1][0], span[1])
        else:
            merged.append(span)
    tokens = [(first, last, _kind(text, first, last, ordered, starts)) for first, last in merged]
    _bridge(text, tokens)
    for at, (first, last, kind) in enumerate(tokens):
        following = tokens[at + 1] if at + 1 < len(tokens) else None
        spaced = following is not None and text[last : following[0]] == " "
        if kind == "digits" and spaced and following is not None and text[following[0]].islower():
            tokens[at] = (first, last, None)
        if kind not in ("unit", "number word"):
            continue
        numbered = spaced and following is not None and bool(_AFTER_A_UNIT.fullmatch(text[following[0] : following[1]]))
        tokens[at] = (first, last, ("unit" if kind == "unit" else "code") if numbered else None)
        if numbered and following is not None and following[2] is None:
            tokens[at + 1] = (following[0], following[1], "code")  # "Block B"
    return tokens


def _bridge(text: str, tokens: list[_Token]) -> None:
    """Words no recognizer found between a street and the town or postcode after it, set off by commas or dashes, made
    part of the address ("7 Admiralty Way, Lekki Phase 1, Lagos", "12 Kloof Nek Road, Tamboerskloof, Cape Town",
    "Rua Padre Chagas, 312 - apto 501 - Moinhos de Vento - Porto Alegre"): at most `_BRIDGED` words, each capitalised,
    a code, or a name's particle; never a given name ("12 Main St, Anna, Leeds"), a time, one of English's commonest
    words or a venue's directions (`_NOT_A_PLACES_PART`)."""
    at = 0
    while at < len(tokens):
        if tokens[at][2] is not None or at == 0:
            at += 1
            continue
        end = at
        while end < len(tokens) and (tokens[end][2] is None or tokens[end][2] in _CODES):
            end += 1
        if end < len(tokens) and _bridgeable(text, tokens, at, end):
            for inside in range(at, end):
                if tokens[inside][2] is None:
                    tokens[inside] = (tokens[inside][0], tokens[inside][1], "code")
        at = end


def _bridgeable(text: str, tokens: list[_Token], first: int, end: int) -> bool:
    """Whether the unfound words among `tokens[first:end]` lie inside an address (`_bridge`)."""
    before, after = tokens[first - 1][2], tokens[end][2]
    words = [text[start:stop] for start, stop, kind in tokens[first:end] if kind is None]
    if len(words) > _BRIDGED or not (_a_place(after) or after == "postcode"):
        return False
    if not (_a_street(before) or before in _CODES or (_a_place(before) and after == "postcode")):
        return False
    if not (
        _set_off(text, tokens[first - 1], tokens[first])
        and (after == "postcode" or _set_off(text, tokens[end - 1], tokens[end]))
    ):
        return False  # a postcode's town or label stands a space before it ("Porto Alegre/RS - CEP 90570-080")
    behind = first - 1
    while behind >= 0 and tokens[behind][2] is not None:
        if _a_street(tokens[behind][2]) or tokens[behind][2] in ("unit", "postcode"):
            break
        behind -= 1
    if behind < 0 or tokens[behind][2] is None:
        return False  # no street, flat or postcode before: "Table 4, Smith Partners, London"
    return all(
        (
            word[:1].isupper()
            and not a_given_name(word)
            and (english.zipf(word.lower()) < _FUNCTION_WORD or word == "New")
            and word.lower() not in _NOT_A_PLACES_PART
        )
        or word in _PARTICLES
        or (_CODE.fullmatch(word) is not None and _A_TIME.fullmatch(word) is None)
        for word in words
    )


def _set_off(text: str, left: _Token, right: _Token) -> bool:
    return _SET_OFF.search(text, left[1], right[0]) is not None


def _kind(text: str, first: int, last: int, ordered: Sequence[Entity], starts: list[int]) -> _Kind:
    """What a word is to an address (`_Kind`); a unit's word and a number's are "unit" and "number word" until
    `_tokens` has seen what follows them."""
    word = text[first:last]
    if _A_TIME.fullmatch(word):
        return None  # "14:00 — 27 Huddersfield Road"
    before = bisect.bisect_right(starts, first) - 1
    for at in range(before, max(-1, before - _LOOK_BACK), -1):
        span = ordered[at]
        if span.end >= last - (text[last - 1] in ".:"):
            if span.type == "STREET_ADDRESS" and _POSTCODE.fullmatch(text[span.start : span.end]):
                return "postcode"  # a postcode found alone ("Ballinrobe, F31 KX83")
            return span if span.type in _ADDRESS_MATERIAL and not _someone(text, span) else None
    if word.lower() in _UNIT_WORDS:
        return "unit"
    if word.lower() in _NUMBER_WORDS:
        return "number word"
    if _A_YEAR.fullmatch(word):
        return None
    if _DIGITS.fullmatch(word):
        return "digits"
    if word in STATE_CODES:
        return "code"
    if _POSTCODE.fullmatch(word.rstrip(".")):  # a sentence's full stop after it
        return "postcode"
    return "code" if _CODE.fullmatch(word) else None


def _runs(text: str, tokens: list[_Token]) -> list[Entity]:
    """The addresses among a sentence's words: runs of words each inside a found span or an address's code."""
    found = []
    run: list[_Token] = []
    for token in [*tokens, (0, 0, None)]:
        if token[2] is not None:
            run.append(token)
            continue
        for part in _between_people(text, run):
            address = _an_address(text, part)
            if address is not None:
                found.append(Entity("STREET_ADDRESS", *address, 0.6))
        run = []
    return found


def _between_people(text: str, run: list[_Token]) -> list[list[_Token]]:
    """A run cut at each person found between two addresses ("12 Main Street, Leeds LS1 4AB, Bob Green, 5 High
    Street"): a street, a postcode or a unit on either side."""
    strong = [at for at in range(len(run)) if _a_mark(text, run, at) and not _a_place_alone(run[at][2])]
    parts, start = [], 0
    for at, (_, _, kind) in enumerate(run):
        before = bisect.bisect_left(strong, at)  # the strong marks before `at`: strong[:before]
        if _a_person(kind) and before and strong[before - 1] >= start and before < len(strong):
            parts.append(run[start:at])
            start = at + 1
    return [*parts, run[start:]]


def _a_place_alone(kind: _Kind) -> bool:
    return _a_place(kind) and not _a_street(kind)


def _an_address(text: str, run: list[_Token]) -> tuple[int, int] | None:
    """The span of a run of words that is one address, from its first mark of an address (or the codes before a unit's
    word) to its last, and the places and the codes a space apart after it up to a person found (the module's
    docstring): a town before a street stays apart ("In 2024 Berlin, 12 Baker Street"), and so do numbers after a
    comma or a dash at its end ("LS6 1AP, 34, 87"). A place and its digits alone are an address when the run holds one
    such pair ("Surabaya 60226"; not "London 2500, Paris 1800", prices, nor "London, Paris, Berlin 10115"). None where
    it holds no found value besides or adds nothing to what was found."""
    marked = [at for at in range(len(run)) if _a_mark(text, run, at)]
    strong = [at for at in marked if not _a_place_alone(run[at][2])]
    digits = [at for at in strong if run[at][2] == "digits"]
    if strong and len(digits) == len(strong):  # a place and its postcode of digits, nothing else
        if len(digits) > 1:
            return None
        place = digits[0] - 1 if digits[0] > 0 and _a_place(run[digits[0] - 1][2]) else digits[0] + 1
        first, last = sorted((digits[0], place))
    elif strong:
        units = any(run[at][2] in ("postcode", "unit") for at in strong)
        strongly = set(strong)
        marks = [at for at in marked if units or at in strongly]  # a place marks an address beside a postcode or unit
        first, last = marks[0], marks[-1]
        while first > 0 and run[first][2] == "unit" and isinstance(run[first - 1][2], str):
            first -= 1  # a house's number before its flat ("135, apto 1102"); not a date ("12/5, 14 Elm St")
        while last + 1 < len(run) and not _a_person(run[last + 1][2]):
            last += 1
        while last > first and run[last][2] in ("code", "digits") and text[run[last - 1][1] : run[last][0]] != " ":
            last -= 1  # "LS6 1AP, 34, 87": a table's numbers after the address
    else:
        return None
    kinds = [kind for _, _, kind in run[first : last + 1]]
    values = {(kind.start, kind.end) for kind in kinds if isinstance(kind, Entity)}
    if not values or len(values) + sum(isinstance(kind, str) for kind in kinds) < 2:
        return None
    if all(isinstance(kind, Entity) for kind in kinds) and len(values) < 2:
        return None
    start, end = run[first][0], run[last][1]
    while end > start and text[end - 1] in ".,:":
        end -= 1
    return start, end


def _a_street(kind: _Kind) -> bool:
    return isinstance(kind, Entity) and kind.type == "STREET_ADDRESS"


def _a_place(kind: _Kind) -> bool:
    return isinstance(kind, Entity) and kind.type in ("LOCATION", "STREET_ADDRESS")


def _someone(text: str, span: Entity) -> bool:
    """Whether a person found is someone rather than a house's or a neighbourhood's name read as a person's: a given
    name opens it ("Bob Green" between two addresses on one line)."""
    return span.type == "PERSON" and a_given_name(text[span.start : span.end].split()[0])


def _a_mark(text: str, run: list[_Token], at: int) -> bool:
    """Whether a run's word marks an address: a street or a place found (not a person's name; a place only where the
    run holds a street or another mark), a postcode, a unit's word, a postcode of digits a space from a place
    ("Surabaya 60226", "44000 Nantes"; not "Tokyo, 2500")."""
    kind = run[at][2]
    if isinstance(kind, Entity):
        return kind.type in ("STREET_ADDRESS", "LOCATION")
    return kind in ("postcode", "unit") or (kind == "digits" and _beside_a_place(text, run, at))


def _a_person(kind: _Kind) -> bool:
    return isinstance(kind, Entity) and kind.type == "PERSON"


def _beside_a_place(text: str, run: list[_Token], at: int) -> bool:
    """Whether the run's `at`th word stands a space from a place or an address found, before or after it."""
    for other in (at - 1, at + 1):
        if 0 <= other < len(run):
            kind = run[other][2]
            gap = text[min(run[at][1], run[other][1]) : max(run[at][0], run[other][0])]
            if isinstance(kind, Entity) and kind.type in ("LOCATION", "STREET_ADDRESS") and gap == " ":
                return True
    return False
