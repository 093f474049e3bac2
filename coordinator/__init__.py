"""The coordinator: region registry, policy-checked routing, JetStream dispatch, admin API.

It never sees raw personal data and never holds a vault.
"""

from .admission import Admitted, Refusal, RefusalCode, RefusalKind, admit
from .config import CoordinatorSettings
from .registry import RegionLoad, Registry
from .routing import Ranking, Route, RouteKind, choose, rank
from .tenants import Refused, Tenant, Tenants, TenantsFileError, hash_token

__all__ = [
    "Admitted",
    "CoordinatorSettings",
    "Ranking",
    "Refusal",
    "RefusalCode",
    "RefusalKind",
    "Refused",
    "RegionLoad",
    "Registry",
    "Route",
    "RouteKind",
    "Tenant",
    "Tenants",
    "TenantsFileError",
    "admit",
    "choose",
    "hash_token",
    "rank",
]
