"""A person or a place found in one script, spelled again in another right beside it: "Nino Beridze / ნინო ბერიძე",
"พิมพ์ชนก บุญมา (Pimchanok Boonma)", "Mariam\\nمريم سعيد الكتبي", "Lim Wei Jie 林伟杰". A prompt in English seldom
holds a recognizer for Georgian, Thai or Arabic names, but the other spelling is the cue: the words beside a found name,
in another script, that sound as it does (`same_sounds`) are the same value.

How it sounds is read from a transliteration into ASCII (`anyascii`) reduced to its consonants, since Arabic and Hebrew
write no short vowels and Thai's and Greek's are spelled unlike English's ("مريم" and "Mariam" are both "mrm"). Chinese
characters transliterate to Mandarin, which a Hokkien or Cantonese spelling need not follow ("陈慧敏", "Chen Hui Min"
for "Tan Hui Min"): they are the same name where a Chinese family name opens them (`a_chinese_name`) and their given
name sounds as the name's other words, as many characters as those have syllables. Japanese characters read otherwise
than their Chinese: `pii._han_names`' Japanese names. Pure: no I/O (but `wordfreq`'s lists, read as `pii._english`
reads them).
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Sequence
from difflib import SequenceMatcher
from functools import lru_cache

import regex
from anyascii import anyascii

from . import _english as english
from ._abjad_and_thai_names import ARABIC_NAME_WORDS
from ._given_names import recognizers_dictionary_names
from ._han_names import HAN_COMPOUND_FAMILIES, a_chinese_name
from ._name_words import listed_names
from ._spans import Entity

_WORD = regex.compile(r"[\p{L}\p{M}](?:[\p{L}\p{M}\u200c\u200d\u30fb\u30fc'\u2019.-]*[\p{L}\p{M}])?")
"""A word of any script, with the joiners, apostrophes, dots and hyphens inside it ("マリア・サントス")."""
_GAP = r"[ \t\u3000]*(?:[/|\u00b7\u2022:\uff1a,\uff0c(\uff08\u2013\u2014-][ \t\u3000]*|\r?\n[ \t\u3000]*)?"
_AFTER = regex.compile(_GAP)
_BEFORE = regex.compile(_GAP, regex.REVERSE)
"""What may stand between a name and its other spelling, after it or before it: a space, a slash, a bar, a colon, a
comma, a dash, an opening bracket ("Nino Beridze / ნინო ბერიძე", "พิมพ์ชนก บุญมา (Pimchanok Boonma)") or a line
break."""
_SPACE = regex.compile(r"[ \t\u3000]+")
_WORD_BEFORE = regex.compile(_WORD.pattern, regex.REVERSE)
_SPACE_BEFORE = regex.compile(_SPACE.pattern, regex.REVERSE)
_MOST_WORDS = 4
"""A name's other spelling has four words at most; a fifth in the same script is a sentence, not a name."""
_LINE_ENDS = regex.compile(r"[ \t\u3000]*(?:\r?\n|\Z)")
_RUN_ENDS = regex.compile(r"\s|[\p{P}\p{S}]|\Z")
_ALIKE = 0.8
"""How alike two names' sounds must be (difflib's ratio) to be one name in two scripts."""
_SHORTEST = 3
"""Consonants a name must have for its sound to tell it apart."""
_CLASSES = str.maketrans("vfqcgdzxl", "bpkkktssr")
"""Consonants that scripts (or their transliterations) spell alike: "b"/"v" (Hebrew's ב), "p"/"f", "k"/"q"/"c"/"g",
"t"/"d", "s"/"z"/"x", "r"/"l" (Japanese and Korean write one for both)."""


def spelled_in_other_scripts(text: str, spans: Sequence[Entity]) -> list[Entity]:
    """Spans of the other spellings beside the people and places found (the module's docstring), typed as them."""
    found = []
    for span in spans:
        if span.type not in ("PERSON", "LOCATION"):
            continue
        value = text[span.start : span.end]
        script = _script_of(value)
        if script is None:
            continue
        after = _AFTER.match(text, span.end)
        words = _words_from(text, after.end(), step=1) if after is not None else []
        below = span.type == "PERSON" and after is not None and "\n" in after.group()  # a name's line, then its own
        run = _spelling(value, text, _one_script(text, words, script), after=True, whole_name_after=below)
        if run is not None:
            found.append(Entity(span.type, *run, span.score))
        before = _BEFORE.match(text, 0, span.start)
        words = _words_from(text, before.start(), step=-1) if before is not None else []
        run = _spelling(value, text, _one_script(text, words, script), after=False, whole_name_after=False)
        if run is not None:
            found.append(Entity(span.type, *run, span.score))
    return found


def _words_from(text: str, at: int, step: int) -> list[tuple[int, int]]:
    """Up to one more than `_MOST_WORDS` words from `at`, rightwards (`step` 1) or leftwards, spaces between them."""
    words: list[tuple[int, int]] = []
    while len(words) <= _MOST_WORDS:
        word = _WORD.match(text, at) if step > 0 else _WORD_BEFORE.match(text, 0, at)
        if word is None:
            break
        words.append(word.span())
        space = _SPACE.match(text, word.end()) if step > 0 else _SPACE_BEFORE.match(text, 0, word.start())
        if space is None:
            break
        at = space.end() if step > 0 else space.start()
    return words


def _one_script(text: str, words: list[tuple[int, int]], found_in: str) -> list[tuple[int, int]]:
    """The words nearest a found value in one script other than its own (`found_in`), up to the first in another;
    none where they run past `_MOST_WORDS` (a sentence in that script)."""
    script = _script_of(text[words[0][0] : words[0][1]]) if words else None
    if script in (None, found_in):
        return []
    same = list(itertools.takewhile(lambda word: _script_of(text[word[0] : word[1]]) == script, words))
    if script == "LATIN":  # a name's words: not "mother of" in "mother of Jae-min (윤재민)", "Galaxy Fold"
        same = list(itertools.takewhile(lambda word: _a_names_word(text[word[0] : word[1]]), same))
    return same if len(same) <= _MOST_WORDS else []


def _a_names_word(word: str) -> bool:
    """Whether a Latin word beside a name in another script may be a word of its spelling: capitalised, and no
    everyday English word unless a given name or surname the recognizers may use ("Georgia Mavridou"; not "Galaxy
    Fold")."""
    if not word[0].isupper():
        return False
    if english.zipf(word.lower()) < english.EVERYDAY:
        return True
    name = word.capitalize()
    return name in listed_names() or name in recognizers_dictionary_names()


def _spelling(
    found: str, text: str, words: list[tuple[int, int]], after: bool, whole_name_after: bool
) -> tuple[int, int] | None:
    """The span of the nearest of `words` that spell `found` again: as many as sound most like it (where none sounds
    as the whole of it, the fewest that sound as its first or last word, or as its words the other way round); all of
    them up to the line's end where the first spells a person's given name found alone on the line above, and none of
    the others is an everyday word of its language ("Mariam\\nمريم سعيد الكتبي"; not "Samir\\nسمير شكرا جزيلا");
    the nearest Chinese characters where they are a Chinese name spelled as the found one, after it the first of them
    ("Lim Wei Jie 林伟杰", "林伟杰说他明天来"; not "Kevin 王总说"). Words that run into digits are none ("ნინო5")."""
    if not words:
        return None
    first, last = min(words[0][0], words[-1][0]), max(words[0][1], words[-1][1])
    if _script_of(text[words[0][0] : words[0][1]]) == "CJK":
        length = _chinese_length(found, text[words[0][0] : words[0][1]])
        whole = words[0][0] + length == words[0][1]
        return (words[0][0], words[0][0] + length) if length and (after or whole) else None
    if not (_RUN_ENDS.match(text, last) and (first == 0 or _RUN_ENDS.match(text, first - 1))):
        return None
    runs = [(min(words[0][0], word[0]), max(words[0][1], word[1])) for word in words]
    score, count = max((_sounds_alike(found, text[start:end]), count) for count, (start, end) in enumerate(runs))
    if score >= _ALIKE:
        best: tuple[int, int] | None = runs[count]
    else:  # by its first or last word, or its words the other way round
        best = next(((start, end) for start, end in runs if _alike(found, text[start:end])), None)
    whole_line = whole_name_after and best == words[0] and " " not in found and _LINE_ENDS.match(text, last)
    if whole_line and not any(_everyday(text[start:end]) for start, end in words[1:]):
        return first, last  # a given name alone, then the whole name on a line of its own
    return best


def _chinese_length(found: str, han: str) -> int:
    """How many of the Chinese characters beside a name spell it (0 where none do): a Chinese name of as many
    characters as the name has syllables, sounding as it does or with a given name sounding as its other words ("Tan
    Hui Min", "陈慧敏": Hokkien's family name, Mandarin's given name), whether a sentence follows them or not
    ("林伟杰说他明天来", "Wang Fang 王芳你好")."""
    words = [word for word in regex.split(r"[\s-]+", found) if word]
    family = 2 if han.startswith(HAN_COMPOUND_FAMILIES) else 1
    lengths = {family + _syllables(given) for given in (words[1:], words[:-1]) if given} or {len(han)}
    best, length = 0.0, 0
    for count in sorted(lengths):
        alike = _chinese_likeness(found, han[:count]) if 2 <= count <= min(len(han), _LONGEST_HAN) else 0.0
        if alike > 0 and alike >= best:
            best, length = alike, count
    return length


def _syllables(words: list[str]) -> int:
    """How many syllables Latin words of a Chinese name spell: their runs of vowels ("Siqi" 2, "Yue" 1)."""
    return sum(len(_VOWEL_RUN.findall(word.lower())) for word in words)


def _chinese_likeness(found: str, han: str) -> float:
    spelled = anyascii(han).lower()
    words = [word.lower() for word in regex.split(r"[\s-]+", found) if word]
    if spelled in ("".join(words), "".join(reversed(words))) and a_chinese_name(han):
        return 1.0  # Mandarin spelled as written: "Sun Yue 孙悦", "Xu Yi 徐毅"
    if not a_chinese_name(han):
        return _likeness(found, han) if _likeness(found, han) >= _ALIKE else 0.0
    if _script_of(found) == "HANGUL" and len(found.replace(" ", "")) == len(han):
        return 1.0  # a Korean name's characters, one a syllable ("황보성진 / 皇甫成鎭"), read otherwise in Mandarin
    given = han[2:] if han.startswith(HAN_COMPOUND_FAMILIES) else han[1:]
    others = [" ".join(words[1:]), " ".join(words[:-1])] if len(words) > 1 else []
    sounds = same_sounds(given, vowels=True)
    alike = max([_ratio(sounds, same_sounds(other, vowels=True)) for other in others if len(sounds) >= 2] or [0.0])
    whole = _likeness(found, han)
    return max(whole if whole >= _ALIKE else 0.0, alike if alike >= _GIVEN_ALIKE else 0.0)


_LONGEST_HAN = 4
_GIVEN_ALIKE = 0.6
"""How alike a Chinese given name's Mandarin and the Latin words beside it must sound ("詠欣" and "Wing Yan")."""
_EVERYDAY_IN_ITS_LANGUAGE = 5.0
"""A Zipf frequency from which a word is everyday in its language ("спасибо" 5.6, "شكرا" 5.3; not "سعيد" as a name)."""
_LANGUAGES = {"ARABIC": "ar", "HEBREW": "he", "CYRILLIC": "ru", "GREEK": "el", "DEVANAGARI": "hi", "BENGALI": "bn"}
_LANGUAGES |= {"TAMIL": "ta", "KANA": "ja", "HANGUL": "ko", "LATIN": "en"}


def _everyday(word: str) -> bool:
    """Whether a word is an everyday word of the language its script writes (wordfreq), not a name of Arabic's lists."""
    language = _LANGUAGES.get(_script_of(word) or "")
    if language is None or word in ARABIC_NAME_WORDS:
        return False
    import wordfreq

    return bool(wordfreq.zipf_frequency(word, language) >= _EVERYDAY_IN_ITS_LANGUAGE)


def _alike(found: str, other: str) -> bool:
    return _likeness(found, other) >= _ALIKE


def _likeness(found: str, other: str) -> float:
    """How alike a found name and another spelling sound, read as written, in the other order of its words ("Svetlana
    Kim", "김스베틀라나"), or by its first or last word alone ("Tserendorj Bayarmaa", "바야르마")."""
    words = found.split()
    readings = {found, words[0], words[-1], " ".join(reversed(words))}
    return max(_sounds_alike(reading, other) for reading in readings)


def _sounds_alike(one: str, other: str) -> float:
    """How alike two spellings sound (difflib's ratio of `same_sounds`), 0 where either has too few consonants to
    tell: their consonants, and with their vowels too where both scripts write them (not Arabic, Hebrew, Thai, the
    scripts of India: their transliterations leave short vowels out)."""
    consonants, other_consonants = same_sounds(one), same_sounds(other)
    if min(len(consonants), len(other_consonants)) < _SHORTEST:
        return 0.0
    alike = _ratio(consonants, other_consonants)
    if {_script_of(one), _script_of(other)} & _VOWELS_UNWRITTEN:
        return alike
    return min(alike, _ratio(same_sounds(one, vowels=True), same_sounds(other, vowels=True)))


def _ratio(one: str, other: str) -> float:
    return SequenceMatcher(None, one, other, autojunk=False).ratio()


@lru_cache(maxsize=4096)
def same_sounds(text: str, vowels: bool = False) -> str:
    """A name's sounds as its ASCII transliteration spells them: its consonants, alike ones as one (`_CLASSES`), with
    every run of vowels as one "a" or without them, a repeated letter once: "Mariam" and "مريم" are "mrm", "Cohen"
    and "כהן" "kn", "Gong Ha-yeon" and "공하연" "kankan" with their vowels."""
    letters = "".join(char for char in anyascii(text).lower() if char.isascii() and char.isalpha() and char not in "hw")
    sounds = _VOWEL_RUN.sub("a" if vowels else "", letters).translate(_CLASSES)
    return "".join(char for at, char in enumerate(sounds) if at == 0 or sounds[at - 1] != char)


_VOWEL_RUN = regex.compile(r"[aeiouy]+")
_VOWELS_UNWRITTEN = frozenset(
    {"ARABIC", "HEBREW", "SYRIAC", "THAANA", "THAI", "LAO", "KHMER", "MYANMAR", "DEVANAGARI", "BENGALI", "GURMUKHI"}
    | {"GUJARATI", "ORIYA", "TAMIL", "TELUGU", "KANNADA", "MALAYALAM", "SINHALA", "TIBETAN", "ETHIOPIC"}
)
"""Scripts whose transliteration leaves short vowels out (abjads, and abugidas whose inherent vowel is not written)."""


def _script_of(value: str) -> str | None:
    """The script of a value's letters ("LATIN", "ARABIC", "CJK", "KANA", ...), None where they mix two (or have
    none)."""
    scripts = {_letter_script(char) for char in value if char.isalpha()}
    return scripts.pop() if len(scripts) == 1 else None


@lru_cache(maxsize=4096)
def _letter_script(char: str) -> str:
    script = unicodedata.name(char, "UNKNOWN").split(" ", 1)[0]
    return "KANA" if script in ("HIRAGANA", "KATAKANA") else script
