"""Writes `table_rows_city_b.pdf`: a fictional city code chapter set as a two-column table, like
`table_rows_city.pdf` but drawn by fpdf2's `FPDF.table()` API on US letter pages in Times. Each
section is one table row: the left cell holds the section number and its bold title (on one line
with the number in some rows, `12.08.040 Tank capacity`; under the number in others; most titles
without a final period), the right cell the section's text, its paragraphs split by blank lines.
The heading row (`Sec. | Regulation`) repeats at the top of every page. The chapter opens with a
contents list without dot leaders (`12.08.010 Purpose 1`); running heads and `12-4` footers.
Test data only: run `python tests/data/formats/make_table_rows_city_b_pdf.py` to rebuild it."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF
from fpdf.fonts import FontFace

HERE = Path(__file__).parent
CODE = "ASHGROVE MUNICIPAL CODE"
CHAPTER = "Chapter 12.08  ON-SITE WASTEWATER DISPOSAL"

# (number, title, number and title on one line, paragraphs of the right cell)
SECTIONS: list[tuple[str, str, bool, list[str]]] = [
    ("12.08.010", "Purpose", True, [
        "This chapter protects the health of the residents of the city and the quality of "
        "its lakes, streams and groundwater by regulating on-site wastewater disposal "
        "systems that serve buildings not connected to the public sewer.",
    ]),
    ("12.08.020", "Words and terms defined", False, [
        "In this chapter:",
        "\"Dwelling unit\" means one or more rooms designed for occupancy by one family.",
        "\"Drainfield\" means the system of trenches or beds that receives the effluent of "
        "a septic tank and disperses it into the soil.",
        "\"Health officer\" means the officer the council appoints to administer this "
        "chapter.",
        "(Ord. 2011-14 § 1)",
    ]),
    ("12.08.030", "Permit for construction or repair", False, [
        "(A) No person shall construct, enlarge, repair or replace an on-site wastewater "
        "disposal system without a permit issued by the health officer.",
        "(B) The permit fee is two hundred dollars ($200) for a new system and seventy-five "
        "dollars ($75) for a repair.",
        "(C) A permit is valid for one (1) year from its date of issue.",
    ]),
    ("12.08.040", "Tank capacity", True, [
        "(A) The liquid capacity of a septic tank serving a dwelling shall be at least the "
        "volume shown below for the number of bedrooms.",
        "Bedrooms   Gallons\n1 or 2     1,000\n3          1,200\n4          1,500\n"
        "Each additional bedroom adds 250",
        "(B) A tank serving any other building shall hold at least one and one-half (1.5) "
        "times the building's daily design flow.",
        "(Ord. 2011-14 § 1; Ord. 2019-02 § 3)",
    ]),
    ("12.08.050", "Location of tanks and drainfields.", False, [
        "Every tank and drainfield shall be located at least the following distances from "
        "the features named:",
        "(1) One hundred (100) feet from a water supply well;",
        "(2) Fifty (50) feet from the ordinary high water mark of a lake or stream;",
        "(3) Ten (10) feet from a lot line or a building foundation.",
    ]),
    ("12.08.060", "Depth to groundwater", False, [
        "The bottom of a drainfield trench shall be at least four (4) feet above the "
        "seasonal high groundwater level or bedrock, as shown by a soil boring made by a "
        "licensed soil tester.",
    ]),
    ("12.08.070", "Inspection before backfill", True, [
        "The installer shall call for an inspection at least forty-eight (48) hours before "
        "a system is covered. A system covered before it is inspected shall be uncovered at "
        "the owner's expense.",
    ]),
    ("12.08.080", "Septic tank pumping and maintenance required", False, [
        "(A) Every septic tank shall be pumped at least once every four (4) years by a "
        "licensed pumper, who shall report the pumping to the health officer.",
        "(B) A tank shall be pumped sooner whenever the sludge and scum together fill one "
        "third of its depth.",
        "(Ord. 2019-02 § 3)",
    ]),
    ("12.08.090", "Abandoned systems", False, [
        "A system that is no longer used shall be pumped and filled with sand or gravel, or "
        "removed, within ninety (90) days after the building is connected to the sewer.",
    ]),
    ("12.08.100", "Penalty", True, [
        "Any person who violates this chapter is guilty of a misdemeanor. Every day of a "
        "violation is a separate offense.",
        "(Ord. 2011-14 § 1)",
    ]),
]  # fmt: skip


class ChapterPdf(FPDF):
    """The code's name heads every page after the first; the footer gives the page as `12-n`."""

    def header(self) -> None:
        if self.page_no() == 1:
            return
        self.set_font("Times", "I", 9)
        self.cell(0, 5, f"{CODE}    {CHAPTER}", align="C", new_x="LMARGIN", new_y="NEXT")
        self.ln(3)

    def footer(self) -> None:
        self.set_y(-15)
        self.set_font("Times", "", 9)
        self.cell(0, 5, f"12-{self.page_no()}", align="C")


def _contents(pdf: FPDF) -> None:
    pdf.set_font("Times", "B", 14)
    pdf.multi_cell(0, 7, CHAPTER, align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    pdf.set_font("Times", "", 10)
    for i, (number, title, _, _) in enumerate(SECTIONS):
        pdf.cell(30, 5, number)
        pdf.cell(130, 5, title.rstrip("."))
        pdf.cell(0, 5, str(2 + i // 4), align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    pdf.set_font("Times", "I", 9)
    pdf.multi_cell(
        0,
        4.5,
        "Prior history: Ord. 1987-3 and Ord. 2002-9. Cross reference: plumbing code, "
        "Chapter 15.12.",
        new_x="LMARGIN",
        new_y="NEXT",
    )


def _table(pdf: FPDF) -> None:
    pdf.add_page()
    pdf.set_font("Times", "", 10)
    heading = FontFace(emphasis="BOLD", fill_color=(200, 200, 200))
    bold = FontFace(emphasis="BOLD")
    with pdf.table(
        col_widths=(45, 145),
        headings_style=heading,
        line_height=5,
        text_align=("LEFT", "LEFT"),
        first_row_as_headings=True,
        repeat_headings=1,
    ) as table:
        head = table.row()
        head.cell("Sec.")
        head.cell("Regulation")
        for number, title, one_line, paragraphs in SECTIONS:
            row = table.row()
            left = f"{number} {title}" if one_line else f"{number}\n{title}"
            row.cell(left, style=bold)
            row.cell("\n\n".join(paragraphs))


def build(path: Path) -> None:
    pdf = ChapterPdf(format="letter")
    pdf.set_margins(13, 15, 13)
    pdf.set_auto_page_break(True, margin=20)
    pdf.add_page()
    _contents(pdf)
    _table(pdf)
    pdf.output(str(path))


if __name__ == "__main__":
    build(HERE / "table_rows_city_b.pdf")
