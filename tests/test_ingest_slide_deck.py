"""A city code chapter laid out as a landscape slide-deck handbook: one numbered section to a
slide ('§ 34.06  Septic Tank Capacity') under a head band, its provisions on the left two
thirds and a ruled side box on the right third with its history note, cross-references and a
practice note; long sections carried over to '(continued)' slides; footers with 'Supp. No. 3'
and the page number; a cover slide, a dotted contents slide and a legislative-history slide;
fixed-width tables whose units are only in their captions; words hyphenated at line ends."""

from __future__ import annotations

from datetime import date

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
from ingest.matter import back_matter_start
from ingest.notes import split_notes
from ingest.records import ParsedDocument
from ingest.slides import side_box_order

MANIFEST = FORMATS / "manifest-slide-deck-city.yaml"


@pytest.fixture(scope="module")
def doc() -> ParsedDocument:
    return parse_fixture(MANIFEST)


def test_every_section_is_found_once_in_order_with_its_slide_title(doc) -> None:
    got = found_sections(doc)
    assert got == expected_sections("slide_deck_city")


@pytest.mark.parametrize(
    ("number", "sentence"),
    [
        pytest.param(
            "34.02",
            "A system of septic tanks, pumps, pipes and soil treatment areas that treats less",
            id="a-paragraph-after-the-slide-break",
        ),
        pytest.param(
            "34.12",
            "availability of a licensed business prevented the work and has applied for the permit",
            id="a-sentence-broken-across-the-slides",
        ),
    ],
)
def test_a_section_carried_over_to_a_continued_slide_reads_whole(doc, number, sentence) -> None:
    section = sections_by_ref(doc)[number]
    assert sentence in " ".join(section.text.split())
    assert "continued" not in section.text and "continued" not in section.title


@pytest.mark.parametrize(
    ("number", "first", "last"),
    [
        pytest.param("34.02", "For the purposes of this chapter", "below the ground surface.",
                     id="definitions-over-two-slides"),
        pytest.param("34.12", "(a) A system that is an imminent threat", "the work requires.",
                     id="failing-systems-over-two-slides"),
    ],
)  # fmt: skip
def test_a_continued_sections_text_runs_from_its_first_slide_to_its_last(
    doc, number, first, last
) -> None:
    text = sections_by_ref(doc)[number].text
    assert text.startswith(first) and text.endswith(last)


@pytest.mark.parametrize(
    ("number", "history"),
    [
        pytest.param("34.01", "History: Ord. 2008-17, § 1, 5-5-2008.", id="one-slide"),
        pytest.param("34.02", "History: Ord. 2008-17, § 1, 5-5-2008; Ord. 2015-04, § 1, 3-2-2015.",
                     id="box-of-the-first-of-two-slides-wrapped"),
        pytest.param("34.06", "History: Ord. 2008-17, § 3, 5-5-2008; Ord. 2021-09, § 1, 7-6-2021.",
                     id="beside-a-table"),
        pytest.param("34.12", "History: Ord. 2008-17, § 5, 5-5-2008; Ord. 2021-09, § 3, 7-6-2021.",
                     id="box-drawn-before-the-text"),
    ],
)  # fmt: skip
def test_the_side_boxs_history_note_is_the_sections_note(doc, number, history) -> None:
    section = sections_by_ref(doc)[number]
    assert history in section.notes
    assert "History" not in section.text and "Ord. 20" not in section.text


@pytest.mark.parametrize(
    ("number", "reference"),
    [
        pytest.param("34.01", "See also: § 34.03 (state rules adopted); Chapter 30, Sanitary "
                     "Sewer Service.", id="wrapped-in-the-box"),
        pytest.param("34.07", "See also: Chapter 40, Shoreland Management.", id="beside-a-table"),
    ],
)  # fmt: skip
def test_the_side_boxs_cross_references_are_notes_not_provisions(doc, number, reference) -> None:
    section = sections_by_ref(doc)[number]
    assert reference in section.notes
    assert "See also" not in section.text


@pytest.mark.parametrize(
    "commentary",
    [
        pytest.param("Practice note", id="label"),
        pytest.param("Installers often quote the state minimum", id="beside-a-table"),
        pytest.param("Count a finished basement room", id="on-a-continued-slide"),
        pytest.param("green card", id="wrapped-in-the-box"),
    ],
)
def test_practice_notes_are_commentary_left_out_of_provisions_and_notes(doc, commentary) -> None:
    for s in doc.sections:
        assert commentary not in s.text, s.section
        assert not any(commentary in n for n in s.notes), s.section


def test_the_left_out_commentary_is_told(doc) -> None:
    assert any("side-box note(s) of commentary" in w for w in doc.warnings), doc.warnings


@pytest.mark.parametrize(
    "furniture",
    [
        pytest.param("CHAPTER 34", id="head-band-chapter"),
        pytest.param("THISTLEDOWN CITY CODE", id="head-band-code"),
        pytest.param("Supp. No.", id="footer-supplement-mark"),
        pytest.param("SSTS Handbook", id="footer-handbook"),
        pytest.param("34-9", id="footer-page-number"),
        pytest.param("Code of Ordinances", id="cover-slide"),
        pytest.param("....", id="contents-dot-leaders"),
        pytest.param("LEGISLATIVE HISTORY", id="legislative-history-slide"),
        pytest.param("Chapter adopted", id="legislative-history-row"),
    ],
)
def test_no_furniture_cover_contents_or_history_slide_stays_in_a_section(doc, furniture) -> None:
    for s in doc.sections:
        if s.kind == "section":
            assert furniture not in s.text, (s.section, furniture)
            assert not any(furniture in n for n in s.notes), (s.section, furniture)


def test_cover_and_contents_are_front_matter_and_the_history_slide_back_matter(doc) -> None:
    kinds = [s.kind for s in doc.sections]
    assert kinds[0] == "preamble" and "Code of Ordinances" in doc.sections[0].text
    assert kinds[-1] == "appendix" and "LEGISLATIVE HISTORY" in doc.sections[-1].text
    assert kinds.count("section") == len(expected_sections("slide_deck_city"))


@pytest.mark.parametrize(
    ("number", "joined"),
    [
        pytest.param("34.01", "by regulating the siting", id="in-the-text"),
        pytest.param("34.07", "measured horizontally", id="before-a-table"),
        pytest.param("34.15", "an administrative penalty of up to $500", id="in-a-list-item"),
    ],
)
def test_a_word_hyphenated_at_a_line_end_is_joined(doc, number, joined) -> None:
    assert joined in " ".join(sections_by_ref(doc)[number].text.split())


@pytest.mark.parametrize(
    ("rule", "inputs", "value"),
    [
        pytest.param("tank.table.34.06", {"bedrooms": 2}, 1000.0, id="tank-first-row"),
        pytest.param("tank.table.34.06", {"bedrooms": 4}, 1500.0, id="tank-row"),
        pytest.param("tank.table.34.06", {"bedrooms": 6}, 2000.0, id="tank-last-row"),
        pytest.param("tank.table.34.06", {"bedrooms": 8}, 2500.0, id="tank-and-step-per-bedroom"),
        pytest.param("setback.table.34.07", {"feature": "well", "component": "tank"}, 50.0,
                     id="setback-well-tank"),
        pytest.param("setback.table.34.07",
                     {"feature": "water_pipe", "component": "soil_treatment_area"}, 50.0,
                     id="setback-second-column"),
        pytest.param("setback.table.34.07",
                     {"feature": "water", "component": "soil_treatment_area"}, 150.0,
                     id="setback-last-row"),
    ],
)  # fmt: skip
def test_each_table_is_read_as_a_rule(doc, rule, inputs, value) -> None:
    assert run_extracted(list(doc.rules), rule, **inputs).value == value


def test_the_pumping_interval_is_read_as_a_rule(doc) -> None:
    due = run_extracted(list(doc.rules), "pumping.date.34.08", last_pumping_date=date(2024, 5, 1))
    assert due.value_text == "2027-05-01"


@pytest.mark.parametrize(
    ("rule", "unit"), [("tank.table.34.06", "gal"), ("setback.table.34.07", "ft")]
)
def test_a_tables_unit_comes_from_its_caption(doc, rule, unit) -> None:
    (found,) = [r for r in doc.rules if r.id == rule]
    assert found.unit == unit


# --- the steps, each on made-up slides ---

WIDE, TALL = 960.0, 540.0  # a 16:9 slide, in points
TEXT_X, BOX_X = 40.0, 660.0
BODY = [
    "(a) The owner of every septic tank shall have it pumped by a licensed",
    "business at least once every three (3) years, or sooner when the solids",
    "and scum fill one-third of its liquid capacity.",
    "(b) The business shall report each pumping within thirty (30) days.",
]
BOX = [
    "History: Ord. 2008-17, § 4,",
    "5-5-2008.",
    "See also: § 34.11 (holding",
    "tanks).",
    "Practice note: Owners may ask",
    "for a reminder letter.",
]


def _slide(
    title: str,
    body: list[str],
    box: list[str],
    *,
    box_first: bool = True,
    box_x: float = BOX_X,
    width: float = WIDE,
    height: float = TALL,
) -> PageDrawing:
    """A slide: a head band, its title, its text at the left and its box at `box_x`, drawn
    box first or text first, and a footer."""
    text = [Piece(t, TEXT_X, 440 - 18 * k, 13) for k, t in enumerate(body)]
    side = [Piece(t, box_x, 440 - 12 * k, 9.5) for k, t in enumerate(box)]
    pieces = [Piece("CHAPTER 34 — SSTS      CITY CODE", TEXT_X, 520, 9)]
    pieces += [Piece(title, TEXT_X, 480, 19)] if title else []
    pieces += side + text if box_first else text + side
    pieces += [Piece("Supp. No. 3      34-11", TEXT_X, 30, 8)]
    return PageDrawing(pieces, 0.0, width, height)


def _deck(*slides: PageDrawing) -> list[str | None]:
    return side_box_order(slides).pages


def test_a_slides_text_is_read_before_its_box_drawn_first() -> None:
    pages = _deck(*[_slide(f"§ 34.0{k}  Pumping", BODY, BOX) for k in (7, 8, 9)])
    assert pages[0] is not None
    lines = pages[0].split("\n")
    assert lines[:2] == ["CHAPTER 34 — SSTS      CITY CODE", "§ 34.07  Pumping."]
    assert lines[2:6] == BODY
    assert lines[6:] == [
        "History: Ord. 2008-17, § 4, 5-5-2008.",
        "See also: § 34.11 (holding tanks).",
        "Supp. No. 3      34-11",
    ]


def test_a_label_on_a_line_of_its_own_is_run_in_to_its_entry() -> None:
    box = ["HISTORY", "Ord. 2008-17, § 4, 5-5-2008.", "SEE ALSO", "§ 34.11 (holding tanks)."]
    pages = _deck(*[_slide(f"§ 34.0{k}  Pumping", BODY, box, box_first=False) for k in (7, 8, 9)])
    assert pages[0] is not None
    assert pages[0].split("\n")[-3:-1] == [
        "HISTORY: Ord. 2008-17, § 4, 5-5-2008.",
        "SEE ALSO: § 34.11 (holding tanks).",
    ]


@pytest.mark.parametrize(
    "title",
    [
        pytest.param("§ 34.07  Pumping (continued)", id="title-continued"),
        pytest.param("§ 34.07 (cont'd)", id="number-contd"),
        pytest.param("§ 34.07  Pumping, continued", id="comma-continued"),
        pytest.param("§ 34.07  Pumping", id="the-same-title-again"),
    ],
)
def test_a_continued_slide_carries_its_section_on_and_its_box_follows(title) -> None:
    more = ["(c) Every tank lid shall be secured against children."]
    first, second, *_ = _deck(
        _slide("§ 34.07  Pumping", BODY, BOX),
        _slide(title, more, ["Practice note: Lids matter.", "Check them.", "Every time."]),
        _slide("§ 34.08  Inspections", BODY, BOX),
    )
    assert first is not None and second is not None
    assert "History" not in first and "§ 34.07  Pumping." in first
    lines = second.split("\n")
    assert lines[1:3] == [*more, "History: Ord. 2008-17, § 4, 5-5-2008."]
    assert not any("34.07" in line for line in lines)


def test_a_continued_slide_without_a_box_carries_its_section_on() -> None:
    more = ["(c) Every tank lid shall be secured against children."]
    pages = _deck(
        _slide("§ 34.07  Pumping", BODY, BOX),
        _slide("§ 34.07  Pumping (continued)", more, []),
        _slide("§ 34.08  Inspections", BODY, BOX),
        _slide("§ 34.09  Abandonment", BODY, BOX),
    )
    assert pages[1] is not None
    assert pages[1].split("\n")[1:3] == [*more, "History: Ord. 2008-17, § 4, 5-5-2008."]


def _table_page() -> PageDrawing:
    """A table's labels and figures drawn row by row across the page, the figures where a
    box would stand."""
    rows = [
        (
            Piece(f"Feature {k}", TEXT_X, 400 - 14 * k, 10),
            Piece(f" {10 * k}", BOX_X, 400 - 14 * k, 10),
        )
        for k in range(6)
    ]
    return PageDrawing([p for row in rows for p in row], 0.0, WIDE, TALL)


@pytest.mark.parametrize(
    "slides",
    [
        pytest.param(
            [_slide(f"§ 34.0{k}  Pumping", BODY, BOX, width=612, height=792) for k in (7, 8, 9)],
            id="portrait-pages-a-margin-of-notes",
        ),
        pytest.param(
            [_slide(f"§ 34.0{k}  Pumping", BODY, BODY, box_x=540) for k in (7, 8, 9)],
            id="two-columns-of-text",
        ),
        pytest.param(
            [_slide(f"§ 34.0{k}  Pumping", BODY, BOX) for k in (7, 8)],
            id="two-slides-too-few",
        ),
        pytest.param([_table_page()] * 3, id="a-table-drawn-row-by-row"),
    ],
)
def test_pages_that_are_no_deck_of_slides_with_side_boxes_are_left_as_extracted(slides) -> None:
    assert _deck(*slides) == [None] * len(slides)


def test_a_see_also_line_is_a_cross_reference_note() -> None:
    text, notes = split_notes("No person shall install a system.\nSee also: § 34.05.")
    assert notes == ["See also: § 34.05."]
    assert "See also" not in text


@pytest.mark.parametrize("title", ["LEGISLATIVE HISTORY", "Legislative History"])
def test_a_legislative_history_ends_the_last_section(title) -> None:
    text = f"34.16 Severability. The rest is not affected.\n{title}\nOrdinance   Adopted"
    assert back_matter_start(text, 0, len(text)) == text.index(title)
