"""A name written in Hangul before its own spelling in Latin or Cyrillic letters in brackets, as Korean text writes a
foreign resident's name or a town abroad ("쏙 피룬(Sok Pirun, 외국인등록번호 ...)", "김 블라디미르 (Ким Владимир)",
"출신: 껀터 (Cần Thơ)"): when the other recognizers found the bracketed spelling as a person or a place, the Hangul
words before it are the same value, one Hangul word for each of its words at most.

Korean rules read Hangul names by their shape or a title after them; a transcription has neither ("블라디미르", "피룬"):
its spelling beside it is the cue. So too for a Chinese name transcribed in Hangul before its characters
("왕리웨이(王立伟)"). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from . import _english as english
from ._han_names import a_chinese_name, opens_with_a_family
from ._korean_labelled import FIRMS, TEAMS
from ._korean_words import KOREAN_ROLES
from ._spans import Entity

_TRANSCRIBED = regex.compile(
    r"((?:[\uac00-\ud7a3]{1,8}[ \t]){0,2}[\uac00-\ud7a3]{1,8})[ \t]?\("
    r"(?:(\p{Han}{2,4})[ \t]*[,/\u00b7][ \t]*)?([\p{Latin}\p{Cyrillic}][^,()\n]{1,40})[,)]"
)
"""Up to three Hangul words, then in brackets a spelling in Latin or Cyrillic letters up to a comma or the bracket's
end, after one in Chinese characters or not: group 1 the Hangul words, group 2 the Chinese spelling ("자오신위 (赵欣妤,
ZHAO XINYU)"), group 3 the Latin one (up to four words, each capitalised)."""
_WORD = regex.compile(r"[\uac00-\ud7a3]+")
_NOT_A_NAME = frozenset(
    {"회장", "회원", "신입", "출신", "국적", "이름", "성명", "대표", "고향", "씨", "님", "및", "또는"}
)
"""Words before a bracketed name that are no part of its transcription: a role, a label, a conjunction."""


_SENTENCE_ENDS = ("요", "죠", "니다", "었다", "였다", "했다", "한다", "된다", "는다", "습니까")
"""How a sentence before a bracketed name ends ("온 친구에요 (Yuki Tanaka)"); not a name's last syllable ("린다 (Linda
Park)", "시드니 (Sydney)", "캐나다 (Canada)")."""
_ADNOMINAL = ("는", "은", "난")
"""The last syllable of a word that qualifies the name after it ("오늘 만난 응우옌반안 (Nguyễn Văn An)"), not part of
it."""


_A_NAMES_LENGTH = 3
_HANGUL_THEN_HAN = regex.compile(r"(?<![\uac00-\ud7a3])([\uac00-\ud7a3]{3,6})[ \t]?\((\p{Han}{2,4})\)")
"""A Hangul word and Chinese characters in brackets right after it."""


def hangul_before_its_han(text: str) -> list[Entity]:
    """Spans of a Chinese name transcribed in Hangul and of its characters in brackets after it (`_HANGUL_THEN_HAN`):
    the characters open with a family name (`pii._han_names.HAN_FAMILIES`) and the Hangul has more syllables than they
    have characters, as a transcription of Mandarin does ("왕리웨이(王立伟)"); a Korean word's Hanja reads one syllable
    a character ("금융(金融)", "대한민국(大韓民國)"), and a Korean name so written is `pii._korean_names`'s; no firm's
    or workplace's name ("한국은행(韓銀)"). Three syllables for three characters are a Chinese Korean's name read the
    Korean way when the first two characters are no common Chinese word ("리홍매(李红梅)"; not "문화재(文化財)")."""
    if "(" not in text:
        return []
    found = []
    for match in _HANGUL_THEN_HAN.finditer(text):
        hangul, han = match.group(1), match.group(2)
        spelt = len(hangul) > len(han) or (len(hangul) == len(han) == _A_NAMES_LENGTH and a_chinese_name(han))
        if opens_with_a_family(han) and spelt and not hangul.endswith((*FIRMS, *_WORKPLACES)):
            found += [Entity("PERSON", *match.span(1), 0.6), Entity("PERSON", *match.span(2), 0.6)]
    return found


def _a_role(word: str) -> bool:
    """A relation, a role or a workplace named before a person's name in brackets ("고객(Sophie Lee)", "어머님(Josephine
    Santos)", "이모부(Steve Kang)", "회사 (Jane Doe)"); not a family name of one syllable that is a role's word too ("모
    태양")."""
    if len(word) < 2:
        return False
    return word in KOREAN_ROLES or word.endswith(("님", *_WORKPLACES, *FIRMS)) or word in _RELATIONS


_WORKPLACES = (*TEAMS, "회사", "학교", "병원", "사무실", "사무소")
_RELATIONS = frozenset({"이모부", "고모부", "외삼촌", "숙모", "외숙모", "사모", "사장", "원장", "선배", "후배"})


def hangul_before_its_latin(text: str, spans: Sequence[Entity]) -> list[Entity]:
    """Spans of the Hangul words that transcribe a person or a place found in the brackets right after them, and of
    the whole spelling in brackets where the other recognizers found a part of it ("Pirun" of "Sok Pirun")."""
    if "(" not in text:
        return []
    found = []
    named = [span for span in spans if span.type in ("PERSON", "LOCATION")]
    for match in _TRANSCRIBED.finditer(text):
        inside = [span for span in named if match.start(3) <= span.start < match.end(3)]
        spelled = match.group(3).rstrip()
        if not inside or len(spelled.split()) > 4 or not all(word[0].isupper() for word in spelled.split()):
            continue  # a name's spelling, capitalised word by word: not "(Seoul office)"
        words = list(_WORD.finditer(text, *match.span(1)))[-len(spelled.split()) :]
        if words and words[-1].group().endswith(_SENTENCE_ENDS):
            continue  # "교환학생으로 온 친구에요 (Yuki Tanaka)": a sentence before a name, not the name
        for at in range(len(words) - 1, 0, -1):  # "오늘 만난 응우옌반안": the name starts after what qualifies it
            if len(words[at - 1].group()) > 1 and words[at - 1].group().endswith(_ADNOMINAL):
                words = words[at:]
                break
        while words and (words[0].group() in _NOT_A_NAME or _a_role(words[0].group())):
            words.pop(0)
        if words:
            found.append(Entity(inside[0].type, words[0].start(), words[-1].end(), inside[0].score))
        found.append(Entity(inside[0].type, match.start(3), match.start(3) + len(spelled), inside[0].score))
        if match.group(2) is not None and inside[0].type == "PERSON" and opens_with_a_family(match.group(2)):
            found.append(Entity("PERSON", match.start(2), match.end(2), inside[0].score))
    return found


_HAN_ONLY = regex.compile(r"\p{Han}{2,4}")
_BRACKET = regex.compile(r"[ \t]?\(([^()\n]{2,60})\)")
_SPELLING = regex.compile(r"\p{Han}{2,4}|\p{Lu}[\p{Latin}\p{M}'-]*(?:[ \t]+\p{Lu}[\p{Latin}\p{M}'-]*){1,3}")
_PARTS = regex.compile(r"[ \t]*[/,\u00b7][ \t]*")
_LATIN_BEFORE = regex.compile(r"(?<![\p{L}\p{M}])(\p{Lu}\p{Ll}+(?:[ \t]\p{Lu}\p{Ll}+){0,2})[ \t]?\(\Z")


def spellings_beside(text: str, spans: Sequence[Entity], listed: frozenset[str]) -> list[Entity]:
    """Spans of a Hangul person's other spellings beside them in brackets: each part of a bracket of two parts or more
    after the name, split by "/", "," or "·", that is a name's spelling (`_spelled_name`: "류위퉁 (刘雨桐 / LIU
    YUTONG)"; not "박지훈(学生)", "김민준 (Key Account / Seoul Office)"); and an English name before a bracket opening
    with the Hangul name, from its listed given name on (`listed`: "Thanks Emily (서은혜 팀장)"; not "Samsung (김철수
    부장)")."""
    if "(" not in text:
        return []
    found = []
    for span in spans:
        if span.type != "PERSON" or not _WORD.fullmatch(text, span.start, span.end):
            continue
        bracket = _BRACKET.match(text, span.end)
        parts = _PARTS.split(bracket.group(1)) if bracket is not None else []
        if bracket is not None and len(parts) > 1:
            at = bracket.start(1)
            for part in parts:
                if not part:
                    continue  # "이수진 (팀장/)": an empty part
                start = text.index(part, at)
                at = start + len(part)
                if _SPELLING.fullmatch(part) and _spelled_name(part, listed):
                    found.append(Entity("PERSON", start, at, span.score))
        opened = text.rfind("(", max(0, span.start - 2), span.start)
        before = _LATIN_BEFORE.search(text, max(0, opened - 40), opened + 1) if opened >= 0 else None
        words = list(regex.finditer(r"\S+", before.group(1))) if before is not None else []
        given = next((word for word in words if word.group() in listed), None)  # "Thanks Grace (...)": from "Grace"
        if before is not None and given is not None:
            found.append(Entity("PERSON", before.start(1) + given.start(), before.end(1), span.score))
    return found


def _spelled_name(part: str, listed: frozenset[str]) -> bool:
    """Whether a bracket's part is a name's spelling: Chinese characters opening with a Chinese family name ("刘雨桐";
    not "学生"), or Latin words none of which is an everyday English word unless a listed name ("LIU YUTONG"; not "Key
    Account", "Seoul Office")."""
    if _HAN_ONLY.fullmatch(part):
        return opens_with_a_family(part)
    words = part.split()
    return not any(english.zipf(word.lower()) >= english.EVERYDAY and word.capitalize() not in listed for word in words)
