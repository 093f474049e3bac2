"""Errors of the audit package.

Exception tree::

    AuditError               the audit log could not be written or read
    └── AuditUnavailable     the store cannot be reached or migrated; callers must not proceed
"""

from __future__ import annotations


class AuditError(Exception):
    """The audit log could not be written or read."""


class AuditUnavailable(AuditError):
    """The store cannot be reached: an event that must be written first was not, so stop."""
