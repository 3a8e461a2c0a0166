"""Sheets printed with a booklet's small pages in printer's imposition order, read page by page
in the order of their printed numbers.

A booklet printed to be folded and cut (a county ordinance's pocket edition) sets two or four of
its small pages on each side of a sheet, placed so that they read in order once the sheets are
folded, cut and bound, not as they stand: a side holds pages 16 and 1 over 14 and 3, its back
(the next PDF page) 2 and 15 over 4 and 13; a folded signature turns its top row upside down:

    ┌───────────────────────────────────┬───────────────────────────────────┐
    │                                   │ <SHORT TITLE>      § 101 – § 103  │
    │  <back cover>                     │ CHAPTER 1 — GENERAL PROVISIONS    │
    │                                   │ Section 101. Title. ...        1  │
    ├───────────────────────────────────┼───────────────────────────────────┤
    │ § 502 – § 503     <SHORT TITLE>   │ <SHORT TITLE>      § 103 – § 104  │
    │ ...                               │ ...                               │
    │ 14                                │                                3  │
    └───────────────────────────────────┴───────────────────────────────────┘
      QC-SSTS-2024-pocket.indd   Sheet 1 Side A   3/14/2024 2:07 PM

A plain extraction gives a sheet's text in the order it was drawn, its pages as they stand on
the sheet, so the document's sections come out scrambled. The loader hands this module what
the extraction gave of each page, piece by piece, with where each piece was drawn
(`ingest.columns.PageDrawing`), and `booklet_pages` reads the small pages one by one in the order
of their printed numbers, where the document is such a booklet:

* a sheet divides down its middle, and may divide across it too, into two or four cells (a
  blank page is an empty one): no piece starts within `GUTTER` of the middle or runs far over it
  (`REACH`: a piece's width is only estimated), no row stands within `GUTTER` of it (nor
  within its own text's size, where that is less: small pages have narrow margins). A row
  across the middle at the sheet's top or foot is the sheet's own;
* a cell whose pieces are mostly drawn upside down (a signature's top row) is read turned back;
  a piece the other way up from its cell's is the sheet's;
* a cell's page number is a number alone in a piece ('7', '- 7 -', 'Page 7') on one of its two
  last rows. The rows below it, and the rows of an unnumbered cell below the page numbers beside
  it, are the sheet's own (a printer's file name and sheet note along the sheet's foot) and are
  left out;
* every page with text is clear down its middle, and some page has text on both sides of it;
  the sheets divide across their middle too where every one is clear across it, some with text
  above and below it, and the top row shows a page number (else a page holding nothing but its
  number tells of short pages, not pages stacked); at least `SHARE` of the cells (and
  `MIN_NUMBERED`) show a number, no number is shown twice, and the numbers lie in a run no
  longer than the sheets have places for pages (a blank page, or a cover, is not numbered);
* the numbers put the cells out of the order the extraction gives them: a booklet printed two
  pages to a sheet in reading order reads as extracted, and is left as it is.

Each cell is read as a page: its rows top to bottom, each row's pieces left to right, its number
on a line of its own at its end. An unnumbered cell (a cover, a blank page) takes its number from
the other side of its leaf, the cell at the mirror place on the back of its sheet (sheets are the
PDF's pages in pairs, front and back), a leaf holding two pages in a row (1 and 2, 15 and 16),
where the numbered leaves show which way the sheets turn (side over side, or head over foot) and
which of the two pages comes first; else it follows the cell drawn before it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import inf

from ingest.columns import PageDrawing, Piece, page_rows

GUTTER = 0.02
"""No text stands this near a sheet's middle, as a share of its width (down) or height (across)."""
REACH = 0.25
"""A piece may run this share of a half's width past the sheet's middle (its width is only
estimated from its characters)."""
SHARE = 0.6
"""Of the cells, at least this share show a page number."""
MIN_NUMBERED = 3
_FOLIO = re.compile(r"^\s*(?:Page\s+|[-–—]\s*)?(\d{1,3})(?:\s*[-–—])?\s*$", re.I)
_BELOW = 0.3  # of a piece's size: a row this far below a page number stands below it

Place = tuple[int, int]  # a cell's row and column on its sheet, from the top left


@dataclass
class _Cell:
    """A small page as it stands on its sheet: its pieces upright (turned back if drawn upside
    down) in the order drawn, with each one's place in the sheet's drawing, and its number."""

    sheet: int
    place: Place
    pieces: list[Piece] = field(default_factory=list)
    drawn: list[int] = field(default_factory=list)
    number: int | None = None
    lines: list[str] = field(default_factory=list)


def _shown(page: PageDrawing) -> list[Piece]:
    """The page's visible pieces in the order drawn, each with the spacing the extraction put
    before it (a line break may come as a piece of its own, drawn at the page's origin)."""
    out: list[Piece] = []
    lead = ""
    for p in page.pieces:
        if p.text.strip():
            out.append(Piece(lead + p.text, p.x, p.y, p.size, p.turned))
            lead = ""
        else:
            lead += p.text
    return out


def _reach(p: Piece) -> tuple[float, float]:
    """Where a piece runs across the page, estimated (an upside-down one runs leftwards)."""
    return (2 * p.x - p.end, p.x) if p.turned else (p.x, p.end)


def _over(p: Piece, mid: float, width: float) -> bool:
    """Whether a piece stands in the middle of a sheet `width` wide: it starts within `GUTTER`
    of it, or runs more than `REACH` of a half's width past it."""
    if abs(p.x - mid) <= GUTTER * width:
        return True
    lo, hi = _reach(p)
    far = REACH * width / 2
    return hi > mid + far if p.x < mid else lo < mid - far


@dataclass(frozen=True)
class _Sheet:
    """A PDF page clear down its middle: its index, its drawing, its visible pieces and those
    that are its own (across the middle at its top or foot); whether both its halves hold
    pieces, whether it is clear across its middle too and whether pieces stand above and
    below it."""

    index: int
    page: PageDrawing
    shown: list[Piece]
    own: set[int]
    halves: bool
    clear: bool
    stacked: bool


def _sheet(index: int, page: PageDrawing) -> _Sheet | None:
    """The page as a sheet clear down its middle, or None where text stands in the middle."""
    shown = _shown(page)
    mid = page.left + page.width / 2
    over = {k for k, p in enumerate(shown) if _over(p, mid, page.width)}
    rows = page_rows(shown)
    edges = set(rows[0]) | set(rows[-1]) if len(rows) > 1 else set()
    if not over <= edges or len(over) == len(shown):
        return None
    halves = len({p.x >= mid for k, p in enumerate(shown) if k not in over}) == 2
    middle = page.bottom + page.height / 2
    kept = [p for k, p in enumerate(shown) if k not in over]
    ys = [p.y for p in kept]
    clear = not any(abs(p.y - middle) <= min(GUTTER * page.height, p.size) for p in kept)
    return _Sheet(index, page, shown, over, halves, clear, min(ys) < middle < max(ys))


def _cells(sheet: _Sheet, rows: int) -> list[_Cell]:
    """The sheet's cells in `rows` rows (1 or 2) and two columns, in the order drawn, each with
    its pieces turned upright, read."""
    page = sheet.page
    mid_x, mid_y = page.left + page.width / 2, page.bottom + page.height / 2
    cells: dict[Place, _Cell] = {}
    for k, p in enumerate(sheet.shown):
        if k not in sheet.own:
            place = (int(rows == 2 and p.y < mid_y), int(p.x >= mid_x))
            cell = cells.setdefault(place, _Cell(sheet.index, place))
            cell.pieces.append(p)
            cell.drawn.append(k)
    for (r, c), cell in cells.items():
        turned = sum(p.turned for p in cell.pieces) * 2 > len(cell.pieces)
        cx = page.left + page.width * (2 * c + 1) / 4
        cy = page.bottom + page.height * ((3 - 2 * r) / 4 if rows == 2 else 0.5)
        kept = [(p, k) for p, k in zip(cell.pieces, cell.drawn, strict=True) if p.turned == turned]
        cell.pieces = [
            Piece(p.text, 2 * cx - p.x, 2 * cy - p.y, p.size) if turned else p for p, _ in kept
        ]
        cell.drawn = [k for _, k in kept]
    found = sorted((c for c in cells.values() if c.drawn), key=lambda c: c.drawn[0])
    _read(found)
    return found


def _folio(cell: _Cell, rows: list[list[int]]) -> tuple[int, int, int] | None:
    """The cell's page number (a number alone in a piece on one of its two last rows), its
    row and the piece's index; None where it shows none."""
    for i in range(len(rows) - 1, max(len(rows) - 3, -1), -1):
        for k in rows[i]:
            if m := _FOLIO.match(cell.pieces[k].text):
                return int(m.group(1)), i, k
    return None


def _line(cell: _Cell, row: Sequence[int]) -> str:
    """A row's pieces left to right: a piece drawn right after the one before it keeps the
    spacing the extraction gave it, any other is set a space apart."""
    out = ""
    for n, k in enumerate(row):
        text = cell.pieces[k].text.replace("\n", " ")
        after = n > 0 and cell.drawn[k] == cell.drawn[row[n - 1]] + 1
        if n and not after and not out.endswith(" ") and not text.startswith(" "):
            out += " "
        out += text
    return out.strip()


def _read(sheet: list[_Cell]) -> None:
    """Each cell's page number and lines; a row below the page numbers is the sheet's."""
    rows = {id(c): page_rows(c.pieces) for c in sheet}
    folios = {id(c): _folio(c, rows[id(c)]) for c in sheet}
    foot: dict[int, float] = {}  # on each row of cells, what stands lower is below its numbers
    for c in sheet:
        if (f := folios[id(c)]) is not None:
            p = c.pieces[f[2]]
            foot[c.place[0]] = min(foot.get(c.place[0], p.y), p.y - _BELOW * p.size)
    for c in sheet:
        found = folios[id(c)]
        lines: list[str] = []
        for i, row in enumerate(rows[id(c)]):
            if found is not None and i > found[1]:
                break  # below the page number: the sheet's own
            if found is None and c.pieces[row[0]].y < foot.get(c.place[0], -inf):
                break
            lines.append(_line(c, [k for k in row if found is None or k != found[2]]))
        if found is not None:
            c.number = found[0]
            lines.append(str(c.number))
        c.lines = [t for t in lines if t]


def _leaves(cells: list[_Cell], rows: int) -> dict[int, int]:
    """The numbers of unnumbered cells, each from the other side of its leaf (module
    docstring), by the cell's index."""
    at = {(c.sheet, c.place): k for k, c in enumerate(cells)}
    flips: list[Callable[[int, int], Place]] = [
        lambda r, c: (r, 1 - c),  # the sheet turned over on its side edge
        lambda r, c: (rows - 1 - r, c),  # or head over foot
    ]
    for flip in flips:  # the PDF's pages are sheets' sides in pairs: 0 and 1, 2 and 3, ...
        mates = {k: at.get((c.sheet ^ 1, flip(*c.place))) for k, c in enumerate(cells)}
        pairs = [
            (n, m)
            for k, j in mates.items()
            if j is not None
            and (n := cells[k].number) is not None
            and (m := cells[j].number) is not None
        ]
        firsts = {min(n, m) % 2 for n, m in pairs}
        if not pairs or len(firsts) != 1 or any(abs(n - m) != 1 for n, m in pairs):
            continue
        first = firsts.pop()
        return {
            k: m + 1 if m % 2 == first else m - 1
            for k, j in mates.items()
            if j is not None and cells[k].number is None and (m := cells[j].number) is not None
        }
    return {}


def _order(cells: list[_Cell], rows: int) -> list[int]:
    """The cells' indices in the order of their numbers, printed or from their leaves; a cell
    without one follows the cell drawn before it."""
    number = {k: c.number for k, c in enumerate(cells) if c.number is not None}
    for k, n in sorted(_leaves(cells, rows).items()):
        if n not in number.values():
            number[k] = n
    out = sorted(number, key=lambda k: number[k])
    for k in range(len(cells)):
        if k not in number:
            out.insert(out.index(k - 1) + 1 if k else 0, k)
    return out


def booklet_pages(pages: Sequence[PageDrawing]) -> list[str] | None:
    """The text of each small page of an imposed booklet, in the order of their printed numbers
    (module docstring); None where the document is no such booklet."""
    sheets: list[_Sheet] = []
    for i, page in enumerate(pages):
        if any(p.text.strip() for p in page.pieces):
            sheet = _sheet(i, page)
            if sheet is None:
                return None
            sheets.append(sheet)
    if not any(s.halves for s in sheets):
        return None
    rows = 2 if all(s.clear for s in sheets) and any(s.stacked for s in sheets) else 1
    cells = [c for s in sheets for c in _cells(s, rows)]
    if rows == 2 and (
        not any(c.number is not None for c in cells if c.place[0] == 0)
        or any(c.lines == [str(c.number)] for c in cells)
    ):  # no page's foot above the middle, or a foot alone: short pages, not pages stacked
        rows = 1
        cells = [c for s in sheets for c in _cells(s, rows)]
    numbers = [c.number for c in cells if c.number is not None]
    if (
        len(numbers) < max(MIN_NUMBERED, SHARE * len(cells))
        or len(set(numbers)) != len(numbers)
        or max(numbers) - min(numbers) >= 2 * rows * len(pages)
    ):
        return None
    order = _order(cells, rows)
    if order == sorted(order):
        return None  # in reading order as drawn
    return ["\n".join(cells[k].lines) for k in order]
