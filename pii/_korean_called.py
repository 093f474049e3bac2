"""Given names used alone, as family, friends and teachers call each other, where Kiwi's own analysis marks
them (applied by `pii._korean.KoreanNameRecognizer` to each word's tokens):

- called: a proper noun and the vocative particle (`JKV`): "보람아", "한솔아"; not a relation or a role, which
  Kiwi reads as common nouns ("친구야", "얘들아");
- with the euphonic 이 a given name ending in a consonant takes before its particle: a proper noun and the
  suffix 이 (`XSN`: "상훈이가", "민준이도", "다솜이 어머님").

Not a common noun ("강아지야", "바람아 멈추어 다오", "사진이가": a review found them all), so a given name Kiwi
knows only as a word ("하늘아", "이슬이와") is left; nor a proper noun Kiwi read with the 이 inside it ("보람이는"),
as places end so ("두바이는", "하와이는"). And the given name of a person found elsewhere in the text, used alone
(`given_again`); and a child's given name before the word for their parent, as parents of one class call each
other ("민채 엄마예요", "하윤이 어머님 맞죠", `named_by_their_child`); a foreigner's given name alone before 씨
("쉬에메이 씨", `addressed_alone`); and a given name of two syllables that is a word too, before 씨 as Kiwi reads an
honorific, a bound noun, and not a seed, a common noun ("하늘 씨가 운전", "노을 씨 오늘"; not "사과 씨 빼고",
`before_ssi`). Pure logic over Kiwi's tokens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import regex

from ._korean_tokens import FREQUENT, UNKNOWN_NOUNS
from ._korean_words import (
    _PARTICLES,
    ADDRESSED,
    AT_THEIR_HOME,
    FAMILY_NAMES,
    KOREAN_ROLES,
    after_a_name,
    given_name,
)

CALLS = ("야", "아", "이야")
"""What Korean writes after a given name to call someone ("민서야", "지훈아")."""


def called(tokens: Sequence[Any]) -> tuple[int, int] | None:
    """The offsets of a given name used alone at the start of one word's tokens, if the tokens say so."""
    if len(tokens) < 2:
        return None
    first, second = tokens[0], tokens[1]
    if first.tag != "NNP" or first.form in KOREAN_ROLES:
        return None  # a common noun called is no one ("강아지야", "바람아", "사진이가", "친구야", "여보야")
    start = first.start
    if second.tag == "JKV" and 2 <= first.len <= 3:
        return start, start + first.len
    if second.form == "이" and second.tag == "XSN":
        return start, start + first.len
    return None


def addressed_alone(word: str, then: str, tokens: Sequence[Any], *, cued: bool = False) -> int | None:
    """How long the given name is that `word` opens when 씨 follows it, written on it or as the next word ("쉬에메이 씨
    무슨 서류가", "리우양씨는"): a proper noun of two syllables or more that Kiwi has never seen, as a foreigner's
    given name used alone is (a Korean one is found by its family name); not one it knows, as countries, brands,
    pets' and apps' names are ("미국 씨", "넷플릭스 씨", "초코 씨"), nor a fruit's, a herb's or a spice's seed
    ("샤인머스캣 씨 없는", "코리앤더 씨 넣고": a word of seeds after it). Before a title that follows a person and
    no trade (학생, 어르신, 여사: "딜노자 학생은"), or after a client's, housemate's, carer's or interpreter's role
    (`cued`: "내담자: 레티투짱 (", "룸메이트 리우양은"), such a proper noun of three syllables or more; not before
    님, 선생님 or 사장님, which a trade in a loanword takes as often ("스트리머 님", "캘리그라피 선생님"). `then`: the
    text after `word`; `tokens`: Kiwi's for the word. Whether it is a place is the caller's to ask."""
    first = tokens[0] if tokens else None
    if first is None or first.tag != "NNP" or first.len < 2 or not word.startswith(first.form):
        return None
    if first.form.endswith(_PARTICLES_READ_IN):
        return None
    unknown = first.id in UNKNOWN_NOUNS
    rest = word[first.len :]
    following = _NEXT_WORD.match(then)
    title = rest or (following.group(1) if following else "")
    if ADDRESSED.fullmatch(title) is not None and title.startswith("씨"):
        return int(first.len) if unknown and _SEEDS.match(rest + then) is None else None
    if unknown and first.len >= 3 and _ADDRESSING.fullmatch(title) is not None:
        return int(first.len)
    if cued and unknown and first.len >= 3 and after_a_name(rest):
        return None if first.form.endswith(_GROUPS) else int(first.len)
    return None


_ADDRESSING = regex.compile(rf"(?:학생|어르신|여사님?){_PARTICLES}")
"""Titles that follow a person's name and no trade's ("딜노자 학생은", "블라디미르 어르신")."""
_NEXT_WORD = regex.compile(r"[ \t]([\uac00-\ud7a3]+)")
_SEEDS = regex.compile(
    r"[ \t]?씨(?:앗|가|를|는|도|의)?[ \t]*(?:\d|한[ \t]|없|많|적|빼|발라|제거|심|뿌리|파종|발아|채취|말리|모종"
    r"|키우|키워|주문|나눔|사|구매|구입|버리|버려|넣|빻|갈|볶|보관|차|가루|오일|기름|립|봉지|개수)"
)
"""A seed, not a person: 씨 before what one says of seeds ("씨 없는", "씨가 많아", "씨 심기")."""
_PARTICLES_READ_IN = ("까지", "에서", "부터", "으로", "에게", "한테")
"""Particles Kiwi may read into a word it has never seen ("풍덕천동까지" as one proper noun): no name ends so."""
_GROUPS = ("회", "팀", "센터", "조합", "학교", "병원", "교회", "성당", "협회", "재단")
"""What ends the name of a group an account or a booking is held by ("예금주 재경고흥향우회"): no one's name."""


PARENTS = ("엄마", "아빠", "어머니", "어머님", "아버지", "아버님")
"""A child's parent in running text (not 맘, as often "mind": "맘에 들어요", "슈퍼 맘", "동탄 맘 카페")."""
_KIN_OF_A_CHILD = (*PARENTS, "할머니", "할아버지", "할미", "할매")
"""A child's parent or grandparent, as parents of one class and a team's coach call them ("건우 할머니"), or written
onto the child's name, as chat names are ("채아엄마", "건우할머니"); not 맘, written as often onto a word or a town
("워킹맘", "동탄맘")."""
_NO_NAME_PIECES = frozenset({"MM", "MAG", "MAJ", "NP", "XSN", "VV", "VA", "XPN"})
"""Kiwi's tags of a determiner, an adverb, a pronoun, a suffix or a verb: no given name's pieces ("그집", "단톡",
"주님")."""


def named_by_their_child(word: str, following: str, tokens: Sequence[Any]) -> int | None:
    """How long the child's given name is that `word` is when the next word names their parent ("민채 엄마예요",
    "하윤이 어머님 맞죠"): two syllables, alone or with the euphonic 이 after a consonant, the parent one (not "대치
    엄마들", mothers of a town, nor "엄마표"); None for a word of another shape or of pieces no name is made of
    (`tokens`, Kiwi's for the word: a determiner, an adverb, a suffix, or two frequent common words: "옆반").
    Whether the syllables are a possessive ("우리 엄마"), a word ("친구 엄마") or a place is the caller's to ask."""
    parent = next((p for p in _KIN_OF_A_CHILD if following.startswith(p)), None)
    if parent is None or not _after_their_kin(following[len(parent) :]):
        return None
    if not (len(word) == 2 or (len(word) == 3 and word[2] == "이" and _ends_in_consonant(word[:2]))):
        return None
    return _a_childs_name(tokens)


def named_with_their_kin(word: str, tokens: Sequence[Any], before: str = "") -> int | None:
    """How long the child's given name is that opens `word` when the word for their parent or grandparent is
    written onto it (`_KIN_OF_A_CHILD`: "채아엄마", "건우할머니께", "서윤이엄마" with the euphonic 이): two syllables,
    the same pieces as `named_by_their_child`'s, and no word a child is not ("친구엄마", "산타할아버지"); or three, a
    family name of one syllable and a given name of two, no class's role nor a common noun's pieces ("김시우엄마"; not
    "전학생엄마", "김밥집할머니"). Or, when the word `before` it is an invitation's or a notice's word for a son, a
    daughter, a grandchild, the groom or the bride (`_KIN_IN_A_NOTICE`: "장남 재현", "신부 다은 010-...", "손녀
    나라가"), the two syllables opening it, alone or before a particle, of the same pieces ("신부 대기실", "신랑
    입장" hold none)."""
    if word[:2] in _NO_CHILD:
        return None
    if before in _KIN_IN_A_NOTICE and len(word) >= 2 and (len(word) == 2 or after_a_name(word[2:])):
        return _a_childs_name(tokens) if word[:2] not in _NO_NAME_AFTER_KIN else None
    if _their_kin(word[2:]) or (word[2:3] == "이" and _ends_in_consonant(word[:2]) and _their_kin(word[3:])):
        return _a_childs_name(tokens)
    if word[:1] in FAMILY_NAMES and word[1:3] not in _NO_CHILD | _ROLES_IN_CLASS and _their_kin(word[3:]):
        pieces = [t for t in tokens if t.start < tokens[0].start + 3] if tokens else []
        if not any(t.tag in _NO_NAME_PIECES or t.tag in _COMMON_PIECES for t in pieces):
            return 3  # the child's whole name, as a class's list of payments writes it ("김시우엄마", "정하람아빠")
    return None


_KIN_IN_A_NOTICE = frozenset(
    {"장남", "차남", "삼남", "장녀", "차녀", "삼녀", "외아들", "외동딸", "막내아들", "막내딸", "신랑", "신부", "손녀"}
    | {"손자", "외손녀", "외손자", "자부", "사위", "며느리"}
)
"""A son, a daughter, a grandchild, the groom, the bride or an in-law, as a wedding invitation, an obituary or a
family's seating plan names them before their given name."""
_BANKS = frozenset(
    {"농협", "국민", "신한", "우리", "기업", "카카", "카뱅", "케뱅", "토스", "신협", "우체", "수협", "씨티", "새마"}
)
"""Banks' names after the groom's or the bride's word, where an invitation says where gifts go ("신랑 농협 352-...")."""
_AT_A_WEDDING = frozenset(
    {"혼주", "입장", "퇴장", "대기", "측이", "쪽이", "부모", "가족", "친구", "하객", "계좌", "연락"}
)
"""What follows the groom's or the bride's word at a wedding, and no one's name ("신랑 혼주 인사", "신부 입장")."""
_NO_NAME_AFTER_KIN = _BANKS | _AT_A_WEDDING
_NO_CHILD = frozenset(
    {"친구", "옆집", "앞집", "뒷집", "윗집", "동네", "시골", "우리", "산타", "아기", "애기", "아이", "이웃", "학교"}
    | {"동생", "언니", "누나", "오빠", "형님", "사촌", "외가", "친가", "시댁", "처가", "새댁", "큰집", "막내", "친정"}
)
"""Words written onto a parent's or a grandparent's word that are no child's name ("친구엄마", "시골할머니")."""
_ROLES_IN_CLASS = frozenset({"학생", "대표", "반장", "선생", "회장", "총무", "원장", "기사"})
"""A class's roles after a syllable that is a family name too ("전학생엄마", "반대표엄마"): no child's whole name."""
_COMMON_PIECES = frozenset({"NNG", "NNB", "XSN"})
"""Kiwi's tags of a common noun's pieces, which a whole name is not made of ("김밥집할머니", "유아식엄마")."""


def _after_their_kin(rest: str) -> bool:
    return after_a_name(rest) or rest in AT_THEIR_HOME


def _a_childs_name(tokens: Sequence[Any]) -> int | None:
    stem = [t for t in tokens if t.start < tokens[0].start + 2] if tokens else []
    if any(t.tag in _NO_NAME_PIECES for t in stem):
        return None
    if stem and all(t.tag == "NNG" and t.id < FREQUENT for t in stem):  # "옆" + "반": the next class
        return None
    return 2


def given_again(
    text: str,
    words: Sequence[Any],
    people: list[tuple[int, int]],
    taken: Callable[[int], bool],
    one_common_word: Callable[[Any, int], bool],
) -> dict[int, tuple[int, int]]:
    """Rule 7: the given name of a person found (two syllables or more), written alone elsewhere as family and
    friends call each other ("황보민서" ... "민서야", "지훈이가", "한결: ..." ... "한결이랑"): called (야, 아), with
    the euphonic 이 a given name ending in a consonant takes before a particle ("보람이랑", not "보람이 있었어요"),
    or with what Korean writes after a name where Kiwi does not read it as one common word ("편지원" ... "지원
    요청"). `words`: the text's words (`pii._korean_tokens.Word`); `taken`: whether word i is a person already;
    `one_common_word`: whether Kiwi reads a word up to an offset as one common word. The given name's span by word."""
    givens = {given for start, end in people if (given := given_name(text[start:end]))}
    again: dict[int, tuple[int, int]] = {}
    for i, word in enumerate(words):
        given = next((g for g in givens if word.hangul.startswith(g)), None) if not taken(i) else None
        if given is None:
            continue
        rest = word.hangul[len(given) :]
        written = after_a_name(rest)
        euphonic = rest[:1] == "이" and len(rest) >= 2 and written and _ends_in_consonant(given)
        end = word.start + len(given)
        if rest in CALLS or euphonic or (written and not one_common_word(word, end)) or _their_kin(rest):
            again[i] = (word.start, end)
    return again


def _their_kin(rest: str) -> bool:
    """Whether `rest`, written onto a given name, is the word for the person's parent or grandparent ("채아엄마",
    "건우할머니께")."""
    kin = next((k for k in _KIN_OF_A_CHILD if rest.startswith(k)), None)
    return kin is not None and _after_their_kin(rest[len(kin) :])


def _ends_in_consonant(syllables: str) -> bool:
    return (ord(syllables[-1]) - 0xAC00) % 28 != 0


_GIVEN_NAME_SYLLABLES = regex.compile(r"[\uac00-\ud7a3]{2}")


def before_ssi(text: str, tokens: Sequence[Any], a_place: Callable[[str], bool]) -> list[tuple[int, int]]:
    """The spans of two syllables that make a word of their own before 씨, which Kiwi reads as the honorific after a
    person (a bound noun, `NNB`) and not as a seed (a common noun: "사과 씨 빼고", "고추 씨 심기"), written on or as
    the next word ("하늘 씨가", "하늘씨가"): a given name, whatever common word it is too, or an adverb ("한결"). Not a
    role ("고객 씨"), a place (`a_place`), a seed by what is said of it (`_SEEDS`), nor a proper noun Kiwi knows, a
    country's, a brand's, a herb's or a pet's as often ("미국 씨", "바질 씨", "초코 씨": a foreigner's given name Kiwi
    has never seen is `addressed_alone`'s)."""
    spans = []
    for before, honorific in pairwise(tokens):
        end = before.start + before.len
        if honorific.form != "씨" or honorific.tag != "NNB" or text[end : honorific.start] not in ("", " "):
            continue
        word_start = before.start == 0 or not text[before.start - 1].isalnum()
        name = text[before.start : end]
        if not word_start or _GIVEN_NAME_SYLLABLES.fullmatch(name) is None or name in KOREAN_ROLES or a_place(name):
            continue
        if name in _NOT_BEFORE_SSI or (before.tag == "MAG" and name not in _ADVERBS_AS_NAMES):
            continue
        after_an_animal = _AN_ANIMAL_BEFORE.search(text, max(0, before.start - 8), before.start) is not None
        if before.tag in ("NNG", "MAG") and _SEEDS.match(text, end) is None and not after_an_animal:
            spans.append((before.start, end))
    return spans


_NOT_BEFORE_SSI = frozenset(
    {"자두", "딸기", "참외", "망고", "수박", "포도", "체리", "석류", "고추", "감자", "호박", "오이", "사과", "배추"}
    | {"레몬", "키위", "대추", "살구", "참깨", "들깨", "멜론", "앵두", "매실"}
    | {"신입", "알바", "인턴", "기사", "총각", "아기", "비서", "조교", "경비", "반장", "실습", "새댁", "마음", "솜"}
    | {"요즘", "오늘", "내일", "어제", "지금", "항상", "계속", "매일", "아까", "나중"}
)
"""Two syllables before 씨 that are no given name (only two are asked): a fruit's or a vegetable's seed however Kiwi
reads 씨 ("자두 씨가 커요"), a newcomer's or a trade's word ("신입 씨", "기사 씨"), a spaced compound ("마음 씨"), a
time ("요즘 씨가 비싸요")."""
_ADVERBS_AS_NAMES = frozenset({"한결", "가득", "두루", "마냥", "고이"})
"""Adverbs that are given names too ("한결 씨"); another adverb before 씨 is the sentence's ("계속 씨가 끼어요")."""
_AN_ANIMAL_BEFORE = regex.compile(r"(?:강아지|고양이|앵무새|햄스터|토끼|거북이|반려견|반려묘|댕댕이|냥이)[ \t]*$")
"""A pet's kind right before its name: the pet is no person ("고양이 나비 씨")."""
