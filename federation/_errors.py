"""Errors of the federation package.

Exception tree::

    FederationError          the fabric could not do what was asked
    ├── PkiError             a certificate or key could not be created, read or trusted
    ├── PermissionViolation  the NATS server refused a publish or subscribe for this identity
    ├── MessageRejected      a message is not signed by the identity its subject names, or is stale
    ├── NoResponders         a request found nobody listening (none there, or a link being re-made)
    └── WireError            a message on the wire is not one this version understands
"""

from __future__ import annotations


class FederationError(Exception):
    """The federation fabric could not do what was asked."""


class PkiError(FederationError):
    """A certificate or key could not be created, read or trusted."""


class PermissionViolation(FederationError):
    """The server refused an operation: this identity may not touch that subject."""

    def __init__(self, message: str, subject: str | None = None) -> None:
        self.subject = subject
        super().__init__(message)


class MessageRejected(FederationError):
    """A message failed end-to-end authentication; `reason` is a short code for metrics and the audit log
    (`unsigned`, `bad_certificate`, `wrong_signer`, `bad_signature`, `stale`)."""

    def __init__(self, message: str, reason: str) -> None:
        self.reason = reason
        super().__init__(message)


class NoResponders(FederationError):
    """A request found nobody listening on its subject: no such service, or (for a moment) the link to it
    is being made again, as when a leaf server moves to another hub server."""


class WireError(FederationError):
    """A message that does not parse as the expected contract (wrong schema, version or shape)."""


class PublicationConflict(FederationError):
    """Another policy was published between reading the current one and publishing: nothing was written."""
