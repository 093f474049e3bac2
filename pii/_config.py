"""What a region can tune about PII detection (a section of its configuration file)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Profile = Literal["EU", "UK", "US", "KR", "SG", "IN", "AU", "all"]

IDENTIFIER_THRESHOLDS: dict[str, float] = {
    "KR_PASSPORT": 0.05,
    "US_SSN": 0.05,
    "DATE_TIME": 0.1,
    "IP_ADDRESS": 0.1,
    "IN_PAN": 0.01,
    "SG_NRIC_FIN": 0.3,
    "IT_FISCAL_CODE": 0.3,
}
"""Identifier formats specific enough that even Presidio's weak-pattern matches (scored 0.01-0.3
without context words) are worth hiding: tuned on Presidio's own recognizer cases. Broad weak
patterns (US driver licence: "v8", "explaining") keep the general threshold."""


class PiiSettings(BaseModel):
    """PII detection settings of one region."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    profiles: tuple[Profile, ...] = Field(
        ("EU", "UK", "US", "KR"),
        description="Jurisdiction recognizer profiles to load besides the common one (emails, phones, cards, ...).",
    )
    entities: tuple[str, ...] | None = Field(
        None, description="Only these entity types are replaced; None replaces every type the recognizers find."
    )
    score_threshold: float = Field(0.4, ge=0.0, le=1.0, description="Minimum detection score to replace a span.")
    entity_thresholds: dict[str, float] = Field(
        default_factory=lambda: dict(IDENTIFIER_THRESHOLDS),
        description="Per entity type overrides of `score_threshold` (defaults: `IDENTIFIER_THRESHOLDS`).",
    )
    max_chars: int = Field(32_000, gt=0, description="Longer texts are refused (fail closed), never truncated.")
    timeout_s: float = Field(10.0, gt=0, description="Detection that takes longer fails closed.")
    batch_size: int = Field(
        64, gt=0, description="Texts per spaCy batch in `redact_many` (as many as a lane takes: one batch each)."
    )
    max_batch_texts: int = Field(
        64, gt=0, description="Texts of concurrent requests detected together at most (a larger request runs whole)."
    )
    detect_workers: int | None = Field(
        None,
        ge=0,
        description="Detection processes for concurrent requests, each with its own models (`pii._pool`); None: the"
        " cores this process may use, at most 16; 0 or 1: detection on one thread of this process.",
    )

    def threshold_for(self, entity_type: str) -> float:
        return self.entity_thresholds.get(entity_type, self.score_threshold)
