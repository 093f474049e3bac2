"""The audit explorer: web pages for data-protection officers, served by the coordinator and by each
region node under their own tenant tokens (role `audit`).

Search events (time range in a chosen time zone, region, node, kind, rule, job), follow one job across
regions, see each writer's chain status (verified, signatures unchecked, broken; and, at the
coordinator, the last head it witnessed), export the current filter as CSV or JSON Lines. Server-rendered
(Jinja2 through FastAPI), no JavaScript needed; metadata only: an audit row never holds a prompt, a
completion or a detected value. The token is given once on a login form and kept in an HttpOnly,
SameSite=Strict cookie scoped to `/audit`; every page checks it again.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from fastapi.templating import Jinja2Templates

from ._events import EventKind
from ._store import AuditStore, EventFilter, iter_all
from ._time import parse_time
from ._witness import WitnessedHead

COOKIE = "fedinfer_audit"
PAGE_SIZE = 100
ZONES = ("UTC", "+09:00", "+08:00", "+05:30", "+02:00", "+01:00", "-03:00", "-05:00", "-08:00")
"""The time zones a page can show and read times in (offsets; UTC by default)."""

_templates = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))


@dataclass(frozen=True, slots=True)
class ExplorerSource:
    """What the app serving the explorer provides."""

    title: str
    authorize: Callable[[Request, str], Awaitable[str | None]]
    """The tenant name for a token holding the `audit` role, else None."""
    store: Callable[[Request], AuditStore]
    key: Callable[[Request], bytes | None]
    """The writers' HMAC key when this process holds it (signatures are checked then)."""
    trace: Callable[[Request, str], Awaitable[list[dict[str, Any]]]] | None = None
    """A job's events across regions (the coordinator); None: this store's own events."""
    witnessed: Callable[[Request], dict[str, WitnessedHead]] | None = None
    """The heads the coordinator witnessed (at the coordinator)."""


class _Filters:
    """The search form: what the user typed, and the store filter it means."""

    FIELDS = ("since", "until", "tz", "region", "node", "kind", "rule", "job_id")

    def __init__(self, query: dict[str, str]) -> None:
        self.values = {name: (query.get(name) or "").strip() for name in self.FIELDS}
        self.values["tz"] = self.values["tz"] if self.values["tz"] in ZONES else "UTC"
        self.zone = _zone(self.values["tz"])
        self.error: str | None = None
        kind = self.values["kind"]
        if kind and kind not in {k.value for k in EventKind}:
            self.error = f"kind {kind!r} is not an event kind"
        self.filter = EventFilter(
            job_id=self.values["job_id"] or None,
            region=self.values["region"] or None,
            node=self.values["node"] or None,
            rule=self.values["rule"] or None,
            kind=EventKind(kind) if kind and self.error is None else None,
            since=self._time("since"),
            until=self._time("until"),
        )

    def _time(self, name: str) -> datetime | None:
        value = self.values[name]
        if not value:
            return None
        try:
            moment = parse_time(value if _has_offset(value) else value + self.values["tz"].replace("UTC", "Z"))
        except ValueError as exc:
            self.error = f"{name}: {exc}"
            return None
        return moment

    def query(self, **extra: str) -> str:
        from urllib.parse import urlencode

        return urlencode({**{k: v for k, v in self.values.items() if v}, **extra})


def _has_offset(value: str) -> bool:
    return value.endswith("Z") or (len(value) > 6 and value[-6] in "+-" and value[-3] == ":")


def _zone(name: str) -> timezone:
    if name == "UTC":
        return UTC
    sign = 1 if name[0] == "+" else -1
    hours, minutes = int(name[1:3]), int(name[4:6])
    return timezone(sign * timedelta(hours=hours, minutes=minutes))


def _shown(event: dict[str, Any], zone: timezone) -> dict[str, Any]:
    """An event as a page shows it: its time in the chosen zone."""
    moment = datetime.fromisoformat(str(event["time"]))
    return {**event, "shown_time": moment.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]}


def explorer_router(source: ExplorerSource) -> APIRouter:
    router = APIRouter(prefix="/audit", tags=["audit explorer"], include_in_schema=False)

    async def tenant(request: Request) -> str | None:
        token = request.cookies.get(COOKIE)
        return await source.authorize(request, token) if token else None

    def page(request: Request, name: str, tenant_name: str, **context: Any) -> HTMLResponse:
        return _templates.TemplateResponse(
            request, name, {"title": source.title, "tenant": tenant_name, "zones": ZONES, **context}
        )

    def to_login() -> RedirectResponse:
        return RedirectResponse("/audit/login", status_code=303)

    @router.get("/login", response_class=HTMLResponse)
    async def login_form(request: Request) -> HTMLResponse:
        return _templates.TemplateResponse(request, "login.html", {"title": source.title, "error": None})

    @router.post("/login", response_model=None)
    async def login(request: Request, token: str = Form("")) -> Response:
        name = await source.authorize(request, token.strip()) if token.strip() else None
        if name is None:
            message = "this token is not one of a tenant with the audit role"
            return _templates.TemplateResponse(
                request, "login.html", {"title": source.title, "error": message}, status_code=401
            )
        response = RedirectResponse("/audit", status_code=303)
        response.set_cookie(
            COOKIE,
            token.strip(),
            httponly=True,
            samesite="strict",
            path="/audit",
            secure=request.url.scheme == "https",
        )
        return response

    @router.post("/logout")
    async def logout() -> RedirectResponse:
        response = to_login()
        response.delete_cookie(COOKIE, path="/audit")
        return response

    @router.get("", response_class=HTMLResponse, response_model=None)
    async def events(request: Request) -> Response:
        name = await tenant(request)
        if name is None:
            return to_login()
        filters = _Filters(dict(request.query_params))
        after = request.query_params.get("after") or None
        found: list[dict[str, Any]] = []
        next_cursor = None
        error = filters.error
        if error is None:
            try:
                result = source.store(request).query(filters.filter, after=after, limit=PAGE_SIZE)
                found, next_cursor = result.events, result.next_cursor
            except ValueError as exc:
                error = str(exc)
        return page(
            request,
            "events.html",
            name,
            filters=filters.values,
            kinds=[k.value for k in EventKind],
            events=[_shown(e, filters.zone) for e in found],
            next_query=filters.query(after=next_cursor) if next_cursor else None,
            export_query=filters.query(),
            error=error,
        )

    @router.get("/jobs/{job_id}", response_class=HTMLResponse, response_model=None)
    async def job(request: Request, job_id: str) -> Response:
        name = await tenant(request)
        if name is None:
            return to_login()
        zone = _zone(request.query_params.get("tz", "UTC") if request.query_params.get("tz") in ZONES else "UTC")
        if source.trace is not None:
            timeline = await source.trace(request, job_id)
        else:
            timeline = list(iter_all(source.store(request), EventFilter(job_id=job_id)))
        shown = [_shown(e, zone) if e.get("time") else e for e in timeline]
        return page(request, "job.html", name, job_id=job_id, events=shown, across=source.trace is not None)

    @router.get("/chains", response_class=HTMLResponse, response_model=None)
    async def chains(request: Request) -> Response:
        name = await tenant(request)
        if name is None:
            return to_login()
        key = source.key(request)
        report = source.store(request).verify(key=key)
        witnessed = source.witnessed(request) if source.witnessed is not None else None
        rows = [
            {
                "writer": chain.writer,
                "events": chain.events,
                "state": "broken" if not chain.ok else "verified" if key is not None else "signatures unchecked",
                "problems": [f"event {p.seq}: {p.kind}: {p.message}" for p in chain.problems],
            }
            for chain in report.chains
        ]
        heads = (
            [
                {"writer": w, "seq": h.head.seq, "time": h.time.isoformat(timespec="seconds")}
                for w, h in sorted(witnessed.items())
            ]
            if witnessed is not None
            else None
        )
        return page(request, "chains.html", name, chains=rows, witnessed=heads)

    @router.get("/export", response_model=None)
    async def export(request: Request, format: str = "csv") -> Response:
        name = await tenant(request)
        if name is None:
            return to_login()
        filters = _Filters(dict(request.query_params))
        if filters.error is not None or format not in ("csv", "jsonl"):
            return Response(filters.error or f"format {format!r}: use csv or jsonl", status_code=400)
        events = iter_all(source.store(request), filters.filter)
        media = "text/csv" if format == "csv" else "application/x-ndjson"
        headers = {"Content-Disposition": f'attachment; filename="audit-events.{format}"'}
        return StreamingResponse(_export(events, format), media_type=media, headers=headers)

    return router


def _export(events: Iterator[dict[str, Any]], format: str) -> Iterator[str]:
    if format == "jsonl":
        for event in events:
            yield json.dumps(event) + "\n"
        return
    buffer = io.StringIO()
    writer: csv.DictWriter[str] | None = None
    for event in events:
        if writer is None:
            writer = csv.DictWriter(buffer, fieldnames=list(event))
            writer.writeheader()
        writer.writerow({k: json.dumps(v) if isinstance(v, dict) else v for k, v in event.items()})
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
