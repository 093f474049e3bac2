"""The held-out evaluation: prompts built only from what no recognizer was built or tuned on.

Two parts. `generate_held_out` fills templates written apart from the in-sample ones with names from
the held-out part of the name lists (`pii.wordlists`), and streets and mail domains that appear in
no recognizer or in-sample list; identifiers are random, with valid checksums. `handwritten()` loads
hand-written realistic prompts (`pii/data/heldout_prompts.yaml`) with their PII annotated.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache
from importlib import resources

import yaml

from . import _places, corpus, wordlists
from ._normalize import HANGUL
from .corpus import Sample

HELD_OUT_FIRST_NAMES = wordlists.part("first_names.txt", "held_out")
HELD_OUT_LAST_NAMES = wordlists.part("surnames.txt", "held_out")
HELD_OUT_DOMAINS = ("posteo.de", "proton.me", "telia.se", "libero.it", "daum.net", "clinic-north.org", "web.de")
HELD_OUT_STREETS = ("Willow", "Chestnut", "Foxglove", "Kingsway", "Meadow", "Orchard", "Quarry", "Bramble")
HELD_OUT_STREET_TYPES = ("Street", "Road", "Avenue", "Lane", "Close", "Way", "Terrace")
HELD_OUT_DE_STREETS = ("Kastanien", "Birken", "Mühlen", "Rosen")
HELD_OUT_KR_ROADS = ("Yeoksam", "Nonhyeon", "Dosan", "Hakdong")


HELD_OUT_TOWNS = ("Ashbury", "Kilmore", "Dunwich", "Harlow Vale", "Pinecrest", "Marlow")
HELD_OUT_STATES = ("OR", "VT", "NM", "WI")


def _address(rng: random.Random) -> str:
    kind = rng.randrange(5)
    if kind == 0:
        return f"{rng.randint(1, 999)} {rng.choice(HELD_OUT_STREETS)} {rng.choice(HELD_OUT_STREET_TYPES)}"
    if kind == 1:
        return f"{rng.choice(HELD_OUT_DE_STREETS)}weg {rng.randint(1, 90)}"
    if kind == 2:
        return f"{rng.randint(1, 400)} {rng.choice(HELD_OUT_KR_ROADS)}-ro"
    street = f"{rng.randint(1, 999)} {rng.choice(HELD_OUT_STREETS)} {rng.choice(HELD_OUT_STREET_TYPES)}"
    if kind == 3:  # the whole address: the town, state and ZIP code must not cross the border either
        return f"{street}, {rng.choice(HELD_OUT_TOWNS)}, {rng.choice(HELD_OUT_STATES)} {rng.randint(10000, 99999)}"
    town = rng.choice(HELD_OUT_TOWNS)
    return f"{rng.choice(HELD_OUT_DE_STREETS)}weg {rng.randint(1, 90)}, {rng.randint(10000, 99999)} {town}"


def _place(rng: random.Random) -> str:
    return rng.choice(_places.place_names("held_out"))


HELD_OUT_GENERATORS: dict[str, Callable[[random.Random], str]] = {
    **corpus.GENERATORS,
    "PERSON": corpus.person_from(HELD_OUT_FIRST_NAMES, HELD_OUT_LAST_NAMES),
    "EMAIL_ADDRESS": corpus.email_from(HELD_OUT_FIRST_NAMES, HELD_OUT_LAST_NAMES, HELD_OUT_DOMAINS),
    "STREET_ADDRESS": _address,
    "LOCATION": _place,
}

HELD_OUT_TEMPLATES = (
    "Hi, {PERSON} here. Could you move my booking {X} to {DATE_TIME}? Text me on {PHONE_NUMBER} if not.",
    "Forward the minutes to {EMAIL_ADDRESS} and copy {PERSON}, who chaired the meeting at {X}.",
    "Charge {CREDIT_CARD} for the remaining {X}; the cardholder {PERSON} approved it by phone.",
    "Our records show {KR_RRN} for {PERSON}, but the bank says the number belongs to someone else.",
    "Set up a standing order to {IBAN_CODE} for the rent of the flat at {STREET_ADDRESS}, starting {DATE_TIME}.",
    "{PERSON} asked whether the parcel for {STREET_ADDRESS} can be left with a neighbour after {X}.",
    "Verify the applicant: SSN {US_SSN}, contact {EMAIL_ADDRESS}, callback number {PHONE_NUMBER}.",
    "Thank {PERSON} and {PERSON} for the review of build {X}; both found the same bug.",
    "Prepare a letter for {PERSON} confirming that {IBAN_CODE} will receive the deposit of {X}.",
    "Reschedule {PERSON}'s scan from {DATE_TIME} to next week and tell the ward at {PHONE_NUMBER}.",
    # Places from the gazetteer's held-out part (`pii._places`): where someone lives or travels is personal.
    "{PERSON} moved from {LOCATION} to {LOCATION} in {DATE_TIME} and needs the lease in the new name.",
    "Book a hotel near the station in {LOCATION} for the site visit on {DATE_TIME}.",
    "The courier says the parcel is held at the {LOCATION} depot; the reference is {X}.",
    "{LOCATION} office: please ask {PERSON} to call back on {PHONE_NUMBER}.",
)


def generate_held_out(count: int, seed: int = 0) -> list[Sample]:
    """`count` labelled prompts from the held-out pools and templates, the same for the same seed."""
    return corpus.generate(count, seed, templates=HELD_OUT_TEMPLATES, generators=HELD_OUT_GENERATORS)


@cache
def handwritten(file: str = "heldout_prompts.yaml") -> tuple[Sample, ...]:
    """The hand-written prompts of `pii/data/<file>`, with every annotated value located."""
    raw = resources.files("pii").joinpath("data", file).read_text(encoding="utf-8")
    return tuple(_sample(entry) for entry in yaml.safe_load(raw))


def is_korean(text: str) -> bool:
    """Whether a prompt is (at least partly) written in Hangul."""
    return HANGUL.search(text) is not None


def _sample(entry: dict[str, object]) -> Sample:
    text = str(entry["text"])
    annotated = entry.get("pii") or {}
    assert isinstance(annotated, dict)
    values = sorted(((str(v), str(kind)) for kind, vs in annotated.items() for v in vs), key=lambda p: -len(p[0]))
    spans: list[tuple[int, int, str]] = []
    for value, kind in values:
        # A Korean particle attaches to the value before it without a space ("김도윤님", "...@daum.net으로").
        right = "" if is_korean(text) else r"(?!\w)"
        found = [
            (m.start(), m.end(), kind)
            for m in re.finditer(rf"(?<!\w){re.escape(value)}{right}", text)
            if not any(s < m.end() and m.start() < e for s, e, _ in spans)
        ]
        if not found:
            raise ValueError(f"heldout_prompts.yaml: prompt {entry['id']!r} labels {kind} {value!r}, not in its text")
        spans += found
    return Sample(text, tuple(sorted(spans)), ())


def held_out_corpus(count: int = 600, seed: int = 19) -> list[Sample]:
    """The held-out evaluation in Latin script: `count` generated prompts, then the hand-written ones."""
    return [*generate_held_out(count, seed), *(s for s in handwritten() if not is_korean(s.text))]


def korean_corpus(count: int = 300, seed: int = 19) -> list[Sample]:
    """The held-out evaluation in Korean script: `count` generated prompts (`pii.heldout_ko`), then the
    hand-written ones."""
    from . import heldout_ko

    return [*heldout_ko.generate(count, seed), *(s for s in handwritten() if is_korean(s.text))]
