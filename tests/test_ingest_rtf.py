"""An ordinance saved from a word processor as RTF source, kept as `.txt` or as `.rtf` (font,
colour, style, list and revision tables, document information, a running head and a footer with
a page field, a contents field, bookmarks, a footnote, a comment, hidden index entries, a
tracked deletion, a fixed-width table set line by line, a real table, theme and data-store
blocks, CRLF line ends). It reads as the text it prints: its sections and titles, its tables'
rules, none of the word processor's furniture."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import (
    FORMATS,
    expected_sections,
    found_sections,
    parse_fixture,
    sections_by_ref,
)

from ingest.rtf import looks_like_rtf, rtf_to_text

CITY = FORMATS / "manifest-rtf-source-city.yaml"


def test_an_rtf_file_reads_as_the_same_ordinance(tmp_path: Path) -> None:
    shutil.copy(FORMATS / "rtf_source_city.txt", tmp_path / "chapter-11.rtf")
    manifest = CITY.read_text(encoding="utf-8").replace("rtf_source_city.txt", "chapter-11.rtf")
    (tmp_path / "manifest.yaml").write_text(manifest, encoding="utf-8")
    doc = parse_fixture(tmp_path / "manifest.yaml")
    assert found_sections(doc) == expected_sections("rtf_source_city")


def test_no_table_field_note_comment_or_furniture_stays_in_the_text() -> None:
    text = "\n".join(s.text for s in parse_fixture(CITY).sections)
    for mark in ("Times New Roman", "Microsoft Word", "City Clerk", "TESSALY CITY CODE",
                 "Supp. No. 14", "Editor", "Check the deadline", "three (3)", "XE", "bedroom\"",
                 "504b0304", "heading 1", "MERGEFORMAT", "PAGEREF", "_Toc", "\\", "{", "}"):  # fmt: skip
        assert mark not in text


def test_characters_list_items_and_a_wrapped_run_read_as_printed() -> None:
    by_ref = sections_by_ref(parse_fixture(CITY))
    assert "(a) \u201cBedroom\u201d means a room of at least 70 square feet" in by_ref["11.01"].text
    assert "may extend it once, for six (6) months, on written request before it expires." in (
        by_ref["11.02"].text
    )
    assert "until the final inspection is approved." in by_ref["11.02"].text
    assert "the building official\u2014not less than 250 gallons" in by_ref["11.03"].text
    assert "the owner\u2019s installer shall notify" in by_ref["11.05"].text


def test_a_tables_rows_stay_rows() -> None:
    by_ref = sections_by_ref(parse_fixture(CITY))
    assert "Table 11-1. Minimum septic tank liquid capacity (gallons)\nBedrooms" in (
        by_ref["11.03"].text
    )
    setbacks = by_ref["11.04"].text.splitlines()
    assert any(line.split() == ["Private", "water", "well", "60", "110"] for line in setbacks)
    assert any(line.startswith("Lake or stream (ordinary high water)") for line in setbacks)


@pytest.mark.parametrize(("source", "text"), [
    pytest.param(r"{\rtf1\ansi caf\'e9 \u8212\'97 done\par}", "caf\u00e9 \u2014 done\n",
                 id="code-page-and-unicode-with-fallback"),
    pytest.param(r"{\rtf1\uc0 a\u8220 b\par}", "a\u201cb\n", id="no-fallback-after-uc0"),
    pytest.param(r"{\rtf1 non\~breaking\_hyphen op\-tional\par}", "non breaking-hyphen optional\n",
                 id="special-symbols"),
    pytest.param(r"{\rtf1 a{\v hidden}b{\*\unknown skipped}c\par}", "abc\n",
                 id="hidden-text-and-unknown-destinations"),
    pytest.param(r"{\rtf1\trowd\cellx1\cellx2 \pard\intbl one\par two\cell 3\cell\row}",
                 "one two\t3\n", id="a-cell-of-two-paragraphs"),
    pytest.param(r"{\rtf1 {\field{\*\fldinst HYPERLINK x}{\fldrslt link}} p. "
                 r"{\field{\*\fldinst PAGE}{\fldrslt 7}}\par}", "link p.\n",
                 id="a-links-words-not-a-page-number"),
])  # fmt: skip
def test_rtf_control_words_read_as_text(source: str, text: str) -> None:
    assert rtf_to_text(source) == text


def test_only_a_file_that_opens_as_rtf_is_rtf() -> None:
    assert looks_like_rtf("\ufeff {\\rtf1\\ansi text}")
    assert not looks_like_rtf("Sec. 1. The file {\\rtf1 is quoted here}.\n")
