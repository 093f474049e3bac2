"""A small PKI for the federation with `cryptography`: one CA, EC P-256 keys, certificates per identity.

Identities are certificate subjects `CN=<name>,O=fedinfer`: `hub`, `coordinator`, `admin`,
`region-<region>` (a region's nodes), `leaf-<region>` (a region's NATS leaf server). nats-server
maps a client to its permissions by that subject (`verify_and_map`). Keys are written mode 0600 and
nothing is ever overwritten.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
import re
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from . import subjects
from ._errors import PkiError

ORGANIZATION = "fedinfer"
CA_NAME = "ca"
_IDENTITY = re.compile(r"^[a-z][a-z0-9-]{0,69}$")
_HOST_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")


def node_identity(region: str) -> str:
    return f"region-{_region(region)}"


def leaf_identity(region: str) -> str:
    return f"leaf-{_region(region)}"


def _region(region: str) -> str:
    try:
        return subjects.check_token(region)
    except ValueError as exc:
        raise PkiError(str(exc)) from exc


def check_host(host: str) -> str:
    """A subject alternative name we issue: an IP address or a DNS host name (RFC 1123), nothing else.

    nats-server maps a client to a user by its DNS SANs before its subject, so a SAN that spelled
    another identity's subject (`CN=admin,O=fedinfer`) would become that identity; a host name
    cannot contain '=' or ','.
    """
    try:
        ipaddress.ip_address(host)
        return host
    except ValueError:
        pass
    labels = host.split(".")
    if len(host) > 253 or not all(_HOST_LABEL.match(label) for label in labels) or labels[-1].isdigit():
        raise PkiError(
            f"host {host!r} is neither an IP address nor a DNS host name (letters, digits and '-' in dot-separated"
            " labels, e.g. node1.eu-west.internal)"
        )
    return host


def subject_of(name: str) -> str:
    """The RFC 4514 subject nats-server sees for an identity: `CN=region-eu-west,O=fedinfer`."""
    return f"CN={name},O={ORGANIZATION}"


@dataclass(frozen=True, slots=True)
class Issued:
    cert: Path
    key: Path


def init_ca(directory: Path, *, days: int = 3650, common_name: str = "fedinfer-ca") -> Issued:
    """Create the federation's CA in `directory` (`ca.crt`, `ca.key`); refuse to overwrite one."""
    cert_path, key_path = directory / f"{CA_NAME}.crt", directory / f"{CA_NAME}.key"
    _refuse_existing(cert_path, key_path)
    key = ec.generate_private_key(ec.SECP256R1())
    name = _name(common_name)
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                key_cert_sign=True,
                crl_sign=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    _write_pair(directory, key_path, _key_bytes(key), cert_path, cert.public_bytes(serialization.Encoding.PEM))
    return Issued(cert_path, key_path)


def issue(
    ca_dir: Path,
    out_dir: Path,
    name: str,
    *,
    hosts: tuple[str, ...] = ("localhost", "127.0.0.1"),
    days: int = 365,
    not_before: dt.datetime | None = None,
    not_after: dt.datetime | None = None,
) -> Issued:
    """Issue `<name>.crt`/`<name>.key` signed by the CA in `ca_dir`, for server and client use.

    `hosts` become subject alternative names (DNS names or IP addresses). `not_before`/`not_after`
    override the validity window (tests use them to make expired certificates).
    """
    if not _IDENTITY.match(name):
        raise PkiError(
            f"identity name {name!r} is not usable in a certificate subject; use lowercase letters, digits and '-'"
        )
    hosts = tuple(check_host(host) for host in hosts)
    ca_cert, ca_key = load_ca(ca_dir)
    cert_path, key_path = out_dir / f"{name}.crt", out_dir / f"{name}.key"
    _refuse_existing(cert_path, key_path)
    key = ec.generate_private_key(ec.SECP256R1())
    now = dt.datetime.now(dt.UTC)
    start = not_before or now - dt.timedelta(minutes=5)
    end = not_after or now + dt.timedelta(days=days)
    sans: list[x509.GeneralName] = []
    for host in hosts:
        try:
            sans.append(x509.IPAddress(ipaddress.ip_address(host)))
        except ValueError:
            sans.append(x509.DNSName(host))
    cert = (
        x509.CertificateBuilder()
        .subject_name(_name(name))
        .issuer_name(ca_cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(start)
        .not_valid_after(end)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH]), critical=False
        )
        .add_extension(x509.SubjectAlternativeName(sans), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )
    _write_pair(out_dir, key_path, _key_bytes(key), cert_path, cert.public_bytes(serialization.Encoding.PEM))
    return Issued(cert_path, key_path)


def load_ca(ca_dir: Path) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    cert_path, key_path = ca_dir / f"{CA_NAME}.crt", ca_dir / f"{CA_NAME}.key"
    try:
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    except FileNotFoundError as exc:
        raise PkiError(f"no CA in {ca_dir}: run `fedinfer pki init {ca_dir}` first") from exc
    except ValueError as exc:
        raise PkiError(f"the CA in {ca_dir} cannot be read: {exc}") from exc
    if not isinstance(key, ec.EllipticCurvePrivateKey):
        raise PkiError(f"the CA key in {ca_dir} is not an EC key")
    return cert, key


def certificate_subject(cert_path: Path) -> str:
    """The subject of a PEM certificate in RFC 4514 form."""
    cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    return cert.subject.rfc4514_string()


def _name(common_name: str) -> x509.Name:
    # RFC 4514 lists the last RDN first: this reads "CN=<name>,O=fedinfer".
    return x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, ORGANIZATION),
            x509.NameAttribute(NameOID.COMMON_NAME, common_name),
        ]
    )


def _key_bytes(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def _refuse_existing(*paths: Path) -> None:
    for path in paths:
        if path.exists():
            raise PkiError(f"{path} already exists; refusing to overwrite it (remove it first if you mean to)")


def _write_pair(directory: Path, key_path: Path, key: bytes, cert_path: Path, cert: bytes) -> None:
    """A key (0600) and its certificate into `directory`; a folder that cannot be written is a `PkiError`
    naming it, and a key written without its certificate is removed again."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        _write(key_path, key, secret=True)
        try:
            _write(cert_path, cert, secret=False)
        except BaseException:
            key_path.unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise PkiError(
            f"cannot write to {directory}: {exc.strerror or exc}; choose a folder this user may write to"
        ) from exc


def _write(path: Path, data: bytes, *, secret: bool) -> None:
    mode = 0o600 if secret else 0o644
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data)
    os.chmod(path, mode)
