"""`policy.decide` throughput on a policy of 50 regions and 200 rules (target: >= 50,000 decisions/s, one core)."""

from __future__ import annotations

import json
import random
import time

import policy
from bench._report import Figure, show

JURISDICTIONS = [f"J{i}" for i in range(10)]
CLASSES = ["public", "internal", "personal", "sensitive"]
PURPOSES = ["support", "research", "billing"]


def build_policy() -> dict[str, object]:
    """10 jurisdictions x 5 regions; 40 jurisdiction rules, 150 region/purpose rules, 10 denials."""
    regions = {f"r{j}-{k}": {"jurisdiction": jur} for j, jur in enumerate(JURISDICTIONS) for k in range(5)}
    jurisdictions = {jur: {"adequate": [JURISDICTIONS[(i + 1) % 10]]} for i, jur in enumerate(JURISDICTIONS)}
    rules: list[dict[str, object]] = []
    for jur in JURISDICTIONS:
        for data_class in CLASSES:
            allow: list[dict[str, object]] = [{"to": "origin"}]
            if data_class != "sensitive":
                allow += [{"to": [jur, "adequate"]}, {"to": "any", "transforms": ["pseudonymize"]}]
            rules.append({"name": f"{jur}-{data_class}", "from": jur, "data_class": data_class, "allow": allow})
    for region in regions:
        for purpose in PURPOSES:
            rules.append(
                {
                    "name": f"{region}-{purpose}",
                    "from": region,
                    "data_class": "personal",
                    "when": {"purpose": purpose, "consent": True},
                    "allow": [{"to": "origin"}, {"to": "any", "transforms": ["pseudonymize"]}],
                }
            )
    for index in range(10):
        rules.append(
            {
                "name": f"no-marketing-{index}",
                "from": JURISDICTIONS[index],
                "data_class": {"at_least": "personal"},
                "when": {"purpose": "marketing"},
                "deny": True,
            }
        )
    return {
        "version": 1,
        "jurisdictions": jurisdictions,
        "regions": regions,
        "data_classes": CLASSES,
        "rules": rules,
    }


def main(seconds: float = 2.0) -> list[Figure]:
    doc = build_policy()
    started = time.perf_counter()
    loaded = policy.loads(json.dumps(doc), file="bench-policy.yaml")
    load_s = time.perf_counter() - started
    assert len(loaded.regions) == 50 and len(loaded.rules) == 200
    rng = random.Random(7)
    requests = [
        (
            rng.choice(loaded.regions),
            rng.choice(CLASSES),
            rng.choice([None, "smollm2-135m-instruct"]),
            rng.random() < 0.5,
            rng.choice([None, "marketing", *PURPOSES]),
        )
        for _ in range(10_000)
    ]
    decide = loaded.decide
    done = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        for origin, data_class, model, consent, purpose in requests:
            decide(origin, data_class, model, consent=consent, purpose=purpose)
        done += len(requests)
    rate = done / (time.perf_counter() - started)
    return show(
        "policy.decide (50 regions, 200 rules, one core)",
        [
            Figure("decisions per second", rate, "decisions/s", ">= 50,000", rate >= 50_000),
            Figure("policy load + compile + contradiction check", load_s * 1000, "ms"),
        ],
    )


if __name__ == "__main__":
    main()
