"""``claimsolver serve [--host H] [--port P] [--workers N] [--time-limit S] [--max-body B]``."""

from __future__ import annotations

import click

from claimsolver.server import DEFAULT_MAX_BODY, DEFAULT_TIME_LIMIT


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind; the default serves this machine only (give 0.0.0.0 to serve a network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--workers", type=click.IntRange(min=1), default=2, show_default=True,
              help="Worker processes for the searches (each loads the kernels once).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=DEFAULT_TIME_LIMIT,
              show_default=True, help="Seconds per ruling; a claim beyond it is answered 503 with a message.")
@click.option("--max-body", type=click.IntRange(min=1), default=DEFAULT_MAX_BODY, show_default=True,
              help="Largest request body in bytes (413 beyond).")
def serve_command(host: str, port: int, workers: int, time_limit: float, max_body: int) -> None:
    """Serve the director's page (http://HOST:PORT/) and the HTTP API (/api/..., OpenAPI at
    /docs) until interrupted."""
    import uvicorn

    from claimsolver.server.app import create_app

    app = create_app(workers=workers, time_limit=time_limit, max_body=max_body)
    click.echo(f"claimsolver: starting {workers} worker(s) (loading the kernels), then serving "
               f"http://{host}:{port}/ (API docs at /docs); Ctrl-C stops", err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
