"""Writes `table_rows_city_c.pdf`: a fictional city code chapter set as a two-column table, like
`table_rows_city.pdf`, whose contents list is set the way some publishers set one: the number
and the title one space apart, then *spaced* dot leaders (`. . . .`) to a chapter page number
(`21-2`). The spaced leaders' first period after the title makes the entry read like a heading
with its title ended by a period ('21.105 Purpose. . . . . 21-2'); the body's rows (the number
alone, the bold title under it in the shaded left cell, the text in the right cell, drawn
cell by cell) repeat every number after it. Running heads and `21-n` footers on every page.
Test data only: run `python tests/data/formats/make_table_rows_city_c_pdf.py` to rebuild it."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF
from fpdf.fonts import FontFace

HERE = Path(__file__).parent
CODE = "WRENFIELD CITY CODE"
CHAPTER = "Ch. 21: Private Sewage Systems"

# (number, title, paragraphs of the right cell)
SECTIONS: list[tuple[str, str, list[str]]] = [
    ("21.105", "Purpose", [
        "(a) This chapter protects the public health and the ground and surface waters of the "
        "city by setting standards for private sewage systems.",
        "(Ord. 311, § 1, 5-2-2017)",
    ]),
    ("21.110", "Permit required; exemptions", [
        "(a) No person shall install, alter, repair or extend a system without a permit issued "
        "by the building official.",
        "(b) No permit is needed to pump a tank or to replace a cover or a baffle.",
        "(Ord. 311, § 1, 5-2-2017)",
    ]),
    ("21.115", "Septic tank capacity", [
        "(a) A septic tank serving a dwelling of three bedrooms or fewer shall hold at least "
        "1,000 gallons; each bedroom over three adds 250 gallons.",
        "(b) A tank serving a dwelling with a garbage disposal shall be half again as large.",
        "(Ord. 311, § 1, 5-2-2017; Ord. 340, § 2, 8-9-2021)",
    ]),
    ("21.120", "Setbacks", [
        "(a) Every tank and soil treatment area shall be at least 50 feet from a private well, "
        "75 feet from the ordinary high water level of a lake and 10 feet from a lot line.",
        "(Ord. 311, § 1, 5-2-2017)",
    ]),
    ("21.125", "Pumping and maintenance", [
        "(a) The owner shall have every septic tank pumped by a licensed maintenance business "
        "at least once every three years, or sooner when the sludge and scum fill one third "
        "of the tank.",
        "(b) The business shall report each pumping to the building official within 30 days.",
        "(Ord. 340, § 2, 8-9-2021)",
    ]),
    ("21.130", "Violations; penalties", [
        "(a) A person who violates this chapter is guilty of a misdemeanor. Each day a "
        "violation continues is a separate offense.",
        "(Ord. 311, § 1, 5-2-2017)",
    ]),
]  # fmt: skip


class ChapterPdf(FPDF):
    """The code's name and the chapter head every page; the footer gives the page as `21-n`."""

    def header(self) -> None:
        self.set_font("Helvetica", "", 8)
        self.cell(0, 5, f"{CODE} {CHAPTER}", align="C", new_x="LMARGIN", new_y="NEXT")
        self.ln(3)

    def footer(self) -> None:
        self.set_y(-15)
        self.set_font("Helvetica", "", 8)
        self.cell(0, 5, f"21-{self.page_no()}", align="R")


def _leaders(pdf: FPDF, title: str, width: float) -> str:
    """The title, two spaces and spaced dot leaders filling `width` millimetres."""
    text = f"{title}  "
    while pdf.get_string_width(text + ". ") < width:
        text += ". "
    return text.rstrip()


def _contents(pdf: FPDF) -> None:
    pdf.set_font("Helvetica", "B", 13)
    pdf.multi_cell(0, 7, "CHAPTER 21\nPRIVATE SEWAGE SYSTEMS", align="C", new_x="LMARGIN")
    pdf.ln(3)
    pdf.set_font("Helvetica", "", 9)
    pdf.cell(0, 5, "Sections:", new_x="LMARGIN", new_y="NEXT")
    for i, (number, title, _) in enumerate(SECTIONS):
        pdf.cell(15, 5, number)
        pdf.cell(150, 5, _leaders(pdf, title, 148))
        pdf.cell(0, 5, f"21-{2 + i // 3}", align="R", new_x="LMARGIN", new_y="NEXT")


def _table(pdf: FPDF) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", "", 9)
    shaded = FontFace(emphasis="BOLD", fill_color=(215, 215, 215))
    with pdf.table(
        col_widths=(40, 140),
        headings_style=shaded,
        line_height=4.5,
        text_align=("LEFT", "LEFT"),
        repeat_headings=1,
    ) as table:
        head = table.row()
        head.cell("SECTION")
        head.cell("PROVISIONS")
        for number, title, paragraphs in SECTIONS:
            row = table.row()
            row.cell(f"{number}\n{title}.", style=shaded)
            row.cell("\n".join(paragraphs))


def build(path: Path) -> None:
    pdf = ChapterPdf(format="letter")
    pdf.set_margins(15, 12, 15)
    pdf.set_auto_page_break(True, margin=20)
    pdf.add_page()
    _contents(pdf)
    _table(pdf)
    pdf.output(str(path))


if __name__ == "__main__":
    build(HERE / "table_rows_city_c.pdf")
