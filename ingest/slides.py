"""PDF pages laid out as slides with a side box of notes beside the text, read text first.

A code chapter printed as a slide-deck handbook (landscape slides, one section to a slide) sets
each section's provisions in the left part of the slide and, in a ruled box down its right
part, the section's notes:

    ███ CHAPTER 34 — SUBSURFACE SEWAGE TREATMENT SYSTEMS              <CITY> CODE ███
    § 34.06  Septic Tank Capacity
    (a) Every septic tank serving a dwelling shall     | History: Ord. 2008-17, § 3,
    have a liquid capacity of not less than the        | 5-5-2008.
    capacity given in Table 34.06 for the number ...   | See also: § 34.02 (bedroom).
                                                       | Practice note: Installers often
    Table 34.06. Minimum liquid capacity (gallons)     | quote the state minimum ...
    Supp. No. 3                     Handbook                                          34-9

A plain text extraction gives the box where the slide drew it, before or after the text, or
run into a text line where a line of each share a baseline. The loader hands this module what
the extraction gave of each page, piece by piece, with where each piece was drawn
(`ingest.columns.PageDrawing`), and `side_box_order` reads each slide's text first, where the
document is such a deck:

* its pages are landscape, and the box's edge is where pieces start in the right part of the
  page (`EDGE_BAND`), on `MIN_ROWS` rows or more of each of `MIN_PAGES` pages or more, at one
  place on all of them;
* on a slide the box stands on the rows from the first with a piece at its edge to the last;
  the pieces from the edge rightwards on them are the box's, those left of it the text's.
  The box is narrower than the text (`BALANCE`: two columns of text are as wide as each
  other), its pieces were drawn one after the other (a box is drawn whole; a table's column
  drawn row by row across the page is not) and most of its rows hold words, not figures;
* the box is found so on at least half the pages (`SHARE`) where pieces start at its edge.

A slide reads: the rows above its box (a head band, the slide's title, a title wrapped over
rows of its size joined), its text, the box, and the footer (the rows below the box set apart
by more than `FAR` line spacings). The title that opens with a section's number is set as a
run-in heading, ending in a period ('§ 34.06  Septic Tank Capacity.'). The box's lines are
joined into its entries, each opening with its label ('History:', or 'HISTORY' on a line of its
own), one to a line. An entry `ingest.notes` reads as a note (a history note, a cross-reference)
is kept, after the text, to become a note of the section; any other (a practice note, a tip for
staff) is commentary, like a boxed sidebar (`ingest.clean.unbox`), and is left out.

A slide whose title is the slide before's marked '(continued)' ('(cont'd)', ', continued'), or
the same numbered title again, carries that slide's section on, with or without a box of its
own: its title is dropped, and the boxes of the section's slides are read after the text of its
last slide, so the section's text reads whole and its notes follow it.
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ingest.columns import PageDrawing, Piece, page_rows
from ingest.notes import COMMENTARY_LABEL, split_notes

MIN_PAGES = 3
MIN_ROWS = 3
EDGE_BAND = (0.55, 0.85)
"""Where the box may start, as a share of the page's width from its left edge."""
BALANCE = 0.6
"""The box is at most this share of the text's width (two columns of text are as wide)."""
SHARE = 0.5
"""Of the pages with pieces starting at the box's edge, at least this share show the box."""
FAR = 2.2
"""A footer stands more than this many line spacings below the text."""
_NEAR = 1.5  # points: pieces starting this close start at one edge
_WORDS = 0.6  # of a box's rows hold a word of two letters or more, at least
_NUMBER = r"(?:(?:§{1,2}|Sec\.|Section)[ \t]*)?(?P<num>\d+(?:[.\-]\d+)+[A-Za-z]?)"
_TITLE = re.compile(rf"^{_NUMBER}[ \t]+[A-Z(]")
_CONT = r"(?:continued|cont['’]?d|cont\.)"
_CONTINUED_END = re.compile(
    rf"(?:[ \t]*[(\[][ \t]*{_CONT}(?:[ \t]+from\b[^)\]]*)?[ \t]*[)\]]"
    rf"|[ \t]*[,:;—–-]+[ \t]*{_CONT}|[ \t]+{_CONT})[ \t.]*$",
    re.I,
)
_CONTINUED_START = re.compile(rf"^[ \t]*{_CONT}[ \t]*[:.—–-]+[ \t]*", re.I)
_LABEL = re.compile(r"^[A-Z][A-Za-z'’ -]{1,30}:(?:\s|$)")
_LABEL_LINE = re.compile(r"^[A-Z][A-Za-z'’-]*(?: [A-Za-z'’-]+){0,2}$")
_WORD = re.compile(r"[A-Za-z]{2}")


@dataclass
class _Slide:
    """A page read as a slide: the rows above its box, its text, its box's entries kept as
    notes, and the rows of its footer."""

    top: list[str]
    text: list[str]
    box: list[str]
    foot: list[str]
    dropped: int = 0  # entries of the box left out as commentary


@dataclass
class SideBoxes:
    """What `side_box_order` read: each page's text (None for a page without a side box, and
    for every page of a document that is no such deck) and how many of the boxes' entries it
    left out as commentary."""

    pages: list[str | None]
    dropped: int = 0


def _line(pieces: Sequence[Piece], row: Sequence[int]) -> str:
    """A row's pieces joined; the spaces a table's row opens with are kept ('  pressure' under
    'Water supply pipe under', its cells where they stand)."""
    if not row:
        return ""
    said = "".join(pieces[k].text.replace("\n", " ") for k in row[1:])
    return (pieces[row[0]].text.lstrip("\n") + said).rstrip()


def _page_edge(page: PageDrawing) -> float | None:
    """Where pieces start on the most rows of the page in `EDGE_BAND`, on `MIN_ROWS` or more."""
    lo, hi = page.left + EDGE_BAND[0] * page.width, page.left + EDGE_BAND[1] * page.width
    starts: Counter[int] = Counter()
    for row in page_rows(page.pieces):
        starts.update({round(page.pieces[k].x) for k in row if lo <= page.pieces[k].x <= hi})
    if not starts:
        return None
    best = max(starts, key=lambda x: (sum(starts[x + d] for d in (-1, 0, 1)), -x))
    return float(best) if sum(starts[best + d] for d in (-1, 0, 1)) >= MIN_ROWS else None


def _box_rows(page: PageDrawing, rows: list[list[int]], edge: float) -> tuple[int, int] | None:
    """The rows [a, b) the box stands on: from the first row with a piece at `edge` to the
    last; None when there is none."""
    at = [
        i for i, row in enumerate(rows) if any(abs(page.pieces[k].x - edge) <= _NEAR for k in row)
    ]
    return (at[0], at[-1] + 1) if at else None


def _boxed(page: PageDrawing, rows: list[list[int]], span: tuple[int, int], edge: float) -> bool:
    """Whether the rows of `span` set a box at `edge` beside the text: the box narrower than
    the text (`BALANCE`), its pieces drawn one after the other, most of its rows holding words."""
    pieces = page.pieces
    inside = [k for row in rows[span[0] : span[1]] for k in row if pieces[k].x >= edge - _NEAR]
    margin = min(p.x for p in pieces if p.text.strip())
    right = min(page.left + page.width, max(pieces[k].end for k in inside))
    if right - edge > BALANCE * (edge - margin):
        return False  # two columns of text, or a table's columns
    drawn = {k: n for n, k in enumerate(k for k, p in enumerate(pieces) if p.text.strip())}
    order = sorted(drawn[k] for k in inside)
    if order[-1] - order[0] + 1 != len(order):
        return False  # drawn row by row across the page: a table, a margin
    lines = [
        _line(pieces, [k for k in row if pieces[k].x >= edge - _NEAR])
        for row in rows[span[0] : span[1]]
    ]
    lines = [t for t in lines if t.strip()]
    return sum(bool(_WORD.search(t)) for t in lines) >= _WORDS * len(lines)


def _entries(lines: list[str]) -> list[str]:
    """The box's lines joined into entries, each opening with its label ('History:', or a
    label on a line of its own after an entry's end, 'HISTORY' over its text, run in with a
    colon); a word broken with a hyphen at a line's end is joined again."""
    out: list[str] = []
    for line in lines:
        if _LABEL.match(line) or not out:
            out.append(line + ":" if _LABEL_LINE.match(line) else line)
        elif out[-1].endswith((".", ";", ")", "]")) and _LABEL_LINE.match(line):
            out.append(line + ":")
        elif out[-1].endswith("-") and out[-1][-2:-1].isalpha() and line[:1].islower():
            out[-1] = out[-1][:-1] + line
        else:
            out[-1] = f"{out[-1]} {line}"
    return out


def _top(pieces: Sequence[Piece], rows: list[list[int]]) -> list[str]:
    """The lines of the rows above the box; a numbered title wrapped over rows of its size is
    one line ('§ 34.10  Compliance Inspection at' / 'Property Transfer')."""
    out: list[str] = []
    size = 0.0  # the size of the title the last line holds, if it holds one
    for row in rows:
        line, big = _line(pieces, row), max(pieces[k].size for k in row)
        if size and abs(big - size) <= 0.5 and line[:1].isupper():
            out[-1] = f"{out[-1]} {line.strip()}"
            continue
        out.append(line)
        size = big if _TITLE.match(line.strip()) else 0.0
    return out


def _footer(pieces: Sequence[Piece], rows: list[list[int]], start: int) -> int:
    """The first row from `start` on set apart from the row above it by more than `FAR` line
    spacings (a footer's), or the number of rows."""
    gaps = [pieces[r[0]].y - pieces[s[0]].y for r, s in itertools.pairwise(rows)]
    far = FAR * statistics.median(gaps) if gaps else 0.0
    return next((i for i in range(max(start, 1), len(rows)) if gaps[i - 1] > far), len(rows))


def _bare(page: PageDrawing) -> _Slide:
    """A slide without a box (one that carries a section on may have none): its rows above
    the footer as its top, to be read for its title."""
    rows = page_rows(page.pieces)
    foot = _footer(page.pieces, rows, len(rows) - 2)
    top = _top(page.pieces, rows[:foot])
    return _Slide(top, [], [], [_line(page.pieces, row) for row in rows[foot:]])


def _slide(page: PageDrawing, edge: float) -> _Slide | None:
    """The page read text first (module docstring), or None where it shows no box at `edge`."""
    pieces = page.pieces
    rows = page_rows(pieces)
    span = _box_rows(page, rows, edge)
    if span is None or not _boxed(page, rows, span, edge):
        return None
    a, b = span
    foot = _footer(pieces, rows, b)
    text = [
        _line(pieces, [k for k in row if i >= b or pieces[k].x < edge - _NEAR])
        for i, row in enumerate(rows[a:foot], start=a)
    ]
    box = [
        _line(pieces, [k for k in row if pieces[k].x >= edge - _NEAR]).strip() for row in rows[a:b]
    ]
    kept: list[str] = []
    dropped = 0
    for entry in _entries([t for t in box if t]):
        rest, notes = split_notes(entry)
        if notes and not rest.strip(" .;,") and not COMMENTARY_LABEL.match(entry):
            kept.append(entry)
        else:
            dropped += 1  # commentary: a practice note, a tip for staff
    top = _top(pieces, rows[:a])
    foot_lines = [_line(pieces, row) for row in rows[foot:]]
    return _Slide(top, [t for t in text if t.strip()], kept, foot_lines, dropped)


def _edge(edges: Sequence[float | None]) -> float | None:
    """The box's edge the document's slides share, of each page's (`_page_edge`): found on
    `MIN_PAGES` pages or more."""
    found = [e for e in edges if e is not None]
    if len(found) < MIN_PAGES:
        return None
    best = max(found, key=lambda x: (sum(abs(y - x) <= _NEAR for y in found), -x))
    return best if sum(abs(y - best) <= _NEAR for y in found) >= MIN_PAGES else None


def _headed(top: list[str]) -> list[str]:
    """The rows above a slide's box, its title that opens with a section's number ('§ 34.06
    Septic Tank Capacity') set as the heading it is, ending in a period, as a code prints it
    run in ('§ 34.06  Septic Tank Capacity.')."""
    at = next((i for i, t in enumerate(top) if _TITLE.match(t.strip())), None)
    if at is None or top[at].rstrip().endswith((".", ":", "?")):
        return top
    return [*top[:at], f"{top[at].rstrip()}.", *top[at + 1 :]]


def _said(line: str) -> str:
    return " ".join(line.split()).rstrip(" .:").casefold()


def _carries(s: _Slide, first: _Slide) -> int | None:
    """The row above the box of slide `s` that carries on the section of slide `first`: its
    title (or number) marked '(continued)', or its numbered title again; or None."""
    titles = {_said(t) for t in first.top}
    numbers = {m["num"] for t in first.top if (m := _TITLE.match(t)) is not None}
    for i, t in enumerate(s.top):
        rest = _CONTINUED_START.sub("", _CONTINUED_END.sub("", t))
        if rest == t:  # not marked: the same numbered title again
            if _TITLE.match(t) and _said(t) in titles:
                return i
            continue
        m = re.match(_NUMBER, rest.strip())
        if _said(rest) in titles or (m is not None and m["num"] in numbers):
            return i
    return None


def side_box_order(pages: Sequence[PageDrawing]) -> SideBoxes:
    """Each page's text read text first, box after (module docstring), where the document is
    a deck of landscape slides with side boxes."""
    wide = [page.width > page.height for page in pages]
    edges = [_page_edge(page) if w else None for page, w in zip(pages, wide, strict=True)]
    edge = _edge(edges)
    if edge is None:
        return SideBoxes([None] * len(pages))
    shown = sum(e is not None and abs(e - edge) <= _NEAR for e in edges)
    slides = [_slide(page, edge) if w else None for page, w in zip(pages, wide, strict=True)]
    if sum(s is not None for s in slides) < max(MIN_PAGES, SHARE * shown):
        return SideBoxes([None] * len(pages))
    runs: list[list[int]] = []  # the slides of one section, carried on from slide to slide
    for k, s in enumerate(slides):
        prev = runs[-1] if runs else []
        first = slides[prev[0]] if prev else None
        if first is not None and prev[-1] == k - 1:
            page = s or (_bare(pages[k]) if wide[k] and pages[k].pieces else None)
            if page is not None and (cut := _carries(page, first)) is not None:
                del page.top[cut]
                slides[k] = page
                prev.append(k)
                continue
        if s is not None:
            runs.append([k])
    out: list[str | None] = [None] * len(pages)
    for run in runs:
        found = [s for s in (slides[k] for k in run) if s is not None]
        box = [entry for s in found for entry in s.box]
        for k, s in zip(run, found, strict=True):
            top = _headed(s.top) if k == run[0] else s.top
            out[k] = "\n".join([*top, *s.text, *(box if k == run[-1] else []), *s.foot])
    return SideBoxes(out, sum(s.dropped for s in slides if s is not None))
