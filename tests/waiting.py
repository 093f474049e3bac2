"""Waiting on a state, never on a fixed time: tests on a loaded 2-core machine must neither flake nor
pass before the thing they check has happened."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Callable


async def wait_until(condition: Callable[[], object], what: str, timeout: float = 5.0) -> None:
    """Return once `condition()` (a truth value, or an awaitable of one) holds; fail after `timeout`."""
    deadline = time.monotonic() + timeout
    value: object = None
    while time.monotonic() < deadline:
        value = condition()
        if inspect.isawaitable(value):
            value = await value
        if value:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what} (last seen: {value!r})")


def wait_for(condition: Callable[[], object], what: str, timeout: float = 10.0) -> object:
    """`wait_until` for synchronous tests (talking to servers in other processes): the value that held."""
    deadline = time.monotonic() + timeout
    value: object = None
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what} (last seen: {value!r})")
