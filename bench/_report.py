"""One line per figure, with its target, so every benchmark prints the same way."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Figure:
    name: str
    value: float
    unit: str
    target: str = ""
    met: bool | None = None

    def line(self) -> str:
        verdict = "" if self.met is None else ("  [met]" if self.met else "  [MISSED]")
        target = f"  (target {self.target})" if self.target else ""
        return f"{self.name:<58} {self.value:>14,.2f} {self.unit:<12}{target}{verdict}"


def show(title: str, figures: list[Figure]) -> list[Figure]:
    print(f"\n== {title}")
    for figure in figures:
        print(figure.line())
    return figures
