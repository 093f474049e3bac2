"""The admission core: every way a submission is refused, and where an admitted one goes, as plain data
(no NATS); then the retired `max_deliver` setting, and the one check of the service's own part (remembering a
refused job id) against a real coordinator."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import pytest
from pydantic import ValidationError

import policy
from coordinator.admission import Admitted, Refusal, RefusalKind, admit
from coordinator.config import CoordinatorSettings
from coordinator.registry import RegionLoad
from coordinator.routing import rank
from federation.local import LocalFabric
from federation.messages import Submission
from tests.conftest import EXAMPLES
from tests.coordinator.peers import MODEL, RegionPeer, running_coordinator

POLICY_FILE = EXAMPLES / "policies" / "federation.yaml"
POLICY = policy.load(POLICY_FILE)
NOW = 1_800_000_000.0
JOB_ID = "job-0123456789abcdef"
PREFIX = "0123456789abcdef"


def submission(
    origin: str = "eu-west",
    data_class: str = "personal",
    *,
    transforms: tuple[str, ...] = ("pseudonymize",),
    digest: str = POLICY.digest,
    deadline: float = NOW + 60,
    purpose: str | None = None,
    exclude: tuple[str, ...] = (),
    job_id: str = JOB_ID,
) -> Submission:
    job = RegionPeer.job(origin, data_class=data_class).model_copy(
        update={"job_id": job_id, "deadline": deadline, "purpose": purpose, "prefix_hash": PREFIX}
    )
    return Submission(job=job, attestation=RegionPeer.attestation(digest, transforms), exclude_regions=list(exclude))


def live(*regions: str, busier: tuple[str, ...] = ()) -> dict[str, RegionLoad]:
    """Idle regions with one node serving MODEL; `busier` ones have one request queued."""
    return {
        region: RegionLoad(region, 1, 8, int(region in busier), 0.1, 50.0, frozenset({MODEL})) for region in regions
    }


class Case(NamedTuple):
    message: bytes | Submission
    kind: RefusalKind
    code: str
    """What `SubmitReply.code` says."""
    reason: str
    origin: str = "eu-west"
    """The region the broker bound to the submission's subject."""
    recent: frozenset[str] = frozenset()
    live: tuple[str, ...] = ("us-east",)


REFUSALS: dict[str, Case] = {
    "invalid-message": Case(
        b"not a submission",
        RefusalKind.INVALID_MESSAGE,
        "invalid",
        "not a valid Submission (v1): message: Invalid JSON: expected ident at line 1 column 2",
    ),
    "replayed": Case(
        submission(),
        RefusalKind.REPLAYED,
        "invalid",
        f"job {JOB_ID} was already submitted; a job is routed once",
        recent=frozenset({JOB_ID}),
    ),
    "forged-origin": Case(
        submission(origin="kr-central"),
        RefusalKind.FORGED_ORIGIN,
        "invalid",
        "submitted by eu-west but claims origin kr-central; a region submits only its own jobs",
    ),
    "deadline-passed": Case(
        submission(deadline=NOW - 1),
        RefusalKind.DEADLINE_PASSED,
        "refused",
        "the job's deadline has already passed",
    ),
    "policy-mismatch": Case(
        submission(digest="sha256:other"),
        RefusalKind.POLICY_MISMATCH,
        "refused",
        f"the origin decided under policy sha256:other, the coordinator holds {POLICY.digest};"
        " both must run the same policy",
    ),
    "unknown-data-class": Case(
        submission(data_class="secret"),
        RefusalKind.POLICY_ERROR,
        "invalid",
        f"{POLICY_FILE}: unknown data class 'secret' (known: public, internal, personal, sensitive)",
    ),
    "unknown-region": Case(
        submission(origin="xx-north"),
        RefusalKind.POLICY_ERROR,
        "invalid",
        f"{POLICY_FILE}: unknown origin region 'xx-north' (known: eu-west, eu-central, uk-south, us-east, us-west,"
        " kr-central)",
        origin="xx-north",
    ),
    "stays-home": Case(
        submission(data_class="sensitive"),
        RefusalKind.ONLY_ORIGIN_ALLOWED,
        "no_region",
        "no region other than the origin is allowed by the policy",
    ),
    "denied-by-rule": Case(
        submission(purpose="marketing"),
        RefusalKind.ONLY_ORIGIN_ALLOWED,
        "no_region",
        "no region other than the origin is allowed by the policy",
    ),
    "not-attested": Case(
        submission(data_class="internal", transforms=()),
        RefusalKind.NOT_ATTESTED,
        "refused",
        "refused: the policy requires pseudonymize before data may leave, and it was not attested",
    ),
    "no-live-region": Case(
        submission(),
        RefusalKind.NO_LIVE_REGION,
        "no_region",
        f"no live node serves model '{MODEL}' in an allowed region"
        " (eu-central, kr-central, uk-south, us-east, us-west)",
        live=(),
    ),
    "live-only-where-unattested": Case(
        submission(transforms=()),
        RefusalKind.NO_LIVE_REGION,
        "no_region",
        f"no live node serves model '{MODEL}' in an allowed region (eu-central, kr-central, uk-south);"
        " us-east, us-west would require pseudonymize, which was not attested",
    ),
    "live-only-where-excluded": Case(
        submission(exclude=("us-east",)),
        RefusalKind.NO_LIVE_REGION,
        "no_region",
        f"no live node serves model '{MODEL}' in an allowed region (eu-central, kr-central, uk-south, us-west)",
    ),
}


@pytest.mark.parametrize("case", REFUSALS.values(), ids=REFUSALS.keys())
def test_a_refusal_says_why_in_kind_code_and_words(case: Case) -> None:
    ranking = rank(live(*case.live))
    result = admit(case.message, origin=case.origin, policy=POLICY, now=NOW, ranking=ranking, recent=case.recent)
    assert isinstance(result, Refusal)
    assert (result.kind, result.code, result.reason) == (case.kind, case.code, case.reason)
    if result.job is not None:
        assert (result.job.job_id, result.job.origin_region) == (JOB_ID, case.origin)  # audited under its real sender


def test_every_refusal_kind_is_in_the_table() -> None:
    assert {case.kind for case in REFUSALS.values()} == set(RefusalKind)


def test_a_refusal_after_the_policy_decided_carries_the_decision() -> None:
    result = admit(
        submission("eu-west", "sensitive"), origin="eu-west", policy=POLICY, now=NOW, ranking=rank({}), recent=()
    )
    assert isinstance(result, Refusal) and result.decision is not None
    assert result.decision.rule == "sensitive-stays-home"
    early = admit(submission(deadline=NOW - 1), origin="eu-west", policy=POLICY, now=NOW, ranking=rank({}), recent=())
    assert isinstance(early, Refusal) and early.decision is None


@pytest.mark.parametrize(
    ("message", "loads", "affinity", "target"),
    [
        (submission(), live("us-east"), None, "us-east"),
        (submission().encode(), live("us-east"), None, "us-east"),
        (submission(), live("us-east", "kr-central", busier=("kr-central",)), None, "us-east"),
        (submission(), live("us-east", "kr-central", busier=("us-east",)), None, "kr-central"),
        (submission(), live("us-east", "kr-central", busier=("us-east",)), "us-east", "us-east"),
        (submission(transforms=()), live("us-east", "uk-south", busier=("uk-south",)), None, "uk-south"),
    ],
    ids=["decoded", "bytes", "cheapest", "cheapest-raw", "prefix-affinity", "unattested-skipped"],
)
def test_an_admitted_job_goes_to_the_cheapest_region_it_may(
    message: bytes | Submission, loads: dict[str, RegionLoad], affinity: str | None, target: str
) -> None:
    result = admit(
        message,
        origin="eu-west",
        policy=POLICY,
        now=NOW,
        ranking=rank(loads),
        recent=frozenset({"job-someone-else"}),
        affinity={PREFIX: affinity}.get if affinity else None,
    )
    assert isinstance(result, Admitted)
    assert (result.target_region, result.job.job_id, result.decision.rule) == (target, JOB_ID, "eu-personal")
    assert result.reason.startswith(f"routed to {target} (cost ")


# -- the retired max_deliver setting --------------------------------------------------------------


def test_the_retired_max_deliver_setting_stops_the_start(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    required: dict[str, Any] = {"nats_url": "tls://127.0.0.1:4222", "pki_dir": tmp_path, "policy": POLICY_FILE}
    assert "max_deliver" not in CoordinatorSettings(**required).model_dump()  # control
    monkeypatch.setenv("FEDINFER_COORDINATOR_MAX_DELIVER", "5")
    with pytest.raises(ValidationError, match=r"max_deliver \(FEDINFER_COORDINATOR_MAX_DELIVER\) was removed"):
        CoordinatorSettings(**required)
    monkeypatch.delenv("FEDINFER_COORDINATOR_MAX_DELIVER")
    with pytest.raises(ValidationError, match="was removed: the coordinator, not JetStream, gives up on a job"):
        CoordinatorSettings(**{**required, "max_deliver": 5})


# -- the service's part: remembering job ids ----------------------------------------------------


async def test_a_refused_jobs_replay_is_decided_again_and_refused_again_never_routed(
    fabric: LocalFabric, tmp_path: Path
) -> None:
    """A job id seen before and not routed (its origin asking again after a lost answer, or a replay) is
    decided afresh: a refused one is refused again for its own reason. A routed one's replay is answered
    from the ledger (`test_service_memory`)."""
    async with running_coordinator(fabric, tmp_path / "audit.db") as coordinator:
        late = submission(deadline=0).encode()  # refused for its deadline, whatever the clock
        first = await coordinator.submit(late, origin="eu-west")
        assert (first.accepted, first.code, first.reason) == (False, "refused", "the job's deadline has already passed")
        replay = await coordinator.submit(late, origin="eu-west")
        assert (replay.accepted, replay.code, replay.reason) == (False, "refused", first.reason)
        assert await coordinator.connection.routed_submission(JOB_ID) is None
        other = await coordinator.submit(
            submission(deadline=0, job_id="job-fedcba9876543210").encode(), origin="eu-west"
        )
        assert (other.code, other.reason) == ("refused", "the job's deadline has already passed")  # control
