"""Wire contracts between regions and the coordinator: pydantic models with a schema version.

Every message is JSON with `"v": 1`; a receiver refuses a message of another version or shape with
`WireError` rather than guessing. Payload text here is always sanitized (pseudonymised where the
policy required it): raw personal data and vaults never travel.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from . import subjects
from ._errors import WireError

SCHEMA_VERSION: Literal[1] = 1

Token = Annotated[str, StringConstraints(pattern=subjects.TOKEN_PATTERN)]
_WRITER = "^{0}/{0}$".format(subjects.TOKEN_PATTERN.strip("^$"))
"""An audit writer: `<region>/<node>`."""
JobId = Annotated[str, StringConstraints(pattern=subjects.JOB_ID_PATTERN)]
Transform = Literal["pseudonymize"]


class _Wire(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    v: Literal[1] = SCHEMA_VERSION

    def encode(self) -> bytes:
        return self.model_dump_json(exclude_none=True).encode("utf-8")


class AuditHead(_Wire):
    """A region writer's newest audit event, for the coordinator to witness (`audit._witness`)."""

    writer: str = Field(max_length=80, pattern=_WRITER)
    seq: int = Field(ge=0)
    hash: str = Field(pattern=r"^[0-9a-f]{64}$")


class Heartbeat(_Wire):
    """A region node says it is alive, what it serves and how loaded it is, and where its audit chain
    stands."""

    region: Token
    node: Token
    models: list[str]
    capacity: int = Field(ge=0, description="Sequences it can run at once.")
    queue_depth: int = Field(ge=0, description="Requests waiting or running.")
    kv_cache_usage: float = Field(ge=0.0, le=1.0)
    latency_ms: float = Field(0.0, ge=0.0, description="Recent median time to first token.")
    healthy: bool = True
    sent_at: float
    audit_head: AuditHead | None = None


class Catalogue(_Wire):
    """What can be served now: the regions with live, healthy nodes and the models they serve, from their
    heartbeats. The coordinator sends it to every region (`subjects.catalogue`) for `/v1/models`."""

    regions: dict[Token, list[str]]
    sent_at: float


class PolicyPublication(_Wire):
    """A policy an admin published (`fedinfer policy publish`): its text and version, signed by the admin
    over both (`federation.publication`), so that the coordinator relays it to the regions but cannot
    alter it, nor pass an older version off as newer."""

    version: int = Field(ge=1, description="One more than the version it replaces; a rollback is a new version.")
    text: str = Field(max_length=1 << 20, description="The policy YAML as written.")
    published_at: float
    signature: dict[str, str] = Field(default_factory=dict, description="The admin's `Fed-*` headers.")

    def signed_part(self) -> bytes:
        """What the admin's signature covers: everything but the signature."""
        return self.model_dump_json(exclude={"signature"}).encode("utf-8")


class ChatMessage(_Wire):
    role: Literal["system", "user", "assistant", "tool", "developer"]
    content: str


class GenerationParams(_Wire):
    max_tokens: int = Field(256, ge=1, le=32768)
    temperature: float = Field(1.0, ge=0.0, le=2.0)
    top_p: float = Field(1.0, gt=0.0, le=1.0)
    stop: list[str] = Field(default_factory=list, max_length=4)
    seed: int | None = None
    max_tokens_given: bool = Field(
        True, description="The client named max_tokens; otherwise the executor may cut it to what the context leaves."
    )


class Attestation(_Wire):
    """What the origin region did to the payload before it left, for the coordinator to check."""

    transforms: list[Transform]
    pii_counts: dict[str, int] = Field(default_factory=dict)
    payload_hash: str
    policy_digest: str


class JobRequest(_Wire):
    """The request part of a job: the origin region and its request attributes, sanitized content."""

    job_id: JobId
    origin_region: Token
    origin_node: Token
    data_class: str
    model: str
    purpose: str | None = None
    consent: bool = False
    tenant: str | None = None
    kind: Literal["chat", "completion"]
    messages: list[ChatMessage] = Field(default_factory=list)
    prompt: str | None = None
    params: GenerationParams = Field(default_factory=GenerationParams)
    deadline: float = Field(description="Unix time after which the answer is no use.")
    prefix_hash: str = Field(description="Hash of the sanitized prompt's first characters, for cache affinity.")


class Submission(_Wire):
    """Sent by an origin region to `fed.submit` (request/reply)."""

    job: JobRequest
    attestation: Attestation
    exclude_regions: list[Token] = Field(default_factory=list, description="Regions not to route to (e.g. the origin).")


class SubmitReply(_Wire):
    job_id: str
    accepted: bool
    target_region: Token | None = None
    reason: str
    code: Literal["routed", "refused", "no_region", "invalid"] = "routed"


class Assignment(_Wire):
    """A job in a region's queue (`fed.jobs.<region>`)."""

    job: JobRequest
    attestation: Attestation
    target_region: Token
    attempt: int = Field(1, ge=1)
    routed_at: float


class ResultChunk(_Wire):
    """Part of an answer on `fed.results.<origin>.<executor>.<job>`; the last one has `done`."""

    job_id: str
    executor: Token
    node: str = Field("", max_length=64, description="The executing node; with `delivery`, one run of the job.")
    delivery: int = Field(1, ge=1, description="Which delivery of the job this run is (redeliveries count up).")
    seq: int = Field(ge=0)
    delta: str = ""
    done: bool = False
    finish_reason: Literal["stop", "length", "error"] | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    error: str | None = Field(None, description="Set with done when the job failed; no payload text.")
    error_code: (
        Literal["context_length_exceeded", "invalid_request", "generation_failed", "engine_failed", "expired"] | None
    ) = Field(
        None, description="With `error`: what kind of failure, so the origin answers its client as if it ran the job."
    )
    reassigned_to: Token | None = Field(
        None,
        description="Only from the coordinator: it moved the job to this region (its first target had no live"
        " node), whose answer the origin accepts from now on.",
    )
    attempt: int = Field(
        1, ge=1, description="With `reassigned_to`: the routing attempt it announces; only a later one is followed."
    )
    engine_ttft_ms: float | None = Field(
        None,
        ge=0.0,
        description="On the run's first chunk: the executing engine's own time to that first token, so the origin"
        " can tell what the federation added to the time its client waited.",
    )


class ResendRequest(_Wire):
    """An origin node heard nothing of its job's answer for a while: the executing region sends what it has
    sent of it again, from `from_seq` (chunks can be lost on a link being re-made; duplicates are ignored).
    With `withdraw`, the origin no longer waits for the answer at all (its client was told the job failed,
    or left): the executing region stops the job, or drops it unrun when it comes."""

    job_id: JobId
    from_seq: int = Field(ge=0)
    withdraw: bool | None = None
    """True: withdrawn. None (not sent) otherwise, so that a node of the previous release still reads an
    ordinary resend request."""


class AuditQuery(_Wire):
    """The coordinator asks a region for its own audit events of one job (`fed.audit.<region>`)."""

    job_id: str


class AuditAnswer(_Wire):
    region: Token
    events: list[dict[str, object]]


M = TypeVar("M", bound=_Wire)


def decode(model: type[M], data: bytes) -> M:
    """Parse one message; `WireError` names the model and the first problem, never the payload."""
    try:
        return model.model_validate_json(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        raise WireError(f"not a valid {model.__name__} (v{SCHEMA_VERSION}): {where}: {first['msg']}") from exc
