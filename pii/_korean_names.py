"""Korean names a word-by-word reading misses, found by how they are written (applied by
`pii._korean.KoreanNameRecognizer` beside its own rules):

- a two-syllable family name written apart from the given name ("남궁 예린", "독고 준"): only the five
  family names that are no Korean word (남궁, 독고, 선우, 제갈, 황보);
- a Vietnamese name in Hangul ("응우옌 티 란 님"): a Vietnamese family name as Korean writes it, then the
  words of one or two syllables after it, up to a title or a particle;
- a name's romanization beside it, as forms and passports write it ("견우진 / KYEON WOOJIN", "독고 준
  (Dokgo Jun)"), after a role ("고객(Sophie Lee)") or after a name's label ("성명(영문): TAK SEOYUN",
  "성명: Kim Minjun").

Pure patterns over the text (no Kiwi): each rule needs a mark no ordinary word has.
"""

from __future__ import annotations

import regex

from ._korean_words import _AFTER_NAME, _PERSON_CUES, _TITLE_WORD, HONORIFICS, family_of
from ._normalize import HANGUL_SYLLABLES

_H = f"[{HANGUL_SYLLABLES}]"
_COMPOUND_FAMILIES = ("남궁", "독고", "선우", "제갈", "황보")
_SPACED = regex.compile(rf"(?<!{_H})({'|'.join(_COMPOUND_FAMILIES)})[ \t]({_H}{{1,4}})(?!{_H})")
_VIETNAMESE_FAMILIES = ("응우옌", "응우엔", "응웬", "호앙", "후인", "부이", "응오", "즈엉")
_VIETNAMESE = regex.compile(rf"(?<!{_H})({'|'.join(_VIETNAMESE_FAMILIES)})((?:[ \t]{_H}{{1,4}}){{0,3}})")
_LATIN_NAME = r"(?-i:[A-Z][A-Za-z]+(?:[ \t]*[ ,-][ \t]*[A-Z][A-Za-z]+){1,2})"
"""Two or three capitalised or capital Latin words: a romanized name ("KYEON WOOJIN", "Dokgo Jun")."""
_ROMANIZED = regex.compile(
    rf"(?<!{_H})({_H}{{2,5}}|(?:{'|'.join(_COMPOUND_FAMILIES)})[ \t]{_H}{{1,2}})[ \t]*(?:/|\()[ \t]*({_LATIN_NAME})"
    r"[ \t]*(?=\)|/|,|\n|$)"
)
_ROLES = frozenset((*_PERSON_CUES, *HONORIFICS))
"""A role or a title before a bracketed name is no name itself ("고객(Sophie Lee)")."""
_LABELLED = regex.compile(
    rf"(?<!{_H})(?:성명|이름|영문[ \t]?(?:성명|이름)|영문명)[ \t]*(?:\([ \t]*영문[ \t]*\))?[ \t]*[:\uff1a][ \t]*"
    rf"({_LATIN_NAME})(?![A-Za-z])"
)


def written_names(text: str) -> list[tuple[int, int]]:
    """The spans of the names these rules find in `text` (the normalised view)."""
    spans: list[tuple[int, int]] = []
    for match in _SPACED.finditer(text):
        given = _given(match.group(2), longest=2)
        if given:
            spans.append((match.start(1), match.start(2) + given))
    for match in _VIETNAMESE.finditer(text):
        spans.append((match.start(1), match.start(2) + _vietnamese_given(match.group(2))))
    for match in _ROMANIZED.finditer(text):
        korean = match.group(1).replace(" ", "").replace("\t", "")
        if korean in _ROLES:
            spans.append(match.span(2))  # "고객(Sophie Lee)"
        elif len(korean) >= 3 and family_of(korean) is not None:
            spans += [match.span(1), match.span(2)]
    spans += [match.span(1) for match in _LABELLED.finditer(text)]
    return spans


def _given(word: str, longest: int) -> int:
    """How much of `word` is a given name of one to `longest` syllables, the rest what Korean writes after
    a name (a title, particles, a copula); 0 if no reading leaves such a rest."""
    for length in range(min(longest, len(word)), 0, -1):
        if _AFTER_NAME.fullmatch(word, length) is not None:
            return length
    return 0


def _vietnamese_given(words: str) -> int:
    """How far a Vietnamese name's given names run (the characters of `words` they take): words of one or two
    syllables, up to a title ("님과") or the word that carries the name's particle ("민이")."""
    taken = 0
    for match in regex.finditer(r"([ \t])(\S+)", words):
        word = match.group(2)
        if _TITLE_WORD.fullmatch(word) is not None:
            break
        given = _given(word, longest=2)
        if not given:
            break
        taken = match.start(2) + given
        if given < len(word):
            break  # a particle ends the name
    return taken
