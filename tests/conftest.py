"""Shared fixtures. Tests run offline: the hub is off and sockets may only reach loopback."""

from __future__ import annotations

import ipaddress
import os
import socket
from pathlib import Path

import pytest

for _k, _v in {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "ANONYMIZED_TELEMETRY": "False",
    "GRADIO_ANALYTICS_ENABLED": "False",
    "TOKENIZERS_PARALLELISM": "false",
}.items():
    os.environ.setdefault(_k, _v)

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "data" / "ordinances"

_real_connect = socket.socket.connect


def _loopback_only_connect(self: socket.socket, address: object) -> object:
    """Refuse any connection that leaves this machine: tests must pass offline."""
    if self.family in (socket.AF_INET, socket.AF_INET6) and isinstance(address, tuple):
        host = str(address[0])
        try:
            ok = ipaddress.ip_address(host).is_loopback
        except ValueError:
            ok = host == "localhost"
        if not ok:
            raise ConnectionRefusedError(f"test tried to reach {host!r}: tests must stay on loopback")
    return _real_connect(self, address)  # type: ignore[arg-type]


socket.socket.connect = _loopback_only_connect  # type: ignore[method-assign]


@pytest.fixture
def tmp_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh ORDINANCE_HOME for one test."""
    home = tmp_path / "home"
    monkeypatch.setenv("ORDINANCE_HOME", str(home))
    from app.settings import get_settings

    get_settings.cache_clear()
    yield home
    get_settings.cache_clear()
