"""The policy file's schema: pydantic models with `extra="forbid"`, exported as JSON Schema.

These models check shape only; names are resolved (and meaning checked) in `_compile`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, StringConstraints, Tag

Transform = Literal["pseudonymize"]
"""What must happen to a prompt before it leaves its region. More may come (e.g. `redact`)."""

TRANSFORMS: tuple[Transform, ...] = ("pseudonymize",)

RESERVED_DESTINATIONS = ("any", "origin", "home", "adequate")
"""`origin`: the origin region; `home`: every region of the origin's own jurisdiction (and those nested in
it); `adequate`: the regions of the jurisdictions the origin's deems adequate (not its own: list it, or
add `home`); `any`: every region."""
"""Words a rule's `to:` understands besides region and jurisdiction names."""

RegionName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]{0,62}$")]
JurisdictionName = Annotated[str, StringConstraints(pattern=r"^[A-Z][A-Za-z0-9-]{0,31}$")]
DataClassName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_-]{0,31}$")]
Label = Annotated[str, StringConstraints(min_length=1, max_length=200)]


def _one_or_many(value: Any) -> Any:
    """Let authors write `from: EU` as well as `from: [EU, UK]`."""
    return [value] if isinstance(value, str) else value


Names = Annotated[
    list[Label],
    BeforeValidator(_one_or_many, json_schema_input_type=Label | list[Label]),
    Field(min_length=1),
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)


class JurisdictionSpec(_Strict):
    """A legal area; may sit within a wider one and deem other jurisdictions adequate."""

    law: str | None = Field(None, description="The law that governs personal data here, for people (e.g. GDPR).")
    within: JurisdictionName | None = Field(
        None,
        description="The jurisdiction this one is nested in (US-CA within US); rules on the outer apply.",
    )
    adequate: list[JurisdictionName] = Field(
        default_factory=list,
        description="Jurisdictions this one deems adequate (adequacy decisions); `to: adequate` expands to them"
        " (not to this one itself unless listed: `to: home` names it).",
    )


class RegionSpec(_Strict):
    """A deployment region: where a region node runs and data stays."""

    jurisdiction: JurisdictionName = Field(description="The jurisdiction the region's data centre sits in.")
    models: list[Label] | None = Field(
        None, description="Models this region may serve; absent means no model restriction."
    )


class DataClassRange(_Strict):
    """A range of the ordered data classes, bounds included."""

    at_least: DataClassName | None = Field(None, description="This class and every more protected one.")
    at_most: DataClassName | None = Field(None, description="This class and every less protected one.")


class When(_Strict):
    """Conditions on the request; every condition given must hold."""

    consent: bool | None = Field(None, description="The user's recorded consent to transfer (absent = not given).")
    purpose: Names | None = Field(None, description="The request's declared purpose is one of these.")
    model: Names | None = Field(None, description="The requested model is one of these.")
    tenant: Names | None = Field(None, description="The calling tenant is one of these.")


class AllowEntry(_Strict):
    """Destinations a rule allows, and the transforms required before data leaves for them."""

    to: Names = Field(
        description="Region or jurisdiction names, or `origin`, `home` (the origin's own jurisdiction), `adequate`,"
        " `any`. Earlier entries win for a region."
    )
    transforms: list[Transform] = Field(
        default_factory=list, description="Required before leaving the origin region (never applied at home)."
    )


def _data_class_kind(value: Any) -> str:
    return "range" if isinstance(value, dict | DataClassRange) else "names"


DataClassSelector = Annotated[
    Annotated[
        list[DataClassName],
        BeforeValidator(_one_or_many, json_schema_input_type=DataClassName | list[DataClassName]),
        Field(min_length=1),
        Tag("names"),
    ]
    | Annotated[DataClassRange, Tag("range")],
    Discriminator(_data_class_kind),
]
UNION_TAGS = frozenset({"names", "range"})
"""Tags of the tagged unions above; they appear in validation error locations and are dropped there."""


class RuleSpec(_Strict):
    """A transfer rule. The most specific rule that matches a request decides it."""

    name: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$")] = Field(
        description="A unique name; decisions and the audit log record it."
    )
    description: str | None = Field(None, description="Why the rule exists, for people; shown by `explain`.")
    from_: Names | None = Field(
        None, alias="from", description="Origin regions or jurisdictions (absent or `any`: every origin)."
    )
    data_class: DataClassSelector | None = Field(
        None, description="A data class, a list of them, or {at_least: C} / {at_most: C}; absent: all."
    )
    when: When | None = Field(None, description="Conditions on the request (consent, purpose, model, tenant).")
    allow: list[AllowEntry] | None = Field(
        None, min_length=1, description="Allowed destinations in order; the first entry naming a region wins."
    )
    deny: Literal[True] | None = Field(None, description="Deny outright: nothing is served, not even at home.")


class PolicyDocument(_Strict):
    """A jurisdiction policy file (version 1)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        frozen=True,
        populate_by_name=True,
        json_schema_extra={
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "fedinfer policy",
        },
    )

    version: Literal[1] = Field(description="The policy language version; this fedinfer reads version 1.")
    jurisdictions: dict[JurisdictionName, JurisdictionSpec] = Field(description="Legal areas, by name.")
    regions: dict[RegionName, RegionSpec] = Field(min_length=1, description="Deployment regions, by name.")
    data_classes: list[DataClassName] = Field(min_length=1, description="Data classes, from least to most protected.")
    purposes: list[Label] | None = Field(
        None,
        description="The purposes a request may declare; rules may match only these, and a request declaring another"
        " is refused. Absent: purposes are free text (a misspelling then silently never matches).",
    )
    tenants: list[Label] | None = Field(
        None,
        description="The tenants requests may come from; rules may match only these, and a region node whose tenants"
        " are not all declared refuses to start. Absent: tenants are free text (a misspelling then silently never"
        " matches).",
    )
    rules: list[RuleSpec] = Field(default_factory=list, description="Transfer rules; the most specific match wins.")
    default: Literal["deny", "origin"] = Field(
        "deny",
        description="When no rule matches: `deny` (nothing is served) or `origin` (served at home only).",
    )


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a policy file, for editors (`yaml-language-server`) and CI."""
    schema = PolicyDocument.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema
