"""Writes `two_up_booklet_city.pdf`: a fictional city code chapter printed as a two-up booklet.
Each landscape letter sheet holds two half-letter pages side by side with a dashed fold line
between them. Pages carry alternating running heads with the section numbers on the page
(`§ 12A-3` at the outer edge), a footer with the page number `12A-n` and `Supp. No. 2`, and each
sheet a printer's line along its foot. The chapter has a cover with a legislative-history table,
a dot-leader contents page, `ARTICLE I.` containers and `Sec. 12A-5. Title.` sections (a lettered
chapter) with bracketed history notes, a Courier table whose unit is only in its caption, a
reserved range and words hyphenated at line ends. Sheets hold the pages in reading order (1|2,
3|4, ...). Test data only: run `python tests/data/formats/make_two_up_booklet_pdf.py` to rebuild
it."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF
from pdf_furniture import wrap

HERE = Path(__file__).parent
SHEET_W, SHEET_H = 279.4, 215.9  # landscape letter
PAGE_W = SHEET_W / 2  # one half-letter page
MARGIN = 14.0
TEXT_W = PAGE_W - 2 * MARGIN
TOP, BOTTOM = 24.0, 140.0
LEAD = 5.2
SIZE = 9

ARTICLES = {
    "12A-1": "ARTICLE I. IN GENERAL",
    "12A-10": "ARTICLE II. PERMITS AND INSPECTIONS",
    "12A-20": "ARTICLE III. DESIGN AND MAINTENANCE",
}
HISTORY = "[Ord. No. 2021-07, § 1, 4-12-21]"
SECTIONS: list[tuple[str, str, list[str]]] = [
    (
        "12A-1",
        "Title and purpose",
        [
            "This chapter may be cited as the Tamsen Falls Sewage Treatment Code. Its purpose is to "
            "protect the public health and the ground and surface waters of the city by regu~lating "
            "the location, design, installation, operation and maintenance of individual sewage "
            "treatment systems.",
        ],
    ),
    (
        "12A-2",
        "Definitions",
        [
            "Bedroom means a room that is or may be used for sleeping, including a den or office "
            "with a closet.",
            "Building official means the person the city council appoints to administer this "
            "chapter, or a deputy acting under the building official's direction.",
            "Holding tank means a watertight tank that stores sewage until it is pumped and hauled "
            "away for treatment.",
        ],
    ),
    (
        "12A-3",
        "Adoption of state rules",
        [
            "Minnesota Rules, chapters 7080 through 7083, as amended, are adopted by reference and "
            "are a part of this chapter as if set out in full, except where this chapter is more "
            "restric~tive.",
        ],
    ),
    (
        "12A-10",
        "Permit required",
        [
            "(a) No person shall install, alter, repair or replace an individual sewage treatment "
            "system without first obtaining a permit from the building official.",
            "(b) No permit is required to pump a septic tank or to replace a broken lid or baffle.",
        ],
    ),
    (
        "12A-11",
        "Permit term",
        [
            "A permit expires fourteen (14) months after the date of issue if the work is not "
            "completed and finally inspected. The building official may extend a permit once for "
            "ninety (90) days upon written request made before it expires.",
        ],
    ),
    (
        "12A-12",
        "Inspections",
        [
            "The permit holder shall notify the building official at least forty-eight (48) hours "
            "before any part of the system is covered. No part of a system shall be covered until "
            "it has been inspected and approved.",
        ],
    ),
    (
        "12A-20",
        "Septic tank capacity",
        [
            "Every septic tank shall have a liquid capacity not less than that shown in Table "
            "12A-20 for the number of bedrooms in the dwelling it serves.",
            "TABLE 12A-20. MINIMUM LIQUID CAPACITY (GALLONS)",
            "@Bedrooms        Capacity",
            "@2 or fewer        1,000",
            "@3                 1,250",
            "@4                 1,500",
            "@5 or more         1,750",
            "For each bedroom over five, add two hundred fifty (250) gallons.",
        ],
    ),
    (
        "12A-21",
        "Setbacks",
        [
            "Every septic tank shall be set back at least seventy-five (75) feet from a water "
            "supply well, fifteen (15) feet from a property line and twenty (20) feet from a "
            "dwelling foundation.",
        ],
    ),
    (
        "12A-22",
        "Maintenance and pumping",
        [
            "The owner shall have every septic tank inspected and, where needed, pumped at least "
            "once every thirty-six (36) months by a licensed mainte~nance business, and shall "
            "file the pumper's report with the building official within thirty (30) days.",
        ],
    ),
    (
        "12A-23",
        "Holding tanks",
        [
            "A holding tank may serve only a building where no other system can be installed. It "
            "shall hold at least one thousand five hundred (1,500) gallons and be fitted with a "
            "high-level alarm.",
        ],
    ),
    (
        "12A-24",
        "Failing systems",
        [
            "A system found to be an imminent threat to public health shall be upgraded, replaced "
            "or discontinued within ten (10) months of the owner's receipt of notice.",
        ],
    ),
    (
        "12A-30",
        "Violations and penalties",
        [
            "Any person who violates this chapter is guilty of a misdemeanor. Each day a violation "
            "continues is a separate offense.",
        ],
    ),
]

Line = tuple[str, str, float]  # (font style: "B", "", "I", "C" = Courier, "A" = article), text, x


def _body_lines(pdf: FPDF) -> list[tuple[Line, str]]:
    """Every line of the chapter's body with the section it belongs to."""
    out: list[tuple[Line, str]] = []
    for number, title, paras in SECTIONS:
        if number in ARTICLES:
            out.append((("A", ARTICLES[number], 0), number))
        pdf.set_font("Helvetica", "B", SIZE)
        for text in wrap(pdf, f"Sec. {number}. {title}.", TEXT_W):
            out.append((("B", text, 0), number))
        for para in paras:
            if para.startswith("@"):
                out.append((("C", para[1:], 4), number))
                continue
            style = "B" if para.startswith("TABLE") else ""
            pdf.set_font("Helvetica", style, SIZE)
            for text in wrap(pdf, para, TEXT_W):
                out.append(((style, text, 0), number))
        pdf.set_font("Helvetica", "I", SIZE - 1)
        out.append((("I", HISTORY, 0), number))
    out.append((("B", "Secs. 12A-31--12A-40. Reserved.", 0), "12A-30"))
    return out


def _pages(pdf: FPDF) -> list[tuple[list[Line], list[str]]]:
    """The booklet's pages: each its lines and the sections that appear on it."""
    cover: list[Line] = [
        ("B", "CITY OF TAMSEN FALLS, MINNESOTA", 0),
        ("B", "CHAPTER 12A", 0),
        ("B", "INDIVIDUAL SEWAGE TREATMENT SYSTEMS", 0),
        ("", "LEGISLATIVE HISTORY", 0),
        ("C", "Ordinance    Adopted     Subject", 0),
        ("C", "2021-07      4-12-21     Chapter adopted", 0),
        ("C", "2023-02      2-06-23     Sec. 12A-22 amended", 0),
    ]
    contents: list[Line] = [("B", "CONTENTS", 0)]
    for number, title, _ in SECTIONS:
        dots = "." * max(4, 40 - len(title))
        contents.append(
            ("", f"{number}  {title} {dots} 12A-{3 + SECTIONS.index((number, title, _)) // 3}", 0)
        )
    pages: list[tuple[list[Line], list[str]]] = [(cover, []), (contents, [])]
    room = int((BOTTOM - TOP) / LEAD)
    body = _body_lines(pdf)
    for start in range(0, len(body), room):
        chunk = body[start : start + room]
        pages.append(([line for line, _ in chunk], list(dict.fromkeys(n for _, n in chunk))))
    while len(pages) % 4:
        pages.append(([("I", "[This page intentionally left blank.]", 0)], []))
    return pages


def _draw_page(pdf: FPDF, x0: float, index: int, lines: list[Line], numbers: list[str]) -> None:
    folio = index + 1
    if folio > 2:  # the cover and the contents have no running head
        pdf.set_font("Helvetica", "", 7)
        pdf.set_xy(x0 + MARGIN, 10)
        span = (
            f"§ {numbers[0]}" + (f" -- § {numbers[-1]}" if len(numbers) > 1 else "")
            if numbers
            else ""
        )
        if folio % 2:  # a right-hand page: the section numbers at the outer (right) edge
            pdf.cell(TEXT_W, 4, f"SEWAGE TREATMENT     {span}", align="R")
        else:
            pdf.cell(TEXT_W, 4, f"{span}     TAMSEN FALLS CITY CODE", align="L")
    y = TOP
    for style, text, dx in lines:
        if style == "C":
            pdf.set_font("Courier", "", SIZE - 1)
        elif style == "A":
            pdf.set_font("Helvetica", "B", SIZE)
            y += LEAD / 2
        else:
            pdf.set_font("Helvetica", style, SIZE if style != "I" else SIZE - 1)
        pdf.set_xy(x0 + MARGIN + dx, y)
        pdf.cell(TEXT_W - dx, LEAD, text, align="C" if style == "A" else "L")
        y += LEAD
    pdf.set_font("Helvetica", "", 7)
    pdf.set_xy(x0 + MARGIN, 198)
    outer = "R" if folio % 2 else "L"
    inner = "L" if folio % 2 else "R"
    pdf.cell(TEXT_W, 4, f"12A-{folio}", align=outer)
    pdf.set_xy(x0 + MARGIN, 198)
    pdf.cell(TEXT_W, 4, "Supp. No. 2", align=inner)


def build(path: Path) -> None:
    pdf = FPDF(orientation="L", unit="mm", format="Letter")
    pdf.set_auto_page_break(False)
    pages = _pages(pdf)
    order = [(2 * k, 2 * k + 1) for k in range(len(pages) // 2)]
    for sheet, (left, right) in enumerate(order, start=1):
        pdf.add_page()
        _draw_page(pdf, 0, left, *pages[left])
        _draw_page(pdf, PAGE_W, right, *pages[right])
        pdf.set_draw_color(150)
        pdf.set_dash_pattern(dash=2, gap=2)
        pdf.line(PAGE_W, 6, PAGE_W, SHEET_H - 6)
        pdf.set_dash_pattern()
        pdf.set_font("Helvetica", "", 6)
        pdf.set_xy(6, SHEET_H - 8)
        pdf.cell(0, 3, f"tamsen-falls-ch12a.indd   Sheet {sheet}   5/1/2024 10:14 AM")
    pdf.output(str(path))


if __name__ == "__main__":
    build(HERE / "two_up_booklet_city.pdf")
