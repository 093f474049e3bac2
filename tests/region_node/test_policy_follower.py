"""A region node takes a published policy only as an admin sealed it, newer than its own, loadable and
fit for the node; whatever a compromised coordinator or leaf relays otherwise is rejected and audited."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import audit
import policy
from federation import subjects
from federation.local import ensure_identities
from federation.memory import MemoryHub
from federation.pki import node_identity
from federation.publication import seal
from region_node.policy_follower import PolicyFollower
from tests.conftest import EXAMPLES
from tests.waiting import wait_until

TEXT = (EXAMPLES / "policies" / "federation.yaml").read_text(encoding="utf-8")
WIDENED = TEXT.replace("      - to: origin\n\n  - name: no-marketing", "      - to: home\n\n  - name: no-marketing")
WITHOUT_EU_WEST = TEXT.replace("  eu-west:", "  eu-north:").replace("eu-west", "eu-north")


@pytest.fixture
async def follower(tmp_path: Path) -> AsyncIterator[tuple[PolicyFollower, MemoryHub, list[policy.Policy]]]:
    regions = ["eu-west", "us-east", "kr-central"]
    ensure_identities(tmp_path, regions)
    hub = MemoryHub(tmp_path, regions)
    (tmp_path / "policy.yaml").write_text(TEXT, encoding="utf-8")
    store = audit.AuditStore(f"sqlite:///{tmp_path / 'audit.db'}")
    store.migrate()
    writer = audit.AuditWriter(store, "eu-west/n1")
    writer.start()
    taken: list[policy.Policy] = []

    def unfit(candidate: policy.Policy) -> str | None:
        return None if "eu-west" in candidate.regions else "eu-west is not in it"

    running = PolicyFollower(
        policy.WatchedPolicy(tmp_path / "policy.yaml"),
        region="eu-west",
        node="n1",
        audit_writer=writer,
        unfit=unfit,
        take=taken.append,
    )
    await running.start(hub.connect(node_identity("eu-west")))
    yield running, hub, taken
    await running.stop()
    await writer.close()
    store.dispose()


async def _rejections(writer: audit.AuditWriter) -> list[str]:
    await writer.flush()
    return [str(e["reason"]) for e in audit.iter_all(writer.store, audit.EventFilter(kind=audit.EventKind.REJECTED))]


async def test_only_an_admins_newer_publication_relayed_by_the_coordinator_is_taken(
    follower: tuple[PolicyFollower, MemoryHub, list[policy.Policy]],
) -> None:
    running, hub, taken = follower
    coordinator, admin = hub.connect(subjects.COORDINATOR), hub.connect("admin")
    subject = subjects.policy("eu-west")
    widened = policy.loads(WIDENED).digest

    await coordinator.publish(subject, seal(coordinator.signed, WIDENED, 1))  # the coordinator's own "policy"
    sealed = seal(admin.signed, WIDENED, 1)
    altered = sealed.replace(b"to: home", b"to: any!")  # an admin's publication, edited on the way
    await coordinator.publish(subject, altered)
    await admin.publish(subject, sealed)  # genuine, but not relayed by the coordinator

    async def rejected() -> bool:
        return len(await _rejections(running.audit)) == 2

    await wait_until(rejected, "the rejections audited (once per reason)")
    assert taken == []
    reasons = await _rejections(running.audit)
    assert any("wrong_signer" in r for r in reasons) and any("bad_signature" in r for r in reasons), reasons

    await coordinator.publish(subject, sealed)  # control: the admin's, relayed as sealed
    await wait_until(lambda: [p.digest for p in taken] == [widened], "the published version taken")
    await coordinator.publish(subject, seal(admin.signed, TEXT, 1))  # an older version replayed: ignored
    await coordinator.publish(subject, seal(admin.signed, WITHOUT_EU_WEST, 2))  # newer, but unfit here
    await coordinator.publish(subject, seal(admin.signed, TEXT, 3))  # control: the rollback, as version 3
    await wait_until(lambda: len(taken) == 2, "the rollback taken")
    assert taken[1].digest == policy.loads(TEXT).digest


RENAMED = TEXT.replace("  - name: sensitive-stays-home", "  - name: sensitive-stays-at-home")


async def test_a_restarted_node_refuses_a_version_older_than_the_one_it_took(tmp_path: Path) -> None:
    """The versions a node took are in its audit log; after a restart, an older admin-sealed version that a
    compromised coordinator relays is a replay and refused, while the version in force is taken again."""
    ensure_identities(tmp_path, ["eu-west", "us-east"])
    hub = MemoryHub(tmp_path, ["eu-west", "us-east"])
    (tmp_path / "policy.yaml").write_text(TEXT, encoding="utf-8")
    store = audit.AuditStore(f"sqlite:///{tmp_path / 'audit.db'}")
    store.migrate()
    coordinator, admin = hub.connect(subjects.COORDINATOR), hub.connect("admin")
    subject = subjects.policy("eu-west")

    async def run_node() -> tuple[PolicyFollower, list[policy.Policy]]:
        writer = audit.AuditWriter(store, "eu-west/n1")
        writer.start()
        taken: list[policy.Policy] = []
        watched = policy.WatchedPolicy(tmp_path / "policy.yaml")
        running = PolicyFollower(
            watched, region="eu-west", node="n1", audit_writer=writer, unfit=lambda p: None, take=taken.append
        )
        await running.start(hub.connect(node_identity("eu-west")))
        return running, taken

    first, taken = await run_node()
    await coordinator.publish(subject, seal(admin.signed, WIDENED, 1))
    await coordinator.publish(subject, seal(admin.signed, RENAMED, 2))
    await wait_until(lambda: len(taken) == 2, "both published versions taken")
    await first.stop()
    await first.audit.close()

    second, taken = await run_node()  # the node restarts, on its file
    await coordinator.publish(subject, seal(admin.signed, WIDENED, 1))  # a replay of an older sealed version
    await coordinator.publish(subject, seal(admin.signed, RENAMED, 2))  # control: the version in force
    await wait_until(lambda: len(taken) == 1, "the version in force taken again")
    assert [p.digest for p in taken] == [policy.loads(RENAMED).digest]
    # the admin rolls back by publishing the file again: the node's policy is then the same as its file's,
    # and the version is remembered all the same
    await coordinator.publish(subject, seal(admin.signed, TEXT, 3))
    await wait_until(lambda: len(taken) == 2, "the rollback taken")
    await second.stop()
    await second.audit.close()

    third, taken = await run_node()  # restarts on its file, which is version 3's policy
    await coordinator.publish(subject, seal(admin.signed, WIDENED, 1))  # replays: both refused
    await coordinator.publish(subject, seal(admin.signed, RENAMED, 2))
    await coordinator.publish(subject, seal(admin.signed, TEXT, 3))  # control: the version in force, again
    await wait_until(lambda: third.watched.published == 3, "version 3 adopted again")
    assert taken == []  # nothing replaced the file's policy, which is version 3's
    await third.audit.flush()
    recorded = audit.iter_all(store, audit.EventFilter(kind=audit.EventKind.POLICY))
    in_force = [(e["policy_digest"], e["reason"]) for e in recorded]
    file_digest = policy.loads(TEXT).digest
    assert in_force == [
        (file_digest, "file"),
        (policy.loads(WIDENED).digest, "published version 1"),
        (policy.loads(RENAMED).digest, "published version 2"),
        (file_digest, "file"),
        (policy.loads(RENAMED).digest, "published version 2"),
        (file_digest, "published version 3"),
        (file_digest, "file"),
        (file_digest, "published version 3"),
    ]
    await third.stop()
    await third.audit.close()
    store.dispose()
