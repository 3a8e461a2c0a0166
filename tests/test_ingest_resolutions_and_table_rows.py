"""Two layout families parse with no place-specific code: a town board's resolution exported from a
word processor as plain text (a title block, WHEREAS clauses, a dotted index of paragraphs, then
`RESOLVED, Paragraph 7 (Septic Tanks):` headings, an inserted `Paragraph 18A`, form feeds,
running heads, `Page n of N` footers, closing `BE IT FURTHER RESOLVED` clauses, a vote, an
amendment history and a clerk's certificate), and a city code chapter PDF set as a two-column
table (the number and the bold title wrapped down a shaded left cell, the text in the right
cell, a header row repeated on every page, `33.140 (cont.)` rows)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import FORMATS, expected_sections, found_sections, parse_fixture, sections_by_ref

from ingest.parse import find_section
from ingest.resolutions import resolution_heads
from ingest.tablerows import table_rows

RESOLUTION = FORMATS / "manifest-resolution-township.yaml"
TABLE_ROWS = FORMATS / "manifest-table-rows-city.yaml"
TABLE_ROWS_B = FORMATS / "manifest-table-rows-city-b.yaml"  # drawn by fpdf2's table() API
TABLE_ROWS_C = FORMATS / "manifest-table-rows-city-c.yaml"  # contents with spaced leaders

LAYOUTS = {
    "resolution-by-paragraphs": (RESOLUTION, "resolution_township"),
    "table-rows-drawn-cell-by-cell": (TABLE_ROWS, "table_rows_city"),
    "table-rows-drawn-row-by-row": (TABLE_ROWS_B, "table_rows_city_b"),
    "table-rows-after-contents-with-spaced-leaders": (TABLE_ROWS_C, "table_rows_city_c"),
}


@pytest.mark.parametrize(("manifest", "name"), LAYOUTS.values(), ids=LAYOUTS)
def test_each_layout_parses_to_its_sections_in_order(manifest: Path, name: str) -> None:
    doc = parse_fixture(manifest)
    got = found_sections(doc)
    assert got == expected_sections(name)


R, T, B, C = RESOLUTION, TABLE_ROWS, TABLE_ROWS_B, TABLE_ROWS_C
HEADINGS = [
    # a town board's resolution: 'RESOLVED, Paragraph 7 (Septic Tanks):'
    pytest.param(R, "1", "Title and Purpose", "These regulations shall be known",
                 id="resolution-text-on-the-lines-below"),
    pytest.param(R, "2", "Authority", "These regulations are adopted under",
                 id="resolution-text-on-the-heading-line"),
    pytest.param(R, "7", "Septic Tanks", "(a) Every septic tank shall be watertight",
                 id="resolution-subparagraphs-below"),
    pytest.param(R, "11", "Permit Term", "A permit expires twelve (12) months",
                 id="resolution-resolved-further"),
    pytest.param(R, "12", "Site evaluations", "No system shall be designed",
                 id="resolution-title-in-sentence-case"),
    pytest.param(R, "18A", "Compliance Inspections at Property Transfer", "(a) Before a property",
                 id="resolution-inserted-paragraph"),
    pytest.param(R, "22", "Abandonment of Systems, Tanks and Cesspools", "A system, tank or",
                 id="resolution-title-wrapped-in-its-parentheses"),
    # a code set as table rows, the number and title down the left cell
    pytest.param(T, "33.110", "Definitions", "For the purposes of this chapter",
                 id="table-one-line-title"),
    pytest.param(T, "33.115", "Adoption of state rules by reference", "Minnesota Rules, chapters",
                 id="table-title-wrapped-over-three-lines"),
    pytest.param(T, "33.140", "Septic tank capacity", "(a) Every septic tank shall have",
                 id="table-title-wrapped-over-two-lines"),
    pytest.param(T, "33.185", "Failing systems and imminent threats to public health",
                 "(a) A system that fails", id="table-long-title"),
    pytest.param(T, "33.198", "Licensing of maintenance businesses", "No person shall pump",
                 id="table-number-inserted-later"),
    # the same layout drawn row by row: numbers and titles on one line or two
    pytest.param(B, "12.08.010", "Purpose", "This chapter protects the health",
                 id="rows-number-and-title-on-one-line"),
    pytest.param(B, "12.08.020", "Words and terms defined", "In this chapter:",
                 id="rows-number-over-a-title-without-a-period"),
    pytest.param(B, "12.08.030", "Permit for construction or repair", "(A) No person shall",
                 id="rows-title-without-a-period-wrapped"),
    pytest.param(B, "12.08.050", "Location of tanks and drainfields", "Every tank and drainfield",
                 id="rows-title-with-a-period"),
    pytest.param(B, "12.08.070", "Inspection before backfill", "The installer shall call",
                 id="rows-one-line-title-wrapped-under-the-number"),
    pytest.param(B, "12.08.080", "Septic tank pumping and maintenance required",
                 "(A) Every septic tank shall be pumped", id="rows-first-row-of-a-page"),
    # rows after a contents list whose spaced leaders ('Purpose  . . . . 21-2') end a title
    pytest.param(C, "21.105", "Purpose", "(a) This chapter protects",
                 id="spaced-leaders-first-row"),
    pytest.param(C, "21.110", "Permit required; exemptions", "(a) No person shall install",
                 id="spaced-leaders-title-wrapped-over-two-lines"),
    pytest.param(C, "21.130", "Violations; penalties", "(a) A person who violates",
                 id="spaced-leaders-last-row"),
]  # fmt: skip


@pytest.mark.parametrize(("manifest", "number", "title", "opens"), HEADINGS)
def test_a_heading_gives_its_number_its_whole_title_and_the_text_under_it(
    manifest: Path, number: str, title: str, opens: str
) -> None:
    section = sections_by_ref(parse_fixture(manifest))[number]
    assert section.title == title
    assert section.text.startswith(opens)
    assert "RESOLVED" not in section.text and "Paragraph" not in section.text.split("\n")[0]


# --- a town board's resolution, paragraph by paragraph ---


@pytest.mark.parametrize("cited", ["18A", "Paragraph 18A", "paragraph 18A", "¶ 18A"])
def test_an_inserted_paragraph_is_cited_by_its_number_and_letter(cited: str) -> None:
    doc = parse_fixture(RESOLUTION)
    found = find_section(doc.sections, doc.entry.jurisdiction, cited)
    assert (found.section, found.title) == ("18A", "Compliance Inspections at Property Transfer")
    assert find_section(doc.sections, doc.entry.jurisdiction, "Paragraph 18").section == "18"


def test_the_index_of_paragraphs_creates_no_sections() -> None:
    doc = parse_fixture(RESOLUTION)
    sections = [s for s in doc.sections if s.kind == "section"]
    assert len(sections) == len(expected_sections("resolution_township"))
    front = doc.sections[0]
    assert front.kind == "preamble" and "WHEREAS" in front.text
    for s in doc.sections:
        assert not re.search(r"(?:\.[ \t]?){4,}", s.text), s.title  # an index line's leaders


def test_closing_clauses_vote_and_certificate_are_back_matter_not_the_last_paragraph() -> None:
    doc = parse_fixture(RESOLUTION)
    last = sections_by_ref(doc)["28"]
    assert last.text == (
        "If any paragraph of these regulations is held invalid, the remaining paragraphs "
        "remain in effect."
    )
    tail = doc.sections[-1]
    assert tail.kind == "adoption" and tail.section is None
    for said in ("BE IT FURTHER RESOLVED", "Ayes: 3", "AMENDMENT HISTORY", "CLERK'S CERTIFICATE"):
        assert said in tail.text
    for s in doc.sections:
        if s.kind == "section":
            assert not re.search(r"FURTHER RESOLVED|Ayes:|Attest|certify", s.text), s.section


def test_running_heads_page_footers_and_amendment_notes_leave_the_text() -> None:
    doc = parse_fixture(RESOLUTION)
    head = f"{doc.entry.name} Resolution No."  # the running head
    for s in doc.sections:
        if s.kind == "section":
            for needle in (head, "SSTS Regulations", "Page ",
                           "\f", "[Amended", "[Added"):  # fmt: skip
                assert needle not in s.text, (s.section, needle)
    by_ref = sections_by_ref(doc)
    assert by_ref["7"].notes == ["[Amended by Res. No. 2023-04, adopted March 14, 2023]"]
    assert by_ref["18A"].notes == ["[Added by Res. No. 2023-04, adopted March 14, 2023]"]


def test_a_table_split_across_a_page_break_stays_whole_in_its_paragraph() -> None:
    tanks = sections_by_ref(parse_fixture(RESOLUTION))["7"]
    rows = [line for line in tanks.text.split("\n") if re.match(r"\s*(?:\d|Bedrooms|\()", line)]
    table = tanks.text[tanks.text.index("Bedrooms") - 8 : tanks.text.index("(b) Each tank")]
    assert [line.split()[0] for line in table.strip("\n").split("\n")] == [
        "Bedrooms", "(gallons)", "2", "3", "4", "5", "6",
    ]  # fmt: skip
    header = table.split("\n")[:2]  # the unit stands under the columns it names
    assert header[1].index("(gallons)") == header[0].index("Minimum liquid capacity")
    assert rows and tanks.text.endswith("rated for that traffic load.")


def test_a_unit_only_in_a_table_header_reaches_the_extracted_rule() -> None:
    doc = parse_fixture(RESOLUTION)
    setbacks = next(r for r in doc.rules if r.id == "setback.table.14")
    assert setbacks.unit == "ft"


def test_index_lines_and_cross_references_head_no_paragraph() -> None:
    text = (
        "   Paragraph 7 (Septic Tanks) .................... 3\n"
        "   Paragraph 8 (Permits Required) ................ 4\n"
        "   Paragraph 9 (Permit Applications) ............. 4\n"
        "the fee set under Paragraph 10 (Permit Fees) and\n"
        "Paragraph 11 (Res. No. 2023-04): amended\n"
    )
    assert resolution_heads(text) == []


def test_fewer_than_three_paragraph_headings_are_no_resolution() -> None:
    two = "RESOLVED, Paragraph 1 (Title):\nText.\nRESOLVED, Paragraph 2 (Scope): Text.\n"
    assert resolution_heads(two) == []
    three = two + "Paragraph 3 (Definitions). Text.\n"
    assert [h.number for h in resolution_heads(three)] == ["1", "2", "3"]


# --- a city code chapter set as a two-column table ---


def test_a_continued_table_row_stays_in_its_section() -> None:
    doc = parse_fixture(TABLE_ROWS)
    tanks = sections_by_ref(doc)["33.140"]
    assert [s.section for s in doc.sections].count("33.140") == 1
    assert (tanks.page_start, tanks.page_end) == (3, 4)
    assert "(cont.)" not in tanks.text
    assert tanks.text.split("\n")[-1].startswith("(d) A tank of two compartments")
    assert tanks.notes == ["(Ord. 617, § 2, 4-8-2019; Ord. 688, § 1, 3-14-2022)"]
    table = tanks.text[tanks.text.index("Table 33.140") :]
    assert "2 or less   1,000    1,500" in table and "in gallons" in table.split("\n")[0]


def test_the_repeated_header_row_running_heads_and_footers_leave_the_text() -> None:
    doc = parse_fixture(TABLE_ROWS)
    for s in doc.sections:
        if s.kind != "section":
            continue
        for needle in ("Section Provisions", "Provisions", f"{doc.entry.name.upper()} CITY CODE",
                       "INDIVIDUAL SEWAGE", "Supp. No.", "(cont.)", "(Ord."):  # fmt: skip
            assert needle not in s.text, (s.section, needle)
        assert not re.search(r"\b33-\d\b", s.text), s.section  # a page number
    front = doc.sections[0]
    assert front.kind == "preamble"
    assert any(n.startswith("Editor's note") for n in front.notes)
    assert any(n.startswith("Cross references") for n in front.notes)


@dataclass
class _L:
    text: str
    start: int = 0
    pdf_page: int | None = 1


def _make(text: str, start: int, page: int | None) -> _L:
    return _L(text, start, page)


def _rows(*texts: str, page: int = 1) -> list[_L]:
    return [_L(t, i * 100, page) for i, t in enumerate(texts)]


def _cell(number: str, title: list[str], text: str) -> list[str]:
    """A row as drawn: its number, its title's lines down the left cell, then its text."""
    return [number, *title, text]


def _row(heading: str, text: str) -> list[str]:
    """A row as read: its number and whole title on one line, then its text."""
    return [heading, text]


def _read(lines: list[_L]) -> list[str]:
    return [ln.text for ln in table_rows(lines, _make)]


def test_table_rows_join_a_number_over_its_wrapped_title() -> None:
    lines = _rows(
        "CITY CODE",
        *_cell("12.105", ["Purpose."], "The purpose of this chapter is ..."),
        *_cell("12.110", ["Permits", "required."], "No person shall install ..."),
        *_cell("12.115", ["Tank", "capacity", "and location."], "(a) Every tank ..."),
        "12-3",
    )
    out = _read(lines)
    assert out == [
        "CITY CODE",
        *_row("12.105 Purpose.", "The purpose of this chapter is ..."),
        *_row("12.110 Permits required.", "No person shall install ..."),
        *_row("12.115 Tank capacity and location.", "(a) Every tank ..."),
        "12-3",
    ]


@pytest.mark.parametrize(
    "marker", ["12.110 (cont.)", "(12.110, cont'd)", "12.110 (continued)", "12.110 (CONT.)"]
)
def test_a_continued_rows_marker_goes_and_its_text_stays(marker: str) -> None:
    head = _cell("12.105", ["Purpose."], "Text.") + _cell("12.110", ["Permits."], "No person")
    more = _cell("12.115", ["Tanks."], "Every tank")
    lines = _rows("HEAD", *head, "FOOT") + _rows(
        "HEAD", f"{marker} shall install a system ...", "without a permit.", *more, "FOOT", page=2
    )
    out = _read(lines)
    assert "shall install a system ..." in out and not any("cont" in t.lower() for t in out)


def test_a_title_without_its_period_is_read_from_the_contents_list() -> None:
    contents = [f"12.1{n}5   {t} ......... 12-{n}" for n, t in enumerate(["Purpose", "Permits"])]
    contents.append("12.125   Tank capacity ......... 12-3")
    lines = _rows(
        "Sections:",
        *contents,
        *_cell("12.105", ["Purpose"], "The purpose of this chapter is ..."),
        *_cell("12.115", ["Permits"], "No person shall install ..."),
        *_cell("12.125", ["Tank", "capacity"], "Every tank ..."),
        "end",
    )
    out = _read(lines)
    assert "12.125 Tank capacity." in out and "12.115 Permits." in out


def test_page_markers_and_too_few_rows_are_no_table() -> None:
    markers = _rows("12-3", "Septic tanks.", "text") + _rows("12-4", "Holding tanks.", page=2)
    assert [ln.text for ln in table_rows(markers, _make)] == [ln.text for ln in markers]
    two = _rows("x", *_cell("1.1", ["Purpose."], "Text."), *_cell("1.2", ["Scope."], "T."), "y")
    assert table_rows(two, _make) == two


# --- rows after a contents list with spaced dot leaders to chapter page numbers ---


def test_a_contents_entry_with_spaced_leaders_is_no_section_with_leaders_for_text() -> None:
    doc = parse_fixture(TABLE_ROWS_C)
    sections = [s for s in doc.sections if s.kind == "section"]
    for s in sections:
        assert ". . . ." not in s.text and "21-2" not in s.text, s.section
    assert all(s.page_start == 2 for s in sections)  # the body's rows, not the contents page
    last = sections_by_ref(doc)["21.130"]
    assert "Septic tank" not in last.text and last.text.startswith("(a) A person who violates")


# --- the same layout drawn by fpdf2's table() API: numbers and titles on one line or two ---


def test_a_contents_entry_never_starts_a_section_the_body_also_starts() -> None:
    doc = parse_fixture(TABLE_ROWS_B)
    numbers = [s.section for s in doc.sections if s.kind == "section"]
    assert len(numbers) == len(set(numbers))
    first = sections_by_ref(doc)["12.08.010"]
    assert "Words and terms defined" not in first.text and "Penalty" not in first.text
    assert first.page_start == 2  # the body's row, not the contents page
    assert "Any person who violates" in sections_by_ref(doc)["12.08.100"].text
    for s in doc.sections:
        if s.kind == "section":
            assert "Sec. Regulation" not in s.text and "MUNICIPAL CODE" not in s.text, s.section


def test_a_contents_entry_with_or_without_leaders_heads_no_row() -> None:
    contents = ["12.105 Purpose 1", "12.110 Permits required 1", "12.115 Tank capacity ...... 2"]
    contents.append("12.120  Holding tanks 2")
    lines = _rows(
        "Contents",
        *contents,
        "Sec. Regulation",
        *_cell("12.105 Purpose", [], "The purpose of this chapter is ..."),
        *_cell("12.110", ["Permits required"], "No person shall install ..."),
        *_cell("12.115", ["Tank", "capacity"], "Every tank ..."),
        *_cell("12.120", ["Holding", "tanks"], "A holding tank ..."),
        "end",
    )
    out = _read(lines)
    assert out[1:5] == contents  # front matter, unchanged
    assert out[6:] == [
        *_row("12.105 Purpose.", "The purpose of this chapter is ..."),
        *_row("12.110 Permits required.", "No person shall install ..."),
        *_row("12.115 Tank capacity.", "Every tank ..."),
        *_row("12.120 Holding tanks.", "A holding tank ..."),
        "end",
    ]


def test_a_row_drawn_right_cell_first_keeps_its_text_under_its_heading() -> None:
    lines = _rows(
        "CITY CODE",
        "The purpose of this chapter is ...",
        "12.105",
        "Purpose.",
        "No person shall install ...",
        "12.110",
        "Permits",
        "required.",
        "(a) Every tank ...",
        "12.115",
        "Tank capacity.",
        "12-3",
    ) + _rows("CITY CODE", "and its lid.", "12.115 (cont.)", "12-4", page=2)
    out = _read(lines)
    assert out == [
        "CITY CODE",
        *_row("12.105 Purpose.", "The purpose of this chapter is ..."),
        *_row("12.110 Permits required.", "No person shall install ..."),
        *_row("12.115 Tank capacity.", "(a) Every tank ..."),
        "12-3",
        "CITY CODE",
        "and its lid.",
        "12-4",
    ]


def test_a_number_heading_two_body_rows_falls_back_to_the_lone_numbers() -> None:
    lines = _rows(
        "CITY CODE",
        *_cell("12.105", ["Purpose."], "Text one."),
        *_cell("12.110", ["Permits."], "Text two."),
        *_cell("12.115", ["Tanks."], "Text three."),
        "12.105 Purpose.",
        "Text again.",
        "12-3",
    )
    out = _read(lines)
    assert out == [
        "CITY CODE",
        *_row("12.105 Purpose.", "Text one."),
        *_row("12.110 Permits.", "Text two."),
        *_row("12.115 Tanks.", "Text three."),
        *_row("12.105 Purpose.", "Text again."),
        "12-3",
    ]
