"""`ordinance serve`: the web UI on loopback (or a host you name)."""

from __future__ import annotations

from pathlib import Path

import typer

from app.cli import common
from core.errors import ConfigError


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: str = typer.Option(
            None, "--host", help="Address to bind (default: the `host` setting, 127.0.0.1)."
        ),
        port: int = typer.Option(
            None, "--port", help="Port to listen on (default: the `port` setting, 7860)."
        ),
    ) -> None:
        """Serve the web UI (Ask, Calculators, Compare, Browse, Sources) until interrupted."""
        settings = common.settings()
        host = host or settings.host
        port = port or settings.port
        if not 1 <= port <= 65535:
            raise ConfigError(
                f"Port {port!r} is out of range. Pass --port with a value from 1 to 65535."
            )
        if bool(settings.auth_user) != bool(settings.auth_password):
            raise ConfigError(
                "Basic auth needs both ORDINANCE_AUTH_USER and ORDINANCE_AUTH_PASSWORD; "
                f"only {'auth_user' if settings.auth_user else 'auth_password'!r} is set. Set both or neither."
            )
        _check_index(settings.home)
        from app import ui

        common.console.print(f"Serving Ordinance Assistant at http://{host}:{port} (Ctrl+C stops)")
        if host not in ("127.0.0.1", "localhost", "::1") and not settings.auth_user:
            common.err_console.print(
                f"warning: binding {host!r} exposes the UI to the network without basic auth."
            )
        ui.launch(settings, host=host, port=port)


def _check_index(home: Path) -> None:
    """Raise IndexStateError (which says to run `ordinance ingest`) when ``home`` has no index."""
    from index.state import read_state

    read_state(home)
