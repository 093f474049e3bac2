"""The PKI: identities, key files, refusal to overwrite."""

from __future__ import annotations

import datetime as dt
import stat
from pathlib import Path

import pytest
from cryptography import x509
from typer.testing import CliRunner

from federation import PkiError, pki
from fedinfer.cli import app


def test_issue_writes_a_cert_for_the_identity_with_private_keys_0600(tmp_path: Path) -> None:
    pki.init_ca(tmp_path)
    issued = pki.issue(tmp_path, tmp_path, pki.node_identity("eu-west"), hosts=("node1.eu-west.internal", "10.0.0.7"))
    assert stat.S_IMODE(issued.key.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "ca.key").stat().st_mode) == 0o600
    cert = x509.load_pem_x509_certificate(issued.cert.read_bytes())
    assert cert.subject.rfc4514_string() == "CN=region-eu-west,O=fedinfer"
    sans = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert sans.get_values_for_type(x509.DNSName) == ["node1.eu-west.internal"]
    assert [str(ip) for ip in sans.get_values_for_type(x509.IPAddress)] == ["10.0.0.7"]
    assert cert.not_valid_after_utc - cert.not_valid_before_utc > dt.timedelta(days=364)


def test_nothing_is_overwritten(tmp_path: Path) -> None:
    pki.init_ca(tmp_path)
    with pytest.raises(PkiError, match=r"ca.crt already exists; refusing to overwrite"):
        pki.init_ca(tmp_path)
    pki.issue(tmp_path, tmp_path, "coordinator")
    with pytest.raises(PkiError, match=r"coordinator.crt already exists"):
        pki.issue(tmp_path, tmp_path, "coordinator")


def test_issue_without_a_ca_says_how_to_make_one(tmp_path: Path) -> None:
    with pytest.raises(PkiError, match=r"run `fedinfer pki init"):
        pki.issue(tmp_path, tmp_path, "coordinator")


def test_names_that_would_break_a_subject_are_refused(tmp_path: Path) -> None:
    pki.init_ca(tmp_path)
    with pytest.raises(PkiError, match=r"not usable in a certificate subject"):
        pki.issue(tmp_path, tmp_path, "evil,O=admin")


def test_cli_init_and_issue(tmp_path: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(app, ["pki", "init", str(tmp_path)]).exit_code == 0
    result = runner.invoke(app, ["pki", "issue", str(tmp_path), "node", "--region", "kr-central"])
    assert result.exit_code == 0, result.output
    assert "CN=region-kr-central,O=fedinfer" in result.output
    again = runner.invoke(app, ["pki", "issue", str(tmp_path), "node", "--region", "kr-central"])
    assert again.exit_code == 2 and "refusing to overwrite" in again.output
