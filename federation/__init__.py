"""The federation fabric's shared parts: subjects, wire messages, PKI, nats-server configuration,
and connecting with mutual TLS. No routing or serving logic lives here."""

from . import messages, subjects
from ._errors import (
    FederationError,
    MessageRejected,
    NoResponders,
    PermissionViolation,
    PkiError,
    PublicationConflict,
    WireError,
)
from .connection import FabricConnection, Identity

__all__ = [
    "FabricConnection",
    "FederationError",
    "Identity",
    "MessageRejected",
    "NoResponders",
    "PermissionViolation",
    "PkiError",
    "PublicationConflict",
    "WireError",
    "messages",
    "subjects",
]
