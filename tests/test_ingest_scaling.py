"""Parsing grows linearly with the file; a file over the size setting gets a clear error; a
large file reports its stages (library logs and a progress callback, the CLI owns the bar).

Speed itself is measured by `make bench` (parse 1, 4 and 16 MB). Here the work is counted
instead of timed: the Python-level trace events of a whole parse, which a quadratic step
(a list rebuilt per call, a string copied per append) multiplies with the size."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from app.cli import main
from core.errors import DocumentTooLargeError
from evals.synthetic import synthetic_ordinance, write_synthetic
from ingest import ManifestEntry, parse_document

ENTRY = ManifestEntry(jurisdiction="synthetic", name="Synthetic", instrument="-", source="-")


def _trace_events(path: Path) -> int:
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        count += 1
        return tracer

    sys.settrace(tracer)
    try:
        parse_document(ENTRY, path)
    finally:
        sys.settrace(None)
    return count


def test_parse_work_grows_linearly_with_file_size(tmp_path: Path) -> None:
    small = _trace_events(write_synthetic(tmp_path, 50_000))
    large = _trace_events(write_synthetic(tmp_path, 400_000))
    # 8x the text: linear work is ~8x; the old quadratic cleaning did ~41x.
    assert large / small <= 10, f"8x the text took {large / small:.1f}x the work"


def test_synthetic_ordinance_parses_into_its_numbered_sections(tmp_path: Path) -> None:
    text = synthetic_ordinance(60_000)
    doc = parse_document(ENTRY, write_synthetic(tmp_path, 60_000))
    sections = [s for s in doc.sections if s.kind == "section"]
    assert len(sections) == text.count("\nSection ") + 1
    assert sections[0].section == "101.01"
    assert all(s.page_start is not None for s in sections)
    assert "inter-\n" not in "".join(s.text for s in sections)  # hyphenated words rejoined
    assert "interconnected" in "".join(s.text for s in sections)


def test_file_over_the_size_limit_is_refused_with_the_setting_named(tmp_path: Path) -> None:
    path = write_synthetic(tmp_path, 300_000)
    with pytest.raises(DocumentTooLargeError) as caught:
        parse_document(ENTRY, path, max_mb=0.2)
    message = str(caught.value)
    assert repr(str(path)) in message
    assert "0.3 MB" in message and "0.2 MB limit" in message
    assert "ORDINANCE_MAX_DOCUMENT_MB=1" in message


def test_ingest_cli_refuses_a_file_over_the_setting(
    tmp_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    source = write_synthetic(tmp_path, 300_000)
    manifest = tmp_path / "manifest.yaml"
    manifest.write_text(
        "documents:\n  - jurisdiction: synthetic\n    name: Synthetic\n"
        f"    instrument: Code\n    source: {source.name}\n"
    )
    monkeypatch.setenv("ORDINANCE_MAX_DOCUMENT_MB", "0.1")
    code = main(["ingest", str(source), "--manifest", str(manifest), "--no-index"])
    err = capsys.readouterr().err
    assert code == 2
    assert "over the 0.1 MB limit" in " ".join(err.split())
    assert not (tmp_home / "documents.json").exists()


def test_large_file_reports_each_stage(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = write_synthetic(tmp_path, 1_100_000)
    stages: list[str] = []
    with caplog.at_level(logging.INFO, logger="ingest.parse"):
        parse_document(ENTRY, path, progress=stages.append)
    assert stages == ["reading", "cleaning", "finding sections"]
    logged = [r.getMessage() for r in caplog.records]
    assert any("synthetic: cleaning" in m for m in logged), logged
