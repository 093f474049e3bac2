"""Detected spans and how overlapping ones are merged. Pure functions, no Presidio."""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable
from dataclasses import dataclass

# When spans overlap they merge into one span covering all of them, typed by this priority:
# checksummed and national identifiers first, then structured contact data, then NER guesses.
# A higher raw score does not win: a 0.85 PERSON guess must not relabel a checksummed card.
TYPE_PRIORITY: tuple[str, ...] = (
    "KR_RRN",
    "KR_FRN",
    "IBAN_CODE",  # before cards: four of an IBAN's groups may pass a card's check ("PL61 1090 1014 0000 0712 ...")
    "CREDIT_CARD",
    "BANK_ACCOUNT",  # after a word of account, a Korean bank's "110-482-771093" is no SSN's "482-771093"
    "US_SSN",
    "US_ITIN",
    "UK_NHS",
    "UK_NINO",
    "PL_PESEL",
    "ES_NIF",
    "ES_NIE",
    "IT_FISCAL_CODE",
    "FI_PERSONAL_IDENTITY_CODE",
    "SE_PERSONNUMMER",
    "SG_NRIC_FIN",
    "IN_AADHAAR",
    "IN_PAN",
    "AU_TFN",
    "KR_BRN",
    "KR_DRIVER_LICENSE",
    "KR_PASSPORT",
    "US_PASSPORT",
    "US_DRIVER_LICENSE",
    "US_BANK_NUMBER",
    "EMAIL_ADDRESS",
    "IP_ADDRESS",
    "PHONE_NUMBER",
    "STREET_ADDRESS",
    "URL",
    "PERSON",
    "LOCATION",
    "DATE_TIME",
)
_RANK = {name: rank for rank, name in enumerate(TYPE_PRIORITY)}
_UNLISTED_RANK = _RANK["EMAIL_ADDRESS"] - 0.5  # other identifiers rank just after the listed ones


def rank(entity_type: str) -> float:
    """Lower is stronger."""
    return _RANK.get(entity_type, _UNLISTED_RANK)


@dataclass(frozen=True, slots=True)
class Entity:
    """A detected span of the original text: its type and offsets, never its value."""

    type: str
    start: int
    end: int
    score: float


def merge(entities: Iterable[Entity]) -> list[Entity]:
    """Merge overlapping spans into their union, typed by `TYPE_PRIORITY` (then score)."""
    ordered = sorted(entities, key=lambda e: (e.start, -e.end))
    merged: list[Entity] = []
    for entity in ordered:
        if merged and entity.start < merged[-1].end:
            current = merged[-1]
            winner = min((current, entity), key=lambda e: (rank(e.type), -e.score))
            merged[-1] = Entity(
                winner.type, current.start, max(current.end, entity.end), max(current.score, entity.score)
            )
        else:
            merged.append(entity)
    return merged


class SpanIndex:
    """Spans (start, end), asked whether any overlaps a given one, in logarithmic time."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self._starts = [start for start, _ in ordered]
        self._reach = list(itertools.accumulate((end for _, end in ordered), max))
        """The furthest end among the spans up to each one."""

    def overlaps(self, start: int, end: int) -> bool:
        before = bisect.bisect_left(self._starts, end)  # the spans starting before `end`
        return before > 0 and self._reach[before - 1] > start


_JOINED_TYPES = frozenset({"PERSON", "LOCATION"})


def joined(text: str, spans: list[Entity]) -> list[Entity]:
    """Spans, ordered and apart (`merge`), with neighbours that make one value joined into one: two capitalised parts of
    one person's or one place's name a space apart ("Tahmina Akhter" "Chowdhury"; a place's in Hangul too: "파주"
    "금촌동"; not "son" "Liang Haoran"), a given name or a title cut short before the rest ("Ma." "Cristina Dela Cruz"),
    and a street address with the town or the unit after it ("4420 rue Wellington, app. 3" ", Verdun"): one
    placeholder, as the value is one."""
    out: list[Entity] = []
    for span in spans:
        if out and (kind := _joined_type(text, out[-1], span)) is not None:
            out[-1] = Entity(kind, out[-1].start, span.end, max(out[-1].score, span.score))
        else:
            out.append(span)
    return out


def _joined_type(text: str, before: Entity, after: Entity) -> str | None:
    gap = text[before.end : after.start]
    if before.type == after.type and before.type in _JOINED_TYPES and gap == " ":
        parts = (text[before.start], text[after.start])
        if all(ch.isupper() or (before.type == "LOCATION" and ch.isalpha() and not ch.islower()) for ch in parts):
            return before.type
    if (
        before.type == after.type == "PERSON"
        and gap == ". "
        and before.end - before.start <= 3
        and text[before.start].isupper()
    ):
        return "PERSON"  # "Ma. Cristina": an abbreviated given name
    if before.type == "STREET_ADDRESS" and after.type in {"LOCATION", "STREET_ADDRESS"} and gap in {" ", ", "}:
        return "STREET_ADDRESS"
    return None
