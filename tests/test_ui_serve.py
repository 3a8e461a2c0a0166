"""`ordinance serve`: clear errors before anything is served."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main


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
