"""Matter around and inside sections: front/back matter classification and text re-flow."""

from __future__ import annotations

import re

from ingest.records import SectionKind

BACK_MATTER = re.compile(
    r"(?m)^[ \t]*(?:AFFIDAVIT\b|ATTEST\b|Attest:|STATE OF [A-Z]+|Published in\b|Passed and adopted\b|"
    r"(?:PASSED AND )?ADOPTED (?:by|this)\b|INDEX[ \t]*$|Was this (?:page|information) helpful\b)"
)
"""Back matter after the last section: signatures, an affidavit, an index ('INDEX' alone on
its line), a web page's footer ('Was this page helpful?')."""
CONTACT = re.compile(r"\b(?:Phone|Fax|Call|Visit|Online|E-?mail)\s*:|Please contact|A copy for")
CAPTION = r"TABLE\b|Table\s+[\dIVXA-Z][\w.-]*\s*(?:--|[-–—:.])"
"""A table's caption begins its own line ('TABLE 2', 'Table 4.2 -- Minimum ...')."""
ITEM_START = re.compile(rf"^(?:\(\s*[0-9a-zA-Z]{{1,3}}\s*\)|[a-z]\s?\.\s|{CAPTION}|\*)")
ADOPTION = re.compile(
    r"\b(?:ordains?|ORDAIN|ATTEST|AFFIDAVIT|NOTICE OF|hereby (?:adopted|amended|repealed)|"
    r"Passed|Published)\b"
)
TOC = re.compile(r"\b(?:Sections?|Secs?\.?)\s+\d+\s+(?:through|to)\s+\d+")


COLUMNS = re.compile(r"\S {3,}\S+(?: \S+)* {3,}\S")
"""A line set out in columns: two gaps of three spaces or more between its words."""


def tidy(body: str, layout: str, items: re.Pattern[str] = ITEM_START) -> str:
    """Re-flow wrapped lines; keep breaks before list items (`items`), table rows, short lines."""
    out: list[str] = []
    prev = ""
    for raw in body.split("\n"):
        line = " ".join(raw.split())
        if not re.search(r"\w", line):
            continue
        if layout != "page-lines" and COLUMNS.search(raw):
            # a fixed-width table's line keeps its spacing: where a header word stands over a
            # column tells which column it names ('Septic or' over 'Pump Tank')
            out.append(("\n" if out else "") + raw.rstrip().expandtabs())
            prev = ""
            continue
        if out and layout != "page-lines" and (items.match(line) or len(prev) < 45):
            out.append("\n" + line)
        elif out:
            out.append(" " + line)
        else:
            out.append(line)
            line = "x" * 80  # the first line is the rest of the heading line: not a short line
        prev = line
    return "".join(out).strip()


def classify(text: str, after_sections: bool) -> tuple[SectionKind, str]:
    if CONTACT.search(text) and after_sections:
        return "appendix", "Appendix"
    if ADOPTION.search(text):
        return "adoption", "Adoption and publication"
    if len(TOC.findall(text)) >= 3:
        return "table_of_contents", "Table of contents"
    return ("appendix", "Appendix") if after_sections else ("preamble", "Preamble")


def back_matter_start(text: str, start: int, end: int) -> int:
    """Where signatures/affidavits or a contact brochure begin inside the last section."""
    cut = end
    m = BACK_MATTER.search(text, start, end)
    if m:
        cut = m.start()
    contacts = list(CONTACT.finditer(text, start, cut))
    if len(contacts) >= 2:
        line_start = text.rfind("\n", start, contacts[0].start()) + 1
        cut = max(line_start, start)
    return cut
