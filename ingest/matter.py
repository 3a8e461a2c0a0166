"""Matter around and inside sections: front/back matter classification and text re-flow."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ingest.numbers import words_value
from ingest.records import SectionKind

BACK_MATTER = re.compile(
    r"(?m)^[ \t]*(?:AFFIDAVIT\b|ATTEST\b|Attest:|STATE OF [A-Z]+|Published in\b|Passed and adopted\b|"
    r"(?:PASSED AND )?ADOPTED (?:by|this)\b|(?:(?:KEYWORD|SUBJECT|TOPICAL|GENERAL) )?INDEX[ \t]*$|Was this (?:page|information) helpful\b|"
    r"BE IT (?:FURTHER|ALSO) RESOLVED\b|(?:AMENDMENT|LEGISLATIVE) HISTORY(?: TABLE)?[ \t]*$|"
    r"(?:Amendment|Legislative) History(?: Table)?[ \t]*$|"
    r"(?:ORDINANCE )?DISPOSITION TABLE[ \t]*$)"
)
"""Back matter after the last section: signatures, an affidavit, an index ('INDEX' or 'KEYWORD
INDEX' alone on its line), an amendment history list ('LEGISLATIVE HISTORY' or 'Legislative History' alone on
its line), a code's table of the ordinances it codified ('ORDINANCE
DISPOSITION TABLE' alone on its line), a web page's footer ('Was this page helpful?'), a
resolution's closing clauses ('BE IT FURTHER RESOLVED, that these regulations take effect
...')."""
CONTACT = re.compile(r"\b(?:Phone|Fax|Call|Visit|Online|E-?mail)\s*:|Please contact|A copy for")
CAPTION = r"TABLE\b|Table\s+[\dIVXA-Z][\w.-]*\s*(?:--|[-–—:.])"
"""A table's caption begins its own line ('TABLE 2', 'Table 4.2 -- Minimum ...')."""
ITEM_START = re.compile(rf"^(?:\(\s*[0-9a-zA-Z]{{1,3}}\s*\)|[a-z]\s?\.\s|{CAPTION}|\*)")
ADOPTION = re.compile(
    r"\b(?:ordains?|ORDAIN|ATTEST|AFFIDAVIT|NOTICE OF|hereby (?:adopted|amended|repealed)|"
    r"BE IT (?:FURTHER|ALSO) RESOLVED|"
    r"Passed|Published)\b"
)
TOC = re.compile(r"\b(?:Sections?|Secs?\.?)\s+\d+\s+(?:through|to)\s+\d+")


COLUMNS = re.compile(r"\S {3,}\S+(?: \S+)* {3,}\S")
"""A line set out in columns: two gaps of three spaces or more between its words."""
_CELL_GAP = re.compile(r"\S {3,}\S")


def in_columns(line: str, after_columns: bool) -> bool:
    """Whether `line` is a fixed-width table's line: set out in columns (`COLUMNS`), or, right
    under such a line, two cells apart ('Bedrooms   Minimum capacity   With a disposal' over
    '                (gallons)          (gallons)': a header's second line, whose units stand
    under the columns they name)."""
    return bool(COLUMNS.search(line) or (after_columns and _CELL_GAP.search(line)))


_GAP = re.compile(r"(?<=\S) {3,}(?=\S)")
_RULE_LINE = re.compile(r"[\s\-=_|:]*")
MIN_PAIRED_ROWS = 3


def two_cell_rows(lines: Sequence[str]) -> set[int]:
    """The indices of a two-column fixed-width table's lines ('3          1,350' under
    'Bedrooms in dwelling     Required liquid capacity'): a run of `MIN_PAIRED_ROWS` lines or
    more one under another, each two cells a gap of three spaces or more apart with a figure in
    it, the second cells starting or ending at one column; and the header line above the run
    (a rule of dashes between them passed over) where it is two cells apart or more too."""
    cells: list[tuple[int, int] | None] = []
    for line in lines:
        text = line.rstrip().expandtabs()
        gaps = list(_GAP.finditer(text))
        row = len(gaps) == 1 and any(ch.isdigit() for ch in text)
        cells.append((gaps[0].end(), len(text)) if row else None)
    out: set[int] = set()
    i = 0
    while i < len(lines):
        first = cells[i]
        if first is None:
            i += 1
            continue
        j = i + 1
        while (
            j < len(lines)
            and (c := cells[j]) is not None
            and (abs(c[0] - first[0]) <= 1 or abs(c[1] - first[1]) <= 1)
        ):
            j += 1
        if j - i >= MIN_PAIRED_ROWS:
            out.update(range(i, j))
            above = i - 1
            while above >= 0 and lines[above].strip() and _RULE_LINE.fullmatch(lines[above]):
                out.add(above)
                above -= 1
            if above >= 0 and _GAP.search(lines[above].rstrip().expandtabs()):
                out.add(above)
        i = j
    return out


def line_width(text: str, fallback: int = 80) -> int:
    """The width of a text's lines, as most of them fill it (the fifth-longest in five);
    `fallback` for a text of fewer than five lines, too few to tell."""
    widths = sorted(len(" ".join(r.split())) for r in text.split("\n") if r.strip())
    return widths[len(widths) * 4 // 5] if len(widths) >= 5 else fallback


def tidy(body: str, layout: str, items: re.Pattern[str] = ITEM_START, width: int = 80) -> str:
    """Re-flow wrapped lines; keep breaks before list items (`items`), table rows, short lines
    (short for the text's width, its own or the document's `width` if narrower: a narrow
    column's lines are all under 45 characters, and a body of a few lines, one of them joined
    from a word broken over two, tells its width badly)."""
    out: list[str] = []
    prev = last = ""
    table = False
    short = min(45, int(min(line_width(body, width), width) * 0.75))
    lines = body.split("\n")
    paired = two_cell_rows(lines) if layout != "page-lines" else set()
    for k, raw in enumerate(lines):
        line = " ".join(raw.split())
        if not re.search(r"\w", line):
            continue
        table = layout != "page-lines" and (in_columns(raw, table) or k in paired)
        if table:
            # a fixed-width table's line keeps its spacing: where a header word stands over a
            # column tells which column it names ('Septic or' over 'Pump Tank')
            out.append(("\n" if out else "") + raw.rstrip().expandtabs())
            prev = ""
            continue
        # 'sixteen' / '(16) months': a figure said twice across the line end, not a list item
        spelled = re.match(r"\(\d+\)", line) and words_value(last) is not None
        last = line.split()[-1] if line.split() else ""
        if (
            out
            and layout != "page-lines"
            and ((items.match(line) and not spelled) or len(prev) < short)
        ):
            out.append("\n" + line)
        elif out:
            out.append(" " + line)
        else:
            out.append(line)
            line = "x" * 80  # the first line is the rest of the heading line: not a short line
        prev = line
    return "".join(out).strip()


_CONTENTS_LINE = re.compile(
    r"(?m)^(?:[^\n]*\n(?=[ \t]*[a-z][^\n]*(?:\.[ \t]?){4,}[ \t]*\d))?"
    r"[^\n]*(?:\.[ \t]?){4,}[ \t]*\d{1,4}(?:[-–]\d{1,4})?[ \t]*\n?"
)
"""A table of contents' line: an entry, dot leaders and a page number (with the line it runs
on from: 'Q 10. How far must a system be from a well, a lake or a property' / 'line? .... 5')."""


def without_contents(matter: str) -> str:
    """Front or back matter without its table of contents' entries: navigation, no provision."""
    return _CONTENTS_LINE.sub("", matter)


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
