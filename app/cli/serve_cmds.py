"""`ordinance serve`: the web UI on loopback (or a host you name)."""

from __future__ import annotations

import socket
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
                "The login needs both ORDINANCE_AUTH_USER and ORDINANCE_AUTH_PASSWORD; "
                f"only {'auth_user' if settings.auth_user else 'auth_password'!r} is set. Set both or neither."
            )
        _check_port(host, port)
        _check_index(settings.home)
        from app import ui

        common.console.print(f"Serving Ordinance Assistant at http://{host}:{port} (Ctrl+C stops)")
        if host not in ("127.0.0.1", "localhost", "::1") and not settings.auth_user:
            common.err_console.print(
                f"warning: binding {host!r} exposes the UI to the network without a login."
            )
        try:
            ui.launch(settings, host=host, port=port)
        except OSError as exc:  # taken between the check and the bind
            raise _port_error(host, port, exc) from exc


def _check_index(home: Path) -> None:
    """Raise IndexStateError (which says to run `ordinance ingest`) when ``home`` has no index."""
    from index.state import read_state

    read_state(home)


def _port_error(host: str, port: int, exc: OSError) -> ConfigError:
    return ConfigError(
        f"Cannot listen on {host}:{port!r}: {exc.strerror or exc}. Another program (perhaps "
        "another `ordinance serve`) is using that port: stop it, or pass a free port with "
        f"--port (e.g. --port {port + 1 if port < 65535 else 7860})."
    )


def _check_port(host: str, port: int) -> None:
    """Raise ConfigError when ``host:port`` cannot be bound (in use, or not an address here)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise _port_error(host, port, exc) from exc
