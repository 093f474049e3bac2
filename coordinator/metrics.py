"""The coordinator's Prometheus metrics, in a registry of its own (several coordinators per test)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Histogram


class CoordinatorMetrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.routed = Counter(
            "fedinfer_jobs_routed_total", "Jobs routed, by target region.", ["target"], registry=self.registry
        )
        self.refused = Counter(
            "fedinfer_jobs_refused_total", "Jobs refused, by reason code.", ["code"], registry=self.registry
        )
        self.redelivered = Counter(
            "fedinfer_jobs_redelivered_total",
            "Jobs taken back from a region without live nodes.",
            ["region"],
            registry=self.registry,
        )
        self.rejected = Counter(
            "fedinfer_messages_rejected_total",
            "Messages dropped because they were not signed by the identity their subject names, or were stale,"
            " by message kind and reason.",
            ["kind", "reason"],
            registry=self.registry,
        )
        self.routing_latency = Histogram(
            "fedinfer_routing_latency_seconds",
            "From submission to enqueued job.",
            registry=self.registry,
            buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1.0),
        )
