"""The personal attributes of a directory's people exported as LDIF (an LDAP or Active Directory export pasted into a
prompt): an entry of a person ("objectClass: inetOrgPerson") names them by attributes a pattern reads without a
sentence: "cn", "sn", "givenName", "displayName", their account ("uid: akowalczyk", "sAMAccountName"), their town
("l: Gdańsk") and region ("st"), and their addresses, lines joined by "$" ("homePostalAddress: Veveří 102$602 00
Brno": the street is an address, the town after its postcode locates its person). A distinguished name that names a
person's entry by its account or name ("manager: uid=mhorak,ou=people,dc=...") names that person too.
Pure patterns over the text.
"""

from __future__ import annotations

import re

_PERSON_CLASS = re.compile(r"(?im)^objectClass:[ \t]*(?:inetOrgPerson|person|organizationalPerson|posixAccount|user)\b")
_COMPUTER_CLASS = re.compile(r"(?im)^objectClass:[ \t]*computer\b")
_ATTRIBUTE = re.compile(r"(?m)^([A-Za-z][\w-]{0,40}):(:?)[ \t]*([^\r\n]{1,200}?)[ \t]*\r?$")
"""An attribute and its value; a second colon says the value is written in base64 ("cn:: SsO8cmdlbg==": any name
with a letter beyond ASCII), which is masked whole."""
_KINDS = {
    **dict.fromkeys(("cn", "sn", "givenname", "displayname", "uid", "samaccountname", "gecos"), "PERSON"),
    **dict.fromkeys(("l", "st"), "LOCATION"),
    **dict.fromkeys(("street", "streetaddress"), "STREET_ADDRESS"),
}
"""What a person's entry's attributes hold (lower case)."""
_ADDRESSES = frozenset({"postaladdress", "homepostaladdress", "registeredaddress"})
_PEOPLE_RDN = re.compile(
    r"(?i)(?<![\w-])(?:uid|cn)=((?:[^,=\\\r\n]|\\,){1,60}),[ \t]*(?:ou|cn)=(?:people|users|staff|employees)\b"
)
"""A distinguished name's first part, the account or name of a person's entry ("uid=mhorak,ou=people,...", Active
Directory's "CN=Doe\\, Jane,CN=Users,...")."""
_POSTCODE_FIRST = re.compile(r"[\d -]{3,10}[ \t]+(?=\D)")


def ldif_values(text: str) -> list[tuple[int, int, str]]:
    """(start, end, entity type) of the names, accounts, towns and addresses of every person's entry in `text`."""
    if _PERSON_CLASS.search(text) is None:
        return []
    found = [(*m.span(1), "PERSON") for m in _PEOPLE_RDN.finditer(text)]
    for offset, entry in _entries(text):
        if _PERSON_CLASS.search(entry) is None or _COMPUTER_CLASS.search(entry) is not None:
            continue  # a service's or a computer's entry (Active Directory's computers are of class "user" too)
        for attribute in _ATTRIBUTE.finditer(entry):
            key, start = attribute.group(1).lower(), offset + attribute.start(3)
            value, encoded = attribute.group(3), attribute.group(2) == ":"
            if key in _KINDS and (encoded or _a_plain_value(value)):
                found.append((start, start + len(value), _KINDS[key]))
            elif key == "dn" and encoded:
                found.append((start, start + len(value), "PERSON"))  # a person's name inside, written in base64
            elif key in _ADDRESSES:
                found += _address_lines(value, start)
    return found


def _a_plain_value(value: str) -> bool:
    """A value that may be a person's or a place's: a letter in it, no distinguished name's "=", no computer's account
    ("WEB01$")."""
    return any(ch.isalpha() for ch in value) and "=" not in value and not value.endswith("$")


def _entries(text: str) -> list[tuple[int, str]]:
    """The entries of an export, each with its offset: blocks between blank lines."""
    entries, start = [], 0
    for blank in [*re.finditer(r"\r?\n[ \t]*\r?\n", text), None]:
        end = blank.start() if blank is not None else len(text)
        entries.append((start, text[start:end]))
        start = blank.end() if blank is not None else end
    return entries


def _address_lines(value: str, start: int) -> list[tuple[int, int, str]]:
    """An address's lines ("Veveří 102$602 00 Brno"): every line but the last is the street's, the last is the town's
    after its postcode."""
    lines = value.split("$")
    found = []
    for number, line in enumerate(lines):
        bare = line.strip()
        at = start + line.find(bare) if bare else start
        if number == len(lines) - 1 and len(lines) > 1:
            postcode = _POSTCODE_FIRST.match(bare)
            town = bare[postcode.end() :] if postcode else bare
            if town:
                found.append((at + len(bare) - len(town), at + len(bare), "LOCATION"))
        elif bare:
            found.append((at, at + len(bare), "STREET_ADDRESS"))
        start += len(line) + 1
    return found
