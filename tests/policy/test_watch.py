"""A policy file replaced while a service runs: the new version is taken once it loads, the replaced one
stays acceptable for the grace period, and a version that does not load changes nothing."""

from __future__ import annotations

from pathlib import Path

import policy
from tests.conftest import EXAMPLES

FEDERATION = EXAMPLES / "policies" / "federation.yaml"


def test_a_new_version_is_taken_and_the_old_one_accepted_for_the_grace_period(tmp_path: Path) -> None:
    path = tmp_path / "policy.yaml"
    text = FEDERATION.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    now = [0.0]
    watched = policy.WatchedPolicy(path, grace_s=60, clock=lambda: now[0])
    first = watched.current.digest
    assert not watched.check() and watched.accepts(first)  # unchanged: nothing to do
    path.write_text(
        text.replace("      - to: origin\n\n  - name: no-marketing", "      - to: home\n\n  - name: no-marketing"),
        encoding="utf-8",
    )
    assert watched.check()
    second = watched.current.digest
    assert second != first and watched.accepts(second) and watched.accepts(first)
    path.write_text("version: 1\nregions: [", encoding="utf-8")  # a broken version: the current one stays
    assert not watched.check()
    assert watched.current.digest == second and watched.problem is not None and "policy.yaml" in watched.problem
    now[0] += 61
    assert not watched.accepts(first) and watched.accepts(second)  # the grace period is over
    assert not watched.accepts("0" * 64)  # control: a digest never in force
    path.write_text(text, encoding="utf-8")  # rolling back is publishing the old version again
    assert watched.check() and watched.current.digest == first and watched.accepts(second)


def test_a_published_version_rules_over_the_file_and_only_a_newer_one_replaces_it(tmp_path: Path) -> None:
    path = tmp_path / "policy.yaml"
    text = FEDERATION.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    watched = policy.WatchedPolicy(path)
    first = watched.current.digest
    widened = text.replace("      - to: origin\n\n  - name: no-marketing", "      - to: home\n\n  - name: no-marketing")
    assert watched.adopt(widened, version=3) and watched.published == 3
    second = watched.current.digest
    assert second != first and watched.accepts(first)  # the file's version stays acceptable for the grace
    assert not watched.adopt(text, version=3) and not watched.adopt(text, version=2)  # a replay, a late one
    assert watched.current.digest == second
    assert not watched.adopt("version: 1\nregions: [", version=4)  # does not load: the current one stays
    assert watched.current.digest == second and watched.problem and "published policy version 4" in watched.problem
    path.write_text(text + "\n# edited by hand\n", encoding="utf-8")
    assert not watched.check() and watched.current.digest == second  # the file no longer rules
    assert watched.adopt(text, version=5) and watched.current.digest == first  # control: a rollback, published
