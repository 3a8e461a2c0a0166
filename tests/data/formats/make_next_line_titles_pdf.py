"""Writes `next_line_titles_county.pdf`: a fictional county code article as a one-column PDF whose
section headings are `Sec. 12-43.` on a line of their own with the title in capitals on the next
line, `(A)`/`(1)` subsections, a dotted table of contents, running heads, footers with a revision
mark and "Page n of N", a history note after each section and a Courier table. Test data only:
run `python tests/data/formats/make_next_line_titles_pdf.py` to rebuild it."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

HERE = Path(__file__).parent

TOC = [
    ("12-41", "Purpose and authority"),
    ("12-42", "Definitions"),
    ("12-43", "Permit required"),
    ("12-44", "Permit term"),
    ("12-45", "Septic tank capacity"),
    ("12-46", "Setbacks"),
    ("12-47", "Pumping"),
    ("12-48", "Violations; penalty"),
]

BODY: list[tuple[str, str, list[str]]] = [
    (
        "12-41",
        "PURPOSE AND AUTHORITY",
        [
            "(A) This article regulates the siting, design, installation, operation and maintenance "
            "of subsurface sewage treatment systems in the unincorporated area of the county.",
            "(B) The county adopts by reference Minnesota Rules, chapters 7080 through 7083.",
            "(C) The county board adopts this article under Minnesota Statutes § 375.51 Subd. 1 and "
            "chapter 145A. Penalties are set out in Sec. 12-48. Fees for permits, inspections and "
            "licenses under this article are set by resolution of the county board, which may amend "
            "them from time to time.",
            "(Ord. 2016-02, § 1, 4-5-2016)",
        ],
    ),
    (
        "12-42",
        "DEFINITIONS",
        [
            "(A) For the purposes of this article the following words have the meanings given.",
            "(1) Department means the Sumac County Environmental Services Department.",
            "(2) Bedroom means a room that is or may be used for sleeping.",
            "(Ord. 2016-02, § 1, 4-5-2016)",
        ],
    ),
    (
        "12-43",
        "PERMIT REQUIRED",
        [
            "(A) No person shall install, alter, repair or extend a system without first obtaining a "
            "permit from the Department.",
            "(B) A permit is not required for:",
            "(1) Pumping a septic tank by a licensed maintenance business;",
            "(2) Repair or replacement of a pump, float or alarm.",
            "(Ord. 2016-02, § 1, 4-5-2016; Ord. 2021-07, § 3, 8-10-2021)",
            "Cross reference--Building permits, § 6-12.",
        ],
    ),
    (
        "12-44",
        "PERMIT TERM",
        [
            "(A) A permit shall be valid for sixteen (16) months from the date of issuance.",
            "(B) The Department may extend a permit once, for six (6) months, on written request.",
            "(Ord. 2016-02, § 1, 4-5-2016)",
        ],
    ),
    (
        "12-45",
        "SEPTIC TANK CAPACITY",
        [
            "(A) The liquid capacity of a septic tank serving a dwelling shall be at least the "
            "capacity in Table 12-45.",
            "TABLE",
            "(Ord. 2016-02, § 1, 4-5-2016)",
        ],
    ),
    (
        "12-46",
        "SETBACKS",
        [
            "(A) Every part of a system shall be set back from the features below at least the "
            "distance in feet shown.",
            "SETBACKS",
            "(Ord. 2016-02, § 1, 4-5-2016)",
        ],
    ),
    (
        "12-47",
        "PUMPING",
        [
            "(A) Every septic tank shall be pumped at least once every thirty (30) months by a "
            "licensed maintenance business.",
            "(B) The business shall report each pumping to the Department within fifteen (15) days.",
            "(Ord. 2016-02, § 1, 4-5-2016)",
            "Editor's note--Ord. 2021-07 shortened the pumping interval from 36 months.",
        ],
    ),
    (
        "12-48",
        "VIOLATIONS; PENALTY",
        [
            "(A) Any person who violates any provision of this article is guilty of a misdemeanor.",
            "(Ord. 2016-02, § 1, 4-5-2016)",
        ],
    ),
]

TANKS = [
    "Table 12-45.  Minimum Tank Capacity (gallons)",
    "Bedrooms             Capacity",
    "2 or fewer           1,050",
    "3                    1,100",
    "4                    1,450",
    "5                    1,650",
    "Each additional      add 250",
]
SETBACKS = [
    "Feature                    Septic tank     Drainfield",
    "Private water well         55              105",
    "Property line              10              10",
    "Building                   10              20",
]


class _Code(FPDF):
    def header(self) -> None:
        self.set_font("Helvetica", size=8)
        self.cell(0, 5, "SUMAC COUNTY CODE        Chapter 12 - Environment", align="C")
        self.ln(8)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font("Helvetica", size=8)
        self.cell(0, 5, f"Rev. 2/2024        Page {self.page_no()} of {{nb}}", align="C")


def _line(pdf: FPDF, height: float, text: str) -> None:
    pdf.multi_cell(0, height, text, new_x="LMARGIN", new_y="NEXT")


def build(path: Path) -> None:
    pdf = _Code()
    pdf.alias_nb_pages()
    pdf.set_auto_page_break(True, margin=18)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 11)
    _line(pdf, 6, "ARTICLE III. SUBSURFACE SEWAGE TREATMENT SYSTEMS")
    pdf.ln(2)
    pdf.set_font("Helvetica", size=9)
    _line(pdf, 5, "TABLE OF CONTENTS")
    for number, title in TOC:
        _line(pdf, 5, f"Sec. {number}.  {title} " + "." * 40 + " 2")
    pdf.add_page()
    for number, title, paragraphs in BODY:
        pdf.set_font("Helvetica", "B", 10)
        _line(pdf, 6, f"Sec. {number}.")
        _line(pdf, 6, title)
        pdf.set_font("Helvetica", size=10)
        for text in paragraphs:
            if text in ("TABLE", "SETBACKS"):
                pdf.set_font("Courier", size=9)
                for row in TANKS if text == "TABLE" else SETBACKS:
                    _line(pdf, 5, row)
                pdf.set_font("Helvetica", size=10)
                continue
            _line(pdf, 5, text)
        pdf.ln(3)
    pdf.output(str(path))


if __name__ == "__main__":
    build(HERE / "next_line_titles_county.pdf")
