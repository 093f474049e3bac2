"""`verify` finds every kind of tampering, and says which event."""

from __future__ import annotations

from datetime import datetime

import pytest
from sqlalchemy import text

import audit
from audit._events import chain_hash
from tests.audit.conftest import event

KEY = b"node-key-for-tests"


@pytest.fixture
def chain(store: audit.AuditStore) -> audit.AuditStore:
    store.append("eu-west/n1", [event(job_id=f"j{i}", pii_counts={"PERSON": i}) for i in range(10)], key=KEY)
    store.append("us-east/n1", [event(region="us-east", job_id="other")], key=KEY)
    assert store.verify(key=KEY).ok
    return store


def _sql(store: audit.AuditStore, statement: str, **params: object) -> None:
    with store.engine.begin() as connection:
        connection.execute(text(statement), params)


def _problems(store: audit.AuditStore, key: bytes | None = KEY) -> list[tuple[str, int, str]]:
    return [(p.writer, p.seq, p.kind) for p in store.verify(key=key).problems]


def test_edited_event(chain: audit.AuditStore) -> None:
    _sql(chain, "UPDATE audit_events SET target_region = 'kr-central' WHERE writer = 'eu-west/n1' AND seq = 4")
    assert _problems(chain) == [("eu-west/n1", 4, "edited")]


def test_deleted_event(chain: audit.AuditStore) -> None:
    _sql(chain, "DELETE FROM audit_events WHERE writer = 'eu-west/n1' AND seq = 6")
    assert _problems(chain) == [("eu-west/n1", 6, "deleted")]


def test_deleted_newest_events(chain: audit.AuditStore) -> None:
    _sql(chain, "DELETE FROM audit_events WHERE writer = 'eu-west/n1' AND seq >= 8")
    assert _problems(chain) == [("eu-west/n1", 8, "deleted")]


def test_inserted_event_with_a_recomputed_hash(chain: audit.AuditStore) -> None:
    # A forger who knows the hash recipe but not the key appends a plausible event.
    last = chain.query(audit.EventFilter(writer="eu-west/n1"), limit=100).events[-1]
    when = datetime.fromisoformat(last["time"])
    forged = {**last, "seq": 10, "job_id": "forged", "prev_hash": last["hash"], "time": when, "pii_counts": {}}
    forged["hash"] = chain_hash(forged)
    columns = [c for c in forged if c != "id"]
    forged["pii_counts"] = "{}"
    _sql(
        chain,
        f"INSERT INTO audit_events ({', '.join(columns)}) VALUES ({', '.join(':' + c for c in columns)})",
        **{c: forged[c] for c in columns},
    )
    found = _problems(chain)
    assert ("eu-west/n1", 10, "bad-signature") in found
    assert ("eu-west/n1", 10, "inserted") in found  # beyond the writer's recorded head, key or no key
    assert ("eu-west/n1", 10, "inserted") in _problems(chain, key=None)


def test_reordered_events(chain: audit.AuditStore) -> None:
    _sql(chain, "UPDATE audit_events SET seq = -1 WHERE writer = 'eu-west/n1' AND seq = 3")
    _sql(chain, "UPDATE audit_events SET seq = 3 WHERE writer = 'eu-west/n1' AND seq = 4")
    _sql(chain, "UPDATE audit_events SET seq = 4 WHERE writer = 'eu-west/n1' AND seq = -1")
    kinds = {kind for writer, _, kind in _problems(chain) if writer == "eu-west/n1"}
    assert "reordered" in kinds


def test_signature_by_another_key_is_a_signature_mismatch_not_an_edit(chain: audit.AuditStore) -> None:
    report = chain.verify(key=b"someone else")
    assert [(p.writer, p.seq, p.kind) for p in report.problems] == [
        ("eu-west/n1", 0, "bad-signature"),
        ("us-east/n1", 0, "bad-signature"),
    ]
    assert report.problems[0].message == (
        "none of its 10 events is signed with this key: a wrong --key-file, or a forged chain"
    )
    assert chain.verify(key=KEY).ok  # the control: the writers' own key


def test_a_chain_without_its_head_record_is_still_checked(chain: audit.AuditStore) -> None:
    _sql(chain, "DELETE FROM audit_heads WHERE writer = 'us-east/n1'")
    assert _problems(chain) == [("us-east/n1", 0, "deleted")]


def test_untouched_chains_stay_valid(chain: audit.AuditStore) -> None:
    _sql(chain, "UPDATE audit_events SET reason = 'tampered' WHERE writer = 'eu-west/n1' AND seq = 0")
    assert all(writer == "eu-west/n1" for writer, _, _ in _problems(chain))


AWKWARD = [
    'quote " backslash \\ slash /',
    "control \x01\x1f tab\tnewline\n",
    "Gyeonggi 경기도 — ünïcode 🙂",
    "\u2028 line separator, \x7f delete",
]


def test_awkward_values_verify_and_their_edits_are_found(
    store: audit.AuditStore,
) -> None:
    """Quotes, control characters, non-ASCII and unsorted counts round-trip through either database into
    the same canonical bytes: no false edit, and a real one found."""
    events = [
        event(job_id=f"j{i}", reason=text, rule=text, pii_counts={"ZIP": i, "EMAIL": 2, "AGE": 1, "é": 3})
        for i, text in enumerate(AWKWARD)
    ]
    store.append("eu-west/n1", events, key=KEY)
    assert _problems(store) == []
    _sql(store, "UPDATE audit_events SET reason = :r WHERE writer = 'eu-west/n1' AND seq = 2", r=AWKWARD[2] + " ")
    assert _problems(store) == [("eu-west/n1", 2, "edited")]
