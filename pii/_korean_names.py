"""Korean names a word-by-word reading misses, found by how they are written (applied by
`pii._korean.KoreanNameRecognizer` beside its own rules):

- a two-syllable family name written apart from the given name ("남궁 예린", "독고 준"): only the five
  family names that are no Korean word (남궁, 독고, 선우, 제갈, 황보);
- a Vietnamese name in Hangul ("응우옌 티 란 님"): a Vietnamese family name as Korean writes it, then the
  words of one to three syllables after it, up to a title or a particle;
- a name's romanization right after a person found ("견우진 / KYEON WOOJIN", "독고 준 (Dokgo Jun)"), after a
  role ("고객(Sophie Lee)") or after a name's label opening its line ("성명(영문): TAK SEOYUN", "성명: Kim
  Minjun"; not "파일 이름: Final Report").

Pure patterns over the text (no Kiwi): each rule needs a mark no ordinary word has.
"""

from __future__ import annotations

from collections.abc import Callable

import regex
from spacy.lang.en.stop_words import STOP_WORDS

from . import _english as english
from ._han_names import opens_with_a_family
from ._korean_words import _TITLE_WORD, KOREAN_ROLES, PLACES, after_a_name
from ._name_shapes import _KO_SYLLABLE
from ._name_words import _NOT_IN_A_NAME
from ._normalize import HANGUL, HANGUL_SYLLABLES

_H = f"[{HANGUL_SYLLABLES}]"
_COMPOUND_FAMILIES = ("남궁", "독고", "선우", "제갈", "황보")
_SPACED = regex.compile(rf"(?<!{_H})({'|'.join(_COMPOUND_FAMILIES)})[ \t]({_H}{{1,4}})(?!{_H})")
_VIETNAMESE_FAMILIES = ("응우옌", "응우엔", "응웬", "호앙", "후인", "부이", "응오", "즈엉")
_VIETNAMESE_WORDS = ("쩐", "팜", "레", "당", "보")
"""Vietnamese family names that are also Korean words or syllables (쩐 is slang for money): names only with a given
name after them ("쩐 티 마이")."""
_VIETNAMESE = regex.compile(
    rf"(?<!{_H})(?:({'|'.join(_VIETNAMESE_FAMILIES)})|({'|'.join(_VIETNAMESE_WORDS)}))(?!{_H})"
    rf"((?:[ \t]{_H}{{1,4}}){{0,3}})"
)
_VIETNAMESE_SOLID = regex.compile(
    rf"(?<!{_H})(?:{'|'.join((*_VIETNAMESE_FAMILIES, *_VIETNAMESE_WORDS))})(?:티|반|흐우|딘|꽝|주이|만)({_H}{{1,3}}?)"
    r"(?=이에요|예요|이고|이랑|이가|이는|이를|이의|에게|한테|님|씨|[이가은는을를의도]?(?![\uac00-\ud7a3]))"
)
"""A Vietnamese name written as one word, as foreign residents often write their own ("응우옌티투짱이에요", "쩐반꾸옥
번호로"): a family name, a middle name (티 Thị, 반 Văn, ...) and a given name of one to three syllables, up to its
particle."""
_SEPARATOR = r"(?:[ \t]{1,3}|[ \t]{0,3}[,-][ \t]{0,3})"
_LATIN_NAME = rf"(?-i:[A-Z][A-Za-z]+(?:{_SEPARATOR}[A-Z][A-Za-z]+){{1,2}})"
"""Two or three capitalised or capital Latin words: a romanized name ("KYEON WOOJIN", "Dokgo Jun")."""
_ROMANIZATION_AFTER = regex.compile(rf"[ \t]{{0,3}}(?:/|\()[ \t]{{0,3}}({_LATIN_NAME})[ \t]{{0,3}}(?=\)|/|,|\n|$)")
_HAN = regex.compile(r"[\u4e00-\u9fff]{2,4}")
_CAPITALS_PAIR = regex.compile(r"(?<![A-Za-z])([A-Z]{1,8})[ \t]+([A-Z]{1,12})(?![A-Za-z])")
_ROMANIZED = {n: regex.compile(f"(?:{_KO_SYLLABLE}){{{n}}}") for n in (1, 2, 3)}
_ROW_REACH = 80
_NOT_HANGUL = regex.compile(r"[^\uac00-\ud7a3]")
_ADDRESS_WORDS = frozenset({"gu", "gun", "dong", "ro", "gil", "daero", "si", "do", "eup", "myeon", "ri"})
"""Romanized address units ("SONGPA GU JAMSIL DONG"): no name's half."""
_EVERYDAY_GIVEN = 3.5
"""A given name in capitals English uses this often is a word on the row ("SUN MOON", "ASAP GO")."""
_HANGUL_NAME = rf"{_H}{{2,5}}(?:[ \t]{_H}{{1,5}}){{0,3}}"
_ALIAS_AFTER = regex.compile(
    rf"[ \t]{{0,3}}\([ \t]{{0,3}}([\u4e00-\u9fff]{{2,4}}|[\u4e00-\u9fff]{{1,2}}[ \t][\u4e00-\u9fff]{{1,2}}"
    rf"|{_HANGUL_NAME})[ \t]{{0,3}}\)"
)
_ALIAS_BEFORE = regex.compile(rf"(?<![\p{{L}}\p{{M}}])({_HANGUL_NAME}|{_LATIN_NAME})[ \t]{{0,3}}\([ \t]{{0,3}}$")
_CLOSING = regex.compile(r"[ \t]{0,3}\)")
_PLACE_ENDINGS = ("시", "도", "구", "군", "동", "읍", "면", "리")
_UNIT_ENDINGS = ("팀", "부", "과", "실", "대학교", "학교", "전자", "회사", "그룹", "은행", "병원")
"""A name's other spelling in brackets beside it: Chinese characters, or Hangul beside a Latin name; and a name
before a person found in brackets."""
_ROLE_THEN_NAME = regex.compile(rf"(?<!{_H})({_H}{{2,5}})[ \t]{{0,3}}\([ \t]{{0,3}}({_LATIN_NAME})[ \t]{{0,3}}\)")
_LABELLED = regex.compile(
    r"(?:^|(?<=[,;(/\u00b7]))[ \t]*+(?:(?:성명|이름)[ \t]*+(?:\([ \t]*영문[ \t]*\))?[ \t]*+[:\uff1a]?"
    r"|(?:영문[ \t]?(?:성명|이름)|영문명|영문)[ \t]*+[:\uff1a])[ \t]*+"
    rf"({_LATIN_NAME})(?![A-Za-z])",
    regex.MULTILINE,
)


_HANGUL_WORDS = rf"{_H}{{1,6}}(?:[ \t]{_H}{{1,6}}){{0,3}}"
_LATIN_WORDS = rf"(?-i:[A-Z][A-Za-z]+(?:{_SEPARATOR}[A-Z][A-Za-z]+){{0,3}})"
"""Up to four words a side ("NGUYEN THI THANH HUONG (응우옌 티 탄 흐엉)")."""
_CELLS = r"[ \t]{0,3}[|,\t][ \t]{0,3}"
"""Between a table's cells (a few spaces at most: a run of them is cheap to refuse)."""
_PAIRED = regex.compile(
    rf"(?<!{_H})(?P<hangul>{_HANGUL_WORDS})[ \t]{{0,3}}\([ \t]{{0,3}}(?P<latin>{_LATIN_WORDS})[ \t]{{0,3}}[),]"
    rf"|(?<![A-Za-z])(?P<latin>{_LATIN_WORDS})[ \t]{{0,3}}\([ \t]{{0,3}}(?P<hangul>{_HANGUL_WORDS})[ \t]{{0,3}}[),]"
    rf"|(?<=(?:^|[|,\t\n])[ \t]{{0,3}})(?P<hangul>{_HANGUL_WORDS}){_CELLS}(?P<latin>{_LATIN_WORDS})"
    r"[ \t]{0,3}(?=[|,\t\n]|$)"
)
"""A name in Hangul and in Latin letters, one in brackets after the other ("제롬 비야누에바(Jerome Villanueva)",
"Kyle Morrison(카일 모리슨)"), or in a table's cells side by side ("| 딜노자 카리모바 | Dilnoza Karimova |", a CSV's
"딜노자 카리모바,Dilnoza Karimova,")."""
_SOUNDS = (
    "GKCQ",
    "KGC",
    "N",
    "DT",
    "DT",
    "RL",
    "M",
    "BVPW",
    "BP",
    "SCZXT",
    "S",
    "AEIOUYWHJ",
    "JZGY",
    "JZC",
    "CT",
    "KCQ",
    "T",
    "PF",
    "HWJF",
)
"""The Latin letters a word may start with, by the first consonant of its Hangul spelling (ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ
ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ): "대니얼" Daniel, "휘태커" Whitaker, "비야누에바" Villanueva, "올가" Olga."""


_SLASHED = regex.compile(
    rf"(?<!{_H})({_H}{{1,2}}[ \t]?{_H}{{1,3}})[ \t]*/[ \t]*([A-Z]{{1,10}}(?:[ -][A-Z]{{1,10}}){{1,2}})(?![A-Za-z])"
)
"""A Korean name and its passport spelling after a slash, as passenger lists write them ("김 하늘 / KIM HANEUL",
"어진우 / EO JINWOO")."""


def passport_spellings(text: str) -> list[tuple[int, int]]:
    """The spans of a Korean name and its passport spelling (`_SLASHED`) whose family names and given names start
    alike in sound (the family name's first consonant one its spelling may start with, and the given name's)."""
    found = []
    for match in _SLASHED.finditer(text):
        hangul, latin = regex.sub(r"[ \t]", "", match.group(1)), regex.split(r"[ -]", match.group(2))
        family = 2 if hangul.startswith(_COMPOUND_FAMILIES) and len(hangul) > 2 else 1
        given = hangul[family:]
        if given and _sounds_like(hangul[0], latin[0]) and _sounds_like(given[0], latin[1]):
            found += [match.span(1), match.span(2)]
    return found


def _sounds_like(syllable: str, word: str) -> bool:
    """Whether a Latin word may start as the Hangul syllable does (`_SOUNDS`; "응우옌" is "Nguyen")."""
    if syllable == "응" and word[:2].upper() == "NG":
        return True
    return word[:1].upper() in _SOUNDS[(ord(syllable) - 0xAC00) // 588]


_SHORTEST_ONE_WORD = 3
"""Syllables of a one-word Hangul name beside its Latin spelling (which has more letters)."""


def transliterated(text: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The spans of a name written both in Hangul and in Latin letters, one in brackets after the other (in the order
    written), word for word alike in sound, in the same order or reversed (each Hangul word's first consonant one the
    Latin word may start with), and not a product's or a company's ("갤럭시 폴드(Galaxy Fold)": everyday English words;
    "카카오 뱅크(Kakao Bank)": a bank). A brand or a place is written so too: whether a person's, the words around
    decide (`pii._korean_cued`)."""
    found = []
    for match in _PAIRED.finditer(text, overlapped=True):
        hangul, latin = match.group("hangul").split(), regex.split(r"[ \t,-]+", match.group("latin"))
        if len(hangul) != len(latin) or any(word.capitalize() in _NOT_IN_A_NAME for word in latin):
            continue
        if len(hangul) == 1 and (
            len(hangul[0]) < _SHORTEST_ONE_WORD
            or len(latin[0]) <= _SHORTEST_ONE_WORD
            or not english.uncommon(latin[0].lower())
        ):
            continue  # one word each side: a name at length, no English word ("Sarnai(사르나이)"; not "Tesla(테슬라)")
        if all(english.zipf(word.lower()) >= english.EVERYDAY for word in latin):
            continue
        if any(  # in either order: "라만 아르준 (Arjun Raman)" as a passport and a roster write it
            all(_sounds_like(sound[0], word) for sound, word in zip(hangul, order, strict=True))
            for order in (latin, latin[::-1])
        ):
            spans = sorted([match.span("hangul"), match.span("latin")])
            found.append((spans[0], spans[1]))
    return found


def written_names(text: str) -> list[tuple[int, int]]:
    """The spans of the names these rules find in `text` (the normalised view), but for romanizations beside a
    name (`romanizations`)."""
    spans: list[tuple[int, int]] = []
    for match in _SPACED.finditer(text):
        given = _given(match.group(2), lengths=(2, 1, 3))  # Korean given names: most have two syllables
        if given:
            spans.append((match.start(1), match.start(2) + given))
    for match in _VIETNAMESE.finditer(text):
        given = _vietnamese_given(match.group(3))
        if match.group(1) or given:
            spans.append((match.start(), match.start(3) + given))
    spans += [(match.start(), match.end(1)) for match in _VIETNAMESE_SOLID.finditer(text)]
    for match in _ROLE_THEN_NAME.finditer(text):
        if match.group(1) in KOREAN_ROLES:
            spans.append(match.span(2))  # "고객(Sophie Lee)"
    spans += [match.span(1) for match in _LABELLED.finditer(text)]
    return spans + passport_spellings(text)


def romanizations(
    text: str, people: list[tuple[int, int]], ordinary: Callable[[int, int], bool]
) -> list[tuple[int, int]]:
    """A name's other spelling written in brackets beside it, as forms, passports and foreigners' papers do: its
    romanization after it ("견우진 / KYEON WOOJIN", "독고 준 (Dokgo Jun)"), its Chinese characters ("장웨이(张伟)"),
    a Latin name's Hangul ("Anna Volkova (안나 볼코바)"), or the name before a person found in brackets ("라일라 하산
    (Laila Hassan)"). Only beside a person already found, so "제품명(Galaxy Fold)" stays, and no words Kiwi reads as
    ordinary ("John Smith (영업팀)", "회사 (John Smith)"); `ordinary` asks it."""
    found = []
    for start, end in people:
        hangul = HANGUL.search(text, start, end) is not None  # a Latin name's romanization is no other spelling
        match = _ROMANIZATION_AFTER.match(text, end) if hangul else None
        alias = _ALIAS_AFTER.match(text, end) if match is None else None
        if alias is not None and _an_alias(alias.group(1), text[start:end]) and not ordinary(*alias.span(1)):
            match = alias
        if match is not None:
            found.append(match.span(1))
    for start, end in [*people, *found]:
        before = _ALIAS_BEFORE.search(text, max(0, start - 40), start)
        if before is None or not _CLOSING.match(text, end) or ordinary(*before.span(1)):
            continue
        if _an_alias(before.group(1), "("):
            found.append(before.span(1))
    return found


def romanized_in_the_row(text: str, people: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A name in capitals shaped like romanized Korean beside a person found in Hangul on its line (within
    `_ROW_REACH` characters): a passport's spelling in a table's row or a record's field ("| 봉정식 | BONG JEONGSIK
    |", `"insured_en": "GYE SUMIN"`). The family name of one or two syllables ("EO", "NAMGUNG"), the given name of
    one to three joined and no everyday English word, together as many syllables as the Hangul name has ("봉정식":
    BONG + JEONG-SIK), so that places and words in capitals on the row stay ("GIMPO JEJU", "SUN MOON")."""
    found = []
    for match in _CAPITALS_PAIR.finditer(text):
        family, given = match.group(1).lower(), match.group(2).lower()
        if family in STOP_WORDS or english.zipf(given) >= _EVERYDAY_GIVEN or {family, given} & _ADDRESS_WORDS:
            continue
        syllables = _syllables(family, 2) + _syllables(given, 3)
        line_start = text.rfind("\n", 0, match.start()) + 1
        line_end = len(text) if (newline := text.find("\n", match.end())) < 0 else newline
        for start, end in people:
            beside = line_start <= start and end <= line_end and (match.start() - end <= _ROW_REACH)
            beside = beside and start - match.end() <= _ROW_REACH
            if beside and syllables == len(_NOT_HANGUL.sub("", text[start:end])):
                found.append(match.span())
                break
    return found


def _syllables(word: str, most: int) -> int:
    """How many syllables of romanized Korean `word` reads as (the fewest), or 0 if it is no such word."""
    return next((n for n in range(1, most + 1) if _ROMANIZED[n].fullmatch(word)), -99)


def _an_alias(alias: str, person: str) -> bool:
    """Whether the words in brackets beside `person` may be their name: Chinese characters; Hangul only beside a
    name in another script, and no role, title or place ("김민수 (담당자)", "박지훈(서울)")."""
    if _HAN.fullmatch(alias.replace(" ", "")) is not None:
        return opens_with_a_family(alias)  # "张伟"; not "学生", "北京"
    if HANGUL.search(person) is not None and person != "(":
        return False
    return not any(
        word in KOREAN_ROLES
        or _TITLE_WORD.fullmatch(word) is not None
        or word.endswith(_PLACE_ENDINGS + _UNIT_ENDINGS)
        or word in PLACES
        for word in alias.split()
    )


def _given(word: str, lengths: tuple[int, ...]) -> int:
    """How much of `word` is a given name, trying these numbers of syllables in turn: the first that leaves what
    Korean writes after a name (a title, particles, a copula, the euphonic 이 before them); 0 if none does."""
    for length in lengths:
        if length > len(word):
            continue
        rest = word[length:]
        if after_a_name(rest):
            return length
    return 0


def _vietnamese_given(words: str) -> int:
    """How far a Vietnamese name's given names run (the characters of `words` they take): words of one to three
    syllables, up to a title ("님과") or the word that carries the name's particle ("민이", "훙은")."""
    taken = 0
    for match in regex.finditer(r"([ \t])(\S+)", words):
        word = match.group(2)
        if _TITLE_WORD.fullmatch(word) is not None:
            break
        given = _given(word, lengths=(2, 1, 3))  # "마이" whole, not "마" + 이; "훙은" is masked whole too
        if not given:
            break
        taken = match.start(2) + given
        if given < len(word):
            break  # a particle ends the name
    return taken
