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

Other producers (fpdf2's `table()`, say) set some rows' number and title on one line of the left
cell ('12.08.040 Tank capacity', wrapped on under it where the cell is narrow) and others with
the number alone; titles may lack their period, so the contents list's entries, with or without
leaders ('12.08.010 Purpose 2', '33.105  Purpose and intent ....... 1'), give them. A contents
entry heads no row: the body's row starts the section. Where each row's right cell came out
before its left one (nothing but page furniture follows the last heading), each heading goes
back before its row's text, after a continued row's marker. Where that reading is not sure (a
number heading two rows), the lone numbers alone are read, as before. Cells drawn line by line
across the row (each left line on the same text line as a right one) are not read.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Collection, Sequence
from itertools import pairwise

from ingest.grammar import contents_titles
from ingest.hanging import is_title
from ingest.sourcelines import L, MakeLine, SourceLine

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


def _edges(lines: Sequence[SourceLine]) -> set[int]:
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


def _said(lines: Sequence[SourceLine], a: int, b: int) -> str:
    return " ".join(" ".join(ln.text for ln in lines[a:b]).split())


def _title_end(
    lines: Sequence[SourceLine], i: int, edges: set[int], listed: str | None
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


def _heads(
    lines: Sequence[SourceLine],
    listed: dict[str, str],
    skip: Collection[int] = (),
    one: bool = False,
) -> list[tuple[int, int, str, str]]:
    """Each (number's line, the line after its title, number, title) the lines print: a number
    alone over its title, and with `one` also a number with its title after it on its line
    (wrapped on under it where the contents give the whole title). Lines in `skip` (a contents
    list's entries) head nothing."""
    edges = _edges(lines)
    out: list[tuple[int, int, str, str]] = []
    i = 0
    while i < len(lines):
        found = None
        number = ""
        if i not in edges and i not in skip:
            m = _ALONE.fullmatch(lines[i].text)
            if m is not None:
                number = m.group("num")
                found = _title_end(lines, i, edges, listed.get(_BARE.sub("", number)))
            elif one and (m := _ONE_LINE.fullmatch(lines[i].text)) is not None:
                number = m.group("num")
                listing = listed.get(_BARE.sub("", number))
                found = _line_title(lines, i, edges, m.group("rest"), listing)
        if found is None:
            i += 1
            continue
        end, title = found
        out.append((i, end, number, title))
        i = end
    return out


_ONE_LINE = re.compile(rf"[ \t]*(?P<num>{_NUMBER})[ \t]+(?P<rest>[A-Z][^\n]*?)[ \t]*")
"""A number with (the start of) its title after it on its line: '12.08.040 Tank capacity'."""
_ENTRY = re.compile(
    rf"[ \t]*(?P<num>{_NUMBER})[ \t]+(?P<title>[A-Z][^\n]*?)"
    r"(?:[ \t]*(?:\.[ \t]?){2,}[ \t]*|[ \t]+)\d{1,3}(?:[-–]\d{1,3})?[ \t]*"
)
"""A contents list's entry: '33.105  Purpose and intent ........ 1', '12.08.010 Purpose 2'."""


def _norm(text: str) -> str:
    return " ".join(text.rstrip(". ").lower().split())


def _line_title(
    lines: Sequence[SourceLine], i: int, edges: set[int], rest: str, listed: str | None
) -> tuple[int, str] | None:
    """(the line after the title, the title) of a title that starts after the number on line
    `i`: the contents' title `listed` for the number, on up to `MAX_LINES` lines, or the rest of
    the line where it ends with a period and reads as a title; or None."""
    if listed:
        for k in range(MAX_LINES):
            b = i + 1 + k
            if b > len(lines) or edges & set(range(i + 1, b)):
                break
            said = " ".join([rest, _said(lines, i + 1, b)])
            if _norm(said) == _norm(listed):
                return b, f"{listed.rstrip('.')}."
            if not _norm(listed).startswith(_norm(said)):
                break
    if rest.endswith(".") and is_title(rest):
        return i + 1, " ".join(rest.split())
    return None


def _contents(lines: Sequence[SourceLine]) -> tuple[dict[str, str], set[int]]:
    """A contents list's titles by number, and its entries' lines: entries whose title reads as
    one, in a run of at least `MIN_HEADS` of them."""
    titles: dict[str, str] = {}
    at: list[int] = []
    for i, ln in enumerate(lines):
        m = _ENTRY.fullmatch(ln.text)
        if m is None or not is_title(m.group("title").rstrip(". ") + "."):
            continue
        at.append(i)
        titles.setdefault(_BARE.sub("", m.group("num")), m.group("title").rstrip(". "))
    if len(at) < MIN_HEADS:
        return {}, set()
    return titles, set(at)


def _body_heads(lines: Sequence[SourceLine]) -> list[tuple[int, int, str, str]] | None:
    """The heads of a table whose rows may give the number and title on one line, read past a
    contents list (whose entries never head a section: where a number heads a row in the body
    too, the body's row starts it); None where the reading is not sure: fewer than `MIN_HEADS`
    numbers alone over their titles, or a number heading two rows."""
    listed, entries = _contents(lines)
    listed |= contents_titles("\n".join(ln.text for ln in lines))
    alone = _heads(lines, listed, entries)
    if len(alone) < MIN_HEADS:
        return None
    heads = _heads(lines, listed, entries, one=True)
    numbers = [_BARE.sub("", h[2]) for h in heads]
    if len(set(numbers)) != len(numbers):
        return None
    return heads


def _right_first(lines: Sequence[SourceLine], heads: list[tuple[int, int, str, str]]) -> int | None:
    """Where the first row's text starts when each row's right cell came out before its left one
    (nothing but page furniture follows the last row's heading); else None."""
    edges = _edges(lines)
    after = heads[-1][1]
    after = max(
        (j + 1 for j in range(after, len(lines)) if _CONTINUED.match(lines[j].text)), default=after
    )
    tail = [j for j in range(after, len(lines)) if j not in edges]
    if tail or any(p[1] == q[0] for p, q in pairwise(heads)):
        return None
    first = heads[0][0]
    page = lines[first].pdf_page
    if page is None:
        return None
    j = first
    while j > 0 and lines[j - 1].pdf_page == page:
        j -= 1
    while j in edges and j < first:
        j += 1
    return j if j < first else None


def _all_heads(lines: Sequence[SourceLine]) -> list[tuple[int, int, str, str]]:
    heads = _body_heads(lines)
    if heads is None:
        heads = _heads(lines, contents_titles("\n".join(ln.text for ln in lines)))
    return heads


def row_heads(lines: Sequence[SourceLine]) -> int:
    """How many section headings `table_rows` reads down a table's left cell in `lines`."""
    heads = _all_heads(lines)
    return len(heads) if len(heads) >= MIN_HEADS else 0


def table_rows(lines: list[L], make: MakeLine[L]) -> list[L]:
    """`lines` with each section heading read down a table's left cell set number first on one
    line, and continued rows' markers taken out (module docstring); unchanged when fewer than
    `MIN_HEADS` numbers stand alone over their titles."""
    heads = _all_heads(lines)
    if len(heads) < MIN_HEADS:
        return lines
    log.debug("table rows: %d headings read down a left cell", len(heads))
    out: list[L] = []
    start = _right_first(lines, heads)
    if start is not None:  # each row's text came before its heading: the heading goes first
        out.extend(_uncontinued(lines[:start], make))
        done = start
        for a, b, number, title in heads:
            cut = max(
                (j + 1 for j in range(done, a) if _CONTINUED.match(lines[j].text)), default=done
            )
            out.extend(_uncontinued(lines[done:cut], make))
            out.append(make(f"{number} {title}", lines[cut].start, lines[cut].pdf_page))
            out.extend(_uncontinued(lines[cut:a], make))
            done = b
        out.extend(_uncontinued(lines[done:], make))
        return out
    done = 0
    for a, b, number, title in heads:
        out.extend(_uncontinued(lines[done:a], make))
        out.append(make(f"{number} {title}", lines[a].start, lines[a].pdf_page))
        done = b
    out.extend(_uncontinued(lines[done:], make))
    return out


def _uncontinued(lines: Sequence[L], make: MakeLine[L]) -> list[L]:
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
