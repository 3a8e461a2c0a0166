"""An ordinance kept as a markup export: XML saved as `.txt` after an export banner (a
document-information block, a contents list, `<article>` containers, `<section num>` elements
with `<heading>`s, labelled subsections and paragraphs, a fixed-width table in a CDATA block
with its unit only in the caption, a page break and a running head inside a paragraph, history,
editor's notes, amendment records, footnote markers and footnotes, a repealed section), or a
`.xml` file in another vocabulary (generic `<level type="section">` elements numbered by a `<num>`
child and an `n` attribute, `<title>`s, `<content>` blocks, inline terms, metadata), or markup
with every line a `<p>` whose class tells a heading, a footnote or a banner. It reads as
the ordinance's plain text: its sections and titles, its tables' rules, none of the export's
furniture."""

from __future__ import annotations

from helpers import (
    FORMATS,
    parse_fixture,
    sections_by_ref,
)

from ingest.xmlexport import looks_like_markup_export, markup_export_to_text

COUNTY = FORMATS / "manifest-markup-export-county.yaml"
CITY = FORMATS / "manifest-markup-export-city.yaml"
FLAT = FORMATS / "manifest-markup-flat-township.yaml"


def test_no_banner_metadata_contents_note_or_page_furniture_stays_in_the_text() -> None:
    doc = parse_fixture(COUNTY)
    text = "\n".join(s.text for s in doc.sections)
    for mark in ("CODEBRIDGE", "Schema", "CodeBridge Legal", "1.02 Administration",
                 "Ord. 2015-03", "Minn. Stat. § 115.55", "amended.", "HARTWELL COUNTY SSTS",
                 "Adopted under", "Page 6 of 9", "<", ">"):  # fmt: skip
        assert mark not in text
    city = "\n".join(s.text for s in parse_fixture(CITY).sections)
    for mark in ("Code of Ordinances", "Editor's note", "Ord. No. 2019-11", "supplement"):
        assert mark not in city
    flat = "\n".join(s.text for s in parse_fixture(FLAT).sections)
    for mark in ("Exported from", "........", "Ord. 2011-1", "Minn. Stat.", "Page 2", "<"):
        assert mark not in flat


def test_labels_lines_entities_and_a_paragraph_across_a_page_break_are_kept() -> None:
    by_ref = sections_by_ref(parse_fixture(COUNTY))
    assert by_ref["2.01"].text.startswith("(a) No person shall install")
    assert "\n(b) A permit is not required to pump" in by_ref["2.01"].text
    assert "may be extended once, for six (6) months" in by_ref["2.02"].text
    assert "shall administer this ordinance & may" in by_ref["1.02"].text
    assert "licensed maintenance business" in by_ref["3.03"].text
    city = sections_by_ref(parse_fixture(CITY))
    assert city["14-1"].text.startswith("In this chapter, bedroom means")
    assert city["14-2"].text.endswith("(b) A permit expires twenty (20) months after it is issued.")


def test_a_tables_caption_and_rows_stay_as_printed() -> None:
    text = sections_by_ref(parse_fixture(COUNTY))["3.01"].text
    assert "Table 3-1. Septic tank liquid capacity (gallons)\nBedrooms        Capacity\n" in text


def test_a_repealed_section_reads_as_repealed() -> None:
    assert sections_by_ref(parse_fixture(COUNTY))["3.04"].text == "Repealed."


def test_text_with_a_few_tags_is_left_as_it_is() -> None:
    text = "Sec. 1. Permits.\nA permit is required.<br>\nSec. 2. Tanks.\n<b>1,000</b> gallons.\n"
    assert not looks_like_markup_export(text)
    assert markup_export_to_text(text) == text


def test_a_number_held_only_in_a_sections_title_is_its_number() -> None:
    sections = "".join(
        f"<section><title>{n} {t}</title><para>{t} rule of the county.</para></section>\n"
        for n, t in (("7.01", "Purpose"), ("7.02", "Permits"), ("7.03", "Septic tanks"))
    )
    text = markup_export_to_text(f"<chapter><title>Chapter 7</title>\n{sections}</chapter>\n")
    assert "Section 7.02. Permits.\nPermits rule of the county." in text
