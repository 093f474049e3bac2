"""One grammar for the names that become subject tokens. `federation.subjects` owns it; the policy
(which imports nothing of ours), the region configuration and the Terraform modules restate it, and
this test keeps every copy equal, so a name one part accepts is never refused by another."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import TypeAdapter

from federation import subjects
from policy._schema import RegionName
from region_node.config import RegionConfig

TERRAFORM = Path(__file__).resolve().parents[2] / "infra" / "terraform" / "modules"


def _pattern(adapter: TypeAdapter[object]) -> str:
    return str(adapter.json_schema()["pattern"])


def test_every_copy_of_the_region_name_grammar_is_the_subjects_one() -> None:
    schema = RegionConfig.model_json_schema()["properties"]
    copies = {
        "policy": _pattern(TypeAdapter(RegionName)),
        "region config: region": schema["region"]["pattern"],
        "region config: node": schema["node"]["pattern"],
    }
    for variables in sorted(TERRAFORM.glob("*/variables.tf")):
        for found in re.findall(r'regex\("(\^\[a-z\][^"]*)"', variables.read_text(encoding="utf-8")):
            copies[str(variables.relative_to(TERRAFORM))] = found
    assert len(copies) >= 5, copies
    assert {where: p for where, p in copies.items() if p != subjects.TOKEN_PATTERN} == {}


def test_the_grammar_refuses_what_would_break_a_subject() -> None:
    token = re.compile(subjects.TOKEN_PATTERN)
    assert token.match("eu-west") and token.match("kr-central")  # control
    for bad in ("*", ">", "eu.west", "EU-WEST", "eu_west", "-eu", "", "x" * 64):
        assert not token.match(bad), bad
