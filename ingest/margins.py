"""Codes that print each section's title in a left margin column beside its text:

    Permit                Section 9-6-2.  (a) No person shall install, alter,
    required.             repair or extend a system in the City without a permit
                          issued by the Zoning Administrator.

become run-in headings the parser knows, the title read down the margin:

    Section 9-6-2. Permit required. (a) No person shall install, alter,
    repair or extend a system in the City without a permit
    issued by the Zoning Administrator.

The margin may also hold the number itself ('Sec. 9-6-2' over 'Permit required.'). A layout is
read so only when one column starts most lines (the text column), the lines with words left of
it start a section (a number begins the margin or the text beside it) at least `MIN_BLOCKS`
times, and each margin piece is a few words, not a sentence: a table's gaps, a contents list or
line numbers down a bill's edge are never a margin.

A PDF sets the margin column beside its text only by where it draws them, so its plain text
extraction runs the two together ('Septic tank the capacity the following table gives') or gives
the margin's lines after the text beside them. The loader then reads such a PDF's pages as laid
out (`has_margin_column`), columns kept apart by spaces; each page finds its own text column
(a layout's columns are counted from its page's leftmost text), and the margin may stand a few
spaces in. A layout reading counts a gap inside one text object in the spaces of its text's font,
not by where the text stands, so the text beside a margin's number may start a few characters off
the column (`_near`). A title word broken at the margin's edge ('before cover-' / 'ing.') is joined
again.

Where the plain text does give each margin's lines before the text beside them, it may be a table
drawn cell by cell (`ingest.tablerows` reads it as it is) or a margin column drawn margin first;
`has_margin_column` tells them apart by which reading heads more of the sections.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from ingest.tablerows import row_heads

MIN_BLOCKS = 3
MIN_SHARE = 0.4  # of the text's lines start at the column
_SPLIT = re.compile(r"^(?P<lead> *)(?P<margin>\S(?:.*?\S)?)(?P<gap> {2,}|\t+)(?P<body>\S.*)$")
_NUMBER = re.compile(
    r"^(?P<num>(?:(?:section|sec\.?|§+)\s*)?\d+(?:[.-]\d+)*[a-z]?(?:[.:](?!\d)|(?=\s)|$))\s*",
    re.I,
)
_MAX_MARGIN_WORDS = 6
_CANDIDATES = 3  # columns tried on a page
_GAP = re.compile(r"\S {3,}\S")  # a table's column gap inside a line


class _Line(Protocol):
    text: str
    start: int
    pdf_page: int | None


L = TypeVar("L", bound=_Line)


@dataclass
class _Piece:
    margin: str
    body: str
    body_at: int  # column of the body's first character


def _near(start: int, column: int) -> bool:
    """Whether the text beside a margin's bare number, starting at `start`, stands at the column:
    within a quarter of the column's width of it, as far as a margin may stand in (a layout's
    estimate of the gap after a number set in its own font or text object)."""
    return abs(start - column) <= max(1, column // 4)


def _piece(text: str, column: int) -> _Piece | None:
    """The line's margin words and its text, when its text starts at `column` (near it beside a
    bare number, `_near`) and its margin stands at most a quarter of the way in."""
    m = _SPLIT.match(text)
    lead = len(text) - len(text.lstrip(" "))
    if m is None and text.strip() and lead * 4 <= column and len(text) < column - 1:
        margin, body = text.strip(), ""  # the margin's words on a line of their own
    elif m is None or _GAP.search(m.group("body")) or len(m.group("lead")) * 4 > column:
        return None  # a table's row, or the margin too far in
    else:
        margin, body = m.group("margin"), m.group("body")
    number = _NUMBER.match(margin)
    bare = body and number is not None and number.end() == len(margin)  # '34.11' over its title
    if not (bare or re.search(r"[A-Za-z]{2}", margin)) or len(margin.split()) > _MAX_MARGIN_WORDS:
        return None
    if (
        m is not None
        and m.start("body") != column
        and not (bare and _near(m.start("body"), column))
    ):
        return None  # not at the column
    return _Piece(margin, body, column)


def _columns(lines: Sequence[_Line]) -> dict[int | None, int] | None:
    """The text column of each page: of the places where the text beside margin words starts
    most often on it, from 8 to 40 characters in (a list item's text may be indented further on
    its own lines), the one that reads the most titled sections down the margin (a contents
    list's titles start left of the text's); None unless such lines number at least
    `MIN_BLOCKS` and most lines of the text start at their page's column or further in."""
    beside: dict[int | None, Counter[int]] = {}
    at: dict[int | None, list[int]] = {}
    for i, ln in enumerate(lines):
        at.setdefault(ln.pdf_page, []).append(i)
        m = _SPLIT.match(ln.text.rstrip())
        if m is not None and 8 <= m.start("body") <= 40 and re.search(r"[A-Za-z]{2}", m["margin"]):
            beside.setdefault(ln.pdf_page, Counter())[m.start("body")] += 1
    columns: dict[int | None, int] = {}
    for page, found in beside.items():
        texts = [lines[i].text.rstrip() for i in at[page]]

        def titled(column: int, texts: list[str] = texts) -> int:
            return len(_blocks([_piece(t, column) for t in texts]))

        ranked = [c for c, _ in found.most_common(_CANDIDATES)]
        columns[page] = max(ranked, key=lambda c: (titled(c), found[c]))
    count = sum(beside[page][c] for page, c in columns.items())
    if count < MIN_BLOCKS:
        return None
    text = [ln for ln in lines if ln.text.strip()]
    inside = 0
    for ln in text:
        t = ln.text.rstrip()
        column = columns.get(ln.pdf_page)
        inside += column is not None and len(t) - len(t.lstrip()) >= column
    if inside + count < MIN_SHARE * len(text):
        return None
    return columns


def _pieces(lines: Sequence[_Line], columns: dict[int | None, int]) -> list[_Piece | None]:
    out: list[_Piece | None] = []
    for ln in lines:
        column = columns.get(ln.pdf_page)
        out.append(None if column is None else _piece(ln.text.rstrip(), column))
    return out


def _starts_section(piece: _Piece) -> bool:
    return bool(piece.body) and bool(_NUMBER.match(piece.margin) or _NUMBER.match(piece.body))


def _heading(margin: list[str], body: str) -> str:
    """The run-in heading line: the number (from the margin or the text), the margin's title
    ending in a period, then the rest of the text's first line."""
    title = ""
    for part in margin:  # a word broken at the margin's edge is joined again
        broken = title.endswith("-") and title[-2:-1].isalpha() and part[:1].islower()
        title = title[:-1] + part if broken else f"{title} {part}".strip()
    numbered = _NUMBER.match(title)
    if numbered is None and (m := _NUMBER.match(body)) is not None:
        number, body = m.group("num"), body[m.end() :]
        title = f"{number} {title}"
    if not title.endswith((".", ":")):
        title += "."
    return f"{title} {body}".strip()


def _blocks(pieces: list[_Piece | None]) -> list[tuple[int, int]]:
    """Each run of lines [i, j) that starts a section and reads a title down the margin."""
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(pieces):
        first = pieces[i]
        if first is None or not _starts_section(first):
            i += 1
            continue
        j = i + 1
        while j < len(pieces) and (p := pieces[j]) is not None and not _starts_section(p):
            j += 1
        margin = " ".join(p.margin for p in pieces[i:j] if p is not None)
        numbered = _NUMBER.match(margin)
        if re.search(r"[A-Za-z]{2}", margin[numbered.end() :] if numbered else margin):
            out.append((i, j))  # a contents line ('Section 4-1    Purpose') has no title here
        i = j
    return out


def _found(lines: Sequence[_Line]) -> tuple[list[_Piece | None], list[tuple[int, int]]] | None:
    columns = _columns(lines)
    if columns is None:
        return None
    pieces = _pieces(lines, columns)
    blocks = _blocks(pieces)
    return (pieces, blocks) if len(blocks) >= MIN_BLOCKS else None


@dataclass
class _PageLine:
    text: str
    start: int
    pdf_page: int | None


def has_margin_column(laid: Sequence[str], plain: Sequence[str]) -> bool:
    """Whether a PDF's pages as laid out (`laid`) read titles down a margin column (module
    docstring) that their plain text loses: for most sections the plain text does not give the
    margin's lines, each a line of its own, before the text beside them (it runs them into the
    text's lines, or gives them after the text). A table drawn cell by cell keeps them so, and
    reads as it is (`ingest.tablerows`); a margin column drawn margin first keeps them so too,
    but there the table-row reading of the plain text heads fewer sections (a title without its
    period and no contents entry to give it) than the layout reads down the margin, and the
    layout is read."""
    lines = [_PageLine(t, 0, i) for i, page in enumerate(laid) for t in page.splitlines()]
    found = _found(lines)
    if found is None:
        return False
    pieces, blocks = found
    said = [" ".join(t.split()) for page in plain for t in page.splitlines() if t.strip()]
    where: dict[str, list[int]] = {}
    for k, t in enumerate(said):
        where.setdefault(t, []).append(k)
    kept = 0
    for i, j in blocks:
        block = [p for p in pieces[i:j] if p is not None]
        margin = [" ".join(p.margin.split()) for p in block]
        beside = where.get(" ".join(block[0].body.split()), [])
        for k in where.get(margin[0], []):
            if said[k : k + len(margin)] == margin and beside:
                kept += min(beside, key=lambda b: abs(b - k)) > k
                break
    if kept * 2 < len(blocks):
        return True
    numbers = set()
    for i, _ in blocks:
        piece = pieces[i]
        m = _NUMBER.match(piece.margin) if piece is not None else None
        numbers.add(m.group("num").rstrip(".:") if m is not None else i)
    rows = [_PageLine(t, 0, i) for i, page in enumerate(plain) for t in page.splitlines()]
    return row_heads(rows) < len(numbers)


def margin_titles(lines: list[L], make: Callable[[str, int, int | None], L]) -> list[L]:
    """`lines` with margin titles set as run-in headings (module docstring); unchanged when the
    layout has no such margin."""
    found = _found(lines)
    if found is None:
        return lines
    pieces, blocks = found
    out: list[L] = []
    done = 0
    for i, j in blocks:
        out.extend(lines[done:i])
        block = [p for p in pieces[i:j] if p is not None]
        ln = lines[i]
        out.append(make(_heading([p.margin for p in block], block[0].body), ln.start, ln.pdf_page))
        for p, ln in zip(block[1:], lines[i + 1 : j], strict=True):
            if p.body:
                out.append(make(p.body, ln.start + p.body_at, ln.pdf_page))
        done = j
    out.extend(lines[done:])
    return out
