"""Nothing in pii logs a detected value: canaries go through every path, and no log line holds one."""

from __future__ import annotations

import logging

import pytest

import pii

CANARIES = ["Zbigniew Canaryson", "zbig.canary@example.com", "010-7777-3141", "4012-8888-8888-1881", "960121-1021413"]


def test_no_detected_value_reaches_any_log(caplog: pytest.LogCaptureFixture, redactor_all: pii.Redactor) -> None:
    caplog.set_level(logging.DEBUG)
    text = (
        "Patient Zbigniew Canaryson (zbig.canary@example.com, 010-7777-3141) paid with 4012-8888-8888-1881,"
        " RRN 960121-1021413. IBAN DE89 3704 0044 0532 0130 01 is wrong."
    )
    redaction = redactor_all.redact(text)
    restored = pii.restore(redaction.text, redaction.vault)
    restorer = pii.Restorer(redaction.vault)
    streamed = (
        "".join(restorer.feed(redaction.text[i : i + 3]) for i in range(0, len(redaction.text), 3)) + restorer.flush()
    )
    assert restored == streamed == text
    for bad in ("x" * 40_000,):
        with pytest.raises(pii.PiiError):
            redactor_all.redact(bad)
    logged = "\n".join(f"{r.name} {r.getMessage()} {r.args}" for r in caplog.records)
    for canary in CANARIES:
        assert canary not in logged
        assert canary not in redaction.text
        assert canary not in repr(redaction) and canary not in repr(redaction.vault)
