"""Korean script: names, places and addresses written in Hangul.

Names and places are proper nouns that no list can hold (given names are an open class), so Kiwi's
morphological analysis (`kiwipiepy` with its offline model) finds them: it tags them `NNP`, or, for a
word it has never seen, guesses a noun (an unknown `NNG` or `NNP`). Such a noun is a person's name when
a title or honorific follows it (님, 씨, 선생님, 팀장님, ...) or when it has a name's shape: a family
name from the closed class in `data/family_names_korean.txt`, then a given name of two or three
syllables (two-syllable names like "김구" need the honorific: too many words share their shape). A
proper noun is a place when it ends in an administrative suffix (특별시, 도, 시, 군, 구, 읍, 면, 동,
리). Proper nouns of neither kind (companies, brands, schools, countries) are left alone.
Addresses are patterns: a chain of province, city and district, then a road and building number
(도로명) or a neighbourhood and lot number (지번), masked as a whole.

Kiwi takes about two seconds to load and two more on its first sentence: it is warmed on a thread of
its own when a region's profile asks for Korean, so region start-up does not wait for it, and only
texts that hold Hangul are analysed.
"""

from __future__ import annotations

import threading
from typing import Any, ClassVar

import regex

from . import wordlists
from ._normalize import HANGUL_SYLLABLES
from ._presidio import import_presidio

import_presidio()
from presidio_analyzer import EntityRecognizer, Pattern, PatternRecognizer, RecognizerResult  # noqa: E402

HANGUL = regex.compile(f"[{HANGUL_SYLLABLES}]")
_SYLLABLES = regex.compile(f"[{HANGUL_SYLLABLES}]+")

FAMILY_NAMES = frozenset(wordlists.entries("family_names_korean.txt"))
PLACE_SUFFIXES = ("특별자치시", "특별자치도", "특별시", "광역시", "도", "시", "군", "구", "읍", "면", "동", "리", "역")
HONORIFICS = (
    "님",
    "씨",
    "군",
    "양",
    "선생",
    "교수",
    "박사",
    "원장",
    "대표",
    "사장",
    "부장",
    "차장",
    "과장",
    "대리",
    "팀장",
    "실장",
    "주임",
    "사원",
    "고객",
    "환자",
    "보호자",
    "변호사",
    "의사",
    "간호사",
    "기자",
    "작가",
)
"""Titles and honorifics written after a name ("김민준 님", "이영희 씨", "박지훈 팀장님")."""
_WORD = regex.compile(r"\S+")
_STEM_TAGS = frozenset({"NNG", "NNP", "NR", "MM", "MAG", "XR", "XPN"})
_UNKNOWN_NOUNS = frozenset({2, 3})
_PARTICLE_SYLLABLES = frozenset("이가은는을를와과의도께")
"""Kiwi's morpheme ids for a common or proper noun that is not in its dictionary (its best guess for a
word it has never seen, as most given names are)."""


PLACES = frozenset(
    (
        *("서울", "부산", "대구", "인천", "광주", "대전", "울산", "세종", "제주", "경기", "강원", "충북", "충남"),
        *("전북", "전남", "경북", "경남", "수원", "성남", "고양", "용인", "창원", "청주", "천안", "전주", "안산"),
        *("안양", "김해", "포항", "원주", "춘천", "목포", "여수", "순천", "경주", "김포", "파주", "하남", "구리"),
        *("남양주", "의정부", "강릉", "속초", "안동", "강남", "강북", "강서", "강동", "송파", "서초", "마포"),
        *("용산", "종로", "신촌", "분당", "일산", "해운대", "한국", "대한민국"),
    )
)
"""Korean cities, provinces and districts by their short names (a closed list of administrative names),
and the country: a proper noun that is one of them is a place, not a person whose name it resembles
("서울" is 서 + 울), and a word built on one ("서울대", "한국어") is neither."""
PLACE_PREFIXES = tuple(sorted(PLACES, key=len, reverse=True))
NOT_LOCATING = frozenset({"한국", "대한민국"})
"""Places too wide to locate anyone: left in the text."""


def _name_shaped(form: str) -> bool:
    """A family name (one or two syllables, from the closed class) followed by a given name of one or two
    syllables (three-syllable given names are rare, and longer words of this shape are mostly companies:
    "신한은행")."""
    return any(family in FAMILY_NAMES and 1 <= len(form) - len(family) <= 2 for family in (form[:2], form[:1]))


def _place_shaped(form: str) -> bool:
    return len(form) >= 2 and form.endswith(PLACE_SUFFIXES)


class _Kiwi:
    """One Kiwi analyzer for the process, loaded on a thread of its own the first time it is asked for."""

    _lock = threading.Lock()
    _loaded: Any = None
    _thread: threading.Thread | None = None
    _error: BaseException | None = None

    @classmethod
    def warm(cls) -> None:
        with cls._lock:
            if cls._loaded is not None or cls._thread is not None:
                return
            cls._thread = threading.Thread(target=cls._load, name="kiwi-load", daemon=True)
            cls._thread.start()

    @classmethod
    def _load(cls) -> None:
        try:
            from kiwipiepy import Kiwi  # type: ignore[import-untyped]

            kiwi = Kiwi()
            kiwi.tokenize("김민준 님은 서울특별시 강남구에 산다.")  # its first sentence builds the rest
            cls._loaded = kiwi
        except BaseException as exc:  # reported on use: detection then fails closed
            cls._error = exc

    @classmethod
    def get(cls) -> Any:
        cls.warm()
        thread = cls._thread
        if cls._loaded is None and thread is not None:
            thread.join()
        if cls._loaded is None:
            raise RuntimeError(f"the Korean analyzer (kiwipiepy) could not load: {cls._error!r}")
        return cls._loaded


class KoreanNameRecognizer(EntityRecognizer):
    """People and places in Hangul, from Kiwi's proper nouns (see the module's documentation)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(supported_entities=["PERSON", "LOCATION"], name="KoreanNameRecognizer", **kwargs)

    def load(self) -> None:
        _Kiwi.warm()

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        if HANGUL.search(text) is None:
            return []
        tokens = _Kiwi.get().tokenize(text)
        words = [(m.start(), m.end()) for m in _WORD.finditer(text)]
        by_word: list[list[Any]] = [[] for _ in words]
        index = 0
        for token in tokens:
            while index < len(words) and words[index][1] <= token.start:
                index += 1
            if index < len(words):
                by_word[index].append(token)
        results = []
        for i, word_tokens in enumerate(by_word):
            found = _classify(text, word_tokens, by_word[i + 1] if i + 1 < len(by_word) else [])
            if found is not None:
                results.append(found)
        return _join_places(text, results)


def _classify(text: str, word: list[Any], next_word: list[Any]) -> RecognizerResult | None:
    """A person or a place at the start of one word (eojeol), or nothing. The word's stem is its leading
    nouns (a name Kiwi does not know may come out as a family name and two more nouns, "송" + "성호");
    particles, copulas, endings and honorifics after it are not part of it."""
    stem = []
    for token in word:
        if token.tag not in _STEM_TAGS:
            break
        stem.append(token)
    if not stem:
        return None
    first = stem[0]
    start, end = first.start, stem[-1].start + stem[-1].len
    form = text[start:end]
    if not _SYLLABLES.fullmatch(form):
        return None
    # A name Kiwi has never seen comes out as one unknown noun, or as one-syllable pieces it could not
    # join into any word ("견" + "유" + "윤"): both are what Kiwi says when it does not know the word.
    pieces = len(stem) >= 2 and all(t.len == 1 for t in stem[1:]) and first.form in FAMILY_NAMES
    if not (first.tag == "NNP" or first.id in _UNKNOWN_NOUNS or pieces):
        return None  # a word Kiwi knows as a common noun: not a name
    after = word[len(stem)] if len(stem) < len(word) else (next_word[0] if next_word else None)
    honoured = after is not None and after.form.startswith(HONORIFICS)
    if honoured and len(stem) == 1 and first.tag == "NNP" and _name_shaped(form):
        return RecognizerResult("PERSON", start, end, 0.85)  # "김구 선생": a title outweighs a place's shape
    if _place_shaped(form):
        return RecognizerResult("LOCATION", start, end, 0.7) if first.tag == "NNP" else None
    if first.form in PLACES:
        if len(stem) > 1 or first.form in NOT_LOCATING:
            return None  # "서울대", "한국어": a school, a language, not a place or a person
        return RecognizerResult("LOCATION", start, end, 0.7)
    if first.id not in _UNKNOWN_NOUNS and form.startswith(PLACE_PREFIXES):
        return None  # a word Kiwi knows, built on a place's name ("한국어", "서울대"): neither
    if first.id in _UNKNOWN_NOUNS and len(stem) == 1 and form[-1] in _PARTICLE_SYLLABLES:
        form, end = form[:-1], end - 1  # an unknown word that swallowed its particle ("지윤재이")
    # One noun; or a family name, alone or with the given name's first syllable, that Kiwi split off as a
    # proper noun from the rest ("송" + "성호", "김연" + "진").
    whole = len(stem) == 1 or first.form in FAMILY_NAMES or (first.tag == "NNP" and _name_shaped(first.form))
    if honoured and whole and (first.tag == "NNP" or _name_shaped(form)):
        return RecognizerResult("PERSON", start, end, 0.85)
    if whole and _name_shaped(form) and len(form) >= 3:
        return RecognizerResult("PERSON", start, end, 0.7)
    return None


def _join_places(text: str, results: list[RecognizerResult]) -> list[RecognizerResult]:
    """Places named one after another ("전라북도 전주시", "인천광역시 연수구") are one place: one span."""
    joined: list[RecognizerResult] = []
    for result in results:
        last = joined[-1] if joined else None
        between = text[last.end : result.start] if last is not None else ""
        if last is not None and last.entity_type == result.entity_type == "LOCATION" and between.isspace():
            joined[-1] = RecognizerResult("LOCATION", last.start, result.end, max(last.score, result.score))
        else:
            joined.append(result)
    return joined


_AREA = r"[가-힣]{1,10}(?:특별자치시|특별자치도|특별시|광역시|도|시|군|구)"
_ROAD = r"[가-힣0-9]{1,15}(?:대로|로|길)(?:\s?\d{1,4}\s?번?길)?"
_NUMBER = r"\d{1,5}(?:-\d{1,5})?(?:\s?번지)?(?!\d)"
_LOT = r"[가-힣0-9]{1,10}(?:동|리|가)\s?" + _NUMBER
_COUNTERS = r"(?![0-9]|\s?(?:개|명|번(?!지)|분|원|일|월|년|세|살|시간|회|장|권|대|병|잔|kg|g|%|층))"


class KoreanAddressRecognizer(PatternRecognizer):
    """Addresses in Hangul, as a whole: `경기도 성남시 분당구 판교역로 235`, `부산광역시 해운대구 우동
    1408-3`, `테헤란로 123`. A lot number (지번) needs the district before it; a road alone must not be
    a particle (으로) or a count ("택배로 2개")."""

    PATTERNS: ClassVar[list[Pattern]] = [
        Pattern(
            "areas, then road and number (도로명)",
            rf"(?<![가-힣])(?:{_AREA}\s?){{1,4}}{_ROAD}\s?{_NUMBER}{_COUNTERS}",
            0.7,
        ),
        Pattern(
            "areas, then neighbourhood and lot (지번)", rf"(?<![가-힣])(?:{_AREA}\s?){{1,4}}{_LOT}{_COUNTERS}", 0.7
        ),
        Pattern(
            "road and number (도로명)",
            rf"(?<![가-힣])[가-힣0-9]{{0,14}}(?<!으)(?:대로|로|길)(?:\s?\d{{1,4}}\s?번?길)?\s?{_NUMBER}{_COUNTERS}",
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = ["주소", "배송지", "거주", "사는", "살아요", "address"]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            supported_entity="STREET_ADDRESS",
            patterns=self.PATTERNS,
            context=self.CONTEXT,
            name="KoreanAddressRecognizer",
            **kwargs,
        )
