"""NATS subjects of the federation, and the JetStream names. One home for every subject string.

Results carry the executing region as well as the origin, and the origin's node
(`fed.results.<origin>.<executor>.<node>.<job>`), so the broker can let a region publish only the
results it produced and read only its own, and each node listens once for the answers to its jobs.
"""

from __future__ import annotations

import re

STREAM = "JOBS"
JS_DOMAIN = "hub"
"""JetStream runs on the hub only; leaf clients reach its API under this domain."""
JS_API = f"$JS.{JS_DOMAIN}.API"
SUBMIT = "fed.submit"
_TOKEN = re.compile(r"^[a-z][a-z0-9-]{0,62}$")


def check_token(value: str, what: str = "region") -> str:
    """A region or node name, safe as one subject token (no dots, no wildcards)."""
    if not _TOKEN.match(value):
        raise ValueError(f"{what} {value!r} cannot be a NATS subject token: use lowercase letters, digits and '-'")
    return value


def heartbeat(region: str, node: str) -> str:
    return f"fed.heartbeat.{check_token(region)}.{check_token(node, 'node')}"


def jobs(region: str) -> str:
    return f"fed.jobs.{check_token(region)}"


def results(origin: str, executor: str, origin_node: str, job_id: str) -> str:
    return (
        f"fed.results.{check_token(origin)}.{check_token(executor)}"
        f".{check_token(origin_node, 'node')}.{check_token(job_id, 'job id')}"
    )


def results_to_node(origin: str, node: str) -> str:
    """The answers to the jobs one origin node sent, from whichever region ran them."""
    return f"fed.results.{check_token(origin)}.*.{check_token(node, 'node')}.*"


def results_for(origin: str) -> str:
    """Everything an origin region receives back."""
    return f"fed.results.{check_token(origin)}.>"


def audit_request(region: str) -> str:
    """The coordinator asks a region for its own audit events of a job here (request/reply)."""
    return f"fed.audit.{check_token(region)}"


def consumer(region: str) -> str:
    """The durable pull consumer through which a region takes its jobs."""
    return f"jobs-{check_token(region)}"


def inbox_prefix(identity: str) -> str:
    """Each identity's own reply inbox: only it may subscribe there."""
    return f"_INBOX_{identity}"
