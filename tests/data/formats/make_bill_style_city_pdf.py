"""Writes `bill_style_city.pdf` and `bill_style_city.txt`: a fictional city ordinance drafted as a
legislative bill (session-law style). Every printed line carries a `page.line` number down the
left margin (`1.1` ... `1.38`, then `2.1`: the line number restarts on each page); sections are
`Section 1. [TITLE; PURPOSE.]`, `Sec. 2. [DEFINITIONS.]` with bracketed headnotes, some with their
text on the heading line, one headnote wrapped onto a second line; subdivisions `Subd. 1. [TANK
CAPACITY.] ...` inside sections; a running head with the drafter's initials, a footer naming the
page's last section and the page number, `History:` notes, `EFFECTIVE DATE.` paragraphs, a Courier
setback table whose unit is only in its caption, and words hyphenated across line ends. The text
file is the same bill as a text export keeps it: the margin numbers, the running heads and footers,
a form feed between pages. Test data only: run
`python tests/data/formats/make_bill_style_city_pdf.py` to rebuild both."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from fpdf import FPDF

HERE = Path(__file__).parent
LINES_PER_PAGE = 38
HEAD = "02/26/24          CITY ATTORNEY          KRL/mj          ORD-24-117"
WIDTH = 122.0  # mm of text
INDENT = 8.0

# A section: (label, headnote, blocks); a block: (kind, text). Kinds: "inline" (the text on the
# heading line, after the headnote), "para" and "note" and "flush" (first line indented),
# "table" (a Courier row), and in the preamble "center". A '|' in a headnote sets it on two
# lines; '~' marks where a word may break with a hyphen at a line end.
SECTIONS: list[tuple[str, str, list[tuple[str, str]]]] = [
    (
        "Section 1.",
        "TITLE; PURPOSE.",
        [
            (
                "para",
                "Subd. 1. [TITLE.] This ordinance may be cited as the Bittern Lake "
                "Subsurface Sewage Treatment System Ordinance.",
            ),
            (
                "para",
                "Subd. 2. [PURPOSE.] The purpose of this ordinance is to protect the "
                "lakes, wetlands and groundwater of the city and the health of its "
                "resi~dents by regulating the siting, design, installation, alteration, "
                "operation and mainte~nance of subsurface sewage treatment systems.",
            ),
            (
                "para",
                "Subd. 3. [AUTHORITY.] This ordinance is adopted under Minnesota "
                "Statutes, sections 115.55 and 412.221, and Minnesota Rules, chapters "
                "7080 to 7083, which are adopted by reference except as this ordinance "
                "provides more restrictive standards.",
            ),
            ("note", "History: Ord. 2009-14 s 1; Ord. 2024-117 s 1"),
        ],
    ),
    (
        "Sec. 2.",
        "DEFINITIONS.",
        [
            (
                "para",
                "Subd. 1. [SCOPE.] For the purposes of this ordinance, the terms in this "
                "section have the meanings given them. Terms not defined here have the "
                "meanings given in Minnesota Rules, chapter 7080.",
            ),
            (
                "para",
                'Subd. 2. [BEDROOM.] "Bedroom" means a room that is or may be used for '
                "sleeping, as determined by the department.",
            ),
            (
                "para",
                'Subd. 3. [DEPARTMENT.] "Department" means the city planning and '
                "zoning department or its designee.",
            ),
            (
                "para",
                'Subd. 4. [SSTS.] "SSTS" or "system" means a subsurface sewage '
                "treatment system serving one or more buildings.",
            ),
        ],
    ),
    (
        "Sec. 3.",
        "ADMINISTRATION.",
        [
            (
                "inline",
                "The department shall administer this ordinance. The department may "
                "enter upon a property at reasonable times to inspect a system, after "
                "notice to the owner or occu~pant as provided in section 9.",
            ),
            ("note", "History: Ord. 2009-14 s 3"),
        ],
    ),
    (
        "Sec. 4.",
        "PERMITS.",
        [
            (
                "para",
                "Subd. 1. [PERMIT REQUIRED.] No person shall install, alter, repair or "
                "extend a system in the city without first obtaining a permit from the "
                "department.",
            ),
            (
                "para",
                "Subd. 2. [APPLICATION.] An application for a permit shall include a "
                "site evalu~ation and a design prepared by a designer licensed by the "
                "Minnesota Pollution Control Agency, and the permit fee set by council "
                "resolution.",
            ),
            (
                "para",
                "Subd. 3. [EXEMPTIONS.] A permit is not required to replace a pump, "
                "float or alarm with one of the same capacity.",
            ),
            ("note", "History: Ord. 2009-14 s 4; Ord. 2018-02 s 1"),
        ],
    ),
    (
        "Sec. 5.",
        "PERMIT TERM; EXTENSION.",
        [
            (
                "inline",
                "A permit issued under section 4 expires nineteen (19) months after it "
                "is issued unless the work is completed and has received final ap~proval. "
                "The department may extend a permit once for a period of not more than "
                "five (5) months upon written request made before the permit ex~pires.",
            ),
        ],
    ),
    (
        "Sec. 6.",
        "SEPTIC TANKS.",
        [
            (
                "para",
                "Subd. 1. [TANK CAPACITY.] Every septic tank serving a dwelling shall "
                "have a liquid capacity of not less than 1,150 gallons for a dwelling of "
                "three or fewer bedrooms, plus 250 gallons for each additional bedroom.",
            ),
            (
                "para",
                "Subd. 2. [COMPARTMENTS.] A septic tank shall have at least two "
                "compartments, or two tanks shall be in~stalled in series.",
            ),
            (
                "para",
                "Subd. 3. [GARBAGE DISPOSALS.] Where a garbage disposal is installed, "
                "the capacity required by subdivision 1 shall be increased by fifty "
                "percent.",
            ),
            ("note", "History: Ord. 2009-14 s 6; Ord. 2024-117 s 2"),
        ],
    ),
    (
        "Sec. 7.",
        "SETBACKS.",
        [
            (
                "para",
                "Subd. 1. [MINIMUM DISTANCES.] Every part of a system shall be set back "
                "from the features listed in Table 1 by at least the distance shown.",
            ),
            ("table", "Table 1. Minimum setbacks (feet)"),
            ("table", "Feature                      Tank    Soil treatment area"),
            ("table", "Water supply well              50          100"),
            ("table", "Ordinary high water level      75          100"),
            ("table", "Property line                  10           10"),
            ("table", "Building                       10           20"),
            (
                "para",
                "Subd. 2. [SHORELAND.] In a shoreland district the distances from the "
                "ordinary high water level are those of the shoreland ordinance where "
                "those are greater.",
            ),
        ],
    ),
    (
        "Sec. 8.",
        "SOIL TREATMENT AREAS.",
        [
            (
                "inline",
                "A soil treatment area shall have at least three (3) feet of "
                "unsaturated soil between the bottom of the distri~bution media and "
                "the periodically saturated soil or bedrock. No soil treatment area "
                "shall be placed in a floodway.",
            ),
        ],
    ),
    (
        "Sec. 9.",
        "INSPECTIONS.",
        [
            (
                "para",
                "Subd. 1. [NOTICE.] The installer shall notify the department at least "
                "two (2) working days before any part of a system is covered.",
            ),
            (
                "para",
                "Subd. 2. [COVER.] No part of a system shall be covered until it has been "
                "inspected and approved by the department. A system covered before inspec~"
                "tion shall be uncovered at the owner's expense.",
            ),
            ("note", "History: Ord. 2009-14 s 9"),
        ],
    ),
    (
        "Sec. 10.",
        "COMPLIANCE INSPECTIONS AT PROPERTY TRANSFER.",
        [
            (
                "inline",
                "Before a property served by a system is sold, the seller shall "
                "provide the buyer with a certificate of compli~ance issued within the "
                "preceding thirty-six (36) months for a new system or twelve (12) "
                "months for an existing one.",
            ),
        ],
    ),
    (
        "Sec. 11.",
        "MAINTENANCE; PUMPING.",
        [
            (
                "para",
                "Subd. 1. [PUMPING INTERVAL.] The owner of every system shall have each "
                "septic tank pumped by a licensed main~tainer at least once every "
                "thirty-two (32) months, or more often when the sludge and scum fill "
                "one-third of the tank.",
            ),
            (
                "para",
                "Subd. 2. [REPORTS.] The maintainer shall report each pumping to the "
                "department within twenty-one (21) days on the depart~ment's form.",
            ),
            ("note", "History: Ord. 2009-14 s 11; Ord. 2018-02 s 3"),
        ],
    ),
    (
        "Sec. 12.",
        "ABANDONMENT.",
        [
            (
                "inline",
                "A tank no longer in use shall be pumped, and then removed or filled "
                "with sand or soil, within sixty (60) days after it is taken out of "
                "service.",
            ),
        ],
    ),
    (
        "Sec. 13.",
        "VARIANCES.",
        [
            (
                "para",
                "Subd. 1. [BOARD.] The board of adjustment may grant a variance from the "
                "setback standards of section 7 where a strict application would cause "
                "practical diffi~culty.",
            ),
            (
                "para",
                "Subd. 2. [STATE RULES.] No variance shall be granted from a standard of "
                "Minnesota Rules, chapter 7080, without the agency's ap~proval.",
            ),
        ],
    ),
    (
        "Sec. 14.",
        "HOLDING TANKS; OPERATING|PERMITS.",
        [
            (
                "para",
                "Subd. 1. [HOLDING TANKS.] A holding tank may be installed only where "
                "no other system can be built on the lot. A holding tank serving a "
                "dwelling shall have a capacity of at least 1,000 gallons or 400 gallons "
                "per bedroom, whichever is greater.",
            ),
            (
                "para",
                "Subd. 2. [OPERATING PERMITS.] The owner of a holding tank shall hold an "
                "operating permit, renewed every three (3) years, and a contract with a "
                "licensed maintainer for its pumping.",
            ),
            ("note", "History: Ord. 2018-02 s 4"),
        ],
    ),
    (
        "Sec. 15.",
        "ENFORCEMENT; PENALTIES.",
        [
            (
                "para",
                "Subd. 1. [MISDEMEANOR.] Any person who violates this ordinance is "
                "guilty of a misdemeanor. Each day a violation continues is a separate "
                "offense.",
            ),
            (
                "para",
                "Subd. 2. [NOTICE OF NONCOMPLIANCE.] A system that is an immi~nent threat "
                "to public health shall be brought into compliance within ten (10) months "
                "after notice of noncompliance; any other failing system within thirty "
                "(30) months.",
            ),
        ],
    ),
    (
        "Sec. 16.",
        "REPEALER.",
        [
            ("inline", "City Code, chapter 9, article 4, sections 9.401 to 9.412, is repealed."),
        ],
    ),
    (
        "Sec. 17.",
        "EFFECTIVE DATE.",
        [
            ("inline", "This ordinance is effective the day following its publication."),
            (
                "flush",
                "EFFECTIVE DATE. Sections 11 and 14 apply to systems pumped after January 1, 2025.",
            ),
        ],
    ),
]
PREAMBLE = [
    ("center", "CITY OF BITTERN LAKE"),
    ("center", "ORDINANCE NO. 2024-117"),
    ("center", "A bill for an ordinance"),
    (
        "flush",
        "relating to subsurface sewage treatment systems; requiring permits; setting "
        "design, setback and maintenance standards; providing penalties; amending City "
        "Code, chapter 9.",
    ),
    ("flush", "THE CITY COUNCIL OF THE CITY OF BITTERN LAKE ORDAINS:"),
]
CLOSING = [
    ("flush", "Passed by the City Council of the City of Bittern Lake on March 11, 2024."),
    ("flush", "Attest: ______________________ City Clerk"),
]


@dataclass
class Printed:
    text: str  # with the hyphen where a word was broken
    font: str  # "body" or "table"
    x: float  # mm from the text margin
    center: bool = False
    section: str = ""  # the section the line belongs to (for the footer)
    lead: str = ""  # a bold label at the line's start ('Sec. 2.')


class BillPdf(FPDF):
    def __init__(self) -> None:
        super().__init__(format="letter", unit="mm")
        self.set_margins(30, 15, 30)
        self.set_auto_page_break(False)


def _width(pdf: FPDF, text: str, font: str) -> float:
    if font == "table":
        pdf.set_font("Courier", size=9)
    else:
        pdf.set_font("Times", size=11)
    return pdf.get_string_width(text)


def _wrap(pdf: FPDF, text: str, first_x: float, font: str = "body") -> list[tuple[str, float]]:
    """Greedy wrapping to WIDTH: (line text, x). A word with '~' may break there with a
    hyphen when that fills the line."""
    words = text.split()
    out: list[tuple[str, float]] = []
    line, x = "", first_x
    for word in words:
        clean = word.replace("~", "")
        trial = f"{line} {clean}".strip()
        if _width(pdf, trial, font) <= WIDTH - x:
            line = trial
            continue
        if "~" in word:
            head, tail = word.split("~", 1)
            broken = f"{line} {head}-".strip()
            if _width(pdf, broken, font) <= WIDTH - x:
                out.append((broken, x))
                line, x = tail.replace("~", ""), 0.0
                continue
        out.append((line, x))
        line, x = clean, 0.0
    if line:
        out.append((line, x))
    return out


def _lines(pdf: FPDF) -> list[Printed]:
    out: list[Printed] = []
    for kind, text in PREAMBLE:
        if kind == "center":
            out.append(Printed(text, "body", 0, center=True))
        else:
            out += [Printed(t, "body", x) for t, x in _wrap(pdf, text, 0)]
    for label, headnote, blocks in SECTIONS:
        ref = label
        first = blocks[0]
        head = f"{label} [{headnote}]"
        if "|" in head:  # a headnote set on two lines
            one, two = head.split("|")
            wrapped = [(one, INDENT), (two, 0.0)]
        elif first[0] == "inline":
            wrapped = _wrap(pdf, f"{head} {first[1]}", INDENT)
            blocks = blocks[1:]
        else:
            wrapped = _wrap(pdf, head, INDENT)
        for i, (t, x) in enumerate(wrapped):
            lead = label if i == 0 else ""
            out.append(Printed(t[len(lead) :].lstrip() if lead else t, "body", x, section=ref,
                               lead=lead))  # fmt: skip
        for kind, text in blocks:
            if kind == "table":
                out.append(Printed(text, "table", INDENT, section=ref))
            else:  # a subdivision, a history note, a paragraph: first line indented
                out += [Printed(t, "body", x, section=ref) for t, x in _wrap(pdf, text, INDENT)]
    for _, text in CLOSING:
        out += [Printed(t, "body", x, section="Sec. 17.") for t, x in _wrap(pdf, text, 0)]
    return out


def _pages(lines: list[Printed]) -> list[list[Printed]]:
    return [lines[i : i + LINES_PER_PAGE] for i in range(0, len(lines), LINES_PER_PAGE)]


def _plain(line: Printed) -> str:
    text = f"{line.lead} {line.text}" if line.lead else line.text
    if line.center:
        return " " * max(0, (72 - len(text)) // 2) + text
    return " " * int(line.x / 2) + text


def build_pdf(path: Path) -> None:
    pdf = BillPdf()
    pages = _pages(_lines(pdf))
    for n, page in enumerate(pages, start=1):
        pdf.add_page()
        pdf.set_font("Helvetica", size=8)
        pdf.set_xy(30, 8)
        pdf.cell(WIDTH, 4, HEAD, align="L")
        for i, line in enumerate(page, start=1):
            y = 18 + (i - 1) * 6.2
            pdf.set_font("Helvetica", size=8)
            pdf.set_xy(10, y)
            pdf.cell(14, 6, f"{n}.{i}", align="R")
            if line.font == "table":
                pdf.set_font("Courier", size=9)
            else:
                pdf.set_font("Times", size=11)
            if line.center:
                pdf.set_xy(30, y)
                pdf.cell(WIDTH, 6, line.text, align="C")
                continue
            pdf.set_xy(30 + line.x, y)
            if line.lead:
                pdf.set_font("Times", "B", 11)
                pdf.cell(pdf.get_string_width(line.lead + " "), 6, line.lead + " ")
                pdf.set_font("Times", size=11)
            pdf.cell(0, 6, line.text)
        pdf.set_font("Helvetica", size=8)
        pdf.set_xy(30, 262)
        pdf.cell(WIDTH / 2, 4, page[-1].section or "Section 1.", align="L")
        pdf.cell(WIDTH / 2, 4, str(n), align="R")
    pdf.output(str(path))


def build_text(path: Path) -> None:
    pages = _pages(_lines(BillPdf()))
    chunks: list[str] = []
    for n, page in enumerate(pages, start=1):
        rows = [" " * 8 + HEAD, ""]
        rows += [f"{n}.{i}".rjust(5) + "   " + _plain(line) for i, line in enumerate(page, 1)]
        foot = page[-1].section or "Section 1."
        rows += ["", " " * 8 + foot + " " * (60 - len(foot)) + str(n)]
        chunks.append("\n".join(rows) + "\n")
    path.write_text("\f".join(chunks), encoding="utf-8")


if __name__ == "__main__":
    build_pdf(HERE / "bill_style_city.pdf")
    build_text(HERE / "bill_style_city.txt")
