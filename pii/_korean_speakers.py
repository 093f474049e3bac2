"""The speakers of chats and transcripts copied into a prompt, in Hangul (applied by `pii._korean_cued.cued_names`): a
work messenger's or a transcript's lines with a clock or a speaker's colon ("[10:32] 국은비: ...", "편미숙: 작년
10월이요."), a group chat's after its channel's tag ("[길드] 흑염룡마스터: ..."), a live stream's saved chat
("21:03:11 먹방요정뽀미: ..."), and a chat copied with its speakers in brackets ("[민지] 낼머함"). A chat's speakers
are its people, whatever words their names are made of; not a desk's, a role's, a notice's or the writer's own.

Pure patterns over the normalised view; whether Kiwi reads a span as ordinary words is asked of the caller.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import regex

from ._chat import a_handle
from ._korean_words import _CUES, FAMILIES, KOREAN_ROLES, a_unit
from ._normalize import HANGUL_SYLLABLES, SCRIPT_SEAM

_H = f"[{HANGUL_SYLLABLES}]"
Predicate = Callable[[int, int], bool]
"""What Kiwi reads between two offsets of the text (ordinary words; a verb or a particle)."""


def chat_speakers(text: str, ordinary: Predicate) -> list[tuple[int, int]]:
    """The spans of the speakers of the chats and transcripts in `text` (the module's docstring)."""
    return [
        *_clocked_speakers(text, ordinary),
        *_logged_speakers(text, ordinary),
        *_bracketed_speakers(text, ordinary),
        *_timed_speakers(text, ordinary),
    ]


_MIXED_HANDLE = rf"(?:{_H}|[A-Za-z])(?:[\p{{L}}\p{{N}}_]|{SCRIPT_SEAM}){{2,15}}"
"""A game's or a stream's handle of Hangul, Latin letters, digits and underscores ("레드문_Kai", "하늘을나는고등어")."""
_LATIN = regex.compile(r"[A-Za-z]")
_LATIN_OR_DIGIT = regex.compile(r"[0-9A-Za-z_]")
_CLOCKED = regex.compile(
    rf"^[ \t]*\[(?:\d{{4}}[-./]\d{{1,2}}[-./]\d{{1,2}}\.?[ \t]+)?\d{{1,2}}:\d{{2}}(?::\d{{2}})?\][ \t]*"
    rf"({_H}[^:\[\]\n\d]{{0,15}}?)[ \t]*(?:\([^()\n]{{1,20}}\)[ \t]*)?[:\uff1a]"
    rf"|^[ \t]*({_H}[^:()\[\]\n\d]{{0,15}}?)[ \t]*\([^()\n]{{1,12}}\)[ \t]*\d{{1,2}}:\d{{2}}[ \t]*$"
    rf"|^[ \t]*({_H}{{2,7}}(?:(?:{SCRIPT_SEAM})?[0-9A-Za-z_]{{1,6}})?)[ \t]*[:\uff1a](?![0-5]\d)"
    rf"(?=[^\n]*(?:요|다|죠|까|네)[.?!~]*[ \t]*$|[ \t]*(?:\S+[ \t]+){{2}}\S)"
    rf"|^[ \t]*{_H}{{1,6}}[ \t]*\(({_H}{{2,4}})\)[ \t]*[:\uff1a]"
    rf"|^[ \t]*\[[^\[\]\n\d]{{1,12}}\][ \t]*(?:(?:{_CUES})[ \t]+)?({_H}{{2,7}}|{_MIXED_HANDLE})"
    rf"(?:[ \t]*(?:\u2192|->)[ \t]*{_H}{{2,7}})?[ \t]*[:\uff1a]",
    regex.MULTILINE,
)
"""A work messenger's line: "[10:32] 국은비: ..." (a clock with no 오전 or 오후, as a video's chapters have too; with
its seconds or its date: "[2026-11-29 21:04] 청솔이 (cheongsol#0412): ..."), or
"서문 지아 (디자인팀) 10:41" on a line of its own, the message under it; a transcript's line: "편미숙: 작년 10월이요."
(a form's label is written so too: a transcript's speaker speaks twice; and a colon before two digits is a clock's,
not a speaker's: "상담사 14:02 안녕하세요"), or its speaker's role with the name in
brackets ("기자(염소라): ..."); a group chat's line after its channel's tag ("[길드] 흑염룡마스터: ...", "[러닝크루]
방장 스피드몬: ...", a whisper's sender "[귓속말] 치즈냥이 → 흑염룡마스터: ...")."""

CLOCK = r"(?:오전|오후)[ \t]?\d{1,2}:\d{2}"
"""A time of day as KakaoTalk writes it ("오후 8:14")."""
SHAPED = regex.compile(rf"(?:{FAMILIES})[ \t]?{_H}{{1,2}}")
"""A Korean name's shape: a family name, then one or two syllables."""

ME = frozenset({"나", "저", "내", "본인", "우리"})
"""A chat's own writer, as some apps show them."""
_ME_SPEAKING = regex.compile(r"^[ \t]*(?:나|저|me|Me|ME)[ \t]*[:\uff1a]", regex.MULTILINE)
"""The writer's own lines in a chat they copied ("나: 네~ 내일 저녁 7시 가능하세요?")."""
_SHORTEST_HANDLE = 3
"""A speaker's handle made of ordinary words is one only when three syllables long at least ("봄날의곰", "치즈냥이"; not
"질문:" and "답변:", a transcript's labels)."""
NO_ONE = frozenset({"알 수 없음", "알수없음", "(알 수 없음)", "시스템", "공지"})
"""KakaoTalk's name for a user who left the room, and the room's own notices."""


def _clocked_speakers(text: str, ordinary: Predicate) -> list[tuple[int, int]]:
    """The speakers of a work messenger's or a transcript's lines (`_CLOCKED`), none Kiwi reads as ordinary words: a
    name of a Korean name's shape (a transcript's speaking twice), or one after a clock that speaks twice; a video's
    chapters, an agenda's slots and a timetable are written so too ("[01:23] 언박싱:", "[09:00] 회의:" twice,
    "점심시간 (1층 식당) 12:30")."""
    found, seen, handles, roled = [], [], [], []
    voices: set[str] = set()  # every line's speaker, a role's or a desk's too ("고객:")
    me = len(_ME_SPEAKING.findall(text))
    for match in _CLOCKED.finditer(text):
        group = next(g for g in (1, 2, 3, 4, 5) if match.group(g) is not None)
        name = match.group(group).strip()
        voices.add(name)
        if name.endswith(("봇", "님")):
            continue
        if (given := _after_a_role(name)) is not None:  # "" for a desk's label: "상담원 답변:"
            if given:
                roled.append((name, (match.start(group) + len(name) - len(given), match.start(group) + len(name))))
            continue
        if not name or name in KOREAN_ROLES or name in ME or name in NO_ONE or name.endswith(("봇", "님")):
            continue
        if group == 5 and _LATIN.search(name) and not a_handle(name):
            continue  # "[INFO] celery_worker: 완료": a program, not a handle of a person's (`pii._chat.a_handle`)
        span = (match.start(group), match.start(group) + len(name))
        if not ordinary(*span):  # "[09:00] 회의:", "점심시간 (1층 식당) 12:30"
            seen.append((name, span, group))
        elif group in (3, 5) and len(name) >= _SHORTEST_HANDLE and not _a_desk(name):
            handles.append((name, span))  # "봄날의곰:", "[길드] 달빛궁수:": a handle of words
    names = [name for name, _, _ in seen] + [name for name, _ in handles]
    # a transcript is two speakers at least, one speaking twice in sentences (not a label: "조식: 7시", "변경전:")
    speakers = {name for name, _, group in seen if group == 4 or (group in (3, 5) and names.count(name) >= 2)}
    speakers |= {name for name, _ in handles if names.count(name) >= 2}
    speaking = len(speakers) + (me >= 2)  # the writer ("나:") is one
    transcript = speaking >= 2 and any(names.count(name) >= 2 for name in speakers)
    for name, span, group in seen:
        shaped = len(name) <= 5 and SHAPED.fullmatch(name) is not None
        spoken = group not in (3, 4, 5) or (transcript and (group == 4 or names.count(name) >= 2))
        # a handle Kiwi calls a proper noun, speaking to the writer who copied the chat ("봄날의곰: ...", "나: ...")
        marked = _LATIN_OR_DIGIT.search(name) is not None  # "행복한곰돌이77": a handle by its shape
        handle = group == 3 and spoken and (me >= 2 or marked) and len(name) >= _SHORTEST_HANDLE and not _a_desk(name)
        channel = group in (1, 5) and not _a_desk(name)  # "[공지] 운영진:", "[21:04] 운영팀:" twice are desks
        if (shaped and spoken) or handle or (channel and names.count(name) >= 2):
            found.append(span)
    if transcript:  # a handle made of words that speaks twice ("봄날의곰: ...", and later "봄날의곰: ...")
        found += [span for name, span in handles if names.count(name) >= 2]
    # a role, then the given name it speaks by, twice, to someone else: whatever word the name is too ("상담원 보람:
    # ..."; not an agenda's "[09:00] 팀장 보고:" three times)
    labels = [other for other, _ in roled]
    found += [span for name, span in roled if len(voices) >= 2 and labels.count(name) >= 2]
    return found


_GIVEN = regex.compile(rf"{_H}{{2,3}}")
_WHAT_A_DESK_SAYS = frozenset(
    {"답변", "안내", "응답", "메모", "공지", "문의", "확인", "요청", "처리", "상담", "답장", "회신", "질문", "알림"}
    | {"전달", "참고", "결과", "내용", "요약", "정리", "메시지", "자동응답", "연결", "대기", "종료", "시작", "보고"}
    | {"소견", "기록", "상태", "발표", "불만", "축사", "회의", "변경", "말씀", "노트", "인사", "평가", "경고", "배정"}
    | {"피드백", "챗봇", "연결중", "부재", "통화", "공지사항", "의견", "지시", "조치", "코멘트", "검토", "승인", "추가"}
)
"""What follows a role in a label that is no one's name: what the role says or does ("상담원 답변:", "의사 소견:",
"팀장 보고:")."""


def _after_a_role(name: str) -> str | None:
    """The given name after a role a speaker's label opens with ("상담원 보람", "기자 하람"), "" where what follows the
    role is what a desk says ("상담원 답변"), or None."""
    role, _, given = name.partition(" ")
    if role not in KOREAN_ROLES or _GIVEN.fullmatch(given) is None or given in KOREAN_ROLES | NO_ONE:
        return None
    return "" if given in _WHAT_A_DESK_SAYS else given


_BRACKETED = regex.compile(
    rf"^[ \t]*\[({_H}{{1,4}})\][ \t]+(?=\S)(?![^\n]{{0,24}}?(?:(?<!\d)[:\uff1a]|[:\uff1a](?!\d)))", regex.MULTILINE
)
"""A chat line opening with its speaker in brackets and no clock, as a chat copied from a phone may ("[민지] 낼머함",
"[나] 집ㅋㅋ 왜", "[민지] 3:30 어때"); not a channel's or a role's tag before the speaker ("[길드원] 달빛궁수: ...",
"[길드원] xXDarkLordXx99: ...": a colon a clock's digits do not flank)."""


_TIMED = regex.compile(rf"^[ \t]*\[({_H}{{3,4}})\][ \t]*\[?{CLOCK}\]?[ \t]", regex.MULTILINE)
"""A chat line copied from KakaoTalk on a computer: the speaker in brackets, then the time ("[경다은] 오후 1:11 넵!",
"[경다은] [오후 1:11] 넵!")."""


def _timed_speakers(text: str, ordinary: Predicate) -> list[tuple[int, int]]:
    """The speakers of `_TIMED` lines shaped as a full name of three or four syllables (`SHAPED`, written as one word),
    once is enough: the time says it is a chat, the shape that it is a name; not the writer's own, a role's or no one's,
    nor a tag Kiwi reads as an ordinary word ("[공지사항] 오후 1:11"); a tag of two syllables is a notice's as often
    ("[안내]", "[조식] 오전 7:00", "[진행] 오후 3:00")."""
    return [
        match.span(1)
        for match in _TIMED.finditer(text)
        if SHAPED.fullmatch(match.group(1))
        and match.group(1) not in ME | NO_ONE | KOREAN_ROLES
        and not ordinary(*match.span(1))
    ]


def _bracketed_speakers(text: str, ordinary: Predicate) -> list[tuple[int, int]]:
    """The speakers of a chat whose lines open with their speaker in brackets (`_BRACKETED`): two speakers at least
    (the writer's "[나]" one), the name speaking twice or more; not a tag Kiwi reads as an ordinary word ("[공지]",
    "[광고]", "[사진]"), nor the room's or a desk's."""
    lines = [(match.group(1), match.span(1)) for match in _BRACKETED.finditer(text)]
    spoken = Counter(name for name, _ in lines)
    speakers = {name for name, times in spoken.items() if times >= 2}
    if len(spoken) < 2 or not speakers - ME:
        return []
    return [
        span
        for name, span in lines
        if name in speakers and name not in ME | NO_ONE | KOREAN_ROLES and not _a_desk(name) and not ordinary(*span)
    ]


_DESK_ENDINGS = (
    *("센터", "사무소", "사무실", "경비실", "관리실", "부동산", "기사", "매니저", "판매자", "구매자", "집주인"),
    *("관리자", "관리인", "상담사", "운영자", "운영진", "면접관", "학생회", "위원회", "고객님", "요", "다", "죠", "까"),
)
"""What a role, a desk or a sentence ends with: "고객센터:", "관리사무소:", "택배기사:", "[Q&A] 질문있어요:" are no
one's handle."""


_LOGGED = regex.compile(
    rf"^[ \t]*\d{{1,2}}:\d{{2}}:\d{{2}}[ \t]+(?:\[[^\[\]\n]{{1,12}}\][ \t]*)?"
    rf"({_H}(?:[^\s:\[\]()]|{SCRIPT_SEAM}){{1,14}})[ \t]*[:\uff1a](?P<said>[^\n]*)",
    regex.MULTILINE,
)
"""A live chat's saved line, its clock to the second before the viewer's nickname ("21:03:11 먹방요정뽀미: ...",
"21:04:02 [모더레이터] 치즈냥: ...")."""
_VIEWERS = 3
_SAID_IN_A_CHAT = 3


def _logged_speakers(text: str, ordinary: Predicate) -> list[tuple[int, int]]:
    """The nicknames of a saved live chat (`_LOGGED`) where three viewers speak at least, each maybe once, as a
    stream's viewers do, in sentences (a ticker's or a timetable's lines say a word or two). Not a nickname Kiwi reads
    as ordinary words, nor a desk's ("운영팀")."""
    logged = list(_LOGGED.finditer(text))
    lines = [(match.group(1), match.span(1)) for match in logged]
    said = sorted(len(match.group("said").split()) for match in logged)
    if len({name for name, _ in lines}) < _VIEWERS or said[len(said) // 2] < _SAID_IN_A_CHAT:
        return []  # a ticker's or a timetable's lines say a word or two ("09:00:01 삼성전자: 71,200")
    return [span for name, span in lines if name not in NO_ONE and not _a_desk(name) and not ordinary(*span)]


def _a_desk(name: str) -> bool:
    return a_unit(name) or name.endswith(_DESK_ENDINGS)
