"""YAML reading that remembers where every value sits, and refuses duplicate keys.

`yaml.safe_load` forgets positions and silently keeps the last of two equal keys; a policy
author needs `file:line:col` for every message, and a duplicated rule key is a mistake.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from ._errors import Finding, Severity

Path = tuple[Any, ...]
"""Keys and indexes from the document root to a value."""


@dataclass(slots=True)
class Located:
    """Plain Python data parsed from YAML, with the 1-based position of each path in it."""

    data: Any
    file: str
    positions: dict[Path, tuple[int, int]] = field(default_factory=dict)

    def where(self, path: Path) -> tuple[int, int]:
        """The position of `path`, or of its deepest ancestor that has one."""
        for end in range(len(path), -1, -1):
            pos = self.positions.get(tuple(path[:end]))
            if pos is not None:
                return pos
        return (1, 1)

    def finding(self, path: Path, message: str, *, code: str = "schema", severity: Severity = "error") -> Finding:
        line, col = self.where(path)
        return Finding(self.file, line, col, message, severity=severity, code=code)


class YamlError(Exception):
    """Raised with a located finding when the text is not a YAML document we can use."""

    def __init__(self, finding: Finding) -> None:
        self.finding = finding
        super().__init__(str(finding))


def _mark(node: yaml.Node) -> tuple[int, int]:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def parse(text: str, file: str) -> Located:
    """Parse one YAML document into plain data with positions; raise `YamlError` on any problem."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or "invalid YAML"
        context = f" ({exc.context})" if exc.context else ""
        raise YamlError(Finding(file, line, col, f"malformed YAML: {problem}{context}", code="yaml")) from exc
    except yaml.YAMLError as exc:
        raise YamlError(Finding(file, 1, 1, f"malformed YAML: {exc}", code="yaml")) from exc
    finally:
        loader.dispose()
    located = Located(data=None, file=file)
    if node is None:
        raise YamlError(Finding(file, 1, 1, "the file is empty; a policy starts with `version: 1`", code="yaml"))
    located.data = _build(node, (), located, loader)
    return located


def _build(node: yaml.Node, path: Path, located: Located, loader: yaml.SafeLoader) -> Any:
    located.positions[path] = _mark(node)
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                line, col = _mark(key_node)
                raise YamlError(
                    Finding(
                        located.file,
                        line,
                        col,
                        "YAML merge keys (`<<`) are not supported; write it out",
                        code="yaml",
                    )
                )
            key = _build(key_node, (*path, "<key>"), located, loader)
            if not isinstance(key, str | int | bool | float) and key is not None:
                line, col = _mark(key_node)
                raise YamlError(Finding(located.file, line, col, "a mapping key must be a plain value", code="yaml"))
            if key in result:
                line, col = _mark(key_node)
                first_line, _ = located.positions[(*path, key)]
                raise YamlError(
                    Finding(
                        located.file,
                        line,
                        col,
                        f"duplicate key '{key}' (first defined on line {first_line}); remove or rename one",
                        code="duplicate-key",
                    )
                )
            # The key's own position marks the entry, so "unknown key" points at the key.
            located.positions[(*path, key)] = _mark(key_node)
            value_path = (*path, key)
            result[key] = _build(value_node, value_path, located, loader)
            located.positions[value_path] = _mark(key_node)
        located.positions.pop((*path, "<key>"), None)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, (*path, index), located, loader) for index, item in enumerate(node.value)]
    try:
        return loader.construct_object(node, deep=True)
    except yaml.constructor.ConstructorError as exc:
        line, col = _mark(node)
        raise YamlError(Finding(located.file, line, col, f"malformed YAML value: {exc.problem}", code="yaml")) from exc
