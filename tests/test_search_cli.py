"""`ordinance search` and `ordinance eval retrieval`: the issue's done-when checks and clean errors."""

from __future__ import annotations

import json
import shutil
import socket
from pathlib import Path

import pytest

from app.cli import main

pytestmark = pytest.mark.slow


@pytest.fixture
def home(indexed_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from app.settings import get_settings

    monkeypatch.setenv("ORDINANCE_HOME", str(indexed_home))
    monkeypatch.delenv("ORDINANCE_CHROMA_URL", raising=False)
    get_settings.cache_clear()
    yield indexed_home
    get_settings.cache_clear()


def _run(*argv: str) -> int:
    """The exit code, whether `main` returns it or typer's standalone mode raises it."""
    try:
        return main(list(argv))
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)


def _hits(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict]:
    assert _run(*argv) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def _error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert _run(*argv) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return " ".join(captured.err.split())


def test_pumping_json_puts_east_bethel_maintenance_first(home, capsys) -> None:
    hits = _hits(
        capsys, "search", "how often must the tank be pumped", "--city", "east-bethel", "--json"
    )
    assert hits[0]["title"] == "Septic tank maintenance"
    assert hits[0]["section"] is None and hits[0]["jurisdiction"] == "east-bethel"
    assert {"jurisdiction", "section", "title", "label", "score", "text"} <= set(hits[0])
    assert {h["jurisdiction"] for h in hits} == {"east-bethel"}


def test_section_98_is_first_for_chaska(home, capsys) -> None:
    hits = _hits(capsys, "search", "Section 98", "--city", "chaska", "--json", "-k", "3")
    assert hits[0]["section"] == "98" and hits[0]["label"] == "Chaska §98 Standards amended"
    assert len(hits) == 3


def test_table_output_shows_the_citation(home, capsys) -> None:
    assert _run("search", "Section 98", "--city", "chaska") == 0
    out = capsys.readouterr().out
    assert "Chaska §98" in out and "Standards" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(["search", ""], "Empty question", id="empty"),
        pytest.param(["search", "x" * 10_000], "10,000 characters long", id="10k-chars"),
        pytest.param(
            ["search", "tank", "--city", "springfield"],
            "Unknown jurisdiction 'springfield'. Known jurisdictions: chaska, east-bethel, hugo",
            id="unknown-city",
        ),
    ],
)
def test_bad_input_gives_clean_error(home, capsys, argv, message) -> None:
    assert message in _error(capsys, *argv)


def test_missing_index_says_run_ingest(tmp_home, capsys) -> None:
    assert "run `ordinance ingest`" in _error(capsys, "search", "tank")


def test_corrupted_index_says_rebuild(indexed_home, tmp_home, capsys) -> None:
    from index.state import serving_state_path

    shutil.copytree(indexed_home, tmp_home)
    state_file = serving_state_path(tmp_home)
    assert state_file is not None
    state_file.write_bytes(b"\x00garbage")
    assert "corrupt" in _error(capsys, "search", "tank")


def test_chroma_server_down_is_reported(indexed_home, tmp_home, capsys, monkeypatch) -> None:
    from app.settings import get_settings

    with socket.socket() as s:  # a free loopback port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("ORDINANCE_CHROMA_URL", f"http://127.0.0.1:{port}")
    get_settings.cache_clear()
    message = _error(capsys, "search", "tank")
    assert f"Cannot reach the Chroma server at 'http://127.0.0.1:{port}'" in message


def test_eval_retrieval_prints_ours_beside_baselines(home, capsys, tmp_path) -> None:
    cases = tmp_path / "cases.yaml"
    cases.write_text(
        "cases:\n"
        "  - {id: a, question: 'Section 98', city: chaska, kind: lookup,\n"
        "     expected_sections: [{jurisdiction: chaska, ref: '98'}],"
        " expected_values: [], should_refuse: false}\n"
        "  - {id: b, question: 'how often must the tank be pumped', city: east-bethel,"
        " kind: lookup,\n"
        "     expected_sections: [{jurisdiction: east-bethel, ref: Septic tank maintenance}],"
        " expected_values: [], should_refuse: false}\n",
        encoding="utf-8",
    )
    rows = _hits(capsys, "eval", "retrieval", "--cases", str(cases), "--no-baseline", "--json")
    systems = {r["system"] for r in rows}
    assert systems == {"ours", "bm25", "vector"}
    ours = next(r for r in rows if r["system"] == "ours" and r["group"] == "all")
    assert (ours["cases"], ours["hit1"], ours["mrr"], ours["leaks"]) == (2, 1.0, 1.0, 0)
