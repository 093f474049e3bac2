"""Names that stand where no cue says person, known by their own shape (applied by `pii._names.NameRecognizer`):

- a family name after its initials ("K. Obi", "R.T. Wanjiru-Kamau", "K. Matsumoto"), where the family name is a
  listed surname or no everyday English word ("Plan B. Option", "Vitamin D. Intake" and the degree "B.Pharm" stay),
  and no compass point before a place ("N. Ireland", "S. Korea");
- a listed given name alone in the middle of a sentence, after a lower-case word or a comma ("statements came from
  Tshepo and Wiremu", "a reply to Kasia", "my wife, Fernanda, has"): only a name English seldom uses as a word (Zipf
  under 3, so not "Rita", "Victoria" nor "Mark", which sentences use as often for other things), no listed place
  and no word of an organisation or a product;
- a title's initial without its dot ("Ms O Adebayo-Cole"), not before an everyday word ("Mr T Shirt Sale");
- a given name of the dictionary, however often English uses it as a word, capitalised after a word in lower case in a
  line of a language that writes its nouns in lower case ("Grazie a Clive Hollis per l'aiuto", "Ho parlato con Rebecca
  e Daniel"): there a capital mid-sentence marks a name. Not a listed place, a month or a day, a word of an
  organisation or a product, a feast, a language or a brand (`pii._foreign_capitals.no_one`: "dolci di Natale", "naar
  het Frans"), nor after an article or a word of a thing's kind ("un Nissan", "la gatta Luna").

Pure patterns and word lists: the lists come in.
"""

from __future__ import annotations

from collections.abc import Collection

import regex

from . import _english as english
from . import wordlists
from ._foreign_capitals import no_one
from ._foreign_words import lines_in_other_languages
from ._name_shapes import _FAMILY_WORD, _UNCOMMON_PAIR_CEILING, _no_name_shaped
from ._name_words import _NOT_IN_A_NAME
from ._place_labels import AT, FROM, OF, PLACE_CUES

INITIALLED = regex.compile(
    rf"(?<![\p{{L}}\p{{N}}.&])((?:\p{{Lu}}\.[ \t]?){{0,2}}\p{{Lu}}\.)[ \t]+({_FAMILY_WORD})(?![\p{{L}}\p{{N}}])"
)
_COMPASS = frozenset({"N.", "S.", "E.", "W."})
_OPTION = regex.compile(r"(?<![\p{L}\p{N}.])(\p{Lu}\.)[ \t]+\p{Lu}")
"""A capital and a dot before a capitalised word: two or more such letters in a text are options or panels."""
_DEGREES = frozenset(
    {"M.D.", "B.A.", "M.A.", "B.S.", "M.S.", "B.Sc.", "M.Sc.", "Ph.D.", "J.D.", "D.O.", "R.N.", "B.Ed."}
)
_LABELLED = regex.compile(
    r"(?i:section|unit|form|figure|fig\.|step|plan|option|part|lot|question|answer|vitamin|hepatitis|type|grade|class"
    r"|category|group|level|phase|stage|block|room|table|exhibit|annex|appendix|article|chapter|schedule|item|q\d+)"
    r"[ \t\d.:)-]*$"
)
"""A word a letter numbers ("Section D.", "Step 2 B.", "Answer: D."): the letter is no initial."""
_STREET_AFTER = regex.compile(r"[ \t]+(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Pl)\b")
ALONE = regex.compile(
    r"(?<=(?<![\p{L}\p{N}])\p{Ll}[\p{L}\p{M}'\u2019-]*[ \t]+|,[ \t]+)(\p{Lu}\p{Ll}+)(?![ \t]+\p{Lu})(?![\p{L}\p{N}])"
)
"""A capitalised word after a word in lower case or a comma, not before another capitalised word (a pair is the other
rules', and "Kim Minjun" is one name, not "Minjun" after "Kim")."""


def initialled(text: str, surnames: Collection[str], places: Collection[str]) -> list[tuple[int, int]]:
    """The spans of initials and a family name; not a lettered option or panel ("A. Ribosome B. Nucleus", "Figure 2
    B. Quantification", "Plan B. Contingency"), a degree ("M.D. Pediatrics"), a street ("456 S. Halsted St") nor a
    word shaped like a discipline, a condition or a medicine ("C. Photosynthesis", "A. Paracetamol")."""
    options = {m.group(1) for m in _OPTION.finditer(text)}
    spans = []
    for match in INITIALLED.finditer(text):
        initials, family = match.group(1).strip(), match.group(2)
        if (len(options) >= 2 and initials in options) or initials.replace(" ", "") in _DEGREES:
            continue
        if _LABELLED.search(text, max(0, match.start() - 24), match.start()) or _STREET_AFTER.match(text, match.end()):
            continue
        seldom = english.zipf(family.lower()) < _UNCOMMON_PAIR_CEILING and family not in _NOT_IN_A_NAME
        compass = initials in _COMPASS and wordlists.split_key(family) in places
        if (family in surnames or (seldom and not _no_name_shaped(family))) and not compass:
            spans.append((match.start(1), match.end(2)))
    return spans


def given_names_alone(text: str, first_names: Collection[str], places: Collection[str]) -> list[tuple[int, int]]:
    """The spans of listed given names standing alone mid-sentence."""
    return [
        match.span(1)
        for match in ALONE.finditer(text)
        if (word := match.group(1)) in first_names
        and english.zipf(word.lower()) < english.UNCOMMON
        and word not in _NOT_IN_A_NAME
        and wordlists.split_key(word) not in places
    ]


OPENING = regex.compile(
    r"(?<=(?:^|[.!?:][\"\u201d)]?[ \t])[ \t]*(?:[-*\u2022\u2013][ \t]+)?)(\p{Lu}\p{Ll}+)"
    r"(?=['\u2019]s(?![\p{L}\p{N}])|[ \t]+\p{Ll}+(?![\p{L}\p{N}]))",
    regex.MULTILINE,
)
"""A capitalised word opening a line, a sentence, a field after its colon or an item of a list, before its "'s" or a
word in lower case ("Shirin is allergic", "Notes: Tharshini can", "Marek from the heating company", "Conor's
family")."""
BRACKETED = regex.compile(r"(?<=\([ \t]?)(\p{Lu}\p{Ll}+)(?:[ \t]*(?:&|and|,)[ \t]*(\p{Lu}\p{Ll}+))?(?=[ \t]?\))")
"""A capitalised word alone in brackets, or two joined ("Reception (Reem):", "car 7 (Tadhg)", "(Seán & Tommy)")."""
PAIRED = regex.compile(
    r"(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}+)[ \t]+(?:&|and|et|y|e|und|en|ve)[ \t]+(\p{Lu}\p{Ll}+)(?![\p{L}\p{N}])"
)
"""Two capitalised words joined by "and" in the prompts' languages ("Claire & Hugo", "Tamati and Wiremu")."""


def given_names_by_their_place(
    text: str, first_names: Collection[str], our_names: Collection[str], places: Collection[str]
) -> list[tuple[int, int]]:
    """The spans of listed given names where only a name stands: opening a sentence before a word in lower case (a name
    of the project's own list, `our_names`, that English seldom uses as a word and the prompts' other languages do not
    often: not the dictionary's "Prune", "Lard" nor Turkish "Sabah"), alone in brackets (not a list's first item:
    "(Carmen, 1875)"), or two joined by "and", one of them of the project's own list (names English uses as words too,
    short of everyday words: "Conor", "Chloe"; not "Rose and Grace", "Ben & Jerry's" nor the dictionary's "Yuzu &
    Tonka")."""

    def named(word: str, ceiling: float) -> bool:
        return (
            word in first_names
            and english.zipf(word.lower()) < ceiling
            and word not in _NOT_IN_A_NAME
            and wordlists.split_key(word) not in places
        )

    def opening(word: str) -> bool:
        everyday_elsewhere = english.zipf_elsewhere(word.lower()) >= english.EVERYDAY  # "Sabah erken", "Hiba történt"
        return word in our_names and named(word, english.UNCOMMON) and not everyday_elsewhere

    spans = [m.span(1) for m in OPENING.finditer(text) if opening(m.group(1))]
    for match in [*BRACKETED.finditer(text), *PAIRED.finditer(text)]:
        words = [match.group(group) for group in (1, 2) if match.group(group) is not None]
        ours = match.re is BRACKETED or any(word in our_names for word in words)
        if ours and all(named(word, english.EVERYDAY) for word in words):
            spans += [match.span(group) for group in (1, 2) if match.group(group) is not None]
    return spans


def an_undotted_initial_before_a_word(words: list[str]) -> bool:
    """The words after a title begin with an initial without its dot and an everyday word ("Mr T Shirt Sale", "Dr B
    Cell Lymphoma"): no name; "Ms O Adebayo-Cole" is one."""
    return len(words) > 1 and len(words[0]) == 1 and english.zipf(words[1].lower()) >= english.EVERYDAY


_CAPITALISED = regex.compile(r"\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?")
_BEFORE_A_PLACE = PLACE_CUES | AT | FROM | {"sa", "del"}
"""Prepositions of place in the prompts' languages ("vivimos en El Alto", "arriva da Torino", Tagalog's "sa Cebu",
"la romería del Rocío"): what follows them is a place or a feast as often as a person."""
_BEFORE_A_THING = frozenset(
    {"un", "una", "uno", "une", "um", "uma", "een", "ett", "bir", "unos", "unas", "progetto", "proyecto", "projeto"}
    | {"due", "tre", "dos", "tres", "dois", "duas", "twee", "drie", "två", "deux", "trois", "dwa", "dwie"}
    | {"projet", "liceo", "istituto", "stadio", "viale", "via", "corso", "piazza", "calle", "rua", "avenida", "zona"}
    | {"uragano", "huracán", "furacão", "tempête", "storm", "borrasca", "tifone", "cane", "gatto", "gatta", "perro"}
    | {"perra", "gato", "gata", "chat", "chatte", "hond", "kat", "katt", "hund", "pies", "kot", "marki", "marca"}
    | {"cóctel", "coctel", "drink", "profumo", "perfumy", "borsa", "abbonamento", "server", "cluster", "modello"}
    | {"modelo", "app", "sistema", "banda", "grupo", "gruppo", "ristorante", "restaurante", "squadra", "equipo"}
)
"""An indefinite article, a small number, or a word of a thing's kind, before what a capital names: a car, a drink
("due Margarita"), a pet, a storm, a school, a street, a project ("un Nissan Qashqai", "la gatta Luna", "il liceo
Galileo Galilei")."""
_NUMBER_AFTER = regex.compile(r"[ \t]*\d")
_CALENDAR = frozenset(
    {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November"}
    | {"December", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
)


def given_names_in_other_languages(text: str, names: Collection[str], places: Collection[str]) -> list[tuple[int, int]]:
    """The spans of given names of `names` (the dictionary's, words too) capitalised after a word in lower case in a
    line of a language that writes its nouns in lower case (`lines_in_other_languages`), with up to two capitalised
    words after them (the family name: "Clive Hollis", "Giacomo Ferraris Lanza")."""
    return [
        (offset + start, offset + end)
        for offset, line, words, _ in lines_in_other_languages(text)
        for start, end in _named(line, words, names, places)
    ]


def _named(
    line: str, words: list[regex.Match[str]], names: Collection[str], places: Collection[str]
) -> list[tuple[int, int]]:
    def after(i: int) -> bool:  # the word at i follows the one before it after one space
        return line[words[i - 1].end() : words[i].start()] == " "

    def a_name_word(word: str) -> bool:
        return _CAPITALISED.fullmatch(word) is not None and word not in _NOT_IN_A_NAME and word not in _CALENDAR

    spans = []
    for i in range(1, len(words)):
        word, before = words[i].group(), words[i - 1].group()
        if not (before.islower() and after(i) and a_name_word(word) and word in names):
            continue
        if no_one(word) or wordlists.split_key(word) in places or _a_number_after(line, words[i].end()):
            continue
        named_for = before in OF and i >= 2 and words[i - 2].group()[:1].isupper()  # "Hospital de Santo António"
        if before in _BEFORE_A_PLACE or before in _BEFORE_A_THING or named_for:
            continue
        last = i
        while last + 1 < len(words) and last < i + 2 and after(last + 1) and a_name_word(words[last + 1].group()):
            last += 1
        spans.append((words[i].start(), words[last].end()))
    return spans


def _a_number_after(line: str, end: int) -> bool:
    """Whether a number follows a word: a month's short name or a thing numbered ("sa Jan 15", "Sala Mille 2")."""
    return _NUMBER_AFTER.match(line, end) is not None
