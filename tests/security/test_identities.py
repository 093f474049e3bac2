"""Certificates that become someone else: `fedinfer pki issue` refuses every name and host that could
make nats-server map a certificate to another identity, beside the same command succeeding."""

from __future__ import annotations

from pathlib import Path

import pytest
from cryptography import x509
from typer.testing import CliRunner

from fedinfer.cli import app


@pytest.fixture
def ca(tmp_path: Path) -> Path:
    assert CliRunner().invoke(app, ["pki", "init", str(tmp_path)]).exit_code == 0
    return tmp_path


def _issue(ca: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["pki", "issue", str(ca), *args])
    return result.exit_code, result.output


def test_a_host_that_spells_another_identity_is_refused(ca: Path) -> None:
    code, output = _issue(ca, "node", "--region", "eu-west", "--host", "node1.eu-west.internal", "--host", "10.0.0.7")
    assert code == 0, output  # control
    cert = x509.load_pem_x509_certificate((ca / "region-eu-west.crt").read_bytes())
    sans = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert sans.get_values_for_type(x509.DNSName) == ["node1.eu-west.internal"]
    for host in ("CN=admin,O=fedinfer", "CN=leaf-us-east,O=fedinfer", "not a host!", "-lead.example", "a..b"):
        code, output = _issue(ca, "node", "--region", "us-east", "--host", host)
        assert code == 2, output
        assert f"host {host!r} is neither an IP address nor a DNS host name" in output
    assert not (ca / "region-us-east.crt").exists()  # nothing was signed


@pytest.mark.parametrize(
    "region",
    ["*", ">", "eu-west.x", "EU-WEST", "EU_West", "coordinator", "x" * 64],
    ids=["star", "gt", "dot", "upper", "underscore", "reserved", "too-long"],
)
def test_a_region_name_the_configurations_would_reject_is_refused(ca: Path, region: str) -> None:
    code, output = _issue(ca, "leaf", "--region", region)
    assert code == 2, output
    assert f"region {region!r}" in output
    assert not list(ca.glob("leaf-*.crt"))
    code, output = _issue(ca, "leaf", "--region", "kr-central")  # control
    assert code == 0 and "CN=leaf-kr-central,O=fedinfer" in output
