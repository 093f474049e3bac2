"""The coordinator: region registry, policy-checked routing, JetStream dispatch, admin API.

It never sees raw personal data and never holds a vault.
"""

from .config import CoordinatorSettings
from .registry import RegionLoad, Registry
from .routing import Ranking, Route, choose, rank

__all__ = ["CoordinatorSettings", "Ranking", "RegionLoad", "Registry", "Route", "choose", "rank"]
