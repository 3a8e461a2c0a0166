"""Writes `landscape_runin_county.pdf`: a fictional county code chapter (Larchmere County,
Minnesota) as a landscape letter PDF set in two justified columns, made with fpdf2's core fonts.
Each section begins with its number in bold and its title in small capitals run in to the first
paragraph (`14.11  SEPTIC TANK CAPACITY.  (a) Every septic tank ...`): the title's capitals at
the text's size and its lower-case letters as capitals two points smaller ('S' at 10 pt, 'EPTIC'
at 8 pt), or, in the later parts, the whole title in capitals at the smaller size; a long title
wraps onto the text's first line. Parts open with a shaded banner (`PART 2 — PERMITS AND
INSPECTIONS`) across their column; the chapter's first page opens with its title across the
page and a list of its sections under the parts' names; sections carry history notes (`(Ord.
2009-02, § 1, 3-17-2009)`), editor's and cross-reference notes; two Courier tables (tank
capacity by bedrooms, setbacks), each kept whole in a column, give their units only in their
captions; words are hyphenated at line ends. Running heads name the sections on the page: `§
14.05 – § 14.09` at the left of even pages, `CHAPTER 14 — SSTS` with the first section's number
at the right of odd ones (none on the first page); footers give `Supp. No. 4` and the page
number `14-n`. An ordinance disposition table ends the chapter on a page of its own.

Its lines are drawn across the page row by row (the left column's line, then the right column's
beside it), so a plain text extraction runs the two columns together line by line, and its
fonts write latin-1, so each dash prints as hyphens ('PART 2 -- PERMITS AND INSPECTIONS').
`landscape_runin_county_b.pdf` is the same chapter drawn column by column (the left column's
lines, then the right column's), as fpdf2's `text_columns` would, its fonts writing
windows-1252 with the dashes as they are.

Test data only: run `python tests/data/formats/make_landscape_runin_county_pdf.py` to rebuild
both."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from fpdf import FPDF

HERE = Path(__file__).parent
PAGE_W, PAGE_H = 279.4, 215.9  # landscape letter
MARGIN = 16.0
GUTTER = 9.0
COL_W = (PAGE_W - 2 * MARGIN - GUTTER) / 2
TOP, BOTTOM = 24.0, 194.0
LEAD = 4.8
SIZE = 10
SMALL = 8  # the small capitals' size
NOTE = 9

PARTS = {
    "14.01": "PART 1 — GENERAL PROVISIONS",
    "14.06": "PART 2 — PERMITS AND INSPECTIONS",
    "14.11": "PART 3 — DESIGN AND CONSTRUCTION",
    "14.16": "PART 4 — OPERATION, MAINTENANCE AND ENFORCEMENT",
}
ALL_CAPS_FROM = "14.11"  # from here on a title is set in capitals at the smaller size

# A section: (number, title, blocks); a block: (kind, text). Kinds: "para" (body text; '~' marks
# where a word may break with a hyphen at a line end), "note" (a history, editor's or cross
# reference note, in a smaller size), "caption" (a table's caption) and "row" (a Courier row).
SECTIONS: list[tuple[str, str, list[tuple[str, str]]]] = [
    (
        "14.01",
        "Title",
        [
            (
                "para",
                "This chapter shall be known as the Larchmere County Subsurface Sewage Treat~ment "
                "System Ordinance and may be cited as the SSTS Ordinance.",
            ),
            ("note", "(Ord. 2009-02, § 1, 3-17-2009)"),
        ],
    ),
    (
        "14.02",
        "Purpose and intent",
        [
            (
                "para",
                "The purpose of this chapter is to protect the public health, safety and general "
                "welfare of the people of the county and the ground and surface waters of the "
                "county by regu~lating the siting, design, instal~lation, alteration, operation, "
                "maintenance, monitoring and management of subsurface sewage treatment systems, "
                "and to provide for the abatement of systems that endanger those waters.",
            ),
            ("note", "(Ord. 2009-02, § 1, 3-17-2009)"),
        ],
    ),
    (
        "14.03",
        "Jurisdiction",
        [
            (
                "para",
                "This chapter applies in every part of the county except within the corporate "
                "limits of a city or the boundaries of a township that administers its own "
                "sewage treatment ordinance at least as strict as this chapter, as those are "
                "certified each year to the county by the Department of Environ~mental Services.",
            ),
            ("note", "(Ord. 2009-02, § 1, 3-17-2009; Ord. 2014-06, § 1, 8-5-2014)"),
        ],
    ),
    (
        "14.04",
        "Adoption of state rules by reference",
        [
            (
                "para",
                "Minnesota Rules, chapters 7080 through 7083, as amended from time to time, are "
                "adopted by reference and made a part of this chapter as if fully set forth in "
                "it. Where this chapter and the state rules differ, the more restrictive applies.",
            ),
            ("note", "(Ord. 2009-02, § 1, 3-17-2009)"),
            (
                "note",
                "Cross reference— Shoreland management overlay district, see Chapter 12.",
            ),
        ],
    ),
    (
        "14.05",
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
                "Bedroom. A room that is or may be used for sleeping, including a den or "
                "office with a closet or an egress window.",
            ),
            ("para", "Department. The Larchmere County Department of Environ~mental Services."),
            (
                "para",
                "Dwelling. A building or part of a building used as a home by one family, "
                "including a manufactured home set on a perma~nent foundation.",
            ),
            (
                "para",
                "Design flow. The largest volume of sewage, in gallons per day, that a system is "
                "designed to receive and treat.",
            ),
            (
                "para",
                "Holding tank. A watertight tank that stores sewage until it is pumped and "
                "hauled away for treatment elsewhere.",
            ),
            (
                "para",
                "Imminent threat to public health. A system that discharges sewage to the ground "
                "surface, to surface water or into a building, or that is otherwise a danger "
                "to health, as the state rules define it.",
            ),
            (
                "para",
                "Licensed business. A business that holds the license of the Minnesota Pollution "
                "Control Agency for the kind of work it does on a system.",
            ),
            (
                "para",
                "Owner. Every person who holds title to a property a system serves, or who "
                "occupies it under a contract for deed or a lease of more than one year.",
            ),
            (
                "para",
                "Property transfer. A sale or other convey~ance of the title to a property, "
                "including by a contract for deed, but not a transfer between spouses or to a "
                "trust of which the owner is the benefi~ciary.",
            ),
            (
                "para",
                "Septic tank. A watertight, buried tank that receives sewage, separates its solids "
                "from its liquid and passes the liquid on to the soil treatment area.",
            ),
            (
                "para",
                "Soil treatment area. The area of soil that receives the effluent of a septic "
                "tank and treats it by filtering it through the un~saturated soil below.",
            ),
            (
                "para",
                "Subsurface sewage treatment system or system. A system of septic tanks, pumps, "
                "pipes and soil treatment areas that treats the sewage of fewer than "
                "10,000 gallons per day below the ground surface.",
            ),
            ("note", "(Ord. 2009-02, § 1, 3-17-2009; Ord. 2014-06, § 2, 8-5-2014)"),
            (
                "note",
                "Editor's note— Ord. 2014-06, § 2, added the definition of a bedroom and "
                "renumbered the definitions that follow it.",
            ),
        ],
    ),
    (
        "14.06",
        "Permit required",
        [
            (
                "para",
                "(a) No person shall install, alter, repair, extend or replace a subsurface "
                "sewage treatment system in the county without first obtaining a permit from "
                "the Department.",
            ),
            (
                "para",
                "(b) No permit is required to pump a septic tank, or to replace a pump, a "
                "float, an alarm, a broken lid or a baffle with one of the same kind and "
                "capacity.",
            ),
            ("note", "(Ord. 2009-02, § 2, 3-17-2009)"),
        ],
    ),
    (
        "14.07",
        "Permit application",
        [
            (
                "para",
                "An appli~cation for a permit shall be made on a form the Department provides, "
                "signed by the owner and by a designer licensed by the state, and shall include "
                "a site evalu~ation, a design of the system drawn to scale showing its setbacks, "
                "and the fee set by resolution of the county board.",
            ),
            ("note", "(Ord. 2009-02, § 2, 3-17-2009)"),
        ],
    ),
    (
        "14.08",
        "Permit term and renewal",
        [
            (
                "para",
                "A permit expires eighteen (18) months after the date it is issued unless the "
                "work is completed and given its final inspec~tion. The Department may renew a "
                "permit once, for a further six (6) months, upon written request made before "
                "the permit expires.",
            ),
            ("note", "(Ord. 2009-02, § 2, 3-17-2009; Ord. 2014-06, § 3, 8-5-2014)"),
        ],
    ),
    (
        "14.09",
        "Inspections",
        [
            (
                "para",
                "The installer shall notify the Department at least two (2) working days before "
                "the system is ready for inspec~tion. No part of a system shall be covered until "
                "it has been inspected and approved, and the Department may order any part "
                "covered without its approval to be uncovered at the owner's cost.",
            ),
            (
                "para",
                "The Department shall inspect every new or replaced septic tank and soil "
                "treatment area before it is covered, and shall give the owner a written report "
                "of each inspection within ten (10) working days after it is made. A system that "
                "passes its final inspection is in compli~ance for five (5) years from the date "
                "of that inspection, unless the Department finds it to be failing or an "
                "imminent threat to public health in the meantime.",
            ),
            ("note", "(Ord. 2009-02, § 2, 3-17-2009)"),
        ],
    ),
    (
        "14.10",
        "Certificate of compliance required at the transfer of a property",
        [
            (
                "para",
                "No property served by a system shall be sold or trans~ferred until the seller "
                "files with the Department a certifi~cate of compli~ance issued within the three "
                "(3) years before the transfer, or a written agreement of the buyer to bring "
                "the system into compli~ance within ten (10) months after the transfer. A "
                "transfer made between November 1 and April 30 may defer the inspection to the "
                "following June 1.",
            ),
            ("note", "(Ord. 2014-06, § 4, 8-5-2014)"),
        ],
    ),
    (
        "14.11",
        "Septic tank capacity",
        [
            (
                "para",
                "(a) Every septic tank serving a dwelling shall have a liquid capacity of not "
                "less than the capacity given in Table 14.11 for the number of bedrooms in the "
                "dwelling it serves.",
            ),
            ("caption", "TABLE 14.11. MINIMUM LIQUID CAPACITY (GALLONS)"),
            ("row", "Bedrooms          Tank capacity"),
            ("row", "2 or fewer            1,000"),
            ("row", "3                     1,000"),
            ("row", "4                     1,250"),
            ("row", "5                     1,500"),
            ("row", "6                     1,750"),
            (
                "para",
                "(b) For a dwelling with more than six bedrooms, the capacity shall be increased "
                "by 250 gallons for each bedroom over six.",
            ),
            ("note", "(Ord. 2009-02, § 3, 3-17-2009)"),
        ],
    ),
    (
        "14.12",
        "Setbacks",
        [
            (
                "para",
                "Every septic tank and soil treatment area shall be set back from the features "
                "below by not less than the distances in Table 14.12, measured horizon~tally. The "
                "setback from a feature not listed is as the state rules require.",
            ),
            ("caption", "TABLE 14.12. MINIMUM SETBACK DISTANCES (IN FEET)"),
            ("row", "Feature                    Septic tank   Soil treatment area"),
            ("row", "Water supply well               50              100"),
            ("row", "Buried water pipe               10               50"),
            ("row", "Building                        10               20"),
            ("row", "Property line                   10               10"),
            ("row", "Ordinary high water level       75              150"),
            ("note", "(Ord. 2009-02, § 3, 3-17-2009; Ord. 2019-11, § 1, 10-1-2019)"),
        ],
    ),
    (
        "14.13",
        "Vertical separation",
        [
            (
                "para",
                "The bottom of every soil treatment area shall be at least three (3) feet above "
                "the periodi~cally saturated soil or the bedrock, as the site evalu~ation finds "
                "them. A system serving a dwelling built before 1996 may keep the separation it "
                "was permitted with until it is replaced.",
            ),
            ("note", "(Ord. 2009-02, § 3, 3-17-2009)"),
        ],
    ),
    (
        "14.14",
        "Holding tanks",
        [
            (
                "para",
                "A holding tank may serve only a building on a lot where no other system can be "
                "installed, or a building used seasonally. Its liquid capacity shall be not "
                "less than 1,000 gallons, and it shall be fitted with an alarm that warns when "
                "the tank is three-quarters full. The owner shall keep a contract with a "
                "licensed maintenance business for its pumping and file a copy with the "
                "Department.",
            ),
            ("note", "(Ord. 2009-02, § 3, 3-17-2009)"),
        ],
    ),
    (
        "14.15",
        "Design flow",
        [
            (
                "para",
                "The design flow of a system serving a dwelling shall be determined from the "
                "number of bedrooms as the state rules provide, and shall be not less than "
                "three hundred (300) gallons per day for a dwelling of two bedrooms or fewer.",
            ),
            ("note", "(Ord. 2014-06, § 5, 8-5-2014)"),
        ],
    ),
    (
        "14.16",
        "Maintenance and pumping",
        [
            (
                "para",
                "The owner of every septic tank shall have it inspected and, where the solids "
                "and scum fill one-third of its capacity, pumped at least once every three (3) "
                "years by a licensed mainte~nance business, and shall file the pumper's report "
                "with the Department within thirty (30) days after the pumping.",
            ),
            (
                "para",
                "The report shall state the volume pumped, the condition of the tank and its "
                "baffles, and whether the tank leaks or the effluent screen needs cleaning. A "
                "maintenance business that finds sewage at the ground surface shall tell the "
                "Department of it within one (1) working day.",
            ),
            ("note", "(Ord. 2009-02, § 4, 3-17-2009; Ord. 2021-03, § 1, 5-4-2021)"),
            (
                "note",
                "Editor's note— Ord. 2021-03, § 1, moved the pumping report from § 14.17 "
                "to this section.",
            ),
        ],
    ),
    (
        "14.17",
        "Abandonment",
        [
            (
                "para",
                "A system that is no longer used, or that is replaced, shall be aban~doned within "
                "ninety (90) days after its use ends, in the manner the state rules require. "
                "The business that abandons it shall file a report with the Department within "
                "thirty (30) days after the work.",
            ),
            ("note", "(Ord. 2009-02, § 4, 3-17-2009)"),
        ],
    ),
    (
        "14.18",
        "Failing systems and imminent threats to public health; orders to correct",
        [
            (
                "para",
                "(a) A system that fails to protect ground~water shall be upgraded, replaced or "
                "aban~doned within ten (10) months after the owner receives the Department's "
                "notice of noncom~pliance.",
            ),
            (
                "para",
                "(b) A system that is an imminent threat to public health shall be pumped within "
                "forty-eight (48) hours and upgraded, replaced or aban~doned within ninety (90) "
                "days after the notice.",
            ),
            (
                "para",
                "(c) Where the owner does not comply with a notice within the time it allows, the "
                "Department may have the work done and the county may assess its cost against "
                "the property as a special assess~ment, to be collected with the property taxes "
                "of the following year.",
            ),
            ("note", "(Ord. 2009-02, § 4, 3-17-2009; Ord. 2021-03, § 2, 5-4-2021)"),
        ],
    ),
    (
        "14.19",
        "Variances",
        [
            (
                "para",
                "The board of adjustment may grant a variance from a standard of this chapter "
                "that is not a state rule where its strict enforcement would cause a practical "
                "diffi~culty. An appli~cation shall be heard within sixty (60) days after it is "
                "filed with the Department.",
            ),
            ("note", "(Ord. 2009-02, § 5, 3-17-2009)"),
            ("note", "Cross reference— Board of adjustment, see § 3.14."),
        ],
    ),
    (
        "14.20",
        "Violations and penalties",
        [
            (
                "para",
                "Any person who violates a provision of this chapter is guilty of a misdemeanor. "
                "Each day a violation continues is a separate offense. The county may also seek "
                "an injunc~tion or any other remedy the law allows.",
            ),
            (
                "para",
                "The Department may refuse to issue a permit for any work on a property where a "
                "violation of this chapter has not been corrected, and may revoke a permit issued "
                "on the basis of a false statement in its appli~cation.",
            ),
            ("note", "(Ord. 2009-02, § 5, 3-17-2009)"),
        ],
    ),
]

DISPOSITION = [
    "Ord. No.    Adopted      Section(s)          Subject",
    "2009-02     3-17-2009    14.01 - 14.20       Chapter adopted",
    "2014-06     8-5-2014     14.03, 14.05,       Definitions; permits;",
    "                         14.08, 14.10        property transfers",
    "2019-11     10-1-2019    14.12               Setbacks",
    "2021-03     5-4-2021     14.16, 14.18        Pumping; failing systems",
]


@dataclass
class Run:
    """A piece of text set in one font."""

    text: str
    family: str = "Times"
    style: str = ""
    size: float = SIZE


@dataclass
class Row:
    """One line of a column: its words (each a list of runs), or a banner, a table row."""

    words: list[list[Run]] = field(default_factory=list)
    kind: str = "text"  # "text" | "last" (a paragraph's last line: not justified) | "banner"
    # | "row" (Courier) | "blank"
    section: str = ""
    indent: float = 0.0
    table: int = 0  # rows of one table (its caption and rows) share a number: kept together


def _small_caps(title: str) -> list[list[Run]]:
    """A title's words in small capitals: capitals at the text's size, lower-case letters as
    capitals at `SMALL`."""
    words: list[list[Run]] = []
    for word in title.split():
        runs: list[Run] = []
        for ch in word:
            size = SIZE if ch.isupper() or not ch.isalpha() else SMALL
            if runs and runs[-1].size == size:
                runs[-1].text += ch.upper()
            else:
                runs.append(Run(ch.upper(), size=size))
        words.append(runs)
    return words


def _all_caps(title: str) -> list[list[Run]]:
    return [[Run(word.upper(), size=SMALL)] for word in title.split()]


def _width(pdf: FPDF, runs: list[Run]) -> float:
    total = 0.0
    for r in runs:
        pdf.set_font(r.family, r.style, r.size)
        total += pdf.get_string_width(r.text)
    return total


def _space(pdf: FPDF, size: float = SIZE) -> float:
    pdf.set_font("Times", "", size)
    return pdf.get_string_width(" ")


_VOWELS = set("aeiouy")


def _breaks(word: str) -> list[int]:
    """Where a word may break with a hyphen: its '~' marks, or else, in a lower-case word of
    seven letters or more, before a consonant that a vowel follows (keeping three letters on
    each side; after a doubled one too), as a typesetter's hyphenation might."""
    if "~" in word:
        return [word.index("~")]
    core = word.rstrip(".,;:)")
    if len(core) < 7 or not core.isalpha() or not core.islower():
        return []
    return [
        i
        for i in range(3, len(core) - 2)
        if core[i] not in _VOWELS
        and core[i + 1] in _VOWELS
        and (core[i - 1] in _VOWELS or core[i - 1] == core[i])
    ]


def _fill(pdf: FPDF, words: list[list[Run]], width: float, section: str, size: float) -> list[Row]:
    """Words set into rows no wider than `width`; a word that does not fit at a row's end may
    break with a hyphen (`_breaks`), as far into the row as it fits."""
    rows: list[Row] = []
    line: list[list[Run]] = []
    space = _space(pdf, size)

    def used(ws: list[list[Run]]) -> float:
        return sum(_width(pdf, w) for w in ws) + space * max(0, len(ws) - 1)

    for word in words:
        plain = [Run(r.text.replace("~", ""), r.family, r.style, r.size) for r in word]
        if used([*line, plain]) <= width:
            line.append(plain)
            continue
        text = word[0].text
        r = word[0]
        fits = [
            i
            for i in _breaks(text)
            if len(word) == 1
            and used([*line, [Run(f"{text[:i]}-", r.family, r.style, r.size)]]) <= width
        ]
        if line and fits:
            i = max(fits)
            rows.append(Row([*line, [Run(f"{text[:i]}-", r.family, r.style, r.size)]], "text",
                            section))  # fmt: skip
            line = [[Run(text[i:].replace("~", ""), r.family, r.style, r.size)]]
            continue
        rows.append(Row(line, "text", section))
        line = [plain]
    rows.append(Row(line, "last", section))
    return rows


def _words(text: str, size: float = SIZE, style: str = "") -> list[list[Run]]:
    return [[Run(w, "Times", style, size)] for w in text.split()]


def _section_rows(pdf: FPDF) -> list[Row]:
    """Every row of the chapter's body, in reading order, each with the section it is in."""
    rows: list[Row] = []
    tables = 0
    for number, title, blocks in SECTIONS:
        if number in PARTS:
            rows.append(Row([[Run(PARTS[number], "Helvetica", "B", 9)]], "banner", number))
            rows.append(Row([], "blank", number))
        styled = _all_caps(title) if number >= ALL_CAPS_FROM else _small_caps(title)
        styled[-1].append(Run(".", size=styled[-1][-1].size))
        head = [[Run(number, "Times", "B", SIZE)], *styled]
        for kind, text in blocks:
            if kind == "para":
                words = _words(text)
                if head:
                    words = [*head, *words]
                    head = []
                rows += _fill(pdf, words, COL_W, number, SIZE)
            elif kind == "note":
                rows += _fill(pdf, _words(text, NOTE), COL_W, number, NOTE)
            elif kind == "caption":
                rows.append(Row([], "blank", number))
                tables += 1
                caption = Run(text, "Helvetica", "B", 8)
                rows.append(Row([[caption]], "last", number, table=tables))
            elif kind == "row":
                rows.append(Row([[Run(text, "Courier", "", 8)]], "row", number, 2.0, tables))
        rows.append(Row([], "blank", number))
    return rows


def _contents_rows() -> list[Row]:
    """The list of sections at the start of the chapter, under the parts' names."""
    rows = [Row([[Run("Sections:", "Times", "B", SIZE)]], "last")]
    for number, title, _ in SECTIONS:
        if number in PARTS:
            name = PARTS[number].split("— ", 1)[1].title().replace(" And ", " and ")
            rows.append(Row([[Run(name, "Times", "I", SIZE)]], "last", indent=12.0))
        rows.append(Row([[Run(number, "Times", "", SIZE)], *_words(title)], "last"))
    rows.append(Row([], "blank"))
    return rows


Column = list[Row]


def _columns(rows: list[Row], first_room: int, room: int) -> list[Column]:
    """The rows cut into columns: the first page's first column has `first_room` rows (under
    the chapter's title), the others `room`; a banner never ends a column, and a table is
    never broken."""
    out: list[Column] = []
    i = 0
    while i < len(rows):
        size = first_room if len(out) < 2 else room
        chunk = rows[i : i + size]
        if i + size < len(rows) and chunk and chunk[-1].table and rows[i + size].table:
            while chunk and chunk[-1].table == rows[i + size].table:
                chunk = chunk[:-1]  # the table goes on to the next column whole
        if chunk and chunk[-1].kind in ("banner", "blank") and len(chunk) == size:
            chunk = chunk[:-1]
        while chunk and chunk[0].kind == "blank":
            chunk = chunk[1:]
            i += 1
        out.append(chunk)
        i += len(chunk)
    return out


def _draw_row(pdf: FPDF, row: Row, x: float, y: float) -> None:
    if row.kind == "banner":
        pdf.set_fill_color(205, 205, 205)
        pdf.rect(x, y - 0.6, COL_W, LEAD + 1.2, style="F")
        runs = row.words[0]
        pdf.set_font(runs[0].family, runs[0].style, runs[0].size)
        pdf.set_xy(x, y)
        pdf.cell(COL_W, LEAD, runs[0].text, align="C")
        return
    if not row.words:
        return
    x += row.indent
    widths = [_width(pdf, w) for w in row.words]
    gap = _space(pdf, row.words[-1][-1].size)
    if row.kind == "text" and len(row.words) > 1:  # justified
        gap = (COL_W - row.indent - sum(widths)) / (len(row.words) - 1)
    for word, w in zip(row.words, widths, strict=True):
        at = x
        for r in word:
            pdf.set_font(r.family, r.style, r.size)
            pdf.set_xy(at, y)
            rw = pdf.get_string_width(r.text)
            pdf.cell(rw, LEAD, r.text)
            at += rw
        x += w + gap


def _draw_page(
    pdf: FPDF, folio: int, columns: list[Column], top: float, by_rows: bool, chapter: bool
) -> None:
    pdf.add_page()
    numbers = [r.section for col in columns for r in col if r.section]
    numbers = list(dict.fromkeys(numbers))
    pdf.set_font("Helvetica", "", 8)
    if not chapter and numbers:
        if folio % 2 == 0:
            span = f"§ {numbers[0]} – § {numbers[-1]}" if len(numbers) > 1 else f"§ {numbers[0]}"
            pdf.set_xy(MARGIN, 12)
            pdf.cell(COL_W, 4, span)
            pdf.set_xy(PAGE_W - MARGIN - COL_W, 12)
            pdf.cell(COL_W, 4, "LARCHMERE COUNTY CODE", align="R")
        else:
            pdf.set_xy(MARGIN, 12)
            pdf.cell(COL_W, 4, "CHAPTER 14 — SSTS")
            pdf.set_xy(PAGE_W - MARGIN - COL_W, 12)
            pdf.cell(COL_W, 4, numbers[0], align="R")
    if chapter:
        pdf.set_font("Helvetica", "B", 13)
        pdf.set_xy(MARGIN, 14)
        pdf.cell(PAGE_W - 2 * MARGIN, 6, "CHAPTER 14", align="C")
        pdf.set_xy(MARGIN, 21)
        pdf.cell(PAGE_W - 2 * MARGIN, 6, "SUBSURFACE SEWAGE TREATMENT SYSTEMS", align="C")
    xs = [MARGIN, MARGIN + COL_W + GUTTER]
    if by_rows:
        for k in range(max(len(c) for c in columns)):
            for x, col in zip(xs, columns, strict=False):
                if k < len(col):
                    _draw_row(pdf, col[k], x, top + k * LEAD)
    else:
        for x, col in zip(xs, columns, strict=False):
            for k, row in enumerate(col):
                _draw_row(pdf, row, x, top + k * LEAD)
    pdf.set_font("Helvetica", "", 8)
    pdf.set_xy(MARGIN, 200)
    pdf.cell(COL_W, 4, "Supp. No. 4")
    pdf.set_xy(PAGE_W - MARGIN - COL_W, 200)
    pdf.cell(COL_W, 4, f"14-{folio}", align="R")


def _disposition_page(pdf: FPDF, folio: int) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", "", 8)
    pdf.set_xy(MARGIN, 12)
    pdf.cell(COL_W, 4, "CHAPTER 14 — SSTS" if folio % 2 else "LARCHMERE COUNTY CODE")
    pdf.set_font("Helvetica", "B", 11)
    pdf.set_xy(MARGIN, 26)
    pdf.cell(PAGE_W - 2 * MARGIN, 6, "ORDINANCE DISPOSITION TABLE", align="C")
    pdf.set_font("Times", "", 9)
    pdf.set_xy(MARGIN + 30, 34)
    pdf.multi_cell(
        PAGE_W - 2 * MARGIN - 60,
        4.2,
        "This table lists the ordinances codified in this chapter and the sections each "
        "adopted or amended.",
    )
    pdf.set_font("Courier", "", 9)
    for k, line in enumerate(DISPOSITION):
        pdf.set_xy(MARGIN + 30, 46 + k * 4.6)
        pdf.cell(0, 4.6, line)
    pdf.set_font("Helvetica", "", 8)
    pdf.set_xy(MARGIN, 200)
    pdf.cell(COL_W, 4, "Supp. No. 4")
    pdf.set_xy(PAGE_W - MARGIN - COL_W, 200)
    pdf.cell(COL_W, 4, f"14-{folio}", align="R")


class Code(FPDF):
    """An FPDF whose core fonts write latin-1, a dash as hyphens ('—' as '--', '–' as '-'), or,
    with `cp1252`, windows-1252 with the dashes as they are."""

    def __init__(self, cp1252: bool) -> None:
        super().__init__(orientation="L", unit="mm", format="Letter")
        self.cp1252 = cp1252
        if cp1252:
            self.core_fonts_encoding = "windows-1252"

    def normalize_text(self, text: str) -> str:
        if not self.cp1252:
            text = text.replace("—", "--").replace("–", "-")
        return super().normalize_text(text)


def build(path: Path, by_rows: bool, cp1252: bool) -> None:
    pdf = Code(cp1252)
    pdf.set_auto_page_break(False)
    pdf.set_title("Larchmere County Code, Chapter 14")
    rows = _contents_rows() + _section_rows(pdf)
    room = int((BOTTOM - TOP) / LEAD)
    first_top = TOP + 10
    columns = _columns(rows, int((BOTTOM - first_top) / LEAD), room)
    folio = 0
    for k in range(0, len(columns), 2):
        folio += 1
        _draw_page(pdf, folio, columns[k : k + 2], first_top if k == 0 else TOP, by_rows, k == 0)
    _disposition_page(pdf, folio + 1)
    pdf.output(str(path))


if __name__ == "__main__":
    build(HERE / "landscape_runin_county.pdf", by_rows=True, cp1252=False)
    build(HERE / "landscape_runin_county_b.pdf", by_rows=False, cp1252=True)
