"""A city code chapter saved as the plain-text export of a document comparison (a redline):
deleted and inserted text inline as `[deleted: ...]` / `[inserted: ...]` (spanning lines,
inside a sentence, replacing a number or a table's cell, a whole section replaced), reviewers'
comments with their anchors and format notes inline in brackets, a comparison banner at the
top, a table of contents, running heads and file-path footers with `Page n of N` and form feeds
(one inside a table, one inside a hyphenated word), history notes, fixed-width tables whose unit
is only in the caption, words hyphenated at a line's end. It reads as the code as amended: its
sections and titles, its history notes as their notes, its tables' rules, no mark or furniture."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from helpers import (
    FORMATS,
    expected_sections,
    found_sections,
    parse_fixture,
    run_extracted,
    sections_by_ref,
)

from ingest.loaders import load_source
from ingest.records import ParsedDocument
from ingest.redline import looks_redlined, redline_to_text, resolve_marks

REDLINE = FORMATS / "manifest-redline-comparison-city.yaml"
FIXTURE = "redline_comparison_city.txt"


@pytest.fixture(scope="module")
def doc() -> ParsedDocument:
    return parse_fixture(REDLINE)


def test_the_redline_is_told_by_its_change_marks() -> None:
    assert looks_redlined((FORMATS / FIXTURE).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("The tank [deleted: 750][inserted: 1,000] holds.", id="two-marks-only"),
        pytest.param("[deleted] a [deleted] b [inserted] c [inserted] d", id="labels-without-colons"),
        pytest.param("Text inserted: a, b. Text deleted: c. Inserted: d.", id="words-in-prose"),
        pytest.param("[deleted: a [deleted: b [inserted: c [inserted: d", id="brackets-never-closed"),
    ],
)  # fmt: skip
def test_a_text_with_fewer_than_three_closed_marks_is_no_redline(text: str) -> None:
    assert not looks_redlined(text)


def test_every_section_is_found_once_with_its_title(doc: ParsedDocument) -> None:
    got = found_sections(doc)
    assert got == expected_sections("redline_comparison_city")


@pytest.mark.parametrize(
    ("ref", "reads", "not_in_text"),
    [
        pytest.param("715.07", "valid for fourteen (14) months from the date it is issued", "twelve",
                     id="number-replaced-mid-sentence"),
        pytest.param("715.07", "not more than ninety (90) days on written request", "sixty",
                     id="deleted-number-spanning-lines"),
        pytest.param("715.05", "No person shall install, construct, alter, repair, replace or extend "
                     "an individual", "repair or extend an", id="deleted-words-spanning-lines"),
        pytest.param("715.15", "Where frozen ground prevents an inspection between November 1",
                     "escrow", id="sentence-replaced-over-lines"),
        pytest.param("715.02", "Department. The Harrowdale Community Development Department.",
                     "Building Official", id="definition-replaced"),
        pytest.param("715.02", "used for sleeping. Compliance Inspection.", "den or office",
                     id="deleted-clause-before-a-period"),
        pytest.param("715.02", 'haul their contents (a "maintenance business").', "mainte-",
                     id="hyphenated-word-inside-an-insertion"),
        pytest.param("715.17", "not less than 1,500 gallons or four (4) times the design flow of "
                     "the dwelling", "gallons,", id="deleted-comma-and-a-word-hyphenated-across-a-page"),
        pytest.param("715.99", "an injunction, abatement or other relief in a court of competent "
                     "jurisdiction.", "jurisdiction, abatement", id="moved-text"),
        pytest.param("715.16", "the baffles and the effluent screen, for not less than five (5) years",
                     "three (3) years, and", id="insertion-after-a-space"),
        pytest.param("715.03", "chapters 7080 through 7083, as amended", "7081",
                     id="deletion-between-two-words"),
        pytest.param("715.01", "subsurface sewage treatment systems.", "within the City",
                     id="deletion-before-a-period"),
        pytest.param("715.04", "filed under this Chapter.", "[JD2]", id="comment-anchor"),
        pytest.param("715.09", "or more compartments, or two (2) or more tanks in series.",
                     "7080.1930", id="comment-spanning-lines-mid-sentence"),
        pytest.param("715.13", "the location of each tank, the soil treatment area", "KS7",
                     id="comment-label-on-the-next-line"),
        pytest.param("715.12", "fifteen (15) inches of sand and soil.", "MPCA", id="comment-after-a-period"),
        pytest.param("715.08", "not fewer than two (2) bedrooms.", "Hanging", id="format-note"),
        pytest.param("715.22", "Subd. 2. Right of Entry. The Zoning Administrator", "[inserted",
                     id="inserted-subdivision"),
    ],
)  # fmt: skip
def test_a_sections_text_reads_as_amended(
    doc: ParsedDocument, ref: str, reads: str, not_in_text: str
) -> None:
    text = " ".join(sections_by_ref(doc)[ref].text.split())
    assert reads in text
    assert not_in_text not in text


def test_a_section_deleted_whole_is_gone_and_the_inserted_one_is_in_its_place(
    doc: ParsedDocument,
) -> None:
    section = sections_by_ref(doc)["715.20"]
    assert section.title == "CONNECTION TO MUNICIPAL SEWER"
    assert "connect the building to the sewer within one (1) year" in " ".join(section.text.split())
    everything = " ".join(s.text + s.title + " ".join(s.notes) for s in doc.sections)
    assert "privy" not in everything.lower()
    assert "Privies" not in everything


def test_no_mark_banner_or_page_furniture_stays_in_any_record(doc: ParsedDocument) -> None:
    text = "\n".join([s.text for s in doc.sections] + [n for s in doc.sections for n in s.notes])
    for mark in ("[", "]", "deleted", "inserted", "moved to", "moved from", "Comment", "Formatted", "Field Code",
                 "Page 3 of", ".docx", "S:\\", "Harrowdale City Code", "Comparison of",
                 "Original:", "Revised:", "Changes:", "Legend:", "=====", "\f"):  # fmt: skip
        assert mark not in text, mark


@pytest.mark.parametrize(
    ("ref", "note"),
    [
        pytest.param("715.07", "(Ord. 2019-04, § 7; Ord. 2024-06, § 5; Ord. 2025-__, § 2)",
                     id="note-with-an-inserted-amendment"),
        pytest.param("715.14", "(Ord. 2019-04, § 14; Ord. 2024-06, § 5; Ord. 2025-__, § 6)",
                     id="note-after-a-page-break"),
        pytest.param("715.22", "(Ord. 2019-04, § 22; Ord. 2025-__, § 5)",
                     id="note-after-an-inserted-subdivision"),
        pytest.param("715.20", "(Ord. 2025-__, § 4)", id="note-of-an-inserted-section"),
    ],
)  # fmt: skip
def test_history_notes_are_notes_of_their_sections(
    doc: ParsedDocument, ref: str, note: str
) -> None:
    section = sections_by_ref(doc)[ref]
    assert note in section.notes, section.notes
    assert "(Ord." not in section.text


def test_a_table_split_by_a_page_break_keeps_its_rows_together(doc: ParsedDocument) -> None:
    text = sections_by_ref(doc)["715.11"].text
    assert re.search(r"Building\s+10\s+20\n\s*Property line\s+10\s+10\n", text), text


@pytest.mark.parametrize(
    ("rule", "inputs", "value"),
    [
        pytest.param("tank.table.715.09", {"bedrooms": 2}, 1000.0, id="tank-first-row-replaced"),
        pytest.param("tank.table.715.09", {"bedrooms": 3}, 1250.0, id="tank-cell-replaced"),
        pytest.param("tank.table.715.09", {"bedrooms": 4}, 1500.0, id="tank-cell-unchanged"),
        pytest.param("tank.table.715.09", {"bedrooms": 6}, 2100.0, id="tank-row-before-deleted-row"),
        pytest.param("tank.table.715.09", {"bedrooms": 8}, 2700.0, id="tank-step-replaced"),
        pytest.param("setback.table.715.11", {"feature": "well", "component": "soil_treatment_area"},
                     100.0, id="setback-unit-in-the-caption"),
        pytest.param("setback.table.715.11", {"feature": "property_line", "component": "tank"},
                     10.0, id="setback-cell-replaced-mid-row-after-the-page-break"),
        pytest.param("setback.table.715.11", {"feature": "water", "component": "soil_treatment_area"},
                     150.0, id="setback-cell-replaced-at-the-row-end"),
        pytest.param("setback.table.715.11", {"feature": "wetland", "component": "soil_treatment_area"},
                     50.0, id="setback-last-row"),
    ],
)  # fmt: skip
def test_the_tables_are_read_as_rules(
    doc: ParsedDocument, rule: str, inputs: dict, value: object
) -> None:
    assert run_extracted(list(doc.rules), rule, **inputs).value == value


@pytest.mark.parametrize(
    ("rule", "inputs", "when"),
    [
        pytest.param("permit.date.715.07", {"issue_date": date(2025, 1, 10)}, "2026-03-10",
                     id="permit-term-as-amended"),
        pytest.param("pumping.date.715.16", {"last_pumping_date": date(2025, 1, 10)}, "2028-01-10",
                     id="pumping-interval-as-amended"),
    ],
)  # fmt: skip
def test_amended_terms_are_read_as_rules(
    doc: ParsedDocument, rule: str, inputs: dict, when: str
) -> None:
    assert run_extracted(list(doc.rules), rule, **inputs).value_text == when


@pytest.mark.parametrize(
    ("marked", "reads"),
    [
        pytest.param("within [deleted: twelve (12)][inserted: fourteen (14)] months",
                     "within fourteen (14) months", id="number-replaced"),
        pytest.param("shall [deleted: not\nbe][inserted: be\nset] back", "shall be\nset back",
                     id="marks-spanning-lines"),
        pytest.param("[inserted: a tank[Comment JD1: size?] of 1,000 gallons]",
                     "a tank of 1,000 gallons", id="comment-inside-an-insertion"),
        pytest.param("[inserted: a [deleted: small ]tank]", "a tank", id="deletion-inside-an-insertion"),
        pytest.param("[deleted: a [inserted: big] tank]keep", "keep", id="insertion-inside-a-deletion"),
        pytest.param("a tank[Commented [JD1]: why?] of", "a tank of", id="commented-label-in-brackets"),
        pytest.param("a tank [Comment: why?] of", "a tank of", id="comment-without-label"),
        pytest.param("a tank [Comment by Jane Roe (3/4/25): why?] of", "a tank of",
                     id="comment-with-author-and-date"),
        pytest.param("a tank[JD1] of.[Comment [JD1]: why?]", "a tank of.", id="anchor-of-a-comment"),
        pytest.param("a tank [A1] of", "a tank [A1] of", id="bracket-of-no-comment-kept"),
        pytest.param("a tank[Formatted: Indent: Left:  0.5\", Hanging:  0.25\"] of", "a tank of",
                     id="format-note-with-quotes"),
        pytest.param("[Formatted Table]\n  3    1,000\n", "  3    1,000\n", id="format-note-line-goes"),
        pytest.param("a.\n[Comment JD1: one\ntwo]\nb.", "a.\nb.", id="comment-lines-go"),
        pytest.param("[Deleted (JD 3/4/25): old][Inserted by J. Roe: new] text", "new text",
                     id="marks-with-author-and-date"),
        pytest.param("[DELETED: old] [INSERTED: new]", "new", id="capitals"),
        pytest.param("[moved from: a][Moved down [1]: b][moved to: c]", "c", id="moves"),
        pytest.param("tank [deleted: 7], and", "tank, and", id="no-space-before-a-comma"),
        pytest.param("  3     [deleted: 1,000][inserted: 1,250]     2,000",
                     "  3     1,250     2,000", id="table-cell-keeps-its-spaces"),
        pytest.param("Sec. 2. [DEFINITIONS.] [Amended 6-3-2020 by Ord. No. 20-4]",
                     "Sec. 2. [DEFINITIONS.] [Amended 6-3-2020 by Ord. No. 20-4]",
                     id="other-brackets-kept"),
        pytest.param("a [deleted: never closed", "a [deleted: never closed", id="unclosed-mark-kept"),
    ],
)  # fmt: skip
def test_marks_resolve_to_the_text_as_amended(marked: str, reads: str) -> None:
    assert resolve_marks(marked) == reads


@pytest.mark.parametrize(
    ("export", "reads", "gone"),
    [
        pytest.param("Comparison of Documents\nOriginal: a.docx\nRevised: b.docx\nChanges: 3 "
                     "insertions, 2 deletions\n=====\n\n1.01  TITLE.\nText.", "1.01  TITLE.\nText.",
                     "docx", id="banner"),
        pytest.param("1.01  TITLE.\nOriginal: the first permit.", "Original: the first permit.",
                     "TITLE.\n\n", id="banner-words-below-the-top-kept"),
        pytest.param("The tank shall be in-\nC:\\Docs\\ch7.docx   Page 1 of 2\n\fCity Code   Ch. 7\n"
                     "spected.\nC:\\Docs\\ch7.docx   Page 2 of 2\n\fCity Code   Ch. 7\nMore.",
                     "shall be in-\nspected.\n\nMore.", "Ch. 7", id="page-break-inside-a-word"),
        pytest.param("  Well    50   100\nPage 1 of 3\n\f\n  Lot line   10   10\nA.\nPage 2 of 3\n"
                     "\f\nB.\nPage 3 of 3\n", "  Well    50   100\n  Lot line   10   10\nA.\n\nB.",
                     "Page", id="bare-page-footer-inside-a-table"),
        pytest.param("A tank.\n\f\nA pump.\n\fA pipe.", "A pump.\nA pipe.", "\f", id="form-feeds"),
    ],
)  # fmt: skip
def test_an_export_reads_without_its_banner_and_page_furniture(
    export: str, reads: str, gone: str
) -> None:
    text = redline_to_text(export)
    assert reads in text
    assert gone not in text


_SMALL = (
    "1.01  PERMITS.\nA permit is valid for [deleted: twelve (12)][inserted: fourteen (14)] months."
    "[Comment JD1: check]\n1.02  FEES.\nThe fee is [deleted: $50][inserted: $75].\n"
    "1.03  PENALTY.\nA violation is a [deleted: petty ]misdemeanor.\n"
)


@pytest.mark.parametrize(
    ("suffix", "body"),
    [
        pytest.param(".txt", _SMALL, id="text"),
        pytest.param(".md", _SMALL, id="markdown"),
        pytest.param(".html", "<html><body><pre>" + _SMALL + "</pre></body></html>", id="html"),
    ],
)
def test_a_redline_is_read_as_amended_whatever_its_suffix(
    tmp_path: Path, suffix: str, body: str
) -> None:
    path = tmp_path / f"chapter{suffix}"
    path.write_text(body, encoding="utf-8")
    text = " ".join(load_source(path).text.split())
    assert "valid for fourteen (14) months." in text
    assert "The fee is $75." in text
    assert "a misdemeanor." in text
    assert not re.search(r"twelve|\$50|petty|\[|JD1", text), text
