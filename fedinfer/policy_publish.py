"""Publishing a policy through the fabric (`fedinfer policy publish`): the I/O behind the command, apart
from its printing. The admin identity reads the publication in force from the hub's bucket, compares
decisions, and writes the new one sealed with its own key (`federation.publication`); coordinators take
it within a watch interval and relay it to the regions."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import policy
from federation import FabricConnection, Identity
from federation.messages import PolicyPublication, decode
from federation.publication import PUBLISHER, opened, seal


@dataclass(frozen=True, slots=True)
class Outcome:
    """What publishing did, or would do (`written` False on a dry run)."""

    version: int
    """The version the new text has (or would have)."""
    digest: str
    baseline: str | None
    """What the changes are counted against: the version in force, a file, or None (nothing to compare)."""
    changes: list[policy.Change]
    written: bool
    unreadable: str | None = None
    """Why the publication in force could not be read (it is replaced all the same)."""


async def publish(
    text: str, *, file: str, hub: list[str], pki_dir: Path, against: policy.Policy | None, dry_run: bool
) -> Outcome:
    """Publish `text` (a policy; `PolicyError` if it does not load) as the admin in `pki_dir`, unless
    `dry_run`. The changes are counted against the published version, or `against` when none is."""
    fresh = policy.loads(text, file=file)
    fabric = await FabricConnection(Identity(PUBLISHER, pki_dir)).connect(hub, allow_reconnect=False)
    try:
        found = await fabric.published_policy()
        baseline, unreadable, version, revision = None, None, 0, 0
        if found is not None:
            data, revision = found
            try:
                version = decode(PolicyPublication, data).version
                published = opened(fabric.verifier, data)
                against = policy.loads(published.text, file=f"published policy version {published.version}")
                baseline = f"published version {published.version} ({against.digest})"
            except Exception as exc:  # a broken publication in force is replaced, and said so
                unreadable = str(exc).splitlines()[0]
        elif against is not None:
            baseline = f"the file {against.source} ({against.digest})"
        changes = policy.diff(against, fresh) if against is not None and baseline is not None else []
        new_version = max(version, revision) + 1
        if not dry_run:
            await fabric.publish_policy(seal(fabric.signed, text, new_version), after=revision)
        return Outcome(new_version, fresh.digest, baseline, changes, written=not dry_run, unreadable=unreadable)
    finally:
        await fabric.close()
