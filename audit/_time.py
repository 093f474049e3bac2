"""Audit times are UTC: stored, compared and shown in UTC on every backend. A time given without an
offset is taken to be UTC, never the machine's local time."""

from __future__ import annotations

from datetime import UTC, datetime


def utc(time: datetime) -> datetime:
    """`time` in UTC; a naive time is taken to be UTC already."""
    if time.tzinfo is None:
        return time.replace(tzinfo=UTC)
    return time if time.tzinfo is UTC else time.astimezone(UTC)


def parse_time(text: str) -> datetime:
    """An ISO 8601 time (`2025-01-01T12:02:00-05:00`, `...Z`, a date alone) as an aware UTC time.

    Raises ValueError with the value and the expected form."""
    try:
        return utc(datetime.fromisoformat(text.strip()))
    except ValueError as exc:
        raise ValueError(
            f"{text!r} is not an ISO 8601 time; expected e.g. 2025-01-01T12:02:00Z or 2025-01-01T12:02:00+09:00"
            " (no offset means UTC)"
        ) from exc
