"""Kubernetes objects checked against the API's own schema, strictly, offline: the `kubernetes` Python
client's models (pydantic, strict types, extra fields forbidden) carry every object's fields, their
types and which are required. An unknown field, a wrong type or a missing required field is a problem,
named by its path in the object. The models also take Python's snake_case names, which the API does
not: every key must be the API's own (camelCase) name."""

from __future__ import annotations

import re
from typing import Any

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
