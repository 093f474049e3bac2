"""`verify` finds every kind of tampering, and says which event."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.orm import Session

import audit
from audit._events import chain_hash
from audit._rehash_sql import links_and_suspects
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


def test_sqlite_writes_the_same_canonical_text_as_the_writer(tmp_path: Path) -> None:
    """Verify's fast path on SQLite hashes the text SQLite builds; for every awkward value it must be the
    writer's own bytes, or each event would go back to the (slower) reference."""
    store = audit.AuditStore(f"sqlite:///{tmp_path / 'audit.db'}")
    store.migrate()
    values = [*AWKWARD, "nul \x00 byte", ""]
    store.append("eu-west/n1", [event(reason=text, pii_counts={"ZIP": 1, "AGE": 2}) for text in values])
    with Session(store.engine) as session:
        links, suspects = links_and_suspects(session.connection().connection.driver_connection, "eu-west/n1")
    assert [link[0] for link in links] == list(range(len(values)))
    assert suspects == []
    _sql(store, "UPDATE audit_events SET rule = 'r' WHERE writer = 'eu-west/n1' AND seq = 1")
    with Session(store.engine) as session:
        assert links_and_suspects(session.connection().connection.driver_connection, "eu-west/n1")[1] == [1]
    store.dispose()


def test_counts_stored_in_another_form_are_not_an_edit(store: audit.AuditStore) -> None:
    """The same counts written another way (key order, spacing) mean the same event; other counts do not."""
    store.append("eu-west/n1", [event(job_id=f"j{i}", pii_counts={"AGE": 1, "EMAIL": 2}) for i in range(3)])
    _sql(store, """UPDATE audit_events SET pii_counts = '{"EMAIL": 2, "AGE": 1}' WHERE seq = 1""")
    assert _problems(store, key=None) == []
    _sql(store, """UPDATE audit_events SET pii_counts = '{"EMAIL": 2, "AGE": 5}' WHERE seq = 1""")
    assert _problems(store, key=None) == [("eu-west/n1", 1, "edited")]


@pytest.mark.parametrize("counts", ["[1]", '{"AGE": "one"}', "not json"])
def test_counts_that_are_not_counts_are_an_edit_not_a_crash(store: audit.AuditStore, counts: str) -> None:
    store.append("eu-west/n1", [event(job_id=f"j{i}", pii_counts={"AGE": 1}) for i in range(3)])
    if counts == "not json" and store.engine.url.get_backend_name() != "sqlite":
        pytest.skip("PostgreSQL's json column refuses text that is not JSON")
    _sql(store, "UPDATE audit_events SET pii_counts = :counts WHERE seq = 2", counts=counts)
    assert _problems(store, key=None) == [("eu-west/n1", 2, "edited")]


SQLITE_ONLY_EDITS = [
    # text after a NUL is invisible to SQLite's length, substr and JSON parser: never confirmed with the rest
    "UPDATE audit_events SET time = time || char(0) || 'Patient Jane Doe' WHERE seq = 1",
    "UPDATE audit_events SET pii_counts = pii_counts || char(0) || 'Patient Jane Doe' WHERE seq = 1",
    # a value SQLite's JSON cannot hold: the reference judges the chain instead of verify crashing
    "UPDATE audit_events SET reason = x'41' WHERE seq = 1",
    "UPDATE audit_events SET region = CAST(region AS BLOB) || x'00' WHERE seq = 1",
]


@pytest.mark.parametrize("edit", SQLITE_ONLY_EDITS, ids=["time-nul", "counts-nul", "reason-blob", "region-blob"])
def test_edits_hidden_from_sqlites_text_functions_are_found(tmp_path: Path, edit: str) -> None:
    store = audit.AuditStore(f"sqlite:///{tmp_path / 'audit.db'}")
    store.migrate()
    store.append("eu-west/n1", [event(job_id=f"j{i}", pii_counts={"AGE": 1}) for i in range(3)], key=KEY)
    assert _problems(store) == []  # control: untouched, verified
    _sql(store, edit)
    assert _problems(store) == [("eu-west/n1", 1, "edited")]
    store.dispose()


@pytest.mark.parametrize("counts", ['{"AGE": 1, "AGE": 1}', "[]"], ids=["a-key-written-twice", "a-list-for-no-counts"])
def test_counts_read_two_ways_are_an_edit(store: audit.AuditStore, counts: str) -> None:
    """Counts two readers could read differently (a key written twice) or that are no object are edits."""
    store.append("eu-west/n1", [event(job_id=f"j{i}", pii_counts={"AGE": 1} if i else {}) for i in range(3)])
    seq = 0 if counts == "[]" else 1
    _sql(store, "UPDATE audit_events SET pii_counts = :counts WHERE seq = :seq", counts=counts, seq=seq)
    assert _problems(store, key=None) == [("eu-west/n1", seq, "edited")]
