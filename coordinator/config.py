"""The coordinator's settings: one pydantic-settings class, `FEDINFER_COORDINATOR_*` overrides."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

RETIRED: dict[str, str] = {
    "max_deliver": "the coordinator, not JetStream, gives up on a job: a region's consumer redelivers it without"
    " limit, a node refuses it once its deadline has passed, and the watchdog re-routes it out of a region with"
    " no live node",
}
"""Settings that were removed, and why. pydantic-settings ignores an environment variable that names no
field, so naming one of these stops the start instead of silently doing nothing."""


class CoordinatorSettings(BaseSettings):
    """Everything the coordinator process needs to start."""

    model_config = SettingsConfigDict(env_prefix="FEDINFER_COORDINATOR_", extra="forbid")

    nats_url: str = Field(
        description="The hub's client URL, e.g. tls://127.0.0.1:4222; for a clustered hub, every server's,"
        " comma-separated (the client fails over between them)."
    )
    jetstream_replicas: int = Field(
        1, ge=1, le=5, description="Copies of the job stream and the ledger: 3 on a hub of three servers."
    )
    instance: str = Field(
        "coordinator",
        pattern=r"^[a-z][a-z0-9-]{0,62}$",
        description="This coordinator's name among those sharing the work (its audit chain's writer): each of"
        " several coordinators needs its own, e.g. coordinator-1, coordinator-2.",
    )
    pki_dir: Path = Field(description="Folder with ca.crt and coordinator.crt/.key.")
    policy: Path = Field(description="The jurisdiction policy file (the authoritative copy).")
    audit_url: str = Field("sqlite:///coordinator-audit.db", description="SQLAlchemy URL of its audit store.")
    policy_grace_s: float = Field(
        300.0,
        gt=0,
        description="After the policy file changes (checked every watch interval), how long jobs decided under"
        " the version it replaced are still taken: regions move to the new one meanwhile.",
    )
    audit_key_file: Path | None = Field(None, description="HMAC key for signing its audit chain.")
    heartbeat_ttl_s: float = Field(6.0, gt=0, description="A node silent for this long is gone.")
    ack_wait_s: float = Field(
        10.0,
        ge=3,
        description="A job's delivery neither acknowledged nor kept alive within this is delivered again: how long"
        " a delivery lost with a hub server, or a node that died, holds its job up. Nodes keep a running job alive"
        " every second, so at least 3.",
    )
    watch_interval_s: float = Field(1.0, gt=0, description="How often jobs stuck in a dead region are checked.")
    http_host: str = Field("127.0.0.1", description="Admin API address.")
    http_port: int = Field(8700, description="Admin API port.")
    trace_timeout_s: float = Field(2.0, gt=0, description="How long a region has to answer an audit trace.")
    tenants_file: Path | None = Field(
        None,
        description="YAML list of {name, token_sha256, roles: [admin|audit]} who may call the admin API; "
        "unset or empty: every endpoint but /healthz is refused.",
    )

    @model_validator(mode="before")
    @classmethod
    def _no_retired_settings(cls, data: object) -> object:
        prefix = str(cls.model_config.get("env_prefix", ""))
        environment = {name.upper() for name in os.environ}
        for name, why in RETIRED.items():
            variable = f"{prefix}{name}".upper()
            if variable in environment or (isinstance(data, dict) and name in data):
                raise ValueError(f"the setting {name} ({variable}) was removed: {why}. Unset it.")
        return data
