"""Korean names of any shape that only where they stand tells apart (applied by `pii._korean`), Kiwi's reading of
them asked by the caller: a foreign resident's name written in Hangul, a rare family name, a name written as one
word.

- after a label only a person fills, with a colon or not ("성명: 엥흐자야", "강사: 담해랑", "받는 사람: 진해나
  사회복지사님", "배우자 굴노라 라히모바");
- before a relation or a home in brackets, as class lists and minutes write them ("판수빈(모)", "크리스티나
  로하스(모)", "감사 도미순(104동)");
- opening a numbered line before a dash and a number ("4. 바트체첵 — 1989.10.30");
- in a paper's byline, after its place and "=" ("/군산=도하은 기자");
- as the whole value of a person's label where Kiwi reads it as words ("민원인: 편지원", `the_labels_whole_value`).
"""

from __future__ import annotations

from collections.abc import Callable

import regex

from ._korean_tokens import Word, common, stem_tokens
from ._korean_words import _LABEL_BEFORE, FAMILY_NAMES, KOREAN_ROLES, PLACE_SUFFIXES, family_of
from ._normalize import HANGUL_SYLLABLES

Predicate = Callable[[int, int], bool]

_H = f"[{HANGUL_SYLLABLES}]"
_RUN = rf"({_H}{{2,6}}(?:[ \t]{_H}{{2,6}})?)"
_SENDS = r"(?:받는|보내는)[ \t]?(?:사람|분)"
"""A parcel's or a letter's recipient and sender ("받는 분", "보내는사람")."""
_LABELLED = regex.compile(
    # a thing's name is 이름 too ("와이파이 이름:"): that label opens its line or follows a mark
    rf"(?<!{_H})(?:(?:성명|(?<=^|[^\w \t][ \t]*)이름|성함|{_SENDS}|강사"
    # a colon after the label, or a spouse's word alone
    r"|담임|신청인|신청자|배우자|예약자|대표자|세대주"
    r")(?:\([^)\n]{0,12}\))?[ \t]*[:\uff1a]|배우자[ \t])[ \t]*"
    rf"{_RUN}(?=[ \t]*(?:$|\n|[(,/·<\u2014\u2013-]))",
    flags=regex.MULTILINE,
)
_PARTY = regex.compile(
    rf"(?<!{_H})(?:소유자|채무자|채권자|임차인|임대인|매수인|매도인|원고|피고|피고인|사업주)[ \t]*[:\uff1a][ \t]*"
    rf"({_H}{{2,4}})(?=[ \t]*(?:$|\n|[(,/·<\u2014\u2013-]))",
    flags=regex.MULTILINE,
)
"""A party to an auction, a lease or a case after its label ("소유자: 변경숙 / 채무자: 변태민"): a person only with a
Korean name's shape, as the state, a city or a firm is a party too ("피고: 대한민국", "원고: 카카오", "소유자:
서울특별시")."""
_SLIP = regex.compile(
    rf"(?<!{_H}){_SENDS}[ \t]*(?:[:\uff1a][ \t]*)?({_H}{{2,4}}?)(?:님|씨)?"
    r"(?=[ \t]*(?:0\d{1,2}[ \t.-]?\d{3,4}[ \t.-]?\d{4}|\+82))"
)
"""A parcel slip's sender or recipient, a colon after the label or not, their phone number after the name ("보내는분
육지호 010-9254-3310"): a person with a Korean name's shape that Kiwi does not read as ordinary words (not "받는분
경비실", "받는분 고객님")."""
_NOT_SENDERS = ("님", "시", "실", "점")
"""How a slip's word ends that is no one's name: a title, a time, a room, a shop ("고객님", "부재시", "경비실",
"편의점")."""
# a home's building as the view writes it: "104 동"
_BRACKETED = regex.compile(rf"{_RUN}[ \t]?\((?:모|부|조모|조부|외조모|외조부|母|父|\d{{2,4}}[ \t]?동)\)")
_NUMBERED = regex.compile(
    rf"^[ \t]*(?:\d{{1,3}}[.)]|[\u2460-\u2473])[ \t]*({_H}{{2,6}})[ \t]*[\u2014\u2013-][ \t]*"
    r"(?:(?:19|20)\d\d[ \t]?[./년-]|0\d{1,2}[ -]?\d{3,4}[ -]?\d{4})",  # a birth date or a phone: not "- 3박"
    flags=regex.MULTILINE,
)
_BYLINE = regex.compile(rf"(?<={_H}[ \t]?=[ \t]?)({_H}{{2,4}})[ \t]*(?:기자|특파원|통신원)(?!{_H})")
"""A reporter's name in a Korean paper's byline, after its place and "=" ("/군산=도하은 기자")."""
_NO_ONE = frozenset({"미정", "미상", "없음", "본인", "추후", "동일", "상동", "공란", "미기재", "생략", "비공개"})
_NO_ONE |= {"미배정", "미입력", "미확정", "미지정", "미등록", "해당없음", "모름", "공석", "익명", "무명", "있음"}
_NO_ONE |= {"위와", "같음", "상기", "동일함"}
"""What a form writes where no name is given ("강사: 미정")."""
_WORD = regex.compile(rf"{_H}+")
TEAMS = ("팀", "부서", "본부", "센터", "지점")
"""What ends a team's or a branch's name before a person's."""
_COMPANY_FORMS = frozenset({"주식회사", "유한회사", "합자회사", "재단법인", "사단법인", "농업회사법인"})
"""A company's legal form, written before or after its name."""
FIRMS: tuple[str, ...] = (
    "건설",
    "은행",
    "회사",
    "산업",
    "상사",
    "전자",
    "물산",
    "조합",
    "공사",
    "법인",
    "재단",
    "금고",
    "캐피탈",
    "보험",
)
FIRMS += ("농협", "수협", "신협", "개발", "기업", "그룹", "공단", "주택", "카드")
"""What ends a firm's or a bank's name where a person's may stand ("소유자: 한빛건설", "채권자: 농협은행")."""
_ROLES = KOREAN_ROLES | {"동대표", "부회장", "관리소장", "입주자대표", "반장", "통장", "이장"}
"""Roles before a name in an association's minutes ("동대표 강민철(102동)")."""


def _a_korean_name(word: str) -> bool:
    """A family name of the closed class and one to three syllables after it, no place's unit closing a longer word,
    no firm's or agency's ending and no state's name ("변경숙", "홍길동"; not "대한민국", "서울특별시", "조달청")."""
    units = tuple(suffix for suffix in PLACE_SUFFIXES if len(suffix) > 1 or len(word) > 3)  # "홍길동" is a name
    return word[0] in FAMILY_NAMES and not word.endswith((*units, *FIRMS, *_AGENCIES)) and word not in _STATES


_STATES = frozenset({"대한민국", "한국", "국가", "정부"})
_AGENCIES = ("청", "처", "마트")
"""What ends an agency's or a chain's name where a party's stands ("피고: 조달청", "원고: 이마트")."""


def placed_names(text: str, ordinary: Predicate, proper: Predicate) -> list[tuple[int, int]]:
    """The spans of the names these patterns find: after a label, the words up to a title or a role ("진해나
    사회복지사님"), none a common word Kiwi knows (`ordinary`) nor what a form writes for no one (`_NO_ONE`);
    before a bracket, its words after a role ("감사 도미순(104동)"); on a numbered line, one word Kiwi reads as one
    proper noun (`proper`: not "간식비 - 5000원")."""
    spans = [m.span(1) for m in _NUMBERED.finditer(text) if proper(*m.span(1))]
    spans += [m.span(1) for m in _BYLINE.finditer(text)]
    spans += [m.span(1) for m in _PARTY.finditer(text) if _a_korean_name(m.group(1)) and not ordinary(*m.span(1))]
    slips = [m for m in _SLIP.finditer(text) if _a_korean_name(m.group(1)) and not m.group(1).endswith(_NOT_SENDERS)]
    spans += [m.span(1) for m in slips if not ordinary(*m.span(1))]
    for pattern in (_LABELLED, _BRACKETED):
        for match in pattern.finditer(text):
            words = list(_WORD.finditer(text, *match.span(1)))
            if any(word.group() in _COMPANY_FORMS for word in words):
                continue  # "원고: 주식회사 보람테크": a firm is a party too
            while words and (
                words[0].group() in _ROLES or words[0].group().endswith(TEAMS) or ordinary(*words[0].span())
            ):
                words.pop(0)  # "감사 도미순(104동)", "신청자: 마케팅팀 길다정": the role or the team before the name
            kept = []
            for word in words:
                if word.group() in KOREAN_ROLES or word.group().endswith(("님", "씨")) or word.group() in _NO_ONE:
                    break
                if word.group().endswith(FIRMS):
                    break
                if ordinary(*word.span()):
                    break
                kept.append(word)
            if kept:
                spans.append((kept[0].start(), kept[-1].end()))
    return spans


_VALUE_END = regex.compile(r"[^\S\n]*(?:\n|$|[,(/])")


def the_labels_whole_value(text: str, word: Word) -> tuple[int, int] | None:
    """Rule 4 where Kiwi reads the name as words ("편지" + "원"): a word of a name's shape in three or four
    syllables that is the whole value of a person's label on a form ("민원인: 편지원", "예금주: 길순례,"); not one
    that Kiwi reads as one common word or as common words of two syllables or more ("시스템", "고객" + "센터")."""
    form = word.hangul
    if not (word.alone and word.start == word.first and 3 <= len(form) <= 4 and family_of(form) is not None):
        return None
    if _LABEL_BEFORE.search(text, max(0, word.first - 12), word.first) is None:
        return None
    content = stem_tokens(word.tokens, word.start, word.end)
    if content and all(common(t) and t.len >= 2 for t in content):
        return None
    return (word.start, word.end) if _VALUE_END.match(text, word.end) else None
