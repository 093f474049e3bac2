"""NATS subjects of the federation, and the JetStream names. One home for every subject string and
for the grammar of the names that become subject tokens (regions, nodes, job ids).

Results carry the executing region as well as the origin, and the origin's node
(`fed.results.<origin>.<executor>.<node>.<job>`), so the broker can let a region publish only the
results it produced and read only its own, and each node listens once for the answers to its jobs.
Submissions carry the origin (`fed.submit.<origin>`): the broker lets a region submit only as itself,
so the coordinator takes the origin from the subject, never from the body.
"""

from __future__ import annotations

import re

STREAM = "JOBS"
JS_DOMAIN = "hub"
"""JetStream runs on the hub only, in the coordinator's account."""
JS_API = "$JS.API"


def js_prefix(region: str) -> str:
    """The JetStream API prefix a region's worker uses. A region has no JetStream API of its own: the
    hub imports into its account exactly one request, its next job, renamed under this prefix (the
    `$JS.API` subjects themselves do not cross a leaf link between JetStream domains)."""
    return f"fed.js.{check_token(region)}"


COORDINATOR = "coordinator"
"""The executor token of the notices the coordinator itself sends about a job; no region may take this name."""
RESERVED_REGIONS = frozenset({COORDINATOR})
TOKEN_PATTERN = r"^[a-z][a-z0-9-]{0,62}$"
"""Region and node names: lowercase letters, digits and '-', starting with a letter (one subject token)."""
JOB_ID_PATTERN = r"^[a-z0-9][a-z0-9-]{7,63}$"
_TOKEN = re.compile(TOKEN_PATTERN)
_JOB_ID = re.compile(JOB_ID_PATTERN)


def check_token(value: str, what: str = "region") -> str:
    """A region or node name, safe as one subject token (no dots, no wildcards)."""
    if not isinstance(value, str) or not _TOKEN.match(value):
        raise ValueError(
            f"{what} {value!r} cannot be a NATS subject token: use lowercase letters, digits and '-',"
            " starting with a letter (at most 63 characters)"
        )
    if what == "region" and value in RESERVED_REGIONS:
        raise ValueError(f"region {value!r} is a reserved name (the coordinator's own); choose another")
    return value


def is_token(value: str) -> bool:
    return bool(_TOKEN.match(value))


def sender_name(value: str) -> str:
    """A claimed sender as it may be recorded: the name, or `unknown` when it is not even one."""
    return value if is_token(value) else "unknown"


def check_job_id(value: str) -> str:
    if not _JOB_ID.match(value):
        raise ValueError(f"job id {value!r} is not one the federation issues")
    return value


def submit(origin: str) -> str:
    """Where a region submits its jobs: only `origin` may publish here (request/reply)."""
    return f"fed.submit.{check_token(origin)}"


SUBMIT_ANY = "fed.submit.*"
"""What the coordinator listens to: every region's submissions."""


def origin_of_submission(subject: str) -> str:
    """The submitting region, from the subject the broker bound to its identity."""
    prefix, _, origin = subject.rpartition(".")
    if prefix != "fed.submit":
        raise ValueError(f"{subject!r} is not a submission subject")
    return check_token(origin)


def heartbeat(region: str, node: str) -> str:
    return f"fed.heartbeat.{check_token(region)}.{check_token(node, 'node')}"


HEARTBEAT_ANY = "fed.heartbeat.>"


def jobs(region: str) -> str:
    return f"fed.jobs.{check_token(region)}"


JOBS_ANY = "fed.jobs.*"
COORDINATORS = "coordinators"
"""The queue group of every coordinator: each submission is handled by one of them."""
LEDGER = "$KV.SUBMISSIONS.>"
"""The key-value bucket of routed jobs, as its writes are published (`Fabric.claim_submission`)."""


def _executor(executor: str) -> str:
    """A results subject's sender token: a region, or the coordinator for its own notices."""
    return COORDINATOR if executor == COORDINATOR else check_token(executor)


def results(origin: str, executor: str, origin_node: str, job_id: str) -> str:
    node, job = check_token(origin_node, "node"), check_job_id(job_id)
    return f"fed.results.{check_token(origin)}.{_executor(executor)}.{node}.{job}"


def _four_tokens(subject: str, kind: str) -> tuple[str, str, str, str]:
    """The four tokens after `fed.<kind>` of a six-token subject; `ValueError` for anything else."""
    parts = subject.split(".")
    if len(parts) != 6 or parts[:2] != ["fed", kind]:
        raise ValueError(f"{subject!r} is not a {kind} subject")
    return parts[2], parts[3], parts[4], parts[5]


def parse_results(subject: str) -> tuple[str, str, str, str]:
    """`(origin, executor, origin_node, job_id)` of a results subject; `ValueError` for anything else."""
    return _four_tokens(subject, "results")


def results_to_node(origin: str, node: str) -> str:
    """The answers to the jobs one origin node sent, from whichever region ran them."""
    return f"fed.results.{check_token(origin)}.*.{check_token(node, 'node')}.*"


def results_for(origin: str) -> str:
    """Everything an origin region receives back."""
    return f"fed.results.{check_token(origin)}.>"


def results_from(origin: str, executor: str) -> str:
    """Everything `executor` (a region, or the coordinator) sends back to `origin`."""
    return f"fed.results.{check_token(origin)}.{_executor(executor)}.>"


def resend(executor: str, origin: str, origin_node: str, job_id: str) -> str:
    """Where an origin node asks the region running its job to send its answer's chunks again (from a
    sequence number): a chunk can be lost on a link being re-made; or withdraws the job."""
    node, job = check_token(origin_node, "node"), check_job_id(job_id)
    return f"fed.resend.{check_token(executor)}.{check_token(origin)}.{node}.{job}"


def resend_from(origin: str, executor: str) -> str:
    """Everything `origin` may ask `executor` to send again."""
    return f"fed.resend.{check_token(executor)}.{check_token(origin)}.>"


def resend_to(executor: str) -> str:
    """What a region hears: the requests to send its answers again."""
    return f"fed.resend.{check_token(executor)}.>"


def parse_resend(subject: str) -> tuple[str, str, str, str]:
    """`(executor, origin, origin_node, job_id)` of a resend subject; `ValueError` for anything else."""
    return _four_tokens(subject, "resend")


def catalogue(region: str) -> str:
    """Where the coordinator tells a region which regions are live now and what they serve."""
    return f"fed.catalogue.{check_token(region)}"


CATALOGUE_ANY = "fed.catalogue.*"


def policy(region: str) -> str:
    """Where the coordinator relays the policy an admin published (`fedinfer policy publish`), as the
    admin signed it: the region checks the admin's signature, not only the coordinator's."""
    return f"fed.policy.{check_token(region)}"


POLICY_ANY = "fed.policy.*"
POLICY_BUCKET = "POLICY"
"""The key-value bucket on the hub holding the published policy (key `POLICY_KEY`); only admins write."""
POLICY_KEY = "current"
POLICY_STREAM = f"KV_{POLICY_BUCKET}"
"""The JetStream stream under the policy bucket."""


def audit_request(region: str) -> str:
    """The coordinator asks a region for its own audit events of a job here (request/reply)."""
    return f"fed.audit.{check_token(region)}"


def consumer(region: str) -> str:
    """The durable pull consumer through which a region takes its jobs."""
    return f"jobs-{check_token(region)}"


def pull_next(region: str, *, api: str | None = None) -> str:
    """The JetStream request a region's worker sends for its next job (under its own prefix), or, with
    `api=JS_API`, the hub's subject it is imported from."""
    return f"{api or js_prefix(region)}.CONSUMER.MSG.NEXT.{STREAM}.{consumer(region)}"


def acks(region: str) -> str:
    """The subjects a region's worker acknowledges its jobs on (the reply subjects of its messages)."""
    return f"$JS.ACK.{STREAM}.{consumer(region)}.>"


def inbox_prefix(identity: str) -> str:
    """Each identity's own reply inbox: only it may subscribe there."""
    return f"_INBOX_{identity}"
