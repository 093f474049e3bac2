"""Street addresses typed in lower case, as chats and transcripts write them ("i live at 27 ring road challenge ibadan",
"yes i'm 21 kofi annan st, community 11, tema.", "meine neue adresse ist hechinger str 23, 72072 tübingen").

The capitalised forms (`pii._addresses`) match case-sensitively: "3 blocks down the road" and "sent 5 via Slack" are
no addresses. In lower case a street needs more: a house number, a street's name and its type after a word that puts
an address there ("live at", "address is", "i'm", "in", "adresse ist", "direccion es", ...), or a house number after a
street's name that its type ends or opens ("hechinger str 23", "ulica szeroka 14", "calle luna 12"; not "via", an
English word too). After the street, what completes an address on its line goes with it: a unit ("apt 6"), then up
to three tokens that start no sentence (a district, a town, a state, a postcode). Pure: no I/O.
"""

from __future__ import annotations

import regex
from spacy.lang.en.stop_words import STOP_WORDS

from . import _english as english

_CUE = (
    r"(?:live[sd]?|living|stay(?:ing)?|at|in|is|i['\u2019]?m|its|it['\u2019]s|address|addr|adresse|adres|ist|es|direcci[oó]n"
    r"|endere[cç]o|indirizzo|to|from|moved|move|send|ship|deliver)"
)
"""Words after which a number opens an address in lower-case writing."""
_TYPE = (
    r"(?:street|st|road|rd|avenue|ave|av|lane|ln|court|ct|drive|dr|close|crescent|cres|way|place|pl|boulevard|blvd"
    r"|terrace|tce|highway|hwy|parade|grove|square|sq|gardens|row|mews|circle|cir|str|strasse|straße|weg|gasse"
    r"|allee|platz)"
)
_WORD = r"[\p{Ll}\p{M}'\u2019-]+"
_NUMBER_FIRST = regex.compile(
    rf"(?<![\w.,-])(?<=(?<!\w){_CUE}[ \t]{{1,3}}(?:no\.?[ \t]{{0,3}})?)\d{{1,5}}[a-z]?(?:[/-]\d{{1,4}})?[ \t]+"
    rf"(?:(?:n|s|e|w|ne|nw|se|sw)[ \t]+)?(?:(?:\d{{1,4}}(?:st|nd|rd|th)|{_WORD})[ \t]+){{1,3}}{_TYPE}\.?(?![\w-])",
)
"""A house number after a cue, one to three words of a street's name, its type: "27 ring road", "21 kofi annan st",
"28114 sw 142nd ave"."""
_NAME_FIRST = regex.compile(
    rf"(?<![\w'\u2019-]){_WORD}[ \t]*(?:str\.?|strasse|straße|weg|gasse|allee|platz)[ \t]+\d{{1,4}}[a-z]?(?![\w-])"
    rf"|(?<![\w-])(?:rue|calle|rua|avenida|ulica|ul\.|straat)[ \t]+(?:{_WORD}[ \t]+){{0,3}}{_WORD}[ \t,]+"
    rf"\d{{1,4}}[a-z]?(?![\w-])"
)
"""A street's name before its number, the type a word of its own or its end ("hechinger str 23", "ulica szeroka
14", "calle luna 12")."""
_GATE = regex.compile(rf"(?<![\w-]){_TYPE}(?![\w-])|str\b|(?:rue|calle|rua|avenida|ulica|ul\.|straat)[ \t]")
_UNIT = regex.compile(r"[ \t,]+(?:apt|apto|unit|flat|suite|ste|app|wohnung|mieszkanie|m\.?|daire|piso)\.?[ \t]*\d+\w?")
_TOKEN = regex.compile(r"([ \t]*,?[ \t]*)([\w'\u2019-]+)(\.?)")
_TAIL = 3
"""Tokens an address takes after its street and unit at most: a district, a town, a state, a postcode."""
_LETTERS = regex.compile(r"\p{L}{2,}")
_WEAK_TYPES = frozenset({"drive", "dr", "way", "place", "pl", "close", "court", "ct", "row", "square", "sq", "gardens"})
"""Street types that are everyday words too: a street only after a name that is no everyday words ("3 ardnaree
court"; not "20 min drive")."""
_POSTCODE = regex.compile(r"\d{4,6}")


def lower_case_addresses(text: str) -> list[tuple[int, int]]:
    """The spans of the street addresses typed in lower case in `text` (the module's docstring)."""
    if _GATE.search(text) is None:
        return []
    spans = []
    for pattern in (_NUMBER_FIRST, _NAME_FIRST):
        for match in pattern.finditer(text):
            street = match.group(0)
            words = _LETTERS.findall(street)
            if street != street.lower() or any(word in STOP_WORDS for word in words):
                continue  # a capitalised address is `pii._addresses`'s; "in 4/52 with dr. mehra" is none
            if words[-1] in _WEAK_TYPES and all(english.zipf(word) >= english.EVERYDAY for word in words[:-1]):
                continue  # "it's 20 min drive from here", "in 2 easy way": everyday words before a weak type
            spans.append((match.start(), _with_the_rest(text, match.end())))
    return spans


def _with_the_rest(text: str, end: int) -> int:
    """Where the address whose street ends at `end` ends: after its unit and up to three tokens of its line that
    start no sentence (no stop word, no contraction, nothing capitalised: "the boiler is gone", "i'm in nigeria"),
    one word at most after a postcode ("72072 tübingen falls post kommt": "72072 tübingen"), none after a ZIP code
    after a state ("homestead fl 33033")."""
    if (unit := _UNIT.match(text, end)) is not None:
        end = unit.end()
    taken: list[str] = []
    while len(taken) < _TAIL and (token := _TOKEN.match(text, end)) is not None and token.group(1):
        word = token.group(2)
        if word.lower() in STOP_WORDS or "'" in word or "\u2019" in word or word != word.lower():
            break
        end = token.end(2)
        if token.group(3) or (taken and _POSTCODE.fullmatch(taken[-1]) and not _POSTCODE.fullmatch(word)):
            break  # a full stop, or the town after its postcode
        if _POSTCODE.fullmatch(word) and taken:
            break  # a ZIP code after its state
        taken.append(word)
    return end
