"""Who speaks in a chat's transcript pasted into a prompt (applied by `pii._names.NameRecognizer`): the name that
opens a line before a colon, whether the line starts with its time ("[09:12] tomasz.wierzbicki: ok", WhatsApp's
"12/03/2024, 21:04 - pablo_92: ok"), an app's tag and a time after the name ("[Teams] KHALEEL RAHMATULLAH 07:02:
..."), or nothing at all ("chiara: does anyone have a spare costume?", "Coach Rhodri: training moved").

A line with its time is a chat's; lines with none are when one speaker speaks twice or more and the lines say a
few words each: a form's labels do not repeat, and its values are short ("Naam: Jan de Vries"). In a chat with its
times (two speakers at least, one speaking twice), a speaker of a person's handle's shape is a person too (`a_handle`:
"[22:41:10] dalbit_moon:", "냥냥펀치777", a handle in brackets after the name "(cheongsol#0412)"); a machine is no
speaker ("Nightbot", "ERROR", "celery_worker"). A title before
the name is not part of it ("Coach", "mrs"). Each word of the name (each part of a handle with a dot or an
underscore) must pass the caller's test, which keeps everyday words out ("Notes: ...", "Allergies: none").

Pure patterns over the text.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import pairwise

import regex

from . import _english as english
from ._given_names import given_names_abroad
from ._handles import MAILBOX_WORDS, SOFTWARE_WORDS
from ._name_words import east_asian_family_names, listed_names
from ._normalize import HANGUL, SCRIPT_SEAM

_TITLES = frozenset(
    {"coach", "mr", "mrs", "ms", "miss", "dr", "nurse", "teacher", "uncle", "auntie", "aunty", "aunt", "nan", "dra"}
    | {"ma'am", "ma\u2019am", "maam", "sra", "srta", "doc", "atty", "engr", "mx"}
    | {"nana", "grandma", "grandpa", "sir", "madam", "prof", "rev", "fr", "sister", "brother", "cousin"}
    | {"agent", "customer", "client", "caller", "operator", "advisor", "adviser", "rep", "host", "guest", "driver"}
)
"""Titles and roles before a speaker's name ("Coach Rhodri", "Agent Rhys", "Ma'am Joy Pangilinan", "Dra. Santos"); a
role alone names its speaker in brackets ("Customer (Siriporn W.): ...")."""
_HONORIFICS = frozenset(
    {"mr", "mrs", "ms", "miss", "mx", "dr", "dra", "prof", "rev", "fr", "sir", "madam", "ma'am", "ma\u2019am", "maam"}
    | {"sra", "srta", "atty", "engr"}
)
"""The titles of `_TITLES` that only a person bears: after one, capitalised words name the speaker when one of them at
least is no everyday English word ("Ma'am Joy Pangilinan", "Dra. Santos"; not a role's "Customer Service", nor "Madam
Chair")."""
_INTERVIEWERS = frozenset({"interviewer", "int", "q", "moderator", "host", "facilitator", "researcher", "reporter"})
"""Who asks in a transcript: the other voices that speak twice are the people interviewed ("INTERVIEWER: ...", "CYNTHIA:
..."), their names whatever lists hold them."""
_ANSWERING = frozenset(
    {"interviewee", "respondent", "participant", "speaker", "narrator", "subject", "witness", "answer", "student"}
    | {"patient", "parent", "child", "mother", "father", "resident", "member", "volunteer", "unknown", "unidentified"}
)
"""Who answers in a transcript, named by their part, not by their name ("RESPONDENT: ...")."""
_TRANSCRIPT_PARTS = _TITLES | _INTERVIEWERS | _ANSWERING


def _everyday(word: str) -> bool:
    return english.zipf(word.lower()) >= english.EVERYDAY


def _an_interviewees(word: str) -> bool:
    """A word of the name of someone interviewed (`_INTERVIEWERS`): letters, capitalised or in capitals, of a word
    English uses less than every day ("CYNTHIA", "Cynthia"; not "Answer", "NOTE", "Speaker")."""
    shaped = word.isalpha() and word[0].isupper() and (word.isupper() or word[1:].islower())
    return shaped and len(word) > 2 and word.lower() not in _TRANSCRIPT_PARTS and not _everyday(word)


_TITLE_CASED = regex.compile(r"\p{Lu}\p{Ll}[\p{Ll}\p{M}'\u2019-]*")
_WORD = r"\p{L}[\p{L}\p{M}'\u2019-]*(?:[._]\p{L}[\p{L}\p{M}'\u2019-]*)*"
"""A word of a name, or a handle made of them ("lin.zhaoyun", "anh_thu")."""
_HANDLE = (
    rf"(?=(?:[^\s:()\[\]]|{SCRIPT_SEAM})*(?:\d|_|#|\p{{Ll}}\p{{Lu}}|\.\p{{Ll}}(?![\p{{L}}\p{{N}}.]))|\p{{Ll}}\.\p{{Ll}}{{2}})"
    rf"[\p{{L}}\p{{N}}](?:[\p{{L}}\p{{N}}\p{{M}}_.#-]|{SCRIPT_SEAM}){{1,29}}"
)
"""A chat's handle, by its shape: a digit, an underscore, a '#' or a capital inside it ("dalbit_moon", "MoonLight",
"냥냥펀치777", "cheongsol#0412"), or an initial after or before a dot, as work chats write a user ("mateo.r",
"j.okafor"; not a logger's "django.request")."""
_LINE = regex.compile(
    rf"^[ \t]*(?:\[(?P<tag>[^\]\n]{{1,25}})\][ \t]*(?:-[ \t]*)?)?"
    r"(?P<before>(?:\d{1,2}[./]\d{1,2}[./]\d{2,4},[ \t]+\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp][Mm])?[ \t]+-"
    r"|\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp][Mm])?)[ \t]+)?"
    rf"(?P<at>@)?(?P<who>{_WORD}\.?(?:[ \t]+{_WORD}){{0,3}}|{_HANDLE}"
    rf"|(?<=@)(?:[\p{{L}}\p{{N}}_.-]|{SCRIPT_SEAM}){{2,30}})"
    r"(?P<time>[ \t]+\d{1,2}:\d{2})?[ \t]*(?:\((?P<aside>[^()\n]{1,30})\))?[ \t]*:[ \t]+(?P<said>[^\n]*)",
    regex.MULTILINE,
)
_EXPORTED = regex.compile(
    r"^[ \t]*(?:"
    r"\[?(?P<clock>\d{1,2}:\d{2}(?::\d{2})?)\]?[ \t]+<[@+%~&]?(?P<who>[^\s<>]{2,30})>[ \t]+(?P<said>[^\n]*)"
    rf"|(?P<who>{_WORD}(?:[ \t]+{_WORD}){{0,3}}|{_HANDLE})[ \t]+[\u2014\u2013-][ \t]+"
    r"(?:\d{2,4}[./-]\d{1,2}[./-]\d{1,4}[ \t]+)?(?P<clock>\d{1,2}:\d{2}(?::\d{2})?)"
    r"(?:[ \t]+[\u2014\u2013-][ \t]+(?P<said>[^\n]*)|(?:[ \t]?[AaPp][Mm])?[ \t]*\n(?P<said>[^\n]+))"
    rf"|(?P<who>{_WORD}(?:[ \t]+{_WORD}){{0,3}}|{_HANDLE}),[ \t]+\[\d{{1,2}}[./]\d{{1,2}}[./]\d{{2,4}}[ \t]+"
    r"(?P<clock>\d{1,2}:\d{2}(?::\d{2})?)\][ \t]*\n(?P<said>[^\n]+)"
    rf"|\[(?P<clock>\d{{1,2}}:\d{{2}}(?:[ \t]?[AaPp][Mm])?)\][ \t]+(?P<who>{_WORD}(?:[ \t]+{_WORD}){{0,4}})[ \t]*\n"
    r"(?![ \t]*\[\d)(?P<said>[^\n]+)"
    r")",
    regex.MULTILINE,
)
"""The lines of other apps' exports, each with its time: IRC's ("[21:03] <dimas_pratama> ..."), Mattermost's
("amani.mollel — 2026-11-30 07:12 — ..."), Teams' copied messages, the name alone after its time and the message
on the next line ("[08:41] Nguyễn Thị Thu Trang"), and the name with its time alone on a line before the message:
Discord's ("sofia_lindqvist — 30/11/2026 21:06", "— 11/30/2026 9:06 PM") and Telegram's, with its date
("Aisha_Lawal_Kano, [29.11.2026 10:31]"; a programme's "Abendessen, [18:30]" has none)."""
_COPIED_FROM_SLACK = regex.compile(
    rf"^(?P<who>{_WORD}(?:[ \t]+{_WORD}){{0,3}}|{_HANDLE})(?:[ \t]{{2,}}|\t)"
    r"(?P<clock>\d{1,2}:\d{2})(?:[ \t]?[AaPp][Mm])?[ \t]*\n(?P<said>[^\n]+)",
    regex.MULTILINE,
)
"""Slack's copied messages: the name, two spaces at least and the time alone on a line, the message on the next ("Noor
10:09"); a programme is written so too ("Keynote  09:30", "Montag  08:00"), so `_copied_from_slack` asks more of
them than of other apps' exports."""


def _copied_from_slack(text: str, name_word: Callable[[str], bool]) -> list[_Span]:
    """The speakers of messages copied from Slack (`_COPIED_FROM_SLACK`) whose words (and a handle's parts) pass
    `name_word`, where two speak at least, one of them twice, the messages say a few words each, and the times run
    as a conversation's do: onwards, within a few hours, not all the same. A week's or a day's programme repeats its
    items too ("Montag  08:00" each week, "Fajr  05:12" each day, "cron_daily  03:00"), at times that go back."""
    if "  " not in text and "\t" not in text:
        return []
    lines = list(_COPIED_FROM_SLACK.finditer(text))
    names = [line.group("who").casefold() for line in lines]
    said = sorted(len(line.group("said").split()) for line in lines)
    if len(set(names)) < 2 or len(set(names)) == len(names) or said[len(said) // 2] < _SAYS_ENOUGH:
        return []
    if not _a_conversations_clock([_minutes(line.group("clock")) for line in lines]):
        return []
    words = [[part for word in line.group("who").split() for part in _PARTS.split(word)] for line in lines]
    return [line.span("who") for line, parts in zip(lines, words, strict=True) if all(map(name_word, parts))]


def _minutes(clock: str) -> int:
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


_CONVERSATION_MINUTES = 180


def _a_conversations_clock(minutes: list[int]) -> bool:
    """Whether times run as a conversation's: onwards, not all the same, within `_CONVERSATION_MINUTES`."""
    onwards = all(a <= b for a, b in pairwise(minutes))
    return onwards and len(set(minutes)) > 1 and minutes[-1] - minutes[0] <= _CONVERSATION_MINUTES


_TIME = regex.compile(r"\d{1,2}:\d{2}")
_SAYS_ENOUGH = 3
"""Words a chat's lines say, as a median: a form's values are shorter ("Naam: Jan de Vries", "DOB: 03.09.1994")."""
_CHATTERS = 3
"""Speakers of a chat with its times whose handles count though none speaks twice."""
_NAME_WORD = regex.compile(_WORD)
_PARTS = regex.compile(r"[._]")
_INITIAL = regex.compile(r"\p{Lu}\.")
"""A family name's initial closing a speaker's name, with its full stop ("Siriporn W."); one without it is a capital
alone ("Rohit S")."""


def speakers(text: str, name_word: Callable[[str], bool]) -> list[tuple[int, int]]:
    """The spans of the names that open chat lines in `text`: lines with their time, or, in a chat with no times,
    lines whose speaker speaks twice or more while the lines say a few words each (a form's labels do not
    repeat, and its values are short)."""
    timed, untimed, said, timed_said = [], [], [], []
    voices: list[str] = []  # who opens each line with no time
    interviewed: list[tuple[_Span, int]] = []  # names on no list, taken where an interviewer speaks too
    lines: list[str] = []  # who opens each line with its time, machines aside
    shaped: list[tuple[int, int]] = []  # handles that open such lines
    for who, aside, clocked, says, marked in _lines(text):
        if not clocked:
            voices.append(text[who[0] : who[1]].casefold())
        words = [m.span() for m in _NAME_WORD.finditer(text, *who)]
        honoured = bool(words) and text[words[0][0] : words[0][1]].lower() in _HONORIFICS
        while words and text[words[0][0] : words[0][1]].lower() in _TITLES:
            words = words[1:]
        if not words and aside:  # "Customer (Siriporn W.): ..."
            words = [m.span() for m in _NAME_WORD.finditer(text, *aside)]
        dotted = len(words) > 1 and _INITIAL.fullmatch(text, words[-1][0], words[-1][1] + 1) is not None
        initial = text[words[-1][0]] if words else ""
        lower = initial.islower() and text[words[0][0] : words[-1][1]].islower()  # "dave h", a chat in lower case
        bare = len(words) > 1 and words[-1][1] - words[-1][0] == 1 and (initial.isupper() or lower)  # "Rohit S"
        named = words[:-1] if dotted or bare else words
        span = (words[0][0], words[-1][1] + (1 if dotted else 0)) if words else who
        if _NOT_A_PERSON.search(text[span[0] : span[1]]) or _a_machines(text[span[0] : span[1]]):
            continue  # "[22:41:16] Nightbot: ...", "[09:00:01] ERROR: ...", "worker-3 — ..."; not "Host (Kwabena):"
        if clocked:  # "[22:41:03] dalbit_moon: ...", "[21:04] 청솔이 (cheongsol#0412): ..."
            lines.append(text[who[0] : who[1]].casefold())
            timed_said.append(says)
            shaped += [s for s in (who, aside) if s and a_handle(text[s[0] : s[1]], marked=marked and s == who)]
        if marked:
            continue  # "@devops-team:": a handle, by `a_handle`'s test only
        parts = [part for start, end in named for part in _PARTS.split(text[start:end])]
        titled = honoured and all(_TITLE_CASED.fullmatch(part) for part in parts) and not all(map(_everyday, parts))
        if not named or not (titled or all(name_word(part) for part in parts)):
            if named and not clocked and all(_an_interviewees(part) for part in parts):
                interviewed.append((span, says))
            continue
        if clocked:
            timed.append(span)
        else:
            untimed.append(span)
            said.append(says)
    timed += _named_in_brackets(text, name_word)
    if any(voice in _INTERVIEWERS for voice in voices):  # a transcript: who answers the interviewer is a person
        for span, says in interviewed:
            if voices.count(text[span[0] : span[1]].casefold()) > 1:
                untimed.append(span)
                said.append(says)
    untimed_names = [text[start:end].casefold() for start, end in untimed]
    chat = len(set(untimed_names)) < len(untimed_names) and sorted(said)[len(said) // 2] >= _SAYS_ENOUGH
    # a chat with its times, two speakers at least and one speaking twice: its handles are its people's
    timed_chat = len(set(lines)) >= 2 and len(set(lines)) < len(lines)
    # three speakers each maybe once, in sentences: a stream's chat (not a timetable's "09:00 1교시: 국어"); its handles
    # in Latin letters (a Hangul one's shape is a label's as often: "1교시", "101호")
    if not timed_chat and len(set(lines)) >= _CHATTERS and sorted(timed_said)[len(timed_said) // 2] >= _SAYS_ENOUGH:
        shaped = [(start, end) for start, end in shaped if not HANGUL.search(text, start, end)]
        timed_chat = True
    return timed + (untimed if chat else []) + (shaped if timed_chat else []) + _copied_from_slack(text, name_word)


_Span = tuple[int, int]
_BRACKETED_NAME = regex.compile(
    rf"^[ \t]*[^\n:()]{{1,30}}?\((?P<name>(?:\p{{Lu}}\.[ \t]?)?{_WORD}(?:[ \t]+{_WORD}){{1,3}}"
    rf"|\p{{Lu}}\.[ \t]?{_WORD})\)[ \t]*:",
    regex.MULTILINE,
)
"""A label with a whole name in brackets before its colon ("Round 1 (Meera Iyengar): ...", "Round 3 (R. Venkataraman):
..."); not one word, a role's or a team's as often ("Agent (Billing):")."""


_ROLE_AND_NAME = regex.compile(
    rf"^[ \t]*(?P<role>\p{{L}}+)[ \t]*\((?P<name>{_WORD}[ \t]+\p{{Lu}}\.)\)[ \t]*:", regex.MULTILINE
)
"""A speaker's role with their given name and initial in brackets ("Customer (Siriporn W.): ..."); one word alone
there is a desk's, a tool's or a language's as often ("Agent (Escalations):", "Agent (Intercom):", "Agent
(Tagalog):")."""


def _named_in_brackets(text: str, name_word: Callable[[str], bool]) -> list[_Span]:
    """The whole names in brackets before a label's colon (`_BRACKETED_NAME`), each word passing `name_word`; and a
    given name with its initial after a speaker's role (`_ROLE_AND_NAME`, `_TITLES`) that passes it and is a word
    English rarely uses ("Customer (Siriporn W.):")."""
    found = []
    for match in _BRACKETED_NAME.finditer(text):
        words = [w for w in _NAME_WORD.findall(match.group("name")) if len(w) > 1]
        if words and all(name_word(word) for word in words):
            found.append(match.span("name"))
    for match in _ROLE_AND_NAME.finditer(text):
        word = match.group("name").split()[0]
        if match.group("role").lower() in _TITLES and name_word(word) and english.uncommon(word.lower()):
            found.append(match.span("name"))
    return found


def _lines(text: str) -> list[tuple[_Span, _Span | None, bool, int, bool]]:
    """Per chat line of `text`: its speaker's span, the span of what is in brackets after it, whether the line has
    its time, how many words it says, and whether an "@" marks its speaker as a handle ("00:12:03 @김치찌개러버:")."""
    found: list[tuple[_Span, _Span | None, bool, int, bool]] = []
    for line in _LINE.finditer(text):
        aside = line.span("aside") if line.group("aside") else None
        tag = line.group("tag")
        clocked = bool(line.group("time") or line.group("before") or (tag and _TIME.search(tag)))
        found.append((line.span("who"), aside, clocked, len(line.group("said").split()), bool(line.group("at"))))
    if ":" in text:
        exported = _EXPORTED.finditer(text)
        found += [(line.span("who"), None, True, len(line.group("said").split()), False) for line in exported]
    return found


_NOT_A_PERSON = regex.compile(
    r"(?i)bot$|serv$|^(?:system|server|admin|mod|moderator|host|console|error|warn|warning|info|debug|trace|fatal"
    r"|critical|notice|github|gitlab|travis-ci|jenkins|circleci|limnoria|pagerduty|opsgenie|alertmanager|sentry"
    r"|zabbix|nagios|div|span|p|li|ul|ol|td|tr|th|br|a|b|i)\d*$"
)
"""A chat's machines and log levels ("Nightbot", "ChanServ", "system", "ERROR", IRC's "<github>", an alert's
"PagerDuty"), and HTML's tags in a timed log ("[12:00] <div> ...")."""
_HANDLE_PARTS = regex.compile(r"\p{Lu}{2,}(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}")
"""A handle's words: runs of capitals (acronyms), capitalised or lower-case runs ("ChatGPT": "Chat", "GPT")."""
_MACHINE_WORDS = frozenset(
    {"worker", "thread", "pool", "service", "server", "client", "controller", "gateway", "router", "proxy", "sensor"}
    | {"node", "host", "device", "daemon", "agent", "runner", "job", "task", "queue", "cron", "scheduler", "uploader"}
    | {"downloader", "crawler", "scraper", "model", "speaker", "channel", "room", "camera", "printer", "robot", "unit"}
    | {"station", "terminal", "kiosk", "app", "api", "sdk", "cluster", "pod", "container", "lambda", "function", "ver"}
    | {"step", "test", "stage", "phase", "team", "group", "chat", "gpt", "assistant", "user", "guest", "anon", "git"}
    | {"hub", "action", "actions", "bucket", "cloud", "aws", "azure", "backup", "monitor", "alert", "alerts", "log"}
)
"""Words of the names machines, steps and groups speak under in logs and transcripts ("celery_worker", "sensor_01",
"SPEAKER_00", "Step1", "Team_Red", "assistant_v2")."""
_NO_PERSONS_WORDS = _MACHINE_WORDS | MAILBOX_WORDS | SOFTWARE_WORDS


def a_handle(who: str, *, marked: bool = False) -> bool:
    """Whether a chat line's speaker (or the handle in brackets after it) has a person's handle's shape (`_HANDLE`):
    Hangul ("냥냥펀치777"), or a word of its own in lower case that is no everyday English word ("dalbit_moon",
    "oskar_lindqvist_", "xX_kenjiro_Xx"); and no word of a machine, a program, a step or a group ("celery_worker",
    "urllib3.connectionpool", "DATABASE_URL", "Room_101", "ChatGPT"). `marked`: an "@" before it says it is a handle,
    whatever its shape ("@김치찌개러버")."""
    if (not marked and regex.fullmatch(_HANDLE, who) is None) or _NOT_A_PERSON.search(who):
        return False
    parts = _HANDLE_PARTS.findall(who)
    if any(part.lower() in _NO_PERSONS_WORDS or part.lower().endswith(_PROGRAM_ENDINGS) for part in parts):
        return False
    if HANGUL.search(who):
        return True
    if dotted := _DOTTED_USER.fullmatch(who):  # "mateo.r", "j.okafor"; not "mmap.c", "init.d", "c.kafka"
        return _a_listed_name(dotted.group(1) or dotted.group(2))
    own = [part for part in parts if len(part) >= _OWN_WORD and not part.isupper()]
    return any(english.zipf(part.lower()) < english.EVERYDAY for part in own)


def _a_machines(who: str) -> bool:
    """Whether a speaker's name holds a machine's, a step's or a group's word ("worker-3", "celery_worker")."""
    return any(part.lower() in _MACHINE_WORDS for part in _HANDLE_PARTS.findall(who))


_DOTTED_USER = regex.compile(r"(\p{Ll}{2,})\.\p{Ll}|\p{Ll}\.(\p{Ll}{2,})")
"""A work chat's user: a name and an initial, a dot between ("mateo.r", "j.okafor"); a file's or a logger's name has
that shape too ("mmap.c", "init.d", "c.kafka"), so the name must be a listed one."""


def _a_listed_name(word: str) -> bool:
    """Whether a word in lower case is a listed given or family name ("mateo", "okafor")."""
    return word.capitalize() in _names_listed()


@cache
def _names_listed() -> frozenset[str]:
    return listed_names() | given_names_abroad() | east_asian_family_names()


_PROGRAM_ENDINGS = ("host", "gpt", "bot", "sql", "js", "api", "db", "ctl", "pool", "lib", "svc", "srv")
"""Endings of programs' and services' names ("localhost", "urllib", "connectionpool"; not "kit" of "ankit")."""
_OWN_WORD = 3
"""Letters of a handle's word of its own (not an initial, an "x" of "xX_", nor an acronym)."""
