"""Writes `running_head_titles_city.pdf`: a fictional city code chapter as a one-column PDF whose
sections are paragraphs numbered `§ 5.2.3` with no title of their own; a section's title is
printed only in the table of contents and in the running head of the page it starts on
(alternating heads: '§ 5.2.1  PERMIT REQUIRED', 'Sewage Treatment  § 5.2.2  Permit Term'),
with PART containers, "Supp. No." footers with `5-n` page numbers, history
and editor's notes and a Courier setback table. Test data only: run
`python tests/data/formats/make_running_head_titles_pdf.py` to rebuild it."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

HERE = Path(__file__).parent

DEFINED = [
    ("Bedroom", "a room that is or may be used for sleeping"),
    ("Building official", "the person the council names to administer the chapter"),
    ("Dwelling", "a building or part of one used as a home"),
    ("Failing system", "a system that does not protect groundwater"),
    ("Holding tank", "a watertight tank that stores sewage until it is pumped"),
    ("Imminent threat", "a system that lets sewage reach the ground surface"),
    ("Maintenance business", "a business licensed to pump and service tanks"),
    ("Septic tank", "a watertight tank that settles solids out of sewage"),
    ("Soil treatment area", "the area of soil that receives the tank's effluent"),
    ("System", "a subsurface sewage treatment system"),
    ("Owner", "the person who holds title to the property a system serves"),
    ("Pumping report", "a report of the pumping of a tank"),
    ("Setback", "the least distance between a system and a feature"),
    ("Wellhead", "the upper end of a water supply well"),
    ("Abandonment", "the taking of a system out of use as the state rules direct"),
    ("Alteration", "a change to a system that changes its size, location or design"),
    ("Bedrock", "the consolidated rock below the soil"),
    ("Design flow", "the daily volume of sewage a system is designed to treat"),
    ("Effluent", "the liquid that leaves a septic tank"),
    ("Lot", "a parcel of land described in a deed or a plat"),
    ("Mound", "a soil treatment area built above the natural grade"),
    ("Replacement", "the installation of a system in place of another"),
    ("Riser", "a pipe or box that brings a tank's opening to the ground surface"),
    ("Sewage", "the waste from toilets, baths, laundries, sinks and the like"),
]

PARTS: list[tuple[str, list[tuple[str, str, list[str]]]]] = [
    (
        "PART 1. GENERAL PROVISIONS",
        [
            (
                "5.1.1",
                "Purpose",
                [
                    "The purpose of this chapter is to protect the public health and the waters of "
                    "the city by regulating the siting, design, installation, use and maintenance of "
                    "subsurface sewage treatment systems.",
                    "(Ord. 2019-04, § 2, 5-7-2019)",
                ],
            ),
            (
                "5.1.2",
                "Adoption of state rules",
                [
                    "Minnesota Rules, chapters 7080 through 7083, are adopted by reference and are a "
                    "part of this chapter as if set out in full.",
                    "(Ord. 2019-04, § 2, 5-7-2019)",
                ],
            ),
            (
                "5.1.3",
                "Administration",
                [
                    "The building official administers this chapter. The building official may enter "
                    "any property at a reasonable time to inspect a system, after notice to the owner.",
                    "Editor's note: Former § 5.1.3, on licensing, was repealed by Ord. 2022-11.",
                ],
            ),
            (
                "5.1.4",
                "Definitions",
                [
                    "(a) For this chapter, the words below have the meanings given them.",
                    *[
                        f"({chr(98 + i)}) {word} means {meaning}, as the term is used in "
                        "Minnesota Rules, chapter 7080, and as the building official applies it "
                        "to systems within the city."
                        for i, (word, meaning) in enumerate(DEFINED)
                    ],
                    "(Ord. 2019-04, § 2, 5-7-2019)",
                ],
            ),
        ],
    ),
    (
        "PART 2. PERMITS",
        [
            (
                "5.2.1",
                "Permit required",
                [
                    "No person shall install, alter, repair, extend or replace a system without first "
                    "obtaining a permit from the building official. A permit is not required to pump a "
                    "tank.",
                    "(Ord. 2019-04, § 3, 5-7-2019)",
                ],
            ),
            (
                "5.2.2",
                "Permit term",
                [
                    "(a) A permit is valid for eighteen (18) months from the date it is issued.",
                    "(b) The building official may extend a permit once, for not more than ninety (90) "
                    "days, on written request made before it expires.",
                    "(Ord. 2019-04, § 3, 5-7-2019; Ord. 2022-11, § 1, 9-6-2022)",
                ],
            ),
            (
                "5.2.3",
                "Fees",
                [
                    "Fees for permits and inspections shall be as set by resolution of the city "
                    "council.",
                    "(Ord. 2019-04, § 3, 5-7-2019)",
                ],
            ),
        ],
    ),
    (
        "PART 3. DESIGN STANDARDS",
        [
            (
                "5.3.1",
                "Septic tank capacity",
                [
                    "(a) The septic tanks serving a dwelling shall have a liquid capacity of not less "
                    "than 1,100 gallons for a dwelling of three or fewer bedrooms, plus 350 gallons "
                    "for each bedroom over three.",
                    "(b) Where a garbage disposal is installed, the capacity required by paragraph (a) "
                    "shall be increased by fifty (50) percent.",
                    "(Ord. 2019-04, § 4, 5-7-2019)",
                ],
            ),
            (
                "5.3.2",
                "Setbacks",
                [
                    "Every tank and soil treatment area shall be set back from the features listed in "
                    "the table below.",
                    "TABLE 5.3.2 MINIMUM SETBACKS (FEET)",
                    "TABLE",
                    "(Ord. 2019-04, § 4, 5-7-2019)",
                ],
            ),
            (
                "5.3.3",
                "Pumping",
                [
                    "The owner shall have every septic tank pumped by a licensed maintenance business "
                    "at least once every thirty (30) months.",
                    "Cross reference: Penalty, see § 5.4.2.",
                ],
            ),
        ],
    ),
    (
        "PART 4. ENFORCEMENT",
        [
            (
                "5.4.1",
                "Failing systems",
                [
                    "(a) An owner who receives written notice that a system is failing to protect "
                    "groundwater shall upgrade, replace or abandon the system within ten (10) months "
                    "after receiving the notice.",
                    "(Ord. 2019-04, § 5, 5-7-2019)",
                ],
            ),
            (
                "5.4.2",
                "Penalty",
                [
                    "A violation of this chapter is a misdemeanor. Each day a violation continues is "
                    "a separate offense.",
                    "(Ord. 2019-04, § 5, 5-7-2019)",
                ],
            ),
        ],
    ),
]

TABLE = [
    "Feature               Tank    Soil treatment area",
    "Property line          10          10",
    "Building               10          20",
    "Private well           50         100",
    "Lake or river          75         150",
]


class Code(FPDF):
    current = ""  # the title of the first section that starts on this page

    def header(self) -> None:
        self.set_font("Helvetica", "", 8)
        if self.page_no() == 1:
            pass
        elif self.page_no() % 2:
            self.cell(0, 5, self.current, align="R")
        else:
            self.cell(0, 5, f"Sewage Treatment  {self.current.title()}", align="L")
        self.ln(8)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font("Helvetica", "", 8)
        self.cell(0, 5, f"Supp. No. 4                                        5-{self.page_no()}")


def build(path: Path) -> None:
    pdf = Code(format=(105, 148))
    pdf.set_auto_page_break(True, margin=18)
    pdf.set_margins(10, 12, 10)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 11)
    pdf.multi_cell(0, 6, "CHAPTER 5\nSUBSURFACE SEWAGE TREATMENT SYSTEMS", align="C")
    pdf.ln(3)
    pdf.set_font("Helvetica", "", 9)
    for part, sections in PARTS:
        pdf.cell(0, 5, part, new_x="LMARGIN", new_y="NEXT")
        for number, title, _ in sections:
            dots = "." * max(4, 60 - len(number) - len(title))
            pdf.cell(0, 5, f"   § {number}  {title} {dots} 5-2", new_x="LMARGIN", new_y="NEXT")
    pdf.add_page()
    for part, sections in PARTS:
        pdf.set_font("Helvetica", "B", 10)
        pdf.cell(0, 6, part, new_x="LMARGIN", new_y="NEXT")
        for number, title, paragraphs in sections:
            pdf.current = f"§ {number}  {title.upper()}"
            pdf.set_font("Helvetica", "", 10)
            first, *rest = paragraphs
            pdf.multi_cell(0, 5, f"§ {number}  {first}", new_x="LMARGIN", new_y="NEXT")
            for para in rest:
                if para == "TABLE":
                    pdf.set_font("Courier", "", 9)
                    for row in TABLE:
                        pdf.cell(0, 4.5, row, new_x="LMARGIN", new_y="NEXT")
                    pdf.set_font("Helvetica", "", 10)
                    continue
                pdf.multi_cell(0, 5, para, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(2)
    pdf.output(str(path))


if __name__ == "__main__":
    build(HERE / "running_head_titles_city.pdf")
