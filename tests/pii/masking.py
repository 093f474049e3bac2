"""What a redaction shows, for the tests of single rules."""

from __future__ import annotations

import pii


def hidden(redactor: pii.Redactor, text: str, *values: str) -> str:
    """The redacted `text`, once none of `values` is left in it and it restores exactly."""
    redaction = redactor.redact(text)
    for value in values:
        assert value not in redaction.text, (value, redaction.text)
    assert pii.restore(redaction.text, redaction.vault) == text
    return redaction.text


def whole(redactor: pii.Redactor, text: str, *values: str) -> None:
    """Each of `values` lies inside one detected span: hidden as one value, not in pieces."""
    spans = [(e.start, e.end) for e in redactor.redact(text).entities]
    for value in values:
        at = text.index(value)
        assert any(start <= at and at + len(value) <= end for start, end in spans), (value, spans)


def people(redactor: pii.Redactor, text: str) -> list[str]:
    """The values found as people in `text`, once it restores exactly."""
    return found(redactor, text, "PERSON")


def found(redactor: pii.Redactor, text: str, *kinds: str) -> list[str]:
    """The values found as any of `kinds` in `text`, in order, once it restores exactly."""
    redaction = redactor.redact(text)
    assert pii.restore(redaction.text, redaction.vault) == text
    return [text[e.start : e.end] for e in redaction.entities if e.type in kinds]
