"""Where a named person lives, as a local paper or a notice writes it: "of" and the place right after the name ("Frank
Gildea of Lahardane celebrated", "Mr and Mrs Niall Rafferty of Lisburn, Co. Antrim.", "Kev "Macca" McAlister of
Rylstone, who", "Mrs Margaret Storr of Church Street said"), the town after a letter's signature closing its line
("... - Doreen Plant (Mrs), Longton"), or the places between dashes after a name in a list ("Mrs Bridget Tierney -
Carrowkeel, Neale - 9 ac", any dash).

The name is one the other recognizers found (two words at least, or a title and a word), so the cue is the name, not
"of" alone: "the Duke of York", "Bank of Ireland", "Isle of Skye" have none before them. The place is one to three
capitalised words ending at a stop, a comma, a bracket or a word in lower case, with one more such run after a comma
("of Portree, Isle of Skye,"); not an organisation's name ("of Acme Solutions", "of Leeds University"), nor only
everyday words that name no listed place or street ("Anna Lee of Marketing", "Col Smithers of Home Rule" stays).
Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from . import _english as english
from ._name_words import ORGANISATION_HEADS
from ._places import a_listed_place
from ._spans import Entity

_WORD = r"(?:\p{Lu}\p{Ll}{0,2}\.(?=[ \t]+\p{Lu})|\p{Lu}[\p{L}'\u2019-]*)"
"""A capitalised word, or a short one with its dot before the next ("Co. Antrim", "St. Helens"; not "Westcliff.
The")."""
_RUN = rf"{_WORD}(?:[ \t]+(?:of[ \t]+)?{_WORD}){{0,2}}"
_END = r"(?=[ \t]*(?:[,.;:!?)\r\n]|$)|[ \t]+\p{Ll})"
_OF_A_PLACE = regex.compile(rf"[ \t]+of[ \t]+({_WORD}(?:[ \t]+{_WORD}){{0,2}}){_END}(?:,[ \t]+({_RUN}){_END})?")
"""" of " and a place after a name: group 1 the place, group 2 a wider one after a comma ("Isle of Skye", "Co.
Antrim")."""
_INSTITUTIONS = frozenset(
    {"University", "Council", "Bank", "Church", "Club", "School", "Society", "Trust", "Institute", "Association"}
    | {"Foundation", "Court", "Police", "Parliament", "Assembly", "Board", "Ministry", "Commerce", "Health", "Trade"}
    | {"Company", "Corporation", "Industries", "Enterprises", "Media", "News", "Times", "Post", "Herald", "FC"}
    | {"Education", "Finance", "Marketing", "Sales", "Engineering", "Operations", "Legal", "Research", "Affairs"}
    | {"Justice", "State", "Defence", "Defense", "Agriculture", "Staff", "Arts", "Science", "Sciences", "Medicine"}
    | {"Directors", "Governors", "Trustees", "Representatives", "Commons", "Lords", "Congress", "Senate", "America"}
)
"""Words of a body, a department or a trade, not of a place someone lives in ("John Lee of Marketing", "a Minister of
State", "Daniel Ortega of the Bank")."""
_STREET_ENDS = frozenset(
    {"Street", "St", "Road", "Rd", "Lane", "Avenue", "Ave", "Drive", "Close", "Way", "Terrace", "Crescent", "Place"}
    | {"Park", "Grove", "Gardens", "Walk", "Row", "Square", "Hill", "Green", "View", "Estate"}
)
"""What a street's name ends with: "of Church Street" locates someone, everyday words and all."""
_TITLES = frozenset({"Mr", "Mrs", "Ms", "Miss", "Mx", "Dr", "Cllr", "Fr", "Rev", "Sr", "Prof", "Col", "Capt", "Sgt"})


_SIGNED_HOME = regex.compile(
    rf"(?:[ \t]+\((?:Mr|Mrs|Ms|Miss|Dr|Cllr)\))?,[ \t]*({_WORD}(?:[ \t]+{_WORD}){{0,2}})[ \t]*(?=\r?\n|$)"
)
"""The writer's town closing a letter's line after the name it is signed with ("- Doreen Plant (Mrs), Longton")."""
_SIGNING_DASH = regex.compile(r"[-\u2013\u2014][ \t]*$")
_PLACE = regex.compile(rf"{_WORD}(?:[ \t]+{_WORD}){{0,2}}")
_DASHED_HOME = regex.compile(
    rf"[ \t]+[-\u2013\u2014][ \t]+({_WORD}(?:[ \t]+{_WORD}){{0,2}}(?:,[ \t]*{_WORD}(?:[ \t]+{_WORD}){{0,2}}){{0,2}})"
    r"(?=[ \t]+[-\u2013\u2014][ \t])"
)
"""A list's line of a name, its places and its details between dashes ("Mrs Bridget Tierney - Carrowkeel, Neale - 9
ac", any dash): group 1 the places."""


def homes_after_people(text: str, people: Sequence[Entity]) -> list[Entity]:
    """LOCATION spans of the places named with "of" right after a person's name in `people` (the module's
    docstring)."""
    found = []
    for person in people:
        words = text[person.start : person.end].replace(".", " ").split()
        if person.type != "PERSON" or not (len(words) >= 2 or (words and words[0] in _TITLES)):
            continue
        signed = _SIGNING_DASH.search(text, max(0, person.start - 3), person.start) is not None
        home = _SIGNED_HOME.match(text, person.end) if signed else None
        if home is not None and _a_home(home.group(1)):
            found.append(Entity("LOCATION", home.start(1), home.end(1), 0.6))
        dashed = _DASHED_HOME.match(text, person.end)
        places = _PLACE.finditer(text, *dashed.span(1)) if dashed is not None else ()
        found += [Entity("LOCATION", *place.span(), 0.6) for place in places if _a_home(place.group())]
        match = _OF_A_PLACE.match(text, person.end) if " of " in text else None
        if match is None or not _a_home(match.group(1)):
            continue
        found.append(Entity("LOCATION", match.start(1), match.end(1), 0.6))
        if match.group(2) is not None and _a_home(match.group(2)):
            found.append(Entity("LOCATION", match.start(2), match.end(2), 0.6))
    return found


def _a_home(place: str) -> bool:
    """Whether the words after "of" name a place someone lives in: a street's name, or no body's or organisation's word
    and a word English seldom uses or a listed place."""
    words = [word.strip(".'\u2019") for word in place.split() if word != "of"]
    if words[-1] in _STREET_ENDS:
        return True
    if any(word in _INSTITUTIONS or word in ORGANISATION_HEADS for word in words):
        return False
    if any(english.zipf(word.lower()) < english.EVERYDAY for word in words):
        return True
    return a_listed_place(place)
