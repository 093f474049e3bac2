"""PII detection and reversible pseudonymisation, fully offline, failing closed.

`Redactor(settings).redact(text) -> Redaction` (sanitized `.text`, `.entities`, `.vault`);
`restore(text, vault)`; `Restorer(vault).feed(chunk) / .flush()` for streams. The vault lives in the
origin region's memory only: it cannot be pickled, and nothing here logs a detected value.
This package imports nothing of ours.
"""

from typing import TYPE_CHECKING

from ._config import PiiSettings, Profile
from ._errors import DetectionFailed, DetectionTimeout, LeakDetected, PiiError, TextTooLong
from ._placeholders import Restored, Restorer, Vault, label_for, restore, restore_report
from ._spans import TYPE_PRIORITY, Entity, merge

if TYPE_CHECKING:
    from ._redactor import Redaction, Redactor

__all__ = [
    "TYPE_PRIORITY",
    "DetectionFailed",
    "DetectionTimeout",
    "Entity",
    "LeakDetected",
    "PiiError",
    "PiiSettings",
    "Profile",
    "Redaction",
    "Redactor",
    "Restored",
    "Restorer",
    "TextTooLong",
    "Vault",
    "label_for",
    "merge",
    "restore",
    "restore_report",
]


def __getattr__(name: str) -> object:
    # Importing the Redactor imports Presidio and spaCy (seconds); restore-only users skip that.
    if name in ("Redactor", "Redaction"):
        from . import _redactor

        return getattr(_redactor, name)
    raise AttributeError(name)
