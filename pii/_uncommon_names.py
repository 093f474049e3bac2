"""Names on no list, found by being rare: two or three capitalised words on one line that English seldom uses
(`NameRecognizer` asks this after its cued and listed rules)."""

from __future__ import annotations

from typing import Any

from . import _english as english
from . import _name_cues as cues
from . import wordlists
from ._name_shapes import _CAPITALISED_BEFORE, _UNCOMMON_PAIR_CEILING, _plain_name
from ._places import gazetteer, where_a_place_stands
from ._town_uses import PLACE_ENTITIES


def uncommon_names(text: str, nlp_artifacts: Any, found: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Two or three capitalised words on one line that English seldom uses (each under `_UNCOMMON_PAIR_CEILING`, one
    under `english.RARE`), none of them ordinary, together no place on the gazetteer nor one spaCy reads as a place,
    and overlapping no span of `found`: "Małgorzata Wróblewska-Nowak", "Eeva-Liisa Väisänen", "Kirra Yarran" (not
    "Microsoft Teams", "Atrial Fibrillation", "Plano Piloto"). Products so written are masked too ("Grafana Loki"):
    hidden either way."""
    doc = getattr(nlp_artifacts, "tokens", None)
    places = [(e.start_char, e.end_char) for e in (doc.ents if doc is not None else ()) if e.label_ in PLACE_ENTITIES]
    spans: list[tuple[int, int]] = []
    for match in cues.UNCOMMON_RUN.finditer(text, overlapped=True):
        words = [w for w in match.groups() if w]
        for width in range(len(words), 1, -1):  # three words, else the first two ("... Hämäläinen Tuesday")
            start, end = match.start(1), match.end(width)
            if _uncommon_name(text, words[:width], start, end, places, [*found, *spans]):
                spans.append((start, end))
                break
    return spans


def _uncommon_name(
    text: str, words: list[str], start: int, end: int, places: list[tuple[int, int]], found: list[tuple[int, int]]
) -> bool:
    """Whether `words` at `start:end` make a name by `uncommon_names`' rule."""
    if any(s < end and start < e for s, e in found) or not _plain_name(words):
        return False  # a person found already (the title or role before it is no part of the name)
    if any(s < end and start < e for s, e in places) or where_a_place_stands(text, start, end):
        return False
    before = _CAPITALISED_BEFORE.search(text, max(0, start - 40), start)
    if before is not None and english.uncommon(before.group(1)):
        return False  # the tail of a longer run ("Hai [Bà Trưng]"), not a name after "Could", "Has", "Please"
    frequencies = [english.zipf(word) for word in words]
    if max(frequencies) >= _UNCOMMON_PAIR_CEILING or min(frequencies) >= english.RARE:
        return False
    return wordlists.split_key(" ".join(words)) not in gazetteer("recognizers")
