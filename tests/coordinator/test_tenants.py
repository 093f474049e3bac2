"""The coordinator's tenants file: read into `Tenants`, malformed files stop the start with the file
and the problem named, no file means no tenants (every protected endpoint refused)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from coordinator import CoordinatorSettings
from coordinator.app import serve
from coordinator.tenants import Refused, Tenant, Tenants, TenantsFileError, hash_token
from federation import FederationError
from tests.conftest import EXAMPLES

HASH = hash_token("fi-admin")


def test_a_tenants_file_is_read_and_its_token_authorizes(tmp_path: Path) -> None:
    path = tmp_path / "tenants.yaml"
    path.write_text(
        f"- name: ops\n  token_sha256: {HASH}\n  roles: [admin, audit]\n"
        f"- name: compliance\n  token_sha256: {hash_token('fi-audit')}\n  roles: [audit]\n"
    )
    tenants = Tenants.from_file(path)
    assert [t.name for t in tenants.tenants] == ["ops", "compliance"]
    assert tenants.authorize("fi-admin", "admin").name == "ops"
    assert tenants.authorize("fi-audit", "audit").name == "compliance"
    with pytest.raises(Refused) as refused:
        tenants.authorize("fi-audit", "admin")
    assert (refused.value.status, refused.value.code, refused.value.kind) == (403, "forbidden", "permission_error")


@pytest.mark.parametrize(
    "text",
    [None, "", "[]\n", "# nobody yet\n"],
    ids=["no-file-configured", "empty-file", "empty-list", "only-a-comment"],
)
def test_no_tenants_refuses_every_token(tmp_path: Path, text: str | None) -> None:
    path = None
    if text is not None:
        path = tmp_path / "tenants.yaml"
        path.write_text(text)
    tenants = Tenants.from_file(path)
    assert not tenants
    with pytest.raises(Refused) as refused:
        tenants.authorize("fi-admin", "admin")
    assert (refused.value.status, refused.value.code) == (401, "no_tenants")
    assert "FEDINFER_COORDINATOR_TENANTS_FILE" in refused.value.message


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("name: ops\n", "top level: Input should be a valid list"),
        (f"- name: ops\n  token_sha256: {HASH}\n", "0.roles: Field required"),
        (f"- name: ops\n  token_sha256: {HASH}\n  roles: []\n", "0.roles: Tuple should have at least 1 item"),
        (
            f"- name: ops\n  token_sha256: {HASH}\n  roles: [inference]\n",
            "0.roles.0: Input should be 'admin' or 'audit'",
        ),
        ("- name: ops\n  token_sha256: fi-admin\n  roles: [admin]\n", "0.token_sha256: String should match pattern"),
        (f"- name: ops\n  token: fi-admin\n  token_sha256: {HASH}\n  roles: [admin]\n", "0.token: Extra inputs"),
        (
            f"- {{name: ops, token_sha256: {HASH}, roles: [admin]}}\n"
            f"- {{name: ops, token_sha256: {hash_token('x')}, roles: [audit]}}\n",
            "name must be unique; listed more than once: ops",
        ),
        (
            f"- {{name: ops, token_sha256: {HASH}, roles: [admin]}}\n"
            f"- {{name: audit, token_sha256: {HASH}, roles: [audit]}}\n",
            "token_sha256 must be unique; listed more than once: 1 token hash(es)",
        ),
        ("- [unclosed\n", "cannot read the tenants file"),
    ],
    ids=[
        "not-a-list",
        "no-roles",
        "empty-roles",
        "region-role",
        "clear-text-token",
        "extra-field",
        "duplicate-name",
        "duplicate-token",
        "bad-yaml",
    ],
)
def test_a_malformed_tenants_file_names_the_file_and_the_problem(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "tenants.yaml"
    path.write_text(text)
    with pytest.raises(TenantsFileError) as error:
        Tenants.from_file(path)
    assert str(error.value).startswith(f"{path}: ")
    assert problem in error.value.problem
    assert "fi-admin" not in str(error.value)  # a token pasted in clear is not echoed into the log


def test_a_missing_tenants_file_is_an_error_not_an_open_api(tmp_path: Path) -> None:
    with pytest.raises(TenantsFileError, match="cannot read the tenants file"):
        Tenants.from_file(tmp_path / "absent.yaml")


def test_the_settings_take_the_tenants_file_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def settings() -> CoordinatorSettings:
        return CoordinatorSettings(nats_url="tls://127.0.0.1:4222", pki_dir=tmp_path, policy=tmp_path / "policy.yaml")

    assert settings().tenants_file is None
    monkeypatch.setenv("FEDINFER_COORDINATOR_TENANTS_FILE", str(tmp_path / "tenants.yaml"))
    assert settings().tenants_file == tmp_path / "tenants.yaml"


@pytest.mark.parametrize(
    "token", ["fi-admin ", "FI-ADMIN", "fi-admi", HASH], ids=["trailing-space", "case", "prefix", "the-hash"]
)
def test_a_token_matches_only_exactly(token: str) -> None:
    tenants = Tenants((Tenant(name="ops", token_sha256=HASH, roles=("admin",)),))
    assert tenants.authorize("fi-admin", "admin") == tenants.tenants[0]
    with pytest.raises(Refused) as refused:
        tenants.authorize(token, "admin")  # the API strips the header's whitespace; this layer does not
    assert (refused.value.status, refused.value.code) == (401, "invalid_token")


async def test_a_malformed_tenants_file_stops_the_coordinator_before_it_starts(tmp_path: Path) -> None:
    tenants = tmp_path / "tenants.yaml"
    tenants.write_text("- {name: ops, token_sha256: fi-admin, roles: [admin]}\n")
    with pytest.raises(TenantsFileError, match="token_sha256"):
        await serve(_settings(tmp_path, tenants_file=tenants))
    assert not (tmp_path / "audit.db").exists()  # nothing was opened, nothing connected


async def test_a_coordinator_without_tenants_says_so_when_it_starts(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # No certificates in pki_dir: the start fails at NATS, after the warning, which comes first.
    with caplog.at_level(logging.WARNING, logger="coordinator.app"), pytest.raises(FederationError):
        await serve(_settings(tmp_path))
    assert [r.getMessage() for r in caplog.records if r.name == "coordinator.app"] == [
        "no tenants configured (FEDINFER_COORDINATOR_TENANTS_FILE is unset): "
        "the admin API refuses every request but /healthz"
    ]


def _settings(tmp_path: Path, tenants_file: Path | None = None) -> CoordinatorSettings:
    return CoordinatorSettings(
        nats_url="tls://127.0.0.1:1",
        pki_dir=tmp_path,
        policy=EXAMPLES / "policies" / "federation.yaml",
        audit_url=f"sqlite:///{tmp_path / 'audit.db'}",
        tenants_file=tenants_file,
    )
