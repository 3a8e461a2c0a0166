"""Loaders: every bad input fails with a named error that says which file and what to do."""

from __future__ import annotations

from pathlib import Path

import pytest
from fpdf import FPDF

from core.errors import (
    EmptyDocumentError,
    IngestError,
    NeedsOCRError,
    UnreadableDocumentError,
    UnsupportedFormatError,
)
from ingest.loaders import load_source, looks_like_markdown

DATA = Path(__file__).parent / "data" / "ingest"


@pytest.mark.parametrize(
    ("name", "error", "fix"),
    [
        pytest.param("bad_empty.txt", EmptyDocumentError, "Put the ordinance text", id="empty"),
        pytest.param("bad_binary.txt", UnreadableDocumentError, "Convert it", id="binary-junk"),
        pytest.param(
            "bad_non_utf8.txt", UnreadableDocumentError, "Save it as UTF-8", id="non-utf8"
        ),
        pytest.param("bad_corrupt.pdf", UnreadableDocumentError, "re-export", id="corrupt-pdf"),
        pytest.param("bad_unknown.docx", UnsupportedFormatError, ".txt, .pdf", id="unknown-ext"),
        pytest.param("no_such_file.txt", UnreadableDocumentError, "Check the path", id="missing"),
    ],
)
def test_bad_input_raises_named_error_with_fix(
    name: str, error: type[IngestError], fix: str
) -> None:
    with pytest.raises(error) as info:
        load_source(DATA / name)
    message = str(info.value)
    assert repr(str(DATA / name)) in message
    assert fix in message
    assert info.value.path == str(DATA / name)


def test_scanned_pdf_without_text_layer_says_it_needs_ocr(tmp_path: Path) -> None:
    pdf = FPDF()
    pdf.add_page()
    pdf.rect(20, 20, 120, 80, style="F")  # an image-like page: no text at all
    path = tmp_path / "scan.pdf"
    pdf.output(str(path))
    with pytest.raises(NeedsOCRError, match="needs OCR") as info:
        load_source(path)
    assert repr(str(path)) in str(info.value)


def test_cp1252_text_is_decoded_not_rejected() -> None:
    source = load_source(DATA / "cp1252_section.txt")
    assert source.encoding == "cp1252"
    assert "190\u00b0F \u2013 the \u201cInspector\u201d" in source.text


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param("\ufeffSection 1. Purpose.".encode(), "Section 1. Purpose.", id="utf8-bom"),
        pytest.param(b"Section 1.\r\nText.", "Section 1.\nText.", id="crlf"),
        pytest.param("§ 52.01 Purpose.".encode(), "§ 52.01 Purpose.", id="utf8-symbol"),
        pytest.param(
            "Section 1. Purpose.\r\nThe tank — 1,000 gal.".encode("utf-16"),
            "Section 1. Purpose.\nThe tank — 1,000 gal.",
            id="utf16-bom",
        ),
        pytest.param(
            "Section 1. Purpose.\nCafé.".encode("utf-16-be").join([b"\xfe\xff", b""]),
            "Section 1. Purpose.\nCafé.",
            id="utf16-be-bom",
        ),
        pytest.param("Section 1. Purpose.".encode("utf-32"), "Section 1. Purpose.", id="utf32-bom"),
    ],
)
def test_text_encodings_and_line_ends_are_normalised(
    tmp_path: Path, data: bytes, expected: str
) -> None:
    path = tmp_path / "ord.txt"
    path.write_bytes(data)
    assert load_source(path).text == expected


def test_html_and_markdown_load_as_plain_text(tmp_path: Path) -> None:
    html = tmp_path / "ord.html"
    html.write_text(
        "<html><script>x=1</script><h2>Sec. 70-41. Definitions.</h2><p>Tank &amp; pipe.</p></html>"
    )
    md = tmp_path / "ord.md"
    md.write_text("## Sec. 70-41. Definitions.\n\n**Tank** means a tank.\n")
    assert load_source(html).text == "Sec. 70-41. Definitions.\nTank & pipe."
    assert load_source(md).text == "Sec. 70-41. Definitions.\n\nTank means a tank.\n"


def test_pdf_pages_keep_their_boundaries(tmp_path: Path) -> None:
    pdf = FPDF()
    for text in ("Section 1. First page text.", "Section 2. Second page text."):
        pdf.add_page()
        pdf.set_font("helvetica", size=11)
        pdf.multi_cell(0, 6, text)
    path = tmp_path / "two.pdf"
    pdf.output(str(path))
    source = load_source(path)
    assert source.page_starts is not None and len(source.page_starts) == 2
    second = source.text[source.page_starts[1] :]
    assert second.startswith("Section 2. Second page text.")


@pytest.mark.parametrize(
    ("text", "markdown"),
    [
        pytest.param(
            "## Section 1 - Purpose\n\ntext\n\n## Section 2 - Permits\n\n## Section 3 - Fees\n",
            True,
            id="headings",
        ),
        pytest.param(
            "# Chapter 6\n\n| Bedrooms | Gallons |\n|---|---|\n| 3 | 1,000 |\n",
            True,
            id="heading-and-pipe-table",
        ),
        pytest.param(
            "Sec. 5. Permits.\n# of bedrooms: 3\n", False, id="one-hash-line-is-no-markdown"
        ),
        pytest.param("SECTION 4.0 PERMITS\n4.1 Construction Permit\n", False, id="plain-ordinance"),
    ],
)
def test_markdown_saved_as_text_is_recognised(text: str, markdown: bool) -> None:
    assert looks_like_markdown(text) is markdown


def test_markdown_page_becomes_plain_text_with_a_fixed_width_table(tmp_path: Path) -> None:
    page = tmp_path / "code.txt"
    page.write_text(
        "[Skip to main content](#main)\n* [Home](/)\n* [City Code](/code)\n\n"
        "## Section 6.40.040 - Septic tank capacity.\n\n"
        "Each **dwelling** shall have a tank as shown in [the table](#t):\n\n"
        "| Bedrooms | Tank capacity (gallons) |\n|----------|------|\n| 3 | 1,250 |\n| 4 | 1,500 |\n\n"
        "(C) Capacity. The total liquid capacity of the tanks\nserving a dwelling is shown.\n\n"
        "Soil texture | Loading rate\n---|---\nLoam | 0.50\nSilt loam | Not permitted\n\n"
        "```\n  Feature      Tank (feet)\n  ----------   -----------\n  Well            50\n```\n\n"
        "*(Ord. 2004-6 § 1)*\n\n> **Editor's note:** amended.\n\n[Back to top](#top)\n\n"
        "(c) 2024 City of Juniper Bay | [Privacy](/privacy)\n",
        encoding="utf-8",
    )
    text = load_source(page).text
    assert "Section 6.40.040 - Septic tank capacity." in text
    assert "Each dwelling shall have a tank as shown in the table:" in text
    assert "Bedrooms    Tank capacity (gallons)\n3           1,250\n4           1,500" in text
    assert "(C) Capacity. The total liquid capacity" in text  # a subsection (C), no copyright
    # a code block stands as printed (its rule of dashes is no Markdown rule), without fences
    assert "  Feature      Tank (feet)\n  ----------   -----------\n  Well            50" in text
    assert "```" not in text
    # a table without its outer pipes
    assert (
        "Soil texture    Loading rate\nLoam            0.50\nSilt loam       Not permitted" in text
    )
    assert "(Ord. 2004-6 § 1)" in text and "Editor's note: amended." in text
    for gone in ("Skip to main", "Home", "Back to top", "2024", "](", "|", "**", "##"):
        assert gone not in text, gone


def test_a_pdf_tables_single_spaced_cells_are_set_out_in_columns_and_read() -> None:
    """pypdf gives a bordered table's cells one space apart ('3 1,300 1,950'): the loader sets
    the run of rows (and its header, one capitalised head per column) out in fixed-width columns,
    so the bedroom table below its caption is read into a rule, its 'With garbage disposal'
    column a case of the plain 'Tank' column."""
    from ingest.loaders import load_source
    from ingest.manifest import load_manifest
    from ingest.parse import parse_document

    folder = Path(__file__).parent / "data" / "formats"
    text = load_source(folder / "bordered_table_city.pdf").text
    assert "3             1,300    1,950" in text
    assert "Bedrooms      Tank     With garbage disposal" in text
    assert "Each additional 250 375" in text  # no run of rows: as extracted
    ((entry, source),) = load_manifest(folder / "manifest-bordered-table-pdf.yaml")
    rules = {r.id: r for r in parse_document(entry, source).rules}
    tank = rules["tank.table.8-3-6"]
    assert "garbage_disposal" in {i.name for i in tank.inputs}


def test_a_tables_caption_above_its_rule_is_its_caption_not_its_header() -> None:
    """A two-line caption over a rule of dashes, then a three-line header: the bedroom table is
    read (its caption names the unit), with the 'each bedroom over 4' row."""
    from ingest.manifest import load_manifest
    from ingest.parse import parse_document

    manifest = Path(__file__).parent / "data" / "formats" / "manifest-ruled-table-county.yaml"
    ((entry, source),) = load_manifest(manifest)
    rules = {r.id: r for r in parse_document(entry, source).rules}
    tank = rules["tank.table.3-102"]
    assert "garbage_disposal" in {i.name for i in tank.inputs}
    assert "over 4, add" in tank.model_dump_json()
