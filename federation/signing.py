"""End-to-end message authentication, as defence in depth below mTLS and the broker's accounts.

The broker already binds each subject to the identity allowed to publish there; a compromised broker
or leaf server could still forge or alter messages. So every identity signs what it publishes with the
key of its own certificate (issued by the federation CA), and every receiver checks that the signer
is the identity the subject names, that the certificate chains to the CA, and that the message is
fresh. Headers:

- `Fed-Cert`: the signer's certificate (DER, base64); receivers verify it once and cache it.
- `Fed-Ts`: when it was signed (Unix seconds); older than `max_age_s`, or from the future beyond the
  allowed skew, is refused (replay protection together with job ids, sequence numbers and deadlines).
- `Fed-Sig`: ECDSA P-256 / SHA-256 over `context \\n ts \\n payload`, where the context is the subject,
  or for a reply the request's own signature (a responder sees the requester's reply subject renamed
  by the broker, so a reply is bound to the one request it answers: ECDSA signatures are randomized,
  so no two requests share one).

Pure logic over bytes: no I/O beyond reading the key and certificates once.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from ._errors import MessageRejected
from .pki import ORGANIZATION

CERT, TIMESTAMP, SIGNATURE = "Fed-Cert", "Fed-Ts", "Fed-Sig"
_ECDSA = ec.ECDSA(hashes.SHA256())


def reply_context(request_signature: str) -> str:
    """What a reply is signed over instead of its subject: the signature of the request it answers."""
    return "reply:" + request_signature


def _signed_bytes(context: str, timestamp: str, payload: bytes) -> bytes:
    return f"{context}\n{timestamp}\n".encode() + payload


class Signer:
    """Signs what one identity publishes, with its certificate's private key."""

    def __init__(self, cert_path: Path, key_path: Path) -> None:
        key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
        if not isinstance(key, ec.EllipticCurvePrivateKey):
            raise MessageRejected("the signing key is not an EC key", reason="bad_key")
        self._key = key
        der = x509.load_pem_x509_certificate(cert_path.read_bytes()).public_bytes(serialization.Encoding.DER)
        self._cert = base64.b64encode(der).decode("ascii")

    def headers(self, context: str, payload: bytes, *, now: float | None = None) -> dict[str, str]:
        timestamp = f"{time.time() if now is None else now:.3f}"
        signature = self._key.sign(_signed_bytes(context, timestamp, payload), _ECDSA)
        return {CERT: self._cert, TIMESTAMP: timestamp, SIGNATURE: base64.b64encode(signature).decode("ascii")}


@dataclass(frozen=True, slots=True)
class _Known:
    identity: str
    key: ec.EllipticCurvePublicKey
    not_before: float
    not_after: float


class Verifier:
    """Checks that a message was signed by the identity its subject names, under the federation CA."""

    CACHE_SIZE = 1024
    """Verified certificates kept (by the digest of their DER bytes); the oldest is forgotten first."""

    def __init__(self, ca_path: Path, *, max_age_s: float = 120.0, skew_s: float = 30.0) -> None:
        self._ca = x509.load_pem_x509_certificate(ca_path.read_bytes())
        self.max_age_s = max_age_s
        self.skew_s = skew_s
        self._known: OrderedDict[bytes, _Known] = OrderedDict()

    def verify(
        self,
        context: str,
        payload: bytes,
        headers: Mapping[str, str] | None,
        expected: str,
        *,
        fresh: bool = True,
        now: float | None = None,
    ) -> None:
        """Raise `MessageRejected` unless `expected` signed `payload` for `context` (and recently, if `fresh`)."""
        now = time.time() if now is None else now
        headers = headers or {}
        try:
            cert, timestamp, signature = headers[CERT], headers[TIMESTAMP], headers[SIGNATURE]
        except KeyError as exc:
            raise MessageRejected(f"unsigned message (no {exc.args[0]} header)", reason="unsigned") from exc
        signer = self._certificate(cert, now)
        if signer.identity != expected:
            raise MessageRejected(
                f"signed by {signer.identity}, but only {expected} may send this", reason="wrong_signer"
            )
        try:
            signed_at = float(timestamp)
            signer.key.verify(
                base64.b64decode(signature, validate=True), _signed_bytes(context, timestamp, payload), _ECDSA
            )
        except (ValueError, binascii.Error, InvalidSignature) as exc:
            raise MessageRejected("the signature does not match the message", reason="bad_signature") from exc
        if fresh and not (now - self.max_age_s <= signed_at <= now + self.skew_s):
            raise MessageRejected(f"signed {now - signed_at:.0f} s ago: stale or replayed", reason="stale")

    def _certificate(self, encoded: str, now: float) -> _Known:
        try:
            der = base64.b64decode(encoded, validate=True)
        except ValueError as exc:
            raise MessageRejected("the signer's certificate is not base64", reason="bad_certificate") from exc
        digest = hashlib.sha256(der).digest()
        known = self._known.get(digest)
        if known is None:
            known = self._check(der)
            self._known[digest] = known
            if len(self._known) > self.CACHE_SIZE:
                self._known.popitem(last=False)
        if not known.not_before <= now <= known.not_after:
            raise MessageRejected(f"the certificate of {known.identity} is not valid now", reason="bad_certificate")
        return known

    def _check(self, der: bytes) -> _Known:
        try:
            cert = x509.load_der_x509_certificate(der)
            cert.verify_directly_issued_by(self._ca)
        except (ValueError, TypeError, InvalidSignature) as exc:
            raise MessageRejected(
                "the signer's certificate is not one the federation CA issued", reason="bad_certificate"
            ) from exc
        key = cert.public_key()
        organizations = cert.subject.get_attributes_for_oid(NameOID.ORGANIZATION_NAME)
        names = cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
        if not isinstance(key, ec.EllipticCurvePublicKey) or len(names) != 1 or len(organizations) != 1:
            raise MessageRejected("the signer's certificate names no single identity", reason="bad_certificate")
        if organizations[0].value != ORGANIZATION:
            raise MessageRejected("the signer's certificate is not a federation identity", reason="bad_certificate")
        return _Known(
            identity=str(names[0].value),
            key=key,
            not_before=cert.not_valid_before_utc.timestamp(),
            not_after=cert.not_valid_after_utc.timestamp(),
        )
