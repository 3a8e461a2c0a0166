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
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

MIN_BLOCKS = 3
MIN_SHARE = 0.4  # of the text's lines start at the column
_SPLIT = re.compile(r"^(?P<margin>\S(?:.*?\S)?)(?P<gap> {2,}|\t+)(?P<body>\S.*)$")
_NUMBER = re.compile(
    r"^(?P<num>(?:(?:section|sec\.?|§+)\s*)?\d+(?:[.-]\d+)*[a-z]?(?:[.:](?!\d)|(?=\s)|$))\s*",
    re.I,
)
_MAX_MARGIN_WORDS = 6
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


def _piece(text: str, column: int) -> _Piece | None:
    """The line's margin words and its text, when its text starts at `column`."""
    m = _SPLIT.match(text)
    if m is None and text[:1].strip() and len(text) < column - 1:
        margin, body = text.strip(), ""  # the margin's words on a line of their own
    elif m is None or m.start("body") != column or _GAP.search(m.group("body")):
        return None  # not at the column, or a table's row
    else:
        margin, body = m.group("margin"), m.group("body")
    if not re.search(r"[A-Za-z]{2}", margin) or len(margin.split()) > _MAX_MARGIN_WORDS:
        return None
    return _Piece(margin, body, column)


def _column(lines: Sequence[_Line]) -> int | None:
    """The text column: where the text beside margin words starts most often, from 8 to 40
    characters in (a list item's text may be indented further on its own lines), when most
    lines of the text start there or further in."""
    beside: Counter[int] = Counter()
    for ln in lines:
        m = _SPLIT.match(ln.text.rstrip())
        if m is not None and 8 <= m.start("body") <= 40 and re.search(r"[A-Za-z]{2}", m["margin"]):
            beside[m.start("body")] += 1
    if not beside:
        return None
    column, count = beside.most_common(1)[0]
    if count < MIN_BLOCKS:
        return None
    text = [ln.text.rstrip() for ln in lines if ln.text.strip()]
    inside = sum(len(t) - len(t.lstrip()) >= column for t in text)
    if inside + count < MIN_SHARE * len(text):
        return None
    return column


def _starts_section(piece: _Piece) -> bool:
    return bool(piece.body) and bool(_NUMBER.match(piece.margin) or _NUMBER.match(piece.body))


def _heading(margin: list[str], body: str) -> str:
    """The run-in heading line: the number (from the margin or the text), the margin's title
    ending in a period, then the rest of the text's first line."""
    title = " ".join(margin)
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


def margin_titles(lines: list[L], make: Callable[[str, int, int | None], L]) -> list[L]:
    """`lines` with margin titles set as run-in headings (module docstring); unchanged when the
    layout has no such margin."""
    column = _column(lines)
    if column is None:
        return lines
    pieces = [_piece(ln.text.rstrip(), column) for ln in lines]
    blocks = _blocks(pieces)
    if len(blocks) < MIN_BLOCKS:
        return lines
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
