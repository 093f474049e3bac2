"""Where a named person lives, as a local paper or a notice writes it: "of" and the place right after the name ("Frank
Gildea of Lahardane celebrated", "Mr and Mrs Niall Rafferty of Lisburn, Co. Antrim.", "Kev "Macca" McAlister of
Rylstone, who", "Mrs Margaret Storr of Church Street said"), the town after a letter's signature closing its line
("... - Doreen Plant (Mrs), Longton"), or the places between dashes after a name in a list ("Mrs Bridget Tierney -
Carrowkeel, Neale - 9 ac", any dash).

The name is one the other recognizers found (two words at least, or a title and a word), so the cue is the name, not
"of" alone: "the Duke of York", "Bank of Ireland", "Isle of Skye" have none before them. The place is one to three
capitalised words ending at a stop, a comma, a bracket or a word in lower case, with one more such run after a comma
("of Portree, Isle of Skye,"). It is a street, a listed place, or a word English seldom uses that is no body's,
brand's, acronym's or department's and has a British or Irish town's shape or follows a titled name (`_a_home`): not
"of Acme Solutions", "of Nvidia", "of Procurement", "Anna Lee of Marketing"; "Col Smithers of Home Rule" stays.
Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from . import _english as english
from ._address_words import STREET_TYPE
from ._given_names import given_names_abroad
from ._name_words import ORDINARY_CAPITALISED, listed_names
from ._places import a_listed_place
from ._spans import Entity

_WORD = r"(?:\p{Lu}\p{Ll}{0,2}\.(?=[ \t]+\p{Lu})|\p{Lu}[\p{L}'\u2019-]*)"
"""A capitalised word, or a short one with its dot before the next ("Co. Antrim", "St. Helens"; not "Westcliff.
The")."""
_LINKED = r"(?:of|upon|under|le|sur)"
_RUN = rf"{_WORD}(?:[ \t]+(?:{_LINKED}[ \t]+)?{_WORD}){{0,2}}"
"""One to three capitalised words, a place's own link between them ("Isle of Skye", "Newcastle upon Tyne"; not "on":
"of Leeds on Friday")."""
_END = r"(?=[ \t]*(?:[,.;:!?()\r\n]|$)|[ \t]+\p{Ll}|[ \t]+[-\u2013\u2014][ \t])"
"""What ends a place: a stop, a bracket, a line's end, a word in lower case, a dash between spaces (a list's "of
Lewisham - Theft")."""
_OF_A_PLACE = regex.compile(
    r"(?P<notice>,[ \t]*\d{1,3},|[ \t]+\((?:née|nee|born|geb\.)[ \t][^()\n]{1,30}\)|[ \t]+\(\d{1,3}\))?"
    r"(?:[ \t]+\(\p{Lu}\p{Ll}+\))?"
    rf"[ \t]+of[ \t]+(?P<place>{_RUN}){_END}(?:,[ \t]+(?P<wider>{_RUN}){_END})?"
)
"""" of " and a place after a name: the place, and maybe a wider one after a comma ("Isle of Skye", "Co.
Antrim"); before it maybe the person's age or maiden name, as a notice or a court's list writes them (`notice`:
"Josephine Kilonzo, 71, of Tegeta", "Thandiwe Mthembu (née Dlamini) of KwaMashu", "OKONKWO-BAKER, Tiana (19) of
Lewisham"), or the name they go by ("Aroha Ngata (Nana) of Rotorua")."""
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
_BRAND_SHAPED = regex.compile(
    r"\p{Lu}\p{Lu}|(?<!^Ma?c)\p{Ll}\p{Lu}(?!.*-)|(?:ology|ogy|ics|ment|ing|tion|sion|ance|ence|ness|ship|ity)$"
)
"""Capitals together or inside a word (an acronym, a brand: "OpenAI", "DeepMind"; not "McAllen", nor a hyphenated
province, "KwaZulu-Natal"), or a discipline's, a department's or an abstract noun's ending ("Cardiology",
"Purchasing", "Compliance")."""
_TITLES = frozenset({"Mr", "Mrs", "Ms", "Miss", "Mx", "Dr", "Cllr", "Fr", "Rev", "Sr", "Prof", "Col", "Capt", "Sgt"})
_TOWN_SHAPED = regex.compile(
    r"(?:more|town|ton|ford|by|ham|wick|bury|field|ville|burgh|borough|ley|stone|port|mouth|bridge|well|dale|hurst"
    r"|minster|combe|heath|ane|ina|een|agh|ough|ock|ick|ogue|anna)$"
    r"|^(?:Bally|Kil|Carrow|Knock|Drum|Clon|Dun|Rath|Tully|Lis|Ard|Glen|Inis|Ennis|Aber|Llan|Pen|Tre|Strath|Inver)"
)
"""How the names of towns, villages and townlands end or begin in Britain and Ireland ("Longton", "Lahardane",
"Ballina", "Carrowkeel", "Llanberis"): an unlisted word of that shape after a name is taken for a home."""
_TITLE_BEFORE = regex.compile(rf"(?<!\p{{L}})(?:{'|'.join(_TITLES)})\.?[ \t]+$")

_SIGNED_HOME = regex.compile(
    rf"(?:[ \t]+\((?:Mr|Mrs|Ms|Miss|Dr|Cllr)\))?,[ \t]*({_WORD}(?:[ \t]+{_WORD}){{0,2}})[ \t]*(?=\r?\n|$)"
)
"""The writer's town closing a letter's line after the name it is signed with ("- Doreen Plant (Mrs), Longton")."""
_SIGNING_DASH = regex.compile(r"[.!?\"\u201d)][ \t]+[-\u2013\u2014][ \t]*$")
"""A letter's signature: a dash after its last sentence, on the same line."""
_PLACE = regex.compile(rf"{_WORD}(?:[ \t]+{_WORD}){{0,2}}")
_DASHED_HOME = regex.compile(
    rf"[ \t]+[-\u2013\u2014][ \t]+({_WORD}(?:[ \t]+{_WORD}){{0,2}}(?:,[ \t]*{_WORD}(?:[ \t]+{_WORD}){{0,2}}){{0,2}})"
    r"(?=[ \t]+[-\u2013\u2014][ \t])"
)
"""A list's line of a name, its places and its details between dashes ("Mrs Bridget Tierney - Carrowkeel, Neale - 9
ac", any dash): group 1 the places."""


_LISTED_HOME = regex.compile(
    rf"(?:[ \t]*\([^()\n]{{1,20}}\))?,[ \t]*(?:\u00b0?\d[\d/.-]{{5,9}},[ \t]*)?({_RUN})"
    r"(?=[ \t]*(?:\r?\n|$|[)|;]|[ \t][-\u2013\u2014][ \t]))"
)
"""A list's item of a name, maybe a role in brackets or a birth date, then one place closing the item ("Calum MacAoidh
(keeper), Portree\n", "Marcel Vanhoutte, °30/01/1939, Izegem - diabetes", "(Mr Pemba Sherpa, Boudha)")."""


def homes_after_people(text: str, people: Sequence[Entity]) -> list[Entity]:
    """LOCATION spans of the places named after a person's name in `people` (the module's docstring)."""
    found = []
    of = " of " in text
    for person in people:
        words = text[person.start : person.end].replace(".", " ").split()
        if person.type != "PERSON" or not words:
            continue
        titled_before = _TITLE_BEFORE.search(text, max(0, person.start - 8), person.start) is not None
        if len(words) < 2 and words[0] not in _TITLES and not titled_before:
            continue  # one word alone is too weak a cue: "Tonka of ..." ("Mrs Storr of" is one)
        signed = _SIGNING_DASH.search(text, max(0, person.start - 4), person.start) is not None
        home = _SIGNED_HOME.match(text, person.end) if signed else None
        if home is not None and _a_home(home.group(1), vouched=False):
            found.append(Entity("LOCATION", home.start(1), home.end(1), 0.6))
        listed = _LISTED_HOME.match(text, person.end)
        if listed is not None and not _a_name(listed.group(1)) and _a_listed_home(text, person.start, listed.group(1)):
            found.append(Entity("LOCATION", *listed.span(1), 0.6))
        dashed = _DASHED_HOME.match(text, person.end)
        places = _PLACE.finditer(text, *dashed.span(1)) if dashed is not None else ()
        found += [Entity("LOCATION", *place.span(), 0.6) for place in places if _a_home(place.group(), vouched=False)]
        match = _OF_A_PLACE.match(text, person.end) if of else None
        titled = words[0] in _TITLES or _TITLE_BEFORE.search(text, max(0, person.start - 8), person.start) is not None
        titled = titled or (match is not None and match.group("notice") is not None)  # a notice's age or née
        if match is None or not _a_home(match.group("place"), vouched=titled):
            continue
        found.append(Entity("LOCATION", *match.span("place"), 0.6))
        if match.group("wider") is not None and _a_home(match.group("wider"), vouched=True):
            found.append(Entity("LOCATION", *match.span("wider"), 0.6))
    return found


_AN_ITEM = regex.compile(r"[ \t]*(?:\d{1,3}[.)]?|[-*\u2022\u2013])[ \t]+")
"""What opens a list's item: its number or its bullet."""


def _a_listed_home(text: str, start: int, place: str) -> bool:
    """Whether the words closing a list's item after a name are where they live: a listed place, or, on a line opened
    by an item's number or bullet, words English seldom uses of no body's or brand's ("3. Tharshan & Nithya
    Balasubramaniam, Uentrop - 500 EUR"; not a signature's department: "Katharina Moosbrugger, Schadenabteilung")."""
    if a_listed_place(place):
        return _a_home(place, vouched=False)
    line_start = text.rfind("\n", 0, start) + 1
    return _AN_ITEM.match(text, line_start) is not None and _a_home(place, vouched=True)


def _a_name(words: str) -> bool:
    """Whether words after a name and its comma are a name's: a register's given names ("Patel, Priya")."""
    given = given_names_abroad()
    return any(word in listed_names() or word in given for word in words.split())


def _a_home(place: str, vouched: bool) -> bool:
    """Whether words after a name name a place someone lives in: a street's name, or a listed place, or words with no
    body's, organisation's, brand's or acronym's among them and one English seldom uses ("of Lahardane"; not "of
    OpenAI", "of Nvidia", ", CTO") that has a town's shape (`_TOWN_SHAPED`) or comes after a titled name (`vouched`:
    "Mr and Mrs Alasdair MacLeod of Portree"; not "Dario Amodei of Anthropic")."""
    words = [word.strip(".'\u2019") for word in place.split() if not word.islower()]
    if STREET_TYPE.fullmatch(words[-1]) and len(words) > 1 and words[-1] not in _INSTITUTIONS:
        return True  # "of Church Street"; not "of Southwark Crown Court"
    if a_listed_place(place):
        return not any(word in _INSTITUTIONS for word in words)
    for word in words:
        if word in _INSTITUTIONS or word in ORDINARY_CAPITALISED or _BRAND_SHAPED.search(word):
            return False  # a body's, a brand's, an acronym's, a department's ("OpenAI", "CTO", "Cardiology")
    rare = any(english.zipf(word.lower()) < english.EVERYDAY for word in words)
    return rare and (vouched or _TOWN_SHAPED.search(words[0]) is not None or _TOWN_SHAPED.search(words[-1]) is not None)
