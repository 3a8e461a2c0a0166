"""PDF pages set in two columns but drawn row by row across them, read column by column.

A plain text extraction follows the order a page was drawn in. A page set in two columns but
drawn a row at a time across the page (the left column's line, then the right column's line
beside it) comes out with each left line and the right line beside it run together:

    14.03  JURISDICTION. This chapter applies in   the corporate limits of a city or the
    every part of the county except within the     boundaries of a township that ...

reads 'applies in the corporate limits ...': the two columns interleaved. The loader hands this
module what the extraction gave of each page, piece by piece, with where each piece was drawn
(`PageDrawing`), and `reading_order` puts each column's lines together, the left column's
first, where the document is such a document:

* the right column's edge is where pieces start, with text left of them on their row, on at
  least `MIN_ROWS` rows, in the middle of the page (`EDGE_BAND`);
* the two columns are about as wide as each other (`BALANCE`): a margin column of numbers or
  titles beside the text, or a contents list's numbers beside its titles, is no column;
* most rows with text in both columns were drawn left then right, one after the other (a page
  drawn column by column reads in order as extracted, and is left as it is);
* on some page of the document the left column's lines run up to near the right column's edge
  on a good share of those rows (a table's labels beside their figures never do);
* a row that spans both columns (a chapter's title, a banner centred on the page) and a
  running head or footer set apart from the text by more than `FAR` line spacings stay whole
  lines where they stand; the rows between them are read as a band, left column then right.

Each piece keeps the spacing the extraction gave it (a title in small capitals, 'S' + 'EPTIC',
stays one word); a row's pieces in a column are joined in the order they stand across it.
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

MIN_ROWS = 5
EDGE_BAND = (0.35, 0.65)
"""Where the right column may start, as a share of the page's width from its left edge."""
BALANCE = 0.6
"""The narrower column is at least this share of the wider one's width."""
FAR = 2.2
"""A running head or footer stands more than this many line spacings off the text."""
_SAME_ROW = 0.3  # of a piece's size: baselines this close are one row (small caps sit higher)
_NEAR = 1.5  # points: pieces starting this close start at one edge
_CHAR = 0.5  # a character's width as a share of its size, to estimate where a piece ends
_LEADER_CHAR = 0.28  # of a dot leader's dots and spaces (narrow characters: its run is short)
_LEADER = re.compile(r"(?:\.[ \t]?){4,}")
_FULL = 0.7  # of the left column's width: a full line of it reaches this far
_FULL_SHARE = 0.25  # of the rows with text in both columns have a full left line, at least
_INSET = 0.02  # of the page's width: the right column's text starts this far left of its table
_CENTRED = 0.2  # of the left column's width: a spanning row's middle stands this near the edge


@dataclass(frozen=True)
class Piece:
    """A piece of text as the extraction gave it (with the space or line break it put before
    it), where it was drawn (its start's x and its baseline's y, in points), its size and whether
    it was drawn upside down."""

    text: str
    x: float
    y: float
    size: float
    turned: bool = False  # drawn upside down (turned half a turn), running leftwards from x

    @property
    def end(self) -> float:
        """Where the piece ends, estimated from its characters."""
        chars = self.text.strip()
        leaders = sum(len(m.group()) for m in _LEADER.finditer(chars))
        return self.x + ((len(chars) - leaders) * _CHAR + leaders * _LEADER_CHAR) * self.size


@dataclass(frozen=True)
class PageDrawing:
    """What a page's plain extraction gave: its pieces in the order drawn, and the page's left
    edge, width, height and bottom edge in points (0 where the height is not known)."""

    pieces: Sequence[Piece]
    left: float
    width: float
    height: float = 0.0
    bottom: float = 0.0


Row = list[int]
"""The indices of a row's pieces, in the order they stand across it."""


def page_rows(pieces: Sequence[Piece]) -> list[Row]:
    """The visible pieces grouped in rows, top to bottom."""
    shown = sorted((k for k, p in enumerate(pieces) if p.text.strip()), key=lambda k: -pieces[k].y)
    rows: list[Row] = []
    for k in shown:
        p = pieces[k]
        if rows and pieces[rows[-1][0]].y - p.y <= _SAME_ROW * max(p.size, 1.0):
            rows[-1].append(k)
        else:
            rows.append([k])
    return [sorted(row, key=lambda k: pieces[k].x) for row in rows]


def _right_edge(
    pieces: Sequence[Piece], rows: list[Row], left: float, width: float
) -> float | None:
    """Where the right column starts: the x in `EDGE_BAND` at which pieces with text left of
    them on their row start on the most rows, at least `MIN_ROWS`; None if none does."""
    lo, hi = left + EDGE_BAND[0] * width, left + EDGE_BAND[1] * width
    starts: Counter[int] = Counter()
    for row in rows:
        starts.update({round(pieces[k].x) for k in row[1:] if lo <= pieces[k].x <= hi})
    if not starts:
        return None
    best = max(starts, key=lambda x: (sum(starts[x + d] for d in (-1, 0, 1)), -x))
    at = [[pieces[k].x for k in row[1:] if abs(pieces[k].x - best) <= _NEAR] for row in rows]
    if sum(bool(xs) for xs in at) < MIN_ROWS:
        return None
    edge = min(x for xs in at for x in xs)
    # the column's own text may start a little left of where most rows beside the left
    # column's text start (a table indented in it): rows that start there, with nothing left
    firsts = Counter(round(pieces[row[0]].x) for row in rows if lo <= pieces[row[0]].x < edge)
    inset = [x for x, n in firsts.items() if n >= MIN_ROWS and edge - x <= _INSET * width]
    return min([edge, *(x for x in (pieces[row[0]].x for row in rows) if round(x) in inset)])


def _edge_rows(pieces: Sequence[Piece], rows: list[Row]) -> set[int]:
    """The rows of a running head at the top and of a footer at the foot of the page: set apart
    from the text by more than `FAR` line spacings (two rows at most at each end)."""
    ys = [pieces[row[0]].y for row in rows]
    gaps = [a - b for a, b in itertools.pairwise(ys)]
    if not gaps:
        return set()
    far = FAR * statistics.median(gaps)
    out: set[int] = set()
    top = next((i for i in range(min(2, len(gaps))) if gaps[i] > far), None)
    if top is not None:
        out.update(range(top + 1))
    foot = next(
        (i for i in range(len(gaps) - 1, max(len(gaps) - 3, -1), -1) if gaps[i] > far), None
    )
    if foot is not None:
        out.update(range(foot + 1, len(rows)))
    return out


def _spans(pieces: Sequence[Piece], row: Row, edge: float, margin: float) -> bool:
    """Whether a row with nothing at the right column's edge runs across it, centred on the
    page (a chapter's title, a banner across both columns)."""
    if any(pieces[k].x >= edge - _NEAR for k in row):
        return False
    start, end = pieces[row[0]].x, max(pieces[k].end for k in row)
    return end > edge and abs((start + end) / 2 - edge) <= _CENTRED * (edge - margin)


def _right(piece: Piece, edge: float) -> bool:
    return piece.x >= edge - _NEAR


def _line(pieces: Sequence[Piece], row: Sequence[int]) -> str:
    return "".join(pieces[k].text.replace("\n", " ") for k in row).strip()


@dataclass(frozen=True)
class _Read:
    text: str  # the page read column by column
    full: bool  # its left column's lines run up to near the right column's edge


def _read(page: PageDrawing) -> _Read | None:
    """The page read column by column, if it sets two columns of about one width and was drawn
    row by row across them; else None."""
    pieces = page.pieces
    rows = page_rows(pieces)
    edge = _right_edge(pieces, rows, page.left, page.width)
    if edge is None:
        return None
    whole = _edge_rows(pieces, rows)
    body = [pieces[k].x for i, row in enumerate(rows) if i not in whole for k in row]
    margin = min(body, default=edge)
    whole |= {i for i, row in enumerate(rows) if _spans(pieces, row, edge, margin)}
    both = [
        row
        for i, row in enumerate(rows)
        if i not in whole and {_right(pieces[k], edge) for k in row} == {False, True}
    ]
    if len(both) < MIN_ROWS:
        return None
    right = max(pieces[k].end for row in both for k in row if _right(pieces[k], edge))
    if min(edge - margin, right - edge) < BALANCE * max(edge - margin, right - edge):
        return None  # a column of numbers or titles beside the text, not two of text
    drawn = {k: n for n, k in enumerate(k for k, p in enumerate(pieces) if p.text.strip())}
    across = sum(max(drawn[k] for k in row) - min(drawn[k] for k in row) < len(row) for row in both)
    if across < max(MIN_ROWS, len(both) / 2):
        return None  # drawn column by column: the extraction reads it in order
    reach = [max(pieces[k].end for k in row if not _right(pieces[k], edge)) for row in both]
    full = sum(end - margin >= _FULL * (edge - margin) for end in reach)
    lines: list[str] = []
    band: list[Row] = []
    for i, row in enumerate([*rows, []]):
        if i < len(rows) and i not in whole:
            band.append(row)
            continue
        for side in (False, True):
            lines += [
                _line(pieces, [k for k in r if _right(pieces[k], edge) == side]) for r in band
            ]
        band = []
        if i < len(rows):
            lines.append(_line(pieces, row))
    text = "\n".join(line for line in lines if line)
    return _Read(text, full >= max(MIN_ROWS, _FULL_SHARE * len(both)))


def reading_order(pages: Sequence[PageDrawing]) -> list[str | None]:
    """Each page's text read column by column where the document sets two columns drawn row by
    row across its pages (module docstring); None for a page that is not so, and for every
    page where no page's left column runs up to near the right column's edge on a good share
    of its rows."""
    found = [_read(page) for page in pages]
    if not any(r is not None and r.full for r in found):
        return [None] * len(found)
    return [None if r is None else r.text for r in found]
