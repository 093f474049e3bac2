"""Errors of the audit package.

Exception tree::

    AuditError               the audit log could not be written or read
    ├── AuditUnavailable     the store cannot be reached or migrated; callers must not proceed
    ├── AuditStoreNotFound   a store opened for reading is missing, malformed or not an audit store
    └── UnknownWriter        a writer named for verification has no chain in the store
"""

from __future__ import annotations


class AuditError(Exception):
    """The audit log could not be written or read."""


class AuditUnavailable(AuditError):
    """The store cannot be reached: an event that must be written first was not, so stop."""


class AuditStoreNotFound(AuditError):
    """A store opened for reading does not exist, its address is malformed, or it holds no audit
    tables. Reading never creates one, so a mistyped address cannot read as an empty, valid log."""

    def __init__(self, value: str, message: str) -> None:
        super().__init__(message)
        self.value = value


class UnknownWriter(AuditError):
    """A writer named for verification has no chain in the store."""

    def __init__(self, writer: str, known: list[str]) -> None:
        listed = ", ".join(known) if known else "none"
        super().__init__(f"writer {writer!r} has no chain in this store (writers: {listed}); check --writer")
        self.writer = writer
        self.known = known
