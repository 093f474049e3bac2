"""A canary: no raw personal value reaches any column of any audit row."""

from __future__ import annotations

from sqlalchemy import text

import audit
import pii
from tests.audit.conftest import event

CANARIES = ["Zbigniew Canaryson", "zbig.canary@example.com", "010-7777-3141", "960121-1021413"]


def test_no_raw_value_reaches_any_column(store: audit.AuditStore) -> None:
    redactor = pii.Redactor()
    try:
        prompt = "Zbigniew Canaryson (zbig.canary@example.com, 010-7777-3141, RRN 960121-1021413) needs a refund."
        redaction = redactor.redact(prompt)
    finally:
        redactor.close()
    store.append(
        "eu-west/n1",
        [
            event(job_id="j1", data_class="personal"),
            event(
                audit.EventKind.EGRESS_ALLOWED,
                job_id="j1",
                decision=audit.Decision.ALLOWED,
                pii_counts=redaction.counts(),
                payload_hash=audit.payload_hash(redaction.text),
                target_region="us-east",
            ),
        ],
    )
    with store.engine.connect() as connection:
        rows = connection.execute(text("SELECT * FROM audit_events")).all()
    dump = repr(rows)
    for canary in CANARIES:
        assert canary not in dump
    egress = store.query(audit.EventFilter(kind=audit.EventKind.EGRESS_ALLOWED)).events[0]
    assert egress["pii_counts"] == {"EMAIL_ADDRESS": 1, "KR_RRN": 1, "PERSON": 1, "PHONE_NUMBER": 1}
    assert egress["payload_hash"].startswith("sha256:")
