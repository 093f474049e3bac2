"""Keeping what `fedinfer up` started running: a process that dies (not one being stopped) is started
again after a back-off, and the operator is told both when it died and when it is back.

The back-off doubles from `first_s` to `max_s` while a process keeps dying, and starts over once it
has run for `reset_after_s`: a crash loop costs little, a rare crash is mended at once. `check()` is
one round (what the tests drive with their own clock); `start()` runs rounds in a thread.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Backoff:
    first_s: float = 1.0
    max_s: float = 30.0
    reset_after_s: float = 60.0

    def delay(self, failures: int) -> float:
        """The wait before restart number `failures` in a row (1, 2, ...)."""
        return float(min(self.max_s, self.first_s * 2 ** max(0, failures - 1)))


@dataclass
class _Watched:
    name: str
    exit_code: Callable[[], int | None]
    restart: Callable[[], None]
    started_at: float
    failures: int = 0
    due: float | None = None


class Supervisor:
    """Watches processes by name: `exit_code()` is None while one runs; `restart()` starts it again (and
    may raise: the supervisor then tries again later)."""

    def __init__(
        self,
        say: Callable[[str], None],
        backoff: Backoff | None = None,
        *,
        interval_s: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.say = say
        self.backoff = backoff or Backoff()
        self.interval_s = interval_s
        self.clock = clock
        self._watched: list[_Watched] = []
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def watch(self, name: str, exit_code: Callable[[], int | None], restart: Callable[[], None]) -> None:
        self._watched.append(_Watched(name, exit_code, restart, self.clock()))

    def check(self) -> None:
        """One round: note every process that died, and restart those whose back-off has passed."""
        for watched in self._watched:
            if self._stopping.is_set():
                return
            now = self.clock()
            if watched.due is None:
                code = watched.exit_code()
                if code is None:
                    continue
                if now - watched.started_at >= self.backoff.reset_after_s:
                    watched.failures = 0
                self._schedule(watched, now, f"{watched.name} exited with code {code}")
            elif now >= watched.due:
                try:
                    watched.restart()
                except Exception as exc:  # whatever kept it from starting, the operator hears it
                    self._schedule(watched, now, f"{watched.name} could not be restarted ({exc})")
                    continue
                watched.due, watched.started_at = None, self.clock()
                self.say(f"{watched.name} restarted (restart {watched.failures})")

    def _schedule(self, watched: _Watched, now: float, what: str) -> None:
        watched.failures += 1
        delay = self.backoff.delay(watched.failures)
        watched.due = now + delay
        self.say(f"{what}; restarting it in {delay:g} s (restart {watched.failures})")

    def start(self) -> Supervisor:
        self._thread = threading.Thread(target=self._run, name="supervisor", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stopping.wait(self.interval_s):
            self.check()

    def stop(self) -> None:
        """Stop watching (before the processes are stopped on purpose); waits for a restart under way."""
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=60)
