"""A county ordinance printed as a pocket-edition booklet, four small pages to each side of a
landscape sheet in printer's imposition order (pages 16|1 over 14|3 on the first side, 2|15 over
4|13 on its back, ...; or, in the second fixture, folded signatures whose top row is printed
upside down): three-digit sections ('Section 302. Septic Tank Capacity.') under `CHAPTER n`
containers, running heads with the page's section range, page numbers at each small page's
foot, a printer's file name and sheet note along each sheet's foot, bracketed amendment notes,
a dotted contents page, an index and a legislative history, covers, Courier tables whose units
are only in their captions and words hyphenated at line ends. The small pages are read in the
order of their printed numbers, and every other document reads as before."""

from __future__ import annotations

from dataclasses import replace
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

from ingest.columns import PageDrawing, Piece
from ingest.imposed import booklet_pages
from ingest.loaders import _drawing, load_source
from ingest.records import ParsedDocument

UPRIGHT = FORMATS / "manifest-imposed-booklet-county.yaml"
TURNED = FORMATS / "manifest-imposed-booklet-county-turned.yaml"


@pytest.fixture(scope="module", params=[UPRIGHT, TURNED], ids=["upright", "top-row-turned"])
def doc(request) -> ParsedDocument:
    return parse_fixture(request.param)


def _text(doc: ParsedDocument, number: str) -> str:
    return " ".join(sections_by_ref(doc)[number].text.split())


def test_every_section_is_found_once_in_order_with_its_title(doc) -> None:
    got = found_sections(doc)
    assert got == expected_sections("imposed_booklet_county")


@pytest.mark.parametrize(
    ("number", "first", "joined", "last"),
    [
        pytest.param("103", "For the purposes of this ordinance",
                     "a door and a window. (b) Department means", "on the lot where it is made.",
                     id="page-3-to-4-across-sheets"),
        pytest.param("105", "This ordinance applies in every part",
                     "an ordinance of its own at least as strict", "given the county a copy of it.",
                     id="page-4-to-5-across-sheets-mid-sentence"),
        pytest.param("305", "(a) A soil treatment area",
                     "has not been compacted or disturbed, and no vehicle", "after its construction.",
                     id="page-8-to-9-on-one-side"),
        pytest.param("402", "(a) Before a sale or transfer",
                     "for a system found noncompliant, the inspection", "before the transfer is recorded.",
                     id="page-9-to-10-back-to-an-earlier-sheet"),
        pytest.param("503", "(a) A system that is an imminent threat",
                     "within ninety (90) days after the owner receives a notice",
                     "a licensed business prevented the work.", id="page-11-to-12"),
    ],
)  # fmt: skip
def test_a_section_across_small_pages_reads_whole_and_in_order(doc, number, first, joined, last):
    text = _text(doc, number)
    assert text.startswith(first) and text.endswith(last)
    assert joined in text


@pytest.mark.parametrize(
    ("number", "start", "end"), [("103", 3, 4), ("105", 4, 5), ("303", 7, 8), ("604", 13, 13)]
)
def test_a_section_cites_the_printed_numbers_of_its_small_pages(doc, number, start, end) -> None:
    section = sections_by_ref(doc)[number]
    assert (section.page_start, section.page_end) == (start, end)


@pytest.mark.parametrize(
    "furniture",
    [
        pytest.param(".indd", id="printers-file-name"),
        pytest.param("Sheet", id="sheet-note"),
        pytest.param("3/14/2024", id="sheet-note-date"),
        pytest.param("Pocket Edition", id="page-foot"),
        pytest.param("QUARRYSTONE COUNTY SSTS ORDINANCE", id="running-head-title"),
        pytest.param("§ 30", id="running-head-section-range"),
        pytest.param("....", id="contents-dot-leaders"),
        pytest.param("Keywords", id="index"),
        pytest.param("LEGISLATIVE HISTORY", id="legislative-history"),
        pytest.param("Office hours", id="back-cover"),
        pytest.param("POCKET EDITION", id="front-cover"),
    ],
)
def test_no_sheet_or_page_furniture_stays_in_a_section(doc, furniture) -> None:
    for s in doc.sections:
        if s.kind == "section":
            assert furniture not in s.text, (s.section, furniture)
            assert not any(furniture in n for n in s.notes), (s.section, furniture)


def test_no_page_number_stays_in_a_section(doc) -> None:
    for s in doc.sections:
        if s.kind == "section":
            assert not any(line.strip().isdigit() for line in s.text.split("\n")), s.section


def test_covers_and_contents_lead_and_the_index_history_and_back_cover_follow(doc) -> None:
    first, last = doc.sections[0], doc.sections[-1]
    assert first.kind == "preamble" and "POCKET EDITION" in first.text
    assert last.kind == "appendix"
    assert last.text.index("INDEX") < last.text.index("LEGISLATIVE HISTORY")
    assert last.text.index("LEGISLATIVE HISTORY") < last.text.index("Office hours")


@pytest.mark.parametrize(
    "row",
    [
        "Water supply well               50              100",
        "Property line                   10               10",
        "Building                        10               20",
        pytest.param("Water pipe under pressure       10               50", id="on-the-next-page"),
        pytest.param("Lake, river or stream           75              150", id="last-row"),
    ],
)
def test_the_setback_tables_rows_are_kept_across_the_page_break(doc, row) -> None:
    lines = sections_by_ref(doc)["303"].text.split("\n")
    assert row in lines


@pytest.mark.parametrize(
    ("rule", "inputs", "value"),
    [
        pytest.param("tank.table.302", {"bedrooms": 3}, 1250.0, id="tank-row"),
        pytest.param("tank.table.302", {"bedrooms": 6}, 2100.0, id="tank-last-row"),
        pytest.param("setback.table.303", {"feature": "well", "component": "tank"}, 50.0,
                     id="setback-well-tank"),
        pytest.param("setback.table.303",
                     {"feature": "water", "component": "soil_treatment_area"}, 150.0,
                     id="setback-row-on-the-next-page"),
    ],
)  # fmt: skip
def test_each_table_is_read_as_a_rule(doc, rule, inputs, value) -> None:
    assert run_extracted(list(doc.rules), rule, **inputs).value == value


@pytest.mark.parametrize(("rule", "unit"), [("tank.table.302", "gal"), ("setback.table.303", "ft")])
def test_a_tables_unit_comes_from_its_caption(doc, rule, unit) -> None:
    (found,) = [r for r in doc.rules if r.id == rule]
    assert found.unit == unit


def test_the_pumping_interval_is_read_as_a_rule(doc) -> None:
    due = run_extracted(list(doc.rules), "pumping.date.501", last_pumping_date=date(2024, 5, 1))
    assert due.value_text == "2027-05-01"


@pytest.mark.parametrize(
    ("number", "note"),
    [
        ("104", "[Amended by Ord. 2022-04]"),
        ("302", "[Amended by Ord. 2019-11; Ord. 2022-04]"),
        pytest.param("303", "[Amended by Ord. 2024-02]", id="303-atop-the-next-page"),
        ("404", "[Added by Ord. 2024-02]"),
    ],
)
def test_a_bracketed_amendment_note_is_the_sections_note(doc, number, note) -> None:
    section = sections_by_ref(doc)[number]
    assert section.notes == [note]
    assert "Ord." not in section.text


@pytest.mark.parametrize(
    ("number", "joined"),
    [("102", "by regulating the siting"), ("203", "a site evaluation"), ("601", "a misdemeanor")],
)
def test_a_word_hyphenated_at_a_line_end_is_joined(doc, number, joined) -> None:
    assert joined in _text(doc, number)


def test_the_loader_gives_each_small_page_in_printed_order() -> None:
    source = load_source(FORMATS / "imposed_booklet_county.pdf")
    assert source.page_starts is not None and len(source.page_starts) == 16
    pages = source.text.split("\f")[:16]
    assert "POCKET EDITION" in pages[0] and "Office hours" in pages[15]
    assert [p.strip().split("\n")[-1] for p in pages[1:15]] == [str(n) for n in range(2, 16)]


@pytest.mark.parametrize("pdf", ["imposed_booklet_county.pdf", "imposed_booklet_county_turned.pdf"])
def test_the_printers_notes_along_the_sheets_feet_are_left_out_of_the_loaded_text(pdf) -> None:
    text = load_source(FORMATS / pdf).text
    assert "Pocket Edition" in text  # a small page's own foot stays, for the parser to drop
    assert ".indd" not in text and "Sheet" not in text and "2:07 PM" not in text


def _fixture_pdfs() -> list[Path]:
    return sorted(p for p in FORMATS.glob("*.pdf") if not p.name.startswith("imposed_booklet"))


@pytest.mark.parametrize("pdf", _fixture_pdfs(), ids=lambda p: p.stem)
def test_no_other_fixture_pdf_is_read_as_an_imposed_booklet(pdf: Path) -> None:
    from pypdf import PdfReader

    drawings = [_drawing(page)[1] or PageDrawing([], 0.0, 0.0) for page in PdfReader(pdf).pages]
    assert booklet_pages(drawings) is None


# --- the rules, each on made-up sheets (letter landscape, in points) ---

W, H = 792.0, 612.0
NOTE = Piece("\nbooklet.indd   Sheet 1   5/1/2024", 14.0, 12.0, 6.0)


def _cell(page: int | str, col: int, row: int, rows: int = 2, turned: bool = False) -> list[Piece]:
    """Small page `page` in its cell: a head, three lines of text and its number at its foot (a
    page named, not numbered, has none), drawn upside down if `turned`."""
    top, tall = H - row * H / rows, H / rows
    x0 = col * W / 2 + 40
    lines = [
        f"HEAD {page}",
        f"Section {page}01. Title.",
        f"Text of page {page} begins",
        "and ends.",
    ]
    pieces = [Piece(("\n" if k else "") + t, x0, top - 30 - 12 * k, 9) for k, t in enumerate(lines)]
    if isinstance(page, int):
        pieces.append(Piece(f"\n{page}", x0 + (300 if page % 2 else 0), top - tall + 22, 7))
    if turned:
        cx, cy = col * W / 2 + W / 4, top - tall / 2
        pieces = [Piece(p.text, 2 * cx - p.x, 2 * cy - p.y, p.size, True) for p in pieces]
    return pieces


def _sheet(*rows: tuple[int | str, ...], note: bool = True, turned: bool = False) -> PageDrawing:
    """A sheet's side: its rows of small pages (their numbers, or the names of unnumbered ones),
    left to right, the top row drawn upside down if `turned`; its printer's note along its
    foot."""
    pieces = [
        p
        for r, row in enumerate(rows)
        for c, page in enumerate(row)
        for p in _cell(page, c, r, len(rows), turned and r == 0 and len(rows) == 2)
    ]
    return PageDrawing([*pieces, *([NOTE] if note else [])], 0.0, W, H)


def _heads(pages: list[str] | None) -> list[str]:
    assert pages is not None
    return [p.split("\n")[0] for p in pages]


def test_a_two_up_saddle_stitched_booklet_reads_in_page_order() -> None:
    pages = booklet_pages([_sheet((4, 1)), _sheet((2, 3))])
    assert _heads(pages) == ["HEAD 1", "HEAD 2", "HEAD 3", "HEAD 4"]
    assert pages is not None and pages[0].split("\n")[1:] == [
        "Section 101. Title.",
        "Text of page 1 begins",
        "and ends.",
        "1",
    ]


def test_four_small_pages_to_a_side_read_in_page_order_without_the_sheets_note() -> None:
    pages = booklet_pages([_sheet((8, 1), (6, 3)), _sheet((2, 7), (4, 5))])
    assert _heads(pages) == [f"HEAD {n}" for n in range(1, 9)]
    assert pages is not None and not any(".indd" in p or "Sheet" in p for p in pages)


def test_unnumbered_covers_take_their_places_from_the_backs_of_their_leaves() -> None:
    pages = booklet_pages([_sheet(("back", "front"), (6, 3)), _sheet((2, 7), (4, 5))])
    assert _heads(pages) == ["HEAD front", *(f"HEAD {n}" for n in range(2, 8)), "HEAD back"]
    assert pages is not None and pages[0].split("\n")[-1] == "and ends."


def test_an_unnumbered_page_takes_its_number_from_the_other_side_of_its_leaf() -> None:
    pages = booklet_pages([_sheet((4, 1)), _sheet(("blank", 3))])
    assert _heads(pages) == ["HEAD 1", "HEAD blank", "HEAD 3", "HEAD 4"]


def test_an_unnumbered_page_without_a_back_follows_the_page_drawn_before_it() -> None:
    pages = booklet_pages([_sheet((4, 1)), _sheet((2, 3)), _sheet(("insert", 5))])
    assert _heads(pages) == ["HEAD 1", "HEAD 2", "HEAD 3", "HEAD insert", "HEAD 4", "HEAD 5"]


def test_a_row_of_small_pages_printed_upside_down_reads_turned_back() -> None:
    pages = booklet_pages(
        [_sheet((5, 4), (8, 1), turned=True), _sheet((3, 6), (2, 7), turned=True)]
    )
    assert _heads(pages) == [f"HEAD {n}" for n in range(1, 9)]
    assert pages is not None and pages[4].split("\n")[1:3] == [
        "Section 501. Title.",
        "Text of page 5 begins",
    ]


def _tight(sheet: PageDrawing) -> PageDrawing:
    """The sheet with its small pages' margins narrowed: each row's pieces moved towards the
    sheet's middle, so that the top row's page numbers and the bottom row's heads stand 10
    points from it, nearer than `GUTTER` of the sheet's height but more than their size."""
    top = [p.y for p in sheet.pieces if p.y > H / 2 and p is not NOTE]
    low = [p.y for p in sheet.pieces if p.y < H / 2 and p is not NOTE]
    up, down = H / 2 + 10 - min(top), H / 2 - 10 - max(low)
    moved = [
        p if p is NOTE else replace(p, y=p.y + (up if p.y > H / 2 else down)) for p in sheet.pieces
    ]
    return PageDrawing(moved, 0.0, W, H)


def test_small_pages_with_narrow_margins_still_stack_four_to_a_side() -> None:
    pages = booklet_pages([_tight(_sheet((8, 1), (6, 3))), _tight(_sheet((2, 7), (4, 5)))])
    assert _heads(pages) == [f"HEAD {n}" for n in range(1, 9)]


def test_a_dot_leader_reaching_towards_the_middle_is_not_text_across_it() -> None:
    leader = Piece("\n101  Title " + ". " * 50 + "5", 40.0, 250.0, 9)  # ends about x 340
    front = _sheet((4, 1))
    pages = booklet_pages([PageDrawing([*front.pieces, leader], 0.0, W, H), _sheet((2, 3))])
    assert _heads(pages) == ["HEAD 1", "HEAD 2", "HEAD 3", "HEAD 4"]


@pytest.mark.parametrize(
    ("sheets", "heads"),
    [
        pytest.param([_sheet((4, 1)), PageDrawing(_cell(3, 1, 0, 1), 0.0, W, H)], [1, 3, 4],
                     id="two-up-page-2-blank"),
        pytest.param([_sheet((8, 1), (6, 3)), PageDrawing([*_cell(2, 0, 0), *_cell(7, 1, 0)],
                     0.0, W, H)], [1, 2, 3, 6, 7, 8], id="four-up-pages-4-and-5-blank"),
    ],
)  # fmt: skip
def test_a_blank_small_page_leaves_its_place_empty(sheets, heads) -> None:
    assert _heads(booklet_pages(sheets)) == [f"HEAD {n}" for n in heads]


def _plain_page(number: int) -> PageDrawing:
    """A page of one column of text across it, its number centred at its foot."""
    lines = [f"Line {k} of a page of text that runs across the whole page width." for k in range(9)]
    pieces = [Piece(("\n" if k else "") + t, 72.0, 700 - 14 * k, 10) for k, t in enumerate(lines)]
    return PageDrawing([*pieces, Piece(f"\n{number}", 300.0, 40.0, 9)], 0.0, 612.0, 792.0)


def _across_the_middle() -> PageDrawing:
    sheet = _sheet((4, 1))
    line = "A line of the left page that runs on over the gutter into the right page, as lines do"
    wide = Piece(f"\n{line} across a page of one column", 40, 300, 9)
    return PageDrawing([*sheet.pieces, wide], 0.0, W, H)


@pytest.mark.parametrize(
    "sheets",
    [
        pytest.param([_sheet((1, 2)), _sheet((3, 4))], id="two-up-in-reading-order"),
        pytest.param([_sheet((1, 2), (3, 4), note=False)], id="four-up-in-reading-order"),
        pytest.param([_plain_page(k) for k in (1, 2, 3)], id="pages-of-one-column"),
        pytest.param([_sheet((4, 1)), _sheet((1, 3))], id="a-number-printed-twice"),
        pytest.param([_sheet((40, 1)), _sheet((2, 3))], id="numbers-too-far-apart"),
        pytest.param(
            [_sheet(("a", 1)), _sheet((2, "b")), _sheet((6, "c")), _sheet(("d", 5))],
            id="too-few-numbered",
        ),
        pytest.param([_across_the_middle(), _sheet((2, 3))], id="text-across-the-middle"),
        pytest.param([_sheet((4, 1)), _sheet((2, 3)), _plain_page(5)], id="a-page-not-divided"),
        pytest.param([_sheet((4, 1)), _sheet((2, 3), (6, 5))], id="sheets-of-two-grids"),
    ],
)
def test_documents_that_are_no_imposed_booklet_are_left_as_extracted(sheets) -> None:
    assert booklet_pages(sheets) is None
