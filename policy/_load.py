"""Reading policy files: YAML → schema → names → analysis, with a located message for every problem."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path as FilePath
from typing import Any

from pydantic import BaseModel, ValidationError

from ._analysis import contradictions, unreachable
from ._compile import compile_document
from ._errors import Finding, PolicyError
from ._policy import Policy
from ._schema import (
    UNION_TAGS,
    AllowEntry,
    DataClassRange,
    JurisdictionSpec,
    PolicyDocument,
    RegionSpec,
    RuleSpec,
    When,
)
from ._yaml import Located, YamlError, parse

_MODELS_AT: dict[tuple[str, ...], type[BaseModel]] = {
    (): PolicyDocument,
    ("jurisdictions", "*"): JurisdictionSpec,
    ("regions", "*"): RegionSpec,
    ("rules", "*"): RuleSpec,
    ("rules", "*", "when"): When,
    ("rules", "*", "allow", "*"): AllowEntry,
    ("rules", "*", "data_class"): DataClassRange,
}


def load(path: str | FilePath) -> Policy:
    """Load and check a policy file; `PolicyError` with `file:line:col` on any error."""
    file = str(path)
    return loads(_read(file), file=file)


def loads(text: str, *, file: str = "<policy>") -> Policy:
    """Like `load`, from text."""
    located, document, findings = _validate(text, file)
    if document is None:
        raise PolicyError.from_findings(findings)
    compiled, compile_findings = compile_document(document, located)
    errors = [f for f in compile_findings if f.severity == "error"]
    if compiled is None or errors:
        raise PolicyError.from_findings(errors)
    conflicts = contradictions(compiled, located)
    if conflicts:
        raise PolicyError.from_findings(conflicts)
    return Policy(document, compiled, source=file, digest=digest_of(document))


def lint(path: str | FilePath) -> list[Finding]:
    """Every problem in a policy file, errors and warnings, in file order. Never raises for content."""
    file = str(path)
    try:
        text = _read(file)
    except PolicyError as exc:
        return list(exc.findings)
    return lint_text(text, file=file)


def lint_text(text: str, *, file: str = "<policy>") -> list[Finding]:
    located, document, findings = _validate(text, file)
    if document is None:
        return findings
    compiled, compile_findings = compile_document(document, located)
    findings = list(compile_findings)
    if compiled is not None:
        findings += contradictions(compiled, located)
        findings += unreachable(compiled, located)
    return sorted(findings, key=lambda f: (f.line, f.col))


def digest_of(document: PolicyDocument) -> str:
    """A stable hash of the policy's meaning: formatting, comments and key order do not change it."""
    canonical = json.dumps(
        document.model_dump(mode="json", by_alias=True),
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def _read(file: str) -> str:
    try:
        return FilePath(file).read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise PolicyError.from_findings([Finding(file, 1, 1, "no such policy file", code="io")]) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise PolicyError.from_findings([Finding(file, 1, 1, f"cannot read the policy: {exc}", code="io")]) from exc


def _validate(text: str, file: str) -> tuple[Located, PolicyDocument | None, list[Finding]]:
    try:
        located = parse(text, file)
    except YamlError as exc:
        return Located(None, file), None, [exc.finding]
    if not isinstance(located.data, dict):
        kind = type(located.data).__name__
        return (
            located,
            None,
            [located.finding((), f"a policy is a mapping that starts with `version: 1`, not a {kind}")],
        )
    try:
        return located, PolicyDocument.model_validate(located.data), []
    except ValidationError as exc:
        findings = [_describe(error, located) for error in exc.errors()]
        unique = {(f.line, f.col, f.message): f for f in findings}
        return located, None, sorted(unique.values(), key=lambda f: (f.line, f.col))


def _describe(error: Any, located: Located) -> Finding:
    """Turn one pydantic error into a sentence that names the value, what was expected, and where."""
    loc = tuple(part for part in error["loc"] if part not in UNION_TAGS)
    is_key = bool(loc) and loc[-1] == "[key]"
    if is_key:
        loc = loc[:-1]
    kind = error["type"]
    where = _where(loc, located.data)
    value = error.get("input")
    if kind == "extra_forbidden":
        parent = _MODELS_AT.get(_shape(loc[:-1]))
        expected = sorted(f.alias or name for name, f in parent.model_fields.items()) if parent else []
        message = f"{_where(loc[:-1], located.data) or 'top level'}: unknown key '{loc[-1]}'"
        if expected:
            message += f" (expected one of: {', '.join(expected)})"
    elif kind == "missing":
        message = f"{_where(loc[:-1], located.data) or 'top level'}: missing required key '{loc[-1]}'"
    elif kind == "string_pattern_mismatch":
        what = "name" if is_key else "value"
        message = f"{where}: {what} {value!r} {_pattern_hint(loc)}"
    elif kind == "literal_error":
        message = f"{where}: {value!r} is not allowed; {error['msg'][0].lower()}{error['msg'][1:]}"
    else:
        shown = f" (got {_type_name(value)} {value!r})" if value is not None or kind.endswith("_type") else ""
        message = f"{where}: {error['msg'][0].lower()}{error['msg'][1:]}{shown}"
    return located.finding(loc, message)


def _shape(loc: tuple[Any, ...]) -> tuple[str, ...]:
    shape: list[str] = []
    for index, part in enumerate(loc):
        dynamic = isinstance(part, int) or (index > 0 and loc[index - 1] in ("jurisdictions", "regions"))
        shape.append("*" if dynamic else str(part))
    return tuple(shape)


def _where(loc: tuple[Any, ...], data: Any) -> str:
    """`rule 'eu-personal': allow[0].to` or `regions.eu-west.jurisdiction`."""
    if len(loc) >= 2 and loc[0] == "rules" and isinstance(loc[1], int):
        rules = data.get("rules") if isinstance(data, dict) else None
        rule = rules[loc[1]] if isinstance(rules, list) and loc[1] < len(rules) else None
        name = rule.get("name") if isinstance(rule, dict) else None
        head = f"rule '{name}'" if isinstance(name, str) else f"rule #{loc[1] + 1}"
        rest = _dotted(loc[2:])
        return f"{head}: {rest}" if rest else head
    return _dotted(loc)


def _dotted(loc: tuple[Any, ...]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _pattern_hint(loc: tuple[Any, ...]) -> str:
    shape = _shape(loc)
    if shape[:1] == ("regions",) and len(shape) == 2:
        return "is not a valid region name: use lowercase letters, digits and '-' (e.g. eu-west)"
    if shape[:1] == ("jurisdictions",) or shape[-1:] in (("within",), ("jurisdiction",)) or "adequate" in shape:
        return "is not a valid jurisdiction name: start with a capital letter (e.g. EU, US-CA)"
    if "data_class" in shape or shape[:1] == ("data_classes",):
        return "is not a valid data class name: use lowercase letters, digits, '_' and '-'"
    return "has characters a name cannot have: use letters, digits, '_', '.' and '-'"


def _type_name(value: Any) -> str:
    return {
        dict: "a mapping",
        list: "a list",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
        type(None): "nothing",
    }.get(type(value), type(value).__name__)
