"""`GET /v1/audit/events`: the audit query endpoint, mountable in the region node and the coordinator."""

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query
from pydantic import BaseModel

from ._events import Decision, EventKind
from ._store import AuditStore, EventFilter


class EventPage(BaseModel):
    object: str = "list"
    data: list[dict[str, Any]]
    next_cursor: str | None


def make_router(get_store: Callable[..., AuditStore | Awaitable[AuditStore]]) -> APIRouter:
    """A router whose store comes from the app's own dependency (`get_store`, sync or async)."""
    router = APIRouter(tags=["audit"])
    Store = Annotated[AuditStore, Depends(get_store)]

    @router.get("/v1/audit/events", response_model=EventPage)
    def list_events(
        store: Store,
        job_id: Annotated[str | None, Query(max_length=64)] = None,
        region: Annotated[str | None, Query(max_length=64)] = None,
        kind: EventKind | None = None,
        decision: Decision | None = None,
        data_class: Annotated[str | None, Query(max_length=32)] = None,
        since: datetime | None = None,
        until: datetime | None = None,
        after: Annotated[str | None, Query(max_length=64, description="`next_cursor` of the previous page")] = None,
        limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    ) -> EventPage:
        filters = EventFilter(
            job_id=job_id, region=region, kind=kind, decision=decision, data_class=data_class, since=since, until=until
        )
        try:
            page = store.query(filters, after=after, limit=limit)
        except ValueError as exc:
            raise HTTPException(status_code=400, detail=str(exc)) from exc
        return EventPage(data=page.events, next_cursor=page.next_cursor)

    return router
