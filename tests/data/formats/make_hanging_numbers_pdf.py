"""Writes `hanging_numbers_city.pdf`: a fictional city code chapter as a two-column PDF whose
section numbers hang in the outer margin. In the left column the number (`§ 708.14`) stands left
of the bold title; in the right column it stands right of it (mirrored), drawn after the title, so
the extracted text gives it after a one-line title or on a line of its own after a wrapped one.
The first page has a chapter banner, a two-column section list, an editor's note and
cross-reference notes; every page has a mirrored running head carrying the § number of its first
(even pages, at left) or last (odd pages, at right) section, and `Supp. No. 7` / `708-n` footers;
italic history notes, "Cross reference" and "State law reference" lines, Courier tank-capacity and
setback tables whose units are only in their captions, and words hyphenated across line ends.
Test data only: run `python tests/data/formats/make_hanging_numbers_pdf.py` to rebuild it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from fpdf import FPDF

HERE = Path(__file__).parent
CHAPTER = "708"
PAGE_W, PAGE_H = 152.0, 229.0  # a code book's 6 x 9 inch page
MARGIN = 22.0  # outer margins, where the numbers hang
GUTTER = 6.0
COL_W = (PAGE_W - 2 * MARGIN - GUTTER) / 2
TOP, BOTTOM = 20.0, 208.0
LEAD = 4.0  # mm per body line
SIZE = 9

# A section: (number, title, blocks); a block: (kind, text). Kinds: "para" (body text), "note"
# (italic: a history note or a reference), "caption" (a table's caption, bold) and "row" (a
# Courier table row). '~' marks where a word may break with a hyphen at a line end.
SECTIONS: list[tuple[str, str, list[tuple[str, str]]]] = [
    (
        "708.01",
        "Purpose and intent.",
        [
            (
                "para",
                "The purpose of this chapter is to protect the public health, safety and general "
                "welfare and the ground and surface waters of the city by regulating the "
                "siting, design, installation, alteration, operation, maintenance and "
                "abandonment of individual sewage treatment systems.",
            ),
            ("note", "(Ord. 2019-04, § 2)"),
        ],
    ),
    (
        "708.02",
        "Definitions.",
        [
            (
                "para",
                "For the purposes of this chapter the following words and terms have the "
                "meanings given them in this section.",
            ),
            ("para", "Bedroom. A room that is or may be used for sleeping."),
            (
                "para",
                "Building official. The person the city council names to administer and enforce "
                "this chapter, or that person's deputy.",
            ),
            ("para", "Holding tank. A watertight tank that stores sewage until it is pumped."),
            (
                "para",
                "Imminent threat to public health. A system that discharges sewage to the ground "
                "surface, to a well, or into a building.",
            ),
            (
                "para",
                "Maintenance business. A business licensed by the state to pump, haul and "
                "service septic and holding tanks.",
            ),
            (
                "para",
                "Septic tank. A watertight tank that receives sewage and settles its solids "
                "before the effluent flows to a soil treatment area.",
            ),
            (
                "para",
                "Soil treatment area. The area of natural soil, or of a mound, that receives "
                "and treats the effluent of a septic tank.",
            ),
            ("para", "System. An individual sewage treatment system."),
            ("note", "(Ord. 2019-04, § 2; Ord. 2022-11, § 1)"),
        ],
    ),
    (
        "708.03",
        "Adoption of state rules.",
        [
            (
                "para",
                "Minnesota Rules, chapters 7080 through 7083, as amended, are adopted by "
                "reference and made a part of this chapter as if set out in full. Where this "
                "chapter is stricter, this chapter governs.",
            ),
            ("note", "(Ord. 2019-04, § 2)"),
            (
                "note",
                "State law reference--Subsurface sewage treatment systems, Minn. Stat. 115.55.",
            ),
        ],
    ),
    (
        "708.04",
        "Administration.",
        [
            (
                "para",
                "The building official shall administer this chapter, issue permits, review "
                "designs and inspect the construction of every system.",
            ),
        ],
    ),
    (
        "708.05",
        "Licenses required.",
        [
            (
                "para",
                "No person shall design, install, repair, pump or inspect a system in the city "
                "unless that person holds the license the state rules require for the work. The "
                "building official may ask to see the license at any time during the work.",
            ),
        ],
    ),
    (
        "708.06",
        "Records.",
        [
            (
                "para",
                "The building official shall keep a record of every permit, design, inspection, "
                "pumping report and compliance inspection report filed under this chapter, by "
                "property, for as long as the system it concerns is in use.",
            ),
        ],
    ),
    (
        "708.10",
        "Permit required; exemptions.",
        [
            (
                "para",
                "(a) No person shall install, alter, repair or extend a system without first "
                "obtaining a permit from the building official.",
            ),
            (
                "para",
                "(b) A permit is not required to pump a septic tank or to replace a pump, float "
                "or alarm with one of the same capacity.",
            ),
            ("note", "(Ord. 2019-04, § 2)"),
        ],
    ),
    (
        "708.11",
        "Permit applications; fees.",
        [
            (
                "para",
                "An application for a permit shall be made on a form of the city, with a site "
                "evaluation and a design by a licensed designer and the fee set by resolution "
                "of the city council.",
            ),
        ],
    ),
    (
        "708.12",
        "Permit term; renewal.",
        [
            (
                "para",
                "A permit expires eighteen (18) months after the date it is issued unless the work "
                "is completed and has received final inspection. The building official may renew "
                "a permit once for a further six (6) months on written request made before it "
                "expires.",
            ),
            ("note", "(Ord. 2019-04, § 2; Ord. 2022-11, § 2)"),
        ],
    ),
    (
        "708.13",
        "Inspections.",
        [
            (
                "para",
                "The installer shall notify the building official at least two (2) working days "
                "before any part of a system is ready for inspection. No part of a system shall be "
                "covered before it is inspected and approved.",
            ),
        ],
    ),
    (
        "708.14",
        "Septic tank capacity.",
        [
            (
                "para",
                "The liquid capacity of a septic tank serving a dwelling shall be not less than "
                "the capacity in Table 708.14.",
            ),
            ("caption", "TABLE 708.14. TANK CAPACITY (GALLONS)"),
            ("row", "Bedrooms    Septic tank   With garbage"),
            ("row", "                          disposal"),
            ("row", "2 or fewer     1,000          1,500"),
            ("row", "3              1,000          1,500"),
            ("row", "4              1,250          1,900"),
            ("row", "5              1,500          2,250"),
            ("row", "6              1,750          2,600"),
            ("note", "(Ord. 2022-11, § 3)"),
        ],
    ),
    (
        "708.15",
        "Tank construction and access.",
        [
            (
                "para",
                "Every septic tank shall be watertight and shall have two compartments. Each "
                "compartment shall have a maintenance hole brought to the ground surface with a "
                "riser and a secured lid.",
            ),
        ],
    ),
    (
        "708.16",
        "Setbacks.",
        [
            (
                "para",
                "Every part of a system shall be set back from the features below at least the "
                "distances in Table 708.16, measured horizontally.",
            ),
            ("caption", "TABLE 708.16. SETBACKS (FEET)"),
            ("row", "                  Septic        Soil"),
            ("row", "Feature             tank   treatment"),
            ("row", "Water supply well     50         100"),
            ("row", "Lake or stream        75         150"),
            ("row", "Property line         10          10"),
            ("row", "Building              10          20"),
            ("note", "(Ord. 2019-04, § 2)"),
            ("note", "Cross reference--Shoreland overlay district, ch. 1130."),
        ],
    ),
    (
        "708.17",
        "Vertical separation.",
        [
            (
                "para",
                "The bottom of a soil treatment area shall be at least three (3) feet above the "
                "periodically saturated soil or bedrock.",
            ),
        ],
    ),
    (
        "708.18",
        "Soil treatment area sizing.",
        [
            (
                "para",
                "The bottom area of a soil treatment area shall be sized from the design flow "
                "and the percolation rate of the soil, as the state rules provide, but shall be "
                "not less than five hundred (500) square feet for a dwelling of three or fewer "
                "bedrooms.",
            ),
            ("note", "(Ord. 2022-11, § 3)"),
        ],
    ),
    (
        "708.19",
        "Mounds and at-grade systems.",
        [
            (
                "para",
                "Where the separation required by section 708.17 cannot be met in the natural "
                "soil, a mound or an at-grade system designed under the state rules may be "
                "installed. The toe of a mound shall be not less than ten (10) feet from a "
                "property line and shall not be covered with fill, paving or structures.",
            ),
            ("note", "(Ord. 2022-11, § 3)"),
        ],
    ),
    (
        "708.20",
        "Holding tanks.",
        [
            (
                "para",
                "A holding tank may be used only where no other system can be sited on the lot. "
                "Its liquid capacity shall be not less than 1,000 gallons or four (4) times the "
                "design flow, whichever is greater, and it shall have an alarm that warns when "
                "the tank is three-quarters full.",
            ),
        ],
    ),
    (
        "708.21",
        "Maintenance and pumping.",
        [
            (
                "para",
                "The owner shall have every septic tank pumped at least once every three (3) "
                "years, and shall file the pumper's report with the building official within "
                "thirty (30) days after the pumping.",
            ),
            ("note", "(Ord. 2019-04, § 2)"),
        ],
    ),
    (
        "708.22",
        "Compliance inspections at property transfer.",
        [
            (
                "para",
                "Before a property served by a system is sold or transferred, the seller shall "
                "give the buyer a compliance inspection report dated not more than three (3) "
                "years before the transfer.",
            ),
            ("note", "(Ord. 2022-11, § 4)"),
        ],
    ),
    (
        "708.23",
        "Operating permits for holding tanks.",
        [
            (
                "para",
                "The owner of a holding tank shall hold an operating permit, renewed every "
                "three (3) years, and shall keep a contract with a maintenance business for the "
                "pumping of the tank. A copy of the contract shall be filed with the building "
                "official with each application for renewal.",
            ),
            ("note", "(Ord. 2022-11, § 5)"),
        ],
    ),
    (
        "708.30",
        "Failing systems; imminent threats to public health.",
        [
            (
                "para",
                "A failing system shall be upgraded, replaced or abandoned within ten (10) months "
                "after written notice. A system that is an imminent threat to public health shall "
                "be pumped within forty-eight (48) hours and repaired, replaced or abandoned "
                "within ninety (90) days after the notice.",
            ),
            ("note", "(Ord. 2019-04, § 2)"),
        ],
    ),
    (
        "708.31",
        "Abandonment of systems no longer in use.",
        [
            (
                "para",
                "A system no longer in use shall be abandoned within sixty (60) days by a "
                "licensed business in the manner the state rules require, and a report of the "
                "abandonment filed with the building official.",
            ),
        ],
    ),
    (
        "708.32",
        "Notices and orders.",
        [
            (
                "para",
                "A notice or an order under this chapter shall be in writing and shall be served "
                "on the owner in person or by certified mail. It shall state the violation, the "
                "work required to correct it and the time allowed for the work.",
            ),
        ],
    ),
    (
        "708.33",
        "Abatement by the city; costs assessed.",
        [
            (
                "para",
                "Where the owner does not do the work an order requires within the time allowed, "
                "the city may do it and assess its cost against the property, to be collected "
                "with the real estate taxes in the manner Minnesota Statutes section 429.101 "
                "provides. The owner shall be given notice and a hearing before the council "
                "first.",
            ),
            ("note", "(Ord. 2019-04, § 2; Ord. 2022-11, § 6)"),
            ("note", "State law reference--Special assessments, Minn. Stat. 429.101."),
        ],
    ),
    (
        "708.40",
        "Variances.",
        [
            (
                "para",
                "The board of adjustment may grant a variance from a standard of this chapter "
                "that is not a state rule, after a public hearing.",
            ),
        ],
    ),
    (
        "708.41",
        "Appeals.",
        [
            (
                "para",
                "A person aggrieved by an order of the building official may appeal it to the "
                "city council within fifteen (15) days after the order.",
            ),
        ],
    ),
    (
        "708.42",
        "Fees.",
        [
            (
                "para",
                "The fees for permits, operating permits, renewals, variances and appeals under "
                "this chapter shall be as set from time to time by resolution of the city "
                "council. No permit shall be issued until its fee is paid.",
            ),
        ],
    ),
    (
        "708.99",
        "Penalty.",
        [
            (
                "para",
                "Any person who violates a provision of this chapter is guilty of a misdemeanor. "
                "Each day a violation continues is a separate offense.",
            ),
            ("note", "(Ord. 2019-04, § 2)"),
        ],
    ),
]
BANNER = "CHAPTER 708. INDIVIDUAL SEWAGE TREATMENT SYSTEMS"
NOTES = [
    "Editor's note--Ord. 2019-04, § 1, adopted March 4, 2019, repealed former chapter 708 and "
    "enacted a new chapter 708 as set out herein.",
    "Cross references--Building code, ch. 702; shoreland overlay district, ch. 1130.",
]
HEADS = ("KETTLEBY SPRINGS CITY CODE", "INDIVIDUAL SEWAGE TREATMENT SYSTEMS")


@dataclass
class Printed:
    """One printed line of a column: its text, its font and, for a heading's first line, the
    section number that hangs in the outer margin beside it."""

    text: str
    font: str  # "body", "title", "note", "caption", "row"
    number: str = ""
    section: str = ""  # the section the line belongs to (for the running heads)
    keep: int = 0  # lines after this one that must stay in its column (a heading's)
    gap: float = 0.0  # space above the line, mm


FONTS = {
    "body": ("Times", "", SIZE),
    "title": ("Times", "B", SIZE),
    "note": ("Times", "I", 8),
    "caption": ("Helvetica", "B", 6.5),
    "row": ("Courier", "", 6.5),
    "list": ("Times", "", 8),
}


def _font(pdf: FPDF, font: str) -> None:
    family, style, size = FONTS[font]
    pdf.set_font(family, style, size)


HYPHENS = (
    "abandon~ment aban~doned adop~ted admin~ister applica~tion build~ing compart~ments "
    "construc~tion dis~charges dwell~ing effl~uent inspec~tion inspec~ted instal~lation "
    "instal~ler mainte~nance misde~meanor opera~tion percola~tion periodi~cally "
    "prop~erty regu~lating require~ments treat~ment transfer~red"
)
BREAKS = {word.replace("~", ""): word for word in HYPHENS.split(" ")}
"""Where the typesetter may break a word with a hyphen at a column's edge."""


def _wrap(pdf: FPDF, text: str, font: str) -> list[str]:
    """Greedy wrapping to a column's width; a word with '~' may break there with a hyphen."""
    _font(pdf, font)
    out: list[str] = []
    line = ""
    words = [
        (m.group(1) + BREAKS.get(m.group(2), m.group(2)) + m.group(3))
        if (m := re.fullmatch(r"(\W*)(\w+)(\W*)", word)) and font == "body"
        else word
        for word in text.split()
    ]
    for word in words:
        clean = word.replace("~", "")
        trial = f"{line} {clean}".strip()
        if pdf.get_string_width(trial) <= COL_W:
            line = trial
            continue
        if "~" in word:
            head, tail = word.split("~", 1)
            broken = f"{line} {head}-".strip()
            if pdf.get_string_width(broken) <= COL_W:
                out.append(broken)
                line = tail.replace("~", "")
                continue
        out.append(line)
        line = clean
    if line:
        out.append(line)
    return out


def _lines(pdf: FPDF) -> list[Printed]:
    out: list[Printed] = []
    for number, title, blocks in SECTIONS:
        ref = f"§ {number}"
        heading = _wrap(pdf, title, "title")
        for i, t in enumerate(heading):
            out.append(Printed(t, "title", ref if i == 0 else "", number,
                               keep=len(heading) if i == 0 else 0, gap=2.5 if i == 0 else 0))  # fmt: skip
        for kind, text in blocks:
            if kind == "row":
                out.append(Printed(text, "row", section=number))
            elif kind == "caption":
                out.append(Printed(text, "caption", section=number, keep=1, gap=1.5))
            else:
                font = "note" if kind == "note" else "body"
                out += [Printed(t, font, section=number) for t in _wrap(pdf, text, font)]
    return out


def _height(line: Printed) -> float:
    return line.gap + (LEAD if line.font in ("body", "title", "note") else 3.2)


def _columns(lines: list[Printed], first_top: float) -> list[list[Printed]]:
    """The lines poured into columns (two a page), a heading kept with the line after it."""
    cols: list[list[Printed]] = [[]]
    y = first_top
    i = 0
    while i < len(lines):
        need = sum(_height(ln) for ln in lines[i : i + 1 + lines[i].keep + (lines[i].keep > 0)])
        if y + need > BOTTOM and cols[-1]:
            cols.append([])
            y = TOP
        cols[-1].append(lines[i])
        y += _height(lines[i])
        i += 1
    return cols


class Code(FPDF):
    def __init__(self) -> None:
        super().__init__(format=(PAGE_W, PAGE_H), unit="mm")
        self.set_auto_page_break(False)

    def head(self, page: int, first: str, last: str) -> None:
        """Mirrored running head: even pages carry their first section's § at left, odd pages
        their last section's at right."""
        self.set_font("Helvetica", "", 8)
        even = page % 2 == 0
        left, right = (f"§ {first}", HEADS[0]) if even else (HEADS[1], f"§ {last}")
        self.set_xy(MARGIN, 10)
        self.cell(PAGE_W / 2 - MARGIN, 4, left, align="L")
        self.cell(PAGE_W / 2 - MARGIN, 4, right, align="R")

    def foot(self, page: int) -> None:
        """Mirrored footer: the page number on the outer side, the supplement on the inner."""
        self.set_font("Helvetica", "", 8)
        left, right = f"{CHAPTER}-{page}", "Supp. No. 7"
        if page % 2:
            left, right = right, left
        self.set_xy(MARGIN, PAGE_H - 15)
        self.cell(PAGE_W / 2 - MARGIN, 4, left, align="L")
        self.cell(PAGE_W / 2 - MARGIN, 4, right, align="R")


def _print_column(pdf: Code, col: list[Printed], x: float, top: float, right: bool) -> None:
    """One column's lines. A heading's number hangs in the outer margin beside its first line:
    drawn before the title in the left column, after the whole title in the right one."""
    y = top
    pending: tuple[str, float] | None = None
    for line in col:
        y += line.gap
        if pending is not None and line.font != "title":
            _number(pdf, pending[0], x + COL_W + 2, pending[1], "L")
            pending = None
        if line.number and right:
            pending = (line.number, y)
        elif line.number:
            _number(pdf, line.number, x - 2 - 20, y, "R")
        _font(pdf, line.font)
        pdf.set_xy(x, y)
        pdf.cell(COL_W, _height(line) - line.gap, line.text)
        y += _height(line) - line.gap
    if pending is not None:
        _number(pdf, pending[0], x + COL_W + 2, pending[1], "L")


def _number(pdf: FPDF, number: str, x: float, y: float, align: str) -> None:
    pdf.set_font("Times", "B", SIZE)
    pdf.set_xy(x, y)
    pdf.cell(20, LEAD, number, align=align)


def _front(pdf: Code) -> float:
    """The first page's banner, two-column section list and notes; where the body starts."""
    pdf.set_font("Helvetica", "B", 12)
    pdf.set_xy(MARGIN, TOP)
    pdf.cell(PAGE_W - 2 * MARGIN, 7, BANNER, align="C")
    listed: list[str] = []
    for number, title, _ in SECTIONS:  # an entry too long for its column wraps, indented
        _font(pdf, "list")
        words, line = title.rstrip(".").split(), number
        for word in words:
            if pdf.get_string_width(f"{line} {word}") > COL_W and line.strip() != number:
                listed.append(line)
                line = " " * 10 + word
            else:
                line = f"{line}  {word}" if line == number else f"{line} {word}"
        listed.append(line)
    half = (len(listed) + 1) // 2
    _font(pdf, "list")
    y0 = TOP + 11
    for k, column in enumerate((listed[:half], listed[half:])):
        x = MARGIN + k * (COL_W + GUTTER)
        for i, entry in enumerate(column):
            pdf.set_xy(x, y0 + i * 3.6)
            pdf.cell(COL_W, 3.6, entry)
    y = y0 + half * 3.6 + 4
    pdf.set_font("Times", "I", 8)
    for note in NOTES:
        pdf.set_xy(MARGIN, y)
        pdf.multi_cell(PAGE_W - 2 * MARGIN, 3.6, note)
        y = pdf.get_y() + 1.5
    return y + 5


def build(path: Path) -> None:
    scratch = Code()  # the first page's front matter, measured: where its columns start
    scratch.add_page()
    body_top = _front(scratch)
    pdf = Code()
    cols = _columns(_lines(pdf), body_top)
    pages = [cols[k : k + 2] for k in range(0, len(cols), 2)]
    for n, page in enumerate(pages, start=1):
        pdf.add_page()
        sections = [ln.section for col in page for ln in col if ln.section]
        pdf.head(n, sections[0], sections[-1])
        if n == 1:
            _front(pdf)
        for k, col in enumerate(page):
            x = MARGIN + k * (COL_W + GUTTER)
            _print_column(pdf, col, x, body_top if n == 1 else TOP, right=k == 1)
        pdf.foot(n)
    pdf.output(str(path))


if __name__ == "__main__":
    build(HERE / "hanging_numbers_city.pdf")
