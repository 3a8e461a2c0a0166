"""Write the records-export fixtures: `records_export_city.txt` (tab-separated, a banner, a page
break with the header repeated every 12 rows) and `records_export_county.csv` (CSV, labels in
the section cells). Run: python tests/data/formats/make_records_exports.py"""

import csv
import io
from pathlib import Path

HERE = Path(__file__).resolve().parent
HEAD = ["Section", "Heading", "Subd", "Para Type", "Seq", "Text", "Source", "Supp", "Status"]


def tsv(section, heading, subd, kind, seq, text, source="", supp="", status="Current"):
    """One row of the city's export, its cells in the order of `HEAD`."""
    return [section, heading, subd, kind, seq, text, source, supp, status]


# fmt: off
rows = [
    tsv("820", "", "", "CHAPTER", "1", "CHAPTER 820. INDIVIDUAL SEWAGE TREATMENT SYSTEMS"),
    tsv("820", "", "", "CONTENTS", "2", "820.01 Purpose.\n820.02 Administration.\n820.03 Permit required.\n820.04 Permit term.\n820.05 Septic tanks.\n820.06 Setbacks.\n820.07 Pumping.\n820.08 Holding tanks."),
    tsv("820.01", "PURPOSE.", "", "HEADING", "1", "820.01 PURPOSE."),
    tsv("820.01", "PURPOSE.", "", "BODY", "2", "The purpose of this chapter is to protect the public health and the waters of the city by regulating the design, installation, operation and maintenance of individual sewage treatment systems.", "Ord. 14-203", "S-4"),
    tsv("820.01", "PURPOSE.", "", "HISTORY", "3", "History: Ord. 14-203, passed 3-4-2014."),
    tsv("820.02", "ADMINISTRATION.", "", "HEADING", "1", "820.02 ADMINISTRATION."),
    tsv("820.02", "ADMINISTRATION.", "", "BODY", "2", "The Building Official shall administer this chapter and may enter any property at reasonable times to inspect a system after giving the owner at least forty-eight (48) hours notice.", "Ord. 14-203", "S-4"),
    tsv("820.02", "ADMINISTRATION.", "", "XREF", "3", "Cross-reference: Building Official, see Section 210.04."),
    tsv("820.03", "PERMIT REQUIRED.", "", "HEADING", "1", "820.03 PERMIT REQUIRED."),
    tsv("820.03", "PERMIT REQUIRED.", "A", "BODY", "2", "No person shall install, alter, repair or extend an individual sewage treatment system without first obtaining a permit from the Building Official.", "Ord. 14-203", "S-4"),
    tsv("820.03", "PERMIT REQUIRED.", "B", "BODY", "3", "A permit is not required to pump a septic tank or to replace a tank lid or a\nbaffle with one of the same kind.", "Ord. 19-11", "S-6"),
    tsv("820.03", "PERMIT REQUIRED.", "", "HISTORY", "4", "History: Ord. 14-203; amd. Ord. 19-11, passed 6-3-2019."),
    tsv("820.04", "PERMIT TERM.", "", "HEADING", "1", "820.04 PERMIT TERM."),
    tsv("820.04", "PERMIT TERM.", "", "BODY", "2", "A permit is valid for fourteen (14) months from the date it is issued. The Building Official may extend a permit once, for not more than ninety (90) days, on a written re-\nquest filed before the permit expires.", "Ord. 19-11", "S-6"),
    tsv("820.05", "SEPTIC TANKS.", "", "HEADING", "1", "820.05 SEPTIC TANKS."),
    tsv("820.05", "SEPTIC TANKS.", "A", "BODY", "2", "The liquid capacity of a septic tank serving a dwelling shall be not less than that shown in Table 820.05.", "Ord. 14-203", "S-4"),
    tsv("820.05", "SEPTIC TANKS.", "", "TABLE CAPTION", "3", "Table 820.05  Septic tank liquid capacity (gallons)", "Ord. 14-203", "S-4"),
    tsv("820.05", "SEPTIC TANKS.", "", "TABLE", "3", "Bedrooms          Capacity\n2 or fewer           1,050\n3                    1,150\n4                    1,450\n5 or 6               1,800", "Ord. 14-203", "S-4"),
    tsv("820.05", "SEPTIC TANKS.", "B", "BODY", "4", "Every septic tank shall have at least two compartments or two tanks in series.", "Ord. 14-203", "S-4"),
    tsv("820.06", "SETBACKS.", "", "HEADING", "1", "820.06 SETBACKS."),
    tsv("820.06", "SETBACKS.", "", "BODY", "2", "A septic tank shall be located not less than sixty (60) feet from a water supply well and not less than twelve (12) feet from a property line. A soil treatment area shall be located not less than one hundred ten (110) feet from a water supply well.", "Ord. 14-203", "S-4"),
    tsv("820.07", "PUMPING.", "", "HEADING", "1", "820.07 PUMPING."),
    tsv("820.07", "PUMPING.", "", "BODY", "2", "Every septic tank shall be pumped by a licensed maintenance business at least once every thirty (30) months, or more often if the sludge and scum fill one-third of the tank.", "Ord. 19-11", "S-6"),
    tsv("820.08", "HOLDING TANKS.", "", "HEADING", "1", "820.08 HOLDING TANKS. [Repealed]", "", "", "Repealed"),
    tsv("820.08", "HOLDING TANKS.", "", "HISTORY", "2", "History: repealed by Ord. 22-5, passed 1-10-2022.", "", "", "Repealed"),
    tsv("820.09", "PENALTY.", "", "HEADING", "1", "820.09 PENALTY."),
    tsv("820.09", "PENALTY.", "", "BODY", "2", "A violation of this chapter is a misdemeanor.", "Ord. 14-203", "S-4"),
]
# fmt: on


def write(delim, page_every, banner):
    out = io.StringIO()
    w = csv.writer(out, delimiter=delim, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    out.write(banner)
    for i, r in enumerate(rows):
        if i % page_every == 0:
            if i:
                out.write("\f\n" + f"Page {i // page_every + 1}\n")
            w.writerow(HEAD)
        w.writerow(r)
    return out.getvalue()


(HERE / "records_export_city.txt").open("w").write(
    write(
        "\t",
        12,
        "# CITY OF FERNWOOD -- CODE RECORDS EXPORT\n# Generated 2025-02-11 by CodeVault 4.2; one row per paragraph\n# Do not edit: re-export from the records system instead\n\n",
    )
)

CSV_HEAD = ["Sec. No.", "Subsection", "Row Type", "Body Text", "Adopted By", "Last Updated"]
# fmt: off
csv_rows = [
    ["12", "", "heading", "ARTICLE 12. SEPTIC SYSTEMS", "Ord. 31", "2023-05-02"],
    ["12", "", "section list", "12-1 Purpose; 12-2 Permits; 12-3 Tank capacity; 12-4 Pumping; 12-5 Enforcement", "Ord. 31", "2023-05-02"],
    ["12-1", "", "title", "12-1 Purpose", "Ord. 31", "2023-05-02"],
    ["12-1", "", "para", "This article protects groundwater and the lakes of the county from sewage.", "Ord. 31", "2023-05-02"],
    ["12-2", "", "title", "12-2 Permits", "Ord. 31", "2023-05-02"],
    ["12-2(a)", "", "para", "No person shall construct, alter or repair a septic system without a county permit.", "Ord. 31", "2023-05-02"],
    ["12-2(b)", "", "para", "A permit expires eighteen (18) months after it is issued, unless the work has been\nfinally inspected.", "Ord. 31", "2023-05-02"],
    ["12-2", "", "note", "Editor's note: the former fee schedule in this section was moved to the county fee resolution.", "", ""],
    ["12-3", "", "title", "12-3 Tank capacity", "Ord. 31", "2023-05-02"],
    ["12-3", "", "para", "Every septic tank serving a home shall hold at least 1,100 gallons, and 250 gallons more for each bedroom over three.", "Ord. 31", "2023-05-02"],
    ["12-4", "", "title", "12-4 Pumping", "Ord. 31", "2023-05-02"],
    ["12-4", "Subd. 1", "para", "A septic tank shall be pumped at least once every thirty-six (36) months.", "Ord. 44", "2024-09-10"],
    ["12-5", "", "title", "12-5 Enforcement", "Ord. 31", "2023-05-02"],
    ["12-5", "", "para", "The zoning administrator shall enforce this article. A failing system shall be repaired or replaced within ten (10) months after notice.", "Ord. 31", "2023-05-02"],
]
# fmt: on
out = io.StringIO()
out.write("Wexley County Land Records - Article 12 export\nExported 03/14/2025 10:22 AM\n\n")
w = csv.writer(out, lineterminator="\n")
w.writerow(CSV_HEAD)
for r in csv_rows:
    w.writerow(r)
(HERE / "records_export_county.csv").open("w").write(out.getvalue())
