"""The FastAPI application: the director's page (``/``) and the HTTP API (``/api/...``).

API (OpenAPI at ``/docs`` and ``/openapi.json``):

- ``POST /api/rulings`` — a claim (``docs/claim-format.md``) in, the ruling out: the same JSON
  as ``claimsolver adjudicate --json``. Query: ``time_limit`` (seconds, at most the server's
  ``--time-limit``), ``protections``, ``sensitivity``.
- ``POST /api/solve`` — double-dummy tricks of each side from the claim position
  (``claimsolver solve --json``).
- ``POST /api/parse`` — ``{"text": "...", "claim": {...}}``: the statement as understood
  (``claimsolver parse --json``), bound to the claim's position when one is given.
- ``POST /api/check`` — a claim checked field by field, with its hands spelled out.
- ``POST /api/records`` — ``{"text": "..."}``: the claims recorded in a pasted PBN/LIN record
  or BBO hand-viewer link, each as claim JSON.
- ``GET /api/health``.

Errors are JSON: ``{"error": KIND, "message": TEXT, "problems": [{"field": F, "message": M}]}``
with the CLI's wording: 400 unreadable JSON, 413 body too large, 422 bad fields (or a statement
that cannot be read: ``column``/``word`` say where), 503 over the time limit or all workers
busy, 500 an internal error (never a traceback).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from importlib import resources
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from claimsolver import __version__
from claimsolver.errors import ClaimSolverError
from claimsolver.server import DEFAULT_MAX_BODY, DEFAULT_TIME_LIMIT, inputs, work
from claimsolver.server.pool import Busy, Workers
from claimsolver.server.schema import CLAIM_SCHEMA, PARSE_SCHEMA, RECORD_SCHEMA

DEADLINE_FACTOR, DEADLINE_GRACE = 2.0, 10.0  # wall clock past the node budget before a worker is cut off


def error(status: int, kind: str, problems: list[tuple[str, str]] | tuple[tuple[str, str], ...],
          **extra: Any) -> JSONResponse:
    message = "\n".join(f"{f}: {m}" if f else m for f, m in problems)
    body = {"error": kind, "message": message, "problems": [{"field": f, "message": m} for f, m in problems], **extra}
    return JSONResponse(body, status_code=status)


class BodyLimit:
    """ASGI middleware: refuse a request body larger than ``max_body`` bytes with 413, whether
    or not the client sent Content-Length."""

    def __init__(self, app, max_body: int):
        self.app, self.max_body = app, max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        too_large = error(413, "too large", [("", f"the request body is larger than {self.max_body:,} bytes")])
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > self.max_body:
            return await too_large(scope, receive, send)
        seen = 0

        async def limited():
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.max_body:
                    raise _TooLarge()
            return msg

        started = False

        async def tracking_send(msg):
            nonlocal started
            started = started or msg["type"] == "http.response.start"
            await send(msg)

        try:
            await self.app(scope, limited, tracking_send)
        except _TooLarge:
            if not started:
                await too_large(scope, receive, send)


class _TooLarge(Exception):
    pass


async def read_json(request: Request) -> Any:
    """The body as JSON; unreadable JSON is a 400 with the CLI's message."""
    raw = await request.body()
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise _BadInput(400, "bad json", [("", "the body is not UTF-8 text")]) from None
    except json.JSONDecodeError as e:
        raise _BadInput(400, "bad json", [("", f"not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})")]) from None


class _BadInput(Exception):
    def __init__(self, status: int, kind: str, problems, **extra):
        super().__init__(kind)
        self.status, self.kind, self.problems, self.extra = status, kind, list(problems), extra


def create_app(*, workers: int = 2, time_limit: float = DEFAULT_TIME_LIMIT, max_body: int = DEFAULT_MAX_BODY,
               queue_seconds: float | None = None, warm: bool = True) -> FastAPI:
    """The application. ``workers`` processes do the searches (each loads the kernels once at
    start-up); ``time_limit`` bounds each search (a request may ask for less)."""
    pool = Workers(workers, queue_seconds=time_limit if queue_seconds is None else queue_seconds, warm=warm)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        # the statement parser is built on first use (~0.5 s): build it now, not while a
        # director types
        await asyncio.get_running_loop().run_in_executor(None, inputs.parse_statement, "draw trumps")
        await pool.start()
        try:
            yield
        finally:
            await pool.stop()

    app = FastAPI(title="claimsolver", version=__version__, lifespan=lifespan,
                  description="Adjudicates contested bridge claims under Laws 68-71. The claim format is "
                              "docs/claim-format.md; the ruling is the JSON of `claimsolver adjudicate --json`.")
    app.state.workers = pool
    app.state.time_limit = time_limit
    app.add_middleware(BodyLimit, max_body=max_body)

    @app.exception_handler(_BadInput)
    async def _bad(_request, exc: _BadInput):
        return error(exc.status, exc.kind, exc.problems, **exc.extra)

    @app.exception_handler(RequestValidationError)
    async def _validation(_request, exc: RequestValidationError):
        problems = [(".".join(str(p) for p in e.get("loc", ())[1:]) or "query", e.get("msg", "invalid"))
                    for e in exc.errors()]
        return error(422, "bad input", problems)

    @app.exception_handler(Exception)
    async def _internal(_request, exc: Exception):
        return error(500, "internal error", [("", f"internal error: {type(exc).__name__}: {exc} "
                                                  "(please report it with the input)")])

    def limit_of(requested: float | None) -> float:
        if requested is None:
            return time_limit
        if not 0 < requested <= time_limit:
            raise _BadInput(422, "bad input", [("time_limit", f"must be more than 0 and at most {time_limit:g} s "
                                                              "on this server (serve --time-limit)")])
        return requested

    async def in_worker(job, *args, limit: float) -> dict[str, Any]:
        try:
            out = await pool.run(job, *args, deadline=limit * DEADLINE_FACTOR + DEADLINE_GRACE)
        except Busy as e:
            raise _BadInput(503, "busy", [("", f"{e}; try again")]) from None
        if out.kind == "ok":
            return out.value
        if out.kind == "bad":
            raise _BadInput(422, "bad input", out.problems)
        if out.kind == "time":
            raise _BadInput(503, "time limit", out.problems, time_limit=limit, **(out.value or {}))
        raise _BadInput(500, "internal error", [("", f"internal error: {m} (please report it with the input)")
                                                 for _, m in out.problems])

    def claim_body(data: Any) -> dict[str, Any]:
        try:
            return inputs.require_object(data)
        except ClaimSolverError as e:
            raise _BadInput(422, "bad input", work.problems_of(e)) from None

    # --- the API ---------------------------------------------------------------------------

    @app.get("/api/health", summary="Is the server up, and its limits")
    async def health() -> dict[str, Any]:
        return {"status": "ok" if pool.ready else "starting", "version": __version__, "workers": pool.size,
                "time_limit": time_limit, "max_body": max_body, "restarts": pool.restarts}

    @app.post("/api/rulings", summary="Rule on a claim (the JSON of `adjudicate --json`)",
              openapi_extra={"requestBody": {"required": True, "content": {"application/json": {"schema": CLAIM_SCHEMA}}}})
    async def rulings(request: Request,
                      time_limit_: float | None = Query(None, alias="time_limit",
                                                        description="seconds; at most the server's --time-limit"),
                      protections: bool = Query(False, description="also the rules that protected the claimer"),
                      sensitivity: bool = Query(False, description="the award under each regulation, class and "
                                                                   "awareness (when the ruling model offers it)")):
        limit = limit_of(time_limit_)
        data = claim_body(await read_json(request))
        return await in_worker(work.rule, data, limit, protections, sensitivity, limit=limit)

    @app.post("/api/solve", summary="Double-dummy tricks of each side (`solve --json`)",
              openapi_extra={"requestBody": {"required": True, "content": {"application/json": {"schema": CLAIM_SCHEMA}}}})
    async def solve(request: Request, time_limit_: float | None = Query(None, alias="time_limit")):
        limit = limit_of(time_limit_)
        data = claim_body(await read_json(request))
        return await in_worker(work.solve, data, limit, limit=limit)

    @app.post("/api/parse", summary="The statement as understood (`parse --json`)",
              openapi_extra={"requestBody": {"required": True, "content": {"application/json": {"schema": PARSE_SCHEMA}}}})
    async def parse(request: Request):
        from claimsolver.statement import StatementSyntaxError

        data = await read_json(request)
        if isinstance(data, str):
            data = {"text": data}
        data = claim_body(data)
        text = data.get("text", data.get("statement"))
        if text is None:
            raise _BadInput(422, "bad input", [("text", "missing (required): the statement to read")])
        if not isinstance(text, str):
            raise _BadInput(422, "bad input", [("text", "must be text")])
        try:
            return inputs.parse_statement(text, data.get("claim"))
        except StatementSyntaxError as e:
            detail = inputs.syntax_error_json(e)
            raise _BadInput(422, "statement", [("statement", str(e))], **{k: v for k, v in detail.items()
                                                                       if k not in ("field", "message")}) from None
        except ClaimSolverError as e:
            raise _BadInput(422, "bad input", [(f"claim.{f}" if f else "claim", m) for f, m in work.problems_of(e)]) from None

    @app.post("/api/check", summary="Check a claim field by field; its hands spelled out",
              openapi_extra={"requestBody": {"required": True, "content": {"application/json": {"schema": CLAIM_SCHEMA}}}})
    async def check(request: Request):
        data = claim_body(await read_json(request))
        try:
            return inputs.check_claim(data)
        except ClaimSolverError as e:
            raise _BadInput(422, "bad input", work.problems_of(e)) from None

    @app.post("/api/records", summary="The claims recorded in a PBN/LIN record or BBO hand-viewer link",
              openapi_extra={"requestBody": {"required": True, "content": {"application/json": {"schema": RECORD_SCHEMA}}}})
    async def records(request: Request):
        data = await read_json(request)
        if isinstance(data, str):
            data = {"text": data}
        data = claim_body(data)
        try:
            return inputs.read_record(data.get("text"), str(data.get("name") or "pasted"))
        except ClaimSolverError as e:
            raise _BadInput(422, "bad input", work.problems_of(e)) from None

    # --- the page --------------------------------------------------------------------------

    static = resources.files("claimsolver.server").joinpath("static")

    @app.get("/", include_in_schema=False)
    async def index():
        return FileResponse(str(static.joinpath("index.html")), media_type="text/html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon():
        return Response(status_code=204)

    app.mount("/static", StaticFiles(directory=str(static)), name="static")
    return app
