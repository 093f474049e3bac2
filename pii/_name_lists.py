"""People listed beside a person found, and the names in brackets after one (applied by
`pii._names.NameRecognizer`): pure functions over the text and the spans found so far.

- In a chain of neighbours joined by connectors ("A B, C D and E F", "Morag MacLeod, Eilidh (new), Hamish
  Urquhart"), every capitalised pair is a person once one member is; a single word is one too if it is a listed
  given name, or seldom an English word and two members are people or pairs ("Jane Doe, Svelte and Vite" are a
  stack). One pass over the spans in text order: a list of any length costs no more than its reading.
- A nickname in quotes inside a name, short for the given or the family name beside it, makes the words around it
  one name ("Chukwuemeka "Emeka" Obi", "Rohan 'Ronny' Deshpande"; not a product's model: "Penfolds "Grange" Shiraz").
- A name in brackets right after a person's is the one they go by, or their name in their own script
  ("Kateryna Bondarenko (Katia)", "Ioana Munteanu (prefers Oana)", "ZHANG Wei-Lun (张伟伦)"); not a word of an
  organisation or a product ("(Finance)"), a discipline ("Dr Patel (Cardiology)"), a role or a team ("(담당자)").
"""

from __future__ import annotations

from collections.abc import Callable, Collection

import regex

from . import _english as english
from . import _name_cues as cues
from ._korean_words import KOREAN_ROLES, family_of
from ._name_shapes import _name_part, _no_name_shaped, _plain_name, _union
from ._name_words import _CONNECTOR, _LONGEST_CONNECTOR, _NOT_IN_A_NAME, AND
from ._spans import SpanIndex

_HANGUL = regex.compile(r"\p{Hangul}")


def _hangul_name(words: str) -> bool:
    """A name in Hangul in brackets after a person's: one word of a Korean name's shape, or two words (a foreign
    name transliterated) that are no role, title or team."""
    parts = words.split()
    if len(parts) == 2:
        return not any(part in KOREAN_ROLES or part.endswith(("팀", "부", "과", "실")) for part in parts)
    return family_of(words) is not None and words not in KOREAN_ROLES


_PERSON, _PAIR, _SINGLE = 0, 1, 2
"""What a span in a list is (`listed`): a person found, a capitalised pair, a single word."""

_LISTED_WORD = regex.compile(
    rf"(?:(?<=[,;&+][ \t]{{0,3}})|(?<=(?<!\p{{L}})(?:{AND})[ \t]{{1,3}}))"
    r"\p{Lu}\p{Ll}+(?:-\p{Lu}?\p{Ll}+)?(?![\p{L}\p{M}'\u2019-])(?![ \t]+\p{Lu})"
    r"|(?<![\p{L}\p{M}'\u2019.-])(?<!\p{Lu}[\p{L}\p{M}'\u2019-]{0,30}[ \t]{1,3})\p{Lu}\p{Ll}+(?:-\p{Lu}?\p{Ll}+)?"
    rf"(?=[ \t]{{0,3}}(?:\([^()\n]{{1,40}}\)[ \t]{{0,3}})?(?:[,;]|[ \t]{{1,3}}(?:{AND}|&|\+)[ \t]))"
)
"""A capitalised word standing alone in a list, a connector before it or after it, no capitalised word beside it
("Eilidh", not "Harbourside" of "Harbourside Lettings")."""


def nicknames(text: str, ends: set[int]) -> list[tuple[int, int]]:
    """The names in brackets right after the people ending at `ends` (the module's docstring)."""
    spans = []
    for end in sorted(ends):
        match = cues.NICKNAME.match(text, end)
        if match is None:
            continue
        nickname = match.group(1)
        if _HANGUL.match(nickname) and not _hangul_name(nickname):
            continue  # "(담당자)", "(마케팅팀)": a role or a team, not "(김민준)" nor "(마이클 톰슨)"
        if _name_part(nickname) and nickname not in _NOT_IN_A_NAME and not _no_name_shaped(nickname):
            spans.append(match.span(1))
    return spans


def listed(
    text: str,
    people: set[tuple[int, int]],
    seldom_a_word: Callable[[tuple[int, int], str], bool],
    first_names: Collection[str],
) -> list[tuple[int, int]]:
    """The pairs and single words listed beside `people` (the module's docstring); `seldom_a_word` says whether one
    capitalised word may be a name."""
    if not people:
        return []
    known = SpanIndex(people)
    pairs = [
        (m.start(), m.end())
        for m in cues.LISTED_PAIR.finditer(text)
        if _plain_name([g for g in m.groups() if g]) and not known.overlaps(m.start(), m.end())
    ]
    taken = SpanIndex({*people, *pairs})
    singles = [
        m.span() for m in _LISTED_WORD.finditer(text) if not taken.overlaps(*m.span()) and seldom_a_word(m.span(), text)
    ]
    spans = sorted(
        [(start, end, _PERSON) for start, end in _union(people)]
        + [(s, e, _PAIR) for s, e in pairs]
        + [(s, e, _SINGLE) for s, e in singles]
    )
    added: list[tuple[int, int]] = []
    chain: list[tuple[int, int, int]] = []
    for span in [*spans, (len(text) + _LONGEST_CONNECTOR + 1, 0, _PAIR)]:  # the sentinel ends the last chain
        last = chain[-1] if chain else None
        gap = span[0] - last[1] if last is not None else -1
        if last is not None and 0 < gap <= _LONGEST_CONNECTOR and _CONNECTOR.fullmatch(text, last[1], span[0]):
            chain.append(span)
            continue
        added += _chained(text, chain, first_names)
        chain = [span]
    return added


def _chained(text: str, chain: list[tuple[int, int, int]], first_names: Collection[str]) -> list[tuple[int, int]]:
    """The people a chain of listed spans adds: its pairs once one member is a person; its single words too if two
    members are people or pairs, or if the word is a listed given name."""
    if not any(kind == _PERSON for _, _, kind in chain):
        return []
    several = sum(kind != _SINGLE for _, _, kind in chain) >= 2
    return [
        (start, end)
        for start, end, kind in chain
        if kind == _PAIR or (kind == _SINGLE and (several or text[start:end] in first_names))
    ]


_CAPITALISED = r"\p{Lu}[\p{Ll}\p{M}]+(?:['\u2019-]\p{Lu}?[\p{Ll}\p{M}]+)?"
_SAID = r"\p{Lu}[\p{L}\p{M}.-]*(?:[ \t]\p{Lu}[\p{L}\p{M}.-]*){0,2}"
_QUOTED_NICKNAME = regex.compile(
    rf"(?<![\p{{L}}\p{{N}}])(?P<given>{_CAPITALISED}(?:[ \t]{_CAPITALISED})?)[ \t]+"
    rf"(?P<nickname>[\"\u201c]{{1,2}}(?P<said>{_SAID})[\"\u201d]{{1,2}}|['\u2018](?P<said>{_SAID})['\u2019]"
    rf"|\((?P<said>{_SAID})\))"
    rf"[ \t]+(?P<family>{_CAPITALISED}(?:[ \t]{_CAPITALISED})?)(?![\p{{L}}\p{{M}}\p{{N}}])",
    regex.MULTILINE,
)
"""Words of a name around a nickname in quotes or in brackets ("Gwendolyn (Gwen) Pritchard-Evans")."""
_BRACKETED_NICKNAME = regex.compile(r"\p{L}[ \t]+\(\p{Lu}\p{Ll}+\)[ \t]+\p{Lu}")
"""A capitalised word in brackets between words: where `_QUOTED_NICKNAME`'s brackets may stand."""


def quoted_nicknames(text: str, listed: Callable[[str], bool]) -> list[tuple[int, int]]:
    """The names with a nickname in quotes inside (`_QUOTED_NICKNAME`), from the given name to the family name, where
    the nickname is short for the given or the family name (it opens as one does, or is part of it: "Emeka" of
    "Chukwuemeka", "Vicky" of "Vignesh", "Coop" of "Cooper") and no word is an organisation's or a product's. A
    product's model is written so too, but is nobody's short name ("Penfolds "Grange" Shiraz", "Ikea 'Billy' Bookcase");
    a nickname in quotes that is not counts after a listed name and before family names that are listed or seldom
    English words ("Dean "Tonka" Whitlock", a CSV's 'Mette ""Mus"" Kragh'; not "Ikea 'Billy' Bookcase"). A given name of
    two words does not open with an everyday English word (`listed` names aside): "Starring Bradley "Coop" Cooper" is
    "Bradley"'s. In brackets, a word around it is a listed name or the words after it are seldom English ones ("Sajeev
    (Sajju) Pillai"), and no word after it is an everyday one: "Laboratory (Lab) Results" defines a short form,
    "Victoria (Vic) Market" names a place, "Google (Goog) Pixel" a product."""
    if not any(mark in text for mark in ('"', "'", "\u201c", "\u2018")) and _BRACKETED_NICKNAME.search(text) is None:
        return []
    spans = []
    for match in _QUOTED_NICKNAME.finditer(text, overlapped=True):  # "Thanks Rohan 'Ronny' Deshpande": from Rohan
        given, said = match.group("given").split(), match.group("said")
        around = [*given, *match.group("family").split()]
        if any(word in _NOT_IN_A_NAME for word in [*around, *said.split()]):
            continue
        opening = given[0] if len(given) > 1 else None
        if opening is not None and english.zipf(opening.lower()) >= english.EVERYDAY and not listed(opening):
            continue
        family = match.group("family").split()
        seldom_words = all(english.zipf(word.lower()) < english.UNCOMMON for word in family)
        if match.group("nickname").startswith("(") and (
            not (seldom_words or any(listed(part) for word in around for part in word.split("-")))
            or any(english.zipf(word.lower()) >= english.EVERYDAY for word in family)
        ):
            continue  # "Laboratory (Lab) Results", "Alexander (Alex) Technique": a short form defined, a thing's name
        quoted = not match.group("nickname").startswith("(")
        seldom_family = all(listed(word) or english.zipf(word.lower()) < english.UNCOMMON for word in family)
        if any(_short_for(said, word) for word in around) or (quoted and listed(given[0]) and seldom_family):
            spans.append((match.start("given"), match.end()))
    return spans


def _short_for(nickname: str, word: str) -> bool:
    """Whether `nickname` may be short for `word`: it opens with the same two letters, or is part of it."""
    nickname, word = nickname.casefold(), word.casefold()
    return nickname[:2] == word[:2] or (len(nickname) >= _SHORTEST_PART and nickname in word)


_SHORTEST_PART = 3
