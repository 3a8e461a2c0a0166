"""A city code set as a parallel translation (the English text, the law, in one column; a
courtesy translation beside it, paragraph by paragraph) reads as its English column: each
section once, with its English title and text, its rules read; no other PDF loses a column."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import (
    FORMATS,
    parse_fixture,
    sections_by_ref,
)
from pypdf import PdfReader

from ingest.columns import PageDrawing
from ingest.loaders import _drawing
from ingest.translation import translated_pages

CITY = FORMATS / "manifest-parallel-translation-city.yaml"


def _drawings(pdf: Path) -> list[PageDrawing]:
    return [_drawing(page)[1] or PageDrawing([], 0.0, 0.0) for page in PdfReader(pdf).pages]


def test_no_word_of_the_translation_stays_in_the_text() -> None:
    text = "\n".join(s.text for s in parse_fixture(CITY).sections)
    for word in ("Ninguna", "galones", "dormitorios", "TRADUCCION", "PERMISOS", "meses"):
        assert word not in text


def test_a_paragraph_reads_whole_where_its_translation_stood_beside_it() -> None:
    permits = sections_by_ref(parse_fixture(CITY))["612.02"].text
    assert "(c) Where a tank fails and sewage backs up into a building, a licensed business" in (
        " ".join(permits.split())
    )
    assert "within three business days after the work begins." in " ".join(permits.split())


@pytest.mark.parametrize(
    "pdf",
    sorted(p for p in FORMATS.glob("*.pdf") if p.name != "parallel_translation_city.pdf"),
    ids=lambda p: p.stem,
)
def test_a_pdf_in_one_language_keeps_every_column(pdf: Path) -> None:
    assert all(page is None for page in translated_pages(_drawings(pdf)))
