"""What `/v1/models` lists: the models that can be served now, here or in a live region this one may
use, from the catalogue the coordinator sends; a stale, older or forged catalogue changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

import policy
from federation import subjects
from federation.local import ensure_identities
from federation.memory import MemoryHub
from federation.messages import Catalogue
from federation.pki import node_identity
from region_node.catalogue import MAX_AGE_S, CatalogueListener, servable
from tests.waiting import wait_until

POLICY = """\
version: 1
jurisdictions:
  EU: {}
  US: {}
regions:
  eu-west: {jurisdiction: EU, models: [small]}
  eu-central: {jurisdiction: EU, models: [small, large]}
  us-east: {jurisdiction: US}
data_classes: [personal]
rules:
  - name: eu-stays
    description: EU personal data stays in the EU.
    from: EU
    data_class: personal
    allow:
      - to: EU
  - name: us-anywhere
    description: US personal data may go anywhere.
    from: US
    data_class: personal
    allow:
      - to: any
"""


@pytest.fixture(scope="module")
def two_jurisdictions(tmp_path_factory: pytest.TempPathFactory) -> policy.Policy:
    path = tmp_path_factory.mktemp("policy") / "policy.yaml"
    path.write_text(POLICY, encoding="utf-8")
    return policy.load(path)


LIVE = {"eu-central": ["large", "rogue", "small"], "us-east": ["huge"], "eu-west": ["small"]}


def test_a_live_regions_models_are_listed_where_the_policy_lets_the_origin_use_them(
    two_jurisdictions: policy.Policy,
) -> None:
    # us-east is live but EU data may not go there; eu-central's allow-list does not admit "rogue".
    assert servable(two_jurisdictions, "eu-west", ["small"], LIVE) == ["large", "small"]
    assert servable(two_jurisdictions, "us-east", [], LIVE) == ["large", "small"]  # from the US: anywhere
    assert servable(two_jurisdictions, "eu-west", [], {}) == []  # nothing live, the local engine down
    assert servable(two_jurisdictions, "eu-west", ["small"], {"us-east": ["huge"]}) == ["small"]


@pytest.fixture
def hub(tmp_path: Path) -> MemoryHub:
    ensure_identities(tmp_path, ["eu-west", "us-east"])
    return MemoryHub(tmp_path, ["eu-west", "us-east"])


async def test_the_listener_keeps_the_coordinators_newest_word_until_it_is_stale(hub: MemoryHub) -> None:
    now = [1000.0]
    listener = CatalogueListener(hub.connect(node_identity("eu-west")), "eu-west", clock=lambda: now[0])
    await listener.start()
    coordinator = hub.connect(subjects.COORDINATOR)
    subject = subjects.catalogue("eu-west")
    await coordinator.publish(subject, Catalogue(regions={"us-east": ["m"]}, sent_at=now[0]).encode())
    await wait_until(lambda: listener.live() == {"us-east": ["m"]}, "the catalogue heard")
    await coordinator.publish(subject, Catalogue(regions={}, sent_at=now[0] - 1).encode())  # older: ignored
    forger = hub.connect("admin")  # may publish anywhere, but is not the coordinator
    await forger.publish(subject, Catalogue(regions={"us-east": ["forged"]}, sent_at=now[0] + 1).encode())
    await coordinator.publish(subject, Catalogue(regions={"us-east": ["m", "n"]}, sent_at=now[0] + 0.5).encode())
    await wait_until(lambda: listener.live() == {"us-east": ["m", "n"]}, "the newer catalogue heard")
    now[0] += MAX_AGE_S + 1
    assert listener.live() == {}  # the coordinator has been away too long: nothing remote is servable now
