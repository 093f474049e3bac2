"""Who may change the federation's policy through the fabric (real nats-server with mTLS, a real
coordinator): only an admin may write the policy bucket, and a coordinator takes from it only what an
admin sealed; each refusal beside a control that succeeds on the same path."""

from __future__ import annotations

from pathlib import Path

import pytest

import policy
from federation import FabricConnection, Identity, PermissionViolation, subjects
from federation.local import LocalFabric
from federation.publication import seal
from tests.coordinator.peers import EXAMPLE_POLICY, running_coordinator
from tests.waiting import wait_until

TEXT = EXAMPLE_POLICY.read_text(encoding="utf-8")
WIDENED = TEXT.replace("      - to: origin\n\n  - name: no-marketing", "      - to: home\n\n  - name: no-marketing")


async def _connect(fabric: LocalFabric, identity: str) -> FabricConnection:
    return await FabricConnection(Identity(identity, fabric.topology.pki_dir)).connect(
        [fabric.hub_url], allow_reconnect=False
    )


async def test_only_an_admin_may_write_the_policy_and_the_coordinator_takes_only_an_admins(
    fabric: LocalFabric, tmp_path: Path
) -> None:
    watched = policy.WatchedPolicy(EXAMPLE_POLICY)
    async with running_coordinator(fabric, tmp_path / "audit.db", policy_source=watched) as coordinator:
        impostor, admin = await _connect(fabric, subjects.COORDINATOR), await _connect(fabric, "admin")
        try:
            with pytest.raises(PermissionViolation) as refused:  # the server's own refusal, naming the key
                await impostor.publish_policy(seal(impostor.signed, WIDENED, 1), after=0)
            assert "may not publish to $kv.policy.current" in str(refused.value).lower()
            assert await admin.published_policy() is None  # nothing was written

            # Written by an admin, but sealed by the coordinator's key (as a compromised hub could store it).
            await admin.publish_policy(seal(impostor.signed, WIDENED, 1), after=0)
            publications = coordinator.publications
            assert publications is not None
            await wait_until(lambda: watched.problem is None and publications.rejected, "rejected")
            assert coordinator.policy.digest == policy.load(EXAMPLE_POLICY).digest

            revision = await admin.publish_policy(seal(admin.signed, WIDENED, 2), after=1)  # control
            assert revision == 2
            await wait_until(lambda: coordinator.policy.digest == policy.loads(WIDENED).digest, "taken")
            assert watched.published == 2
        finally:
            await impostor.close()
            await admin.close()
