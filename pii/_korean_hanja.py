"""A Korean name written again in Hanja beside it, a character a syllable, as family registers, forms and clan
books (족보) write it: after the name ("봉재석(奉在錫)") or before it, with the name read out in brackets ("宣在勳
(선재훈)")."""

from __future__ import annotations

import regex

from ._normalize import HANGUL
from ._presidio import import_presidio

import_presidio()
from presidio_analyzer import RecognizerResult  # noqa: E402

_HAN = r"[\u3400-\u4dbf\u4e00-\u9fff]"
_HANJA_AFTER = regex.compile(rf"[ \t]?\(({_HAN}{{1,4}})\)")
_HANJA_BEFORE = regex.compile(rf"(?<!{_HAN})({_HAN}{{2,4}})[ \t]?\($", flags=regex.REVERSE)
_LONGEST_BEFORE = 8
"""How far before a name its Hanja and the bracket may start: four characters, a blank and the bracket."""


def in_hanja_beside(text: str, results: list[RecognizerResult]) -> list[RecognizerResult]:
    """The Hanja of each Korean name found, in brackets right after it or right before it with the name in brackets,
    of the name's length: not a role's word of another length ("박지훈(学生)"); one of the same length is masked
    with it ("김민(学生)"), as is a generation's word before a name of its length ("二十八世 宣在勳 (선재훈)" masks
    宣在勳, not 二十八世)."""
    found = []
    for result in results:
        if result.entity_type != "PERSON":
            continue
        syllables = len(HANGUL.findall(text, result.start, result.end))
        after = _HANJA_AFTER.match(text, result.end)
        if after is not None and len(after.group(1)) == syllables:
            found.append(RecognizerResult("PERSON", after.start(1), after.end(1), 0.7))
        near = max(0, result.start - _LONGEST_BEFORE)
        before = _HANJA_BEFORE.search(text, near, result.start) if text.startswith(")", result.end) else None
        if before is not None and len(before.group(1)) == syllables:
            found.append(RecognizerResult("PERSON", before.start(1), before.end(1), 0.7))
    return found
