"""Codes set as a two-column table, one row per section: the number and the title wrapped down a
narrow (shaded) left cell, the section's text in the right cell.

    Section         | Provisions
    ----------------+------------------------------------------------
    33.140          | (a) Every septic tank shall have a liquid
    Septic tank     | capacity not less than that shown in the
    capacity.       | following table ...

A PDF's text comes out cell by cell, in the order the row was drawn: the left cell's lines (the
number alone on its line, then the title's lines) and after them the right cell's lines:

    33.140
    Septic tank
    capacity.
    (a) Every septic tank shall have a liquid capacity not less

Each such heading becomes the line the parser knows, number first and its title on one line
('33.140 Septic tank capacity.'). A title is the few lines under a number that end with a period
and read as a title (`ingest.hanging.is_title`), or, where the title has no period, the words a
contents list gives for the number ('33.140   Septic tank capacity ....... 33-3') when the lines
under the number begin with them.

A section that runs onto the next page repeats its row there with a marker in the left cell
('33.140 (cont.)', '(33.140, cont'd)', '33.140 (continued)'); where that cell holds one line, the
right cell's first line comes out after the marker on the same line. The marker goes, the text
stays with its section. The column header row repeated on every page ('Section  Provisions') is
page furniture (`ingest.furniture`), as are the running heads and footers.

A text is read so only where at least `MIN_HEADS` numbers stand alone over their titles. The
first and last lines of a page (a running head, a page number such as '33-7') never head a
section.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from ingest.grammar import contents_titles
from ingest.hanging import is_title

log = logging.getLogger(__name__)

MIN_HEADS = 3
MAX_LINES = 5  # lines a title may wrap over in a narrow cell
_NUMBER = r"(?:(?:§{1,2}|Sec\.|Section)[ \t]*)?\d{1,4}(?:[.\-]\d{1,4})+[A-Z]?"
_ALONE = re.compile(rf"[ \t]*(?P<num>{_NUMBER})[ \t]*")
_CONTINUED = re.compile(
    rf"^[ \t]*\(?[ \t]*(?P<num>{_NUMBER})[ \t]*[,(][ \t]*"
    r"(?:cont(?:inued|['’]d)?\.?|CONT(?:INUED|['’]D)?\.?)[ \t]*\)[ \t]*(?P<rest>.*)$"
)
"""A continued row's marker: '33.140 (cont.)', '(33.140, cont'd)', '33.140 (continued)'."""
_BARE = re.compile(r"^(?:§{1,2}|Sec\.|Section)[ \t]*")


class _Line(Protocol):
    text: str
    start: int
    pdf_page: int | None


L = TypeVar("L", bound=_Line)


def _edges(lines: Sequence[_Line]) -> set[int]:
    """The first and the last line of each page (where pages are known)."""
    out: set[int] = set()
    for i, ln in enumerate(lines):
        if ln.pdf_page is None:
            continue
        if i == 0 or lines[i - 1].pdf_page != ln.pdf_page:
            out.add(i)
        if i + 1 == len(lines) or lines[i + 1].pdf_page != ln.pdf_page:
            out.add(i)
    return out


def _said(lines: Sequence[_Line], a: int, b: int) -> str:
    return " ".join(" ".join(ln.text for ln in lines[a:b]).split())


def _title_end(
    lines: Sequence[_Line], i: int, edges: set[int], listed: str | None
) -> tuple[int, str] | None:
    """(the line after the title, the title) of a title under the lone number on line `i`: up
    to `MAX_LINES` lines ended by a period that read as a title, or the contents' title
    `listed` for the number when the lines begin with its words; or None."""
    for k in range(1, MAX_LINES + 1):
        b = i + 1 + k
        if b > len(lines) or edges & set(range(i + 1, b)):
            break
        title = _said(lines, i + 1, b)
        if not lines[i + 1].text.strip()[:1].isupper():
            break
        if title.endswith(".") and is_title(title):
            return b, title
        if listed and title.rstrip(".").lower() == listed.lower():
            return b, f"{listed}."
    return None


def _heads(lines: Sequence[_Line], listed: dict[str, str]) -> list[tuple[int, int, str, str]]:
    """Each (number's line, the line after its title, number, title) the lines print."""
    edges = _edges(lines)
    out: list[tuple[int, int, str, str]] = []
    i = 0
    while i < len(lines):
        m = _ALONE.fullmatch(lines[i].text)
        found = None
        if m is not None and i not in edges:
            number = m.group("num")
            found = _title_end(lines, i, edges, listed.get(_BARE.sub("", number)))
        if found is None:
            i += 1
            continue
        end, title = found
        out.append((i, end, m.group("num") if m else "", title))
        i = end
    return out


def table_rows(lines: list[L], make: Callable[[str, int, int | None], L]) -> list[L]:
    """`lines` with each section heading read down a table's left cell set number first on one
    line, and continued rows' markers taken out (module docstring); unchanged when fewer than
    `MIN_HEADS` numbers stand alone over their titles."""
    listed = contents_titles("\n".join(ln.text for ln in lines))
    heads = _heads(lines, listed)
    if len(heads) < MIN_HEADS:
        return lines
    log.debug("table rows: %d headings read down a left cell", len(heads))
    out: list[L] = []
    done = 0
    for a, b, number, title in heads:
        out.extend(_uncontinued(lines[done:a], make))
        out.append(make(f"{number} {title}", lines[a].start, lines[a].pdf_page))
        done = b
    out.extend(_uncontinued(lines[done:], make))
    return out


def _uncontinued(lines: Sequence[L], make: Callable[[str, int, int | None], L]) -> list[L]:
    """`lines` without continued rows' markers; the text after a marker stays."""
    out: list[L] = []
    for ln in lines:
        m = _CONTINUED.match(ln.text)
        if m is None:
            out.append(ln)
        elif m.group("rest").strip():
            at = m.start("rest")
            out.append(make(m.group("rest"), ln.start + at, ln.pdf_page))
    return out
