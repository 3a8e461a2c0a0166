"""Writes `table_rows_city.pdf`: a fictional city code chapter set as a two-column table on small
(6 x 9 inch) pages. Each section is a row: the left cell (shaded, 1.6 inches wide) holds the
section number and under it the bold title wrapped over several lines (`33.140` / `Septic tank` /
`capacity.`); the right cell holds the section's text: paragraphs, (a)/(1) subsections, Courier
tables whose units are only in their captions, italic history notes. The column header row
(`Section | Provisions`) is repeated at the top of every page of the table, and a section that
runs onto the next page carries `33.140 (cont.)` in its left cell there. Running heads swap
sides on odd and even pages; footers carry the page number (`33-7`) and the supplement mark
(`Supp. No. 3`). The chapter opens with a contents list with dot leaders, an editor's note and
cross references; sections are numbered in steps of five, with one inserted later (33.198).
Test data only: run `python tests/data/formats/make_table_rows_city_pdf.py` to rebuild it."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

HERE = Path(__file__).parent
CITY = "BRACKENRIDGE CITY CODE"
CHAPTER = "INDIVIDUAL SEWAGE TREATMENT SYSTEMS"
PAGE_W, PAGE_H = 152.4, 228.6  # 6 x 9 inches
SIDE, TOP, FOOT = 15.0, 18.0, 206.0
LEFT_W = 40.6  # 1.6 inches
RIGHT_W = PAGE_W - 2 * SIDE - LEFT_W
PAD = 2.0
LEAD = 3.9  # mm per line
FIRST_PAGE = 1  # the chapter's pages are numbered 33-1, 33-2, ...

# A section: (number, title, blocks); a block: (kind, text). Kinds: "para" (body text), "item"
# (an indented subsection), "note" (an italic history note), "caption" (a table's caption, bold)
# and "row" (a Courier table row).
Block = tuple[str, str]
SECTIONS: list[tuple[str, str, list[Block]]] = [
    ("33.105", "Purpose and intent.", [
        ("para", "The purpose of this chapter is to protect the public health, safety and "
                 "welfare and the ground and surface waters of the city by regulating the "
                 "siting, design, installation, operation, maintenance and abandonment of "
                 "individual sewage treatment systems."),
        ("note", "(Ord. 617, § 2, 4-8-2019)"),
    ]),
    ("33.110", "Definitions.", [
        ("para", "For the purposes of this chapter the following words have the meanings "
                 "given them in this section."),
        ("item", "Bedroom means a room that is or may be used for sleeping."),
        ("item", "Building official means the person the city council names to administer "
                 "this chapter, or that person's deputy."),
        ("item", "Holding tank means a watertight tank that stores sewage until it is "
                 "pumped and hauled away."),
        ("item", "Imminent threat to public health means a system that discharges sewage "
                 "to the ground surface, to surface water, to a well or into a building."),
        ("item", "Maintenance business means a business licensed by the state to pump, "
                 "haul and service septic and holding tanks."),
        ("item", "Septic tank means a watertight tank that receives sewage and settles its "
                 "solids before the effluent flows to a soil treatment area."),
        ("item", "Soil treatment area means the area of natural soil, or of a mound, that "
                 "receives and treats the effluent of a septic tank."),
        ("item", "System means an individual sewage treatment system."),
        ("note", "(Ord. 617, § 2, 4-8-2019; Ord. 688, § 1, 3-14-2022)"),
    ]),
    ("33.115", "Adoption of state rules by reference.", [
        ("para", "Minnesota Rules, chapters 7080 through 7083, as amended, are adopted by "
                 "reference and made a part of this chapter as if set out in full. Where this "
                 "chapter is stricter, this chapter governs."),
        ("note", "(Ord. 617, § 2, 4-8-2019)"),
    ]),
    ("33.120", "Administration and enforcement.", [
        ("para", "The building official shall administer and enforce this chapter, issue "
                 "permits, review designs and inspect the construction of every system. The "
                 "building official may enter any property at reasonable times to inspect a "
                 "system."),
    ]),
    ("33.125", "Permit required; exemptions.", [
        ("para", "(a) No person shall install, alter, repair or extend a system in the city "
                 "without first obtaining a permit from the building official."),
        ("para", "(b) A permit is not required for:"),
        ("item", "(1) Pumping a septic or holding tank by a licensed maintenance business; or"),
        ("item", "(2) Replacing a pump, float or alarm with one of the same capacity."),
        ("note", "(Ord. 617, § 2, 4-8-2019)"),
    ]),
    ("33.130", "Permit applications and fees.", [
        ("para", "An application for a permit shall be made on a form furnished by the "
                 "building official, with the design of the system prepared by a licensed "
                 "designer and the soil evaluation. The fee for a permit is set by the city "
                 "council in the fee schedule; the fee for a new or replacement system is "
                 "three hundred fifty dollars ($350). An incomplete application shall be "
                 "returned within ten (10) business days."),
        ("note", "(Ord. 617, § 2, 4-8-2019; Ord. 688, § 1, 3-14-2022)"),
    ]),
    ("33.135", "Permit term and renewal.", [
        ("para", "A permit expires twelve (12) months after it is issued unless the work is "
                 "completed and has passed its final inspection. The building official may "
                 "renew a permit once for six (6) months on written request made before it "
                 "expires."),
    ]),
    ("33.140", "Septic tank capacity.", [
        ("para", "(a) Every septic tank shall have a liquid capacity not less than that shown "
                 "in the following table for the number of bedrooms of the dwelling it serves."),
        ("caption", "Table 33.140. Minimum tank capacity, in gallons"),
        ("row", "Bedrooms    Tank     With garbage"),
        ("row", "                     disposal"),
        ("row", "2 or less   1,000    1,500"),
        ("row", "3           1,000    1,500"),
        ("row", "4           1,250    1,900"),
        ("row", "5           1,500    2,250"),
        ("row", "6 or more   1,750    2,600"),
        ("para", "(b) A dwelling with more than six bedrooms, or any other establishment, "
                 "shall have a tank sized for its design flow under the state rules, with a "
                 "capacity of at least twice the design flow."),
        ("para", "(c) Where a garbage disposal or a sewage pump in a basement is installed, "
                 "the capacity in the third column of the table applies, and a second "
                 "compartment or a second tank in series is required."),
        ("para", "(d) A tank of two compartments shall hold at least half and not more than "
                 "two thirds of its liquid capacity in its first compartment. Tanks in series "
                 "shall be joined so that the effluent of the first flows to the second."),
        ("note", "(Ord. 617, § 2, 4-8-2019; Ord. 688, § 1, 3-14-2022)"),
    ]),
    ("33.145", "Septic tank construction and location.", [
        ("para", "(a) Every tank shall be watertight and shall have a maintenance hole of at "
                 "least twenty (20) inches across, extended to within six (6) inches of the "
                 "finished grade and secured against entry."),
        ("para", "(b) No tank shall be placed where vehicles are driven or parked unless it is "
                 "rated for that load."),
    ]),
    ("33.150", "Setbacks from wells, waters and property lines.", [
        ("para", "Every part of a system shall be set back from the following features by at "
                 "least the distances shown."),
        ("caption", "Table 33.150. Setbacks, in feet"),
        ("row", "Feature           Tank    Soil area"),
        ("row", "Private well        50     100"),
        ("row", "Lake or stream      75      75"),
        ("row", "Property line       10      10"),
        ("row", "Building            10      20"),
        ("note", "(Ord. 617, § 2, 4-8-2019)"),
    ]),
    ("33.155", "Vertical separation.", [
        ("para", "The bottom of every soil treatment area shall be at least three (3) feet "
                 "above the periodically saturated soil or bedrock."),
    ]),
    ("33.160", "Soil treatment areas.", [
        ("para", "(a) A soil treatment area shall be sized for the design flow and the soil's "
                 "loading rate under the state rules."),
        ("para", "(b) No soil treatment area shall be placed in a floodway, or on a slope "
                 "steeper than twenty-five (25) percent."),
        ("para", "(c) An area for a second soil treatment area shall be kept free of "
                 "buildings, driveways and parking."),
        ("note", "(Ord. 617, § 2, 4-8-2019)"),
    ]),
    ("33.165", "Holding tanks.", [
        ("para", "A holding tank may be used only where no other system can be installed on "
                 "the lot. Its owner shall keep a contract with a licensed maintenance "
                 "business for its pumping, have it pumped whenever it is full, and file a "
                 "copy of the contract with the building official."),
    ]),
    ("33.170", "Inspections during construction.", [
        ("para", "The installer shall notify the building official at least two (2) business "
                 "days before a system is ready for inspection. No part of a system shall be "
                 "covered until it has been inspected and approved."),
    ]),
    ("33.175", "Compliance inspections at property transfer.", [
        ("para", "(a) Before a property served by a system is sold or transferred, the seller "
                 "shall have a licensed inspector perform a compliance inspection and shall "
                 "give the report to the buyer and to the building official."),
        ("para", "(b) A transfer between November 1 and April 30 may be completed if the "
                 "inspection is performed by the following June 1 and the buyer agrees in "
                 "writing to bring the system into compliance."),
        ("note", "(Ord. 688, § 1, 3-14-2022)"),
    ]),
    ("33.180", "Maintenance and pumping.", [
        ("para", "Every septic tank shall be pumped by a licensed maintenance business at "
                 "least once every three (3) years, or sooner when its solids and scum reach "
                 "one third of its liquid depth. The business shall send a report of each "
                 "pumping to the building official within thirty (30) days."),
        ("note", "(Ord. 617, § 2, 4-8-2019)"),
    ]),
    ("33.185", "Failing systems and imminent threats to public health.", [
        ("para", "(a) A system that fails to protect groundwater shall be upgraded, replaced "
                 "or abandoned within ten (10) months after its owner receives notice."),
        ("para", "(b) A system that is an imminent threat to public health shall be repaired, "
                 "replaced or abandoned within thirty (30) days after notice."),
    ]),
    ("33.190", "Abandonment of systems.", [
        ("para", "A system no longer in use shall be abandoned within sixty (60) days. Its "
                 "tanks shall be pumped, then removed or filled with sand, under the state "
                 "rules."),
    ]),
    ("33.195", "Variances and appeals.", [
        ("para", "The board of adjustment may grant a variance from this chapter where its "
                 "strict application would cause a practical difficulty. No variance shall be "
                 "granted from the state rules' vertical separation. A person aggrieved by a "
                 "decision of the building official may appeal to the board within thirty (30) "
                 "days."),
    ]),
    ("33.198", "Licensing of maintenance businesses.", [
        ("para", "No person shall pump or haul the contents of a septic or holding tank in the "
                 "city unless licensed by the state and registered with the city clerk. "
                 "Registration is renewed each year by January 31."),
        ("note", "(Ord. 688, § 1, 3-14-2022)"),
    ]),
    ("33.200", "Violations and penalties.", [
        ("para", "A violation of this chapter is a misdemeanor. Each day a violation continues "
                 "is a separate offense. The city may also seek an injunction or other relief "
                 "in district court."),
        ("note", "(Ord. 617, § 2, 4-8-2019)"),
    ]),
]  # fmt: skip

# (font family, style, size, text, indent) of one line of a cell
Line = tuple[str, str, float, str, float]


class ChapterPdf(FPDF):
    """Pages whose running heads and footers swap sides on odd and even pages: the chapter's
    name at the right of odd pages, the code's at the left of even ones; the page number at the
    outer edge, the supplement mark at the inner one. The chapter's first page has no head."""

    def header(self) -> None:
        if self.page_no() == 1:
            return
        odd = self.page_no() % 2 == 1
        self.set_font("Helvetica", "", 7)
        self.set_xy(SIDE, 9)
        self.cell(PAGE_W - 2 * SIDE, 4, CHAPTER if odd else CITY, align="R" if odd else "L")

    def footer(self) -> None:
        odd = self.page_no() % 2 == 1
        number = f"33-{self.page_no() + FIRST_PAGE - 1}"
        self.set_font("Helvetica", "", 7)
        self.set_xy(SIDE, PAGE_H - 14)
        self.cell(PAGE_W - 2 * SIDE, 4, "Supp. No. 3" if odd else number, align="L")
        self.set_xy(SIDE, PAGE_H - 14)
        self.cell(PAGE_W - 2 * SIDE, 4, number if odd else "Supp. No. 3", align="R")


def _wrap(pdf: FPDF, text: str, width: float) -> list[str]:
    words, out, line = text.split(), [], ""
    for w in words:
        trial = f"{line} {w}".strip()
        if pdf.get_string_width(trial) <= width or not line:
            line = trial
        else:
            out.append(line)
            line = w
    if line:
        out.append(line)
    return out


def _right_lines(pdf: FPDF, blocks: list[Block]) -> list[Line]:
    width = RIGHT_W - 2 * PAD
    out: list[Line] = []
    for kind, text in blocks:
        if kind == "row":
            out.append(("Courier", "", 7.5, text, 2.0))
            continue
        family, style, size, indent = {
            "para": ("Helvetica", "", 8.5, 0.0),
            "item": ("Helvetica", "", 8.5, 4.0),
            "note": ("Helvetica", "I", 8.0, 0.0),
            "caption": ("Helvetica", "B", 8.5, 0.0),
        }[kind]
        pdf.set_font(family, style, size)
        out += [(family, style, size, t, indent) for t in _wrap(pdf, text, width - indent)]
    return out


def _left_lines(pdf: FPDF, number: str, title: str, cont: bool) -> list[Line]:
    if cont:
        return [("Helvetica", "", 8.5, f"{number} (cont.)", 0.0)]
    pdf.set_font("Helvetica", "B", 8.5)
    wrapped = _wrap(pdf, title, LEFT_W - 2 * PAD - 11)
    return [("Helvetica", "", 8.5, number, 0.0)] + [
        ("Helvetica", "B", 8.5, t, 0.0) for t in wrapped
    ]


def _draw(pdf: FPDF, x: float, y: float, lines: list[Line]) -> None:
    for family, style, size, text, indent in lines:
        pdf.set_font(family, style, size)
        pdf.set_xy(x + PAD + indent, y)
        pdf.cell(0, LEAD, text)
        y += LEAD


def _header_row(pdf: FPDF) -> float:
    y = TOP
    pdf.set_fill_color(60, 60, 60)
    pdf.set_text_color(255, 255, 255)
    pdf.rect(SIDE, y, LEFT_W + RIGHT_W, 6, style="F")
    pdf.set_font("Helvetica", "B", 8.5)
    pdf.set_xy(SIDE + PAD, y + 1)
    pdf.cell(LEFT_W - PAD, 4, "Section")
    pdf.set_xy(SIDE + LEFT_W + PAD, y + 1)
    pdf.cell(RIGHT_W - PAD, 4, "Provisions")
    pdf.set_text_color(0, 0, 0)
    return y + 6


def _row(pdf: FPDF, y: float, left: list[Line], right: list[Line]) -> float:
    height = max(len(left), len(right)) * LEAD + 2 * PAD
    pdf.set_fill_color(225, 225, 225)
    pdf.rect(SIDE, y, LEFT_W, height, style="F")
    pdf.set_draw_color(120, 120, 120)
    pdf.rect(SIDE, y, LEFT_W + RIGHT_W, height)
    pdf.line(SIDE + LEFT_W, y, SIDE + LEFT_W, y + height)
    _draw(pdf, SIDE, y + PAD, left)  # the left cell is drawn first, then the right one
    _draw(pdf, SIDE + LEFT_W, y + PAD, right)
    return y + height


def _front(pdf: FPDF) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 12)
    pdf.set_xy(SIDE, TOP + 4)
    pdf.multi_cell(PAGE_W - 2 * SIDE, 6, f"CHAPTER 33\n{CHAPTER}", align="C")
    pdf.ln(3)
    pdf.set_font("Helvetica", "B", 8.5)
    pdf.set_x(SIDE)
    pdf.cell(0, 5, "Sections:", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 8)
    for i, (number, title, _) in enumerate(SECTIONS):
        page = f"33-{2 + i // 5}"
        pdf.set_x(SIDE)
        label = f"{number}   {title.rstrip('.')} "
        dots = "." * int((PAGE_W - 2 * SIDE - 12 - pdf.get_string_width(label)) / 1.1)
        pdf.cell(PAGE_W - 2 * SIDE - 12, 3.6, label + dots)
        pdf.cell(12, 3.6, page, align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    pdf.set_font("Helvetica", "I", 7.5)
    for note in (
        "Editor's note--Ord. 617, § 2, adopted April 8, 2019, repealed former Chapter 33, "
        "Sewage Disposal, and enacted a new Chapter 33 as set out in this chapter. Former "
        "Chapter 33 derived from Ord. 402, adopted 1998.",
        "Cross references--Building code, Ch. 14; plumbing, Ch. 15; zoning, Ch. 40.",
        "State law reference--Subsurface sewage treatment systems, Minn. Stat. § 115.55.",
    ):
        pdf.set_x(SIDE)
        pdf.multi_cell(PAGE_W - 2 * SIDE, 3.6, note, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)


def _table(pdf: FPDF) -> None:
    pdf.add_page()
    y = _header_row(pdf)
    for number, title, blocks in SECTIONS:
        right = _right_lines(pdf, blocks)
        cont = False
        while right:
            left = _left_lines(pdf, number, title, cont)
            room = int((FOOT - y - 2 * PAD) / LEAD)
            if room < max(3, len(left)) or (room < len(right) and room < 6):
                pdf.add_page()
                y = _header_row(pdf)
                continue
            part, right = right[:room], right[room:]
            y = _row(pdf, y, left, part)
            if right:
                pdf.add_page()
                y = _header_row(pdf)
                cont = True


def build(path: Path) -> None:
    pdf = ChapterPdf(unit="mm", format=(PAGE_W, PAGE_H))
    pdf.set_auto_page_break(False)
    pdf.set_margins(SIDE, TOP, SIDE)
    _front(pdf)
    _table(pdf)
    pdf.output(str(path))


if __name__ == "__main__":
    build(HERE / "table_rows_city.pdf")
