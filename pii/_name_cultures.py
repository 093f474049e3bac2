"""Names marked by their naming culture, in any case and wherever they stand: a given name before Singh or Kaur, or
before an Arabic family name joined to its article ("omar al-rashid"); a Vietnamese family name with its diacritics,
or without them before the middle name that marks a Vietnamese name ("NGUYEN THI THU HA");
a parent's name after "s/o" or "d/o" as Singapore and Malaysia write them; a Balinese name with its "I" or "Ni"; a
particle inside a name typed in lower case; a family name of a shape no English word has ("-ović", "-enko"); a name
as a ticket writes it ("SON/JUNGHO MR").
The marks' patterns are this module's, the particles' and the shapes' `pii._name_cues`'s; this module decides which of
their matches are names. Pure: no I/O.
"""

from __future__ import annotations

import re

import regex

from . import _english as english
from . import _name_cues as cues
from . import wordlists
from ._name_cues import _CAPITALISED, _WORD
from ._name_shapes import _name_part
from ._name_words import east_asian_family_names, listed_names
from ._presidio import import_presidio

import_presidio()
from spacy.lang.en.stop_words import STOP_WORDS  # noqa: E402

SIKH = regex.compile(rf"(?<![\p{{L}}\p{{M}}'\u2019-])({_WORD})[ \t]+((?i:singh|kaur))(?:[ \t]+({_WORD}))?(?!\p{{L}})")
"""A given name (group 1) before Singh or Kaur (2), and the family name (3) after it, in any case."""
ARABIC = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}'\u2019-])({_WORD})[ \t]+((?i:abd|abdel|abdul|abdal|abdoul|abu|al|el)-\p{{L}}+)"
    rf"(?:[ \t]+({_CAPITALISED}))?(?!\p{{L}})"
)
"""A given name (group 1) before a family name joined to its article or to "servant of" ("abdel-fattah", 2),
and a further family name (3)."""
_VIETNAMESE_FAMILIES = (
    "Nguyễn|Trần|Lê|Phạm|Hoàng|Huỳnh|Vũ|Võ|Đặng|Bùi|Đỗ|Ngô|Dương|Lý|Đinh|Đoàn|Trương|Lương|Lâm|Tạ|Quách|Trịnh|Vương"
)
VIETNAMESE = regex.compile(rf"(?<!\p{{L}})(?:{_VIETNAMESE_FAMILIES})(?:[ \t]+\p{{Lu}}\p{{Ll}}*){{1,3}}(?!\p{{L}})")
"""A Vietnamese family name as written with its diacritics (not Hà or Hồ: Hà Nội, Hồ Chí Minh), then
its given names."""

PATRONYMIC = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}'\u2019-])((?:{_CAPITALISED}[ \t]+){{0,2}}{_CAPITALISED})"
    rf"[ \t]+(?:[sdSD]/[oO]|[aA]/[lpLP]|binti|bint)[ \t]+({_CAPITALISED}(?:[ \t]+{_CAPITALISED})?)(?!\p{{L}})"
)
"""A name, then the parent's after "son of" or "daughter of", as Singapore and Malaysia write them ("Murugesan s/o
Ramasamy", "Kavitha d/o Palani", "Suresh a/l Krishnan", "Nurul Aisyah binti Hamzah"): the whole of it."""
BALINESE = regex.compile(
    r"(?<![\p{L}\p{M}'\u2019-])(?:I|Ni)(?:[ \t]+(?:Gusti|Dewa|Luh|Ayu))?"
    r"[ \t]+(?:Made|Wayan|Nyoman|Ketut|Putu|Komang|Gede|Kadek|Nengah|Luh|Gusti)"
    rf"((?:[ \t]+{_CAPITALISED}){{1,3}})(?!\p{{L}})"
)
"""A Balinese name: "I" for a man or "Ni" for a woman, a caste's title, the name of the child's place in birth order
("Made", second), then the given names (group 1): "I Made Wirawan", "Ni Luh Putu Ayu Lestari"."""
_GATES = {
    SIKH: re.compile(r"(?i:singh|kaur)"),
    ARABIC: re.compile("[lLdDuU]-"),
    VIETNAMESE: re.compile(_VIETNAMESE_FAMILIES),
    PATRONYMIC: re.compile(r"[sdSD]/[oO]|[aA]/[lpLP]|bint"),
    BALINESE: re.compile(r"(?:\bI|\bNi) (?:Gusti|Dewa|Luh|Made|Wayan|Nyoman|Ketut|Putu|Komang|Gede|Kadek|Nengah)\b"),
}
"""What a text must hold for each mark's pattern to be looked for (`pii._name_cues.found`)."""


_VIETNAMESE_MARKED = regex.compile(
    r"(?<![\p{L}\p{M}])(?:\p{Lu}\p{Ll}+[ \t]+(?:Thi|Thị|Văn)(?:[ \t]+\p{Lu}\p{Ll}+){1,2}"
    r"|\p{Lu}+[ \t]+(?:THI|VAN|THỊ|VĂN)(?:[ \t]+\p{Lu}+){1,2})(?![\p{L}\p{M}])"
)
"""A family name written without its diacritics, then the middle name that marks a Vietnamese woman's or man's name
(Thị, Văn), then the given names ("NGUYEN THI THU HA", "Tran Thi Mai"): the middle name says it is a name, where the
family name alone is also a word ("Le", "Ha"); "Van" only in capitals, as "Van" in Dutch names is written too ("Do Van
Dam")."""


_SYLLABLES = """
    an anh bac bach bang bao bich binh cam canh chau chi chien chinh cong cuc cuong dai dan dang danh dao dat diem
    dien diep dinh doan dong duc dung duong duy gia giang hai han hang hanh hao hau hien hieu hoa hoai hoan hoang
    hong hue hung huong huy huyen kha khai khang khanh khoa khoi khue kien kieu kim lam lan lien linh loan loc loi
    long luan luong ly mai man manh mien minh my nam nga ngan nghia ngoc nguyen nguyet nhan nhat nhi nhu nhung
    ninh oanh phat phi phong phu phuc phuong quan quang quoc quy quyen quynh sang sinh son tai tam tan thach thai
    tham thang thanh thao thi thien thinh tho thoa thu thuan thuy tien tin tinh toan trang tri trinh trong truc
    trung truong tu tuan tung tuong tuyen tuyet uyen van viet vinh vu vy xuan yen ha"""
_VIETNAMESE_GIVEN = frozenset(_SYLLABLES.split())
"""Syllables of Vietnamese given names, written without their diacritics."""
_NEXT_CAPITALISED = regex.compile(r"[ \t]+\p{Lu}")


def _vietnamese_given(text: str, match: regex.Match[str]) -> bool:
    """Whether a Vietnamese middle name stands between a listed family name (the recognizers' part of the East Asian
    list) and given names' syllables (`_VIETNAMESE_GIVEN`; not "DO VAN HIRE", "MAI VAN DRIVERS") that end the run of
    capitalised words ("LE VAN GOGH EXHIBITION")."""
    family, _, *given = match.group(0).split()
    if family.capitalize() not in east_asian_family_names() or _NEXT_CAPITALISED.match(text, match.end()):
        return False
    return all(wordlists.split_key(word) in _VIETNAMESE_GIVEN for word in given)


def marked_by_naming(text: str) -> list[tuple[int, int]]:
    """(start, end) of every name the patterns of naming cultures find in `text`."""
    spans: list[tuple[int, int]] = []
    for pattern in (SIKH, ARABIC):
        for match in cues.found(pattern, text, _GATES[pattern]):
            given, family = match.group(1), match.group(3)
            if given.lower() in STOP_WORDS or (given[:1].isupper() and not _name_part(given)):
                continue
            taken = family and family.lower() not in STOP_WORDS and (family[:1].islower() or _name_part(family))
            spans.append((match.start(1), match.end(3) if taken else match.end(2)))
    spans += [(m.start(), m.end()) for m in cues.found(VIETNAMESE, text, _GATES[VIETNAMESE])]
    spans += [(m.start(), m.end()) for m in _VIETNAMESE_MARKED.finditer(text) if _vietnamese_given(text, m)]
    for match in cues.found(PATRONYMIC, text, _GATES[PATRONYMIC]):
        if not _a_patronymic(match):
            continue  # "Vendor A/P Aging", "Sales S/O Confirmation": accounts payable, a sales order
        start = match.start(1)
        for word in match.group(1).split()[:-1]:  # "Shift A: Murugesan s/o ...", "Dear Kavitha d/o ..."
            if word.lower() not in STOP_WORDS and english.zipf(word.lower()) < english.EVERYDAY:
                break
            start = text.index(word, start) + len(word)
            start += len(text[start:]) - len(text[start:].lstrip(" \t"))
        spans.append((start, match.end(2)))
    for match in cues.found(BALINESE, text, _GATES[BALINESE]):
        if match.group(0).startswith("I Made") and not _mid_sentence(text, match.start()):
            continue  # "I Made Brownies", "Journal: I Made Kimchi": a title; "treated by dr. I Made Wirawan"
        end = match.start(1)
        for word in regex.finditer(r"\S+", match.group(1)):
            if english.zipf(word.group().lower()) >= english.EVERYDAY:
                break  # "I Made Sure", "Ni Luh Will"
            end = match.start(1) + word.end()
        if end > match.start(1):
            spans.append((match.start(), end))
    for match in cues.found(cues.LOWER_PARTICLED, text):
        given = match.group(1) or match.group(2)
        if given not in STOP_WORDS:
            spans.append((match.start(), match.end()))
    if "/" in text:
        spans += [m.span(1) for m in _TICKETED.finditer(text) if _a_ticketed_name(m.group(1)) and _booked(text, m)]
    for match in cues.found(cues.SURNAME_SHAPED, text):
        given, family = match.group(1), match.group(2)
        same_case = given[:1].isupper() == family[:1].isupper()
        if same_case and given.lower() not in STOP_WORDS and (given[:1].islower() or _name_part(given)):
            spans.append((match.start(), match.end()))
    return spans


_TICKETED = regex.compile(
    r"(?<![\p{L}\p{N}/])(\p{Lu}[\p{Lu}'-]+(?:[ \t]\p{Lu}[\p{Lu}'-]+)?/\p{Lu}[\p{Lu}'-]*(?:[ \t]\p{Lu}[\p{Lu}'-]+)*?)"
    r"[ \t]+(MR|MRS|MS|MSTR|MISS|MX|DR|PROF|CHD|INF)(?![\p{L}\p{N}])"
)
"""A name as a ticket or a booking writes it: family name, a slash, given names, a title ("SON/JUNGHO MR",
"NAMGUNG/SEOYEON MS", "DELA CRUZ/MARIA TERESA MRS"); the title marks it (not "TCP/IP", "AND/OR")."""
_TITLES_ELSEWHERE = frozenset({"MR", "MS", "MX", "DR", "PROF"})
"""Ticket titles that are something else too: a merge request, milliseconds, a mail record, disaster recovery ("the
API/SDK MR", "RTO/RPO DR targets"): a booking's word must stand on the line or the one before."""
_BOOKED = regex.compile(
    r"(?i)pax|passeng|travell?er|booking|pnr|ticket|itinerar|passport|name|\ud0d1\uc2b9|\uc2b9\uac1d|\uc5ec\uad8c|\uc131\uba85"
    r"|\uc608\uc57d"
)
"""A booking's words: passenger, PNR, ticket, passport, name; 탑승, 승객, 여권, 성명, 예약."""


def _booked(text: str, match: regex.Match[str]) -> bool:
    """Whether a ticket's title marks a name alone (MRS, MSTR, ...), or a booking's word stands on the name's line or
    the one before (`_TITLES_ELSEWHERE`)."""
    if match.group(2) not in _TITLES_ELSEWHERE:
        return True
    line_start = text.rfind("\n", 0, match.start()) + 1
    line_before = text.rfind("\n", 0, max(0, line_start - 1)) + 1
    return _BOOKED.search(text, line_before, match.start()) is not None


def _a_ticketed_name(name: str) -> bool:
    """Whether a name as a ticket writes it holds a listed name or a word English seldom uses ("SON/JUNGHO"; not
    "READ/WRITE MS", "CPU/GPU MS per frame": milliseconds)."""
    words = regex.split(r"[/ \t]+", name)
    return any(english.uncommon(word.lower()) or word.capitalize() in listed_names() for word in words)


def _a_patronymic(match: regex.Match[str]) -> bool:
    """Whether "X s/o Y" is a name: the connector in lower case, or in capitals between names in capitals ("MURUGESAN
    S/O RAMASAMY"), and the words on either side no everyday English words but listed names."""
    connector = match.group(0)[match.end(1) - match.start(0) : match.start(2) - match.start(0)].strip()
    before, after = match.group(1).split()[-1], match.group(2).split()[0]
    if connector.isupper() and not (before.isupper() and after.isupper()):
        return False
    return all(
        english.zipf(word.lower()) < english.EVERYDAY or word.capitalize() in listed_names() for word in (before, after)
    )


def _mid_sentence(text: str, start: int) -> bool:
    """Whether `start` follows a word in lower case, a comma or an abbreviation's full stop on its line ("by dr. ",
    "the head, "), not a line's start, a label's colon or a sentence's end."""
    before = text[text.rfind("\n", 0, start) + 1 : start].rstrip(" \t")
    if not before:
        return False
    abbreviated = before[-1] == "." and len(before.split()[-1]) <= _LONGEST_ABBREVIATION  # "dr.", "Sr."
    return before[-1] in ",(" or before[-1].islower() or abbreviated


_LONGEST_ABBREVIATION = 4
