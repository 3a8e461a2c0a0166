"""A county code chapter as a landscape PDF in two columns whose sections open with their number
and a title in small capitals run in to the first paragraph ('14.11  SEPTIC TANK CAPACITY.
(a) Every septic tank ...'), under shaded part banners, after a list of its sections, with
running heads naming the page's sections, 'Supp. No. 4' footers, history and editor's notes, two
fixed-width tables whose units are only in their captions and an ordinance disposition table at
the end. Drawn row by row across the columns, a plain text extraction interleaves them; drawn
column by column, it does not: both read the same."""

from __future__ import annotations

import pytest
from helpers import FORMATS, expected_sections, parse_fixture, run_extracted, sections_by_ref

from ingest.columns import PageDrawing, Piece, reading_order
from ingest.furniture import furniture_indices
from ingest.grammar import detect
from ingest.matter import back_matter_start
from ingest.records import ParsedDocument

ROWS = FORMATS / "manifest-landscape-runin-county.yaml"  # drawn row by row, latin-1 dashes
COLUMNS = FORMATS / "manifest-landscape-runin-county-b.yaml"  # column by column, real dashes
DRAWINGS = [
    pytest.param(ROWS, id="drawn-row-by-row-across-the-columns"),
    pytest.param(COLUMNS, id="drawn-column-by-column"),
]


@pytest.fixture(scope="module", params=DRAWINGS)
def doc(request: pytest.FixtureRequest) -> ParsedDocument:
    return parse_fixture(request.param)


def test_every_section_is_found_in_order_with_its_run_in_title(doc) -> None:
    got = [(s.section, s.title.casefold()) for s in doc.sections if s.kind == "section"]
    want = [(n, t.casefold()) for n, t in expected_sections("landscape_runin_county")]
    assert got == want


@pytest.mark.parametrize(
    ("number", "opening"),
    [
        pytest.param("14.02", "The purpose of this chapter is to protect", id="small-caps"),
        pytest.param("14.06", "(a) No person shall install", id="small-caps-then-an-item"),
        pytest.param("14.10", "No property served by a system", id="small-caps-filling-its-line"),
        pytest.param("14.12", "Every septic tank and soil treatment area", id="all-caps-smaller"),
        pytest.param("14.18", "(a) A system that fails to protect", id="all-caps-wrapped-title"),
    ],
)
def test_the_text_after_a_run_in_title_is_the_sections_body(doc, number, opening) -> None:
    section = sections_by_ref(doc)[number]
    assert section.text.startswith(opening)


@pytest.mark.parametrize(
    "furniture",
    [
        pytest.param("LARCHMERE COUNTY CODE", id="running-head-of-even-pages"),
        pytest.param("§ 14.05", id="running-head-section-span"),
        pytest.param("§ 14.18", id="running-head-section-span-last-page"),
        pytest.param("CHAPTER 14", id="running-head-of-odd-pages"),
        pytest.param("Supp. No.", id="footer-supplement-mark"),
        pytest.param("PART ", id="part-banner"),
        pytest.param("PERMITS AND INSPECTIONS", id="part-banner-title"),
        pytest.param("Permits and Inspections", id="section-list-part-name"),
        pytest.param("Sections:", id="section-list"),
        pytest.param("14.07 Permit application", id="section-list-entry"),
        pytest.param("DISPOSITION", id="disposition-table"),
        pytest.param("Chapter adopted", id="disposition-table-row"),
    ],
)
def test_no_page_furniture_banner_or_list_stays_in_a_section(doc, furniture) -> None:
    for s in doc.sections:
        if s.kind == "section":
            assert furniture not in s.text, (s.section, furniture)
            assert not any(furniture in note for note in s.notes), (s.section, furniture)


def test_the_section_list_and_the_disposition_table_stay_out_of_the_sections(doc) -> None:
    kinds = [s.kind for s in doc.sections]
    assert kinds[0] == "preamble" and "14.07 Permit application" in doc.sections[0].text
    assert kinds[-1] == "appendix" and "DISPOSITION TABLE" in doc.sections[-1].text


@pytest.mark.parametrize(
    ("number", "sentence"),
    [
        pytest.param(
            "14.02",
            "to protect the public health, safety and general welfare of the people",
            id="left-column-to-right-column",
        ),
        pytest.param(
            "14.05",
            "discharges sewage to the ground surface, to surface water or into a building",
            id="across-a-page",
        ),
        pytest.param(
            "14.18",
            "within the time it allows, the Department may have the work done",
            id="across-a-page-from-the-right-column",
        ),
        pytest.param("14.03", "as those are certified each year", id="hyphenated-at-a-line-end"),
        pytest.param(
            "14.19", "would cause a practical difficulty", id="hyphenated-in-the-right-column"
        ),
    ],
)
def test_a_sentence_reads_whole_across_columns_and_pages(doc, number, sentence) -> None:
    text = " ".join(sections_by_ref(doc)[number].text.split())
    assert sentence in text


@pytest.mark.parametrize(
    ("number", "note"),
    [
        pytest.param("14.01", "(Ord. 2009-02, § 1, 3-17-2009)", id="history-note"),
        pytest.param(
            "14.12",
            "(Ord. 2009-02, § 3, 3-17-2009; Ord. 2019-11, § 1, 10-1-2019)",
            id="history-note-after-a-table",
        ),
        pytest.param("14.05", "Editor's note", id="editors-note"),
        pytest.param("14.04", "Cross reference", id="cross-reference"),
        pytest.param("14.19", "Cross reference", id="cross-reference-naming-a-section"),
    ],
)
def test_history_and_editors_notes_are_notes_not_text(doc, number, note) -> None:
    section = sections_by_ref(doc)[number]
    assert any(n.startswith(note) for n in section.notes), section.notes
    assert note not in section.text


@pytest.mark.parametrize(
    ("rule", "inputs", "value"),
    [
        pytest.param("tank.table.14.11", {"bedrooms": 4}, 1250.0, id="tank-table-row"),
        pytest.param("tank.table.14.11", {"bedrooms": 2}, 1000.0, id="tank-table-first-row"),
        pytest.param("tank.table.14.11", {"bedrooms": 8}, 2250.0, id="tank-table-and-step"),
        pytest.param("setback.table.14.12", {"feature": "well", "component": "tank"}, 50.0,
                     id="setback-unit-in-the-caption"),
        pytest.param("setback.table.14.12",
                     {"feature": "pipe", "component": "soil_treatment_area"}, 50.0,
                     id="setback-second-column"),
        pytest.param("setback.table.14.12",
                     {"feature": "water", "component": "soil_treatment_area"}, 150.0,
                     id="setback-last-row"),
    ],
)  # fmt: skip
def test_each_table_is_read_as_a_rule(doc, rule, inputs, value) -> None:
    assert run_extracted(list(doc.rules), rule, **inputs).value == value


def test_the_setback_tables_unit_comes_from_its_caption(doc) -> None:
    (setbacks,) = [r for r in doc.rules if r.id == "setback.table.14.12"]
    assert setbacks.unit == "ft"


# --- the steps, each on a made-up page ---

WIDTH = 792.0  # landscape letter, in points
LEFT_X, RIGHT_X = 48.0, 412.0
LEFT = [
    "14.03  JURISDICTION. This chapter applies in every part of the county except",
    "within the corporate limits of a city or the boundaries of a township that",
    "administers its own ordinance at least as strict as this chapter, as those are",
    "certified each year to the county by the Department of Environmental Services.",
    "14.04  ADOPTION OF STATE RULES. Minnesota Rules, chapters 7080 through 7083,",
    "as amended, are adopted by reference and made a part of this chapter as if",
]
RIGHT = [
    "fully set forth in it. Where this chapter and the state rules differ, the more",
    "restrictive applies.",
    "14.05  DEFINITIONS. For the purposes of this chapter the following words have",
    "the meanings given them in this section, unless the context clearly requires",
    "otherwise. Bedroom. A room that is or may be used for sleeping, including a den",
    "or an office with a closet or an egress window, as the building code defines it.",
]


def _row(y: float, left: str | None, right: str | None) -> list[Piece]:
    out = [Piece(left, LEFT_X, y, 10)] if left else []
    return out + ([Piece(f" {right}", RIGHT_X, y, 10)] if right else [])


def _page(*, across: bool = True, banner: str = "", head: str = "") -> PageDrawing:
    """Two columns of six lines; with `banner` a title centred across the page between their
    first three lines and the rest; with `head` a running head well above them."""
    pieces: list[Piece] = [Piece(head, LEFT_X, 580, 8)] if head else []
    ys = [540 - 14 * k for k in range(6)]
    if banner:
        ys = ys[:3] + [y - 28 for y in ys[3:]]
        pieces.append(Piece(f"\n{banner}", 396 - 3 * len(banner), ys[2] - 14, 12))
    if across:
        for y, a, b in zip(ys, LEFT, RIGHT, strict=True):
            pieces += _row(y, a, b)
    else:
        pieces += [p for y, a in zip(ys, LEFT, strict=True) for p in _row(y, a, None)]
        pieces += [p for y, b in zip(ys, RIGHT, strict=True) for p in _row(y, None, b)]
    return PageDrawing(pieces, 0.0, WIDTH)


def test_two_columns_drawn_across_the_page_read_left_column_then_right() -> None:
    (text,) = reading_order([_page(head="LARCHMERE COUNTY CODE      § 14.03 - § 14.05")])
    assert text is not None
    assert text.split("\n") == ["LARCHMERE COUNTY CODE      § 14.03 - § 14.05", *LEFT, *RIGHT]


def test_a_title_across_both_columns_parts_them_above_and_below_it() -> None:
    (text,) = reading_order([_page(banner="PART 2 -- PERMITS AND INSPECTIONS")])
    assert text is not None
    assert text.split("\n") == [
        *LEFT[:3], *RIGHT[:3], "PART 2 -- PERMITS AND INSPECTIONS", *LEFT[3:], *RIGHT[3:],
    ]  # fmt: skip


def _rows_of(left: str, right: str) -> PageDrawing:
    """Ten rows of `left` beside `right` ('{k}' in `left` numbers them)."""
    rows = [_row(540 - 14 * k, left.format(k=k), right) for k in range(10)]
    return PageDrawing([p for row in rows for p in row], 0.0, WIDTH)


def _indented_table_page() -> PageDrawing:
    """A left column of twelve lines drawn first, then a right column of a table indented in it
    (its rows beside the left column's first six lines) over six lines of text word by word,
    on baselines of their own."""
    ys = [540 - 13 * k for k in range(12)]
    pieces = [Piece(LEFT[k % 6], LEFT_X, y, 10) for k, y in enumerate(ys)]
    table = [f"Feature number {k}                      {10 + k}        {20 + k}" for k in range(6)]
    pieces += [Piece(f"\n{t}", RIGHT_X + 6, y + 1, 10) for t, y in zip(table, ys, strict=False)]
    for k, y in enumerate(ys[6:]):
        words = [f"({'bcdefg'[k]})", *RIGHT[k].split()]
        x = RIGHT_X
        for w in words:
            pieces.append(Piece(f" {w}", x, y - 6, 10))
            x += 6 * len(w) + 4
    return PageDrawing(pieces, 0.0, WIDTH)


@pytest.mark.parametrize(
    "page",
    [
        pytest.param(_page(across=False), id="columns-drawn-one-after-the-other"),
        pytest.param(_indented_table_page(), id="columns-drawn-in-turn-a-table-indented-in-one"),
        pytest.param(_rows_of("34.{k:02}", "Title of the section."), id="numbers-beside-titles"),
        pytest.param(_rows_of("Water supply well", "50"), id="a-table-of-labels-and-figures"),
        pytest.param(
            PageDrawing([Piece(t, LEFT_X, 540 - 14 * k, 10) for k, t in enumerate(LEFT)], 0, WIDTH),
            id="one-column",
        ),
    ],
)
def test_a_page_that_is_not_two_columns_drawn_across_is_left_as_extracted(page) -> None:
    assert reading_order([page]) == [None]


class _Line:
    def __init__(self, text: str, page: int) -> None:
        self.text, self.pdf_page = text, page


def _heads(first: list[str]) -> list[_Line]:
    """Three pages, each opening with its line of `first` and holding two lines of text."""
    lines: list[_Line] = []
    for page, head in enumerate(first):
        lines.append(_Line(head, page))
        lines += [_Line(f"The owner of a system on page {page} shall keep it in good repair", page)]
        lines += [_Line("and shall have its tank pumped when the solids fill a third of it", page)]
    return lines


@pytest.mark.parametrize(
    ("first", "dropped"),
    [
        pytest.param(["Preamble", "§ 14.05 – § 14.11  COUNTY CODE", "§ 14.18  COUNTY CODE"],
                     {3, 6}, id="a-span-of-sections-and-one-section"),
        pytest.param(["Preamble", "CHAPTER 14 — SSTS      14.11", "CHAPTER 14 — SSTS"],
                     {3, 6}, id="chapter-head-with-and-without-a-section"),
        pytest.param(["Preamble", "PART 2 — PERMITS", "PART 3 — DESIGN"], set(),
                     id="parts-opening-pages"),
        pytest.param(["Preamble", "TANK CAPACITY", "TANK CAPACITY"], set(),
                     id="a-title-without-a-number"),
    ],
)  # fmt: skip
def test_running_heads_naming_the_pages_sections_are_furniture(first, dropped) -> None:
    assert furniture_indices(_heads(first)) == dropped


def test_an_upper_case_title_wrapped_onto_its_texts_first_line_is_joined() -> None:
    text = (
        "14.17 ABANDONMENT. A system no longer used shall be abandoned within ninety days.\n"
        "14.18 FAILING SYSTEMS AND IMMINENT THREATS TO PUBLIC HEALTH; ORDERS TO\n"
        "CORRECT. (a) A system that fails to protect groundwater shall be upgraded.\n"
        "14.19 VARIANCES. The board may grant a variance where a rule causes difficulty.\n"
    )
    grammar = detect(text)
    assert grammar is not None
    (wrapped,) = [h for h in grammar.headings if h.number == "14.18"]
    assert (
        wrapped.title == "FAILING SYSTEMS AND IMMINENT THREATS TO PUBLIC HEALTH; ORDERS TO CORRECT"
    )
    assert text[wrapped.body :].startswith("(a) A system that fails")


def test_an_ordinance_disposition_table_ends_the_last_section() -> None:
    text = "14.20 VIOLATIONS. A violation is a misdemeanor.\nORDINANCE DISPOSITION TABLE\n2009-02"
    assert back_matter_start(text, 0, len(text)) == text.index("ORDINANCE")
