"""A labelled synthetic corpus of prompts with personal data, for recall/precision and benchmarks.

Every value is generated (no real person), checksummed identifiers are valid (Luhn cards, IBAN
mod-97, Korean RRN check digit, SSN area rules), and distractors that look like data but are not
(order numbers, amounts, times, versions) are labelled too so precision can be measured.
"""

from __future__ import annotations

import random
import string
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from . import wordlists

# In-sample names are the name recognizer's own part of its lists; `pii.heldout` draws from the rest.
FIRST_NAMES = list(wordlists.part("first_names.txt", "recognizers"))
LAST_NAMES = list(wordlists.part("surnames.txt", "recognizers"))
EMAIL_DOMAINS = ["example.com", "mail.de", "naver.com", "hospital.org", "uni-berlin.de", "orange.fr", "gmail.com"]
STREET_NAMES = ["Baker", "Maple", "Oak", "Elm", "Harbor", "Sunset", "Highland", "Church", "Mill", "Park"]
STREET_TYPES = ["Street", "Avenue", "Road", "Lane", "Drive", "Boulevard"]
DE_STREETS = ["Haupt", "Bahnhof", "Schiller", "Goethe", "Linden", "Berg"]
KR_ROADS = ["Teheran", "Sejong", "Gangnam", "Olympic", "Jong"]
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]

CHECKSUMMED = ("CREDIT_CARD", "IBAN_CODE", "KR_RRN")


@dataclass(frozen=True, slots=True)
class Sample:
    """A prompt and where its personal data (`spans`) and its look-alikes (`distractors`) are."""

    text: str
    spans: tuple[tuple[int, int, str], ...]
    distractors: tuple[tuple[int, int], ...]


def luhn_complete(digits: str) -> str:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2 == 0:
            value *= 2
            value = value - 9 if value > 9 else value
        total += value
    return digits + str((10 - total % 10) % 10)


def iban(rng: random.Random) -> str:
    country, length = rng.choice([("DE", 18), ("GB", 18), ("FR", 23), ("ES", 20), ("NL", 14), ("IT", 23)])
    if country == "GB":
        bban = "".join(rng.choice(string.ascii_uppercase) for _ in range(4)) + _digits(rng, 14)
    elif country == "NL":
        bban = "".join(rng.choice(string.ascii_uppercase) for _ in range(4)) + _digits(rng, 10)
    elif country == "IT":
        bban = rng.choice(string.ascii_uppercase) + _digits(rng, 22)
    else:
        bban = _digits(rng, length)
    numeric = "".join(str(int(c, 36)) for c in bban + country + "00")
    check = 98 - int(numeric) % 97
    code = f"{country}{check:02d}{bban}"
    return " ".join(code[i : i + 4] for i in range(0, len(code), 4)) if rng.random() < 0.5 else code


def kr_rrn(rng: random.Random) -> str:
    year = rng.randint(0, 99)
    born = f"{year:02d}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
    gender = rng.choice("12" if year > 25 else "34")
    body = born + gender + _digits(rng, 5)
    weights = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]
    check = (11 - sum(int(d) * w for d, w in zip(body, weights, strict=True)) % 11) % 10
    return f"{born}-{body[6:]}{check}"


def us_ssn(rng: random.Random) -> str:
    area = rng.choice([n for n in range(1, 900) if n != 666])
    return f"{area:03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}"


def credit_card(rng: random.Random) -> str:
    prefix = rng.choice(["4", "51", "52", "53", "54", "55"])
    number = luhn_complete(prefix + _digits(rng, 15 - len(prefix)))
    style = rng.random()
    if style < 0.4:
        return " ".join(number[i : i + 4] for i in range(0, 16, 4))
    if style < 0.7:
        return "-".join(number[i : i + 4] for i in range(0, 16, 4))
    return number


def phone(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return f"({rng.choice(['415', '212', '617', '312'])}) {rng.randint(200, 999)}-{rng.randint(1000, 9999)}"
    if kind == 1:
        return f"+44 20 {rng.randint(7000, 8999)} {rng.randint(1000, 9999)}"
    if kind == 2:
        return f"+49 30 {rng.randint(1000000, 99999999)}"
    if kind == 3:
        return f"+33 1 {rng.randint(10, 99)} {rng.randint(10, 99)} {rng.randint(10, 99)} {rng.randint(10, 99)}"
    if kind == 4:
        return f"010-{rng.randint(1000, 9999)}-{rng.randint(1000, 9999)}"
    return f"02-{rng.randint(200, 999)}-{rng.randint(1000, 9999)}"


def person_from(first_names: Sequence[str], last_names: Sequence[str]) -> Callable[[random.Random], str]:
    """A generator of "Given Family" names drawn from these lists."""
    return lambda rng: f"{rng.choice(first_names)} {rng.choice(last_names)}"


def email_from(
    first_names: Sequence[str], last_names: Sequence[str], domains: Sequence[str]
) -> Callable[[random.Random], str]:
    """A generator of "given.family<n>@domain" addresses, accents stripped, drawn from these lists."""

    def email(rng: random.Random) -> str:
        name = f"{rng.choice(first_names)}.{rng.choice(last_names)}".lower().replace("'", "")
        local = "".join(ch for ch in unicodedata.normalize("NFKD", name) if ch.isascii())
        return f"{local}{rng.choice(['', str(rng.randint(1, 99))])}@{rng.choice(domains)}"

    return email


person = person_from(FIRST_NAMES, LAST_NAMES)
email = email_from(FIRST_NAMES, LAST_NAMES, EMAIL_DOMAINS)


def address(rng: random.Random) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        return f"{rng.randint(1, 9999)} {rng.choice(STREET_NAMES)} {rng.choice(STREET_TYPES)}"
    if kind == 1:
        return f"{rng.choice(DE_STREETS)}straße {rng.randint(1, 200)}"
    if kind == 2:
        return f"{rng.randint(1, 120)} rue de {rng.choice(['Rivoli', 'la Paix', 'Lyon', 'Provence'])}"
    return f"{rng.randint(1, 999)} {rng.choice(KR_ROADS)}-ro"


def date(rng: random.Random) -> str:
    month, day, year = rng.choice(MONTHS), rng.randint(1, 28), rng.randint(1940, 2024)
    kind = rng.randrange(3)
    if kind == 0:
        return f"{month} {day}, {year}"
    if kind == 1:
        return f"{day} {month} {year}"
    return f"{year}-{MONTHS.index(month) + 1:02d}-{day:02d}"


def distractor(rng: random.Random) -> str:
    kind = rng.randrange(7)
    if kind == 0:
        return f"#A-{rng.randint(10000, 99999)}"
    if kind == 1:
        return f"INV-{rng.randint(2019, 2025)}-{rng.randint(1, 9999):04d}"
    if kind == 2:
        return f"${rng.randint(1, 9)},{rng.randint(100, 999)}.{rng.randint(10, 99)}"
    if kind == 3:
        return f"{rng.randint(8, 17)}:{rng.choice(['00', '15', '30', '45'])}"
    if kind == 4:
        return f"v{rng.randint(1, 9)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}"
    if kind == 5:
        return f"{rng.randint(5, 95)}%"
    return f"room {rng.randint(100, 899)}"


def _digits(rng: random.Random, count: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(count))


GENERATORS: dict[str, Callable[[random.Random], str]] = {
    "PERSON": person,
    "EMAIL_ADDRESS": email,
    "PHONE_NUMBER": phone,
    "CREDIT_CARD": credit_card,
    "IBAN_CODE": iban,
    "US_SSN": us_ssn,
    "KR_RRN": kr_rrn,
    "STREET_ADDRESS": address,
    "DATE_TIME": date,
    "X": distractor,
}

TEMPLATES = [
    "Please send the signed contract to {PERSON} at {EMAIL_ADDRESS} before {DATE_TIME}; our internal reference is {X}.",
    "Call {PERSON} on {PHONE_NUMBER} about order {X} and confirm the delivery to {STREET_ADDRESS} by {X} latest.",
    "Refund {X} to the card {CREDIT_CARD} of {PERSON}, or wire it to {IBAN_CODE} if the card payment fails again.",
    "Patient {PERSON}, SSN {US_SSN}, born {DATE_TIME}, needs a follow-up visit in {X} next week; please book it.",
    "The resident registration number of {PERSON} is {KR_RRN}; her mobile is {PHONE_NUMBER}. Update the file.",
    "Summarise the complaint from {PERSON} ({EMAIL_ADDRESS}) who lives at {STREET_ADDRESS}, in three bullet points.",
    "Draft a reminder: invoice {X} over {X} is now overdue. Pay to {IBAN_CODE} or call {PHONE_NUMBER} with questions.",
    "Translate for {PERSON}: the appointment on {DATE_TIME} at {X} is confirmed, bring your ID and insurance card.",
    "Write a polite note to {PERSON} explaining that release {X} ships {X} faster than before and costs nothing extra.",
    "Check whether {EMAIL_ADDRESS} and {PHONE_NUMBER} belong to the same customer account, see support ticket {X}.",
    "My name is {PERSON}, my card number is {CREDIT_CARD} and my RRN is {KR_RRN}. Please update my profile today.",
    "List the risks of storing SSNs like {US_SSN} next to birth dates such as {DATE_TIME} in one database table.",
    "Explain why nightly build {X} failed at {X} and how many of the integration tests ({X}) were skipped overall.",
]


def generate(
    count: int,
    seed: int = 0,
    *,
    templates: Sequence[str] = TEMPLATES,
    generators: dict[str, Callable[[random.Random], str]] = GENERATORS,
) -> list[Sample]:
    """`count` labelled prompts, the same for the same seed."""
    rng = random.Random(seed)
    return [_fill(rng.choice(templates), rng, generators) for _ in range(count)]


def _fill(template: str, rng: random.Random, generators: dict[str, Callable[[random.Random], str]]) -> Sample:
    text = ""
    spans: list[tuple[int, int, str]] = []
    distractors: list[tuple[int, int]] = []
    for literal, slot in _split(template):
        text += literal
        if slot is None:
            continue
        value = generators[slot](rng)
        if slot == "X":
            distractors.append((len(text), len(text) + len(value)))
        else:
            spans.append((len(text), len(text) + len(value), slot))
        text += value
    return Sample(text, tuple(spans), tuple(distractors))


def _split(template: str) -> Iterator[tuple[str, str | None]]:
    rest = template
    while "{" in rest:
        literal, _, after = rest.partition("{")
        slot, _, rest = after.partition("}")
        yield literal, slot
    yield rest, None


@dataclass(frozen=True, slots=True)
class Scores:
    """Leak recall per labelled type (a value counts as hidden only if every character is covered),
    and precision per detected type (detections that touch real personal data)."""

    recall: dict[str, float]
    precision_by_type: dict[str, float]
    overall_recall: float
    precision: float
    false_positives: tuple[str, ...]
    missed: tuple[tuple[str, str], ...]


def score(samples: list[Sample], detected: list[list[tuple[int, int, str]]]) -> Scores:
    """Compare detected spans (start, end, type) per sample with the labels."""
    hits: dict[str, list[bool]] = {}
    correct: dict[str, list[bool]] = {}
    false_positives: list[str] = []
    missed: list[tuple[str, str]] = []
    for sample, spans in zip(samples, detected, strict=True):
        covered = {i for start, end, _ in spans for i in range(start, end)}
        for start, end, kind in sample.spans:
            hidden = all(i in covered for i in range(start, end))
            hits.setdefault(kind, []).append(hidden)
            if not hidden:
                missed.append((kind, sample.text[start:end]))
        for start, end, kind in spans:
            real = any(s < end and start < e for s, e, _ in sample.spans)
            correct.setdefault(kind, []).append(real)
            if not real:
                false_positives.append(sample.text[start:end])
    all_hits = [flag for flags in hits.values() for flag in flags]
    all_correct = [flag for flags in correct.values() for flag in flags]
    return Scores(
        recall={kind: sum(flags) / len(flags) for kind, flags in sorted(hits.items())},
        precision_by_type={kind: sum(flags) / len(flags) for kind, flags in sorted(correct.items())},
        overall_recall=sum(all_hits) / len(all_hits) if all_hits else 1.0,
        precision=sum(all_correct) / len(all_correct) if all_correct else 1.0,
        false_positives=tuple(false_positives),
        missed=tuple(missed),
    )


def round_trips(samples: list[Sample], restored: list[str]) -> dict[str, float]:
    """Per labelled type, the share of prompts holding that type that restore to exactly their original."""
    exact: dict[str, list[bool]] = {}
    for sample, text in zip(samples, restored, strict=True):
        for kind in {kind for _, _, kind in sample.spans}:
            exact.setdefault(kind, []).append(text == sample.text)
    return {kind: sum(flags) / len(flags) for kind, flags in sorted(exact.items())}
