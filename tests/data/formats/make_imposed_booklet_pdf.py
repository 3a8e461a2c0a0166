"""Writes `imposed_booklet_county.pdf`: a fictional county ordinance (Quarrystone County,
Minnesota, Subsurface Sewage Treatment Systems) printed as a pocket-edition booklet, four small
pages to a side of each landscape letter sheet, in printer's imposition order; made with
fpdf2's core fonts writing windows-1252.

The booklet has sixteen quarter-letter pages: a front cover (page 1), a dotted contents page
(2), the ordinance (3-13), a keyword index referring to section numbers (14), a legislative
history (15) and a back cover (16). Six `CHAPTER n — TITLE` containers hold three-digit sections headed `Section 302. Septic
Tank Capacity.` in bold, with lettered paragraphs, bracketed amendment notes (`[Amended by Ord.
2022-04]`), two Courier tables (tank capacity by bedrooms, setbacks) whose units are only in
their captions, and words hyphenated at line ends; sections run on from page to page. Every
page of the ordinance carries a running head with the sections on it (`§ 301 – § 303` at the
outer edge, the ordinance's short name at the inner one); every page but the covers has its
number at its foot's outer corner, and every page but the covers and the contents `Pocket
Edition 2024` at its inner one. Each sheet side carries a printer's note
along its foot (`QC-SSTS-2024-pocket.indd   Sheet 1 Side A   3/14/2024 2:07 PM`).

The pages are imposed for a saddle-stitched booklet printed two spreads to a side and cut
across: sheet 1's front holds pages 16|1 over 14|3, its back 2|15 over 4|13, sheet 2's front
12|5 over 10|7 and its back 6|11 over 8|9 (each leaf's two pages back to back); so the four PDF
pages give the small pages far out of reading order.

`imposed_booklet_county_turned.pdf` is the same booklet imposed as two eight-page signatures
for sheetwise printing, the top row of each side turned upside down, as a printer folds it:
the front of each signature's sheet holds pages 5|4 (turned) over 8|1, its back 3|6 (turned)
over 2|7 (pages 9-16 likewise on the second sheet).

Test data only: run `python tests/data/formats/make_imposed_booklet_pdf.py` to rebuild both."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF
from pdf_furniture import wrap

HERE = Path(__file__).parent
SHEET_W, SHEET_H = 279.4, 215.9  # landscape letter
CELL_W, CELL_H = SHEET_W / 2, SHEET_H / 2  # a quarter-letter small page
MARGIN = 15.0
TEXT_W = CELL_W - 2 * MARGIN
HEAD_Y, TOP, BOTTOM, FOOT_Y = 7.0, 14.0, 95.0, 98.5  # within a small page, from its top
LEAD, SIZE = 4.4, 9.5
ROW_LEAD, ROW_SIZE = 3.5, 7.5
CONTENTS_LEAD = 2.55
PAGES = 16
SHORT = "QUARRYSTONE COUNTY SSTS ORDINANCE"
FOOT = "Pocket Edition 2024"
PRINTER = "QC-SSTS-2024-pocket.indd"

CHAPTERS = {
    "101": "CHAPTER 1 — GENERAL PROVISIONS",
    "201": "CHAPTER 2 — ADMINISTRATION AND PERMITS",
    "301": "CHAPTER 3 — DESIGN AND CONSTRUCTION STANDARDS",
    "401": "CHAPTER 4 — INSPECTIONS",
    "501": "CHAPTER 5 — OPERATION AND MAINTENANCE",
    "601": "CHAPTER 6 — ENFORCEMENT",
}

# A section: number, title and blocks. A block is (kind, text): "para" (text; '~' marks where
# a word may break with a hyphen at a line end), "note" (a bracketed amendment note), "caption"
# (a table's caption) or "row" (a Courier row of a table).
Block = tuple[str, str]
SECTIONS: list[tuple[str, str, list[Block]]] = [
    (
        "101",
        "Title",
        [
            (
                "para",
                "This ordinance shall be known as the Quarrystone County Subsurface Sewage "
                "Treatment System Ordinance and may be cited as the SSTS Ordinance.",
            ),
        ],
    ),
    (
        "102",
        "Purpose and Intent",
        [
            (
                "para",
                "The purpose of this ordinance is to protect the public health, safety and "
                "general welfare of the people of the county and the quality of its ground and "
                "surface waters by regu~lating the siting, design, installation, operation, "
                "maintenance and abandonment of subsurface sewage treatment systems in the "
                "unincorporated parts of the county.",
            ),
        ],
    ),
    (
        "103",
        "Definitions",
        [
            (
                "para",
                "For the purposes of this ordinance the words below have the meanings given "
                "them. Words not defined here have the meanings given them in the state rules "
                "adopted by Section 104.",
            ),
            (
                "para",
                "(a) Bedroom means a room of a dwelling that is or may be used for sleeping, "
                "including a den, study or loft with a door and a window.",
            ),
            (
                "para",
                "(b) Department means the Quarrystone County Environmental Services Department "
                "or its authorized agent.",
            ),
            (
                "para",
                "(c) Holding tank means a watertight tank that stores sewage until it is "
                "pumped and hauled away for treatment elsewhere.",
            ),
            (
                "para",
                "(d) Soil treatment area means the area of soil below and beside a drainfield "
                "or mound where sewage is treated before it reaches the ground water.",
            ),
            (
                "para",
                "(e) System means a subsurface sewage treatment system: the septic tanks, "
                "pumps, pipes and soil treatment area that treat sewage on the lot where it "
                "is made.",
            ),
        ],
    ),
    (
        "104",
        "Adoption of State Rules",
        [
            (
                "para",
                "Minnesota Rules, chapters 7080 through 7083, as amended, are adopted by "
                "reference and made a part of this ordinance as if set out in full, except "
                "where this ordinance is more restric~tive.",
            ),
            ("note", "[Amended by Ord. 2022-04]"),
        ],
    ),
    (
        "105",
        "Jurisdiction",
        [
            (
                "para",
                "This ordinance applies in every part of the county except within the "
                "corporate limits of a city, or a township that has adopted an ordinance of its "
                "own at least as strict as this one and given the county a copy of it.",
            ),
        ],
    ),
    (
        "201",
        "Administration",
        [
            (
                "para",
                "The Department shall administer this ordinance. It may enter any property at "
                "a reasonable time, after notice to the owner, to inspect a system, and shall "
                "keep a record of every permit, inspection and notice it issues for at least "
                "ten (10) years.",
            ),
        ],
    ),
    (
        "202",
        "Permit Required",
        [
            (
                "para",
                "(a) No person shall construct, install, alter, repair, extend or replace a "
                "system without first obtaining a permit from the Department.",
            ),
            (
                "para",
                "(b) No permit is required to pump a septic tank, to replace a broken lid, "
                "riser or baffle, or to repair a pipe between the building and the tank.",
            ),
        ],
    ),
    (
        "203",
        "Permit Application",
        [
            (
                "para",
                "An application for a permit shall be made on a form the Department provides, "
                "signed by the owner and by a designer licensed by the state, and shall include "
                "a site evalu~ation and a design drawn to scale that shows every setback "
                "required by Section 303.",
            ),
        ],
    ),
    (
        "204",
        "Permit Term and Fees",
        [
            (
                "para",
                "(a) A permit expires fifteen (15) months after it is issued unless the work "
                "has passed its final inspection. The Department may renew a permit once for "
                "six (6) months on a written request made before it expires.",
            ),
            (
                "para",
                "(b) The fees for permits and inspections are set by resolution of the county "
                "board and are not refunded when a permit expires.",
            ),
            ("note", "[Amended by Ord. 2022-04]"),
        ],
    ),
    (
        "301",
        "Design Standards",
        [
            (
                "para",
                "Every system shall be designed by a designer licensed by the state and shall "
                "meet the design standards of the state rules and of this ordinance, whichever "
                "is the stricter. A system serving a dwelling shall be sized for at least two "
                "bedrooms.",
            ),
        ],
    ),
    (
        "302",
        "Septic Tank Capacity",
        [
            (
                "para",
                "(a) Every septic tank serving a dwelling shall have a liquid capacity of not "
                "less than the capacity given in Table 302 for the number of bedrooms in the "
                "dwelling it serves.",
            ),
            ("caption", "Table 302. Minimum Liquid Capacity (gallons)"),
            ("row", "Bedrooms          Tank capacity"),
            ("row", "2 or fewer            1,000"),
            ("row", "3                     1,250"),
            ("row", "4                     1,500"),
            ("row", "5                     1,850"),
            ("row", "6                     2,100"),
            (
                "para",
                "(b) For a dwelling with more than six bedrooms, the capacity shall be "
                "increased by 250 gallons for each bedroom over six.",
            ),
            ("note", "[Amended by Ord. 2019-11; Ord. 2022-04]"),
        ],
    ),
    (
        "303",
        "Setbacks",
        [
            (
                "para",
                "Every septic tank and soil treatment area shall be set back from the features "
                "below by not less than the distances in Table 303, measured horizon~tally "
                "from the nearest edge of the tank or of the soil treatment area. The setback "
                "from a feature not listed is as the state rules require.",
            ),
            ("caption", "Table 303. Minimum Setback Distances (feet)"),
            ("row", "Feature                    Septic tank   Soil treatment area"),
            ("row", "Water supply well               50              100"),
            ("row", "Property line                   10               10"),
            ("row", "Building                        10               20"),
            ("row", "Water pipe under pressure       10               50"),
            ("row", "Lake, river or stream           75              150"),
            ("note", "[Amended by Ord. 2024-02]"),
        ],
    ),
    (
        "304",
        "Holding Tanks",
        [
            (
                "para",
                "A holding tank may be installed only where the Department finds that no other "
                "system can be installed on the lot, or to serve a seasonal building used "
                "fewer than one hundred twenty (120) days a year.",
            ),
            (
                "para",
                "Every holding tank shall have a liquid capacity of at least 1,000 gallons or "
                "four (4) times the daily design flow, whichever is greater, and shall be "
                "fitted with a high-level alarm that sounds inside the building it serves.",
            ),
            (
                "para",
                "The owner of a holding tank shall keep a contract with a licensed pumper for "
                "its regular pumping and file a copy of the contract with the Department every "
                "year.",
            ),
        ],
    ),
    (
        "305",
        "Pressure Distribution and Mounds",
        [
            (
                "para",
                "(a) A soil treatment area of more than 1,000 square feet, or one on a slope of "
                "more than twelve (12) percent, shall receive its sewage by pressure distri~bution.",
            ),
            (
                "para",
                "(b) A mound shall be built only on soil that has not been compacted or "
                "disturbed, and no vehicle shall drive over the mound's area during or after "
                "its construction.",
            ),
        ],
    ),
    (
        "401",
        "Construction Inspections",
        [
            (
                "para",
                "(a) The installer shall notify the Department at least two (2) working days "
                "before the work is ready for inspection. No part of a system shall be covered "
                "until the Department has inspected and approved it.",
            ),
            (
                "para",
                "(b) If the Department does not inspect the work within four (4) hours after "
                "the time agreed, the installer may cover it and shall send the Department "
                "photographs of the uncovered work within two (2) days.",
            ),
        ],
    ),
    (
        "402",
        "Compliance Inspection at Property Transfer",
        [
            (
                "para",
                "(a) Before a sale or transfer of a property served by a system, the seller "
                "shall have a compliance inspection made of the system by a licensed inspector "
                "and shall give the buyer and the Department a copy of the inspection report.",
            ),
            (
                "para",
                "(b) A compliance inspection made within three (3) years before the transfer "
                "satisfies this section for a system found compliant; for a system found "
                "noncom~pliant, the inspection is valid for one (1) year.",
            ),
            (
                "para",
                "(c) A system found to be failing at a transfer shall be upgraded or replaced "
                "within ten (10) months after the transfer, and the buyer shall file an escrow "
                "agreement for the work with the Department before the transfer is recorded.",
            ),
            ("note", "[Amended by Ord. 2022-04]"),
        ],
    ),
    (
        "403",
        "Inspection Reports",
        [
            (
                "para",
                "Every inspection report shall be made on the state's form and filed with the "
                "Department within fifteen (15) days after the inspection.",
            ),
        ],
    ),
    (
        "404",
        "Operating Permits",
        [
            (
                "para",
                "Every holding tank, every system serving more than one dwelling and every "
                "system with a daily design flow over 2,500 gallons shall hold an operating "
                "permit, renewed every five (5) years, that states its monitoring and reporting "
                "duties.",
            ),
            ("note", "[Added by Ord. 2024-02]"),
        ],
    ),
    (
        "501",
        "Maintenance and Pumping",
        [
            (
                "para",
                "(a) The owner of every septic tank shall have it inspected and, where needed, "
                "pumped by a licensed maintenance business at least once every three (3) years, "
                "or sooner when the solids and scum fill one-third of its liquid capacity.",
            ),
            (
                "para",
                "(b) The maintenance business shall send the Department a report of each "
                "pumping, stating the volume pumped and the condition of the tank and its "
                "baffles, within thirty (30) days after the pumping.",
            ),
        ],
    ),
    (
        "502",
        "Abandonment",
        [
            (
                "para",
                "A system no longer in use shall be abandoned within sixty (60) days: every tank "
                "shall be pumped and then removed, or crushed and filled with sand or soil, and "
                "the Department shall be told of the work within thirty (30) days after it is "
                "done.",
            ),
        ],
    ),
    (
        "503",
        "Failing Systems",
        [
            (
                "para",
                "(a) A system that is an imminent threat to public health or safety shall be "
                "upgraded, replaced or its use discontinued within ninety (90) days after the "
                "owner receives a notice from the Department.",
            ),
            (
                "para",
                "(b) A system that fails to protect the ground water shall be upgraded or "
                "replaced within twelve (12) months after the owner receives such a notice; the "
                "Department may extend the time once, to the next construction season, where "
                "the weather or the availability of a licensed business prevented the work.",
            ),
        ],
    ),
    (
        "601",
        "Violations",
        [
            (
                "para",
                "Any person who violates a provision of this ordinance, or who fails to correct "
                "a violation within the time a notice gives, is guilty of a misde~meanor. Each "
                "day a violation continues is a separate offense.",
            ),
        ],
    ),
    (
        "602",
        "Penalties and Remedies",
        [
            (
                "para",
                "In addition to the criminal penalty, the county may recover an administrative "
                "penalty of up to $500 for each violation and may bring an action to enjoin a "
                "violation or to abate a nuisance, and may certify the costs of abating it as "
                "a special assessment against the property.",
            ),
            ("note", "[Amended by Ord. 2024-02]"),
        ],
    ),
    (
        "603",
        "Variances",
        [
            (
                "para",
                "The Board of Adjustment may grant a variance from a requirement of this "
                "ordinance that is not a state rule where its strict application would cause a "
                "practical difficulty. No variance shall be granted from a setback to a water "
                "supply well.",
            ),
        ],
    ),
    (
        "604",
        "Severability and Effective Date",
        [
            (
                "para",
                "If a court holds any part of this ordinance invalid, the rest of it is not "
                "affected. This ordinance takes effect on its publication after adoption by the "
                "county board.",
            ),
        ],
    ),
]

INDEX = [
    ("Abandonment of systems", "502"),
    ("Adoption of state rules", "104"),
    ("Bedroom, defined", "103"),
    ("Compliance inspection, transfer", "402"),
    ("Construction inspections", "401"),
    ("Design standards", "301"),
    ("Failing systems", "402, 503"),
    ("Fees", "204"),
    ("Holding tanks", "103, 304"),
    ("Maintenance and pumping", "501"),
    ("Penalties", "601, 602"),
    ("Permits", "202, 203, 204"),
    ("Septic tank capacity", "302"),
    ("Setbacks", "303"),
    ("Variances", "603"),
]

# A line: (style, text, indent). Styles: "B" bold, "" text, "I" italic (a note), "C" Courier (a
# table's row), "H" a chapter's heading, "t" and "T" a chapter's and a section's contents line.
Line = tuple[str, str, float]
HISTORY = [
    "Ordinance  Adopted     Sections",
    "2019-11    6-18-2019   Ordinance adopted",
    "2022-04    3-1-2022    104, 204, 302, 402",
    "2024-02    2-6-2024    303, 404 (added), 602",
]


def _lines(pdf: FPDF) -> list[tuple[Line, str]]:
    """Every line of the ordinance with the number of the section it belongs to."""
    out: list[tuple[Line, str]] = []
    for number, title, blocks in SECTIONS:
        if number in CHAPTERS:
            out.append((("H", CHAPTERS[number], 0), number))
        pdf.set_font("Helvetica", "B", SIZE)
        out += [(("B", t, 0), number) for t in wrap(pdf, f"Section {number}. {title}.", TEXT_W)]
        for kind, text in blocks:
            if kind == "row":
                out.append((("C", text, 3), number))
                continue
            style = {"para": "", "note": "I", "caption": "B"}[kind]
            pdf.set_font("Helvetica", style, SIZE)
            out += [((style, t, 0), number) for t in wrap(pdf, text, TEXT_W)]
    return out


def _height(line: Line) -> float:
    return {"C": ROW_LEAD, "H": LEAD * 2}.get(line[0], LEAD)


def _body_pages(pdf: FPDF) -> list[tuple[list[Line], list[str]]]:
    """The ordinance set in pages: each its lines and the sections on it; a chapter's heading
    is not left at a page's foot."""
    pages: list[tuple[list[Line], list[str]]] = [([], [])]
    y = TOP
    for line, number in _lines(pdf):
        need = _height(line) + (LEAD * 3 if line[0] == "H" else 0)
        if y + need > BOTTOM:
            pages.append(([], []))
            y = TOP
        lines, numbers = pages[-1]
        lines.append(line)
        if number not in numbers:
            numbers.append(number)
        y += _height(line)
    return pages


def _contents(starts: dict[str, int]) -> list[Line]:
    """The contents page, set small: the chapters and the sections with dot leaders."""
    out: list[Line] = [("B", "CONTENTS", 0)]
    for number, title, _ in SECTIONS:
        if number in CHAPTERS:
            out.append(("t", CHAPTERS[number].replace(" — ", "  "), 0))
        dots = "." * max(4, 70 - len(title))
        out.append(("T", f"{number}  {title} {dots} {starts[number]}", 4))
    return out


def _booklet(pdf: FPDF) -> list[tuple[list[Line], list[str]]]:
    """The sixteen pages: each its lines and the sections on it (none for the covers, the
    contents, the index and the history)."""
    body = _body_pages(pdf)
    starts: dict[str, int] = {}
    for k, (_, numbers) in enumerate(body, start=3):
        for n in numbers:
            starts.setdefault(n, k)
    cover: list[Line] = [
        ("B", "QUARRYSTONE COUNTY, MINNESOTA", 0),
        ("", "", 0),
        ("B", "SUBSURFACE SEWAGE TREATMENT SYSTEM ORDINANCE", 0),
        ("", "Ordinance No. 2019-11, as amended through Ord. 2024-02", 0),
        ("", "", 0),
        ("B", "POCKET EDITION", 0),
        ("", "Environmental Services Department", 0),
    ]
    index: list[Line] = [
        ("B", "INDEX", 0),
        ("I", "Keywords; references are to section numbers.", 0),
    ]
    index += [("", f"{word}, {where}", 4) for word, where in INDEX]
    history: list[Line] = [("B", "LEGISLATIVE HISTORY", 0), *(("C", row, 0) for row in HISTORY)]
    back: list[Line] = [
        ("B", "Quarrystone County Environmental Services", 0),
        ("", "410 Ledge Street, Granitefall, MN 56999", 0),
        ("", "Office hours: Monday to Friday, 8:00 a.m. to 4:30 p.m.", 0),
        ("", "Printed on recycled paper.", 0),
    ]
    pages = [(cover, []), (_contents(starts), []), *body]
    assert len(pages) <= PAGES - 3, f"{len(pages)} pages: the ordinance does not fit"
    while len(pages) < PAGES - 3:
        pages.append(([("I", "[This page intentionally left blank.]", 0)], []))
    return [*pages, (index, []), (history, []), (back, [])]


def _draw(
    pdf: FPDF, x0: float, y0: float, folio: int, lines: list[Line], numbers: list[str]
) -> None:
    """Small page `folio` with its top left corner at (x0, y0)."""
    covers = folio in (1, PAGES)
    recto = folio % 2 == 1
    if numbers:  # the running head: the sections on the page
        span = f"§ {numbers[0]}" if len(numbers) == 1 else ""
        span = f"§ {numbers[0]} – § {numbers[-1]}" if len(numbers) > 1 else span
        pdf.set_font("Helvetica", "", 6.5)
        pdf.set_xy(x0 + MARGIN, y0 + HEAD_Y)
        if recto:
            pdf.cell(TEXT_W, 3, f"{SHORT}          {span}".rstrip(), align="R")
        else:
            pdf.cell(TEXT_W, 3, f"{span}          {SHORT}".strip(), align="L")
    y = y0 + (TOP + 18 if covers else TOP)
    for style, text, dx in lines:
        if style == "C":
            pdf.set_font("Courier", "", ROW_SIZE)
        elif style == "H":
            pdf.set_font("Helvetica", "B", SIZE + 0.5)
            y += LEAD / 2
        elif style in "tT":  # the contents' lines
            pdf.set_font("Helvetica", "B" if style == "t" else "", 7)
        else:
            pdf.set_font("Helvetica", style, SIZE + (2 if covers and style == "B" else 0))
        pdf.set_xy(x0 + MARGIN + dx, y)
        align = "C" if style == "H" or covers else "L"
        pdf.cell(TEXT_W - dx, LEAD, text, align=align)
        y += ROW_LEAD if style == "C" else LEAD * 1.5 if style == "H" else LEAD
        y += (CONTENTS_LEAD - LEAD) if style in "tT" else 0
    if covers:
        return
    pdf.set_font("Helvetica", "", 7)
    pdf.set_xy(x0 + MARGIN, y0 + FOOT_Y)
    pdf.cell(TEXT_W, 3, str(folio), align="R" if recto else "L")
    if folio != 2:
        pdf.set_xy(x0 + MARGIN, y0 + FOOT_Y)
        pdf.cell(TEXT_W, 3, FOOT, align="L" if recto else "R")


# A side of a sheet: its top row and its bottom row of small pages, left to right.
Side = tuple[tuple[int, int], tuple[int, int]]
CUT_SPREADS: list[Side] = [
    ((16, 1), (14, 3)),
    ((2, 15), (4, 13)),
    ((12, 5), (10, 7)),
    ((6, 11), (8, 9)),
]
SIGNATURES: list[Side] = [
    ((5, 4), (8, 1)),
    ((3, 6), (2, 7)),
    ((13, 12), (16, 9)),
    ((11, 14), (10, 15)),
]


def build(path: Path, sides: list[Side], turned: bool) -> None:
    """The booklet imposed on `sides`; the top row turned upside down if `turned`."""
    pdf = FPDF(orientation="L", unit="mm", format="Letter")
    pdf.core_fonts_encoding = "windows-1252"
    pdf.set_auto_page_break(False)
    pages = _booklet(pdf)
    for k, (top, bottom) in enumerate(sides):
        pdf.add_page()
        for row, folios in enumerate((top, bottom)):
            for col, folio in enumerate(folios):
                x0, y0 = col * CELL_W, row * CELL_H
                if turned and row == 0:
                    with pdf.rotation(180, x0 + CELL_W / 2, y0 + CELL_H / 2):
                        _draw(pdf, x0, y0, folio, *pages[folio - 1])
                else:
                    _draw(pdf, x0, y0, folio, *pages[folio - 1])
        pdf.set_draw_color(170)
        pdf.set_dash_pattern(dash=1.5, gap=1.5)
        pdf.line(CELL_W, 4, CELL_W, SHEET_H - 4)
        pdf.line(4, CELL_H, SHEET_W - 4, CELL_H)
        pdf.set_dash_pattern()
        pdf.set_font("Helvetica", "", 5.5)
        pdf.set_xy(5, SHEET_H - 5)
        side = "AB"[k % 2]
        pdf.cell(0, 3, f"{PRINTER}   Sheet {k // 2 + 1} Side {side}   3/14/2024 2:07 PM")
    pdf.output(str(path))


if __name__ == "__main__":
    build(HERE / "imposed_booklet_county.pdf", CUT_SPREADS, turned=False)
    build(HERE / "imposed_booklet_county_turned.pdf", SIGNATURES, turned=True)
