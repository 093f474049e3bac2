"""Kubernetes objects checked against the API's own schema, strictly, offline: the `kubernetes` Python
client's models (pydantic, strict types, extra fields forbidden) carry every object's fields, their
types and which are required. An unknown field, a wrong type or a missing required field is a problem,
named by its path in the object. The models also take Python's snake_case names, which the API does
not: every key must be the API's own (camelCase) name."""

from __future__ import annotations

import re
from typing import Any, Literal

import kubernetes.client as k8s
import pydantic

LIST = re.compile(r"^List\[(.+)\]$")
DICT = re.compile(r"^Dict\[str, (.+)\]$")


def model_of(obj: dict[str, Any]) -> str:
    """The client's model name for an object: `apps/v1` `StatefulSet` -> `V1StatefulSet`."""
    version = str(obj.get("apiVersion", "")).rsplit("/", 1)[-1]
    return f"{version[:1].upper()}{version[1:]}{obj.get('kind', '')}"


def problems(obj: dict[str, Any]) -> list[str]:
    """Everything in `obj` the Kubernetes API would refuse (empty: valid)."""
    if obj.get("kind") == "LeaderWorkerSet":
        return _leader_worker_set(obj)
    model = getattr(k8s, model_of(obj), None)
    if model is None:
        return [f"{obj.get('apiVersion')} {obj.get('kind')}: no such kind in the Kubernetes API"]
    where = f"{obj.get('kind')}/{(obj.get('metadata') or {}).get('name', '?')}"
    try:
        model.model_validate(obj)
    except pydantic.ValidationError as exc:
        return [f"{where}.{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()]
    return _api_names(obj, model.__name__, where)


def _api_names(value: Any, type_name: str, path: str) -> list[str]:
    """Keys that are not the API's own names (the models accept the Python ones too)."""
    if match := LIST.match(type_name):
        return [p for i, item in enumerate(value) for p in _api_names(item, match[1], f"{path}[{i}]")]
    if match := DICT.match(type_name):
        return [p for key, item in value.items() for p in _api_names(item, match[1], f"{path}.{key}")]
    model = getattr(k8s, type_name, None)
    if model is None or not isinstance(value, dict):
        return []  # a scalar, or a free-form object
    by_api_name = {api: attr for attr, api in model.attribute_map.items()}
    found = []
    for key, item in value.items():
        attr = by_api_name.get(key)
        if attr is None:
            found.append(f"{path}.{key}: the API calls no field of {type_name} {key!r}")
        else:
            found += _api_names(item, model.openapi_types[attr], f"{path}.{key}")
    return found


# -- LeaderWorkerSet (leaderworkerset.x-k8s.io/v1), a custom resource the client does not carry: its own
#    fields as its v1 API declares them (kubernetes-sigs/lws, api/leaderworkerset/v1), its pod templates,
#    claims and metadata checked with the client's models.


class _Strict(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid", strict=True)


class _RollingUpdate(_Strict):
    partition: int | None = None
    maxUnavailable: int | str | None = None
    maxSurge: int | str | None = None


class _Rollout(_Strict):
    type: Literal["RollingUpdate"]
    rollingUpdateConfiguration: _RollingUpdate | None = None


class _SubGroupPolicy(_Strict):
    subGroupPolicyType: Literal["LeaderWorker", "LeaderExcluded"] | None = None
    subGroupSize: int | None = None


class _Template(_Strict):
    leaderTemplate: dict[str, Any] | None = None
    workerTemplate: dict[str, Any]
    size: int | None = pydantic.Field(None, ge=1)
    restartPolicy: Literal["Default", "RecreateGroupOnPodRestart", "None"] | None = None
    subGroupPolicy: _SubGroupPolicy | None = None
    volumeClaimTemplates: list[dict[str, Any]] | None = None
    persistentVolumeClaimRetentionPolicy: dict[str, Any] | None = None


class _Network(_Strict):
    subdomainPolicy: Literal["Shared", "UniquePerReplica"]


class _Spec(_Strict):
    replicas: int | None = None
    leaderWorkerTemplate: _Template
    rolloutStrategy: _Rollout | None = None
    startupPolicy: Literal["LeaderCreated", "LeaderReady"] | None = None
    networkConfig: _Network | None = None


class _LeaderWorkerSet(_Strict):
    apiVersion: Literal["leaderworkerset.x-k8s.io/v1"]
    kind: Literal["LeaderWorkerSet"]
    metadata: dict[str, Any]
    spec: _Spec


def _leader_worker_set(obj: dict[str, Any]) -> list[str]:
    where = f"LeaderWorkerSet/{(obj.get('metadata') or {}).get('name', '?')}"
    try:
        lws = _LeaderWorkerSet.model_validate(obj)
    except pydantic.ValidationError as exc:
        return [f"{where}.{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()]
    template = lws.spec.leaderWorkerTemplate
    parts: list[tuple[str, str, Any]] = [("metadata", "V1ObjectMeta", lws.metadata)]
    parts += [
        (f"spec.leaderWorkerTemplate.{name}", "V1PodTemplateSpec", value)
        for name, value in (("leaderTemplate", template.leaderTemplate), ("workerTemplate", template.workerTemplate))
        if value is not None
    ]
    parts += [
        (f"spec.leaderWorkerTemplate.volumeClaimTemplates[{i}]", "V1PersistentVolumeClaim", claim)
        for i, claim in enumerate(template.volumeClaimTemplates or [])
    ]
    found = []
    for path, type_name, value in parts:
        model = getattr(k8s, type_name)
        try:
            model.model_validate(value)
        except pydantic.ValidationError as exc:
            found += [f"{where}.{path}.{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()]
            continue
        found += _api_names(value, type_name, f"{where}.{path}")
    return found
