"""Whether an address's domain is one mail can go to (offline), and email addresses written so that a machine would
not read them: "jan.kowalski at gmail dot com", "anna(at)firma.de", "maria [at] example [dot] org", "mehmet.yilmaz @
hotmail.com", "j.smith@@gmail.com". Whoever reads the prompt reads the address all the same.
"""

from __future__ import annotations

from typing import Any, ClassVar

import regex

from ._presidio import import_presidio

import_presidio()
from presidio_analyzer import Pattern, PatternRecognizer  # noqa: E402

_AT_WORD = r"(?:(?i:at|arroba|arobase|chiocciola|klammeraffe|apenstaart|małpa)|골뱅이)"
"""The @ as English, Spanish and Portuguese, French, Italian, German, Dutch, Polish and Korean say it."""
_DOT_WORD = r"(?:(?i:dot|punto|punkt|point|ponto|punt|kropka)|점|닷)"
"""The dot, likewise."""
_BRACKETED_AT = rf"[ \t]*[(\[{{<][ \t]*(?:{_AT_WORD}|@)[ \t]*[)\]}}>][ \t]*"
_SPACED_AT = r"(?:[ \t]+@[ \t]*|@[ \t]+|@@)"
_WORD_AT = rf"[ \t]+{_AT_WORD}[ \t]+"
_SPELLED_DOT = rf"(?:[ \t]*[(\[{{<][ \t]*(?:{_DOT_WORD}|\.)[ \t]*[)\]}}>][ \t]*|[ \t]+{_DOT_WORD}[ \t]+)"
_DOT = rf"(?:\.|{_SPELLED_DOT})"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?"
_SENTENCE_WORDS = (
    "work|works|worked|working|live|lives|lived|living|is|was|are|were|be|been|me|us|him|her|them|you|it|this|that"
    "|here|there|find|found|look|looking|see|stay|staying|study|studying|studied|based|employed|job|intern|available"
    "|reachable|engineer|meet|met|arrive|arrived"
)
_LOCAL = rf"(?<![\w.+-])(?![vV]\d)(?!(?i:{_SENTENCE_WORDS})[ \t])[\w+-]+(?:\.[\w+-]+)*"
"""A local part, not a version ("v1.2.3 at github dot com") nor a word that stands before "at" in a sentence ("I work
at amazon dot com")."""
_DOTTED_LOCAL = (
    r"(?<![\w.+-])(?![vV]\d)[A-Za-z][\w+-]*(?:[._][\w+-]+)+"
    r"(?<!\.(?i:md|txt|py|js|json|ya?ml|pdf|csv|html?|docx?|xlsx?|pptx?|png|jpe?g|gif|zip|gz|tar|exe|sh|ts|go|rs|java"
    r"|c|h|cpp|log|conf|ini|toml|lock|cfg))"
)
"""A local part with a dot or an underscore in it, opening with a letter ("jan.kowalski"): after one, a plain "at"
begins an address; after a single word ("I work at Amazon.com"), a version ("3.2 at github.com") or a file's name
("README.md at github.com") it does not."""
_END = r"(?![\w-]|\.[A-Za-z0-9])"

PRIVATE_TLDS = frozenset(
    {"local", "internal", "lan", "corp", "home", "intranet", "private", "localdomain", "test", "example", "invalid"}
)
"""Top-level names no registry sells: private networks' (RFC 6762, 8375, ICANN's "internal") and those kept for tests
and examples (RFC 2606)."""
_extract: Any = None


def a_real_domain(address: str) -> bool:
    """Whether the domain of `address` ends in a top-level name of the bundled public suffix list (tldextract's
    snapshot: never the network) or in one kept for private networks and examples (an address at "corp.local" or
    "clinic.internal" is a person's all the same)."""
    global _extract
    if address.rsplit(".", 1)[-1].lower() in PRIVATE_TLDS:
        return True
    if _extract is None:
        import tldextract

        _extract = tldextract.TLDExtract(cache_dir=None, suffix_list_urls=(), fallback_to_snapshot=True)
    return bool(_extract(address).fqdn)


_COMMON_TOPS = ("com", "net", "org", "edu")


def a_mistyped_top(address: str) -> bool:
    """Whether the domain of `address` ends in a common top-level name typed with one letter wrong, missing, added or
    two swapped ("...@naver.con", "...@daum.nte", "...@gmail.comm"): the address is still its owner's, whatever a
    mail server would say of it. Asked only of a domain `a_real_domain` rejects ("...@acme.co" is one already)."""
    top = address.rsplit(".", 1)[-1].lower()
    return top.isascii() and top.isalpha() and any(_one_edit_apart(top, common) for common in _COMMON_TOPS)


def _one_edit_apart(typed: str, meant: str) -> bool:
    if typed == meant:
        return False
    if len(typed) == len(meant):
        wrong = [i for i, (a, b) in enumerate(zip(typed, meant, strict=True)) if a != b]
        swapped = len(wrong) == 2 and wrong[1] == wrong[0] + 1 and typed[wrong[0]] == meant[wrong[1]]
        return len(wrong) == 1 or (swapped and typed[wrong[1]] == meant[wrong[0]])
    shorter, longer = sorted((typed, meant), key=len)
    return len(longer) - len(shorter) == 1 and any(longer[:i] + longer[i + 1 :] == shorter for i in range(len(longer)))


SPELLED_EMAIL_GATE = (
    rf"[(\[{{<][ \t]*(?:{_AT_WORD}|@)|[ \t]@|@[ \t]|@@|[._][\w+-]+[ \t]+{_AT_WORD}[ \t]"
    rf"|(?<!\p{{L}}){_DOT_WORD}(?!\p{{L}})"
)
"""What a text holds if it holds a spelled address at all: an "at" in brackets, an @ spaced or doubled, a plain "at"
after a dotted word, or a "dot" (in any of these languages)."""
_MAILED_TOPS = frozenset({"com", "net", "org", "edu", "gov", "mil", "info", "biz", "io", "me", "name", "mail"})
"""The top-level names an address spelled out ends in, beside the two-letter ones of countries."""
_SPELLING = regex.compile(rf"{_BRACKETED_AT}|{_SPACED_AT}|{_WORD_AT}|{_SPELLED_DOT}")
_AT_FORM = regex.compile(rf"{_AT_WORD}|@")


def as_written_for_machines(spelled: str) -> str:
    """The address with its spelled "at" and "dot" written as @ and ."""
    at_done = False

    def one(match: regex.Match[str]) -> str:
        nonlocal at_done
        if _AT_FORM.search(match[0]) is not None:
            if not at_done:
                at_done = True
                return "@"
            return ""
        return "."

    return _SPELLING.sub(one, spelled)


class SpelledEmailRecognizer(PatternRecognizer):
    """An email address with its @ spelled "at" (in brackets, or as a word after a local part with a dot in it), set
    apart by spaces or doubled, and its dots spelled "dot"; only where the domain ends in a real top-level name."""

    PATTERNS: ClassVar[list[Pattern]] = [
        Pattern(
            "@ in brackets, spaced or doubled",
            rf"{_LOCAL}(?:{_BRACKETED_AT}|{_SPACED_AT}){_LABEL}(?:{_DOT}{_LABEL})+{_END}",
            0.6,
        ),
        Pattern(
            "at as a word after a dotted local part",
            rf"{_DOTTED_LOCAL}{_WORD_AT}{_LABEL}(?:{_DOT}{_LABEL})+{_END}",
            0.6,
        ),
        Pattern(
            "at as a word, dots as words",
            rf"{_LOCAL}(?:{_SPELLED_DOT}[\w+-]+){{0,3}}{_WORD_AT}{_LABEL}(?:\.{_LABEL})*(?:{_SPELLED_DOT}{_LABEL})+{_END}",
            0.6,
        ),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            supported_entity="EMAIL_ADDRESS", patterns=self.PATTERNS, name="SpelledEmailRecognizer", **kwargs
        )

    def validate_result(self, pattern_text: str) -> bool:
        address = as_written_for_machines(pattern_text)
        top = address.rsplit(".", 1)[-1].lower()
        mailed = (
            len(top) == 2 or top in _MAILED_TOPS
        )  # not code's "runtime.internal", "R.studio", "localhost dot local"
        return address.count("@") == 1 and mailed and top not in PRIVATE_TLDS and a_real_domain(address)
