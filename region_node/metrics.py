"""The region node's Prometheus metrics, in a registry of its own."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

OVERHEAD_BUCKETS = (*(i / 4000 for i in range(1, 41)), 0.015, 0.02, 0.05, 0.1, 0.25, 1.0)
"""0.25 ms apart up to 10 ms, where the target (5 ms p50) lies, so a quantile read from them is close."""


class RegionMetrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "fedinfer_requests_total", "API requests by route and status.", ["route", "status"], registry=self.registry
        )
        self.served = Counter(
            "fedinfer_served_total",
            "Answers by where they were served: local or offloaded.",
            ["where"],
            registry=self.registry,
        )
        self.denied = Counter(
            "fedinfer_denied_total",
            "Requests the policy denied, by the rule that denied them (`default`: no rule matched).",
            ["rule"],
            registry=self.registry,
        )
        self.jobs_executed = Counter(
            "fedinfer_jobs_executed_total",
            "Jobs from other regions run here, by outcome.",
            ["outcome"],
            registry=self.registry,
        )
        self.ttft = Histogram(
            "fedinfer_time_to_first_token_seconds",
            "Time to the first token, by where: local (this engine, for a request served here), offloaded"
            " (from the decision to offload to the first restored token), executed (this engine, for a job"
            " from another region).",
            ["where"],
            buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
            registry=self.registry,
        )
        self.pii_detection = Histogram(
            "fedinfer_pii_detection_seconds",
            "Redacting an outgoing prompt.",
            buckets=(0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0),
            registry=self.registry,
        )
        self.offload_overhead = Histogram(
            "fedinfer_offload_overhead_seconds",
            "What offloading added to a request's time to first token: from the decision to the first restored"
            " token, less the executing engine's own time to its first token and less PII detection.",
            buckets=OVERHEAD_BUCKETS,
            registry=self.registry,
        )
        self.offload_setup = Histogram(
            "fedinfer_offload_setup_seconds",
            "From the decision to an accepted submission (PII detection included).",
            buckets=(0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0),
            registry=self.registry,
        )
        self.rejected = Counter(
            "fedinfer_messages_rejected_total",
            "Messages from the fabric dropped, by kind and reason: not signed by the identity their subject"
            " names, stale, a body that contradicts its subject, or an answer from a region the job was not"
            " assigned to.",
            ["kind", "reason"],
            registry=self.registry,
        )
        self.replays = Counter(
            "fedinfer_idempotent_replays_total",
            "Retries answered with their first attempt's answer (same Idempotency-Key): no new job.",
            registry=self.registry,
        )
        self.resent = Counter(
            "fedinfer_answers_resent_total",
            "Answers of jobs run here sent again because their origin heard nothing for a while.",
            registry=self.registry,
        )
        self.resend_requests = Counter(
            "fedinfer_resend_requests_total",
            "Requests this region's nodes sent for an offloaded answer they heard nothing of for a while.",
            registry=self.registry,
        )
        self.tokens = Counter("fedinfer_completion_tokens_total", "Completion tokens produced.", registry=self.registry)
        self.queue = Gauge(
            "fedinfer_engine_queue_depth", "Requests running or waiting in the engine.", registry=self.registry
        )
        self.healthy = Gauge(
            "fedinfer_engine_healthy", "1 when the engine (and its workers) are alive.", registry=self.registry
        )
