"""Korean names in two or more words, found where Korean writing puts a person (applied by
`pii._korean.KoreanNameRecognizer` beside its word-by-word rules):

- a family name written apart from the given name ("어 수빈", "서문 혁", "갈 상훈"), as forms, rosters and
  rare family names often are;
- a foreigner's name in Hangul ("케빈 하딩", "아크말 유수포프", "리우 하오란", "크리스 박"): two to four
  words, none of which Kiwi reads as an ordinary word;

each only in a person's place: before a title or honorific ("도 해진 과장에게", "후지이 다이스케 씨", "서문
혁(상무)"), after a role, a relation or a form's label ("피고인 갈 상훈", "배우자 라일라 카리미와", "성명: 은
하람"), or as the speaker of a chat line ("[오전 8:45] 라 지은: ..."). And the display name of a chat line with
its time ("[오후 5:03] 옥다운: ...", "[황보정석] [오후 2:14] ..."), whatever words it is made of: a chat's
speakers are its people ("도윤엄마", "한결맘 표미경"). The speakers of work messengers, transcripts, live chats and
chats copied with their speakers in brackets are `pii._korean_speakers`'s.

Pure patterns over the normalised view; whether Kiwi reads a span as ordinary words is asked of the caller.
"""

from __future__ import annotations

import regex

from . import _english as english
from ._chat import a_handle
from ._korean_names import transliterated
from ._korean_speakers import CLOCK, ME, NO_ONE, SHAPED, Predicate, chat_speakers
from ._korean_titled import titled_families
from ._korean_words import (
    _CUES,
    _TITLE_WORD,
    FAMILIES,
    HONORIFICS,
    KOREAN_ROLES,
    PARENT_OF,
    a_place_word,
    a_unit,
    after_a_name,
)
from ._name_shapes import _EVERYDAY_NAME
from ._name_words import ORDINARY_CAPITALISED, listed_names
from ._normalize import HANGUL, HANGUL_SYLLABLES, SCRIPT_SEAM

_H = f"[{HANGUL_SYLLABLES}]"
_SPACED = regex.compile(rf"(?<!{_H})(?:{FAMILIES})[ \t]({_H}{{1,3}})({_H}{{0,4}})(?![{HANGUL_SYLLABLES}])")
"""A family name, a space, then a given name of one to three syllables with what Korean writes after a name."""
_WORDLIKEFAMILIES = frozenset("나이안한전제오구육도모고현정")
"""Family names that are also words often written alone (나 "I", 이 "this", 현 "current", 도 "also"): apart
from the next word, a name only with a given name of two syllables that Kiwi does not read as an ordinary word
("나 지금", but "이 서윤")."""
_HANGUL_WORD = regex.compile(rf"(?<![{HANGUL_SYLLABLES}\w]){_H}{{1,6}}(?![{HANGUL_SYLLABLES}\w])")
_LONGEST_FOREIGN = 4
"""A foreigner's name as Korean writes it: two to four words of Hangul apart by one space, the first of two
syllables or more, the last with its particles."""
_TITLE_AFTER = regex.compile(rf"[ \t]?\(?[ \t]?({_H}+)")
_LATIN_NAME = r"\p{Lu}\p{Ll}{1,14}(?:[ \t]\p{Lu}\p{Ll}{1,14})?"
"""A display name in Latin letters, one word or two ("Emily", "Sarah Kim")."""
_TIMESTAMP = rf"\[[ \t]?{CLOCK}[ \t]?\]"
"""KakaoTalk's time of a message ("[오후 2:14]"); not a video's chapter or an agenda's slot ("[01:23] 언박싱:")."""
_DATED = (
    r"(?:\d{4}\.[ \t]?\d{1,2}\.[ \t]?\d{1,2}\.|\d{4}[ \t]?년[ \t]?\d{1,2}[ \t]?월[ \t]?\d{1,2}[ \t]?일)"
    r"[ \t]?(?:(?:오전|오후)[ \t]?)?\d{1,2}:\d{2},"
)
"""The date and time of a message in KakaoTalk's export on a phone, as its English-numbered and its Korean settings
write it ("2024. 3. 1. 오후 2:14, 홍길동 : ...", "2024년 3월 1일 오후 2:14, 홍길동 : ..."; the detection view sets
a number apart from the Hangul after it)."""
_SPEAKER = regex.compile(
    rf"^[ \t]*{_TIMESTAMP}[ \t]*([^\s:\[\]\d][^:\[\]\n\d]{{0,18}}?)[ \t]*[:\uff1a]"
    rf"|^[ \t]*\[([^\[\]\n\d]{{1,18}})\][ \t]*{_TIMESTAMP}"
    rf"|^[ \t]*{_DATED}[ \t]*([^\s:\[\],\d][^:\[\],\n\d]{{0,18}}?)[ \t]*[:\uff1a]"
    rf"|^[ \t]*({_H}{{2,6}}|{_LATIN_NAME})[ \t]+{CLOCK}[ \t]*(?:[:\uff1a]|$(?=\n[^\n]*\S)(?!\n[^\n]*{CLOCK}[ \t]*$))"
    rf"|^[ \t]*({_H}{{2,6}}|{_LATIN_NAME})[ \t]*\n[ \t]*{CLOCK}[ \t]*$(?=\n[^\n]*\S)",
    regex.MULTILINE,
)
"""The display name of a chat line with its time: "[오전 8:41] 한결맘 표미경: ...", "[황보정석] [오후 2:14] ...",
"2024. 3. 1. 오후 2:14, 홍길동 : ...", and KakaoTalk copied on a computer, a name in one Hangul word and the time on a
line of their own before what it said, or before a colon ("김도현 오후 8:14", "도윤맘 오전 9:02: ..."; not "회의는 오후
3:00", ordinary words, nor a schedule's lines of times one after another: "약 복용 오전 8:00", "Standup 오전 10:00"); a
name in Latin letters too ("Emily 오후 9:05"), with a listed given name in it (`_a_latin_speaker`); and a phone's copy,
the name alone on a line and the time alone on the next ("셰르조드\n오후 2:14\n..."), a name that speaks so twice at
least and says a message (`_a_phones_speaker`: not a schedule's "판교역\n오전 8:10\n출발")."""
_SPEAKS_AGAIN = 5
"""The group of `_SPEAKER` whose name must speak twice."""
_POSTER = regex.compile(
    rf"^[ \t]*(?:\u2514|\u3134|\u1102|\u21b3|\u2517)[ \t]*((?:[^\s:\uff1a]|{SCRIPT_SEAM}){{1,14}})[ \t]*"
    r"(?:\([\d,]{1,7}\)[ \t]*)?[:\uff1a]"
    r"|작성자[ \t]*[:\uff1a][ \t]*([^\s:,()\[\]]{1,12})"
    r"|\(([^\s()\u2605\u2606]{1,12})[ \t]*[\u2605\u2606]"
    rf"|(?<![{HANGUL_SYLLABLES}])(?:닉네임|닉|대화명|별명)[ \t]*(?:[:\uff1a][ \t]*['\"\u2018\u201c]?|['\"\u2018\u201c])"
    rf"((?:[^\s:,()\[\]'\"\u2018\u2019\u201c\u201d]|{SCRIPT_SEAM}){{2,12}})"
    rf"|['\"\u2018\u201c]((?:[^\s:,()\[\]'\"\u2018\u2019\u201c\u201d]|{SCRIPT_SEAM}){{2,12}})['\"\u2019\u201d][ \t]?님",
    regex.MULTILINE,
)
"""Who wrote a post, a comment or a review on a community site: "작성자: 콩이맘", a comment's "└ 봄날의곰: ..." (its
likes in brackets: "ㄴ 한결같은독자 (2,341) : ..."), a review's "(떡볶이는사랑 ★1)", a handle after its label
("닉네임 '별빛가득'", "(닉: 백현동두아이맘)"; not "피크닉:", nor "닉: 비공개") or in quotes before 님
("'판교새댁'님이"); a handle, whatever its words, in Hangul, and not a short word Kiwi knows ("└ 목표:", "(가격
★★★☆☆)": an outline's or a rating's label); a comment's marker only where the text is a community's (a poster, a
comment or an anonymous one named: `_COMMUNITY`)."""
_NO_HANDLE = frozenset({"비공개", "미설정", "미정", "없음", "회의중", "부재중", "익명", "알수없음", "탈퇴회원"})
"""What a handle's label says when there is none ("닉: 비공개", "대화명: 회의중")."""
_COMMUNITY = regex.compile(r"작성자|댓글|익명|글쓴이|답글")
_LONGEST_LABEL = 3
_NOT_A_POSTER = (
    "익명",
    "글쓴이",
    "작성자",
    "관리자",
    "운영자",
    "사장님",
    "탈퇴한",
    "알수없음",
    "비밀",
    "댓글",
    "답글",
    "대댓글",
)
"""A site's words for a poster it does not name ("익명1", "익명(글쓴이)", "└ 댓글:")."""
_SPEAKER_AFTER = regex.compile(r"[ \t]*[:\uff1a]")
_LINE_START_BEFORE = regex.compile(rf"(?:^|{_TIMESTAMP}|{_DATED})[ \t]*$", regex.MULTILINE)
_ROSTER_BEFORE = regex.compile(r"^[ \t]*\d{1,2}[.)][ \t]*$", regex.MULTILINE)
_ROSTER_AFTER = regex.compile(r"[ \t]*(?:[-\u2013/(,]|$)", regex.MULTILINE)
"""A numbered roster's line: "3. 탁 준영 - 밴쿠버 거주", "1. 보보예프 쇼흐루흐 (우즈베키스탄, E-9)"."""
_ROLE_BEFORE = regex.compile(
    rf"(?<![{HANGUL_SYLLABLES}])(?:{_CUES})명?[ \t]*(?:\([^()\n]{{1,8}}\))?[ \t]*[:\uff1a]?[ \t]*$"
    rf"|(?:팀장|부장|과장|실장|국장|소장|단장|원장)[ \t]+$"
)
"""A role, a relation or a form's label before a name ("피고인 ", "환자명: ", "보호자(배우자) "), or a title
after its unit ("물류팀장 ")."""
_LIST_SEPARATOR = regex.compile(r"[ \t]*[,\u00b7/][ \t]*")
_LIST_SEPARATOR_BEFORE = regex.compile(r"[ \t]*[,\u00b7/][ \t]*$")
"""What stands between two names in a list (",", "·", "/"), after the name before or before the name after."""


def cued_names(
    text: str, people: list[tuple[int, int]], ordinary: Predicate, predicated: Predicate
) -> list[tuple[int, int]]:
    """The spans of names in two or more words that stand in a person's place, or in a list beside a person
    (`people`, found by the other rules, or by these), and of chat speakers. `ordinary`: whether Kiwi reads the
    text between two offsets as ordinary words; `predicated`: whether it reads a verb, an adjective, an ending or
    a particle there."""
    matches = list(_SPEAKER.finditer(text))
    spoken = [match for match in matches if match.group(_SPEAKS_AGAIN) is not None]
    turns = [match.group(_SPEAKS_AGAIN) for match in spoken]
    twice = {name for i, name in enumerate(turns) if name in turns[i + 1 :] and turns[i + 1] != name}
    chatting = {match.group(_SPEAKS_AGAIN) for match in spoken if _said_in_a_chat(text, match.end(), predicated)}
    spans = [
        span
        for match in matches
        if (match.group(_SPEAKS_AGAIN) is None or _a_phones_speaker(match.group(_SPEAKS_AGAIN), twice, chatting))
        and (span := _speaker(match))
        and _named(match, span, ordinary)
    ]
    spans += chat_speakers(text, ordinary)
    spans += _posters(text, ordinary, predicated)
    spans += _transliterated_people(text)
    spans += _bracketed_kin(text, ordinary)
    spans += kin_before_a_latin_name(text)
    spans += titled_families(text)
    listed_starts = {start for start, _ in [*people, *spans]}
    listed_ends = {end for _, end in [*people, *spans]}
    waiting = []
    for start, end, word_end, given in _spaced(text) + _foreign(text, ordinary, predicated):
        cue = _cue(text, start, end, word_end)
        sure = given is None or _sure_given(text, start, given, end, ordinary, predicated)
        if cue == "roster" and given is None:
            cue = (
                "none"  # "1. 리액트 네이티브 - 모바일": a foreign name on a roster's line is a dish or a tool as often
            )
        if cue in ("title", "label") or (cue != "none" and sure):
            spans.append((start, end))
            listed_starts.add(start)
            listed_ends.add(end)
        elif sure and (given is None or end - given >= 2):  # "채하은, 문 앞에": a list needs a surer given name
            waiting.append((start, end))
    joined = True
    while joined and waiting:  # "궉민호, 낭 서진", "옥 한빛, 다니엘 로페스, 자밀 후세이노프"
        joined = False
        for start, end in list(waiting):
            before = _LIST_SEPARATOR_BEFORE.search(text, max(0, start - 8), start)
            after = _LIST_SEPARATOR.match(text, end)
            if (before is not None and before.start() in listed_ends) or (
                after is not None and after.end() in listed_starts
            ):
                waiting.remove((start, end))
                spans.append((start, end))
                listed_starts.add(start)
                listed_ends.add(end)
                joined = True
    return spans


def _sure_given(text: str, start: int, given: int, end: int, ordinary: Predicate, predicated: Predicate) -> bool:
    """A given name written apart from its family name that needs no title after it to be one: no word Kiwi reads
    as ordinary, no verb or particle, no title ("1. 장 보기", "팀원 간 협업", "김 과장"); of two syllables after a
    family name that is also a word written alone ("엄마 나 지금")."""
    if ordinary(given, end) or predicated(given, end) or text[given:end] in KOREAN_ROLES:
        return False
    return text[start] not in _WORDLIKEFAMILIES or text[start + 1] not in " \t" or end - given >= 2


def _spaced(text: str) -> list[tuple[int, int, int, int | None]]:
    """A family name written apart from a given name of one to three syllables: (start, end, end of its word, start
    of the given name)."""
    found: list[tuple[int, int, int, int | None]] = []
    for match in _SPACED.finditer(text):
        end = _name_end(match.start(1), match.group(1) + match.group(2), lengths=(2, 1, 3))
        if end is not None:
            found.append((match.start(), end, match.end(), match.start(1)))
    return found


def _foreign(text: str, ordinary: Predicate, predicated: Predicate) -> list[tuple[int, int, int, int | None]]:
    """Two to four words of Hangul apart by one space, none read by Kiwi as an ordinary word, no role among them,
    the first of two syllables or more: the shortest such run before what Korean writes after a name, in a
    person's place or, failing one, the longest."""
    words = [match.span() for match in _HANGUL_WORD.finditer(text)]
    found: list[tuple[int, int, int, int | None]] = []
    for i, (start, first_end) in enumerate(words):
        first = text[start:first_end]
        if first_end - start < 2 or ordinary(start, first_end) or first in KOREAN_ROLES or a_unit(first):
            continue
        for last in range(i + 1, min(i + _LONGEST_FOREIGN, len(words))):
            if words[last][0] - words[last - 1][1] != 1 or text[words[last - 1][1]] not in " \t":
                break  # the words of a name are apart by one space
            word_start, word_end = words[last]
            length = word_end - word_start  # a particle after the name, where there is one: "페트로프" + "와"
            end = _name_end(word_start, text[word_start:word_end], lengths=(*range(length - 1, 1, -1), length))
            if end is None or ordinary(word_start, end) or text[word_start:end] in KOREAN_ROLES:
                break
            if a_unit(text[word_start:end]):
                break
            if predicated(start, end) or a_place_word(text[word_start:end]):
                break
            found.append((start, end, word_end, None))
            if _cue(text, start, end, word_end) != "none":
                break
    return found


def _posters(text: str, ordinary: Predicate, predicated: Predicate) -> list[tuple[int, int]]:
    """The handles `_POSTER` finds; one after a label or in quotes not a verb or an ending ("닉네임: 없음",
    "'좋아요'님")."""
    found = []
    community = _COMMUNITY.search(text) is not None
    for match in _POSTER.finditer(text):
        group = next(g for g in (1, 2, 3, 4, 5) if match.group(g) is not None)
        handle, span = match.group(group), match.span(group)
        if (group == 1 and not community) or (HANGUL.search(handle) is None and not a_handle(handle)):
            continue  # a Latin word is a handle only by its shape ("└ yoonie_0214:"; not "└ Q:")
        if handle.startswith(_NOT_A_POSTER) or handle in ME | NO_ONE | KOREAN_ROLES or handle.endswith(("님", "봇")):
            continue
        if len(handle) < 2 or (len(handle) <= _LONGEST_LABEL and ordinary(*span) and not _a_parent(handle)):
            continue  # "└ 목표:", "(맛 ★★★★★)"
        if group >= 4 and (predicated(*span) or handle in _NO_HANDLE or handle[:1].isdigit()):
            continue
        found.append(span)
    return found


_PERSON_AROUND = regex.compile(
    rf"(?:(?<![{HANGUL_SYLLABLES}])(?:{_CUES}|에이전트|파트너|딜러|바이어|룸메(?:이트)?|통역(?:인|사)?)"
    r"[ \t]*(?:[A-Z0-9][.)]?[ \t]*)?[:\uff1a]?[ \t]*|(?m:^[ \t]*\d{1,2}[.)][ \t]*))$"
)
"""A person's role, relation or label before a name, a letter or a number after it ("운전자 B: ", "피고인 2. ",
"큰어머니 ", "현지 딜러 "), or a roster's line start."""
_PERSON_AFTER = regex.compile(
    rf"[ \t]?(?:{_TITLE_WORD.pattern}|입니다|이에요|예요|와[ \t]미팅|과[ \t]미팅|이[ \t]이사|가[ \t]이사"
    r"|동생|언니|오빠|누나|친구)"
)
"""A title, a self-introduction, a sibling or a person's doing after the bracket ("(Siti Nurhayati) 대표와", "(Daniel
Whitaker)입니다")."""


_KIN_IN_BRACKETS = "장남|장녀|차남|차녀|삼남|삼녀|외아들|외동딸|사위|며느리|손자|손녀|남편|아내|배우자|아들|딸"
"""Relations a death notice or a family register writes after a name (not "첫째", "막내": pets are counted so)."""
_FRIENDS_IN_BRACKETS = "친구|동기|동창|선배|후배|지인|동료|절친"
"""Relations a guest list or a gift ledger writes after a name, after what they share or not ("나영(고딩친구)", "(대학
동기)"): a name only where Kiwi does not read it as ordinary words ("카페(친구 추천)" is none)."""
_BRACKETED_KIN = regex.compile(
    rf"(?<![{HANGUL_SYLLABLES}])({_H}{{2,4}})[ \t]?"
    rf"\((?:{_KIN_IN_BRACKETS}|({_H}{{0,4}}[ \t]?(?:{_FRIENDS_IN_BRACKETS})))\)"
    rf"|(?<![{HANGUL_SYLLABLES}])(?:{_CUES})님?[ \t]?\(({_H}{{2,4}})(?:[ \t]?님)?\)"
)
"""A name with the relation or role it holds in brackets, either way round: a death notice's "추경미(장녀)", a
counsellor's "시어머니(윤말순)", "이사님(노재석)", "김포 어머니(강복순 님)", "엄마 이름(조옥희)"."""
_NAME_BEFORE, _FRIENDS, _NAME_INSIDE = 1, 2, 3
"""`_BRACKETED_KIN`'s groups: the name before the brackets, a friend's relation in them, the name in them."""


_SCRIPTS = frozenset({"한글", "영문", "한자", "국문", "영어", "실명", "가명", "본명"})
"""How a form's label says a name is written ("성명(한글): 탁서윤")."""


def _bracketed_kin(text: str, ordinary: Predicate) -> list[tuple[int, int]]:
    """The names `_BRACKETED_KIN` finds, of a Korean name's shape and no role, unit or place: before a relation in
    brackets even where Kiwi reads ordinary words in it ("추경미": "추경" and "미"); in brackets after a relation or a
    role only where it does not ("어머니(사망)", "남편(회사원)", "원장님(부재중)" are no names)."""
    found: list[tuple[int, int]] = []
    if "(" not in text:
        return found
    for match in _BRACKETED_KIN.finditer(text):
        group = _NAME_BEFORE if match.group(_NAME_BEFORE) is not None else _NAME_INSIDE
        name = match.group(group)
        if not SHAPED.fullmatch(name) or name in KOREAN_ROLES | _SCRIPTS or a_unit(name) or name.endswith("님"):
            continue  # "선생님(지인)", "사장님(지인)": a title
        if (group == _NAME_INSIDE or match.group(_FRIENDS) is not None) and ordinary(*match.span(group)):
            continue
        found.append(match.span(group))
    return found


_KIN_BEFORE_LATIN = regex.compile(
    rf"(?<![{HANGUL_SYLLABLES}])(?:엄마|아빠|어머니|아버지|어머님|아버님|남편|아내|와이프|배우자|보호자|아들|딸)[ \t]+"
    r"(\p{Lu}\p{Ll}+(?:[ \t]\p{Lu}\p{Ll}+){1,3})(?![\p{L}\p{N}])"
)
"""A relative's word in Korean, then a name of two to four words in Latin letters, as a class list or a form writes a
foreign resident ("엄마 Pham Thu Trang 010-...")."""


_KIN_IN_BOTH_SCRIPTS = regex.compile(
    r"\((?:엄마|아빠|어머니|아버지|어머님|아버님|남편|아내|배우자|아들|딸|형|누나|언니|오빠|동생)"
    rf"[ \t]+({_H}{{2,6}}),[ \t]*"
    r"(\p{Lu}\p{Ll}+(?:[ \t]\p{Lu}\p{Ll}+){0,3})\)"
)
"""A relative's word in brackets, then their name in Hangul and in Latin letters after a comma, as a foreign worker's
form writes a family member abroad ("(어머니 체첵, Tsetseg)"): the Latin spelling says the Hangul is a name."""


def kin_before_a_latin_name(text: str) -> list[tuple[int, int]]:
    """The names `_KIN_BEFORE_LATIN` finds, a word of them a listed name or every word one English uses less than
    every day ("엄마 Pham Thu Trang"; not "엄마 Google Drive", "남편 Apple Watch"); and both spellings of a relative's
    name in brackets (`_KIN_IN_BOTH_SCRIPTS`), no word of the Latin one an everyday English word."""
    found = []
    for match in _KIN_BEFORE_LATIN.finditer(text):
        words = match.group(1).split()
        if any(word in ORDINARY_CAPITALISED for word in words):
            continue
        if any(word in listed_names() for word in words) or all(not _everyday_word(word) for word in words):
            found.append(match.span(1))
    for match in _KIN_IN_BOTH_SCRIPTS.finditer(text):
        words = match.group(2).split()
        if not any(word in ORDINARY_CAPITALISED or _everyday_word(word) for word in words):
            found += [match.span(1), match.span(2)]  # "(어머니 체첵, Tsetseg)"; not "(엄마 카드, Visa Card)"
    return found


_CONTACT = regex.compile(r"(?<!\d)01[016-9][- ]?\d{3,4}[- ]?\d{4}(?!\d)")
"""A Korean mobile number: a roster's row holding one is a person's (an agency's lists a landline or an e-mail)."""
_NAME_HEADER = regex.compile(r"이름|성명|(?i:(?<![a-z])name(?![a-z]))")
"""What a roster's header or label calls the column of names ("이름(영문)", "성명", "Name"): a seller's list of
products and mobile numbers has none ("| 다이슨 에어랩 | Dyson Airwrap | 010-... |")."""


_ROW_SEPARATORS = ("|", "/", ",", "\t")
"""What parts a roster's row into cells."""


def _cells_below_a_header(text: str, row: tuple[int, int]) -> bool:
    """Whether the row at `row` is of three cells or more, parted as a header line above it is, that names a column
    of names ("지원번호 / 이름 / 배역"; not a trip's "name: 서울 투어" nor "여행 이름: 파리 3일" above an itinerary)."""
    for separator in _ROW_SEPARATORS:
        if text.count(separator, *row) < 2:
            continue
        for line in text[: row[0]].splitlines():
            if line.count(separator) >= 2 and ":" not in line and _NAME_HEADER.search(line) is not None:
                return True
    return False


def _transliterated_people(text: str) -> list[tuple[int, int]]:
    """Foreigners' names written in both scripts (`pii._korean_names.transliterated`) where a role, a relation or a
    label stands before them, a title after them, or a mobile number or two more cells on their line below a column of
    names (a roster's row: "A-027 / Alexei Morozov (알렉세이 모로조프) / 선원 역"): brands and places are written so
    too ("포르쉐 타이칸(Porsche Taycan) 가격", "발리 우붓(Bali Ubud)")."""
    found = []
    for first, second in transliterated(text):
        closing = text.find(")", second[1])
        before = _PERSON_AROUND.search(text, max(0, first[0] - 20), first[0])
        after = _PERSON_AFTER.match(text, closing + 1) if 0 <= closing - second[1] <= 12 else None
        row_end = text.find("\n", second[1])
        row = (text.rfind("\n", 0, first[0]) + 1, row_end if row_end >= 0 else len(text))
        header = _NAME_HEADER.search(text, 0, first[0]) is not None
        roster = header and (_CONTACT.search(text, *row) is not None or _cells_below_a_header(text, row))
        if before is not None or after is not None or roster:
            found += [first, second]
    return found


def _named(match: regex.Match[str], span: tuple[int, int], ordinary: Predicate) -> bool:
    """Whether a chat's speaker names someone: no ordinary words or a parent named by their child; on a line of its own
    before a PC KakaoTalk time (the fourth form) in Latin letters alone, as `_a_latin_speaker` says."""
    name = match.string[slice(*span)]
    if (match.group(4) or match.group(_SPEAKS_AGAIN)) is not None and _LATIN_SPEAKER.fullmatch(name):
        return _a_latin_speaker(name)
    return not ordinary(*span) or _a_parent(name)


_LATIN_SPEAKER = regex.compile(_LATIN_NAME)
_CHATTY = regex.compile(r"[?!~\u314b\u314e\u3160\u315c]")
"""What a chat's message holds and a schedule's item does not: a question, an exclamation, a tilde, ㅋ, ㅎ, ㅠ, ㅜ."""


def _said_in_a_chat(text: str, at: int, predicated: Predicate) -> bool:
    """Whether the line after a phone copy's time (at `at`, the time's end) is a message: a sentence with a verb's or
    an adjective's ending, or a chat's marks ("이사했어요", "ㅋㅋ 알겠어"; not a timetable's "출발", "식후 30분")."""
    start = text.find("\n", at) + 1
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    return _CHATTY.search(text, start, end) is not None or predicated(start, end)


_A_RELATIVE = regex.compile(rf"(?:큰|작은|둘째|셋째|막내)?(?:{_CUES})")
"""A relative or a role a family's chat names its members by ("큰오빠", "막내", "엄마")."""


def _a_phones_speaker(name: str, twice: set[str], chatting: set[str]) -> bool:
    """Whether a name alone on a line before a time alone on the next is a chat's speaker (`_SPEAKS_AGAIN`): it speaks
    so again after someone else has (`twice`), says a message once at least (`chatting`), and is no relative's word
    nor a place ("큰오빠", "판교역", "김포공항", "해운대"); not a day's items said in turn ("스프린트\n오전 10:00\n계획
    회의 합니다\n스프린트...")."""
    role = _A_RELATIVE.fullmatch(name) is not None or name in KOREAN_ROLES  # "큰오빠", "막내", "상담원"
    return (
        name in twice and name in chatting and not role and not a_place_word(name) and not name.endswith(("역", "공항"))
    )


def _a_latin_speaker(name: str) -> bool:
    """Whether a display name in Latin letters before a KakaoTalk time is a person's: one word at least a listed name
    that is no everyday English word, the others such names or words English seldom uses, none a product's or a tool's
    ("Emily", "Sarah Kim"; not "Meeting", "Zoom", "Church", "Study Hall", "Standup", "Zumba")."""
    words = name.split()
    named = [word in listed_names() and not _everyday_word(word) for word in words]
    rare = [english.zipf(word.lower()) < english.UNCOMMON and word not in ORDINARY_CAPITALISED for word in words]
    return any(named) and all(n or r for n, r in zip(named, rare, strict=True))


def _everyday_word(word: str) -> bool:
    """Whether English uses a listed name as an everyday word too (`_EVERYDAY_NAME`: "Church", "Hall"; not "Sarah" 4.48,
    "Emily" 4.14)."""
    return english.zipf(word.lower()) >= _EVERYDAY_NAME


def _a_parent(name: str) -> bool:
    """A parent named by their child ("나라엄마", "도윤맘"), not by a possessive ("우리엄마", "내 엄마")."""
    parent = next((word for word in PARENT_OF if name.endswith(word)), None)
    return parent is not None and name[: -len(parent)].strip() not in {"", "우리", "저희", "내", "제", "나의", "저의"}


def _speaker(match: regex.Match[str]) -> tuple[int, int] | None:
    """A chat line's speaker, without a role written before the name ("방장 윤슬": the room's host)."""
    group = next(g for g in (1, 2, 3, 4, 5) if match.group(g) is not None)  # a Latin name shares the fourth and fifth
    name = match.group(group).strip()
    role, _, rest = name.partition(" ")
    if rest and role in KOREAN_ROLES:
        name = rest.strip()
    titled = _TITLED_SPEAKER.fullmatch(name)
    if titled is not None and not titled.group(1).endswith("어"):  # "봉태일기사님"; not "한국어선생님"
        name = titled.group(1)
    elif not name or name in KOREAN_ROLES or name in ME or name in NO_ONE or name.endswith(("봇", "님")):
        return None  # a role, the writer, a user who left ("알 수 없음"), a bot, a title ("팀장님")
    start = match.start(group) + match.group(group).index(name)
    return start, start + len(name)


_TITLED_SPEAKER = regex.compile(
    rf"((?:{FAMILIES})[ \t]?{_H}{{2}})[ \t]?(?:{'|'.join(sorted(HONORIFICS, key=len, reverse=True))}|기사)님"
)
"""A speaker's display name of a Korean name of three syllables and a title with 님 ("봉태일기사님", "도하람 팀장님";
not a firm's or a place's two: "한진기사님", "강남원장님"); in a chat's speaker slot 기사님 is a driver or a technician
(elsewhere 기사 is as often a news article)."""


def _name_end(start: int, word: str, lengths: tuple[int, ...]) -> int | None:
    """Where the name in `word` (at `start`) ends: the first of these lengths that leaves what Korean writes
    after a name."""
    for length in lengths:
        if length <= len(word) and after_a_name(word[length:]):
            return start + length
    return None


def _cue(text: str, start: int, end: int, word_end: int) -> str:
    """What puts the name at `start`..`end` in a person's place: a title after it, as the next word or in brackets
    ("title"); a form's label before it, with its colon ("label": "참가자: "); a role or a relation before it
    ("role"); the speaker's place in a chat line ("line"); a numbered roster's line ("roster"); or "none". A title or a
    label takes a given name that is also a word ("봉 하늘 환자", "성명: 연 보람"); the others do not."""
    if word_end == end:  # nothing written onto the name: a title may follow
        title = _TITLE_AFTER.match(text, end)
        if title is not None and _TITLE_WORD.fullmatch(title.group(1)) is not None:
            return "title"
        if _SPEAKER_AFTER.match(text, end) and _LINE_START_BEFORE.search(text, max(0, start - 16), start):
            return "line"
        if _ROSTER_BEFORE.search(text, max(0, start - 6), start) and _ROSTER_AFTER.match(text, end):
            return "roster"
    role = _ROLE_BEFORE.search(text, max(0, start - 20), start)
    if role is None:
        return "none"
    return "label" if ":" in role.group(0) or "\uff1a" in role.group(0) else "role"
