"""Writes `rules_table_county.pdf`: a fictional county SSTS ordinance as a landscape rules table,
three columns (rule, requirement, source/notes), each rule numbered `R-302` with its title under the
number in the first column (wrapped where it is long), rules grouped under full-width `300 SERIES - ...` bars, a title page, a
two-column contents page without leaders, the running head and the table's column header repeated on every page,
footers with a revision date, the page number and `Supp. 2`, change bars beside amended rows, a
rule continued on the next page as `(R-302, cont'd)`, history and cross-reference notes in the
source column, Courier tank and setback tables whose units are only in their captions, words
hyphenated across line ends, and an adoption block with an amendment history. Test data only:
run `python tests/data/formats/make_rules_table_pdf.py` to rebuild it."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF
from fpdf.fonts import FontFace
from pdf_furniture import FurnishedPdf, write

HERE = Path(__file__).parent
PLACE = "Heronsgate County"

SERIES: list[tuple[str, list[tuple[str, str, str, str]]]] = [
    (
        "100 SERIES - ADMINISTRATION",
        [
            (
                "R-101",
                "Purpose",
                "These rules protect the groundwater and surface waters of the County "
                "by regulating subsurface sewage treatment systems.",
                "Hist.: Ord. 2019-07",
            ),
            (
                "R-102",
                "Administration",
                "The Environmental Services Director administers these rules "
                "and may appoint inspectors to act for the Director.",
                "Hist.: Ord. 2019-07",
            ),
            (
                "R-103",
                "Adoption of State Rules",
                "Minnesota Rules, chapters 7080 through 7083, are adopted by reference.",
                "Hist.: Ord. 2019-07; see R-301",
            ),
            (
                "R-104",
                "Definitions",
                "(a) Bedroom means a room that is or may be used for sleeping.\n"
                "(b) Director means the Environmental Services Director of the County.\n(c) Failing "
                "system means a system that discharges sewage to a seepage pit, cesspool or drywell, or "
                "that does not protect groundwater.\n(d) Imminent threat to public health or safety "
                "means a system that discharges sewage to the ground surface, to surface water or into "
                "a building.\n(e) Licensed maintenance business means a business licensed by the "
                "Minnesota Pollution Control Agency to pump and maintain systems.",
                "Hist.: Ord. 2019-07",
            ),
        ],
    ),
    (
        "200 SERIES - PERMITS",
        [
            (
                "R-201",
                "Permit Required",
                "No person shall install, alter, repair or extend a system "
                "without a permit from the Director. No permit is required to pump a tank or to replace "
                "a lid, riser or baffle.",
                "Hist.: Ord. 2019-07",
            ),
            (
                "R-202",
                "Permit Term",
                "A permit is valid for sixteen (16) months from the date of is-\n"
                "suance. The Director may extend a permit once for three (3) months.",
                "Hist.: Ord. 2019-07; am. Ord. 2022-05, Supp. 2",
            ),
            (
                "R-203",
                "Fees",
                "Permit fees are set by resolution of the County Board.",
                "See fee schedule",
            ),
        ],
    ),
    (
        "300 SERIES - DESIGN STANDARDS",
        [
            (
                "R-301",
                "Septic Tank Capacity",
                "The liquid capacity of a septic tank serving a dwel-\n"
                "ling shall be at least the capacity in Table 3-1.",
                "Hist.: Ord. 2019-07",
            ),
            (
                "(R-301, cont'd)",
                "",
                "TANKS",
                "Table 3-1 reproduces the state table with local amendments",
            ),
            (
                "R-302",
                "Setbacks",
                "Every system shall meet the distances in Table 3-2.",
                "Hist.: Ord. 2019-07; am. Ord. 2022-05",
            ),
            ("(R-302, cont'd)", "", "SETBACKS", "A privy meets the drainfield column"),
            (
                "R-303",
                "Soil Treatment Area",
                "The bottom area of a trench system shall be at least "
                "two hundred sixty (260) square feet per bedroom.",
                "Cross ref.: R-301",
            ),
        ],
    ),
    (
        "400 SERIES - OPERATION AND ENFORCEMENT",
        [
            (
                "R-401",
                "Pumping",
                "Every septic tank shall be pumped at least once every thirty-eight "
                "(38) months by a licensed maintenance business.",
                "Hist.: Ord. 2022-05, Supp. 2",
            ),
            (
                "R-402",
                "Violations",
                "A violation of these rules is a misdemeanor punishable by a fine of not more than "
                "$1,000 or by imprisonment for not more than ninety (90) days, or both. Each day a "
                "viola-\ntion continues is a separate offense.",
                "Hist.: Ord. 2019-07",
            ),
            (
                "R-403",
                "Failing Systems",
                "(a) A failing system shall be upgraded, replaced or its "
                "use discontinued within eleven (11) months of notice.\n(b) An imminent threat to "
                "public health or safety shall be corrected within twenty-five (25) days of notice.\n"
                "(c) The Director may extend a deadline under paragraph (a) once, for no more than "
                "ninety (90) days, where frozen ground prevents the work.",
                "Hist.: Ord. 2019-07; am. Ord. 2022-05, Supp. 2",
            ),
            (
                "R-404",
                "Property Transfers",
                "(a) Before a property with a system is sold, the "
                "seller shall give the buyer a compliance inspection report not older than thirty "
                "(30) months.\n(b) Where frozen ground prevents an inspection, the sale may close if "
                "the buyer agrees in writing to have the inspection done by June 15 and escrows one "
                "hundred twenty-five (125) percent of the estimated cost of a new system.",
                "Hist.: Ord. 2019-07",
            ),
            (
                "R-405",
                "Variances and Appeals",
                "(a) The Board of Adjustment hears variances from "
                "these rules.\n(b) A person aggrieved by a decision of the Director may appeal to the "
                "Board of Adjustment within thirty (30) days.",
                "Hist.: Ord. 2019-07",
            ),
        ],
    ),
]
TANKS = [
    "Table 3-1. Minimum Liquid Capacity (gallons)",
    "Bedrooms      Capacity",
    "2 or fewer    1,075",
    "3             1,250",
    "4             1,575",
    "5             1,900",
]
SETBACKS = [
    "Table 3-2. Minimum Setbacks (feet)",
    "Feature              Tank    Drainfield",
    "Water supply well     55        105",
    "Lake or stream        80        130",
    "Property line         12         12",
]
WIDTHS = (28, 160, 72)


def _cell_text(text: str) -> str:
    table = {"TANKS": TANKS, "SETBACKS": SETBACKS}
    out: list[str] = []
    for line in text.split("\n"):
        out.extend(table.get(line, [line]))
    return "\n".join(out)


def _title_page(pdf: FPDF) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.ln(40)
    for text in (
        PLACE.upper(),
        "SUBSURFACE SEWAGE TREATMENT SYSTEM RULES",
        "Ordinance No. 2019-07",
    ):
        pdf.multi_cell(0, 10, text, align="C", new_x="LMARGIN", new_y="NEXT")


def _contents(pdf: FPDF) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 11)
    pdf.multi_cell(0, 7, "CONTENTS", align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", size=9)
    rules = [(n, t) for _, rows in SERIES for n, t, _, _ in rows if t]
    half = (len(rules) + 1) // 2
    for i in range(half):
        left = f"{rules[i][0]}  {rules[i][1]}"
        pdf.cell(100, 6, left)
        pdf.cell(20, 6, f"{3 + i // 4}")
        if i + half < len(rules):
            right = f"{rules[i + half][0]}  {rules[i + half][1]}"
            pdf.cell(100, 6, right)
            pdf.cell(20, 6, f"{4 + i // 4}")
        pdf.ln(6)


def _table(pdf: FPDF) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", size=9)
    bar = FontFace(emphasis="BOLD", color=(255, 255, 255), fill_color=(40, 40, 40))
    courier = FontFace(family="Courier", size_pt=8)
    with pdf.table(col_widths=WIDTHS, text_align="LEFT", repeat_headings=1,
                   line_height=4.5) as table:  # fmt: skip
        table.row(["RULE", "REQUIREMENT", "SOURCE / NOTES"])
        for series, rows in SERIES:
            table.row().cell(series, colspan=3, style=bar)
            for number, title, text, notes in rows:
                row = table.row()
                row.cell(f"{number}\n{title}" if title else number)
                row.cell(_cell_text(text), style=courier if text.isupper() else None)
                row.cell(notes)
    pdf.ln(6)
    pdf.set_font("Helvetica", size=10)
    pdf.multi_cell(0, 5, f"Adopted by the {PLACE} Board of Commissioners on July 9, 2019.\n"
                   "Amendment history: Ord. 2022-05 (May 10, 2022), Supp. 2.")  # fmt: skip


def build(path: Path) -> None:
    pdf = FurnishedPdf(
        f"{PLACE} SSTS Rules - Ordinance No. 2019-07",
        lambda page: f"Rev. 05/2022        Page {page}        Supp. 2",
        head_from=3,
        head_gap=7,
        orientation="L",
        format="letter",
    )
    write(pdf, path, [_title_page, _contents, _table], margin=16)


if __name__ == "__main__":
    build(HERE / "rules_table_county.pdf")
