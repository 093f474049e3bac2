"""Names that name things, not the text's people: a disease, a method, a unit or an award named after someone
("Hashimoto's thyroiditis", "Kalman filter", "Geiger counter", "the Rosalind Franklin wing"), and storms
("Hurricane Beryl", "Typhoon Haikui"). A name the model or a rule found there is dropped by `pii._redactor`.

Pure patterns over the text.
"""

from __future__ import annotations

import regex

_NAMED_THINGS = frozenset(
    {"algorithm", "transform", "transforms", "transformation", "smoother", "chain", "chains", "theorem", "lemma"}
    | {"conjecture", "inequality", "equation", "equations", "correction", "functional", "criterion"}
    | {"criteria", "estimator", "sampler", "kernel", "integral", "coefficient", "paradox", "constant", "principle"}
    | {"effect", "score", "stain", "staining", "assay", "reagent", "broth", "extractor", "refractometer", "apparatus"}
    | {"rearrangement", "coupling", "disease", "syndrome", "thyroiditis", "lymphoma", "palsy", "reflex", "counter"}
    | {"filter", "distance", "proportional", "curve", "correlation"}
)
"""What a family name alone before it names, as a thing named after someone ("Kalman filter", "Apgar score"); not
what a person's name stands before as often, a verb or a record ("Maria sign the form", "Can Maria process it", "Kim
test"), nor after a whole name ("Maria Lopez score was 12")."""
_HONOURS = frozenset({"prize", "medal", "award", "lecture", "fellowship", "institute", "wing"})
"""What a whole name before it names too ("the Rosalind Franklin wing", "the Alan Turing Institute")."""
_OWNED_THINGS = frozenset(
    {"disease", "syndrome", "thyroiditis", "lymphoma", "palsy", "sign", "law", "laws", "theorem", "principle"}
    | {"constant", "paradox", "reagent", "phenomenon", "ulcer", "razor"}
)
"""What a name with "'s" before it names ("Parkinson's disease", "Occam's razor"); not what a person's own is as
often ("Kim's score", "Maria's method", "Ahmed's solution": "Ringer's solution" stays masked)."""
_AFTER = regex.compile(r"(['\u2019]s)?(?:[\u2013-]\p{Lu}\p{Ll}+)*[ \t]+(\p{L}+)")
_STORMS = regex.compile(r"(?:\b(?:Hurricane|Typhoon|Cyclone|Storm|Tropical Storm)[ \t]+)$")
_STORM_FIRST = regex.compile(r"(?:Hurricane|Typhoon|Cyclone|Storm)[ \t]")


def a_storm(text: str, start: int, end: int) -> bool:
    """Whether the name at `start:end` is a storm's, or the word that says so ("Hurricane Beryl", "Typhoon")."""
    return _STORM_FIRST.match(text, start) is not None or _STORMS.search(text, max(0, start - 20), start) is not None


def an_eponym(text: str, start: int, end: int) -> bool:
    """Whether the person's name at `start:end` names a thing after someone, or a storm (the module's docstring)."""
    if a_storm(text, start, end):
        return True
    after = _AFTER.match(text, end)
    if after is None:
        return False
    thing = after.group(2).lower()
    if thing in _HONOURS and not after.group(1):
        return True
    one_name = _ONE_NAME.fullmatch(text, start, end) is not None  # two names joined by a dash too
    return one_name and thing in (_OWNED_THINGS if after.group(1) else _NAMED_THINGS)


_ONE_NAME = regex.compile(r"\p{Lu}\p{Ll}+(?:[\u2013-]\p{Lu}\p{Ll}+)*")


_LOWER_NAMED = regex.compile(r"[ \t-]+(\p{Ll}+)")
_MORE_NAMED_THINGS = frozenset(
    {"diagram", "diagrams", "burner", "scheme", "schemes", "tractor", "plane", "sums", "numbers"}
)


def a_thing_in_lower_case(text: str, start: int, end: int) -> bool:
    """Whether a name's part repeated in lower case names a thing after its person: a word of the things named after
    people follows it ("a venn diagram", "the bunsen burner", "a ponzi scheme", "the lobachevsky plane"), not a
    person's doing ("tharshini prefers texts")."""
    after = _LOWER_NAMED.match(text, end)
    thing = after.group(1) if after is not None else ""
    return text[start:end].islower() and (thing in _NAMED_THINGS or thing in _MORE_NAMED_THINGS)


_DISHES = regex.compile(
    r"(?i:earl[ \t]+grey|lady[ \t]+grey|eggs[ \t]+(?:benedict|florentine)|beef[ \t]+(?:wellington|stroganoff)"
    r"|peach[ \t]+melba|melba[ \t]+toast|pizza[ \t]+margherita|bloody[ \t]+mary|caesar[ \t]+salad|granny[ \t]+smith"
    r"|chicken[ \t]+à[ \t]+la[ \t]+king|sole[ \t]+véronique|croque[ \t]+(?:madame|monsieur)|lobster[ \t]+thermidor"
    r"|oysters[ \t]+rockefeller|cobb[ \t]+salad|fettuccine[ \t]+alfredo|crêpes?[ \t]+suzette|bananas[ \t]+foster"
    r"|waldorf[ \t]+salad|victoria[ \t]+sponge|tarte[ \t]+tatin|bakewell[ \t]+tart|chelsea[ \t]+bun|eccles[ \t]+cake"
    r"|cumberland[ \t]+sausage|yorkshire[ \t]+pudding|worcestershire[ \t]+sauce|black[ \t]+forest[ \t]+(?:cake|gateau)"
    r"|margherita|bellini|pavlova|stroganoff|sachertorte|chateaubriand|negroni)(?!\p{L})"
)
"""Dishes and drinks named after a person or a place ("Earl Grey", "Eggs Benedict", "Beef Wellington", "Peach Melba",
"Pavlova"); not those a person is named as often ("Tom Collins", "Arnold Palmer", "Shirley Temple", "Rob Roy")."""


def a_dish(text: str, start: int, end: int) -> bool:
    """Whether the person or place found at `start:end` lies inside a dish's or a drink's name (`_DISHES`): a menu's."""
    return any(m.start() <= start and end <= m.end() for m in _DISHES.finditer(text, max(0, start - 30), end + 30))
