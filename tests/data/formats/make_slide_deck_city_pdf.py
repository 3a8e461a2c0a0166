"""Writes `slide_deck_city.pdf`: a fictional city code chapter (Thistledown, Chapter 34,
Subsurface Sewage Treatment Systems) laid out as a landscape slide-deck handbook (16:9 slides),
made with fpdf2's core fonts writing windows-1252.

Each numbered section has a slide of its own, titled `§ 34.06  Septic Tank Capacity` under a
dark head band that names the chapter and the code; its provisions fill the left two thirds of
the slide, and a shaded, ruled box on the right third holds the section's `History:` note, its
`See also:` cross-references and a `Practice note:` for staff and installers (each label in bold,
run in to its text). A section too long for one slide goes on to a slide titled `§ 34.02
Definitions (continued)`, whose box holds the rest of the section's notes. Every slide but the
cover has a footer: `Supp. No. 3` at the left, the handbook's name in the middle and the page
number `34-n` at the right. The deck opens with a cover slide and a contents slide (titles, dot
leaders, page numbers) and ends with a legislative-history slide (a table of the ordinances).
Two Courier tables (tank capacity by bedrooms, setbacks) give their units only in their captions;
words are hyphenated at line ends.

The box is drawn before the provisions on odd slides and after them on even ones, so a plain
text extraction gives its lines before or after the text beside it.

Test data only: run `python tests/data/formats/make_slide_deck_city_pdf.py` to rebuild it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from fpdf import FPDF
from pdf_furniture import wrap

HERE = Path(__file__).parent
SLIDE_W, SLIDE_H = 338.67, 190.5  # a 16:9 slide, 13.33 x 7.5 in
MARGIN = 14.0
BODY_W = 204.0  # the provisions: the left two thirds
BOX_X, BOX_W = 228.0, 96.67  # the side box: the right third
BOX_PAD = 4.0
TOP, BOTTOM = 36.0, 164.0  # where the provisions and the box stand
LEAD, SIZE = 6.6, 13.5
NOTE_LEAD, NOTE_SIZE = 4.6, 9.5
ROW_LEAD, ROW_SIZE = 5.0, 10.0
CHAPTER = "CHAPTER 34 — SUBSURFACE SEWAGE TREATMENT SYSTEMS"
CODE = "THISTLEDOWN CITY CODE"
HANDBOOK = "Thistledown SSTS Handbook"
SUPP = "Supp. No. 3"

# A section: number, title, blocks and the notes of its side box. A block is (kind, text):
# "para" (text; '~' marks where a word may break with a hyphen at a line end), "caption" (a
# table's caption) or "row" (a Courier row of a table); a note is (label, text).
Block = tuple[str, str]
Note = tuple[str, str]
SECTIONS: list[tuple[str, str, list[Block], list[Note]]] = [
    (
        "34.01",
        "Purpose and Intent",
        [
            (
                "para",
                "The purpose of this chapter is to protect the public health, safety and "
                "general welfare of the people of the city and the quality of its ground and "
                "surface waters by regu~lating the siting, design, installation, operation, "
                "maintenance and abandonment of subsurface sewage treatment systems within the "
                "city limits.",
            ),
            (
                "para",
                "This chapter applies to every property in the city that is not connected to "
                "the municipal sanitary sewer.",
            ),
        ],
        [
            ("History:", "Ord. 2008-17, § 1, 5-5-2008."),
            ("See also:", "§ 34.03 (state rules adopted); Chapter 30, Sanitary Sewer Service."),
            (
                "Practice note:",
                "Staff use this section when explaining to owners why the city regulates "
                "private systems at all.",
            ),
        ],
    ),
    (
        "34.02",
        "Definitions",
        [
            (
                "para",
                "For the purposes of this chapter the following words and terms have the "
                "meanings given them in this section, unless the context clearly requires "
                "otherwise.",
            ),
            (
                "para",
                "Bedroom. A room that is or may be used for sleeping, including a den or an "
                "office with a closet or an egress window.",
            ),
            (
                "para",
                "Building Official. The city's building official or a deputy acting for the "
                "building official.",
            ),
            (
                "para",
                "Holding tank. A watertight tank that stores sewage until it is pumped and "
                "hauled to a treatment facility.",
            ),
            (
                "para",
                "Imminent threat to public health. A system that discharges sewage to the "
                "ground surface, to surface water or into a building, or that has an unsafe "
                "tank lid, as the state rules define it.",
            ),
            (
                "para",
                "Licensed business. A business that holds the license of the Minnesota "
                "Pollution Control Agency for the kind of work it does on a system.",
            ),
            (
                "para",
                "Owner. Every person who holds title to a property a system serves, or who "
                "occupies it under a contract for deed.",
            ),
            (
                "para",
                "Septic tank. A watertight, buried tank that receives sewage, separates its "
                "solids from its liquid and passes the liquid on to the soil treat~ment area.",
            ),
            (
                "para",
                "Soil treatment area. The area of soil that receives the effluent of a septic "
                "tank and treats it by filtering it through the unsaturated soil below.",
            ),
            (
                "para",
                "Subsurface sewage treatment system or system. A system of septic tanks, "
                "pumps, pipes and soil treatment areas that treats less than 10,000 gallons "
                "of sewage per day below the ground surface.",
            ),
        ],
        [
            ("History:", "Ord. 2008-17, § 1, 5-5-2008; Ord. 2015-04, § 1, 3-2-2015."),
            ("See also:", "Minn. R. 7080.1100 (state definitions)."),
            (
                "Practice note:",
                "Count a finished basement room with an egress window as a bedroom when you "
                "size the tank; ask for the floor plan.",
            ),
        ],
    ),
    (
        "34.03",
        "Adoption of State Rules",
        [
            (
                "para",
                "Minnesota Rules, chapters 7080 through 7083, as amended from time to time, "
                "are adopted by reference and made a part of this chapter as if fully set forth "
                "in it. Where this chapter and the state rules differ, the more restrictive "
                "provision applies.",
            ),
        ],
        [
            ("History:", "Ord. 2008-17, § 1, 5-5-2008."),
            ("See also:", "§ 34.01; Minn. Stat. § 115.55."),
            ("Practice note:", "Keep the current state rules at the permit counter."),
        ],
    ),
    (
        "34.04",
        "Permit Required",
        [
            (
                "para",
                "(a) No person shall install, alter, repair, extend or replace a subsurface "
                "sewage treatment system in the city without first obtaining a permit from the "
                "Building Official.",
            ),
            (
                "para",
                "(b) No permit is required to pump a septic tank, or to replace a pump, a "
                "float, an alarm or a baffle with one of the same kind and capacity.",
            ),
        ],
        [
            ("History:", "Ord. 2008-17, § 2, 5-5-2008."),
            ("See also:", "§ 34.05 (application); § 34.15 (penalties)."),
            (
                "Practice note:",
                "A replaced tank lid needs no permit, but it must be secured as § 34.08 says.",
            ),
        ],
    ),
    (
        "34.05",
        "Permit Application and Fees",
        [
            (
                "para",
                "(a) An application for a permit shall be made on a form the Building Official "
                "provides, signed by the owner and by a designer licensed by the state, and "
                "shall include a site evalu~ation and a design drawn to scale showing every "
                "setback.",
            ),
            (
                "para",
                "(b) The permit fee is set by resolution of the city council. A permit expires "
                "twelve (12) months after it is issued unless the work has passed its final "
                "inspection, and may be renewed once for six (6) months on a written request "
                "made before it expires.",
            ),
        ],
        [
            ("History:", "Ord. 2008-17, § 2, 5-5-2008; Ord. 2015-04, § 2, 3-2-2015."),
            ("See also:", "Fee Schedule, Resolution 2023-41."),
            ("Practice note:", "Renewals are logged on the original permit card."),
        ],
    ),
    (
        "34.06",
        "Septic Tank Capacity",
        [
            (
                "para",
                "(a) Every septic tank serving a dwelling shall have a liquid capacity of not "
                "less than the capacity given in Table 34.06 for the number of bedrooms in the "
                "dwelling it serves.",
            ),
            ("caption", "Table 34.06. Minimum liquid capacity (gallons)"),
            ("row", "Bedrooms          Tank capacity"),
            ("row", "2 or fewer            1,000"),
            ("row", "3                     1,000"),
            ("row", "4                     1,500"),
            ("row", "5                     1,750"),
            ("row", "6                     2,000"),
            (
                "para",
                "(b) For a dwelling with more than six bedrooms, the capacity shall be "
                "increased by 250 gallons for each bedroom over six.",
            ),
        ],
        [
            ("History:", "Ord. 2008-17, § 3, 5-5-2008; Ord. 2021-09, § 1, 7-6-2021."),
            ("See also:", "§ 34.02 (bedroom); § 34.07 (setbacks)."),
            (
                "Practice note:",
                "Installers often quote the state minimum; the city's table is larger for "
                "four bedrooms and up.",
            ),
        ],
    ),
    (
        "34.07",
        "Setbacks",
        [
            (
                "para",
                "Every septic tank and soil treatment area shall be set back from the features "
                "below by not less than the distances in Table 34.07, measured horizon~tally. "
                "The setback from a feature not listed is as the state rules require.",
            ),
            ("caption", "Table 34.07. Minimum setback distances (feet)"),
            ("row", "Feature                    Septic tank   Soil treatment area"),
            ("row", "Water supply well               50              100"),
            ("row", "Property line                   10               10"),
            ("row", "Building                        10               20"),
            ("row", "Water pipe under pressure       10               50"),
            ("row", "Lake, river or stream           75              150"),
        ],
        [
            ("History:", "Ord. 2008-17, § 3, 5-5-2008; Ord. 2021-09, § 2, 7-6-2021."),
            ("See also:", "Chapter 40, Shoreland Management."),
            (
                "Practice note:",
                "Measure from the tank's nearest wall, not from its lid.",
            ),
        ],
    ),
    (
        "34.08",
        "Pumping and Maintenance",
        [
            (
                "para",
                "(a) The owner of every septic tank shall have it pumped by a licensed business "
                "at least once every three (3) years, or sooner when the solids and scum fill "
                "one-third of its liquid capacity.",
            ),
            (
                "para",
                "(b) The licensed business shall send the Building Official a report of each "
                "pumping, stating the volume pumped and the condition of the tank and its "
                "baffles, within thirty (30) days after the pumping.",
            ),
            (
                "para",
                "(c) Every tank lid shall be secured with screws, a lock or a weight that a "
                "child cannot move.",
            ),
        ],
        [
            ("History:", "Ord. 2008-17, § 4, 5-5-2008; Ord. 2015-04, § 3, 3-2-2015."),
            ("See also:", "§ 34.11 (holding tanks)."),
            (
                "Practice note:",
                "Owners may ask for a reminder letter; send it in the thirty-third month.",
            ),
        ],
    ),
    (
        "34.09",
        "Inspections",
        [
            (
                "para",
                "(a) The installer shall notify the Building Official at least two (2) working "
                "days before a system is ready for inspection. No part of a system shall be "
                "covered until it has been inspected and approved.",
            ),
            (
                "para",
                "(b) The Building Official shall give the owner a written report of each "
                "inspection within ten (10) working days after it is made.",
            ),
        ],
        [
            ("History:", "Ord. 2008-17, § 4, 5-5-2008."),
            ("See also:", "§ 34.10 (property transfers)."),
            ("Practice note:", "Inspections are booked through the permit portal."),
        ],
    ),
    (
        "34.10",
        "Compliance Inspection at Property Transfer",
        [
            (
                "para",
                "No property served by a system shall be sold or trans~ferred until the seller "
                "files with the Building Official a certificate of compliance issued within the "
                "three (3) years before the transfer. A transfer made between November 1 and "
                "April 30 may defer the inspection to the following June 1 if the buyer agrees "
                "in writing to have it made.",
            ),
        ],
        [
            ("History:", "Ord. 2015-04, § 4, 3-2-2015."),
            ("See also:", "§ 34.09; § 34.12."),
            (
                "Practice note:",
                "Title companies call for the certificate; it is a public record.",
            ),
        ],
    ),
    (
        "34.11",
        "Holding Tanks",
        [
            (
                "para",
                "A holding tank may serve only a building on a lot where no other system can be "
                "installed, or a building used seasonally. Its liquid capacity shall be not "
                "less than 1,000 gallons, and it shall be fitted with an alarm that warns when "
                "the tank is three-quarters full. The owner shall keep a contract with a "
                "licensed business for its pumping and file a copy with the Building Official.",
            ),
        ],
        [
            ("History:", "Ord. 2008-17, § 5, 5-5-2008."),
            ("See also:", "§ 34.08 (pumping)."),
            ("Practice note:", "Ask for the pumping contract at each renewal."),
        ],
    ),
    (
        "34.12",
        "Failing Systems and Imminent Threats",
        [
            (
                "para",
                "(a) A system that is an imminent threat to public health shall be upgraded, "
                "replaced or taken out of use within ten (10) months after the owner receives a "
                "notice of noncompliance from the Building Official.",
            ),
            (
                "para",
                "(b) A system that fails to protect groundwater, but is not an imminent threat to "
                "public health, shall be upgraded or replaced within five (5) years after the "
                "notice is received.",
            ),
            (
                "para",
                "(c) Where an owner does not do the work within the time the notice allows, the "
                "Building Official may have the work done and assess its cost against the "
                "property, to be collected with the property taxes.",
            ),
            (
                "para",
                "(d) Until a failing system is upgraded, the owner shall have its tank pumped "
                "as often as needed to keep sewage from reaching the ground surface, and shall "
                "keep people and animals away from any area where sewage has surfaced.",
            ),
            (
                "para",
                "(e) A notice of noncompliance shall state the defects found, the work required "
                "to correct them, the time allowed and the owner's right to appeal to the city "
                "council within thirty (30) days after the notice is received.",
            ),
            (
                "para",
                "(f) The Building Official may extend a time allowed by this section once, by up "
                "to six (6) months, where the owner shows that weather or the availability of a "
                "licensed business prevented the work and has applied for the permit the work "
                "requires.",
            ),
        ],
        [
            ("History:", "Ord. 2008-17, § 5, 5-5-2008; Ord. 2021-09, § 3, 7-6-2021."),
            ("See also:", "§ 34.15 (penalties); Minn. Stat. § 429.101 (special assessments)."),
            (
                "Practice note:",
                "Send the notice by certified mail and keep the green card in the file.",
            ),
        ],
    ),
    (
        "34.13",
        "Abandonment",
        [
            (
                "para",
                "A system no longer used shall be abandoned within sixty (60) days: its tanks "
                "pumped, their lids removed or crushed, and the tanks filled with sand or soil, "
                "as the state rules require.",
            ),
        ],
        [
            ("History:", "Ord. 2008-17, § 5, 5-5-2008."),
            ("See also:", "Minn. R. 7080.2500."),
            ("Practice note:", "An abandonment report form is on the city's website."),
        ],
    ),
    (
        "34.14",
        "Variances",
        [
            (
                "para",
                "The board of adjustment may grant a variance from this chapter where its "
                "strict application would cause a practical difficulty, after a public hearing "
                "with notice mailed to the owners of property within 350 feet. No variance shall "
                "be granted from a setback to a water supply well.",
            ),
        ],
        [
            ("History:", "Ord. 2008-17, § 6, 5-5-2008."),
            ("See also:", "Chapter 11, Board of Adjustment."),
            ("Practice note:", "Variance hearings are held on the second Tuesday."),
        ],
    ),
    (
        "34.15",
        "Violations and Penalties",
        [
            (
                "para",
                "(a) A violation of this chapter is a misdemeanor. Each day a violation "
                "continues is a separate offense.",
            ),
            (
                "para",
                "(b) In addition, the city may impose an adminis~trative penalty of up to $500 "
                "for each violation, and may refuse to issue a permit for any work on a "
                "property where a violation has not been corrected.",
            ),
        ],
        [
            ("History:", "Ord. 2008-17, § 6, 5-5-2008; Ord. 2021-09, § 4, 7-6-2021."),
            ("See also:", "Chapter 1, General Penalty."),
            ("Practice note:", "Prefer a correction order before a citation."),
        ],
    ),
    (
        "34.16",
        "Severability",
        [
            (
                "para",
                "If any part of this chapter is held invalid, the remainder of the chapter "
                "shall not be affected.",
            ),
        ],
        [
            ("History:", "Ord. 2008-17, § 7, 5-5-2008."),
            ("See also:", "Chapter 1, Rules of Construction."),
            ("Practice note:", "None."),
        ],
    ),
]

LEGISLATIVE_HISTORY = [
    "Ordinance   Adopted     Sections affected           Subject",
    "2008-17     5-5-2008    34.01 - 34.16               Chapter adopted",
    "2015-04     3-2-2015    34.02, 34.05, 34.08,        Definitions; permits;",
    "                        34.10                       property transfers",
    "2021-09     7-6-2021    34.06, 34.07, 34.12,        Tank capacity; setbacks;",
    "                        34.15                       penalties",
]


@dataclass
class Slide:
    """One section slide: its number and title, whether it carries a section over, its lines
    of provisions (kind, text) and the notes of its box."""

    number: str
    title: str
    continued: bool
    lines: list[tuple[str, str]]
    notes: list[Note]


def _heights(kind: str) -> float:
    return {"text": LEAD, "caption": LEAD, "row": ROW_LEAD, "gap": LEAD / 2}[kind]


def _section_lines(pdf: FPDF, blocks: list[Block]) -> list[list[tuple[str, str]]]:
    """A section's blocks as lines, in groups that a slide never breaks (a table with its
    caption; a paragraph may break between its lines)."""
    groups: list[list[tuple[str, str]]] = []
    for kind, text in blocks:
        if kind == "para":
            pdf.set_font("Helvetica", "", SIZE)
            for k, line in enumerate(wrap(pdf, text, BODY_W)):
                groups.append(
                    [("gap", ""), ("text", line)] if k == 0 and groups else [("text", line)]
                )
        elif kind == "caption":
            groups.append([("gap", ""), ("caption", text)])
        else:
            groups[-1].append(("row", text))
    return groups


def _slides() -> list[Slide]:
    """Every section's slides: a section goes on to slides titled '(continued)' when its lines
    do not fit one; its History and See also notes stand on its first slide, its Practice note
    on its last."""
    pdf = FPDF(orientation="L", unit="mm", format=(SLIDE_H, SLIDE_W))
    out: list[Slide] = []
    for number, title, blocks, notes in SECTIONS:
        pages: list[list[tuple[str, str]]] = [[]]
        used = 0.0
        for group in _section_lines(pdf, blocks):
            height = sum(_heights(k) for k, _ in group)
            if used + height > BOTTOM - TOP and pages[-1]:
                pages.append([])
                used = 0.0
                group = [g for g in group if g[0] != "gap"]
                height = sum(_heights(k) for k, _ in group)
            pages[-1] += group
            used += height
        for k, lines in enumerate(pages):
            if len(pages) == 1:
                box = notes
            elif k == 0:
                box = [n for n in notes if n[0] != "Practice note:"]
            elif k == len(pages) - 1:
                box = [n for n in notes if n[0] == "Practice note:"]
            else:
                box = []
            out.append(Slide(number, title, k > 0, lines, box))
    return out


class Deck(FPDF):
    """The handbook: 16:9 landscape slides whose core fonts write windows-1252."""

    def __init__(self) -> None:
        super().__init__(orientation="L", unit="mm", format=(SLIDE_H, SLIDE_W))
        self.core_fonts_encoding = "windows-1252"
        self.set_auto_page_break(False)
        self.set_margins(MARGIN, MARGIN)


def _band(pdf: FPDF) -> None:
    pdf.set_fill_color(31, 58, 84)
    pdf.rect(0, 0, SLIDE_W, 12.5, style="F")
    pdf.set_text_color(255, 255, 255)
    pdf.set_font("Helvetica", "B", 9)
    pdf.set_xy(MARGIN, 4)
    pdf.cell(180, 5, CHAPTER)
    pdf.set_xy(SLIDE_W - MARGIN - 80, 4)
    pdf.cell(80, 5, CODE, align="R")
    pdf.set_text_color(0, 0, 0)


def _footer(pdf: FPDF, folio: int) -> None:
    pdf.set_draw_color(31, 58, 84)
    pdf.line(MARGIN, 177, SLIDE_W - MARGIN, 177)
    pdf.set_font("Helvetica", "", 8)
    pdf.set_xy(MARGIN, 179.5)
    pdf.cell(60, 4, SUPP)
    pdf.set_xy(SLIDE_W / 2 - 50, 179.5)
    pdf.cell(100, 4, HANDBOOK, align="C")
    pdf.set_xy(SLIDE_W - MARGIN - 40, 179.5)
    pdf.cell(40, 4, f"34-{folio}", align="R")


def _title(pdf: FPDF, text: str) -> None:
    pdf.set_font("Helvetica", "B", 19)
    pdf.set_xy(MARGIN, 18)
    pdf.cell(SLIDE_W - 2 * MARGIN, 9, text)
    pdf.set_draw_color(190, 150, 40)
    pdf.set_line_width(0.6)
    pdf.line(MARGIN, 29.5, MARGIN + 60, 29.5)
    pdf.set_line_width(0.2)


def _box(pdf: FPDF, notes: list[Note]) -> None:
    pdf.set_fill_color(236, 240, 244)
    pdf.set_draw_color(120, 140, 160)
    pdf.rect(BOX_X, TOP - 2, BOX_W, BOTTOM - TOP + 2, style="DF")
    y = TOP + BOX_PAD / 2
    x, width = BOX_X + BOX_PAD, BOX_W - 2 * BOX_PAD
    for label, text in notes:
        pdf.set_font("Helvetica", "B", NOTE_SIZE)
        lw = pdf.get_string_width(label + " ")
        pdf.set_font("Helvetica", "", NOTE_SIZE)
        lines = wrap(pdf, text, width - lw)  # the first line beside the label
        first, rest = lines[0], " ".join(lines[1:])
        pdf.set_font("Helvetica", "B", NOTE_SIZE)
        pdf.set_xy(x, y)
        pdf.cell(lw, NOTE_LEAD, label)
        pdf.set_font("Helvetica", "", NOTE_SIZE)
        pdf.set_xy(x + lw, y)
        pdf.cell(width - lw, NOTE_LEAD, first)
        y += NOTE_LEAD
        for line in wrap(pdf, rest, width) if rest else []:
            pdf.set_xy(x, y)
            pdf.cell(width, NOTE_LEAD, line)
            y += NOTE_LEAD
        y += NOTE_LEAD * 0.8


def _body(pdf: FPDF, lines: list[tuple[str, str]]) -> None:
    y = TOP
    for kind, text in lines:
        if kind == "text":
            pdf.set_font("Helvetica", "", SIZE)
        elif kind == "caption":
            pdf.set_font("Helvetica", "B", SIZE - 1.5)
        elif kind == "row":
            pdf.set_font("Courier", "", ROW_SIZE)
        if text:
            pdf.set_xy(MARGIN + (6 if kind == "row" else 0), y)
            pdf.cell(BODY_W, _heights(kind), text)
        y += _heights(kind)


def _cover(pdf: FPDF) -> None:
    pdf.add_page()
    pdf.set_fill_color(31, 58, 84)
    pdf.rect(0, 0, SLIDE_W, SLIDE_H, style="F")
    pdf.set_text_color(255, 255, 255)
    for y, size, style, text in [
        (42, 14, "", "CITY OF THISTLEDOWN"),
        (56, 30, "B", "Code of Ordinances"),
        (76, 20, "B", "Chapter 34: Subsurface Sewage Treatment Systems"),
        (100, 14, "", "A handbook edition for property owners, installers and city staff"),
        (150, 11, "", f"{SUPP}  |  March 2024  |  Prepared by the Building Safety Department"),
    ]:
        pdf.set_font("Helvetica", style, size)
        pdf.set_xy(MARGIN, y)
        pdf.cell(SLIDE_W - 2 * MARGIN, 10, text, align="C")
    pdf.set_text_color(0, 0, 0)


def _contents(pdf: FPDF, slides: list[Slide], first_folio: int) -> None:
    pdf.add_page()
    _band(pdf)
    _title(pdf, "Contents")
    pages: dict[str, int] = {}
    for k, s in enumerate(slides):
        pages.setdefault(s.number, first_folio + k)
    pdf.set_font("Helvetica", "", 11)
    y = TOP - 2
    for number, title, _, _ in SECTIONS:
        entry = f"§ {number}  {title} "
        folio = f" 34-{pages[number]}"
        width = 250 - pdf.get_string_width(entry) - pdf.get_string_width(folio)
        dots = "." * int(width / pdf.get_string_width("."))
        pdf.set_xy(MARGIN + 20, y)
        pdf.cell(250, 7.6, f"{entry}{dots}{folio}")
        y += 7.6
    _footer(pdf, 2)


def _section_slide(pdf: FPDF, slide: Slide, folio: int) -> None:
    pdf.add_page()
    _band(pdf)
    title = f"§ {slide.number}  {slide.title}" + (" (continued)" if slide.continued else "")
    _title(pdf, title)
    if folio % 2:  # the box drawn first
        _box(pdf, slide.notes)
        _body(pdf, slide.lines)
    else:
        _body(pdf, slide.lines)
        _box(pdf, slide.notes)
    _footer(pdf, folio)


def _history(pdf: FPDF, folio: int) -> None:
    pdf.add_page()
    _band(pdf)
    _title(pdf, "LEGISLATIVE HISTORY")
    pdf.set_font("Helvetica", "", 11)
    pdf.set_xy(MARGIN, TOP)
    intro = "The ordinances codified in this chapter and the sections each adopted or amended."
    pdf.cell(BODY_W, 6, intro)
    pdf.set_font("Courier", "", 10)
    for k, line in enumerate(LEGISLATIVE_HISTORY):
        pdf.set_xy(MARGIN + 6, TOP + 12 + k * ROW_LEAD)
        pdf.cell(0, ROW_LEAD, line)
    _footer(pdf, folio)


def build(path: Path) -> None:
    pdf = Deck()
    pdf.set_title("Thistledown City Code, Chapter 34 (handbook edition)")
    slides = _slides()
    _cover(pdf)
    _contents(pdf, slides, 3)
    for k, slide in enumerate(slides):
        _section_slide(pdf, slide, 3 + k)
    _history(pdf, 3 + len(slides))
    pdf.output(str(path))


if __name__ == "__main__":
    build(HERE / "slide_deck_city.pdf")
