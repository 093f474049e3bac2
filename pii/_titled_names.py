"""Names after a title ("Mrs ROSARIA CAPUOZZO", "Dra. Santos", "Bu Wahyuningsih"), a title a congregation or a family
gives ("Sister Hyacinth Grant") and a greeting's or a closing's cue ("Dear Priya", "Regards,\nTomasz"), as
`pii._name_cues` finds them, less what they find that names no one: a desk ("Thanks,\nFacilities Desk"), a sentence
after a cue's full stop ("Thank you. The fare ..."), a job ("Sr Software Developer"), a title alone ("Dear Sir").
Applied by `pii._names.NameRecognizer`. Pure: no I/O.
"""

from __future__ import annotations

import regex

from . import _english as english
from . import _name_cues as cues
from ._kin_names import a_job_title, a_titled_name, everyday
from ._name_words import _NOT_IN_A_NAME, ORGANISATION_HEADS, TITLES_ALONE
from ._names_alone import an_undotted_initial_before_a_word

_OPENS_A_SENTENCE = frozenset(
    {"the", "a", "an", "this", "that", "these", "those", "it", "its", "we", "our", "my", "your", "their", "there"}
    | {"here", "please", "if", "when", "as", "in", "on", "at", "i", "you", "they", "he", "she", "what", "how"}
)
"""Words that open a sentence, not a name, after a cue's full stop ("Thank you. The fare ...")."""
_SHORT_TITLES = frozenset({"Bu", "Pak", "Bw.", "Bi."})
"""Titles of two letters or three that other languages' words are too: Turkish "bu" ("this"), "pak choi"."""
_RANK = regex.compile(cues.RANKS)
"""Ranks, which name things as often: asked as `_SHORT_TITLES` are (`pii._name_cues.RANKS`)."""


def titled_names(text: str) -> list[tuple[int, int]]:
    """The spans of the names after a title, a family's or a congregation's title, or a greeting's or closing's cue."""
    spans = []
    for pattern in (cues.TITLED, cues.KIN_TITLED, cues.CUED):
        for match in pattern.finditer(text):
            name = match.group(1)
            # "Dear Sir or Madam"; a desk, not a person: "Thanks,\nFacilities Desk", "Thanks. Please"
            words = name.split()
            desk = words[-1] in ORGANISATION_HEADS or all(word in _NOT_IN_A_NAME for word in words)
            sentence = words[0].lower() in _OPENS_A_SENTENCE  # "Thank you. The fare difference is ..."
            sentence = sentence or an_undotted_initial_before_a_word(words)  # "Mr T Shirt Sale"
            if pattern is cues.KIN_TITLED and not a_titled_name(words):
                continue  # "Mother Nature Network", "Baby Boomer Generation", "Sheikh Zayed Road"
            if match.group(0).startswith(("Sr ", "Sr.")) and a_job_title(words):
                continue  # "Sr Software Developer", "Sr Principal Scientist": senior, not señor
            if match.group(0).split()[0] in _SHORT_TITLES and _not_after_a_short_title(text, match, words):
                continue  # "Data Bu Sheet", Turkish "Bu JSON'daki": "this", not Indonesian's "Mrs"
            if _RANK.fullmatch(match.group(0).split()[0]) and (
                english.zipf(words[0].lower()) >= english.UNCOMMON or words[0].isupper()
            ):
                continue  # "PC World", "DC Comics", "DS Lite"
            if name.strip(" .").lower() not in TITLES_ALONE and not desk and not sentence:
                spans.append(match.span(1))
    return spans


def _not_after_a_short_title(text: str, match: regex.Match[str], words: list[str]) -> bool:
    """Whether the words after a short title (`_SHORT_TITLES`) are no name: an everyday word of English or of another
    language ("Bu Dosya": Turkish "this file"), a word in capitals, a word with a Turkish suffix after an apostrophe
    ("Bu JSON'daki"), or the cabbage ("Pak Choi")."""
    if words[0] in ("Choi", "Choy") and match.group(0).startswith("Pak"):
        return True
    elsewhere = english.zipf_elsewhere(words[0].lower()) >= english.EVERYDAY  # "Bu Kampanya", "Bu Dosya": Turkish
    return elsewhere or everyday(words[0]) or words[0].isupper() or text.startswith(("'", "\u2019"), match.end(1))
