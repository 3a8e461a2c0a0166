"""Writes `centred_sections_township.pdf`: a fictional township ordinance as a one-column PDF with
a title page, a dotted table of contents ('Section 4 Permit Term ....... 5'), a preamble of
WHEREAS clauses, headings set as a centred `SECTION 4` line with the title centred in capitals on
the next line, lettered paragraphs with run-in captions ('A. Permit Term. A permit ...'), running
heads, page-number footers, a `Supp. No. 1` mark on amended pages, an italic history note after
each section, a Courier tank table whose unit is only in its caption, and a signature block,
summary publication and clerk's certificate. Test data only: run
`python tests/data/formats/make_centred_sections_pdf.py` to rebuild it."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF
from pdf_furniture import FurnishedPdf, write

HERE = Path(__file__).parent

SECTIONS: list[tuple[str, str, list[str]]] = [
    (
        "1",
        "TITLE",
        [
            "This ordinance shall be known as the Cormorant Point Township Subsurface Sewage "
            "Treatment System Ordinance.",
        ],
    ),
    (
        "2",
        "PURPOSE AND AUTHORITY",
        [
            "A. Purpose. The purpose of this ordinance is to protect the public health and the "
            "lakes and groundwater of the Township by regulating the siting, design, installation "
            "and upkeep of subsurface sewage treatment systems.",
            "B. Authority. This ordinance is adopted under Minnesota Statutes, section 115.55, and "
            "Minnesota Rules, chapters 7080 through 7083, which are adopted by reference.",
        ],
    ),
    (
        "3",
        "DEFINITIONS",
        [
            "A. Bedroom. A room that is or may be used for sleeping.",
            "B. Zoning Administrator. The person the Town Board appoints to administer this "
            "ordinance.",
        ],
    ),
    (
        "4",
        "PERMIT REQUIRED",
        [
            "A. Permit Required. No person shall install, alter, repair or extend a system without "
            "first obtaining a permit from the Zoning Administrator.",
            "B. Fees. Permit fees are set by resolution of the Town Board.",
        ],
    ),
    (
        "5",
        "PERMIT TERM",
        [
            "A. Term. A permit is valid for fourteen (14) months from the date of issuance.",
            "B. Extension. The Zoning Administrator may extend a permit once for four (4) months.",
        ],
    ),
    (
        "6",
        "SEPTIC TANK CAPACITY",
        [
            "A. Capacity. The liquid capacity of a septic tank serving a dwelling shall be at "
            "least the capacity in the table below.",
            "TABLE",
        ],
    ),
    (
        "7",
        "SETBACKS",
        [
            "A. Wells. A septic tank shall be at least sixty (60) feet from a water supply well "
            "and a drainfield at least one hundred twenty (120) feet.",
            "B. Lot Lines. Every part of a system shall be at least eleven (11) feet from a "
            "property line.",
        ],
    ),
    (
        "8",
        "INSPECTIONS",
        [
            "A. Notice. The installer shall notify the Zoning Administrator at least two (2) "
            "working days before a system is covered.",
            "B. Covering. No part of a system shall be covered until it has been inspected.",
        ],
    ),
    (
        "9",
        "PUMPING AND MAINTENANCE",
        [
            "A. Interval. Every septic tank shall be pumped at least once every thirty-four (34) "
            "months.",
            "B. Reports. The pumper shall report each pumping to the Zoning Administrator within "
            "twenty (20) days.",
        ],
    ),
    (
        "10",
        "VIOLATIONS AND PENALTIES",
        [
            "A. Misdemeanor. Any person who violates this ordinance is guilty of a misdemeanor.",
            "B. Separate Offenses. Each day a violation continues is a separate offense.",
        ],
    ),
]
AMENDED = {"5", "9"}
TANKS = [
    "Table 1.  Minimum Liquid Capacity (gallons)",
    "Bedrooms        Capacity",
    "2 or fewer      1,050",
    "3               1,200",
    "4               1,550",
    "5               1,800",
]


def _line(pdf: FPDF, height: float, text: str, align: str = "J") -> None:
    pdf.multi_cell(0, height, text, new_x="LMARGIN", new_y="NEXT", align=align)


def _title_page(pdf: FPDF) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.ln(40)
    for text in ("CORMORANT POINT TOWNSHIP", "CASS COUNTY, MINNESOTA", "ORDINANCE NO. 2021-02"):
        _line(pdf, 9, text, "C")
    pdf.set_font("Helvetica", size=11)
    pdf.ln(6)
    _line(pdf, 6, "AN ORDINANCE REGULATING SUBSURFACE SEWAGE TREATMENT SYSTEMS", "C")
    _line(pdf, 6, "Adopted March 8, 2021, as amended by Ordinance No. 2023-01", "C")


def _contents(pdf: FPDF) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 11)
    _line(pdf, 7, "TABLE OF CONTENTS", "C")
    pdf.set_font("Helvetica", size=10)
    for i, (number, title, _) in enumerate(SECTIONS):
        name = f"Section {number} {title.title()} "
        _line(pdf, 6, name + "." * (70 - len(name)) + f" {3 + i // 3}", "L")


def _preamble(pdf: FPDF) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", size=10)
    _line(pdf, 5, "WHEREAS, the Town Board finds that failing septic systems threaten the lakes of "
                  "the Township; and")  # fmt: skip
    _line(pdf, 5, "WHEREAS, Minnesota Statutes, section 115.55, requires local units of government "
                  "to regulate subsurface sewage treatment systems;")  # fmt: skip
    _line(pdf, 5, "NOW, THEREFORE, the Town Board of Cormorant Point Township ordains:")
    pdf.ln(4)


def _body(pdf: FPDF) -> None:
    for number, title, paragraphs in SECTIONS:
        if number in AMENDED:
            pdf.set_font("Helvetica", size=8)
            _line(pdf, 4, "Supp. No. 1", "R")
        pdf.set_font("Helvetica", "B", 11)
        _line(pdf, 6, f"SECTION {number}", "C")
        _line(pdf, 6, title, "C")
        pdf.set_font("Helvetica", size=10)
        for text in paragraphs:
            if text == "TABLE":
                pdf.set_font("Courier", size=9)
                for row in TANKS:
                    _line(pdf, 5, row, "L")
                pdf.set_font("Helvetica", size=10)
                continue
            _line(pdf, 5, text)
        pdf.set_font("Helvetica", "I", 9)
        note = "Source: Ord. 2021-02"
        if number in AMENDED:
            note += "; amended by Ord. 2023-01, Supp. No. 1"
        _line(pdf, 5, f"({note})", "L")
        pdf.ln(4)


def _closing(pdf: FPDF) -> None:
    pdf.set_font("Helvetica", size=10)
    _line(pdf, 5, "Adopted by the Town Board of Cormorant Point Township on March 8, 2021.")
    pdf.ln(6)
    _line(pdf, 5, "______________________________", "L")
    _line(pdf, 5, "Board Chair", "L")
    _line(pdf, 5, "ATTEST: ______________________________", "L")
    _line(pdf, 5, "Town Clerk", "L")
    pdf.ln(6)
    pdf.set_font("Helvetica", "B", 10)
    _line(pdf, 5, "SUMMARY PUBLICATION", "C")
    pdf.set_font("Helvetica", size=10)
    _line(pdf, 5, "The following is a summary of Ordinance No. 2021-02, adopted by the Town Board "
                  "on March 8, 2021. The full text is available at the Town Hall.")  # fmt: skip
    pdf.set_font("Helvetica", "B", 10)
    _line(pdf, 5, "CLERK'S CERTIFICATE", "C")
    pdf.set_font("Helvetica", size=10)
    _line(pdf, 5, "I certify that the above ordinance was published on March 18, 2021.")


def build(path: Path) -> None:
    pdf = FurnishedPdf(
        "Cormorant Point Township - Ordinance No. 2021-02 (SSTS)", lambda page: f"{page}"
    )
    write(pdf, path, [_title_page, _contents, _preamble, _body, _closing], margin=18)


if __name__ == "__main__":
    build(HERE / "centred_sections_township.pdf")
