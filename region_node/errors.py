"""The one error the serving path raises, carrying its HTTP status and OpenAI error type.

Exception tree::

    ServeError       a request cannot be served as asked; `status` and `kind` say how to answer
"""

from __future__ import annotations

from .openai_types import ErrorType


class ServeError(Exception):
    def __init__(
        self, status: int, kind: ErrorType, message: str, *, code: str | None = None, param: str | None = None
    ):
        self.status = status
        self.kind = kind
        self.message = message
        self.code = code
        self.param = param
        super().__init__(message)


def bad_request(message: str, *, param: str | None = None) -> ServeError:
    return ServeError(400, "invalid_request_error", message, param=param)


def denied(message: str, *, code: str = "policy_denied") -> ServeError:
    return ServeError(403, "permission_error", message, code=code)


def unavailable(message: str, *, code: str = "no_region") -> ServeError:
    return ServeError(503, "service_unavailable", message, code=code)
