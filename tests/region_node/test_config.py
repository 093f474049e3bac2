"""Region configuration files: located errors, relative paths, environment overrides."""

from __future__ import annotations

from pathlib import Path

import pytest

from region_node.config import ConfigError, hash_token, load_region_config

GOOD = """
region: eu-west
policy: ../policies/federation.yaml
nats: {url: "tls://127.0.0.1:4301", pki_dir: ../pki}
api: {port: 8101}
tenants:
  - {name: clinic-a, token_sha256: "%s"}
engine: {kind: embedded, max_batch: 4}
pii: {profiles: [EU, KR], score_threshold: 0.5}
"""


def _write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "regions"
    folder.mkdir()
    path = folder / "eu-west.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_loads_with_paths_relative_to_it(tmp_path: Path) -> None:
    config = load_region_config(_write(tmp_path, GOOD % hash_token("secret")))
    assert config.policy == (tmp_path / "policies" / "federation.yaml").resolve()
    assert config.nats is not None and config.nats.pki_dir == (tmp_path / "pki").resolve()
    assert config.pii.profiles == ("EU", "KR") and config.engine.max_batch == 4


def test_environment_overrides_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FEDINFER_REGION_API__PORT", "9999")
    monkeypatch.setenv("FEDINFER_REGION_NODE", "node-7")
    config = load_region_config(_write(tmp_path, GOOD % hash_token("secret")))
    assert (config.api.port, config.node) == (9999, "node-7")


@pytest.mark.parametrize(
    ("mutation", "fragment"),
    [
        (
            ("max_batch: 4", "max_batch: 4, tensor_parallel: 2"),
            "engine.tensor_parallel: Extra inputs are not permitted",
        ),
        (("api: {port: 8101}", "api: {port: 70000}"), "api.port: Input should be less than or equal to 65535"),
        (('token_sha256: "', 'token_sha256: "zz'), "tenants.0.token_sha256: String should match pattern"),
        (("region: eu-west", "region: EU West"), "region: String should match pattern"),
    ],
    ids=["unknown-key", "bad-port", "bad-token-hash", "bad-region"],
)
def test_mistakes_are_named(tmp_path: Path, mutation: tuple[str, str], fragment: str) -> None:
    text = (GOOD % hash_token("secret")).replace(*mutation)
    with pytest.raises(ConfigError) as caught:
        load_region_config(_write(tmp_path, text))
    assert str(caught.value).startswith(str(tmp_path / "regions" / "eu-west.yaml"))
    assert fragment in str(caught.value)


@pytest.mark.parametrize(
    ("text", "located"),
    [
        ("region: [\n", "line 2, column 1"),
        ("region: eu-west\npolicy: nowhere.yaml\ntenants: []\n", "tenants: List should have at least 1 item"),
    ],
    ids=["not-yaml", "invalid-field"],
)
def test_region_serve_with_a_bad_configuration_says_where_in_one_message(
    tmp_path: Path, text: str, located: str
) -> None:
    from typer.testing import CliRunner

    from fedinfer.cli import app

    path = tmp_path / "region.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["region", "serve", str(path)])
    assert result.exit_code == 2
    assert str(path) in result.output and located in result.output
    assert "Traceback" not in result.output


def test_a_node_whose_tenants_the_policy_does_not_declare_refuses_to_start(tmp_path: Path) -> None:
    """The policy declares its tenants (`tenants:`): a rule naming one can then not be switched off by a
    tenant configured under another spelling."""
    from region_node.app import RegionNode
    from tests.conftest import EXAMPLES
    from tests.region_node.harness import region_config

    research = EXAMPLES / "policies" / "health-research.yaml"

    def tenants(*names: str) -> list[dict[str, object]]:
        return [{"name": n, "token_sha256": hash_token(n), "roles": ["inference"]} for n in names]

    refused = region_config(tmp_path, "de-berlin", tmp_path, policy=research, tenants=tenants("charite-onkology"))
    with pytest.raises(ConfigError, match="tenants charite-onkology are not declared in the policy"):
        RegionNode(refused)
    started = RegionNode(
        region_config(tmp_path, "de-berlin", tmp_path, policy=research, tenants=tenants("charite-oncology"))
    )
    started.store.dispose()  # control: a declared tenant
