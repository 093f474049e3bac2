"""Handles: the names people go by in developers' and chat artefacts, found where the artefact itself ties a
handle to a person.

A git log or a mail header writes its author as "<display> <address>"; when one spells the other ("mkowalczyk
<marek.kowalczyk@...>", "Sipho Ndlovu <sipho.ndlovu@...>") the display is a person's, whatever its shape; a team's
mailbox spelled by everyday words is not ("Support <support@...>", "Release Bot <release-bot@...>"). A handle in
brackets beside a name it spells is that person's ("Jamal Whitfield-Okafor (jwhitfield)", "@lenka_vesela (Lenka
Veselá)"). An @mention made of two parts or more, none a word of code, of a team or of everyday English unless a
listed name, is a person's ("@rafa.ibarra-goikoetxea this loop", "@oluwaseun_a you approved", "@john.smith"); not a
decorator, a package or a team ("@pytest.fixture", "@functools.cache", "@types/node", "@devops-team"), nor a
one-part mention, which names a channel or a brand as often ("@here").
Pure: no I/O.
"""

from __future__ import annotations

import re
import unicodedata

import regex

from . import _english as english
from ._lower_names import TOOL_ENDINGS
from ._name_words import _NOT_IN_A_NAME, listed_names

_ADDRESSED = re.compile(
    r"(?m)(?:^|(?<=[:,;(]))[ \t]*(?:\"([^\W\d_][\w\u0300-\u036f.,'\u2019 -]{0,60}?)\"|"
    r"([^\W\d_][\w\u0300-\u036f.'\u2019 -]{0,60}?))[ \t]*"
    r"<([A-Za-z0-9._%+-]{1,64})@[A-Za-z0-9.-]+\.[A-Za-z]{2,}>"
)
"""A display name (in quotes or not) and the local part of its address, as a git log or a mail header writes an
author or a recipient ('To: "Deniz Arslan-Kaya" <deniz.arslankaya@...>'); in quotes, a family name first and a comma
too ('From: "Okonkwo, Chidinma" <chidinma.okonkwo@...>')."""
_HEADER_FIELD = re.compile(
    r"(?i)(?:author|commit|committer|signed-off-by|co-authored-by|reviewed-by|tested-by|acked-by|reported-by)"
    r"[ \t]*:[ \t]*\Z"
)
"""A commit's field of a person: its display is a name whatever the address spells ("Author: Oluwaseun Adébáyọ̀
<seun.adebayo@...>"); not a mail's "From:", which a product writes as often ("Atlassian Bitbucket <bitbucket@...>")."""
_MENTION = re.compile(r"(?<![\w@.])@([A-Za-z][A-Za-z0-9]*(?:[._-][A-Za-z][A-Za-z0-9]*)+)(?![\w@(/-]|\.\w)")
"""An @mention of two parts or more, not an address, a decorator's call or a package's path."""
_COMMENTER = re.compile(r"(?m)^[ \t]*(?:\[[^\]\n]{1,10}\][ \t]*)?@([^\s:@\uff1a]{2,30})[ \t]*[:\uff1a]")
"""Who wrote a comment or a message, as a thread's export writes them ("@먹방요정쭈: ...", "[DM] @daily_minji.k:")."""
_EVERYONE = frozenset({"here", "channel", "everyone", "all", "team", "admin", "admins", "mods", "moderator"})
"""A chat's words for a whole room ("@here: ..."), no one's."""
_BRACKETED_HANDLE = re.compile(r"[ \t]*\((@?[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*)\)")
_WORD = r"[^\W\d_](?:[^\W\d_]|['\u2019-])*"
_BRACKETED_NAME = re.compile(rf"[ \t]*\(({_WORD}(?:[ \t]+{_WORD}){{1,3}})\)")
_HANDLE_BEFORE = re.compile(r"(?<![\w@.])@?([a-z][a-z0-9]*(?:[._-][a-z0-9]+)*)[ \t]*\Z")
_NAME_BEFORE = re.compile(rf"((?:{_WORD}[ \t]+){{1,3}}{_WORD})[ \t]*\Z")
_PARTS = re.compile(r"[a-z]+")
_SHORTEST_PREFIX = 4
MAILBOX_WORDS = frozenset(
    {"support", "info", "team", "help", "helpdesk", "sales", "billing", "admin", "noreply", "reply", "service"}
    | {"services", "notifications", "notification", "alerts", "alert", "bot", "ci", "release", "build", "deploy"}
    | {"security", "hr", "jobs", "careers", "contact", "office", "news", "newsletter", "marketing", "ops", "devops"}
    | {"github", "gitlab", "jenkins", "dependabot", "renovate", "mailer", "daemon", "postmaster", "webmaster", "root"}
    | {"system", "automation", "accounts", "account", "customer", "care", "desk", "feedback", "hello", "booking"}
    | {"bookings", "reservations", "orders", "shop", "store", "press", "legal", "privacy", "finance", "payroll"}
)
"""Words of a team's or a system's mailbox ("Support <support@...>", "Release Bot <release-bot@...>")."""
SOFTWARE_WORDS = frozenset(
    {"cache", "axios", "nextjs", "newaxis", "serialization", "serializable", "webhooks", "webhook", "admins", "oncall"}
    | {"guild", "preview", "ci", "cd", "np", "pd", "sdk", "core", "utils", "util", "lib", "libs", "types", "config"}
    | {"router", "hooks", "plugin", "plugins", "module", "modules", "fixture", "fixtures", "mark", "parametrize"}
    | {"dev", "prod", "staging", "test", "tests", "teams", "bots", "scraper", "replica", "worker", "workers", "infra"}
    | {"frontend", "backend", "platform", "autofix", "copilot", "mobile", "web", "sre", "qa", "ux", "ui", "data"}
    | {"functools", "itertools", "pytest", "typing", "dataclass", "property", "staticmethod", "classmethod", "app"}
)
"""Words of code, packages and teams written after an @ ("@functools.cache", "@sentry.nextjs", "@frontend-guild")."""
_NOT_A_PERSONS_PART = frozenset({"com", "org", "net", "io", "py", "js", "ts", "md", "txt", "json", "yml", "yaml"})


def folded(word: str) -> str:
    """Lower case, marks removed ("Veselá" -> "vesela")."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(ch))


def spells(handle: str, words: list[str]) -> bool:
    """Whether `handle` is made of two of `words` (names) at least: each of its parts a word, a word's first letters
    (4 at least), or initials followed by a word or its first letters ("jwhitfield" of "Jamal Whitfield-Okafor",
    "lenka_vesela" of "Lenka Veselá", "mkowalczyk" of "marek kowalczyk"); not one word alone ("acme" of "Acme
    Corp"), nor of a product's or a company's words."""
    if any(word.strip(".,").capitalize() in _NOT_IN_A_NAME for word in words):
        return False  # a product's or a company's words ("Google Cloud (gcloud)")
    names = [part for word in words for part in _PARTS.findall(folded(word))]
    parts = _PARTS.findall(folded(handle))
    if not names or not parts or all(len(part) < _SHORTEST_PREFIX for part in parts):
        return False
    initials = "".join(name[0] for name in names)
    used = [_names_in(part, names, initials) for part in parts]
    return all(used) and sum(used) >= 2


def _names_in(part: str, names: list[str], initials: str) -> int:
    """How many names `part` is made of (`spells`); 0 if it is not made of them: a name, an initial, initials and a
    name's first letters ("jwhitfield"), two names run together ("arslankaya" of "Arslan-Kaya"), or a name the
    display gives by its initial only ("ozlem" of "Ö. Çelik")."""
    if part in names or (len(part) == 1 and part in initials):
        return 1
    for cut in range(len(part) - _SHORTEST_PREFIX + 1):
        head, rest = part[:cut], part[cut:]
        if head in initials and any(name.startswith(rest) for name in names if len(rest) >= min(len(name), 4)):
            return len(head) + 1
        if head in names and rest in names:
            return 2
    if len(part) >= _SHORTEST_PREFIX and part[0] in {name for name in names if len(name) == 1}:
        return 1
    return 0


def spells_a_name_above(text: str, at: int, handle: str) -> bool:
    """Whether a one-word handle at `at` spells the name written on one of the three lines above it (`spells`:
    "tmokoena" of "Thandiwe Mokoena"): a service's account spells none ("kafka", "appuser", "dbadmin")."""
    lines_above = text[: text.rfind("\n", 0, at) + 1].splitlines()[-3:]
    return any(spells(handle, _CAPITALISED.findall(line)) for line in lines_above)


_CAPITALISED = regex.compile(r"\p{Lu}[\p{L}'-]+")


def everyday_parts(handle: str) -> bool:
    """Whether a part of `handle` is no name's: an everyday English word that is no listed name, a word of software
    or of a team's mailbox, a file's or domain's ending, or a part with a digit ("devops-team", "functools.cache",
    "k8s.admins"; not "john.smith")."""
    for part in filter(None, regex.split(r"[._-]+", folded(handle))):  # "Ö." is one part
        if not part.isalpha() or part in _NOT_A_PERSONS_PART or part in MAILBOX_WORDS or part in SOFTWARE_WORDS:
            return True
        if part.endswith(TOOL_ENDINGS) or (len(part) > 1 and everyday_word(part)):
            return True
    return False


def everyday_word(word: str) -> bool:
    """An everyday English word and no listed given or family name ("nature"; not "grant")."""
    return english.zipf(word.lower()) >= english.EVERYDAY and word.capitalize() not in listed_names()


def handles(text: str) -> list[tuple[int, int]]:
    """(start, end) of every handle or display name of a person the module's docstring describes."""
    found: list[tuple[int, int]] = []
    if "@" in text:
        for match in _ADDRESSED.finditer(text):
            shown = 1 if match.group(1) is not None else 2
            display, local, at = match.group(shown).strip(), match.group(3), match.start(shown)
            words = display.replace(",", " ").split()
            header = _HEADER_FIELD.search(text, text.rfind("\n", 0, match.start()) + 1, at) is not None
            if (
                not everyday_parts(local)
                and not any(everyday_parts(word) for word in words)
                and (header or spells(display, [local]) or spells(local, words))
            ):
                found.append((at, at + len(display)))
        for match in _MENTION.finditer(text):
            if not _a_decorator(text, match) and not everyday_parts(match.group(1)):
                found.append(match.span(1))
    if "(" in text:
        found += _bracketed(text)
    if "@" in text:
        found += _commenters(text) + _addressed_mentions(text)
    if " " in text:
        found += [m.span(1) for m in _THREAD_AUTHOR.finditer(text) if _an_authors_handle(m.group(1))]
    found += [m.span("account") for m in _MESSENGER_ID.finditer(text) if _a_messengers_id(m)]
    if " on " in text:
        found += [m.span(1) for m in _ON_A_NETWORK.finditer(text) if _a_persons_account(m.group(1))]
    return found


_MESSENGER_ID = regex.compile(
    r"(?i)(?<![\w.])(?:카카오톡|카톡|kakao(?:talk)?|wechat|위챗|telegram|텔레그램|instagram|인스타그램|인스타|ig|discord"
    r"|디스코드|snapchat|skype|(?:line|라인|signal|whatsapp)[ \t]*(?=id|아이디))"
    r"(?P<marked>[ \t]*(?:id|아이디|계정|handle)(?P<said>는|은|[ \t]+is)?)?(?P<sep>[ \t]*[:\uff1a]?[ \t]*@?)"
    r"(?P<account>[A-Za-z][A-Za-z0-9._-]{1,29}[A-Za-z0-9])(?![\w@-]|\.\w)"
)
"""A messenger's or a social network's account after its name ("카톡 jh_shim77", "카톡 ID haeun_dad", "카톡 아이디는
sm_choo0725", "WeChat ID is zhangyx_0823", "IG @mina.k"); LINE and Signal only before "ID" ("line 42", "signal
strength")."""


_ON_A_NETWORK = regex.compile(
    r"(?<![\w.@-])@?((?=[A-Za-z0-9._-]*[\d_.])[A-Za-z][A-Za-z0-9._-]{1,29}[A-Za-z0-9])[ \t]+on[ \t]+"
    r"(?i:kakao(?:talk)?|wechat|telegram|instagram|insta|ig|discord|snapchat|line|signal|whatsapp|tiktok|threads)"
    r"(?![\w.])"
)
"""An account before its network's name, of an account's shape (a digit, an underscore or a dot in it):
"minjae_choi09 on Kakao", "@lina.travels on Insta"."""


def _a_persons_account(handle: str) -> bool:
    """Whether an account's words, digits aside, are a person's: none of software, a mailbox or a file's ending, one
    a listed name or seldom an English word ("minjae_choi09", "lina.travels"; not "node_modules", "v2.1")."""
    parts = [part for part in regex.split(r"[._-]+", folded(regex.sub(r"\d+", "", handle))) if part]
    if not parts or any(
        part in _NOT_A_PERSONS_PART or part in MAILBOX_WORDS or part in SOFTWARE_WORDS or part.endswith(TOOL_ENDINGS)
        for part in parts
    ):
        return False
    return any(len(part) >= _OWN_PART and not everyday_word(part) for part in parts)


_OWN_PART = 3


def _a_messengers_id(match: regex.Match[str]) -> bool:
    """An account apart from its network's name: with a digit, an underscore or a dot in it, or one word after an
    "ID", a colon or an "@" that is no everyday one ("Telegram channel", "Instagram post", "ignoring" are none); after
    "ID is" or "아이디는" only one of an account's shape."""
    handle, separator = match.group("account"), match.group("sep")
    if not separator and not match.group("marked"):
        return False  # "ignoring": "ig" and a word's rest
    if any(ch.isdigit() or ch in "._" for ch in handle):
        return handle.lower() not in MAILBOX_WORDS
    if match.group("said"):
        return False  # "WeChat ID is Optional", "IG handle is TBD": a sentence goes on with a word, not an account
    addressed = match.group("marked") or any(ch in separator for ch in ":@\uff1a")
    return bool(addressed) and handle.lower() not in _SOCIAL_WORDS and not everyday_parts(handle)


_SOCIAL_WORDS = frozenset(
    {"post", "posts", "story", "stories", "reel", "reels", "page", "channel", "group", "account", "profile", "live"}
    | {"feed", "link", "chat", "call", "message", "dm", "dms", "bio", "ads", "shop", "server", "bot", "app", "web"}
)
"""What a network's name comes before that is no one's account ("the Instagram post", "a Discord server")."""


_THREAD_AUTHOR = re.compile(
    r"(?m)^[ \t]*(?:\*\*)?@?([A-Za-z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)*)(?:\*\*)?[ \t]+(?:commented|replied"
    r"|requested changes|approved these changes|reviewed|left a comment|opened this|closed this|merged commit)\b"
)
"""Who wrote a code review's or an issue tracker's comment, as the thread's page shows it ("mkrol commented
yesterday", "**kenta-shimabukuro** requested changes"); not a bot's ("github-actions[bot] commented")."""
_SERVICES = frozenset(
    {"codecov", "vercel", "sonarcloud", "netlify", "stale", "codspeed", "allcontributors", "mergify", "dependabot"}
    | {"renovate", "coveralls", "deepsource", "snyk", "changeset", "linear", "jira", "googlebot", "copilot", "cla"}
    | {"maintainer", "maintainers", "reviewer", "reviewers", "author", "contributor", "contributors", "someone"}
    | {"owner", "owners", "everyone", "nobody", "bors", "homu", "sentry", "azure", "circleci", "travis", "gitlab"}
)
"""Services, bots and words that comment on a code review without "[bot]" ("codecov commented", "Mergify merged
commit", "maintainers reviewed")."""


def _an_authors_handle(handle: str) -> bool:
    """A code review's commenter that is a person: no service's, bot's or everyday word's name."""
    parts = set(re.split(r"[._-]", handle.lower()))
    return (
        not parts & _SERVICES
        and not handle.lower().endswith(("bot", "-ci", "-hq", "-app"))
        and not everyday_parts(handle)
    )


_ADDRESSED_MENTIONS = re.compile(
    r"(?i)(?:(?<![\w/])/?cc|\bping|\battn|\breviewers?|\bassign(?:ed|ing)?[ \t]+to)[ \t]*:?[ \t]*"
    r"((?:@[A-Za-z][\w.-]{0,38}(?:[ \t]*,?[ \t]*(?:and[ \t]+)?)?)+)"
)
"""Mentions after a word that addresses them ("cc @mkrol", "/cc @a @b", "Reviewers: @a, @b", "assigning to @x")."""
_ONE_MENTION = re.compile(r"(?<![\w@.])@([A-Za-z][\w.-]{0,38}[A-Za-z0-9])")
_HONORIFIC_AFTER = re.compile(r"[ \t]?(?:님|씨)")


def _addressed_mentions(text: str) -> list[tuple[int, int]]:
    """The @mentions a word addresses (`_ADDRESSED_MENTIONS`), one part or more, that are no room's, team's or
    everyday word's ("cc @here", "ping @oncall"), and those a Korean honorific follows ("@Hyejin 님께"); a one-part
    mention with nothing around it names a brand, a bot or an annotation as often ("@Nike", "@sentry", "@Override")
    and is left."""
    found = [
        m.span(1)
        for m in _ONE_MENTION.finditer(text)
        if _HONORIFIC_AFTER.match(text, m.end()) or _a_named_mention(text, m)  # "@Hyejin 님께", "@Mustafa kannst du"
    ]
    for run in _ADDRESSED_MENTIONS.finditer(text):
        for mention in _ONE_MENTION.finditer(text, run.start(1), run.end(1)):
            handle = mention.group(1)
            if handle.lower() not in _EVERYONE and not everyday_parts(handle):
                found.append(mention.span(1))
    return found


def _a_named_mention(text: str, match: re.Match[str]) -> bool:
    """Whether a one-part @mention is someone's given name, as written: a listed given name capitalised, no everyday
    English word, in a sentence (not a decorator's line: "@Override")."""
    handle = match.group(1)
    return (
        handle in listed_names()
        and handle[1:].islower()
        and english.zipf(handle.lower()) < english.EVERYDAY
        and not _a_decorator(text, match)
        and _A_BOT_AFTER.match(text, match.end()) is None  # "@Luna bot, show the queue"
    )


_A_BOT_AFTER = re.compile(r"[ \t]+(?i:bots?)(?!\w)")


def _a_decorator(text: str, match: re.Match[str]) -> bool:
    """Whether an @word stands alone on its line, as a decorator or an annotation does ("@Override")."""
    line_end = text.find("\n", match.end())
    rest = text[match.end() : line_end if line_end >= 0 else len(text)]
    return not rest.strip() and not text[text.rfind("\n", 0, match.start()) + 1 : match.start()].strip()


def _commenters(text: str) -> list[tuple[int, int]]:
    """The authors of a thread's comments or messages: "@handle:" opening two lines at least (one alone is as
    often a note to someone), none a room's ("@here:")."""
    matches = [m for m in _COMMENTER.finditer(text) if m.group(1).lower() not in _EVERYONE]
    return [m.span(1) for m in matches] if len(matches) >= 2 else []


def _bracketed(text: str) -> list[tuple[int, int]]:
    """A handle in brackets after the name it spells, and a name in brackets after its handle."""
    found = []
    for match in _BRACKETED_HANDLE.finditer(text):
        name = _capitalised_before(text, match.start())
        if name is not None and spells(match.group(1), text[slice(*name)].split()):
            found += [(match.start(1) + match.group(1).startswith("@"), match.end(1)), name]
    for match in _BRACKETED_NAME.finditer(text):
        before = _HANDLE_BEFORE.search(text, max(0, match.start() - 60), match.start())
        if before is not None and spells(before.group(1), match.group(1).split()):
            found += [before.span(1), match.span(1)]
    return found


def _capitalised_before(text: str, end: int) -> tuple[int, int] | None:
    """The span of the capitalised words (two at least) that end at `end`, if there are ("Reviewed by Jamal
    Whitfield-Okafor": "Jamal Whitfield-Okafor")."""
    before = _NAME_BEFORE.search(text, max(0, end - 80), end)
    if before is None:
        return None
    words = list(re.finditer(r"\S+", before.group(1)))
    run: list[re.Match[str]] = []
    for word in reversed(words):
        if not word.group(0)[0].isupper():
            break
        run.insert(0, word)
    if len(run) < 2:
        return None
    return before.start(1) + run[0].start(), before.start(1) + run[-1].end()
