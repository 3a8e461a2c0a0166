"""A county code chapter printed from a codifier's website and saved as text: headings flattened
to `Sec. 12.4 --- Title` under `ARTICLE II --- ...`, the site's navigation and a list of section
links at the top, leftover HTML (`<pre>`, `&sect;`, `&nbsp;`, `&amp;`, `&mdash;`), print footers
with form feeds (one inside a table), bracketed footnote references with the footnotes at the
end, history notes and words hyphenated at a line's end. It reads as the printed code: its
sections and their titles, its containers as their path, no markup or furniture, its tables'
rules."""

from __future__ import annotations

import re
from datetime import date

import pytest
from helpers import (
    FORMATS,
    expected_sections,
    parse_fixture,
    run_extracted,
    sections_by_ref,
)

from ingest.flattened import flattened_to_text, looks_flattened

FLAT = FORMATS / "manifest-flattened-html-county.yaml"
CHAPTER = "CHAPTER 12. SUBSURFACE SEWAGE TREATMENT SYSTEMS"


@pytest.mark.parametrize(
    ("name", "flattened"),
    [
        pytest.param("flattened_html_county.txt", True, id="flattened-code-page"),
        pytest.param("web_page_township.txt", False, id="web-page-numbers-after-titles"),
        pytest.param("american_legal_chapter.txt", False, id="plain-code-text"),
        pytest.param("general_code_chapter.txt", False, id="plain-code-text-2"),
        pytest.param("restructured_text_township.txt", False, id="rst-source"),
    ],
)
def test_a_flattened_code_page_is_told_by_its_headings(name: str, flattened: bool) -> None:
    assert looks_flattened((FORMATS / name).read_text(encoding="utf-8")) is flattened


def test_every_section_is_found_once_with_its_title_and_no_link_or_container_is_one() -> None:
    got = [(s.section, s.title) for s in parse_fixture(FLAT).sections if s.kind == "section"]
    assert got == expected_sections("flattened_html_county")


@pytest.mark.parametrize(
    ("ref", "article"),
    [
        pytest.param("12.2", "ARTICLE I. IN GENERAL", id="first-article"),
        pytest.param("12.3", "ARTICLE II. PERMITS AND INSPECTIONS", id="heading-after-nbsp"),
        pytest.param("12.6", "ARTICLE III. DESIGN STANDARDS", id="heading-with-em-dash"),
        pytest.param("12.9", "ARTICLE IV. OPERATION AND ENFORCEMENT", id="last-article"),
    ],
)
def test_the_articles_are_each_sections_path(ref: str, article: str) -> None:
    assert sections_by_ref(parse_fixture(FLAT))[ref].path == [CHAPTER, article]


@pytest.mark.parametrize(
    ("ref", "reads", "not_in_text"),
    [
        pytest.param("12.2", "Larch Bend County Planning & Zoning Department.", "&amp;",
                     id="entity-decoded"),
        pytest.param("12.4", "subject to the inspection required by § 12.8.", "&sect;",
                     id="section-sign-decoded"),
        pytest.param("12.3", "a permit from the Department and paying the permit fee", "[fn",
                     id="footnote-reference-inside-a-sentence"),
        pytest.param("12.8", "for a bedroom addition. A certificate of compliance", "[3]",
                     id="footnote-reference-after-a-sentence"),
        pytest.param("12.7", "with the Department within thirty (30) days", "Depart-",
                     id="line-end-hyphen-joined"),
        pytest.param("12.4", "before the permit expires.", "(Ord.", id="history-note-out-of-text"),
    ],
)  # fmt: skip
def test_a_sections_text_reads_as_printed(ref: str, reads: str, not_in_text: str) -> None:
    text = " ".join(sections_by_ref(parse_fixture(FLAT))[ref].text.split())
    assert reads in text
    assert not_in_text not in text


@pytest.mark.parametrize(
    ("ref", "note"),
    [
        pytest.param("12.4", "(Ord. No. 2019-07, § 2, 6-11-2019; Ord. No. 2022-03, § 2, 4-12-2022)",
                     id="history-note"),
        pytest.param("12.3", "Footnotes: [2] Cross reference—Fee schedule, § 2-41.",
                     id="footnote-with-the-section-citing-it"),
        pytest.param("12.8", "[3] State law reference—Disclosure of the system at sale, Minn. "
                     "Stat. § 115.55, subd. 6.", id="footnote-wrapped-over-two-lines"),
    ],
)  # fmt: skip
def test_history_notes_and_footnotes_are_the_sections_notes(ref: str, note: str) -> None:
    notes = sections_by_ref(parse_fixture(FLAT))[ref].notes
    assert any(note in n for n in notes), notes


def test_no_markup_navigation_links_or_print_footer_stays_in_any_record() -> None:
    doc = parse_fixture(FLAT)
    text = "\n".join([s.text for s in doc.sections] + [n for s in doc.sections for n in s.notes])
    assert not re.search(r"&#?\w+;", text)
    for mark in ("<pre>", "</pre>", "Created:", "Supp. No.", "Page 2 of", "\f", "»",
                 "Skip to", "Print |", "Search within", "Sec. 12.", "---"):  # fmt: skip
        assert mark not in text, mark
    assert not re.search(r"\[(?:fn )?\d\]", " ".join(s.text for s in doc.sections))


def test_a_table_split_by_a_page_break_keeps_its_rows_together() -> None:
    text = sections_by_ref(parse_fixture(FLAT))["12.6"].text
    assert re.search(r"Building\s+10\s+20\n\s*Property line\s+10\s+10\n", text), text


def test_the_permit_term_after_a_page_break_is_read_as_a_rule() -> None:
    got = run_extracted(
        list(parse_fixture(FLAT).rules), "permit.date.12.4", issue_date=date(2025, 1, 10)
    )
    assert got.value_text == "2026-01-10"


@pytest.mark.parametrize(
    ("page", "reads", "gone"),
    [
        pytest.param("Sec. 4.1 --- Purpose.\nA.\nSec. 4.2 --- Fees.\nB.\nSec. 4.3 --- Penalty.\nC.\n"
                     "Secs. 4.4---4.9 --- Reserved.\n", "Secs. 4.4—4.9. - Reserved.", "---",
                     id="a-range-of-reserved-numbers"),
        pytest.param("» Sec. 4.1 --- Purpose. | Sec. 4.2 --- Fees. [link]\nSec. 4.1 --- Purpose.\n"
                     "A.\nSec. 4.2 --- Fees.\nB.\nSec. 4.3 --- Penalty.\nC.\n",
                     "Sec. 4.1. - Purpose.\nA.", "»", id="a-line-of-links-with-link-marks"),
        pytest.param("Sec. 4.1 --- Purpose.\nSec. 4.2 --- Fees.\n\nSec. 4.1 --- Purpose.\nA.\n"
                     "Sec. 4.2 --- Fees.\nB.\nSec. 4.3 --- Penalty.\nC.\n",
                     "Sec. 4.1. - Purpose.\nA.\nSec. 4.2. - Fees.\nB.", "Fees.\n\n",
                     id="contents-without-link-marks"),
        pytest.param("Sec. 4.1 --- Purpose.\n  Well   50   100\n(Supp. No. 2)    Page 1 of 2\n"
                     "\f  Lot line   10   10\nSec. 4.2 --- Fees.\nB.\nSec. 4.3 --- Penalty.\nC.\n",
                     "  Well   50   100\n  Lot line   10   10\n", "Page", id="footer-on-one-line"),
        pytest.param("Sec. 4.1 --- Purpose.\nThe tank shall be in-\n\nCreated: 2025-03-14 10:22:07 [EST]\n"
                     "(Supp. No. 9)\nPage 1 of 2\n\f\nspected yearly.\nSec. 4.2 --- Fees.\nB.\n"
                     "Sec. 4.3 --- Penalty.\nC.\n", "shall be in-\nspected yearly.", "Supp",
                     id="a-page-break-inside-a-word"),
        pytest.param("Sec. 4.1 --- Purpose.\nIt protects wells.[1] It sets rules.\nSec. 4.2 --- Fees.\n"
                     "B.\nSec. 4.3 --- Penalty.\nC.\n", "It protects wells. It sets rules.", "[1]",
                     id="a-reference-glued-to-its-sentence-without-a-footnotes-block"),
    ],
)  # fmt: skip
def test_a_flattened_page_reads_as_the_printed_code(page: str, reads: str, gone: str) -> None:
    assert looks_flattened(page)
    text = flattened_to_text(page)
    assert reads in text
    assert gone not in text
