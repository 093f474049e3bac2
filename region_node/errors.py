"""The one error the serving path raises, carrying its HTTP status and OpenAI error type.

Exception tree::

    ServeError       a request cannot be served as asked; `status` and `kind` say how to answer
"""

from __future__ import annotations

from .openai_types import ErrorType

TRANSIENT_4XX = frozenset({408, 409, 429})
"""Client errors that the same request may get past later (the `openai` SDK retries these)."""


class ServeError(Exception):
    """`retry` says whether sending the same request again can succeed: False for every 4xx but the
    transient ones (a queue that was full may have room) and for a 5xx the caller knows is permanent;
    None where nobody can tell, which leaves the client's own rule (the SDK retries 5xx)."""

    def __init__(
        self,
        status: int,
        kind: ErrorType,
        message: str,
        *,
        code: str | None = None,
        param: str | None = None,
        retry: bool | None = None,
    ):
        self.status = status
        self.kind = kind
        self.message = message
        self.code = code
        self.param = param
        if retry is None and 400 <= status < 500 and status not in TRANSIENT_4XX:
            retry = False
        self.retry = retry
        super().__init__(message)


def bad_request(message: str, *, param: str | None = None, code: str | None = None) -> ServeError:
    return ServeError(400, "invalid_request_error", message, param=param, code=code)


def denied(message: str, *, code: str = "policy_denied") -> ServeError:
    return ServeError(403, "permission_error", message, code=code)


def unavailable(message: str, *, code: str = "no_region", retry: bool | None = None) -> ServeError:
    """503; `retry=False` where the node's configuration or the policy, not its load, stands in the way."""
    return ServeError(503, "service_unavailable", message, code=code, retry=retry)
