"""A Korean name written with a space after a one-syllable family name ("간호사 묵 은하", "장모님 위 순덕으로"), or
spelled syllable by syllable ("성명: 탁 수 민", "황보 정 숙 님"): read as the name written whole ("묵은하", "탁수민")
wherever the family name does not read as a word of the sentence.

One-syllable family names are also the commonest words of Korean ("이 사람", "한 번", "전 회사", "제 번호", "시
흉통"), so `spaced_family_gaps` keeps the space after one only where Kiwi's reading of the text allows a name
there: the family name no frequent determiner, pronoun, adverb, bound noun or verb form ("이", "나", "안", "시",
"갈"), the next word no title ("변 사장님" is a title after a family name, no given name), and after a family name
that is also a frequent word ("위", "도", "반"), the next word of two syllables or more, read as a noun and no
frequent word itself ("위 슬기", not "위 내용이" nor "강 건너"). The recognizer then reads the text with those
spaces closed, and a person it finds across one of them is a person of the text as written (`spanning`): one it
finds before a title or where Korean puts a person (after a role, introducing oneself: "간호사 봉서윤 님께")
wherever it stands; one Kiwi alone reads as a name only as a form's whole value ("승진: 시 은결", "지휘: 변 다윗
/") or beside a person in a list ("궉민호, 낭 서진"), as a loanword, an organ or a household word after such a
syllable reads as one too ("위 스샷", "변 잠혈", "곽 티슈", "우 신장"). Pure: Kiwi's tokens come in.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any

import regex

from ._korean_tokens import FREQUENT, UNKNOWN_NOUNS
from ._korean_words import _CUE_BEFORE, _TITLE_WORD, FAMILY_NAMES
from ._normalize import HANGUL_SYLLABLES

_SPACED = regex.compile(
    rf"(?:(?<=^|[\s,:;(/'\"\u201c\u2018\[]))({'|'.join(f for f in FAMILY_NAMES if len(f) == 1)})"
    rf" ([{HANGUL_SYLLABLES}]+)",
    regex.MULTILINE,
)
_SPELLED = regex.compile(
    rf"(?:(?<=^|[\s,:;(/'\"\u201c\u2018\[]))(?<![0-9][ \t])({'|'.join(sorted(FAMILY_NAMES, key=len, reverse=True))})"
    rf" ([{HANGUL_SYLLABLES}]) ([{HANGUL_SYLLABLES}])(?=[{HANGUL_SYLLABLES}]*(?:[^{HANGUL_SYLLABLES}]|$))",
    regex.MULTILINE,
)
"""A name spelled syllable by syllable, as forms and letters write one ("성명: 탁 수 민", "황보 정 숙 님", "허 준
영이라고"): a family name, then two syllables each after a space, the last with what Korean writes after it; not a
counter after a number ("720호 봉 하늘": the detection view sets "호" apart from "720")."""
_COUNTING = regex.compile(r"(?:이번|지난|지지난|다음|다다음|매)[ \t]$")
"""A week or a time counted before it ("이번 주 레이드", "다음 시 낭독"): no family name follows."""
_SPACE = regex.compile(r"\s")
_PARENTS = frozenset("부모")
"""A father and a mother on a family's register ("부 함정우, 모 한명자"), before a whole name."""
_LABEL_COLON = regex.compile(r"[:\uff1a][ \t]*$")
_VALUE_END = regex.compile(r"[ \t]*(?:$|\n|[,/(|])|[ \t]{2}")
"""A form's value ends at the line's end, a comma, a slash, a bracket, a table's bar, or a run of spaces before the
next column ("성명(한글): 탁 수 민      성명(영문): ...")."""
_SEPARATOR_BEFORE = regex.compile(r"[ \t]*[,/\u00b7][ \t]*$")
_SEPARATOR_AFTER = regex.compile(r"[ \t]*[,/\u00b7][ \t]*")
_GRAMMAR = frozenset({"MM", "MAG", "MAJ", "NP", "NNB", "NR", "VV", "VA", "VX", "VCP", "XSN", "IC"})
"""Determiners, adverbs, pronouns, bound nouns, numerals, verb forms and interjections ("어" is one, and a name's
"어 수빈" too: only a frequent one is refused)."""


def spaced_family_gaps(text: str, tokens: Sequence[Any]) -> list[int]:
    """Where a space parts a one-syllable family name from a given name that may follow it (offsets of spaces)."""
    starts = [token.start for token in tokens]
    gaps = []
    for match in _SPACED.finditer(text):
        family, given = _at(tokens, starts, match.start(1)), _at(tokens, starts, match.start(2))
        if family is None or given is None or _TITLE_WORD.fullmatch(match.group(2)):
            continue
        if _COUNTING.search(text, max(0, match.start() - 4), match.start()):
            continue
        if family.id < FREQUENT:
            if family.tag in _GRAMMAR or len(match.group(2)) < 2:
                continue
            if given.id < FREQUENT and given.id not in UNKNOWN_NOUNS:
                continue
            if not given.tag.startswith("N"):  # "강 건너": a verb after a word
                continue
        gaps.append(match.end(1))
    for match in _SPELLED.finditer(text):  # single syllables are all words to Kiwi: only the reading closed decides
        syllables = match.group(1) + match.group(2) + match.group(3)
        if _COUNTING.search(text, max(0, match.start() - 4), match.start()) or _a_scale(syllables):
            continue
        if not _labelled_or_titled(text, match.start(), match.end()) and (
            match.group(1) in _WORDS_TOO or _CUE_BEFORE.search(text, max(0, match.start() - 12), match.start()) is None
        ):
            continue  # "엄마 나 밥 줘", "간호사 안 와 요": "I", "not"; "조 용 히 있음": nothing puts a person there
        gaps += [match.end(1), match.end(2)]
    return sorted(set(gaps))


_WORDS_TOO = frozenset("나이안한전제오구육도모고현정조")
"""One-syllable family names that are words written alone as often ("나" I, "안" not, "전" I, "조" of 조용히): spelled
out, a name only after a form's label or before a title ("성명: 이 세 영", "제 이 린 님"); another family name after
a role too ("회장 제갈 동 수")."""
_TITLE_NEXT = regex.compile(
    r"[\uac00-\ud7a3]{0,1}[ \t]?(?:님|씨|선생|학생|환자|고객|어르신|입니다|이라고|라고|이에요|예요)"
)


def _labelled_or_titled(text: str, start: int, end: int) -> bool:
    return _LABEL_COLON.search(text, max(0, start - 12), start) is not None or _TITLE_NEXT.match(text, end) is not None


def _a_scale(syllables: str) -> bool:
    """Grades, sizes, options, weekdays, a number and its counter, as forms and sentences list them ("상 중 하", "강 중
    약", "가 나 다", "화 목 토", "이 백 점", "이 두 개", "한 번 더"): no name."""
    if syllables in _SCALES or all(syllable in _WEEKDAYS for syllable in syllables):
        return True
    return all(syllable in _COUNTING_WORDS for syllable in syllables)


_SCALES = frozenset(
    {"상중하", "하중상", "대중소", "소중대", "가나다", "나다라", "갑을병", "고중저", "저중고", "강중약"}
)
_SCALES |= {"약중강", "국수영", "국영수"}
_WEEKDAYS = frozenset("월화수목금토일")
_COUNTING_WORDS = frozenset("일이삼사오육칠팔구십백천만한두세네점원개번명장권살시분초회차층호벌더덜또좀다")
"""Numbers, their counters and the adverbs that go with them ("한 번 더", "두 개 다")."""


def _at(tokens: Sequence[Any], starts: list[int], offset: int) -> Any:
    index = bisect.bisect_left(starts, offset)
    return tokens[index] if index < len(tokens) and starts[index] == offset else None


def closed(text: str, gaps: Sequence[int]) -> str:
    """`text` without the spaces at `gaps`."""
    bounds = [0, *(gap + 1 for gap in gaps)]
    return "".join(text[start:end] for start, end in zip(bounds, [*gaps, len(text)], strict=True))


def spanning(
    text: str, spans: Sequence[tuple[int, int, bool]], gaps: Sequence[int], found: Sequence[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The spans (found in `closed(text, gaps)`, each with whether a title or a person's place found it) that join a
    family name to the word after it across exactly one gap (or two, spelled syllable by syllable), as offsets into
    the text as written; one Kiwi alone read only as a form's value or in a list beside a person. Not where a person
    was `found` in the text as written starting after the gap (in "부 함정우", "2반 표하준", "나 편도현" the word
    before a name is a father, a class, "I"); after 부 or 모 a whole name after the gap is found alone ("모 한명자":
    a mother, named). `gaps` in order."""
    starting = {start for start, _ in found}
    moved = [gap - i for i, gap in enumerate(gaps)]  # where each gap falls in the closed text

    def original(at: int) -> int:
        return at + bisect.bisect_right(moved, at)

    joined: list[tuple[int, int]] = []
    people = [*found]
    for start, end, cued in sorted(spans):
        first, last = original(start), original(end - 1) + 1
        across = gaps[bisect.bisect_right(gaps, first) : bisect.bisect_left(gaps, last)]
        if not across or across[0] + 1 in starting:
            continue
        family, given = (
            text[first : across[0]],
            closed(text[across[0] + 1 : last], [g - across[0] - 1 for g in across[1:]]),
        )
        spelled = len(across) == 2 and across[1] == across[0] + 2 and last == across[1] + 2 and family in FAMILY_NAMES
        if not (spelled or (len(across) == 1 and len(family) == 1)) or _SPACE.search(given):
            continue
        if not cued and not _a_value(text, first, last) and not _listed_beside(text, first, last, people):
            continue
        whole_name = not spelled and family in _PARENTS and len(given) == 3 and given[0] in FAMILY_NAMES
        joined.append((first + 2 if whole_name else first, last))
        people.append(joined[-1])
    return joined


def _a_value(text: str, start: int, end: int) -> bool:
    """The whole value of a form's label: a colon before it, and its end (`_VALUE_END`) after."""
    return _LABEL_COLON.search(text, max(0, start - 12), start) is not None and _VALUE_END.match(text, end) is not None


def _listed_beside(text: str, start: int, end: int, people: Sequence[tuple[int, int]]) -> bool:
    """Beside a person in a list: a person's end, a comma or a slash, then this; or this, a comma or a slash, then a
    person."""
    before = _SEPARATOR_BEFORE.search(text, max(0, start - 6), start)
    after = _SEPARATOR_AFTER.match(text, end)
    return any((before and e == before.start()) or (after and s == after.end()) for s, e in people)
