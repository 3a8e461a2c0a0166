"""Writes `margin_column_city.pdf`: a fictional city code chapter as a one-column PDF on 6 x 9
inch pages whose section numbers stand in a narrow left margin column, with the bold title wrapped
onto two or three lines below the number (`34.11` / `Septic tank` / `capacity.`), beside the
text. Each section's text runs in the wide right column, its first line level with the number,
and runs on longer than the title, across page breaks for some sections. The first page has a
chapter banner, a `Sections:` contents list (`34.01  Purpose.`) and an editor's note; sections
have `(A)`, `(1)` subsections, italic history notes (`(Ord. 512, passed 3-4-2019)`), editor's
and cross-reference notes, a Courier tank-capacity table whose unit is only in its caption and
words hyphenated at line ends. Running heads alternate (even pages at left, odd pages at
right), and footers carry `34-n` at the outer edge, `Supp. No. 4` at the inner one and a
revision date in the middle.

`margin_column_city_b.pdf` is the same chapter drawn in another order: each section's text
first, then its margin column (number and title) with `set_xy`, so text extraction gives the
margin's lines after the text beside them rather than between its lines.

`margin_column_city_c.pdf` sets the margin as another typesetter might: the number in a larger
Times bold than the Helvetica bold title below it, each section's margin drawn before its text
(so plain text extraction gives the number alone on a line, then the title's lines, then the
text), and the inner margin wider than the outer, mirrored on even and odd pages. A layout
reading counts the number's and the title's widths by its own estimate, so the text beside the
number starts some characters left of the text beside the title.

Test data only: run `python tests/data/formats/make_margin_column_city_pdf.py` to rebuild all
three."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF
from pdf_furniture import wrap

HERE = Path(__file__).parent
PAGE_W, PAGE_H = 152.4, 228.6  # a code book's 6 x 9 inch page
MARGIN = 16.0
MARGIN_W = 25.0  # the margin column, number and title
GAP = 5.0
BODY_X = MARGIN + MARGIN_W + GAP
BODY_W = PAGE_W - MARGIN - BODY_X
TOP, BOTTOM = 22.0, 172.0
LEAD = 4.2
SIZE = 9

# A section: (number, title lines as printed down the margin, blocks); a block: (kind, text).
# Kinds: "para" (body text; '~' marks where a word may break with a hyphen at a line end),
# "note" (an italic history, editor's or cross-reference note), "caption" (a table's caption)
# and "row" (a Courier table row).
SECTIONS: list[tuple[str, list[str], list[tuple[str, str]]]] = [
    (
        "34.01",
        ["Purpose and", "intent."],
        [
            (
                "para",
                "The purpose of this chapter is to protect the public health and the ground and "
                "surface waters of the city by regu~lating the siting, design, installation, "
                "operation and maintenance of individual sewage disposal systems.",
            ),
            ("note", "(Ord. 512, passed 3-4-2019)"),
        ],
    ),
    (
        "34.02",
        ["Definitions."],
        [
            (
                "para",
                "For the purposes of this chapter the following words and terms have the "
                "meanings given them in this section, unless the context clearly requires "
                "otherwise.",
            ),
            ("para", "Bedroom. A room that is or may be used for sleeping."),
            (
                "para",
                "Dwelling. A building or part of a building used as a home by one family, "
                "including a manufactured home set on a perma~nent foundation.",
            ),
            (
                "para",
                "Health officer. The person the city council names to administer and enforce "
                "this chapter, or that person's deputy.",
            ),
            (
                "para",
                "Septic tank. A watertight tank that receives sewage and settles its so~lids "
                "before the effluent flows to a soil absorption field.",
            ),
            (
                "para",
                "Soil absorption field. The trenches or bed of rock and pipe that receive the "
                "effluent of a septic tank and spread it into the soil below.",
            ),
            ("note", "(Ord. 512, passed 3-4-2019)"),
        ],
    ),
    (
        "34.03",
        ["Systems", "required where", "no sewer"],
        [
            (
                "para",
                "Every building used for human occupancy that is not served by the public "
                "sewer shall be served by an individual sewage disposal system built and kept "
                "in accord~ance with this chapter.",
            ),
            ("note", "(Ord. 512, passed 3-4-2019)"),
            ("note", "Cross reference--Public sewer connections, ch. 33."),
        ],
    ),
    (
        "34.04",
        ["Permit", "required."],
        [
            (
                "para",
                "(A) No person shall install, alter, repair or extend an individual sewage "
                "disposal system without first ob~taining a permit from the health officer.",
            ),
            ("para", "(B) An application for a permit shall include:"),
            ("para", "(1) A site plan drawn to scale showing the lot, the building and the well;"),
            ("para", "(2) The results of a percolation test made by a licensed engineer; and"),
            ("para", "(3) The permit fee set by resolution of the city council."),
            ("note", "(Ord. 512, passed 3-4-2019; Am. Ord. 547, passed 8-2-2021)"),
        ],
    ),
    (
        "34.05",
        ["Permit term;", "extension"],
        [
            (
                "para",
                "A permit expires one year after it is issued unless the work it allows has "
                "begun. The health officer may extend a permit once, for not more than six "
                "months, upon written request made before it expires.",
            ),
            ("note", "(Ord. 512, passed 3-4-2019)"),
        ],
    ),
    (
        "34.06",
        ["Inspection", "before cover-", "ing."],
        [
            (
                "para",
                "The permit holder shall notify the health officer at least two working days "
                "before any part of a system is covered, so that the work may be in~spected. "
                "No part of a system shall be covered until it has been inspected and approved.",
            ),
            ("note", "(Ord. 512, passed 3-4-2019)"),
        ],
    ),
    (
        "34.10",
        ["Minimum", "setback", "distances."],
        [
            (
                "para",
                "Every septic tank shall be set back at least ten feet from a building, five "
                "feet from a property line and fifty feet from a water supply well. Every "
                "absorption field shall be set back at least twenty feet from a building, ten "
                "feet from a property line, one hundred feet from a water supply well and "
                "seventy-five feet from the ordi~nary high water mark of a lake or stream.",
            ),
            (
                "para",
                "Where a lot is too small to meet these distances, the health officer may "
                "approve a holding tank set back at least ten feet from a building and fifty "
                "feet from a water supply well.",
            ),
            ("note", "(Ord. 512, passed 3-4-2019; Am. Ord. 547, passed 8-2-2021)"),
        ],
    ),
    (
        "34.11",
        ["Septic tank", "capacity."],
        [
            (
                "para",
                "Every septic tank shall have a liquid capacity of not less than the capacity "
                "the following table gives for the number of bedrooms in the dwelling it "
                "serves.",
            ),
            ("caption", "Table 34.11 Minimum septic tank capacity (gallons)"),
            ("row", "Bedrooms        Capacity"),
            ("row", "2 or fewer         1000"),
            ("row", "3                  1250"),
            ("row", "4                  1500"),
            ("row", "5 or more          2000"),
            (
                "para",
                "A dwelling with a garbage disposal unit shall have a tank of one and one-half "
                "times the capacity the table gives.",
            ),
            ("note", "(Ord. 512, passed 3-4-2019)"),
        ],
    ),
    (
        "34.12",
        ["Absorption", "field sizing"],
        [
            (
                "para",
                "The bottom area of an absorption field shall be sized from the percolation "
                "rate of its soil: at least 150 square feet for each bedroom where the rate is "
                "faster than one inch in ten minutes, and at least 250 square feet for each "
                "bedroom where it is slower. Soil slower than one inch in sixty minutes shall "
                "not receive a conven~tional absorption field.",
            ),
            (
                "para",
                "No absorption field shall be placed in a flood~plain, under a driveway or "
                "parking area, or where the seasonal high water table is less than three feet "
                "below its bottom.",
            ),
            ("note", "(Ord. 512, passed 3-4-2019)"),
        ],
    ),
    (
        "34.13",
        ["Pumping and", "maintenance", "of tanks."],
        [
            (
                "para",
                "(A) The owner shall have every septic tank pumped by a licensed pumper at least "
                "once every three years, or sooner when the solids fill one third of its depth.",
            ),
            (
                "para",
                "(B) The pumper shall file a pumping report with the health officer within "
                "thirty days after the work.",
            ),
            ("note", "(Ord. 547, passed 8-2-2021)"),
            (
                "note",
                "Editor's note--Ord. 547, passed 8-2-2021, replaced former section 34.13, which "
                "required pumping every five years.",
            ),
        ],
    ),
    (
        "34.14",
        ["Abandoned", "systems."],
        [
            (
                "para",
                "When a building is connected to the public sewer, its septic tank shall be "
                "pumped and then filled with sand or gravel or removed within sixty days after "
                "the connection is made.",
            ),
            (
                "para",
                "A system that has not been used for twelve months, or that the health officer "
                "finds cannot be repaired, shall be abandoned in the same manner within ninety "
                "days after written notice to the owner.",
            ),
            ("note", "(Ord. 512, passed 3-4-2019)"),
        ],
    ),
    (
        "34.15",
        ["Holding", "tanks"],
        [
            (
                "para",
                "(A) A holding tank may be installed only where the lot cannot hold a septic "
                "tank and absorption field that meet this chapter, or to serve a building used "
                "for not more than three years.",
            ),
            (
                "para",
                "(B) A holding tank shall have a liquid capacity of at least 1500 gallons, or "
                "five times the design flow of the building, whichever is greater, and shall "
                "have an alarm that sounds when the tank is three-quarters full.",
            ),
            (
                "para",
                "(C) The owner shall keep a contract with a licensed pumper to empty the tank "
                "before it overflows, and shall give a copy of the contract to the health "
                "officer each year.",
            ),
            ("note", "(Ord. 547, passed 8-2-2021)"),
        ],
    ),
    (
        "34.26",
        ["Violations;", "penalty."],
        [
            (
                "para",
                "Any person who violates any provision of this chapter is guilty of a "
                "misde~meanor. Each day a violation continues is a separate offense.",
            ),
            (
                "para",
                "The health officer may also order a system that is an imminent threat to "
                "public health to be pumped, repaired or replaced within ten days, and may have "
                "the work done at the owner's cost when the order is not obeyed.",
            ),
            ("note", "(Ord. 512, passed 3-4-2019)"),
        ],
    ),
]
CHAPTER = "34"
BANNER = "CHAPTER 34: INDIVIDUAL SEWAGE DISPOSAL SYSTEMS"
EDITOR = (
    "Editor's note--Ord. 512, passed 3-4-2019, repealed former chapter 34 and enacted a new "
    "chapter 34 as set out herein."
)


# A margin column's number font: (family, style, size).
NUMBER_FONT = ("Helvetica", "B", SIZE)
NUMBER_FONT_C = ("Times", "B", SIZE + 2)  # variant C: a larger serif number over the title
MIRROR_C = 4.0  # variant C: the inner margin is this much wider than the outer
WORD_SPACING_C = 1.0  # variant C: points added to each space of the line beside the number


class ChapterPdf(FPDF):
    """Pages with alternating running heads and three-part footers; with `mirror`, odd pages
    stand that much further right than even ones (the inner margin wider than the outer)."""

    def __init__(self, mirror: float = 0.0) -> None:
        super().__init__(unit="mm", format=(PAGE_W, PAGE_H))
        self.set_margins(MARGIN, TOP, MARGIN)
        self.set_auto_page_break(False)
        self.mirror = mirror

    def shift(self) -> float:
        """How far right of `MARGIN` the open page's left edge stands."""
        return self.mirror if self.page % 2 == 1 else 0.0

    def header(self) -> None:
        if self.page_no() == 1:
            return  # the chapter's first page goes without
        self.set_font("Helvetica", size=8)
        self.set_xy(MARGIN + self.shift(), 11)
        even = self.page_no() % 2 == 0
        head = "QUILLMOOR CITY CODE" if even else "INDIVIDUAL SEWAGE DISPOSAL SYSTEMS"
        self.cell(PAGE_W - 2 * MARGIN, 4, head, align="L" if even else "R")
        self.set_xy(MARGIN + self.shift(), TOP)

    def footer(self) -> None:
        self.set_font("Helvetica", size=8)
        even = self.page_no() % 2 == 0
        width = PAGE_W - 2 * MARGIN
        self.set_xy(MARGIN + self.shift(), PAGE_H - 14)
        self.cell(width, 4, f"{CHAPTER}-{self.page_no()}", align="L" if even else "R")
        self.set_xy(MARGIN + self.shift(), PAGE_H - 14)
        self.cell(width, 4, "Supp. No. 4", align="R" if even else "L")
        self.set_xy(MARGIN + self.shift(), PAGE_H - 14)
        self.cell(width, 4, "(Rev. 9-2023)", align="C")


# A drawn line: (font family, style, size, x, width, text).
Row = tuple[str, str, float, float, float, str]


def _body_rows(pdf: FPDF, blocks: list[tuple[str, str]]) -> list[Row | None]:
    """The section's text column, one row per line; None is a half-line gap."""
    rows: list[Row | None] = []
    for kind, text in blocks:
        if kind == "para":
            pdf.set_font("Helvetica", size=SIZE)
            indent = 6.0 if text.startswith("(") and text[1].isdigit() else 0.0
            for line in wrap(pdf, text, BODY_W - indent):
                rows.append(("Helvetica", "", SIZE, BODY_X + indent, BODY_W - indent, line))
        elif kind == "note":
            pdf.set_font("Helvetica", "I", SIZE - 1)
            for line in wrap(pdf, text, BODY_W):
                rows.append(("Helvetica", "I", SIZE - 1, BODY_X, BODY_W, line))
        elif kind == "caption":
            rows.append(None)
            rows.append(("Helvetica", "B", SIZE - 1, BODY_X, BODY_W, text))
        else:
            rows.append(("Courier", "", SIZE - 1, BODY_X + 8, BODY_W - 8, text))
            if text.startswith("5"):
                rows.append(None)
    return rows


def _margin_rows(number: str, title: list[str], font: tuple[str, str, float]) -> list[Row]:
    """The margin column: the number (in `font`), then the title's lines below it."""
    rows: list[Row] = [(*font, MARGIN, MARGIN_W, number)]
    rows += [("Helvetica", "B", SIZE - 1, MARGIN, MARGIN_W, t) for t in title]
    return rows


def _draw(pdf: ChapterPdf, row: Row, y: float) -> None:
    family, style, size, x, width, text = row
    pdf.set_font(family, style, size)
    pdf.set_xy(x + pdf.shift(), y)
    pdf.cell(width, LEAD, text)


def _draw_from_edge(pdf: ChapterPdf, row: Row, y: float, after: float) -> None:
    """The row set with `WORD_SPACING_C` in a text object that starts just after the margin's
    number (`after`, mm from the margin's edge) and moves across to the text column, as some
    typesetters set a section's first line: a layout reading counts that move in the line's
    widened spaces, not by where the text stands, so the text comes out some characters left of
    the text beside the title's lines."""
    family, style, size, x, _, text = row
    pdf.set_font(family, style, size)
    k = pdf.k
    word_spacing = WORD_SPACING_C
    left = (MARGIN + pdf.shift() + after) * k
    base = (PAGE_H - y - LEAD / 2 - 0.3 * pdf.font_size) * k
    move = (x - MARGIN - after) * k
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    pdf._out(
        f"BT {word_spacing:.3f} Tw {left:.2f} {base:.2f} Td ( ) Tj {move:.2f} 0 Td "
        f"({escaped}) Tj 0 Tw ET"
    )


def _section(pdf: ChapterPdf, number: str, title: list[str], blocks: list[tuple[str, str]],
             order: str, font: tuple[str, str, float]) -> None:  # fmt: skip
    """One section: the margin column beside the text column, drawn on each page in `order`:
    "lines" (margin, then text on each line), "after" (the text's lines, then the margin) or
    "before" (the margin, then the text's lines, the one beside the number `_draw_from_edge`)."""
    body = _body_rows(pdf, blocks)
    margin = _margin_rows(number, title, font)
    if pdf.get_y() + LEAD * (len(margin) + 1) > BOTTOM:
        pdf.add_page()
    top_page, y0 = pdf.page_no(), pdf.get_y()
    placed: list[tuple[int, float, Row]] = []
    y = y0
    for row in body:
        if y + LEAD > BOTTOM:
            pdf.add_page()
            y = pdf.get_y()
        if row is not None:
            placed.append((pdf.page_no(), y, row))
        y += LEAD if row is not None else LEAD / 2
    end_page = pdf.page_no()
    margin_at = [(top_page, y0 + k * LEAD, m) for k, m in enumerate(margin)]
    # fpdf writes to the page open now; draw a page's rows while it is open, in the chosen order
    for page in range(top_page, end_page + 1):
        pdf.page = page
        text = [(yy, r) for p, yy, r in placed if p == page]
        side = [(yy, r) for p, yy, r in margin_at if p == page]
        if order == "after":
            drawn = text + side
        elif order == "before":
            drawn = side + text
        else:
            drawn = sorted(side + text, key=lambda pr: (round(pr[0], 1), pr[1][3]))
        for yy, r in drawn:
            if order == "before" and page == top_page and yy == y0 and r in body:
                pdf.set_font(*font)
                _draw_from_edge(pdf, r, yy, pdf.get_string_width(number) + 1.0)
            else:
                _draw(pdf, r, yy)
    pdf.page = end_page
    pdf.set_xy(
        MARGIN + pdf.shift(), max(y, margin_at[-1][1] + LEAD if top_page == end_page else y) + LEAD
    )


def _contents(pdf: ChapterPdf) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 13)
    pdf.set_x(MARGIN)
    pdf.cell(PAGE_W - 2 * MARGIN, 7, BANNER, align="C")
    pdf.ln(12)
    pdf.set_font("Helvetica", "B", SIZE)
    pdf.set_x(MARGIN)
    pdf.cell(30, LEAD, "Sections:")
    pdf.ln(LEAD + 1)
    pdf.set_font("Helvetica", size=SIZE)
    for number, title, _ in SECTIONS:
        pdf.set_x(MARGIN + pdf.shift() + 4)
        pdf.cell(18, LEAD, number)
        pdf.cell(100, LEAD, " ".join(title).replace("- ", ""))
        pdf.ln(LEAD)
    pdf.ln(3)
    pdf.set_font("Helvetica", "I", SIZE - 1)
    for line in wrap(pdf, EDITOR, PAGE_W - 2 * MARGIN):
        pdf.set_x(MARGIN + pdf.shift())
        pdf.cell(PAGE_W - 2 * MARGIN, 4.5, line)
        pdf.ln(4.5)
    pdf.ln(6)


def build(path: Path, order: str = "lines", font: tuple[str, str, float] = NUMBER_FONT,
          mirror: float = 0.0) -> None:  # fmt: skip
    pdf = ChapterPdf(mirror)
    _contents(pdf)
    for number, title, blocks in SECTIONS:
        _section(pdf, number, title, blocks, order, font)
    pdf.output(str(path))


if __name__ == "__main__":
    build(HERE / "margin_column_city.pdf")
    build(HERE / "margin_column_city_b.pdf", order="after")  # margin drawn after the text
    build(HERE / "margin_column_city_c.pdf", "before", NUMBER_FONT_C, MIRROR_C)
