"""Each layout read by its marks (a configuration file, a records export of rows, a markup
export, an e-mail thread, a document comparison, a reStructuredText source, a codifier's page
printed as text, RTF source) is told from every other plain-text ordinance of the tests and the
bundle: its detector takes its own fixture and no other text."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import FORMATS

from ingest.configtext import looks_like_config
from ingest.flattened import looks_flattened
from ingest.mailthread import looks_like_mail_thread
from ingest.markup import looks_like_rst
from ingest.recordrows import looks_like_rows
from ingest.redline import looks_redlined
from ingest.rtf import looks_like_rtf
from ingest.xmlexport import looks_like_markup_export

ROOT = Path(__file__).resolve().parent.parent
TEXTS = sorted(
    p
    for pattern in ("tests/data/formats/*.txt", "tests/data/ingest/*.txt", "data/ordinances/*.txt")
    for p in ROOT.glob(pattern)
)
DETECTORS: dict[str, tuple[Callable[[str], bool], str | tuple[str, ...]]] = {
    "configuration-file": (looks_like_config, "config_file_township.txt"),
    "records-export": (looks_like_rows, "records_export_city.txt"),
    "markup-export": (
        looks_like_markup_export,
        ("markup_export_county.txt", "markup_flat_township.txt"),
    ),
    "mail-thread": (looks_like_mail_thread, "email_thread_township.txt"),
    "redline": (looks_redlined, "redline_comparison_city.txt"),
    "restructured-text": (looks_like_rst, "restructured_text_township.txt"),
    "flattened-web-page": (looks_flattened, "flattened_html_county.txt"),
    "rtf-source": (looks_like_rtf, "rtf_source_city.txt"),
}


@pytest.mark.parametrize(
    ("layout", "path"),
    [pytest.param(layout, p, id=f"{layout}-{p.name}") for layout in DETECTORS for p in TEXTS],
)
def test_a_layout_is_told_by_its_marks_from_every_other_text(layout: str, path: Path) -> None:
    detector, fixture = DETECTORS[layout]
    fixtures = (fixture,) if isinstance(fixture, str) else fixture
    assert all((FORMATS / f).is_file() for f in fixtures)
    text = path.read_text(encoding="utf-8", errors="replace")
    assert detector(text) is (path.name in fixtures)
