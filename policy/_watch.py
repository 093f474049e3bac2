"""A policy that may be replaced while a service runs: a new version is loaded once it lints clean,
and the version it replaces stays acceptable for a grace period, so that coordinators and regions can
move to it one after another without refusing each other's jobs (a rolling change).

A new version comes from one of two places: the service's own file (`check()`), or a publication an
admin made through the fabric (`adopt()`, numbered). Once a publication is in force, it rules: a later
change of the file is ignored (and said so), as the federation's policy is the published one."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ._errors import PolicyError
from ._load import load, loads
from ._policy import Policy

log = logging.getLogger(__name__)

GRACE_S = 300.0
"""How long the replaced version's decisions stay acceptable: longer than a rollout takes."""


@dataclass
class WatchedPolicy:
    """`current` is the newest version of `path` that loaded; `check()` looks for a newer one."""

    path: Path
    grace_s: float = GRACE_S
    clock: Callable[[], float] = time.monotonic
    current: Policy = field(init=False)
    problem: str | None = None
    """Why the file on disk is not in force (it does not load), or None."""
    published: int = 0
    """The version of the publication in force; 0 while the file rules."""
    floor: int = 0
    """The newest version published here before this process started (from the node's audit log): an
    older one relayed now is a replay, never adopted."""
    _unloadable: int = 0
    """The last published version that did not load: not tried (nor reported) again."""
    _previous: dict[str, float] = field(default_factory=dict)
    """Digests replaced, until when they stay acceptable."""
    _stamp: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        self.current = load(self.path)
        self._stamp = self._read_stamp()

    def check(self) -> bool:
        """Load the file again if it changed; True when a new version is now in force. A version that does
        not load leaves the current one in force, and says why (`problem`)."""
        stamp = self._read_stamp()
        if stamp == self._stamp:
            return False
        self._stamp = stamp
        if self.published:
            log.warning(
                "the policy file %s changed, but published version %d rules here: publish the file to change"
                " the policy (`fedinfer policy publish`)",
                self.path,
                self.published,
            )
            return False
        try:
            fresh = load(self.path)
        except PolicyError as exc:
            self.problem = str(exc).splitlines()[0]
            log.error(
                "the policy %s changed but does not load; %s stays in force: %s",
                self.path,
                self.current.digest,
                self.problem,
            )
            return False
        self.problem = None
        return self._replace(fresh)

    def adopt(self, text: str, version: int) -> bool:
        """Take published `version` of the policy into force, unless a version as new is in force already
        (a replayed or late publication), or an older one than `floor`, or `text` does not load (`problem`
        says why; the current one stays). True when a new version is now in force."""
        if version <= self.published or version < self.floor or version == self._unloadable:
            return False
        try:
            fresh = loads(text, file=f"published policy version {version}")
        except PolicyError as exc:
            self._unloadable = version
            self.problem = str(exc).splitlines()[0]
            log.error(
                "published policy version %d does not load; %s stays in force: %s",
                version,
                self.current.digest,
                self.problem,
            )
            return False
        self.problem = None
        self.published = version
        return self._replace(fresh)

    def _replace(self, fresh: Policy) -> bool:
        if fresh.digest == self.current.digest:
            return False
        self._previous[self.current.digest] = self.clock() + self.grace_s
        log.info(
            "policy %s now in force (was %s, accepted for %g s more)", fresh.digest, self.current.digest, self.grace_s
        )
        self.current = fresh
        return True

    def accepts(self, digest: str) -> bool:
        """Whether a decision taken under `digest` is still acceptable: the current version, or one it
        replaced less than `grace_s` ago."""
        if digest == self.current.digest:
            return True
        until = self._previous.get(digest)
        return until is not None and self.clock() < until

    def _read_stamp(self) -> tuple[int, int]:
        try:
            stat = self.path.stat()
        except OSError:
            return self._stamp
        return stat.st_mtime_ns, stat.st_size
