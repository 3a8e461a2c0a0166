"""Writes `two_column_caps_city.pdf`: a fictional city code article as a PDF set in two columns,
with `ARTICLE IV.` and `DIVISION n.` containers, a section list ('Sec. 8-41 Title and purpose.')
ahead of the body, and bold upper-case headings with the number and title on one line
('SEC. 8-41 TITLE AND PURPOSE.'), some titles running on to a second line; running heads,
"Supp. No. 3" footers with `8-n` page numbers, history and editor's notes. Test data only: run
`python tests/data/formats/make_two_column_caps_pdf.py` to rebuild it."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

HERE = Path(__file__).parent

DIVISIONS: list[tuple[str, list[tuple[str, str, list[str]]]]] = [
    (
        "DIVISION 1. GENERALLY",
        [
            (
                "8-41",
                "Title and purpose",
                [
                    "This article may be cited as the Individual Sewage Treatment System Ordinance "
                    "of the City of Elkhorn Rapids. Its purpose is to protect the public health and "
                    "the groundwater of the city by regulating the design, installation and upkeep "
                    "of individual sewage treatment systems.",
                    "(Ord. No. 311, Sec. 1, 4-2-2018)",
                ],
            ),
            (
                "8-42",
                "State rules adopted by reference",
                [
                    "Minnesota Rules, chapters 7080 through 7083, as amended, are adopted by "
                    "reference and made a part of this article as if fully set forth in it.",
                    "Editor's note: Ord. No. 340 renumbered former section 8-40 as section 8-42.",
                ],
            ),
            (
                "8-44",
                "Definitions",
                [
                    "For the purposes of this article the following words have the meanings given "
                    "them in this section.",
                    *(
                        f"{word}. {meaning}."
                        for word, meaning in [
                            ("Bedroom", "A room that is or may be used for sleeping"),
                            (
                                "Building official",
                                "The person the council names to administer this article",
                            ),
                            ("Dwelling", "A building or part of one used as a home"),
                            ("Failing system", "A system that does not protect groundwater"),
                            (
                                "Holding tank",
                                "A watertight tank that stores sewage until it is pumped",
                            ),
                            (
                                "Imminent threat",
                                "A system that lets sewage reach the ground surface",
                            ),
                            (
                                "Maintenance business",
                                "A business licensed to pump and service tanks",
                            ),
                            ("Septic tank", "A watertight tank that settles solids out of sewage"),
                            (
                                "Soil treatment area",
                                "The area of soil that receives a tank's effluent",
                            ),
                            ("System", "An individual sewage treatment system"),
                            ("Owner", "The person who holds title to the property a system serves"),
                            ("Setback", "The least distance between a system and a feature"),
                            (
                                "Design flow",
                                "The daily volume of sewage a system is designed to treat",
                            ),
                            ("Effluent", "The liquid that leaves a septic tank"),
                            ("Lot", "A parcel of land described in a deed or a plat"),
                            ("Mound", "A soil treatment area built above the natural grade"),
                            ("Replacement", "The installation of a system in place of another"),
                            ("Riser", "A pipe or box that brings a tank's opening to the surface"),
                            ("Sewage", "The waste from toilets, baths, laundries and sinks"),
                        ]
                    ),
                    "(Ord. No. 311, Sec. 1, 4-2-2018; Ord. No. 340, Sec. 1, 9-7-2021)",
                ],
            ),
            (
                "8-45",
                "Administration",
                [
                    "The building official shall administer and enforce this article, issue permits, "
                    "review designs and inspect the construction of every system.",
                ],
            ),
        ],
    ),
    (
        "DIVISION 2. PERMITS AND INSPECTIONS",
        [
            (
                "8-51",
                "Permit required",
                [
                    "No person shall install, alter, repair or extend an individual sewage "
                    "treatment system without first obtaining a permit from the building official. "
                    "The permit fee shall be as set from time to time by resolution of the council.",
                    "(Ord. No. 311, Sec. 2, 4-2-2018)",
                ],
            ),
            (
                "8-52",
                "Permit term; expiration and renewal",
                [
                    "A permit shall expire sixteen (16) months after the date it is issued unless "
                    "the work is completed and given final inspection. The building official may "
                    "renew a permit once for a further six (6) months.",
                    "(Ord. No. 340, Sec. 1, 9-7-2021)",
                ],
            ),
            (
                "8-53",
                "Inspections",
                [
                    "The installer shall notify the building official not less than two (2) working "
                    "days before the system is ready for inspection. No part of a system shall be "
                    "covered before it is inspected.",
                ],
            ),
        ],
    ),
    (
        "DIVISION 3. DESIGN AND MAINTENANCE",
        [
            (
                "8-61",
                "Septic tank capacity",
                [
                    "The liquid capacity of the septic tank serving a dwelling shall be not less than "
                    "1,000 gallons for three or fewer bedrooms, plus 300 gallons for each bedroom "
                    "over three.",
                ],
            ),
            (
                "8-62",
                "Maintenance and pumping; reports required",
                [
                    "The owner shall have every septic tank pumped at least once every three (3) "
                    "years and shall file the pumping report with the city within thirty (30) days "
                    "after the pumping.",
                    "(Ord. No. 340, Sec. 2, 9-7-2021)",
                ],
            ),
            (
                "8-63",
                "Abandonment of systems no longer in use or replaced",
                [
                    "A system that is no longer used, or that is replaced, shall be abandoned within "
                    "ninety (90) days after its use ends, by a licensed business, in the manner the "
                    "state rules require. The business shall file a report of the abandonment with "
                    "the building official within thirty (30) days after the work.",
                    "Cross reference: Public sewer connection, sec. 8-21.",
                ],
            ),
            (
                "8-64",
                "Holding tanks",
                [
                    "A holding tank may be used only where no other system can be sited on the lot. "
                    "Its liquid capacity shall be not less than 1,000 gallons or five (5) times the "
                    "design flow, whichever is greater. The owner shall keep a contract with a "
                    "licensed maintenance business for its pumping and shall have an alarm that "
                    "warns when the tank is three-quarters full.",
                ],
            ),
        ],
    ),
    (
        "DIVISION 4. ENFORCEMENT",
        [
            (
                "8-71",
                "Failing systems; notice and correction",
                [
                    "Where the building official finds that a system is failing to protect "
                    "groundwater, the official shall serve the owner with a written notice. The "
                    "owner shall upgrade, replace or abandon the system within ten (10) months after "
                    "the notice is served. A system that is an imminent threat to public health "
                    "shall be pumped within forty-eight (48) hours and repaired, replaced or "
                    "abandoned within sixty (60) days after the notice.",
                    "(Ord. No. 340, Sec. 3, 9-7-2021)",
                ],
            ),
            (
                "8-72",
                "Variances",
                [
                    "The board of adjustment may grant a variance from the standards of this article "
                    "that are not state rules, where a strict reading would cause practical "
                    "difficulty. An application for a variance shall be made on a form of the city "
                    "and heard within sixty (60) days after it is filed.",
                ],
            ),
            (
                "8-73",
                "Appeals",
                [
                    "A person aggrieved by an order or decision of the building official may appeal "
                    "it to the city council by filing a written notice of appeal with the city clerk "
                    "within fifteen (15) days after the order or decision.",
                ],
            ),
            (
                "8-74",
                "Violations; penalty",
                [
                    "Any person who violates any provision of this article is guilty of a "
                    "misdemeanor.",
                ],
            ),
        ],
    ),
]


class Code(FPDF):
    def header(self) -> None:
        self.set_font("Helvetica", "", 8)
        head = "ELKHORN RAPIDS CITY CODE" if self.page_no() % 2 else "UTILITIES"
        self.cell(0, 5, head, align="C")
        self.ln(8)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font("Helvetica", "", 8)
        self.cell(0, 5, f"Supp. No. 3          8-{self.page_no()}", align="C")


def build(path: Path) -> None:
    pdf = Code(format=(130, 170))
    pdf.set_auto_page_break(True, margin=18)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(0, 6, "ARTICLE IV. INDIVIDUAL SEWAGE TREATMENT SYSTEMS", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    cols = pdf.text_columns(ncols=2, gutter=8)
    with cols:
        pdf.set_font("Helvetica", "", 11)
        for _, sections in DIVISIONS:
            for number, title, _ in sections:
                cols.write(f"Sec. {number} {title}.\n")
        cols.write("\n")
        for division, sections in DIVISIONS:
            pdf.set_font("Helvetica", "B", 11)
            cols.write(f"{division}\n\n")
            for number, title, paragraphs in sections:
                pdf.set_font("Helvetica", "B", 11)
                cols.write(f"SEC. {number} {title.upper()}.\n")
                pdf.set_font("Helvetica", "", 11)
                for paragraph in paragraphs:
                    cols.write(f"{paragraph}\n")
                cols.write("\n")
    pdf.output(str(path))


if __name__ == "__main__":
    build(HERE / "two_column_caps_city.pdf")
