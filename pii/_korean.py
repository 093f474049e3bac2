"""Korean script: names, places and addresses written in Hangul.

People. A Korean name is a family name from the closed class in `data/family_names_korean.txt` (one or
two syllables) and a given name of one to three syllables, written as one word (eojeol) with whatever
the sentence puts after it: a title, a particle or a copula ("김민준님께", "이서아입니다"). Given
names are an open class, and their syllables are the same Sino-Korean morphemes ordinary words are made
of, so a name often reads as a word or as pieces of words ("박수" + "담"). A word of a name's shape is
therefore a person when it stands where Korean writing puts a person:

1. before a title or honorific, attached or as the next word (님, 씨, 선생님, 과장님, 학생, ...);
2. introducing oneself: `X입니다`, `X이에요`, `X예요` after 저는 / 안녕하세요 / 제 이름은, and
   `X(이)라고` anywhere;
3. opening a sentence, with the copula (`X입니다.`) or, in three syllables or more, as the subject or
   topic (이/가/은/는/께서), unless Kiwi reads the word as starting with a common word ("최종본입니다");
4. after a noun naming a person's role or relation (환자, 고객, 보호자, 담당자, 남편, 친구, 과장, ...)
   or a form's label (성명:, 이름:, 받는 분:);
5. as a signature: `- X` ending a line, a last line that is only the name, or `X 드림` / `X 올림`;
6. joined by 와/과/하고/(이)랑 to a name found by any rule, with a particle of its own when it comes
   second ("X과 Y의 계약서"; in "민재랑 피시방 갔다" the link means "with");

or, in no such place, when Kiwi's morphological analysis (`kiwipiepy` with its offline model) reads it
as a name itself, in three syllables or more up to the particles it reads (two-syllable words of the
shape are too common): a proper noun, a noun Kiwi has never seen (most given names are), or a family
name it split off, as a proper noun or from pieces it could not join into any word ("견" + "현" + "온");
a four-syllable one not as one proper noun Kiwi knows ("신한은행").

Wherever it stands, a word is no name when Kiwi reads its stem as ordinary words: one common word,
maybe with a particle ("이번", "정답", "사랑이라고"), a determiner or number with its counter ("이분",
"만원"), a common word with a derivational suffix, a bound noun, an ending or a predicate ("신청자",
"진행중", "정리해서"), two common words ("안전교육"), a common word longer than a given name after the
family name ("이" + "사업체"), a common word and a unit such as a team or an office ("홍보팀",
"총무과"), or a place ("서울대", "김포공항"; before a title only a place's name, not its suffix: "김구
선생"). A particle stays in the text, where the answer's own will not double it, except a syllable as
often a given name's last (은, 이, 도, 가): it is the name's when that makes a two-syllable given name,
the commonest kind ("홍준은" + ",", but "김민준" + "이").

Places are proper nouns ending in an administrative suffix (특별시, 도, 시, 군, 구, 읍, 면, 동, 리), or a
city's or province's short name. Other proper nouns (companies, brands, schools, countries) are left
alone. Addresses are patterns (`pii._korean_addresses`).

Words and what Kiwi's tokens read in them are `pii._korean_tokens`'s. Kiwi is loaded on a thread of its own
(`pii._kiwi`), so region start-up does not wait for it, and only texts that hold Hangul are analysed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Literal

import regex

from ._hangul_places import big_two_syllable_cities, hangul_cities, korean_towns
from ._kiwi import Kiwi
from ._korean_called import addressed_alone, before_ssi, called, given_again, named_by_their_child, named_with_their_kin
from ._korean_cued import cued_names
from ._korean_districts import districts, join_places
from ._korean_faith import named_by_faith
from ._korean_hanja import in_hanja_beside
from ._korean_labelled import placed_names, the_labels_whole_value
from ._korean_located import at_work, listed_beside, located_places
from ._korean_names import romanizations, romanized_in_the_row, written_names
from ._korean_places import NOODLES, a_place_name, load_towns, place_in_word, place_shaped
from ._korean_spaced import closed, spaced_family_gaps, spanning
from ._korean_tokens import (
    UNKNOWN_NOUNS,
    Word,
    between,
    common,
    piece,
    proper_noun,
    read_as_ordinary,
    reads_a_predicate,
    stem_tokens,
    words_of,
)
from ._korean_words import (
    _AFTER_NAME,
    _AMBIGUOUS,
    _COPULAS,
    _CUE_BEFORE,
    _INTRODUCING,
    _LINKS,
    _QUOTING,
    _SIGNED,
    _SUBJECT,
    _TITLE_FIRST,
    _TITLE_WORD,
    GRAMMAR_TAGS,
    KOREAN_ROLES,
    PLACE_PREFIXES,
    PLACES,
    after_a_name,
    family_of,
)
from ._normalize import HANGUL, HANGUL_SYLLABLES
from ._presidio import import_presidio
from ._spans import SpanIndex

import_presidio()
from presidio_analyzer import EntityRecognizer, RecognizerResult  # noqa: E402

_NOT_WORD = regex.compile(r"\W")
_DASH_BEFORE = regex.compile(r"(?:(?<!\S)|(?<=[.!?]))[-\u2013\u2014]+[^\S\n]*$")
_LINE_END = regex.compile(r"[^\S\n]*[.!]?[^\S\n]*(?:\n|$)")
_TEXT_END = regex.compile(r"[^\S\n]*[.!]?\s*$")

_UNITS = frozenset("팀부과실국처청소점관반단측주달밤날")
"""Units that make a compound of the common noun before them: a team, department, office, branch, or a
period ("홍보팀", "총무과", "문의처", "이번주", "오늘밤")."""


_Where = Callable[[str, str], bool]
"""Whether a name-shaped stem, with what is written after it in its word, stands in a name's place."""
_Places = Literal["named", "known", "any"]


class KoreanNameRecognizer(EntityRecognizer):
    """People and places in Hangul (see the module's documentation)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(supported_entities=["PERSON", "LOCATION"], name="KoreanNameRecognizer", **kwargs)

    def load(self) -> None:
        Kiwi.warm()
        threading.Thread(target=load_towns, name="hangul-towns", daemon=True).start()  # GeoNames' JSON: 0.6 s

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        if HANGUL.search(text) is None:
            return []
        tokens = Kiwi.get().tokenize(text)
        results = self._analyze(text, tokens, nlp_artifacts)
        if gaps := spaced_family_gaps(text, tokens):  # "간호사 묵 은하": read as "묵은하", found where written
            whole = closed(text, gaps)
            found = [(r.start, r.end) for r in results if r.entity_type == "PERSON"]
            people = [  # with whether a title or a person's place found it (0.85), not Kiwi's reading alone
                (r.start, r.end, r.score >= 0.85)
                for r in self._analyze(whole, Kiwi.get().tokenize(whole), None)
                if r.entity_type == "PERSON"
            ]
            results += [RecognizerResult("PERSON", *span, 0.7) for span in spanning(text, people, gaps, found)]
        persons, starts = [(r.start, r.end) for r in results if r.entity_type == "PERSON"], [t.start for t in tokens]
        faith = named_by_faith(text, persons, lambda s, e: reads_a_predicate(between(tokens, starts, s, e)))
        results += [RecognizerResult("PERSON", start, end, 0.7) for start, end in faith]
        return results + in_hanja_beside(text, results)

    def _analyze(self, text: str, tokens: list[Any], nlp_artifacts: Any) -> list[RecognizerResult]:
        starts = [token.start for token in tokens]

        def ordinary(start: int, end: int) -> bool:
            return read_as_ordinary(between(tokens, starts, start, end))

        def predicated(start: int, end: int) -> bool:
            return reads_a_predicate(between(tokens, starts, start, end))

        def proper(start: int, end: int) -> bool:
            return proper_noun(between(tokens, starts, start, end))

        def town(start: int, end: int) -> bool:
            name, read = text[start:end], between(tokens, starts, start, end)
            listed = name in hangul_cities() or name in big_two_syllable_cities()
            return proper_noun(read) and (listed or read[0].id in UNKNOWN_NOUNS)

        words = words_of(text, tokens)
        people = _people(text, words)
        people |= self._given_again(text, words, [(r.start, r.end) for r in people.values()], people.__contains__)
        for i, word in enumerate(words):
            if (alone := called(word.tokens)) is None:
                continue
            found = people.get(i)
            if found is None or (found.start == alone[0] and text[alone[1] : found.end] == "이"):
                people[i] = RecognizerResult("PERSON", *alone, 0.7)  # "상훈이가": the euphonic 이 is no name's
        results = []
        for i, word in enumerate(words):
            found = people[i] if i in people else place_in_word(text, word.tokens)
            if found is not None:
                results.append(found)
        word_people = [(r.start, r.end) for r in results if r.entity_type == "PERSON"]
        written = written_names(text)
        written += cued_names(text, word_people + written, ordinary, predicated)
        written += placed_names(text, ordinary, proper)
        doc = getattr(nlp_artifacts, "tokens", None)
        named = [(e.start_char, e.end_char) for e in (doc.ents if doc is not None else ()) if e.label_ == "PERSON"]
        written += romanizations(text, word_people + written + named, ordinary)
        written += romanized_in_the_row(text, word_people + written)
        written += self._children(text, words, people, ordinary, predicated)  # after the lists: no list's start
        written += before_ssi(text, tokens, a_place_name)  # "하늘 씨가"
        taken = SpanIndex([(r.start, r.end) for r in results] + written)
        again = self._given_again(text, words, written, lambda i: taken.overlaps(words[i].start, words[i].end))
        results += again.values()
        located = located_places(text, proper, taken.overlaps, ordinary, predicated)
        results += [RecognizerResult("LOCATION", *span, 0.6) for span in located]
        results += [RecognizerResult("LOCATION", *span, 0.6) for span in at_work(text, _a_listed_town, proper)]
        abroad = [
            (r.start, r.end)
            for r in results
            if r.entity_type == "LOCATION" and text[r.start : r.end] in hangul_cities()
        ]
        results += [RecognizerResult("LOCATION", *s, 0.6) for s in listed_beside(text, abroad, town, taken.overlaps)]
        people_at = SpanIndex([(r.start, r.end) for r in results if r.entity_type == "PERSON"] + written)
        places = {(r.start, r.end) for r in results if r.entity_type == "LOCATION"}
        results += [
            RecognizerResult("LOCATION", *span, 0.6) for span in districts(text, words, places, people_at.overlaps)
        ]
        return join_places(text, results) + [RecognizerResult("PERSON", start, end, 0.7) for start, end in written]

    @staticmethod
    def _children(
        text: str,
        words: list[Word],
        people: dict[int, RecognizerResult],
        ordinary: Callable[[int, int], bool],
        predicated: Callable[[int, int], bool],
    ) -> list[tuple[int, int]]:
        """A child's given name before the word for their parent ("민채 엄마예요"), where no person was found in its
        word and it is no ordinary word, verb ("보니") or place; not after a digit or a letter ("28일에"). And a
        foreigner's given name alone before 씨 ("리우양 씨는", `addressed_alone`), no place either."""
        spans = []
        for i, word in enumerate(words):
            following = words[i + 1].hangul if i + 1 < len(words) and word.alone else ""
            length = named_by_their_child(word.hangul, following, word.tokens) if following else None
            before = words[i - 1].hangul if i > 0 and words[i - 1].alone else ""
            length = length or named_with_their_kin(word.hangul, word.tokens, before)
            if i in people or not length or any(c.isalnum() for c in text[word.first : word.start]):
                continue
            end = word.start + length
            if ordinary(word.start, end) or predicated(word.start, end) or place_in_word(text, word.tokens) is not None:
                continue
            if text[word.start : end] not in PLACES:
                spans.append((word.start, end))
        for i, word in enumerate(words):
            then = text[word.end : word.end + 16] if word.alone else ""
            labels = text.startswith((":", "\uff1a"), word.start + len(word.hangul))  # "대표 예약자: 연수아": a label
            cued = not labels and _BESIDE_THEM.search(text, max(0, word.first - 12), word.first) is not None
            length = addressed_alone(word.hangul, then, word.tokens, cued=cued) if i not in people else None
            stem = word.hangul[:length]
            if length and not a_place_name(stem):
                spans.append((word.start, word.start + length))
        return spans

    @staticmethod
    def _given_again(
        text: str, words: list[Word], people: list[tuple[int, int]], taken: Callable[[int], bool]
    ) -> dict[int, RecognizerResult]:
        """Rule 7 (`pii._korean_called.given_again`), as results by word."""
        spans = given_again(text, words, people, taken, _one_common_word)
        return {i: RecognizerResult("PERSON", start, end, 0.7) for i, (start, end) in spans.items()}


def _people(text: str, words: list[Word]) -> dict[int, RecognizerResult]:
    """The people among the words; then, rule 6, the names joined by 와/과/하고/(이)랑 to one of them, on
    the name or on its title ("X 과장님과 Y의"), until no more join. A name after the link takes a
    particle of its own ("X과 Y의"): without one the link is "with" ("민재랑 피시방 갔다")."""
    people = {i: found for i in range(len(words)) if (found := _person(text, words, i)) is not None}
    joined = True
    while joined:
        joined = False
        for i in range(len(words) - 1):
            after = _joined(words, i) if i in people else None
            if i + 1 in people and i not in people:
                found, at = _name(words[i], lambda stem, suffix: suffix.endswith(_LINKS), 0.85, "known"), i
            elif after is not None and after not in people:
                found, at = _name(words[after], lambda stem, suffix: bool(suffix), 0.85, "known"), after
            else:
                continue
            if found is not None:
                people[at], joined = found, True
    return people


def _joined(words: list[Word], i: int) -> int | None:
    """The word after the link that follows the name in word `i`, written on the name or on its title
    ("X 과장님과 Y의"), if there is one."""
    link = i
    if not words[i].hangul.endswith(_LINKS):
        title = words[i + 1].hangul if i + 1 < len(words) and words[i].alone else ""
        if not title.endswith(_LINKS) or _TITLE_WORD.fullmatch(title) is None:
            return None
        link = i + 1
    return link + 1 if link + 1 < len(words) else None


def _person(text: str, words: list[Word], i: int) -> RecognizerResult | None:
    """A name at the start of word `i`: before a title (rule 1), in another place where names stand (rules
    2 to 5), or read by Kiwi as a name."""
    word = words[i]
    line_start = text.rfind("\n", 0, word.first) + 1
    if _CHANNEL_TAG.match(text, word.first) is not None and not text[line_start : word.first].strip():
        return None  # "[길드장] 레드문_Kai: ...": the speaker's role in the group, no one's name
    if word.hangul in _COUNTED and _AFTER_A_NUMBER.search(text, max(0, word.first - 3), word.first) is not None:
        return None  # "1호차 팀장", read "1 호차 팀장": a counted thing's unit, no one's name ("010-... 허준 팀장" is)
    following = words[i + 1].hangul if i + 1 < len(words) and word.alone else ""

    def titled(stem: str, suffix: str) -> bool:
        return _TITLE_FIRST.match(suffix) is not None or (
            stem == word.hangul and _TITLE_WORD.fullmatch(following) is not None
        )

    def placed(stem: str, suffix: str) -> bool:
        end = word.start + len(stem)
        if suffix.startswith(_QUOTING) or (suffix.startswith(_COPULAS) and _introducing(text, words, i)):
            return True
        subject = suffix in _SUBJECT and len(stem) >= 3  # two syllables: "반차가", "고열이"
        if (suffix.startswith(_COPULAS) or subject) and _opening(text, words, i, end):
            return True
        if not suffix and (following in _SIGNED or _signature(text, word.first, end)):
            return True
        return _CUE_BEFORE.search(text, max(0, word.first - 12), word.first) is not None

    def read(stem: str, suffix: str) -> bool:
        return _read_as_name(word, stem_tokens(word.tokens, word.start, word.start + len(stem)), len(stem))

    found = _name(word, titled, 0.85, "named") or _name(word, placed, 0.85, "known") or _name(word, read, 0.7, "any")
    if found is None and (alone := the_labels_whole_value(text, word)) is not None:
        return RecognizerResult("PERSON", *alone, 0.7)
    return found


_BESIDE_THEM = regex.compile(
    rf"(?<![{HANGUL_SYLLABLES}])(?:내담자|룸메이트|룸메|간병인|통역사|통역인)"
    r"[ \t]*(?:\([^()\n]{1,8}\))?[ \t]*[:\uff1a]?[ \t]*$"
)
"""A client's, a housemate's, a carer's or an interpreter's role before a name ("내담자: ", "룸메이트 "): roles a
foreigner holds most often. Not a relative's word, after which a thing is theirs as often ("엄마 갤럭시폴드가"), nor
a colleague's ("동료 스트리머랑"), nor any form's label, whose value is a firm's as often ("예금주: 그린피트니스")."""
_AFTER_A_NUMBER = regex.compile(r"\d[ \t]?\Z")
"""A number just before a word: the normalised view sets a number and the word glued to it apart ("1호차")."""
_COUNTED = frozenset({"호차", "호실", "호기", "호선", "번째", "번지", "회차", "년차", "개월", "일차", "대째", "차수"})
"""Counted things written after a number ("1호차", "3호실", "5회차"), which a title may follow ("1호차 팀장"); not a
given name after a number set apart ("010-... 호준 님", "010-... 명수 팀장")."""
_CHANNEL_TAG = regex.compile(r"\[[^\[\]\n]{1,12}\][ \t]*[^\s:\[\]][^:\n]{0,30}[:\uff1a]")
"""A chat line's tag before its speaker: a channel's, a role's in the group ("[길드장] 레드문_Kai: ...")."""


def _a_listed_town(word: str) -> bool:
    """Whether a word is a town on one of the lists: Korea's short names and towns, GeoNames' Hangul towns abroad."""
    return word in PLACES or word in korean_towns() or word in hangul_cities() or word in big_two_syllable_cities()


def _name(word: Word, where: _Where, score: float, places: _Places) -> RecognizerResult | None:
    """The word's best reading (`_reading_order`) as a name-shaped stem and what Korean writes after a
    name, that stands in a name's place (`where`), and that Kiwi reads neither as ordinary words nor as a
    place (`_a_place`)."""
    readings = []
    for length in range(2, min(len(word.hangul), 5) + 1):
        stem, suffix = word.hangul[:length], word.hangul[length:]
        family = family_of(stem)
        written = after_a_name(suffix)
        if family is None or stem in KOREAN_ROLES or stem.endswith(NOODLES):
            continue  # "경리님께": a title itself; "진라면": a noodle
        if not (written or _read_as_particles(word, length)):
            continue
        if not where(stem, suffix):
            continue
        end = word.start + length
        content = stem_tokens(word.tokens, word.start, end)
        if not (_ordinary(content, word, end) or _a_place(stem, content, places)):
            readings.append((_reading_order(len(stem) - len(family), suffix, written), end))
    if not readings:
        return None
    return RecognizerResult("PERSON", word.start, min(readings)[1], score)


def _reading_order(given: int, suffix: str, written: bool) -> tuple[int, int, int]:
    """Which reading of a word is the name: one that leaves a particle after it ("김재" + "와"), what
    Korean writes after a name (`written`) before what Kiwi alone reads as particles ("이재훈은" + "의",
    not "이재훈" + "은의"); but a syllable that is as often a given name's last as a particle (은, 이, 도,
    가) belongs to the name when that makes a given name of two syllables, the commonest kind ("홍준은" +
    ",", but "김민준" + "이")."""
    return (0 if suffix and suffix not in _AMBIGUOUS else 1, 0 if written else 1, abs(given - 2))


def _read_as_particles(word: Word, length: int) -> bool:
    """What follows the stem in its word is, to Kiwi, a particle or the copula and then endings ("으로";
    not the endings of a verb: "오" + "셨어요"), nor a final consonant inside the stem's last syllable ("이수진")."""
    start, end = word.start + length, word.start + len(word.hangul)
    rest = [t for t in word.tokens if start <= t.start < end]
    return (
        bool(rest)
        and rest[0].start == start
        and rest[0].tag.startswith(("J", "VCP"))
        and not "\u1100" <= rest[0].form[:1] <= "\u11ff"
        and all(t.tag.startswith(GRAMMAR_TAGS) for t in rest)
    )


def _one_common_word(word: Word, end: int) -> bool:
    """Kiwi reads the word's Hangul up to `end` as one common word ("지원" of "지원 요청")."""
    content = stem_tokens(word.tokens, word.start, end)
    return len(content) == 1 and common(content[0])


def _ordinary(content: list[Any], word: Word, end: int) -> bool:
    """Kiwi reads the stem as ordinary words: one common word, where the rest of the stem may be what is
    written after a word ("정은 씨", "사랑이라고"); a determiner or number and its counter ("이분", "만원");
    a common word of two syllables or more and a suffix, bound noun, ending or predicate ("신청자",
    "진행중"), or another such word ("안전교육"), or a unit ("홍보팀")."""
    if not content:
        return True  # all particles and endings to Kiwi: no noun at all ("대표 인감" as 대표 + 이 + ㄴ감)
    if any(common(t) and t.len >= 3 for t in content[1:]):
        return True  # a common word longer than most given names after the family name ("이" + "사업체")
    first, rest = content[0], content[1:]
    known = common(first)
    if known and not rest:
        after = first.start + first.len
        return (
            after >= end
            or end == word.start + len(word.hangul)
            or bool(_AFTER_NAME.fullmatch(word.hangul, after - word.start))
        )
    if first.tag in ("MM", "NR") and len(rest) == 1 and rest[0].tag == "NNB":
        return True
    if first.len < 2:
        return False  # the family name alone, as Kiwi read it ("정" + "담나")
    if known and not all(t.len == 1 and t.tag in ("NNG", "NNP") for t in rest):
        return True
    return any((common(t) and t.len >= 2) or t.form in _UNITS for t in rest)


def _a_place(stem: str, content: list[Any], places: _Places) -> bool:
    """A word Kiwi knows built on a city's or country's name ("김해", "서울대", "한국어"); unless `places`
    is "named" (before a title: "김구 선생"), a proper noun it knows with a place's suffix ("김해시"); and
    when "any", a noun it does not know with one."""
    if not content:
        return False
    first = content[0]
    unknown = first.id in UNKNOWN_NOUNS
    if not unknown and stem.startswith(PLACE_PREFIXES):
        return True
    if places == "named" or (unknown and places == "known"):
        return False
    return first.tag == "NNP" and (place_shaped(first.form) or first.form in hangul_cities())  # "오사카에"


_COMPANY_ENDINGS = (
    *("정밀", "테크", "물산", "전자", "산업", "건설", "상사", "무역", "기업", "통상", "제약", "식품", "화학"),
    *("기계", "공업", "물류", "유통", "개발", "전기", "통신", "금속", "섬유", "인쇄", "기획"),
)
"""What a small company's name ends in ("성진정밀", "한빛테크", "성원물산"): a name's shape in four syllables that Kiwi
reads as unknown words is a firm's when it ends so, as a supplier's cell of a spreadsheet holds one."""


def _read_as_name(word: Word, content: list[Any], length: int) -> bool:
    """Kiwi reads the stem (`length` syllables), up to the particles it reads at its end, as a name of
    three syllables or more ("이층" + "으로" is two), and not as running on past it ("조" + "사랑" is no
    name "조사" + "랑"): a proper noun, a noun it has never seen, or a family name it split off, as a
    proper noun or from one-syllable pieces it could not join into any word ("견" + "현" + "온"); four
    syllables not as one proper noun it knows ("신한은행"), nor ending in a company's word (`_COMPANY_ENDINGS`), nor a
    team or a station ("인사팀", "동탄역"; a town read so is hidden either way)."""
    if not content or content[-1].start + content[-1].len > word.start + length:
        return False
    first, rest = content[0], content[1:]
    read = word.hangul[: content[-1].start + content[-1].len - word.start]
    family = family_of(read)
    if family is None or len(read) < 3 or (len(read) >= 4 and read.endswith(_COMPANY_ENDINGS)):
        return False
    if read.endswith(("팀", "역")):
        return False  # a spreadsheet's team or station ("인사팀", "동탄역"), read by Kiwi as unknown words
    unknown = first.id in UNKNOWN_NOUNS
    split_off = first.form == family and bool(rest) and (first.tag == "NNP" or all(piece(t) for t in rest))
    if len(read) - len(family) == 3:
        return unknown or split_off
    return first.tag == "NNP" or unknown or split_off


def _introducing(text: str, words: list[Word], i: int) -> bool:
    """Word `i` follows 저는, 안녕하세요, 제 이름은."""
    return i > 0 and _NOT_WORD.sub("", text[words[i - 1].first : words[i - 1].end]) in _INTRODUCING


def _opening(text: str, words: list[Word], i: int, end: int) -> bool:
    """Word `i` opens a sentence, and Kiwi does not read its stem (up to `end`) as starting with a common
    word ("최종" + "본입니다": a file sent, not a person)."""
    previous = words[i - 1] if i else None
    if previous is not None and "\n" not in text[previous.end : words[i].first] and text[previous.end - 1] not in ".!?":
        return False
    content = stem_tokens(words[i].tokens, words[i].start, end)
    return not (content and common(content[0]) and content[0].len >= 2)


def _signature(text: str, first: int, end: int) -> bool:
    """The name ends its line after a dash ("- 김민준"), or is alone on the text's last line."""
    line = text.rfind("\n", max(0, first - 40), first)
    if line >= 0 and not text[line:first].strip():
        return _TEXT_END.match(text, end) is not None
    return _LINE_END.match(text, end) is not None and _DASH_BEFORE.search(text, max(0, first - 8), first) is not None
