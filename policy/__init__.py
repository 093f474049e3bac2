"""The jurisdiction policy language: where a request's data may be served, and what must happen first.

Load a policy with `load(path)`; ask it with `Policy.decide(origin_region, data_class, model, ...)`.
This package does no I/O beyond reading policy files and knows nothing of NATS or HTTP.
"""

from ._cases import CaseResult, run_cases
from ._decision import Decision, Explanation, RuleVerdict
from ._diff import DENIED, Change, diff
from ._errors import Finding, PolicyError
from ._load import digest_of, lint, lint_text, load, loads
from ._policy import Policy
from ._schema import TRANSFORMS, Transform, json_schema
from ._watch import GRACE_S, WatchedPolicy

__all__ = [
    "DENIED",
    "GRACE_S",
    "TRANSFORMS",
    "CaseResult",
    "Change",
    "Decision",
    "Explanation",
    "Finding",
    "Policy",
    "PolicyError",
    "RuleVerdict",
    "Transform",
    "WatchedPolicy",
    "diff",
    "digest_of",
    "json_schema",
    "lint",
    "lint_text",
    "load",
    "loads",
    "run_cases",
]
