"""`ordinance serve`: clear errors before anything is served."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from app.cli import main
from app.login import LoginCheck


def test_serve_without_an_index_says_to_run_ingest(
    tmp_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--port", "7999"]) == 2
    err = capsys.readouterr().err
    assert "ordinance ingest" in err and str(tmp_home) in err
    assert "Traceback" not in err


def test_serve_refuses_half_configured_basic_auth(
    tmp_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ORDINANCE_AUTH_USER", "staff")
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "ORDINANCE_AUTH_PASSWORD" in err and "'auth_user'" in err


def test_serve_rejects_an_out_of_range_port(
    tmp_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "70000" in capsys.readouterr().err


def test_serve_on_a_busy_port_says_so_before_serving(
    tmp_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    message = " ".join(err.split())
    assert f"Cannot listen on 127.0.0.1:{port}" in message and "--port" in message
    assert "Serving" not in out and "Traceback" not in err


def test_login_refuses_a_burst_of_wrong_passwords_then_recovers() -> None:
    now = [0.0]
    check = LoginCheck("staff", "s3cret", max_failures=3, window_s=60, clock=lambda: now[0])
    assert check("staff", "s3cret")
    assert not any(check("staff", f"guess{i}") for i in range(3))
    assert not check("staff", "s3cret")  # throttled: even the right password waits
    now[0] = 61.0
    assert check("staff", "s3cret")
    assert not check("other", "s3cret")
