"""The word lists recognizers learn from, split once and for all into the recognizers' part and a
held-out part that no recognizer ever loads, so an evaluation on the held-out part cannot be tuned to.

An entry is held out when the SHA-256 of its key (letters only, accents stripped, case-folded, so
"Fernández"/"Fernandez" and "Min-jun"/"Minjun" fall on the same side) is 0 modulo 5: about a fifth of
every list, the same on every machine and in every release. Adding an entry never moves another one.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import cache
from importlib import resources
from typing import Literal

HELD_OUT_MODULUS = 5
"""One entry in `HELD_OUT_MODULUS` (by hash) is held out."""

Part = Literal["recognizers", "held_out"]
_NOT_A_LETTER = re.compile(r"[^a-z]+")


def split_key(entry: str) -> str:
    """What decides an entry's side: its letters, without accents, case-folded."""
    if entry.isascii():  # the same key, without decomposing: most entries, read by the thousand at load
        return _NOT_A_LETTER.sub("", entry.lower())
    decomposed = unicodedata.normalize("NFKD", entry)
    return "".join(ch for ch in decomposed if ch.isalpha() and not unicodedata.combining(ch)).casefold()


def is_held_out(entry: str) -> bool:
    """True for the entries no recognizer may use (stable: a hash of `split_key`)."""
    return key_held_out(split_key(entry))


def key_held_out(key: str) -> bool:
    """`is_held_out` of an entry whose key (`split_key`) is already at hand: the same hash, without splitting again."""
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % HELD_OUT_MODULUS == 0


@cache
def entries(file: str) -> tuple[str, ...]:
    """Every entry of `pii/data/<file>`: whitespace-separated words, `#` lines are comments."""
    text = resources.files("pii").joinpath("data", file).read_text(encoding="utf-8")
    words = (word for line in text.splitlines() if not line.startswith("#") for word in line.split())
    return tuple(sorted(set(words)))


@cache
def part(file: str, which: Part) -> tuple[str, ...]:
    """The recognizers' part or the held-out part of a list, sorted."""
    held_out = which == "held_out"
    return tuple(entry for entry in entries(file) if is_held_out(entry) == held_out)
