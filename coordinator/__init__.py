"""The coordinator: region registry, policy-checked routing, JetStream dispatch, admin API.

It never sees raw personal data and never holds a vault.
"""

from .config import CoordinatorSettings
from .registry import RegionLoad, Registry
from .routing import Ranking, Route, choose, rank
from .tenants import Refused, Tenant, Tenants, TenantsFileError, hash_token

__all__ = [
    "CoordinatorSettings",
    "Ranking",
    "Refused",
    "RegionLoad",
    "Registry",
    "Route",
    "Tenant",
    "Tenants",
    "TenantsFileError",
    "choose",
    "hash_token",
    "rank",
]
