"""People, places, addresses and accounts in the named fields of machine text: a JSON object's, a Python dict's or a PHP
dump's quoted fields, a log line's "key=value", XML elements, a form's or a YAML document's "Key: value" lines, SQL
INSERT rows, a URL's query, FHIR names, vCards, HL7 segments, LDIF entries, and the accounts of SSH and web server
logs. A field's name says what its value holds, as a table's header does (`pii._columns`): '"city": "Bengaluru"',
"city=Polokwane", "<residence>Nugegoda</residence>"; a field called only "name" or "location" only beside someone's
contact details, since alone it names products and settings as often. Pure: no I/O.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache
from urllib.parse import unquote_plus

import regex

from ._address_words import STATE_CODES
from ._cell_values import HANDLE, NOTHING, holds
from ._columns import (
    ADDRESS_COLUMNS,
    CONTACT_COLUMNS,
    MAYBE_PERSON_COLUMNS,
    MAYBE_PLACE_COLUMNS,
    PERSON_COLUMNS,
    column_key,
    column_kind,
    without_number,
)
from ._gedcom import gedcom_values
from ._handles import everyday_parts, spells_a_name_above
from ._hl7 import hl7_values
from ._ldif import ldif_values
from ._name_cues import SURNAME_FIRST
from ._name_shapes import _surname_first
from ._normalize import HANGUL
from ._records import FORM_FIELD, OBJECT, enclosing, line_of, record_of
from ._sql_rows import insert_rows
from ._vcards import vcard_values

_JSON_FIELD = re.compile(r'"([A-Za-z\uac00-\ud7a3][A-Za-z\uac00-\ud7a3 _-]{0,30})"[ \t]*:[ \t]*"([^"\n]{1,100})"')
_QUOTED_FIELDS = (
    ('":', _JSON_FIELD),
    ("':", re.compile(r"'([A-Za-z\uac00-\ud7a3][A-Za-z\uac00-\ud7a3 _-]{0,30})'[ \t]*:[ \t]*'([^'\n]{1,100})'")),
    ("]=>", re.compile(r'\["([A-Za-z][\w -]{0,30})"\][ \t]*=>\s{0,20}string\(\d+\)[ \t]*"([^"\n]{1,100})"')),
)
"""A field and its value in quotes, each pattern after what a text must hold for it to match at all: JSON's ('"city":
"Bengaluru"'), a Python dict's ("'city': 'Lyon'"), PHP's var_dump ('["city"]=> string(11) "Montpellier"')."""
_LOG_FIELD = re.compile(r'(?<![^\s,;(\[{])([A-Za-z][A-Za-z_-]{0,30})=(?:"([^"\n]{1,100})"|([^\s"&,;)}\]]{1,100}))')
"""A log line's field: after a space, a comma or a bracket, not inside a URL's query ("?city=Paris&...")."""
_XML_FIELD = re.compile(
    r"<((?:[A-Za-z][\w.-]{0,20}:)?([A-Za-z][\w.-]{0,30}))(?:[ \t][^<>\n]{0,80})?>([^<>\n]{1,100})</\1>"
)
"""An XML element holding text, its namespace's prefix aside ("<surname>WICKRAMASINGHE</surname>",
"<hr:residence>Nugegoda</hr:residence>"); not HTML's "<address>", a page's contact block ("© 2024 Acme Corp.")."""
_WHO_DID_IT = frozenset({"collector", "collected by", "interviewer", "consented by"})
"""Columns of who did a step: a person in a table's cells ("Mwangi, Wanjiru"), a desk or a tool as often in a form's
one word ("Collected by: Phlebotomy"), where a whole name is needed."""
_WHOLE_NAME = 2
_SENTENCE_ENDS = (".", "!", "?", "요", "다")
_INITIAL_AT_END = regex.compile(r"(?<![\p{L}])\p{Lu}\.$")
_ASSIGNED = re.compile(r"(?m)^[ \t]*([A-Za-z_][A-Za-z_]{0,30})[ \t]+=[ \t]+(['\"])((?:(?!\2)[^\n]){1,100})\2")
"""A variable given a value in quotes, a line of a script or a settings file ("first_name = 'Wanjiru'")."""
_JSON_NUMBER = re.compile(r'"([A-Za-z][A-Za-z _-]{0,30})"[ \t]*:[ \t]*(\d{6,8})(?=[ \t]*[,}\n])')
"""A JSON field whose value is a number a date may be written as ('"birthDate":19880517'): a birth column's kind
decides."""
_ADDRESS_PARTS = frozenset({"detail", "details", "address detail", "detail address"})
"""Fields of an address's second part ("detail": "을지트윈타워 동관 12층"), an address's only in an object with a
street's, a town's or a postcode's field, and only with a flat's, a floor's or a building's number (`_A_UNIT`)."""
_A_UNIT = regex.compile(
    r"\d+[ \t]?(?:층|호|동)(?!\p{L})|(?i:apt|apartment|unit|flat|suite|floor|bldg|block|blk|tower)\.?[ \t]*#?\d"
)
"""A flat's, a floor's or a building's number in an address's second part ("12층", "1704호", "Apt 4B", "Suite 210")."""
_ADDRESS_KEYS = frozenset({"road", "street", "address", "addr", "city", "town", "zip", "zipcode", "postcode"})
"""Fields that make an object an address's."""
_FORM_WORDS = 5
"""Words a form's value of a person or a place holds at most: more are a sentence ("Recipient: the whole team")."""
_HANGUL_WORDS = 3
"""Words a Hangul value of a field named in Latin letters holds at most ("카리모프 루스탐", "경기도 화성시 향남읍")."""


def _quoted_fields(text: str) -> list[re.Match[str]]:
    """The quoted fields of `text` (`_QUOTED_FIELDS`), each pattern run only where its mark is."""
    spaced = '" :' in text or "' :" in text  # a field written '"city" : "Lyon"'
    return [m for mark, pattern in _QUOTED_FIELDS if mark in text or spaced for m in pattern.finditer(text)]


def field_values(text: str) -> list[tuple[int, int, str]]:
    """(start, end, entity type) of the values of a JSON object's, a log line's or an XML element's fields named as
    the columns of people, places and addresses are ('"city": "Bengaluru"', 'city=Polokwane', 'passenger_name="Ana
    Lima"', "<surname>CHOWDHURY</surname>"); not
    "name", "customer" or "location", which name products, companies and settings in a JSON object as often, and
    whose object's other fields a pattern cannot tell apart from the next object's."""
    fields = [(m.group(1), m.span(2)) for m in _quoted_fields(text)]
    if "=" in text:
        fields += [(m.group(1), m.span(2) if m.group(2) is not None else m.span(3)) for m in _LOG_FIELD.finditer(text)]
    if "</" in text:
        fields += [(m.group(2), m.span(3)) for m in _XML_FIELD.finditer(text) if m.group(2).lower() != "address"]
    if " = " in text:
        fields += [(m.group(1), m.span(3)) for m in _ASSIGNED.finditer(text)]
    if '":' in text:
        fields += [(m.group(1), m.span(2)) for m in _JSON_NUMBER.finditer(text)]
    if ":" in text:
        for m in FORM_FIELD.finditer(text):
            start, end = _unquoted(text, *m.span(2))  # a YAML value in quotes ('name: "Mägi, Jaagup"')
            if column_kind(column_key(m.group(1)), personal=False) == "PERSON":
                end = _before_the_contact(text, start, end)
            if _a_forms_value(m.group(1), text[start:end]) and (
                not HANGUL.search(text, start, end) or _personal_line(text, start)
            ):  # a Hangul value of a Latin key beside someone's contact details ('name_ko: "왕레이"'), not i18n's
                fields.append((m.group(1), (start, end)))
    found = []
    keyed = [(column_key(key), start, end) for key, (start, end) in fields]
    towns = sorted(
        start
        for column, start, end in keyed
        if column_kind(column, personal=False) in ("LOCATION", "STREET_ADDRESS")
        and text[start:end].strip().lower() not in NOTHING
    )
    for column, start, end in keyed:
        maybe = column in MAYBE_PERSON_COLUMNS or column in MAYBE_PLACE_COLUMNS or column in _LOGIN_COLUMNS
        if column in _OF_AN_ADDRESS and text[start:end].strip().lower() in _STATUSES:
            continue  # a ticket's or an account's state ('"state": "Closed"'), no place
        addressed = column in _OF_AN_ADDRESS and _in_an_address(text, start, towns)
        personal = maybe and (_personal_line(text, start) or addressed)
        if column in _ADDRESS_PARTS and _A_UNIT.search(text, start, end) and _of_an_address(text, start):
            found.append((start, end, "STREET_ADDRESS"))  # '"road": "...", "detail": "센트라스 8103동 1704호"'
            continue
        found += _field_value(text, column, start, end, personal)
    if "=" in text and "?" in text:
        found += query_values(text)
    if '"given"' in text or '"text"' in text:
        found += _human_names(text)
    if "INSERT" in text.upper():
        for row in insert_rows(text):
            personal = any(_contact(column_key(key)) for key, _, _ in row)  # "name" beside a filled "email"
            found += [
                value for key, start, end in row for value in _field_value(text, column_key(key), start, end, personal)
            ]
    if " for " in text:
        found += [(*m.span(1), "PERSON") for m in _LOGIN.finditer(text) if _a_persons_login(m)]
    if " [" in text:
        found += [(*m.span(1), "PERSON") for m in _ACCESS_LOG_USER.finditer(text) if _a_signed_in_person(m.group(1))]
    return found + vcard_values(text) + hl7_values(text) + ldif_values(text) + gedcom_values(text)


_QUERY = re.compile(r"\?((?:[A-Za-z][\w.-]{0,30}=[^&\s\"'#<>]{0,100}&?){2,})")
"""A URL's query of two fields or more ("?name=Pham+Quoc+Bao&email=...&city=Hue")."""
_QUERY_FIELD = re.compile(r"([A-Za-z][\w.-]{0,30})=([^&\s\"'#<>]{1,100})")


_STATUSES = frozenset(
    {"open", "closed", "pending", "active", "inactive", "completed", "complete", "done", "new", "resolved", "failed"}
    | {"cancelled", "canceled", "success", "approved", "rejected", "draft", "submitted", "in progress", "on hold"}
    | {"archived", "deleted", "enabled", "disabled", "running", "stopped", "paused", "shipped", "delivered", "paid"}
    | {"unpaid", "true", "false", "error", "idle", "ready", "online", "offline", "locked"}
)
"""What a "state" field holds when it is a thing's state, not a place."""
_OF_AN_ADDRESS = frozenset({"state", "country", "region", "province"})
"""Fields of an address object that locate its person beside its town, as beside their contact details."""


def query_values(text: str) -> list[tuple[int, int, str]]:
    """(start, end, entity type) of the values of a URL query's fields named as the columns of people, places and
    addresses are, read decoded ("name=Nguyen+Thi+Lan", "city=Da+Nang"), in a query that also holds someone's contact
    details ("email=", "phone="): a search's query names no one ("?city=Paris&street=Rue+de+Rivoli", "?name=widget");
    a column of people whatever is beside it ("?surname=Okafor&given=Emeka"); a person's account ("user=kaito.ito")."""
    found = []
    for query in _QUERY.finditer(text):
        fields = [(m.group(1), m.span(2), unquote_plus(m.group(2))) for m in _QUERY_FIELD.finditer(query.group(1))]
        personal = any(_contact(column_key(key)) and value.strip() for key, _, value in fields)
        for key, (start, end), value in fields:
            column, at = column_key(key), query.start(1)
            kind = column_kind(column, personal=personal)
            if kind is None:
                found += _field_value(text, column, at + start, at + end, personal)  # an account: "user=kaito.ito"
            elif (personal or column in PERSON_COLUMNS) and kind != "DATE_TIME" and holds(value.strip(), kind):
                found.append((at + start, at + end, kind))
    return found


_GIVEN_NAMES = re.compile(r'"given"\s*:\s*(?:\[([^\[\]{}]{1,300})\]|("[^"\n]{1,60}"))')
_QUOTED = re.compile(r'"([^"\n]{1,60})"')
_FAMILY = re.compile(r'"family"\s*:\s*"([^"\n]{1,60})"')
_NAMES_TEXT = re.compile(r'"name"\s*:\s*\[?\s*\{[^{}]{0,200}?"text"\s*:\s*"([^"\n]{1,80})"')
"""A FHIR name's text, the whole name as written ('"name": [{"text": "Darlene Rose Yazzie"}]')."""


def _human_names(text: str) -> list[tuple[int, int, str]]:
    """A FHIR resource's names ('"name": [{"family": "Yazzie", "given": ["Darlene", "Rose"]}]'): every given name in
    the list, and the family name of the same object (a "family" elsewhere is a font's or a product's), whose given name
    may be one string too ('{"family": "高橋", "given": "美咲"}'; not '{"family": "Noto Sans", "given": "12px"}')."""
    found = []
    for given in _GIVEN_NAMES.finditer(text):
        group = 1 if given.group(1) is not None else 2  # a list of given names, or one in a string
        at = given.start(group)
        names = [(at + m.start(1), at + m.end(1)) for m in _QUOTED.finditer(given[group])]
        opening, closing = text.rfind("{", 0, given.start()), text.find("}", given.end())
        family = _FAMILY.search(text, max(opening, 0), closing if closing >= 0 else len(text))
        if group == 2 and not holds(given[2].strip('"'), "PERSON"):
            continue  # a "given" beside a font's "family" ('"given": "12px"')
        if family is not None:
            names.append(family.span(1))
        found += [(start, end, "PERSON") for start, end in names if holds(text[start:end].strip(), "PERSON")]
    found += [(*m.span(1), "PERSON") for m in _NAMES_TEXT.finditer(text) if holds(m.group(1).strip(), "PERSON")]
    return found


def _unquoted(text: str, start: int, end: int) -> tuple[int, int]:
    """The span `start:end` without the quotes around it, if it has them."""
    if end - start > 2 and text[start] in "\"'" and text[end - 1] == text[start]:
        return start + 1, end - 1
    return start, end


def _field_value(text: str, column: str, start: int, end: int, personal: bool) -> list[tuple[int, int, str]]:
    """The field's value at `start:end` as the personal data its column holds, if it holds any; `personal`: whether
    the field sits beside someone's contact details."""
    kind = column_kind(column, personal=personal)
    surname_first = _SURNAME_FIRST.fullmatch(text, start, end) if column in MAYBE_PERSON_COLUMNS else None
    if kind is None and surname_first is not None and _surname_first(surname_first):
        kind = "PERSON"  # 'name="HUSSAIN, Abida"': a register's way of writing a person
    if kind is not None and holds(text[start:end].strip(), kind):
        return [(start, end, kind)]
    value = text[start:end]
    if column in _ACCOUNT_COLUMNS and _a_persons_handle(value):
        return [(start, end, "PERSON")]  # "user=chiamaka.obi", '"display_name": "gayoung.seol"'
    if column in _HANDLE_COLUMNS and _ONE_PART.fullmatch(value) and spells_a_name_above(text, start, value):
        return [(start, end, "PERSON")]  # "name: Thandiwe Mokoena\nhandle: tmokoena"; not "username: appuser"
    if column in _LOGIN_COLUMNS and personal and _LOGIN_ID.fullmatch(value) and not _a_systems_account(value):
        return [(start, end, "PERSON")]  # a member's row: "(3012,'sky_minseo','손민서','920514...',...)"
    return []


_HANDLE_COLUMNS = frozenset({"handle", "username", "user name", "login", "nickname", "nick", "screen name"})
"""Fields that name a person's account whatever its shape: one word is a person's too ("handle: tmokoena"), where a
log's "user" or "agent" is a program's as often ("agent=curl")."""
_ONE_PART = re.compile(r"[a-z][a-z0-9]{2,20}")
_LOGIN_COLUMNS = frozenset({"user id", "userid", "login id", "loginid", "uid"})
"""A row's login, a person's beside their contact details whatever its shape; a number or a code is no one's login
("12345", "GM-2291": a member's number)."""
_LOGIN_ID = re.compile(r"(?![A-Z]{1,5}[-_]?\d+$)[A-Za-z][\w.-]{2,30}")


_THEN_THE_CONTACT = regex.compile(r"(?:,[ \t]*|[ \t]+\()(?=[^\n]*[\d@])")
"""What follows a person's name in a form's field when their number, e-mail or details come after it: a comma or a
bracket ("Surname: Okafor, 12 Main St", "Parent volunteer: Hope Asante (mum of Kwabena in 10R)")."""


def _before_the_contact(text: str, start: int, end: int) -> int:
    """Where the name ends in a person's field that goes on with their contact details (`_THEN_THE_CONTACT`)."""
    then = _THEN_THE_CONTACT.search(text, start, end)
    return then.start() if then is not None and then.start() > start else end


def _a_forms_value(key: str, value: str) -> bool:
    """Whether a form's field holds what may be a person or a place: a few words with a capital or in another
    script, not all of them everyday English words ("Surname: Eze", "City: Enugu"; not "Recipient: Finance Team",
    "Patient: stable overnight"); an account's, whatever its case ("handle: tmokoena"). Addresses and dates are
    kept by their column's own test (`_holds`)."""
    column = column_key(key)
    if any(ch.isdigit() for ch in value) or column in _HANDLE_COLUMNS | _ACCOUNT_COLUMNS:
        return True  # "Address: 12 rua Augusta", "주소: 광주광역시 북구 우치로 112-8": `_holds` decides
    if HANGUL.search(key):
        return False  # a Korean form's names and places are `pii._korean`'s, which ask Kiwi ("작성자: 시스템")
    if HANGUL.search(value):  # a machine's record in Latin keys: 'name_ko: "왕레이"', 'hometown: "선양"'
        return len(value.split()) <= _HANGUL_WORDS and not value.endswith(_SENTENCE_ENDS)
    words = value.split()
    sentence = value.endswith(_SENTENCE_ENDS) and not _INITIAL_AT_END.search(value)  # not "Smith J."
    if _SURNAME_FIRST.fullmatch(value) is None and (sentence or "," in value):
        return False  # "받는 분: 채하은, 문 앞에 놓아 주세요.": a sentence after the name, found by other rules
    if column in _WHO_DID_IT and len(words) < _WHOLE_NAME:
        return False  # "Collected by: Phlebotomy", "Collector: Prometheus": a desk's or a tool's, as often
    if len(words) > _FORM_WORDS or (value == value.lower() and not any(ord(ch) > 0x2FF for ch in value)):
        return False
    if column in _OF_AN_ADDRESS and value in STATE_CODES:
        return True  # "State: NM", "Province: ON": `_in_an_address` asks for a town beside it
    if not all(everyday_parts(regex.sub(r"['\u2019]", "", word)) for word in words):  # "D'SOUZA" of "Surname:"
        return True
    return column_kind(column, personal=False) == "LOCATION" and _a_listed_place(value)  # "Town: Reading"


def _a_listed_place(value: str) -> bool:
    from ._places import a_listed_place  # imported late, as `pii._places` reads fields too

    return a_listed_place(value)


_SURNAME_FIRST = regex.compile(SURNAME_FIRST)
_LOGIN = re.compile(
    r"(?:Failed password|Accepted (?:password|publickey|keyboard-interactive(?:/pam)?)|Failed publickey)"
    r" for (?:invalid user )?([A-Za-z][\w.-]{1,40}) from "
)
"""Who logged in, or tried to, in an SSH server's log: a person's account ("Failed password for aiste.petrauskaite
from 185.44.201.73")."""
_ACCESS_LOG_USER = re.compile(r"(?m)^[ \t]*[\d.:a-fA-F]{3,45} \S+ ([^\s\[\]\"]{2,40}) \[\d\d/[A-Z][a-z]{2}/\d{4}:")
"""The user a web server's access log says was signed in (the Common Log Format's third field: "112.169.54.21 -
jhpark [01/Dec/2026:08:55:12 +0900] ...")."""


def _a_signed_in_person(user: str) -> bool:
    """A web server's signed-in account that may be a person's: no system's, monitor's or bot's, no part of it an
    everyday word or a word of software ("svc_backup", "healthcheck")."""
    return not _a_systems_account(user) and not everyday_parts(user)


def _a_systems_account(user: str) -> bool:
    """No one's account: "-", a system's or a service's, a bot's."""
    lower = user.lower()
    return user == "-" or lower in _SYSTEM_USERS or lower.endswith("bot") or lower.startswith(("svc", "sa_", "srv"))


_SYSTEM_USERS = frozenset(
    {"root", "admin", "administrator", "ubuntu", "debian", "centos", "ec2-user", "git", "postgres", "mysql"}
    | {"oracle", "pi", "deploy", "deployer", "jenkins", "ansible", "backup", "guest", "ftp", "ftpuser", "test"}
    | {"user", "support", "nobody", "www-data", "daemon", "operator", "service", "svc", "ci", "runner", "build"}
    | {"healthcheck", "prometheus", "nagios", "zabbix", "datadog", "grafana", "monitor", "monitoring", "probe"}
    | {"apache", "nginx", "httpd", "tomcat", "elastic", "kibana", "uptime", "scanner", "crawler"}
)
"""Accounts of systems and services, and the names attackers try: no one's."""


_ACCOUNT_COLUMNS = frozenset(
    {"user", "username", "user name", "login", "author", "assignee", "reporter", "requester", "agent", "by", "owner"}
    | {"reviewer", "approver", "created by", "updated by", "modified by", "approved by", "reviewed by"}
    | {"opened by", "raised by", "logged by", "closed by", "submitted by", "requested by", "assigned to", "referred by"}
    | {"display name", "handle", "nickname", "screen name"}
)
"""A log's or a tracker's fields that hold an account: a person's where it is a handle made of names ("user=", "by=",
"agent=f.adeleke")."""


def _a_persons_handle(value: str) -> bool:
    """A handle of two parts, none an everyday English word nor a system's ("chiamaka.obi"; not "svc.backup",
    "postgres.replica")."""
    parts = re.split(r"[._]", value.lower())
    return (
        HANDLE.fullmatch(value) is not None
        and not _SYSTEM_USERS & {value.lower(), *parts}
        and not everyday_parts(value)
    )


def _a_persons_login(match: re.Match[str]) -> bool:
    """A login's account that is a person's: no system's, no digits, no bot; an unknown account ("invalid user")
    only as a handle made of names, since attackers try words ("hadoop", "minecraft")."""
    user = match.group(1)
    if user.lower() in _SYSTEM_USERS or any(ch.isdigit() for ch in user) or user.lower().endswith("bot"):
        return False
    return "invalid user" not in match.group(0) or HANDLE.fullmatch(user) is not None


def _personal_line(text: str, at: int) -> bool:
    """Whether the line holding `at` (`line_of`) or its record (`record_of`) has a filled field of someone's contact
    details, or, for the parts of a name's own object, the object holding that ('ip=...
    name="Gwen Morgan" email=...', '{"name": "Carolina Rojas", "relation": "mother", "phone": ...}'): beside one, a
    field called "name" is a person's, as a column is beside one; not beside an empty one ('name="Cheap Loans"
    email=-': a spam bot; '"phone": null'), nor in another object ('"products": [{"name": "Blue Mug"}]')."""
    if _holds_contact(line_of(text, at)) or _holds_contact(record_of(text, at)):
        return True
    own = enclosing(text, at)
    if own is None or _A_NAMES_OBJECT.search(text, max(0, own[0] - 20), own[0]) is None:
        return False
    whose = enclosing(text, own[0])  # '{"name": {"family": ..., "romaji": ...}, "tel": ...}'
    return whose is not None and _holds_contact(text[whose[0] + 1 : whose[1]])


_A_NAMES_OBJECT = re.compile(r'"(?:name|full_?name|person|holder)"[ \t]*:[ \t]*$', re.IGNORECASE)
"""An object that is a person's name, its parts in fields of their own: its person's contact details are around it."""


def _of_an_address(text: str, at: int) -> bool:
    """Whether the record holding `at` has a field of a street, a town or a postcode (`_ADDRESS_KEYS`)."""
    return _an_address_record(record_of(text, at))


@lru_cache(maxsize=256)
def _an_address_record(record: str) -> bool:
    """`_of_an_address` for one record; once per record (a long line's fields share it)."""
    keys = [m.group(1) for m in _quoted_fields(record)] + [m.group(1) for m in _LOG_FIELD.finditer(record)]
    keys += [m.group(1) for m in FORM_FIELD.finditer(record)]
    return any(column_key(key) in _ADDRESS_KEYS or column_key(key) in ADDRESS_COLUMNS for key in keys)


def _in_an_address(text: str, at: int, towns: list[int]) -> bool:
    """Whether the object holding `at` is an address, with a filled town or street field ('{"line": ..., "city":
    "Gallup", "state": "NM"}'; `towns`: where such fields' values start, in order): its state and country locate the
    same person its town does. An object is looked for within `OBJECT` characters either side, a line and the lines
    either side of it where there is none."""
    opening = text.rfind("{", max(0, at - OBJECT), at)
    closing = text.find("}", at, at + OBJECT)
    if opening < 0 or closing < 0:  # no object: its line and the lines either side ("country=ZA city=Mahikeng",
        opening = text.rfind("\n", 0, max(0, text.rfind("\n", 0, at)))  # a form's "City: Gallup\nState: NM")
        newline = text.find("\n", at)
        closing = text.find("\n", newline + 1) if newline >= 0 else -1
        closing = closing if closing >= 0 else len(text)
    start, end = opening + 1, closing
    first = bisect.bisect_left(towns, start)
    return first < len(towns) and towns[first] < end


@lru_cache(maxsize=256)
def _holds_contact(line: str) -> bool:
    """Whether `line` has a filled field of contact details (`_personal_line`); once per line or object."""
    filled = [m.group(1) for m in _quoted_fields(line) if m.group(2).strip().lower() not in NOTHING]
    filled += [m.group(1) for m in _LOG_FIELD.finditer(line) if (m.group(2) or m.group(3)).lower() not in NOTHING]
    if "\n" in line:  # a YAML item's or a form's lines (one line of fields is read as the other fields are)
        filled += [m.group(1) for m in FORM_FIELD.finditer(line) if m.group(2).strip("\"' ").lower() not in NOTHING]
    return any(_contact(column_key(key)) for key in filled)


_WHOSE = frozenset(
    {"guardian", "parent", "emergency", "mother", "father", "spouse", "home", "personal", "private", "buyer"}
    | {"orderer", "receiver", "recipient", "sender", "customer", "member", "client", "patient", "guest", "tenant"}
    | {"student", "employee", "applicant"}
)
"""Whose contact details a field's first word says they are ("guardian_phone", "home_email"); not a shop's, a
team's or a desk's ("store_phone", "support_email")."""


def _contact(key: str) -> bool:
    """Whether a field's key names someone's contact details ("phone", "guardian_email", "phone2"; not
    "store_phone")."""
    key = without_number(key)
    whose, _, what = key.rpartition(" ")
    return key in CONTACT_COLUMNS or (whose in _WHOSE and what in CONTACT_COLUMNS)
