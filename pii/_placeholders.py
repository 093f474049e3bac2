"""Reversible pseudonymisation: the vault, the placeholder format, and restoring (whole or streamed).

A placeholder looks like `[[PERSON-1-kvdbt]]`: a label for people and models, a number per
distinct value, and a nonce drawn for this request that the original text did not contain. Only
placeholders carrying this vault's nonce are ever replaced, so user text cannot forge one; the
brackets, the hyphens and the case may change on the way (`\\[\\[person-1-kvdbt\\]\\]`, `[PERSON-1-kvdbt]`)
and the placeholder is still recognised. Pure: no I/O, no Presidio.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, SupportsIndex

import regex

_LABELS = {
    "EMAIL_ADDRESS": "EMAIL",
    "PHONE_NUMBER": "PHONE",
    "CREDIT_CARD": "CARD",
    "IBAN_CODE": "IBAN",
    "BANK_ACCOUNT": "ACCOUNT",
    "IP_ADDRESS": "IP",
    "DATE_TIME": "DATE",
    "STREET_ADDRESS": "ADDRESS",
    "US_SSN": "SSN",
    "KR_RRN": "RRN",
    "KR_FRN": "FRN",
}
_NONCE_ALPHABET = "bcdfghjklmnpqrstvwxz"  # consonants: a nonce never spells a word
NONCE_LENGTH = 5
_OPEN = r"(?:(?P<escaped>\\)?\[(?:(?(escaped)\\)\[)? ?)?"
_CLOSE = r"(?(escaped) ?\\\](?:\\\])?|(?: ?\](?:\])?)?)"
"""A placeholder's brackets as written, doubled or single, all escaped as markdown escapes them or none: a backslash
before brackets that close unescaped is the text's own ("\\srv\\profiles\\[[PERSON-1-...]]",
"C:\\Users\\[PERSON-1-...]\\Docs" keep it)."""


def label_for(entity_type: str) -> str:
    """The placeholder label for an entity type: letters only, so markdown leaves it alone."""
    return _LABELS.get(entity_type, "".join(ch for ch in entity_type if ch.isalnum()).upper() or "PII")


def new_nonce(avoid: str = "") -> str:
    """A random nonce that does not occur in `avoid` (case-insensitively)."""
    folded = avoid.casefold()
    while True:
        drawn = secrets.randbelow(len(_NONCE_ALPHABET) ** NONCE_LENGTH)  # one draw, not one a letter
        letters = []
        for _ in range(NONCE_LENGTH):
            drawn, letter = divmod(drawn, len(_NONCE_ALPHABET))
            letters.append(_NONCE_ALPHABET[letter])
        nonce = "".join(letters)
        if nonce not in folded:
            return nonce


class Vault:
    """Placeholder → original value, for one request, in the origin region's memory only.

    It cannot be pickled, copied or printed with its values: there is no way to send it anywhere.
    """

    __slots__ = ("_by_value", "_counts", "_forms", "_originals", "_pattern", "_shape", "_types", "nonce")

    def __init__(self, nonce: str | None = None) -> None:
        self.nonce = nonce or new_nonce()
        self._originals: dict[str, str] = {}  # core ("PERSON-1-kvdbt") -> original value
        self._types: dict[str, str] = {}  # core -> entity type
        self._by_value: dict[str, str] = {}  # casefolded value -> core
        self._forms: dict[str, list[str]] = {}  # core -> each occurrence's spelling, in order
        self._counts: Counter[str] = Counter()
        self._pattern: regex.Pattern[str] | None = None
        self._shape: regex.Pattern[str] | None = None

    def placeholder(self, entity_type: str, value: str) -> str:
        """The placeholder for `value`; the same for every occurrence, whatever its case.

        Each occurrence's own spelling is remembered in order, so restoring gives the n-th
        placeholder occurrence the n-th spelling ("John", then "JOHN").
        """
        key = value.casefold()
        core = self._by_value.get(key)
        if core is None:
            label = label_for(entity_type)
            self._counts[label] += 1
            core = f"{label}-{self._counts[label]}-{self.nonce}"
            self._by_value[key] = core
            self._originals[core] = value
            self._types[core] = entity_type
            self._forms[core] = []
            self._pattern = None
        self._forms[core].append(value)
        return f"[[{core}]]"

    def core(self, label: str, number: str, nonce: str) -> str | None:
        """The canonical placeholder behind a (possibly reformatted) one, or None if never issued."""
        core = f"{label.upper()}-{int(number)}-{nonce.casefold()}"
        return core if core in self._originals else None

    def original(self, core: str, occurrence: int = 0) -> str:
        """The spelling of the `occurrence`-th appearance of a placeholder (the last one beyond)."""
        forms = self._forms[core]
        return forms[min(occurrence, len(forms) - 1)]

    def originals(self) -> Iterator[tuple[str, str]]:
        """(entity type, original value) pairs, for the in-region leak check. Never log them."""
        for core, value in self._originals.items():
            yield self._types[core], value

    def counts(self) -> dict[str, int]:
        """How many distinct values of each entity type were replaced (safe to log and audit)."""
        return dict(Counter(self._types.values()))

    @property
    def pattern(self) -> regex.Pattern[str]:
        """Matches this vault's placeholders, reformatted or not, and their partial prefixes."""
        if self._pattern is None:
            labels = sorted({core.split("-")[0] for core in self._originals}, key=len, reverse=True)
            alternatives = "|".join(labels) if labels else "(?!)"
            self._pattern = regex.compile(
                _OPEN + rf"(?P<label>{alternatives})[-_]?(?P<number>\d{{1,5}})[-_]?(?P<nonce>{self.nonce})" + _CLOSE,
                regex.IGNORECASE,
            )
        return self._pattern

    @property
    def shape(self) -> regex.Pattern[str]:
        """Anything shaped like a placeholder with this nonce, issued or invented."""
        if self._shape is None:
            self._shape = regex.compile(
                _OPEN + rf"(?P<label>[A-Za-z]{{2,24}})[-_]?(?P<number>\d{{1,5}})[-_]?(?P<nonce>{self.nonce})" + _CLOSE,
                regex.IGNORECASE,
            )
        return self._shape

    def compile(self) -> None:
        """Compile this vault's patterns (~0.5 ms each; done once, then cached)."""
        _ = self.pattern, self.shape

    @property
    def max_placeholder_length(self) -> int:
        longest_label = max((len(core.split("-")[0]) for core in self._originals), default=0)
        return 4 + 1 + longest_label + 1 + 5 + 1 + len(self.nonce) + 1 + 4

    def __len__(self) -> int:
        return len(self._originals)

    def __repr__(self) -> str:
        return f"Vault({len(self)} placeholders: {self.counts()})"

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        raise TypeError("a Vault never leaves its region: it cannot be pickled or copied")


@dataclass(frozen=True, slots=True)
class Restored:
    text: str
    invented: tuple[str, ...]
    """Placeholder-shaped strings with this request's nonce that the vault never issued."""


def restore_report(text: str, vault: Vault) -> Restored:
    """Put the originals back, and report placeholders the model invented."""
    invented = tuple(m.group(0) for m in vault.shape.finditer(text) if _core(vault, m) is None)
    return Restored(_substitute(text, vault, Counter()), invented)


def restore(text: str, vault: Vault) -> str:
    """Put the originals back into `text`; only placeholders this vault issued are replaced."""
    return restore_report(text, vault).text


def _core(vault: Vault, match: regex.Match[str]) -> str | None:
    return vault.core(match.group("label"), match.group("number"), match.group("nonce"))


def _substitute(text: str, vault: Vault, seen: Counter[str]) -> str:
    def replace(match: regex.Match[str]) -> str:
        core = _core(vault, match)
        if core is None:
            return match.group(0)
        seen[core] += 1
        return vault.original(core, seen[core] - 1)

    return vault.pattern.sub(replace, text)


class Restorer:
    """Restores a streamed answer chunk by chunk, holding back only what may be a split placeholder.

    `feed(chunk)` returns what can be shown now; `flush()` returns the rest at the end. A stream
    keeps streaming: a chunk is delayed only while its tail could still become a placeholder.
    """

    def __init__(self, vault: Vault) -> None:
        self.vault = vault
        vault.compile()  # now, before the answer streams, not on its first chunk
        self.invented: list[str] = []
        self._pending = ""
        self._seen: Counter[str] = Counter()
        self._tail = ""  # the end of what was already emitted, to spot invented placeholders across chunks

    def feed(self, chunk: str) -> str:
        self._pending += chunk
        hold = self._hold_from(self._pending)
        ready, self._pending = self._pending[:hold], self._pending[hold:]
        return self._emit(ready)

    def flush(self) -> str:
        ready, self._pending = self._pending, ""
        return self._emit(ready)

    def _hold_from(self, text: str) -> int:
        pattern = self.vault.pattern
        for start in range(max(0, len(text) - self.vault.max_placeholder_length), len(text)):
            if pattern.fullmatch(text, pos=start, partial=True) is not None:
                return start
        return len(text)

    def _emit(self, text: str) -> str:
        if not text:
            return ""
        window = self._tail + text
        for match in self.vault.shape.finditer(window):
            if match.end() > len(self._tail) and _core(self.vault, match) is None:
                self.invented.append(match.group(0))
        self._tail = window[-self.vault.max_placeholder_length :]
        return _substitute(text, self.vault, self._seen)
