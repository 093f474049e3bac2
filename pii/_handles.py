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
    return found + _labelled_accounts(text)


_ACCOUNT = regex.compile(
    r"(?i:(?<![\w/#-])(?:user(?:[_ ]?name)?|nick(?:name)?|handle|gamertag|ign|discord|steam|ebay|twitch|tiktok"
    r"|benutzer(?:name)?|utilisateur|usuario|utente|gebruiker|pseudo|apodo|wikipedyst(?:a|ka))"
    r"(?:[ \t]+(?:name|id|tag)(?![\w]))?[\"']?(?:(?P<said>[ \t]+is[ \t]+|[ \t]*[:=][ \t]*)|[ \t]+)"
    r"[\"'\u2018\u201c\u00ab\u201e]?@?)"
    r"(?P<account>(?=[\w.-]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9._-]{1,29}[A-Za-z0-9])(?![\w@-]|\.\w)"
    r"|(?<![\w/])u/(?P<reddit>[A-Za-z0-9_-]{3,20})(?![\w/-])"
    r"|(?:/home/|\\Users\\)(?P<home>[A-Za-z][A-Za-z0-9._-]{1,30})(?=[/\\])"
)
"""An account after the word for it, a network's name or a site's (a member's "nick: kuba_wisnia", "gamertag
AbdulrahmanMZ", "Steam name is reubenokl", "(eBay: soeren_habicht84)", "IGN: LukiZockt", "Wikipedysta:MarekZ"), a
Reddit user's ("u/peadar_mac") and a home folder's ("/home/solheim/.config", "C:\\Users\\mkowalski\\"); each an account
of a person's words (`_a_persons_handle`)."""
_ACCOUNT_WORDS = regex.compile(r"\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})")
"""The words of an account, apart at a dot, a digit or a capital ("NikPlaysBGMI": "Nik", "Plays", "BGMI")."""
_SYSTEM_USERS = frozenset(
    {"ubuntu", "runner", "user", "users", "admin", "root", "app", "node", "vagrant", "pi", "jenkins", "git", "deploy"}
    | {"docker", "centos", "debian", "vscode", "circleci", "travis", "nobody", "public", "default", "guest", "steam"}
    | {"linuxbrew", "ec", "www", "runneradmin", "administrator", "all", "shared", "me", "username", "yourname"}
    | {"jovyan", "kali", "azureuser", "opc", "bitnami", "hadoop", "minecraft", "gitpod", "codespace", "orangepi"}
    | {"fedora", "anaconda", "tomcat", "odoo", "frappe", "ansible", "postgres", "elasticsearch", "kafka", "spark"}
    | {"airflow", "coder", "rstudio", "sftpuser", "irteam", "tibero", "jeus", "webtob", "naver", "kakao", "nhncloud"}
    | {"defaultuser", "lenovo", "asus", "hp", "dell", "testuser", "dbuser", "beispiel", "ejemplo", "administrador"}
    | {"automoderator", "example", "test", "demo", "sample", "nginx", "prometheus", "gitea", "johndoe", "janedoe"}
    | {"foobar", "foo", "bar", "appuser", "vsts", "chronos", "linaro", "liveuser", "osboxes", "vboxuser", "sammy"}
    | {"yourusername", "gamer", "svc"}
)
"""The users a machine is set up with, no one's name ("/home/ubuntu/", "C:\\Users\\Public\\", "/home/ec2-user/")."""


_SHAPED = regex.compile(r"[\d._-]|\p{Ll}\p{Lu}")
"""An account's shape: a digit, a dot, an underscore, a hyphen or an inner capital ("kuba_wisnia", "NikPlaysBGMI")."""
_MARKED = regex.compile(r"[\d._]")
"""An account's marks no sentence's word has: a digit, a dot or an underscore ("kieranwalsh04", "elise.ptrs")."""


_SPEAKERS_ACCOUNT = regex.compile(
    r"(?m)^[ \t]*[^\W\d_][\w'\u2019-]{0,20}[ \t]*\((?P<account>[A-Za-z][A-Za-z0-9._-]{1,28}[A-Za-z0-9])\)[ \t]*:"
)
"""A chat's speaker as a marketplace's copy writes them, a role and the account in brackets before the colon ("Moi
(clairebmt69) :", "Vendeur (thibault_lgn) :")."""


_MACHINES_ENDINGS = ("user", "admin", "mod", "bot", "svc")
"""How a service's or a bot's account ends ("analytics_svc", "testuser1", "ci_bot")."""


def _labelled_accounts(text: str) -> list[tuple[int, int]]:
    """The accounts `_ACCOUNT` and `_SPEAKERS_ACCOUNT` find that are written as accounts (`_an_accounts_shape`) and
    made of a person's words (`_a_persons_handle`), no machine's ("user postgres", "/home/ubuntu/", "analytics_svc")."""
    found = [
        match.span("account")
        for match in _SPEAKERS_ACCOUNT.finditer(text)
        if _SHAPED.search(match.group("account")) and _a_persons_handle(_words_of(match.group("account")))
    ]
    for match in _ACCOUNT.finditer(text):
        group = next(name for name in ("account", "reddit", "home") if match.group(name) is not None)
        account = match.group(group)
        if group == "account" and not _an_accounts_shape(account, said=match.group("said") is not None):
            continue
        words = _words_of(account)
        machine = {*words, "".join(words)} & _SYSTEM_USERS or "".join(words).endswith(_MACHINES_ENDINGS)
        if not machine and _a_persons_handle(words):
            found.append(match.span(group))
    return found


def _an_accounts_shape(account: str, *, said: bool) -> bool:
    """Whether a word after the word for an account is one: after a blank, with a digit, a dot or an underscore in it
    ("user kieranwalsh04"; not "handle Stripe", "user postgres"); after a colon, an equals sign or "is", that or a word
    in lower case or with a capital inside it ("nick: fnowak", "IGN: AbdulrahmanMZ"; not "TikTok: Trending")."""
    if account.isupper():
        return False  # a constant's name ("handle: MAX_CONNECTIONS")
    if not said:
        return _MARKED.search(account) is not None
    return _SHAPED.search(account) is not None or account.islower()


def _words_of(account: str) -> list[str]:
    return [word.lower() for word in _ACCOUNT_WORDS.findall(account)]


def _a_persons_handle(words: list[str]) -> bool:
    """Whether an account's words are a person's: none of software, a mailbox or a file's ending, one of three letters
    or more a listed name or seldom an English word ("kieranwalsh04", "NikPlaysBGMI"; not "TheGreatCheese", "owner",
    "node_modules")."""
    if not words or any(
        word in _NOT_A_PERSONS_PART or word in MAILBOX_WORDS or word in SOFTWARE_WORDS or word.endswith(TOOL_ENDINGS)
        for word in words
    ):
        return False
    return any(len(word) >= _OWN_PART and not everyday_word(word) for word in words)


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
    r"(?i)(?:(?<![\w/])/?cc|\bping|\battn|\breviewers?|\bassign(?:ed|ing)?[ \t]+to"
    r"|\b(?:opened|reported|posted|created|submitted)[ \t]+by|\bknown[ \t]+(?:on[ \t]+\w+[ \t]+)?as)[ \t]*:?[ \t]*"
    r"((?:@[A-Za-z][\w.-]{0,38}(?:[ \t]*,?[ \t]*(?:and[ \t]+)?)?)+)"
)
"""Mentions after a word that addresses them or says who someone is ("cc @mkrol", "/cc @a @b", "Reviewers: @a, @b",
"assigning to @x", "opened by @ingridsolheim", "Known on socials as: @drfolaclarke")."""
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
        name = _capitalised_before(text, match.start()) or _given_name_before(text, match.start())
        if name is not None and _the_handle_of(match.group(1), text[slice(*name)].split()):
            found += [(match.start(1) + match.group(1).startswith("@"), match.end(1)), name]
    for match in _BRACKETED_NAME.finditer(text):
        before = _HANDLE_BEFORE.search(text, max(0, match.start() - 60), match.start())
        if before is not None and spells(before.group(1), match.group(1).split()):
            found += [before.span(1), match.span(1)]
    return found


def _the_handle_of(handle: str, words: list[str]) -> bool:
    """Whether a handle in brackets after a name is that person's: it spells the name (`spells`), or one of its parts
    is a name's word or its first letters (four at least) or holds a name's word, and its words are a person's
    (`_a_persons_handle`): "Elise Peeters (elise.ptrs)", "Katharina (kathi_gamingmaus)", "Mohamed El Amrani
    (mo_elamrani)", a dot, an underscore or a digit in the handle and no brand's word; not "Google Cloud (gcloud)",
    "Anna (admin_tools)", "Red Bull Racing (redbullracing)", "Ferrari (ferrari_official)"."""
    if spells(handle, words):
        return True
    if any(word.strip(".,").capitalize() in _NOT_IN_A_NAME for word in words):
        return False
    if _MARKED.search(handle) is None or set(_words_of(handle)) & _BRANDS_PARTS:
        return False  # "Red Bull Racing (redbullracing)", "Ferrari (ferrari_official)": a brand's words run together
    names = [name for word in words for name in _PARTS.findall(folded(word)) if len(name) >= _SHORTEST_PREFIX]
    parts = [part for part in _PARTS.findall(folded(handle)) if len(part) >= _SHORTEST_PREFIX]
    alone = len(words) == 1  # a given name alone: only its first letters ("Katharina (kathi_gamingmaus)")
    shared = any(name.startswith(part) or (not alone and name in part) for part in parts for name in names)
    return shared and _a_persons_handle(_words_of(handle))


_BRANDS_PARTS = frozenset(
    {"official", "lang", "racing", "amg", "global", "hq", "tv", "news", "fc", "club", "team", "store", "shop", "music"}
    | {"films", "studio", "studios", "games", "inc", "co", "ltd", "app", "brand", "group", "world", "radio", "media"}
)
"""Words of a brand's, a club's or a project's account ("ferrari_official", "bayern_fc", "julia_lang")."""


_GIVEN_NAME_BEFORE = regex.compile(r"(?<![\p{L}\p{M}])(\p{Lu}\p{Ll}+)[ \t]*\Z")


def _given_name_before(text: str, end: int) -> tuple[int, int] | None:
    """The span of a listed given name alone that ends at `end` ("Katharina" of "Katharina (kathi_gamingmaus)")."""
    before = _GIVEN_NAME_BEFORE.search(text, max(0, end - 30), end)
    return before.span(1) if before is not None and before.group(1) in listed_names() else None


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
