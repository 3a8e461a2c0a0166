"""An ordinance kept as a records system's export of rows: one row per paragraph, its cells
separated by tabs or commas (saved as `.txt`, `.tsv` or `.csv`):

    # CODE RECORDS EXPORT ...                                      (a banner: not the text)
    Section  Heading          Subd  Para Type  Seq  Text                             Status
    820      ...                    CHAPTER    1    CHAPTER 820. SEWAGE SYSTEMS      (a container)
    820      ...                    CONTENTS   2    "820.01 Purpose. / 820.02 ..."   (left out)
    820.05   SEPTIC TANKS.          HEADING    1    820.05 SEPTIC TANKS.             (the title)
    820.05   SEPTIC TANKS.    A     BODY       2    The liquid capacity of ...       (its text)
    820.05   SEPTIC TANKS.          TABLE      3    "Bedrooms   Capacity / 3  1,150" (lines kept)
    820.05   SEPTIC TANKS.          HISTORY    5    History: Ord. 14-203 ...         (left out)
    <form feed> Page 2 / the header again                          (page furniture)

The header row names the columns (the schema words such exports use: `Section`, `Heading`,
`Subdivision`, `Type`, `Text`, `Status`; the rest, a source ordinance or supplement, are left
out). `rows_to_text` prints the rows as the plain text of a printed code: each section as
`Section n. Title.` with its paragraphs below, a subdivision's label before its text, a
multi-line cell's lines as they stand (a table's columns, a word hyphenated at a line's end),
a repealed section as `Section n. Title. Repealed.`; history, source and cross-reference rows
are left out (they are not the law). Nothing here knows a city.
"""

from __future__ import annotations

import csv
import io
import logging
import re
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

MIN_SECTIONS = 3
"""Sections an export must hold to be read as one (else the text is left as it is)."""

_HEADER_LINES = 60  # the header row lies within the first N lines, after any banner
_COLUMNS = {  # a column's role by its header cell's words
    "section": re.compile(r"^(?:sec(?:tion)?|§)\.?\s*(?:no\.?|num(?:ber)?|#|id|ref)?$"),
    "heading": re.compile(r"^(?:sec(?:tion)?\.?\s*)?(?:heading|title|caption)$"),
    "label": re.compile(
        r"^(?:sub(?:div(?:ision)?|sec(?:tion)?|d|part|para(?:graph)?)?\.?|para(?:graph)?\s*"
        r"(?:no\.?|num(?:ber)?|id|label)|item|label|clause)$"
    ),
    "kind": re.compile(
        r"^(?:(?:para(?:graph)?|row|record|line|text)\s*)?(?:type|kind|role|class)$"
    ),
    "text": re.compile(r"^(?!.*\b(?:type|kind|length|len|id)$).*\b(?:text|body|content|wording)\b"),
    "status": re.compile(r"^(?:status|state)$"),
}
_NOTE = re.compile(r"hist|source|note|x-?ref|cross|annot|comment|editor|amend|credit", re.I)
_SKIP = re.compile(r"content|toc|index|^list", re.I)
_TITLE_ROW = re.compile(r"head|title|caption", re.I)
_TABLE = re.compile(r"table|figure|chart|schedule", re.I)  # a table's caption row is its text
_CONTAINER = re.compile(r"chapter|article|part|division|title page", re.I)
_GONE = re.compile(r"repeal|reserv|delet|rescind", re.I)
_NUMBER = re.compile(
    r"^(?:§+|sec(?:tion)?\.?)?\s*([0-9][0-9A-Za-z.\-]*?)\.?\s*((?:\([0-9A-Za-z]{1,4}\))*)$", re.I
)  # '820.05', '§ 820.05', '12-4(b)' (a subdivision's row: its label after the number)
_SUBD = re.compile(r"^subd(?:ivision|\.)?\s*(\d{1,2}[a-z]?)\.?$", re.I)
_LABEL = re.compile(r"^\(?([0-9]{1,2}|[A-Za-z]{1,2}|[ivxIVX]{1,4})[.)]?$")


@dataclass
class _Section:
    number: str
    title: str = ""
    body: list[str] = field(default_factory=list)
    gone: bool = False
    headed: bool = False  # its heading row was read


def _roles(cells: list[str]) -> dict[str, int]:
    """Each known column's index in a header row (the first match of each role)."""
    out: dict[str, int] = {}
    for i, cell in enumerate(cells):
        words = " ".join(re.sub(r"[^\w§#]+", " ", cell).replace("_", " ").split()).lower()
        for role, pattern in _COLUMNS.items():
            if role not in out and pattern.match(words):
                out[role] = i
                break
    return out


def _header(text: str) -> tuple[int, str, list[str], dict[str, int]] | None:
    """(offset of the header row, delimiter, its cells, column roles), or None."""
    offset = 0
    for line in text[: _HEADER_LINES * 400].splitlines(keepends=True)[:_HEADER_LINES]:
        for delimiter in ("\t", ","):
            if line.count(delimiter) >= 2:
                cells = next(csv.reader([line], delimiter=delimiter), [])
                roles = _roles(cells)
                if "section" in roles and "text" in roles:
                    return offset, delimiter, [c.strip().lower() for c in cells], roles
        offset += len(line)
    return None


def _cell(row: list[str], roles: dict[str, int], role: str) -> str:
    i = roles.get(role)
    return row[i].strip() if i is not None and i < len(row) else ""


def section_number(cell: str) -> tuple[str, str] | None:
    """(section number, a subdivision's label or '') of a section cell."""
    m = _NUMBER.match(cell.strip())
    if not m or not any(c.isdigit() for c in m.group(1)):
        return None
    return m.group(1), m.group(2)


def _heading_line(text: str, number: str) -> bool:
    """A row whose text is only its section's number and title ('820.05 SEPTIC TANKS.')."""
    title = title_without_number(text, number)
    return (
        "\n" not in text.strip()
        and title != text.strip().rstrip(".")
        and 0 < len(title.split()) <= 12
        and not re.search(r"[,;:]", title)
    )


def title_without_number(text: str, number: str) -> str:
    """'820.05 SEPTIC TANKS. [Repealed]' -> 'SEPTIC TANKS'."""
    said = re.sub(
        r"^(?:§+|sec(?:tion)?\.?)?\s*" + re.escape(number) + r"\.?\s*", "", text, flags=re.I
    )
    said = re.sub(r"\s*\[[^\]]*\]\s*$", "", said.strip())
    return said.strip().rstrip(".").strip()


def section_head(number: str, title: str) -> str:
    """A section's heading line as a printed code sets it ('Section 820.05. Septic tanks.')."""
    title = title.capitalize() if title.isupper() else title
    return f"Section {number}. {title}".rstrip(". ") + "."


def labelled(label: str, text: str) -> str:
    """A subdivision's text with its label before it ('A' -> '(A) ...', 'Subd. 2' ->
    'Subd. 2. ...'), once."""
    m = _LABEL.match(label)
    subd = _SUBD.match(label)
    if m and not re.match(r"^\(?" + re.escape(m.group(1)) + r"[.)]", text):
        return f"({m.group(1)}) {text}"
    if subd and not text.lower().startswith(("subd", "subdivision")):
        return f"Subd. {subd.group(1)}. {text}"
    return text


def _sections(text: str) -> list[_Section] | None:
    found = _header(text)
    if found is None:
        return None
    offset, delimiter, header, roles = found
    body = text[offset:].replace("\f", "\n")
    out: dict[str, _Section] = {}
    for row in csv.reader(io.StringIO(body), delimiter=delimiter):
        cells = [c.strip() for c in row]
        if sum(bool(c) for c in cells) < 2 or [c.lower() for c in cells] == header:
            continue  # a blank line, 'Page 2', the header repeated on a new page
        said = section_number(_cell(row, roles, "section"))
        words = _cell(row, roles, "text")
        kind = _cell(row, roles, "kind")
        if said is None or not words or _SKIP.search(kind):
            continue
        number, sub = said
        if _CONTAINER.search(kind) and not _TITLE_ROW.search(kind):
            continue  # the chapter's own heading row: the document itself
        sec = out.setdefault(number, _Section(number))
        sec.title = sec.title or title_without_number(_cell(row, roles, "heading"), number)
        sec.gone = sec.gone or bool(_GONE.search(_cell(row, roles, "status")))
        heading = bool(_TITLE_ROW.search(kind)) and not _TABLE.search(kind)
        named = title_without_number(_cell(row, roles, "heading"), number).lower()
        heading = heading or (bool(named) and title_without_number(words, number).lower() == named)
        if not sec.headed and (heading or (not sec.body and _heading_line(words, number))):
            sec.title = sec.title or title_without_number(words.splitlines()[0], number)
            sec.headed = True
        elif _NOTE.search(kind):
            continue  # a history or cross-reference note: not the law
        else:
            sec.body.append(labelled(_cell(row, roles, "label") or sub.strip("()"), words))
    numbers = list(out)
    sections = [
        s
        for s in out.values()
        if (s.body or s.gone or s.title)
        # a chapter's or article's own rows ('1306', its contents), above its sections' numbers
        and not any(n != s.number and re.match(re.escape(s.number) + r"[.\-]", n) for n in numbers)
    ]
    return sections if sum(bool(s.body) for s in sections) >= MIN_SECTIONS else None


def looks_like_rows(text: str) -> bool:
    """Whether the text is a records export (rows of delimited cells) holding an ordinance."""
    return _sections(text) is not None


def rows_to_text(text: str) -> str:
    """The ordinance a records export holds, as plain text (see the module docstring); the text
    as it is where it holds none."""
    sections = _sections(text)
    if sections is None:
        return text
    out: list[str] = []
    for sec in sections:
        head = section_head(sec.number, sec.title)
        if sec.gone and not sec.body:
            out += [f"{head} Repealed.", ""]
            continue
        out += [head, *[b + "\n" for b in sec.body], ""]
    log.info("read as a records export: %d sections", len(sections))
    return "\n".join(out).rstrip() + "\n"
