"""Evasion: the same value spelt to dodge patterns is still hidden, and restore gives back the exact bytes.

Each evasion is paired with its plain control, so a failure says whether the trick or the value broke.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pytest

import pii
from pii._normalize import normalize, view_of

ZERO_WIDTH = {"zwsp": "\u200b", "zwnj": "\u200c", "zwj": "\u200d", "word-joiner": "\u2060", "bom": "\ufeff"}


def _full_width(value: str) -> str:
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in value)


def _interleave(value: str, mark: str) -> str:
    return mark.join(value)


# (id, text template, value: the slot "{}" is filled with the value, plain or evaded)
VALUES = [
    ("rrn", "His resident registration number is {} on file.", "960121-1021413"),
    ("kr-phone", "Call my mobile {} tonight.", "010-1234-5678"),
    ("us-phone", "Reach me at {} after lunch.", "(415) 555-0132"),
    ("card", "The card {} expires soon.", "4012-8888-8888-1881"),
    ("email", "Write to ingrid.sorensen@example.com today.", "ingrid.sorensen@example.com"),
]

EVASIONS: list[tuple[str, Callable[[str], str]]] = [
    ("plain", lambda v: v),
    ("full-width", _full_width),
    *[
        (f"{name}-between-every-char", (lambda m: lambda v: _interleave(v, m))(mark))
        for name, mark in ZERO_WIDTH.items()
    ],
    ("zwsp-once", lambda v: v[:3] + "\u200b" + v[3:]),
    ("unicode-dashes", lambda v: v.replace("-", "\u2011")),
    ("arabic-indic-digits", lambda v: "".join(chr(0x0660 + int(c)) if c.isdigit() else c for c in v)),
]

CASES = [
    pytest.param(template, value, evade, id=f"{vid}-{eid}")
    for vid, template, value in VALUES
    for eid, evade in EVASIONS
    if not (vid == "email" and eid == "arabic-indic-digits")
]


@pytest.mark.parametrize(("template", "value", "evade"), CASES)
def test_evaded_values_are_hidden_and_restored_exactly(
    redactor: pii.Redactor, template: str, value: str, evade: Callable[[str], str]
) -> None:
    evaded = evade(value)
    text = template.replace(value, "{}").format(evaded) if value in template else template.format(evaded)
    redaction = redactor.redact(text)
    assert evaded not in redaction.text
    assert view_of(value) not in view_of(redaction.text)  # not even in a spelling that reads the same
    assert pii.restore(redaction.text, redaction.vault) == text


# E-mail addresses spelt with letters of other scripts, or with composed/decomposed accents.
EMAILS = [
    ("plain", "Forward it to jonas.berg@example.com please.", "jonas.berg@example.com"),
    ("cyrillic-o-a", "Forward it to j\u043enas.berg@ex\u0430mple.com please.", "j\u043enas.berg@ex\u0430mple.com"),
    (
        "cyrillic-e-p-c",
        "Forward it to jonas.b\u0435rg@\u0435xam\u0440le.\u0441om please.",
        "jonas.b\u0435rg@\u0435xam\u0440le.\u0441om",
    ),
    ("greek-omicron", "Forward it to j\u03bfnas.berg@example.c\u03bfm please.", "j\u03bfnas.berg@example.c\u03bfm"),
    ("full-width-at", "Forward it to jonas.berg\uff20example.com please.", "jonas.berg\uff20example.com"),
    (
        "nfc-accent",
        "Forward it to " + unicodedata.normalize("NFC", "josé.garcía@example.com") + " please.",
        unicodedata.normalize("NFC", "josé.garcía@example.com"),
    ),
    (
        "nfd-accent",
        "Forward it to " + unicodedata.normalize("NFD", "josé.garcía@example.com") + " please.",
        unicodedata.normalize("NFD", "josé.garcía@example.com"),
    ),
    ("soft-hyphen", "Forward it to jonas.\u00adberg@example.com please.", "jonas.\u00adberg@example.com"),
]


@pytest.mark.parametrize(("text", "value"), [(t, v) for _, t, v in EMAILS], ids=[i for i, _, _ in EMAILS])
def test_look_alike_and_decomposed_emails_are_hidden(redactor: pii.Redactor, text: str, value: str) -> None:
    redaction = redactor.redact(text)
    assert value not in redaction.text
    assert "@" not in redaction.text and "berg" not in redaction.text.replace("[[", "")
    assert redaction.counts() == {"EMAIL_ADDRESS": 1}
    assert pii.restore(redaction.text, redaction.vault) == text


def test_spans_cover_the_original_characters() -> None:
    text = "A\u0301 \uff10\uff11\u200b2 j\u043ehn@x.com"
    norm = normalize(text)
    assert norm.view == "Á 012 john@x.com"
    start = norm.view.index("012")
    assert norm.to_original(start, start + 3) == (text.index("\uff10"), text.index("2") + 1)
    assert norm.to_original(0, 1) == (0, 2)  # a letter and its combining accent go together


def test_ascii_text_is_its_own_view() -> None:
    assert normalize("plain ascii 010-1234-5678").starts is None
