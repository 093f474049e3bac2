"""The Grafana dashboard (`infra/grafana/fedinfer-dashboard.json`) queries only metrics the services
export, by labels they carry: a renamed metric or label turns this red, not a panel blank."""

from __future__ import annotations

import json
import re
from pathlib import Path

from prometheus_client import CollectorRegistry

from coordinator.metrics import CoordinatorMetrics
from region_node.metrics import RegionMetrics

DASHBOARD = Path("infra/grafana/fedinfer-dashboard.json")
SCRAPE_LABELS = {"region"}
"""Added by the scrape configuration (the dashboard's description says so), not by the services."""


def _exported(*registries: CollectorRegistry) -> dict[str, set[str]]:
    """Every series name the services export (histograms' `_bucket` too), with its labels."""
    series: dict[str, set[str]] = {}
    for registry in registries:
        for collector in list(registry._collector_to_names):  # type: ignore[attr-defined]
            for metric in collector.describe():
                labels = set(getattr(collector, "_labelnames", ()))
                for suffix in ("", "_total", "_bucket", "_count", "_sum"):
                    series[metric.name + suffix] = labels | ({"le"} if suffix == "_bucket" else set())
    return series


def problems(expressions: list[str], exported: dict[str, set[str]]) -> list[str]:
    """What in `expressions` the services do not export: a metric, or a label a `by (...)` groups on."""
    found = []
    for expr in expressions:
        names = re.findall(r"\bfedinfer_\w+", expr)
        if not names:
            found.append(f"no fedinfer metric in {expr}")
        for name in names:
            if name not in exported:
                found.append(f"{name} is not exported by a region node or a coordinator")
                continue
            for group in re.findall(r"by \(([^)]*)\)", expr):
                labels = {label.strip() for label in group.split(",")}
                missing = labels - exported[name] - SCRAPE_LABELS
                if missing:
                    found.append(f"{name} has no label {sorted(missing)}")
    return found


def test_every_panel_queries_exported_metrics_by_their_own_labels(repo: Path) -> None:
    dashboard = json.loads((repo / DASHBOARD).read_text(encoding="utf-8"))
    exported = _exported(RegionMetrics().registry, CoordinatorMetrics().registry)
    expressions = [t["expr"] for panel in dashboard["panels"] for t in panel["targets"]]
    assert len(dashboard["panels"]) >= 6 and len({p["id"] for p in dashboard["panels"]}) == len(dashboard["panels"])
    assert problems(expressions, exported) == []
    covered = " ".join(expressions)
    for wanted in (
        "fedinfer_requests_total",
        "fedinfer_served_total",
        "fedinfer_denied_total",
        "fedinfer_time_to_first_token_seconds_bucket",
        "fedinfer_engine_queue_depth",
    ):
        assert wanted in covered  # traffic, offload share, refusals by rule, TTFT per path, queue depth


def test_the_check_catches_a_metric_or_label_that_does_not_exist() -> None:
    exported = _exported(RegionMetrics().registry, CoordinatorMetrics().registry)
    wrong = [
        "sum by (region) (rate(fedinfer_servd_total[5m]))",  # a misspelt metric
        "sum by (region, target) (rate(fedinfer_denied_total[5m]))",  # a label it does not carry
    ]
    assert problems(wrong, exported) == [
        "fedinfer_servd_total is not exported by a region node or a coordinator",
        "fedinfer_denied_total has no label ['target']",
    ]
    assert problems(["sum by (region, rule) (rate(fedinfer_denied_total[5m]))"], exported) == []  # control
