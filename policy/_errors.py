"""Errors of the policy package.

Exception tree::

    PolicyError              a policy file or a decision request is wrong; carries every finding
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found in a policy file, located at `file:line:col` (1-based)."""

    file: str
    line: int
    col: int
    message: str
    severity: Severity = "error"
    code: str = "schema"

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.message}"


class PolicyError(Exception):
    """A policy could not be loaded, or a decision was asked for with unknown inputs.

    `findings` lists every located problem; `str()` shows the first and how many more.
    """

    def __init__(self, message: str, findings: tuple[Finding, ...] = ()) -> None:
        self.findings = findings
        super().__init__(message)

    @classmethod
    def from_findings(cls, findings: list[Finding] | tuple[Finding, ...]) -> PolicyError:
        first = str(findings[0])
        more = len(findings) - 1
        suffix = f" (and {more} more problem{'s' if more > 1 else ''}; run `fedinfer policy lint`)" if more else ""
        return cls(first + suffix, tuple(findings))
