"""Names as notices and a paper's letters page write them (applied by `pii._names.NameRecognizer`): a maiden name
after "née" and its kin ("Mme Yvonne LE BIHAN, née GUILLOU", `pii._name_cues.MAIDEN`), and a letter's writer signed
after a dash before their town (". - Doreen Plant, Longton", `pii._name_cues.SIGNED_WITH_HOME`; the town is
`pii._homes_of_people`'s). Pure: no I/O; the caller says which words may be a name's.
"""

from __future__ import annotations

from collections.abc import Callable

from . import _english as english
from . import _name_cues as cues
from ._name_shapes import _capitalised, _plain_name


def notice_names(text: str, a_name_word: Callable[[str], bool]) -> list[tuple[int, int]]:
    """(start, end) of the signed writers whose words are a name's and not all everyday words, and of the maiden names
    whose every word is a name's (`a_name_word`, asked of a word in capitals as a name is written)."""
    spans = []
    for match in cues.found(cues.SIGNED_WITH_HOME, text):
        words = match.group(1).split()
        if _plain_name(words) and not all(english.zipf(word.lower()) >= english.EVERYDAY for word in words):
            spans.append((match.start(1), match.end(1)))
    for match in cues.found(cues.MAIDEN, text):
        words = match.group(1).split()
        if all(a_name_word(_capitalised(word) if word.isupper() else word) for word in words):
            spans.append((match.start(1), match.end(1)))
    return spans
