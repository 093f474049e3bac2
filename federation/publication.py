"""A policy published through the fabric: sealed by an admin, opened by coordinators and regions.

The admin (`fedinfer policy publish`) writes the sealed publication into the hub's key-value bucket
`subjects.POLICY_BUCKET`, which only admins may write; coordinators read it there and relay it to each
region (`subjects.policy`), which has no JetStream of its own. Whoever relays it, a receiver believes
only the admin's signature over the text and the version: a compromised coordinator or leaf can delay a
publication, not forge or alter one, and a receiver that takes only versions newer than its own cannot
be rolled back by a replayed one. Pure logic over bytes.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ._errors import MessageRejected
from .messages import PolicyPublication, decode
from .signing import TIMESTAMP, Verifier

PUBLISHER = "admin"
"""The identity whose signature makes a publication: the federation's operators."""
CONTEXT = "policy-publication"
"""What an admin's signature is bound to, so that no other signed message can pass for a publication."""


def seal(sign: Callable[[str, bytes], dict[str, str]], text: str, version: int, *, now: float | None = None) -> bytes:
    """The publication of `text` as `version`, signed with `sign` (an admin's `Fabric.signed`)."""
    unsigned = PolicyPublication(version=version, text=text, published_at=time.time() if now is None else now)
    return unsigned.model_copy(update={"signature": sign(CONTEXT, unsigned.signed_part())}).encode()


def opened(verifier: Verifier, data: bytes) -> PolicyPublication:
    """The publication in `data`; `MessageRejected` unless an admin signed exactly it, with a certificate
    valid when it signed (at any age since: a publication stays in force until the next one, also after
    the admin's certificate expired); `WireError` when it is not one."""
    publication = decode(PolicyPublication, data)
    try:
        signed_at = float(publication.signature.get(TIMESTAMP, ""))
    except ValueError as exc:
        raise MessageRejected("the publication carries no signing time", reason="unsigned") from exc
    verifier.verify(CONTEXT, publication.signed_part(), publication.signature, PUBLISHER, fresh=False, now=signed_at)
    return publication
