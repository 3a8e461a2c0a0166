"""An ordinance kept as a records system's export of rows, one row per paragraph: tab-separated
text saved as `.txt` (an export banner, a header row naming the columns, a chapter row and a
contents row, heading rows, subdivision rows, history and cross-reference rows, a table and a
hyphenated word in multi-line cells, a repealed section, a form feed, `Page n` and the header
again on every page), or a CSV file whose section cells carry a subdivision's label (`12-2(b)`).
It reads as the ordinance's plain text: its sections and titles, its tables' rules, none of the
export's furniture."""

from __future__ import annotations

import pytest
from helpers import (
    FORMATS,
    parse_fixture,
    sections_by_ref,
)

from ingest.loaders import load_source
from ingest.recordrows import looks_like_rows, rows_to_text

TSV = FORMATS / "manifest-records-export-city.yaml"
CSV = FORMATS / "manifest-records-export-county.yaml"


def test_no_banner_header_page_mark_note_or_contents_stays_in_the_text() -> None:
    by_ref = sections_by_ref(parse_fixture(TSV))
    text = "\n".join(s.text for s in by_ref.values())
    for mark in ("CodeVault", "Para Type", "Page 2", "History:", "Cross-reference", "S-4",
                 "Current", "820.02 Administration."):  # fmt: skip
        assert mark not in text
    assert by_ref["820.03"].text.startswith("(A) No person shall install")
    assert "(B) A permit is not required to pump" in by_ref["820.03"].text


def test_a_multi_line_cell_keeps_its_lines_and_rejoins_a_hyphenated_word() -> None:
    by_ref = sections_by_ref(parse_fixture(TSV))
    assert "on a written request filed" in by_ref["820.04"].text
    assert "\n4                    1,450\n" in by_ref["820.05"].text


def test_a_tables_caption_row_stays_its_text_not_the_sections_title() -> None:
    section = sections_by_ref(parse_fixture(TSV))["820.05"]
    assert section.title == "Septic tanks"
    assert "Table 820.05 Septic tank liquid capacity (gallons)\nBedrooms" in section.text


def test_a_repealed_section_reads_as_repealed() -> None:
    assert sections_by_ref(parse_fixture(TSV))["820.08"].text == "Repealed."


def test_a_csv_section_cell_with_a_label_is_that_sections_subdivision() -> None:
    by_ref = sections_by_ref(parse_fixture(CSV))
    assert list(by_ref) == ["12-1", "12-2", "12-3", "12-4", "12-5"]
    assert by_ref["12-2"].title == "Permits"
    assert by_ref["12-2"].text.startswith("(a) No person shall construct")
    assert "(b) A permit expires eighteen (18) months" in by_ref["12-2"].text
    assert "Editor's note" not in by_ref["12-2"].text
    assert by_ref["12-4"].text.startswith("Subd. 1. A septic tank shall be pumped")


@pytest.mark.parametrize("text", [
    pytest.param("Feature\tTank\tDrainfield\nWell\t50\t100\nLot line\t10\t10\nHouse\t10\t20\n",
                 id="a-tabbed-table-without-section-or-text-columns"),
    pytest.param("Section\tText\n1\tOnly one section here.\n", id="too-few-sections"),
])  # fmt: skip
def test_rows_that_hold_no_ordinance_are_left_as_they_stand(text: str) -> None:
    assert not looks_like_rows(text)
    assert rows_to_text(text) == text


def test_a_csv_file_is_accepted_by_the_loader() -> None:
    source = load_source(FORMATS / "records_export_county.csv")
    assert source.text.startswith("Section 12-1. Purpose.")


def test_quoted_cells_crlf_lines_and_a_heading_row_of_any_type_are_read() -> None:
    head = '"SECTION"\t"SECTION_HEADING"\t"SUBDIVISION"\t"PARA_TYPE"\t"TEXT"\t"STATUS"'
    rows = [
        '"1.1"\t"PURPOSE."\t""\t"HDG"\t"1.1 PURPOSE."\t"CURRENT"',
        '"1.1"\t"PURPOSE."\t""\t"PARA"\t"This chapter protects the lakes."\t"CURRENT"',
        '"1.2"\t"PERMITS."\t"(a)"\t"PARA"\t"No person shall install a system without a permit."\t"CURRENT"',
        '"1.2"\t"PERMITS."\t"(b)"\t"PARA"\t"A permit is valid for eighteen (18)\nmonths."\t"CURRENT"',
        '"1.3"\t"PUMPING."\t""\t"PARA"\t"Tanks shall be pumped every three years."\t"CURRENT"',
    ]
    text = "EXPORT\r\n" + head + "\r\n" + "\r\n".join(rows[:2]) + "\r\n\x0cPage 2 of 2\r\n"
    text += head + "\r\n" + "\r\n".join(rows[2:]) + "\r\n"
    assert rows_to_text(text) == (
        "Section 1.1. Purpose.\nThis chapter protects the lakes.\n\n\n"
        "Section 1.2. Permits.\n(a) No person shall install a system without a permit.\n\n"
        "(b) A permit is valid for eighteen (18)\nmonths.\n\n\n"
        "Section 1.3. Pumping.\nTanks shall be pumped every three years.\n"
    )
