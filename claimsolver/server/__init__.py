"""``claimsolver serve``: the director's page and the HTTP API (see docs/server.md).

:func:`create_app` builds the FastAPI application; searches run in worker processes
(:mod:`claimsolver.server.pool`), each loading the numba kernels once.
"""

from __future__ import annotations

DEFAULT_TIME_LIMIT = 20.0  # seconds per ruling (the CLI's default is 60: a page should answer sooner)
DEFAULT_MAX_BODY = 2_000_000  # bytes: a long PBN archive fits; anything larger is refused (413)


def create_app(**kw):
    from claimsolver.server.app import create_app as _create

    return _create(**kw)


__all__ = ["create_app", "DEFAULT_TIME_LIMIT", "DEFAULT_MAX_BODY"]
