"""The CLI reference (`docs/cli.md`), written from the commands themselves: every command, argument
and option with the help text, default and choices that `--help` prints, as Markdown.

`python -m fedinfer.cli_reference > docs/cli.md` rewrites it; a test fails while the file differs,
and another checks every `fedinfer ...` command line the other docs show against the commands.
"""

from __future__ import annotations

import enum
import inspect
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from .cli import app

INTRO = """\
# `fedinfer` command reference

Written from the commands themselves by `python -m fedinfer.cli_reference > docs/cli.md`; a test fails
when this file and `--help` disagree. Every command takes `-h`/`--help`. Exit codes: 0 success; 1 the
answer is "no" (a policy denies, a lint finding at `--fail-on`'s level, a failed policy test case, an
audit chain that does not verify); 2 the question could not be asked (a missing or malformed file, an
unknown name, a bad value), with one line on standard error saying which and how to fix it.
"""


@dataclass(frozen=True, slots=True)
class Command:
    path: tuple[str, ...]
    command: Any  # typer's click command or group

    @property
    def name(self) -> str:
        return " ".join(self.path)

    @property
    def is_group(self) -> bool:
        return bool(getattr(self.command, "commands", None))


def commands() -> Iterator[Command]:
    """Every command and group, depth first, in name order."""

    def walk(command: Any, path: tuple[str, ...]) -> Iterator[Command]:
        yield Command(path, command)
        for name in sorted(getattr(command, "commands", {}) or {}):
            yield from walk(command.commands[name], (*path, name))

    yield from walk(typer.main.get_command(app), ("fedinfer",))


def find(path: tuple[str, ...]) -> Command | None:
    """The command `path` names (`("fedinfer", "policy", "lint")`), or None."""
    return next((c for c in commands() if c.path == path), None)


def option_names(command: Command) -> set[str]:
    """Every option spelling the command accepts, `-h`/`--help` included."""
    names = {"-h", "--help"}
    for param in command.command.params:
        if param.param_type_name == "option":
            names |= set(param.opts) | set(param.secondary_opts)
    return names


def _kind(param: Any) -> str:
    """The value a parameter takes, as `--help` shows it (`<table|json>`, `<int range>`, `<path>`)."""
    shown: str = param.display_type(None)
    return "" if shown == "<bool>" else f" {shown}"


def _default(param: Any) -> str | None:
    default = param.default
    if param.required or default is None or callable(default) or default == "" or default == []:
        return None
    if isinstance(default, enum.Enum):
        default = default.value
    if isinstance(default, Path):  # a path inside this checkout: shown relative to it
        default = default.relative_to(Path(__file__).resolve().parent.parent) if default.is_absolute() else default
    if isinstance(default, bool):
        return None if not default else "on"
    return f"`{default}`"


def _param_line(param: Any) -> str:
    if param.param_type_name == "argument":
        name = param.name.upper() + ("..." if param.nargs == -1 else "") + _kind(param)
    else:
        name = ", ".join([*param.opts, *param.secondary_opts]) + _kind(param)
    facts = []
    if param.required:
        facts.append("required")
    default = _default(param)
    if default is not None:
        facts.append(f"default {default}")
    if param.envvar:
        facts.append(f"env `{param.envvar}`")
    help_text = " ".join((getattr(param, "help", None) or "").split())
    suffix = f" ({'; '.join(facts)})" if facts else ""
    return f"- `{name}`: {help_text}{suffix}".rstrip()


def _section(command: Command) -> str:
    level = "#" * min(2 + len(command.path) - 2, 4) if len(command.path) > 1 else "##"
    lines = [f"{level} `{command.name}`", ""]
    help_text = inspect.cleandoc(command.command.help or "")
    if help_text:
        lines += [help_text, ""]
    if command.is_group:
        subcommands = ", ".join(f"`{name}`" for name in sorted(command.command.commands))
        lines += [f"Commands: {subcommands}.", ""]
    params = [p for p in command.command.params if not getattr(p, "hidden", False)]
    if params:
        lines += [_param_line(p) for p in params] + [""]
    return "\n".join(lines)


def render() -> str:
    return INTRO + "\n" + "\n".join(_section(c) for c in commands()).rstrip() + "\n"


def invocations(markdown: str) -> Iterator[list[str]]:
    """Every `fedinfer ...` command line in a Markdown text, in inline code or in a code block, as
    words, up to a pipe or a redirection; prose that names the project is not a command line."""
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        spans = [line.strip().removeprefix("$ ")] if fenced else line.split("`")[1::2]
        for span in spans:
            for prefix in ("fedinfer ", ".venv/bin/fedinfer ", "$(BIN)/fedinfer "):
                if span.startswith(prefix):
                    yield from _words("fedinfer " + span.removeprefix(prefix))


def _words(text: str) -> Iterator[list[str]]:
    for stop in ("|", ">", "&&", ";", "#"):
        text = text.split(stop)[0]
    try:
        words = shlex.split(text)
    except ValueError:
        words = text.split()
    if len(words) > 1:
        yield words


def problem(words: list[str]) -> str | None:
    """What is wrong with one documented command line (`["fedinfer", "policy", "lint", ...]`): a
    command or an option that does not exist; None when `--help` would agree with it."""
    path: tuple[str, ...] = ("fedinfer",)
    rest = words[1:]
    while rest and (command := find(path)) is not None and command.is_group and rest[0] in command.command.commands:
        path, rest = (*path, rest[0]), rest[1:]
    command = find(path)
    assert command is not None
    if command.is_group and rest and not rest[0].startswith("-") and path != ("fedinfer",):
        return f"{' '.join(words)}: `{command.name}` has no command {rest[0]!r}"
    if path == ("fedinfer",) and rest and not rest[0].startswith("-"):
        return f"{' '.join(words)}: `fedinfer` has no command {rest[0]!r}"
    known = option_names(command)
    for word in rest:
        option = word.strip("[]().,").split("=")[0]
        if option.startswith("-") and option not in ("-", "--") and option not in known:
            return f"{' '.join(words)}: `{command.name}` has no option {option}"
    return None


def main() -> None:  # pragma: no cover - a one-line wrapper
    print(render(), end="")


if __name__ == "__main__":  # pragma: no cover
    main()
