"""Validating bodies against OpenAI's published schemas (tests/data/openai/chat-schemas.json)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import jsonschema

from tests.conftest import REPO


@cache
def _document() -> dict[str, Any]:
    return json.loads((REPO / "tests/data/openai/chat-schemas.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**_document(), "$ref": f"#/components/schemas/{name}"})


def check(name: str, body: Any) -> None:
    validator(name).validate(body)
