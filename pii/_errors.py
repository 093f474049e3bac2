"""Errors of the pii package. Messages never carry the text or a detected value.

Exception tree::

    PiiError                 nothing may be sent: detection could not vouch for the text
    ├── TextTooLong          the text is over the configured limit
    ├── DetectionTimeout     the analyzer did not finish in time
    ├── DetectionFailed      the analyzer raised, or its models are missing
    └── LeakDetected         a vault value would still appear in the sanitized text
"""

from __future__ import annotations


class PiiError(Exception):
    """PII detection could not vouch for a text; fail closed: nothing leaves the region."""


class TextTooLong(PiiError):
    def __init__(self, length: int, limit: int) -> None:
        self.length = length
        self.limit = limit
        super().__init__(
            f"text of {length} characters is over the PII limit of {limit}; shorten it or raise `max_chars`"
        )


class DetectionTimeout(PiiError):
    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(f"PII detection took longer than {seconds:g} s; nothing was sent")


class DetectionFailed(PiiError):
    """The analyzer raised (the cause is chained) or could not be built."""


class LeakDetected(PiiError):
    def __init__(self, entity_type: str) -> None:
        self.entity_type = entity_type
        super().__init__(
            f"a detected {entity_type} value would still appear in the sanitized text; refusing to release it"
        )
