"""End-to-end message signatures: what a receiver refuses, each beside the same message accepted."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from federation import MessageRejected, pki
from federation.signing import CERT, SIGNATURE, TIMESTAMP, Signer, Verifier, reply_context

SUBJECT = "fed.results.eu-west.us-east.n1.job-0123456789abcdef"
PAYLOAD = b'{"v":1,"job_id":"job-0123456789abcdef","executor":"us-east","seq":0,"delta":"hi"}'
NOW = 1_900_000_000.0


@pytest.fixture(scope="module")
def pki_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pki")
    pki.init_ca(folder)
    for name in ("region-us-east", "region-kr-central", "coordinator"):
        pki.issue(folder, folder, name, days=36500)
    return folder


def _signer(folder: Path, name: str) -> Signer:
    return Signer(folder / f"{name}.crt", folder / f"{name}.key")


def _reason(verifier: Verifier, context: str, payload: bytes, headers: dict[str, str], expected: str) -> str | None:
    try:
        verifier.verify(context, payload, headers, expected, now=NOW)
    except MessageRejected as exc:
        return exc.reason
    return None


def test_a_message_is_accepted_only_as_signed_by_the_identity_for_that_subject(pki_dir: Path) -> None:
    verifier = Verifier(pki_dir / "ca.crt")
    headers = _signer(pki_dir, "region-us-east").headers(SUBJECT, PAYLOAD, now=NOW)
    assert _reason(verifier, SUBJECT, PAYLOAD, headers, "region-us-east") is None  # control
    assert _reason(verifier, SUBJECT, PAYLOAD, headers, "region-kr-central") == "wrong_signer"
    assert _reason(verifier, SUBJECT, PAYLOAD + b" ", headers, "region-us-east") == "bad_signature"
    other = SUBJECT.replace("eu-west", "kr-central")  # the same bytes re-published elsewhere
    assert _reason(verifier, other, PAYLOAD, headers, "region-us-east") == "bad_signature"
    assert _reason(verifier, SUBJECT, PAYLOAD, {}, "region-us-east") == "unsigned"
    forged = {**headers, SIGNATURE: _signer(pki_dir, "region-kr-central").headers(SUBJECT, PAYLOAD, now=NOW)[SIGNATURE]}
    assert _reason(verifier, SUBJECT, PAYLOAD, forged, "region-us-east") == "bad_signature"
    assert _reason(verifier, SUBJECT, PAYLOAD, {**headers, SIGNATURE: "not base64!"}, "region-us-east") == (
        "bad_signature"
    )


def test_stale_and_future_messages_are_refused(pki_dir: Path) -> None:
    verifier = Verifier(pki_dir / "ca.crt", max_age_s=120, skew_s=30)
    signer = _signer(pki_dir, "coordinator")
    assert _reason(verifier, SUBJECT, PAYLOAD, signer.headers(SUBJECT, PAYLOAD, now=NOW - 119), "coordinator") is None
    assert (
        _reason(verifier, SUBJECT, PAYLOAD, signer.headers(SUBJECT, PAYLOAD, now=NOW - 121), "coordinator") == "stale"
    )
    assert _reason(verifier, SUBJECT, PAYLOAD, signer.headers(SUBJECT, PAYLOAD, now=NOW + 31), "coordinator") == "stale"
    old = signer.headers(SUBJECT, PAYLOAD, now=NOW - 3600)  # a queued job: its age is not the question
    verifier.verify(SUBJECT, PAYLOAD, old, "coordinator", fresh=False, now=NOW)


def test_certificates_not_issued_by_the_federation_ca_now_are_refused(pki_dir: Path, tmp_path: Path) -> None:
    verifier = Verifier(pki_dir / "ca.crt")
    pki.init_ca(tmp_path / "rogue")
    pki.issue(tmp_path / "rogue", tmp_path / "rogue", "region-us-east")  # the right name, another CA
    rogue = _signer(tmp_path / "rogue", "region-us-east").headers(SUBJECT, PAYLOAD, now=NOW)
    assert _reason(verifier, SUBJECT, PAYLOAD, rogue, "region-us-east") == "bad_certificate"
    long_ago = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)
    pki.issue(pki_dir, tmp_path, "region-us-east", not_before=long_ago, not_after=long_ago + dt.timedelta(days=1))
    expired = _signer(tmp_path, "region-us-east").headers(SUBJECT, PAYLOAD, now=NOW)
    assert _reason(verifier, SUBJECT, PAYLOAD, expired, "region-us-east") == "bad_certificate"
    genuine = _signer(pki_dir, "region-us-east").headers(SUBJECT, PAYLOAD, now=NOW)
    assert _reason(verifier, SUBJECT, PAYLOAD, {**genuine, CERT: genuine[CERT] + "!"}, "region-us-east") == (
        "bad_certificate"
    )
    assert _reason(verifier, SUBJECT, PAYLOAD, genuine, "region-us-east") is None  # control


def test_a_reply_is_bound_to_the_one_request_it_answers(pki_dir: Path) -> None:
    verifier = Verifier(pki_dir / "ca.crt")
    region, coordinator = _signer(pki_dir, "region-us-east"), _signer(pki_dir, "coordinator")
    first = region.headers("fed.submit.us-east", b"same request", now=NOW)
    second = region.headers("fed.submit.us-east", b"same request", now=NOW)
    answer = b'{"accepted": true}'
    reply = coordinator.headers(reply_context(first[SIGNATURE]), answer, now=NOW)
    assert _reason(verifier, reply_context(first[SIGNATURE]), answer, reply, "coordinator") is None  # control
    # The same request bytes sent again: the old answer does not fit the new request.
    assert _reason(verifier, reply_context(second[SIGNATURE]), answer, reply, "coordinator") == "bad_signature"
    assert first[TIMESTAMP] == second[TIMESTAMP] and first[SIGNATURE] != second[SIGNATURE]
