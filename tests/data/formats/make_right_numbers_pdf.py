"""Writes `right_numbers_city.pdf`: a fictional city code chapter as a one-column PDF on half-letter
pages whose section headings give the number last: a bold sentence-case title at the left margin
and `§ 44.12` set flush right on the same line, with no leaders between them. The chapter opens
with a section list set the same way (not bold) and an editor's note; sections have `(A)`, `(1)`
subsections, history notes numbered as footnotes (a raised `1` after the sentence, the note
`1 Ord. 2011-4, passed 3-8-2011` at the foot of the page), a cross-reference note, a Courier
tank-capacity table whose unit is only in its caption and words hyphenated at line ends. Running
heads are mirrored (even pages at left, odd pages at right), footers carry `44-n` at the outer
edge and `Supp. No. 3` at the inner one. The last section is `§ 44.99 Penalty`. Test data only:
run `python tests/data/formats/make_right_numbers_pdf.py` to rebuild it."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF
from pdf_furniture import wrap

HERE = Path(__file__).parent
PAGE_W, PAGE_H = 139.7, 215.9  # half-letter, 5.5 x 8.5 inches
MARGIN = 16.0
TEXT_W = PAGE_W - 2 * MARGIN
LEAD = 5.6
SIZE = 9
FOOTER = 16.0  # the footer's room at the foot of a page
NOTE_H = 3.5  # a footnote's line

# A section: (number, title, blocks); a block: (kind, text). Kinds: "para" (body text; '~' marks
# where a word may break with a hyphen at a line end; a trailing '^' raises the page's next
# footnote number after it), "note" (an italic reference or editor's note), "caption" (a table's
# caption, bold) and "row" (a Courier table row).
SECTIONS: list[tuple[str, str, list[tuple[str, str]]]] = [
    (
        "44.01",
        "Purpose",
        [
            (
                "para",
                "This chapter protects the public health and the ground and surface waters of "
                "the city by regu~lating the siting, design, installation, opera~tion and "
                "maintenance of individual sewage treatment systems.^",
            ),
        ],
    ),
    (
        "44.02",
        "Definitions",
        [
            (
                "para",
                "For the purposes of this chapter the following words have the meanings given "
                "them in this section.",
            ),
            ("para", "Bedroom. A room that is or may be used for sleeping."),
            (
                "para",
                "Holding tank. A watertight tank that stores sewage until it is pumped and "
                "hauled away.",
            ),
            (
                "para",
                "Septic tank. A watertight tank that receives sewage and settles its so~lids "
                "before the effluent flows to a soil treat~ment area.^",
            ),
        ],
    ),
    (
        "44.03",
        "Adoption of state rules",
        [
            (
                "para",
                "Minnesota Rules, chapters 7080 through 7083, as amended, are adopted by "
                "refer~ence and made a part of this chapter. Where this chapter is stricter, "
                "this chapter governs.^",
            ),
            ("note", "Cross reference--Building code, ch. 30; nuisances, ch. 52."),
        ],
    ),
    (
        "44.04",
        "Administration",
        [
            (
                "para",
                "The building official shall administer this chapter, issue permits and inspect "
                "the construction of every system in the city.",
            ),
        ],
    ),
    (
        "44.05",
        "Permit required",
        [
            (
                "para",
                "(A) No person shall install, alter, repair or extend a system without first "
                "ob~taining a permit from the building official.",
            ),
            ("para", "(B) An application for a permit shall include:"),
            ("para", "(1) A site evaluation and design prepared by a licensed designer; and"),
            ("para", "(2) The permit fee set by the city council.^"),
        ],
    ),
    (
        "44.06",
        "Permit expiration",
        [
            (
                "para",
                "A permit expires twelve months after it is issued unless the work it allows "
                "has begun. The building official may extend a permit once for six months upon "
                "written request.^",
            ),
        ],
    ),
    (
        "44.07",
        "Inspections",
        [
            (
                "para",
                "The permit holder shall notify the building official at least two working days "
                "before any part of a system is covered, so that the work may be in~spected.^",
            ),
        ],
    ),
    (
        "44.10",
        "Setbacks",
        [
            (
                "para",
                "Every septic tank shall be set back at least ten feet from a building, fifty "
                "feet from a water supply well and seventy-five feet from the ordi~nary high "
                "water level of a lake or stream.^",
            ),
        ],
    ),
    (
        "44.11",
        "Design flow",
        [
            (
                "para",
                "The design flow of a dwelling is 150 gallons per day for each bedroom, and "
                "never less than 300 gallons per day for a dwell~ing of any size.^",
            ),
        ],
    ),
    (
        "44.12",
        "Septic tank capacity",
        [
            (
                "para",
                "The liquid capacity of a septic tank serving a dwelling shall be at least the "
                "capaci~ty the following table gives for its number of bedrooms.^",
            ),
            ("caption", "Table 44.12 Minimum septic tank capacity (gallons)"),
            ("row", "Bedrooms         Capacity"),
            ("row", "2 or fewer          750"),
            ("row", "3                  1000"),
            ("row", "4                  1250"),
            ("row", "5 or 6             1500"),
            (
                "para",
                "A dwelling with a garbage disposal shall have a tank one and one-half times "
                "the capacity in the table.",
            ),
        ],
    ),
    (
        "44.13",
        "Holding tanks",
        [
            (
                "para",
                "A holding tank may be installed only where no other system can be built on the "
                "lot. Its capacity shall be at least 1000 gallons or the design flow times five, "
                "which~ever is greater, and it shall have a high-level alarm.^",
            ),
        ],
    ),
    (
        "44.14",
        "Maintenance and pumping",
        [
            (
                "para",
                "(A) The owner shall have every septic tank inspected and, where needed, pumped "
                "by a licensed maintenance business at least once every three years.",
            ),
            (
                "para",
                "(B) The business shall file a pumping report with the building official within "
                "thirty days after the work.^",
            ),
        ],
    ),
    (
        "44.15",
        "Compliance inspection at sale",
        [
            (
                "para",
                "No property served by a system shall be sold unless a compliance inspec~tion has "
                "been made within the three years before the sale.^",
            ),
            (
                "note",
                "Editor's note--Former section 44.15, which required annual pumping, was "
                "replaced by Ord. 2019-7.",
            ),
        ],
    ),
    (
        "44.99",
        "Penalty",
        [
            (
                "para",
                "Any person who violates any provision of this chapter is guilty of a "
                "misde~meanor. Each day a violation continues is a separate offense.^",
            ),
        ],
    ),
]
HISTORY = "Ord. 2011-4, passed 3-8-2011"
LATER = {
    "44.05": "; Am. Ord. 2019-7, passed 6-11-2019",
    "44.15": "; Am. Ord. 2019-7, passed 6-11-2019",
}


class ChapterPdf(FPDF):
    """Half-letter pages with mirrored running heads, footnotes at the page foot and footers."""

    def __init__(self) -> None:
        super().__init__(unit="mm", format=(PAGE_W, PAGE_H))
        self.set_margins(MARGIN, 18, MARGIN)
        self.set_auto_page_break(False)
        self.notes: list[tuple[int, str]] = []
        self.count = 0

    def header(self) -> None:
        if self.page_no() == 1:
            return  # the chapter's first page goes without
        self.set_font("Helvetica", size=7)
        self.set_xy(MARGIN, 9)
        even = self.page_no() % 2 == 0
        head = "PENWICK HARBOR - HEALTH AND SANITATION" if even else "SEWAGE TREATMENT SYSTEMS"
        self.cell(TEXT_W, 4, head, align="L" if even else "R")
        self.set_xy(MARGIN, 18)

    def footer(self) -> None:
        self.set_font("Helvetica", size=7)
        y = PAGE_H - FOOTER - NOTE_H * len(self.notes)
        if self.notes:
            self.line(MARGIN, y - 1.5, MARGIN + 30, y - 1.5)
        for number, text in self.notes:
            self.set_xy(MARGIN, y)
            self.cell(TEXT_W, NOTE_H, f"{number} {text}", align="L")
            y += NOTE_H
        self.notes = []
        even = self.page_no() % 2 == 0
        self.set_xy(MARGIN, PAGE_H - 11)
        self.cell(TEXT_W, 4, f"44-{self.page_no()}", align="L" if even else "R")
        self.set_xy(MARGIN, PAGE_H - 11)
        self.cell(TEXT_W, 4, "Supp. No. 3", align="R" if even else "L")

    def room(self, height: float) -> None:
        """A new page unless `height` fits above the footnotes so far and one more."""
        if self.get_y() + height > PAGE_H - FOOTER - NOTE_H * (len(self.notes) + 1) - 3:
            self.add_page()


def _para(pdf: ChapterPdf, number: str, text: str) -> None:
    marked = text.endswith("^")
    pdf.set_font("Helvetica", size=SIZE)
    lines = wrap(pdf, text.rstrip("^"), TEXT_W - 3)
    for k, line in enumerate(lines):
        pdf.room(LEAD)
        pdf.set_x(MARGIN)
        pdf.cell(pdf.get_string_width(line) + 0.5, LEAD, line)
        if marked and k == len(lines) - 1:
            pdf.count += 1
            pdf.set_font("Helvetica", size=5.5)
            x, y = pdf.get_x(), pdf.get_y()
            pdf.set_xy(x, y - 1.0)  # raised like a superscript
            pdf.cell(3, LEAD, str(pdf.count))
            pdf.set_xy(x + 3, y)
            pdf.set_font("Helvetica", size=SIZE)
            pdf.notes.append((pdf.count, HISTORY + LATER.get(number, "")))
        pdf.ln(LEAD)
    pdf.ln(1)


def _heading_line(pdf: FPDF, title: str, number: str, style: str, mark: str = "") -> None:
    """The title at the left margin and the number flush right, on one line; `mark`: a raised
    footnote number after the title (variant B: 'Septic tank capacity.' + raised '7')."""
    pdf.set_font("Helvetica", style, SIZE + (1 if style else 0))
    y = pdf.get_y()
    pdf.set_x(MARGIN)
    pdf.cell(pdf.get_string_width(title) + 0.5, 5, title, align="L")
    if mark:
        pdf.set_font("Helvetica", "", 5.5)
        pdf.set_xy(pdf.get_x(), y - 1.2)  # raised like a superscript
        pdf.cell(3, 5, mark)
        pdf.set_font("Helvetica", style, SIZE + (1 if style else 0))
    pdf.set_xy(MARGIN, y)
    pdf.cell(TEXT_W, 5, f"§ {number}", align="R")
    pdf.ln(5)


def _contents(pdf: ChapterPdf) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 12)
    pdf.cell(TEXT_W, 7, "CHAPTER 44: SEWAGE TREATMENT SYSTEMS", align="C")
    pdf.ln(10)
    pdf.set_font("Helvetica", "B", SIZE)
    pdf.cell(TEXT_W, 5, "Section", align="L")
    pdf.ln(6)
    for number, title, _ in SECTIONS:
        _heading_line(pdf, title, number, "")
    pdf.ln(3)
    pdf.set_font("Helvetica", "I", 8)
    for line in wrap(pdf, "Editor's note--Ord. 2011-4, passed 3-8-2011, repealed former chapter 44 "
                      "and enacted a new chapter 44 as set out herein.", TEXT_W):  # fmt: skip
        pdf.set_x(MARGIN)
        pdf.cell(TEXT_W, 4, line)
        pdf.ln(4)
    pdf.add_page()


def _body(pdf: ChapterPdf, marked_titles: bool = False) -> None:
    for number, title, blocks in SECTIONS:
        pdf.room(5 + 3 * LEAD + (NOTE_H if marked_titles else 0))
        pdf.ln(2)
        if marked_titles:  # the section's history as a footnote called from its title
            pdf.count += 1
            pdf.notes.append((pdf.count, HISTORY + LATER.get(number, "")))
            _heading_line(pdf, f"{title}.", number, "B", str(pdf.count))
        else:
            _heading_line(pdf, title, number, "B")
        pdf.ln(1)
        for kind, text in blocks:
            if kind == "para":
                _para(pdf, number, text)
            elif kind == "note":
                pdf.set_font("Helvetica", "I", 8)
                for line in wrap(pdf, text, TEXT_W):
                    pdf.room(4)
                    pdf.set_x(MARGIN)
                    pdf.cell(TEXT_W, 4, line)
                    pdf.ln(4)
            elif kind == "caption":
                pdf.room(6 * LEAD)
                pdf.set_font("Helvetica", "B", SIZE)
                pdf.set_x(MARGIN)
                pdf.cell(TEXT_W, LEAD, text)
                pdf.ln(LEAD + 1)
            else:
                pdf.set_font("Courier", size=SIZE - 1)
                pdf.set_x(MARGIN + 6)
                pdf.cell(TEXT_W - 6, LEAD, text)
                pdf.ln(LEAD)
                if text.startswith("5"):
                    pdf.ln(1)


def build(path: Path, marked_titles: bool = False) -> None:
    pdf = ChapterPdf()
    _contents(pdf)
    _body(pdf, marked_titles)
    pdf.output(str(path))


if __name__ == "__main__":
    build(HERE / "right_numbers_city.pdf")
    build(HERE / "right_numbers_city_b.pdf", marked_titles=True)  # titles call their footnotes
